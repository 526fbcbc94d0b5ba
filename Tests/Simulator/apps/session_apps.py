"""Four more simulated TCA apps for Tests/Simulator/tcasim.py (--apps-module this file).

Each app follows the public Browser app: state built in __init__, makers labelled with
exactly one of @noise / @signal / @either, processes() returning generators that yield
delays. Labels follow the definitions in tcasim.py: noise = machine-driven streams a
person wants silenced; signal = a person's intents and the system/effect events that
follow from them; either = genuinely ambiguous.

player   A music player ("Tunes"). noise: playbackTimeUpdated (AVPlayer periodic time
         observer, 4 Hz while playing, also in the background), meterLevelsUpdated (20-30 Hz
         while playing on the expanded Now Playing screen), a row's downloadProgress (a
         URLSession stream). either: scrubberMoved (a drag the person makes, but at 30-60
         Hz), the volume binding (a slider: a stream of values), the search field binding
         (one record per keystroke). signal: play/pause/next taps, expanding/collapsing Now
         Playing, remote commands (headphones), a row's tapped / downloadButtonTapped /
         infoButtonTapped and downloadResponse (noise and signal share
         library.tracks.element), searchResponse (debounced effect), delegate actions
         (library -> app, nowPlaying -> app), playerItemResponse, the track-details sheet
         (destination .presented / .dismiss), task / onAppear, scene phase.
chat     A busy group chat ("Messenger"). noise: presence heartbeat (every 10 s while
         connected, rare-ish but periodic, mostly a no-op), typing-indicator pushes (2-5 Hz
         bursts while someone types, mostly no-ops after the first), scroll offsets
         (gesture), a row's imageLoadProgress. either: the composer text binding per
         keystroke. signal: messageReceived (Poisson, frequent in busy phases: the
         frequent-signal app), sendButtonTapped, the composer's delegate, sendResponse,
         readReceiptsReceived, connectionStateChanged, syncResponse, row reactionTapped /
         imageTapped / imageResponse, loadOlderMessages + response, the image viewer
         destination, scene phase.
fitness  A workout tracker with a map ("Trails"). noise: locationUpdated (1 Hz while
         recording, a new coordinate each time), headingUpdated (10-15 Hz while on screen),
         heartRateSample (1 Hz from a strap), timerTicked (1 Hz elapsed time), map
         regionChanged (drag/pinch gesture). signal: start/pause/resume/finish taps,
         lapCompleted (a system event every km), the workout's delegate (didFinish),
         pinTapped and the pin-details sheet (.presented / .dismiss, its response and
         delegate), the summary sheet's save + saveResponse, task and authorization
         responses, scene phase.
editor   A drawing app ("Sketchbook"). noise: dragChanged (stroke samples, 60 Hz during a
         stroke), magnificationChanged (pinch), pointerHovered / hoverEnded (pencil or
         pointer hover), a layer row's thumbnailRendered (after every stroke),
         autosaveTimerFired (every 30 s: rare-ish but periodic, a no-op unless the document
         is dirty). either: the title binding per keystroke. signal: dragEnded (a stroke
         committed), toolPicked, undo/redo, layer rows' tapped / visibilityToggled,
         addLayerButtonTapped, saveButtonTapped, saveResponse, the export sheet, scene phase.
"""

import math

import tcasim
from tcasim import (App, A, Raw, Struct, q, noise, signal, either, V, St, Arr, Dic, En,
                    NIL, num, text, boolean)


def R(x, nd=None):
    """A number literal in an action."""
    if isinstance(x, float):
        return Raw(repr(round(x, nd) if nd is not None else x))
    return Raw(str(x))


class TCAApp(App):
    """Small helpers for the TCA idioms shared by the four apps."""

    def sub(self, feature, case, *unlabeled, **labeled):
        """A case of a feature's Action: `Feature.Action.case(...)`."""
        return A(self.at(feature), case, *unlabeled, **labeled)

    def delegate(self, feature, case, *unlabeled, **labeled):
        """`.delegate(.case(...))` of a child feature."""
        d = (feature + ".Action.Delegate") if self.tca1 else (feature + "Action.Delegate")
        return self.sub(feature, "delegate", A(d, case, *unlabeled, **labeled))

    def presented(self, dest, inner):
        """`.destination(.presented(inner))` where inner is a case of the destination enum."""
        return A("PresentationAction<%s>" % self.at(dest), "presented", inner)

    def dismiss(self, dest):
        return A("PresentationAction<%s>" % self.at(dest), "dismiss")

    def dest(self, dest, case, inner):
        """A case of the destination reducer's Action: `.trackDetails(inner)`."""
        return A(self.at(dest), case, inner)

    def uuid_raw(self, u):
        return Raw("UUID(%s)" % u)

    def date_raw(self, t=None):
        return Raw(self.date(t).cd)

    def phase(self, name):
        return self.case(name, "ScenePhase")


# =========================================================================== player

TRACKS = [("Midnight City", "M83", 243), ("Teardrop", "Massive Attack", 330),
          ("Holocene", "Bon Iver", 337), ("Breathe", "Télépopmusik", 279),
          ("Intro", "The xx", 128), ("Nightcall", "Kavinsky", 258),
          ("Archangel", "Burial", 239), ("Reckoner", "Radiohead", 290),
          ("Dreams", "Fleetwood Mac", 257), ("Genesis", "Grimes", 255),
          ("Strobe", "deadmau5", 634), ("Ageispolis", "Aphex Twin", 322),
          ("Gooey", "Glass Animals", 289), ("Innerbloom", "RÜFÜS DU SOL", 577),
          ("Windowlicker", "Aphex Twin", 366), ("Motion Sickness", "Phoebe Bridgers", 229)]
SEARCHES = ["aphex", "bon iver", "night", "radiohead", "dreams", "burial", "m83", "strobe"]


