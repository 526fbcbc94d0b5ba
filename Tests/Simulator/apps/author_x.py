"""Three simulated TCA apps by author-x: an internet radio, a sailing instruments display and a
live streamer's dashboard, each over a session of a person using it.

radio: an internet radio player. The stations list loads at launch (and on pull to refresh);
the listener searches (a text field, debounced search responses), taps stations to play them,
favourites some, pauses and resumes, switches tabs, opens the equalizer sheet and drags its
band sliders or picks a preset, sets or cancels a sleep timer from a dialog and picks AirPlay
routes. While a stream plays, the player reports its buffer (seconds, throughput) about seven
times a second and its periodic time observer ticks the listening time every half second; it
polls the station's listener count every 30 s and receives the now-playing metadata when the
song changes (then the cover art). The network slows now and then (the buffer drains,
playback stalls, then resumes) or drops the stream: the player reconnects with exponential
backoff until a connection succeeds. The app goes to the background, where the lock screen's
remote commands pause and play; a phone call interrupts the audio; a sleep timer ticks down.

sailing: an instruments display on a boat's NMEA network (a WiFi gateway). Apparent wind
arrives at 4 Hz, heading at 5 Hz, boat speed at 2 Hz, depth and the GPS fix each second; AIS
position reports of other ships arrive per ship at the rate its class and speed set (a fast
ferry every 6 s, cargo every 10 s, class B yachts every 30 s, an anchored ship every 3 min),
with missed receptions, and their static data every 6 minutes; a timer prunes stale targets
each minute. The session starts at anchor: the skipper sets the anchor watch and drags its
radius slider, a gust makes the boat drag and the alarm goes off; the skipper silences it,
weighs anchor, writes a logbook entry and sails to a race start, raising the depth alarm
threshold with a stepper (a shallow patch sets the alarm off), starting the five-minute race
timer (which ticks each second and sounds its signals at 4:00, 1:00 and the start), marking
the start line's ends as waypoints and syncing the timer on the preparatory flag. A freighter
on a collision course raises a CPA warning that clears once it has passed. The skipper swipes
between instrument pages and taps AIS targets; the gateway's connection drops now and then
and is retried every 5 s until it is back.

livestream: a streamer's dashboard while live. The stream's uptime ticks each second, its
health (bitrate, fps, dropped frames) is reported each second, the viewer count is pushed
every few seconds, the microphone's level meter updates ten times a second, the event socket
sends a keepalive after ten quiet seconds and the chat socket a PING every five minutes. Chat
messages arrive from viewers (bursty: faster after a raid, a tip or a poll); follows, tips and
a raid arrive as alerts that a timer clears a few seconds later (or a tap dismisses). The
streamer edits the stream title (a sheet with a text field, saved to the server), pins and
unpins chat messages, bans a troll after a confirmation alert, runs polls (a sheet: question,
options, duration; the votes stream in as tallies, then the poll ends with its results),
switches scenes (a break with the mic muted) and mutes the mic for a moment; the server warns
when the upload connection turns unstable and when it recovers.
"""

import math

from tcasim import A, App, Arr, Dic, En, NIL, Raw, St, Struct, boolean, either, noise, num, q, signal, text

AUTHOR = "author-x"


def r1(x):
    return round(x, 1)


def fl(x, nd=1):
    """A Double literal in an action."""
    return Raw(repr(round(float(x), nd)))


# =============================================================================== radio

STATIONS = [("kexp", "KEXP 90.3 Seattle", "Eclectic", 128, 4100), ("fip", "FIP", "Eclectic", 192, 6900),
            ("groove-salad", "SomaFM Groove Salad", "Ambient", 128, 2300),
            ("radio-paradise", "Radio Paradise Main Mix", "Rock", 320, 3800), ("nts-1", "NTS 1", "Eclectic", 256, 1500),
            ("bbc-6music", "BBC Radio 6 Music", "Alternative", 128, 9200), ("jazz24", "Jazz24", "Jazz", 128, 900),
            ("dlf-kultur", "Deutschlandfunk Kultur", "Talk", 128, 2700), ("lofi", "Lofi Radio", "Lo-fi", 128, 11800),
            ("classic-fm", "Classic FM", "Classical", 128, 5200), ("worldwide-fm", "Worldwide FM", "Soul", 192, 700),
            ("drone-zone", "SomaFM Drone Zone", "Ambient", 128, 1600), ("fluxfm", "FluxFM", "Indie", 128, 1900),
            ("radio-swiss-jazz", "Radio Swiss Jazz", "Jazz", 128, 1100)]
TRACKS = [("Windowlicker", "Aphex Twin"), ("Teardrop", "Massive Attack"), ("Archangel", "Burial"),
          ("Heroes", "David Bowie"), ("So What", "Miles Davis"), ("Nightcall", "Kavinsky"),
          ("Everything In Its Right Place", "Radiohead"), ("Glory Box", "Portishead"), ("Svefn-g-englar", "Sigur Rós"),
          ("Midnight City", "M83"), ("Cold Little Heart", "Michael Kiwanuka"), ("Blue in Green", "Bill Evans"),
          ("Breathe", "Télépopmusik"), ("Innerbloom", "RÜFÜS DU SOL"), ("Strobe", "deadmau5"),
          ("Gymnopédie No. 1", "Erik Satie"), ("Nude", "Radiohead"), ("Roygbiv", "Boards of Canada"),
          ("Pink + White", "Frank Ocean"), ("Redbone", "Childish Gambino"), ("Holocene", "Bon Iver"),
          ("Take Five", "Dave Brubeck"), ("Weightless", "Marconi Union"), ("Ageispolis", "Aphex Twin")]
QUERIES = ["jazz", "soma", "fip", "radio paradise", "ambient", "kexp", "classic", "lofi", "nts"]
ROUTES = [("iPhone", "builtInSpeaker"), ("Living Room", "airPlay"), ("Kitchen HomePod", "airPlay"),
          ("AirPods Pro", "bluetoothA2DP")]
PRESETS = ["Flat", "Bass Booster", "Vocal", "Late Night", "Treble Booster"]


