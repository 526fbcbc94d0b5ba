"""author-z's apps: three simulated TCA apps with labelled actions.

nursestation: a hospital ward's nurse-station app. Bedside monitors of twelve patients send
vitals (heart rate, SpO2, respiration, and a blood pressure now and then) every 2-5 s per
patient; when a patient's values cross a threshold the central alarm server pushes an alarm,
which the nurse acknowledges (or which escalates when nobody does) and which clears when the
values recover; monitors lose their leads now and then. Patients press call buttons, the nurse
accepts the call and the call is cancelled at the bedside later. The nurse opens a patient's
chart (labs and medication schedule load), records a medication given by scanning the
wristband and the drug's barcode (the camera scanner streams its recognised items), verifies
and confirms; writes shift-handover notes (autosaved by a timer, submitted at the end). The
RTLS badges of the staff report their zones, colleagues badge in and out, the ward census is
polled every two minutes and a one-second clock drives the alarm ages on screen. The nurse
walks away from the station for minutes at a time.

skitracker: a ski tracking app on a day on the mountain. GPS fixes arrive every second while
tracking, with speed and altitude derived; the barometric altimeter reports too; the elapsed
time ticks each second. Riding a chairlift is detected (on lift / off lift) and each descent
ends with a run recorded with its stats. Friends' locations are pushed every 15-30 s each.
The lift status of the resort is polled every three minutes and the user opens the lift status
and the snow report screens (pushed on a navigation stack), pans the map, pauses and resumes
tracking, takes a photo tagged with its location and captions it, and at the end saves the day
and shares it.

draftroom: a fantasy football live draft room of ten teams (snake order). Each pick has a
60-second clock whose ring is driven by a 10 Hz timer and resynchronised by the server every
5 s; other managers' picks arrive from the server (an auto-pick when their clock runs out).
The user searches and sorts the available players (headshots load as the list scrolls),
queues wanted players and reorders the queue by dragging, and when on the clock drafts a
player (a confirmation, then the server's acceptance; sometimes the player was just taken).
The draft chat streams messages and typing indicators, the user writes in it; player news is
pushed; projections are refreshed every 90 s; a heartbeat keeps the socket alive and the
connection drops and reconnects once in a while; the user's roster fills up.
"""

import math

from tcasim import A, App, Arr, Dic, En, NIL, Raw, St, Struct, V, boolean, either, noise, num, q, signal, text

AUTHOR = "author-z"


def rint(x):
    return int(round(x))


# ================================================================== nursestation

PATIENT_NAMES = ["Margaret Ellis", "Samuel Okafor", "Helen Brandt", "Jorge Ramirez", "Ada Lindqvist",
                 "Walter Nguyen", "Priya Raman", "Frank Delaney", "Ingrid Sørensen", "Louis Moreau",
                 "Teresa Kowalski", "Hamid Farahani"]
STAFF = [("Dana Whitfield", "RN"), ("Marcus Lee", "RN"), ("Sofia Petrov", "CNA"), ("Dr. Aiko Tanaka", "MD"),
         ("Ben Carter", "RN"), ("Lucia Gómez", "RT"), ("Owen Price", "CNA"), ("Dr. Ravi Mehta", "MD")]
ZONES = ["station", "room401-404", "room405-408", "room409-412", "medRoom", "corridor", "breakRoom"]
LABS = [("Potassium", "mmol/L", 3.5, 5.1), ("Sodium", "mmol/L", 135, 145), ("Creatinine", "mg/dL", 0.6, 1.2),
        ("Hemoglobin", "g/dL", 12.0, 17.0), ("WBC", "10^3/uL", 4.0, 11.0), ("Lactate", "mmol/L", 0.5, 2.2),
        ("Glucose", "mg/dL", 70, 140), ("Troponin I", "ng/mL", 0.0, 0.04)]
DRUGS = [("Metoprolol", "25 mg PO"), ("Heparin", "5000 units SC"), ("Furosemide", "40 mg IV"),
         ("Acetaminophen", "1 g PO"), ("Insulin lispro", "4 units SC"), ("Ceftriaxone", "1 g IV"),
         ("Pantoprazole", "40 mg IV"), ("Ondansetron", "4 mg IV"), ("Enoxaparin", "40 mg SC")]
NOTE_WORDS = ("bed 403 pain controlled after 0800 dose . 407 O2 weaned to 2L NC sats 94 . 410 family meeting "
              "at 1400 , daughter is POA . 402 NPO after midnight for scope . watch K+ on 405 recheck at 1600 . "
              "409 fall risk , bed alarm on . 411 new admit from ED , tele , pending echo").split()


