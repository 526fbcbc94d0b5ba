"""author-v: three simulated TCA apps for tcasim.py (betting, babymonitor, bikecomputer).

betting: a live sports betting app: odds for every market of the live events are pushed by the server per
market at irregular times (suspended/resumed too), live scores and match clocks update, the user browses
events, adds selections to a bet slip, types stakes (text binding with validation), places bets (server
acceptance, sometimes with changed odds to accept), cash-out offers update per open bet, the balance is
refreshed, a keep-alive ping, push notifications of goals, a search for teams.

babymonitor: a baby monitor app paired with a camera in the nursery: audio levels stream continuously while
the monitor is on, room temperature and humidity are reported every minute, a cry detector pushes events,
motion is detected now and then, the video stream reconnects when the network drops (retries with
backoff), the parent talks back (hold to talk), plays a lullaby with a volume slider, logs feedings and
naps (forms with time pickers), a night-light toggle, the sleep history chart loads, the battery of the
parent device is monitored.

bikecomputer: a cycling computer app connected to Bluetooth sensors: heart rate, cadence, speed and power
arrive each second from sensors while riding, GPS location each second, the ride timer ticks, auto-pause
when stopped and resume when moving, the user presses lap, changes data screens by swiping, the route
navigation gives turn instructions as the rider approaches them, climbs are detected and their progress
shown, sensors disconnect and reconnect, the ride is saved and uploaded at the end with progress.
"""

import math

import tcasim
from tcasim import (App, A, Struct, Raw, q, noise, signal, either, V, St, Arr, Dic, En, NIL, num, text, boolean)

AUTHOR = "author-v"


def R(x, nd=2):
    """A Double literal in an action, as Swift prints it."""
    return Raw(repr(round(float(x), nd)))


def I(x):
    return Raw(str(int(x)))


class Base(App):
    def idx(self, path, key, value):
        """Index of the element of the Arr at path whose field `key` has the dump `value`."""
        arr = self.get(path)
        for i, item in enumerate(arr.items):
            if item.f[key].cd == value:
                return i
        return None

    def stack_push(self, n, case, st, action_struct):
        self.put(("path",), n, En(self.st("Path"), case, st))
        return self.act("path", A("StackAction<%s, %s>" % (self.st("Path"), self.at("Path")), "push",
                                  id=Raw("#%d" % n), state=A(self.st("Path"), case, action_struct)))

    def stack_pop(self, n):
        self.delete(("path",), n)
        return self.act("path", A("StackAction<%s, %s>" % (self.st("Path"), self.at("Path")), "popFrom",
                                  id=Raw("#%d" % n)))

    def stack_el(self, n, case, inner):
        return self.act("path", A("StackAction<%s, %s>" % (self.st("Path"), self.at("Path")), "element",
                                  id=Raw("#%d" % n), action=A(self.at("Path"), case, inner)))

    def presented(self, case, inner):
        return self.act("destination", A("PresentationAction<%s>" % self.at("Destination"), "presented",
                                         A(self.at("Destination"), case, inner)))

    def dismissed(self):
        return self.act("destination", A("PresentationAction<%s>" % self.at("Destination"), "dismiss"))


# ===================================================================================== betting

TEAMS = [("Arsenal", "Brighton"), ("Leverkusen", "Mainz 05"), ("Napoli", "Torino"), ("Sevilla", "Getafe"),
         ("Feyenoord", "AZ Alkmaar"), ("Benfica", "Braga")]
SEARCH_TEAMS = {"Ars": ["Arsenal", "Arsenal Tula", "Arsenal Sarandi"], "Nap": ["Napoli", "Napoli Women"],
                "Bra": ["Braga", "Bradford City", "Bragantino"], "Fey": ["Feyenoord"]}
MARKETS = [("Match Result", ["1", "X", "2"], 8.0), ("Total Goals 2.5", ["Over", "Under"], 12.0),
           ("Next Goal", ["Home", "No Goal", "Away"], 6.0), ("Both Teams To Score", ["Yes", "No"], 18.0)]


