"""Three simulated TCA apps by author-ai: a reef-tank controller, a karaoke app and a hotel guest app.

aquarium (ReefMate): the app of a smart aquarium controller. While the app is open it polls
the controller in the tank every 2 s for the water temperature, pH, salinity and water level
and shows how long ago the reading came (a one-second clock). The lights follow a daily
schedule; the session starts in the morning sunrise ramp, so the light module reports each
step of the ramp until it reaches the day phase. A heater relay clicks on and off around the
target temperature. Dosing pumps and the feeder run on schedules and the person can run
them by hand (a dose streams its progress). The person opens charts and scrubs them, changes
the heater's target with a stepper, overrides the lights with a slider, adds maintenance
reminders, logs a water test by hand, acknowledges alerts the controller raises when a value
leaves its range, and sometimes installs a firmware update (download and install progress,
then a reboot during which the controller is unreachable).

karaoke (SingAlong): the person searches the catalogue (a keystroke per binding, results
with artwork loading), queues songs and sings them. While a song plays the player reports
its time four times a second, the lyrics advance line by line, the microphone's pitch is
detected about 21 times a second and every melody note is scored (score and combo). The
person changes the key, drags the echo slider, pauses, resumes and skips. Some songs are
duets with a friend online whose pitch (10 Hz) and score arrive over the network, with
latency reports. At the end of a song a results sheet offers saving the recording (export
progress) and sharing it. A live room shows listeners joining and leaving, a listener
count pushed every 10 s, reactions and songs other people add to the room's queue.

hotel (StayEasy): a hotel guest app. Most sessions are the arrival: the person checks in
online in a navigation stack (the ID scan analyses camera frames and uploads the image with
progress, then room preferences, then a review), receives a digital key, walks to the room
while the door lock's Bluetooth signal is ranged three times a second, and unlocks the door.
Others are the last morning, ending with the checkout in the app. During the stay the
person orders room service and follows its status (pushed status changes, an ETA that
ticks down), chats with the front desk (typing indicator, messages), asks for
housekeeping, books the spa and the restaurant, and controls the room (dimmers, the
thermostat's dial, the curtains, whose motor reports its position) while the room's sensors
report every 10 s. Charges post to the bill as they happen and the folio is refreshed
every minute.
"""

import math

from tcasim import A, App, Arr, Dic, En, NIL, Raw, St, Struct, boolean, either, noise, num, q, signal, text

AUTHOR = "author-ai"


class _Base(App):
    """Shared helpers for the three apps."""

    def fr(self, x, nd=2):
        return Raw(repr(round(float(x), nd)))

    def ri(self, i):
        return Raw(str(int(i)))

    def rb(self, b):
        return Raw("true" if b else "false")

    def f(self, feature, case, *unlabeled, **labeled):
        return A(self.at(feature), case, *unlabeled, **labeled)

    def dest_type(self):
        return "PresentationAction<%s>" % self.at("Destination")

    def present(self, dest_case, inner):
        return self.act("destination", A(self.dest_type(), "presented", A(self.at("Destination"), dest_case, inner)))

    def dismissed(self):
        return self.act("destination", A(self.dest_type(), "dismiss"))

    def uuid_arg(self, u):
        return Raw("UUID(%s)" % u if self.tca1 else u)

    def dest_is(self, case):
        d = self.get(("destination",))
        return isinstance(d, En) and d.case == case

    def typing(self, maker, word, pre=(), lo=0.12, hi=0.45):
        """A person typing `word` into a field: one binding per keystroke."""
        for k in range(1, len(word) + 1):
            self.emit(maker, *(tuple(pre) + (word[:k],)))
            yield self.rng.uniform(lo, hi) * (2.5 if self.rng.random() < 0.08 else 1.0)


# ============================================================================ aquarium

METRICS = ["temperature", "pH", "salinity", "waterLevel"]
RANGES = ["day", "week", "month"]
REMINDERS = [("Water change 15%", "waterChange", 7), ("Clean filter sock", "filter", 3),
             ("Clean skimmer cup", "skimmer", 5), ("Replace carbon", "media", 30),
             ("Calibrate pH probe", "calibration", 90), ("Clean glass", "glass", 2)]
DOSERS = [("alk", "Alkalinity"), ("ca", "Calcium"), ("mg", "Magnesium")]


