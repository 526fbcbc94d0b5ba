"""author-y's apps: three simulated TCA apps with their labels, written blind to any classifier.

garden: a smart garden irrigation app talking to a hub in the garden shed. Battery-powered soil
sensors in each zone report moisture, soil temperature and battery every 30-60 s each (a sensor
sometimes drops off the radio and comes back), the hub samples the mains flow meter once a second
and sends a heartbeat, the weather forecast loads when the app opens or comes back to the
foreground. The person opens a zone (a stack push), sets a run length and starts or stops
watering; the valve's response comes from the hub and the zone's flow rate streams every second
while its valve is open, with a local countdown of the run. The hub also starts scheduled runs on
its own. Schedules are edited in a sheet (a name field, a time wheel, weekday chips, a duration
stepper, zone toggles, save with the server's response). A water-usage chart loads on its tab and
is scrubbed with a finger. The hub's connection drops and comes back, a firmware update is
installed with progress, and a leak on the main line raises an alert the person answers by
shutting the main valve.

trivia: a live multiplayer trivia game show. The lobby counts down to the show each second while
the live player count is pushed every second, the prize pot grows, other players' emoji
reactions stream in and the host's live captions grow word by word. At the show's start each
question arrives from the host, a 10-second countdown ring ticks at 10 Hz, the player taps an
answer (the server acknowledges it), the answer locks when the time is up, the server reveals the
correct answer with the share of players per answer, then reports how many were eliminated. A
wrong answer offers an extra life (use it or decline); an eliminated player keeps watching. After
every round of four questions the leaderboard loads; the show ends with the winners and the
player's winnings. A websocket ping keeps the connection alive and it reconnects once in a while.

tuner: a music practice app. While the microphone listens on the tuner screen, a pitch detector
reports the note and cents offset about 20 times a second (once "nil" when the sound dies) and an
input level meter updates 20 times a second; as the person brings a string into tune the app marks
it tuned. A metronome ticks at the tempo, its beat index cycling through the bar; the tempo is set
with a slider (a drag) or tap tempo. The person switches instruments, tuning presets and the
reference pitch, records a practice take (the elapsed time ticks each second, its own meter
running), plays it back (position every quarter second, a scrub bar), and logs the practice
session to the server from a form (minutes, focus, notes). The streak loads at launch and a streak
reminder notification arrives; the app goes to the background now and then.
"""

from tcasim import A, App, Arr, Dic, En, NIL, Raw, St, Struct, boolean, either, noise, num, q, signal, text

AUTHOR = "author-y"


class Base(App):
    """Helpers shared by the three apps."""

    def uuid_arg(self, u):
        return Raw("UUID(%s)" % u if self.tca1 else u)

    def root_binding(self, field, value):
        st = self.state.t
        return self.act("binding", A("BindingAction<%s>" % st.replace(".", ""), "set",
                                     Raw("\\%s.$%s" % (st, field)), value))

    def dot(self, name):
        return Raw("." + name)

    def fl(self, x, nd=1):
        return Raw(repr(round(x, nd)))

    def scene(self, phase):
        self.set(("scenePhase",), self.case(phase, "ScenePhase"))
        return self.act("scenePhaseChanged", A("ScenePhase", phase))

    def presented(self, dest_feature, case, inner):
        return A("PresentationAction<%s>" % self.at(dest_feature), "presented", A(self.at(dest_feature), case, inner))

    def dismissed(self, dest_feature):
        return A("PresentationAction<%s>" % self.at(dest_feature), "dismiss")


# ================================================================================= garden

ZONES = ["Front lawn", "Back lawn", "Vegetable beds", "Roses", "Herb planter", "Greenhouse", "Hedge drip line"]
SCHEDULES = [("Early lawns", 5, 30), ("Veg evening", 19, 0), ("Greenhouse mist", 12, 15), ("Roses deep soak", 6, 45)]
WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
NAME_EDITS = ["Lawns before work", "Veg beds dusk", "Hot day top-up", "Weekend soak"]