class Radio(App):
    name = "radio"
    module = "Radio"
    process = "Radio"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        App.__init__(self, session)
        self.ids = [s[0] for s in STATIONS]
        self.info = {s[0]: s for s in STATIONS}
        self.favs = set(self.rng.sample(self.ids, 2))
        self.listeners = {s[0]: s[4] for s in STATIONS}
        self.status = "idle"          # idle, connecting, playing, stalled, paused, reconnecting
        self.station = None
        self.conn = 0                 # the connection's generation: a new one cancels the old
        self.buffer = 0.0
        self.net = 1.8                # the network's throughput against the stream's bitrate
        self.outage_until = -1.0
        self.track_until = None
        self.elapsed = 0.0
        self.paused_at = 0.0
        self.sleep_left = None
        self.foreground = True
        self.tab = "browse"
        self.state = St(self.st("AppFeature"), [
            ("selectedTab", self.case("browse", "AppFeature.Tab")),
            ("browse", St(self.st("Browse"), [("stations", Arr()), ("isLoading", boolean(False)),
                                              ("searchQuery", text("")), ("searchResults", NIL)])),
            ("player", St(self.st("Player"), [("station", NIL), ("status", self.case("idle", "Player.Status")),
                                              ("nowPlaying", NIL), ("artworkURL", NIL),
                                              ("buffer", self.buffer_value(0.0, 0)),
                                              ("elapsed", num(0.0)), ("listeners", NIL),
                                              ("route", self.route_value(*ROUTES[0]))])),
            ("sleepTimer", St(self.st("SleepTimer"), [("remaining", NIL)])),
            ("equalizer", St(self.st("Equalizer"), [("isEnabled", boolean(True)), ("preset", text("Flat")),
                                                    ("bass", num(0.0)), ("mid", num(0.0)), ("treble", num(0.0))])),
            ("isEqualizerPresented", boolean(False)),
            ("destination", NIL),
            ("scenePhase", self.case("active", "ScenePhase"))])

    # -- values
    def route_value(self, name, kind):
        return St("AudioRoute", [("name", text(name)), ("kind", self.case(kind, "AudioRoute.Kind"))])

    def row(self, sid):
        name, genre = self.info[sid][1], self.info[sid][2]
        return St(self.st("StationRow"), [("id", text(sid)), ("name", text(name)), ("genre", text(genre)),
                                          ("isFavorite", boolean(sid in self.favs)), ("isPlaying", boolean(False))])

    def player(self, inner):
        return self.act("player", inner)

    def P(self, name, *a, **k):
        return self.player(A(self.at("Player"), name, *a, **k))

    def browse(self, inner):
        return self.act("browse", inner)

    def station_row(self, sid, inner):
        return self.browse(A(self.at("Browse"), "stations", self.element("StationRow", q(sid), inner)))

    def buffer_value(self, seconds, kbps):
        return St("BufferStatus", [("seconds", num(r1(seconds))), ("throughputKbps", num(kbps))])

    def set_buffer(self, seconds, kbps=0):
        self.set(("player", "buffer"), self.buffer_value(seconds, kbps))

    def status_case(self, name, attempt=None):
        if attempt is not None:
            return En("Player.Status", "reconnecting", num(attempt), label="attempt")
        return self.case(name, "Player.Status")

    def set_status(self, name, attempt=None):
        self.status = name
        self.set(("player", "status"), self.status_case(name, attempt))

    def row_index(self, sid):
        return self.ids.index(sid)

    # -- noise
    @noise
    def buffer_changed(self, conn):
        if conn != self.conn or self.status not in ("playing", "stalled"):
            return None
        kbps = int(self.net * self.info[self.station][3] * self.rng.uniform(0.85, 1.15))
        self.set_buffer(self.buffer, kbps)
        return self.P("bufferChanged", Struct("BufferStatus", [
            ("seconds", fl(self.buffer)), ("throughputKbps", Raw(str(kbps))),
            ("isLikelyToKeepUp", Raw("true" if self.status == "playing" else "false"))]))

    @noise
    def time_observed(self, conn):
        if conn != self.conn or self.status != "playing":
            return None
        self.elapsed += 0.5
        self.set(("player", "elapsed"), num(self.elapsed))
        return self.P("currentTimeChanged", seconds=fl(self.elapsed))

    # reason: a 30 s poll that nudges one number; it answers a timer, not the listener
    @noise
    def listeners_response(self, conn):
        if conn != self.conn or self.station is None or self.status not in ("playing", "stalled"):
            return None
        sid = self.station
        self.listeners[sid] = max(50, self.listeners[sid] + self.rng.randint(-40, 45))
        self.set(("player", "listeners"), num(self.listeners[sid]))
        return self.P("listenersResponse", self.result("Int", True, Raw(str(self.listeners[sid]))))

    # reason: the backoff's timer firing; the drop before it and the connect response after it carry the story
    @noise
    def reconnect_timer_fired(self, conn):
        if conn != self.conn:
            return None
        return self.P("reconnectTimerFired")

    @noise
    def sleep_tick(self):
        if self.sleep_left is None:
            return None
        self.sleep_left -= 1
        self.set(("sleepTimer", "remaining"), num(self.sleep_left))
        return self.act("sleepTimer", A(self.at("SleepTimer"), "tick"))

    @noise
    def eq_slider(self, band, value):
        self.set(("equalizer", band), num(value))
        self.set(("equalizer", "preset"), text("Custom"))
        return self.act("equalizer", self.binding("Equalizer", band, fl(value, 2)))

    # -- either
    @either
    def query_typed(self, value):
        self.set(("browse", "searchQuery"), text(value))
        if not value:
            self.set(("browse", "searchResults"), NIL)
        return self.browse(self.binding("Browse", "searchQuery", q(value)))

    # -- signal
    @signal
    def browse_task(self):
        self.set(("browse", "isLoading"), boolean(True))
        return self.browse(A(self.at("Browse"), "task"))

    @signal
    def stations_response(self):
        self.set(("browse", "isLoading"), boolean(False))
        self.set(("browse", "stations"), Arr(self.row(s) for s in self.ids))
        if self.station is not None:
            self.set(("browse", "stations", ("i", self.row_index(self.station)), "isPlaying"), boolean(True))
        return self.browse(A(self.at("Browse"), "stationsResponse", self.result("[Station]", True, Struct(
            "StationPage", [("count", Raw(str(len(self.ids)))), ("region", q("DE"))]))))

    @signal
    def refresh_pulled(self):
        self.set(("browse", "isLoading"), boolean(True))
        return self.browse(A(self.at("Browse"), "refreshPulled"))

    # reason: debounced responses to keystrokes; each answers the person's query (some are no-ops)
    @signal
    def search_response(self, query):
        hits = [s[0] for s in STATIONS if any(w in (s[1] + " " + s[2]).lower() for w in query.lower().split())]
        self.set(("browse", "searchResults"), Arr(text(h) for h in hits))
        return self.browse(A(self.at("Browse"), "searchResponse", self.result("[Station]", True, Struct(
            "SearchPage", [("query", q(query)), ("count", Raw(str(len(hits))))]))))

    @signal
    def play_tapped(self, sid):
        self.conn += 1
        if self.station is not None:
            self.set(("browse", "stations", ("i", self.row_index(self.station)), "isPlaying"), boolean(False))
        self.station = sid
        self.elapsed = 0.0
        self.buffer = 0.0
        self.track_until = None
        self.set(("browse", "stations", ("i", self.row_index(sid)), "isPlaying"), boolean(True))
        self.set(("player", "station"), St("Station", [("id", text(sid)), ("name", text(self.info[sid][1])),
                                                      ("bitrate", num(self.info[sid][3]))]))
        self.set_status("connecting")
        self.set(("player", "nowPlaying"), NIL)
        self.set(("player", "artworkURL"), NIL)
        self.set_buffer(0.0)
        self.set(("player", "elapsed"), num(0.0))
        self.set(("player", "listeners"), NIL)
        return self.station_row(sid, A(self.at("StationRow"), "playTapped"))

    @signal
    def favorite_tapped(self, sid):
        on = sid not in self.favs
        (self.favs.add if on else self.favs.discard)(sid)
        self.set(("browse", "stations", ("i", self.row_index(sid)), "isFavorite"), boolean(on))
        return self.station_row(sid, A(self.at("StationRow"), "favoriteTapped"))

    # reason: also answers the backoff's retries, not only a tap; a connection made or refused is an event
    @signal
    def stream_response(self, conn, ok, attempt=1):
        if conn != self.conn:
            return None
        info = self.info[self.station]
        if not ok:
            self.set_status("reconnecting", attempt)
        if ok:
            self.set_status("playing")
            self.buffer = self.rng.uniform(1.0, 2.5)
            self.set_buffer(self.buffer, int(self.net * info[3]))
            self.set(("player", "listeners"), num(self.listeners[self.station]))
            payload = Struct("StreamInfo", [("url", q("https://stream.example.net/%s.aac" % info[0])),
                                            ("codec", q("AAC")), ("bitrate", Raw(str(info[3])))])
        else:
            payload = Struct("URLError", [("code", Raw(self.rng.choice(["-1009", "-1001", "-1005"])))])
        return self.P("streamResponse", self.result("StreamInfo", ok, payload))

    # reason: pushed by the stream, but a new song is an event (a new value, minutes apart); re-sent once per reconnect
    @signal
    def metadata_received(self, conn, again=False):
        if conn != self.conn or self.status not in ("playing", "stalled"):
            return None
        current = self.get(("player", "nowPlaying"))
        if again and current is not NIL:                # the stream re-sends the song it is in
            title, artist = current.f["title"].df, current.f["artist"].df
        else:
            title, artist = self.rng.choice(TRACKS)
            self.set(("player", "artworkURL"), NIL)
        self.set(("player", "nowPlaying"), St("TrackMetadata", [("title", text(title)), ("artist", text(artist))]))
        return self.P("metadataReceived", Struct("TrackMetadata", [("title", q(title)), ("artist", q(artist))]))

    # reason: the cover of a new song, the response to the metadata event's lookup, once a song
    @signal
    def artwork_response(self, conn, ok):
        if conn != self.conn:
            return None
        if ok:
            url = "https://img.example.net/covers/%s.jpg" % self.uid()[:8].lower()
            self.set(("player", "artworkURL"), text(url))
            payload = Struct("Artwork", [("url", q(url)), ("size", Raw("600"))])
        else:
            payload = Struct("ArtworkError", [("reason", q("notFound"))])
        return self.P("artworkResponse", self.result("Artwork", ok, payload))

    @signal
    def play_pause_tapped(self):
        if self.status == "paused":
            self.conn += 1
            self.set_status("connecting")
        else:
            self.conn += 1
            self.paused_at = self.now
            self.set_status("paused")
        return self.P("playPauseButtonTapped")

    @signal
    def remote_command(self, cmd):
        if cmd == "pause":
            self.conn += 1
            self.set_status("paused")
        else:
            self.conn += 1
            self.set_status("connecting")
        return self.act("remoteCommand", A("RemoteCommand", cmd))

    @signal
    def interruption(self, began):
        if began:
            self.conn += 1
            self.set_status("paused")
        else:
            self.conn += 1
            self.set_status("connecting")
        return self.act("audioSessionInterrupted", A("AudioInterruption", "began" if began else "ended"))

    # reason: the network's doing, not the listener's, but playback stopping is the event a reader looks for
    @signal
    def stalled(self, conn):
        if conn != self.conn:
            return None
        self.set_status("stalled")
        return self.P("playbackStalled")

    # reason: the end of a stall, paired with it
    @signal
    def resumed(self, conn):
        if conn != self.conn:
            return None
        self.set_status("playing")
        return self.P("playbackLikelyToKeepUp")

    @signal
    def stream_failed(self, conn):
        if conn != self.conn:
            return None
        self.conn += 1
        self.set_status("reconnecting", 1)
        self.buffer = 0.0
        self.set_buffer(0.0)
        return self.P("streamFailed", Struct("StreamError", [("code", Raw("-1005")),
                                                              ("description", q("The network connection was lost."))]))

    @signal
    def tab_selected(self, tab):
        self.tab = tab
        self.set(("selectedTab",), self.case(tab, "AppFeature.Tab"))
        return self.act("tabSelected", A("AppFeature.Tab", tab))

    # reason: the person picks the route in the system's AirPlay picker; the app only hears the change
    @signal
    def route_changed(self, name, kind):
        self.set(("player", "route"), self.route_value(name, kind))
        return self.P("routeChanged", Struct("AudioRoute", [("name", q(name)), ("kind", Raw("." + kind))]))

    @signal
    def equalizer_presented(self, on):
        self.set(("isEqualizerPresented",), boolean(on))
        return self.act("binding", self.binding("AppFeature", "isEqualizerPresented",
                                                Raw("true" if on else "false")).args[0][1])

    @signal
    def eq_enabled(self, on):
        self.set(("equalizer", "isEnabled"), boolean(on))
        return self.act("equalizer", self.binding("Equalizer", "isEnabled", Raw("true" if on else "false")))

    @signal
    def preset_tapped(self, name):
        gains = {"Flat": (0, 0, 0), "Bass Booster": (6, 0, -1), "Vocal": (-2, 4, 1), "Late Night": (3, -1, -3),
                 "Treble Booster": (-1, 0, 6)}[name]
        self.set(("equalizer", "preset"), text(name))
        for band, g in zip(("bass", "mid", "treble"), gains):
            self.set(("equalizer", band), num(float(g)))
        return self.act("equalizer", A(self.at("Equalizer"), "presetTapped", q(name)))

    @signal
    def sleep_button(self):
        self.set(("destination",), En("Destination.State", "sleepTimerDialog",
                                      St("ConfirmationDialogState", [("title", text("Sleep Timer"))])))
        return self.act("sleepTimerButtonTapped")

    @signal
    def sleep_chosen(self, minutes):
        self.set(("destination",), NIL)
        if minutes is None:
            self.sleep_left = None
            self.set(("sleepTimer", "remaining"), NIL)
            choice = A("SleepTimerDialog", "cancelTimer")
        else:
            self.sleep_left = minutes * 60
            self.set(("sleepTimer", "remaining"), num(self.sleep_left))
            choice = A("SleepTimerDialog", "durationTapped", minutes=Raw(str(minutes)))
        return self.act("destination", A("PresentationAction<%s>" % self.at("Destination"), "presented",
                                         A(self.at("Destination"), "sleepTimerDialog", choice)))

    # reason: a timer's end, but it stops playback: the one tick that does something
    @signal
    def sleep_fired(self):
        self.sleep_left = None
        self.set(("sleepTimer", "remaining"), NIL)
        if self.status in ("playing", "stalled", "connecting", "reconnecting"):
            self.conn += 1
            self.set_status("paused")
        return self.act("sleepTimer", A(self.at("SleepTimer"), "fired"))

    # reason: the system's, but the app going to the background explains what follows
    @signal
    def scene_phase(self, phase):
        self.foreground = phase == "active"
        self.set(("scenePhase",), self.case(phase, "ScenePhase"))
        return self.act("scenePhaseChanged", A("ScenePhase", phase))

    # -- processes
    def processes(self):
        return [self.boot(), self.person(), self.engine(), self.lifecycle(), self.network(),
                self.periodic(self.sleep_tick, 1.0, 0.003), self.sleep_watch()]

    def drag(self, v0, goal, f):
        """A finger on a slider: eased, wobbling, overshooting a little before it settles."""
        ease = f * f * (3 - 2 * f)
        v = v0 + (goal - v0) * ease * (1.0 + 0.06 * math.sin(math.pi * f)) + self.rng.gauss(0, 0.08)
        return round(max(-12.0, min(12.0, v)), 2)

    def boot(self):
        yield self.rng.uniform(0.2, 0.5)
        self.emit(self.browse_task)
        yield self.rng.uniform(0.4, 1.4)
        self.emit(self.stations_response)

    def connect(self, first_delay=None):
        """A connection attempt: the stream's response after a short lag, then its processes."""
        conn = self.conn
        yield first_delay if first_delay is not None else self.rng.uniform(0.3, 1.4)
        if conn != self.conn:
            return
        if self.now < self.outage_until:
            self.emit(self.stream_response, conn, False, 1)
            self.spawn(self.backoff(conn, 1))
            return
        self.emit(self.stream_response, conn, True)
        self.spawn(self.stream_processes(conn))

    def backoff(self, conn, attempt):
        while conn == self.conn:
            yield min(30.0, 2.0 ** (attempt - 1)) * self.rng.uniform(0.9, 1.2)
            if conn != self.conn:
                return
            self.emit(self.reconnect_timer_fired, conn)
            yield self.rng.uniform(0.3, 1.2)
            if conn != self.conn:
                return
            ok = self.now >= self.outage_until
            attempt += 1
            self.emit(self.stream_response, conn, ok, attempt)
            if ok:
                self.spawn(self.stream_processes(conn))
                return

    def every(self, maker, period, jitter, conn, first):
        """A timer of one connection: it ends when the connection does."""
        due = self.now + first
        while conn == self.conn:
            due += self.rng.uniform(-jitter, jitter)
            yield max(0.0005, due - self.now)
            if conn != self.conn:
                return
            self.emit(maker, conn)
            due += period

    def stream_processes(self, conn):
        """One playing connection: the buffer reporter, the clock, the listener poll, the metadata."""
        rng = self.rng
        self.spawn(self.every(self.buffer_changed, 0.15, 0.006, conn, rng.uniform(0.05, 0.15)))
        self.spawn(self.every(self.time_observed, 0.5, 0.002, conn, 0.5))
        self.spawn(self.every(self.listeners_response, 30.0, 0.25, conn, rng.uniform(8, 30)))
        yield rng.uniform(0.4, 2.5)
        again = self.get(("player", "nowPlaying")) is not NIL and self.now < (self.track_until or 0)
        while conn == self.conn:
            if self.status in ("playing", "stalled"):
                self.emit(self.metadata_received, conn, again)
                if not again:
                    yield rng.uniform(0.3, 1.2)
                    self.emit(self.artwork_response, conn, rng.random() < 0.85)
                    self.track_until = self.now + rng.uniform(120, 330)
                again = False
                yield max(1.0, self.track_until - self.now)
            else:
                yield 1.0

    def engine(self):
        """The buffer's level: it fills toward ~12 s at a good throughput and drains when the
        network is slower than the stream; an empty buffer stalls playback."""
        while True:
            yield 0.05
            if self.status == "playing":
                self.buffer = min(12.0 + self.rng.uniform(-0.3, 0.3),
                                  self.buffer + 0.05 * (self.net - 1.0) * self.rng.uniform(0.8, 1.2))
                if self.buffer <= 0.0:
                    self.buffer = 0.0
                    self.emit(self.stalled, self.conn)
            elif self.status == "stalled":
                self.buffer = max(0.0, self.buffer + 0.05 * self.net * self.rng.uniform(0.8, 1.2))
                if self.buffer >= 2.0:
                    self.emit(self.resumed, self.conn)

    def network(self):
        rng = self.rng
        while True:
            yield self.expo(160.0)
            if rng.random() < 0.55:                      # a slow patch: the buffer drains
                self.net = rng.uniform(0.05, 0.6)
                yield rng.uniform(10, 45)
                self.net = rng.uniform(2.5, 4.0)
                yield rng.uniform(5, 10)
                self.net = rng.uniform(1.6, 2.2)
            else:                                        # the stream drops
                self.outage_until = self.now + rng.uniform(3, 25)
                if self.status in ("playing", "stalled"):
                    self.emit(self.stream_failed, self.conn)
                    self.spawn(self.backoff(self.conn, 1))

    def sleep_watch(self):
        while True:
            yield 0.25
            if self.sleep_left is not None and self.sleep_left <= 0:
                self.emit(self.sleep_fired)

    def lifecycle(self):
        rng = self.rng
        yield rng.uniform(150, 300)
        while True:
            self.emit(self.scene_phase, "inactive")
            yield rng.uniform(0.3, 0.8)
            self.emit(self.scene_phase, "background")
            away = rng.uniform(60, 200)
            end = self.now + away
            while self.now < end:                       # the lock screen and the headphones
                yield rng.uniform(20, 90)
                if self.now >= end:
                    break
                if rng.random() < 0.35:
                    if self.status in ("playing", "stalled"):
                        self.emit(self.remote_command, "pause")
                    elif self.status == "paused":
                        self.emit(self.remote_command, "play")
                        self.spawn(self.connect())
            yield max(0.0, end - self.now)
            self.emit(self.scene_phase, "inactive")
            yield rng.uniform(0.2, 0.5)
            self.emit(self.scene_phase, "active")
            yield rng.uniform(180, 360)

    def person(self):
        rng = self.rng
        think = self.think((2.0, 7.0), (20.0, 60.0), (40, 120), (60, 180))
        yield rng.uniform(3, 8)
        first = rng.choice(sorted(self.favs))
        self.emit(self.play_tapped, first)
        self.spawn(self.connect())
        called = False
        while True:
            yield next(think)
            if not self.foreground:
                continue
            if not called and self.now > 240 and rng.random() < 0.03:      # a phone call
                called = True
                if self.status in ("playing", "stalled", "connecting"):
                    self.emit(self.interruption, True)
                    yield rng.uniform(30, 90)
                    self.emit(self.interruption, False)
                    self.spawn(self.connect())
                continue
            if self.status == "paused" and self.now - self.paused_at > 15 and rng.random() < 0.6:   # back to listening
                self.emit(self.play_pause_tapped)
                self.spawn(self.connect())
                continue
            r = rng.random()
            if r < 0.20:                                    # play another station
                if self.tab != "browse":
                    self.emit(self.tab_selected, "browse")
                    yield rng.uniform(0.8, 2.5)
                sid = rng.choice(self.ids)
                self.emit(self.play_tapped, sid)
                self.spawn(self.connect())
            elif r < 0.32:                                  # search, then maybe play a hit
                if self.tab != "browse":
                    self.emit(self.tab_selected, "browse")
                    yield rng.uniform(0.8, 2.0)
                word = rng.choice(QUERIES)
                for k in range(1, len(word) + 1):
                    self.emit(self.query_typed, word[:k])
                    gap = rng.uniform(0.12, 0.5) if k < len(word) else rng.uniform(0.6, 1.5)
                    if gap > 0.36:                          # debounced by 300 ms
                        lag = min(gap - 0.02, 0.3 + rng.uniform(0.05, 0.25))
                        yield lag
                        self.emit(self.search_response, word[:k])
                        gap -= lag
                    yield gap
                hits = [s[0] for s in STATIONS if any(w in (s[1] + " " + s[2]).lower() for w in word.split())]
                yield rng.uniform(1.0, 4.0)
                if hits and rng.random() < 0.75:
                    self.emit(self.play_tapped, hits[0] if rng.random() < 0.7 else rng.choice(hits))
                    self.spawn(self.connect())
                yield rng.uniform(1.0, 5.0)
                for k in range(len(word) - 1, -1, -1) if rng.random() < 0.5 else [0]:
                    self.emit(self.query_typed, word[:k])
                    yield rng.uniform(0.06, 0.15)
            elif r < 0.38:                                  # a favourite
                self.emit(self.favorite_tapped, rng.choice(self.ids))
            elif r < 0.41:                                  # pause or resume
                if self.status in ("playing", "stalled", "paused"):
                    self.emit(self.play_pause_tapped)
                    if self.status == "connecting":
                        self.spawn(self.connect())
                    elif rng.random() < 0.8:                # a short pause: someone talking
                        yield rng.uniform(8, 80)
                        if self.status == "paused" and self.foreground:
                            self.emit(self.play_pause_tapped)
                            self.spawn(self.connect())
            elif r < 0.60:                                  # another tab
                self.emit(self.tab_selected, rng.choice([t for t in ("browse", "favorites", "nowPlaying")
                                                         if t != self.tab]))
            elif r < 0.68:                                  # the equalizer
                if self.tab != "nowPlaying":
                    self.emit(self.tab_selected, "nowPlaying")
                    yield rng.uniform(0.8, 2.0)
                self.emit(self.equalizer_presented, True)
                yield rng.uniform(1.0, 3.0)
                if rng.random() < 0.3:
                    self.emit(self.preset_tapped, rng.choice(PRESETS))
                    yield rng.uniform(1.0, 4.0)
                for _ in range(rng.randint(1, 4)):
                    band = rng.choice(["bass", "mid", "treble"])
                    v0 = float(self.get(("equalizer", band)).cd)
                    goal = rng.uniform(-12, 12)
                    hz = rng.uniform(30, 60)
                    n = max(3, int(hz * rng.uniform(0.3, 1.5)))
                    yield from self.gesture(self.eq_slider, hz=hz, duration=n / hz, args=lambda i, b=band, v0=v0,
                                            g=goal, n=n: (b, self.drag(v0, g, (i + 1) / n)))
                    yield rng.uniform(1.0, 4.0)
                if rng.random() < 0.2:
                    self.emit(self.eq_enabled, self.get(("equalizer", "isEnabled")).cd != "true")
                    yield rng.uniform(1.0, 3.0)
                self.emit(self.equalizer_presented, False)
            elif r < 0.73 and self.status != "paused":     # the sleep timer
                self.emit(self.sleep_button)
                yield rng.uniform(1.0, 3.0)
                if self.sleep_left is not None and rng.random() < 0.6:
                    self.emit(self.sleep_chosen, None)
                else:
                    self.emit(self.sleep_chosen, rng.choice([5, 10, 15, 30, 30, 45, 60]))
            elif r < 0.80:                                  # AirPlay
                name, kind = rng.choice(ROUTES)
                if name != self.get(("player", "route", "name")).df:
                    self.emit(self.route_changed, name, kind)
            elif r < 0.84:                                  # pull to refresh
                if self.tab == "browse":
                    self.emit(self.refresh_pulled)
                    yield rng.uniform(0.4, 1.5)
                    self.emit(self.stations_response)
            # else: listening


