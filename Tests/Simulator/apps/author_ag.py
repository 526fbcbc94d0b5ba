"""Three simulated TCA apps by author-ag: a home energy app, a collaborative kanban board and
an augmented-reality sky map, each run as a 12-minute session of one person.

energy (Wattwise): the home's devices stream their readings into the store over the local
network: the smart meter pushes a reading every second, the home battery its telemetry
every second, the solar inverter is polled every five seconds (and sometimes times
out), each device's Wi-Fi strength is reported every thirty seconds and, while the car
charges, the wallbox reports its session every five seconds; the dishwasher's smart plug
reports its power every ten seconds until its cycle ends. The grid tariff's prices for
the next hours are fetched on launch and the tariff server pushes revisions now and then;
the cloud account syncs on a one-minute timer. The person moves between the dashboard, the
charts (switching today/month and scrubbing the bars with a finger), the devices and the
schedule (planning an appliance to run in the cheapest window, adding one in a form with a
name typed in); they start and stop the car's charging, drag the charge-current slider,
open the battery sheet to drag the reserve and pick a mode, pull to refresh, dismiss
alerts, and leave the app for a while. A grid outage may strike (and end) and the battery
fills up: both are raised as alerts.

kanban (Boardly): the person opens a team board over a WebSocket. Teammates' cursors stream
in (throttled to ten a second while they move), their presence is re-announced every thirty
seconds, their typing indicators come and go, and the socket pings every 25 seconds; the
board's relative times ("2 min ago") tick every thirty seconds. Teammates' edits arrive as
events (cards created, moved, assigned, relabelled, commented). The person scrolls the board,
opens cards, types a title and a description (autosaved after a pause), ticks and adds
checklist items, picks due dates, writes comments with @mentions (a debounced user search),
attaches files whose upload reports progress, drags cards between columns, filters the board
by text and label chips, and reads notifications; the socket sometimes drops and reconnects
with a backoff.

stargazer (NightSky): while the sky view is on screen the device's attitude streams in at
display rate as the person sweeps the phone around (and a few times a second from the
hand's tremor while they hold it still), the compass heading with a one-degree filter, and
the object under the reticle changes as the view crosses stars and planets. A one-second
clock counts down the next satellite pass, the visible objects' positions are recomputed
every five seconds, the ISS's position is polled every five seconds, location fixes come
every minute or so and the weather (cloud cover) is refreshed every ten minutes. The person
taps objects for their details (fetched), follows one to be notified, searches for objects
by name, turns the red night-mode filter on and drags its intensity, enables the time
slider to look at the sky later tonight, recalibrates the compass when asked, and is told by
a notification when a pass starts.
"""

import math

from tcasim import A, App, Arr, Dic, En, NIL, Raw, St, Struct, V, boolean, either, noise, num, q, signal, text

AUTHOR = "author-ag"


class _Base(App):
    """Small helpers shared by the three apps."""

    def f(self, x, nd=1):
        """A float literal in an action."""
        return Raw(repr(round(float(x), nd)))

    def i(self, n):
        return Raw(str(int(n)))

    def b(self, v):
        return Raw("true" if v else "false")

    def fv(self, x, nd=1):
        """A float in the state."""
        return num(round(float(x), nd))

    def enum(self, type_name, case_name):
        """An enum value as a lone payload in an action (a case, so the path goes into it)."""
        return A(type_name, case_name)

    def present(self, dest, state):
        return En(self.st("Destination"), dest, state)

    def pres(self, dest, inner):
        """`.destination(.presented(.dest(inner)))`."""
        return self.act("destination", A("PresentationAction<%s>" % self.at("Destination"), "presented",
                                         A(self.at("Destination"), dest, inner)))

    def dismiss(self):
        return self.act("destination", A("PresentationAction<%s>" % self.at("Destination"), "dismiss"))

    def sid(self, prefix, n=6):
        return prefix + "_" + "".join(self.rng.choice("0123456789abcdefghjkmnpqrstvwxyz") for _ in range(n))

    def typing(self, word, fast=(0.08, 0.35)):
        """Keystroke gaps for a word: a person's typing, with the odd pause."""
        for k in range(1, len(word) + 1):
            gap = self.rng.uniform(*fast)
            if self.rng.random() < 0.08:
                gap += self.rng.uniform(0.6, 2.5)
            yield k, gap


# ====================================================================================== energy

APPLIANCES = ["Dishwasher", "Washing machine", "Tumble dryer", "Water heater", "Pool pump"]
NEW_APPLIANCES = ["Heat pump boost", "Garage freezer", "Dehumidifier", "Bread maker"]
DEVICES = [("dev_inv", "SolarEdge SE5000H"), ("dev_bat", "Home Battery 13.5"), ("dev_met", "P1 Smart Meter"),
           ("dev_evse", "Wallbox Pulsar Plus")]