class Player(TCAApp):
    """A music player: library rows with downloads, now playing with scrubber, volume,
    level meters, search, a track-details sheet."""

    name = "player"
    module = "Tunes"
    process = "Tunes"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        picks = rng.sample(TRACKS, rng.randint(9, 14))
        self.tracks = [(str(rng.randint(1000000000, 1799999999)), t, a, d) for t, a, d in picks]
        self.ids = [t[0] for t in self.tracks]
        self.downloaded = set(rng.sample(self.ids, 2))
        self.downloading = set()
        self.current = None
        self.playing = False
        self.position = 0.0
        self.scrub = None
        self.volume = round(rng.uniform(0.4, 0.8), 2)
        self.foreground = True
        self.sheet = None
        self.meter_hz = rng.choice([20, 24, 30])
        self.expanded = False     # the full-screen Now Playing view (scrubber, volume, meters)
        self.busy = True
        rows = Arr(St(self.st("TrackRow"), [
            ("id", V('"%s"' % i, i, '"%s"' % i)), ("title", text(t)), ("artist", text(a)),
            ("duration", num(d)), ("downloadProgress", NIL), ("isDownloaded", boolean(i in self.downloaded)),
            ("isPlaying", boolean(False))]) for i, t, a, d in self.tracks)
        self.state = St(self.st("AppFeature"), [
            ("library", St(self.st("Library"), [
                ("tracks", rows), ("searchQuery", text("")), ("searchResults", Arr()),
                ("isLoading", boolean(False)), ("destination", NIL)])),
            ("nowPlaying", St(self.st("NowPlaying"), [
                ("trackID", NIL), ("title", NIL), ("isPlaying", boolean(False)), ("position", num(0.0)),
                ("duration", num(0.0)), ("volume", num(self.volume)), ("scrubPosition", NIL),
                ("isExpanded", boolean(False)),
                ("levels", St("MeterLevels", [("left", num(-160.0)), ("right", num(-160.0))]))])),
            ("scenePhase", self.phase("active"))])

    # -- helpers
    def lib(self, inner):
        return self.act("library", inner)

    def np(self, inner):
        return self.act("nowPlaying", inner)

    def row(self, i, inner):
        return self.lib(self.sub("Library", "tracks", self.element(
            "TrackRow", q(self.ids[i]), inner)))

    def rpath(self, i, *rest):
        return ("library", "tracks", ("i", i)) + rest

    def details(self, inner):
        return self.lib(self.sub("Library", "destination", self.presented(
            "Library.Destination", self.dest("Library.Destination", "trackDetails", inner))))

    # -- noise
    @noise
    def position_ticked(self):
        self.position = round(self.position + 0.25 + self.rng.uniform(-0.002, 0.002), 3)
        self.set(("nowPlaying", "position"), num(round(self.position, 2)))
        return self.np(self.sub("NowPlaying", "playbackTimeUpdated", R(round(self.position, 6))))

    @noise
    def meter(self):
        base = self.rng.gauss(-16.0, 5.0)
        left = round(min(0.0, base + self.rng.uniform(-2.5, 2.5)), 1)
        right = round(min(0.0, base + self.rng.uniform(-2.5, 2.5)), 1)
        self.set(("nowPlaying", "levels"), St("MeterLevels", [("left", num(left)), ("right", num(right))]))
        return self.np(self.sub("NowPlaying", "meterLevelsUpdated", Struct(
            "MeterLevels", [("left", R(left)), ("right", R(right))])))

    @noise
    def download_progress(self, i, p):
        self.set(self.rpath(i, "downloadProgress"), num(p))
        return self.row(i, self.sub("TrackRow", "downloadProgress", R(p)))

    # -- either
    @either
    def scrub_moved(self, pos):
        self.scrub = pos
        self.set(("nowPlaying", "scrubPosition"), num(pos))
        return self.np(self.sub("NowPlaying", "scrubberMoved", to=R(pos)))

    @either
    def volume_changed(self, v):
        self.volume = v
        self.set(("nowPlaying", "volume"), num(v))
        return self.np(self.binding("NowPlaying", "volume", R(v)))

    @either
    def search_typed(self, s):
        self.set(("library", "searchQuery"), text(s))
        return self.lib(self.binding("Library", "searchQuery", q(s)))

    # -- signal
    @signal
    def task(self):
        self.set(("library", "isLoading"), boolean(True))
        return self.lib(self.sub("Library", "task"))

    @signal
    def tracks_response(self):
        self.set(("library", "isLoading"), boolean(False))
        return self.lib(self.sub("Library", "tracksResponse", self.result("TrackPage", True, Struct(
            "TrackPage", [("count", R(len(self.ids))), ("nextCursor", Raw("nil"))]))))

    @signal
    def np_appear(self):
        return self.np(self.sub("NowPlaying", "onAppear"))

    @signal
    def scene_phase(self, ph):
        self.foreground = ph == "active"
        self.set(("scenePhase",), self.phase(ph))
        return self.act("scenePhaseChanged", A("ScenePhase", ph))

    @signal
    def row_tapped(self, i):
        return self.row(i, self.sub("TrackRow", "tapped"))

    @signal
    def lib_delegate_play(self, i):
        return self.lib(self.delegate("Library", "playTrack", id=q(self.ids[i])))

    @signal
    def player_item_loaded(self, i):
        if self.current is not None and self.current != i:
            self.set(self.rpath(self.current, "isPlaying"), boolean(False))
        self.current = i
        self.position = 0.0
        self.playing = True
        tid, title, artist, dur = self.tracks[i]
        self.set(self.rpath(i, "isPlaying"), boolean(True))
        self.set(("nowPlaying", "trackID"), V('"%s"' % tid, tid, '"%s"' % tid))
        self.set(("nowPlaying", "title"), text(title))
        self.set(("nowPlaying", "isPlaying"), boolean(True))
        self.set(("nowPlaying", "position"), num(0.0))
        self.set(("nowPlaying", "duration"), num(float(dur)))
        return self.np(self.sub("NowPlaying", "playerItemResponse", self.result("PlayerItem", True, Struct(
            "PlayerItem", [("trackID", q(tid)), ("duration", R(float(dur))),
                           ("isLocal", Raw("true" if tid in self.downloaded else "false"))]))))

    @signal
    def play_pause(self):
        self.playing = not self.playing
        self.set(("nowPlaying", "isPlaying"), boolean(self.playing))
        return self.np(self.sub("NowPlaying", "playPauseButtonTapped"))

    @signal
    def remote_command(self, cmd):
        if cmd == "togglePlayPause":
            self.playing = not self.playing
            self.set(("nowPlaying", "isPlaying"), boolean(self.playing))
        return self.np(self.sub("NowPlaying", "remoteCommand", A("RemoteCommand", cmd)))

    @signal
    def expand(self, on):
        self.expanded = on
        self.set(("nowPlaying", "isExpanded"), boolean(on))
        return self.np(self.sub("NowPlaying", "miniPlayerTapped" if on else "collapseButtonTapped"))

    @signal
    def next_tapped(self):
        return self.np(self.sub("NowPlaying", "nextButtonTapped"))

    @signal
    def np_delegate(self, case):
        tid = self.ids[self.current]
        if case == "didFinishTrack":
            return self.np(self.delegate("NowPlaying", case, id=q(tid)))
        return self.np(self.delegate("NowPlaying", case))

    @signal
    def playback_finished(self):
        self.playing = False
        self.set(("nowPlaying", "isPlaying"), boolean(False))
        return self.np(self.sub("NowPlaying", "playbackFinished"))

    @signal
    def scrub_ended(self):
        self.position = self.scrub
        self.scrub = None
        self.set(("nowPlaying", "scrubPosition"), NIL)
        self.set(("nowPlaying", "position"), num(round(self.position, 2)))
        return self.np(self.sub("NowPlaying", "scrubberEnded"))

    @signal
    def download_tapped(self, i):
        self.set(self.rpath(i, "downloadProgress"), num(0.0))
        return self.row(i, self.sub("TrackRow", "downloadButtonTapped"))

    @signal
    def download_finished(self, i):
        self.downloading.discard(self.ids[i])
        self.downloaded.add(self.ids[i])
        self.set(self.rpath(i, "downloadProgress"), NIL)
        self.set(self.rpath(i, "isDownloaded"), boolean(True))
        return self.row(i, self.sub("TrackRow", "downloadResponse", self.result("URL", True, Raw(
            "URL(file:///var/mobile/Containers/Data/Application/Tunes/Downloads/%s.m4a)" % self.ids[i]))))

    @signal
    def search_response(self, s):
        found = [t for t in self.tracks if s[:3] in (t[1] + " " + t[2]).lower()] or self.tracks[:1]
        self.set(("library", "searchResults"), Arr(text(t[0]) for t in found[:5]))
        return self.lib(self.sub("Library", "searchResponse", self.result("SearchResults", True, Struct(
            "SearchResults", [("query", q(s)), ("count", R(len(found))), ("topHit", q(found[0][1]))]))))

    @signal
    def info_tapped(self, i):
        self.sheet = i
        self.set(("library", "destination"), En("Library.Destination.State", "trackDetails", St(
            self.st("TrackDetails"), [("trackID", V('"%s"' % self.ids[i], self.ids[i], '"%s"' % self.ids[i])),
                                      ("lyrics", NIL), ("isInPlaylist", boolean(False))])))
        return self.row(i, self.sub("TrackRow", "infoButtonTapped"))

    @signal
    def details_task(self):
        return self.details(self.sub("TrackDetails", "task"))

    @signal
    def lyrics_loaded(self):
        if self.sheet is None:
            return None      # the sheet was dismissed: the effect was cancelled
        n = self.rng.randint(20, 80)
        self.set(("library", "destination", ("e", "trackDetails"), "lyrics"),
                 St("Lyrics", [("lineCount", num(n)), ("isSynced", boolean(True))]))
        return self.details(self.sub("TrackDetails", "lyricsResponse", self.result("Lyrics", True, Struct(
            "Lyrics", [("lineCount", R(n)), ("isSynced", Raw("true"))]))))

    @signal
    def add_to_playlist(self):
        self.set(("library", "destination", ("e", "trackDetails"), "isInPlaylist"), boolean(True))
        return self.details(self.sub("TrackDetails", "addToPlaylistButtonTapped"))

    @signal
    def dismiss_sheet(self):
        self.sheet = None
        self.set(("library", "destination"), NIL)
        return self.lib(self.sub("Library", "destination", self.dismiss("Library.Destination")))

    # -- processes
    def processes(self):
        return [self.life(), self.ticker(), self.user(),
                self.periodic(self.meter, 1.0 / self.meter_hz, 0.003,
                              when=lambda: self.playing and self.foreground and self.expanded and self.scrub is None)]

    def ticker(self):
        """AVPlayer's periodic time observer: every 0.25 s while playing; at the end of a
        track the player finishes it and the app loads the next one."""
        yield self.rng.uniform(0, 0.25)
        while True:
            if self.playing and self.scrub is None and self.current is not None:
                if self.position + 0.25 >= self.tracks[self.current][3]:
                    self.emit(self.playback_finished)
                    self.emit(self.np_delegate, "didFinishTrack")
                    self.after(self.rng.uniform(0.15, 0.6), self.player_item_loaded,
                               (self.current + 1) % len(self.ids))
                else:
                    self.emit(self.position_ticked)
            yield 0.25 + self.rng.uniform(-0.004, 0.004)

    def life(self):
        rng = self.rng
        yield 0.03
        self.emit(self.task)
        yield rng.uniform(0.001, 0.01)
        self.emit(self.np_appear)
        self.after(rng.uniform(0.3, 1.2), self.tracks_response)
        while True:
            yield rng.uniform(90, 300)
            self.emit(self.scene_phase, "inactive")
            yield rng.uniform(0.2, 0.6)
            self.emit(self.scene_phase, "background")
            yield rng.uniform(30, 200)
            self.emit(self.scene_phase, "inactive")
            yield rng.uniform(0.1, 0.3)
            self.emit(self.scene_phase, "active")

    def play(self, i):
        self.emit(self.row_tapped, i)
        self.emit(self.lib_delegate_play, i)
        self.after(self.rng.uniform(0.15, 0.8), self.player_item_loaded, i)

    def download(self, i):
        tid = self.ids[i]
        self.downloading.add(tid)
        self.emit(self.download_tapped, i)
        p = 0.0
        step = self.rng.uniform(0.02, 0.12)
        while True:
            yield self.rng.uniform(0.15, 0.5)
            p = round(min(1.0, p + step * self.rng.uniform(0.5, 1.5)), 2)
            if p >= 1.0:
                break
            self.emit(self.download_progress, i, p)
        yield self.rng.uniform(0.05, 0.3)
        self.emit(self.download_finished, i)

    def user(self):
        rng = self.rng
        think = self.think((1.5, 5.0), (8.0, 25.0), (40, 150), (30, 150))
        yield rng.uniform(1.5, 4.0)
        self.play(rng.randrange(len(self.ids)))
        while True:
            yield next(think)
            if not self.foreground:
                if rng.random() < 0.08 and self.current is not None:   # headphones, from the pocket
                    cmd = rng.choice(["togglePlayPause", "togglePlayPause", "nextTrack"])
                    self.emit(self.remote_command, cmd)
                    if cmd == "nextTrack":
                        self.after(rng.uniform(0.15, 0.6), self.player_item_loaded, (self.current + 1) % len(self.ids))
                continue
            r = rng.random()
            if self.current is not None and not self.expanded and r < 0.2:
                self.emit(self.expand, True)
                continue
            if self.expanded:
                # on the Now Playing screen: play/pause, next, scrubber, volume, or back
                if r < 0.15:
                    self.emit(self.expand, False)
                    continue
                r = rng.choice([0.05, 0.05, 0.15, 0.25, 0.25, 0.25, 0.35, 0.35])
            else:        # on the library list
                r = 0.40 + 0.60 * rng.random()
            if r < 0.12:
                self.emit(self.play_pause)
            elif r < 0.20 and self.current is not None:
                self.emit(self.next_tapped)
                self.emit(self.np_delegate, "didRequestNextTrack")
                self.after(rng.uniform(0.15, 0.6), self.player_item_loaded, (self.current + 1) % len(self.ids))
            elif r < 0.32 and self.current is not None:   # drag the scrubber
                dur = self.tracks[self.current][3]
                target = rng.uniform(0, dur - 5)
                start = self.position
                hz = rng.uniform(30, 60)
                n = max(3, int(hz * rng.uniform(0.4, 2.0)))
                yield from self.gesture(self.scrub_moved, hz=hz, duration=n / hz, args=lambda k: (
                    round(start + (target - start) * min(1.0, (k + 1) / (n - 1)) + rng.uniform(-0.4, 0.4), 1),))
                if self.scrub is not None:
                    self.emit(self.scrub_ended)
            elif r < 0.40:   # drag the volume slider
                v0 = self.volume
                v1 = round(min(1.0, max(0.0, v0 + rng.uniform(-0.4, 0.4))), 3)
                hz = rng.uniform(30, 60)
                n = max(3, int(hz * rng.uniform(0.3, 1.2)))
                yield from self.gesture(self.volume_changed, hz=hz, duration=n / hz, args=lambda k: (
                    round(min(1.0, max(0.0, v0 + (v1 - v0) * min(1.0, (k + 1) / (n - 1)) + rng.uniform(-0.004, 0.004))), 3),))
            elif r < 0.58:   # pick a track from the library
                self.play(rng.randrange(len(self.ids)))
            elif r < 0.68:   # download a track
                todo = [i for i, t in enumerate(self.ids) if t not in self.downloaded and t not in self.downloading]
                if todo:
                    self.spawn(self.download(rng.choice(todo)))
            elif r < 0.84:   # search, then maybe play the top hit
                word = rng.choice(SEARCHES)
                for k in range(1, len(word) + 1):
                    self.emit(self.search_typed, word[:k])
                    gap = rng.uniform(0.08, 0.45) if k < len(word) else rng.uniform(0.6, 2.0)
                    if gap > 0.3:    # debounced by 0.3 s
                        lag = min(gap - 0.01, 0.3 + rng.uniform(0.05, 0.25))
                        yield lag
                        self.emit(self.search_response, word[:k])
                        gap -= lag
                    yield gap
                if rng.random() < 0.6:
                    self.play(rng.randrange(len(self.ids)))
                yield rng.uniform(0.5, 2.0)
                for k in range(len(word) - 1, -1, -1):   # clear button or backspaces
                    self.emit(self.search_typed, word[:k])
                    yield rng.uniform(0.05, 0.15)
                    if rng.random() < 0.5:
                        self.emit(self.search_typed, "")
                        break
            elif r < 0.94:   # the track-details sheet
                i = rng.randrange(len(self.ids))
                self.emit(self.info_tapped, i)
                yield rng.uniform(0.01, 0.05)
                self.emit(self.details_task)
                self.after(rng.uniform(0.2, 0.9), self.lyrics_loaded)
                yield rng.uniform(3.0, 15.0)
                if rng.random() < 0.4 and self.sheet is not None:
                    self.emit(self.add_to_playlist)
                    yield rng.uniform(0.5, 2.0)
                if self.sheet is not None:
                    self.emit(self.dismiss_sheet)
            else:        # the mini player's play/pause button
                self.emit(self.play_pause)