# ============================================================================= sailing

SHIPS = [  # mmsi, name, class, speed (kn), course, x (m east of the boat), y (m north)
    (211331640, "STENA GERMANICA", "A", 17.5, 40.0, -5200.0, -6400.0),
    (219000873, "COLOR FANTASY", "A", 16.0, 215.0, 3500.0, 7200.0),
    (636018744, "NORDIC ORION", "A", 11.2, 95.0, -4100.0, 2100.0),
    (211215320, "KIEL PILOT", "A", 0.0, 0.0, 1800.0, -2600.0),
    (211502770, "SVS Adler", "B", 6.1, 180.0, -900.0, 1500.0),
    (211778210, "Seeschwalbe", "B", 5.4, 300.0, 1300.0, 900.0),
    (244690112, "BUGSIER 10", "A", 8.3, 260.0, 3100.0, -800.0),
]
CROSSER = (265610880, "MARIA K", "A", 10.8, 95.0, 0.0, 0.0)
LATE_SHIPS = [(538007341, "ATLANTIC SUN", "A", 12.4, 20.0, -2600.0, -7800.0),
              (211640920, "Windspiel", "B", 5.0, 140.0, -2300.0, 1900.0)]
LAT0, LON0 = 54.3711, 10.1623
LOG_NOTES = ["Anchor dragged in gusts, weighed anchor", "Reefed main, wind 18 kn", "Heading to start area",
             "Start line laid, pin end marked", "Crew ready, jib up", "Passed shallow patch off Friedrichsort"]
