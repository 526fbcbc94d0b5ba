"""Three simulated TCA apps by author-aa, written blind to any classifier: each behaves as the
real app would over a session and labels its actions by what they are in the app.

tickets: a concert ticketing app on the day tickets go on sale. On launch it loads the tour's
dates; the person joins the virtual waiting room for the show on sale a minute or two before
the sale opens, and a pre-queue countdown ticks each second until the server opens the sale
and gives them a place in the queue. While they wait the server pushes their queue position
and estimated wait every few seconds and a keep-alive ping every 15 s holds their place; they
look at other dates of the tour meanwhile (a 60 s refresh keeps the dates' availability
current) and leave the app now and then. Once admitted, the app pushes the seat map for a
section; other buyers' holds, releases and sales of seats in that section arrive as they
happen (a live feed) and the venue's per-section counts every 2 s. The person pinches and
pans the map, switches sections, taps seats (each a hold request the server accepts or
rejects when someone was quicker), and once the first seat is held a 10-minute countdown
ticks every second. At checkout (pushed on the navigation stack; they may go back to the map)
they type a promo code (sometimes wrong first), fill in the card form or let it autofill,
pay; the payment may fail and is retried from the alert, and a confirmed order (a delegate
action) empties the stack and presents a confirmation they can add to Wallet. Afterwards they
browse other dates and may queue again for a second show.

printer: a 3D-printer monitor opened while a print is nearly done. While the printer heats,
prints or cools down it reports its telemetry (nozzle and bed temperatures and targets, fans,
Z height) every 2 s, and every 10 s when it idles cold; during a print it reports progress
(percentage, layer, time left) every 3 s; the webcam snapshot on the dashboard refreshes every
5 s, and when the person opens the camera fullscreen a live view streams frames at 10 fps. The
person uploads a model file (upload progress from the transfer, a time-out and a retry now and
then), opens the slicer form (profile picker, layer height stepper, infill slider, supports
toggle, material), slices it (slicing progress) and drags through the layers of the preview,
clears the bed once the old print is done and starts the new one, pauses, resumes or cancels
it (with a confirmation dialog), and drags the fan-speed and nozzle-target sliders, each
committed on release as a printer command. The printer raises events (heating done, print
finished, filament runout, which pauses the print behind an alert), and its Wi-Fi connection
drops now and then and comes back after a few reconnect attempts on a backoff timer.

videoeditor: a mobile video editor on a new project. The person imports clips from the photo
library; each clip's asset loads and its thumbnail strip is generated with progress. They
reorder clips by long-press dragging on the timeline, scrub the playhead, play the preview
(the player's time observer reports the playhead 30 times a second while it plays), pinch
and scroll the timeline, trim clips with the handles, add a title (typed) and a music track
whose waveform loads, drag the music volume slider, undo and redo. An autosave runs a few
seconds after the last edit. Near the end they export (render progress streamed), share the
movie from the share sheet and keep editing.
"""

import math

from tcasim import A, App, Arr, Dic, En, NIL, Raw, St, Struct, boolean, either, noise, num, q, signal, text

AUTHOR = "author-aa"


def _copy(node):
    """A deep copy of a state value (V leaves are immutable and shared)."""
    if isinstance(node, St):
        return St(node.t, [(k, _copy(v)) for k, v in node.f.items()])
    if isinstance(node, Arr):
        return Arr(_copy(x) for x in node.items)
    if isinstance(node, Dic):
        return Dic({k: _copy(v) for k, v in node.d.items()}, node.quoted, node.ordered, node.key)
    if isinstance(node, En):
        return En(node.t, node.case, None if node.payload is None else _copy(node.payload), node.label)
    return node


def _flag(b):
    return Raw("true" if b else "false")


def _f(x, nd=1):
    return Raw(repr(round(x, nd)))


class _Base(App):
    def presented(self, feature, inner):
        return A("PresentationAction<%s>" % self.at(feature), "presented", inner)

    def dismissed(self, feature):
        return A("PresentationAction<%s>" % self.at(feature), "dismiss")

    def uuid_arg(self, u):
        return Raw("UUID(%s)" % u if self.tca1 else u)

    def keystrokes(self, maker, word, args=(), fast=(0.09, 0.35), start=""):
        """Types `word` a character at a time after `start`, emitting maker(*args, text)."""
        for k in range(len(start) + 1, len(word) + 1):
            yield self.rng.uniform(*fast) * (3.0 if self.rng.random() < 0.08 else 1.0)
            self.emit(maker, *(args + (word[:k],)))


# ================================================================================ tickets

TOUR = [("Lisbon", "Altice Arena", "2027-03-02"), ("Madrid", "WiZink Center", "2027-03-05"),
        ("Barcelona", "Palau Sant Jordi", "2027-03-07"), ("Paris", "Accor Arena", "2027-03-11"),
        ("Paris", "Accor Arena", "2027-03-12"), ("Brussels", "Forest National", "2027-03-15"),
        ("Amsterdam", "Ziggo Dome", "2027-03-17"), ("Cologne", "Lanxess Arena", "2027-03-20"),
        ("Berlin", "Uber Arena", "2027-03-22"), ("Prague", "O2 Arena", "2027-03-25"),
        ("Vienna", "Stadthalle", "2027-03-27"), ("Milan", "Unipol Forum", "2027-03-30")]
SECTIONS = ["101", "102", "112", "113", "114", "124", "Floor A", "Floor B", "205", "212"]
ROWS = "ABCDEFGHJKLM"
PROMOS = [("PRESALE10", "FANCLUB24"), ("TOUR2027", "TOUR2027"), ("STUDENT", "STUDENT15")]
NAMES = ["Maria Santos", "Jonas Weber", "Lea Martin", "Tom Becker", "Ana Ribeiro"]