class Aquarium(_Base):
    name = "aquarium"
    module = "ReefMate"
    process = "ReefMate"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        _Base.__init__(self, session)
        rng = self.rng
        self.temp = rng.uniform(25.2, 25.7)
        self.ph = rng.uniform(8.02, 8.10)
        self.sal = rng.uniform(34.6, 35.3)
        self.level = rng.uniform(92.0, 97.0)     # % of the sump's mark
        self.heating = self.temp < 25.5
        self.target = 25.5
        self.active = True
        self.rebooting = False
        self.failures = 0
        self.ramp_end = rng.uniform(200, 560)     # the sunrise ramp reaches the day phase
        self.ramp_start = rng.uniform(40, 70)     # the ramp's intensity when the app opens
        self.light = self.ramp_start
        self.excursion = None                     # (metric, start, end) when a value drifts out of range
        if rng.random() < 0.7:
            s = rng.uniform(90, 500)
            self.excursion = (rng.choice(["temperature", "pH"]), s, s + rng.uniform(90, 220))
        self.alert_ids = []
        self.reminder_ids = []
        self.test_ids = []
        self.dosing = None
        self.firmware_busy = False
        self.clock = 0
        reminders = []
        for title, kind, days in rng.sample(REMINDERS[:4], 2):
            r = self.uid()
            self.reminder_ids.append(r)
            reminders.append(self.reminder(r, title, kind, days, rng.randint(-1, days)))
        self.state = St(self.st("AppFeature"), [
            ("dashboard", St(self.st("Dashboard"), [
                ("readings", self.readings_state()), ("connection", self.case("connected", "Connection")),
                ("isPolling", boolean(False)), ("lastUpdated", self.date(0)), ("now", self.date(0))])),
            ("lights", St(self.st("Lights"), [
                ("phase", self.case("sunrise", "LightPhase")), ("intensity", num(0.0)),
                ("channels", St("LightChannels", [])),
                ("isOverride", boolean(False)), ("overrideIntensity", num(60.0))])),
            ("heater", St(self.st("Heater"), [
                ("target", num(self.target)), ("pendingTarget", NIL), ("isRelayOn", boolean(self.heating)),
                ("isSaving", boolean(False))])),
            ("doser", St(self.st("Doser"), [
                ("pumps", Arr(St("DosingPump", [("id", text(k)), ("name", text(n)),
                                                ("mlPerDay", num(round(rng.uniform(8, 40), 1))),
                                                ("lastDoseAt", NIL)]) for k, n in DOSERS)),
                ("activeDose", NIL)])),
            ("feeder", St(self.st("Feeder"), [
                ("lastFedAt", NIL), ("portions", num(rng.randint(6, 14))), ("isFeeding", boolean(False))])),
            ("alerts", Arr()),
            ("reminders", Arr(reminders)),
            ("waterTests", Arr()),
            ("firmware", St(self.st("Firmware"), [
                ("installed", text("3.4.1")), ("available", NIL), ("status", self.case("idle", "Firmware.Status")),
                ("progress", num(0.0))])),
            ("destination", NIL),
            ("scenePhase", self.case("active", "ScenePhase"))])
        self.set_light(round(self.light, 1))
        self._undo = []

    # -- values
    def set_light(self, pct):
        self.light = pct
        self.set(("lights", "intensity"), num(round(pct, 1)))
        self.set(("lights", "channels"), St("LightChannels", [
            ("royalBlue", num(round(min(100.0, pct * 1.25), 1))), ("white", num(round(pct * 0.8, 1))),
            ("violet", num(round(min(100.0, pct * 1.1), 1)))]))

    def readings_state(self):
        return St("Readings", [("temperature", num(round(self.temp, 2))), ("pH", num(round(self.ph, 2))),
                               ("salinity", num(round(self.sal, 1))), ("waterLevel", num(round(self.level, 1)))])

    def reminder(self, r, title, kind, days, due_in):
        return St("Reminder", [("id", self.uuid_value(r)), ("title", text(title)),
                               ("kind", self.case(kind, "Reminder.Kind")), ("intervalDays", num(days)),
                               ("dueInDays", num(due_in)), ("isDone", boolean(False))])

    def dash(self, case, *a, **k):
        return self.act("dashboard", self.f("Dashboard", case, *a, **k))

    # -- the tank's physics (advanced on every poll)
    def advance(self, dt):
        rng = self.rng
        drift = 0.0
        if self.excursion and self.excursion[1] <= self.now <= self.excursion[2]:
            drift = 1.0
        heat = 0.004 if self.heating else -0.003
        if self.excursion and self.excursion[0] == "temperature" and drift:
            heat = 0.03                       # a hot afternoon: the tank warms whatever the heater does
        self.temp += heat * dt / 5 + rng.gauss(0, 0.008)
        if self.excursion and self.excursion[0] == "pH" and drift:
            self.ph += -0.012 * dt / 5 + rng.gauss(0, 0.004)
        else:
            self.ph += (8.12 - self.ph) * 0.01 + 0.0006 * self.light / 100 + rng.gauss(0, 0.004)
        self.sal += rng.gauss(0, 0.02)
        self.level -= 0.004 * dt + rng.gauss(0, 0.05)
        if self.level < 90.0:
            self.level += rng.uniform(4, 6)   # the auto top-off ran

    def out_of_range(self):
        out = []
        if self.temp > 26.3:
            out.append(("temperature", round(self.temp, 2)))
        if self.ph < 7.9:
            out.append(("pH", round(self.ph, 2)))
        return out

    # -- noise
    # reason: the "updated 4 s ago" label's one-second clock
    @noise
    def clock_ticked(self):
        self.clock += 1
        self.set(("dashboard", "now"), self.date(self.clock))
        return self.act("clockTicked")

    @noise
    def poll_fired(self):
        self.set(("dashboard", "isPolling"), boolean(True))
        ok = not self.rebooting and self.rng.random() > 0.012
        if ok:
            self.after(self.rng.uniform(0.08, 0.6), self.readings_response)
        else:
            self.after(self.rng.uniform(3.0, 5.0), self.readings_failure)
        return self.dash("pollTimerFired")

    # reason: the poll's answer nudges four measurements every 2 s whatever the person does
    @noise
    def readings_response(self):
        self.advance(2.0)
        self.set(("dashboard", "isPolling"), boolean(False))
        self.set(("dashboard", "readings"), self.readings_state())
        self.set(("dashboard", "lastUpdated"), self.date())
        self.set(("dashboard", "connection"), self.case("connected", "Connection"))
        self.failures = 0
        payload = Struct("Readings", [("temperature", self.fr(self.temp)), ("pH", self.fr(self.ph)),
                                      ("salinity", self.fr(self.sal, 1)), ("waterLevel", self.fr(self.level, 1)),
                                      ("heaterOn", self.rb(self.heating)), ("uptime", self.ri(86400 * 3 + self.now)),
                                      ("sampledAt", Raw(self.date().cd))])
        return self.dash("readingsResponse", self.result("Readings", True, payload))

    # reason: the controller did not answer: the connection degrades, an event the reader wants
    @signal
    def readings_failure(self):
        self.failures += 1
        self.set(("dashboard", "isPolling"), boolean(False))
        self.set(("dashboard", "connection"), self.case("unreachable" if self.failures > 1 else "reconnecting",
                                                        "Connection"))
        return self.dash("readingsResponse", self.result("Readings", False, Struct(
            "ControllerError", [("code", Raw("-1001")), ("message", q("The request timed out."))])))

    # reason: the light module's schedule steps the ramp every 5 s on its own
    @noise
    def ramp_stepped(self, pct):
        self.set_light(pct)
        return self.act("lights", self.f("Lights", "scheduleStepped", intensity=self.fr(pct, 1)))

    # reason: the schedule's phase changes once (sunrise ends): a status change, not a stream
    @signal
    def phase_changed(self, phase):
        self.set(("lights", "phase"), self.case(phase, "LightPhase"))
        return self.act("lights", self.f("Lights", "phaseChanged", phase=Raw("." + phase)))

    # reason: the heater's thermostat relay clicks by itself around the target; telemetry
    @noise
    def relay_changed(self, on):
        self.heating = on
        self.set(("heater", "isRelayOn"), boolean(on))
        return self.act("heater", self.f("Heater", "relayChanged", isOn=self.rb(on)))

    @noise
    def override_dragged(self, value):
        self.set(("lights", "overrideIntensity"), num(round(value, 0)))
        return self.act("lights", self.binding("Lights", "overrideIntensity", self.fr(round(value, 0), 1)))

    @noise
    def dose_progressed(self, ml):
        self.set(("doser", "activeDose", "dispensedMl"), num(round(ml, 1)))
        return self.act("doser", self.f("Doser", "doseProgressed", ml=self.fr(ml, 1)))

    @noise
    def chart_scrubbed(self, i, value):
        if not self.dest_is("charts"):
            return None
        p = ("destination", ("e", "charts"))
        self.set(p + ("scrubIndex",), num(i))
        self.set(p + ("scrubValue",), num(round(value, 2)))
        return self.present("charts", self.f("Charts", "scrubbed", index=self.ri(i)))

    @noise
    def download_progressed(self, frac):
        self.set(("firmware", "progress"), num(round(frac, 2)))
        return self.act("firmware", self.f("Firmware", "downloadProgressed", self.fr(frac)))

    # reason: the controller reports the flashing progress once a second
    @noise
    def install_progressed(self, frac):
        self.set(("firmware", "status"), self.case("installing", "Firmware.Status"))
        self.set(("firmware", "progress"), num(round(frac, 2)))
        return self.act("firmware", self.f("Firmware", "installProgressed", self.fr(frac)))

    # -- either
    # reason: a keystroke each in the reminder's title field
    @either
    def reminder_title_typed(self, value):
        if not self.dest_is("reminderEditor"):
            return None
        self.set(("destination", ("e", "reminderEditor"), "title"), text(value))
        return self.present("reminderEditor", self.binding("ReminderEditor", "title", q(value)))

    # reason: a keystroke each in the water test's number fields
    @either
    def test_field_typed(self, field, value):
        if not self.dest_is("waterTest"):
            return None
        self.set(("destination", ("e", "waterTest"), field), text(value))
        return self.present("waterTest", self.binding("WaterTestForm", field, q(value)))

    # -- signal
    @signal
    def scene_phase(self, phase):
        self.set(("scenePhase",), self.case(phase, "ScenePhase"))
        return self.act("scenePhaseChanged", A("ScenePhase", phase))

    @signal
    def override_toggled(self, on):
        self.set(("lights", "isOverride"), boolean(on))
        return self.act("lights", self.binding("Lights", "isOverride", self.rb(on)))

    @signal
    def override_response(self):
        return self.act("lights", self.f("Lights", "overrideResponse", self.result(
            "LightState", True, Struct("LightState", [("intensity", self.fr(float(
                self.get(("lights", "overrideIntensity")).cd), 1)), ("manual", self.rb(
                    self.get(("lights", "isOverride")).cd == "true"))]))))

    @signal
    def heater_step(self, up):
        cur = self.get(("heater", "pendingTarget"))
        base = float(cur.cd) if cur is not NIL else self.target
        value = round(base + (0.1 if up else -0.1), 1)
        self.set(("heater", "pendingTarget"), num(value))
        return self.act("heater", self.f("Heater", "incrementTapped" if up else "decrementTapped"))

    @signal
    def heater_save(self):
        self.set(("heater", "isSaving"), boolean(True))
        return self.act("heater", self.f("Heater", "saveButtonTapped"))

    @signal
    def heater_saved(self):
        cur = self.get(("heater", "pendingTarget"))
        if cur is not NIL:
            self.target = float(cur.cd)
        self.set(("heater", "target"), num(self.target))
        self.set(("heater", "pendingTarget"), NIL)
        self.set(("heater", "isSaving"), boolean(False))
        return self.act("heater", self.f("Heater", "saveResponse", self.result(
            "HeaterConfig", True, Struct("HeaterConfig", [("target", self.fr(self.target, 1)),
                                                          ("hysteresis", Raw("0.1"))]))))

    @signal
    def dose_now(self, pump):
        return self.act("doser", self.f("Doser", "doseNowButtonTapped", pump=q(pump)))

    # reason: a scheduled dose starting is a rare status change of the pump, not a periodic tick
    @signal
    def schedule_fired(self, pump):
        return self.act("doser", self.f("Doser", "scheduledDoseStarted", pump=q(pump)))

    @signal
    def dose_started(self, pump, ml):
        self.set(("doser", "activeDose"), St("ActiveDose", [("pump", text(pump)), ("targetMl", num(ml)),
                                                            ("dispensedMl", num(0.0))]))
        return self.act("doser", self.f("Doser", "doseResponse", self.result("DoseJob", True, Struct(
            "DoseJob", [("pump", q(pump)), ("ml", self.fr(ml, 1))]))))

    @signal
    def dose_finished(self, pump):
        i = [k for k, _ in DOSERS].index(pump)
        self.set(("doser", "activeDose"), NIL)
        self.set(("doser", "pumps", ("i", i), "lastDoseAt"), self.date())
        return self.act("doser", self.f("Doser", "doseFinished", pump=q(pump)))

    @signal
    def feed_now(self):
        self.set(("feeder", "isFeeding"), boolean(True))
        return self.act("feeder", self.f("Feeder", "feedNowButtonTapped"))

    @signal
    def feed_response(self):
        left = max(0, int(self.get(("feeder", "portions")).cd) - 1)
        self.set(("feeder", "isFeeding"), boolean(False))
        self.set(("feeder", "lastFedAt"), self.date())
        self.set(("feeder", "portions"), num(left))
        return self.act("feeder", self.f("Feeder", "feedResponse", self.result(
            "FeedResult", True, Struct("FeedResult", [("portionsLeft", self.ri(left))]))))

    # reason: a scheduled feeding is a rare event the feeder reports, like a manual one
    @signal
    def feeding_reported(self):
        left = max(0, int(self.get(("feeder", "portions")).cd) - 1)
        self.set(("feeder", "lastFedAt"), self.date())
        self.set(("feeder", "portions"), num(left))
        return self.act("feeder", self.f("Feeder", "scheduledFeedingCompleted", portionsLeft=self.ri(left)))

    @signal
    def alert_received(self, metric, value):
        a = self.uid()
        self.alert_ids.append(a)
        self.append(("alerts",), St("Alert", [("id", self.uuid_value(a)), ("metric", self.case(metric, "Metric")),
                                              ("value", num(value)), ("raisedAt", self.date()),
                                              ("isAcknowledged", boolean(False)), ("isResolved", boolean(False))]))
        return self.act("alerts", self.f("Alerts", "alertReceived", Struct("Alert", [
            ("id", self.uuid_arg(a)), ("metric", Raw("." + metric)), ("value", self.fr(value)),
            ("severity", Raw(".warning"))])))

    @signal
    def alert_resolved(self, a):
        i = self.alert_ids.index(a)
        self.set(("alerts", ("i", i), "isResolved"), boolean(True))
        return self.act("alerts", self.f("Alerts", "alertResolved", id=self.uuid_arg(a)))

    @signal
    def alert_acknowledged(self, a):
        i = self.alert_ids.index(a)
        self.set(("alerts", ("i", i), "isAcknowledged"), boolean(True))
        return self.act("alerts", self.f("Alerts", "element", id=self.uuid_arg(a),
                                         action=self.f("AlertRow", "acknowledgeButtonTapped")))

    @signal
    def open_dest(self, case, value, action_name):
        self.set(("destination",), En(self.st("Destination"), case, value))
        return self.act(action_name)

    @signal
    def close_dest(self):
        if self.get(("destination",)) is NIL:
            return None
        self.set(("destination",), NIL)
        return self.dismissed()

    @signal
    def chart_metric(self, metric):
        p = ("destination", ("e", "charts"))
        self.set(p + ("metric",), self.case(metric, "Metric"))
        self.set(p + ("isLoading",), boolean(True))
        return self.present("charts", self.f("Charts", "metricSelected", metric=Raw("." + metric)))

    @signal
    def chart_range(self, r):
        p = ("destination", ("e", "charts"))
        self.set(p + ("range",), self.case(r, "ChartRange"))
        self.set(p + ("isLoading",), boolean(True))
        return self.present("charts", self.f("Charts", "binding", A("BindingAction<%s>" % self.st("Charts").replace(
            ".", ""), "set", Raw("\\%s.$range" % self.st("Charts")), Raw("." + r))))

    @signal
    def chart_history(self):
        if not self.dest_is("charts"):
            return None
        p = ("destination", ("e", "charts"))
        r = self.get(p + ("range",)).cd.strip(".")
        n = {"day": 288, "week": 336, "month": 720}[r]
        self.set(p + ("isLoading",), boolean(False))
        self.set(p + ("pointCount",), num(n))
        return self.present("charts", self.f("Charts", "historyResponse", self.result("[Sample]", True, Struct(
            "History", [("points", self.ri(n)), ("from", q(r))]))))

    @signal
    def scrub_ended(self):
        if not self.dest_is("charts"):
            return None
        p = ("destination", ("e", "charts"))
        self.set(p + ("scrubIndex",), NIL)
        self.set(p + ("scrubValue",), NIL)
        return self.present("charts", self.f("Charts", "scrubEnded"))

    @signal
    def reminder_kind(self, kind, days):
        p = ("destination", ("e", "reminderEditor"))
        self.set(p + ("kind",), self.case(kind, "Reminder.Kind"))
        self.set(p + ("intervalDays",), num(days))
        return self.present("reminderEditor", self.binding("ReminderEditor", "kind", Raw("." + kind)))

    @signal
    def reminder_save(self):
        self.set(("destination", ("e", "reminderEditor"), "isSaving"), boolean(True))
        return self.present("reminderEditor", self.f("ReminderEditor", "saveButtonTapped"))

    @signal
    def reminder_delegate(self, title, kind, days):
        r = self.uid()
        self.reminder_ids.append(r)
        self.append(("reminders",), self.reminder(r, title, kind, days, days))
        return self.present("reminderEditor", self.f("ReminderEditor", "delegate", self.f(
            "ReminderEditor.Delegate" if self.tca1 else "ReminderEditorDelegate", "saved",
            Struct("Reminder", [("id", self.uuid_arg(r)), ("title", q(title)), ("intervalDays", self.ri(days))]))))

    @signal
    def reminder_done(self, r):
        i = self.reminder_ids.index(r)
        self.set(("reminders", ("i", i), "isDone"), boolean(True))
        return self.act("reminders", self.element("ReminderRow", self.uuid_arg(r),
                                                  self.f("ReminderRow", "markDoneButtonTapped")))

    @signal
    def test_save(self):
        self.set(("destination", ("e", "waterTest"), "isSaving"), boolean(True))
        return self.present("waterTest", self.f("WaterTestForm", "saveButtonTapped"))

    @signal
    def test_saved(self, values):
        t = self.uid()
        self.test_ids.append(t)
        self.set(("destination", ("e", "waterTest"), "isSaving"), boolean(False))
        self.append(("waterTests",), St("WaterTest", [("id", self.uuid_value(t)), ("takenAt", self.date())] + [
            (k, num(float(v))) for k, v in values]))
        return self.present("waterTest", self.f("WaterTestForm", "saveResponse", self.result(
            "WaterTest", True, Struct("WaterTest", [("id", self.uuid_arg(t))] + [(k, Raw(v)) for k, v in values]))))

    @signal
    def fw_check(self):
        self.set(("firmware", "status"), self.case("checking", "Firmware.Status"))
        return self.act("firmware", self.f("Firmware", "checkForUpdateButtonTapped"))

    @signal
    def fw_check_response(self, version):
        self.set(("firmware", "status"), self.case("idle", "Firmware.Status"))
        self.set(("firmware", "available"), text(version) if version else NIL)
        payload = Struct("FirmwareInfo", [("version", q(version)), ("sizeBytes", Raw("18874368"))]) if version \
            else Raw("nil")
        return self.act("firmware", self.f("Firmware", "checkResponse", self.result("FirmwareInfo?", True, payload)))

    @signal
    def fw_install(self):
        self.firmware_busy = True
        self.set(("firmware", "status"), self.case("downloading", "Firmware.Status"))
        self.set(("firmware", "progress"), num(0.0))
        return self.act("firmware", self.f("Firmware", "installButtonTapped"))

    @signal
    def fw_finished(self, version):
        self.firmware_busy = False
        self.set(("firmware", "status"), self.case("idle", "Firmware.Status"))
        self.set(("firmware", "installed"), text(version))
        self.set(("firmware", "available"), NIL)
        self.set(("firmware", "progress"), num(0.0))
        return self.act("firmware", self.f("Firmware", "installFinished", self.result(
            "String", True, q(version))))

    # -- processes
    def processes(self):
        return [self.periodic(self.clock_ticked, 1.0, 0.003, first=1.0, when=lambda: self.active),
                self.periodic(self.poll_fired, 2.0, 0.03, first=0.4,
                              when=lambda: self.active and not self.rebooting),
                self.lights_schedule(), self.heater_loop(), self.alert_watch(), self.schedules(),
                self.lifecycle(), self.person()]

    def lights_schedule(self):
        start = self.ramp_start
        yield self.rng.uniform(0, 5.0)
        while self.now < self.ramp_end:
            pct = min(100.0, start + (100.0 - start) * self.now / self.ramp_end)
            if self.active:
                self.emit(self.ramp_stepped, round(pct, 1))
            yield 5.0 + self.rng.uniform(-0.02, 0.02)
        self.light = 100.0
        if self.active:
            self.emit(self.ramp_stepped, 100.0)
            self.emit(self.phase_changed, "day")

    def heater_loop(self):
        while True:
            yield 2.0
            want = self.heating
            if self.temp < self.target - 0.1:
                want = True
            elif self.temp > self.target + 0.1:
                want = False
            if want != self.heating:
                if self.active:
                    self.emit(self.relay_changed, want)
                else:
                    self.heating = want

    def alert_watch(self):
        open_alerts = {}
        while True:
            yield self.rng.uniform(4.0, 6.0)
            if not self.active or self.rebooting:
                continue
            bad = dict(self.out_of_range())
            for metric, value in bad.items():
                if metric not in open_alerts:
                    self.emit(self.alert_received, metric, value)
                    open_alerts[metric] = self.alert_ids[-1]
            for metric in list(open_alerts):
                if metric not in bad:
                    self.emit(self.alert_resolved, open_alerts.pop(metric))

    def schedules(self):
        rng = self.rng
        t_dose = rng.uniform(60, 700)
        t_feed = rng.uniform(60, 700) if rng.random() < 0.5 else 1e9
        while True:
            nxt = min(t_dose, t_feed)
            yield max(0.0, nxt - self.now)
            if nxt == t_dose:
                t_dose = 1e9
                if self.dosing is None and self.active:
                    pump = rng.choice(DOSERS)[0]
                    self.emit(self.schedule_fired, pump)
                    self.spawn(self.run_dose(pump, round(rng.uniform(1.5, 4.0), 1)))
            else:
                t_feed = 1e9
                if self.active:
                    self.emit(self.feeding_reported)
            if t_dose > 1e8 and t_feed > 1e8:
                return

    def run_dose(self, pump, ml):
        """The pump runs at ~1.1 ml/s and reports what it dispensed twice a second."""
        self.dosing = pump
        yield self.rng.uniform(0.15, 0.5)
        self.emit(self.dose_started, pump, ml)
        done = 0.0
        while done < ml:
            yield 0.5 + self.rng.uniform(-0.01, 0.01)
            done = min(ml, done + 0.55 + self.rng.uniform(-0.03, 0.03))
            if done < ml:
                self.emit(self.dose_progressed, done)
        self.emit(self.dose_finished, pump)
        self.dosing = None

    def lifecycle(self):
        rng = self.rng
        while True:
            yield rng.uniform(150, 400)
            if self.firmware_busy:
                continue
            self.active = False
            self.emit(self.scene_phase, "background")
            yield rng.uniform(20, 90)
            self.active = True
            self.emit(self.scene_phase, "active")

    def person(self):
        rng = self.rng
        think = self.think((2.5, 7.0), (10.0, 30.0), (60, 180), (30, 120))
        yield rng.uniform(2.0, 6.0)
        did_fw = False
        while True:
            yield next(think)
            if not self.active:
                continue
            alerts = [a for i, a in enumerate(self.alert_ids)
                      if self.get(("alerts", ("i", i), "isAcknowledged")).cd == "false"]
            if alerts:
                yield rng.uniform(1.0, 4.0)
                self.emit(self.alert_acknowledged, alerts[0])
                continue
            r = rng.random()
            if r < 0.30:
                yield from self.look_at_charts()
            elif r < 0.40:
                yield from self.adjust_heater()
            elif r < 0.48:
                yield from self.override_lights()
            elif r < 0.55 and self.dosing is None:
                pump = rng.choice(DOSERS)[0]
                self.emit(self.dose_now, pump)
                self.spawn(self.run_dose(pump, round(rng.uniform(1.0, 3.0), 1)))
            elif r < 0.62:
                self.emit(self.feed_now)
                self.after(rng.uniform(1.5, 3.0), self.feed_response)
            elif r < 0.72:
                yield from self.add_reminder()
            elif r < 0.80:
                undone = [x for i, x in enumerate(self.reminder_ids)
                          if self.get(("reminders", ("i", i), "isDone")).cd == "false"]
                if undone:
                    self.emit(self.reminder_done, rng.choice(undone))
            elif r < 0.88:
                yield from self.log_test()
            elif r < 0.93 and not did_fw and self.now < 560:
                did_fw = True
                yield from self.firmware()

    def look_at_charts(self):
        rng = self.rng
        metric = rng.choice(METRICS)
        self.emit(self.open_dest, "charts", St(self.st("Charts"), [
            ("metric", self.case(metric, "Metric")), ("range", self.case("day", "ChartRange")),
            ("pointCount", num(0)), ("isLoading", boolean(True)), ("scrubIndex", NIL), ("scrubValue", NIL)]),
            "chartsButtonTapped")
        yield rng.uniform(0.2, 0.7)
        self.emit(self.chart_history)
        for _ in range(rng.randint(1, 3)):
            yield rng.uniform(2.0, 8.0)
            c = rng.random()
            if c < 0.3:
                self.emit(self.chart_metric, rng.choice(METRICS))
                yield rng.uniform(0.2, 0.7)
                self.emit(self.chart_history)
            elif c < 0.55:
                self.emit(self.chart_range, rng.choice(RANGES))
                yield rng.uniform(0.3, 1.2)
                self.emit(self.chart_history)
            else:
                n = int(self.get(("destination", ("e", "charts"), "pointCount")).cd) or 288
                i0 = rng.randrange(n)
                v = rng.uniform(-3, 3)
                base = {"temperature": 25.5, "pH": 8.1, "salinity": 35.0, "waterLevel": 94.0}
                m = self.get(("destination", ("e", "charts"), "metric")).cd.strip(".")
                hz = rng.uniform(50, 60)
                dur = min(2.5, 0.4 + rng.lognormvariate(math.log(0.6), 0.6))

                def at(k, i0=i0, v=v, n=n, m=m):
                    i = max(0, min(n - 1, int(i0 + v * k)))
                    return (i, base[m] * (1 + 0.004 * math.sin(i / 17.0)))
                yield from self.gesture(self.chart_scrubbed, hz=hz, duration=dur, args=at)
                self.emit(self.scrub_ended)
        yield rng.uniform(1.0, 5.0)
        self.emit(self.close_dest)

    def adjust_heater(self):
        rng = self.rng
        up = rng.random() < 0.5
        for _ in range(rng.randint(1, 5)):
            self.emit(self.heater_step, up)
            yield rng.uniform(0.3, 0.9)
        yield rng.uniform(0.5, 2.0)
        self.emit(self.heater_save)
        yield rng.uniform(0.2, 0.8)
        self.emit(self.heater_saved)

    def override_lights(self):
        rng = self.rng
        on = self.get(("lights", "isOverride")).cd == "false"
        self.emit(self.override_toggled, on)
        self.after(rng.uniform(0.2, 0.6), self.override_response)
        if on:
            yield rng.uniform(1.0, 3.0)
            v0 = float(self.get(("lights", "overrideIntensity")).cd)
            goal = rng.uniform(20, 100)
            hz = rng.uniform(30, 60)
            n = max(4, int(hz * rng.uniform(0.5, 2.0)))
            yield from self.gesture(self.override_dragged, hz=hz, duration=n / hz, args=lambda i: (
                v0 + (goal - v0) * (i + 1) / n + rng.uniform(-0.6, 0.6),))
            yield rng.uniform(0.1, 0.3)
            self.emit(self.override_response)

    def add_reminder(self):
        rng = self.rng
        title, kind, days = rng.choice(REMINDERS)
        self.emit(self.open_dest, "reminderEditor", St(self.st("ReminderEditor"), [
            ("title", text("")), ("kind", self.case("waterChange", "Reminder.Kind")), ("intervalDays", num(7)),
            ("isSaving", boolean(False))]), "addReminderButtonTapped")
        yield rng.uniform(1.0, 3.0)
        yield from self.typing(self.reminder_title_typed, title)
        yield rng.uniform(0.8, 3.0)
        self.emit(self.reminder_kind, kind, days)
        yield rng.uniform(1.0, 4.0)
        if rng.random() < 0.15:
            self.emit(self.close_dest)
            return
        self.emit(self.reminder_save)
        yield rng.uniform(0.2, 0.6)
        self.emit(self.reminder_delegate, title, kind, days)
        self.emit(self.close_dest)

    def log_test(self):
        rng = self.rng
        self.emit(self.open_dest, "waterTest", St(self.st("WaterTestForm"), [
            ("alkalinity", text("")), ("calcium", text("")), ("nitrate", text("")), ("phosphate", text("")),
            ("isSaving", boolean(False))]), "logWaterTestButtonTapped")
        values = [("alkalinity", "%.1f" % rng.uniform(7.2, 9.0)), ("calcium", str(rng.randint(400, 460))),
                  ("nitrate", str(rng.randint(2, 15))), ("phosphate", "%.2f" % rng.uniform(0.02, 0.1))]
        for field, v in values:
            yield rng.uniform(2.0, 7.0)        # reads the test kit
            yield from self.typing(self.test_field_typed, v, pre=(field,), lo=0.2, hi=0.6)
        yield rng.uniform(1.0, 3.0)
        self.emit(self.test_save)
        yield rng.uniform(0.3, 0.9)
        self.emit(self.test_saved, values)
        self.emit(self.close_dest)

    def firmware(self):
        rng = self.rng
        self.emit(self.fw_check)
        yield rng.uniform(0.5, 1.5)
        has = rng.random() < 0.7
        self.emit(self.fw_check_response, "3.5.0" if has else None)
        if not has:
            return
        yield rng.uniform(2.0, 8.0)
        self.emit(self.fw_install)
        self.spawn(self.flash("3.5.0"))

    def flash(self, version):
        rng = self.rng
        frac = 0.0
        rate = rng.uniform(0.008, 0.02)             # of the image per 0.25 s
        while frac < 1.0:
            yield 0.25 + rng.uniform(-0.01, 0.01)
            frac = min(1.0, frac + rate * rng.uniform(0.6, 1.4))
            self.emit(self.download_progressed, frac)
        self.rebooting = True
        p = 0.0
        while p < 1.0:
            yield 1.0 + rng.uniform(-0.02, 0.02)
            p = min(1.0, p + rng.uniform(0.03, 0.07))
            self.emit(self.install_progressed, p)
        yield rng.uniform(20, 40)                  # the controller reboots
        self.rebooting = False
        self.emit(self.fw_finished, version)