PAGES = ["wind", "performance", "depth", "map", "anchor", "race"]


def norm180(a):
    return (a + 180.0) % 360.0 - 180.0


class Sailing(App):
    name = "sailing"
    module = "SailInstruments"
    process = "SailInstruments"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        self.x = 0.0            # the boat, metres east and north of its anchor
        self.y = 0.0
        self.tws = rng.uniform(11, 14)
        self.twd = rng.uniform(240, 270)
        self.gust = 0.0
        self.hdg = self.twd
        self.bs = 0.0
        self.depth = rng.uniform(5.2, 6.0)
        self.phase = "anchored"   # anchored, dragging, sailing
        self.course = self.twd
        self.connected = True
        self.page = "wind"
        self.anchor_set = False
        self.anchor_xy = None
        self.radius = 40.0
        self.alarming = False
        self.depth_threshold = 3.0
        self.depth_alarm = False
        self.shallow_until = None
        self.race = None           # the race timer's start time
        self.race_signals = set()
        self.ships = {}
        self.last_heard = {}
        self.cpa_ship = None
        self.cpa_on = False
        self.wps = []
        self.log_ids = []
        targets = {}
        for s in SHIPS:
            self.ships[s[0]] = list(s)
            targets[s[0]] = self.target_value(s[0])
            self.last_heard[s[0]] = 0.0
        self.state = St(self.st("AppFeature"), [
            ("page", self.case("wind", "Page")),
            ("connection", St(self.st("Connection"), [("gateway", text("192.168.4.1:10110")),
                                                     ("status", self.case("connected", "Connection.Status"))])),
            ("instruments", St(self.st("Instruments"), [
                ("apparentWindSpeed", num(0.0)), ("apparentWindAngle", num(0.0)), ("trueWindSpeed", num(0.0)),
                ("trueWindDirection", num(0.0)), ("boatSpeed", num(0.0)), ("heading", num(0.0)),
                ("depth", num(r1(self.depth)))])),
            ("gps", St(self.st("GPS"), [("position", self.coord(0.0, 0.0)), ("speedOverGround", num(0.0)),
                                        ("courseOverGround", num(0.0)), ("satellites", num(11))])),
            ("ais", St(self.st("AIS"), [("targets", Dic(targets, quoted=False)), ("selected", NIL),
                                        ("warning", NIL)])),
            ("anchorWatch", St(self.st("AnchorWatch"), [("anchorPosition", NIL), ("radius", num(40.0)),
                                                        ("distance", NIL), ("isAlarming", boolean(False))])),
            ("depthAlarm", St(self.st("DepthAlarm"), [("threshold", num(3.0)), ("isAlarming", boolean(False))])),
            ("raceTimer", St(self.st("RaceTimer"), [("phase", self.case("idle", "RaceTimer.Phase")),
                                                    ("seconds", num(300)), ("lastSignal", NIL)])),
            ("waypoints", Arr()),
            ("logbook", St(self.st("Logbook"), [("entries", Arr())])),
            ("destination", NIL)])

    # -- values
    def latlon(self, x, y):
        return (LAT0 + y / 111320.0, LON0 + x / (111320.0 * math.cos(math.radians(LAT0))))

    def coord(self, x, y):
        lat, lon = self.latlon(x, y)
        return St("Coordinate", [("latitude", num(round(lat, 6))), ("longitude", num(round(lon, 6)))])

    def coord_arg(self, x, y):
        lat, lon = self.latlon(x, y)
        return Struct("Coordinate", [("latitude", fl(lat, 6)), ("longitude", fl(lon, 6))])

    def target_value(self, mmsi, named=True):
        s = self.ships[mmsi]
        lat, lon = self.latlon(s[5], s[6])
        return St(self.st("AISTarget"), [("mmsi", num(mmsi)), ("name", text(s[1]) if named else NIL),
                                         ("position", St("Coordinate", [("latitude", num(round(lat, 5))),
                                                                        ("longitude", num(round(lon, 5)))])),
                                         ("sog", num(r1(s[3]))), ("cog", num(r1(s[4])))])

    def I(self, name, *a, **k):
        return self.act("instruments", A(self.at("Instruments"), name, *a, **k))

    def feature(self, root, feature, name, *a, **k):
        return self.act(root, A(self.at(feature), name, *a, **k))

    # -- noise: the instruments, the GPS and AIS streams, the timers
    @noise
    def wind_received(self):
        if not self.connected:
            return None
        twa = math.radians(norm180(self.twd - self.hdg))
        tws = self.tws + self.gust
        ax = tws * math.cos(twa) + self.bs
        ay = tws * math.sin(twa)
        aws = math.hypot(ax, ay) + self.rng.gauss(0, 0.25)
        awa = math.degrees(math.atan2(ay, ax)) + self.rng.gauss(0, 2.0)
        base = ("instruments",)
        self.set(base + ("apparentWindSpeed",), num(r1(aws)))
        self.set(base + ("apparentWindAngle",), num(r1(awa)))
        self.set(base + ("trueWindSpeed",), num(r1(tws + self.rng.gauss(0, 0.2))))
        self.set(base + ("trueWindDirection",), num(round((self.twd + self.rng.gauss(0, 1.5)) % 360)))
        return self.I("windReceived", Struct("ApparentWind", [("angle", fl(awa)), ("speed", fl(aws))]))

    @noise
    def heading_received(self):
        if not self.connected:
            return None
        h = (self.hdg + self.rng.gauss(0, 0.4)) % 360
        self.set(("instruments", "heading"), num(r1(h)))
        return self.I("headingReceived", degrees=fl(h))

    @noise
    def speed_received(self):
        if not self.connected:
            return None
        v = max(0.0, self.bs + self.rng.gauss(0, 0.08))
        self.set(("instruments", "boatSpeed"), num(r1(v)))
        return self.I("speedReceived", knots=fl(v))

    @noise
    def depth_received(self):
        if not self.connected:
            return None
        d = max(0.5, self.depth + self.rng.gauss(0, 0.05))
        self.set(("instruments", "depth"), num(r1(d)))
        if r1(d) < self.depth_threshold and not self.depth_alarm:
            self.spawn(self.later(self.rng.uniform(0.01, 0.05), self.depth_alarm_changed, True))
        elif r1(d) > self.depth_threshold + 0.3 and self.depth_alarm:
            self.spawn(self.later(self.rng.uniform(0.01, 0.05), self.depth_alarm_changed, False))
        return self.I("depthReceived", meters=fl(d))

    @noise
    def fix_received(self):
        if not self.connected:
            return None
        sog = self.bs if self.phase == "sailing" else (0.8 if self.phase == "dragging" else 0.1)
        sog = max(0.0, sog + self.rng.gauss(0, 0.08))
        cog = (self.hdg if self.phase == "sailing" else (self.twd + 180) % 360) + self.rng.gauss(0, 4)
        self.set(("gps", "position"), self.coord(self.x, self.y))
        self.set(("gps", "speedOverGround"), num(r1(sog)))
        self.set(("gps", "courseOverGround"), num(round(cog % 360)))
        self.set(("gps", "satellites"), num(self.rng.choice([10, 11, 11, 12, 12, 12, 13])))
        if self.anchor_set:
            dist = math.hypot(self.x - self.anchor_xy[0], self.y - self.anchor_xy[1]) + self.rng.gauss(0, 1.5)
            self.set(("anchorWatch", "distance"), num(round(max(0.0, dist))))
            if dist > self.radius and not self.alarming:
                self.spawn(self.later(self.rng.uniform(0.01, 0.05), self.anchor_alarm, round(dist)))
        return self.act("gps", A(self.at("GPS"), "fixReceived", Struct("GPSFix", [
            ("coordinate", self.coord_arg(self.x, self.y)), ("speedOverGround", fl(sog)),
            ("courseOverGround", fl(cog % 360, 0))])))

    # reason: each ship's position report arrives on its own steady schedule (per MMSI), a measurement
    @noise
    def ais_report(self, mmsi):
        if not self.connected:
            return None
        s = self.ships[mmsi]
        self.last_heard[mmsi] = self.now
        known = mmsi in self.get(("ais", "targets")).d
        if known:
            old = self.get(("ais", "targets", ("k", mmsi)))
            self.put(("ais", "targets"), mmsi, St(old.t, [("mmsi", old.f["mmsi"]), ("name", old.f["name"]),
                                                           ("position", self.target_value(mmsi).f["position"]),
                                                           ("sog", num(r1(s[3]))), ("cog", num(r1(s[4])))]))
        else:
            self.put(("ais", "targets"), mmsi, self.target_value(mmsi, named=False))
        lat, lon = self.latlon(s[5], s[6])
        return self.act("ais", A(self.at("AIS"), "positionReported", Struct("AISPositionReport", [
            ("mmsi", Raw(str(mmsi))), ("latitude", fl(lat, 5)), ("longitude", fl(lon, 5)),
            ("sog", fl(s[3])), ("cog", fl(s[4]))])))

    # reason: the ship's static data, re-sent every 6 minutes: a no-op once the name is known
    @noise
    def ais_static(self, mmsi):
        if not self.connected or mmsi not in self.get(("ais", "targets")).d:
            return None
        self.set(("ais", "targets", ("k", mmsi), "name"), text(self.ships[mmsi][1]))
        return self.act("ais", A(self.at("AIS"), "staticDataReceived", Struct("AISStaticData", [
            ("mmsi", Raw(str(mmsi))), ("name", q(self.ships[mmsi][1])),
            ("shipType", Raw(".passenger" if self.ships[mmsi][2] == "A" else ".sailing"))])))

    @noise
    def prune_fired(self):
        targets = self.get(("ais", "targets")).d
        for mmsi in list(targets):
            if self.now - self.last_heard.get(mmsi, 0.0) > 600:
                self.delete(("ais", "targets"), mmsi)
        return self.act("ais", A(self.at("AIS"), "pruneTimerFired"))

    @noise
    def race_tick(self):
        if self.race is None:
            return None
        t = int(round(self.now - self.race))
        if t < 300:
            self.set(("raceTimer", "seconds"), num(300 - t))
        else:
            self.set(("raceTimer", "phase"), self.case("racing", "RaceTimer.Phase"))
            self.set(("raceTimer", "seconds"), num(t - 300))
        return self.feature("raceTimer", "RaceTimer", "tick")

    # reason: the retry timer's firing; the failure before it and the connect response after it tell the story
    @noise
    def reconnect_timer(self):
        self.set(("connection", "status"), self.case("connecting", "Connection.Status"))
        return self.feature("connection", "Connection", "reconnectTimerFired")

    @noise
    def radius_dragged(self, value):
        self.radius = value
        self.set(("anchorWatch", "radius"), num(value))
        return self.act("anchorWatch", self.binding("AnchorWatch", "radius", fl(value)))

    # -- either
    @either
    def note_typed(self, value):
        self.set(("destination", ("e", "logEntry"), "note"), text(value))
        return self.act("destination", A("PresentationAction<%s>" % self.at("Destination"), "presented",
                                         A(self.at("Destination"), "logEntry", self.binding("LogEntry", "note",
                                                                                            q(value)))))

    # -- signal
    # reason: a deliberate swipe or tap to another page, one per gesture
    @signal
    def page_changed(self, page):
        self.page = page
        self.set(("page",), self.case(page, "Page"))
        return self.act("binding", A("BindingAction<%s>" % self.st("AppFeature").replace(".", ""), "set",
                                     Raw("\\%s.$page" % self.st("AppFeature")), Raw("." + page)))

    @signal
    def disconnected(self):
        self.connected = False
        self.set(("connection", "status"), self.case("disconnected", "Connection.Status"))
        return self.feature("connection", "Connection", "streamFailed", Struct("NWError", [
            ("code", Raw("57")), ("description", q("Socket is not connected"))]))

    # reason: answers the retry timer, but the link to the instruments coming back (or not) is an event
    @signal
    def connect_response(self, ok):
        self.connected = ok
        self.set(("connection", "status"), self.case("connected" if ok else "disconnected", "Connection.Status"))
        payload = Struct("NMEAStream", [("host", q("192.168.4.1")), ("port", Raw("10110"))]) if ok else \
            Struct("NWError", [("code", Raw("61")), ("description", q("Connection refused"))])
        return self.feature("connection", "Connection", "connectResponse", self.result("NMEAStream", ok, payload))

    @signal
    def anchor_set_tapped(self):
        self.anchor_set = True
        self.anchor_xy = (self.x + self.rng.gauss(0, 3), self.y + self.rng.gauss(0, 3))
        self.set(("anchorWatch", "anchorPosition"), self.coord(*self.anchor_xy))
        self.set(("anchorWatch", "distance"), num(round(math.hypot(self.x - self.anchor_xy[0],
                                                                   self.y - self.anchor_xy[1]))))
        return self.feature("anchorWatch", "AnchorWatch", "dropAnchorTapped")

    @signal
    def anchor_alarm(self, dist):
        if self.alarming or not self.anchor_set:
            return None
        self.alarming = True
        self.set(("anchorWatch", "isAlarming"), boolean(True))
        return self.feature("anchorWatch", "AnchorWatch", "alarmRaised", distance=Raw(str(dist)))

    @signal
    def anchor_silenced(self):
        self.set(("anchorWatch", "isAlarming"), boolean(False))
        return self.feature("anchorWatch", "AnchorWatch", "silenceButtonTapped")

    @signal
    def anchor_cleared(self):
        self.anchor_set = False
        self.alarming = False
        self.set(("anchorWatch", "anchorPosition"), NIL)
        self.set(("anchorWatch", "distance"), NIL)
        self.set(("anchorWatch", "isAlarming"), boolean(False))
        return self.feature("anchorWatch", "AnchorWatch", "weighAnchorTapped")

    # reason: a stepper: each tap is one deliberate half-metre change
    @signal
    def threshold_stepped(self, value):
        self.depth_threshold = value
        self.set(("depthAlarm", "threshold"), num(value))
        return self.act("depthAlarm", self.binding("DepthAlarm", "threshold", fl(value)))

    # reason: derived from the depth stream, but an alarm raised or cleared is an event
    @signal
    def depth_alarm_changed(self, on):
        if on == self.depth_alarm:
            return None
        self.depth_alarm = on
        self.set(("depthAlarm", "isAlarming"), boolean(on))
        if on:
            return self.feature("depthAlarm", "DepthAlarm", "alarmRaised",
                                depth=fl(float(self.get(("instruments", "depth")).cd)))
        return self.feature("depthAlarm", "DepthAlarm", "alarmCleared")

    @signal
    def race_start(self):
        self.race = self.now
        self.race_signals = set()
        self.set(("raceTimer", "phase"), self.case("countdown", "RaceTimer.Phase"))
        self.set(("raceTimer", "seconds"), num(300))
        return self.feature("raceTimer", "RaceTimer", "startButtonTapped")

    @signal
    def race_sync(self):
        if self.race is None:
            return None
        left = 300 - (self.now - self.race)
        target = round(left / 60.0) * 60
        self.race = self.now - (300 - target)
        self.set(("raceTimer", "seconds"), num(int(target)))
        return self.feature("raceTimer", "RaceTimer", "syncButtonTapped")

    # reason: the start sequence's horn signals (prep, one minute, start) are the events the timer exists for
    @signal
    def race_signal(self, which):
        self.set(("raceTimer", "lastSignal"), self.case(which, "StartSignal"))
        return self.feature("raceTimer", "RaceTimer", "signalSounded", A("StartSignal", which))

    @signal
    def waypoint_marked(self, name):
        wid = self.uid()
        self.wps.append(wid)
        self.append(("waypoints",), St("Waypoint", [("id", self.uuid_value(wid)), ("name", text(name)),
                                                     ("position", self.coord(self.x, self.y)),
                                                     ("createdAt", self.date())]))
        return self.act("markWaypointButtonTapped")

    @signal
    def ais_tapped(self, mmsi):
        self.set(("ais", "selected"), num(mmsi))
        return self.act("ais", A(self.at("AIS"), "targetTapped", mmsi=Raw(str(mmsi))))

    @signal
    def ais_detail_closed(self):
        self.set(("ais", "selected"), NIL)
        return self.act("ais", A(self.at("AIS"), "detailDismissed"))

    # reason: computed from AIS reports, but a collision warning is an alarm
    @signal
    def cpa_warning(self, mmsi, cpa, tcpa):
        self.cpa_on = True
        self.set(("ais", "warning"), St("CollisionWarning", [("mmsi", num(mmsi)), ("cpa", num(cpa)),
                                                             ("tcpa", num(tcpa))]))
        return self.act("ais", A(self.at("AIS"), "collisionWarningRaised", Struct("CollisionWarning", [
            ("mmsi", Raw(str(mmsi))), ("cpa", fl(cpa, 2)), ("tcpa", Raw(str(tcpa)))])))

    # reason: the end of the warning, once per encounter
    @signal
    def cpa_cleared(self, mmsi):
        self.cpa_on = False
        self.set(("ais", "warning"), NIL)
        return self.act("ais", A(self.at("AIS"), "collisionWarningCleared", mmsi=Raw(str(mmsi))))

    @signal
    def log_tapped(self):
        self.set(("destination",), En("Destination.State", "logEntry", St(self.st("LogEntry"), [
            ("note", text("")), ("position", self.coord(self.x, self.y)),
            ("wind", text("%d kn %03d°" % (round(self.tws), round(self.twd) % 360)))])))
        return self.act("logbook", A(self.at("Logbook"), "addEntryButtonTapped"))

    @signal
    def log_saved(self):
        form = self.get(("destination", ("e", "logEntry")))
        eid = self.uid()
        self.log_ids.append(eid)
        self.append(("logbook", "entries"), St("LogEntry", [("id", self.uuid_value(eid)), ("date", self.date()),
                                                             ("note", form.f["note"]),
                                                             ("position", form.f["position"])]))
        self.set(("destination",), NIL)
        return self.act("destination", A("PresentationAction<%s>" % self.at("Destination"), "presented",
                                         A(self.at("Destination"), "logEntry",
                                           A(self.at("LogEntry"), "saveButtonTapped"))))

    @signal
    def log_cancelled(self):
        self.set(("destination",), NIL)
        return self.act("destination", A("PresentationAction<%s>" % self.at("Destination"), "dismiss"))

    # -- processes
    def later(self, delay, maker, *args):
        yield delay
        self.emit(maker, *args)

    def processes(self):
        p = [self.periodic(self.wind_received, 0.25, 0.01), self.periodic(self.heading_received, 0.2, 0.008),
             self.periodic(self.speed_received, 0.5, 0.01), self.periodic(self.depth_received, 1.0, 0.01),
             self.periodic(self.fix_received, 1.0, 0.005), self.periodic(self.prune_fired, 60.0, 0.05),
             self.periodic(self.race_tick, 1.0, 0.004, when=lambda: self.race is not None),
             self.physics(), self.weather(), self.gateway(), self.person(), self.race_horn()]
        for s in SHIPS:
            p.append(self.ship(s[0]))
        p.append(self.late_ships())
        return p

    def ship(self, mmsi, first=None):
        rng = self.rng
        s = self.ships[mmsi]
        period = 30.0 if s[2] == "B" else (180.0 if s[3] < 0.5 else (6.0 if s[3] > 14 else 10.0))
        if first is None:
            first = rng.uniform(0, period)
        yield first
        static_due = self.now + rng.uniform(0, 360) if first > 0.1 else self.now + rng.uniform(1, 4)
        while True:
            if rng.random() > 0.18 and math.hypot(s[5] - self.x, s[6] - self.y) < 22000:   # VHF reception
                self.emit(self.ais_report, mmsi)
                if self.connected:
                    self.check_cpa(mmsi)
            if self.now >= static_due:
                self.spawn(self.later(rng.uniform(0.5, 3.0), self.ais_static, mmsi))
                static_due += 360.0
            step = period + rng.uniform(-0.4, 0.4)
            yield step
            rad = math.radians(s[4])
            s[5] += math.sin(rad) * s[3] * 0.5144 * step
            s[6] += math.cos(rad) * s[3] * 0.5144 * step
            if s[3] > 0.5:
                s[4] = (s[4] + rng.gauss(0, 0.6)) % 360

    def check_cpa(self, mmsi):
        """The closest point of approach, computed when the converging ship reports."""
        if mmsi != self.cpa_ship:
            return
        s = self.ships[mmsi]
        px, py = s[5] - self.x, s[6] - self.y
        vx = math.sin(math.radians(s[4])) * s[3] * 0.5144 - math.sin(math.radians(self.hdg)) * self.bs * 0.5144
        vy = math.cos(math.radians(s[4])) * s[3] * 0.5144 - math.cos(math.radians(self.hdg)) * self.bs * 0.5144
        tcpa = -(px * vx + py * vy) / max(1e-6, vx * vx + vy * vy)
        cpa = math.hypot(px + vx * tcpa, py + vy * tcpa) / 1852.0
        d = math.hypot(px, py) / 1852.0
        if not self.cpa_on and 0 < tcpa < 600 and cpa < 0.3 and d < 1.5:
            self.spawn(self.later(self.rng.uniform(0.005, 0.03), self.cpa_warning, mmsi, round(cpa, 2), int(tcpa)))
        elif self.cpa_on and tcpa < 0 and d > 0.4:
            self.cpa_ship = None
            self.spawn(self.later(self.rng.uniform(0.005, 0.03), self.cpa_cleared, mmsi))

    def late_ships(self):
        for s in LATE_SHIPS:
            yield self.rng.uniform(150, 320)
            self.ships[s[0]] = list(s)
            self.last_heard[s[0]] = self.now
            self.spawn(self.ship(s[0], first=0.0))

    def physics(self):
        rng = self.rng
        while True:
            yield 0.1
            if self.phase == "anchored":
                self.hdg = self.twd + 18.0 * math.sin(self.now / 23.0) + rng.gauss(0, 0.3)
                self.bs = max(0.0, 0.15 * abs(math.cos(self.now / 23.0)))
                self.x += rng.gauss(0, 0.05)
                self.y += rng.gauss(0, 0.05)
            elif self.phase == "dragging":
                self.hdg = self.twd + 25.0 * math.sin(self.now / 15.0) + rng.gauss(0, 0.5)
                self.bs = 0.2 + 0.1 * rng.random()
                rad = math.radians((self.twd + 180) % 360)
                self.x += math.sin(rad) * 0.8 * 0.5144 * 0.1
                self.y += math.cos(rad) * 0.8 * 0.5144 * 0.1
            else:
                self.hdg += (norm180(self.course - self.hdg)) * 0.03 + rng.gauss(0, 0.25)
                target = 5.8 + 0.12 * (self.tws + self.gust - 12) + 0.6 * math.sin(self.now / 40.0)
                self.bs += (target - self.bs) * 0.02 + rng.gauss(0, 0.02)
                rad = math.radians(self.hdg)
                self.x += math.sin(rad) * self.bs * 0.5144 * 0.1
                self.y += math.cos(rad) * self.bs * 0.5144 * 0.1
            self.hdg %= 360
            if self.shallow_until is not None and self.now < self.shallow_until:
                goal = 2.6
            elif self.phase == "sailing":
                goal = 9.0 + 4.0 * math.sin(self.now / 90.0)
            else:
                goal = 5.6 + 0.4 * (1 if self.phase == "dragging" else 0)
            self.depth += (goal - self.depth) * 0.01 + rng.gauss(0, 0.01)

    def weather(self):
        rng = self.rng
        while True:
            yield rng.uniform(1.0, 3.0)
            self.tws += (13.5 + (4.0 if self.now > 120 else 0.0) - self.tws) * 0.05 + rng.gauss(0, 0.2)
            self.twd += rng.gauss(0, 0.8)
            self.gust = max(0.0, self.gust * 0.6 + (rng.uniform(2, 7) if rng.random() < 0.1 else 0.0))

    def gateway(self):
        rng = self.rng
        while True:
            yield rng.uniform(200, 500)
            self.emit(self.disconnected)
            while True:
                yield rng.uniform(4.9, 5.1)
                self.emit(self.reconnect_timer)
                yield rng.uniform(0.2, 0.8)
                ok = rng.random() < 0.6
                self.emit(self.connect_response, ok)
                if ok:
                    break

    def race_horn(self):
        while True:
            yield 0.1
            if self.race is None:
                continue
            left = 300 - (self.now - self.race)
            for which, at in (("preparatory", 240), ("oneMinute", 60), ("start", 0)):
                if which not in self.race_signals and left <= at:
                    self.race_signals.add(which)
                    if left > at - 2:
                        self.emit(self.race_signal, which)

    def glance(self, seconds):
        """Wait `seconds`, now and then swiping pages or tapping a ship on the map."""
        rng = self.rng
        end = self.now + seconds
        while True:
            gap = self.expo(rng.uniform(12, 40))
            if self.now + gap >= end:
                yield max(0.0, end - self.now) + rng.uniform(0.4, 1.5)
                return
            yield gap
            r = rng.random()
            if r < 0.65:
                i = PAGES.index(self.page)
                self.emit(self.page_changed, PAGES[(i + rng.choice([-1, 1, 1])) % len(PAGES)])
            elif r < 0.9:
                if self.page != "map":
                    self.emit(self.page_changed, "map")
                    yield rng.uniform(1.5, 4.0)
                targets = list(self.get(("ais", "targets")).d)
                if targets:
                    self.emit(self.ais_tapped, rng.choice(targets))
                    yield rng.uniform(3, 12)
                    self.emit(self.ais_detail_closed)

    def write_log(self, note):
        rng = self.rng
        self.emit(self.log_tapped)
        yield rng.uniform(1.5, 4.0)
        for k in range(1, len(note) + 1):
            self.emit(self.note_typed, note[:k])
            yield rng.uniform(0.09, 0.35) if note[k - 1] != " " else rng.uniform(0.2, 0.8)
        yield rng.uniform(0.8, 2.5)
        if rng.random() < 0.93:
            self.emit(self.log_saved)
        else:
            self.emit(self.log_cancelled)

    def person(self):
        rng = self.rng
        yield from self.glance(rng.uniform(10, 30))
        self.emit(self.page_changed, "anchor")
        yield rng.uniform(2, 5)
        self.emit(self.anchor_set_tapped)
        yield rng.uniform(2, 6)
        for _ in range(rng.randint(1, 2)):                # the radius slider
            r0 = self.radius
            goal = float(rng.choice([30, 35, 45, 50]))
            hz = rng.uniform(30, 60)
            n = max(3, int(hz * rng.uniform(0.4, 1.4)))
            yield from self.gesture(self.radius_dragged, hz=hz, duration=n / hz,
                                    args=lambda i, r0=r0, g=goal, n=n: (
                                        r1(r0 + (g - r0) * (i + 1) / n + rng.uniform(-0.3, 0.3)),))
            yield rng.uniform(1.0, 3.0)
        yield from self.glance(rng.uniform(30, 70))
        self.phase = "dragging"                          # a gust: the anchor lets go
        while not self.alarming:
            yield from self.glance(3.0)
        yield rng.uniform(4, 15)
        if self.page != "anchor":
            self.emit(self.page_changed, "anchor")
            yield rng.uniform(0.5, 1.5)
        self.emit(self.anchor_silenced)
        yield rng.uniform(15, 35)
        self.emit(self.anchor_cleared)
        self.phase = "sailing"
        self.course = (self.twd + 95) % 360
        yield from self.glance(rng.uniform(5, 15))
        yield from self.write_log(LOG_NOTES[0])
        yield from self.glance(rng.uniform(10, 20))
        self.emit(self.page_changed, "depth")                # a shallow patch ahead
        yield rng.uniform(1.5, 3.0)
        for k in range(rng.randint(2, 4)):
            self.emit(self.threshold_stepped, self.depth_threshold + 0.5)
            yield rng.uniform(0.3, 0.9)
        self.shallow_until = self.now + rng.uniform(40, 70)
        c = list(CROSSER)                                    # a freighter rounds the headland, converging
        c[5], c[6] = self.x - 2900.0, self.y + 1200.0
        self.ships[c[0]] = c
        self.last_heard[c[0]] = self.now
        self.cpa_ship = c[0]
        self.spawn(self.ship(c[0], first=0.0))
        yield from self.glance(rng.uniform(15, 30))
        self.emit(self.page_changed, "race")
        yield rng.uniform(2, 6)
        self.emit(self.race_start)
        yield rng.uniform(8, 25)
        self.emit(self.waypoint_marked, "Pin end")
        yield from self.glance(rng.uniform(10, 25))
        self.emit(self.waypoint_marked, "Committee boat")
        while self.now - self.race < 58:                       # the four-minute flag: sync
            yield 0.5
        yield rng.uniform(0.3, 1.5)
        self.emit(self.race_sync)
        yield from self.glance(rng.uniform(30, 60))
        self.course = (self.twd + 40) % 360
        yield from self.write_log(rng.choice(LOG_NOTES[1:3]))
        while self.now - self.race < 300:
            yield from self.glance(5.0)
        self.course = (self.twd - 42) % 360
        yield rng.uniform(20, 60)
        if rng.random() < 0.5:
            self.emit(self.waypoint_marked, "Windward mark")
        while True:
            yield from self.glance(rng.uniform(30, 90))
            if rng.random() < 0.3:
                self.course = (self.twd + rng.choice([-42, 42])) % 360
            if rng.random() < 0.15:
                yield from self.write_log("Race start, clean start at pin end")


