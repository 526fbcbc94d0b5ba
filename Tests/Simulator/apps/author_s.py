"""author-s: three simulated TCA apps for tcasim.

podcast: a podcast player: the library of subscribed shows refreshes feeds in the background (per show,
at irregular times, new episodes inserted), episodes download with progress per episode, the player
shows playback position ticking while playing, the user scrubs the position slider (binding streams while
dragging), changes speed, queues episodes, a sleep timer counts down, chapters change as playback passes
them, the now-playing info is re-sent to the system, the user searches the catalog (debounced query) and
subscribes.

mail: an email client: the inbox syncs over IMAP IDLE (server pushes of new mail, flag changes from other
devices, per mailbox), a background fetch every few minutes, the user opens threads (bodies and images load
on demand), composes replies (to/subject/body text bindings, a draft autosave after a pause, attachment
upload progress), swipes to archive or flag, searches (debounced, results stream in pages), the unread badge
is recomputed, the send queue retries on failure.

evcar: an electric car companion app: the car's state (battery %, range, charging power, cabin temperature,
location) is pushed by the car's server every few seconds while charging and now and then while parked,
the user starts and stops charging, sets the charge limit with a slider, pre-conditions the cabin
(temperature stepper), locks/unlocks, honks, looks up chargers on a map (pan/zoom region stream), a trip
planner computes stops, a wake-up request retries while the car is asleep.
"""

import tcasim
from tcasim import (App, A, Struct, Raw, q, noise, signal, either, V, St, Arr, Dic, En, NIL, num, text, boolean)

AUTHOR = "author-s"


def fl(x, nd=1):
    """A float literal in an action payload."""
    return Raw(repr(round(float(x), nd)))


def yes(b):
    return Raw("true" if b else "false")


class Base(App):
    """Helpers shared by the three apps."""

    def feat(self, root_case, feature, case, *unlabeled, **labeled):
        """`.root_case(.case(...))` of a child feature scoped from the root."""
        return self.act(root_case, A(self.at(feature), case, *unlabeled, **labeled))

    def stack_t(self):
        return "StackAction<%s, %s>" % (self.st("Path"), self.at("Path")) if tcasim.GENERICS == "two" \
            else "StackActionOf<Path>"

    def pres_t(self, feature="Destination"):
        return "PresentationAction<%s>" % self.at(feature)

    def fnum(self, path):
        return float(self.get(path).cd)


# ============================================================================ podcast

SHOWS = [(1523420101, "Swift by Sundell"), (1412873455, "Under the Radar"), (1064932387, "Accidental Tech Podcast"),
         (1498720335, "The Daily"), (1330921046, "Hidden Brain"), (1219882031, "99% Invisible"),
         (1471834960, "Radiolab"), (1376504211, "Reply All"), (1543201987, "Stacktrace"),
         (1611329870, "Point-Free Clips"), (1287563402, "Song Exploder"), (1598723344, "Lex Fridman Podcast"),
         (1456032180, "Planet Money"), (1503397412, "Cortex")]
CATALOG = [(1701223344, "Swift Package Index Podcast"), (1688123409, "Empower Apps"),
           (1654231870, "iOS Dev Discussions"), (1622098433, "Launched"), (1719932001, "Mobile Dev Memo"),
           (1733340128, "Design Details"), (1590045521, "Hard Fork"), (1577700432, "Search Engine")]
SEARCH_WORDS = ["swift", "design", "ios dev", "launched", "hard fork", "mobile", "package index", "empower"]
CHAPTER_NAMES = ["Intro", "Sponsor", "News", "Main topic", "Listener questions", "Picks", "Outro",
                 "Deep dive", "Interview", "Follow-up"]


