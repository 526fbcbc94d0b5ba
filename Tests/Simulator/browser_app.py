"""The browser, tcasim.py's own app (`--app browser`): loaded by tcasim before any
--apps-module, as an app file like the others."""

import math

from tcasim import A, App, Arr, Dic, NIL, Raw, St, Struct, boolean, either, noise, num, q, register, signal, text


SITES = [("Inbox", "mail.example.com/inbox"), ("Roadmap", "docs.example.com/d/roadmap"),
         ("Pull requests", "github.com/pointfreeco/swift-composable-architecture/pulls"),
         ("Week 47", "calendar.example.com/week/47"), ("Board", "linear.app/team/APP/board"),
         ("Berlin", "maps.example.com/place/berlin"), ("Forecast", "weather.example.com/berlin"),
         ("Team wiki", "wiki.example.com/team"), ("Design review", "figma.com/file/review"),
         ("Tech news", "news.example.com/tech"), ("#ios", "chat.example.com/c/ios"),
         ("Releases", "apps.example.com/releases"), ("Forums", "forums.swift.org/latest")]
ADDRESSES = ["forums.swift.org", "github.com/apple", "swiftpackageindex.com", "weather berlin",
             "tca shared state", "news.ycombinator.com", "developer.apple.com", "calendar"]
BOOKMARKS = ["Reading List", "Work", "Swift", "Design", "Travel", "Recipes", "Archive", "Music", "Papers"]