# ========================================================================== livestream

VIEWERS = ["moonfox", "pixelpirate", "kaiju_kid", "lena_plays", "tobi42", "nightowl", "sk8rboi", "queen_of_bits",
           "frogman", "ghostpepper", "retro_ryu", "mellowmango", "tinkerbyte", "vaporcat", "dr_dodge", "sunny_d",
           "captain_crit", "lowpolyjo", "aurora_b", "hexenkessel", "glitchwitch", "bobbytables", "noodle_arms",
           "zenmaster", "sprint_sam", "fjordly", "miss_clutch", "tacobell_ceo", "quietquinn", "bassbarn"]
CHAT = ["lets gooo", "gg", "what sens do you use?", "LUL", "that was clean", "hi chat!", "first time here, love it",
        "PogChamp", "how long have you been live?", "no way", "KEKW", "play the next level!", "omg", "nice shot",
        "W streamer", "can you show the settings?", "F", "back from work, what did I miss", "that boss tho",
        "5Head play", "chat is wild today", "hydrate!", "lol", "clip it", "is this the new patch?", "Kappa"]
TROLL = ["xX_n0sc0pe_Xx", ["ur trash lol", "uninstall", "SPAM SPAM SPAM", "worst stream ever", "lmaooo bad"]]
TITLES = ["Chill Sunday ranked grind | !discord", "Hardcore run, day 12 — no deaths allowed",
          "Ranked to Diamond or I shave my head"]