class Podcast(Base):
    """A podcast player.

    noise   player.timeUpdated (AVPlayer's periodic observer, 0.5 s while playing, a no-op while
            scrubbing), player.binding.set \\.$scrubPosition (the slider's drag stream),
            player.sleepTimerTicked (1 s countdown), player.nowPlayingInfoRefreshed (every 10 s while
            playing), downloads.element.progressUpdated, library.shows.element.feedResponse.success
            (background per-show refresh that stamps lastCheckedAt)
    either  search.binding.set \\.$query (keystrokes), player.chapterChanged (playback crossing a
            chapter mark), library.shows.element.artworkResponse.success (artwork as the list shows)
    signal  taps, speed, sleep timer choice and firing, navigation, responses to the person's requests,
            new episodes found (delegate), downloads finishing or failing, subscriptions, remote commands"""

    name = "podcast"
    module = "Podcasts"
    process = "Podcasts"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        Base.__init__(self, session)
        rng = self.rng
        shows = rng.sample(SHOWS, rng.randint(9, 12))
        self.show_ids = [s[0] for s in shows]
        self.show_title = dict(shows)
        self.auto_download = {s: rng.random() < 0.35 for s in self.show_ids}
        self.ep_counter = 0
        self.episodes = {}       # id -> (show, title, duration)
        rows = []
        for sid, title in shows:
            rows.append(self.show_row(sid, title, rng.randint(40, 600), rng.uniform(-3600, -60)))
        self.tab = "library"
        self.active = True
        self.stack = []          # [(stack id, show id)]
        self.next_stack = 1
        self.downloading = set()
        self.searching = False
        # the episode playing: part-way through
        ep = self.new_episode(rng.choice(self.show_ids), rng.uniform(1500, 3600))
        dur = self.episodes[ep][2]
        pos = round(dur - rng.uniform(200, 900), 1)
        self.chapters = self.make_chapters(dur)
        ci = self.chapter_at(pos)
        self.queue_ids = [self.new_episode(rng.choice(self.show_ids), rng.uniform(1200, 4000)) for _ in range(3)]
        self.playing = True
        self.state = St(self.st("AppFeature"), [
            ("selectedTab", self.case("library", "Tab")),
            ("library", St(self.st("Library"), [("shows", Arr(rows)), ("newEpisodes", Arr()),
                                               ("isRefreshing", boolean(False))])),
            ("player", St(self.st("Player"), [
                ("episodeID", text(ep)), ("title", text(self.episodes[ep][1])), ("duration", num(dur)),
                ("position", num(pos)), ("isPlaying", boolean(True)), ("playbackRate", num(1.0)),
                ("scrubPosition", num(pos)), ("isScrubbing", boolean(False)), ("chapterIndex", num(ci)),
                ("chapterTitle", text(self.chapters[ci][1])), ("sleepTimerRemaining", NIL),
                ("nowPlayingElapsed", num(pos))])),
            ("queue", St(self.st("Queue"), [("episodes", Arr(self.queue_row(e) for e in self.queue_ids))])),
            ("downloads", Dic({}, quoted=True)),
            ("search", St(self.st("Search"), [("query", text("")), ("results", Arr()), ("isSearching", boolean(False))])),
            ("path", Dic({}, quoted=False, ordered=True)),
            ("scenePhase", self.case("active", "ScenePhase"))])

    # -- values
    def show_row(self, sid, title, count, checked):
        return St(self.st("ShowRow"), [("id", num(sid)), ("title", text(title)), ("episodeCount", num(count)),
                                       ("lastCheckedAt", self.date(max(0, checked)) if checked >= 0 else
                                        self.date(0)), ("artwork", NIL)])

    def new_episode(self, show, duration):
        self.ep_counter += 1
        guid = "%x-%04d" % (show % 0xFFFFF, 100 + self.ep_counter)
        n = self.rng.randint(80, 520)
        self.episodes[guid] = (show, "%s #%d" % (self.show_title.get(show, "Episode"), n), round(duration, 1))
        return guid

    def queue_row(self, e):
        return St(self.st("QueueRow"), [("id", text(e)), ("title", text(self.episodes[e][1]))])

    def make_chapters(self, dur):
        t, out = 0.0, []
        names = self.rng.sample(CHAPTER_NAMES, len(CHAPTER_NAMES))
        i = 0
        while t < dur:
            out.append((round(t, 1), names[i % len(names)]))
            i += 1
            t += self.rng.uniform(120, 900)
        return out

    def chapter_at(self, pos):
        i = 0
        for k, (start, _) in enumerate(self.chapters):
            if pos >= start:
                i = k
        return i

    def show_index(self, sid):
        return self.show_ids.index(sid)

    def player(self, case, *a, **k):
        return self.feat("player", "Player", case, *a, **k)

    def show_el(self, sid, inner):
        return self.feat("library", "Library", "shows", self.element("ShowRow", Raw(str(sid)), inner))

    def download_el(self, e, inner):
        return self.act("downloads", self.element("DownloadRow", q(e), inner))

    def stack_el(self, sid_stack, inner):
        return self.act("path", A(self.stack_t(), "element", id=Raw("#%d" % sid_stack),
                                  action=A(self.at("Path"), "showDetail", inner)))

    def pos(self):
        return self.fnum(("player", "position"))

    # -- noise
    @noise
    def time_updated(self):
        p = self.get(("player",))
        newpos = min(float(p.f["duration"].cd), round(self.pos() + 0.5 * float(p.f["playbackRate"].cd), 1))
        if p.f["isScrubbing"].cd != "true":       # the slider owns the position while dragging
            self.set(("player", "position"), num(newpos))
            self.set(("player", "scrubPosition"), num(newpos))
        return self.player("timeUpdated", fl(newpos))

    @noise
    def scrub_dragged(self, value):
        self.set(("player", "scrubPosition"), num(value))
        return self.act("player", self.binding("Player", "scrubPosition", fl(value)))

    @noise
    def sleep_tick(self):
        r = self.get(("player", "sleepTimerRemaining"))
        if r is NIL:
            return self.player("sleepTimerTicked")
        self.set(("player", "sleepTimerRemaining"), num(max(0, int(r.cd) - 1)))
        return self.player("sleepTimerTicked")

    # reason: re-sends the elapsed time to MPNowPlayingInfoCenter every 10 s while playing
    @noise
    def now_playing_refreshed(self):
        p = self.pos()
        self.set(("player", "nowPlayingElapsed"), num(p))
        return self.player("nowPlayingInfoRefreshed", elapsed=fl(p))

    # reason: a download's progress, at the network's pace
    @noise
    def download_progress(self, e, f):
        self.set(("downloads", ("k", e), "progress"), num(f))
        return self.download_el(e, A(self.at("DownloadRow"), "progressUpdated", fl(f, 2)))

    # reason: a background refresh per show at irregular times; it stamps lastCheckedAt and carries no
    # new objects itself (new episodes arrive through the row's delegate action)
    @noise
    def feed_response(self, sid, new):
        i = self.show_index(sid)
        self.set(("library", "shows", ("i", i), "lastCheckedAt"), self.date())
        return self.show_el(sid, A(self.at("ShowRow"), "feedResponse", self.result("Feed", True, Struct(
            "Feed", [("etag", q("W/\"%08x\"" % self.rng.getrandbits(32))), ("newEpisodeCount", Raw(str(new)))]))))

    # -- either
    # reason: a text field's binding, one record per keystroke
    @either
    def query_typed(self, value):
        self.set(("search", "query"), text(value))
        return self.act("search", self.binding("Search", "query", q(value)))

    # reason: machine-paced (playback crossing a mark, no one asked) but it changes what the screen shows
    @either
    def chapter_changed(self, ci):
        self.set(("player", "chapterIndex"), num(ci))
        self.set(("player", "chapterTitle"), text(self.chapters[ci][1]))
        return self.player("chapterChanged", index=Raw(str(ci)), title=q(self.chapters[ci][1]))

    # reason: artwork loading for rows as the library list shows them (thumbnails as a list scrolls)
    @either
    def artwork_loaded(self, sid):
        size = self.rng.randint(18000, 160000)
        self.set(("library", "shows", ("i", self.show_index(sid)), "artwork"),
                 St("Artwork", [("bytes", num(size)), ("scale", num(3.0))]))
        return self.show_el(sid, A(self.at("ShowRow"), "artworkResponse", self.result("Artwork", True, Struct(
            "Artwork", [("bytes", Raw(str(size))), ("scale", Raw("3.0"))]))))

    # -- signal
    # reason: a new object (an episode) inserted by the machine's refresh: an event, sent by the row to its parent
    @signal
    def new_episodes_found(self, sid, eps):
        i = self.show_index(sid)
        c = int(self.get(("library", "shows", ("i", i), "episodeCount")).cd)
        self.set(("library", "shows", ("i", i), "episodeCount"), num(c + len(eps)))
        for e in eps:
            self.append(("library", "newEpisodes"), St(self.st("EpisodeRow"), [
                ("id", text(e)), ("showID", num(sid)), ("title", text(self.episodes[e][1])),
                ("publishedAt", self.date())]))
            if self.auto_download.get(sid):             # the library starts the show's auto-downloads
                self.put(("downloads",), e, St(self.st("DownloadRow"), [
                    ("id", text(e)), ("progress", num(0.0)), ("status", self.case("downloading", "Download.Status"))]))
        return self.show_el(sid, A(self.at("ShowRow"), "delegate", A(self.at("ShowRow") + ".Delegate"
                                                                    if self.tca1 else "ShowRowDelegate",
                                                                    "newEpisodesFound", Raw("[%s]" % ", ".join(
                                                                        '"%s"' % e for e in eps)))))

    @signal
    def tab_selected(self, tab):
        self.tab = tab
        self.set(("selectedTab",), self.case(tab, "Tab"))
        return self.act("tabSelected", A("Tab", tab))

    @signal
    def scene_phase(self, phase):
        self.set(("scenePhase",), self.case(phase, "ScenePhase"))
        return self.act("scenePhaseChanged", A("ScenePhase", phase))

    @signal
    def play_pause_tapped(self):
        self.playing = not self.playing
        self.set(("player", "isPlaying"), boolean(self.playing))
        return self.player("playPauseButtonTapped")

    # reason: the person pressing AirPods or the lock screen: an intent through the system
    @signal
    def remote_command(self, cmd):
        if cmd == "togglePlayPause":
            self.playing = not self.playing
            self.set(("player", "isPlaying"), boolean(self.playing))
        else:
            p = self.pos()
            d = self.fnum(("player", "duration"))
            np = round(min(d - 1, p + 30) if cmd == "skipForward" else max(0.0, p - 15), 1)
            self.set(("player", "position"), num(np))
            self.set(("player", "scrubPosition"), num(np))
        return self.player("remoteCommandReceived", A("RemoteCommand", cmd))

    @signal
    def skip_tapped(self, forward):
        p = self.pos()
        d = self.fnum(("player", "duration"))
        np = round(min(d - 1, p + 30) if forward else max(0.0, p - 15), 1)
        self.set(("player", "position"), num(np))
        self.set(("player", "scrubPosition"), num(np))
        return self.player("skipForwardButtonTapped" if forward else "skipBackwardButtonTapped")

    @signal
    def scrub_editing(self, editing):
        self.set(("player", "isScrubbing"), boolean(editing))
        return self.player("scrubEditingChanged", yes(editing))

    @signal
    def seek_finished(self):
        v = self.fnum(("player", "scrubPosition"))
        self.set(("player", "position"), num(v))
        return self.player("seekFinished", finished=Raw("true"))

    @signal
    def rate_selected(self, rate):
        self.set(("player", "playbackRate"), num(rate))
        return self.act("player", self.binding("Player", "playbackRate", fl(rate, 2)))

    @signal
    def sleep_timer_selected(self, minutes):
        self.set(("player", "sleepTimerRemaining"), num(minutes * 60) if minutes else NIL)
        return self.player("sleepTimerOptionSelected", Raw(str(minutes)) if minutes else Raw("nil"))

    # reason: the countdown's end pauses playback: an alarm the person set, not a tick
    @signal
    def sleep_timer_fired(self):
        self.playing = False
        self.set(("player", "isPlaying"), boolean(False))
        self.set(("player", "sleepTimerRemaining"), NIL)
        return self.player("sleepTimerFired")

    # reason: the episode ending is an event (status change), though no one tapped
    @signal
    def playback_ended(self):
        self.playing = False
        self.set(("player", "isPlaying"), boolean(False))
        return self.player("playbackEnded")

    @signal
    def item_ready(self, e):
        show, title, dur = self.episodes[e]
        self.chapters = self.make_chapters(dur)
        self.set(("player", "episodeID"), text(e))
        self.set(("player", "title"), text(title))
        self.set(("player", "duration"), num(dur))
        self.set(("player", "position"), num(0.0))
        self.set(("player", "scrubPosition"), num(0.0))
        self.set(("player", "chapterIndex"), num(0))
        self.set(("player", "chapterTitle"), text(self.chapters[0][1]))
        self.set(("player", "isPlaying"), boolean(True))
        self.playing = True
        return self.player("itemStatusChanged", A("AVPlayerItem.Status", "readyToPlay"))

    @signal
    def queue_play_tapped(self, e):
        i = self.queue_ids.index(e)
        self.queue_ids.pop(i)
        self.remove_at(("queue", "episodes"), i)
        self.playing = False
        self.set(("player", "isPlaying"), boolean(False))
        return self.feat("queue", "Queue", "episodes", self.element("QueueRow", q(e), A(self.at("QueueRow"),
                                                                                       "playButtonTapped")))

    @signal
    def queue_moved(self, src, dst):
        e = self.queue_ids.pop(src)
        row = self.remove_at(("queue", "episodes"), src)
        self.queue_ids.insert(dst, e)
        self.get(("queue", "episodes")).items.insert(dst, row)
        self._undo.append(("insert", ("queue", "episodes"), dst))
        return self.feat("queue", "Queue", "moveEpisodes", fromOffsets=Raw("IndexSet(integer: %d)" % src),
                         toOffset=Raw(str(dst)))

    @signal
    def pull_to_refresh(self):
        self.set(("library", "isRefreshing"), boolean(True))
        return self.feat("library", "Library", "pullToRefreshTriggered")

    @signal
    def refresh_completed(self):
        self.set(("library", "isRefreshing"), boolean(False))
        return self.feat("library", "Library", "refreshCompleted")

    @signal
    def show_tapped(self, sid):
        k = self.next_stack
        self.next_stack += 1
        self.stack.append((k, sid))
        self.put(("path",), "#%d" % k, En(self.st("Path"), "showDetail", St(self.st("ShowDetail"), [
            ("showID", num(sid)), ("episodes", Arr()), ("isLoading", boolean(True))])))
        return self.act("path", A(self.stack_t(), "push", id=Raw("#%d" % k), state=A(
            self.st("Path"), "showDetail", Struct(self.st("ShowDetail"), [("showID", Raw(str(sid)))]))))

    @signal
    def episodes_response(self, k, sid, eps):
        base = ("path", ("k", "#%d" % k), ("e", "showDetail"))
        self.set(base + ("isLoading",), boolean(False))
        self.set(base + ("episodes",), Arr(St(self.st("EpisodeRow"), [("id", text(e)), ("title", text(
            self.episodes[e][1])), ("isQueued", boolean(False))]) for e in eps))
        return self.stack_el(k, A(self.at("ShowDetail"), "episodesResponse", self.result(
            "[Episode]", True, Raw("[%d episodes]" % len(eps)))))

    @signal
    def popped(self, k):
        self.stack = [s for s in self.stack if s[0] < k]
        for key in list(self.get(("path",)).d):
            if int(key[1:]) >= k:
                self.delete(("path",), key)
        return self.act("path", A(self.stack_t(), "popFrom", id=Raw("#%d" % k)))

    def detail_row(self, k, e, case):
        return self.stack_el(k, A(self.at("ShowDetail"), "episodes", self.element(
            "EpisodeRow", q(e), A(self.at("EpisodeRow"), case))))

    def detail_index(self, k, e):
        rows = self.get(("path", ("k", "#%d" % k), ("e", "showDetail"), "episodes")).items
        return next(i for i, r in enumerate(rows) if r.f["id"].df == e)

    @signal
    def add_to_queue_tapped(self, k, e):
        i = self.detail_index(k, e)
        self.set(("path", ("k", "#%d" % k), ("e", "showDetail"), "episodes", ("i", i), "isQueued"), boolean(True))
        if e not in self.queue_ids:
            self.queue_ids.append(e)
            self.append(("queue", "episodes"), self.queue_row(e))
        return self.detail_row(k, e, "addToQueueButtonTapped")

    @signal
    def episode_play_tapped(self, k, e):
        self.playing = False
        self.set(("player", "isPlaying"), boolean(False))
        return self.detail_row(k, e, "playButtonTapped")

    @signal
    def download_tapped(self, k, e):
        self.put(("downloads",), e, St(self.st("DownloadRow"), [("id", text(e)), ("progress", num(0.0)),
                                                                 ("status", self.case("downloading", "Download.Status"))]))
        return self.detail_row(k, e, "downloadButtonTapped")

    # reason: a download's end or failure changes its status, whether the person or auto-download started it
    @signal
    def download_finished(self, e, ok):
        self.downloading.discard(e)
        self.set(("downloads", ("k", e), "status"), self.case("completed" if ok else "failed", "Download.Status"))
        if ok:
            self.set(("downloads", ("k", e), "progress"), num(1.0))
        payload = Raw('URL(file:///var/mobile/Containers/Data/Application/Podcasts/%s.mp3)' % e) if ok else \
            Struct("URLError", [("code", Raw("-1005")), ("localizedDescription",
                                                         q("The network connection was lost."))])
        return self.download_el(e, A(self.at("DownloadRow"), "downloadResponse", self.result("URL", ok, payload)))

    @signal
    def retry_download(self, e):
        self.set(("downloads", ("k", e), "status"), self.case("downloading", "Download.Status"))
        return self.download_el(e, A(self.at("DownloadRow"), "retryButtonTapped"))

    # reason: the debounced response to the person's query; often unchanged results
    @signal
    def search_response(self, query):
        hits = [c for c in CATALOG if any(w in c[1].lower() for w in query.lower().split())] or \
            self.rng.sample(CATALOG, 3)
        self.search_hits = hits[:6]
        self.set(("search", "isSearching"), boolean(False))
        self.set(("search", "results"), Arr(St(self.st("SearchResult"), [("id", num(c[0])), ("title", text(c[1])),
                                                                         ("isSubscribed", boolean(c[0] in self.show_ids))])
                                            for c in self.search_hits))
        return self.feat("search", "Search", "searchResponse", self.result("[Podcast]", True, Raw(
            "[%d podcasts]" % len(self.search_hits))))

    @signal
    def subscribe_tapped(self, cid):
        return self.feat("search", "Search", "results", self.element("SearchResult", Raw(str(cid)), A(
            self.at("SearchResult"), "subscribeButtonTapped")))

    @signal
    def subscribe_response(self, cid):
        i = next(i for i, c in enumerate(self.search_hits) if c[0] == cid)
        self.set(("search", "results", ("i", i), "isSubscribed"), boolean(True))
        return self.feat("search", "Search", "subscribeResponse", self.result("Subscription", True, Struct(
            "Subscription", [("podcastID", Raw(str(cid)))])))

    @signal
    def subscribed_delegate(self, cid, title):
        if cid in self.show_ids:
            return self.feat("search", "Search", "delegate", A(self.at("Search") + ".Delegate" if self.tca1
                                                                 else "SearchDelegate", "didSubscribe", Raw(str(cid))))
        self.show_ids.append(cid)
        self.show_title[cid] = title
        self.auto_download[cid] = False
        self.append(("library", "shows"), self.show_row(cid, title, self.rng.randint(20, 300), self.now))
        self.spawn(self.feed_loop(cid), self.rng.uniform(60, 240))
        self.after(self.rng.uniform(0.2, 0.9), self.artwork_loaded, cid)
        return self.feat("search", "Search", "delegate", A(self.at("Search") + ".Delegate" if self.tca1
                                                             else "SearchDelegate", "didSubscribe", Raw(str(cid))))

    # -- processes
    def processes(self):
        return [self.periodic(self.time_updated, 0.5, 0.01, when=lambda: self.playing),
                self.playback_watch(),
                self.periodic(self.sleep_tick, 1.0, 0.003,
                              when=lambda: self.get(("player", "sleepTimerRemaining")) is not NIL),
                self.periodic(self.now_playing_refreshed, 10.0, 0.05, when=lambda: self.playing),
                self.lifecycle(), self.person()] + [self.feed_loop(s) for s in self.show_ids] + \
            [self.initial_artwork()]

    def initial_artwork(self):
        yield 0.3
        for sid in list(self.show_ids):
            yield self.rng.uniform(0.03, 0.4)
            self.emit(self.artwork_loaded, sid)

    def playback_watch(self):
        """Chapters, the sleep timer running out and the end of the episode, checked as time passes."""
        while True:
            yield 0.05
            ci = self.chapter_at(self.pos())
            if ci != int(self.get(("player", "chapterIndex")).cd) and \
                    self.get(("player", "isScrubbing")).cd != "true":
                self.emit(self.chapter_changed, ci)
            r = self.get(("player", "sleepTimerRemaining"))
            if r is not NIL and int(r.cd) == 0:
                self.emit(self.sleep_timer_fired)
            if self.playing and self.pos() >= self.fnum(("player", "duration")) - 0.01:
                self.emit(self.playback_ended)
                if self.queue_ids:
                    e = self.queue_ids.pop(0)
                    yield self.rng.uniform(0.2, 0.8)
                    self.emit(self.item_ready_from_queue, e)

    # reason: the next item loaded after an episode ended: an event, same path as a tapped play's response
    @signal
    def item_ready_from_queue(self, e):
        # the queue's head becomes the current item
        self.remove_at(("queue", "episodes"), 0)
        return self.item_ready.__func__(self, e)

    def feed_loop(self, sid):
        rng = self.rng
        yield rng.uniform(5, 200)
        while True:
            new = 0
            if rng.random() < 0.12:
                new = rng.choice([1, 1, 1, 2])
            self.emit(self.feed_response, sid, new)
            if new:
                eps = [self.new_episode(sid, rng.uniform(1200, 4200)) for _ in range(new)]
                yield rng.uniform(0.01, 0.08)
                self.emit(self.new_episodes_found, sid, eps)
                if self.auto_download.get(sid):
                    for e in eps:
                        self.downloading.add(e)
                        self.spawn(self.download_run(e), rng.uniform(0.2, 1.5))
            yield rng.uniform(90, 420)       # BGAppRefresh and the feed's cache headers: irregular

    def download_run(self, e):
        rng = self.rng
        f = 0.0
        speed = rng.uniform(0.01, 0.05)
        fail = rng.random() < 0.12
        fail_at = rng.uniform(0.2, 0.8)
        while True:
            yield rng.uniform(0.35, 0.65)
            f = round(f + speed * rng.uniform(0.6, 1.4), 2)
            if fail and f >= fail_at:
                self.emit(self.download_finished, e, False)
                self.spawn(self.maybe_retry(e), rng.uniform(4, 40))
                return
            if f >= 1.0:
                self.emit(self.download_finished, e, True)
                return
            self.emit(self.download_progress, e, f)

    def maybe_retry(self, e):
        yield 0
        if self.rng.random() < 0.7:
            self.emit(self.retry_download, e)
            self.downloading.add(e)
            yield from self.download_run(e)

    def lifecycle(self):
        rng = self.rng
        while True:
            yield rng.uniform(150, 330)
            self.active = False
            self.emit(self.scene_phase, "inactive")
            yield rng.uniform(0.3, 0.8)
            self.emit(self.scene_phase, "background")
            # pocket time: the person uses AirPods now and then
            end = self.now + rng.uniform(40, 150)
            while self.now < end:
                yield self.expo(45)
                if self.now < end and rng.random() < 0.5:
                    self.emit(self.remote_command, rng.choice(["togglePlayPause", "skipForward", "skipBackward"]))
            self.emit(self.scene_phase, "inactive")
            yield rng.uniform(0.2, 0.5)
            self.active = True
            self.emit(self.scene_phase, "active")

    def person(self):
        rng = self.rng
        think = self.think((0.8, 2.5), (5.0, 15.0), (60, 160), (30, 90))
        yield rng.uniform(1.0, 3.0)
        while True:
            yield next(think)
            if not self.active:
                continue
            r = rng.random()
            if r < 0.10:
                tab = rng.choice([t for t in ("library", "queue", "search", "nowPlaying") if t != self.tab])
                self.emit(self.tab_selected, tab)
            elif r < 0.20:                               # play / pause
                if self.tab != "nowPlaying" and rng.random() < 0.5:
                    self.emit(self.tab_selected, "nowPlaying")
                    yield rng.uniform(0.5, 2)
                self.emit(self.play_pause_tapped)
            elif r < 0.30:                               # skip a few times
                for _ in range(rng.randint(1, 4)):
                    self.emit(self.skip_tapped, rng.random() < 0.7)
                    yield rng.uniform(0.25, 0.9)
            elif r < 0.42:                               # scrub the slider
                if self.tab != "nowPlaying":
                    self.emit(self.tab_selected, "nowPlaying")
                    yield rng.uniform(0.6, 2)
                self.emit(self.scrub_editing, True)
                start = self.fnum(("player", "scrubPosition"))
                d = self.fnum(("player", "duration"))
                goal = max(0.0, min(d - 5, start + rng.uniform(-600, 600)))
                hz = 60.0
                dur = rng.uniform(0.4, 2.5)
                n = max(3, int(hz * dur))
                yield from self.gesture(self.scrub_dragged, hz=hz, duration=n / hz, args=lambda i: (
                    round(max(0.0, start + (goal - start) * ((i + 1) / n) ** 0.8 + rng.uniform(-2, 2)), 1),))
                self.emit(self.scrub_editing, False)
                yield rng.uniform(0.05, 0.3)
                self.emit(self.seek_finished)
            elif r < 0.47:                               # speed
                self.emit(self.rate_selected, rng.choice([0.8, 1.0, 1.2, 1.5, 1.75, 2.0]))
            elif r < 0.51:                               # sleep timer (bedtime listening)
                if self.now < 300 or rng.random() < 0.6:
                    continue
                cur = self.get(("player", "sleepTimerRemaining"))
                self.emit(self.sleep_timer_selected, 0 if cur is not NIL and rng.random() < 0.3
                          else rng.choice([5, 10, 15]))
            elif r < 0.66:                               # browse a show
                if self.tab != "library":
                    self.emit(self.tab_selected, "library")
                    yield rng.uniform(0.5, 2)
                if rng.random() < 0.08:
                    self.emit(self.pull_to_refresh)
                    self.spawn(self.refresh_all(), rng.uniform(0.2, 0.6))
                    continue
                sid = rng.choice(self.show_ids)
                self.emit(self.show_tapped, sid)
                k = self.stack[-1][0]
                yield rng.uniform(0.2, 0.9)
                eps = [self.new_episode(sid, rng.uniform(1200, 4200)) for _ in range(rng.randint(8, 20))]
                self.emit(self.episodes_response, k, sid, eps)
                for _ in range(rng.randint(1, 5)):
                    yield rng.uniform(1.0, 6)
                    e = rng.choice(eps)
                    c = rng.random()
                    if c < 0.4:
                        self.emit(self.add_to_queue_tapped, k, e)
                    elif c < 0.75 and e not in self.downloading and e not in self.get(("downloads",)).d:
                        self.emit(self.download_tapped, k, e)
                        self.downloading.add(e)
                        self.spawn(self.download_run(e), rng.uniform(0.1, 0.5))
                    elif c >= 0.75:
                        self.emit(self.episode_play_tapped, k, e)
                        yield rng.uniform(0.3, 1.2)
                        self.emit(self.item_ready, e)
                yield rng.uniform(1, 6)
                self.emit(self.popped, k)
            elif r < 0.74:                               # queue
                if self.tab != "queue":
                    self.emit(self.tab_selected, "queue")
                    yield rng.uniform(0.5, 2)
                if len(self.queue_ids) >= 2 and rng.random() < 0.5:
                    src = rng.randrange(len(self.queue_ids))
                    dst = rng.choice([i for i in range(len(self.queue_ids)) if i != src])
                    self.emit(self.queue_moved, src, dst)
                elif self.queue_ids:
                    e = rng.choice(self.queue_ids)
                    self.emit(self.queue_play_tapped, e)
                    yield rng.uniform(0.3, 1.2)
                    self.emit(self.item_ready, e)
            elif r < 0.86:                               # search and subscribe
                if self.tab != "search":
                    self.emit(self.tab_selected, "search")
                    yield rng.uniform(0.5, 2)
                word = rng.choice(SEARCH_WORDS)
                for kx in range(1, len(word) + 1):
                    self.emit(self.query_typed, word[:kx])
                    gap = rng.uniform(0.08, 0.45) if kx < len(word) else rng.uniform(0.9, 2.0)
                    if gap > 0.3 and kx >= 2:          # debounced by 0.3 s
                        lag = min(gap - 0.01, 0.3 + rng.uniform(0.08, 0.3))
                        yield lag
                        self.emit(self.search_response, word[:kx])
                        gap -= lag
                    yield gap
                if getattr(self, "search_hits", None) and rng.random() < 0.6:
                    yield rng.uniform(1, 5)
                    cid, title = rng.choice(self.search_hits)
                    self.emit(self.subscribe_tapped, cid)
                    yield rng.uniform(0.3, 1.0)
                    self.emit(self.subscribe_response, cid)
                    self.emit(self.subscribed_delegate, cid, title)
            elif r < 0.90:                               # just listen
                yield rng.uniform(5, 20)

    def refresh_all(self):
        rng = self.rng
        for sid in list(self.show_ids):
            yield rng.uniform(0.05, 0.4)
            self.emit(self.feed_response, sid, 0)
        yield rng.uniform(0.05, 0.3)
        self.emit(self.refresh_completed)