# ============================================================================= karaoke

SONGS = [("Don't Stop Believin'", "Journey", 251), ("Bohemian Rhapsody", "Queen", 354),
         ("Dancing Queen", "ABBA", 231), ("I Will Survive", "Gloria Gaynor", 198),
         ("Livin' on a Prayer", "Bon Jovi", 249), ("Total Eclipse of the Heart", "Bonnie Tyler", 269),
         ("Sweet Caroline", "Neil Diamond", 203), ("Mr. Brightside", "The Killers", 222),
         ("Shallow", "Lady Gaga & Bradley Cooper", 216), ("Wannabe", "Spice Girls", 173),
         ("Valerie", "Amy Winehouse", 233), ("Dancing in the Moonlight", "Toploader", 232),
         ("Torn", "Natalie Imbruglia", 245), ("Africa", "Toto", 295), ("Rolling in the Deep", "Adele", 228),
         ("I Wanna Dance with Somebody", "Whitney Houston", 291), ("Summer of '69", "Bryan Adams", 216),
         ("Islands in the Stream", "Dolly Parton & Kenny Rogers", 251)]
QUERIES = ["queen", "dancing", "abba", "adele", "bon jovi", "summer", "total eclipse", "whitney", "torn",
           "journey", "sweet", "islands"]
NAMES = ["maya_k", "jonas", "lea.sings", "tomtom", "priya", "ben_b", "sofia", "kai", "noor", "lukas",
         "emma.w", "finn", "zoe", "marco", "ana", "dev", "hana", "oli"]
EMOJI = ["👏", "🔥", "❤️", "😂", "🎤", "😍", "💯"]
NOTE_NAMES = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"]