class Betting(Base):
    name = "betting"
    module = "LiveBet"
    process = "LiveBet"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        super().__init__(session)
        r = self.rng
        self.events = []
        events = []
        for k, (h, a) in enumerate(TEAMS):
            eid = 48172310 + 97 * k + r.randrange(90)
            minute = r.randrange(3, 80)
            ev = {"id": eid, "home": h, "away": a, "hs": r.choice([0, 0, 1, 1, 2]), "as": r.choice([0, 0, 1]),
                  "sec": minute * 60 + r.randrange(60), "ht": k == 5, "markets": [], "suspended": False}
            for j, (mname, sels, mean) in enumerate(MARKETS):
                mid = eid * 10 + j
                odds = [round(r.uniform(1.3, 6.0), 2) for _ in sels]
                ev["markets"].append({"id": mid, "name": mname, "sels": sels, "odds": odds, "mean": mean})
            self.events.append(ev)
            events.append(St(self.st("LiveEvent"), [
                ("id", num(eid)), ("homeTeam", text(h)), ("awayTeam", text(a)),
                ("score", St("Score", [("home", num(ev["hs"])), ("away", num(ev["as"]))])),
                ("clock", text("HT" if ev["ht"] else "%d'" % (minute + 1))),
                ("stats", St("EventStats", [("possession", num(50)), ("shotsOnTarget", num(r.randrange(6))),
                                            ("corners", num(r.randrange(8))), ("dangerousAttacks", num(r.randrange(10, 40)))])),
                ("markets", Arr([St(self.st("Market"), [
                    ("id", num(m["id"])), ("name", text(m["name"])), ("status", self.case("open", "MarketStatus")),
                    ("selections", Arr([St("Selection", [("id", num(m["id"] * 10 + i)), ("name", text(s)),
                                                          ("odds", num(m["odds"][i], 2))]) for i, s in enumerate(m["sels"])]))])
                    for m in ev["markets"]]))]))
        self.balance = 184.35
        self.bets = []   # open bets: dict id, eid, mid, sel, stake, odds
        bets = []
        for k in range(2):
            ev = self.events[k * 2]
            m = ev["markets"][0]
            b = {"id": self.uid(), "eid": ev["id"], "mid": m["id"], "si": 0, "stake": [10.0, 5.0][k], "odds": m["odds"][0]}
            self.bets.append(b)
            bets.append(self.bet_state(b))
        self.state = St(self.st("AppFeature"), [
            ("selectedTab", self.case("live", "Tab")),
            ("live", St(self.st("LiveFeature"), [("events", Arr(events)), ("isRefreshing", boolean(False))])),
            ("betSlip", St(self.st("BetSlip"), [("selections", Arr([])), ("stakeText", text("")), ("stakeError", NIL),
                                                 ("potentialReturn", num(0.0, 2)), ("acceptOddsChanges", boolean(False)),
                                                 ("isPlacing", boolean(False))])),
            ("myBets", St(self.st("MyBets"), [("openBets", Arr(bets)), ("settledCount", num(14))])),
            ("wallet", St(self.st("Wallet"), [("balance", num(self.balance, 2)), ("currency", text("EUR")),
                                               ("lastRefreshed", self.date(0))])),
            ("socket", St(self.st("LiveSocket"), [("status", self.case("connected", "ConnectionStatus")),
                                                   ("latencyMs", num(72)), ("lastPong", self.date(0))])),
            ("path", Dic({}, ordered=True, quoted=False, key="#%s")),
            ("destination", NIL),
        ])
        self.slip = []     # selections in the slip: (eid, mid, si)
        self.stack_n = 0
        self.detail = None   # (stack id, eid) of the open event detail
        self.team_page = None
        self.socket_up = True
        self.pending_alert = None

    def bet_state(self, b):
        ev = self.ev(b["eid"])
        m = [m for m in ev["markets"] if m["id"] == b["mid"]][0]
        return St(self.st("OpenBet"), [
            ("id", self.uuid_value(b["id"])),
            ("title", text("%s v %s: %s" % (ev["home"], ev["away"], m["sels"][b["si"]]))),
            ("stake", num(b["stake"], 2)), ("odds", num(b["odds"], 2)),
            ("cashOutOffer", num(round(b["stake"] * b["odds"] / m["odds"][b["si"]] * 0.95, 2), 2)),
            ("isCashingOut", boolean(False))])

    # -- helpers
    def ev(self, eid):
        return [e for e in self.events if e["id"] == eid][0]

    def ei(self, eid):
        return [i for i, e in enumerate(self.events) if e["id"] == eid][0]

    def ev_path(self, eid):
        return ("live", "events", ("i", self.ei(eid)))

    def ev_el(self, eid, inner):
        return self.act("live", A(self.at("LiveFeature"), "event", self.element("LiveEvent", I(eid), inner)))

    def bet_el(self, bid, inner):
        return self.act("myBets", A(self.at("MyBets"), "openBet", self.element("OpenBet", Raw("UUID(%s)" % bid), inner)))

    def detail_action(self, inner):
        return self.stack_el(self.detail[0], "eventDetail", A(self.at("EventDetail"), *inner) if isinstance(inner, tuple) else inner)

    # -- the live feed (server)
    @noise
    def odds_pushed(self, eid, mi):
        # reason: the server re-prices each market at its own irregular pace; a measurement nudged, not an event
        ev = self.ev(eid)
        m = ev["markets"][mi]
        if self.rng.random() > 0.15:
            for i in self.rng.sample(range(len(m["odds"])), self.rng.randint(1, len(m["odds"]))):
                m["odds"][i] = max(1.01, round(m["odds"][i] * self.rng.uniform(0.94, 1.06), 2))
        base = self.ev_path(eid) + ("markets", ("i", mi), "selections")
        for i, o in enumerate(m["odds"]):
            self.set(base + (("i", i), "odds"), num(o, 2))
        return self.ev_el(eid, A(self.at("LiveEvent"), "oddsUpdated", Struct("MarketPrices", [
            ("marketID", I(m["id"])), ("prices", Raw("[%s]" % ", ".join(repr(o) for o in m["odds"])))])))

    @either
    def market_suspended(self, eid, mi):
        # reason: a status change pushed by the trader's feed (event-like), but it keeps coming per market
        # whatever the person does and is undone by marketResumed: debatable
        m = self.ev(eid)["markets"][mi]
        self.set(self.ev_path(eid) + ("markets", ("i", mi), "status"), self.case("suspended", "MarketStatus"))
        return self.ev_el(eid, A(self.at("LiveEvent"), "marketSuspended", marketID=I(m["id"])))

    @either
    def market_resumed(self, eid, mi):
        # reason: as marketSuspended: the feed's status change, undone/redone by the machine
        m = self.ev(eid)["markets"][mi]
        self.set(self.ev_path(eid) + ("markets", ("i", mi), "status"), self.case("open", "MarketStatus"))
        return self.ev_el(eid, A(self.at("LiveEvent"), "marketResumed", marketID=I(m["id"])))

    @signal
    def score_changed(self, eid):
        ev = self.ev(eid)
        self.set(self.ev_path(eid) + ("score",), St("Score", [("home", num(ev["hs"])), ("away", num(ev["as"]))]))
        return self.ev_el(eid, A(self.at("LiveEvent"), "scoreChanged", Struct("Score", [("home", I(ev["hs"])), ("away", I(ev["as"]))])))

    @noise
    def stats_updated(self, eid):
        # reason: a per-event periodic stats feed, nudging counters
        r = self.rng
        p = self.ev_path(eid) + ("stats",)
        poss = max(30, min(70, int(self.get(p + ("possession",)).cd) + r.choice([-1, 0, 0, 1])))
        vals = [("possession", poss), ("shotsOnTarget", int(self.get(p + ("shotsOnTarget",)).cd) + (r.random() < 0.1)),
                ("corners", int(self.get(p + ("corners",)).cd) + (r.random() < 0.12)),
                ("dangerousAttacks", int(self.get(p + ("dangerousAttacks",)).cd) + (r.random() < 0.5))]
        for k, v in vals:
            self.set(p + (k,), num(v))
        return self.ev_el(eid, A(self.at("LiveEvent"), "statsUpdated", Struct("EventStats", [(k, I(v)) for k, v in vals])))

    @noise
    def clock_ticked(self):
        # reason: a 1 s match-clock timer; the minutes shown change once a minute per event, most ticks are no-ops
        for ev in self.events:
            if not ev["ht"]:
                ev["sec"] += 1
                self.set(self.ev_path(ev["id"]) + ("clock",), text("%d'" % (ev["sec"] // 60 + 1)))
        return self.act("live", A(self.at("LiveFeature"), "matchClockTicked"))

    @noise
    def ping_sent(self):
        # reason: keep-alive every 25 s, no payload, no change
        if not self.socket_up:
            return None
        ms = int(self.rng.lognormvariate(math.log(80), 0.35))
        self.after(ms / 1000.0, self.pong, ms)
        return self.act("socket", A(self.at("LiveSocket"), "pingTimerFired"))

    @noise
    def pong(self, ms):
        # reason: the keep-alive's answer: a latency measurement and a time stamp
        self.set(("socket", "latencyMs"), num(ms))
        self.set(("socket", "lastPong"), self.date())
        return self.act("socket", A(self.at("LiveSocket"), "pongReceived", latencyMs=I(ms)))

    @signal
    def socket_state(self, status):
        self.set(("socket", "status"), self.case(status, "ConnectionStatus"))
        return self.act("socket", A(self.at("LiveSocket"), "connectionStateChanged", A("ConnectionStatus", status)))

    @signal
    def snapshot_response(self):
        # reason: the full snapshot after a reconnect or a pull to refresh: rare, resets the list
        self.set(("live", "isRefreshing"), boolean(False))
        for ev in self.events:
            self.set(self.ev_path(ev["id"]) + ("clock",), text("HT" if ev["ht"] else "%d'" % (ev["sec"] // 60 + 1)))
        return self.act("live", A(self.at("LiveFeature"), "snapshotResponse",
                                  self.result("LiveSnapshot", True, Struct("LiveSnapshot", [
                                      ("events", Raw("[%d events]" % len(self.events))), ("sequence", I(88412 + int(self.now)))]))))

    @noise
    def balance_tick(self):
        # reason: a 60 s refresh timer
        self.after(self.rng.uniform(0.2, 0.7), self.balance_response)
        return self.act("wallet", A(self.at("Wallet"), "refreshTimerFired"))

    @noise
    def balance_response(self):
        # reason: the answer to the 60 s timer; it changes only after bets and cash-outs, already logged
        self.set(("wallet", "balance"), num(self.balance, 2))
        self.set(("wallet", "lastRefreshed"), self.date())
        return self.act("wallet", A(self.at("Wallet"), "balanceResponse", self.result("Balance", True, Struct("Balance", [
            ("available", R(self.balance)), ("currency", q("EUR"))]))))

    @noise
    def cash_out_offer(self, bid):
        # reason: the offer is re-priced after each odds push of the bet's market: an echo of noise
        b = [b for b in self.bets if b["id"] == bid]
        if not b:
            return None
        b = b[0]
        i = self.idx(("myBets", "openBets"), "id", "UUID(%s)" % bid)
        ev = self.ev(b["eid"])
        m = [m for m in ev["markets"] if m["id"] == b["mid"]][0]
        mi = ev["markets"].index(m)
        suspended = self.get(self.ev_path(b["eid"]) + ("markets", ("i", mi), "status")).cd == ".suspended"
        offer = None if suspended else round(b["stake"] * b["odds"] / m["odds"][b["si"]] * 0.95, 2)
        self.set(("myBets", "openBets", ("i", i), "cashOutOffer"), NIL if offer is None else num(offer, 2))
        return self.bet_el(bid, A(self.at("OpenBet"), "cashOutOfferUpdated",
                                  Raw("nil") if offer is None else Struct("CashOutOffer", [("amount", R(offer)), ("currency", q("EUR"))])))

    @signal
    def goal_notification(self, eid):
        # reason: a push notification of a goal presented in the foreground: an event the person sees
        ev = self.ev(eid)
        return self.act("appDelegate", A(self.at("AppDelegate"), "userNotifications", A("UserNotificationClient.DelegateEvent",
                        "willPresentNotification", Struct("GoalNotification", [
                            ("eventID", I(eid)), ("title", q("GOAL! %s %d - %d %s" % (ev["home"], ev["hs"], ev["as"], ev["away"])))]))))

    # -- event detail screen
    @noise
    def detail_stream(self):
        # reason: the detail screen's own subscription to all its markets, ~1 push a second while open
        if self.detail is None:
            return None
        n, eid = self.detail
        cur = self.get(("path", ("k", n))).payload
        v = int(cur.f["liveUpdates"].cd) + 1
        self.set(("path", ("k", n), ("e", "eventDetail"), "liveUpdates"), num(v))
        mid = eid * 100 + self.rng.randrange(10, 64)
        return self.detail_action(("marketUpdated", Struct("MarketPrices", [
            ("marketID", I(mid)), ("prices", Raw("[%s]" % ", ".join(repr(round(self.rng.uniform(1.2, 9), 2)) for _ in range(self.rng.choice([2, 3])))))])))

    # -- the person
    @signal
    def tab_selected(self, tab):
        self.set(("selectedTab",), self.case(tab, "Tab"))
        return self.act("tabSelected", A(self.st("AppFeature") + ".Tab" if self.tca1 else "Tab", tab))

    @signal
    def open_event(self, eid):
        self.stack_n += 1
        self.detail = (self.stack_n, eid)
        ev = self.ev(eid)
        st = St(self.st("EventDetail"), [("eventID", num(eid)), ("marketGroup", self.case("popular", "MarketGroup")),
                                          ("markets", Arr([])), ("liveUpdates", num(0))])
        return self.stack_push(self.stack_n, "eventDetail", st, Struct(self.st("EventDetail"), [("eventID", I(eid)), ("marketGroup", Raw(".popular"))]))

    @signal
    def detail_markets_response(self):
        n, eid = self.detail
        ev = self.ev(eid)
        ms = Arr([St("MarketSummary", [("id", num(m["id"])), ("name", text(m["name"]))]) for m in ev["markets"]])
        self.set(("path", ("k", n), ("e", "eventDetail"), "markets"), ms)
        return self.detail_action(("marketsResponse", self.result("[Market]", True, Raw("[%d markets]" % (len(ev["markets"]) * 9)))))

    @signal
    def market_group(self, group):
        n, eid = self.detail
        self.set(("path", ("k", n), ("e", "eventDetail"), "marketGroup"), self.case(group, "MarketGroup"))
        return self.detail_action(("marketGroupTapped", A("MarketGroup", group)))

    @signal
    def selection_tapped(self, mi, si):
        n, eid = self.detail
        sid = self.ev(eid)["markets"][mi]["id"] * 10 + si
        return self.detail_action(("selectionTapped", I(sid)))

    @signal
    def add_to_slip(self, mi, si):
        n, eid = self.detail
        ev = self.ev(eid)
        m = ev["markets"][mi]
        sid = m["id"] * 10 + si
        self.slip.append((eid, mi, si))
        self.append(("betSlip", "selections"), St(self.st("BetSlipSelection"), [
            ("id", num(sid)), ("label", text("%s v %s: %s" % (ev["home"], ev["away"], m["sels"][si]))), ("odds", num(m["odds"][si], 2))]))
        return self.detail_action(A(self.at("EventDetail"), "delegate", A(self.at("EventDetail") + ".Delegate" if self.tca1 else "EventDetailAction.Delegate",
                                  "addToBetSlip", Struct("BetSelection", [("selectionID", I(sid)), ("odds", R(m["odds"][si]))]))))

    @signal
    def close_event(self):
        n, eid = self.detail
        self.detail = None
        return self.stack_pop(n)

    @either
    def stake_typed(self, s):
        # reason: a text field's binding, one record per keystroke
        self.set(("betSlip", "stakeText"), text(s))
        try:
            v = float(s)
        except ValueError:
            v = 0.0
        err = NIL
        if s and v < 0.5:
            err = text("Minimum stake is €0.50")
        elif v > self.balance:
            err = text("Insufficient balance")
        self.set(("betSlip", "stakeError"), err)
        self.set(("betSlip", "potentialReturn"), num(round(v * self.slip_odds(), 2), 2))
        return self.act("betSlip", self.binding("BetSlip", "stakeText", q(s)))

    @signal
    def accept_changes_toggled(self, on):
        self.set(("betSlip", "acceptOddsChanges"), boolean(on))
        return self.act("betSlip", self.binding("BetSlip", "acceptOddsChanges", Raw("true" if on else "false")))

    def slip_odds(self):
        o = 1.0
        for eid, mi, si in self.slip:
            o *= self.ev(eid)["markets"][mi]["odds"][si]
        return o

    @noise
    def slip_odds_changed(self, k):
        # reason: the slip mirrors the live odds of its selections: follows each odds push of that market
        if k >= len(self.slip):
            return None
        eid, mi, si = self.slip[k]
        o = self.ev(eid)["markets"][mi]["odds"][si]
        self.set(("betSlip", "selections", ("i", k), "odds"), num(o, 2))
        sid = self.ev(eid)["markets"][mi]["id"] * 10 + si
        return self.act("betSlip", A(self.at("BetSlip"), "selectionOddsChanged", id=I(sid), odds=R(o)))

    @signal
    def remove_selection(self, k):
        eid, mi, si = self.slip.pop(k)
        self.remove_at(("betSlip", "selections"), k)
        return self.act("betSlip", A(self.at("BetSlip"), "removeSelectionTapped", I(self.ev(eid)["markets"][mi]["id"] * 10 + si)))

    @signal
    def place_tapped(self):
        self.set(("betSlip", "isPlacing"), boolean(True))
        return self.act("betSlip", A(self.at("BetSlip"), "placeBetTapped"))

    @signal
    def place_response(self, outcome, stake):
        self.set(("betSlip", "isPlacing"), boolean(False))
        if outcome == "accepted":
            eid, mi, si = self.slip[0]
            m = self.ev(eid)["markets"][mi]
            b = {"id": self.uid(), "eid": eid, "mid": m["id"], "si": si, "stake": stake, "odds": m["odds"][si]}
            self.bets.append(b)
            self.balance = round(self.balance - stake, 2)
            self.append(("myBets", "openBets"), self.bet_state(b))
            self.set(("betSlip", "selections"), Arr([]))
            self.set(("betSlip", "stakeText"), text(""))
            self.set(("betSlip", "potentialReturn"), num(0.0, 2))
            self.set(("wallet", "balance"), num(self.balance, 2))
            self.slip = []
            return self.act("betSlip", A(self.at("BetSlip"), "placeBetResponse", self.result("BetReceipt", True, Struct("BetReceipt", [
                ("betID", Raw("UUID(%s)" % b["id"])), ("stake", R(stake)), ("acceptedOdds", R(b["odds"]))]))))
        if outcome == "oddsChanged":
            o = round(self.slip_odds(), 2)
            self.set(("destination",), En(self.st("Destination"), "alert", V("AlertState(title: \"Odds have changed\")",
                                          "AlertState<Alert>(title: Odds have changed)", "AlertState<Alert>(title: Odds have changed)")))
            return self.act("betSlip", A(self.at("BetSlip"), "placeBetResponse", self.result("BetReceipt", False,
                            A("BetPlacementError", "oddsChanged", newOdds=R(o)))))
        self.set(("betSlip", "stakeError"), text("Selection suspended"))
        return self.act("betSlip", A(self.at("BetSlip"), "placeBetResponse", self.result("BetReceipt", False,
                        A("BetPlacementError", "marketSuspended", marketID=I(self.ev(self.slip[0][0])["markets"][self.slip[0][1]]["id"])))))

    @signal
    def accept_new_odds(self):
        self.set(("destination",), NIL)
        return self.presented("alert", A("Alert", "acceptNewOddsTapped"))

    @signal
    def cash_out_tapped(self, bid):
        i = self.idx(("myBets", "openBets"), "id", "UUID(%s)" % bid)
        self.set(("myBets", "openBets", ("i", i), "isCashingOut"), boolean(True))
        return self.bet_el(bid, A(self.at("OpenBet"), "cashOutButtonTapped"))

    @signal
    def cash_out_response(self, bid):
        i = self.idx(("myBets", "openBets"), "id", "UUID(%s)" % bid)
        amount = float(self.get(("myBets", "openBets", ("i", i), "cashOutOffer")).cd)
        self.bets = [b for b in self.bets if b["id"] != bid]
        self.remove_at(("myBets", "openBets"), i)
        self.set(("myBets", "settledCount"), num(int(self.get(("myBets", "settledCount")).cd) + 1))
        self.balance = round(self.balance + amount, 2)
        self.set(("wallet", "balance"), num(self.balance, 2))
        return self.bet_el(bid, A(self.at("OpenBet"), "cashOutResponse", self.result("CashOutReceipt", True, Struct("CashOutReceipt", [
            ("amount", R(amount)), ("currency", q("EUR"))]))))

    @signal
    def pull_to_refresh(self):
        self.set(("live", "isRefreshing"), boolean(True))
        return self.act("live", A(self.at("LiveFeature"), "refreshPulled"))

    @signal
    def search_tapped(self):
        self.set(("destination",), En(self.st("Destination"), "search", St(self.st("TeamSearch"), [
            ("query", text("")), ("results", Arr([])), ("isSearching", boolean(False))])))
        return self.act("searchButtonTapped")

    @either
    def query_typed(self, s):
        # reason: a text field's binding, one record per keystroke
        self.set(("destination", ("e", "search"), "query"), text(s))
        return self.presented("search", self.binding("TeamSearch", "query", q(s)))

    @signal
    def search_response(self, s):
        names = SEARCH_TEAMS.get(s[:3], [])
        names = [n for n in names if n.lower().startswith(s.lower())]
        self.set(("destination", ("e", "search"), "results"), Arr([St("TeamResult", [("name", text(n))]) for n in names]))
        return self.presented("search", A(self.at("TeamSearch"), "searchResponse", self.result("[TeamResult]", True,
                              Raw("[%s]" % ", ".join('TeamResult(name: "%s")' % n for n in names)))))

    @signal
    def team_tapped(self, name):
        return self.presented("search", A(self.at("TeamSearch"), "teamTapped", q(name)))

    @signal
    def dismiss(self):
        self.set(("destination",), NIL)
        return self.dismissed()

    @signal
    def follow_toggled(self, name):
        return self.act("favorites", A(self.at("Favorites"), "followTeamToggled", q(name)))

    def processes(self):
        procs = [self.periodic(self.clock_ticked, 1.0, 0.02),
                 self.periodic(self.ping_sent, 25.0, 0.3),
                 self.periodic(self.balance_tick, 60.0, 0.5),
                 self.person(), self.detail_feed(), self.socket_drop()]
        for ev in self.events:
            procs.append(self.periodic(self.stats_updated, 30.0, 3.0, args=(ev["id"],)))
            procs.append(self.event_life(ev))
            for mi in range(len(ev["markets"])):
                procs.append(self.market_feed(ev, mi))
        return procs

    def market_feed(self, ev, mi):
        m = ev["markets"][mi]
        while True:
            yield self.expo(m["mean"] * (3.0 if ev["ht"] else 1.0))
            if ev["suspended"] or not self.socket_up:
                continue
            self.emit(self.odds_pushed, ev["id"], mi)
            for b in self.bets:
                if b["mid"] == m["id"] and self.rng.random() < 0.8:
                    self.after(self.rng.uniform(0.2, 0.9), self.cash_out_offer, b["id"])
            for k, (eid, mj, si) in enumerate(self.slip):
                if eid == ev["id"] and mj == mi:
                    self.after(0.0, self.slip_odds_changed, k)

    def event_life(self, ev):
        r = self.rng
        while True:
            yield self.expo(150.0 if not ev["ht"] else 900.0)
            if not self.socket_up:
                continue
            ev["suspended"] = True
            order = list(range(len(ev["markets"])))
            r.shuffle(order)
            for mi in order:
                self.emit(self.market_suspended, ev["id"], mi)
                for b in self.bets:
                    if b["mid"] == ev["markets"][mi]["id"]:
                        self.after(r.uniform(0.2, 0.8), self.cash_out_offer, b["id"])
                yield r.uniform(0.01, 0.12)
            yield r.uniform(4, 40)
            if r.random() < 0.3:
                if r.random() < 0.55:
                    ev["hs"] += 1
                else:
                    ev["as"] += 1
                self.emit(self.score_changed, ev["id"])
                yield r.uniform(0.5, 3)
                self.emit(self.goal_notification, ev["id"])
                for m in ev["markets"]:
                    m["odds"] = [max(1.01, round(o * r.uniform(0.6, 1.6), 2)) for o in m["odds"]]
                yield r.uniform(10, 30)
            ev["suspended"] = False
            r.shuffle(order)
            for mi in order:
                self.emit(self.market_resumed, ev["id"], mi)
                for b in self.bets:
                    if b["mid"] == ev["markets"][mi]["id"]:
                        self.after(r.uniform(0.2, 0.8), self.cash_out_offer, b["id"])
                yield r.uniform(0.01, 0.15)

    def detail_feed(self):
        while True:
            yield self.expo(1.1)
            if self.detail is not None and self.socket_up:
                self.emit(self.detail_stream)

    def socket_drop(self):
        r = self.rng
        # the ping's answers, and one network drop in the session
        drop_at = r.uniform(300, 560)
        t0 = self.now
        while True:
            yield 0.5
            if self.now - t0 > drop_at and self.socket_up:
                self.socket_up = False
                self.emit(self.socket_state, "disconnected")
                yield r.uniform(1, 2)
                self.emit(self.socket_state, "connecting")
                yield r.uniform(3, 9)
                self.emit(self.socket_state, "connected")
                self.socket_up = True
                yield r.uniform(0.3, 0.8)
                self.emit(self.snapshot_response)
                drop_at = 10 ** 9

    def person(self):
        r = self.rng
        th = self.think((2, 6), (20, 50), busy_len=(100, 240), calm_len=(40, 100))
        yield r.uniform(2, 6)
        while True:
            yield next(th)
            x = r.random()
            if not self.busy and x < 0.4:
                continue   # phone on the table, watching the match
            if self.slip and r.random() < 0.5:
                yield from self.place_bet()
            elif self.detail is None:
                if x < 0.42:
                    yield from self.browse_event()
                elif x < 0.62 and self.slip:
                    yield from self.place_bet()
                elif x < 0.74:
                    yield from self.my_bets()
                elif x < 0.84:
                    yield from self.search()
                else:
                    if self.get(("selectedTab",)).cd != ".live":
                        self.emit(self.tab_selected, "live")
                        yield r.uniform(1, 4)
                    self.emit(self.pull_to_refresh)
                    yield r.uniform(0.4, 1.2)
                    self.emit(self.snapshot_response)

    def browse_event(self):
        r = self.rng
        if self.get(("selectedTab",)).cd != ".live":
            self.emit(self.tab_selected, "live")
            yield r.uniform(1, 5)
        ev = r.choice(self.events)
        self.emit(self.open_event, ev["id"])
        yield r.uniform(0.3, 0.9)
        self.emit(self.detail_markets_response)
        for _ in range(r.choice([0, 1, 1, 2, 3])):
            yield r.uniform(2, 12)
            self.emit(self.market_group, r.choice(["goals", "corners", "cards", "players", "popular"]))
        yield r.uniform(3, 15)
        if r.random() < 0.8 and not ev["suspended"] and len(self.slip) < 3:
            mi = r.randrange(len(ev["markets"]))
            si = r.randrange(len(ev["markets"][mi]["sels"]))
            if (ev["id"], mi, si) not in self.slip and all(e != ev["id"] for e, _, _ in self.slip):
                self.emit(self.selection_tapped, mi, si)
                self.emit(self.add_to_slip, mi, si)
                yield r.uniform(2, 8)
        yield r.uniform(2, 20)
        self.emit(self.close_event)

    def place_bet(self):
        r = self.rng
        self.emit(self.tab_selected, "betSlip")
        yield r.uniform(2, 6)
        if len(self.slip) > 1 and r.random() < 0.3:
            self.emit(self.remove_selection, r.randrange(len(self.slip)))
            yield r.uniform(1, 4)
        stake = r.choice(["5", "10", "2.5", "20", "0.2", "15", "50"])
        typed = ""
        for ch in stake:
            typed += ch
            yield r.uniform(0.15, 0.5)
            self.emit(self.stake_typed, typed)
        if stake == "0.2":
            yield r.uniform(1, 3)
            for s in ["0.", "0", "", "2"]:
                yield r.uniform(0.12, 0.35)
                self.emit(self.stake_typed, s)
            stake = "2"
        if r.random() < 0.25:
            yield r.uniform(1, 4)
            self.emit(self.accept_changes_toggled, self.get(("betSlip", "acceptOddsChanges")).cd == "false")
        yield r.uniform(1.5, 6)
        self.emit(self.place_tapped)
        yield r.uniform(3, 8)   # in-play bet delay
        eid, mi, si = self.slip[0]
        if self.ev(eid)["suspended"]:
            self.emit(self.place_response, "suspended", float(stake))
            yield r.uniform(3, 8)
            self.emit(self.remove_selection, 0)
            return
        if self.get(("betSlip", "acceptOddsChanges")).cd == "false" and r.random() < 0.35:
            self.emit(self.place_response, "oddsChanged", float(stake))
            yield r.uniform(2, 6)
            self.emit(self.accept_new_odds)
            self.emit(self.place_tapped)
            yield r.uniform(3, 7)
        self.emit(self.place_response, "accepted", float(stake))
        yield r.uniform(2, 6)

    def my_bets(self):
        r = self.rng
        self.emit(self.tab_selected, "myBets")
        yield r.uniform(5, 25)
        if self.bets and r.random() < 0.35:
            b = r.choice(self.bets)
            i = self.idx(("myBets", "openBets"), "id", "UUID(%s)" % b["id"])
            if self.get(("myBets", "openBets", ("i", i), "cashOutOffer")).cd != "nil":
                self.emit(self.cash_out_tapped, b["id"])
                yield r.uniform(1.5, 4)
                self.emit(self.cash_out_response, b["id"])
                yield r.uniform(3, 10)
        self.emit(self.tab_selected, "live")

    def search(self):
        r = self.rng
        self.emit(self.search_tapped)
        word = r.choice(["Arsenal", "Napoli", "Braga", "Feyenoord"])
        yield r.uniform(0.8, 2)
        n = r.randint(3, len(word))
        typed = ""
        for k in range(n):
            typed = word[:k + 1]
            gap = r.uniform(0.12, 0.45) if r.random() < 0.85 else r.uniform(0.6, 1.5)
            yield gap
            self.emit(self.query_typed, typed)
            if len(typed) >= 3 and (gap > 0.5 or k == n - 1):
                self.after(0.3 + r.uniform(0.1, 0.4), self.search_response, typed)
        yield r.uniform(2, 6)
        if r.random() < 0.7:
            self.emit(self.team_tapped, word)
            yield r.uniform(0.5, 1.5)
            self.emit(self.follow_toggled, word)
            yield r.uniform(0.5, 2)
        self.emit(self.dismiss)


# ================================================================================= babymonitor

class BabyMonitor(Base):
    name = "babymonitor"
    module = "Nursery"
    process = "NurseryCam"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        super().__init__(session)
        r = self.rng
        self.temp = round(r.uniform(19.5, 22.5), 1)
        self.hum = r.randrange(40, 55)
        self.battery = r.randrange(45, 90)
        self.level = 0.04
        self.crying = None
        self.foreground = True
        self.video_up = True
        self.playing = False
        self.talking = False
        self.track = None
        self.tab = "monitor"
        self.form = None
        self.state = St(self.st("AppFeature"), [
            ("selectedTab", self.case("monitor", "Tab")),
            ("scenePhase", self.case("active", "ScenePhase")),
            ("monitor", St(self.st("Monitor"), [
                ("isOn", boolean(True)), ("audioLevel", num(0.04, 2)), ("isCrying", boolean(False)),
                ("cryIntensity", NIL),
                ("climate", St("RoomClimate", [("temperatureC", num(self.temp, 1)), ("humidity", num(self.hum))])),
                ("events", Arr([]))])),
            ("video", St(self.st("VideoStream"), [
                ("status", self.case("playing", "StreamStatus")), ("retryAttempt", num(0)),
                ("bitrateKbps", num(1800)), ("fps", num(25)), ("droppedFrames", num(0))])),
            ("talkBack", St(self.st("TalkBack"), [("isTalking", boolean(False)), ("microphoneLevel", num(0.0, 2))])),
            ("lullaby", St(self.st("Lullaby"), [("track", self.case("twinkle", "Track")), ("isPlaying", boolean(False)),
                                                ("elapsed", num(0)), ("volume", num(0.5, 2))])),
            ("controls", St(self.st("CameraControls"), [("isNightLightOn", boolean(False)), ("nightLightBrightness", num(0.4, 2))])),
            ("journal", St(self.st("Journal"), [("feedings", Arr([])), ("naps", Arr([])), ("isSaving", boolean(False))])),
            ("history", St(self.st("SleepHistory"), [("range", self.case("week", "HistoryRange")), ("days", NIL), ("selectedDay", NIL)])),
            ("device", St(self.st("DeviceStatus"), [("batteryLevel", num(self.battery / 100.0, 2)),
                                                    ("batteryState", self.case("unplugged", "BatteryState"))])),
            ("network", self.case("satisfied", "NetworkStatus")),
            ("destination", NIL),
        ])

    def mon(self, name, *a, **k):
        return self.act("monitor", A(self.at("Monitor"), name, *a, **k))

    def vid(self, name, *a, **k):
        return self.act("video", A(self.at("VideoStream"), name, *a, **k))

    # -- the camera (machine)
    @noise
    def audio_level(self):
        # reason: a continuous 5 Hz level meter from the camera's microphone
        r = self.rng
        if self.crying is not None:
            lv = min(0.98, max(0.3, r.gauss(self.crying, 0.08)))
        else:
            lv = max(0.01, r.gauss(0.045, 0.012))
        lv = round(lv, 2)
        self.set(("monitor", "audioLevel"), num(lv, 2))
        return self.mon("audioLevelReceived", R(lv))

    @noise
    def climate(self):
        # reason: a 60 s sensor report; temperature and humidity drift by a tenth now and then
        r = self.rng
        if r.random() < 0.35:
            self.temp = round(self.temp + r.choice([-0.1, 0.1]), 1)
        if r.random() < 0.25:
            self.hum += r.choice([-1, 1])
        self.set(("monitor", "climate"), St("RoomClimate", [("temperatureC", num(self.temp, 1)), ("humidity", num(self.hum))]))
        return self.mon("roomClimateReported", Struct("RoomClimate", [("temperatureC", R(self.temp, 1)), ("humidity", I(self.hum))]))

    def new_event(self, kind, extra):
        u = self.uid()
        self.append(("monitor", "events"), St(self.st("MonitorEvent"), [("id", self.uuid_value(u)), ("kind", self.case(kind, "EventKind")),
                                                                          ("at", self.date())] + extra))
        return u

    @signal
    def cry_detected(self, conf):
        self.set(("monitor", "isCrying"), boolean(True))
        self.set(("monitor", "cryIntensity"), num(conf, 2))
        u = self.new_event("cry", [("confidence", num(conf, 2))])
        return self.mon("cryDetected", Struct("CryEvent", [("id", Raw("UUID(%s)" % u)), ("confidence", R(conf)),
                                                            ("startedAt", Raw(self.date().cd))]))

    @noise
    def cry_update(self, x):
        # reason: the detector re-sends its intensity every few seconds during a cry; the cry itself is cryDetected
        self.set(("monitor", "cryIntensity"), num(x, 2))
        return self.mon("cryIntensityUpdated", R(x))

    @signal
    def cry_ended(self, secs):
        self.set(("monitor", "isCrying"), boolean(False))
        self.set(("monitor", "cryIntensity"), NIL)
        return self.mon("cryEnded", duration=I(secs))

    @signal
    def motion(self, mag):
        # reason: the camera's motion detector inserts a new event object; rare, irregular
        u = self.new_event("motion", [("confidence", num(mag, 2))])
        return self.mon("motionDetected", Struct("MotionEvent", [("id", Raw("UUID(%s)" % u)), ("region", Raw(".crib")),
                                                                 ("magnitude", R(mag))]))

    @noise
    def video_stats(self):
        # reason: the player's 2 s quality report: bitrate, frame rate, dropped frames
        r = self.rng
        br = int(r.gauss(1800, 120) // 10 * 10)
        fps = 25 if r.random() < 0.85 else r.choice([24, 23, 20])
        dropped = int(self.get(("video", "droppedFrames")).cd) + (r.random() < 0.2) * r.randint(1, 4)
        self.set(("video", "bitrateKbps"), num(br))
        self.set(("video", "fps"), num(fps))
        self.set(("video", "droppedFrames"), num(dropped))
        return self.vid("statsReceived", Struct("StreamStats", [("bitrateKbps", I(br)), ("fps", I(fps)), ("droppedFrames", I(dropped))]))

    @signal
    def path_updated(self, status):
        # reason: NWPathMonitor: the network drops and comes back (an unchanged path now and then is a re-send)
        self.set(("network",), self.case(status, "NetworkStatus"))
        return self.act("network", A("NetworkMonitor.Action" if self.tca1 else "NetworkMonitorAction", "pathUpdated",
                                     Struct("NetworkPath", [("status", Raw("." + status)), ("isExpensive", Raw("false"))])))

    @signal
    def stream_interrupted(self):
        self.video_up = False
        self.set(("video", "status"), self.case("interrupted", "StreamStatus"))
        return self.vid("streamInterrupted", A("StreamError", "networkLost"))

    @noise
    def retry_fired(self, n):
        # reason: the reconnect loop's backoff timer (1, 2, 4, 8 s...), an echo of the interruption
        self.set(("video", "status"), self.case("reconnecting", "StreamStatus"))
        self.set(("video", "retryAttempt"), num(n))
        return self.vid("retryTimerFired", attempt=I(n))

    @noise
    def connect_failed(self, n):
        # reason: each failed retry of the loop; the interruption and the recovery are the events
        return self.vid("connectResponse", self.result("StreamSession", False, A("StreamError", "timedOut")))

    @signal
    def connect_ok(self):
        self.video_up = True
        self.set(("video", "status"), self.case("playing", "StreamStatus"))
        self.set(("video", "retryAttempt"), num(0))
        return self.vid("connectResponse", self.result("StreamSession", True, Struct("StreamSession", [
            ("id", q(self.uid()[:8].lower())), ("resolution", q("1280x720"))])))

    @noise
    def battery_level(self):
        # reason: UIDevice's battery notification, one per percent: a number nudged by the hardware
        self.battery += 1 if self.get(("device", "batteryState")).cd == ".charging" else -1
        self.set(("device", "batteryLevel"), num(self.battery / 100.0, 2))
        return self.act("device", A(self.at("DeviceStatus"), "batteryLevelChanged", R(self.battery / 100.0)))

    @signal
    def battery_state(self, st):
        self.set(("device", "batteryState"), self.case(st, "BatteryState"))
        return self.act("device", A(self.at("DeviceStatus"), "batteryStateChanged", A("UIDevice.BatteryState", st)))

    @signal
    def scene_phase(self, phase):
        self.foreground = phase == "active"
        self.set(("scenePhase",), self.case(phase, "ScenePhase"))
        return self.act("scenePhaseChanged", A("ScenePhase", phase))

    # -- the parent
    @signal
    def tab_selected(self, tab):
        self.tab = tab
        self.set(("selectedTab",), self.case(tab, "Tab"))
        return self.act("tabSelected", A(self.st("AppFeature") + ".Tab" if self.tca1 else "Tab", tab))

    @signal
    def talk_began(self):
        self.talking = True
        self.set(("talkBack", "isTalking"), boolean(True))
        return self.act("talkBack", A(self.at("TalkBack"), "talkButtonPressed"))

    @noise
    def mic_level(self):
        # reason: the microphone meter at 15 Hz between press and release: one number streamed
        lv = round(max(0.0, min(1.0, self.rng.gauss(0.45, 0.15))), 2)
        self.set(("talkBack", "microphoneLevel"), num(lv, 2))
        return self.act("talkBack", A(self.at("TalkBack"), "microphoneLevelChanged", R(lv)))

    @signal
    def talk_ended(self):
        self.talking = False
        self.set(("talkBack", "isTalking"), boolean(False))
        self.set(("talkBack", "microphoneLevel"), num(0.0, 2))
        return self.act("talkBack", A(self.at("TalkBack"), "talkButtonReleased"))

    @signal
    def track_selected(self, t):
        self.track = t
        self.set(("lullaby", "track"), self.case(t, "Track"))
        return self.act("lullaby", A(self.at("Lullaby"), "trackSelected", A("Track", t)))

    @signal
    def play_tapped(self):
        self.playing = not self.playing
        self.set(("lullaby", "isPlaying"), boolean(self.playing))
        if self.playing:
            self.set(("lullaby", "elapsed"), num(0))
        return self.act("lullaby", A(self.at("Lullaby"), "playPauseTapped"))

    @noise
    def lullaby_progress(self):
        # reason: the camera speaker's playback position, once a second while playing
        if not self.playing:
            return None
        self.set(("lullaby", "elapsed"), num(int(self.get(("lullaby", "elapsed")).cd) + 1))
        return self.act("lullaby", A(self.at("Lullaby"), "playbackProgressed", I(self.get(("lullaby", "elapsed")).cd)))

    @signal
    def sleep_timer_fired(self):
        # reason: the lullaby's 3-minute sleep timer the parent started by playing: counts as its trigger
        if not self.playing:
            return None
        self.playing = False
        self.set(("lullaby", "isPlaying"), boolean(False))
        return self.act("lullaby", A(self.at("Lullaby"), "sleepTimerFired"))

    @noise
    def volume_slid(self, v):
        # reason: a slider's binding, one record per drag event
        self.set(("lullaby", "volume"), num(v, 4))
        return self.act("lullaby", self.binding("Lullaby", "volume", R(v, 4)))

    @signal
    def night_light(self, on):
        self.set(("controls", "isNightLightOn"), boolean(on))
        return self.act("controls", self.binding("CameraControls", "isNightLightOn", Raw("true" if on else "false")))

    @noise
    def brightness_slid(self, v):
        # reason: a slider's binding, one record per drag event
        self.set(("controls", "nightLightBrightness"), num(v, 4))
        return self.act("controls", self.binding("CameraControls", "nightLightBrightness", R(v, 4)))

    @signal
    def camera_ack(self):
        return self.act("controls", A(self.at("CameraControls"), "settingsResponse", self.result("CameraSettings", True,
                        Struct("CameraSettings", [("nightLight", Raw(self.get(("controls", "isNightLightOn")).cd)),
                                                  ("brightness", Raw(self.get(("controls", "nightLightBrightness")).cd))]))))

    # journal forms
    @signal
    def add_tapped(self, kind):
        self.form = kind
        if kind == "feeding":
            st = St(self.st("FeedingForm"), [("startedAt", self.date()), ("side", self.case("left", "Side")),
                                               ("durationMinutes", num(10)), ("notes", text(""))])
        else:
            st = St(self.st("NapForm"), [("start", self.date(self.now - 3600)), ("end", self.date()), ("notes", text(""))])
        self.set(("destination",), En(self.st("Destination"), kind + "Form", st))
        return self.act("journal", A(self.at("Journal"), "addFeedingTapped" if kind == "feeding" else "addNapTapped"))

    def fpath(self, field):
        return ("destination", ("e", self.form + "Form"), field)

    @either
    def time_picked(self, field, t):
        # reason: a time picker's wheel: each settle of a wheel is a binding record, like keystrokes
        self.set(self.fpath(field), self.date(t))
        feature = "FeedingForm" if self.form == "feeding" else "NapForm"
        return self.presented(self.form + "Form", self.binding(feature, field, Raw(self.date(t).cd)))

    @signal
    def side_picked(self, side):
        self.set(self.fpath("side"), self.case(side, "Side"))
        return self.presented("feedingForm", self.binding("FeedingForm", "side", Raw("." + side)))

    @signal
    def duration_stepped(self, m):
        self.set(self.fpath("durationMinutes"), num(m))
        return self.presented("feedingForm", self.binding("FeedingForm", "durationMinutes", I(m)))

    @either
    def notes_typed(self, s):
        # reason: a text field's binding, one record per keystroke
        self.set(self.fpath("notes"), text(s))
        feature = "FeedingForm" if self.form == "feeding" else "NapForm"
        return self.presented(self.form + "Form", self.binding(feature, "notes", q(s)))

    @signal
    def save_tapped(self):
        feature = "FeedingForm" if self.form == "feeding" else "NapForm"
        return self.presented(self.form + "Form", A(self.at(feature), "saveButtonTapped"))

    @signal
    def form_delegate(self):
        feature = "FeedingForm" if self.form == "feeding" else "NapForm"
        form = self.get(("destination", ("e", self.form + "Form")))
        u = self.uid()
        entry = St(self.st("Feeding" if self.form == "feeding" else "Nap"), [("id", self.uuid_value(u))] + list(form.f.items())[:2])
        self.append(("journal", "feedings" if self.form == "feeding" else "naps"), entry)
        self.set(("journal", "isSaving"), boolean(True))
        self.set(("destination",), NIL)
        kind = self.form
        self.form = None
        return self.presented(kind + "Form", A(self.at(feature), "delegate", A(self.at(feature) + ".Delegate" if self.tca1 else feature + "Action.Delegate",
                              "saved", Struct("Feeding" if kind == "feeding" else "Nap", [("id", Raw("UUID(%s)" % u))]))))

    @signal
    def journal_saved(self):
        self.set(("journal", "isSaving"), boolean(False))
        return self.act("journal", A(self.at("Journal"), "saveResponse", self.result("JournalEntry.ID", True, Raw("UUID(%s)" % self.uid()))))

    @signal
    def cancel_form(self):
        self.form = None
        self.set(("destination",), NIL)
        return self.dismissed()

    # history
    @signal
    def history_appeared(self):
        return self.act("history", A(self.at("SleepHistory"), "onAppear"))

    @signal
    def history_loaded(self):
        n = 7 if self.get(("history", "range")).cd == ".week" else 30
        days = Arr([St("SleepDay", [("date", self.date(self.now - 86400 * (n - i))), ("totalMinutes", num(self.rng.randrange(600, 840))),
                                    ("wakeUps", num(self.rng.randrange(0, 5)))]) for i in range(n)])
        self.set(("history", "days"), days)
        return self.act("history", A(self.at("SleepHistory"), "sleepHistoryResponse", self.result("[SleepDay]", True,
                        Raw("[%d days]" % n))))

    @signal
    def range_changed(self, rg):
        self.set(("history", "range"), self.case(rg, "HistoryRange"))
        self.set(("history", "days"), NIL)
        return self.act("history", A(self.at("SleepHistory"), "rangeChanged", A("HistoryRange", rg)))

    @noise
    def chart_scrub(self, i):
        # reason: a drag across the chart, one record per touch event; it streams one index
        n = len(self.get(("history", "days")).items)
        i = max(0, min(n - 1, i))
        self.set(("history", "selectedDay"), num(i))
        return self.act("history", A(self.at("SleepHistory"), "chartSelectionChanged", I(i)))

    def processes(self):
        return [self.periodic(self.audio_level, 0.2, 0.004, when=lambda: True),
                self.periodic(self.climate, 60.0, 0.4),
                self.periodic(self.video_stats, 2.0, 0.05, when=lambda: self.video_up and self.foreground),
                self.periodic(self.lullaby_progress, 1.0, 0.02, when=lambda: self.playing),
                self.cries(), self.poisson(self.motion, 110.0, args=()) if False else self.motions(),
                self.network_drops(), self.batteries(), self.parent()]

    def motions(self):
        while True:
            yield self.expo(100.0)
            if self.crying is None:
                self.emit(self.motion, round(self.rng.uniform(0.15, 0.7), 2))

    def cries(self):
        r = self.rng
        yield r.uniform(40, 150)
        while True:
            conf = round(r.uniform(0.72, 0.97), 2)
            self.crying = r.uniform(0.55, 0.85)
            self.emit(self.cry_detected, conf)
            length = r.uniform(25, 110)
            t0 = self.now
            self.parent_alerted = True
            while self.now - t0 < length:
                yield r.uniform(2.5, 3.5)
                self.crying = max(0.35, min(0.95, self.crying + r.uniform(-0.1, 0.1)))
                self.emit(self.cry_update, round(self.crying, 2))
            self.crying = None
            self.emit(self.cry_ended, int(self.now - t0))
            yield self.expo(220.0) + 30

    def network_drops(self):
        r = self.rng
        first = True
        while True:
            yield r.uniform(150, 400) if first else self.expo(200.0) + 60
            if not first and r.random() < 0.35:
                self.emit(self.path_updated, "satisfied")   # a re-send after a Wi-Fi change: no-op
                continue
            first = False
            self.emit(self.path_updated, "unsatisfied")
            yield r.uniform(0.1, 0.6)
            self.emit(self.stream_interrupted)
            back = r.uniform(4, 25)
            t0 = self.now
            n = 0
            while True:
                n += 1
                yield min(16.0, 2.0 ** (n - 1)) * r.uniform(0.9, 1.1)
                self.emit(self.retry_fired, n)
                if self.now - t0 > back:
                    if self.get(("network",)).cd != ".satisfied":
                        self.emit(self.path_updated, "satisfied")
                    yield r.uniform(0.4, 1.5)
                    self.emit(self.connect_ok)
                    break
                yield r.uniform(0.8, 3.0)
                self.emit(self.connect_failed, n)

    def batteries(self):
        r = self.rng
        plug_at = r.uniform(200, 600)
        t0 = self.now
        while True:
            yield r.uniform(70, 110) if self.get(("device", "batteryState")).cd != ".charging" else r.uniform(35, 55)
            self.emit(self.battery_level)
            if self.now - t0 > plug_at and self.get(("device", "batteryState")).cd == ".unplugged":
                yield r.uniform(5, 40)
                self.emit(self.battery_state, "charging")

    def parent(self):
        r = self.rng
        th = self.think((3, 9), (25, 70), busy_len=(90, 200), calm_len=(50, 150))
        self.parent_alerted = False
        yield r.uniform(3, 10)
        while True:
            yield next(th)
            if self.parent_alerted:
                self.parent_alerted = False
                yield from self.soothe()
                continue
            if not self.busy and r.random() < 0.35:
                continue
            x = r.random()
            if x < 0.08 and self.foreground:
                self.emit(self.scene_phase, "inactive")
                yield r.uniform(0.2, 0.5)
                self.emit(self.scene_phase, "background")
                yield r.uniform(30, 120)
                self.emit(self.scene_phase, "inactive")
                yield r.uniform(0.1, 0.3)
                self.emit(self.scene_phase, "active")
            elif x < 0.3:
                yield from self.log_entry(r.choice(["feeding", "feeding", "nap"]))
            elif x < 0.45:
                yield from self.history()
            elif x < 0.62:
                yield from self.night_light_flow()
            elif x < 0.75:
                yield from self.lullaby_flow()
            elif x < 0.85:
                yield from self.talk()

    def to_tab(self, tab):
        if self.tab != tab:
            self.emit(self.tab_selected, tab)
            yield self.rng.uniform(0.8, 3)

    def soothe(self):
        r = self.rng
        yield from self.to_tab("monitor")
        if r.random() < 0.6:
            yield from self.talk()
        if r.random() < 0.6:
            yield r.uniform(3, 10)
            yield from self.lullaby_flow()

    def talk(self):
        r = self.rng
        yield from self.to_tab("monitor")
        for _ in range(r.choice([1, 1, 2, 3])):
            self.emit(self.talk_began)
            yield from self.gesture(self.mic_level, hz=15, duration=r.uniform(1.5, 7))
            self.emit(self.talk_ended)
            yield r.uniform(2, 8)

    def lullaby_flow(self):
        r = self.rng
        yield from self.to_tab("monitor")
        if self.playing:
            self.emit(self.play_tapped)
            return
        if r.random() < 0.5:
            self.emit(self.track_selected, r.choice(["twinkle", "brahms", "whiteNoise", "rain"]))
            yield r.uniform(1, 3)
        self.emit(self.play_tapped)
        self.after(180.0, self.sleep_timer_fired)
        yield r.uniform(2, 8)
        if r.random() < 0.7:
            v = float(self.get(("lullaby", "volume")).cd)
            target = min(1.0, max(0.05, v + r.uniform(-0.3, 0.3)))
            dur = r.uniform(0.4, 1.6)
            n = max(2, int(dur * 60))
            yield from self.gesture(self.volume_slid, hz=60, duration=dur,
                                    args=lambda i: (round(v + (target - v) * (i + 1) / n + self.rng.uniform(-0.002, 0.002), 4),))

    def night_light_flow(self):
        r = self.rng
        yield from self.to_tab("monitor")
        on = self.get(("controls", "isNightLightOn")).cd == "false"
        self.emit(self.night_light, on)
        self.after(r.uniform(0.3, 0.9), self.camera_ack)
        yield r.uniform(1, 4)
        if on and r.random() < 0.7:
            v = float(self.get(("controls", "nightLightBrightness")).cd)
            target = min(1.0, max(0.05, v + r.uniform(-0.3, 0.3)))
            dur = r.uniform(0.4, 1.5)
            n = max(2, int(dur * 50))
            yield from self.gesture(self.brightness_slid, hz=50, duration=dur,
                                    args=lambda i: (round(v + (target - v) * (i + 1) / n + self.rng.uniform(-0.002, 0.002), 4),))
            yield r.uniform(0.2, 0.5)
            self.emit(self.camera_ack)

    def log_entry(self, kind):
        r = self.rng
        yield from self.to_tab("journal")
        self.emit(self.add_tapped, kind)
        yield r.uniform(1.5, 4)
        if kind == "feeding":
            t = self.now
            for _ in range(r.choice([1, 2, 3])):
                t -= 60 * r.randint(3, 25)
                yield r.uniform(0.6, 2)
                self.emit(self.time_picked, "startedAt", t)
            yield r.uniform(1, 3)
            self.emit(self.side_picked, r.choice(["right", "bottle", "left"]))
            for m in range(r.choice([0, 1, 2, 4])):
                yield r.uniform(0.3, 0.8)
                self.emit(self.duration_stepped, 10 + 5 * (m + 1))
        else:
            t = self.now - 3600
            for field in ["start", "end"]:
                for _ in range(r.choice([1, 2])):
                    t += 60 * r.randint(5, 30)
                    yield r.uniform(0.6, 2.5)
                    self.emit(self.time_picked, field, t)
        if r.random() < 0.4:
            s = ""
            for ch in r.choice(["fussy", "good latch", "woke once", "spit up a bit"]):
                s += ch
                yield r.uniform(0.1, 0.35)
                self.emit(self.notes_typed, s)
        yield r.uniform(1, 4)
        if r.random() < 0.1:
            self.emit(self.cancel_form)
            return
        self.emit(self.save_tapped)
        self.emit(self.form_delegate)
        yield r.uniform(0.3, 1.0)
        self.emit(self.journal_saved)

    def history(self):
        r = self.rng
        yield from self.to_tab("history")
        self.emit(self.history_appeared)
        yield r.uniform(0.4, 1.5)
        self.emit(self.history_loaded)
        for _ in range(r.choice([0, 1, 2])):
            yield r.uniform(2, 8)
            i0 = r.randrange(7)
            yield from self.gesture(self.chart_scrub, hz=60, duration=r.uniform(0.5, 2),
                                    args=lambda i: (i0 + i // 7,))
        if r.random() < 0.4:
            yield r.uniform(2, 6)
            self.emit(self.range_changed, "month" if self.get(("history", "range")).cd == ".week" else "week")
            yield r.uniform(0.4, 1.5)
            self.emit(self.history_loaded)
        yield r.uniform(3, 12)
        yield from self.to_tab("monitor")


# ================================================================================ bikecomputer

SENSORS = [("heartRate", "HRM-Pro 48213", "heartRateMeasured"), ("cadence", "CAD 20933", "cadenceMeasured"),
           ("speed", "SPD 77120", "speedMeasured"), ("power", "Assioma DUO 1187", "powerMeasured")]
TURNS = ["Turn left onto Hauptstrasse", "Turn right onto Bergweg", "Keep left at the fork", "Turn right onto L 541",
         "At the roundabout, take the 2nd exit", "Turn left onto Waldweg", "Slight right onto Talstrasse"]


class BikeComputer(Base):
    name = "bikecomputer"
    module = "RideComputer"
    process = "BikeComputer"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        super().__init__(session)
        r = self.rng
        self.sensors = []
        for kind, label, case in SENSORS:
            self.sensors.append({"id": self.uid(), "kind": kind, "name": label, "case": case, "up": False,
                                 "battery": r.randrange(40, 100)})
        self.status = "ready"   # ready, riding, autoPaused, finished
        self.speed = 0.0
        self.hr = r.randrange(82, 96)
        self.lat, self.lon, self.alt = 48.77 + r.uniform(0, 0.02), 9.17 + r.uniform(0, 0.02), 245.0
        self.heading = r.uniform(0, 2 * math.pi)
        self.grade = 0.0
        self.climb = None
        self.to_turn = r.uniform(400, 1500)
        self.turn = r.choice(TURNS)
        self.announced = set()
        self.scanning = False
        self.screen = 0
        self.state = St(self.st("AppFeature"), [
            ("ride", St(self.st("Ride"), [("status", self.case("ready", "RideStatus")), ("elapsed", num(0)),
                                          ("movingTime", num(0)), ("distanceKm", num(0.0, 2))])),
            ("metrics", St("LiveMetrics", [("heartRate", NIL), ("cadence", NIL), ("speedKmh", NIL), ("power", NIL)])),
            ("location", NIL),
            ("sensors", Arr([St(self.st("Sensor"), [("id", self.uuid_value(x["id"])), ("name", text(x["name"])),
                                                     ("kind", self.case(x["kind"], "SensorKind")),
                                                     ("connection", self.case("disconnected", "ConnectionState")),
                                                     ("batteryPercent", NIL)]) for x in self.sensors])),
            ("laps", Arr([])),
            ("selectedScreen", num(0)),
            ("navigation", St(self.st("Navigation"), [("nextInstruction", text(self.turn)), ("distanceToTurnM", num(int(self.to_turn))),
                                                      ("remainingKm", num(18.4, 1)), ("announcedDistanceM", NIL),
                                                      ("isOffRoute", boolean(False))])),
            ("climb", NIL),
            ("bluetooth", St(self.st("Bluetooth"), [("isScanning", boolean(False)), ("discovered", Arr([]))])),
            ("upload", NIL),
            ("destination", NIL),
        ])

    def sensor_i(self, sid):
        return [i for i, x in enumerate(self.sensors) if x["id"] == sid][0]

    def sensor_el(self, sid, inner):
        return self.act("sensors", self.element("Sensor", Raw("UUID(%s)" % sid), inner))

    def bt(self, name, *a, **k):
        return self.act("bluetooth", A("BluetoothClient.Event", name, *a, **k))

    # -- sensors and GPS (machine)
    @noise
    def measurement(self, sid):
        # reason: each Bluetooth sensor notifies once a second; zeros while stopped are no-ops
        r = self.rng
        x = self.sensors[self.sensor_i(sid)]
        moving = self.speed > 0.5
        if x["kind"] == "heartRate":
            target = 150 if moving else 105
            self.hr += (target - self.hr) * 0.03 + r.gauss(0, 0.8)
            v = int(self.hr)
        elif x["kind"] == "cadence":
            v = int(r.gauss(88 + 5 * self.grade, 3)) if moving else 0
        elif x["kind"] == "speed":
            v = round(self.speed, 1)
        else:
            v = max(0, int(r.gauss(190 + 25 * self.grade, 22))) if moving else 0
        self.set(("metrics", {"heartRate": "heartRate", "cadence": "cadence", "speed": "speedKmh", "power": "power"}[x["kind"]]),
                 num(v, 1) if x["kind"] == "speed" else num(v))
        return self.sensor_el(sid, A(self.at("Sensor"), x["case"], R(v, 1) if x["kind"] == "speed" else I(v)))

    @noise
    def location(self):
        # reason: GPS fix once a second: a coordinate, a measurement
        d = self.speed / 3.6
        self.lat += d * math.cos(self.heading) / 111000
        self.lon += d * math.sin(self.heading) / 74000
        self.alt += d * self.grade / 100
        self.set(("location",), St("Location", [("latitude", num(self.lat, 6)), ("longitude", num(self.lon, 6)),
                                                ("altitude", num(self.alt, 1))]))
        return self.act("location", A("LocationClient.Action" if self.tca1 else "LocationClientAction", "locationUpdated",
                        Struct("CLLocation", [("latitude", R(self.lat, 6)), ("longitude", R(self.lon, 6)),
                                              ("altitude", R(self.alt, 1)), ("horizontalAccuracy", R(self.rng.choice([3.0, 4.0, 5.0, 8.0]), 1))])))

    @noise
    def timer_tick(self):
        # reason: the ride timer's 1 s tick
        self.set(("ride", "elapsed"), num(int(self.get(("ride", "elapsed")).cd) + 1))
        if self.status == "riding":
            self.set(("ride", "movingTime"), num(int(self.get(("ride", "movingTime")).cd) + 1))
            km = float(self.get(("ride", "distanceKm")).cd) + self.speed / 3600
            self.set(("ride", "distanceKm"), num(km, 2))
        return self.act("rideTimerTicked")

    @noise
    def route_progress(self):
        # reason: the route engine's progress after each GPS fix: two distances counting down
        self.set(("navigation", "distanceToTurnM"), num(max(0, int(self.to_turn))))
        rem = float(self.get(("navigation", "remainingKm")).cd) - self.speed / 3600
        self.set(("navigation", "remainingKm"), num(max(0.0, rem), 1))
        return self.act("navigation", A(self.at("Navigation"), "routeProgressUpdated", Struct("RouteProgress", [
            ("distanceToNextTurn", R(max(0, self.to_turn), 1)), ("distanceRemaining", R(max(0.0, rem) * 1000, 1))])))

    @signal
    def turn_instruction(self, dist):
        # reason: a spoken/visual turn prompt at 200 m and 30 m before the turn: an event, not a stream
        self.set(("navigation", "nextInstruction"), text(self.turn))
        self.set(("navigation", "announcedDistanceM"), num(dist))
        return self.act("navigation", A(self.at("Navigation"), "turnInstructionAnnounced", Struct("TurnInstruction", [
            ("text", q(self.turn)), ("distance", I(dist))])))

    @signal
    def off_route(self):
        self.set(("navigation", "isOffRoute"), boolean(True))
        return self.act("navigation", A(self.at("Navigation"), "offRouteDetected"))

    @signal
    def reroute(self):
        # reason: the new route answering the off-route detection: a new object, rare
        self.set(("navigation", "isOffRoute"), boolean(False))
        self.turn = self.rng.choice(TURNS)
        self.to_turn = self.rng.uniform(300, 700)
        self.set(("navigation", "nextInstruction"), text(self.turn))
        return self.act("navigation", A(self.at("Navigation"), "rerouteResponse", self.result("Route", True, Struct("Route", [
            ("distance", R(self.rng.uniform(15000, 17000), 1)), ("instructions", Raw("[%d instructions]" % self.rng.randrange(18, 30)))]))))

    @signal
    def auto_pause(self):
        self.status = "autoPaused"
        self.set(("ride", "status"), self.case("autoPaused", "RideStatus"))
        return self.act("autoPauseTriggered")

    @signal
    def auto_resume(self):
        self.status = "riding"
        self.set(("ride", "status"), self.case("riding", "RideStatus"))
        return self.act("autoResumeTriggered")

    @signal
    def climb_started(self, name, km, grade):
        self.set(("climb",), St("ClimbProgress", [("name", text(name)), ("percentComplete", num(0)), ("currentGrade", num(grade, 1))]))
        return self.act("climb", A(self.at("ClimbDetector"), "climbDetected", Struct("Climb", [
            ("name", q(name)), ("lengthKm", R(km, 1)), ("averageGrade", R(grade, 1))])))

    @noise
    def climb_progress(self, pct):
        # reason: the climb's progress after each GPS fix while climbing: one percentage counting up
        g = round(self.grade + self.rng.gauss(0, 0.6), 1)
        self.set(("climb", "percentComplete"), num(pct))
        self.set(("climb", "currentGrade"), num(g, 1))
        return self.act("climb", A(self.at("ClimbDetector"), "progressUpdated", Struct("ClimbProgress", [
            ("percentComplete", I(pct)), ("currentGrade", R(g, 1))])))

    @signal
    def climb_done(self, secs):
        self.set(("climb",), NIL)
        return self.act("climb", A(self.at("ClimbDetector"), "climbCompleted", duration=I(secs)))

    @signal
    def connected(self, sid):
        x = self.sensors[self.sensor_i(sid)]
        x["up"] = True
        self.set(("sensors", ("i", self.sensor_i(sid)), "connection"), self.case("connected", "ConnectionState"))
        if self.scanning and all(s["up"] for s in self.sensors):
            self.scanning = False
            self.set(("bluetooth", "isScanning"), boolean(False))
            self.set(("bluetooth", "discovered"), Arr([]))
        return self.bt("didConnect", Raw("UUID(%s)" % sid))

    @signal
    def disconnected(self, sid, err):
        x = self.sensors[self.sensor_i(sid)]
        x["up"] = False
        self.set(("sensors", ("i", self.sensor_i(sid)), "connection"), self.case("disconnected", "ConnectionState"))
        if err:
            self.scanning = True
            self.set(("bluetooth", "isScanning"), boolean(True))
        return self.bt("didDisconnect", Raw("UUID(%s)" % sid), error=Raw('CBError(.connectionTimeout)' if err else "nil"))

    @noise
    def discovered(self, sid, name, rssi):
        # reason: advertisement packets while scanning, each device about once a second with a new RSSI
        items = self.get(("bluetooth", "discovered")).items
        entry = St("DiscoveredPeripheral", [("id", self.uuid_value(sid)), ("name", text(name)), ("rssi", num(rssi))])
        for i, it in enumerate(items):
            if it.f["id"].cd == "UUID(%s)" % sid:
                self.set(("bluetooth", "discovered", ("i", i)), entry)
                break
        else:
            self.append(("bluetooth", "discovered"), entry)
        return self.bt("didDiscover", Struct("Peripheral", [("id", Raw("UUID(%s)" % sid)), ("name", q(name))]), rssi=I(rssi))

    @noise
    def battery_read(self, sid):
        # reason: the battery service read every few minutes per sensor: a level
        x = self.sensors[self.sensor_i(sid)]
        x["battery"] -= self.rng.random() < 0.3
        self.set(("sensors", ("i", self.sensor_i(sid)), "batteryPercent"), num(x["battery"]))
        return self.sensor_el(sid, A(self.at("Sensor"), "batteryLevelRead", I(x["battery"])))

    @noise
    def upload_progress(self, p):
        # reason: the upload's progress reports
        self.set(("upload", "progress"), num(p, 2))
        return self.act("upload", A(self.at("RideUpload"), "progressUpdated", R(p)))

    @signal
    def upload_response(self, ok):
        self.set(("upload", "status"), self.case("finished" if ok else "failed", "UploadStatus"))
        if ok:
            return self.act("upload", A(self.at("RideUpload"), "uploadResponse", self.result("UploadReceipt", True, Struct("UploadReceipt", [
                ("activityID", I(11928400000 + self.rng.randrange(10 ** 6))), ("url", q("https://ridelog.app/a/%d" % self.rng.randrange(10 ** 7)))]))))
        return self.act("upload", A(self.at("RideUpload"), "uploadResponse", self.result("UploadReceipt", False, A("URLError", "networkConnectionLost"))))

    # -- the rider
    @signal
    def start_tapped(self):
        self.status = "riding"
        self.set(("ride", "status"), self.case("riding", "RideStatus"))
        return self.act("startButtonTapped")

    @signal
    def lap_tapped(self):
        n = len(self.get(("laps",)).items) + 1
        self.append(("laps",), St("Lap", [("number", num(n)), ("endedAt", num(int(self.get(("ride", "elapsed")).cd))),
                                          ("distanceKm", num(float(self.get(("ride", "distanceKm")).cd), 2))]))
        return self.act("lapButtonTapped")

    @either
    def screen_swiped(self, k):
        # reason: a paged carousel of data screens the rider swipes through (LABELS: either)
        self.screen = k
        self.set(("selectedScreen",), num(k))
        return self.binding("AppFeature", "selectedScreen", I(k))

    @signal
    def stop_tapped(self):
        self.status = "finished"
        self.set(("ride", "status"), self.case("finished", "RideStatus"))
        self.set(("destination",), En(self.st("Destination"), "saveRide", St(self.st("SaveRide"), [
            ("title", text("Afternoon Ride")), ("visibility", self.case("everyone", "Visibility"))])))
        return self.act("stopButtonTapped")

    @either
    def title_typed(self, s):
        # reason: a text field's binding, one record per keystroke
        self.set(("destination", ("e", "saveRide"), "title"), text(s))
        return self.presented("saveRide", self.binding("SaveRide", "title", q(s)))

    @signal
    def visibility_picked(self, v):
        self.set(("destination", ("e", "saveRide"), "visibility"), self.case(v, "Visibility"))
        return self.presented("saveRide", self.binding("SaveRide", "visibility", Raw("." + v)))

    @signal
    def save_tapped(self):
        return self.presented("saveRide", A(self.at("SaveRide"), "saveButtonTapped"))

    @signal
    def save_delegate(self):
        title = self.get(("destination", ("e", "saveRide"), "title")).df
        self.set(("destination",), NIL)
        self.set(("upload",), St(self.st("RideUpload"), [("status", self.case("uploading", "UploadStatus")), ("progress", num(0.0, 2))]))
        return self.presented("saveRide", A(self.at("SaveRide"), "delegate", A(self.at("SaveRide") + ".Delegate" if self.tca1 else "SaveRideAction.Delegate",
                              "saveRide", Struct("RideSummary", [("title", q(title)), ("distanceKm", R(float(self.get(("ride", "distanceKm")).cd))),
                                                                 ("movingTime", I(self.get(("ride", "movingTime")).cd))]))))

    @signal
    def retry_upload(self):
        self.set(("upload",), St(self.st("RideUpload"), [("status", self.case("uploading", "UploadStatus")), ("progress", num(0.0, 2))]))
        return self.act("upload", A(self.at("RideUpload"), "retryButtonTapped"))

    def processes(self):
        procs = [self.periodic(self.location, 1.0, 0.05, when=lambda: self.status in ("riding", "autoPaused")),
                 self.periodic(self.timer_tick, 1.0, 0.01, when=lambda: self.status in ("riding", "autoPaused")),
                 self.rider(), self.motion(), self.navigation(), self.sensor_trouble(), self.scanner()]
        for x in self.sensors:
            procs.append(self.periodic(self.measurement, 1.0, 0.06, args=(x["id"],),
                                       when=lambda x=x: x["up"] and self.status != "finished"))
            procs.append(self.periodic(self.battery_read, 300.0, 2.0, when=lambda x=x: x["up"] and self.status != "finished",
                                       args=(x["id"],)))
        return procs

    def motion(self):
        """Speed, stops at lights (auto-pause) and climbs."""
        r = self.rng
        while self.status == "ready":
            yield 0.5
        next_stop = self.now + r.uniform(60, 150)
        next_climb = self.now + r.uniform(120, 250)
        cruise = r.uniform(24, 31)
        while self.status != "finished":
            yield 1.0
            target = cruise - 1.6 * self.grade
            self.speed += (target - self.speed) * 0.3 + r.gauss(0, 0.4)
            self.speed = max(3.0, self.speed)
            self.to_turn -= self.speed / 3.6
            if self.now > next_stop and self.climb is None:
                for _ in range(r.randint(3, 6)):
                    yield 1.0
                    self.speed *= 0.45
                self.speed = 0.0
                yield r.uniform(2.5, 4)
                if self.status == "finished":
                    return
                self.emit(self.auto_pause)
                yield r.uniform(12, 70)
                if self.status == "finished":
                    return
                self.speed = 4.0
                yield 1.0
                self.emit(self.auto_resume)
                next_stop = self.now + r.uniform(70, 200)
            if self.now > next_climb and self.climb is None:
                self.climb = True
                self.grade = r.uniform(4, 8)
                length = r.uniform(90, 200)
                self.emit(self.climb_started, r.choice(["Bopser Anstieg", "Geroksruhe", "Birkenkopf"]),
                          length * 14 / 3600, self.grade)
                t0 = self.now
                while self.now - t0 < length and self.status != "finished":
                    yield 1.0
                    self.speed += (cruise - 1.6 * self.grade - self.speed) * 0.3 + r.gauss(0, 0.3)
                    self.to_turn -= self.speed / 3.6
                    self.emit(self.climb_progress, min(99, int(100 * (self.now - t0) / length)))
                self.grade = 0.0
                self.climb = None
                self.emit(self.climb_done, int(self.now - t0))
                next_climb = self.now + r.uniform(200, 400)

    def navigation(self):
        r = self.rng
        off_done = False
        while self.status == "ready":
            yield 0.5
        yield 0.3
        while self.status != "finished":
            yield 1.0
            if self.status == "riding":
                self.emit(self.route_progress)
            for mark in (200, 30):
                if self.to_turn < mark and (self.turn, mark) not in self.announced:
                    self.announced.add((self.turn, mark))
                    self.emit(self.turn_instruction, mark)
            if self.to_turn < 0:
                if not off_done and r.random() < 0.25:
                    off_done = True
                    yield r.uniform(8, 20)
                    self.emit(self.off_route)
                    yield r.uniform(1.0, 2.5)
                    self.emit(self.reroute)
                    continue
                self.turn = r.choice([t for t in TURNS if t != self.turn])
                self.to_turn = r.uniform(500, 2200)
                self.announced = set()
                self.emit(self.turn_instruction, int(self.to_turn))

    def sensor_trouble(self):
        r = self.rng
        yield r.uniform(1, 3)
        for x in self.sensors:
            self.emit(self.connected, x["id"])
            yield r.uniform(0.3, 2.5)
        while self.status == "ready":
            yield 1.0
        yield r.uniform(150, 400)
        x = self.sensors[3] if r.random() < 0.6 else self.sensors[1]
        self.emit(self.disconnected, x["id"], True)
        yield r.uniform(8, 40)
        self.emit(self.connected, x["id"])
        while self.status != "finished":
            yield 1.0

    def scanner(self):
        r = self.rng
        others = [(self.uid(), "HRM-Dual 1290"), (self.uid(), "Wahoo KICKR 33A1"), (self.uid(), "TICKR 8F21")]
        while True:
            yield r.uniform(0.15, 0.4)
            if self.scanning:
                devices = [(x["id"], x["name"]) for x in self.sensors if not x["up"]] + others[:r.randint(1, 3)]
                sid, name = r.choice(devices)
                self.emit(self.discovered, sid, name, r.randint(-92, -58))

    def rider(self):
        r = self.rng
        yield r.uniform(10, 30)
        self.emit(self.start_tapped)
        end = r.uniform(560, 640)
        th = self.think((10, 30), (50, 120), busy_len=(60, 150), calm_len=(60, 150))
        laps_every = r.uniform(90, 160)
        last_lap = self.now
        while self.now < end:
            yield min(next(th), max(0.5, end - self.now))
            if self.now >= end:
                break
            x = r.random()
            if self.now - last_lap > laps_every:
                self.emit(self.lap_tapped)
                last_lap = self.now
            elif x < 0.8:
                for _ in range(r.choice([1, 1, 2, 3])):
                    k = (self.screen + r.choice([1, 1, -1])) % 4
                    self.emit(self.screen_swiped, k)
                    yield r.uniform(0.6, 3)
        # the end of the ride
        yield r.uniform(5, 15)
        self.emit(self.stop_tapped)
        yield r.uniform(3, 8)
        if r.random() < 0.9:
            title = r.choice(["Feierabendrunde", "Hill repeats", "Lunch loop", "Coffee ride"])
            for k in range(r.choice([14, 14, 3])):
                yield r.uniform(0.08, 0.25)
                self.emit(self.title_typed, "Afternoon Ride"[:14 - k - 1])
            s = ""
            for ch in title:
                s += ch
                yield r.uniform(0.1, 0.4)
                self.emit(self.title_typed, s)
        if r.random() < 0.5:
            yield r.uniform(1, 4)
            self.emit(self.visibility_picked, r.choice(["followers", "onlyMe"]))
        yield r.uniform(1, 4)
        self.emit(self.save_tapped)
        self.emit(self.save_delegate)
        for x in self.sensors:
            if x["up"]:
                yield r.uniform(0.2, 0.8)
                self.emit(self.disconnected, x["id"], False)
        ok = r.random() < 0.7
        while True:
            p = 0.0
            while p < 1.0:
                yield r.uniform(0.1, 0.2)
                p = min(1.0, p + r.uniform(0.005, 0.03))
                self.emit(self.upload_progress, round(p, 2))
                if not ok and p > r.uniform(0.3, 0.9):
                    break
            yield r.uniform(0.3, 1.0)
            self.emit(self.upload_response, ok)
            if ok:
                return
            yield r.uniform(4, 10)
            self.emit(self.retry_upload)
            ok = True


APPS = {"betting": Betting, "babymonitor": BabyMonitor, "bikecomputer": BikeComputer}
