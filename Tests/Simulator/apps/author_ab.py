"""Three simulated apps by author-ab, each a 12-minute session of a TCA app's debug log.

transit: a public-transit app. On launch the location manager's first fixes load the nearby
stops; the user's favourite stops each have a departures board whose predictions are pushed
per route every 10-30 s over a realtime socket (minutes to arrival counting down, delays
drifting), and a clock ticks every 10 s to recount the minutes. The user opens a route's map,
where every vehicle's position is pushed every few seconds and the map camera follows the
user's pans; service alerts arrive as pushes and are read; a nearby stop becomes a favourite.
The user plans a trip in a stack (from/to fields with autocomplete per keystroke, itineraries,
one chosen), buys a ticket with the stored card in a sheet, and starts the trip (a delegate):
guidance follows the location every second and the compass while walking, counts down the
vehicle, announces each step and the next stop, the socket drops in a tunnel and reconnects
with back-off, and the ticket is shown at a check. The ticket's QR code rotates every 30 s.

vacuum: a robot vacuum companion app. The floor map, robot status and firmware are fetched;
the user chooses rooms and starts a cleaning. While cleaning the robot streams its pose every
second (also while it stands paused or stuck), the map's trail every 3 s, the cleaned area
every 5 s, the battery when it changes, its Wi-Fi signal every 30 s, and the app's cleaning
timer ticks. The user pinches and pans the map, renames a room in a sheet (a keystroke each),
draws a no-go zone by dragging and saves it, sets suction power, a schedule, looks at the
consumables and the cleaning history (thumbnails loading as it scrolls) in a stack, pauses
and resumes, and sends the robot to its dock. The robot reports finished rooms, obstacles its
camera saw, status changes and errors (stuck, brush tangled) that the user acknowledges; on
the dock a firmware update downloads and installs with progress, the robot reboots and
reconnects, and another round of cleaning may start.

sleep: a sleep tracker, at the end of the night and during the morning review. The watch sends
heart rate every 5 s and motion every few seconds (and drops out for a while), the
microphone's noise level comes every 2 s, the app derives a sleep stage every 30 s, and the
bedside screen's clock ticks every second; snoring episodes produce a sound event per snore.
The smart alarm's window opens, the alarm rings at the first light-stage epoch with a volume
ramp, is snoozed, rings again and is dismissed; the night is saved and syncs to the health
store with progress. In the morning the user reviews the report (charts load as they scroll
into view, charts are scrubbed), tags the night (caffeine, exercise, ...), writes a note, and
edits the bedtime goal; the edits sync again, and the app goes to the background.
"""

import math

from tcasim import A, App, Arr, Dic, En, NIL, Raw, St, Struct, boolean, either, noise, num, q, signal, text

AUTHOR = "author-ab"


class _Base(App):
    """Helpers shared by the three apps."""

    def en(self, enum_type, case):
        """An enum value inside an action's payload: `.case` (Custom Dump) or `Type.case`."""
        return Raw("." + case if self.tca1 else "%s.%s" % (enum_type, case))

    def presented(self, dest_case, inner, field="destination"):
        """`.destination(.presented(.case(inner)))`."""
        return self.act(field, A("PresentationAction<%s>" % self.at("Destination"), "presented",
                                 A(self.at("Destination"), dest_case, inner)))

    def dismissed(self, field="destination"):
        return self.act(field, A("PresentationAction<%s>" % self.at("Destination"), "dismiss"))

    def stack(self, sid, path_case, inner):
        """`.path(.element(id: #n, action: .case(inner)))`."""
        return self.act("path", A("StackAction<%s, %s>" % (self.st("Path"), self.at("Path")), "element",
                                  id=Raw("#%d" % sid), action=A(self.at("Path"), path_case, inner)))

    def f(self, x, nd=1):
        return Raw(repr(round(x, nd)))

    def bstr(self, b):
        return Raw("true" if b else "false")


# =================================================================================== transit

STOPS = [("de:11000:900100003", "S+U Alexanderplatz"), ("de:11000:900110001", "U Rosa-Luxemburg-Platz"),
         ("de:11000:900100024", "S Hackescher Markt"), ("de:11000:900110002", "Torstr./U Oranienburger Tor"),
         ("de:11000:900100019", "U Weinmeisterstr."), ("de:11000:900110011", "Memhardstr."),
         ("de:11000:900100051", "Spandauer Str./Marienkirche"), ("de:11000:900110008", "Mollstr./Otto-Braun-Str.")]
FAV_ROUTES = {"de:11000:900100003": ["U2", "M4", "S5"], "de:11000:900110001": ["U2", "M8"],
              "de:11000:900100024": ["M1", "S7", "12"], "de:11000:900110002": ["M5", "U6"]}
HEADWAY = {"U2": 300, "U6": 300, "U8": 300, "S5": 600, "S7": 600, "M1": 420, "M4": 360, "M5": 480,
           "M8": 600, "12": 600, "100": 540, "200": 600, "M10": 360}
PLACES = ["Tempelhofer Feld", "Museumsinsel", "Warschauer Straße", "Tegel Airport", "Hauptbahnhof",
          "Kottbusser Tor", "Charlottenburg Palace", "Treptower Park", "Mauerpark", "Potsdamer Platz"]
ALERTS = [("U2", "Elevator out of service at Alexanderplatz"), ("M4", "Diversion due to road works"),
          ("S5", "Delays after a signal failure near Ostkreuz"), ("U6", "Reduced service between Seestr. and Wedding"),
          ("M1", "Trams every 10 minutes due to staff shortage"), ("S7", "Replacement buses Westkreuz–Charlottenburg")]


