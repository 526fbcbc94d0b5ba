"""Three apps by author-w, written blind to the classifier: each prints the debug log the real
TCA app would print over a session, with a label on every action path.

auction: a live online auction app. The user watches a few live lots; the server pushes each
watched lot's current bid, bid count and end time as other bidders bid (bursty, irregular,
and faster as a lot nears its end, with a soft close that extends the end after a late bid);
a 1 s countdown shows the seconds left of every lot, and the server re-sends each lot's watcher
count every few seconds. The user places bids through a sheet with
a confirmation alert and gets the server's accepted/outbid response, sets a maximum auto-bid,
receives outbid notifications (a banner that hides itself), browses categories in a list that
loads further pages as it is scrolled (thumbnails arriving as rows appear), adds lots to the
watchlist, and removes finished ones. A socket heartbeat runs every 20 s; once in a while the
socket drops and reconnects with backoff and a resync. After a win the wallet balance is
refreshed.

spreadsheet: a collaborative spreadsheet. Two to four collaborators are in the document; their
pointers and selections stream in while they move, and their committed cell edits arrive with
the server's recalculated cells. The user selects cells (taps, arrow keys, drag selections),
scrolls the grid, types formulas in the formula bar (a text binding per keystroke), commits them
(the server computes the formulas and returns the recalculated cells, or a formula error),
inserts rows, sorts a column, shares the document (e-mail field, role picker, invite), and
reads and writes comments. The autosave status follows the commits (saving, then saved); a
presence snapshot is re-sent every 30 s while joins and leaves arrive as events; a sync socket
pings every 15 s and the sync indicator shows the rare offline stretch.

rowing: a smart rowing machine app during a live class. The user browses classes, opens one
and starts it; during the workout the machine sends stroke data (rate, split, watts, distance)
at every stroke (about every 2-3 s) and force-curve samples about ten times a second during
each drive, a chest strap sends the heart rate each second, the class video's playback
position ticks, a 1 s workout clock runs, the instructor's target cues arrive on the class's
timeline (a banner that hides itself), and the class leaderboard is pushed every few seconds.
The user pauses and resumes, opens the audio mix sheet (music vs instructor volume sliders, a
mute toggle), ends the class (with a confirmation), rates it, and the workout is saved and
uploaded with progress. The heart-rate strap may drop out and come back.
"""

import math

from tcasim import A, App, Arr, Dic, En, NIL, Raw, St, Struct, boolean, either, noise, num, q, signal, text

AUTHOR = "author-w"


def money(x):
    return num(float(x))


def rmoney(x):
    return Raw(repr(float(x)))


# ============================================================================ auction

LOT_TITLES = ["Omega Seamaster 300M (1998)", "Leica M6 body, black", "Fender Stratocaster '72 reissue",
              "Nintendo Game Boy, sealed", "Eames lounge chair, walnut", "Air Jordan 1 Chicago (1985)",
              "Rolex Datejust 36", "Hasselblad 500C/M kit", "Banksy 'Girl with Balloon' print",
              "Pink Floyd - Animals, 1st press", "Gibson Les Paul Junior 1957", "Canon AE-1 Program",
              "1909-S VDB Lincoln cent", "Seiko 6139 Pogue", "Vitra Panton chair", "Roland TR-808",
              "Polaroid SX-70 Land Camera", "Tag Heuer Monaco", "Marantz 2270 receiver", "Lego 10179 UCS Falcon"]
CATEGORIES = ["Watches", "Cameras", "Guitars", "Vinyl", "Sneakers", "Art prints", "Coins", "Furniture"]


def increment_for(price):
    if price < 100:
        return 5
    if price < 500:
        return 10
    if price < 2000:
        return 25
    return 50


