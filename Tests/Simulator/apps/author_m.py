"""author-m: three simulated TCA apps for tcasim's sessions.

Author id: author-m.

calendar: a calendar app: month/week views the user pages through (swipe gestures), events
created through a form (title binding, dates, invitees search), drag to move an event (a drag
gesture streaming positions), invitations arriving from the server, attendees' responses pushed,
a "now" line that moves every minute, reminders firing, sync with CalDAV accounts on a schedule,
a current-time clock in the header, time zone change, a today button.

feed: a social news feed: infinite scroll loading pages, images/thumbnails loading as rows
appear, like/comment/share on posts, new posts banner pushed by the server ("12 new posts"),
relative timestamps refreshed every minute, a video autoplaying in the feed with a playback
progress ticker, a live comment counter per post updated by the server, stories carousel
auto-advancing every 5 s, pull-to-refresh, the user opens a post's detail (stack navigation)
and comments.

arcade: a 60 Hz arcade game built with TCA: a game loop tick at 60 Hz while playing, the
player's joystick drag (a gesture), enemy spawns at random intervals, collisions, score changes,
power-ups that expire after a fixed delay, a pause menu, level completion, achievements unlocked,
a multiplayer lobby where other players' ready states and pings are pushed, settings (sound
volume slider, toggles), game center sign-in.
"""

import tcasim
from tcasim import (App, A, Struct, Raw, q, noise, signal, either, V, St, Arr, Dic, En, NIL, num, text, boolean)

import datetime

AUTHOR = "author-m"


def _b(flag):
    return Raw("true" if flag else "false")


class _MApp(App):
    """Helpers the three apps share."""

    def uuid_arg(self, u):
        return Raw("UUID(%s)" % u if self.tca1 else u)

    def date_arg(self, t):
        d = tcasim.START + datetime.timedelta(seconds=int(t))
        if self.tca1:
            return Raw("Date(%s.000Z)" % d.strftime("%Y-%m-%dT%H:%M:%S"))
        return Raw(d.strftime("%Y-%m-%d %H:%M:%S +0000"))

    def presented(self, feature, case_name, inner):
        """`.presented(.case(inner))` of a PresentationAction over `feature`'s actions."""
        return A("PresentationAction<%s>" % self.at(feature), "presented", A(self.at(feature), case_name, inner))

    def dismissed(self, feature):
        return A("PresentationAction<%s>" % self.at(feature), "dismiss")

    def delegate(self, feature, case_name, *args, **kwargs):
        return A(self.at(feature), "delegate", A(self.at(feature) + ".Delegate", case_name, *args, **kwargs))

    def wait_until(self, cond, step=0.5):
        while not cond():
            yield step


# ================================================================================ calendar

DAY = 86400
MIDNIGHT = -9 * 3600          # 2026-11-20 00:00 UTC (a Friday) in simulated seconds


def _day_t(day, hour=0, minute=0):
    return MIDNIGHT + day * DAY + hour * 3600 + minute * 60


EVENT_TITLES = ["Standup", "Design review", "1:1 with Maya", "Lunch with Jonas", "Sprint planning", "Dentist",
                "Focus time", "Retro", "Customer call: Northwind", "Gym", "Interview: iOS engineer", "All hands",
                "Coffee with Lea", "Release sync", "Budget review", "Yoga", "Pick up groceries", "Roadmap workshop",
                "Parents' evening", "Flight to Lisbon"]
PEOPLE = [("maya@tempo.app", "Maya Chen"), ("jonas@tempo.app", "Jonas Weber"), ("lea.k@fastmail.com", "Lea Krüger"),
          ("sam@northwind.io", "Sam Okafor"), ("priya@northwind.io", "Priya Raman"), ("tom.b@gmail.com", "Tom Brandt"),
          ("ana@tempo.app", "Ana Silva"), ("marcus@northwind.io", "Marcus Lee"), ("yuki@tempo.app", "Yuki Tanaka"),
          ("mila.novak@gmail.com", "Mila Novak"), ("jordan@tempo.app", "Jordan Park"), ("sofia@northwind.io", "Sofia Rossi")]
NEW_TITLES = ["Offsite planning", "Call with Priya", "Dinner", "Team lunch", "Pairing session", "Haircut",
              "Quarterly review", "Book club"]
ACCOUNTS = [("icloud", "iCloud", 180.0), ("fastmail", "Work (Fastmail)", 120.0), ("google", "Google", 90.0)]
STATUSES = ["accepted", "declined", "tentative"]


