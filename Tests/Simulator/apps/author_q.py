"""Session apps by author-q: parking, photoeditor, tutor.

AUTHOR: author-q

parking: a city parking app: the map shows lots around the user; the user pans and zooms the map
(region changes stream while dragging), lot occupancy is pushed per lot by the server at irregular
times, the user picks a lot, starts a parking session (payment sheet with plate and card form fields),
a session countdown ticks every second while a session is active and a reminder fires 10 minutes
before it ends, the user extends or ends the session, location updates come from GPS every few
seconds while the app is open, receipts list loads on demand.

photoeditor: a photo editor: the user picks a photo from the library (thumbnails load as the grid
scrolls), adjusts exposure/contrast/saturation sliders (bindings stream while dragging; the preview
re-renders after each change with a render response), applies filter presets (thumbnails of presets
render once), crops with a drag gesture, undoes/redoes, exports (progress then done), an autosave of
the edit history after a pause, iCloud sync status pushes now and then.

tutor: a language-learning app: lessons with exercises; the user answers by typing (text binding) or by
speaking (speech recognition streams partial transcripts ~5 per second while the user speaks, then a
final result), a per-exercise countdown of 30 s ticks each second, hearts regenerate on a timer, a
streak reminder, audio playback of prompts with a progress ticker, leaderboard updates pushed by the
server, lesson completion with XP animation.
"""

import tcasim
from tcasim import (App, A, Struct, Raw, q, noise, signal, either, V, St, Arr, Dic, En, NIL, num, text, boolean)

import math

AUTHOR = "author-q"


class QApp(App):
    """Helpers shared by author-q's apps."""

    def uid_arg(self, u):
        return Raw("UUID(%s)" % u if self.tca1 else u)

    def presented(self, dest_case, inner, feature="Destination"):
        """`.presented(.dest_case(inner))` of a `@Presents var destination`."""
        return A("PresentationAction<%s>" % self.at(feature), "presented", A(self.at(feature), dest_case, inner))

    def dismissed(self, feature="Destination"):
        return A("PresentationAction<%s>" % self.at(feature), "dismiss")

    def stack_type(self):
        return "StackAction<%s, %s>" % (self.st("Path"), self.at("Path"))

    def stack_element(self, sid, path_case, inner):
        """`.element(id: #sid, action: .path_case(inner))` of a StackState."""
        return A(self.stack_type(), "element", id=Raw("#%d" % sid), action=A(self.at("Path"), path_case, inner))

    def stack_push(self, sid, path_case, state):
        return A(self.stack_type(), "push", id=Raw("#%d" % sid), state=A(self.st("Path"), path_case, state))

    def stack_pop(self, sid):
        return A(self.stack_type(), "popFrom", id=Raw("#%d" % sid))

    def flag(self, b):
        return Raw("true" if b else "false")

    def money(self, x):
        return V("%.2f" % x)

    def typed(self, word, each, lo=0.09, hi=0.45):
        """A person typing `word`, a keystroke at a time (with a few pauses to think)."""
        for k in range(1, len(word) + 1):
            self.emit(each, word[:k])
            yield self.rng.uniform(lo, hi) + (self.rng.uniform(0.6, 2.0) if self.rng.random() < 0.06 else 0.0)

    def timer(self, maker, period, alive, jitter=0.004, args=()):
        """A timer started by an effect (`clock.timer`) and cancelled when alive() stops
        holding; it fires on its own schedule from its start."""
        start = self.now
        k = 1
        while True:
            due = start + period * k + self.rng.uniform(-jitter, jitter)
            yield max(0.0005, due - self.now)
            if not alive():
                return
            self.emit(maker, *args)
            k += 1


# =========================================================================== parking

STREETS = ["Alexanderplatz", "Hackescher Markt", "Friedrichstraße", "Gendarmenmarkt", "Potsdamer Platz",
           "Ostbahnhof", "Jannowitzbrücke", "Rosenthaler Platz", "Nordbahnhof", "Spittelmarkt",
           "Märkisches Museum", "Oranienburger Tor", "Checkpoint Charlie", "Moritzplatz", "Kottbusser Tor",
           "Warschauer Straße", "Senefelderplatz", "Zionskirchplatz", "Hauptbahnhof", "Unter den Linden",
           "Leipziger Platz", "Brunnenstraße", "Torstraße", "Invalidenstraße", "Schillingstraße",
           "Heinrich-Heine-Straße", "Köpenicker Straße", "Karl-Marx-Allee", "Mollstraße", "Anklamer Straße",
           "Bernauer Straße", "Auguststraße", "Tucholskystraße", "Mauerstraße", "Kochstraße", "Lindenstraße"]
PLATES = ["B-KM 4271", "B-LA 882", "P-TR 3190", "B-ZX 17", "HH-JS 5524", "B-OE 6603"]
CARDS = ["4242 4242 4242 4242", "5555 5555 5555 4444", "4000 0566 5566 5556"]


