"""Three apps by author-ac: a home security system, an OBD-II car diagnostics app and an
e-scooter sharing app, each over a session of about twelve minutes.

security: the companion app of a home alarm panel. A dozen sensors (five doors, four windows,
three motion detectors) push their open/closed or motion/idle state whenever it changes; each
sensor also reports its battery and radio signal on its own supervision period of a few
minutes. The panel's status is polled every 30 s (a failed poll is retried). The person
browses the event history (pages load as the list scrolls, event thumbnails load as rows
appear), plays a camera clip of an event (the player reports its time ten times a second),
renames a sensor (typing the name) and bypasses another, arms away or stay with an exit-delay
countdown ticking each second, disarms on a PIN keypad, and lives through one alarm: an
entry or instant trigger, the siren, the monitoring center calling, the person confirming a
false alarm and entering the PIN.

obd: a car diagnostics app talking to an OBD-II Bluetooth adapter. While the engine runs the
app polls engine speed, vehicle speed, throttle and fuel rate round-robin (each a few times a
second, coolant temperature less often), reads the adapter's battery voltage and Bluetooth
RSSI every few seconds, and derives trip distance and fuel economy each second. The person
switches the dashboard between gauges and a live graph (picking the graph's series and
pinching its time window), scans for fault codes (a progress report per control module, the
codes found), clears a code after confirming an alert, and loses the adapter once or twice
(a drop, reconnect attempts every few seconds, success). When the engine stops the trip is
saved and the person reviews past trips on a navigation stack.

scooter: an e-scooter sharing app. The map's nearby scooters are refreshed from the server
every 10 s and after the person pans the map (the camera streams its region during a pan);
the phone's location arrives each second. The person filters by battery in a sheet (a
slider and a toggle), tops up the wallet when the balance is short, reserves a scooter (a
15-minute reservation counting down each second), walks to it, scans its QR code to unlock
(the server's answer, then the scooter's own unlock event; a first try may time out), rides
(location each second, the scooter's speed and battery every two seconds, an elapsed-time
tick each second, the fare growing each minute), gets a no-parking-zone warning and a
refused end of ride, ends it with a parking photo that uploads with progress, rates the ride
(stars and a typed comment) and sees the receipt.
"""

import math

from tcasim import A, App, Arr, Dic, En, NIL, Raw, St, Struct, boolean, either, noise, num, q, signal, text

AUTHOR = "author-ac"


def fmt1(x):
    return round(x, 1)


# =============================================================================== security

SENSORS = [("front-door", "Front Door", "door"), ("back-door", "Back Door", "door"),
           ("garage-entry", "Garage Entry", "door"), ("patio-slider", "Patio Slider", "door"),
           ("basement-door", "Basement Door", "door"), ("kitchen-window", "Kitchen Window", "window"),
           ("living-window", "Living Room Window", "window"), ("bedroom-window", "Bedroom Window", "window"),
           ("office-window", "Office Window", "window"), ("hall-motion", "Hallway Motion", "motion"),
           ("living-motion", "Living Room Motion", "motion"), ("basement-motion", "Basement Motion", "motion")]
EVENT_KINDS = ["doorOpened", "doorClosed", "motionDetected", "armedAway", "armedStay", "disarmed",
               "windowOpened", "windowClosed", "lowBattery", "alarmCancelled"]
NEW_NAMES = ["Mudroom Door", "Nursery Window", "Side Door", "Den Window", "Upstairs Hall Motion", "Laundry Door"]


