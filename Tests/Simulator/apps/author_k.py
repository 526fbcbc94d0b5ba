"""author-k: three simulated TCA apps for tcasim (navigation, glucose, videocall).

navigation: a turn-by-turn navigation app. The user searches a destination (typing in a
search field, suggestions arrive), picks a route among alternatives, starts guidance; GPS
location updates arrive about once a second while navigating (and less often when parked),
the maneuver banner updates, ETA recomputed periodically, traffic incidents pushed by the
server for roads along and off the route, rerouting when the driver leaves the route, the
user mutes voice, zooms/pans the map with gestures, reports an incident, ends the trip; the
phone's lock screen / background transitions.

glucose: a health app paired with a continuous glucose monitor and a watch: glucose
readings every 5 minutes (sometimes missed, sometimes backfilled in a burst after
reconnecting), heart rate from the watch every few seconds, Bluetooth connection state
changes, alerts when glucose is high/low (the user acknowledges them), the user logs meals
and insulin doses through forms, scrubs a chart with a drag gesture, syncs with a cloud
service on a schedule, a sensor warm-up countdown, HealthKit background deliveries.

videocall: a video-calling app: the user joins a meeting from a list, participants join
and leave, each participant's audio level and network quality reports stream in per
participant, active speaker changes, chat messages arrive, reactions, the user toggles
mic/camera, shares the screen, pins a participant, raises a hand, a call duration timer,
reconnect after network loss, the meeting ends.
"""

import tcasim
from tcasim import (App, A, Struct, Raw, q, noise, signal, either, V, St, Arr, Dic, En, NIL, num, text, boolean)

import math

AUTHOR = "author-k"


# ============================================================================ shared helpers

class _Base(App):
    """Helpers shared by the three apps: presentation, stack and delegate actions."""

    roots = ("AppAction", "AppFeature.Action")

    def presented(self, feature, inner):
        """`.presented(inner)` of a `PresentationAction<Feature.Action>`."""
        return A("PresentationAction<%s>" % self.at(feature), "presented", inner)

    def dismissed(self, feature):
        return A("PresentationAction<%s>" % self.at(feature), "dismiss")

    def delegate(self, feature, inner_case, *unlabeled, **labeled):
        """`.delegate(.case(...))` of a child feature."""
        return A(self.at(feature), "delegate", A(self.at(feature) + ".Delegate", inner_case, *unlabeled, **labeled))

    def stack_type(self):
        if tcasim.GENERICS == "two":
            return "StackAction<%s, %s>" % (self.st("Path"), self.at("Path"))
        return "StackActionOf<Path>"

    def stack_element(self, sid, inner):
        return A(self.stack_type(), "element", id=Raw("#%d" % sid), action=inner)

    def dt(self, t=None):
        """A Date as an action's payload."""
        return Raw(self.date(t).cd)

    def flt(self, x, nd=1):
        return Raw(repr(round(float(x), nd)))

    def r(self, x, nd):
        return round(float(x), nd)


# ============================================================================ navigation

PLACES = [("Markthalle Neun", "Eisenbahnstraße 42, Kreuzberg"), ("Tempelhofer Feld", "Tempelhofer Damm, Neukölln"),
          ("IKEA Berlin-Tempelhof", "Sachsendamm 47, Schöneberg"), ("Berlin Hauptbahnhof", "Europaplatz 1, Mitte"),
          ("Mauerpark", "Gleimstraße 55, Prenzlauer Berg"), ("KaDeWe", "Tauentzienstraße 21-24, Schöneberg"),
          ("Charité Campus Mitte", "Charitéplatz 1, Mitte"), ("Café Einstein Stammhaus", "Kurfürstenstraße 58"),
          ("Olympiastadion", "Olympischer Platz 3, Charlottenburg"), ("Bauhaus Archiv", "Klingelhöferstraße 14"),
          ("Tierpark Berlin", "Am Tierpark 125, Lichtenberg"), ("Mall of Berlin", "Leipziger Platz 12, Mitte"),
          ("Shell Tankstelle Sonnenallee", "Sonnenallee 211, Neukölln"), ("Zoologischer Garten", "Hardenbergplatz 8")]
STREETS = ["Karl-Marx-Allee", "Torstraße", "Invalidenstraße", "Friedrichstraße", "Leipziger Straße",
           "Potsdamer Straße", "Kantstraße", "Sonnenallee", "Frankfurter Allee", "Schönhauser Allee",
           "Bernauer Straße", "Greifswalder Straße", "Hermannstraße", "Skalitzer Straße", "Oranienstraße",
           "Stresemannstraße", "A100", "Seestraße", "Müllerstraße", "Prenzlauer Allee", "Hauptstraße",
           "Kaiserdamm", "Bismarckstraße", "Mehringdamm", "Gneisenaustraße", "Holzmarktstraße"]
TURNS = [("left", "Turn left onto %s", -90), ("right", "Turn right onto %s", 90),
         ("slightLeft", "Bear left onto %s", -35), ("slightRight", "Bear right onto %s", 35),
         ("straight", "Continue onto %s", 0), ("left", "At the light, turn left onto %s", -90),
         ("right", "Take the ramp on the right onto %s", 60)]
INCIDENT_KINDS = ["congestion", "accident", "roadworks", "laneClosure", "hazard", "brokenDownVehicle"]
REPORT_CATEGORIES = ["crash", "speedCamera", "hazard", "police", "roadClosed", "traffic"]