class Transit(_Base):
    """A public-transit app: nearby stops, live departures boards, a route map with live
    vehicles, service alerts, a trip planner in a stack, ticket purchase, trip guidance.

    noise   clockTicked (10 s), locationManager.didUpdateLocations (walking, distance filter),
            favorites.element.predictionsUpdated (per stop and route, every 10-30 s),
            destination.presented.routeMap.vehicles.element.positionUpdated (per vehicle, 3-6 s),
            destination.presented.routeMap.cameraChanged (a pan or pinch, per frame),
            activeTrip.locationUpdated (1 s), activeTrip.headingUpdated (the compass, walking),
            activeTrip.boardingPredictionUpdated (15-20 s),
            realtime.retryTimerFired (back-off), tickets.element.qrTimerTicked (30 s)
    either  path.element.tripPlanner.binding.set (the from/to fields, a keystroke each)
    signal  the person's taps, the responses (stops, autocomplete, itineraries, payment),
            alerts, connection changes, next-stop and step changes, arrival, delegates"""

    name = "transit"
    module = "Transit"
    process = "Transit"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        self.lat, self.lon = 52.5219 + rng.uniform(-0.002, 0.002), 13.4132 + rng.uniform(-0.003, 0.003)
        self.routes = {s: list(r) for s, r in FAV_ROUTES.items()}
        self.favs = [s for s, _ in STOPS if s in self.routes]
        rng.shuffle(self.favs)
        self.favs = self.favs[:3]
        self.sched = {}        # (stop, route) -> [arrival times], delay
        for s in self.favs:
            for r in self.routes[s]:
                h = HEADWAY[r]
                first = rng.uniform(20, h)
                self.sched[(s, r)] = {"times": [first + k * h * rng.uniform(0.9, 1.1) for k in range(4)],
                                      "delay": rng.choice([0, 0, 0, 30, 60, 120, 240]) + rng.uniform(-20, 20),
                                      "period": rng.uniform(10, 30)}
        self.foreground = True
        self.connected = True
        self.map_route = None
        self.vehicles = []
        self.sid = 0                 # the last stack element id
        self.planner = None          # stack id of the trip planner
        self.guiding = False
        self.ticket_ids = []
        self.alert_n = 0
        self.unread = []
        self.sheet = None            # what the destination presents
        self.clock = 0
        self.state = St(self.st("AppFeature"), [
            ("selectedTab", self.case("departures", "Tab")),
            ("now", self.date(0)),
            ("location", NIL),
            ("nearby", St(self.st("Nearby"), [("stops", Arr()), ("isLoading", boolean(False))])),
            ("favorites", Arr(self.board(s) for s in self.favs)),
            ("alerts", St(self.st("Alerts"), [("items", Arr()), ("unreadCount", num(0))])),
            ("realtime", St(self.st("Realtime"), [("connection", self.case("connected", "ConnectionState")),
                                                  ("retryCount", num(0))])),
            ("path", Dic(quoted=False, ordered=True)),
            ("destination", NIL),
            ("activeTrip", NIL),
            ("tickets", Arr()),
            ("scenePhase", self.case("active", "ScenePhase"))])

    # -- values
    def board(self, s):
        name = dict(STOPS)[s]
        return St(self.st("DepartureBoard"), [
            ("id", text(s)), ("name", text(name)),
            ("departures", Dic({r: St("RouteDepartures", [("minutes", Arr()), ("delaySeconds", num(0)),
                                                          ("updatedAt", NIL)]) for r in self.routes[s]})),
            ("isLive", boolean(True))])

    def coord(self, lat, lon):
        return St("Coordinate", [("latitude", num(round(lat, 6))), ("longitude", num(round(lon, 6)))])

    def coord_arg(self, lat, lon):
        return Struct("Coordinate", [("latitude", Raw("%.6f" % lat)), ("longitude", Raw("%.6f" % lon))])

    def fav(self, s, inner):
        return self.act("favorites", self.element("DepartureBoard", q(s), inner))

    def rt(self, inner):
        return self.act("realtime", A(self.at("Realtime"), *inner) if isinstance(inner, tuple) else inner)

    def planner_act(self, inner):
        return self.stack(self.planner, "tripPlanner", inner)

    def pp(self, *rest):
        return ("path", ("k", "#%d" % self.planner), ("e", "tripPlanner")) + rest

    def dp(self, case, *rest):
        return ("destination", ("e", case)) + rest

    def trip(self, inner):
        return self.act("activeTrip", inner)

    # -- noise
    @noise
    def clock_ticked(self):
        self.clock += 10
        self.set(("now",), self.date(self.clock))
        return self.act("clockTicked")

    # reason: a sensor's fixes at a walker's pace; the stops they trigger come as their own response
    @noise
    def location_updated(self):
        self.lat += self.rng.uniform(-0.00012, 0.00012)
        self.lon += self.rng.uniform(-0.00015, 0.00015)
        self.set(("location",), self.coord(self.lat, self.lon))
        return self.act("locationManager", A(self.at("LocationManager"), "didUpdateLocations",
                                             Raw("[%s]" % _coord_text(self.lat, self.lon, self.rng.choice([5, 8, 10, 16, 35])))))

    # reason: a subscription per stop and route re-sending its countdown; a new delay rides in the same push
    @noise
    def predictions_updated(self, s, r):
        d = self.sched[(s, r)]
        h = HEADWAY[r]
        d["delay"] = max(-30.0, min(900.0, d["delay"] + self.rng.gauss(0, 12)))
        while d["times"] and d["times"][0] + d["delay"] < self.now - 20:
            d["times"].pop(0)
        while len(d["times"]) < 4:
            d["times"].append((d["times"][-1] if d["times"] else self.now) + h * self.rng.uniform(0.85, 1.15))
        mins = [max(0, int((t + d["delay"] - self.now) // 60)) for t in d["times"][:3]]
        delay = int(round(d["delay"] / 10.0) * 10)
        i = self.favs.index(s)
        self.set(("favorites", ("i", i), "departures", ("k", r)), St("RouteDepartures", [
            ("minutes", Arr(num(m) for m in mins)), ("delaySeconds", num(delay)), ("updatedAt", self.date())]))
        return self.fav(s, A(self.at("DepartureBoard"), "predictionsUpdated", Struct("RoutePredictions", [
            ("routeID", q(r)), ("arrivals", Raw("[%s]" % ", ".join(str(m) for m in mins))),
            ("delaySeconds", Raw(str(delay)))])))

    @noise
    def vehicle_moved(self, vid):
        if self.sheet != "routeMap" or vid not in [v["id"] for v in self.vehicles]:
            return None
        k = [v["id"] for v in self.vehicles].index(vid)
        v = self.vehicles[k]
        v["lat"] += v["dlat"] * self.rng.uniform(0.6, 1.3)
        v["lon"] += v["dlon"] * self.rng.uniform(0.6, 1.3)
        self.set(self.dp("routeMap", "vehicles", ("i", k), "coordinate"), self.coord(v["lat"], v["lon"]))
        self.set(self.dp("routeMap", "vehicles", ("i", k), "bearing"), num(v["bearing"] + self.rng.randint(-4, 4)))
        return self.presented("routeMap", A(self.at("RouteMap"), "vehicles", self.element(
            "Vehicle", q(vid), A(self.at("Vehicle"), "positionUpdated", Struct("VehiclePosition", [
                ("coordinate", self.coord_arg(v["lat"], v["lon"])), ("bearing", Raw(str(v["bearing"]))),
                ("timestamp", Raw(str(1795165200 + int(self.now))))])))))

    @noise
    def camera_changed(self, lat, lon, zoom):
        self.set(self.dp("routeMap", "camera"), St("MapCamera", [("center", self.coord(lat, lon)),
                                                                  ("zoom", num(round(zoom, 2)))]))
        return self.presented("routeMap", A(self.at("RouteMap"), "cameraChanged", Struct("MapCamera", [
            ("center", self.coord_arg(lat, lon)), ("zoom", Raw(repr(round(zoom, 2))))])))

    @noise
    def trip_location(self, lat, lon, remaining, eta):
        self.set(("activeTrip", "location"), self.coord(lat, lon))
        self.set(("activeTrip", "distanceToNextStep"), num(int(remaining)))
        self.set(("activeTrip", "etaSeconds"), num(int(eta)))
        return self.trip(A(self.at("ActiveTrip"), "locationUpdated", self.coord_arg(lat, lon)))

    @noise
    def heading_updated(self, degrees):
        self.set(("activeTrip", "heading"), num(degrees))
        return self.trip(A(self.at("ActiveTrip"), "headingUpdated", Raw(repr(degrees))))

    # reason: the same countdown stream for the vehicle the person waits for, every 15-20 s
    @noise
    def boarding_prediction(self, minutes):
        self.set(("activeTrip", "boardingInMinutes"), num(minutes))
        return self.trip(A(self.at("ActiveTrip"), "boardingPredictionUpdated", minutes=Raw(str(minutes))))

    # reason: the back-off timer's attempts are machine-paced; the connection changes carry the news
    @noise
    def retry_fired(self):
        self.set(("realtime", "retryCount"), num(int(self.get(("realtime", "retryCount")).cd) + 1))
        return self.rt(("retryTimerFired",))

    @noise
    def qr_ticked(self, tid):
        k = self.ticket_ids.index(tid)
        self.set(("tickets", ("i", k), "qrPayload"), text(self.uid().replace("-", "")[:24]))
        return self.act("tickets", self.element("Ticket", q(tid), A(self.at("Ticket"), "qrTimerTicked")))

    # -- either
    @either
    def field_typed(self, field, value):
        self.set(self.pp(field), text(value))
        return self.planner_act(self.binding("TripPlanner", field, q(value)))

    # -- signal
    @signal
    def app_task(self):
        self.set(("nearby", "isLoading"), boolean(True))
        return self.act("task")

    @signal
    def scene_phase(self, phase):
        self.foreground = phase == "active"
        self.set(("scenePhase",), self.case(phase, "ScenePhase"))
        return self.act("scenePhaseChanged", A("ScenePhase", phase))

    @signal
    def tab_selected(self, tab):
        self.set(("selectedTab",), self.case(tab, "Tab"))
        st = self.st("AppFeature")
        return self.act("binding", A("BindingAction<%s>" % st.replace(".", ""), "set",
                                     Raw("\\%s.$selectedTab" % st), self.en("Tab", tab)))

    # reason: a response carrying new stops (new ids), asked for by the app's first fixes and a move
    @signal
    def stops_loaded(self):
        near = list(STOPS)
        self.rng.shuffle(near)
        near = near[:self.rng.randint(4, 6)]
        rows = [St("Stop", [("id", text(s)), ("name", text(n)), ("distance", num(self.rng.randint(60, 700)))])
                for s, n in near]
        self.set(("nearby", "stops"), Arr(rows))
        self.set(("nearby", "isLoading"), boolean(False))
        return self.act("nearby", A(self.at("Nearby"), "stopsResponse", self.result("[Stop]", True, Struct(
            "StopsPage", [("count", Raw(str(len(rows)))), ("radius", Raw("800"))]))))

    @signal
    def refresh_pulled(self):
        self.set(("nearby", "isLoading"), boolean(True))
        return self.act("nearby", A(self.at("Nearby"), "refreshPulled"))

    @signal
    def favorite_toggled(self, s):
        if s not in self.favs:
            self.favs.append(s)
            routes = self.routes.setdefault(s, self.rng.sample(["M10", "200", "100", "U8"], 2))
            self.append(("favorites",), self.board(s))
            for r in routes:
                h = HEADWAY[r]
                d = self.sched[(s, r)] = {"times": [self.now + self.rng.uniform(20, h) + k * h for k in range(4)],
                                          "delay": self.rng.uniform(-20, 90), "period": self.rng.uniform(10, 30)}
                self.spawn(self.periodic(self.predictions_updated, d["period"], 0.15 * d["period"],
                                         first=self.rng.uniform(0.5, 2.0),
                                         when=lambda: self.foreground and self.connected, args=(s, r)))
        return self.act("nearby", A(self.at("Nearby"), "stops", self.element(
            "StopRow", q(s), A(self.at("StopRow"), "favoriteButtonTapped"))))

    @signal
    def route_tapped(self, s, r):
        self.map_route = r
        self.sheet = "routeMap"
        n = self.rng.randint(8, 14)     # both directions of the route
        self.vehicles = []
        for _ in range(n):
            ang = self.rng.uniform(0, 2 * math.pi)
            self.vehicles.append({"id": "%s-%d" % (r.lower(), self.rng.randint(1000, 9999)),
                                  "lat": self.lat + self.rng.uniform(-0.02, 0.02),
                                  "lon": self.lon + self.rng.uniform(-0.03, 0.03),
                                  "dlat": 0.0003 * math.cos(ang), "dlon": 0.0005 * math.sin(ang),
                                  "bearing": int(math.degrees(ang)) % 360})
        self.set(("destination",), En(self.st("Destination"), "routeMap", St(self.st("RouteMap"), [
            ("routeID", text(r)),
            ("camera", St("MapCamera", [("center", self.coord(self.lat, self.lon)), ("zoom", num(13.0))])),
            ("vehicles", Arr(St(self.st("Vehicle"), [("id", text(v["id"])), ("coordinate", self.coord(v["lat"], v["lon"])),
                                                     ("bearing", num(v["bearing"]))]) for v in self.vehicles)),
            ("selectedVehicleID", NIL)])))
        return self.fav(s, A(self.at("DepartureBoard"), "routeTapped", q(r)))

    @signal
    def vehicle_tapped(self, vid):
        self.set(self.dp("routeMap", "selectedVehicleID"), text(vid))
        return self.presented("routeMap", A(self.at("RouteMap"), "vehicles", self.element(
            "Vehicle", q(vid), A(self.at("Vehicle"), "tapped"))))

    @signal
    def dismiss(self):
        self.sheet = None
        self.set(("destination",), NIL)
        return self.dismissed()

    @signal
    def alert_received(self):
        r, header = ALERTS[self.alert_n % len(ALERTS)]
        self.alert_n += 1
        aid = "alert-%d" % (4410 + self.alert_n * 7)
        self.unread.append(aid)
        self.append(("alerts", "items"), St("ServiceAlert", [("id", text(aid)), ("routeID", text(r)),
                                                             ("header", text(header)), ("isRead", boolean(False))]))
        self.set(("alerts", "unreadCount"), num(len(self.unread)))
        return self.act("alerts", A(self.at("Alerts"), "alertReceived", Struct("ServiceAlert", [
            ("id", q(aid)), ("routeID", q(r)), ("header", q(header)), ("severity", self.en("Severity", "warning"))])))

    @signal
    def alert_tapped(self, aid):
        items = self.get(("alerts", "items")).items
        k = [x.f["id"].df for x in items].index(aid)
        self.set(("alerts", "items", ("i", k), "isRead"), boolean(True))
        if aid in self.unread:
            self.unread.remove(aid)
        self.set(("alerts", "unreadCount"), num(len(self.unread)))
        return self.act("alerts", A(self.at("Alerts"), "alertTapped", id=q(aid)))

    @signal
    def connection_changed(self, up):
        self.connected = up
        self.set(("realtime", "connection"), self.case("connected" if up else "disconnected", "ConnectionState"))
        if up:
            self.set(("realtime", "retryCount"), num(0))
        for i in range(len(self.favs)):
            self.set(("favorites", ("i", i), "isLive"), boolean(up))
        return self.rt(A(self.at("Realtime"), "connectionStateChanged",
                         A("ConnectionState", "connected" if up else "disconnected")))

    # planner
    @signal
    def plan_tapped(self):
        self.sid += 1
        self.planner = self.sid
        self.set(("selectedTab",), self.case("plan", "Tab"))
        self.put(("path",), "#%d" % self.sid, En(self.st("Path"), "tripPlanner", St(self.st("TripPlanner"), [
            ("from", text("Current Location")), ("to", text("")), ("focusedField", NIL),
            ("suggestions", Arr()), ("itineraries", Arr()), ("isSearching", boolean(False))])))
        return self.act("planTripButtonTapped")

    @signal
    def field_focused(self, field):
        self.set(self.pp("focusedField"), self.case(field, "TripPlanner.Field"))
        return self.planner_act(A(self.at("TripPlanner"), "fieldFocused", field=self.en("Field", field)))

    # reason: follows each debounced keystroke one-for-one, the answer to the person's typing
    @signal
    def autocomplete_loaded(self, query):
        hits = [p for p in PLACES if query.lower()[:2] in p.lower()][:4] or PLACES[:2]
        self.set(self.pp("suggestions"), Arr(text(h) for h in hits))
        return self.planner_act(A(self.at("TripPlanner"), "autocompleteResponse", self.result(
            "[Place]", True, Struct("Autocomplete", [("query", q(query)), ("count", Raw(str(len(hits))))]))))

    @signal
    def suggestion_tapped(self, field, place):
        self.set(self.pp(field), text(place))
        self.set(self.pp("suggestions"), Arr())
        self.set(self.pp("focusedField"), NIL)
        both = field == "to" or self.get(self.pp("to")).df
        if both:
            self.set(self.pp("isSearching"), boolean(True))
        return self.planner_act(A(self.at("TripPlanner"), "suggestionTapped", Struct("Place", [
            ("name", q(place)), ("id", q("place-%d" % (sum(ord(c) * 131 ** i for i, c in enumerate(place)) % 90000)))])))

    @signal
    def retry_tapped(self):
        self.set(self.pp("isSearching"), boolean(True))
        return self.planner_act(A(self.at("TripPlanner"), "retryButtonTapped"))

    @signal
    def itineraries_loaded(self, ok):
        self.set(self.pp("isSearching"), boolean(False))
        if not ok:
            return self.planner_act(A(self.at("TripPlanner"), "itinerariesResponse", self.result(
                "[Itinerary]", False, Struct("URLError", [("code", Raw("-1009"))]))))
        rows = []
        self.options = []
        for k in range(self.rng.randint(3, 5)):
            iid = "itin-%d" % self.rng.randint(10000, 99999)
            line = self.rng.choice(["U2", "U8", "U5", "S5", "M10", "100", "U6", "S7"])
            mins = self.rng.randint(18, 45)
            self.options.append((iid, line, mins))
            rows.append(St("Itinerary", [("id", text(iid)), ("legs", text("Walk · %s · Walk" % line)),
                                         ("durationMinutes", num(mins)), ("departsIn", num(self.rng.randint(2, 15)))]))
        self.set(self.pp("itineraries"), Arr(rows))
        return self.planner_act(A(self.at("TripPlanner"), "itinerariesResponse", self.result(
            "[Itinerary]", True, Struct("ItineraryPage", [("count", Raw(str(len(rows)))),
                                                         ("requestID", q(self.uid()[:8]))]))))

    @signal
    def itinerary_tapped(self, k):
        iid, line, mins = self.options[k]
        self.chosen = self.options[k]
        self.sid += 1
        self.put(("path",), "#%d" % self.sid, En(self.st("Path"), "itinerary", St(self.st("ItineraryDetail"), [
            ("id", text(iid)), ("line", text(line)), ("durationMinutes", num(mins)), ("fare", NIL)])))
        return self.planner_act(A(self.at("TripPlanner"), "itineraryTapped", id=q(iid)))

    @signal
    def buy_tapped(self):
        self.sheet = "ticketPurchase"
        self.set(("destination",), En(self.st("Destination"), "ticketPurchase", St(self.st("TicketPurchase"), [
            ("fare", self.case("singleAB", "Fare")), ("card", text("Visa •• 4242")), ("isPaying", boolean(False))])))
        return self.stack(self.sid, "itinerary", A(self.at("ItineraryDetail"), "buyTicketButtonTapped"))

    @signal
    def fare_selected(self, fare):
        self.set(self.dp("ticketPurchase", "fare"), self.case(fare, "Fare"))
        return self.presented("ticketPurchase", self.binding("TicketPurchase", "fare", self.en("Fare", fare)))

    @signal
    def pay_tapped(self):
        self.set(self.dp("ticketPurchase", "isPaying"), boolean(True))
        return self.presented("ticketPurchase", A(self.at("TicketPurchase"), "payWithStoredCardTapped"))

    @signal
    def payment_done(self, ok):
        if not ok:
            self.set(self.dp("ticketPurchase", "isPaying"), boolean(False))
            return self.presented("ticketPurchase", A(self.at("TicketPurchase"), "paymentResponse", self.result(
                "Ticket", False, Struct("PaymentError", [("code", q("card_declined_try_again"))]))))
        tid = "T-%d" % self.rng.randint(10 ** 7, 10 ** 8)
        self.ticket_ids.append(tid)
        fare = self.get(self.dp("ticketPurchase", "fare")).cd.lstrip(".")
        self.append(("tickets",), St(self.st("Ticket"), [("id", text(tid)), ("fare", self.case(fare, "Fare")),
                                                         ("validUntil", self.date(self.now + 7200)),
                                                         ("qrPayload", text(self.uid().replace("-", "")[:24]))]))
        self.spawn(self.periodic(self.qr_ticked, 30.0, 0.05, first=30.0, args=(tid,)))
        return self.presented("ticketPurchase", A(self.at("TicketPurchase"), "paymentResponse", self.result(
            "Ticket", True, Struct("Ticket", [("id", q(tid)), ("fare", self.en("Fare", fare)), ("price", Raw("3.8"))]))))

    @signal
    def purchase_delegate(self):
        self.sheet = None
        self.set(("destination",), NIL)
        return self.presented("ticketPurchase", A(self.at("TicketPurchase"), "delegate", A(
            self.at("TicketPurchase") + ".Delegate", "purchased", id=q(self.ticket_ids[-1]))))

    @signal
    def start_tapped(self):
        return self.stack(self.sid, "itinerary", A(self.at("ItineraryDetail"), "startTripButtonTapped"))

    @signal
    def start_delegate(self):
        iid, line, mins = self.chosen
        self.guiding = True
        self.set(("activeTrip",), St(self.st("ActiveTrip"), [
            ("itineraryID", text(iid)), ("line", text(line)), ("step", self.case("walkToStop", "Step")),
            ("nextStop", NIL), ("location", self.coord(self.lat, self.lon)), ("distanceToNextStep", num(0)),
            ("etaSeconds", num(mins * 60)), ("heading", NIL), ("boardingInMinutes", NIL)]))
        for k in list(self.get(("path",)).d):
            self.delete(("path",), k)
        self.set(("selectedTab",), self.case("trip", "Tab"))
        return self.stack(self.sid, "itinerary", A(self.at("ItineraryDetail"), "delegate",
                                                  A(self.at("ItineraryDetail") + ".Delegate", "startTrip", id=q(iid))))

    @signal
    def step_changed(self, step):
        self.set(("activeTrip", "step"), self.case(step, "Step"))
        return self.trip(A(self.at("ActiveTrip"), "stepChanged", A("Step", step)))

    # reason: derived from the location, but each is a new stop announced to the rider
    @signal
    def next_stop(self, name):
        self.set(("activeTrip", "nextStop"), text(name))
        return self.trip(A(self.at("ActiveTrip"), "nextStopChanged", Struct("Stop", [("name", q(name))])))

    @signal
    def arrived(self):
        self.guiding = False
        self.set(("activeTrip", "step"), self.case("arrived", "Step"))
        return self.trip(A(self.at("ActiveTrip"), "delegate", A(self.at("ActiveTrip") + ".Delegate", "tripFinished")))

    @signal
    def trip_closed(self):
        self.set(("activeTrip",), NIL)
        self.set(("selectedTab",), self.case("departures", "Tab"))
        return self.trip(A(self.at("ActiveTrip"), "doneButtonTapped"))

    @signal
    def ticket_opened(self, tid):
        self.sheet = "ticket"
        self.set(("destination",), En(self.st("Destination"), "ticket", St(self.st("TicketDetail"), [
            ("id", text(tid)), ("brightness", num(1.0))])))
        return self.act("tickets", self.element("Ticket", q(tid), A(self.at("Ticket"), "tapped")))

    # -- processes
    def processes(self):
        ps = [self.periodic(self.clock_ticked, 10.0, 0.01, first=10.0), self.person(), self.alerts_feed(),
              self.walking(), self.network()]
        for (s, r), d in self.sched.items():
            ps.append(self.periodic(self.predictions_updated, d["period"], 0.15 * d["period"],
                                    when=lambda: self.foreground and self.connected, args=(s, r)))
        return ps

    def walking(self):
        """Fixes while the app is open and the person walks (not while guiding: the trip has its own)."""
        while True:
            yield self.rng.uniform(3.0, 14.0)
            if self.foreground and not self.guiding and self.now > 1.0:
                self.emit(self.location_updated)

    def alerts_feed(self):
        while True:
            yield self.expo(260.0)
            self.emit(self.alert_received)

    def network(self):
        """Rare drops outside the tunnel: a lost socket, reconnected with back-off."""
        while True:
            yield self.expo(400.0)
            if self.connected and self.foreground and not self.guiding:
                yield from self.outage(self.rng.uniform(5, 25))

    def outage(self, length):
        self.emit(self.connection_changed, False)
        t0, wait = self.now, 2.0
        while self.now - t0 < length:
            yield wait
            self.emit(self.retry_fired)
            wait = min(30.0, wait * 2)
        yield self.rng.uniform(0.2, 1.5)
        self.emit(self.connection_changed, True)

    def start_vehicle_feeds(self):
        for v in self.vehicles:
            self.spawn(self.vehicle_feed(v["id"]))

    def vehicle_feed(self, vid):
        period = self.rng.uniform(3.0, 6.0)
        yield self.rng.uniform(0.2, period)
        while self.sheet == "routeMap" and vid in [v["id"] for v in self.vehicles]:
            if self.connected and self.foreground:
                self.emit(self.vehicle_moved, vid)
            yield period * self.rng.uniform(0.9, 1.1)

    def pan(self):
        rng = self.rng
        cam = self.get(self.dp("routeMap", "camera"))
        lat0, lon0 = float(cam.f["center"].f["latitude"].cd), float(cam.f["center"].f["longitude"].cd)
        z0 = float(cam.f["zoom"].cd)
        dlat, dlon, dz = rng.uniform(-0.01, 0.01), rng.uniform(-0.015, 0.015), rng.choice([0, 0, rng.uniform(-1.5, 1.5)])
        hz = rng.uniform(55.0, 60.0)
        n = max(6, int(hz * rng.uniform(0.4, 1.6)))

        def at(i):
            e = 1 - (1 - (i + 1) / n) ** 2
            return (lat0 + dlat * e, lon0 + dlon * e, max(10.0, min(18.0, z0 + dz * e)))
        yield from self.gesture(self.camera_changed, hz=hz, duration=n / hz, args=at)

    def type_into(self, field, word):
        rng = self.rng
        self.emit(self.field_focused, field)
        yield rng.uniform(0.4, 1.2)
        n = rng.randint(4, min(9, len(word)))
        for k in range(1, n + 1):
            self.emit(self.field_typed, field, word[:k])
            gap = rng.uniform(0.1, 0.5) if k < n else rng.uniform(0.6, 1.5)
            if gap > 0.3:
                lag = 0.3 + rng.uniform(0.05, 0.25)
                yield min(lag, gap - 0.01)
                self.emit(self.autocomplete_loaded, word[:k])
                gap -= min(lag, gap - 0.01)
            yield gap
        yield rng.uniform(0.8, 3.0)
        self.emit(self.suggestion_tapped, field, word)

    def browse_map(self):
        rng = self.rng
        s = rng.choice(self.favs)
        r = rng.choice(self.routes[s])
        self.emit(self.route_tapped, s, r)
        self.start_vehicle_feeds()
        end = self.now + rng.uniform(40, 120)
        while self.now < end:
            yield rng.uniform(3, 15)
            x = rng.random()
            if x < 0.6:
                yield from self.pan()
            elif x < 0.8 and self.vehicles:
                self.emit(self.vehicle_tapped, rng.choice(self.vehicles)["id"])
        self.emit(self.dismiss)

    def person(self):
        rng = self.rng
        yield rng.uniform(0.2, 0.6)
        self.emit(self.app_task)
        yield rng.uniform(0.6, 1.6)
        self.emit(self.location_updated)
        yield rng.uniform(0.3, 0.9)
        self.emit(self.stops_loaded)
        yield rng.uniform(10, 40)
        # look around: a route's map, alerts, a favourite
        for _ in range(rng.randint(1, 2) if rng.random() < 0.4 else 1):
            yield from self.browse_map()
            yield rng.uniform(5, 30)
            yield from self.read_alerts()
        if rng.random() < 0.5:
            self.emit(self.refresh_pulled)
            yield rng.uniform(0.4, 1.2)
            self.emit(self.stops_loaded)
            yield rng.uniform(2, 8)
            self.emit(self.favorite_toggled, rng.choice([s for s, _ in STOPS if s not in self.favs]))
            yield rng.uniform(5, 20)
        # plan a trip
        self.emit(self.tab_selected, "plan")
        yield rng.uniform(1.0, 4.0)
        self.emit(self.plan_tapped)
        yield rng.uniform(1.0, 3.0)
        if rng.random() < 0.3:
            yield from self.type_into("from", rng.choice(PLACES))
            yield rng.uniform(1, 4)
        yield from self.type_into("to", rng.choice(PLACES))
        yield rng.uniform(0.5, 2.0)
        ok = rng.random() < 0.85
        self.emit(self.itineraries_loaded, ok)
        if not ok:
            yield rng.uniform(3, 8)
            self.emit(self.retry_tapped)
            yield rng.uniform(0.6, 2.0)
            self.emit(self.itineraries_loaded, True)
        yield rng.uniform(5, 25)
        self.emit(self.itinerary_tapped, rng.randrange(len(self.options)))
        yield rng.uniform(4, 15)
        self.emit(self.buy_tapped)
        yield rng.uniform(2, 6)
        if rng.random() < 0.5:
            self.emit(self.fare_selected, rng.choice(["singleABC", "dayTicketAB", "shortTrip"]))
            yield rng.uniform(1, 4)
        self.emit(self.pay_tapped)
        yield rng.uniform(1.2, 3.0)
        if rng.random() < 0.15:
            self.emit(self.payment_done, False)
            yield rng.uniform(3, 8)
            self.emit(self.pay_tapped)
            yield rng.uniform(1.2, 3.0)
        self.emit(self.payment_done, True)
        yield rng.uniform(0.3, 0.8)
        self.emit(self.purchase_delegate)
        yield rng.uniform(3, 12)
        self.emit(self.start_tapped)
        self.emit(self.start_delegate)
        yield from self.guidance()
        yield rng.uniform(3, 10)
        self.emit(self.trip_closed)
        # the rest of the session: departures, maps, the ticket
        while True:
            yield rng.uniform(15, 60)
            x = rng.random()
            if x < 0.4:
                yield from self.browse_map()
            elif x < 0.7 and self.ticket_ids:
                self.emit(self.ticket_opened, self.ticket_ids[-1])
                yield rng.uniform(8, 40)
                self.emit(self.dismiss)
            else:
                yield from self.read_alerts()
                self.emit(self.refresh_pulled)
                yield rng.uniform(0.4, 1.2)
                self.emit(self.stops_loaded)

    def read_alerts(self):
        rng = self.rng
        for aid in list(self.unread):
            yield rng.uniform(1.5, 6)
            self.emit(self.alert_tapped, aid)

    def guidance(self):
        """The trip: walk to the stop, wait, ride some stops (a tunnel drops the socket), walk."""
        rng = self.rng
        iid, line, mins = self.chosen
        state = {"lat": self.lat, "lon": self.lon, "rem": 0.0, "eta": mins * 60.0}

        def leg(seconds, speed, bearing, dist):
            state["rem"] = dist
            for _ in range(int(seconds)):
                yield rng.gauss(1.0, 0.02)
                state["lat"] += speed * math.cos(bearing) * 9e-6 + rng.uniform(-2e-6, 2e-6)
                state["lon"] += speed * math.sin(bearing) * 1.5e-5 + rng.uniform(-2e-6, 2e-6)
                state["rem"] = max(0.0, state["rem"] - speed * rng.uniform(0.8, 1.2))
                state["eta"] = max(0.0, state["eta"] - 1)
                self.emit(self.trip_location, state["lat"], state["lon"], state["rem"], state["eta"])

        walk = rng.uniform(45, 100)
        self.spawn(self._compass(walk))
        yield from leg(walk, 1.3, rng.uniform(0, 6.28), walk * 1.3)
        self.emit(self.step_changed, "waitForVehicle")
        wait = rng.uniform(25, 75)
        self.spawn(self._boarding(wait))
        yield from leg(wait, 0.0, 0.0, 0.0)
        self.emit(self.step_changed, "ride")
        bearing = rng.uniform(0, 6.28)
        underground = line.startswith("U")
        names = [n for _, n in STOPS]
        rng.shuffle(names)
        for k in range(rng.randint(2, 4)):
            self.emit(self.next_stop, names[k])
            if underground and k == 1:
                self.spawn(self.outage(rng.uniform(40, 80)))
            if k == 0 and self.ticket_ids and rng.random() < 0.5:
                self.spawn(self._show_ticket(rng.uniform(5, 30)))      # a ticket check
            elif k == 1 and rng.random() < 0.6:
                self.spawn(self._pocket(rng.uniform(30, 80)))
            ride = rng.uniform(55, 100)
            yield from leg(ride, 8.0, bearing, ride * 8.0)
        self.emit(self.step_changed, "walkToDestination")
        walk = rng.uniform(30, 60)
        self.spawn(self._compass(walk))
        yield from leg(walk, 1.3, rng.uniform(0, 6.28), walk * 1.3)
        self.emit(self.arrived)

    def _compass(self, length):
        """Heading updates while the person walks with the phone in hand (a 5° filter)."""
        rng = self.rng
        end = self.now + length
        h = rng.uniform(0, 360)
        while self.now < end - 1:
            yield rng.uniform(0.3, 1.5)
            h = (h + rng.gauss(0, 6)) % 360
            if self.foreground:
                self.emit(self.heading_updated, round(h, 1))

    def _boarding(self, wait):
        m = max(1, int(wait // 60) + 1)
        yield self.rng.uniform(1, 5)
        end = self.now + wait - 5
        while self.now < end:
            self.emit(self.boarding_prediction, m)
            if self.rng.random() < 0.5:
                m = max(0, m - 1)
            yield self.rng.uniform(15, 20)

    def _show_ticket(self, delay):
        yield delay
        self.emit(self.ticket_opened, self.ticket_ids[-1])
        yield self.rng.uniform(10, 40)
        if self.sheet == "ticket":
            self.emit(self.dismiss)

    def _pocket(self, length):
        self.emit(self.scene_phase, "background")
        yield length
        self.emit(self.scene_phase, "active")


def _coord_text(lat, lon, acc):
    return "CLLocation(latitude: %.6f, longitude: %.6f, horizontalAccuracy: %d)" % (lat, lon, acc)


# ==================================================================================== vacuum

ROOMS = [("1", "Living Room", (0.0, 0.0, 6.0, 5.0)), ("2", "Kitchen", (6.0, 0.0, 10.0, 4.0)),
         ("3", "Bedroom", (0.0, 5.0, 4.5, 9.0)), ("4", "Hallway", (4.5, 5.0, 10.0, 6.5)),
         ("5", "Office", (6.0, 6.5, 10.0, 9.0)), ("6", "Bathroom", (4.5, 6.5, 6.0, 9.0))]
RENAMES = {"Office": "Study", "Bedroom": "Kids Room", "Living Room": "Lounge", "Kitchen": "Kitchen & Dining",
           "Hallway": "Entrance", "Bathroom": "Guest Bath"}
DOCK = (5.0, 0.3)


class Vacuum(_Base):
    """A robot vacuum companion app: the floor map with rooms and no-go zones, cleaning of
    chosen rooms, the robot's telemetry, errors, settings and schedule in a stack,
    consumables, a firmware update.

    noise   robot.poseUpdated (1 s while moving), robot.cleaningProgressReported (5 s),
            robot.batteryLevelChanged (each percent), robot.wifiSignalReported (30 s),
            map.zoomChanged (a pinch), map.noGoZoneDragged (a drag),
            firmware.progressUpdated (the update's progress)
    either  destination.presented.renameRoom.binding.set (the room's name, a keystroke each)
    signal  the person's taps (rooms, start, pause, resume, dock, settings, schedule, zones),
            the responses (map, status, commands, saves, consumables, firmware), the robot's
            status changes, finished rooms, obstacles it recognised, errors and their
            acknowledgement, reconnection"""

    name = "vacuum"
    module = "RoboVac"
    process = "RoboVac"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        self.room_names = {rid: n for rid, n, _ in ROOMS}
        self.rect = {rid: r for rid, _, r in ROOMS}
        self.status = "docked"
        self.battery = float(rng.randint(78, 100))
        self.x, self.y, self.heading = DOCK[0], DOCK[1], 90
        self.target = None
        self.wiggle = 0
        self.obstacles = 0
        self.elapsed = 0
        self.points = []
        self.map_version = 14
        self.history = []
        self.queue = []            # rooms left to clean
        self.room_area = 0.0       # cleaned in the current room
        self.area = 0.0
        self.seconds = 0
        self.lane_dir = 1
        self.rssi = rng.randint(-62, -50)
        self.foreground = True
        self.connected = True
        self.errors = 0
        self.sid = 0
        self.screens = []          # stack ids and kinds, bottom first
        self.zones = 0
        self.sheet = None
        self.state = St(self.st("AppFeature"), [
            ("homeName", text("Flat")),
            ("robot", St(self.st("Robot"), [
                ("id", text("rv-%06x" % rng.getrandbits(24))), ("name", text("Robbie")), ("model", text("S8 Pro")),
                ("status", self.case("docked", "RobotStatus")), ("battery", num(int(self.battery))),
                ("pose", self.pose()), ("cleanedArea", num(0.0)), ("cleaningSeconds", num(0)),
                ("currentRoomID", NIL), ("wifiRSSI", num(self.rssi)), ("isConnected", boolean(True)),
                ("pendingCommand", NIL), ("error", NIL), ("isDoNotDisturbOn", boolean(False)),
                ("waterLevel", self.case("medium", "WaterLevel")), ("volume", num(60))])),
            ("map", St(self.st("FloorMap"), [
                ("rooms", Arr()), ("selectedRoomIDs", Arr()), ("finishedRoomIDs", Arr()),
                ("noGoZones", Arr()), ("obstacles", Arr()), ("draftZone", NIL), ("zoom", num(1.0)),
                ("offset", St("CGSize", [("width", num(0.0)), ("height", num(0.0))])), ("trail", Arr()),
                ("version", num(14)),
                ("isLoading", boolean(True))])),
            ("firmware", St(self.st("Firmware"), [("installed", text("4.2.7")), ("available", NIL),
                                                  ("phase", self.case("idle", "Firmware.Phase")), ("progress", NIL)])),
            ("cleaningElapsed", num(0)),
            ("lastCleanedAt", self.date(-86400 - 3600 * 3)),
            ("suctionPower", self.case("balanced", "SuctionPower")),
            ("path", Dic(quoted=False, ordered=True)),
            ("destination", NIL),
            ("scenePhase", self.case("active", "ScenePhase"))])

    # -- values
    def pose(self):
        return St("Pose", [("x", num(round(self.x, 2))), ("y", num(round(self.y, 2))), ("heading", num(self.heading))])

    def robot(self, name, *a, **k):
        return self.act("robot", A(self.at("Robot"), name, *a, **k))

    def mp(self, name, *a, **k):
        return self.act("map", A(self.at("FloorMap"), name, *a, **k))

    def fw(self, name, *a, **k):
        return self.act("firmware", A(self.at("Firmware"), name, *a, **k))

    def top(self, kind):
        for sid, k in reversed(self.screens):
            if k == kind:
                return sid
        return None

    def sp(self, kind, *rest):
        return ("path", ("k", "#%d" % self.top(kind)), ("e", kind)) + rest

    def room_index(self, rid):
        return [r.f["id"].df for r in self.get(("map", "rooms")).items].index(rid)

    # -- noise
    @noise
    def pose_updated(self):
        self.set(("robot", "pose"), self.pose())
        self.points.append((round(self.x, 2), round(self.y, 2)))
        return self.robot("poseUpdated", Struct("Pose", [("x", self.f(self.x, 2)), ("y", self.f(self.y, 2)),
                                                         ("heading", Raw(str(self.heading)))]))

    @noise
    def map_data(self):
        """The map's push every 3 s while the robot moves: the trail since the last one and the
        coverage of the room being cleaned."""
        pts, self.points = self.points, []
        for x, y in pts:
            self.append(("map", "trail"), St("CGPoint", [("x", num(x)), ("y", num(y))]))
        self.map_version += 1
        self.set(("map", "version"), num(self.map_version))
        if self.queue and self.status == "cleaning":
            k = self.room_index(self.queue[0])
            pct = min(100, int(100 * self.room_area / self.room_target()))
            self.set(("map", "rooms", ("i", k), "coverage"), num(pct))
        return self.mp("mapDataReceived", Struct("MapDelta", [
            ("version", Raw(str(self.map_version))), ("pathPoints", Raw(str(len(pts)))),
            ("bytes", Raw(str(180 + 24 * len(pts) + self.rng.randint(0, 60))))]))

    @noise
    def timer_ticked(self):
        self.elapsed += 1
        self.set(("cleaningElapsed",), num(self.elapsed))
        return self.act("cleaningTimerTicked")

    @noise
    def progress_reported(self):
        self.set(("robot", "cleanedArea"), num(round(self.area, 1)))
        self.set(("robot", "cleaningSeconds"), num(self.seconds))
        return self.robot("cleaningProgressReported", Struct("CleaningProgress", [
            ("area", self.f(self.area)), ("seconds", Raw(str(self.seconds)))]))

    # reason: a level nudged one percent at a time, on the robot's own schedule
    @noise
    def battery_changed(self, level):
        self.set(("robot", "battery"), num(level))
        return self.robot("batteryLevelChanged", Raw(str(level)))

    @noise
    def wifi_reported(self):
        near = math.hypot(self.x - 2.0, self.y - 7.0)      # the router is in the bedroom
        self.rssi = int(round(-45 - 2.2 * near + self.rng.gauss(0, 2)))
        self.set(("robot", "wifiRSSI"), num(self.rssi))
        return self.robot("wifiSignalReported", rssi=Raw(str(self.rssi)))

    @noise
    def zoom_changed(self, z):
        self.set(("map", "zoom"), num(z))
        return self.mp("zoomChanged", scale=Raw(repr(z)))

    @noise
    def zone_dragged(self, x0, y0, x1, y1):
        self.set(("map", "draftZone"), St("Zone", [("origin", St("CGPoint", [("x", num(x0)), ("y", num(y0))])),
                                                   ("size", St("CGSize", [("width", num(round(x1 - x0, 2))),
                                                                          ("height", num(round(y1 - y0, 2)))]))]))
        return self.mp("noGoZoneDragged", Struct("CGPoint", [("x", Raw(repr(x1))), ("y", Raw(repr(y1)))]))

    @noise
    def fw_progress(self, p):
        self.set(("firmware", "progress"), num(p))
        return self.fw("progressUpdated", Raw(repr(p)))

    # -- either
    @either
    def name_typed(self, value):
        self.set(("destination", ("e", "renameRoom"), "name"), text(value))
        return self.presented("renameRoom", self.binding("RenameRoom", "name", q(value)))

    # -- signal
    @signal
    def app_task(self):
        return self.act("task")

    @signal
    def map_loaded(self):
        rows = [St(self.st("Room"), [("id", text(rid)), ("name", text(n)),
                                     ("area", num(round((r[2] - r[0]) * (r[3] - r[1]), 1))),
                                     ("coverage", num(0))]) for rid, n, r in ROOMS]
        self.set(("map", "rooms"), Arr(rows))
        self.set(("map", "isLoading"), boolean(False))
        return self.mp("mapResponse", self.result("FloorMap", True, Struct("FloorMap", [
            ("id", q("map-%d" % self.rng.randint(100, 999))), ("rooms", Raw(str(len(rows)))), ("version", Raw("14"))])))

    # reason: the answer to the app's fetch on launch, return to the foreground and reconnection
    @signal
    def status_loaded(self):
        self.set(("robot", "battery"), num(int(self.battery)))
        self.set(("robot", "isConnected"), boolean(True))
        return self.robot("statusResponse", self.result("RobotStatus", True, Struct("RobotStatus", [
            ("state", self.en("RobotStatus", self.status)), ("battery", Raw(str(int(self.battery)))),
            ("firmware", q(self.get(("firmware", "installed")).df))])))

    @signal
    def fw_checked(self):
        self.set(("firmware", "available"), text("4.3.2"))
        return self.fw("checkResponse", self.result("FirmwareInfo?", True, Struct("FirmwareInfo", [
            ("version", q("4.3.2")), ("sizeMB", Raw("48")), ("notes", q("Improved carpet detection"))])))

    @signal
    def scene_phase(self, phase):
        self.foreground = phase == "active"
        self.set(("scenePhase",), self.case(phase, "ScenePhase"))
        return self.act("scenePhaseChanged", A("ScenePhase", phase))

    @signal
    def room_tapped(self, rid):
        sel = [v.df for v in self.get(("map", "selectedRoomIDs")).items]
        if rid in sel:
            self.remove_at(("map", "selectedRoomIDs"), sel.index(rid))
        else:
            self.append(("map", "selectedRoomIDs"), text(rid))
        return self.mp("roomTapped", id=q(rid))

    @signal
    def clean_tapped(self):
        self.set(("robot", "pendingCommand"), text("app_segment_clean"))
        self.set(("map", "trail"), Arr())
        return self.mp("cleanSelectedRoomsTapped")

    @signal
    def pause_tapped(self):
        self.set(("robot", "pendingCommand"), text("app_pause"))
        return self.robot("pauseButtonTapped")

    @signal
    def resume_tapped(self):
        self.set(("robot", "pendingCommand"), text("app_start"))
        return self.robot("resumeButtonTapped")

    @signal
    def dock_tapped(self):
        self.set(("robot", "pendingCommand"), text("app_charge"))
        return self.robot("dockButtonTapped")

    @signal
    def command_done(self, command, ok=True):
        self.set(("robot", "pendingCommand"), NIL)
        if not ok:
            return self.robot("commandResponse", self.result("CommandAck", False, Struct(
                "RobotError", [("code", q("timeout")), ("command", q(command))])))
        return self.robot("commandResponse", self.result("CommandAck", True, Struct("CommandAck", [
            ("command", q(command)), ("id", Raw(str(self.rng.randint(10000, 99999))))])))

    # reason: some follow a command the person sent, others (returning, docked) the robot's own progress
    @signal
    def status_changed(self, status):
        self.status = status
        self.set(("robot", "status"), self.case(status, "RobotStatus"))
        if status in ("cleaning", "returning"):
            self.set(("robot", "error"), NIL)
        if status in ("docked", "charging"):
            self.set(("robot", "currentRoomID"), NIL)
        elif status == "cleaning" and self.queue:
            self.set(("robot", "currentRoomID"), text(self.queue[0]))
        return self.robot("statusChanged", A("RobotStatus", status))

    # reason: machine-paced, but a milestone of the cleaning the person asked for, one per room
    @signal
    def room_finished(self, rid):
        self.append(("map", "finishedRoomIDs"), text(rid))
        return self.robot("roomFinished", id=q(rid))

    # reason: from the robot's camera on its own, but each is a new object with a photo
    @signal
    def obstacle_detected(self, kind):
        self.obstacles += 1
        oid = "obs-%d" % (5120 + self.obstacles)
        self.append(("map", "obstacles"), St("Obstacle", [("id", text(oid)), ("kind", self.case(kind, "Obstacle.Kind")),
                                                          ("position", St("CGPoint", [("x", num(round(self.x + 0.3, 2))),
                                                                                      ("y", num(round(self.y, 2)))]))]))
        return self.robot("obstacleDetected", Struct("Obstacle", [
            ("id", q(oid)), ("kind", self.en("Obstacle.Kind", kind)), ("photoID", q(self.uid()[:13]))]))

    @signal
    def error_reported(self, kind, code):
        self.status = "error"
        self.wiggle = self.rng.randint(5, 12) if kind == "stuck" else 0
        self.set(("robot", "status"), self.case("error", "RobotStatus"))
        self.set(("robot", "error"), St("RobotError", [("code", num(code)), ("kind", self.case(kind, "RobotError.Kind"))]))
        self.sheet = "alert"
        self.set(("destination",), En(self.st("Destination"), "alert", St("AlertState<Destination.Alert>", [
            ("title", text({"stuck": "Robot is stuck", "brushTangled": "Main brush tangled"}[kind])),
            ("buttons", Arr([text("OK")]))])))
        return self.robot("errorReported", Struct("RobotError", [("code", Raw(str(code))),
                                                                 ("kind", self.en("RobotError.Kind", kind))]))

    @signal
    def error_acknowledged(self):
        self.sheet = None
        self.set(("destination",), NIL)
        return self.presented("alert", A(self.at("Destination") + ".Alert", "acknowledgeButtonTapped"))

    @noise
    def panned(self, w, h):
        self.set(("map", "offset"), St("CGSize", [("width", num(w)), ("height", num(h))]))
        return self.mp("panChanged", Struct("CGSize", [("width", Raw(repr(w))), ("height", Raw(repr(h)))]))

    # reason: the end of the person's pinch, once per gesture
    @signal
    def zoom_ended(self):
        return self.mp("zoomEnded")

    @signal
    def room_long_pressed(self, rid):
        self.sheet = "renameRoom"
        self.set(("destination",), En(self.st("Destination"), "renameRoom", St(self.st("RenameRoom"), [
            ("roomID", text(rid)), ("name", text(self.room_names[rid])), ("isSaving", boolean(False))])))
        return self.mp("roomLongPressed", id=q(rid))

    @signal
    def rename_save(self):
        self.set(("destination", ("e", "renameRoom"), "isSaving"), boolean(True))
        return self.presented("renameRoom", A(self.at("RenameRoom"), "saveButtonTapped"))

    @signal
    def rename_done(self, rid, name):
        self.room_names[rid] = name
        self.set(("map", "rooms", ("i", self.room_index(rid)), "name"), text(name))
        self.sheet = None
        self.set(("destination",), NIL)
        return self.presented("renameRoom", A(self.at("RenameRoom"), "delegate", A(
            self.at("RenameRoom") + ".Delegate", "renamed", id=q(rid), name=q(name))))

    @signal
    def add_zone_tapped(self):
        return self.mp("addNoGoZoneTapped")

    # reason: the end of the person's drag, once per gesture
    @signal
    def zone_drag_ended(self):
        return self.mp("noGoZoneDragEnded")

    @signal
    def save_zones_tapped(self):
        d = self.get(("map", "draftZone"))
        self.zones += 1
        self.append(("map", "noGoZones"), St("NoGoZone", [("id", num(self.zones)), ("rect", d)]))
        self.set(("map", "draftZone"), NIL)
        return self.mp("saveZonesTapped")

    @signal
    def zones_saved(self):
        return self.mp("zonesSaveResponse", self.result("MapVersion", True, Struct("MapVersion", [
            ("version", Raw(str(14 + self.zones)))])))

    # the stack: settings, schedule, consumables
    @signal
    def settings_tapped(self):
        self.push("settings", St(self.st("Settings"), [("suctionPower", self.get(("suctionPower",))),
                                                       ("isCarpetBoostOn", boolean(True)), ("isSaving", boolean(False))]))
        return self.act("settingsButtonTapped")

    def push(self, kind, value):
        self.sid += 1
        self.screens.append((self.sid, kind))
        self.put(("path",), "#%d" % self.sid, En(self.st("Path"), kind, value))

    @signal
    def popped(self):
        sid, kind = self.screens.pop()
        self.delete(("path",), "#%d" % sid)
        return self.act("path", A("StackAction<%s, %s>" % (self.st("Path"), self.at("Path")), "popFrom",
                                  id=Raw("#%d" % sid)))

    @signal
    def suction_set(self, power):
        self.set(self.sp("settings", "suctionPower"), self.case(power, "SuctionPower"))
        self.set(self.sp("settings", "isSaving"), boolean(True))
        return self.stack(self.top("settings"), "settings", self.binding("Settings", "suctionPower",
                                                                          self.en("SuctionPower", power)))

    @signal
    def carpet_boost(self, on):
        self.set(self.sp("settings", "isCarpetBoostOn"), boolean(on))
        return self.stack(self.top("settings"), "settings", self.binding("Settings", "isCarpetBoostOn", self.bstr(on)))

    @signal
    def suction_saved(self, power):
        self.set(self.sp("settings", "isSaving"), boolean(False))
        self.set(("suctionPower",), self.case(power, "SuctionPower"))
        return self.stack(self.top("settings"), "settings", A(self.at("Settings"), "suctionPowerResponse",
                                                               self.result("CommandAck", True, Struct("CommandAck", [
                                                                   ("command", q("set_fan_power"))]))))

    @signal
    def schedule_row(self):
        sid = self.top("settings")
        self.push("schedule", St(self.st("ScheduleEditor"), [
            ("time", self.date(-self.now + 3600 * 5)), ("days", Arr(text(d) for d in ["mon", "wed", "fri"])),
            ("isEnabled", boolean(True)), ("isSaving", boolean(False))]))
        return self.stack(sid, "settings", A(self.at("Settings"), "scheduleRowTapped"))

    # reason: a compact time picker commits one value per choice
    @signal
    def schedule_time(self, hour):
        self.set(self.sp("schedule", "time"), self.date(-self.now + 3600 * hour))
        return self.stack(self.top("schedule"), "schedule", self.binding("ScheduleEditor", "time", Raw(
            "Date(2026-11-20T%02d:00:00.000Z)" % (9 + hour) if self.tca1 else "2026-11-20 %02d:00:00 +0000" % (9 + hour))))

    @signal
    def day_toggled(self, day):
        days = [v.df for v in self.get(self.sp("schedule", "days")).items]
        if day in days:
            self.remove_at(self.sp("schedule", "days"), days.index(day))
        else:
            self.append(self.sp("schedule", "days"), text(day))
        return self.stack(self.top("schedule"), "schedule", A(self.at("ScheduleEditor"), "dayToggled",
                                                                day=self.en("Weekday", day)))

    @signal
    def schedule_save(self):
        self.set(self.sp("schedule", "isSaving"), boolean(True))
        return self.stack(self.top("schedule"), "schedule", A(self.at("ScheduleEditor"), "saveButtonTapped"))

    @signal
    def schedule_saved(self):
        self.set(self.sp("schedule", "isSaving"), boolean(False))
        return self.stack(self.top("schedule"), "schedule", A(self.at("ScheduleEditor"), "saveResponse",
                                                                self.result("Schedule", True, Struct("Schedule", [
                                                                    ("id", q("sched-1")), ("enabled", Raw("true"))]))))

    @signal
    def consumables_row(self):
        sid = self.top("settings")
        self.push("consumables", St(self.st("Consumables"), [("items", Arr()), ("isLoading", boolean(True))]))
        return self.stack(sid, "settings", A(self.at("Settings"), "consumablesRowTapped"))

    @signal
    def consumables_loaded(self):
        rows = []
        for name, hours in (("mainBrush", 300), ("sideBrush", 200), ("filter", 150), ("sensors", 30)):
            left = self.rng.randint(2, hours)
            rows.append(St("Consumable", [("kind", self.case(name, "Consumable.Kind")), ("hoursLeft", num(left)),
                                          ("percent", num(int(100 * left / hours)))]))
        self.set(self.sp("consumables", "items"), Arr(rows))
        self.set(self.sp("consumables", "isLoading"), boolean(False))
        return self.stack(self.top("consumables"), "consumables", A(self.at("Consumables"), "consumablesResponse",
                                                                      self.result("[Consumable]", True, Struct(
                                                                          "ConsumablesPage", [("count", Raw("4"))]))))

    @signal
    def consumable_reset(self):
        self.set(self.sp("consumables", "items", ("i", 3), "hoursLeft"), num(30))
        self.set(self.sp("consumables", "items", ("i", 3), "percent"), num(100))
        return self.stack(self.top("consumables"), "consumables", A(self.at("Consumables"), "resetTapped",
                                                                      kind=self.en("Consumable.Kind", "sensors")))

    @signal
    def history_row(self):
        sid = self.top("settings")
        self.push("history", St(self.st("History"), [("records", Arr()), ("scrollOffset", num(0.0)),
                                                     ("isLoading", boolean(True))]))
        return self.stack(sid, "settings", A(self.at("Settings"), "historyRowTapped"))

    @signal
    def history_loaded(self):
        rows = []
        self.history = []
        for k in range(20):
            hid = "rec-%d" % (88120 - 7 * k)
            self.history.append(hid)
            rows.append(St(self.st("HistoryRow"), [("id", text(hid)), ("date", self.date(-86400 * (k // 2 + 1) - 3600 * (k % 2) * 5)),
                                                   ("area", num(round(self.rng.uniform(12, 48), 1))),
                                                   ("minutes", num(self.rng.randint(14, 70))), ("thumbnail", NIL)]))
        self.set(self.sp("history", "records"), Arr(rows))
        self.set(self.sp("history", "isLoading"), boolean(False))
        return self.stack(self.top("history"), "history", A(self.at("History"), "historyResponse", self.result(
            "[CleaningRecord]", True, Struct("HistoryPage", [("count", Raw("20")), ("nextCursor", q("c-%d" % self.rng.randint(100, 999)))]))))

    @noise
    def history_scrolled(self, y):
        self.set(self.sp("history", "scrollOffset"), num(y))
        return self.stack(self.top("history"), "history", A(self.at("History"), "scrolled", offset=Raw(repr(y))))

    # reason: a row's map thumbnail loads as the list scrolls it into view (LABELS: either)
    @either
    def thumbnail_loaded(self, k):
        size = self.rng.randint(9000, 40000)
        self.set(self.sp("history", "records", ("i", k), "thumbnail"), St("Thumbnail", [("bytes", num(size))]))
        return self.stack(self.top("history"), "history", A(self.at("History"), "records", self.element(
            "HistoryRow", q(self.history[k]), A(self.at("HistoryRow"), "thumbnailResponse", self.result(
                "Data", True, Raw("%d bytes" % size))))))

    @signal
    def history_record_tapped(self, k):
        return self.stack(self.top("history"), "history", A(self.at("History"), "records", self.element(
            "HistoryRow", q(self.history[k]), A(self.at("HistoryRow"), "tapped"))))

    # firmware
    @signal
    def fw_install(self):
        self.set(("firmware", "phase"), self.case("downloading", "Firmware.Phase"))
        self.set(("firmware", "progress"), num(0.0))
        return self.fw("installButtonTapped")

    @signal
    def fw_phase(self, phase):
        self.set(("firmware", "phase"), self.case(phase, "Firmware.Phase"))
        self.set(("firmware", "progress"), num(0.0) if phase == "installing" else NIL)
        return self.fw("phaseChanged", A("Firmware.Phase", phase))

    @signal
    def connection_changed(self, up):
        self.connected = up
        self.set(("robot", "isConnected"), boolean(up))
        return self.robot("connectionChanged", isConnected=self.bstr(up))

    @signal
    def fw_done(self):
        self.set(("firmware", "phase"), self.case("idle", "Firmware.Phase"))
        self.set(("firmware", "installed"), text("4.3.2"))
        self.set(("firmware", "available"), NIL)
        return self.fw("installResponse", self.result("String", True, q("4.3.2")))

    # -- processes
    def processes(self):
        moving = lambda: self.connected and self.foreground and self.status in ("cleaning", "returning")
        return [self.telemetry(), self.periodic(self.wifi_reported, 30.0, 0.3,
                                                when=lambda: self.connected and self.foreground),
                self.periodic(self.map_data, 3.0, 0.15, when=moving),
                self.periodic(self.timer_ticked, 1.0, 0.003,
                              when=lambda: self.foreground and self.status == "cleaning"),
                self.person(), self.troubles()]

    def telemetry(self):
        """The robot's MQTT stream: pose each second while it moves, progress every 5 s while
        it cleans, the battery on each percent; suspended while the app is in the background."""
        rng = self.rng
        yield 1.0
        last = int(self.battery)
        while True:
            yield rng.gauss(1.0, 0.03)
            live = self.connected and self.foreground
            if self.status == "cleaning" and self.target is not None:
                self.travel(self.target)
                if live:
                    self.emit(self.pose_updated)
            elif self.status == "cleaning":
                self.step_cleaning()
                self.battery -= rng.uniform(0.012, 0.022)
                if live:
                    self.emit(self.pose_updated)
                    if self.seconds % 5 == 0:
                        self.emit(self.progress_reported)
                if self.queue and self.room_area >= self.room_target():
                    rid = self.queue.pop(0)
                    self.room_area = 0.0
                    if live:
                        self.emit(self.room_finished, rid)
                    if self.queue:
                        self.enter(self.queue[0])
                        if live:
                            self.set(("robot", "currentRoomID"), text(self.queue[0]))
                    else:
                        self.emit(self.status_changed, "returning")
            elif self.status == "returning":
                d = self.travel(DOCK)
                self.battery -= 0.01
                if d < 0.35:
                    self.x, self.y, self.heading = DOCK[0], DOCK[1], 90
                    self.emit(self.pose_updated)
                    self.emit(self.status_changed, "docked")
                    yield rng.uniform(2, 5)
                    self.emit(self.status_changed, "charging")
                elif live:
                        self.emit(self.pose_updated)
            elif self.status in ("paused", "error"):
                if self.status == "error" and self.wiggle > 0:      # trying to free itself
                    self.wiggle -= 1
                    self.x += rng.uniform(-0.04, 0.04)
                    self.y += rng.uniform(-0.04, 0.04)
                    self.heading = (self.heading + rng.choice([-15, 15, 30, -30])) % 360
                if live:
                    self.emit(self.pose_updated)     # the robot keeps reporting where it stands
            elif self.status == "charging":
                self.battery = min(100.0, self.battery + rng.uniform(0.02, 0.035))
            if int(self.battery) != last and live:
                last = int(self.battery)
                self.emit(self.battery_changed, last)

    def room_target(self):
        r = self.rect[self.queue[0]]
        return (r[2] - r[0]) * (r[3] - r[1]) * 0.92

    def enter(self, rid):
        r = self.rect[rid]
        self.target = (r[0] + 0.2, r[1] + 0.2)
        self.lane_dir = 1

    def travel(self, goal):
        """A step of 0.3 m toward goal; the distance left (the target is cleared on arrival)."""
        d = math.hypot(goal[0] - self.x, goal[1] - self.y)
        if d <= 0.3:
            self.x, self.y = goal
            if goal == self.target:
                self.target = None
            return 0.0
        self.heading = int(math.degrees(math.atan2(goal[1] - self.y, goal[0] - self.x))) % 360
        self.x += 0.3 * (goal[0] - self.x) / d
        self.y += 0.3 * (goal[1] - self.y) / d
        return d - 0.3

    def step_cleaning(self):
        r = self.rect[self.queue[0]] if self.queue else (0, 0, 10, 9)
        self.seconds += 1
        gained = self.rng.uniform(0.035, 0.05)
        self.area += gained
        self.room_area += gained
        self.x += 0.3 * self.lane_dir
        self.heading = 0 if self.lane_dir > 0 else 180
        if not r[0] + 0.15 < self.x < r[2] - 0.15:
            self.x = min(max(self.x, r[0] + 0.15), r[2] - 0.15)
            self.lane_dir = -self.lane_dir
            self.y += 0.25
            self.heading = 90
            if self.y > r[3] - 0.15:
                self.y = r[1] + 0.3
        self.x += self.rng.uniform(-0.02, 0.02)

    def troubles(self):
        """Errors while cleaning: stuck under furniture, a tangled brush."""
        self.spawn(self.obstacle_feed())
        while True:
            yield 90.0 + self.expo(200.0)
            if self.status == "cleaning" and self.errors < 2 and self.connected:
                self.errors += 1
                kind = self.rng.choice(["stuck", "stuck", "brushTangled"])
                self.emit(self.error_reported, kind, {"stuck": 2, "brushTangled": 5}[kind])

    def obstacle_feed(self):
        """The front camera recognises things on the floor now and then."""
        while True:
            yield self.expo(70.0)
            if self.status == "cleaning" and self.target is None and self.connected and self.foreground:
                self.emit(self.obstacle_detected, self.rng.choice(["cable", "sock", "shoe", "petWaste", "cable", "scale"]))

    def pinch(self):
        rng = self.rng
        z0 = float(self.get(("map", "zoom")).cd)
        z1 = min(4.0, max(1.0, z0 * rng.choice([rng.uniform(1.3, 2.5), rng.uniform(0.4, 0.8)])))
        hz = rng.uniform(55, 60)
        n = max(8, int(hz * rng.uniform(0.4, 1.2)))
        yield from self.gesture(self.zoom_changed, hz=hz, duration=n / hz, args=lambda i: (
            round(z0 + (z1 - z0) * (i + 1) / n + rng.uniform(-0.01, 0.01), 3),))
        self.emit(self.zoom_ended)

    def pan(self):
        rng = self.rng
        o = self.get(("map", "offset"))
        w0, h0 = float(o.f["width"].cd), float(o.f["height"].cd)
        dw, dh = rng.uniform(-120, 120), rng.uniform(-160, 160)
        hz = rng.uniform(55, 60)
        n = max(8, int(hz * rng.uniform(0.3, 1.0)))
        yield from self.gesture(self.panned, hz=hz, duration=n / hz, args=lambda i: (
            round(w0 + dw * (i + 1) / n, 1), round(h0 + dh * (i + 1) / n, 1)))

    def draw_zone(self):
        rng = self.rng
        self.emit(self.add_zone_tapped)
        yield rng.uniform(1.5, 4)
        x0, y0 = round(rng.uniform(0.5, 8.0), 2), round(rng.uniform(0.5, 7.0), 2)
        w, h = rng.uniform(0.6, 1.8), rng.uniform(0.6, 1.5)
        for attempt in range(rng.choice([1, 1, 2])):
            hz = rng.uniform(55, 60)
            n = max(10, int(hz * rng.uniform(0.7, 2.2)))
            yield from self.gesture(self.zone_dragged, hz=hz, duration=n / hz, args=lambda i: (
                x0, y0, round(x0 + w * (i + 1) / n + rng.uniform(-0.01, 0.01), 2),
                round(y0 + h * (i + 1) / n + rng.uniform(-0.01, 0.01), 2)))
            self.emit(self.zone_drag_ended)
            w, h = w * rng.uniform(0.8, 1.2), h * rng.uniform(0.8, 1.2)
            yield rng.uniform(1.0, 3.0)
        self.emit(self.save_zones_tapped)
        yield rng.uniform(0.3, 1.0)
        self.emit(self.zones_saved)

    def rename(self):
        rng = self.rng
        rid = rng.choice([r for r, _, _ in ROOMS])
        self.emit(self.room_long_pressed, rid)
        yield rng.uniform(1.0, 2.5)
        new = RENAMES.get(self.room_names[rid], self.room_names[rid] + " 2")
        cur = self.room_names[rid]
        for k in range(len(cur) - 1, -1, -1):           # delete, a key repeat
            self.emit(self.name_typed, cur[:k])
            yield rng.uniform(0.06, 0.12)
        yield rng.uniform(0.3, 1.0)
        for k in range(1, len(new) + 1):
            self.emit(self.name_typed, new[:k])
            yield rng.uniform(0.1, 0.4)
        yield rng.uniform(0.5, 2.0)
        self.emit(self.rename_save)
        yield rng.uniform(0.3, 1.0)
        self.emit(self.rename_done, rid, new)

    def settings_visit(self, what):
        rng = self.rng
        self.emit(self.settings_tapped)
        yield rng.uniform(1.5, 5)
        if "suction" in what:
            power = rng.choice(["quiet", "turbo", "max"])
            self.emit(self.suction_set, power)
            yield rng.uniform(0.3, 0.9)
            self.emit(self.suction_saved, power)
            yield rng.uniform(1, 4)
            if rng.random() < 0.3:
                self.emit(self.carpet_boost, False)
                yield rng.uniform(1, 3)
        if "schedule" in what:
            self.emit(self.schedule_row)
            yield rng.uniform(2, 5)
            for _ in range(rng.randint(1, 2)):
                self.emit(self.schedule_time, rng.choice([-1, 0, 1, 2]))
                yield rng.uniform(1.5, 4)
            for _ in range(rng.randint(1, 3)):
                self.emit(self.day_toggled, rng.choice(["mon", "tue", "wed", "thu", "fri", "sat", "sun"]))
                yield rng.uniform(0.6, 2.0)
            self.emit(self.schedule_save)
            yield rng.uniform(0.3, 1.0)
            self.emit(self.schedule_saved)
            yield rng.uniform(0.4, 1.0)
            self.emit(self.popped)
            yield rng.uniform(1, 4)
        if "history" in what:
            self.emit(self.history_row)
            yield rng.uniform(0.3, 1.0)
            self.emit(self.history_loaded)
            shown = set()

            def appear(y):
                for k in range(min(20, int((y + 700) // 96))):
                    if k not in shown:
                        shown.add(k)
                        self.after(rng.uniform(0.08, 0.5), self.thumbnail_loaded, k)
            appear(0.0)
            y = 0.0
            for _ in range(rng.randint(2, 5)):
                yield rng.uniform(1.5, 6)
                v = rng.uniform(150, 500) * (1 if rng.random() < 0.8 else -1)
                hz = rng.uniform(55, 60)
                n = max(10, int(hz * rng.uniform(0.4, 1.2)))
                y0 = y

                def step(i, y0=y0, v=v, n=n):
                    return (max(0.0, round(y0 + v * (1 - (1 - (i + 1) / n) ** 2), 1)),)
                yield from self.gesture(self.history_scrolled, hz=hz, duration=n / hz, args=step,
                                        each=lambda i: appear(float(self.get(self.sp("history", "scrollOffset")).cd)))
                y = float(self.get(self.sp("history", "scrollOffset")).cd)
            yield rng.uniform(1, 3)
            if rng.random() < 0.5:
                self.emit(self.history_record_tapped, rng.randrange(min(20, len(shown))))
                yield rng.uniform(5, 15)
            self.emit(self.popped)
            yield rng.uniform(1, 4)
        if "consumables" in what:
            self.emit(self.consumables_row)
            yield rng.uniform(0.3, 0.9)
            self.emit(self.consumables_loaded)
            yield rng.uniform(4, 15)
            if rng.random() < 0.4:
                self.emit(self.consumable_reset)
                yield rng.uniform(1, 3)
            self.emit(self.popped)
            yield rng.uniform(1, 4)
        self.emit(self.popped)

    def command(self, tapped, cmd, status, fail=0.05):
        rng = self.rng
        self.emit(tapped)
        yield rng.uniform(0.2, 0.8)
        if rng.random() < fail:
            self.emit(self.command_done, cmd, False)
            yield rng.uniform(2, 5)
            self.emit(tapped)
            yield rng.uniform(0.2, 0.8)
        self.emit(self.command_done, cmd)
        yield rng.uniform(1.0, 3.0)
        self.emit(self.status_changed, status)

    def choose_rooms(self, exclude=()):
        """Taps rooms until about 15-35 m² are chosen (a change of mind now and then)."""
        rng = self.rng
        for rid in [v.df for v in self.get(("map", "selectedRoomIDs")).items]:
            self.emit(self.room_tapped, rid)                # clears the last selection
            yield rng.uniform(0.3, 1.0)
        pool = [r for r, _, _ in ROOMS if r not in exclude]
        rng.shuffle(pool)
        goal, area, rooms = rng.uniform(15, 35), 0.0, []
        for rid in pool:
            if area >= goal:
                break
            r = self.rect[rid]
            rooms.append(rid)
            area += (r[2] - r[0]) * (r[3] - r[1])
            self.emit(self.room_tapped, rid)
            yield rng.uniform(0.6, 2.5)
        if len(rooms) > 2 and rng.random() < 0.3:           # changes their mind
            self.emit(self.room_tapped, rooms[-1])
            yield rng.uniform(0.6, 2.0)
            rooms = rooms[:-1]
        return rooms

    def clean_run(self, rooms, dock_at, todo):
        """A cleaning of the chosen rooms: the person does other things meanwhile, handles
        errors, and sends the robot home at dock_at if it is not done by then."""
        rng = self.rng
        self.queue = list(rooms)
        self.area, self.seconds, self.elapsed = 0.0, 0, 0
        self.enter(self.queue[0])
        yield from self.command(self.clean_tapped, "app_segment_clean", "cleaning")
        while self.now < dock_at and self.status not in ("returning", "docked", "charging"):
            yield rng.uniform(10, 40)
            if rng.random() < 0.6 and self.status != "error":    # watching the robot, fiddling with the map
                yield from (self.pinch() if rng.random() < 0.4 else self.pan())
                yield rng.uniform(3, 12)
            if self.status == "error":
                yield rng.uniform(4, 30)
                self.emit(self.error_acknowledged)
                yield rng.uniform(15, 50)                # walks over, frees the robot
                yield from self.command(self.resume_tapped, "app_start", "cleaning")
                continue
            if not todo or self.status in ("returning", "docked", "charging"):
                continue
            what = todo.pop()
            if what == "zone":
                yield from self.draw_zone()
            elif what == "rename":
                yield from self.rename()
            elif what in ("schedule", "consumables", "history"):
                yield from self.settings_visit([what])
            elif what == "pinch":
                yield from self.pinch()
            elif what == "pause" and self.status == "cleaning":
                yield from self.command(self.pause_tapped, "app_pause", "paused")
                yield rng.uniform(20, 60)
                yield from self.command(self.resume_tapped, "app_start", "cleaning")
            elif what == "background":
                self.emit(self.scene_phase, "background")
                yield rng.uniform(20, 60)
                self.emit(self.scene_phase, "active")
                yield rng.uniform(0.3, 1.0)
                self.emit(self.status_loaded)
                yield rng.uniform(5, 20)
        if self.status == "error":
            self.emit(self.error_acknowledged)
            yield rng.uniform(10, 30)
        if self.status in ("cleaning", "paused", "error"):
            yield from self.command(self.dock_tapped, "app_charge", "returning")
        while self.status not in ("charging", "docked"):
            yield 1.0

    def firmware_update(self):
        rng = self.rng
        self.emit(self.fw_install)
        p = 0.0
        while p < 1.0:
            yield rng.uniform(0.8, 1.6)
            p = min(1.0, round(p + rng.uniform(0.01, 0.03), 2))
            self.emit(self.fw_progress, p)
        yield rng.uniform(0.5, 1.5)
        self.emit(self.fw_phase, "installing")
        p = 0.0
        while p < 1.0:
            yield rng.uniform(1.5, 3.0)
            p = min(1.0, round(p + rng.uniform(0.03, 0.07), 2))
            self.emit(self.fw_progress, p)
        yield rng.uniform(1, 3)
        self.emit(self.connection_changed, False)
        yield rng.uniform(20, 45)
        self.emit(self.connection_changed, True)
        yield rng.uniform(0.3, 1.0)
        self.emit(self.status_loaded)
        self.emit(self.fw_done)

    def person(self):
        rng = self.rng
        yield rng.uniform(0.2, 0.5)
        self.emit(self.app_task)
        yield rng.uniform(0.3, 0.9)
        self.emit(self.status_loaded)
        yield rng.uniform(0.1, 0.8)
        self.emit(self.map_loaded)
        yield rng.uniform(0.2, 1.0)
        self.emit(self.fw_checked)
        yield rng.uniform(5, 15)
        if rng.random() < 0.7:
            yield from self.pinch()
            yield rng.uniform(2, 6)
        if rng.random() < 0.4:
            yield from self.settings_visit(["suction"])
            yield rng.uniform(2, 6)
        rooms = yield from self.choose_rooms()
        yield rng.uniform(1, 4)
        todo = ["zone", "rename", "schedule", "consumables", "history", "pause", "background", "pinch"]
        rng.shuffle(todo)
        yield from self.clean_run(rooms, rng.uniform(400, 480), todo)
        yield rng.uniform(10, 40)
        if self.now < 560:
            yield from self.firmware_update()
            yield rng.uniform(10, 30)
        # another round for the rooms left, until the session ends
        while True:
            if self.now < 660 and self.battery > 40:
                yield from (self.pinch() if rng.random() < 0.5 else self.pan())
                yield rng.uniform(3, 10)
                rooms = yield from self.choose_rooms(exclude=rooms)
                yield rng.uniform(1, 4)
                yield from self.clean_run(rooms, 10 ** 6, todo)
            yield rng.uniform(20, 60)
            yield from (self.pinch() if rng.random() < 0.5 else self.pan())


# ===================================================================================== sleep

STAGES = ["awake", "light", "deep", "rem"]
# epoch-to-epoch transitions (30 s epochs) late in the night: deep is rare, REM and light long
TRANSITIONS = {"awake": {"awake": 0.55, "light": 0.45}, "light": {"light": 0.86, "rem": 0.06, "deep": 0.04, "awake": 0.04},
               "deep": {"deep": 0.85, "light": 0.15}, "rem": {"rem": 0.9, "light": 0.08, "awake": 0.02}}
HR_BY_STAGE = {"awake": (66, 4), "light": (57, 2.5), "deep": (52, 1.5), "rem": (61, 3.5)}
MOTION_BY_STAGE = {"awake": 0.12, "light": 0.025, "deep": 0.006, "rem": 0.01}
CHARTS = ["hypnogram", "heartRate", "snoring", "motion", "noise", "respiratoryRate"]
NOTES = ["late dinner", "coffee at 5pm", "long run", "stressful day", "slept at a friend's", "new pillow"]


class Sleep(_Base):
    """A sleep tracker at the end of the night and in the morning: the watch's heart rate
    and motion, the microphone's noise level and snoring, sleep stages every 30 s, a smart
    alarm with snooze, the night's report with charts, tags, a note, the bedtime goal, and
    a sync to the health store.

    noise   tracking.clockTicked (1 s), tracking.heartRateReceived (5 s),
            tracking.motionReceived (2-4 s), tracking.noiseLevelMeasured (2 s),
            tracking.stageComputed (30 s), alarm.volumeRamped (1 s while ringing),
            healthSync.progressUpdated, destination.presented.report.scrolled (a scroll),
            destination.presented.report.charts.element.scrubbed (a drag on a chart)
    either  tracking.soundEventDetected (a snore each breath), destination.presented.report
            .charts.element.seriesResponse (charts loading as they scroll into view),
            destination.presented.report.binding.set (the note, a keystroke each)
    signal  the alarm's window, ring, snooze, dismissal; the watch's reachability, the
            episodes of snoring, the saved night, the sync's end, the report and its
            taps, tags, the goal's edits and saves"""

    name = "sleep"
    module = "SleepTracker"
    process = "SleepTracker"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        self.stage = rng.choice(["light", "light", "rem", "deep"])
        self.hr = HR_BY_STAGE[self.stage][0]
        self.tracking = True
        self.reachable = True
        self.clock = 0
        self.snoring = False
        self.snores = 0
        self.episode = None
        self.alarm = "armed"
        self.window_at = rng.uniform(90, 180)
        self.volume = 0.0
        self.sheet = None
        self.minutes = {"awake": rng.randint(8, 25), "light": rng.randint(180, 230), "deep": rng.randint(60, 95),
                        "rem": rng.randint(80, 110)}
        self.epochs = sum(self.minutes.values()) * 2
        self.samples = self.epochs * 6
        started = -sum(self.minutes.values()) * 60
        self.state = St(self.st("AppFeature"), [
            ("tracking", St(self.st("Tracking"), [
                ("isTracking", boolean(True)), ("startedAt", self.date(started)), ("now", self.date(0)),
                ("heartRate", num(self.hr)), ("heartRateSamples", num(self.samples)), ("motion", num(0.01)),
                ("noiseLevel", num(31.0)), ("stage", self.case(self.stage, "SleepStage")),
                ("stageMinutes", Dic({k: num(v) for k, v in self.minutes.items()})), ("epochs", num(self.epochs)),
                ("snoreEvents", Arr()), ("isSnoring", boolean(False)), ("isWatchReachable", boolean(True)),
                ("savedNightID", NIL)])),
            ("alarm", St(self.st("SmartAlarm"), [
                ("windowStart", self.date(self.window_at)), ("windowEnd", self.date(self.window_at + 1800)),
                ("status", self.case("armed", "SmartAlarm.Status")), ("volume", num(0.0)), ("snoozeCount", num(0)),
                ("snoozeMinutes", num(3))])),
            ("healthSync", St(self.st("HealthSync"), [("status", self.case("idle", "HealthSync.Status")),
                                                      ("progress", NIL), ("lastSyncedAt", self.date(-86400 + 1200))])),
            ("settings", St(self.st("Settings"), [("bedtime", self.hm_value(23, 0)), ("sleepGoalMinutes", num(480)),
                                                  ("isSaving", boolean(False))])),
            ("destination", NIL),
            ("scenePhase", self.case("active", "ScenePhase"))])

    # -- values
    def hm_value(self, h, m):
        return St("DateComponents", [("hour", num(h)), ("minute", num(m))])

    def tr(self, name, *a, **k):
        return self.act("tracking", A(self.at("Tracking"), name, *a, **k))

    def al(self, name, *a, **k):
        return self.act("alarm", A(self.at("SmartAlarm"), name, *a, **k))

    def hs(self, name, *a, **k):
        return self.act("healthSync", A(self.at("HealthSync"), name, *a, **k))

    def rep(self, inner):
        return self.presented("report", inner)

    def rp(self, *rest):
        return ("destination", ("e", "report")) + rest

    def stamp(self):
        return Raw(str(1795165200 + int(self.now)))

    # -- noise
    @noise
    def clock_ticked(self):
        self.clock += 1
        self.set(("tracking", "now"), self.date(self.clock))
        return self.tr("clockTicked")

    @noise
    def heart_rate(self):
        mean, sd = HR_BY_STAGE[self.stage]
        self.hr = int(round(0.6 * self.hr + 0.4 * self.rng.gauss(mean, sd)))
        self.samples += 1
        self.set(("tracking", "heartRate"), num(self.hr))
        self.set(("tracking", "heartRateSamples"), num(self.samples))
        return self.tr("heartRateReceived", Struct("HeartRateSample", [("bpm", Raw(str(self.hr))),
                                                                       ("timestamp", self.stamp())]))

    @noise
    def motion(self):
        m = self.rng.expovariate(1.0 / MOTION_BY_STAGE[self.stage])
        if self.rng.random() < 0.02:
            m += self.rng.uniform(0.3, 0.9)          # turning over
        m = round(m, 3)
        self.set(("tracking", "motion"), num(m))
        return self.tr("motionReceived", Struct("MotionSample", [("magnitude", Raw(repr(m))), ("timestamp", self.stamp())]))

    @noise
    def noise_level(self):
        db = round(self.rng.gauss(44 if self.snoring else 31, 2.5 if self.snoring else 1.2), 1)
        if self.alarm == "ringing":
            db = round(50 + 25 * self.volume + self.rng.gauss(0, 1), 1)
        self.set(("tracking", "noiseLevel"), num(db))
        return self.tr("noiseLevelMeasured", decibels=Raw(repr(db)))

    # reason: a fixed 30 s epoch timer deriving the stage from the samples; the stage rarely changes
    @noise
    def stage_computed(self):
        row = TRANSITIONS[self.stage]
        if self.now > self.window_at and self.alarm == "windowOpen" and self.stage in ("deep", "rem") \
                and self.rng.random() < 0.5:
            self.stage = "light"                     # towards the end of a cycle
        else:
            r, acc = self.rng.random(), 0.0
            for s, p in row.items():
                acc += p
                if r < acc:
                    self.stage = s
                    break
        self.epochs += 1
        self.set(("tracking", "stage"), self.case(self.stage, "SleepStage"))
        self.set(("tracking", "epochs"), num(self.epochs))
        if self.epochs % 2 == 0:
            self.minutes[self.stage] += 1
            self.set(("tracking", "stageMinutes", ("k", self.stage)), num(self.minutes[self.stage]))
        conf = round(self.rng.uniform(0.6, 0.95), 2)
        return self.tr("stageComputed", Struct("StageEpoch", [("stage", self.en("SleepStage", self.stage)),
                                                              ("confidence", Raw(repr(conf))),
                                                              ("epoch", Raw(str(self.epochs)))]))

    @noise
    def volume_ramped(self, v):
        self.volume = v
        self.set(("alarm", "volume"), num(v))
        return self.al("volumeRamped", Raw(repr(v)))

    @noise
    def sync_progress(self, p):
        self.set(("healthSync", "progress"), num(p))
        return self.hs("progressUpdated", Raw(repr(p)))

    @noise
    def scrolled(self, y):
        self.set(self.rp("scrollOffset"), num(y))
        return self.rep(A(self.at("Report"), "scrolled", offset=Raw(repr(y))))

    @noise
    def scrubbed(self, chart, x, value):
        k = CHARTS.index(chart)
        self.set(self.rp("charts", ("i", k), "selection"), St("ChartSelection", [("minute", num(x)), ("value", num(value))]))
        return self.rep(A(self.at("Report"), "charts", self.element("Chart", q(chart), A(
            self.at("Chart"), "scrubbed", minute=Raw(str(x))))))

    # -- either
    # reason: each snore is a new recorded event (an id, a clip), but it comes at a breath's rhythm from a sensor
    @either
    def sound_event(self):
        self.snores += 1
        eid = "snd-%05d" % (31000 + self.snores)
        loud = round(self.rng.gauss(47, 4), 1)
        self.append(("tracking", "snoreEvents"), St("SoundEvent", [("id", text(eid)), ("kind", self.case("snore", "SoundKind")),
                                                                   ("decibels", num(loud)), ("at", self.date())]))
        self.episode["events"] += 1
        return self.tr("soundEventDetected", Struct("SoundEvent", [
            ("id", q(eid)), ("kind", self.en("SoundKind", "snore")), ("decibels", Raw(repr(loud))),
            ("clipDuration", Raw(repr(round(self.rng.uniform(0.8, 1.6), 1))))]))

    # reason: charts load as the report scrolls them into view (LABELS: thumbnails as a list scrolls)
    @either
    def series_loaded(self, chart):
        k = CHARTS.index(chart)
        n = {"hypnogram": self.epochs, "heartRate": self.samples // 6, "snoring": self.snores,
             "motion": 960, "noise": 720, "respiratoryRate": 480}[chart]
        self.set(self.rp("charts", ("i", k), "points"), num(n))
        self.set(self.rp("charts", ("i", k), "isLoading"), boolean(False))
        return self.rep(A(self.at("Report"), "charts", self.element("Chart", q(chart), A(
            self.at("Chart"), "seriesResponse", self.result("ChartSeries", True, Struct("ChartSeries", [
                ("points", Raw(str(n))), ("unit", q({"heartRate": "bpm", "noise": "dB"}.get(chart, "")))]))))))

    @either
    def note_typed(self, value):
        self.set(self.rp("note"), text(value))
        return self.rep(self.binding("Report", "note", q(value)))

    # -- signal
    @signal
    def watch_reachability(self, up):
        self.reachable = up
        self.set(("tracking", "isWatchReachable"), boolean(up))
        return self.act("watch", A(self.at("WatchConnectivity"), "reachabilityChanged", isReachable=self.bstr(up)))

    # reason: the detector's grouping of snores into an episode: an event, a few a night
    @signal
    def snoring_started(self):
        self.snoring = True
        self.episode = {"start": self.now, "events": 0}
        self.set(("tracking", "isSnoring"), boolean(True))
        return self.tr("snoringEpisodeStarted", at=self.stamp())

    @signal
    def snoring_ended(self):
        self.snoring = False
        self.set(("tracking", "isSnoring"), boolean(False))
        e = self.episode
        return self.tr("snoringEpisodeEnded", Struct("SnoringEpisode", [
            ("duration", Raw(str(int(self.now - e["start"])))), ("events", Raw(str(e["events"])))]))

    # reason: the alarm window the person set begins; once a night
    @signal
    def window_opened(self):
        self.alarm = "windowOpen"
        self.set(("alarm", "status"), self.case("windowOpen", "SmartAlarm.Status"))
        return self.al("windowOpened")

    @signal
    def alarm_triggered(self, reason):
        self.alarm = "ringing"
        self.set(("alarm", "status"), self.case("ringing", "SmartAlarm.Status"))
        return self.al("triggered", reason=self.en("TriggerReason", reason))

    @signal
    def snooze_tapped(self):
        self.alarm = "snoozed"
        self.volume = 0.0
        self.set(("alarm", "status"), self.case("snoozed", "SmartAlarm.Status"))
        self.set(("alarm", "volume"), num(0.0))
        self.set(("alarm", "snoozeCount"), num(int(self.get(("alarm", "snoozeCount")).cd) + 1))
        return self.al("snoozeButtonTapped")

    # reason: the snooze the person set runs out and the alarm rings again: an event they hear
    @signal
    def snooze_ended(self):
        self.alarm = "ringing"
        self.set(("alarm", "status"), self.case("ringing", "SmartAlarm.Status"))
        return self.al("snoozeEnded")

    @signal
    def dismiss_tapped(self):
        self.alarm = "dismissed"
        self.tracking = False
        self.volume = 0.0
        self.set(("alarm", "status"), self.case("dismissed", "SmartAlarm.Status"))
        self.set(("alarm", "volume"), num(0.0))
        self.set(("tracking", "isTracking"), boolean(False))
        return self.al("dismissButtonTapped")

    @signal
    def session_saved(self):
        total = sum(v for k, v in self.minutes.items() if k != "awake")
        self.set(("tracking", "savedNightID"), text("night-2026-11-20"))
        return self.tr("saveResponse", self.result("NightSummary", True, Struct("NightSummary", [
            ("id", q("night-2026-11-20")), ("asleepMinutes", Raw(str(total))),
            ("efficiency", Raw(repr(round(total / float(sum(self.minutes.values())), 2)))),
            ("snoreEvents", Raw(str(self.snores)))])))

    # reason: started by the saved night or the edited tags, not by a tap, but once per change
    @signal
    def sync_started(self, reason):
        self.set(("healthSync", "status"), self.case("syncing", "HealthSync.Status"))
        self.set(("healthSync", "progress"), num(0.0))
        return self.hs("start", reason=self.en("HealthSync.Reason", reason))

    @signal
    def sync_finished(self, n):
        self.set(("healthSync", "status"), self.case("idle", "HealthSync.Status"))
        self.set(("healthSync", "progress"), NIL)
        self.set(("healthSync", "lastSyncedAt"), self.date())
        return self.hs("finished", self.result("HealthSyncSummary", True, Struct("HealthSyncSummary", [
            ("samples", Raw(str(n))), ("categories", Raw("[.sleepAnalysis, .heartRate, .respiratoryRate]"))])))

    @signal
    def sync_failed(self):
        self.set(("healthSync", "status"), self.case("failed", "HealthSync.Status"))
        return self.hs("finished", self.result("HealthSyncSummary", False, Struct("HKError", [
            ("code", Raw("6")), ("description", q("Protected health data is inaccessible"))])))

    @signal
    def report_tapped(self):
        self.sheet = "report"
        self.set(("destination",), En(self.st("Destination"), "report", St(self.st("Report"), [
            ("night", NIL), ("charts", Arr(St(self.st("Chart"), [("id", text(c)), ("points", num(0)),
                                                                  ("isLoading", boolean(True)), ("selection", NIL)])
                                           for c in CHARTS)),
            ("tags", Arr()), ("note", text("")), ("scrollOffset", num(0.0))])))
        return self.act("viewReportButtonTapped")

    @signal
    def report_loaded(self):
        total = sum(v for k, v in self.minutes.items() if k != "awake")
        self.set(self.rp("night"), St("NightSummary", [("asleepMinutes", num(total)),
                                                      ("score", num(self.rng.randint(64, 92)))]))
        return self.rep(A(self.at("Report"), "reportResponse", self.result("NightReport", True, Struct("NightReport", [
            ("id", q("night-2026-11-20")), ("score", Raw(str(self.get(self.rp("night", "score")).cd))),
            ("asleepMinutes", Raw(str(total)))]))))

    # reason: the end of the person's drag on a chart, once per gesture
    @signal
    def scrub_ended(self, chart):
        k = CHARTS.index(chart)
        self.set(self.rp("charts", ("i", k), "selection"), NIL)
        return self.rep(A(self.at("Report"), "charts", self.element("Chart", q(chart), A(self.at("Chart"), "scrubEnded"))))

    @signal
    def tag_toggled(self, tag):
        tags = [v.cd for v in self.get(self.rp("tags")).items]
        if "." + tag in tags:
            self.remove_at(self.rp("tags"), tags.index("." + tag))
        else:
            self.append(self.rp("tags"), self.case(tag, "NightTag"))
        return self.rep(A(self.at("Report"), "tagToggled", tag=self.en("NightTag", tag)))

    @signal
    def report_done(self):
        tags = [v.cd.lstrip(".") for v in self.get(self.rp("tags")).items]
        note = self.get(self.rp("note")).df
        self.sheet = None
        self.set(("destination",), NIL)
        return self.rep(A(self.at("Report"), "delegate", A(self.at("Report") + ".Delegate", "saved", Struct(
            "NightAnnotations", [("tags", Raw("[%s]" % ", ".join("." + t for t in tags))), ("note", q(note))]))))

    @signal
    def goal_tapped(self):
        self.sheet = "bedtimeGoal"
        s = self.get(("settings",))
        self.set(("destination",), En(self.st("Destination"), "bedtimeGoal", St(self.st("BedtimeGoal"), [
            ("bedtime", s.f["bedtime"]), ("sleepGoalMinutes", s.f["sleepGoalMinutes"])])))
        return self.act("settings", A(self.at("Settings"), "bedtimeGoalRowTapped"))

    # reason: a stepper's taps, one per press (not a slider)
    @signal
    def goal_stepped(self, minutes):
        self.set(("destination", ("e", "bedtimeGoal"), "sleepGoalMinutes"), num(minutes))
        return self.presented("bedtimeGoal", self.binding("BedtimeGoal", "sleepGoalMinutes", Raw(str(minutes))))

    @signal
    def bedtime_picked(self, h, m):
        self.set(("destination", ("e", "bedtimeGoal"), "bedtime"), self.hm_value(h, m))
        return self.presented("bedtimeGoal", self.binding("BedtimeGoal", "bedtime", Struct(
            "DateComponents", [("hour", Raw(str(h))), ("minute", Raw(str(m)))])))

    @signal
    def goal_save(self):
        g = self.get(("destination", ("e", "bedtimeGoal")))
        self.set(("settings", "bedtime"), g.f["bedtime"])
        self.set(("settings", "sleepGoalMinutes"), g.f["sleepGoalMinutes"])
        self.set(("settings", "isSaving"), boolean(True))
        self.sheet = None
        self.set(("destination",), NIL)
        return self.presented("bedtimeGoal", A(self.at("BedtimeGoal"), "saveButtonTapped"))

    @signal
    def goal_saved(self):
        self.set(("settings", "isSaving"), boolean(False))
        return self.act("settings", A(self.at("Settings"), "goalSaveResponse", self.result(
            "SleepGoal", True, Struct("SleepGoal", [("bedtime", q("%s:%s" % (
                self.get(("settings", "bedtime")).f["hour"].cd, self.get(("settings", "bedtime")).f["minute"].cd.zfill(2)))),
                ("minutes", Raw(self.get(("settings", "sleepGoalMinutes")).cd))]))))

    @signal
    def scene_phase(self, phase):
        self.set(("scenePhase",), self.case(phase, "ScenePhase"))
        return self.act("scenePhaseChanged", A("ScenePhase", phase))

    # -- processes
    def processes(self):
        on = lambda: self.tracking
        watch = lambda: self.tracking and self.reachable
        return [self.periodic(self.clock_ticked, 1.0, 0.003, first=1.0, when=on),
                self.periodic(self.heart_rate, 5.0, 0.25, when=watch),
                self.motion_feed(), self.periodic(self.noise_level, 2.0, 0.02, when=on),
                self.periodic(self.stage_computed, 30.0, 0.05, when=on),
                self.snoring_feed(), self.watch_link(), self.alarm_flow()]

    def motion_feed(self):
        while True:
            yield self.rng.uniform(2.0, 4.0)
            if self.tracking and self.reachable:
                self.emit(self.motion)

    def watch_link(self):
        rng = self.rng
        yield rng.uniform(40, 200)
        if rng.random() < 0.6 and self.tracking:
            self.emit(self.watch_reachability, False)
            yield rng.uniform(20, 70)
            self.emit(self.watch_reachability, True)

    def snoring_feed(self):
        rng = self.rng
        while True:
            yield rng.uniform(40, 150)
            if not self.tracking or self.stage not in ("light", "deep") or self.alarm == "ringing":
                continue
            self.emit(self.snoring_started)
            end = self.now + rng.uniform(40, 140)
            breath = rng.uniform(3.6, 4.8)
            while self.now < end and self.tracking and self.alarm != "ringing" and self.stage != "awake":
                yield breath * rng.uniform(0.9, 1.1)
                if rng.random() < 0.85:
                    self.emit(self.sound_event)
            self.emit(self.snoring_ended)

    def ring(self):
        """The volume ramps up each second until the person acts."""
        v = 0.1
        self.emit(self.volume_ramped, v)
        while self.alarm == "ringing" and v < 1.0:
            yield 1.0
            if self.alarm != "ringing":
                return
            v = min(1.0, round(v + 0.03, 2))
            self.emit(self.volume_ramped, v)

    def sync(self, n, reason):
        rng = self.rng
        self.emit(self.sync_started, reason)
        if rng.random() < 0.1:
            yield rng.uniform(0.5, 1.5)
            self.emit(self.sync_failed)
            yield rng.uniform(3, 8)
            self.emit(self.sync_started, "retry")
        p = 0.0
        while p < 1.0:
            yield rng.uniform(0.15, 0.6)
            p = min(1.0, round(p + rng.uniform(0.02, 0.06), 2))
            self.emit(self.sync_progress, p)
        yield rng.uniform(0.1, 0.4)
        self.emit(self.sync_finished, n)

    def alarm_flow(self):
        rng = self.rng
        yield self.window_at
        self.emit(self.window_opened)
        while self.stage != "light":
            yield 1.0
        yield rng.uniform(0.05, 0.3)
        self.emit(self.alarm_triggered, "lightSleep")
        self.spawn(self.ring())
        yield rng.uniform(12, 50)
        self.emit(self.snooze_tapped)
        yield 180.0
        self.emit(self.snooze_ended)
        self.spawn(self.ring())
        yield rng.uniform(5, 35)
        self.emit(self.dismiss_tapped)
        yield rng.uniform(0.4, 1.2)
        self.emit(self.session_saved)
        self.spawn(self.sync(self.samples + self.epochs, "nightSaved"))
        yield from self.morning()

    def morning(self):
        rng = self.rng
        yield rng.uniform(15, 60)                  # awake, picks up the phone
        self.emit(self.report_tapped)
        yield rng.uniform(0.3, 1.0)
        self.emit(self.report_loaded)
        loaded = []

        def appear(y):
            for k in range(min(len(CHARTS), 2 + int(y // 320))):
                if CHARTS[k] not in loaded:
                    loaded.append(CHARTS[k])
                    self.after(rng.uniform(0.1, 0.7), self.series_loaded, CHARTS[k])
        appear(0.0)
        todo = ["scroll", "scroll", "scroll", "scrub", "scrub", "tags", "note", "scroll", "scrub"]
        while todo:
            yield rng.uniform(5, 20)
            what = todo.pop(0)
            if what == "scroll":
                y0 = float(self.get(self.rp("scrollOffset")).cd)
                v = rng.uniform(250, 600) * (1 if rng.random() < 0.75 else -1)
                hz = rng.uniform(55, 60)
                n = max(10, int(hz * rng.uniform(0.4, 1.3)))
                yield from self.gesture(self.scrolled, hz=hz, duration=n / hz, args=lambda i: (
                    max(0.0, min(1800.0, round(y0 + v * (1 - (1 - (i + 1) / n) ** 2), 1))),),
                    each=lambda i: appear(float(self.get(self.rp("scrollOffset")).cd)))
            elif what == "scrub":
                chart = rng.choice([c for c in loaded if c != "snoring"] or ["hypnogram"])
                x0 = rng.randint(0, 400)
                hz = rng.uniform(55, 60)
                n = max(10, int(hz * rng.uniform(0.8, 2.5)))
                dx = rng.randint(-120, 120)
                yield from self.gesture(self.scrubbed, hz=hz, duration=n / hz, args=lambda i: (
                    chart, max(0, x0 + int(dx * (i + 1) / n)), rng.randint(48, 70)))
                self.emit(self.scrub_ended, chart)
            elif what == "tags":
                for tag in rng.sample(["caffeine", "exercise", "alcohol", "lateMeal", "stress"], rng.randint(1, 3)):
                    self.emit(self.tag_toggled, tag)
                    yield rng.uniform(0.8, 3)
                if rng.random() < 0.3:
                    self.emit(self.tag_toggled, "caffeine")
                    yield rng.uniform(0.8, 3)
            elif what == "note":
                words = rng.choice(NOTES)
                for k in range(1, len(words) + 1):
                    self.emit(self.note_typed, words[:k])
                    yield rng.uniform(0.08, 0.4)
        yield rng.uniform(2, 8)
        self.emit(self.report_done)
        self.spawn(self.sync(rng.randint(3, 9), "annotationsEdited"))
        yield rng.uniform(5, 20)
        self.emit(self.goal_tapped)
        yield rng.uniform(2, 6)
        goal = 480
        for _ in range(rng.randint(1, 4)):
            goal += rng.choice([-15, 15, 15])
            self.emit(self.goal_stepped, goal)
            yield rng.uniform(0.4, 1.5)
        yield rng.uniform(1, 4)
        if rng.random() < 0.7:
            self.emit(self.bedtime_picked, rng.choice([22, 23]), rng.choice([0, 15, 30, 45]))
            yield rng.uniform(1, 4)
        self.emit(self.goal_save)
        yield rng.uniform(0.3, 1.0)
        self.emit(self.goal_saved)
        yield rng.uniform(10, 40)
        self.emit(self.scene_phase, "inactive")
        yield rng.uniform(0.2, 0.6)
        self.emit(self.scene_phase, "background")


APPS = {"transit": Transit, "vacuum": Vacuum, "sleep": Sleep}