class Auction(App):
    """noise   countdownTicked (1 s), lots.element.bidUpdated (server pushes of other bidders'
            bids), lots.element.watchersUpdated (every 4-8 s), connection.heartbeatTimerFired / pongReceived (20 s), connection.reconnect
            TimerFired (backoff), bannerTimerFired (the banner hiding itself), browse.scrolled
    either  browse.loadNextPage / nextPageResponse (infinite scroll), browse.rows.element
            .thumbnailResponse, bid and max-bid amount fields' bindings
    signal  taps, sheets, alerts, bids and their responses, outbid notifications, lots closing,
            the wallet, the watchlist, the socket dropping and coming back"""

    name = "auction"
    module = "Auction"
    process = "Auction"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        self.titles = LOT_TITLES[:]
        rng.shuffle(self.titles)
        self.lot_ids = []
        self.info = {}          # the server's truth per lot
        self.online = True
        self.tab = "watching"
        self.browse_ids = []
        self.next_browse = 0
        self.scroll = 0.0
        self.banner_lot = None
        ends = [rng.uniform(100, 200), rng.uniform(280, 420), rng.uniform(480, 640), rng.uniform(650, 900),
                rng.uniform(900, 1800), rng.uniform(1500, 3600)]
        rows = []
        for e in ends[:rng.randint(5, 6)]:
            lid = self.new_lot(e)
            rows.append(self.lot_state(lid))
        self.state = St(self.st("AppFeature"), [
            ("selectedTab", self.case("watching", "Tab")),
            ("lots", Arr(rows)),
            ("browse", St(self.st("Browse"), [("category", NIL), ("rows", Arr()), ("page", num(0)),
                                              ("isLoadingPage", boolean(False)), ("hasMore", boolean(True)),
                                              ("scrollOffset", num(0.0))])),
            ("bidSheet", NIL),
            ("maxBidSheet", NIL),
            ("banner", NIL),
            ("wallet", St(self.st("Wallet"), [("balance", money(rng.randint(45, 140) * 100)),
                                              ("pendingHolds", money(0)), ("isRefreshing", boolean(False)),
                                              ("updatedAt", self.date(0))])),
            ("connection", St(self.st("Connection"), [("status", self.case("connected", "Connection.Status")),
                                                      ("lastPongAt", NIL), ("latencyMs", NIL),
                                                      ("reconnectAttempt", num(0))])),
        ])

    # -- ids and paths
    def new_lot(self, ends_in):
        rng = self.rng
        lid = "LOT-%05d" % rng.randint(10000, 99999)
        price = rng.choice([40, 65, 120, 180, 260, 420, 750, 1200, 2600])
        self.info[lid] = {"title": self.titles.pop() if self.titles else "Lot %s" % lid, "price": price,
                          "bids": rng.randint(0, 30), "ends": self.now + ends_in, "leading": False,
                          "max": None, "live": True, "bidder": "bidder_%04d" % rng.randint(1000, 9999),
                          "mine": False, "ceiling": price * rng.uniform(2.5, 6.0), "tries": 0,
                          "watchers": rng.randint(4, 120)}
        self.lot_ids.append(lid)
        return lid

    def lot_state(self, lid):
        i = self.info[lid]
        return St(self.st("Lot"), [
            ("id", text(lid)), ("title", text(i["title"])), ("currentBid", money(i["price"])),
            ("bidCount", num(i["bids"])), ("endsAt", self.date(i["ends"])),
            ("secondsLeft", num(max(0, int(i["ends"] - self.now)))), ("isLeading", boolean(i["leading"])),
            ("myMaxBid", NIL if i["max"] is None else money(i["max"])),
            ("recentBids", Arr()), ("watchers", num(i["watchers"])), ("status", self.case("live", "Lot.Status"))])

    def lpath(self, lid, *rest):
        return ("lots", ("i", self.lot_ids.index(lid))) + rest

    def lot(self, lid, inner):
        return self.act("lots", self.element("Lot", q(lid), inner))

    def browse(self, inner):
        return self.act("browse", inner)

    def brow(self, bid, inner):
        return self.browse(A(self.at("Browse"), "rows", self.element("BrowseRow", q(bid), inner)))

    def present(self, field, feature, inner):
        return self.act(field, A("PresentationAction<%s>" % self.at(feature), "presented", inner))

    def dismissed(self, field, feature):
        return self.act(field, A("PresentationAction<%s>" % self.at(feature), "dismiss"))

    def conn(self, inner):
        return self.act("connection", inner)

    def push_recent(self, lid, who, amount):
        """The lot's three most recent bids, newest first."""
        path = self.lpath(lid, "recentBids")
        items = self.get(path).items
        entry = St("BidEntry", [("bidder", text(who)), ("amount", money(amount)), ("at", self.date())])
        self.set(path, Arr([entry] + items[:2]))

    # -- noise
    @noise
    def countdown_ticked(self):
        for lid in self.lot_ids:
            i = self.info[lid]
            if i["live"]:
                self.set(self.lpath(lid, "secondsLeft"), num(max(0, int(round(i["ends"] - self.now)))))
        return self.act("countdownTicked")

    # reason: the server re-sends the lot's price as strangers bid: it nudges numbers, keeps coming
    # while the user does nothing; what matters to the user (outbid, closed) comes as its own action
    @noise
    def bid_updated(self, lid):
        i = self.info[lid]
        if lid not in self.lot_ids:
            return None
        self.set(self.lpath(lid, "currentBid"), money(i["price"]))
        self.set(self.lpath(lid, "bidCount"), num(i["bids"]))
        self.set(self.lpath(lid, "endsAt"), self.date(i["ends"]))
        self.set(self.lpath(lid, "secondsLeft"), num(max(0, int(round(i["ends"] - self.now)))))
        self.set(self.lpath(lid, "isLeading"), boolean(i["leading"]))
        self.push_recent(lid, "you" if i["leading"] else i["bidder"], i["price"])
        return self.lot(lid, A(self.at("Lot"), "bidUpdated", Struct("BidUpdate", [
            ("lotID", q(lid)), ("amount", rmoney(i["price"])), ("bidCount", Raw(str(i["bids"]))),
            ("highBidder", q("you" if i["leading"] else i["bidder"])),
            ("endsAt", Raw(self.date(i["ends"]).cd))])))

    # reason: the server re-sends how many people watch the lot every few seconds: a number nudged
    @noise
    def watchers_updated(self, lid):
        i = self.info[lid]
        if lid not in self.lot_ids or not i["live"]:
            return None
        left = i["ends"] - self.now
        drift = self.rng.choice([-2, -1, 0, 0, 1, 1, 2, 3]) + (self.rng.randint(0, 4) if left < 120 else 0)
        i["watchers"] = max(1, i["watchers"] + drift)
        self.set(self.lpath(lid, "watchers"), num(i["watchers"]))
        return self.lot(lid, A(self.at("Lot"), "watchersUpdated", count=Raw(str(i["watchers"]))))

    @noise
    def heartbeat_fired(self):
        if not self.online:
            return self.conn(A(self.at("Connection"), "heartbeatTimerFired"))
        self.after(self.rng.uniform(0.04, 0.25), self.pong_received)
        return self.conn(A(self.at("Connection"), "heartbeatTimerFired"))

    # reason: the heartbeat's own response: timer-paced, it only stamps a time and a latency
    @noise
    def pong_received(self):
        if not self.online:
            return None
        ms = self.rng.randint(28, 140)
        self.set(("connection", "lastPongAt"), self.date())
        self.set(("connection", "latencyMs"), num(ms))
        return self.conn(A(self.at("Connection"), "pongReceived", latencyMs=Raw(str(ms))))

    # reason: the backoff timer firing is the machine retrying; the drop and the reconnect are signal
    @noise
    def reconnect_fired(self, attempt):
        self.set(("connection", "reconnectAttempt"), num(attempt))
        self.set(("connection", "status"), self.case("connecting", "Connection.Status"))
        return self.conn(A(self.at("Connection"), "reconnectTimerFired", attempt=Raw(str(attempt))))

    # reason: the banner hiding itself 4 s after the outbid notice: an echo of its trigger
    @noise
    def banner_timer_fired(self, lid):
        if self.banner_lot != lid:
            return None
        self.banner_lot = None
        self.set(("banner",), NIL)
        return self.act("bannerTimerFired")

    @noise
    def browse_scrolled(self, y):
        self.scroll = y
        self.set(("browse", "scrollOffset"), num(y))
        return self.browse(A(self.at("Browse"), "scrolled", offset=Raw(repr(y))))

    # -- either
    # reason: the list asking for its next page because the last rows appeared while scrolling
    @either
    def load_next_page(self):
        self.set(("browse", "isLoadingPage"), boolean(True))
        return self.browse(A(self.at("Browse"), "loadNextPage"))

    # reason: a page arriving because the list was scrolled to its end, not because of a tap
    @either
    def next_page_response(self, page):
        rows = self.make_rows(20 if page < 5 else self.rng.randint(4, 19))
        for r in rows:
            self.append(("browse", "rows"), r)
        self.set(("browse", "page"), num(page))
        self.set(("browse", "isLoadingPage"), boolean(False))
        if page >= 5:
            self.set(("browse", "hasMore"), boolean(False))
        return self.browse(A(self.at("Browse"), "nextPageResponse", self.result("LotPage", True, Struct("LotPage", [
            ("page", Raw(str(page))), ("count", Raw(str(len(rows)))), ("hasMore", Raw("true" if page < 5 else "false"))]))))

    # reason: thumbnails loading as rows scroll into view
    @either
    def thumbnail_response(self, bid):
        if bid not in self.browse_ids:
            return None
        k = self.browse_ids.index(bid)
        size = self.rng.randint(9000, 60000)
        self.set(("browse", "rows", ("i", k), "thumbnail"), St("Thumbnail", [("bytes", num(size))]))
        return self.brow(bid, A(self.at("BrowseRow"), "thumbnailResponse", self.result(
            "Data", True, Raw("%d bytes" % size))))

    @either
    def bid_amount_typed(self, value):
        self.set(("bidSheet", "amountText"), text(value))
        return self.present("bidSheet", "BidSheet", self.binding("BidSheet", "amountText", q(value)))

    @either
    def max_amount_typed(self, value):
        self.set(("maxBidSheet", "amountText"), text(value))
        return self.present("maxBidSheet", "MaxBidSheet", self.binding("MaxBidSheet", "amountText", q(value)))

    # -- signal
    @signal
    def tab_selected(self, tab):
        self.tab = tab
        self.set(("selectedTab",), self.case(tab, "Tab"))
        return self.act("tabSelected", A("Tab", tab))

    @signal
    def bid_tapped(self, lid):
        i = self.info[lid]
        amount = i["price"] + increment_for(i["price"])
        self.set(("bidSheet",), St(self.st("BidSheet"), [
            ("lotID", text(lid)), ("minimumBid", money(amount)), ("amountText", text(str(amount))),
            ("isSubmitting", boolean(False)), ("alert", NIL), ("error", NIL)]))
        return self.lot(lid, A(self.at("Lot"), "bidButtonTapped"))

    @signal
    def increment_tapped(self):
        v = int(self.get(("bidSheet", "amountText")).df)
        lid = self.get(("bidSheet", "lotID")).df
        v += increment_for(v)
        self.set(("bidSheet", "amountText"), text(str(v)))
        return self.present("bidSheet", "BidSheet", A(self.at("BidSheet"), "incrementButtonTapped"))

    @signal
    def place_bid_tapped(self):
        amount = self.get(("bidSheet", "amountText")).df
        self.set(("bidSheet", "alert"), St("AlertState<BidSheet.Action.Alert>", [
            ("title", text("Confirm your bid")), ("message", text("Place a bid of $%s? Bids can't be retracted." % amount))]))
        return self.present("bidSheet", "BidSheet", A(self.at("BidSheet"), "placeBidButtonTapped"))

    def alert_action(self, name):
        return self.present("bidSheet", "BidSheet", A(self.at("BidSheet"), "alert", A(
            "PresentationAction<BidSheet.Action.Alert>", "presented", A("BidSheet.Action.Alert", name))))

    @signal
    def confirm_bid(self):
        self.set(("bidSheet", "alert"), NIL)
        self.set(("bidSheet", "isSubmitting"), boolean(True))
        return self.alert_action("confirmBidTapped")

    @signal
    def cancel_bid(self):
        self.set(("bidSheet", "alert"), NIL)
        return self.alert_action("cancelTapped")

    @signal
    def bid_response(self, lid, amount, ok):
        i = self.info[lid]
        if self.get(("bidSheet",)) is NIL:
            return None
        self.set(("bidSheet", "isSubmitting"), boolean(False))
        if not ok:
            self.set(("bidSheet", "error"), text("The network connection was lost."))
            return self.present("bidSheet", "BidSheet", A(self.at("BidSheet"), "placeBidResponse", self.result(
                "BidReceipt", False, Struct("URLError", [("code", Raw("-1005"))]))))
        i["mine"] = True
        if amount <= i["price"] or (self.rng.random() < 0.3 and i["live"]):
            # another bidder's proxy bid is already higher: outbid at once
            if amount > i["price"]:
                i["price"] = amount + increment_for(amount)
                i["bids"] += 2
            status = "outbid"
            i["leading"] = False
            self.set(("bidSheet", "minimumBid"), money(i["price"] + increment_for(i["price"])))
            self.set(("bidSheet", "error"), text("You were outbid. Current bid $%d." % i["price"]))
        else:
            status = "accepted"
            i["price"] = amount
            i["bids"] += 1
            i["leading"] = True
            self.push_recent(lid, "you", amount)
            if i["ends"] - self.now < 30:
                i["ends"] = self.now + 30
        self.set(self.lpath(lid, "currentBid"), money(i["price"]))
        self.set(self.lpath(lid, "bidCount"), num(i["bids"]))
        self.set(self.lpath(lid, "isLeading"), boolean(i["leading"]))
        self.set(self.lpath(lid, "endsAt"), self.date(i["ends"]))
        return self.present("bidSheet", "BidSheet", A(self.at("BidSheet"), "placeBidResponse", self.result(
            "BidReceipt", True, Struct("BidReceipt", [("lotID", q(lid)), ("amount", rmoney(amount)),
                                                       ("status", Raw("." + status)),
                                                       ("currentBid", rmoney(i["price"]))]))))

    @signal
    def bid_sheet_dismissed(self):
        self.set(("bidSheet",), NIL)
        return self.dismissed("bidSheet", "BidSheet")

    @signal
    def max_bid_tapped(self, lid):
        i = self.info[lid]
        self.set(("maxBidSheet",), St(self.st("MaxBidSheet"), [
            ("lotID", text(lid)), ("amountText", text("" if i["max"] is None else str(i["max"]))),
            ("notifyWhenOutbid", boolean(True)), ("isSaving", boolean(False))]))
        return self.lot(lid, A(self.at("Lot"), "setMaxBidButtonTapped"))

    @signal
    def notify_toggled(self, on):
        self.set(("maxBidSheet", "notifyWhenOutbid"), boolean(on))
        return self.present("maxBidSheet", "MaxBidSheet", self.binding("MaxBidSheet", "notifyWhenOutbid",
                                                                       Raw("true" if on else "false")))

    @signal
    def max_save_tapped(self):
        self.set(("maxBidSheet", "isSaving"), boolean(True))
        return self.present("maxBidSheet", "MaxBidSheet", A(self.at("MaxBidSheet"), "saveButtonTapped"))

    @signal
    def max_bid_response(self, lid, amount):
        i = self.info[lid]
        i["max"] = amount
        self.set(self.lpath(lid, "myMaxBid"), money(amount))
        if self.get(("maxBidSheet",)) is not NIL:
            self.set(("maxBidSheet", "isSaving"), boolean(False))
        # the server bids on the user's behalf up to the maximum
        if not i["leading"] and amount > i["price"] + increment_for(i["price"]) and i["live"]:
            i["price"] += increment_for(i["price"])
            i["bids"] += 1
            i["leading"] = True
            i["mine"] = True
            self.set(self.lpath(lid, "currentBid"), money(i["price"]))
            self.set(self.lpath(lid, "bidCount"), num(i["bids"]))
            self.set(self.lpath(lid, "isLeading"), boolean(True))
        return self.present("maxBidSheet", "MaxBidSheet", A(self.at("MaxBidSheet"), "saveResponse", self.result(
            "AutoBid", True, Struct("AutoBid", [("lotID", q(lid)), ("maxAmount", rmoney(amount)),
                                                 ("isLeading", Raw("true" if i["leading"] else "false"))]))))

    @signal
    def max_sheet_dismissed(self):
        self.set(("maxBidSheet",), NIL)
        return self.dismissed("maxBidSheet", "MaxBidSheet")

    # reason: a server push, but a meaningful event for the user (a notification, a status change)
    @signal
    def outbid_received(self, lid):
        i = self.info[lid]
        if lid not in self.lot_ids:
            return None
        self.banner_lot = lid
        self.set(self.lpath(lid, "isLeading"), boolean(False))
        self.set(("banner",), St(self.st("Banner"), [("lotID", text(lid)), ("message", text(
            "You've been outbid on %s: $%d" % (i["title"], i["price"])))]))
        self.after(4.0, self.banner_timer_fired, lid)
        return self.act("notificationReceived", A("PushNotification", "outbid", lotID=q(lid), amount=rmoney(i["price"])))

    @signal
    def banner_tapped(self, lid):
        self.banner_lot = None
        self.set(("banner",), NIL)
        self.set(("selectedTab",), self.case("watching", "Tab"))
        self.tab = "watching"
        return self.act("bannerTapped")

    # reason: machine-timed, but the lot's outcome (won/lost) is an event, once per lot
    @signal
    def lot_closed(self, lid):
        i = self.info[lid]
        i["live"] = False
        if lid not in self.lot_ids:
            return None
        won = i["leading"]
        result = "won" if won else ("lost" if i["mine"] else "ended")
        self.set(self.lpath(lid, "secondsLeft"), num(0))
        self.set(self.lpath(lid, "status"), self.case(result, "Lot.Status"))
        if won:
            self.set(("wallet", "isRefreshing"), boolean(True))
            self.after(self.rng.uniform(0.4, 1.5), self.wallet_response, -i["price"])
        return self.lot(lid, A(self.at("Lot"), "lotClosed", Struct("LotResult", [
            ("lotID", q(lid)), ("finalPrice", rmoney(i["price"])),
            ("winner", q("you" if won else i["bidder"])), ("bidCount", Raw(str(i["bids"])))])))

    @signal
    def wallet_refresh_pulled(self):
        self.set(("wallet", "isRefreshing"), boolean(True))
        self.after(self.rng.uniform(0.4, 1.5), self.wallet_response, 0)
        return self.act("wallet", A(self.at("Wallet"), "refreshPulled"))

    # reason: the wallet's refresh after a win or a pull: an effect's response, rare
    @signal
    def wallet_response(self, delta):
        bal = float(self.get(("wallet", "balance")).cd) + delta
        self.set(("wallet", "balance"), money(bal))
        self.set(("wallet", "isRefreshing"), boolean(False))
        self.set(("wallet", "updatedAt"), self.date())
        return self.act("wallet", A(self.at("Wallet"), "balanceResponse", self.result("Balance", True, Struct(
            "Balance", [("available", rmoney(bal)), ("currency", q("USD"))]))))

    @signal
    def remove_tapped(self, lid):
        k = self.lot_ids.index(lid)
        action = self.lot(lid, A(self.at("Lot"), "removeButtonTapped"))
        self.remove_at(("lots",), k)
        self.lot_ids.pop(k)
        return action

    @signal
    def category_tapped(self, cat):
        self.set(("browse", "category"), text(cat))
        self.set(("browse", "rows"), Arr())
        self.set(("browse", "page"), num(0))
        self.set(("browse", "hasMore"), boolean(True))
        self.set(("browse", "isLoadingPage"), boolean(True))
        self.set(("browse", "scrollOffset"), num(0.0))
        self.scroll = 0.0
        self.browse_ids = []
        return self.browse(A(self.at("Browse"), "categoryTapped", q(cat)))

    @signal
    def category_response(self):
        rows = self.make_rows(20)
        self.set(("browse", "rows"), Arr(rows))
        self.set(("browse", "page"), num(1))
        self.set(("browse", "isLoadingPage"), boolean(False))
        return self.browse(A(self.at("Browse"), "categoryResponse", self.result("LotPage", True, Struct("LotPage", [
            ("page", Raw("1")), ("count", Raw(str(len(rows)))), ("hasMore", Raw("true"))]))))

    def make_rows(self, n):
        rows = []
        for _ in range(n):
            bid = "LOT-%05d" % self.rng.randint(10000, 99999)
            self.browse_ids.append(bid)
            rows.append(St(self.st("BrowseRow"), [
                ("id", text(bid)), ("title", text(self.rng.choice(LOT_TITLES))),
                ("currentBid", money(self.rng.choice([25, 40, 85, 140, 310, 560, 980]))),
                ("endsIn", num(self.rng.randint(300, 86400))), ("thumbnail", NIL), ("isWatched", boolean(False))]))
        return rows

    @signal
    def watch_tapped(self, bid):
        k = self.browse_ids.index(bid)
        self.set(("browse", "rows", ("i", k), "isWatched"), boolean(True))
        return self.brow(bid, A(self.at("BrowseRow"), "watchButtonTapped"))

    @signal
    def watch_response(self, bid):
        k = self.browse_ids.index(bid)
        row = self.get(("browse", "rows", ("i", k)))
        lid = self.new_lot(self.rng.uniform(200, 1500))
        self.info[lid]["title"] = row.f["title"].df
        self.info[lid]["price"] = int(float(row.f["currentBid"].cd))
        self.append(("lots",), self.lot_state(lid))
        self.spawn(self.lot_feed(lid))
        return self.brow(bid, A(self.at("BrowseRow"), "watchResponse", self.result("WatchedLot", True, Struct(
            "WatchedLot", [("lotID", q(lid)), ("watchers", Raw(str(self.rng.randint(3, 90))))]))))

    # reason: a connection drop: a system event the reader must see
    @signal
    def socket_closed(self):
        self.online = False
        self.set(("connection", "status"), self.case("disconnected", "Connection.Status"))
        return self.conn(A(self.at("Connection"), "socketClosed", code=Raw("1006"), reason=q("abnormal closure")))

    @signal
    def socket_opened(self):
        self.online = True
        self.set(("connection", "status"), self.case("connected", "Connection.Status"))
        self.set(("connection", "reconnectAttempt"), num(0))
        return self.conn(A(self.at("Connection"), "socketOpened"))

    # reason: the response of the reconnect's snapshot request: follows the socket reopening
    @signal
    def resync_response(self):
        for lid in self.lot_ids:
            i = self.info[lid]
            if i["live"]:
                self.set(self.lpath(lid, "currentBid"), money(i["price"]))
                self.set(self.lpath(lid, "bidCount"), num(i["bids"]))
                self.set(self.lpath(lid, "endsAt"), self.date(i["ends"]))
                self.set(self.lpath(lid, "isLeading"), boolean(i["leading"]))
        return self.act("resyncResponse", self.result("[LotSnapshot]", True, Struct("LotSnapshots", [
            ("count", Raw(str(len(self.lot_ids)))), ("serverTime", Raw(self.date().cd))])))

    # -- processes
    def processes(self):
        return [self.periodic(self.countdown_ticked, 1.0, 0.003),
                self.periodic(self.heartbeat_fired, 20.0, 0.05),
                self.network()] + [self.lot_feed(lid) for lid in self.lot_ids] + [self.person()]

    def watchers_feed(self, lid):
        i = self.info[lid]
        yield self.rng.uniform(0, 6)
        while i["live"] and lid in self.lot_ids:
            if self.online:
                self.emit(self.watchers_updated, lid)
            yield self.rng.uniform(4.0, 8.0)

    def lot_feed(self, lid):
        rng = self.rng
        i = self.info[lid]
        self.spawn(self.watchers_feed(lid))
        while True:
            left = i["ends"] - self.now
            if left <= 0:
                yield rng.uniform(0.4, 1.8)
                if i["ends"] - self.now > 0:
                    continue
                self.emit(self.lot_closed, lid)
                return
            mean = 35 if left > 600 else 12 if left > 180 else 5 if left > 60 else 2.0 if left > 20 else 1.0
            if i["price"] > i["ceiling"]:
                mean *= 4                     # the other bidders are dropping out
            wait = self.expo(mean)
            if wait >= left:
                yield left
                continue
            yield wait
            n = 1 if rng.random() < 0.55 else rng.randint(2, 6)
            for k in range(n):
                if i["ends"] <= self.now or not i["live"]:
                    break
                self.bid_by_other(lid)
                if k < n - 1:
                    yield rng.uniform(0.4, 3.0)

    def bid_by_other(self, lid):
        rng = self.rng
        i = self.info[lid]
        was_leading = i["leading"]
        i["bids"] += 1
        i["price"] += increment_for(i["price"]) * rng.choice([1, 1, 1, 2, 3])
        if i["ends"] - self.now < 30:
            i["ends"] = self.now + 30          # soft close
        outbid = False
        if was_leading:
            if i["max"] is not None and i["max"] >= i["price"] + increment_for(i["price"]):
                i["price"] += increment_for(i["price"])   # the user's auto-bid answers
                i["bids"] += 1
            else:
                i["leading"] = False
                outbid = True
        i["bidder"] = "bidder_%04d" % rng.randint(1000, 9999)
        if self.online:
            self.emit(self.bid_updated, lid)
            if outbid:
                self.after(rng.uniform(0.3, 1.2), self.outbid_received, lid)

    def network(self):
        rng = self.rng
        while True:
            yield rng.uniform(200, 500)
            self.emit(self.socket_closed)
            attempt = 0
            while True:
                attempt += 1
                yield min(30, 2 ** attempt) * rng.uniform(0.8, 1.2)
                self.emit(self.reconnect_fired, attempt)
                yield rng.uniform(0.2, 1.5)
                if rng.random() < 0.55 or attempt >= 4:
                    break
            self.emit(self.socket_opened)
            yield rng.uniform(0.2, 0.6)
            self.emit(self.resync_response)

    def urgent(self):
        """A lot the user cares about, ending soon, that they are not leading."""
        for lid in self.lot_ids:
            i = self.info[lid]
            if i["live"] and not i["leading"] and 5 < i["ends"] - self.now < 75 and i["mine"] and i["tries"] < 3 \
                    and self.now - i.get("tried_at", -99) > 25:
                return lid
        return None

    def bid_flow(self, lid):
        rng = self.rng
        self.info[lid]["tries"] += 1
        self.info[lid]["tried_at"] = self.now
        if self.tab != "watching":
            self.emit(self.tab_selected, "watching")
            yield rng.uniform(0.8, 2.5)
        self.emit(self.bid_tapped, lid)
        yield rng.uniform(1.0, 3.0)
        if rng.random() < 0.55:
            for _ in range(rng.randint(1, 3)):
                self.emit(self.increment_tapped)
                yield rng.uniform(0.3, 1.0)
        else:
            i = self.info[lid]
            target = str(i["price"] + increment_for(i["price"]) * rng.randint(1, 4))
            self.emit(self.bid_amount_typed, "")
            for k in range(1, len(target) + 1):
                yield rng.uniform(0.15, 0.5)
                self.emit(self.bid_amount_typed, target[:k])
        yield rng.uniform(0.6, 2.5)
        for attempt in range(2):
            self.emit(self.place_bid_tapped)
            yield rng.uniform(0.8, 2.5)
            if rng.random() < 0.08:
                self.emit(self.cancel_bid)
                yield rng.uniform(0.5, 1.5)
                self.emit(self.bid_sheet_dismissed)
                return
            amount = int(self.get(("bidSheet", "amountText")).df)
            self.emit(self.confirm_bid)
            yield rng.uniform(0.3, 1.1)
            ok = rng.random() < 0.95 and self.online
            self.emit(self.bid_response, lid, amount, ok)
            if ok and self.info[lid]["leading"]:
                yield rng.uniform(0.3, 0.6)
                self.emit(self.bid_sheet_dismissed)      # the sheet dismisses itself
                return
            yield rng.uniform(1.0, 3.0)
            if rng.random() < 0.5 or not self.info[lid]["live"]:
                break
            self.emit(self.increment_tapped)
            yield rng.uniform(0.5, 1.5)
        self.emit(self.bid_sheet_dismissed)

    def max_bid_flow(self, lid):
        rng = self.rng
        self.emit(self.max_bid_tapped, lid)
        yield rng.uniform(1.0, 2.5)
        i = self.info[lid]
        target = str(int(i["price"] * rng.uniform(1.3, 2.2)) // 5 * 5)
        for k in range(1, len(target) + 1):
            self.emit(self.max_amount_typed, target[:k])
            yield rng.uniform(0.15, 0.6)
        if rng.random() < 0.3:
            yield rng.uniform(0.5, 1.5)
            self.emit(self.notify_toggled, False)
        yield rng.uniform(0.8, 2.0)
        self.emit(self.max_save_tapped)
        yield rng.uniform(0.3, 0.9)
        self.emit(self.max_bid_response, lid, int(target))
        yield rng.uniform(0.3, 0.6)
        self.emit(self.max_sheet_dismissed)

    def browse_flow(self):
        rng = self.rng
        if self.tab != "browse":
            self.emit(self.tab_selected, "browse")
            yield rng.uniform(1.0, 3.0)
        if not self.browse_ids or rng.random() < 0.5:
            self.emit(self.category_tapped, rng.choice(CATEGORIES))
            yield rng.uniform(0.3, 0.9)
            self.emit(self.category_response)
            self.spawn(self.thumbnails(0, 6))
            yield rng.uniform(1.0, 3.0)
        for _ in range(rng.randint(1, 5)):
            v = rng.uniform(-300, 1400)
            start = self.scroll
            hz = rng.uniform(40, 60)
            dur = rng.uniform(0.3, 1.2)
            n = max(3, int(hz * dur))
            yield from self.gesture(self.browse_scrolled, hz=hz, duration=n / hz, args=lambda k, s=start, v=v, n=n: (
                max(0.0, round(s + v * math.sin((k + 1) / n * math.pi / 2) + rng.uniform(-2, 2), 1)),))
            first = int(self.scroll // 96)
            self.spawn(self.thumbnails(first, first + 8))
            rows = len(self.browse_ids)
            if self.scroll > rows * 96 - 900 and self.get(("browse", "hasMore")).cd == "true" \
                    and self.get(("browse", "isLoadingPage")).cd == "false":
                self.emit(self.load_next_page)
                page = int(self.get(("browse", "page")).cd) + 1
                self.after(rng.uniform(0.4, 1.3), self.next_page_response, page)
            yield rng.uniform(0.8, 4.0)
            if rng.random() < 0.12:
                k = min(len(self.browse_ids) - 1, int(self.scroll // 96) + rng.randint(0, 6))
                bid = self.browse_ids[k]
                if self.get(("browse", "rows", ("i", k), "isWatched")).cd == "false":
                    self.emit(self.watch_tapped, bid)
                    yield rng.uniform(0.2, 0.7)
                    self.emit(self.watch_response, bid)
                    yield rng.uniform(1.0, 3.0)

    def thumbnails(self, a, b):
        rng = self.rng
        for k in range(a, b):
            if k >= len(self.browse_ids):
                return
            if self.get(("browse", "rows", ("i", k), "thumbnail")) is NIL:
                yield rng.uniform(0.05, 0.4)
                if k < len(self.browse_ids):
                    self.emit(self.thumbnail_response, self.browse_ids[k])

    def person(self):
        rng = self.rng
        think = self.think((2.0, 6.0), (10.0, 30.0), (60, 180), (30, 120))
        yield rng.uniform(1.0, 3.0)
        while True:
            lid = self.urgent()
            if lid is not None and self.get(("bidSheet",)) is NIL:
                yield rng.uniform(1.0, 4.0)
                if self.banner_lot == lid and rng.random() < 0.6:
                    self.emit(self.banner_tapped, lid)
                    yield rng.uniform(0.5, 1.5)
                yield from self.bid_flow(lid)
                yield rng.uniform(2.0, 6.0)
                continue
            yield next(think)
            r = rng.random()
            live = [l for l in self.lot_ids if self.info[l]["live"]]
            done = [l for l in self.lot_ids if not self.info[l]["live"]]
            if r < 0.16 and live:
                yield from self.bid_flow(rng.choice(live))
            elif r < 0.24 and live:
                yield from self.max_bid_flow(rng.choice(live))
            elif r < 0.50:
                yield from self.browse_flow()
            elif r < 0.72 and done:
                if self.tab != "watching":
                    self.emit(self.tab_selected, "watching")
                    yield rng.uniform(0.8, 2.0)
                self.emit(self.remove_tapped, rng.choice(done))
            elif r < 0.78:
                if self.tab != "wallet":
                    self.emit(self.tab_selected, "wallet")
                    yield rng.uniform(1.0, 3.0)
                if rng.random() < 0.5:
                    self.emit(self.wallet_refresh_pulled)
            elif r < 0.9:
                if self.tab != "watching":
                    self.emit(self.tab_selected, "watching")


# ======================================================================== spreadsheet

PEOPLE = [("u_ana", "Ana Souza", "#E5484D"), ("u_kenji", "Kenji Watanabe", "#30A46C"),
          ("u_lea", "Léa Martin", "#0091FF"), ("u_omar", "Omar Haddad", "#F76808"),
          ("u_priya", "Priya Natarajan", "#8E4EC6")]
COLUMNS = "ABCDEFGH"
FORMULAS = ["=SUM(C2:C%d)", "=AVERAGE(D2:D%d)", "=C%d*1.19", "=IF(E%d>1000,\"over\",\"ok\")",
            "=VLOOKUP(A%d,Rates!A:B,2,FALSE)", "=ROUND(F%d/12,2)", "=MAX(C2:C%d)", "=COUNTIF(B2:B%d,\"Q4\")"]
WORDS = ["Marketing", "Travel", "Hosting", "Payroll", "Licenses", "Hardware", "Events", "Q4", "Q3", "Berlin",
         "Lisbon", "pending", "approved", "Contractors", "Office rent"]
EMAILS = ["mara@acme.io", "jonas.k@acme.io", "finance@acme.io", "tom.b@partner.com", "s.ito@acme.io"]
COMMENTS = ["Can you double-check the hosting line?", "Numbers for Lisbon are from last week",
            "I think row 14 is counted twice", "Looks good to me 👍", "Should this be net or gross?",
            "Updated with the new rates", "Who owns the contractors budget?"]


def cell_name(col, row):
    return "%s%d" % (COLUMNS[col], row)


class Spreadsheet(App):
    """noise   collaboration.cursorMoved (collaborators' pointers, ~10 Hz while they move),
            collaboration.selectionChanged (their drag selections), presence.snapshotReceived
            (30 s re-send), sync.heartbeatTimerFired (15 s), grid.scrolled, grid.selectionDragged
    either  formulaBar.binding.set (a keystroke each), the share e-mail field and comment draft
    signal  cell taps, arrow keys, commits and the server's recalculation, collaborators' edits,
            joins and leaves, inserts, sorts, sharing, comments, autosave status, sync offline"""

    name = "spreadsheet"
    module = "Sheets"
    process = "Sheets"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        self.rows = rng.randint(24, 40)
        cells = {}
        for r in range(1, self.rows + 1):
            for c in range(6):
                if r == 1:
                    cells[cell_name(c, r)] = text(["Item", "Quarter", "Amount", "Budget", "Total", "Status"][c])
                elif c in (0, 1, 5):
                    cells[cell_name(c, r)] = text(rng.choice(WORDS))
                elif rng.random() < 0.85:
                    cells[cell_name(c, r)] = text(str(round(rng.uniform(20, 4000), 2)))
        people = PEOPLE[:]
        rng.shuffle(people)
        self.people = people
        self.online_ids = [p[0] for p in people[:rng.randint(2, 3)]]
        self.pointer = {p[0]: [rng.uniform(0, 900), rng.uniform(0, 700)] for p in people}
        self.sel = {p[0]: (rng.randrange(6), rng.randint(2, self.rows)) for p in people}
        self.me = (0, 2)
        self.editing = False
        self.version = rng.randint(1200, 4000)
        self.offline = False
        self.scroll = 0.0
        self.comment_ids = []
        collab = {}
        for pid in self.online_ids:
            collab[pid] = self.collab_state(pid)
        self.state = St(self.st("AppFeature"), [
            ("document", St(self.st("Document"), [
                ("id", text("sh_" + self.uid()[:8].lower())), ("title", text("FY26 Budget – Ops")),
                ("rowCount", num(self.rows)), ("cells", Dic(cells)), ("sort", NIL), ("version", num(self.version))])),
            ("grid", St(self.st("Grid"), [("selection", self.range_state((0, 2), (0, 2))),
                                          ("scrollOffset", St("CGPoint", [("x", num(0.0)), ("y", num(0.0))]))])),
            ("formulaBar", St(self.st("FormulaBar"), [("text", text(cells.get("A2", text("")).df)),
                                                      ("isEditing", boolean(False)), ("error", NIL)])),
            ("collaborators", Dic(collab)),
            ("autosave", self.case("saved", "AutosaveStatus")),
            ("sync", St(self.st("Sync"), [("status", self.case("live", "Sync.Status")), ("pendingOps", num(0)),
                                          ("lastHeartbeatAt", NIL)])),
            ("comments", Arr()),
            ("destination", NIL),
        ])

    def person_of(self, pid):
        return next(p for p in self.people if p[0] == pid)

    def collab_state(self, pid):
        p = self.person_of(pid)
        x, y = self.pointer[pid]
        c, r = self.sel[pid]
        return St(self.st("Collaborator"), [
            ("id", text(pid)), ("name", text(p[1])), ("color", text(p[2])),
            ("pointer", St("CGPoint", [("x", num(round(x, 1))), ("y", num(round(y, 1)))])),
            ("selection", text(cell_name(c, r))), ("lastActiveAt", self.date())])

    def range_state(self, a, b):
        return St("CellRange", [("start", text(cell_name(*a))), ("end", text(cell_name(*b)))])

    def grid(self, inner):
        return self.act("grid", inner)

    def collab(self, inner):
        return self.act("collaboration", inner)

    def dest(self, feature, case, inner):
        return self.act("destination", A("PresentationAction<%s>" % self.at("Destination"), "presented",
                                         A(self.at("Destination"), case, inner)))

    def cellarg(self, name):
        return Struct("CellID", [("column", q(name[0])), ("row", Raw(name[1:]))])

    # -- noise
    # reason: another person's pointer, throttled to ~10 Hz by the server: nudges two numbers
    @noise
    def cursor_moved(self, pid, x, y):
        if pid not in self.online_ids:
            return None
        self.pointer[pid] = [x, y]
        self.set(("collaborators", ("k", pid), "pointer"), St("CGPoint", [("x", num(x)), ("y", num(y))]))
        return self.collab(A(self.at("Collaboration"), "cursorMoved", userID=q(pid), position=Struct(
            "CGPoint", [("x", Raw(repr(x))), ("y", Raw(repr(y)))])))

    # reason: a collaborator's selection while they drag or arrow around: a stream, not an edit
    @noise
    def selection_changed(self, pid, cell):
        if pid not in self.online_ids:
            return None
        self.set(("collaborators", ("k", pid), "selection"), text(cell))
        self.set(("collaborators", ("k", pid), "lastActiveAt"), self.date())
        return self.collab(A(self.at("Collaboration"), "selectionChanged", userID=q(pid), cell=q(cell)))

    # reason: the server re-sends the whole presence list every 30 s; joins and leaves come as events
    @noise
    def presence_snapshot(self):
        if self.offline:
            return None
        active = [pid for pid in self.online_ids if self.rng.random() < 0.7]
        for pid in active:
            self.set(("collaborators", ("k", pid), "lastActiveAt"), self.date())
        return self.act("presence", A(self.at("Presence"), "snapshotReceived", Struct("PresenceSnapshot", [
            ("online", Raw("[%s]" % ", ".join('"%s"' % p for p in self.online_ids))),
            ("active", Raw(str(len(active)))), ("version", Raw(str(self.version)))])))

    @noise
    def heartbeat_fired(self):
        if not self.offline:
            self.set(("sync", "lastHeartbeatAt"), self.date())
        return self.act("sync", A(self.at("Sync"), "heartbeatTimerFired"))

    @noise
    def grid_scrolled(self, y):
        self.scroll = y
        self.set(("grid", "scrollOffset", "y"), num(y))
        return self.grid(A(self.at("Grid"), "scrolled", Struct("CGPoint", [("x", Raw("0.0")), ("y", Raw(repr(y)))])))

    # reason: the person's drag, but it streams one value (the range's end) between cellTapped and selectionEnded
    @noise
    def selection_dragged(self, a, b):
        self.set(("grid", "selection"), self.range_state(a, b))
        return self.grid(A(self.at("Grid"), "selectionDragged", to=self.cellarg(cell_name(*b))))

    # -- either
    @either
    def formula_typed(self, value):
        self.set(("formulaBar", "text"), text(value))
        self.set(("formulaBar", "isEditing"), boolean(True))
        return self.act("formulaBar", self.binding("FormulaBar", "text", q(value.replace('"', '\\"'))))

    @either
    def email_typed(self, value):
        self.set(("destination", ("e", "share"), "email"), text(value))
        return self.dest("Share", "share", self.binding("Share", "email", q(value)))

    @either
    def draft_typed(self, value):
        self.set(("destination", ("e", "comments"), "draft"), text(value))
        return self.dest("Comments", "comments", self.binding("Comments", "draft", q(value)))

    # -- signal
    def load_bar(self):
        name = cell_name(*self.me)
        v = self.get(("document", "cells")).d.get(name)
        self.set(("formulaBar", "text"), text("" if v is None else v.df))
        self.set(("formulaBar", "isEditing"), boolean(False))
        self.set(("formulaBar", "error"), NIL)

    @signal
    def cell_tapped(self, c, r):
        self.me = (c, r)
        self.set(("grid", "selection"), self.range_state(self.me, self.me))
        self.load_bar()
        return self.grid(A(self.at("Grid"), "cellTapped", self.cellarg(cell_name(c, r))))

    # reason: the person's key presses, one each, even when they come fast
    @signal
    def arrow_pressed(self, direction):
        c, r = self.me
        dc, dr = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}[direction]
        self.me = (min(7, max(0, c + dc)), min(self.rows, max(1, r + dr)))
        self.set(("grid", "selection"), self.range_state(self.me, self.me))
        self.load_bar()
        return self.grid(A(self.at("Grid"), "arrowKeyPressed", A("ArrowKey", direction)))

    # reason: the end of the person's drag: a no-op, but the bracket of the gesture
    @signal
    def selection_ended(self):
        return self.grid(A(self.at("Grid"), "selectionEnded"))

    @signal
    def commit(self):
        self.set(("formulaBar", "isEditing"), boolean(False))
        self.set(("autosave",), self.case("saving", "AutosaveStatus"))
        self.set(("sync", "pendingOps"), num(int(self.get(("sync", "pendingOps")).cd) + 1))
        return self.act("formulaBar", A(self.at("FormulaBar"), "returnKeyPressed"))

    @signal
    def escape(self):
        self.load_bar()
        return self.act("formulaBar", A(self.at("FormulaBar"), "escapeKeyPressed"))

    def recalc_cells(self, name, value, n):
        changed = [(name, value)]
        for _ in range(n):
            c = self.rng.choice([2, 3, 4])
            r = self.rng.randint(2, self.rows)
            changed.append((cell_name(c, r), str(round(self.rng.uniform(20, 9000), 2))))
        for k, v in changed:
            self.put(("document", "cells"), k, text(v))
        return changed

    # reason: the server's recalculation after the user's commit: the response to their request
    @signal
    def commit_response(self, name, value, ok):
        self.set(("sync", "pendingOps"), num(max(0, int(self.get(("sync", "pendingOps")).cd) - 1)))
        if not ok:
            err = "#NAME? Unknown function in %s" % value[:14]
            self.set(("formulaBar", "error"), text(err))
            return self.act("commitResponse", self.result("Recalculation", False, Struct(
                "FormulaError", [("cell", q(name)), ("message", q(err.replace('"', "'")))])))
        self.version += 1
        shown = value if not value.startswith("=") else str(round(self.rng.uniform(10, 50000), 2))
        changed = self.recalc_cells(name, shown, self.rng.randint(0, 4) if value.startswith("=") else self.rng.randint(0, 2))
        self.set(("document", "version"), num(self.version))
        return self.act("commitResponse", self.result("Recalculation", True, Struct("Recalculation", [
            ("version", Raw(str(self.version))), ("changedCells", Raw("[%s]" % ", ".join('"%s"' % k for k, _ in changed)))])))

    # reason: the autosave indicator's status turning saved after the user's commit is acknowledged
    @signal
    def autosave_changed(self, status):
        self.set(("autosave",), self.case(status, "AutosaveStatus"))
        return self.act("autosaveStatusChanged", A("AutosaveStatus", status))

    # reason: a collaborator's committed edit changes the document's content: an event, not a stream
    @signal
    def remote_edit(self, pid):
        if pid not in self.online_ids:
            return None
        c, r = self.sel[pid]
        c = min(c, 5)
        name = cell_name(c, r)
        v = self.rng.choice(WORDS) if c in (0, 1, 5) else str(round(self.rng.uniform(20, 4000), 2))
        self.version += 1
        changed = self.recalc_cells(name, v, self.rng.randint(0, 3) if c in (2, 3, 4) else 0)
        self.set(("document", "version"), num(self.version))
        if cell_name(*self.me) == name and not self.editing:
            self.set(("formulaBar", "text"), text(v))
        return self.collab(A(self.at("Collaboration"), "remoteEditReceived", Struct("CellEdit", [
            ("userID", q(pid)), ("cell", q(name)), ("value", q(v)), ("version", Raw(str(self.version))),
            ("recalculated", Raw(str(len(changed) - 1)))])))

    # reason: presence: someone joining is an event (the periodic snapshot is the noise)
    @signal
    def joined(self, pid):
        self.online_ids.append(pid)
        self.put(("collaborators",), pid, self.collab_state(pid))
        return self.act("presence", A(self.at("Presence"), "userJoined", Struct("Collaborator", [
            ("id", q(pid)), ("name", q(self.person_of(pid)[1]))])))

    @signal
    def left(self, pid):
        self.online_ids.remove(pid)
        self.delete(("collaborators",), pid)
        return self.act("presence", A(self.at("Presence"), "userLeft", userID=q(pid)))

    @signal
    def insert_row(self, r):
        self.rows += 1
        cells = self.get(("document", "cells"))
        moved = {}
        for k, v in cells.d.items():
            row = int(k[1:])
            moved[k[0] + str(row + 1 if row >= r else row)] = v
        self.set(("document", "cells"), Dic(moved))
        self.set(("document", "rowCount"), num(self.rows))
        self.set(("autosave",), self.case("saving", "AutosaveStatus"))
        return self.grid(A(self.at("Grid"), "rowMenu", A(self.at("Grid.RowMenu") if self.tca1 else "RowMenuAction",
                                                         "insertRowAboveTapped", row=Raw(str(r)))))

    @signal
    def structure_response(self, what):
        self.version += 1
        self.set(("document", "version"), num(self.version))
        return self.act("structureChangeResponse", self.result("DocumentVersion", True, Struct(
            "DocumentVersion", [("version", Raw(str(self.version))), ("change", Raw("." + what))])))

    @signal
    def sort_tapped(self, col, ascending):
        self.set(("document", "sort"), St("SortDescriptor", [("column", text(COLUMNS[col])),
                                                             ("ascending", boolean(ascending))]))
        self.set(("autosave",), self.case("saving", "AutosaveStatus"))
        return self.grid(A(self.at("Grid"), "columnHeader", A(self.at("Grid.ColumnHeader") if self.tca1 else "ColumnHeaderAction",
                                                               "sortTapped", column=q(COLUMNS[col]),
                                                               ascending=Raw("true" if ascending else "false"))))

    @signal
    def sort_response(self, col, ascending):
        cells = self.get(("document", "cells"))
        rows = {}
        for k, v in cells.d.items():
            rows.setdefault(int(k[1:]), {})[k[0]] = v
        body = [rows[r] for r in sorted(rows) if r > 1]
        key = COLUMNS[col]

        def sk(row):
            v = row.get(key)
            if v is None:
                return (1, 0.0, "")
            try:
                return (0, float(v.df), "")
            except ValueError:
                return (0, 0.0, v.df)
        body.sort(key=sk, reverse=not ascending)
        new = {}
        for k, v in rows.get(1, {}).items():
            new[k + "1"] = v
        for i, row in enumerate(body):
            for k, v in row.items():
                new[k + str(i + 2)] = v
        self.set(("document", "cells"), Dic(new))
        self.version += 1
        self.set(("document", "version"), num(self.version))
        return self.act("sortResponse", self.result("DocumentVersion", True, Struct(
            "DocumentVersion", [("version", Raw(str(self.version))), ("change", Raw(".sort"))])))

    @signal
    def share_tapped(self):
        self.set(("destination",), En(self.st("Destination"), "share", St(self.st("Share"), [
            ("email", text("")), ("role", self.case("editor", "Share.Role")), ("isSending", boolean(False)),
            ("invited", Arr())])))
        return self.act("shareButtonTapped")

    @signal
    def role_picked(self, role):
        self.set(("destination", ("e", "share"), "role"), self.case(role, "Share.Role"))
        return self.dest("Share", "share", self.binding("Share", "role", Raw("." + role)))

    @signal
    def invite_tapped(self):
        self.set(("destination", ("e", "share"), "isSending"), boolean(True))
        return self.dest("Share", "share", A(self.at("Share"), "sendInviteButtonTapped"))

    @signal
    def invite_response(self, email, ok):
        self.set(("destination", ("e", "share"), "isSending"), boolean(False))
        if ok:
            self.append(("destination", ("e", "share"), "invited"), text(email))
            self.set(("destination", ("e", "share"), "email"), text(""))
            payload = Struct("Invite", [("email", q(email)), ("role", Raw(self.get(("destination", ("e", "share"), "role")).cd))])
        else:
            payload = Struct("APIError", [("status", Raw("422")), ("message", q("Invalid e-mail address"))])
        return self.dest("Share", "share", A(self.at("Share"), "inviteResponse", self.result("Invite", ok, payload)))

    @signal
    def copy_link_tapped(self):
        return self.dest("Share", "share", A(self.at("Share"), "copyLinkButtonTapped"))

    @signal
    def destination_dismissed(self):
        self.set(("destination",), NIL)
        return self.act("destination", A("PresentationAction<%s>" % self.at("Destination"), "dismiss"))

    @signal
    def comments_tapped(self):
        self.set(("destination",), En(self.st("Destination"), "comments", St(self.st("Comments"), [
            ("cell", text(cell_name(*self.me))), ("draft", text("")), ("isPosting", boolean(False))])))
        return self.act("commentsButtonTapped")

    @signal
    def post_tapped(self):
        self.set(("destination", ("e", "comments"), "isPosting"), boolean(True))
        return self.dest("Comments", "comments", A(self.at("Comments"), "postButtonTapped"))

    def add_comment(self, author, body, cell):
        cid = self.rng.randint(10000, 99999)
        self.comment_ids.append(cid)
        self.append(("comments",), St("Comment", [("id", num(cid)), ("author", text(author)), ("cell", text(cell)),
                                                  ("body", text(body)), ("createdAt", self.date())]))
        return cid

    @signal
    def post_response(self, body):
        cell = self.get(("destination", ("e", "comments"), "cell")).df
        self.set(("destination", ("e", "comments"), "isPosting"), boolean(False))
        self.set(("destination", ("e", "comments"), "draft"), text(""))
        cid = self.add_comment("me", body, cell)
        return self.dest("Comments", "comments", A(self.at("Comments"), "postResponse", self.result(
            "Comment", True, Struct("Comment", [("id", Raw(str(cid))), ("cell", q(cell))]))))

    # reason: another person's new comment: a new object, like a message
    @signal
    def comment_received(self, pid):
        if pid not in self.online_ids:
            return None
        body = self.rng.choice(COMMENTS)
        c, r = self.sel[pid]
        cid = self.add_comment(self.person_of(pid)[1], body, cell_name(c, r))
        return self.act("commentReceived", Struct("Comment", [("id", Raw(str(cid))), ("author", q(pid)),
                                                              ("cell", q(cell_name(c, r))), ("body", q(body))]))

    # reason: the sync indicator going offline/live: a connection event
    @signal
    def sync_status(self, status):
        self.offline = status == "offline"
        self.set(("sync", "status"), self.case(status, "Sync.Status"))
        return self.act("sync", A(self.at("Sync"), "connectionChanged", A("Sync.Status", status)))

    # -- processes
    def processes(self):
        return ([self.periodic(self.heartbeat_fired, 15.0, 0.05), self.periodic(self.presence_snapshot, 30.0, 0.3),
                 self.person(), self.comings_and_goings(), self.network()]
                + [self.collaborator(p[0]) for p in self.people])

    def collaborator(self, pid):
        """A collaborator's pointer and selection, and their edits, while they are online."""
        rng = self.rng
        yield rng.uniform(0.5, 8.0)
        while True:
            if pid not in self.online_ids or self.offline:
                yield rng.uniform(2.0, 6.0)
                continue
            r = rng.random()
            if r < 0.55:                               # the pointer moves, throttled to ~10 Hz
                x0, y0 = self.pointer[pid]
                x1, y1 = rng.uniform(0, 1100), rng.uniform(0, 800)
                n = rng.randint(4, 25)
                for k in range(n):
                    yield rng.uniform(0.09, 0.13)
                    f = (k + 1) / n
                    self.emit(self.cursor_moved, pid, round(x0 + (x1 - x0) * f + rng.uniform(-3, 3), 1),
                              round(y0 + (y1 - y0) * f + rng.uniform(-3, 3), 1))
            elif r < 0.8:                              # they move their selection around
                for _ in range(rng.randint(1, 6)):
                    c, row = self.sel[pid]
                    self.sel[pid] = (min(5, max(0, c + rng.choice([-1, 0, 0, 1]))),
                                     min(self.rows, max(2, row + rng.choice([-1, 1, 1, 2, 0]))))
                    yield rng.uniform(0.15, 0.8)
                    self.emit(self.selection_changed, pid, cell_name(*self.sel[pid]))
            elif r < 0.95:                             # they edit the cell they are on
                yield rng.uniform(2.0, 8.0)
                self.emit(self.remote_edit, pid)
            else:
                yield rng.uniform(1.0, 4.0)
                self.emit(self.comment_received, pid)
            yield self.expo(3.0)

    def comings_and_goings(self):
        rng = self.rng
        while True:
            yield rng.uniform(90, 240)
            away = [p[0] for p in self.people if p[0] not in self.online_ids]
            if away and (rng.random() < 0.6 or len(self.online_ids) <= 1):
                self.emit(self.joined, rng.choice(away))
            elif len(self.online_ids) > 1:
                self.emit(self.left, rng.choice(self.online_ids))

    def network(self):
        rng = self.rng
        while True:
            yield rng.uniform(250, 600)
            self.emit(self.sync_status, "offline")
            yield rng.uniform(4, 25)
            self.emit(self.sync_status, "live")

    def type_text(self, maker, word, fast=(0.08, 0.35)):
        rng = self.rng
        for k in range(1, len(word) + 1):
            self.emit(maker, word[:k])
            yield rng.uniform(*fast) if rng.random() > 0.08 else rng.uniform(0.6, 2.0)

    def saved_later(self):
        yield self.rng.uniform(0.6, 2.0)
        self.emit(self.autosave_changed, "saved")

    def person(self):
        rng = self.rng
        think = self.think((1.0, 4.0), (6.0, 20.0), (60, 180), (20, 90))
        yield rng.uniform(1.0, 3.0)
        while True:
            yield next(think)
            r = rng.random()
            if r < 0.22:                                   # look around: taps and arrow keys
                self.emit(self.cell_tapped, rng.randrange(6), rng.randint(2, self.rows))
                for _ in range(rng.randint(0, 6)):
                    yield rng.uniform(0.2, 1.2)
                    self.emit(self.arrow_pressed, rng.choice(["down", "down", "right", "up", "left"]))
            elif r < 0.50:                                 # edit a cell
                c = rng.randrange(6)
                row = rng.randint(2, self.rows)
                self.emit(self.cell_tapped, c, row)
                yield rng.uniform(0.5, 2.5)
                if rng.random() < 0.5:
                    value = rng.choice(FORMULAS) % self.rows
                    if rng.random() < 0.12:
                        value = value.replace("SUM", "SUMM").replace("MAX", "MAXX").replace("ROUND", "ROUDN")
                else:
                    value = rng.choice(WORDS) if c in (0, 1, 5) else str(round(rng.uniform(10, 5000), 2))
                self.editing = True
                yield from self.type_text(self.formula_typed, value)
                self.editing = False
                if rng.random() < 0.1:
                    self.emit(self.escape)
                    continue
                self.emit(self.commit)
                ok = not any(bad in value for bad in ("SUMM", "MAXX", "ROUDN"))
                lag = rng.uniform(0.15, 0.9)
                self.after(lag, self.commit_response, cell_name(c, row), value, ok)
                if ok:
                    self.spawn(self.saved_later(), lag)
                else:
                    self.after(lag + 0.05, self.autosave_changed, "saved")
            elif r < 0.60:                                 # select a range by dragging
                a = (rng.randrange(6), rng.randint(2, self.rows))
                self.me = a
                self.emit(self.cell_tapped, *a)
                b = a
                hz = rng.uniform(30, 60)
                n = max(4, int(hz * rng.uniform(0.4, 2.0)))
                dc, dr = rng.randint(0, 3), rng.randint(2, 20)
                yield from self.gesture(self.selection_dragged, hz=hz, duration=n / hz, args=lambda k: (
                    a, (min(7, a[0] + int(dc * (k + 1) / n)), min(self.rows, a[1] + int(dr * (k + 1) / n)))))
                self.emit(self.selection_ended)
            elif r < 0.72:                                 # scroll the grid
                for _ in range(rng.randint(1, 3)):
                    v = rng.uniform(-400, 600)
                    s = self.scroll
                    hz = rng.uniform(40, 60)
                    n = max(3, int(hz * rng.uniform(0.3, 1.0)))
                    yield from self.gesture(self.grid_scrolled, hz=hz, duration=n / hz, args=lambda k, s=s, v=v, n=n: (
                        max(0.0, round(s + v * math.sin((k + 1) / n * math.pi / 2), 1)),))
                    yield rng.uniform(0.8, 3.0)
            elif r < 0.76:                                 # insert a row
                row = rng.randint(3, self.rows)
                self.emit(self.cell_tapped, 0, row)
                yield rng.uniform(0.8, 2.0)
                self.emit(self.insert_row, row)
                yield rng.uniform(0.2, 0.7)
                self.emit(self.structure_response, "insertRow")
                self.spawn(self.saved_later())
            elif r < 0.79:                                 # sort a column
                col = rng.choice([2, 3, 4, 0])
                asc = rng.random() < 0.5
                self.emit(self.sort_tapped, col, asc)
                yield rng.uniform(0.3, 1.0)
                self.emit(self.sort_response, col, asc)
                self.spawn(self.saved_later())
            elif r < 0.83:                                 # share
                self.emit(self.share_tapped)
                yield rng.uniform(1.5, 4.0)
                email = rng.choice(EMAILS)
                if rng.random() < 0.15:
                    email = email.replace("@", "")
                yield from self.type_text(self.email_typed, email)
                if rng.random() < 0.5:
                    yield rng.uniform(0.8, 2.0)
                    self.emit(self.role_picked, rng.choice(["viewer", "commenter"]))
                yield rng.uniform(0.6, 2.0)
                self.emit(self.invite_tapped)
                yield rng.uniform(0.3, 1.2)
                self.emit(self.invite_response, email, "@" in email)
                yield rng.uniform(1.0, 3.0)
                if rng.random() < 0.3:
                    self.emit(self.copy_link_tapped)
                    yield rng.uniform(0.5, 1.5)
                self.emit(self.destination_dismissed)
            elif r < 0.88:                                 # comment on the selected cell
                self.emit(self.comments_tapped)
                yield rng.uniform(2.0, 6.0)
                if rng.random() < 0.7:
                    body = rng.choice(COMMENTS)
                    yield from self.type_text(self.draft_typed, body, (0.06, 0.25))
                    yield rng.uniform(0.5, 1.5)
                    self.emit(self.post_tapped)
                    yield rng.uniform(0.2, 0.8)
                    self.emit(self.post_response, body)
                    yield rng.uniform(1.0, 4.0)
                self.emit(self.destination_dismissed)
            # otherwise: reading the sheet


# ============================================================================== rowing

CLASSES = [("c_2041", "20 min Power Intervals", "Maya Chen", 1200, "intervals"),
           ("c_2044", "15 min Steady State", "Luca Romano", 900, "endurance"),
           ("c_2047", "25 min Pyramid", "Ava Brooks", 1500, "intervals"),
           ("c_2052", "10 min Sprint Ladder", "Dev Patel", 600, "sprint"),
           ("c_2058", "30 min Endurance Builder", "Sofia Lind", 1800, "endurance"),
           ("c_2063", "18 min Tempo Row", "Maya Chen", 1080, "tempo"),
           ("c_2070", "12 min Technique Drills", "Luca Romano", 720, "technique")]
RIVALS = ["kat_rows", "JoeOnTheWater", "m.ferreira", "rowbot_77", "EmilyK", "d_nakamura", "ironoar",
          "paddle_pete", "Hanna.S", "bigsplash"]
CUE_TEXTS = [("Settle in, long strokes", 20, "2:20"), ("Pick it up! Rate 26", 26, "2:05"),
             ("Power 10 — drive with the legs", 30, "1:55"), ("Recover, easy paddle", 18, "2:30"),
             ("Hold 24, strong finish", 24, "2:08"), ("Last push, everything you've got", 32, "1:50"),
             ("Sit up tall, rate 22", 22, "2:15")]


def split_text(sec):
    return "%d:%04.1f" % (int(sec // 60), sec % 60)


class Rowing(App):
    """noise   workout.presented.machine.forceSample (~10 Hz during each drive), .strokeReceived
            (every stroke, ~2-3 s), .heartRate.sampleReceived (1 Hz), .video.playbackTicked
            (1 Hz), .clockTicked (1 s), .leaderboard.updated (every 4 s), uploadProgress,
            audioMix slider bindings, the cue banner hiding itself, classList.scrolled
    either  the rating comment field
    signal  picking, starting, pausing, resuming and ending the class, the instructor's cues,
            the strap dropping and coming back, the mute toggle, the rating, save and upload
            responses"""

    name = "rowing"
    module = "Rower"
    process = "Rower"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        self.rowing = False        # the workout is running (not paused)
        self.in_class = False
        self.video_pos = 0.0
        self.elapsed = 0
        self.meters = 0.0
        self.strokes = 0
        self.rate = 22.0
        self.target_rate = 20
        self.target_split = 140.0
        self.hr = rng.randint(72, 88)
        self.strap = True
        self.fitness = rng.uniform(0.85, 1.15)
        self.rivals = {r: {"m": rng.uniform(0, 40), "pace": rng.uniform(108, 140)} for r in rng.sample(RIVALS, 7)}
        self.cls = None
        self.cue_seq = 0
        self.next_cue = rng.uniform(6, 15)
        self.ended = False
        self.stack = 0
        self.state = St(self.st("AppFeature"), [
            ("classList", St(self.st("ClassList"), [("classes", Arr()), ("filter", self.case("all", "ClassFilter")),
                                                    ("isLoading", boolean(True)), ("scrollOffset", num(0.0))])),
            ("path", Dic(quoted=False, ordered=True)),
            ("workout", NIL),
            ("device", St(self.st("Device"), [("rower", self.case("connected", "Device.Status")),
                                              ("heartRateStrap", self.case("connected", "Device.Status")),
                                              ("battery", num(rng.randint(40, 95)))])),
            ("history", St(self.st("History"), [("workouts", num(rng.randint(12, 140))), ("lastUpload", NIL)])),
        ])

    # -- helpers
    def wk(self, inner):
        return self.act("workout", A("PresentationAction<%s>" % self.at("Workout"), "presented", inner))

    def wact(self, name, *a, **k):
        return self.wk(A(self.at("Workout"), name, *a, **k))

    def sub(self, feature, inner):
        return self.wk(A(self.at("Workout"), feature[0].lower() + feature[1:], inner))

    def W(self, *rest):
        return ("workout",) + rest

    def stack_action(self, sid, inner):
        return self.act("path", A("StackAction<%s, %s>" % (self.st("Path"), self.at("Path")), "element",
                                  id=Raw("#%d" % sid), action=A(self.at("Path"), "classDetail", inner)))

    # -- noise
    # reason: the rower's pull drives it, but it is sensor telemetry: ~10 Hz measurements of one number
    @noise
    def force_sample(self, f):
        if self.get(self.W()) is NIL:
            return None
        self.append(self.W("forceCurve"), num(f))
        return self.sub("Machine", A(self.at("Machine"), "forceSample", Raw(repr(f))))

    # reason: one per stroke of the person, but a measurement record the machine sends on its own pace
    @noise
    def stroke_received(self, rate, split, watts):
        self.set(self.W("forceCurve"), Arr())
        self.set(self.W("metrics"), St("StrokeMetrics", [
            ("strokeRate", num(rate)), ("split", text(split_text(split))), ("watts", num(watts)),
            ("distance", num(int(self.meters))), ("strokeCount", num(self.strokes))]))
        return self.sub("Machine", A(self.at("Machine"), "strokeReceived", Struct("StrokeData", [
            ("strokeRate", Raw(repr(rate))), ("splitSeconds", Raw(repr(round(split, 1)))), ("watts", Raw(str(watts))),
            ("distance", Raw(repr(round(self.meters, 1)))), ("strokeCount", Raw(str(self.strokes)))])))

    @noise
    def hr_sample(self, bpm):
        if self.get(self.W()) is NIL:
            return None
        self.set(self.W("heartRate"), num(bpm))
        zone = 1 if bpm < 115 else 2 if bpm < 135 else 3 if bpm < 152 else 4 if bpm < 168 else 5
        self.set(self.W("heartRateZone"), num(zone))
        return self.sub("HeartRate", A(self.at("HeartRate"), "sampleReceived", bpm=Raw(str(bpm))))

    @noise
    def playback_ticked(self):
        if self.get(self.W()) is NIL:
            return None
        self.set(self.W("video", "position"), num(round(self.video_pos, 1)))
        return self.sub("Video", A(self.at("Video"), "playbackTicked", Raw(repr(round(self.video_pos, 1)))))

    @noise
    def clock_ticked(self):
        if self.get(self.W()) is NIL:
            return None
        self.set(self.W("elapsed"), num(self.elapsed))
        self.set(self.W("remaining"), num(max(0, self.cls[3] - self.elapsed)))
        return self.wact("clockTicked")

    # reason: the server re-sending the class standings every 4 s
    @noise
    def leaderboard_updated(self):
        if self.get(self.W()) is NIL:
            return None
        board = [(self.meters, "you")] + [(v["m"], r) for r, v in self.rivals.items()]
        board.sort(key=lambda e: -e[0])
        rows = [St("LeaderboardEntry", [("rank", num(k + 1)), ("name", text(n)), ("meters", num(int(m)))])
                for k, (m, n) in enumerate(board)]
        self.set(self.W("leaderboard"), Arr(rows))
        me = next(k for k, (m, n) in enumerate(board) if n == "you") + 1
        return self.sub("Leaderboard", A(self.at("Leaderboard"), "updated", Struct("LeaderboardSnapshot", [
            ("participants", Raw(str(len(board)))), ("yourRank", Raw(str(me))),
            ("leader", q(board[0][1])), ("leaderMeters", Raw(str(int(board[0][0]))))])))

    # reason: the cue banner hiding itself 6 s after the cue: an echo of its trigger
    @noise
    def cue_timer_fired(self, seq):
        if self.get(self.W()) is NIL or self.cue_seq != seq:
            return None
        self.set(self.W("cueBanner"), NIL)
        return self.wact("cueBannerTimerFired")

    # reason: a slider's binding per drag frame: a gesture streaming one number
    @noise
    def volume_slid(self, field, v):
        self.set(self.W("audioMix", field), num(v))
        return self.wk(A(self.at("Workout"), "audioMix", A("PresentationAction<%s>" % self.at("AudioMix"), "presented",
                                                               self.binding("AudioMix", field, Raw(repr(v))))))

    # reason: an upload's progress fractions
    @noise
    def upload_progress(self, p):
        self.set(("history", "lastUpload"), En("UploadStatus", "uploading", num(p), "progress"))
        return self.act("uploadProgress", Raw(repr(p)))

    @noise
    def list_scrolled(self, y):
        self.set(("classList", "scrollOffset"), num(y))
        return self.act("classList", A(self.at("ClassList"), "scrolled", offset=Raw(repr(y))))

    # -- either
    @either
    def comment_typed(self, value):
        self.set(self.W("summary", "comment"), text(value))
        return self.wk(A(self.at("Workout"), "summary", self.binding("Summary", "comment", q(value))))

    # -- signal
    # reason: the class list appearing: a screen shown, its load request
    @signal
    def list_appeared(self):
        return self.act("classList", A(self.at("ClassList"), "onAppear"))

    @signal
    def classes_response(self):
        rows = [St("ClassSummary", [("id", text(c[0])), ("title", text(c[1])), ("instructor", text(c[2])),
                                    ("duration", num(c[3])), ("kind", self.case(c[4], "ClassKind"))]) for c in CLASSES]
        self.set(("classList", "classes"), Arr(rows))
        self.set(("classList", "isLoading"), boolean(False))
        return self.act("classList", A(self.at("ClassList"), "classesResponse", self.result("[ClassSummary]", True, Struct(
            "ClassPage", [("count", Raw(str(len(rows)))), ("live", Raw("2"))]))))

    @signal
    def filter_tapped(self, f):
        self.set(("classList", "filter"), self.case(f, "ClassFilter"))
        rows = [St("ClassSummary", [("id", text(c[0])), ("title", text(c[1])), ("instructor", text(c[2])),
                                    ("duration", num(c[3])), ("kind", self.case(c[4], "ClassKind"))])
                for c in CLASSES if f == "all" or c[4] == f]
        self.set(("classList", "classes"), Arr(rows))
        return self.act("classList", A(self.at("ClassList"), "filterTapped", A("ClassFilter", f)))

    @signal
    def class_tapped(self, c):
        self.stack += 1
        self.put(("path",), "#%d" % self.stack, En(self.st("Path"), "classDetail", St(self.st("ClassDetail"), [
            ("classID", text(c[0])), ("title", text(c[1])), ("instructor", text(c[2])), ("duration", num(c[3])),
            ("isFavorite", boolean(False))])))
        return self.act("classList", A(self.at("ClassList"), "classTapped", id=q(c[0])))

    @signal
    def back_tapped(self):
        sid = self.stack
        self.delete(("path",), "#%d" % sid)
        return self.act("path", A("StackAction<%s, %s>" % (self.st("Path"), self.at("Path")), "popFrom",
                                  id=Raw("#%d" % sid)))

    @signal
    def favorite_tapped(self):
        key = "#%d" % self.stack
        p = ("path", ("k", key), ("e", "classDetail"), "isFavorite")
        self.set(p, boolean(self.get(p).cd != "true"))
        return self.stack_action(self.stack, A(self.at("ClassDetail"), "favoriteButtonTapped"))

    @signal
    def start_tapped(self, c):
        self.cls = c
        self.in_class = True
        self.rowing = True
        self.elapsed = 0
        self.video_pos = 0.0
        self.set(("workout",), St(self.st("Workout"), [
            ("classID", text(c[0])), ("status", self.case("rowing", "Workout.Status")), ("elapsed", num(0)),
            ("remaining", num(c[3])), ("metrics", NIL), ("forceCurve", Arr()), ("heartRate", NIL),
            ("heartRateZone", NIL), ("video", St(self.st("Video"), [("position", num(0.0)), ("isPlaying", boolean(True))])),
            ("target", NIL), ("cueBanner", NIL), ("display", self.case("split", "Workout.Display")),
            ("highFives", num(0)), ("leaderboard", Arr()), ("audioMix", NIL), ("alert", NIL),
            ("summary", NIL)]))
        return self.stack_action(self.stack, A(self.at("ClassDetail"), "startButtonTapped"))

    @signal
    def pause_tapped(self):
        self.rowing = False
        self.set(self.W("status"), self.case("paused", "Workout.Status"))
        self.set(self.W("video", "isPlaying"), boolean(False))
        return self.wact("pauseButtonTapped")

    @signal
    def resume_tapped(self):
        self.rowing = True
        self.set(self.W("status"), self.case("rowing", "Workout.Status"))
        self.set(self.W("video", "isPlaying"), boolean(True))
        return self.wact("resumeButtonTapped")

    # reason: a new instruction on the class timeline: new content the rower acts on, not a stream
    @signal
    def cue_received(self, cue):
        text_, rate, split = cue
        self.cue_seq += 1
        self.target_rate = rate
        self.target_split = int(split[0]) * 60 + int(split[2:])
        self.set(self.W("target"), St("Target", [("strokeRate", num(rate)), ("split", text(split))]))
        self.set(self.W("cueBanner"), text(text_))
        self.after(6.0, self.cue_timer_fired, self.cue_seq)
        return self.sub("Class", A(self.at("Class"), "cueReceived", Struct("InstructorCue", [
            ("at", Raw(repr(round(self.video_pos, 1)))), ("text", q(text_)), ("targetRate", Raw(str(rate))),
            ("targetSplit", q(split))])))

    # reason: the heart-rate strap dropping and coming back: a device event
    @signal
    def strap_status(self, connected):
        self.strap = connected
        self.set(("device", "heartRateStrap"), self.case("connected" if connected else "disconnected", "Device.Status"))
        if not connected and self.get(self.W()) is not NIL:
            self.set(self.W("heartRate"), NIL)
            self.set(self.W("heartRateZone"), NIL)
        return self.act("device", A(self.at("Device"), "heartRateStrapConnectionChanged", Raw("true" if connected else "false")))

    @signal
    def audio_mix_tapped(self):
        self.set(self.W("audioMix"), St(self.st("AudioMix"), [("musicVolume", num(0.6)), ("instructorVolume", num(0.85)),
                                                              ("isMusicMuted", boolean(False))]))
        return self.wact("audioMixButtonTapped")

    @signal
    def mute_toggled(self, on):
        self.set(self.W("audioMix", "isMusicMuted"), boolean(on))
        return self.wk(A(self.at("Workout"), "audioMix", A("PresentationAction<%s>" % self.at("AudioMix"), "presented",
                                                               self.binding("AudioMix", "isMusicMuted", Raw("true" if on else "false")))))

    @signal
    def audio_mix_dismissed(self):
        self.set(self.W("audioMix"), NIL)
        return self.wk(A(self.at("Workout"), "audioMix", A("PresentationAction<%s>" % self.at("AudioMix"), "dismiss")))

    @signal
    def display_tapped(self):
        modes = ["split", "watts", "calories"]
        cur = self.get(self.W("display")).df
        cur = cur.split(".")[-1]
        self.set(self.W("display"), self.case(modes[(modes.index(cur) + 1) % 3], "Workout.Display"))
        return self.wact("metricsDisplayTapped")

    @signal
    def high_five_tapped(self, who):
        return self.sub("Leaderboard", A(self.at("Leaderboard"), "highFiveTapped", userID=q(who)))

    # reason: another participant's high five: a new object from a person, like a message
    @signal
    def high_five_received(self, who):
        if self.get(self.W()) is NIL:
            return None
        self.set(self.W("highFives"), num(int(self.get(self.W("highFives")).cd) + 1))
        return self.sub("Leaderboard", A(self.at("Leaderboard"), "highFiveReceived", Struct("HighFive", [("from", q(who))])))

    @signal
    def end_tapped(self):
        self.set(self.W("alert"), St("AlertState<Workout.Action.Alert>", [
            ("title", text("End workout?")), ("message", text("Your progress so far will be saved."))]))
        return self.wact("endButtonTapped")

    def alert(self, name):
        return self.wk(A(self.at("Workout"), "alert", A("PresentationAction<Workout.Action.Alert>", "presented",
                                                        A("Workout.Action.Alert", name))))

    @signal
    def end_cancelled(self):
        self.set(self.W("alert"), NIL)
        return self.alert("keepRowingTapped")

    @signal
    def end_confirmed(self):
        self.set(self.W("alert"), NIL)
        return self.alert("endWorkoutTapped")

    # reason: the class ending (by the timeline or the user's confirmed end): an event, once
    @signal
    def class_finished(self):
        self.rowing = False
        self.in_class = False
        self.set(self.W("status"), self.case("finished", "Workout.Status"))
        self.set(self.W("video", "isPlaying"), boolean(False))
        self.set(self.W("summary"), St(self.st("Summary"), [
            ("distance", num(int(self.meters))), ("duration", num(self.elapsed)), ("strokes", num(self.strokes)),
            ("rating", NIL), ("comment", text("")), ("isSaved", boolean(False))]))
        return self.sub("Class", A(self.at("Class"), "finished", reason=Raw(".userEnded" if self.elapsed < self.cls[3] else ".completed")))

    # reason: the save the end of the workout started: an effect's response
    @signal
    def save_response(self):
        self.set(self.W("summary", "isSaved"), boolean(True))
        self.set(("history", "workouts"), num(int(self.get(("history", "workouts")).cd) + 1))
        return self.wact("saveResponse", self.result("WorkoutRecord", True, Struct("WorkoutRecord", [
            ("id", q("w_" + self.uid()[:8].lower())), ("distance", Raw(str(int(self.meters)))),
            ("duration", Raw(str(self.elapsed))), ("averageWatts", Raw(str(self.rng.randint(110, 190))))])))

    # reason: the upload's outcome (success or failure): an effect's response
    @signal
    def upload_response(self, ok):
        self.set(("history", "lastUpload"), En("UploadStatus", "done" if ok else "failed", self.date() if ok else None))
        payload = Struct("UploadReceipt", [("service", q("Strava")), ("activityID", Raw(str(self.rng.randint(10**9, 10**10))))]) \
            if ok else Struct("URLError", [("code", Raw("-1009"))])
        return self.act("uploadResponse", self.result("UploadReceipt", ok, payload))

    @signal
    def retry_upload(self):
        self.set(("history", "lastUpload"), En("UploadStatus", "uploading", num(0.0), "progress"))
        return self.act("retryUploadButtonTapped")

    @signal
    def star_tapped(self, n):
        self.set(self.W("summary", "rating"), num(n))
        return self.wk(A(self.at("Workout"), "summary", A(self.at("Summary"), "starTapped", Raw(str(n)))))

    @signal
    def submit_rating(self):
        return self.wk(A(self.at("Workout"), "summary", A(self.at("Summary"), "submitRatingButtonTapped")))

    @signal
    def rating_response(self):
        return self.wk(A(self.at("Workout"), "summary", A(self.at("Summary"), "ratingResponse", self.result(
            "Void", True, Raw("()")))))

    @signal
    def done_tapped(self):
        return self.wk(A(self.at("Workout"), "summary", A(self.at("Summary"), "doneButtonTapped")))

    @signal
    def workout_dismissed(self):
        self.set(("workout",), NIL)
        return self.act("workout", A("PresentationAction<%s>" % self.at("Workout"), "dismiss"))

    # -- processes
    def processes(self):
        return [self.periodic(self.clock_ticked, 1.0, 0.003, when=lambda: self.rowing),
                self.periodic(self.playback_ticked, 1.0, 0.01, when=lambda: self.rowing),
                self.periodic(self.leaderboard_updated, 4.0, 0.4, when=lambda: self.in_class),
                self.hr_strap(), self.machine(), self.timeline(), self.rivals_row(), self.person()]

    def hr_strap(self):
        rng = self.rng
        drops = 1 if rng.random() < 0.7 else 0
        drop_at = rng.uniform(200, 600)
        while True:
            yield rng.uniform(0.97, 1.03)
            if drops and self.now > drop_at and self.in_class:
                drops = 0
                self.emit(self.strap_status, False)
                yield rng.uniform(8, 40)
                self.emit(self.strap_status, True)
                continue
            goal = 80 if not self.rowing else 95 + self.rate * 2.4 + (self.elapsed / 30.0) * self.fitness
            self.hr = int(round(self.hr + (goal - self.hr) * 0.06 + rng.uniform(-1.5, 1.5)))
            if self.in_class:
                self.emit(self.hr_sample, self.hr)

    def machine(self):
        rng = self.rng
        while True:
            if not self.rowing:
                yield 0.5
                continue
            self.rate += (self.target_rate - self.rate) * 0.25 + rng.uniform(-0.8, 0.8)
            rate = round(max(14.0, min(36.0, self.rate)), 1)
            period = 60.0 / rate
            drive = period * rng.uniform(0.33, 0.4)
            n = max(5, int(drive * 11))
            peak = rng.uniform(380, 620) * (rate / 24.0) ** 0.5 * self.fitness
            for k in range(n):
                yield drive / n
                if not self.rowing:
                    break
                f = round(peak * math.sin(math.pi * (k + 0.5) / n) ** 1.3 + rng.uniform(-8, 8), 1)
                self.emit(self.force_sample, f)
            if not self.rowing:
                continue
            yield period - drive
            if not self.rowing:
                continue
            watts = int(max(60, rng.gauss(95 + rate * 4.5, 12) * self.fitness))
            split = 500.0 / ((watts / 2.8) ** (1.0 / 3.0))
            self.meters += period * 500.0 / split
            self.strokes += 1
            self.emit(self.stroke_received, rate, split, watts)

    def timeline(self):
        """The class video: its position, and the instructor's cues on its timeline."""
        rng = self.rng
        while True:
            yield 0.25
            if self.rowing:
                self.video_pos += 0.25
                if int(self.video_pos * 4) % 4 == 0:
                    self.elapsed = int(self.video_pos)
                if self.cls is not None and self.video_pos >= self.next_cue:
                    self.next_cue = self.video_pos + rng.uniform(25, 75)
                    self.emit(self.cue_received, rng.choice(CUE_TEXTS))
                if self.cls is not None and self.elapsed >= self.cls[3] and not self.ended:
                    self.ended = True
                    self.spawn(self.finish())

    def rivals_row(self):
        while True:
            yield 1.0
            if self.in_class and self.rng.random() < 1 / 70.0:
                self.after(self.rng.uniform(0, 1), self.high_five_received, self.rng.choice(list(self.rivals)))
            if self.in_class:
                for v in self.rivals.values():
                    v["m"] += 500.0 / v["pace"] * self.rng.uniform(0.9, 1.1)

    def finish(self):
        rng = self.rng
        self.emit(self.class_finished)
        yield rng.uniform(0.3, 1.0)
        self.emit(self.save_response)
        yield rng.uniform(0.5, 1.5)
        ok = rng.random() < 0.75
        p = 0.0
        while p < 1.0:
            yield rng.uniform(0.15, 0.5)
            p = min(1.0, round(p + rng.uniform(0.08, 0.25), 2))
            self.emit(self.upload_progress, p)
            if not ok and p > 0.5:
                break
        yield rng.uniform(0.2, 0.8)
        self.emit(self.upload_response, ok)
        self.upload_failed = not ok

    def person(self):
        rng = self.rng
        yield rng.uniform(0.5, 1.5)
        self.emit(self.list_appeared)
        yield rng.uniform(0.3, 1.2)
        self.emit(self.classes_response)
        # pick a class
        picked = None
        while picked is None:
            yield rng.uniform(2.0, 6.0)
            r = rng.random()
            if r < 0.3:
                y = float(self.get(("classList", "scrollOffset")).cd)
                v = rng.uniform(-150, 400) if y > 200 else rng.uniform(80, 400)
                hz = rng.uniform(40, 60)
                n = max(3, int(hz * rng.uniform(0.3, 0.9)))
                yield from self.gesture(self.list_scrolled, hz=hz, duration=n / hz, args=lambda k: (
                    max(0.0, round(y + v * math.sin((k + 1) / n * math.pi / 2), 1)),))
            elif r < 0.5:
                self.emit(self.filter_tapped, rng.choice(["all", "intervals", "endurance", "sprint", "tempo"]))
            else:
                shown = [c for c in CLASSES if c[3] >= 600]
                c = rng.choice(shown)
                self.emit(self.class_tapped, c)
                yield rng.uniform(3.0, 10.0)
                if rng.random() < 0.3:
                    self.emit(self.favorite_tapped)
                    yield rng.uniform(1.0, 3.0)
                if rng.random() < 0.35 and self.now < 60:
                    self.emit(self.back_tapped)
                    continue
                picked = c
        yield rng.uniform(1.0, 4.0)
        self.emit(self.start_tapped, picked)
        end_at = self.now + min(picked[3], rng.uniform(480, 600))
        paused = 0
        while self.in_class:
            yield self.expo(40.0)
            if not self.in_class:
                break
            r = rng.random()
            if self.now >= end_at and self.in_class:
                self.emit(self.end_tapped)
                yield rng.uniform(1.0, 3.0)
                self.emit(self.end_confirmed)
                self.ended = True
                self.spawn(self.finish())
                yield 0.01
                break
            if r < 0.25 and paused < 2:
                paused += 1
                self.emit(self.pause_tapped)
                yield rng.uniform(15, 60)
                self.emit(self.resume_tapped)
            elif r < 0.36:
                self.emit(self.audio_mix_tapped)
                yield rng.uniform(1.0, 3.0)
                for field in rng.sample(["musicVolume", "instructorVolume"], rng.randint(1, 2)):
                    start = float(self.get(self.W("audioMix", field)).cd)
                    goal = round(rng.uniform(0.1, 1.0), 2)
                    hz = rng.uniform(40, 60)
                    n = max(4, int(hz * rng.uniform(0.4, 1.5)))
                    yield from self.gesture(self.volume_slid, hz=hz, duration=n / hz, args=lambda k, f=field, s=start, g=goal: (
                        f, round(min(1.0, max(0.0, s + (g - s) * (k + 1) / n + rng.uniform(-0.004, 0.004))), 3)))
                    yield rng.uniform(0.8, 2.5)
                if rng.random() < 0.3:
                    self.emit(self.mute_toggled, True)
                    yield rng.uniform(0.8, 2.0)
                self.emit(self.audio_mix_dismissed)
            elif r < 0.62:
                self.emit(self.display_tapped)
            elif r < 0.72:
                self.emit(self.high_five_tapped, rng.choice(list(self.rivals)))
            elif r < 0.78:
                self.emit(self.end_tapped)
                yield rng.uniform(1.0, 3.0)
                self.emit(self.end_cancelled)
        # the summary: rate the class
        yield rng.uniform(3.0, 8.0)
        self.emit(self.star_tapped, rng.choice([4, 5, 5, 3]))
        yield rng.uniform(1.0, 3.0)
        if rng.random() < 0.7:
            comment = rng.choice(["Great energy, loved the intervals", "Tough one! More of these",
                                  "Music was too loud over the cues", "Perfect length for a weekday"])
            for k in range(1, len(comment) + 1):
                self.emit(self.comment_typed, comment[:k])
                yield rng.uniform(0.07, 0.3) if rng.random() > 0.06 else rng.uniform(0.6, 1.6)
        yield rng.uniform(1.0, 3.0)
        self.emit(self.submit_rating)
        yield rng.uniform(0.3, 0.9)
        self.emit(self.rating_response)
        yield rng.uniform(3.0, 10.0)
        if getattr(self, "upload_failed", False):
            self.emit(self.retry_upload)
            p = 0.0
            while p < 1.0:
                yield rng.uniform(0.15, 0.5)
                p = min(1.0, round(p + rng.uniform(0.08, 0.25), 2))
                self.emit(self.upload_progress, p)
            yield rng.uniform(0.2, 0.8)
            self.emit(self.upload_response, True)
            yield rng.uniform(2.0, 6.0)
        self.emit(self.done_tapped)
        yield 0.0
        self.emit(self.workout_dismissed)
        # back on the class list: browse a little, then idle
        while True:
            yield rng.uniform(10.0, 40.0)
            if rng.random() < 0.5:
                y = float(self.get(("classList", "scrollOffset")).cd)
                v = rng.uniform(-150, 400) if y > 200 else rng.uniform(80, 400)
                hz = rng.uniform(40, 60)
                n = max(3, int(hz * rng.uniform(0.3, 0.9)))
                yield from self.gesture(self.list_scrolled, hz=hz, duration=n / hz, args=lambda k: (
                    max(0.0, round(y + v * math.sin((k + 1) / n * math.pi / 2), 1)),))
            elif self.stack and ("#%d" % self.stack) in self.get(("path",)).d and rng.random() < 0.5:
                self.emit(self.back_tapped)


APPS = {"auction": Auction, "spreadsheet": Spreadsheet, "rowing": Rowing}
