"""Session apps by author-n.

homehub: an IoT home hub app: a list of rooms and devices (lights, thermostats, locks,
door/window sensors, cameras, a washing machine); each device pushes its state and readings
over a websocket at its own pace (temperature and humidity every 30-60 s per sensor, power
draw of plugs every few seconds, motion events at random, a camera's motion snapshots),
automations fire on schedules and triggers, the user toggles lights, changes a thermostat's
target with a slider, unlocks a door with confirmation, views a camera feed, the hub's
connection drops and reconnects, firmware update progress, notifications when a door opens
or the washer finishes.

opsboard: a server-monitoring dashboard for on-call engineers: metrics per service polled
every 10 s (CPU, latency, error rate), charts the user hovers and zooms, incidents opened and
resolved by the server, the user acknowledges an alert, filters services by typing, opens a
service's detail (stack navigation) with its logs streaming in, a deploy in progress with
progress events, a "last updated" relative-time ticker, on-call schedule loaded once,
websocket heartbeats.

delivery: a food-delivery app: browse restaurants (list with images loading), a menu, add
items to a cart with options, checkout with a payment sheet and its response, then order
tracking: the courier's location every 2-4 s while en route, order status changes (accepted,
preparing, picked up, arriving), an ETA countdown updated each minute, chat messages with the
courier, a tip slider, rating the order at the end, promo banners rotating every 6 s on the
home screen.
"""

import tcasim
from tcasim import (App, A, Struct, Raw, q, noise, signal, either, V, St, Arr, Dic, En, NIL, num, text, boolean)

AUTHOR = "author-n"


def b(x):
    return Raw("true" if x else "false")


def f1(x):
    return round(x, 1)


# ============================================================================ homehub

HOME_DEVICES = [
    # id, kind, name, room
    ("light.living.ceiling", "light", "Ceiling Light", "Living Room"),
    ("light.living.floor", "light", "Floor Lamp", "Living Room"),
    ("light.kitchen.pendant", "light", "Pendants", "Kitchen"),
    ("light.hallway", "light", "Hallway Light", "Hallway"),
    ("light.bedroom", "light", "Bedside Lamp", "Bedroom"),
    ("plug.kitchen.kettle", "plug", "Kettle Plug", "Kitchen"),
    ("plug.office.desk", "plug", "Desk Plug", "Office"),
    ("plug.living.tv", "plug", "TV Plug", "Living Room"),
    ("plug.laundry.dryer", "plug", "Dryer Plug", "Laundry"),
    ("climate.living", "climate", "Living Room Sensor", "Living Room"),
    ("climate.bedroom", "climate", "Bedroom Sensor", "Bedroom"),
    ("climate.office", "climate", "Office Sensor", "Office"),
    ("climate.bathroom", "climate", "Bathroom Sensor", "Bathroom"),
    ("climate.outdoor", "climate", "Garden Sensor", "Garden"),
    ("motion.hallway", "motion", "Hallway Motion", "Hallway"),
    ("motion.living", "motion", "Living Room Motion", "Living Room"),
    ("motion.garage", "motion", "Garage Motion", "Garage"),
    ("contact.front", "contact", "Front Door", "Hallway"),
    ("contact.patio", "contact", "Patio Door", "Living Room"),
    ("contact.bedroom.window", "contact", "Bedroom Window", "Bedroom"),
    ("lock.front", "lock", "Front Door Lock", "Hallway"),
    ("lock.garage", "lock", "Garage Door Lock", "Garage"),
    ("washer.laundry", "washer", "Washing Machine", "Laundry"),
]
HOME_ROOMS = ["Living Room", "Kitchen", "Hallway", "Bedroom", "Office", "Bathroom", "Laundry", "Garage", "Garden"]
HOME_CAMERAS = [("cam.driveway", "Driveway"), ("cam.backyard", "Backyard"), ("cam.nursery", "Nursery")]
HOME_AUTOMATIONS = [("auto.hallway-night", "Hallway light on motion"), ("auto.sunset", "Lights at sunset"),
                    ("auto.away", "Lock doors when away"), ("auto.washer-done", "Washer done alert")]


