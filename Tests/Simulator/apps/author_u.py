"""author-u: three simulated TCA apps for tcasim.py (`--apps-module apps/author_u.py`).

Author id: author-u.

drone: a drone flight controller app: telemetry (altitude, speed, battery, GPS, attitude) is pushed by the
drone at a fixed rate while connected, the video link reports stats each second, the user flies with two
virtual joysticks (stick positions stream while touching), takes off and lands, takes photos and starts/stops
video recording, sets waypoints on a map for an automatic mission (mission progress per waypoint), the
obstacle sensors push warnings in bursts when something is near, the return-home button, the gimbal tilt
slider, a firmware check at launch, media thumbnails download after the flight.

kitchen: a restaurant kitchen display: orders are pushed from the point-of-sale at irregular times (busy lunch
and dinner phases, calm afternoons), each order has items whose elapsed timers tick every second on screen,
cooks bump items and orders (mark done), recall a bumped order, change an item's station, the printer
status and the network status are polled, order modifications and cancellations are pushed, an alert fires
when an order is late, the day's stats are recomputed, a sync with the server every minute.

transcribe: a live meeting transcription app: while recording, the speech recognizer streams partial results
(the current sentence grows word by word, then is finalized), audio input levels stream for the level meter,
speaker changes are detected, the user adds highlights and notes (text binding), pauses/resumes, renames
speakers, the transcript autosaves after a pause, a summary is requested at the end (progress, then result),
the library of past recordings loads and syncs, sharing exports a file.
"""

import math

import tcasim
from tcasim import (App, A, Struct, Raw, q, noise, signal, either, V, St, Arr, Dic, En, NIL, num, text, boolean)

AUTHOR = "author-u"

# =============================================================================== drone

HOME = (46.519962, 6.633597)      # the take-off field
DIRECTIONS = ["front", "back", "left", "right", "down"]


