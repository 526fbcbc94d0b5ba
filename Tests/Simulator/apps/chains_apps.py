"""Apps for `tcalog chains` (issue 53), each writing its truth with tcasim.py --truth:
the request -> response pairs it planted (causes, answered, the record numbers of the
unanswered ones, every latency), the loops, and the crossings (a child feature's
non-delegate action changing state outside the child's own state), beside the allowed
changes that must not be called one (a child's action inside its own state, a delegate
action handled by the parent).

shop: a 1 s timer ticking through everything, a search answered after 0.15-0.6 s (one in
eight never answered) and followed at once by its delegate, which the parent handles; a
profile load answered after 0.8-1.2 s (one in six never); a sync poll that feeds itself
(poll -> response after 0.2 s -> poll again 2 s later); rows of an IdentifiedArray
(`.element(id:action:)`), a presented settings destination and a navigation stack (path),
each with an action inside its own state and one that crosses.
`--app shop-heldout` is the same app on other seeds and rates, the goal's held-out log."""

from tcasim import App, A, Raw, q, noise, signal, St, Arr, Dic, En, NIL, num, text, boolean


class Shop(App):
    name = "shop"
    module = "Shop"
    process = "Shop"
    think_mean = 6.0

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        self.ids = [self.uid() for _ in range(4)]
        self.stack = ["0", "1"]
        rows = [St(self.st("Item"), [("id", self.uuid_value(i)), ("title", text("Item %d" % n)),
                                     ("isDone", boolean(False))]) for n, i in enumerate(self.ids)]
        settings = St(self.st("Settings"), [("theme", text("light")), ("fontSize", num(14))])
        detail = lambda n: En("Path.State", "detail", St(self.st("Detail"), [("isSaving", boolean(False)),
                                                                             ("title", text("Page %s" % n))]))
        self.state = St(self.st("AppFeature"), [
            ("clock", num(0)), ("badge", num(0)), ("doneCount", num(0)), ("theme", text("light")),
            ("savedCount", num(0)), ("recentQueries", num(0)), ("lastEdited", NIL),
            ("search", St(self.st("Search"), [("query", text("")), ("isLoading", boolean(False)),
                                              ("results", num(0))])),
            ("profile", St(self.st("Profile"), [("isLoading", boolean(False)), ("name", NIL)])),
            ("sync", St(self.st("Sync"), [("lastPoll", num(0)), ("isPolling", boolean(False))])),
            ("rows", Arr(rows)),
            ("destination", En("Destination.State", "settings", settings)),
            ("path", Dic({k: detail(k) for k in self.stack}, quoted=False, ordered=True, key="#%s")),
        ])
        self.truth = {"pairs": {}, "crossings": {}, "allowed": {}, "loops": []}
        self.waiting = {}

    # -- truth
    def index(self):
        """The number of the record the maker being run writes."""
        return self.session.records

    def pair(self, cause, response):
        return self.truth["pairs"].setdefault("%s>%s" % (cause, response), {
            "cause": cause, "response": response, "causes": 0, "answered": 0, "unansweredRecords": [],
            "latencies": [], "waiting": {}})

    def cause(self, cause, response, answered=True):
        """Notes a cause record (the one being made); returns its token for answer()."""
        p = self.pair(cause, response)
        p["causes"] += 1
        token = (self.index(), self.now)
        if answered:
            p["waiting"][token[0]] = token
        else:
            p["unansweredRecords"].append(token[0])
        return token

    def answer(self, cause, response, token):
        p = self.pair(cause, response)
        del p["waiting"][token[0]]
        p["answered"] += 1
        p["latencies"].append(round(self.now - token[1], 6))

    def crossed(self, kind, action, state_path):
        c = self.truth[kind].setdefault("%s>%s" % (action, state_path), {
            "action": action, "statePath": state_path, "records": 0})
        c["records"] += 1

    def search(self, inner):
        return self.act("search", inner)

    def row(self, i, inner):
        return self.act("rows", self.element("Item", Raw("UUID(%s)" % i), inner))

    # -- actions
    @noise
    def timer_ticked(self):
        self.set(("clock",), num(int(self.now)))
        return self.act("timerTicked")

    @signal
    def search_tapped(self, answered, latency):
        self.set(("search", "isLoading"), boolean(True))
        n = self.get(("recentQueries",)).cd
        self.set(("recentQueries",), num(int(n) + 1))
        self.crossed("crossings", "search.searchButtonTapped", "recentQueries")
        self.crossed("allowed", "search.searchButtonTapped", "search.isLoading")
        token = self.cause("search.searchButtonTapped", "search.searchResponse.success", answered)
        if answered:
            self.after(latency, self.search_response, token)
        return self.search(A(self.at("Search"), "searchButtonTapped"))

    @signal
    def search_response(self, token):
        self.set(("search", "isLoading"), boolean(False))
        self.set(("search", "results"), num(self.rng.randint(1, 40)))
        self.crossed("allowed", "search.searchResponse.success", "search.results")
        self.answer("search.searchButtonTapped", "search.searchResponse.success", token)
        self.after(0.001, self.search_delegate, self.cause("search.searchResponse.success", "search.delegate.resultsLoaded"))
        return self.search(A(self.at("Search"), "searchResponse", self.result("Int", True, Raw("3"))))

    @signal
    def search_delegate(self, token):
        self.answer("search.searchResponse.success", "search.delegate.resultsLoaded", token)
        n = self.get(("badge",)).cd
        self.set(("badge",), num(int(n) + 1))
        self.crossed("allowed", "search.delegate.resultsLoaded", "badge")
        return self.search(A(self.at("Search"), "delegate", A(self.at("Search") + ".Delegate", "resultsLoaded")))

    @signal
    def profile_tapped(self, answered, latency):
        self.set(("profile", "isLoading"), boolean(True))
        token = self.cause("profile.loadTapped", "profile.profileResponse.success", answered)
        if answered:
            self.after(latency, self.profile_response, token)
        return self.act("profile", A(self.at("Profile"), "loadTapped"))

    @signal
    def profile_response(self, token):
        self.set(("profile", "isLoading"), boolean(False))
        self.set(("profile", "name"), text(self.rng.choice(["Ana", "Ben", "Chen"])))
        self.answer("profile.loadTapped", "profile.profileResponse.success", token)
        return self.act("profile", A(self.at("Profile"), "profileResponse", self.result("String", True, q("x"))))

    @noise
    def poll_fired(self, token=None):
        self.set(("sync", "isPolling"), boolean(True))
        if token is not None:
            self.answer("sync.pollResponse.success", "sync.pollFired", token)
        self.after(0.2, self.poll_response, self.cause("sync.pollFired", "sync.pollResponse.success"))
        return self.act("sync", A(self.at("Sync"), "pollFired"))

    @noise
    def poll_response(self, token):
        self.set(("sync", "isPolling"), boolean(False))
        self.set(("sync", "lastPoll"), num(int(self.now)))
        self.answer("sync.pollFired", "sync.pollResponse.success", token)
        self.after(2.0, self.poll_fired, self.cause("sync.pollResponse.success", "sync.pollFired"))
        return self.act("sync", A(self.at("Sync"), "pollResponse", self.result("Int", True, Raw("0"))))

    @signal
    def toggle_tapped(self, i, crosses):
        k = self.ids.index(i)
        done = self.get(("rows", ("i", k), "isDone")).cd == "true"
        self.set(("rows", ("i", k), "isDone"), boolean(not done))
        self.crossed("allowed", "rows.element.toggleTapped", "rows[*].isDone")
        if crosses:
            n = sum(1 for r in self.get(("rows",)).items if r.f["isDone"].cd == "true")
            if self.set(("doneCount",), num(n)):
                self.crossed("crossings", "rows.element.toggleTapped", "doneCount")
        return self.row(i, A(self.at("Item"), "toggleTapped"))

    @signal
    def title_edited(self, i):
        k = self.ids.index(i)
        title = "Item %d" % self.rng.randint(10, 99)
        self.set(("rows", ("i", k), "title"), text(title))
        self.crossed("allowed", "rows.element.titleEdited", "rows[*].title")
        if self.set(("lastEdited",), text(i[:8])):
            self.crossed("crossings", "rows.element.titleEdited", "lastEdited")
        return self.row(i, A(self.at("Item"), "titleEdited", q(title)))

    @signal
    def theme_changed(self, theme):
        self.set(("destination", ("e", "settings"), "theme"), text(theme))
        self.crossed("allowed", "destination.presented.settings.themeChanged", "destination.settings.theme")
        if self.set(("theme",), text(theme)):
            self.crossed("crossings", "destination.presented.settings.themeChanged", "theme")
        inner = A(self.at("Settings"), "themeChanged", q(theme))
        return self.act("destination", A("PresentationAction<Destination.Action>", "presented",
                                         A("Destination.Action", "settings", inner)))

    @signal
    def save_tapped(self, key):
        self.saving = self.cause("path.element.detail.saveTapped", "path.element.detail.delegate.saved")
        self.set(("path", ("k", key), ("e", "detail"), "isSaving"), boolean(True))
        n = self.get(("savedCount",)).cd
        self.set(("savedCount",), num(int(n) + 1))
        self.crossed("allowed", "path.element.detail.saveTapped", "path[*].detail.isSaving")
        self.crossed("crossings", "path.element.detail.saveTapped", "savedCount")
        return self.act("path", A("StackActionOf<Path>", "element", id=Raw("#%s" % key), action=A(
            "Path.Action", "detail", A(self.at("Detail"), "saveTapped"))))

    @signal
    def saved_delegate(self, key):
        self.answer("path.element.detail.saveTapped", "path.element.detail.delegate.saved", self.saving)
        self.set(("path", ("k", key), ("e", "detail"), "isSaving"), boolean(False))
        n = self.get(("savedCount",)).cd
        self.set(("savedCount",), num(int(n) + 10))
        self.crossed("allowed", "path.element.detail.delegate.saved", "savedCount")
        return self.act("path", A("StackActionOf<Path>", "element", id=Raw("#%s" % key), action=A(
            "Path.Action", "detail", A(self.at("Detail"), "delegate", A(self.at("Detail") + ".Delegate", "saved")))))

    # -- time
    def processes(self):
        return [self.periodic(self.timer_ticked, 1.0, first=0.5), self.person(), self.poll_start()]

    def poll_start(self):
        yield 0.7
        self.emit(self.poll_fired)

    def person(self):
        rng = self.rng
        while True:
            yield self.expo(self.think_mean)
            roll = rng.random()
            if roll < 0.3:
                self.emit(self.search_tapped, rng.random() >= 0.125, round(rng.uniform(0.15, 0.6), 3))
            elif roll < 0.45:
                self.emit(self.profile_tapped, rng.random() >= 1 / 6, round(rng.uniform(0.8, 1.2), 3))
            elif roll < 0.6:
                self.emit(self.toggle_tapped, rng.choice(self.ids), rng.random() < 0.5)
            elif roll < 0.7:
                self.emit(self.title_edited, rng.choice(self.ids))
            elif roll < 0.8:
                self.emit(self.theme_changed, rng.choice(["light", "dark", "sepia"]))
            else:
                key = rng.choice(self.stack)
                self.emit(self.save_tapped, key)
                yield rng.uniform(0.05, 0.3)
                self.emit(self.saved_delegate, key)

    def truth_json(self):
        t = self.truth
        pairs = []
        for p in t["pairs"].values():
            p = dict(p)
            p["unansweredRecords"] = sorted(p["unansweredRecords"] + list(p.pop("waiting")))
            pairs.append(p)
        return {"pairs": sorted(pairs, key=lambda p: (p["cause"], p["response"])),
                "crossings": sorted(t["crossings"].values(), key=lambda c: (c["action"], c["statePath"])),
                "allowed": sorted(t["allowed"].values(), key=lambda c: (c["action"], c["statePath"])),
                "loops": [["sync.pollFired", "sync.pollResponse.success"]],
                "timer": "timerTicked"}


class ShopHeldOut(Shop):
    name = "shop-heldout"
    think_mean = 4.5


APPS = {"shop": Shop, "shop-heldout": ShopHeldOut}