class HomeHub(App):
    """A home hub: rooms, devices pushing readings over the hub's websocket, automations,
    cameras, a thermostat, locks with confirmation, a firmware update.

    noise   devices.element.powerReadingReceived (plugs, 2-5 s each), .climateReadingReceived
            (30-60 s per sensor), .motionCleared (a fixed 30 s after motion), .cycleProgressUpdated
            (washer, each minute), thermostat.currentTemperatureUpdated, the thermostat slider's
            binding (\\.$targetTemperature), a light's brightness slider (\\.$brightness),
            energy.meterReadingReceived (10 s), hub heartbeats and pongs, hub reconnect retries,
            automations.scheduleCheckTimerFired (60 s, a no-op), firmware progress, the camera
            feed's stream stats (1 Hz), the notification banner's dismiss timer
    either  devices.element.motionDetected (random sensor events), thermostat.hvacStateChanged
    signal  taps, toggles, confirmations, the mode picker, responses, door contacts, lock state,
            camera snapshots, automations firing, notifications, the connection dropping and
            coming back, the washer finishing"""

    name = "homehub"
    module = "HomeHub"
    process = "HomeHub"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        self.dev_ids = [d[0] for d in HOME_DEVICES]
        self.kind = {d[0]: d[1] for d in HOME_DEVICES}
        self.cam_ids = [c[0] for c in HOME_CAMERAS]
        self.auto_ids = [a[0] for a in HOME_AUTOMATIONS]
        self.connected = True
        self.notif_count = 0
        self.temps = {}
        self.hums = {}
        self.watts = {}
        self.motion_token = {}
        self.washer_left = rng.randint(25, 40)
        rows = []
        for did, kind, nm, room in HOME_DEVICES:
            fields = [("id", text(did)), ("name", text(nm)), ("room", text(room))]
            if kind == "light":
                fields += [("isOn", boolean(rng.random() < 0.4 and did != "light.hallway")), ("brightness", num(rng.choice([0.4, 0.6, 0.8, 1.0]))),
                           ("isPending", boolean(False))]
            elif kind == "plug":
                base = {"kettle": 0.0, "desk": 42.0, "tv": 88.0, "dryer": 0.0}[did.split(".")[-1]]
                self.watts[did] = base
                fields += [("isOn", boolean(True)), ("powerWatts", num(base))]
            elif kind == "climate":
                t = f1(rng.uniform(19.0, 22.5) if "outdoor" not in did else rng.uniform(4, 9))
                h = rng.randint(38, 55)
                self.temps[did], self.hums[did] = t, h
                fields += [("temperature", num(t)), ("humidity", num(h)), ("lastReportAt", self.date(0))]
            elif kind == "motion":
                fields += [("motionDetected", boolean(False)), ("lastMotionAt", NIL)]
            elif kind == "contact":
                fields += [("isOpen", boolean(False)), ("lastChangedAt", NIL)]
            elif kind == "lock":
                fields += [("lockState", self.case("locked", "LockState")), ("isPending", boolean(False))]
            else:
                fields += [("cycle", self.case("washing", "WasherCycle")), ("remainingMinutes", num(self.washer_left))]
            rows.append(St(self.st("DeviceRow"), fields))
        self.state = St(self.st("AppFeature"), [
            ("selectedTab", self.case("home", "AppFeature.Tab")),
            ("rooms", Arr(St("Room", [("id", text(r)), ("name", text(r))]) for r in HOME_ROOMS)),
            ("selectedRoomID", NIL),
            ("devices", Arr(rows)),
            ("cameras", Arr(St(self.st("CameraTile"), [("id", text(c)), ("name", text(n)), ("isOnline", boolean(True)),
                                                       ("snapshots", Arr())]) for c, n in HOME_CAMERAS)),
            ("thermostat", St(self.st("Thermostat"), [
                ("currentTemperature", num(20.5)), ("targetTemperature", num(21.0)),
                ("mode", self.case("heat", "Thermostat.Mode")), ("hvacState", self.case("idle", "HVACState")),
                ("isEditing", boolean(False)), ("isSaving", boolean(False))])),
            ("automations", Arr(St(self.st("AutomationRow"), [("id", text(a)), ("name", text(n)), ("isEnabled", boolean(True)),
                                                              ("lastRunAt", NIL)]) for a, n in HOME_AUTOMATIONS)),
            ("hub", St(self.st("HubConnection"), [("status", self.case("connected", "HubConnection.Status")),
                                                  ("lastHeartbeatAt", NIL), ("latencyMs", NIL),
                                                  ("reconnectAttempt", num(0))])),
            ("firmware", St(self.st("Firmware"), [("installedVersion", text("4.12.1")),
                                                  ("availableVersion", text("4.13.0")), ("progress", NIL),
                                                  ("isInstalling", boolean(False))])),
            ("energy", St(self.st("Energy"), [("currentWatts", num(0.0)), ("todayKWh", num(3.412))])),
            ("notifications", Arr()),
            ("banner", NIL),
            ("destination", NIL)])

    # -- paths and wrappers
    def dpath(self, d, *rest):
        return ("devices", ("i", self.dev_ids.index(d))) + rest

    def dev(self, d, inner):
        return self.act("devices", self.element("DeviceRow", q(d), inner))

    def DA(self, case, *a, **k):
        return A(self.at("DeviceRow"), case, *a, **k)

    def cam(self, c, inner):
        return self.act("cameras", self.element("CameraTile", q(c), inner))

    def thermo(self, inner):
        return self.act("thermostat", inner)

    def TA(self, case, *a, **k):
        return A(self.at("Thermostat"), case, *a, **k)

    def hub(self, case, *a, **k):
        return self.act("hub", A(self.at("HubConnection"), case, *a, **k))

    def auto(self, a, inner):
        return self.act("automations", self.element("AutomationRow", q(a), inner))

    def fw(self, case, *a, **k):
        return self.act("firmware", A(self.at("Firmware"), case, *a, **k))

    def dest(self, inner):
        return self.act("destination", A("PresentationAction<%s>" % self.at("Destination"), "presented", inner))

    def feed(self, case, *a, **k):
        return self.dest(A(self.at("Destination"), "cameraFeed", A(self.at("CameraFeed"), case, *a, **k)))

    def feed_open(self):
        d = self.get(("destination",))
        return isinstance(d, En) and d.case == "cameraFeed"

    def devices_of(self, kind):
        return [d for d in self.dev_ids if self.kind[d] == kind]

    # -- noise
    # reason: a plug's power meter pushed every few seconds, nudging one number
    @noise
    def power_reading(self, d):
        w = self.watts[d]
        name = d.split(".")[-1]
        if name == "kettle":
            w = 0.0 if self.rng.random() < 0.85 else f1(self.rng.uniform(1800, 2200))
        elif name == "dryer":
            w = 0.0
        else:
            w = f1(max(0.5, w + self.rng.gauss(0, 2.5)))
        self.watts[d] = w
        self.set(self.dpath(d, "powerWatts"), num(w))
        return self.dev(d, self.DA("powerReadingReceived", watts=Raw(repr(w))))

    # reason: each sensor reports on its own 30-60 s period; a measurement, often unchanged
    @noise
    def climate_reading(self, d):
        t = f1(self.temps[d] + self.rng.choice([-0.1, 0.0, 0.0, 0.0, 0.1]))
        h = self.hums[d] + self.rng.choice([-1, 0, 0, 0, 1])
        self.temps[d], self.hums[d] = t, h
        self.set(self.dpath(d, "temperature"), num(t))
        self.set(self.dpath(d, "humidity"), num(h))
        self.set(self.dpath(d, "lastReportAt"), self.date())
        return self.dev(d, self.DA("climateReadingReceived", Struct("ClimateReading", [
            ("temperature", Raw(repr(t))), ("humidity", Raw(str(h)))])))

    # reason: the sensor's own timeout a fixed 30 s after motion; an echo of motionDetected
    @noise
    def motion_cleared(self, d, token):
        if self.motion_token.get(d) != token:
            return None
        self.set(self.dpath(d, "motionDetected"), boolean(False))
        return self.dev(d, self.DA("motionCleared"))

    # reason: the washer's once-a-minute countdown, one number counting down
    @noise
    def washer_progress(self):
        d = "washer.laundry"
        self.set(self.dpath(d, "remainingMinutes"), num(self.washer_left))
        if self.washer_left <= 8:
            self.set(self.dpath(d, "cycle"), self.case("spinning", "WasherCycle"))
        return self.dev(d, self.DA("cycleProgressUpdated", remainingMinutes=Raw(str(self.washer_left))))

    # reason: the thermostat's room reading every 35-55 s, a measurement nudged
    @noise
    def current_temperature(self, t):
        self.set(("thermostat", "currentTemperature"), num(t))
        return self.thermo(self.TA("currentTemperatureUpdated", Raw(repr(t))))

    # reason: a slider dragged at the finger's pace streams one number
    @noise
    def target_dragged(self, t):
        self.set(("thermostat", "targetTemperature"), num(t))
        return self.thermo(self.binding("Thermostat", "targetTemperature", Raw(repr(t))))

    # reason: a brightness slider dragged at the finger's pace streams one number
    @noise
    def brightness_dragged(self, d, v):
        self.set(self.dpath(d, "brightness"), num(v))
        return self.dev(d, self.binding("DeviceRow", "brightness", Raw(repr(v))))

    # reason: the whole-home meter reports every 10 s
    @noise
    def meter_reading(self):
        total = f1(sum(self.watts.values()) + 180 + self.rng.uniform(-15, 15))
        self.set(("energy", "currentWatts"), num(total))
        self.set(("energy", "todayKWh"), num(round(float(self.get(("energy", "todayKWh")).cd) + total / 360000.0, 3)))
        return self.act("energy", A(self.at("Energy"), "meterReadingReceived", Struct("MeterReading", [
            ("watts", Raw(repr(total))), ("timestamp", Raw("Date(%s)" % self.date().cd[5:-1] if self.tca1 else self.date().df))])))

    # reason: a 20 s keep-alive timer, a no-op
    @noise
    def heartbeat_fired(self):
        return self.hub("heartbeatTimerFired")

    # reason: the keep-alive's answer, a stamp and a latency each 20 s
    @noise
    def pong_received(self, ms):
        self.set(("hub", "lastHeartbeatAt"), self.date())
        self.set(("hub", "latencyMs"), num(ms))
        return self.hub("pongReceived", latencyMs=Raw(str(ms)))

    # reason: the reconnect loop's backoff timer, machine retries
    @noise
    def reconnect_attempt(self, n):
        self.set(("hub", "reconnectAttempt"), num(n))
        self.set(("hub", "status"), self.case("connecting", "HubConnection.Status"))
        return self.hub("reconnectTimerFired", attempt=Raw(str(n)))

    # reason: a 60 s scheduler tick, a no-op unless a schedule is due
    @noise
    def schedule_check(self):
        return self.act("automations", A(self.at("Automations"), "scheduleCheckTimerFired"))

    # reason: install progress, a number counting up
    @noise
    def firmware_progress(self, p):
        self.set(("firmware", "progress"), num(p))
        return self.fw("installProgressUpdated", Raw(repr(p)))

    # reason: the player's quality report once a second while the feed is open
    @noise
    def stream_stats(self, kbps, fps):
        if not self.feed_open():
            return None
        self.set(("destination", ("e", "cameraFeed"), "bitrateKbps"), num(kbps))
        self.set(("destination", ("e", "cameraFeed"), "framesPerSecond"), num(fps))
        return self.feed("streamStatsUpdated", Struct("StreamStats", [("bitrateKbps", Raw(str(kbps))),
                                                                      ("framesPerSecond", Raw(str(fps)))]))

    # reason: the banner hides itself a fixed 4 s after a notification; an echo
    @noise
    def banner_timer(self, n):
        cur = self.get(("banner",))
        if cur is NIL or self.notif_count != n:
            return None
        self.set(("banner",), NIL)
        return self.act("bannerDismissTimerFired")

    # -- either
    # reason: motion sensors fire at random; an event, but a busy hallway fires constantly
    @either
    def motion_detected(self, d):
        self.set(self.dpath(d, "motionDetected"), boolean(True))
        self.set(self.dpath(d, "lastMotionAt"), self.date())
        return self.dev(d, self.DA("motionDetected"))

    # reason: the furnace switching on/off is a status change, but it follows the temperature
    @either
    def hvac_changed(self, s):
        self.set(("thermostat", "hvacState"), self.case(s, "HVACState"))
        return self.thermo(self.TA("hvacStateChanged", A("HVACState", s)))

    # -- signal
    @signal
    def tab_selected(self, tab):
        self.set(("selectedTab",), self.case(tab, "AppFeature.Tab"))
        return self.act("tabSelected", A("AppFeature.Tab", tab))

    @signal
    def room_tapped(self, r):
        self.set(("selectedRoomID",), text(r))
        return self.act("rooms", self.element("Room", q(r), A(self.at("Room"), "tapped")))

    @signal
    def toggle_tapped(self, d):
        on = self.get(self.dpath(d, "isOn")).cd != "true"
        self.set(self.dpath(d, "isOn"), boolean(on))
        self.set(self.dpath(d, "isPending"), boolean(True))
        return self.dev(d, self.DA("toggleTapped"))

    # reason: the answer to the person's tap, success or failure
    @signal
    def toggle_response(self, d, ok):
        on = self.get(self.dpath(d, "isOn")).cd == "true"
        self.set(self.dpath(d, "isPending"), boolean(False))
        if not ok:
            self.set(self.dpath(d, "isOn"), boolean(not on))
            return self.dev(d, self.DA("toggleResponse", self.result("DeviceState", False, Struct(
                "HubError.notConnected", []))))
        return self.dev(d, self.DA("toggleResponse", self.result("DeviceState", True, Struct(
            "DeviceState", [("isOn", b(on))]))))

    # reason: a light switched by an automation or someone else: a status change, sparse
    @signal
    def light_state_pushed(self, d, on):
        self.set(self.dpath(d, "isOn"), boolean(on))
        return self.dev(d, self.DA("stateUpdated", Struct("DeviceState", [("isOn", b(on))])))

    @signal
    def brightness_response(self, d):
        self.set(self.dpath(d, "isPending"), boolean(False))
        return self.dev(d, self.DA("setBrightnessResponse", self.result("DeviceState", True, Struct(
            "DeviceState", [("brightness", Raw(self.get(self.dpath(d, "brightness")).cd))]))))

    @signal
    def slider_editing(self, editing):
        self.set(("thermostat", "isEditing"), boolean(editing))
        if not editing:
            self.set(("thermostat", "isSaving"), boolean(True))
        return self.thermo(self.TA("sliderEditingChanged", b(editing)))

    @signal
    def set_target_response(self, t):
        self.set(("thermostat", "isSaving"), boolean(False))
        return self.thermo(self.TA("setTargetResponse", self.result("ThermostatSettings", True, Struct(
            "ThermostatSettings", [("target", Raw(repr(t))), ("mode", Raw(self.get(("thermostat", "mode")).cd))]))))

    @signal
    def mode_picked(self, m):
        self.set(("thermostat", "mode"), self.case(m, "Thermostat.Mode"))
        return self.thermo(self.binding("Thermostat", "mode", Raw("." + m)))

    @signal
    def unlock_tapped(self, d):
        self.set(("destination",), En("Destination", "alert", St("AlertState<Destination.Alert>", [
            ("title", text("Unlock %s?" % self.get(self.dpath(d, "name")).df))])))
        return self.dev(d, self.DA("unlockButtonTapped"))

    @signal
    def unlock_confirmed(self, d):
        self.set(("destination",), NIL)
        self.set(self.dpath(d, "isPending"), boolean(True))
        return self.dest(A(self.at("Destination"), "alert", A("Destination.Alert", "confirmUnlock", deviceID=q(d))))

    @signal
    def dismissed(self):
        self.set(("destination",), NIL)
        return self.act("destination", A("PresentationAction<%s>" % self.at("Destination"), "dismiss"))

    @signal
    def lock_response(self, d, ok):
        self.set(self.dpath(d, "isPending"), boolean(False))
        if ok:
            self.set(self.dpath(d, "lockState"), self.case("unlocked", "LockState"))
            return self.dev(d, self.DA("lockResponse", self.result("LockState", True, Struct(
                "LockStatus", [("state", Raw(".unlocked")), ("by", q("app"))]))))
        return self.dev(d, self.DA("lockResponse", self.result("LockState", False, Struct(
            "LockError.jammed", []))))

    # reason: the lock relocks itself a fixed 60 s after an unlock; a state change the person must see
    @signal
    def lock_state_pushed(self, d, s):
        self.set(self.dpath(d, "lockState"), self.case(s, "LockState"))
        return self.dev(d, self.DA("lockStateChanged", state=Raw("." + s)))

    # reason: a door or window opening is an event the person is told about, not a reading
    @signal
    def contact_changed(self, d, is_open):
        self.set(self.dpath(d, "isOpen"), boolean(is_open))
        self.set(self.dpath(d, "lastChangedAt"), self.date())
        return self.dev(d, self.DA("contactStateChanged", isOpen=b(is_open)))

    # reason: a new notification object with its own id
    @signal
    def notification_received(self, title):
        self.notif_count += 1
        nid = self.uid()
        self.append(("notifications",), St("HubNotification", [("id", self.uuid_value(nid)), ("title", text(title)),
                                                               ("receivedAt", self.date())]))
        self.set(("banner",), text(title))
        self.after(4.0, self.banner_timer, self.notif_count)
        return self.act("notificationReceived", Struct("HubNotification", [
            ("id", Raw("UUID(%s)" % nid if self.tca1 else nid)), ("title", q(title))]))

    # reason: the machine's own event, but a status change the person is notified of
    @signal
    def washer_finished(self):
        d = "washer.laundry"
        self.set(self.dpath(d, "cycle"), self.case("done", "WasherCycle"))
        self.set(self.dpath(d, "remainingMinutes"), num(0))
        return self.dev(d, self.DA("cycleFinished"))

    # reason: a new photo with its own id, taken because the camera saw motion
    @signal
    def snapshot_received(self, c):
        sid = self.uid()[:8].lower()
        path = ("cameras", ("i", self.cam_ids.index(c)), "snapshots")
        self.append(path, St("Snapshot", [("id", text(sid)), ("capturedAt", self.date())]))
        if len(self.get(path).items) > 5:
            self.remove_at(path, 0)
        return self.cam(c, A(self.at("CameraTile"), "snapshotReceived", Struct("Snapshot", [
            ("id", q(sid)), ("url", q("https://hub.local/snapshots/%s.jpg" % sid))])))

    @signal
    def camera_tapped(self, c):
        self.set(("destination",), En("Destination", "cameraFeed", St(self.st("CameraFeed"), [
            ("cameraID", text(c)), ("isLoading", boolean(True)), ("streamURL", NIL),
            ("bitrateKbps", num(0)), ("framesPerSecond", num(0))])))
        return self.cam(c, A(self.at("CameraTile"), "tapped"))

    # reason: the answer to opening a camera
    @signal
    def stream_response(self, c):
        if not self.feed_open():
            return None
        self.set(("destination", ("e", "cameraFeed"), "isLoading"), boolean(False))
        self.set(("destination", ("e", "cameraFeed"), "streamURL"), text("rtsp://hub.local/%s" % c))
        return self.feed("streamResponse", self.result("StreamInfo", True, Struct("StreamInfo", [
            ("url", q("rtsp://hub.local/%s" % c)), ("codec", q("h264"))])))

    @signal
    def feed_close(self):
        return self.feed("closeButtonTapped")

    # reason: an automation running is a meaningful event: it explains the device changes after it
    @signal
    def rule_fired(self, a):
        self.set(("automations", ("i", self.auto_ids.index(a)), "lastRunAt"), self.date())
        return self.auto(a, A(self.at("AutomationRow"), "ruleFired", Struct("AutomationRun", [
            ("id", q(self.uid()[:8].lower())), ("trigger", q("motion.hallway" if "hallway" in a else "schedule"))])))

    @signal
    def automation_toggled(self, a):
        p = ("automations", ("i", self.auto_ids.index(a)), "isEnabled")
        on = self.get(p).cd != "true"
        self.set(p, boolean(on))
        return self.auto(a, self.binding("AutomationRow", "isEnabled", b(on)))

    @signal
    def connection_changed(self, s):
        self.set(("hub", "status"), self.case(s, "HubConnection.Status"))
        if s == "connected":
            self.set(("hub", "reconnectAttempt"), num(0))
        return self.hub("connectionStateChanged", A("HubConnection.Status", s))

    # reason: the hub's state re-read after each reconnect, one for one with the connection event
    @signal
    def snapshot_response(self):
        return self.hub("hubSnapshotResponse", self.result("HubSnapshot", True, Struct("HubSnapshot", [
            ("devices", Raw(str(len(self.dev_ids)))), ("firmware", q(self.get(("firmware", "installedVersion")).df))])))

    @signal
    def firmware_install_tapped(self):
        self.set(("firmware", "isInstalling"), boolean(True))
        self.set(("firmware", "progress"), num(0.0))
        return self.fw("installButtonTapped")

    @signal
    def firmware_done(self):
        self.set(("firmware", "isInstalling"), boolean(False))
        self.set(("firmware", "progress"), NIL)
        self.set(("firmware", "installedVersion"), text("4.13.0"))
        return self.fw("installResponse", self.result("FirmwareVersion", True, Struct("FirmwareVersion", [
            ("version", q("4.13.0"))])))

    # -- processes
    def processes(self):
        rng = self.rng
        ps = [self.heartbeats(),
              self.periodic(self.schedule_check, 60.0, 0.01),
              self.periodic(self.meter_reading, 10.0, 0.1, when=lambda: self.connected),
              self.person(), self.doors(), self.washer(), self.thermostat_loop(), self.connection()]
        for d in self.devices_of("plug"):
            ps.append(self.periodic(self.power_reading, rng.uniform(2.0, 5.0), 0.15, when=lambda: self.connected,
                                    args=(d,)))
        for d in self.devices_of("climate"):
            ps.append(self.periodic(self.climate_reading, rng.uniform(30, 60), 1.0, when=lambda: self.connected,
                                    args=(d,)))
        for d in self.devices_of("motion"):
            ps.append(self.motion(d, {"motion.hallway": 35, "motion.living": 60, "motion.garage": 200}[d]))
        for c in self.cam_ids:
            ps.append(self.camera(c, {"cam.driveway": 90, "cam.backyard": 150, "cam.nursery": 240}[c]))
        return ps

    def heartbeats(self):
        # a ping every 20 s; the pong follows it by a network round trip
        yield self.rng.uniform(0, 20)
        while True:
            if self.connected:
                self.emit(self.heartbeat_fired)
                rtt = self.rng.uniform(0.02, 0.12)
                yield rtt
                if self.connected:
                    self.emit(self.pong_received, int(rtt * 1000) + self.rng.randint(0, 9))
                yield 20.0 - rtt + self.rng.uniform(-0.05, 0.05)
            else:
                yield 20.0

    def motion(self, d, mean):
        n = 0
        while True:
            yield self.expo(mean)
            if not self.connected:
                continue
            n += 1
            self.motion_token[d] = n
            self.emit(self.motion_detected, d)
            self.after(30.0, self.motion_cleared, d, n)
            if d == "motion.hallway" and self.get(self.dpath("light.hallway", "isOn")).cd == "false" \
                    and self.rng.random() < 0.7:
                yield self.rng.uniform(0.2, 0.5)
                self.emit(self.rule_fired, "auto.hallway-night")
                yield self.rng.uniform(0.2, 0.6)
                self.emit(self.light_state_pushed, "light.hallway", True)
                self.hall_token = n
                self.spawn(self.hallway_off(n), 120.0)

    def hallway_off(self, n):
        # the automation's "off after 2 minutes without motion"
        if getattr(self, "hall_token", None) == n and self.connected \
                and self.get(self.dpath("light.hallway", "isOn")).cd == "true":
            self.emit(self.light_state_pushed, "light.hallway", False)
        yield 0

    def camera(self, c, mean):
        while True:
            yield self.expo(mean)
            if self.connected:
                for _ in range(self.rng.choice([1, 1, 2, 3])):
                    self.emit(self.snapshot_received, c)
                    yield self.rng.uniform(1.5, 4.0)

    def doors(self):
        rng = self.rng
        while True:
            yield self.expo(130)
            if not self.connected:
                continue
            d = rng.choice(["contact.front", "contact.front", "contact.patio", "contact.bedroom.window"])
            self.emit(self.contact_changed, d, True)
            if d == "contact.front":
                yield rng.uniform(0.3, 0.8)
                self.emit(self.notification_received, "Front Door opened")
            yield rng.uniform(4, 40) if "window" not in d else rng.uniform(60, 200)
            self.emit(self.contact_changed, d, False)

    def washer(self):
        yield self.rng.uniform(0, 60)
        while self.washer_left > 0:
            self.washer_left -= 1
            if self.connected:
                self.emit(self.washer_progress)
            yield 60.0 + self.rng.uniform(-0.3, 0.3)
        self.emit(self.washer_finished)
        yield 0.5
        self.emit(self.notification_received, "Washing Machine finished")
        yield 1.2
        self.emit(self.rule_fired, "auto.washer-done")

    def thermostat_loop(self):
        rng = self.rng
        cur = 20.5
        heating = False
        while True:
            yield rng.uniform(35, 55)
            if not self.connected:
                continue
            target = float(self.get(("thermostat", "targetTemperature")).cd)
            cur = f1(cur + (0.1 if heating else -0.1) * rng.choice([0, 1, 1, 2]))
            self.emit(self.current_temperature, cur)
            want = cur < target - 0.3
            if want != heating and (cur < target - 0.3 or cur > target + 0.2):
                heating = want
                yield rng.uniform(1, 3)
                self.emit(self.hvac_changed, "heating" if heating else "idle")

    def drop(self, reason_firmware=False):
        rng = self.rng
        self.connected = False
        self.emit(self.connection_changed, "disconnected")
        n = 0
        delay = 1.0
        ups = rng.randint(2, 5) if not reason_firmware else rng.randint(4, 6)
        while n < ups:
            yield delay * rng.uniform(0.9, 1.1)
            n += 1
            self.emit(self.reconnect_attempt, n)
            delay = min(30.0, delay * 2)
        yield rng.uniform(0.3, 1.0)
        self.connected = True
        self.emit(self.connection_changed, "connected")
        yield rng.uniform(0.2, 0.6)
        self.emit(self.snapshot_response)

    def connection(self):
        yield self.rng.uniform(150, 600)
        yield from self.drop()

    def firmware(self):
        rng = self.rng
        self.emit(self.firmware_install_tapped)
        p = 0.0
        while p < 1.0:
            yield rng.uniform(0.8, 2.0)
            p = min(1.0, round(p + rng.uniform(0.01, 0.04), 2))
            self.emit(self.firmware_progress, p)
        yield rng.uniform(0.5, 2)
        yield from self.drop(reason_firmware=True)
        yield rng.uniform(0.5, 1.5)
        self.emit(self.firmware_done)

    def person(self):
        rng = self.rng
        think = self.think((2.0, 6.0), (8.0, 25.0), (50, 140), (40, 120))
        fw_done = False
        yield rng.uniform(1, 4)
        while True:
            yield next(think)
            r = rng.random()
            if r < 0.04:
                yield rng.uniform(40, 140)                # the phone put down
            elif r < 0.30:
                for _ in range(rng.choice([1, 1, 2, 3])):
                    if rng.random() < 0.5:
                        self.emit(self.room_tapped, rng.choice(HOME_ROOMS))
                        yield rng.uniform(0.6, 2.5)
                    d = rng.choice(self.devices_of("light"))
                    self.emit(self.toggle_tapped, d)
                    yield rng.uniform(0.15, 0.6)
                    self.emit(self.toggle_response, d, self.connected)
                    if self.get(self.dpath(d, "isOn")).cd == "true" and rng.random() < 0.5:
                        yield rng.uniform(0.8, 3.0)
                        b0 = float(self.get(self.dpath(d, "brightness")).cd)
                        goal = round(rng.uniform(0.05, 1.0), 2)
                        hz = rng.uniform(40, 60)
                        n = max(4, int(hz * rng.uniform(0.4, 1.8)))
                        yield from self.gesture(self.brightness_dragged, hz=hz, duration=n / hz, args=lambda i: (
                            d, max(0.01, min(1.0, round(b0 + (goal - b0) * (i + 1) / n + rng.uniform(-0.004, 0.004), 3))),))
                        yield rng.uniform(0.1, 0.4)
                        self.emit(self.brightness_response, d)
                    yield rng.uniform(0.8, 4.0)
            elif r < 0.34:
                t0 = float(self.get(("thermostat", "targetTemperature")).cd)
                goal = round(min(26.0, max(16.0, t0 + rng.uniform(-3, 3))) * 2) / 2
                self.emit(self.slider_editing, True)
                hz = rng.uniform(40, 60)
                n = max(4, int(hz * rng.uniform(0.5, 2.2)))
                yield from self.gesture(self.target_dragged, hz=hz, duration=n / hz, args=lambda i: (
                    round(t0 + (goal - t0) * (i + 1) / n + rng.uniform(-0.02, 0.02), 2),))
                self.emit(self.target_dragged, goal)
                yield rng.uniform(0.05, 0.3)
                self.emit(self.slider_editing, False)
                yield rng.uniform(0.3, 0.9)
                self.emit(self.set_target_response, goal)
            elif r < 0.38:
                cur = self.get(("thermostat", "mode")).cd[1:]
                self.emit(self.mode_picked, rng.choice([x for x in ("heat", "auto", "eco", "off") if x != cur]))
            elif r < 0.46:
                d = rng.choice(["lock.front", "lock.front", "lock.garage"])
                self.emit(self.unlock_tapped, d)
                yield rng.uniform(1.0, 3.5)
                if rng.random() < 0.8:
                    self.emit(self.unlock_confirmed, d)
                    yield rng.uniform(1.0, 2.5)
                    ok = self.connected and rng.random() < 0.93
                    self.emit(self.lock_response, d, ok)
                    if ok:
                        self.after(60.0, self.lock_state_pushed, d, "locked")
                else:
                    self.emit(self.dismissed)
            elif r < 0.58:
                c = rng.choice(self.cam_ids)
                self.emit(self.tab_selected, "cameras")
                yield rng.uniform(0.5, 2)
                self.emit(self.camera_tapped, c)
                yield rng.uniform(0.4, 1.5)
                self.emit(self.stream_response, c)
                watch = rng.uniform(8, 50)
                t_end = self.now + watch
                while self.now < t_end:
                    yield 1.0 + rng.uniform(-0.02, 0.02)
                    self.emit(self.stream_stats, rng.randint(900, 2400), rng.choice([24, 25, 25, 25, 15]))
                self.emit(self.feed_close)
                yield rng.uniform(0.05, 0.2)
                self.emit(self.dismissed)
            elif r < 0.72:
                self.emit(self.tab_selected, "home")
                yield rng.uniform(0.5, 2)
                self.emit(self.room_tapped, rng.choice(HOME_ROOMS))
            elif r < 0.78:
                self.emit(self.tab_selected, "automations")
                yield rng.uniform(1, 4)
                self.emit(self.automation_toggled, rng.choice(self.auto_ids))
            elif r < 0.84 and not fw_done and self.connected and self.now > 120:
                fw_done = True
                self.emit(self.tab_selected, "settings")
                yield rng.uniform(2, 6)
                self.spawn(self.firmware())
            else:
                self.emit(self.tab_selected, rng.choice(["home", "cameras", "automations", "settings"]))