class Tickets(_Base):
    name = "tickets"
    module = "Tickets"
    process = "Tickets"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        self.date_ids = ["D%03d" % (101 + i) for i in range(len(TOUR))]
        self.levels = {d: rng.choice(["available", "available", "limited", "onSale"]) for d in self.date_ids}
        self.next_id = 0
        self.queue_on = False      # in the waiting room
        self.admitted = False
        self.queue_gen = 0
        self.position = 0
        self.seatmap = None        # stack id of the seat map
        self.checkout = None       # stack id of checkout
        self.seats = {}            # seat -> status: available, held, sold, mine, pending
        self.hold_gen = 0
        self.hold_left = 0
        self.active = True
        self.feed_rate = 3.0
        self.starts_in = 0
        self.section_counts = {}
        self.state = St(self.st("AppFeature"), [
            ("tourDates", St(self.st("TourDates"), [("dates", Arr()), ("selectedDateID", NIL),
                                                    ("isLoading", boolean(True))])),
            ("waitingRoom", St(self.st("WaitingRoom"), [
                ("status", self.case("notJoined", "WaitingRoom.Status")), ("dateID", NIL),
                ("saleStartsIn", NIL), ("position", NIL), ("estimatedWait", NIL), ("lastKeepAliveAt", NIL), ("token", NIL)])),
            ("path", Dic({}, quoted=False, ordered=True)),
            ("hold", NIL),
            ("confirmation", NIL),
            ("scenePhase", self.case("active", "ScenePhase"))])

    # -- helpers
    def tour(self, inner):
        return self.act("tourDates", inner)

    def room(self, inner):
        return self.act("waitingRoom", inner)

    def elem(self, sid, case, inner):
        return self.act("path", A("StackAction<Path.State, Path.Action>", "element", id=Raw("#%d" % sid),
                                  action=A(self.at("Path"), case, inner)))

    def smap(self, inner):
        return self.elem(self.seatmap, "seatMap", inner)

    def spath(self, *rest):
        return ("path", ("k", "#%d" % self.seatmap), ("e", "seatMap")) + rest

    def cpath(self, *rest):
        return ("path", ("k", "#%d" % self.checkout), ("e", "checkout")) + rest

    def co(self, inner):
        return self.elem(self.checkout, "checkout", inner)

    def date_row(self, i):
        city, venue, day = TOUR[i]
        d = self.date_ids[i]
        return St("TourDate", [("id", text(d)), ("city", text(city)), ("venue", text(venue)),
                               ("date", text(day)), ("availability", self.case(self.levels[d], "Availability"))])

    def seat_value(self, s):
        shown = {"mine": "selected", "pending": "pending"}.get(s, s)
        return self.case(shown, "Seat.Status")

    def section_seats(self):
        rng = self.rng
        taken = rng.uniform(0.25, 0.6)
        seats = {}
        for r in ROWS:
            for n in range(1, 17):
                x = rng.random()
                seats["%s-%d" % (r, n)] = "sold" if x < taken * 0.6 else ("held" if x < taken else "available")
        return seats

    # -- tour dates
    @signal
    def task(self):
        self.set(("tourDates", "isLoading"), boolean(True))
        return self.act("task")

    @signal
    def dates_response(self):
        self.set(("tourDates", "dates"), Arr(self.date_row(i) for i in range(len(TOUR))))
        self.set(("tourDates", "isLoading"), boolean(False))
        return self.tour(A(self.at("TourDates"), "datesResponse", self.result("[TourDate]", True, Struct(
            "TourDatesPage", [("count", Raw(str(len(TOUR)))), ("tour", q("Night Drive Tour 2027"))]))))

    @signal
    def date_tapped(self, i):
        self.set(("tourDates", "selectedDateID"), text(self.date_ids[i]))
        return self.tour(A(self.at("TourDates"), "dateTapped", id=q(self.date_ids[i])))

    @signal
    def availability_response(self, i):
        d = self.date_ids[i]
        if self.rng.random() < 0.3:
            self.levels[d] = {"available": "limited", "limited": "soldOut", "onSale": "limited"}.get(
                self.levels[d], self.levels[d])
        self.set(("tourDates", "dates", ("i", i), "availability"), self.case(self.levels[d], "Availability"))
        price = self.rng.choice([49, 59, 69, 79, 89])
        return self.tour(A(self.at("TourDates"), "availabilityResponse", self.result("Availability", True, Struct(
            "Availability", [("dateID", q(d)), ("level", Raw("." + self.levels[d])),
                             ("priceFrom", Raw("%d.0" % price))]))))

    @noise
    def refresh_fired(self):
        if self.state.f["tourDates"].f["dates"].items:
            self.after(self.rng.uniform(0.2, 0.9), self.refresh_response)
        return self.tour(A(self.at("TourDates"), "refreshTimerFired"))

    # reason: the answer to a 60 s refresh timer's request, not to the person
    @noise
    def refresh_response(self):
        for i, d in enumerate(self.date_ids):
            if self.levels[d] in ("available", "onSale") and self.rng.random() < 0.08:
                self.levels[d] = "limited"
                self.set(("tourDates", "dates", ("i", i), "availability"), self.case("limited", "Availability"))
        return self.tour(A(self.at("TourDates"), "refreshResponse", self.result("[Availability]", True, Struct(
            "AvailabilityBatch", [("count", Raw(str(len(TOUR))))]))))

    # -- waiting room
    @signal
    def join_tapped(self, i):
        self.set(("waitingRoom", "dateID"), text(self.date_ids[i]))
        self.set(("waitingRoom", "status"), self.case("joining", "WaitingRoom.Status"))
        return self.room(A(self.at("WaitingRoom"), "joinButtonTapped"))

    @signal
    def join_response(self, position, wait):
        token = self.uid()[:13]
        self.set(("waitingRoom", "status"), self.case("inQueue", "WaitingRoom.Status"))
        self.set(("waitingRoom", "position"), num(position))
        self.set(("waitingRoom", "estimatedWait"), num(wait))
        self.set(("waitingRoom", "token"), text(token))
        return self.room(A(self.at("WaitingRoom"), "joinResponse", self.result("QueueTicket", True, Struct(
            "QueueTicket", [("token", q(token)), ("position", Raw(str(position))),
                            ("estimatedWait", Raw(str(wait)))]))))

    @signal
    def pre_queue_response(self, starts_in):
        token = self.uid()[:13]
        self.starts_in = starts_in
        self.set(("waitingRoom", "status"), self.case("preQueue", "WaitingRoom.Status"))
        self.set(("waitingRoom", "saleStartsIn"), num(starts_in))
        self.set(("waitingRoom", "token"), text(token))
        return self.room(A(self.at("WaitingRoom"), "joinResponse", self.result("QueueTicket", True, Struct(
            "QueueTicket", [("token", q(token)), ("position", Raw("nil")), ("saleStartsIn", Raw(str(starts_in)))]))))

    @noise
    def countdown_ticked(self):
        self.starts_in -= 1
        self.set(("waitingRoom", "saleStartsIn"), num(self.starts_in))
        return self.room(A(self.at("WaitingRoom"), "countdownTicked"))

    # reason: a server push, but the one that opens the sale and gives the place in the queue (a status change)
    @signal
    def sale_opened(self, position, wait):
        self.set(("waitingRoom", "status"), self.case("inQueue", "WaitingRoom.Status"))
        self.set(("waitingRoom", "saleStartsIn"), NIL)
        self.set(("waitingRoom", "position"), num(position))
        self.set(("waitingRoom", "estimatedWait"), num(wait))
        return self.room(A(self.at("WaitingRoom"), "saleOpened", Struct("QueueStatus", [
            ("position", Raw(str(position))), ("estimatedWait", Raw(str(wait)))])))

    # reason: the server re-sends the place in the queue every ~3 s: it nudges two numbers down
    @noise
    def queue_updated(self, position, wait):
        self.set(("waitingRoom", "position"), num(position))
        self.set(("waitingRoom", "estimatedWait"), num(wait))
        return self.room(A(self.at("WaitingRoom"), "queueUpdated", Struct("QueueStatus", [
            ("position", Raw(str(position))), ("estimatedWait", Raw(str(wait)))])))

    @noise
    def keep_alive_fired(self):
        return self.room(A(self.at("WaitingRoom"), "keepAliveTimerFired"))

    @noise
    def keep_alive_ok(self):
        self.set(("waitingRoom", "lastKeepAliveAt"), self.date())
        return self.room(A(self.at("WaitingRoom"), "keepAliveResponse", self.result("KeepAlive", True, Struct(
            "KeepAlive", [("ttl", Raw("60"))]))))

    # reason: a failed ping puts the place in the queue at risk: an event, though on the timer's rhythm
    @signal
    def keep_alive_failed(self):
        return self.room(A(self.at("WaitingRoom"), "keepAliveResponse", self.result("KeepAlive", False, Struct(
            "URLError", [("code", Raw("-1001")), ("message", q("The request timed out."))]))))

    @signal
    def admitted_event(self):
        self.admitted = True
        self.queue_on = False
        self.set(("waitingRoom", "status"), self.case("admitted", "WaitingRoom.Status"))
        self.set(("waitingRoom", "position"), num(0))
        self.set(("waitingRoom", "estimatedWait"), num(0))
        sid = self.next_id
        self.next_id += 1
        self.seatmap = sid
        self.seats = {}
        self.section_counts = {sec: self.rng.randint(20, 140) for sec in SECTIONS}
        self.put(("path",), "#%d" % sid, En(self.st("Path"), "seatMap", St(self.st("SeatMap"), [
            ("section", NIL), ("zoom", num(1.0)), ("offset", St("CGPoint", [("x", num(0.0)), ("y", num(0.0))])),
            ("sectionCounts", Dic()), ("seats", Dic()), ("selectedSeatIDs", Arr()), ("pendingSeatID", NIL), ("availableCount", num(0)),
            ("errorMessage", NIL), ("isLoading", boolean(True))])))
        return self.room(A(self.at("WaitingRoom"), "admitted", Struct("AdmissionToken", [
            ("token", q(self.uid()[:18])), ("validFor", Raw("900"))])))

    @signal
    def leave_tapped(self):
        self.queue_on = False
        self.queue_gen += 1
        self.set(("waitingRoom", "status"), self.case("notJoined", "WaitingRoom.Status"))
        self.set(("waitingRoom", "position"), NIL)
        self.set(("waitingRoom", "estimatedWait"), NIL)
        self.set(("waitingRoom", "token"), NIL)
        return self.room(A(self.at("WaitingRoom"), "leaveButtonTapped"))

    # -- seat map
    def _count(self):
        self.set(self.spath("availableCount"), num(sum(1 for s in self.seats.values() if s == "available")))

    @signal
    def seat_map_response(self, section):
        self.seats = self.section_seats()
        self.set(self.spath("section"), text(section))
        self.set(self.spath("seats"), Dic({k: self.seat_value(v) for k, v in self.seats.items()}))
        self.set(self.spath("isLoading"), boolean(False))
        self._count()
        return self.smap(A(self.at("SeatMap"), "seatMapResponse", self.result("SectionMap", True, Struct(
            "SectionMap", [("section", q(section)), ("seats", Raw(str(len(self.seats)))),
                           ("priceBand", q(self.rng.choice(["P1", "P2", "P3"])))]))))

    @signal
    def section_tapped(self, section):
        self.set(self.spath("isLoading"), boolean(True))
        return self.smap(A(self.at("SeatMap"), "sectionTapped", q(section)))

    # reason: another buyer's hold, pushed by the live feed at the crowd's rate whatever the person does
    @noise
    def seat_held(self, seat):
        self.seats[seat] = "held"
        self.set(self.spath("seats", ("k", seat)), self.seat_value("held"))
        self._count()
        return self.smap(A(self.at("SeatMap"), "seatHeld", id=q(seat)))

    # reason: the same live feed; a release nudges one seat back to available
    @noise
    def seat_released(self, seat):
        self.seats[seat] = "available"
        self.set(self.spath("seats", ("k", seat)), self.seat_value("available"))
        self._count()
        return self.smap(A(self.at("SeatMap"), "seatReleased", id=q(seat)))

    @noise
    def overview_updated(self):
        changes = []
        for sec in SECTIONS:
            c = self.section_counts.get(sec)
            if c is None:
                continue
            if c and self.rng.random() < 0.5:
                c = max(0, c - self.rng.choice([1, 1, 2, 3, 5]) + (1 if self.rng.random() < 0.3 else 0))
            self.section_counts[sec] = c
            changes.append(sec)
        shown = self.get(self.spath("section"))
        if shown is not NIL:
            self.section_counts[shown.df] = sum(1 for v in self.seats.values() if v == "available")
        self.set(self.spath("sectionCounts"), Dic({k: num(v) for k, v in self.section_counts.items()}))
        return self.smap(A(self.at("SeatMap"), "venueAvailabilityUpdated", Struct("VenueAvailability", [
            ("sections", Raw(str(len(self.section_counts)))),
            ("available", Raw(str(sum(self.section_counts.values()))))])))

    # reason: the same live feed: another buyer's hold turning into a sale
    @noise
    def seat_sold(self, seat):
        self.seats[seat] = "sold"
        self.set(self.spath("seats", ("k", seat)), self.seat_value("sold"))
        return self.smap(A(self.at("SeatMap"), "seatSold", id=q(seat)))

    @noise
    def map_zoomed(self, scale):
        self.set(self.spath("zoom"), num(scale))
        return self.smap(A(self.at("SeatMap"), "magnificationChanged", _f(scale, 3)))

    @noise
    def map_panned(self, x, y):
        self.set(self.spath("offset"), St("CGPoint", [("x", num(x)), ("y", num(y))]))
        return self.smap(A(self.at("SeatMap"), "dragChanged", Struct("CGSize", [("width", _f(x)), ("height", _f(y))])))

    @signal
    def seat_tapped(self, seat):
        if self.seats.get(seat) == "mine":
            self.seats[seat] = "available"
            self.set(self.spath("seats", ("k", seat)), self.seat_value("available"))
            sel = self.get(self.spath("selectedSeatIDs"))
            idx = [x.df for x in sel.items].index(seat)
            self.remove_at(self.spath("selectedSeatIDs"), idx)
            if self.state.f["hold"] is not NIL:
                self.remove_at(("hold", "seatIDs"), idx)
        else:
            self.seats[seat] = "pending"
            self.set(self.spath("seats", ("k", seat)), self.seat_value("pending"))
            self.set(self.spath("pendingSeatID"), text(seat))
            self.set(self.spath("errorMessage"), NIL)
        self._count()
        return self.smap(A(self.at("SeatMap"), "seatTapped", id=q(seat)))

    @signal
    def hold_response(self, seat, ok):
        self.set(self.spath("pendingSeatID"), NIL)
        if ok:
            self.seats[seat] = "mine"
            self.set(self.spath("seats", ("k", seat)), self.seat_value("mine"))
            self.append(self.spath("selectedSeatIDs"), text(seat))
            if self.state.f["hold"] is NIL:
                self.hold_left = 600
                self.set(("hold",), St(self.st("HoldTimer"), [("seatIDs", Arr([text(seat)])),
                                                              ("secondsLeft", num(600)), ("expiresAt", self.date(self.now + 600))]))
                self.hold_gen += 1
                self.spawn(self.countdown(self.hold_gen))
            else:
                self.append(("hold", "seatIDs"), text(seat))
            payload = Struct("SeatHold", [("seatID", q(seat)), ("holdID", q(self.uid()[:8])), ("expiresIn", Raw("600"))])
        else:
            self.seats[seat] = "held"
            self.set(self.spath("seats", ("k", seat)), self.seat_value("held"))
            self.set(self.spath("errorMessage"), text("Someone else just picked seat %s." % seat))
            payload = Struct("HoldError", [("code", Raw("409")), ("reason", Raw(".seatUnavailable"))])
        self._count()
        return self.smap(A(self.at("SeatMap"), "holdResponse", self.result("SeatHold", ok, payload)))

    @signal
    def continue_tapped(self):
        seats = [x.df for x in self.get(self.spath("selectedSeatIDs")).items]
        sid = self.next_id
        self.next_id += 1
        self.checkout = sid
        price = self.rng.choice([69.0, 79.0, 89.0, 119.0])
        self.put(("path",), "#%d" % sid, En(self.st("Path"), "checkout", St(self.st("Checkout"), [
            ("seatIDs", Arr(text(s) for s in seats)), ("subtotal", num(price * len(seats))), ("fees", num(7.5 * len(seats))),
            ("promoCode", text("")), ("discount", NIL), ("cardNumber", text("")), ("expiry", text("")),
            ("cvc", text("")), ("cardholderName", text("")), ("saveCard", boolean(False)),
            ("isSubmitting", boolean(False)), ("alert", NIL)])))
        action = self.smap(A(self.at("SeatMap"), "continueButtonTapped"))
        return action

    @signal
    def pop_from(self, sid):
        keys = list(self.state.f["path"].d)
        i = keys.index("#%d" % sid)
        for k in keys[i:]:
            self.delete(("path",), k)
            if k == "#%d" % (self.checkout if self.checkout is not None else -1):
                self.checkout = None
            if k == "#%d" % (self.seatmap if self.seatmap is not None else -1):
                self.seatmap = None
        return self.act("path", A("StackAction<Path.State, Path.Action>", "popFrom", id=Raw("#%d" % sid)))

    # -- hold countdown
    @noise
    def hold_tick(self):
        self.hold_left -= 1
        self.set(("hold", "secondsLeft"), num(self.hold_left))
        return self.act("hold", A(self.at("HoldTimer"), "timerTicked"))

    @signal
    def hold_expired(self):
        self.set(("hold",), NIL)
        for s, v in list(self.seats.items()):
            if v == "mine":
                self.seats[s] = "available"
                if self.seatmap is not None:
                    self.set(self.spath("seats", ("k", s)), self.seat_value("available"))
        if self.seatmap is not None:
            self.set(self.spath("selectedSeatIDs"), Arr())
        if self.checkout is not None:
            self.delete(("path",), "#%d" % self.checkout)
            self.checkout = None
        return self.act("hold", A(self.at("HoldTimer"), "expired"))

    def countdown(self, gen):
        while True:
            yield 1.0 + self.rng.uniform(-0.003, 0.003)
            if gen != self.hold_gen or self.state.f["hold"] is NIL:
                return
            if self.hold_left <= 1:
                self.emit(self.hold_expired)
                return
            self.emit(self.hold_tick)

    # -- checkout
    def cbind(self, field, value, raw):
        self.set(self.cpath(field), value)
        return self.co(self.binding("Checkout", field, raw))

    # reason: the card and promo fields' bindings, one per keystroke: a person's typing at typing pace
    @either
    def typed(self, field, value):
        return self.cbind(field, text(value), q(value))

    # reason: an autofill drops the whole card in at once: one person's intent, not keystrokes
    @signal
    def autofilled(self, number, expiry, name):
        self.set(self.cpath("cardNumber"), text(number))
        self.set(self.cpath("expiry"), text(expiry))
        self.set(self.cpath("cardholderName"), text(name))
        return self.co(A(self.at("Checkout"), "cardAutofilled", Struct("CardDetails", [
            ("number", q(number)), ("expiry", q(expiry)), ("name", q(name))])))

    @signal
    def save_card(self, on):
        return self.cbind("saveCard", boolean(on), _flag(on))

    @signal
    def apply_promo(self):
        return self.co(A(self.at("Checkout"), "applyPromoCodeTapped"))

    @signal
    def promo_response(self, code, ok):
        if ok:
            pct = 10 if "10" in code or "FAN" in code else 15
            sub = float(self.get(self.cpath("subtotal")).cd)
            d = round(sub * pct / 100.0, 2)
            self.set(self.cpath("discount"), num(d))
            payload = Struct("Promo", [("code", q(code)), ("percentOff", Raw(str(pct))), ("amount", Raw(repr(d)))])
        else:
            self.set(self.cpath("discount"), NIL)
            payload = Struct("PromoError", [("code", Raw("422")), ("reason", Raw(".invalidCode"))])
        return self.co(A(self.at("Checkout"), "promoCodeResponse", self.result("Promo", ok, payload)))

    @signal
    def pay_tapped(self):
        self.set(self.cpath("isSubmitting"), boolean(True))
        return self.co(A(self.at("Checkout"), "payButtonTapped"))

    @signal
    def order_failed(self, reason):
        self.set(self.cpath("isSubmitting"), boolean(False))
        msg = {"declined": "Your bank declined the payment.", "timeout": "The payment service did not answer."}[reason]
        self.set(self.cpath("alert"), St("AlertState", [("title", text("Payment failed")), ("message", text(msg))]))
        return self.co(A(self.at("Checkout"), "orderResponse", self.result("Order", False, Struct(
            "PaymentError", [("code", Raw("402" if reason == "declined" else "504")), ("reason", Raw("." + reason))]))))

    @signal
    def retry_tapped(self):
        self.set(self.cpath("alert"), NIL)
        self.set(self.cpath("isSubmitting"), boolean(True))
        return self.co(A(self.at("Checkout"), "alert", self.presented("Alert", A(self.at("Checkout.Alert"), "retryTapped"))))

    @signal
    def order_ok(self, order):
        self.set(self.cpath("isSubmitting"), boolean(False))
        seats = [x.df for x in self.get(self.cpath("seatIDs")).items]
        return self.co(A(self.at("Checkout"), "orderResponse", self.result("Order", True, Struct("Order", [
            ("id", q(order)), ("seats", Raw(str(len(seats)))), ("status", Raw(".confirmed"))]))))

    @signal
    def order_delegate(self, order):
        seats = [x.df for x in self.get(self.cpath("seatIDs")).items]
        action = self.co(A(self.at("Checkout"), "delegate", A(self.at("Checkout.Delegate"), "orderConfirmed", id=q(order))))
        for k in list(self.state.f["path"].d):
            self.delete(("path",), k)
        self.checkout = self.seatmap = None
        self.hold_gen += 1
        self.set(("hold",), NIL)
        self.set(("confirmation",), St(self.st("Confirmation"), [("orderID", text(order)),
                                                                ("seats", Arr(text(s) for s in seats)),
                                                                ("isInWallet", boolean(False))]))
        self.set(("waitingRoom", "status"), self.case("notJoined", "WaitingRoom.Status"))
        self.set(("waitingRoom", "token"), NIL)
        return action

    @signal
    def wallet_tapped(self):
        return self.act("confirmation", self.presented("Confirmation", A(self.at("Confirmation"), "addToWalletTapped")))

    @signal
    def wallet_response(self):
        self.set(("confirmation", "isInWallet"), boolean(True))
        return self.act("confirmation", self.presented("Confirmation", A(self.at("Confirmation"), "walletResponse",
                                                                         self.result("PKPass", True, Struct("PassReceipt", [("passes", Raw("2"))])))))

    @signal
    def confirmation_dismissed(self):
        self.set(("confirmation",), NIL)
        return self.act("confirmation", self.dismissed("Confirmation"))

    @signal
    def scene_phase(self, phase):
        self.set(("scenePhase",), self.case(phase, "ScenePhase"))
        return self.act("scenePhaseChanged", A("ScenePhase", phase))

    # -- processes
    def processes(self):
        return [self.periodic(self.refresh_fired, 60.0, 0.05, when=lambda: self.active), self.person()]

    def queue_server(self, gen, admit_in):
        rng = self.rng
        start = self.now
        total = self.position
        first = True
        k = 0
        while gen == self.queue_gen and self.queue_on:
            yield 3.0 + rng.uniform(-0.8, 0.8) if not first else rng.uniform(1.0, 3.0)
            first = False
            if gen != self.queue_gen or not self.queue_on:
                return
            if not self.active:
                continue
            left = admit_in - (self.now - start)
            if left <= 0:
                yield rng.uniform(0.2, 1.5)
                if gen == self.queue_gen and self.queue_on:
                    self.emit(self.admitted_event)
                    self.spawn(self.seat_map_load(rng.choice(SECTIONS), rng.uniform(0.6, 2.2)))
                    self.spawn(self.seat_feed(self.seatmap))
                    self.spawn(self.overview_feed(self.seatmap))
                return
            frac = max(0.0, left / admit_in)
            self.position = max(1, int(total * frac * rng.uniform(0.93, 1.05)))
            wait = max(1, int(math.ceil(left * rng.uniform(0.9, 1.3) / 60.0)))
            self.emit(self.queue_updated, self.position, wait)
            k += 1

    def pre_queue(self):
        while self.starts_in > 0:
            yield 1.0 + self.rng.uniform(-0.003, 0.003)
            self.emit(self.countdown_ticked)

    def keep_alive(self, gen):
        rng = self.rng
        yield rng.uniform(2, 15)
        while gen == self.queue_gen and self.queue_on:
            if self.active:
                self.emit(self.keep_alive_fired)
                yield rng.uniform(0.08, 0.6)
                if gen != self.queue_gen or not self.queue_on:
                    return
                if rng.random() < 0.04:
                    self.emit(self.keep_alive_failed)
                else:
                    self.emit(self.keep_alive_ok)
            yield 15.0 + rng.uniform(-0.02, 0.02)

    def seat_map_load(self, section, delay):
        yield delay
        if self.seatmap is not None:
            self.emit(self.seat_map_response, section)

    def overview_feed(self, sid):
        rng = self.rng
        yield rng.uniform(1.0, 2.0)
        while self.seatmap == sid:
            if self.active and self.seats:
                self.emit(self.overview_updated)
            yield 2.0 + rng.uniform(-0.15, 0.15)

    def seat_feed(self, sid):
        """Other buyers' holds, releases and sales in the shown section, in bursts."""
        rng = self.rng
        while self.seatmap == sid:
            if rng.random() < 0.02:
                self.feed_rate = rng.choice([2.5, 3.5, 4.5, 6.0, 8.0])
            yield self.expo(1.0 / self.feed_rate)
            if self.seatmap != sid or not self.seats or not self.active:
                continue
            r = rng.random()
            free = [s for s, v in self.seats.items() if v == "available"]
            held = [s for s, v in self.seats.items() if v == "held"]
            if r < 0.5 and free:
                self.emit(self.seat_held, rng.choice(free))
            elif r < 0.82 and held:
                self.emit(self.seat_released, rng.choice(held))
            elif held:
                self.emit(self.seat_sold, rng.choice(held))

    def gesture_zoom(self):
        rng = self.rng
        z0 = float(self.get(self.spath("zoom")).cd)
        z1 = z0 * rng.uniform(1.2, 2.2) if z0 < 1.6 or (z0 < 3.0 and rng.random() < 0.5) else z0 / rng.uniform(1.2, 2.2)
        hz = 60.0
        n = max(6, int(hz * rng.uniform(0.4, 1.4)))
        yield from self.gesture(self.map_zoomed, hz=hz, duration=n / hz, args=lambda i: (
            round(z0 + (z1 - z0) * (i + 1) / n + rng.uniform(-0.004, 0.004), 3),))

    def gesture_pan(self):
        rng = self.rng
        o = self.get(self.spath("offset"))
        x0, y0 = float(o.f["x"].cd), float(o.f["y"].cd)
        dx, dy = rng.uniform(-220, 220), rng.uniform(-160, 160)
        hz = 60.0
        n = max(5, int(hz * rng.uniform(0.25, 1.1)))
        yield from self.gesture(self.map_panned, hz=hz, duration=n / hz, args=lambda i: (
            round(x0 + dx * (i + 1) / n, 1), round(y0 + dy * (i + 1) / n, 1)))

    def browse_date(self, i=None):
        rng = self.rng
        if i is None:
            i = rng.randrange(len(TOUR))
        self.emit(self.date_tapped, i)
        yield rng.uniform(0.25, 1.1)
        self.emit(self.availability_response, i)

    def away(self):
        rng = self.rng
        self.active = False
        self.emit(self.scene_phase, "inactive")
        yield rng.uniform(0.3, 0.8)
        self.emit(self.scene_phase, "background")
        yield rng.uniform(15, 80)
        self.emit(self.scene_phase, "inactive")
        yield rng.uniform(0.05, 0.2)
        self.active = True
        self.emit(self.scene_phase, "active")

    def person(self):
        rng = self.rng
        yield rng.uniform(0.2, 0.6)
        self.emit(self.task)
        yield rng.uniform(0.4, 1.4)
        self.emit(self.dates_response)
        target = rng.randrange(len(TOUR))
        self.levels[self.date_ids[target]] = "onSale"
        rounds = 0
        while True:
            for _ in range(rng.randint(1, 3) if rounds == 0 else rng.randint(2, 6)):
                yield rng.uniform(2.0, 9.0)
                yield from self.browse_date()
            rounds += 1
            yield rng.uniform(1.5, 5.0)
            yield from self.browse_date(target)
            yield rng.uniform(1.0, 4.0)
            # the waiting room
            self.emit(self.join_tapped, target)
            yield rng.uniform(0.4, 1.5)
            if rounds == 1:
                self.emit(self.pre_queue_response, rng.randint(40, 110))
                self.spawn(self.pre_queue())
                while self.starts_in > 0:
                    yield self.expo(rng.uniform(8, 25))
                    if self.starts_in > 3 and rng.random() < 0.4:
                        yield from self.browse_date()
                while self.starts_in > 0:
                    yield 0.5
                yield rng.uniform(0.3, 1.5)
            self.position = rng.randint(3000, 24000) if rounds == 1 else rng.randint(400, 3000)
            admit_in = rng.uniform(80, 200) if rounds == 1 else rng.uniform(30, 100)
            wait = int(math.ceil(admit_in * 1.2 / 60))
            if rounds == 1:
                self.emit(self.sale_opened, self.position, wait)
            else:
                self.emit(self.join_response, self.position, wait)
            self.queue_on = True
            self.admitted = False
            self.queue_gen += 1
            self.spawn(self.queue_server(self.queue_gen, admit_in))
            self.spawn(self.keep_alive(self.queue_gen))
            left = False
            while not self.admitted:
                yield self.expo(rng.uniform(10, 30))
                if self.admitted:
                    break
                r = rng.random()
                if r < 0.45:
                    yield from self.browse_date()
                elif r < 0.6:
                    yield from self.away()
                elif r < 0.62 and rounds > 1:
                    self.emit(self.leave_tapped)
                    left = True
                    break
            if left:
                continue
            yield rng.uniform(1.0, 3.0)
            yield from self.pick_seats()
            if self.checkout is None:
                continue
            yield from self.pay()
            yield from self.after_order()
            target = rng.choice([i for i in range(len(TOUR)) if i != target])
            self.levels[self.date_ids[target]] = "onSale"

    def pick_seats(self):
        rng = self.rng
        while not self.seats:
            yield 0.3
        yield rng.uniform(1.5, 4.0)
        explore = self.now + rng.uniform(15, 90)
        while self.now < explore:            # looking around before the first tap
            yield self.expo(rng.uniform(1.5, 4.0))
            r = rng.random()
            if r < 0.4:
                yield from self.gesture_zoom()
            elif r < 0.8:
                yield from self.gesture_pan()
            else:
                section = rng.choice(SECTIONS)
                self.emit(self.section_tapped, section)
                yield rng.uniform(0.5, 1.6)
                self.emit(self.seat_map_response, section)
        want = rng.choice([1, 2, 2, 2, 3, 4])
        tries = 0
        while True:
            mine = [s for s, v in self.seats.items() if v == "mine"]
            if len(mine) >= want or (tries > 14 and mine):
                break
            yield self.expo(rng.uniform(1.5, 5.0))
            r = rng.random()
            if r < 0.18:
                yield from self.gesture_zoom()
            elif r < 0.33:
                yield from self.gesture_pan()
            elif r < 0.40 and not mine:
                section = rng.choice(SECTIONS)
                self.emit(self.section_tapped, section)
                yield rng.uniform(0.5, 1.6)
                self.emit(self.seat_map_response, section)
                yield rng.uniform(1.0, 3.0)
            elif r < 0.44 and mine:
                self.emit(self.seat_tapped, rng.choice(mine))
            else:
                free = [s for s, v in self.seats.items() if v == "available"]
                if not free:
                    continue
                tries += 1
                seat = rng.choice(free)
                self.emit(self.seat_tapped, seat)
                yield rng.uniform(0.25, 1.1)
                ok = self.seats.get(seat) == "pending" and rng.random() > 0.3
                self.emit(self.hold_response, seat, ok)
        yield rng.uniform(1.0, 4.0)
        self.emit(self.continue_tapped)

    def pay(self):
        rng = self.rng
        yield rng.uniform(2.0, 6.0)
        if rng.random() < 0.15:                  # back to the map, then on again
            self.emit(self.pop_from, self.checkout)
            yield rng.uniform(3.0, 12.0)
            self.emit(self.continue_tapped)
            yield rng.uniform(1.5, 4.0)
        if rng.random() < 0.65:
            bad, good = rng.choice(PROMOS)
            first = bad if rng.random() < 0.5 else good
            yield from self.keystrokes(self.typed, first, ("promoCode",))
            yield rng.uniform(0.5, 2.0)
            self.emit(self.apply_promo)
            yield rng.uniform(0.4, 1.3)
            self.emit(self.promo_response, first, first == good)
            if first != good:
                yield rng.uniform(2.0, 6.0)
                for k in range(len(first) - 1, -1, -1):
                    yield rng.uniform(0.05, 0.12)
                    self.emit(self.typed, "promoCode", first[:k])
                yield from self.keystrokes(self.typed, good, ("promoCode",))
                yield rng.uniform(0.5, 2.0)
                self.emit(self.apply_promo)
                yield rng.uniform(0.4, 1.3)
                self.emit(self.promo_response, good, True)
        yield rng.uniform(1.5, 5.0)
        name = rng.choice(NAMES)
        number = "4%03d %04d %04d %04d" % (rng.randrange(1000), rng.randrange(10000), rng.randrange(10000),
                                          rng.randrange(10000))
        expiry = "%02d/%02d" % (rng.randint(1, 12), rng.randint(27, 31))
        if rng.random() < 0.45:
            self.emit(self.autofilled, number, expiry, name)
        else:
            yield from self.keystrokes(self.typed, name, ("cardholderName",))
            yield rng.uniform(0.8, 2.5)
            yield from self.keystrokes(self.typed, number, ("cardNumber",), fast=(0.12, 0.45))
            yield rng.uniform(0.8, 2.5)
            yield from self.keystrokes(self.typed, expiry, ("expiry",), fast=(0.15, 0.5))
        yield rng.uniform(0.8, 2.5)
        yield from self.keystrokes(self.typed, "%03d" % rng.randrange(1000), ("cvc",), fast=(0.15, 0.5))
        if rng.random() < 0.5:
            yield rng.uniform(0.8, 3.0)
            self.emit(self.save_card, True)
        yield rng.uniform(1.5, 5.0)
        self.emit(self.pay_tapped)
        attempt = 0
        while True:
            yield rng.uniform(1.5, 5.5)
            if self.checkout is None:
                return
            attempt += 1
            if rng.random() < (0.45 if attempt == 1 else 0.25) and attempt < 4:
                self.emit(self.order_failed, rng.choice(["declined", "timeout", "timeout"]))
                yield rng.uniform(2.0, 7.0)
                if self.checkout is None:
                    return
                self.emit(self.retry_tapped)
            else:
                order = "ORD-%s" % self.uid()[:8]
                self.emit(self.order_ok, order)
                self.emit(self.order_delegate, order)
                return

    def after_order(self):
        rng = self.rng
        if self.state.f["confirmation"] is NIL:
            return
        yield rng.uniform(3.0, 10.0)
        if rng.random() < 0.7:
            self.emit(self.wallet_tapped)
            yield rng.uniform(1.5, 4.0)
            self.emit(self.wallet_response)
            yield rng.uniform(1.0, 4.0)
        self.emit(self.confirmation_dismissed)