class Parking(QApp):
    """A city parking app (see the module docstring).

    noise   map.regionChanged (pan and zoom gestures, 30-60 Hz while dragging),
            map.locationManager.didUpdateLocations (GPS every ~2.5 s while open, a no-op when the
            phone is still), map.occupancyUpdated (per-lot pushes at irregular times, nudging
            a count or re-sending it), activeSession.timerTicked (1 s countdown),
            activeSession.statusResponse (a 30 s poll of the session, nearly always a no-op)
    either  destination.presented.payment.binding.set for \\.$plate, \\.$cardNumber, \\.$expiry
            (keystrokes)
    signal  the person's taps (lots, start, pay, extend, end, recenter, receipts), the lot
            list's response after a pan, the lot details, payment, extend, end, receipts and
            PDF responses, the
            delegates, the reminder, the session's expiry, the scene phase, the stepper and
            the save-card toggle"""

    name = "parking"
    module = "Parking"
    process = "Parking"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        self.home = (52.5219, 13.4132)
        # the city's lots: id, name, place, capacity, rate
        self.pool = {}
        used = rng.sample(STREETS, len(STREETS))
        for i, street in enumerate(used):
            lid = "L-%04d" % rng.randint(1000, 9999)
            while lid in self.pool:
                lid = "L-%04d" % rng.randint(1000, 9999)
            lat = round(self.home[0] + rng.uniform(-0.03, 0.03), 5)
            lon = round(self.home[1] + rng.uniform(-0.045, 0.045), 5)
            cap = rng.choice([40, 60, 80, 120, 150, 220, 300, 450])
            self.pool[lid] = {"name": "P %s" % street, "lat": lat, "lon": lon, "capacity": cap,
                              "rate": rng.choice([1.5, 2.0, 2.5, 3.0, 3.5, 4.0]),
                              "occupied": int(cap * rng.uniform(0.35, 0.98)),
                              "rate_push": rng.uniform(10, 60)}
        self.center = [self.home[0], self.home[1]]
        self.span = 0.025
        self.me = [self.home[0] + rng.uniform(-0.002, 0.002), self.home[1] + rng.uniform(-0.002, 0.002)]
        self.visible = []
        self.active = True
        self.gen = 0              # the active session's generation (timers and reminder)
        self.ends_at = None
        self.plate = None         # remembered after a first payment
        self.card = None
        self.stack = []           # (id, case)
        self.next_stack = 1
        self.reaction = None      # something the person should react to (the reminder)
        self.paying = False
        restored = rng.random() < 0.6
        session_state = NIL
        if restored:
            lid = rng.choice(list(self.pool))
            self.plate = rng.choice(PLATES)
            self.card = rng.choice(CARDS)
            self.ends_at = rng.uniform(660, 1250)
            self.session_lot = lid
            session_state = self.session_value(self.uid(), lid, self.plate, -rng.uniform(600, 2400), self.ends_at)
        self.restored = restored
        self.state = St(self.st("AppFeature"), [
            ("map", St(self.st("ParkingMap"), [
                ("region", self.region_value()),
                ("userLocation", NIL),
                ("lots", Arr()),
                ("selectedLotID", NIL),
                ("selectedLotDetails", NIL),
                ("isLoadingLots", boolean(False)),
                ("authorizationStatus", self.case("notDetermined", "CLAuthorizationStatus"))])),
            ("activeSession", session_state),
            ("destination", NIL),
            ("path", Dic(quoted=False, ordered=True)),
            ("scenePhase", self.case("active", "ScenePhase"))])

    # -- values
    def coord(self, lat, lon):
        return St("CLLocationCoordinate2D", [("latitude", num(round(lat, 6))), ("longitude", num(round(lon, 6)))])

    def region_value(self):
        return St("MKCoordinateRegion", [
            ("center", self.coord(self.center[0], self.center[1])),
            ("span", St("MKCoordinateSpan", [("latitudeDelta", num(round(self.span, 5))),
                                             ("longitudeDelta", num(round(self.span * 1.6, 5)))]))])

    def region_arg(self):
        return Struct("MKCoordinateRegion", [
            ("center", Struct("CLLocationCoordinate2D", [("latitude", Raw(repr(round(self.center[0], 6)))),
                                                         ("longitude", Raw(repr(round(self.center[1], 6))))])),
            ("span", Struct("MKCoordinateSpan", [("latitudeDelta", Raw(repr(round(self.span, 5)))),
                                                 ("longitudeDelta", Raw(repr(round(self.span * 1.6, 5))))]))])

    def lot_value(self, lid):
        p = self.pool[lid]
        return St("Lot", [("id", text(lid)), ("name", text(p["name"])), ("capacity", num(p["capacity"])),
                                   ("occupied", num(p["occupied"])), ("hourlyRate", self.money(p["rate"])),
                                   ("coordinate", self.coord(p["lat"], p["lon"]))])

    def session_value(self, sid, lid, plate, started, ends):
        return St(self.st("ActiveSession"), [
            ("id", self.uuid_value(sid)), ("lotID", text(lid)), ("plate", text(plate)),
            ("startedAt", self.date_at(started)),
            ("endsAt", self.date_at(ends)), ("secondsRemaining", num(max(0, int(ends - self.now)))),
            ("reminderShown", boolean(False)), ("isExtending", boolean(False)), ("isEnding", boolean(False))])

    def date_at(self, t):
        d = tcasim.START + tcasim.datetime.timedelta(seconds=int(t))
        iso = d.strftime("%Y-%m-%dT%H:%M:%S")
        plain = d.strftime("%Y-%m-%d %H:%M:%S +0000")
        return V("Date(%s.000Z)" % iso, plain, plain)

    def m(self, inner):
        return self.act("map", inner)

    def s(self, inner):
        return self.act("activeSession", inner)

    def pay(self, inner):
        return self.act("destination", self.presented("payment", inner))

    def in_region(self, lid):
        p = self.pool[lid]
        return abs(p["lat"] - self.center[0]) < self.span / 2 and abs(p["lon"] - self.center[1]) < self.span * 0.8

    # -- noise
    @noise
    def region_changed(self, lat, lon, span):
        self.center = [lat, lon]
        self.span = span
        self.set(("map", "region"), self.region_value())
        return self.m(A(self.at("ParkingMap"), "regionChanged", self.region_arg()))

    # reason: GPS fixes every few seconds while the app is open: a coordinate, often unchanged
    @noise
    def location_updated(self):
        if self.rng.random() > 0.35:
            self.me[0] += self.rng.gauss(0, 0.00004)
            self.me[1] += self.rng.gauss(0, 0.00006)
        acc = self.rng.choice([5.0, 5.0, 8.0, 10.0, 12.0, 16.0])
        self.set(("map", "userLocation"), self.coord(self.me[0], self.me[1]))
        loc = Struct("CLLocation", [
            ("coordinate", Struct("CLLocationCoordinate2D", [("latitude", Raw(repr(round(self.me[0], 6)))),
                                                             ("longitude", Raw(repr(round(self.me[1], 6))))])),
            ("horizontalAccuracy", Raw(repr(acc))), ("speed", Raw(repr(round(abs(self.rng.gauss(0, 0.4)), 1))))])
        return self.m(A(self.at("ParkingMap"), "locationManager",
                        A("LocationManager.Action", "didUpdateLocations", loc)))

    # reason: server pushes per lot at irregular times; they nudge the occupied count or re-send it
    @noise
    def occupancy_updated(self, lid):
        p = self.pool[lid]
        r = self.rng.random()
        if r < 0.25:
            pass                                           # the same count, re-sent
        else:
            p["occupied"] = max(0, min(p["capacity"], p["occupied"] + self.rng.choice([-3, -2, -1, -1, 1, 1, 2, 3])))
        if lid in self.visible:
            self.set(("map", "lots", ("i", self.visible.index(lid)), "occupied"), num(p["occupied"]))
        return self.m(A(self.at("ParkingMap"), "occupancyUpdated", Struct("LotOccupancy", [
            ("lotID", q(lid)), ("occupied", Raw(str(p["occupied"]))), ("capacity", Raw(str(p["capacity"])))])))

    @noise
    def timer_ticked(self):
        left = max(0, int(round(self.ends_at - self.now)))
        self.set(("activeSession", "secondsRemaining"), num(left))
        return self.s(A(self.at("ActiveSession"), "timerTicked"))

    # reason: a 30 s poll of the session on the server: an effect response nobody asked for, a no-op
    @noise
    def status_response(self):
        return self.s(A(self.at("ActiveSession"), "statusResponse", self.result("SessionStatus", True, Struct(
            "SessionStatus", [("state", Raw(".active")), ("endsAt", Raw(self.date_at(self.ends_at).cd))]))))

    # -- either
    # reason: the plate field, a keystroke each
    @either
    def plate_typed(self, value):
        self.set(("destination", ("e", "payment"), "plate"), text(value))
        return self.pay(self.binding("Payment", "plate", q(value)))

    # reason: the card number field, a keystroke each
    @either
    def card_typed(self, value):
        self.set(("destination", ("e", "payment"), "cardNumber"), text(value))
        return self.pay(self.binding("Payment", "cardNumber", q(value)))

    # reason: the expiry field, a keystroke each
    @either
    def expiry_typed(self, value):
        self.set(("destination", ("e", "payment"), "expiry"), text(value))
        return self.pay(self.binding("Payment", "expiry", q(value)))

    # -- signal
    @signal
    def scene_phase(self, phase):
        self.set(("scenePhase",), self.case(phase, "ScenePhase"))
        return self.act("scenePhaseChanged", A("ScenePhase", phase))

    @signal
    def on_appear(self):
        self.set(("map", "isLoadingLots"), boolean(True))
        return self.m(A(self.at("ParkingMap"), "onAppear"))

    # reason: the system's answer to the location permission prompt
    @signal
    def authorization_changed(self):
        self.set(("map", "authorizationStatus"), self.case("authorizedWhenInUse", "CLAuthorizationStatus"))
        return self.m(A(self.at("ParkingMap"), "locationManager",
                        A("LocationManager.Action", "didChangeAuthorization", A("CLAuthorizationStatus",
                                                                                "authorizedWhenInUse"))))

    # reason: the lots after a pan settles or a recenter: a response to the person, inserting new lots
    @signal
    def lots_response(self, ok=True):
        self.set(("map", "isLoadingLots"), boolean(False))
        if not ok:
            return self.m(A(self.at("ParkingMap"), "lotsResponse", self.result("[Lot]", False, Struct(
                "URLError", [("code", Raw("-1009"))]))))
        ids = [lid for lid in self.pool if self.in_region(lid)]
        ids.sort(key=lambda l: (self.pool[l]["lat"] - self.center[0]) ** 2 + (self.pool[l]["lon"] - self.center[1]) ** 2)
        ids = ids[:14]
        self.visible = ids
        self.set(("map", "lots"), Arr(self.lot_value(l) for l in ids))
        sel = self.get(("map", "selectedLotID"))
        if sel is not NIL and sel.df not in ids:
            self.set(("map", "selectedLotID"), NIL)
            self.set(("map", "selectedLotDetails"), NIL)
        return self.m(A(self.at("ParkingMap"), "lotsResponse", self.result("[Lot]", True, Struct(
            "LotsPage", [("count", Raw(str(len(ids)))), ("region", q("%.4f,%.4f" % tuple(self.center)))]))))

    @signal
    def lot_tapped(self, lid):
        if self.get(("map", "selectedLotID")) is NIL or self.get(("map", "selectedLotID")).df != lid:
            self.set(("map", "selectedLotDetails"), NIL)
            self.after(self.rng.uniform(0.25, 0.9), self.lot_details_response, lid)
        self.set(("map", "selectedLotID"), text(lid))
        return self.m(A(self.at("ParkingMap"), "lotAnnotationTapped", id=q(lid)))

    @signal
    def lot_details_response(self, lid):
        if self.get(("map", "selectedLotID")) is NIL or self.get(("map", "selectedLotID")).df != lid:
            return None
        p = self.pool[lid]
        hours = self.rng.choice(["24/7", "06:00-23:00", "07:00-22:00"])
        self.set(("map", "selectedLotDetails"), St("LotDetails", [
            ("openingHours", text(hours)), ("maxStayHours", num(self.rng.choice([2, 4, 24]))),
            ("evChargers", num(self.rng.choice([0, 0, 2, 4, 8]))), ("heightLimit", num(self.rng.choice([1.9, 2.0, 2.1])))]))
        return self.m(A(self.at("ParkingMap"), "lotDetailsResponse", self.result("LotDetails", True, Struct(
            "LotDetails", [("lotID", q(lid)), ("openingHours", q(hours)), ("hourlyRate", Raw("%.2f" % p["rate"]))]))))

    @signal
    def lot_card_dismissed(self):
        self.set(("map", "selectedLotID"), NIL)
        self.set(("map", "selectedLotDetails"), NIL)
        return self.m(A(self.at("ParkingMap"), "lotCardDismissed"))

    @signal
    def recenter_tapped(self):
        self.center = [self.me[0], self.me[1]]
        self.span = 0.02
        self.set(("map", "region"), self.region_value())
        self.set(("map", "isLoadingLots"), boolean(True))
        return self.m(A(self.at("ParkingMap"), "recenterButtonTapped"))

    @signal
    def start_parking_tapped(self):
        return self.m(A(self.at("ParkingMap"), "startParkingButtonTapped"))

    @signal
    def map_delegate_start(self, lid):
        self.set(("destination",), En(self.st("Destination"), "payment", St(self.st("Payment"), [
            ("lotID", text(lid)), ("lotName", text(self.pool[lid]["name"])),
            ("plate", text(self.plate or "")), ("cardNumber", text(self.card or "")),
            ("expiry", text("08/29" if self.card else "")), ("durationMinutes", num(60)),
            ("saveCard", boolean(self.card is not None)), ("isProcessing", boolean(False)), ("errorMessage", NIL)])))
        return self.m(A(self.at("ParkingMap"), "delegate", A(self.at("ParkingMap") + ".Delegate"
                                                             if self.tca1 else "ParkingMapAction.Delegate",
                                                             "startParking", lotID=q(lid))))

    @signal
    def duration_changed(self, minutes):
        self.set(("destination", ("e", "payment"), "durationMinutes"), num(minutes))
        return self.pay(self.binding("Payment", "durationMinutes", Raw(str(minutes))))

    @signal
    def save_card_toggled(self, on):
        self.set(("destination", ("e", "payment"), "saveCard"), boolean(on))
        return self.pay(self.binding("Payment", "saveCard", self.flag(on)))

    @signal
    def pay_tapped(self):
        self.set(("destination", ("e", "payment"), "isProcessing"), boolean(True))
        self.set(("destination", ("e", "payment"), "errorMessage"), NIL)
        return self.pay(A(self.at("Payment"), "payButtonTapped"))

    @signal
    def payment_response(self, ok, sid, minutes):
        self.set(("destination", ("e", "payment"), "isProcessing"), boolean(False))
        if not ok:
            self.set(("destination", ("e", "payment"), "errorMessage"), text("Your card was declined."))
            return self.pay(A(self.at("Payment"), "paymentResponse", self.result("ParkingSession", False, Struct(
                "PaymentError", [("code", q("card_declined")), ("message", q("Your card was declined."))]))))
        return self.pay(A(self.at("Payment"), "paymentResponse", self.result("ParkingSession", True, Struct(
            "ParkingSession", [("id", self.uid_arg(sid)), ("minutes", Raw(str(minutes))),
                               ("endsAt", Raw(self.date_at(self.now + minutes * 60).cd))]))))

    @signal
    def session_started(self, sid, minutes):
        pay = self.get(("destination", ("e", "payment")))
        lid = pay.f["lotID"].df
        self.plate = pay.f["plate"].df
        self.card = pay.f["cardNumber"].df
        self.ends_at = self.now + minutes * 60
        self.session_lot = lid
        self.set(("activeSession",), self.session_value(sid, lid, self.plate, self.now, self.ends_at))
        self.set(("destination",), NIL)
        self.set(("map", "selectedLotID"), NIL)
        self.set(("map", "selectedLotDetails"), NIL)
        return self.pay(A(self.at("Payment"), "delegate", A(self.at("Payment") + ".Delegate" if self.tca1
                                                            else "PaymentAction.Delegate", "sessionStarted",
                                                            Struct("ParkingSession", [
                                                                ("id", self.uid_arg(sid)),
                                                                ("minutes", Raw(str(minutes)))]))))

    @signal
    def payment_dismissed(self):
        self.set(("destination",), NIL)
        return self.act("destination", self.dismissed())

    # reason: the machine's alarm, once per session end: an event the person reacts to
    @signal
    def reminder_fired(self):
        self.set(("activeSession", "reminderShown"), boolean(True))
        return self.s(A(self.at("ActiveSession"), "reminderNotificationReceived", Struct("ParkingReminder", [
            ("lotID", q(self.session_lot)), ("minutesLeft", Raw("10"))])))

    @signal
    def extend_tapped(self):
        self.set(("activeSession", "isExtending"), boolean(True))
        return self.s(A(self.at("ActiveSession"), "extendButtonTapped", minutes=Raw("30")))

    @signal
    def extend_response(self):
        self.ends_at += 1800
        self.set(("activeSession", "isExtending"), boolean(False))
        self.set(("activeSession", "endsAt"), self.date_at(self.ends_at))
        self.set(("activeSession", "secondsRemaining"), num(int(self.ends_at - self.now)))
        self.set(("activeSession", "reminderShown"), boolean(False))
        return self.s(A(self.at("ActiveSession"), "extendResponse", self.result("ParkingSession", True, Struct(
            "ParkingSession", [("endsAt", Raw(self.date_at(self.ends_at).cd)), ("charged", Raw("%.2f" % (
                self.pool[self.session_lot]["rate"] / 2)))]))))

    @signal
    def end_tapped(self):
        self.set(("activeSession", "isEnding"), boolean(True))
        return self.s(A(self.at("ActiveSession"), "endSessionButtonTapped"))

    @signal
    def end_response(self):
        self.set(("activeSession",), NIL)
        self.gen += 1
        rid = "R-%06d" % self.rng.randint(100000, 999999)
        return self.s(A(self.at("ActiveSession"), "endSessionResponse", self.result("Receipt", True, Struct(
            "Receipt", [("id", q(rid)), ("amount", Raw("%.2f" % self.rng.uniform(1.5, 14.0))),
                        ("currency", q("EUR"))]))))

    # reason: the countdown reaching zero ends the session: a status change, not a tick
    @signal
    def session_expired(self):
        self.set(("activeSession",), NIL)
        self.gen += 1
        return self.s(A(self.at("ActiveSession"), "sessionExpired"))

    @signal
    def receipts_pushed(self):
        sid = self.next_stack
        self.next_stack += 1
        self.stack.append((sid, "receipts"))
        self.put(("path",), "#%d" % sid, En(self.st("Path"), "receipts", St(self.st("Receipts"), [
            ("receipts", Arr()), ("isLoading", boolean(True))])))
        return self.act("path", self.stack_push(sid, "receipts", Struct(self.st("Receipts"), [
            ("receipts", Raw("[]")), ("isLoading", Raw("true"))])))

    @signal
    def receipts_response(self, sid):
        if (sid, "receipts") not in self.stack:
            return None
        n = self.rng.randint(4, 12)
        rows = []
        for i in range(n):
            lid = self.rng.choice(list(self.pool))
            rows.append(St("Receipt", [("id", text("R-%06d" % self.rng.randint(100000, 999999))),
                                       ("lotName", text(self.pool[lid]["name"])),
                                       ("amount", self.money(self.rng.uniform(1.5, 22.0))),
                                       ("date", self.date_at(-86400 * (i + 1) - self.rng.randint(0, 40000)))]))
        self.receipt_ids = [r.f["id"].df for r in rows]
        base = ("path", ("k", "#%d" % sid), ("e", "receipts"))
        self.set(base + ("receipts",), Arr(rows))
        self.set(base + ("isLoading",), boolean(False))
        return self.act("path", self.stack_element(sid, "receipts", A(self.at("Receipts"), "receiptsResponse",
                                                                       self.result("[Receipt]", True, Struct(
                                                                           "ReceiptsPage", [("count", Raw(str(n)))])))))

    @signal
    def receipt_tapped(self, sid, rid):
        did = self.next_stack
        self.next_stack += 1
        self.stack.append((did, "receiptDetail"))
        self.put(("path",), "#%d" % did, En(self.st("Path"), "receiptDetail", St(self.st("ReceiptDetail"), [
            ("receiptID", text(rid)), ("pdfURL", NIL)])))
        return self.act("path", self.stack_element(sid, "receipts", A(self.at("Receipts"), "receiptTapped",
                                                                       id=q(rid))))

    @signal
    def pdf_response(self, did, rid):
        if (did, "receiptDetail") not in self.stack:
            return None
        url = "https://pay.example.com/receipts/%s.pdf" % rid
        self.set(("path", ("k", "#%d" % did), ("e", "receiptDetail"), "pdfURL"), text(url))
        return self.act("path", self.stack_element(did, "receiptDetail", A(self.at("ReceiptDetail"), "pdfResponse",
                                                                           self.result("URL", True, Raw(
                                                                               'URL(string: "%s")' % url)))))

    @signal
    def popped(self):
        sid, _ = self.stack.pop()
        self.delete(("path",), "#%d" % sid)
        return self.act("path", self.stack_pop(sid))

    # -- processes
    def processes(self):
        return [self.gps(), self.occupancy(), self.launch(), self.person()]

    def gps(self):
        yield 1.2
        k = 0
        start = self.now
        while True:
            k += 1
            due = start + 2.5 * k + self.rng.uniform(-0.3, 0.3)
            yield max(0.001, due - self.now)
            if self.active:
                self.emit(self.location_updated)

    def occupancy(self):
        """The server's occupancy pushes: each visible lot at its own irregular rate."""
        yield 2.0
        while True:
            lots = list(self.visible) or list(self.pool)[:3]
            rates = [1.0 / self.pool[l]["rate_push"] for l in lots]
            yield self.rng.expovariate(sum(rates))
            if not self.active or not self.visible:
                continue
            lots = list(self.visible)
            rates = [1.0 / self.pool[l]["rate_push"] for l in lots]
            x = self.rng.uniform(0, sum(rates))
            for l, r in zip(lots, rates):
                x -= r
                if x <= 0:
                    break
            self.emit(self.occupancy_updated, l)

    def leave_app(self):
        """The person puts the phone away (the app goes to the background) and comes back."""
        rng = self.rng
        self.active = False
        self.emit(self.scene_phase, "inactive")
        yield rng.uniform(0.3, 0.8)
        self.emit(self.scene_phase, "background")
        yield rng.uniform(25, 110)
        self.emit(self.scene_phase, "inactive")
        yield rng.uniform(0.1, 0.3)
        self.active = True
        self.emit(self.scene_phase, "active")

    def launch(self):
        yield 0.15
        self.emit(self.on_appear)
        yield self.rng.uniform(0.2, 0.6)
        self.emit(self.authorization_changed)
        yield self.rng.uniform(0.3, 1.0)
        self.emit(self.lots_response)
        if self.restored:
            self.start_session_effects()

    def start_session_effects(self):
        self.gen += 1
        gen = self.gen
        alive = lambda: self.gen == gen
        self.session_since = self.now

        def ticks():
            start = self.now
            k = 1
            while True:
                due = start + k + self.rng.uniform(-0.004, 0.004)
                yield max(0.0005, due - self.now)
                if not alive():
                    return
                if self.active:
                    if self.ends_at - self.now <= 0.5:
                        self.emit(self.session_expired)
                        return
                    self.emit(self.timer_ticked)
                k += 1

        def polls():
            while True:
                yield 30.0 + self.rng.uniform(-0.05, 0.05)
                if not alive():
                    return
                if self.active:
                    self.emit(self.status_response)

        self.spawn(ticks())
        self.spawn(polls())
        self.schedule_reminder()

    def schedule_reminder(self):
        gen = self.gen
        ends = self.ends_at

        def reminder():
            yield max(0.0, ends - 600 - self.now)
            if self.gen != gen or self.ends_at != ends or self.get(("activeSession",)) is NIL:
                return
            self.emit(self.reminder_fired)
            self.reaction = "reminder"
        self.spawn(reminder())

    def pan(self, zoom=False):
        rng = self.rng
        lat0, lon0, span0 = self.center[0], self.center[1], self.span
        if zoom:
            span1 = max(0.006, min(0.08, span0 * rng.choice([0.5, 0.6, 0.7, 1.4, 1.8])))
            lat1, lon1 = lat0 + rng.gauss(0, span0 * 0.05), lon0 + rng.gauss(0, span0 * 0.05)
        else:
            span1 = span0
            lat1 = lat0 + rng.gauss(0, span0 * 0.35)
            lon1 = lon0 + rng.gauss(0, span0 * 0.5)
            lat1 = min(max(lat1, self.home[0] - 0.03), self.home[0] + 0.03)
            lon1 = min(max(lon1, self.home[1] - 0.045), self.home[1] + 0.045)
        hz = rng.uniform(30, 60)
        duration = min(3.0, 0.3 + rng.lognormvariate(math.log(0.5), 0.7))
        n = max(3, int(round(duration * hz)))

        def at(i):
            f = (i + 1) / n
            e = 1 - (1 - f) ** 2
            return (round(lat0 + (lat1 - lat0) * e, 6), round(lon0 + (lon1 - lon0) * e, 6),
                    round(span0 * (span1 / span0) ** e, 5))
        yield from self.gesture(self.region_changed, hz=hz, duration=n / hz, args=at)
        # the lots in the new region, debounced 0.5 s after the camera settles
        yield 0.5 + rng.uniform(0.25, 0.9)
        self.emit(self.lots_response, rng.random() > 0.03)

    def payment_flow(self, lid):
        rng = self.rng
        self.emit(self.start_parking_tapped)
        yield rng.uniform(0.001, 0.004)
        self.emit(self.map_delegate_start, lid)
        yield rng.uniform(1.0, 3.0)
        if rng.random() < 0.12:                       # changed their mind
            yield rng.uniform(1.0, 4.0)
            self.emit(self.payment_dismissed)
            return
        if not self.plate or rng.random() < 0.35:     # a first payment, or another car
            if self.plate:
                self.emit(self.plate_typed, "")
                yield rng.uniform(0.4, 1.0)
            yield from self.typed(rng.choice([p for p in PLATES if p != self.plate]), self.plate_typed)
            yield rng.uniform(0.8, 2.5)
        if not self.card:
            yield from self.typed(rng.choice(CARDS), self.card_typed, 0.08, 0.35)
            yield rng.uniform(0.6, 2.0)
            yield from self.typed("08/29", self.expiry_typed)
            yield rng.uniform(0.5, 2.0)
            self.emit(self.save_card_toggled, True)
            yield rng.uniform(0.8, 2.5)
        minutes = 60
        target = rng.choice([15, 15, 30, 30, 30, 45, 60, 90, 120])
        while minutes != target:
            minutes += 15 if target > minutes else -15
            self.emit(self.duration_changed, minutes)
            yield rng.uniform(0.25, 0.7)
        yield rng.uniform(0.8, 3.0)
        for attempt in range(3):
            self.emit(self.pay_tapped)
            yield rng.uniform(1.2, 3.5)
            ok = rng.random() > 0.15
            sid = self.uid()
            self.emit(self.payment_response, ok, sid, minutes)
            if ok:
                yield rng.uniform(0.001, 0.003)
                self.emit(self.session_started, sid, minutes)
                self.start_session_effects()
                return
            yield rng.uniform(2.0, 5.0)
            other = rng.choice([c for c in CARDS if c != self.get(("destination", ("e", "payment"), "cardNumber")).df])
            yield from self.typed(other, self.card_typed, 0.08, 0.35)
            yield rng.uniform(1.0, 2.5)
        self.emit(self.payment_dismissed)

    def extend(self):
        self.emit(self.extend_tapped)
        yield self.rng.uniform(0.6, 2.2)
        self.emit(self.extend_response)
        self.schedule_reminder()

    def end(self):
        self.emit(self.end_tapped)
        yield self.rng.uniform(0.5, 1.8)
        if self.get(("activeSession",)) is not NIL:
            self.emit(self.end_response)

    def receipts(self):
        rng = self.rng
        self.emit(self.receipts_pushed)
        sid = self.stack[-1][0]
        yield rng.uniform(0.4, 1.5)
        self.emit(self.receipts_response, sid)
        yield rng.uniform(2.0, 8.0)
        for _ in range(rng.choice([0, 1, 1, 2])):
            rid = rng.choice(self.receipt_ids)
            self.emit(self.receipt_tapped, sid, rid)
            did = self.stack[-1][0]
            yield rng.uniform(0.3, 1.2)
            self.emit(self.pdf_response, did, rid)
            yield rng.uniform(4.0, 15.0)
            self.emit(self.popped)
            yield rng.uniform(1.5, 6.0)
        self.emit(self.popped)

    def person(self):
        rng = self.rng
        think = self.think((1.5, 4.0), (8.0, 20.0), (50, 140), (30, 100))
        leave_at = rng.uniform(150, 330)
        yield rng.uniform(2.0, 4.0)
        while True:
            yield next(think)
            if self.now >= leave_at:
                yield from self.leave_app()
                leave_at = self.now + rng.uniform(150, 330)
                continue
            has_session = self.get(("activeSession",)) is not NIL
            if self.reaction == "reminder" and has_session:
                self.reaction = None
                yield rng.uniform(3.0, 20.0)
                if rng.random() < 0.7:
                    yield from self.extend()
                else:
                    yield from self.end()
                continue
            r = rng.random()
            selected = self.get(("map", "selectedLotID"))
            if r < 0.26:
                for _ in range(rng.randint(1, 3) if self.busy else 1):
                    yield from self.pan(zoom=rng.random() < 0.3)
                    yield rng.uniform(0.6, 4.0)
            elif r < 0.50 and self.visible:
                self.emit(self.lot_tapped, rng.choice(self.visible))
            elif r < 0.66 and not has_session:
                if selected is NIL and self.visible:
                    self.emit(self.lot_tapped, rng.choice(self.visible))
                    yield rng.uniform(1.0, 4.0)
                    selected = self.get(("map", "selectedLotID"))
                if selected is not NIL:
                    yield rng.uniform(1.0, 4.0)
                    yield from self.payment_flow(selected.df)
            elif r < 0.70 and selected is not NIL:
                self.emit(self.lot_card_dismissed)
            elif r < 0.75:
                self.emit(self.recenter_tapped)
                yield rng.uniform(0.6, 1.4)
                self.emit(self.lots_response)
            elif r < 0.77 and has_session and self.now - self.session_since > 180:
                yield from (self.extend() if rng.random() < 0.4 else self.end())
            elif r < 0.85:
                yield from self.receipts()