# ============================================================================ opsboard

OPS_SERVICES = [("api-gateway", 42, 120, 0.2), ("auth", 25, 45, 0.1), ("checkout", 55, 210, 0.4),
                ("payments", 38, 180, 0.3), ("search", 61, 95, 0.2), ("inventory", 30, 70, 0.1),
                ("notifications", 20, 60, 0.5), ("recommendations", 70, 260, 0.6), ("media-cdn", 15, 35, 0.0),
                ("orders", 44, 140, 0.3), ("users", 22, 50, 0.1), ("billing-worker", 35, 400, 0.2)]
OPS_FILTERS = ["pay", "checkout", "auth", "search", "orders", "api"]
OPS_LOG_MESSAGES = ["GET /v2/cart 200 {ms}ms", "POST /v2/checkout 201 {ms}ms", "GET /healthz 200 1ms",
                    "cache miss key=sku:{n}", "retrying upstream call attempt={a}", "db pool wait {ms}ms",
                    "POST /v2/payments/intent 502 {ms}ms", "worker heartbeat ok", "slow query {ms}ms table=orders",
                    "GET /v2/items/{n} 200 {ms}ms", "upstream timeout after {ms}ms", "token refreshed user={n}"]
OPS_STEPS = ["build", "test", "push-image", "canary", "rollout", "verify"]