# ============================================================================= chat

PEOPLE = ["Maya", "Jonas", "Priya", "Tomás", "Aiko", "Lena", "Sam"]
LINES = ["lol", "on my way", "did anyone push the fix?", "👍", "can we move standup to 10?",
         "sounds good", "café at 1?", "I'll take a look after lunch", "ship it 🚀", "haha yes",
         "who broke the build again", "brb", "see the doc I shared", "nice!", "ok", "thanks!!",
         "running 5 min late", "PR is up: #2141", "that's wild", "🙈", "agreed", "not sure tbh"]
MINE = ["on it", "yep", "looks good to me", "give me 5", "merged", "lunch?", "thanks all", "nope"]
EMOJI = ["👍", "❤️", "😂", "🎉", "👀"]


class Chat(TCAApp):
    """A group chat: one open conversation, presence, typing indicators, a composer
    child, message rows with reactions and images, connection state."""

    name = "chat"
    module = "Messenger"
    process = "Messenger"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        self.people = rng.sample(PEOPLE, rng.randint(3, 6))
        self.me = "me"
        self.msgs = []            # message ids, in state order
        self.mine = {}            # my message id -> status name
        self.images = set()       # message ids with an image still loading
        self.typing = []          # people typing (state order)
        self.connected = True
        self.foreground = True
        self.offset = 0.0
        self.sheet = False
        self.busy = True
        rows = []
        for k in range(rng.randint(6, 12)):
            who = rng.choice(self.people)
            rows.append(self.message_state(self.uid(), who, rng.choice(LINES), -rng.randint(600, 7200), False))
        self.state = St(self.st("AppFeature"), [
            ("connection", self.case("connected", "ConnectionState")),
            ("presence", Dic({p: self.case("online" if rng.random() < 0.6 else "away", "Presence")
                              for p in self.people})),
            ("conversation", St(self.st("Conversation"), [
                ("id", self.uuid_value(self.uid())), ("title", text("Team 🚲")),
                ("messages", Arr(rows)),
                ("composer", St(self.st("Composer"), [("text", text("")), ("isSending", boolean(False))])),
                ("typingUserIDs", Arr()), ("scrollOffset", num(0.0)), ("olderPagesLoaded", num(0)),
                ("lastReadMessageID", NIL), ("destination", NIL)])),
            ("scenePhase", self.phase("active"))])

    def message_state(self, mid, sender, body, t, image):
        self.msgs.append(mid)
        return St(self.st("MessageRow"), [
            ("id", self.uuid_value(mid)), ("sender", text(sender)), ("text", text(body)),
            ("sentAt", self.date(t)),
            ("status", self.case("delivered", "MessageStatus")), ("reactions", Dic()),
            ("image", St("ImageAttachment", [("progress", num(0.0)), ("isLoaded", boolean(False))]) if image else NIL)])

    # -- helpers
    def conv(self, inner):
        return self.act("conversation", inner)

    def row(self, mid, inner):
        return self.conv(self.sub("Conversation", "messages", self.element("MessageRow", self.uuid_raw(mid), inner)))

    def mpath(self, mid, *rest):
        return ("conversation", "messages", ("i", self.msgs.index(mid))) + rest

    def composer(self, inner):
        return self.conv(self.sub("Conversation", "composer", inner))

    # -- noise
    @noise
    def heartbeat(self):
        online = 0
        if self.rng.random() < 0.12:
            p = self.rng.choice(self.people)
            self.put(("presence",), p, self.case(self.rng.choice(["online", "away", "offline"]), "Presence"))
        for p in self.people:
            online += self.get(("presence", ("k", p))).cd == ".online"
        return self.act("presence", self.sub("Presence", "heartbeat", Struct("PresenceSnapshot", [
            ("online", R(online)), ("away", R(len(self.people) - online)),
            ("serverTime", self.date_raw())])))

    @noise
    def typing_push(self, who, on):
        if on and who not in self.typing:
            self.typing.append(who)
            self.append(("conversation", "typingUserIDs"), text(who))
        elif not on and who in self.typing:
            self.remove_at(("conversation", "typingUserIDs"), self.typing.index(who))
            self.typing.remove(who)
        return self.conv(self.sub("Conversation", "typingIndicatorReceived", Struct("TypingEvent", [
            ("userID", q(who)), ("isTyping", Raw("true" if on else "false"))])))

    @noise
    def scrolled(self, off):
        self.offset = off
        self.set(("conversation", "scrollOffset"), num(off))
        return self.conv(self.sub("Conversation", "scrolled", offset=R(off)))

    @noise
    def image_progress(self, mid, p):
        self.set(self.mpath(mid, "image", "progress"), num(p))
        return self.row(mid, self.sub("MessageRow", "imageLoadProgress", R(p)))

    # -- either
    @either
    def composer_typed(self, s):
        self.set(("conversation", "composer", "text"), text(s))
        return self.composer(self.binding("Composer", "text", q(s)))

    # -- signal
    @signal
    def task(self):
        return self.conv(self.sub("Conversation", "task"))

    @signal
    def scene_phase(self, ph):
        self.foreground = ph == "active"
        self.set(("scenePhase",), self.phase(ph))
        return self.act("scenePhaseChanged", A("ScenePhase", ph))

    @signal
    def connection_changed(self, st):
        self.connected = st == "connected"
        self.set(("connection",), self.case(st, "ConnectionState"))
        return self.act("connectionStateChanged", A("ConnectionState", st))

    @signal
    def message_received(self, who, body, image):
        mid = self.uid()
        if who in self.typing:
            self.remove_at(("conversation", "typingUserIDs"), self.typing.index(who))
            self.typing.remove(who)
        self.append(("conversation", "messages"), self.message_state(mid, who, body, self.now, image))
        if self.foreground and self.offset < 200:
            self.set(("conversation", "lastReadMessageID"), self.uuid_value(mid))
        if image:
            self.images.add(mid)
        return self.conv(self.sub("Conversation", "messageReceived", Struct("Message", [
            ("id", self.uuid_raw(mid)), ("sender", q(who)), ("text", q(body)), ("sentAt", self.date_raw()),
            ("attachments", R(1 if image else 0))])))

    @signal
    def sync_response(self, n):
        for _ in range(n):
            mid = self.uid()
            self.append(("conversation", "messages"), self.message_state(
                mid, self.rng.choice(self.people), self.rng.choice(LINES), self.now - self.rng.uniform(1, 60), False))
        return self.conv(self.sub("Conversation", "syncResponse", self.result("SyncBatch", True, Struct(
            "SyncBatch", [("missedMessages", R(n)), ("cursor", q(self.uid()[:8]))]))))

    @signal
    def send_tapped(self):
        self.set(("conversation", "composer", "text"), text(""))
        self.set(("conversation", "composer", "isSending"), boolean(True))
        return self.composer(self.sub("Composer", "sendButtonTapped"))

    @signal
    def composer_delegate(self, body):
        mid = self.uid()
        self.mine[mid] = "sending"
        st = self.message_state(mid, self.me, body, self.now, False)
        st.f["status"] = self.case("sending", "MessageStatus")
        self.append(("conversation", "messages"), st)
        self.set(("conversation", "lastReadMessageID"), self.uuid_value(mid))
        self.last_sent = mid
        return self.composer(self.delegate("Composer", "sendMessage", q(body)))

    @signal
    def send_response(self, mid, ok):
        self.set(("conversation", "composer", "isSending"), boolean(False))
        self.mine[mid] = "sent" if ok else "failed"
        self.set(self.mpath(mid, "status"), self.case(self.mine[mid], "MessageStatus"))
        if ok:
            payload = Struct("SentMessage", [("id", self.uuid_raw(mid)), ("serverTimestamp", self.date_raw())])
        else:
            payload = Struct("URLError", [("code", Raw("-1001")), ("description", q("The request timed out."))])
        return self.conv(self.sub("Conversation", "sendResponse", self.result("SentMessage", ok, payload)))

    @signal
    def read_receipts(self, who):
        n = 0
        for mid, s in list(self.mine.items()):
            if s == "sent":
                self.mine[mid] = "read"
                self.set(self.mpath(mid, "status"), self.case("read", "MessageStatus"))
                n += 1
        return self.conv(self.sub("Conversation", "readReceiptsReceived", Struct("ReadReceiptBatch", [
            ("readerID", q(who)), ("messageCount", R(n)), ("readAt", self.date_raw())])))

    @signal
    def reaction_tapped(self, mid, emoji):
        reactions = self.get(self.mpath(mid, "reactions"))
        n = int(reactions.d[emoji].cd) if emoji in reactions.d else 0
        self.put(self.mpath(mid, "reactions"), emoji, num(n + 1))
        return self.row(mid, self.sub("MessageRow", "reactionTapped", emoji=q(emoji)))

    @signal
    def image_loaded(self, mid):
        self.images.discard(mid)
        self.set(self.mpath(mid, "image"), St("ImageAttachment", [("progress", num(1.0)), ("isLoaded", boolean(True))]))
        w, h = self.rng.choice([(1170, 2532), (4032, 3024), (1080, 1080), (640, 480)])
        return self.row(mid, self.sub("MessageRow", "imageResponse", self.result("ImageInfo", True, Struct(
            "ImageInfo", [("width", R(w)), ("height", R(h)), ("bytes", R(self.rng.randint(80000, 2400000)))]))))

    @signal
    def image_tapped(self, mid):
        self.sheet = True
        self.set(("conversation", "destination"), En("Conversation.Destination.State", "imageViewer", St(
            self.st("ImageViewer"), [("messageID", self.uuid_value(mid)), ("zoom", num(1.0))])))
        return self.row(mid, self.sub("MessageRow", "imageTapped"))

    @signal
    def dismiss_viewer(self):
        self.sheet = False
        self.set(("conversation", "destination"), NIL)
        return self.conv(self.sub("Conversation", "destination", self.dismiss("Conversation.Destination")))

    @signal
    def load_older(self):
        return self.conv(self.sub("Conversation", "loadOlderMessages"))

    @signal
    def older_response(self):
        pages = int(self.get(("conversation", "olderPagesLoaded")).cd) + 1
        self.set(("conversation", "olderPagesLoaded"), num(pages))
        return self.conv(self.sub("Conversation", "olderMessagesResponse", self.result("MessagePage", True, Struct(
            "MessagePage", [("count", R(30)), ("hasMore", Raw("true" if pages < 5 else "false"))]))))

    # -- processes
    def processes(self):
        return [self.life(), self.network(), self.others(), self.receipts(), self.user(),
                self.periodic(self.heartbeat, 10.0, 0.25, when=lambda: self.connected)]

    def life(self):
        rng = self.rng
        yield 0.02
        self.emit(self.task)
        while True:
            yield rng.uniform(120, 360)
            self.emit(self.scene_phase, "inactive")
            yield rng.uniform(0.2, 0.6)
            self.emit(self.scene_phase, "background")
            yield rng.uniform(1, 5)
            if self.connected:
                self.emit(self.connection_changed, "disconnected")
            yield rng.uniform(20, 150)
            self.emit(self.scene_phase, "inactive")
            yield rng.uniform(0.1, 0.3)
            self.emit(self.scene_phase, "active")
            yield from self.reconnect()

    def reconnect(self):
        rng = self.rng
        yield rng.uniform(0.05, 0.3)
        self.emit(self.connection_changed, "connecting")
        yield rng.uniform(0.3, 2.5)
        self.emit(self.connection_changed, "connected")
        self.after(rng.uniform(0.2, 0.8), self.sync_response, rng.randint(1, 6))

    def network(self):
        """Flaky mobile network: the socket drops now and then and reconnects."""
        rng = self.rng
        while True:
            yield self.expo(240.0)
            if self.connected and self.foreground:
                self.emit(self.connection_changed, "disconnected")
                yield rng.uniform(1, 12)
                if self.foreground and not self.connected:
                    yield from self.reconnect()

    def others(self):
        """The others write: busy phases (a message every few seconds) and calm ones;
        everyone's typing indicator arrives at 2-5 Hz while they type."""
        rng = self.rng
        busy = False
        end = 0.0
        while True:
            if self.now >= end:
                busy = not busy
                end = self.now + rng.uniform(*((90, 300) if busy else (20, 90)))
            yield self.expo(rng.uniform(2.0, 5.0) if busy else rng.uniform(15, 60))
            if self.connected:
                self.spawn(self.write(rng.choice(self.people), rng.choice(LINES), rng.random() < 0.15))

    def write(self, who, body, image):
        rng = self.rng
        hz = rng.uniform(2.0, 5.0)
        secs = min(8.0, 0.6 + len(body) / rng.uniform(4.0, 8.0))
        for _ in range(max(1, int(secs * hz))):
            if not self.connected:
                return
            self.emit(self.typing_push, who, True)
            yield (1.0 / hz) * rng.uniform(0.8, 1.2)
        if rng.random() < 0.08:       # gave up
            self.emit(self.typing_push, who, False)
            return
        yield rng.uniform(0.05, 0.4)
        if not self.connected:
            return
        self.emit(self.message_received, who, body, image)
        if image:
            self.spawn(self.load_image(self.msgs[-1]))

    def load_image(self, mid):
        rng = self.rng
        p = 0.0
        step = rng.uniform(0.08, 0.3)
        while True:
            yield rng.uniform(0.08, 0.25)
            p = round(min(1.0, p + step * rng.uniform(0.5, 1.5)), 2)
            if p >= 1.0:
                break
            self.emit(self.image_progress, mid, p)
        yield rng.uniform(0.02, 0.1)
        self.emit(self.image_loaded, mid)

    def receipts(self):
        rng = self.rng
        while True:
            yield self.expo(12.0)
            if self.connected and any(s == "sent" for s in self.mine.values()):
                self.emit(self.read_receipts, rng.choice(self.people))

    def user(self):
        rng = self.rng
        think = self.think((1.5, 4.0), (8.0, 25.0), (60, 200), (20, 90))
        yield rng.uniform(1.0, 3.0)
        while True:
            yield next(think)
            if not self.foreground:
                continue
            r = rng.random()
            if r < 0.38:    # write and send
                body = rng.choice(MINE + LINES)
                for k in range(1, len(body) + 1):
                    self.emit(self.composer_typed, body[:k])
                    yield rng.uniform(0.08, 0.35)
                yield rng.uniform(0.2, 1.2)
                self.emit(self.send_tapped)
                self.emit(self.composer_delegate, body)
                mid = self.last_sent
                if self.connected:
                    ok = rng.random() > 0.03
                    self.after(rng.uniform(0.1, 0.7) if ok else 10.0, self.send_response, mid, ok)
                else:
                    self.after(rng.uniform(0.5, 1.5), self.send_response, mid, False)
            elif r < 0.68:   # scroll the message list (1-3 flicks), maybe up to the top
                for _ in range(rng.randint(1, 3)):
                    speed = rng.uniform(-40, 25)
                    yield from self.gesture(self.scrolled, args=lambda k: (
                        round(max(0.0, self.offset - speed * rng.uniform(0.6, 1.3)), 1),))
                    if self.offset > 2400 and rng.random() < 0.5:
                        self.emit(self.load_older)
                        self.after(rng.uniform(0.2, 0.9), self.older_response)
                    yield rng.uniform(0.4, 3.0)
            elif r < 0.86:   # react to a recent message
                mid = rng.choice(self.msgs[-8:])
                self.emit(self.reaction_tapped, mid, rng.choice(EMOJI))
            elif r < 0.92:   # open an image
                done = [m for m in self.msgs if m not in self.images and self.get(self.mpath(m, "image")) is not NIL]
                if done:
                    self.emit(self.image_tapped, rng.choice(done))
                    yield rng.uniform(2.0, 12.0)
                    if self.sheet:
                        self.emit(self.dismiss_viewer)
            else:            # start typing, then think better of it
                body = rng.choice(MINE)
                for k in range(1, rng.randint(2, len(body)) + 1):
                    self.emit(self.composer_typed, body[:k])
                    yield rng.uniform(0.1, 0.4)
                yield rng.uniform(0.5, 3.0)
                self.emit(self.composer_typed, "")


