"""Author r's simulated TCA apps (author id: author-r).

flights: an airline app: flight search (origin/destination fields with debounced airport
suggestions, date pickers), results with fares that the app polls to refresh while results are on
screen, seat map selection, booking and payment, a boarding pass screen, flight status pushed by
the server for booked flights (gate changes, delays, boarding), a check-in countdown, the trip
list refresh on pull.

weather: a weather app: current location from GPS, the forecast loads per saved city, the user
swipes between cities, a radar map animates frames on a timer while open (and frames load),
severe weather alerts pushed, an hourly background refresh, pull-to-refresh, settings for units
(bindings), a widget timeline reload signal now and then.

warehouse: a warehouse inventory scanner for handheld devices: the worker scans barcodes (bursts
of scans while picking an order, each a new item id), each scan is looked up with a server
response, the pick list updates, a sync queue uploads pending changes every few seconds with
progress, the scanner's battery and connection status are reported periodically, a supervisor's
messages are pushed, the worker switches orders and confirms totals.
"""

import tcasim
from tcasim import (App, A, Struct, Raw, q, noise, signal, either, V, St, Arr, Dic, En, NIL, num, text, boolean)

import math

AUTHOR = "author-r"


class _Feature(App):
    """Shared spelling of TCA's navigation and delegate actions."""

    def uuid_arg(self, u):
        return Raw("UUID(%s)" % u if self.tca1 else u)

    def stack_element(self, n, case, inner):
        """`.path(.element(id: #n, action: .case(inner)))` of a StackState path."""
        return self.act("path", A("StackAction<%s, %s>" % (self.st("Path"), self.at("Path")), "element",
                                  id=Raw("#%d" % n), action=A(self.at("Path"), case, inner)))

    def presented(self, dest, case, inner):
        """`.presented(.case(inner))` of an @Presents destination enum."""
        return A("PresentationAction<%s>" % self.at(dest), "presented", A(self.at(dest), case, inner))

    def presented_feature(self, feature, inner):
        """`.presented(inner)` of an @Presents optional child feature."""
        return A("PresentationAction<%s>" % self.at(feature), "presented", inner)

    def dismiss(self, dest):
        return A("PresentationAction<%s>" % self.at(dest), "dismiss")

    def delegate(self, feature, case, *args, **kw):
        return A(self.at(feature), "delegate", A(self.at(feature) + ".Delegate", case, *args, **kw))

    def drag(self, maker, at, hz=None, duration=None):
        """A gesture of `maker` at `hz` for `duration` (tcasim's defaults when not given): at(f)
        gives the event's arguments at the fraction f in (0, 1] of the gesture."""
        rng = self.rng
        hz = rng.uniform(30, 60) if hz is None else hz
        if duration is None:
            duration = min(3.0, 0.3 + rng.lognormvariate(math.log(0.45), 0.8))
        m = max(2, int(round(duration * hz)))
        yield from self.gesture(maker, hz=hz, duration=m / hz, args=lambda j: at((j + 1) / m))

    def ticker(self, maker, period, jitter, alive, args=()):
        """A timer effect started when a screen appears and cancelled when it goes away: fires on
        its own schedule (no drift) while alive() holds, stops for good when it does not."""
        start = self.now
        k = 1
        while True:
            due = start + period * k + self.rng.uniform(-jitter, jitter)
            yield max(0.0005, due - self.now)
            k += 1
            state = alive()
            if state is None:
                return
            if state:
                self.emit(maker, *args)


# ============================================================================ flights

AIRPORTS = [("BER", "Berlin Brandenburg"), ("LHR", "London Heathrow"), ("LGW", "London Gatwick"),
            ("CDG", "Paris Charles de Gaulle"), ("ORY", "Paris Orly"), ("FCO", "Rome Fiumicino"),
            ("MAD", "Madrid Barajas"), ("BCN", "Barcelona El Prat"), ("AMS", "Amsterdam Schiphol"),
            ("VIE", "Vienna International"), ("ZRH", "Zurich"), ("LIS", "Lisbon Humberto Delgado"),
            ("JFK", "New York John F. Kennedy"), ("EWR", "Newark Liberty"), ("MUC", "Munich"),
            ("CPH", "Copenhagen Kastrup"), ("OSL", "Oslo Gardermoen"), ("ATH", "Athens"),
            ("MAN", "Manchester"), ("MXP", "Milan Malpensa"), ("LIN", "Milan Linate")]
DESTINATION_QUERIES = ["london", "Par", "rome", "Barcel", "new york", "Lisbon", "vienna", "Milan",
                       "cope", "ams", "Athens", "madr", "Oslo"]
ORIGIN_QUERIES = ["Berlin", "mun", "Man", "zur"]
CARRIERS = ["LH", "BA", "AF", "IB", "KL", "OS", "LX", "TP", "SK", "EW", "U2", "FR"]
CARDHOLDERS = ["Jana Richter", "Tom Becker", "Lena M Vogel"]