class NurseStation(App):
    name = "nursestation"
    module = "NurseStation"
    process = "WardStation"
    roots = ("WardAction", "WardFeature.Action")

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        self.pids = [self.uid() for _ in range(12)]
        self.base, self.vit, self.episode, self.period = {}, {}, {}, {}
        self.leads_off = set()
        self.alarm_of = {}          # (pid, kind) -> alarm id
        self.alarm_ids = []
        self.alarm_info = {}        # id -> dict(pid, kind, status, raised)
        self.call_ids = []
        self.call_info = {}
        self.chart_pid = None
        self.chart_med_ids = []
        self.away = False
        self.nurse = "Dana Whitfield"
        rows = []
        for i, p in enumerate(self.pids):
            b = {"hr": rng.uniform(60, 98), "spo2": rng.uniform(94.5, 99), "sys": rng.uniform(104, 152),
                 "dia": rng.uniform(60, 92), "rr": rng.uniform(12, 20)}
            self.base[p] = b
            self.vit[p] = dict(b)
            self.period[p] = rng.choice([2.0, 3.0, 4.0, 5.0])
            rows.append(St(self.st("PatientRow"), [
                ("id", self.uuid_value(p)), ("name", text(PATIENT_NAMES[i])), ("room", text("4%02d" % (i + 1))),
                ("heartRate", num(rint(b["hr"]))), ("spO2", num(rint(b["spo2"]))),
                ("respirationRate", num(rint(b["rr"]))),
                ("bloodPressure", St("BloodPressure", [("systolic", num(rint(b["sys"]))),
                                                       ("diastolic", num(rint(b["dia"])))])),
                ("vitalsUpdatedAt", self.date(0)), ("monitor", self.case("connected", "MonitorStatus")),
                ("activeAlarms", num(0))]))
        self.staff_ids = [self.uid() for _ in STAFF]
        self.present = [s for s in self.staff_ids[:6]]
        self.zone = {s: rng.choice(ZONES) for s in self.staff_ids}
        self.clock = 0
        self.state = St(self.st("WardFeature"), [
            ("patients", Arr(rows)),
            ("alarms", Arr()),
            ("callRequests", Arr()),
            ("chart", NIL),
            ("handover", St(self.st("Handover"), [("notes", text("")), ("isSubmitting", boolean(False)),
                                                  ("lastAutosavedAt", NIL), ("isDirty", boolean(False))])),
            ("staff", Arr(self.staff_row(s) for s in self.present)),
            ("census", St("Census", [("occupied", num(12)), ("capacity", num(14)), ("pendingAdmissions", num(1)),
                                     ("pendingDischarges", num(2)), ("refreshedAt", self.date(0))])),
            ("now", self.date(0))])

    # -- values and paths
    def staff_row(self, s):
        name, role = STAFF[self.staff_ids.index(s)]
        return St(self.st("StaffMember"), [("id", self.uuid_value(s)), ("name", text(name)), ("role", text(role)),
                                           ("zone", text(self.zone[s]))])

    def uuid_arg(self, u):
        return Raw("UUID(%s)" % u if self.tca1 else u)

    def ppath(self, p, *rest):
        return ("patients", ("i", self.pids.index(p))) + rest

    def prow(self, p, inner):
        return self.act("patients", self.element("PatientRow", self.uuid_arg(p), inner))

    def arow(self, a, inner):
        return self.act("alarms", self.element("AlarmRow", self.uuid_arg(a), inner))

    def crow(self, c, inner):
        return self.act("callRequests", self.element("CallRow", self.uuid_arg(c), inner))

    def chart_act(self, inner):
        return self.act("chart", A("PresentationAction<%s>" % self.at("PatientChart"), "presented", inner))

    def admin_act(self, inner):
        return self.chart_act(A(self.at("PatientChart"), "administration",
                                A("PresentationAction<%s>" % self.at("Administration"), "presented", inner)))

    def room(self, p):
        return "4%02d" % (self.pids.index(p) + 1)

    # -- noise
    @noise
    def clock_ticked(self):
        self.clock += 1
        self.set(("now",), self.date(self.clock))
        return self.act("clockTicked")

    # reason: the ward's main data, but a bedside monitor's stream: every 2-5 s per patient, nudging numbers; the alarms carry the events
    @noise
    def vitals_received(self, p, with_bp):
        rng = self.rng
        v, b, e = self.vit[p], self.base[p], self.episode.get(p)
        for k, sd, pull in (("hr", 1.6, 0.18), ("spo2", 0.45, 0.25), ("rr", 0.7, 0.2), ("sys", 2.0, 0.2),
                            ("dia", 1.4, 0.2)):
            target = b[k] + (e.get(k, 0.0) if e else 0.0)
            v[k] += (target - v[k]) * pull + rng.gauss(0, sd)
        hr, spo2, rr = rint(v["hr"]), min(100, rint(v["spo2"])), max(6, rint(v["rr"]))
        path = self.ppath(p)
        self.set(path + ("heartRate",), num(hr))
        self.set(path + ("spO2",), num(spo2))
        self.set(path + ("respirationRate",), num(rr))
        fields = [("heartRate", Raw(str(hr))), ("spO2", Raw(str(spo2))), ("respirationRate", Raw(str(rr)))]
        if with_bp:
            sys_, dia = rint(v["sys"]), rint(v["dia"])
            self.set(path + ("bloodPressure",), St("BloodPressure", [("systolic", num(sys_)), ("diastolic", num(dia))]))
            fields.append(("bloodPressure", Struct("BloodPressure", [("systolic", Raw(str(sys_))),
                                                                     ("diastolic", Raw(str(dia)))])))
        else:
            fields.append(("bloodPressure", Raw("nil")))
        self.set(path + ("vitalsUpdatedAt",), self.date())
        self.check_thresholds(p, hr, spo2, rr)
        return self.prow(p, A(self.at("PatientRow"), "vitalsReceived", Struct("Vitals", fields)))

    # reason: an RTLS badge reporting its zone on its own period per person, mostly the same zone
    @noise
    def staff_zone(self, s, zone):
        if s not in self.present:
            return None
        self.zone[s] = zone
        self.set(("staff", ("i", self.present.index(s)), "zone"), text(zone))
        return self.act("staff", self.element("StaffMember", self.uuid_arg(s),
                                              A(self.at("StaffMember"), "badgeLocationUpdated", zone=q(zone))))

    @noise
    def census_timer(self):
        self.after(self.rng.uniform(0.2, 0.9), self.census_response)
        return self.act("census", A(self.at("Census"), "refreshTimerFired"))

    # reason: the answer to a two-minute poll nobody asked for; it re-sends the same counts nearly every time
    @noise
    def census_response(self):
        rng = self.rng
        c = self.get(("census",))
        occ = int(c.f["occupied"].cd)
        adm, dis = int(c.f["pendingAdmissions"].cd), int(c.f["pendingDischarges"].cd)
        if rng.random() < 0.15:
            adm = max(0, adm + rng.choice([-1, 1]))
        if rng.random() < 0.1:
            dis = max(0, dis + rng.choice([-1, 1]))
        self.set(("census", "pendingAdmissions"), num(adm))
        self.set(("census", "pendingDischarges"), num(dis))
        self.set(("census", "refreshedAt"), self.date())
        return self.act("census", A(self.at("Census"), "censusResponse", self.result("Census", True, Struct(
            "Census", [("occupied", Raw(str(occ))), ("capacity", Raw("14")), ("pendingAdmissions", Raw(str(adm))),
                       ("pendingDischarges", Raw(str(dis)))]))))

    # reason: a ten-second autosave timer of the draft; it follows the typing only loosely
    @noise
    def autosave_tick(self):
        if self.get(("handover", "isDirty")).cd == "true":
            self.set(("handover", "isDirty"), boolean(False))
            self.set(("handover", "lastAutosavedAt"), self.date())
        return self.act("handover", A(self.at("Handover"), "autosaveTimerFired"))

    # reason: the camera's recognised-items count at ~10 Hz between giveButtonTapped and barcodeScanned; one number nudged
    @noise
    def scanner_items(self, n):
        if self.get(("chart",)) is NIL or self.get(("chart", "administration")) is NIL:
            return None
        self.set(("chart", "administration", "recognizedCount"), num(n))
        return self.admin_act(A(self.at("Administration"), "scanner", A(self.at("Scanner"), "recognizedItemsChanged",
                                                                         count=Raw(str(n)))))

    # -- either
    @either
    def notes_typed(self, value):
        self.set(("handover", "notes"), text(value))
        self.set(("handover", "isDirty"), boolean(True))
        return self.act("handover", self.binding("Handover", "notes", q(value)))

    # -- signal
    def check_thresholds(self, p, hr, spo2, rr):
        rng = self.rng
        crossed = {"lowSpO2": spo2 < 90, "tachycardia": hr > 125, "bradycardia": hr < 45, "tachypnea": rr > 28}
        back = {"lowSpO2": spo2 >= 92, "tachycardia": hr <= 115, "bradycardia": hr >= 50, "tachypnea": rr <= 24}
        for kind, bad in crossed.items():
            a = self.alarm_of.get((p, kind))
            if bad and a is None:
                a = self.uid()
                self.alarm_of[(p, kind)] = a
                value = {"lowSpO2": spo2, "tachycardia": hr, "bradycardia": hr, "tachypnea": rr}[kind]
                self.after(rng.uniform(0.15, 0.8), self.alarm_received, p, a, kind, value)
            elif a is not None and back[kind] and self.alarm_info.get(a, {}).get("status") not in (None, "clearing"):
                self.alarm_info[a]["status"] = "clearing"
                self.after(rng.uniform(0.15, 0.8), self.alarm_cleared, a)

    @signal
    def alarm_received(self, p, a, kind, value):
        self.alarm_ids.append(a)
        self.alarm_info[a] = {"pid": p, "kind": kind, "status": "active", "raised": self.now}
        self.append(("alarms",), St(self.st("AlarmRow"), [
            ("id", self.uuid_value(a)), ("patientID", self.uuid_value(p)), ("room", text(self.room(p))),
            ("kind", self.case(kind, "AlarmKind")), ("value", num(value)), ("raisedAt", self.date()),
            ("status", self.case("active", "AlarmStatus")), ("level", num(1)), ("acknowledgedBy", NIL)]))
        n = int(self.get(self.ppath(p, "activeAlarms")).cd)
        self.set(self.ppath(p, "activeAlarms"), num(n + 1))
        self.after(45.0, self.alarm_escalated, a)
        return self.act("alarmReceived", Struct("Alarm", [
            ("id", self.uuid_arg(a)), ("patientID", self.uuid_arg(p)), ("kind", Raw("." + kind)),
            ("value", Raw(str(value))), ("priority", Raw(".high" if kind == "lowSpO2" else ".medium"))]))

    # reason: pushed by the alarm server when the values recover: an alarm ending is an event, not a re-sent value
    @signal
    def alarm_cleared(self, a):
        if a not in self.alarm_ids:
            return None
        info = self.alarm_info.pop(a)
        i = self.alarm_ids.index(a)
        self.alarm_ids.pop(i)
        self.remove_at(("alarms",), i)
        self.alarm_of.pop((info["pid"], info["kind"]), None)
        p = info["pid"]
        n = int(self.get(self.ppath(p, "activeAlarms")).cd)
        self.set(self.ppath(p, "activeAlarms"), num(max(0, n - 1)))
        return self.act("alarmCleared", id=self.uuid_arg(a))

    # reason: fires 45 s (then 60 s) after an alarm nobody acknowledged: a timer, but the escalation is the news
    @signal
    def alarm_escalated(self, a):
        if a not in self.alarm_ids or self.alarm_info[a]["status"] != "active":
            return None
        i = self.alarm_ids.index(a)
        level = int(self.get(("alarms", ("i", i), "level")).cd) + 1
        self.set(("alarms", ("i", i), "level"), num(level))
        self.set(("alarms", ("i", i), "status"), self.case("escalated", "AlarmStatus"))
        if level < 3:
            self.after(60.0, self.alarm_escalated_again, a)
        return self.arow(a, A(self.at("AlarmRow"), "escalated", level=Raw(str(level))))

    def alarm_escalated_again(self, a):
        if a in self.alarm_ids:
            self.alarm_info[a]["status"] = "active"
        return self.alarm_escalated(a)
    alarm_escalated_again.label = "signal"

    @signal
    def ack_tapped(self, a):
        if a not in self.alarm_ids:
            return None
        i = self.alarm_ids.index(a)
        self.alarm_info[a]["status"] = "acknowledging"
        self.set(("alarms", ("i", i), "status"), self.case("acknowledging", "AlarmStatus"))
        self.after(self.rng.uniform(0.2, 0.9), self.ack_response, a)
        return self.arow(a, A(self.at("AlarmRow"), "acknowledgeButtonTapped"))

    @signal
    def ack_response(self, a):
        if a not in self.alarm_ids:
            return None
        i = self.alarm_ids.index(a)
        if self.alarm_info[a]["status"] == "acknowledging":
            self.alarm_info[a]["status"] = "acknowledged"
        self.set(("alarms", ("i", i), "status"), self.case("acknowledged", "AlarmStatus"))
        self.set(("alarms", ("i", i), "acknowledgedBy"), text(self.nurse))
        return self.arow(a, A(self.at("AlarmRow"), "acknowledgeResponse", self.result(
            "AlarmAcknowledgement", True, Struct("AlarmAcknowledgement", [("alarmID", self.uuid_arg(a)),
                                                                          ("by", q(self.nurse))]))))

    @signal
    def monitor_status(self, p, status):
        self.set(self.ppath(p, "monitor"), self.case(status, "MonitorStatus"))
        return self.prow(p, A(self.at("PatientRow"), "monitorStatusChanged", status=Raw("." + status)))

    @signal
    def call_pressed(self, c, p, kind):
        self.call_ids.append(c)
        self.call_info[c] = {"pid": p, "status": "waiting"}
        self.append(("callRequests",), St(self.st("CallRow"), [
            ("id", self.uuid_value(c)), ("room", text(self.room(p))), ("kind", self.case(kind, "CallKind")),
            ("pressedAt", self.date()), ("status", self.case("waiting", "CallStatus"))]))
        return self.act("callButtonPressed", Struct("CallRequest", [
            ("id", self.uuid_arg(c)), ("room", q(self.room(p))), ("kind", Raw("." + kind))]))

    @signal
    def call_accepted(self, c):
        if c not in self.call_ids:
            return None
        self.call_info[c]["status"] = "accepted"
        self.set(("callRequests", ("i", self.call_ids.index(c)), "status"), self.case("accepted", "CallStatus"))
        return self.crow(c, A(self.at("CallRow"), "acceptButtonTapped"))

    # reason: cancelled at the bedside, a person's act in the room, relayed by the nurse-call system
    @signal
    def call_cleared(self, c):
        if c not in self.call_ids:
            return None
        i = self.call_ids.index(c)
        self.call_ids.pop(i)
        self.call_info.pop(c)
        self.remove_at(("callRequests",), i)
        return self.act("callCancelledAtBedside", id=self.uuid_arg(c))

    @signal
    def patient_tapped(self, p):
        self.chart_pid = p
        self.set(("chart",), St(self.st("PatientChart"), [
            ("patientID", self.uuid_value(p)), ("selectedTab", self.case("vitals", "PatientChart.Tab")),
            ("labs", Arr()), ("medications", Arr()), ("isLoading", boolean(True)), ("administration", NIL)]))
        return self.prow(p, A(self.at("PatientRow"), "tapped"))

    @signal
    def chart_task(self):
        if self.get(("chart",)) is NIL:
            return None
        self.after(self.rng.uniform(0.3, 1.4), self.labs_response)
        self.after(self.rng.uniform(0.3, 1.2), self.meds_response)
        return self.chart_act(A(self.at("PatientChart"), "task"))

    @signal
    def labs_response(self):
        if self.get(("chart",)) is NIL:
            return None
        rng = self.rng
        rows, payload = [], []
        for name, unit, lo, hi in rng.sample(LABS, rng.randint(4, 7)):
            val = round(rng.uniform(lo * 0.85, hi * 1.15), 2)
            flag = "high" if val > hi else ("low" if val < lo else "normal")
            rows.append(St("LabResult", [("name", text(name)), ("value", num(val)), ("unit", text(unit)),
                                         ("flag", self.case(flag, "LabResult.Flag"))]))
            payload.append(Struct("LabResult", [("name", q(name)), ("value", Raw(repr(val))), ("unit", q(unit))]))
        self.set(("chart", "labs"), Arr(rows))
        if self.get(("chart", "medications")).items:
            self.set(("chart", "isLoading"), boolean(False))
        return self.chart_act(A(self.at("PatientChart"), "labsResponse", self.result("[LabResult]", True,
                                                                                    Struct("LabPanel", [
                                                                                        ("results", Raw(str(len(payload)))),
                                                                                        ("collectedAt", q("06:10"))]))))

    @signal
    def meds_response(self):
        if self.get(("chart",)) is NIL:
            return None
        rng = self.rng
        self.chart_med_ids = []
        rows = []
        for name, dose in rng.sample(DRUGS, rng.randint(3, 5)):
            m = self.uid()
            self.chart_med_ids.append(m)
            due = "%02d:00" % rng.choice([9, 10, 12, 14])
            rows.append(St(self.st("MedicationRow"), [("id", self.uuid_value(m)), ("drug", text(name)),
                                                       ("dose", text(dose)), ("due", text(due)),
                                                       ("status", self.case("due", "MedicationRow.Status"))]))
        self.set(("chart", "medications"), Arr(rows))
        if self.get(("chart", "labs")).items:
            self.set(("chart", "isLoading"), boolean(False))
        return self.chart_act(A(self.at("PatientChart"), "medicationScheduleResponse", self.result(
            "[ScheduledDose]", True, Struct("MedicationSchedule", [("doses", Raw(str(len(rows)))),
                                                                   ("pharmacyVerified", Raw("true"))]))))

    @signal
    def chart_tab(self, tab):
        if self.get(("chart",)) is NIL:
            return None
        self.set(("chart", "selectedTab"), self.case(tab, "PatientChart.Tab"))
        return self.chart_act(self.binding("PatientChart", "selectedTab", Raw("." + tab)))

    @signal
    def chart_dismissed(self):
        if self.get(("chart",)) is NIL:
            return None
        self.set(("chart",), NIL)
        self.chart_pid = None
        return self.act("chart", A("PresentationAction<%s>" % self.at("PatientChart"), "dismiss"))

    @signal
    def give_tapped(self, m):
        if self.get(("chart",)) is NIL or m not in self.chart_med_ids:
            return None
        row = self.get(("chart", "medications", ("i", self.chart_med_ids.index(m))))
        self.set(("chart", "administration"), St(self.st("Administration"), [
            ("medicationID", self.uuid_value(m)), ("drug", row.f["drug"]),
            ("step", self.case("scanWristband", "Administration.Step")), ("recognizedCount", num(0)),
            ("wristband", NIL), ("drugBarcode", NIL), ("verification", NIL), ("isSubmitting", boolean(False))]))
        return self.chart_act(A(self.at("PatientChart"), "medications", self.element(
            "MedicationRow", self.uuid_arg(m), A(self.at("MedicationRow"), "giveButtonTapped"))))

    @signal
    def barcode_scanned(self, code, which):
        if self.get(("chart",)) is NIL or self.get(("chart", "administration")) is NIL:
            return None
        if which == "wristband":
            self.set(("chart", "administration", "wristband"), text(code))
            self.set(("chart", "administration", "step"), self.case("scanDrug", "Administration.Step"))
        else:
            self.set(("chart", "administration", "drugBarcode"), text(code))
            self.set(("chart", "administration", "step"), self.case("verifying", "Administration.Step"))
            self.after(self.rng.uniform(0.4, 1.5), self.verify_response)
        self.set(("chart", "administration", "recognizedCount"), num(0))
        return self.admin_act(A(self.at("Administration"), "scanner", A(self.at("Scanner"), "barcodeScanned",
                                                                         q(code))))

    @signal
    def verify_response(self):
        if self.get(("chart",)) is NIL or self.get(("chart", "administration")) is NIL:
            return None
        self.set(("chart", "administration", "verification"), St("Verification", [
            ("rightPatient", boolean(True)), ("rightDrug", boolean(True)), ("rightDose", boolean(True)),
            ("rightTime", boolean(True)), ("rightRoute", boolean(True))]))
        self.set(("chart", "administration", "step"), self.case("confirm", "Administration.Step"))
        return self.admin_act(A(self.at("Administration"), "verificationResponse", self.result(
            "Verification", True, Struct("Verification", [("fiveRights", Raw("true")), ("warnings", Raw("[]"))]))))

    @signal
    def confirm_tapped(self):
        if self.get(("chart",)) is NIL or self.get(("chart", "administration")) is NIL:
            return None
        self.set(("chart", "administration", "isSubmitting"), boolean(True))
        self.after(self.rng.uniform(0.3, 1.2), self.administration_response)
        return self.admin_act(A(self.at("Administration"), "confirmButtonTapped"))

    @signal
    def administration_response(self):
        if self.get(("chart",)) is NIL or self.get(("chart", "administration")) is NIL:
            return None
        self.set(("chart", "administration", "isSubmitting"), boolean(False))
        self.set(("chart", "administration", "step"), self.case("done", "Administration.Step"))
        m = self.get(("chart", "administration", "medicationID")).cd
        self.after(0.0, self.admin_delegate, m)
        return self.admin_act(A(self.at("Administration"), "administrationResponse", self.result(
            "AdministrationRecord", True, Struct("AdministrationRecord", [
                ("id", self.uuid_arg(self.uid())), ("givenAt", q(self.date().df)), ("by", q(self.nurse))]))))

    @signal
    def admin_delegate(self, m):
        if self.get(("chart",)) is NIL:
            return None
        uid = m[5:-1]
        if uid in self.chart_med_ids:
            self.set(("chart", "medications", ("i", self.chart_med_ids.index(uid)), "status"),
                     self.case("given", "MedicationRow.Status"))
        self.set(("chart", "administration"), NIL)
        return self.admin_act(A(self.at("Administration"), "delegate", A(self.at("Administration") + ".Delegate"
                                                                          if self.tca1 else "AdministrationDelegate",
                                                                          "medicationRecorded",
                                                                          id=self.uuid_arg(uid))))

    @signal
    def staff_arrived(self, s):
        self.present.append(s)
        self.append(("staff",), self.staff_row(s))
        return self.act("staff", A(self.at("StaffList"), "memberBadgedIn", Struct("StaffMember", [
            ("id", self.uuid_arg(s)), ("name", q(STAFF[self.staff_ids.index(s)][0])),
            ("role", q(STAFF[self.staff_ids.index(s)][1]))])))

    @signal
    def staff_left(self, s):
        i = self.present.index(s)
        self.present.pop(i)
        self.remove_at(("staff",), i)
        return self.act("staff", A(self.at("StaffList"), "memberBadgedOut", id=self.uuid_arg(s)))

    @signal
    def handover_opened(self, open_):
        return self.act("handover", A(self.at("Handover"), "onAppear" if open_ else "onDisappear"))

    @signal
    def handover_submit(self):
        self.set(("handover", "isSubmitting"), boolean(True))
        self.after(self.rng.uniform(0.4, 1.5), self.handover_response)
        return self.act("handover", A(self.at("Handover"), "submitButtonTapped"))

    @signal
    def handover_response(self):
        self.set(("handover", "isSubmitting"), boolean(False))
        self.set(("handover", "isDirty"), boolean(False))
        return self.act("handover", A(self.at("Handover"), "submitResponse", self.result(
            "HandoverReceipt", True, Struct("HandoverReceipt", [("id", self.uuid_arg(self.uid())),
                                                                ("acknowledgedBy", q("Marcus Lee"))]))))

    # -- processes
    def processes(self):
        self.handover_open = False
        procs = [self.periodic(self.clock_ticked, 1.0, 0.003),
                 self.periodic(self.census_timer, 120.0, 0.2),
                 self.periodic(self.autosave_tick, 10.0, 0.02, when=lambda: self.handover_open),
                 self.episodes(), self.leads(), self.calls(), self.staff_moves(), self.nurse_person()]
        for p in self.pids:
            procs.append(self.monitor(p))
        for s in self.staff_ids:
            procs.append(self.badge(s))
        return procs

    def monitor(self, p):
        rng = self.rng
        period = self.period[p]
        yield rng.uniform(0, period)
        k, bp_every = 0, rng.randint(40, 90)
        while True:
            if p not in self.leads_off:
                self.emit(self.vitals_received, p, k % bp_every == 0)
            k += 1
            yield max(0.05, period + rng.uniform(-0.04, 0.04))

    def episodes(self):
        rng = self.rng
        while True:
            yield self.expo(55.0)
            free = [x for x in self.pids if x not in self.episode]
            if not free:
                continue
            p = rng.choice(free)
            kind = rng.random()
            if kind < 0.25:                             # a patient moving: the probe reads low for a while
                e = {"spo2": -rng.uniform(10, 16)}
                length = rng.uniform(12, 30)
            elif kind < 0.55:
                e = {"spo2": -rng.uniform(8, 12), "rr": rng.uniform(4, 10), "hr": rng.uniform(5, 15)}
                length = rng.uniform(40, 180)
            elif kind < 0.8:
                e = {"hr": rng.uniform(42, 60)}
                length = rng.uniform(40, 180)
            elif kind < 0.88:
                e = {"hr": -rng.uniform(24, 34)}
                length = rng.uniform(40, 120)
            else:
                e = {"rr": rng.uniform(12, 17), "hr": rng.uniform(10, 20)}
                length = rng.uniform(40, 150)
            self.episode[p] = e
            self.spawn(self.end_episode(p), length)

    def end_episode(self, p):
        self.episode.pop(p, None)
        yield 0

    def leads(self):
        rng = self.rng
        while True:
            yield self.expo(200.0)
            p = rng.choice(self.pids)
            if p in self.leads_off:
                continue
            self.leads_off.add(p)
            self.emit(self.monitor_status, p, rng.choice(["leadsOff", "probeOff", "signalLost"]))
            yield rng.uniform(15, 100)
            self.leads_off.discard(p)
            self.emit(self.monitor_status, p, "connected")

    def calls(self):
        rng = self.rng
        while True:
            yield self.expo(80.0)
            p = rng.choice(self.pids)
            if any(i["pid"] == p for i in self.call_info.values()):
                continue
            self.emit(self.call_pressed, self.uid(), p, rng.choice(["assistance", "assistance", "bathroom", "pain",
                                                                    "ivPump", "bedExit"]))

    def badge(self, s):
        """An RTLS badge reports its zone every 20-40 s while its wearer is on the ward."""
        rng = self.rng
        period = rng.uniform(20, 40)
        yield rng.uniform(0, period)
        while True:
            if s in self.present:
                z = self.zone[s] if rng.random() < 0.7 else rng.choice(ZONES)
                self.emit(self.staff_zone, s, z)
            yield period + rng.uniform(-0.3, 0.3)

    def staff_moves(self):
        rng = self.rng
        while True:
            yield self.expo(150.0)
            if rng.random() < 0.5 and len(self.present) < len(self.staff_ids):
                self.emit(self.staff_arrived, rng.choice([s for s in self.staff_ids if s not in self.present]))
            elif len(self.present) > 3:
                s = rng.choice(self.present[1:])
                self.emit(self.staff_left, s)

    def nurse_person(self):
        rng = self.rng
        think = self.think((2.0, 6.0), (8.0, 25.0), (60, 180), (30, 90))
        notes = ""
        words = list(NOTE_WORDS)
        yield rng.uniform(1, 4)
        while True:
            yield next(think)
            if rng.random() < 0.05:                     # walks to the rooms
                self.away = True
                yield rng.uniform(60, 200)
                self.away = False
                continue
            # alarms first: unacknowledged ones, a few seconds after they show
            active = [a for a in self.alarm_ids if self.alarm_info[a]["status"] == "active"
                      and self.now - self.alarm_info[a]["raised"] > 3]
            waiting = [c for c in self.call_ids if self.call_info[c]["status"] == "waiting"]
            r = rng.random()
            if active and r < 0.85:
                yield rng.uniform(0.5, 3.0)
                self.emit(self.ack_tapped, active[0])
                continue
            if waiting and r < 0.7:
                c = waiting[0]
                self.emit(self.call_accepted, c)
                self.after(rng.uniform(40, 240), self.call_cleared, c)
                continue
            if r < 0.35:                                # a chart, maybe a medication
                p = rng.choice(self.pids)
                self.emit(self.patient_tapped, p)
                yield rng.uniform(0.05, 0.2)
                self.emit(self.chart_task)
                yield rng.uniform(2, 6)
                for tab in rng.sample(["labs", "medications", "notes", "vitals"], rng.randint(1, 3)):
                    self.emit(self.chart_tab, tab)
                    yield rng.uniform(3, 15)
                if rng.random() < 0.55 and self.chart_med_ids:
                    yield from self.give_medication()
                yield rng.uniform(2, 10)
                self.emit(self.chart_dismissed)
            elif r < 0.55 and words:                    # handover notes
                self.handover_open = True
                self.emit(self.handover_opened, True)
                for _ in range(rng.randint(4, 12)):
                    if not words:
                        break
                    w = words.pop(0)
                    word = (" " if notes else "") + w
                    for ch in word:
                        notes += ch
                        self.emit(self.notes_typed, notes)
                        yield max(0.06, rng.gauss(0.19, 0.07))
                    if rng.random() < 0.15:
                        yield rng.uniform(2, 6)
                yield rng.uniform(1, 5)
                if not words or rng.random() < 0.2:
                    self.emit(self.handover_submit)
                    yield rng.uniform(1, 3)
                self.emit(self.handover_opened, False)
                self.handover_open = False
            # otherwise: looks at the board

    def give_medication(self):
        rng = self.rng
        self.emit(self.give_tapped, rng.choice(self.chart_med_ids))
        for which in ("wristband", "drug"):
            yield rng.uniform(0.5, 2.0)
            hz = rng.uniform(8, 12)
            seen = 0
            for _ in range(int(hz * rng.uniform(0.8, 4.0))):
                yield max(0.02, rng.gauss(1.0, 0.08)) / hz
                seen = max(0, min(4, seen + rng.choice([-1, 0, 0, 1])))
                self.emit(self.scanner_items, seen)
            yield rng.uniform(0.05, 0.3)
            code = ("MRN%07d" % rng.randrange(10 ** 7)) if which == "wristband" else ("0%013d" % rng.randrange(10 ** 13))
            self.emit(self.barcode_scanned, code, which)
        yield rng.uniform(2.5, 5.0)
        self.emit(self.confirm_tapped)
        yield rng.uniform(2.0, 4.0)


