"""author-ad's apps: a meditation app, a shared grocery list and an online poker table.

meditation: a meditation and breathing app (Stillwater). At launch it loads the library,
the streak and the stats. The person browses the library (category filters, a search field
with a debounced search, artwork loading as rows appear), favourites a session, downloads
one (its progress a few times a second) and plays it. While it plays, the audio player
reports its position every second and the chapters change; breathing chapters show a pacer
that animates in and out at about 30 frames a second, which the person can hide. The paired
watch streams the heart rate every few seconds and the app derives heart-rate variability
every 30 s; the watch can become unreachable. The person sometimes pauses, ends a session
early (with a confirmation alert) or lets it finish, then answers a mood check-in (a mood and
an optional note), the stats reload, and they set a daily reminder (toggle, time wheel,
notification permission, scheduling). Later they may run a short breathing exercise.

grocery: a household's shared grocery list (Basket). Two other members open the list now
and then: their presence (joins and leaves, a presence sync every 15 s, typing pings every
couple of seconds while they type, cleared 3 s after the last one) and their edits (items
added, checked off, renamed, quantities changed) are pushed as they happen. The person adds
items with autocomplete suggestions as they type, imports a recipe's ingredients from a URL,
goes to the store, sorts by aisle and checks items off, loses connectivity in the store
(the realtime socket retries on a backoff timer, edits queue up and fail to save), scans a
barcode to check items off (scan to check off: while a barcode is in view the data scanner
reports the recognised items at the camera's frame rate until one is recognised and looked
up), and the queued edits sync when the connection returns. While another member looks at
the list, their scroll position and focused row arrive at up to 10 Hz. Prices are fetched
for the list in batches after it changes. The socket's heartbeat is acknowledged every 30 s;
the app going to the background closes the socket and a sync follows its return.

poker: an online poker table (RiverKing). The lobby's list of tables and their player counts
is refreshed by a 3 s timer; a latency probe runs every 5 s. The person joins a table (pushed
on a navigation stack): hands start, blinds are posted, hole cards dealt, other players'
actions (fold, check, call, raise) arrive from the server, each followed by the pot's update;
a turn timer counts down each second for whoever acts, and the person gets a time-bank warning
when they take too long. The person folds, checks, calls or raises with an amount chosen on a
slider, the community cards are revealed street by street and the hand ends with the winners.
Table chat and emoji reactions stream in (each reaction is removed 3 s later). The person
chats, sends reactions, toggles the chat panel, reviews the hand history (pushed on the stack,
with a replay that steps on a timer), leaves the table, buys chips in the lobby and joins
another table.
"""

import math

from tcasim import A, App, Arr, Dic, En, NIL, Raw, St, Struct, boolean, either, noise, num, q, signal, text

AUTHOR = "author-ad"


def _b(x):
    return Raw("true" if x else "false")


# ============================================================================ meditation

# id, title, minutes, category, chapters (title, start second, breathing?)
CATALOG = [
    ("morning-clarity", "Morning Clarity", 8, "focus",
     [("Arriving", 0, False), ("Box breathing", 75, True), ("Body check-in", 230, False), ("Setting an intention", 380, False)]),
    ("calm-in-5", "Calm in Five", 5, "anxiety",
     [("Settling", 0, False), ("Slow exhale", 60, True), ("Resting awareness", 200, False)]),
    ("body-scan-10", "Body Scan", 10, "sleep",
     [("Lying down", 0, False), ("Feet and legs", 90, False), ("Breathing into the belly", 240, True),
      ("Shoulders and face", 380, False), ("Whole body", 500, False)]),
    ("focus-reset", "Focus Reset", 6, "focus",
     [("Arriving", 0, False), ("Counting breaths", 50, True), ("Noting", 200, False), ("Return", 310, False)]),
    ("deep-sleep", "Drifting Off", 12, "sleep",
     [("Winding down", 0, False), ("4-7-8 breathing", 120, True), ("Body heaviness", 300, False), ("Silence", 540, False)]),
    ("walking-calm", "Walking Calm", 7, "movement",
     [("First steps", 0, False), ("Noticing the feet", 100, False), ("Breath and pace", 220, True), ("Arriving home", 360, False)]),
    ("loving-kindness", "Loving Kindness", 9, "compassion",
     [("Arriving", 0, False), ("Breathing in warmth", 60, True), ("Someone you love", 200, False),
      ("A stranger", 330, False), ("Everyone", 450, False)]),
    ("exam-nerves", "Before the Exam", 4, "anxiety",
     [("Grounding", 0, False), ("Physiological sigh", 45, True), ("Confidence", 160, False)]),
    ("breathe-478", "4-7-8 Breathing", 3, "breathing", [("Breathing", 0, True)]),
    ("box-breathing", "Box Breathing", 4, "breathing", [("Breathing", 0, True)]),
    ("coherent-breath", "Coherent Breathing", 5, "breathing", [("Breathing", 0, True)]),
    ("midday-pause", "Midday Pause", 3, "focus", [("Pause", 0, False), ("Three breaths", 40, True), ("Back to it", 120, False)]),
    ("gratitude", "Three Good Things", 6, "compassion",
     [("Arriving", 0, False), ("First thing", 70, False), ("Second thing", 170, False), ("Breathing thanks", 260, True)]),
    ("commute", "Commute Reset", 5, "anxiety", [("Arriving", 0, False), ("Slow breathing", 60, True), ("Sounds", 190, False)]),
]
FILTERS = ["all", "sleep", "focus", "anxiety", "breathing", "compassion", "movement"]
SEARCHES = ["sleep", "breath", "calm", "focus", "anxiety", "body scan", "morning"]
MOODS = ["calm", "content", "neutral", "restless", "tired", "anxious"]
NOTES = ["felt calmer after", "mind wandered a lot", "neck is tense", "good start to the day", "sleepy"]
PHASES = [("inhale", 4.0), ("hold", 2.0), ("exhale", 6.0)]