class Energy(_Base):
    """Wattwise: solar, battery, meter, EV charger, tariff, schedule, charts, cloud."""

    name = "energy"
    module = "Wattwise"
    process = "Wattwise"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        _Base.__init__(self, session)
        rng = self.rng
        self.active = True
        self.tab = "dashboard"
        self.solar = rng.uniform(1300.0, 2300.0)       # W, a November late morning
        self.home = rng.uniform(380.0, 820.0)
        self.batt_pct = rng.uniform(98.3, 99.4)
        self.batt_w = rng.uniform(2600.0, 3800.0)      # charging from the cheap slot and the sun
        self.ev_kw = 0.0
        self.ev_kwh = 0.0
        self.limit = rng.choice([10, 13, 16, 16, 16])   # A per phase, an 11 kW wallbox
        self.outage = False
        self.charging = False
        self.plugged = True
        self.inv_failing = 0
        self.pending_sync = 0
        self.prices = [round(rng.uniform(8.0, 34.0), 1) for _ in range(24)]
        self.revision = rng.randint(40, 90)
        self.appliance_ids = [self.sid("apl", 5) for _ in APPLIANCES[:rng.randint(3, 5)]]
        self.alert_ids = []
        self.reserve = rng.choice([10, 15, 20, 25, 30])
        self.mode = "timeOfUse"
        self.full_raised = False
        self.rssi = {d: rng.randint(-72, -48) for d, _ in DEVICES}
        self.running = self.appliance_ids[0]             # the dishwasher, on a smart plug, mid-cycle
        self.plug_w = rng.uniform(1800.0, 2100.0)
        appliances = [St(self.st("Appliance"), [("id", text(a)), ("name", text(n)),
                                                 ("status", self.case("running" if a == self.running else "idle",
                                                                      "Appliance.Status")),
                                                 ("plannedStart", NIL), ("estimatedCostCents", NIL),
                                                 ("powerW", num(int(self.plug_w)) if a == self.running else NIL)])
                      for a, n in zip(self.appliance_ids, APPLIANCES)]
        devices = {d: St(self.st("Device"), [("id", text(d)), ("name", text(n)), ("isOnline", boolean(True)),
                                             ("rssi", num(self.rssi[d]))]) for d, n in DEVICES}
        self.state = St(self.st("AppFeature"), [
            ("selectedTab", self.case("dashboard", "Tab")),
            ("live", St(self.st("Live"), [("solarW", num(int(self.solar))), ("homeW", num(int(self.home))),
                                          ("gridW", num(0)), ("batteryW", num(0)), ("evW", num(0)),
                                          ("gridStatus", self.case("connected", "GridStatus")),
                                          ("phasesW", St("PhasePowers", [("l1", num(0)), ("l2", num(0)), ("l3", num(0))])),
                                          ("gridVoltage", num(230.0)), ("updatedAt", NIL)])),
            ("inverter", St(self.st("Inverter"), [("status", self.case("producing", "Inverter.Status")),
                                                  ("acPowerW", num(int(self.solar))), ("dcVoltage", num(380.0)),
                                                  ("strings", Arr(St("MPPTString", [("voltage", num(0.0)), ("currentA", num(0.0))])
                                                                  for _ in range(2))),
                                                  ("temperatureC", num(31.0)), ("isPolling", boolean(False)),
                                                  ("consecutiveFailures", num(0))])),
            ("battery", St(self.st("Battery"), [("percent", self.fv(self.batt_pct)), ("powerW", num(0)),
                                                ("reservePercent", num(self.reserve)),
                                                ("mode", self.case(self.mode, "Battery.Mode")),
                                                ("cellTemperatureC", num(21.5)),
                                                ("modules", Arr(St("BatteryModule", [("index", num(k)),
                                                                                    ("voltage", num(51.2)),
                                                                                    ("temperatureC", num(21.5))])
                                                                for k in range(4)))])),
            ("charger", St(self.st("Charger"), [("status", self.case("pluggedIn", "Charger.Status")),
                                                ("currentLimit", num(self.limit)), ("appliedLimit", num(self.limit)),
                                                ("session", NIL),
                                                ("isRequestInFlight", boolean(False)), ("lastError", NIL)])),
            ("tariff", St(self.st("Tariff"), [("currentCents", NIL), ("slots", Arr()), ("revision", num(0)),
                                              ("fetchedAt", NIL), ("isLoading", boolean(True))])),
            ("schedule", St(self.st("Schedule"), [("appliances", Arr(appliances))])),
            ("devices", Dic(devices)),
            ("charts", St(self.st("Charts"), [("range", self.case("today", "Charts.Range")), ("bars", Arr()),
                                              ("totalKWh", NIL), ("selectedIndex", NIL),
                                              ("isLoading", boolean(False))])),
            ("alerts", Arr()),
            ("cloud", St(self.st("Cloud"), [("account", NIL), ("status", self.case("idle", "Cloud.Status")),
                                            ("lastSyncedAt", NIL), ("pendingChanges", num(0))])),
            ("destination", NIL),
            ("now", self.date(0)),
            ("scenePhase", self.case("active", "ScenePhase"))])

    # -- paths and actions
    def feat(self, field, feature, case_name, *args, **kw):
        return self.act(field, A(self.at(feature), case_name, *args, **kw))

    def apl_path(self, a, *rest):
        return ("schedule", "appliances", ("i", self.appliance_ids.index(a))) + rest

    def apl(self, a, inner):
        return self.act("schedule", A(self.at("Schedule"), "appliances",
                                      self.element("Appliance", q(a), inner)))

    def dest(self):
        d = self.get(("destination",))
        return d.case if isinstance(d, En) else None

    def grid_w(self):
        if self.outage:
            return 0
        return int(round(self.home + self.ev_kw * 1000 + self.batt_w - self.solar))

    # -- noise: the devices' streams and the timers
    @noise
    def meter_reading(self):
        self.home = max(180.0, min(2600.0, self.home + self.rng.gauss(0, 25)
                                   + (self.rng.uniform(900, 1800) if self.rng.random() < 0.01 else 0)
                                   - (self.home - 600) * 0.01))
        v = 0.0 if self.outage else round(self.rng.gauss(231.0, 1.2), 1)
        g = self.grid_w()
        split = [self.rng.uniform(0.25, 0.42) for _ in range(3)]
        phases = [int(round(g * x / sum(split))) for x in split]
        self.set(("live", "gridW"), num(g))
        for name, w in zip(("l1", "l2", "l3"), phases):
            self.set(("live", "phasesW", name), num(w))
        self.set(("live", "homeW"), num(int(self.home)))
        self.set(("live", "gridVoltage"), num(v))
        self.set(("live", "updatedAt"), self.date())
        return self.feat("meter", "Meter", "readingReceived", Struct("MeterReading", [
            ("importW", self.i(max(0, g))), ("exportW", self.i(max(0, -g))), ("voltage", self.f(v)),
            ("phasesW", Raw("[%s]" % ", ".join(str(w) for w in phases))),
            ("totalImportKWh", self.f(18234.112 + self.now / 3600 * 0.4, 3)),
            ("frequencyHz", self.f(0.0 if self.outage else self.rng.gauss(50.0, 0.015), 3))]))

    @noise
    def battery_telemetry(self):
        dt = 1.0
        if self.outage:
            self.batt_w = -(self.home + 40)
        elif self.batt_pct >= 100.0:
            self.batt_w = 0.0
        else:
            self.batt_w = max(300.0, self.batt_w + self.rng.gauss(0, 40))
        self.batt_pct = max(0.0, min(100.0, self.batt_pct + self.batt_w * dt / 13500.0 * 100 / 3600))
        pct = round(self.batt_pct, 1)
        self.set(("battery", "percent"), self.fv(pct))
        self.set(("battery", "powerW"), num(int(self.batt_w)))
        self.set(("battery", "cellTemperatureC"), self.fv(21.5 + abs(self.batt_w) / 1500 + self.rng.gauss(0, 0.1)))
        self.set(("live", "batteryW"), num(int(self.batt_w)))
        mods = []
        for k in range(4):
            mv = round(51.0 + self.batt_pct / 100 * 3.2 + self.batt_w / 40000 + self.rng.gauss(0, 0.012), 2)
            mt = round(21.5 + k * 0.4 + abs(self.batt_w) / 1500 + self.rng.gauss(0, 0.05), 1)
            mods.append((mv, mt))
            self.set(("battery", "modules", ("i", k), "voltage"), num(mv))
            self.set(("battery", "modules", ("i", k), "temperatureC"), num(mt))
        if pct >= 100.0 and not self.full_raised:
            self.full_raised = True
            self.after(self.rng.uniform(0.05, 0.3), self.battery_full)
        return self.feat("battery", "Battery", "telemetryReceived", Struct("BatteryTelemetry", [
            ("stateOfCharge", self.f(pct)), ("powerW", self.i(self.batt_w)),
            ("cellTemperatureC", self.f(21.5 + abs(self.batt_w) / 1500)),
            ("moduleVoltages", Raw("[%s]" % ", ".join(repr(m[0]) for m in mods)))]))

    @noise
    def inverter_poll(self):
        if self.get(("inverter", "isPolling")).cd == "true":
            return self.feat("inverter", "Inverter", "pollTimerFired")    # still waiting: skipped
        self.set(("inverter", "isPolling"), boolean(True))
        ok = not (self.inv_failing > 0)
        if self.inv_failing > 0:
            self.inv_failing -= 1
            self.after(3.0, self.inverter_failed)          # the request's timeout
        else:
            self.after(self.rng.uniform(0.12, 0.45), self.inverter_reading)
        return self.feat("inverter", "Inverter", "pollTimerFired")

    # reason: the answer to the 5 s poll timer, a measurement; counts for no more than its trigger
    @noise
    def inverter_reading(self):
        self.solar = max(200.0, min(3600.0, self.solar + self.rng.gauss(0, 60) - (self.solar - 1800) * 0.02))
        temp = round(31.0 + self.solar / 900 + self.rng.gauss(0, 0.2), 1)
        dc = round(self.rng.gauss(372.0, 3.0), 1)
        self.set(("inverter", "isPolling"), boolean(False))
        self.set(("inverter", "acPowerW"), num(int(self.solar)))
        self.set(("inverter", "dcVoltage"), num(dc))
        strings = []
        for k, share in enumerate((0.56, 0.44)):
            sv = round(dc + self.rng.gauss(0, 2.5), 1)
            sa = round(self.solar * share / max(1.0, sv) + self.rng.gauss(0, 0.03), 2)
            strings.append((sv, sa))
            self.set(("inverter", "strings", ("i", k), "voltage"), num(sv))
            self.set(("inverter", "strings", ("i", k), "currentA"), num(sa))
        self.set(("inverter", "temperatureC"), num(temp))
        self.set(("inverter", "consecutiveFailures"), num(0))
        self.set(("inverter", "status"), self.case("producing", "Inverter.Status"))
        self.set(("live", "solarW"), num(int(self.solar)))
        return self.feat("inverter", "Inverter", "readingResponse", self.result("InverterReading", True, Struct(
            "InverterReading", [("acPowerW", self.i(self.solar)), ("dcVoltage", self.f(dc)),
                                ("temperatureC", self.f(temp)), ("energyTodayKWh", self.f(3.1 + self.now / 3600 * 1.8, 2)),
                                ("strings", Raw("[%s]" % ", ".join("MPPTString(voltage: %r, currentA: %r)" % x for x in strings)))])))

    # reason: the inverter stops answering (a real failure the reader must see), though it rides the poll
    @signal
    def inverter_failed(self):
        n = int(self.get(("inverter", "consecutiveFailures")).cd) + 1
        self.set(("inverter", "isPolling"), boolean(False))
        self.set(("inverter", "consecutiveFailures"), num(n))
        if n >= 2:
            self.set(("inverter", "status"), self.case("unreachable", "Inverter.Status"))
        return self.feat("inverter", "Inverter", "readingResponse", self.result("InverterReading", False, Struct(
            "URLError", [("code", Raw("-1001")), ("host", q("192.168.1.40"))])))

    @noise
    def rssi_updated(self, d):
        self.rssi[d] = max(-88, min(-40, self.rssi[d] + self.rng.choice([-2, -1, -1, 0, 0, 0, 1, 1, 2])))
        self.set(("devices", ("k", d), "rssi"), num(self.rssi[d]))
        return self.feat("devices", "Devices", "device",
                         self.element("Device", q(d), A(self.at("Device"), "signalStrengthUpdated",
                                                         self.i(self.rssi[d]))))

    @noise
    def charger_telemetry(self):
        if not self.charging:
            return None
        kw = max(1.4, min(self.limit * 0.69, self.ev_kw + self.rng.gauss(0, 0.05)))
        self.ev_kw = round(kw, 2)
        self.ev_kwh = round(self.ev_kwh + self.ev_kw * 5 / 3600, 3)
        self.set(("charger", "session", "powerKW"), num(self.ev_kw))
        self.set(("charger", "session", "energyKWh"), num(self.ev_kwh))
        self.set(("live", "evW"), num(int(self.ev_kw * 1000)))
        return self.feat("charger", "Charger", "telemetryReceived", Struct("ChargerTelemetry", [
            ("powerKW", self.f(self.ev_kw, 2)), ("energyKWh", self.f(self.ev_kwh, 3)),
            ("phaseCurrentsA", Raw("[%s]" % ", ".join(repr(round(self.ev_kw * 1000 / 690 + self.rng.gauss(0, 0.1), 1))
                                                     for _ in range(3))))]))

    @noise
    def clock_ticked(self):
        self.set(("now",), self.date())
        return self.feat("dashboard", "Dashboard", "clockTicked")

    @noise
    def sync_timer(self):
        if self.get(("cloud", "account")) is NIL:
            return self.feat("cloud", "Cloud", "syncTimerFired")
        self.set(("cloud", "status"), self.case("syncing", "Cloud.Status"))
        self.after(self.rng.uniform(0.3, 1.4), self.sync_response)
        return self.feat("cloud", "Cloud", "syncTimerFired")

    # reason: the answer to the one-minute sync timer; it mostly stamps lastSyncedAt
    @noise
    def sync_response(self):
        n, self.pending_sync = self.pending_sync + self.rng.randint(0, 2), 0
        self.set(("cloud", "status"), self.case("idle", "Cloud.Status"))
        self.set(("cloud", "lastSyncedAt"), self.date())
        self.set(("cloud", "pendingChanges"), num(0))
        return self.feat("cloud", "Cloud", "syncResponse", self.result("SyncResult", True, Struct("SyncResult", [
            ("uploadedSamples", self.i(60 + n)), ("cursor", q(self.uid()[:12]))])))

    # reason: the tariff server re-sending the price table, at most nudging a slot or two
    @noise
    def prices_pushed(self):
        self.revision += 1
        changed = 0
        if self.get(("tariff", "slots")).items:
            for _ in range(self.rng.choice([0, 0, 1, 1, 2])):
                k = self.rng.randrange(1, 24)
                self.prices[k] = round(self.prices[k] + self.rng.gauss(0, 0.8), 1)
                self.set(("tariff", "slots", ("i", k), "cents"), num(self.prices[k]))
                changed += 1
            self.set(("tariff", "revision"), num(self.revision))
        return self.feat("tariff", "Tariff", "pricesPushed", Struct("PriceUpdate", [
            ("revision", self.i(self.revision)), ("changedSlots", self.i(changed)), ("area", q("NL"))]))

    @noise
    def scrubbed(self, x):
        n = len(self.get(("charts", "bars")).items) or 24
        idx = max(0, min(n - 1, int(x / (340.0 / n))))
        self.set(("charts", "selectedIndex"), num(idx))
        return self.feat("charts", "Charts", "scrubbed", x=self.f(x))

    # reason: a slider's binding, one per step of the person's drag: it streams one number; the release's response is the signal
    @noise
    def limit_dragged(self, amps):
        self.limit = amps
        self.set(("charger", "currentLimit"), num(amps))
        return self.act("charger", self.binding("Charger", "currentLimit", self.i(amps)))

    # reason: the reserve slider's binding per step of a drag (the mode picker beside it is signal)
    @noise
    def reserve_dragged(self, pct):
        if self.dest() != "batterySettings":
            return None
        self.set(("destination", ("e", "batterySettings"), "reservePercent"), num(pct))
        return self.pres("batterySettings", self.binding("BatterySettings", "reservePercent", self.i(pct)))

    # -- either
    @either
    def appliance_name_typed(self, value):
        if self.dest() != "applianceEditor":
            return None
        self.set(("destination", ("e", "applianceEditor"), "name"), text(value))
        return self.pres("applianceEditor", self.binding("ApplianceEditor", "name", q(value)))

    # -- signal: launch, responses, events
    @signal
    def app_launched(self):
        return self.act("task")

    @signal
    def session_restored(self):
        self.set(("cloud", "account"), St("Account", [("email", text("m.devries@example.nl")),
                                                      ("homeID", text("home_5521")), ("plan", text("plus"))]))
        return self.feat("cloud", "Cloud", "sessionRestored", self.result("Account", True, Struct("Account", [
            ("email", q("m.devries@example.nl")), ("homeID", q("home_5521"))])))

    # reason: the answer to the launch's, the refresh's or the return to foreground's request for prices: new slots
    @signal
    def prices_response(self, ok=True):
        self.set(("tariff", "isLoading"), boolean(False))
        if not ok:
            return self.feat("tariff", "Tariff", "pricesResponse", self.result("PriceTable", False, Struct(
                "APIError", [("status", Raw("503")), ("message", q("upstream unavailable"))])))
        self.revision += 1
        slots = [St("PriceSlot", [("start", self.date(3600 * h - 0)), ("cents", num(p))])
                 for h, p in enumerate(self.prices)]
        self.set(("tariff", "slots"), Arr(slots))
        self.set(("tariff", "currentCents"), num(self.prices[0]))
        self.set(("tariff", "revision"), num(self.revision))
        self.set(("tariff", "fetchedAt"), self.date())
        return self.feat("tariff", "Tariff", "pricesResponse", self.result("PriceTable", True, Struct("PriceTable", [
            ("slots", self.i(24)), ("currency", q("EUR")), ("revision", self.i(self.revision)),
            ("cheapestHour", self.i(min(range(24), key=lambda h: self.prices[h])))])))

    @signal
    def refresh_pulled(self):
        self.set(("tariff", "isLoading"), boolean(True))
        return self.feat("dashboard", "Dashboard", "refreshPulled")

    @signal
    def tab_selected(self, tab):
        self.tab = tab
        self.set(("selectedTab",), self.case(tab, "Tab"))
        return self.act("tabSelected", self.enum("Tab", tab))

    @signal
    def scene_phase(self, phase):
        self.set(("scenePhase",), self.case(phase, "ScenePhase"))
        return self.act("scenePhaseChanged", self.enum("ScenePhase", phase))

    @signal
    def range_picked(self, rng_name):
        self.set(("charts", "range"), self.case(rng_name, "Charts.Range"))
        self.set(("charts", "isLoading"), boolean(True))
        self.set(("charts", "selectedIndex"), NIL)
        return self.act("charts", self.binding("Charts", "range", Raw("." + rng_name)))

    @signal
    def history_response(self):
        rng_name = self.get(("charts", "range")).cd[1:]
        n = 24 if rng_name == "today" else 30
        bars = [num(round(abs(self.rng.gauss(0.9 if rng_name == "today" else 14.0, 0.4 if rng_name == "today"
                                             else 4.0)), 2)) for _ in range(n)]
        total = round(sum(float(x.cd) for x in bars), 1)
        self.set(("charts", "bars"), Arr(bars))
        self.set(("charts", "totalKWh"), num(total))
        self.set(("charts", "isLoading"), boolean(False))
        return self.feat("charts", "Charts", "historyResponse", self.result("EnergyHistory", True, Struct(
            "EnergyHistory", [("range", Raw("." + rng_name)), ("bars", self.i(n)), ("totalKWh", self.f(total)),
                              ("selfSufficiency", self.f(self.rng.uniform(0.3, 0.7), 2))])))

    # reason: the finger leaving the chart, once per scrub the person made (clears the selection)
    @signal
    def scrub_ended(self):
        self.set(("charts", "selectedIndex"), NIL)
        return self.feat("charts", "Charts", "scrubEnded")

    @signal
    def start_charging(self):
        self.set(("charger", "isRequestInFlight"), boolean(True))
        self.set(("charger", "lastError"), NIL)
        return self.feat("charger", "Charger", "startChargingTapped")

    @signal
    def start_response(self, ok):
        self.set(("charger", "isRequestInFlight"), boolean(False))
        if not ok:
            self.set(("charger", "lastError"), text("Vehicle not ready (EV_NOT_READY)"))
            return self.feat("charger", "Charger", "startResponse", self.result("ChargingSession", False, Struct(
                "ChargerError", [("code", q("EV_NOT_READY")), ("retryable", Raw("true"))])))
        sid = self.sid("ses", 8)
        self.charging = True
        self.ev_kw = round(self.limit * 0.69 * self.rng.uniform(0.9, 0.98), 2)
        self.ev_kwh = 0.0
        self.set(("charger", "status"), self.case("charging", "Charger.Status"))
        self.set(("charger", "session"), St("ChargingSession", [("id", text(sid)), ("startedAt", self.date()),
                                                                ("powerKW", num(self.ev_kw)), ("energyKWh", num(0.0))]))
        return self.feat("charger", "Charger", "startResponse", self.result("ChargingSession", True, Struct(
            "ChargingSession", [("id", q(sid)), ("maxCurrentA", self.i(self.limit))])))

    @signal
    def stop_charging(self):
        self.set(("charger", "isRequestInFlight"), boolean(True))
        return self.feat("charger", "Charger", "stopChargingTapped")

    @signal
    def stop_response(self):
        self.charging = False
        kwh = self.ev_kwh
        self.ev_kw = 0.0
        self.set(("charger", "isRequestInFlight"), boolean(False))
        self.set(("charger", "status"), self.case("pluggedIn", "Charger.Status"))
        self.set(("charger", "session"), NIL)
        self.set(("live", "evW"), num(0))
        return self.feat("charger", "Charger", "stopResponse", self.result("SessionSummary", True, Struct(
            "SessionSummary", [("energyKWh", self.f(kwh, 3)), ("costCents", self.i(kwh * self.prices[0]))])))

    # reason: the charger's answer to the person's new limit, sent once on the slider's release
    @signal
    def limit_committed(self):
        self.set(("charger", "appliedLimit"), num(self.limit))
        return self.feat("charger", "Charger", "currentLimitResponse", self.result("ChargerConfig", True, Struct(
            "ChargerConfig", [("maxCurrentA", self.i(self.limit)), ("phases", Raw("3"))])))

    # reason: the wallbox changes status on its own (the outage), a status change the reader must see
    @signal
    def charger_suspended(self, suspended):
        if not self.charging:
            return None
        self.set(("charger", "status"), self.case("suspended" if suspended else "charging", "Charger.Status"))
        if suspended:
            self.ev_kw = 0.0
            self.set(("live", "evW"), num(0))
        else:
            self.ev_kw = round(self.limit * 0.69 * 0.95, 2)
        return self.feat("charger", "Charger", "statusChanged",
                         self.enum("Charger.Status", "suspended" if suspended else "charging"))

    @signal
    def battery_tapped(self):
        self.set(("destination",), self.present("batterySettings", St(self.st("BatterySettings"), [
            ("reservePercent", num(self.reserve)), ("mode", self.case(self.mode, "Battery.Mode")),
            ("isSaving", boolean(False))])))
        return self.feat("dashboard", "Dashboard", "batteryTapped")

    @signal
    def mode_picked(self, mode):
        if self.dest() != "batterySettings":
            return None
        self.set(("destination", ("e", "batterySettings"), "mode"), self.case(mode, "Battery.Mode"))
        return self.pres("batterySettings", self.binding("BatterySettings", "mode", Raw("." + mode)))

    @signal
    def battery_save_tapped(self):
        if self.dest() != "batterySettings":
            return None
        self.set(("destination", ("e", "batterySettings"), "isSaving"), boolean(True))
        return self.pres("batterySettings", A(self.at("BatterySettings"), "saveButtonTapped"))

    @signal
    def battery_saved(self):
        if self.dest() != "batterySettings":
            return None
        d = self.get(("destination", ("e", "batterySettings")))
        self.reserve = int(d.f["reservePercent"].cd)
        self.mode = d.f["mode"].cd[1:]
        self.set(("destination", ("e", "batterySettings"), "isSaving"), boolean(False))
        self.set(("battery", "reservePercent"), num(self.reserve))
        self.set(("battery", "mode"), self.case(self.mode, "Battery.Mode"))
        self.pending_sync += 1
        return self.pres("batterySettings", A(self.at("BatterySettings"), "saveResponse", self.result(
            "BatteryConfig", True, Struct("BatteryConfig", [("reservePercent", self.i(self.reserve)),
                                                             ("mode", Raw("." + self.mode))]))))

    @signal
    def dismissed(self):
        if self.dest() is None:
            return None
        self.set(("destination",), NIL)
        return self.dismiss()

    @signal
    def run_cheapest(self, a):
        self.set(self.apl_path(a, "status"), self.case("planning", "Appliance.Status"))
        return self.apl(a, A(self.at("Appliance"), "runWhenCheapestTapped"))

    # reason: the smart plug's 10 s meter report, a measurement like the meter's
    @noise
    def plug_power(self):
        a = self.running
        if a is None:
            return None
        # a dishwasher: heating, then washing with the pump, then heating again for the rinse
        phase = int(self.now // 150) % 3
        base = 60.0 if phase == 1 else 1950.0
        self.plug_w = max(0.0, base + self.rng.gauss(0, 25 if phase != 1 else 8))
        self.set(self.apl_path(a, "powerW"), num(int(self.plug_w)))
        return self.apl(a, A(self.at("Appliance"), "plugReported", Struct("PlugReading", [
            ("powerW", self.i(self.plug_w)), ("energyKWh", self.f(0.42 + self.now / 3600 * 1.1, 3))])))

    # reason: sent by the plug's cloud, not the person, but it is an event: the cycle ended
    @signal
    def run_finished(self):
        a, self.running = self.running, None
        self.set(self.apl_path(a, "status"), self.case("idle", "Appliance.Status"))
        self.set(self.apl_path(a, "powerW"), NIL)
        return self.apl(a, A(self.at("Appliance"), "runFinished", Struct("RunSummary", [
            ("energyKWh", self.f(self.rng.uniform(0.9, 1.3), 2)), ("costCents", self.i(self.rng.randint(14, 30)))])))

    @signal
    def plan_response(self, a):
        if a not in self.appliance_ids:
            return None
        h = min(range(1, 24), key=lambda k: self.prices[k])
        cost = int(self.prices[h] * self.rng.uniform(0.8, 2.4))
        self.set(self.apl_path(a, "status"), self.case("scheduled", "Appliance.Status"))
        self.set(self.apl_path(a, "plannedStart"), self.date(3600 * h))
        self.set(self.apl_path(a, "estimatedCostCents"), num(cost))
        self.pending_sync += 1
        return self.apl(a, A(self.at("Appliance"), "planResponse", self.result("RunPlan", True, Struct("RunPlan", [
            ("startHour", self.i((10 + h) % 24)), ("priceCents", self.f(self.prices[h])),
            ("estimatedCostCents", self.i(cost))]))))

    @signal
    def cancel_run(self, a):
        self.set(self.apl_path(a, "status"), self.case("idle", "Appliance.Status"))
        self.set(self.apl_path(a, "plannedStart"), NIL)
        self.set(self.apl_path(a, "estimatedCostCents"), NIL)
        self.pending_sync += 1
        return self.apl(a, A(self.at("Appliance"), "cancelTapped"))

    @signal
    def add_appliance_tapped(self):
        self.set(("destination",), self.present("applianceEditor", St(self.st("ApplianceEditor"), [
            ("name", text("")), ("durationMinutes", num(60)), ("isSaving", boolean(False))])))
        return self.feat("schedule", "Schedule", "addButtonTapped")

    # reason: each stepper tap is a person's intent, though it nudges one number
    @signal
    def duration_stepped(self, minutes):
        if self.dest() != "applianceEditor":
            return None
        self.set(("destination", ("e", "applianceEditor"), "durationMinutes"), num(minutes))
        return self.pres("applianceEditor", self.binding("ApplianceEditor", "durationMinutes", self.i(minutes)))

    @signal
    def editor_save(self):
        if self.dest() != "applianceEditor":
            return None
        self.set(("destination", ("e", "applianceEditor"), "isSaving"), boolean(True))
        return self.pres("applianceEditor", A(self.at("ApplianceEditor"), "saveButtonTapped"))

    @signal
    def editor_delegate(self):
        if self.dest() != "applianceEditor":
            return None
        d = self.get(("destination", ("e", "applianceEditor")))
        name = d.f["name"].df
        a = self.sid("apl", 5)
        self.appliance_ids.append(a)
        self.append(("schedule", "appliances"), St(self.st("Appliance"), [
            ("id", text(a)), ("name", text(name)), ("status", self.case("idle", "Appliance.Status")),
            ("plannedStart", NIL), ("estimatedCostCents", NIL), ("powerW", NIL)]))
        self.set(("destination",), NIL)
        self.pending_sync += 1
        return self.pres("applianceEditor", A(self.at("ApplianceEditor"), "delegate", A(
            self.at("ApplianceEditor") + ".Delegate" if self.tca1 else "ApplianceEditorAction.Delegate",
            "didSave", Struct("Appliance", [("id", q(a)), ("name", q(name)),
                                            ("durationMinutes", Raw(d.f["durationMinutes"].cd))]))))

    @signal
    def outage_detected(self):
        self.outage = True
        aid = self.sid("alr", 6)
        self.alert_ids.append(aid)
        self.append(("alerts",), St("Alert", [("id", text(aid)), ("kind", self.case("gridOutage", "Alert.Kind")),
                                              ("raisedAt", self.date())]))
        self.set(("live", "gridW"), num(0))
        self.set(("live", "gridStatus"), self.case("islanded", "GridStatus"))
        return self.feat("alerts", "Alerts", "gridOutageDetected", Struct("OutageEvent", [
            ("detectedAt", Raw("Date(%s)" % self.date().df)), ("islanded", Raw("true"))]))

    @signal
    def grid_restored(self):
        self.outage = False
        self.batt_w = self.rng.uniform(800, 1600)
        self.set(("live", "gridStatus"), self.case("connected", "GridStatus"))
        return self.feat("alerts", "Alerts", "gridRestored", Struct("RestoreEvent", [
            ("outageSeconds", self.i(self.rng.randint(60, 400)))]))

    @signal
    def battery_full(self):
        aid = self.sid("alr", 6)
        self.alert_ids.append(aid)
        self.append(("alerts",), St("Alert", [("id", text(aid)), ("kind", self.case("batteryFull", "Alert.Kind")),
                                              ("raisedAt", self.date())]))
        return self.feat("alerts", "Alerts", "batteryFull", Struct("BatteryEvent", [("stateOfCharge", Raw("100.0"))]))

    @signal
    def alert_dismissed(self, aid):
        i = self.alert_ids.index(aid)
        self.remove_at(("alerts",), i)
        self.alert_ids.pop(i)
        return self.feat("alerts", "Alerts", "alert", self.element("Alert", q(aid), A(self.at("Alert"), "dismissTapped")))

    # reason: a cloud push, but a new event: another household member scheduled an appliance
    @signal
    def remote_change(self):
        idle = [a for a in self.appliance_ids
                if self.get(self.apl_path(a, "status")).cd == ".idle"]
        if not idle:
            return None
        a = self.rng.choice(idle)
        h = self.rng.randrange(2, 24)
        self.set(self.apl_path(a, "status"), self.case("scheduled", "Appliance.Status"))
        self.set(self.apl_path(a, "plannedStart"), self.date(3600 * h))
        return self.feat("cloud", "Cloud", "remoteChangeReceived", Struct("RemoteChange", [
            ("by", q("Sanne")), ("applianceID", q(a)), ("startHour", self.i((10 + h) % 24))]))

    @signal
    def device_restart(self, d):
        self.set(("devices", ("k", d), "isOnline"), boolean(False))
        return self.feat("devices", "Devices", "device", self.element("Device", q(d), A(self.at("Device"), "restartTapped")))

    @signal
    def device_back(self, d):
        self.set(("devices", ("k", d), "isOnline"), boolean(True))
        return self.feat("devices", "Devices", "device", self.element("Device", q(d), A(
            self.at("Device"), "restartResponse", self.result("DeviceStatus", True, Struct("DeviceStatus", [
                ("firmware", q("4.18.2")), ("uptimeSeconds", Raw("12"))])))))

    # -- processes
    def processes(self):
        on = lambda: self.active
        ps = [self.periodic(self.meter_reading, 1.0, 0.08, when=on),
              self.periodic(self.battery_telemetry, 1.0, 0.05, when=on),
              self.periodic(self.inverter_poll, 5.0, 0.02, when=on),
              self.periodic(self.charger_telemetry, 5.0, 0.2, when=on),
              self.periodic(self.plug_power, 10.0, 0.4, when=on),
              self.periodic(self.clock_ticked, 30.0, 0.01, when=on),
              self.periodic(self.sync_timer, 60.0, 0.05, first=self.rng.uniform(5, 20), when=on),
              self.poisson(self.prices_pushed, 150.0, when=on),
              self.launch(), self.person(), self.grid(), self.lifecycle(), self.inverter_wifi(), self.household()]
        for d, _ in DEVICES:
            ps.append(self.periodic(self.rssi_updated, 30.0, 0.5, when=on, args=(d,)))
        return ps

    def launch(self):
        rng = self.rng
        self.after(rng.uniform(200, 640), self.run_finished)
        yield 0.05
        self.emit(self.app_launched)
        yield rng.uniform(0.2, 0.6)
        self.emit(self.session_restored)
        yield rng.uniform(0.3, 0.9)
        self.emit(self.prices_response, True)

    def lifecycle(self):
        rng = self.rng
        while True:
            yield rng.uniform(150, 400)
            if self.dest() is not None:
                continue
            self.active = False
            self.emit(self.scene_phase, "inactive")
            yield rng.uniform(0.3, 0.8)
            self.emit(self.scene_phase, "background")
            yield rng.uniform(20, 90)
            self.emit(self.scene_phase, "active")
            self.active = True
            yield rng.uniform(0.4, 1.2)
            self.emit(self.prices_response, rng.random() < 0.9)

    def grid(self):
        rng = self.rng
        if rng.random() > 0.65:
            return
        yield rng.uniform(120, 560)
        self.emit(self.outage_detected)
        yield rng.uniform(1, 4)
        self.emit(self.charger_suspended, True)
        yield rng.uniform(40, 200)
        self.emit(self.grid_restored)
        yield rng.uniform(3, 20)
        self.emit(self.charger_suspended, False)

    def inverter_wifi(self):
        while True:
            yield self.expo(300)
            self.inv_failing = self.rng.randint(1, 4)

    def household(self):
        while True:
            yield self.expo(420)
            if self.active:
                self.emit(self.remote_change)

    def person(self):
        rng = self.rng
        think = self.think((2.5, 7.0), (10.0, 30.0), (40, 140), (30, 120))
        yield rng.uniform(2.0, 5.0)
        while True:
            yield next(think)
            if not self.active:
                continue
            r = rng.random()
            if self.dest() is not None:
                yield from self.dismiss_sheet()
                continue
            if r < 0.16:                                   # another tab
                tabs = [t for t in ("dashboard", "charts", "devices", "schedule") if t != self.tab]
                self.emit(self.tab_selected, rng.choice(tabs))
            elif self.tab == "charts" and r < 0.55:
                if rng.random() < 0.35:
                    other = "month" if self.get(("charts", "range")).cd == ".today" else "today"
                    self.emit(self.range_picked, other)
                    yield rng.uniform(0.3, 1.1)
                    self.emit(self.history_response)
                else:
                    if not self.get(("charts", "bars")).items:
                        self.emit(self.history_response)
                        yield rng.uniform(1, 3)
                    x0 = rng.uniform(10, 330)
                    x1 = rng.uniform(10, 330)
                    hz = 60.0
                    n = max(6, int(hz * rng.uniform(0.6, 3.5)))
                    yield from self.gesture(self.scrubbed, hz=hz, duration=n / hz, args=lambda k: (
                        max(0.0, min(340.0, x0 + (x1 - x0) * (k + 1) / n + rng.gauss(0, 1.5))),))
                    self.emit(self.scrub_ended)
            elif self.tab == "schedule" and r < 0.55:
                idle = [a for a in self.appliance_ids if self.get(self.apl_path(a, "status")).cd == ".idle"]
                sched = [a for a in self.appliance_ids if self.get(self.apl_path(a, "status")).cd == ".scheduled"]
                k = rng.random()
                if k < 0.5 and idle:
                    a = rng.choice(idle)
                    self.emit(self.run_cheapest, a)
                    yield rng.uniform(0.4, 1.5)
                    self.emit(self.plan_response, a)
                elif k < 0.75 and sched:
                    self.emit(self.cancel_run, rng.choice(sched))
                else:
                    yield from self.add_appliance()
            elif self.tab == "devices" and r < 0.3:
                d = rng.choice([d for d, _ in DEVICES])
                if self.get(("devices", ("k", d), "isOnline")).cd == "true" and rng.random() < 0.3:
                    self.emit(self.device_restart, d)
                    self.after(rng.uniform(20, 45), self.device_back, d)
            elif r < 0.50:                                 # the charger
                if self.get(("charger", "isRequestInFlight")).cd == "true":
                    continue
                if not self.charging and rng.random() < 0.75:
                    self.emit(self.start_charging)
                    yield rng.uniform(0.8, 2.5)
                    self.emit(self.start_response, rng.random() < 0.85)
                elif self.charging and rng.random() < 0.35:
                    self.emit(self.stop_charging)
                    yield rng.uniform(0.6, 2.0)
                    self.emit(self.stop_response)
                elif rng.random() < 0.4:
                    goal = rng.choice([6, 8, 10, 12, 14, 16])
                    path = self.slider_steps(self.limit, goal)
                    for amps in path:
                        yield rng.uniform(0.03, 0.12)
                        self.emit(self.limit_dragged, amps)
                    if path:
                        yield rng.uniform(0.3, 0.6)            # committed on release
                        self.emit(self.limit_committed)
            elif r < 0.58:                                 # the battery sheet
                self.emit(self.battery_tapped)
                yield rng.uniform(1.5, 5.0)
                if rng.random() < 0.75:
                    goal = max(5, min(80, self.reserve + rng.choice([-15, -10, -5, 5, 10, 20])))
                    for pct in self.slider_steps(self.reserve, goal):
                        yield rng.uniform(0.02, 0.08)
                        self.emit(self.reserve_dragged, pct)
                    yield rng.uniform(1.0, 3.0)
                if rng.random() < 0.5:
                    self.emit(self.mode_picked, rng.choice(["selfConsumption", "backup", "timeOfUse"]))
                    yield rng.uniform(1.0, 3.0)
                if rng.random() < 0.8:
                    self.emit(self.battery_save_tapped)
                    yield rng.uniform(0.5, 1.5)
                    self.emit(self.battery_saved)
                yield rng.uniform(0.5, 2.0)
                self.emit(self.dismissed)
            elif r < 0.78:
                if self.tab != "dashboard":
                    self.emit(self.tab_selected, "dashboard")
                    yield rng.uniform(1, 3)
                self.emit(self.refresh_pulled)
                yield rng.uniform(0.4, 1.5)
                self.emit(self.prices_response, rng.random() < 0.92)
            elif r < 0.88 and self.alert_ids:
                self.emit(self.alert_dismissed, rng.choice(self.alert_ids))

    def slider_steps(self, start, goal):
        """The values a slider's binding takes on the way from start to goal (a drag)."""
        if start == goal:
            return []
        step = 1 if goal > start else -1
        vals = list(range(start + step, goal + step, step))
        over = self.rng.randint(0, 2)                      # overshoot and settle back
        return vals + [goal + step * k for k in range(1, over + 1)] + [goal + step * k for k in range(over - 1, -1, -1)]

    def add_appliance(self):
        rng = self.rng
        self.emit(self.add_appliance_tapped)
        yield rng.uniform(1.0, 3.0)
        word = rng.choice(NEW_APPLIANCES)
        for k, gap in self.typing(word):
            self.emit(self.appliance_name_typed, word[:k])
            yield gap
        yield rng.uniform(0.8, 3.0)
        minutes = 60
        for _ in range(rng.randint(0, 4)):
            minutes += 30
            self.emit(self.duration_stepped, minutes)
            yield rng.uniform(0.3, 0.9)
        if rng.random() < 0.85:
            self.emit(self.editor_save)
            yield rng.uniform(0.2, 0.8)
            self.emit(self.editor_delegate)
        else:
            self.emit(self.dismissed)

    def dismiss_sheet(self):
        yield self.rng.uniform(0.5, 2)
        self.emit(self.dismissed)



# ====================================================================================== kanban

TEAM = [("u_dana", "Dana Kim"), ("u_omar", "Omar Haddad"), ("u_lin", "Lin Zhou"), ("u_pia", "Pia Weber"),
        ("u_sam", "Sam Okafor"), ("u_ines", "Inès Laurent")]
ME = ("u_alex", "Alex Moreau")
LABELS = ["bug", "design", "backend", "ios", "urgent", "blocked", "copy"]
COLUMNS = [("col_backlog", "Backlog"), ("col_todo", "To do"), ("col_doing", "In progress"),
           ("col_review", "Review"), ("col_done", "Done")]
CARD_TITLES = ["Onboarding: skip button overlaps notch", "Migrate settings to SwiftData", "Dark mode icons",
               "Crash when deleting last item", "Rate limit on /v2/search", "Empty state illustrations",
               "Push token refresh on login", "Paywall copy review", "Widget shows stale count",
               "Export CSV from reports", "Accessibility labels on charts", "Flaky snapshot tests",
               "Offline queue for comments", "Android parity: filters", "Localize date pickers (de, fr)",
               "Retry uploads on cellular", "Audit analytics events", "New app icon variants",
               "Speed up cold start", "Deep link to card from email", "SSO: Okta group mapping",
               "Reduce bundle size", "Fix VoiceOver order on board", "Billing webhook retries",
               "Search highlights", "Archive old boards"]
NEW_TITLES = ["Tooltip for column limits", "Investigate memory spike on iPad", "Copy for invite email",
              "Board templates", "Keyboard shortcuts sheet"]
DESCRIPTIONS = ["Repro: open the board on an iPhone SE and rotate twice.",
                "We should batch these requests, the server sees 40 per second at peak.",
                "Design is in Figma, page Board v3. Check spacing with Pia first.",
                "Blocked on the API change, see the backend card.",
                "Steps: log out, log in with SSO, wait for the token refresh."]
COMMENTS = ["looks good to me", "can you check this on iPad too", "@Dana Kim is this still blocked",
            "pushed a fix, ready for review", "@Omar Haddad can you take this one", "moving to review",
            "I can pair on this tomorrow", "@Lin Zhou the build is green now"]
FILES = [("screenshot-board.png", 1.8), ("crash-log.txt", 0.2), ("spec-v3.pdf", 6.4), ("recording.mov", 14.0)]


class Kanban(_Base):
    """Boardly: a team board over a WebSocket, cards, comments, attachments."""

    name = "kanban"
    module = "Boardly"
    process = "Boardly"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        _Base.__init__(self, session)
        rng = self.rng
        self.active = True
        self.connected = True
        self.loaded = False
        self.col_ids = [c for c, _ in COLUMNS]
        self.cards = {}
        self.col_cards = {c: [] for c in self.col_ids}
        titles = list(CARD_TITLES)
        rng.shuffle(titles)
        for t in titles[:rng.randint(16, 22)]:
            cid = self.sid("crd", 6)
            col = rng.choice(self.col_ids)
            self.cards[cid] = {"title": t, "assignee": rng.choice([None] + [n for _, n in TEAM]),
                               "labels": sorted(rng.sample(LABELS, rng.randint(0, 2))),
                               "comments": rng.randint(0, 9), "due": None, "check": (0, rng.choice([0, 0, 3, 4, 5]))}
            self.col_cards[col].append(cid)
        self.online = rng.sample(TEAM, rng.randint(3, 4))
        self.offline = [m for m in TEAM if m not in self.online]
        self.cursor = {u: [rng.uniform(50, 1500), rng.uniform(60, 850)] for u, _ in TEAM}
        self.typing_in = {}
        self.open_card = None
        self.unread = []
        self.uploads = {}
        self.last_move = (None, None, 0)
        self.state = St(self.st("AppFeature"), [
            ("board", St(self.st("Board"), [("id", text("brd_mobile_q4")), ("name", text("Mobile — Q4")),
                                            ("columns", Arr()), ("scrollOffset", num(0.0)),
                                            ("isLoading", boolean(True))])),
            ("filter", St(self.st("Filter"), [("query", text("")), ("labels", Arr()), ("onlyMine", boolean(False)),
                                              ("matchCount", NIL)])),
            ("presence", Dic({})),
            ("drag", NIL),
            ("destination", NIL),
            ("notifications", St(self.st("Notifications"), [("unreadCount", num(0)), ("items", Arr())])),
            ("connection", St(self.st("Connection"), [("status", self.case("connecting", "Connection.Status")),
                                                      ("lastPongAt", NIL), ("reconnectAttempt", num(0))])),
            ("now", self.date(0)),
            ("scenePhase", self.case("active", "ScenePhase"))])

    # -- values, paths, actions
    def point(self, x, y):
        return St("CGPoint", [("x", num(round(x, 1))), ("y", num(round(y, 1)))])

    def apoint(self, x, y):
        return Struct("CGPoint", [("x", self.f(x)), ("y", self.f(y))])

    def card_row(self, cid):
        c = self.cards[cid]
        return St(self.st("CardRow"), [
            ("id", text(cid)), ("title", text(c["title"])), ("assignee", text(c["assignee"]) if c["assignee"] else NIL),
            ("labels", Arr(text(l) for l in c["labels"])), ("commentCount", num(c["comments"])),
            ("dueDate", c["due"] if c["due"] is not None else NIL),
            ("checklist", text("%d/%d" % c["check"]) if c["check"][1] else NIL)])

    def column(self, col):
        return St(self.st("Column"), [("id", text(col)), ("title", text(dict(COLUMNS)[col])),
                                      ("cards", Arr(self.card_row(c) for c in self.col_cards[col]))])

    def where(self, cid):
        for col in self.col_ids:
            if cid in self.col_cards[col]:
                return col, self.col_cards[col].index(cid)
        return None, None

    def cpath(self, cid, *rest):
        col, k = self.where(cid)
        return ("board", "columns", ("i", self.col_ids.index(col)), "cards", ("i", k)) + rest

    def row_act(self, cid, inner):
        col, _ = self.where(cid)
        return self.act("board", A(self.at("Board"), "columns", self.element("Column", q(col), A(
            self.at("Column"), "cards", self.element("CardRow", q(cid), inner)))))

    def rt(self, case_name, *args, **kw):
        return self.act("realtime", A(self.at("Realtime"), case_name, *args, **kw))

    def event(self, kind, fields):
        return self.rt("eventReceived", A("BoardEvent", kind, Struct(kind[0].upper() + kind[1:], fields)))

    def dpath(self, *rest):
        return ("destination", ("e", "cardDetail")) + rest

    def detail_open(self, cid=None):
        d = self.get(("destination",))
        if not isinstance(d, En) or d.case != "cardDetail":
            return False
        return cid is None or d.payload.f["id"].df == cid

    def dest(self):
        d = self.get(("destination",))
        return d.case if isinstance(d, En) else None

    def refresh_row(self, cid):
        if self.where(cid)[0] is not None:
            self.set(self.cpath(cid), self.card_row(cid))

    def set_column(self, col):
        self.set(("board", "columns", ("i", self.col_ids.index(col)), "cards"),
                 Arr(self.card_row(c) for c in self.col_cards[col]))

    # -- noise
    # reason: teammates' pointers, throttled to 10 Hz while they move: a pointer stream, whoever's pointer
    @noise
    def cursor_moved(self, u, x, y):
        if u not in self.get(("presence",)).d:
            return None
        self.cursor[u] = [x, y]
        self.set(("presence", ("k", u), "cursor"), self.point(x, y))
        return self.rt("presenceReceived", Struct("PresenceUpdate", [("userID", q(u)), ("cursor", self.apoint(x, y))]))

    # reason: presence re-announced every 30 s per teammate; it only stamps lastSeenAt
    @noise
    def presence_heartbeat(self, u):
        if u not in self.get(("presence",)).d:
            return None
        self.set(("presence", ("k", u), "lastSeenAt"), self.date())
        return self.rt("presenceHeartbeat", userID=q(u))

    # reason: an ephemeral indicator re-sent every 3 s while a teammate types; the comment itself comes as an event
    @noise
    def typing_indicator(self, u, cid, on):
        if u not in self.get(("presence",)).d:
            return None
        self.set(("presence", ("k", u), "isTyping"), boolean(on))
        self.set(("presence", ("k", u), "viewingCardID"), text(cid) if on else NIL)
        return self.rt("typingIndicator", Struct("TypingEvent", [("userID", q(u)), ("cardID", q(cid)),
                                                                 ("isTyping", self.b(on))]))

    @noise
    def pong(self):
        if not self.connected:
            return None
        self.set(("connection", "lastPongAt"), self.date())
        return self.rt("pongReceived", latencyMs=self.i(self.rng.randint(38, 140)))

    @noise
    def time_ticked(self):
        self.set(("now",), self.date())
        return self.act("relativeTimeTicked")

    @noise
    def board_scrolled(self, x):
        self.set(("board", "scrollOffset"), num(round(x, 1)))
        return self.act("board", A(self.at("Board"), "scrolled", x=self.f(x)))

    @noise
    def drag_moved(self, x, y):
        if self.get(("drag",)) is NIL:
            return None
        col = self.col_ids[max(0, min(len(self.col_ids) - 1, int((x + float(self.get(("board", "scrollOffset")).cd)) // 320)))]
        self.set(("drag", "location"), self.point(x, y))
        self.set(("drag", "targetColumnID"), text(col))
        return self.act("board", A(self.at("Board"), "dragMoved", self.apoint(x, y)))

    @noise
    def upload_progress(self, aid, fraction):
        if not self.detail_open() or aid not in self.uploads:
            return None
        k = list(self.uploads).index(aid)
        self.set(self.dpath("attachments", ("i", k), "progress"), num(round(fraction, 2)))
        return self.pres("cardDetail", A(self.at("CardDetail"), "attachments", self.element(
            "Attachment", q(aid), A(self.at("Attachment"), "uploadProgress", self.f(fraction, 2)))))

    # -- either: keystrokes in text fields
    @either
    def detail_typed(self, field, value):
        if not self.detail_open():
            return None
        self.set(self.dpath(field), text(value))
        if field == "description":
            self.set(self.dpath("saveStatus"), self.case("editing", "SaveStatus"))
        return self.pres("cardDetail", self.binding("CardDetail", field, q(value)))

    @either
    def filter_typed(self, value):
        self.set(("filter", "query"), text(value))
        n = sum(1 for c in self.cards.values() if value.lower() in c["title"].lower()) if value else None
        self.set(("filter", "matchCount"), num(n) if n is not None else NIL)
        return self.act("filter", self.binding("Filter", "query", q(value)))

    # -- signal: the board, the socket's events and the person
    @signal
    def task(self):
        return self.act("task")

    # reason: the board fetched on launch and on each reconnect (then mostly unchanged): the response to a request the reader needs
    @signal
    def board_response(self):
        self.loaded = True
        self.set(("board", "columns"), Arr(self.column(c) for c in self.col_ids))
        self.set(("board", "isLoading"), boolean(False))
        return self.act("board", A(self.at("Board"), "boardResponse", self.result("BoardSnapshot", True, Struct(
            "BoardSnapshot", [("id", q("brd_mobile_q4")), ("columns", self.i(len(self.col_ids))),
                              ("cards", self.i(len(self.cards))), ("version", self.i(self.rng.randint(4000, 9000)))]))))

    # reason: the socket (re)connecting: a connection event
    @signal
    def socket_connected(self):
        self.connected = True
        self.set(("connection", "status"), self.case("connected", "Connection.Status"))
        self.set(("connection", "reconnectAttempt"), num(0))
        for u, n in self.online:
            self.put(("presence",), u, St("Collaborator", [
                ("name", text(n)), ("cursor", self.point(*self.cursor[u])), ("viewingCardID", NIL),
                ("isTyping", boolean(False)), ("lastSeenAt", self.date())]))
        return self.rt("connected", Struct("Welcome", [("sessionID", q(self.uid()[:13])),
                                                       ("online", self.i(len(self.online)))]))

    @signal
    def socket_dropped(self):
        self.connected = False
        self.set(("connection", "status"), self.case("reconnecting", "Connection.Status"))
        for u in list(self.get(("presence",)).d):
            self.delete(("presence",), u)
        return self.rt("disconnected", Struct("CloseReason", [("code", Raw("1006")), ("reason", q("abnormal closure"))]))

    @signal
    def reconnect_failed(self, attempt):
        self.set(("connection", "reconnectAttempt"), num(attempt))
        return self.rt("reconnectResponse", self.result("Welcome", False, Struct(
            "URLError", [("code", Raw("-1009")), ("message", q("The Internet connection appears to be offline."))])))

    # reason: presence, but an event: a new id enters the board's presence
    @signal
    def member_joined(self):
        if not self.offline or not self.connected:
            return None
        m = self.offline.pop(self.rng.randrange(len(self.offline)))
        self.online.append(m)
        u, n = m
        self.put(("presence",), u, St("Collaborator", [
            ("name", text(n)), ("cursor", self.point(*self.cursor[u])), ("viewingCardID", NIL),
            ("isTyping", boolean(False)), ("lastSeenAt", self.date())]))
        return self.rt("memberJoined", Struct("Member", [("userID", q(u)), ("name", q(n))]))

    # reason: presence, but an event: an id leaves the board's presence
    @signal
    def member_left(self):
        if len(self.online) < 2 or not self.connected:
            return None
        m = self.online.pop(self.rng.randrange(len(self.online)))
        self.offline.append(m)
        if m[0] in self.get(("presence",)).d:
            self.delete(("presence",), m[0])
        return self.rt("memberLeft", userID=q(m[0]))

    # reason: pushed by the server, but each is a teammate's edit: a card created, moved, assigned, commented
    @signal
    def teammate_event(self, kind):
        if not self.connected or not self.loaded:
            return None
        rng = self.rng
        u, n = rng.choice(self.online)
        ids = list(self.cards)
        if kind == "cardCreated":
            cid = self.sid("crd", 6)
            col = rng.choice(self.col_ids[:2])
            title = rng.choice(CARD_TITLES + NEW_TITLES)
            self.cards[cid] = {"title": title, "assignee": None, "labels": [], "comments": 0, "due": None,
                               "check": (0, 0)}
            self.col_cards[col].insert(0, cid)
            self.set_column(col)
            return self.event(kind, [("cardID", q(cid)), ("columnID", q(col)), ("title", q(title)), ("by", q(u))])
        cid = rng.choice(ids)
        c = self.cards[cid]
        if kind == "cardMoved":
            src, k = self.where(cid)
            dst = rng.choice([x for x in self.col_ids if x != src])
            self.col_cards[src].remove(cid)
            at = rng.randint(0, len(self.col_cards[dst]))
            self.col_cards[dst].insert(at, cid)
            self.set_column(src)
            self.set_column(dst)
            return self.event(kind, [("cardID", q(cid)), ("from", q(src)), ("to", q(dst)), ("index", self.i(at)),
                                     ("by", q(u))])
        if kind == "cardAssigned":
            who = rng.choice([m for m in TEAM + [ME] if m[1] != c["assignee"]])
            c["assignee"] = who[1]
            self.refresh_row(cid)
            if who == ME:
                self.after(rng.uniform(0.3, 1.5), self.notification, "assigned", cid, n)
            return self.event(kind, [("cardID", q(cid)), ("assigneeID", q(who[0])), ("by", q(u))])
        if kind == "labelsChanged":
            lab = rng.choice(LABELS)
            c["labels"] = sorted(set(c["labels"]) ^ {lab})
            self.refresh_row(cid)
            return self.event(kind, [("cardID", q(cid)), ("labels", Raw("[%s]" % ", ".join('"%s"' % l for l in c["labels"]))),
                                     ("by", q(u))])
        if kind == "commentAdded":
            if self.open_card is not None and rng.random() < 0.4:
                cid = self.open_card
                c = self.cards[cid]
            body = rng.choice(COMMENTS)
            c["comments"] += 1
            self.refresh_row(cid)
            if self.detail_open(cid):
                self.append(self.dpath("comments"), St("Comment", [("id", text(self.sid("cmt", 6))), ("author", text(n)),
                                                                   ("body", text(body)), ("createdAt", self.date())]))
            if "@" + ME[1] in body or rng.random() < 0.15:
                self.after(rng.uniform(0.3, 1.5), self.notification, "mentioned", cid, n)
            return self.event(kind, [("cardID", q(cid)), ("commentID", q(self.sid("cmt", 6))), ("body", q(body)),
                                     ("by", q(u))])
        return None

    @signal
    def notification(self, kind, cid, by):
        nid = self.sid("ntf", 6)
        self.unread.append(nid)
        self.append(("notifications", "items"), St("Notification", [
            ("id", text(nid)), ("kind", self.case(kind, "Notification.Kind")), ("cardID", text(cid)),
            ("from", text(by)), ("isRead", boolean(False))]))
        self.set(("notifications", "unreadCount"), num(len(self.unread)))
        return self.act("notifications", A(self.at("Notifications"), "received", Struct("Notification", [
            ("id", q(nid)), ("kind", Raw("." + kind)), ("cardID", q(cid)), ("from", q(by))])))

    @signal
    def notifications_opened(self):
        self.set(("destination",), En(self.st("Destination"), "notifications", St(self.st("NotificationList"), [
            ("isMarkingRead", boolean(bool(self.unread)))])))
        return self.act("notifications", A(self.at("Notifications"), "bellTapped"))

    @signal
    def marked_read(self):
        items = self.get(("notifications", "items")).items
        for k in range(len(items)):
            self.set(("notifications", "items", ("i", k), "isRead"), boolean(True))
        self.unread = []
        self.set(("notifications", "unreadCount"), num(0))
        if self.dest() == "notifications":
            self.set(("destination", ("e", "notifications"), "isMarkingRead"), boolean(False))
        return self.act("notifications", A(self.at("Notifications"), "markReadResponse", self.result(
            "MarkRead", True, Struct("MarkRead", [("count", self.i(len(items)))]))))

    @signal
    def card_tapped(self, cid):
        c = self.cards[cid]
        self.open_card = cid
        self.uploads = {}
        self.set(("destination",), En(self.st("Destination"), "cardDetail", St(self.st("CardDetail"), [
            ("id", text(cid)), ("title", text(c["title"])), ("description", text(c.get("description", ""))),
            ("saveStatus", self.case("saved", "SaveStatus")), ("lastSavedAt", NIL),
            ("checklist", Arr()), ("newItemTitle", text("")), ("dueDate", c["due"] if c["due"] else NIL),
            ("comments", Arr()), ("commentDraft", text("")), ("isPostingComment", boolean(False)),
            ("mentionSuggestions", Arr()), ("attachments", Arr()), ("isImporterPresented", boolean(False)),
            ("isLoading", boolean(True))])))
        return self.row_act(cid, A(self.at("CardRow"), "tapped"))

    @signal
    def detail_response(self, cid):
        if not self.detail_open(cid):
            return None
        c = self.cards[cid]
        done, total = c["check"]
        items = []
        for k in range(total):
            items.append(St("ChecklistItem", [("id", text("chk_%d" % k)), ("title", text(
                ["Repro on device", "Write test", "Fix", "QA pass", "Release note"][k % 5])), ("isDone", boolean(k < done))]))
        comments = [St("Comment", [("id", text(self.sid("cmt", 6))), ("author", text(self.rng.choice(TEAM)[1])),
                                   ("body", text(self.rng.choice(COMMENTS))), ("createdAt", self.date(self.now - 3600 * (k + 1)))])
                    for k in range(min(4, c["comments"]))]
        self.set(self.dpath("checklist"), Arr(items))
        self.set(self.dpath("comments"), Arr(comments))
        self.set(self.dpath("isLoading"), boolean(False))
        return self.pres("cardDetail", A(self.at("CardDetail"), "detailResponse", self.result("CardDetails", True, Struct(
            "CardDetails", [("id", q(cid)), ("comments", self.i(c["comments"])), ("checklistItems", self.i(total)),
                            ("attachments", self.i(0))]))))

    # reason: the autosave's answer after the person pauses typing; it says whether their edit was kept
    @signal
    def description_saved(self, cid, ok=True):
        if not self.detail_open(cid):
            return None
        value = self.get(self.dpath("description")).df
        if ok:
            self.cards[cid]["description"] = value
            self.set(self.dpath("saveStatus"), self.case("saved", "SaveStatus"))
            self.set(self.dpath("lastSavedAt"), self.date())
        else:
            self.set(self.dpath("saveStatus"), self.case("failed", "SaveStatus"))
        return self.pres("cardDetail", A(self.at("CardDetail"), "descriptionSaveResponse", self.result(
            "CardRevision", ok, Struct("CardRevision", [("cardID", q(cid)), ("revision", self.i(self.rng.randint(10, 99)))])
            if ok else Struct("APIError", [("status", Raw("409")), ("message", q("revision conflict"))]))))

    @signal
    def title_submitted(self, cid):
        if not self.detail_open(cid):
            return None
        self.cards[cid]["title"] = self.get(self.dpath("title")).df
        self.refresh_row(cid)
        return self.pres("cardDetail", A(self.at("CardDetail"), "titleSubmitted"))

    @signal
    def checklist_toggled(self, cid, k):
        if not self.detail_open(cid):
            return None
        items = self.get(self.dpath("checklist")).items
        if k >= len(items):
            return None
        on = items[k].f["isDone"].cd != "true"
        self.set(self.dpath("checklist", ("i", k), "isDone"), boolean(on))
        done, total = self.cards[cid]["check"]
        self.cards[cid]["check"] = (done + (1 if on else -1), total)
        self.refresh_row(cid)
        return self.pres("cardDetail", A(self.at("CardDetail"), "checklist", self.element(
            "ChecklistItem", q(items[k].f["id"].df), A(self.at("ChecklistItem"), "toggled"))))

    @signal
    def checklist_added(self, cid):
        if not self.detail_open(cid):
            return None
        title = self.get(self.dpath("newItemTitle")).df
        n = len(self.get(self.dpath("checklist")).items)
        self.append(self.dpath("checklist"), St("ChecklistItem", [("id", text("chk_%d" % n)), ("title", text(title)),
                                                                  ("isDone", boolean(False))]))
        self.set(self.dpath("newItemTitle"), text(""))
        done, total = self.cards[cid]["check"]
        self.cards[cid]["check"] = (done, total + 1)
        self.refresh_row(cid)
        return self.pres("cardDetail", A(self.at("CardDetail"), "addChecklistItemSubmitted"))

    @signal
    def due_picked(self, cid, days):
        if not self.detail_open(cid):
            return None
        d = self.date(self.now + 86400 * days)
        self.cards[cid]["due"] = d
        self.set(self.dpath("dueDate"), d)
        self.refresh_row(cid)
        return self.pres("cardDetail", self.binding("CardDetail", "dueDate", Raw(d.cd)))

    # reason: the debounced user search after the person types '@': a response to their request, not one per keystroke
    @signal
    def mention_results(self, token):
        if not self.detail_open():
            return None
        hits = [m for m in TEAM if m[1].lower().startswith(token.lower())] or TEAM[:2]
        self.set(self.dpath("mentionSuggestions"), Arr(St("Member", [("id", text(u)), ("name", text(n))]) for u, n in hits))
        return self.pres("cardDetail", A(self.at("CardDetail"), "mentionSearchResponse", self.result(
            "[Member]", True, Struct("MemberPage", [("query", q(token)), ("count", self.i(len(hits)))]))))

    @signal
    def mention_picked(self, draft, member):
        if not self.detail_open():
            return None
        self.set(self.dpath("commentDraft"), text(draft))
        self.set(self.dpath("mentionSuggestions"), Arr())
        return self.pres("cardDetail", A(self.at("CardDetail"), "mentionPicked", q(member[0])))

    @signal
    def comment_sent(self, cid):
        if not self.detail_open(cid):
            return None
        self.set(self.dpath("isPostingComment"), boolean(True))
        return self.pres("cardDetail", A(self.at("CardDetail"), "sendCommentTapped"))

    @signal
    def comment_posted(self, cid):
        if not self.detail_open(cid):
            return None
        body = self.get(self.dpath("commentDraft")).df
        cmt = self.sid("cmt", 6)
        self.append(self.dpath("comments"), St("Comment", [("id", text(cmt)), ("author", text(ME[1])),
                                                           ("body", text(body)), ("createdAt", self.date())]))
        self.set(self.dpath("commentDraft"), text(""))
        self.set(self.dpath("isPostingComment"), boolean(False))
        self.cards[cid]["comments"] += 1
        self.refresh_row(cid)
        return self.pres("cardDetail", A(self.at("CardDetail"), "commentResponse", self.result("Comment", True, Struct(
            "Comment", [("id", q(cmt)), ("cardID", q(cid))]))))

    @signal
    def attach_tapped(self):
        if not self.detail_open():
            return None
        self.set(self.dpath("isImporterPresented"), boolean(True))
        return self.pres("cardDetail", A(self.at("CardDetail"), "attachButtonTapped"))

    @signal
    def file_picked(self, aid, fname):
        if not self.detail_open():
            return None
        self.uploads[aid] = fname
        self.set(self.dpath("isImporterPresented"), boolean(False))
        self.append(self.dpath("attachments"), St("Attachment", [("id", text(aid)), ("name", text(fname)),
                                                                 ("progress", num(0.0)),
                                                                 ("status", self.case("uploading", "Upload.Status"))]))
        return self.pres("cardDetail", A(self.at("CardDetail"), "fileImporterResponse", self.result(
            "URL", True, Raw('URL(file:///private/var/mobile/Containers/Data/tmp/%s)' % fname))))

    @signal
    def upload_done(self, aid, ok):
        if not self.detail_open() or aid not in self.uploads:
            return None
        k = list(self.uploads).index(aid)
        self.set(self.dpath("attachments", ("i", k), "status"), self.case("uploaded" if ok else "failed", "Upload.Status"))
        if ok:
            self.set(self.dpath("attachments", ("i", k), "progress"), num(1.0))
        return self.pres("cardDetail", A(self.at("CardDetail"), "attachments", self.element(
            "Attachment", q(aid), A(self.at("Attachment"), "uploadResponse", self.result(
                "RemoteFile", ok, Struct("RemoteFile", [("url", q("https://files.boardly.app/a/%s" % aid))]) if ok
                else Struct("URLError", [("code", Raw("-1005")), ("message", q("The network connection was lost."))]))))))

    @signal
    def dismissed(self):
        if self.dest() is None:
            return None
        self.open_card = None
        self.uploads = {}
        self.set(("destination",), NIL)
        return self.dismiss()

    @signal
    def drag_started(self, cid):
        col, _ = self.where(cid)
        self.set(("drag",), St(self.st("Drag"), [("cardID", text(cid)), ("location", self.point(160, 300)),
                                                 ("targetColumnID", text(col))]))
        return self.row_act(cid, A(self.at("CardRow"), "longPressBegan"))

    @signal
    def dropped(self, cid):
        d = self.get(("drag",))
        if d is NIL:
            return None
        dst = d.f["targetColumnID"].df
        src, _ = self.where(cid)
        self.set(("drag",), NIL)
        at = self.rng.randint(0, len(self.col_cards[dst]))
        self.last_move = (cid, src, self.col_cards[src].index(cid) if src else 0)
        if src is not None and dst != src:
            self.col_cards[src].remove(cid)
            self.col_cards[dst].insert(at, cid)
            self.set_column(src)
            self.set_column(dst)
        return self.act("board", A(self.at("Board"), "dropped", columnID=q(dst), index=self.i(at)))

    @signal
    def move_response(self, cid, ok):
        if not ok and self.last_move[1] is not None:        # the server refused: the card goes back
            _, src, k = self.last_move
            now, _ = self.where(cid)
            if now is not None and now != src:
                self.col_cards[now].remove(cid)
                self.col_cards[src].insert(min(k, len(self.col_cards[src])), cid)
                self.set_column(now)
                self.set_column(src)
        return self.act("board", A(self.at("Board"), "moveResponse", self.result("CardPosition", ok, Struct(
            "CardPosition", [("cardID", q(cid)), ("version", self.i(self.rng.randint(4000, 9000)))]) if ok else Struct(
            "APIError", [("status", Raw("409")), ("message", q("card moved by someone else"))]))))

    @signal
    def label_chip(self, lab):
        labs = [x.df for x in self.get(("filter", "labels")).items]
        labs = sorted(set(labs) ^ {lab})
        self.set(("filter", "labels"), Arr(text(x) for x in labs))
        n = sum(1 for c in self.cards.values() if set(labs) & set(c["labels"])) if labs else None
        self.set(("filter", "matchCount"), num(n) if n is not None else NIL)
        return self.act("filter", A(self.at("Filter"), "labelChipTapped", q(lab)))

    @signal
    def only_mine(self, on):
        self.set(("filter", "onlyMine"), boolean(on))
        return self.act("filter", self.binding("Filter", "onlyMine", self.b(on)))

    @signal
    def filter_cleared(self):
        self.set(("filter", "query"), text(""))
        self.set(("filter", "labels"), Arr())
        self.set(("filter", "onlyMine"), boolean(False))
        self.set(("filter", "matchCount"), NIL)
        return self.act("filter", A(self.at("Filter"), "clearTapped"))

    @signal
    def scene_phase(self, phase):
        self.set(("scenePhase",), self.case(phase, "ScenePhase"))
        return self.act("scenePhaseChanged", self.enum("ScenePhase", phase))

    # -- processes
    def processes(self):
        ps = [self.launch(), self.person(), self.teammate_events(), self.membership(), self.socket_health(),
              self.lifecycle(), self.periodic(self.pong, 25.0, 0.3, when=lambda: self.active),
              self.periodic(self.time_ticked, 30.0, 0.01, when=lambda: self.active)]
        for u, _ in TEAM:
            ps.append(self.cursors(u))
            ps.append(self.periodic(self.presence_heartbeat, 30.0, 0.4, when=lambda: self.active, args=(u,)))
            ps.append(self.typist(u))
        return ps

    def launch(self):
        rng = self.rng
        yield 0.05
        self.emit(self.task)
        yield rng.uniform(0.3, 0.9)
        self.emit(self.socket_connected)
        yield rng.uniform(0.2, 0.8)
        self.emit(self.board_response)

    def lifecycle(self):
        rng = self.rng
        while True:
            yield rng.uniform(200, 420)
            self.active = False
            self.emit(self.scene_phase, "inactive")
            yield rng.uniform(0.3, 0.8)
            self.emit(self.scene_phase, "background")
            yield rng.uniform(0.5, 2.0)
            self.emit(self.socket_dropped)                 # the socket is closed in the background
            yield rng.uniform(15, 70)
            self.emit(self.scene_phase, "active")
            self.active = True
            yield rng.uniform(0.3, 1.0)
            self.emit(self.socket_connected)
            yield rng.uniform(0.2, 0.6)
            self.emit(self.board_response)

    def socket_health(self):
        rng = self.rng
        while True:
            yield self.expo(400)
            if not self.active or not self.connected:
                continue
            self.emit(self.socket_dropped)
            delay = 1.0
            for attempt in range(1, rng.randint(1, 4)):
                yield delay * rng.uniform(0.8, 1.2)
                self.emit(self.reconnect_failed, attempt)
                delay *= 2
            yield delay * rng.uniform(0.8, 1.2)
            self.emit(self.socket_connected)
            yield rng.uniform(0.2, 0.6)
            self.emit(self.board_response)

    def cursors(self, u):
        rng = self.rng
        while True:
            yield self.expo(rng.choice([6.0, 12.0, 25.0]))
            if not self.active or not self.connected or u not in [m[0] for m in self.online]:
                continue
            x0, y0 = self.cursor[u]
            x1, y1 = rng.uniform(40, 1550), rng.uniform(60, 860)
            n = max(3, int(rng.uniform(0.6, 5.0) * 10))
            for k in range(n):
                yield max(0.05, rng.gauss(0.1, 0.012))       # the server throttles to 10 a second
                f = (k + 1) / n
                e = f * f * (3 - 2 * f)
                self.emit(self.cursor_moved, u, round(x0 + (x1 - x0) * e + rng.gauss(0, 2), 1),
                          round(y0 + (y1 - y0) * e + rng.gauss(0, 2), 1))

    def typist(self, u):
        rng = self.rng
        while True:
            yield self.expo(90)
            if not self.active or not self.connected or u not in [m[0] for m in self.online] or not self.cards:
                continue
            cid = self.open_card if self.open_card and rng.random() < 0.5 else rng.choice(list(self.cards))
            for _ in range(rng.randint(1, 5)):
                self.emit(self.typing_indicator, u, cid, True)
                yield rng.uniform(2.9, 3.1)
            self.emit(self.typing_indicator, u, cid, False)
            yield rng.uniform(0.2, 0.8)
            if u in [m[0] for m in self.online] and self.connected:
                self.emit(self.teammate_event, "commentAdded")

    def teammate_events(self):
        rng = self.rng
        kinds = ["cardMoved"] * 4 + ["cardAssigned"] * 2 + ["labelsChanged"] * 2 + ["cardCreated", "commentAdded"]
        while True:
            yield self.expo(22)
            if self.active:
                self.emit(self.teammate_event, rng.choice(kinds))

    def membership(self):
        while True:
            yield self.expo(160)
            if self.active:
                self.emit(self.member_joined if self.rng.random() < 0.5 else self.member_left)

    def visible_cards(self):
        return [c for col in self.col_ids for c in self.col_cards[col]]

    def person(self):
        rng = self.rng
        think = self.think((1.5, 4.0), (6.0, 18.0), (60, 180), (20, 80))
        yield rng.uniform(2.0, 4.0)
        while True:
            yield next(think)
            if not self.active or not self.loaded:
                continue
            if self.dest() == "notifications":
                yield rng.uniform(1.5, 5.0)
                items = self.get(("notifications", "items")).items
                self.emit(self.dismissed)
                if items and rng.random() < 0.6:
                    cid = items[-1].f["cardID"].df
                    if self.where(cid)[0] is not None:
                        yield rng.uniform(0.3, 0.8)
                        yield from self.open_and_work(cid)
                continue
            r = rng.random()
            if r < 0.38:
                cid = rng.choice(self.visible_cards())
                yield from self.open_and_work(cid)
            elif r < 0.58:
                x = float(self.get(("board", "scrollOffset")).cd)
                goal = rng.uniform(0, 1000)
                hz = 60.0
                n = max(8, int(hz * rng.uniform(0.3, 1.6)))
                yield from self.gesture(self.board_scrolled, hz=hz, duration=n / hz, args=lambda k: (
                    max(0.0, x + (goal - x) * (1 - (1 - (k + 1) / n) ** 2)),))
            elif r < 0.72:
                cid = rng.choice(self.visible_cards())
                self.emit(self.drag_started, cid)
                x0, y0 = 160.0, 300.0
                x1, y1 = rng.uniform(40, 1200), rng.uniform(120, 800)
                hz = 60.0
                n = max(20, int(hz * rng.uniform(0.8, 3.0)))
                yield from self.gesture(self.drag_moved, hz=hz, duration=n / hz, args=lambda k: (
                    round(x0 + (x1 - x0) * (k + 1) / n + rng.gauss(0, 1.5), 1),
                    round(y0 + (y1 - y0) * (k + 1) / n + rng.gauss(0, 1.5), 1)))
                self.emit(self.dropped, cid)
                yield rng.uniform(0.15, 0.6)
                self.emit(self.move_response, cid, rng.random() < 0.94)
            elif r < 0.84:
                k = rng.random()
                if k < 0.4:
                    word = rng.choice(["crash", "ipad", "sso", "upload", "widget", "retry"])
                    for j, gap in self.typing(word, (0.12, 0.4)):
                        self.emit(self.filter_typed, word[:j])
                        yield gap
                elif k < 0.75:
                    for _ in range(rng.randint(1, 2)):
                        self.emit(self.label_chip, rng.choice(LABELS))
                        yield rng.uniform(0.8, 2.5)
                elif k < 0.85:
                    self.emit(self.only_mine, self.get(("filter", "onlyMine")).cd != "true")
                else:
                    self.emit(self.filter_cleared)
            elif r < 0.92 and self.get(("notifications", "items")).items:
                self.emit(self.notifications_opened)
                if self.unread:
                    yield rng.uniform(0.3, 0.9)
                    self.emit(self.marked_read)

    def open_and_work(self, cid):
        """The person opens a card and does a few things in it, then closes it."""
        rng = self.rng
        self.emit(self.card_tapped, cid)
        yield rng.uniform(0.25, 0.8)
        self.emit(self.detail_response, cid)
        for _ in range(rng.randint(1, 4)):
            yield rng.uniform(1.5, 8.0)
            if not self.detail_open(cid) or not self.active:
                return
            r = rng.random()
            if r < 0.3:                                    # the description, autosaved
                base = self.get(self.dpath("description")).df
                text_ = (base + " " if base else "") + rng.choice(DESCRIPTIONS)
                start = len(base) + (1 if base else 0)
                for k in range(start + 1, len(text_) + 1):
                    self.emit(self.detail_typed, "description", text_[:k])
                    gap = rng.uniform(0.08, 0.3)
                    if rng.random() < 0.05:
                        gap += rng.uniform(1.6, 4.0)
                    if gap > 1.5:                          # the autosave's debounce elapsed
                        yield 1.5 + rng.uniform(0.1, 0.4)
                        self.emit(self.description_saved, cid, rng.random() < 0.97)
                        gap -= 1.5
                    yield gap
                yield 1.5 + rng.uniform(0.1, 0.4)
                self.emit(self.description_saved, cid, rng.random() < 0.97)
            elif r < 0.4:                                  # the title
                title = rng.choice(NEW_TITLES)
                for k, gap in self.typing(title, (0.08, 0.28)):
                    self.emit(self.detail_typed, "title", title[:k])
                    yield gap
                self.emit(self.title_submitted, cid)
            elif r < 0.6:                                  # the checklist
                n = len(self.get(self.dpath("checklist")).items)
                if n and rng.random() < 0.7:
                    for _ in range(rng.randint(1, 3)):
                        self.emit(self.checklist_toggled, cid, rng.randrange(n))
                        yield rng.uniform(0.6, 2.0)
                else:
                    item = rng.choice(["Update screenshots", "Ask design", "Check iPad", "Add analytics"])
                    for k, gap in self.typing(item, (0.08, 0.3)):
                        self.emit(self.detail_typed, "newItemTitle", item[:k])
                        yield gap
                    self.emit(self.checklist_added, cid)
            elif r < 0.68:
                self.emit(self.due_picked, cid, rng.choice([1, 2, 3, 7, 14]))
            elif r < 0.88:                                 # a comment, maybe with a mention
                mention = rng.random() < 0.5
                member = rng.choice(TEAM)
                body = rng.choice(["thanks, on it", "I think this is done", "can we split this card",
                                   "see the attached log", "blocked until the API ships"])
                draft = ""
                if mention:
                    token = member[1].split()[0][:rng.randint(2, 4)]
                    for k, gap in self.typing("@" + token, (0.1, 0.3)):
                        draft = "@" + token[:k - 1] if k > 1 else "@"
                        self.emit(self.detail_typed, "commentDraft", draft)
                        yield gap
                    yield max(0.0, 0.3 - 0.1)
                    self.emit(self.mention_results, token)
                    yield rng.uniform(0.6, 2.0)
                    draft = "@%s " % member[1]
                    self.emit(self.mention_picked, draft, member)
                    yield rng.uniform(0.3, 1.0)
                for k, gap in self.typing(body, (0.07, 0.3)):
                    self.emit(self.detail_typed, "commentDraft", draft + body[:k])
                    yield gap
                self.emit(self.comment_sent, cid)
                yield rng.uniform(0.2, 0.7)
                self.emit(self.comment_posted, cid)
            else:                                          # an attachment
                self.emit(self.attach_tapped)
                yield rng.uniform(2.0, 6.0)
                fname, mb = rng.choice(FILES)
                aid = self.sid("att", 6)
                self.emit(self.file_picked, aid, fname)
                self.spawn(self.upload(aid, mb))
        yield rng.uniform(1.0, 4.0)
        self.emit(self.dismissed)

    def upload(self, aid, mb):
        rng = self.rng
        done = 0.0
        rate = rng.uniform(0.8, 3.0)                        # MB/s
        while done < mb:
            yield rng.uniform(0.2, 0.3)
            done = min(mb, done + rate * 0.25 * rng.uniform(0.6, 1.3))
            if done < mb:
                self.emit(self.upload_progress, aid, done / mb)
        yield rng.uniform(0.2, 0.6)
        self.emit(self.upload_done, aid, rng.random() < 0.93)



# =================================================================================== stargazer

# id, name, kind, azimuth and altitude at 18:00 local (degrees), magnitude
SKY = [("jupiter", "Jupiter", "planet", 72.0, 14.0, -2.6), ("saturn", "Saturn", "planet", 168.0, 41.0, 0.9),
       ("vega", "Vega", "star", 292.0, 43.0, 0.03), ("deneb", "Deneb", "star", 312.0, 62.0, 1.25),
       ("altair", "Altair", "star", 245.0, 40.0, 0.76), ("capella", "Capella", "star", 48.0, 24.0, 0.08),
       ("aldebaran", "Aldebaran", "star", 70.0, 2.0, 0.86), ("m45", "Pleiades", "cluster", 65.0, 16.0, 1.6),
       ("m31", "Andromeda Galaxy", "galaxy", 62.0, 58.0, 3.4), ("polaris", "Polaris", "star", 0.0, 36.0, 1.98),
       ("fomalhaut", "Fomalhaut", "star", 172.0, 18.0, 1.16), ("moon", "Moon", "moon", 205.0, 33.0, -11.2)]
QUERIES = ["andromeda", "saturn", "orion nebula", "pleiades", "iss", "polaris", "jupiter", "vega"]
SATS = [("iss", "ISS (ZARYA)"), ("css", "Tiangong"), ("hst", "Hubble Space Telescope"), ("sl3120", "Starlink-3120")]


class Stargazer(_Base):
    """NightSky: an AR sky map driven by the motion sensors and the compass."""

    name = "stargazer"
    module = "NightSky"
    process = "NightSky"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        _Base.__init__(self, session)
        rng = self.rng
        self.active = True
        self.yaw = rng.uniform(0, 360)
        self.pitch = rng.uniform(10, 40)
        self.roll = rng.uniform(-4, 4)
        self.heading = int(self.yaw)
        self.offset = 0                         # minutes ahead on the time slider
        self.red = 0.6
        self.sweeping = False
        self.target = None
        self.lat, self.lon = 36.6513 + rng.gauss(0, 0.001), 138.1810 + rng.gauss(0, 0.001)
        self.acc = rng.uniform(30, 65)
        self.iss = [rng.uniform(-40, 40), rng.uniform(-170, 170)]
        self.first_pass = rng.uniform(230, 560)
        self.pass_started = False
        self.objects = SKY[:]
        self.passes = []
        for k, (sid, name) in enumerate(rng.sample(SATS, 3)):
            start = self.first_pass + k * rng.uniform(1500, 4000) if k else self.first_pass
            self.passes.append((self.sid("pas", 5), name, start, rng.randint(18, 78)))
        self.state = St(self.st("AppFeature"), [
            ("sky", St(self.st("SkyView"), [
                ("attitude", St("Attitude", [("yaw", self.fv(self.yaw, 2)), ("pitch", self.fv(self.pitch, 2)),
                                             ("roll", self.fv(self.roll, 2))])),
                ("heading", num(self.heading)), ("headingAccuracy", num(12.0)), ("fieldOfView", num(62.0)),
                ("reticleTargetID", NIL), ("objects", Arr()), ("computedAt", NIL),
                ("needsCalibration", boolean(False))])),
            ("timeTravel", St(self.st("TimeTravel"), [("isEnabled", boolean(False)), ("offsetMinutes", num(0))])),
            ("passes", St(self.st("Passes"), [("upcoming", Arr()), ("secondsToNext", NIL),
                                              ("iss", St("ISSPosition", [("latitude", self.fv(self.iss[0], 3)),
                                                                         ("longitude", self.fv(self.iss[1], 3)),
                                                                         ("altitudeKm", num(418.2))]))])),
            ("settings", St(self.st("Settings"), [("isNightMode", boolean(False)), ("redIntensity", num(self.red)),
                                                  ("showConstellationLines", boolean(True))])),
            ("location", St(self.st("Location"), [("authorization", self.case("notDetermined", "CLAuthorizationStatus")),
                                                  ("latitude", NIL), ("longitude", NIL), ("accuracy", NIL),
                                                  ("placeName", NIL)])),
            ("weather", St(self.st("Weather"), [("cloudCover", NIL), ("seeing", NIL), ("fetchedAt", NIL)])),
            ("destination", NIL),
            ("now", self.date(0)),
            ("scenePhase", self.case("active", "ScenePhase"))])

    # -- helpers
    def sky(self, case_name, *args, **kw):
        return self.act("sky", A(self.at("SkyView"), case_name, *args, **kw))

    def dest(self):
        d = self.get(("destination",))
        return d.case if isinstance(d, En) else None

    def position(self, obj, t_minutes):
        """Azimuth and altitude of an object t minutes after 18:00 (a rough sidereal drift)."""
        _, _, kind, az, alt, _ = obj
        rate = 0.25 if kind != "moon" else 0.24
        a = (az + rate * t_minutes) % 360
        h = alt + (0.16 if az < 180 else -0.16) * t_minutes * (1 if kind != "moon" else 0.9)
        return round(a, 2), round(h, 2)

    def object_rows(self):
        t = self.now / 60.0 + self.offset
        rows = []
        for o in self.objects:
            a, h = self.position(o, t)
            if h > -2:
                rows.append(St("SkyObject", [("id", text(o[0])), ("name", text(o[1])), ("azimuth", num(a)),
                                             ("altitude", num(h)), ("magnitude", num(o[5]))]))
        return rows

    def recompute(self):
        rows = self.object_rows()
        old = self.get(("sky", "objects")).items
        if len(old) == len(rows) and all(o.f["id"].cd == r.f["id"].cd for o, r in zip(old, rows)):
            for k, r in enumerate(rows):
                self.set(("sky", "objects", ("i", k), "azimuth"), r.f["azimuth"])
                self.set(("sky", "objects", ("i", k), "altitude"), r.f["altitude"])
        else:
            self.set(("sky", "objects"), Arr(rows))
        return len(rows)

    def nearest(self, within=35.0):
        """The object nearest the middle of the screen, within `within` degrees: what a tap hits."""
        t = self.now / 60.0 + self.offset
        best = None
        for o in self.objects:
            a, h = self.position(o, t)
            d = math.hypot(((a - self.yaw + 180) % 360 - 180) * math.cos(math.radians(h)), h - self.pitch)
            if h > 0 and d < within and (best is None or d < best[0]):
                best = (d, o[0])
        return best[1] if best else None

    def aimed(self):
        """The object within 5 degrees of the reticle (its circle), if any."""
        t = self.now / 60.0 + self.offset
        best = None
        for o in self.objects:
            a, h = self.position(o, t)
            d = math.hypot(((a - self.yaw + 180) % 360 - 180) * math.cos(math.radians(h)), h - self.pitch)
            if d < 5.0 and (best is None or d < best[0]):
                best = (d, o[0])
        return best[1] if best else None

    # -- noise: sensors, timers, polls
    # reason: the person moves the phone, but the sensor samples it at display rate: a stream of one attitude
    @noise
    def motion(self, yaw, pitch, roll):
        self.yaw, self.pitch, self.roll = yaw % 360, pitch, roll
        self.set(("sky", "attitude"), St("Attitude", [("yaw", self.fv(self.yaw, 2)), ("pitch", self.fv(pitch, 2)),
                                                      ("roll", self.fv(roll, 2))]))
        return self.sky("motionUpdated", Struct("Attitude", [("yaw", self.f(self.yaw, 2)), ("pitch", self.f(pitch, 2)),
                                                             ("roll", self.f(roll, 2))]))

    # reason: the compass's 1-degree filter firing as the phone turns: a sensor stream
    @noise
    def heading_updated(self, h, acc):
        self.heading = h
        self.set(("sky", "heading"), num(h))
        self.set(("sky", "headingAccuracy"), num(acc))
        return self.sky("headingUpdated", Struct("Heading", [("magneticHeading", self.f(h)),
                                                             ("trueHeading", self.f((h - 7.6) % 360)),
                                                             ("headingAccuracy", self.f(acc))]))

    # reason: the reticle crossing objects as the phone sweeps, like a hover: it follows the stream
    @noise
    def reticle_changed(self, oid):
        self.target = oid
        self.set(("sky", "reticleTargetID"), text(oid) if oid else NIL)
        return self.sky("reticleTargetChanged", q(oid) if oid else Raw("nil"))

    # reason: the 5 s ephemeris timer; it nudges every object's coordinates
    @noise
    def positions_recomputed(self):
        n = self.recompute()
        self.set(("sky", "computedAt"), self.date())
        jd = 2461365.875 + self.now / 86400.0 + self.offset / 1440.0
        return self.sky("positionsRecomputed", Struct("Ephemeris", [("julianDate", self.f(jd, 5)),
                                                                    ("objectsAboveHorizon", self.i(n))]))

    @noise
    def clock_ticked(self):
        self.set(("now",), self.date())
        nxt = [p for p in self.passes if p[2] > self.now]
        if nxt:
            self.set(("passes", "secondsToNext"), num(int(nxt[0][2] - self.now)))
        if not self.pass_started and self.now >= self.first_pass and self.get(("passes", "upcoming")).items:
            self.pass_started = True
            self.after(self.rng.uniform(0.05, 0.4), self.pass_notification)
        return self.act("clockTicked")

    # reason: the answer to a 5 s poll of the ISS's position, a measurement
    @noise
    def iss_position(self):
        self.iss[0] = max(-51.6, min(51.6, self.iss[0] + self.rng.uniform(0.25, 0.35)))
        self.iss[1] = (self.iss[1] + 0.33 + 180) % 360 - 180
        alt = round(418.0 + self.rng.gauss(0, 0.3), 1)
        self.set(("passes", "iss", "latitude"), self.fv(self.iss[0], 3))
        self.set(("passes", "iss", "longitude"), self.fv(self.iss[1], 3))
        self.set(("passes", "iss", "altitudeKm"), num(alt))
        return self.act("passes", A(self.at("Passes"), "issPositionResponse", self.result("ISSPosition", True, Struct(
            "ISSPosition", [("latitude", self.f(self.iss[0], 3)), ("longitude", self.f(self.iss[1], 3)),
                            ("altitudeKm", self.f(alt)), ("velocityKmh", self.f(27580 + self.rng.gauss(0, 5)))]))))

    # reason: a location fix every minute or so, a measurement that nudges a coordinate
    @noise
    def location_fix(self):
        self.lat += self.rng.gauss(0, 0.00004)
        self.lon += self.rng.gauss(0, 0.00004)
        self.acc = max(5.0, self.acc * self.rng.uniform(0.6, 1.05))
        self.set(("location", "latitude"), self.fv(self.lat, 5))
        self.set(("location", "longitude"), self.fv(self.lon, 5))
        self.set(("location", "accuracy"), self.fv(self.acc))
        return self.act("location", A(self.at("Location"), "didUpdateLocations", Raw("[CLLocation(%s, %s ± %sm)]" % (
            repr(round(self.lat, 5)), repr(round(self.lon, 5)), repr(round(self.acc, 1))))))

    # reason: the weather is refreshed on a 10-minute timer (and once on launch); cloud cover is a measurement
    @noise
    def weather_response(self):
        cc = round(min(1.0, max(0.0, self.rng.gauss(0.2, 0.1))), 2)
        seeing = self.rng.randint(2, 4)
        self.set(("weather", "cloudCover"), num(cc))
        self.set(("weather", "seeing"), num(seeing))
        self.set(("weather", "fetchedAt"), self.date())
        return self.act("weather", A(self.at("Weather"), "refreshResponse", self.result("Conditions", True, Struct(
            "Conditions", [("cloudCover", self.f(cc, 2)), ("seeing", self.i(seeing)), ("humidity", self.f(self.rng.uniform(0.5, 0.8), 2)),
                           ("temperatureC", self.f(self.rng.gauss(4.0, 0.5)))]))))

    # reason: the time slider's binding per 5-minute step of a drag (its toggle is signal)
    @noise
    def time_dragged(self, minutes):
        self.offset = minutes
        self.set(("timeTravel", "offsetMinutes"), num(minutes))
        self.recompute()
        return self.act("timeTravel", self.binding("TimeTravel", "offsetMinutes", self.i(minutes)))

    # reason: the red filter's slider per frame of a drag (the night-mode toggle is signal)
    @noise
    def red_dragged(self, v):
        self.red = v
        self.set(("settings", "redIntensity"), num(v))
        return self.act("settings", self.binding("Settings", "redIntensity", self.f(v, 3)))

    # -- either
    @either
    def query_typed(self, value):
        if self.dest() != "search":
            return None
        self.set(("destination", ("e", "search"), "query"), text(value))
        self.set(("destination", ("e", "search"), "isSearching"), boolean(bool(value)))
        return self.pres("search", self.binding("Search", "query", q(value)))

    # -- signal
    @signal
    def task(self):
        return self.act("task")

    @signal
    def authorization(self):
        self.set(("location", "authorization"), self.case("authorizedWhenInUse", "CLAuthorizationStatus"))
        return self.act("location", A(self.at("Location"), "authorizationChanged",
                                      self.enum("CLAuthorizationStatus", "authorizedWhenInUse")))

    @signal
    def place_response(self):
        self.set(("location", "placeName"), text("Nagano, Japan"))
        return self.act("location", A(self.at("Location"), "placemarkResponse", self.result("Placemark", True, Struct(
            "Placemark", [("locality", q("Nagano")), ("country", q("Japan")), ("timeZone", q("Asia/Tokyo"))]))))

    @signal
    def passes_response(self):
        rows = [St("Pass", [("id", text(pid)), ("satellite", text(name)), ("startsAt", self.date(start)),
                            ("maxElevation", num(el)), ("status", self.case("upcoming", "Pass.Status"))])
                for pid, name, start, el in self.passes]
        self.set(("passes", "upcoming"), Arr(rows))
        self.set(("passes", "secondsToNext"), num(int(self.passes[0][2] - self.now)))
        return self.act("passes", A(self.at("Passes"), "fetchResponse", self.result("[SatellitePass]", True, Struct(
            "PassList", [("count", self.i(len(rows))), ("source", q("celestrak")), ("tleEpoch", q("2026-324.51"))]))))

    # reason: a scheduled local notification firing: the event the person asked to be told of
    @signal
    def pass_notification(self):
        pid, name, start, el = self.passes[0]
        self.set(("passes", "upcoming", ("i", 0), "status"), self.case("inProgress", "Pass.Status"))
        return self.act("notifications", A(self.at("Notifications"), "willPresent", Struct("UNNotification", [
            ("identifier", q("pass-" + pid)), ("title", q("%s is rising" % name)),
            ("body", q("Look west-northwest, max %d°" % el))])))

    @signal
    def notification_tapped(self):
        pid, name, _, el = self.passes[0]
        self.set(("destination",), self.detail_state("iss", name, "satellite", -3.9))
        return self.act("notifications", A(self.at("Notifications"), "didReceiveResponse", Struct(
            "UNNotificationResponse", [("identifier", q("pass-" + pid)), ("action", q("com.apple.UNNotificationDefaultActionIdentifier"))])))

    def detail_state(self, oid, name, kind, mag):
        return En(self.st("Destination"), "objectDetail", St(self.st("ObjectDetail"), [
            ("id", text(oid)), ("name", text(name)), ("kind", self.case(kind, "SkyObject.Kind")), ("magnitude", num(mag)),
            ("riseAt", NIL), ("setAt", NIL), ("summary", NIL), ("isFollowing", boolean(False)),
            ("reminderScheduled", boolean(False)), ("isLoading", boolean(True))]))

    @signal
    def object_tapped(self, oid):
        o = next(x for x in SKY if x[0] == oid)
        self.set(("destination",), self.detail_state(oid, o[1], o[2], o[5]))
        return self.sky("objectTapped", q(oid))

    @signal
    def detail_response(self):
        if self.dest() != "objectDetail":
            return None
        d = self.get(("destination", ("e", "objectDetail")))
        oid = d.f["id"].df
        self.set(("destination", ("e", "objectDetail"), "riseAt"), self.date(self.now - self.rng.uniform(3600, 20000)))
        self.set(("destination", ("e", "objectDetail"), "setAt"), self.date(self.now + self.rng.uniform(3600, 30000)))
        self.set(("destination", ("e", "objectDetail"), "summary"), text("%s: %s" % (d.f["name"].df, {
            "planet": "gas giant, best seen after 20:00", "star": "bright star in the evening sky",
            "galaxy": "naked-eye spiral galaxy 2.5 million light-years away",
            "cluster": "open cluster, seven stars visible to the eye", "moon": "waxing gibbous",
            "satellite": "crewed space station, 420 km up"}.get(d.f["kind"].cd[1:], ""))))
        self.set(("destination", ("e", "objectDetail"), "isLoading"), boolean(False))
        return self.pres("objectDetail", A(self.at("ObjectDetail"), "infoResponse", self.result("ObjectInfo", True, Struct(
            "ObjectInfo", [("id", q(oid)), ("constellation", q(self.rng.choice(["Pegasus", "Taurus", "Lyra", "Aquarius", "Pisces"]))),
                           ("distanceLy", self.f(self.rng.uniform(4, 2500000), 1))]))))

    @signal
    def follow_toggled(self):
        if self.dest() != "objectDetail":
            return None
        on = self.get(("destination", ("e", "objectDetail"), "isFollowing")).cd != "true"
        self.set(("destination", ("e", "objectDetail"), "isFollowing"), boolean(on))
        return self.pres("objectDetail", self.binding("ObjectDetail", "isFollowing", self.b(on)))

    @signal
    def follow_scheduled(self):
        if self.dest() != "objectDetail":
            return None
        self.set(("destination", ("e", "objectDetail"), "reminderScheduled"), boolean(True))
        return self.pres("objectDetail", A(self.at("ObjectDetail"), "notificationScheduled", self.result(
            "Void", True, Raw("()"))))

    @signal
    def search_tapped(self):
        self.set(("destination",), En(self.st("Destination"), "search", St(self.st("Search"), [
            ("query", text("")), ("results", Arr()), ("isSearching", boolean(False))])))
        return self.sky("searchButtonTapped")

    # reason: the debounced search's answer after a pause in typing: the person's query answered
    @signal
    def search_results(self, query):
        if self.dest() != "search":
            return None
        hits = [o for o in SKY if query.lower() in o[1].lower() or query.lower() in o[0]]
        if "iss" in query.lower():
            hits = [("iss", "ISS (ZARYA)", "satellite", 0, 0, -3.9)]
        rows = [St("SearchResult", [("id", text(o[0])), ("name", text(o[1])), ("kind", self.case(o[2], "SkyObject.Kind"))])
                for o in hits[:5]]
        self.set(("destination", ("e", "search"), "results"), Arr(rows))
        self.set(("destination", ("e", "search"), "isSearching"), boolean(False))
        return self.pres("search", A(self.at("Search"), "searchResponse", self.result("[SearchResult]", True, Struct(
            "SearchPage", [("query", q(query)), ("count", self.i(len(rows)))]))))

    @signal
    def result_tapped(self, oid):
        if self.dest() != "search":
            return None
        o = next((x for x in SKY if x[0] == oid), ("iss", "ISS (ZARYA)", "satellite", 0, 0, -3.9))
        action = self.pres("search", A(self.at("Search"), "resultTapped", q(oid)))
        self.set(("destination",), self.detail_state(oid, o[1], o[2], o[5]))
        return action

    @signal
    def dismissed(self):
        if self.dest() is None:
            return None
        self.set(("destination",), NIL)
        return self.dismiss()

    @signal
    def night_mode(self, on):
        self.set(("settings", "isNightMode"), boolean(on))
        return self.act("settings", self.binding("Settings", "isNightMode", self.b(on)))

    @signal
    def lines_toggled(self, on):
        self.set(("settings", "showConstellationLines"), boolean(on))
        return self.act("settings", self.binding("Settings", "showConstellationLines", self.b(on)))

    @signal
    def time_travel(self, on):
        self.set(("timeTravel", "isEnabled"), boolean(on))
        if not on:
            self.offset = 0
            self.set(("timeTravel", "offsetMinutes"), num(0))
            self.recompute()
        return self.act("timeTravel", self.binding("TimeTravel", "isEnabled", self.b(on)))

    @signal
    def time_reset(self):
        self.offset = 0
        self.set(("timeTravel", "offsetMinutes"), num(0))
        self.recompute()
        return self.act("timeTravel", A(self.at("TimeTravel"), "nowButtonTapped"))

    # reason: raised by the system, but it asks the person to act (the figure eight)
    @signal
    def calibration_needed(self):
        self.set(("sky", "needsCalibration"), boolean(True))
        self.set(("sky", "headingAccuracy"), num(35.0))
        return self.sky("headingCalibrationNeeded")

    @signal
    def calibration_done(self):
        self.set(("sky", "needsCalibration"), boolean(False))
        return self.sky("calibrationOverlayDismissed")

    @signal
    def scene_phase(self, phase):
        self.set(("scenePhase",), self.case(phase, "ScenePhase"))
        return self.act("scenePhaseChanged", self.enum("ScenePhase", phase))

    # -- processes
    def processes(self):
        on = lambda: self.active
        return [self.launch(), self.person(), self.hand(), self.lifecycle(),
                self.periodic(self.clock_ticked, 1.0, 0.003, when=on),
                self.periodic(self.positions_recomputed, 5.0, 0.01, first=1.0, when=on),
                self.periodic(self.iss_position, 5.0, 0.15, when=on),
                self.location_fixes(), self.periodic(self.weather_response, 600.0, 1.0, first=1.2, when=on)]

    def launch(self):
        rng = self.rng
        yield 0.05
        self.emit(self.task)
        yield rng.uniform(0.1, 0.3)
        self.emit(self.authorization)
        yield rng.uniform(0.3, 0.8)
        self.emit(self.location_fix)
        yield rng.uniform(0.3, 0.9)
        self.emit(self.place_response)
        yield rng.uniform(0.4, 1.5)
        self.emit(self.passes_response)

    def location_fixes(self):
        rng = self.rng
        yield rng.uniform(8, 20)
        while True:
            if self.active:
                self.emit(self.location_fix)
            yield rng.uniform(40, 100)

    def lifecycle(self):
        rng = self.rng
        while True:
            yield rng.uniform(240, 500)
            if self.dest() is not None:
                continue
            self.active = False
            self.emit(self.scene_phase, "inactive")
            yield rng.uniform(0.3, 0.8)
            self.emit(self.scene_phase, "background")
            yield rng.uniform(15, 60)
            self.emit(self.scene_phase, "active")
            self.active = True

    def hand(self):
        """The phone in the hand while nobody sweeps it: tremor, filtered to changes of a
        tenth of a degree, a few updates a second; the compass's 1-degree filter rarely fires."""
        rng = self.rng
        while True:
            yield rng.uniform(0.12, 0.45)
            if not self.active or self.sweeping:
                continue
            self.emit(self.motion, round(self.yaw + rng.gauss(0, 0.15), 2), round(self.pitch + rng.gauss(0, 0.15), 2),
                      round(self.roll + rng.gauss(0, 0.2), 2))
            if abs(((self.yaw - self.heading + 180) % 360) - 180) >= 1.0:
                self.emit(self.heading_updated, int(round(self.yaw)) % 360, float(self.get(("sky", "headingAccuracy")).cd))

    def sweep(self, dyaw, dpitch, seconds):
        """The person points the phone somewhere else: attitude at 60 Hz, the heading when it
        moves a degree (the compass at most every third frame), the reticle's target as it
        crosses objects."""
        rng = self.rng
        self.sweeping = True
        y0, p0 = self.yaw, self.pitch
        n = max(10, int(seconds * 60))
        acc = float(self.get(("sky", "headingAccuracy")).cd)
        for k in range(n):
            yield max(0.004, rng.gauss(1 / 60, 0.0008))
            if not self.active:
                break
            f = (k + 1) / n
            e = f * f * (3 - 2 * f)
            self.emit(self.motion, round(y0 + dyaw * e + rng.gauss(0, 0.05), 2),
                      round(max(-10, min(88, p0 + dpitch * e + rng.gauss(0, 0.05))), 2),
                      round(self.roll + rng.gauss(0, 0.3), 2))
            if k % 3 == 0 and abs(((self.yaw - self.heading + 180) % 360) - 180) >= 1.0:
                acc = max(5.0, acc - rng.uniform(0, 0.4))
                self.emit(self.heading_updated, int(round(self.yaw)) % 360, round(acc, 1))
            t = self.aimed()
            if t != self.target:
                self.emit(self.reticle_changed, t)
        self.sweeping = False

    def person(self):
        rng = self.rng
        think = self.think((1.0, 3.5), (5.0, 14.0), (40, 120), (20, 60))
        yield rng.uniform(1.5, 3.0)
        notified = False
        calibrated = False
        while True:
            yield next(think)
            if not self.active:
                continue
            if self.pass_started and not notified:
                notified = True
                if self.dest() is not None:
                    self.emit(self.dismissed)
                    yield rng.uniform(0.3, 0.8)
                self.emit(self.notification_tapped)
                yield rng.uniform(0.3, 0.8)
                self.emit(self.detail_response)
                yield rng.uniform(2, 5)
                self.emit(self.dismissed)
                yield rng.uniform(0.5, 1.5)
                yield from self.sweep(rng.uniform(-120, 120), rng.uniform(-10, 30), rng.uniform(1.5, 3.5))
                continue
            if self.dest() == "objectDetail":
                if rng.random() < 0.3:
                    self.emit(self.follow_toggled)
                    yield rng.uniform(0.3, 1.0)
                    if self.get(("destination", ("e", "objectDetail"), "isFollowing")).cd == "true":
                        self.emit(self.follow_scheduled)
                    yield rng.uniform(1, 4)
                self.emit(self.dismissed)
                continue
            r = rng.random()
            if not calibrated and self.now > 60 and r < 0.05:
                calibrated = True
                self.emit(self.calibration_needed)
                yield rng.uniform(1.5, 4.0)
                for _ in range(2):                         # the figure eight
                    yield from self.sweep(rng.uniform(-60, 60), rng.uniform(-20, 20), rng.uniform(0.8, 1.5))
                self.emit(self.calibration_done)
            elif r < 0.45:                                  # look around
                for _ in range(rng.randint(1, 3) if self.busy else 1):
                    yield from self.sweep(rng.uniform(-150, 150), rng.uniform(-25, 25),
                                          rng.uniform(0.7, 2.6))
                    yield rng.uniform(0.8, 4.0)
            elif r < 0.66:                                  # tap what is under the reticle (or near it)
                oid = self.target or self.nearest()
                if oid is None:                             # nothing on screen: turn towards something
                    yield from self.sweep(rng.uniform(-150, 150), rng.uniform(-15, 15), rng.uniform(0.8, 2.5))
                    continue
                self.emit(self.object_tapped, oid)
                yield rng.uniform(0.3, 1.0)
                self.emit(self.detail_response)
            elif r < 0.76:                                  # search
                self.emit(self.search_tapped)
                yield rng.uniform(0.8, 2.0)
                word = rng.choice(QUERIES)
                typed = 0
                for k, gap in self.typing(word, (0.1, 0.35)):
                    self.emit(self.query_typed, word[:k])
                    typed = k
                    if gap > 0.3 or k == len(word):         # the search, debounced by 0.3 s
                        yield 0.3 + rng.uniform(0.05, 0.25)
                        self.emit(self.search_results, word[:k])
                        gap = max(0.0, gap - 0.3)
                    yield gap
                    if k >= 4 and rng.random() < 0.3:
                        break
                yield rng.uniform(0.6, 2.5)
                results = self.get(("destination", ("e", "search"), "results")).items if self.dest() == "search" else []
                if results and rng.random() < 0.8:
                    self.emit(self.result_tapped, results[0].f["id"].df)
                    yield rng.uniform(0.3, 0.9)
                    self.emit(self.detail_response)
                else:
                    self.emit(self.dismissed)
            elif r < 0.84:                                  # night mode and its red
                nm = self.get(("settings", "isNightMode")).cd == "true"
                if not nm or rng.random() < 0.3:
                    self.emit(self.night_mode, not nm)
                    yield rng.uniform(0.8, 2.0)
                if self.get(("settings", "isNightMode")).cd == "true" and rng.random() < 0.7:
                    goal = round(rng.uniform(0.2, 1.0), 2)
                    start = self.red
                    n = max(6, int(60 * rng.uniform(0.4, 1.5)))
                    yield from self.gesture(self.red_dragged, hz=60, duration=n / 60, args=lambda k: (
                        round(min(1.0, max(0.0, start + (goal - start) * (k + 1) / n + rng.gauss(0, 0.002))), 3),))
            elif r < 0.95:                                  # the time slider: tonight
                if self.get(("timeTravel", "isEnabled")).cd != "true":
                    self.emit(self.time_travel, True)
                    yield rng.uniform(0.6, 1.5)
                start = self.offset
                goal = rng.choice([60, 120, 180, 240, 300, 360])
                n = max(10, int(60 * rng.uniform(0.6, 2.0)))
                last = [start]

                def step(k):
                    v = int(round((start + (goal - start) * (k + 1) / n) / 5.0)) * 5
                    return (v,)
                # the slider snaps to 5 minutes: the binding is sent only when the value changes
                for k in range(n):
                    yield max(0.004, rng.gauss(1 / 60, 0.0008))
                    v = step(k)[0]
                    if v != last[0]:
                        last[0] = v
                        self.emit(self.time_dragged, v)
                yield rng.uniform(2.0, 8.0)
                if rng.random() < 0.5:
                    if rng.random() < 0.5:
                        self.emit(self.time_reset)
                    else:
                        self.emit(self.time_travel, False)
            else:
                self.emit(self.lines_toggled, self.get(("settings", "showConstellationLines")).cd != "true")


APPS = {"energy": Energy, "kanban": Kanban, "stargazer": Stargazer}