def _note(midi):
    return "%s%d" % (NOTE_NAMES[midi % 12], midi // 12 - 1)


def _hz(midi):
    return 440.0 * 2 ** ((midi - 69) / 12.0)


class Karaoke(_Base):
    name = "karaoke"
    module = "SingAlong"
    process = "SingAlong"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        _Base.__init__(self, session)
        rng = self.rng
        self.result_ids = []
        self.results = {}
        self.queue_ids = []
        self.queue_songs = {}
        self.listener_ids = []
        self.playing = False
        self.song = None             # (title, artist, duration, notes, lines)
        self.token = 0
        self.pos = 0.0
        self.pos_at = 0.0
        self.partner = None
        self.partner_token = 0
        self.voice = rng.uniform(-0.6, 0.6)   # the person's habitual error, in semitones
        self.skill = rng.uniform(0.25, 0.6)   # the spread of their pitch, in semitones
        self.hot = 0.0                         # a chorus: reactions come faster
        listeners = []
        for _ in range(rng.randint(3, 7)):
            lid = self.uid()
            self.listener_ids.append(lid)
            listeners.append(self.listener(lid, rng.choice(NAMES)))
        self.state = St(self.st("AppFeature"), [
            ("search", St(self.st("Search"), [("query", text("")), ("results", Arr()), ("isSearching", boolean(False))])),
            ("queue", Arr()),
            ("player", St(self.st("Player"), [
                ("song", NIL), ("status", self.case("idle", "Player.Status")), ("position", num(0.0)),
                ("lyricIndex", NIL), ("currentLine", NIL), ("keyShift", num(0)), ("echo", num(0.3)),
                ("isEchoOn", boolean(True))])),
            ("scoring", St(self.st("Scoring"), [
                ("pitch", NIL), ("targetNote", NIL), ("cents", NIL), ("score", num(0)), ("combo", num(0)),
                ("bestCombo", num(0)), ("notesHit", num(0))])),
            ("duet", St(self.st("Duet"), [
                ("status", self.case("solo", "Duet.Status")), ("partner", NIL), ("partnerPitch", NIL),
                ("partnerScore", num(0)), ("latencyMs", NIL)])),
            ("room", St(self.st("Room"), [
                ("listeners", Arr(listeners)), ("listenerCount", num(len(listeners) + rng.randint(5, 30))),
                ("recentReactions", Arr()), ("upNext", Arr())])),
            ("destination", NIL)])

    def listener(self, lid, name):
        return St("Listener", [("id", self.uuid_value(lid)), ("name", text(name))])

    # -- the song being sung
    def make_song(self, title, artist, duration):
        rng = self.rng
        notes, lines = [], []
        t = rng.uniform(8.0, 18.0)                 # the intro
        center = rng.randint(57, 64)
        while t < duration - 8:
            # a phrase: a lyric line and its notes
            lines.append(round(t, 2))
            n = rng.randint(5, 11)
            m = center + rng.randint(-3, 4)
            for _ in range(n):
                d = rng.uniform(0.18, 0.8)
                notes.append((t, t + d, m))
                t += d + rng.uniform(0.02, 0.15)
                m = max(center - 7, min(center + 9, m + rng.choice([-2, -1, 0, 0, 1, 2, 3, -3])))
            t += rng.uniform(0.6, 2.5)
            if rng.random() < 0.1:
                t += rng.uniform(6, 14)            # an instrumental break
        return (title, artist, duration, notes, lines)

    def position(self):
        return self.pos + (self.now - self.pos_at if self.playing else 0.0)

    def sc(self, case, *a, **k):
        return self.act("scoring", self.f("Scoring", case, *a, **k))

    def pl(self, case, *a, **k):
        return self.act("player", self.f("Player", case, *a, **k))

    # -- noise
    # reason: AVPlayer's periodic time observer, four times a second while a song plays
    @noise
    def time_updated(self, pos):
        self.set(("player", "position"), num(round(pos, 2)))
        return self.pl("timeUpdated", self.fr(pos, 2))

    # reason: the lyrics advance with the playback clock, not with anything the person does
    @noise
    def lyric_changed(self, index, line):
        self.set(("player", "lyricIndex"), num(index))
        self.set(("player", "currentLine"), text(line))
        return self.pl("lyricLineChanged", index=self.ri(index))

    @noise
    def pitch_detected(self, hz, confidence, target):
        if hz is None:
            self.set(("scoring", "pitch"), NIL)
            self.set(("scoring", "cents"), NIL)
            payload = Struct("PitchSample", [("frequency", Raw("nil")), ("confidence", self.fr(confidence))])
        else:
            self.set(("scoring", "pitch"), num(round(hz, 1)))
            if target is not None:
                cents = int(round(1200 * math.log2(hz / _hz(target))))
                self.set(("scoring", "cents"), num(cents))
            payload = Struct("PitchSample", [("frequency", self.fr(hz, 1)), ("confidence", self.fr(confidence))])
        self.set(("scoring", "targetNote"), text(_note(target)) if target is not None else NIL)
        return self.sc("pitchDetected", payload)

    # reason: the scorer grades each note of the melody as it ends; the score counts up on its own
    @noise
    def note_scored(self, accuracy):
        st = ("scoring",)
        score = int(self.get(st + ("score",)).cd) + int(round(accuracy * 100))
        combo = int(self.get(st + ("combo",)).cd) + 1 if accuracy >= 0.7 else 0
        best = max(combo, int(self.get(st + ("bestCombo",)).cd))
        self.set(st + ("score",), num(score))
        self.set(st + ("combo",), num(combo))
        self.set(st + ("bestCombo",), num(best))
        if accuracy >= 0.7:
            self.set(st + ("notesHit",), num(int(self.get(st + ("notesHit",)).cd) + 1))
        return self.sc("noteScored", accuracy=self.fr(accuracy))

    @noise
    def echo_dragged(self, value):
        self.set(("player", "echo"), num(round(value, 2)))
        return self.pl("binding", A("BindingAction<%s>" % self.st("Player").replace(".", ""), "set",
                                    Raw("\\%s.$echo" % self.st("Player")), self.fr(value, 2)))

    @noise
    def partner_pitch(self, hz):
        if self.partner is None:
            return None
        self.set(("duet", "partnerPitch"), num(round(hz, 1)) if hz else NIL)
        return self.act("duet", self.f("Duet", "partnerPitchReceived", self.fr(hz, 1) if hz else Raw("nil")))

    # reason: the friend's running score, re-sent once a second over the network
    @noise
    def partner_score(self, score):
        if self.partner is None:
            return None
        self.set(("duet", "partnerScore"), num(score))
        return self.act("duet", self.f("Duet", "partnerScoreUpdated", self.ri(score)))

    @noise
    def latency(self, ms):
        if self.partner is None:
            return None
        self.set(("duet", "latencyMs"), num(ms))
        return self.act("duet", self.f("Duet", "latencyMeasured", ms=self.ri(ms)))

    # reason: the server re-sends the room's audience size every 10 s
    @noise
    def listener_count(self, n):
        self.set(("room", "listenerCount"), num(n))
        return self.act("room", self.f("Room", "listenerCountUpdated", self.ri(n)))

    @noise
    def export_progressed(self, frac):
        if not self.dest_is("results"):
            return None
        self.set(("destination", ("e", "results"), "exportProgress"), num(round(frac, 2)))
        return self.present("results", self.f("Results", "exportProgressed", self.fr(frac)))

    # -- either
    # reason: a keystroke each in the search field
    @either
    def query_typed(self, value):
        self.set(("search", "query"), text(value))
        return self.act("search", self.binding("Search", "query", q(value)))

    # reason: thumbnails loading as the results list appears and scrolls
    @either
    def artwork_loaded(self, rid):
        if rid not in self.result_ids:
            return None
        i = self.result_ids.index(rid)
        size = self.rng.randint(9000, 42000)
        self.set(("search", "results", ("i", i), "artwork"), St("Artwork", [("bytes", num(size))]))
        return self.act("search", A(self.at("Search"), "results", self.element(
            "SongRow", self.uuid_arg(rid), self.f("SongRow", "artworkResponse", self.result(
                "Data", True, Raw("%d bytes" % size))))))

    # reason: listeners' emoji reactions: new objects from other people, but a stream the
    # singer does not act on, denser in a chorus
    @either
    def reaction(self, who, emoji):
        items = self.get(("room", "recentReactions")).items
        self.append(("room", "recentReactions"), St("Reaction", [("from", text(who)), ("emoji", text(emoji))]))
        if len(items) > 5:
            self.remove_at(("room", "recentReactions"), 0)
        return self.act("room", self.f("Room", "reactionReceived", Struct("Reaction", [
            ("from", q(who)), ("emoji", q(emoji)), ("sentAt", Raw(self.date().cd))])))

    # -- signal
    @signal
    def on_appear(self):
        return self.act("onAppear")

    @signal
    def mic_permission(self):
        return self.act("microphonePermissionResponse", self.rb(True))

    @signal
    def room_joined(self):
        return self.act("room", self.f("Room", "joinResponse", self.result("RoomSnapshot", True, Struct(
            "RoomSnapshot", [("roomID", q("friday-night")), ("listeners", self.ri(len(self.listener_ids)))]))))

    @signal
    def search_started(self):
        self.set(("search", "isSearching"), boolean(True))
        return self.act("search", self.f("Search", "searchQueryChangeDebounced"))

    @signal
    def search_response(self, query):
        hits = [sg for sg in SONGS if query.split()[0].lower() in (sg[0] + " " + sg[1]).lower()]
        hits += self.rng.sample([sg for sg in SONGS if sg not in hits], max(0, 4 - len(hits)))
        hits = hits[:8]
        self.result_ids = [self.uid() for _ in hits]
        self.results = dict(zip(self.result_ids, hits))
        self.set(("search", "isSearching"), boolean(False))
        self.set(("search", "results"), Arr(St(self.st("SongRow"), [
            ("id", self.uuid_value(r)), ("title", text(t)), ("artist", text(a)), ("duration", num(d)),
            ("artwork", NIL)]) for r, (t, a, d) in zip(self.result_ids, hits)))
        return self.act("search", self.f("Search", "searchResponse", self.result("[Song]", True, Struct(
            "SearchPage", [("query", q(query)), ("count", self.ri(len(hits)))]))))

    @signal
    def add_to_queue(self, rid):
        t, a, d = self.results[rid]
        qid = self.uid()
        self.queue_ids.append(qid)
        self.queue_songs[qid] = (t, a, d)
        self.append(("queue",), St("QueueItem", [("id", self.uuid_value(qid)), ("title", text(t)),
                                                 ("artist", text(a))]))
        return self.act("search", A(self.at("Search"), "results", self.element(
            "SongRow", self.uuid_arg(rid), self.f("SongRow", "addToQueueButtonTapped"))))

    @signal
    def remove_from_queue(self, qid):
        i = self.queue_ids.index(qid)
        self.queue_ids.pop(i)
        self.remove_at(("queue",), i)
        return self.act("queue", self.element("QueueItem", self.uuid_arg(qid), self.f("QueueItem", "deleteButtonTapped")))

    @signal
    def start_tapped(self):
        self.set(("player", "status"), self.case("loading", "Player.Status"))
        return self.pl("startButtonTapped")

    @signal
    def song_loaded(self, qid):
        t, a, d = self.queue_songs[qid]
        i = self.queue_ids.index(qid)
        self.queue_ids.pop(i)
        self.remove_at(("queue",), i)
        self.song = self.make_song(t, a, d)
        self.token += 1
        self.pos, self.pos_at, self.playing = 0.0, self.now, True
        self.set(("player", "song"), St("Song", [("title", text(t)), ("artist", text(a)), ("duration", num(d))]))
        self.set(("player", "status"), self.case("playing", "Player.Status"))
        self.set(("player", "position"), num(0.0))
        self.set(("player", "lyricIndex"), NIL)
        self.set(("player", "currentLine"), NIL)
        for k, v in (("score", 0), ("combo", 0), ("bestCombo", 0), ("notesHit", 0)):
            self.set(("scoring", k), num(v))
        return self.pl("songResponse", self.result("KaraokeTrack", True, Struct("KaraokeTrack", [
            ("title", q(t)), ("artist", q(a)), ("duration", self.ri(d)), ("lyricLines", self.ri(len(self.song[4]))),
            ("notes", self.ri(len(self.song[3])))])))

    @signal
    def pause(self):
        self.pos = self.position()
        self.playing = False
        self.set(("player", "status"), self.case("paused", "Player.Status"))
        return self.pl("pauseButtonTapped")

    @signal
    def resume(self):
        self.pos_at = self.now
        self.playing = True
        self.set(("player", "status"), self.case("playing", "Player.Status"))
        return self.pl("resumeButtonTapped")

    @signal
    def key_step(self, up):
        k = int(self.get(("player", "keyShift")).cd) + (1 if up else -1)
        self.set(("player", "keyShift"), num(k))
        return self.pl("keyUpButtonTapped" if up else "keyDownButtonTapped")

    @signal
    def echo_toggled(self, on):
        self.set(("player", "isEchoOn"), boolean(on))
        return self.pl("binding", A("BindingAction<%s>" % self.st("Player").replace(".", ""), "set",
                                    Raw("\\%s.$isEchoOn" % self.st("Player")), self.rb(on)))

    def stop_song(self):
        self.playing = False
        self.token += 1
        self.song = None
        self.set(("player", "status"), self.case("idle", "Player.Status"))
        self.set(("player", "song"), NIL)
        self.set(("player", "lyricIndex"), NIL)
        self.set(("player", "currentLine"), NIL)
        self.set(("scoring", "pitch"), NIL)
        self.set(("scoring", "cents"), NIL)
        self.set(("scoring", "targetNote"), NIL)

    @signal
    def skip(self):
        self.stop_song()
        return self.pl("skipButtonTapped")

    @signal
    def finished(self):
        title = self.song[0]
        score = int(self.get(("scoring", "score")).cd)
        notes = len(self.song[3])
        hit = int(self.get(("scoring", "notesHit")).cd)
        grade = "S" if hit > 0.9 * notes else "A" if hit > 0.75 * notes else "B" if hit > 0.55 * notes else "C"
        self.stop_song()
        self.set(("destination",), En(self.st("Destination"), "results", St(self.st("Results"), [
            ("title", text(title)), ("score", num(score)), ("grade", text(grade)),
            ("bestCombo", self.get(("scoring", "bestCombo"))), ("recording", self.case("unsaved", "Recording")),
            ("exportProgress", num(0.0))])))
        return self.pl("playbackFinished")

    @signal
    def save_tapped(self):
        self.set(("destination", ("e", "results"), "recording"), self.case("exporting", "Recording"))
        return self.present("results", self.f("Results", "saveRecordingButtonTapped"))

    @signal
    def saved(self, title):
        if not self.dest_is("results"):
            return None
        rid = self.uid()[:8].lower()
        self.set(("destination", ("e", "results"), "recording"), self.case("saved", "Recording"))
        return self.present("results", self.f("Results", "saveResponse", self.result("Recording", True, Struct(
            "Recording", [("id", q(rid)), ("title", q(title)), ("url", q("file:///Recordings/%s.m4a" % rid))]))))

    @signal
    def share_tapped(self):
        return self.present("results", self.f("Results", "shareButtonTapped"))

    @signal
    def share_completed(self, activity):
        return self.present("results", self.f("Results", "shareSheetCompleted", activity=q(activity) if activity
                                              else Raw("nil")))

    @signal
    def close_results(self):
        if self.get(("destination",)) is NIL:
            return None
        self.set(("destination",), NIL)
        return self.dismissed()

    @signal
    def invite(self):
        self.set(("duet", "status"), self.case("inviting", "Duet.Status"))
        return self.act("duet", self.f("Duet", "inviteFriendButtonTapped"))

    @signal
    def partner_joined(self, name):
        self.partner = name
        self.set(("duet", "status"), self.case("connected", "Duet.Status"))
        self.set(("duet", "partner"), text(name))
        self.set(("duet", "partnerScore"), num(0))
        return self.act("duet", self.f("Duet", "partnerJoined", Struct("Partner", [("name", q(name)),
                                                                                   ("region", q("eu-central"))])))

    @signal
    def partner_left(self):
        self.partner = None
        self.partner_token += 1
        self.set(("duet", "status"), self.case("solo", "Duet.Status"))
        self.set(("duet", "partner"), NIL)
        self.set(("duet", "partnerPitch"), NIL)
        self.set(("duet", "latencyMs"), NIL)
        return self.act("duet", self.f("Duet", "partnerLeft"))

    @signal
    def listener_joined(self, name):
        lid = self.uid()
        self.listener_ids.append(lid)
        self.append(("room", "listeners"), self.listener(lid, name))
        return self.act("room", self.f("Room", "listenerJoined", Struct("Listener", [
            ("id", self.uuid_arg(lid)), ("name", q(name))])))

    @signal
    def listener_left(self, lid):
        i = self.listener_ids.index(lid)
        self.listener_ids.pop(i)
        self.remove_at(("room", "listeners"), i)
        return self.act("room", self.f("Room", "listenerLeft", id=self.uuid_arg(lid)))

    @signal
    def room_queue(self, who, song):
        self.append(("room", "upNext"), St("RoomQueueItem", [("singer", text(who)), ("title", text(song[0]))]))
        return self.act("room", self.f("Room", "queueChanged", Struct("RoomQueueItem", [
            ("singer", q(who)), ("title", q(song[0])), ("artist", q(song[1]))])))

    # -- processes
    def processes(self):
        return [self.person(), self.room_life(), self.reactions(),
                self.periodic(self.listener_count_push, 10.0, 0.05)]

    def listener_count_push(self):
        n = int(self.get(("room", "listenerCount")).cd)
        if self.rng.random() < 0.5:
            n = max(len(self.listener_ids), n + self.rng.choice([-2, -1, 1, 2, 3]))
        self.emit(self.listener_count, n)

    listener_count_push.label = "noise"

    def periodic(self, maker, period, jitter=0.0, first=None, when=None, args=()):
        if maker == self.listener_count_push:
            # a plain function, not a maker: call it at each firing
            due = self.now + self.rng.uniform(0, period)
            k = 0
            while True:
                fire = max(self.now + 0.0005, due + period * k + self.rng.uniform(-jitter, jitter))
                yield fire - self.now
                maker()
                k += 1
        else:
            yield from App.periodic(self, maker, period, jitter, first, when, args)

    def room_life(self):
        rng = self.rng
        while True:
            yield self.expo(30.0)
            r = rng.random()
            if r < 0.45:
                self.emit(self.listener_joined, rng.choice(NAMES))
            elif r < 0.8 and len(self.listener_ids) > 2:
                self.emit(self.listener_left, rng.choice(self.listener_ids))
            else:
                self.emit(self.room_queue, rng.choice(NAMES), rng.choice(SONGS))

    def reactions(self):
        rng = self.rng
        while True:
            mean = 20.0
            if self.playing:
                mean = 1.2 if self.hot > self.now else 5.0
            yield self.expo(mean)
            if self.playing and rng.random() < 0.02:
                self.hot = self.now + rng.uniform(5, 15)
            if self.listener_ids:
                self.emit(self.reaction, rng.choice(NAMES), rng.choice(EMOJI))

    def engine(self, token):
        """The song: the pitch tap (1024 frames at 48 kHz downsampled: ~21.5 Hz), lyrics,
        note scoring, and the time observer at 4 Hz, until the end or a skip."""
        rng = self.rng
        title, artist, duration, notes, lines = self.song
        words = ["oh", "night", "we", "hold on", "love", "the city", "tonight", "baby", "my heart", "dancing"]
        ni = 0
        li = -1
        acc = []
        next_time = 0.25
        dt = 1024 / 22050.0
        while token == self.token:
            yield dt * rng.uniform(0.98, 1.02)
            if token != self.token:
                return
            if not self.playing:
                continue
            pos = self.position()
            if pos >= duration:
                self.emit(self.finished)
                return
            if pos >= next_time:
                self.emit(self.time_updated, pos)
                next_time += 0.25
            while li + 1 < len(lines) and pos >= lines[li + 1]:
                li += 1
                self.emit(self.lyric_changed, li, " ".join(rng.sample(words, 3)).capitalize())
            while ni < len(notes) and pos >= notes[ni][1]:
                if acc:
                    score = sum(acc) / len(acc)
                else:
                    score = 0.0
                self.emit(self.note_scored, round(score, 2))
                acc = []
                ni += 1
            target = None
            if ni < len(notes) and notes[ni][0] <= pos < notes[ni][1]:
                target = notes[ni][2] + int(self.get(("player", "keyShift")).cd)
            if target is not None and rng.random() < 0.93:
                err = rng.gauss(self.voice, self.skill)
                if rng.random() < 0.04:
                    err += 12                      # an octave error
                hz = _hz(target + err)
                acc.append(max(0.0, 1.0 - abs(err) / 1.0))
                self.emit(self.pitch_detected, hz, rng.uniform(0.7, 0.98), target)
            elif rng.random() < 0.12:
                self.emit(self.pitch_detected, rng.uniform(90, 400), rng.uniform(0.3, 0.6), target)
            else:
                self.emit(self.pitch_detected, None, rng.uniform(0.0, 0.25), target)

    def partner_stream(self, token):
        rng = self.rng
        k = 0
        score = 0
        while token == self.partner_token and self.partner is not None:
            yield 0.1 * rng.uniform(0.9, 1.1)
            if token != self.partner_token or self.partner is None:
                return
            if not self.playing:
                continue
            k += 1
            sing = rng.random() < 0.7
            self.emit(self.partner_pitch, _hz(rng.randint(55, 67) + rng.gauss(0, 0.3)) if sing else None)
            if k % 10 == 0:
                score += rng.randint(20, 190)
                self.emit(self.partner_score, score)
            if k % 50 == 25:
                self.emit(self.latency, rng.randint(60, 180))

    def fidget(self, token):
        """What the person does while singing: mostly sing, sometimes a control."""
        rng = self.rng
        while token == self.token:
            yield self.expo(40.0)
            if token != self.token or self.song is None:
                return
            r = rng.random()
            if r < 0.25:
                self.emit(self.pause)
                yield rng.uniform(4.0, 25.0)
                if token != self.token:
                    return
                self.emit(self.resume)
            elif r < 0.55:
                up = rng.random() < 0.5
                for _ in range(rng.randint(1, 3)):
                    self.emit(self.key_step, up)
                    yield rng.uniform(0.4, 1.2)
            elif r < 0.85:
                if self.get(("player", "isEchoOn")).cd == "false":
                    self.emit(self.echo_toggled, True)
                    yield rng.uniform(0.6, 1.5)
                v0 = float(self.get(("player", "echo")).cd)
                goal = rng.uniform(0.0, 1.0)
                hz = rng.uniform(40, 60)
                n = max(4, int(hz * rng.uniform(0.4, 1.5)))
                yield from self.gesture(self.echo_dragged, hz=hz, duration=n / hz, args=lambda i: (
                    min(1.0, max(0.0, v0 + (goal - v0) * (i + 1) / n + rng.uniform(-0.01, 0.01))),))
            elif r < 0.96:
                self.emit(self.echo_toggled, self.get(("player", "isEchoOn")).cd == "false")
            else:
                self.emit(self.skip)
                return

    def search_and_queue(self):
        rng = self.rng
        query = rng.choice(QUERIES)
        yield from self.typing(self.query_typed, query, lo=0.1, hi=0.35)
        yield 0.3
        self.emit(self.search_started)
        yield rng.uniform(0.2, 0.8)
        self.emit(self.search_response, query)
        for k, rid in enumerate(self.result_ids[:rng.randint(4, 8)]):
            self.after(rng.uniform(0.05, 0.4) + 0.04 * k, self.artwork_loaded, rid)
        for _ in range(rng.randint(1, 2)):
            yield rng.uniform(2.0, 7.0)
            ids = [r for r in self.result_ids if r in self.results]
            self.emit(self.add_to_queue, rng.choice(ids))

    def person(self):
        rng = self.rng
        yield rng.uniform(0.2, 0.6)
        self.emit(self.on_appear)
        yield rng.uniform(0.1, 0.4)
        self.emit(self.mic_permission)
        yield rng.uniform(0.2, 0.6)
        self.emit(self.room_joined)
        yield rng.uniform(3.0, 10.0)
        while True:
            while len(self.queue_ids) < 2:
                yield from self.search_and_queue()
                yield rng.uniform(2.0, 6.0)
            if rng.random() < 0.15:
                self.emit(self.remove_from_queue, rng.choice(self.queue_ids))
                yield rng.uniform(1.0, 3.0)
                continue
            duet = self.partner is None and rng.random() < 0.4
            if duet:
                self.emit(self.invite)
                yield rng.uniform(6.0, 20.0)
                self.emit(self.partner_joined, rng.choice(NAMES))
                self.spawn(self.partner_stream(self.partner_token))
                yield rng.uniform(2.0, 5.0)
            yield rng.uniform(1.0, 5.0)
            self.emit(self.start_tapped)
            yield rng.uniform(0.4, 1.5)
            self.emit(self.song_loaded, self.queue_ids[0])
            token = self.token
            self.spawn(self.engine(token))
            self.spawn(self.fidget(token))
            while self.token == token:
                yield 1.0
            if self.partner is not None and rng.random() < 0.6:
                yield rng.uniform(1.0, 6.0)
                self.emit(self.partner_left)
            if self.dest_is("results"):
                yield rng.uniform(3.0, 10.0)
                if rng.random() < 0.6:
                    self.emit(self.save_tapped)
                    frac = 0.0
                    while frac < 1.0:
                        yield 0.2 + rng.uniform(-0.01, 0.01)
                        frac = min(1.0, frac + rng.uniform(0.04, 0.09))
                        if frac < 1.0:
                            self.emit(self.export_progressed, frac)
                    self.emit(self.saved, self.get(("destination", ("e", "results"), "title")).df)
                    if rng.random() < 0.5:
                        yield rng.uniform(1.0, 4.0)
                        self.emit(self.share_tapped)
                        yield rng.uniform(3.0, 12.0)
                        self.emit(self.share_completed, rng.choice(["com.apple.UIKit.activity.Message",
                                                                    "com.burbn.instagram.shareextension", None]))
                yield rng.uniform(1.0, 4.0)
                self.emit(self.close_results)
            yield rng.uniform(3.0, 15.0)



# =============================================================================== hotel

MENU = [("Club sandwich", 1850), ("Caesar salad", 1450), ("Margherita pizza", 1600), ("Burger & fries", 2100),
        ("Tomato soup", 950), ("Sparkling water", 450), ("Cheesecake", 850), ("Pot of tea", 550),
        ("Glass of Riesling", 900)]
DESK = ["Good evening! How can we help?", "Of course, I'll send extra towels right away.",
        "The pool is open until 10 pm on the 6th floor.", "Breakfast is served from 6:30 to 10:30 in the atrium.",
        "Late checkout until 1 pm is confirmed for you.", "A taxi will be waiting at 7:45.",
        "I've noted the wake-up call for 6:30.", "You're welcome, enjoy your stay!"]
GUEST = ["Hi, could I get two more towels?", "What time does the pool close?", "Is breakfast included?",
         "Could I have a late checkout tomorrow?", "Can you book a taxi to the airport at 7:45?",
         "Wake-up call at 6:30 please", "Thanks!"]
DIMMERS = [("entrance", "Entrance"), ("ceiling", "Ceiling"), ("bedside", "Bedside"), ("desk", "Desk lamp")]


class Hotel(_Base):
    name = "hotel"
    module = "StayEasy"
    process = "StayEasy"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        _Base.__init__(self, session)
        rng = self.rng
        self.arrival = rng.random() < 0.65
        self.active = True
        self.room_no = str(rng.choice([3, 4, 5, 6, 7])) + "%02d" % rng.randint(1, 40)
        self.has_key = not self.arrival
        self.in_room = not self.arrival
        self.key_tab = False
        self.near = False
        self.rssi = -62.0
        self.order = None            # status of the room-service order
        self.eta = 0
        self.charge_ids = []
        self.msg_ids = []
        self.booking_ids = []
        self.menu_ids = [self.uid() for _ in MENU]
        self.stack_n = 0
        self.room_temp = rng.uniform(21.0, 24.5)
        self.setpoint = 22.0
        self.curtains = 0 if self.arrival else rng.choice([0, 100])
        self.checked_out = False
        self.balance = 0
        charges = []
        if not self.arrival:
            for desc, cents in [("Room night", 18900), ("City tax", 450), ("Minibar", rng.choice([350, 700, 1200]))]:
                c = self.uid()
                self.charge_ids.append(c)
                self.balance += cents
                charges.append(self.charge(c, desc, cents))
        self.state = St(self.st("AppFeature"), [
            ("selectedTab", self.case("stay", "Tab")),
            ("reservation", St("Reservation", [
                ("confirmation", text("SE-%06d" % rng.randint(0, 999999))),
                ("roomNumber", text(self.room_no) if not self.arrival else NIL),
                ("status", self.case("upcoming" if self.arrival else "checkedIn", "Reservation.Status"))])),
            ("path", Dic(quoted=False, ordered=True)),
            ("key", St(self.st("RoomKey"), [
                ("status", self.case("active" if self.has_key else "none", "RoomKey.Status")),
                ("keyID", text("K-" + self.uid()[:8]) if self.has_key else NIL), ("rssi", NIL),
                ("isNearDoor", boolean(False)), ("isUnlocking", boolean(False)), ("lastUnlockAt", NIL)])),
            ("room", St(self.st("RoomControls"), [
                ("lights", Arr(St(self.st("Dimmer"), [("id", text(k)), ("name", text(n)),
                                                      ("level", num(0.0 if self.arrival else 0.6)),
                                                      ("isOn", boolean(not self.arrival and k == "bedside"))])
                               for k, n in DIMMERS)),
                ("thermostat", St(self.st("Thermostat"), [("setpoint", num(self.setpoint)),
                                                          ("dialValue", NIL), ("mode", self.case("auto", "HVACMode"))])),
                ("curtains", St(self.st("Curtains"), [("position", num(self.curtains)), ("isMoving", boolean(False))])),
                ("sensors", St("RoomSensors", [("temperature", num(round(self.room_temp, 1))),
                                               ("humidity", num(45)), ("isOccupied", boolean(self.in_room))]))])),
            ("dining", St(self.st("RoomService"), [("menu", Arr()), ("cart", Arr()), ("order", NIL)])),
            ("chat", St(self.st("Chat"), [("messages", Arr()), ("draft", text("")), ("isAgentTyping", boolean(False)),
                                          ("isSending", boolean(False))])),
            ("housekeeping", St(self.st("Housekeeping"), [("request", NIL)])),
            ("bookings", Arr()),
            ("folio", St(self.st("Folio"), [("charges", Arr(charges)), ("balance", num(self.balance)),
                                            ("refreshedAt", self.date(0))])),
            ("destination", NIL),
            ("scenePhase", self.case("active", "ScenePhase"))])

    # -- values and paths
    def charge(self, c, desc, cents):
        return St("Charge", [("id", self.uuid_value(c)), ("description", text(desc)), ("amount", num(cents))])

    def money(self, cents):
        return Raw("%d.%02d" % (cents // 100, cents % 100))

    def stack_type(self):
        return "StackAction<%s, %s>" % (self.st("Path"), self.at("Path"))

    def in_stack(self, sid, case, inner):
        return self.act("path", A(self.stack_type(), "element", id=Raw("#%d" % sid),
                                  action=A(self.at("Path"), case, inner)))

    def sp(self, sid, case, *rest):
        return ("path", ("k", "#%d" % sid), ("e", case)) + rest

    def on_stack(self, sid, case):
        d = self.get(("path",)).d
        k = "#%d" % sid
        return k in d and d[k].case == case

    def rm(self, case, *a, **k):
        return self.act("room", self.f("RoomControls", case, *a, **k))

    def sub(self, parent, child_case, child, case, *a, **k):
        return self.act(parent, A(self.at({"room": "RoomControls"}.get(parent, parent)), child_case,
                                  self.f(child, case, *a, **k)))

    def tab_value(self):
        return self.get(("selectedTab",)).cd.strip(".")

    # -- noise
    # reason: the door lock's Bluetooth advertisements, ranged about three times a second
    @noise
    def lock_advert(self, rssi):
        self.set(("key", "rssi"), num(int(rssi)))
        return self.act("key", self.f("RoomKey", "lockAdvertisementReceived", Struct("LockAdvertisement", [
            ("lockID", q("L-%s" % self.room_no)), ("rssi", self.ri(rssi))])))

    # reason: the room's sensor subscription, every 10 s whatever the guest does
    @noise
    def sensors(self, temp, humidity, occupied):
        self.set(("room", "sensors"), St("RoomSensors", [("temperature", num(round(temp, 1))),
                                                         ("humidity", num(humidity)), ("isOccupied", boolean(occupied))]))
        return self.rm("sensorsUpdated", Struct("RoomSensors", [
            ("temperature", self.fr(temp, 1)), ("humidity", self.ri(humidity)), ("isOccupied", self.rb(occupied))]))

    @noise
    def frame_analyzed(self, sid, conf, found):
        if not self.on_stack(sid, "idScan"):
            return None
        self.set(self.sp(sid, "idScan", "confidence"), num(round(conf, 2)) if found else NIL)
        return self.in_stack(sid, "idScan", self.f("IDScan", "frameAnalyzed", Struct("DocumentDetection", [
            ("found", self.rb(found)), ("confidence", self.fr(conf if found else 0.0))])))

    @noise
    def upload_progressed(self, sid, frac):
        if not self.on_stack(sid, "idScan"):
            return None
        self.set(self.sp(sid, "idScan", "status"), En("IDScan.Status", "uploading", num(round(frac, 2))))
        return self.in_stack(sid, "idScan", self.f("IDScan", "uploadProgressed", self.fr(frac)))

    @noise
    def dimmer_dragged(self, k, level):
        i = [d[0] for d in DIMMERS].index(k)
        self.set(("room", "lights", ("i", i), "level"), num(round(level, 2)))
        return self.act("room", A(self.at("RoomControls"), "lights", self.element("Dimmer", q(k), A(
            self.at("Dimmer"), "binding", A("BindingAction<%s>" % self.st("Dimmer").replace(".", ""), "set",
                                            Raw("\\%s.$level" % self.st("Dimmer")), self.fr(level, 2))))))

    @noise
    def dial_dragged(self, value):
        self.set(("room", "thermostat", "dialValue"), num(value))
        return self.sub("room", "thermostat", "Thermostat", "dialDragged", self.fr(value, 1))

    # reason: the curtain motor reports its position twice a second while it moves
    @noise
    def curtain_position(self, pos):
        self.set(("room", "curtains", "position"), num(int(pos)))
        return self.sub("room", "curtains", "Curtains", "positionReported", self.ri(pos))

    # reason: the ETA is re-sent every 30 s while the order is on its way; it ticks down
    @noise
    def eta_updated(self, minutes):
        if self.get(("dining", "order")) is NIL:
            return None
        self.set(("dining", "order", "etaMinutes"), num(minutes))
        return self.act("dining", self.f("RoomService", "etaUpdated", minutes=self.ri(minutes)))

    # reason: the desk's typing indicator: a presence flag with no content, on and off around replies
    @noise
    def agent_typing(self, on):
        self.set(("chat", "isAgentTyping"), boolean(on))
        return self.act("chat", self.f("Chat", "agentTypingChanged", self.rb(on)))

    @noise
    def folio_tick(self):
        return self.act("folio", self.f("Folio", "refreshTimerFired"))

    # reason: the minute's refresh re-sends the balance the charges already posted
    @noise
    def folio_response(self):
        self.set(("folio", "refreshedAt"), self.date())
        self.set(("folio", "balance"), num(self.balance))
        return self.act("folio", self.f("Folio", "folioResponse", self.result("FolioSummary", True, Struct(
            "FolioSummary", [("balance", self.money(self.balance)), ("currency", q("EUR")),
                             ("charges", self.ri(len(self.charge_ids)))]))))

    # -- either
    # reason: a keystroke each in the chat's message field
    @either
    def draft_typed(self, value):
        self.set(("chat", "draft"), text(value))
        return self.act("chat", self.binding("Chat", "draft", q(value)))

    # reason: a keystroke each in the special requests field
    @either
    def requests_typed(self, sid, value):
        if not self.on_stack(sid, "preferences"):
            return None
        self.set(self.sp(sid, "preferences", "specialRequests"), text(value))
        return self.in_stack(sid, "preferences", self.binding("Preferences", "specialRequests", q(value)))

    # -- signal
    @signal
    def on_appear(self):
        return self.act("onAppear")

    @signal
    def reservation_response(self):
        r = self.get(("reservation",))
        return self.act("reservationResponse", self.result("Reservation", True, Struct("Reservation", [
            ("confirmation", Raw(r.f["confirmation"].cd)), ("nights", self.ri(2)),
            ("status", Raw(r.f["status"].cd))])))

    @signal
    def scene_phase(self, phase):
        self.set(("scenePhase",), self.case(phase, "ScenePhase"))
        return self.act("scenePhaseChanged", A("ScenePhase", phase))

    @signal
    def select_tab(self, tab):
        if self.tab_value() == tab:
            return None
        self.set(("selectedTab",), self.case(tab, "Tab"))
        self.key_tab = tab == "key"
        return self.act("binding", A("BindingAction<%s>" % self.st("AppFeature").replace(".", ""), "set",
                                     Raw("\\%s.$selectedTab" % self.st("AppFeature")), Raw("." + tab)))

    @signal
    def check_in_tapped(self):
        return self.act("checkInButtonTapped")

    @signal
    def push(self, case, value):
        self.stack_n += 1
        self.put(("path",), "#%d" % self.stack_n, En(self.st("Path"), case, value))
        return self.act("path", A(self.stack_type(), "push", id=Raw("#%d" % self.stack_n),
                                  state=Raw(".%s(%s(…))" % (case, value.t))))

    @signal
    def pop_all(self):
        for k in list(self.get(("path",)).d):
            self.delete(("path",), k)
        return self.act("path", A(self.stack_type(), "popFrom", id=Raw("#1")))

    @signal
    def camera_permission(self, sid):
        self.set(self.sp(sid, "idScan", "status"), self.case("scanning", "IDScan.Status"))
        return self.in_stack(sid, "idScan", self.f("IDScan", "cameraPermissionResponse", self.rb(True)))

    # reason: the camera captures by itself once the document is steady: a one-off event (nil to an image)
    @signal
    def document_captured(self, sid):
        self.set(self.sp(sid, "idScan", "image"), St("CapturedImage", [("width", num(1920)), ("height", num(1208))]))
        self.set(self.sp(sid, "idScan", "status"), En("IDScan.Status", "uploading", num(0.0)))
        return self.in_stack(sid, "idScan", self.f("IDScan", "documentCaptured", Struct("CapturedImage", [
            ("width", Raw("1920")), ("height", Raw("1208"))])))

    @signal
    def verification(self, sid, ok):
        if ok:
            self.set(self.sp(sid, "idScan", "status"), self.case("verified", "IDScan.Status"))
            payload = Struct("IDVerification", [("documentType", Raw(".passport")), ("nameMatches", Raw("true"))])
        else:
            self.set(self.sp(sid, "idScan", "status"), self.case("scanning", "IDScan.Status"))
            self.set(self.sp(sid, "idScan", "image"), NIL)
            self.set(self.sp(sid, "idScan", "confidence"), NIL)
            payload = Struct("VerificationError", [("reason", q("glare")), ("retryable", Raw("true"))])
        return self.in_stack(sid, "idScan", self.f("IDScan", "verificationResponse",
                                                  self.result("IDVerification", ok, payload)))

    @signal
    def preference(self, sid, field, value):
        self.set(self.sp(sid, "preferences", field), value)
        return self.in_stack(sid, "preferences", self.binding("Preferences", field, Raw(value.cd)))

    @signal
    def continue_tapped(self, sid, case):
        return self.in_stack(sid, case, self.f({"idScan": "IDScan", "preferences": "Preferences"}[case],
                                               "continueButtonTapped"))

    @signal
    def submit_check_in(self, sid):
        self.set(self.sp(sid, "review", "isSubmitting"), boolean(True))
        return self.in_stack(sid, "review", self.f("Review", "submitButtonTapped"))

    @signal
    def check_in_response(self, sid):
        self.set(self.sp(sid, "review", "isSubmitting"), boolean(False))
        self.set(("reservation", "roomNumber"), text(self.room_no))
        self.set(("reservation", "status"), self.case("checkedIn", "Reservation.Status"))
        return self.in_stack(sid, "review", self.f("Review", "checkInResponse", self.result("CheckIn", True, Struct(
            "CheckIn", [("roomNumber", q(self.room_no)), ("floor", self.ri(int(self.room_no[0])))]))))

    @signal
    def check_in_delegate(self, sid):
        return self.in_stack(sid, "review", self.f("Review", "delegate", A(
            self.at("Review.Delegate" if self.tca1 else "ReviewDelegate"), "checkInCompleted")))

    @signal
    def key_issued(self):
        self.has_key = True
        self.set(("key", "status"), self.case("active", "RoomKey.Status"))
        kid = "K-" + self.uid()[:8]
        self.set(("key", "keyID"), text(kid))
        return self.act("key", self.f("RoomKey", "issueResponse", self.result("DigitalKey", True, Struct(
            "DigitalKey", [("keyID", q(kid)), ("room", q(self.room_no)), ("validUntil", q("2026-11-22T11:00:00Z"))]))))

    # reason: the lock coming into or out of range: a status change, rare (hysteresis), the door's availability
    @signal
    def proximity(self, near):
        self.near = near
        self.set(("key", "isNearDoor"), boolean(near))
        if not near:
            self.set(("key", "rssi"), NIL)
        return self.act("key", self.f("RoomKey", "proximityChanged", isNear=self.rb(near)))

    @signal
    def unlock_tapped(self):
        self.set(("key", "isUnlocking"), boolean(True))
        return self.act("key", self.f("RoomKey", "unlockButtonTapped"))

    @signal
    def unlock_response(self, ok):
        self.set(("key", "isUnlocking"), boolean(False))
        if ok:
            self.set(("key", "lastUnlockAt"), self.date())
        payload = Struct("LockResult", [("lockID", q("L-%s" % self.room_no)), ("granted", Raw("true"))]) if ok else \
            Struct("BLEError", [("code", Raw(".connectionTimeout"))])
        return self.act("key", self.f("RoomKey", "unlockResponse", self.result("LockResult", ok, payload)))

    @signal
    def dimmer_toggled(self, k, on):
        i = [d[0] for d in DIMMERS].index(k)
        self.set(("room", "lights", ("i", i), "isOn"), boolean(on))
        if on and float(self.get(("room", "lights", ("i", i), "level")).cd) == 0.0:
            self.set(("room", "lights", ("i", i), "level"), num(0.8))
        return self.act("room", A(self.at("RoomControls"), "lights", self.element("Dimmer", q(k), A(
            self.at("Dimmer"), "binding", A("BindingAction<%s>" % self.st("Dimmer").replace(".", ""), "set",
                                            Raw("\\%s.$isOn" % self.st("Dimmer")), self.rb(on))))))

    @signal
    def dial_ended(self):
        v = self.get(("room", "thermostat", "dialValue"))
        if v is NIL:
            return None
        self.setpoint = float(v.cd)
        self.set(("room", "thermostat", "setpoint"), num(self.setpoint))
        self.set(("room", "thermostat", "dialValue"), NIL)
        return self.sub("room", "thermostat", "Thermostat", "dialEnded")

    @signal
    def setpoint_response(self):
        return self.sub("room", "thermostat", "Thermostat", "setpointResponse", self.result(
            "HVACState", True, Struct("HVACState", [("setpoint", self.fr(self.setpoint, 1)), ("mode", Raw(".auto"))])))

    @signal
    def curtain_tapped(self, opening):
        self.set(("room", "curtains", "isMoving"), boolean(True))
        return self.sub("room", "curtains", "Curtains", "openButtonTapped" if opening else "closeButtonTapped")

    # reason: the motor's report that the curtains arrived: ends the motion the guest started
    @signal
    def curtain_stopped(self, pos):
        self.set(("room", "curtains", "isMoving"), boolean(False))
        self.set(("room", "curtains", "position"), num(int(pos)))
        return self.sub("room", "curtains", "Curtains", "motionFinished", position=self.ri(pos))

    @signal
    def menu_response(self):
        if self.get(("dining", "menu")).items:
            return None
        self.set(("dining", "menu"), Arr(St("MenuItem", [("id", self.uuid_value(m)), ("name", text(n)),
                                                         ("price", num(c))]) for m, (n, c) in zip(self.menu_ids, MENU)))
        return self.act("dining", self.f("RoomService", "menuResponse", self.result("[MenuItem]", True, Struct(
            "Menu", [("items", self.ri(len(MENU))), ("kitchenOpen", Raw("true"))]))))

    @signal
    def add_item(self, i):
        m = self.menu_ids[i]
        self.append(("dining", "cart"), St("CartItem", [("menuItemID", self.uuid_value(m)), ("quantity", num(1))]))
        return self.act("dining", A(self.at("RoomService"), "menu", self.element(
            "MenuItem", self.uuid_arg(m), self.f("MenuItem", "addButtonTapped"))))

    @signal
    def place_order(self):
        return self.act("dining", self.f("RoomService", "placeOrderButtonTapped"))

    @signal
    def order_response(self, oid, total):
        self.order = "received"
        self.eta = self.rng.randint(25, 40)
        self.set(("dining", "cart"), Arr())
        self.set(("dining", "order"), St("Order", [("id", text(oid)), ("status", self.case("received", "Order.Status")),
                                                   ("etaMinutes", num(self.eta)), ("total", num(total))]))
        return self.act("dining", self.f("RoomService", "placeOrderResponse", self.result("Order", True, Struct(
            "Order", [("id", q(oid)), ("total", self.money(total)), ("etaMinutes", self.ri(self.eta))]))))

    @signal
    def order_status(self, status):
        if self.get(("dining", "order")) is NIL:
            return None
        self.order = status
        self.set(("dining", "order", "status"), self.case(status, "Order.Status"))
        return self.act("dining", self.f("RoomService", "orderStatusChanged", status=Raw("." + status)))

    @signal
    def charge_posted(self, desc, cents):
        c = self.uid()
        self.charge_ids.append(c)
        self.balance += cents
        self.append(("folio", "charges"), self.charge(c, desc, cents))
        self.set(("folio", "balance"), num(self.balance))
        return self.act("folio", self.f("Folio", "chargePosted", Struct("Charge", [
            ("id", self.uuid_arg(c)), ("description", q(desc)), ("amount", self.money(cents))])))

    @signal
    def send_tapped(self):
        body = self.get(("chat", "draft")).df
        m = self.uid()
        self.msg_ids.append(m)
        self.append(("chat", "messages"), St("Message", [("id", self.uuid_value(m)), ("author", self.case("guest", "Author")),
                                                         ("body", text(body)), ("status", self.case("sending", "Message.Status"))]))
        self.set(("chat", "draft"), text(""))
        self.set(("chat", "isSending"), boolean(True))
        return self.act("chat", self.f("Chat", "sendButtonTapped"))

    @signal
    def send_response(self):
        i = len(self.msg_ids) - 1
        self.set(("chat", "messages", ("i", i), "status"), self.case("sent", "Message.Status"))
        self.set(("chat", "isSending"), boolean(False))
        return self.act("chat", self.f("Chat", "sendResponse", self.result("Message.ID", True,
                                                                           self.uuid_arg(self.msg_ids[-1]))))

    @signal
    def message_received(self, body):
        m = self.uid()
        self.msg_ids.append(m)
        self.set(("chat", "isAgentTyping"), boolean(False))
        self.append(("chat", "messages"), St("Message", [("id", self.uuid_value(m)), ("author", self.case("desk", "Author")),
                                                         ("body", text(body)), ("status", self.case("delivered", "Message.Status"))]))
        return self.act("chat", self.f("Chat", "messageReceived", Struct("Message", [
            ("id", self.uuid_arg(m)), ("author", q("Front Desk · Anna")), ("body", q(body))])))

    @signal
    def housekeeping_tapped(self, kind):
        self.set(("housekeeping", "request"), St("HousekeepingRequest", [("kind", self.case(kind, "Housekeeping.Kind")),
                                                                        ("status", self.case("sending", "Housekeeping.Status"))]))
        return self.act("housekeeping", self.f("Housekeeping", "requestButtonTapped", kind=Raw("." + kind)))

    @signal
    def housekeeping_status(self, status):
        self.set(("housekeeping", "request", "status"), self.case(status, "Housekeeping.Status"))
        return self.act("housekeeping", self.f("Housekeeping", "statusChanged", status=Raw("." + status)))

    @signal
    def open_booking(self, kind):
        self.set(("destination",), En(self.st("Destination"), kind, St(self.st("Booking"), [
            ("venue", text({"spa": "Spa & Wellness", "restaurant": "Atrium Restaurant"}[kind])),
            ("date", NIL), ("partySize", num(2 if kind == "restaurant" else 1)), ("slots", Arr()),
            ("selectedSlot", NIL), ("isBooking", boolean(False))])))
        return self.act("bookSpaButtonTapped" if kind == "spa" else "bookTableButtonTapped")

    @signal
    def booking_date(self, kind, day):
        self.set(("destination", ("e", kind), "date"), text(day))
        return self.present(kind, self.binding("Booking", "date", q(day)))

    @signal
    def party_size(self, kind, n):
        self.set(("destination", ("e", kind), "partySize"), num(n))
        return self.present(kind, self.binding("Booking", "partySize", self.ri(n)))

    @signal
    def slots_response(self, kind, slots):
        if not self.dest_is(kind):
            return None
        self.set(("destination", ("e", kind), "slots"), Arr(text(x) for x in slots))
        return self.present(kind, self.f("Booking", "slotsResponse", self.result("[TimeSlot]", True, Struct(
            "Slots", [("available", self.ri(len(slots))), ("first", q(slots[0]))]))))

    @signal
    def slot_tapped(self, kind, slot):
        self.set(("destination", ("e", kind), "selectedSlot"), text(slot))
        return self.present(kind, self.f("Booking", "slotTapped", q(slot)))

    @signal
    def book_tapped(self, kind):
        self.set(("destination", ("e", kind), "isBooking"), boolean(True))
        return self.present(kind, self.f("Booking", "confirmButtonTapped"))

    @signal
    def booking_response(self, kind):
        b = self.uid()
        self.booking_ids.append(b)
        slot = self.get(("destination", ("e", kind), "selectedSlot")).df
        self.set(("destination", ("e", kind), "isBooking"), boolean(False))
        self.append(("bookings",), St("Booking", [("id", self.uuid_value(b)), ("venue", text(kind)),
                                                  ("time", text(slot))]))
        return self.present(kind, self.f("Booking", "bookingResponse", self.result("Booking", True, Struct(
            "Booking", [("id", self.uuid_arg(b)), ("time", q(slot))]))))

    @signal
    def close_dest(self):
        if self.get(("destination",)) is NIL:
            return None
        self.set(("destination",), NIL)
        return self.dismissed()

    @signal
    def checkout_tapped(self):
        self.set(("destination",), En(self.st("Destination"), "checkout", St(self.st("Checkout"), [
            ("balance", num(self.balance)), ("emailReceipt", boolean(True)), ("rating", NIL),
            ("isSubmitting", boolean(False))])))
        return self.act("checkOutButtonTapped")

    @signal
    def checkout_field(self, field, value):
        self.set(("destination", ("e", "checkout"), field), value)
        return self.present("checkout", self.binding("Checkout", field, Raw(value.cd)))

    @signal
    def checkout_confirm(self):
        self.set(("destination", ("e", "checkout"), "isSubmitting"), boolean(True))
        return self.present("checkout", self.f("Checkout", "confirmButtonTapped"))

    @signal
    def checkout_response(self):
        self.checked_out = True
        self.set(("destination", ("e", "checkout"), "isSubmitting"), boolean(False))
        self.set(("reservation", "status"), self.case("checkedOut", "Reservation.Status"))
        return self.present("checkout", self.f("Checkout", "checkOutResponse", self.result("Receipt", True, Struct(
            "Receipt", [("total", self.money(self.balance)), ("sentTo", q("guest@example.com"))]))))

    @signal
    def key_revoked(self):
        self.has_key = False
        self.near = False
        self.set(("key", "status"), self.case("revoked", "RoomKey.Status"))
        self.set(("key", "rssi"), NIL)
        self.set(("key", "isNearDoor"), boolean(False))
        return self.act("key", self.f("RoomKey", "keyRevoked"))

    # -- processes
    def processes(self):
        return [self.ble(), self.room_sensors(), self.folio_timer(), self.lifecycle(), self.person(),
                self.minibar()]

    def ble(self):
        """Lock advertisements about three times a second (the lock advertises every 330 ms,
        the scan reports duplicates) while the app is open, the key active and the lock in range."""
        rng = self.rng
        while True:
            yield 0.33 * rng.uniform(0.9, 1.1)
            if not self.active or not self.has_key:
                continue
            if self.in_room:
                target = -58.0
            elif getattr(self, "walking", None) is not None:
                target = -95.0 + 45.0 * min(1.0, (self.now - self.walking[0]) / self.walking[1])
            else:
                target = -120.0
            self.rssi += (target - self.rssi) * 0.12 + rng.gauss(0, 2.0)
            rssi = int(round(self.rssi))
            if rssi < -92:
                if self.near:
                    self.emit(self.proximity, False)
                continue
            self.emit(self.lock_advert, rssi)
            if not self.near and rssi > -75:
                self.emit(self.proximity, True)
            elif self.near and rssi < -85:
                self.emit(self.proximity, False)

    def room_sensors(self):
        rng = self.rng
        yield rng.uniform(0, 15)
        hum = rng.randint(38, 52)
        while True:
            if self.active and (self.has_key or self.checked_out is False and not self.arrival):
                self.room_temp += (self.setpoint - self.room_temp) * 0.08 + rng.gauss(0, 0.05)
                hum = max(30, min(60, hum + rng.choice([-1, 0, 0, 1])))
                self.emit(self.sensors, self.room_temp, hum, self.in_room)
            yield 10.0 + rng.uniform(-0.05, 0.05)

    def folio_timer(self):
        rng = self.rng
        yield rng.uniform(20, 60)
        while True:
            if self.active:
                self.emit(self.folio_tick)
                yield rng.uniform(0.2, 0.8)
                self.emit(self.folio_response)
            yield 60.0 + rng.uniform(-0.1, 0.1)

    def minibar(self):
        """Charges that post on their own (the minibar sensor, the parking)."""
        rng = self.rng
        yield rng.uniform(200, 700)
        if not self.checked_out:
            self.emit(self.charge_posted, rng.choice(["Minibar · Sparkling water", "Parking", "Minibar · Chocolate"]),
                      rng.choice([450, 600, 2500]))

    def lifecycle(self):
        rng = self.rng
        while True:
            yield rng.uniform(140, 400)
            self.active = False
            self.emit(self.scene_phase, "background")
            yield rng.uniform(20, 80)
            self.active = True
            self.emit(self.scene_phase, "active")

    def wait_active(self):
        while not self.active:
            yield 1.0

    def person(self):
        rng = self.rng
        yield rng.uniform(0.3, 0.8)
        self.emit(self.on_appear)
        yield rng.uniform(0.3, 0.9)
        self.emit(self.reservation_response)
        yield rng.uniform(3.0, 8.0)
        if self.arrival:
            yield from self.check_in()
            yield from self.walk_to_room()
        checkout_at = rng.uniform(480, 650) if not self.arrival else 1e9
        think = self.think((4.0, 10.0), (15.0, 45.0), (60, 180), (30, 90))
        while True:
            yield next(think)
            yield from self.wait_active()
            if self.checked_out:
                if rng.random() < 0.3:
                    yield from self.chat()
                continue
            if self.now > checkout_at:
                yield from self.checkout()
                continue
            r = rng.random()
            if r < 0.25:
                yield from self.room_controls()
            elif r < 0.40 and self.order is None:
                yield from self.room_service()
            elif r < 0.58:
                yield from self.chat()
            elif r < 0.66 and self.get(("housekeeping", "request")) is NIL:
                kind = rng.choice(["extraTowels", "makeUpRoom", "turndown"])
                self.emit(self.select_tab, "stay")
                yield rng.uniform(1.0, 3.0)
                self.emit(self.housekeeping_tapped, kind)
                self.spawn(self.housekeeping_flow())
            elif r < 0.78:
                yield from self.book(rng.choice(["spa", "restaurant"]))
            elif r < 0.88:
                self.emit(self.select_tab, "stay")
            elif r < 0.95:
                self.emit(self.select_tab, "key")
                yield rng.uniform(3.0, 15.0)
            else:
                self.emit(self.select_tab, rng.choice(["room", "dining"]))

    def check_in(self):
        rng = self.rng
        self.emit(self.check_in_tapped)
        yield rng.uniform(0.2, 0.5)
        self.emit(self.push, "idScan", St(self.st("IDScan"), [
            ("status", self.case("requestingCamera", "IDScan.Status")), ("confidence", NIL), ("image", NIL)]))
        sid = self.stack_n
        yield rng.uniform(0.5, 1.5)
        self.emit(self.camera_permission, sid)
        attempts = 2 if rng.random() < 0.25 else 1
        for attempt in range(attempts):
            hz = rng.choice([15.0, 30.0])
            n = int(hz * rng.uniform(3.0, 10.0))
            steady = 0
            for i in range(n + 200):
                yield max(0.005, rng.gauss(1.0, 0.04)) / hz
                found = i > hz * 0.8 and rng.random() < 0.9
                conf = min(0.99, 0.4 + 0.6 * i / n + rng.gauss(0, 0.05)) if found else 0.0
                self.emit(self.frame_analyzed, sid, conf, found)
                steady = steady + 1 if conf > 0.92 else 0
                if steady >= 5:
                    break
            self.emit(self.document_captured, sid)
            frac = 0.0
            while frac < 1.0:
                yield 0.2 + rng.uniform(-0.01, 0.01)
                frac = min(1.0, frac + rng.uniform(0.08, 0.2))
                self.emit(self.upload_progressed, sid, frac)
            yield rng.uniform(0.8, 2.5)
            ok = attempt == attempts - 1
            self.emit(self.verification, sid, ok)
            yield rng.uniform(1.0, 3.0)
        self.emit(self.continue_tapped, sid, "idScan")
        self.emit(self.push, "preferences", St(self.st("Preferences"), [
            ("floor", self.case("noPreference", "FloorPreference")), ("bed", self.case("king", "BedType")),
            ("pillow", self.case("standard", "Pillow")), ("arrivalTime", text("15:00")),
            ("specialRequests", text(""))]))
        pid = self.stack_n
        yield rng.uniform(2.0, 6.0)
        choices = [("floor", self.case(rng.choice(["high", "low", "nearElevator"]), "FloorPreference")),
                   ("bed", self.case(rng.choice(["twin", "king"]), "BedType")),
                   ("pillow", self.case(rng.choice(["firm", "feather", "hypoallergenic"]), "Pillow")),
                   ("arrivalTime", text(rng.choice(["14:00", "16:30", "18:00", "21:00"])))]
        for field, value in rng.sample(choices, rng.randint(2, 4)):
            self.emit(self.preference, pid, field, value)
            yield rng.uniform(1.5, 5.0)
        if rng.random() < 0.5:
            yield from self.typing(self.requests_typed, rng.choice(["Quiet room please", "Extra pillows",
                                                                    "Celebrating an anniversary"]), pre=(pid,))
            yield rng.uniform(1.0, 3.0)
        self.emit(self.continue_tapped, pid, "preferences")
        self.emit(self.push, "review", St(self.st("Review"), [("acceptedTerms", boolean(True)),
                                                              ("isSubmitting", boolean(False))]))
        rid = self.stack_n
        yield rng.uniform(3.0, 9.0)
        self.emit(self.submit_check_in, rid)
        yield rng.uniform(0.6, 2.0)
        self.emit(self.check_in_response, rid)
        self.emit(self.check_in_delegate, rid)
        self.emit(self.pop_all)
        yield rng.uniform(0.3, 1.2)
        self.emit(self.key_issued)

    def walk_to_room(self):
        rng = self.rng
        yield rng.uniform(10.0, 40.0)            # to the lifts
        yield from self.wait_active()
        self.emit(self.select_tab, "key")
        dur = rng.uniform(50.0, 100.0)
        self.walking = (self.now, dur)
        yield dur + rng.uniform(2.0, 6.0)
        yield from self.wait_active()
        for _ in range(3):
            self.emit(self.unlock_tapped)
            yield rng.uniform(0.4, 1.5)
            ok = rng.random() < 0.8
            self.emit(self.unlock_response, ok)
            if ok:
                break
            yield rng.uniform(1.0, 3.0)
        self.in_room = True
        self.walking = None
        yield rng.uniform(5.0, 15.0)
        self.emit(self.select_tab, "room")
        yield rng.uniform(1.0, 3.0)
        self.emit(self.dimmer_toggled, "entrance", True)
        yield rng.uniform(0.8, 2.0)
        self.emit(self.dimmer_toggled, "ceiling", True)

    def room_controls(self):
        rng = self.rng
        self.emit(self.select_tab, "room")
        yield rng.uniform(1.0, 4.0)
        for _ in range(rng.randint(1, 3)):
            r = rng.random()
            if r < 0.4:
                k = rng.choice(DIMMERS)[0]
                i = [d[0] for d in DIMMERS].index(k)
                if self.get(("room", "lights", ("i", i), "isOn")).cd == "false" or rng.random() < 0.2:
                    self.emit(self.dimmer_toggled, k, self.get(("room", "lights", ("i", i), "isOn")).cd == "false")
                else:
                    v0 = float(self.get(("room", "lights", ("i", i), "level")).cd)
                    goal = rng.uniform(0.05, 1.0)
                    hz = rng.uniform(40, 60)
                    n = max(4, int(hz * rng.uniform(0.3, 1.4)))
                    yield from self.gesture(self.dimmer_dragged, hz=hz, duration=n / hz, args=lambda j: (
                        k, min(1.0, max(0.0, v0 + (goal - v0) * (j + 1) / n + rng.uniform(-0.01, 0.01)))))
            elif r < 0.7:
                v0 = self.setpoint
                goal = round(rng.uniform(19.0, 25.0) * 2) / 2
                hz = rng.uniform(30, 60)
                n = max(4, int(hz * rng.uniform(0.5, 2.0)))
                yield from self.gesture(self.dial_dragged, hz=hz, duration=n / hz, args=lambda j: (
                    round((v0 + (goal - v0) * (j + 1) / n) * 2) / 2,))
                self.emit(self.dial_ended)
                self.after(rng.uniform(0.3, 1.0), self.setpoint_response)
            else:
                opening = self.curtains < 50
                self.emit(self.curtain_tapped, opening)
                goal = 100 if opening else 0
                pos = self.curtains
                step = rng.uniform(4.0, 7.0)
                while pos != goal:
                    yield 0.5 + rng.uniform(-0.01, 0.01)
                    pos = min(100, pos + step) if opening else max(0, pos - step)
                    if pos != goal:
                        self.emit(self.curtain_position, int(pos))
                self.curtains = goal
                yield rng.uniform(0.1, 0.4)
                self.emit(self.curtain_stopped, goal)
            yield rng.uniform(2.0, 8.0)

    def room_service(self):
        rng = self.rng
        self.emit(self.select_tab, "dining")
        yield rng.uniform(0.3, 1.0)
        self.emit(self.menu_response)
        items = rng.sample(range(len(MENU)), rng.randint(1, 3))
        for i in items:
            yield rng.uniform(3.0, 12.0)
            self.emit(self.add_item, i)
        yield rng.uniform(2.0, 6.0)
        self.emit(self.place_order)
        yield rng.uniform(0.5, 1.5)
        total = sum(MENU[i][1] for i in items) + 500
        self.emit(self.order_response, "RS-%04d" % rng.randint(0, 9999), total)
        self.spawn(self.order_flow(total))

    def order_flow(self, total):
        rng = self.rng
        timeline = [("accepted", rng.uniform(20, 60)), ("preparing", rng.uniform(60, 180)),
                    ("onTheWay", rng.uniform(240, 420)), ("delivered", rng.uniform(120, 240))]
        eta_timer = self.spawn(self.eta_ticks())
        for status, wait in timeline:
            yield wait
            self.emit(self.order_status, status)
            if status == "delivered":
                self.order = "delivered"
                yield rng.uniform(5, 30)
                self.emit(self.charge_posted, "Room service", total)

    def eta_ticks(self):
        rng = self.rng
        yield 30.0
        while self.order not in (None, "delivered"):
            self.eta = max(2, self.eta - rng.choice([0, 1, 1]))
            if self.active:
                self.emit(self.eta_updated, self.eta)
            yield 30.0 + rng.uniform(-0.05, 0.05)

    def chat(self):
        rng = self.rng
        self.emit(self.select_tab, "chat")
        yield rng.uniform(1.5, 4.0)
        line = rng.choice(GUEST)
        yield from self.typing(self.draft_typed, line, lo=0.1, hi=0.35)
        yield rng.uniform(0.5, 2.0)
        self.emit(self.send_tapped)
        yield rng.uniform(0.2, 0.6)
        self.emit(self.send_response)
        self.spawn(self.desk_reply())

    def desk_reply(self):
        rng = self.rng
        yield rng.uniform(10.0, 60.0)
        self.emit(self.agent_typing, True)
        yield rng.uniform(4.0, 15.0)
        if rng.random() < 0.15:
            self.emit(self.agent_typing, False)
            yield rng.uniform(3.0, 8.0)
            self.emit(self.agent_typing, True)
            yield rng.uniform(3.0, 8.0)
        self.emit(self.message_received, rng.choice(DESK))

    def housekeeping_flow(self):
        rng = self.rng
        yield rng.uniform(0.4, 1.2)
        self.emit(self.housekeeping_status, "received")
        yield rng.uniform(60, 240)
        self.emit(self.housekeeping_status, "assigned")
        yield rng.uniform(180, 400)
        self.emit(self.housekeeping_status, "onTheWay")

    def book(self, kind):
        rng = self.rng
        self.emit(self.open_booking, kind)
        yield rng.uniform(2.0, 6.0)
        for _ in range(rng.randint(1, 2)):
            day = rng.choice(["2026-11-20", "2026-11-21"])
            self.emit(self.booking_date, kind, day)
            yield rng.uniform(0.3, 1.0)
            start = rng.choice([10, 11, 14, 17, 18, 19])
            slots = ["%02d:%s" % (start + h // 2, "30" if h % 2 else "00") for h in range(rng.randint(2, 6))]
            self.emit(self.slots_response, kind, slots)
            yield rng.uniform(2.0, 6.0)
        if kind == "restaurant":
            for n in range(2, 2 + rng.randint(0, 2)):
                self.emit(self.party_size, kind, n + 1)
                yield rng.uniform(0.4, 1.0)
        slots = [v.df for v in self.get(("destination", ("e", kind), "slots")).items]
        self.emit(self.slot_tapped, kind, rng.choice(slots))
        yield rng.uniform(1.0, 4.0)
        if rng.random() < 0.8:
            self.emit(self.book_tapped, kind)
            yield rng.uniform(0.5, 1.5)
            self.emit(self.booking_response, kind)
            yield rng.uniform(1.0, 3.0)
        self.emit(self.close_dest)

    def checkout(self):
        rng = self.rng
        self.emit(self.select_tab, "stay")
        yield rng.uniform(2.0, 6.0)
        self.emit(self.checkout_tapped)
        yield rng.uniform(4.0, 15.0)              # reads the bill
        self.emit(self.checkout_field, "rating", num(rng.randint(3, 5)))
        yield rng.uniform(1.0, 4.0)
        if rng.random() < 0.3:
            self.emit(self.checkout_field, "emailReceipt", boolean(False))
            yield rng.uniform(0.5, 2.0)
        self.emit(self.checkout_confirm)
        yield rng.uniform(0.8, 2.5)
        self.emit(self.checkout_response)
        yield rng.uniform(0.1, 0.5)
        self.emit(self.key_revoked)
        yield rng.uniform(3.0, 8.0)
        self.emit(self.close_dest)


APPS = {"aquarium": Aquarium, "karaoke": Karaoke, "hotel": Hotel}