# ================================================================== skitracker

LIFTS = ["Gondola Eagle", "Summit Express", "Birch Chair", "Powder Bowl Quad", "Glacier T-Bar", "Sunny Six",
         "Valley Double", "Ridge Express"]
RUNS = ["Blue Ribbon", "Fox Trail", "Black Diamond Chute", "Sunset Cruiser", "Moguls Alley", "Lower Meadow",
        "Glade Run", "Upper Ridge"]
FRIENDS = ["Lena", "Tom", "Yusuf", "Mia", "Kenji"]
CAPTIONS = ["first chair!", "bluebird day on the ridge", "powder at the top", "lunch break view",
            "group pic at the summit"]


class SkiTracker(App):
    name = "skitracker"
    module = "SkiTracker"
    process = "SkiTracker"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        self.lat, self.lon, self.alt = 47.1302 + rng.uniform(-0.01, 0.01), 10.2681 + rng.uniform(-0.01, 0.01), 2100.0
        self.phase = "descending"      # or "lift" or "waiting" or "paused"
        self.tracking = True
        self.elapsed = rng.randint(3600, 7200)
        self.friend_ids = [self.uid() for _ in FRIENDS[:rng.randint(4, 5)]]
        self.fpos = {f: [self.lat + rng.uniform(-0.02, 0.02), self.lon + rng.uniform(-0.02, 0.02),
                         rng.uniform(1500, 2600)] for f in self.friend_ids}
        self.lift_ids = [self.uid() for _ in LIFTS]
        self.lift_open = {l: rng.random() < 0.85 for l in self.lift_ids}
        self.lift_status = {l: "open" if self.lift_open[l] else "closed" for l in self.lift_ids}
        self.wait = {l: rng.choice([0, 2, 5, 5, 10, 15]) for l in self.lift_ids}
        self.run_ids = []
        self.run_start = None
        self.stack_ids = []
        self.next_stack = 0
        self.photo_ids = []
        self.speed_hist = []
        self.on_map = True
        runs_done = rng.randint(4, 9)
        self.km = rng.uniform(12, 30)
        self.state = St(self.st("AppFeature"), [
            ("tracking", St(self.st("Tracking"), [
                ("status", self.case("tracking", "Tracking.Status")),
                ("location", self.loc_state()),
                ("speedKmh", num(0.0)), ("altitude", num(2100)), ("barometricAltitude", num(2100.0)),
                ("elapsed", self.dur(self.elapsed)), ("heartRate", NIL), ("isOnLift", boolean(False)),
                ("currentLift", NIL),
                ("gpsAccuracy", num(10)), ("maxSpeedKmh", num(round(rng.uniform(48, 70), 1))),
                ("verticalMeters", num(rng.randint(1800, 4200))), ("distanceKm", num(round(self.km, 2)))])),
            ("runs", Arr()),
            ("runsToday", num(runs_done)),
            ("friends", Arr(St(self.st("FriendPin"), [
                ("id", self.uuid_value(f)), ("name", text(FRIENDS[i])), ("latitude", num(round(self.fpos[f][0], 5))),
                ("longitude", num(round(self.fpos[f][1], 5))), ("altitude", num(rint(self.fpos[f][2]))),
                ("lastSeen", self.date(0))]) for i, f in enumerate(self.friend_ids))),
            ("resort", St(self.st("Resort"), [
                ("lifts", Arr(St("Lift", [("id", self.uuid_value(l)), ("name", text(LIFTS[i])),
                                          ("status", self.case("open" if self.lift_open[l] else "closed", "Lift.Status")),
                                          ("waitMinutes", num(self.wait[l]))])
                              for i, l in enumerate(self.lift_ids))),
                ("lastUpdated", self.date(0)), ("isRefreshing", boolean(False))])),
            ("map", St(self.st("Map"), [("center", St("Coordinate", [("latitude", num(round(self.lat, 5))),
                                                                     ("longitude", num(round(self.lon, 5)))])),
                                        ("zoom", num(14.0)), ("heading", num(0.0)), ("followsUser", boolean(True))])),
            ("path", Dic(ordered=True, quoted=False, key="#%s")),
            ("photos", Arr()),
            ("camera", NIL),
            ("share", NIL),
            ("dayStatus", self.case("inProgress", "DayStatus"))])

    # -- values, paths
    def dur(self, s):
        return V("%d seconds" % s, "%d.0 seconds" % s, "%d.0 seconds" % s)

    def loc_state(self):
        return St("Location", [("latitude", num(round(self.lat, 6))), ("longitude", num(round(self.lon, 6))),
                               ("altitude", num(round(self.alt, 1)))])

    def uuid_arg(self, u):
        return Raw("UUID(%s)" % u if self.tca1 else u)

    def trk(self, inner):
        return self.act("tracking", inner)

    def stack(self, sid, inner):
        t = "StackAction<%s, %s>" % (self.st("Path"), self.at("Path"))
        return self.act("path", A(t, "element", id=Raw("#%d" % sid), action=inner))

    # -- noise
    @noise
    def location_updated(self, speed_ms, acc, moved=0.0):
        kmh = round(speed_ms * 3.6, 1)
        self.set(("tracking", "location"), self.loc_state())
        self.set(("tracking", "gpsAccuracy"), num(round(acc)))
        if moved:
            self.km += moved / 1000.0
            self.set(("tracking", "distanceKm"), num(round(self.km, 2)))
        self.set(("tracking", "speedKmh"), num(kmh))
        self.set(("tracking", "altitude"), num(rint(self.alt)))
        if kmh > float(self.get(("tracking", "maxSpeedKmh")).cd) and self.phase == "descending":
            self.set(("tracking", "maxSpeedKmh"), num(kmh))
        if self.on_map and self.get(("map", "followsUser")).cd == "true":
            self.set(("map", "center"), St("Coordinate", [("latitude", num(round(self.lat, 5))),
                                                          ("longitude", num(round(self.lon, 5)))]))
        return self.trk(A(self.at("Tracking"), "locationUpdated", Struct("CLLocation", [
            ("latitude", Raw("%.6f" % self.lat)), ("longitude", Raw("%.6f" % self.lon)),
            ("altitude", Raw("%.1f" % self.alt)), ("speed", Raw("%.2f" % speed_ms)),
            ("horizontalAccuracy", Raw("%.1f" % acc))])))

    # reason: the compass's heading updates, a few a second while moving
    @noise
    def heading_updated(self, deg):
        self.set(("map", "heading"), num(deg))
        return self.act("map", A(self.at("Map"), "headingUpdated", Struct("CLHeading", [
            ("trueHeading", Raw(repr(deg))), ("headingAccuracy", Raw("15.0"))])))

    @noise
    def heart_rate(self, bpm):
        self.set(("tracking", "heartRate"), num(bpm))
        return self.trk(A(self.at("Tracking"), "watchHeartRateUpdated", bpm=Raw(str(bpm))))

    @noise
    def altimeter(self, rel):
        self.set(("tracking", "barometricAltitude"), num(round(rel, 1)))
        return self.trk(A(self.at("Tracking"), "altimeterUpdated", relativeAltitude=Raw("%.2f" % rel)))

    @noise
    def timer_ticked(self):
        self.elapsed += 1
        self.set(("tracking", "elapsed"), self.dur(self.elapsed))
        return self.trk(A(self.at("Tracking"), "timerTicked"))

    # reason: a friend's position pushed every 15-30 s per friend: a subscription, not something the friend did
    @noise
    def friend_location(self, f):
        rng = self.rng
        pos = self.fpos[f]
        pos[0] += rng.uniform(-0.002, 0.002)
        pos[1] += rng.uniform(-0.002, 0.002)
        pos[2] = min(2700, max(1400, pos[2] + rng.uniform(-150, 120)))
        i = self.friend_ids.index(f)
        for k, v in (("latitude", num(round(pos[0], 5))), ("longitude", num(round(pos[1], 5))),
                     ("altitude", num(rint(pos[2]))), ("lastSeen", self.date())):
            self.set(("friends", ("i", i), k), v)
        return self.act("friends", self.element("FriendPin", self.uuid_arg(f), A(
            self.at("FriendPin"), "locationPushed", Struct("FriendLocation", [
                ("latitude", Raw("%.5f" % pos[0])), ("longitude", Raw("%.5f" % pos[1])),
                ("altitude", Raw(str(rint(pos[2]))))]))))

    @noise
    def lift_poll(self):
        self.set(("resort", "isRefreshing"), boolean(True))
        self.after(self.rng.uniform(0.3, 1.5), self.lift_response)
        return self.act("resort", A(self.at("Resort"), "pollTimerFired"))

    @noise
    def map_dragged(self, lat, lon):
        self.set(("map", "followsUser"), boolean(False))
        self.set(("map", "center"), St("Coordinate", [("latitude", num(lat)), ("longitude", num(lon))]))
        return self.act("map", A(self.at("Map"), "regionChanged", Struct("MKCoordinateRegion", [
            ("center", Struct("CLLocationCoordinate2D", [("latitude", Raw(repr(lat))), ("longitude", Raw(repr(lon)))])),
            ("span", Struct("MKCoordinateSpan", [("latitudeDelta", Raw("0.012")), ("longitudeDelta", Raw("0.018"))]))])))

    # -- signal
    # reason: both the three-minute poll and a person's opening of the lift screen get this answer; a lift
    # closing or reopening is news, and the reader wants to see what the list now says
    @signal
    def lift_response(self):
        rng = self.rng
        self.set(("resort", "isRefreshing"), boolean(False))
        self.set(("resort", "lastUpdated"), self.date())
        changed = 0
        for i, l in enumerate(self.lift_ids):
            if rng.random() < 0.05:
                self.lift_open[l] = not self.lift_open[l]
                self.lift_status[l] = "open" if self.lift_open[l] else rng.choice(["windHold", "closed"])
                changed += 1
            if rng.random() < 0.3:
                self.wait[l] = max(0, self.wait[l] + rng.choice([-5, 5]))
            self.set(("resort", "lifts", ("i", i), "status"),
                     self.case(self.lift_status[l], "Lift.Status"))
            self.set(("resort", "lifts", ("i", i), "waitMinutes"), num(self.wait[l]))
        return self.act("resort", A(self.at("Resort"), "liftStatusResponse", self.result("[LiftStatus]", True, Struct(
            "LiftStatusReport", [("lifts", Raw(str(len(self.lift_ids)))),
                                 ("open", Raw(str(sum(self.lift_open.values()))))]))))

    # reason: derived from GPS by the app, but boarding a lift is an event of the day, one per ride
    @signal
    def lift_detected(self, lift):
        self.set(("tracking", "isOnLift"), boolean(True))
        self.set(("tracking", "currentLift"), text(lift))
        self.set(("tracking", "status"), self.case("onLift", "Tracking.Status"))
        return self.trk(A(self.at("Tracking"), "liftDetected", Struct("Lift", [("name", q(lift))])))

    # reason: as liftDetected, the end of a lift ride
    @signal
    def lift_exited(self):
        self.set(("tracking", "isOnLift"), boolean(False))
        self.set(("tracking", "currentLift"), NIL)
        self.set(("tracking", "status"), self.case("tracking", "Tracking.Status"))
        return self.trk(A(self.at("Tracking"), "liftExited"))

    @signal
    def run_completed(self, name, vert, dist, top, avg, dur):
        r = self.uid()
        self.run_ids.append(r)
        self.append(("runs",), St(self.st("RunRow"), [
            ("id", self.uuid_value(r)), ("name", text(name)), ("verticalMeters", num(vert)),
            ("distanceKm", num(dist)), ("topSpeedKmh", num(top)), ("averageSpeedKmh", num(avg)),
            ("duration", self.dur(dur))]))
        self.set(("runsToday",), num(int(self.get(("runsToday",)).cd) + 1))
        self.set(("tracking", "verticalMeters"), num(int(self.get(("tracking", "verticalMeters")).cd) + vert))
        return self.trk(A(self.at("Tracking"), "runCompleted", Struct("Run", [
            ("id", self.uuid_arg(r)), ("name", q(name)), ("verticalMeters", Raw(str(vert))),
            ("distanceKm", Raw(repr(dist))), ("topSpeedKmh", Raw(repr(top))), ("durationSeconds", Raw(str(dur)))])))

    @signal
    def pause_tapped(self, pause):
        self.tracking = not pause
        self.set(("tracking", "status"), self.case("paused" if pause else "tracking", "Tracking.Status"))
        return self.trk(A(self.at("Tracking"), "pauseButtonTapped" if pause else "resumeButtonTapped"))

    @signal
    def recenter_tapped(self):
        self.set(("map", "followsUser"), boolean(True))
        return self.act("map", A(self.at("Map"), "recenterButtonTapped"))

    @signal
    def push_screen(self, screen):
        sid = self.next_stack
        self.next_stack += 1
        self.stack_ids.append(sid)
        if screen == "liftStatus":
            st = St(self.st("LiftStatus"), [("filter", self.case("all", "LiftStatus.Filter"))])
        elif screen == "snowReport":
            st = St(self.st("SnowReport"), [("report", NIL), ("isLoading", boolean(True))])
        else:
            st = St(self.st("RunDetail"), [("runID", self.uuid_value(self.run_ids[-1])), ("splits", Arr())])
        self.put(("path",), sid, En("Path.State", screen, st))
        self.on_map = False
        name = {"liftStatus": "liftStatusButtonTapped", "snowReport": "snowReportButtonTapped",
                "runDetail": "runRowTapped"}[screen]
        return self.act(name)

    @signal
    def screen_task(self, sid, screen):
        if sid not in self.stack_ids:
            return None
        if screen == "liftStatus":
            self.set(("resort", "isRefreshing"), boolean(True))
            self.after(self.rng.uniform(0.3, 1.5), self.lift_response)
        elif screen == "snowReport":
            self.after(self.rng.uniform(0.4, 2.0), self.snow_response, sid)
        else:
            self.after(self.rng.uniform(0.2, 0.8), self.splits_response, sid)
        feat = {"liftStatus": "LiftStatus", "snowReport": "SnowReport", "runDetail": "RunDetail"}[screen]
        return self.stack(sid, A(self.at("Path"), screen, A(self.at(feat), "task")))

    @signal
    def snow_response(self, sid):
        if sid not in self.stack_ids:
            return None
        rng = self.rng
        base, new = rng.randint(90, 210), rng.randint(0, 25)
        self.set(("path", ("k", sid), ("e", "snowReport"), "isLoading"), boolean(False))
        self.set(("path", ("k", sid), ("e", "snowReport"), "report"), St("SnowReport", [
            ("baseDepthCm", num(base)), ("newSnow24hCm", num(new)), ("temperatureC", num(rng.randint(-14, -2))),
            ("conditions", text(rng.choice(["Packed powder", "Powder", "Groomed", "Variable"]))),
            ("avalancheDanger", num(rng.randint(1, 3)))]))
        return self.stack(sid, A(self.at("Path"), "snowReport", A(self.at("SnowReport"), "reportResponse", self.result(
            "SnowReport", True, Struct("SnowReport", [("baseDepthCm", Raw(str(base))), ("newSnow24hCm", Raw(str(new)))])))))

    @signal
    def splits_response(self, sid):
        if sid not in self.stack_ids:
            return None
        rng = self.rng
        splits = [St("Split", [("km", num(k + 1)), ("seconds", num(rng.randint(50, 140)))]) for k in range(rng.randint(1, 3))]
        self.set(("path", ("k", sid), ("e", "runDetail"), "splits"), Arr(splits))
        return self.stack(sid, A(self.at("Path"), "runDetail", A(self.at("RunDetail"), "splitsResponse",
                                                                  self.result("[Split]", True, Raw("[%d splits]" % len(splits))))))

    @signal
    def lift_filter(self, sid, f):
        if sid not in self.stack_ids:
            return None
        self.set(("path", ("k", sid), ("e", "liftStatus"), "filter"), self.case(f, "LiftStatus.Filter"))
        return self.stack(sid, A(self.at("Path"), "liftStatus", self.binding("LiftStatus", "filter", Raw("." + f))))

    @signal
    def pop_screen(self, sid):
        if sid not in self.stack_ids:
            return None
        self.stack_ids.remove(sid)
        self.delete(("path",), sid)
        self.on_map = not self.stack_ids
        t = "StackAction<%s, %s>" % (self.st("Path"), self.at("Path"))
        return self.act("path", A(t, "popFrom", id=Raw("#%d" % sid)))

    @signal
    def camera_tapped(self):
        self.set(("camera",), St(self.st("Camera"), [("isCapturing", boolean(False)), ("caption", text(""))]))
        return self.act("cameraButtonTapped")

    @signal
    def shutter_tapped(self):
        if self.get(("camera",)) is NIL:
            return None
        self.set(("camera", "isCapturing"), boolean(True))
        self.after(self.rng.uniform(0.3, 0.9), self.photo_captured)
        return self.act("camera", A("PresentationAction<%s>" % self.at("Camera"), "presented",
                                    A(self.at("Camera"), "shutterButtonTapped")))

    @signal
    def photo_captured(self):
        if self.get(("camera",)) is NIL:
            return None
        ph = self.uid()
        self.photo_ids.append(ph)
        self.set(("camera", "isCapturing"), boolean(False))
        self.append(("photos",), St("TaggedPhoto", [
            ("id", self.uuid_value(ph)), ("latitude", num(round(self.lat, 5))), ("longitude", num(round(self.lon, 5))),
            ("altitude", num(rint(self.alt))), ("takenAt", self.date()), ("caption", text(""))]))
        return self.act("camera", A("PresentationAction<%s>" % self.at("Camera"), "presented", A(
            self.at("Camera"), "photoCaptured", self.result("TaggedPhoto", True, Struct("TaggedPhoto", [
                ("id", self.uuid_arg(ph)), ("latitude", Raw("%.5f" % self.lat)), ("longitude", Raw("%.5f" % self.lon)),
                ("pixelWidth", Raw("4032")), ("pixelHeight", Raw("3024"))])))))

    @either
    def caption_typed(self, value):
        if self.get(("camera",)) is NIL:
            return None
        self.set(("camera", "caption"), text(value))
        return self.act("camera", A("PresentationAction<%s>" % self.at("Camera"), "presented",
                                    self.binding("Camera", "caption", q(value))))

    @signal
    def camera_done(self):
        if self.get(("camera",)) is NIL:
            return None
        cap = self.get(("camera", "caption"))
        if self.photo_ids:
            self.set(("photos", ("i", len(self.photo_ids) - 1), "caption"), cap)
        self.set(("camera",), NIL)
        return self.act("camera", A("PresentationAction<%s>" % self.at("Camera"), "dismiss"))

    @signal
    def save_day(self):
        self.set(("dayStatus",), self.case("saving", "DayStatus"))
        self.after(self.rng.uniform(0.6, 2.5), self.save_response)
        return self.act("saveDayButtonTapped")

    @signal
    def save_response(self):
        did = self.uid()
        self.set(("dayStatus",), self.case("saved", "DayStatus"))
        return self.act("saveDayResponse", self.result("SkiDay", True, Struct("SkiDay", [
            ("id", self.uuid_arg(did)), ("runs", Raw(self.get(("runsToday",)).cd)),
            ("verticalMeters", Raw(self.get(("tracking", "verticalMeters")).cd)),
            ("photos", Raw(str(len(self.photo_ids))))])))

    @signal
    def share_tapped(self):
        self.set(("share",), St(self.st("Share"), [("items", num(2 + len(self.photo_ids)))]))
        return self.act("shareButtonTapped")

    @signal
    def share_completed(self, activity):
        self.set(("share",), NIL)
        return self.act("share", A("PresentationAction<%s>" % self.at("Share"), "presented",
                                   A(self.at("Share"), "completed", activity=q(activity))))

    @signal
    def friend_tapped(self, f):
        self.set(("map", "followsUser"), boolean(False))
        i = self.friend_ids.index(f)
        row = self.get(("friends", ("i", i)))
        self.set(("map", "center"), St("Coordinate", [("latitude", row.f["latitude"]), ("longitude", row.f["longitude"])]))
        return self.act("friends", self.element("FriendPin", self.uuid_arg(f), A(self.at("FriendPin"), "tapped")))

    # -- processes
    def processes(self):
        return [self.gps(), self.periodic(self.timer_ticked, 1.0, 0.003, when=lambda: self.tracking),
                self.compass(), self.watch(),
                self.periodic(self.lift_poll, 180.0, 0.3), self.person()] + \
               [self.friend(f) for f in self.friend_ids]

    def friend(self, f):
        rng = self.rng
        period = rng.uniform(15, 30)
        yield rng.uniform(0, period)
        while True:
            self.emit(self.friend_location, f)
            yield period + rng.uniform(-0.5, 0.5)

    def compass(self):
        """Heading updates (a 2-degree filter) while the map is on screen: a few a second while moving."""
        rng = self.rng
        deg = rng.uniform(0, 360)
        while True:
            moving = self.tracking and self.phase != "paused"
            yield rng.uniform(0.2, 0.6) if moving else rng.uniform(1.5, 5)
            if self.on_map:
                deg = round((deg + rng.gauss(0, 9 if self.phase == "descending" else 3)) % 360, 1)
                self.emit(self.heading_updated, deg)

    def watch(self):
        """The paired watch's workout session: heart rate every 5 s while tracking."""
        rng = self.rng
        bpm = rng.randint(95, 120)
        yield rng.uniform(0, 5)
        while True:
            if self.tracking:
                target = 135 if self.phase == "descending" else 98
                bpm = max(70, min(175, rint(bpm + (target - bpm) * 0.15 + rng.gauss(0, 3))))
                self.emit(self.heart_rate, bpm)
            yield 5.0 + rng.uniform(-0.1, 0.1)

    def gps(self):
        """The day: descents at 20-60 km/h, a queue at the lift, a ride up; a fix each second,
        the altimeter every 1-2 s."""
        rng = self.rng
        baro = 0.0
        alt_next = 0.0
        t = 0
        while True:
            # a descent
            self.phase = "descending"
            name = rng.choice(RUNS)
            start_alt = self.alt
            dur = rng.randint(90, 200)
            drop = rng.uniform(350, 650)
            top, speeds, dist = 0.0, [], 0.0
            heading = rng.uniform(0, 2 * math.pi)
            for s in range(dur):
                yield 1.0 + rng.uniform(-0.02, 0.02)
                if s % 40 == 39 and rng.random() < 0.4:          # a stop on the way down
                    sp = rng.uniform(0, 1.0)
                else:
                    sp = max(2.0, rng.gauss(11.0, 3.5))
                heading += rng.uniform(-0.5, 0.5)
                self.move(sp, heading, -drop / dur * sp / 10.0)
                if self.tracking:
                    speeds.append(sp)
                    top = max(top, sp)
                    dist += sp
                    self.emit(self.location_updated, sp, rng.uniform(3, 12), sp)
                    if self.now >= alt_next:
                        baro = round(self.alt - 2100.0 + rng.gauss(0, 0.4), 2)
                        self.emit(self.altimeter, baro)
                        alt_next = self.now + rng.choice([1.0, 2.0])
            if self.tracking and speeds:
                self.emit(self.run_completed, name, rint(max(0.0, start_alt - self.alt)), round(dist / 1000.0, 2),
                          round(top * 3.6, 1), round(sum(speeds) / len(speeds) * 3.6, 1), len(speeds))
            # the lift queue
            lift = rng.choice(LIFTS[:6])
            self.phase = "waiting"
            for s in range(rng.randint(20, 120)):
                yield 1.0 + rng.uniform(-0.02, 0.02)
                self.move(rng.uniform(0, 0.4), heading, 0)
                if self.tracking:
                    self.emit(self.location_updated, rng.uniform(0, 0.4), rng.uniform(4, 15))
            while not self.tracking:                            # a break at the lodge
                yield 1.0
            ride = rng.randint(170, 320)
            climb = rng.uniform(350, 650)
            for s in range(ride):
                yield 1.0 + rng.uniform(-0.02, 0.02)
                self.move(rng.gauss(4.2, 0.2), 0.3, climb / ride)
                if self.tracking:
                    if s >= 35 and self.phase != "lift":
                        self.phase = "lift"
                        self.emit(self.lift_detected, lift)
                    self.emit(self.location_updated, rng.gauss(4.2, 0.2), rng.uniform(4, 20))
                    if self.now >= alt_next:
                        baro = round(self.alt - 2100.0 + rng.gauss(0, 0.4), 2)
                        self.emit(self.altimeter, baro)
                        alt_next = self.now + rng.choice([1.0, 2.0])
            if self.tracking and self.phase == "lift":
                yield rng.uniform(15, 30)
                self.emit(self.lift_exited)
            self.phase = "descending"

    def move(self, sp, heading, dz):
        self.lat += sp * math.cos(heading) / 111000.0
        self.lon += sp * math.sin(heading) / 75000.0
        self.alt += dz

    def person(self):
        rng = self.rng
        think = self.think((8.0, 20.0), (40.0, 90.0), (60, 150), (60, 180))
        yield rng.uniform(5, 20)
        saved = False
        while True:
            yield next(think)
            if self.now > 600 and not saved:
                saved = True
                self.emit(self.save_day)
                yield rng.uniform(3, 8)
                self.emit(self.share_tapped)
                yield rng.uniform(4, 12)
                self.emit(self.share_completed, rng.choice(["com.apple.UIKit.activity.Message",
                                                            "com.burbn.instagram.shareextension"]))
                continue
            r = rng.random()
            if r < 0.25:                                   # pan the map
                if self.stack_ids:
                    self.emit(self.pop_screen, self.stack_ids[-1])
                    yield rng.uniform(0.5, 1.5)
                for _ in range(rng.randint(1, 3)):
                    lat0 = float(self.get(("map", "center", "latitude")).cd)
                    lon0 = float(self.get(("map", "center", "longitude")).cd)
                    dlat, dlon = rng.uniform(-0.004, 0.004), rng.uniform(-0.004, 0.004)
                    hz = rng.uniform(40, 60)
                    n = max(3, int(hz * rng.uniform(0.3, 1.4)))
                    yield from self.gesture(self.map_dragged, hz=hz, duration=n / hz, args=lambda i: (
                        round(lat0 + dlat * (i + 1) / n, 5), round(lon0 + dlon * (i + 1) / n, 5)))
                    yield rng.uniform(0.5, 3)
                if rng.random() < 0.4 and self.friend_ids:
                    self.emit(self.friend_tapped, rng.choice(self.friend_ids))
                    yield rng.uniform(2, 6)
                self.emit(self.recenter_tapped)
            elif r < 0.42:                                 # lift status
                self.emit(self.push_screen, "liftStatus")
                sid = self.stack_ids[-1]
                yield rng.uniform(0.05, 0.2)
                self.emit(self.screen_task, sid, "liftStatus")
                yield rng.uniform(4, 12)
                if rng.random() < 0.5:
                    self.emit(self.lift_filter, sid, rng.choice(["open", "closed"]))
                    yield rng.uniform(3, 10)
                self.emit(self.pop_screen, sid)
            elif r < 0.55:                                 # snow report
                self.emit(self.push_screen, "snowReport")
                sid = self.stack_ids[-1]
                yield rng.uniform(0.05, 0.2)
                self.emit(self.screen_task, sid, "snowReport")
                yield rng.uniform(6, 20)
                self.emit(self.pop_screen, sid)
            elif r < 0.65 and self.run_ids:                # a run's detail
                self.emit(self.push_screen, "runDetail")
                sid = self.stack_ids[-1]
                yield rng.uniform(0.05, 0.2)
                self.emit(self.screen_task, sid, "runDetail")
                yield rng.uniform(5, 15)
                self.emit(self.pop_screen, sid)
            elif r < 0.80:                                 # a photo
                self.emit(self.camera_tapped)
                yield rng.uniform(2, 6)
                for _ in range(rng.randint(1, 3)):
                    self.emit(self.shutter_tapped)
                    yield rng.uniform(1.5, 4)
                if rng.random() < 0.6:
                    cap = rng.choice(CAPTIONS)
                    for k in range(1, len(cap) + 1):
                        self.emit(self.caption_typed, cap[:k])
                        yield max(0.06, rng.gauss(0.22, 0.08))
                    yield rng.uniform(0.5, 2)
                self.emit(self.camera_done)
            elif r < 0.90:                                 # pause for a break at the bottom
                if self.phase == "waiting" and self.tracking:
                    self.emit(self.pause_tapped, True)
                    yield rng.uniform(40, 150)
                    self.emit(self.pause_tapped, False)