# ========================================================================== fitness

PINS = ["Viewpoint", "Water fountain", "Trailhead", "Café Kiosk", "Bridge", "Summit", "Parking",
        "Boathouse", "Old Mill", "Picnic Area", "Lighthouse", "Forest Gate"]


class Fitness(TCAApp):
    """A workout tracker: a map with pins, recording with location, heading, heart rate
    and an elapsed-time timer, km splits, a summary sheet."""

    name = "fitness"
    module = "Trails"
    process = "Trails"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        self.lat, self.lon = rng.choice([(52.520008, 13.404954), (47.376887, 8.541694),
                                         (37.774929, -122.419416), (59.329323, 18.068581)])
        self.course = rng.uniform(0, 360)
        self.heading = self.course
        self.ride = rng.random() < 0.35
        self.status = "idle"
        self.elapsed = 0
        self.distance = 0.0
        self.lap_start = 0
        self.laps = 0
        self.hr = rng.randint(70, 90)
        self.foreground = True
        self.pins = [(rng.randint(100, 999), p) for p in rng.sample(PINS, rng.randint(6, 10))]
        self.pin_sheet = None
        self.summary = False
        self.span = 0.02
        self.center = [self.lat, self.lon]
        self.busy = True
        self.state = St(self.st("AppFeature"), [
            ("workout", St(self.st("Workout"), [
                ("status", self.case("idle", "WorkoutStatus")),
                ("activity", self.case("ride" if self.ride else "run", "Activity")),
                ("elapsedSeconds", num(0)), ("distanceMeters", num(0.0)), ("location", NIL),
                ("heading", num(round(self.heading, 1))), ("heartRate", NIL), ("splits", Arr()),
                ("routePointCount", num(0))])),
            ("map", St(self.st("Map"), [
                ("region", self.region_state()), ("isFollowingUser", boolean(True)),
                ("pins", Arr(St("Pin", [("id", num(i)), ("title", text(t))]) for i, t in self.pins)),
                ("selectedRouteID", NIL), ("destination", NIL)])),
            ("destination", NIL),
            ("isHealthAuthorized", boolean(False)),
            ("scenePhase", self.phase("active"))])

    def region_state(self):
        return St("Region", [("latitude", num(round(self.center[0], 6))), ("longitude", num(round(self.center[1], 6))),
                             ("span", num(round(self.span, 5)))])

    def region_raw(self):
        return Struct("MKCoordinateRegion", [
            ("center", Struct("CLLocationCoordinate2D", [("latitude", R(round(self.center[0], 6))),
                                                          ("longitude", R(round(self.center[1], 6)))])),
            ("span", Struct("MKCoordinateSpan", [("latitudeDelta", R(round(self.span, 5))),
                                                  ("longitudeDelta", R(round(self.span * 1.4, 5)))]))])

    # -- helpers
    def wo(self, inner):
        return self.act("workout", inner)

    def mp(self, inner):
        return self.act("map", inner)

    def pin_details(self, inner):
        return self.mp(self.sub("Map", "destination", self.presented(
            "Map.Destination", self.dest("Map.Destination", "pinDetails", inner))))

    def summary_action(self, inner):
        return self.act("destination", self.presented(
            "AppFeature.Destination", self.dest("AppFeature.Destination", "summary", inner)))

    def set_status(self, s):
        self.status = s
        self.set(("workout", "status"), self.case(s, "WorkoutStatus"))

    # -- noise
    @noise
    def location_updated(self):
        rng = self.rng
        speed = (rng.uniform(5.5, 8.0) if self.ride else rng.uniform(2.6, 3.6))
        self.course = (self.course + rng.uniform(-12, 12)) % 360
        d = speed * rng.uniform(0.95, 1.05)
        self.lat += d * math.cos(math.radians(self.course)) / 111320.0
        self.lon += d * math.sin(math.radians(self.course)) / (111320.0 * math.cos(math.radians(self.lat)))
        self.distance = round(self.distance + d, 1)
        lat, lon = round(self.lat, 6), round(self.lon, 6)
        self.set(("workout", "location"), St("Coordinate", [("latitude", num(lat)), ("longitude", num(lon))]))
        self.set(("workout", "distanceMeters"), num(self.distance))
        pts = int(self.get(("workout", "routePointCount")).cd) + 1
        self.set(("workout", "routePointCount"), num(pts))
        if self.get(("map", "isFollowingUser")).cd == "true":
            self.center = [lat, lon]
            self.set(("map", "region"), self.region_state())
        return self.wo(self.sub("Workout", "locationUpdated", Struct("Location", [
            ("latitude", R(lat)), ("longitude", R(lon)), ("altitude", R(round(rng.uniform(30, 60), 1))),
            ("horizontalAccuracy", R(round(rng.uniform(3, 12), 1))), ("speed", R(round(speed, 2))),
            ("course", R(round(self.course, 1)))])))

    @noise
    def heading_updated(self):
        drift = 6.0 if self.status == "recording" else 1.5
        self.heading = (self.heading + self.rng.gauss(0, drift)) % 360
        h = round(self.heading, 1)
        self.set(("workout", "heading"), num(h))
        return self.wo(self.sub("Workout", "headingUpdated", Struct("Heading", [
            ("trueHeading", R(h)), ("headingAccuracy", R(float(self.rng.choice([5, 10, 15, 20]))))])))

    @noise
    def heart_rate(self):
        target = 150 if self.status == "recording" else 100
        self.hr = int(max(60, min(195, self.hr + (target - self.hr) * 0.05 + self.rng.gauss(0, 1.5))))
        self.set(("workout", "heartRate"), num(self.hr))
        return self.wo(self.sub("Workout", "heartRateSample", Struct("HeartRateSample", [
            ("bpm", R(self.hr)), ("source", q("Polar H10 8C4F2A1B"))])))

    @noise
    def timer_ticked(self):
        self.elapsed += 1
        self.set(("workout", "elapsedSeconds"), num(self.elapsed))
        return self.wo(self.sub("Workout", "timerTicked"))

    @noise
    def region_changed(self, dlat, dlon, zoom):
        self.center[0] += dlat
        self.center[1] += dlon
        self.span = min(0.5, max(0.002, self.span * zoom))
        self.set(("map", "isFollowingUser"), boolean(False))
        self.set(("map", "region"), self.region_state())
        return self.mp(self.sub("Map", "regionChanged", self.region_raw()))

    # -- signal
    @signal
    def task(self):
        return self.act("task")

    @signal
    def health_response(self):
        self.set(("isHealthAuthorized",), boolean(True))
        return self.act("healthAuthorizationResponse", self.result("Bool", True, Raw("true")))

    @signal
    def map_task(self):
        return self.mp(self.sub("Map", "task"))

    @signal
    def pins_response(self):
        return self.mp(self.sub("Map", "pinsResponse", self.result("PinPage", True, Struct("PinPage", [
            ("count", R(len(self.pins))), ("region", q("%.3f,%.3f" % (self.lat, self.lon)))]))))

    @signal
    def scene_phase(self, ph):
        self.foreground = ph == "active"
        self.set(("scenePhase",), self.phase(ph))
        return self.act("scenePhaseChanged", A("ScenePhase", ph))

    @signal
    def recenter(self):
        self.center = [round(self.lat, 6), round(self.lon, 6)]
        self.set(("map", "isFollowingUser"), boolean(True))
        self.set(("map", "region"), self.region_state())
        return self.mp(self.sub("Map", "recenterButtonTapped"))

    @signal
    def start_tapped(self):
        self.set_status("recording")
        self.elapsed, self.distance, self.lap_start, self.laps = 0, 0.0, 0, 0
        return self.wo(self.sub("Workout", "startButtonTapped"))

    @signal
    def pause_tapped(self):
        self.set_status("paused")
        return self.wo(self.sub("Workout", "pauseButtonTapped"))

    @signal
    def resume_tapped(self):
        self.set_status("recording")
        return self.wo(self.sub("Workout", "resumeButtonTapped"))

    @signal
    def finish_tapped(self):
        self.set_status("finished")
        return self.wo(self.sub("Workout", "finishButtonTapped"))

    @signal
    def lap_completed(self):
        self.laps += 1
        dur = self.elapsed - self.lap_start
        self.lap_start = self.elapsed
        self.append(("workout", "splits"), St("Split", [("index", num(self.laps)), ("seconds", num(dur)),
                                                        ("averageHeartRate", num(self.hr))]))
        return self.wo(self.sub("Workout", "lapCompleted", Struct("Split", [
            ("index", R(self.laps)), ("distance", R(1000.0)), ("duration", R(float(dur))),
            ("averageHeartRate", R(self.hr))])))

    @signal
    def workout_delegate(self):
        self.summary = True
        self.set(("destination",), En("AppFeature.Destination.State", "summary", St(self.st("Summary"), [
            ("distanceMeters", num(self.distance)), ("elapsedSeconds", num(self.elapsed)),
            ("isSaving", boolean(False))])))
        return self.wo(self.delegate("Workout", "didFinish", Struct("WorkoutSummary", [
            ("distance", R(self.distance)), ("duration", R(float(self.elapsed))), ("splits", R(self.laps)),
            ("activity", Raw(".ride" if self.ride else ".run"))])))

    @signal
    def summary_save(self):
        self.set(("destination", ("e", "summary"), "isSaving"), boolean(True))
        return self.summary_action(self.sub("Summary", "saveButtonTapped"))

    @signal
    def summary_saved(self):
        if not self.summary:
            return None
        self.set(("destination", ("e", "summary"), "isSaving"), boolean(False))
        return self.summary_action(self.sub("Summary", "saveResponse", self.result("HKWorkout", True, Struct(
            "SavedWorkout", [("uuid", self.uuid_raw(self.uid())), ("samples", R(self.elapsed))]))))

    @signal
    def summary_dismiss(self):
        self.summary = False
        self.set(("destination",), NIL)
        self.set_status("idle")
        self.set(("workout", "elapsedSeconds"), num(0))
        self.set(("workout", "distanceMeters"), num(0.0))
        self.set(("workout", "splits"), Arr())
        self.set(("workout", "routePointCount"), num(0))
        self.set(("workout", "heartRate"), NIL)
        return self.act("destination", self.dismiss("AppFeature.Destination"))

    @signal
    def pin_tapped(self, k):
        pid, title = self.pins[k]
        self.pin_sheet = k
        self.set(("map", "destination"), En("Map.Destination.State", "pinDetails", St(self.st("PinDetails"), [
            ("pinID", num(pid)), ("title", text(title)), ("info", NIL)])))
        return self.mp(self.sub("Map", "pinTapped", id=R(pid)))

    @signal
    def pin_info(self):
        if self.pin_sheet is None:
            return None
        elev = self.rng.randint(20, 400)
        self.set(("map", "destination", ("e", "pinDetails"), "info"), St("PinInfo", [
            ("elevation", num(elev)), ("surface", text(self.rng.choice(["paved", "gravel", "trail"])))]))
        return self.pin_details(self.sub("PinDetails", "infoResponse", self.result("PinInfo", True, Struct(
            "PinInfo", [("elevation", R(elev)), ("rating", R(round(self.rng.uniform(3.5, 5.0), 1)))]))))

    @signal
    def pin_route_tapped(self):
        return self.pin_details(self.sub("PinDetails", "routeHereButtonTapped"))

    @signal
    def pin_delegate(self):
        pid = self.pins[self.pin_sheet][0]
        self.set(("map", "selectedRouteID"), num(pid))
        return self.pin_details(self.delegate("PinDetails", "routeSelected", id=R(pid)))

    @signal
    def pin_dismiss(self):
        self.pin_sheet = None
        self.set(("map", "destination"), NIL)
        return self.mp(self.sub("Map", "destination", self.dismiss("Map.Destination")))

    # -- processes
    def processes(self):
        rec = lambda: self.status == "recording"
        return [self.life(), self.user(), self.gps(),
                self.periodic(self.timer_ticked, 1.0, 0.003, when=rec),
                self.periodic(self.heart_rate, 1.0, 0.08, when=lambda: self.status in ("recording", "paused")),
                self.periodic(self.heading_updated, 1.0 / self.rng.uniform(10, 15), 0.01,
                              when=lambda: self.foreground and not self.summary)]

    def gps(self):
        yield self.rng.uniform(0, 1)
        while True:
            if self.status == "recording":
                self.emit(self.location_updated)
                if self.distance >= (self.laps + 1) * 1000.0:
                    yield self.rng.uniform(0.002, 0.02)
                    self.emit(self.lap_completed)
            yield 1.0 + self.rng.uniform(-0.05, 0.05)

    def life(self):
        rng = self.rng
        yield 0.03
        self.emit(self.task)
        yield rng.uniform(0.001, 0.01)
        self.emit(self.map_task)
        self.after(rng.uniform(0.1, 0.5), self.health_response)
        self.after(rng.uniform(0.3, 1.5), self.pins_response)

    def lock(self):
        self.emit(self.scene_phase, "inactive")
        yield self.rng.uniform(0.2, 0.5)
        self.emit(self.scene_phase, "background")

    def unlock(self):
        self.emit(self.scene_phase, "inactive")
        yield self.rng.uniform(0.1, 0.3)
        self.emit(self.scene_phase, "active")

    def pan(self, n=None):
        rng = self.rng
        for _ in range(n or rng.randint(1, 4)):
            dlat, dlon = rng.uniform(-0.0004, 0.0004), rng.uniform(-0.0004, 0.0004)
            zoom = 1.0 if rng.random() < 0.6 else rng.choice([0.985, 1.015])
            yield from self.gesture(self.region_changed, args=(dlat, dlon, zoom))
            yield rng.uniform(0.4, 3.0)

    def browse(self):
        """Before a workout: look at the map, open a pin, maybe pick a route there."""
        rng = self.rng
        think = self.think((1.5, 4.0), (4.0, 10.0), (20, 60), (10, 30))
        until = self.now + rng.uniform(20, 90)
        while self.now < until:
            yield next(think)
            r = rng.random()
            if r < 0.5:
                yield from self.pan()
            elif r < 0.8:
                self.emit(self.pin_tapped, rng.randrange(len(self.pins)))
                self.after(rng.uniform(0.2, 0.8), self.pin_info)
                yield rng.uniform(2.0, 10.0)
                if rng.random() < 0.5:
                    self.emit(self.pin_route_tapped)
                    self.emit(self.pin_delegate)
                self.emit(self.pin_dismiss)
            else:
                self.emit(self.recenter)

    def user(self):
        rng = self.rng
        yield rng.uniform(1.0, 3.0)
        while True:
            yield from self.browse()
            if self.session.end - self.now < 60:
                yield from self.pan(2)
                continue
            if self.get(("map", "isFollowingUser")).cd != "true":
                self.emit(self.recenter)
                yield rng.uniform(0.5, 2.0)
            self.emit(self.start_tapped)
            left = self.session.end - self.now
            finish_at = self.now + min(rng.uniform(240, 1800), left * rng.uniform(0.6, 0.9))
            yield rng.uniform(5, 20)
            yield from self.lock()
            while self.now < finish_at:
                yield min(rng.uniform(40, 200), max(1.0, finish_at - self.now))   # pocket
                if self.now >= finish_at:
                    break
                yield from self.unlock()
                yield rng.uniform(1.0, 4.0)
                r = rng.random()
                if r < 0.35:   # traffic light
                    self.emit(self.pause_tapped)
                    yield rng.uniform(10, 60)
                    self.emit(self.resume_tapped)
                elif r < 0.65:
                    yield from self.pan(rng.randint(1, 2))
                    if rng.random() < 0.7:
                        self.emit(self.recenter)
                yield rng.uniform(2.0, 10.0)
                yield from self.lock()
            if not self.foreground:
                yield from self.unlock()
                yield rng.uniform(1.0, 3.0)
            self.emit(self.finish_tapped)
            self.emit(self.workout_delegate)
            yield rng.uniform(3.0, 15.0)
            self.emit(self.summary_save)
            self.after(rng.uniform(0.3, 1.2), self.summary_saved)
            yield rng.uniform(2.0, 6.0)
            self.emit(self.summary_dismiss)