# ======================================================================= photoeditor

PRESETS = ["Original", "Vivid", "Vivid Warm", "Vivid Cool", "Dramatic", "Dramatic Warm", "Mono", "Silvertone",
           "Noir", "Fade", "Chrome", "Instant"]
SLIDERS = {"exposure": (-2.0, 2.0), "contrast": (-1.0, 1.0), "saturation": (-1.0, 1.0)}
ASPECTS = ["freeform", "square", "fourByThree", "sixteenByNine", "original"]


class PhotoEditor(QApp):
    """A photo editor (see the module docstring).

    noise   the sliders' bindings (path.element.editor.binding.set \\.$exposure, \\.$contrast,
            \\.$saturation: 30-60 Hz while dragging), the preview's renderResponse (one per
            change that is not cancelled by the next: an echo of the slider), crop.dragChanged
            (the crop handle), the export's progress and its quality slider, autosaveResponse
            (a debounced save nobody asked for), cloudSync.statusUpdated (iCloud pushes)
    either  library.photos.element.onAppear / thumbnailResponse (cells as the grid scrolls),
            presets.element.thumbnailRendered (each preset's thumbnail, once per photo)
    signal  opening a photo (push, image response), slider editing began/ended, preset taps,
            crop mode, crop end and aspect ratio, undo, redo, export (tap, format, start,
            response, delegate, dismiss), back to the library, a photo added to the library,
            the scene phase"""

    name = "photoeditor"
    module = "PhotoEditor"
    process = "PhotoEditor"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        self.photo_ids = ["%s/L0/001" % self.uid() for _ in range(rng.randint(90, 160))]   # the "Recents" album
        self.first = 0            # the grid's first visible cell
        self.loaded = set()
        self.sid = None           # the editor's stack id
        self.next_stack = 1
        self.render_gen = 0
        self.save_gen = 0
        self.history = []         # snapshots, undo
        self.redo = []
        self.active = True
        self.exporting = False
        self.pending = 0
        self.state = St(self.st("AppFeature"), [
            ("library", St(self.st("PhotoLibrary"), [
                ("photos", Arr()), ("authorizationStatus", self.case("notDetermined", "PHAuthorizationStatus")),
                ("isLoading", boolean(False))])),
            ("path", Dic(quoted=False, ordered=True)),
            ("cloudSync", St(self.st("CloudSync"), [
                ("status", self.case("idle", "SyncStatus")), ("pendingUploads", num(0)), ("lastSyncedAt", NIL)])),
            ("scenePhase", self.case("active", "ScenePhase"))])

    # -- values and paths
    def cell(self, pid):
        return St(self.st("PhotoCell"), [("id", text(pid)), ("thumbnail", NIL), ("isLoading", boolean(False))])

    def ed(self, *rest):
        return ("path", ("k", "#%d" % self.sid), ("e", "editor")) + rest

    def edit(self, inner):
        return self.act("path", self.stack_element(self.sid, "editor", inner))

    def e(self, case, *a, **k):
        return self.edit(A(self.at("Editor"), case, *a, **k))

    def lib(self, inner):
        return self.act("library", inner)

    def row(self, pid, inner):
        return self.lib(A(self.at("PhotoLibrary"), "photos", self.element("PhotoCell", q(pid), inner)))

    def export(self, inner):
        return self.edit(A(self.at("Editor"), "destination", self.presented("export", inner)))

    def snapshot(self):
        g = lambda k: self.get(self.ed(k))
        return {"exposure": g("exposure"), "contrast": g("contrast"), "saturation": g("saturation"),
                "selectedPresetID": g("selectedPresetID"), "cropRect": self.get(self.ed("crop", "rect"))}

    def restore(self, snap):
        for k, v in snap.items():
            if k == "cropRect":
                self.set(self.ed("crop", "rect"), v)
            else:
                self.set(self.ed(k), v)
        self.set(self.ed("history"), St("EditHistory", [("undoCount", num(len(self.history) - 1)),
                                                        ("redoCount", num(len(self.redo)))]))

    def rect(self, x, y, w, h):
        return St("CGRect", [("x", num(x)), ("y", num(y)), ("width", num(w)), ("height", num(h))])

    def rect_arg(self, x, y, w, h):
        return Struct("CGRect", [("x", Raw(repr(x))), ("y", Raw(repr(y))), ("width", Raw(repr(w))),
                                 ("height", Raw(repr(h)))])

    # -- noise
    @noise
    def slider_moved(self, field, value):
        self.set(self.ed(field), num(value))
        self.set(self.ed("hasUnsavedChanges"), boolean(True))
        self.request_render()
        return self.edit(self.binding("Editor", field, Raw(repr(value))))

    # reason: one per change not cancelled by the next one: during a drag, an echo of the slider
    @noise
    def render_response(self, revision, millis):
        self.set(self.ed("preview"), St("Preview", [("revision", num(revision)), ("renderMillis", num(millis))]))
        self.set(self.ed("isRendering"), boolean(False))
        return self.e("renderResponse", self.result("RenderedPreview", True, Struct("RenderedPreview", [
            ("revision", Raw(str(revision))), ("size", Raw("CGSize(width: 1170.0, height: 1560.0)")),
            ("renderMillis", Raw(str(millis)))])))

    @noise
    def crop_dragged(self, x, y, w, h):
        self.set(self.ed("crop", "rect"), self.rect(x, y, w, h))
        return self.e("crop", A(self.at("Crop"), "dragChanged", self.rect_arg(x, y, w, h)))

    @noise
    def export_progress(self, p):
        self.set(self.ed("destination", ("e", "export"), "progress"), num(p))
        return self.export(A(self.at("Export"), "exportProgress", Raw(repr(p))))

    # reason: a slider over the export's quality, streaming while dragged
    @noise
    def quality_moved(self, value):
        self.set(self.ed("destination", ("e", "export"), "quality"), num(value))
        return self.export(self.binding("Export", "quality", Raw(repr(value))))

    # reason: the edit history saved 2 s after the last change: a debounced clean-up effect
    @noise
    def autosave_response(self, revision):
        if self.sid is None:
            return None
        self.set(self.ed("hasUnsavedChanges"), boolean(False))
        self.set(self.ed("lastSavedAt"), self.date())
        self.pending += 1
        return self.e("autosaveResponse", self.result("SavedEdit", True, Struct("SavedEdit", [
            ("revision", Raw(str(revision))), ("entries", Raw(str(len(self.history))))])))

    # reason: iCloud status pushed now and then: re-sends the status or nudges the pending count
    @noise
    def sync_status(self, status, pending):
        self.set(("cloudSync", "status"), self.case(status, "SyncStatus"))
        self.set(("cloudSync", "pendingUploads"), num(pending))
        if status == "upToDate" and pending == 0:
            self.set(("cloudSync", "lastSyncedAt"), self.date())
        return self.act("cloudSync", A(self.at("CloudSync"), "statusUpdated", Struct("CloudSyncStatus", [
            ("state", Raw("." + status)), ("pendingUploads", Raw(str(pending)))])))

    # -- either
    # reason: a cell appearing as the grid scrolls (a no-op when its thumbnail is cached)
    @either
    def cell_appeared(self, i):
        pid = self.photo_ids[i]
        if pid not in self.loaded:
            self.set(("library", "photos", ("i", i), "isLoading"), boolean(True))
        return self.row(pid, A(self.at("PhotoCell"), "onAppear"))

    # reason: thumbnails loading as the grid scrolls
    @either
    def thumbnail_loaded(self, i):
        pid = self.photo_ids[i]
        self.loaded.add(pid)
        w, h = self.rng.choice([(256, 192), (192, 256), (256, 256), (256, 144)])
        self.set(("library", "photos", ("i", i), "thumbnail"), St("Thumbnail", [
            ("width", num(w)), ("height", num(h)), ("bytes", num(self.rng.randint(9000, 42000)))]))
        self.set(("library", "photos", ("i", i), "isLoading"), boolean(False))
        return self.row(pid, A(self.at("PhotoCell"), "thumbnailResponse", self.result("Thumbnail", True, Struct(
            "Thumbnail", [("width", Raw(str(w))), ("height", Raw(str(h)))]))))

    # reason: each preset's thumbnail renders once when a photo opens: a machine burst of new values
    @either
    def preset_rendered(self, sid, i):
        if self.sid != sid:
            return None
        self.set(self.ed("presets", ("i", i), "thumbnail"), St("Thumbnail", [
            ("width", num(120)), ("height", num(120)), ("bytes", num(self.rng.randint(4000, 15000)))]))
        return self.e("presets", self.element("PresetCell", q(PRESETS[i].lower().replace(" ", "-")), A(
            self.at("PresetCell"), "thumbnailRendered", self.result("Thumbnail", True, Struct("Thumbnail", [
                ("width", Raw("120")), ("height", Raw("120"))])))))

    # -- signal
    @signal
    def scene_phase(self, phase):
        self.set(("scenePhase",), self.case(phase, "ScenePhase"))
        return self.act("scenePhaseChanged", A("ScenePhase", phase))

    @signal
    def library_task(self):
        self.set(("library", "isLoading"), boolean(True))
        return self.lib(A(self.at("PhotoLibrary"), "task"))

    @signal
    def authorization_response(self):
        self.set(("library", "authorizationStatus"), self.case("authorized", "PHAuthorizationStatus"))
        return self.lib(A(self.at("PhotoLibrary"), "authorizationResponse", A("PHAuthorizationStatus", "authorized")))

    @signal
    def photos_response(self):
        self.set(("library", "photos"), Arr(self.cell(p) for p in self.photo_ids))
        self.set(("library", "isLoading"), boolean(False))
        return self.lib(A(self.at("PhotoLibrary"), "photosResponse", self.result("[Asset]", True, Struct(
            "AssetFetchResult", [("count", Raw(str(len(self.photo_ids))))]))))

    # reason: the photo library pushing a new photo: a new identity
    @signal
    def library_changed(self):
        pid = "%s/L0/001" % self.uid()
        self.photo_ids.insert(0, pid)
        self.first += 1
        arr = self.get(("library", "photos"))
        self.set(("library", "photos"), Arr([self.cell(pid)] + arr.items))
        return self.lib(A(self.at("PhotoLibrary"), "photoLibraryDidChange", Struct("PHChange", [
            ("insertedIdentifiers", Raw('["%s"]' % pid))])))

    @signal
    def photo_opened(self, pid):
        sid = self.next_stack
        self.next_stack += 1
        self.sid = sid
        self.history, self.redo = [], []
        ed = St(self.st("Editor"), [
            ("photoID", text(pid)), ("image", NIL),
            ("exposure", num(0.0)), ("contrast", num(0.0)), ("saturation", num(0.0)), ("activeSlider", NIL),
            ("preview", St("Preview", [("revision", num(0)), ("renderMillis", num(0))])), ("isRendering", boolean(False)),
            ("presets", Arr(St(self.st("PresetCell"), [("id", text(n.lower().replace(" ", "-"))), ("name", text(n)),
                                                       ("thumbnail", NIL)]) for n in PRESETS)),
            ("selectedPresetID", text("original")),
            ("crop", St(self.st("Crop"), [("rect", self.rect(0.0, 0.0, 1.0, 1.0)), ("isCropping", boolean(False)),
                                          ("aspectRatio", self.case("freeform", "AspectRatio"))])),
            ("history", St("EditHistory", [("undoCount", num(0)), ("redoCount", num(0))])),
            ("hasUnsavedChanges", boolean(False)), ("lastSavedAt", NIL), ("destination", NIL)])
        self.put(("path",), "#%d" % sid, En(self.st("Path"), "editor", ed))
        self.revision = 0
        return self.act("path", self.stack_push(sid, "editor", Struct(self.st("Editor"), [("photoID", q(pid))])))

    @signal
    def image_response(self, sid):
        if self.sid != sid:
            return None
        self.set(self.ed("image"), St("EditableImage", [("width", num(4032)), ("height", num(3024)),
                                                        ("colorSpace", text("Display P3"))]))
        self.history = [self.snapshot()]
        return self.e("imageResponse", self.result("EditableImage", True, Struct("EditableImage", [
            ("width", Raw("4032")), ("height", Raw("3024"))])))

    # reason: the person's drag beginning and ending (the end commits an undo step)
    @signal
    def slider_editing(self, field, began):
        self.set(self.ed("activeSlider"), self.case(field, "Slider") if began else NIL)
        if not began:
            self.commit()
        return self.e("sliderEditingChanged", A("Slider", field), isEditing=self.flag(began))

    @signal
    def preset_tapped(self, i):
        pid = PRESETS[i].lower().replace(" ", "-")
        self.set(self.ed("selectedPresetID"), text(pid))
        self.set(self.ed("hasUnsavedChanges"), boolean(True))
        self.commit()
        self.request_render()
        return self.e("presets", self.element("PresetCell", q(pid), A(self.at("PresetCell"), "tapped")))

    @signal
    def crop_button(self, on):
        self.set(self.ed("crop", "isCropping"), boolean(on))
        if not on:
            self.request_render()
        return self.e("cropButtonTapped" if on else "cropDoneButtonTapped")

    @signal
    def crop_drag_ended(self):
        self.set(self.ed("hasUnsavedChanges"), boolean(True))
        self.commit()
        return self.e("crop", A(self.at("Crop"), "dragEnded"))

    @signal
    def aspect_selected(self, aspect):
        self.set(self.ed("crop", "aspectRatio"), self.case(aspect, "AspectRatio"))
        return self.e("crop", self.binding("Crop", "aspectRatio", Raw("." + aspect)))

    @signal
    def undo_tapped(self):
        if len(self.history) > 1:
            self.redo.append(self.history.pop())
            self.restore(self.history[-1])
            self.set(self.ed("hasUnsavedChanges"), boolean(True))
            self.request_render()
            self.schedule_save()
        return self.e("undoButtonTapped")

    @signal
    def redo_tapped(self):
        if self.redo:
            self.history.append(self.redo.pop())
            self.restore(self.history[-1])
            self.set(self.ed("hasUnsavedChanges"), boolean(True))
            self.request_render()
            self.schedule_save()
        return self.e("redoButtonTapped")

    @signal
    def export_tapped(self):
        self.set(self.ed("destination"), En(self.st("Editor.Destination") if self.tca1 else "EditorDestinationState",
                                            "export", St(self.st("Export"), [
                                                ("format", self.case("heic", "ExportFormat")), ("quality", num(0.9)),
                                                ("isExporting", boolean(False)), ("progress", num(0.0)),
                                                ("fileURL", NIL)])))
        return self.e("exportButtonTapped")

    @signal
    def format_selected(self, fmt):
        self.set(self.ed("destination", ("e", "export"), "format"), self.case(fmt, "ExportFormat"))
        return self.export(self.binding("Export", "format", Raw("." + fmt)))

    @signal
    def export_start(self):
        self.set(self.ed("destination", ("e", "export"), "isExporting"), boolean(True))
        return self.export(A(self.at("Export"), "saveButtonTapped"))

    @signal
    def export_response(self, ok):
        base = self.ed("destination", ("e", "export"))
        self.set(base + ("isExporting",), boolean(False))
        if not ok:
            self.set(base + ("progress",), num(0.0))
            return self.export(A(self.at("Export"), "exportResponse", self.result("URL", False, Struct(
                "PHPhotosError", [("code", Raw("3305")), ("message", q("Not enough storage"))]))))
        fmt = self.get(base + ("format",)).cd[1:]
        url = "file:///private/var/mobile/tmp/IMG_%04d-edited.%s" % (self.rng.randint(1000, 9999),
                                                                      "jpg" if fmt == "jpeg" else fmt)
        self.set(base + ("progress",), num(1.0))
        self.set(base + ("fileURL",), text(url))
        return self.export(A(self.at("Export"), "exportResponse", self.result("URL", True, Raw(
            'URL(string: "%s")' % url))))

    @signal
    def export_finished(self):
        self.set(self.ed("destination"), NIL)
        return self.export(A(self.at("Export"), "delegate", A(
            self.at("Export") + ".Delegate" if self.tca1 else "ExportAction.Delegate", "exportFinished")))

    @signal
    def export_dismissed(self):
        self.set(self.ed("destination"), NIL)
        return self.e("destination", self.dismissed())

    @signal
    def back_tapped(self):
        sid = self.sid
        self.sid = None
        self.render_gen += 1
        self.save_gen += 1
        self.delete(("path",), "#%d" % sid)
        return self.act("path", self.stack_pop(sid))

    # -- effects
    def commit(self):
        snap = self.snapshot()
        if self.history and all(snap[k].cd == self.history[-1][k].cd if isinstance(snap[k], V)
                                else tcasim.same(snap[k], self.history[-1][k]) for k in snap):
            return
        self.history.append(snap)
        self.redo = []
        self.set(self.ed("history"), St("EditHistory", [("undoCount", num(len(self.history) - 1)),
                                                        ("redoCount", num(0))]))
        self.schedule_save()

    def schedule_save(self):
        self.save_gen += 1
        gen = self.save_gen
        sid = self.sid

        def save():
            yield 2.0 + self.rng.uniform(0.05, 0.4)
            if self.save_gen == gen and self.sid == sid:
                self.revision += 1
                self.emit(self.autosave_response, self.revision)
                yield self.rng.uniform(1.0, 4.0)
                self.emit(self.sync_status, "uploading", self.pending)
                yield self.rng.uniform(1.5, 6.0)
                self.pending = 0
                self.emit(self.sync_status, "upToDate", 0)
        self.spawn(save())

    def request_render(self):
        """The preview re-renders, cancelling a render in flight (cancelInFlight: true)."""
        self.render_gen += 1
        gen = self.render_gen
        self.set(self.ed("isRendering"), boolean(True))
        took = self.rng.uniform(0.012, 0.05)

        def render():
            yield took
            if self.render_gen == gen and self.sid is not None:
                rev = int(self.get(self.ed("preview", "revision")).cd) + 1
                self.emit(self.render_response, rev, int(took * 1000))
        self.spawn(render())

    # -- processes
    def processes(self):
        return [self.launch(), self.cloud(), self.library_changes(), self.person()]

    def launch(self):
        yield 0.1
        self.emit(self.library_task)
        yield self.rng.uniform(0.05, 0.3)
        self.emit(self.authorization_response)
        yield self.rng.uniform(0.2, 0.7)
        self.emit(self.photos_response)
        yield from self.show_cells(range(0, 24))

    def show_cells(self, indices, pace=0.004):
        """Cells appearing (onAppear each) and their thumbnails coming in."""
        rng = self.rng
        for i in indices:
            if i >= len(self.photo_ids):
                break
            self.emit(self.cell_appeared, i)
            if self.photo_ids[i] not in self.loaded:
                self.after(rng.uniform(0.03, 0.25), self.thumbnail_loaded, i)
            yield rng.uniform(0.3, 1.7) * pace

    def cloud(self):
        """iCloud pushes its status now and then (mostly the same status again)."""
        while True:
            yield self.expo(35.0)
            if self.active:
                st = "upToDate" if self.pending == 0 else "uploading"
                if self.rng.random() < 0.15:
                    st = "downloading"
                    self.emit(self.sync_status, st, self.pending)
                    yield self.rng.uniform(1.0, 5.0)
                    st = "upToDate" if self.pending == 0 else "uploading"
                self.emit(self.sync_status, st, self.pending)

    def library_changes(self):
        while True:
            yield self.expo(300.0)
            if self.active and self.sid is None:
                self.emit(self.library_changed)

    def scroll_grid(self):
        rng = self.rng
        down = rng.random() < 0.6 or self.first < 12
        step = rng.randint(6, 40) * (1 if down else -1)
        end = max(0, min(len(self.photo_ids) - 24, self.first + step))
        duration = rng.uniform(0.4, 2.5)
        cols = 4
        rows = list(range(self.first, end, cols if end > self.first else -cols))
        pace = duration / max(1, len(rows))
        for r in rows:
            new = range(r + 24, r + 24 + cols) if end > self.first else range(r - cols, r)
            for i in new:
                if 0 <= i < len(self.photo_ids):
                    self.emit(self.cell_appeared, i)
                    if self.photo_ids[i] not in self.loaded:
                        self.after(rng.uniform(0.03, 0.3), self.thumbnail_loaded, i)
                    yield rng.uniform(0.001, 0.01)
            yield pace
        self.first = end

    def drag_slider(self, field):
        rng = self.rng
        lo, hi = SLIDERS[field]
        v0 = float(self.get(self.ed(field)).cd)
        v1 = round(min(hi, max(lo, v0 + rng.gauss(0, (hi - lo) * 0.2))), 2)
        self.emit(self.slider_editing, field, True)
        hz = rng.uniform(30, 60)
        duration = min(3.5, 0.4 + rng.lognormvariate(math.log(0.7), 0.6))
        n = max(3, int(round(duration * hz)))

        def at(i):
            f = (i + 1) / n
            e = f * f * (3 - 2 * f)
            return (field, round(v0 + (v1 - v0) * e + rng.uniform(-0.004, 0.004) * (i < n - 1), 3) + 0.0)
        yield from self.gesture(self.slider_moved, hz=hz, duration=n / hz, args=at)
        yield rng.uniform(0.02, 0.12)
        self.emit(self.slider_editing, field, False)

    def crop(self):
        rng = self.rng
        self.emit(self.crop_button, True)
        yield rng.uniform(0.8, 3.0)
        if rng.random() < 0.4:
            self.emit(self.aspect_selected, rng.choice(ASPECTS[1:]))
            yield rng.uniform(0.8, 2.5)
        for _ in range(rng.randint(1, 3)):
            r = self.get(self.ed("crop", "rect")).f
            x0, y0, w0, h0 = (float(r[k].cd) for k in ("x", "y", "width", "height"))
            dx, dy = rng.uniform(0, 0.12), rng.uniform(0, 0.12)
            hz = rng.uniform(45, 60)
            n = max(4, int(hz * rng.uniform(0.4, 2.0)))

            def at(i, x0=x0, y0=y0, w0=w0, h0=h0, dx=dx, dy=dy):
                f = (i + 1) / n
                return (round(x0 + dx * f, 4), round(y0 + dy * f, 4), round(w0 - dx * f, 4), round(h0 - dy * f, 4))
            yield from self.gesture(self.crop_dragged, hz=hz, duration=n / hz, args=at)
            self.emit(self.crop_drag_ended)
            yield rng.uniform(0.8, 3.0)
        self.emit(self.crop_button, False)

    def export_flow(self):
        rng = self.rng
        self.emit(self.export_tapped)
        yield rng.uniform(1.0, 3.0)
        if rng.random() < 0.15:
            self.emit(self.export_dismissed)
            return
        if rng.random() < 0.5:
            self.emit(self.format_selected, rng.choice(["jpeg", "png"]))
            yield rng.uniform(0.6, 2.0)
        if rng.random() < 0.4:
            q0 = 0.9
            q1 = round(rng.uniform(0.6, 1.0), 2)
            hz = rng.uniform(30, 60)
            n = max(3, int(hz * rng.uniform(0.4, 1.5)))
            yield from self.gesture(self.quality_moved, hz=hz, duration=n / hz,
                                    args=lambda i: (round(q0 + (q1 - q0) * (i + 1) / n, 3),))
            yield rng.uniform(0.6, 2.0)
        self.emit(self.export_start)
        p = 0.0
        while True:
            yield rng.uniform(0.08, 0.14)
            p = round(p + rng.uniform(0.01, 0.05), 2)
            if p >= 1.0:
                break
            self.emit(self.export_progress, p)
        yield rng.uniform(0.05, 0.2)
        ok = rng.random() > 0.08
        self.emit(self.export_response, ok)
        yield rng.uniform(0.6, 1.5)
        if ok:
            self.emit(self.export_finished)
        else:
            yield rng.uniform(1.0, 3.0)
            self.emit(self.export_dismissed)

    def leave_app(self):
        rng = self.rng
        self.active = False
        self.emit(self.scene_phase, "inactive")
        yield rng.uniform(0.3, 0.8)
        self.emit(self.scene_phase, "background")
        yield rng.uniform(20, 120)
        self.emit(self.scene_phase, "inactive")
        yield rng.uniform(0.1, 0.3)
        self.active = True
        self.emit(self.scene_phase, "active")

    def person(self):
        rng = self.rng
        think = self.think((1.0, 3.0), (6.0, 18.0), (60, 160), (25, 90))
        leave_at = rng.uniform(200, 400)
        yield rng.uniform(2.0, 4.0)
        while True:
            yield next(think)
            if self.now >= leave_at:
                yield from self.leave_app()
                leave_at = self.now + rng.uniform(200, 400)
                continue
            r = rng.random()
            if self.sid is None:
                if r < 0.6:
                    for _ in range(rng.randint(1, 3)):
                        yield from self.scroll_grid()
                        yield rng.uniform(0.5, 3.0)
                else:
                    i = rng.randrange(self.first, min(len(self.photo_ids), self.first + 24))
                    self.emit(self.photo_opened, self.photo_ids[i])
                    sid = self.sid
                    self.after(rng.uniform(0.15, 0.6), self.image_response, sid)
                    t = rng.uniform(0.3, 0.7)
                    for k in range(len(PRESETS)):
                        t += rng.uniform(0.03, 0.09)
                        self.after(t, self.preset_rendered, sid, k)
                continue
            if self.get(self.ed("image")) is NIL:
                continue
            if r < 0.38:
                field = rng.choice(list(SLIDERS))
                for _ in range(rng.randint(1, 2)):
                    yield from self.drag_slider(field)
                    yield rng.uniform(0.5, 2.5)
            elif r < 0.58:
                self.emit(self.preset_tapped, rng.randrange(len(PRESETS)))
            elif r < 0.63:
                yield from self.crop()
            elif r < 0.76:
                for _ in range(rng.randint(1, 3)):
                    self.emit(self.undo_tapped)
                    yield rng.uniform(0.4, 1.5)
                if rng.random() < 0.5:
                    self.emit(self.redo_tapped)
            elif r < 0.83:
                yield from self.export_flow()
            elif r < 0.90:
                self.emit(self.back_tapped)