class Navigation(_Base):
    """A turn-by-turn navigation app (Berlin): search with debounced suggestions, a stack
    of place detail and route options, guidance fed by a 1 Hz GPS and a route-progress
    engine, server-pushed traffic incidents, reroutes, map gestures, reporting an incident.

    noise   locationManager.didUpdateLocation (1 Hz navigating, sparse and mostly no-ops
            parked), locationManager.didUpdateHeading (compass while parked),
            guidance.routeProgressChanged (1 Hz behind each fix), speech.didFinishSpeaking
            (clears the speaking flag after a prompt), guidance.etaRefreshTimerFired (30 s)
            and its etaResponse.success, traffic.incidentUpdated (delay nudges, many
            re-sent), map.cameraChanged (pinch and pan at 60 Hz), map.autoRecenterTimerFired
            and guidance.fasterRouteBannerTimedOut (echoes after a fixed delay)
    either  search.binding.set \\.$query (keystrokes)
    signal  taps, bindings of toggles, the stack's responses, the delegate that starts
            guidance, maneuver changes, off-route and reroutes, new and cleared incidents,
            faster-route offers, arrival, reports, network and scene changes"""

    name = "navigation"
    module = "Wayfinder"
    process = "Wayfinder"

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        self.lat = 52.5200 + rng.uniform(-0.03, 0.03)
        self.lon = 13.4050 + rng.uniform(-0.05, 0.05)
        self.course = rng.uniform(0, 360)
        self.speed = 0.0
        self.heading_deg = rng.uniform(0, 360)
        self.active = True           # scene phase
        self.online = True
        self.trip = None             # the route being driven (dict) while navigating
        self.trip_serial = 0
        self.stack_ids = []          # StackElementIDs on the path, in order
        self.next_stack_id = 0
        self.incident_ids = []
        self.banner = None           # faster-route offer on screen (serial)
        self.banner_serial = 0
        self.recenter_serial = 0
        self.gesturing = False
        incidents = {}
        for _ in range(rng.randint(4, 8)):
            iid, inc = self.make_incident(False)
            incidents[iid] = inc
        self.state = St(self.st("AppFeature"), [
            ("scenePhase", self.case("active", "ScenePhase")),
            ("locationAuthorization", self.case("notDetermined", "CLAuthorizationStatus")),
            ("networkStatus", self.case("satisfied", "NWPath.Status")),
            ("userLocation", NIL),
            ("heading", NIL),
            ("map", St(self.st("MapFeature"), [
                ("camera", self.camera_value(self.lat, self.lon, 15.0, 0.0, 0.0)),
                ("isFollowingUser", boolean(True)),
                ("isUserInteracting", boolean(False)),
                ("mode", self.case("explore", "MapFeature.Mode")),
                ("incidents", Dic(incidents))])),
            ("search", St(self.st("Search"), [
                ("query", text("")), ("isFocused", boolean(False)), ("isSearching", boolean(False)),
                ("suggestions", Arr())])),
            ("path", Dic({}, quoted=False, ordered=True)),
            ("guidance", NIL),
            ("destination", NIL)])

    # -- values
    def camera_value(self, lat, lon, zoom, heading, pitch):
        return St("MapCamera", [("centerLatitude", num(round(lat, 6))), ("centerLongitude", num(round(lon, 6))),
                                ("zoom", num(round(zoom, 2))), ("heading", num(round(heading, 1))),
                                ("pitch", num(round(pitch, 1)))])

    def make_incident(self, on_route):
        rng = self.rng
        iid = "inc-%05d" % rng.randrange(100000)
        self.incident_ids.append(iid)
        kind = rng.choice(INCIDENT_KINDS)
        return iid, St("TrafficIncident", [
            ("kind", self.case(kind, "TrafficIncident.Kind")), ("road", text(rng.choice(STREETS))),
            ("delayMinutes", num(rng.randint(1, 14))), ("isOnRoute", boolean(on_route)),
            ("updatedAt", self.date())])

    def location_struct(self, lat, lon, speed, course, acc):
        return Struct("Location", [
            ("coordinate", Struct("Coordinate", [("latitude", Raw(repr(round(lat, 6)))),
                                                 ("longitude", Raw(repr(round(lon, 6))))])),
            ("speed", Raw(repr(round(speed, 1)))), ("course", Raw(repr(round(course % 360, 1)))),
            ("horizontalAccuracy", Raw(repr(round(acc, 1)))), ("timestamp", self.dt())])

    def instruction(self, step):
        street, length, turn = step
        return turn[1] % street

    def maneuver_value(self, trip):
        """The banner: the maneuver at the end of the current step (onto the next street)."""
        steps, i = trip["steps"], trip["step"]
        if i >= len(steps):
            return St("Maneuver", [("instruction", text("Arrive at %s" % trip["dest"])),
                                   ("street", text(trip["dest"])), ("distanceMeters", num(0))])
        left = max(0, int(round((steps[i][1] - trip["along"]) / 10.0)) * 10)
        if i + 1 >= len(steps):
            return St("Maneuver", [("instruction", text("Arrive at %s" % trip["dest"])),
                                   ("street", text(trip["dest"])), ("distanceMeters", num(left))])
        nxt = steps[i + 1]
        return St("Maneuver", [("instruction", text(self.instruction(nxt))), ("street", text(nxt[0])),
                               ("distanceMeters", num(left))])

    def remaining(self, trip):
        steps = trip["steps"]
        meters = sum(s[1] for s in steps[trip["step"]:]) - trip["along"]
        meters = max(0.0, meters)
        seconds = meters / 9.0 + 20 * max(0, len(steps) - trip["step"] - 1) + trip["delay"]
        return int(meters), int(seconds)

    def route_summary(self, rid, name, meters, seconds, tolls=False):
        return St("RouteSummary", [("id", text(rid)), ("name", text(name)), ("distanceMeters", num(meters)),
                                   ("expectedTravelTime", num(seconds)), ("hasTolls", boolean(tolls))])

    def new_steps(self, meters=None):
        """A route's steps (street, length, turn); about `meters` long when given."""
        rng = self.rng
        n = rng.randint(4, 7) if meters is None else max(2, min(6, int(meters // 450) + 1))
        steps = [[rng.choice(STREETS), rng.uniform(220, 850), rng.choice(TURNS)] for _ in range(n)]
        if meters is not None:
            scale = meters / sum(st[1] for st in steps)
            for st in steps:
                st[1] *= scale
        return steps

    def route_option(self, i, steps):
        rng = self.rng
        meters = int(sum(st[1] for st in steps))
        seconds = int(meters / 9.0 + 20 * (len(steps) - 1))
        name = "Fastest" if i == 0 else "via %s" % steps[rng.randrange(len(steps))][0]
        return ("r-%04x" % rng.randrange(65536), name, meters, seconds, i == 2 and rng.random() < 0.4, steps)

    # -- actions: paths
    def lm(self, inner):
        return self.act("locationManager", inner)

    def lm_a(self, name, *a, **k):
        return self.lm(A("LocationManager.Action", name, *a, **k))

    def guid(self, name, *a, **k):
        return self.act("guidance", A(self.at("Guidance"), name, *a, **k))

    def mapa(self, name, *a, **k):
        return self.act("map", A(self.at("MapFeature"), name, *a, **k))

    def srch(self, name, *a, **k):
        return self.act("search", A(self.at("Search"), name, *a, **k))

    def traffic(self, name, *a, **k):
        return self.act("traffic", A("TrafficClient.Action", name, *a, **k))

    def dest(self, feature, name, *a, **k):
        inner = A(self.at("Destination"), feature[0].lower() + feature[1:], A(self.at(feature), name, *a, **k))
        return self.act("destination", self.presented("Destination", inner))

    def path_act(self, sid, feature, inner):
        case = feature[0].lower() + feature[1:]
        return self.act("path", self.stack_element(sid, A(self.at("Path"), case, inner)))

    def stack_path(self, sid, *rest):
        return ("path", ("k", "#%d" % sid), ("e", self.stack_case(sid))) + rest

    def stack_case(self, sid):
        return self.get(("path", ("k", "#%d" % sid))).case

    # ------------------------------------------------------------------ noise
    # reason: the GPS on its own 1 s schedule (sparse when parked); a coordinate nudged each fix
    @noise
    def location_updated(self, acc):
        prev = self.get(("userLocation",))
        lat, lon = round(self.lat, 6), round(self.lon, 6)
        action = self.lm_a("didUpdateLocation", self.location_struct(lat, lon, self.speed, self.course, acc))
        if prev is not NIL and self.trip is None:
            plat = float(prev.f["latitude"].cd)
            plon = float(prev.f["longitude"].cd)
            moved = math.hypot((lat - plat) * 111320, (lon - plon) * 111320 * math.cos(math.radians(lat)))
            if moved < 15.0:
                return action          # the reducer's distance filter: parked jitter is dropped
        self.set(("userLocation",), St("UserLocation", [
            ("latitude", num(lat)), ("longitude", num(lon)), ("speed", num(round(self.speed, 1))),
            ("course", num(round(self.course % 360, 1))), ("horizontalAccuracy", num(round(acc, 1)))]))
        if self.get(("map", "isFollowingUser")).cd == "true":
            self.set(("map", "camera", "centerLatitude"), num(lat))
            self.set(("map", "camera", "centerLongitude"), num(lon))
            if self.trip is not None:
                self.set(("map", "camera", "heading"), num(round(self.course % 360, 1)))
        return action

    # reason: the compass streams while the phone is in hand; the state keeps whole degrees (many no-ops)
    @noise
    def heading_updated(self, magnetic, accuracy):
        true_heading = (magnetic + 4.3) % 360
        self.set(("heading",), num(int(round(true_heading)) % 360))
        return self.lm_a("didUpdateHeading", Struct("Heading", [
            ("magneticHeading", self.flt(magnetic, 2)), ("trueHeading", self.flt(true_heading, 2)),
            ("headingAccuracy", self.flt(accuracy, 1))]))

    # reason: the navigation engine's progress, one per GPS fix: a distance counting down (no-op when stopped)
    @noise
    def route_progress(self, serial):
        trip = self.trip
        if trip is None or trip["serial"] != serial:
            return None
        meters, seconds = self.remaining(trip)
        man = self.maneuver_value(trip)
        self.set(("guidance", "maneuver", "distanceMeters"), man.f["distanceMeters"])
        self.set(("guidance", "distanceRemaining"), num(meters // 10 * 10))
        self.set(("guidance", "durationRemaining"), num(seconds // 5 * 5))
        step = trip["steps"][min(trip["step"], len(trip["steps"]) - 1)]
        left = step[1] - trip["along"]
        for threshold in (500, 120):
            if trip["spoken"].get(trip["step"], 999) > threshold >= left:
                trip["spoken"][trip["step"]] = threshold
                if self.get(("guidance", "isVoiceMuted")).cd == "false":
                    self.set(("guidance", "isSpeaking"), boolean(True))
                    self.after(self.rng.uniform(1.6, 3.4), self.speech_finished)
        return self.guid("routeProgressChanged", Struct("RouteProgress", [
            ("legIndex", Raw("0")), ("stepIndex", Raw(str(trip["step"]))),
            ("distanceToNextManeuver", self.flt(max(0.0, left), 1)), ("distanceRemaining", self.flt(meters, 1)),
            ("durationRemaining", self.flt(seconds, 1))]))

    # reason: the synthesizer's callback: undoes isSpeaking a fixed utterance length after the progress set it
    @noise
    def speech_finished(self):
        if self.get(("guidance",)) is not NIL:
            self.set(("guidance", "isSpeaking"), boolean(False))
        return self.act("speech", A("SpeechSynthesizer.Action", "didFinishSpeaking"))

    # reason: a 30 s timer while guiding, no payload, no state change
    @noise
    def eta_timer_fired(self, serial):
        if self.trip is None or self.trip["serial"] != serial:
            return None
        self.spawn(self.eta_effect(serial))
        return self.guid("etaRefreshTimerFired")

    # reason: the answer to the 30 s timer: nudges the arrival time by seconds, steady rhythm
    @noise
    def eta_success(self, serial, eta_t, delay):
        self.set(("guidance", "eta"), self.date(eta_t))
        self.set(("guidance", "trafficDelayMinutes"), num(delay))
        return self.guid("etaResponse", self.result("ETAEstimate", True, Struct("ETAEstimate", [
            ("expectedArrival", self.dt(eta_t)), ("trafficDelaySeconds", Raw(str(delay * 60)))])))

    # reason: server pushes re-sending an incident's delay, nudged by a minute or unchanged
    @noise
    def incident_updated(self, iid, delay):
        p = ("map", "incidents", ("k", iid))
        self.set(p + ("delayMinutes",), num(delay))
        return self.traffic("incidentUpdated", Struct("IncidentUpdate", [
            ("id", q(iid)), ("delayMinutes", Raw(str(delay)))]))

    # reason: pinch and pan frames at the display's rate, one camera value each
    @noise
    def camera_changed(self, lat, lon, zoom, heading):
        self.set(("map", "isFollowingUser"), boolean(False))
        self.set(("map", "isUserInteracting"), boolean(True))
        self.set(("map", "camera"), self.camera_value(lat, lon, zoom, heading,
                                                      float(self.get(("map", "camera", "pitch")).cd)))
        return self.mapa("cameraChanged", Struct("MapCamera", [
            ("centerLatitude", self.flt(lat, 6)), ("centerLongitude", self.flt(lon, 6)),
            ("zoom", self.flt(zoom, 2)), ("heading", self.flt(heading, 1))]))

    # reason: echo of a gesture's end: a fixed 10 s later it puts isFollowingUser back
    @noise
    def auto_recenter(self, serial):
        if serial != self.recenter_serial or self.trip is None:
            return None
        self.set(("map", "isFollowingUser"), boolean(True))
        self.set(("map", "camera"), self.camera_value(self.lat, self.lon, 17.0, self.course % 360, 45.0))
        return self.mapa("autoRecenterTimerFired")

    # reason: echo of the offer: removes the banner a fixed 12 s after it appeared
    @noise
    def banner_timed_out(self, serial):
        if self.banner != serial:
            return None
        self.banner = None
        self.set(("guidance", "fasterRoute"), NIL)
        return self.guid("fasterRouteBannerTimedOut")

    # ------------------------------------------------------------------ either
    # reason: a keystroke each in the search field; debatable either way
    @either
    def query_typed(self, value):
        self.set(("search", "query"), text(value))
        self.set(("search", "isSearching"), boolean(bool(value)))
        return self.act("search", self.binding("Search", "query", q(value)))

    # ------------------------------------------------------------------ signal
    @signal
    def app_task(self):
        return self.act("task")

    # reason: the system's answer on location permission, once at launch
    @signal
    def authorization_changed(self, status):
        self.set(("locationAuthorization",), self.case(status, "CLAuthorizationStatus"))
        return self.lm_a("didChangeAuthorization", A("CLAuthorizationStatus", status))

    @signal
    def scene_phase(self, phase):
        self.set(("scenePhase",), self.case(phase, "ScenePhase"))
        return self.act("scenePhaseChanged", A("ScenePhase", phase))

    # reason: the connection drops or comes back: a system event
    @signal
    def network_changed(self, status):
        self.set(("networkStatus",), self.case(status, "NWPath.Status"))
        return self.act("networkMonitor", A("NetworkMonitor.Action", "pathUpdated", A("NWPath.Status", status)))

    # reason: the person focuses the search field (a tap), unlike the query keystrokes beside it
    @signal
    def search_focus(self, focused):
        self.set(("search", "isFocused"), boolean(focused))
        return self.act("search", self.binding("Search", "isFocused", Raw("true" if focused else "false")))

    # reason: the debounced answer to the person's typing, one per pause
    @signal
    def suggestions_response(self, query):
        ql = query.lower()
        hits = [p for p in PLACES if ql in p[0].lower()] + [p for p in PLACES if ql[:2] in p[1].lower()]
        seen, rows = set(), []
        for title, sub in hits:
            if title not in seen and len(rows) < 5:
                seen.add(title)
                rows.append(St("Suggestion", [("title", text(title)), ("subtitle", text(sub))]))
        if not rows:
            rows = [St("Suggestion", [("title", text(query)), ("subtitle", text("Search nearby"))])]
        self.set(("search", "suggestions"), Arr(rows))
        self.set(("search", "isSearching"), boolean(False))
        return self.srch("suggestionsResponse", self.result("[Suggestion]", True, Struct("SuggestionResults", [
            ("query", q(query)), ("count", Raw(str(len(rows))))])))

    @signal
    def recent_tapped(self, index, place):
        sid = self.push_place(place)
        return self.srch("recentSearchTapped", index=Raw(str(index)))

    def push_place(self, place):
        sid = self.next_stack_id
        self.next_stack_id += 1
        self.stack_ids.append(sid)
        self.set(("search", "isFocused"), boolean(False))
        self.put(("path",), "#%d" % sid, En(self.st("Path"), "placeDetail", St(self.st("PlaceDetail"), [
            ("title", text(place[0])), ("address", NIL), ("phone", NIL), ("rating", NIL),
            ("isLoading", boolean(True))])))
        return sid

    @signal
    def poi_tapped(self, place):
        self.push_place(place)
        return self.mapa("pointOfInterestTapped", Struct("MapFeature.POI", [
            ("name", q(place[0])), ("category", Raw(self.rng.choice([".cafe", ".store", ".park", ".museum"])))]))

    @signal
    def overview_tapped(self):
        self.set(("map", "isFollowingUser"), boolean(False))
        self.set(("map", "camera"), self.camera_value(self.lat + self.rng.uniform(-0.01, 0.01),
                                                      self.lon + self.rng.uniform(-0.015, 0.015), 12.5, 0.0, 0.0))
        return self.guid("routeOverviewButtonTapped")

    @signal
    def share_eta_tapped(self):
        self.set(("destination",), En(self.st("Destination"), "shareETA", St(self.st("ShareETA"), [
            ("contacts", Arr(text(c) for c in self.contacts)), ("selected", Arr()), ("isSending", boolean(False))])))
        return self.guid("shareETAButtonTapped")

    @signal
    def share_contact_tapped(self, i):
        self.append(("destination", ("e", "shareETA"), "selected"), text(self.contacts[i]))
        return self.dest("ShareETA", "contactTapped", index=Raw(str(i)))

    @signal
    def share_send_tapped(self):
        self.set(("destination", ("e", "shareETA"), "isSending"), boolean(True))
        return self.dest("ShareETA", "sendButtonTapped")

    # reason: the answer to the person's Send
    @signal
    def share_response(self):
        if self.get(("destination",)) is NIL or self.get(("destination",)).case != "shareETA":
            return None
        n = len(self.get(("destination", ("e", "shareETA"), "selected")).items)
        self.set(("destination",), NIL)
        inner = A(self.at("Destination"), "shareETA", A(self.at("ShareETA"), "sendResponse", self.result(
            "ShareReceipt", True, Struct("ShareReceipt", [("recipients", Raw(str(n))),
                                                          ("expiresAt", self.dt(self.now + 3600))]))))
        return self.act("destination", self.presented("Destination", inner))

    @signal
    def suggestion_tapped(self, index, place):
        sid = self.next_stack_id
        self.next_stack_id += 1
        self.stack_ids.append(sid)
        self.set(("search", "isFocused"), boolean(False))
        self.put(("path",), "#%d" % sid, En(self.st("Path"), "placeDetail", St(self.st("PlaceDetail"), [
            ("title", text(place[0])), ("address", NIL), ("phone", NIL), ("rating", NIL),
            ("isLoading", boolean(True))])))
        return self.srch("suggestionTapped", index=Raw(str(index)))

    # reason: the answer to the person's tap on a place
    @signal
    def place_response(self, sid, place):
        if sid not in self.stack_ids:
            return None
        rating = round(self.rng.uniform(3.6, 4.9), 1)
        phone = "+49 30 %d" % self.rng.randrange(1000000, 9999999)
        base = self.stack_path(sid)
        self.set(base + ("address",), text(place[1]))
        self.set(base + ("phone",), text(phone))
        self.set(base + ("rating",), num(rating))
        self.set(base + ("isLoading",), boolean(False))
        return self.path_act(sid, "PlaceDetail", A(self.at("PlaceDetail"), "placeResponse", self.result(
            "Place", True, Struct("Place", [("name", q(place[0])), ("address", q(place[1])),
                                            ("rating", Raw(repr(rating)))]))))

    @signal
    def directions_tapped(self, sid, place):
        rid = self.next_stack_id
        self.next_stack_id += 1
        self.stack_ids.append(rid)
        self.put(("path",), "#%d" % rid, En(self.st("Path"), "routeOptions", St(self.st("RouteOptions"), [
            ("destinationName", text(place[0])), ("routes", Arr()), ("selectedRouteID", NIL),
            ("isLoading", boolean(True))])))
        return self.path_act(sid, "PlaceDetail", A(self.at("PlaceDetail"), "directionsButtonTapped"))

    # reason: the answer to the person's Directions tap
    @signal
    def routes_response(self, sid, place, routes):
        if sid not in self.stack_ids:
            return None
        base = self.stack_path(sid)
        self.set(base + ("routes",), Arr(self.route_summary(*r[:5]) for r in routes))
        self.set(base + ("selectedRouteID",), text(routes[0][0]))
        self.set(base + ("isLoading",), boolean(False))
        return self.path_act(sid, "RouteOptions", A(self.at("RouteOptions"), "routesResponse", self.result(
            "[RouteSummary]", True, Struct("DirectionsResponse", [
                ("destination", q(place[0])), ("routeCount", Raw(str(len(routes)))),
                ("fastestTravelTime", Raw(str(routes[0][3])))]))))

    @signal
    def route_tapped(self, sid, rid):
        self.set(self.stack_path(sid, "selectedRouteID"), text(rid))
        return self.path_act(sid, "RouteOptions", A(self.at("RouteOptions"), "routeTapped", id=q(rid)))

    @signal
    def back_tapped(self, sid):
        i = self.stack_ids.index(sid)
        for x in self.stack_ids[i:]:
            self.delete(("path",), "#%d" % x)
        del self.stack_ids[i:]
        return self.act("path", A(self.stack_type(), "popFrom", id=Raw("#%d" % sid)))

    @signal
    def search_cancelled(self):
        self.set(("search", "query"), text(""))
        self.set(("search", "isFocused"), boolean(False))
        self.set(("search", "suggestions"), Arr())
        self.set(("search", "isSearching"), boolean(False))
        return self.srch("cancelButtonTapped")

    @signal
    def start_tapped(self, sid):
        return self.path_act(sid, "RouteOptions", A(self.at("RouteOptions"), "startButtonTapped"))

    # reason: a delegate action: the child tells the root to start guidance
    @signal
    def start_navigation(self, sid, route):
        """The route options' delegate: the root clears the stack and starts guidance."""
        rid, name, meters, seconds, tolls, steps = route
        self.trip_serial += 1
        self.trip = {"serial": self.trip_serial, "id": rid, "dest": self.pending_place[0], "steps": steps,
                     "step": 0, "along": 0.0, "delay": 0, "spoken": {}, "stop_until": 0.0, "target": 11.0,
                     "miss_step": None, "off": 0, "arrived": False}
        if self.rng.random() < 0.55:
            self.trip["miss_step"] = self.rng.randrange(1, len(self.trip["steps"]))
        trip = self.trip
        action = self.path_act(sid, "RouteOptions", A(self.at("RouteOptions"), "delegate", A(
            self.at("RouteOptions") + ".Delegate", "startNavigation", Struct("RouteSummary", [
                ("id", q(rid)), ("name", q(name)), ("distanceMeters", Raw(str(meters))),
                ("expectedTravelTime", Raw(str(seconds)))]))))
        for x in list(self.stack_ids):
            self.delete(("path",), "#%d" % x)
        self.stack_ids = []
        m, s = self.remaining(trip)
        self.set(("search", "query"), text(""))
        self.set(("search", "suggestions"), Arr())
        self.set(("guidance",), St(self.st("Guidance"), [
            ("routeID", text(rid)), ("routeName", text(name)), ("destinationName", text(trip["dest"])),
            ("maneuver", self.maneuver_value(trip)), ("distanceRemaining", num(m // 10 * 10)),
            ("durationRemaining", num(s // 5 * 5)), ("eta", self.date(self.now + s)),
            ("trafficDelayMinutes", num(0)), ("isOffRoute", boolean(False)), ("isRerouting", boolean(False)),
            ("rerouteCount", num(0)), ("isVoiceMuted", boolean(self.muted)), ("isSpeaking", boolean(False)),
            ("fasterRoute", NIL)]))
        self.set(("map", "mode"), self.case("navigation", "MapFeature.Mode"))
        self.set(("map", "isFollowingUser"), boolean(True))
        self.set(("map", "camera"), self.camera_value(self.lat, self.lon, 17.0, self.course % 360, 45.0))
        return action

    # reason: the banner moves on to the next maneuver: a status change at the route's irregular pace
    @signal
    def instruction_changed(self, serial):
        trip = self.trip
        if trip is None or trip["serial"] != serial:
            return None
        steps, i = trip["steps"], trip["step"]
        self.set(("guidance", "maneuver"), self.maneuver_value(trip))
        if i + 1 < len(steps):
            primary, kind, direction = steps[i + 1][0], ".turn", "." + steps[i + 1][2][0]
        else:
            primary, kind, direction = trip["dest"], ".arrive", ".straight"
        return self.guid("visualInstructionChanged", Struct("VisualInstruction", [
            ("primaryText", q(primary)), ("maneuverType", Raw(kind)),
            ("maneuverDirection", Raw(direction)), ("distanceAlongStep", self.flt(steps[i][1], 1))]))

    # reason: the engine detects the driver left the route: a rare event that starts a reroute
    @signal
    def off_route(self, serial):
        if self.trip is None or self.trip["serial"] != serial:
            return None
        self.set(("guidance", "isOffRoute"), boolean(True))
        self.set(("guidance", "isRerouting"), boolean(True))
        return self.guid("userDidLeaveRoute", self.location_struct(self.lat, self.lon, self.speed, self.course, 6.0))

    # reason: a new route replaces the old one, after an off-route or an accepted offer
    @signal
    def reroute_response(self, serial, ok):
        trip = self.trip
        if trip is None or trip["serial"] != serial:
            return None
        if not ok:
            self.set(("guidance", "isRerouting"), boolean(False))
            return self.guid("rerouteResponse", self.result("Route", False, Struct("DirectionsError", [
                ("code", Raw(".networkUnavailable"))])))
        left = sum(st[1] for st in trip["steps"][trip["step"]:]) - trip["along"]
        trip["steps"] = self.new_steps(max(400.0, left + self.rng.uniform(150, 600)))
        trip["step"], trip["along"], trip["spoken"], trip["off"] = 0, 0.0, {}, 0
        trip["id"] = "r-%04x" % self.rng.randrange(65536)
        if self.rng.random() < 0.25:
            trip["miss_step"] = self.rng.randrange(1, len(trip["steps"]))
        m, s = self.remaining(trip)
        self.set(("guidance", "routeID"), text(trip["id"]))
        self.set(("guidance", "maneuver"), self.maneuver_value(trip))
        self.set(("guidance", "isOffRoute"), boolean(False))
        self.set(("guidance", "isRerouting"), boolean(False))
        self.set(("guidance", "fasterRoute"), NIL)
        self.set(("guidance", "distanceRemaining"), num(m // 10 * 10))
        self.set(("guidance", "durationRemaining"), num(s // 5 * 5))
        self.set(("guidance", "rerouteCount"), num(int(self.get(("guidance", "rerouteCount")).cd) + 1))
        self.banner = None
        return self.guid("rerouteResponse", self.result("Route", True, Struct("Route", [
            ("id", q(trip["id"])), ("distanceMeters", Raw(str(m))), ("expectedTravelTime", Raw(str(s))),
            ("stepCount", Raw(str(len(trip["steps"]))))])))

    # reason: a failed request while the network is gone: an error the reader must see
    @signal
    def eta_failure(self, serial):
        return self.guid("etaResponse", self.result("ETAEstimate", False, Struct("URLError", [
            ("code", Raw("-1009")), ("localizedDescription", q("The Internet connection appears to be offline."))])))

    def eta_effect(self, serial):
        """The ETA request the timer started: its answer a moment later."""
        yield self.rng.uniform(0.25, 1.1)
        trip = self.trip
        if trip is None or trip["serial"] != serial:
            return
        if not self.online:
            self.emit(self.eta_failure, serial)
            return
        if self.rng.random() < 0.3:
            trip["delay"] = max(0, trip["delay"] + self.rng.choice([-60, 60, 120]))
        m, s = self.remaining(trip)
        self.emit(self.eta_success, serial, self.now + s, trip["delay"] // 60)

    # reason: a new incident object from the server (on or off the route): a new id on the map
    @signal
    def incident_reported(self, on_route):
        iid, inc = self.make_incident(on_route)
        self.put(("map", "incidents"), iid, inc)
        return self.traffic("incidentReported", Struct("TrafficIncident", [
            ("id", q(iid)), ("kind", Raw(inc.f["kind"].cd)), ("road", q(inc.f["road"].df)),
            ("delayMinutes", Raw(inc.f["delayMinutes"].cd)), ("isOnRoute", Raw(inc.f["isOnRoute"].cd))]))

    # reason: the server withdraws an incident: an id leaves the map, irregular
    @signal
    def incident_cleared(self, iid):
        self.incident_ids.remove(iid)
        self.delete(("map", "incidents"), iid)
        return self.traffic("incidentCleared", id=q(iid))

    # reason: the server offers a new route object; the person may accept it
    @signal
    def faster_route_found(self, serial, saving):
        trip = self.trip
        if trip is None or trip["serial"] != serial or self.banner is not None:
            return None
        self.banner_serial += 1
        self.banner = self.banner_serial
        rid = "r-%04x" % self.rng.randrange(65536)
        m, s = self.remaining(trip)
        self.set(("guidance", "fasterRoute"), St("FasterRouteOffer", [
            ("routeID", text(rid)), ("savingsSeconds", num(saving)), ("via", text(self.rng.choice(STREETS)))]))
        self.after(12.0, self.banner_timed_out, self.banner)
        return self.guid("fasterRouteFound", Struct("RouteSummary", [
            ("id", q(rid)), ("distanceMeters", Raw(str(m + self.rng.randint(-300, 400)))),
            ("expectedTravelTime", Raw(str(s - saving)))]))

    @signal
    def faster_route_accept(self):
        self.banner = None
        self.set(("guidance", "isRerouting"), boolean(True))
        self.after(self.rng.uniform(0.5, 1.4), self.reroute_response, self.trip["serial"], self.online)
        return self.guid("fasterRouteAcceptTapped")

    @signal
    def faster_route_dismiss(self):
        self.banner = None
        self.set(("guidance", "fasterRoute"), NIL)
        return self.guid("fasterRouteDismissTapped")

    @signal
    def mute_toggled(self, muted):
        self.muted = muted
        self.set(("guidance", "isVoiceMuted"), boolean(muted))
        if muted:
            self.set(("guidance", "isSpeaking"), boolean(False))
        return self.act("guidance", self.binding("Guidance", "isVoiceMuted", Raw("true" if muted else "false")))

    # reason: the end of the person's pinch or pan (the frames before it are noise)
    @signal
    def gesture_ended(self):
        if self.trip is not None:
            self.recenter_serial += 1
            self.after(10.0, self.auto_recenter, self.recenter_serial)
        self.set(("map", "isUserInteracting"), boolean(False))
        return self.mapa("gestureEnded")

    @signal
    def recenter_tapped(self):
        self.recenter_serial += 1
        self.set(("map", "isFollowingUser"), boolean(True))
        if self.trip is not None:
            cam = self.camera_value(self.lat, self.lon, 17.0, self.course % 360, 45.0)
        else:
            cam = self.camera_value(self.lat, self.lon, 15.0, 0.0, 0.0)
        self.set(("map", "camera"), cam)
        return self.mapa("recenterButtonTapped")

    @signal
    def report_tapped(self):
        self.set(("destination",), En(self.st("Destination"), "reportIncident", St(self.st("ReportIncident"), [
            ("category", NIL), ("isSubmitting", boolean(False))])))
        return self.guid("reportIncidentButtonTapped")

    @signal
    def report_category(self, cat):
        self.set(("destination", ("e", "reportIncident"), "category"), self.case(cat, "IncidentCategory"))
        return self.dest("ReportIncident", "categoryTapped", A("IncidentCategory", cat))

    @signal
    def report_submit(self):
        self.set(("destination", ("e", "reportIncident"), "isSubmitting"), boolean(True))
        return self.dest("ReportIncident", "submitButtonTapped")

    # reason: the answer to the person's submit
    @signal
    def report_response(self, cat):
        if self.get(("destination",)) is NIL:
            return None
        rid = "rep-%06d" % self.rng.randrange(1000000)
        self.set(("destination", ("e", "reportIncident"), "isSubmitting"), boolean(False))
        return self.dest("ReportIncident", "submitResponse", self.result("IncidentReceipt", True, Struct(
            "IncidentReceipt", [("id", q(rid)), ("category", Raw("." + cat)), ("pointsAwarded", Raw("5"))])))

    # reason: a delegate action: the sheet tells the root the report went in
    @signal
    def report_delegate(self, cat):
        self.set(("destination",), NIL)
        iid = "inc-%05d" % self.rng.randrange(100000)
        self.incident_ids.append(iid)
        kind = {"crash": "accident", "hazard": "hazard", "roadClosed": "laneClosure"}.get(cat, "congestion")
        self.put(("map", "incidents"), iid, St("TrafficIncident", [
            ("kind", self.case(kind, "TrafficIncident.Kind")), ("road", text(self.trip_street())),
            ("delayMinutes", num(0)), ("isOnRoute", boolean(True)), ("updatedAt", self.date())]))
        inner = A(self.at("Destination"), "reportIncident", self.delegate("ReportIncident", "didSubmit", q(iid)))
        return self.act("destination", self.presented("Destination", inner))

    @signal
    def sheet_dismissed(self):
        self.set(("destination",), NIL)
        return self.act("destination", self.dismissed("Destination"))

    @signal
    def end_trip_tapped(self):
        self.set(("destination",), En(self.st("Destination"), "alert", St("AlertState<Destination.Alert>", [
            ("title", text("End route?")), ("buttons", num(2))])))
        return self.guid("endTripButtonTapped")

    @signal
    def end_trip_confirmed(self):
        self.finish_trip()
        self.set(("destination",), NIL)
        inner = A(self.at("Destination"), "alert", A(self.at("Destination") + ".Alert", "confirmEndTrip"))
        return self.act("destination", self.presented("Destination", inner))

    # reason: the engine's arrival: the trip's end, once
    @signal
    def arrived(self, serial):
        trip = self.trip
        if trip is None or trip["serial"] != serial:
            return None
        trip["arrived"] = True
        self.set(("guidance", "maneuver"), self.maneuver_value(trip))
        self.set(("guidance", "distanceRemaining"), num(0))
        self.set(("guidance", "durationRemaining"), num(0))
        self.set(("destination",), En(self.st("Destination"), "arrival", St(self.st("Arrival"), [
            ("destinationName", text(trip["dest"])), ("arrivedAt", self.date())])))
        return self.guid("didArriveAtDestination", Struct("Waypoint", [
            ("name", q(trip["dest"])), ("coordinate", Struct("Coordinate", [
                ("latitude", self.flt(self.lat, 6)), ("longitude", self.flt(self.lon, 6))]))]))

    @signal
    def arrival_done(self):
        self.finish_trip()
        self.set(("destination",), NIL)
        return self.dest("Arrival", "doneButtonTapped")

    def finish_trip(self):
        self.trip = None
        self.banner = None
        self.speed = 0.0
        self.set(("guidance",), NIL)
        self.set(("map", "mode"), self.case("explore", "MapFeature.Mode"))
        self.set(("map", "isFollowingUser"), boolean(True))
        self.set(("map", "camera"), self.camera_value(self.lat, self.lon, 15.0, 0.0, 0.0))

    def trip_street(self):
        if self.trip is None:
            return self.rng.choice(STREETS)
        return self.trip["steps"][min(self.trip["step"], len(self.trip["steps"]) - 1)][0]

    # ------------------------------------------------------------------ processes
    def processes(self):
        self.muted = False
        self.contacts = ["Anna", "Jonas", "Mama", "Lea Schmidt", "Büro"]
        self.pending_place = PLACES[0]
        return [self.gps(), self.parked_gps(), self.compass(), self.traffic_feed(), self.network(),
                self.person()]

    def advance(self):
        """One second of driving along the trip; returns events to emit after the fix."""
        rng = self.rng
        trip = self.trip
        events = []
        if self.now < trip["stop_until"]:
            self.speed = 0.0
        else:
            self.speed += max(-3.0, min(2.0, trip["target"] - self.speed)) + rng.uniform(-0.4, 0.4)
            self.speed = max(0.0, min(19.0, self.speed))
        d = self.speed
        self.lat += d * math.cos(math.radians(self.course)) / 111320.0
        self.lon += d * math.sin(math.radians(self.course)) / (111320.0 * math.cos(math.radians(self.lat)))
        if trip["off"]:
            trip["off"] += 1
            if trip["off"] == rng.randint(4, 7) or trip["off"] > 7:
                trip["off"] = -1   # reported
                events.append("offroute")
            return events
        if trip["off"] < 0:
            return events
        trip["along"] += d
        steps = trip["steps"]
        step = steps[trip["step"]]
        if step[1] - trip["along"] < 60 and trip["stop_until"] < self.now - 5 and rng.random() < 0.08:
            trip["stop_until"] = self.now + rng.uniform(8, 45)     # a red light
        if trip["along"] >= step[1]:
            if trip["miss_step"] == trip["step"]:
                trip["miss_step"] = None
                trip["off"] = 1                                    # drove straight past the turn
                return events
            if trip["step"] + 1 >= len(steps):
                trip["along"] = step[1]
                trip["step"] += 1
                events.append("arrive")
            else:
                trip["along"] -= step[1]
                trip["step"] += 1
                self.course = (self.course + steps[trip["step"]][2][2]) % 360
                trip["target"] = rng.uniform(8.0, 15.0)
                events.append("instruction")
        return events

    def gps(self):
        """The 1 Hz fixes while navigating, each followed by the engine's progress."""
        rng = self.rng
        due = self.now + rng.uniform(0, 1)
        while True:
            due += 1.0
            yield max(0.0005, due + rng.uniform(-0.03, 0.03) - self.now)
            trip = self.trip
            if trip is None or trip["arrived"]:
                continue
            events = self.advance()
            acc = rng.uniform(3.0, 8.0) if self.online else rng.uniform(8.0, 30.0)
            self.emit(self.location_updated, acc)
            if trip["off"] == 0:
                self.after(rng.uniform(0.015, 0.04), self.route_progress, trip["serial"])
            for e in events:
                if e == "instruction":
                    self.after(rng.uniform(0.05, 0.09), self.instruction_changed, trip["serial"])
                elif e == "offroute":
                    self.after(rng.uniform(0.05, 0.2), self.off_route, trip["serial"])
                    self.after(rng.uniform(0.9, 2.2), self.reroute_response, trip["serial"], self.online)
                elif e == "arrive":
                    self.after(rng.uniform(0.05, 0.09), self.arrived, trip["serial"])

    def parked_gps(self):
        """Parked or walking: sparse fixes, only while the app is in the foreground."""
        rng = self.rng
        while True:
            yield self.expo(4.0)
            if self.trip is None and self.active and self.get(("locationAuthorization",)).cd != ".notDetermined":
                self.lat += rng.uniform(-0.00006, 0.00006)
                self.lon += rng.uniform(-0.00009, 0.00009)
                self.speed = 0.0
                self.emit(self.location_updated, rng.uniform(5.0, 35.0))

    def compass(self):
        rng = self.rng
        while True:
            yield self.expo(0.9 if self.busy else 3.0)
            if self.trip is None and self.active and self.get(("locationAuthorization",)).cd != ".notDetermined":
                self.heading_deg = (self.heading_deg + rng.gauss(0, 1.6)) % 360
                self.emit(self.heading_updated, round(self.heading_deg, 2), rng.choice([5.0, 10.0, 15.0, 25.0]))

    def eta_timer(self, serial):
        due = self.now
        while self.trip is not None and self.trip["serial"] == serial:
            due += 30.0
            yield max(0.0005, due + self.rng.uniform(-0.02, 0.02) - self.now)
            self.emit(self.eta_timer_fired, serial)

    def traffic_feed(self):
        """The traffic socket: new incidents, delay updates, withdrawals (while open)."""
        rng = self.rng
        next_new = self.now + self.expo(45.0)
        next_clear = self.now + self.expo(90.0)
        while True:
            yield self.expo(5.5)
            if not (self.active or self.trip is not None) or not self.online:
                continue
            if self.now >= next_new:
                next_new = self.now + self.expo(45.0)
                on = self.trip is not None and rng.random() < 0.3
                self.emit(self.incident_reported, on)
                if on and rng.random() < 0.45:
                    self.after(rng.uniform(1.5, 4.0), self.faster_route_found, self.trip["serial"],
                               rng.randint(60, 420))
                continue
            if self.now >= next_clear and len(self.incident_ids) > 3:
                next_clear = self.now + self.expo(90.0)
                self.emit(self.incident_cleared, rng.choice(self.incident_ids))
                continue
            if self.incident_ids:
                iid = rng.choice(self.incident_ids)
                cur = int(self.get(("map", "incidents", ("k", iid), "delayMinutes")).cd)
                if rng.random() < 0.5:
                    new = cur
                else:
                    new = max(0, cur + rng.choice([-2, -1, -1, 1, 1, 2, 3]))
                self.emit(self.incident_updated, iid, new)

    def network(self):
        rng = self.rng
        while True:
            yield rng.uniform(150, 420)
            if self.trip is None:
                continue
            self.online = False
            self.emit(self.network_changed, "unsatisfied")
            yield rng.uniform(15, 70)
            self.online = True
            self.emit(self.network_changed, "satisfied")

    # -- the person
    def pause(self, lo, hi):
        return self.rng.uniform(lo, hi)

    def pan_or_pinch(self):
        """One map gesture: a pan or a pinch, at the display's rate."""
        rng = self.rng
        cam = self.get(("map", "camera"))
        lat0, lon0 = float(cam.f["centerLatitude"].cd), float(cam.f["centerLongitude"].cd)
        zoom0, head0 = float(cam.f["zoom"].cd), float(cam.f["heading"].cd)
        pinch = rng.random() < 0.4
        dlat, dlon = rng.uniform(-0.004, 0.004), rng.uniform(-0.006, 0.006)
        dzoom = rng.uniform(-1.8, 1.8) if pinch else 0.0
        hz = 60.0 if rng.random() < 0.7 else 120.0
        duration = min(2.5, 0.25 + rng.lognormvariate(math.log(0.5), 0.6))
        n = max(3, int(duration * hz))

        def at(i):
            f = (i + 1) / n
            e = 1 - (1 - f) ** 2
            if pinch:
                return (lat0 + dlat * 0.1 * e, lon0 + dlon * 0.1 * e, zoom0 + dzoom * e, head0)
            return (lat0 + dlat * e + rng.uniform(-2e-6, 2e-6), lon0 + dlon * e + rng.uniform(-2e-6, 2e-6),
                    zoom0, head0)
        self.gesturing = True
        yield from self.gesture(self.camera_changed, hz=hz, duration=n / hz, args=at)
        self.gesturing = False
        yield rng.uniform(0.02, 0.06)
        self.emit(self.gesture_ended)

    def wait_active(self):
        while not self.active:
            yield 1.0

    def lock_phone(self, lo, hi):
        rng = self.rng
        self.active = False
        self.emit(self.scene_phase, "inactive")
        yield rng.uniform(0.3, 0.8)
        self.emit(self.scene_phase, "background")
        yield rng.uniform(lo, hi)
        self.emit(self.scene_phase, "inactive")
        yield rng.uniform(0.1, 0.4)
        self.active = True
        self.emit(self.scene_phase, "active")

    def browse(self, seconds):
        """Parked: look around the map, now and then a pause or the phone put away."""
        rng = self.rng
        end = self.now + seconds
        think = self.think((1.0, 3.0), (5.0, 14.0), (20, 50), (15, 40))
        while self.now < end:
            yield next(think)
            r = rng.random()
            if r < 0.4:
                for _ in range(rng.choice([1, 1, 2, 3])):
                    yield from self.pan_or_pinch()
                    yield rng.uniform(0.3, 2.5)
            elif r < 0.55 and self.get(("destination",)) is NIL:   # look at a place on the map
                place = rng.choice(PLACES)
                self.emit(self.poi_tapped, place)
                sid = self.stack_ids[-1]
                self.after(rng.uniform(0.3, 0.9), self.place_response, sid, place)
                yield rng.uniform(3.0, 12.0)
                self.emit(self.back_tapped, sid)
            elif r < 0.7 and self.get(("map", "isFollowingUser")).cd == "false":
                self.emit(self.recenter_tapped)
            elif r < 0.78:
                yield from self.lock_phone(20, 70)
            else:
                yield rng.uniform(3, 10)

    def type_query(self, word):
        rng = self.rng
        cur = ""
        k = 0
        typo_at = rng.randrange(2, len(word)) if rng.random() < 0.3 and len(word) > 3 else None
        while cur != word:
            if typo_at is not None and len(cur) == typo_at:
                cur += rng.choice("aeinorst")
                typo_at = None
                self.emit(self.query_typed, cur)
                yield rng.uniform(0.3, 0.8)
                cur = cur[:-1]
            else:
                cur = word[:len(cur) + 1]
            self.emit(self.query_typed, cur)
            k += 1
            gap = rng.uniform(0.08, 0.35) if cur != word else rng.uniform(0.6, 1.4)
            if gap > 0.3 and len(cur) >= 2:               # debounced 300 ms
                lag = 0.3 + rng.uniform(0.08, 0.3)
                if lag < gap:
                    yield lag
                    self.emit(self.suggestions_response, cur)
                    gap -= lag
            yield gap

    def plan_trip(self):
        """Search, a place, the route options, start. True when guidance started."""
        rng = self.rng
        self.emit(self.search_focus, True)
        yield rng.uniform(0.6, 1.8)
        place = rng.choice(PLACES)
        if rng.random() < 0.35:                          # one of the recent searches
            yield rng.uniform(0.8, 3.0)
            self.emit(self.recent_tapped, rng.randrange(5), place)
            sid = self.stack_ids[-1]
            self.after(rng.uniform(0.3, 0.9), self.place_response, sid, place)
            yield rng.uniform(2.0, 7.0)
            return (yield from self.choose_route(sid, place))
        word = place[0][:rng.randint(4, min(11, len(place[0])))]
        yield from self.type_query(word)
        if rng.random() < 0.1:
            yield rng.uniform(1, 4)
            self.emit(self.search_cancelled)
            return False
        while True:
            yield rng.uniform(0.8, 2.5)
            n = len(self.get(("search", "suggestions")).items) or 1
            idx = 0 if rng.random() < 0.7 else rng.randrange(n)
            self.emit(self.suggestion_tapped, idx, place)
            sid = self.stack_ids[-1]
            self.after(rng.uniform(0.3, 0.9), self.place_response, sid, place)
            yield rng.uniform(2.0, 7.0)
            if rng.random() < 0.15:
                self.emit(self.back_tapped, sid)
                place = rng.choice(PLACES)
                continue
            break
        return (yield from self.choose_route(sid, place))

    def choose_route(self, sid, place):
        rng = self.rng
        self.pending_place = place
        self.emit(self.directions_tapped, sid, place)
        rsid = self.stack_ids[-1]
        routes = []
        first = self.new_steps()
        for i in range(rng.randint(2, 3)):
            steps = first if i == 0 else self.new_steps(sum(st[1] for st in first) * rng.uniform(1.03, 1.25))
            routes.append(self.route_option(i, steps))
        yield rng.uniform(0.7, 2.2)
        self.emit(self.routes_response, rsid, place, routes)
        chosen = routes[0]
        for _ in range(rng.choice([0, 1, 1, 2, 3])):
            yield rng.uniform(1.5, 5.0)
            chosen = rng.choice(routes)
            self.emit(self.route_tapped, rsid, chosen[0])
        yield rng.uniform(1.0, 4.0)
        if rng.random() < 0.08:
            self.emit(self.back_tapped, rsid)
            yield rng.uniform(1, 3)
            self.emit(self.back_tapped, sid)
            self.emit(self.search_cancelled)
            return False
        self.emit(self.start_tapped, rsid)
        yield 0.0
        self.emit(self.start_navigation, rsid, chosen)
        self.spawn(self.eta_timer(self.trip["serial"]))
        return True

    def ride(self):
        """The driver drives; now and then a glance, a tap, the phone locked."""
        rng = self.rng
        trip = self.trip
        serial = trip["serial"]
        reported = False
        locked_once = False
        asked_end = False
        shared = False
        while self.trip is not None and self.trip["serial"] == serial:
            yield rng.uniform(1.0, 4.0)
            if self.trip is None or self.trip["serial"] != serial:
                break
            if trip["arrived"]:
                yield rng.uniform(2.0, 9.0)
                yield from self.wait_active()
                self.emit(self.arrival_done)
                break
            if not self.active:
                continue
            if self.banner is not None and rng.random() < 0.5:
                yield rng.uniform(1.0, 5.0)
                if self.banner is not None and self.active:
                    self.emit(self.faster_route_accept if rng.random() < 0.7 else self.faster_route_dismiss)
                continue
            r = rng.random()
            intent = None
            for name, weight in (("mute", 0.012), ("pan", 0.02), ("report", 0.01), ("lock", 0.02),
                                 ("overview", 0.01), ("share", 0.008), ("end", 0.002)):
                if r < weight:
                    intent = name
                    break
                r -= weight
            sheet_free = self.get(("destination",)) is NIL
            if intent == "mute":
                self.emit(self.mute_toggled, not self.muted)
            elif intent == "pan" and self.speed < 2.0:
                for _ in range(rng.randint(1, 3)):
                    yield from self.pan_or_pinch()
                    yield rng.uniform(0.4, 2.0)
                if rng.random() < 0.6:
                    yield rng.uniform(1.5, 8.0)
                    if self.get(("map", "isFollowingUser")).cd == "false" and self.trip is not None:
                        self.emit(self.recenter_tapped)
            elif intent == "report" and not reported and sheet_free:
                reported = True
                self.emit(self.report_tapped)
                yield rng.uniform(1.5, 4.0)
                if rng.random() < 0.2:
                    self.emit(self.sheet_dismissed)
                    continue
                cat = rng.choice(REPORT_CATEGORIES)
                self.emit(self.report_category, cat)
                yield rng.uniform(0.8, 2.5)
                self.emit(self.report_submit)
                yield rng.uniform(0.4, 1.3)
                self.emit(self.report_response, cat)
                yield 0.0
                if self.get(("destination",)) is not NIL:
                    self.emit(self.report_delegate, cat)
            elif intent == "lock" and not locked_once:
                locked_once = True
                yield from self.lock_phone(40, 150)
            elif intent == "overview":
                self.emit(self.overview_tapped)
                yield rng.uniform(3.0, 12.0)
                if self.trip is not None and self.get(("map", "isFollowingUser")).cd == "false":
                    self.emit(self.recenter_tapped)
            elif intent == "share" and not shared and sheet_free:
                shared = True
                self.emit(self.share_eta_tapped)
                for i in rng.sample(range(len(self.contacts)), rng.randint(1, 2)):
                    yield rng.uniform(0.8, 2.5)
                    self.emit(self.share_contact_tapped, i)
                yield rng.uniform(0.6, 2.0)
                self.emit(self.share_send_tapped)
                yield rng.uniform(0.3, 1.0)
                self.emit(self.share_response)
            elif intent == "end" and sheet_free and not asked_end:
                asked_end = True
                self.emit(self.end_trip_tapped)
                yield rng.uniform(0.8, 2.5)
                if rng.random() < 0.75:
                    self.emit(self.end_trip_confirmed)
                else:
                    self.emit(self.sheet_dismissed)

    def person(self):
        rng = self.rng
        yield rng.uniform(0.2, 0.6)
        self.emit(self.app_task)
        yield rng.uniform(0.05, 0.3)
        self.emit(self.authorization_changed, "authorizedWhenInUse")
        yield rng.uniform(0.4, 1.5)
        self.emit(self.location_updated, rng.uniform(8.0, 40.0))
        yield from self.browse(rng.uniform(10, 50))
        while True:
            started = yield from self.plan_trip()
            if started:
                yield from self.ride()
            yield from self.browse(rng.uniform(25, 120))



# ============================================================================ glucose

TRENDS = [(-3.0, "doubleDown"), (-2.0, "singleDown"), (-1.0, "fortyFiveDown"), (1.0, "flat"),
          (2.0, "fortyFiveUp"), (3.0, "singleUp"), (99.0, "doubleUp")]
HK_TYPES = ["HKQuantityTypeIdentifierHeartRate", "HKQuantityTypeIdentifierStepCount",
            "HKQuantityTypeIdentifierActiveEnergyBurned", "HKQuantityTypeIdentifierBloodGlucose"]
MEAL_NOTES = ["pasta", "oatmeal with banana", "sandwich", "pizza slice", "apple", "rice bowl", "latte"]


class Glucose(_Base):
    """A diabetes app paired with a CGM transmitter and a watch: 5-minute glucose readings
    (a backfilled burst after launching or reconnecting, a warm-up countdown for a new
    sensor, missed readings), heart rate from the watch, alerts, meal and insulin forms, a
    chart scrubbed with a drag, a scheduled cloud sync and HealthKit background deliveries.

    noise   cgm.readingReceived (the sensor's 5-minute readings and their backfilled
            bursts), watch.heartRateReceived (every few seconds), cgm.warmUpTimerTicked
            (1 s countdown), today.chart.scrubChanged (a drag at the display's rate),
            alerts.repeatTimerFired (an unacknowledged alert's 30 s repeat),
            sync.scheduledSyncTimerFired and its syncResponse.success (every 2 min),
            healthKit.backgroundDeliveryReceived and its anchoredQueryResponse.success,
            the meal form's portion slider (binding \\.$portion)
    either  text fields of the forms (carbs, units, note, pairing code: a keystroke each)
    signal  launch and scene changes, Bluetooth and watch connection changes, the sensor
            ready, an overdue reading, alerts raised and acknowledged, notification taps,
            the forms' pickers, saves, delegates and dismissals, chart range and scrub end,
            tabs, logbook deletes, HealthKit saves, a failed sync"""

    name = "glucose"
    module = "Glyco"
    process = "Glyco"

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        self.scenario = "warmup" if rng.random() < 0.45 else "backfill"
        self.active = True
        self.connected = False
        self.watch_reachable = True
        self.glucose = rng.choice([rng.uniform(66, 82), rng.uniform(168, 215), rng.uniform(66, 82),
                                   rng.uniform(168, 215), rng.uniform(95, 160)])
        self.drift = rng.uniform(-2.5, 2.5)
        self.meal_boost = 0.0
        self.hr = rng.uniform(62, 88)
        self.entry_ids = []
        self.alert_serial = 0
        self.alert_kind = None
        self.last_reading_t = None
        self.warm_end = rng.uniform(150, 420) if self.scenario == "warmup" else None
        self.next_slot = None
        self.missed = []          # slot times missed while disconnected (backfilled later)
        self.scrubbing = False
        entries = []
        for k in range(rng.randint(3, 6)):
            entries.append(self.entry_value(self.uid()[:8].lower(), rng.choice(["meal", "insulin"]),
                                            -rng.uniform(1800, 20000)))
        entries.sort(key=lambda e: e.f["date"].cd, reverse=True)
        self.entry_ids = [e.f["id"].df for e in entries]
        sensor_status = self.case("warmingUp" if self.warm_end else "active", "Sensor.Status")
        self.state = St(self.st("AppFeature"), [
            ("scenePhase", self.case("active", "ScenePhase")),
            ("selectedTab", self.case("today", "Tab")),
            ("cgm", St(self.st("CGM"), [
                ("bluetoothState", self.case("unknown", "CBManagerState")),
                ("connection", self.case("disconnected", "CGM.Connection")),
                ("transmitterID", text("8G%04X" % rng.randrange(65536))),
                ("sensor", St("Sensor", [("status", sensor_status),
                                         ("warmUpRemaining", num(int(self.warm_end)) if self.warm_end else NIL),
                                         ("expiresAt", self.date(rng.uniform(2, 9) * 86400))])),
                ("latest", NIL),
                ("readings", Arr(self.old_sensor_history())),
                ("missedReadings", num(0))])),
            ("watch", St(self.st("Watch"), [
                ("activation", self.case("notActivated", "WCSessionActivationState")),
                ("isReachable", boolean(False)), ("heartRate", NIL), ("heartRateAt", NIL)])),
            ("alerts", St(self.st("Alerts"), [("active", NIL), ("history", Arr())])),
            ("today", St(self.st("Today"), [
                ("now", self.date(0)),
                ("chart", St(self.st("Chart"), [("range", self.case("threeHours", "ChartRange")),
                                                ("isScrubbing", boolean(False)), ("selectedDate", NIL),
                                                ("selection", NIL)]))])),
            ("logbook", St(self.st("Logbook"), [("entries", Arr(entries)), ("selectedEntryID", NIL)])),
            ("sync", St(self.st("Sync"), [("status", self.case("idle", "Sync.Status")),
                                          ("lastSyncedAt", self.date(-rng.uniform(200, 5000))),
                                          ("pendingUploads", num(0))])),
            ("healthKit", St(self.st("HealthKit"), [("importedSamples", num(0)), ("lastDeliveryAt", NIL)])),
            ("destination", NIL)])
        if self.scenario == "backfill":
            self.next_slot = rng.randint(20, 280)          # the transmitter's 5-minute slot
            self.gap_start = -rng.uniform(80, 150) * 60    # the app was not running since
        else:
            self.next_slot = int(self.warm_end + rng.uniform(5, 40))

    # -- values
    def old_sensor_history(self):
        """With a new sensor warming up, the chart still shows the previous sensor's last readings."""
        if self.warm_end is None:
            return []
        rng = self.rng
        end = -(1800 - self.warm_end) - rng.uniform(120, 600)
        t = end - 300 * rng.randint(14, 24)
        g = rng.uniform(90, 190)
        out = []
        while t <= end:
            delta = rng.uniform(-9, 9)
            g = max(45.0, min(320.0, g + delta))
            out.append(self.reading_value(int(round(g)), self.trend_for(delta), t))
            t += 300
        return out

    def entry_value(self, eid, kind, t):
        rng = self.rng
        if kind == "meal":
            detail = St("Meal", [("carbs", num(rng.choice([15, 20, 30, 45, 60, 75]))),
                                 ("mealType", self.case(rng.choice(["breakfast", "lunch", "snack"]), "MealType"))])
        else:
            detail = St("InsulinDose", [("units", num(rng.choice([2.0, 3.5, 4.0, 6.0, 8.5]))),
                                        ("insulinType", self.case("rapidActing", "InsulinType"))])
        return St("LogEntry", [("id", text(eid)), ("date", self.date(t)), ("kind", En("LogEntry.Kind", kind, detail))])

    def trend_for(self, delta):
        rate = delta / 5.0
        for limit, name in TRENDS:
            if rate < limit:
                return name
        return "doubleUp"

    def reading_value(self, value, trend, t):
        return St("GlucoseReading", [("value", num(value)), ("trend", self.case(trend, "Trend")),
                                     ("date", self.date(t))])

    def reading_struct(self, value, trend, t, backfilled):
        return Struct("GlucoseReading", [("value", Raw(str(value))), ("unit", Raw(".mgPerDL")),
                                         ("trend", Raw("." + trend)), ("date", self.dt(t)),
                                         ("isBackfilled", Raw("true" if backfilled else "false"))])

    # -- paths
    def cgm(self, name, *a, **k):
        return self.act("cgm", A(self.at("CGM"), name, *a, **k))

    def watch(self, name, *a, **k):
        return self.act("watch", A(self.at("Watch"), name, *a, **k))

    def alerts(self, name, *a, **k):
        return self.act("alerts", A(self.at("Alerts"), name, *a, **k))

    def chart(self, inner):
        return self.act("today", A(self.at("Today"), "chart", inner))

    def form(self, feature, inner):
        case = feature[0].lower() + feature[1:]
        return self.act("destination", self.presented("Destination", A(self.at("Destination"), case, inner)))

    def form_path(self, feature, field):
        return ("destination", ("e", feature[0].lower() + feature[1:]), field)

    def sync(self, name, *a, **k):
        return self.act("sync", A(self.at("Sync"), name, *a, **k))

    def hk(self, name, *a, **k):
        return self.act("healthKit", A(self.at("HealthKit"), name, *a, **k))

    # ------------------------------------------------------------------ noise
    # reason: a sensor level on the transmitter's 5-minute slot; a backfill re-sends missed ones in a burst
    @noise
    def reading_received(self, value, trend, t, backfilled):
        rv = self.reading_value(value, trend, t)
        readings = self.get(("cgm", "readings")).items
        pos = len(readings)
        while pos > 0 and readings[pos - 1].f["date"].cd > rv.f["date"].cd:
            pos -= 1
        arr = Arr(readings[:pos] + [rv] + readings[pos:])
        if len(arr.items) > 36:
            arr = Arr(arr.items[-36:])
        self.set(("cgm", "readings"), arr)
        latest = arr.items[-1]
        self.set(("cgm", "latest"), latest)
        return self.cgm("readingReceived", self.reading_struct(value, trend, t, backfilled))

    # reason: the watch streams a heart rate every few seconds, on or off screen
    @noise
    def heart_rate_received(self, bpm):
        self.set(("watch", "heartRate"), num(bpm))
        self.set(("watch", "heartRateAt"), self.date())
        return self.watch("heartRateReceived", Struct("HeartRateSample", [
            ("beatsPerMinute", Raw(str(bpm))), ("date", self.dt())]))

    # reason: the Today screen's 1 s clock ("updated 2 min ago", the next-reading ring): stamps a time
    @noise
    def today_tick(self):
        self.set(("today", "now"), self.date())
        return self.act("today", A(self.at("Today"), "timerTicked"))

    # reason: a 1 s countdown timer; the remaining seconds count down
    @noise
    def warm_up_tick(self):
        if self.warm_end is None:
            return None
        self.set(("cgm", "sensor", "warmUpRemaining"), num(max(0, int(math.ceil(self.warm_end - self.now)))))
        return self.cgm("warmUpTimerTicked")

    # reason: a drag on the chart at the display's rate; the selection snaps to a reading (often unchanged)
    @noise
    def scrub_changed(self, x):
        readings = self.get(("cgm", "readings")).items
        self.set(("today", "chart", "isScrubbing"), boolean(True))
        hours = {".threeHours": 3, ".sixHours": 6, ".twelveHours": 12, ".day": 24}[
            self.get(("today", "chart", "range")).cd]
        minute = int((self.now - hours * 3600 * (1 - x / 350.0)) // 60) * 60
        self.set(("today", "chart", "selectedDate"), self.date(minute))
        if readings:
            i = min(len(readings) - 1, max(0, int(round(x / 350.0 * (len(readings) - 1)))))
            self.set(("today", "chart", "selection"), readings[i])
        return self.chart(A(self.at("Chart"), "scrubChanged", x=self.flt(x, 1)))

    # reason: a 30 s repeat of an unacknowledged alert; a counter goes up
    @noise
    def alert_repeat(self, serial):
        if serial != self.alert_serial or self.get(("alerts", "active")) is NIL:
            return None
        n = int(self.get(("alerts", "active", "repeatCount")).cd) + 1
        self.set(("alerts", "active", "repeatCount"), num(n))
        return self.alerts("repeatTimerFired")

    # reason: the sync schedule's 2-minute timer
    @noise
    def sync_timer(self):
        self.set(("sync", "status"), self.case("syncing", "Sync.Status"))
        return self.sync("scheduledSyncTimerFired")

    # reason: the answer to the 2-minute timer: stamps lastSyncedAt, zeroes the counter
    @noise
    def sync_success(self, uploaded, downloaded):
        self.set(("sync", "status"), self.case("idle", "Sync.Status"))
        self.set(("sync", "lastSyncedAt"), self.date())
        self.set(("sync", "pendingUploads"), num(0))
        return self.sync("syncResponse", self.result("SyncSummary", True, Struct("SyncSummary", [
            ("uploaded", Raw(str(uploaded))), ("downloaded", Raw(str(downloaded)))])))

    # reason: HealthKit's observer query wakes the app on its own schedule; nothing the person did
    @noise
    def hk_delivery(self, sample_type):
        self.set(("healthKit", "lastDeliveryAt"), self.date())
        return self.hk("backgroundDeliveryReceived", sampleType=q(sample_type))

    # reason: the anchored query answering a background delivery: a sample counter nudged
    @noise
    def hk_query_response(self, sample_type, added):
        n = int(self.get(("healthKit", "importedSamples")).cd) + added
        self.set(("healthKit", "importedSamples"), num(n))
        return self.hk("anchoredQueryResponse", self.result("AnchoredQueryResult", True, Struct(
            "AnchoredQueryResult", [("sampleType", q(sample_type)), ("added", Raw(str(added))),
                                    ("deleted", Raw("0")), ("anchor", Raw(str(self.rng.randrange(10 ** 6, 10 ** 7))))])))

    # reason: a slider dragged at the pointer's pace, one number each frame
    @noise
    def portion_changed(self, value):
        self.set(self.form_path("MealForm", "portion"), num(value))
        return self.form("MealForm", self.binding("MealForm", "portion", Raw(repr(value))))

    # ------------------------------------------------------------------ either
    # reason: a keystroke each in the carbs field
    @either
    def carbs_typed(self, value):
        self.set(self.form_path("MealForm", "carbsText"), text(value))
        return self.form("MealForm", self.binding("MealForm", "carbsText", q(value)))

    # reason: a keystroke each in the note field
    @either
    def note_typed(self, value):
        self.set(self.form_path("MealForm", "note"), text(value))
        return self.form("MealForm", self.binding("MealForm", "note", q(value)))

    # reason: a keystroke each in the units field
    @either
    def units_typed(self, value):
        self.set(self.form_path("InsulinForm", "unitsText"), text(value))
        return self.form("InsulinForm", self.binding("InsulinForm", "unitsText", q(value)))

    # ------------------------------------------------------------------ signal
    @signal
    def app_task(self):
        return self.act("task")

    @signal
    def scene_phase(self, phase):
        self.set(("scenePhase",), self.case(phase, "ScenePhase"))
        return self.act("scenePhaseChanged", A("ScenePhase", phase))

    @signal
    def tab_selected(self, tab):
        self.set(("selectedTab",), self.case(tab, "Tab"))
        return self.act("tabSelected", A("Tab", tab))

    # reason: the Bluetooth radio's state: a system event
    @signal
    def bluetooth_state(self, state):
        self.set(("cgm", "bluetoothState"), self.case(state, "CBManagerState"))
        return self.cgm("bluetoothStateChanged", A("CBManagerState", state))

    # reason: the transmitter connects or drops: a status change, irregular
    @signal
    def connection_changed(self, state):
        self.set(("cgm", "connection"), self.case(state, "CGM.Connection"))
        return self.cgm("connectionStateChanged", A("CGM.Connection", state))

    # reason: the sensor becomes usable: a status change, once
    @signal
    def warm_up_completed(self):
        self.warm_end = None
        self.set(("cgm", "sensor", "status"), self.case("active", "Sensor.Status"))
        self.set(("cgm", "sensor", "warmUpRemaining"), NIL)
        return self.cgm("warmUpCompleted")

    # reason: a watchdog that fires only when a reading failed to arrive: a problem the reader must see
    @signal
    def reading_overdue(self, slot):
        n = int(self.get(("cgm", "missedReadings")).cd) + 1
        self.set(("cgm", "missedReadings"), num(n))
        return self.cgm("readingOverdue", expectedAt=self.dt(slot))

    # reason: the watch session comes up, once
    @signal
    def watch_activated(self):
        self.set(("watch", "activation"), self.case("activated", "WCSessionActivationState"))
        self.set(("watch", "isReachable"), boolean(True))
        return self.watch("activationDidComplete", A("WCSessionActivationState", "activated"))

    # reason: the watch goes out of reach or comes back: a connection event
    @signal
    def watch_reachability(self, reachable):
        self.set(("watch", "isReachable"), boolean(reachable))
        return self.watch("reachabilityChanged", Raw("true" if reachable else "false"))

    # reason: an alarm is raised (a reading crossed a threshold): a new alert object
    @signal
    def alert_raised(self, kind, value):
        self.alert_serial += 1
        self.alert_kind = kind
        aid = "alert-%04d" % self.rng.randrange(10000)
        self.set(("alerts", "active"), St("GlucoseAlert", [
            ("id", text(aid)), ("kind", self.case(kind, "GlucoseAlert.Kind")), ("value", num(value)),
            ("raisedAt", self.date()), ("repeatCount", num(0))]))
        self.spawn(self.alert_repeats(self.alert_serial))
        return self.alerts("alertRaised", Struct("GlucoseAlert", [
            ("id", q(aid)), ("kind", Raw("." + kind)), ("value", Raw(str(value))), ("date", self.dt())]))

    @signal
    def alert_acknowledged(self):
        cur = self.get(("alerts", "active"))
        if cur is NIL:
            return None
        self.alert_serial += 1
        self.set(("alerts", "active"), NIL)
        self.append(("alerts", "history"), St("AcknowledgedAlert", [
            ("id", cur.f["id"]), ("kind", cur.f["kind"]), ("acknowledgedAt", self.date())]))
        return self.alerts("acknowledgeButtonTapped", id=q(cur.f["id"].df))

    # reason: the person taps the alert's notification
    @signal
    def notification_tapped(self):
        cur = self.get(("alerts", "active"))
        self.set(("selectedTab",), self.case("today", "Tab"))
        return self.act("notifications", A("UserNotifications.Action", "didReceiveResponse", Struct(
            "NotificationResponse", [("identifier", q(cur.f["id"].df if cur is not NIL else "alert")),
                                     ("actionIdentifier", q("com.apple.UNNotificationDefaultActionIdentifier"))])))

    @signal
    def add_meal_tapped(self):
        hour = (9 + int(self.now // 3600)) % 24
        meal = "breakfast" if hour < 11 else "lunch" if hour < 15 else "snack"
        self.set(("destination",), En(self.st("Destination"), "mealForm", St(self.st("MealForm"), [
            ("carbsText", text("")), ("mealType", self.case(meal, "MealType")), ("portion", num(1.0)),
            ("note", text("")), ("date", self.date())])))
        return self.act("today", A(self.at("Today"), "addMealButtonTapped"))

    @signal
    def add_insulin_tapped(self):
        self.set(("destination",), En(self.st("Destination"), "insulinForm", St(self.st("InsulinForm"), [
            ("unitsText", text("")), ("insulinType", self.case("rapidActing", "InsulinType")),
            ("site", self.case("abdomen", "InjectionSite")), ("date", self.date())])))
        return self.act("today", A(self.at("Today"), "addInsulinButtonTapped"))

    # reason: a picker choice, one tap, unlike the text fields beside it
    @signal
    def meal_type_picked(self, meal):
        self.set(self.form_path("MealForm", "mealType"), self.case(meal, "MealType"))
        return self.form("MealForm", self.binding("MealForm", "mealType", Raw("." + meal)))

    # reason: a picker choice, one tap
    @signal
    def insulin_type_picked(self, kind):
        self.set(self.form_path("InsulinForm", "insulinType"), self.case(kind, "InsulinType"))
        return self.form("InsulinForm", self.binding("InsulinForm", "insulinType", Raw("." + kind)))

    # reason: the end of the person's slider drag
    @signal
    def portion_editing_ended(self):
        return self.form("MealForm", A(self.at("MealForm"), "portionSliderEditingEnded"))

    @signal
    def form_save_tapped(self, feature):
        return self.form(feature, A(self.at(feature), "saveButtonTapped"))

    # reason: a delegate action: the form hands its entry to the parent
    @signal
    def form_saved(self, feature):
        """The form's delegate: the parent files the entry and dismisses the form."""
        form = self.get(("destination",)).payload
        eid = self.uid()[:8].lower()
        if feature == "MealForm":
            carbs = int(form.f["carbsText"].df or "0")
            detail = St("Meal", [("carbs", num(carbs)), ("mealType", form.f["mealType"])])
            entry = St("LogEntry", [("id", text(eid)), ("date", self.date()), ("kind", En("LogEntry.Kind", "meal", detail))])
            payload = Struct("Meal", [("carbs", Raw(str(carbs))), ("mealType", Raw(form.f["mealType"].cd)),
                                      ("portion", Raw(form.f["portion"].cd))])
            self.meal_boost += carbs * 0.5
        else:
            units = float(form.f["unitsText"].df or "0")
            detail = St("InsulinDose", [("units", num(units)), ("insulinType", form.f["insulinType"])])
            entry = St("LogEntry", [("id", text(eid)), ("date", self.date()),
                                    ("kind", En("LogEntry.Kind", "insulin", detail))])
            payload = Struct("InsulinDose", [("units", Raw(repr(units))), ("insulinType", Raw(form.f["insulinType"].cd))])
            self.meal_boost -= units * 6
        self.entry_ids.insert(0, eid)
        entries = self.get(("logbook", "entries")).items
        self.set(("logbook", "entries"), Arr([entry] + entries))
        self.set(("sync", "pendingUploads"), num(int(self.get(("sync", "pendingUploads")).cd) + 1))
        self.set(("destination",), NIL)
        return self.form(feature, self.delegate(feature, "saved", payload))

    @signal
    def form_dismissed(self):
        self.set(("destination",), NIL)
        return self.act("destination", self.dismissed("Destination"))

    # reason: the answer to the person's save (the dose written to HealthKit)
    @signal
    def hk_save_response(self, units):
        return self.hk("saveInsulinDeliveryResponse", self.result("HKQuantitySample", True, Struct(
            "SavedSample", [("uuid", Raw("UUID(%s)" % self.uid() if self.tca1 else self.uid())),
                            ("units", Raw(repr(units)))])))

    # reason: a segmented control: one tap
    @signal
    def range_picked(self, rng_case):
        self.set(("today", "chart", "range"), self.case(rng_case, "ChartRange"))
        return self.chart(self.binding("Chart", "range", Raw("." + rng_case)))

    @signal
    def scrub_ended(self):
        self.set(("today", "chart", "isScrubbing"), boolean(False))
        self.set(("today", "chart", "selectedDate"), NIL)
        self.set(("today", "chart", "selection"), NIL)
        return self.chart(A(self.at("Chart"), "scrubEnded"))

    @signal
    def entry_deleted(self, eid):
        i = self.entry_ids.index(eid)
        self.entry_ids.pop(i)
        self.remove_at(("logbook", "entries"), i)
        self.set(("sync", "pendingUploads"), num(int(self.get(("sync", "pendingUploads")).cd) + 1))
        return self.act("logbook", A(self.at("Logbook"), "deleteButtonTapped", id=q(eid)))

    @signal
    def entry_tapped(self, eid):
        self.set(("logbook", "selectedEntryID"), text(eid))
        return self.act("logbook", A(self.at("Logbook"), "entryTapped", id=q(eid)))

    # reason: a failed upload: an error the reader must see, unlike the routine successes
    @signal
    def sync_failure(self):
        self.set(("sync", "status"), self.case("failed", "Sync.Status"))
        return self.sync("syncResponse", self.result("SyncSummary", False, Struct("URLError", [
            ("code", Raw("-1001")), ("localizedDescription", q("The request timed out."))])))

    # ------------------------------------------------------------------ processes
    def processes(self):
        return [self.transmitter(), self.watch_stream(), self.warm_up_timer(), self.today_clock(), self.sync_schedule(),
                self.health_kit(), self.person()]

    def next_value(self, t_prev, t):
        steps = max(1, int(round((t - t_prev) / 300.0)))
        for _ in range(steps):
            boost = min(self.meal_boost, 12.0) if self.meal_boost > 0 else max(self.meal_boost, -10.0)
            self.meal_boost -= boost
            self.drift = max(-4.0, min(4.0, self.drift + self.rng.uniform(-1.2, 1.2)))
            self.glucose = max(40.0, min(380.0, self.glucose + self.drift + boost + self.rng.uniform(-3, 3)))
        return int(round(self.glucose))

    def deliver(self, t, backfilled):
        prev = self.get(("cgm", "latest"))
        value = self.next_value(self.last_reading_t if self.last_reading_t is not None else t - 300, t)
        delta = value - int(prev.f["value"].cd) if prev is not NIL else 0
        self.last_reading_t = t
        self.emit(self.reading_received, value, self.trend_for(delta), t, backfilled)
        return value

    def check_alert(self, value):
        prev = self.get(("cgm", "readings")).items
        delta = value - int(prev[-2].f["value"].cd) if len(prev) > 1 else 0
        kind = "urgentLow" if value < 55 else "low" if value < 70 else "high" if value > 180 else \
            "risingFast" if delta >= 15 else "fallingFast" if delta <= -15 else None
        if kind is None:
            if self.get(("alerts", "active")) is NIL:
                self.alert_kind = None
            return
        if kind != self.alert_kind:
            self.emit(self.alert_raised, kind, value)

    def alert_repeats(self, serial):
        while serial == self.alert_serial:
            yield 30.0 + self.rng.uniform(-0.05, 0.05)
            self.emit(self.alert_repeat, serial)

    def transmitter(self):
        """Bluetooth, the connection, the 5-minute readings, backfill, drops and the watchdog."""
        rng = self.rng
        yield rng.uniform(0.3, 0.8)
        self.emit(self.bluetooth_state, "poweredOn")
        yield rng.uniform(0.2, 0.6)
        self.emit(self.connection_changed, "connecting")
        yield rng.uniform(1.0, 4.0)
        self.connected = True
        self.emit(self.connection_changed, "connected")
        if self.scenario == "backfill":
            yield rng.uniform(0.3, 0.9)
            last = self.next_slot - 300
            count = int((last - self.gap_start) // 300)
            self.last_reading_t = last - 300 * (count + 1)
            for k in range(count, -1, -1):
                self.deliver(last - 300 * k, True)
                yield rng.uniform(0.04, 0.15)
            self.check_alert(int(self.get(("cgm", "latest", "value")).cd))
        drop_at = rng.uniform(180, 600) if rng.random() < 0.75 else 1e9
        while True:
            wait = self.next_slot - self.now
            if self.now + wait > drop_at and self.connected:
                yield max(0.0, drop_at - self.now)
                self.connected = False
                self.emit(self.connection_changed, "disconnected")
                back = self.now + rng.uniform(70, 400)
                yield rng.uniform(2.0, 6.0)
                self.emit(self.connection_changed, "connecting")
                while self.now < back:
                    if self.next_slot <= back:
                        yield max(0.0, self.next_slot + 60 - self.now)
                        if self.now < back:
                            self.missed.append(self.next_slot)
                            self.emit(self.reading_overdue, self.next_slot)
                            self.next_slot += 300
                            continue
                    yield max(0.0, back - self.now)
                self.connected = True
                self.emit(self.connection_changed, "connected")
                drop_at = 1e9
                if self.missed:
                    yield rng.uniform(0.4, 1.2)
                    for slot in self.missed:
                        self.deliver(slot, True)
                        yield rng.uniform(0.04, 0.15)
                    self.missed = []
                    self.check_alert(int(self.get(("cgm", "latest", "value")).cd))
                while self.next_slot < self.now:
                    self.next_slot += 300
                continue
            yield max(0.0, wait + rng.uniform(-1.5, 1.5))
            slot = self.next_slot
            self.next_slot += 300
            if self.warm_end is not None and self.now < self.warm_end:
                continue
            if rng.random() < 0.1:                 # the sensor skipped a slot
                yield 60.0
                self.emit(self.reading_overdue, slot)
                continue
            value = self.deliver(slot, False)
            self.check_alert(value)

    def warm_up_timer(self):
        rng = self.rng
        if self.warm_end is None:
            return
        due = self.now + rng.uniform(0.5, 1.0)
        while self.warm_end is not None:
            yield max(0.0005, due + rng.uniform(-0.01, 0.01) - self.now)
            due += 1.0
            if not self.active:
                continue
            if self.now >= self.warm_end:
                self.emit(self.warm_up_completed)
                break
            self.emit(self.warm_up_tick)

    def today_clock(self):
        """The Today screen's timer: runs while that tab is on screen in the foreground."""
        rng = self.rng
        due = self.now + rng.uniform(0.3, 1.0)
        while True:
            yield max(0.0005, due + rng.uniform(-0.01, 0.01) - self.now)
            due += 1.0
            if self.active and self.get(("selectedTab",)).cd == ".today":
                self.emit(self.today_tick)

    def watch_stream(self):
        rng = self.rng
        yield rng.uniform(0.8, 2.0)
        self.emit(self.watch_activated)
        drop_at = rng.uniform(120, 640) if rng.random() < 0.6 else 1e9
        while True:
            yield rng.uniform(1.5, 4.5)
            if self.now > drop_at:
                self.emit(self.watch_reachability, False)
                yield rng.uniform(25, 110)
                self.emit(self.watch_reachability, True)
                drop_at = 1e9
                continue
            self.hr = max(52.0, min(135.0, self.hr + rng.gauss(0, 2.2) + (72 - self.hr) * 0.05))
            self.emit(self.heart_rate_received, int(round(self.hr)))

    def sync_schedule(self):
        rng = self.rng
        due = self.now + rng.uniform(20, 120)
        while True:
            yield max(0.0005, due + rng.uniform(-0.3, 0.3) - self.now)
            due += 120.0
            if not self.active:
                continue
            pending = int(self.get(("sync", "pendingUploads")).cd)
            self.emit(self.sync_timer)
            yield rng.uniform(0.4, 2.0)
            if rng.random() < 0.08:
                self.emit(self.sync_failure)
            else:
                self.emit(self.sync_success, pending + len(self.get(("cgm", "readings")).items) % 3, rng.randint(0, 2))

    def health_kit(self):
        rng = self.rng
        while True:
            yield self.expo(110.0)
            kinds = rng.sample(HK_TYPES, rng.choice([1, 1, 2, 3]))
            for kind in kinds:
                self.emit(self.hk_delivery, kind)
                yield rng.uniform(0.15, 0.6)
                self.emit(self.hk_query_response, kind, rng.randint(1, 40))
                yield rng.uniform(0.05, 0.3)

    # -- the person
    def type_text(self, maker, word, lo=0.12, hi=0.45):
        for k in range(1, len(word) + 1):
            self.emit(maker, word[:k])
            yield self.rng.uniform(lo, hi)

    def meal_flow(self):
        rng = self.rng
        self.emit(self.add_meal_tapped)
        yield rng.uniform(1.0, 3.0)
        if rng.random() < 0.15:
            self.emit(self.form_dismissed)
            return
        yield from self.type_text(self.carbs_typed, str(rng.choice([15, 20, 25, 30, 40, 45, 60, 75, 90])))
        yield rng.uniform(0.5, 2.0)
        if rng.random() < 0.45:
            self.emit(self.meal_type_picked, rng.choice(["breakfast", "lunch", "dinner", "snack"]))
            yield rng.uniform(0.5, 2.0)
        if rng.random() < 0.6:
            value = 1.0
            goal = rng.choice([0.5, 0.75, 1.25, 1.5, 2.0])
            n = max(8, int(rng.uniform(0.5, 1.6) * 60))

            def at(i):
                return (round(value + (goal - value) * (i + 1) / n + rng.uniform(-0.02, 0.02), 2),)
            yield from self.gesture(self.portion_changed, hz=60.0, duration=n / 60.0, args=at)
            self.emit(self.portion_editing_ended)
            yield rng.uniform(0.5, 2.0)
        if rng.random() < 0.4:
            yield from self.type_text(self.note_typed, rng.choice(MEAL_NOTES), 0.1, 0.35)
            yield rng.uniform(0.5, 1.5)
        self.emit(self.form_save_tapped, "MealForm")
        yield 0.0
        self.emit(self.form_saved, "MealForm")

    def insulin_flow(self):
        rng = self.rng
        self.emit(self.add_insulin_tapped)
        yield rng.uniform(1.0, 3.0)
        units = rng.choice(["2", "3.5", "4", "4.5", "6", "8", "10", "12"])
        yield from self.type_text(self.units_typed, units, 0.2, 0.6)
        yield rng.uniform(0.5, 2.0)
        if rng.random() < 0.3:
            self.emit(self.insulin_type_picked, rng.choice(["longActing", "rapidActing"]))
            yield rng.uniform(0.5, 2.0)
        self.emit(self.form_save_tapped, "InsulinForm")
        yield 0.0
        self.emit(self.form_saved, "InsulinForm")
        self.after(rng.uniform(0.2, 0.7), self.hk_save_response, float(units))

    def scrub_session(self):
        rng = self.rng
        for _ in range(rng.choice([1, 1, 2, 3])):
            x0 = rng.uniform(20, 340)
            x1 = min(350.0, max(0.0, x0 + rng.uniform(-220, 220)))
            hz = 60.0 if rng.random() < 0.85 else 120.0
            n = max(6, int(hz * min(3.0, 0.3 + rng.lognormvariate(math.log(0.6), 0.6))))

            def at(i, x0=x0, x1=x1, n=n):
                f = (i + 1) / n
                return (x0 + (x1 - x0) * (f - math.sin(2 * math.pi * f) / (2 * math.pi)) + rng.uniform(-0.6, 0.6),)
            yield from self.gesture(self.scrub_changed, hz=hz, duration=n / hz, args=at)
            self.emit(self.scrub_ended)
            yield rng.uniform(0.8, 4.0)

    def lock(self, lo, hi):
        rng = self.rng
        self.active = False
        self.emit(self.scene_phase, "inactive")
        yield rng.uniform(0.3, 0.8)
        self.emit(self.scene_phase, "background")
        end = self.now + rng.uniform(lo, hi)
        while self.now < end:
            yield min(5.0, end - self.now)
            if self.get(("alerts", "active")) is not NIL and rng.random() < 0.08:
                break                                   # the alert's notification brings the person back
        via_notification = self.get(("alerts", "active")) is not NIL
        if via_notification:
            self.emit(self.notification_tapped)
            yield rng.uniform(0.05, 0.2)
        self.emit(self.scene_phase, "inactive")
        yield rng.uniform(0.1, 0.4)
        self.active = True
        self.emit(self.scene_phase, "active")

    def person(self):
        rng = self.rng
        yield rng.uniform(0.1, 0.4)
        self.emit(self.app_task)
        think = self.think((2.0, 6.0), (10.0, 30.0), (60, 150), (30, 90))
        while True:
            yield next(think)
            if not self.active:
                continue
            if self.get(("alerts", "active")) is not NIL:
                yield rng.uniform(2.0, 8.0) if rng.random() < 0.5 else rng.uniform(20.0, 80.0)
                if self.active:
                    self.emit(self.alert_acknowledged)
                continue
            tab = self.get(("selectedTab",)).cd[1:]
            r = rng.random()
            if r < 0.30:
                if tab != "today":
                    self.emit(self.tab_selected, "today")
                    yield rng.uniform(0.5, 2.0)
                if rng.random() < 0.3:
                    self.emit(self.range_picked, rng.choice(["threeHours", "sixHours", "twelveHours", "day"]))
                    yield rng.uniform(0.5, 2.0)
                yield from self.scrub_session()
            elif r < 0.42:
                if tab != "today":
                    self.emit(self.tab_selected, "today")
                    yield rng.uniform(0.5, 2.0)
                yield from self.meal_flow()
            elif r < 0.50:
                if tab != "today":
                    self.emit(self.tab_selected, "today")
                    yield rng.uniform(0.5, 2.0)
                yield from self.insulin_flow()
            elif r < 0.62:
                if tab != "logbook":
                    self.emit(self.tab_selected, "logbook")
                    yield rng.uniform(1.0, 3.0)
                for _ in range(rng.randint(1, 3)):
                    self.emit(self.entry_tapped, rng.choice(self.entry_ids))
                    yield rng.uniform(2.0, 6.0)
                if rng.random() < 0.3 and len(self.entry_ids) > 2:
                    self.emit(self.entry_deleted, rng.choice(self.entry_ids))
            elif r < 0.67:
                self.emit(self.tab_selected, "settings")
                yield rng.uniform(3.0, 10.0)
                self.emit(self.tab_selected, "today")
            elif r < 0.78:
                yield from self.lock(25, 110)
            else:
                yield rng.uniform(5, 20)



# ============================================================================ videocall

PEOPLE = ["Priya Natarajan", "Jonas Weber", "Sofia Márquez", "Kenji Watanabe", "Amara Okafor", "Lukas Nowak",
          "Chloé Martin", "Diego Álvarez", "Hana Kim", "Ravi Shah", "Emma Lindqvist", "Tomás Silva"]
MEETINGS = [("Weekly iOS sync", 7), ("Design review: onboarding", 5), ("Sprint planning", 8),
            ("Customer call: Acme rollout", 4), ("Incident retro", 6), ("Architecture guild", 9)]
ONE_ON_ONES = ["1:1 Maya / Alex", "Quick sync with Jonas", "Interview debrief"]
CHAT_LINES = ["can you see my screen?", "sorry, I was muted", "link: https://linear.app/team/IOS-482",
              "+1", "let's take this offline", "I have a hard stop at :30", "agreed", "brb 2 min",
              "the build is green again", "who's taking notes?", "can you share the doc?", "lol",
              "ship it", "I'll follow up in the channel"]
MY_LINES = ["sounds good", "I'll check the crash logs", "yes", "one sec, reconnecting", "thanks all!",
            "can you repeat that?", "on it"]
EMOJIS = ["👍", "😂", "🎉", "❤️", "👏", "🤔"]
QUALITIES = ["excellent", "good", "good", "good", "poor", "bad"]


class VideoCall(_Base):
    """A video-calling app: a meeting list, a call with participants whose audio levels and
    network-quality reports stream per participant, an active speaker, chat with typing
    indicators, reactions, mic/camera/hand/pin/screen share, a paged grid that subscribes
    video tracks, a duration timer, a reconnect after a network loss, the meeting's end.

    noise   call.presented.participants.element.audioLevelChanged (every 0.5 s per unmuted
            participant), ...networkQualityChanged (every 3 s per participant, mostly
            unchanged), call.presented.durationTimerTicked (1 s), chat.typingIndicatorReceived
            (re-sent every 2 s while someone types), reactionExpired (a reaction removed a
            fixed 4 s after it appeared)
    either  chat.binding.set \\.$draft (keystrokes), participants.element.videoTrackSubscribed
            and videoTrackUnsubscribed (tiles coming and going as the grid pages)
    signal  joining, participants joining and leaving, their mute/camera/hand changes, the
            active speaker, chat messages, reactions, every button, screen share, pinning,
            connection changes and reconnects, the meeting's end, the list's responses"""

    name = "videocall"
    module = "Huddle"
    process = "Huddle"

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        self.active = True
        self.in_call = False
        self.connected = False
        self.call_serial = 0
        self.pids = []                  # participant ids in the call, in grid order
        self.info = {}                  # pid -> dict(name, mic, cam, level, quality, speaking)
        self.speaker = None             # pid speaking now, "local", or None
        self.reaction_ids = []
        self.meeting_rows = []
        chosen = rng.sample(MEETINGS, 3) + [(rng.choice(ONE_ON_ONES), 1)]
        for title, size in chosen:
            self.meeting_rows.append(("m-%05d" % rng.randrange(100000), title, size))
        self.state = St(self.st("AppFeature"), [
            ("scenePhase", self.case("active", "ScenePhase")),
            ("networkStatus", self.case("satisfied", "NWPath.Status")),
            ("meetings", St(self.st("MeetingList"), [("meetings", Arr()), ("isLoading", boolean(False))])),
            ("call", NIL)])

    # -- values and paths
    def meeting_value(self, mid, title, size, k):
        return St("Meeting", [("id", text(mid)), ("title", text(title)), ("startsAt", self.date(k * 1800 - 120)),
                              ("invitees", num(size + 1))])

    def participant_value(self, pid):
        i = self.info[pid]
        return St(self.st("Participant"), [
            ("id", text(pid)), ("name", text(i["name"])), ("isMicOn", boolean(i["mic"])),
            ("isCameraOn", boolean(i["cam"])), ("isHandRaised", boolean(False)), ("audioLevel", num(0.0)),
            ("networkQuality", self.case(i["quality"], "NetworkQuality")), ("isVideoSubscribed", boolean(False))])

    def call(self, name, *a, **k):
        return self.act("call", self.presented("Call", A(self.at("Call"), name, *a, **k)))

    def call_child(self, child, inner):
        return self.act("call", self.presented("Call", A(self.at("Call"), child, inner)))

    def chat(self, name, *a, **k):
        return self.call_child("chat", A(self.at("Chat"), name, *a, **k))

    def part(self, pid, name, *a, **k):
        return self.call_child("participants", self.element("Participant", q(pid), A(self.at("Participant"), name, *a, **k)))

    def ppath(self, pid, *rest):
        return ("call", "participants", ("i", self.pids.index(pid))) + rest

    def meetings(self, name, *a, **k):
        return self.act("meetings", A(self.at("MeetingList"), name, *a, **k))

    def live(self, serial):
        return self.in_call and self.call_serial == serial

    # ------------------------------------------------------------------ noise
    # reason: the SDK's audio-level report every 0.5 s per unmuted participant; a level, mostly silence
    @noise
    def audio_level(self, serial, pid, level):
        if not self.live(serial) or pid not in self.pids:
            return None
        self.set(self.ppath(pid, "audioLevel"), num(round(round(level * 20) / 20.0, 2)))
        return self.part(pid, "audioLevelChanged", Raw(repr(round(level, 4))))

    # reason: a quality report every 3 s per participant; the state keeps only the grade (mostly unchanged)
    @noise
    def network_quality(self, serial, pid, quality, loss, rtt):
        if not self.live(serial) or pid not in self.pids:
            return None
        self.set(self.ppath(pid, "networkQuality"), self.case(quality, "NetworkQuality"))
        return self.part(pid, "networkQualityChanged", Struct("NetworkQualityReport", [
            ("quality", Raw("." + quality)), ("packetLossPercent", self.flt(loss, 1)), ("roundTripMs", Raw(str(rtt)))]))

    # reason: the call's 1 s duration timer
    @noise
    def duration_tick(self, serial):
        if not self.live(serial):
            return None
        n = int(self.get(("call", "elapsedSeconds")).cd) + 1
        self.set(("call", "elapsedSeconds"), num(n))
        return self.call("durationTimerTicked")

    # reason: the server re-sends "is typing" every 2 s while a participant types
    @noise
    def typing_received(self, serial, pid):
        if not self.live(serial) or pid not in self.pids:
            return None
        typing = self.get(("call", "chat", "typingParticipantIDs")).items
        if not any(t.cd == text(pid).cd for t in typing):
            self.set(("call", "chat", "typingParticipantIDs"), Arr(typing + [text(pid)]))
        return self.chat("typingIndicatorReceived", participantID=q(pid))

    # reason: echo of a reaction: removes it a fixed 4 s after it appeared
    @noise
    def reaction_expired(self, serial, rid):
        if not self.live(serial) or rid not in self.reaction_ids:
            return None
        i = self.reaction_ids.index(rid)
        self.reaction_ids.pop(i)
        self.remove_at(("call", "reactions"), i)
        return self.call("reactionExpired", id=q(rid))

    # ------------------------------------------------------------------ either
    @either
    def draft_typed(self, value):
        self.set(("call", "chat", "draft"), text(value))
        return self.call_child("chat", self.binding("Chat", "draft", q(value)))

    # reason: a tile's video arriving as the grid pages: machine work the person's swipe started
    @either
    def track_subscribed(self, serial, pid):
        if not self.live(serial) or pid not in self.pids:
            return None
        self.set(self.ppath(pid, "isVideoSubscribed"), boolean(True))
        return self.part(pid, "videoTrackSubscribed", Struct("VideoTrackInfo", [
            ("trackID", q("TR_" + pid[2:].upper())), ("width", Raw("640")), ("height", Raw("360"))]))

    # reason: the paired clean-up as a tile leaves the page
    @either
    def track_unsubscribed(self, serial, pid):
        if not self.live(serial) or pid not in self.pids:
            return None
        self.set(self.ppath(pid, "isVideoSubscribed"), boolean(False))
        return self.part(pid, "videoTrackUnsubscribed")

    # ------------------------------------------------------------------ signal
    @signal
    def app_task(self):
        self.set(("meetings", "isLoading"), boolean(True))
        return self.act("task")

    @signal
    def scene_phase(self, phase):
        self.set(("scenePhase",), self.case(phase, "ScenePhase"))
        return self.act("scenePhaseChanged", A("ScenePhase", phase))

    @signal
    def refresh_pulled(self):
        self.set(("meetings", "isLoading"), boolean(True))
        return self.meetings("refreshPulled")

    # reason: the answer to launch, a pull to refresh or the end of a call
    @signal
    def meetings_response(self):
        rows = [self.meeting_value(mid, title, size, k) for k, (mid, title, size) in enumerate(self.meeting_rows)]
        self.set(("meetings", "meetings"), Arr(rows))
        self.set(("meetings", "isLoading"), boolean(False))
        return self.meetings("meetingsResponse", self.result("[Meeting]", True, Struct("MeetingPage", [
            ("count", Raw(str(len(rows)))), ("nextPageToken", Raw("nil"))])))

    @signal
    def meeting_tapped(self, mid, title):
        self.call_serial += 1
        self.in_call = True
        self.connected = False
        self.pids, self.info, self.reaction_ids, self.speaker = [], {}, [], None
        self.set(("call",), St(self.st("Call"), [
            ("meetingID", text(mid)), ("title", text(title)), ("connection", self.case("joining", "Call.Connection")),
            ("elapsedSeconds", num(0)), ("isMicOn", boolean(False)), ("isCameraOn", boolean(True)),
            ("isHandRaised", boolean(False)), ("isScreenSharing", boolean(False)), ("activeSpeakerID", NIL),
            ("pinnedParticipantID", NIL), ("gridPage", num(0)), ("participants", Arr()), ("reactions", Arr()),
            ("chat", St(self.st("Chat"), [("isOpen", boolean(False)), ("draft", text("")), ("messages", Arr()),
                                          ("unreadCount", num(0)), ("typingParticipantIDs", Arr())]))]))
        return self.meetings("meetingTapped", id=q(mid))

    def new_participant(self, name):
        rng = self.rng
        pid = "p-%06x" % rng.randrange(1 << 24)
        self.info[pid] = {"name": name, "mic": rng.random() < 0.35, "cam": rng.random() < 0.7,
                          "quality": rng.choice(["excellent", "good", "good"]), "hand": False}
        return pid

    # reason: the answer to the person's join
    @signal
    def join_response(self, serial, names):
        if not self.live(serial):
            return None
        for n in names:
            self.pids.append(self.new_participant(n))
        self.connected = True
        self.set(("call", "connection"), self.case("connected", "Call.Connection"))
        self.set(("call", "participants"), Arr(self.participant_value(p) for p in self.pids))
        return self.call("joinResponse", self.result("JoinInfo", True, Struct("JoinInfo", [
            ("roomSID", q("RM_%08X" % self.rng.randrange(1 << 32))), ("participantCount", Raw(str(len(names)))),
            ("region", q(self.rng.choice(["eu-central", "eu-west", "us-east"])))])))

    # reason: a new participant object: an event
    @signal
    def participant_joined(self, serial, name):
        if not self.live(serial) or not self.connected:
            return None
        pid = self.new_participant(name)
        self.pids.append(pid)
        self.append(("call", "participants"), self.participant_value(pid))
        i = self.info[pid]
        return self.call("participantJoined", Struct("RemoteParticipant", [
            ("id", q(pid)), ("name", q(name)), ("isMicOn", Raw("true" if i["mic"] else "false")),
            ("isCameraOn", Raw("true" if i["cam"] else "false"))]))

    # reason: a participant leaves: an id removed, an event
    @signal
    def participant_left(self, serial, pid):
        if not self.live(serial) or pid not in self.pids:
            return None
        i = self.pids.index(pid)
        self.pids.pop(i)
        self.remove_at(("call", "participants"), i)
        if self.get(("call", "activeSpeakerID")).cd == text(pid).cd:
            self.set(("call", "activeSpeakerID"), NIL)
        if self.get(("call", "pinnedParticipantID")).cd == text(pid).cd:
            self.set(("call", "pinnedParticipantID"), NIL)
        if self.speaker == pid:
            self.speaker = None
        return self.call("participantLeft", id=q(pid))

    # reason: a remote person mutes or turns the camera off: a status change they made
    @signal
    def media_changed(self, serial, pid, mic, cam):
        if not self.live(serial) or pid not in self.pids:
            return None
        self.info[pid]["mic"], self.info[pid]["cam"] = mic, cam
        self.set(self.ppath(pid, "isMicOn"), boolean(mic))
        self.set(self.ppath(pid, "isCameraOn"), boolean(cam))
        if not mic:
            self.set(self.ppath(pid, "audioLevel"), num(0.0))
        return self.part(pid, "mediaStateChanged", Struct("MediaState", [
            ("audio", Raw(".on" if mic else ".muted")), ("video", Raw(".on" if cam else ".off"))]))

    # reason: a remote person raises or lowers a hand
    @signal
    def remote_hand(self, serial, pid, raised):
        if not self.live(serial) or pid not in self.pids:
            return None
        self.info[pid]["hand"] = raised
        self.set(self.ppath(pid, "isHandRaised"), boolean(raised))
        return self.part(pid, "handRaisedChanged", Raw("true" if raised else "false"))

    # reason: who holds the floor changes: a status, at the pace of the conversation, not a clock
    @signal
    def active_speaker(self, serial, pid):
        if not self.live(serial) or pid not in self.pids:
            return None
        self.set(("call", "activeSpeakerID"), text(pid))
        return self.call("activeSpeakerChanged", id=q(pid))

    # reason: a chat message arrives: a new object
    @signal
    def message_received(self, serial, pid, line):
        if not self.live(serial) or pid not in self.pids:
            return None
        mid = "msg-%05d" % self.rng.randrange(100000)
        typing = [t for t in self.get(("call", "chat", "typingParticipantIDs")).items if t.cd != text(pid).cd]
        self.set(("call", "chat", "typingParticipantIDs"), Arr(typing))
        self.append(("call", "chat", "messages"), St("ChatMessage", [
            ("id", text(mid)), ("author", text(self.info[pid]["name"])), ("text", text(line)), ("sentAt", self.date())]))
        if self.get(("call", "chat", "isOpen")).cd == "false":
            self.set(("call", "chat", "unreadCount"), num(int(self.get(("call", "chat", "unreadCount")).cd) + 1))
        return self.chat("messageReceived", Struct("ChatMessage", [
            ("id", q(mid)), ("senderID", q(pid)), ("text", q(line)), ("sentAt", self.dt())]))

    # reason: a remote person's reaction: a new object (its expiry is the echo)
    @signal
    def reaction_received(self, serial, pid, emoji):
        if not self.live(serial) or pid not in self.pids:
            return None
        rid = "rx-%05d" % self.rng.randrange(100000)
        self.reaction_ids.append(rid)
        self.append(("call", "reactions"), St("Reaction", [("id", text(rid)), ("emoji", text(emoji)),
                                                          ("from", text(self.info[pid]["name"]))]))
        self.after(4.0, self.reaction_expired, serial, rid)
        return self.call("reactionReceived", Struct("Reaction", [("id", q(rid)), ("emoji", q(emoji)),
                                                                 ("senderID", q(pid))]))

    @signal
    def my_reaction(self, serial, emoji):
        rid = "rx-%05d" % self.rng.randrange(100000)
        self.reaction_ids.append(rid)
        self.append(("call", "reactions"), St("Reaction", [("id", text(rid)), ("emoji", text(emoji)),
                                                          ("from", text("You"))]))
        self.after(4.0, self.reaction_expired, serial, rid)
        return self.call("reactionButtonTapped", q(emoji))

    @signal
    def mic_tapped(self):
        on = self.get(("call", "isMicOn")).cd == "false"
        self.set(("call", "isMicOn"), boolean(on))
        return self.call("micButtonTapped")

    @signal
    def camera_tapped(self):
        on = self.get(("call", "isCameraOn")).cd == "false"
        self.set(("call", "isCameraOn"), boolean(on))
        return self.call("cameraButtonTapped")

    @signal
    def hand_tapped(self):
        on = self.get(("call", "isHandRaised")).cd == "false"
        self.set(("call", "isHandRaised"), boolean(on))
        return self.call("raiseHandButtonTapped")

    @signal
    def pin_tapped(self, pid):
        cur = self.get(("call", "pinnedParticipantID"))
        self.set(("call", "pinnedParticipantID"), NIL if cur.cd == text(pid).cd else text(pid))
        return self.part(pid, "pinButtonTapped")

    @signal
    def share_tapped(self):
        return self.call("shareScreenButtonTapped")

    # reason: the answer to the person's Share tap (the broadcast picker)
    @signal
    def share_response(self, serial, ok):
        if not self.live(serial):
            return None
        if ok:
            self.set(("call", "isScreenSharing"), boolean(True))
        return self.call("screenShareResponse", self.result("BroadcastSession", ok, Struct(
            "BroadcastSession", [("extension", q("com.huddle.app.BroadcastUpload")), ("fps", Raw("15"))])
            if ok else Struct("BroadcastError", [("code", Raw(".userCancelled"))])))

    # reason: the person stops the broadcast from Control Center
    @signal
    def share_stopped(self, serial):
        if not self.live(serial):
            return None
        self.set(("call", "isScreenSharing"), boolean(False))
        return self.call("screenShareStopped")

    @signal
    def chat_opened(self):
        self.set(("call", "chat", "isOpen"), boolean(True))
        self.set(("call", "chat", "unreadCount"), num(0))
        return self.call("chatButtonTapped")

    @signal
    def chat_closed(self):
        self.set(("call", "chat", "isOpen"), boolean(False))
        return self.chat("closeButtonTapped")

    @signal
    def send_tapped(self):
        return self.chat("sendButtonTapped")

    # reason: the answer to the person's Send
    @signal
    def send_response(self, serial, line):
        if not self.live(serial):
            return None
        mid = "msg-%05d" % self.rng.randrange(100000)
        self.set(("call", "chat", "draft"), text(""))
        self.append(("call", "chat", "messages"), St("ChatMessage", [
            ("id", text(mid)), ("author", text("You")), ("text", text(line)), ("sentAt", self.date())]))
        return self.chat("sendResponse", self.result("ChatMessage", True, Struct("ChatMessage", [
            ("id", q(mid)), ("senderID", q("local")), ("text", q(line)), ("sentAt", self.dt())])))

    # reason: the person swipes the grid to another page
    @signal
    def page_changed(self, page):
        self.set(("call", "gridPage"), num(page))
        return self.call("gridPageChanged", Raw(str(page)))

    # reason: the network drops or returns: a system event
    @signal
    def network_path(self, status):
        self.set(("networkStatus",), self.case(status, "NWPath.Status"))
        return self.act("networkMonitor", A("NetworkMonitor.Action", "pathUpdated", A("NWPath.Status", status)))

    # reason: the call's connection drops to reconnecting or comes back
    @signal
    def connection_changed(self, serial, state):
        if not self.live(serial):
            return None
        self.connected = state == "connected"
        self.set(("call", "connection"), self.case(state, "Call.Connection"))
        return self.call("connectionStateChanged", A("Call.Connection", state))

    # reason: the host ends the meeting: an event
    @signal
    def meeting_ended(self, serial):
        if not self.live(serial):
            return None
        self.connected = False
        self.set(("call", "connection"), self.case("ended", "Call.Connection"))
        self.set(("call", "activeSpeakerID"), NIL)
        return self.call("meetingEnded", reason=Raw(".endedByHost"))

    @signal
    def leave_tapped(self):
        return self.call("leaveButtonTapped")

    @signal
    def done_tapped(self):
        return self.call("doneButtonTapped")

    @signal
    def call_dismissed(self):
        self.in_call = False
        self.connected = False
        self.set(("call",), NIL)
        return self.act("call", self.dismissed("Call"))

    # ------------------------------------------------------------------ processes
    def processes(self):
        return [self.person()]

    def start_call_machinery(self, serial, size):
        for gen in (self.timer(serial), self.conversation(serial), self.roster(serial, size),
                    self.chatter(serial), self.reactions(serial), self.network(serial)):
            self.spawn(gen)

    def timer(self, serial):
        due = self.now + 1.0
        while self.in_call and self.call_serial == serial:
            yield max(0.0005, due + self.rng.uniform(-0.01, 0.01) - self.now)
            due += 1.0
            if self.in_call and self.get(("call", "connection")).cd in (".connected", ".reconnecting"):
                self.emit(self.duration_tick, serial)

    def level_stream(self, serial, pid):
        """One participant's audio levels: every 0.5 s while unmuted and connected."""
        rng = self.rng
        due = self.now + rng.uniform(0.0, 0.5)
        while self.live(serial) and pid in self.pids:
            yield max(0.0005, due + rng.uniform(-0.02, 0.02) - self.now)
            due += 0.5
            i = self.info.get(pid)
            if not self.connected or i is None or not i["mic"]:
                continue
            if self.speaker == pid:
                level = rng.uniform(0.25, 0.95)
            elif rng.random() < 0.12:
                level = rng.uniform(0.02, 0.12)       # a cough, the keyboard
            else:
                level = rng.uniform(0.0, 0.02)
            self.emit(self.audio_level, serial, pid, level)

    def quality_stream(self, serial, pid):
        rng = self.rng
        due = self.now + rng.uniform(0.0, 3.0)
        while self.live(serial) and pid in self.pids:
            yield max(0.0005, due + rng.uniform(-0.05, 0.05) - self.now)
            due += 3.0
            i = self.info.get(pid)
            if not self.connected or i is None:
                continue
            if rng.random() < 0.06:
                i["quality"] = rng.choice(QUALITIES)
            loss = {"excellent": 0.2, "good": 1.0, "poor": 4.5, "bad": 12.0}[i["quality"]] * rng.uniform(0.3, 1.6)
            rtt = int({"excellent": 35, "good": 70, "poor": 180, "bad": 420}[i["quality"]] * rng.uniform(0.7, 1.4))
            self.emit(self.network_quality, serial, pid, i["quality"], loss, rtt)

    def add_streams(self, serial, pid):
        self.spawn(self.level_stream(serial, pid))
        self.spawn(self.quality_stream(serial, pid))

    def visible(self):
        page = int(self.get(("call", "gridPage")).cd)
        return self.pids[page * 4:page * 4 + 4]

    def subscribe_page(self, serial, old):
        rng = self.rng
        now = self.visible()
        for pid in old:
            if pid not in now and pid in self.pids and self.info[pid]["cam"]:
                yield rng.uniform(0.02, 0.12)
                self.emit(self.track_unsubscribed, serial, pid)
        for pid in now:
            if pid in self.pids and self.info[pid]["cam"] and \
                    self.get(self.ppath(pid, "isVideoSubscribed")).cd == "false":
                yield rng.uniform(0.1, 0.5)
                self.emit(self.track_subscribed, serial, pid)

    def conversation(self, serial):
        """Who talks: turns of a few to tens of seconds, the active speaker following."""
        rng = self.rng
        while self.live(serial):
            yield self.expo(9.0) + 1.0
            if not self.connected:
                continue
            if rng.random() < 0.15 and self.get(("call", "isMicOn")).cd == "true":
                self.speaker = "local"
                continue
            talkers = [p for p in self.pids if self.info[p]["mic"]]
            if not talkers or rng.random() < 0.1:
                self.speaker = None
                continue
            if rng.random() < 0.5 and len(talkers) > 1:
                talkers = talkers[:2]               # the same two going back and forth
            new = rng.choice(talkers)
            if new == self.speaker:
                continue
            self.speaker = new
            yield rng.uniform(0.4, 1.1)
            if self.speaker == new and self.get(("call", "activeSpeakerID")).cd != text(new).cd:
                self.emit(self.active_speaker, serial, new)

    def roster(self, serial, size):
        """Late arrivals, people leaving, people muting and unmuting themselves."""
        rng = self.rng
        while self.live(serial):
            yield self.expo(14.0)
            if not self.connected or not self.pids:
                continue
            r = rng.random()
            if r < 0.12 and len(self.pids) < size + 2:
                names = [n for n in PEOPLE if n not in [self.info[p]["name"] for p in self.pids]]
                self.emit(self.participant_joined, serial, rng.choice(names))
                self.add_streams(serial, self.pids[-1])
                if self.pids[-1] in self.visible() and self.info[self.pids[-1]]["cam"]:
                    self.after(rng.uniform(0.3, 0.9), self.track_subscribed, serial, self.pids[-1])
            elif r < 0.2 and len(self.pids) > 2:
                self.emit(self.participant_left, serial, rng.choice(self.pids))
            elif r < 0.75:
                pid = rng.choice(self.pids)
                i = self.info[pid]
                if rng.random() < 0.8:
                    self.emit(self.media_changed, serial, pid, not i["mic"], i["cam"])
                else:
                    self.emit(self.media_changed, serial, pid, i["mic"], not i["cam"])
            elif r < 0.85:
                pid = rng.choice(self.pids)
                self.emit(self.remote_hand, serial, pid, not self.info[pid]["hand"])

    def chatter(self, serial):
        rng = self.rng
        while self.live(serial):
            yield self.expo(40.0)
            if not self.connected or not self.pids:
                continue
            pid = rng.choice(self.pids)
            for _ in range(rng.randint(0, 3)):
                self.emit(self.typing_received, serial, pid)
                yield 2.0 + rng.uniform(-0.05, 0.05)
            yield rng.uniform(0.2, 1.5)
            self.emit(self.message_received, serial, pid, rng.choice(CHAT_LINES))

    def reactions(self, serial):
        rng = self.rng
        while self.live(serial):
            yield self.expo(55.0)
            if not self.connected or not self.pids:
                continue
            emoji = rng.choice(EMOJIS)
            for pid in rng.sample(self.pids, min(len(self.pids), rng.randint(1, 4))):
                self.emit(self.reaction_received, serial, pid, emoji if rng.random() < 0.7 else rng.choice(EMOJIS))
                yield rng.uniform(0.2, 1.8)

    def network(self, serial):
        rng = self.rng
        if rng.random() > 0.6:
            return
        yield rng.uniform(90, 330)
        if not self.live(serial) or not self.connected:
            return
        self.emit(self.network_path, "unsatisfied")
        yield rng.uniform(0.3, 1.2)
        self.emit(self.connection_changed, serial, "reconnecting")
        yield rng.uniform(3.0, 18.0)
        self.emit(self.network_path, "satisfied")
        yield rng.uniform(0.5, 2.0)
        self.emit(self.connection_changed, serial, "connected")

    # -- the person
    def lock(self, lo, hi):
        rng = self.rng
        self.active = False
        self.emit(self.scene_phase, "inactive")
        yield rng.uniform(0.3, 0.8)
        self.emit(self.scene_phase, "background")
        yield rng.uniform(lo, hi)
        self.emit(self.scene_phase, "inactive")
        yield rng.uniform(0.1, 0.4)
        self.active = True
        self.emit(self.scene_phase, "active")

    def in_call_person(self, serial, length):
        """What the person does during a call, until it ends or they leave."""
        rng = self.rng
        end = self.now + length
        think = self.think((3.0, 8.0), (12.0, 30.0), (40, 120), (30, 90))
        sharing_until = None
        while self.live(serial):
            yield next(think)
            if not self.live(serial):
                return
            if self.now >= end:
                if rng.random() < 0.4:
                    self.emit(self.meeting_ended, serial)
                    yield rng.uniform(1.5, 5.0)
                    self.emit(self.done_tapped)
                else:
                    self.emit(self.leave_tapped)
                yield rng.uniform(0.05, 0.2)
                self.emit(self.call_dismissed)
                return
            if not self.active or not self.connected:
                continue
            if sharing_until is not None and self.now > sharing_until:
                sharing_until = None
                self.emit(self.share_stopped, serial)
                continue
            r = rng.random()
            if r < 0.25:                                   # say something
                self.emit(self.mic_tapped)
                if self.get(("call", "isMicOn")).cd == "true":
                    self.speaker = "local"
                    yield rng.uniform(4.0, 25.0)
                    if self.live(serial) and self.get(("call", "isMicOn")).cd == "true":
                        self.speaker = None
                        self.emit(self.mic_tapped)
            elif r < 0.37:                                 # the chat
                self.emit(self.chat_opened)
                yield rng.uniform(2.0, 6.0)
                if rng.random() < 0.7:
                    line = rng.choice(MY_LINES)
                    for k in range(1, len(line) + 1):
                        self.emit(self.draft_typed, line[:k])
                        yield rng.uniform(0.08, 0.35)
                    yield rng.uniform(0.3, 1.2)
                    self.emit(self.send_tapped)
                    self.after(rng.uniform(0.15, 0.5), self.send_response, serial, line)
                    yield rng.uniform(2.0, 6.0)
                if self.live(serial):
                    self.emit(self.chat_closed)
            elif r < 0.47:
                self.emit(self.my_reaction, serial, rng.choice(EMOJIS))
            elif r < 0.53:
                self.emit(self.hand_tapped)
                if self.get(("call", "isHandRaised")).cd == "true":
                    yield rng.uniform(8.0, 40.0)
                    if self.live(serial) and self.get(("call", "isHandRaised")).cd == "true":
                        self.emit(self.hand_tapped)
            elif r < 0.60 and self.pids:
                self.emit(self.pin_tapped, rng.choice(self.pids))
            elif r < 0.70 and len(self.pids) > 4:           # swipe the grid
                pages = (len(self.pids) + 3) // 4
                cur = int(self.get(("call", "gridPage")).cd)
                new = (cur + 1) % pages
                old = self.visible()
                self.emit(self.page_changed, new)
                yield from self.subscribe_page(serial, old)
            elif r < 0.74:
                self.emit(self.camera_tapped)
            elif r < 0.79 and sharing_until is None and not self.get(("call", "isScreenSharing")).cd == "true":
                self.emit(self.share_tapped)
                yield rng.uniform(1.5, 4.0)
                ok = rng.random() < 0.85
                self.emit(self.share_response, serial, ok)
                if ok:
                    sharing_until = self.now + rng.uniform(30, 120)
            elif r < 0.86:
                yield from self.lock(15, 60)
            else:
                yield rng.uniform(3, 12)

    def join(self, index):
        rng = self.rng
        mid, title, size = self.meeting_rows[index]
        self.emit(self.meeting_tapped, mid, title)
        serial = self.call_serial
        yield rng.uniform(1.0, 3.0)
        names = rng.sample(PEOPLE, max(1, size - rng.randint(0, 2)))
        self.emit(self.join_response, serial, names)
        self.start_call_machinery(serial, size)
        for pid in list(self.pids):
            self.add_streams(serial, pid)
        yield from self.subscribe_page(serial, [])
        return serial

    def person(self):
        rng = self.rng
        yield rng.uniform(0.2, 0.5)
        self.emit(self.app_task)
        yield rng.uniform(0.4, 1.2)
        self.emit(self.meetings_response)
        calls = 0
        while True:
            yield rng.uniform(4.0, 25.0)
            if rng.random() < 0.35:
                self.emit(self.refresh_pulled)
                yield rng.uniform(0.4, 1.5)
                self.emit(self.meetings_response)
                yield rng.uniform(2.0, 8.0)
            if rng.random() < 0.15 and calls:
                yield from self.lock(30, 90)
                continue
            index = 0 if calls == 0 else (len(self.meeting_rows) - 1 if calls == 1 else rng.randrange(3))
            serial = yield from self.join(index)
            calls += 1
            yield from self.in_call_person(serial, rng.uniform(240, 480) if calls == 1 else rng.uniform(120, 300))
            yield rng.uniform(0.5, 1.5)
            self.emit(self.meetings_response)


APPS = {"navigation": Navigation, "glucose": Glucose, "videocall": VideoCall}