class Garden(Base):
    name = "garden"
    module = "Garden"
    process = "Garden"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        Base.__init__(self, session)
        rng = self.rng
        n = rng.randint(5, 7)
        self.zids = [self.uid() for _ in range(n)]
        self.info = {}
        zones = []
        for i, z in enumerate(self.zids):
            m, t, b = rng.uniform(17, 40), rng.uniform(14, 21), rng.uniform(11, 98)
            self.info[z] = {"name": ZONES[i], "m": m, "t": t, "b": b, "online": True, "open": False, "flow": 0.0,
                            "nominal": rng.uniform(6, 22), "remaining": 0, "stop": False}
            zones.append(St(self.st("Zone"), [
                ("id", self.uuid_value(z)), ("name", text(ZONES[i])), ("moisture", num(round(m, 1))),
                ("soilTemperature", num(round(t, 1))), ("battery", num(int(b))), ("sensorOnline", boolean(True)),
                ("lastReportAt", self.date(-rng.uniform(5, 60))), ("valve", self.case("closed", "Zone.Valve")),
                ("flowRate", num(0.0)), ("remainingSeconds", NIL)]))
        # the app opens while the evening schedule is watering one zone (20:00 in Melbourne)
        self.z0 = rng.choice(self.zids)
        i0 = self.zids.index(self.z0)
        self.info[self.z0].update(open=True, remaining=rng.randint(240, 540))
        zones[i0].f["valve"] = self.case("open", "Zone.Valve")
        zones[i0].f["remainingSeconds"] = num(self.info[self.z0]["remaining"])
        self.sids = [self.uid() for _ in SCHEDULES]
        self.hub_connected = True
        self.base_pressure = rng.uniform(280, 360)
        self.pressure = self.base_pressure
        self.leak = 0.0
        self.mains_open = True
        self.updating = False
        self.stack = {}        # stack id -> zone id
        self.stack_n = 0
        self.active = True
        self.tab = "zones"
        self.editor = None
        self.state = St(self.st("AppFeature"), [
            ("selectedTab", self.case("zones", "AppFeature.Tab")),
            ("zones", Arr(zones)),
            ("hub", St(self.st("Hub"), [("connection", self.case("connected", "Hub.Connection")),
                                        ("lastSeenAt", self.date(0)), ("mainsFlow", num(0.0)), ("linePressure", NIL),
                                        ("mainValveOpen", boolean(True)), ("firmwareVersion", text("3.1.4")),
                                        ("availableFirmware", NIL), ("update", NIL)])),
            ("forecast", St(self.st("Forecast"), [("isLoading", boolean(False)), ("days", Arr()),
                                                  ("fetchedAt", NIL)])),
            ("schedules", St(self.st("Schedules"), [("items", Arr()), ("isLoading", boolean(True))])),
            ("usage", St(self.st("Usage"), [("range", self.case("week", "Usage.Range")), ("isLoading", boolean(False)),
                                            ("bars", Arr()), ("totalLiters", NIL), ("selectedDay", NIL)])),
            ("alerts", Arr()),
            ("path", Dic(quoted=False, ordered=True)),
            ("destination", NIL),
            ("alert", NIL),
            ("scenePhase", self.case("active", "ScenePhase"))])

    # -- paths
    def zpath(self, z, *rest):
        return ("zones", ("i", self.zids.index(z))) + rest

    def zone(self, z, case, *a, **k):
        return self.act("zones", self.element("Zone", self.uuid_arg(z), A(self.at("Zone"), case, *a, **k)))

    def hub(self, case, *a, **k):
        return self.act("hub", A(self.at("Hub"), case, *a, **k))

    def detail(self, sid, case, *a, **k):
        return self.detail_in(sid, A(self.at("ZoneDetail"), case, *a, **k))

    def detail_in(self, sid, inner):
        inner = A(self.at("Path"), "zoneDetail", inner)
        return self.act("path", A("StackAction<%s, %s>" % (self.st("Path"), self.at("Path")), "element",
                                  id=Raw(sid), action=inner))

    def dpath(self, sid, *rest):
        return ("path", ("k", sid), ("e", "zoneDetail")) + rest

    def editor_act(self, case, *a, **k):
        return self.editor_in(A(self.at("ScheduleEditor"), case, *a, **k))

    def editor_in(self, inner):
        return self.act("destination", self.presented("Destination", "scheduleEditor", inner))

    def epath(self, *rest):
        return ("destination", ("e", "scheduleEditor")) + rest

    def schedule_state(self, i, sid):
        name, h, m = SCHEDULES[i]
        zones = [self.info[z]["name"] for z in self.rng.sample(self.zids, self.rng.randint(1, 3))]
        days = sorted(self.rng.sample(range(7), self.rng.randint(2, 6)))
        return St(self.st("Schedule"), [
            ("id", self.uuid_value(sid)), ("name", text(name)), ("startTime", text("%02d:%02d" % (h, m))),
            ("weekdays", text(",".join(WEEKDAYS[d] for d in days))), ("durationMinutes", num(self.rng.choice([5, 8, 10, 15, 20]))),
            ("zones", text(", ".join(zones))), ("skipIfRain", boolean(self.rng.random() < 0.6)),
            ("isEnabled", boolean(self.rng.random() < 0.85))])

    # -- noise
    @noise
    def sensor_reported(self, z):
        inf = self.info[z]
        inf["m"] = max(5.0, min(60.0, inf["m"] + (self.rng.uniform(0.6, 2.2) if inf["open"] else self.rng.uniform(-0.25, 0.05))))
        inf["t"] += self.rng.uniform(-0.3, 0.35)
        inf["b"] = max(1.0, inf["b"] - self.rng.uniform(0.0, 0.04))
        self.set(self.zpath(z, "moisture"), num(round(inf["m"], 1)))
        self.set(self.zpath(z, "soilTemperature"), num(round(inf["t"], 1)))
        self.set(self.zpath(z, "battery"), num(int(inf["b"])))
        self.set(self.zpath(z, "lastReportAt"), self.date())
        return self.zone(z, "sensorReported", Struct("SensorReading", [
            ("moisture", self.fl(inf["m"])), ("temperature", self.fl(inf["t"])), ("battery", Raw(str(int(inf["b"]))))]))

    @noise
    def flow_meter(self):
        flow = sum(self.info[z]["flow"] for z in self.zids) + (self.leak if self.mains_open else 0.0)
        self.pressure = max(180.0, min(420.0, self.pressure + self.rng.gauss(0, 1.5) - 0.8 * flow / 10.0
                                       + 0.05 * (self.base_pressure - self.pressure)))
        self.set(("hub", "mainsFlow"), num(round(flow, 1)))
        self.set(("hub", "linePressure"), num(round(self.pressure, 1)))
        return self.hub("telemetryReceived", Struct("HubTelemetry", [
            ("flowLitersPerMinute", self.fl(flow)), ("pressureKPa", self.fl(self.pressure))]))

    @noise
    def heartbeat(self):
        self.set(("hub", "lastSeenAt"), self.date())
        return self.hub("heartbeatReceived")

    # reason: a measurement streamed each second while a valve is open; the person started the run, not each reading
    @noise
    def zone_flow(self, z):
        inf = self.info[z]
        if not inf["open"]:
            return None
        inf["flow"] = max(0.0, inf["nominal"] + self.rng.gauss(0, 0.35))
        self.set(self.zpath(z, "flowRate"), num(round(inf["flow"], 1)))
        return self.zone(z, "flowRateUpdated", litersPerMinute=self.fl(inf["flow"]))

    @noise
    def run_ticked(self, z):
        inf = self.info[z]
        if not inf["open"]:
            return None
        inf["remaining"] = max(0, inf["remaining"] - 1)
        self.set(self.zpath(z, "remainingSeconds"), num(inf["remaining"]))
        return self.zone(z, "runTimerTicked")

    @noise
    def firmware_progress(self, p):
        self.set(("hub", "update"), St(self.st("FirmwareUpdate"), [("version", text("3.2.0")), ("progress", num(p))]))
        return self.hub("firmwareProgress", self.fl(p, 2))

    # reason: a finger dragging across the chart streams the day under it (a gesture's one number)
    @noise
    def chart_scrubbed(self, day):
        self.set(("usage", "selectedDay"), num(day))
        return self.act("usage", A(self.at("Usage"), "chartScrubbed", day=Raw(str(day))))

    # -- either
    # reason: the schedule's name field, a keystroke each (either by LABELS.md)
    @either
    def editor_name(self, value):
        self.set(self.epath("name"), text(value))
        return self.editor_in(self.binding("ScheduleEditor", "name", q(value)))

    # -- signal
    @signal
    def task(self):
        self.set(("forecast", "isLoading"), boolean(True))
        return self.act("task")

    @signal
    def scene_phase(self, phase):
        if phase == "active":
            self.set(("forecast", "isLoading"), boolean(True))
        return self.scene(phase)

    # reason: loads on launch and on every return to the foreground, a response to that, new content each time
    @signal
    def forecast_response(self):
        days = []
        for d in range(5):
            hi = self.rng.uniform(19, 33)
            days.append(St("ForecastDay", [("date", self.date(86400 * d)), ("high", num(round(hi, 1))),
                                           ("low", num(round(hi - self.rng.uniform(7, 13), 1))),
                                           ("rainChance", num(self.rng.choice([0, 5, 10, 20, 40, 60, 80])))]))
        self.set(("forecast", "days"), Arr(days))
        self.set(("forecast", "isLoading"), boolean(False))
        self.set(("forecast", "fetchedAt"), self.date())
        return self.act("forecastResponse", self.result("[ForecastDay]", True, Struct("Forecast", [
            ("location", q("Melbourne VIC")), ("days", Raw("5"))])))

    @signal
    def schedules_response(self):
        self.set(("schedules", "items"), Arr(self.schedule_state(i, s) for i, s in enumerate(self.sids)))
        self.set(("schedules", "isLoading"), boolean(False))
        return self.act("schedules", A(self.at("Schedules"), "schedulesResponse", self.result(
            "[Schedule]", True, Struct("ScheduleList", [("count", Raw(str(len(self.sids))))]))))

    @signal
    def firmware_check(self):
        self.set(("hub", "availableFirmware"), text("3.2.0"))
        return self.hub("firmwareCheckResponse", self.result("FirmwareInfo", True, Struct("FirmwareInfo", [
            ("current", q("3.1.4")), ("available", q("3.2.0")), ("notes", q("Faster valve response, leak sensitivity"))])))

    @signal
    def tab_selected(self, tab):
        self.tab = tab
        self.set(("selectedTab",), self.case(tab, "AppFeature.Tab"))
        return self.root_binding("selectedTab", self.dot(tab))

    # reason: a sensor dropping off the radio (or coming back) is a connection event the reader must see, though the machine sends it
    @signal
    def sensor_connectivity(self, z, online):
        self.info[z]["online"] = online
        self.set(self.zpath(z, "sensorOnline"), boolean(online))
        return self.zone(z, "sensorConnectivityChanged", isOnline=Raw("true" if online else "false"))

    @signal
    def connection_changed(self, status):
        self.set(("hub", "connection"), self.case(status, "Hub.Connection"))
        return self.hub("connectionChanged", A("HubConnection", status))

    # reason: a valve opening or closing changes a zone's status, whether the person, a schedule or the run's end caused it
    @signal
    def valve_changed(self, z, is_open, source, minutes=0):
        inf = self.info[z]
        inf["open"] = is_open
        if is_open:
            inf["remaining"] = minutes * 60
            inf["flow"] = 0.0
            self.set(self.zpath(z, "valve"), self.case("open", "Zone.Valve"))
            self.set(self.zpath(z, "remainingSeconds"), num(minutes * 60))
        else:
            inf["flow"] = 0.0
            self.set(self.zpath(z, "valve"), self.case("closed", "Zone.Valve"))
            self.set(self.zpath(z, "remainingSeconds"), NIL)
            self.set(self.zpath(z, "flowRate"), num(0.0))
        return self.zone(z, "valveChanged", Struct("ValveEvent", [
            ("isOpen", Raw("true" if is_open else "false")), ("source", self.dot(source))]))

    @signal
    def push_detail(self, z):
        self.stack_n += 1
        sid = "#%d" % self.stack_n
        self.stack[sid] = z
        self.set(("path",), Dic(dict(list(self.get(("path",)).d.items()) + [(sid, En(self.st("Path"), "zoneDetail", St(
            self.st("ZoneDetail"), [("zoneID", self.uuid_value(z)), ("durationMinutes", num(10)),
                                    ("history", NIL), ("isRequesting", boolean(False))])))]), quoted=False, ordered=True))
        return self.act("path", A("StackAction<%s, %s>" % (self.st("Path"), self.at("Path")), "push", id=Raw(sid),
                                  state=A(self.st("Path"), "zoneDetail", Struct(self.st("ZoneDetail"), [
                                      ("zoneID", self.uuid_arg(z)), ("durationMinutes", Raw("10"))]))))

    @signal
    def pop_detail(self, sid):
        d = self.get(("path",)).d
        self.set(("path",), Dic({k: v for k, v in d.items() if k != sid}, quoted=False, ordered=True))
        self.stack.pop(sid, None)
        return self.act("path", A("StackAction<%s, %s>" % (self.st("Path"), self.at("Path")), "popFrom", id=Raw(sid)))

    @signal
    def history_response(self, sid):
        if sid not in self.stack:
            return None
        m = self.info[self.stack[sid]]["m"]
        pts = [round(m + self.rng.uniform(-6, 9), 1) for _ in range(7)]
        self.set(self.dpath(sid, "history"), Arr(num(p) for p in pts))
        return self.detail(sid, "historyResponse", self.result("[Double]", True, Raw(repr(pts))))

    @signal
    def duration_set(self, sid, minutes):
        self.set(self.dpath(sid, "durationMinutes"), num(minutes))
        return self.detail_in(sid, self.binding("ZoneDetail", "durationMinutes", Raw(str(minutes))))

    @signal
    def start_tapped(self, sid):
        self.set(self.dpath(sid, "isRequesting"), boolean(True))
        return self.detail(sid, "startWateringTapped")

    @signal
    def stop_tapped(self, sid):
        self.set(self.dpath(sid, "isRequesting"), boolean(True))
        return self.detail(sid, "stopWateringTapped")

    @signal
    def valve_response(self, sid, ok, is_open):
        if sid not in self.stack:
            return None
        self.set(self.dpath(sid, "isRequesting"), boolean(False))
        payload = Struct("ValveState", [("isOpen", Raw("true" if is_open else "false"))]) if ok else \
            Struct("HubError", [("code", Raw("504")), ("message", q("Valve did not respond"))])
        return self.detail(sid, "valveResponse", self.result("ValveState", ok, payload))

    @signal
    def schedule_tapped(self, i):
        s = self.get(("schedules", "items")).items[i]
        st = St(self.st("ScheduleEditor"), [(k, s.f[k]) for k in ("id", "name", "startTime", "weekdays",
                                                                    "durationMinutes", "zones", "skipIfRain")] +
                [("isSaving", boolean(False))])
        self.set(("destination",), En(self.st("Destination"), "scheduleEditor", st))
        self.editor = i
        return self.act("schedules", A(self.at("Schedules"), "rowTapped", id=self.uuid_arg(self.sids[i])))

    @signal
    def schedule_enabled(self, i, on):
        self.set(("schedules", "items", ("i", i), "isEnabled"), boolean(on))
        return self.act("schedules", A(self.at("Schedules"), "enabledToggled", id=self.uuid_arg(self.sids[i]),
                                       isOn=Raw("true" if on else "false")))

    # reason: a time wheel sets the value once per settle, each one a choice the person made
    @signal
    def editor_time(self, h, m):
        self.set(self.epath("startTime"), text("%02d:%02d" % (h, m)))
        ts = "2026-11-21T%02d:%02d:00.000Z" % (h, m) if self.tca1 else "2026-11-21 %02d:%02d:00 +0000" % (h, m)
        return self.editor_in(self.binding("ScheduleEditor", "startTime",
                                                       Raw("Date(%s)" % ts if self.tca1 else ts)))

    @signal
    def editor_duration(self, minutes):
        self.set(self.epath("durationMinutes"), num(minutes))
        return self.editor_in(self.binding("ScheduleEditor", "durationMinutes", Raw(str(minutes))))

    @signal
    def editor_skip(self, on):
        self.set(self.epath("skipIfRain"), boolean(on))
        return self.editor_in(self.binding("ScheduleEditor", "skipIfRain", Raw("true" if on else "false")))

    @signal
    def editor_weekday(self, d):
        days = self.get(self.epath("weekdays")).df.split(",") if self.get(self.epath("weekdays")).df else []
        days = [x for x in days if x]
        if WEEKDAYS[d] in days:
            days.remove(WEEKDAYS[d])
        else:
            days.append(WEEKDAYS[d])
        days.sort(key=WEEKDAYS.index)
        self.set(self.epath("weekdays"), text(",".join(days)))
        return self.editor_act("weekdayToggled", Raw(str(d + 1)))

    @signal
    def editor_zone(self, z):
        names = [x for x in self.get(self.epath("zones")).df.split(", ") if x]
        n = self.info[z]["name"]
        names = [x for x in names if x != n] if n in names else names + [n]
        self.set(self.epath("zones"), text(", ".join(names)))
        return self.editor_act("zoneToggled", id=self.uuid_arg(z))

    @signal
    def editor_save(self):
        self.set(self.epath("isSaving"), boolean(True))
        return self.editor_act("saveButtonTapped")

    @signal
    def editor_saved(self, ok):
        if self.editor is None:
            return None
        if ok:
            return self.editor_act("saveResponse", self.result("Schedule", True, Struct("Schedule", [
                ("id", self.uuid_arg(self.sids[self.editor])), ("revision", Raw(str(self.rng.randint(2, 40))))])))
        self.set(self.epath("isSaving"), boolean(False))
        return self.editor_act("saveResponse", self.result("Schedule", False, Struct("APIError", [
            ("status", Raw("503")), ("message", q("Hub unreachable, try again"))])))

    @signal
    def editor_delegate(self):
        ed = self.get(self.epath())
        i = self.editor
        s = self.get(("schedules", "items")).items[i]
        new = St(s.t, [(k, ed.f.get(k, s.f[k])) for k in s.f])
        self.set(("schedules", "items", ("i", i)), new)
        self.set(("destination",), NIL)
        self.editor = None
        return self.editor_act("delegate", A(self.at("ScheduleEditor") + ".Delegate" if self.tca1 else "ScheduleEditorDelegate",
                                             "saved", id=self.uuid_arg(self.sids[i])))

    @signal
    def editor_dismiss(self):
        self.set(("destination",), NIL)
        self.editor = None
        return self.act("destination", self.dismissed("Destination"))

    # reason: the usage tab's .task, sent one-for-one after the person's tab tap
    @signal
    def usage_task(self):
        self.set(("usage", "isLoading"), boolean(True))
        return self.act("usage", A(self.at("Usage"), "task"))

    @signal
    def usage_range(self, r):
        self.set(("usage", "range"), self.case(r, "Usage.Range"))
        self.set(("usage", "isLoading"), boolean(True))
        return self.act("usage", self.binding("Usage", "range", self.dot(r)))

    @signal
    def usage_response(self):
        r = self.get(("usage", "range")).cd[1:]
        n = {"week": 7, "month": 30, "season": 13}[r]
        bars = [round(self.rng.uniform(40, 900), 0) for _ in range(n)]
        self.set(("usage", "bars"), Arr(num(b) for b in bars))
        self.set(("usage", "totalLiters"), num(sum(bars)))
        self.set(("usage", "isLoading"), boolean(False))
        return self.act("usage", A(self.at("Usage"), "usageResponse", self.result("UsageReport", True, Struct(
            "UsageReport", [("range", self.dot(r)), ("bars", Raw(str(n))), ("totalLiters", Raw(repr(sum(bars))))]))))

    @signal
    def scrub_ended(self):
        self.set(("usage", "selectedDay"), NIL)
        return self.act("usage", A(self.at("Usage"), "chartScrubEnded"))

    @signal
    def update_tapped(self):
        self.updating = True
        self.set(("hub", "update"), St(self.st("FirmwareUpdate"), [("version", text("3.2.0")), ("progress", num(0.0))]))
        return self.hub("installFirmwareTapped")

    @signal
    def update_finished(self):
        self.updating = False
        self.set(("hub", "update"), NIL)
        self.set(("hub", "firmwareVersion"), text("3.2.0"))
        self.set(("hub", "availableFirmware"), NIL)
        return self.hub("firmwareUpdateFinished", self.result("FirmwareInfo", True, Struct("FirmwareInfo", [
            ("version", q("3.2.0"))])))

    @signal
    def leak_detected(self, flow):
        aid = self.uid()
        self.append(("alerts",), St("GardenAlert", [("id", self.uuid_value(aid)), ("kind", self.case("leak", "GardenAlert.Kind")),
                                                    ("flow", num(round(flow, 1))), ("at", self.date())]))
        self.set(("alert",), St("AlertState<AppFeature.Action.Alert>", [("title", text("Possible leak on the main line"))]))
        return self.hub("leakDetected", Struct("LeakAlert", [("id", self.uuid_arg(aid)), ("litersPerMinute", self.fl(flow)),
                                                              ("minutes", Raw(str(self.rng.randint(2, 4))))]))

    @signal
    def shut_main_tapped(self):
        self.set(("alert",), NIL)
        return self.act("alert", A("PresentationAction<%s>" % self.at("Alert"), "presented",
                                   A(self.at("Alert"), "shutOffMainValve")))

    @signal
    def main_valve_response(self):
        self.mains_open = False
        self.leak = 0.0
        self.set(("hub", "mainValveOpen"), boolean(False))
        return self.hub("mainValveResponse", self.result("ValveState", True, Struct("ValveState", [("isOpen", Raw("false"))])))

    # -- processes
    def processes(self):
        ps = [self.launch(), self.periodic(self.flow_meter, 1.0, 0.03, when=lambda: self.hub_connected),
              self.periodic(self.heartbeat, 20.0, 0.5, when=lambda: self.hub_connected),
              self.run_valve(self.z0, 0), self.dropouts(), self.hub_link(), self.leak_proc(), self.scheduled_runs(), self.lifecycle(), self.person()]
        for z in self.zids:
            ps.append(self.periodic(self.sensor_reported, self.rng.uniform(30, 60), 2.0, args=(z,),
                                    when=lambda z=z: self.info[z]["online"] and self.hub_connected))
        return ps

    def launch(self):
        yield 0.15
        self.emit(self.task)
        yield self.rng.uniform(0.2, 0.6)
        self.emit(self.schedules_response)
        yield self.rng.uniform(0.1, 0.8)
        self.emit(self.forecast_response)
        yield self.rng.uniform(0.3, 1.5)
        self.emit(self.firmware_check)

    def lifecycle(self):
        rng = self.rng
        while True:
            yield rng.uniform(150, 330)
            self.active = False
            self.emit(self.scene_phase, "inactive")
            yield rng.uniform(0.3, 0.8)
            self.emit(self.scene_phase, "background")
            yield rng.uniform(20, 90)
            self.emit(self.scene_phase, "active")
            self.active = True
            yield rng.uniform(0.4, 1.5)
            self.emit(self.forecast_response)

    def dropouts(self):
        rng = self.rng
        while True:
            yield self.expo(210)
            z = rng.choice(self.zids)
            if self.info[z]["online"] and self.hub_connected:
                self.emit(self.sensor_connectivity, z, False)
                self.spawn(self._back_online(z), rng.uniform(50, 260))

    def _back_online(self, z):
        while not self.hub_connected:
            yield 5
        self.emit(self.sensor_connectivity, z, True)
        yield self.rng.uniform(0.5, 3)
        self.emit(self.sensor_reported, z)

    def hub_link(self):
        rng = self.rng
        while True:
            yield rng.uniform(200, 420)
            if self.updating:
                continue
            self.hub_connected = False
            self.emit(self.connection_changed, "reconnecting")
            yield rng.uniform(4, 35)
            self.hub_connected = True
            self.emit(self.connection_changed, "connected")

    def leak_proc(self):
        rng = self.rng
        yield rng.uniform(180, 560)
        self.leak = rng.uniform(2.2, 4.5)
        yield rng.uniform(60, 120)
        while not self.hub_connected:
            yield 3
        self.emit(self.leak_detected, self.leak)
        yield rng.uniform(4, 25)
        self.emit(self.shut_main_tapped)
        yield rng.uniform(0.6, 2.5)
        self.emit(self.main_valve_response)

    def run_valve(self, z, minutes):
        """An open valve: the hub's flow stream and the local countdown, each second, until it closes."""
        inf = self.info[z]
        inf["stop"] = False
        yield self.rng.uniform(0.8, 1.5)
        t = 0
        while inf["open"] and not inf["stop"] and inf["remaining"] > 0:
            if self.hub_connected:
                self.emit(self.zone_flow, z)
            yield self.rng.uniform(0.05, 0.15)
            self.emit(self.run_ticked, z)
            yield 1.0 - 0.1 + self.rng.uniform(-0.01, 0.01)
            t += 1
        if inf["open"] and not inf["stop"]:
            self.emit(self.valve_changed, z, False, "timer")

    def scheduled_runs(self):
        rng = self.rng
        while True:
            yield rng.uniform(150, 400)
            idle = [z for z in self.zids if not self.info[z]["open"]]
            if idle and self.hub_connected and self.mains_open:
                z = rng.choice(idle)
                self.emit(self.valve_changed, z, True, "schedule", rng.choice([3, 4, 5, 6, 8]))
                self.spawn(self.run_valve(z, 0))

    def person(self):
        rng = self.rng
        think = self.think((2.0, 5.0), (10.0, 30.0), (40, 120), (30, 100))
        yield rng.uniform(1.5, 4.0)
        while True:
            yield next(think)
            if not self.active:
                continue
            r = rng.random()
            if r < 0.34:
                if self.tab != "zones":
                    self.emit(self.tab_selected, "zones")
                    yield rng.uniform(1, 4)
                yield from self.zone_visit()
            elif r < 0.56:
                if self.tab != "schedules":
                    self.emit(self.tab_selected, "schedules")
                    yield rng.uniform(1.5, 5)
                if rng.random() < 0.25:
                    i = rng.randrange(len(self.sids))
                    on = self.get(("schedules", "items", ("i", i), "isEnabled")).cd != "true"
                    self.emit(self.schedule_enabled, i, on)
                else:
                    yield from self.edit_schedule()
            elif r < 0.78:
                if self.tab != "usage":
                    self.emit(self.tab_selected, "usage")
                    yield rng.uniform(0.02, 0.08)
                    self.emit(self.usage_task)
                    yield rng.uniform(0.3, 1.4)
                    self.emit(self.usage_response)
                for _ in range(rng.randint(0, 3)):
                    yield rng.uniform(2, 8)
                    if rng.random() < 0.35:
                        self.emit(self.usage_range, rng.choice(["week", "month", "season"]))
                        yield rng.uniform(0.3, 1.2)
                        self.emit(self.usage_response)
                    else:
                        n = len(self.get(("usage", "bars")).items) or 7
                        start = rng.randrange(n)
                        end = rng.randrange(n)
                        hz = rng.uniform(40, 60)
                        k = max(3, int(hz * rng.uniform(0.6, 3.0)))
                        yield from self.gesture(self.chart_scrubbed, hz=hz, duration=k / hz, args=lambda i, s=start, e=end, k=k: (
                            int(round(s + (e - s) * (i + 1) / k)),))
                        self.emit(self.scrub_ended)
            elif r < 0.86:
                if self.get(("hub", "availableFirmware")) is not NIL and not self.updating and self.hub_connected:
                    self.emit(self.update_tapped)
                    self.spawn(self.firmware())
            elif r < 0.9:
                if self.tab != "zones":
                    self.emit(self.tab_selected, "zones")
            # otherwise the person just looks at the screen

    def firmware(self):
        rng = self.rng
        p = 0.0
        while p < 1.0:
            yield rng.uniform(0.8, 1.6)
            p = min(1.0, p + rng.uniform(0.01, 0.03))
            self.emit(self.firmware_progress, round(p, 2))
        yield rng.uniform(1, 3)
        self.hub_connected = False
        self.emit(self.connection_changed, "reconnecting")
        yield rng.uniform(25, 50)
        self.hub_connected = True
        self.emit(self.connection_changed, "connected")
        yield rng.uniform(0.5, 2)
        self.emit(self.update_finished)

    def zone_visit(self):
        rng = self.rng
        z = rng.choice(self.zids)
        self.emit(self.push_detail, z)
        sid = "#%d" % self.stack_n
        yield rng.uniform(0.3, 1.2)
        self.emit(self.history_response, sid)
        yield rng.uniform(2, 8)
        inf = self.info[z]
        if inf["open"]:
            if rng.random() < 0.6:
                self.emit(self.stop_tapped, sid)
                yield rng.uniform(0.5, 2.0)
                inf["stop"] = True
                self.emit(self.valve_response, sid, True, False)
                yield rng.uniform(0.1, 0.4)
                self.emit(self.valve_changed, z, False, "manual")
        elif rng.random() < 0.75 and self.mains_open:
            minutes = 10
            for _ in range(rng.randint(0, 5)):
                minutes = max(1, min(60, minutes + rng.choice([-1, -1, 1, 1, 1])))
                self.emit(self.duration_set, sid, minutes)
                yield rng.uniform(0.25, 0.9)
            yield rng.uniform(0.5, 3)
            self.emit(self.start_tapped, sid)
            yield rng.uniform(0.5, 2.5)
            ok = self.hub_connected and rng.random() < 0.9
            self.emit(self.valve_response, sid, ok, ok)
            if ok:
                yield rng.uniform(0.1, 0.4)
                self.emit(self.valve_changed, z, True, "manual", minutes)
                self.spawn(self.run_valve(z, minutes))
            yield rng.uniform(3, 20)
        yield rng.uniform(2, 10)
        self.emit(self.pop_detail, sid)

    def edit_schedule(self):
        rng = self.rng
        i = rng.randrange(len(self.sids))
        self.emit(self.schedule_tapped, i)
        yield rng.uniform(2, 6)
        for _ in range(rng.randint(2, 6)):
            r = rng.random()
            if r < 0.18:
                cur = self.get(self.epath("name")).df
                goal = rng.choice(NAME_EDITS)
                while cur:
                    cur = cur[:-1]
                    self.emit(self.editor_name, cur)
                    yield rng.uniform(0.04, 0.12)
                for k in range(1, len(goal) + 1):
                    self.emit(self.editor_name, goal[:k])
                    yield rng.uniform(0.08, 0.4)
            elif r < 0.45:
                h, m = map(int, self.get(self.epath("startTime")).df.split(":"))
                for _ in range(rng.randint(1, 3)):
                    if rng.random() < 0.5:
                        h = (h + rng.choice([-2, -1, 1, 2])) % 24
                    else:
                        m = rng.choice(range(0, 60, 5))
                    self.emit(self.editor_time, h, m)
                    yield rng.uniform(0.8, 2.5)
            elif r < 0.7:
                for _ in range(rng.randint(1, 3)):
                    self.emit(self.editor_weekday, rng.randrange(7))
                    yield rng.uniform(0.4, 1.5)
            elif r < 0.82:
                d = int(self.get(self.epath("durationMinutes")).cd)
                for _ in range(rng.randint(1, 4)):
                    d = max(1, d + rng.choice([-1, 1, 1]))
                    self.emit(self.editor_duration, d)
                    yield rng.uniform(0.3, 0.8)
            elif r < 0.92:
                self.emit(self.editor_zone, rng.choice(self.zids))
            else:
                self.emit(self.editor_skip, self.get(self.epath("skipIfRain")).cd != "true")
            yield rng.uniform(1, 5)
        if rng.random() < 0.8:
            self.emit(self.editor_save)
            yield rng.uniform(0.4, 1.8)
            ok = rng.random() < 0.9 and self.hub_connected
            self.emit(self.editor_saved, ok)
            if not ok:
                yield rng.uniform(2, 5)
                self.emit(self.editor_save)
                yield rng.uniform(0.4, 1.8)
                self.emit(self.editor_saved, True)
            yield 0.001
            self.emit(self.editor_delegate)
        else:
            self.emit(self.editor_dismiss)


