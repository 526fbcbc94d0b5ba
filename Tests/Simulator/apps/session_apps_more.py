"""Hold-out apps for tcasim.py (--apps-module): a casual arcade game, a stock watchlist,
a smart-home dashboard and an e-book reader. Labels follow tcasim.py's definitions:
noise = machine-driven streams (game loop, quotes, sensors, heartbeats, polls, autosave,
scroll/selection gestures), signal = a person's discrete intents, effect responses,
discrete system events, lifecycle, connection changes; either = per-step slider values,
per-keystroke bindings, chart scrubbing, the game loop's score pushes."""

import tcasim
from tcasim import (App, A, Struct, Raw, q, noise, signal, either, V, St, Arr, En, NIL,
                    num, text, boolean)


def _b(x):
    return Raw("true" if x else "false")


def _f(x):
    return Raw(repr(x))


# =============================================================================== game

class Game(App):
    """A casual arcade game: levels with a 60 Hz loop, taps/swipes, ads, purchases, settings."""

    name = "game"
    module = "Arcade"
    process = "Arcade"
    roots = ("AppAction", "AppFeature.Action")

    PRODUCTS = ["com.arcade.coins.small", "com.arcade.coins.large", "com.arcade.removeads"]

    def __init__(self, session):
        App.__init__(self, session)
        self.active = True
        self.busy = True
        self.phase = "menu"
        self.level = self.rng.randint(3, 12)
        self.frame = 0
        self.score = 0
        self.px, self.py = 187.0, 600.0
        self.state = St(self.st("AppFeature"), [
            ("game", St(self.st("Game"), [
                ("level", num(self.level)), ("phase", self.case("menu", "Game.Phase")),
                ("score", num(0)), ("highScore", num(self.rng.randint(2000, 9000))),
                ("lives", num(3)), ("combo", num(0)), ("frame", num(0)),
                ("player", St("Point", [("x", num(self.px)), ("y", num(self.py))])),
                ("lastSwipe", NIL)])),
            ("coins", num(self.rng.randint(50, 900))),
            ("adsRemoved", boolean(False)),
            ("pendingPurchase", NIL),
            ("destination", NIL),
            ("isActive", boolean(True))])

    def g(self, inner):
        return self.act("game", inner)

    def playing(self):
        return self.active and self.phase == "playing"

    # -- noise
    @noise
    def tick(self):
        self.frame += 1
        self.set(("game", "frame"), num(self.frame))
        delta = round(1 / 60.0 + self.rng.uniform(-0.0006, 0.0006), 6)
        return self.g(A(self.at("Game"), "tick", delta=_f(delta)))

    # -- either: pushed by the loop (a collision), discrete and tied to play, not a person
    @either
    def score_changed(self, points):
        self.score += points
        self.set(("game", "score"), num(self.score))
        self.set(("game", "combo"), num(min(9, int(self.get(("game", "combo")).cd) + 1)))
        return self.g(A(self.at("Game"), "scoreChanged", Raw(str(self.score))))

    @either
    def volume_changed(self, v):
        self.set(("destination", ("e", "settings"), "musicVolume"), num(v))
        return self.act("destination", A("PresentationAction<%s>" % self.at("Settings"), "presented",
                                         A(self.at("Destination"), "settings",
                                           A(self.at("Settings"), "musicVolumeChanged", _f(v)))))

    # -- signal
    @signal
    def tapped(self):
        self.px = round(min(375.0, max(0.0, self.px + self.rng.uniform(-60, 60))), 1)
        self.py = round(min(780.0, max(80.0, self.py + self.rng.uniform(-20, 20))), 1)
        self.set(("game", "player", "x"), num(self.px))
        self.set(("game", "player", "y"), num(self.py))
        return self.g(A(self.at("Game"), "tapped", location=Struct("CGPoint", [("x", _f(self.px)), ("y", _f(self.py))])))

    @signal
    def swiped(self, d):
        self.set(("game", "lastSwipe"), self.case(d, "SwipeDirection"))
        self.set(("game", "combo"), num(0))
        return self.g(A(self.at("Game"), "swiped", direction=Raw("." + d if self.tca1 else "SwipeDirection." + d)))

    @signal
    def start_level(self):
        self.phase = "playing"
        self.frame = 0
        self.score = 0
        self.set(("game", "phase"), self.case("playing", "Game.Phase"))
        self.set(("game", "score"), num(0))
        self.set(("game", "combo"), num(0))
        self.set(("game", "frame"), num(0))
        self.set(("game", "lives"), num(3))
        return self.g(A(self.at("Game"), "startLevelTapped", level=Raw(str(self.level))))

    @signal
    def level_finished(self, cleared):
        self.phase = "finished"
        self.set(("game", "phase"), self.case("finished", "Game.Phase"))
        hs = int(self.get(("game", "highScore")).cd)
        if self.score > hs:
            self.set(("game", "highScore"), num(self.score))
        stars = 0
        if cleared:
            stars = self.rng.randint(1, 3)
            self.level += 1
            self.set(("game", "level"), num(self.level))
            self.set(("coins",), num(int(self.get(("coins",)).cd) + 10 * stars))
        else:
            self.set(("game", "lives"), num(0))
        return self.g(A(self.at("Game"), "levelFinished", Struct("LevelResult", [
            ("level", Raw(str(self.level - (1 if cleared else 0)))), ("score", Raw(str(self.score))),
            ("stars", Raw(str(stars))), ("cleared", _b(cleared)),
            ("duration", _f(round(self.frame / 60.0, 2)))])))

    @signal
    def back_to_menu(self):
        self.phase = "menu"
        self.set(("game", "phase"), self.case("menu", "Game.Phase"))
        return self.g(A(self.at("Game"), "menuTapped"))

    @signal
    def pause(self):
        self.phase = "paused"
        self.set(("game", "phase"), self.case("paused", "Game.Phase"))
        return self.g(A(self.at("Game"), "pauseTapped"))

    @signal
    def resume(self):
        self.phase = "playing"
        self.set(("game", "phase"), self.case("playing", "Game.Phase"))
        return self.g(A(self.at("Game"), "resumeTapped"))

    @signal
    def settings_tapped(self):
        self.set(("destination",), En(self.at("Destination").replace("Action", "State"), "settings", St(
            self.st("Settings"), [("soundEnabled", boolean(True)), ("hapticsEnabled", boolean(True)),
                                  ("musicVolume", num(0.8))])))
        return self.act("settingsButtonTapped")

    @signal
    def toggle_setting(self, field):
        path = ("destination", ("e", "settings"), field)
        on = self.get(path).cd != "true"
        self.set(path, boolean(on))
        return self.act("destination", A("PresentationAction<%s>" % self.at("Settings"), "presented",
                                         A(self.at("Destination"), "settings",
                                           self.binding("Settings", field, _b(on)))))

    @signal
    def dismiss(self):
        self.set(("destination",), NIL)
        return self.act("destination", A("PresentationAction<%s>" % self.at("Settings"), "dismiss"))

    @signal
    def watch_ad_tapped(self):
        return self.act("ads", A(self.at("Ads"), "watchRewardedAdTapped"))

    @signal
    def rewarded_ad_response(self, ok):
        if ok:
            self.set(("coins",), num(int(self.get(("coins",)).cd) + 50))
            payload = Struct("Reward", [("coins", Raw("50")), ("network", q("AdNet")),
                                        ("impressionID", q(self.uid()[:8]))])
        else:
            payload = Struct("AdError", [("code", Raw("3")), ("message", q("No fill"))])
        return self.act("ads", A(self.at("Ads"), "rewardedAdResponse", self.result("Reward", ok, payload)))

    @signal
    def interstitial_response(self):
        return self.act("ads", A(self.at("Ads"), "interstitialResponse", self.result(
            "AdImpression", True, Struct("AdImpression", [("placement", q("level_end")),
                                                         ("network", q("AdNet")),
                                                         ("revenueMicros", Raw(str(self.rng.randint(800, 9000))))]))))

    @signal
    def purchase_tapped(self, product):
        self.set(("pendingPurchase",), text(product))
        return self.act("store", A(self.at("Store"), "purchaseTapped", productID=q(product)))

    @signal
    def purchase_response(self, product, ok):
        self.set(("pendingPurchase",), NIL)
        if ok:
            if product.endswith("removeads"):
                self.set(("adsRemoved",), boolean(True))
            else:
                self.set(("coins",), num(int(self.get(("coins",)).cd) + (500 if product.endswith("large") else 100)))
            payload = Struct("StoreTransaction", [("productID", q(product)), ("transactionID", Raw(str(self.rng.randint(10**12, 10**13)))),
                                                  ("purchaseDate", q("2026-11-20T09:%02d:00Z" % (int(self.now) // 60 % 60)))])
        else:
            payload = Struct("StoreKitError", [("code", Raw(".userCancelled" if self.tca1 else "StoreKitError.Code.userCancelled"))])
        return self.act("store", A(self.at("Store"), "purchaseResponse", self.result("StoreTransaction", ok, payload)))

    @signal
    def lifecycle(self, active):
        self.set(("isActive",), boolean(active))
        if not active and self.phase == "playing":
            self.phase = "paused"
            self.set(("game", "phase"), self.case("paused", "Game.Phase"))
        return self.act("scenePhaseChanged", A("ScenePhase", "active" if active else "background"))

    # -- processes
    def processes(self):
        return [self.periodic(self.tick, 1 / 60.0, 0.0008, when=self.playing),
                self.scores(), self.life(), self.player()]

    def scores(self):
        """The loop reports collisions: bursts while a combo runs."""
        while True:
            yield self.expo(0.9)
            if self.playing():
                for _ in range(self.rng.choice([1, 1, 1, 2, 3, 5])):
                    if not self.playing():
                        break
                    self.emit(self.score_changed, self.rng.choice([10, 10, 25, 50, 100]))
                    yield self.rng.uniform(0.05, 0.3)

    def life(self):
        yield 0.02
        self.emit(self.lifecycle, True)
        while True:
            yield self.rng.uniform(150, 400)
            self.active = False
            self.emit(self.lifecycle, False)
            yield self.rng.uniform(10, 60)
            self.active = True
            self.emit(self.lifecycle, True)

    def settings_visit(self):
        rng = self.rng
        self.emit(self.settings_tapped)
        yield rng.uniform(1.0, 4.0)
        for _ in range(rng.randint(0, 2)):
            self.emit(self.toggle_setting, rng.choice(["soundEnabled", "hapticsEnabled"]))
            yield rng.uniform(0.8, 3.0)
        if rng.random() < 0.6:
            v = float(self.get(("destination", ("e", "settings"), "musicVolume")).cd)
            target = rng.uniform(0.0, 1.0)
            yield from self.gesture(self.volume_changed, args=lambda i: (
                round(v + (target - v) * min(1.0, (i + 1) / 20.0), 2),))
            yield rng.uniform(0.5, 2.0)
        self.emit(self.dismiss)

    def player(self):
        rng = self.rng
        think = self.think((0.15, 0.5), (0.8, 2.5), (20, 60), (8, 25))
        yield 1.0
        while True:
            # menu
            while not self.active:
                yield 1.0
            yield rng.uniform(2.0, 12.0)
            r = rng.random()
            if r < 0.12:
                yield from self.settings_visit()
                yield rng.uniform(1.0, 4.0)
            elif r < 0.2:
                p = rng.choice(self.PRODUCTS)
                self.emit(self.purchase_tapped, p)
                yield rng.uniform(3.0, 15.0)
                self.emit(self.purchase_response, p, rng.random() < 0.6)
                yield rng.uniform(1.0, 4.0)
            elif r < 0.35:
                self.emit(self.watch_ad_tapped)
                yield rng.uniform(15.0, 32.0)
                self.emit(self.rewarded_ad_response, rng.random() < 0.85)
                yield rng.uniform(1.0, 4.0)
            if not self.active:
                continue
            self.emit(self.start_level)
            length = rng.uniform(35, 150)
            end = self.now + length
            while self.now < end:
                if not self.active:         # backgrounded: the game paused itself
                    while not self.active:
                        yield 1.0
                    yield rng.uniform(0.5, 2.0)
                    self.emit(self.resume)
                    end += 10
                    continue
                yield next(think)
                if not self.playing():
                    continue
                r = rng.random()
                if r < 0.7:                 # a burst of taps
                    for _ in range(rng.randint(1, 8) if self.busy else rng.randint(1, 3)):
                        self.emit(self.tapped)
                        yield rng.uniform(0.1, 0.35)
                        if not self.playing():
                            break
                elif r < 0.97:
                    self.emit(self.swiped, rng.choice(["left", "right", "up", "down"]))
                elif r < 0.985:
                    self.emit(self.pause)
                    yield rng.uniform(2.0, 10.0)
                    if not self.active:
                        continue
                    self.emit(self.resume)
                else:
                    self.emit(self.pause)
                    yield rng.uniform(0.5, 1.5)
                    yield from self.settings_visit()
                    yield rng.uniform(0.5, 1.5)
                    if not self.active:
                        continue
                    self.emit(self.resume)
            while not self.active:
                yield 1.0
            if self.phase == "paused":
                yield rng.uniform(0.5, 2.0)
                self.emit(self.resume)
            self.emit(self.level_finished, rng.random() < 0.7)
            if not self.get(("adsRemoved",)).cd == "true" and rng.random() < 0.4:
                self.after(rng.uniform(0.3, 1.2), self.interstitial_response)
                yield rng.uniform(5.0, 15.0)
            yield rng.uniform(1.0, 5.0)
            self.emit(self.back_to_menu)


# ============================================================================ trading

SYMBOLS = [("AAPL", 231.4), ("MSFT", 428.9), ("NVDA", 141.2), ("TSLA", 252.7), ("AMZN", 201.3),
           ("GOOGL", 176.8), ("META", 582.1), ("NFLX", 861.5), ("AMD", 139.7), ("JPM", 242.6),
           ("V", 311.9), ("KO", 62.4)]
HEADLINES = ["Fed minutes signal patience on rate cuts", "%s beats quarterly estimates",
             "%s announces share buyback", "Analysts upgrade %s to overweight",
             "Chipmakers rally on AI demand", "%s shares slip after guidance cut",
             "Oil steadies as supply concerns ease", "%s expands into new markets"]


class Trading(App):
    """A stock watchlist: quote pushes per row, detail with a chart, order entry, news."""

    name = "trading"
    module = "Stocks"
    process = "Stocks"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        self.active = True
        self.busy = True
        picks = rng.sample(SYMBOLS, rng.randint(6, 10))
        self.symbols = [s for s, _ in picks]
        self.prices = {s: round(p * rng.uniform(0.95, 1.05), 2) for s, p in picks}
        self.open_px = dict(self.prices)
        self.rates = {s: rng.uniform(1.0, 5.0) for s in self.symbols}
        self.seq = 0
        self.detail = None
        self.order_open = False
        self.news_ids = []
        rows = Arr(St(self.st("WatchlistRow"), [("id", text(s)), ("price", num(self.prices[s])),
                                                ("change", num(0.0)), ("volume", num(0)),
                                                ("isStarred", boolean(rng.random() < 0.3))]) for s in self.symbols)
        self.state = St(self.st("AppFeature"), [
            ("watchlist", St(self.st("Watchlist"), [("rows", rows), ("marketStatus", self.case("open", "MarketStatus")),
                                                   ("sortOrder", self.case("custom", "SortOrder"))])),
            ("detail", NIL),
            ("order", NIL),
            ("news", St(self.st("News"), [("items", Arr()), ("unreadCount", num(0))])),
            ("connection", St(self.st("Connection"), [("status", self.case("connected", "ConnectionStatus")),
                                                      ("lastHeartbeat", num(0))])),
            ("isActive", boolean(True))])

    def sym_id(self, s):
        return q(s)

    def row(self, s, inner):
        return self.act("watchlist", A(self.at("Watchlist"), "rows", self.element("WatchlistRow", self.sym_id(s), inner)))

    def rpath(self, s, *rest):
        return ("watchlist", "rows", ("i", self.symbols.index(s))) + rest

    # -- noise
    @noise
    def quote(self, s):
        p = self.prices[s]
        if self.rng.random() < 0.75:
            p = round(max(1.0, p * (1 + self.rng.gauss(0, 0.0004))), 2)
        self.prices[s] = p
        vol = int(self.get(self.rpath(s, "volume")).cd) + self.rng.randint(100, 5000)
        self.set(self.rpath(s, "price"), num(p))
        self.set(self.rpath(s, "change"), num(round(p - self.open_px[s], 2)))
        self.set(self.rpath(s, "volume"), num(vol))
        return self.row(s, A(self.at("WatchlistRow"), "quoteReceived", Struct("Quote", [
            ("symbol", q(s)), ("price", _f(p)), ("bid", _f(round(p - 0.01, 2))), ("ask", _f(round(p + 0.01, 2))),
            ("volume", Raw(str(vol)))])))

    @noise
    def heartbeat(self):
        self.seq += 1
        self.set(("connection", "lastHeartbeat"), num(self.seq))
        return self.act("connection", A(self.at("Connection"), "heartbeat", sequence=Raw(str(self.seq))))

    # -- either
    @either
    def scrubbed(self, x):
        s = self.detail
        price = round(self.open_px[s] * (1 + (x - 180) / 6000.0), 2)
        self.set(("detail", "scrubPrice"), num(price))
        return self.act("detail", A(self.at("StockDetail"), "chartScrubbed",
                                    location=Struct("CGPoint", [("x", _f(x)), ("y", _f(120.0))])))

    @either
    def quantity_typed(self, value):
        self.set(("order", "quantityText"), text(value))
        return self.act("order", self.binding("OrderEntry", "quantityText", q(value)))

    # -- signal
    @signal
    def row_tapped(self, s):
        self.detail = s
        self.set(("detail",), St(self.st("StockDetail"), [("symbol", text(s)), ("range", self.case("oneDay", "ChartRange")),
                                                         ("scrubPrice", NIL), ("points", num(0))]))
        return self.row(s, A(self.at("WatchlistRow"), "tapped"))

    @signal
    def star_toggled(self, s):
        on = self.get(self.rpath(s, "isStarred")).cd != "true"
        self.set(self.rpath(s, "isStarred"), boolean(on))
        return self.row(s, A(self.at("WatchlistRow"), "starToggled"))

    @signal
    def chart_response(self, s):
        if self.detail != s:
            return None
        n = self.rng.choice([78, 390])
        self.set(("detail", "points"), num(n))
        return self.act("detail", A(self.at("StockDetail"), "chartResponse", self.result("ChartData", True, Struct(
            "ChartData", [("symbol", q(s)), ("pointCount", Raw(str(n))), ("low", _f(round(self.open_px[s] * 0.98, 2))),
                          ("high", _f(round(self.open_px[s] * 1.02, 2)))]))))

    @signal
    def range_tapped(self, r):
        self.set(("detail", "range"), self.case(r, "ChartRange"))
        return self.act("detail", A(self.at("StockDetail"), "rangeTapped", A("ChartRange", r)))

    @signal
    def scrub_ended(self):
        self.set(("detail", "scrubPrice"), NIL)
        return self.act("detail", A(self.at("StockDetail"), "chartScrubEnded"))

    @signal
    def detail_closed(self):
        self.detail = None
        self.set(("detail",), NIL)
        return self.act("detailDismissed")

    @signal
    def trade_tapped(self, side):
        s = self.detail
        self.order_open = True
        self.set(("order",), St(self.st("OrderEntry"), [("symbol", text(s)), ("side", self.case(side, "OrderSide")),
                                                       ("quantityText", text("")), ("isSubmitting", boolean(False))]))
        return self.act("detail", A(self.at("StockDetail"), "tradeTapped",
                                    side=Raw("." + side if self.tca1 else "OrderSide." + side)))

    @signal
    def place_order(self):
        self.set(("order", "isSubmitting"), boolean(True))
        return self.act("order", A(self.at("OrderEntry"), "placeOrderTapped"))

    @signal
    def order_response(self, ok):
        s = self.get(("order", "symbol")).df
        qty = self.get(("order", "quantityText")).df
        self.order_open = False
        self.set(("order",), NIL)
        if ok:
            payload = Struct("OrderConfirmation", [("orderID", q(self.uid()[:13])), ("symbol", q(s)),
                                                   ("quantity", Raw(qty or "0")), ("filledPrice", _f(self.prices[s])),
                                                   ("status", Raw(".filled" if self.tca1 else "OrderStatus.filled"))])
        else:
            payload = Struct("BrokerError", [("code", q("INSUFFICIENT_BUYING_POWER")),
                                             ("message", q("Not enough buying power"))])
        return self.act("order", A(self.at("OrderEntry"), "placeOrderResponse",
                                   self.result("OrderConfirmation", ok, payload)))

    @signal
    def order_cancelled(self):
        self.order_open = False
        self.set(("order",), NIL)
        return self.act("order", A(self.at("OrderEntry"), "cancelTapped"))

    @signal
    def news_received(self):
        nid = self.uid()[:8]
        s = self.rng.choice(self.symbols)
        h = self.rng.choice(HEADLINES)
        h = h % s if "%s" in h else h
        self.news_ids.append(nid)
        self.append(("news", "items"), St("NewsItem", [("id", text(nid)), ("headline", text(h)), ("symbol", text(s))]))
        self.set(("news", "unreadCount"), num(int(self.get(("news", "unreadCount")).cd) + 1))
        return self.act("news", A(self.at("News"), "itemReceived", Struct("NewsItem", [
            ("id", q(nid)), ("headline", q(h)), ("symbols", Raw('["%s"]' % s)), ("source", q("Newswire"))])))

    @signal
    def news_tapped(self):
        nid = self.rng.choice(self.news_ids)
        self.set(("news", "unreadCount"), num(max(0, int(self.get(("news", "unreadCount")).cd) - 1)))
        return self.act("news", A(self.at("News"), "itemTapped", id=q(nid)))

    @signal
    def connection_changed(self, up):
        st = "connected" if up else "disconnected"
        self.set(("connection", "status"), self.case(st, "ConnectionStatus"))
        return self.act("connection", A(self.at("Connection"), "statusChanged",
                                        status=Raw("." + st if self.tca1 else "ConnectionStatus." + st)))

    @signal
    def lifecycle(self, active):
        self.set(("isActive",), boolean(active))
        return self.act("lifecycle", A("LifecycleAction", "didBecomeActive" if active else "didEnterBackground"))

    # -- processes
    def streaming(self):
        return self.active and self.get(("connection", "status")).cd == ".connected"

    def processes(self):
        out = [self.life(), self.user(), self.periodic(self.heartbeat, 5.0, 0.03, when=self.streaming),
               self.poisson(self.news_received, 20.0, when=lambda: self.active)]
        out += [self.quotes(s) for s in self.symbols]
        return out

    def quotes(self, s):
        rate = self.rates[s]
        while True:
            yield max(0.05, self.expo(1.0 / rate))
            if self.streaming():
                self.emit(self.quote, s)

    def life(self):
        yield 0.01
        self.emit(self.lifecycle, True)
        while True:
            yield self.rng.uniform(120, 350)
            if self.rng.random() < 0.4:          # a network drop while in the foreground
                self.emit(self.connection_changed, False)
                yield self.rng.uniform(2, 12)
                self.emit(self.connection_changed, True)
                continue
            self.active = False
            self.emit(self.lifecycle, False)
            self.emit(self.connection_changed, False)
            yield self.rng.uniform(10, 60)
            self.active = True
            self.emit(self.lifecycle, True)
            yield self.rng.uniform(0.3, 1.5)
            self.emit(self.connection_changed, True)

    def user(self):
        rng = self.rng
        think = self.think((0.8, 2.5), (4.0, 12.0), (40, 120), (20, 90))
        yield 1.0
        while True:
            yield next(think)
            if not self.active:
                continue
            r = rng.random()
            if self.order_open:
                # type a quantity, then place or cancel
                qty = str(rng.choice([1, 2, 5, 10, 12, 25, 50, 100, 150, 250]))
                for i in range(1, len(qty) + 1):
                    self.emit(self.quantity_typed, qty[:i])
                    yield rng.uniform(0.15, 0.7)
                if rng.random() < 0.15:            # a typo, corrected
                    self.emit(self.quantity_typed, qty + "0")
                    yield rng.uniform(0.3, 0.8)
                    self.emit(self.quantity_typed, qty)
                yield rng.uniform(1.0, 4.0)
                if rng.random() < 0.75:
                    self.emit(self.place_order)
                    yield rng.uniform(0.3, 1.5)
                    self.emit(self.order_response, rng.random() < 0.85)
                else:
                    self.emit(self.order_cancelled)
            elif self.detail is not None:
                if r < 0.3:
                    yield from self.gesture(self.scrubbed, args=lambda i, x0=rng.uniform(20, 340), v=rng.uniform(-4, 4):
                                            (round(min(360.0, max(0.0, x0 + v * i)), 1),))
                    self.emit(self.scrub_ended)
                elif r < 0.55:
                    self.emit(self.range_tapped, rng.choice(["oneDay", "oneWeek", "oneMonth", "oneYear"]))
                    self.after(rng.uniform(0.2, 0.9), self.chart_response, self.detail)
                elif r < 0.7:
                    self.emit(self.trade_tapped, rng.choice(["buy", "buy", "sell"]))
                else:
                    self.emit(self.detail_closed)
            else:
                if r < 0.5:
                    s = rng.choice(self.symbols)
                    self.emit(self.row_tapped, s)
                    self.after(rng.uniform(0.15, 0.8), self.chart_response, s)
                elif r < 0.7:
                    self.emit(self.star_toggled, rng.choice(self.symbols))
                elif r < 0.85 and self.news_ids:
                    self.emit(self.news_tapped)


# ========================================================================== smarthome

ROOMS = ["Living Room", "Kitchen", "Bedroom", "Office", "Hallway", "Bathroom", "Garage"]


class SmartHome(App):
    """A home dashboard: sensor pushes, motion/door events, lights, thermostat, scenes."""

    name = "smarthome"
    module = "HomeDash"
    process = "HomeDash"
    roots = ("AppAction", "AppFeature.Action")

    SCENES = ["Good Morning", "Movie Night", "Away", "Dinner", "Bedtime"]

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        self.active = True
        self.busy = True
        kinds = (["light"] * rng.randint(4, 7) + ["temperature"] * rng.randint(2, 3) + ["humidity"] * rng.randint(1, 2)
                 + ["powerMeter"] * rng.randint(1, 2) + ["motion"] * rng.randint(1, 2) + ["contact"] * rng.randint(1, 2))
        self.devices = []
        rows = []
        for k in kinds:
            d = self.uid()
            self.devices.append((d, k))
            room = rng.choice(ROOMS)
            reading = {"temperature": num(round(rng.uniform(18.5, 23.5), 1)), "humidity": num(round(rng.uniform(35, 60))),
                       "powerMeter": num(round(rng.uniform(80, 900), 1))}.get(k, NIL)
            rows.append(St(self.st("DeviceRow"), [
                ("id", self.uuid_value(d)), ("name", text("%s %s" % (room, k[0].upper() + k[1:]))),
                ("kind", self.case(k, "Device.Kind")), ("isOn", boolean(rng.random() < 0.4)),
                ("reading", reading), ("isOpen", boolean(False)), ("lastEvent", NIL)]))
        self.ids = [d for d, _ in self.devices]
        self.target = 21.0
        self.state = St(self.st("AppFeature"), [
            ("home", St(self.st("Home"), [("devices", Arr(rows)), ("isRefreshing", boolean(False)),
                                          ("etag", text(self.uid()[:8])), ("pollCount", num(0))])),
            ("thermostat", St(self.st("Thermostat"), [("current", num(20.5)), ("target", num(self.target)),
                                                      ("mode", self.case("heat", "Thermostat.Mode")),
                                                      ("isSaving", boolean(False))])),
            ("scenes", St(self.st("Scenes"), [("activeScene", NIL), ("isActivating", boolean(False))])),
            ("activity", Arr()),
            ("isActive", boolean(True))])

    def dev(self, d, inner):
        return self.act("home", A(self.at("Home"), "devices",
                                  self.element("DeviceRow", Raw("UUID(%s)" % d), inner)))

    def dpath(self, d, *rest):
        return ("home", "devices", ("i", self.ids.index(d))) + rest

    def of_kind(self, *kinds):
        return [d for d, k in self.devices if k in kinds]

    # -- noise
    @noise
    def reading(self, d, kind):
        cur = self.get(self.dpath(d, "reading"))
        v = float(cur.cd)
        if kind == "temperature":
            v, unit = round(v + self.rng.choice([0, 0, 0, 0, 0.1, -0.1]), 1), "°C"
        elif kind == "humidity":
            v, unit = float(round(v + self.rng.choice([0, 0, 0, 1, -1]))), "%"
        else:
            v, unit = round(max(0.0, v + self.rng.uniform(-25, 25)), 1), "W"
        self.set(self.dpath(d, "reading"), num(int(v)) if kind == "humidity" else num(v))
        return self.dev(d, A(self.at("DeviceRow"), "readingReceived", Struct("SensorReading", [
            ("value", _f(v)), ("unit", q(unit)), ("battery", Raw(str(self.rng.randint(60, 100))))])))

    @noise
    def poll(self):
        if self.rng.random() < 0.1:
            self.set(("home", "pollCount"), num(int(self.get(("home", "pollCount")).cd) + 1))
        return self.act("home", A(self.at("Home"), "pollTimerFired"))

    # -- either
    @either
    def light_toggled(self, d):
        on = self.get(self.dpath(d, "isOn")).cd != "true"
        self.set(self.dpath(d, "isOn"), boolean(on))
        return self.dev(d, self.binding("DeviceRow", "isOn", _b(on)))

    @either
    def thermostat_slider(self, v):
        self.set(("thermostat", "target"), num(v))
        return self.act("thermostat", A(self.at("Thermostat"), "targetSliderChanged", _f(v)))

    # -- signal
    @signal
    def power_response(self, d):
        on = self.get(self.dpath(d, "isOn")).cd == "true"
        return self.dev(d, A(self.at("DeviceRow"), "setPowerResponse", self.result("DeviceState", True, Struct(
            "DeviceState", [("isOn", _b(on)), ("reachable", Raw("true"))]))))

    @signal
    def thermostat_saved(self):
        self.set(("thermostat", "isSaving"), boolean(False))
        return self.act("thermostat", A(self.at("Thermostat"), "setTargetResponse", self.result(
            "ThermostatSetpoint", True, Struct("ThermostatSetpoint", [("target", _f(float(self.get(("thermostat", "target")).cd))),
                                                                      ("mode", Raw(".heat" if self.tca1 else "Thermostat.Mode.heat"))]))))

    @signal
    def slider_ended(self):
        self.set(("thermostat", "isSaving"), boolean(True))
        return self.act("thermostat", A(self.at("Thermostat"), "sliderEditingEnded"))

    @signal
    def motion(self, d):
        self.set(self.dpath(d, "lastEvent"), self.date())
        self.append(("activity",), St("ActivityEvent", [("device", text(d[:8])), ("kind", text("motion")), ("at", self.date())]))
        return self.dev(d, A(self.at("DeviceRow"), "motionDetected"))

    @signal
    def contact(self, d, is_open):
        self.set(self.dpath(d, "isOpen"), boolean(is_open))
        self.set(self.dpath(d, "lastEvent"), self.date())
        if is_open:
            self.append(("activity",), St("ActivityEvent", [("device", text(d[:8])), ("kind", text("doorOpened")), ("at", self.date())]))
        return self.dev(d, A(self.at("DeviceRow"), "contactChanged", isOpen=_b(is_open)))

    @signal
    def scene_tapped(self, name):
        self.set(("scenes", "activeScene"), text(name))
        self.set(("scenes", "isActivating"), boolean(True))
        return self.act("scenes", A(self.at("Scenes"), "sceneTapped", name=q(name)))

    @signal
    def scene_response(self, name):
        self.set(("scenes", "isActivating"), boolean(False))
        on = name in ("Good Morning", "Dinner", "Movie Night")
        changed = 0
        for d in self.of_kind("light"):
            if self.rng.random() < 0.7:
                changed += self.set(self.dpath(d, "isOn"), boolean(on))
        return self.act("scenes", A(self.at("Scenes"), "activateResponse", self.result("SceneResult", True, Struct(
            "SceneResult", [("scene", q(name)), ("devicesChanged", Raw(str(changed)))]))))

    @signal
    def refresh_pulled(self):
        self.set(("home", "isRefreshing"), boolean(True))
        return self.act("home", A(self.at("Home"), "refreshPulled"))

    @signal
    def devices_response(self):
        self.set(("home", "isRefreshing"), boolean(False))
        tag = self.uid()[:8]
        self.set(("home", "etag"), text(tag))
        return self.act("home", A(self.at("Home"), "devicesResponse", self.result("DeviceList", True, Struct(
            "DeviceList", [("count", Raw(str(len(self.devices)))), ("etag", q(tag)),
                           ("hub", q("Hub-%s" % self.ids[0][:4]))]))))

    @signal
    def lifecycle(self, active):
        self.set(("isActive",), boolean(active))
        return self.act("scenePhaseChanged", A("ScenePhase", "active" if active else "background"))

    # -- processes
    def processes(self):
        out = [self.life(), self.user(), self.events(), self.polling()]
        for d, k in self.devices:
            if k in ("temperature", "humidity", "powerMeter"):
                period = self.rng.uniform(2.0, 4.0) if k == "powerMeter" else self.rng.uniform(4.0, 10.0)
                out.append(self.periodic(self.reading, period, period * 0.08, when=lambda: self.active, args=(d, k)))
        return out

    def polling(self):
        yield self.rng.uniform(0, 15)
        while True:
            if self.active:
                self.emit(self.poll)
                if self.rng.random() < 0.08:      # the hub reports changes: refetch
                    self.after(self.rng.uniform(0.2, 0.8), self.devices_response)
            yield 15.0 + self.rng.uniform(-0.05, 0.05)

    def events(self):
        motion = self.of_kind("motion")
        doors = self.of_kind("contact")
        while True:
            yield self.expo(80.0)
            if not self.active:
                continue
            if self.rng.random() < 0.5:
                self.emit(self.motion, self.rng.choice(motion))
            else:
                d = self.rng.choice(doors)
                self.emit(self.contact, d, True)
                yield self.rng.uniform(3, 40)
                self.emit(self.contact, d, False)

    def life(self):
        yield 0.02
        self.emit(self.lifecycle, True)
        self.after(0.4, self.devices_response)
        while True:
            yield self.rng.uniform(90, 300)
            self.active = False
            self.emit(self.lifecycle, False)
            yield self.rng.uniform(15, 90)
            self.active = True
            self.emit(self.lifecycle, True)
            self.after(self.rng.uniform(0.3, 1.0), self.devices_response)

    def user(self):
        rng = self.rng
        think = self.think((1.5, 4.0), (8.0, 25.0), (30, 90), (30, 120))
        yield 2.0
        while True:
            yield next(think)
            if not self.active:
                continue
            r = rng.random()
            if r < 0.4:
                for _ in range(rng.randint(1, 3)):
                    d = rng.choice(self.of_kind("light"))
                    self.emit(self.light_toggled, d)
                    self.after(rng.uniform(0.15, 0.9), self.power_response, d)
                    yield rng.uniform(0.5, 2.0)
            elif r < 0.52:
                v0 = float(self.get(("thermostat", "target")).cd)
                goal = rng.uniform(17.0, 25.0)
                steps = rng.uniform(20, 60)

                def val(i, v0=v0, goal=goal, steps=steps):
                    x = v0 + (goal - v0) * min(1.0, (i + 1) / steps)
                    return (round(x * 2) / 2.0,)
                yield from self.gesture(self.thermostat_slider, args=val, duration=rng.uniform(0.4, 1.6))
                self.emit(self.slider_ended)
                self.after(rng.uniform(0.3, 1.2), self.thermostat_saved)
            elif r < 0.77:
                name = rng.choice(self.SCENES)
                self.emit(self.scene_tapped, name)
                self.after(rng.uniform(0.4, 2.0), self.scene_response, name)
            elif r < 0.9:
                self.emit(self.refresh_pulled)
                self.after(rng.uniform(0.3, 1.5), self.devices_response)


# ============================================================================= reader

BOOK_WORDS = ["ephemeral", "lugubrious", "palimpsest", "sonder", "verisimilitude", "apophenia",
              "liminal", "quixotic", "sesquipedalian", "petrichor"]


class Reader(App):
    """An e-book reader: page turns, scrolling, autosave, highlights, notes, dictionary,
    typography, sync from another device."""

    name = "reader"
    module = "Reader"
    process = "Reader"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        self.active = True
        self.busy = True
        self.page = rng.randint(10, 200)
        self.offset = 0.0
        self.saved = self.page
        self.state = St(self.st("AppFeature"), [
            ("reader", St(self.st("Reader"), [
                ("bookID", text(self.uid()[:8])), ("chapter", num(self.page // 20 + 1)), ("page", num(self.page)),
                ("pageCount", num(412)), ("scrollOffset", num(0.0)), ("selection", NIL),
                ("highlights", Arr()), ("isChromeVisible", boolean(False))])),
            ("progress", St(self.st("Progress"), [("lastSavedPage", num(self.page)), ("saveCount", num(0))])),
            ("typography", St(self.st("Typography"), [("fontSize", num(16.0)), ("theme", self.case("light", "Theme"))])),
            ("dictionary", NIL),
            ("notes", St(self.st("Notes"), [("draft", text("")), ("saved", num(0))])),
            ("sync", St(self.st("Sync"), [("remotePage", NIL), ("remoteDevice", NIL)])),
            ("isActive", boolean(True))])

    def r(self, inner):
        return self.act("reader", inner)

    # -- noise
    @noise
    def scrolled(self, off):
        self.set(("reader", "scrollOffset"), num(off))
        return self.r(A(self.at("Reader"), "scrolled", offset=_f(off)))

    @noise
    def selection_changed(self, start, end):
        self.set(("reader", "selection"), St("TextRange", [("start", num(start)), ("end", num(end))]))
        return self.r(A(self.at("Reader"), "selectionChanged", Struct("TextRange", [("start", Raw(str(start))),
                                                                                      ("end", Raw(str(end)))])))

    @noise
    def autosave(self):
        if self.saved != self.page:
            self.saved = self.page
            self.set(("progress", "lastSavedPage"), num(self.page))
            self.set(("progress", "saveCount"), num(int(self.get(("progress", "saveCount")).cd) + 1))
        return self.act("progress", A(self.at("Progress"), "autosaveTimerFired"))

    # -- either
    @either
    def font_slider(self, v):
        self.set(("typography", "fontSize"), num(v))
        return self.act("typography", A(self.at("Typography"), "fontSizeSliderChanged", _f(v)))

    @either
    def note_typed(self, s):
        self.set(("notes", "draft"), text(s))
        return self.act("notes", self.binding("Notes", "draft", q(s)))

    # -- signal
    @signal
    def page_turned(self, forward):
        self.page = max(1, min(412, self.page + (1 if forward else -1)))
        self.offset = 0.0
        self.set(("reader", "page"), num(self.page))
        self.set(("reader", "chapter"), num(self.page // 20 + 1))
        self.set(("reader", "scrollOffset"), num(0.0))
        self.set(("reader", "selection"), NIL)
        d = "forward" if forward else "backward"
        return self.r(A(self.at("Reader"), "pageTurned", direction=Raw("." + d if self.tca1 else "PageDirection." + d)))

    @signal
    def chrome_tapped(self):
        on = self.get(("reader", "isChromeVisible")).cd != "true"
        self.set(("reader", "isChromeVisible"), boolean(on))
        return self.r(A(self.at("Reader"), "centerTapped"))

    @signal
    def highlight_tapped(self, color):
        sel = self.get(("reader", "selection"))
        if sel is NIL:
            return None
        self.set(("reader", "selection"), NIL)
        self.append(("reader", "highlights"), St("Highlight", [("page", num(self.page)), ("start", sel.f["start"]),
                                                               ("end", sel.f["end"]), ("color", self.case(color, "HighlightColor"))]))
        return self.r(A(self.at("Reader"), "highlightTapped", color=Raw("." + color if self.tca1 else "HighlightColor." + color)))

    @signal
    def highlight_saved(self):
        return self.act("highlights", A(self.at("Highlights"), "saveResponse", self.result("Highlight", True, Struct(
            "Highlight", [("id", q(self.uid()[:8])), ("page", Raw(str(self.page)))]))))

    @signal
    def lookup_tapped(self, word):
        sel = self.get(("reader", "selection"))
        if sel is not NIL:
            self.set(("reader", "selection"), NIL)
        return self.r(A(self.at("Reader"), "lookUpTapped", word=q(word)))

    @signal
    def definition_response(self, word):
        self.set(("dictionary",), St(self.st("Dictionary"), [("word", text(word)), ("senses", num(self.rng.randint(1, 4)))]))
        return self.act("dictionary", A(self.at("Dictionary"), "definitionResponse", self.result("Definition", True, Struct(
            "Definition", [("word", q(word)), ("partOfSpeech", q(self.rng.choice(["noun", "adjective"]))),
                           ("senseCount", Raw(str(self.rng.randint(1, 4))))]))))

    @signal
    def dictionary_closed(self):
        self.set(("dictionary",), NIL)
        return self.act("dictionary", A(self.at("Dictionary"), "closeTapped"))

    @signal
    def add_note_tapped(self):
        self.set(("notes", "draft"), text(""))
        return self.r(A(self.at("Reader"), "addNoteTapped"))

    @signal
    def note_save_tapped(self):
        return self.act("notes", A(self.at("Notes"), "saveTapped"))

    @signal
    def note_saved(self):
        self.set(("notes", "saved"), num(int(self.get(("notes", "saved")).cd) + 1))
        self.set(("notes", "draft"), text(""))
        return self.act("notes", A(self.at("Notes"), "saveResponse", self.result("Note", True, Struct(
            "Note", [("id", q(self.uid()[:8])), ("page", Raw(str(self.page)))]))))

    @signal
    def theme_set(self, theme):
        self.set(("typography", "theme"), self.case(theme, "Theme"))
        return self.act("typography", self.binding("Typography", "theme", Raw("." + theme if self.tca1 else "Theme." + theme)))

    @signal
    def remote_position(self):
        rp = self.page + self.rng.randint(-3, 25)
        dev = self.rng.choice(["iPad", "iPhone", "Mac"])
        self.set(("sync", "remotePage"), num(rp))
        self.set(("sync", "remoteDevice"), text(dev))
        return self.act("sync", A(self.at("Sync"), "remotePositionReceived", Struct("RemotePosition", [
            ("page", Raw(str(rp))), ("device", q(dev)), ("updatedAt", q("2026-11-20T09:%02d:00Z" % (int(self.now) // 60 % 60)))])))

    @signal
    def lifecycle(self, active):
        self.set(("isActive",), boolean(active))
        return self.act("lifecycle", A("LifecycleAction", "didBecomeActive" if active else "willResignActive"))

    # -- processes
    def processes(self):
        return [self.life(), self.user(), self.periodic(self.autosave, 5.0, 0.02, when=lambda: self.active),
                self.poisson(self.remote_position, 240.0, when=lambda: self.active)]

    def life(self):
        yield 0.02
        self.emit(self.lifecycle, True)
        while True:
            yield self.rng.uniform(150, 450)
            self.active = False
            self.emit(self.lifecycle, False)
            yield self.rng.uniform(10, 80)
            self.active = True
            self.emit(self.lifecycle, True)

    def scroll(self):
        rng = self.rng
        speed = rng.uniform(-12, 30)
        hz = rng.uniform(30, 60)
        for _ in range(max(2, int(hz * rng.uniform(0.3, 1.5)))):
            yield 1.0 / hz * rng.uniform(0.9, 1.1)
            self.offset = round(min(900.0, max(0.0, self.offset + speed * rng.uniform(0.6, 1.2))), 1)
            speed *= 0.95
            self.emit(self.scrolled, self.offset)

    def select_text(self):
        rng = self.rng
        start = rng.randint(0, 1800)
        end = start
        hz = rng.uniform(30, 60)
        for _ in range(max(3, int(hz * rng.uniform(0.4, 1.8)))):
            yield 1.0 / hz * rng.uniform(0.9, 1.1)
            end += rng.choice([0, 0, 1, 2, 3])
            self.emit(self.selection_changed, start, max(end, start + 1))

    def user(self):
        rng = self.rng
        yield 1.0
        while True:
            if not self.active:
                yield 1.0
                continue
            # read the page: some scrolling, then turn
            read = rng.uniform(20, 90)
            end = self.now + read
            while self.now < end and self.active:
                yield rng.uniform(4, 25)
                if not self.active or self.now >= end:
                    break
                r = rng.random()
                if r < 0.45:
                    yield from self.scroll()
                elif r < 0.55:
                    yield from self.select_text()
                    yield rng.uniform(0.3, 1.5)
                    self.emit(self.highlight_tapped, rng.choice(["yellow", "yellow", "blue", "pink"]))
                    self.after(rng.uniform(0.05, 0.4), self.highlight_saved)
                elif r < 0.62:
                    w = rng.choice(BOOK_WORDS)
                    yield from self.select_text()
                    yield rng.uniform(0.3, 1.2)
                    self.emit(self.lookup_tapped, w)
                    self.after(rng.uniform(0.1, 0.6), self.definition_response, w)
                    yield rng.uniform(4, 15)
                    self.emit(self.dictionary_closed)
                elif r < 0.66:
                    self.emit(self.add_note_tapped)
                    yield rng.uniform(0.8, 2.5)
                    note = rng.choice(["compare with ch. 3", "great line", "why does she leave?",
                                       "quote for essay", "check this date"])
                    for i in range(1, len(note) + 1):
                        self.emit(self.note_typed, note[:i])
                        yield rng.uniform(0.08, 0.45)
                    yield rng.uniform(0.5, 2.0)
                    self.emit(self.note_save_tapped)
                    self.after(rng.uniform(0.05, 0.5), self.note_saved)
                elif r < 0.72:
                    self.emit(self.chrome_tapped)
                    yield rng.uniform(1.0, 3.0)
                    if rng.random() < 0.4:
                        v0 = float(self.get(("typography", "fontSize")).cd)
                        goal = rng.uniform(12, 28)
                        yield from self.gesture(self.font_slider, args=lambda i, v0=v0, goal=goal: (
                            round((v0 + (goal - v0) * min(1.0, (i + 1) / 25.0)) * 2) / 2.0,))
                        yield rng.uniform(0.5, 2.0)
                    elif rng.random() < 0.3:
                        self.emit(self.theme_set, rng.choice(["light", "sepia", "dark"]))
                        yield rng.uniform(0.5, 2.0)
                    self.emit(self.chrome_tapped)
            if self.active:
                self.emit(self.page_turned, rng.random() < 0.95)


APPS = {"game": Game, "trading": Trading, "smarthome": SmartHome, "reader": Reader}