# ============================================================================= tutor

UNITS = [("Greetings", 6), ("At the café", 7), ("Directions", 6), ("Family", 8), ("Weekend plans", 7)]
PHRASES = [("Good morning, how are you?", "Buenos días, ¿cómo estás?"),
           ("I would like a coffee with milk", "Quisiera un café con leche"),
           ("Where is the train station?", "¿Dónde está la estación de tren?"),
           ("My sister lives in Madrid", "Mi hermana vive en Madrid"),
           ("We are going to the beach on Saturday", "Vamos a la playa el sábado"),
           ("The museum opens at ten", "El museo abre a las diez"),
           ("Can I pay by card?", "¿Puedo pagar con tarjeta?"),
           ("Turn left at the corner", "Gira a la izquierda en la esquina"),
           ("I don't understand", "No entiendo"),
           ("How much is the bread?", "¿Cuánto cuesta el pan?"),
           ("My father works in a hospital", "Mi padre trabaja en un hospital"),
           ("See you tomorrow", "Hasta mañana")]
RIVALS = ["Lucía", "Marco", "Aiko", "Tomás", "Priya", "Jonas", "Chen", "Fatima", "Oliver", "Sofía", "Mateo"]
KINDS = ["translate", "speak", "wordBank"]


class Tutor(QApp):
    """A language-learning app (see the module docstring).

    noise   the exercise's countdown (timerTicked, 1 s, 30 s per exercise), the hearts' refill
            timer (1 s while below five), the prompt audio's progress (10 Hz while playing),
            speech partial transcripts (~5 Hz while speaking, a word at a time), leaderboard
            pushes (others' XP nudged), the XP counter animation (~30 Hz, one XP a tick)
    either  exercise.binding.set \\.$typedAnswer (keystrokes), audio.playbackFinished (the
            prompt's end: once per playback, but the machine's own)
    signal  the person's taps (lessons, tiles, check, continue, microphone press and release,
            replay, close and quit, tab selection, the summary's continue), the responses
            (lessons, leaderboard, exercises, grades, final transcripts, lesson completion),
            the delegates, the countdown's expiry, the streak reminder, the scene phase"""

    name = "tutor"
    module = "Tutor"
    process = "Tutor"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        self.lessons = []
        for u, (title, n) in enumerate(UNITS):
            for k in range(1, n + 1):
                self.lessons.append(("unit%d-lesson%d" % (u + 1, k), "%s %d" % (title, k)))
        self.done = rng.randint(3, 14)
        self.rivals = {i + 1: [name, rng.randint(300, 2400)] for i, name in enumerate(rng.sample(RIVALS, 9))}
        self.my_xp = rng.randint(300, 2400)
        self.hearts = rng.randint(4, 5)
        self.refill_at = None
        self.active = True
        self.sid = None
        self.next_stack = 1
        self.ex = None            # the current exercise: dict
        self.ex_gen = 0
        self.state = St(self.st("AppFeature"), [
            ("selectedTab", self.case("learn", "Tab")),
            ("home", St(self.st("Home"), [("lessons", Arr()), ("streak", num(rng.randint(2, 60))),
                                          ("totalXP", num(self.my_xp)), ("isLoading", boolean(False))])),
            ("hearts", St(self.st("Hearts"), [("count", num(self.hearts)), ("secondsUntilNextHeart", NIL)])),
            ("leaderboard", St(self.st("Leaderboard"), [("entries", Arr()), ("league", text("Sapphire"))])),
            ("path", Dic(quoted=False, ordered=True)),
            ("scenePhase", self.case("active", "ScenePhase"))])

    # -- values and paths
    def lesson_row(self, i):
        lid, title = self.lessons[i]
        return St(self.st("LessonRow"), [("id", text(lid)), ("title", text(title)),
                                         ("isCompleted", boolean(i < self.done)), ("isLocked", boolean(i > self.done))])

    def board(self):
        rows = [(xp, rid, name) for rid, (name, xp) in self.rivals.items()] + [(self.my_xp, 0, "You")]
        rows.sort(reverse=True)
        return Arr(St("LeaderboardEntry", [("id", num(rid)), ("name", text(name)), ("xp", num(xp)),
                                           ("rank", num(k + 1))]) for k, (xp, rid, name) in enumerate(rows))

    def ls(self, *rest):
        return ("path", ("k", "#%d" % self.sid), ("e", "lesson")) + rest

    def exs(self, *rest):
        return self.ls("exercise") + rest

    def les(self, inner):
        return self.act("path", self.stack_element(self.sid, "lesson", inner))

    def l(self, case, *a, **k):
        return self.les(A(self.at("Lesson"), case, *a, **k))

    def x(self, case, *a, **k):
        return self.l("exercise", A(self.at("Exercise"), case, *a, **k))

    def exercise_value(self, e):
        return St(self.st("Exercise"), [
            ("id", text(e["id"])), ("kind", self.case(e["kind"], "Exercise.Kind")), ("prompt", text(e["prompt"])),
            ("typedAnswer", text("")), ("selectedTiles", Arr()), ("secondsRemaining", num(30)), ("result", NIL),
            ("speech", St(self.st("Speech"), [("isRecording", boolean(False)), ("transcript", text("")),
                                              ("confidence", NIL)])),
            ("isChecking", boolean(False)),
            ("audio", St(self.st("PromptAudio"), [("isPlaying", boolean(False)), ("progress", num(0.0))]))])

    # -- noise
    @noise
    def countdown_ticked(self, gen):
        if gen != self.ex_gen or self.ex is None or self.ex["result"] is not None:
            return None
        left = max(0, int(self.get(self.exs("secondsRemaining")).cd) - 1)
        self.set(self.exs("secondsRemaining"), num(left))
        if left == 0:
            self.after(0.0005, self.time_expired, gen)
        return self.x("timerTicked")

    # reason: a 1 s tick while below five hearts; every 150 s it adds a heart (a count going up)
    @noise
    def refill_ticked(self):
        left = max(0, int(round(self.refill_at - self.now)))
        if left <= 0:
            self.hearts += 1
            self.set(("hearts", "count"), num(self.hearts))
            self.refill_at = self.now + 150 if self.hearts < 5 else None
            left = 150 if self.hearts < 5 else None
        self.set(("hearts", "secondsUntilNextHeart"), num(left) if left is not None else NIL)
        return self.act("hearts", A(self.at("Hearts"), "refillTimerTicked"))

    @noise
    def audio_progress(self, gen, p):
        if gen != self.ex_gen:
            return None
        self.set(self.exs("audio", "progress"), num(p))
        return self.x("audio", A(self.at("PromptAudio"), "progressUpdated", Raw(repr(p))))

    # reason: speech recognition's partial results, ~5 a second, the transcript growing a word at a time
    @noise
    def partial_transcript(self, gen, words):
        if gen != self.ex_gen:
            return None
        self.set(self.exs("speech", "transcript"), text(words))
        return self.x("speech", A(self.at("Speech"), "partialTranscript", q(words)))

    # reason: server pushes of other learners' XP, nudging a number (and sometimes the order)
    @noise
    def leaderboard_pushed(self, rid):
        self.rivals[rid][1] += self.rng.choice([0, 10, 10, 12, 15, 20, 25])
        self.set(("leaderboard", "entries"), self.board())
        return self.act("leaderboard", A(self.at("Leaderboard"), "updateReceived", Struct("LeaderboardUpdate", [
            ("userID", Raw(str(rid))), ("xp", Raw(str(self.rivals[rid][1])))])))

    @noise
    def xp_counter_ticked(self, sid, value):
        if self.sid != sid:
            return None
        self.set(self.ls("destination", ("e", "lessonComplete"), "displayedXP"), num(value))
        return self.l("destination", self.presented("lessonComplete", A(self.at("LessonComplete"),
                                                                        "xpCounterTicked")))

    # -- either
    # reason: the answer field, a keystroke each
    @either
    def answer_typed(self, gen, value):
        if gen != self.ex_gen or self.ex["result"] is not None:
            return None
        self.set(self.exs("typedAnswer"), text(value))
        return self.l("exercise", self.binding("Exercise", "typedAnswer", q(value)))

    # -- signal
    @signal
    def scene_phase(self, phase):
        self.set(("scenePhase",), self.case(phase, "ScenePhase"))
        return self.act("scenePhaseChanged", A("ScenePhase", phase))

    @signal
    def app_task(self):
        self.set(("home", "isLoading"), boolean(True))
        return self.act("home", A(self.at("Home"), "task"))

    @signal
    def lessons_response(self):
        self.set(("home", "lessons"), Arr(self.lesson_row(i) for i in range(len(self.lessons))))
        self.set(("home", "isLoading"), boolean(False))
        return self.act("home", A(self.at("Home"), "lessonsResponse", self.result("[LessonSummary]", True, Struct(
            "CoursePage", [("course", q("es-from-en")), ("lessons", Raw(str(len(self.lessons))))]))))

    # reason: the board loaded on launch and when the person opens its tab, often unchanged
    @signal
    def leaderboard_response(self):
        self.set(("leaderboard", "entries"), self.board())
        return self.act("leaderboard", A(self.at("Leaderboard"), "leaderboardResponse", self.result(
            "LeaderboardPage", True, Struct("LeaderboardPage", [("league", q("Sapphire")),
                                                                ("entries", Raw(str(len(self.rivals) + 1)))]))))

    @signal
    def tab_selected(self, tab):
        self.set(("selectedTab",), self.case(tab, "Tab"))
        return self.act("binding", A("BindingAction<%s>" % self.st("AppFeature").replace(".", ""), "set",
                                     Raw("\\%s.$selectedTab" % self.st("AppFeature")), Raw("." + tab)))

    # reason: a local notification arriving on its own: an alarm raised
    @signal
    def streak_reminder(self):
        return self.act("userNotifications", A("UserNotificationClient.Action", "willPresentNotification",
                                               Struct("StreakReminder", [
                                                   ("identifier", q("streak-reminder")),
                                                   ("streak", Raw(self.get(("home", "streak")).cd))])))

    @signal
    def lesson_started(self, i):
        lid, title = self.lessons[i]
        sid = self.next_stack
        self.next_stack += 1
        self.sid = sid
        self.lesson_index = i
        self.put(("path",), "#%d" % sid, En(self.st("Path"), "lesson", St(self.st("Lesson"), [
            ("lessonID", text(lid)), ("title", text(title)), ("exerciseCount", num(0)), ("currentIndex", num(0)),
            ("exercise", NIL), ("correctCount", num(0)), ("isCompleting", boolean(False)), ("alert", NIL),
            ("destination", NIL)])))
        return self.act("home", A(self.at("Home"), "lessons", self.element("LessonRow", q(lid), A(
            self.at("LessonRow"), "startButtonTapped"))))

    @signal
    def exercises_response(self, sid, plan):
        if self.sid != sid:
            return None
        self.plan = plan
        self.set(self.ls("exerciseCount"), num(len(plan)))
        self.begin_exercise(0)
        return self.l("exercisesResponse", self.result("[Exercise]", True, Struct("ExerciseSet", [
            ("lessonID", q(self.lessons[self.lesson_index][0])), ("count", Raw(str(len(plan))))])))

    # reason: the countdown running out: the exercise fails and a heart is lost
    @signal
    def time_expired(self, gen):
        if gen != self.ex_gen or self.ex["result"] is not None:
            return None
        self.ex["result"] = "timedOut"
        self.set(self.exs("result"), self.case("timedOut", "Exercise.Result"))
        self.after(0.001, self.heart_lost, self.sid)
        return self.x("timeExpired")

    # reason: the prompt's audio ending: once per playback, but the machine's, an echo of its start
    @either
    def playback_finished(self, gen):
        if gen != self.ex_gen:
            return None
        self.set(self.exs("audio", "isPlaying"), boolean(False))
        self.set(self.exs("audio", "progress"), num(1.0))
        return self.x("audio", A(self.at("PromptAudio"), "playbackFinished"))

    @signal
    def replay_tapped(self, gen):
        if gen != self.ex_gen:
            return None
        self.set(self.exs("audio", "isPlaying"), boolean(True))
        self.set(self.exs("audio", "progress"), num(0.0))
        return self.x("audio", A(self.at("PromptAudio"), "replayButtonTapped"))

    @signal
    def tile_tapped(self, gen, k, word):
        if gen != self.ex_gen or self.ex["result"] is not None:
            return None
        self.append(self.exs("selectedTiles"), text(word))
        return self.x("wordBankTileTapped", index=Raw(str(k)))

    @signal
    def mic_pressed(self, gen):
        if gen != self.ex_gen or self.ex["result"] is not None:
            return None
        self.set(self.exs("speech", "isRecording"), boolean(True))
        self.set(self.exs("speech", "transcript"), text(""))
        return self.x("speech", A(self.at("Speech"), "microphoneButtonPressed"))

    @signal
    def mic_released(self, gen):
        if gen != self.ex_gen:
            return None
        self.set(self.exs("speech", "isRecording"), boolean(False))
        return self.x("speech", A(self.at("Speech"), "microphoneButtonReleased"))

    # reason: the recognizer's final result after the person released the microphone
    @signal
    def final_transcript(self, gen, words, ok):
        if gen != self.ex_gen or self.ex["result"] is not None:
            return None
        if not ok:
            self.set(self.exs("speech", "transcript"), text(""))
            return self.x("speech", A(self.at("Speech"), "finalTranscriptResponse", self.result(
                "Transcript", False, Struct("SpeechRecognitionError", [("code", Raw("1110")),
                                                                       ("message", q("No speech detected"))]))))
        conf = round(self.rng.uniform(0.55, 0.97), 2)
        self.set(self.exs("speech", "transcript"), text(words))
        self.set(self.exs("speech", "confidence"), num(conf))
        self.set(self.exs("isChecking"), boolean(True))
        return self.x("speech", A(self.at("Speech"), "finalTranscriptResponse", self.result("Transcript", True, Struct(
            "Transcript", [("text", q(words)), ("confidence", Raw(repr(conf)))]))))

    @signal
    def check_tapped(self, gen):
        if gen != self.ex_gen or self.ex["result"] is not None:
            return None
        self.set(self.exs("isChecking"), boolean(True))
        return self.x("checkButtonTapped")

    @signal
    def grade_response(self, gen, correct):
        if gen != self.ex_gen or self.ex["result"] is not None:
            return None
        self.ex["result"] = "correct" if correct else "incorrect"
        self.set(self.exs("result"), self.case(self.ex["result"], "Exercise.Result"))
        self.set(self.exs("isChecking"), boolean(False))
        if correct:
            self.set(self.ls("correctCount"), num(int(self.get(self.ls("correctCount")).cd) + 1))
        else:
            self.after(0.001, self.heart_lost, self.sid)
        return self.x("gradeResponse", self.result("Grade", True, Struct("Grade", [
            ("isCorrect", self.flag(correct)), ("expected", q(self.ex["answer"]))])))

    # reason: the lesson telling its parent about a wrong or late answer
    @signal
    def heart_lost(self, sid):
        if self.sid != sid:
            return None
        self.hearts = max(0, self.hearts - 1)
        self.set(("hearts", "count"), num(self.hearts))
        if self.refill_at is None:
            self.refill_at = self.now + 150
            self.set(("hearts", "secondsUntilNextHeart"), num(150))
        return self.l("delegate", A(self.at("Lesson") + ".Delegate" if self.tca1 else "LessonAction.Delegate",
                                    "heartLost"))

    @signal
    def continue_tapped(self):
        k = int(self.get(self.ls("currentIndex")).cd) + 1
        if k < len(self.plan):
            self.begin_exercise(k)
        else:
            self.set(self.ls("isCompleting"), boolean(True))
        return self.l("continueButtonTapped")

    @signal
    def complete_response(self, sid, xp):
        if self.sid != sid:
            return None
        self.set(self.ls("destination"), En(self.st("Lesson.Destination") if self.tca1 else "LessonDestinationState",
                                            "lessonComplete", St(self.st("LessonComplete"), [
                                                ("xpEarned", num(xp)), ("displayedXP", num(0)),
                                                ("accuracy", num(round(int(self.get(self.ls("correctCount")).cd)
                                                                       / len(self.plan), 2)))])))
        self.set(self.ls("exercise"), NIL)
        self.set(self.ls("isCompleting"), boolean(False))
        return self.l("completeLessonResponse", self.result("LessonResult", True, Struct("LessonResult", [
            ("xp", Raw(str(xp))), ("streakExtended", self.flag(True))])))

    @signal
    def summary_continue(self, sid):
        return self.l("destination", self.presented("lessonComplete", A(self.at("LessonComplete"),
                                                                        "continueButtonTapped")))

    @signal
    def lesson_finished(self, sid, xp):
        self.my_xp += xp
        self.set(("home", "totalXP"), num(self.my_xp))
        i = self.lesson_index
        if i == self.done:
            self.done += 1
            self.set(("home", "lessons", ("i", i)), self.lesson_row(i))
            if self.done < len(self.lessons):
                self.set(("home", "lessons", ("i", i + 1)), self.lesson_row(i + 1))
        self.set(("leaderboard", "entries"), self.board())
        action = self.l("delegate", A(self.at("Lesson") + ".Delegate" if self.tca1 else "LessonAction.Delegate",
                                      "lessonFinished", xp=Raw(str(xp))))
        self.delete(("path",), "#%d" % sid)
        self.sid = None
        self.ex_gen += 1
        return action

    @signal
    def close_tapped(self):
        self.set(self.ls("alert"), St("AlertState<Lesson.Action.Alert>" if self.tca1 else "AlertState<LessonAction.Alert>",
                                      [("title", text("Quit lesson?")),
                                       ("message", text("You will lose your progress."))]))
        return self.l("closeButtonTapped")

    @signal
    def quit_confirmed(self):
        sid = self.sid
        action = self.l("alert", A("PresentationAction<%s>" % (self.at("Lesson") + ".Alert" if self.tca1 else
                                                              "LessonAction.Alert"), "presented",
                                   A(self.at("Lesson") + ".Alert" if self.tca1 else "LessonAction.Alert",
                                     "quitButtonTapped")))
        self.delete(("path",), "#%d" % sid)
        self.sid = None
        self.ex_gen += 1
        return action

    @signal
    def keep_going(self):
        self.set(self.ls("alert"), NIL)
        return self.l("alert", A("PresentationAction<%s>" % (self.at("Lesson") + ".Alert" if self.tca1 else
                                                            "LessonAction.Alert"), "dismiss"))

    # -- effects
    def begin_exercise(self, k):
        e = self.plan[k]
        self.ex_gen += 1
        gen = self.ex_gen
        self.ex = {"kind": e["kind"], "result": None, "answer": e["answer"], "gen": gen}
        self.set(self.ls("currentIndex"), num(k))
        value = self.exercise_value(e)
        value.f["audio"] = St(self.st("PromptAudio"), [("isPlaying", boolean(True)), ("progress", num(0.0))])
        self.set(self.ls("exercise"), value)
        # the 30 s countdown and the prompt's audio, started by the exercise's effects
        self.spawn(self.timer(self.countdown_ticked, 1.0, lambda: self.ex_gen == gen and self.ex["result"] is None,
                              args=(gen,)))
        self.spawn(self.play_audio(gen, e["audio"]))

    def play_audio(self, gen, length):
        p = 0.0
        k = 0
        start = self.now
        while True:
            k += 1
            yield max(0.0005, start + 0.1 * k + self.rng.uniform(-0.003, 0.003) - self.now)
            if gen != self.ex_gen:
                return
            p = round(min(1.0, 0.1 * k / length), 2)
            if p >= 1.0:
                break
            self.emit(self.audio_progress, gen, p)
        self.emit(self.playback_finished, gen)

    def make_plan(self):
        rng = self.rng
        plan = []
        for k in range(rng.randint(8, 12)):
            en, es = rng.choice(PHRASES)
            kind = rng.choice(KINDS)
            plan.append({"id": "ex-%d" % (k + 1), "kind": kind, "prompt": en if kind != "speak" else es,
                         "answer": es if kind != "speak" else es, "audio": round(len(es) / 14.0 + rng.uniform(0.4, 1.0), 1)})
        return plan

    # -- processes
    def processes(self):
        return [self.launch(), self.refill(), self.pushes(), self.reminder(), self.person()]

    def launch(self):
        yield 0.1
        self.emit(self.app_task)
        yield self.rng.uniform(0.3, 0.9)
        self.emit(self.lessons_response)
        yield self.rng.uniform(0.05, 0.4)
        self.emit(self.leaderboard_response)

    def refill(self):
        """The hearts' refill timer: a 1 s tick while below five."""
        start = self.now
        k = 0
        while True:
            k += 1
            yield max(0.0005, start + k + self.rng.uniform(-0.003, 0.003) - self.now)
            if self.active and self.hearts < 5:
                if self.refill_at is None:
                    self.refill_at = self.now + 150
                self.emit(self.refill_ticked)

    def pushes(self):
        while True:
            yield self.expo(9.0)
            if self.active:
                self.emit(self.leaderboard_pushed, self.rng.choice(list(self.rivals)))

    def reminder(self):
        yield self.rng.uniform(150, 600)
        if self.active:
            self.emit(self.streak_reminder)

    def leave_app(self):
        rng = self.rng
        self.active = False
        self.emit(self.scene_phase, "inactive")
        yield rng.uniform(0.3, 0.8)
        self.emit(self.scene_phase, "background")
        yield rng.uniform(20, 90)
        self.emit(self.scene_phase, "inactive")
        yield rng.uniform(0.1, 0.3)
        self.active = True
        self.emit(self.scene_phase, "active")

    def do_exercise(self):
        """The person answers the current exercise (or lets the countdown run out)."""
        rng = self.rng
        gen = self.ex_gen
        ex = self.ex
        k = int(self.get(self.ls("currentIndex")).cd)
        e = self.plan[k]
        yield e["audio"] + rng.uniform(0.3, 2.0)
        if rng.random() < 0.15:
            self.emit(self.replay_tapped, gen)
            self.spawn(self.play_audio(gen, e["audio"]))
            yield e["audio"] + rng.uniform(0.3, 1.5)
        slow = rng.random() < 0.1
        if slow:
            yield rng.uniform(20.0, 30.0)
        else:
            yield rng.uniform(1.0, 5.0)
        if ex["result"] is None and e["kind"] == "translate":
            answer = e["answer"] if rng.random() < 0.82 else e["answer"][:-3] + "os"
            for j in range(1, len(answer) + 1):
                if ex["result"] is not None:
                    break
                self.emit(self.answer_typed, gen, answer[:j])
                yield rng.uniform(0.12, 0.45) + (rng.uniform(0.5, 2.0) if rng.random() < 0.05 else 0.0)
            yield rng.uniform(0.5, 2.0)
            if ex["result"] is None:
                self.emit(self.check_tapped, gen)
                yield rng.uniform(0.2, 0.7)
                self.emit(self.grade_response, gen, answer == e["answer"])
        elif ex["result"] is None and e["kind"] == "wordBank":
            words = e["answer"].split()
            for j, w in enumerate(words):
                if ex["result"] is not None:
                    break
                self.emit(self.tile_tapped, gen, rng.randrange(len(words) + 3), w)
                yield rng.uniform(0.6, 2.5)
            if ex["result"] is None:
                self.emit(self.check_tapped, gen)
                yield rng.uniform(0.2, 0.7)
                self.emit(self.grade_response, gen, rng.random() < 0.85)
        elif ex["result"] is None:
            for attempt in range(2):
                self.emit(self.mic_pressed, gen)
                yield rng.uniform(0.3, 0.8)
                words = e["answer"].split()
                said = []
                for w in words:
                    said.append(w)
                    for _ in range(rng.choice([1, 1, 2])):   # a partial per ~0.2 s, sometimes unchanged
                        yield rng.uniform(0.17, 0.23)
                        self.emit(self.partial_transcript, gen, " ".join(said))
                yield rng.uniform(0.3, 0.9)
                self.emit(self.mic_released, gen)
                ok = rng.random() > 0.1
                yield rng.uniform(0.3, 0.9)
                self.emit(self.final_transcript, gen, " ".join(said), ok)
                if ok:
                    yield rng.uniform(0.2, 0.5)
                    self.emit(self.grade_response, gen, rng.random() < 0.85)
                    break
                yield rng.uniform(1.0, 3.0)
        # the result (or the expired countdown) is on screen: continue
        while ex["result"] is None and self.ex_gen == gen:
            yield 1.0
        yield rng.uniform(1.0, 3.5)

    def do_lesson(self):
        rng = self.rng
        i = min(self.done, len(self.lessons) - 1) if rng.random() < 0.8 else rng.randrange(max(1, self.done))
        self.emit(self.lesson_started, i)
        sid = self.sid
        yield rng.uniform(0.4, 1.2)
        self.emit(self.exercises_response, sid, self.make_plan())
        quit_after = rng.randrange(2, len(self.plan)) if rng.random() < 0.15 else None
        for k in range(len(self.plan)):
            yield from self.do_exercise()
            if self.hearts == 0 or quit_after == k:
                self.emit(self.close_tapped)
                yield rng.uniform(0.8, 2.5)
                if rng.random() < 0.2 and self.hearts > 0:
                    self.emit(self.keep_going)
                    quit_after = None
                    yield rng.uniform(0.5, 1.5)
                else:
                    self.emit(self.quit_confirmed)
                    return
            self.emit(self.continue_tapped)
        correct = int(self.get(self.ls("correctCount")).cd)
        xp = 10 + correct + (5 if correct == len(self.plan) else 0) + 2 * min(5, int(self.get(("home", "streak")).cd) // 7)
        yield rng.uniform(0.3, 0.9)
        self.emit(self.complete_response, sid, xp)
        yield 0.4
        for j in range(1, xp + 1):                   # the counter rolls up one XP a frame-ish tick
            yield max(0.002, rng.gauss(1.0, 0.03)) / 30.0
            self.emit(self.xp_counter_ticked, sid, j)
        yield rng.uniform(1.5, 5.0)
        self.emit(self.summary_continue, sid)
        yield rng.uniform(0.001, 0.004)
        self.emit(self.lesson_finished, sid, xp)

    def person(self):
        rng = self.rng
        think = self.think((2.0, 5.0), (10.0, 30.0), (120, 260), (30, 90))
        leave_at = rng.uniform(200, 420)
        yield rng.uniform(2.0, 5.0)
        while True:
            yield next(think)
            if self.now >= leave_at:
                yield from self.leave_app()
                leave_at = self.now + rng.uniform(200, 420)
                continue
            r = rng.random()
            tab = self.get(("selectedTab",)).cd
            if self.hearts == 0:
                if r < 0.15:
                    self.emit(self.tab_selected, "leaderboard" if tab != ".leaderboard" else "learn")
                continue
            if r < 0.72:
                if tab != ".learn":
                    self.emit(self.tab_selected, "learn")
                    yield rng.uniform(1.0, 3.0)
                yield from self.do_lesson()
            elif r < 0.84:
                self.emit(self.tab_selected, "leaderboard" if tab != ".leaderboard" else "learn")
                if tab != ".leaderboard":
                    yield rng.uniform(0.2, 0.6)
                    self.emit(self.leaderboard_response)
            elif r < 0.88:
                self.emit(self.tab_selected, "profile" if tab != ".profile" else "learn")


APPS = {cls.name: cls for cls in (Parking, PhotoEditor, Tutor)}