# ================================================================================= trivia

QUESTIONS = [
    ("Which planet has the shortest day?", ["Jupiter", "Mercury", "Earth"], 0),
    ("What is the chemical symbol for tin?", ["Ti", "Sn", "Tn"], 1),
    ("Which ocean is the deepest?", ["Atlantic", "Indian", "Pacific"], 2),
    ("Who painted The Night Watch?", ["Rembrandt", "Vermeer", "Hals"], 0),
    ("How many hearts does an octopus have?", ["One", "Two", "Three"], 2),
    ("Which country invented paper money?", ["China", "Italy", "Persia"], 0),
    ("What year did the first iPhone ship?", ["2005", "2007", "2009"], 1),
    ("Which language has the most native speakers?", ["English", "Spanish", "Mandarin"], 2),
    ("What is the smallest prime number?", ["0", "1", "2"], 2),
    ("Which element makes up most of the Sun?", ["Helium", "Hydrogen", "Oxygen"], 1),
    ("In which city is the Atomium?", ["Brussels", "Vienna", "Lyon"], 0),
    ("How many keys does a standard piano have?", ["76", "88", "92"], 1),
]
HOST_LINES = [
    "Good evening everybody and welcome back to the show",
    "Tonight's pot is a big one so stay sharp",
    "Alright here comes the next question get ready",
    "Oh that one caught a lot of you out",
    "Wow look at that the field is shrinking fast",
    "Remember you can use an extra life if you have one",
    "We are heading into the hard questions now",
    "Nice work to everyone still standing",
    "That is the end of the round let's look at the leaderboard",
]
EMOJI = ["🔥", "😂", "😱", "👏", "💀", "🎉", "😭", "🤯"]
NAMES = ["quizwhiz", "marta_k", "dj_trivia", "bookworm88", "lucky_lou", "nerdalert", "kai.s", "ollie_b", "pix",
         "zoe_r", "hmm_ok", "captain_q", "sunny", "tomasz", "ana.luz", "bigbrain", "rafa", "juno"]