# ================================================================== draftroom

PLAYERS = [
    ("Christian McCaffrey", "RB", "SF"), ("Tyreek Hill", "WR", "MIA"), ("CeeDee Lamb", "WR", "DAL"),
    ("Bijan Robinson", "RB", "ATL"), ("Ja'Marr Chase", "WR", "CIN"), ("Justin Jefferson", "WR", "MIN"),
    ("Breece Hall", "RB", "NYJ"), ("Amon-Ra St. Brown", "WR", "DET"), ("Jahmyr Gibbs", "RB", "DET"),
    ("A.J. Brown", "WR", "PHI"), ("Garrett Wilson", "WR", "NYJ"), ("Puka Nacua", "WR", "LAR"),
    ("Saquon Barkley", "RB", "PHI"), ("Jonathan Taylor", "RB", "IND"), ("Travis Kelce", "TE", "KC"),
    ("Marvin Harrison Jr.", "WR", "ARI"), ("Davante Adams", "WR", "LV"), ("Kyren Williams", "RB", "LAR"),
    ("Josh Allen", "QB", "BUF"), ("Jalen Hurts", "QB", "PHI"), ("Drake London", "WR", "ATL"),
    ("Chris Olave", "WR", "NO"), ("Derrick Henry", "RB", "BAL"), ("Sam LaPorta", "TE", "DET"),
    ("Mike Evans", "WR", "TB"), ("Nico Collins", "WR", "HOU"), ("De'Von Achane", "RB", "MIA"),
    ("Lamar Jackson", "QB", "BAL"), ("Patrick Mahomes", "QB", "KC"), ("Josh Jacobs", "RB", "GB"),
    ("Isiah Pacheco", "RB", "KC"), ("DK Metcalf", "WR", "SEA"), ("Mark Andrews", "TE", "BAL"),
    ("Stefon Diggs", "WR", "HOU"), ("Cooper Kupp", "WR", "LAR"), ("Rachaad White", "RB", "TB"),
    ("James Cook", "RB", "BUF"), ("DeVonta Smith", "WR", "PHI"), ("Trey McBride", "TE", "ARI"),
    ("Joe Mixon", "RB", "HOU"), ("Deebo Samuel", "WR", "SF"), ("Alvin Kamara", "RB", "NO"),
    ("Amari Cooper", "WR", "CLE"), ("Kenneth Walker III", "RB", "SEA"), ("Dalton Kincaid", "TE", "BUF"),
    ("Zay Flowers", "WR", "BAL"), ("George Pickens", "WR", "PIT"), ("C.J. Stroud", "QB", "HOU"),
    ("Tee Higgins", "WR", "CIN"), ("Aaron Jones", "RB", "MIN"), ("Jaylen Waddle", "WR", "MIA"),
    ("Anthony Richardson", "QB", "IND"), ("Terry McLaurin", "WR", "WAS"), ("David Montgomery", "RB", "DET"),
    ("Calvin Ridley", "WR", "TEN"), ("Christian Kirk", "WR", "JAX"), ("Kyle Pitts", "TE", "ATL"),
    ("Travis Etienne Jr.", "RB", "JAX"), ("Diontae Johnson", "WR", "CAR"), ("Jordan Love", "QB", "GB")]