@register
class Browser(App):
    """A desktop browser: two or three windows of tabs, a tab strip the pointer hovers,
    pages that load with progress and scroll, an address bar with suggestions, a bookmarks
    sidebar that can be resized, a clock, and a sync that polls a server.

    noise   timerTicked (1 s clock), windows.element.mouseMoved (pointer, 30-60 Hz while the
            mouse moves), windows.element.tabs.element.hoverChanged (the pointer crossing
            the tab strip), .scrolled (a scroll gesture's offsets), .loadingProgress (a
            page's progress), sync.pollTimerFired (every 5 s, a no-op unless the server
            has news), sidebar.resizeDragged (a drag)
    either  windows.element.addressBar.binding.set (the address field, a keystroke each)
    signal  tab taps, closes, new tabs, a window becoming key, address focus and submit,
            the responses of effects (suggestions, navigation, favicon, sync fetch),
            bookmark taps, the end of a resize, the dark-mode toggle, the scene phase"""

    name = "browser"
    module = "Browser"
    process = "Browser"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        self.wids = [self.uid() for _ in range(rng.randint(2, 3))]
        self.tab_ids = {}
        windows = {}
        for w in self.wids:
            self.tab_ids[w] = [self.uid() for _ in range(rng.randint(3, 9))]
            windows[w] = St(self.st("Window"), [
                ("id", self.uuid_value(w)),
                ("tabs", Arr(self.tab(t, *rng.choice(SITES)) for t in self.tab_ids[w])),
                ("selectedTabID", self.uuid_value(self.tab_ids[w][0])), ("hoveredTabID", NIL),
                ("mouseLocation", St("CGPoint", [("x", num(640.0)), ("y", num(400.0))])),
                ("addressBar", St(self.st("AddressBar"), [("query", text("")), ("isEditing", boolean(False)),
                                                          ("suggestions", Arr())])),
                ("isKeyWindow", boolean(w == self.wids[0]))])
        self.key = self.wids[0]
        self.pointer = {w: [640.0, 400.0] for w in self.wids}
        self.loading = set()
        self.active = True
        self.news = 0            # changes waiting on the server
        self.fetching = False
        self.clock = 0           # whole seconds the clock has shown
        self.state = St(self.st("AppFeature"), [
            ("windows", Dic(windows, key="UUID(%s)")),
            ("sidebar", St(self.st("Sidebar"), [("bookmarks", Arr(text(b) for b in BOOKMARKS[:rng.randint(4, 7)])),
                                                ("selection", NIL), ("width", num(220.0)),
                                                ("isResizing", boolean(False))])),
            ("sync", St(self.st("Sync"), [("status", self.case("idle", "Sync.Status")),
                                          ("lastSyncedAt", NIL), ("fetchedRecords", num(0))])),
            ("settings", St(self.st("Settings"), [("isDarkMode", boolean(False)), ("zoom", num(1.0))])),
            ("now", self.date(0)),
            ("scenePhase", self.case("active", "ScenePhase"))])

    # -- values and paths
    def tab(self, t, title, url):
        return St(self.st("TabRow"), [("id", self.uuid_value(t)), ("title", text(title)),
                                      ("url", text("https://" + url)), ("isLoading", boolean(False)),
                                      ("progress", num(1.0)), ("scrollY", num(0.0)), ("favicon", NIL)])

    def uuid_arg(self, u):
        return Raw("UUID(%s)" % u if self.tca1 else u)

    def wpath(self, w, *rest):
        return ("windows", ("k", w)) + rest

    def tpath(self, w, t, *rest):
        return self.wpath(w, "tabs", ("i", self.tab_ids[w].index(t))) + rest

    def win(self, w, inner):
        return self.act("windows", self.element("Window", self.uuid_arg(w), inner))

    def row(self, w, t, inner):
        return self.win(w, A(self.at("Window"), "tabs", self.element("TabRow", self.uuid_arg(t), inner)))

    def bar(self, w, inner):
        return self.win(w, A(self.at("Window"), "addressBar", inner))

    def point(self, x, y):
        return Struct("CGPoint", [("x", Raw(repr(x))), ("y", Raw(repr(y)))])

    # -- noise
    @noise
    def timer_ticked(self):
        self.clock += 1
        self.set(("now",), self.date(self.clock))
        return self.act("timerTicked")

    @noise
    def mouse_moved(self, w, x, y):
        self.set(self.wpath(w, "mouseLocation"), St("CGPoint", [("x", num(x)), ("y", num(y))]))
        return self.win(w, A(self.at("Window"), "mouseMoved", self.point(x, y)))

    @noise
    def hover_changed(self, w, t, inside):
        current = self.get(self.wpath(w, "hoveredTabID"))
        if inside:
            self.set(self.wpath(w, "hoveredTabID"), self.uuid_value(t))
        elif current is not NIL and current.cd == self.uuid_value(t).cd:
            self.set(self.wpath(w, "hoveredTabID"), NIL)
        return self.row(w, t, A(self.at("TabRow"), "hoverChanged", Raw("true" if inside else "false")))

    @noise
    def scrolled(self, w, t, y):
        self.set(self.tpath(w, t, "scrollY"), num(y))
        return self.row(w, t, A(self.at("TabRow"), "scrolled", offset=Raw(repr(y))))

    @noise
    def loading_progress(self, w, t, p):
        self.set(self.tpath(w, t, "progress"), num(p))
        return self.row(w, t, A(self.at("TabRow"), "loadingProgress", Raw(repr(p))))

    @noise
    def poll_fired(self):
        if self.news and not self.fetching:
            self.fetching = True
            self.set(("sync", "status"), self.case("fetching", "Sync.Status"))
            self.after(self.rng.uniform(0.2, 1.0), self.fetch_response)
        return self.act("sync", A(self.at("Sync"), "pollTimerFired"))

    @noise
    def resize_dragged(self, width):
        self.set(("sidebar", "isResizing"), boolean(True))
        self.set(("sidebar", "width"), num(width))
        return self.act("sidebar", A(self.at("Sidebar"), "resizeDragged", width=Raw(repr(width))))

    # -- either
    @either
    def query_typed(self, w, value):
        self.set(self.wpath(w, "addressBar", "query"), text(value))
        return self.bar(w, self.binding("AddressBar", "query", q(value)))

    # -- signal
    @signal
    def scene_phase(self, phase):
        self.set(("scenePhase",), self.case(phase, "ScenePhase"))
        # a lone enum payload reads as a child case: the path is scenePhaseChanged.active
        return self.act("scenePhaseChanged", A("ScenePhase", phase))

    @signal
    def became_key(self, w):
        for other in self.wids:
            self.set(self.wpath(other, "isKeyWindow"), boolean(other == w))
        return self.win(w, A(self.at("Window"), "becameKey"))

    @signal
    def tab_tapped(self, w, t):
        self.set(self.wpath(w, "selectedTabID"), self.uuid_value(t))
        return self.row(w, t, A(self.at("TabRow"), "tapped"))

    @signal
    def close_tapped(self, w, t):
        i = self.tab_ids[w].index(t)
        selected = self.get(self.wpath(w, "selectedTabID")).cd == self.uuid_value(t).cd
        action = self.row(w, t, A(self.at("TabRow"), "closeButtonTapped"))
        self.remove_at(self.wpath(w, "tabs"), i)
        self.tab_ids[w].pop(i)
        self.loading.discard(t)
        if selected:
            self.set(self.wpath(w, "selectedTabID"), self.uuid_value(self.tab_ids[w][max(0, i - 1)]))
        hovered = self.get(self.wpath(w, "hoveredTabID"))
        if hovered is not NIL and hovered.cd == self.uuid_value(t).cd:
            self.set(self.wpath(w, "hoveredTabID"), NIL)
        return action

    @signal
    def new_tab(self, w):
        t = self.uid()
        self.tab_ids[w].append(t)
        self.append(self.wpath(w, "tabs"), self.tab(t, "New Tab", "start.example.com"))
        self.set(self.wpath(w, "selectedTabID"), self.uuid_value(t))
        return self.win(w, A(self.at("Window"), "newTabButtonTapped"))

    @signal
    def navigated(self, w, t, ok):
        if t not in self.tab_ids[w]:
            return None            # closed while loading: the effect was cancelled
        self.loading.discard(t)
        title, url = self.rng.choice(SITES)
        self.set(self.tpath(w, t, "isLoading"), boolean(False))
        self.set(self.tpath(w, t, "progress"), num(1.0))
        if ok:
            self.set(self.tpath(w, t, "title"), text(title))
        payload = Struct("Page", [("title", q(title)), ("url", q("https://" + url)), ("statusCode", Raw("200"))]) \
            if ok else Struct("URLError", [("code", Raw("-1001"))])
        return self.row(w, t, A(self.at("TabRow"), "navigationResponse", self.result("Page", ok, payload)))

    @signal
    def favicon_loaded(self, w, t):
        if t not in self.tab_ids[w]:
            return None
        size = self.rng.randint(600, 8000)
        self.set(self.tpath(w, t, "favicon"), St("Favicon", [("bytes", num(size)), ("scale", num(2.0))]))
        return self.row(w, t, A(self.at("TabRow"), "faviconResponse", self.result(
            "Favicon", True, Struct("Favicon", [("bytes", Raw(str(size))), ("scale", Raw("2.0"))]))))

    @signal
    def address_focused(self, w, editing):
        self.set(self.wpath(w, "addressBar", "isEditing"), boolean(editing))
        if not editing:
            self.set(self.wpath(w, "addressBar", "suggestions"), Arr())
        return self.bar(w, A(self.at("AddressBar"), "focusChanged", Raw("true" if editing else "false")))

    @signal
    def suggestions_loaded(self, w, query):
        hits = [s for s in SITES if query[:2].lower() in (s[0] + s[1]).lower()][:4]
        rows = [St("Suggestion", [("title", text(tt)), ("url", text("https://" + u))]) for tt, u in hits]
        rows.append(St("Suggestion", [("title", text("Search “%s”" % query)),
                                      ("url", text("https://search.example.com/?q=" + query.replace(" ", "+")))]))
        self.set(self.wpath(w, "addressBar", "suggestions"), Arr(rows))
        return self.bar(w, A(self.at("AddressBar"), "suggestionsResponse", self.result(
            "[Suggestion]", True, Struct("SuggestionPage", [("query", q(query)), ("count", Raw(str(len(rows))))]))))

    @signal
    def submitted(self, w, t, address):
        self.set(self.wpath(w, "addressBar", "isEditing"), boolean(False))
        self.set(self.wpath(w, "addressBar", "suggestions"), Arr())
        self.set(self.tpath(w, t, "url"), text("https://" + address.replace(" ", "+")))
        self.set(self.tpath(w, t, "isLoading"), boolean(True))
        self.set(self.tpath(w, t, "progress"), num(0.0))
        self.loading.add(t)
        return self.bar(w, A(self.at("AddressBar"), "submitButtonTapped"))

    @signal
    def bookmark_tapped(self, i):
        self.set(("sidebar", "selection"), num(i))
        return self.act("sidebar", A(self.at("Sidebar"), "bookmarkTapped", index=Raw(str(i))))

    @signal
    def resize_ended(self):
        self.set(("sidebar", "isResizing"), boolean(False))
        return self.act("sidebar", A(self.at("Sidebar"), "resizeEnded"))

    @signal
    def dark_mode(self, on):
        self.set(("settings", "isDarkMode"), boolean(on))
        return self.act("settings", self.binding("Settings", "isDarkMode", Raw("true" if on else "false")))

    @signal
    def fetch_response(self):
        n, self.news, self.fetching = self.news, 0, False
        total = int(self.get(("sync", "fetchedRecords")).cd) + n
        self.set(("sync", "status"), self.case("idle", "Sync.Status"))
        self.set(("sync", "lastSyncedAt"), self.date())
        self.set(("sync", "fetchedRecords"), num(total))
        return self.act("sync", A(self.at("Sync"), "fetchResponse", self.result("SyncBatch", True, Struct(
            "SyncBatch", [("changed", Raw(str(n))), ("token", q(self.uid()[:8]))]))))

    # -- processes
    def processes(self):
        return [self.periodic(self.timer_ticked, 1.0, 0.002), self.periodic(self.poll_fired, 5.0, 0.05,
                                                                             when=lambda: self.active),
                self.lifecycle(), self.server(), self.background_loads(), self.person()]

    def lifecycle(self):
        rng = self.rng
        while True:
            yield rng.uniform(120, 360)
            self.active = False
            self.emit(self.scene_phase, "background")
            yield rng.uniform(15, 60)
            self.active = True
            self.emit(self.scene_phase, "active")

    def server(self):
        while True:
            yield self.expo(25.0)
            self.news += self.rng.randint(1, 4)

    def background_loads(self):
        """Tabs that reload on their own (a page refreshing, a redirect)."""
        while True:
            yield self.expo(20.0)
            w = self.rng.choice(self.wids)
            t = self.rng.choice(self.tab_ids[w])
            if self.active and t not in self.loading:
                self.loading.add(t)
                self.spawn(self.page_load(w, t))

    def page_load(self, w, t):
        """Progress every 0.1-0.4 s until the page is in, then its response and favicon."""
        p = 0.0
        while True:
            yield self.rng.uniform(0.1, 0.4)
            if t not in self.tab_ids[w]:
                self.loading.discard(t)
                return
            p = round(p + self.rng.uniform(0.04, 0.2), 2)
            if p >= 1.0:
                break
            self.emit(self.loading_progress, w, t, p)
        yield self.rng.uniform(0.02, 0.15)
        ok = self.rng.random() < 0.95
        self.emit(self.navigated, w, t, ok)
        if ok:
            self.after(self.rng.uniform(0.05, 0.5), self.favicon_loaded, w, t)

    def move_mouse(self, w, duration=None, to_strip=False):
        """A pointer stream; over the tab strip (y < 40) it hovers the tabs it crosses."""
        rng = self.rng
        x0, y0 = self.pointer[w]
        x1 = rng.uniform(20, 1260)
        y1 = rng.uniform(5, 35) if to_strip else rng.uniform(5, 780)
        hz = rng.uniform(30, 60)
        if duration is None:
            duration = min(3.0, 0.3 + rng.lognormvariate(math.log(0.45), 0.8))
        n = max(2, int(round(duration * hz)))
        state = {"tab": None}

        def at(i):
            f = (i + 1) / n
            ease = f * f * (3 - 2 * f)
            x = round(x0 + (x1 - x0) * ease + rng.uniform(-1.5, 1.5), 1)
            y = round(y0 + (y1 - y0) * ease + rng.uniform(-1.5, 1.5), 1)
            self.pointer[w] = [x, y]
            return (w, x, y)

        def hover(i):
            x, y = self.pointer[w]
            tabs = self.tab_ids[w]
            over = tabs[min(len(tabs) - 1, int(x // (1280 / len(tabs))))] if y < 40 else None
            if over != state["tab"]:
                if state["tab"] in tabs:
                    self.emit(self.hover_changed, w, state["tab"], False)
                if over is not None:
                    self.emit(self.hover_changed, w, over, True)
                state["tab"] = over

        yield from self.gesture(self.mouse_moved, hz=hz, duration=n / hz, args=at, each=hover)
        return state["tab"]

    def person(self):
        rng = self.rng
        think = self.think((0.6, 2.0), (3.0, 9.0), (45, 150), (20, 90))
        yield rng.uniform(0.5, 2.0)
        while True:
            yield next(think)
            if not self.active:
                continue
            w = self.key
            r = rng.random()
            if r < 0.05 and len(self.wids) > 1:          # another window
                w = rng.choice([x for x in self.wids if x != w])
                yield from self.move_mouse(w)
                self.key = w
                self.emit(self.became_key, w)
            elif r < 0.30:                                # pick a tab with the mouse
                t = yield from self.move_mouse(w, duration=rng.uniform(0.3, 1.2), to_strip=True)
                if t is not None and t in self.tab_ids[w]:
                    self.emit(self.tab_tapped, w, t)
            elif r < 0.40:                                # switch tabs with the keyboard
                for _ in range(rng.randint(2, 5) if self.busy else 1):
                    self.emit(self.tab_tapped, w, rng.choice(self.tab_ids[w]))
                    yield rng.uniform(0.4, 2.0)
            elif r < 0.58:                                # read: scroll the page
                t = self.tab_ids[w][0]
                sel = self.get(self.wpath(w, "selectedTabID")).cd
                t = next((x for x in self.tab_ids[w] if self.uuid_value(x).cd == sel), t)
                for _ in range(rng.randint(1, 3)):
                    v = rng.uniform(-25, 60)
                    yield from self.gesture(self.scrolled, args=lambda i, t=t, v=v: (
                        w, t, self._scroll(w, t, v)))
                    yield rng.uniform(0.8, 5.0)
            elif r < 0.72:                                # type an address
                t = rng.choice(self.tab_ids[w])
                self.emit(self.address_focused, w, True)
                word = rng.choice(ADDRESSES)
                for k in range(1, len(word) + 1):
                    self.emit(self.query_typed, w, word[:k])
                    gap = rng.uniform(0.07, 0.45) if k < len(word) else rng.uniform(0.5, 1.6)
                    if gap > 0.25:                        # the suggestions, debounced by 0.25 s
                        lag = min(gap - 0.01, 0.25 + rng.uniform(0.02, 0.15))
                        yield lag
                        self.emit(self.suggestions_loaded, w, word[:k])
                        gap -= lag
                    yield gap
                if t in self.tab_ids[w] and t not in self.loading:
                    self.emit(self.submitted, w, t, word)
                    self.spawn(self.page_load(w, t))
                else:
                    self.emit(self.address_focused, w, False)
            elif r < 0.78:                                # a new tab
                self.emit(self.new_tab, w)
                t = self.tab_ids[w][-1]
                self.loading.add(t)
                self.spawn(self.page_load(w, t))
            elif r < 0.83:                                # close a tab
                if len(self.tab_ids[w]) > 2:
                    self.emit(self.close_tapped, w, rng.choice(self.tab_ids[w]))
            elif r < 0.89:                                # a bookmark
                yield from self.move_mouse(w, duration=rng.uniform(0.3, 0.8))
                self.emit(self.bookmark_tapped, rng.randrange(len(self.get(("sidebar", "bookmarks")).items)))
            elif r < 0.92:                                # resize the sidebar
                width = float(self.get(("sidebar", "width")).cd)
                goal = rng.uniform(160, 400)
                hz = rng.uniform(30, 60)
                n = max(3, int(hz * rng.uniform(0.4, 1.8)))
                yield from self.gesture(self.resize_dragged, hz=hz, duration=n / hz, args=lambda i: (
                    round(width + (goal - width) * (i + 1) / n + rng.uniform(-1, 1), 1),))
                self.emit(self.resize_ended)
            elif r < 0.93:
                self.emit(self.dark_mode, self.get(("settings", "isDarkMode")).cd != "true")
            else:                                         # the mouse wanders
                yield from self.move_mouse(w)

    def _scroll(self, w, t, v):
        if t not in self.tab_ids[w]:
            return 0.0
        y = float(self.get(self.tpath(w, t, "scrollY")).cd)
        return max(0.0, round(y + v * self.rng.uniform(0.7, 1.2), 1))