class Drone(App):
    """A drone flight controller: the drone pushes telemetry at 5 Hz while it is connected
    (on the ground it mostly re-sends the same frame), the video link reports its stats each
    second, the pilot flies with two virtual joysticks (positions stream at 30-60 Hz while a
    thumb is down), takes off and lands, shoots photos and video (a 1 s recording clock),
    tilts the gimbal with a slider, long-presses the map to drop waypoints and runs an
    automatic mission (progress each second, an event per waypoint reached), the obstacle
    sensors report in 10 Hz bursts when something is near (and the drone brakes when it is
    very near), return-to-home with a confirmation alert, a firmware check at launch, a
    link loss and its recovery, the low-battery warning, and the media browser after the
    flight (the file list, then thumbnails and their download progress per file).

    noise   telemetry.frameReceived, videoLink.statsUpdated, joysticks.leftStickMoved,
            joysticks.rightStickMoved, camera.recordingTimerTicked, obstacles.sensorReported,
            mission.progressUpdated, map.regionChanged, media.files.element.downloadProgress,
            camera.binding.set \\.$gimbalPitch (the slider)
    either  media.files.element.thumbnailResponse.success
    signal  everything the pilot taps or releases, the drone's status changes, link events,
            warnings, effect responses, delegates, camera.binding.set \\.$isGridVisible and
            \\.$photoFormat"""

    name = "drone"
    module = "SkyPilot"
    process = "SkyPilot"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        App.__init__(self, session)
        self.connected = False
        self.flight = "onGround"
        self.alt = 0.0
        self.target_alt = 0.0
        self.lat, self.lon = HOME
        self.yaw = 212.0
        self.vx = self.vy = 0.0          # m/s east / north
        self.battery = self.rng.uniform(40.0, 66.0)
        self.sats = 14
        self.sticks = {"left": (0.0, 0.0), "right": (0.0, 0.0)}
        self.recording = False
        self.rec_seconds = 0
        self.mission_running = False
        self.waypoint_ids = []
        self.file_names = []
        self.photo_no = self.rng.randint(120, 480)
        self.low_battery_warned = False
        self.obstacle_near = False
        self.state = St(self.st("AppFeature"), [
            ("connection", St(self.st("Connection"), [("status", self.case("searching", "Connection.Status")),
                                                      ("droneName", NIL), ("signalQuality", num(0))])),
            ("firmware", St(self.st("Firmware"), [("status", self.case("unknown", "Firmware.Status")),
                                                  ("installedVersion", NIL), ("latestVersion", NIL)])),
            ("telemetry", St(self.st("Telemetry"), [
                ("altitude", num(0.0)), ("horizontalSpeed", num(0.0)), ("verticalSpeed", num(0.0)),
                ("batteryPercent", num(0)), ("satellites", num(0)),
                ("location", NIL),
                ("attitude", St("Attitude", [("pitch", num(0.0)), ("roll", num(0.0)), ("yaw", num(0.0))]))])),
            ("flight", St(self.st("Flight"), [("status", self.case("onGround", "Flight.Status")),
                                              ("homePoint", NIL), ("isLowBattery", boolean(False))])),
            ("joysticks", St(self.st("Joysticks"), [("left", self.cgpoint(0.0, 0.0)),
                                                    ("right", self.cgpoint(0.0, 0.0))])),
            ("camera", St(self.st("Camera"), [("isRecording", boolean(False)), ("recordingSeconds", num(0)),
                                              ("photoCount", num(0)), ("lastCapture", NIL),
                                              ("gimbalPitch", num(0.0)), ("isGridVisible", boolean(False)),
                                              ("photoFormat", self.case("jpeg", "PhotoFormat"))])),
            ("videoLink", St(self.st("VideoLink"), [("bitrateMbps", num(0.0)), ("framesPerSecond", num(0)),
                                                    ("latencyMs", num(0)), ("packetLoss", num(0.0))])),
            ("obstacles", St(self.st("Obstacles"), [("nearest", NIL), ("level", self.case("clear", "Obstacles.Level")),
                                                    ("isBraking", boolean(False))])),
            ("map", St(self.st("Map"), [("region", self.region_value(HOME[0], HOME[1], 0.01)),
                                        ("waypoints", Dic({}, key="UUID(%s)"))])),
            ("mission", St(self.st("Mission"), [("status", self.case("idle", "Mission.Status")),
                                                ("currentWaypoint", num(0)), ("legProgress", num(0.0))])),
            ("media", St(self.st("Media"), [("isLoading", boolean(False)), ("files", Dic({}, key='"%s"'))])),
            ("destination", NIL)])
        self.region = [HOME[0], HOME[1], 0.01]

    # -- values and paths
    def cgpoint(self, x, y):
        return St("CGPoint", [("x", num(x)), ("y", num(y))])

    def point(self, x, y):
        return Struct("CGPoint", [("x", Raw(repr(x))), ("y", Raw(repr(y)))])

    def region_value(self, lat, lon, span):
        return St("MKCoordinateRegion", [("center", St("CLLocationCoordinate2D", [("latitude", num(lat)),
                                                                                 ("longitude", num(lon))])),
                                         ("span", num(span))])

    def coord(self, lat, lon):
        return Struct("CLLocationCoordinate2D", [("latitude", Raw(repr(lat))), ("longitude", Raw(repr(lon)))])

    def uuid_arg(self, u):
        return Raw("UUID(%s)" % u if self.tca1 else u)

    def sub(self, feature, name, *args, **kw):
        return self.act(feature[0].lower() + feature[1:], A(self.at(feature), name, *args, **kw))

    def presented(self, inner):
        return self.act("destination", A("PresentationAction<%s>" % self.at("Destination"), "presented", inner))

    # -- noise
    @noise
    def telemetry_frame(self):
        air = self.flight != "onGround"
        if air:
            self.alt += max(-3.0, min(3.0, self.target_alt - self.alt)) * 0.2 + self.rng.gauss(0, 0.05)
            self.alt = max(0.0, self.alt)
            self.lat += self.vy * 0.2 / 111000.0
            self.lon += self.vx * 0.2 / 76000.0
            self.yaw = (self.yaw + self.sticks["left"][0] * 9.0 + self.rng.gauss(0, 0.3)) % 360
            speed = math.hypot(self.vx, self.vy)
            pitch, roll = -speed * 1.4 + self.rng.gauss(0, 0.4), self.vx * 0.8 + self.rng.gauss(0, 0.4)
            vs = (self.target_alt - self.alt) * 0.2
            self.battery -= 0.01
        else:
            speed, pitch, roll, vs = 0.0, 0.0, 0.0, 0.0
            self.battery -= 0.0006
            if self.rng.random() < 0.01:
                self.sats = max(9, min(19, self.sats + self.rng.choice((-1, 1))))
        alt, spd, vs = round(self.alt, 1), round(speed, 1), round(vs, 1)
        lat, lon, yaw = round(self.lat, 6), round(self.lon, 6), round(self.yaw, 1)
        pitch, roll, batt = round(pitch, 1), round(roll, 1), int(self.battery)
        tp = ("telemetry",)
        self.set(tp + ("altitude",), num(alt))
        self.set(tp + ("horizontalSpeed",), num(spd))
        self.set(tp + ("verticalSpeed",), num(vs))
        self.set(tp + ("batteryPercent",), num(batt))
        self.set(tp + ("satellites",), num(self.sats))
        self.set(tp + ("location",), St("CLLocationCoordinate2D", [("latitude", num(lat)), ("longitude", num(lon))]))
        self.set(tp + ("attitude",), St("Attitude", [("pitch", num(pitch)), ("roll", num(roll)), ("yaw", num(yaw))]))
        if batt <= 30 and not self.low_battery_warned:
            self.low_battery_warned = True
            self.after(self.rng.uniform(0.01, 0.05), self.low_battery)
        return self.sub("Telemetry", "frameReceived", Struct("TelemetryFrame", [
            ("altitude", Raw(repr(alt))), ("horizontalSpeed", Raw(repr(spd))), ("verticalSpeed", Raw(repr(vs))),
            ("battery", Raw(str(batt))), ("satellites", Raw(str(self.sats))),
            ("location", self.coord(lat, lon)),
            ("attitude", Struct("Attitude", [("pitch", Raw(repr(pitch))), ("roll", Raw(repr(roll))), ("yaw", Raw(repr(yaw)))]))]))

    @noise
    def video_stats(self):
        far = math.hypot((self.lat - HOME[0]) * 111000, (self.lon - HOME[1]) * 76000)
        bitrate = round(max(2.0, 24.0 - far / 40.0 + self.rng.gauss(0, 1.2)), 1)
        fps = 30 if self.rng.random() < 0.9 else self.rng.choice((27, 28, 29))
        latency = int(110 + far / 15 + self.rng.gauss(0, 12))
        loss = round(max(0.0, self.rng.gauss(far / 8000.0, 0.004)), 3)
        vp = ("videoLink",)
        self.set(vp + ("bitrateMbps",), num(bitrate))
        self.set(vp + ("framesPerSecond",), num(fps))
        self.set(vp + ("latencyMs",), num(latency))
        self.set(vp + ("packetLoss",), num(loss))
        return self.sub("VideoLink", "statsUpdated", Struct("VideoLinkStats", [
            ("bitrateMbps", Raw(repr(bitrate))), ("framesPerSecond", Raw(str(fps))),
            ("latencyMs", Raw(str(latency))), ("packetLoss", Raw(repr(loss)))]))

    @noise
    def stick_moved(self, side, x, y):
        self.sticks[side] = (x, y)
        if side == "right":
            self.vx, self.vy = x * 12.0, y * 12.0
        else:
            self.target_alt = max(2.0, min(120.0, self.target_alt + y * 0.6))
        self.set(("joysticks", side), self.cgpoint(x, y))
        return self.sub("Joysticks", side + "StickMoved", self.point(x, y))

    @noise
    def gimbal_slid(self, pitch):
        self.set(("camera", "gimbalPitch"), num(pitch))
        return self.act("camera", self.binding("Camera", "gimbalPitch", Raw(repr(pitch))))

    @noise
    def recording_tick(self):
        self.rec_seconds += 1
        self.set(("camera", "recordingSeconds"), num(self.rec_seconds))
        return self.sub("Camera", "recordingTimerTicked")

    # reason: a proximity sensor's stream, 10 Hz while something is near; it nudges one distance
    # (the caution/danger level it sometimes flips is derived from that number)
    @noise
    def obstacle_reading(self, direction, distance):
        if distance >= 9.0:                # out of range: the sensor's last report of the burst
            self.set(("obstacles", "nearest"), NIL)
            self.set(("obstacles", "isBraking"), boolean(False))
        else:
            self.set(("obstacles", "nearest"), St("ObstacleReading", [("direction", self.case(direction, "Direction")),
                                                                      ("distance", num(distance))]))
        level = "danger" if distance < 2.5 else "caution" if distance < 6.0 else "clear"
        self.set(("obstacles", "level"), self.case(level, "Obstacles.Level"))
        return self.sub("Obstacles", "sensorReported", Struct("ObstacleReading", [
            ("direction", Raw("." + direction)), ("distance", Raw(repr(distance)))]))

    @noise
    def mission_progress(self, index, fraction):
        self.set(("mission", "currentWaypoint"), num(index))
        self.set(("mission", "legProgress"), num(fraction))
        return self.sub("Mission", "progressUpdated", Struct("MissionProgress", [
            ("waypointIndex", Raw(str(index))), ("fraction", Raw(repr(fraction)))]))

    @noise
    def region_changed(self, lat, lon, span):
        self.region = [lat, lon, span]
        self.set(("map", "region"), self.region_value(lat, lon, span))
        return self.sub("Map", "regionChanged", Struct("MKCoordinateRegion", [
            ("center", self.coord(lat, lon)), ("span", Raw(repr(span)))]))

    @noise
    def download_progress(self, name, fraction):
        self.set(("media", "files", ("k", name), "downloadProgress"), num(fraction))
        return self.sub("Media", "files", self.element("MediaFile", q(name),
                                                      A(self.at("MediaFile"), "downloadProgress", Raw(repr(fraction)))))

    # -- either
    # reason: the thumbnails come in one after another once the media grid is open, not one per
    # tap; each is a new image for its file, so a reader may want them or not
    @either
    def thumbnail_loaded(self, name, size):
        fp = ("media", "files", ("k", name))
        self.set(fp + ("thumbnail",), St("Thumbnail", [("bytes", num(size)), ("width", num(320))]))
        self.set(fp + ("downloadProgress",), num(1.0))
        return self.sub("Media", "files", self.element("MediaFile", q(name), A(
            self.at("MediaFile"), "thumbnailResponse", self.result("Thumbnail", True, Struct(
                "Thumbnail", [("bytes", Raw(str(size))), ("width", Raw("320"))])))))

    # -- signal
    @signal
    def firmware_task(self):
        self.set(("firmware", "status"), self.case("checking", "Firmware.Status"))
        return self.sub("Firmware", "task")

    @signal
    def firmware_response(self, latest):
        self.set(("firmware", "installedVersion"), text("v01.04.0300"))
        self.set(("firmware", "latestVersion"), text(latest))
        status = "upToDate" if latest == "v01.04.0300" else "updateAvailable"
        self.set(("firmware", "status"), self.case(status, "Firmware.Status"))
        return self.sub("Firmware", "checkResponse", self.result("FirmwareInfo", True, Struct("FirmwareInfo", [
            ("installed", q("v01.04.0300")), ("latest", q(latest)), ("isMandatory", Raw("false"))])))

    @signal
    def firmware_later(self):
        self.set(("destination",), NIL)
        return self.presented(A(self.at("Destination"), "alert", A("FirmwareAlert", "remindMeLaterTapped")))

    @signal
    def firmware_alert_shown(self):
        self.set(("destination",), En(self.st("Destination"), "alert", St("AlertState<FirmwareAlert>", [
            ("title", text("Firmware update available"))])))
        return self.sub("Firmware", "delegate", A(self.at("Firmware") + ".Delegate" if self.tca1 else "FirmwareDelegate",
                                                  "updateAvailable"))

    @signal
    def dismiss(self):
        self.set(("destination",), NIL)
        return self.act("destination", A("PresentationAction<%s>" % self.at("Destination"), "dismiss"))

    @signal
    def drone_connected(self):
        self.connected = True
        cp = ("connection",)
        self.set(cp + ("status",), self.case("connected", "Connection.Status"))
        self.set(cp + ("droneName",), text("Mavic 3 Classic"))
        self.set(cp + ("signalQuality",), num(5))
        return self.sub("Connection", "droneConnected", Struct("DroneInfo", [
            ("model", q("Mavic 3 Classic")), ("serialNumber", q("1581F4XFC228R00Z19M")), ("batteryCycles", Raw("37"))]))

    @signal
    def link_lost(self):
        self.connected = False
        self.set(("connection", "status"), self.case("lost", "Connection.Status"))
        self.set(("connection", "signalQuality"), num(0))
        return self.sub("Connection", "linkLost")

    @signal
    def link_restored(self):
        self.connected = True
        self.set(("connection", "status"), self.case("connected", "Connection.Status"))
        self.set(("connection", "signalQuality"), num(self.rng.randint(2, 4)))
        return self.sub("Connection", "linkRestored")

    @signal
    def take_off_tapped(self):
        return self.sub("Flight", "takeOffButtonTapped")

    @signal
    def land_tapped(self):
        return self.sub("Flight", "landButtonTapped")

    @signal
    def flight_status(self, status):
        self.flight = status
        self.set(("flight", "status"), self.case(status, "Flight.Status"))
        if status == "takingOff":
            self.set(("flight", "homePoint"), St("CLLocationCoordinate2D", [("latitude", num(HOME[0])),
                                                                           ("longitude", num(HOME[1]))]))
        return self.sub("Flight", "statusChanged", A("FlightStatus", status))

    @signal
    def return_home_tapped(self):
        self.set(("destination",), En(self.st("Destination"), "alert", St("AlertState<ReturnHomeAlert>", [
            ("title", text("Return to home?"))])))
        return self.sub("Flight", "returnHomeButtonTapped")

    @signal
    def return_home_confirmed(self):
        self.set(("destination",), NIL)
        return self.presented(A(self.at("Destination"), "alert", A("ReturnHomeAlert", "confirmTapped")))

    @signal
    def low_battery(self):
        self.set(("flight", "isLowBattery"), boolean(True))
        return self.sub("Flight", "lowBatteryWarning", percent=Raw(str(int(self.battery))))

    # reason: the end of the thumb's gesture, sent by the person (the stick springs back to 0,0)
    @signal
    def stick_released(self, side):
        self.sticks[side] = (0.0, 0.0)
        if side == "right":
            self.vx = self.vy = 0.0
        self.set(("joysticks", side), self.cgpoint(0.0, 0.0))
        return self.sub("Joysticks", side + "StickReleased")

    @signal
    def grid_toggled(self, on):
        self.set(("camera", "isGridVisible"), boolean(on))
        return self.act("camera", self.binding("Camera", "isGridVisible", Raw("true" if on else "false")))

    @signal
    def format_picked(self, fmt):
        self.set(("camera", "photoFormat"), self.case(fmt, "PhotoFormat"))
        return self.act("camera", self.binding("Camera", "photoFormat", Raw("." + fmt)))

    @signal
    def shutter_tapped(self):
        return self.sub("Camera", "shutterButtonTapped")

    @signal
    def photo_captured(self, ok):
        if ok:
            self.photo_no += 1
            name = "DJI_%04d.JPG" % self.photo_no
            self.file_names.append(name)
            self.set(("camera", "photoCount"), num(int(self.get(("camera", "photoCount")).cd) + 1))
            self.set(("camera", "lastCapture"), text(name))
            payload = Struct("CapturedPhoto", [("fileName", q(name)), ("altitude", Raw(repr(round(self.alt, 1))))])
        else:
            payload = Struct("CameraError", [("code", Raw("-3")), ("reason", q("storage busy"))])
        return self.sub("Camera", "photoResponse", self.result("CapturedPhoto", ok, payload))

    @signal
    def record_tapped(self):
        return self.sub("Camera", "recordButtonTapped")

    @signal
    def recording_changed(self, on):
        self.recording = on
        self.set(("camera", "isRecording"), boolean(on))
        if on:
            self.rec_seconds = 0
            self.set(("camera", "recordingSeconds"), num(0))
            payload = Struct("RecordingState", [("isRecording", Raw("true"))])
        else:
            self.photo_no += 1
            name = "DJI_%04d.MP4" % self.photo_no
            self.file_names.append(name)
            self.set(("camera", "lastCapture"), text(name))
            payload = Struct("RecordingState", [("isRecording", Raw("false")), ("fileName", q(name))])
        return self.sub("Camera", "recordingResponse", self.result("RecordingState", True, payload))

    @signal
    def brake_engaged(self, direction):
        self.vx = self.vy = 0.0
        self.set(("obstacles", "isBraking"), boolean(True))
        return self.sub("Obstacles", "brakeEngaged", direction=Raw("." + direction))

    @signal
    def map_long_pressed(self, lat, lon, alt):
        w = self.uid()
        self.waypoint_ids.append(w)
        self.put(("map", "waypoints"), w, St("Waypoint", [("id", self.uuid_value(w)),
                                                         ("coordinate", St("CLLocationCoordinate2D", [
                                                             ("latitude", num(lat)), ("longitude", num(lon))])),
                                                         ("altitude", num(alt))]))
        return self.sub("Map", "longPressed", self.coord(lat, lon))

    @signal
    def waypoint_deleted(self, w):
        action = self.sub("Map", "waypoints", self.element("Waypoint", self.uuid_arg(w),
                                                          A(self.at("Waypoint"), "deleteButtonTapped")))
        self.delete(("map", "waypoints"), w)
        self.waypoint_ids.remove(w)
        return action

    @signal
    def mission_start_tapped(self):
        self.set(("mission", "status"), self.case("uploading", "Mission.Status"))
        return self.sub("Mission", "startButtonTapped")

    @signal
    def mission_uploaded(self):
        self.set(("mission", "status"), self.case("running", "Mission.Status"))
        return self.sub("Mission", "uploadResponse", self.result("MissionID", True, Raw('MissionID(rawValue: "%s")' % self.uid()[:8])))

    # reason: a machine event, but a meaningful one: a step of the mission, once per waypoint at
    # irregular times (the legs' lengths), turning the index over, not a stream
    @signal
    def waypoint_reached(self, index):
        self.set(("mission", "currentWaypoint"), num(index))
        self.set(("mission", "legProgress"), num(0.0))
        return self.sub("Mission", "waypointReached", index=Raw(str(index)))

    @signal
    def mission_completed(self):
        self.set(("mission", "status"), self.case("completed", "Mission.Status"))
        d = "Mission.Action.Delegate" if self.tca1 else "MissionDelegate"
        return self.sub("Mission", "delegate", A(d, "missionCompleted"))

    @signal
    def media_task(self):
        self.set(("media", "isLoading"), boolean(True))
        return self.sub("Media", "task")

    @signal
    def media_listed(self):
        self.set(("media", "isLoading"), boolean(False))
        for name in self.file_names:
            self.put(("media", "files"), name, St("MediaFile", [("id", text(name)), ("thumbnail", NIL),
                                                               ("downloadProgress", num(0.0))]))
        return self.sub("Media", "filesResponse", self.result("[MediaFile]", True, Struct("MediaPage", [
            ("count", Raw(str(len(self.file_names)))), ("storage", q("sdCard"))])))

    @signal
    def media_tapped(self, name):
        self.set(("destination",), En(self.st("Destination"), "mediaViewer", St(self.st("MediaViewer"), [
            ("file", text(name)), ("isPlaying", boolean(False))])))
        return self.sub("Media", "files", self.element("MediaFile", q(name), A(self.at("MediaFile"), "tapped")))

    @signal
    def viewer_play(self):
        self.set(("destination", ("e", "mediaViewer"), "isPlaying"), boolean(True))
        return self.presented(A(self.at("Destination"), "mediaViewer", A(self.at("MediaViewer"), "playButtonTapped")))

    # -- processes
    def processes(self):
        return [self.periodic(self.telemetry_frame, 0.2, 0.01, when=lambda: self.connected),
                self.periodic(self.video_stats, 1.0, 0.02, when=lambda: self.connected),
                self.periodic(self.recording_tick, 1.0, 0.003, when=lambda: self.recording),
                self.obstacle_watch(), self.pilot()]

    def obstacle_watch(self):
        """While flying low, something comes near now and then: a burst of 10 Hz readings."""
        rng = self.rng
        while True:
            yield self.expo(35.0)
            if self.flight not in ("inAir", "returningHome") or self.alt > 60 or not self.connected:
                continue
            direction = rng.choice(DIRECTIONS)
            d = rng.uniform(6.5, 9.0)
            closest = rng.uniform(1.2, 6.0)
            n = rng.randint(8, 60)
            braked = False
            for i in range(n):
                yield max(0.02, rng.gauss(0.1, 0.004))
                f = i / max(1, n - 1)
                d = round(max(closest, 8.5 - (8.5 - closest) * math.sin(math.pi * f)) + rng.gauss(0, 0.08), 1)
                self.emit(self.obstacle_reading, direction, d)
                if d < 2.0 and not braked:
                    braked = True
                    yield rng.uniform(0.01, 0.04)
                    self.emit(self.brake_engaged, direction)
            yield 0.1
            self.emit(self.obstacle_reading, direction, round(rng.uniform(9.0, 10.0), 1))

    def pan_map(self):
        rng = self.rng
        lat, lon, span = self.region
        dlat, dlon = rng.uniform(-0.002, 0.002), rng.uniform(-0.002, 0.002)
        zoom = rng.choice((1.0, 1.0, 0.6, 1.5))
        hz = rng.uniform(40, 60)
        n = max(4, int(hz * rng.uniform(0.4, 1.6)))
        yield from self.gesture(self.region_changed, hz=hz, duration=n / hz, args=lambda i: (
            round(lat + dlat * (i + 1) / n, 6), round(lon + dlon * (i + 1) / n, 6),
            round(span * (1 + (zoom - 1) * (i + 1) / n), 5)))

    def fly_sticks(self, seconds):
        """Manual flying: thumbs on the sticks, released between moves."""
        rng = self.rng
        end = self.now + seconds
        think = self.think((0.8, 2.5), (4.0, 10.0), (25, 60), (10, 30))
        while self.now < end:
            yield next(think)
            if not self.connected:
                continue
            r = rng.random()
            if r < 0.50:
                side = "right" if rng.random() < 0.65 else "left"
                gx, gy = rng.uniform(-1, 1), rng.uniform(-1, 1)
                hz = rng.uniform(30, 60)
                n = max(6, int(hz * min(6.0, rng.lognormvariate(math.log(1.6), 0.6))))
                ramp = max(2, n // 5)
                yield from self.gesture(self.stick_moved, hz=hz, duration=n / hz, args=lambda i, s=side: (
                    s, round(gx * min(1.0, (i + 1) / ramp) + rng.uniform(-0.02, 0.02), 2),
                    round(gy * min(1.0, (i + 1) / ramp) + rng.uniform(-0.02, 0.02), 2)))
                self.emit(self.stick_released, side)
            elif r < 0.72:
                self.emit(self.shutter_tapped)
                yield rng.uniform(0.25, 0.6)
                self.emit(self.photo_captured, rng.random() < 0.96)
            elif r < 0.80:
                self.emit(self.record_tapped)
                yield rng.uniform(0.2, 0.5)
                self.emit(self.recording_changed, not self.recording)
            elif r < 0.90:
                g = float(self.get(("camera", "gimbalPitch")).cd)
                goal = rng.uniform(-90, 0)
                hz = rng.uniform(40, 60)
                n = max(4, int(hz * rng.uniform(0.3, 1.4)))
                yield from self.gesture(self.gimbal_slid, hz=hz, duration=n / hz, args=lambda i: (
                    round(g + (goal - g) * (i + 1) / n, 1),))
            else:
                yield from self.pan_map()

    def pilot(self):
        rng = self.rng
        yield rng.uniform(0.3, 0.8)
        self.emit(self.firmware_task)
        latest = "v01.04.0300" if rng.random() < 0.6 else "v01.05.0100"
        yield rng.uniform(0.8, 2.5)
        self.emit(self.firmware_response, latest)
        yield rng.uniform(0.5, 2.0)
        self.emit(self.drone_connected)
        if latest != "v01.04.0300":
            yield 0.02
            self.emit(self.firmware_alert_shown)
            yield rng.uniform(2.0, 6.0)
            self.emit(self.firmware_later)
        # pre-flight: settings, plan the mission on the map
        think = self.think((1.5, 4.0), (5.0, 12.0), (30, 60), (10, 30))
        end = self.now + rng.uniform(50, 110)
        while self.now < end:
            yield next(think)
            r = rng.random()
            if r < 0.45:
                yield from self.pan_map()
            elif r < 0.75:
                lat, lon, span = self.region
                self.emit(self.map_long_pressed, round(lat + rng.uniform(-span, span) / 4, 6),
                          round(lon + rng.uniform(-span, span) / 4, 6), float(rng.choice((30, 40, 50, 60))))
            elif r < 0.82 and len(self.waypoint_ids) > 2:
                self.emit(self.waypoint_deleted, rng.choice(self.waypoint_ids))
            elif r < 0.90:
                self.emit(self.grid_toggled, self.get(("camera", "isGridVisible")).cd != "true")
            elif r < 0.95:
                self.emit(self.format_picked, rng.choice(("jpeg", "raw", "jpegAndRaw")))
            else:
                yield rng.uniform(8, 20)     # reading the pre-flight checklist
        while len(self.waypoint_ids) < 3:
            yield rng.uniform(1.5, 4.0)
            lat, lon, span = self.region
            self.emit(self.map_long_pressed, round(lat + rng.uniform(-span, span) / 4, 6),
                      round(lon + rng.uniform(-span, span) / 4, 6), 40.0)
        # take off
        yield rng.uniform(2, 6)
        self.emit(self.take_off_tapped)
        yield rng.uniform(0.3, 0.8)
        self.emit(self.flight_status, "takingOff")
        self.target_alt = 1.2
        yield rng.uniform(5, 8)
        self.emit(self.flight_status, "inAir")
        self.target_alt = rng.uniform(15, 30)
        yield from self.fly_sticks(rng.uniform(130, 200))
        # a link loss somewhere in the flight
        self.spawn(self.link_glitch(), rng.uniform(20, 200))
        # the mission
        if self.recording:
            self.emit(self.record_tapped)
            yield rng.uniform(0.2, 0.5)
            self.emit(self.recording_changed, False)
        yield rng.uniform(2, 5)
        self.emit(self.mission_start_tapped)
        yield rng.uniform(1.0, 2.5)
        self.emit(self.mission_uploaded)
        self.mission_running = True
        self.target_alt = 40.0
        self.spawn(self.mission_camera())
        for k in range(1, len(self.waypoint_ids) + 1):
            leg = rng.uniform(25, 55)
            self.vx, self.vy = rng.uniform(-6, 6), rng.uniform(-6, 6)
            steps = int(leg)
            for s in range(1, steps + 1):
                yield max(0.5, rng.gauss(1.0, 0.01))
                if self.connected:
                    self.emit(self.mission_progress, k, round(s / steps, 2))
            yield rng.uniform(0.05, 0.3)
            self.emit(self.waypoint_reached, k)
        self.vx = self.vy = 0.0
        yield rng.uniform(0.5, 1.5)
        self.emit(self.mission_completed)
        self.mission_running = False
        # return home, land
        yield from self.fly_sticks(rng.uniform(20, 60))
        yield rng.uniform(2, 6)
        self.emit(self.return_home_tapped)
        yield rng.uniform(1.0, 3.0)
        self.emit(self.return_home_confirmed)
        yield rng.uniform(0.3, 0.8)
        self.emit(self.flight_status, "returningHome")
        self.target_alt = 30.0
        dx, dy = (HOME[1] - self.lon) * 76000, (HOME[0] - self.lat) * 111000
        dist = math.hypot(dx, dy)
        t = max(15.0, dist / 10.0)
        self.vx, self.vy = dx / t, dy / t
        yield t
        self.vx = self.vy = 0.0
        self.lat, self.lon = HOME[0] + rng.gauss(0, 0.000004), HOME[1] + rng.gauss(0, 0.000004)
        self.emit(self.flight_status, "landing")
        self.target_alt = 0.0
        yield rng.uniform(12, 18)
        self.alt = 0.0
        self.emit(self.flight_status, "onGround")
        if self.recording:
            self.emit(self.record_tapped)
            yield rng.uniform(0.2, 0.5)
            self.emit(self.recording_changed, False)
        # after the flight: the media browser
        yield rng.uniform(5, 20)
        self.emit(self.media_task)
        yield rng.uniform(0.6, 2.0)
        self.emit(self.media_listed)
        self.spawn(self.thumbnails())
        think = self.think((2.0, 6.0), (8.0, 20.0), (30, 60), (20, 60))
        while True:
            yield next(think)
            if not self.file_names:
                continue
            r = rng.random()
            if r < 0.5 and self.get(("destination",)) is NIL:
                self.emit(self.media_tapped, rng.choice(self.file_names))
                yield rng.uniform(1, 4)
                if rng.random() < 0.4:
                    self.emit(self.viewer_play)
                    yield rng.uniform(3, 15)
                self.emit(self.dismiss)
            elif r < 0.6:
                self.emit(self.grid_toggled, self.get(("camera", "isGridVisible")).cd != "true")

    def mission_camera(self):
        """The pilot keeps shooting during the mission, less often, and sometimes tilts the gimbal."""
        rng = self.rng
        while self.mission_running:
            yield self.expo(18.0)
            if not self.mission_running or not self.connected:
                continue
            if rng.random() < 0.7:
                self.emit(self.shutter_tapped)
                yield rng.uniform(0.25, 0.6)
                self.emit(self.photo_captured, True)
            else:
                g = float(self.get(("camera", "gimbalPitch")).cd)
                goal = rng.uniform(-90, 0)
                hz = rng.uniform(40, 60)
                n = max(4, int(hz * rng.uniform(0.3, 1.4)))
                yield from self.gesture(self.gimbal_slid, hz=hz, duration=n / hz, args=lambda i: (
                    round(g + (goal - g) * (i + 1) / n, 1),))

    def link_glitch(self):
        if not self.connected or self.flight == "onGround":
            return
        self.emit(self.link_lost)
        yield self.rng.uniform(1.5, 7.0)
        self.emit(self.link_restored)

    def thumbnails(self):
        rng = self.rng
        for name in list(self.file_names):
            yield rng.uniform(0.05, 0.3)
            for k in range(rng.randint(2, 5)):
                yield rng.uniform(0.1, 0.35)
                self.emit(self.download_progress, name, round((k + 1) * rng.uniform(0.12, 0.2), 2))
            yield rng.uniform(0.05, 0.3)
            self.emit(self.thumbnail_loaded, name, rng.randint(9000, 42000))
# ============================================================================= kitchen

MENU = [("Cheeseburger", "grill"), ("Smash Burger", "grill"), ("Grilled Chicken", "grill"), ("Ribeye", "grill"),
        ("Veggie Burger", "grill"), ("Fries", "fry"), ("Sweet Potato Fries", "fry"), ("Onion Rings", "fry"),
        ("Chicken Tenders", "fry"), ("Fish & Chips", "fry"), ("Caesar Salad", "cold"), ("Greek Salad", "cold"),
        ("Poke Bowl", "cold"), ("Soup of the Day", "hot"), ("Mac & Cheese", "hot"), ("Brownie", "cold")]
MODIFIERS = ["no onions", "extra cheese", "gluten free bun", "sauce on the side", "well done", "no ice",
             "allergy: nuts", "add bacon", "medium rare", "no salt"]
STATIONS = ["grill", "fry", "cold", "hot"]


class Kitchen(App):
    """A restaurant kitchen display: the point-of-sale pushes orders at irregular times
    (a lunch rush, a calm afternoon, the start of dinner), every order on screen runs its own
    1 s timer that moves its items' elapsed times, the cooks bump items and then the expo
    bumps the order (the row tells its parent with a delegate, the bump is posted to the
    server), an order is recalled from the recall sheet, an item moves to another station,
    the POS pushes modifications and cancellations, an order turns late after seven minutes
    (an alarm), the printer is polled every 10 s and the network pinged every 15 s, the day's
    stats are recomputed every 30 s and the display syncs with the server every minute.

    noise   orders.element.timerTicked (per order, 1 s), printer.statusResponse (10 s poll),
            network.pingResponse (15 s), stats.recomputed (30 s), sync.timerFired (60 s),
            sync.syncResponse (the minute's sync answering)
    signal  pos.orderReceived, pos.orderModified, pos.orderCancelled, item and order bumps,
            their delegate and the server's receipt, lateThresholdReached, recall, station
            changes, the station filter and the all-day view, reprints"""

    name = "kitchen"
    module = "KitchenDisplay"
    process = "KitchenDisplay"
    roots = ("AppAction", "AppFeature.Action")

    LATE = 420.0

    def __init__(self, session):
        App.__init__(self, session)
        self.next_number = self.rng.randint(1040, 1180)
        self.orders = {}          # number -> {"items": {uid: dict}, "opened": t, "late": bool}
        self.bumped = []          # numbers, newest last
        self.completed = 0
        self.ticket_times = []
        self.printer = "online"
        self.paper = self.rng.uniform(0.2, 0.5)
        self.reachable = True
        self.pending = 0
        self.state = St(self.st("AppFeature"), [
            ("orders", Dic({}, key="%s")),
            ("recentlyBumped", Arr()),
            ("stationFilter", self.case("all", "Station")),
            ("isAllDayVisible", boolean(False)),
            ("lateOrderBanner", NIL),
            ("printer", St(self.st("Printer"), [("status", self.case("online", "PrinterStatus"))])),
            ("network", St(self.st("Network"), [("isReachable", boolean(True)), ("latencyMs", num(0))])),
            ("stats", St(self.st("Stats"), [("ordersCompleted", num(0)), ("averageTicketSeconds", num(0)),
                                            ("lateOrders", num(0))])),
            ("sync", St(self.st("Sync"), [("isSyncing", boolean(False)), ("lastSyncedAt", NIL),
                                          ("pendingChanges", num(0))])),
            ("destination", NIL)])

    # -- values and paths
    def opath(self, n, *rest):
        return ("orders", ("k", n)) + rest

    def ipath(self, n, u, *rest):
        return self.opath(n, "items", ("k", u)) + rest

    def uuid_arg(self, u):
        return Raw("UUID(%s)" % u if self.tca1 else u)

    def order_act(self, n, inner):
        return self.act("orders", self.element("Order", Raw(str(n)), inner))

    def item_act(self, n, u, inner):
        return self.order_act(n, A(self.at("Order"), "items", self.element("OrderItem", self.uuid_arg(u), inner)))

    def sub(self, feature, name, *args, **kw):
        child = "pos" if feature == "POS" else feature[0].lower() + feature[1:]
        return self.act(child, A(self.at(feature), name, *args, **kw))

    def presented(self, inner):
        return self.act("destination", A("PresentationAction<%s>" % self.at("Destination"), "presented", inner))

    def item_state(self, u, it):
        return St(self.st("OrderItem"), [("id", self.uuid_value(u)), ("name", text(it["name"])),
                                         ("quantity", num(it["qty"])), ("station", self.case(it["station"], "Station")),
                                         ("modifiers", Arr(text(m) for m in it["mods"])),
                                         ("isDone", boolean(False)), ("elapsedSeconds", num(0))])

    def item_struct(self, it):
        return Struct("POSItem", [("name", q(it["name"])), ("quantity", Raw(str(it["qty"]))),
                                  ("modifiers", Raw("[%s]" % ", ".join('"%s"' % m for m in it["mods"])))])

    # -- noise
    @noise
    def order_tick(self, n):
        o = self.orders[n]
        el = int(round(self.now - o["opened"]))
        self.set(self.opath(n, "elapsedSeconds"), num(el))
        for u, it in o["items"].items():
            if not it["done"]:
                self.set(self.ipath(n, u, "elapsedSeconds"), num(int(round(self.now - it["added"]))))
        if el >= self.LATE and not o["late"]:
            o["late"] = True
            self.after(0.0, self.late_reached, n)
        return self.order_act(n, A(self.at("Order"), "timerTicked"))

    # reason: a 10 s poll's answer; it re-sends the same status nearly every time, and the rare
    # change (paper low) is still just the poll reporting, not something the app did
    @noise
    def printer_status(self):
        self.set(("printer", "status"), self.case(self.printer, "PrinterStatus"))
        return self.sub("Printer", "statusResponse", self.result("PrinterStatus", True, Struct("PrinterStatus", [
            ("isOnline", Raw("true")), ("paper", Raw(".low" if self.printer == "paperLow" else ".ok"))])))

    @noise
    def network_ping(self):
        latency = int(max(8, self.rng.gauss(34, 9)))
        self.set(("network", "latencyMs"), num(latency))
        self.set(("network", "isReachable"), boolean(True))
        return self.sub("Network", "pingResponse", self.result("NetworkStatus", True, Struct("NetworkStatus", [
            ("isReachable", Raw("true")), ("latencyMs", Raw(str(latency)))])))

    @noise
    def stats_recomputed(self):
        avg = int(sum(self.ticket_times) / len(self.ticket_times)) if self.ticket_times else 0
        late = sum(1 for o in self.orders.values() if o["late"])
        self.set(("stats", "ordersCompleted"), num(self.completed))
        self.set(("stats", "averageTicketSeconds"), num(avg))
        self.set(("stats", "lateOrders"), num(late))
        return self.sub("Stats", "recomputed", Struct("DayStats", [
            ("ordersCompleted", Raw(str(self.completed))), ("averageTicketSeconds", Raw(str(avg))),
            ("lateOrders", Raw(str(late)))]))

    @noise
    def sync_timer(self):
        self.set(("sync", "isSyncing"), boolean(True))
        self.after(self.rng.uniform(0.3, 1.8), self.sync_response)
        return self.sub("Sync", "timerFired")

    # reason: the answer to the minute's sync timer, not to anyone's request; it stamps a time
    @noise
    def sync_response(self):
        up, self.pending = self.pending, 0
        down = self.rng.choice((0, 0, 0, 1, 2))
        self.set(("sync", "isSyncing"), boolean(False))
        self.set(("sync", "lastSyncedAt"), self.date())
        self.set(("sync", "pendingChanges"), num(0))
        return self.sub("Sync", "syncResponse", self.result("SyncResult", True, Struct("SyncResult", [
            ("uploaded", Raw(str(up))), ("downloaded", Raw(str(down)))])))

    # -- signal
    @signal
    def order_received(self, n, channel, table, items):
        its = {}
        for it in items:
            u = self.uid()
            it["added"] = self.now
            it["done"] = False
            its[u] = it
        self.orders[n] = {"items": its, "opened": self.now, "late": False}
        self.put(("orders",), n, St(self.st("Order"), [
            ("id", num(n)), ("channel", self.case(channel, "Channel")),
            ("table", text(table) if table else NIL),
            ("items", Dic({u: self.item_state(u, it) for u, it in its.items()}, key="UUID(%s)")),
            ("elapsedSeconds", num(0)), ("isLate", boolean(False))]))
        self.spawn(self.order_timer(n))
        return self.sub("POS", "orderReceived", Struct("POSOrder", [
            ("number", Raw(str(n))), ("channel", Raw("." + channel)),
            ("table", q(table) if table else Raw("nil")),
            ("items", Raw("[" + ", ".join(
                'POSItem(name: "%s", quantity: %d)' % (it["name"], it["qty"]) for it in items) + "]"))]))

    @signal
    def order_modified(self, n, u, mod):
        it = self.orders[n]["items"][u]
        it["mods"].append(mod)
        self.set(self.ipath(n, u, "modifiers"), Arr(text(m) for m in it["mods"]))
        return self.sub("POS", "orderModified", Struct("OrderModification", [
            ("orderNumber", Raw(str(n))), ("itemID", Raw("UUID(%s)" % u)), ("addModifier", q(mod))]))

    @signal
    def order_cancelled(self, n):
        self.orders.pop(n)
        self.delete(("orders",), n)
        return self.sub("POS", "orderCancelled", orderNumber=Raw(str(n)))

    @signal
    def item_bumped(self, n, u):
        it = self.orders[n]["items"][u]
        it["done"] = True
        self.set(self.ipath(n, u, "isDone"), boolean(True))
        self.pending += 1
        return self.item_act(n, u, A(self.at("OrderItem"), "bumpTapped"))

    # reason: a cook's tap; the row only tells its parent (next record), so it changes nothing itself
    @signal
    def order_bump_tapped(self, n):
        return self.order_act(n, A(self.at("Order"), "bumpButtonTapped"))

    @signal
    def order_bumped_delegate(self, n):
        o = self.orders.pop(n)
        self.completed += 1
        self.ticket_times.append(self.now - o["opened"])
        self.delete(("orders",), n)
        self.bumped.append(n)
        self.append(("recentlyBumped",), num(n))
        if len(self.bumped) > 8:
            self.bumped.pop(0)
            self.remove_at(("recentlyBumped",), 0)
        banner = self.get(("lateOrderBanner",))
        if banner is not NIL and banner.cd == str(n):
            self.set(("lateOrderBanner",), NIL)
        self.pending += 1
        self.after(self.rng.uniform(0.15, 0.9), self.bump_posted, n)
        d = "Order.Action.Delegate" if self.tca1 else "OrderDelegate"
        return self.order_act(n, A(self.at("Order"), "delegate", A(d, "bumped")))

    @signal
    def bump_posted(self, n):
        return self.act("bumpPosted", self.result("BumpReceipt", True, Struct("BumpReceipt", [
            ("orderNumber", Raw(str(n))), ("acknowledged", Raw("true"))])))

    # reason: an alarm raised by the order's own timer once it passes seven minutes
    @signal
    def late_reached(self, n):
        if n not in self.orders:
            return None
        self.set(self.opath(n, "isLate"), boolean(True))
        self.set(("lateOrderBanner",), num(n))
        return self.order_act(n, A(self.at("Order"), "lateThresholdReached"))

    @signal
    def recall_tapped(self):
        self.set(("destination",), En(self.st("Destination"), "recall", St(self.st("Recall"), [
            ("orders", Arr(num(b) for b in reversed(self.bumped)))])))
        return self.act("recallButtonTapped")

    @signal
    def recall_order(self, n, items):
        self.set(("destination",), NIL)
        i = self.bumped.index(n)
        self.bumped.pop(i)
        self.remove_at(("recentlyBumped",), i)
        its = {}
        for it in items:
            u = self.uid()
            it.update(added=self.now, done=False)
            its[u] = it
        self.orders[n] = {"items": its, "opened": self.now - self.rng.uniform(200, 300), "late": False}
        self.put(("orders",), n, St(self.st("Order"), [
            ("id", num(n)), ("channel", self.case("dineIn", "Channel")), ("table", text(str(self.rng.randint(1, 30)))),
            ("items", Dic({u: self.item_state(u, it) for u, it in its.items()}, key="UUID(%s)")),
            ("elapsedSeconds", num(int(self.now - self.orders[n]["opened"]))), ("isLate", boolean(False))]))
        self.spawn(self.order_timer(n))
        return self.presented(A(self.at("Destination"), "recall", A(self.at("Recall"), "orderTapped", Raw(str(n)))))

    @signal
    def dismiss(self):
        self.set(("destination",), NIL)
        return self.act("destination", A("PresentationAction<%s>" % self.at("Destination"), "dismiss"))

    @signal
    def item_long_pressed(self, n, u):
        self.set(("destination",), En(self.st("Destination"), "stationPicker", St(self.st("StationPicker"), [
            ("orderNumber", num(n)), ("itemID", self.uuid_value(u))])))
        return self.item_act(n, u, A(self.at("OrderItem"), "longPressed"))

    @signal
    def station_selected(self, n, u, station):
        self.set(("destination",), NIL)
        if n in self.orders and u in self.orders[n]["items"]:
            self.orders[n]["items"][u]["station"] = station
            self.set(self.ipath(n, u, "station"), self.case(station, "Station"))
        return self.presented(A(self.at("Destination"), "stationPicker",
                                A(self.at("StationPicker"), "stationSelected", A("Station", station))))

    @signal
    def filter_changed(self, station):
        self.set(("stationFilter",), self.case(station, "Station"))
        return self.act("binding", A("BindingAction<%s>" % self.st("AppFeature").replace(".", ""), "set",
                                  Raw("\\%s.$stationFilter" % self.st("AppFeature")), Raw("." + station)))

    @signal
    def all_day_tapped(self):
        on = self.get(("isAllDayVisible",)).cd != "true"
        self.set(("isAllDayVisible",), boolean(on))
        return self.act("allDayButtonTapped")

    @signal
    def banner_dismissed(self):
        self.set(("lateOrderBanner",), NIL)
        return self.act("lateBannerDismissed")

    @signal
    def reprint_tapped(self, n):
        return self.order_act(n, A(self.at("Order"), "reprintButtonTapped"))

    @signal
    def print_response(self, n, ok):
        payload = Struct("PrintJob", [("orderNumber", Raw(str(n))), ("copies", Raw("1"))]) if ok else \
            Struct("PrinterError", [("reason", q("paper low"))])
        return self.order_act(n, A(self.at("Order"), "printResponse", self.result("PrintJob", ok, payload)))

    # -- processes
    def processes(self):
        return [self.periodic(self.printer_status, 10.0, 0.05), self.periodic(self.network_ping, 15.0, 0.05),
                self.periodic(self.stats_recomputed, 30.0, 0.02), self.periodic(self.sync_timer, 60.0, 0.05),
                self.pos(), self.station_cook("grill"), self.station_cook("fry"), self.station_cook("cold"),
                self.station_cook("hot"), self.expo_station(), self.lead(), self.printer_paper()]

    def new_items(self):
        rng = self.rng
        items = []
        for _ in range(rng.choice((1, 2, 2, 3, 3, 4, 5))):
            name, station = rng.choice(MENU)
            mods = [rng.choice(MODIFIERS)] if rng.random() < 0.25 else []
            items.append({"name": name, "station": station, "qty": rng.choice((1, 1, 1, 2)), "mods": mods,
                          "cook": rng.uniform(50, 260) * (0.6 if station == "cold" else 1.0)})
        return items

    def rate(self, t):
        """Mean seconds between orders at simulated time t: the lunch rush, a calm afternoon, dinner."""
        if t < 80:
            return 50.0
        if t < 380:
            return 17.0
        if t < 570:
            return 110.0
        return 28.0

    def pos(self):
        rng = self.rng
        for _ in range(rng.randint(3, 5)):        # the orders already on the rail when the session starts
            yield rng.uniform(0.05, 0.4)
            self.push_order()
        while True:
            yield self.expo(self.rate(self.now))
            self.push_order()
            if rng.random() < 0.12 and self.orders:
                yield rng.uniform(5, 60)
                n = rng.choice(list(self.orders))
                if n in self.orders:
                    open_items = [u for u, it in self.orders[n]["items"].items() if not it["done"]]
                    if open_items:
                        self.emit(self.order_modified, n, rng.choice(open_items), rng.choice(MODIFIERS))
            if rng.random() < 0.04 and self.orders:
                yield rng.uniform(10, 90)
                young = [n for n, o in self.orders.items() if self.now - o["opened"] < 120]
                if young:
                    self.emit(self.order_cancelled, rng.choice(young))

    def push_order(self):
        rng = self.rng
        n = self.next_number
        self.next_number += 1
        channel = rng.choice(("dineIn", "dineIn", "dineIn", "takeout", "delivery"))
        table = str(rng.randint(1, 30)) if channel == "dineIn" else None
        self.emit(self.order_received, n, channel, table, self.new_items())

    def order_timer(self, n):
        """The row's .task: a clock ticking each second while the order is on screen."""
        rng = self.rng
        start = self.now
        k = 1
        while True:
            t = start + k + rng.uniform(-0.01, 0.01)
            yield max(0.0005, t - self.now)
            if n not in self.orders:
                return
            self.emit(self.order_tick, n)
            k += 1

    def station_cook(self, station):
        """A cook bumps each item of the station when it is cooked (a while after it came in)."""
        rng = self.rng
        while True:
            yield rng.uniform(1.5, 6.0)
            ready = [(it["added"] + it["cook"], n, u) for n, o in self.orders.items()
                     for u, it in o["items"].items()
                     if it["station"] == station and not it["done"] and it["added"] + it["cook"] <= self.now]
            if ready:
                _, n, u = min(ready)
                self.emit(self.item_bumped, n, u)
                if rng.random() < 0.05:
                    yield rng.uniform(2, 6)
                    others = [(m, v) for m, o in self.orders.items() for v, it in o["items"].items() if not it["done"]]
                    if others:
                        m, v = rng.choice(others)
                        self.emit(self.item_long_pressed, m, v)
                        yield rng.uniform(1.0, 3.0)
                        self.emit(self.station_selected, m, v, rng.choice([s for s in STATIONS if s != station]))

    def expo_station(self):
        """The expo bumps an order once all its items are done, and now and then recalls one."""
        rng = self.rng
        while True:
            yield rng.uniform(2.0, 9.0)
            done = [n for n, o in self.orders.items() if all(it["done"] for it in o["items"].values())]
            if done:
                n = min(done)
                self.emit(self.order_bump_tapped, n)
                yield rng.uniform(0.005, 0.02)
                if n in self.orders:
                    self.emit(self.order_bumped_delegate, n)
                if rng.random() < 0.08 and self.bumped:
                    yield rng.uniform(3, 20)
                    self.emit(self.recall_tapped)
                    yield rng.uniform(1.5, 5.0)
                    if rng.random() < 0.8 and self.bumped:
                        self.emit(self.recall_order, rng.choice(self.bumped[-3:]), self.new_items())
                    else:
                        self.emit(self.dismiss)

    def lead(self):
        """The kitchen lead: filters the rail by station, the all-day counts, late banners, reprints."""
        rng = self.rng
        think = self.think((15, 40), (40, 90), (60, 180), (30, 90))
        while True:
            yield next(think)
            r = rng.random()
            if r < 0.35:
                self.emit(self.filter_changed, rng.choice(("all", "all", "grill", "fry", "cold", "hot")))
            elif r < 0.55:
                self.emit(self.all_day_tapped)
            elif r < 0.75 and self.get(("lateOrderBanner",)) is not NIL:
                self.emit(self.banner_dismissed)
            elif self.orders:
                n = rng.choice(list(self.orders))
                self.emit(self.reprint_tapped, n)
                yield rng.uniform(0.4, 1.5)
                if n in self.orders:
                    self.emit(self.print_response, n, self.printer == "online")

    def printer_paper(self):
        """The paper runs low during the rush; someone changes the roll a few minutes later."""
        rng = self.rng
        yield rng.uniform(150, 400)
        self.printer = "paperLow"
        yield rng.uniform(60, 200)
        self.printer = "online"
# ========================================================================== transcribe

WORDS = ("so the plan for this quarter is to ship the new onboarding flow before the holidays and we still "
         "need to settle the pricing page copy I think the main risk is the migration of the old accounts "
         "because support tickets went up last week can we get numbers on that by Friday yes I will ask the "
         "data team the design review is on Tuesday and marketing wants the launch post early next month "
         "let us keep the beta small at first maybe two hundred people from the waitlist and we measure "
         "retention after two weeks okay what about the Android version that one slips to January").split()
SPEAKER_NAMES = ["Maya", "Jonas", "Priya", "Tom", "Lea"]
NOTE_LINES = ["ask data team for ticket numbers", "design review Tue", "beta: 200 from waitlist",
              "Android slips to Jan", "pricing copy owner?", "launch post early next month"]
PAST = [("Weekly sync", 1843), ("Customer call: Acme", 2710), ("1:1 Jonas", 1522), ("Roadmap review", 3390),
        ("Interview: backend", 2955), ("Standup", 612), ("Design crit", 2104)]


class Transcribe(App):
    """A live meeting transcription app: the library of past recordings loads and syncs with
    the cloud (progress, then a completion), the person starts a recording; while it records
    the speech recognizer streams partial results (the current sentence grows a word at a
    time, then is finalized as a new segment), the input level streams at 10 Hz for the meter,
    a 1 s clock shows the duration, the diarizer reports speaker changes; the person adds
    highlights, types notes and pins them, renames speakers in a sheet (typing the name),
    pauses and resumes, an audio interruption (a call) pauses it once in a while; the
    transcript autosaves a few seconds after the speech pauses; at the end a summary is
    requested (progress, then the result), the transcript is exported and shared.

    noise   recognizer.partialResult, meter.levelUpdated, recordingTimerTicked,
            autosave.saveResponse, summary.progressUpdated, library.cloudSync.progressUpdated,
            export.progressUpdated
    either  notes.binding.set \\.$text, destination.presented.renameSpeaker.binding.set (the name)
    signal  recognizer.finalResult, diarizer.speakerChanged, every tap, notes.binding.set
            \\.$isPinned, interruptions, the responses to the person's requests, the library's
            load and its sync's completion"""

    name = "transcribe"
    module = "Minutes"
    process = "Minutes"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        self.status = "idle"
        self.seconds = 0
        self.word_i = rng.randrange(len(WORDS))
        self.segments = []
        self.speaker = None
        self.speaker_ids = ["S%d" % (i + 1) for i in range(rng.randint(3, 4))]
        self.names = {}
        self.notes = ""
        self.save_due = None
        self.recordings = []
        self.state = St(self.st("AppFeature"), [
            ("library", St(self.st("Library"), [("isLoading", boolean(False)), ("recordings", Dic({}, key="UUID(%s)")),
                                                ("syncProgress", NIL), ("lastSyncedAt", NIL)])),
            ("recording", St(self.st("Recording"), [
                ("status", self.case("idle", "Recording.Status")), ("durationSeconds", num(0)),
                ("meter", St("AudioLevel", [("average", num(-160.0)), ("peak", num(-160.0))])),
                ("partial", text("")), ("segments", Dic({}, key="UUID(%s)")), ("currentSpeaker", NIL),
                ("highlights", Arr()), ("lastSavedAt", NIL)])),
            ("speakers", Dic({}, key='"%s"')),
            ("notes", St(self.st("Notes"), [("text", text("")), ("isPinned", boolean(False))])),
            ("summary", St(self.st("Summary"), [("status", self.case("none", "Summary.Status")), ("progress", num(0.0)),
                                                ("text", NIL)])),
            ("destination", NIL)])

    # -- values and paths
    def uuid_arg(self, u):
        return Raw("UUID(%s)" % u if self.tca1 else u)

    def sub(self, feature, name, *args, **kw):
        return self.act(feature[0].lower() + feature[1:], A(self.at(feature), name, *args, **kw))

    def presented(self, inner):
        return self.act("destination", A("PresentationAction<%s>" % self.at("Destination"), "presented", inner))

    def rp(self, *rest):
        return ("recording",) + rest

    # -- noise
    @noise
    def partial(self, words):
        self.set(self.rp("partial"), text(words))
        return self.sub("Recognizer", "partialResult", q(words))

    @noise
    def level(self, avg, peak):
        self.set(self.rp("meter"), St("AudioLevel", [("average", num(avg)), ("peak", num(peak))]))
        return self.sub("Meter", "levelUpdated", Struct("AudioLevel", [("average", Raw(repr(avg))),
                                                                       ("peak", Raw(repr(peak)))]))

    @noise
    def clock(self):
        self.seconds += 1
        self.set(self.rp("durationSeconds"), num(self.seconds))
        return self.act("recordingTimerTicked")

    # reason: a debounced effect the app fires itself a few seconds after the speech (or the
    # recording) stops; it only stamps the save time
    @noise
    def autosaved(self):
        self.set(self.rp("lastSavedAt"), self.date())
        return self.sub("Autosave", "saveResponse", self.result("Date", True, Raw(
            "Date(%s)" % self.date().cd[5:-1] if self.tca1 else self.date().cd)))

    @noise
    def summary_progress(self, p):
        self.set(("summary", "progress"), num(p))
        return self.sub("Summary", "progressUpdated", Raw(repr(p)))

    @noise
    def sync_progress(self, p):
        self.set(("library", "syncProgress"), num(p))
        return self.act("library", A(self.at("Library"), "cloudSync", A(self.at("CloudSync"), "progressUpdated",
                                                                         Raw(repr(p)))))

    @noise
    def export_progress(self, p):
        return self.sub("Export", "progressUpdated", Raw(repr(p)))

    # -- either
    # reason: the notes field, one record per keystroke
    @either
    def note_typed(self, value):
        self.notes = value
        self.set(("notes", "text"), text(value))
        return self.act("notes", self.binding("Notes", "text", q(value)))

    # reason: the speaker's name typed in the rename sheet, one record per keystroke
    @either
    def name_typed(self, value):
        self.set(("destination", ("e", "renameSpeaker"), "name"), text(value))
        return self.presented(A(self.at("Destination"), "renameSpeaker", self.binding("RenameSpeaker", "name", q(value))))

    # -- signal
    @signal
    def library_task(self):
        self.set(("library", "isLoading"), boolean(True))
        return self.sub("Library", "task")

    @signal
    def library_loaded(self):
        self.set(("library", "isLoading"), boolean(False))
        for title, secs in PAST[:self.rng.randint(4, len(PAST))]:
            self.add_recording(title, secs)
        return self.sub("Library", "recordingsResponse", self.result("[Recording]", True, Struct("RecordingsPage", [
            ("count", Raw(str(len(self.recordings)))), ("source", Raw(".local"))])))

    def add_recording(self, title, secs):
        u = self.uid()
        self.recordings.append(u)
        self.put(("library", "recordings"), u, St("Recording", [("id", self.uuid_value(u)), ("title", text(title)),
                                                               ("durationSeconds", num(secs)),
                                                               ("isSynced", boolean(False))]))

    # reason: the end of the cloud sync: the library's rows change their synced flag
    @signal
    def sync_completed(self, uploaded):
        self.set(("library", "syncProgress"), NIL)
        self.set(("library", "lastSyncedAt"), self.date())
        for u in self.recordings:
            self.set(("library", "recordings", ("k", u), "isSynced"), boolean(True))
        return self.act("library", A(self.at("Library"), "cloudSync", A(self.at("CloudSync"), "completed", Struct(
            "SyncSummary", [("uploaded", Raw(str(uploaded))), ("downloaded", Raw("0"))]))))

    @signal
    def recording_tapped(self, u):
        self.set(("destination",), En(self.st("Destination"), "recordingDetail", St(self.st("RecordingDetail"), [
            ("recordingID", self.uuid_value(u)), ("isPlaying", boolean(False))])))
        return self.act("library", A(self.at("Library"), "recordings", self.element(
            "RecordingRow", self.uuid_arg(u), A(self.at("RecordingRow"), "tapped"))))

    @signal
    def new_tapped(self):
        return self.sub("Library", "newRecordingButtonTapped")

    @signal
    def permission(self):
        return self.act("microphonePermissionResponse", Raw("true"))

    @signal
    def started(self):
        self.status = "recording"
        self.set(self.rp("status"), self.case("recording", "Recording.Status"))
        return self.sub("Recording", "recordingStarted", self.result("RecordingSession", True, Struct(
            "RecordingSession", [("sampleRate", Raw("48000.0")), ("locale", q("en-US"))])))

    @signal
    def pause_tapped(self):
        self.status = "paused"
        self.set(self.rp("status"), self.case("paused", "Recording.Status"))
        self.set(self.rp("meter"), St("AudioLevel", [("average", num(-160.0)), ("peak", num(-160.0))]))
        return self.sub("Recording", "pauseButtonTapped")

    @signal
    def resume_tapped(self):
        self.status = "recording"
        self.set(self.rp("status"), self.case("recording", "Recording.Status"))
        return self.sub("Recording", "resumeButtonTapped")

    @signal
    def interruption(self, began):
        self.status = "paused" if began else "recording"
        self.set(self.rp("status"), self.case(self.status, "Recording.Status"))
        return self.act("audioSession", A(self.at("AudioSession"), "interruptionBegan" if began else "interruptionEnded"))

    @signal
    def stop_tapped(self):
        self.status = "stopped"
        self.set(self.rp("status"), self.case("stopped", "Recording.Status"))
        self.set(self.rp("partial"), text(""))
        return self.sub("Recording", "stopButtonTapped")

    # reason: a new segment with its own id, at the speaker's pace, not a timer: the transcript's content
    @signal
    def final(self, sentence, speaker):
        u = self.uid()
        self.segments.append(u)
        self.set(self.rp("partial"), text(""))
        start = max(0, self.seconds - len(sentence.split()) // 2)
        self.put(self.rp("segments"), u, St("Segment", [("id", self.uuid_value(u)), ("speaker", text(speaker)),
                                                       ("text", text(sentence)), ("startSeconds", num(start))]))
        return self.sub("Recognizer", "finalResult", Struct("TranscriptSegment", [
            ("id", Raw("UUID(%s)" % u)), ("speaker", Raw('SpeakerID(rawValue: "%s")' % speaker)), ("text", q(sentence))]))

    # reason: the diarizer's event: a different voice, at irregular times; it inserts speakers
    @signal
    def speaker_changed(self, speaker):
        self.speaker = speaker
        self.set(self.rp("currentSpeaker"), text(speaker))
        if speaker not in self.names:
            self.names[speaker] = "Speaker %s" % speaker[1:]
            self.put(("speakers",), speaker, St("Speaker", [("id", text(speaker)), ("name", text(self.names[speaker]))]))
        return self.sub("Diarizer", "speakerChanged", Raw('SpeakerID(rawValue: "%s")' % speaker))

    @signal
    def highlight(self):
        self.append(self.rp("highlights"), St("Highlight", [("atSeconds", num(self.seconds)),
                                                            ("segmentID", self.uuid_value(self.segments[-1]) if self.segments else NIL)]))
        return self.sub("Recording", "highlightButtonTapped")

    @signal
    def pin(self, on):
        self.set(("notes", "isPinned"), boolean(on))
        return self.act("notes", self.binding("Notes", "isPinned", Raw("true" if on else "false")))

    @signal
    def rename_tapped(self, speaker):
        self.set(("destination",), En(self.st("Destination"), "renameSpeaker", St(self.st("RenameSpeaker"), [
            ("speakerID", text(speaker)), ("name", text(""))])))
        return self.act("speakers", self.element("SpeakerRow", q(speaker), A(self.at("SpeakerRow"), "renameTapped")))

    @signal
    def rename_saved(self, speaker, name):
        self.names[speaker] = name
        self.set(("speakers", ("k", speaker), "name"), text(name))
        self.set(("destination",), NIL)
        return self.presented(A(self.at("Destination"), "renameSpeaker", A(self.at("RenameSpeaker"), "saveButtonTapped")))

    @signal
    def dismiss(self):
        self.set(("destination",), NIL)
        return self.act("destination", A("PresentationAction<%s>" % self.at("Destination"), "dismiss"))

    @signal
    def summarize_tapped(self):
        self.set(("summary", "status"), self.case("generating", "Summary.Status"))
        return self.sub("Summary", "summarizeButtonTapped")

    @signal
    def summary_done(self):
        body = "Ship onboarding before the holidays; beta of 200 from the waitlist; Android slips to January."
        self.set(("summary", "status"), self.case("ready", "Summary.Status"))
        self.set(("summary", "progress"), num(1.0))
        self.set(("summary", "text"), text(body))
        return self.sub("Summary", "summaryResponse", self.result("MeetingSummary", True, Struct("MeetingSummary", [
            ("actionItems", Raw("3")), ("text", q(body))])))

    @signal
    def share_tapped(self):
        return self.act("shareButtonTapped")

    @signal
    def exported(self):
        self.set(("destination",), En(self.st("Destination"), "share", St("ShareSheet", [
            ("url", text("file:///tmp/Meeting-%d.txt" % self.rng.randint(100, 999)))])))
        return self.sub("Export", "exportResponse", self.result("URL", True, Raw("file:///private/var/mobile/tmp/Meeting.txt")))

    @signal
    def share_completed(self, activity):
        self.set(("destination",), NIL)
        return self.presented(A(self.at("Destination"), "share", A("ShareSheet.Action" if self.tca1 else "ShareSheetAction",
                                                                   "completed", activity=q(activity))))

    @signal
    def back_to_library(self):
        self.add_recording("Meeting %s" % self.date().cd[11:16], self.seconds)
        self.set(self.rp("status"), self.case("idle", "Recording.Status"))
        return self.sub("Recording", "delegate", A("Recording.Action.Delegate" if self.tca1 else "RecordingDelegate",
                                                   "saved", Raw("UUID(%s)" % self.recordings[-1])))

    # -- processes
    def processes(self):
        return [self.periodic(self.clock, 1.0, 0.003, when=lambda: self.status == "recording"),
                self.meter_stream(), self.speech(), self.person(), self.autosaver()]

    def meter_stream(self):
        rng = self.rng
        avg = -40.0
        while True:
            yield max(0.05, rng.gauss(0.1, 0.003))
            if self.status != "recording":
                continue
            target = -22.0 if self.speaking else -48.0
            avg = avg + (target - avg) * 0.3 + rng.gauss(0, 2.0)
            self.emit(self.level, round(avg, 1), round(min(0.0, avg + rng.uniform(4, 14)), 1))

    speaking = False

    def speech(self):
        """The meeting: sentences a word at a time while recording; pauses between them."""
        rng = self.rng
        while True:
            yield rng.uniform(0.4, 3.0) if rng.random() < 0.85 else rng.uniform(6, 18)
            if self.status != "recording":
                continue
            who = self.speaker if self.speaker and rng.random() < 0.45 else rng.choice(self.speaker_ids)
            n = rng.randint(5, 24)
            words = []
            self.speaking = True
            changed = who != self.speaker
            for k in range(n):
                yield rng.uniform(0.22, 0.6)
                if self.status != "recording":
                    break
                words.append(WORDS[self.word_i % len(WORDS)])
                self.word_i += 1
                self.emit(self.partial, " ".join(words))
                if changed and k == 1:
                    yield rng.uniform(0.05, 0.3)
                    self.emit(self.speaker_changed, who)
                    changed = False
            self.speaking = False
            if words:
                yield rng.uniform(0.3, 0.9)
                if changed:
                    self.emit(self.speaker_changed, who)
                self.emit(self.final, " ".join(words).capitalize() + ".", who)
                self.save_due = self.now + 4.0

    def autosaver(self):
        while True:
            yield 0.25
            if self.save_due is not None and self.now >= self.save_due + self.rng.uniform(0, 0.2):
                self.save_due = None
                self.emit(self.autosaved)

    def type_text(self, maker, start, addition):
        rng = self.rng
        value = start
        for ch in addition:
            value += ch
            self.emit(maker, value)
            yield rng.uniform(0.09, 0.35) if ch != " " else rng.uniform(0.15, 0.6)

    def person(self):
        rng = self.rng
        yield rng.uniform(0.3, 0.7)
        self.emit(self.library_task)
        yield rng.uniform(0.5, 1.5)
        self.emit(self.library_loaded)
        yield from self.cloud_sync(0)
        yield rng.uniform(3, 10)
        if rng.random() < 0.6:
            self.emit(self.recording_tapped, rng.choice(self.recordings))
            yield rng.uniform(5, 20)
            self.emit(self.dismiss)
        yield rng.uniform(4, 15)
        self.emit(self.new_tapped)
        yield rng.uniform(0.8, 2.5)
        self.emit(self.permission)
        yield rng.uniform(0.1, 0.4)
        self.emit(self.started)
        end = self.now + rng.uniform(420, 500)
        think = self.think((5, 14), (20, 50), (60, 150), (40, 100))
        paused = 0
        renamed = 0
        interrupted = 0
        while self.now < end:
            yield next(think)
            r = rng.random()
            if r < 0.35 and self.segments:
                self.emit(self.highlight)
            elif r < 0.55:
                line = rng.choice(NOTE_LINES)
                start = self.notes + ("\n" if self.notes else "")
                yield from self.type_text(self.note_typed, start, line)
                if rng.random() < 0.2:
                    yield rng.uniform(1, 3)
                    self.emit(self.pin, self.get(("notes", "isPinned")).cd != "true")
            elif r < 0.72 and renamed < 3 and self.names:
                speaker = rng.choice([s for s in self.names if self.names[s].startswith("Speaker")] or list(self.names))
                self.emit(self.rename_tapped, speaker)
                yield rng.uniform(1.0, 2.5)
                name = rng.choice(SPEAKER_NAMES)
                yield from self.type_text(self.name_typed, "", name)
                yield rng.uniform(0.4, 1.5)
                if rng.random() < 0.9:
                    self.emit(self.rename_saved, speaker, name)
                else:
                    self.emit(self.dismiss)
                renamed += 1
            elif r < 0.84 and paused < 2:
                self.emit(self.pause_tapped)
                self.save_due = self.now + 0.5
                yield rng.uniform(8, 45)
                self.emit(self.resume_tapped)
                paused += 1
            elif r < 0.86 and interrupted < 1:         # a phone call, rarely
                interrupted += 1
                self.emit(self.interruption, True)
                yield rng.uniform(15, 60)
                self.emit(self.interruption, False)
        self.emit(self.stop_tapped)
        self.save_due = self.now + 0.3
        yield rng.uniform(2, 6)
        self.emit(self.summarize_tapped)
        p = 0.0
        while True:
            yield rng.uniform(0.4, 1.6)
            p = round(p + rng.uniform(0.04, 0.15), 2)
            if p >= 1.0:
                break
            self.emit(self.summary_progress, p)
        yield rng.uniform(0.3, 1.0)
        self.emit(self.summary_done)
        yield rng.uniform(6, 25)
        self.emit(self.share_tapped)
        for k in range(rng.randint(3, 6)):
            yield rng.uniform(0.1, 0.3)
            self.emit(self.export_progress, round((k + 1) * 0.16, 2))
        yield rng.uniform(0.1, 0.3)
        self.emit(self.exported)
        yield rng.uniform(3, 10)
        self.emit(self.share_completed, rng.choice(("com.apple.UIKit.activity.Mail", "com.apple.UIKit.activity.AirDrop",
                                                    "com.tinyspeck.chatlyio.share")))
        yield rng.uniform(2, 6)
        self.emit(self.back_to_library)
        yield rng.uniform(1, 3)
        yield from self.cloud_sync(1)
        while True:
            yield self.expo(30.0)
            self.emit(self.recording_tapped, rng.choice(self.recordings))
            yield rng.uniform(5, 30)
            self.emit(self.dismiss)

    def cloud_sync(self, uploaded):
        rng = self.rng
        p = 0.0
        while True:
            yield rng.uniform(0.2, 0.6)
            p = round(p + rng.uniform(0.03, 0.12), 2)
            if p >= 1.0:
                break
            self.emit(self.sync_progress, p)
        yield rng.uniform(0.1, 0.4)
        self.emit(self.sync_completed, uploaded)


APPS = {"drone": Drone, "kitchen": Kitchen, "transcribe": Transcribe}