# ================================================================================ printer

MODELS = [("phone_stand_v3.stl", 8.8), ("cable_clip_x12.3mf", 3.9), ("planter_hex.stl", 22.5),
          ("gridfinity_2x3.stl", 7.3), ("gear_housing.stl", 12.1), ("lamp_shade_spiral.stl", 31.0)]
PROFILES = ["draft", "speed", "quality", "structural"]
MATERIALS = ["PLA", "PETG", "ASA", "TPU"]


class Printer(_Base):
    name = "printer"
    module = "PrintMonitor"
    process = "PrintMonitor"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        self.connected = True
        self.active = True
        self.tab = "dashboard"
        self.nozzle, self.bed = 215.0 + rng.uniform(-0.5, 0.5), 60.0 + rng.uniform(-0.3, 0.3)
        self.nozzle_target, self.bed_target = 215.0, 60.0
        self.fan = 100
        self.job = "printing"           # None, heating, printing, paused, finished
        self.percent = rng.uniform(95.0, 98.5)
        self.sec_per_pct = rng.uniform(100, 140)
        self.layers = rng.randint(180, 320)
        self.cleared = False
        self.files = ["benchy_0.2mm_PLA.gcode"]
        self.gcode = None               # a sliced file ready to print
        self.upload = None
        self.slicer_open = False
        self.conn_gen = 0
        self.runout_at = rng.uniform(self.percent + 0.2, 99.6) if rng.random() < 0.4 else None
        self.state = St(self.st("AppFeature"), [
            ("selectedTab", self.case("dashboard", "AppFeature.Tab")),
            ("connection", St(self.st("Connection"), [("status", self.case("connecting", "Connection.Status")),
                                                      ("host", text("mk4-workshop.local")),
                                                      ("reconnectAttempt", num(0)), ("lastError", NIL)])),
            ("telemetry", St(self.st("Telemetry"), [
                ("nozzle", num(round(self.nozzle, 1))), ("nozzleTarget", num(215.0)),
                ("bed", num(round(self.bed, 1))), ("bedTarget", num(60.0)), ("heatbreak", num(38.2)),
                ("hotendFanRPM", num(6800)), ("printFanRPM", num(0)), ("axisZ", num(0.0)), ("flow", num(100)),
                ("speed", num(100))])),
            ("job", NIL),
            ("webcam", St(self.st("Webcam"), [("snapshot", NIL), ("isLoading", boolean(False)),
                                              ("isFullscreen", boolean(False)), ("liveFrame", NIL),
                                              ("failures", num(0))])),
            ("controls", St(self.st("Controls"), [("fanSpeed", num(100.0)), ("nozzleTarget", num(215.0)),
                                                  ("isLightOn", boolean(True)), ("pendingCommand", NIL)])),
            ("files", St(self.st("Files"), [("files", Arr([self.file_row(self.files[0], 3.4)])),
                                            ("isImporterPresented", boolean(False)), ("upload", NIL)])),
            ("slicer", NIL),
            ("alert", NIL),
            ("cancelDialog", NIL),
            ("scenePhase", self.case("active", "ScenePhase"))])

    def file_row(self, name, mb):
        return St("PrinterFile", [("name", text(name)), ("sizeMB", num(mb))])

    def job_state(self, name):
        return St(self.st("Job"), [("file", text(name)), ("status", self.case(self.job, "Job.Status")),
                                   ("progress", num(round(self.percent, 1))),
                                   ("layer", num(self.layer())), ("layerCount", num(self.layers)),
                                   ("timeLeft", num(self.time_left()))])

    def layer(self):
        return max(0, min(self.layers, int(self.layers * self.percent / 100.0)))

    def time_left(self):
        return int((100.0 - self.percent) * self.sec_per_pct)

    def tele(self, inner):
        return self.act("telemetry", inner)

    def jobact(self, inner):
        return self.act("job", inner)

    def ctl(self, inner):
        return self.act("controls", inner)

    def fil(self, inner):
        return self.act("files", inner)

    def sli(self, inner):
        return self.act("slicer", self.presented("Slicer", inner))

    def cam(self, inner):
        return self.act("webcam", inner)

    def ack(self, command, ok=True):
        if ok:
            return self.result("CommandAck", True, Struct("CommandAck", [("command", Raw("." + command)),
                                                                        ("accepted", Raw("true"))]))
        return self.result("CommandAck", False, Struct("PrinterError", [("code", Raw("409")),
                                                                       ("message", q("Printer busy"))]))

    # -- launch and connection
    @signal
    def task(self):
        return self.act("task")

    @signal
    def connected_event(self):
        self.connected = True
        self.set(("connection", "status"), self.case("connected", "Connection.Status"))
        self.set(("connection", "reconnectAttempt"), num(0))
        self.set(("connection", "lastError"), NIL)
        return self.act("connection", A(self.at("Connection"), "connected", Struct("PrinterInfo", [
            ("model", q("Original Prusa MK4")), ("firmware", q("6.1.3")), ("host", q("mk4-workshop.local"))])))

    # reason: the printer's state fetched after every (re)connect: the one that tells what the printer is doing
    @signal
    def status_response(self):
        if self.job is not None and self.state.f["job"] is NIL:
            self.set(("job",), self.job_state(self.files[0] if self.gcode is None else self.gcode))
        elif self.job is not None:
            self.set(("job", "status"), self.case(self.job, "Job.Status"))
            self.set(("job", "progress"), num(round(self.percent, 1)))
            self.set(("job", "layer"), num(self.layer()))
            self.set(("job", "timeLeft"), num(self.time_left()))
        return self.act("connection", A(self.at("Connection"), "statusResponse", self.result("PrinterStatus", True, Struct(
            "PrinterStatus", [("state", Raw("." + (self.job or "idle"))), ("progress", _f(self.percent))]))))

    @signal
    def dropped(self):
        self.connected = False
        self.conn_gen += 1
        self.set(("connection", "status"), self.case("disconnected", "Connection.Status"))
        self.set(("connection", "lastError"), text("The network connection was lost."))
        return self.act("connection", A(self.at("Connection"), "dropped", Struct("URLError", [
            ("code", Raw("-1005")), ("message", q("The network connection was lost."))])))

    # reason: the app's backoff timer retrying on its own (1, 2, 4, 8 s): the drop and the reconnect carry the news
    @noise
    def reconnect_fired(self, attempt):
        self.set(("connection", "status"), self.case("reconnecting", "Connection.Status"))
        self.set(("connection", "reconnectAttempt"), num(attempt))
        return self.act("connection", A(self.at("Connection"), "reconnectTimerFired", attempt=Raw(str(attempt))))

    # -- telemetry
    @noise
    def temperatures(self):
        rng = self.rng
        n, b = round(self.nozzle, 1), round(self.bed, 1)
        hb = round(24.0 + (self.nozzle - 24.0) * 0.075 + rng.gauss(0, 0.15), 1)
        hotend = 0 if self.nozzle < 50 else int(6900 + rng.gauss(0, 60))
        printing = self.job == "printing"
        pf = int(self.fan / 100.0 * 7400 + rng.gauss(0, 40)) if printing and self.percent > 0.3 else 0
        z = round(self.layer() * 0.2 + 0.2, 2) if self.job in ("printing", "paused") else \
            float(self.get(("telemetry", "axisZ")).cd)
        fields = [("nozzle", n), ("nozzleTarget", float(self.nozzle_target)), ("bed", b),
                  ("bedTarget", float(self.bed_target)), ("heatbreak", hb), ("hotendFanRPM", hotend),
                  ("printFanRPM", pf), ("axisZ", z)]
        for k, v in fields:
            self.set(("telemetry", k), num(v))
        return self.tele(A(self.at("Telemetry"), "telemetryReported", Struct("PrinterTelemetry", [
            (k, Raw(repr(v))) for k, v in fields])))

    @noise
    def progress(self):
        p = round(self.percent, 1)
        self.set(("job", "progress"), num(p))
        self.set(("job", "layer"), num(self.layer()))
        self.set(("job", "timeLeft"), num(self.time_left()))
        return self.jobact(A(self.at("Job"), "progressReported", Struct("PrintProgress", [
            ("percent", Raw(repr(p))), ("layer", Raw(str(self.layer()))), ("timeLeft", Raw(str(self.time_left())))])))

    # reason: pushed by the machine, but once per print: the job's status changes from heating to printing
    @signal
    def heating_done(self):
        self.job = "printing"
        self.set(("job", "status"), self.case("printing", "Job.Status"))
        return self.act("printerEvent", A("PrinterEvent", "heatingComplete"))

    @signal
    def finished(self):
        self.job = "finished"
        self.percent = 100.0
        self.nozzle_target = self.bed_target = 0.0
        self.set(("job", "status"), self.case("finished", "Job.Status"))
        self.set(("job", "progress"), num(100.0))
        self.set(("job", "layer"), num(self.layers))
        self.set(("job", "timeLeft"), num(0))
        self.set(("controls", "nozzleTarget"), num(0.0))
        return self.act("printerEvent", A("PrinterEvent", "printFinished", Struct("PrintSummary", [
            ("file", q(self.get(("job", "file")).df)), ("layers", Raw(str(self.layers)))])))

    @signal
    def runout(self):
        self.job = "paused"
        self.set(("job", "status"), self.case("paused", "Job.Status"))
        self.set(("alert",), St("AlertState", [("title", text("Filament runout")),
                                               ("message", text("Load new filament, then resume the print."))]))
        return self.act("printerEvent", A("PrinterEvent", "filamentRunout"))

    @signal
    def alert_resume(self):
        self.set(("alert",), NIL)
        self.job = "printing"
        self.set(("job", "status"), self.case("printing", "Job.Status"))
        return self.act("alert", self.presented("Alert", A(self.at("AppFeature.Alert"), "resumeAfterFilamentChangeTapped")))

    # -- webcam
    @noise
    def cam_fired(self):
        self.set(("webcam", "isLoading"), boolean(True))
        return self.cam(A(self.at("Webcam"), "refreshTimerFired"))

    # reason: the answer to the 5 s refresh timer; a new image each time, but on the timer's rhythm
    @noise
    def cam_loaded(self):
        sid = self.uid()[:8]
        size = self.rng.randint(61000, 94000)
        self.set(("webcam", "isLoading"), boolean(False))
        self.set(("webcam", "failures"), num(0))
        self.set(("webcam", "snapshot"), St("Snapshot", [("id", text(sid)), ("bytes", num(size)),
                                                         ("capturedAt", self.date())]))
        return self.cam(A(self.at("Webcam"), "snapshotResponse", self.result("Snapshot", True, Struct("Snapshot", [
            ("id", q(sid)), ("bytes", Raw(str(size))), ("resolution", q("1280x720"))]))))

    # reason: the same timer failing every 5 s while the printer is unreachable; connection.dropped tells it once
    @noise
    def cam_failed(self):
        self.set(("webcam", "isLoading"), boolean(False))
        self.set(("webcam", "failures"), num(int(self.get(("webcam", "failures")).cd) + 1))
        return self.cam(A(self.at("Webcam"), "snapshotResponse", self.result("Snapshot", False, Struct("URLError", [
            ("code", Raw("-1004")), ("message", q("Could not connect to the server."))]))))

    # reason: the live view's MJPEG frames at the camera's 10 fps while fullscreen: a video stream
    @noise
    def cam_frame(self, k, size):
        self.set(("webcam", "liveFrame"), St("Frame", [("index", num(k)), ("bytes", num(size))]))
        return self.cam(A(self.at("Webcam"), "liveFrameReceived", Struct("Frame", [
            ("index", Raw(str(k))), ("bytes", Raw(str(size)))])))

    @signal
    def cam_fullscreen(self, on):
        self.set(("webcam", "isFullscreen"), boolean(on))
        if not on:
            self.set(("webcam", "liveFrame"), NIL)
        else:
            self.spawn(self.live_view())
        return self.cam(A(self.at("Webcam"), "snapshotTapped" if on else "closeFullscreenTapped"))

    # -- person: navigation, controls
    @signal
    def tab_selected(self, tab):
        self.tab = tab
        self.set(("selectedTab",), self.case(tab, "AppFeature.Tab"))
        return self.act("tabSelected", A("AppFeature.Tab", tab))

    @noise
    def fan_dragged(self, v):
        self.set(("controls", "fanSpeed"), num(v))
        return self.ctl(self.binding("Controls", "fanSpeed", Raw(repr(v))))

    @noise
    def target_dragged(self, v):
        self.set(("controls", "nozzleTarget"), num(v))
        return self.ctl(self.binding("Controls", "nozzleTarget", Raw(repr(v))))

    @signal
    def light_toggled(self, on):
        self.set(("controls", "isLightOn"), boolean(on))
        return self.ctl(self.binding("Controls", "isLightOn", _flag(on)))

    @signal
    def fan_committed(self):
        self.set(("controls", "pendingCommand"), self.case("setFanSpeed", "PrinterCommand"))
        return self.ctl(A(self.at("Controls"), "fanSpeedSliderReleased"))

    @signal
    def target_committed(self):
        self.set(("controls", "pendingCommand"), self.case("setNozzleTarget", "PrinterCommand"))
        return self.ctl(A(self.at("Controls"), "nozzleTargetSliderReleased"))

    @signal
    def control_response(self, command):
        self.set(("controls", "pendingCommand"), NIL)
        if command == "setFanSpeed":
            self.fan = int(float(self.get(("controls", "fanSpeed")).cd))
        else:
            self.nozzle_target = float(self.get(("controls", "nozzleTarget")).cd)
        return self.ctl(A(self.at("Controls"), "commandResponse", self.ack(command)))

    # -- job control
    @signal
    def pause_tapped(self):
        return self.jobact(A(self.at("Job"), "pauseButtonTapped"))

    @signal
    def resume_tapped(self):
        return self.jobact(A(self.at("Job"), "resumeButtonTapped"))

    @signal
    def job_command_response(self, command):
        if command == "pause":
            self.job = "paused"
        elif command == "resume":
            self.job = "printing"
        elif command == "cancel":
            self.job = "cancelled"
            self.nozzle_target = self.bed_target = 0.0
            self.set(("controls", "nozzleTarget"), num(0.0))
        self.set(("job", "status"), self.case(self.job, "Job.Status"))
        return self.jobact(A(self.at("Job"), "commandResponse", self.ack(command)))

    @signal
    def cancel_tapped(self):
        self.set(("cancelDialog",), St("ConfirmationDialogState", [("title", text("Cancel this print?"))]))
        return self.jobact(A(self.at("Job"), "cancelButtonTapped"))

    @signal
    def cancel_confirmed(self):
        self.set(("cancelDialog",), NIL)
        return self.act("cancelDialog", self.presented("CancelDialog", A(self.at("AppFeature.CancelDialog"), "confirmCancelTapped")))

    @signal
    def cancel_dismissed(self):
        self.set(("cancelDialog",), NIL)
        return self.act("cancelDialog", self.dismissed("CancelDialog"))

    @signal
    def bed_cleared(self):
        self.cleared = True
        self.job = None
        self.set(("job",), NIL)
        return self.jobact(A(self.at("Job"), "bedClearedTapped"))

    @signal
    def print_tapped(self, name):
        return self.fil(A(self.at("Files"), "printButtonTapped", name=q(name)))

    @signal
    def print_started(self, name):
        self.job = "heating"
        self.percent = 0.0
        self.sec_per_pct = self.rng.uniform(60, 200)
        self.layers = self.rng.randint(120, 600)
        self.nozzle_target = 215.0 if self.material != "PETG" else 240.0
        self.bed_target = 60.0 if self.material != "PETG" else 80.0
        self.cleared = False
        self.set(("controls", "nozzleTarget"), num(self.nozzle_target))
        self.set(("job",), self.job_state(name))
        return self.fil(A(self.at("Files"), "printResponse", self.ack("start")))

    # -- files, upload
    @signal
    def upload_tapped(self):
        self.set(("files", "isImporterPresented"), boolean(True))
        return self.fil(A(self.at("Files"), "uploadButtonTapped"))

    @signal
    def file_imported(self, name, mb):
        self.set(("files", "isImporterPresented"), boolean(False))
        self.set(("files", "upload"), St("Upload", [("fileName", text(name)), ("sizeMB", num(mb)), ("progress", num(0.0)),
                                                    ("error", NIL)]))
        return self.fil(A(self.at("Files"), "fileImporterResponse", self.result("URL", True, Raw(
            "file:///private/var/mobile/Containers/Shared/AppGroup/Inbox/%s" % name))))

    @noise
    def upload_progress(self, p):
        self.set(("files", "upload", "progress"), num(p))
        return self.fil(A(self.at("Files"), "uploadProgress", Raw(repr(p))))

    @signal
    def upload_done(self, name, mb, ok):
        if ok:
            self.set(("files", "upload"), NIL)
            self.files.append(name)
            self.append(("files", "files"), self.file_row(name, mb))
            payload = Struct("PrinterFile", [("name", q(name)), ("path", q("/usb/" + name))])
        else:
            self.set(("files", "upload", "error"), text("The request timed out."))
            payload = Struct("URLError", [("code", Raw("-1001")), ("message", q("The request timed out."))])
        return self.fil(A(self.at("Files"), "uploadResponse", self.result("PrinterFile", ok, payload)))

    @signal
    def upload_retry(self):
        self.set(("files", "upload", "progress"), num(0.0))
        self.set(("files", "upload", "error"), NIL)
        return self.fil(A(self.at("Files"), "retryUploadTapped"))

    # -- slicer form
    @signal
    def slice_tapped(self, name):
        self.slicer_open = True
        self.set(("slicer",), St(self.st("Slicer"), [
            ("model", text(name)), ("profile", self.case("quality", "Slicer.Profile")), ("layerHeight", num(0.2)),
            ("infill", num(15.0)), ("supports", boolean(False)), ("material", self.case("PLA", "Material")),
            ("isSlicing", boolean(False)), ("progress", num(0.0)), ("preview", NIL)]))
        return self.fil(A(self.at("Files"), "sliceButtonTapped", name=q(name)))

    @noise
    def preview_dragged(self, layer):
        self.set(("slicer", "preview", "layer"), num(layer))
        return self.sli(self.binding("Slicer", "previewLayer", Raw(str(layer))))

    # reason: pickers, the layer-height stepper and the supports toggle: one tap, one binding (the infill slider is noise)
    @signal
    def form_choice(self, field, value):
        if field in ("profile", "material"):
            self.set(("slicer", field), self.case(value, "Slicer.Profile" if field == "profile" else "Material"))
            raw = Raw("." + value)
        elif field == "supports":
            self.set(("slicer", field), boolean(value))
            raw = _flag(value)
        else:
            self.set(("slicer", field), num(value))
            raw = Raw(repr(value))
        return self.sli(self.binding("Slicer", field, raw))

    @noise
    def infill_dragged(self, v):
        self.set(("slicer", "infill"), num(v))
        return self.sli(self.binding("Slicer", "infill", Raw(repr(v))))

    @signal
    def slice_now(self):
        self.set(("slicer", "isSlicing"), boolean(True))
        return self.sli(A(self.at("Slicer"), "sliceButtonTapped"))

    @noise
    def slicing_progress(self, p):
        self.set(("slicer", "progress"), num(p))
        return self.sli(A(self.at("Slicer"), "slicingProgress", Raw(repr(p))))

    @signal
    def slice_done(self, gname, minutes, grams, layers):
        self.set(("slicer", "isSlicing"), boolean(False))
        self.set(("slicer", "progress"), num(1.0))
        self.set(("slicer", "preview"), St("GCodePreview", [("layer", num(layers)), ("layerCount", num(layers))]))
        return self.sli(A(self.at("Slicer"), "sliceResponse", self.result("GCodeSummary", True, Struct("GCodeSummary", [
            ("file", q(gname)), ("estimatedMinutes", Raw(str(minutes))), ("filamentGrams", Raw(repr(grams)))]))))

    @signal
    def slicer_delegate(self, gname, mb):
        action = self.sli(A(self.at("Slicer"), "delegate", A(self.at("Slicer.Delegate"), "gcodeReady", name=q(gname))))
        self.gcode = gname
        self.files.append(gname)
        self.append(("files", "files"), self.file_row(gname, mb))
        self.set(("slicer",), NIL)
        self.slicer_open = False
        return action

    @signal
    def slicer_dismissed(self):
        self.set(("slicer",), NIL)
        self.slicer_open = False
        return self.act("slicer", self.dismissed("Slicer"))

    @signal
    def scene_phase(self, phase):
        self.set(("scenePhase",), self.case(phase, "ScenePhase"))
        return self.act("scenePhaseChanged", A("ScenePhase", phase))

    # -- processes
    def processes(self):
        self.material = "PLA"
        return [self.physics(), self.telemetry(), self.progress_feed(), self.webcam(), self.network(), self.person()]

    def physics(self):
        """The printer itself: temperatures follow their targets; the job advances."""
        rng = self.rng
        while True:
            dt = rng.uniform(0.4, 0.6)          # the printer's own loop, not the app's clock
            yield dt
            for which in ("nozzle", "bed"):
                cur = getattr(self, which)
                tgt = getattr(self, which + "_target")
                rate, tau = (2.6, 140.0) if which == "nozzle" else (0.55, 500.0)
                if tgt > cur + 1.5:
                    cur += min(rate * dt * (0.4 + 0.6 * min(1.0, (tgt - cur) / 20.0)), tgt - cur)
                elif tgt > 0:
                    cur += (tgt - cur) * 0.2 + rng.gauss(0, 0.12)
                else:
                    cur += (24.0 - cur) * dt / tau
                setattr(self, which, cur)
            if self.job == "heating" and abs(self.nozzle - self.nozzle_target) < 1.5 and abs(self.bed - self.bed_target) < 1.0:
                if self.connected:
                    self.emit(self.heating_done)
                else:
                    self.job = "printing"           # the status fetched on reconnect tells it
            if self.job == "printing":
                self.percent += dt / self.sec_per_pct
                if self.runout_at is not None and self.percent >= self.runout_at:
                    self.runout_at = None
                    if self.connected:
                        self.emit(self.runout)
                    else:
                        self.job = "paused"
                if self.percent >= 100.0:
                    self.percent = 99.99
                    if self.connected:
                        self.emit(self.finished)

    def hot(self):
        return self.job in ("heating", "printing", "paused") or self.nozzle > 45 or self.bed > 35

    def telemetry(self):
        """Every 2 s while the printer heats, prints or cools down; every 10 s when it idles cold."""
        yield self.rng.uniform(0.5, 2.0)
        idle = 0
        while True:
            if self.connected and self.active and (self.hot() or idle % 5 == 0):
                self.emit(self.temperatures)
            idle = 0 if self.hot() else idle + 1
            yield 2.0 + self.rng.uniform(-0.03, 0.03)

    def progress_feed(self):
        yield self.rng.uniform(1.0, 4.0)
        while True:
            if self.connected and self.active and self.job in ("printing", "paused") and self.state.f["job"] is not NIL:
                self.emit(self.progress)
            yield 3.0 + self.rng.uniform(-0.05, 0.05)

    def webcam(self):
        """A 5 s refresh timer while the dashboard (or the fullscreen camera) is on screen."""
        rng = self.rng
        yield rng.uniform(1.0, 5.0)
        while True:
            due = self.now + 5.0 + rng.uniform(-0.02, 0.02)
            if self.active and self.tab == "dashboard" and self.get(("webcam", "isFullscreen")).cd != "true" \
                    and self.state.f["connection"].f["status"].cd != ".connecting":
                self.emit(self.cam_fired)
                up = self.connected
                yield rng.uniform(0.15, 0.7) if up else rng.uniform(1.0, 2.0)
                self.emit(self.cam_loaded if up and self.connected else self.cam_failed)
            yield max(0.01, due - self.now)

    def live_view(self):
        rng = self.rng
        yield rng.uniform(0.3, 0.8)                 # the stream connects
        k = 0
        while self.get(("webcam", "isFullscreen")).cd == "true":
            if self.connected and self.active:
                k += 1
                self.emit(self.cam_frame, k, rng.randint(38000, 52000))
            yield max(0.02, rng.gauss(0.1, 0.006))

    def network(self):
        rng = self.rng
        yield rng.uniform(0.4, 1.2)
        self.emit(self.connected_event)
        yield rng.uniform(0.1, 0.4)
        self.emit(self.status_response)
        while True:
            yield rng.uniform(150, 420)
            if not self.active:
                continue
            self.emit(self.dropped)
            attempt = 0
            outage = rng.uniform(4, 40)
            start = self.now
            while True:
                attempt += 1
                yield min(30, 2 ** (attempt - 1)) + rng.uniform(0, 0.3)
                self.emit(self.reconnect_fired, attempt)
                yield rng.uniform(0.2, 1.5)
                if self.now - start > outage:
                    break
            self.emit(self.connected_event)
            yield rng.uniform(0.1, 0.4)
            self.emit(self.status_response)

    def slide(self, maker, start, goal, lo, hi, step):
        rng = self.rng
        hz = rng.uniform(45, 60)
        n = max(4, int(hz * rng.uniform(0.4, 1.8)))

        def at(i):
            f = (i + 1) / n
            v = start + (goal - start) * (f * f * (3 - 2 * f)) + rng.uniform(-step, step)
            return (round(min(hi, max(lo, round(v / step) * step)), 1),)
        last = None
        for i in range(n):       # the slider sets its binding when the stepped value changes
            yield max(0.002, rng.gauss(1.0, 0.05)) / hz
            v = at(i)
            if v != last:
                self.emit(maker, *v)
                last = v

    def person(self):
        rng = self.rng
        self.emit(self.task)
        think = self.think((2.0, 6.0), (10.0, 30.0), (60, 180), (30, 120))
        plan = ["upload", "slice"]
        yield rng.uniform(3.0, 8.0)
        if rng.random() < 0.7:
            yield from self.watch()
        while True:
            yield next(think)
            if not self.connected:
                continue
            r = rng.random()
            if self.job is None and self.cleared and self.gcode is not None and self.slicer_open is False and r < 0.7:
                yield from self.start_print(self.gcode)
            elif self.job == "finished" and r < 0.6:
                if self.tab != "dashboard":
                    self.emit(self.tab_selected, "dashboard")
                    yield rng.uniform(1.0, 3.0)
                yield rng.uniform(5.0, 25.0)       # walks to the printer, takes the part off
                if not self.connected:
                    continue
                self.emit(self.bed_cleared)
                if self.gcode is not None:
                    yield rng.uniform(2.0, 8.0)
                    yield from self.start_print(self.gcode)
            elif self.alert_open() and r < 0.8:
                yield rng.uniform(20.0, 60.0)      # loads new filament
                if self.connected:
                    self.emit(self.alert_resume)
            elif self.job == "paused" and not self.alert_open() and r < 0.7:
                self.emit(self.resume_tapped)
                yield rng.uniform(0.3, 1.0)
                self.emit(self.job_command_response, "resume")
            elif plan and r < 0.45:
                step = plan.pop(0)
                if step == "upload":
                    yield from self.do_upload()
                else:
                    yield from self.do_slice()
                    if self.gcode is None:
                        plan.append("slice")      # closed the form without slicing: back later
            elif self.job in ("cancelled",) and self.gcode is not None and r < 0.7:
                yield rng.uniform(10, 40)
                self.emit(self.bed_cleared)
                yield rng.uniform(2, 6)
                yield from self.start_print(self.gcode)
            else:
                yield from self.fiddle()

    def watch(self):
        """Opens the camera fullscreen and watches the print for a while."""
        rng = self.rng
        self.emit(self.cam_fullscreen, True)
        yield rng.uniform(15.0, 90.0)
        self.emit(self.cam_fullscreen, False)

    def alert_open(self):
        return self.state.f["alert"] is not NIL

    def start_print(self, name):
        rng = self.rng
        if self.tab != "files":
            self.emit(self.tab_selected, "files")
            yield rng.uniform(1.0, 3.0)
        self.emit(self.print_tapped, name)
        yield rng.uniform(0.3, 1.2)
        self.emit(self.print_started, name)
        self.runout_at = rng.uniform(0.2, 1.5) if rng.random() < 0.5 else None
        yield rng.uniform(2.0, 6.0)
        self.emit(self.tab_selected, "dashboard")

    def do_upload(self):
        rng = self.rng
        if self.tab != "files":
            self.emit(self.tab_selected, "files")
            yield rng.uniform(1.0, 3.0)
        name, mb = rng.choice(MODELS)
        self.model = name
        self.emit(self.upload_tapped)
        yield rng.uniform(4.0, 15.0)
        self.emit(self.file_imported, name, mb)
        while True:
            p = 0.0
            fail_at = rng.uniform(0.2, 0.8) if rng.random() < 0.25 else 2.0
            rate = rng.uniform(0.25, 0.9)             # MB/s over Wi-Fi to the printer
            while p < 1.0:                            # URLSession reports every ~64 KB sent
                dt = rng.uniform(0.06, 0.14) * (4.0 if rng.random() < 0.03 else 1.0)
                yield dt
                p = round(min(1.0, p + rate * dt / mb), 3)
                if p >= fail_at:
                    break
                if p < 1.0:
                    self.emit(self.upload_progress, p)
            yield rng.uniform(0.2, 0.8)
            if p >= fail_at:
                yield rng.uniform(5.0, 15.0)
                self.emit(self.upload_done, name, mb, False)
                yield rng.uniform(2.0, 6.0)
                self.emit(self.upload_retry)
                continue
            self.emit(self.upload_done, name, mb, True)
            return

    def do_slice(self):
        rng = self.rng
        if self.tab != "files":
            self.emit(self.tab_selected, "files")
            yield rng.uniform(1.0, 3.0)
        name = getattr(self, "model", self.files[0])
        yield rng.uniform(1.0, 4.0)
        self.emit(self.slice_tapped, name)
        yield rng.uniform(2.0, 5.0)
        profile = rng.choice(PROFILES)
        if profile != "quality":
            self.emit(self.form_choice, "profile", profile)
            yield rng.uniform(1.0, 3.0)
        h = 0.2
        for _ in range(rng.randint(0, 3)):
            h = round(min(0.3, max(0.1, h + rng.choice([-0.05, 0.05]))), 2)
            self.emit(self.form_choice, "layerHeight", h)
            yield rng.uniform(0.3, 1.0)
        yield rng.uniform(1.0, 3.0)
        for _ in range(rng.randint(1, 2)):
            yield from self.slide(self.infill_dragged, float(self.get(("slicer", "infill")).cd),
                                  rng.choice([10, 15, 20, 25, 40]), 0, 100, 1.0)
            yield rng.uniform(0.8, 3.0)
        if rng.random() < 0.5:
            self.emit(self.form_choice, "supports", True)
            yield rng.uniform(1.0, 2.5)
        self.material = rng.choice(MATERIALS[:2])
        if self.material != "PLA":
            self.emit(self.form_choice, "material", self.material)
            yield rng.uniform(1.0, 2.5)
        if rng.random() < 0.1:
            yield rng.uniform(1.0, 4.0)
            self.emit(self.slicer_dismissed)
            return
        yield rng.uniform(1.0, 4.0)
        self.emit(self.slice_now)
        p = 0.0
        while True:
            yield rng.uniform(0.3, 0.7)
            p = round(p + rng.uniform(0.01, 0.05), 2)
            if p >= 1.0:
                break
            self.emit(self.slicing_progress, p)
        gname = name.rsplit(".", 1)[0] + "_%.2fmm_%s.gcode" % (h, self.material)
        layers = rng.randint(120, 600)
        self.emit(self.slice_done, gname, rng.randint(45, 420), round(rng.uniform(8, 140), 1), layers)
        at = layers
        for _ in range(rng.randint(1, 4)):        # looks through the layers in the preview
            yield rng.uniform(1.5, 5.0)
            goal = rng.randint(1, layers)
            hz = rng.uniform(45, 60)
            n = max(6, int(hz * rng.uniform(0.5, 2.5)))
            last = at
            for i in range(n):
                yield max(0.002, rng.gauss(1.0, 0.05)) / hz
                f = (i + 1) / n
                v = int(round(last + (goal - last) * f * f * (3 - 2 * f)))
                if v != at:
                    at = v
                    self.emit(self.preview_dragged, v)
        yield rng.uniform(2.0, 6.0)
        self.emit(self.slicer_delegate, gname, round(rng.uniform(1.5, 25.0), 1))

    def fiddle(self):
        rng = self.rng
        r = rng.random()
        printing = self.job in ("printing", "heating")
        if r < 0.2 and self.job is not None:
            if self.tab != "dashboard":
                self.emit(self.tab_selected, "dashboard")
                yield rng.uniform(0.5, 2.0)
            start = float(self.get(("controls", "fanSpeed")).cd)
            yield from self.slide(self.fan_dragged, start, rng.choice([30, 50, 70, 80, 100]), 0, 100, 1.0)
            yield rng.uniform(0.05, 0.15)
            self.emit(self.fan_committed)
            yield rng.uniform(0.2, 0.8)
            self.emit(self.control_response, "setFanSpeed")
        elif r < 0.32 and printing:
            start = float(self.get(("controls", "nozzleTarget")).cd)
            yield from self.slide(self.target_dragged, start, start + rng.choice([-10, -5, 5, 10]), 0, 300, 1.0)
            yield rng.uniform(0.05, 0.15)
            self.emit(self.target_committed)
            yield rng.uniform(0.2, 0.8)
            self.emit(self.control_response, "setNozzleTarget")
        elif r < 0.40:
            self.emit(self.light_toggled, self.get(("controls", "isLightOn")).cd != "true")
        elif r < 0.60 and self.tab == "dashboard":
            yield from self.watch()
        elif r < 0.66:
            if self.tab != "dashboard" and rng.random() < 0.7:
                self.emit(self.tab_selected, "dashboard")
            else:
                self.emit(self.tab_selected, rng.choice([t for t in ("dashboard", "files", "settings") if t != self.tab]))
                if self.tab == "settings":
                    yield rng.uniform(4.0, 20.0)
                    self.emit(self.tab_selected, "dashboard")
        elif r < 0.74 and self.job == "printing":
            self.emit(self.pause_tapped)
            yield rng.uniform(0.3, 1.0)
            self.emit(self.job_command_response, "pause")
            yield rng.uniform(10.0, 60.0)
            if self.connected and self.job == "paused":
                self.emit(self.resume_tapped)
                yield rng.uniform(0.3, 1.0)
                self.emit(self.job_command_response, "resume")
        elif r < 0.78 and printing and self.percent < 5.0:
            self.emit(self.cancel_tapped)
            yield rng.uniform(1.0, 4.0)
            if rng.random() < 0.7:
                self.emit(self.cancel_confirmed)
                yield rng.uniform(0.3, 1.0)
                self.emit(self.job_command_response, "cancel")
            else:
                self.emit(self.cancel_dismissed)
        elif r < 0.80 and self.active:
            self.active = False
            self.emit(self.scene_phase, "background")
            yield rng.uniform(15.0, 70.0)
            self.active = True
            self.emit(self.scene_phase, "active")