# =========================================================================== editor

TOOLS = ["pen", "pencil", "marker", "eraser", "lasso", "fill"]
TITLES = ["Storyboard v2", "Logo ideas", "Sketch 14", "Floor plan", "Birthday card"]


class Editor(TCAApp):
    """A drawing app: a canvas with strokes, pinch zoom and pencil hover, a toolbar,
    layer rows with thumbnails, undo/redo, autosave, export."""

    name = "editor"
    module = "Sketchbook"
    process = "Sketchbook"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        self.layers = [self.uid() for _ in range(rng.randint(2, 4))]
        self.selected = self.layers[-1]
        self.tool = "pen"
        self.zoom = 1.0
        self.strokes = 0
        self.undo = 0
        self.redo = 0
        self.dirty = False
        self.saving = False
        self.stroke = None
        self.hovering = False
        self.foreground = True
        self.sheet = False
        self.busy = True
        self.title = rng.choice(TITLES)
        self.state = St(self.st("AppFeature"), [
            ("document", St(self.st("Document"), [
                ("title", text(self.title)), ("isDirty", boolean(False)), ("isSaving", boolean(False)),
                ("lastSavedAt", NIL), ("strokeCount", num(0)),
                ("layers", Arr(self.layer_state(l, "Layer %d" % (k + 1)) for k, l in enumerate(self.layers))),
                ("selectedLayerID", self.uuid_value(self.selected)),
                ("undoDepth", num(0)), ("redoDepth", num(0))])),
            ("canvas", St(self.st("Canvas"), [
                ("tool", self.case("pen", "Tool")), ("zoom", num(1.0)), ("hoverLocation", NIL),
                ("activeStroke", NIL)])),
            ("destination", NIL),
            ("scenePhase", self.phase("active"))])

    def layer_state(self, lid, name):
        return St(self.st("LayerRow"), [("id", self.uuid_value(lid)), ("name", text(name)),
                                        ("isVisible", boolean(True)), ("thumbnailVersion", num(0))])

    # -- helpers
    def doc(self, inner):
        return self.act("document", inner)

    def cv(self, inner):
        return self.act("canvas", inner)

    def layer(self, lid, inner):
        return self.doc(self.sub("Document", "layers", self.element("LayerRow", self.uuid_raw(lid), inner)))

    def lpath(self, lid, *rest):
        return ("document", "layers", ("i", self.layers.index(lid))) + rest

    def point(self, x, y):
        return Struct("CGPoint", [("x", R(x)), ("y", R(y))])

    def mark_dirty(self):
        self.dirty = True
        self.set(("document", "isDirty"), boolean(True))
        self.set(("document", "undoDepth"), num(self.undo))
        self.set(("document", "redoDepth"), num(self.redo))
        self.set(("document", "strokeCount"), num(self.strokes))

    # -- noise
    @noise
    def drag_changed(self, x, y, p):
        if self.stroke is None:
            self.stroke = 0
        self.stroke += 1
        self.set(("canvas", "activeStroke"), St("Stroke", [("pointCount", num(self.stroke)),
                                                           ("last", St("Point", [("x", num(x)), ("y", num(y))]))]))
        return self.cv(self.sub("Canvas", "dragChanged", Struct("DrawingSample", [
            ("location", self.point(x, y)), ("pressure", R(p)),
            ("azimuth", R(round(self.rng.uniform(0.4, 1.2), 3)))])))

    @noise
    def magnification(self, z):
        self.zoom = z
        self.set(("canvas", "zoom"), num(z))
        return self.cv(self.sub("Canvas", "magnificationChanged", R(z)))

    @noise
    def hovered(self, x, y):
        self.hovering = True
        self.set(("canvas", "hoverLocation"), St("Point", [("x", num(x)), ("y", num(y))]))
        return self.cv(self.sub("Canvas", "pointerHovered", self.point(x, y)))

    @noise
    def hover_ended(self):
        self.hovering = False
        self.set(("canvas", "hoverLocation"), NIL)
        return self.cv(self.sub("Canvas", "hoverEnded"))

    @noise
    def thumbnail(self, lid):
        if lid not in self.layers:
            return None
        v = int(self.get(self.lpath(lid, "thumbnailVersion")).cd) + 1
        self.set(self.lpath(lid, "thumbnailVersion"), num(v))
        return self.layer(lid, self.sub("LayerRow", "thumbnailRendered", Struct("Thumbnail", [
            ("version", R(v)), ("width", R(128)), ("height", R(96)),
            ("renderMilliseconds", R(round(self.rng.uniform(4, 40), 1)))])))

    @noise
    def autosave_tick(self):
        if self.dirty and not self.saving:
            self.saving = True
            self.set(("document", "isSaving"), boolean(True))
            self.after(self.rng.uniform(0.2, 1.5), self.save_response)
        return self.doc(self.sub("Document", "autosaveTimerFired"))

    # -- either
    @either
    def title_typed(self, s):
        self.title = s
        self.set(("document", "title"), text(s))
        return self.doc(self.binding("Document", "title", q(s)))

    # -- signal
    @signal
    def task(self):
        return self.doc(self.sub("Document", "task"))

    @signal
    def scene_phase(self, ph):
        self.foreground = ph == "active"
        self.set(("scenePhase",), self.phase(ph))
        return self.act("scenePhaseChanged", A("ScenePhase", ph))

    @signal
    def drag_ended(self):
        self.stroke = None
        self.strokes += 1
        self.undo += 1
        self.redo = 0
        self.set(("canvas", "activeStroke"), NIL)
        self.mark_dirty()
        return self.cv(self.sub("Canvas", "dragEnded"))

    @signal
    def tool_picked(self, tool):
        self.tool = tool
        self.set(("canvas", "tool"), self.case(tool, "Tool"))
        return self.act("toolbar", self.sub("Toolbar", "toolPicked", A("Tool", tool)))

    @signal
    def undo_tapped(self):
        if self.undo == 0:
            return self.act("undoButtonTapped")   # disabled in the UI, but the shortcut still sends it
        self.undo -= 1
        self.redo += 1
        self.strokes -= 1
        self.mark_dirty()
        return self.act("undoButtonTapped")

    @signal
    def redo_tapped(self):
        if self.redo:
            self.redo -= 1
            self.undo += 1
            self.strokes += 1
            self.mark_dirty()
        return self.act("redoButtonTapped")

    @signal
    def layer_tapped(self, lid):
        self.selected = lid
        self.set(("document", "selectedLayerID"), self.uuid_value(lid))
        return self.layer(lid, self.sub("LayerRow", "tapped"))

    @signal
    def visibility_toggled(self, lid):
        on = self.get(self.lpath(lid, "isVisible")).cd == "true"
        self.set(self.lpath(lid, "isVisible"), boolean(not on))
        self.dirty = True
        self.set(("document", "isDirty"), boolean(True))
        return self.layer(lid, self.sub("LayerRow", "visibilityToggled"))

    @signal
    def add_layer(self):
        lid = self.uid()
        self.layers.append(lid)
        self.append(("document", "layers"), self.layer_state(lid, "Layer %d" % len(self.layers)))
        self.selected = lid
        self.set(("document", "selectedLayerID"), self.uuid_value(lid))
        return self.doc(self.sub("Document", "addLayerButtonTapped"))

    @signal
    def save_tapped(self):
        if not self.saving:
            self.saving = True
            self.set(("document", "isSaving"), boolean(True))
            self.after(self.rng.uniform(0.2, 1.2), self.save_response)
        return self.doc(self.sub("Document", "saveButtonTapped"))

    @signal
    def save_response(self):
        self.saving = False
        self.dirty = False
        self.set(("document", "isSaving"), boolean(False))
        self.set(("document", "isDirty"), boolean(False))
        self.set(("document", "lastSavedAt"), self.date())
        return self.doc(self.sub("Document", "saveResponse", self.result("SaveReceipt", True, Struct("SaveReceipt", [
            ("bytes", R(40000 + 2100 * self.strokes + self.rng.randint(0, 999))),
            ("version", R(self.strokes)), ("savedAt", self.date_raw())]))))

    @signal
    def export_tapped(self):
        self.sheet = True
        self.set(("destination",), En("AppFeature.Destination.State", "export", St(self.st("Export"), [
            ("format", self.case("png", "ExportFormat")), ("isExporting", boolean(False))])))
        return self.act("exportButtonTapped")

    def export_action(self, inner):
        return self.act("destination", self.presented("AppFeature.Destination",
                                                      self.dest("AppFeature.Destination", "export", inner)))

    @signal
    def export_format(self, fmt):
        self.set(("destination", ("e", "export"), "format"), self.case(fmt, "ExportFormat"))
        return self.export_action(self.sub("Export", "formatPicked", A("ExportFormat", fmt)))

    @signal
    def export_confirm(self):
        self.set(("destination", ("e", "export"), "isExporting"), boolean(True))
        return self.export_action(self.sub("Export", "exportButtonTapped"))

    @signal
    def export_response(self):
        if not self.sheet:
            return None
        self.set(("destination", ("e", "export"), "isExporting"), boolean(False))
        return self.export_action(self.sub("Export", "exportResponse", self.result("URL", True, Raw(
            "URL(file:///private/var/mobile/tmp/%s.png)" % self.title.replace(" ", "%20")))))

    @signal
    def export_dismiss(self):
        self.sheet = False
        self.set(("destination",), NIL)
        return self.act("destination", self.dismiss("AppFeature.Destination"))

    # -- processes
    def processes(self):
        return [self.life(), self.user(),
                self.periodic(self.autosave_tick, 30.0, 0.02, first=30.0, when=lambda: self.foreground)]

    def life(self):
        rng = self.rng
        yield 0.03
        self.emit(self.task)
        while True:
            yield rng.uniform(150, 420)
            self.emit(self.scene_phase, "inactive")
            yield rng.uniform(0.2, 0.6)
            self.emit(self.scene_phase, "background")
            yield rng.uniform(20, 120)
            self.emit(self.scene_phase, "inactive")
            yield rng.uniform(0.1, 0.3)
            self.emit(self.scene_phase, "active")

    def draw(self):
        """One stroke: 60 Hz samples along a wobbly line, then the commit and, a moment
        later, the layer's thumbnail."""
        rng = self.rng
        x, y = rng.uniform(80, 900), rng.uniform(80, 700)
        dx, dy = rng.uniform(-9, 9), rng.uniform(-9, 9)
        dur = min(2.5, 0.15 + rng.expovariate(1 / 0.6))

        def sample(k):
            nonlocal x, y, dx, dy
            dx += rng.uniform(-1.5, 1.5)
            dy += rng.uniform(-1.5, 1.5)
            x, y = round(x + dx, 1), round(y + dy, 1)
            return (x, y, round(min(1.0, max(0.05, 0.55 + rng.gauss(0, 0.15))), 3))

        yield from self.gesture(self.drag_changed, hz=rng.uniform(59.5, 60.5), duration=dur, args=sample)
        yield rng.uniform(0.001, 0.004)
        self.emit(self.drag_ended)
        self.after(rng.uniform(0.05, 0.3), self.thumbnail, self.selected)

    def hover(self):
        rng = self.rng
        x, y = rng.uniform(80, 900), rng.uniform(80, 700)

        def at(k):
            nonlocal x, y
            x, y = round(x + rng.uniform(-6, 6), 1), round(y + rng.uniform(-6, 6), 1)
            return (x, y)

        yield from self.gesture(self.hovered, duration=rng.uniform(0.2, 1.5), args=at)
        if rng.random() < 0.6:
            yield rng.uniform(0.01, 0.05)
            self.emit(self.hover_ended)

    def user(self):
        rng = self.rng
        think = self.think((0.5, 2.0), (8.0, 30.0), (30, 120), (60, 240))
        yield rng.uniform(1.0, 4.0)
        while True:
            yield next(think)
            if not self.foreground:
                continue
            r = rng.random()
            if not self.busy and r < 0.45:   # calm: look around instead of drawing
                r = rng.choice([0.6, 0.65, 0.72, 0.72, 0.8, 0.9])
            if r < 0.55:     # draw a few strokes, hovering in between
                for _ in range(rng.randint(1, 5) if self.busy else 1):
                    if rng.random() < 0.3:
                        yield from self.hover()
                    yield from self.draw()
                    yield rng.uniform(0.15, 1.2)
            elif r < 0.63:   # pinch zoom
                z0 = self.zoom
                z1 = round(min(8.0, max(0.25, z0 * rng.uniform(0.5, 2.0))), 2)
                hz = rng.uniform(50, 60)
                n = max(3, int(hz * rng.uniform(0.3, 1.0)))
                yield from self.gesture(self.magnification, hz=hz, duration=n / hz, args=lambda k: (
                    round(z0 + (z1 - z0) * min(1.0, (k + 1) / (n - 1)), 3),))
            elif r < 0.70:
                yield from self.hover()
            elif r < 0.78:
                self.emit(self.tool_picked, rng.choice([t for t in TOOLS if t != self.tool]))
            elif r < 0.87:   # undo (a few in a row with the shortcut), sometimes redo
                for _ in range(rng.randint(1, 4)):
                    self.emit(self.undo_tapped)
                    self.after(rng.uniform(0.05, 0.3), self.thumbnail, self.selected)
                    yield rng.uniform(0.2, 0.7)
                if rng.random() < 0.3:
                    self.emit(self.redo_tapped)
                    self.after(rng.uniform(0.05, 0.3), self.thumbnail, self.selected)
            elif r < 0.93:   # layers
                s = rng.random()
                if s < 0.25 and len(self.layers) < 8:
                    self.emit(self.add_layer)
                elif s < 0.6:
                    self.emit(self.layer_tapped, rng.choice(self.layers))
                else:
                    lid = rng.choice(self.layers)
                    self.emit(self.visibility_toggled, lid)
                    if rng.random() < 0.4:
                        yield rng.uniform(0.8, 4.0)
                        self.emit(self.visibility_toggled, lid)
            elif r < 0.96:
                self.emit(self.save_tapped)
            elif r < 0.98:   # rename the document
                word = rng.choice(TITLES)
                for k in range(len(self.title) - 1, -1, -1):
                    if rng.random() < 0.25:
                        self.emit(self.title_typed, "")
                        break
                    self.emit(self.title_typed, self.title[:k])
                    yield rng.uniform(0.04, 0.12)
                yield rng.uniform(0.3, 1.0)
                for k in range(1, len(word) + 1):
                    self.emit(self.title_typed, word[:k])
                    yield rng.uniform(0.08, 0.35)
            else:            # export
                self.emit(self.export_tapped)
                yield rng.uniform(1.0, 4.0)
                if rng.random() < 0.5:
                    self.emit(self.export_format, rng.choice(["pdf", "png", "svg"]))
                    yield rng.uniform(0.5, 2.0)
                self.emit(self.export_confirm)
                self.after(rng.uniform(0.3, 2.0), self.export_response)
                yield rng.uniform(2.5, 5.0)
                self.emit(self.export_dismiss)


APPS = {cls.name: cls for cls in (Player, Chat, Fitness, Editor)}