# =============================================================================== mail

SENDERS = ["Anna Weber", "GitHub", "Jonas Richter", "Linear", "Priya Natarajan", "Apple Developer",
           "Marta Kowalski", "Slack", "Tom Becker", "Figma", "Lea Schmidt", "Booking.com", "Ravi Kumar",
           "Deutsche Bahn", "Sofia Rossi", "TestFlight"]
SUBJECTS = ["Re: Q4 roadmap review", "[swift-composable-architecture] New release 1.17", "Lunch on Friday?",
            "Your invoice for November", "Design review notes", "Build 412 is ready to test",
            "Re: Offsite agenda", "Weekly digest", "Flight change confirmation", "Re: Contract draft v3",
            "Action required: update your payment method", "Re: Hiring loop feedback",
            "Photos from the weekend", "Incident report: sync outage", "Re: Can you review my PR?",
            "Your booking is confirmed"]
MAILBOXES = ["INBOX", "Work", "Newsletters", "Receipts", "Archive"]
RECIPIENTS = ["anna.weber@example.com", "jonas@richter.dev", "priya@example.org", "team@example.com",
              "marta.k@example.com"]
MAIL_QUERIES = ["invoice", "roadmap", "flight", "offsite", "contract", "build", "lea", "photos"]
REPLY_WORDS = ("thanks for the update I will take a look this afternoon and get back to you sounds good "
               "let's sync tomorrow about the details can you send me the latest version please").split()