# ============================================================================ videoeditor

TRACKS = [("trk_0412", "Golden Hour", 142.0), ("trk_0977", "Paper Planes (Instrumental)", 188.0),
          ("trk_1203", "Weekend Drive", 121.0), ("trk_1588", "Low Tide", 203.0), ("trk_2031", "Sunday Morning", 156.0)]
TITLES = ["Summer in Porto", "Lisbon 2026", "Hiking Day", "Our Trip", "Birthday", "Beach Day!"]


class VideoEditor(_Base):
    name = "videoeditor"
    module = "Clipper"
    process = "Clipper"
    roots = ("EditorAction", "Editor.Action")

    def __init__(self, session):
        App.__init__(self, session)
        self.clip_ids = []
        self.durations = {}
        self.undo_stack = []
        self.redo_stack = []
        self.edit_gen = 0
        self.active = True
        self.playing = False
        self.exported = False
        self.has_title = False
        self.has_music = False
        self.asset_n = self.rng.randint(2100, 7800)
        self.state = St(self.st("Editor"), [
            ("project", St(self.st("Project"), [("name", text("Untitled Project")), ("clips", Arr()),
                                                 ("title", NIL), ("music", NIL), ("duration", num(0.0))])),
            ("timeline", St(self.st("Timeline"), [("playhead", num(0.0)), ("isPlaying", boolean(False)),
                                                   ("zoom", num(1.0)), ("scrollOffset", num(0.0)),
                                                   ("draggingClipID", NIL), ("dragX", NIL),
                                                   ("isScrubbing", boolean(False))])),
            ("autosave", St(self.st("Autosave"), [("isDirty", boolean(False)), ("isSaving", boolean(False)),
                                                   ("lastSavedAt", NIL), ("revision", num(0))])),
            ("history", St(self.st("History"), [("undoCount", num(0)), ("redoCount", num(0))])),
            ("photoPicker", NIL), ("titleEditor", NIL), ("musicPicker", NIL), ("export", NIL), ("shareSheet", NIL),
            ("scenePhase", self.case("active", "ScenePhase"))])

    # -- helpers
    def idx(self, c):
        return self.clip_ids.index(c)

    def cpath(self, c, *rest):
        return ("project", "clips", ("i", self.idx(c))) + rest

    def clipact(self, c, inner):
        return self.act("clips", self.element("Clip", self.uuid_arg(c), inner))

    def tl(self, inner):
        return self.act("timeline", inner)

    def total(self):
        t = 0.0
        for c in self.clip_ids:
            st = self.get(self.cpath(c))
            t += float(st.f["trimEnd"].cd) - float(st.f["trimStart"].cd)
        return round(t, 2)

    def update_duration(self):
        self.set(("project", "duration"), num(self.total()))

    def begin_edit(self):
        """Before an edit: the project goes on the undo stack; the redo stack empties."""
        self.undo_stack.append((_copy(self.state.f["project"]), list(self.clip_ids)))
        self.redo_stack = []
        self.set(("history", "undoCount"), num(len(self.undo_stack)))
        self.set(("history", "redoCount"), num(0))

    def end_edit(self):
        self.set(("autosave", "isDirty"), boolean(True))
        self.edit_gen += 1
        self.spawn(self.autosave_after(self.edit_gen))

    def autosave_after(self, gen):
        yield 3.0 + self.rng.uniform(-0.01, 0.01)   # the debounce
        if gen == self.edit_gen:
            self.emit(self.autosave_fired)
            yield self.rng.uniform(0.08, 0.45)
            self.emit(self.autosave_saved)

    # -- launch
    @signal
    def task(self):
        return self.act("task")

    # -- import
    @signal
    def import_tapped(self):
        self.set(("photoPicker",), St(self.st("PhotoPicker"), [("filter", text("videos")), ("selectionLimit", num(10))]))
        return self.act("importButtonTapped")

    @signal
    def picked(self, ids):
        self.set(("photoPicker",), NIL)
        self.begin_edit()
        for c, asset in ids:
            self.clip_ids.append(c)
            self.append(("project", "clips"), St("Clip", [
                ("id", self.uuid_value(c)), ("asset", text(asset)), ("duration", NIL), ("trimStart", num(0.0)),
                ("trimEnd", num(0.0)), ("thumbnailProgress", num(0.0)), ("thumbnails", num(0)),
                ("isLoading", boolean(True))]))
        return self.act("photoPicker", self.presented("PhotoPicker", A(self.at("PhotoPicker"), "didFinishPicking", Raw(
            "[" + ", ".join('"%s/L0/001"' % a for _, a in ids) + "]"))))

    @signal
    def picker_cancelled(self):
        self.set(("photoPicker",), NIL)
        return self.act("photoPicker", self.dismissed("PhotoPicker"))

    # reason: the asset's answer for each clip the person imported (one each, a short lag after the pick)
    @signal
    def asset_loaded(self, c, dur):
        if c not in self.clip_ids:
            return None
        self.durations[c] = dur
        self.set(self.cpath(c, "duration"), num(dur))
        self.set(self.cpath(c, "trimEnd"), num(dur))
        self.set(self.cpath(c, "isLoading"), boolean(False))
        self.update_duration()
        return self.clipact(c, A(self.at("Clip"), "assetLoaded", self.result("AssetInfo", True, Struct("AssetInfo", [
            ("duration", Raw(repr(dur))), ("naturalSize", q("1920x1080")), ("frameRate", Raw("30.0"))]))))

    @noise
    def thumb_progress(self, c, p):
        if c not in self.clip_ids:
            return None
        self.set(self.cpath(c, "thumbnailProgress"), num(p))
        return self.clipact(c, A(self.at("Clip"), "thumbnailProgress", Raw(repr(p))))

    # reason: the one completion per imported clip of the thumbnail job the import started
    @signal
    def thumbs_done(self, c, n):
        if c not in self.clip_ids:
            return None
        self.set(self.cpath(c, "thumbnailProgress"), num(1.0))
        self.set(self.cpath(c, "thumbnails"), num(n))
        return self.clipact(c, A(self.at("Clip"), "thumbnailsResponse", self.result("[CGImage]", True, Struct(
            "ThumbnailStrip", [("count", Raw(str(n))), ("height", Raw("56.0"))]))))

    # -- timeline gestures
    @signal
    def long_pressed(self, c):
        self.set(("timeline", "draggingClipID"), self.uuid_value(c))
        return self.tl(A(self.at("Timeline"), "clipLongPressed", id=self.uuid_arg(c)))

    @noise
    def drag_changed(self, x):
        x = round(x, 1)
        self.set(("timeline", "dragX"), num(x))
        return self.tl(A(self.at("Timeline"), "clipDragChanged", x=_f(x)))

    @signal
    def dropped(self, c, to):
        self.set(("timeline", "draggingClipID"), NIL)
        self.set(("timeline", "dragX"), NIL)
        action = self.tl(A(self.at("Timeline"), "clipDropped", index=Raw(str(to))))
        if self.idx(c) != to:
            self.begin_edit()
            clips = list(self.get(("project", "clips")).items)
            i = self.idx(c)
            item = clips.pop(i)
            clips.insert(to, item)
            self.clip_ids.pop(i)
            self.clip_ids.insert(to, c)
            self.set(("project", "clips"), Arr(clips))
            self.end_edit()
        return action

    # reason: the start and end of a gesture the person makes bracket its stream (scrub, trim, volume)
    @signal
    def scrub_started(self):
        self.set(("timeline", "isScrubbing"), boolean(True))
        return self.tl(A(self.at("Timeline"), "scrubStarted"))

    @noise
    def scrubbed(self, t):
        self.set(("timeline", "playhead"), num(t))
        return self.tl(A(self.at("Timeline"), "playheadScrubbed", to=Raw(repr(t))))

    @signal
    def scrub_ended(self):
        self.set(("timeline", "isScrubbing"), boolean(False))
        return self.tl(A(self.at("Timeline"), "scrubEnded"))

    @noise
    def zoomed(self, z):
        self.set(("timeline", "zoom"), num(z))
        return self.tl(A(self.at("Timeline"), "magnificationChanged", Raw(repr(z))))

    @noise
    def scrolled(self, x):
        self.set(("timeline", "scrollOffset"), num(x))
        return self.tl(A(self.at("Timeline"), "scrollOffsetChanged", Raw(repr(x))))

    # -- playback
    @signal
    def play_tapped(self):
        self.playing = True
        self.set(("timeline", "isPlaying"), boolean(True))
        if float(self.get(("timeline", "playhead")).cd) >= self.total() - 0.05:
            self.set(("timeline", "playhead"), num(0.0))
        return self.tl(A(self.at("Timeline"), "playButtonTapped"))

    @signal
    def pause_tapped(self):
        self.playing = False
        self.set(("timeline", "isPlaying"), boolean(False))
        return self.tl(A(self.at("Timeline"), "pauseButtonTapped"))

    @noise
    def time_observed(self, t):
        self.set(("timeline", "playhead"), num(t))
        return self.act("player", A(self.at("Player"), "timeObserved", Raw(repr(t))))

    @signal
    def played_to_end(self):
        self.playing = False
        self.set(("timeline", "isPlaying"), boolean(False))
        return self.act("player", A(self.at("Player"), "didPlayToEnd"))

    # -- trim
    @noise
    def trim_dragged(self, c, edge, t):
        self.set(self.cpath(c, "trimStart" if edge == "leading" else "trimEnd"), num(t))
        return self.clipact(c, A(self.at("Clip"), "trimHandleDragged", edge=Raw("." + edge), time=Raw(repr(t))))

    @signal
    def trim_started(self, c, edge):
        self.begin_edit()
        return self.clipact(c, A(self.at("Clip"), "trimStarted", edge=Raw("." + edge)))

    @signal
    def trim_ended(self, c, edge):
        self.update_duration()
        self.end_edit()
        return self.clipact(c, A(self.at("Clip"), "trimEnded", edge=Raw("." + edge)))

    # -- undo, redo
    @signal
    def undo_tapped(self):
        if self.undo_stack:
            project, ids = self.undo_stack.pop()
            self.redo_stack.append((_copy(self.state.f["project"]), list(self.clip_ids)))
            self.clip_ids = ids
            self.set(("project",), project)
            self.set(("history", "undoCount"), num(len(self.undo_stack)))
            self.set(("history", "redoCount"), num(len(self.redo_stack)))
            self.end_edit()
        return self.act("undoButtonTapped")

    @signal
    def redo_tapped(self):
        if self.redo_stack:
            project, ids = self.redo_stack.pop()
            self.undo_stack.append((_copy(self.state.f["project"]), list(self.clip_ids)))
            self.clip_ids = ids
            self.set(("project",), project)
            self.set(("history", "undoCount"), num(len(self.undo_stack)))
            self.set(("history", "redoCount"), num(len(self.redo_stack)))
            self.end_edit()
        return self.act("redoButtonTapped")

    # -- autosave
    # reason: a debounce 3 s after the last edit: bookkeeping the edit already explains
    @noise
    def autosave_fired(self):
        self.set(("autosave", "isSaving"), boolean(True))
        return self.act("autosave", A(self.at("Autosave"), "debounceElapsed"))

    # reason: the background save's answer; it undoes isDirty after a fixed delay (an echo of the edit)
    @noise
    def autosave_saved(self):
        rev = int(self.get(("autosave", "revision")).cd) + 1
        self.set(("autosave", "isSaving"), boolean(False))
        self.set(("autosave", "isDirty"), boolean(False))
        self.set(("autosave", "lastSavedAt"), self.date())
        self.set(("autosave", "revision"), num(rev))
        return self.act("autosave", A(self.at("Autosave"), "saveResponse", self.result("SaveReceipt", True, Struct(
            "SaveReceipt", [("revision", Raw(str(rev))), ("bytes", Raw(str(self.rng.randint(18000, 64000))))]))))

    # -- title
    @signal
    def title_tapped(self):
        cur = self.state.f["project"].f["title"]
        self.set(("titleEditor",), St(self.st("TitleEditor"), [
            ("text", text(cur.f["text"].df if cur is not NIL else "")), ("style", self.case("bold", "TitleStyle")),
            ("color", self.case("white", "TitleColor"))]))
        return self.act("addTitleButtonTapped")

    # reason: the title field's binding, a keystroke each
    @either
    def title_typed(self, value):
        self.set(("titleEditor", "text"), text(value))
        return self.act("titleEditor", self.presented("TitleEditor", self.binding("TitleEditor", "text", q(value))))

    @signal
    def title_choice(self, field, value):
        self.set(("titleEditor", field), self.case(value, "TitleStyle" if field == "style" else "TitleColor"))
        return self.act("titleEditor", self.presented("TitleEditor", self.binding("TitleEditor", field, Raw("." + value))))

    @signal
    def title_done(self):
        ed = self.state.f["titleEditor"]
        self.begin_edit()
        self.set(("project", "title"), St("TitleOverlay", [("text", ed.f["text"]), ("style", ed.f["style"]),
                                                           ("color", ed.f["color"]), ("start", num(0.0)),
                                                           ("duration", num(3.0))]))
        if self.get(("project", "name")).df == "Untitled Project":
            self.set(("project", "name"), ed.f["text"])
        action = self.act("titleEditor", self.presented("TitleEditor", A(self.at("TitleEditor"), "doneButtonTapped")))
        self.set(("titleEditor",), NIL)
        self.end_edit()
        self.has_title = True
        return action

    # -- music
    @signal
    def music_tapped(self):
        self.set(("musicPicker",), St(self.st("MusicPicker"), [("selectedTrackID", NIL), ("isPreviewing", boolean(False))]))
        return self.act("addMusicButtonTapped")

    @signal
    def track_tapped(self, tid):
        self.set(("musicPicker", "selectedTrackID"), text(tid))
        self.set(("musicPicker", "isPreviewing"), boolean(True))
        return self.act("musicPicker", self.presented("MusicPicker", A(self.at("MusicPicker"), "trackTapped", id=q(tid))))

    @signal
    def use_track(self, tid, title):
        action = self.act("musicPicker", self.presented("MusicPicker", A(self.at("MusicPicker"), "useTrackButtonTapped")))
        self.set(("musicPicker",), NIL)
        self.begin_edit()
        self.set(("project", "music"), St(self.st("Music"), [("trackID", text(tid)), ("title", text(title)),
                                                             ("volume", num(0.8)), ("fadeOut", boolean(True)),
                                                             ("waveform", NIL)]))
        self.end_edit()
        self.has_music = True
        return action

    # reason: the response to the track the person chose, once per choice
    @signal
    def waveform_loaded(self, samples, peak):
        if self.state.f["project"].f["music"] is NIL:
            return None
        self.set(("project", "music", "waveform"), St("Waveform", [("samples", num(samples)), ("peak", num(peak))]))
        return self.act("music", A(self.at("Music"), "waveformResponse", self.result("Waveform", True, Struct(
            "Waveform", [("samples", Raw(str(samples))), ("peak", Raw(repr(peak)))]))))

    @noise
    def volume_dragged(self, v):
        self.set(("project", "music", "volume"), num(v))
        return self.act("music", self.binding("Music", "volume", Raw(repr(v))))

    @signal
    def fade_toggled(self, on):
        self.begin_edit()
        self.set(("project", "music", "fadeOut"), boolean(on))
        self.end_edit()
        return self.act("music", self.binding("Music", "fadeOut", _flag(on)))

    @signal
    def volume_ended(self):
        self.end_edit()
        return self.act("music", A(self.at("Music"), "volumeEditingEnded"))

    @signal
    def volume_started(self):
        self.begin_edit()
        return self.act("music", A(self.at("Music"), "volumeEditingBegan"))

    # -- export and share
    @signal
    def export_tapped(self):
        self.set(("export",), St(self.st("Export"), [("resolution", self.case("hd1080", "Export.Resolution")),
                                                      ("status", self.case("idle", "Export.Status")),
                                                      ("progress", num(0.0))]))
        return self.act("exportButtonTapped")

    @signal
    def export_resolution(self, r):
        self.set(("export", "resolution"), self.case(r, "Export.Resolution"))
        return self.act("export", self.presented("Export", self.binding("Export", "resolution", Raw("." + r))))

    @signal
    def export_start(self):
        self.set(("export", "status"), self.case("rendering", "Export.Status"))
        return self.act("export", self.presented("Export", A(self.at("Export"), "startButtonTapped")))

    @noise
    def render_progress(self, p):
        self.set(("export", "progress"), num(p))
        return self.act("export", self.presented("Export", A(self.at("Export"), "renderProgress", Raw(repr(p)))))

    @signal
    def render_done(self, ok):
        if ok:
            self.set(("export", "status"), self.case("finished", "Export.Status"))
            self.set(("export", "progress"), num(1.0))
            name = self.get(("project", "name")).df.replace(" ", "_")
            payload = Raw('URL(file:///private/var/mobile/Containers/Data/Application/tmp/%s.mp4)' % name)
        else:
            self.set(("export", "status"), self.case("failed", "Export.Status"))
            payload = Struct("AVError", [("code", Raw("-11847")), ("message", q("Operation Interrupted"))])
        return self.act("export", self.presented("Export", A(self.at("Export"), "renderFinished", self.result("URL", ok, payload))))

    @signal
    def export_retry(self):
        self.set(("export", "status"), self.case("rendering", "Export.Status"))
        self.set(("export", "progress"), num(0.0))
        return self.act("export", self.presented("Export", A(self.at("Export"), "retryButtonTapped")))

    @signal
    def export_delegate(self):
        action = self.act("export", self.presented("Export", A(self.at("Export"), "delegate", A(
            self.at("Export.Delegate"), "share"))))
        self.set(("export",), NIL)
        self.set(("shareSheet",), St(self.st("ShareSheet"), [("items", num(1))]))
        return action

    @signal
    def share_done(self, activity):
        self.set(("shareSheet",), NIL)
        self.exported = True
        return self.act("shareSheet", self.presented("ShareSheet", A(self.at("ShareSheet"), "completed", activity=q(activity))))

    @signal
    def share_cancelled(self):
        self.set(("shareSheet",), NIL)
        self.exported = True
        return self.act("shareSheet", self.dismissed("ShareSheet"))

    @signal
    def scene_phase(self, phase):
        self.set(("scenePhase",), self.case(phase, "ScenePhase"))
        return self.act("scenePhaseChanged", A("ScenePhase", phase))

    # -- processes
    def processes(self):
        return [self.person()]

    def new_asset(self):
        self.asset_n += self.rng.randint(1, 40)
        return (self.uid(), "IMG_%04d" % self.asset_n)

    def load_clip(self, c, delay):
        rng = self.rng
        yield delay
        self.emit(self.asset_loaded, c, round(rng.uniform(3.0, 28.0), 2))
        n = rng.randint(12, 30)
        k = 0
        while k < n:                          # AVAssetImageGenerator, one frame after another
            yield rng.uniform(0.06, 0.18)
            k += 1
            if k < n:
                self.emit(self.thumb_progress, c, round(k / n, 3))
        yield rng.uniform(0.02, 0.1)
        self.emit(self.thumbs_done, c, n)

    def do_import(self):
        rng = self.rng
        self.emit(self.import_tapped)
        yield rng.uniform(5.0, 25.0)
        if rng.random() < 0.08:
            self.emit(self.picker_cancelled)
            return
        ids = [self.new_asset() for _ in range(rng.randint(2, 6))]
        self.emit(self.picked, ids)
        for j, (c, _) in enumerate(ids):      # two at a time
            self.spawn(self.load_clip(c, rng.uniform(0.1, 0.5) + (j // 2) * rng.uniform(2.5, 4.5)))
        yield rng.uniform(3.0, 8.0)
        self.end_edit()

    def play(self):
        rng = self.rng
        self.emit(self.play_tapped)
        total = self.total()
        t = float(self.get(("timeline", "playhead")).cd)
        want = rng.choice([rng.uniform(3, 12), rng.uniform(8, 30), total if total < 60 else rng.uniform(5, 20)])
        stop_at = self.now + want
        yield rng.uniform(0.05, 0.15)             # the player starts
        start_t, start_now = t, self.now
        while self.playing:
            yield max(0.005, rng.gauss(1 / 30.0, 0.0015))
            if not self.playing:
                return
            t = round(start_t + (self.now - start_now), 3)
            if t >= total:
                self.emit(self.time_observed, total)
                self.emit(self.played_to_end)
                return
            self.emit(self.time_observed, t)
            if self.now >= stop_at:
                yield rng.uniform(0.0, 0.03)
                self.emit(self.pause_tapped)
                return

    def scrub(self):
        rng = self.rng
        total = self.total()
        t0 = float(self.get(("timeline", "playhead")).cd)
        self.emit(self.scrub_started)
        for _ in range(rng.randint(1, 3)):
            goal = rng.uniform(0, total)
            hz = rng.uniform(55, 60)
            n = max(5, int(hz * rng.uniform(0.4, 2.2)))
            for i in range(n):
                yield max(0.002, rng.gauss(1.0, 0.05)) / hz
                f = (i + 1) / n
                self.emit(self.scrubbed, round(min(total, max(0.0, t0 + (goal - t0) * f * f * (3 - 2 * f)
                                                              + rng.uniform(-0.02, 0.02))), 3))
            t0 = goal
            yield rng.uniform(0.2, 1.2)
        self.emit(self.scrub_ended)

    def reorder(self):
        rng = self.rng
        if len(self.clip_ids) < 2:
            return
        c = rng.choice(self.clip_ids)
        to = rng.randrange(len(self.clip_ids))
        self.emit(self.long_pressed, c)
        x0 = 40.0 + 90.0 * self.idx(c)
        x1 = 40.0 + 90.0 * to
        hz = 60.0
        n = max(8, int(hz * rng.uniform(0.5, 2.0)))
        yield from self.gesture(self.drag_changed, hz=hz, duration=n / hz, args=lambda i: (
            x0 + (x1 - x0) * (i + 1) / n + rng.uniform(-2, 2),))
        yield rng.uniform(0.02, 0.1)
        self.emit(self.dropped, c, to)

    def trim(self):
        rng = self.rng
        ready = [c for c in self.clip_ids if c in self.durations]
        if not ready:
            return
        c = rng.choice(ready)
        edge = rng.choice(["leading", "trailing"])
        st = self.get(self.cpath(c))
        a, b = float(st.f["trimStart"].cd), float(st.f["trimEnd"].cd)
        self.emit(self.trim_started, c, edge)
        if edge == "leading":
            start = a
            goal = a + rng.uniform(0.4, 3.0) if a < 0.4 or rng.random() < 0.7 else max(0.0, a - rng.uniform(0.4, 2.0))
            goal = min(goal, b - 0.5)
        else:
            start = b
            room = self.durations[c] - b
            goal = b - rng.uniform(0.4, 3.0) if room < 0.4 or rng.random() < 0.7 else b + rng.uniform(0.4, room)
            goal = max(goal, a + 0.5)
        if abs(goal - start) < 0.3:
            goal = start + (0.3 if edge == "leading" else -0.3)
        hz = 60.0
        n = max(6, int(hz * rng.uniform(0.4, 1.8)))
        yield from self.gesture(self.trim_dragged, hz=hz, duration=n / hz, args=lambda i: (
            c, edge, round(start + (goal - start) * (i + 1) / n + rng.uniform(-0.004, 0.004), 3)))
        yield rng.uniform(0.02, 0.1)
        self.emit(self.trim_ended, c, edge)

    def pinch(self):
        rng = self.rng
        z0 = float(self.get(("timeline", "zoom")).cd)
        z1 = round(z0 * rng.uniform(1.2, 2.5) if z0 < 1.5 or (z0 < 4.0 and rng.random() < 0.5) else z0 / rng.uniform(1.2, 2.5), 3)
        n = max(6, int(60 * rng.uniform(0.3, 1.2)))
        yield from self.gesture(self.zoomed, hz=60.0, duration=n / 60.0, args=lambda i: (
            round(z0 + (z1 - z0) * (i + 1) / n, 3),))

    def scroll(self):
        rng = self.rng
        x = float(self.get(("timeline", "scrollOffset")).cd)
        width = max(400.0, 90.0 * len(self.clip_ids) * float(self.get(("timeline", "zoom")).cd))
        v = rng.uniform(8, 30) * (1 if x < width / 2 else -1)
        n = max(10, int(60 * rng.uniform(0.4, 1.5)))

        for i in range(n):                     # a fling decelerates, and stops at an edge
            yield max(0.002, rng.gauss(1.0, 0.05)) / 60.0
            nx = round(min(width, max(0.0, x + v)), 1)
            if nx == x:
                return
            x = nx
            v *= 0.95
            self.emit(self.scrolled, x)

    def add_title(self):
        rng = self.rng
        self.emit(self.title_tapped)
        yield rng.uniform(1.0, 3.0)
        word = rng.choice(TITLES)
        cur = self.get(("titleEditor", "text")).df
        if cur:
            for k in range(len(cur) - 1, -1, -1):
                yield rng.uniform(0.05, 0.12)
                self.emit(self.title_typed, cur[:k])
        yield from self.keystrokes(self.title_typed, word)
        yield rng.uniform(1.0, 3.0)
        if rng.random() < 0.6:
            self.emit(self.title_choice, "style", rng.choice(["serif", "handwritten", "outline"]))
            yield rng.uniform(1.0, 3.0)
        if rng.random() < 0.5:
            self.emit(self.title_choice, "color", rng.choice(["yellow", "black", "pink"]))
            yield rng.uniform(1.0, 3.0)
        self.emit(self.title_done)

    def add_music(self):
        rng = self.rng
        self.emit(self.music_tapped)
        tracks = rng.sample(TRACKS, rng.randint(1, 4))
        for tid, _, _ in tracks:
            yield rng.uniform(2.0, 7.0)
            self.emit(self.track_tapped, tid)
            yield rng.uniform(3.0, 12.0)               # listens to the preview
        tid, title, _ = tracks[-1]
        self.emit(self.use_track, tid, title)
        yield rng.uniform(0.4, 1.8)
        self.emit(self.waveform_loaded, rng.choice([1024, 2048, 4096]), round(rng.uniform(0.7, 0.99), 2))

    def volume(self):
        rng = self.rng
        v0 = float(self.get(("project", "music", "volume")).cd)
        v1 = round(rng.uniform(0.2, 1.0), 2)
        if abs(v1 - v0) < 0.1:
            v1 = round(v0 - 0.25 if v0 > 0.5 else v0 + 0.25, 2)
        self.emit(self.volume_started)
        n = max(6, int(60 * rng.uniform(0.4, 1.5)))
        yield from self.gesture(self.volume_dragged, hz=60.0, duration=n / 60.0, args=lambda i: (
            round(v0 + (v1 - v0) * (i + 1) / n, 3),))
        self.emit(self.volume_ended)

    def export(self):
        rng = self.rng
        self.emit(self.export_tapped)
        yield rng.uniform(1.5, 5.0)
        res = "hd1080"
        if rng.random() < 0.5:
            res = rng.choice(["hd720", "uhd4K"])
            self.emit(self.export_resolution, res)
            yield rng.uniform(1.0, 3.0)
        self.emit(self.export_start)
        speed = {"hd720": 6.0, "hd1080": 4.0, "uhd4K": 1.6}[res] * rng.uniform(0.8, 1.2)   # x real time
        length = max(5.0, self.total())
        fail = rng.random() < 0.15
        while True:
            p = 0.0
            while p < 1.0:
                yield rng.gauss(0.1, 0.004)            # the session's progress, polled 10 times a second
                p = min(1.0, p + 0.1 * speed / length * rng.uniform(0.7, 1.3))
                if fail and p > 0.4:
                    break
                if p < 1.0:
                    self.emit(self.render_progress, round(p, 4))
            yield rng.uniform(0.1, 0.4)
            if fail and p < 1.0:
                self.emit(self.render_done, False)
                fail = False
                yield rng.uniform(2.0, 6.0)
                self.emit(self.export_retry)
                continue
            self.emit(self.render_done, True)
            break
        yield rng.uniform(0.3, 0.8)
        self.emit(self.export_delegate)
        yield rng.uniform(3.0, 12.0)
        if rng.random() < 0.8:
            self.emit(self.share_done, rng.choice(["com.apple.UIKit.activity.SaveToCameraRoll",
                                                   "net.whatsapp.WhatsApp.ShareExtension",
                                                   "com.apple.UIKit.activity.AirDrop"]))
        else:
            self.emit(self.share_cancelled)

    def person(self):
        rng = self.rng
        yield rng.uniform(0.3, 1.0)
        self.emit(self.task)
        yield rng.uniform(2.0, 5.0)
        while not self.clip_ids:
            yield from self.do_import()
            yield rng.uniform(2.0, 5.0)
        think = self.think((1.2, 4.0), (6.0, 20.0), (60, 180), (20, 70))
        export_after = rng.uniform(330, 560)
        title_at = rng.uniform(60, 420)
        music_at = rng.uniform(60, 420)
        while True:
            yield next(think)
            r = rng.random()
            if not self.has_title and self.now > title_at and r < 0.5:
                yield from self.add_title()
                continue
            if not self.has_music and self.now > music_at and r < 0.5:
                yield from self.add_music()
                continue
            if self.now > export_after and not self.exported and r < 0.3:
                if not self.playing:
                    yield from self.export()
                continue
            if r < 0.22:
                yield from self.play()
            elif r < 0.40:
                yield from self.scrub()
            elif r < 0.50:
                yield from self.reorder()
            elif r < 0.62:
                yield from self.trim()
            elif r < 0.69:
                yield from (self.pinch() if rng.random() < 0.5 else self.scroll())
            elif r < 0.75:
                self.emit(self.undo_tapped)
                if rng.random() < 0.4:
                    yield rng.uniform(0.8, 3.0)
                    self.emit(self.redo_tapped)
            elif r < 0.79 and (not self.has_title or rng.random() < 0.2):
                yield from self.add_title()
            elif r < 0.83 and self.state.f["project"].f["music"] is NIL:
                yield from self.add_music()
            elif r < 0.87 and self.state.f["project"].f["music"] is not NIL:
                if rng.random() < 0.8:
                    yield from self.volume()
                else:
                    self.emit(self.fade_toggled, self.get(("project", "music", "fadeOut")).cd != "true")
            elif r < 0.91 and len(self.clip_ids) < 14:
                yield from self.do_import()
            elif r < 0.93:
                self.active = False
                self.emit(self.scene_phase, "background")
                yield rng.uniform(10.0, 60.0)
                self.active = True
                self.emit(self.scene_phase, "active")


APPS = {"tickets": Tickets, "printer": Printer, "videoeditor": VideoEditor}