class Trivia(Base):
    name = "trivia"
    module = "Trivia"
    process = "Trivia"
    roots = ("GameAction", "Game.Action")

    def __init__(self, session):
        Base.__init__(self, session)
        rng = self.rng
        self.players = rng.randint(18000, 42000)
        self.pot = rng.choice([10000, 15000, 25000])
        self.starts_in = rng.randint(100, 170)
        self.phase = "lobby"
        self.qn = 0
        self.answer = None
        self.locked = False
        self.eliminated = False
        self.lives = 1
        self.connected = True
        self.speaking = False
        self.reaction_rate = 0.8
        self.offer_open = False
        self.state = St(self.st("Game"), [
            ("phase", self.case("lobby", "Game.Phase")),
            ("lobby", St(self.st("Lobby"), [("startsIn", num(self.starts_in)), ("weeklyLeaderboard", NIL)])),
            ("livePlayers", num(self.players)),
            ("prizePot", num(self.pot)),
            ("host", St(self.st("Host"), [("caption", text(""))])),
            ("question", NIL),
            ("player", St(self.st("Player"), [("username", text("you_know_it")), ("extraLives", num(1)),
                                              ("isEliminated", boolean(False)), ("correctAnswers", num(0)),
                                              ("reactionsSent", num(0)), ("winnings", NIL)])),
            ("reactions", Arr()),
            ("leaderboard", NIL),
            ("destination", NIL),
            ("connection", self.case("connected", "Game.Connection")),
            ("soundEnabled", boolean(True))])

    def server(self, case, *a, **k):
        return self.act("server", A("ServerEvent", case, *a, **k))

    def qact(self, case, *a, **k):
        return self.act("question", A(self.at("Question"), case, *a, **k))

    # -- noise
    @noise
    def lobby_tick(self):
        if self.phase != "lobby" or self.starts_in <= 0:
            return None
        self.starts_in -= 1
        self.set(("lobby", "startsIn"), num(self.starts_in))
        return self.act("lobby", A(self.at("Lobby"), "countdownTicked"))

    @noise
    def player_count(self):
        if self.phase == "lobby":
            self.players += self.rng.randint(0, 160)
        else:
            self.players = max(1, self.players + self.rng.randint(-25, 12))
        self.set(("livePlayers",), num(self.players))
        return self.server("playerCount", Raw(str(self.players)))

    # reason: thousands of strangers' emoji float by several a second; the stream goes on whatever the player does
    @noise
    def reaction(self):
        rid = self.uid()
        emoji = self.rng.choice(EMOJI)
        who = self.rng.choice(NAMES)
        self.append(("reactions",), St("Reaction", [("id", self.uuid_value(rid)), ("emoji", text(emoji)),
                                                    ("player", text(who))]))
        if len(self.get(("reactions",)).items) > 6:
            self.remove_at(("reactions",), 0)
        return self.server("reaction", Struct("Reaction", [("id", self.uuid_arg(rid)), ("emoji", q(emoji)),
                                                           ("player", q(who))]))

    # reason: live captions of the host's video grow a word at a time
    @noise
    def caption(self, words):
        self.set(("host", "caption"), text(words))
        return self.act("host", A(self.at("Host"), "captionUpdated", q(words)))

    # reason: the pot figure re-sent by the server as players join, nudging one number
    @noise
    def prize_pot(self):
        self.pot += self.rng.choice([250, 500, 500, 1000])
        self.set(("prizePot",), num(self.pot))
        return self.server("prizePot", Raw(str(self.pot)))

    @noise
    def countdown_tick(self, left):
        if self.get(("question",)) is NIL:
            return None
        self.set(("question", "secondsLeft"), num(round(left, 1)))
        return self.qact("countdownTicked")

    @noise
    def pong(self):
        return self.act("socket", A(self.at("Socket"), "pongReceived"))

    # -- signal
    @signal
    def on_appear(self):
        return self.act("onAppear")

    @signal
    def weekly_tapped(self):
        return self.act("lobby", A(self.at("Lobby"), "weeklyLeaderboardTapped"))

    @signal
    def weekly_response(self):
        rows = [St("LeaderboardRow", [("rank", num(i + 1)), ("name", text(n)), ("winnings", num(w))])
                for i, (n, w) in enumerate(zip(self.rng.sample(NAMES, 5), sorted(self.rng.sample(range(40, 900), 5), reverse=True)))]
        self.set(("lobby", "weeklyLeaderboard"), Arr(rows))
        return self.act("lobby", A(self.at("Lobby"), "weeklyLeaderboardResponse", self.result(
            "[LeaderboardRow]", True, Struct("Leaderboard", [("week", Raw("47")), ("rows", Raw("5"))]))))

    @signal
    def sound_toggled(self, on):
        self.set(("soundEnabled",), boolean(on))
        return self.root_binding("soundEnabled", Raw("true" if on else "false"))

    # reason: the player's own taps, in short bursts at a finger's pace
    @signal
    def react_tapped(self, emoji):
        n = int(self.get(("player", "reactionsSent")).cd) + 1
        self.set(("player", "reactionsSent"), num(n))
        return self.act("reactionButtonTapped", q(emoji))

    @signal
    def show_started(self):
        self.phase = "live"
        self.set(("phase",), self.case("live", "Game.Phase"))
        self.set(("lobby", "startsIn"), num(0))
        return self.server("showStarted", Struct("Show", [("id", q("show-%d" % self.rng.randint(4000, 4999))),
                                                          ("questions", Raw(str(len(QUESTIONS)))),
                                                          ("prizePot", Raw(str(self.pot)))]))

    @signal
    def question_received(self):
        qt, answers, _ = QUESTIONS[self.qn]
        self.qn += 1
        self.answer = None
        self.locked = False
        self.set(("leaderboard",), NIL)
        self.set(("question",), St(self.st("Question"), [
            ("number", num(self.qn)), ("text", text(qt)), ("answers", Arr(text(a) for a in answers)),
            ("secondsLeft", num(10.0)), ("selectedIndex", NIL), ("isLocked", boolean(False)), ("reveal", NIL)]))
        return self.server("question", Struct("Question", [
            ("id", q("q%d" % self.qn)), ("number", Raw(str(self.qn))), ("text", q(qt)),
            ("answers", Raw("[%s]" % ", ".join('"%s"' % a for a in answers)))]))

    @signal
    def answer_tapped(self, i):
        self.answer = i
        self.set(("question", "selectedIndex"), num(i))
        return self.qact("answerTapped", index=Raw(str(i)))

    @signal
    def answer_response(self, ok):
        if ok:
            return self.qact("answerResponse", self.result("AnswerReceipt", True, Struct("AnswerReceipt", [
                ("question", Raw(str(self.qn))), ("latencyMs", Raw(str(self.rng.randint(40, 400))))])))
        self.set(("question", "selectedIndex"), NIL)
        self.answer = None
        return self.qact("answerResponse", self.result("AnswerReceipt", False, Struct("GameError", [
            ("code", q("too_late"))])))

    # reason: the end of the ten seconds locks the answer, a change of status once a question
    @signal
    def countdown_finished(self):
        self.locked = True
        self.set(("question", "secondsLeft"), num(0.0))
        self.set(("question", "isLocked"), boolean(True))
        return self.qact("countdownFinished")

    @signal
    def revealed(self):
        _, answers, correct = QUESTIONS[self.qn - 1]
        shares = [self.rng.uniform(0.05, 0.4) for _ in answers]
        shares[correct] += self.rng.uniform(0.2, 0.9)
        tot = sum(shares)
        shares = [round(s / tot, 3) for s in shares]
        self.set(("question", "reveal"), St("Reveal", [("correctIndex", num(correct)),
                                                       ("shares", Arr(num(s) for s in shares))]))
        wrong = not self.eliminated and self.answer != correct
        if not self.eliminated and not wrong:
            self.set(("player", "correctAnswers"), num(int(self.get(("player", "correctAnswers")).cd) + 1))
        if wrong:
            if self.lives > 0 and self.qn <= len(QUESTIONS) - 2:
                self.offer_open = True
                self.set(("destination",), En(self.st("Destination"), "extraLife",
                                              St("AlertState<Game.Destination.ExtraLife>", [("title", text("Use an extra life?"))])))
            else:
                self.eliminated = True
                self.set(("player", "isEliminated"), boolean(True))
        return self.server("reveal", Struct("Reveal", [("question", Raw(str(self.qn))), ("correctIndex", Raw(str(correct))),
                                                       ("shares", Raw(repr(shares)))]))

    # reason: a server push, but one event per question that tells what the reveal did to the field
    @signal
    def eliminations(self):
        out = int(self.players * self.rng.uniform(0.08, 0.35))
        self.players -= out
        self.set(("livePlayers",), num(self.players))
        return self.server("eliminations", Struct("Eliminations", [("count", Raw(str(out))), ("remaining", Raw(str(self.players)))]))

    @signal
    def life_used(self):
        self.offer_open = False
        self.set(("destination",), NIL)
        return self.act("destination", self.presented("Destination", "extraLife", A(self.at("Destination") + ".ExtraLife" if self.tca1 else "ExtraLifeAction", "useTapped")))

    @signal
    def life_declined(self):
        self.offer_open = False
        self.eliminated = True
        self.set(("destination",), NIL)
        self.set(("player", "isEliminated"), boolean(True))
        return self.act("destination", self.presented("Destination", "extraLife", A(self.at("Destination") + ".ExtraLife" if self.tca1 else "ExtraLifeAction", "declineTapped")))

    @signal
    def life_response(self):
        self.lives -= 1
        self.set(("player", "extraLives"), num(self.lives))
        return self.act("extraLifeResponse", self.result("ExtraLifeReceipt", True, Struct("ExtraLifeReceipt", [
            ("question", Raw(str(self.qn))), ("remaining", Raw(str(self.lives)))])))

    # reason: the offer's 5 s window closing is the moment the player is out, one per offer
    @signal
    def life_expired(self):
        """The offer's own 5 s window closed without an answer: the app dismisses it."""
        if not self.offer_open:
            return None
        self.offer_open = False
        self.eliminated = True
        self.set(("destination",), NIL)
        self.set(("player", "isEliminated"), boolean(True))
        return self.act("destination", self.dismissed("Destination"))

    # reason: a no-op, but the once-a-round event that starts the leaderboard fetch
    @signal
    def round_ended(self, r):
        return self.server("roundEnded", round=Raw(str(r)))

    @signal
    def leaderboard_response(self):
        top = self.rng.sample(NAMES, 8)
        rows = [St("LeaderboardRow", [("rank", num(i + 1)), ("name", text(n)), ("streak", num(self.qn))])
                for i, n in enumerate(top)]
        self.set(("leaderboard",), Arr(rows))
        return self.act("leaderboardResponse", self.result("[LeaderboardRow]", True, Struct("Leaderboard", [
            ("afterQuestion", Raw(str(self.qn))), ("rows", Raw("8"))])))

    @signal
    def leaderboard_closed(self):
        if self.get(("leaderboard",)) is NIL:
            return None
        self.set(("leaderboard",), NIL)
        return self.act("leaderboardCloseTapped")

    @signal
    def show_ended(self):
        self.phase = "ended"
        winners = max(1, int(self.players * self.rng.uniform(0.02, 0.1)))
        self.set(("phase",), self.case("ended", "Game.Phase"))
        self.set(("question",), NIL)
        return self.server("showEnded", Struct("ShowResult", [("winners", Raw(str(winners))),
                                                              ("prizePerWinner", Raw(repr(round(self.pot / winners, 2))))]))

    @signal
    def winnings_response(self):
        won = not self.eliminated
        amount = round(self.pot / max(1, self.players * 0.05), 2) if won else 0.0
        self.set(("player", "winnings"), num(amount))
        return self.act("winningsResponse", self.result("Winnings", True, Struct("Winnings", [
            ("amount", Raw(repr(amount))),
            ("balance", Raw(repr(round(self.rng.uniform(1, 60), 2))))])))

    @signal
    def share_tapped(self):
        return self.act("shareResultTapped")

    @signal
    def socket_state(self, status):
        self.connected = status == "connected"
        self.set(("connection",), self.case(status, "Game.Connection"))
        return self.act("socket", A(self.at("Socket"), "statusChanged", A("SocketStatus", status)))

    # -- processes
    def processes(self):
        return [self.boot(), self.show(), self.periodic(self.player_count, 1.0, 0.05, when=lambda: self.connected and self.phase != "ended"),
                self.periodic(self.lobby_tick, 1.0, 0.003, first=1.0), self.reactions(),
                self.periodic(self.pong, 15.0, 0.2, when=lambda: self.connected),
                self.poisson(self.prize_pot, 9.0, when=lambda: self.phase == "lobby" and self.connected),
                self.socket_drops(), self.person(), self.small_talk()]

    def boot(self):
        yield 0.1
        self.emit(self.on_appear)

    def reactions(self):
        while True:
            yield self.expo(1.0 / self.reaction_rate)
            if self.connected and self.phase != "ended":
                self.emit(self.reaction)

    def socket_drops(self):
        rng = self.rng
        while True:
            yield rng.uniform(260, 600)
            self.emit(self.socket_state, "reconnecting")
            yield rng.uniform(1.5, 6)
            self.emit(self.socket_state, "connected")

    def speak(self, line):
        """The host speaks a line: the caption grows about 2.5 words a second."""
        self.speaking = True
        words = line.split()
        for k in range(1, len(words) + 1):
            self.emit(self.caption, " ".join(words[:k]))
            yield max(0.1, self.rng.gauss(0.4, 0.12))
        self.speaking = False

    def small_talk(self):
        """The host chats in the lobby."""
        while self.phase == "lobby":
            yield self.rng.uniform(12, 30)
            if self.phase == "lobby" and not self.speaking:
                yield from self.speak(self.rng.choice(HOST_LINES[1:2] + HOST_LINES[5:6] + HOST_LINES[0:1]))

    def show(self):
        rng = self.rng
        while self.starts_in > 0:
            yield 0.5
        yield rng.uniform(0.1, 0.5)
        self.emit(self.show_started)
        self.reaction_rate = 2.0
        yield from self.speak(HOST_LINES[0])
        for n in range(len(QUESTIONS)):
            yield rng.uniform(1, 4)
            if n:
                yield from self.speak(HOST_LINES[2])
            self.emit(self.question_received)
            t0 = self.now
            self.spawn(self.player_answers(n))
            for k in range(1, 101):
                yield max(0.0005, t0 + k * 0.1 + rng.uniform(-0.004, 0.004) - self.now)
                if k < 100:
                    self.emit(self.countdown_tick, 10.0 - k * 0.1)
            self.emit(self.countdown_finished)
            yield rng.uniform(3, 6)
            self.emit(self.revealed)
            self.reaction_rate = 5.0
            if self.offer_open:
                self.spawn(self.offer(n))
            yield rng.uniform(1, 3)
            self.emit(self.eliminations)
            yield rng.uniform(2, 4)
            self.reaction_rate = 2.0
            yield from self.speak(rng.choice(HOST_LINES[3:8]))
            if (n + 1) % 4 == 0 and n + 1 < len(QUESTIONS):
                yield from self.speak(HOST_LINES[8])
                self.emit(self.round_ended, (n + 1) // 4)
                yield rng.uniform(0.3, 1.2)
                self.emit(self.leaderboard_response)
                yield rng.uniform(6, 12)
        yield rng.uniform(2, 5)
        self.emit(self.show_ended)
        self.reaction_rate = 5.0
        yield rng.uniform(0.3, 1.0)
        self.emit(self.winnings_response)
        yield rng.uniform(4, 10)
        self.reaction_rate = 0.0001

    def player_answers(self, n):
        rng = self.rng
        if self.eliminated:
            return
        yield rng.uniform(2.0, 9.3) if rng.random() < 0.97 else 11
        if self.locked:
            return
        _, answers, correct = QUESTIONS[n]
        pick = correct if rng.random() < 0.86 else rng.choice([i for i in range(len(answers)) if i != correct])
        if rng.random() < 0.15:          # a change of mind
            self.emit(self.answer_tapped, rng.randrange(len(answers)))
            yield rng.uniform(0.3, 1.0)
            if self.locked:
                return
        self.emit(self.answer_tapped, pick)
        yield rng.uniform(0.05, 0.4)
        self.emit(self.answer_response, not self.locked)

    def offer(self, n):
        rng = self.rng
        yield rng.uniform(1.0, 6.0)
        if rng.random() < 0.12:
            yield 5.0
            self.emit(self.life_expired)
            return
        if rng.random() < 0.85:
            self.emit(self.life_used)
            yield rng.uniform(0.2, 0.8)
            self.emit(self.life_response)
        else:
            self.emit(self.life_declined)

    def person(self):
        rng = self.rng
        think = self.think((3.0, 8.0), (10.0, 25.0), (30, 90), (30, 90))
        yield rng.uniform(2, 5)
        while True:
            yield next(think)
            if self.phase == "ended":
                if rng.random() < 0.1:
                    self.emit(self.share_tapped)
                continue
            r = rng.random()
            if r < 0.55:                  # a few reactions in a row
                e = rng.choice(EMOJI)
                for _ in range(rng.randint(1, 6)):
                    self.emit(self.react_tapped, e)
                    yield rng.uniform(0.15, 0.5)
            elif r < 0.7:
                if self.get(("leaderboard",)) is not NIL:
                    self.emit(self.leaderboard_closed)
            elif r < 0.8:
                if self.phase == "lobby" and self.get(("lobby", "weeklyLeaderboard")) is NIL:
                    self.emit(self.weekly_tapped)
                    yield rng.uniform(0.3, 1.0)
                    self.emit(self.weekly_response)
            elif r < 0.82:
                self.emit(self.sound_toggled, self.get(("soundEnabled",)).cd != "true")


# ================================================================================== tuner

NOTES = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"]
INSTRUMENTS = {"guitar": {"standard": [40, 45, 50, 55, 59, 64], "dropD": [38, 45, 50, 55, 59, 64],
                          "openG": [38, 43, 50, 55, 59, 62]},
               "bass": {"standard": [28, 33, 38, 43], "dropD": [26, 33, 38, 43]},
               "ukulele": {"standard": [67, 60, 64, 69], "lowG": [55, 60, 64, 69]},
               "violin": {"standard": [55, 62, 69, 76]}}
FOCUS = ["scales", "repertoire", "sightReading", "technique"]
NOTES_TEXT = ["Worked on the F major scale, slow then at 90", "Bridge of the etude still shaky",
              "Alternate picking at 120 clean"]


class Tuner(Base):
    name = "tuner"
    module = "Tuner"
    process = "PracticePal"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        Base.__init__(self, session)
        rng = self.rng
        self.instrument = rng.choice(["guitar", "guitar", "bass", "ukulele", "violin"])
        self.tuning = "standard"
        self.ref = 440
        self.listening = False
        self.sounding = None      # midi note sounding, or None
        self.cents = 0.0
        self.tab = "tuner"
        self.metro_on = False
        self.tempo = rng.choice([72, 80, 92, 100, 120])
        self.beat = 0
        self.bpb = 4
        self.recording = False
        self.elapsed = 0
        self.playing = None
        self.position = 0.0
        self.takes = []
        self.active = True
        self.level = -60.0
        self.logging = False
        self.state = St(self.st("AppFeature"), [
            ("selectedTab", self.case("tuner", "AppFeature.Tab")),
            ("tuner", St(self.st("Tuner"), [
                ("instrument", self.case(self.instrument, "Instrument")), ("tuning", self.case("standard", "Tuning")),
                ("referencePitch", num(440)), ("isListening", boolean(False)), ("micPermission", self.case("notDetermined", "Permission")),
                ("reading", NIL), ("inputLevel", num(-60.0)), ("tunedStrings", Arr())])),
            ("metronome", St(self.st("Metronome"), [("isPlaying", boolean(False)), ("tempo", num(self.tempo)),
                                                    ("beatsPerBar", num(4)), ("beat", num(0)), ("tapCount", num(0))])),
            ("recorder", St(self.st("Recorder"), [("isRecording", boolean(False)), ("elapsed", num(0)),
                                                  ("level", num(-60.0)), ("takes", Arr()), ("playback", NIL)])),
            ("log", St(self.st("PracticeLog"), [("streak", NIL), ("todayMinutes", num(0)), ("form", NIL)])),
            ("scenePhase", self.case("active", "ScenePhase"))])

    def tact(self, case, *a, **k):
        return self.act("tuner", A(self.at("Tuner"), case, *a, **k))

    def mact(self, case, *a, **k):
        return self.act("metronome", A(self.at("Metronome"), case, *a, **k))

    def ract(self, case, *a, **k):
        return self.act("recorder", A(self.at("Recorder"), case, *a, **k))

    def form_in(self, inner):
        return self.act("log", A(self.at("PracticeLog"), "form", A(
            "PresentationAction<%s>" % self.at("LogForm"), "presented", inner)))

    def form(self, case, *a, **k):
        return self.form_in(A(self.at("LogForm"), case, *a, **k))

    def strings(self):
        return INSTRUMENTS[self.instrument][self.tuning]

    # -- noise
    @noise
    def pitch(self):
        if not self.listening:
            return None
        if self.sounding is None:
            self.set(("tuner", "reading"), NIL)
            return self.tact("pitchDetected", Raw("nil"))
        midi = self.sounding
        cents = self.cents + self.rng.gauss(0, 1.2)
        freq = self.ref * 2 ** ((midi - 69 + cents / 100.0) / 12.0)
        name, octave = NOTES[midi % 12], midi // 12 - 1
        self.set(("tuner", "reading"), St("PitchReading", [("note", text(name)), ("octave", num(octave)),
                                                          ("cents", num(round(cents, 1))), ("frequency", num(round(freq, 2)))]))
        return self.tact("pitchDetected", Struct("PitchReading", [("note", q(name)), ("octave", Raw(str(octave))),
                                                                  ("cents", self.fl(cents)), ("frequency", self.fl(freq, 2))]))

    @noise
    def input_level(self):
        if not self.listening:
            return None
        base = -22.0 if self.sounding is not None else -58.0
        self.level = round(0.6 * self.level + 0.4 * (base + self.rng.gauss(0, 3)), 1)
        self.set(("tuner", "inputLevel"), num(self.level))
        return self.tact("inputLevelUpdated", decibels=Raw(repr(self.level)))

    @noise
    def metro_tick(self):
        if not self.metro_on:
            return None
        self.beat = self.beat % self.bpb + 1
        self.set(("metronome", "beat"), num(self.beat))
        return self.mact("ticked", beat=Raw(str(self.beat)))

    # reason: a slider drag streams one number, a tempo each frame
    @noise
    def tempo_slid(self, bpm):
        self.tempo = bpm
        self.set(("metronome", "tempo"), num(bpm))
        return self.act("metronome", self.binding("Metronome", "tempo", Raw(repr(float(bpm)))))

    @noise
    def rec_tick(self):
        if not self.recording:
            return None
        self.elapsed += 1
        self.set(("recorder", "elapsed"), num(self.elapsed))
        return self.ract("elapsedTicked")

    @noise
    def rec_meter(self):
        if not self.recording:
            return None
        lv = round(self.rng.uniform(-30, -8), 1)
        self.set(("recorder", "level"), num(lv))
        return self.ract("meterUpdated", Raw(repr(lv)))

    @noise
    def play_position(self):
        if self.playing is None:
            return None
        self.position = round(self.position + 0.25, 2)
        self.set(("recorder", "playback", "position"), num(self.position))
        return self.ract("playback", A(self.at("Playback"), "positionUpdated", Raw(repr(self.position))))

    # reason: dragging the playhead streams one number between the finger's down and up
    @noise
    def scrubbed(self, t):
        self.position = t
        self.set(("recorder", "playback", "position"), num(t))
        return self.ract("playback", A(self.at("Playback"), "scrubbed", Raw(repr(t))))

    # -- either
    @either
    def notes_typed(self, value):
        self.set(("log", "form", "notes"), text(value))
        return self.form_in(self.binding("LogForm", "notes", q(value)))

    # -- signal
    @signal
    def task(self):
        return self.act("task")

    @signal
    def streak_response(self, days):
        self.set(("log", "streak"), num(days))
        return self.act("log", A(self.at("PracticeLog"), "streakResponse", self.result("Streak", True, Struct(
            "Streak", [("days", Raw(str(days))), ("practicedToday", Raw("false" if days < 20 else "true"))]))))

    @signal
    def scene_phase(self, phase):
        return self.scene(phase)

    @signal
    def tab_selected(self, tab):
        self.tab = tab
        self.set(("selectedTab",), self.case(tab, "AppFeature.Tab"))
        return self.root_binding("selectedTab", self.dot(tab))

    @signal
    def listen_toggled(self, on):
        self.set(("tuner", "isListening"), boolean(on))
        if not on:
            self.listening = False
            self.set(("tuner", "reading"), NIL)
        return self.tact("listenButtonTapped")

    # reason: the tuner screen going away stops the microphone; it follows the person's tab tap one-for-one
    @signal
    def tuner_disappeared(self):
        self.listening = False
        self.set(("tuner", "isListening"), boolean(False))
        self.set(("tuner", "reading"), NIL)
        return self.tact("onDisappear")

    @signal
    def mic_permission(self):
        self.set(("tuner", "micPermission"), self.case("granted", "Permission"))
        return self.tact("microphonePermissionResponse", Raw("true"))

    @signal
    def audio_started(self, ok=True):
        self.listening = True
        return self.tact("audioEngineResponse", self.result("AudioFormat", True, Struct("AudioFormat", [
            ("sampleRate", Raw("48000.0")), ("bufferSize", Raw("1024"))])))

    # reason: the detector's readings held within ±3 cents for half a second: an event, once per string
    @signal
    def string_tuned(self, i):
        self.append(("tuner", "tunedStrings"), num(i + 1))
        return self.tact("stringTuned", string=Raw(str(i + 1)))

    @signal
    def instrument_set(self, name):
        self.instrument = name
        self.tuning = "standard"
        self.set(("tuner", "instrument"), self.case(name, "Instrument"))
        self.set(("tuner", "tuning"), self.case("standard", "Tuning"))
        self.set(("tuner", "tunedStrings"), Arr())
        return self.act("tuner", self.binding("Tuner", "instrument", self.dot(name)))

    @signal
    def tuning_set(self, name):
        self.tuning = name
        self.set(("tuner", "tuning"), self.case(name, "Tuning"))
        self.set(("tuner", "tunedStrings"), Arr())
        return self.act("tuner", self.binding("Tuner", "tuning", self.dot(name)))

    @signal
    def ref_set(self, hz):
        self.ref = hz
        self.set(("tuner", "referencePitch"), num(hz))
        return self.act("tuner", self.binding("Tuner", "referencePitch", Raw(str(hz))))

    @signal
    def metro_toggled(self):
        self.metro_on = not self.metro_on
        self.beat = 0
        self.set(("metronome", "isPlaying"), boolean(self.metro_on))
        self.set(("metronome", "beat"), num(0))
        return self.mact("playButtonTapped")

    @signal
    def slider_ended(self):
        return self.mact("tempoSliderEditingChanged", isEditing=Raw("false"))

    @signal
    def tap_tempo(self, n, bpm):
        self.set(("metronome", "tapCount"), num(n))
        if bpm is not None:
            self.tempo = bpm
            self.set(("metronome", "tempo"), num(bpm))
        return self.mact("tapTempoTapped")

    @signal
    def bpb_set(self, n):
        self.bpb = n
        self.set(("metronome", "beatsPerBar"), num(n))
        return self.act("metronome", self.binding("Metronome", "beatsPerBar", Raw(str(n))))

    @signal
    def record_tapped(self):
        self.set(("recorder", "isRecording"), boolean(True))
        return self.ract("recordButtonTapped")

    @signal
    def record_started(self):
        self.recording = True
        self.elapsed = 0
        self.set(("recorder", "elapsed"), num(0))
        return self.ract("recordingStarted", self.result("URL", True, Raw("file:///var/mobile/Containers/Data/tmp/take-%d.m4a" % (len(self.takes) + 1))))

    @signal
    def stop_tapped(self):
        self.recording = False
        self.set(("recorder", "isRecording"), boolean(False))
        return self.ract("stopButtonTapped")

    @signal
    def record_finished(self):
        tid = self.uid()
        self.takes.append((tid, self.elapsed))
        self.append(("recorder", "takes"), St("Take", [("id", self.uuid_value(tid)), ("duration", num(float(self.elapsed))),
                                                      ("recordedAt", self.date())]))
        self.set(("recorder", "level"), num(-60.0))
        return self.ract("recordingFinished", self.result("Take", True, Struct("Take", [
            ("id", self.uuid_arg(tid)), ("duration", Raw(repr(float(self.elapsed))))])))

    @signal
    def play_tapped(self, tid, dur):
        self.playing = tid
        self.position = 0.0
        self.set(("recorder", "playback"), St(self.st("Playback"), [("takeID", self.uuid_value(tid)),
                                                                    ("position", num(0.0)), ("duration", num(float(dur)))]))
        return self.ract("takes", self.element("Take", self.uuid_arg(tid), A(self.at("Take"), "playTapped")))

    # reason: didFinishPlaying ends the playback the person started, a change of status
    @signal
    def play_finished(self, by_person):
        self.playing = None
        self.set(("recorder", "playback"), NIL)
        if by_person:
            return self.ract("playback", A(self.at("Playback"), "stopTapped"))
        return self.ract("playback", A(self.at("Playback"), "didFinishPlaying"))

    @signal
    def scrub_ended(self):
        return self.ract("playback", A(self.at("Playback"), "scrubEnded"))

    @signal
    def log_tapped(self, minutes):
        self.logging = True
        self.set(("log", "form"), St(self.st("LogForm"), [("minutes", num(minutes)), ("focus", self.case("scales", "Focus")),
                                                         ("notes", text("")), ("isSaving", boolean(False))]))
        return self.act("log", A(self.at("PracticeLog"), "logPracticeTapped"))

    @signal
    def form_minutes(self, m):
        self.set(("log", "form", "minutes"), num(m))
        return self.form_in(self.binding("LogForm", "minutes", Raw(str(m))))

    @signal
    def form_focus(self, f):
        self.set(("log", "form", "focus"), self.case(f, "Focus"))
        return self.form_in(self.binding("LogForm", "focus", self.dot(f)))

    @signal
    def form_save(self):
        self.set(("log", "form", "isSaving"), boolean(True))
        return self.form("saveButtonTapped")

    @signal
    def form_response(self, ok):
        if not ok:
            self.set(("log", "form", "isSaving"), boolean(False))
            return self.form("saveResponse", self.result("PracticeEntry", False, Struct("URLError", [("code", Raw("-1009"))])))
        m = int(self.get(("log", "form", "minutes")).cd)
        self.set(("log", "todayMinutes"), num(int(self.get(("log", "todayMinutes")).cd) + m))
        self.set(("log", "form"), NIL)
        self.logging = False
        return self.form("saveResponse", self.result("PracticeEntry", True, Struct("PracticeEntry", [
            ("id", self.uuid_arg(self.uid())), ("minutes", Raw(str(m)))])))

    @signal
    def form_cancel(self):
        self.set(("log", "form"), NIL)
        self.logging = False
        return self.act("log", A(self.at("PracticeLog"), "form", A("PresentationAction<%s>" % self.at("LogForm"), "dismiss")))

    # reason: a notification arriving is an event, not a stream (one a session)
    @signal
    def reminder(self):
        return self.act("userNotification", A("UserNotificationClient.DelegateEvent", "willPresentNotification",
                                                Struct("Notification", [("identifier", q("streak-reminder")),
                                                                        ("title", q("Keep your streak alive!"))])))

    @signal
    def route_changed(self, route):
        return self.act("audioRouteChanged", Struct("AudioRoute", [("output", q(route))]))

    # -- processes
    def processes(self):
        return [self.launch(), self.periodic(self.pitch, 0.05, 0.004, when=lambda: self.listening and self.sounding is not None),
                self.periodic(self.input_level, 0.05, 0.004, when=lambda: self.listening),
                self.metronome(), self.periodic(self.rec_tick, 1.0, 0.003, when=lambda: self.recording),
                self.periodic(self.rec_meter, 0.1, 0.01, when=lambda: self.recording),
                self.periodic(self.play_position, 0.25, 0.01, when=lambda: self.playing is not None),
                self.lifecycle(), self.reminders(), self.person()]

    def metronome(self):
        while True:
            yield 60.0 / self.tempo + self.rng.uniform(-0.001, 0.001)
            if self.metro_on:
                self.emit(self.metro_tick)

    def launch(self):
        yield 0.1
        self.emit(self.task)
        yield self.rng.uniform(0.3, 1.2)
        self.emit(self.streak_response, self.rng.randint(3, 40))

    def lifecycle(self):
        rng = self.rng
        while True:
            yield rng.uniform(200, 420)
            self.active = False
            was = self.listening
            self.listening = False
            self.emit(self.scene_phase, "background")
            yield rng.uniform(20, 70)
            self.emit(self.scene_phase, "active")
            self.active = True
            if was and self.tab == "tuner":
                yield rng.uniform(0.2, 0.6)
                self.emit(self.audio_started)

    def reminders(self):
        yield self.rng.uniform(200, 650)
        self.emit(self.reminder)

    def pluck_string(self):
        """The person plucks one string and turns its peg until it is in tune."""
        rng = self.rng
        strings = self.strings()
        i = rng.randrange(len(strings))
        self.cents = rng.uniform(-40, 40)
        for _ in range(rng.randint(1, 4)):
            self.sounding = strings[i]
            ring = rng.uniform(1.5, 4.0)
            end = self.now + ring
            held = 0.0
            while self.now < end and self.listening:
                yield 0.1
                self.cents *= rng.uniform(0.88, 0.98)   # the peg turns
                held = held + 0.1 if abs(self.cents) < 3 else 0.0
                if held >= 0.5 and (i + 1) not in [int(v.cd) for v in self.get(("tuner", "tunedStrings")).items]:
                    self.emit(self.string_tuned, i)
            self.sounding = None
            if self.listening:
                self.emit(self.pitch)
            yield rng.uniform(0.5, 2.5)

    def tuner_session(self):
        rng = self.rng
        if self.get(("tuner", "isListening")).cd != "true":
            self.emit(self.listen_toggled, True)
            if self.get(("tuner", "micPermission")).cd != ".granted":
                yield rng.uniform(1.5, 4)
                self.emit(self.mic_permission)
            yield rng.uniform(0.1, 0.4)
            self.emit(self.audio_started)
        yield rng.uniform(1, 3)
        if rng.random() < 0.2:
            self.emit(self.instrument_set, rng.choice(list(INSTRUMENTS)))
            yield rng.uniform(1, 3)
        if rng.random() < 0.25 and len(INSTRUMENTS[self.instrument]) > 1:
            self.emit(self.tuning_set, rng.choice(list(INSTRUMENTS[self.instrument])))
            yield rng.uniform(1, 3)
        if rng.random() < 0.1:
            for hz in range(self.ref + 1, self.ref + rng.randint(2, 3)):
                self.emit(self.ref_set, hz)
                yield rng.uniform(0.3, 0.7)
        for _ in range(rng.randint(2, 8)):
            if not self.active:
                return
            yield from self.pluck_string()
        if rng.random() < 0.6 and self.listening:
            self.emit(self.listen_toggled, False)

    def metronome_visit(self):
        rng = self.rng
        if not self.metro_on:
            self.emit(self.metro_toggled)
            yield rng.uniform(2, 8)
        r = rng.random()
        if r < 0.4:
            goal = max(40, min(220, self.tempo + rng.choice([-20, -10, -5, 5, 10, 20, 30])))
            start = self.tempo
            hz = rng.uniform(50, 60)
            k = max(4, int(hz * rng.uniform(0.5, 2.2)))
            yield from self.gesture(self.tempo_slid, hz=hz, duration=k / hz,
                                    args=lambda i: (int(round(start + (goal - start) * (i + 1) / k + rng.uniform(-1, 1))),))
            self.emit(self.slider_ended)
        elif r < 0.7:
            bpm = rng.choice([66, 76, 84, 96, 108, 126])
            n = rng.randint(4, 8)
            for i in range(n):
                self.emit(self.tap_tempo, i + 1, (bpm + rng.randint(-2, 2)) if i >= 1 else None)
                yield 60.0 / bpm + rng.gauss(0, 0.02)
        elif r < 0.8:
            self.emit(self.bpb_set, rng.choice([3, 4, 6, 7]))
        yield rng.uniform(10, 60)
        if rng.random() < 0.5:
            self.emit(self.metro_toggled)

    def record_visit(self):
        rng = self.rng
        if self.takes and rng.random() < 0.45:
            tid, dur = rng.choice(self.takes)
            self.emit(self.play_tapped, tid, dur)
            listen = rng.uniform(5, dur + 2)
            yield min(listen, dur) * 0.5
            if rng.random() < 0.4:
                start = self.position
                goal = round(rng.uniform(0, dur), 1)
                hz = rng.uniform(40, 60)
                k = max(3, int(hz * rng.uniform(0.3, 1.5)))
                yield from self.gesture(self.scrubbed, hz=hz, duration=k / hz,
                                        args=lambda i: (round(start + (goal - start) * (i + 1) / k, 2),))
                self.emit(self.scrub_ended)
            while self.playing is not None and self.position < dur and self.now < self.session.end:
                yield 0.25
                if rng.random() < 0.004:
                    self.emit(self.play_finished, True)
                    return
            if self.playing is not None:
                self.emit(self.play_finished, False)
            return
        self.emit(self.record_tapped)
        yield rng.uniform(0.1, 0.3)
        self.emit(self.record_started)
        yield rng.uniform(25, 150)
        self.emit(self.stop_tapped)
        yield rng.uniform(0.2, 0.6)
        self.emit(self.record_finished)

    def log_visit(self):
        rng = self.rng
        self.emit(self.log_tapped, 15)
        yield rng.uniform(2, 5)
        m = 15
        for _ in range(rng.randint(0, 6)):
            m += 5 if rng.random() < 0.8 else -5
            self.emit(self.form_minutes, m)
            yield rng.uniform(0.3, 0.9)
        if rng.random() < 0.6:
            self.emit(self.form_focus, rng.choice(FOCUS))
            yield rng.uniform(1, 3)
        if rng.random() < 0.5:
            note = rng.choice(NOTES_TEXT)
            for k in range(1, len(note) + 1):
                self.emit(self.notes_typed, note[:k])
                yield rng.uniform(0.08, 0.35) if note[k - 1] != " " else rng.uniform(0.2, 0.8)
        yield rng.uniform(1, 4)
        if rng.random() < 0.1:
            self.emit(self.form_cancel)
            return
        self.emit(self.form_save)
        yield rng.uniform(0.4, 1.5)
        ok = rng.random() < 0.88
        self.emit(self.form_response, ok)
        if not ok:
            yield rng.uniform(2, 6)
            self.emit(self.form_save)
            yield rng.uniform(0.4, 1.5)
            self.emit(self.form_response, True)
        yield rng.uniform(0.3, 1.0)
        self.emit(self.streak_response, int(self.get(("log", "streak")).cd) + (1 if rng.random() < 0.5 else 0))

    def person(self):
        rng = self.rng
        think = self.think((2.0, 6.0), (8.0, 25.0), (60, 180), (20, 70))
        yield rng.uniform(1, 3)
        while True:
            yield next(think)
            if not self.active or self.recording:
                continue
            r = rng.random()
            target = "tuner" if r < 0.35 else "metronome" if r < 0.6 else "recorder" if r < 0.85 else "log" if r < 0.93 else None
            if target is None:
                if rng.random() < 0.3:
                    self.emit(self.route_changed, rng.choice(["Headphones", "Speaker", "AirPods Pro"]))
                continue
            if target != self.tab:
                leaving = self.tab == "tuner" and self.get(("tuner", "isListening")).cd == "true"
                self.emit(self.tab_selected, target)
                if leaving:
                    yield rng.uniform(0.01, 0.05)
                    self.emit(self.tuner_disappeared)
                yield rng.uniform(0.5, 2)
            if target == "tuner":
                yield from self.tuner_session()
            elif target == "metronome":
                yield from self.metronome_visit()
            elif target == "recorder":
                yield from self.record_visit()
            elif not self.logging:
                yield from self.log_visit()


APPS = {"garden": Garden, "trivia": Trivia, "tuner": Tuner}