TEAMS = ["Gridiron Gurus", "Fourth & Long", "Kelce's Kingdom", "The Waiver Wire", "Blitzburgh",
         "Hail Mary Heroes", "Red Zone Rebels", "Sack Lunch", "Touchdown Trust", "End Zone Elite"]
CHAT = ["lol that reach", "who is taking Kelce", "my queue just got wrecked", "gg", "bold pick",
        "clock!!", "still waiting on pick 2 ...", "RB dead zone incoming", "nice value there",
        "anyone trading picks?", "autopick strikes again", "QB this early?", "sniped", "love it",
        "this draft is wild"]
NEWS = ["limited in practice (hamstring)", "expected to start week 1", "contract extension signed",
        "ankle sprain, day-to-day", "named starter by head coach", "out for preseason (knee)",
        "trade rumors", "full participant in practice"]
SEARCHES = ["kel", "hil", "rb", "jack", "cook", "wr", "smi", "all", "wil"]


class DraftRoom(App):
    name = "draftroom"
    module = "DraftRoom"
    process = "DraftRoom"
    roots = ("DraftAction", "DraftRoom.Action")

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        self.me = rng.randrange(10)
        self.team_ids = [self.uid() for _ in TEAMS]
        self.player_ids = [self.uid() for _ in PLAYERS]
        self.pinfo = {}
        for i, p in enumerate(self.player_ids):
            name, pos, team = PLAYERS[i]
            self.pinfo[p] = {"name": name, "pos": pos, "team": team, "adp": round(i + 1 + rng.uniform(-1.5, 1.5), 1),
                             "proj": round(330 - i * 2.8 + rng.uniform(-15, 15), 1)}
        self.available = list(self.player_ids)
        self.visible = list(self.player_ids)        # the list as searched and sorted
        self.queue = []
        self.my_picks = []
        self.pick_no = 1
        self.on_clock = False
        self.connected = True
        self.msg_ids = []
        self.remaining = 60.0
        self.typing = set()
        self.state = St(self.st("DraftRoom"), [
            ("clock", St(self.st("DraftClock"), [("pickNumber", num(1)), ("round", num(1)),
                                                 ("teamOnTheClock", text(TEAMS[0])), ("secondsRemaining", num(60.0)),
                                                 ("isUserOnTheClock", boolean(self.me == 0))])),
            ("picks", Arr()),
            ("availablePlayers", St(self.st("PlayerList"), [
                ("searchText", text("")), ("sort", self.case("adp", "PlayerList.Sort")),
                ("positionFilter", NIL),
                ("rows", Arr(self.player_row(p) for p in self.player_ids))])),
            ("queue", St(self.st("Queue"), [("playerIDs", Arr()), ("dragging", NIL)])),
            ("roster", St(self.st("Roster"), [("slots", Dic({k: NIL for k in ["QB", "RB1", "RB2", "WR1", "WR2", "TE",
                                                                                "FLEX", "BN1", "BN2", "BN3"]},
                                                             ordered=True))])),
            ("chat", St(self.st("Chat"), [("messages", Arr()), ("draft", text("")), ("typing", Arr()),
                                          ("isSending", boolean(False))])),
            ("news", Arr()),
            ("confirmation", NIL),
            ("connection", St(self.st("Connection"), [("status", self.case("connected", "Connection.Status")),
                                                      ("lastHeartbeatAt", self.date(0)), ("latencyMs", num(42))])),
            ("projectionsUpdatedAt", self.date(0))])
        self.on_clock = self.me == 0

    # -- values and paths
    def player_row(self, p):
        i = self.pinfo[p]
        return St(self.st("PlayerRow"), [("id", self.uuid_value(p)), ("name", text(i["name"])),
                                         ("position", text(i["pos"])), ("team", text(i["team"])),
                                         ("adp", num(i["adp"])), ("projectedPoints", num(i["proj"])),
                                         ("isQueued", boolean(False)), ("headshot", NIL)])

    def uuid_arg(self, u):
        return Raw("UUID(%s)" % u if self.tca1 else u)

    def team_of(self, n):
        """Snake order: the team picking at overall pick n (1-based)."""
        r, k = divmod(n - 1, 10)
        return k if r % 2 == 0 else 9 - k

    def list_act(self, inner):
        return self.act("availablePlayers", inner)

    def rowpath(self, p):
        return ("availablePlayers", "rows", ("i", self.visible.index(p)))

    def remove_player(self, p):
        if p in self.available:
            self.available.remove(p)
        if p in self.visible:
            self.remove_at(("availablePlayers", "rows"), self.visible.index(p))
            self.visible.remove(p)
        if p in self.queue:
            i = self.queue.index(p)
            self.queue.pop(i)
            self.remove_at(("queue", "playerIDs"), i)

    # -- noise
    @noise
    def clock_tick(self):
        if not self.connected:
            return None
        self.remaining = max(0.0, round(self.remaining - 0.1, 1))
        self.set(("clock", "secondsRemaining"), num(self.remaining))
        return self.act("clock", A(self.at("DraftClock"), "tick"))

    # reason: the server re-sending the seconds left every 5 s (and after a reconnect): it nudges one number
    @noise
    def clock_sync(self, secs):
        self.remaining = secs
        self.set(("clock", "secondsRemaining"), num(secs))
        return self.act("clock", A(self.at("DraftClock"), "serverSync", secondsRemaining=Raw(repr(secs))))

    @noise
    def heartbeat(self):
        if not self.connected:
            return None
        self.after(self.rng.uniform(0.03, 0.12), self.pong)
        return self.act("connection", A(self.at("Connection"), "heartbeatTimerFired"))

    @noise
    def pong(self):
        if not self.connected:
            return None
        lat = self.rng.randint(28, 140)
        self.set(("connection", "lastHeartbeatAt"), self.date())
        self.set(("connection", "latencyMs"), num(lat))
        return self.act("connection", A(self.at("Connection"), "pongReceived", latencyMs=Raw(str(lat))))

    @noise
    def projections_timer(self):
        self.after(self.rng.uniform(0.3, 1.2), self.projections_response)
        return self.act("projections", A(self.at("Projections"), "refreshTimerFired"))

    # reason: a 90-second refresh that nudges projected points by a few tenths; nobody asked for it
    @noise
    def projections_response(self):
        rng = self.rng
        changed = rng.sample(self.visible, min(len(self.visible), rng.randint(2, 8)))
        for p in changed:
            self.pinfo[p]["proj"] = round(self.pinfo[p]["proj"] + rng.uniform(-1.5, 1.5), 1)
            self.set(self.rowpath(p) + ("projectedPoints",), num(self.pinfo[p]["proj"]))
        self.set(("projectionsUpdatedAt",), self.date())
        return self.act("projections", A(self.at("Projections"), "response", self.result(
            "[Projection]", True, Struct("ProjectionBatch", [("updated", Raw(str(len(changed)))),
                                                             ("source", q("consensus"))]))))

    # reason: other managers' typing indicators, pushed on and off by the socket; presence, not content
    @noise
    def typing_changed(self, t, on):
        if on:
            self.typing.add(t)
        else:
            self.typing.discard(t)
        self.set(("chat", "typing"), Arr(text(TEAMS[self.team_ids.index(x)]) for x in sorted(self.typing)))
        return self.act("chat", A(self.at("Chat"), "typingIndicator", teamID=self.uuid_arg(t),
                                  isTyping=Raw("true" if on else "false")))

    @noise
    def queue_drag(self, y):
        self.set(("queue", "dragging"), St("QueueDrag", [("offset", num(y))]))
        return self.act("queue", A(self.at("Queue"), "dragChanged", translation=Raw(repr(y))))

    # -- either
    @either
    def search_typed(self, value):
        self.set(("availablePlayers", "searchText"), text(value))
        return self.list_act(self.binding("PlayerList", "searchText", q(value)))

    @either
    def chat_typed(self, value):
        self.set(("chat", "draft"), text(value))
        return self.act("chat", self.binding("Chat", "draft", q(value)))

    # reason: headshots load as rows scroll into view: driven by scrolling, not a request for that player
    @either
    def headshot_loaded(self, p):
        if p not in self.visible:
            return None
        self.set(self.rowpath(p) + ("headshot",), text("https://img.example.com/nfl/%s.png" % p[:8].lower()))
        return self.list_act(A(self.at("PlayerList"), "rows", self.element(
            "PlayerRow", self.uuid_arg(p), A(self.at("PlayerRow"), "headshotResponse", self.result(
                "URL", True, Raw('"https://img.example.com/nfl/%s.png"' % p[:8].lower()))))))

    # -- signal
    @signal
    def pick_made(self, p, team, auto):
        n = self.pick_no
        self.append(("picks",), St("Pick", [("number", num(n)), ("team", text(TEAMS[team])),
                                            ("playerID", self.uuid_value(p)), ("isAutoPick", boolean(auto))]))
        self.remove_player(p)
        if team == self.me:
            self.fill_roster(p)
        self.on_clock = False
        self.set(("clock", "isUserOnTheClock"), boolean(False))
        self.set(("confirmation",), NIL)
        info = self.pinfo[p]
        return self.act("pickReceived", Struct("DraftPick", [
            ("number", Raw(str(n))), ("teamID", self.uuid_arg(self.team_ids[team])), ("playerID", self.uuid_arg(p)),
            ("playerName", q(info["name"])), ("isAutoPick", Raw("true" if auto else "false"))]))

    def fill_roster(self, p):
        pos = self.pinfo[p]["pos"]
        slots = self.get(("roster", "slots")).d
        order = {"QB": ["QB"], "RB": ["RB1", "RB2", "FLEX"], "WR": ["WR1", "WR2", "FLEX"], "TE": ["TE", "FLEX"]}[pos]
        for s in order + ["BN1", "BN2", "BN3"]:
            if slots[s] is NIL:
                self.set(("roster", "slots", ("k", s)), text(self.pinfo[p]["name"]))
                return

    # reason: pushed by the draft server at each pick, at least every 60 s; the pick changing hands is the event
    @signal
    def on_the_clock(self, n):
        self.pick_no = n
        team = self.team_of(n)
        self.remaining = 60.0
        self.on_clock = team == self.me
        self.set(("clock", "pickNumber"), num(n))
        self.set(("clock", "round"), num((n - 1) // 10 + 1))
        self.set(("clock", "teamOnTheClock"), text(TEAMS[team]))
        self.set(("clock", "secondsRemaining"), num(60.0))
        self.set(("clock", "isUserOnTheClock"), boolean(self.on_clock))
        return self.act("clock", A(self.at("DraftClock"), "pickStarted", number=Raw(str(n)),
                                   teamID=self.uuid_arg(self.team_ids[team])))

    @signal
    def sort_changed(self, sort):
        key = {"adp": lambda p: self.pinfo[p]["adp"], "projection": lambda p: -self.pinfo[p]["proj"],
               "name": lambda p: self.pinfo[p]["name"]}[sort]
        self.set(("availablePlayers", "sort"), self.case(sort, "PlayerList.Sort"))
        self.visible = sorted(self.visible, key=key)
        self.set(("availablePlayers", "rows"), Arr(self.get_row(p) for p in self.visible))
        return self.list_act(self.binding("PlayerList", "sort", Raw("." + sort)))

    def get_row(self, p):
        row = self.player_row(p)
        row.f["isQueued"] = boolean(p in self.queue)
        return row

    @signal
    def position_filter(self, pos):
        self.set(("availablePlayers", "positionFilter"), NIL if pos is None else text(pos))
        self.visible = [p for p in self.available if pos is None or self.pinfo[p]["pos"] == pos]
        self.set(("availablePlayers", "rows"), Arr(self.get_row(p) for p in self.visible))
        return self.list_act(self.binding("PlayerList", "positionFilter", Raw("nil" if pos is None else '"%s"' % pos)))

    @signal
    def search_response(self, query):
        ql = query.lower()
        hits = [p for p in self.available if ql in self.pinfo[p]["name"].lower() or ql == self.pinfo[p]["pos"].lower()]
        if query == "":
            hits = list(self.available)
        self.visible = hits
        self.set(("availablePlayers", "rows"), Arr(self.get_row(p) for p in hits))
        return self.list_act(A(self.at("PlayerList"), "searchResponse", self.result("[Player]", True, Struct(
            "SearchResult", [("query", q(query)), ("count", Raw(str(len(hits))))]))))

    @signal
    def queue_add(self, p):
        if p in self.queue or p not in self.available:
            return None
        self.queue.append(p)
        self.append(("queue", "playerIDs"), self.uuid_value(p))
        if p in self.visible:
            self.set(self.rowpath(p) + ("isQueued",), boolean(True))
        return self.list_act(A(self.at("PlayerList"), "rows", self.element(
            "PlayerRow", self.uuid_arg(p), A(self.at("PlayerRow"), "addToQueueButtonTapped"))))

    @signal
    def queue_moved(self, src, dst):
        p = self.queue.pop(src)
        self.queue.insert(dst, p)
        self.set(("queue", "dragging"), NIL)
        self.set(("queue", "playerIDs"), Arr(self.uuid_value(x) for x in self.queue))
        return self.act("queue", A(self.at("Queue"), "dragEnded", fromOffset=Raw(str(src)), toOffset=Raw(str(dst))))

    @signal
    def draft_tapped(self, p):
        if not self.on_clock or p not in self.available:
            return None
        self.set(("confirmation",), St(self.st("ConfirmPick"), [("playerID", self.uuid_value(p)),
                                                                ("isSubmitting", boolean(False))]))
        return self.list_act(A(self.at("PlayerList"), "rows", self.element(
            "PlayerRow", self.uuid_arg(p), A(self.at("PlayerRow"), "draftButtonTapped"))))

    @signal
    def confirm_tapped(self, p):
        if self.get(("confirmation",)) is NIL:
            return None
        self.set(("confirmation", "isSubmitting"), boolean(True))
        ok = p in self.available and self.rng.random() < 0.92
        self.after(self.rng.uniform(0.2, 0.9), self.pick_response, p, ok)
        return self.act("confirmation", A("PresentationAction<%s>" % self.at("ConfirmPick"), "presented",
                                          A(self.at("ConfirmPick"), "confirmButtonTapped")))

    @signal
    def pick_response(self, p, ok):
        if self.get(("confirmation",)) is NIL:
            return None
        if ok:
            self.set(("confirmation",), NIL)
            payload = Struct("DraftPick", [("number", Raw(str(self.pick_no))), ("playerID", self.uuid_arg(p))])
        else:
            self.set(("confirmation", "isSubmitting"), boolean(False))
            payload = Struct("DraftError", [("code", q("playerUnavailable"))])
        act = self.act("pickResponse", self.result("DraftPick", ok, payload))
        if ok:
            self.after(self.rng.uniform(0.05, 0.3), self.after_my_pick, p)
        return act

    def after_my_pick(self, p):
        return self.pick_made(p, self.me, False)
    after_my_pick.label = "signal"

    @signal
    def confirm_cancel(self):
        if self.get(("confirmation",)) is NIL:
            return None
        self.set(("confirmation",), NIL)
        return self.act("confirmation", A("PresentationAction<%s>" % self.at("ConfirmPick"), "dismiss"))

    # reason: other managers' messages, each a new object with an identity, at their own pace
    @signal
    def chat_received(self, t, msg):
        m = self.uid()
        self.msg_ids.append(m)
        self.append(("chat", "messages"), St("ChatMessage", [("id", self.uuid_value(m)), ("team", text(TEAMS[t])),
                                                             ("text", text(msg)), ("sentAt", self.date())]))
        if len(self.msg_ids) > 30:
            self.msg_ids.pop(0)
            self.remove_at(("chat", "messages"), 0)
        return self.act("chat", A(self.at("Chat"), "messageReceived", Struct("ChatMessage", [
            ("id", self.uuid_arg(m)), ("teamID", self.uuid_arg(self.team_ids[t])), ("text", q(msg))])))

    @signal
    def chat_send(self):
        msg = self.get(("chat", "draft")).df
        self.set(("chat", "isSending"), boolean(True))
        self.after(self.rng.uniform(0.1, 0.5), self.chat_sent, msg)
        return self.act("chat", A(self.at("Chat"), "sendButtonTapped"))

    @signal
    def chat_sent(self, msg):
        m = self.uid()
        self.msg_ids.append(m)
        self.set(("chat", "isSending"), boolean(False))
        self.set(("chat", "draft"), text(""))
        self.append(("chat", "messages"), St("ChatMessage", [("id", self.uuid_value(m)), ("team", text(TEAMS[self.me])),
                                                             ("text", text(msg)), ("sentAt", self.date())]))
        return self.act("chat", A(self.at("Chat"), "sendResponse", self.result("ChatMessage", True, Struct(
            "ChatMessage", [("id", self.uuid_arg(m)), ("text", q(msg))]))))

    # reason: pushed by the server, but each item is a new object with an identity, read by the user
    @signal
    def news_received(self, p, headline):
        nid = self.uid()
        self.append(("news",), St("PlayerNews", [("id", self.uuid_value(nid)), ("playerID", self.uuid_value(p)),
                                                 ("headline", text("%s %s" % (self.pinfo[p]["name"], headline))),
                                                 ("publishedAt", self.date())]))
        return self.act("news", A(self.at("News"), "itemPushed", Struct("PlayerNews", [
            ("id", self.uuid_arg(nid)), ("playerID", self.uuid_arg(p)),
            ("headline", q("%s %s" % (self.pinfo[p]["name"], headline)))])))

    @signal
    def connection_status(self, status):
        self.connected = status == "connected"
        self.set(("connection", "status"), self.case(status, "Connection.Status"))
        return self.act("connection", A(self.at("Connection"), "statusChanged", status=Raw("." + status)))

    @signal
    def player_tapped(self, p):
        if p not in self.visible:
            return None
        return self.list_act(A(self.at("PlayerList"), "rows", self.element(
            "PlayerRow", self.uuid_arg(p), A(self.at("PlayerRow"), "tapped"))))

    # -- processes
    def processes(self):
        return [self.periodic(self.clock_tick, 0.1, 0.004),
                self.clock_syncs(),
                self.periodic(self.heartbeat, 10.0, 0.02),
                self.periodic(self.projections_timer, 90.0, 0.2),
                self.draft(), self.chatter(), self.news_feed(), self.drops(), self.person()]

    def clock_syncs(self):
        """The server's clock, every 5 s: the local 10 Hz countdown drifts a little."""
        rng = self.rng
        yield rng.uniform(0, 5)
        while True:
            if self.connected:
                self.emit(self.clock_sync, round(max(0.0, self.remaining + rng.uniform(-0.25, 0.15)), 1))
            yield 5.0 + rng.uniform(-0.05, 0.05)

    def draft(self):
        rng = self.rng
        n = 1
        yield rng.uniform(1, 3)
        while n <= 100:
            if n > 1:
                self.emit(self.on_the_clock, n)
            team = self.team_of(n)
            if team == self.me:
                t0 = self.now
                while self.now - t0 < 60.0 and self.pick_no == n and not self.my_pick_done(n):
                    yield 0.25
                if not self.my_pick_done(n):
                    yield rng.uniform(0.3, 1.0)
                    self.emit(self.pick_made, self.best(), team, True)
                yield rng.uniform(1.5, 4)
            else:
                u = rng.random()                              # quick, thinking, last-second, away (auto-pick)
                wait = rng.uniform(4, 20) if u < 0.45 else rng.uniform(15, 45) if u < 0.78 else \
                    rng.uniform(40, 59.5) if u < 0.9 else 60.5
                yield wait
                while not self.connected:
                    yield 1.0
                self.emit(self.pick_made, self.best(rng.randint(0, 3)), team, wait > 60.0)
                yield rng.uniform(1.5, 4)
            n += 1

    def my_pick_done(self, n):
        return self.get(("picks",)).items and int(self.get(("picks",)).items[-1].f["number"].cd) == n

    def best(self, skip=0):
        ranked = sorted(self.available, key=lambda p: self.pinfo[p]["adp"])
        return ranked[min(skip, len(ranked) - 1)]

    def chatter(self):
        rng = self.rng
        while True:
            yield self.expo(14.0)
            t = rng.choice([x for x in range(10) if x != self.me])
            self.emit(self.typing_changed, self.team_ids[t], True)
            yield rng.uniform(1.5, 6)
            self.emit(self.typing_changed, self.team_ids[t], False)
            if rng.random() < 0.85:
                self.emit(self.chat_received, t, rng.choice(CHAT))

    def news_feed(self):
        rng = self.rng
        while True:
            yield self.expo(75.0)
            if self.available:
                self.emit(self.news_received, rng.choice(self.available[:30]), rng.choice(NEWS))

    def drops(self):
        rng = self.rng
        while True:
            yield rng.uniform(200, 500)
            self.emit(self.connection_status, "reconnecting")
            yield rng.uniform(2, 9)
            self.emit(self.connection_status, "connected")
            self.emit(self.clock_sync, round(max(0.0, self.remaining - rng.uniform(2, 9)), 1))

    def person(self):
        rng = self.rng
        think = self.think((1.5, 5.0), (6.0, 20.0), (40, 120), (20, 70))
        yield rng.uniform(1, 4)
        while True:
            yield next(think)
            if self.on_clock and self.connected:
                yield from self.make_pick()
                continue
            r = rng.random()
            if r < 0.25:                                    # search
                word = rng.choice(SEARCHES)
                for k in range(1, len(word) + 1):
                    self.emit(self.search_typed, word[:k])
                    yield max(0.07, rng.gauss(0.2, 0.07))
                yield 0.3
                self.emit(self.search_response, word)
                yield from self.scroll_rows()
                if rng.random() < 0.5:
                    yield rng.uniform(2, 6)
                    self.emit(self.search_typed, "")
                    yield 0.3
                    self.emit(self.search_response, "")
            elif r < 0.35:
                self.emit(self.sort_changed, rng.choice(["adp", "projection", "name"]))
                yield from self.scroll_rows()
            elif r < 0.42:
                self.emit(self.position_filter, rng.choice(["RB", "WR", "TE", "QB", None]))
                yield from self.scroll_rows()
            elif r < 0.60 and self.visible:                 # queue a player
                p = rng.choice(self.visible[:12])
                self.emit(self.player_tapped, p)
                yield rng.uniform(1, 4)
                self.emit(self.queue_add, p)
            elif r < 0.70 and len(self.queue) > 1:          # reorder the queue
                src = rng.randrange(len(self.queue))
                dst = rng.randrange(len(self.queue))
                hz = rng.uniform(50, 60)
                n = max(6, int(hz * rng.uniform(0.5, 1.6)))
                yield from self.gesture(self.queue_drag, hz=hz, duration=n / hz, args=lambda i: (
                    round((dst - src) * 64.0 * (i + 1) / n + rng.uniform(-2, 2), 1),))
                if src != dst:
                    self.emit(self.queue_moved, src, dst)
                else:
                    self.emit(self.queue_moved, src, src)
            elif r < 0.85:                                  # chat
                msg = rng.choice(CHAT)
                for k in range(1, len(msg) + 1):
                    self.emit(self.chat_typed, msg[:k])
                    yield max(0.06, rng.gauss(0.17, 0.06))
                yield rng.uniform(0.3, 1.2)
                self.emit(self.chat_send)

    def scroll_rows(self):
        rng = self.rng
        start = 0
        for _ in range(rng.randint(0, 3)):
            yield rng.uniform(1, 4)
            start += rng.randint(4, 9)
            for p in self.visible[start:start + rng.randint(3, 7)]:
                yield rng.uniform(0.05, 0.3)
                self.emit(self.headshot_loaded, p)

    def make_pick(self):
        rng = self.rng
        yield rng.uniform(2, 15)
        cands = [p for p in self.queue if p in self.available] or self.available[:5]
        if not cands or not self.on_clock:
            return
        p = cands[0]
        self.emit(self.draft_tapped, p)
        yield rng.uniform(1, 4)
        if rng.random() < 0.1:
            self.emit(self.confirm_cancel)
            return
        if not self.on_clock:
            return
        self.emit(self.confirm_tapped, p)
        yield 2.0


APPS = {"nursestation": NurseStation, "skitracker": SkiTracker, "draftroom": DraftRoom}