class Mail(Base):
    """An email client.

    noise   timerTicked (relative dates, 30 s), unreadCountObserved (the database observation, after every
            write, mostly unchanged), inbox.messages.element.rowAppeared (rows as the list scrolls),
            sync.backgroundFetchTimerFired (every 3 min) and its sync.fetchResponse.success,
            compose attachments' uploadProgress, outbox.retryTimerFired
    either  the compose fields' bindings (keystrokes), search.binding.set (keystrokes), the draft's
            autosave response, a thread's inline images, inbox.loadMoreResponse (pages as the list
            scrolls), sync.serverPushReceived.flagsChanged (flags set on another device)
    signal  new mail pushed over IDLE, messages expunged elsewhere, the connection dropping and
            coming back, taps, swipes, navigation, sending, search pages, responses to requests"""

    name = "mail"
    module = "Mail"
    process = "MobileMail"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        Base.__init__(self, session)
        rng = self.rng
        self.uid_next = 48210
        self.msgs = {}            # uid -> [sender, subject, unread, flagged, mailbox]
        self.by_box = {b: [] for b in MAILBOXES}
        for b in MAILBOXES:
            for _ in range(rng.randint(14, 24) if b == "INBOX" else rng.randint(6, 14)):
                self.new_message(b, unread=rng.random() < (0.3 if b == "INBOX" else 0.5))
        self.box = "INBOX"
        self.visible = list(self.by_box["INBOX"])
        self.avatars = set(self.visible[:10])       # on screen at launch: loaded before the session
        self.active = True
        self.stack = []           # [(stack id, uid)]
        self.next_stack = 1
        self.composing = False
        self.outbox = []          # ids
        self.attach_ids = []
        self.connected = True
        self.search_pages = 0
        boxes = {b: self.mailbox_state(b) for b in MAILBOXES}
        self.state = St(self.st("AppFeature"), [
            ("mailboxes", Dic(boxes)),
            ("inbox", St(self.st("Inbox"), [("mailbox", text("INBOX")),
                                           ("messages", Arr(self.row(u) for u in self.visible)),
                                           ("isLoadingMore", boolean(False))])),
            ("unreadBadge", num(self.unread_total())),
            ("path", Dic({}, quoted=False, ordered=True)),
            ("destination", NIL),
            ("search", St(self.st("Search"), [("query", text("")), ("results", Arr()), ("page", num(0)),
                                             ("isSearching", boolean(False))])),
            ("outbox", St(self.st("Outbox"), [("items", Arr())])),
            ("sync", St(self.st("Sync"), [("connection", self.case("idling", "Sync.Connection")),
                                         ("progress", NIL), ("lastFetchAt", NIL)])),
            ("now", self.date(0)),
            ("scenePhase", self.case("active", "ScenePhase"))])

    # -- values
    def new_message(self, box, unread=True):
        self.uid_next += self.rng.randint(1, 3)
        u = self.uid_next
        self.msgs[u] = [self.rng.choice(SENDERS), self.rng.choice(SUBJECTS), unread, False, box]
        self.by_box[box].insert(0, u)
        return u

    def unread_total(self):
        return sum(1 for m in self.msgs.values() if m[2] and m[4] == "INBOX")

    def mailbox_state(self, b):
        return St(self.st("Mailbox"), [("unread", num(sum(1 for u in self.by_box[b] if self.msgs[u][2]))),
                                       ("total", num(len(self.by_box[b]))), ("lastSyncedAt", self.date(0))])

    def row(self, u):
        m = self.msgs[u]
        return St(self.st("MessageRow"), [("id", num(u)), ("from", text(m[0])), ("subject", text(m[1])),
                                          ("isUnread", boolean(m[2])), ("isFlagged", boolean(m[3])),
                                          ("avatar", NIL)])

    def refresh_box(self, b):
        self.set(("mailboxes", ("k", b), "unread"), num(sum(1 for u in self.by_box[b] if self.msgs[u][2])))
        self.set(("mailboxes", ("k", b), "total"), num(len(self.by_box[b])))

    def vis_index(self, u):
        return self.visible.index(u) if u in self.visible else None

    def inbox(self, case, *a, **k):
        return self.feat("inbox", "Inbox", case, *a, **k)

    def msg_el(self, u, inner):
        return self.inbox("messages", self.element("MessageRow", Raw(str(u)), inner))

    def thread_el(self, k, inner):
        return self.act("path", A(self.stack_t(), "element", id=Raw("#%d" % k),
                                  action=A(self.at("Path"), "thread", inner)))

    def compose(self, inner):
        return self.act("destination", A(self.pres_t(), "presented",
                                         A(self.at("Destination"), "compose", inner)))

    def cpath(self, *rest):
        return ("destination", ("e", "compose")) + rest

    def sync(self, case, *a, **k):
        return self.feat("sync", "Sync", case, *a, **k)

    # -- noise
    # reason: a clock stamping now
    @noise
    def timer_ticked(self):
        self.set(("now",), self.date())
        return self.act("timerTicked")

    # reason: the database observation re-sends the count after every write; mostly unchanged, an echo
    @noise
    def unread_observed(self):
        n = self.unread_total()
        self.set(("unreadBadge",), num(n))
        return self.act("unreadCountObserved", Raw(str(n)))

    # reason: rows appearing at the pace of a scroll; a no-op unless the list's end is near
    @noise
    def row_appeared(self, u):
        near_end = self.vis_index(u) is not None and self.vis_index(u) >= len(self.visible) - 3
        if near_end and self.get(("inbox", "isLoadingMore")).cd == "false" and len(self.by_box[self.box]) > len(self.visible):
            self.set(("inbox", "isLoadingMore"), boolean(True))
            self.spawn(self.load_more(), self.rng.uniform(0.3, 0.9))
        if u not in self.avatars and u in self.msgs:
            self.avatars.add(u)
            self.after(self.rng.uniform(0.08, 0.6), self.avatar_loaded, u)
        return self.msg_el(u, A(self.at("MessageRow"), "rowAppeared"))

    @noise
    def fetch_timer(self):
        return self.sync("backgroundFetchTimerFired")

    # reason: the response to the 3-minute timer (an echo of it): stamps lastFetchAt, nudges counts
    @noise
    def fetch_response(self, b, new):
        for _ in range(new):
            self.new_message(b)
        self.set(("mailboxes", ("k", b), "lastSyncedAt"), self.date())
        self.refresh_box(b)
        self.set(("sync", "lastFetchAt"), self.date())
        self.set(("sync", "progress"), NIL)
        return self.sync("fetchResponse", self.result("FetchResult", True, Struct("FetchResult", [
            ("mailbox", q(b)), ("newMessages", Raw(str(new))), ("highestModSeq", Raw(str(900000 + int(self.now) * 7)))])))

    @noise
    def upload_progress(self, a, f):
        i = self.attach_ids.index(a)
        self.set(self.cpath("attachments", ("i", i), "progress"), num(f))
        return self.compose(A(self.at("Compose"), "attachments", self.element("Attachment", q(a), A(
            self.at("Attachment"), "uploadProgress", fl(f, 2)))))

    # reason: the message's web view reporting its content height while it lays out and images arrive
    @noise
    def height_changed(self, k, h):
        self.set(("path", ("k", "#%d" % k), ("e", "thread"), "bodyHeight"), num(h))
        return self.thread_el(k, A(self.at("Thread"), "webViewHeightChanged", fl(h)))

    # reason: a header download counting up, at the server's pace
    @noise
    def fetch_progress(self, b, done, total):
        self.set(("sync", "progress"), St("FetchProgress", [("mailbox", text(b)), ("fetched", num(done)),
                                                            ("total", num(total))]))
        return self.sync("fetchProgress", mailbox=q(b), fetched=Raw(str(done)), total=Raw(str(total)))

    # reason: the send queue's backoff timer (5 s, 10 s, 20 s): the machine retrying, not the person
    @noise
    def retry_timer(self, oid):
        base = ("outbox", "items", ("i", self.outbox.index(oid)))
        self.set(base + ("attempts",), num(int(self.get(base + ("attempts",)).cd) + 1))
        self.set(base + ("status",), self.case("sending", "OutboxItem.Status"))
        return self.feat("outbox", "Outbox", "retryTimerFired", id=q(oid))

    # -- either
    # reason: a text field's binding, one record per keystroke
    @either
    def compose_typed(self, field, value):
        self.set(self.cpath(field), text(value))
        return self.compose(self.binding("Compose", field, q(value)))

    # reason: a text field's binding, one record per keystroke
    @either
    def search_typed(self, value):
        self.set(("search", "query"), text(value))
        return self.act("search", self.binding("Search", "query", q(value)))

    # reason: follows the person's pause in typing with a steady 2 s lag, but only stamps lastSavedAt
    @either
    def draft_saved(self):
        if self.get(("destination",)) is NIL:
            return None
        self.set(self.cpath("lastSavedAt"), self.date())
        return self.compose(A(self.at("Compose"), "draftAutosaveResponse", self.result("DraftID", True, Raw(
            "DraftID(rawValue: %d)" % (7100 + self.next_stack)))))

    # reason: images loading on demand as the thread scrolls into view (thumbnails as a list scrolls)
    @either
    def image_loaded(self, k, n):
        base = ("path", ("k", "#%d" % k), ("e", "thread"))
        self.set(base + ("loadedImages",), num(int(self.get(base + ("loadedImages",)).cd) + 1))
        size = self.rng.randint(9000, 420000)
        return self.thread_el(k, A(self.at("Thread"), "inlineImageResponse", self.result("InlineImage", True, Struct(
            "InlineImage", [("contentID", q("img%03d@mail" % n)), ("bytes", Raw(str(size)))]))))

    # reason: sender avatars loading for rows as the list scrolls (thumbnails as a list scrolls)
    @either
    def avatar_loaded(self, u):
        i = self.vis_index(u)
        if i is None:
            return None
        size = self.rng.randint(2000, 14000)
        self.set(("inbox", "messages", ("i", i), "avatar"), St("Avatar", [("bytes", num(size))]))
        return self.msg_el(u, A(self.at("MessageRow"), "avatarResponse", self.result("Avatar", True, Struct(
            "Avatar", [("sender", q(self.msgs[u][0])), ("bytes", Raw(str(size)))]))))

    # reason: the next page appears because the list was scrolled to its end, not because of a tap
    @either
    def load_more_response(self):
        have = len(self.visible)
        more = self.by_box[self.box][have:have + 20]
        for u in more:
            self.visible.append(u)
            self.append(("inbox", "messages"), self.row(u))
        self.set(("inbox", "isLoadingMore"), boolean(False))
        return self.inbox("loadMoreResponse", self.result("[Message]", True, Raw("[%d messages]" % len(more))))

    # reason: a flag set on another device: a status change, but pushed at another device's pace
    @either
    def flags_changed(self, b, uids, seen):
        for u in uids:
            self.msgs[u][2] = not seen
            i = self.vis_index(u)
            if i is not None and b == self.box:
                self.set(("inbox", "messages", ("i", i), "isUnread"), boolean(not seen))
        self.refresh_box(b)
        return self.sync("serverPushReceived", A("IdleEvent", "flagsChanged", mailbox=q(b),
                                                 uids=Raw("[%s]" % ", ".join(str(u) for u in uids)),
                                                 flags=Raw('["\\\\Seen"]' if seen else "[]")))

    # -- signal
    # reason: a server push, but a message arriving (a new object) is an event
    @signal
    def new_mail_pushed(self, b):
        u = self.new_message(b)
        if b == self.box:
            self.visible.insert(0, u)
            self.get(("inbox", "messages")).items.insert(0, self.row(u))
            self._undo.append(("insert", ("inbox", "messages"), 0))
            if getattr(self, "top", 0) < 3 and self.active:   # on screen: its avatar loads
                self.avatars.add(u)
                self.after(self.rng.uniform(0.1, 0.6), self.avatar_loaded, u)
        self.refresh_box(b)
        return self.sync("serverPushReceived", A("IdleEvent", "newMessage", mailbox=q(b), uid=Raw(str(u))))

    # reason: a message deleted elsewhere disappears from the list: an event
    @signal
    def expunged(self, b, u):
        self.by_box[b].remove(u)
        self.msgs[u][4] = None
        i = self.vis_index(u)
        if i is not None and b == self.box:
            self.visible.pop(i)
            self.remove_at(("inbox", "messages"), i)
        self.refresh_box(b)
        return self.sync("serverPushReceived", A("IdleEvent", "expunged", mailbox=q(b), uid=Raw(str(u))))

    # reason: the IDLE connection dropping and coming back: a meaningful event
    @signal
    def connection_changed(self, c):
        self.set(("sync", "connection"), self.case(c, "Sync.Connection"))
        return self.sync("connectionStateChanged", A("Sync.Connection" if self.tca1 else "SyncConnection", c))

    @signal
    def scene_phase(self, phase):
        self.set(("scenePhase",), self.case(phase, "ScenePhase"))
        return self.act("scenePhaseChanged", A("ScenePhase", phase))

    @signal
    def mailbox_selected(self, b):
        self.box = b
        self.set(("inbox", "mailbox"), text(b))
        return self.act("sidebar", A(self.at("Sidebar"), "mailboxTapped", q(b)))

    @signal
    def messages_response(self):
        self.visible = list(self.by_box[self.box][:25])
        self.top = 0
        self.avatars = set()
        self.set(("inbox", "messages"), Arr(self.row(u) for u in self.visible))
        return self.inbox("messagesResponse", self.result("[Message]", True, Raw("[%d messages]" % len(self.visible))))

    @signal
    def refresh_pulled(self):
        return self.inbox("pullToRefreshTriggered")

    # reason: the response to the person's pull-to-refresh
    @signal
    def refresh_response(self, new):
        for _ in range(new):
            u = self.new_message(self.box)
            self.visible.insert(0, u)
            self.get(("inbox", "messages")).items.insert(0, self.row(u))
            self._undo.append(("insert", ("inbox", "messages"), 0))
        self.refresh_box(self.box)
        return self.inbox("refreshResponse", self.result("FetchResult", True, Struct("FetchResult", [
            ("mailbox", q(self.box)), ("newMessages", Raw(str(new)))])))

    @signal
    def swiped(self, u, kind):
        i = self.vis_index(u)
        if kind == "archive":
            self.visible.pop(i)
            self.remove_at(("inbox", "messages"), i)
        else:
            self.msgs[u][3] = not self.msgs[u][3]
            self.set(("inbox", "messages", ("i", i), "isFlagged"), boolean(self.msgs[u][3]))
        return self.msg_el(u, A(self.at("MessageRow"), "archiveSwiped" if kind == "archive" else "flagSwiped"))

    @signal
    def archive_response(self, u, ok):
        b = self.msgs[u][4]
        if ok and b in self.by_box and u in self.by_box[b]:
            self.by_box[b].remove(u)
            self.by_box["Archive"].insert(0, u)
            self.msgs[u][4] = "Archive"
            self.refresh_box(b)
            self.refresh_box("Archive")
        elif not ok:
            self.visible.insert(0, u)
            self.get(("inbox", "messages")).items.insert(0, self.row(u))
            self._undo.append(("insert", ("inbox", "messages"), 0))
        payload = Raw(str(u)) if ok else Struct("IMAPError", [("code", q("NO")), ("text", q("[UNAVAILABLE] Try again"))])
        return self.inbox("archiveResponse", self.result("UID", ok, payload))

    @signal
    def thread_opened(self, u):
        k = self.next_stack
        self.next_stack += 1
        self.stack.append((k, u))
        self.msgs[u][2] = False
        i = self.vis_index(u)
        if i is not None:
            self.set(("inbox", "messages", ("i", i), "isUnread"), boolean(False))
        self.put(("path",), "#%d" % k, En(self.st("Path"), "thread", St(self.st("Thread"), [
            ("messageID", num(u)), ("subject", text(self.msgs[u][1])), ("body", NIL), ("bodyHeight", num(0.0)),
            ("loadedImages", num(0))])))
        return self.act("path", A(self.stack_t(), "push", id=Raw("#%d" % k), state=A(
            self.st("Path"), "thread", Struct(self.st("Thread"), [("messageID", Raw(str(u)))]))))

    @signal
    def body_response(self, k, u):
        n = self.rng.randint(400, 9000)
        self.set(("path", ("k", "#%d" % k), ("e", "thread"), "body"), text("%d characters" % n))
        return self.thread_el(k, A(self.at("Thread"), "bodyResponse", self.result("MessageBody", True, Struct(
            "MessageBody", [("uid", Raw(str(u))), ("characters", Raw(str(n))), ("inlineImages", Raw("3"))]))))

    @signal
    def thread_closed(self, k):
        self.stack = [s for s in self.stack if s[0] < k]
        for key in list(self.get(("path",)).d):
            if int(key[1:]) >= k:
                self.delete(("path",), key)
        return self.act("path", A(self.stack_t(), "popFrom", id=Raw("#%d" % k)))

    def compose_state(self, to, subject):
        return En(self.st("Destination"), "compose", St(self.st("Compose"), [
            ("to", text(to)), ("subject", text(subject)), ("body", text("")), ("attachments", Arr()),
            ("lastSavedAt", NIL), ("isSending", boolean(False))]))

    @signal
    def reply_tapped(self, k, u):
        self.composing = True
        self.attach_ids = []
        self.set(("destination",), self.compose_state(
            RECIPIENTS[u % len(RECIPIENTS)], "Re: " + self.msgs[u][1].replace("Re: ", "")))
        return self.thread_el(k, A(self.at("Thread"), "replyButtonTapped"))

    @signal
    def compose_tapped(self):
        self.composing = True
        self.attach_ids = []
        self.set(("destination",), self.compose_state("", ""))
        return self.inbox("composeButtonTapped")

    @signal
    def attach_tapped(self, name):
        a = "att-%04x" % self.rng.getrandbits(16)
        self.attach_ids.append(a)
        self.append(self.cpath("attachments"), St(self.st("Attachment"), [
            ("id", text(a)), ("fileName", text(name)), ("progress", num(0.0)), ("isUploaded", boolean(False))]))
        return self.compose(A(self.at("Compose"), "attachmentPicked", Raw(
            "URL(file:///private/var/mobile/tmp/%s)" % name)))

    @signal
    def upload_done(self, a):
        if a not in self.attach_ids or self.get(("destination",)) is NIL:
            return None
        i = self.attach_ids.index(a)
        self.set(self.cpath("attachments", ("i", i), "progress"), num(1.0))
        self.set(self.cpath("attachments", ("i", i), "isUploaded"), boolean(True))
        return self.compose(A(self.at("Compose"), "attachments", self.element("Attachment", q(a), A(
            self.at("Attachment"), "uploadResponse", self.result("UploadReceipt", True, Struct("UploadReceipt", [
                ("id", q(a)), ("bytes", Raw(str(self.rng.randint(40000, 4000000))))]))))))

    @signal
    def send_tapped(self):
        oid = "out-%d" % (len(self.outbox) + 1)
        subject = self.get(self.cpath("subject")).df
        self.outbox.append(oid)
        self.set(self.cpath("isSending"), boolean(True))
        self.append(("outbox", "items"), St(self.st("OutboxItem"), [("id", text(oid)), ("subject", text(subject)),
                                                                    ("attempts", num(1)),
                                                                    ("status", self.case("sending", "OutboxItem.Status"))]))
        return self.compose(A(self.at("Compose"), "sendButtonTapped"))

    @signal
    def compose_dismissed(self):
        self.composing = False
        self.set(("destination",), NIL)
        return self.act("destination", A(self.pres_t(), "dismiss"))

    # reason: a message sent or failing to send (status change); some answer the backoff timer's retries
    @signal
    def send_response(self, oid, ok):
        i = self.outbox.index(oid)
        base = ("outbox", "items", ("i", i))
        if ok:
            self.outbox.pop(i)
            self.remove_at(("outbox", "items"), i)
            payload = Struct("SentMessage", [("messageID", q("<%08x@mail.example.com>" % self.rng.getrandbits(32)))])
        else:
            self.set(base + ("status",), self.case("failed", "OutboxItem.Status"))
            payload = Struct("SMTPError", [("code", Raw("451")), ("message", q("4.7.1 Try again later"))])
        return self.feat("outbox", "Outbox", "items", self.element("OutboxItem", q(oid), A(
            self.at("OutboxItem"), "sendResponse", self.result("SentMessage", ok, payload))))

    # reason: a fast run of pages between the person's query and searchCompleted, each with new objects
    @signal
    def search_page(self, query, page, hits):
        self.set(("search", "page"), num(page))
        if page == 1:
            self.set(("search", "results"), Arr())
            self.set(("search", "isSearching"), boolean(True))
        for u in hits:
            self.append(("search", "results"), St(self.st("SearchResult"), [("id", num(u)), ("subject", text(
                self.msgs[u][1])), ("mailbox", text(self.msgs[u][4] or "Archive"))]))
        return self.feat("search", "Search", "resultsPageReceived", page=Raw(str(page)), uids=Raw(
            "[%s]" % ", ".join(str(u) for u in hits)))

    @signal
    def search_completed(self, query):
        self.set(("search", "isSearching"), boolean(False))
        return self.feat("search", "Search", "searchCompleted", query=q(query))

    @signal
    def search_cancelled(self):
        self.set(("search", "query"), text(""))
        self.set(("search", "results"), Arr())
        self.set(("search", "page"), num(0))
        return self.feat("search", "Search", "cancelButtonTapped")

    # -- processes
    def processes(self):
        return [self.periodic(self.timer_ticked, 30.0, 0.01, when=lambda: self.active),
                self.periodic(self.fetch_cycle_marker, 180.0, 1.0, first=self.rng.uniform(40, 120)),
                self.lifecycle(), self.idle_pushes(), self.other_device(), self.connection(), self.person()]

    def fetch_cycle_marker(self):
        self.emit(self.fetch_timer)
        self.spawn(self.fetch_run())
        return None

    def fetch_run(self):
        for b in ("Newsletters", "Receipts", "Archive"):          # not watched by IDLE
            yield self.rng.uniform(0.3, 1.5)
            yield from self.header_download(b)
            new = self.rng.choice([0, 0, 0, 1, 2])
            self.emit(self.fetch_response, b, new)
            if new:
                self.observe()

    def header_download(self, b):
        rng = self.rng
        total = rng.randint(150, 1500)
        done = 0
        step = max(20, total // rng.randint(6, 18))
        while done < total:
            yield rng.uniform(0.06, 0.25)
            done = min(total, done + step)
            self.emit(self.fetch_progress, b, done, total)

    def observe(self):
        """The database observation: after a write it re-sends the unread count."""
        self.after(self.rng.uniform(0.01, 0.06), self.unread_observed)

    def lifecycle(self):
        rng = self.rng
        while True:
            yield rng.uniform(180, 360)
            self.active = False
            self.emit(self.scene_phase, "inactive")
            yield rng.uniform(0.3, 0.8)
            self.emit(self.scene_phase, "background")
            yield rng.uniform(25, 90)
            self.emit(self.scene_phase, "inactive")
            yield rng.uniform(0.2, 0.5)
            self.active = True
            self.emit(self.scene_phase, "active")

    def idle_pushes(self):
        """New mail and expunges, per mailbox IDLE connection."""
        rng = self.rng
        while True:
            yield self.expo(22.0)
            if not self.connected:
                continue
            b = rng.choices(["INBOX", "Work", "INBOX", "Work", "Newsletters"], k=1)[0]
            if rng.random() < 0.12 and len(self.by_box[b]) > 5:
                self.emit(self.expunged, b, rng.choice(self.by_box[b][3:]))
            else:
                self.emit(self.new_mail_pushed, b)
            self.observe()

    def other_device(self):
        """The person reads on their phone now and then: bursts of \\Seen flags."""
        rng = self.rng
        while True:
            yield self.expo(70.0)
            if not self.connected:
                continue
            for _ in range(rng.randint(1, 6)):
                b = rng.choice(["INBOX", "INBOX", "Work"])
                unread = [u for u in self.by_box[b] if self.msgs[u][2]]
                if unread:
                    self.emit(self.flags_changed, b, rng.sample(unread, min(len(unread), rng.randint(1, 3))), True)
                    self.observe()
                yield rng.uniform(0.5, 6.0)

    def connection(self):
        rng = self.rng
        while True:
            yield rng.uniform(200, 500)
            self.connected = False
            self.emit(self.connection_changed, "disconnected")
            yield rng.uniform(2, 6)
            self.emit(self.connection_changed, "reconnecting")
            yield rng.uniform(1, 8)
            self.connected = True
            self.emit(self.connection_changed, "idling")

    def load_more(self):
        yield 0
        self.emit(self.load_more_response)

    def send_run(self, oid):
        rng = self.rng
        fails = rng.choice([0, 0, 0, 1, 2, 3])
        delay = 5.0
        yield rng.uniform(0.6, 2.5)
        for _ in range(fails):
            self.emit(self.send_response, oid, False)
            yield delay * rng.uniform(0.9, 1.1)
            delay *= 2
            self.emit(self.retry_timer, oid)
            yield rng.uniform(0.5, 2.0)
        self.emit(self.send_response, oid, True)
        self.observe()

    def upload_run(self, a):
        rng = self.rng
        f = 0.0
        step = rng.uniform(0.01, 0.05)
        while f < 1.0:
            yield rng.uniform(0.1, 0.3)
            if a not in self.attach_ids or self.get(("destination",)) is NIL:
                return
            f = round(f + step * rng.uniform(0.5, 1.5), 2)
            if f < 1.0:
                self.emit(self.upload_progress, a, f)
        self.emit(self.upload_done, a)

    def scroll(self):
        """A flick through the list: rows appear at the scroll's pace."""
        rng = self.rng
        top = getattr(self, "top", 0)
        down = rng.random() < 0.65 or top < 5
        n = rng.randint(8, 36)
        for j in range(n):
            yield rng.uniform(0.03, 0.12) * (1 + j / 10.0)   # a flick slows down
            top = min(len(self.visible) - 9, top + 1) if down else max(0, top - 1)
            idx = top + 8 if down else top
            if 0 <= idx < len(self.visible):
                self.emit(self.row_appeared, self.visible[idx])
        self.top = top

    def type_text(self, field, words, base=""):
        rng = self.rng
        value = base
        for w in words:
            for ch in (" " if value else "") + w:
                value += ch
                self.emit(self.compose_typed, field, value)
                yield rng.uniform(0.08, 0.3)
            if rng.random() < 0.12:
                yield rng.uniform(2.5, 6.0)          # a pause: the autosave fires 2 s after the last keystroke
                self.emit(self.draft_saved)

    def person(self):
        rng = self.rng
        think = self.think((1.0, 3.0), (5.0, 14.0), (60, 160), (25, 80))
        yield rng.uniform(1.0, 3.0)
        while True:
            yield next(think)
            if not self.active or self.composing:
                continue
            r = rng.random()
            if r < 0.30:                                   # scroll the list
                for _ in range(rng.randint(1, 4)):
                    yield from self.scroll()
                    yield rng.uniform(0.5, 3)
            elif r < 0.50 and self.visible:                # read a thread
                u = rng.choice(self.visible[:15])
                self.emit(self.thread_opened, u)
                self.observe()
                k = self.stack[-1][0]
                yield rng.uniform(0.15, 0.8)
                self.emit(self.body_response, k, u)
                h = rng.uniform(300, 900)
                for _ in range(rng.randint(2, 6)):
                    yield rng.uniform(0.03, 0.2)
                    h += rng.uniform(40, 600)
                    self.emit(self.height_changed, k, round(h, 1))
                imgs = rng.choice([0, 0, 1, 2, 3, 5, 8])
                for n in range(imgs):
                    yield rng.uniform(0.1, 1.5)
                    self.emit(self.image_loaded, k, n)
                    for _ in range(rng.randint(1, 3)):
                        yield rng.uniform(0.02, 0.12)
                        h += rng.uniform(50, 400)
                        self.emit(self.height_changed, k, round(h, 1))
                yield rng.uniform(2, 14)
                if rng.random() < 0.25:
                    self.emit(self.reply_tapped, k, u)
                    yield from self.write(reply=True)
                self.emit(self.thread_closed, k)
            elif r < 0.63 and self.visible:                # swipe
                for _ in range(rng.randint(1, 4) if self.busy else 1):
                    u = rng.choice(self.visible[:12])
                    arch = rng.random() < 0.6
                    self.emit(self.swiped, u, "archive" if arch else "flag")
                    if arch:
                        yield rng.uniform(0.2, 0.8)
                        self.emit(self.archive_response, u, rng.random() < 0.95)
                    self.observe()
                    yield rng.uniform(0.6, 2.5)
            elif r < 0.71:                                 # another mailbox
                b = rng.choice([x for x in MAILBOXES if x != self.box])
                self.emit(self.mailbox_selected, b)
                yield rng.uniform(0.1, 0.3)
                yield from self.header_download(b)
                yield rng.uniform(0.05, 0.2)
                self.emit(self.messages_response)
            elif r < 0.74:
                self.emit(self.refresh_pulled)
                yield rng.uniform(0.5, 2.0)
                self.emit(self.refresh_response, rng.choice([0, 0, 1]))
                self.observe()
            elif r < 0.83:                                 # search
                word = rng.choice(MAIL_QUERIES)
                for kx in range(1, len(word) + 1):
                    self.emit(self.search_typed, word[:kx])
                    yield rng.uniform(0.08, 0.4) if kx < len(word) else 0.0
                yield 0.35 + rng.uniform(0.05, 0.2)            # debounced
                pool = [u for u in self.msgs if self.msgs[u][4]]
                pages = rng.randint(1, 4)
                for pg in range(1, pages + 1):
                    self.emit(self.search_page, word, pg, rng.sample(pool, rng.randint(3, 10)))
                    yield rng.uniform(0.15, 0.6)
                self.emit(self.search_completed, word)
                yield rng.uniform(2, 10)
                self.emit(self.search_cancelled)
            elif r < 0.88:                                 # write a new message
                self.emit(self.compose_tapped)
                yield from self.write(reply=False)
            else:
                yield rng.uniform(5, 20)

    def write(self, reply):
        rng = self.rng
        yield rng.uniform(0.8, 2.5)
        if not reply:
            yield from self.type_text("to", [rng.choice(RECIPIENTS)])
            yield rng.uniform(0.5, 2)
            yield from self.type_text("subject", rng.sample(REPLY_WORDS, rng.randint(2, 4)))
            yield rng.uniform(0.5, 2)
        yield from self.type_text("body", [rng.choice(REPLY_WORDS) for _ in range(rng.randint(4, 16))])
        yield 2.0 + rng.uniform(0.0, 0.15)
        self.emit(self.draft_saved)
        if rng.random() < 0.3:
            yield rng.uniform(1, 4)
            self.emit(self.attach_tapped, rng.choice(["IMG_4021.HEIC", "roadmap-q4.pdf", "notes.txt", "screenshot.png"]))
            a = self.attach_ids[-1]
            yield from self.upload_run(a)
        yield rng.uniform(1, 5)
        if rng.random() < 0.85:
            self.emit(self.send_tapped)
            oid = self.outbox[-1]
            yield rng.uniform(0.05, 0.3)
            self.emit(self.compose_dismissed)
            self.spawn(self.send_run(oid))
        else:
            self.emit(self.compose_dismissed)
        self.composing = False


# ============================================================================== evcar

CHARGERS = [("ionity-a9-0412", "IONITY Fürholzen West", 350), ("tesla-sc-munich-n", "Supercharger München Nord", 250),
            ("enbw-hpc-7781", "EnBW HyperNetz Garching", 300), ("ewe-go-3310", "EWE Go Freising", 150),
            ("allego-1192", "Allego Eching", 175), ("fastned-de-0084", "Fastned Allershausen", 300),
            ("swm-ac-2231", "SWM Leopoldstraße", 22), ("aral-pulse-5521", "Aral pulse Neufahrn", 300),
            ("ionity-a8-0377", "IONITY Holzkirchen", 350), ("enbw-ac-9902", "EnBW Schwabing", 22),
            ("tesla-sc-ingolstadt", "Supercharger Ingolstadt", 250), ("ladepark-0901", "Ladepark Kreuz Neufahrn", 400)]
TRIP_PLACES = ["Berlin Hauptbahnhof", "Garmisch-Partenkirchen", "Salzburg Altstadt", "Stuttgart Flughafen",
               "Lake Garda", "Nürnberg Messe", "Zürich HB", "Frankfurt Westend"]


class EVCar(Base):
    """An electric car companion app.

    noise   vehicle.telemetryReceived (the car's stream: every ~2 s while charging or conditioning, now
            and then while parked), timerTicked (the "updated 4 s ago" clock), map.regionChanged (pan
            and zoom streams), map.userLocationUpdated (the phone's location while the map shows),
            map.chargers.element.availabilityUpdated (per charger, every ~30 s), charging.binding.set
            \\.$chargeLimit (the slider's stream), wake.wakeUpResponse.failure (the retry loop's polls)
    either  trip.binding.set \\.$destinationQuery (keystrokes)
    signal  charging state changes pushed by the car, commands and their responses, the stepper,
            the scheduled-charging toggle, tab selection, chargers found, stops computed, the car
            waking up, scene phase"""

    name = "evcar"
    module = "EVCompanion"
    process = "EVCompanion"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        Base.__init__(self, session)
        rng = self.rng
        self.battery = rng.uniform(30, 76)
        self.plugged = True
        self.charging = rng.random() < 0.5
        self.limit = rng.choice([80, 80, 85, 90])
        self.power = 0.0
        self.cabin = rng.uniform(4, 12)
        self.target = 21.0
        self.climate_on = False
        self.locked = True
        self.asleep = not self.charging
        self.waking = False
        self.lat, self.lon = 48.1771, 11.5562
        self.tab = "car"
        self.active = True
        self.on_map = False
        self.chargers_shown = []
        self.region = [48.20, 11.60, 0.25]
        self.phone = [48.1502, 11.5808]
        self.pending = []                           # commands waiting for the car to wake
        self.ticks = 0
        self.state = St(self.st("AppFeature"), [
            ("selectedTab", self.case("car", "Tab")),
            ("vehicle", St(self.st("Vehicle"), [
                ("batteryLevel", num(int(self.battery))), ("rangeKm", num(int(self.battery * 4.6))),
                ("chargingState", self.case("charging" if self.charging else "stopped", "ChargingState")),
                ("chargingPowerKW", num(0.0)), ("chargeLimit", num(self.limit)),
                ("cabinTemperature", num(round(self.cabin, 1))), ("isClimateOn", boolean(False)),
                ("isLocked", boolean(True)),
                ("location", St("Coordinate", [("latitude", num(self.lat)), ("longitude", num(self.lon))])),
                ("connection", self.case("asleep" if self.asleep else "online", "Vehicle.Connection")),
                ("lastUpdatedAt", self.date(0))])),
            ("charging", St(self.st("Charging"), [("chargeLimit", num(float(self.limit))),
                                                  ("isEditingLimit", boolean(False)),
                                                  ("scheduledChargingEnabled", boolean(rng.random() < 0.5)),
                                                  ("isSendingCommand", boolean(False))])),
            ("climate", St(self.st("Climate"), [("targetTemperature", num(self.target)),
                                                ("isPreconditioning", boolean(False)),
                                                ("isSendingCommand", boolean(False))])),
            ("controls", St(self.st("Controls"), [("isSendingCommand", boolean(False)), ("lastCommand", NIL)])),
            ("map", St(self.st("ChargerMap"), [
                ("region", self.region_state()), ("userLocation", NIL), ("chargers", Arr()),
                ("selectedChargerID", NIL)])),
            ("trip", St(self.st("TripPlanner"), [("destinationQuery", text("")), ("suggestions", Arr()),
                                                 ("destination", NIL), ("stops", Arr()),
                                                 ("isPlanning", boolean(False))])),
            ("wake", St(self.st("Wake"), [("attempts", num(0)), ("isWaking", boolean(False))])),
            ("now", self.date(0)),
            ("scenePhase", self.case("active", "ScenePhase"))])

    def region_state(self):
        la, lo, sp = self.region
        return St("MKCoordinateRegion", [("center", St("Coordinate", [("latitude", num(round(la, 5))),
                                                                      ("longitude", num(round(lo, 5)))])),
                                         ("span", num(round(sp, 4)))])

    def vehicle(self, case, *a, **k):
        return self.feat("vehicle", "Vehicle", case, *a, **k)

    def coord(self, la, lo):
        return Struct("CLLocationCoordinate2D", [("latitude", fl(la, 5)), ("longitude", fl(lo, 5))])

    def charger_el(self, cid, inner):
        return self.feat("map", "ChargerMap", "chargers", self.element("ChargerAnnotation", q(cid), inner))

    # -- noise
    # reason: the car's stream: every ~2 s while charging, nudges numbers and stamps lastUpdatedAt
    @noise
    def telemetry(self):
        if self.charging:
            self.power = round(max(0.0, min(11.2, self.power + self.rng.uniform(-0.15, 0.15) if self.power else 11.0)), 1)
            self.battery += self.power * 2.0 / 3600 / 77 * 100
        else:
            self.power = 0.0
        if self.climate_on:
            self.cabin += (self.target - self.cabin) * 0.04
        elif self.rng.random() < 0.3:
            self.cabin += self.rng.uniform(-0.1, 0.1)
        v = ("vehicle",)
        self.set(v + ("batteryLevel",), num(int(self.battery)))
        self.set(v + ("rangeKm",), num(int(self.battery * 4.6)))
        self.set(v + ("chargingPowerKW",), num(self.power))
        self.set(v + ("cabinTemperature",), num(round(self.cabin, 1)))
        self.set(v + ("lastUpdatedAt",), self.date())
        snap = Struct("VehicleSnapshot", [("batteryLevel", Raw(str(int(self.battery)))),
                                          ("rangeKm", Raw(str(int(self.battery * 4.6)))),
                                          ("chargingPowerKW", fl(self.power)),
                                          ("cabinTemperature", fl(self.cabin)),
                                          ("location", self.coord(self.lat, self.lon))])
        return self.vehicle("telemetryReceived", snap)

    # reason: a clock stamping now
    @noise
    def timer_ticked(self):
        self.set(("now",), self.date())
        return self.act("timerTicked")

    # reason: a pan or zoom gesture's stream of one region
    @noise
    def region_changed(self, la, lo, sp):
        self.region = [la, lo, sp]
        self.set(("map", "region"), self.region_state())
        return self.feat("map", "ChargerMap", "regionChanged", Struct("MKCoordinateRegion", [
            ("center", self.coord(la, lo)), ("span", Struct("MKCoordinateSpan", [
                ("latitudeDelta", fl(sp, 4)), ("longitudeDelta", fl(sp * 1.4, 4))]))]))

    # reason: the phone's location at ~1 Hz while the map shows: a sensor
    @noise
    def user_location(self):
        self.phone[0] += self.rng.uniform(-0.00003, 0.00003)
        self.phone[1] += self.rng.uniform(-0.00003, 0.00003)
        self.set(("map", "userLocation"), St("Coordinate", [("latitude", num(round(self.phone[0], 5))),
                                                            ("longitude", num(round(self.phone[1], 5)))]))
        return self.feat("map", "ChargerMap", "userLocationUpdated", self.coord(*self.phone))

    # reason: a per-charger subscription every ~30 s; mostly re-sends the same free-stall count
    @noise
    def availability(self, cid):
        if cid not in self.chargers_shown:
            return None
        i = self.chargers_shown.index(cid)
        cur = int(self.get(("map", "chargers", ("i", i), "freeStalls")).cd)
        total = int(self.get(("map", "chargers", ("i", i), "totalStalls")).cd)
        r = self.rng.random()
        new = max(0, min(total, cur + (1 if r < 0.12 else -1 if r < 0.24 else 0)))
        self.set(("map", "chargers", ("i", i), "freeStalls"), num(new))
        return self.charger_el(cid, A(self.at("ChargerAnnotation"), "availabilityUpdated", freeStalls=Raw(str(new))))

    # reason: a slider's drag stream of one number
    @noise
    def limit_dragged(self, v):
        self.set(("charging", "chargeLimit"), num(v))
        return self.act("charging", self.binding("Charging", "chargeLimit", fl(v)))

    # reason: the retry loop's polls while the car sleeps: the same error every ~2.5 s, no one asked again
    @noise
    def wake_failed(self):
        n = int(self.get(("wake", "attempts")).cd) + 1
        self.set(("wake", "attempts"), num(n))
        return self.feat("wake", "Wake", "wakeUpResponse", self.result("VehicleData", False, Struct(
            "VehicleAPIError", [("statusCode", Raw("408")), ("reason", q("vehicle unavailable: asleep"))])))

    # -- either
    # reason: a text field's binding, one record per keystroke
    @either
    def dest_typed(self, value):
        self.set(("trip", "destinationQuery"), text(value))
        return self.act("trip", self.binding("TripPlanner", "destinationQuery", q(value)))

    # -- signal
    # reason: the car coming online: a status change ending the retry loop
    @signal
    def wake_succeeded(self):
        self.asleep = False
        self.waking = False
        self.set(("wake", "isWaking"), boolean(False))
        self.set(("wake", "attempts"), num(0))
        self.set(("vehicle", "connection"), self.case("online", "Vehicle.Connection"))
        return self.feat("wake", "Wake", "wakeUpResponse", self.result("VehicleData", True, Struct(
            "VehicleData", [("state", q("online")), ("batteryLevel", Raw(str(int(self.battery))))])))

    # reason: the car going to sleep: a status change pushed by the server
    @signal
    def car_fell_asleep(self):
        self.asleep = True
        self.set(("vehicle", "connection"), self.case("asleep", "Vehicle.Connection"))
        return self.vehicle("connectionChanged", A("Vehicle.Connection" if self.tca1 else "VehicleConnection", "asleep"))

    # reason: a charging status change pushed by the car, not the periodic telemetry
    @signal
    def charging_state_changed(self, st):
        self.set(("vehicle", "chargingState"), self.case(st, "ChargingState"))
        if st != "charging":
            self.set(("vehicle", "chargingPowerKW"), num(0.0))
        return self.vehicle("chargingStateChanged", A("ChargingState", st))

    @signal
    def tab_selected(self, tab):
        self.tab = tab
        self.on_map = tab == "map"
        self.set(("selectedTab",), self.case(tab, "Tab"))
        return self.act("tabSelected", A("Tab", tab))

    @signal
    def scene_phase(self, phase):
        self.set(("scenePhase",), self.case(phase, "ScenePhase"))
        return self.act("scenePhaseChanged", A("ScenePhase", phase))

    @signal
    def start_stop_tapped(self, start):
        self.set(("charging", "isSendingCommand"), boolean(True))
        return self.feat("charging", "Charging", "startChargingButtonTapped" if start else "stopChargingButtonTapped")

    @signal
    def charging_command_response(self, start, ok):
        self.set(("charging", "isSendingCommand"), boolean(False))
        payload = Struct("CommandResult", [("result", Raw("true")), ("reason", q(""))]) if ok else \
            Struct("VehicleAPIError", [("statusCode", Raw("500")), ("reason", q("charge_port_door_closed"
                                                                               if start else "not_charging"))])
        return self.feat("charging", "Charging", "commandResponse", self.result("CommandResult", ok, payload))

    @signal
    def limit_editing(self, editing):
        self.set(("charging", "isEditingLimit"), boolean(editing))
        if not editing:
            self.set(("charging", "isSendingCommand"), boolean(True))
        return self.feat("charging", "Charging", "chargeLimitEditingChanged", yes(editing))

    @signal
    def limit_response(self, v):
        self.limit = v
        self.set(("charging", "isSendingCommand"), boolean(False))
        self.set(("charging", "chargeLimit"), num(float(v)))
        self.set(("vehicle", "chargeLimit"), num(v))
        return self.feat("charging", "Charging", "setChargeLimitResponse", self.result("CommandResult", True, Struct(
            "CommandResult", [("result", Raw("true")), ("reason", q(""))])))

    @signal
    def schedule_toggled(self, on):
        self.set(("charging", "scheduledChargingEnabled"), boolean(on))
        return self.act("charging", self.binding("Charging", "scheduledChargingEnabled", yes(on)))

    # reason: each stepper tap is the person's (0.5 degrees a tap, sometimes a quick run of taps)
    @signal
    def stepper(self, v):
        self.target = v
        self.set(("climate", "targetTemperature"), num(v))
        return self.act("climate", self.binding("Climate", "targetTemperature", fl(v)))

    @signal
    def temp_response(self):
        self.set(("climate", "isSendingCommand"), boolean(False))
        return self.feat("climate", "Climate", "setTemperatureResponse", self.result("CommandResult", True, Struct(
            "CommandResult", [("result", Raw("true")), ("reason", q(""))])))

    @signal
    def precondition_tapped(self):
        self.set(("climate", "isSendingCommand"), boolean(True))
        return self.feat("climate", "Climate", "preconditionButtonTapped")

    @signal
    def precondition_response(self, on):
        self.climate_on = on
        self.set(("climate", "isSendingCommand"), boolean(False))
        self.set(("climate", "isPreconditioning"), boolean(on))
        self.set(("vehicle", "isClimateOn"), boolean(on))
        return self.feat("climate", "Climate", "preconditionResponse", self.result("CommandResult", True, Struct(
            "CommandResult", [("result", Raw("true")), ("reason", q(""))])))

    @signal
    def control_tapped(self, cmd):
        self.set(("controls", "isSendingCommand"), boolean(True))
        self.set(("controls", "lastCommand"), text(cmd))
        return self.feat("controls", "Controls", cmd + "ButtonTapped")

    @signal
    def control_response(self, cmd, ok):
        self.set(("controls", "isSendingCommand"), boolean(False))
        if ok and cmd in ("lock", "unlock"):
            self.locked = cmd == "lock"
            self.set(("vehicle", "isLocked"), boolean(self.locked))
        payload = Struct("CommandResult", [("result", Raw("true")), ("reason", q(""))]) if ok else \
            Struct("VehicleAPIError", [("statusCode", Raw("503")), ("reason", q("command timed out"))])
        return self.feat("controls", "Controls", "commandResponse", self.result("CommandResult", ok, payload))

    # reason: the debounced response to the person's pan or zoom (one per gesture)
    @signal
    def chargers_response(self):
        la, lo, sp = self.region
        n = max(3, min(len(CHARGERS), int(4 + sp * 20)))
        picks = self.rng.sample(CHARGERS, n)
        self.chargers_shown = [c[0] for c in picks]
        rows = []
        for cid, title, kw in picks:
            total = 2 if kw <= 22 else self.rng.choice([4, 6, 8, 12])
            rows.append(St(self.st("ChargerAnnotation"), [("id", text(cid)), ("name", text(title)), ("maxPowerKW", num(kw)),
                                                          ("freeStalls", num(self.rng.randint(0, total))),
                                                          ("totalStalls", num(total))]))
        self.set(("map", "chargers"), Arr(rows))
        return self.feat("map", "ChargerMap", "chargersResponse", self.result("[Charger]", True, Raw(
            "[%d chargers]" % len(rows))))

    @signal
    def charger_tapped(self, cid):
        self.set(("map", "selectedChargerID"), text(cid))
        return self.charger_el(cid, A(self.at("ChargerAnnotation"), "tapped"))

    @signal
    def recenter_tapped(self):
        return self.feat("map", "ChargerMap", "recenterButtonTapped")

    @signal
    def suggestions_response(self, query):
        hits = [p for p in TRIP_PLACES if query.lower() in p.lower()] or TRIP_PLACES[:2]
        self.set(("trip", "suggestions"), Arr(text(h) for h in hits[:4]))
        return self.feat("trip", "TripPlanner", "suggestionsResponse", self.result("[Place]", True, Raw(
            "[%d places]" % len(hits[:4]))))

    @signal
    def suggestion_tapped(self, place):
        self.set(("trip", "destination"), text(place))
        self.set(("trip", "suggestions"), Arr())
        self.set(("trip", "stops"), Arr())
        self.set(("trip", "isPlanning"), boolean(True))
        return self.feat("trip", "TripPlanner", "suggestionTapped", q(place))

    # reason: a fast run of new stops between the person's choice and planResponse
    @signal
    def stop_computed(self, n):
        cid, title, kw = self.rng.choice([c for c in CHARGERS if c[2] >= 150])
        arrive = self.rng.randint(8, 25)
        leave = min(90, arrive + self.rng.randint(35, 60))
        self.append(("trip", "stops"), St(self.st("ChargingStop"), [("chargerID", text(cid)), ("name", text(title)),
                                                                    ("arrivalPercent", num(arrive)),
                                                                    ("departurePercent", num(leave)),
                                                                    ("chargeMinutes", num(self.rng.randint(12, 32)))]))
        return self.feat("trip", "TripPlanner", "stopComputed", Struct("ChargingStop", [
            ("chargerID", q(cid)), ("arrivalPercent", Raw(str(arrive))), ("departurePercent", Raw(str(leave)))]))

    @signal
    def plan_response(self, n, ok):
        self.set(("trip", "isPlanning"), boolean(False))
        payload = Struct("Route", [("stops", Raw(str(n))), ("durationMinutes", Raw(str(self.rng.randint(120, 520))))]) \
            if ok else Struct("RoutingError", [("message", q("no route with current charge"))])
        return self.feat("trip", "TripPlanner", "planResponse", self.result("Route", ok, payload))

    # -- processes
    def processes(self):
        return [self.periodic(self.timer_ticked, 1.0, 0.003, when=lambda: self.active and self.tab == "car"),
                self.periodic(self.user_location, 1.0, 0.08, when=lambda: self.active and self.on_map),
                self.stream(), self.parked(), self.charge_session(), self.lifecycle(), self.person()]

    def stream(self):
        """The car's streaming telemetry: every ~2 s while charging or conditioning and awake."""
        while True:
            yield 2.0 + self.rng.uniform(-0.12, 0.12)
            if not self.asleep and (self.charging or self.climate_on):
                self.emit(self.telemetry)

    def parked(self):
        """Now and then while parked and awake; the car falls asleep after a quiet spell."""
        rng = self.rng
        quiet = 0.0
        while True:
            gap = rng.uniform(20, 90)
            yield gap
            if self.asleep or self.charging or self.climate_on:
                quiet = 0.0
                continue
            quiet += gap
            if quiet > rng.uniform(100, 200) and not self.waking:
                self.emit(self.car_fell_asleep)
                quiet = 0.0
            else:
                self.emit(self.telemetry)

    def charge_session(self):
        """Charging reaches the limit and completes."""
        while True:
            yield 1.0
            if self.charging and self.battery >= self.limit:
                self.charging = False
                self.emit(self.charging_state_changed, "complete")

    def lifecycle(self):
        rng = self.rng
        while True:
            yield rng.uniform(150, 330)
            self.active = False
            self.emit(self.scene_phase, "inactive")
            yield rng.uniform(0.3, 0.8)
            self.emit(self.scene_phase, "background")
            yield rng.uniform(30, 120)
            self.emit(self.scene_phase, "inactive")
            yield rng.uniform(0.2, 0.5)
            self.active = True
            self.emit(self.scene_phase, "active")
            if self.asleep and not self.waking:
                self.spawn(self.wake_then(None))

    def wake_then(self, command):
        """Wake the car (a retry every ~2.5 s while it sleeps), then run the command."""
        rng = self.rng
        if not self.asleep:
            if command:
                yield from command()
            return
        if self.waking:
            return
        self.waking = True
        tries = rng.randint(2, 9)
        for _ in range(tries):
            yield rng.uniform(0.4, 0.8) if _ == 0 else 2.5 + rng.uniform(-0.2, 0.2)
            self.emit(self.wake_failed)
        yield 2.5 + rng.uniform(-0.2, 0.2)
        self.emit(self.wake_succeeded)
        yield rng.uniform(0.2, 0.6)
        self.emit(self.telemetry)
        if command:
            yield from command()

    def command(self, tapped, response, *args):
        def run():
            yield self.rng.uniform(0.6, 2.2)
            self.emit(response, *args)
        self.emit(tapped, *args[:1]) if tapped else None
        if self.asleep:
            self.spawn(self.wake_then(run))
        else:
            self.spawn(run())

    def availability_loop(self, cid, gen):
        rng = self.rng
        yield rng.uniform(1, 30)
        while self.on_map and cid in self.chargers_shown and self.map_gen == gen:
            self.emit(self.availability, cid)
            yield 30.0 + rng.uniform(-0.5, 0.5)

    def show_chargers(self):
        self.emit(self.chargers_response)
        self.map_gen = getattr(self, "map_gen", 0) + 1
        for cid in self.chargers_shown:
            self.spawn(self.availability_loop(cid, self.map_gen))

    def pan(self):
        rng = self.rng
        la, lo, sp = self.region
        zoom = rng.random() < 0.35
        goal = [la + rng.uniform(-0.5, 0.5) * sp, lo + rng.uniform(-0.5, 0.5) * sp,
                max(0.02, min(2.0, sp * (rng.uniform(0.4, 2.5) if zoom else 1.0)))]
        hz = 60.0
        n = max(4, int(hz * min(2.0, 0.2 + rng.lognormvariate(-1.2, 0.6))))
        start = list(self.region)

        def at(i):
            f = (i + 1) / n
            e = 1 - (1 - f) ** 2
            return tuple(round(start[j] + (goal[j] - start[j]) * e + (rng.uniform(-1, 1) * 0.00002 if j < 2 else 0), 5 if j < 2 else 4)
                         for j in range(3))
        yield from self.gesture(self.region_changed, hz=hz, duration=n / hz, args=at)

    def person(self):
        rng = self.rng
        think = self.think((1.0, 3.0), (5.0, 14.0), (60, 160), (25, 80))
        yield rng.uniform(1.0, 3.0)
        if self.asleep:
            self.spawn(self.wake_then(None))
        while True:
            yield next(think)
            if not self.active:
                continue
            r = rng.random()
            if r < 0.10:
                tab = rng.choice([t for t in ("car", "climate", "map", "trip") if t != self.tab])
                self.emit(self.tab_selected, tab)
                if tab == "map":
                    yield rng.uniform(0.3, 1.0)
                    self.show_chargers()
            elif r < 0.20:                                        # look around the map
                if self.tab != "map":
                    self.emit(self.tab_selected, "map")
                    yield rng.uniform(0.3, 1.0)
                    self.show_chargers()
                for _ in range(rng.choice([1, 1, 2, 2, 3])):
                    yield rng.uniform(0.6, 3.0)
                    yield from self.pan()
                    yield rng.uniform(0.5, 0.8)                    # debounced search of the region
                    self.show_chargers()
                    yield rng.uniform(0.5, 4)
                if rng.random() < 0.5 and self.chargers_shown:
                    self.emit(self.charger_tapped, rng.choice(self.chargers_shown))
                if rng.random() < 0.15:
                    self.emit(self.recenter_tapped)
                    self.spawn_region_to_phone()
            elif r < 0.26:                                        # the charge limit slider
                if self.tab != "car":
                    self.emit(self.tab_selected, "car")
                    yield rng.uniform(0.5, 1.5)
                self.emit(self.limit_editing, True)
                start = float(self.get(("charging", "chargeLimit")).cd)
                goal = float(rng.choice([60, 70, 80, 85, 90, 100]))
                n = max(4, int(60 * rng.uniform(0.3, 1.5)))
                yield from self.gesture(self.limit_dragged, hz=60.0, duration=n / 60.0, args=lambda i: (
                    round(max(50.0, min(100.0, start + (goal - start) * (i + 1) / n + rng.uniform(-0.6, 0.6))), 1),))
                self.emit(self.limit_editing, False)
                v = int(round(float(self.get(("charging", "chargeLimit")).cd)))
                self.command(None, self.limit_response, v)
            elif r < 0.29:                                        # start / stop charging
                if self.tab != "car":
                    self.emit(self.tab_selected, "car")
                    yield rng.uniform(0.5, 1.5)
                start = not self.charging
                self.emit(self.start_stop_tapped, start)
                self.spawn(self.charge_cmd(start))
            elif r < 0.44:                                        # climate
                if self.tab != "climate":
                    self.emit(self.tab_selected, "climate")
                    yield rng.uniform(0.5, 1.5)
                if rng.random() < 0.25:
                    self.emit(self.precondition_tapped)
                    on = not self.climate_on
                    self.spawn(self.after_wake(self.precondition_response, on))
                else:
                    up = rng.random() < (0.8 if self.target < 21 else 0.3 if self.target > 23 else 0.55)
                    for _ in range(rng.randint(1, 6)):
                        v = round(min(28.0, max(16.0, self.target + (0.5 if up else -0.5))), 1)
                        self.emit(self.stepper, v)
                        yield rng.uniform(0.2, 0.7)
                    self.set_flag_sending()
                    self.spawn(self.after_wake(self.temp_response))
            elif r < 0.60:                                        # lock, unlock, honk
                cmd = rng.choice(["lock", "unlock", "honk", "flashLights"] if self.locked
                                 else ["lock", "lock", "honk"])
                self.emit(self.control_tapped, cmd)
                self.spawn(self.after_wake(self.control_response, cmd, rng.random() < 0.93))
            elif r < 0.76:                                        # plan a trip
                if self.tab != "trip":
                    self.emit(self.tab_selected, "trip")
                    yield rng.uniform(0.5, 1.5)
                place = rng.choice(TRIP_PLACES)
                word = place.split()[0][:rng.randint(3, 7)]
                for kx in range(1, len(word) + 1):
                    self.emit(self.dest_typed, word[:kx])
                    gap = rng.uniform(0.1, 0.45) if kx < len(word) else rng.uniform(0.8, 1.8)
                    if gap > 0.3 and kx >= 2:
                        lag = min(gap - 0.01, 0.3 + rng.uniform(0.05, 0.25))
                        yield lag
                        self.emit(self.suggestions_response, word[:kx])
                        gap -= lag
                    yield gap
                self.emit(self.suggestion_tapped, place)
                n = rng.randint(1, 5)
                ok = rng.random() < 0.92
                for k in range(n if ok else 0):
                    yield rng.uniform(0.15, 0.7)
                    self.emit(self.stop_computed, k)
                yield rng.uniform(0.1, 0.5)
                self.emit(self.plan_response, n, ok)
            elif r < 0.90:                                        # schedule or a quick check
                if rng.random() < 0.4:
                    on = self.get(("charging", "scheduledChargingEnabled")).cd != "true"
                    self.emit(self.schedule_toggled, on)
                else:
                    yield rng.uniform(3, 12)

    def spawn_region_to_phone(self):
        def run():
            yield from self.gesture(self.region_changed, hz=60.0, duration=0.5, args=lambda i: (
                round(self.region[0] + (self.phone[0] - self.region[0]) * (i + 1) / 30, 5),
                round(self.region[1] + (self.phone[1] - self.region[1]) * (i + 1) / 30, 5), round(self.region[2], 4)))
        self.spawn(run())

    def set_flag_sending(self):
        self.emit(self.temp_commit)

    # reason: the stepper's editing ended: the person done choosing
    @signal
    def temp_commit(self):
        self.set(("climate", "isSendingCommand"), boolean(True))
        return self.feat("climate", "Climate", "stepperEditingEnded")

    def after_wake(self, response, *args):
        def run():
            yield self.rng.uniform(0.6, 2.2)
            self.emit(response, *args)
        yield 0
        if self.asleep:
            yield from self.wake_then(run)
        else:
            yield from run()

    def charge_cmd(self, start):
        rng = self.rng

        def run():
            yield rng.uniform(0.6, 2.2)
            ok = rng.random() < 0.9
            self.emit(self.charging_command_response, start, ok)
            if ok:
                yield rng.uniform(1.0, 4.0)
                self.charging = start and self.battery < self.limit
                self.emit(self.charging_state_changed, "charging" if self.charging else "stopped")
        yield 0
        if self.asleep:
            yield from self.wake_then(run)
        else:
            yield from run()

APPS = {"podcast": Podcast, "mail": Mail, "evcar": EVCar}