class CalendarApp(_MApp):
    """A calendar: a week (or month) view paged with swipes, scrolled, events dragged to
    new times, a form to create events with an invitee search, invitations and attendee
    responses pushed by the server, reminders, CalDAV accounts synced on a schedule, a
    header clock, a now line, a today button and a time zone change.

    noise   header.clockTicked (1 s), calendar.nowLineTimerFired (60 s), calendar.swipeChanged
            and calendar.scrollOffsetChanged (gestures), calendar.events.element.dragChanged
            (a drag), sync.accounts.element.syncTimerFired (per account, 90-180 s),
            reminders.bannerTimerElapsed (the banner's clean-up after 8 s)
    either  the form's \\.$title and \\.$inviteeQuery bindings (keystrokes),
            sync.accounts.element.syncResponse.success (a scheduled sync's answer)
    signal  taps, swipe and drag ends, the form's other bindings, saves and their responses,
            event loads, invitations, attendee responses, reminders, the time zone, scene phase"""

    name = "calendar"
    module = "Tempo"
    process = "Tempo"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        _MApp.__init__(self, session)
        self.weeks = {}
        self.week = 0                 # the week of 2026-11-16
        self.month = 0                # November 2026
        self.mode = "week"
        self.active = True
        self.engaged = False
        self.load_token = 0
        self.banner = None            # event id of the reminder banner
        self.banner_token = 0
        self.dest = None              # "form", "detail"
        self.detail_event = None
        self.invitations = []         # dicts
        self.acc_status = {a[0]: "idle" for a in ACCOUNTS}
        self.acc_token = {a[0]: self.rng.choice(["HwoQ", "3kPa", "zz81", "Lm0d"]) + str(self.rng.randint(100, 999))
                          for a in ACCOUNTS}
        self.pending_sync_changes = 0
        self.reminder_events = []
        self.loaded = self.visible_events()
        self.state = St(self.st("AppFeature"), [
            ("header", St(self.st("Header"), [("now", self.date(0)), ("timeZone", text("Europe/Berlin"))])),
            ("calendar", St(self.st("CalendarFeature"), [
                ("mode", self.case("week", "CalendarFeature.Mode")),
                ("visibleRangeStart", self.date(self.range_start())),
                ("selectedDate", self.date(_day_t(0))),
                ("swipeOffset", num(0.0)),
                ("scrollOffset", num(480.0)),
                ("nowLine", self.date(0)),
                ("isLoading", boolean(False)),
                ("events", Arr(self.row(e) for e in self.loaded))])),
            ("inbox", St(self.st("Inbox"), [("invitations", Arr()), ("badgeCount", num(0))])),
            ("reminders", St(self.st("Reminders"), [("banner", NIL), ("snoozedCount", num(0))])),
            ("sync", St(self.st("Sync"), [("accounts", Arr(
                St(self.st("Account"), [("id", text(a)), ("displayName", text(n)),
                                        ("status", self.case("idle", "Account.Status")),
                                        ("lastSyncedAt", NIL), ("syncToken", text(self.acc_token[a]))])
                for a, n, _ in ACCOUNTS))])),
            ("destination", NIL),
            ("scenePhase", self.case("active", "ScenePhase"))])

    # -- the model behind the state
    def new_event(self, title, start, minutes, attendees=None):
        rng = self.rng
        if attendees is None:
            k = rng.choice([0, 0, 0, 1, 2, 2, 3, 4])
            attendees = [[p[0], rng.choice(["accepted", "accepted", "needsAction", "tentative", "declined"])]
                         for p in rng.sample(PEOPLE, k)]
        return {"id": self.uid(), "title": title, "start": start, "end": start + minutes * 60,
                "attendees": attendees, "saving": False, "drag": 0.0}

    def week_events(self, w):
        if w not in self.weeks:
            rng = self.rng
            evs = []
            for _ in range(rng.randint(6, 11)):
                day = rng.randrange(5) if rng.random() < 0.85 else rng.randrange(5, 7)
                if w == 0 and day == 4:
                    day = rng.randrange(4)
                evs.append(self.new_event(rng.choice(EVENT_TITLES), _day_t(-4 + 7 * w + day, rng.randint(8, 18),
                                                                           rng.choice([0, 0, 15, 30, 30, 45])),
                                          rng.choice([30, 30, 45, 60, 60, 90, 120])))
            if w == 0:
                standup = self.new_event("Standup", _day_t(0, 9, 10), 15,
                                         [[p[0], "accepted"] for p in PEOPLE[:4]])
                review = self.new_event("Design review", _day_t(0, 9, 25), 60,
                                        [[p[0], "needsAction"] for p in PEOPLE[4:7]])
                lunch = self.new_event("Lunch with Jonas", _day_t(0, 12, 30), 60, [[PEOPLE[1][0], "accepted"]])
                evs += [standup, review, lunch]
                # reminders 5 and 15 minutes before: 09:05 and 09:10
                self.reminder_events = [(300.0, standup["id"]), (600.0, review["id"])]
            evs.sort(key=lambda e: e["start"])
            self.weeks[w] = evs
        return self.weeks[w]

    def month_start(self, m):
        y, mo = 2026 + (10 + m) // 12, (10 + m) % 12 + 1
        d = datetime.datetime(y, mo, 1, tzinfo=datetime.timezone.utc)
        return int((d - tcasim.START).total_seconds())

    def range_start(self):
        return _day_t(-4 + 7 * self.week) if self.mode == "week" else self.month_start(self.month)

    def visible_events(self):
        if self.mode == "week":
            return list(self.week_events(self.week))
        ms, me = self.month_start(self.month), self.month_start(self.month + 1)
        w0 = (ms - _day_t(-4)) // (7 * DAY)
        w1 = (me - 1 - _day_t(-4)) // (7 * DAY)
        evs = []
        for w in range(w0, w1 + 1):
            evs += [e for e in self.week_events(w) if ms <= e["start"] < me]
        return evs

    def find(self, eid):
        for evs in self.weeks.values():
            for e in evs:
                if e["id"] == eid:
                    return e
        return None

    def row(self, e):
        return St(self.st("EventRow"), [
            ("id", self.uuid_value(e["id"])), ("title", text(e["title"])),
            ("start", self.date(e["start"])), ("end", self.date(e["end"])),
            ("attendees", Arr(St("Attendee", [("email", text(a[0])), ("status", self.case(a[1], "Attendee.Status"))])
                              for a in e["attendees"])),
            ("isSaving", boolean(e["saving"])), ("dragOffset", num(e["drag"]))])

    def event_struct(self, e):
        return Struct("Event", [("id", self.uuid_arg(e["id"])), ("title", q(e["title"])),
                                ("start", self.date_arg(e["start"])), ("end", self.date_arg(e["end"]))])

    def loaded_index(self, eid):
        for i, e in enumerate(self.loaded):
            if e["id"] == eid:
                return i
        return None

    def ev_path(self, eid, *rest):
        return ("calendar", "events", ("i", self.loaded_index(eid))) + rest

    # -- actions
    def cal(self, name, *args, **kwargs):
        return self.act("calendar", A(self.at("CalendarFeature"), name, *args, **kwargs))

    def ev_act(self, eid, inner):
        return self.act("calendar", A(self.at("CalendarFeature"), "events",
                                      self.element("EventRow", self.uuid_arg(eid), inner)))

    def form_act(self, inner):
        return self.act("destination", self.presented("Destination", "eventForm", inner))

    def detail_act(self, inner):
        return self.act("destination", self.presented("Destination", "eventDetail", inner))

    def account_act(self, acc, inner):
        return self.act("sync", A(self.at("Sync"), "accounts", self.element("Account", q(acc), inner)))

    def inbox_act(self, iid, inner):
        return self.act("inbox", A(self.at("Inbox"), "invitations", self.element("Invitation", self.uuid_arg(iid), inner)))

    def form(self, *rest):
        return ("destination", ("e", "eventForm")) + rest

    def request_events(self, lo=0.15, hi=0.7):
        self.load_token += 1
        self.after(self.rng.uniform(lo, hi), self.events_response, self.load_token)

    # ---------------------------------------------------------------- noise
    @noise
    def clock_ticked(self):
        self.set(("header", "now"), self.date(round(self.now)))
        return self.act("header", A(self.at("Header"), "clockTicked"))

    # reason: a 60 s timer that stamps a time: sparse (12 a session) but strictly periodic
    @noise
    def now_line_fired(self):
        self.set(("calendar", "nowLine"), self.date(round(self.now / 60.0) * 60))
        return self.cal("nowLineTimerFired")

    # reason: the swipe's translation, streamed at 60 Hz between the touch and swipeEnded
    @noise
    def swipe_changed(self, x):
        self.set(("calendar", "swipeOffset"), num(x))
        return self.cal("swipeChanged", translation=Raw(repr(x)))

    # reason: the week view's offset, streamed while a scroll gesture lasts
    @noise
    def scrolled(self, y):
        if not self.set(("calendar", "scrollOffset"), num(y)):
            return None                    # the scroll view reports changes only
        return self.cal("scrollOffsetChanged", Raw(repr(y)))

    # reason: the drag streams one number (its height) between the touch and dragEnded
    @noise
    def drag_changed(self, eid, dx, dy):
        e = self.find(eid)
        e["drag"] = dy
        self.set(self.ev_path(eid, "dragOffset"), num(dy))
        return self.ev_act(eid, A(self.at("EventRow"), "dragChanged",
                                  Struct("CGSize", [("width", Raw(repr(dx))), ("height", Raw(repr(dy)))])))

    # reason: each CalDAV account's poll on its own schedule (90, 120, 180 s); it sets .syncing
    @noise
    def sync_timer_fired(self, acc):
        i = [a[0] for a in ACCOUNTS].index(acc)
        if self.acc_status[acc] != "syncing":
            self.acc_status[acc] = "syncing"
            self.set(("sync", "accounts", ("i", i), "status"), self.case("syncing", "Account.Status"))
            rng = self.rng
            lag = rng.uniform(0.4, 2.5) if rng.random() < 0.9 else rng.uniform(5.0, 20.0)
            if rng.random() < 0.06:
                self.after(lag, self.sync_failed, acc)
            else:
                changes = 0 if rng.random() < 0.75 else rng.randint(1, 4)
                self.after(lag, self.sync_succeeded, acc, changes)
        return self.account_act(acc, A(self.at("Account"), "syncTimerFired"))

    @noise
    def banner_timer_elapsed(self, token):
        if token != self.banner_token or self.banner is None:
            return None                    # cancelled: the person acted on the banner
        self.banner = None
        self.set(("reminders", "banner"), NIL)
        return self.act("reminders", A(self.at("Reminders"), "bannerTimerElapsed"))

    # ---------------------------------------------------------------- either
    # reason: a text field's binding, one record per keystroke
    @either
    def title_typed(self, s):
        self.set(self.form("title"), text(s))
        return self.form_act(self.binding("EventForm", "title", q(s)))

    # reason: a text field's binding, one record per keystroke (it drives the contact search)
    @either
    def query_typed(self, s):
        self.set(self.form("inviteeQuery"), text(s))
        return self.form_act(self.binding("EventForm", "inviteeQuery", q(s)))

    # reason: the answer to a scheduled sync: a steady per-account rhythm that mostly stamps
    # lastSyncedAt, but now and then it brings changed events from the server
    @either
    def sync_succeeded(self, acc, changes):
        i = [a[0] for a in ACCOUNTS].index(acc)
        self.acc_status[acc] = "idle"
        self.set(("sync", "accounts", ("i", i), "status"), self.case("idle", "Account.Status"))
        self.set(("sync", "accounts", ("i", i), "lastSyncedAt"), self.date())
        if changes:
            self.acc_token[acc] = self.acc_token[acc][:4] + str(self.rng.randint(100, 999))
            self.set(("sync", "accounts", ("i", i), "syncToken"), text(self.acc_token[acc]))
            self.pending_sync_changes += changes
            if self.active and self.dest is None:
                self.apply_remote_changes()
        return self.account_act(acc, A(self.at("Account"), "syncResponse", self.result(
            "SyncReport", True, Struct("SyncReport", [("changed", Raw(str(changes))),
                                                      ("syncToken", q(self.acc_token[acc]))]))))

    def apply_remote_changes(self):
        """A sync that brought changes: the week's events are edited remotely and reloaded."""
        rng = self.rng
        for _ in range(min(2, self.pending_sync_changes)):
            evs = self.week_events(self.week)
            if rng.random() < 0.5:
                day = rng.randrange(5)
                evs.append(self.new_event(rng.choice(NEW_TITLES), _day_t(-4 + 7 * self.week + day, rng.randint(8, 18)),
                                          rng.choice([30, 60])))
                evs.sort(key=lambda e: e["start"])
            else:
                e = rng.choice(evs)
                shift = rng.choice([-30, 30, 60]) * 60
                e["start"] += shift
                e["end"] += shift
        self.pending_sync_changes = 0
        self.set(("calendar", "isLoading"), boolean(True))
        self.request_events(0.2, 0.6)

    # ---------------------------------------------------------------- signal
    # reason: the end of the person's swipe: it pages the view (or bounces back)
    @signal
    def swipe_ended(self, x, velocity, step):
        self.set(("calendar", "swipeOffset"), num(0.0))
        if step:
            if self.mode == "week":
                self.week += step
                sel = self.get(("calendar", "selectedDate"))
                sel_t = int((datetime.datetime.strptime(sel.df, "%Y-%m-%d %H:%M:%S +0000").replace(
                    tzinfo=datetime.timezone.utc) - tcasim.START).total_seconds())
                self.set(("calendar", "selectedDate"), self.date(sel_t + step * 7 * DAY))
            else:
                self.month += step
                self.set(("calendar", "selectedDate"), self.date(self.month_start(self.month)))
            self.set(("calendar", "visibleRangeStart"), self.date(self.range_start()))
            self.set(("calendar", "isLoading"), boolean(True))
            self.request_events()
        return self.cal("swipeEnded", translation=Raw(repr(x)), velocity=Raw(repr(velocity)))

    # reason: the answer to a page the person swiped, tapped or picked (now and then a sync's reload)
    @signal
    def events_response(self, token):
        if token != self.load_token:
            return None                    # cancelled in flight by a later page
        self.loaded = self.visible_events()
        for e in self.loaded:
            e["drag"] = 0.0
        self.set(("calendar", "isLoading"), boolean(False))
        self.set(("calendar", "events"), Arr(self.row(e) for e in self.loaded))
        start = self.range_start()
        length = 7 * DAY if self.mode == "week" else self.month_start(self.month + 1) - start
        return self.cal("eventsResponse", self.result("EventsPage", True, Struct("EventsPage", [
            ("interval", Struct("DateInterval", [("start", self.date_arg(start)), ("duration", Raw("%.1f" % length))])),
            ("count", Raw(str(len(self.loaded))))])))

    # reason: a tap; a no-op when today is already on screen
    @signal
    def today_tapped(self):
        changed = self.week != 0 or self.month != 0
        self.week, self.month = 0, 0
        self.set(("calendar", "selectedDate"), self.date(_day_t(0)))
        self.set(("calendar", "visibleRangeStart"), self.date(self.range_start()))
        if self.mode == "week":
            self.set(("calendar", "scrollOffset"), num(480.0))
        if changed:
            self.set(("calendar", "isLoading"), boolean(True))
            self.request_events()
        return self.cal("todayButtonTapped")

    @signal
    def mode_picked(self, mode):
        self.mode = mode
        self.set(("calendar", "mode"), self.case(mode, "CalendarFeature.Mode"))
        if mode == "month":
            week_thursday = _day_t(-4 + 7 * self.week + 3)
            d = tcasim.START + datetime.timedelta(seconds=week_thursday)
            self.month = (d.year - 2026) * 12 + d.month - 11
        else:
            self.week = (self.month_start(self.month) + 3 * DAY - _day_t(-4)) // (7 * DAY) if self.month else 0
        self.set(("calendar", "visibleRangeStart"), self.date(self.range_start()))
        self.set(("calendar", "isLoading"), boolean(True))
        self.request_events()
        return self.act("calendar", self.binding("CalendarFeature", "mode", Raw("." + mode)))

    @signal
    def day_tapped(self, t):
        self.set(("calendar", "selectedDate"), self.date(t))
        return self.cal("dayTapped", self.date_arg(t))

    @signal
    def drag_ended(self, eid, dx, dy):
        e = self.find(eid)
        e["drag"] = 0.0
        self.set(self.ev_path(eid, "dragOffset"), num(0.0))
        minutes = int(round(dy / 15.0)) * 15
        if minutes:
            old = (e["start"], e["end"])
            e["start"] += minutes * 60
            e["end"] += minutes * 60
            e["saving"] = True
            self.set(self.ev_path(eid, "start"), self.date(e["start"]))
            self.set(self.ev_path(eid, "end"), self.date(e["end"]))
            self.set(self.ev_path(eid, "isSaving"), boolean(True))
            self.after(self.rng.uniform(0.3, 1.1), self.move_response, eid, self.rng.random() > 0.05, old)
        return self.ev_act(eid, A(self.at("EventRow"), "dragEnded",
                                  Struct("CGSize", [("width", Raw(repr(dx))), ("height", Raw(repr(dy)))])))

    # reason: the server's answer to the person's drag
    @signal
    def move_response(self, eid, ok, old):
        e = self.find(eid)
        e["saving"] = False
        if not ok:
            e["start"], e["end"] = old
        i = self.loaded_index(eid)
        if i is not None:
            self.set(self.ev_path(eid, "isSaving"), boolean(False))
            if not ok:
                self.set(self.ev_path(eid, "start"), self.date(e["start"]))
                self.set(self.ev_path(eid, "end"), self.date(e["end"]))
        payload = self.event_struct(e) if ok else Struct("CalDAVError", [("statusCode", Raw("412")),
                                                                         ("reason", q("Precondition Failed"))])
        return self.cal("moveEventResponse", self.result("Event", ok, payload))

    @signal
    def add_tapped(self):
        self.dest = "form"
        sel = self.get(("calendar", "selectedDate")).df
        base = int((datetime.datetime.strptime(sel, "%Y-%m-%d %H:%M:%S +0000").replace(
            tzinfo=datetime.timezone.utc) - tcasim.START).total_seconds())
        base = base - (base - MIDNIGHT) % DAY + 14 * 3600
        self.form_start = base
        self.form_end = base + 3600
        self.set(("destination",), En(self.st("Destination"), "eventForm", St(self.st("EventForm"), [
            ("title", text("")), ("startDate", self.date(base)), ("endDate", self.date(base + 3600)),
            ("isAllDay", boolean(False)), ("inviteeQuery", text("")), ("searchResults", Arr()),
            ("invitees", Arr()), ("isSaving", boolean(False))])))
        return self.act("addEventButtonTapped")

    @signal
    def start_picked(self, t):
        length = self.form_end - self.form_start
        self.form_start, self.form_end = t, t + length
        self.set(self.form("startDate"), self.date(t))
        self.set(self.form("endDate"), self.date(t + length))
        return self.form_act(self.binding("EventForm", "startDate", self.date_arg(t)))

    @signal
    def end_picked(self, t):
        self.form_end = t
        self.set(self.form("endDate"), self.date(t))
        return self.form_act(self.binding("EventForm", "endDate", self.date_arg(t)))

    @signal
    def all_day_toggled(self, on):
        self.set(self.form("isAllDay"), boolean(on))
        return self.form_act(self.binding("EventForm", "isAllDay", _b(on)))

    # reason: the debounced answer to the person's typing in the invitee search
    @signal
    def contacts_response(self, query):
        hits = [p for p in PEOPLE if query.lower() in (p[0] + " " + p[1]).lower()][:4]
        self.set(self.form("searchResults"), Arr(St("Contact", [("name", text(n)), ("email", text(m))]) for m, n in hits))
        return self.form_act(A(self.at("EventForm"), "contactSearchResponse", self.result(
            "[Contact]", True, Struct("ContactSearchPage", [("query", q(query)), ("count", Raw(str(len(hits))))]))))

    @signal
    def contact_tapped(self, email):
        self.append(self.form("invitees"), text(email))
        self.set(self.form("inviteeQuery"), text(""))
        self.set(self.form("searchResults"), Arr())
        return self.form_act(A(self.at("EventForm"), "contactTapped", q(email)))

    @signal
    def save_tapped(self):
        self.set(self.form("isSaving"), boolean(True))
        return self.form_act(A(self.at("EventForm"), "saveButtonTapped"))

    @signal
    def save_response(self, e):
        self.set(self.form("isSaving"), boolean(False))
        return self.form_act(A(self.at("EventForm"), "saveResponse", self.result("Event", True, self.event_struct(e))))

    @signal
    def form_did_save(self, e):
        # the parent: the new event goes into its week and, when that week is on screen, the list
        w = (e["start"] - _day_t(-4)) // (7 * DAY)
        self.week_events(w).append(e)
        self.week_events(w).sort(key=lambda x: x["start"])
        if any(x is e for x in self.visible_events()):
            self.loaded.append(e)
            self.append(("calendar", "events"), self.row(e))
        self.dest = None
        self.set(("destination",), NIL)
        return self.form_act(self.delegate("EventForm", "didSave", self.event_struct(e)))

    # reason: a tap, a no-op: the form only asks to be dismissed
    @signal
    def form_cancel(self):
        return self.form_act(A(self.at("EventForm"), "cancelButtonTapped"))

    @signal
    def destination_dismissed(self):
        self.dest = None
        self.set(("destination",), NIL)
        return self.act("destination", self.dismissed("Destination"))

    def open_detail(self, e):
        self.dest = "detail"
        self.detail_event = e["id"]
        self.set(("destination",), En(self.st("Destination"), "eventDetail", St(self.st("EventDetail"), [
            ("eventID", self.uuid_value(e["id"])), ("title", text(e["title"])), ("start", self.date(e["start"])),
            ("end", self.date(e["end"])), ("attendeeCount", num(len(e["attendees"]))), ("isDeleting", boolean(False))])))

    @signal
    def event_tapped(self, eid):
        self.open_detail(self.find(eid))
        return self.ev_act(eid, A(self.at("EventRow"), "tapped"))

    @signal
    def delete_tapped(self):
        self.set(("destination", ("e", "eventDetail"), "isDeleting"), boolean(True))
        return self.detail_act(A(self.at("EventDetail"), "deleteButtonTapped"))

    @signal
    def delete_response(self):
        return self.detail_act(A(self.at("EventDetail"), "deleteResponse", self.result("Void", True, Raw("()"))))

    @signal
    def detail_did_delete(self, eid):
        for evs in self.weeks.values():
            for k, e in enumerate(evs):
                if e["id"] == eid:
                    evs.pop(k)
                    break
        i = self.loaded_index(eid)
        if i is not None:
            self.loaded.pop(i)
            self.remove_at(("calendar", "events"), i)
        self.dest = None
        self.set(("destination",), NIL)
        return self.detail_act(self.delegate("EventDetail", "didDelete", id=self.uuid_arg(eid)))

    # reason: a push, but it inserts a new invitation (a new identity)
    @signal
    def invitation_received(self):
        rng = self.rng
        who = rng.choice(PEOPLE)
        inv = {"id": self.uid(), "title": rng.choice(NEW_TITLES + EVENT_TITLES[:6]), "organizer": who[0],
               "start": _day_t(rng.randint(0, 12), rng.randint(9, 17), rng.choice([0, 30])), "status": "pending"}
        self.invitations.append(inv)
        self.append(("inbox", "invitations"), St(self.st("Invitation"), [
            ("id", self.uuid_value(inv["id"])), ("title", text(inv["title"])), ("organizer", text(inv["organizer"])),
            ("start", self.date(inv["start"])), ("status", self.case("pending", "Invitation.Status"))]))
        self.set(("inbox", "badgeCount"), num(sum(1 for x in self.invitations if x["status"] == "pending")))
        return self.act("inbox", A(self.at("Inbox"), "invitationReceived", Struct("Invitation", [
            ("id", self.uuid_arg(inv["id"])), ("title", q(inv["title"])), ("organizer", q(inv["organizer"])),
            ("start", self.date_arg(inv["start"]))])))

    @signal
    def rsvp_tapped(self, inv, accept):
        i = self.invitations.index(inv)
        inv["status"] = "responding"
        self.set(("inbox", "invitations", ("i", i), "status"), self.case("responding", "Invitation.Status"))
        self.after(self.rng.uniform(0.3, 1.2), self.rsvp_response, inv, accept)
        return self.inbox_act(inv["id"], A(self.at("Invitation"), "acceptButtonTapped" if accept else "declineButtonTapped"))

    @signal
    def rsvp_response(self, inv, accept):
        i = self.invitations.index(inv)
        inv["status"] = "accepted" if accept else "declined"
        self.set(("inbox", "invitations", ("i", i), "status"), self.case(inv["status"], "Invitation.Status"))
        self.set(("inbox", "badgeCount"), num(sum(1 for x in self.invitations if x["status"] == "pending")))
        return self.inbox_act(inv["id"], A(self.at("Invitation"), "rsvpResponse", self.result(
            "RSVP", True, Struct("RSVP", [("status", Raw(".accepted" if accept else ".declined"))]))))

    # reason: a push, but an attendee's answer changes a status; re-deliveries and events off screen are no-ops
    @signal
    def attendee_response(self, eid, email, status):
        e = self.find(eid)
        for a in e["attendees"]:
            if a[0] == email:
                a[1] = status
        i = self.loaded_index(eid)
        if i is not None:
            k = [a[0] for a in e["attendees"]].index(email)
            self.set(("calendar", "events", ("i", i), "attendees", ("i", k), "status"),
                     self.case(status, "Attendee.Status"))
        return self.cal("attendeeResponseReceived", Struct("AttendeeResponse", [
            ("eventID", self.uuid_arg(eid)), ("email", q(email)), ("status", Raw("." + status))]))

    # reason: an alarm raised at an event's reminder time (or a snooze's end), not a timer's period
    @signal
    def reminder_fired(self, eid):
        e = self.find(eid)
        self.banner = eid
        self.banner_at = self.now
        self.banner_token += 1
        self.set(("reminders", "banner"), St("ReminderBanner", [
            ("eventID", self.uuid_value(eid)), ("title", text(e["title"])), ("startsAt", self.date(e["start"]))]))
        self.after(8.0, self.banner_timer_elapsed, self.banner_token)
        return self.act("reminders", A(self.at("Reminders"), "reminderFired", eventID=self.uuid_arg(eid)))

    @signal
    def banner_tapped(self):
        e = self.find(self.banner)
        self.banner = None
        self.set(("reminders", "banner"), NIL)
        self.open_detail(e)
        return self.act("reminders", A(self.at("Reminders"), "bannerTapped"))

    @signal
    def snooze_tapped(self):
        eid, self.banner = self.banner, None
        self.set(("reminders", "banner"), NIL)
        n = int(self.get(("reminders", "snoozedCount")).cd) + 1
        self.set(("reminders", "snoozedCount"), num(n))
        self.after(300.0, self.reminder_fired, eid)
        return self.act("reminders", A(self.at("Reminders"), "snoozeButtonTapped"))

    @signal
    def banner_closed(self):
        self.banner = None
        self.set(("reminders", "banner"), NIL)
        return self.act("reminders", A(self.at("Reminders"), "dismissButtonTapped"))

    # reason: a connection failure: an event, though it answers a scheduled sync
    @signal
    def sync_failed(self, acc):
        i = [a[0] for a in ACCOUNTS].index(acc)
        self.acc_status[acc] = "failed"
        self.set(("sync", "accounts", ("i", i), "status"), self.case("failed", "Account.Status"))
        return self.account_act(acc, A(self.at("Account"), "syncResponse", self.result(
            "SyncReport", False, Struct("URLError", [("code", Raw("-1009")),
                                                     ("localizedDescription", q("The Internet connection appears to be offline."))]))))

    # reason: a system event that changes how every date shows
    @signal
    def time_zone_changed(self, tz):
        self.set(("header", "timeZone"), text(tz))
        return self.act("timeZoneChanged", Struct("TimeZone", [("identifier", q(tz))]))

    @signal
    def scene_phase(self, phase):
        self.set(("scenePhase",), self.case(phase, "ScenePhase"))
        return self.act("scenePhaseChanged", A("ScenePhase", phase))

    # ---------------------------------------------------------------- processes
    def processes(self):
        on = lambda: self.active
        procs = [self.periodic(self.clock_ticked, 1.0, 0.004, first=1.0, when=on),
                 self.periodic(self.now_line_fired, 60.0, 0.05, first=60.0, when=lambda: self.active and self.mode == "week"),
                 self.poisson(self.invitation_received, 110.0, when=on),
                 self.attendee_pushes(), self.reminders(), self.zone(), self.lifecycle(), self.person()]
        for acc, _, period in ACCOUNTS:
            procs.append(self.periodic(self.sync_timer_fired, period, 1.5, first=self.rng.uniform(3.0, period),
                                       when=on, args=(acc,)))
        return procs

    def lifecycle(self):
        rng = self.rng
        while True:
            yield rng.uniform(150, 420)
            yield from self.wait_until(lambda: not self.engaged and self.dest is None)
            self.emit(self.scene_phase, "inactive")
            yield rng.uniform(0.3, 0.8)
            self.active = False
            self.emit(self.scene_phase, "background")
            yield rng.uniform(20, 90)
            self.emit(self.scene_phase, "inactive")
            yield rng.uniform(0.1, 0.4)
            self.active = True
            self.emit(self.scene_phase, "active")

    def attendee_pushes(self):
        """Attendees answering invitations: the server pushes each response (a few re-sent)."""
        rng = self.rng
        last = None
        while True:
            yield self.expo(28.0)
            if not self.active:
                continue
            if last is not None and rng.random() < 0.1:
                self.emit(self.attendee_response, *last)      # a re-delivery of the previous push
                continue
            pool = [e for e in self.loaded if e["attendees"]] if rng.random() < 0.85 else []
            pool = pool or [e for w in (self.week - 1, self.week + 1, 0) for e in self.week_events(w) if e["attendees"]]
            e = rng.choice(pool)
            a = rng.choice(e["attendees"])
            status = rng.choice([s for s in STATUSES if s != a[1]] or STATUSES)
            last = (e["id"], a[0], status)
            self.emit(self.attendee_response, *last)

    def reminders(self):
        self.week_events(0)
        done = 0.0
        for at, eid in self.reminder_events:
            yield at - done
            done = at
            if self.active and self.find(eid) is not None:
                self.emit(self.reminder_fired, eid)

    def zone(self):
        yield self.rng.uniform(240, 620)
        yield from self.wait_until(lambda: self.active)
        self.emit(self.time_zone_changed, self.rng.choice(["Europe/London", "Europe/Lisbon"]))

    def person(self):
        rng = self.rng
        think = self.think((1.2, 3.5), (6.0, 20.0), (60, 180), (25, 90))
        yield rng.uniform(1.0, 3.0)
        while True:
            yield next(think)
            if not self.active:
                continue
            self.engaged = True
            if self.banner is not None:
                yield max(0.0, self.banner_at + rng.uniform(1.2, 4.0) - self.now)   # noticing it
                if self.banner is None:
                    self.engaged = False
                    continue
                r = rng.random()
                if r < 0.45:
                    self.emit(self.banner_tapped)
                    yield rng.uniform(3.0, 10.0)
                    self.emit(self.destination_dismissed)
                elif r < 0.7:
                    self.emit(self.snooze_tapped)
                elif r < 0.85:
                    self.emit(self.banner_closed)
                self.engaged = False
                continue
            pending = [x for x in self.invitations if x["status"] == "pending"]
            r = rng.random()
            if pending and r < 0.15:
                self.emit(self.rsvp_tapped, pending[0], rng.random() < 0.75)
            elif r < 0.36:
                yield from self.page(rng.randint(1, 4) if self.busy else 1)
            elif r < 0.52:
                if self.mode == "week":
                    yield from self.scroll()
                else:
                    yield from self.pick_day()
            elif r < 0.62:
                yield from self.look_at_event()
            elif r < 0.72:
                yield from self.create_event()
            elif r < 0.80:
                if self.mode == "week":
                    yield from self.drag_event()
                else:
                    yield from self.pick_day()
            elif r < 0.85:
                self.emit(self.today_tapped)
            elif r < 0.90:
                self.emit(self.mode_picked, "month" if self.mode == "week" else "week")
                yield rng.uniform(0.5, 1.5)
            self.engaged = False

    def page(self, n):
        rng = self.rng
        direction = rng.choice([-1, -1, 1])       # finger to the left: the next page
        for _ in range(n):
            hz = 60.0
            dur = rng.uniform(0.12, 0.4)
            m = max(3, int(dur * hz))
            aborted = rng.random() < 0.1
            reach = rng.uniform(40, 90) if aborted else rng.uniform(120, 320)
            xs = []

            def at(i, m=m, reach=reach, xs=xs):
                f = (i + 1) / m
                x = round(direction * reach * (1 - (1 - f) ** 2) + rng.uniform(-1.5, 1.5), 1)
                xs.append(x)
                return (x,)

            yield from self.gesture(self.swipe_changed, hz=hz, duration=m / hz, args=at)
            yield rng.uniform(0.005, 0.02)
            x = xs[-1]
            self.emit(self.swipe_ended, x, round(x / dur * rng.uniform(0.8, 1.3), 1), 0 if aborted else -direction)
            yield rng.uniform(0.6, 2.5)

    def scroll(self):
        rng = self.rng
        for _ in range(rng.randint(1, 3)):
            y0 = float(self.get(("calendar", "scrollOffset")).cd)
            d = rng.uniform(60, 420) * rng.choice([-1, 1])
            if not 0.0 <= y0 + d <= 1040.0:
                d = -d
            y1 = max(0.0, min(1040.0, y0 + d))
            dur = rng.uniform(0.3, 1.4)
            hz = rng.uniform(55, 60)
            m = max(3, int(dur * hz))
            yield from self.gesture(self.scrolled, hz=hz, duration=m / hz, args=lambda i, m=m, y0=y0, y1=y1: (
                round(y0 + (y1 - y0) * (1 - (1 - (i + 1) / m) ** 3), 1),))
            yield rng.uniform(0.5, 3.0)

    def pick_day(self):
        rng = self.rng
        ms = self.month_start(self.month)
        for _ in range(rng.randint(1, 3)):
            self.emit(self.day_tapped, ms + rng.randrange(28) * DAY)
            yield rng.uniform(0.8, 3.0)

    def look_at_event(self):
        rng = self.rng
        if not self.loaded:
            return
        e = rng.choice(self.loaded)
        self.emit(self.event_tapped, e["id"])
        yield rng.uniform(2.0, 12.0)
        if rng.random() < 0.08:
            self.emit(self.delete_tapped)
            yield rng.uniform(0.3, 0.9)
            self.emit(self.delete_response)
            self.emit(self.detail_did_delete, e["id"])
        else:
            self.emit(self.destination_dismissed)

    def type_text(self, maker, word, lo=0.08, hi=0.35):
        rng = self.rng
        for k in range(1, len(word) + 1):
            self.emit(maker, word[:k])
            yield rng.uniform(lo, hi) if word[k - 1] != " " else rng.uniform(0.15, 0.6)

    def create_event(self):
        rng = self.rng
        self.emit(self.add_tapped)
        yield rng.uniform(0.8, 2.0)
        title = rng.choice(NEW_TITLES)
        yield from self.type_text(self.title_typed, title)
        yield rng.uniform(0.8, 2.5)
        day0 = self.form_start - 14 * 3600
        for _ in range(rng.randint(1, 3)):        # the date picker settles on a start
            self.emit(self.start_picked, day0 + rng.randint(0, 6) * DAY + rng.randint(8, 18) * 3600
                      + rng.choice([0, 15, 30, 45]) * 60)
            yield rng.uniform(0.6, 2.0)
        if rng.random() < 0.3:
            self.emit(self.end_picked, self.form_end + rng.choice([30, 60, 90]) * 60)
            yield rng.uniform(0.5, 1.5)
        if rng.random() < 0.1:
            self.emit(self.all_day_toggled, True)
            yield rng.uniform(0.5, 1.5)
        if rng.random() < 0.12:
            yield rng.uniform(1.0, 3.0)
            self.emit(self.form_cancel)
            self.emit(self.destination_dismissed)
            return
        for _ in range(rng.choice([0, 1, 1, 2, 3])):
            who = rng.choice(PEOPLE)
            word = who[1].split()[0][:rng.randint(2, 5)].lower()
            for k in range(1, len(word) + 1):
                self.emit(self.query_typed, word[:k])
                gap = rng.uniform(0.1, 0.45) if k < len(word) else rng.uniform(0.8, 2.0)
                if gap > 0.3:                      # the search, debounced by 0.3 s
                    lag = 0.3 + rng.uniform(0.05, 0.25)
                    if lag < gap:
                        yield lag
                        self.emit(self.contacts_response, word[:k])
                        gap -= lag
                yield gap
            self.emit(self.contact_tapped, who[0])
            yield rng.uniform(0.6, 2.0)
        self.emit(self.save_tapped)
        ev = self.new_event(title, self.form_start, (self.form_end - self.form_start) // 60, [])
        yield rng.uniform(0.3, 1.2)
        self.emit(self.save_response, ev)
        self.emit(self.form_did_save, ev)

    def drag_event(self):
        rng = self.rng
        if not self.loaded:
            return
        e = rng.choice(self.loaded)
        goal = rng.choice([-1, 1]) * rng.uniform(10, 200)
        dur = rng.uniform(0.5, 2.2)
        hz = 60.0
        m = max(4, int(dur * hz))
        last = []

        def at(i):
            f = (i + 1) / m
            dy = round(goal * (f * f * (3 - 2 * f)) + rng.uniform(-2, 2), 1)
            dx = round(rng.uniform(-6, 6), 1)
            last[:] = [dx, dy]
            return (e["id"], dx, dy)

        yield from self.gesture(self.drag_changed, hz=hz, duration=m / hz, args=at)
        yield rng.uniform(0.005, 0.03)
        if self.loaded_index(e["id"]) is not None:
            self.emit(self.drag_ended, e["id"], last[0], last[1])


# ==================================================================================== feed

AUTHORS = ["Ines Duarte", "Kofi Mensah", "Hannah Berg", "Diego Alvarez", "Mei Lin", "Oskar Lind", "Rachel Stone",
           "Arjun Mehta", "Clara Dubois", "Tariq Haddad", "Emma Schultz", "Luca Moretti", "Nora Quinn", "Felix Wagner"]
BODIES = ["Sunrise over the harbour this morning", "Shipped the new onboarding today!", "Hot take: tabs > spaces",
          "Our team is hiring iOS engineers in Berlin", "Finally finished the marathon", "Recipe: 20-minute ramen",
          "This thread on Swift concurrency is gold", "Weekend hike, no signal, perfect", "New mural downtown",
          "Can't believe this goal in the 90th minute", "Slides from my talk are up", "Cat refuses to leave the keyboard",
          "Rainy Friday playlist", "Anyone else's train stuck at Alexanderplatz?", "Look at this tiny espresso cup"]
COMMENTS = ["So good!", "Congrats 🎉", "Where is this?", "Totally agree", "Saving this", "Haha same",
            "Can you share the link?", "Beautiful shot", "This made my day", "Hard disagree tbh", "Love it"]
DRAFTS = ["Looks amazing", "Congrats on the launch", "Where was this taken?", "Count me in", "So true",
          "Great talk yesterday"]
VIEWPORT = 760.0
STORIES_HEIGHT = 120.0


class FeedApp(_MApp):
    """A social feed: an infinite list paged as the person scrolls, thumbnails loading as rows
    appear, an autoplaying video with a progress ticker, likes, shares, comments in a pushed
    post detail, a stories carousel that advances every 5 s, a banner of new posts pushed by
    the server, live comment counters, relative timestamps refreshed every minute.

    noise   feed.scrollOffsetChanged (a scroll stream), feed.posts.element.video.progressUpdated
            (0.5 s while a video plays) and .didPlayToEndTime (a loop wrapping), comment counters
            pushed per post (.commentCountUpdated), feed.relativeTimeTimerFired (60 s),
            feed.stories.autoAdvanceTimerFired (5 s)
    either  rows' onAppear/onDisappear, thumbnailResponse and the video's playerStatusChanged
            (they follow the scroll), feed.stories.pageChanged (the carousel's echo of its
            timer, or a swipe), feed.newPostsAvailable (a pushed count that grows), the
            comment draft's keystrokes
    signal  likes, shares, refreshes, pages, the detail's push, pop, comments and responses,
            mute taps, taps on stories and the banner, the scene phase"""

    name = "feed"
    module = "Townsquare"
    process = "Townsquare"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        _MApp.__init__(self, session)
        rng = self.rng
        self.next_id = 73100480 + rng.randrange(10000)
        self.oldest_age = 60.0
        self.posts = []
        self.active = True
        self.engaged = False
        self.visible = []
        self.offset = 0.0
        self.loading_page = False
        self.refreshing = False
        self.pending_new = 0
        self.shown_new = 0
        self.playing = None           # id of the post whose video plays
        self.play_token = 0
        self.stack_ids = []
        self.next_stack = 0
        self.detail = None            # post id on the pushed detail
        self.sheet = False
        self.last_swipe = -100.0
        self.last_refresh = -100.0
        self.cursor = 2
        for _ in range(10):
            self.posts.append(self.new_post(older=True))
        n_stories = rng.randint(8, 12)
        self.stories = [(4100 + rng.randrange(900), a) for a in rng.sample(AUTHORS, n_stories)]
        self.story_index = 0
        self.state = St(self.st("AppFeature"), [
            ("feed", St(self.st("Feed"), [
                ("stories", St(self.st("Stories"), [
                    ("items", Arr(St("Story", [("id", num(s)), ("author", text(a)), ("isSeen", boolean(False))])
                                  for s, a in self.stories)),
                    ("currentIndex", num(0))])),
                ("posts", Arr(self.row(p) for p in self.posts)),
                ("scrollOffset", num(0.0)),
                ("newPostsCount", NIL),
                ("isRefreshing", boolean(False)),
                ("isLoadingNextPage", boolean(False)),
                ("nextCursor", text(self.cursor_text()))])),
            ("path", Dic({}, ordered=True, key="#%s")),
            ("destination", NIL),
            ("scenePhase", self.case("active", "ScenePhase"))])
        self.visible = self.visible_ids()

    # -- the model
    def new_post(self, older):
        rng = self.rng
        if older:
            self.oldest_age += rng.uniform(60, 900)
            age = self.oldest_age
        else:
            age = -self.now + rng.uniform(5, 240)
        kind = rng.choices(["text", "image", "video"], [0.35, 0.5, 0.15])[0]
        self.next_id -= rng.randint(3, 400) if older else -rng.randint(401, 900)
        p = {"id": self.next_id, "author": rng.choice(AUTHORS), "body": rng.choice(BODIES), "kind": kind,
             "created": -age, "likes": rng.randint(0, 400), "liked": False, "comments": rng.randint(0, 60),
             "shares": rng.randint(0, 30), "thumb": None if kind == "text" else "placeholder",
             "height": {"text": 190.0, "image": 520.0, "video": 560.0}[kind], "hot": rng.random() < 0.25,
             "video": None}
        if kind == "video":
            p["video"] = {"playing": False, "muted": True, "time": 0.0, "duration": float(rng.randint(12, 40))}
        return p

    def cursor_text(self):
        return "cur_%d_%x" % (self.cursor, (self.cursor * 2654435761) & 0xFFFFFF)

    def rel(self, p):
        age = self.now - p["created"]
        if age < 60:
            return "now"
        if age < 3600:
            return "%dm" % (age // 60)
        if age < 86400:
            return "%dh" % (age // 3600)
        return "%dd" % (age // 86400)

    def thumb_value(self, p):
        if p["thumb"] is None:
            return NIL
        if p["thumb"] == "loaded":
            w, h, n = p["thumb_size"]
            return En("ThumbnailState", "loaded", St("Thumbnail", [("width", num(w)), ("height", num(h)),
                                                                   ("byteCount", num(n))]))
        return En("ThumbnailState", p["thumb"])

    def video_value(self, p):
        v = p["video"]
        if v is None:
            return NIL
        return St(self.st("Video"), [("isPlaying", boolean(v["playing"])), ("isMuted", boolean(v["muted"])),
                                     ("currentTime", num(v["time"])), ("duration", num(v["duration"]))])

    def row(self, p):
        return St(self.st("PostRow"), [
            ("id", num(p["id"])), ("author", text(p["author"])), ("body", text(p["body"])),
            ("relativeTime", text(self.rel(p))), ("likeCount", num(p["likes"])), ("isLiked", boolean(p["liked"])),
            ("commentCount", num(p["comments"])), ("shareCount", num(p["shares"])),
            ("thumbnail", self.thumb_value(p)), ("video", self.video_value(p))])

    def index(self, pid):
        for i, p in enumerate(self.posts):
            if p["id"] == pid:
                return i
        return None

    def post(self, pid):
        return self.posts[self.index(pid)]

    def ppath(self, pid, *rest):
        return ("feed", "posts", ("i", self.index(pid))) + rest

    def content_height(self):
        return STORIES_HEIGHT + sum(p["height"] for p in self.posts)

    def visible_ids(self):
        top = STORIES_HEIGHT
        out = []
        for p in self.posts:
            bottom = top + p["height"]
            if bottom > self.offset and top < self.offset + VIEWPORT:
                out.append(p["id"])
            top = bottom
            if top > self.offset + VIEWPORT:
                break
        return out

    # -- actions
    def feed_act(self, name, *args, **kwargs):
        return self.act("feed", A(self.at("Feed"), name, *args, **kwargs))

    def row_act(self, pid, inner):
        return self.act("feed", A(self.at("Feed"), "posts", self.element("PostRow", Raw(str(pid)), inner)))

    def video_act(self, pid, inner):
        return self.row_act(pid, A(self.at("PostRow"), "video", inner))

    def stories_act(self, name, *args, **kwargs):
        return self.act("feed", A(self.at("Feed"), "stories", A(self.at("Stories"), name, *args, **kwargs)))

    def stack_type(self):
        return "StackAction<%s, %s>" % (self.st("Path"), self.at("Path"))

    def detail_act(self, key, inner):
        return self.act("path", A(self.stack_type(), "element", id=Raw("#%d" % key),
                                  action=A(self.at("Path"), "postDetail", inner)))

    def dpath(self, key, *rest):
        return ("path", ("k", key), ("e", "postDetail")) + rest

    def comment_value(self, c):
        return St("Comment", [("id", num(c[0])), ("author", text(c[1])), ("text", text(c[2]))])

    def comment_struct(self, c):
        return Struct("Comment", [("id", Raw(str(c[0]))), ("author", q(c[1])), ("text", q(c[2]))])

    def new_comment(self, author=None, body=None):
        rng = self.rng
        return (990000 + rng.randrange(10 ** 5), author or rng.choice(AUTHORS), body or rng.choice(COMMENTS))

    # ---------------------------------------------------------------- noise
    # reason: the list's offset, streamed while a scroll gesture lasts
    @noise
    def scrolled(self, y):
        self.offset = y
        if not self.set(("feed", "scrollOffset"), num(y)):
            return None                    # the scroll view reports changes only
        return self.feed_act("scrollOffsetChanged", Raw(repr(y)))

    # reason: AVPlayer's periodic time observer, every 0.5 s while a video plays
    @noise
    def video_progress(self, pid, t):
        p = self.post(pid)
        p["video"]["time"] = t
        self.set(self.ppath(pid, "video", "currentTime"), num(t))
        return self.video_act(pid, A(self.at("Video"), "progressUpdated", Raw(repr(t))))

    # reason: a looping video wrapping to 0 at its duration: a period per video
    @noise
    def video_ended(self, pid):
        p = self.post(pid)
        p["video"]["time"] = 0.0
        self.set(self.ppath(pid, "video", "currentTime"), num(0.0))
        return self.video_act(pid, A(self.at("Video"), "didPlayToEndTime"))

    # reason: a server push that nudges one post's counter (some pushes re-send the same count)
    @noise
    def comment_count_pushed(self, pid, n):
        p = self.post(pid)
        p["comments"] = n
        self.set(self.ppath(pid, "commentCount"), num(n))
        return self.row_act(pid, A(self.at("PostRow"), "commentCountUpdated", Raw(str(n))))

    # reason: a 60 s timer rewriting "5m" as "6m"
    @noise
    def relative_time_fired(self):
        for i, p in enumerate(self.posts):
            self.set(("feed", "posts", ("i", i), "relativeTime"), text(self.rel(p)))
        return self.feed_act("relativeTimeTimerFired")

    # reason: the carousel's 5 s timer (restarted after a swipe), running while the feed is shown
    @noise
    def auto_advance(self):
        self.story_index = (self.story_index + 1) % len(self.stories)
        self.set(("feed", "stories", "currentIndex"), num(self.story_index))
        if self.offset < STORIES_HEIGHT + 400:
            # the carousel's TabView is alive: its onChange(of: selection) echoes the page
            self.after(self.rng.uniform(0.005, 0.04), self.story_page_changed, self.story_index, False)
        return self.stories_act("autoAdvanceTimerFired")

    # ---------------------------------------------------------------- either
    # reason: a row scrolled into view: it follows the scroll, not a person's intent; it starts a
    # thumbnail load or the next page
    @either
    def row_appeared(self, pid):
        p = self.post(pid)
        if p["thumb"] == "placeholder":
            p["thumb"] = "loading"
            self.set(self.ppath(pid, "thumbnail"), self.thumb_value(p))
            self.after(self.rng.uniform(0.12, 1.3), self.thumbnail_loaded, pid, self.rng.random() > 0.03)
        if self.index(pid) >= len(self.posts) - 3 and not self.loading_page:
            self.loading_page = True
            self.set(("feed", "isLoadingNextPage"), boolean(True))
            self.after(self.rng.uniform(0.5, 1.8), self.page_loaded, self.rng.random() > 0.04)
        if p["video"] is not None and self.playing is None and not p["video"]["playing"]:
            self.playing = pid
            self.play_token += 1
            self.after(self.rng.uniform(0.2, 0.9), self.player_status, pid, "playing", self.play_token)
        return self.row_act(pid, A(self.at("PostRow"), "onAppear"))

    # reason: a row scrolled out of view, mostly a no-op; it pauses a video
    @either
    def row_disappeared(self, pid):
        if self.playing == pid:
            self.playing = None
            self.play_token += 1
            self.after(self.rng.uniform(0.03, 0.2), self.player_status, pid, "paused", self.play_token)
        return self.row_act(pid, A(self.at("PostRow"), "onDisappear"))

    # reason: thumbnails loading as rows appear (LABELS: debatable)
    @either
    def thumbnail_loaded(self, pid, ok):
        p = self.post(pid)
        rng = self.rng
        if ok:
            w, h = rng.choice([(1080, 1350), (1080, 1080), (1920, 1080), (1080, 1920)])
            p["thumb"] = "loaded"
            p["thumb_size"] = (w // 3, h // 3, rng.randint(18000, 140000))
            self.set(self.ppath(pid, "thumbnail"), self.thumb_value(p))
            payload = Struct("Thumbnail", [("width", Raw(str(w // 3))), ("height", Raw(str(h // 3))),
                                           ("byteCount", Raw(str(p["thumb_size"][2])))])
        else:
            p["thumb"] = "failed"
            self.set(self.ppath(pid, "thumbnail"), self.thumb_value(p))
            payload = Struct("URLError", [("code", Raw("-1001"))])
        return self.row_act(pid, A(self.at("PostRow"), "thumbnailResponse", self.result("Thumbnail", ok, payload)))

    # reason: the carousel's page: an echo (a no-op) of each auto-advance, or a person's swipe
    @either
    def story_page_changed(self, j, swiped):
        if swiped:
            self.last_swipe = self.now
        self.story_index = j
        self.set(("feed", "stories", "currentIndex"), num(j))
        return self.stories_act("pageChanged", Raw(str(j)))

    # reason: a server push: the first one shows the banner, later ones nudge its count
    @either
    def new_posts_pushed(self, n):
        self.shown_new = n
        self.set(("feed", "newPostsCount"), num(n))
        return self.feed_act("newPostsAvailable", count=Raw(str(n)))

    # reason: a text field's binding, one record per keystroke
    @either
    def draft_typed(self, key, s):
        self.set(self.dpath(key, "draft"), text(s))
        return self.detail_act(key, self.binding("PostDetail", "draft", q(s)))

    # ---------------------------------------------------------------- signal
    # reason: the next page the person scrolled to (asked for by a row's onAppear): new posts
    @signal
    def page_loaded(self, ok):
        self.loading_page = False
        self.set(("feed", "isLoadingNextPage"), boolean(False))
        if not ok:
            return self.feed_act("nextPageResponse", self.result("FeedPage", False, Struct(
                "URLError", [("code", Raw("-1005"))])))
        new = [self.new_post(older=True) for _ in range(10)]
        self.posts += new
        for p in new:
            self.append(("feed", "posts"), self.row(p))
        self.cursor += 1
        self.set(("feed", "nextCursor"), text(self.cursor_text()))
        return self.feed_act("nextPageResponse", self.result("FeedPage", True, Struct("FeedPage", [
            ("count", Raw("10")), ("nextCursor", q(self.cursor_text()))])))

    # reason: AVPlayer's status as autoplay follows the scroll (like the thumbnails), though it
    # is a status change (.playing, .paused) a reader debugging playback looks for
    @either
    def player_status(self, pid, status, token):
        if token != self.play_token:
            return None                     # cancelled: the row left the screen first
        p = self.post(pid)
        p["video"]["playing"] = status == "playing"
        self.set(self.ppath(pid, "video", "isPlaying"), boolean(status == "playing"))
        if status == "playing":
            self.spawn(self.video_ticker(pid, token))
        return self.video_act(pid, A(self.at("Video"), "playerStatusChanged", status=Raw("." + status)))

    @signal
    def mute_tapped(self, pid):
        p = self.post(pid)
        p["video"]["muted"] = not p["video"]["muted"]
        self.set(self.ppath(pid, "video", "isMuted"), boolean(p["video"]["muted"]))
        return self.video_act(pid, A(self.at("Video"), "muteButtonTapped"))

    @signal
    def like_tapped(self, pid):
        p = self.post(pid)
        p["liked"] = not p["liked"]
        p["likes"] += 1 if p["liked"] else -1
        self.set(self.ppath(pid, "isLiked"), boolean(p["liked"]))
        self.set(self.ppath(pid, "likeCount"), num(p["likes"]))
        self.after(self.rng.uniform(0.2, 0.8), self.like_response, pid)
        return self.row_act(pid, A(self.at("PostRow"), "likeButtonTapped"))

    # reason: the answer to the person's like; often a no-op after the optimistic update
    @signal
    def like_response(self, pid):
        p = self.post(pid)
        if self.rng.random() < 0.4:
            p["likes"] += self.rng.randint(1, 3)          # others liked it meanwhile
        self.set(self.ppath(pid, "likeCount"), num(p["likes"]))
        return self.row_act(pid, A(self.at("PostRow"), "likeResponse", self.result("LikeStatus", True, Struct(
            "LikeStatus", [("isLiked", _b(p["liked"])), ("likeCount", Raw(str(p["likes"])))]))))

    @signal
    def share_tapped(self, pid):
        self.sheet = True
        self.set(("destination",), En(self.st("Destination"), "shareSheet", St(self.st("ShareSheet"), [
            ("postID", num(pid)), ("url", text("https://townsquare.app/p/%d" % pid))])))
        return self.row_act(pid, A(self.at("PostRow"), "shareButtonTapped"))

    @signal
    def share_completed(self, pid, activity):
        self.sheet = False
        self.set(("destination",), NIL)
        p = self.post(pid)
        p["shares"] += 1
        self.set(self.ppath(pid, "shareCount"), num(p["shares"]))
        return self.act("destination", self.presented("Destination", "shareSheet", A(
            self.at("ShareSheet"), "activityCompleted", activity=q(activity))))

    @signal
    def sheet_dismissed(self):
        self.sheet = False
        self.set(("destination",), NIL)
        return self.act("destination", self.dismissed("Destination"))

    @signal
    def story_tapped(self, sid):
        i = [s for s, _ in self.stories].index(sid)
        self.set(("feed", "stories", "items", ("i", i), "isSeen"), boolean(True))
        return self.stories_act("storyTapped", id=Raw(str(sid)))

    @signal
    def banner_tapped(self):
        self.offset = 0.0
        self.set(("feed", "scrollOffset"), num(0.0))
        self.set(("feed", "newPostsCount"), NIL)
        self.set(("feed", "isRefreshing"), boolean(True))
        self.refreshing = True
        self.after(self.rng.uniform(0.4, 1.5), self.refresh_response)
        return self.feed_act("newPostsBannerTapped")

    @signal
    def pulled(self):
        self.set(("feed", "isRefreshing"), boolean(True))
        self.refreshing = True
        self.after(self.rng.uniform(0.5, 1.8), self.refresh_response)
        return self.feed_act("pulledToRefresh")

    # reason: the answer to a pull or a tap on the banner: new posts
    @signal
    def refresh_response(self):
        n = min(10, max(self.pending_new, self.rng.randint(0, 3)))
        new = [self.new_post(older=False) for _ in range(n)]
        new.sort(key=lambda p: -p["created"])
        self.posts = new + self.posts
        self.pending_new = 0
        self.shown_new = 0
        self.refreshing = False
        self.last_refresh = self.now
        self.set(("feed", "isRefreshing"), boolean(False))
        self.set(("feed", "newPostsCount"), NIL)
        if n:
            self.set(("feed", "posts"), Arr([self.row(p) for p in new] + list(self.get(("feed", "posts")).items)))
        return self.feed_act("refreshResponse", self.result("FeedPage", True, Struct("FeedPage", [
            ("count", Raw(str(n))), ("nextCursor", q(self.cursor_text()))])))

    @signal
    def open_post(self, pid):
        p = self.post(pid)
        key = self.next_stack
        self.next_stack += 1
        self.stack_ids.append(key)
        self.detail = pid
        fields = [("postID", num(pid)), ("author", text(p["author"])), ("comments", Arr()),
                  ("draft", text("")), ("isLoading", boolean(True)), ("isSending", boolean(False))]
        self.put(("path",), key, En(self.st("Path"), "postDetail", St(self.st("PostDetail"), fields)))
        self.after(self.rng.uniform(0.3, 1.2), self.comments_loaded, key, pid)
        return self.act("path", A(self.stack_type(), "push", id=Raw("#%d" % key), state=A(
            self.st("Path"), "postDetail", Struct(self.st("PostDetail"), [("postID", Raw(str(pid)))]))))

    # reason: the answer to the person opening a post
    @signal
    def comments_loaded(self, key, pid):
        if key not in self.stack_ids:
            return None                     # popped before the comments came
        n = self.post(pid)["comments"]
        shown = [self.new_comment() for _ in range(min(n, 5))]
        self.set(self.dpath(key, "comments"), Arr(self.comment_value(c) for c in shown))
        self.set(self.dpath(key, "isLoading"), boolean(False))
        return self.detail_act(key, A(self.at("PostDetail"), "commentsResponse", self.result(
            "CommentsPage", True, Struct("CommentsPage", [("postID", Raw(str(pid))), ("total", Raw(str(n))),
                                                          ("nextCursor", q("c%d" % (n // 5)))]))))

    # reason: a push, but it inserts a new comment (a new identity) in the open post
    @signal
    def live_comment(self, key):
        c = self.new_comment()
        self.append(self.dpath(key, "comments"), self.comment_value(c))
        return self.detail_act(key, A(self.at("PostDetail"), "commentReceived", self.comment_struct(c)))

    @signal
    def send_tapped(self, key):
        self.set(self.dpath(key, "isSending"), boolean(True))
        return self.detail_act(key, A(self.at("PostDetail"), "sendButtonTapped"))

    @signal
    def comment_posted(self, key, body):
        c = self.new_comment("me", body)
        self.append(self.dpath(key, "comments"), self.comment_value(c))
        self.set(self.dpath(key, "draft"), text(""))
        self.set(self.dpath(key, "isSending"), boolean(False))
        return self.detail_act(key, A(self.at("PostDetail"), "postCommentResponse",
                                      self.result("Comment", True, self.comment_struct(c))))

    @signal
    def detail_delegate(self, key, pid):
        p = self.post(pid)
        p["comments"] += 1
        self.set(self.ppath(pid, "commentCount"), num(p["comments"]))
        return self.detail_act(key, self.delegate("PostDetail", "commentPosted", postID=Raw(str(pid))))

    @signal
    def popped(self, key):
        self.stack_ids.remove(key)
        self.detail = None
        self.delete(("path",), key)
        return self.act("path", A(self.stack_type(), "popFrom", id=Raw("#%d" % key)))

    @signal
    def scene_phase(self, phase):
        self.set(("scenePhase",), self.case(phase, "ScenePhase"))
        return self.act("scenePhaseChanged", A("ScenePhase", phase))

    # ---------------------------------------------------------------- processes
    def processes(self):
        on = lambda: self.active
        return [self.periodic(self.relative_time_fired, 60.0, 0.03, when=on),
                self.stories_timer(), self.counters(), self.new_posts(),
                self.detail_comments(), self.lifecycle(), self.person()]

    def lifecycle(self):
        rng = self.rng
        while True:
            yield rng.uniform(160, 420)
            yield from self.wait_until(lambda: not self.engaged)
            self.emit(self.scene_phase, "inactive")
            yield rng.uniform(0.3, 0.8)
            self.active = False
            if self.playing is not None:
                pid, self.playing = self.playing, None
                self.play_token += 1
                self.emit(self.player_status, pid, "paused", self.play_token)
            self.emit(self.scene_phase, "background")
            yield rng.uniform(15, 80)
            self.emit(self.scene_phase, "inactive")
            yield rng.uniform(0.1, 0.4)
            self.active = True
            self.emit(self.scene_phase, "active")
            if self.detail is None:
                yield rng.uniform(0.2, 0.6)
                self.resume_video()

    def resume_video(self):
        for pid in self.visible:
            p = self.post(pid)
            if p["video"] is not None and self.playing is None:
                self.playing = pid
                self.play_token += 1
                self.emit(self.player_status, pid, "playing", self.play_token)
                return

    def on_feed(self):
        return self.active and self.detail is None and not self.sheet

    def stories_timer(self):
        """Every 5 s while the carousel is on screen; a swipe restarts the countdown."""
        rng = self.rng
        due = self.now + 5.0
        while True:
            yield max(0.001, due - self.now)
            if self.last_swipe > due - 5.0:
                due = self.last_swipe + 5.0 + rng.uniform(-0.02, 0.02)
                continue
            if self.on_feed():
                self.emit(self.auto_advance)
            due += 5.0 + rng.uniform(-0.02, 0.02)

    def video_ticker(self, pid, token):
        rng = self.rng
        while True:
            yield 0.5 + rng.uniform(-0.01, 0.01)
            if token != self.play_token:
                return
            p = self.post(pid)
            t = round(p["video"]["time"] + 0.5, 1)
            if t >= p["video"]["duration"]:
                self.emit(self.video_ended, pid)
            else:
                self.emit(self.video_progress, pid, t)

    def counters(self):
        """The socket's live comment counters for the posts on screen (hot posts more often)."""
        rng = self.rng
        while True:
            yield self.expo(2.6)
            if not self.active or not self.visible:
                continue
            weights = [4.0 if self.post(pid)["hot"] else 1.0 for pid in self.visible]
            pid = rng.choices(self.visible, weights)[0]
            p = self.post(pid)
            n = p["comments"] + (0 if rng.random() < 0.2 else rng.randint(1, 3))
            self.emit(self.comment_count_pushed, pid, n)

    def new_posts(self):
        rng = self.rng
        while True:
            yield self.expo(55.0)
            if not self.active or self.refreshing:
                continue
            self.pending_new += rng.randint(1, 5)
            self.emit(self.new_posts_pushed, self.pending_new)

    def detail_comments(self):
        while True:
            yield self.expo(9.0)
            if self.active and self.detail is not None and self.stack_ids:
                self.emit(self.live_comment, self.stack_ids[-1])

    def sync_visibility(self, i=None):
        now_visible = self.visible_ids()
        for pid in self.visible:
            if pid not in now_visible and self.index(pid) is not None:
                self.emit(self.row_disappeared, pid)
        for pid in now_visible:
            if pid not in self.visible:
                self.emit(self.row_appeared, pid)
        self.visible = now_visible

    def flick(self, distance):
        rng = self.rng
        y0 = self.offset
        y1 = max(0.0, min(self.content_height() - VIEWPORT, y0 + distance))
        if abs(y1 - y0) < 1:
            return
        dur = rng.uniform(0.35, 1.3)
        hz = rng.uniform(55, 60)
        m = max(3, int(dur * hz))
        yield from self.gesture(self.scrolled, hz=hz, duration=m / hz, args=lambda i: (
            round(y0 + (y1 - y0) * (1 - (1 - (i + 1) / m) ** 3), 1),), each=self.sync_visibility)

    def person(self):
        rng = self.rng
        think = self.think((1.0, 3.0), (6.0, 18.0), (60, 170), (25, 80))
        yield rng.uniform(0.5, 1.5)
        self.sync_visibility()
        while True:
            yield next(think)
            if not self.active:
                continue
            self.engaged = True
            r = rng.random()
            at_top = self.offset < STORIES_HEIGHT
            if self.shown_new and r < 0.12:
                self.emit(self.banner_tapped)
                yield rng.uniform(0.1, 0.3)
                self.sync_visibility()
                yield from self.wait_until(lambda: not self.refreshing, 0.2)
                self.sync_visibility()
            elif at_top and r < 0.22:
                if rng.random() < 0.7:
                    for _ in range(rng.randint(1, 3)):
                        j = (self.story_index + rng.choice([1, 1, -1])) % len(self.stories)
                        self.emit(self.story_page_changed, j, True)
                        yield rng.uniform(0.6, 2.5)
                else:
                    self.emit(self.story_tapped, self.stories[self.story_index][0])
            elif self.offset < 1 and r < 0.3 and self.now - self.last_refresh > 20:
                self.emit(self.pulled)
                yield from self.wait_until(lambda: not self.refreshing, 0.2)
                self.sync_visibility()
            elif r < 0.62:
                for _ in range(rng.randint(1, 3) if self.busy else rng.randint(1, 2)):
                    yield from self.flick(rng.uniform(250, 1500) * (1 if rng.random() < 0.85 else -0.7))
                    yield rng.uniform(0.3, 2.0)
            elif r < 0.76:
                pid = rng.choice(self.visible)
                self.emit(self.like_tapped, pid)
            elif r < 0.86:
                yield from self.read_post(rng.choice(self.visible))
            elif r < 0.89:
                pid = rng.choice(self.visible)
                self.emit(self.share_tapped, pid)
                yield rng.uniform(2.0, 8.0)
                if rng.random() < 0.6:
                    self.emit(self.share_completed, pid, rng.choice(["com.apple.UIKit.activity.Message",
                                                                     "com.apple.UIKit.activity.CopyToPasteboard",
                                                                     "net.whatsapp.WhatsApp.ShareExtension"]))
                else:
                    self.emit(self.sheet_dismissed)
            elif r < 0.93 and self.playing is not None:
                self.emit(self.mute_tapped, self.playing)
            elif r < 0.97 and not at_top:
                yield from self.flick(-self.offset)         # back to the top
            self.engaged = False

    def read_post(self, pid):
        rng = self.rng
        self.emit(self.open_post, pid)
        key = self.stack_ids[-1]
        if self.playing is not None:
            vid, self.playing = self.playing, None
            self.play_token += 1
            self.after(rng.uniform(0.05, 0.2), self.player_status, vid, "paused", self.play_token)
        yield rng.uniform(3.0, 15.0)
        if rng.random() < 0.5:
            words = rng.choice(DRAFTS)
            for k in range(1, len(words) + 1):
                self.emit(self.draft_typed, key, words[:k])
                yield rng.uniform(0.07, 0.3) if words[k - 1] != " " else rng.uniform(0.15, 0.6)
            yield rng.uniform(0.5, 2.0)
            self.emit(self.send_tapped, key)
            yield rng.uniform(0.3, 1.0)
            self.emit(self.comment_posted, key, words)
            self.emit(self.detail_delegate, key, pid)
            yield rng.uniform(1.0, 5.0)
        self.emit(self.popped, key)
        yield rng.uniform(0.2, 0.5)
        self.resume_video()


# ================================================================================== arcade

ALIASES = ["nightowl_92", "pixelpaula", "ZeroG", "comet_kid", "lune", "BlastRadius", "mkoenig", "froggo",
           "Vexa", "tallpine", "sunny.d", "quasar77"]
ACHIEVEMENTS = {"first_clear": "First Light", "score_1000": "Four Digits", "untouchable": "Untouchable",
                "shield_collector": "Shield Collector", "team_player": "Team Player", "level_3": "Deep Space"}
ENEMY_KINDS = [("asteroid", 170.0), ("asteroid", 170.0), ("drone", 230.0), ("comet", 300.0)]
POWER_UPS = ["shield", "slowMotion", "doubleScore"]
SCREEN_W, SCREEN_H = 390.0, 844.0


class ArcadeApp(_MApp):
    """A 60 Hz arcade game: a ship the player steers with a joystick through falling asteroids,
    drones and comets; power-ups (shield, slow motion, double score) that expire after 8 s;
    levels, a pause menu, game over; achievements reported to Game Center; a multiplayer
    lobby with pushed players, pings and ready states; settings with volume sliders.

    noise   game.presented.tick (60 Hz while playing), game.presented.joystick.dragChanged (the
            drag), lobby pings (2 s per player), the lobby's countdown, the settings' volume
            sliders, the achievement banner's clean-up
    either  game.presented.enemySpawned and .powerUpSpawned (random spawns), .powerUpExpired
            (8 s after a pickup), game.presented.delegate.scoreChanged (the score, as it moves)
    signal  taps (play, pause, resume, quit, next level, ready...), the end of a drag, collisions
            and pickups, level completion, matchmaking, players joining, leaving and getting
            ready, the match start, Game Center's answers, settings toggles, scene phase"""

    name = "arcade"
    module = "Starfall"
    process = "Starfall"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        _MApp.__init__(self, session)
        rng = self.rng
        self.active = True
        self.engaged = False
        self.authenticated = False
        self.high_score = rng.choice([0, 650, 1200, 1850])
        self.unlocked = set(rng.sample(["first_clear", "level_3"], rng.randint(0, 1)))
        self.g = None                 # the running game (a dict) or None
        self.loop_token = 0
        self.expiry_token = 0
        self.banner_token = 0
        self.next_enemy = 1
        self.play_budget = rng.uniform(75.0, 95.0)
        self.played = 0.0
        self.dest = None              # "settings", "lobby", "achievements"
        self.lobby = None
        self.settings = {"soundVolume": 0.8, "musicVolume": 0.6, "isMusicEnabled": True, "isHapticsEnabled": True,
                         "showsFPS": False}
        self.state = St(self.st("AppFeature"), [
            ("gameCenter", St(self.st("GameCenter"), [("player", NIL), ("isAuthenticated", boolean(False)),
                                                     ("achievements", Arr(text(a) for a in sorted(self.unlocked))),
                                                     ("lastSubmittedScore", NIL)])),
            ("menu", St(self.st("Menu"), [("highScore", num(self.high_score)), ("lastScore", NIL)])),
            ("game", NIL),
            ("destination", NIL),
            ("achievementBanner", NIL),
            ("scenePhase", self.case("active", "ScenePhase"))])

    # -- game model to state
    def enemy_value(self, e):
        return St("Enemy", [("id", num(e["id"])), ("kind", self.case(e["kind"], "Enemy.Kind")),
                            ("x", num(e["x"])), ("y", num(e["y"]))])

    def power_value(self, p):
        return St("PowerUp", [("id", num(p["id"])), ("kind", self.case(p["kind"], "PowerUp.Kind")),
                              ("x", num(p["x"])), ("y", num(p["y"]))])

    def point(self, x, y, t="CGPoint", a="x", b="y"):
        return St(t, [(a, num(x)), (b, num(y))])

    def game_value(self):
        g = self.g
        return St(self.st("Game"), [
            ("level", num(g["level"])), ("isMultiplayer", boolean(g["multi"])),
            ("phase", self.case(g["phase"], "Game.Phase")), ("frame", num(g["frame"])),
            ("elapsed", num(round(g["elapsed"], 3))), ("player", self.point(g["px"], g["py"])),
            ("joystick", self.point(g["jx"], g["jy"], "CGVector", "dx", "dy")),
            ("lives", num(g["lives"])), ("score", num(g["score"])),
            ("enemies", Arr(self.enemy_value(e) for e in g["enemies"])),
            ("powerUps", Arr(self.power_value(p) for p in g["powerUps"])),
            ("activePowerUp", NIL if g["active"] is None else self.case(g["active"], "PowerUp.Kind")),
            ("destination", NIL)])

    def new_game(self, level, multi, score=0, lives=4):
        rng = self.rng
        self.g = {"level": level, "multi": multi, "phase": "playing", "frame": 0, "elapsed": 0.0,
                  "px": 195.0, "py": 740.0, "jx": 0.0, "jy": 0.0, "lives": lives, "score": score,
                  "enemies": [], "powerUps": [], "active": None, "hits": 0, "shields": 0,
                  "duration": rng.uniform(30.0, 40.0), "paused_menu": False}

    def gp(self, *rest):
        return ("game",) + rest

    # -- actions
    def game_act(self, name, *args, **kwargs):
        return self.act("game", self.presented_game(A(self.at("Game"), name, *args, **kwargs)))

    def presented_game(self, inner):
        return A("PresentationAction<%s>" % self.at("Game"), "presented", inner)

    def pause_act(self, name):
        return self.act("game", self.presented_game(A(self.at("Game"), "destination", self.presented(
            "Game.Destination", "pauseMenu", A(self.at("PauseMenu"), name)))))

    def dest_act(self, case_name, inner):
        return self.act("destination", self.presented("Destination", case_name, inner))

    def lobby_act(self, name, *args, **kwargs):
        return self.dest_act("lobby", A(self.at("Lobby"), name, *args, **kwargs))

    def lobby_player_act(self, pid, inner):
        return self.dest_act("lobby", A(self.at("Lobby"), "players", self.element("LobbyPlayer", q(pid), inner)))

    def lp(self, *rest):
        return ("destination", ("e", "lobby")) + rest

    def gc_act(self, name, *args, **kwargs):
        return self.act("gameCenter", A(self.at("GameCenter"), name, *args, **kwargs))

    # ---------------------------------------------------------------- noise
    # reason: the 60 Hz display-link loop while a level plays
    @noise
    def tick(self, dt):
        g = self.g
        g["frame"] += 1
        g["elapsed"] += dt
        slow = 0.5 if g["active"] == "slowMotion" else 1.0
        self.set(self.gp("frame"), num(g["frame"]))
        self.set(self.gp("elapsed"), num(round(g["elapsed"], 3)))
        if g["jx"] or g["jy"]:
            g["px"] = round(max(20.0, min(SCREEN_W - 20, g["px"] + g["jx"] * 260 * dt)), 1)
            g["py"] = round(max(560.0, min(800.0, g["py"] + g["jy"] * 200 * dt)), 1)
            self.set(self.gp("player"), self.point(g["px"], g["py"]))
        gone = []
        for i, e in enumerate(g["enemies"]):
            e["y"] = round(e["y"] + e["speed"] * dt * slow, 1)
            self.set(self.gp("enemies", ("i", i), "y"), num(e["y"]))
            if not e["hit"] and abs(e["y"] - g["py"]) < 16 and abs(e["x"] - g["px"]) < 15:
                e["hit"] = True
                self.after(0.0, self.collided, e["id"])
            elif e["y"] > SCREEN_H + 20:
                gone.append(i)
        for i, p in enumerate(g["powerUps"]):
            p["y"] = round(p["y"] + 120.0 * dt * slow, 1)
            self.set(self.gp("powerUps", ("i", i), "y"), num(p["y"]))
            if not p["taken"] and abs(p["y"] - g["py"]) < 30 and abs(p["x"] - g["px"]) < 36:
                p["taken"] = True
                self.after(0.0, self.power_up_collected, p["id"])
        for i in reversed([i for i, p in enumerate(g["powerUps"]) if p["y"] > SCREEN_H + 20 and not p["taken"]]):
            g["powerUps"].pop(i)
            self.remove_at(self.gp("powerUps"), i)
        if gone:
            for i in reversed(gone):
                g["enemies"].pop(i)
                self.remove_at(self.gp("enemies"), i)
            g["score"] += 25 * len(gone) * (2 if g["active"] == "doubleScore" else 1)
            self.set(self.gp("score"), num(g["score"]))
            self.after(0.0, self.score_delegate, g["score"])
        if g["elapsed"] >= g["duration"] and g["phase"] == "playing":
            self.loop_token += 1                  # the loop and the spawners stop
            self.after(0.0, self.level_completed)
        return self.game_act("tick", deltaTime=Raw("%.4f" % dt))

    # reason: the joystick drag streams a vector between the touch and dragEnded
    @noise
    def joystick_changed(self, dx, dy):
        g = self.g
        g["jx"], g["jy"] = dx, dy
        self.set(self.gp("joystick"), self.point(dx, dy, "CGVector", "dx", "dy"))
        return self.game_act("joystick", A(self.at("Joystick"), "dragChanged", Struct(
            "CGVector", [("dx", Raw(repr(dx))), ("dy", Raw(repr(dy)))])))

    # reason: each lobby player's latency, pushed every 2 s (a measurement; some re-send the same value)
    @noise
    def ping_pushed(self, pid, ms):
        i = [p["id"] for p in self.lobby["players"]].index(pid)
        self.lobby["players"][i]["ping"] = ms
        self.set(self.lp("players", ("i", i), "pingMs"), num(ms))
        return self.lobby_player_act(pid, A(self.at("LobbyPlayer"), "pingUpdated", Raw(str(ms))))

    # reason: a 1 s countdown once everyone is ready (cancelled when someone joins)
    @noise
    def countdown_ticked(self, n):
        self.set(self.lp("countdown"), num(n))
        return self.lobby_act("countdownTicked")

    # reason: a slider's binding streams a level while the thumb moves
    @noise
    def volume_slid(self, field, v):
        self.settings[field] = v
        self.set(("destination", ("e", "settings"), field), num(v))
        return self.dest_act("settings", self.binding("Settings", field, Raw(repr(v))))

    # reason: the banner's clean-up 3 s after an achievement, undoing the response's change
    @noise
    def banner_timer_fired(self, token):
        if token != self.banner_token:
            return None
        self.set(("achievementBanner",), NIL)
        return self.act("achievementBannerTimerFired")

    # ---------------------------------------------------------------- either
    # reason: a random spawn timer of the game (the machine), but each record inserts a new enemy
    @either
    def enemy_spawned(self):
        rng = self.rng
        g = self.g
        kind, speed = rng.choice(ENEMY_KINDS)
        e = {"id": self.next_enemy, "kind": kind, "x": round(rng.uniform(20, SCREEN_W - 20), 1), "y": -30.0,
             "speed": speed * (1 + 0.15 * (g["level"] - 1)), "hit": False}
        self.next_enemy += 1
        g["enemies"].append(e)
        self.append(self.gp("enemies"), self.enemy_value(e))
        return self.game_act("enemySpawned", Struct("Enemy", [("id", Raw(str(e["id"]))), ("kind", Raw("." + kind)),
                                                              ("x", Raw(repr(e["x"])))]))

    # reason: like enemySpawned, a random spawn that inserts a new object
    @either
    def power_up_spawned(self):
        rng = self.rng
        g = self.g
        p = {"id": self.next_enemy, "kind": rng.choice(POWER_UPS), "x": round(rng.uniform(30, SCREEN_W - 30), 1),
             "y": -30.0, "taken": False}
        self.next_enemy += 1
        g["powerUps"].append(p)
        self.append(self.gp("powerUps"), self.power_value(p))
        return self.game_act("powerUpSpawned", Struct("PowerUp", [("id", Raw(str(p["id"]))),
                                                                  ("kind", Raw("." + p["kind"])),
                                                                  ("x", Raw(repr(p["x"])))]))

    # reason: an echo of a pickup 8 s later (a fixed delay) that ends the power-up's effect
    @either
    def power_up_expired(self, kind, token):
        if self.g is None or token != self.expiry_token or self.g["active"] != kind:
            return None                           # cancelled: a new pickup or the game ended
        self.g["active"] = None
        self.set(self.gp("activePowerUp"), NIL)
        return self.game_act("powerUpExpired", kind=Raw("." + kind))

    # reason: a delegate (a kind LABELS calls signal) that reports the score as it counts up
    # after every evaded enemy; the parent only acts on a new high score or a milestone
    @either
    def score_delegate(self, score):
        if self.g is None:
            return None
        if score > self.high_score:
            self.high_score = score
            self.set(("menu", "highScore"), num(score))
        if score >= 1000 and "score_1000" not in self.unlocked:
            self.unlock("score_1000")
        return self.act("game", self.presented_game(self.delegate("Game", "scoreChanged", Raw(str(score)))))

    # ---------------------------------------------------------------- signal
    # reason: found by the game loop, but a life lost (or a shield spent) is what a reader looks for
    @signal
    def collided(self, eid):
        g = self.g
        if g is None or g["phase"] != "playing":
            return None
        i = [e["id"] for e in g["enemies"]].index(eid)
        e = g["enemies"].pop(i)
        self.remove_at(self.gp("enemies"), i)
        if g["active"] == "shield":
            g["active"] = None
            self.expiry_token += 1
            self.set(self.gp("activePowerUp"), NIL)
        else:
            g["lives"] -= 1
            g["hits"] += 1
            self.set(self.gp("lives"), num(g["lives"]))
            if g["lives"] <= 0:
                g["phase"] = "gameOver"
                g["jx"] = g["jy"] = 0.0
                self.loop_token += 1
                self.set(self.gp("phase"), self.case("gameOver", "Game.Phase"))
                self.set(self.gp("joystick"), self.point(0.0, 0.0, "CGVector", "dx", "dy"))
                self.set(("menu", "lastScore"), num(g["score"]))
        return self.game_act("collisionDetected", Struct("Collision", [("enemyID", Raw(str(eid))),
                                                                       ("kind", Raw("." + e["kind"]))]))

    # reason: found by the game loop, but it starts a power-up and adds to the score
    @signal
    def power_up_collected(self, pid):
        g = self.g
        if g is None or g["phase"] != "playing":
            return None
        i = [p["id"] for p in g["powerUps"]].index(pid)
        p = g["powerUps"].pop(i)
        self.remove_at(self.gp("powerUps"), i)
        g["active"] = p["kind"]
        self.set(self.gp("activePowerUp"), self.case(p["kind"], "PowerUp.Kind"))
        g["score"] += 100
        self.set(self.gp("score"), num(g["score"]))
        self.expiry_token += 1
        self.after(8.0, self.power_up_expired, p["kind"], self.expiry_token)
        self.after(0.0, self.score_delegate, g["score"])
        if p["kind"] == "shield":
            g["shields"] += 1
            if g["shields"] >= 2 and "shield_collector" not in self.unlocked:
                self.unlock("shield_collector")
        return self.game_act("powerUpCollected", id=Raw(str(pid)))

    @signal
    def joystick_ended(self):
        g = self.g
        g["jx"] = g["jy"] = 0.0
        self.set(self.gp("joystick"), self.point(0.0, 0.0, "CGVector", "dx", "dy"))
        return self.game_act("joystick", A(self.at("Joystick"), "dragEnded"))

    # reason: the game loop ends the level: a phase change
    @signal
    def level_completed(self):
        g = self.g
        if g is None or g["phase"] != "playing":
            return None
        g["phase"] = "levelComplete"
        g["enemies"], g["powerUps"] = [], []
        g["jx"] = g["jy"] = 0.0
        self.set(self.gp("phase"), self.case("levelComplete", "Game.Phase"))
        self.set(self.gp("enemies"), Arr())
        self.set(self.gp("powerUps"), Arr())
        self.set(self.gp("joystick"), self.point(0.0, 0.0, "CGVector", "dx", "dy"))
        self.set(("menu", "lastScore"), num(g["score"]))
        if "first_clear" not in self.unlocked:
            self.unlock("first_clear")
        elif g["hits"] == 0 and "untouchable" not in self.unlocked:
            self.unlock("untouchable")
        elif g["level"] >= 3 and "level_3" not in self.unlocked:
            self.unlock("level_3")
        if g["multi"] and "team_player" not in self.unlocked:
            self.unlock("team_player")
        self.after(self.rng.uniform(0.4, 1.5), self.leaderboard_response, g["score"])
        return self.game_act("levelCompleted")

    def unlock(self, aid):
        self.unlocked.add(aid)
        self.after(self.rng.uniform(0.3, 1.2), self.achievement_reported, aid)

    # reason: Game Center's answer to a report: an achievement unlocked
    @signal
    def achievement_reported(self, aid):
        self.append(("gameCenter", "achievements"), text(aid))
        self.set(("achievementBanner",), St("AchievementBanner", [("id", text(aid)), ("title", text(ACHIEVEMENTS[aid]))]))
        self.banner_token += 1
        self.after(3.0, self.banner_timer_fired, self.banner_token)
        return self.gc_act("reportAchievementResponse", self.result("Achievement", True, Struct(
            "Achievement", [("identifier", q(aid)), ("percentComplete", Raw("100.0"))])))

    # reason: the answer to the score submitted when a level ends
    @signal
    def leaderboard_response(self, score):
        if self.authenticated:
            self.set(("gameCenter", "lastSubmittedScore"), num(score))
        return self.gc_act("submitScoreResponse", self.result("Void", self.authenticated, Raw("()") if self.authenticated
                                                              else Struct("GKError", [("code", Raw(".notAuthenticated"))])))

    @signal
    def play_tapped(self):
        self.new_game(1, False)
        self.set(("game",), self.game_value())
        self.start_loops()
        return self.act("menu", A(self.at("Menu"), "playButtonTapped"))

    @signal
    def next_level_tapped(self):
        g = self.g
        self.new_game(g["level"] + 1, g["multi"], g["score"], g["lives"])
        self.set(("game",), self.game_value())
        self.start_loops()
        return self.game_act("nextLevelButtonTapped")

    @signal
    def retry_tapped(self):
        self.new_game(self.g["level"], self.g["multi"])
        self.set(("game",), self.game_value())
        self.start_loops()
        return self.game_act("retryButtonTapped")

    # reason: a tap, a no-op: the game then dismisses itself
    @signal
    def menu_tapped(self):
        return self.game_act("menuButtonTapped")

    @signal
    def game_dismissed(self):
        self.loop_token += 1
        self.expiry_token += 1
        self.g = None
        self.set(("game",), NIL)
        return self.act("game", A("PresentationAction<%s>" % self.at("Game"), "dismiss"))

    @signal
    def pause_tapped(self, via_scene=False):
        g = self.g
        self.loop_token += 1
        g["phase"] = "paused"
        g["jx"] = g["jy"] = 0.0
        self.set(self.gp("phase"), self.case("paused", "Game.Phase"))
        self.set(self.gp("joystick"), self.point(0.0, 0.0, "CGVector", "dx", "dy"))
        self.set(self.gp("destination"), En(self.st("Game.Destination"), "pauseMenu", St(self.st("PauseMenu"), [
            ("level", num(g["level"])), ("score", num(g["score"]))])))
        return self.game_act("pauseButtonTapped")

    @signal
    def resume_tapped(self):
        g = self.g
        g["phase"] = "playing"
        self.set(self.gp("phase"), self.case("playing", "Game.Phase"))
        self.set(self.gp("destination"), NIL)
        self.start_loops()
        return self.pause_act("resumeButtonTapped")

    @signal
    def quit_tapped(self):
        self.set(("menu", "lastScore"), num(self.g["score"]))
        return self.pause_act("quitButtonTapped")

    @signal
    def settings_tapped(self):
        self.dest = "settings"
        s = self.settings
        self.set(("destination",), En(self.st("Destination"), "settings", St(self.st("Settings"), [
            ("soundVolume", num(s["soundVolume"])), ("musicVolume", num(s["musicVolume"])),
            ("isMusicEnabled", boolean(s["isMusicEnabled"])), ("isHapticsEnabled", boolean(s["isHapticsEnabled"])),
            ("showsFPS", boolean(s["showsFPS"]))])))
        return self.act("menu", A(self.at("Menu"), "settingsButtonTapped"))

    @signal
    def toggle_set(self, field, on):
        self.settings[field] = on
        self.set(("destination", ("e", "settings"), field), boolean(on))
        return self.dest_act("settings", self.binding("Settings", field, _b(on)))

    @signal
    def achievements_tapped(self):
        self.dest = "achievements"
        self.set(("destination",), En(self.st("Destination"), "achievements", St(self.st("Achievements"), [
            ("unlocked", Arr(text(a) for a in sorted(self.unlocked))), ("total", num(len(ACHIEVEMENTS)))])))
        return self.act("menu", A(self.at("Menu"), "achievementsButtonTapped"))

    @signal
    def destination_dismissed(self):
        self.dest = None
        self.lobby = None
        self.set(("destination",), NIL)
        return self.act("destination", self.dismissed("Destination"))

    @signal
    def auth_response(self, ok, player_id):
        self.authenticated = ok
        if ok:
            self.set(("gameCenter", "player"), St("Player", [("alias", text(ALIASES[0])), ("gamePlayerID", text(player_id))]))
            self.set(("gameCenter", "isAuthenticated"), boolean(True))
            payload = Struct("Player", [("alias", q(ALIASES[0])), ("gamePlayerID", q(player_id))])
        else:
            payload = Struct("GKError", [("code", Raw(".notAuthenticated"))])
        return self.gc_act("authenticationResponse", self.result("Player", ok, payload))

    @signal
    def sign_in_tapped(self):
        return self.gc_act("signInButtonTapped")

    @signal
    def multiplayer_tapped(self):
        self.dest = "lobby"
        self.lobby = {"players": [], "ready": False, "countdown": None, "status": "searching"}
        self.set(("destination",), En(self.st("Destination"), "lobby", St(self.st("Lobby"), [
            ("status", self.case("searching", "Lobby.Status")), ("matchID", NIL), ("players", Arr()),
            ("isLocalPlayerReady", boolean(False)), ("countdown", NIL)])))
        return self.act("menu", A(self.at("Menu"), "multiplayerButtonTapped"))

    def lobby_player(self, alias):
        rng = self.rng
        return {"id": "G:%d" % rng.randint(1000000000, 9999999999), "alias": alias, "ready": rng.random() < 0.3,
                "ping": rng.randint(28, 140)}

    def lobby_player_value(self, p):
        return St(self.st("LobbyPlayer"), [("id", text(p["id"])), ("alias", text(p["alias"])),
                                           ("isReady", boolean(p["ready"])), ("pingMs", num(p["ping"]))])

    # reason: the answer to the person opening the lobby
    @signal
    def matchmaking_response(self):
        rng = self.rng
        lob = self.lobby
        lob["status"] = "waiting"
        aliases = rng.sample(ALIASES[1:], 3)
        lob["players"] = [self.lobby_player(a) for a in aliases[:rng.randint(1, 3)]]
        lob["match"] = "M-%05X" % rng.randrange(16 ** 5)
        self.set(self.lp("status"), self.case("waiting", "Lobby.Status"))
        self.set(self.lp("matchID"), text(lob["match"]))
        self.set(self.lp("players"), Arr(self.lobby_player_value(p) for p in lob["players"]))
        return self.lobby_act("matchmakingResponse", self.result("Match", True, Struct("Match", [
            ("id", q(lob["match"])), ("playerCount", Raw(str(len(lob["players"]) + 1)))])))

    # reason: a push that inserts a new player
    @signal
    def player_joined(self):
        lob = self.lobby
        taken = {p["alias"] for p in lob["players"]}
        p = self.lobby_player(self.rng.choice([a for a in ALIASES[1:] if a not in taken]))
        lob["players"].append(p)
        self.append(self.lp("players"), self.lobby_player_value(p))
        self.spawn(self.player_pings(lob, p))
        if lob["countdown"] is not None:
            self.cancel_countdown()
        return self.lobby_act("playerJoined", Struct("LobbyPlayer", [("id", q(p["id"])), ("alias", q(p["alias"]))]))

    # reason: a push that removes a player
    @signal
    def player_left(self, pid):
        lob = self.lobby
        i = [p["id"] for p in lob["players"]].index(pid)
        lob["players"].pop(i)
        self.remove_at(self.lp("players"), i)
        return self.lobby_act("playerLeft", id=q(pid))

    # reason: a push, but another player's ready state is a status change the lobby waits on
    @signal
    def ready_pushed(self, pid, ready):
        lob = self.lobby
        i = [p["id"] for p in lob["players"]].index(pid)
        lob["players"][i]["ready"] = ready
        self.set(self.lp("players", ("i", i), "isReady"), boolean(ready))
        if not ready and lob["countdown"] is not None:
            self.cancel_countdown()
        return self.lobby_player_act(pid, A(self.at("LobbyPlayer"), "readyStateChanged", _b(ready)))

    def cancel_countdown(self):
        self.lobby["countdown"] = None
        self.lobby["cd_token"] = self.lobby.get("cd_token", 0) + 1
        self.set(self.lp("countdown"), NIL)

    @signal
    def ready_tapped(self):
        lob = self.lobby
        lob["ready"] = not lob["ready"]
        self.set(self.lp("isLocalPlayerReady"), boolean(lob["ready"]))
        if not lob["ready"] and lob["countdown"] is not None:
            self.cancel_countdown()
        return self.lobby_act("readyButtonTapped")

    # reason: a tap, a no-op: the lobby then dismisses itself
    @signal
    def leave_tapped(self):
        return self.lobby_act("leaveButtonTapped")

    @signal
    def match_started(self):
        lob = self.lobby
        self.dest = None
        self.lobby = None
        self.set(("destination",), NIL)
        self.new_game(1, True)
        self.set(("game",), self.game_value())
        self.start_loops()
        return self.lobby_act("delegate", A(self.at("Lobby") + ".Delegate", "matchStarted", Struct("Match", [
            ("id", q(lob["match"])), ("playerCount", Raw(str(len(lob["players"]) + 1)))])))

    @signal
    def scene_phase(self, phase):
        self.set(("scenePhase",), self.case(phase, "ScenePhase"))
        if phase == "background" and self.g is not None and self.g["phase"] == "playing":
            self.loop_token += 1
            g = self.g
            g["phase"] = "paused"
            g["jx"] = g["jy"] = 0.0
            self.set(self.gp("phase"), self.case("paused", "Game.Phase"))
            self.set(self.gp("joystick"), self.point(0.0, 0.0, "CGVector", "dx", "dy"))
            self.set(self.gp("destination"), En(self.st("Game.Destination"), "pauseMenu", St(self.st("PauseMenu"), [
                ("level", num(g["level"])), ("score", num(g["score"]))])))
        return self.act("scenePhaseChanged", A("ScenePhase", phase))

    # ---------------------------------------------------------------- processes
    def processes(self):
        return [self.launch(), self.lifecycle(), self.person()]

    def start_loops(self):
        self.loop_token += 1
        token = self.loop_token
        self.spawn(self.game_loop(token))
        self.spawn(self.spawner(token, self.enemy_spawned, lambda: max(0.45, 1.25 - 0.2 * (self.g["level"] - 1))))
        self.spawn(self.spawner(token, self.power_up_spawned, lambda: 13.0))

    def game_loop(self, token):
        """CADisplayLink-paced ticks: 1/60 s with a little jitter, until cancelled."""
        rng = self.rng
        last = self.now
        while True:
            yield 1.0 / 60 + rng.uniform(-0.0006, 0.0006)
            if token != self.loop_token or self.g is None:
                return
            dt = self.now - last
            last = self.now
            self.played += dt
            self.emit(self.tick, dt)

    def spawner(self, token, maker, mean):
        while True:
            yield self.expo(mean())
            if token != self.loop_token or self.g is None:
                return
            self.emit(maker)

    def launch(self):
        rng = self.rng
        yield rng.uniform(0.6, 2.0)
        if rng.random() < 0.55:
            self.emit(self.auth_response, True, "G:%d" % rng.randint(1000000000, 9999999999))
        else:
            self.emit(self.auth_response, False, None)

    def lifecycle(self):
        rng = self.rng
        while True:
            yield rng.uniform(170, 400)
            if not (self.g is not None and self.g["phase"] == "playing" and rng.random() < 0.3):
                # mostly from the menu; now and then mid-level (a call comes in: the game pauses)
                yield from self.wait_until(lambda: not self.engaged and self.dest is None)
            self.emit(self.scene_phase, "inactive")
            yield rng.uniform(0.2, 0.6)
            self.active = False
            self.emit(self.scene_phase, "background")
            yield rng.uniform(15, 70)
            self.emit(self.scene_phase, "inactive")
            yield rng.uniform(0.1, 0.3)
            self.active = True
            self.emit(self.scene_phase, "active")

    def person(self):
        rng = self.rng
        yield rng.uniform(3.0, 8.0)
        visits = {"settings": 0, "lobby": 0}
        while True:
            yield from self.wait_until(lambda: self.active)
            if not self.authenticated and rng.random() < 0.35:
                self.emit(self.sign_in_tapped)
                yield rng.uniform(6.0, 18.0)       # the system sheet: password, two-factor
                self.emit(self.auth_response, True, "G:%d" % rng.randint(1000000000, 9999999999))
                yield rng.uniform(1.0, 3.0)
            budget = self.played < self.play_budget
            r = rng.random()
            if budget and r < 0.5:
                yield from self.play_session()
            elif r < 0.62 and visits["settings"] < 3:
                visits["settings"] += 1
                yield from self.visit_settings()
            elif r < 0.8 and visits["lobby"] < 3:
                visits["lobby"] += 1
                yield from self.visit_lobby(budget or visits["lobby"] == 1)
            elif r < 0.9:
                self.emit(self.achievements_tapped)
                yield rng.uniform(3.0, 12.0)
                self.emit(self.destination_dismissed)
            yield rng.uniform(3.0, 25.0) if budget else rng.uniform(20.0, 75.0)

    def joystick(self):
        """One drag of the joystick: a vector that wanders while the thumb moves, at 60 Hz."""
        rng = self.rng
        dur = rng.uniform(0.3, 2.2)
        n = max(3, int(dur * 60))
        dx, dy = rng.uniform(-1, 1), rng.uniform(-0.5, 0.5)
        tx, ty = rng.uniform(-1, 1), rng.uniform(-0.6, 0.6)
        for i in range(n):
            yield max(0.002, rng.gauss(1.0, 0.04)) / 60
            if self.g is None or self.g["phase"] != "playing" or not self.active:
                return
            if rng.random() < 0.02:
                tx, ty = rng.uniform(-1, 1), rng.uniform(-0.6, 0.6)
            dx += (tx - dx) * 0.12 + rng.uniform(-0.02, 0.02)
            dy += (ty - dy) * 0.12 + rng.uniform(-0.02, 0.02)
            dx, dy = max(-1.0, min(1.0, dx)), max(-1.0, min(1.0, dy))
            self.emit(self.joystick_changed, round(dx, 2), round(dy, 2))
        yield rng.uniform(0.005, 0.02)
        if self.g is not None and self.g["phase"] == "playing":
            self.emit(self.joystick_ended)

    def play_level(self):
        """Steer until the level ends; now and then a pause (or the app goes to the background)."""
        rng = self.rng
        pause_at = rng.uniform(8, 30) if rng.random() < 0.3 else None
        started = self.now
        while self.g is not None and self.g["phase"] in ("playing", "paused"):
            if self.g["phase"] == "paused":
                yield from self.wait_until(lambda: self.active)
                yield rng.uniform(3.0, 20.0)
                if rng.random() < 0.85:
                    self.emit(self.resume_tapped)
                    yield rng.uniform(0.3, 1.0)
                else:
                    self.emit(self.quit_tapped)
                    self.emit(self.game_dismissed)
                    return
            elif not self.active:
                yield from self.wait_until(lambda: self.active)
            elif pause_at is not None and self.now - started > pause_at:
                pause_at = None
                self.emit(self.pause_tapped)
            else:
                yield from self.joystick()
                yield rng.uniform(0.3, 2.6)

    def play_session(self, multi=False):
        rng = self.rng
        self.engaged = True
        if not multi:
            self.emit(self.play_tapped)
        yield rng.uniform(0.5, 1.5)
        while self.g is not None:
            yield from self.play_level()
            if self.g is None:
                break
            yield rng.uniform(2.0, 7.0)
            phase = self.g["phase"]
            more = self.played < self.play_budget
            if phase == "levelComplete" and more and not self.g["multi"] and rng.random() < 0.75:
                self.emit(self.next_level_tapped)
                yield rng.uniform(0.4, 1.2)
            elif phase == "gameOver" and more and rng.random() < 0.4:
                self.emit(self.retry_tapped)
                yield rng.uniform(0.4, 1.2)
            else:
                self.emit(self.menu_tapped)
                self.emit(self.game_dismissed)
        self.engaged = False

    def visit_settings(self):
        rng = self.rng
        self.emit(self.settings_tapped)
        yield rng.uniform(1.0, 3.0)
        for _ in range(rng.randint(1, 3)):
            r = rng.random()
            if r < 0.5:
                field = rng.choice(["soundVolume", "soundVolume", "musicVolume"])
                v0 = self.settings[field]
                v1 = round(rng.uniform(0.0, 1.0), 2)
                hz = rng.uniform(30, 60)
                m = max(3, int(rng.uniform(0.4, 2.0) * hz))
                yield from self.gesture(self.volume_slid, hz=hz, duration=m / hz, args=lambda i, m=m, v0=v0, v1=v1, f=field: (
                    f, round(max(0.0, min(1.0, v0 + (v1 - v0) * (i + 1) / m + rng.uniform(-0.01, 0.01))), 3)))
            else:
                field = rng.choice(["isMusicEnabled", "isHapticsEnabled", "showsFPS"])
                self.emit(self.toggle_set, field, not self.settings[field])
            yield rng.uniform(0.8, 3.0)
        if not self.authenticated and rng.random() < 0.5:
            self.emit(self.sign_in_tapped)
            yield rng.uniform(6.0, 18.0)
            self.emit(self.auth_response, True, "G:%d" % rng.randint(1000000000, 9999999999))
            yield rng.uniform(1.0, 2.0)
        self.emit(self.destination_dismissed)

    def visit_lobby(self, play=True):
        rng = self.rng
        self.engaged = True
        self.emit(self.multiplayer_tapped)
        lob = self.lobby
        yield rng.uniform(1.5, 5.0)
        self.emit(self.matchmaking_response)
        self.pings(lob)
        self.spawn(self.lobby_pushes(lob))
        stay = play and rng.random() < 0.9
        leave_after = self.now + (rng.uniform(20, 70) if not stay else 1e9)
        ready_at = self.now + (rng.uniform(5, 40) if stay else 1e9)
        while self.lobby is lob:
            yield rng.uniform(0.5, 1.5)
            if self.lobby is not lob:
                break
            if not self.active:
                continue
            if self.now > leave_after:
                self.emit(self.leave_tapped)
                self.emit(self.destination_dismissed)
                break
            if self.now > ready_at:
                self.emit(self.ready_tapped)
                ready_at = self.now + (rng.uniform(4, 15) if not lob["ready"] else 1e9)
                if lob["ready"] and rng.random() < 0.15:
                    ready_at = self.now + rng.uniform(3, 8)      # changes their mind
            others = lob["players"]
            if (lob["ready"] and others and all(p["ready"] for p in others) and lob["countdown"] is None
                    and lob["status"] == "waiting"):
                self.spawn(self.countdown(lob))
        if self.g is not None:
            yield from self.play_session(multi=True)
        self.engaged = False

    def countdown(self, lob):
        lob["countdown"] = 3
        token = lob.get("cd_token", 0)
        for n in (3, 2, 1, 0):
            yield 1.0 + self.rng.uniform(-0.01, 0.01)
            if self.lobby is not lob or lob.get("cd_token", 0) != token:
                return
            lob["countdown"] = n
            self.emit(self.countdown_ticked, n)
        yield self.rng.uniform(0.05, 0.3)
        if self.lobby is lob and lob.get("cd_token", 0) == token:
            self.emit(self.match_started)

    def pings(self, lob):
        """Each player's latency report every 2 s, on that player's own schedule."""
        for p in lob["players"]:
            self.spawn(self.player_pings(lob, p))

    def player_pings(self, lob, p):
        rng = self.rng
        yield rng.uniform(0.1, 2.0)
        while self.lobby is lob and p in lob["players"]:
            if self.active:
                ms = max(12, p["ping"] + (0 if rng.random() < 0.25 else rng.randint(-9, 9)))
                self.emit(self.ping_pushed, p["id"], ms)
            yield 2.0 + rng.uniform(-0.08, 0.08)

    def lobby_pushes(self, lob):
        rng = self.rng
        while self.lobby is lob:
            yield self.expo(6.0)
            if self.lobby is not lob or not self.active:
                continue
            r = rng.random()
            players = lob["players"]
            if r < 0.25 and len(players) < 5:
                self.emit(self.player_joined)
            elif r < 0.32 and len(players) > 1 and lob["countdown"] is None:
                self.emit(self.player_left, rng.choice(players)["id"])
            else:
                waiting = [p for p in players if not p["ready"]]
                if waiting:
                    self.emit(self.ready_pushed, rng.choice(waiting)["id"], True)
                elif players and rng.random() < 0.15:
                    self.emit(self.ready_pushed, rng.choice(players)["id"], False)


APPS = {"calendar": CalendarApp, "feed": FeedApp, "arcade": ArcadeApp}