class Meditation(App):
    name = "meditation"
    module = "Stillwater"
    process = "Stillwater"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        self.meta = {c[0]: {"fav": rng.random() < 0.15, "dl": rng.random() < 0.2} for c in CATALOG}
        self.by_id = {c[0]: c for c in CATALOG}
        self.shown = []            # the library's rows, in order
        self.token = 0             # which presentation of the player effects belong to
        self.playing = False
        self.pacer_elapsed = 0.0
        self.position = 0
        self.watch_ok = True
        self.active = True
        self.bpm = rng.uniform(70, 82)
        self.resting = False
        self.downloading = set()
        self.state = St(self.st("AppFeature"), [
            ("selectedTab", self.case("library", "AppFeature.Tab")),
            ("library", St(self.st("Library"), [("searchQuery", text("")), ("filter", self.case("all", "Category")),
                                                ("isLoading", boolean(False)), ("sessions", Arr())])),
            ("player", NIL),
            ("checkIn", NIL),
            ("health", St(self.st("Health"), [("isWatchReachable", boolean(True)), ("heartRate", NIL),
                                              ("hrv", NIL), ("lastSampleAt", NIL)])),
            ("reminder", St(self.st("Reminder"), [("isEnabled", boolean(False)), ("time", text("07:30")),
                                                  ("isAuthorized", NIL), ("isScheduled", boolean(False))])),
            ("stats", St(self.st("Stats"), [("streak", num(0)), ("totalMinutes", num(0)),
                                            ("sessionsThisWeek", num(0)), ("isLoading", boolean(True))])),
            ("scenePhase", self.case("active", "ScenePhase")),
        ])

    # -- values and actions
    def download_value(self, sid):
        if sid in self.downloading:
            return En("DownloadState", "downloading", num(0.0), label="progress")
        return En("DownloadState", "downloaded" if self.meta[sid]["dl"] else "notDownloaded")

    def row(self, sid):
        c = self.by_id[sid]
        return St(self.st("SessionRow"), [("id", text(sid)), ("title", text(c[1])), ("minutes", num(c[2])),
                                          ("category", self.case(c[3], "Category")),
                                          ("isFavorite", boolean(self.meta[sid]["fav"])),
                                          ("download", self.download_value(sid)), ("artwork", NIL)])

    def summary(self, sid):
        c = self.by_id[sid]
        return Struct("SessionSummary", [("id", q(sid)), ("title", q(c[1])), ("minutes", Raw(str(c[2])))])

    def lib(self, inner):
        return self.act("library", inner)

    def lrow(self, sid, inner):
        return self.lib(A(self.at("Library"), "sessions", self.element("SessionRow", Raw('"%s"' % sid), inner)))

    def rpath(self, sid, *rest):
        return ("library", "sessions", ("i", self.shown.index(sid))) + rest

    def pres(self, field, feature, inner):
        return self.act(field, A("PresentationAction<%s>" % self.at(feature), "presented", inner))

    def player(self, inner):
        return self.pres("player", "Player", inner)

    def pacer(self, inner):
        return self.player(A(self.at("Player"), "pacer", inner))

    def health(self, inner):
        return self.act("health", inner)

    def hr_sample(self, bpm):
        return Struct("HeartRateSample", [("beatsPerMinute", Raw(str(bpm))), ("date", Raw(self.date().cd))])

    def stats_value(self):
        s = self.stats
        return Struct("MeditationStats", [("streak", Raw(str(s[0]))), ("totalMinutes", Raw(str(s[1]))),
                                          ("sessionsThisWeek", Raw(str(s[2])))])

    def chapter_of(self, sid, pos):
        chapters = self.by_id[sid][4]
        i = 0
        for k, ch in enumerate(chapters):
            if pos >= ch[1]:
                i = k
        return i

    # -- noise
    @noise
    def heart_rate(self, bpm):
        self.set(("health", "heartRate"), num(bpm))
        self.set(("health", "lastSampleAt"), self.date())
        return self.health(A(self.at("Health"), "heartRateReceived", self.hr_sample(bpm)))

    # reason: derived on a 30 s timer from the heart-rate stream: a measurement, not an event
    @noise
    def hrv_computed(self, ms):
        self.set(("health", "hrv"), num(ms))
        return self.health(A(self.at("Health"), "hrvComputed", Struct("HRVSample", [
            ("rmssd", Raw(repr(ms))), ("window", Raw("30.0"))])))

    @noise
    def position_updated(self, pos):
        if self.get(("player",)) is NIL:
            return None
        self.set(("player", "position"), num(float(pos)))
        return self.player(A(self.at("Player"), "positionUpdated", Raw(repr(float(pos)))))

    @noise
    def pacer_frame(self):
        if self.get(("player",)) is NIL:
            return None
        t = self.pacer_elapsed
        cycle = sum(d for _, d in PHASES)
        breaths, within = int(t // cycle), t % cycle
        for phase, d in PHASES:
            if within < d:
                break
            within -= d
        self.set(("player", "pacer", "phase"), self.case(phase, "Pacer.Phase"))
        self.set(("player", "pacer", "progress"), num(round(within / d, 3)))
        self.set(("player", "pacer", "breaths"), num(breaths))
        return self.pacer(A(self.at("Pacer"), "frameTicked"))

    @noise
    def download_progress(self, sid, p):
        if sid not in self.shown:
            return None
        self.set(self.rpath(sid, "download"), En("DownloadState", "downloading", num(p), label="progress"))
        return self.lrow(sid, A(self.at("SessionRow"), "downloadProgress", Raw(repr(p))))

    # -- either
    # reason: thumbnails arriving as rows appear in the library list
    @either
    def artwork_loaded(self, sid):
        if sid not in self.shown:
            return None
        size = self.rng.randint(18000, 64000)
        self.set(self.rpath(sid, "artwork"), St("Artwork", [("bytes", num(size)), ("scale", num(3.0))]))
        return self.lrow(sid, A(self.at("SessionRow"), "artworkResponse", self.result("Artwork", True, Struct(
            "Artwork", [("bytes", Raw(str(size))), ("scale", Raw("3.0"))]))))

    @either
    def search_typed(self, value):
        self.set(("library", "searchQuery"), text(value))
        return self.lib(self.binding("Library", "searchQuery", q(value)))

    @either
    def note_typed(self, value):
        if self.get(("checkIn",)) is NIL:
            return None
        self.set(("checkIn", "note"), text(value))
        return self.pres("checkIn", "CheckIn", self.binding("CheckIn", "note", q(value)))

    # -- signal
    @signal
    def app_task(self):
        return self.act("task")

    @signal
    def scene_phase(self, phase):
        self.set(("scenePhase",), self.case(phase, "ScenePhase"))
        return self.act("scenePhaseChanged", A("ScenePhase", phase))

    @signal
    def stats_response(self):
        s = self.stats
        self.set(("stats", "streak"), num(s[0]))
        self.set(("stats", "totalMinutes"), num(s[1]))
        self.set(("stats", "sessionsThisWeek"), num(s[2]))
        self.set(("stats", "isLoading"), boolean(False))
        return self.act("stats", A(self.at("Stats"), "statsResponse", self.result("MeditationStats", True,
                                                                                  self.stats_value())))

    @signal
    def tab_selected(self, tab):
        self.set(("selectedTab",), self.case(tab, "AppFeature.Tab"))
        return self.act("binding", A("BindingAction<%s>" % self.st("AppFeature").replace(".", ""), "set",
                                     Raw("\\%s.$selectedTab" % self.st("AppFeature")), Raw("." + tab)))

    @signal
    def filter_tapped(self, f):
        self.set(("library", "filter"), self.case(f, "Category"))
        self.set(("library", "isLoading"), boolean(True))
        return self.lib(A(self.at("Library"), "filterTapped", category=Raw("." + f)))

    @signal
    def library_response(self, ids, ok=True):
        self.set(("library", "isLoading"), boolean(False))
        if not ok:
            return self.lib(A(self.at("Library"), "sessionsResponse", self.result(
                "[SessionSummary]", False, Struct("URLError", [("code", Raw("-1009"))]))))
        self.shown = list(ids)
        self.set(("library", "sessions"), Arr(self.row(s) for s in ids))
        return self.lib(A(self.at("Library"), "sessionsResponse", self.result(
            "[SessionSummary]", True, Struct("SessionPage", [("count", Raw(str(len(ids)))),
                                                             ("first", self.summary(ids[0]) if ids else Raw("nil"))]))))

    @signal
    def favorite_tapped(self, sid):
        fav = not self.meta[sid]["fav"]
        self.meta[sid]["fav"] = fav
        self.set(self.rpath(sid, "isFavorite"), boolean(fav))
        return self.lrow(sid, A(self.at("SessionRow"), "favoriteButtonTapped"))

    @signal
    def favorite_saved(self, sid):
        if sid not in self.shown:
            return None
        return self.lrow(sid, A(self.at("SessionRow"), "favoriteResponse", self.result(
            "Bool", True, _b(self.meta[sid]["fav"]))))

    @signal
    def download_tapped(self, sid):
        self.downloading.add(sid)
        self.set(self.rpath(sid, "download"), En("DownloadState", "downloading", num(0.0), label="progress"))
        return self.lrow(sid, A(self.at("SessionRow"), "downloadButtonTapped"))

    @signal
    def download_finished(self, sid, ok):
        self.downloading.discard(sid)
        if ok:
            self.meta[sid]["dl"] = True
        if sid in self.shown:
            self.set(self.rpath(sid, "download"), self.download_value(sid))
            payload = Raw('URL(file:///var/mobile/Containers/Data/Application/Library/Audio/%s.m4a)' % sid) if ok \
                else Struct("URLError", [("code", Raw("-1005"))])
            return self.lrow(sid, A(self.at("SessionRow"), "downloadResponse", self.result("URL", ok, payload)))
        return None

    @signal
    def session_tapped(self, sid):
        self.token += 1
        c = self.by_id[sid]
        first = c[4][0]
        self.position = 0
        self.pacer_elapsed = 0.0
        self.set(("player",), St(self.st("Player"), [
            ("sessionID", text(sid)), ("title", text(c[1])), ("duration", num(float(c[2] * 60))),
            ("position", num(0.0)), ("chapter", num(0)), ("chapterTitle", text(first[0])),
            ("isPlaying", boolean(False)), ("isLoaded", boolean(False)),
            ("pacer", St(self.st("Pacer"), [("isVisible", boolean(first[2])), ("phase", self.case("inhale", "Pacer.Phase")),
                                            ("progress", num(0.0)), ("breaths", num(0))])),
            ("alert", NIL)]))
        return self.lrow(sid, A(self.at("SessionRow"), "tapped"))

    @signal
    def audio_loaded(self, ok):
        if self.get(("player",)) is NIL:
            return None
        if ok:
            self.set(("player", "isLoaded"), boolean(True))
            self.set(("player", "isPlaying"), boolean(True))
            self.playing = True
        sid = self.get(("player", "sessionID")).df
        payload = Struct("AudioInfo", [("duration", Raw(repr(float(self.by_id[sid][2] * 60)))),
                                       ("isLocal", _b(self.meta[sid]["dl"]))]) if ok \
            else Struct("AudioError", [("message", q("The network connection was lost."))])
        return self.player(A(self.at("Player"), "audioLoaded", self.result("AudioInfo", ok, payload)))

    @signal
    def retry_tapped(self):
        return self.player(A(self.at("Player"), "retryButtonTapped"))

    # reason: the audio reaching a new chapter changes the screen (title, pacer): a few a session, at uneven times
    @signal
    def chapter_changed(self, sid, i):
        if self.get(("player",)) is NIL:
            return None
        ch = self.by_id[sid][4][i]
        self.set(("player", "chapter"), num(i))
        self.set(("player", "chapterTitle"), text(ch[0]))
        self.set(("player", "pacer", "isVisible"), boolean(ch[2]))
        if ch[2]:
            self.pacer_elapsed = 0.0
        return self.player(A(self.at("Player"), "chapterChanged", index=Raw(str(i)), title=q(ch[0])))

    @signal
    def play_pause(self):
        self.playing = not self.playing
        self.set(("player", "isPlaying"), boolean(self.playing))
        return self.player(A(self.at("Player"), "playPauseButtonTapped"))

    @signal
    def pacer_toggled(self):
        vis = self.get(("player", "pacer", "isVisible")).cd != "true"
        self.set(("player", "pacer", "isVisible"), boolean(vis))
        return self.pacer(A(self.at("Pacer"), "visibilityToggled"))

    @signal
    def end_tapped(self):
        self.set(("player", "alert"), St("AlertState<Player.Action.Alert>", [
            ("title", text("End session early?")), ("buttons", num(2))]))
        return self.player(A(self.at("Player"), "endButtonTapped"))

    @signal
    def alert_answer(self, confirm):
        self.set(("player", "alert"), NIL)
        inner = A("PresentationAction<%s>" % self.at("Player.Alert"), "presented",
                  A(self.at("Player.Alert"), "confirmEndTapped")) if confirm \
            else A("PresentationAction<%s>" % self.at("Player.Alert"), "dismiss")
        if confirm:
            self.playing = False
            self.set(("player", "isPlaying"), boolean(False))
        return self.player(A(self.at("Player"), "alert", inner))

    @signal
    def audio_finished(self):
        if self.get(("player",)) is NIL:
            return None
        self.playing = False
        self.set(("player", "isPlaying"), boolean(False))
        return self.player(A(self.at("Player"), "audioFinished"))

    @signal
    def session_ended(self, minutes, completed):
        return self.player(A(self.at("Player"), "delegate", A(self.at("Player.Delegate"), "sessionEnded", Struct(
            "SessionLog", [("minutes", Raw(str(minutes))), ("completed", _b(completed)),
                           ("averageHeartRate", Raw(str(int(self.bpm))))]))))

    @signal
    def player_dismissed(self):
        self.token += 1
        self.playing = False
        self.set(("player",), NIL)
        self.set(("checkIn",), St(self.st("CheckIn"), [("mood", NIL), ("note", text("")), ("isSaving", boolean(False))]))
        return self.act("player", A("PresentationAction<%s>" % self.at("Player"), "dismiss"))

    @signal
    def mood_tapped(self, mood):
        self.set(("checkIn", "mood"), self.case(mood, "Mood"))
        return self.pres("checkIn", "CheckIn", A(self.at("CheckIn"), "moodTapped", mood=Raw("." + mood)))

    @signal
    def checkin_submit(self):
        self.set(("checkIn", "isSaving"), boolean(True))
        return self.pres("checkIn", "CheckIn", A(self.at("CheckIn"), "saveButtonTapped"))

    @signal
    def checkin_saved(self):
        self.set(("checkIn", "isSaving"), boolean(False))
        return self.pres("checkIn", "CheckIn", A(self.at("CheckIn"), "saveResponse", self.result(
            "CheckInRecord", True, Struct("CheckInRecord", [("id", Raw("UUID(%s)" % self.uid())),
                                                            ("date", Raw(self.date().cd))]))))

    @signal
    def checkin_delegate(self):
        return self.pres("checkIn", "CheckIn", A(self.at("CheckIn"), "delegate", A(self.at("CheckIn.Delegate"), "didSave")))

    @signal
    def checkin_dismissed(self):
        self.set(("checkIn",), NIL)
        self.set(("stats", "isLoading"), boolean(True))
        return self.act("checkIn", A("PresentationAction<%s>" % self.at("CheckIn"), "dismiss"))

    @signal
    def reminder_toggle(self, on):
        self.set(("reminder", "isEnabled"), boolean(on))
        return self.act("reminder", self.binding("Reminder", "isEnabled", _b(on)))

    # reason: the time wheel sets the binding once per settled wheel, each the person's choice
    @signal
    def reminder_time(self, value):
        self.set(("reminder", "time"), text(value))
        return self.act("reminder", self.binding("Reminder", "time", q(value)))

    @signal
    def authorization(self, granted):
        self.set(("reminder", "isAuthorized"), boolean(granted))
        return self.act("reminder", A(self.at("Reminder"), "authorizationResponse", self.result("Bool", True, _b(granted))))

    @signal
    def reminder_save(self):
        return self.act("reminder", A(self.at("Reminder"), "saveButtonTapped"))

    @signal
    def reminder_scheduled(self):
        self.set(("reminder", "isScheduled"), boolean(True))
        return self.act("reminder", A(self.at("Reminder"), "scheduleResponse", self.result(
            "String", True, q("daily-reminder-" + self.get(("reminder", "time")).df.replace(":", "")))))

    @signal
    def watch_reachability(self, ok):
        self.watch_ok = ok
        self.set(("health", "isWatchReachable"), boolean(ok))
        return self.health(A(self.at("Health"), "watchReachabilityChanged", _b(ok)))

    # -- processes
    def processes(self):
        self.stats = [self.rng.randint(0, 9), self.rng.randint(40, 900), self.rng.randint(0, 5)]
        return [self.heart_stream(), self.periodic(self.hrv_computed_now, 30.0, 0.3, when=lambda: self.watch_ok
                                                    and self.get(("health", "heartRate")) is not NIL),
                self.watch_flaps(), self.person()]

    def hrv_computed_now(self):
        base = 58.0 if self.resting else 38.0
        self.emit(self.hrv_computed, round(max(12.0, self.rng.gauss(base, 6.0)), 1))

    def heart_stream(self):
        rng = self.rng
        yield rng.uniform(1.0, 4.0)
        while True:
            yield rng.uniform(4.0, 6.0)         # the watch's workout session: a sample every ~5 s
            if not self.watch_ok:
                continue
            goal = 60.0 if self.resting else 76.0
            self.bpm += (goal - self.bpm) * 0.08 + rng.gauss(0, 1.2)
            self.emit(self.heart_rate, int(round(self.bpm)))

    def watch_flaps(self):
        rng = self.rng
        while True:
            yield rng.uniform(200, 600)
            self.emit(self.watch_reachability, False)
            yield rng.uniform(15, 70)
            self.emit(self.watch_reachability, True)

    def playback(self, token, sid):
        """The player: loads the audio, then reports the position every second of play."""
        rng = self.rng
        while True:
            yield rng.uniform(0.25, 1.1) if self.meta[sid]["dl"] else rng.uniform(0.8, 2.5)
            if token != self.token:
                return
            ok = self.meta[sid]["dl"] or rng.random() < 0.9
            self.emit(self.audio_loaded, ok)
            if ok:
                break
            yield rng.uniform(2.0, 5.0)
            if token != self.token:
                return
            self.emit(self.retry_tapped)
        self.spawn(self.pacer_loop(token))
        duration = self.by_id[sid][2] * 60
        chapter = 0
        while True:
            yield 1.0 + rng.uniform(-0.004, 0.004)
            if token != self.token:
                return
            if not self.playing:
                continue
            self.position += 1
            self.emit(self.position_updated, self.position)
            c = self.chapter_of(sid, self.position)
            if c != chapter:
                chapter = c
                yield rng.uniform(0.005, 0.03)
                self.emit(self.chapter_changed, sid, c)
            if self.position >= duration:
                yield rng.uniform(0.05, 0.2)
                self.emit(self.audio_finished)
                self.finished = True
                return

    def pacer_loop(self, token):
        rng = self.rng
        while token == self.token:
            if self.get(("player",)) is NIL or not self.playing or \
                    self.get(("player", "pacer", "isVisible")).cd != "true" or not self.active:
                yield 0.1
                continue
            dt = max(0.02, rng.gauss(1.0, 0.04)) / 30.0
            yield dt
            if token != self.token:
                return
            self.pacer_elapsed += dt
            self.emit(self.pacer_frame)

    def download(self, sid):
        rng = self.rng
        p = 0.0
        ok = rng.random() < 0.9
        fail_at = rng.uniform(0.3, 0.8)
        while True:
            yield rng.uniform(0.2, 0.35)
            p = round(p + rng.uniform(0.02, 0.07), 2)
            if not ok and p >= fail_at:
                yield rng.uniform(0.5, 3.0)
                self.emit(self.download_finished, sid, False)
                return
            if p >= 1.0:
                break
            self.emit(self.download_progress, sid, p)
        yield rng.uniform(0.05, 0.3)
        self.emit(self.download_finished, sid, True)

    def show_artwork(self, ids):
        for sid in ids:
            self.after(self.rng.uniform(0.08, 0.9), self.artwork_loaded, sid)

    def load_library(self, ids):
        yield self.rng.uniform(0.3, 1.2)
        ok = self.rng.random() < 0.93
        self.emit(self.library_response, ids, ok)
        if ok:
            self.show_artwork(ids[:self.rng.randint(4, 7)])
        return ok

    def filtered(self, f, query=""):
        ids = [c[0] for c in CATALOG if (f == "all" or c[3] == f)]
        if query:
            words = query.split()
            ids = [c[0] for c in CATALOG if any(w[:4] in (c[1] + " " + c[3] + " " + c[0]).lower() for w in words)]
        return ids or [CATALOG[0][0]]

    def type_search(self, word):
        rng = self.rng
        for k in range(1, len(word) + 1):
            self.emit(self.search_typed, word[:k])
            yield rng.uniform(0.12, 0.4)
        yield 0.3                                   # the search, debounced
        ok = yield from self.load_library(self.filtered("all", word))
        if not ok:
            yield rng.uniform(1.0, 3.0)
            yield from self.load_library(self.filtered("all", word))

    def scroll_more(self):
        """Scrolling the list: the artwork of rows coming into view."""
        rest = [s for s in self.shown if self.get(self.rpath(s, "artwork")) is NIL]
        self.show_artwork(rest[:self.rng.randint(2, 5)])

    def browse(self, think, rounds):
        rng = self.rng
        for _ in range(rounds):
            yield next(think)
            r = rng.random()
            if r < 0.3:
                f = rng.choice([x for x in FILTERS if x != self.get(("library", "filter")).df])
                self.emit(self.filter_tapped, f)
                ok = yield from self.load_library(self.filtered(f))
                if not ok:
                    yield rng.uniform(1.0, 3.0)
                    self.emit(self.filter_tapped, f)
                    yield from self.load_library(self.filtered(f))
            elif r < 0.5:
                yield from self.type_search(rng.choice(SEARCHES))
            elif r < 0.65 and self.shown:
                sid = rng.choice(self.shown)
                self.emit(self.favorite_tapped, sid)
                self.after(rng.uniform(0.2, 0.7), self.favorite_saved, sid)
            else:
                self.scroll_more()

    def play(self, sid, think):
        """A session from its tap to the end of its check-in."""
        rng = self.rng
        self.finished = False
        self.emit(self.session_tapped, sid)
        token = self.token
        self.spawn(self.playback(token, sid))
        self.resting = True
        duration = self.by_id[sid][2] * 60
        early = 0.15 if self.by_id[sid][3] == "breathing" else 0.35
        leave_at = self.now + (duration * rng.uniform(0.35, 0.8) if rng.random() < early else 10 ** 6)
        # the person sits still; now and then a pause, a look at the pacer
        while not self.finished and self.now < leave_at and self.now < self.session.end:
            wake = self.now + rng.uniform(20, 90)
            while not self.finished and self.now < min(wake, leave_at):
                yield 0.25
            if self.finished or self.now >= leave_at or self.get(("player", "isLoaded")).cd != "true":
                continue
            r = rng.random()
            if r < 0.12:
                self.emit(self.play_pause)
                yield rng.uniform(5, 40)
                if self.get(("player",)) is not NIL and not self.playing:
                    self.emit(self.play_pause)
            elif r < 0.3:
                visible = self.get(("player", "pacer", "isVisible")).cd == "true"
                if not visible or rng.random() < 0.1:   # mostly to bring the pacer up
                    self.emit(self.pacer_toggled)
        self.resting = False
        completed = self.finished
        if not completed:
            self.emit(self.end_tapped)
            yield rng.uniform(0.8, 2.5)
            if rng.random() < 0.2:
                self.emit(self.alert_answer, False)
                yield rng.uniform(30, 90)
                if not self.finished:
                    self.emit(self.end_tapped)
                    yield rng.uniform(0.8, 2.0)
                    self.emit(self.alert_answer, True)
            else:
                self.emit(self.alert_answer, True)
            completed = self.finished
        yield rng.uniform(0.01, 0.05)
        minutes = max(1, int(round(self.position / 60.0)))
        self.emit(self.session_ended, minutes, completed)
        self.stats[1] += minutes
        self.stats[2] += 1
        if self.stats[2] == 1 or rng.random() < 0.3:
            self.stats[0] += 1
        yield rng.uniform(0.01, 0.05)
        self.emit(self.player_dismissed)
        yield rng.uniform(2.0, 6.0)
        self.emit(self.mood_tapped, rng.choice(MOODS))
        yield rng.uniform(1.0, 4.0)
        if rng.random() < 0.5:
            yield rng.uniform(0.5, 1.5)
            note = rng.choice(NOTES)
            for k in range(1, len(note) + 1):
                self.emit(self.note_typed, note[:k])
                yield rng.uniform(0.09, 0.35) if note[k - 1] != " " else rng.uniform(0.2, 0.9)
            yield rng.uniform(0.5, 2.0)
        self.emit(self.checkin_submit)
        yield rng.uniform(0.3, 0.9)
        self.emit(self.checkin_saved)
        self.emit(self.checkin_delegate)
        yield rng.uniform(0.01, 0.03)
        self.emit(self.checkin_dismissed)
        yield rng.uniform(0.3, 1.0)
        self.emit(self.stats_response)

    def set_reminder(self):
        rng = self.rng
        self.emit(self.tab_selected, "settings")
        yield rng.uniform(2, 6)
        self.emit(self.reminder_toggle, True)
        if self.get(("reminder", "isAuthorized")) is NIL:
            yield rng.uniform(1.5, 5.0)             # the system's permission prompt
            self.emit(self.authorization, rng.random() < 0.9)
        yield rng.uniform(1.5, 4.0)
        for value in (rng.choice(["06:30", "07:00", "21:30", "22:00"]), None):
            if value is None:
                h, m = self.get(("reminder", "time")).df.split(":")
                value = "%s:%02d" % (h, rng.choice([0, 15, 30, 45]))
            self.emit(self.reminder_time, value)
            yield rng.uniform(0.8, 3.0)
        self.emit(self.reminder_save)
        yield rng.uniform(0.05, 0.3)
        if self.get(("reminder", "isAuthorized")).cd == "true":
            self.emit(self.reminder_scheduled)
        yield rng.uniform(3, 10)
        self.emit(self.tab_selected, "library")

    def person(self):
        rng = self.rng
        think = self.think((2.0, 6.0), (8.0, 25.0), (40, 120), (20, 60))
        yield rng.uniform(0.4, 1.2)
        self.emit(self.app_task)
        self.after(rng.uniform(0.3, 0.9), self.stats_response)
        ok = yield from self.load_library(self.filtered("all"))
        if not ok:
            yield rng.uniform(2.0, 5.0)
            yield from self.load_library(self.filtered("all"))
        yield from self.browse(think, rng.randint(3, 7))
        # a session to download first, now and then
        pick = rng.choice(self.shown)
        if not self.meta[pick]["dl"] and rng.random() < 0.7:
            yield next(think)
            self.emit(self.download_tapped, pick)
            self.spawn(self.download(pick))
            yield from self.browse(think, rng.randint(1, 3))
            while pick in self.downloading:
                yield 0.5
            yield next(think)
        if pick not in self.shown:
            pick = rng.choice(self.shown)
        yield next(think)
        yield from self.play(pick, think)
        yield next(think)
        if rng.random() < 0.8:
            yield from self.set_reminder()
        # the rest of the session: a quick breathing exercise, some browsing, idling
        first = True
        while True:
            yield rng.uniform(20, 90)
            r = rng.random() * (0.7 if first else 1.0) + (0.3 if first else 0.0)
            first = False
            if r < 0.3:
                self.emit(self.scene_phase, "inactive")
                self.emit(self.scene_phase, "background")
                self.active = False
                yield rng.uniform(30, 150)
                self.active = True
                self.emit(self.scene_phase, "inactive")
                self.emit(self.scene_phase, "active")
                self.emit(self.app_task)
                self.after(rng.uniform(0.3, 0.9), self.stats_response)
            elif r < 0.6:
                self.emit(self.filter_tapped, "breathing")
                yield from self.load_library(self.filtered("breathing"))
                yield rng.uniform(2, 8)
                yield from self.play(rng.choice(self.shown), think)
            else:
                yield from self.browse(think, rng.randint(2, 5))


# =============================================================================== grocery

# name, aisle, price, barcode
GROCERIES = [
    ("Milk", "Dairy", 1.19, "4008400401621"), ("Oat milk", "Dairy", 2.29, "7394376616037"),
    ("Greek yogurt", "Dairy", 1.89, "4025500233007"), ("Butter", "Dairy", 2.49, "4001954161331"),
    ("Eggs", "Dairy", 3.29, "4006040010317"), ("Cheddar", "Dairy", 2.99, "5000295147013"),
    ("Bananas", "Produce", 1.49, "2000000001012"), ("Apples", "Produce", 2.79, "2000000001029"),
    ("Spinach", "Produce", 1.99, "4311501639407"), ("Tomatoes", "Produce", 2.19, "2000000001036"),
    ("Onions", "Produce", 1.29, "2000000001043"), ("Garlic", "Produce", 0.89, "2000000001050"),
    ("Lemons", "Produce", 1.59, "2000000001067"), ("Avocados", "Produce", 2.99, "2000000001074"),
    ("Sourdough", "Bakery", 3.49, "4009249001829"), ("Bagels", "Bakery", 2.59, "4009249002123"),
    ("Pasta", "Dry goods", 1.29, "8076802085738"), ("Rice", "Dry goods", 2.49, "4006040200314"),
    ("Chickpeas", "Canned", 0.99, "4311501490039"), ("Coconut milk", "Canned", 1.79, "8850058004350"),
    ("Tomato passata", "Canned", 1.19, "8005110060017"), ("Olive oil", "Oils", 6.99, "8410660101153"),
    ("Coffee beans", "Coffee & tea", 8.99, "4006067084209"), ("Green tea", "Coffee & tea", 2.49, "4001257200200"),
    ("Chicken thighs", "Meat", 5.49, "2000000002019"), ("Salmon", "Fish", 7.99, "2000000002026"),
    ("Tofu", "Chilled", 2.29, "4260061120037"), ("Hummus", "Chilled", 1.99, "4311501633085"),
    ("Frozen peas", "Frozen", 1.49, "4311501480016"), ("Ice cream", "Frozen", 4.49, "8714100617125"),
    ("Dish soap", "Household", 1.99, "4015000961564"), ("Toilet paper", "Household", 4.99, "4311501631142"),
    ("Dishwasher tabs", "Household", 6.49, "4015000966385"), ("Toothpaste", "Personal care", 1.79, "8714789941414"),
    ("Cereal", "Breakfast", 3.29, "5059319023465"), ("Peanut butter", "Breakfast", 2.89, "5060088701829"),
    ("Honey", "Breakfast", 4.29, "4006300010163"), ("Crisps", "Snacks", 1.99, "5000328721777"),
    ("Dark chocolate", "Snacks", 1.69, "4000417025005"), ("Sparkling water", "Drinks", 0.59, "4008501011644"),
]
RECIPES = [
    ("https://cooking.example.com/recipes/chickpea-curry", "Chickpea curry",
     ["Chickpeas", "Coconut milk", "Onions", "Garlic", "Spinach", "Rice", "Tomato passata"]),
    ("https://cooking.example.com/recipes/salmon-tray-bake", "Salmon tray bake",
     ["Salmon", "Lemons", "Tomatoes", "Olive oil", "Garlic"]),
    ("https://cooking.example.com/recipes/shakshuka", "Shakshuka",
     ["Eggs", "Tomato passata", "Onions", "Garlic", "Sourdough", "Greek yogurt"]),
]
MEMBERS = ["Priya", "Sam"]
AISLE_ORDER = ["Produce", "Bakery", "Dairy", "Chilled", "Meat", "Fish", "Dry goods", "Canned", "Oils",
               "Coffee & tea", "Breakfast", "Snacks", "Drinks", "Frozen", "Household", "Personal care"]


class Grocery(App):
    name = "grocery"
    module = "Basket"
    process = "Basket"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        self.info = {g[0]: g for g in GROCERIES}
        self.ids = []              # the list's item ids, in order
        self.items = {}            # id -> name
        start = rng.sample([g[0] for g in GROCERIES], rng.randint(9, 14))
        rows = []
        for name in start:
            u = self.uid()
            self.ids.append(u)
            self.items[u] = name
            rows.append(self.item(u, name, rng.choice([1, 1, 1, 2, 3]), rng.choice(MEMBERS + ["Alex"]), price=False))
        self.online = True
        self.socket = True
        self.pending = 0
        self.viewing = set()
        self.typing_until = {}
        self.in_store = False
        self.version = rng.randint(300, 2400)
        self.state = St(self.st("AppFeature"), [
            ("list", St(self.st("GroceryList"), [("name", text("Home")), ("items", Arr(rows)),
                                                 ("sortOrder", self.case("added", "SortOrder")),
                                                 ("estimatedTotal", NIL), ("version", num(self.version)),
                                                 ("pendingChanges", num(0)),
                                                 ("lastSyncedAt", self.date(0))])),
            ("presence", St(self.st("Presence"), [("members", Dic({}))])),
            ("addItem", St(self.st("AddItem"), [("query", text("")), ("suggestions", Arr()),
                                                ("isFocused", boolean(False))])),
            ("connectivity", St(self.st("Connectivity"), [("isOnline", boolean(True)),
                                                          ("realtime", self.case("connected", "Realtime.Status")),
                                                          ("retryAttempt", num(0))])),
            ("scanner", NIL),
            ("recipeImport", NIL),
            ("scenePhase", self.case("active", "ScenePhase")),
        ])

    # -- values and actions
    def item(self, u, name, qty, by, price=True, checked=False):
        unit = "kg" if self.info.get(name, ("", "", 0, ""))[1] in ("Meat", "Fish") else "pcs"
        return St(self.st("ItemRow"), [("id", self.uuid_value(u)), ("name", text(name)), ("quantity", num(qty)),
                                       ("unit", text(unit)), ("note", text("")),
                                       ("aisle", text(self.info[name][1] if name in self.info else "Other")),
                                       ("isChecked", boolean(checked)), ("checkedBy", NIL),
                                       ("price", num(self.info[name][2]) if price and name in self.info else NIL),
                                       ("addedBy", text(by)), ("updatedAt", self.date()), ("updatedBy", text(by))])

    def touch(self, u, by, remote=True):
        """A row's change: its stamp, and the list's version when the server sent it."""
        self.set(self.ipath(u, "updatedAt"), self.date())
        self.set(self.ipath(u, "updatedBy"), text(by))
        if remote:
            self.bump()

    def bump(self):
        self.version += 1
        self.set(("list", "version"), num(self.version))

    def item_struct(self, u, name, qty, by):
        return Struct("Item", [("id", Raw("UUID(%s)" % u)), ("name", q(name)), ("quantity", Raw(str(qty))),
                               ("addedBy", q(by))])

    def uid_arg(self, u):
        return Raw("UUID(%s)" % u if self.tca1 else u)

    def lst(self, inner):
        return self.act("list", inner)

    def irow(self, u, inner):
        return self.lst(A(self.at("GroceryList"), "items", self.element("ItemRow", self.uid_arg(u), inner)))

    def ipath(self, u, *rest):
        return ("list", "items", ("i", self.ids.index(u))) + rest

    def presence(self, inner):
        return self.act("presence", inner)

    def conn(self, inner):
        return self.act("connectivity", inner)

    def add(self, inner):
        return self.act("addItem", inner)

    def pres(self, field, feature, inner):
        return self.act(field, A("PresentationAction<%s>" % self.at(feature), "presented", inner))

    def member_value(self, m, typing=False):
        return St("MemberPresence", [("isViewing", boolean(m in self.viewing)), ("isTyping", boolean(typing)),
                                     ("scrollOffset", num(0.0)), ("focusedItemID", NIL), ("lastSeen", self.date())])

    def change_ack(self, n=1):
        return Struct("ChangeAck", [("changes", Raw(str(n))), ("version", Raw(str(1200 + int(self.now))))])

    def append_item(self, name, qty, by, checked=False):
        u = self.uid()
        self.ids.append(u)
        self.items[u] = name
        self.append(("list", "items"), self.item(u, name, qty, by, price=False, checked=checked))
        return u

    def remote(self, inner):
        return self.lst(A(self.at("GroceryList"), "remoteChangeReceived", inner))

    # -- noise
    # reason: the channel re-sends the whole presence state every 15 s: only lastSeen moves
    @noise
    def presence_synced(self):
        if not self.socket or not self.viewing:
            return None
        for m in sorted(self.viewing):
            self.set(("presence", "members", ("k", m), "lastSeen"), self.date())
        return self.presence(A(self.at("Presence"), "stateSynced", Struct("PresenceState", [
                ("viewers", Raw("[%s]" % ", ".join('"%s"' % m for m in sorted(self.viewing)))),
                ("ref", Raw(str(int(self.now * 7) % 100000)))])))

    # reason: the other client re-sends "typing" every ~2 s while the member types
    @noise
    def typing_received(self, m):
        if not self.socket:
            return None
        if m not in self.viewing:
            return None
        self.set(("presence", "members", ("k", m), "isTyping"), boolean(True))
        return self.presence(A(self.at("Presence"), "typingReceived", member=q(m)))

    # reason: the clean-up 3 s after the last typing ping: an echo of that ping
    @noise
    def typing_expired(self, m):
        if self.typing_until.get(m, 0) > self.now + 1e-6 or m not in self.viewing:
            return None
        self.set(("presence", "members", ("k", m), "isTyping"), boolean(False))
        return self.presence(A(self.at("Presence"), "typingExpired", member=q(m)))

    @noise
    def heartbeat_acked(self):
        return self.conn(A(self.at("Connectivity"), "heartbeatAcknowledged", ref=Raw(str(int(self.now) // 30))))

    # reason: the socket's reconnect backoff timer while offline: the machine retrying
    @noise
    def retry_fired(self, attempt):
        self.set(("connectivity", "retryAttempt"), num(attempt))
        self.set(("connectivity", "realtime"), self.case("connecting", "Realtime.Status"))
        return self.conn(A(self.at("Connectivity"), "retryTimerFired", attempt=Raw(str(attempt))))

    # reason: the failure of each of those timed retries: no news while the network is down
    @noise
    def retry_failed(self, attempt):
        self.set(("connectivity", "realtime"), self.case("disconnected", "Realtime.Status"))
        return self.conn(A(self.at("Connectivity"), "connectResponse", self.result(
            "RealtimeSession", False, Struct("URLError", [("code", Raw("-1009"))]))))

    # reason: the camera's frame-rate report while the person aims: one barcode, its bounds nudged
    @noise
    def recognized_changed(self, codes, x, y, w):
        if self.get(("scanner",)) is NIL:
            return None
        self.set(("scanner", "candidates"), num(len(codes)))
        self.set(("scanner", "highlight"), St("CGRect", [("x", num(x)), ("y", num(y)), ("width", num(w)),
                                                         ("height", num(round(w * 0.52, 1)))]) if codes else NIL)
        return self.pres("scanner", "Scanner", A(self.at("Scanner"), "recognizedItemsChanged", Raw(
            "[%s]" % ", ".join('.barcode(payload: "%s", bounds: CGRect(x: %s, y: %s, width: %s, height: %s))'
                               % (c, x, y, w, round(w * 0.52, 1)) for c in codes))))

    # reason: another member's scroll position, re-broadcast every 100 ms while they scroll
    @noise
    def presence_moved(self, m, offset, focus):
        if m not in self.viewing:
            return None
        here = self.get(("presence", "members", ("k", m)))
        if here.f["scrollOffset"].cd == repr(offset):
            return None                              # a throttled broadcast: sent on a change only
        self.set(("presence", "members", ("k", m), "scrollOffset"), num(offset))
        self.set(("presence", "members", ("k", m), "focusedItemID"), self.uuid_value(focus) if focus else NIL)
        return self.presence(A(self.at("Presence"), "memberPresenceUpdated", member=q(m), presence=Struct(
            "MemberState", [("scrollOffset", Raw(repr(offset))),
                            ("focusedItemID", Raw("UUID(%s)" % focus) if focus else Raw("nil"))])))

    # -- either
    @either
    def query_typed(self, value):
        self.set(("addItem", "query"), text(value))
        return self.add(self.binding("AddItem", "query", q(value)))

    @either
    def rename_typed(self, u, value):
        if u not in self.ids:
            return None
        self.set(self.ipath(u, "name"), text(value))
        self.items[u] = value
        return self.irow(u, self.binding("ItemRow", "name", q(value)))

    # reason: the recipe URL text field: a paste here, but a text field's binding all the same
    @either
    def url_pasted(self, url):
        self.set(("recipeImport", "url"), text(url))
        return self.pres("recipeImport", "RecipeImport", self.binding("RecipeImport", "url", q(url)))

    # -- signal
    @signal
    def app_task(self):
        return self.act("task")

    @signal
    def scene_phase(self, phase):
        self.set(("scenePhase",), self.case(phase, "ScenePhase"))
        if phase == "background":                    # the socket is closed with the app
            self.socket = False
            self.viewing = set()
            self.set(("presence", "members"), Dic({}))
            self.set(("connectivity", "realtime"), self.case("disconnected", "Realtime.Status"))
        return self.act("scenePhaseChanged", A("ScenePhase", phase))

    # reason: the answer to the batch price fetch the app makes after each change of the list
    @signal
    def prices_response(self, ok=True):
        if not ok:
            return self.lst(A(self.at("GroceryList"), "pricesResponse", self.result(
                "[ItemPrice]", False, Struct("URLError", [("code", Raw("-1001"))]))))
        total = 0.0
        n = 0
        for u in self.ids:
            name = self.items[u]
            if name in self.info:
                self.set(self.ipath(u, "price"), num(self.info[name][2]))
                qty = int(self.get(self.ipath(u, "quantity")).cd)
                total += self.info[name][2] * qty
                n += 1
        self.set(("list", "estimatedTotal"), num(round(total, 2)))
        return self.lst(A(self.at("GroceryList"), "pricesResponse", self.result("[ItemPrice]", True, Struct(
            "PriceBatch", [("store", q("Corner Market")), ("count", Raw(str(n))), ("currency", q("EUR"))]))))

    # reason: a member opening the shared list: presence's join, an event of a person
    @signal
    def member_joined(self, m):
        self.viewing.add(m)
        self.put(("presence", "members"), m, self.member_value(m))
        return self.presence(A(self.at("Presence"), "memberJoined", q(m)))

    @signal
    def member_left(self, m):
        self.viewing.discard(m)
        self.delete(("presence", "members"), m)
        return self.presence(A(self.at("Presence"), "memberLeft", q(m)))

    @signal
    def remote_added(self, m, name, qty):
        if not self.socket:
            return None
        u = self.append_item(name, qty, m)
        self.bump()
        if m in self.viewing:
            self.set(("presence", "members", ("k", m), "isTyping"), boolean(False))
        return self.remote(A("ListChange", "itemAdded", self.item_struct(u, name, qty, m)))

    @signal
    def remote_checked(self, m, u, on):
        if not self.socket:
            return None
        if u not in self.ids:
            return None
        self.set(self.ipath(u, "isChecked"), boolean(on))
        self.set(self.ipath(u, "checkedBy"), text(m) if on else NIL)
        self.touch(u, m)
        return self.remote(A("ListChange", "itemChecked", Struct("CheckChange", [
            ("id", Raw("UUID(%s)" % u)), ("isChecked", _b(on)), ("by", q(m))])))

    @signal
    def remote_renamed(self, m, u, name):
        if not self.socket:
            return None
        if u not in self.ids:
            return None
        self.items[u] = name
        self.set(self.ipath(u, "name"), text(name))
        self.touch(u, m)
        return self.remote(A("ListChange", "itemRenamed", Struct("RenameChange", [
            ("id", Raw("UUID(%s)" % u)), ("name", q(name)), ("by", q(m))])))

    @signal
    def remote_quantity(self, m, u, qty):
        if not self.socket:
            return None
        if u not in self.ids:
            return None
        self.set(self.ipath(u, "quantity"), num(qty))
        self.touch(u, m)
        return self.remote(A("ListChange", "quantityChanged", Struct("QuantityChange", [
            ("id", Raw("UUID(%s)" % u)), ("quantity", Raw(str(qty))), ("by", q(m))])))

    @signal
    def remote_removed(self, m, u):
        if not self.socket:
            return None
        if u not in self.ids:
            return None
        i = self.ids.index(u)
        self.remove_at(("list", "items"), i)
        self.ids.pop(i)
        self.bump()
        return self.remote(A("ListChange", "itemRemoved", Struct("RemoveChange", [
            ("id", Raw("UUID(%s)" % u)), ("by", q(m))])))

    @signal
    def add_focused(self, on):
        self.set(("addItem", "isFocused"), boolean(on))
        if not on:
            self.set(("addItem", "suggestions"), Arr())
            self.set(("addItem", "query"), text(""))
        return self.add(A(self.at("AddItem"), "focusChanged", _b(on)))

    # reason: the response to the person's typing (debounced), one per pause in the typing
    @signal
    def suggestions_response(self, query):
        hits = [g[0] for g in GROCERIES if g[0].lower().startswith(query.lower())][:3] + \
               [g[0] for g in GROCERIES if query.lower() in g[0].lower() and not g[0].lower().startswith(query.lower())][:2]
        self.set(("addItem", "suggestions"), Arr(text(h) for h in hits))
        return self.add(A(self.at("AddItem"), "suggestionsResponse", self.result("[String]", True, Raw(
            "[%s]" % ", ".join('"%s"' % h for h in hits)))))

    @signal
    def suggestion_tapped(self, name):
        hits = [v.df for v in self.get(("addItem", "suggestions")).items]
        i = hits.index(name) if name in hits else 0
        return self.add(A(self.at("AddItem"), "suggestionTapped", index=Raw(str(i))))

    @signal
    def add_submitted(self):
        return self.add(A(self.at("AddItem"), "submitButtonTapped"))

    @signal
    def add_delegate(self, name):
        u = self.append_item(name, 1, "Alex")
        self.set(("addItem", "query"), text(""))
        self.set(("addItem", "suggestions"), Arr())
        return self.add(A(self.at("AddItem"), "delegate", A(self.at("AddItem.Delegate"), "itemCreated",
                                                             self.item_struct(u, name, 1, "Alex"))))

    @signal
    def save_response(self, n=1):
        if self.online:
            self.set(("list", "lastSyncedAt"), self.date())
            for _ in range(n):
                self.bump()
            return self.lst(A(self.at("GroceryList"), "saveResponse", self.result("ChangeAck", True, self.change_ack(n))))
        self.pending += n
        self.set(("list", "pendingChanges"), num(self.pending))
        return self.lst(A(self.at("GroceryList"), "saveResponse", self.result("ChangeAck", False, Struct(
            "URLError", [("code", Raw("-1009"))]))))

    @signal
    def checkbox_tapped(self, u):
        if u not in self.ids:
            return None
        on = self.get(self.ipath(u, "isChecked")).cd != "true"
        self.set(self.ipath(u, "isChecked"), boolean(on))
        self.set(self.ipath(u, "checkedBy"), text("Alex") if on else NIL)
        self.touch(u, "Alex", remote=False)
        return self.irow(u, A(self.at("ItemRow"), "checkboxTapped"))

    @signal
    def stepper_tapped(self, u, up):
        if u not in self.ids:
            return None
        qty = int(self.get(self.ipath(u, "quantity")).cd)
        qty = qty + 1 if up else max(1, qty - 1)
        self.set(self.ipath(u, "quantity"), num(qty))
        self.touch(u, "Alex", remote=False)
        return self.irow(u, A(self.at("ItemRow"), "incrementButtonTapped" if up else "decrementButtonTapped"))

    @signal
    def rename_committed(self, u):
        if u not in self.ids:
            return None
        self.touch(u, "Alex", remote=False)
        return self.irow(u, A(self.at("ItemRow"), "nameSubmitted"))

    @signal
    def swipe_delete(self, u):
        if u not in self.ids:
            return None
        i = self.ids.index(u)
        action = self.irow(u, A(self.at("ItemRow"), "deleteSwiped"))
        self.remove_at(("list", "items"), i)
        self.ids.pop(i)
        return action

    @signal
    def sort_changed(self, order):
        self.set(("list", "sortOrder"), self.case(order, "SortOrder"))
        # an IdentifiedArray sorted in place: the rows change places
        key = (lambda u: (AISLE_ORDER.index(self.info[self.items[u]][1]) if self.items[u] in self.info
                          and self.info[self.items[u]][1] in AISLE_ORDER else 99)) if order == "aisle" else None
        if key is not None:
            old = {u: self.get(self.ipath(u)) for u in self.ids}
            order_ids = sorted(self.ids, key=key)
            self.ids = order_ids
            self.set(("list", "items"), Arr(old[u] for u in order_ids))
        return self.lst(self.binding("GroceryList", "sortOrder", Raw("." + order)))

    # reason: the connection dropping or returning; its no-change repeats while the radio flaps borrow that
    @signal
    def path_updated(self, online, iface):
        self.online = online
        self.set(("connectivity", "isOnline"), boolean(online))
        if not online:
            self.socket = False
            self.viewing = set()
            self.set(("presence", "members"), Dic({}))
            self.set(("connectivity", "realtime"), self.case("disconnected", "Realtime.Status"))
        return self.conn(A(self.at("Connectivity"), "pathUpdated", Struct("NetworkPath", [
            ("status", Raw(".satisfied" if online else ".unsatisfied")), ("interface", Raw("." + iface))])))

    # reason: the socket connecting after the retries is the connection returning, an event
    @signal
    def socket_connected(self):
        self.socket = True
        self.set(("connectivity", "realtime"), self.case("connected", "Realtime.Status"))
        self.set(("connectivity", "retryAttempt"), num(0))
        return self.conn(A(self.at("Connectivity"), "connectResponse", self.result(
            "RealtimeSession", True, Struct("RealtimeSession", [("id", q(self.uid()[:8].lower()))]))))

    @signal
    def sync_response(self, missed):
        n = self.pending
        self.pending = 0
        self.set(("list", "pendingChanges"), num(0))
        self.set(("list", "lastSyncedAt"), self.date())
        for _ in range(n + missed):
            self.bump()
        return self.lst(A(self.at("GroceryList"), "syncResponse", self.result("SyncResult", True, Struct(
            "SyncResult", [("pushed", Raw(str(n))), ("pulled", Raw(str(missed))), ("conflicts", Raw("0"))]))))

    @signal
    def scan_tapped(self):
        self.set(("scanner",), St(self.st("Scanner"), [("candidates", num(0)), ("highlight", NIL),
                                                       ("barcode", NIL), ("product", NIL), ("scanned", num(0))]))
        return self.act("scanButtonTapped")

    @signal
    def barcode_recognized(self, code):
        self.set(("scanner", "barcode"), text(code))
        self.set(("scanner", "product"), NIL)
        return self.pres("scanner", "Scanner", A(self.at("Scanner"), "barcodeRecognized", q(code)))

    @signal
    def product_response(self, name, ok):
        if ok:
            self.set(("scanner", "product"), text(name))
        payload = Struct("Product", [("name", q(name)), ("brand", q("Store brand")), ("aisle", q(self.info[name][1]))]) \
            if ok else Struct("URLError", [("code", Raw("-1009"))])
        return self.pres("scanner", "Scanner", A(self.at("Scanner"), "productResponse", self.result("Product", ok, payload)))

    @signal
    def scanned_add(self):
        return self.pres("scanner", "Scanner", A(self.at("Scanner"), "addButtonTapped"))

    @signal
    def scanned_delegate(self, name):
        """The product goes in the cart: its row checked off, or a new checked row."""
        u = next((x for x in self.ids if self.items[x] == name), None)
        if u is None:
            u = self.append_item(name, 1, "Alex", checked=True)
        else:
            self.set(self.ipath(u, "isChecked"), boolean(True))
        self.set(self.ipath(u, "checkedBy"), text("Alex"))
        self.touch(u, "Alex", remote=False)
        n = int(self.get(("scanner", "scanned")).cd) + 1
        self.set(("scanner", "scanned"), num(n))
        self.set(("scanner", "barcode"), NIL)
        self.set(("scanner", "product"), NIL)
        return self.pres("scanner", "Scanner", A(self.at("Scanner"), "delegate", A(
            self.at("Scanner.Delegate"), "productScanned", self.item_struct(u, name, 1, "Alex"))))

    @signal
    def scanner_dismissed(self):
        self.set(("scanner",), NIL)
        return self.act("scanner", A("PresentationAction<%s>" % self.at("Scanner"), "dismiss"))

    @signal
    def import_tapped(self):
        self.set(("recipeImport",), St(self.st("RecipeImport"), [("url", text("")), ("isLoading", boolean(False)),
                                                                 ("recipe", NIL), ("selected", Arr())]))
        return self.act("importRecipeButtonTapped")

    @signal
    def fetch_recipe(self):
        self.set(("recipeImport", "isLoading"), boolean(True))
        return self.pres("recipeImport", "RecipeImport", A(self.at("RecipeImport"), "fetchButtonTapped"))

    @signal
    def recipe_response(self, title, ingredients, ok):
        self.set(("recipeImport", "isLoading"), boolean(False))
        if not ok:
            return self.pres("recipeImport", "RecipeImport", A(self.at("RecipeImport"), "recipeResponse", self.result(
                "Recipe", False, Struct("URLError", [("code", Raw("-1001"))]))))
        self.set(("recipeImport", "recipe"), text(title))
        self.set(("recipeImport", "selected"), Arr(text(x) for x in ingredients))
        return self.pres("recipeImport", "RecipeImport", A(self.at("RecipeImport"), "recipeResponse", self.result(
            "Recipe", True, Struct("Recipe", [("title", q(title)), ("servings", Raw("4")),
                                              ("ingredients", Raw(str(len(ingredients))))]))))

    @signal
    def ingredient_toggled(self, name):
        sel = [v.df for v in self.get(("recipeImport", "selected")).items]
        if name in sel:
            sel.remove(name)
        else:
            sel.append(name)
        self.set(("recipeImport", "selected"), Arr(text(x) for x in sel))
        return self.pres("recipeImport", "RecipeImport", A(self.at("RecipeImport"), "ingredientToggled", q(name)))

    @signal
    def recipe_add_tapped(self):
        return self.pres("recipeImport", "RecipeImport", A(self.at("RecipeImport"), "addToListButtonTapped"))

    @signal
    def recipe_delegate(self):
        names = [v.df for v in self.get(("recipeImport", "selected")).items]
        have = {self.items[u] for u in self.ids}
        for n in names:
            if n not in have:
                self.append_item(n, 1, "Alex")
        return self.pres("recipeImport", "RecipeImport", A(self.at("RecipeImport"), "delegate", A(
            self.at("RecipeImport.Delegate"), "addIngredients", Raw("[%s]" % ", ".join('"%s"' % n for n in names)))))

    @signal
    def recipe_dismissed(self):
        self.set(("recipeImport",), NIL)
        return self.act("recipeImport", A("PresentationAction<%s>" % self.at("RecipeImport"), "dismiss"))

    # -- processes
    def processes(self):
        return [self.periodic(self.presence_synced, 15.0, 0.2),
                self.periodic(self.heartbeat_acked, 30.0, 0.15, when=lambda: self.socket),
                self.member(MEMBERS[0], 40.0), self.member(MEMBERS[1], 150.0), self.person()]

    def after_save(self, n=1):
        self.after(self.rng.uniform(0.12, 0.6) if self.online else self.rng.uniform(0.02, 0.1), self.save_response, n)

    def refresh_prices(self):
        if self.online:
            self.after(self.rng.uniform(0.6, 1.8), self.prices_response, self.rng.random() < 0.95)

    def member(self, m, first):
        """Another member of the household: opens the list now and then and edits it."""
        rng = self.rng
        yield self.expo(first)
        while True:
            if self.socket:
                self.emit(self.member_joined, m)
                stay = self.now + rng.uniform(120, 400)
                self.spawn(self.member_scrolls(m, stay))
                while self.now < stay:
                    yield self.expo(18.0)
                    if not self.socket:
                        continue
                    if m not in self.viewing:              # back after our socket reconnected
                        self.emit(self.member_joined, m)
                        continue
                    r = rng.random()
                    if r < 0.35:                           # they type a new item
                        name = rng.choice([g[0] for g in GROCERIES])
                        typing = rng.uniform(2.5, 9.0)
                        t0 = self.now
                        while self.now - t0 < typing:
                            if self.socket:
                                self.typing_until[m] = self.now + 3.0
                                self.emit(self.typing_received, m)
                                self.after(3.0, self.typing_expired, m)
                            yield rng.uniform(1.9, 2.1)
                        if self.socket:
                            self.emit(self.remote_added, m, name, rng.choice([1, 1, 2]))
                            self.refresh_prices()
                    elif r < 0.6 and self.ids:
                        u = rng.choice(self.ids)
                        self.emit(self.remote_checked, m, u, self.get(self.ipath(u, "isChecked")).cd != "true")
                    elif r < 0.75 and self.ids:
                        u = rng.choice(self.ids)
                        self.emit(self.remote_quantity, m, u, rng.randint(1, 4))
                    elif r < 0.87 and self.ids:
                        u = rng.choice(self.ids)
                        self.typing_until[m] = self.now + 3.0
                        self.emit(self.typing_received, m)
                        self.after(3.0, self.typing_expired, m)
                        yield rng.uniform(1.5, 4.0)
                        name = self.items.get(u, "")
                        new = rng.choice(["Organic " + name, name + " (large)", name + " x2", name.lower()])
                        self.emit(self.remote_renamed, m, u, new)
                    elif self.ids and len(self.ids) > 6:
                        self.emit(self.remote_removed, m, rng.choice(self.ids))
                if m in self.viewing and self.socket:
                    self.emit(self.member_left, m)
                self.viewing.discard(m)
            yield rng.uniform(60, 300)

    def member_scrolls(self, m, until):
        """Their presence while they look at the list: the scroll offset, throttled to 10 Hz."""
        rng = self.rng
        offset = 0.0
        while self.now < until:
            yield self.expo(6.0)
            if m not in self.viewing or not self.socket:
                continue
            start = offset
            goal = max(0.0, min(64.0 * len(self.ids), offset + rng.uniform(-600, 900)))
            n = rng.randint(4, 30)
            for i in range(n):
                yield max(0.08, rng.gauss(0.1, 0.006))
                f = (i + 1) / n
                offset = round(start + (goal - start) * (1 - (1 - f) ** 2), 1)
                focus = self.ids[min(len(self.ids) - 1, int(offset // 64))] if self.ids else None
                self.emit(self.presence_moved, m, offset, focus)

    def type_item(self, name):
        """The add field: keystrokes, suggestions after a pause, then a tap or a submit."""
        rng = self.rng
        if self.get(("addItem", "isFocused")).cd != "true":
            self.emit(self.add_focused, True)
            yield rng.uniform(0.4, 1.2)
        stop = rng.randint(2, len(name)) if rng.random() < 0.6 else len(name)
        for k in range(1, stop + 1):
            self.emit(self.query_typed, name[:k])
            gap = rng.uniform(0.1, 0.45)
            if gap > 0.3 or k == stop:
                yield 0.3
                yield rng.uniform(0.05, 0.2)
                self.emit(self.suggestions_response, name[:k])
                gap = rng.uniform(0.2, 0.8) if k == stop else max(0.02, gap - 0.3)
            yield gap
        yield rng.uniform(0.5, 2.0)
        if stop < len(name):
            self.emit(self.suggestion_tapped, name)
        else:
            self.emit(self.add_submitted)
        yield rng.uniform(0.005, 0.02)
        self.emit(self.add_delegate, name)
        self.after_save()
        if rng.random() < 0.4:                       # the keyboard dismissed
            yield rng.uniform(0.5, 2.5)
            self.emit(self.add_focused, False)

    def import_recipe(self):
        rng = self.rng
        url, title, ingredients = rng.choice(RECIPES)
        self.emit(self.import_tapped)
        yield rng.uniform(1.5, 4.0)
        self.emit(self.url_pasted, url)
        yield rng.uniform(0.8, 2.5)
        for attempt in range(3):
            self.emit(self.fetch_recipe)
            yield rng.uniform(0.6, 2.2)
            ok = rng.random() < 0.85
            self.emit(self.recipe_response, title, ingredients, ok)
            if ok:
                break
            yield rng.uniform(2.0, 5.0)
        else:
            yield rng.uniform(1.0, 3.0)
            self.emit(self.recipe_dismissed)
            return
        yield rng.uniform(2.0, 5.0)
        have = {self.items[u] for u in self.ids}
        for name in [x for x in ingredients if x in have][:3]:
            self.emit(self.ingredient_toggled, name)
            yield rng.uniform(0.6, 2.0)
        self.emit(self.recipe_add_tapped)
        yield rng.uniform(0.005, 0.02)
        self.emit(self.recipe_delegate)
        yield rng.uniform(0.005, 0.02)
        self.emit(self.recipe_dismissed)
        self.after_save(len(ingredients))
        self.refresh_prices()

    def scan(self):
        """Scan to check off: the scanner open for a few products in a row. While a barcode is
        in view the data scanner reports the recognised items at the camera's frame rate."""
        rng = self.rng
        self.emit(self.scan_tapped)
        yield rng.uniform(0.6, 1.5)                  # the camera starts
        todo = [self.items[u] for u in self.ids if self.items[u] in self.info
                and self.get(self.ipath(u, "isChecked")).cd != "true"]
        failures = 0
        for k in range(rng.randint(2, 6)):
            if failures >= 2:                        # no network: they give up on the scanner
                break
            name = rng.choice(todo) if todo and rng.random() < 0.8 else rng.choice([g[0] for g in GROCERIES])
            if name in todo:
                todo.remove(name)
            code = self.info[name][3]
            x, y, w = rng.uniform(60, 160), rng.uniform(200, 500), rng.uniform(140, 220)
            aim = rng.uniform(1.5, 8.0)
            t0 = self.now
            while self.now - t0 < aim:
                yield max(0.01, rng.gauss(1.0, 0.06)) / 30.0
                r = rng.random()
                codes = [code] if r < 0.9 else ([] if r < 0.96 else [code, rng.choice(GROCERIES)[3]])
                x, y = round(x + rng.gauss(0, 2.5), 1), round(y + rng.gauss(0, 3), 1)
                w = round(max(90.0, w + rng.gauss(0, 1.5)), 1)
                self.emit(self.recognized_changed, codes, x, y, w)
            self.emit(self.barcode_recognized, code)
            ok = self.online and rng.random() < 0.95
            yield rng.uniform(0.3, 1.2) if self.online else rng.uniform(3.0, 6.0)
            if self.get(("scanner",)) is NIL:
                return
            self.emit(self.product_response, name, ok)
            failures = 0 if ok else failures + 1
            yield rng.uniform(0.8, 2.5)
            if ok:
                self.emit(self.scanned_add)
                yield rng.uniform(0.005, 0.02)
                self.emit(self.scanned_delegate, name)
                self.after_save()
            self.emit(self.recognized_changed, [], x, y, w)
            yield rng.uniform(3.0, 15.0)             # into the cart, the next product
        yield rng.uniform(0.5, 2.0)
        self.emit(self.scanner_dismissed)

    def go_offline(self):
        """The store's basement: no network for a while; the socket retries on a backoff."""
        rng = self.rng
        self.emit(self.path_updated, False, "cellular")
        down = self.now + rng.uniform(70, 200)
        attempt = 0
        while self.now < down:
            attempt += 1
            wait = min(30.0, 2.0 ** attempt) * rng.uniform(0.85, 1.15)
            yield min(wait, max(0.05, down - self.now))
            if self.now >= down:
                break
            self.emit(self.retry_fired, attempt)
            yield rng.uniform(0.5, 1.5) if rng.random() < 0.5 else 0.05
            self.emit(self.retry_failed, attempt)
            if rng.random() < 0.15:                  # the radio flapping: a path update, no change
                self.emit(self.path_updated, False, "cellular")
        self.emit(self.path_updated, True, "cellular")
        yield rng.uniform(0.3, 1.2)
        self.emit(self.socket_connected)
        yield rng.uniform(0.2, 0.8)
        self.emit(self.sync_response, rng.randint(0, 3))
        self.refresh_prices()

    def shop(self, think):
        """In the store: sort by aisle, walk the aisles checking items off."""
        rng = self.rng
        self.emit(self.sort_changed, "aisle")
        offline_at = self.now + rng.uniform(30, 150)
        scanned = 0
        went_offline = False
        while True:
            todo = [u for u in self.ids if self.get(self.ipath(u, "isChecked")).cd != "true"]
            if not todo or self.now > self.session.end:
                break
            yield rng.uniform(6, 45)                  # walking to the next aisle
            if not went_offline and self.now > offline_at:
                went_offline = True
                self.spawn(self.go_offline())
            r = rng.random()
            todo = [u for u in self.ids if self.get(self.ipath(u, "isChecked")).cd != "true"]
            if not todo:
                break
            if r < 0.4 or (scanned >= 5 and r < 0.8):
                for u in todo[:rng.randint(1, 3)]:
                    if u in self.ids:
                        self.emit(self.checkbox_tapped, u)
                        self.after_save()
                        yield rng.uniform(1.0, 6.0)
            elif r < 0.8:
                scanned += 1
                yield from self.scan()
            elif r < 0.88:
                u = rng.choice(todo)
                for _ in range(rng.randint(1, 3)):
                    self.emit(self.stepper_tapped, u, rng.random() < 0.7)
                    yield rng.uniform(0.3, 0.9)
                self.after_save()
            elif r < 0.93:
                u = rng.choice(todo)
                self.emit(self.checkbox_tapped, u)
                yield rng.uniform(0.5, 1.5)
                self.emit(self.checkbox_tapped, u)     # tapped the wrong one: unchecked
                self.after_save(2)
            else:
                yield next(think)
        if not scanned:
            yield from self.scan()

    def person(self):
        rng = self.rng
        think = self.think((2.0, 6.0), (8.0, 25.0), (40, 120), (20, 60))
        yield rng.uniform(0.4, 1.2)
        self.emit(self.app_task)
        self.refresh_prices()
        # at home: planning the list
        home_until = self.now + rng.uniform(150, 260)
        imported = False
        while self.now < home_until:
            yield next(think)
            r = rng.random()
            if r < 0.45:
                name = rng.choice([g[0] for g in GROCERIES if g[0] not in self.items.values()])
                yield from self.type_item(name)
                self.refresh_prices()
            elif r < 0.6 and not imported:
                imported = True
                yield from self.import_recipe()
            elif r < 0.72 and self.ids:
                u = rng.choice(self.ids)
                self.emit(self.stepper_tapped, u, True)
                self.after_save()
            elif r < 0.8 and self.ids:
                u = rng.choice(self.ids)
                self.emit(self.swipe_delete, u)
                self.after_save()
            elif r < 0.87 and self.ids:
                u = rng.choice(self.ids)
                name = self.items[u]
                extra = rng.choice([" (2 packs)", " organic", " big"])
                for k in range(1, len(extra) + 1):
                    self.emit(self.rename_typed, u, name + extra[:k])
                    yield rng.uniform(0.1, 0.4)
                yield rng.uniform(0.3, 1.0)
                if u in self.ids:
                    self.emit(self.rename_committed, u)
                    self.after_save()
        # on the way: the app goes to the background
        self.emit(self.scene_phase, "inactive")
        self.emit(self.scene_phase, "background")
        yield rng.uniform(40, 120)
        self.emit(self.scene_phase, "inactive")
        self.emit(self.scene_phase, "active")
        self.emit(self.app_task)
        yield rng.uniform(0.3, 1.0)
        self.emit(self.socket_connected)
        yield rng.uniform(0.2, 0.8)
        self.emit(self.sync_response, rng.randint(0, 4))
        self.refresh_prices()
        yield rng.uniform(2, 6)
        yield from self.shop(think)
        while True:
            yield next(think)
            if rng.random() < 0.3 and self.ids:
                name = rng.choice([g[0] for g in GROCERIES if g[0] not in self.items.values()])
                yield from self.type_item(name)


# ================================================================================= poker

TABLES = [("Aurora", 25, 50), ("Bluff Bay", 10, 20), ("Copper Creek", 50, 100), ("Dune", 25, 50),
          ("Ember", 100, 200), ("Fjord", 10, 20), ("Glacier", 5, 10), ("Harbor", 25, 50),
          ("Iris", 50, 100), ("Juniper", 200, 400), ("Kestrel", 5, 10), ("Lagoon", 10, 20),
          ("Monsoon", 25, 50), ("Nebula", 50, 100), ("Oasis", 5, 10), ("Pinecone", 10, 20),
          ("Quartz", 100, 200), ("Redwood", 25, 50), ("Sierra", 10, 20), ("Tundra", 50, 100),
          ("Umbra", 5, 10), ("Valley", 25, 50), ("Willow", 200, 400), ("Yonder", 10, 20)]
NAMES = ["maverick77", "SilentRiver", "acehigh_ana", "DonkeyKong42", "luckylu", "FoldEmFred", "nitpicker",
         "tiltproof", "RiverRat", "sharkbait", "MissClick", "suited_connor", "bubble_boy", "GrindQueen"]
RANKS = "23456789TJQKA"
SUITS = "♠♥♦♣"
CHAT = ["nh", "gg", "wow that river", "ty", "lol", "sick call", "ship it", "unlucky", "brb", "again??",
        "nice hand", "how did you call that", "gl all", "that's poker"]
EMOJI = ["👍", "😂", "😱", "🔥", "😡", "🤡", "👏", "🙈"]


class Poker(App):
    name = "poker"
    module = "RiverKing"
    process = "RiverKing"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        self.lobby_rows = []
        for i, (nm, sb, bb) in enumerate(TABLES):
            self.lobby_rows.append({"id": 4100 + i * 7, "name": nm, "sb": sb, "bb": bb,
                                    "players": rng.randint(2, 6), "avg": bb * rng.randint(6, 30),
                                    "hph": rng.randint(55, 110), "waiting": 0, "flop": rng.randint(18, 45)})
        self.balance = rng.choice([1800, 4200, 9500])
        self.next_id = 0           # StackElementID
        self.table_key = None      # "#n" of the table on the stack
        self.history_key = None
        self.token = 0
        self.turn = 0
        self.hero = None
        self.hero_in_hand = False
        self.hero_turn = False
        self.decision = None
        self.bank = 30
        self.reactions = []
        self.rx = 0
        self.msg = 0
        self.hands_played = []
        self.state = St(self.st("AppFeature"), [
            ("lobby", St(self.st("Lobby"), [("tables", Arr(self.summary_value(r) for r in self.lobby_rows)),
                                            ("stakes", self.case("all", "Lobby.Stakes")),
                                            ("isRefreshing", boolean(False)), ("lastUpdated", NIL)])),
            ("wallet", St(self.st("Wallet"), [("balance", NIL), ("isPurchasing", boolean(False))])),
            ("buyChips", NIL),
            ("path", Dic({}, quoted=False, ordered=True)),
            ("latency", NIL),
        ])

    # -- values, paths and actions
    def summary_value(self, r):
        return St("TableSummary", [("id", num(r["id"])), ("name", text(r["name"])),
                                   ("stakes", text("%d/%d" % (r["sb"], r["bb"]))), ("players", num(r["players"])),
                                   ("maxPlayers", num(6)), ("waiting", num(r["waiting"])),
                                   ("averagePot", num(r["avg"])), ("handsPerHour", num(r["hph"])),
                                   ("playersPerFlop", num(r["flop"]))])

    def card(self, c):
        return "%s%s" % (c[0] if c[0] != "T" else "10", c[1])

    def deal(self, n):
        out = []
        for _ in range(n):
            c = self.deck.pop()
            out.append(self.card(c))
        return out

    def tp(self, *rest):
        return ("path", ("k", self.table_key), ("e", "table")) + rest

    def sp(self, i, *rest):
        return self.tp("seats", ("i", i)) + rest

    def hp(self, *rest):
        return ("path", ("k", self.history_key), ("e", "history")) + rest

    def stack_el(self, key, case, inner):
        return self.act("path", A("StackAction<%s, %s>" % (self.st("Path"), self.at("Path")), "element",
                                  id=Raw(key), action=A(self.at("Path"), case, inner)))

    def table(self, inner):
        return self.stack_el(self.table_key, "table", inner)

    def history(self, inner):
        return self.stack_el(self.history_key, "history", inner)

    def lobby(self, inner):
        return self.act("lobby", inner)

    def seat_value(self, i):
        s = self.seats[i]
        status = "empty" if s["name"] is None else s["status"]
        return St(self.st("Seat"), [("index", num(i)), ("name", text(s["name"]) if s["name"] else NIL),
                                    ("stack", num(s["stack"])), ("bet", num(s["bet"])),
                                    ("status", self.case(status, "Seat.Status"))])

    def at_table(self):
        return self.table_key is not None and self.table_key in self.get(("path",)).d

    def move_payload(self, move, amount):
        if move in ("fold", "check"):
            return Raw("." + move)
        return Raw(".%s(%d)" % (move, amount))

    # -- noise
    @noise
    def refresh_fired(self):
        self.set(("lobby", "isRefreshing"), boolean(True))
        return self.lobby(A(self.at("Lobby"), "refreshTimerFired"))

    # reason: the 3 s poll's answer: the same tables again, player counts and pots nudged
    @noise
    def tables_response(self):
        rng = self.rng
        for k, r in enumerate(self.lobby_rows):
            if rng.random() < 0.25:
                r["players"] = max(0, min(6, r["players"] + rng.choice([-1, 1])))
            if rng.random() < 0.4:
                r["avg"] = max(r["bb"] * 3, r["avg"] + rng.randint(-3, 3) * r["bb"])
            if rng.random() < 0.35:
                r["hph"] = max(30, min(140, r["hph"] + rng.randint(-3, 3)))
            if rng.random() < 0.3:
                r["flop"] = max(10, min(70, r["flop"] + rng.randint(-2, 2)))
            if r["players"] == 6 and rng.random() < 0.3:
                r["waiting"] = max(0, min(4, r["waiting"] + rng.choice([-1, 1])))
            elif r["players"] < 6:
                r["waiting"] = 0
            self.set(("lobby", "tables", ("i", k)), self.summary_value(r))
        self.set(("lobby", "isRefreshing"), boolean(False))
        self.set(("lobby", "lastUpdated"), self.date())
        return self.lobby(A(self.at("Lobby"), "tablesResponse", self.result("[TableSummary]", True, Struct(
            "TablePage", [("count", Raw(str(len(self.lobby_rows)))), ("serverTime", Raw(self.date().cd))]))))

    @noise
    def latency(self, ms):
        self.set(("latency",), num(ms))
        return self.act("latencyMeasured", Raw(repr(ms)))

    @noise
    def timer_ticked(self, turn):
        if turn != self.turn or not self.at_table():
            return None
        left = int(self.get(self.tp("timeLeft")).cd)
        if left > 0:
            self.set(self.tp("timeLeft"), num(left - 1))
        elif self.get(self.tp("isUsingTimeBank")).cd == "true":
            self.bank = max(0, self.bank - 1)
            self.set(self.tp("timeBank"), num(self.bank))
        return self.table(A(self.at("Table"), "turnTimerTicked"))

    @noise
    def slider_moved(self, amount):
        if not self.at_table() or int(self.get(self.tp("raiseAmount")).cd) == amount:
            return None                            # a stepped slider sets its value on a change only
        self.set(self.tp("raiseAmount"), num(amount))
        return self.table(self.binding("Table", "raiseAmount", Raw(str(amount))))

    @noise
    def reaction_expired(self, rid):
        if not self.at_table():
            return None
        ids = [int(v.f["id"].cd) for v in self.get(self.tp("reactions")).items]
        if rid not in ids:
            return None
        self.remove_at(self.tp("reactions"), ids.index(rid))
        return self.table(A(self.at("Table"), "reactionExpired", id=Raw(str(rid))))

    # reason: a 1.2 s timer the person started with Play: it counts one number up, a stream
    @noise
    def replay_step(self):
        if self.history_key is None or self.get(self.hp("replay")) is NIL:
            return None
        step = int(self.get(self.hp("replay", "step")).cd) + 1
        total = int(self.get(self.hp("replay", "steps")).cd)
        self.set(self.hp("replay", "step"), num(step))
        if step >= total:
            self.set(self.hp("replay", "isPlaying"), boolean(False))
        return self.history(A(self.at("History"), "replay", A(self.at("Replay"), "stepTimerFired")))

    # -- either
    # reason: the server's pot after each bet: re-sends a sum the bet implies, yet one-for-one with it
    @either
    def pot_updated(self, pot):
        if not self.at_table():
            return None
        self.set(self.tp("pot"), num(pot))
        return self.table(A(self.at("Table"), "potUpdated", pot=Raw(str(pot)), sidePots=Raw("[]")))

    @either
    def chat_typed(self, value):
        self.set(self.tp("chatDraft"), text(value))
        return self.table(self.binding("Table", "chatDraft", q(value)))

    # -- signal
    @signal
    def app_task(self):
        return self.act("task")

    @signal
    def wallet_response(self):
        self.set(("wallet", "balance"), num(self.balance))
        return self.act("wallet", A(self.at("Wallet"), "balanceResponse", self.result("Int", True, Raw(str(self.balance)))))

    @signal
    def stakes_picked(self, stakes):
        self.set(("lobby", "stakes"), self.case(stakes, "Lobby.Stakes"))
        return self.lobby(self.binding("Lobby", "stakes", Raw("." + stakes)))

    @signal
    def pulled_to_refresh(self):
        self.set(("lobby", "isRefreshing"), boolean(True))
        return self.lobby(A(self.at("Lobby"), "pulledToRefresh"))

    @signal
    def join_tapped(self, r):
        return self.lobby(A(self.at("Lobby"), "tables", self.element("TableSummary", Raw(str(r["id"])),
                                                                     A(self.at("TableSummary"), "joinButtonTapped"))))

    @signal
    def join_response(self, r, ok, seat=None):
        if not ok:
            return self.lobby(A(self.at("Lobby"), "joinResponse", self.result("SeatAssignment", False, Struct(
                "TableError", [("reason", Raw(".tableFull"))]))))
        self.token += 1
        self.next_id += 1
        self.table_key = "#%d" % self.next_id
        self.table_row = r
        self.hero = seat
        buy_in = min(self.balance, r["bb"] * 40)
        self.balance -= buy_in
        self.set(("wallet", "balance"), num(self.balance))
        self.bank = 30
        self.reactions = []
        rng = self.rng
        names = rng.sample(NAMES, 6)
        self.seats = []
        for i in range(6):
            if i == seat:
                self.seats.append({"name": "you", "stack": buy_in, "bet": 0, "status": "active"})
            elif rng.random() < 0.85:
                self.seats.append({"name": names[i], "stack": r["bb"] * rng.randint(15, 120), "bet": 0, "status": "active"})
            else:
                self.seats.append({"name": None, "stack": 0, "bet": 0, "status": "empty"})
        self.button = rng.randrange(6)
        self.put(("path",), self.table_key, En("Path.State", "table", St(self.st("Table"), [
            ("id", num(r["id"])), ("name", text(r["name"])), ("blinds", text("%d/%d" % (r["sb"], r["bb"]))),
            ("handNumber", NIL), ("street", self.case("waiting", "Street")), ("board", Arr()), ("pot", num(0)),
            ("seats", Arr(self.seat_value(i) for i in range(6))), ("heroSeat", num(seat)), ("heroCards", Arr()),
            ("actingSeat", NIL), ("timeLeft", num(0)), ("timeBank", num(self.bank)),
            ("isUsingTimeBank", boolean(False)), ("raiseAmount", num(r["bb"] * 2)), ("showsChat", boolean(True)),
            ("chatDraft", text("")), ("chat", Arr()), ("reactions", Arr())])))
        return self.lobby(A(self.at("Lobby"), "joinResponse", self.result("SeatAssignment", True, Struct(
            "SeatAssignment", [("tableID", Raw(str(r["id"]))), ("seat", Raw(str(seat))), ("buyIn", Raw(str(buy_in)))]))))

    @signal
    def hand_started(self, n):
        self.set(self.tp("handNumber"), num(n))
        self.set(self.tp("street"), self.case("preflop", "Street"))
        self.set(self.tp("board"), Arr())
        self.set(self.tp("heroCards"), Arr())
        self.set(self.tp("pot"), num(0))
        for i, s in enumerate(self.seats):
            if s["name"] is not None:
                s["bet"] = 0
                s["status"] = "active" if s["stack"] > 0 else "sittingOut"
                self.set(self.sp(i), self.seat_value(i))
        return self.table(A(self.at("Table"), "handStarted", Struct("HandInfo", [
            ("id", Raw(str(88000000 + n * 13))), ("button", Raw(str(self.button))),
            ("smallBlind", Raw(str(self.table_row["sb"]))), ("bigBlind", Raw(str(self.table_row["bb"])))])))

    @signal
    def player_acted(self, i, move, amount):
        s = self.seats[i]
        if move == "fold":
            s["status"] = "folded"
        elif move in ("call", "raise", "bet", "postSmallBlind", "postBigBlind"):
            add = min(s["stack"], amount - s["bet"])
            if i == self.hero:
                self.hero_paid += add
            s["stack"] -= add
            s["bet"] += add
            if s["stack"] == 0:
                s["status"] = "allIn"
        self.set(self.sp(i), self.seat_value(i))
        self.set(self.tp("actingSeat"), NIL)
        if i == self.hero and self.get(self.tp("isUsingTimeBank")).cd == "true":
            self.set(self.tp("isUsingTimeBank"), boolean(False))
        return self.table(A(self.at("Table"), "playerActed", seat=Raw(str(i)), move=self.move_payload(move, amount)))

    @signal
    def hole_cards(self, cards):
        self.set(self.tp("heroCards"), Arr(text(c) for c in cards))
        return self.table(A(self.at("Table"), "holeCardsDealt", Raw("[%s]" % ", ".join('"%s"' % c for c in cards))))

    # reason: the server naming who acts next: a change of status, one per turn
    @signal
    def turn_started(self, i, floor):
        self.turn += 1
        if i == self.hero and int(self.get(self.tp("raiseAmount")).cd) < floor:
            self.set(self.tp("raiseAmount"), num(floor))
        self.set(self.tp("actingSeat"), num(i))
        self.set(self.tp("timeLeft"), num(15))
        return self.table(A(self.at("Table"), "turnStarted", seat=Raw(str(i)), timeout=Raw("15")))

    # reason: an alarm raised for the person: their clock ran out, the time bank is burning
    @signal
    def time_bank_warning(self):
        self.set(self.tp("isUsingTimeBank"), boolean(True))
        return self.table(A(self.at("Table"), "timeBankWarning", secondsLeft=Raw(str(self.bank))))

    @signal
    def board_revealed(self, street, cards):
        self.set(self.tp("street"), self.case(street, "Street"))
        board = self.get(self.tp("board"))
        self.set(self.tp("board"), Arr(list(board.items) + [text(c) for c in cards]))
        for i, s in enumerate(self.seats):
            if s["bet"]:
                s["bet"] = 0
                self.set(self.sp(i), self.seat_value(i))
        return self.table(A(self.at("Table"), "boardRevealed", street=Raw("." + street),
                            cards=Raw("[%s]" % ", ".join('"%s"' % c for c in cards))))

    @signal
    def hand_ended(self, winners, pot, showdown):
        share = pot // len(winners)
        for w in winners:
            self.seats[w]["stack"] += share
        for i, s in enumerate(self.seats):
            s["bet"] = 0
            if s["name"] is not None:
                self.set(self.sp(i), self.seat_value(i))
        self.set(self.tp("pot"), num(0))
        self.set(self.tp("street"), self.case("showdown" if showdown else "waiting", "Street"))
        self.set(self.tp("actingSeat"), NIL)
        return self.table(A(self.at("Table"), "handEnded", Struct("HandResult", [
            ("winners", Raw("[%s]" % ", ".join(str(w) for w in winners))), ("pot", Raw(str(pot))),
            ("showdown", _b(showdown))])))

    @signal
    def hero_tapped(self, move):
        name = {"fold": "foldButtonTapped", "check": "checkButtonTapped", "call": "callButtonTapped",
                "raise": "raiseButtonTapped", "bet": "raiseButtonTapped"}[move]
        return self.table(A(self.at("Table"), name))

    @signal
    def action_response(self, ok):
        payload = Struct("ActionAck", [("sequence", Raw(str(self.turn)))]) if ok \
            else Struct("TableError", [("reason", Raw(".timeout"))])
        return self.table(A(self.at("Table"), "actionResponse", self.result("ActionAck", ok, payload)))

    @signal
    def chat_received(self, who, line):
        self.msg += 1
        self.append(self.tp("chat"), St("ChatMessage", [("id", num(self.msg)), ("from", text(who)), ("text", text(line))]))
        return self.table(A(self.at("Table"), "chatMessageReceived", Struct("ChatMessage", [
            ("id", Raw(str(self.msg))), ("from", q(who)), ("text", q(line))])))

    # reason: an emoji a player sent: a new object from a person, though they come in bursts
    @signal
    def reaction_received(self, seat, emoji):
        self.rx += 1
        self.append(self.tp("reactions"), St("Reaction", [("id", num(self.rx)), ("seat", num(seat)),
                                                           ("emoji", text(emoji))]))
        self.after(3.0, self.reaction_expired, self.rx)
        return self.table(A(self.at("Table"), "reactionReceived", Struct("Reaction", [
            ("id", Raw(str(self.rx))), ("seat", Raw(str(seat))), ("emoji", q(emoji))])))

    @signal
    def emoji_tapped(self, emoji):
        return self.table(A(self.at("Table"), "emojiButtonTapped", q(emoji)))

    @signal
    def chat_sent(self):
        self.set(self.tp("chatDraft"), text(""))
        return self.table(A(self.at("Table"), "sendChatButtonTapped"))

    @signal
    def chat_toggle(self, on):
        self.set(self.tp("showsChat"), boolean(on))
        return self.table(self.binding("Table", "showsChat", _b(on)))

    @signal
    def player_joined(self, i, name, stack):
        self.seats[i] = {"name": name, "stack": stack, "bet": 0, "status": "sittingOut"}
        self.set(self.sp(i), self.seat_value(i))
        return self.table(A(self.at("Table"), "playerJoined", seat=Raw(str(i)), name=q(name)))

    @signal
    def player_left(self, i):
        self.seats[i] = {"name": None, "stack": 0, "bet": 0, "status": "empty"}
        self.set(self.sp(i), self.seat_value(i))
        return self.table(A(self.at("Table"), "playerLeft", seat=Raw(str(i))))

    @signal
    def leave_tapped(self):
        return self.table(A(self.at("Table"), "leaveButtonTapped"))

    @signal
    def leave_response(self):
        stack = self.seats[self.hero]["stack"]
        return self.table(A(self.at("Table"), "leaveResponse", self.result("CashOut", True, Struct(
            "CashOut", [("chips", Raw(str(stack)))]))))

    @signal
    def left_table(self):
        stack = self.seats[self.hero]["stack"]
        action = self.table(A(self.at("Table"), "delegate", A(self.at("Table.Delegate"), "didLeave",
                                                               chips=Raw(str(stack)))))
        self.balance += stack
        self.set(("wallet", "balance"), num(self.balance))
        for k in list(self.get(("path",)).d):
            self.delete(("path",), k)
        self.token += 1
        self.table_key = None
        self.history_key = None
        return action

    @signal
    def history_tapped(self):
        self.next_id += 1
        self.history_key = "#%d" % self.next_id
        self.put(("path",), self.history_key, En("Path.State", "history", St(self.st("History"), [
            ("hands", Arr()), ("isLoading", boolean(True)), ("selectedHand", NIL), ("replay", NIL)])))
        return self.table(A(self.at("Table"), "historyButtonTapped"))

    @signal
    def history_task(self):
        return self.history(A(self.at("History"), "task"))

    @signal
    def history_response(self):
        hands = self.hands_played[-20:][::-1]
        self.set(self.hp("isLoading"), boolean(False))
        self.set(self.hp("hands"), Arr(St("HandSummary", [("id", num(h[0])), ("result", num(h[1])), ("pot", num(h[2]))])
                                      for h in hands))
        return self.history(A(self.at("History"), "handsResponse", self.result("[HandSummary]", True, Struct(
            "HandPage", [("count", Raw(str(len(hands))))]))))

    @signal
    def hand_tapped(self, hid):
        self.set(self.hp("selectedHand"), num(hid))
        self.set(self.hp("replay"), St(self.st("Replay"), [("step", num(0)), ("steps", num(self.rng.randint(8, 20))),
                                                           ("isPlaying", boolean(False))]))
        return self.history(A(self.at("History"), "handTapped", id=Raw(str(hid))))

    @signal
    def replay_play(self):
        self.set(self.hp("replay", "isPlaying"), boolean(True))
        return self.history(A(self.at("History"), "replay", A(self.at("Replay"), "playButtonTapped")))

    @signal
    def pop_history(self):
        key = self.history_key
        if key is None:
            return None
        self.delete(("path",), key)
        self.history_key = None
        return self.act("path", A("StackAction<%s, %s>" % (self.st("Path"), self.at("Path")), "popFrom", id=Raw(key)))

    @signal
    def buy_tapped(self):
        self.set(("buyChips",), St(self.st("BuyChips"), [("packages", num(4)), ("selected", NIL),
                                                         ("isPurchasing", boolean(False))]))
        return self.act("wallet", A(self.at("Wallet"), "buyChipsButtonTapped"))

    @signal
    def package_tapped(self, pid):
        self.set(("buyChips", "selected"), text(pid))
        self.set(("buyChips", "isPurchasing"), boolean(True))
        return self.act("buyChips", A("PresentationAction<%s>" % self.at("BuyChips"), "presented",
                                      A(self.at("BuyChips"), "packageTapped", id=q(pid))))

    @signal
    def purchase_response(self, ok, chips):
        self.set(("buyChips", "isPurchasing"), boolean(False))
        payload = Struct("Transaction", [("id", Raw(str(2000000000 + self.rng.randrange(10 ** 8)))),
                                         ("productID", q("chips.%d" % chips))]) if ok \
            else Struct("StoreKitError", [("reason", Raw(".userCancelled"))])
        return self.act("buyChips", A("PresentationAction<%s>" % self.at("BuyChips"), "presented",
                                      A(self.at("BuyChips"), "purchaseResponse", self.result("Transaction", ok, payload))))

    @signal
    def purchased(self, chips):
        self.balance += chips
        self.set(("wallet", "balance"), num(self.balance))
        return self.act("buyChips", A("PresentationAction<%s>" % self.at("BuyChips"), "presented", A(
            self.at("BuyChips"), "delegate", A(self.at("BuyChips.Delegate"), "didPurchase", chips=Raw(str(chips))))))

    @signal
    def buy_dismissed(self):
        self.set(("buyChips",), NIL)
        return self.act("buyChips", A("PresentationAction<%s>" % self.at("BuyChips"), "dismiss"))

    # -- processes
    def processes(self):
        return [self.lobby_poll(), self.periodic(self.latency_now, 5.0, 0.05), self.person(), self.table_chatter()]

    def latency_now(self):
        self.emit(self.latency, round(max(18.0, self.rng.gauss(62.0, 14.0)), 1))

    def lobby_poll(self):
        rng = self.rng
        yield from self.periodic(self.poll_once, 3.0, 0.03, first=rng.uniform(2.5, 3.0))

    def poll_once(self):
        self.emit(self.refresh_fired)
        self.after(self.rng.uniform(0.12, 0.45), self.tables_response)

    def turn_clock(self, turn, hero):
        """The countdown for whoever acts: a tick a second; the person's time bank after."""
        while True:
            yield 1.0 + self.rng.uniform(-0.01, 0.01)
            if turn != self.turn or not self.at_table() or self.get(self.tp("actingSeat")) is NIL:
                return
            left = int(self.get(self.tp("timeLeft")).cd)
            if hero and left == 0 and self.get(self.tp("isUsingTimeBank")).cd != "true":
                self.emit(self.time_bank_warning)
                continue
            if hero and left == 0 and self.bank == 0:
                self.decision = ("fold", 0)       # the server folds the person
                return
            if not hero and left == 0:
                return
            self.emit(self.timer_ticked, turn)

    def table_chatter(self):
        """Chat and reactions from the other players."""
        rng = self.rng
        while True:
            yield self.expo(9.0)
            if not self.at_table():
                continue
            seated = [i for i, s in enumerate(self.seats) if s["name"] and i != self.hero]
            if not seated:
                continue
            if rng.random() < 0.45:
                i = rng.choice(seated)
                self.emit(self.chat_received, self.seats[i]["name"], rng.choice(CHAT))
            else:
                for _ in range(rng.choice([1, 1, 1, 2, 3])):
                    self.emit(self.reaction_received, rng.choice(seated), rng.choice(EMOJI))
                    yield rng.uniform(0.2, 1.2)

    def villain(self, token, i, to_call, current, bb):
        rng = self.rng
        think = min(14.5, rng.lognormvariate(math.log(2.5), 0.6))
        timeout = rng.random() < 0.04
        yield 15.3 if timeout else think
        if token != self.token:
            return None
        s = self.seats[i]
        if timeout:
            return ("fold", 0) if to_call else ("check", 0)
        r = rng.random()
        if to_call == 0:
            if r < 0.7:
                return ("check", 0)
            return ("bet", min(s["stack"] + s["bet"], max(bb, rng.choice([bb * 2, bb * 3, bb * 5]))))
        if r < 0.4:
            return ("fold", 0)
        if r < 0.88 or s["stack"] <= to_call:
            return ("call", min(current, s["stack"] + s["bet"]))
        return ("raise", min(s["stack"] + s["bet"], current * rng.choice([2, 3])))

    def hero_decide(self, token, to_call, current, bb):
        """The person's turn: thinking (the timer ticking), maybe the slider, then a tap."""
        rng = self.rng
        self.decision = None
        if self.history_key is not None:          # back from the history to act
            yield rng.uniform(1.5, 6.0)
            if token != self.token:
                return None
            self.emit(self.pop_history)
        think = rng.uniform(14.5, 22.0) if rng.random() < 0.12 else min(13.0, rng.lognormvariate(math.log(4.0), 0.5))
        end = self.now + think
        s = self.seats[self.hero]
        r = rng.random()
        if to_call == 0:
            move = "check" if r < 0.65 else "bet"
        else:
            move = "fold" if r < 0.4 else ("call" if r < 0.85 or s["stack"] <= to_call else "raise")
        top = s["stack"] + s["bet"]
        if move in ("bet", "raise"):
            # the slider in the last second or two of thinking
            drag = rng.uniform(0.5, 2.2)
            while self.now < end - drag:
                yield 0.1
                if self.decision is not None or token != self.token:
                    return self.decision
            lo = max(bb, current * 2)
            goal = min(top, max(lo, int(rng.uniform(lo, lo * 3) // bb * bb)))
            start = int(self.get(self.tp("raiseAmount")).cd)
            hz = rng.uniform(55, 60)
            n = max(3, int(drag * hz))

            def amount(i):
                f = (i + 1) / n
                v = start + (goal - start) * (f * f * (3 - 2 * f)) + rng.uniform(-1.5, 1.5) * bb
                return (int(max(lo, min(top, v)) // bb * bb),)
            yield from self.gesture(self.slider_moved, hz=hz, duration=n / hz, args=amount)
            yield rng.uniform(0.3, 1.0)
            amt = int(self.get(self.tp("raiseAmount")).cd)
            result = (move, max(lo, min(top, amt)))
        else:
            while self.now < end:
                yield 0.1
                if self.decision is not None or token != self.token:
                    return self.decision
            result = (move, current if move == "call" else 0)
        if self.decision is not None:
            return self.decision
        self.emit(self.hero_tapped, move)
        ok = rng.random() < 0.97
        yield rng.uniform(0.08, 0.35)
        self.emit(self.action_response, ok)
        if not ok:                                 # a retry by the person
            yield rng.uniform(0.8, 2.0)
            self.emit(self.hero_tapped, move)
            yield rng.uniform(0.08, 0.35)
            self.emit(self.action_response, True)
        yield rng.uniform(0.03, 0.12)
        return result

    def betting(self, token, street, bb):
        rng = self.rng
        order = [(self.button + k) % 6 for k in range(1, 7)]
        if street == "preflop":
            first = order.index(self.bb_seat) + 1
            order = order[first:] + order[:first]
        live = lambda: [i for i in range(6) if self.seats[i]["status"] in ("active", "allIn")]
        pending = [i for i in order if self.seats[i]["status"] == "active"]
        current = bb if street == "preflop" else 0
        while pending:
            i = pending.pop(0)
            if self.seats[i]["status"] != "active" or len(live()) <= 1:
                continue
            s = self.seats[i]
            to_call = current - s["bet"]
            if not [j for j in live() if j != i and self.seats[j]["status"] == "active"] and to_call <= 0:
                continue
            yield rng.uniform(0.2, 0.6)
            if token != self.token:
                return
            self.emit(self.turn_started, i, max(bb, current * 2))
            hero = i == self.hero
            self.spawn(self.turn_clock(self.turn, hero))
            if hero:
                self.hero_turn = True
                move = yield from self.hero_decide(token, to_call, current, bb)
                self.hero_turn = False
            else:
                move = yield from self.villain(token, i, to_call, current, bb)
            if token != self.token or move is None:
                return
            kind, amount = move
            if kind == "call" and to_call <= 0:
                kind = "check"
            self.emit(self.player_acted, i, kind, amount)
            if kind in ("bet", "raise") and s["bet"] > current:
                current = s["bet"]
                k = order.index(i)
                pending = [j for j in order[k + 1:] + order[:k] if self.seats[j]["status"] == "active"]
            if kind in ("call", "bet", "raise"):
                yield rng.uniform(0.04, 0.18)
                self.emit(self.pot_updated, self.pot())

    def pot(self):
        return self.committed + sum(s["bet"] for s in self.seats)

    def hands(self, token):
        """The table's dealer: hands one after another while the person sits there."""
        rng = self.rng
        n = rng.randint(1200, 4800)
        yield rng.uniform(1.0, 3.0)
        while token == self.token:
            seated = [i for i, s in enumerate(self.seats) if s["name"] and s["stack"] > 0]
            if len(seated) < 2:
                yield 2.0
                continue
            n += 1
            self.button = next((self.button + k) % 6 for k in range(1, 7) if (self.button + k) % 6 in seated)
            self.deck = [r + s for r in RANKS for s in SUITS]
            rng.shuffle(self.deck)
            self.committed = 0
            self.hero_paid = 0
            self.emit(self.hand_started, n)
            self.hero_in_hand = self.seats[self.hero]["status"] == "active"
            sb, bb = self.table_row["sb"], self.table_row["bb"]
            live = [i for i in range(6) if self.seats[i]["status"] == "active"]
            k = live.index(self.button) if self.button in live else 0
            sb_seat = live[(k + 1) % len(live)]
            self.bb_seat = live[(k + 2) % len(live)]
            for seat, amount, kind in ((sb_seat, sb, "postSmallBlind"), (self.bb_seat, bb, "postBigBlind")):
                yield rng.uniform(0.2, 0.45)
                if token != self.token:
                    return
                self.emit(self.player_acted, seat, kind, amount)
                yield rng.uniform(0.04, 0.15)
                self.emit(self.pot_updated, self.pot())
            yield rng.uniform(0.4, 0.9)
            if token != self.token:
                return
            if self.hero_in_hand:
                self.emit(self.hole_cards, self.deal(2))
            for street, count in (("preflop", 0), ("flop", 3), ("turn", 1), ("river", 1)):
                if street != "preflop":
                    yield rng.uniform(0.8, 1.6)
                    if token != self.token:
                        return
                    self.committed = self.pot()
                    self.emit(self.board_revealed, street, self.deal(count))
                yield from self.betting(token, street, bb)
                if token != self.token:
                    return
                if len([i for i in range(6) if self.seats[i]["status"] in ("active", "allIn")]) <= 1:
                    break
            yield rng.uniform(0.8, 1.6)
            if token != self.token:
                return
            pot = self.pot()
            alive = [i for i in range(6) if self.seats[i]["status"] in ("active", "allIn")]
            showdown = len(alive) > 1
            winners = [rng.choice(alive)] if rng.random() < 0.93 or len(alive) < 2 else rng.sample(alive, 2)
            hero_bet = self.hero_paid
            self.emit(self.hand_ended, winners, pot, showdown)
            self.committed = 0
            if self.hero_in_hand:
                self.hands_played.append((88000000 + n * 13, (pot // len(winners) if self.hero in winners else 0) - hero_bet, pot))
            self.hero_in_hand = False
            if pot > bb * 25:                      # a big pot: the table reacts
                seated_others = [i for i, s in enumerate(self.seats) if s["name"] and i != self.hero]
                for _ in range(rng.randint(1, 4)):
                    yield rng.uniform(0.3, 1.5)
                    if token != self.token or not seated_others:
                        return
                    self.emit(self.reaction_received, rng.choice(seated_others), rng.choice(EMOJI))
            yield rng.uniform(2.5, 5.0)
            if token != self.token:
                return
            # players come and go between hands; the broke leave
            for i, s in enumerate(self.seats):
                if i != self.hero and s["name"] and (s["stack"] == 0 or rng.random() < 0.04):
                    self.emit(self.player_left, i)
                    yield rng.uniform(0.1, 0.6)
            empty = [i for i, s in enumerate(self.seats) if s["name"] is None]
            if empty and rng.random() < 0.25:
                taken = {s["name"] for s in self.seats}
                self.emit(self.player_joined, rng.choice(empty), rng.choice([x for x in NAMES if x not in taken]),
                          bb * rng.randint(20, 100))
                yield rng.uniform(0.5, 1.5)

    def buy_chips(self):
        rng = self.rng
        self.emit(self.buy_tapped)
        yield rng.uniform(2.0, 6.0)
        chips = rng.choice([5000, 12000, 30000])
        self.emit(self.package_tapped, "chips.%d" % chips)
        yield rng.uniform(3.0, 9.0)                # the App Store's sheet
        ok = rng.random() < 0.85
        self.emit(self.purchase_response, ok, chips)
        if ok:
            yield rng.uniform(0.01, 0.05)
            self.emit(self.purchased, chips)
        yield rng.uniform(0.5, 2.0)
        self.emit(self.buy_dismissed)

    def join(self):
        rng = self.rng
        while True:
            choices = [r for r in self.lobby_rows if r["bb"] * 40 <= max(self.balance, 1)] or self.lobby_rows[:1]
            r = rng.choice(choices)
            self.emit(self.join_tapped, r)
            yield rng.uniform(0.3, 1.2)
            if r["players"] >= 6 or rng.random() < 0.1:
                self.emit(self.join_response, r, False)
                yield rng.uniform(2.0, 6.0)
                continue
            self.emit(self.join_response, r, True, rng.randrange(6))
            self.spawn(self.hands(self.token))
            return

    def at_table_side(self, until):
        """Between the person's turns: chat, reactions, the chat panel, the hand history."""
        rng = self.rng
        looked = False
        while self.now < until:
            yield rng.uniform(10, 45)
            if self.hero_turn or not self.at_table():
                continue
            r = rng.random()
            if r < 0.25:
                line = rng.choice(CHAT)
                for k in range(1, len(line) + 1):
                    self.emit(self.chat_typed, line[:k])
                    yield rng.uniform(0.1, 0.35)
                yield rng.uniform(0.2, 0.8)
                if self.at_table():
                    self.emit(self.chat_sent)
                    yield rng.uniform(0.1, 0.4)
                    self.emit(self.chat_received, "you", line)
            elif r < 0.45:
                emoji = rng.choice(EMOJI)
                self.emit(self.emoji_tapped, emoji)
                yield rng.uniform(0.1, 0.3)
                self.emit(self.reaction_received, self.hero, emoji)
            elif r < 0.55:
                self.emit(self.chat_toggle, self.get(self.tp("showsChat")).cd != "true")
            elif r < 0.75 and not looked and self.hands_played:
                looked = True
                self.emit(self.history_tapped)
                yield rng.uniform(0.01, 0.05)
                self.emit(self.history_task)
                yield rng.uniform(0.3, 1.0)
                if self.history_key is None:
                    continue
                self.emit(self.history_response)
                yield rng.uniform(2.0, 6.0)
                if self.history_key is None:
                    continue
                self.emit(self.hand_tapped, self.hands_played[-1][0])
                yield rng.uniform(1.0, 3.0)
                if self.history_key is None:
                    continue
                self.emit(self.replay_play)
                key = self.history_key
                while self.history_key == key and self.get(self.hp("replay", "isPlaying")).cd == "true":
                    yield 1.2 + rng.uniform(-0.005, 0.005)
                    if self.history_key == key:
                        self.emit(self.replay_step)
                yield rng.uniform(2.0, 5.0)
                if self.history_key == key:
                    self.emit(self.pop_history)

    def leave(self):
        rng = self.rng
        while self.hero_in_hand and self.seats[self.hero]["status"] == "active":
            yield 0.5
        if self.history_key is not None:
            self.emit(self.pop_history)
            yield rng.uniform(0.5, 1.5)
        self.emit(self.leave_tapped)
        yield rng.uniform(0.2, 0.6)
        self.emit(self.leave_response)
        yield rng.uniform(0.01, 0.03)
        self.emit(self.left_table)

    def person(self):
        rng = self.rng
        yield rng.uniform(0.5, 1.5)
        self.emit(self.app_task)
        yield rng.uniform(0.2, 0.6)
        self.emit(self.wallet_response)
        self.after(rng.uniform(0.2, 0.5), self.tables_response)
        yield rng.uniform(5, 20)
        self.emit(self.stakes_picked, rng.choice(["low", "medium"]))
        yield rng.uniform(3, 12)
        if rng.random() < 0.4:
            self.emit(self.pulled_to_refresh)
            self.after(rng.uniform(0.2, 0.6), self.tables_response)
            yield rng.uniform(3, 10)
        if self.balance < 3000:
            yield from self.buy_chips()
            yield rng.uniform(3, 10)
        while True:
            yield from self.join()
            yield from self.at_table_side(self.now + rng.uniform(200, 420))
            yield from self.leave()
            yield rng.uniform(5, 25)
            if rng.random() < 0.6:
                yield from self.buy_chips()
                yield rng.uniform(3, 15)
            self.emit(self.stakes_picked, rng.choice(["low", "medium", "high", "all"]))
            yield rng.uniform(4, 20)


APPS = {"meditation": Meditation, "grocery": Grocery, "poker": Poker}