POLLS = [("Which boss next?", ["Malenia", "Radahn", "Mohg"]), ("Keep going or switch game?", ["Keep going", "Switch"]),
         ("Best weapon?", ["Katana", "Greatsword", "Bow", "Staff"])]
SCENES = ["gameplay", "justChatting", "brb", "starting"]


class Livestream(App):
    name = "livestream"
    module = "StreamDeck"
    process = "StreamDeck"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        self.uptime = rng.randint(2400, 9000)
        self.viewers = rng.randint(220, 420)
        self.peak = self.viewers + rng.randint(0, 60)
        self.dropped = rng.randint(0, 300)
        self.kbps = 6000.0
        self.unstable_until = -1.0
        self.health = "good"
        self.chat_rate = 1.0 / 3.0        # messages a second, changed by the room's mood
        self.hype_until = -1.0
        self.msgs = []                    # (id, user)
        self.pinned = None
        self.banned = set()
        self.troll_active = False
        self.alert_queue = []
        self.alert_shown = False
        self.alert_serial = 0
        self.poll = None
        self.poll_votes = None
        self.muted = False
        self.scene = "gameplay"
        self.last_event = 0.0
        self.title = TITLES[0]
        self.state = St(self.st("AppFeature"), [
            ("stream", St(self.st("Stream"), [
                ("title", text(self.title)), ("category", text("Elden Ring")), ("uptime", num(self.uptime)),
                ("viewers", num(self.viewers)), ("peakViewers", num(self.peak)),
                ("health", St("StreamHealth", [("bitrate", num(6000)), ("fps", num(60.0)),
                                               ("droppedFrames", num(self.dropped))])),
                ("healthStatus", self.case("good", "HealthStatus"))])),
            ("chat", St(self.st("Chat"), [("messages", Arr()), ("pinned", NIL), ("bannedUsers", Arr())])),
            ("alerts", St(self.st("Alerts"), [("current", NIL), ("queue", Arr())])),
            ("poll", NIL),
            ("scenes", St(self.st("Scenes"), [("current", self.case("gameplay", "Scene")),
                                              ("isSwitching", boolean(False))])),
            ("audio", St(self.st("Audio"), [("isMicMuted", boolean(False)), ("micLevel", num(-60.0))])),
            ("destination", NIL)])

    # -- helpers
    def F(self, root, feature, name, *a, **k):
        return self.act(root, A(self.at(feature), name, *a, **k))

    def dest(self, case, inner):
        return self.act("destination", A("PresentationAction<%s>" % self.at("Destination"), "presented",
                                         A(self.at("Destination"), case, inner)))

    def event(self):
        self.last_event = self.now

    def message_value(self, mid, user, body):
        return St(self.st("ChatMessage"), [("id", text(mid)), ("user", text(user)), ("text", text(body)),
                                           ("sentAt", self.date())])

    # -- noise
    @noise
    def uptime_ticked(self):
        self.uptime += 1
        self.set(("stream", "uptime"), num(self.uptime))
        return self.F("stream", "Stream", "uptimeTicked")

    @noise
    def health_reported(self):
        rng = self.rng
        bad = self.now < self.unstable_until
        self.kbps = max(800.0, min(6300.0, self.kbps + (rng.uniform(-900, 200) if bad else (6000 - self.kbps) * 0.4)
                                   + rng.gauss(0, 40)))
        fps = 60.0 if not bad else rng.choice([60.0, 59.9, 58.4, 55.1])
        if bad:
            self.dropped += rng.randint(3, 60)
        elif rng.random() < 0.03:
            self.dropped += rng.randint(1, 3)
        kb = int(round(self.kbps))
        self.set(("stream", "health"), St("StreamHealth", [("bitrate", num(kb)), ("fps", num(fps)),
                                                           ("droppedFrames", num(self.dropped))]))
        return self.F("stream", "Stream", "healthReported", Struct("StreamHealth", [
            ("bitrate", Raw(str(kb))), ("fps", fl(fps)), ("droppedFrames", Raw(str(self.dropped)))]))

    # reason: a server push every few seconds nudging one number
    @noise
    def viewers_updated(self):
        drift = 0.4 * (self.viewers - 300) * -0.02 + (1.5 if self.now < self.hype_until else 0.0)
        self.viewers = max(10, int(round(self.viewers + self.rng.gauss(drift, 3))))
        self.peak = max(self.peak, self.viewers)
        self.set(("stream", "viewers"), num(self.viewers))
        self.set(("stream", "peakViewers"), num(self.peak))
        return self.F("stream", "Stream", "viewerCountUpdated", Raw(str(self.viewers)))

    @noise
    def mic_level(self):
        if self.muted:
            return None
        speaking = (int(self.now * 0.7) % 3) != 0
        level = self.rng.uniform(-28, -8) if speaking else self.rng.uniform(-58, -44)
        self.set(("audio", "micLevel"), num(r1(level)))
        return self.F("audio", "Audio", "micLevelUpdated", fl(level))

    @noise
    def keepalive(self):
        self.event()
        return self.F("events", "Events", "keepaliveReceived")

    # reason: the chat socket's PING, answered with a PONG: no state, a heartbeat
    @noise
    def irc_ping(self):
        return self.F("chat", "Chat", "pingReceived")

    # reason: the alert's display timer clearing it a few seconds after it arrived: an echo of the alert
    @noise
    def alert_timer(self, serial):
        if serial != self.alert_serial or not self.alert_shown:
            return None
        self.next_alert()
        return self.F("alerts", "Alerts", "displayTimerFinished")

    # reason: tallies pushed as votes come in; they nudge counts between the poll's start and end
    @noise
    def poll_progress(self):
        if self.poll is None or self.poll_votes is None:
            return None
        rng = self.rng
        for _ in range(rng.randint(1, 6)):
            i = min(len(self.poll_votes) - 1, int(abs(rng.gauss(0, len(self.poll_votes) / 2.2))))
            self.poll_votes[i] += 1
        self.set(("poll", ("e", "active"), "options"), Arr(
            St("PollOption", [("title", text(t)), ("votes", num(v))]) for t, v in zip(self.poll[1], self.poll_votes)))
        self.event()
        return self.F("poll", "Poll", "progressReceived", Struct("PollTally", [
            ("votes", Raw("[%s]" % ", ".join(str(v) for v in self.poll_votes)))]))

    # -- either
    @either
    def title_typed(self, value):
        self.set(("destination", ("e", "editInfo"), "title"), text(value))
        return self.dest("editInfo", self.binding("EditInfo", "title", q(value)))

    @either
    def question_typed(self, value):
        self.set(("destination", ("e", "pollEditor"), "question"), text(value))
        return self.dest("pollEditor", self.binding("PollEditor", "question", q(value)))

    # -- signal
    # reason: a viewer's message: a new object with its own id, the content the dashboard exists to show
    @signal
    def chat_received(self, user, body):
        if user in self.banned:
            return None
        mid = self.uid()[:8].lower()
        self.msgs.append((mid, user))
        self.append(("chat", "messages"), self.message_value(mid, user, body))
        return self.F("chat", "Chat", "messageReceived", Struct("ChatMessage", [
            ("id", q(mid)), ("user", q(user)), ("text", q(body))]))

    def show_alert(self, kind, user, amount=None):
        fields = [("kind", self.case(kind, "Alert.Kind")), ("user", text(user))]
        if amount is not None:
            fields.append(("amount", num(amount)))
        alert = St("Alert", fields)
        if self.alert_shown:
            self.alert_queue.append(alert)
            self.append(("alerts", "queue"), alert)
        else:
            self.present_alert(alert)

    def present_alert(self, alert):
        self.alert_shown = True
        self.alert_serial += 1
        self.set(("alerts", "current"), alert)
        kind = alert.f["kind"].cd[1:]
        self.spawn(self.later({"follow": 5.0, "tip": 8.0, "raid": 10.0}[kind] + self.rng.uniform(-0.02, 0.02),
                              self.alert_timer, self.alert_serial))

    def next_alert(self):
        if self.alert_queue:
            self.alert_queue.pop(0)
            alert = self.remove_at(("alerts", "queue"), 0)
            self.present_alert(alert)
        else:
            self.alert_shown = False
            self.set(("alerts", "current"), NIL)

    # reason: pushed by the platform, but each follow is a new person and raises an alert
    @signal
    def follow_received(self, user):
        self.event()
        self.show_alert("follow", user)
        return self.F("alerts", "Alerts", "followReceived", Struct("Follow", [("user", q(user))]))

    @signal
    def tip_received(self, user, amount, note):
        self.event()
        self.show_alert("tip", user, amount)
        return self.F("alerts", "Alerts", "tipReceived", Struct("Tip", [
            ("user", q(user)), ("amount", fl(amount, 2)), ("currency", q("EUR")), ("message", q(note))]))

    @signal
    def raid_received(self, user, n):
        self.event()
        self.show_alert("raid", user, n)
        return self.F("alerts", "Alerts", "raidReceived", Struct("Raid", [("fromChannel", q(user)),
                                                                          ("viewers", Raw(str(n)))]))

    @signal
    def alert_dismissed(self):
        if not self.alert_shown:
            return None
        self.next_alert()
        return self.F("alerts", "Alerts", "dismissButtonTapped")

    @signal
    def pin_tapped(self, mid):
        i = [m[0] for m in self.msgs].index(mid)
        msg = self.get(("chat", "messages", ("i", i)))
        self.pinned = mid
        self.set(("chat", "pinned"), msg)
        return self.act("chat", A(self.at("Chat"), "messages", self.element(
            "ChatMessage", q(mid), A(self.at("ChatMessage"), "pinButtonTapped"))))

    # reason: the server's answer to the streamer's pin, a no-op as the pin is shown at once
    @signal
    def pin_response(self, mid):
        return self.F("chat", "Chat", "pinResponse", self.result("PinnedMessage", True, Struct(
            "PinnedMessage", [("messageID", q(mid)), ("duration", Raw("nil"))])))

    @signal
    def unpin_tapped(self):
        self.pinned = None
        self.set(("chat", "pinned"), NIL)
        return self.F("chat", "Chat", "unpinButtonTapped")

    @signal
    def ban_tapped(self, mid, user):
        self.set(("destination",), En("Destination.State", "alert", St("AlertState<Destination.Alert>", [
            ("title", text("Ban %s?" % user))])))
        return self.act("chat", A(self.at("Chat"), "messages", self.element(
            "ChatMessage", q(mid), A(self.at("ChatMessage"), "banButtonTapped"))))

    @signal
    def ban_confirmed(self, user):
        self.set(("destination",), NIL)
        return self.dest("alert", A("Destination.Alert", "confirmBan", userID=q(user)))

    @signal
    def ban_response(self, user):
        self.banned.add(user)
        self.troll_active = False
        self.append(("chat", "bannedUsers"), text(user))
        for i in range(len(self.msgs) - 1, -1, -1):
            if self.msgs[i][1] == user:
                self.msgs.pop(i)
                self.remove_at(("chat", "messages"), i)
        if self.pinned is not None and self.pinned not in [m[0] for m in self.msgs]:
            self.pinned = None
            self.set(("chat", "pinned"), NIL)
        return self.F("chat", "Chat", "banResponse", self.result("Ban", True, Struct("Ban", [
            ("userID", q(user)), ("reason", q("harassment"))])))

    @signal
    def edit_tapped(self):
        self.set(("destination",), En("Destination.State", "editInfo", St(self.st("EditInfo"), [
            ("title", text(self.title)), ("category", text("Elden Ring")), ("isSaving", boolean(False))])))
        return self.act("editStreamInfoButtonTapped")

    @signal
    def edit_save(self):
        self.set(("destination", ("e", "editInfo"), "isSaving"), boolean(True))
        return self.dest("editInfo", A(self.at("EditInfo"), "saveButtonTapped"))

    @signal
    def edit_response(self, title):
        self.title = title
        self.set(("stream", "title"), text(title))
        self.set(("destination",), NIL)
        return self.F("stream", "Stream", "updateInfoResponse", self.result("ChannelInfo", True, Struct(
            "ChannelInfo", [("title", q(title)), ("category", q("Elden Ring"))])))

    @signal
    def poll_create(self):
        self.set(("destination",), En("Destination.State", "pollEditor", St(self.st("PollEditor"), [
            ("question", text("")), ("options", Arr()), ("duration", num(60))])))
        return self.F("poll", "Poll", "createButtonTapped")

    @signal
    def poll_option_added(self, title):
        opts = self.get(("destination", ("e", "pollEditor"), "options"))
        self.set(("destination", ("e", "pollEditor"), "options"), Arr(opts.items + [text(title)]))
        return self.dest("pollEditor", A(self.at("PollEditor"), "addOptionButtonTapped", q(title)))

    # reason: a picker: one deliberate choice, unlike the question's keystrokes
    @signal
    def poll_duration(self, seconds):
        self.set(("destination", ("e", "pollEditor"), "duration"), num(seconds))
        return self.dest("pollEditor", self.binding("PollEditor", "duration", Raw(str(seconds))))

    @signal
    def poll_start(self):
        return self.dest("pollEditor", A(self.at("PollEditor"), "startButtonTapped"))

    @signal
    def poll_started(self, question, options, seconds):
        pid = self.uid()[:8].lower()
        self.poll = (question, options, pid)
        self.poll_votes = [0] * len(options)
        self.set(("destination",), NIL)
        self.set(("poll",), En("Poll.State", "active", St("ActivePoll", [
            ("id", text(pid)), ("question", text(question)),
            ("options", Arr(St("PollOption", [("title", text(t)), ("votes", num(0))]) for t in options)),
            ("endsAt", self.date(self.now + seconds))])))
        self.event()
        return self.F("poll", "Poll", "startResponse", self.result("Poll", True, Struct("Poll", [
            ("id", q(pid)), ("question", q(question)), ("duration", Raw(str(seconds)))])))

    # reason: comes on the poll's timer, but it closes what the streamer started and carries the results
    @signal
    def poll_ended(self):
        question, options, pid = self.poll
        votes = self.poll_votes
        self.poll_votes = None
        win = options[votes.index(max(votes))]
        self.set(("poll",), En("Poll.State", "ended", St("PollResults", [
            ("question", text(question)), ("winner", text(win)), ("totalVotes", num(sum(votes)))])))
        self.event()
        return self.F("poll", "Poll", "ended", Struct("PollResults", [
            ("id", q(pid)), ("winner", q(win)), ("votes", Raw("[%s]" % ", ".join(str(v) for v in votes)))]))

    @signal
    def poll_closed(self):
        self.poll = None
        self.set(("poll",), NIL)
        return self.F("poll", "Poll", "dismissResultsButtonTapped")

    @signal
    def scene_tapped(self, scene):
        self.set(("scenes", "isSwitching"), boolean(True))
        return self.F("scenes", "Scenes", "sceneTapped", A("Scene", scene))

    @signal
    def scene_response(self, scene):
        self.scene = scene
        self.set(("scenes", "isSwitching"), boolean(False))
        self.set(("scenes", "current"), self.case(scene, "Scene"))
        return self.F("scenes", "Scenes", "switchResponse", self.result("Scene", True, Struct(
            "SceneSwitch", [("scene", Raw("." + scene)), ("transition", q("fade"))])))

    @signal
    def mute_tapped(self):
        self.muted = not self.muted
        self.set(("audio", "isMicMuted"), boolean(self.muted))
        if self.muted:
            self.set(("audio", "micLevel"), num(-60.0))
        return self.F("audio", "Audio", "micMuteButtonTapped")

    # reason: the server's warning that the upload turned unstable (or recovered): a status change, not a reading
    @signal
    def health_status(self, status):
        self.health = status
        self.set(("stream", "healthStatus"), self.case(status, "HealthStatus"))
        return self.F("stream", "Stream", "healthStatusChanged", A("HealthStatus", status))

    # -- processes
    def later(self, delay, maker, *args):
        yield delay
        self.emit(maker, *args)

    def processes(self):
        return [self.periodic(self.uptime_ticked, 1.0, 0.003), self.periodic(self.health_reported, 1.0, 0.02),
                self.viewer_push(), self.periodic(self.mic_level, 0.1, 0.004),
                self.periodic(self.irc_ping, 300.0, 2.0), self.keepalives(), self.chat(), self.community(),
                self.network(), self.person(), self.poll_progress_stream(), self.troll()]

    def troll(self):
        yield self.rng.uniform(150, 420)
        self.troll_active = True

    def viewer_push(self):
        while True:
            yield self.rng.uniform(4.0, 7.0)
            self.emit(self.viewers_updated)

    def keepalives(self):
        while True:
            due = self.last_event + 10.0 + self.rng.uniform(0.0, 0.05)
            if self.now >= due:
                self.emit(self.keepalive)
                continue
            yield due - self.now

    def chat(self):
        rng = self.rng
        while True:
            rate = self.chat_rate * (4.0 if self.now < self.hype_until else 1.0) * (0.4 if self.scene == "brb" else 1.0)
            yield self.expo(1.0 / rate)
            if self.troll_active and rng.random() < 0.2:
                self.emit(self.chat_received, TROLL[0], rng.choice(TROLL[1]))
            else:
                self.emit(self.chat_received, rng.choice(VIEWERS), rng.choice(CHAT))
            self.chat_rate = min(0.8, max(0.15, self.chat_rate + rng.gauss(0, 0.01)))

    def community(self):
        """Follows, tips and a raid: events from the platform, each livening the chat."""
        rng = self.rng
        raided = False
        while True:
            yield self.expo(35.0)
            r = rng.random()
            if r < 0.62:
                self.emit(self.follow_received, rng.choice(VIEWERS) + str(rng.randint(1, 99)))
            elif r < 0.92:
                amount = rng.choice([1.0, 2.0, 2.5, 5.0, 5.0, 10.0, 20.0, 50.0])
                self.emit(self.tip_received, rng.choice(VIEWERS), amount, rng.choice(
                    ["keep it up!", "for the boss fight", "hydrate", "love the stream", ""]))
                self.hype_until = max(self.hype_until, self.now + rng.uniform(8, 20))
            elif not raided and self.now > 120:
                raided = True
                n = rng.randint(40, 160)
                self.emit(self.raid_received, rng.choice(["speedy_sara", "the_dungeon_dad", "kimchi_kev"]), n)
                self.viewers += n
                self.hype_until = self.now + rng.uniform(30, 60)

    def network(self):
        rng = self.rng
        while True:
            yield rng.uniform(150, 400)
            self.unstable_until = self.now + rng.uniform(12, 40)
            yield rng.uniform(3, 6)
            self.emit(self.health_status, "unstable")
            yield max(1.0, self.unstable_until - self.now) + rng.uniform(4, 8)
            self.emit(self.health_status, "good")

    def poll_progress_stream(self):
        while True:
            yield self.rng.uniform(0.6, 2.5)
            if self.poll_votes is not None:
                self.emit(self.poll_progress)

    def type_into(self, maker, value):
        rng = self.rng
        for k in range(1, len(value) + 1):
            self.emit(maker, value[:k])
            yield rng.uniform(0.08, 0.3) if value[k - 1] != " " else rng.uniform(0.15, 0.6)

    def person(self):
        rng = self.rng
        think = self.think((8.0, 20.0), (30.0, 70.0), (60, 180), (60, 150))
        did_title = did_break = False
        polls = 0
        yield rng.uniform(5, 20)
        while True:
            yield next(think)
            if self.troll_active and rng.random() < 0.7:          # ban the troll
                trolls = [m for m in self.msgs if m[1] == TROLL[0]]
                if trolls:
                    mid = trolls[-1][0]
                    self.emit(self.ban_tapped, mid, TROLL[0])
                    yield rng.uniform(1.0, 3.0)
                    self.emit(self.ban_confirmed, TROLL[0])
                    yield rng.uniform(0.2, 0.7)
                    self.emit(self.ban_response, TROLL[0])
                    continue
            r = rng.random()
            if r < 0.22 and self.msgs:                             # pin a message, or unpin
                if self.pinned is not None and rng.random() < 0.4:
                    self.emit(self.unpin_tapped)
                else:
                    mid = rng.choice(self.msgs[-8:])[0]
                    self.emit(self.pin_tapped, mid)
                    yield rng.uniform(0.2, 0.6)
                    if mid in [m[0] for m in self.msgs]:
                        self.emit(self.pin_response, mid)
            elif r < 0.34 and not did_title:                       # the title
                did_title = True
                new = rng.choice(TITLES[1:])
                self.emit(self.edit_tapped)
                yield rng.uniform(1.0, 3.0)
                for k in range(len(self.title) - 1, len(self.title) - rng.randint(2, 9), -1):
                    self.emit(self.title_typed, self.title[:k])      # backspaces
                    yield rng.uniform(0.06, 0.14)
                yield rng.uniform(0.5, 1.5)
                self.emit(self.title_typed, "")                       # select all, delete
                yield rng.uniform(0.5, 1.5)
                yield from self.type_into(self.title_typed, new)
                yield rng.uniform(1.0, 2.5)
                self.emit(self.edit_save)
                yield rng.uniform(0.3, 1.0)
                self.emit(self.edit_response, new)
            elif r < 0.50 and self.poll is None and polls < 2:    # a poll
                polls += 1
                question, options = rng.choice(POLLS)
                self.emit(self.poll_create)
                yield rng.uniform(1.0, 2.5)
                yield from self.type_into(self.question_typed, question)
                for o in options:
                    yield rng.uniform(1.5, 4.0)
                    self.emit(self.poll_option_added, o)
                yield rng.uniform(1.0, 2.0)
                seconds = rng.choice([60, 90, 120])
                self.emit(self.poll_duration, seconds)
                yield rng.uniform(1.0, 2.0)
                self.emit(self.poll_start)
                yield rng.uniform(0.3, 0.9)
                self.emit(self.poll_started, question, options, seconds)
                self.hype_until = max(self.hype_until, self.now + 25)
                self.spawn(self.poll_timer(seconds))
            elif r < 0.58 and not did_break and self.now > 200:   # a break
                did_break = True
                self.emit(self.scene_tapped, "brb")
                yield rng.uniform(0.1, 0.4)
                self.emit(self.scene_response, "brb")
                yield rng.uniform(1.0, 3.0)
                self.emit(self.mute_tapped)
                yield rng.uniform(60, 140)
                self.emit(self.mute_tapped)
                yield rng.uniform(1.0, 4.0)
                scene = rng.choice(["gameplay", "justChatting"])
                self.emit(self.scene_tapped, scene)
                yield rng.uniform(0.1, 0.4)
                self.emit(self.scene_response, scene)
            elif r < 0.70:                                         # switch scene
                scene = "justChatting" if self.scene == "gameplay" else "gameplay"
                self.emit(self.scene_tapped, scene)
                yield rng.uniform(0.1, 0.4)
                self.emit(self.scene_response, scene)
            elif r < 0.82:                                         # dismiss the alert early
                if self.alert_shown:
                    self.emit(self.alert_dismissed)
            elif r < 0.90 and self.poll is not None and self.poll_votes is None:
                self.emit(self.poll_closed)
            elif r < 0.95:                                         # mute for a moment (a cough)
                self.emit(self.mute_tapped)
                yield rng.uniform(2, 8)
                self.emit(self.mute_tapped)
            # else: playing, talking to the camera

    def poll_timer(self, seconds):
        yield seconds + self.rng.uniform(0.5, 2.0)
        self.emit(self.poll_ended)
        yield self.rng.uniform(20, 60)
        if self.poll is not None and self.poll_votes is None:
            self.emit(self.poll_closed)


APPS = {"radio": Radio, "sailing": Sailing, "livestream": Livestream}