class Security(App):
    name = "security"
    module = "HomeGuard"
    process = "HomeGuard"
    roots = ("AppAction", "AppFeature.Action")

    PIN = "4821"

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        self.ids = [s[0] for s in SENSORS]
        self.kinds = {s[0]: s[2] for s in SENSORS}
        self.names = {s[0]: s[1] for s in SENSORS}
        self.battery = {s: rng.randint(38, 100) for s in self.ids}
        self.rssi = {s: rng.randint(-84, -48) for s in self.ids}
        self.mode = "disarmed"
        self.home_occupied = True
        self.event_ids = []
        self.event_seq = 9000 + rng.randint(0, 900)
        self.cursor = 0
        self.clip_len = 0.0
        self.clip_playing = False
        self.keypad_open = False
        self.pin = ""
        self.poll_failed = False
        self.alarm_sensor = None
        self.offset = 0.0
        self.shown = 0
        self.live_open = False
        self.state = St(self.st("AppFeature"), [
            ("selectedTab", self.case("home", "AppFeature.Tab")),
            ("panel", St(self.st("Panel"), [
                ("mode", self.case("disarmed", "PanelMode")), ("exitDelayRemaining", NIL),
                ("entryDelayRemaining", NIL), ("isOnline", boolean(True)), ("acPower", boolean(True)),
                ("lastCheckedAt", NIL), ("isArming", boolean(False))])),
            ("sensors", Arr(self.sensor_row(s) for s in self.ids)),
            ("history", St(self.st("History"), [("events", Arr()), ("nextCursor", NIL),
                                                ("isLoadingPage", boolean(False)), ("scrollOffset", num(0.0))])),
            ("keypad", NIL),
            ("alarm", NIL),
            ("destination", NIL),
            ("now", self.date(0))])
        self.clock = 0

    # -- values and paths
    def sensor_row(self, s):
        kind = self.kinds[s]
        return St(self.st("SensorRow"), [
            ("id", text(s)), ("name", text(self.names[s])), ("kind", self.case(kind, "SensorKind")),
            ("status", self.case("idle" if kind == "motion" else "closed", "SensorStatus")),
            ("battery", num(self.battery[s])), ("signalStrength", num(self.rssi[s])),
            ("isBypassed", boolean(False)), ("lastChangedAt", NIL)])

    def spath(self, s, *rest):
        return ("sensors", ("i", self.ids.index(s))) + rest

    def sensor(self, s, inner):
        return self.act("sensors", self.element("SensorRow", q(s), inner))

    def panel(self, name, *a, **k):
        return self.act("panel", A(self.at("Panel"), name, *a, **k))

    def history(self, name, *a, **k):
        return self.act("history", A(self.at("History"), name, *a, **k))

    def event_row_action(self, eid, inner):
        return self.history("events", self.element("EventRow", Raw(str(eid)), inner))

    def keypad(self, name, *a, **k):
        return self.act("keypad", A("PresentationAction<%s>" % self.at("Keypad"), "presented",
                                    A(self.at("Keypad"), name, *a, **k)))

    def alarm(self, name, *a, **k):
        return self.act("alarm", A(self.at("Alarm"), name, *a, **k))

    def dest(self, child, inner):
        return self.act("destination", A("PresentationAction<%s>" % self.at("Destination"), "presented",
                                         A(self.at("Destination"), child, inner)))

    def mode_case(self, m):
        return self.case(m, "PanelMode")

    def new_event(self, kind, sensor=None, clip=False):
        self.event_seq += 1
        return self.event_seq, St(self.st("EventRow"), [
            ("id", num(self.event_seq)), ("kind", self.case(kind, "EventKind")),
            ("sensorName", text(self.names[sensor]) if sensor else NIL),
            ("occurredAt", self.date(self.now - self.rng.uniform(60, 86400 * 3))),
            ("hasClip", boolean(clip)), ("thumbnail", NIL)])

    # -- noise
    @noise
    def telemetry(self, s):
        b = self.battery[s]
        if self.rng.random() < 0.12:
            b = max(5, b - 1)
        self.battery[s] = b
        r = max(-95, min(-40, self.rssi[s] + self.rng.choice([-2, -1, -1, 0, 0, 0, 1, 1, 2])))
        self.set(self.spath(s, "battery"), num(b))
        self.set(self.spath(s, "signalStrength"), num(r))
        return self.sensor(s, A(self.at("SensorRow"), "telemetryReceived", battery=Raw(str(b)), rssi=Raw(str(r))))

    @noise
    def poll_fired(self):
        return self.panel("statusPollTimerFired")

    # reason: the 1 s clock that refreshes "armed 3 min ago" and the alarm's elapsed time
    @noise
    def clock_ticked(self):
        self.clock += 1
        self.set(("now",), self.date(self.clock))
        return self.act("timerTicked")

    # reason: a 30 s poll's answer, nearly always the same status with a new timestamp
    @noise
    def status_ok(self):
        self.poll_failed = False
        self.set(("panel", "isOnline"), boolean(True))
        self.set(("panel", "lastCheckedAt"), self.date())
        mode = {"exitDelay": "arming", "entryDelay": "entryDelay"}.get(self.mode, self.mode)
        return self.panel("statusResponse", self.result("PanelStatus", True, Struct("PanelStatus", [
            ("mode", Raw("." + mode)), ("acPower", Raw("true")), ("tamper", Raw("false")),
            ("troubles", Raw("[]"))])))

    @noise
    def exit_tick(self, remaining):
        self.set(("panel", "exitDelayRemaining"), num(remaining))
        return self.panel("exitDelayTick")

    @noise
    def entry_tick(self, remaining):
        self.set(("panel", "entryDelayRemaining"), num(remaining))
        return self.panel("entryDelayTick")

    @noise
    def clip_time(self, t):
        if not self.clip_playing:
            return None
        self.set(("destination", ("e", "clipPlayer"), "currentTime"), num(round(t, 2)))
        return self.dest("clipPlayer", A(self.at("ClipPlayer"), "timeUpdated", Raw(repr(round(t, 2)))))

    # -- either
    # reason: a row's thumbnail arriving because the list scrolled to it
    @either
    def thumbnail(self, eid):
        if eid not in self.event_ids:
            return None
        kb = self.rng.randint(9, 60)
        self.set(("history", "events", ("i", self.event_ids.index(eid)), "thumbnail"),
                 St("Thumbnail", [("bytes", num(kb * 1024)), ("width", num(320))]))
        return self.event_row_action(eid, A(self.at("EventRow"), "thumbnailResponse", self.result(
            "Data", True, Raw("%d bytes" % (kb * 1024)))))

    @noise
    def scrolled(self, y):
        end = len(self.event_ids) * 72.0 - 760
        y = round(max(0.0, min(end, y)), 1)
        self.offset = y
        self.set(("history", "scrollOffset"), num(y))
        if y > end - 760 and self.get(("history", "nextCursor")) is not NIL \
                and self.get(("history", "isLoadingPage")).cd == "false":
            # the reducer asks for the next page when the list nears its end
            self.set(("history", "isLoadingPage"), boolean(True))
            self.after(self.rng.uniform(0.3, 1.1), self.page_loaded, 25)
        self.request_thumbnails()
        return self.history("scrolled", offset=Raw(repr(y)))

    @either
    def name_typed(self, value):
        self.set(("destination", ("e", "sensorDetail"), "name"), text(value))
        return self.dest("sensorDetail", self.binding("SensorDetail", "name", q(value)))

    # -- signal
    @signal
    def task(self):
        return self.act("task")

    @signal
    def sensors_loaded(self):
        return self.act("sensorsResponse", self.result("[Sensor]", True, Raw("%d sensors" % len(self.ids))))

    @signal
    def status_failed(self):
        self.poll_failed = True
        self.set(("panel", "isOnline"), boolean(False))
        return self.panel("statusResponse", self.result("PanelStatus", False, Struct(
            "URLError", [("code", Raw("-1001")), ("description", q("The request timed out."))])))

    @signal
    def tab_selected(self, tab):
        self.set(("selectedTab",), self.case(tab, "AppFeature.Tab"))
        return self.binding("AppFeature", "selectedTab", Raw("." + tab))

    @signal
    def sensor_changed(self, s, status):
        self.set(self.spath(s, "status"), self.case(status, "SensorStatus"))
        self.set(self.spath(s, "lastChangedAt"), self.date())
        return self.sensor(s, A(self.at("SensorRow"), "stateChanged", status=Raw("." + status),
                                at=Raw(self.date().cd)))

    @signal
    def history_task(self):
        self.set(("history", "isLoadingPage"), boolean(True))
        return self.history("task")

    @signal
    def page_loaded(self, n):
        rows = []
        for _ in range(n):
            kind = self.rng.choice(EVENT_KINDS)
            s = self.rng.choice(self.ids) if kind not in ("armedAway", "armedStay", "disarmed") else None
            clip = kind in ("doorOpened", "motionDetected") and self.rng.random() < 0.7
            eid, row = self.new_event(kind, s, clip)
            self.event_ids.append(eid)
            self.append(("history", "events"), row)
            rows.append(eid)
        self.cursor += n
        self.set(("history", "isLoadingPage"), boolean(False))
        self.set(("history", "nextCursor"), text("c%06d" % self.cursor) if self.cursor < 200 else NIL)
        return self.history("pageResponse", self.result("EventPage", True, Struct("EventPage", [
            ("count", Raw(str(n))), ("cursor", q("c%06d" % self.cursor))])))

    @signal
    def play_tapped(self, eid):
        self.set(("destination",), En(self.st("Destination"), "clipPlayer", St(self.st("ClipPlayer"), [
            ("eventID", num(eid)), ("clip", NIL), ("currentTime", num(0.0)), ("isPlaying", boolean(False))])))
        return self.event_row_action(eid, A(self.at("EventRow"), "playClipTapped"))

    @signal
    def live_tapped(self, cam):
        self.live_open = True
        self.set(("destination",), En(self.st("Destination"), "liveView", St(self.st("LiveView"), [
            ("cameraID", text(cam)), ("stream", NIL), ("bitrateKbps", NIL), ("fps", NIL),
            ("isTalking", boolean(False)), ("micLevel", NIL)])))
        return self.act("cameraTileTapped", id=q(cam))

    @signal
    def stream_started(self, cam):
        url = "rtsps://live.homeguard.example/%s/%s" % (cam, self.uid()[:8].lower())
        self.set(("destination", ("e", "liveView"), "stream"), text(url))
        return self.dest("liveView", A(self.at("LiveView"), "streamResponse", self.result(
            "LiveStream", True, Struct("LiveStream", [("url", q(url)), ("codec", Raw(".h264"))]))))

    @noise
    def live_stats(self):
        if not self.live_open:
            return None
        kbps = self.rng.randint(900, 2400)
        fps = self.rng.choice([15, 15, 15, 14, 13]) if kbps > 1100 else self.rng.choice([10, 12])
        self.set(("destination", ("e", "liveView"), "bitrateKbps"), num(kbps))
        self.set(("destination", ("e", "liveView"), "fps"), num(fps))
        return self.dest("liveView", A(self.at("LiveView"), "statsUpdated", bitrateKbps=Raw(str(kbps)),
                                      fps=Raw(str(fps))))

    @signal
    def talk(self, on):
        self.set(("destination", ("e", "liveView"), "isTalking"), boolean(on))
        if not on:
            self.set(("destination", ("e", "liveView"), "micLevel"), NIL)
        return self.dest("liveView", A(self.at("LiveView"), "talkButtonPressed" if on else "talkButtonReleased"))

    @noise
    def mic_level(self, level):
        self.set(("destination", ("e", "liveView"), "micLevel"), num(level))
        return self.dest("liveView", A(self.at("LiveView"), "micLevelChanged", Raw(repr(level))))

    @signal
    def alarm_clip_tapped(self, eid):
        self.set(("destination",), En(self.st("Destination"), "clipPlayer", St(self.st("ClipPlayer"), [
            ("eventID", num(eid)), ("clip", NIL), ("currentTime", num(0.0)), ("isPlaying", boolean(False))])))
        return self.alarm("viewClipButtonTapped")

    @signal
    def clip_loaded(self, eid, length):
        url = "https://clips.homeguard.example/%d.m3u8" % eid
        self.set(("destination", ("e", "clipPlayer"), "clip"), St("Clip", [("url", text(url)),
                                                                          ("duration", num(length))]))
        self.set(("destination", ("e", "clipPlayer"), "isPlaying"), boolean(True))
        self.clip_playing = True
        return self.dest("clipPlayer", A(self.at("ClipPlayer"), "clipResponse", self.result("Clip", True, Struct(
            "Clip", [("url", q(url)), ("duration", Raw(repr(length)))]))))

    @signal
    def clip_ended(self):
        self.clip_playing = False
        self.set(("destination", ("e", "clipPlayer"), "isPlaying"), boolean(False))
        return self.dest("clipPlayer", A(self.at("ClipPlayer"), "playbackEnded"))

    @signal
    def dismissed(self):
        self.clip_playing = False
        self.live_open = False
        self.set(("destination",), NIL)
        return self.act("destination", A("PresentationAction<%s>" % self.at("Destination"), "dismiss"))

    @signal
    def sensor_tapped(self, s):
        self.set(("destination",), En(self.st("Destination"), "sensorDetail", St(self.st("SensorDetail"), [
            ("sensorID", text(s)), ("name", text(self.names[s])),
            ("isBypassed", self.get(self.spath(s, "isBypassed"))), ("isSaving", boolean(False))])))
        return self.sensor(s, A(self.at("SensorRow"), "tapped"))

    @signal
    def bypass_toggled(self, on):
        self.set(("destination", ("e", "sensorDetail"), "isBypassed"), boolean(on))
        return self.dest("sensorDetail", self.binding("SensorDetail", "isBypassed", Raw("true" if on else "false")))

    @signal
    def save_tapped(self):
        self.set(("destination", ("e", "sensorDetail"), "isSaving"), boolean(True))
        return self.dest("sensorDetail", A(self.at("SensorDetail"), "saveButtonTapped"))

    @signal
    def save_response(self, s):
        d = self.get(("destination",))
        if d is NIL:
            return None
        self.set(("destination", ("e", "sensorDetail"), "isSaving"), boolean(False))
        return self.dest("sensorDetail", A(self.at("SensorDetail"), "saveResponse", self.result(
            "Sensor", True, Struct("Sensor", [("id", q(s)), ("name", q(d.payload.f["name"].df)),
                                              ("isBypassed", Raw(d.payload.f["isBypassed"].cd))]))))

    @signal
    def sensor_updated(self, s):
        d = self.get(("destination",)).payload
        self.names[s] = d.f["name"].df
        self.set(self.spath(s, "name"), text(self.names[s]))
        self.set(self.spath(s, "isBypassed"), d.f["isBypassed"])
        self.set(("destination",), NIL)
        return self.dest("sensorDetail", A(self.at("SensorDetail"), "delegate", A(
            self.at("SensorDetail") + ".Delegate" if self.tca1 else "SensorDetailAction.Delegate",
            "sensorUpdated", id=q(s))))

    @signal
    def arm_tapped(self, mode):
        self.set(("panel", "isArming"), boolean(True))
        return self.panel("armButtonTapped", mode=Raw("." + mode))

    @signal
    def arm_response(self, mode, delay):
        self.mode = "exitDelay"
        self.set(("panel", "isArming"), boolean(False))
        self.set(("panel", "mode"), self.mode_case("exitDelay"))
        self.set(("panel", "exitDelayRemaining"), num(delay))
        return self.panel("armResponse", self.result("ArmResult", True, Struct("ArmResult", [
            ("mode", Raw("." + mode)), ("exitDelay", Raw(str(delay)))])))

    @signal
    def mode_changed(self, mode):
        self.mode = mode
        self.set(("panel", "mode"), self.mode_case(mode))
        self.set(("panel", "exitDelayRemaining"), NIL)
        self.set(("panel", "entryDelayRemaining"), NIL)
        return self.panel("modeChanged", mode=Raw("." + mode))

    @signal
    def entry_started(self, s, delay):
        self.mode = "entryDelay"
        self.set(("panel", "mode"), self.mode_case("entryDelay"))
        self.set(("panel", "entryDelayRemaining"), num(delay))
        return self.panel("entryDelayStarted", sensorID=q(s), seconds=Raw(str(delay)))

    @signal
    def disarm_tapped(self):
        self.keypad_open = True
        self.pin = ""
        self.set(("keypad",), St(self.st("Keypad"), [("entered", text("")), ("attempts", num(0)),
                                                     ("isVerifying", boolean(False)), ("error", NIL)]))
        return self.panel("disarmButtonTapped")

    @signal
    def digit(self, d):
        self.pin += d
        self.set(("keypad", "entered"), text("•" * len(self.pin)))
        self.set(("keypad", "error"), NIL)
        if len(self.pin) == 4:
            self.set(("keypad", "isVerifying"), boolean(True))
        return self.keypad("digitTapped", Raw(d))

    @signal
    def backspace(self):
        self.pin = self.pin[:-1]
        self.set(("keypad", "entered"), text("•" * len(self.pin)))
        return self.keypad("deleteTapped")

    @signal
    def pin_response(self, ok):
        attempts = int(self.get(("keypad", "attempts")).cd) + 1
        self.set(("keypad", "attempts"), num(attempts))
        self.set(("keypad", "isVerifying"), boolean(False))
        self.set(("keypad", "entered"), text(""))
        self.pin = ""
        if ok:
            payload = Struct("DisarmResult", [("mode", Raw(".disarmed")), ("user", q("Master"))])
        else:
            self.set(("keypad", "error"), text("Incorrect code"))
            payload = Struct("PanelError", [("code", Raw("401")), ("message", q("invalid user code"))])
        return self.keypad("disarmResponse", self.result("DisarmResult", ok, payload))

    @signal
    def keypad_closed(self):
        self.keypad_open = False
        self.set(("keypad",), NIL)
        return self.act("keypad", A("PresentationAction<%s>" % self.at("Keypad"), "dismiss"))

    @signal
    def alarm_triggered(self, s):
        self.mode = "alarm"
        self.set(("panel", "mode"), self.mode_case("alarm"))
        self.set(("panel", "entryDelayRemaining"), NIL)
        self.set(("alarm",), St(self.st("Alarm"), [
            ("sensorID", text(s)), ("startedAt", self.date()), ("isSirenOn", boolean(False)),
            ("monitoring", self.case("notified", "MonitoringStatus")), ("isCancelling", boolean(False))]))
        return self.act("alarmTriggered", Struct("AlarmEvent", [("sensorID", q(s)), ("zone", Raw(
            str(self.ids.index(s) + 1))), ("type", Raw(".burglary"))]))

    @signal
    def siren(self, on):
        if self.get(("alarm",)) is NIL:
            return None
        self.set(("alarm", "isSirenOn"), boolean(on))
        return self.alarm("sirenChanged", isOn=Raw("true" if on else "false"))

    @signal
    def monitoring(self, status):
        if self.get(("alarm",)) is NIL:
            return None
        self.set(("alarm", "monitoring"), self.case(status, "MonitoringStatus"))
        return self.alarm("monitoringUpdate", status=Raw("." + status))

    @signal
    def false_alarm_tapped(self):
        self.set(("alarm", "isCancelling"), boolean(True))
        return self.alarm("falseAlarmButtonTapped")

    @signal
    def cancel_response(self):
        self.set(("alarm",), NIL)
        return self.alarm("cancelResponse", self.result("AlarmCancellation", True, Struct(
            "AlarmCancellation", [("reference", q("MC-%06d" % self.rng.randint(0, 999999))), ("dispatched", Raw("false"))])))

    # -- processes
    def processes(self):
        procs = [self.poller(), self.person(), self.home_activity(),
                 self.periodic(self.clock_ticked, 1.0, 0.002, first=1.0)]
        for s in self.ids:
            procs.append(self.supervision(s))
        return procs

    def supervision(self, s):
        period = self.rng.choice([180.0, 240.0, 300.0])
        yield from self.periodic(self.telemetry, period, 1.5, args=(s,))

    def poller(self):
        yield 0.4
        self.emit(self.task)
        yield self.rng.uniform(0.2, 0.6)
        self.emit(self.status_ok)
        yield self.rng.uniform(0.05, 0.3)
        self.emit(self.sensors_loaded)
        due = self.now + 30.0
        while True:
            yield max(0.001, due - self.now + self.rng.uniform(-0.05, 0.05))
            due += 30.0
            self.emit(self.poll_fired)
            yield self.rng.uniform(0.15, 0.8)
            if self.rng.random() < 0.06:
                yield 9.0          # the request times out at 10 s
                self.emit(self.status_failed)
                yield 5.0          # one retry
                self.emit(self.poll_fired)
                yield self.rng.uniform(0.2, 0.8)
            self.emit(self.status_ok)

    def home_activity(self):
        """Doors, windows and motion while people are home; motion clears 30 s later."""
        rng = self.rng
        while True:
            yield self.expo(22.0)
            if not self.home_occupied or self.mode in ("alarm", "entryDelay", "exitDelay", "armedAway"):
                continue
            s = rng.choice(self.ids)
            kind = self.kinds[s]
            status = self.get(self.spath(s, "status")).cd
            if kind == "motion":
                if self.mode == "armedStay" or status == ".motion":
                    continue
                self.emit(self.sensor_changed, s, "motion")
                self.spawn(self.motion_clear(s), 30.0 + rng.uniform(-0.3, 0.3))
            elif status == ".closed":
                bypassed = self.get(self.spath(s, "isBypassed")).cd == "true"
                if self.mode == "armedStay" and not bypassed:
                    continue
                self.emit(self.sensor_changed, s, "open")
                self.spawn(self.close_later(s), rng.uniform(4, 25) if kind == "door" else rng.uniform(60, 400))

    def motion_clear(self, s):
        self.emit(self.sensor_changed, s, "idle")
        yield 0

    def close_later(self, s):
        if self.get(self.spath(s, "status")).cd == ".open":
            self.emit(self.sensor_changed, s, "closed")
        yield 0

    def pause(self, lo, hi):
        return self.rng.uniform(lo, hi)

    def enter_pin(self, wrong_first=False):
        rng = self.rng
        tries = [self.PIN[:2] + rng.choice("0356") + self.PIN[3], self.PIN] if wrong_first else [self.PIN]
        for code in tries:
            for k, d in enumerate(code):
                yield rng.uniform(0.25, 0.9)
                self.emit(self.digit, d)
                if k == 2 and rng.random() < 0.1:
                    yield rng.uniform(0.3, 0.8)
                    self.emit(self.backspace)
                    yield rng.uniform(0.3, 0.8)
                    self.emit(self.digit, d)
            yield rng.uniform(0.3, 0.9)
            self.emit(self.pin_response, code == self.PIN)
            if code == self.PIN:
                break
            yield rng.uniform(1.0, 2.5)

    def countdown(self, tick, seconds):
        for r in range(seconds - 1, -1, -1):
            yield 1.0 + self.rng.uniform(-0.004, 0.004)
            if self.mode not in ("exitDelay", "entryDelay"):
                return
            self.emit(tick, r)

    def ep_history(self):
        rng = self.rng
        self.emit(self.tab_selected, "history")
        if not self.event_ids:
            yield 0.05
            self.emit(self.history_task)
            yield rng.uniform(0.3, 0.9)
            self.emit(self.page_loaded, 25)
            self.shown = 0
            self.request_thumbnails()
        # flicks down the list (the odd one back up); near the end the next page loads
        for _ in range(rng.randint(20, 36)):
            v = rng.uniform(500, 2200) * (1 if rng.random() < 0.85 else -0.6)
            y0 = self.offset
            hz = 60.0
            n = int(rng.uniform(0.5, 1.6) * hz)

            def at(i, y0=y0, v=v, n=n):
                f = 1 - (1 - (i + 1) / n) ** 3           # the deceleration of a flick
                return (y0 + v * f,)
            yield from self.gesture(self.scrolled, hz=hz, duration=n / hz, args=at)
            yield rng.uniform(0.6, 4.0) if rng.random() < 0.8 else rng.uniform(5, 12)
        clips = [e for e in self.event_ids[:self.shown]
                 if self.get(("history", "events", ("i", self.event_ids.index(e)))).f["hasClip"].cd == "true"]
        for _ in range(rng.randint(2, 4)):
            if not clips:
                break
            yield from self.play(rng.choice(clips))
            yield rng.uniform(3, 10)

    def request_thumbnails(self):
        """Rows that came into view load their thumbnails."""
        visible = min(len(self.event_ids), int((self.offset + 760) // 72) + 1)
        for eid in self.event_ids[self.shown:visible]:
            row = self.get(("history", "events", ("i", self.event_ids.index(eid))))
            if row.f["hasClip"].cd == "true":
                self.after(self.rng.uniform(0.15, 0.6), self.thumbnail, eid)
        self.shown = max(self.shown, visible)

    def play(self, eid, from_alarm=False):
        rng = self.rng
        self.emit(self.alarm_clip_tapped if from_alarm else self.play_tapped, eid)
        yield rng.uniform(0.4, 1.5)
        length = float(rng.choice([15, 20, 30, 30, 45]))
        self.emit(self.clip_loaded, eid, length)
        watch = length if rng.random() < 0.75 else rng.uniform(6, length)
        t = 0.0
        while t + 0.1 <= watch and self.clip_playing:
            yield 0.1 + rng.uniform(-0.002, 0.002)
            t += 0.1
            self.emit(self.clip_time, t)
        if t + 0.1 > length:
            self.emit(self.clip_ended)
            yield rng.uniform(1, 4)
        self.emit(self.dismissed)

    def live(self, cam, talks):
        rng = self.rng
        self.emit(self.tab_selected, "home") if self.get(("selectedTab",)).cd != ".home" else None
        yield rng.uniform(1, 3)
        self.emit(self.live_tapped, cam)
        yield rng.uniform(0.8, 2.5)
        self.emit(self.stream_started, cam)

        def stats():
            while self.live_open:
                yield 1.0 + rng.uniform(-0.01, 0.01)
                self.emit(self.live_stats)
        self.spawn(stats())
        for _ in range(talks):
            yield rng.uniform(4, 15)
            self.emit(self.talk, True)
            level = [0.05]

            def lv(i):
                level[0] = max(0.0, min(1.0, level[0] * 0.7 + rng.uniform(0, 0.6) * (rng.random() < 0.8)))
                return (round(level[0], 3),)
            yield from self.gesture(self.mic_level, hz=20.0, duration=rng.uniform(2.5, 8), args=lv)
            self.emit(self.talk, False)
        yield rng.uniform(10, 60)
        self.emit(self.dismissed)

    def ep_live(self):
        yield from self.live(self.rng.choice(["front-porch", "driveway", "backyard"]), self.rng.randint(0, 2))

    def ep_rename(self):
        rng = self.rng
        self.emit(self.tab_selected, "devices")
        yield rng.uniform(2, 6)
        s = rng.choice(self.ids)
        self.emit(self.sensor_tapped, s)
        yield rng.uniform(1.5, 4)
        new = rng.choice(NEW_NAMES)
        cur = self.names[s]
        for k in range(len(cur) - 1, -1, -1):      # the delete key held, a few per second
            yield rng.uniform(0.06, 0.12)
            self.emit(self.name_typed, cur[:k])
        for k in range(1, len(new) + 1):
            yield rng.uniform(0.1, 0.45)
            self.emit(self.name_typed, new[:k])
        yield rng.uniform(0.8, 2.5)
        self.emit(self.save_tapped)
        yield rng.uniform(0.3, 1.0)
        self.emit(self.save_response, s)
        self.emit(self.sensor_updated, s)

    def ep_bypass(self):
        rng = self.rng
        self.emit(self.tab_selected, "devices")
        yield rng.uniform(2, 5)
        s = rng.choice([x for x in self.ids if self.kinds[x] == "window"])
        self.emit(self.sensor_tapped, s)
        yield rng.uniform(1, 3)
        self.emit(self.bypass_toggled, self.get(self.spath(s, "isBypassed")).cd != "true")
        yield rng.uniform(0.8, 2)
        self.emit(self.save_tapped)
        yield rng.uniform(0.3, 1.0)
        self.emit(self.save_response, s)
        self.emit(self.sensor_updated, s)

    def arm(self, mode, delay):
        rng = self.rng
        self.emit(self.tab_selected, "home")
        yield rng.uniform(1, 3)
        self.emit(self.arm_tapped, mode)
        yield rng.uniform(0.4, 1.2)
        self.emit(self.arm_response, mode, delay)
        yield from self.countdown(self.exit_tick, delay)
        yield rng.uniform(0.2, 1.0)
        self.emit(self.mode_changed, "armedAway" if mode == "away" else "armedStay")

    def disarm(self, wrong_first=False):
        rng = self.rng
        self.emit(self.disarm_tapped)
        yield from self.enter_pin(wrong_first)
        yield rng.uniform(0.3, 0.8)
        self.emit(self.keypad_closed)
        yield rng.uniform(0.2, 0.6)
        self.emit(self.mode_changed, "disarmed")

    def ep_alarm(self):
        """Away: the house empties, an intruder (the dog walker) trips a sensor."""
        rng = self.rng
        self.home_occupied = False
        yield from self.arm("away", 60)
        yield rng.uniform(40, 110)
        s = rng.choice(["back-door", "living-motion", "patio-slider", "hall-motion"])
        if self.kinds[s] == "door":
            self.emit(self.sensor_changed, s, "open")
            yield rng.uniform(0.2, 0.6)
            self.emit(self.entry_started, s, 30)
            yield from self.countdown(self.entry_tick, 30)
            yield 0.3
            self.spawn(self.close_later(s), rng.uniform(20, 60))
        else:
            self.emit(self.sensor_changed, s, "motion")
            self.spawn(self.motion_clear(s), 30.0 + rng.uniform(-0.3, 0.3))
            yield rng.uniform(0.3, 0.8)
        self.emit(self.alarm_triggered, s)
        yield rng.uniform(0.5, 1.5)
        self.emit(self.siren, True)
        yield rng.uniform(5, 15)
        self.emit(self.monitoring, "calling")
        yield rng.uniform(2, 6)
        self.event_seq += 1
        yield from self.play(self.event_seq, from_alarm=True)     # who is it? the dog walker
        yield rng.uniform(2, 8)
        yield from self.live("living-room", rng.randint(2, 3))   # talks to them through the camera
        self.emit(self.monitoring, "callAnswered")
        yield rng.uniform(10, 25)
        self.emit(self.false_alarm_tapped)
        yield from self.disarm(wrong_first=rng.random() < 0.5)
        yield rng.uniform(0.4, 1.2)
        self.emit(self.siren, False)
        yield rng.uniform(0.5, 2)
        self.emit(self.cancel_response)
        yield rng.uniform(2, 5)
        self.emit(self.monitoring, "cancelled")
        self.home_occupied = True

    def ep_stay(self):
        rng = self.rng
        yield from self.arm("stay", 30)
        yield rng.uniform(60, 150)
        yield from self.disarm(wrong_first=False)

    def person(self):
        rng = self.rng
        yield rng.uniform(2, 5)
        episodes = [self.ep_history, self.ep_rename, self.ep_bypass, self.ep_live]
        rng.shuffle(episodes)
        episodes.insert(rng.randint(1, 3), self.ep_alarm)
        episodes.insert(rng.randint(4, 5), self.ep_history)
        episodes.append(self.ep_stay)
        for ep in episodes:
            yield from ep()
            self.emit(self.tab_selected, "home") if self.get(("selectedTab",)).cd != ".home" else None
            yield rng.uniform(10, 45)


# ==================================================================================== obd

DTCS = [("P0420", "Catalyst System Efficiency Below Threshold (Bank 1)", "ECM"),
        ("P0171", "System Too Lean (Bank 1)", "ECM"),
        ("P0456", "Evaporative Emission System Leak Detected (very small leak)", "ECM"),
        ("U0121", "Lost Communication With ABS Control Module", "BCM"),
        ("P0300", "Random/Multiple Cylinder Misfire Detected", "ECM"),
        ("C1234", "Wheel Speed Sensor Front Right Circuit", "ABS")]
MODULES = ["ECM", "TCM", "ABS", "SRS", "BCM", "IPC", "HVAC", "EPS"]
PIDS = [("rpm", "engineRPM", "010C"), ("speed", "vehicleSpeed", "010D"), ("throttle", "throttlePosition", "0111"),
        ("fuelRate", "engineFuelRate", "015E"), ("coolant", "coolantTemperature", "0105")]


class OBD(App):
    name = "obd"
    module = "Torque"
    process = "OBDScan"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        self.connected = False
        self.engine = False
        self.engine_ran = False
        self.speed = 0.0          # km/h, the car's actual speed
        self.target = 0.0
        self.rpm = 0.0
        self.throttle = 0.0
        self.fuel = 0.0           # L/h
        self.coolant = float(rng.randint(24, 62))
        self.volts = 12.6
        self.rssi = rng.randint(-70, -52)
        self.read = {}            # last values read
        self.distance = 0.0
        self.used = 0.0
        self.seconds = 0
        self.trip_ids = [9100 + i * 7 + rng.randint(0, 5) for i in range(rng.randint(6, 12))]
        self.codes = []
        self.scanning = False
        self.stack_next = 0
        self.stack = []           # (id, kind)
        self.mode = "gauges"
        self.series = ["rpm", "speed"]
        self.window = 60
        self.state = St(self.st("AppFeature"), [
            ("adapter", St(self.st("Adapter"), [
                ("connection", self.case("disconnected", "ConnectionState")), ("name", text("OBDLink MX+ 29481")),
                ("rssi", NIL), ("protocol", NIL), ("vin", NIL), ("batteryVoltage", NIL),
                ("reconnectAttempt", num(0))])),
            ("engine", self.case("unknown", "EngineState")),
            ("live", St(self.st("Live"), [("rpm", NIL), ("speed", NIL), ("throttle", NIL), ("fuelRate", NIL),
                                          ("coolant", NIL)])),
            ("dashboard", St(self.st("Dashboard"), [("mode", self.case("gauges", "Dashboard.Mode")),
                                                    ("graphSeries", Arr(self.case(s, "PID") for s in self.series)),
                                                    ("graphWindow", num(60))])),
            ("trip", NIL),
            ("diagnostics", St(self.st("Diagnostics"), [("isScanning", boolean(False)), ("progress", NIL),
                                                        ("codes", Arr()), ("lastScanAt", NIL), ("alert", NIL)])),
            ("path", Dic({}, ordered=True, key="#%s"))])

    def adapter(self, name, *a, **k):
        return self.act("adapter", A(self.at("Adapter"), name, *a, **k))

    def dash(self, name, *a, **k):
        return self.act("dashboard", A(self.at("Dashboard"), name, *a, **k))

    def diag(self, name, *a, **k):
        return self.act("diagnostics", A(self.at("Diagnostics"), name, *a, **k))

    def trip_act(self, name, *a, **k):
        return self.act("trip", A(self.at("Trip"), name, *a, **k))

    def stack_el(self, sid, child, inner):
        return self.act("path", A("StackAction<Path.State, Path.Action>" if not self.tca1 else
                                  "StackActionOf<Path>", "element", id=Raw("#%d" % sid),
                                  action=A(self.at("Path"), child, inner)))

    # -- the car
    def drive(self):
        """Speed follows a target (traffic, lights); rpm, throttle and fuel follow speed."""
        rng = self.rng
        dt = 0.1
        until = 0.0
        while True:
            yield dt
            if not self.engine:
                self.speed = 0.0
                self.rpm = self.throttle = self.fuel = 0.0
                continue
            if self.now >= until:
                r = rng.random()
                self.target = 0.0 if r < 0.25 else rng.uniform(30, 60) if r < 0.75 else rng.uniform(70, 110)
                until = self.now + rng.uniform(15, 60 if self.target else 35)
            gap = self.target - self.speed
            acc = max(-9.0, min(6.0, gap * 0.35))
            self.speed = max(0.0, self.speed + acc * dt * 3.6 / 3.6)
            self.throttle = max(12.5, min(95.0, 14.0 + max(0.0, acc) * 9 + self.speed * 0.12 + rng.uniform(-1, 1)))
            if acc < -1:
                self.throttle = 12.5 + rng.uniform(0, 0.8)
            gear_ratio = [0, 125, 75, 52, 40, 32, 27][min(6, 1 + int(self.speed // 22))] if self.speed > 3 else 0
            self.rpm = max(720.0 + rng.uniform(-25, 25), self.speed * gear_ratio * 0.95 + rng.uniform(-30, 30))
            self.fuel = max(0.6, 0.6 + self.rpm / 1000 * 0.55 * (self.throttle / 30))
            self.coolant = min(90.0 + rng.uniform(-1, 1), self.coolant + dt * 0.12)

    def value_of(self, key):
        if key == "rpm":
            return int(round(self.rpm / 4) * 4 / 1) if self.rpm else 0
        if key == "speed":
            return int(round(self.speed))
        if key == "throttle":
            return round(round(self.throttle * 255 / 100) * 100 / 255, 1)
        if key == "fuelRate":
            return round(self.fuel, 2)
        return int(round(self.coolant))

    # -- noise
    @noise
    def pid_response(self, key):
        if not (self.connected and self.engine):
            return None
        v = self.value_of(key)
        self.read[key] = v
        self.set(("live", key), num(v))
        pid = next(p for p in PIDS if p[0] == key)
        return self.act("live", A(self.at("Live"), "pidResponse", pid=Raw("." + pid[1]),
                                  value=Raw(repr(float(v)) if isinstance(v, float) else str(v))))

    @noise
    def voltage(self):
        v = round((14.1 if self.engine else 12.4) + self.rng.uniform(-0.15, 0.15), 1)
        self.set(("adapter", "batteryVoltage"), num(v))
        return self.adapter("voltageResponse", Raw(repr(v)))

    @noise
    def rssi_read(self):
        self.rssi = max(-90, min(-45, self.rssi + self.rng.choice([-3, -1, 0, 0, 1, 2])))
        self.set(("adapter", "rssi"), num(self.rssi))
        return self.adapter("rssiUpdated", Raw(str(self.rssi)))

    @noise
    def trip_tick(self):
        if self.get(("trip",)) is NIL:
            return None
        self.seconds += 1
        sp = self.read.get("speed", 0) if self.connected else 0
        fr = self.read.get("fuelRate", 0.0) if self.connected else 0.0
        self.distance += sp / 3600.0
        self.used += fr / 3600.0
        self.set(("trip", "duration"), num(self.seconds))
        self.set(("trip", "distance"), num(round(self.distance, 2)))
        self.set(("trip", "fuelUsed"), num(round(self.used, 3)))
        econ = round(self.used / self.distance * 100, 1) if self.distance > 0.05 else NIL
        self.set(("trip", "economy"), num(econ) if econ is not NIL else NIL)
        return self.trip_act("timerTicked")

    @noise
    def scan_progress(self, module, p):
        self.set(("diagnostics", "progress"), num(p))
        return self.diag("scanProgress", module=q(module), fraction=Raw(repr(p)))

    @noise
    def graph_zoom(self, window):
        self.set(("dashboard", "graphWindow"), num(window))
        return self.dash("graphPinched", window=Raw(str(window)))

    # reason: the reconnect loop's timer, every 3 s until the adapter answers
    @noise
    def reconnect_fired(self, n):
        self.set(("adapter", "reconnectAttempt"), num(n))
        return self.adapter("reconnectTimerFired")

    # -- signal
    @signal
    def task(self):
        self.set(("adapter", "connection"), self.case("connecting", "ConnectionState"))
        return self.act("task")

    @signal
    def connected_ok(self):
        self.connected = True
        self.set(("adapter", "connection"), self.case("connected", "ConnectionState"))
        self.set(("adapter", "reconnectAttempt"), num(0))
        self.set(("adapter", "protocol"), text("ISO 15765-4 (CAN 11/500)"))
        return self.adapter("connectResponse", self.result("AdapterInfo", True, Struct("AdapterInfo", [
            ("firmware", q("ELM327 v1.4b / STN2255 v5.6.19")), ("protocol", Raw(".iso15765_4_CAN11_500"))])))

    # reason: an error worth seeing, although it repeats while the reconnect loop runs
    @signal
    def connect_failed(self):
        return self.adapter("connectResponse", self.result("AdapterInfo", False, Struct("BluetoothError", [
            ("code", Raw(".connectionTimeout")), ("description", q("Peripheral did not respond"))])))

    @signal
    def vin(self):
        self.set(("adapter", "vin"), text("WVWZZZAUZKW128843"))
        return self.adapter("vinResponse", self.result("String", True, q("WVWZZZAUZKW128843")))

    @signal
    def dropped(self):
        self.connected = False
        self.set(("adapter", "connection"), self.case("reconnecting", "ConnectionState"))
        self.set(("adapter", "rssi"), NIL)
        for k, _, _ in PIDS:
            self.set(("live", k), NIL)
        return self.adapter("connectionStateChanged", Raw(".disconnected(reason: .supervisionTimeout)"))

    @signal
    def engine_changed(self, running):
        self.set(("engine",), self.case("running" if running else "off", "EngineState"))
        if running:
            self.seconds = 0
            self.distance = self.used = 0.0
            self.set(("trip",), St(self.st("Trip"), [("startedAt", self.date()), ("duration", num(0)),
                                                     ("distance", num(0.0)), ("fuelUsed", num(0.0)),
                                                     ("economy", NIL)]))
        else:
            for k, _, _ in PIDS:
                self.set(("live", k), NIL)
        return self.act("engineStateChanged", A("EngineState", "running" if running else "off"))

    @signal
    def trip_saved(self):
        tid = self.trip_ids[-1] + self.rng.randint(3, 9)
        self.trip_ids.append(tid)
        self.set(("trip",), NIL)
        return self.trip_act("saveResponse", self.result("SavedTrip", True, Struct("SavedTrip", [
            ("id", Raw(str(tid))), ("distance", Raw(repr(round(self.distance, 2)))),
            ("fuelUsed", Raw(repr(round(self.used, 3)))), ("duration", Raw(str(self.seconds)))])))

    @signal
    def mode_set(self, mode):
        self.set(("dashboard", "mode"), self.case(mode, "Dashboard.Mode"))
        return self.dash("binding", A("BindingAction<%s>" % self.st("Dashboard").replace(".", ""), "set",
                                      Raw("\\%s.$mode" % self.st("Dashboard")), Raw("." + mode)))

    @signal
    def series_toggled(self, key):
        if key in self.series:
            self.series.remove(key)
        else:
            self.series.append(key)
        self.set(("dashboard", "graphSeries"), Arr(self.case(s, "PID") for s in self.series))
        return self.dash("seriesToggled", pid=Raw("." + next(p[1] for p in PIDS if p[0] == key)))

    @signal
    def scan_tapped(self):
        self.scanning = True
        self.set(("diagnostics", "isScanning"), boolean(True))
        self.set(("diagnostics", "progress"), num(0.0))
        return self.diag("scanButtonTapped")

    @signal
    def scan_done(self, found):
        self.scanning = False
        self.codes = found
        self.set(("diagnostics", "isScanning"), boolean(False))
        self.set(("diagnostics", "progress"), NIL)
        self.set(("diagnostics", "lastScanAt"), self.date())
        self.set(("diagnostics", "codes"), Arr(St("DTC", [("id", text(c)), ("description", text(d)),
                                                         ("module", text(m)), ("status", self.case(st, "DTC.Status"))])
                                              for c, d, m, st in found))
        return self.diag("scanResponse", self.result("[DTC]", True, Raw("[%s]" % ", ".join(
            'DTC(code: "%s", status: .%s)' % (c, st) for c, _, _, st in found))))

    @signal
    def clear_tapped(self, code):
        self.set(("diagnostics", "alert"), St("AlertState<Diagnostics.Action.Alert>", [
            ("title", text("Clear %s?" % code)),
            ("message", text("This resets the check-engine light and the readiness monitors."))]))
        return self.diag("codes", self.element("DTCRow", q(code), A(self.at("DTCRow"), "clearButtonTapped")))

    @signal
    def clear_confirmed(self, code):
        self.set(("diagnostics", "alert"), NIL)
        return self.diag("alert", A("PresentationAction<%s.Alert>" % self.at("Diagnostics"), "presented",
                                    A("Diagnostics.Action.Alert" if self.tca1 else "DiagnosticsAction.Alert",
                                      "confirmClear", code=q(code))))

    @signal
    def cleared(self, code):
        self.codes = [c for c in self.codes if c[0] != code]
        self.set(("diagnostics", "codes"), Arr(St("DTC", [("id", text(c)), ("description", text(d)),
                                                         ("module", text(m)), ("status", self.case(st, "DTC.Status"))])
                                              for c, d, m, st in self.codes))
        return self.diag("clearResponse", self.result("Void", True, Raw("()")))

    @signal
    def trips_tapped(self):
        sid = self.stack_next
        self.stack_next += 1
        self.stack.append((sid, "tripList"))
        self.put(("path",), sid, En(self.st("Path"), "tripList", St(self.st("TripList"), [
            ("trips", Arr()), ("isLoading", boolean(True))])))
        return self.act("tripsButtonTapped")

    @signal
    def trips_loaded(self, sid):
        rows = [St("TripSummary", [("id", num(t)), ("date", self.date(self.now - (len(self.trip_ids) - i) * 86400 * 0.7)),
                                   ("distance", num(round(self.rng.uniform(3, 60), 1)))])
                for i, t in enumerate(self.trip_ids)]
        rows.reverse()
        self.set(("path", ("k", sid), ("e", "tripList"), "trips"), Arr(rows))
        self.set(("path", ("k", sid), ("e", "tripList"), "isLoading"), boolean(False))
        return self.stack_el(sid, "tripList", A(self.at("TripList"), "tripsResponse", self.result(
            "[TripSummary]", True, Raw("%d trips" % len(rows)))))

    @signal
    def trip_tapped(self, list_sid, tid):
        sid = self.stack_next
        self.stack_next += 1
        self.stack.append((sid, "tripDetail"))
        self.put(("path",), sid, En(self.st("Path"), "tripDetail", St(self.st("TripDetail"), [
            ("tripID", num(tid)), ("trip", NIL), ("route", NIL)])))
        return self.stack_el(list_sid, "tripList", A(self.at("TripList"), "tripTapped", id=Raw(str(tid))))

    @signal
    def detail_loaded(self, sid, tid):
        d = round(self.rng.uniform(3, 60), 1)
        self.set(("path", ("k", sid), ("e", "tripDetail"), "trip"), St("Trip", [
            ("distance", num(d)), ("economy", num(round(self.rng.uniform(5.2, 9.8), 1))),
            ("maxSpeed", num(self.rng.randint(50, 130))), ("dtcCount", num(self.rng.randint(0, 2)))]))
        return self.stack_el(sid, "tripDetail", A(self.at("TripDetail"), "tripResponse", self.result(
            "Trip", True, Struct("Trip", [("id", Raw(str(tid))), ("distance", Raw(repr(d)))]))))

    @signal
    def route_loaded(self, sid):
        n = self.rng.randint(180, 2400)
        self.set(("path", ("k", sid), ("e", "tripDetail"), "route"), St("Route", [("points", num(n))]))
        return self.stack_el(sid, "tripDetail", A(self.at("TripDetail"), "routeResponse", self.result(
            "[Coordinate]", True, Raw("%d points" % n))))

    @signal
    def popped(self):
        sid, _ = self.stack.pop()
        self.delete(("path",), sid)
        return self.act("path", A("StackAction<Path.State, Path.Action>" if not self.tca1 else
                                  "StackActionOf<Path>", "popFrom", id=Raw("#%d" % sid)))

    # -- processes
    def processes(self):
        return [self.drive(), self.link(), self.poll(), self.slow_reads(), self.trip_clock(), self.person()]

    def link(self):
        """Connect; the adapter drops once or twice and reconnects."""
        rng = self.rng
        yield 0.3
        self.emit(self.task)
        yield rng.uniform(1.5, 3.5)
        self.emit(self.connected_ok)
        yield rng.uniform(0.3, 0.8)
        self.emit(self.vin)
        yield rng.uniform(0.5, 1.5)
        self.engine = True
        self.engine_ran = True
        self.emit(self.engine_changed, True)
        drops = sorted(rng.uniform(90, 660) for _ in range(rng.randint(1, 2)))
        for at in drops:
            if at > self.now:
                yield at - self.now
            if not self.connected:
                continue
            self.emit(self.dropped)
            yield rng.uniform(0.5, 1.5)
            n = 0
            fails = rng.randint(1, 4)
            while True:
                n += 1
                self.emit(self.reconnect_fired, n)
                yield rng.uniform(2.0, 2.6)
                if n > fails:
                    yield rng.uniform(0.2, 0.8)
                    self.emit(self.connected_ok)
                    break
                self.emit(self.connect_failed)
                yield 3.0 - 2.3

    def poll(self):
        """Round-robin PID requests: each answer takes 50-90 ms on CAN; coolant every 4th cycle."""
        rng = self.rng
        cycle = 0
        while True:
            if not (self.connected and self.engine) or self.scanning:
                yield 0.25
                continue
            cycle += 1
            for key, _, _ in PIDS:
                if key == "coolant" and cycle % 4:
                    continue
                yield rng.uniform(0.05, 0.09)
                self.emit(self.pid_response, key)

    def slow_reads(self):
        rng = self.rng
        k = 0
        due = self.now + 2.5
        while True:
            yield max(0.001, due - self.now + rng.uniform(-0.02, 0.02))
            due += 2.5
            k += 1
            if self.connected:
                self.emit(self.rssi_read)
                if k % 2 == 0:
                    yield rng.uniform(0.03, 0.08)
                    self.emit(self.voltage)

    def trip_clock(self):
        yield from self.periodic(self.trip_tick, 1.0, 0.003)

    def scan(self):
        rng = self.rng
        self.emit(self.scan_tapped)
        steps = len(MODULES)
        for i, m in enumerate(MODULES):
            for part in range(3):
                yield rng.uniform(0.15, 0.6)
                self.emit(self.scan_progress, m, round((i * 3 + part + 1) / (steps * 3.0), 3))
        yield rng.uniform(0.2, 0.6)
        if not self.codes:
            found = [(c, d, m, rng.choice(["confirmed", "pending"])) for c, d, m in rng.sample(DTCS, rng.randint(1, 3))]
        else:
            found = self.codes
        self.emit(self.scan_done, found)

    def person(self):
        rng = self.rng
        yield rng.uniform(8, 20)
        stop_at = rng.uniform(420, 600)
        scanned = 0
        while self.now < stop_at:
            r = rng.random()
            if r < 0.25:
                self.mode = "graph" if self.mode == "gauges" else "gauges"
                self.emit(self.mode_set, self.mode)
            elif r < 0.45 and self.mode == "graph":
                self.emit(self.series_toggled, rng.choice([p[0] for p in PIDS]))
            elif r < 0.65 and self.mode == "graph":
                goal = rng.choice([15, 30, 60, 120, 300])
                w = self.window
                n = rng.randint(12, 50)
                hz = rng.uniform(55, 60)

                def at(i, w=w, goal=goal, n=n):
                    return (int(round(w + (goal - w) * (i + 1) / n)),)
                yield from self.gesture(self.graph_zoom, hz=hz, duration=n / hz, args=at)
                self.window = goal
            elif r < 0.8 and scanned < 2 and self.connected:
                scanned += 1
                yield from self.scan()
                if self.codes and rng.random() < 0.8:
                    yield rng.uniform(4, 15)
                    code = rng.choice(self.codes)[0]
                    self.emit(self.clear_tapped, code)
                    yield rng.uniform(1.5, 4)
                    self.emit(self.clear_confirmed, code)
                    yield rng.uniform(0.5, 1.5)
                    self.emit(self.cleared, code)
            yield self.expo(rng.uniform(15, 45))
        # the car is parked: the engine stops, the trip is saved
        while self.now < stop_at:
            yield 1.0
        self.engine = False
        self.emit(self.engine_changed, False)
        yield rng.uniform(0.2, 0.6)
        self.emit(self.trip_saved)
        yield rng.uniform(10, 40)
        for _ in range(rng.randint(1, 2)):
            self.emit(self.trips_tapped)
            list_sid = self.stack[-1][0]
            yield rng.uniform(0.3, 0.9)
            self.emit(self.trips_loaded, list_sid)
            for _ in range(rng.randint(1, 3)):
                yield rng.uniform(3, 12)
                tid = rng.choice(self.trip_ids)
                self.emit(self.trip_tapped, list_sid, tid)
                sid = self.stack[-1][0]
                yield rng.uniform(0.2, 0.6)
                self.emit(self.detail_loaded, sid, tid)
                yield rng.uniform(0.3, 1.2)
                self.emit(self.route_loaded, sid)
                yield rng.uniform(8, 30)
                self.emit(self.popped)
            yield rng.uniform(2, 8)
            self.emit(self.popped)
            yield rng.uniform(20, 60)


# ================================================================================ scooter

HOME = (52.52981, 13.41372)
M_LAT = 1 / 111200.0
M_LON = 1 / 67800.0
COMMENTS = ["Brakes felt soft", "Great ride", "Bell is broken", "Smooth, thanks", "Handlebar a bit loose"]


class Scooter(App):
    name = "scooter"
    module = "Glide"
    process = "Glide"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        self.lat, self.lon = HOME[0] + rng.uniform(-0.002, 0.002), HOME[1] + rng.uniform(-0.003, 0.003)
        self.center = [self.lat, self.lon]
        self.fleet = {}
        for _ in range(rng.randint(12, 18)):
            self.add_scooter()
        self.balance = rng.choice([2.4, 3.1, 4.05, 12.8, 18.5, 25.0])
        self.min_battery = 0
        self.on_map = True
        self.heading = None       # where the person walks or rides to
        self.speed = 0.0          # m/s
        self.riding = False
        self.reserved = None
        self.remaining = 0
        self.ride_seconds = 0
        self.ride_minutes = 0
        self.distance = 0.0
        self.ride_battery = 0
        self.zone = "standard"
        self.compass = rng.uniform(0, 360)
        self.state = St(self.st("AppFeature"), [
            ("userLocation", NIL),
            ("heading", NIL),
            ("map", St(self.st("Map"), [
                ("region", self.region()), ("scooters", Arr()), ("isRefreshing", boolean(False)),
                ("minBattery", num(0))])),
            ("reservation", NIL),
            ("ride", NIL),
            ("wallet", St(self.st("Wallet"), [("balance", NIL), ("currency", text("EUR"))])),
            ("destination", NIL)])

    # -- values and paths
    def add_scooter(self):
        rng = self.rng
        sid = "XQ-%04d" % rng.randint(1000, 9999)
        self.fleet[sid] = {"lat": self.center[0] + rng.uniform(-0.004, 0.004),
                           "lon": self.center[1] + rng.uniform(-0.006, 0.006), "battery": rng.randint(8, 100)}
        return sid

    def region(self):
        return St("MKCoordinateRegion", [("latitude", num(round(self.center[0], 5))),
                                         ("longitude", num(round(self.center[1], 5))),
                                         ("latitudeDelta", num(0.012))])

    def scooter_value(self, sid):
        f = self.fleet[sid]
        return St("Scooter", [("id", text(sid)), ("latitude", num(round(f["lat"], 5))),
                              ("longitude", num(round(f["lon"], 5))), ("battery", num(f["battery"])),
                              ("rangeKm", num(int(f["battery"] * 0.45)))])

    def visible(self):
        ids = [s for s, f in self.fleet.items() if f["battery"] >= self.min_battery and s != self.reserved
               and abs(f["lat"] - self.center[0]) < 0.006 and abs(f["lon"] - self.center[1]) < 0.009]
        return sorted(ids, key=lambda s: (self.fleet[s]["lat"] - self.lat) ** 2 + ((self.fleet[s]["lon"] - self.lon) * 0.61) ** 2)[:20]

    def mapa(self, name, *a, **k):
        return self.act("map", A(self.at("Map"), name, *a, **k))

    def ride_act(self, name, *a, **k):
        return self.act("ride", A(self.at("Ride"), name, *a, **k))

    def res_act(self, name, *a, **k):
        return self.act("reservation", A(self.at("Reservation"), name, *a, **k))

    def wallet_act(self, name, *a, **k):
        return self.act("wallet", A(self.at("Wallet"), name, *a, **k))

    def dest(self, child, name, *a, **k):
        return self.act("destination", A("PresentationAction<%s>" % self.at("Destination"), "presented",
                                         A(self.at("Destination"), child, A(self.at(child[0].upper() + child[1:]),
                                                                            name, *a, **k))))

    def present(self, child, fields):
        self.set(("destination",), En(self.st("Destination"), child, St(self.st(child[0].upper() + child[1:]), fields)))

    def dpath(self, child, *rest):
        return ("destination", ("e", child)) + rest

    # -- noise
    @noise
    def location(self):
        acc = round(self.rng.uniform(4, 12), 1)
        self.set(("userLocation",), St("CLLocation", [("latitude", num(round(self.lat, 6))),
                                                      ("longitude", num(round(self.lon, 6))),
                                                      ("horizontalAccuracy", num(acc))]))
        return self.act("locationUpdated", Struct("CLLocation", [
            ("coordinate", Struct("CLLocationCoordinate2D", [("latitude", Raw(repr(round(self.lat, 6)))),
                                                             ("longitude", Raw(repr(round(self.lon, 6))))])),
            ("horizontalAccuracy", Raw(repr(acc))), ("speed", Raw(repr(round(self.speed, 2))))]))

    @noise
    def heading_updated(self, deg):
        self.set(("heading",), num(deg))
        return self.act("headingUpdated", Struct("CLHeading", [("trueHeading", Raw(repr(deg))),
                                                               ("headingAccuracy", Raw("15.0"))]))

    @noise
    def refresh_fired(self):
        self.set(("map", "isRefreshing"), boolean(True))
        return self.mapa("refreshTimerFired")

    @noise
    def camera_moved(self, lat, lon):
        self.center = [lat, lon]
        self.set(("map", "region"), self.region())
        return self.mapa("cameraChanged", Struct("MKCoordinateRegion", [
            ("center", Struct("CLLocationCoordinate2D", [("latitude", Raw(repr(round(lat, 6)))),
                                                         ("longitude", Raw(repr(round(lon, 6))))])),
            ("span", Struct("MKCoordinateSpan", [("latitudeDelta", Raw("0.012")),
                                                 ("longitudeDelta", Raw("0.0197"))]))]))

    @noise
    def battery_slid(self, value):
        if self.get(self.dpath("filters", "minBattery")).cd == str(value):
            return None            # a slider with step 5 writes its binding only when the step changes
        self.set(self.dpath("filters", "minBattery"), num(value))
        return self.act("destination", A("PresentationAction<%s>" % self.at("Destination"), "presented", A(
            self.at("Destination"), "filters", self.binding("Filters", "minBattery", Raw(str(value))))))

    @noise
    def res_tick(self):
        if self.get(("reservation",)) is NIL:
            return None
        self.remaining -= 1
        self.set(("reservation", "remaining"), num(self.remaining))
        return self.res_act("timerTicked")

    @noise
    def ride_tick(self):
        if self.get(("ride",)) is NIL or not self.riding:
            return None
        self.ride_seconds += 1
        self.set(("ride", "elapsed"), num(self.ride_seconds))
        self.set(("ride", "distance"), num(int(self.distance)))
        return self.ride_act("timerTicked")

    @noise
    def telemetry(self):
        if not self.riding:
            return None
        if self.rng.random() < 0.03:
            self.ride_battery -= 1
        kmh = round(self.speed * 3.6 + self.rng.uniform(-0.4, 0.4), 1) if self.speed else 0.0
        self.set(("ride", "speed"), num(max(0.0, kmh)))
        self.set(("ride", "scooterBattery"), num(self.ride_battery))
        return self.ride_act("telemetryReceived", Struct("ScooterTelemetry", [
            ("speed", Raw(repr(max(0.0, kmh)))), ("battery", Raw(str(self.ride_battery))),
            ("locked", Raw("false"))]))

    @noise
    def fare_tick(self):
        if not self.riding:
            return None
        self.ride_minutes += 1
        fare = round(1.0 + 0.25 * self.ride_minutes, 2)
        self.set(("ride", "fare"), num(fare))
        return self.ride_act("fareUpdated", Raw(repr(fare)))

    @noise
    def upload_progress(self, p):
        self.set(self.dpath("parkingPhoto", "uploadProgress"), num(p))
        return self.dest("parkingPhoto", "uploadProgress", Raw(repr(p)))

    # -- either
    # reason: one response path answers both the 10 s timer and the person's pans and filters
    @either
    def nearby(self):
        ids = self.visible()
        self.set(("map", "isRefreshing"), boolean(False))
        self.set(("map", "scooters"), Arr(self.scooter_value(s) for s in ids))
        return self.mapa("nearbyResponse", self.result("[Scooter]", True, Struct("NearbyScooters", [
            ("count", Raw(str(len(ids)))), ("region", q("%.4f,%.4f" % tuple(self.center))),
            ("etag", q("%08x" % self.rng.getrandbits(32)))])))

    @either
    def comment_typed(self, value):
        self.set(self.dpath("rating", "comment"), text(value))
        return self.act("destination", A("PresentationAction<%s>" % self.at("Destination"), "presented", A(
            self.at("Destination"), "rating", self.binding("Rating", "comment", q(value)))))

    # -- signal
    @signal
    def task(self):
        return self.act("task")

    @signal
    def balance_loaded(self):
        self.set(("wallet", "balance"), num(self.balance))
        return self.wallet_act("balanceResponse", self.result("Balance", True, Struct("Balance", [
            ("amount", Raw(repr(self.balance))), ("currency", q("EUR"))])))

    @signal
    def nearby_failed(self):
        self.set(("map", "isRefreshing"), boolean(False))
        return self.mapa("nearbyResponse", self.result("[Scooter]", False, Struct("URLError", [
            ("code", Raw("-1009")), ("description", q("The Internet connection appears to be offline."))])))

    @signal
    def camera_settled(self):
        self.set(("map", "isRefreshing"), boolean(True))
        return self.mapa("cameraSettled")

    @signal
    def filters_tapped(self):
        self.present("filters", [("minBattery", num(self.min_battery)), ("includeSeated", boolean(False))])
        return self.mapa("filtersButtonTapped")

    @signal
    def seated_toggled(self, on):
        self.set(self.dpath("filters", "includeSeated"), boolean(on))
        return self.act("destination", A("PresentationAction<%s>" % self.at("Destination"), "presented", A(
            self.at("Destination"), "filters", self.binding("Filters", "includeSeated", Raw("true" if on else "false")))))

    @signal
    def filters_applied(self):
        self.min_battery = int(self.get(self.dpath("filters", "minBattery")).cd)
        self.set(("map", "minBattery"), num(self.min_battery))
        self.set(("map", "isRefreshing"), boolean(True))
        self.set(("destination",), NIL)
        return self.dest("filters", "applyButtonTapped")

    @signal
    def scooter_tapped(self, sid):
        f = self.fleet[sid]
        self.present("scooterCard", [("scooter", self.scooter_value(sid)), ("isReserving", boolean(False)),
                                     ("error", NIL)])
        return self.mapa("scooterTapped", id=q(sid))

    @signal
    def reserve_tapped(self):
        self.set(self.dpath("scooterCard", "isReserving"), boolean(True))
        return self.dest("scooterCard", "reserveButtonTapped")

    @signal
    def reserve_failed(self):
        self.set(self.dpath("scooterCard", "isReserving"), boolean(False))
        self.set(self.dpath("scooterCard", "error"), text("Top up your wallet to ride (minimum €5.00)."))
        return self.dest("scooterCard", "reserveResponse", self.result("Reservation", False, Struct(
            "APIError", [("code", q("insufficient_funds")), ("status", Raw("402"))])))

    @signal
    def reserve_ok(self, sid):
        self.reserved = sid
        self.remaining = 900
        self.set(self.dpath("scooterCard", "isReserving"), boolean(False))
        rid = self.uid()[:8].lower()
        return self.dest("scooterCard", "reserveResponse", self.result("Reservation", True, Struct(
            "Reservation", [("id", q(rid)), ("scooterID", q(sid)), ("expiresAt", Raw(self.date(self.now + 900).cd))])))

    @signal
    def reserved_delegate(self, sid):
        self.set(("reservation",), St(self.st("Reservation"), [("scooterID", text(sid)),
                                                              ("expiresAt", self.date(self.now + 900)),
                                                              ("remaining", num(900))]))
        self.set(("destination",), NIL)
        return self.dest("scooterCard", "delegate", A(self.at("ScooterCard") + ".Delegate" if self.tca1 else
                                                      "ScooterCardAction.Delegate", "reserved", scooterID=q(sid)))

    @signal
    def wallet_tapped(self):
        self.present("wallet", [("balance", num(self.balance)), ("amount", NIL), ("isPaying", boolean(False))])
        return self.act("walletButtonTapped")

    @signal
    def amount_selected(self, amount):
        self.set(self.dpath("wallet", "amount"), num(amount))
        return self.dest("wallet", "amountSelected", Raw(str(amount)))

    @signal
    def pay_tapped(self):
        self.set(self.dpath("wallet", "isPaying"), boolean(True))
        return self.dest("wallet", "payWithApplePayTapped")

    @signal
    def pay_authorized(self):
        return self.dest("wallet", "paymentAuthorized", Struct("PKPaymentToken", [
            ("transactionIdentifier", q(self.uid().replace("-", "")[:24])), ("network", Raw(".visa"))]))

    @signal
    def topped_up(self, amount):
        self.balance = round(self.balance + amount, 2)
        self.set(self.dpath("wallet", "isPaying"), boolean(False))
        self.set(self.dpath("wallet", "balance"), num(self.balance))
        self.set(("wallet", "balance"), num(self.balance))
        return self.dest("wallet", "topUpResponse", self.result("Balance", True, Struct("Balance", [
            ("amount", Raw(repr(self.balance))), ("currency", q("EUR"))])))

    @signal
    def dismissed(self):
        self.set(("destination",), NIL)
        return self.act("destination", A("PresentationAction<%s>" % self.at("Destination"), "dismiss"))

    @signal
    def ring_tapped(self):
        return self.res_act("ringBellTapped")

    @signal
    def ring_response(self):
        return self.res_act("ringResponse", self.result("Void", True, Raw("()")))

    @signal
    def scan_tapped(self):
        self.present("scanner", [("isTorchOn", boolean(False)), ("scannedCode", NIL), ("isUnlocking", boolean(False)),
                                 ("error", NIL)])
        return self.res_act("scanToUnlockTapped")

    @signal
    def code_scanned(self, sid):
        self.set(self.dpath("scanner", "scannedCode"), text("https://glide.example/s/" + sid))
        self.set(self.dpath("scanner", "isUnlocking"), boolean(True))
        self.set(self.dpath("scanner", "error"), NIL)
        return self.dest("scanner", "codeScanned", q("https://glide.example/s/" + sid))

    @signal
    def unlock_sent(self, sid):
        return self.dest("scanner", "unlockResponse", self.result("UnlockCommand", True, Struct("UnlockCommand", [
            ("scooterID", q(sid)), ("status", Raw(".sent"))])))

    @signal
    def unlock_timeout(self, sid):
        self.set(self.dpath("scanner", "isUnlocking"), boolean(False))
        self.set(self.dpath("scanner", "error"), text("The scooter didn't respond. Try again."))
        return self.dest("scanner", "unlockResponse", self.result("UnlockCommand", False, Struct("APIError", [
            ("code", q("vehicle_timeout")), ("status", Raw("504"))])))

    @signal
    def retry_tapped(self):
        self.set(self.dpath("scanner", "isUnlocking"), boolean(True))
        self.set(self.dpath("scanner", "error"), NIL)
        return self.dest("scanner", "retryButtonTapped")

    @signal
    def unlocked(self, sid):
        self.riding = True
        self.ride_seconds = self.ride_minutes = 0
        self.distance = 0.0
        self.ride_battery = self.fleet[sid]["battery"]
        self.set(("reservation",), NIL)
        self.set(("destination",), NIL)
        self.set(("ride",), St(self.st("Ride"), [
            ("id", text(self.uid()[:8].lower())), ("scooterID", text(sid)), ("startedAt", self.date()),
            ("elapsed", num(0)), ("distance", num(0)), ("speed", num(0.0)), ("scooterBattery", num(self.ride_battery)),
            ("fare", num(1.0)), ("zone", self.case("standard", "Zone")), ("banner", NIL), ("isEnding", boolean(False))]))
        return self.ride_act("scooterStateChanged", state=Raw(".unlocked"), scooterID=q(sid))

    @signal
    def zone_changed(self, zone):
        self.zone = zone
        self.set(("ride", "zone"), self.case(zone, "Zone"))
        self.set(("ride", "banner"), text("No parking here. Find a parking spot nearby.") if zone == "noParking" else NIL)
        return self.ride_act("zoneChanged", zone=Raw("." + zone))

    @signal
    def end_tapped(self):
        self.set(("ride", "isEnding"), boolean(True))
        return self.ride_act("endRideButtonTapped")

    @signal
    def end_refused(self):
        self.set(("ride", "isEnding"), boolean(False))
        return self.ride_act("endRideResponse", self.result("Receipt", False, Struct("APIError", [
            ("code", q("no_parking_zone")), ("status", Raw("422"))])))

    @signal
    def photo_requested(self):
        self.present("parkingPhoto", [("photo", NIL), ("uploadProgress", NIL)])
        return self.ride_act("parkingPhotoRequested")

    @signal
    def photo_captured(self):
        kb = self.rng.randint(900, 2600)
        self.set(self.dpath("parkingPhoto", "photo"), St("Photo", [("bytes", num(kb * 1024)), ("width", num(3024))]))
        self.set(self.dpath("parkingPhoto", "uploadProgress"), num(0.0))
        return self.dest("parkingPhoto", "photoCaptured", Struct("Photo", [("bytes", Raw(str(kb * 1024))),
                                                                          ("width", Raw("3024")), ("height", Raw("4032"))]))

    @signal
    def ended(self):
        self.riding = False
        fare = round(1.0 + 0.25 * max(1, math.ceil(self.ride_seconds / 60.0)), 2)
        self.fare = fare
        self.balance = round(self.balance - fare, 2)
        self.set(("ride", "isEnding"), boolean(False))
        self.set(("ride", "fare"), num(fare))
        self.set(("wallet", "balance"), num(self.balance))
        self.set(("destination",), NIL)
        return self.ride_act("endRideResponse", self.result("Receipt", True, Struct("Receipt", [
            ("total", Raw(repr(fare))), ("minutes", Raw(str(max(1, math.ceil(self.ride_seconds / 60.0))))),
            ("distance", Raw(str(int(self.distance))))])))

    @signal
    def locked(self, sid):
        self.fleet[sid]["battery"] = self.ride_battery
        self.fleet[sid]["lat"], self.fleet[sid]["lon"] = self.lat, self.lon
        self.set(("ride",), NIL)
        self.present("rating", [("stars", NIL), ("comment", text("")), ("isSubmitting", boolean(False))])
        return self.ride_act("scooterStateChanged", state=Raw(".locked"), scooterID=q(sid))

    @signal
    def star_tapped(self, n):
        self.set(self.dpath("rating", "stars"), num(n))
        return self.dest("rating", "starTapped", Raw(str(n)))

    @signal
    def rating_submit(self):
        self.set(self.dpath("rating", "isSubmitting"), boolean(True))
        return self.dest("rating", "submitButtonTapped")

    @signal
    def rating_done(self):
        self.present("receipt", [("receipt", NIL)])
        return self.dest("rating", "submitResponse", self.result("Void", True, Raw("()")))

    @signal
    def receipt_loaded(self):
        self.set(self.dpath("receipt", "receipt"), St("Receipt", [
            ("total", num(self.fare)), ("unlockFee", num(1.0)), ("perMinute", num(0.25)),
            ("distance", num(int(self.distance))), ("pdfURL", text("https://glide.example/r/%s.pdf" % self.uid()[:8].lower()))]))
        return self.dest("receipt", "receiptResponse", self.result("Receipt", True, Struct("Receipt", [
            ("total", Raw(repr(self.fare)))])))

    # -- processes
    def processes(self):
        return [self.gps(), self.refresher(), self.fleet_churn(), self.compass_updates(), self.person()]

    def compass_updates(self):
        """The map's heading cone: Core Location's heading, filtered to 1 degree, while the
        phone is in hand (not while riding, the phone in its holder reports little)."""
        rng = self.rng
        last = round(self.compass, 1)
        while True:
            yield rng.uniform(0.06, 0.25) if not self.riding else rng.uniform(2, 8)
            self.compass = (self.compass + rng.gauss(0, 2.5 if self.speed else 1.4)) % 360
            deg = round(self.compass, 1)
            if abs(deg - last) >= 1.0:
                last = deg
                self.emit(self.heading_updated, deg)

    def gps(self):
        """Core Location, about once a second; the person walks or rides toward self.heading."""
        rng = self.rng
        yield rng.uniform(0.5, 1.5)
        while True:
            yield 1.0 + rng.uniform(-0.05, 0.05)
            if self.heading is not None:
                dlat = (self.heading[0] - self.lat) / M_LAT
                dlon = (self.heading[1] - self.lon) / M_LON
                d = math.hypot(dlat, dlon)
                step = min(d, self.speed)
                if d > 0.5:
                    self.lat += dlat / d * step * M_LAT
                    self.lon += dlon / d * step * M_LON
                    if self.riding:
                        self.distance += step
            self.emit(self.location)

    def refresher(self):
        due = self.now + 10.0
        while True:
            yield max(0.001, due - self.now + self.rng.uniform(-0.03, 0.03))
            due += 10.0
            if self.on_map and not self.riding:
                self.emit(self.refresh_fired)
                yield self.rng.uniform(0.2, 0.7)
                if self.rng.random() < 0.03:
                    self.emit(self.nearby_failed)
                else:
                    self.emit(self.nearby)

    def fleet_churn(self):
        """Other riders take and park scooters; batteries drain on scooters others ride."""
        rng = self.rng
        while True:
            yield self.expo(35.0)
            r = rng.random()
            if r < 0.4 and len(self.fleet) > 8:
                sid = rng.choice([s for s in self.fleet if s != self.reserved])
                del self.fleet[sid]
            elif r < 0.8:
                self.add_scooter()
            else:
                sid = rng.choice(list(self.fleet))
                self.fleet[sid]["battery"] = max(3, self.fleet[sid]["battery"] - 1)

    def pan(self):
        rng = self.rng
        lat0, lon0 = self.center
        lat1 = lat0 + rng.uniform(-0.003, 0.003)
        lon1 = lon0 + rng.uniform(-0.004, 0.004)
        hz = 60.0
        n = max(10, int(rng.uniform(0.4, 1.6) * hz))

        def at(i):
            f = 1 - (1 - (i + 1) / n) ** 2       # the pan decelerates
            return (lat0 + (lat1 - lat0) * f, lon0 + (lon1 - lon0) * f)
        yield from self.gesture(self.camera_moved, hz=hz, duration=n / hz, args=at)
        yield 0.05
        self.emit(self.camera_settled)
        yield 0.4 + rng.uniform(0.2, 0.7)          # debounced, then the request
        self.emit(self.nearby)

    def browse(self, seconds):
        rng = self.rng
        end = self.now + seconds
        while self.now < end:
            yield self.expo(rng.uniform(4, 12))
            if rng.random() < 0.6:
                yield from self.pan()

    def filter_sheet(self):
        rng = self.rng
        self.emit(self.filters_tapped)
        yield rng.uniform(1, 3)
        goal = rng.choice([30, 40, 50, 60])
        start = self.min_battery
        hz = rng.uniform(30, 60)
        n = max(6, int(rng.uniform(0.5, 1.8) * hz))
        def step(i):
            v = int(round((start + (goal - start) * (i + 1) / n) / 5.0) * 5)
            return (v,)
        yield from self.gesture(self.battery_slid, hz=hz, duration=n / hz, args=step)
        if rng.random() < 0.5:
            yield rng.uniform(0.8, 2.5)
            self.emit(self.seated_toggled, True)
        yield rng.uniform(1, 3)
        self.emit(self.filters_applied)
        yield rng.uniform(0.3, 0.9)
        self.emit(self.nearby)

    def top_up(self):
        rng = self.rng
        amount = rng.choice([10, 20, 20, 50])
        yield rng.uniform(1.5, 4)
        self.emit(self.amount_selected, amount)
        yield rng.uniform(1, 3)
        self.emit(self.pay_tapped)
        yield rng.uniform(3, 7)                    # Face ID and the Apple Pay sheet
        self.emit(self.pay_authorized)
        yield rng.uniform(0.6, 1.8)
        self.emit(self.topped_up, amount)
        yield rng.uniform(1.5, 4)
        self.emit(self.dismissed)

    def person(self):
        rng = self.rng
        yield 0.2
        self.emit(self.task)
        yield rng.uniform(0.3, 0.8)
        self.emit(self.balance_loaded)
        yield rng.uniform(0.1, 0.5)
        self.emit(self.nearby)
        yield from self.browse(rng.uniform(15, 50))
        if rng.random() < 0.7:
            yield from self.filter_sheet()
            yield from self.browse(rng.uniform(8, 30))
        # pick a scooter near the person
        def metres(x):
            return math.hypot((self.fleet[x]["lat"] - self.lat) / M_LAT, (self.fleet[x]["lon"] - self.lon) / M_LON)
        ids = [x for x in self.visible() if metres(x) < 350]
        if not ids:
            # the person pans back to where they stand, and a scooter is there
            sid = self.add_scooter()
            self.fleet[sid]["lat"] = self.lat + rng.uniform(-250, 250) * M_LAT
            self.fleet[sid]["lon"] = self.lon + rng.uniform(-250, 250) * M_LON
            self.center = [self.lat, self.lon]
            self.emit(self.camera_settled)
            yield rng.uniform(0.5, 1.0)
            self.emit(self.nearby)
            yield rng.uniform(2, 5)
            ids = [sid]
        sid = rng.choice(ids[:3])
        self.emit(self.scooter_tapped, sid)
        yield rng.uniform(2, 6)
        self.emit(self.reserve_tapped)
        yield rng.uniform(0.4, 1.2)
        if self.balance < 5.0:
            self.emit(self.reserve_failed)
            yield rng.uniform(2, 5)
            self.emit(self.wallet_tapped)
            yield from self.top_up()
            yield rng.uniform(2, 6)
            self.emit(self.scooter_tapped, sid)
            yield rng.uniform(1, 3)
            self.emit(self.reserve_tapped)
            yield rng.uniform(0.4, 1.2)
            topped = True
        else:
            topped = False
        self.emit(self.reserve_ok, sid)
        self.emit(self.reserved_delegate, sid)
        self.spawn(self.reservation_clock())
        # walk there (leaving a few metres to find it)
        f = self.fleet[sid]
        self.heading = (f["lat"], f["lon"])
        self.speed = rng.uniform(1.2, 1.5)
        yield 1.0
        while math.hypot((self.lat - f["lat"]) / M_LAT, (self.lon - f["lon"]) / M_LON) > 6 and self.remaining > 60:
            yield 1.0
        self.speed = 0.0
        if rng.random() < 0.5:
            self.emit(self.ring_tapped)
            yield rng.uniform(0.5, 1.5)
            self.emit(self.ring_response)
            yield rng.uniform(5, 15)
        yield rng.uniform(3, 10)
        self.emit(self.scan_tapped)
        yield rng.uniform(1.5, 4)
        self.emit(self.code_scanned, sid)
        yield rng.uniform(0.3, 0.9)
        if rng.random() < 0.35:
            yield 8.0
            self.emit(self.unlock_timeout, sid)
            yield rng.uniform(2, 5)
            self.emit(self.retry_tapped)
            yield rng.uniform(0.3, 0.9)
        self.emit(self.unlock_sent, sid)
        yield rng.uniform(1.0, 3.0)
        self.emit(self.unlocked, sid)
        # ride
        self.spawn(self.ride_clocks())
        self.speed = rng.uniform(4.2, 5.6)
        ride_for = rng.uniform(240, 400)
        bearing = rng.uniform(0, 2 * math.pi)
        self.heading = (self.lat + math.sin(bearing) * 3000 * M_LAT, self.lon + math.cos(bearing) * 3000 * M_LON)
        yield ride_for * 0.85
        self.emit(self.zone_changed, "noParking")
        self.speed = rng.uniform(1.0, 2.0)
        yield rng.uniform(3, 10)
        self.speed = 0.0
        self.emit(self.end_tapped)
        yield rng.uniform(0.4, 1.2)
        self.emit(self.end_refused)
        yield rng.uniform(4, 10)
        self.speed = rng.uniform(2.5, 4.0)
        yield rng.uniform(20, 45)
        self.emit(self.zone_changed, "standard")
        yield rng.uniform(5, 15)
        self.speed = 0.0
        yield rng.uniform(1, 3)
        self.emit(self.end_tapped)
        yield rng.uniform(0.2, 0.6)
        self.emit(self.photo_requested)
        yield rng.uniform(3, 8)
        self.emit(self.photo_captured)
        p = 0.0
        while True:
            yield rng.uniform(0.1, 0.25)
            p = round(p + rng.uniform(0.05, 0.15), 2)
            if p >= 1.0:
                break
            self.emit(self.upload_progress, p)
        yield rng.uniform(0.3, 1.0)
        self.emit(self.ended)
        yield rng.uniform(1, 3)
        self.emit(self.locked, sid)
        self.heading = None
        self.on_map = True
        yield rng.uniform(2, 5)
        self.emit(self.star_tapped, rng.choice([3, 4, 5, 5]))
        if rng.random() < 0.6:
            yield rng.uniform(1.5, 4)
            words = rng.choice(COMMENTS)
            for k in range(1, len(words) + 1):
                yield rng.uniform(0.09, 0.4)
                self.emit(self.comment_typed, words[:k])
        yield rng.uniform(1, 3)
        self.emit(self.rating_submit)
        yield rng.uniform(0.3, 0.9)
        self.emit(self.rating_done)
        yield rng.uniform(0.3, 0.9)
        self.emit(self.receipt_loaded)
        yield rng.uniform(8, 20)
        self.emit(self.dismissed)
        if not topped:
            yield rng.uniform(10, 30)
            self.emit(self.wallet_tapped)
            yield from self.top_up()
        while True:
            yield from self.browse(rng.uniform(20, 60))
            yield rng.uniform(20, 60)

    def reservation_clock(self):
        while self.get(("reservation",)) is not NIL and not self.riding:
            yield 1.0 + self.rng.uniform(-0.003, 0.003)
            self.emit(self.res_tick)

    def ride_clocks(self):
        def tick():
            while self.riding:
                yield 1.0 + self.rng.uniform(-0.003, 0.003)
                self.emit(self.ride_tick)

        def tele():
            yield self.rng.uniform(0.5, 2.0)
            while self.riding:
                self.emit(self.telemetry)
                yield 2.0 + self.rng.uniform(-0.05, 0.05)

        def fare():
            while self.riding:
                yield 60.0 + self.rng.uniform(-0.01, 0.01)
                self.emit(self.fare_tick)
        self.spawn(tick())
        self.spawn(tele())
        self.spawn(fare())
        yield 0


APPS = {"security": Security, "obd": OBD, "scooter": Scooter}