class OpsBoard(App):
    """An on-call dashboard: services' metrics polled every 10 s, a chart hovered and
    zoomed with the pointer, alerts and incidents pushed over a websocket, a service detail
    pushed on a stack with its log tail streaming in, deploys with progress.

    noise   metricsPollTimerFired (10 s), metricsResponse.success (the poll's answer, nudging
            numbers), lastUpdatedTickerFired (1 s relative time), chart.hoverLocationChanged
            (pointer), chart.magnificationChanged (pinch), socket heartbeats and acks (30 s),
            deploy.progressUpdated
    either  binding \\.$filterQuery (keystrokes), chart.hoverEnded (the pointer leaving the
            chart), path.element.serviceDetail.logLineReceived (the log tail: new lines, machine-paced)
    signal  task and its responses (services, on-call schedule), failed polls, alerts fired,
            acknowledged, incidents opened and resolved, the degraded-only toggle, metric picks,
            the end of a zoom, pushes and pops of the detail, its log-level picker and follow
            toggle, deploys started and finished, the socket dropping and reconnecting"""

    name = "opsboard"
    module = "OpsBoard"
    process = "OpsBoard"
    roots = ("AppAction", "OpsBoard.Action")

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        self.svc = [s[0] for s in OPS_SERVICES]
        self.base = {s[0]: list(s[1:]) for s in OPS_SERVICES}
        self.cur = {k: list(v) for k, v in self.base.items()}
        self.alert_ids = []
        self.incident_ids = []
        self.stack_ids = []
        self.next_stack = 0
        self.socket_up = True
        self.last_update = 0.0
        self.detail_open = None
        self.deploy_id = None
        self.log_n = 0
        self.state = St(self.st("OpsBoard"), [
            ("services", Arr()),
            ("filterQuery", text("")),
            ("showDegradedOnly", boolean(False)),
            ("isRefreshing", boolean(False)),
            ("lastUpdatedAt", NIL),
            ("lastUpdatedText", text("never")),
            ("chart", St(self.st("MetricsChart"), [("metric", self.case("latency", "Metric")), ("hoveredSample", NIL),
                                                   ("zoomScale", num(1.0)), ("visibleMinutes", num(60))])),
            ("alerts", Arr()),
            ("incidents", Arr()),
            ("deploy", NIL),
            ("onCall", NIL),
            ("socket", St(self.st("LiveSocket"), [("status", self.case("connecting", "LiveSocket.Status")),
                                                  ("lastHeartbeatAt", NIL)])),
            ("path", Dic(ordered=True, key="#%s", quoted=False))])

    # -- helpers
    def spath(self, s, *rest):
        return ("services", ("i", self.svc.index(s))) + rest

    def chart(self, case, *a, **k):
        return self.act("chart", A(self.at("MetricsChart"), case, *a, **k))

    def sock(self, case, *a, **k):
        return self.act("socket", A(self.at("LiveSocket"), case, *a, **k))

    def alert(self, aid, inner):
        return self.act("alerts", self.element("AlertRow", self.idv(aid), inner))

    def idv(self, u):
        return Raw("UUID(%s)" % u if self.tca1 else u)

    def stack_type(self):
        return "StackAction<%s, %s>" % (self.st("Path"), self.at("Path"))

    def detail(self, sid, case, *a, **k):
        return self.act("path", A(self.stack_type(), "element", id=Raw("#%d" % sid), action=A(
            self.at("Path"), "serviceDetail", A(self.at("ServiceDetail"), case, *a, **k))))

    def dpath(self, sid, *rest):
        return ("path", ("k", sid), ("e", "serviceDetail")) + rest

    def row(self, s, name, cpu, lat, err, status):
        return St(self.st("ServiceRow"), [("id", text(s)), ("name", text(name)), ("status", self.case(status, "Health")),
                                          ("cpu", num(cpu)), ("p99LatencyMs", num(lat)), ("errorRate", num(err))])

    def health(self, s):
        cpu, lat, err = self.cur[s]
        if err > 5 or lat > 1500:
            return "critical"
        if err > 2 or lat > 600 or cpu > 90:
            return "degraded"
        return "healthy"

    # -- noise
    # reason: the 10 s refresh timer
    @noise
    def poll_fired(self):
        self.set(("isRefreshing",), boolean(True))
        return self.act("metricsPollTimerFired")

    # reason: the timer's own poll answered; nudges every service's numbers
    @noise
    def metrics_response(self):
        rng = self.rng
        self.set(("isRefreshing",), boolean(False))
        for s in self.svc:
            c = self.cur[s]
            base = self.base[s]
            c[0] = max(1, min(99, c[0] + rng.randint(-3, 3) + (1 if c[0] < base[0] else -1)))
            c[1] = max(5, int(c[1] + rng.gauss(0, base[1] * 0.05) + (base[1] - c[1]) * 0.2))
            c[2] = max(0.0, f1(c[2] + rng.gauss(0, 0.1) + (base[2] - c[2]) * 0.2))
            self.set(self.spath(s, "cpu"), num(c[0]))
            self.set(self.spath(s, "p99LatencyMs"), num(c[1]))
            self.set(self.spath(s, "errorRate"), num(c[2]))
            self.set(self.spath(s, "status"), self.case(self.health(s), "Health"))
        self.last_update = self.now
        self.set(("lastUpdatedAt",), self.date())
        self.set(("lastUpdatedText",), text("just now"))
        return self.act("metricsResponse", self.result("MetricsSnapshot", True, Struct("MetricsSnapshot", [
            ("services", Raw(str(len(self.svc)))), ("sampledAt", Raw(self.date().cd if self.tca1 else self.date().df))])))

    # reason: a 1 s ticker restamping the relative time; no-op once it reads in minutes
    @noise
    def ticker(self):
        age = int(self.now - self.last_update)
        t = "just now" if age < 5 else ("%d sec. ago" % age if age < 60 else "%d min. ago" % (age // 60))
        self.set(("lastUpdatedText",), text(t))
        return self.act("lastUpdatedTickerFired")

    # reason: the pointer over the chart, at the pointer's pace; a no-op within one sample
    @noise
    def hover_moved(self, x, y):
        self.set(("chart", "hoveredSample"), num(int(x // 12)))
        return self.chart("hoverLocationChanged", Struct("CGPoint", [("x", Raw(repr(x))), ("y", Raw(repr(y)))]))

    # reason: the pointer leaving the chart closes a hover stream: the end of a gesture, not a request
    @either
    def hover_ended(self):
        self.set(("chart", "hoveredSample"), NIL)
        return self.chart("hoverEnded")

    # reason: a pinch streams one number
    @noise
    def magnify(self, scale):
        self.set(("chart", "zoomScale"), num(scale))
        return self.chart("magnificationChanged", Raw(repr(scale)))

    # reason: a 30 s keep-alive timer, a no-op
    @noise
    def heartbeat_sent(self):
        return self.sock("heartbeatTimerFired")

    # reason: the keep-alive's answer, a time stamp each 30 s
    @noise
    def heartbeat_ack(self):
        self.set(("socket", "lastHeartbeatAt"), self.date())
        return self.sock("heartbeatAcknowledged")

    # reason: a log tail streaming on its own while the detail is open (machine-paced, bursty), yet
    # each record is a new line with its own id between a push and a pop the person sent
    @either
    def log_line(self, sid, s):
        if sid not in self.stack_ids:
            return None
        rng = self.rng
        self.log_n += 1
        msg = rng.choice(OPS_LOG_MESSAGES).format(ms=rng.randint(2, 900), n=rng.randint(1000, 99999), a=rng.randint(1, 3))
        level = "error" if (" 5" in msg or "timeout" in msg) else ("warning" if ("retry" in msg or "slow" in msg) else "info")
        lid = "%s-%06d" % (s[:3], self.log_n)
        logs = self.dpath(sid, "logs")
        self.append(logs, St("LogLine", [("id", text(lid)), ("level", self.case(level, "LogLevel")), ("message", text(msg))]))
        return self.detail(sid, "logLineReceived", Struct("LogLine", [("id", q(lid)), ("level", Raw("." + level)),
                                                                      ("message", q(msg))]))

    # reason: a deploy's progress events, a number counting up
    @noise
    def deploy_progress(self, step, pct):
        if self.get(("deploy",)) is NIL:
            return None
        self.set(("deploy", "step"), text(step))
        self.set(("deploy", "percent"), num(pct))
        return self.act("deploy", A(self.at("DeployBanner"), "progressUpdated", Struct("DeployProgress", [
            ("step", q(step)), ("percent", Raw(str(pct)))])))

    # -- either
    # reason: the filter field, a keystroke each
    @either
    def filter_typed(self, value):
        self.set(("filterQuery",), text(value))
        return self._root_binding("filterQuery", q(value))

    def _root_binding(self, field, value):
        inner = self.binding("OpsBoard", field, value)
        return self.act("binding", inner.args[0][1])

    # -- signal
    @signal
    def task(self):
        return self.act("task")

    @signal
    def services_response(self):
        rows = [self.row(s, s, *self.cur[s], "healthy") for s in self.svc]
        self.set(("services",), Arr(rows))
        self.last_update = self.now
        self.set(("lastUpdatedAt",), self.date())
        self.set(("lastUpdatedText",), text("just now"))
        return self.act("servicesResponse", self.result("[Service]", True, Struct("ServiceList", [
            ("count", Raw(str(len(self.svc)))), ("region", q("eu-west-1"))])))

    @signal
    def on_call_response(self):
        self.set(("onCall",), St("OnCallSchedule", [("primary", text("Dana Whitfield")), ("secondary", text("Ken Osei")),
                                                     ("handoffAt", self.date(6 * 3600))]))
        return self.act("onCallScheduleResponse", self.result("OnCallSchedule", True, Struct("OnCallSchedule", [
            ("primary", q("Dana Whitfield")), ("secondary", q("Ken Osei")), ("rotation", q("platform-weekly"))])))

    # reason: a failed poll is an error the reader must see, though the poll itself is a timer's
    @signal
    def metrics_failed(self):
        self.set(("isRefreshing",), boolean(False))
        return self.act("metricsResponse", self.result("MetricsSnapshot", False, Struct("URLError", [
            ("code", Raw("-1001")), ("description", q("The request timed out."))])))

    @signal
    def socket_status(self, up):
        self.socket_up = up
        self.set(("socket", "status"), self.case("connected" if up else "disconnected", "LiveSocket.Status"))
        return self.sock("statusChanged", A("LiveSocket.Status", "connected" if up else "disconnected"))

    # reason: an alarm raised by the server: a new object
    @signal
    def alert_fired(self, s, title, sev):
        aid = self.uid()
        self.append(("alerts",), St(self.st("AlertRow"), [("id", self.uuid_value(aid)), ("service", text(s)),
                                                           ("title", text(title)), ("severity", self.case(sev, "Severity")),
                                                           ("isAcknowledged", boolean(False)),
                                                           ("isAcknowledging", boolean(False))]))
        self.alert_ids.append(aid)
        return self.act("alertFired", Struct("Alert", [("id", self.idv(aid)), ("service", q(s)), ("title", q(title)),
                                                       ("severity", Raw("." + sev))]))

    def apath(self, aid, *rest):
        return ("alerts", ("i", self.alert_ids.index(aid))) + rest

    @signal
    def ack_tapped(self, aid):
        self.set(self.apath(aid, "isAcknowledging"), boolean(True))
        return self.alert(aid, A(self.at("AlertRow"), "acknowledgeButtonTapped"))

    @signal
    def ack_response(self, aid):
        self.set(self.apath(aid, "isAcknowledging"), boolean(False))
        self.set(self.apath(aid, "isAcknowledged"), boolean(True))
        return self.alert(aid, A(self.at("AlertRow"), "acknowledgeResponse", self.result("Acknowledgement", True, Struct(
            "Acknowledgement", [("by", q("dana.whitfield")), ("at", Raw(self.date().cd if self.tca1 else self.date().df))]))))

    # reason: a new incident pushed by the server
    @signal
    def incident_opened(self, s, title):
        iid = "INC-%d" % (4810 + len(self.incident_ids))
        self.incident_ids.append(iid)
        self.append(("incidents",), St("Incident", [("id", text(iid)), ("title", text(title)), ("service", text(s)),
                                                     ("status", self.case("open", "Incident.Status")),
                                                     ("openedAt", self.date())]))
        return self.act("incidentOpened", Struct("Incident", [("id", q(iid)), ("service", q(s)), ("title", q(title))]))

    # reason: an incident's status changes
    @signal
    def incident_resolved(self, iid):
        i = self.incident_ids.index(iid)
        self.set(("incidents", ("i", i), "status"), self.case("resolved", "Incident.Status"))
        return self.act("incidentResolved", id=q(iid))

    @signal
    def degraded_toggled(self, on):
        self.set(("showDegradedOnly",), boolean(on))
        return self._root_binding("showDegradedOnly", b(on))

    @signal
    def metric_selected(self, m):
        self.set(("chart", "metric"), self.case(m, "Metric"))
        return self.chart("metricPicked", metric=Raw("." + m))

    @signal
    def magnify_ended(self, scale):
        minutes = max(5, int(60 / scale))
        self.set(("chart", "visibleMinutes"), num(minutes))
        return self.chart("magnificationEnded", scale=Raw(repr(scale)))

    @signal
    def push_detail(self, s):
        self.next_stack += 1
        sid = self.next_stack
        self.stack_ids.append(sid)
        self.put(("path",), sid, En("Path.State", "serviceDetail", St(self.st("ServiceDetail"), [
            ("serviceID", text(s)), ("logLevel", self.case("all", "LogLevelFilter")), ("isFollowing", boolean(True)),
            ("isLoading", boolean(True)), ("logs", Arr())])))
        return self.act("path", A(self.stack_type(), "push", id=Raw("#%d" % sid), state=A(
            self.st("Path"), "serviceDetail", Struct(self.st("ServiceDetail"), [("serviceID", q(s))]))))

    # reason: the pushed screen's .task, one for one with the push
    @signal
    def detail_task(self, sid):
        return self.detail(sid, "task")

    @signal
    def recent_logs(self, sid, s):
        if sid not in self.stack_ids:
            return None
        self.set(self.dpath(sid, "isLoading"), boolean(False))
        rng = self.rng
        for _ in range(8):
            self.log_n += 1
            msg = rng.choice(OPS_LOG_MESSAGES).format(ms=rng.randint(2, 900), n=rng.randint(1000, 99999), a=1)
            self.append(self.dpath(sid, "logs"), St("LogLine", [("id", text("%s-%06d" % (s[:3], self.log_n))),
                                                                 ("level", self.case("info", "LogLevel")), ("message", text(msg))]))
        return self.detail(sid, "recentLogsResponse", self.result("[LogLine]", True, Struct("LogPage", [
            ("service", q(s)), ("count", Raw("8")), ("cursor", q(self.uid()[:8].lower()))])))

    @signal
    def log_level(self, sid, lvl):
        self.set(self.dpath(sid, "logLevel"), self.case(lvl, "LogLevelFilter"))
        return self.act("path", A(self.stack_type(), "element", id=Raw("#%d" % sid), action=A(
            self.at("Path"), "serviceDetail", self.binding("ServiceDetail", "logLevel", Raw("." + lvl)))))

    @signal
    def follow_toggled(self, sid, on):
        self.set(self.dpath(sid, "isFollowing"), boolean(on))
        return self.act("path", A(self.stack_type(), "element", id=Raw("#%d" % sid), action=A(
            self.at("Path"), "serviceDetail", self.binding("ServiceDetail", "isFollowing", b(on)))))

    @signal
    def pop(self, sid):
        self.delete(("path",), sid)
        self.stack_ids.remove(sid)
        return self.act("path", A(self.stack_type(), "popFrom", id=Raw("#%d" % sid)))

    # reason: a new deploy (someone else's action) appears
    @signal
    def deploy_started(self, s, version):
        self.deploy_id = "dep-%s" % self.uid()[:6].lower()
        self.set(("deploy",), St(self.st("DeployBanner"), [("id", text(self.deploy_id)), ("service", text(s)),
                                                          ("version", text(version)), ("step", text("queued")),
                                                          ("percent", num(0))]))
        return self.act("deployStarted", Struct("Deploy", [("id", q(self.deploy_id)), ("service", q(s)),
                                                           ("version", q(version)), ("author", q("ci-bot"))]))

    # reason: the deploy's outcome, a status change
    @signal
    def deploy_finished(self, ok):
        self.set(("deploy",), NIL)
        return self.act("deploy", A(self.at("DeployBanner"), "finished", self.result("DeployOutcome", ok, Struct(
            "DeployOutcome", [("id", q(self.deploy_id)), ("durationSeconds", Raw(str(self.rng.randint(180, 420))))])
            if ok else Struct("DeployError.verificationFailed", [("step", q("verify"))]))))

    # -- processes
    def processes(self):
        return [self.startup(), self.polling(), self.periodic(self.ticker, 1.0, 0.003),
                self.heartbeats(), self.incidents(), self.deploys(), self.person(), self.socket_drops()]

    def startup(self):
        yield 0.05
        self.emit(self.task)
        yield self.rng.uniform(0.2, 0.6)
        self.emit(self.services_response)
        yield self.rng.uniform(0.05, 0.4)
        self.emit(self.on_call_response)
        yield self.rng.uniform(0.1, 0.5)
        self.emit(self.socket_status, True)

    def polling(self):
        yield 10.0
        k = 1
        while True:
            self.emit(self.poll_fired)
            yield self.rng.uniform(0.15, 0.9)
            if self.rng.random() < 0.03:
                self.emit(self.metrics_failed)
            else:
                self.emit(self.metrics_response)
            k += 1
            yield max(0.01, 10.0 * k - self.now + self.rng.uniform(-0.02, 0.02))

    def heartbeats(self):
        yield self.rng.uniform(5, 30)
        while True:
            if self.socket_up:
                self.emit(self.heartbeat_sent)
                rtt = self.rng.uniform(0.03, 0.2)
                yield rtt
                if self.socket_up:
                    self.emit(self.heartbeat_ack)
                yield 30.0 - rtt + self.rng.uniform(-0.05, 0.05)
            else:
                yield 30.0

    def socket_drops(self):
        yield self.rng.uniform(200, 650)
        self.emit(self.socket_status, False)
        yield self.rng.uniform(3, 15)
        self.emit(self.socket_status, True)

    def incidents(self):
        rng = self.rng
        yield rng.uniform(15, 60)
        while True:
            self.spawn(self.incident(rng.choice(self.svc)))
            yield rng.expovariate(1 / 100.0)

    def incident(self, s):
        """A service goes bad: its metrics drift, an alert fires, maybe an incident opens;
        it recovers minutes later and the incident is resolved."""
        rng = self.rng
        kind = rng.choice(["error", "latency"])
        if kind == "error":
            self.base[s][2] += rng.uniform(4, 9)
            title = "Error rate above 5%% on %s" % s
        else:
            self.base[s][1] *= rng.uniform(4, 8)
            title = "p99 latency above 1.5s on %s" % s
        yield rng.uniform(5, 25)
        if self.socket_up:
            self.emit(self.alert_fired, s, title, "critical" if kind == "error" else "warning")
        opened = None
        if rng.random() < 0.6:
            yield rng.uniform(10, 60)
            opened = "INC-%d" % (4810 + len(self.incident_ids))
            self.emit(self.incident_opened, s, title.split(" on ")[0])
        yield rng.uniform(90, 300)
        self.base[s] = list(dict((x[0], x[1:]) for x in OPS_SERVICES)[s])
        if opened:
            yield rng.uniform(30, 90)
            self.emit(self.incident_resolved, opened)

    def deploys(self):
        rng = self.rng
        while True:
            yield rng.uniform(60, 300)
            s = rng.choice(self.svc)
            self.emit(self.deploy_started, s, "v%d.%d.%d" % (rng.randint(1, 4), rng.randint(0, 30), rng.randint(0, 9)))
            pct = 0
            for i, step in enumerate(OPS_STEPS):
                end = int(100 * (i + 1) / len(OPS_STEPS))
                while pct < end:
                    yield rng.uniform(1.5, 4.0)
                    pct = min(end, pct + rng.randint(1, 4))
                    self.emit(self.deploy_progress, step, pct)
            yield rng.uniform(1, 5)
            self.emit(self.deploy_finished, rng.random() < 0.85)

    def hover(self, duration=None):
        rng = self.rng
        x0, x1 = rng.uniform(0, 700), rng.uniform(0, 700)
        hz = rng.uniform(50, 60)
        if duration is None:
            duration = rng.uniform(0.8, 5.0)
        n = max(3, int(hz * duration))
        y = rng.uniform(20, 200)
        yield from self.gesture(self.hover_moved, hz=hz, duration=n / hz, args=lambda i: (
            round(x0 + (x1 - x0) * (i + 1) / n + rng.uniform(-1, 1), 1), round(y + rng.uniform(-3, 3), 1)))
        self.emit(self.hover_ended)

    def person(self):
        rng = self.rng
        think = self.think((1.5, 4.0), (6.0, 20.0), (60, 150), (40, 120))
        yield rng.uniform(2, 5)
        acked = set()
        while True:
            yield next(think)
            unacked = [a for a in self.alert_ids if a not in acked]
            r = rng.random()
            if unacked and r < 0.5:
                a = unacked[-1]
                acked.add(a)
                self.emit(self.ack_tapped, a)
                yield rng.uniform(0.2, 0.9)
                self.emit(self.ack_response, a)
            elif r < 0.25:
                yield from self.hover()
            elif r < 0.35:
                for _ in range(rng.randint(1, 3)):
                    scale = 1.0
                    goal = rng.uniform(0.6, 4.0)
                    hz = rng.uniform(50, 60)
                    n = max(4, int(hz * rng.uniform(0.4, 1.5)))
                    z0 = float(self.get(("chart", "zoomScale")).cd)
                    yield from self.gesture(self.magnify, hz=hz, duration=n / hz, args=lambda i: (
                        round(z0 + (goal - z0) * (i + 1) / n, 3),))
                    self.emit(self.magnify_ended, round(goal, 3))
                    yield rng.uniform(0.5, 3)
                    yield from self.hover(rng.uniform(0.5, 2.5))
            elif r < 0.45:
                cur = self.get(("chart", "metric")).cd[1:]
                self.emit(self.metric_selected, rng.choice([x for x in ("cpu", "latency", "errorRate") if x != cur]))
                yield rng.uniform(1, 3)
                yield from self.hover()
            elif r < 0.62:
                word = rng.choice(OPS_FILTERS)
                for k in range(1, len(word) + 1):
                    self.emit(self.filter_typed, word[:k])
                    yield rng.uniform(0.08, 0.4)
                yield rng.uniform(2, 10)
                if rng.random() < 0.5:
                    self.emit(self.filter_typed, "")
            elif r < 0.68:
                self.emit(self.degraded_toggled, self.get(("showDegradedOnly",)).cd != "true")
            elif r < 0.92:
                s = rng.choice(self.svc)
                self.emit(self.push_detail, s)
                sid = self.next_stack
                yield rng.uniform(0.05, 0.2)
                self.emit(self.detail_task, sid)
                yield rng.uniform(0.3, 1.2)
                self.emit(self.recent_logs, sid, s)
                self.spawn(self.tail(sid, s))
                stay = self.now + rng.uniform(15, 90)
                while self.now < stay:
                    yield self.expo(15)
                    x = rng.random()
                    if x < 0.3:
                        cur = self.get(self.dpath(sid, "logLevel")).cd[1:]
                        self.emit(self.log_level, sid, rng.choice([x for x in ("all", "warning", "error") if x != cur]))
                    elif x < 0.45:
                        self.emit(self.follow_toggled, sid, self.get(self.dpath(sid, "isFollowing")).cd != "true")
                self.emit(self.pop, sid)
            else:
                yield rng.uniform(20, 90)      # reading elsewhere

    def tail(self, sid, s):
        rng = self.rng
        while sid in self.stack_ids:
            yield self.expo(0.6) if rng.random() < 0.7 else rng.uniform(1, 4)
            if sid not in self.stack_ids:
                return
            self.emit(self.log_line, sid, s)


# ============================================================================ delivery

DEL_RESTAURANTS = [("r-101", "Nonna's Trattoria", 4.7), ("r-102", "Pho Saigon", 4.5), ("r-103", "Burger Bros", 4.2),
                   ("r-104", "Sushi Kaito", 4.8), ("r-105", "Taqueria Luz", 4.6), ("r-106", "Green Bowl", 4.4),
                   ("r-107", "Curry Leaf", 4.6), ("r-108", "Pizza Forno", 4.3), ("r-109", "Falafel House", 4.5),
                   ("r-110", "Dumpling Bar", 4.7), ("r-111", "The Bagel Co.", 4.1), ("r-112", "Poke Wave", 4.4),
                   ("r-113", "Kebab Corner", 4.0), ("r-114", "Ramen Ichi", 4.8), ("r-115", "Le Petit Bistro", 4.5),
                   ("r-116", "Wok Express", 4.2)]
DEL_MENU = [("Margherita", 11.5), ("Spicy Chicken Bowl", 13.9), ("Classic Cheeseburger", 10.5), ("Pad Thai", 12.8),
            ("Salmon Nigiri Set", 16.0), ("Veggie Burrito", 9.9), ("Chicken Tikka Masala", 14.2), ("Caesar Salad", 8.5),
            ("Garlic Bread", 4.5), ("Tiramisu", 6.0), ("Lemonade", 3.5), ("Fries", 3.9)]
DEL_SEARCHES = ["pizza", "sushi", "thai", "burger", "ramen", "vegan"]
DEL_BANNERS = ["promo-free-delivery", "promo-20-off", "promo-new-ramen", "promo-lunch-deals"]
DEL_COURIER_LINES = ["Hi! I'm at the restaurant, waiting for your order.", "Picked up, on my way!",
                     "Traffic is a bit slow, sorry!", "I'm outside, which floor?", "Leaving it at the door.",
                     "Is there a code for the gate?"]
DEL_MY_LINES = ["Thanks!", "3rd floor, left door", "Gate code is 4512", "No rush", "Please ring the bell"]


class Delivery(App):
    """A food-delivery app: restaurants with thumbnails, a menu pushed on a stack, item
    options in a sheet, a cart, checkout with a payment sheet, then tracking with the courier
    on a map, status changes, an ETA countdown, chat, a tip slider and a rating.

    noise   home.bannerTimerTicked (6 s while home shows), home.scrollOffsetChanged and
            path.element.menu.scrollOffsetChanged (scroll gestures), tracking.courierLocationUpdated
            (every 2-4 s), tracking.etaTimerTicked (each minute), tracking.map.regionChanged (a
            pan), the tip slider's binding (\\.$amount)
    either  thumbnails loading as the list scrolls, the search field and the banner carousel's
            page (home bindings), the chat draft, the courier's typing indicator, the rating
            comment
    signal  taps, pushes and pops, sheets, option pickers, delegates, responses (restaurants,
            search, menu, quote, payment, order, tip, rating), order status changes, chat
            messages, the scene phase"""

    name = "delivery"
    module = "Delivery"
    process = "Delivery"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        self.rest_ids = [r[0] for r in DEL_RESTAURANTS]
        self.stack = []
        self.next_stack = 0
        self.menu_ids = []
        self.cart_ids = []
        self.msg_ids = []
        self.tracking = False
        self.active = True
        self.status = None
        self.courier = [52.5200, 13.4050]
        self.home_lat = [52.5310, 13.3850]
        self.order_id = None
        self.state = St(self.st("AppFeature"), [
            ("home", St(self.st("Home"), [
                ("banners", Arr(text(x) for x in DEL_BANNERS)), ("currentBannerIndex", num(0)),
                ("searchQuery", text("")), ("searchResults", Arr()), ("isLoading", boolean(True)), ("scrollOffset", num(0.0)),
                ("restaurants", Arr())])),
            ("cart", St(self.st("Cart"), [("restaurantID", NIL), ("items", Arr()), ("subtotal", num(0.0))])),
            ("path", Dic(ordered=True, key="#%s", quoted=False)),
            ("tracking", NIL),
            ("isTrackingMinimized", boolean(False)),
            ("destination", NIL),
            ("scenePhase", self.case("active", "ScenePhase"))])

    # -- helpers
    def H(self, case, *a, **k):
        return self.act("home", A(self.at("Home"), case, *a, **k))

    def rpath(self, r, *rest):
        return ("home", "restaurants", ("i", self.rest_ids.index(r))) + rest

    def stack_type(self):
        return "StackAction<%s, %s>" % (self.st("Path"), self.at("Path"))

    def P(self, sid, feature, inner):
        return self.act("path", A(self.stack_type(), "element", id=Raw("#%d" % sid), action=A(
            self.at("Path"), feature[0].lower() + feature[1:], inner)))

    def menu(self, sid, case, *a, **k):
        return self.P(sid, "Menu", A(self.at("Menu"), case, *a, **k))

    def checkout(self, sid, case, *a, **k):
        return self.P(sid, "Checkout", A(self.at("Checkout"), case, *a, **k))

    def spath(self, sid, case, *rest):
        return ("path", ("k", sid), ("e", case)) + rest

    def T(self, case, *a, **k):
        return self.act("tracking", A(self.at("OrderTracking"), case, *a, **k))

    def chat(self, case, *a, **k):
        return self.T("chat", A(self.at("CourierChat"), case, *a, **k))

    def tip(self, inner):
        return self.T("tip", inner)

    def rating(self, inner):
        return self.act("destination", A("PresentationAction<%s>" % self.at("Destination"), "presented", A(
            self.at("Destination"), "rating", inner)))

    def options(self, sid, inner):
        return self.menu(sid, "destination", A("PresentationAction<%s>" % self.at("Menu.Destination"), "presented", A(
            self.at("Menu.Destination"), "itemOptions", inner)))

    def on_home(self):
        return not self.stack and (not self.tracking or self.get(("isTrackingMinimized",)).cd == "true") \
            and self.active and self.get(("destination",)) is NIL

    def coord(self, lat, lon):
        return Struct("CLLocationCoordinate2D", [("latitude", Raw(repr(lat))), ("longitude", Raw(repr(lon)))])

    # -- noise
    # reason: the carousel's 6 s auto-advance timer
    @noise
    def banner_tick(self):
        i = (int(self.get(("home", "currentBannerIndex")).cd) + 1) % len(DEL_BANNERS)
        self.set(("home", "currentBannerIndex"), num(i))
        return self.H("bannerTimerTicked")

    @noise
    def home_scrolled(self, y):
        self.set(("home", "scrollOffset"), num(y))
        return self.H("scrollOffsetChanged", Raw(repr(y)))

    @noise
    def menu_scrolled(self, sid, y):
        if sid not in self.stack:
            return None
        self.set(self.spath(sid, "menu", "scrollOffset"), num(y))
        return self.menu(sid, "scrollOffsetChanged", Raw(repr(y)))

    # reason: the courier app's GPS, every 2-4 s; one coordinate nudged
    @noise
    def courier_moved(self, lat, lon):
        if not self.tracking:
            return None
        self.set(("tracking", "courierLocation"), St("CLLocationCoordinate2D", [("latitude", num(lat)),
                                                                                 ("longitude", num(lon))]))
        return self.T("courierLocationUpdated", self.coord(lat, lon))

    # reason: a once-a-minute countdown, one number counting down
    @noise
    def eta_tick(self):
        if not self.tracking:
            return None
        m = max(1, int(self.get(("tracking", "etaMinutes")).cd) - 1)
        self.set(("tracking", "etaMinutes"), num(m))
        return self.T("etaTimerTicked")

    # reason: a pan of the map streams its region
    @noise
    def map_panned(self, lat, lon):
        self.set(("tracking", "map", "center"), St("CLLocationCoordinate2D", [("latitude", num(lat)),
                                                                               ("longitude", num(lon))]))
        self.set(("tracking", "map", "isFollowingCourier"), boolean(False))
        return self.T("map", A(self.at("TrackingMap"), "regionChanged", Struct("MKCoordinateRegion", [
            ("center", self.coord(lat, lon)), ("span", Struct("MKCoordinateSpan", [("latitudeDelta", Raw("0.02")),
                                                                                   ("longitudeDelta", Raw("0.02"))]))])))

    # reason: a slider dragged at the finger's pace streams one number
    @noise
    def tip_dragged(self, amount):
        self.set(("tracking", "tip", "amount"), num(amount))
        return self.tip(self.binding("Tip", "amount", Raw(repr(amount))))

    # -- either
    # reason: thumbnails arrive as rows scroll into view
    @either
    def thumbnail_loaded(self, r):
        n = self.rng.randint(18000, 90000)
        self.set(self.rpath(r, "thumbnail"), V("Data(%d bytes)" % n, "%d bytes" % n))
        return self.H("restaurants", self.element("RestaurantRow", q(r), A(self.at("RestaurantRow"), "thumbnailResponse",
                                                                           self.result("Data", True, Raw("Data(%d bytes)" % n)))))

    # reason: the search field, a keystroke each
    @either
    def search_typed(self, v):
        self.set(("home", "searchQuery"), text(v))
        if not v:
            self.set(("home", "searchResults"), Arr())
        return self.H("binding", A("BindingAction<%s>" % self.st("Home").replace(".", ""), "set",
                                   Raw("\\%s.$searchQuery" % self.st("Home")), q(v)))

    # reason: a carousel the person may swipe
    @either
    def banner_swiped(self, i):
        self.set(("home", "currentBannerIndex"), num(i))
        return self.H("binding", A("BindingAction<%s>" % self.st("Home").replace(".", ""), "set",
                                   Raw("\\%s.$currentBannerIndex" % self.st("Home")), Raw(str(i))))

    # reason: the courier's typing indicator: an event of sorts, but a transient flag
    @either
    def courier_typing(self, on):
        if not self.tracking:
            return None
        self.set(("tracking", "chat", "courierIsTyping"), boolean(on))
        return self.chat("courierTypingChanged", b(on))

    # reason: the chat draft, a keystroke each
    @either
    def draft_typed(self, v):
        self.set(("tracking", "chat", "draft"), text(v))
        return self.T("chat", self.binding("CourierChat", "draft", q(v)))

    # reason: the rating comment, a keystroke each
    @either
    def comment_typed(self, v):
        self.set(("destination", ("e", "rating"), "comment"), text(v))
        return self.rating(self.binding("Rating", "comment", q(v)))

    # -- signal
    @signal
    def task(self):
        return self.act("task")

    @signal
    def restaurants_response(self):
        rows = [St(self.st("RestaurantRow"), [("id", text(r)), ("name", text(n)), ("rating", num(rt)),
                                              ("etaMinutes", num(self.rng.randint(15, 45))), ("thumbnail", NIL)])
                for r, n, rt in DEL_RESTAURANTS]
        self.set(("home", "restaurants"), Arr(rows))
        self.set(("home", "isLoading"), boolean(False))
        return self.H("restaurantsResponse", self.result("[Restaurant]", True, Struct("RestaurantPage", [
            ("count", Raw(str(len(rows)))), ("nextCursor", q("c2"))])))

    @signal
    def search_response(self, v):
        hits = self.rng.randint(1, 6)
        self.set(("home", "searchResults"), Arr(text(r) for r in self.rng.sample(self.rest_ids, hits)))
        return self.H("searchResponse", self.result("[Restaurant]", True, Struct("SearchResults", [
            ("query", q(v)), ("count", Raw(str(hits)))])))

    @signal
    def banner_tapped(self):
        i = int(self.get(("home", "currentBannerIndex")).cd)
        return self.H("bannerTapped", id=q(DEL_BANNERS[i]))

    @signal
    def push_menu(self, r):
        self.next_stack += 1
        sid = self.next_stack
        self.stack.append(sid)
        self.put(("path",), sid, En("Path.State", "menu", St(self.st("Menu"), [
            ("restaurantID", text(r)), ("isLoading", boolean(True)), ("scrollOffset", num(0.0)), ("items", Arr()),
            ("destination", NIL)])))
        return self.act("path", A(self.stack_type(), "push", id=Raw("#%d" % sid), state=A(
            self.st("Path"), "menu", Struct(self.st("Menu"), [("restaurantID", q(r))]))))

    # reason: the pushed menu's .task, one for one with the push
    @signal
    def menu_task(self, sid):
        return self.menu(sid, "task")

    @signal
    def menu_response(self, sid):
        if sid not in self.stack:
            return None
        items = [St("MenuItem", [("id", text("m-%02d" % i)), ("name", text(n)), ("price", num(pr))])
                 for i, (n, pr) in enumerate(DEL_MENU)]
        self.menu_ids = ["m-%02d" % i for i in range(len(DEL_MENU))]
        self.set(self.spath(sid, "menu", "items"), Arr(items))
        self.set(self.spath(sid, "menu", "isLoading"), boolean(False))
        return self.menu(sid, "menuResponse", self.result("Menu", True, Struct("Menu", [
            ("sections", Raw("4")), ("items", Raw(str(len(items))))])))

    @signal
    def item_tapped(self, sid, mid):
        name, price = DEL_MENU[self.menu_ids.index(mid)]
        self.set(self.spath(sid, "menu", "destination"), En("Menu.Destination", "itemOptions", St(self.st("ItemOptions"), [
            ("itemID", text(mid)), ("name", text(name)), ("size", self.case("regular", "ItemOptions.Size")),
            ("quantity", num(1)), ("price", num(price))])))
        return self.menu(sid, "itemTapped", id=q(mid))

    @signal
    def option_size(self, sid, size):
        self.set(self.spath(sid, "menu", "destination", ("e", "itemOptions"), "size"), self.case(size, "ItemOptions.Size"))
        return self.options(sid, self.binding("ItemOptions", "size", Raw("." + size)))

    @signal
    def option_quantity(self, sid, n):
        self.set(self.spath(sid, "menu", "destination", ("e", "itemOptions"), "quantity"), num(n))
        return self.options(sid, self.binding("ItemOptions", "quantity", Raw(str(n))))

    @signal
    def add_to_cart_tapped(self, sid):
        return self.options(sid, A(self.at("ItemOptions"), "addToCartButtonTapped"))

    @signal
    def options_delegate(self, sid, cid, name, qty):
        return self.options(sid, A(self.at("ItemOptions"), "delegate", A(self.at("ItemOptions.Delegate"), "addToCart",
            Struct("CartItem", [("id", q(cid)), ("name", q(name)), ("quantity", Raw(str(qty)))]))))

    @signal
    def options_dismissed(self, sid):
        self.set(self.spath(sid, "menu", "destination"), NIL)
        return self.menu(sid, "destination", A("PresentationAction<%s>" % self.at("Menu.Destination"), "dismiss"))

    @signal
    def menu_delegate(self, sid, r, cid, name, qty, price, size):
        total = round(float(self.get(("cart", "subtotal")).cd) + qty * price, 2)
        self.set(("cart", "restaurantID"), text(r))
        self.cart_ids.append(cid)
        self.append(("cart", "items"), St("CartItem", [("id", text(cid)), ("name", text(name)), ("size", self.case(size, "ItemOptions.Size")),
                                                       ("quantity", num(qty)), ("unitPrice", num(price))]))
        self.set(("cart", "subtotal"), num(total))
        return self.menu(sid, "delegate", A(self.at("Menu.Delegate"), "didAddToCart",
            Struct("CartItem", [("id", q(cid)), ("name", q(name)), ("quantity", Raw(str(qty)))])))

    @signal
    def pop(self, sid):
        self.delete(("path",), sid)
        self.stack.remove(sid)
        return self.act("path", A(self.stack_type(), "popFrom", id=Raw("#%d" % sid)))

    @signal
    def cart_tapped(self):
        self.next_stack += 1
        sid = self.next_stack
        self.stack.append(sid)
        self.put(("path",), sid, En("Path.State", "checkout", St(self.st("Checkout"), [
            ("quote", NIL), ("isPlacingOrder", boolean(False)), ("paymentSheet", NIL), ("orderID", NIL)])))
        return self.act("cartButtonTapped")

    @signal
    def quote_response(self, sid):
        sub = float(self.get(("cart", "subtotal")).cd)
        self.set(self.spath(sid, "checkout", "quote"), St("Quote", [("subtotal", num(sub)), ("deliveryFee", num(2.49)),
                                                                    ("serviceFee", num(1.2)), ("total", num(round(sub + 3.69, 2)))]))
        return self.checkout(sid, "quoteResponse", self.result("Quote", True, Struct("Quote", [
            ("total", Raw(repr(round(sub + 3.69, 2)))), ("currency", q("EUR"))])))

    @signal
    def checkout_task(self, sid):
        return self.checkout(sid, "task")

    @signal
    def place_order_tapped(self, sid):
        self.set(self.spath(sid, "checkout", "isPlacingOrder"), boolean(True))
        return self.checkout(sid, "placeOrderButtonTapped")

    @signal
    def payment_intent(self, sid):
        secret = "pi_%s_secret" % self.uid()[:10].lower()
        self.set(self.spath(sid, "checkout", "paymentSheet"), St("PaymentSheetState", [("clientSecret", text(secret))]))
        return self.checkout(sid, "paymentIntentResponse", self.result("PaymentIntent", True, Struct("PaymentIntent", [
            ("clientSecret", q(secret))])))

    @signal
    def payment_sheet_result(self, sid, outcome):
        self.set(self.spath(sid, "checkout", "paymentSheet"), NIL)
        if outcome != "completed":
            self.set(self.spath(sid, "checkout", "isPlacingOrder"), boolean(False))
        return self.checkout(sid, "paymentSheetCompleted", A("PaymentSheetResult", outcome))

    @signal
    def order_response(self, sid):
        self.order_id = "ord-%d" % self.rng.randint(100000, 999999)
        self.set(self.spath(sid, "checkout", "orderID"), text(self.order_id))
        return self.checkout(sid, "orderResponse", self.result("Order", True, Struct("Order", [
            ("id", q(self.order_id)), ("status", Raw(".placed")), ("etaMinutes", Raw("35"))])))

    @signal
    def order_delegate(self, sid):
        self.set(("path",), Dic(ordered=True, key="#%s", quoted=False))
        self.stack = []
        self.set(("cart", "items"), Arr())
        self.set(("cart", "subtotal"), num(0.0))
        self.set(("cart", "restaurantID"), NIL)
        self.tracking = True
        self.set(("tracking",), St(self.st("OrderTracking"), [
            ("orderID", text(self.order_id)), ("status", self.case("placed", "OrderStatus")), ("etaMinutes", num(35)),
            ("courier", NIL), ("courierLocation", NIL),
            ("map", St(self.st("TrackingMap"), [("center", St("CLLocationCoordinate2D", [("latitude", num(self.home_lat[0])),
                                                                                    ("longitude", num(self.home_lat[1]))])),
                                                ("isFollowingCourier", boolean(True))])),
            ("chat", St(self.st("CourierChat"), [("messages", Arr()), ("draft", text("")), ("courierIsTyping", boolean(False))])),
            ("tip", St(self.st("Tip"), [("amount", num(2.0)), ("isSaving", boolean(False))]))]))
        return self.checkout(sid, "delegate", A(self.at("Checkout.Delegate"), "orderPlaced", Struct("Order", [
            ("id", q(self.order_id))])))

    # reason: the order's status changes: few, irregular, meaningful
    @signal
    def status_changed(self, status, eta=None):
        if not self.tracking:
            return None
        self.status = status
        self.eta = eta if eta is not None else getattr(self, "eta", 35)
        if not self.active:
            return None            # the socket is suspended: the refresh on return brings it
        self.set(("tracking", "status"), self.case(status, "OrderStatus"))
        if eta is not None:
            self.set(("tracking", "etaMinutes"), num(eta))
        if status == "accepted":
            self.set(("tracking", "courier"), St("Courier", [("name", text("Marek")), ("vehicle", self.case("bike", "Vehicle"))]))
        return self.T("orderStatusChanged", status=Raw("." + status))

    # reason: a chat message with its own id
    @signal
    def message_received(self, body):
        if not self.tracking:
            return None
        mid = self.uid()
        self.set(("tracking", "chat", "courierIsTyping"), boolean(False))
        self.append(("tracking", "chat", "messages"), St("ChatMessage", [("id", self.uuid_value(mid)), ("from", self.case("courier", "Sender")),
                                                                          ("body", text(body))]))
        return self.chat("messageReceived", Struct("ChatMessage", [("id", Raw("UUID(%s)" % mid if self.tca1 else mid)),
                                                                   ("from", Raw(".courier")), ("body", q(body))]))

    @signal
    def send_tapped(self):
        body = self.get(("tracking", "chat", "draft")).df
        mid = self.uid()
        self.append(("tracking", "chat", "messages"), St("ChatMessage", [("id", self.uuid_value(mid)), ("from", self.case("me", "Sender")),
                                                                          ("body", text(body)), ("isSent", boolean(False))]))
        self.my_msg = len(self.get(("tracking", "chat", "messages")).items) - 1
        self.set(("tracking", "chat", "draft"), text(""))
        return self.chat("sendButtonTapped")

    @signal
    def send_response(self):
        self.set(("tracking", "chat", "messages", ("i", self.my_msg), "isSent"), boolean(True))
        return self.chat("sendResponse", self.result("MessageReceipt", True, Struct("MessageReceipt", [
            ("deliveredAt", Raw(self.date().cd if self.tca1 else self.date().df))])))

    @signal
    def recenter(self):
        self.set(("tracking", "map", "isFollowingCourier"), boolean(True))
        return self.T("map", A(self.at("TrackingMap"), "recenterButtonTapped"))

    @signal
    def tip_confirm(self):
        self.set(("tracking", "tip", "isSaving"), boolean(True))
        return self.tip(A(self.at("Tip"), "confirmButtonTapped"))

    @signal
    def tip_response(self):
        self.set(("tracking", "tip", "isSaving"), boolean(False))
        return self.tip(A(self.at("Tip"), "updateTipResponse", self.result("Tip", True, Struct("Tip", [
            ("amount", Raw(self.get(("tracking", "tip", "amount")).cd)), ("currency", q("EUR"))]))))

    @signal
    def minimize(self, on):
        self.set(("isTrackingMinimized",), boolean(on))
        return self.act("trackingBarTapped") if not on else self.T("minimizeButtonTapped")

    # reason: a delegate action, the tracking feature telling its parent
    @signal
    def rating_presented(self):
        self.set(("destination",), En("Destination", "rating", St(self.st("Rating"), [
            ("orderID", text(self.order_id)), ("stars", num(0)), ("comment", text("")), ("isSubmitting", boolean(False))])))
        return self.T("delegate", A(self.at("OrderTracking.Delegate"), "orderDelivered", id=q(self.order_id)))

    @signal
    def stars_tapped(self, n):
        self.set(("destination", ("e", "rating"), "stars"), num(n))
        return self.rating(self.binding("Rating", "stars", Raw(str(n))))

    @signal
    def rating_submit(self):
        self.set(("destination", ("e", "rating"), "isSubmitting"), boolean(True))
        return self.rating(A(self.at("Rating"), "submitButtonTapped"))

    @signal
    def rating_response(self):
        self.set(("destination", ("e", "rating"), "isSubmitting"), boolean(False))
        return self.rating(A(self.at("Rating"), "submitResponse", self.result("Review", True, Struct("Review", [
            ("id", q("rev-%d" % self.rng.randint(1000, 9999))), ("stars", Raw(self.get(("destination", ("e", "rating"), "stars")).cd))]))))

    @signal
    def dismissed(self):
        self.set(("destination",), NIL)
        self.set(("tracking",), NIL)
        self.set(("isTrackingMinimized",), boolean(False))
        self.tracking = False
        return self.act("destination", A("PresentationAction<%s>" % self.at("Destination"), "dismiss"))

    @signal
    def scene_phase(self, phase):
        self.active = phase == "active"
        self.set(("scenePhase",), self.case(phase, "ScenePhase"))
        return self.act("scenePhaseChanged", A("ScenePhase", phase))

    # reason: the refresh the app makes on returning to the foreground
    @signal
    def order_refresh(self):
        if not self.tracking:
            return None
        self.set(("tracking", "status"), self.case(self.status or "placed", "OrderStatus"))
        self.set(("tracking", "etaMinutes"), num(getattr(self, "eta", 35)))
        if self.status and self.status != "placed":
            self.set(("tracking", "courier"), St("Courier", [("name", text("Marek")), ("vehicle", self.case("bike", "Vehicle"))]))
        return self.T("orderResponse", self.result("Order", True, Struct("Order", [
            ("id", q(self.order_id)), ("status", Raw("." + (self.status or "placed")))])))

    # -- processes
    def processes(self):
        return [self.periodic(self.banner_tick, 6.0, 0.01, when=self.on_home), self.person()]

    def type_text(self, maker, word, lo=0.08, hi=0.35, *pre):
        for k in range(1, len(word) + 1):
            self.emit(maker, *(pre + (word[:k],)))
            yield self.rng.uniform(lo, hi)

    def scroll(self, maker, get, pre=(), loads=False, top=1650.0):
        rng = self.rng
        y0 = float(get())
        v = rng.uniform(-300, 900) if y0 < top * 0.6 else rng.uniform(-900, 300)
        hz = rng.uniform(55, 60)
        n = max(6, int(hz * min(2.0, 0.25 + rng.lognormvariate(-1.0, 0.6))))
        yield from self.gesture(maker, hz=hz, duration=n / hz, args=lambda i: pre + (
            min(top, max(0.0, round(y0 + v * (1 - (1 - (i + 1) / n) ** 2), 1))),))
        if loads:
            y = float(get())
            first = min(len(self.rest_ids) - 1, int(y // 110))
            for r in self.rest_ids[first:first + 6]:
                if self.get(self.rpath(r, "thumbnail")) is NIL and self.rng.random() < 0.9:
                    yield rng.uniform(0.03, 0.4)
                    self.emit(self.thumbnail_loaded, r)

    def browse(self, until):
        """Home: scroll, search, swipe banners, until `until` (seconds)."""
        rng = self.rng
        while self.now < until:
            yield self.expo(rng.uniform(1.5, 5.0))
            r = rng.random()
            if r < 0.40:
                yield from self.scroll(self.home_scrolled, lambda: self.get(("home", "scrollOffset")).cd, loads=True)
            elif r < 0.6:
                word = rng.choice(DEL_SEARCHES)
                yield from self.type_text(self.search_typed, word)
                yield rng.uniform(0.2, 0.4)
                self.emit(self.search_response, word)
                yield rng.uniform(2, 6)
                self.emit(self.search_typed, "")
            elif r < 0.72:
                for _ in range(rng.randint(1, 3)):
                    i = (int(self.get(("home", "currentBannerIndex")).cd) + 1) % len(DEL_BANNERS)
                    self.emit(self.banner_swiped, i)
                    yield rng.uniform(0.6, 2)
                if rng.random() < 0.3:
                    self.emit(self.banner_tapped)
            elif r < 0.85:
                yield rng.uniform(5, 20)          # reading

    def visit_menu(self, r, order):
        rng = self.rng
        self.emit(self.push_menu, r)
        sid = self.next_stack
        yield rng.uniform(0.05, 0.15)
        self.emit(self.menu_task, sid)
        yield rng.uniform(0.3, 1.0)
        self.emit(self.menu_response, sid)
        picks = rng.randint(1, 3) if order else 0
        for _ in range(rng.randint(1, 4)):
            yield rng.uniform(1, 5)
            yield from self.scroll(self.menu_scrolled, lambda: self.get(self.spath(sid, "menu", "scrollOffset")).cd, pre=(sid,))
        for _ in range(picks):
            yield rng.uniform(2, 8)
            mid = rng.choice(self.menu_ids)
            self.emit(self.item_tapped, sid, mid)
            size, qty = "regular", 1
            yield rng.uniform(1, 4)
            if rng.random() < 0.5:
                size = rng.choice(["small", "large"])
                self.emit(self.option_size, sid, size)
                yield rng.uniform(0.5, 2)
            for _ in range(rng.choice([0, 0, 1, 2])):
                qty += 1
                self.emit(self.option_quantity, sid, qty)
                yield rng.uniform(0.3, 1.0)
            self.emit(self.add_to_cart_tapped, sid)
            cid = self.uid()[:8].lower()
            name, price = DEL_MENU[self.menu_ids.index(mid)]
            self.emit(self.options_delegate, sid, cid, name, qty)
            self.emit(self.options_dismissed, sid)
            self.emit(self.menu_delegate, sid, r, cid, name, qty, price, size)
            yield rng.uniform(1, 3)
            yield from self.scroll(self.menu_scrolled, lambda: self.get(self.spath(sid, "menu", "scrollOffset")).cd, pre=(sid,))
        if not order:
            yield rng.uniform(1, 4)
            self.emit(self.pop, sid)

    def checkout_flow(self):
        rng = self.rng
        yield rng.uniform(1, 4)
        self.emit(self.cart_tapped)
        sid = self.next_stack
        yield rng.uniform(0.05, 0.2)
        self.emit(self.checkout_task, sid)
        yield rng.uniform(0.3, 0.9)
        self.emit(self.quote_response, sid)
        while True:
            yield rng.uniform(3, 12)
            self.emit(self.place_order_tapped, sid)
            yield rng.uniform(0.4, 1.2)
            self.emit(self.payment_intent, sid)
            yield rng.uniform(5, 20)
            if rng.random() < 0.2:
                self.emit(self.payment_sheet_result, sid, "canceled")
                continue
            self.emit(self.payment_sheet_result, sid, "completed")
            break
        yield rng.uniform(0.5, 1.5)
        self.emit(self.order_response, sid)
        self.emit(self.order_delegate, sid)

    def courier_feed(self):
        rng = self.rng
        lat, lon = self.courier
        while self.tracking:
            yield rng.uniform(2.0, 4.0)
            if not self.tracking:
                return
            if self.status in ("pickedUp", "arriving"):
                tgt = self.home_lat
            else:
                tgt = [52.5260, 13.4010]
            lat = round(lat + (tgt[0] - lat) * 0.04 + rng.gauss(0, 0.00005), 5)
            lon = round(lon + (tgt[1] - lon) * 0.04 + rng.gauss(0, 0.00005), 5)
            if self.active:
                self.emit(self.courier_moved, lat, lon)

    def order_server(self):
        rng = self.rng
        yield rng.uniform(10, 30)
        self.emit(self.status_changed, "accepted", 32)
        self.spawn(self.courier_feed())
        self.spawn(self.eta_timer())
        yield rng.uniform(20, 50)
        self.emit(self.status_changed, "preparing", 28)
        yield rng.uniform(50, 90)
        self.spawn(self.courier_says(DEL_COURIER_LINES[0]))
        yield rng.uniform(30, 60)
        self.emit(self.status_changed, "pickedUp", 14)
        self.spawn(self.courier_says(DEL_COURIER_LINES[1]))
        yield rng.uniform(60, 100)
        if rng.random() < 0.5:
            self.spawn(self.courier_says(DEL_COURIER_LINES[2]))
        yield rng.uniform(30, 60)
        self.emit(self.status_changed, "arriving", 2)
        yield rng.uniform(15, 40)
        self.spawn(self.courier_says(rng.choice(DEL_COURIER_LINES[3:])))
        yield rng.uniform(15, 40)
        self.emit(self.status_changed, "delivered", 0)
        self.delivered = True

    def eta_timer(self):
        yield 60.0
        while self.tracking and self.status != "delivered":
            if self.active:
                self.emit(self.eta_tick)
            yield 60.0 + self.rng.uniform(-0.01, 0.01)

    def courier_says(self, line):
        rng = self.rng
        while not self.active:
            yield 1.0
        self.emit(self.courier_typing, True)
        yield rng.uniform(2, 8)
        self.emit(self.message_received, line)
        self.pending_reply = True

    def person(self):
        rng = self.rng
        self.delivered = False
        self.pending_reply = False
        yield 0.1
        self.emit(self.task)
        yield rng.uniform(0.3, 1.0)
        self.emit(self.restaurants_response)
        for r in self.rest_ids[:5]:
            yield rng.uniform(0.05, 0.4)
            self.emit(self.thumbnail_loaded, r)
        # browse, look at a menu or two, then order
        yield from self.browse(self.now + rng.uniform(20, 60))
        for _ in range(rng.randint(0, 2)):
            yield from self.visit_menu(rng.choice(self.rest_ids), False)
            yield from self.browse(self.now + rng.uniform(10, 30))
        r = rng.choice(self.rest_ids)
        yield from self.visit_menu(r, True)
        yield from self.checkout_flow()
        self.spawn(self.order_server())
        # track the order
        think = self.think((3.0, 8.0), (10.0, 30.0), (40, 100), (30, 90))
        while not self.delivered:
            yield next(think)
            if self.delivered:
                break
            x = rng.random()
            minimized = self.get(("isTrackingMinimized",)).cd == "true"
            if self.pending_reply and x < 0.6:
                self.pending_reply = False
                if minimized:
                    self.emit(self.minimize, False)
                    yield rng.uniform(0.5, 2)
                yield from self.type_text(self.draft_typed, rng.choice(DEL_MY_LINES), 0.1, 0.4)
                self.emit(self.send_tapped)
                yield rng.uniform(0.2, 0.6)
                self.emit(self.send_response)
            elif minimized:
                if x < 0.3:
                    self.emit(self.minimize, False)
                else:
                    yield from self.browse(self.now + rng.uniform(10, 40))
            elif x < 0.3:
                lat0, lon0 = float(self.get(("tracking", "map", "center", "latitude")).cd), \
                    float(self.get(("tracking", "map", "center", "longitude")).cd)
                dl, dn = rng.uniform(-0.01, 0.01), rng.uniform(-0.01, 0.01)
                hz = rng.uniform(55, 60)
                n = max(6, int(hz * rng.uniform(0.4, 1.6)))
                yield from self.gesture(self.map_panned, hz=hz, duration=n / hz, args=lambda i: (
                    round(lat0 + dl * (i + 1) / n, 5), round(lon0 + dn * (i + 1) / n, 5)))
                if rng.random() < 0.5:
                    yield rng.uniform(1, 6)
                    self.emit(self.recenter)
            elif x < 0.42 and self.get(("tracking", "tip", "isSaving")).cd == "false":
                a0 = float(self.get(("tracking", "tip", "amount")).cd)
                goal = rng.choice([x for x in (1.0, 2.0, 3.0, 4.0, 5.0) if x != a0])
                hz = rng.uniform(55, 60)
                n = max(5, int(hz * rng.uniform(0.4, 1.4)))
                yield from self.gesture(self.tip_dragged, hz=hz, duration=n / hz, args=lambda i: (
                    round(a0 + (goal - a0) * (i + 1) / n, 2),))
                self.emit(self.tip_dragged, goal)
                yield rng.uniform(1, 4)
                self.emit(self.tip_confirm)
                yield rng.uniform(0.3, 1.0)
                self.emit(self.tip_response)
            elif x < 0.6:
                self.emit(self.minimize, True)
            elif x < 0.68:
                self.emit(self.scene_phase, "background")
                yield rng.uniform(30, 120)
                self.emit(self.scene_phase, "active")
                yield rng.uniform(0.3, 0.9)
                self.emit(self.order_refresh)
        if self.get(("isTrackingMinimized",)).cd == "true":
            self.emit(self.minimize, False)
        if not self.active:
            self.emit(self.scene_phase, "active")
        yield rng.uniform(1, 3)
        self.emit(self.rating_presented)
        yield rng.uniform(2, 6)
        self.emit(self.stars_tapped, rng.choice([4, 5, 5, 3]))
        if rng.random() < 0.6:
            yield rng.uniform(1, 3)
            yield from self.type_text(self.comment_typed, rng.choice(["Great, still hot!", "Fast and friendly", "Fries were cold"]))
        yield rng.uniform(1, 3)
        self.emit(self.rating_submit)
        yield rng.uniform(0.3, 1.0)
        self.emit(self.rating_response)
        yield rng.uniform(0.2, 0.5)
        self.emit(self.dismissed)
        while True:
            yield from self.browse(self.now + rng.uniform(30, 90))
            if rng.random() < 0.5:
                yield from self.visit_menu(rng.choice(self.rest_ids), False)


APPS = {"homehub": HomeHub, "opsboard": OpsBoard, "delivery": Delivery}