class Flights(_Feature):
    """An airline app on a phone: a search tab (origin and destination fields with debounced
    airport suggestions, date pickers, passengers), results pushed on a navigation stack whose
    fares the app polls every 30 s while they are on screen, a seat map sheet (pinch to zoom,
    seats taken by other travellers pushed while it is open), payment, the trips tab (pull to
    refresh, flight status pushed for booked flights, a trip detail with a check-in countdown
    ticking every second, the inbound aircraft's position for today's flight, check-in) and the
    boarding pass.

    noise   path.element.results.scrollOffsetChanged (a scroll gesture's offsets),
            path.element.results.fareRefreshTimerFired (30 s poll) and .fareRefreshResponse
            (its answer: prices nudged), destination.presented.seatMap.zoomScaleChanged (pinch),
            trips.detail.presented.countdownTicked (1 s), .inboundAircraftPositionUpdated (4 s,
            "where is my plane" for today's flight), destination.presented.payment.holdTimerTicked
            (1 s, the fare hold while paying)
    either  search.binding.set \\.$originQuery/\\.$destinationQuery and payment's text fields
            (keystrokes), path.element.results.fares.element.airlineLogoResponse (logos loading
            as the list scrolls), destination.presented.seatMap.seatAvailabilityChanged (other
            travellers' seats, pushed while the map is open)
    signal  taps, pickers, toggles, submits, delegate actions, responses to requests, flight
            status pushes, scene phase"""

    name = "flights"
    module = "Flights"
    process = "Flights"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        _Feature.__init__(self, session)
        rng = self.rng
        self.active = True
        self.stack_n = 0
        self.results_n = None          # stack id of the results screen, when pushed
        self.fare_ids = []
        self.fares = {}                # id -> dict(flight, price, seats, logo)
        self.dest = None               # "seatMap", "payment", "boardingPass"
        self.seat_ids = []
        self.detail = None             # trip id shown in the detail sheet
        self.trip_ids = []
        self.trips = {}                # id -> dict
        self.query = ("BER", None)
        self.checkin_at = {}
        rows = []
        for k in range(rng.randint(2, 3)):
            tid = self.booking_ref()
            dep = 86400 * rng.randint(1, 20) + 3600 * rng.randint(6, 20)
            if k == 0:
                dep = rng.uniform(2500, 3100)          # today's flight: checked in, boarding soon
            elif k == 1:
                dep = rng.uniform(420, 660) + 86400   # check-in (24 h before) opens during the session
            dest = rng.choice(AIRPORTS[1:])
            info = dict(flight="%s %d" % (rng.choice(CARRIERS), rng.randint(100, 2999)),
                        route="BER → %s" % dest[0], departure=dep, status="scheduled", gate=None,
                        delay=0, seat="%d%s" % (rng.randint(3, 30), rng.choice("ABCDEF")), checkedIn=k == 0)
            self.trip_ids.append(tid)
            self.trips[tid] = info
            self.checkin_at[tid] = dep - 86400
            rows.append(self.trip_state(tid))
        self.state = St(self.st("AppFeature"), [
            ("selectedTab", self.case("search", "AppFeature.Tab")),
            ("search", St(self.st("Search"), [
                ("originQuery", text("Berlin")), ("origin", text("BER")), ("destinationQuery", text("")),
                ("destination", NIL), ("suggestions", Arr()), ("focusedField", NIL),
                ("departureDate", self.date(86400 * 7)), ("returnDate", NIL), ("passengerCount", num(1)),
                ("isSearching", boolean(False)), ("errorMessage", NIL)])),
            ("path", Dic(ordered=True, quoted=False)),
            ("destination", NIL),
            ("trips", St(self.st("Trips"), [("trips", Arr(rows)), ("isRefreshing", boolean(False)),
                                            ("lastUpdatedAt", self.date(0)), ("detail", NIL)])),
            ("scenePhase", self.case("active", "ScenePhase"))])

    # -- values and paths
    def booking_ref(self):
        return "".join(self.rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ23456789") for _ in range(6))

    def trip_state(self, tid):
        t = self.trips[tid]
        return St(self.st("Trip"), [
            ("id", text(tid)), ("flightNumber", text(t["flight"])), ("route", text(t["route"])),
            ("departure", self.date(t["departure"])), ("status", self.case(t["status"], "FlightStatus")),
            ("gate", NIL if t["gate"] is None else text(t["gate"])), ("delayMinutes", num(t["delay"])),
            ("seat", text(t["seat"])), ("isCheckedIn", boolean(t["checkedIn"]))])

    def tpath(self, tid, *rest):
        return ("trips", "trips", ("i", self.trip_ids.index(tid))) + rest

    def rpath(self, *rest):
        return ("path", ("k", "#%d" % self.results_n), ("e", "results")) + rest

    def fpath(self, fid, *rest):
        return self.rpath("fares", ("i", self.fare_ids.index(fid))) + rest

    def dpath(self, *rest):
        return ("destination", ("e", self.dest)) + rest

    def search(self, inner):
        return self.act("search", inner)

    def results(self, inner):
        return self.stack_element(self.results_n, "results", inner)

    def fare_row(self, fid, inner):
        return self.results(A(self.at("Results"), "fares", self.element("FareRow", self.uuid_arg(fid), inner)))

    def dest_act(self, case, inner):
        return self.act("destination", self.presented("Destination", case, inner))

    def trip_row(self, tid, inner):
        return self.act("trips", A(self.at("Trips"), "trips", self.element("Trip", q(tid), inner)))

    def detail_act(self, inner):
        return self.act("trips", A(self.at("Trips"), "detail", self.presented_feature("TripDetail", inner)))

    def departs_in(self, tid):
        t = self.trips[tid]
        return max(0, int(round(t["departure"] + 60 * t["delay"] - self.now)))

    def countdown(self, tid):
        return max(0, int(round(self.checkin_at[tid] - self.now)))

    # -- noise
    @noise
    def scroll_offset_changed(self, y):
        if self.results_n is None:
            return None
        self.set(self.rpath("scrollOffset"), num(y))
        return self.results(A(self.at("Results"), "scrollOffsetChanged", Raw(repr(y))))

    @noise
    def fare_refresh_timer_fired(self):
        self.set(self.rpath("isRefreshing"), boolean(True))
        n = self.results_n
        self.after(self.rng.uniform(0.4, 1.4), self.fare_refresh_response, n)
        return self.results(A(self.at("Results"), "fareRefreshTimerFired"))

    # reason: the answer to the app's own 30 s poll, one-for-one with the timer; it nudges prices
    @noise
    def fare_refresh_response(self, n):
        if n != self.results_n:
            return None            # the results were popped: the effect was cancelled
        rng = self.rng
        changed = 0
        for fid in self.fare_ids:
            f = self.fares[fid]
            if rng.random() < 0.15:
                f["price"] = round(f["price"] + rng.choice([-1, 1]) * rng.choice([2, 4, 6, 10, 15]), 2)
                self.set(self.fpath(fid, "price"), num(f["price"]))
                changed += 1
            if rng.random() < 0.08 and f["seats"] > 1:
                f["seats"] -= 1
                self.set(self.fpath(fid, "seatsLeft"), num(f["seats"]))
        self.set(self.rpath("isRefreshing"), boolean(False))
        self.set(self.rpath("lastRefreshedAt"), self.date())
        return self.results(A(self.at("Results"), "fareRefreshResponse", self.result("[Fare]", True, Struct(
            "FareRefresh", [("count", Raw(str(len(self.fare_ids)))), ("changed", Raw(str(changed)))]))))

    @noise
    def zoom_scale_changed(self, scale):
        if self.dest != "seatMap":
            return None
        self.set(self.dpath("zoomScale"), num(scale))
        return self.dest_act("seatMap", A(self.at("SeatMap"), "zoomScaleChanged", Raw(repr(scale))))

    @noise
    def countdown_ticked(self, tid):
        remaining = self.countdown(tid)
        self.set(("trips", "detail", "checkInOpensIn"), num(remaining))
        self.set(("trips", "detail", "departsIn"), num(self.departs_in(tid)))
        if remaining == 0:
            self.set(("trips", "detail", "isCheckInOpen"), boolean(True))
        return self.detail_act(A(self.at("TripDetail"), "countdownTicked"))

    @noise
    def inbound_position_updated(self, tid):
        rng = self.rng
        lat, lon, alt = self.inbound
        lat, lon = round(lat - rng.uniform(0.004, 0.012), 4), round(lon + rng.uniform(0.01, 0.03), 4)
        alt = max(0, alt - rng.choice([0, 0, 100, 200, 300]))
        self.inbound = (lat, lon, alt)
        self.set(("trips", "detail", "inboundAircraft"), St("AircraftPosition", [
            ("latitude", num(lat)), ("longitude", num(lon)), ("altitude", num(alt))]))
        return self.detail_act(A(self.at("TripDetail"), "inboundAircraftPositionUpdated", Struct("AircraftPosition", [
            ("latitude", Raw(repr(lat))), ("longitude", Raw(repr(lon))), ("altitude", Raw(str(alt)))])))

    @noise
    def hold_timer_ticked(self):
        left = max(0, int(round(self.hold_until - self.now)))
        self.set(self.dpath("fareHeldFor"), num(left))
        return self.dest_act("payment", A(self.at("Payment"), "holdTimerTicked"))

    # -- either
    # reason: a keystroke each in the airport fields
    @either
    def query_typed(self, field, value):
        self.set(("search", field + "Query"), text(value))
        return self.search(self.binding("Search", field + "Query", q(value)))

    # reason: airline logos load as rows scroll into view, each row's logo once
    @either
    def logo_loaded(self, n, fid):
        if n != self.results_n or fid not in self.fares:
            return None
        carrier = self.fares[fid]["flight"].split()[0]
        self.set(self.fpath(fid, "logo"), St("Logo", [("carrier", text(carrier)), ("bytes", num(self.rng.randint(900, 4200)))]))
        return self.fare_row(fid, A(self.at("FareRow"), "airlineLogoResponse", self.result("Logo", True, Struct(
            "Logo", [("carrier", q(carrier))]))))

    # reason: other travellers' seat choices pushed while the map is open: a seat's status changes,
    # but the person did nothing and it keeps coming
    @either
    def seat_availability_changed(self, seat, available):
        if self.dest != "seatMap" or seat not in self.seat_ids:
            return None
        self.set(self.dpath("seats", ("k", seat)), self.case("available" if available else "occupied", "Seat.Status"))
        return self.dest_act("seatMap", A(self.at("SeatMap"), "seatAvailabilityChanged",
                                          seat=q(seat), isAvailable=Raw("true" if available else "false")))

    # reason: keystrokes in the card form
    @either
    def card_field_typed(self, field, value):
        self.set(self.dpath(field), text(value))
        return self.dest_act("payment", self.binding("Payment", field, q(value)))

    # -- signal
    @signal
    def scene_phase(self, phase):
        self.set(("scenePhase",), self.case(phase, "ScenePhase"))
        return self.act("scenePhaseChanged", A("ScenePhase", phase))

    @signal
    def tab_selected(self, tab):
        self.set(("selectedTab",), self.case(tab, "AppFeature.Tab"))
        return self.act("tabSelected", A("AppFeature.Tab", tab))

    @signal
    def field_focused(self, field):
        self.set(("search", "focusedField"), NIL if field is None else self.case(field, "Search.Field"))
        if field is None:
            self.set(("search", "suggestions"), Arr())
        value = Raw("nil") if field is None else Raw(".%s" % field)
        return self.search(self.binding("Search", "focusedField", value))

    # reason: the debounced answer to the person's typing
    @signal
    def suggestions_response(self, field, query):
        ql = query.lower()
        hits = [a for a in AIRPORTS if ql[:3] in a[1].lower() or ql[:3] == a[0].lower()][:5]
        self.set(("search", "suggestions"), Arr(St("Airport", [("code", text(c)), ("name", text(n))]) for c, n in hits))
        self.last_hits = hits
        return self.search(A(self.at("Search"), "airportSuggestionsResponse", self.result("[Airport]", True, Struct(
            "AirportPage", [("query", q(query)), ("count", Raw(str(len(hits))))]))))

    @signal
    def suggestion_tapped(self, field, code, name):
        self.set(("search", field), text(code))
        self.set(("search", field + "Query"), text(name))
        self.set(("search", "suggestions"), Arr())
        self.set(("search", "focusedField"), NIL)
        return self.search(A(self.at("Search"), "airportSuggestionTapped", Struct("Airport", [
            ("code", q(code)), ("name", q(name))])))

    @signal
    def date_picked(self, field, t):
        self.set(("search", field), NIL if t is None else self.date(t))
        value = Raw("nil") if t is None else Raw(self.date(t).cd)
        return self.search(self.binding("Search", field, value))

    @signal
    def passengers_changed(self, n):
        self.set(("search", "passengerCount"), num(n))
        return self.search(self.binding("Search", "passengerCount", Raw(str(n))))

    @signal
    def swap_tapped(self):
        o, d = self.get(("search", "origin")), self.get(("search", "destination"))
        oq, dq = self.get(("search", "originQuery")), self.get(("search", "destinationQuery"))
        self.set(("search", "origin"), d)
        self.set(("search", "destination"), o)
        self.set(("search", "originQuery"), dq)
        self.set(("search", "destinationQuery"), oq)
        return self.search(A(self.at("Search"), "swapAirportsButtonTapped"))

    @signal
    def search_tapped(self):
        self.set(("search", "isSearching"), boolean(True))
        self.set(("search", "errorMessage"), NIL)
        return self.search(A(self.at("Search"), "searchButtonTapped"))

    @signal
    def search_response(self, ok):
        rng = self.rng
        self.set(("search", "isSearching"), boolean(False))
        if not ok:
            self.set(("search", "errorMessage"), text("The connection timed out. Try again."))
            return self.search(A(self.at("Search"), "searchResponse", self.result("[Fare]", False, Struct(
                "URLError", [("code", Raw("-1001"))]))))
        self.stack_n += 1
        self.results_n = self.stack_n
        self.fare_ids, self.fares = [], {}
        rows = []
        base = rng.uniform(60, 420)
        for k in range(rng.randint(8, 16)):
            fid = self.uid()
            dep = 3600 * rng.randint(6, 21) + 300 * rng.randint(0, 11)
            f = dict(flight="%s %d" % (rng.choice(CARRIERS), rng.randint(100, 2999)),
                     price=round(base + rng.uniform(-40, 180), 2), seats=rng.randint(1, 9), dep=dep,
                     stops=rng.choice([0, 0, 0, 1, 1, 2]))
            self.fare_ids.append(fid)
            self.fares[fid] = f
            rows.append(St(self.st("FareRow"), [
                ("id", self.uuid_value(fid)), ("flightNumber", text(f["flight"])),
                ("departure", text("%02d:%02d" % (dep // 3600, dep % 3600 // 60))), ("stops", num(f["stops"])),
                ("price", num(f["price"])), ("seatsLeft", num(f["seats"])), ("logo", NIL)]))
        self.put(("path",), "#%d" % self.results_n, En(self.st("Path"), "results", St(self.st("Results"), [
            ("route", text("%s → %s" % (self.query[0], self.query[1]))), ("fares", Arr(rows)),
            ("sortOrder", self.case("price", "Results.SortOrder")), ("scrollOffset", num(0.0)),
            ("isRefreshing", boolean(False)), ("lastRefreshedAt", self.date())])))
        self.shown_logos = 0
        n = self.results_n
        self.spawn(self.ticker(self.fare_refresh_timer_fired, 30.0, 0.05,
                               lambda: None if self.results_n != n else (self.active and self.dest is None
                                                                         and self.get(("selectedTab",)).cd == ".search")))
        return self.search(A(self.at("Search"), "searchResponse", self.result("[Fare]", True, Struct(
            "FareList", [("count", Raw(str(len(rows)))), ("currency", q("EUR"))]))))

    @signal
    def results_popped(self):
        n = self.results_n
        self.delete(("path",), "#%d" % n)
        self.results_n = None
        return self.act("path", A("StackAction<%s, %s>" % (self.st("Path"), self.at("Path")), "popFrom",
                                  id=Raw("#%d" % n)))

    @signal
    def sort_changed(self, order):
        self.set(self.rpath("sortOrder"), self.case(order, "Results.SortOrder"))
        key = {"price": lambda f: f["price"], "departure": lambda f: f["dep"], "duration": lambda f: (f["stops"], f["dep"])}[order]
        fares = self.get(self.rpath("fares"))
        pairs = sorted(zip(self.fare_ids, fares.items), key=lambda p: key(self.fares[p[0]]))
        self.fare_ids = [p[0] for p in pairs]
        self.set(self.rpath("fares"), Arr(p[1] for p in pairs))
        return self.results(self.binding("Results", "sortOrder", Raw(".%s" % order)))

    @signal
    def fare_selected(self, fid):
        rng = self.rng
        self.dest = "seatMap"
        self.seat_ids = []
        self.selected_fare = fid
        self.set(("destination",), En(self.st("Destination"), "seatMap", St(self.st("SeatMap"), [
            ("fareID", self.uuid_value(fid)), ("seats", Dic()), ("selectedSeat", NIL),
            ("zoomScale", num(1.0)), ("isLoading", boolean(True))])))
        self.after(rng.uniform(0.5, 1.6), self.seat_map_response, fid)
        return self.fare_row(fid, A(self.at("FareRow"), "selectButtonTapped"))

    @signal
    def seat_map_response(self, fid):
        if self.dest != "seatMap":
            return None
        rng = self.rng
        seats = {}
        self.seat_ids = []
        first = rng.randint(10, 20)
        for r in range(first, first + 6):
            for c in "ABCDEF":
                s = "%d%s" % (r, c)
                self.seat_ids.append(s)
                seats[s] = self.case("available" if rng.random() < 0.45 else "occupied", "Seat.Status")
        self.set(self.dpath("seats"), Dic(seats))
        self.set(self.dpath("isLoading"), boolean(False))
        return self.dest_act("seatMap", A(self.at("SeatMap"), "seatMapResponse", self.result("SeatMap", True, Struct(
            "SeatMap", [("rows", Raw("6")), ("available", Raw(str(sum(1 for v in seats.values() if v.cd == ".available"))))]))))

    @signal
    def seat_tapped(self, seat):
        if self.get(self.dpath("seats", ("k", seat))).cd == ".available":
            self.set(self.dpath("selectedSeat"), text(seat))
        return self.dest_act("seatMap", A(self.at("SeatMap"), "seatTapped", q(seat)))

    @signal
    def confirm_seat_tapped(self):
        return self.dest_act("seatMap", A(self.at("SeatMap"), "confirmSeatButtonTapped"))

    @signal
    def seat_confirmed(self, seat):
        fid = self.selected_fare
        self.dest = "payment"
        self.set(("destination",), En(self.st("Destination"), "payment", St(self.st("Payment"), [
            ("fareID", self.uuid_value(fid)), ("seat", text(seat)), ("amount", num(self.fares[fid]["price"])),
            ("cardholderName", text("")), ("cardNumber", text("")), ("expiry", text("")),
            ("savesCard", boolean(False)), ("isProcessing", boolean(False)), ("fareHeldFor", num(600)),
            ("errorMessage", NIL)])))
        self.hold_until = self.now + 600
        self.hold_gen = gen = getattr(self, "hold_gen", 0) + 1
        self.spawn(self.ticker(self.hold_timer_ticked, 1.0, 0.003, lambda: None if (
            self.hold_gen != gen or self.dest != "payment") else self.active))
        return self.act("destination", self.presented("Destination", "seatMap", self.delegate(
            "SeatMap", "seatConfirmed", seat=q(seat))))

    @signal
    def destination_dismissed(self):
        self.dest = None
        self.set(("destination",), NIL)
        return self.act("destination", self.dismiss("Destination"))

    @signal
    def saves_card_toggled(self, on):
        self.set(self.dpath("savesCard"), boolean(on))
        return self.dest_act("payment", self.binding("Payment", "savesCard", Raw("true" if on else "false")))

    @signal
    def pay_tapped(self):
        self.set(self.dpath("isProcessing"), boolean(True))
        self.set(self.dpath("errorMessage"), NIL)
        return self.dest_act("payment", A(self.at("Payment"), "payButtonTapped"))

    @signal
    def payment_response(self, ok):
        if self.dest != "payment":
            return None
        self.set(self.dpath("isProcessing"), boolean(False))
        if not ok:
            self.set(self.dpath("errorMessage"), text("Your card was declined."))
            return self.dest_act("payment", A(self.at("Payment"), "paymentResponse", self.result(
                "Booking", False, Struct("PaymentError", [("code", q("card_declined"))]))))
        ref = self.booking_ref()
        self.pending_booking = ref
        return self.dest_act("payment", A(self.at("Payment"), "paymentResponse", self.result("Booking", True, Struct(
            "Booking", [("reference", q(ref)), ("total", Raw(self.get(self.dpath("amount")).cd))]))))

    @signal
    def booking_completed(self):
        ref = self.pending_booking
        fid = self.selected_fare
        f = self.fares[fid]
        seat = self.get(self.dpath("seat")).cd.strip('"')
        action = self.act("destination", self.presented("Destination", "payment", self.delegate(
            "Payment", "bookingCompleted", reference=q(ref))))
        dep = 86400 * self.rng.randint(3, 40) + f["dep"]
        self.trips[ref] = dict(flight=f["flight"], route="%s → %s" % self.query, departure=dep, status="scheduled",
                               gate=None, delay=0, seat=seat, checkedIn=False)
        self.checkin_at[ref] = dep - 86400
        self.trip_ids.append(ref)
        self.append(("trips", "trips"), self.trip_state(ref))
        self.dest = None
        self.set(("destination",), NIL)
        if self.results_n is not None:
            self.delete(("path",), "#%d" % self.results_n)
            self.results_n = None
        self.set(("selectedTab",), self.case("trips", "AppFeature.Tab"))
        return action

    @signal
    def refresh_pulled(self):
        self.set(("trips", "isRefreshing"), boolean(True))
        return self.act("trips", A(self.at("Trips"), "refreshPulled"))

    @signal
    def trips_response(self):
        self.set(("trips", "isRefreshing"), boolean(False))
        self.set(("trips", "lastUpdatedAt"), self.date())
        return self.act("trips", A(self.at("Trips"), "tripsResponse", self.result("[Trip]", True, Struct(
            "TripList", [("count", Raw(str(len(self.trip_ids))))]))))

    # reason: the server telling the traveller about their flight: a gate, a delay, boarding
    @signal
    def flight_status_updated(self, tid, kind):
        t = self.trips[tid]
        rng = self.rng
        if kind == "gate":
            t["gate"] = "%s%d" % (rng.choice("ABCD"), rng.randint(1, 48))
            self.set(self.tpath(tid, "gate"), text(t["gate"]))
        elif kind == "delay":
            t["delay"] += rng.choice([10, 15, 20, 30, 45])
            t["status"] = "delayed"
            self.set(self.tpath(tid, "delayMinutes"), num(t["delay"]))
            self.set(self.tpath(tid, "status"), self.case("delayed", "FlightStatus"))
        elif kind == "onTime":
            t["delay"] = 0
            t["status"] = "onTime"
            self.set(self.tpath(tid, "delayMinutes"), num(0))
            self.set(self.tpath(tid, "status"), self.case("onTime", "FlightStatus"))
        else:
            t["status"] = "boarding"
            self.set(self.tpath(tid, "status"), self.case("boarding", "FlightStatus"))
        return self.trip_row(tid, A(self.at("Trip"), "flightStatusUpdated", Struct("FlightStatus", [
            ("flightNumber", q(t["flight"])), ("status", Raw("." + t["status"])),
            ("gate", q(t["gate"]) if t["gate"] else Raw("nil")), ("delayMinutes", Raw(str(t["delay"])))])))

    @signal
    def trip_tapped(self, tid):
        self.detail = tid
        self.detail_gen = gen = getattr(self, "detail_gen", 0) + 1
        remaining = self.countdown(tid)
        self.set(("trips", "detail"), St(self.st("TripDetail"), [
            ("tripID", text(tid)), ("departsIn", num(self.departs_in(tid))), ("checkInOpensIn", num(remaining)), ("isCheckInOpen", boolean(remaining == 0)),
            ("isCheckingIn", boolean(False)), ("boardingPass", NIL), ("inboundAircraft", NIL)]))
        if self.departs_in(tid) < 4 * 3600:             # "Where is my plane?": the inbound flight, live
            if not hasattr(self, "inbound"):
                self.inbound = (round(self.rng.uniform(53.0, 55.0), 4), round(self.rng.uniform(8.0, 10.5), 4), 11000)
            self.spawn(self.ticker(self.inbound_position_updated, 4.0, 0.15, lambda: None if (
                self.detail_gen != gen or self.detail != tid) else self.active, args=(tid,)))
        self.spawn(self.ticker(self.countdown_ticked, 1.0, 0.003, lambda: None if self.detail_gen != gen or self.detail != tid else self.active, args=(tid,)))
        return self.trip_row(tid, A(self.at("Trip"), "rowTapped"))

    @signal
    def detail_dismissed(self):
        self.detail = None
        self.set(("trips", "detail"), NIL)
        return self.act("trips", A(self.at("Trips"), "detail", self.dismiss("TripDetail")))

    @signal
    def check_in_tapped(self):
        self.set(("trips", "detail", "isCheckingIn"), boolean(True))
        return self.detail_act(A(self.at("TripDetail"), "checkInButtonTapped"))

    @signal
    def check_in_response(self, tid):
        if self.detail != tid:
            return None
        t = self.trips[tid]
        t["checkedIn"] = True
        group = self.rng.randint(1, 5)
        self.set(("trips", "detail", "isCheckingIn"), boolean(False))
        self.set(("trips", "detail", "boardingPass"), St("BoardingPass", [
            ("flightNumber", text(t["flight"])), ("seat", text(t["seat"])), ("boardingGroup", num(group)),
            ("barcode", text("M1RICHTER/JANA E%s" % tid))]))
        self.set(self.tpath(tid, "isCheckedIn"), boolean(True))
        return self.detail_act(A(self.at("TripDetail"), "checkInResponse", self.result("BoardingPass", True, Struct(
            "BoardingPass", [("seat", q(t["seat"])), ("boardingGroup", Raw(str(group)))]))))

    @signal
    def boarding_pass_requested(self, tid):
        t = self.trips[tid]
        self.dest = "boardingPass"
        self.set(("destination",), En(self.st("Destination"), "boardingPass", St(self.st("BoardingPassFeature"), [
            ("tripID", text(tid)), ("flightNumber", text(t["flight"])), ("seat", text(t["seat"])),
            ("gate", NIL if t["gate"] is None else text(t["gate"])), ("isInWallet", boolean(False)),
            ("isAddingToWallet", boolean(False))])))
        return self.detail_act(self.delegate("TripDetail", "boardingPassRequested", tripID=q(tid)))

    @signal
    def wallet_tapped(self):
        self.set(self.dpath("isAddingToWallet"), boolean(True))
        return self.dest_act("boardingPass", A(self.at("BoardingPassFeature"), "addToWalletButtonTapped"))

    @signal
    def wallet_response(self):
        if self.dest != "boardingPass":
            return None
        self.set(self.dpath("isAddingToWallet"), boolean(False))
        self.set(self.dpath("isInWallet"), boolean(True))
        return self.dest_act("boardingPass", A(self.at("BoardingPassFeature"), "addToWalletResponse",
                                               self.result("Bool", True, Raw("true"))))

    # -- processes
    def processes(self):
        return [self.person(), self.status_pushes(), self.lifecycle()]

    def lifecycle(self):
        rng = self.rng
        while True:
            yield rng.uniform(150, 400)
            self.active = False
            self.emit(self.scene_phase, "inactive")
            yield rng.uniform(0.3, 1.0)
            self.emit(self.scene_phase, "background")
            yield rng.uniform(20, 90)
            self.emit(self.scene_phase, "inactive")
            yield rng.uniform(0.2, 0.6)
            self.active = True
            self.emit(self.scene_phase, "active")

    def status_pushes(self):
        rng = self.rng
        while True:
            yield self.expo(75.0)
            if not self.active or not self.trip_ids:
                continue
            tid = self.trip_ids[0] if rng.random() < 0.6 else rng.choice(self.trip_ids)
            t = self.trips[tid]
            kinds = ["gate"] if t["gate"] is None else ["gate", "delay", "delay"]
            if t["status"] == "delayed":
                kinds.append("onTime")
            if t["departure"] - self.now < 86400:
                kinds += ["gate", "delay"]      # today's flight: most of the pushes
                if t["departure"] + 60 * t["delay"] - self.now < 2100 and t["status"] != "boarding" and t["gate"]:
                    kinds = ["boarding"]
            if t["status"] == "boarding":
                continue
            self.emit(self.flight_status_updated, tid, rng.choice(kinds))

    def pause(self, a, b):
        return self.rng.uniform(a, b)

    def type_into(self, field, word, prefix=""):
        """Keystrokes with the suggestions debounced by 0.3 s; returns the last suggestions."""
        rng = self.rng
        self.last_hits = []
        for k in range(1, len(word) + 1):
            self.emit(self.query_typed, field, prefix + word[:k])
            gap = rng.uniform(0.08, 0.5) if k < len(word) else rng.uniform(0.6, 1.8)
            if gap > 0.3:
                lag = min(gap - 0.01, 0.3 + rng.uniform(0.08, 0.35))
                yield lag
                if self.active:
                    self.emit(self.suggestions_response, field, word[:k])
                gap -= lag
            yield gap

    def search_flow(self):
        rng = self.rng
        if rng.random() < 0.25:                         # another origin
            self.emit(self.field_focused, "origin")
            yield self.pause(0.3, 1.0)
            yield from self.type_into("origin", rng.choice(ORIGIN_QUERIES))
            if self.last_hits:
                code, nm = rng.choice(self.last_hits[:2])
                self.emit(self.suggestion_tapped, "origin", code, nm)
            else:
                self.emit(self.field_focused, None)
            yield self.pause(0.8, 2.5)
        self.emit(self.field_focused, "destination")
        yield self.pause(0.3, 1.0)
        word = rng.choice(DESTINATION_QUERIES)
        yield from self.type_into("destination", word)
        if not self.last_hits:
            self.emit(self.field_focused, None)
            return
        code, nm = rng.choice(self.last_hits[:2])
        self.emit(self.suggestion_tapped, "destination", code, nm)
        self.query = (self.get(("search", "origin")).cd.strip('"'), code)
        yield self.pause(1.0, 4.0)
        day = 86400 * rng.randint(2, 60)
        self.emit(self.date_picked, "departureDate", day)
        if rng.random() < 0.6:
            yield self.pause(1.0, 4.0)
            self.emit(self.date_picked, "returnDate", day + 86400 * rng.randint(2, 14))
            if rng.random() < 0.3:
                yield self.pause(1.0, 3.0)
                self.emit(self.date_picked, "returnDate", day + 86400 * rng.randint(2, 14))
        if rng.random() < 0.3:
            yield self.pause(1.0, 3.0)
            self.emit(self.passengers_changed, rng.randint(2, 4))
        if rng.random() < 0.1:
            yield self.pause(0.5, 2.0)
            self.emit(self.swap_tapped)
            self.query = (self.query[1], self.query[0])
        yield self.pause(0.8, 3.0)
        for attempt in range(2):
            self.emit(self.search_tapped)
            ok = rng.random() < 0.93
            yield self.pause(1.2, 3.5)
            if self.results_n is not None:
                self.emit(self.results_popped)
            self.emit(self.search_response, ok)
            if ok:
                break
            yield self.pause(2.0, 5.0)
        if self.results_n is None:
            return
        n = self.results_n
        for i in range(min(5, len(self.fare_ids))):            # the first rows' logos
            self.after(rng.uniform(0.1, 0.9), self.logo_loaded, n, self.fare_ids[i])
        self.shown_logos = 5
        yield from self.browse_results()

    def browse_results(self):
        rng = self.rng
        n = self.results_n
        for _ in range(rng.randint(2, 9)):
            yield self.pause(1.5, 10.0)
            if self.results_n != n or not self.active:
                return
            r = rng.random()
            for flick in range(rng.randint(1, 3) if r < 0.7 else 0):
                if flick:
                    yield self.pause(0.4, 2.5)
                if self.results_n != n:
                    return
                y0 = float(self.get(self.rpath("scrollOffset")).cd)
                v = rng.uniform(-300, 700) if 300 < y0 < 1100 else (rng.uniform(150, 700) if y0 <= 300 else rng.uniform(-700, -150))
                goal = max(0.0, min(1400.0, y0 + v))
                hz = 60.0
                m = max(3, int(hz * min(2.5, 0.3 + rng.lognormvariate(math.log(0.5), 0.6))))
                yield from self.gesture(self.scroll_offset_changed, hz=hz, duration=m / hz, args=lambda i: (
                    round(y0 + (goal - y0) * (1 - (1 - (i + 1) / m) ** 2), 1),))
                rows = min(len(self.fare_ids), int(goal // 88) + 6)
                for i in range(self.shown_logos, rows):
                    self.after(rng.uniform(0.05, 0.7), self.logo_loaded, n, self.fare_ids[i])
                self.shown_logos = max(self.shown_logos, rows)
            if r < 0.7:
                pass
            elif r < 0.82:
                cur = self.get(self.rpath("sortOrder")).cd[1:]
                self.emit(self.sort_changed, rng.choice([o for o in ("price", "departure", "duration") if o != cur]))
            else:
                break
        yield self.pause(1.0, 6.0)
        if self.results_n != n or not self.active:
            return
        if rng.random() < 0.55:
            yield from self.book(rng.choice(self.fare_ids[:6]))
        elif rng.random() < 0.25:
            self.emit(self.results_popped)

    def book(self, fid):
        rng = self.rng
        self.emit(self.fare_selected, fid)
        self.spawn(self.seat_pushes())
        yield self.pause(2.0, 5.0)
        if self.dest != "seatMap":
            return
        for _ in range(rng.randint(0, 3)):                           # pinch to zoom
            s0 = float(self.get(self.dpath("zoomScale")).cd)
            goal = min(3.0, max(1.0, s0 * rng.uniform(0.6, 2.0)))
            yield from self.gesture(self.zoom_scale_changed, args=lambda i, s0=s0, goal=goal: (
                round(s0 + (goal - s0) * min(1.0, (i + 1) / 25.0) + rng.uniform(-0.004, 0.004), 3),))
            yield self.pause(1.0, 5.0)
        chosen = None
        for _ in range(rng.randint(1, 4)):
            if self.dest != "seatMap":
                return
            if not self.seat_ids:
                yield self.pause(1.0, 3.0)
                continue
            free = [x for x in self.seat_ids if self.get(self.dpath("seats", ("k", x))).cd == ".available"]
            seat = rng.choice(free) if free and rng.random() < 0.85 else rng.choice(self.seat_ids)
            self.emit(self.seat_tapped, seat)
            if self.get(self.dpath("selectedSeat")) is not NIL:
                chosen = self.get(self.dpath("selectedSeat")).cd.strip('"')
            yield self.pause(1.0, 6.0)
        if self.dest != "seatMap":
            return
        if chosen is None or rng.random() < 0.15:
            self.emit(self.destination_dismissed)
            return
        self.emit(self.confirm_seat_tapped)
        self.emit(self.seat_confirmed, chosen)
        yield self.pause(1.5, 4.0)
        name = rng.choice(CARDHOLDERS)
        for field, value, lo, hi in (("cardholderName", name, 0.09, 0.35), ("cardNumber", "4242 4242 4242 " + str(rng.randint(1000, 9999)), 0.12, 0.5),
                                     ("expiry", "%02d/%d" % (rng.randint(1, 12), rng.randint(27, 31)), 0.2, 0.6)):
            for k in range(1, len(value) + 1):
                if self.dest != "payment":
                    return
                if value[k - 1] == " ":
                    continue
                self.emit(self.card_field_typed, field, value[:k])
                yield self.pause(lo, hi)
            yield self.pause(0.5, 2.0)
        if rng.random() < 0.4:
            self.emit(self.saves_card_toggled, True)
            yield self.pause(0.5, 2.0)
        if rng.random() < 0.1:
            self.emit(self.destination_dismissed)
            return
        for attempt in range(2):
            self.emit(self.pay_tapped)
            ok = rng.random() < 0.85 or attempt == 1
            yield self.pause(1.5, 4.5)
            self.emit(self.payment_response, ok)
            if ok:
                yield self.pause(0.02, 0.08)
                self.emit(self.booking_completed)
                return
            yield self.pause(3.0, 8.0)

    def seat_pushes(self):
        rng = self.rng
        while self.dest == "seatMap":
            yield self.expo(12.0)
            if self.dest != "seatMap" or not self.seat_ids or not self.active:
                continue
            seat = rng.choice(self.seat_ids)
            if self.get(self.dpath("selectedSeat")).cd == '"%s"' % seat:
                continue
            free = self.get(self.dpath("seats", ("k", seat))).cd == ".available"
            self.emit(self.seat_availability_changed, seat, not free if rng.random() < 0.85 else free)

    def trips_flow(self):
        rng = self.rng
        if self.get(("selectedTab",)).cd != ".trips":
            self.emit(self.tab_selected, "trips")
            yield self.pause(1.0, 3.0)
        if self.dest is not None:
            return
        if rng.random() < 0.6:
            self.emit(self.refresh_pulled)
            yield self.pause(0.6, 2.2)
            self.emit(self.trips_response)
            yield self.pause(1.0, 4.0)
        if rng.random() < 0.75:
            tid = self.trip_ids[0] if rng.random() < 0.6 else rng.choice(self.trip_ids)
            self.emit(self.trip_tapped, tid)
            stay = rng.uniform(15, 150)
            end = self.now + stay
            shown = False
            while self.now < end and self.detail == tid:
                yield self.pause(3.0, 10.0)
                if not self.active:
                    continue
                d = self.get(("trips", "detail"))
                if d.f["isCheckInOpen"].cd == "true" and not self.trips[tid]["checkedIn"] and rng.random() < 0.7:
                    self.emit(self.check_in_tapped)
                    yield self.pause(1.0, 3.0)
                    self.emit(self.check_in_response, tid)
                    yield self.pause(1.5, 4.0)
                if self.trips[tid]["checkedIn"] and self.dest is None and not shown and rng.random() < 0.5:
                    shown = True
                    self.emit(self.boarding_pass_requested, tid)
                    yield self.pause(3.0, 10.0)
                    if rng.random() < 0.5:
                        self.emit(self.wallet_tapped)
                        yield self.pause(0.8, 2.5)
                        self.emit(self.wallet_response)
                        yield self.pause(2.0, 6.0)
                    self.emit(self.destination_dismissed)
            if self.detail == tid:
                self.emit(self.detail_dismissed)

    def person(self):
        rng = self.rng
        think = self.think((1.0, 3.0), (6.0, 16.0), (90, 200), (30, 90))
        yield rng.uniform(1.0, 3.0)
        while True:
            yield next(think)
            if not self.active:
                continue
            r = rng.random()
            tab = self.get(("selectedTab",)).cd
            if r < 0.45:
                if tab != ".search":
                    self.emit(self.tab_selected, "search")
                    yield self.pause(0.8, 2.5)
                if self.results_n is not None and rng.random() < 0.5:
                    yield from self.browse_results()
                else:
                    if self.results_n is not None:
                        self.emit(self.results_popped)
                        yield self.pause(0.8, 2.5)
                    yield from self.search_flow()
            elif r < 0.75:
                yield from self.trips_flow()
            elif r < 0.85 and self.results_n is not None and tab == ".search":
                yield from self.browse_results()
            else:
                if tab == ".search" and self.results_n is None and rng.random() < 0.5:
                    self.emit(self.tab_selected, "trips")



# ============================================================================ weather

CITIES = [("Berlin", 52.52, 13.405), ("Hamburg", 53.551, 9.994), ("Munich", 48.137, 11.575),
          ("Lisbon", 38.722, -9.139), ("New York", 40.713, -74.006), ("Tokyo", 35.676, 139.65),
          ("Oslo", 59.914, 10.752), ("Vienna", 48.208, 16.373), ("Reykjavík", 64.147, -21.942),
          ("Barcelona", 41.385, 2.173), ("Cape Town", -33.925, 18.424), ("Copenhagen", 55.676, 12.568)]
CITY_SEARCHES = ["Oslo", "vien", "Reyk", "barcel", "cape town", "Copenh", "tokyo", "Lisb"]
CONDITIONS = ["clear", "mostlyClear", "partlyCloudy", "cloudy", "drizzle", "rain", "heavyRain", "thunderstorms", "snow", "fog", "windy"]
ALERTS = [("Severe Thunderstorm Warning", "severe"), ("Wind Advisory", "moderate"), ("Flood Watch", "moderate"),
          ("Heat Advisory", "minor"), ("Winter Storm Warning", "severe"), ("Dense Fog Advisory", "minor")]


class Weather(_Feature):
    """A weather app on a phone: the current location from GPS (with the placemark geocoded),
    a pager of saved cities the person swipes (the page offset streams while dragging), a
    forecast per city loaded on appear when stale, on pull to refresh and by an hourly
    background refresh, the selected city's current conditions polled every minute, a radar
    sheet whose frames load when it opens and animate on a 0.5 s timer while playing (pan and
    zoom the map, scrub the slider), severe weather alerts pushed, a city search to add cities,
    settings for units, and a widget timeline reload after each forecast save.

    noise   locationManager.didUpdateLocations (GPS fixes), pagerOffsetChanged (a swipe's
            offsets), clockTicked (1 min), cities.element.conditionsTimerFired and
            .currentConditionsResponse (the 1 min poll and its answer), radar frameTimerTicked,
            mapRegionChanged and the scrub slider's binding, settings' opacity slider,
            widgetTimelinesReloaded (an echo of each forecast save), backgroundRefreshTriggered
    either  the pager's selectedCityID binding (a carousel), the city search field's keystrokes,
            radar frameImageResponse (frames loading as the radar opens), radar newFrameAvailable
    signal  taps, pickers, toggles, pull to refresh, forecast and search responses, alerts,
            placemark, authorization, scene phase"""

    name = "weather"
    module = "Weather"
    process = "Weather"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        _Feature.__init__(self, session)
        rng = self.rng
        self.active = True
        self.dest = None
        self.playing = False
        self.city_ids = []
        self.city_names = {}
        self.loaded_at = {}
        self.alert_ids = []
        self.frames = []
        self.lat, self.lon = 52.4986 + rng.uniform(-0.01, 0.01), 13.4069 + rng.uniform(-0.01, 0.01)
        self.heading = rng.uniform(0, 2 * math.pi)
        self.unit = "celsius"
        self.temps = {}
        rows = []
        names = ["Berlin"] + rng.sample([c[0] for c in CITIES[1:8]], rng.randint(2, 4))
        for i, nm in enumerate(names):
            cid = self.uid()
            self.city_ids.append(cid)
            self.city_names[cid] = nm
            self.temps[cid] = rng.uniform(-2, 24)
            rows.append(St(self.st("CityForecast"), [
                ("id", self.uuid_value(cid)), ("name", text("My Location" if i == 0 else nm)),
                ("isCurrentLocation", boolean(i == 0)), ("current", NIL), ("hourly", Arr()), ("daily", Arr()),
                ("isLoading", boolean(False)), ("lastUpdated", NIL)]))
        self.state = St(self.st("AppFeature"), [
            ("location", St(self.st("Location"), [("authorizationStatus", self.case("notDetermined", "CLAuthorizationStatus")),
                                                  ("coordinate", NIL), ("horizontalAccuracy", NIL), ("placemark", NIL)])),
            ("cities", Arr(rows)),
            ("selectedCityID", self.uuid_value(self.city_ids[0])),
            ("pagerOffset", num(0.0)),
            ("alerts", Arr()),
            ("units", St("Units", [("temperature", self.case("celsius", "TemperatureUnit")),
                                   ("windSpeed", self.case("kilometersPerHour", "WindSpeedUnit")),
                                   ("precipitation", self.case("millimeters", "PrecipitationUnit"))])),
            ("destination", NIL),
            ("now", self.date(0)),
            ("scenePhase", self.case("active", "ScenePhase"))])

    # -- values and paths
    def cpath(self, cid, *rest):
        return ("cities", ("i", self.city_ids.index(cid))) + rest

    def city(self, cid, inner):
        return self.act("cities", self.element("CityForecast", self.uuid_arg(cid), inner))

    def loc(self, inner):
        return self.act("locationManager", inner)

    def dpath(self, *rest):
        return ("destination", ("e", self.dest)) + rest

    def dest_act(self, case, inner):
        return self.act("destination", self.presented("Destination", case, inner))

    def selected(self):
        cur = self.get(("selectedCityID",)).cd
        return next(c for c in self.city_ids if self.uuid_value(c).cd == cur)

    def temp(self, c):
        return round(c if self.unit == "celsius" else c * 9 / 5 + 32, 1)

    # -- noise
    @noise
    def did_update_locations(self):
        rng = self.rng
        if rng.random() < 0.3:
            self.heading += rng.uniform(-1.0, 1.0)
        step = rng.uniform(0.0, 0.00012)
        self.lat = round(self.lat + step * math.cos(self.heading) + rng.gauss(0, 0.00002), 6)
        self.lon = round(self.lon + 1.6 * step * math.sin(self.heading) + rng.gauss(0, 0.00002), 6)
        acc = rng.choice([5.0, 8.0, 10.0, 12.0, 16.0, 35.0, 65.0])
        self.set(("location", "coordinate"), St("Coordinate", [("latitude", num(self.lat)), ("longitude", num(self.lon))]))
        self.set(("location", "horizontalAccuracy"), num(acc))
        return self.loc(A(self.at("LocationManager"), "didUpdateLocations", Raw("[%s]" % (
            "CLLocation(latitude: %r, longitude: %r, horizontalAccuracy: %r)" % (self.lat, self.lon, acc)))))

    @noise
    def pager_offset_changed(self, x):
        self.set(("pagerOffset",), num(x))
        return self.act("pagerOffsetChanged", Raw(repr(x)))

    @noise
    def clock_ticked(self):
        self.set(("now",), self.date(int(round(self.now / 60.0)) * 60))
        return self.act("clockTicked")

    @noise
    def conditions_timer_fired(self, cid):
        self.after(self.rng.uniform(0.3, 1.2), self.conditions_response, cid)
        return self.city(cid, A(self.at("CityForecast"), "conditionsTimerFired"))

    # reason: the answer to the app's own 1 min poll: nudges the temperature, often unchanged
    @noise
    def conditions_response(self, cid):
        if cid not in self.city_ids or self.get(self.cpath(cid, "current")) is NIL:
            return None
        rng = self.rng
        if rng.random() < 0.45:
            self.temps[cid] += rng.choice([-0.3, -0.2, -0.1, 0.1, 0.2, 0.3])
        t = self.temp(self.temps[cid])
        self.set(self.cpath(cid, "current", "temperature"), num(t))
        self.set(self.cpath(cid, "current", "feelsLike"), num(round(t - 2.1, 1)))
        return self.city(cid, A(self.at("CityForecast"), "currentConditionsResponse", self.result(
            "CurrentWeather", True, Struct("CurrentWeather", [("temperature", Raw(repr(t))), ("asOf", Raw(self.date().cd))]))))

    @noise
    def frame_timer_ticked(self):
        if self.dest != "radar" or not self.frames:
            return None
        i = (int(self.get(self.dpath("frameIndex")).cd) + 1) % len(self.frames)
        self.set(self.dpath("frameIndex"), num(i))
        return self.dest_act("radar", A(self.at("Radar"), "frameTimerTicked"))

    @noise
    def map_region_changed(self, lat, lon, span):
        self.set(self.dpath("region"), St("MKCoordinateRegion", [("latitude", num(lat)), ("longitude", num(lon)),
                                                                ("span", num(span))]))
        return self.dest_act("radar", A(self.at("Radar"), "mapRegionChanged", Struct("MKCoordinateRegion", [
            ("center", Struct("CLLocationCoordinate2D", [("latitude", Raw(repr(lat))), ("longitude", Raw(repr(lon)))])),
            ("span", Struct("MKCoordinateSpan", [("latitudeDelta", Raw(repr(span))), ("longitudeDelta", Raw(repr(span)))]))])))

    # reason: the scrub slider streams frame indices while the finger drags it
    @noise
    def frame_scrubbed(self, i):
        self.set(self.dpath("frameIndex"), num(i))
        return self.dest_act("radar", self.binding("Radar", "frameIndex", Raw(str(i))))

    # reason: a slider streaming while dragged
    @noise
    def opacity_dragged(self, v):
        self.set(self.dpath("radarOpacity"), num(v))
        return self.dest_act("settings", self.binding("Settings", "radarOpacity", Raw(repr(v))))

    # reason: the app asks WidgetKit to reload after each forecast it saves: an echo, no state change
    @noise
    def widget_reloaded(self):
        return self.act("widgetTimelinesReloaded")

    # reason: BGAppRefreshTask, on the system's hourly schedule
    @noise
    def background_refresh(self):
        for cid in self.city_ids:
            self.set(self.cpath(cid, "isLoading"), boolean(True))
            self.after(self.rng.uniform(0.8, 3.0), self.forecast_response, cid, True)
        return self.act("backgroundRefreshTriggered")

    # -- either
    # reason: a carousel of cities the person swipes; one record per page settled
    @either
    def city_selected(self, cid):
        self.set(("selectedCityID",), self.uuid_value(cid))
        return self.act("binding", A("BindingAction<%s>" % self.st("AppFeature").replace(".", ""), "set",
                                     Raw("\\%s.$selectedCityID" % self.st("AppFeature")), self.uuid_arg(cid)))

    # reason: a keystroke each in the city search field
    @either
    def city_query_typed(self, value):
        self.set(self.dpath("query"), text(value))
        return self.dest_act("cityList", self.binding("CityList", "query", q(value)))

    # reason: the frames' images load in a run right after the radar opens, one per frame
    @either
    def frame_image_loaded(self, gen, i):
        if self.dest != "radar" or gen != self.radar_gen or i >= len(self.frames):
            return None
        self.set(self.dpath("frames", ("i", i), "isLoaded"), boolean(True))
        return self.dest_act("radar", A(self.at("Radar"), "frameImageResponse", index=Raw(str(i)), result=self.result(
            "RadarImage", True, Struct("RadarImage", [("bytes", Raw(str(self.rng.randint(40000, 180000))))]))))

    # reason: the radar provider publishes a frame every 5 min: a new object, but the person did nothing
    @either
    def new_frame(self):
        if self.dest != "radar":
            return None
        t = self.frames[-1] + 300
        self.frames = self.frames[1:] + [t]
        arr = self.get(self.dpath("frames"))
        items = arr.items[1:] + [St("RadarFrame", [("time", self.date(t)), ("isLoaded", boolean(True))])]
        self.set(self.dpath("frames"), Arr(items))
        return self.dest_act("radar", A(self.at("Radar"), "newFrameAvailable", Struct("RadarFrame", [
            ("time", Raw(self.date(t).cd))])))

    # -- signal
    @signal
    def scene_phase(self, phase):
        self.set(("scenePhase",), self.case(phase, "ScenePhase"))
        return self.act("scenePhaseChanged", A("ScenePhase", phase))

    @signal
    def authorization_changed(self, status):
        self.set(("location", "authorizationStatus"), self.case(status, "CLAuthorizationStatus"))
        return self.loc(A(self.at("LocationManager"), "didChangeAuthorization", A("CLAuthorizationStatus", status)))

    # reason: nil turns into a place name; it follows a move of the phone, rarely
    @signal
    def placemark_response(self, name):
        self.set(("location", "placemark"), text(name))
        return self.act("reverseGeocodeResponse", self.result("Placemark", True, Struct("Placemark", [
            ("locality", q("Berlin")), ("subLocality", q(name.split(",")[0]))])))

    # reason: the forecast the person's pull, swipe or launch asked for: a new forecast object
    @signal
    def forecast_response(self, cid, ok):
        if cid not in self.city_ids:
            return None
        rng = self.rng
        self.set(self.cpath(cid, "isLoading"), boolean(False))
        if not ok:
            return self.city(cid, A(self.at("CityForecast"), "forecastResponse", self.result(
                "Forecast", False, Struct("URLError", [("code", Raw("-1009"))]))))
        self.temps[cid] += rng.uniform(-0.8, 0.8)
        t = self.temps[cid]
        cond = rng.choice(CONDITIONS)
        hour0 = int(self.now // 3600) + 10
        self.set(self.cpath(cid, "current"), St("CurrentWeather", [
            ("temperature", num(self.temp(t))), ("feelsLike", num(round(self.temp(t) - 2.1, 1))),
            ("condition", self.case(cond, "WeatherCondition")), ("windSpeed", num(round(rng.uniform(2, 40), 1))),
            ("humidity", num(rng.randint(35, 98)))]))
        self.set(self.cpath(cid, "hourly"), Arr(St("HourForecast", [
            ("hour", num((hour0 + h) % 24)), ("temperature", num(self.temp(t + rng.uniform(-3, 3)))),
            ("precipitationChance", num(rng.choice([0, 0, 5, 10, 20, 40, 60, 80])))]) for h in range(12)))
        self.set(self.cpath(cid, "daily"), Arr(St("DayForecast", [
            ("weekday", num((d + 4) % 7 + 1)), ("low", num(self.temp(t - rng.uniform(2, 8)))),
            ("high", num(self.temp(t + rng.uniform(0, 6)))), ("condition", self.case(rng.choice(CONDITIONS), "WeatherCondition"))])
            for d in range(10)))
        self.set(self.cpath(cid, "lastUpdated"), self.date())
        self.loaded_at[cid] = self.now
        if cid == self.city_ids[0]:
            self.after(rng.uniform(0.01, 0.05), self.widget_reloaded)
        return self.city(cid, A(self.at("CityForecast"), "forecastResponse", self.result("Forecast", True, Struct(
            "Forecast", [("condition", Raw("." + cond)), ("hours", Raw("240")), ("days", Raw("10"))]))))

    @signal
    def refresh_pulled(self, cid):
        self.set(self.cpath(cid, "isLoading"), boolean(True))
        return self.city(cid, A(self.at("CityForecast"), "refreshPulled"))

    @signal
    def alert_received(self):
        rng = self.rng
        aid = self.uid()
        title, severity = rng.choice(ALERTS)
        cid = self.city_ids[0] if rng.random() < 0.6 else rng.choice(self.city_ids)
        self.alert_ids.insert(0, aid)
        arr = self.get(("alerts",))
        self.set(("alerts",), Arr([St("WeatherAlert", [
            ("id", self.uuid_value(aid)), ("title", text(title)), ("severity", self.case(severity, "WeatherAlert.Severity")),
            ("region", text(self.city_names[cid])), ("expires", self.date(self.now + rng.randint(2, 12) * 3600)),
            ("isRead", boolean(False))])] + arr.items))
        return self.act("weatherAlertReceived", Struct("WeatherAlert", [
            ("id", self.uuid_arg(aid)), ("title", q(title)), ("severity", Raw("." + severity)),
            ("region", q(self.city_names[cid]))]))

    @signal
    def alert_tapped(self, aid):
        i = self.alert_ids.index(aid)
        self.set(("alerts", ("i", i), "isRead"), boolean(True))
        return self.act("alerts", self.element("AlertBanner", self.uuid_arg(aid), A(self.at("AlertBanner"), "tapped")))

    @signal
    def alert_dismissed(self, aid):
        i = self.alert_ids.index(aid)
        action = self.act("alerts", self.element("AlertBanner", self.uuid_arg(aid), A(self.at("AlertBanner"), "dismissButtonTapped")))
        self.remove_at(("alerts",), i)
        self.alert_ids.pop(i)
        return action

    @signal
    def radar_tapped(self):
        rng = self.rng
        self.dest = "radar"
        self.radar_gen = getattr(self, "radar_gen", 0) + 1
        self.frames = []
        self.playing = False
        self.set(("destination",), En(self.st("Destination"), "radar", St(self.st("Radar"), [
            ("frames", Arr()), ("frameIndex", num(0)), ("isPlaying", boolean(False)), ("layer", self.case("precipitation", "Radar.Layer")),
            ("region", St("MKCoordinateRegion", [("latitude", num(round(self.lat, 3))), ("longitude", num(round(self.lon, 3))), ("span", num(2.0))]))])))
        self.after(rng.uniform(0.3, 1.0), self.frames_response, self.radar_gen)
        return self.act("radarButtonTapped")

    @signal
    def frames_response(self, gen):
        if self.dest != "radar" or gen != self.radar_gen:
            return None
        last = int(self.now // 300 * 300) - 300
        self.frames = [last - 300 * k for k in range(11, -1, -1)]
        self.set(self.dpath("frames"), Arr(St("RadarFrame", [("time", self.date(t)), ("isLoaded", boolean(False))]) for t in self.frames))
        self.set(self.dpath("frameIndex"), num(len(self.frames) - 1))
        self.playing = True
        self.set(self.dpath("isPlaying"), boolean(True))
        delay = 0.0
        for i in range(len(self.frames)):
            delay += self.rng.uniform(0.05, 0.35)
            self.after(delay, self.frame_image_loaded, gen, i)
        self.spawn(self.ticker(self.frame_timer_ticked, 0.5, 0.01, lambda: None if (
            self.dest != "radar" or self.radar_gen != gen) else (self.playing and self.active)))
        return self.dest_act("radar", A(self.at("Radar"), "framesResponse", self.result("[RadarFrame]", True, Struct(
            "RadarTimeline", [("count", Raw("12")), ("latest", Raw(self.date(self.frames[-1]).cd))]))))

    @signal
    def play_pause(self):
        self.playing = not self.playing
        self.set(self.dpath("isPlaying"), boolean(self.playing))
        return self.dest_act("radar", A(self.at("Radar"), "playPauseButtonTapped"))

    @signal
    def layer_picked(self, layer):
        self.set(self.dpath("layer"), self.case(layer, "Radar.Layer"))
        return self.dest_act("radar", self.binding("Radar", "layer", Raw("." + layer)))

    @signal
    def destination_dismissed(self):
        self.dest = None
        self.set(("destination",), NIL)
        return self.act("destination", self.dismiss("Destination"))

    @signal
    def settings_tapped(self):
        self.dest = "settings"
        u = self.get(("units",))
        self.set(("destination",), En(self.st("Destination"), "settings", St(self.st("Settings"), [
            ("temperatureUnit", u.f["temperature"]), ("windSpeedUnit", u.f["windSpeed"]),
            ("precipitationNotifications", boolean(True)), ("radarOpacity", num(0.7))])))
        return self.act("settingsButtonTapped")

    @signal
    def unit_picked(self, field, value, enum):
        self.set(self.dpath(field), self.case(value, enum))
        key = {"temperatureUnit": "temperature", "windSpeedUnit": "windSpeed"}[field]
        self.set(("units", key), self.case(value, enum))
        if field == "temperatureUnit":
            self.unit = value
            for cid in self.city_ids:
                if self.get(self.cpath(cid, "current")) is not NIL:
                    t = self.temp(self.temps[cid])
                    self.set(self.cpath(cid, "current", "temperature"), num(t))
                    self.set(self.cpath(cid, "current", "feelsLike"), num(round(t - 2.1, 1)))
        return self.dest_act("settings", self.binding("Settings", field, Raw("." + value)))

    @signal
    def notifications_toggled(self, on):
        self.set(self.dpath("precipitationNotifications"), boolean(on))
        return self.dest_act("settings", self.binding("Settings", "precipitationNotifications", Raw("true" if on else "false")))

    @signal
    def manage_cities_tapped(self):
        self.dest = "cityList"
        self.set(("destination",), En(self.st("Destination"), "cityList", St(self.st("CityList"), [
            ("query", text("")), ("results", Arr()), ("isSearching", boolean(False))])))
        return self.act("manageCitiesButtonTapped")

    # reason: the debounced answer to the person's typing
    @signal
    def search_response(self, query):
        ql = query.lower()
        hits = [c for c in CITIES if c[0].lower().startswith(ql[:3]) and c[0] not in self.city_names.values()][:4]
        self.last_hits = hits
        self.set(self.dpath("results"), Arr(St("CitySearchResult", [("name", text(c[0])), ("latitude", num(c[1])),
                                                                    ("longitude", num(c[2]))]) for c in hits))
        return self.dest_act("cityList", A(self.at("CityList"), "searchResponse", self.result("[CitySearchResult]", True, Struct(
            "CitySearchPage", [("query", q(query)), ("count", Raw(str(len(hits))))]))))

    @signal
    def search_result_tapped(self, name):
        return self.dest_act("cityList", A(self.at("CityList"), "searchResultTapped", q(name)))

    @signal
    def city_added(self, name):
        cid = self.uid()
        self.city_ids.append(cid)
        self.city_names[cid] = name
        self.temps[cid] = self.rng.uniform(-2, 26)
        self.append(("cities",), St(self.st("CityForecast"), [
            ("id", self.uuid_value(cid)), ("name", text(name)), ("isCurrentLocation", boolean(False)),
            ("current", NIL), ("hourly", Arr()), ("daily", Arr()), ("isLoading", boolean(True)), ("lastUpdated", NIL)]))
        self.set(("selectedCityID",), self.uuid_value(cid))
        self.dest = None
        self.set(("destination",), NIL)
        self.after(self.rng.uniform(0.5, 2.0), self.forecast_response, cid, True)
        return self.act("destination", self.presented("Destination", "cityList", self.delegate(
            "CityList", "cityAdded", name=q(name))))

    @signal
    def city_deleted(self, cid):
        i = self.city_ids.index(cid)
        action = self.dest_act("cityList", A(self.at("CityList"), "deleteCities", atOffsets=Raw("[%d]" % i)))
        if self.selected() == cid:
            self.set(("selectedCityID",), self.uuid_value(self.city_ids[0]))
        self.remove_at(("cities",), i)
        self.city_ids.pop(i)
        return action

    # -- processes
    def processes(self):
        return [self.person(), self.gps(), self.lifecycle(), self.poll(),
                self.periodic(self.clock_ticked, 60.0, 0.01, first=60.0, when=lambda: self.active),
                self.poisson(self.alert_received, 200.0, when=lambda: self.active),
                self.bg_refresh(), self.startup()]

    def startup(self):
        rng = self.rng
        yield rng.uniform(0.05, 0.2)
        self.emit(self.authorization_changed, "authorizedWhenInUse")
        for cid in self.city_ids:                       # every saved city's forecast loads on launch
            self.after(rng.uniform(0.6, 2.5), self.forecast_response, cid, rng.random() < 0.97)
        yield rng.uniform(1.0, 2.5)
        self.emit(self.placemark_response, "Kreuzberg, Berlin")

    def gps(self):
        rng = self.rng
        moved = 0
        while True:
            yield rng.uniform(0.9, 4.0)
            if self.active:
                self.emit(self.did_update_locations)
                moved += 1
                if moved % 150 == 0:
                    yield rng.uniform(0.5, 1.5)
                    self.emit(self.placemark_response, rng.choice(["Neukölln, Berlin", "Mitte, Berlin", "Friedrichshain, Berlin"]))

    def poll(self):
        """Current conditions of the city on screen, every minute while the app is active."""
        k = 0
        start = self.now + self.rng.uniform(10, 60)
        while True:
            due = start + 60.0 * k + self.rng.uniform(-0.02, 0.02)
            yield max(0.0005, due - self.now)
            k += 1
            if self.active and self.dest is None:
                self.emit(self.conditions_timer_fired, self.selected())

    def bg_refresh(self):
        yield self.rng.uniform(60, 1200)
        while True:
            if not self.active:
                self.emit(self.background_refresh)
            yield 3600.0 + self.rng.uniform(-60, 300)

    def lifecycle(self):
        rng = self.rng
        while True:
            yield rng.uniform(120, 300)
            self.active = False
            self.emit(self.scene_phase, "inactive")
            yield rng.uniform(0.3, 1.0)
            self.emit(self.scene_phase, "background")
            yield rng.uniform(30, 150)
            self.emit(self.scene_phase, "inactive")
            yield rng.uniform(0.2, 0.6)
            self.active = True
            self.emit(self.scene_phase, "active")
            for cid in self.city_ids:                   # stale forecasts reload on return
                if self.now - self.loaded_at.get(cid, -1e9) > 600 and self.get(self.cpath(cid, "isLoading")).cd == "false":
                    self.after(rng.uniform(0.6, 2.5), self.forecast_response, cid, True)

    def pause(self, a, b):
        return self.rng.uniform(a, b)

    def swipe(self):
        """Drag the pager to the next or previous city: the offset streams, then the page settles."""
        rng = self.rng
        i = self.city_ids.index(self.selected())
        if len(self.city_ids) < 2:
            return
        d = 1 if (i == 0 or (i < len(self.city_ids) - 1 and rng.random() < 0.6)) else -1
        base = float(i)
        hz = 60.0
        m = max(4, int(hz * rng.uniform(0.2, 0.55)))
        cancel = rng.random() < 0.08
        goal = base + (d * rng.uniform(0.1, 0.3) if cancel else d)
        yield from self.gesture(self.pager_offset_changed, hz=hz, duration=m / hz, args=lambda j: (
            round(base + (goal - base) * (1 - (1 - (j + 1) / m) ** 3), 3),))
        if cancel:
            yield from self.gesture(self.pager_offset_changed, hz=hz, duration=6 / hz, args=lambda j: (
                round(goal + (base - goal) * (j + 1) / 6, 3),))
            return
        cid = self.city_ids[i + d]
        self.emit(self.city_selected, cid)
        if self.now - self.loaded_at.get(cid, -1e9) > 600 and self.get(self.cpath(cid, "isLoading")).cd == "false":
            self.after(rng.uniform(0.5, 2.0), self.forecast_response, cid, rng.random() < 0.96)

    def radar_session(self):
        rng = self.rng
        self.emit(self.radar_tapped)
        end = self.now + rng.uniform(20, 120)
        while self.now < end and self.dest == "radar":
            yield self.pause(2.0, 9.0)
            if not self.active or self.dest != "radar":
                continue
            r = rng.random()
            if r < 0.4:                                   # pan or pinch the map
                reg = self.get(self.dpath("region"))
                la, lo, sp = float(reg.f["latitude"].cd), float(reg.f["longitude"].cd), float(reg.f["span"].cd)
                dla, dlo = rng.uniform(-0.4, 0.4) * sp, rng.uniform(-0.6, 0.6) * sp
                zs = rng.choice([1.0, 1.0, 0.5, 2.0])
                if sp * zs > 20.0 or sp * zs < 0.2:
                    zs = 1.0
                yield from self.drag(self.map_region_changed, lambda f: (
                    round(la + dla * f, 4), round(lo + dlo * f, 4), round(sp * (1 + (zs - 1) * f), 3)),
                    duration=min(1.8, 0.25 + rng.lognormvariate(math.log(0.35), 0.6)))
            elif r < 0.5 or (r < 0.58 and not self.playing):
                self.emit(self.play_pause)
            elif r < 0.7 and self.frames:                  # scrub
                if self.playing:
                    self.emit(self.play_pause)
                    yield self.pause(0.3, 1.0)
                i0 = int(self.get(self.dpath("frameIndex")).cd)
                i1 = rng.randrange(len(self.frames))
                steps = list(range(i0, i1, 1 if i1 > i0 else -1))[1:] + [i1]
                for i in steps:
                    yield rng.uniform(0.05, 0.2)
                    self.emit(self.frame_scrubbed, i)
            elif r < 0.8:
                cur = self.get(self.dpath("layer")).cd[1:]
                self.emit(self.layer_picked, rng.choice([x for x in ("precipitation", "temperature", "wind", "clouds") if x != cur]))
        yield self.pause(1.0, 4.0)
        if self.dest == "radar" and self.active:
            self.emit(self.destination_dismissed)

    def frames_pushes(self):
        while True:
            yield 300.0 - (self.now % 300.0) + self.rng.uniform(20, 40)
            if self.dest == "radar" and self.frames and self.active:
                self.emit(self.new_frame)

    def person(self):
        rng = self.rng
        self.spawn(self.frames_pushes())
        think = self.think((1.0, 3.5), (6.0, 18.0), (60, 180), (30, 100))
        yield rng.uniform(2.0, 4.0)
        while True:
            yield next(think)
            if not self.active:
                continue
            if self.dest is not None:
                self.emit(self.destination_dismissed)
                continue
            r = rng.random()
            if r < 0.42:
                for _ in range(rng.randint(1, 4)):
                    yield from self.swipe()
                    yield self.pause(0.8, 6.0)
            elif r < 0.52:
                cid = self.selected()
                if self.get(self.cpath(cid, "isLoading")).cd == "false":
                    self.emit(self.refresh_pulled, cid)
                    yield self.pause(0.6, 2.0)
                    self.emit(self.forecast_response, cid, rng.random() < 0.95)
            elif r < 0.7:
                yield from self.radar_session()
            elif r < 0.76 and self.alert_ids:
                aid = rng.choice(self.alert_ids)
                self.emit(self.alert_tapped, aid)
                yield self.pause(3.0, 12.0)
                if rng.random() < 0.6:
                    self.emit(self.alert_dismissed, aid)
            elif r < 0.83:
                self.emit(self.settings_tapped)
                yield self.pause(1.0, 4.0)
                for _ in range(rng.randint(1, 3)):
                    x = rng.random()
                    if x < 0.4:
                        cur = self.get(self.dpath("temperatureUnit")).cd[1:]
                        self.emit(self.unit_picked, "temperatureUnit", "fahrenheit" if cur == "celsius" else "celsius", "TemperatureUnit")
                    elif x < 0.6:
                        cur = self.get(self.dpath("windSpeedUnit")).cd[1:]
                        self.emit(self.unit_picked, "windSpeedUnit", rng.choice([u for u in ("kilometersPerHour", "metersPerSecond", "milesPerHour", "beaufort") if u != cur]), "WindSpeedUnit")
                    elif x < 0.75:
                        self.emit(self.notifications_toggled, self.get(self.dpath("precipitationNotifications")).cd != "true")
                    else:
                        v0 = float(self.get(self.dpath("radarOpacity")).cd)
                        v1 = round(min(1.0, max(0.1, v0 + rng.choice([-1, 1]) * rng.uniform(0.15, 0.5))), 2)
                        if abs(v1 - v0) < 0.1:
                            v1 = round(1.1 - v0, 2) if abs(1.1 - 2 * v0) >= 0.1 else 0.3
                        yield from self.drag(self.opacity_dragged, lambda f: (round(v0 + (v1 - v0) * f, 3),),
                                             duration=rng.uniform(0.3, 1.2))
                    yield self.pause(1.0, 4.0)
                self.emit(self.destination_dismissed)
            elif r < 0.9:
                self.emit(self.manage_cities_tapped)
                yield self.pause(1.0, 3.0)
                if rng.random() < 0.25 and len(self.city_ids) > 2:
                    self.emit(self.city_deleted, rng.choice(self.city_ids[1:]))
                    yield self.pause(1.0, 3.0)
                word = rng.choice(CITY_SEARCHES)
                self.last_hits = []
                for k in range(1, len(word) + 1):
                    self.emit(self.city_query_typed, word[:k])
                    gap = rng.uniform(0.1, 0.5) if k < len(word) else rng.uniform(0.7, 2.0)
                    if gap > 0.3:
                        lag = min(gap - 0.01, 0.3 + rng.uniform(0.1, 0.4))
                        yield lag
                        self.emit(self.search_response, word[:k])
                        gap -= lag
                    yield gap
                if self.last_hits and rng.random() < 0.75:
                    name = self.last_hits[0][0]
                    self.emit(self.search_result_tapped, name)
                    self.emit(self.city_added, name)
                else:
                    yield self.pause(1.0, 3.0)
                    self.emit(self.destination_dismissed)
            # else: reading the forecast



# ============================================================================ warehouse

PRODUCTS = [("Nitrile gloves M, 100 pcs", "GLV-M100"), ("Packing tape 48 mm", "TAP-48"), ("Cable ties 300 mm", "CTI-300"),
            ("Label roll 100x150", "LBL-100"), ("Stretch film 500 mm", "STR-500"), ("Box 40x30x20", "BOX-403"),
            ("Safety glasses clear", "SFG-CLR"), ("Hi-vis vest L", "HVV-L"), ("AA batteries 24 pk", "BAT-AA24"),
            ("Bubble wrap roll", "BUB-R50"), ("Marker black 12 pk", "MRK-B12"), ("Work boots 43", "WBT-43"),
            ("Pallet wrap handle", "PWH-01"), ("Void fill paper", "VFP-450"), ("Dust masks FFP2 20 pk", "FFP2-20"),
            ("Zip bags 20x30", "ZIP-2030"), ("Box cutter", "BXC-18"), ("Ear plugs 50 pairs", "EPL-50")]
SUPERVISOR_LINES = ["Please prioritise SO-%d, truck leaves at 14:30", "Aisle C is blocked, use aisle D",
                    "Break in 10 min", "Recount bin %s please", "Good pace today, thanks!",
                    "Forklift in aisle B, take care", "SO-%d was cancelled, skip it"]
QUICK_REPLIES = ["On it", "Done", "OK", "Can't find it"]


class Warehouse(_Feature):
    """A handheld inventory scanner app: a queue of orders to pick, a pick list pushed on a
    stack (bin locations and lines, an elapsed-time clock ticking every second while an order is
    open), barcodes from the built-in scanner in bursts while picking (a bin label, then each
    case's serial), each looked up on the server, +/- and short-pick on a line, manual entry, a
    confirm step, a sync queue that uploads pending changes every 3 s with progress, the
    scanner's connection (every 5 s) and battery (every minute) reported, a supervisor channel
    pushing messages (with a heartbeat), Wi-Fi dropping in dead zones.

    noise   path.element.pickList.elapsedTimeTicked (1 s), syncQueue.timerFired (3 s),
            .uploadProgress and .uploadResponse (the timer's own upload), scanner
            .connectionStatusReported (5 s) and .batteryLevelReported (60 s),
            supervisorChannel.heartbeatReceived (25 s, a no-op)
    either  path.element.pickList.binding.set \\.$manualBarcode (keystrokes)
    signal  scans and their lookups, line taps, confirms and their responses, delegate actions,
            orders opened and left, supervisor messages and replies, Wi-Fi and scanner link
            changes, a low-battery warning"""

    name = "warehouse"
    module = "Warehouse"
    process = "WarehouseScanner"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        _Feature.__init__(self, session)
        rng = self.rng
        self.stack_n = 0
        self.pick_n = None
        self.order_ids = []
        self.orders = {}
        self.line_ids = []
        self.lines = {}
        self.pending = []
        self.uploading = False
        self.online = True
        self.linked = True
        self.battery = round(rng.uniform(0.26, 0.31), 2)
        self.warned = False
        self.rssi = rng.randint(-68, -55)
        self.msg_ids = []
        self.dest = None
        self.seen = set()
        self.next_so = rng.randint(104100, 104900)
        summaries = [self.new_order() for _ in range(rng.randint(3, 5))]
        self.state = St(self.st("AppFeature"), [
            ("worker", St("Worker", [("id", text("W-%04d" % rng.randint(1, 9999))), ("zone", text(rng.choice("ABCD")))])),
            ("scanner", St(self.st("Scanner"), [("isConnected", boolean(True)), ("batteryLevel", num(self.battery)),
                                                ("signalStrength", num(self.rssi)), ("lowBatteryWarning", boolean(False))])),
            ("network", self.case("satisfied", "NWPath.Status")),
            ("orderQueue", St(self.st("OrderQueue"), [("orders", Arr(summaries))])),
            ("path", Dic(ordered=True, quoted=False)),
            ("syncQueue", St(self.st("SyncQueue"), [("pending", Arr()), ("isUploading", boolean(False)),
                                                    ("progress", num(0.0)), ("lastSyncedAt", NIL), ("failedAttempts", num(0))])),
            ("inbox", St(self.st("Inbox"), [("messages", Arr()), ("unreadCount", num(0))])),
            ("destination", NIL)])

    # -- values and paths
    def new_order(self):
        rng = self.rng
        oid = "SO-%d" % self.next_so
        self.next_so += rng.randint(1, 40)
        n = rng.randint(5, 11)
        self.order_ids.append(oid)
        self.orders[oid] = dict(lines=n, priority=rng.choice(["standard", "standard", "express"]))
        return St("OrderSummary", [("id", text(oid)), ("lineCount", num(n)),
                                   ("priority", self.case(self.orders[oid]["priority"], "Order.Priority")),
                                   ("status", self.case("assigned", "Order.Status"))])

    def ppath(self, *rest):
        return ("path", ("k", "#%d" % self.pick_n), ("e", "pickList")) + rest

    def lpath(self, sku, *rest):
        return self.ppath("lines", ("i", self.line_ids.index(sku))) + rest

    def pick(self, inner):
        return self.stack_element(self.pick_n, "pickList", inner)

    def line(self, sku, inner):
        return self.pick(A(self.at("PickList"), "lines", self.element("PickLine", q(sku), inner)))

    def sync(self, inner):
        return self.act("syncQueue", inner)

    def scanner(self, inner):
        return self.act("scanner", inner)

    def line_status(self, sku):
        l = self.lines[sku]
        st = "complete" if l["picked"] >= l["required"] else ("partial" if l["picked"] else "open")
        if l["short"]:
            st = "short"
        self.set(self.lpath(sku, "picked"), num(l["picked"]))
        self.set(self.lpath(sku, "status"), self.case(st, "PickLine.Status"))

    def enqueue(self, kind, ref):
        cid = self.uid()
        self.pending.append(cid)
        self.append(("syncQueue", "pending"), St("PendingChange", [("id", self.uuid_value(cid)), ("kind", self.case(kind, "PendingChange.Kind")),
                                                                   ("reference", text(ref))]))

    # -- noise
    @noise
    def elapsed_ticked(self):
        self.elapsed += 1
        self.set(self.ppath("elapsed"), num(self.elapsed))
        return self.pick(A(self.at("PickList"), "elapsedTimeTicked"))

    @noise
    def sync_timer_fired(self):
        if self.pending and not self.uploading and self.online:
            self.uploading = True
            self.set(("syncQueue", "isUploading"), boolean(True))
            self.set(("syncQueue", "progress"), num(0.0))
            self.spawn(self.upload(list(self.pending)))
        return self.sync(A(self.at("SyncQueue"), "timerFired"))

    @noise
    def upload_progress(self, p):
        self.set(("syncQueue", "progress"), num(p))
        return self.sync(A(self.at("SyncQueue"), "uploadProgress", Raw(repr(p))))

    # reason: the answer to the upload the 3 s timer started, one for one; it empties the queue
    @noise
    def upload_response(self, batch, ok):
        self.uploading = False
        self.set(("syncQueue", "isUploading"), boolean(False))
        if not ok:
            self.set(("syncQueue", "failedAttempts"), num(int(self.get(("syncQueue", "failedAttempts")).cd) + 1))
            return self.sync(A(self.at("SyncQueue"), "uploadResponse", self.result("SyncReceipt", False, Struct(
                "URLError", [("code", Raw("-1009"))]))))
        arr = self.get(("syncQueue", "pending"))
        keep = [(c, it) for c, it in zip(self.pending, arr.items) if c not in batch]
        self.pending = [c for c, _ in keep]
        self.set(("syncQueue", "pending"), Arr(it for _, it in keep))
        self.set(("syncQueue", "progress"), num(1.0))
        self.set(("syncQueue", "lastSyncedAt"), self.date())
        self.set(("syncQueue", "failedAttempts"), num(0))
        return self.sync(A(self.at("SyncQueue"), "uploadResponse", self.result("SyncReceipt", True, Struct(
            "SyncReceipt", [("accepted", Raw(str(len(batch)))), ("serverTime", Raw(self.date().cd))]))))

    @noise
    def connection_reported(self):
        rng = self.rng
        if self.linked:
            self.rssi = max(-90, min(-40, self.rssi + rng.choice([-2, -1, 0, 0, 0, 1, 2])))
            self.set(("scanner", "signalStrength"), num(self.rssi))
        return self.scanner(A(self.at("Scanner"), "connectionStatusReported", Struct("ScannerConnectionStatus", [
            ("isConnected", Raw("true" if self.linked else "false")), ("rssi", Raw(str(self.rssi)))])))

    @noise
    def battery_reported(self):
        self.battery = round(max(0.02, self.battery - self.rng.choice([0.0, 0.01, 0.01, 0.02])), 2)
        self.set(("scanner", "batteryLevel"), num(self.battery))
        return self.scanner(A(self.at("Scanner"), "batteryLevelReported", Raw(repr(self.battery))))

    @noise
    def heartbeat(self):
        return self.act("supervisorChannel", A(self.at("SupervisorChannel"), "heartbeatReceived"))

    # -- either
    # reason: a keystroke each in the manual barcode field
    @either
    def manual_typed(self, value):
        self.set(self.ppath("manualBarcode"), text(value))
        return self.pick(self.binding("PickList", "manualBarcode", q(value)))

    # -- signal
    @signal
    def order_tapped(self, oid):
        self.stack_n += 1
        self.pick_n = self.stack_n
        self.elapsed = 0
        self.current = oid
        self.line_ids, self.lines = [], {}
        i = self.order_ids.index(oid)
        self.set(("orderQueue", "orders", ("i", i), "status"), self.case("inProgress", "Order.Status"))
        self.put(("path",), "#%d" % self.pick_n, En(self.st("Path"), "pickList", St(self.st("PickList"), [
            ("orderID", text(oid)), ("lines", Arr()), ("isLoading", boolean(True)), ("currentLocation", NIL),
            ("lastScan", NIL), ("manualBarcode", text("")), ("showsCompletedLines", boolean(True)),
            ("isConfirming", boolean(False)), ("errorMessage", NIL), ("elapsed", num(0))])))
        n = self.pick_n
        self.after(self.rng.uniform(0.3, 1.2), self.pick_list_response, n)
        self.spawn(self.ticker(self.elapsed_ticked, 1.0, 0.004, lambda: None if self.pick_n != n else True))
        return self.act("orderQueue", A(self.at("OrderQueue"), "orderTapped", q(oid)))

    @signal
    def pick_list_response(self, n):
        if n != self.pick_n:
            return None
        rng = self.rng
        rows = []
        for k, (nm, base) in enumerate(rng.sample(PRODUCTS, self.orders[self.current]["lines"])):
            sku = "%s-%02d" % (base, rng.randint(1, 40))
            loc = "%s-%02d-%02d" % (rng.choice("ABCD"), rng.randint(1, 30), rng.randint(1, 6))
            self.line_ids.append(sku)
            self.lines[sku] = dict(name=nm, loc=loc, required=rng.choice([1, 1, 2, 2, 3, 4, 6, 8, 10, 12]), picked=0, short=False)
            rows.append(St(self.st("PickLine"), [("id", text(sku)), ("name", text(nm)), ("location", text(loc)),
                                                 ("required", num(self.lines[sku]["required"])), ("picked", num(0)),
                                                 ("status", self.case("open", "PickLine.Status"))]))
        self.line_ids, rows = zip(*sorted(zip(self.line_ids, rows), key=lambda p: self.lines[p[0]]["loc"])) if rows else ([], [])
        self.line_ids = list(self.line_ids)
        self.set(self.ppath("lines"), Arr(rows))
        self.set(self.ppath("isLoading"), boolean(False))
        return self.pick(A(self.at("PickList"), "pickListResponse", self.result("PickList", True, Struct(
            "PickList", [("orderID", q(self.current)), ("lineCount", Raw(str(len(rows))))]))))

    @signal
    def barcode_scanned(self, value, symbology):
        if value in self.seen and not value.startswith("LOC"):
            return self.pick(A(self.at("PickList"), "barcodeScanned", Struct("Barcode", [
                ("value", q(value)), ("symbology", Raw("." + symbology))])))       # a double read: ignored
        self.seen.add(value)
        self.set(self.ppath("lastScan"), text(value))
        self.set(self.ppath("errorMessage"), NIL)
        if value.startswith("LOC"):
            self.set(self.ppath("currentLocation"), text(value[4:]))
        return self.pick(A(self.at("PickList"), "barcodeScanned", Struct("Barcode", [
            ("value", q(value)), ("symbology", Raw("." + symbology))])))

    @signal
    def lookup_response(self, n, value, sku, outcome):
        if n != self.pick_n:
            return None
        if outcome == "unknown":
            self.set(self.ppath("errorMessage"), text("Unknown barcode %s" % value[-8:]))
            return self.pick(A(self.at("PickList"), "itemLookupResponse", self.result("Item", False, Struct(
                "LookupError", [("code", Raw(".notFound")), ("barcode", q(value))]))))
        l = self.lines[sku]
        if outcome == "wrong":
            self.set(self.ppath("errorMessage"), text("Not on this order: %s" % sku))
        elif l["picked"] >= l["required"]:
            self.set(self.ppath("errorMessage"), text("Already picked %d of %d" % (l["picked"], l["required"])))
        else:
            l["picked"] += 1
            self.line_status(sku)
            self.enqueue("pick", "%s ×1" % sku)
        return self.pick(A(self.at("PickList"), "itemLookupResponse", self.result("Item", True, Struct(
            "Item", [("sku", q(sku)), ("serial", q(value.split("(21)")[-1])), ("name", q(l["name"]))]))))

    @signal
    def step_tapped(self, sku, d):
        l = self.lines[sku]
        l["picked"] = max(0, l["picked"] + d)
        self.line_status(sku)
        self.enqueue("adjust", "%s %+d" % (sku, d))
        return self.line(sku, A(self.at("PickLine"), "incrementButtonTapped" if d > 0 else "decrementButtonTapped"))

    @signal
    def short_tapped(self, sku):
        self.lines[sku]["short"] = True
        self.line_status(sku)
        self.enqueue("shortPick", sku)
        return self.line(sku, A(self.at("PickLine"), "markShortButtonTapped"))

    @signal
    def show_completed_toggled(self, on):
        self.set(self.ppath("showsCompletedLines"), boolean(on))
        return self.pick(self.binding("PickList", "showsCompletedLines", Raw("true" if on else "false")))

    @signal
    def manual_submitted(self):
        value = self.get(self.ppath("manualBarcode")).cd.strip('"')
        self.set(self.ppath("manualBarcode"), text(""))
        self.set(self.ppath("lastScan"), text(value))
        return self.pick(A(self.at("PickList"), "manualEntrySubmitted"))

    @signal
    def confirm_tapped(self):
        self.set(self.ppath("isConfirming"), boolean(True))
        return self.pick(A(self.at("PickList"), "confirmTotalsButtonTapped"))

    @signal
    def confirm_response(self, ok):
        self.set(self.ppath("isConfirming"), boolean(False))
        if not ok:
            self.set(self.ppath("errorMessage"), text("Totals do not match the server. Recount."))
            return self.pick(A(self.at("PickList"), "confirmResponse", self.result("OrderReceipt", False, Struct(
                "ConfirmError", [("code", Raw(".totalsMismatch"))]))))
        total = sum(l["picked"] for l in self.lines.values())
        return self.pick(A(self.at("PickList"), "confirmResponse", self.result("OrderReceipt", True, Struct(
            "OrderReceipt", [("orderID", q(self.current)), ("units", Raw(str(total)))]))))

    @signal
    def order_completed(self):
        oid = self.current
        action = self.pick(self.delegate("PickList", "orderCompleted", orderID=q(oid)))
        i = self.order_ids.index(oid)
        self.remove_at(("orderQueue", "orders"), i)
        self.order_ids.pop(i)
        self.delete(("path",), "#%d" % self.pick_n)
        self.pick_n = None
        self.enqueue("orderConfirmed", oid)
        return action

    @signal
    def order_left(self):
        n = self.pick_n
        i = self.order_ids.index(self.current)
        self.set(("orderQueue", "orders", ("i", i), "status"), self.case("paused", "Order.Status"))
        self.delete(("path",), "#%d" % n)
        self.pick_n = None
        return self.act("path", A("StackAction<%s, %s>" % (self.st("Path"), self.at("Path")), "popFrom", id=Raw("#%d" % n)))

    # reason: the server assigns a new order to this worker: a new object in the queue
    @signal
    def order_assigned(self):
        self.append(("orderQueue", "orders"), self.new_order())
        oid = self.order_ids[-1]
        return self.act("orderQueue", A(self.at("OrderQueue"), "orderAssigned", Struct("OrderSummary", [
            ("id", q(oid)), ("lineCount", Raw(str(self.orders[oid]["lines"])))])))

    @signal
    def network_changed(self, ok):
        self.online = ok
        self.set(("network",), self.case("satisfied" if ok else "unsatisfied", "NWPath.Status"))
        return self.act("networkPathChanged", A("NWPath.Status", "satisfied" if ok else "unsatisfied"))

    @signal
    def link_changed(self, up):
        self.linked = up
        self.set(("scanner", "isConnected"), boolean(up))
        return self.scanner(A(self.at("Scanner"), "connectionStateChanged", A("Scanner.ConnectionState", "connected" if up else "disconnected")))

    @signal
    def low_battery(self):
        self.warned = True
        self.set(("scanner", "lowBatteryWarning"), boolean(True))
        return self.scanner(A(self.at("Scanner"), "lowBatteryWarningReceived", level=Raw(repr(self.battery))))

    @signal
    def message_received(self):
        rng = self.rng
        mid = self.uid()
        line = rng.choice(SUPERVISOR_LINES)
        if "%d" in line:
            line = line % (self.next_so + rng.randint(-300, -1))
        elif "%s" in line:
            line = line % ("%s-%02d-%02d" % (rng.choice("ABCD"), rng.randint(1, 30), rng.randint(1, 6)))
        self.msg_ids.append(mid)
        self.append(("inbox", "messages"), St("SupervisorMessage", [("id", self.uuid_value(mid)), ("from", text("Supervisor · M. Krüger")),
                                                                   ("text", text(line)), ("sentAt", self.date()), ("isRead", boolean(False))]))
        self.set(("inbox", "unreadCount"), num(int(self.get(("inbox", "unreadCount")).cd) + 1))
        return self.act("inbox", A(self.at("Inbox"), "messageReceived", Struct("SupervisorMessage", [
            ("id", self.uuid_arg(mid)), ("text", q(line))])))

    @signal
    def inbox_opened(self):
        self.dest = "inbox"
        for i in range(len(self.msg_ids)):
            self.set(("inbox", "messages", ("i", i), "isRead"), boolean(True))
        self.set(("inbox", "unreadCount"), num(0))
        self.set(("destination",), En(self.st("Destination"), "inbox", St(self.st("InboxSheet"), [
            ("replyingTo", NIL), ("isSending", boolean(False))])))
        return self.act("inboxButtonTapped")

    @signal
    def quick_reply(self, mid, reply):
        self.set(("destination", ("e", "inbox"), "replyingTo"), self.uuid_value(mid))
        self.set(("destination", ("e", "inbox"), "isSending"), boolean(True))
        return self.act("destination", self.presented("Destination", "inbox", A(self.at("InboxSheet"), "quickReplyTapped",
                                                                                  id=self.uuid_arg(mid), reply=q(reply))))

    @signal
    def reply_response(self):
        if self.dest != "inbox":
            return None
        self.set(("destination", ("e", "inbox"), "replyingTo"), NIL)
        self.set(("destination", ("e", "inbox"), "isSending"), boolean(False))
        return self.act("destination", self.presented("Destination", "inbox", A(self.at("InboxSheet"), "replyResponse",
                                                                                  self.result("Bool", True, Raw("true")))))

    @signal
    def destination_dismissed(self):
        self.dest = None
        self.set(("destination",), NIL)
        return self.act("destination", self.dismiss("Destination"))

    # -- processes
    def processes(self):
        return [self.person(), self.periodic(self.sync_timer_fired, 3.0, 0.01),
                self.periodic(self.connection_reported, 5.0, 0.05), self.periodic(self.battery_reported, 60.0, 0.2),
                self.periodic(self.heartbeat, 25.0, 0.3), self.poisson(self.message_received, 140.0),
                self.poisson(self.order_assigned, 240.0), self.wifi(), self.scanner_link()]

    def upload(self, batch):
        rng = self.rng
        steps = rng.randint(2, 6)
        p = 0.0
        for k in range(steps):
            yield rng.uniform(0.08, 0.35)
            if not self.online:
                yield rng.uniform(2.0, 6.0)            # the request times out
                self.emit(self.upload_response, batch, False)
                return
            p = round(min(0.95, p + rng.uniform(0.6, 1.4) / steps), 2)
            self.emit(self.upload_progress, p)
        yield rng.uniform(0.05, 0.3)
        self.emit(self.upload_response, batch, True)

    def wifi(self):
        rng = self.rng
        while True:
            yield self.expo(200.0)
            self.emit(self.network_changed, False)
            yield rng.uniform(4.0, 40.0)
            self.emit(self.network_changed, True)

    def scanner_link(self):
        rng = self.rng
        while True:
            yield self.expo(400.0)
            self.emit(self.link_changed, False)
            yield rng.uniform(2.0, 12.0)
            self.emit(self.link_changed, True)

    def pause(self, a, b):
        return self.rng.uniform(a, b)

    def serial(self, sku):
        """A case's GS1 element string: the product's GTIN and a serial of its own."""
        return "(01)0%013d(21)%s" % (sum(map(ord, sku)) * 7919, self.uid().replace("-", "")[:10])

    def scan(self, value, symbology="gs1DataMatrix"):
        """The trigger: a barcode, then its lookup (items only)."""
        while not self.linked:
            yield 1.0
        dup = value in self.seen
        self.emit(self.barcode_scanned, value, symbology)
        if self.battery < 0.2 and not self.warned:
            self.emit(self.low_battery)
        return dup

    def person(self):
        rng = self.rng
        yield rng.uniform(2.0, 6.0)
        while True:
            if self.dest is None and int(self.get(("inbox", "unreadCount")).cd) and rng.random() < 0.8:
                yield self.pause(1.0, 5.0)
                self.emit(self.inbox_opened)
                yield self.pause(3.0, 10.0)
                if rng.random() < 0.5 and self.msg_ids:
                    self.emit(self.quick_reply, self.msg_ids[-1], rng.choice(QUICK_REPLIES))
                    yield self.pause(0.4, 1.5) if self.online else self.pause(5.0, 9.0)
                    self.emit(self.reply_response)
                    yield self.pause(0.8, 2.5)
                self.emit(self.destination_dismissed)
                yield self.pause(1.0, 3.0)
            if not self.order_ids:
                yield self.pause(10.0, 30.0)
                continue
            if rng.random() < 0.15:                        # a break: the device sits idle
                yield self.pause(40.0, 120.0)
            oid = self.order_ids[0] if rng.random() < 0.7 else rng.choice(self.order_ids)
            yield self.pause(1.0, 4.0)
            self.emit(self.order_tapped, oid)
            yield from self.pick_order()

    def pick_order(self):
        rng = self.rng
        n = self.pick_n
        while self.pick_n == n and not self.line_ids:
            yield 0.2
        yield self.pause(2.0, 6.0)
        if rng.random() < 0.2:
            self.emit(self.show_completed_toggled, self.get(self.ppath("showsCompletedLines")).cd != "true")
            yield self.pause(1.0, 3.0)
        for sku in list(self.line_ids):
            if self.pick_n != n:
                return
            if self.dest is None and int(self.get(("inbox", "unreadCount")).cd) and rng.random() < 0.5:
                self.emit(self.inbox_opened)
                yield self.pause(2.0, 8.0)
                self.emit(self.destination_dismissed)
            l = self.lines[sku]
            yield self.pause(6.0, 35.0)                  # walk to the bin
            yield from self.scan("LOC-" + l["loc"], "code128")
            yield self.pause(0.8, 2.5)
            found = l["required"] if rng.random() < 0.9 else rng.randint(0, l["required"] - 1) if l["required"] > 1 else 0
            k = 0
            while l["picked"] < found and k < found + 4:
                k += 1
                if rng.random() < 0.04:                  # a neighbouring product's label
                    value = "(01)099999990%05d(21)%s" % (rng.randint(0, 999999), self.uid()[:8])
                    outcome, target = "unknown", None
                else:
                    value, outcome, target = self.serial(sku), "ok", sku
                dup = yield from self.scan(value)
                lag = rng.uniform(0.12, 0.5) if self.online else rng.uniform(1.5, 4.0)
                if not dup:
                    self.after(lag, self.lookup_response, n, value, target, outcome)
                if rng.random() < 0.03:                  # the imager reads the same label twice
                    yield rng.uniform(0.05, 0.2)
                    yield from self.scan(value)
                yield max(lag + 0.05, rng.uniform(0.5, 1.6))
            if self.pick_n != n:
                return
            if l["picked"] > l["required"] or (rng.random() < 0.06 and l["picked"]):
                self.emit(self.step_tapped, sku, -1)
                yield self.pause(0.8, 2.5)
            if l["picked"] < l["required"]:
                if rng.random() < 0.25:                   # a torn label: typed by hand
                    code = self.serial(sku).split("(21)")[1]
                    for j in range(1, len(code) + 1):
                        self.emit(self.manual_typed, code[:j])
                        yield self.pause(0.2, 0.7)
                    self.emit(self.manual_submitted)
                    lag = rng.uniform(0.15, 0.5)
                    yield lag
                    self.emit(self.lookup_response, n, code, sku, "ok")
                    yield self.pause(0.8, 2.0)
                if l["picked"] < l["required"]:
                    if rng.random() < 0.3:
                        self.emit(self.step_tapped, sku, +1)
                        yield self.pause(0.8, 2.5)
                    else:
                        self.emit(self.short_tapped, sku)
                        yield self.pause(0.8, 2.5)
            if rng.random() < 0.04 and len(self.order_ids) > 1:   # switch to another order
                yield self.pause(1.0, 3.0)
                self.emit(self.order_left)
                return
        if self.pick_n != n:
            return
        yield self.pause(2.0, 8.0)
        for attempt in range(2):
            self.emit(self.confirm_tapped)
            yield self.pause(0.5, 1.5) if self.online else self.pause(4.0, 8.0)
            ok = self.online and (rng.random() < 0.9 or attempt == 1)
            self.emit(self.confirm_response, ok)
            if ok:
                yield self.pause(0.01, 0.05)
                self.emit(self.order_completed)
                return
            yield self.pause(5.0, 15.0)
        self.emit(self.order_left)


APPS = {"flights": Flights, "weather": Weather, "warehouse": Warehouse}
