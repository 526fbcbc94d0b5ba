"""Three simulated TCA apps by author-aj: a field survey app, an air-quality monitor and a
remote desktop client, each over a session of a person using it at a person's pace.

survey (FieldNotes): an ecologist walks a transect with the phone. GPS fixes arrive once a
second for the whole session (the track is recorded from them while a transect runs), the
compass heading streams while the map is on screen and a clock counts the transect's time.
Every few minutes the person records an observation: a form presented over the map with a
species picker (a search field, debounced results, a selection), a count stepper, photos
from the camera and notes; the form autosaves a draft on a timer, validates on save and hands
the saved observation to the parent by a delegate action. An upload queue sends records and
photos with progress whenever the network is there, failing when the connection drops and
retrying on a backoff timer; an offline map region downloads its tiles with progress. The
battery level and the signal strength are polled and shown; the network path comes and goes.

airquality (AirBuddy): a Bluetooth sensor clipped to a bag notifies particulate matter once
a second, CO2 and VOC every five seconds and temperature and humidity every thirty; its RSSI
is read every two seconds in the foreground and its battery reported as it drops. The sensor
goes out of range now and then: the app notices the disconnection, retries on a timer until
it is back, then downloads the readings the sensor stored meanwhile. Values above the
person's thresholds raise warnings that the person dismisses or that clear on their own.
The person opens the app a few times: looks at the history chart (picks a range, scrubs the
chart), the map of public stations (refreshed from a server every minute, panned, a station
tapped), moves threshold sliders, tags the current place, exports a CSV, and gets told about
a firmware update; places are entered and left as geofence events.

remotedesktop (RemoteDesk): the person picks a saved computer, the client connects,
authenticates (a saved password, now and then a second factor typed in), and the remote
screen streams in as framebuffer updates whose rate follows what happens on the remote
machine; the connection reports its latency and frame rate every second, the remote cursor
comes back as it moves and a keep-alive runs. The person taps, drags, scrolls with two
fingers, pinches to zoom, types on a keyboard overlay, syncs the clipboard both ways and
sends or receives files with progress. The session pauses when the app goes to the
background and resumes when it returns; a network change drops the connection and the
client reconnects on a backoff timer.
"""

import math

from tcasim import A, App, Arr, Dic, En, NIL, Raw, St, Struct, V, boolean, either, noise, num, q, signal, text

AUTHOR = "author-aj"


# ================================================================ small value helpers

def lit(x):
    """A literal in an action."""
    if isinstance(x, (Raw, Struct)) or hasattr(x, "args"):
        return x
    if isinstance(x, bool):
        return Raw("true" if x else "false")
    if isinstance(x, int):
        return Raw(str(x))
    if isinstance(x, float):
        return Raw(repr(x))
    if x is None:
        return Raw("nil")
    return q(x)


def S(type_name, **fields):
    """A struct in an action."""
    return Struct(type_name, [(k, lit(v)) for k, v in fields.items()])


def val(x):
    """A leaf of the state."""
    if isinstance(x, (V, St, Arr, Dic, En)):
        return x
    if isinstance(x, bool):
        return boolean(x)
    if isinstance(x, (int, float)):
        return num(x)
    if x is None:
        return NIL
    return text(x)


def ST(type_name, **fields):
    """A struct in the state."""
    return St(type_name, [(k, val(v)) for k, v in fields.items()])


def every(app, period, jitter, fn, first=None):
    """A timer like App.periodic that calls fn() (which emits what it has to) each firing."""
    due = app.now + (app.rng.uniform(0, period) if first is None else first)
    k = 0
    while True:
        fire = max(app.now + 0.0005, due + period * k + app.rng.uniform(-jitter, jitter))
        yield fire - app.now
        fn()
        k += 1


# ====================================================================== FieldNotes

SPECIES = [("Eurasian Robin", "Erithacus rubecula"), ("Common Blackbird", "Turdus merula"),
           ("Great Tit", "Parus major"), ("Blue Tit", "Cyanistes caeruleus"),
           ("Common Chaffinch", "Fringilla coelebs"), ("Eurasian Blackcap", "Sylvia atricapilla"),
           ("Common Chiffchaff", "Phylloscopus collybita"), ("Eurasian Wren", "Troglodytes troglodytes"),
           ("Great Spotted Woodpecker", "Dendrocopos major"), ("Eurasian Nuthatch", "Sitta europaea"),
           ("Eurasian Treecreeper", "Certhia familiaris"), ("Goldcrest", "Regulus regulus"),
           ("Common Buzzard", "Buteo buteo"), ("Carrion Crow", "Corvus corone"),
           ("Eurasian Jay", "Garrulus glandarius"), ("European Green Woodpecker", "Picus viridis"),
           ("Song Thrush", "Turdus philomelos"), ("Long-tailed Tit", "Aegithalos caudatus")]
NOTES = ["singing from canopy", "pair foraging on ground", "juvenile, begging calls", "flyover heading north",
         "alarm calls near nest box", "drumming on dead oak", "mixed flock with tits", "carrying nesting material"]
REGIONS = [("Kampina north", 1840), ("Oisterwijkse Vennen", 2360), ("Loonse Duinen", 1520)]


class Survey(App):
    name = "survey"
    module = "FieldNotes"
    process = "FieldNotes"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        self.lat, self.lon = 51.5768 + rng.uniform(-0.002, 0.002), 5.2437 + rng.uniform(-0.002, 0.002)
        self.bearing = rng.uniform(0, 360)
        self.heading = self.bearing
        self.walking = False
        self.recording = False
        self.foreground = True
        self.online = True
        self.tab = "map"
        self.obs_ids = []
        self.queue = []              # upload item ids in order
        self.retry_at = {}           # id -> time the retry timer fires
        self.uploading = None
        self.battery = rng.randint(58, 91)
        self.bars = 3
        self.elapsed = 0
        self.stack = []              # StackElementIDs on the records tab
        self.next_stack_id = 0
        self.form_dirty = False
        self.downloads = set()
        self.owner = {}              # upload item id -> observation id
        self.state = St(self.st("AppFeature"), [
            ("selectedTab", self.case("map", "AppFeature.Tab")),
            ("location", St(self.st("Location"), [
                ("authorization", self.case("authorizedAlways", "CLAuthorizationStatus")),
                ("fix", NIL), ("heading", NIL)])),
            ("transect", St(self.st("Transect"), [
                ("name", text("")), ("status", self.case("idle", "Transect.Status")), ("startedAt", NIL),
                ("elapsed", num(0)), ("trackPoints", num(0)), ("distanceMeters", num(0.0))])),
            ("map", St(self.st("SurveyMap"), [
                ("center", ST("Coordinate", latitude=round(self.lat, 6), longitude=round(self.lon, 6))),
                ("zoom", num(15.0)), ("followsUser", boolean(True))])),
            ("observations", Arr()),
            ("form", NIL),
            ("path", Dic(ordered=True, quoted=False)),
            ("sync", St(self.st("Sync"), [
                ("isOnline", boolean(True)), ("queue", Dic(key="UUID(%s)")), ("uploaded", num(0)),
                ("lastSyncedAt", NIL)])),
            ("offlineMaps", St(self.st("OfflineMaps"), [("regions", Dic())])),
            ("device", St(self.st("Device"), [
                ("batteryLevel", num(self.battery / 100.0)), ("batteryState", self.case("unplugged", "BatteryState")),
                ("signalBars", num(3)), ("network", self.case("cellular", "Device.Network"))])),
            ("scenePhase", self.case("active", "ScenePhase"))])

    # -- actions and paths
    def form(self, inner):
        return self.act("form", A("PresentationAction<%s>" % self.at("ObservationForm"), "presented", inner))

    def form_a(self, name, *a, **k):
        return self.form(A(self.at("ObservationForm"), name, *a, **k))

    def picker(self, inner):
        return self.form(A(self.at("ObservationForm"), "speciesPicker",
                           A("PresentationAction<%s>" % self.at("SpeciesPicker"), "presented", inner)))

    def sync_a(self, name, *a, **k):
        return self.act("sync", A(self.at("Sync"), name, *a, **k))

    def item_path(self, u, *rest):
        return ("sync", "queue", ("k", u)) + rest

    def uuid_arg(self, u):
        return Raw("UUID(%s)" % u if self.tca1 else u)

    def fix_struct(self, acc, alt, speed):
        return S("Fix", latitude=round(self.lat, 6), longitude=round(self.lon, 6), horizontalAccuracy=acc,
                 altitude=alt, speed=speed)

    # -- noise
    @noise
    def location_updated(self, acc, alt, speed):
        self.set(("location", "fix"), ST("Fix", latitude=round(self.lat, 6), longitude=round(self.lon, 6),
                                         horizontalAccuracy=acc, altitude=alt, speed=speed))
        if self.get(("map", "followsUser")).cd == "true":
            self.set(("map", "center"), ST("Coordinate", latitude=round(self.lat, 6), longitude=round(self.lon, 6)))
        if self.recording:
            n = int(self.get(("transect", "trackPoints")).cd) + 1
            d = float(self.get(("transect", "distanceMeters")).cd) + speed * 1.0
            self.set(("transect", "trackPoints"), num(n))
            self.set(("transect", "distanceMeters"), num(round(d, 1)))
        return self.act("location", A(self.at("Location"), "locationUpdated", self.fix_struct(acc, alt, speed)))

    @noise
    def heading_updated(self, h, acc):
        self.set(("location", "heading"), ST("Heading", trueHeading=h, accuracy=acc))
        return self.act("location", A(self.at("Location"), "headingUpdated",
                                      S("Heading", trueHeading=h, headingAccuracy=acc)))

    @noise
    def transect_ticked(self):
        self.elapsed += 1
        self.set(("transect", "elapsed"), num(self.elapsed))
        return self.act("transect", A(self.at("Transect"), "timerTicked"))

    # reason: a 10 s poll of the signal strength, mostly unchanged (the network path change is the event)
    @noise
    def signal_polled(self, bars):
        self.set(("device", "signalBars"), num(bars))
        return self.act("device", A(self.at("Device"), "signalStrengthResponse", bars=lit(bars)))

    @noise
    def battery_changed(self, level):
        self.set(("device", "batteryLevel"), num(level))
        return self.act("device", A(self.at("Device"), "batteryLevelDidChange", lit(level)))

    @noise
    def map_camera_changed(self, lat, lon, zoom):
        self.set(("map", "followsUser"), boolean(False))
        self.set(("map", "center"), ST("Coordinate", latitude=lat, longitude=lon))
        self.set(("map", "zoom"), num(zoom))
        return self.act("map", A(self.at("SurveyMap"), "cameraChanged",
                                 S("MapCamera", centerLatitude=lat, centerLongitude=lon, zoom=zoom)))

    @noise
    def upload_progress(self, u, fraction):
        if u not in self.queue:
            return None
        self.set(self.item_path(u, "status"), self.case("uploading", "UploadItem.Status"))
        self.set(self.item_path(u, "progress"), num(fraction))
        return self.sync_a("uploadProgress", id=self.uuid_arg(u), fraction=lit(fraction))

    # reason: the backoff timer of a failed upload; the failure before it and the response after it carry the news
    @noise
    def retry_fired(self, u):
        if u not in self.queue:
            return None
        self.set(self.item_path(u, "status"), self.case("waiting", "UploadItem.Status"))
        return self.sync_a("retryTimerFired", id=self.uuid_arg(u))

    @noise
    def tiles_progress(self, region, done, total):
        self.set(("offlineMaps", "regions", ("k", region), "tilesDone"), num(done))
        return self.act("offlineMaps", A(self.at("OfflineMaps"), "downloadProgress", region=q(region),
                                         tiles=lit(done), of=lit(total)))

    @noise
    def autosave_fired(self):
        if self.get(("form",)) is NIL:
            return None
        if self.form_dirty:
            self.set(("form", "isSavingDraft"), boolean(True))
            self.after(self.rng.uniform(0.03, 0.15), self.draft_saved)
        return self.form_a("autosaveTimerFired")

    # reason: the autosave timer's own write coming back; it follows the timer, not the person
    @noise
    def draft_saved(self):
        if self.get(("form",)) is NIL:
            return None
        self.form_dirty = False
        self.set(("form", "isSavingDraft"), boolean(False))
        self.set(("form", "draftSavedAt"), self.date())
        return self.form_a("draftSaveResponse", self.result("Date", True, Raw("Date(%s)" % self.date().cd[5:-1])))

    # -- either
    @either
    def species_query(self, value):
        self.set(("form", "speciesPicker", "query"), text(value))
        return self.picker(self.binding("SpeciesPicker", "query", q(value)))

    @either
    def notes_typed(self, value):
        self.form_dirty = True
        self.set(("form", "notes"), text(value))
        return self.form(self.binding("ObservationForm", "notes", q(value)))

    @either
    def transect_name_typed(self, value):
        self.set(("transect", "name"), text(value))
        return self.act("transect", self.binding("Transect", "name", q(value)))

    # -- signal
    @signal
    def scene_phase(self, phase):
        self.set(("scenePhase",), self.case(phase, "ScenePhase"))
        return self.act("scenePhaseChanged", A("ScenePhase", phase))

    @signal
    def tab_selected(self, tab):
        self.tab = tab
        self.set(("selectedTab",), self.case(tab, "AppFeature.Tab"))
        return self.act("tabSelected", A("AppFeature.Tab", tab))

    @signal
    def network_changed(self, online):
        self.online = online
        self.set(("sync", "isOnline"), boolean(online))
        self.set(("device", "network"), self.case("cellular" if online else "none", "Device.Network"))
        path = S("NetworkPath", status=Raw(".satisfied" if online else ".unsatisfied"),
                 isExpensive=online, interface=Raw(".cellular" if online else "nil"))
        return self.act("device", A(self.at("Device"), "networkPathChanged", path))

    @signal
    def battery_state(self, state):
        self.set(("device", "batteryState"), self.case(state, "BatteryState"))
        return self.act("device", A(self.at("Device"), "batteryStateDidChange", A("BatteryState", state)))

    @signal
    def start_transect(self):
        self.recording = True
        self.elapsed = 0
        self.set(("transect", "status"), self.case("recording", "Transect.Status"))
        self.set(("transect", "startedAt"), self.date())
        return self.act("transect", A(self.at("Transect"), "startButtonTapped"))

    @signal
    def pause_transect(self, pause):
        self.recording = not pause
        self.set(("transect", "status"), self.case("paused" if pause else "recording", "Transect.Status"))
        return self.act("transect", A(self.at("Transect"), "pauseButtonTapped" if pause else "resumeButtonTapped"))

    @signal
    def stop_transect(self):
        self.recording = False
        self.set(("transect", "status"), self.case("saving", "Transect.Status"))
        return self.act("transect", A(self.at("Transect"), "finishButtonTapped"))

    @signal
    def transect_saved(self):
        self.set(("transect", "status"), self.case("finished", "Transect.Status"))
        pts = int(self.get(("transect", "trackPoints")).cd)
        self.enqueue("track", "track-%d.gpx" % pts)
        return self.act("transect", A(self.at("Transect"), "saveResponse", self.result("TransectRecord", True, S(
            "TransectRecord", trackPoints=pts, distanceMeters=float(self.get(("transect", "distanceMeters")).cd)))))

    @signal
    def recenter(self):
        self.set(("map", "followsUser"), boolean(True))
        self.set(("map", "center"), ST("Coordinate", latitude=round(self.lat, 6), longitude=round(self.lon, 6)))
        return self.act("map", A(self.at("SurveyMap"), "recenterButtonTapped"))

    @signal
    def add_observation(self):
        oid = self.uid()
        self.form_dirty = False
        self.set(("form",), St(self.st("ObservationForm"), [
            ("id", self.uuid_value(oid)), ("species", NIL), ("count", num(1)), ("notes", text("")),
            ("photos", Arr()), ("location", ST("Coordinate", latitude=round(self.lat, 6), longitude=round(self.lon, 6))),
            ("validationErrors", Arr()), ("isSavingDraft", boolean(False)), ("draftSavedAt", NIL),
            ("isSaving", boolean(False)), ("speciesPicker", NIL)]))
        return self.act("map", A(self.at("SurveyMap"), "addObservationButtonTapped"))

    @signal
    def species_field_tapped(self):
        self.set(("form", "speciesPicker"), St(self.st("SpeciesPicker"), [("query", text("")), ("results", Arr())]))
        return self.form_a("speciesFieldTapped")

    # reason: the debounced answer to the person's search, one per pause in the typing
    @signal
    def species_results(self, query):
        hits = [s for s in SPECIES if query.lower() in s[0].lower() or query.lower() in s[1].lower()][:6]
        self.set(("form", "speciesPicker", "results"), Arr(text(h[0]) for h in hits))
        return self.picker(A(self.at("SpeciesPicker"), "searchResponse", self.result("[Species]", True, S(
            "SpeciesPage", query=query, count=len(hits)))))

    @signal
    def species_selected(self, sp):
        self.form_dirty = True
        self.set(("form", "species"), ST("Species", common=sp[0], scientific=sp[1]))
        self.set(("form", "speciesPicker"), NIL)
        return self.picker(A(self.at("SpeciesPicker"), "speciesTapped", S("Species", common=sp[0], scientific=sp[1])))

    # reason: a stepper's binding, but each step is one tap of the person's
    @signal
    def count_stepped(self, n):
        self.form_dirty = True
        self.set(("form", "count"), num(n))
        return self.form(self.binding("ObservationForm", "count", Raw(str(n))))

    @signal
    def camera_tapped(self):
        return self.form_a("takePhotoButtonTapped")

    @signal
    def photo_captured(self, pid, size):
        self.form_dirty = True
        self.append(("form", "photos"), ST("Photo", id=self.uuid_value(pid), bytes=size))
        return self.form_a("cameraResponse", self.result("Photo", True, S(
            "Photo", id=Raw("UUID(%s)" % pid), bytes=size, width=4032, height=3024)))

    @signal
    def camera_cancelled(self):
        return self.form_a("cameraResponse", self.result("Photo", False, S("CameraError", reason=Raw(".cancelled"))))

    @signal
    def save_tapped(self):
        errors = []
        if self.get(("form", "species")) is NIL:
            errors.append("Pick a species")
        elif int(self.get(("form", "count")).cd) < 1:
            errors.append("Count must be at least 1")
        self.set(("form", "validationErrors"), Arr(text(e) for e in errors))
        if not errors:
            self.set(("form", "isSaving"), boolean(True))
        return self.form_a("saveButtonTapped")

    @signal
    def save_response(self):
        self.set(("form", "isSaving"), boolean(False))
        oid = self.get(("form", "id")).df
        return self.form_a("saveResponse", self.result("Observation.ID", True, Raw("UUID(%s)" % oid)))

    @signal
    def form_delegate_saved(self):
        f = self.get(("form",))
        oid = f.f["id"].df
        sp = f.f["species"].f["common"].df
        count = int(f.f["count"].cd)
        photos = [p.f["id"].df for p in f.f["photos"].items]
        action = self.form_a("delegate", A(self.at("ObservationForm") + ".Delegate", "saved", S(
            "Observation", id=Raw("UUID(%s)" % oid), species=sp, count=count, photos=len(photos))))
        self.obs_ids.append(oid)
        self.append(("observations",), St(self.st("ObservationRow"), [
            ("id", self.uuid_value(oid)), ("species", text(sp)), ("count", num(count)),
            ("photos", num(len(photos))), ("recordedAt", self.date()),
            ("syncStatus", self.case("pending", "ObservationRow.SyncStatus"))]))
        self.set(("form",), NIL)
        self.enqueue("record", "observation-%s.json" % oid[:8], oid)
        for p in photos:
            self.enqueue("photo", "IMG_%s.heic" % p[:4], oid)
        return action

    @signal
    def form_cancelled(self):
        self.set(("form",), NIL)
        return self.act("form", A("PresentationAction<%s>" % self.at("ObservationForm"), "dismiss"))

    def enqueue(self, kind, name, oid=None):
        u = self.uid()
        self.queue.append(u)
        self.owner[u] = oid
        self.put(("sync", "queue"), u, ST("UploadItem", kind=self.case(kind, "UploadItem.Kind"), name=name,
                                          progress=0.0, attempts=0, status=self.case("waiting", "UploadItem.Status")))

    @signal
    def sync_now(self):
        return self.sync_a("syncNowButtonTapped")

    @signal
    def upload_response(self, u, ok, code=None):
        if u not in self.queue:
            return None
        name = self.get(self.item_path(u, "name")).df
        if ok:
            self.queue.remove(u)
            self.delete(("sync", "queue"), u)
            self.set(("sync", "uploaded"), num(int(self.get(("sync", "uploaded")).cd) + 1))
            self.set(("sync", "lastSyncedAt"), self.date())
            oid = self.owner.get(u)
            if oid in self.obs_ids and not any(self.owner.get(x) == oid for x in self.queue):
                self.set(("observations", ("i", self.obs_ids.index(oid)), "syncStatus"),
                         self.case("synced", "ObservationRow.SyncStatus"))
            payload = self.result("UploadReceipt", True, S("UploadReceipt", file=name, etag=self.uid()[:12].lower()))
        else:
            attempts = int(self.get(self.item_path(u, "attempts")).cd) + 1
            self.set(self.item_path(u, "attempts"), num(attempts))
            self.set(self.item_path(u, "progress"), num(0.0))
            self.set(self.item_path(u, "status"), En("UploadItem.Status", "failed", num(attempts), label="attempt"))
            payload = self.result("UploadReceipt", False, S("URLError", code=code))
        return self.sync_a("uploadResponse", id=self.uuid_arg(u), result=payload)

    @signal
    def download_tapped(self, region, total):
        self.put(("offlineMaps", "regions"), region, ST("OfflineRegion", tilesDone=0, tilesTotal=total,
                                                         status=self.case("downloading", "OfflineRegion.Status")))
        return self.act("offlineMaps", A(self.at("OfflineMaps"), "downloadButtonTapped", region=q(region)))

    @signal
    def download_finished(self, region, ok):
        self.set(("offlineMaps", "regions", ("k", region), "status"),
                 self.case("ready" if ok else "failed", "OfflineRegion.Status"))
        payload = S("OfflinePack", region=region, bytes=self.rng.randint(40, 160) * 1000000) if ok else \
            S("URLError", code=-1009)
        return self.act("offlineMaps", A(self.at("OfflineMaps"), "downloadResponse", region=q(region),
                                         result=self.result("OfflinePack", ok, payload)))

    @signal
    def record_tapped(self, oid):
        self.next_stack_id += 1
        sid = self.next_stack_id
        self.stack.append(sid)
        row = self.get(("observations", ("i", self.obs_ids.index(oid))))
        self.put(("path",), "#%d" % sid, En("Path.State", "detail", St(self.st("ObservationDetail"), [
            ("id", self.uuid_value(oid)), ("species", row.f["species"]), ("isShowingPhoto", boolean(False))])))
        return self.act("records", A(self.at("Records"), "rowTapped", id=self.uuid_arg(oid)))

    @signal
    def detail_photo(self, show):
        sid = self.stack[-1]
        self.set(("path", ("k", "#%d" % sid), ("e", "detail"), "isShowingPhoto"), boolean(show))
        return self.act("path", A("StackAction<Path.State, Path.Action>", "element", id=Raw("#%d" % sid),
                                  action=A(self.at("Path"), "detail", A(self.at("ObservationDetail"),
                                                                       "photoTapped" if show else "photoDismissed"))))

    @signal
    def detail_back(self):
        sid = self.stack.pop()
        self.delete(("path",), "#%d" % sid)
        return self.act("path", A("StackAction<Path.State, Path.Action>", "popFrom", id=Raw("#%d" % sid)))

    # -- processes
    def processes(self):
        return [every(self, 1.0, 0.03, self.gps, first=0.4), self.heading_stream(),
                self.periodic(self.transect_ticked, 1.0, 0.002, when=lambda: self.recording),
                every(self, 10.0, 0.1, self.poll_signal), self.battery_drain(), self.connectivity(),
                self.uploader(), self.person(), self.periodic(self.autosave_fired, 10.0, 0.01,
                                                              when=lambda: self.get(("form",)) is not NIL)]

    def gps(self):
        """Not a maker: moves the walker, then emits the fix."""
        rng = self.rng
        speed = 0.0
        if self.walking:
            self.bearing = (self.bearing + rng.gauss(0, 6)) % 360
            speed = round(max(0.2, rng.gauss(1.15, 0.15)), 2)
            self.lat += speed * math.cos(math.radians(self.bearing)) / 111320.0
            self.lon += speed * math.sin(math.radians(self.bearing)) / (111320.0 * math.cos(math.radians(self.lat)))
        else:
            self.lat += rng.gauss(0, 0.4) / 111320.0
            self.lon += rng.gauss(0, 0.4) / 69000.0
        if self.foreground or self.recording:
            acc = round(max(3.0, rng.gauss(6.5, 2.5)), 1)
            alt = round(14.0 + rng.gauss(0, 1.2), 1)
            self.emit(self.location_updated, acc, alt, speed)

    def heading_stream(self):
        rng = self.rng
        while True:
            yield rng.uniform(0.18, 0.6)
            if self.foreground and self.tab == "map":
                self.heading = (self.heading + rng.gauss(0, 3.0) + 0.15 * ((self.bearing - self.heading + 540) % 360 - 180)) % 360
                self.emit(self.heading_updated, round(self.heading, 1), round(rng.uniform(10, 25), 1))

    def poll_signal(self):
        bars = 0 if not self.online else max(1, min(4, self.bars + self.rng.choice([-1, 0, 0, 0, 1])))
        self.bars = bars if self.online else self.bars
        self.emit(self.signal_polled, bars)

    def battery_drain(self):
        rng = self.rng
        while True:
            yield rng.uniform(70, 130)
            self.battery -= 1
            self.emit(self.battery_changed, self.battery / 100.0)
            if self.battery == 20:
                self.emit(self.battery_state, "unplugged")

    def connectivity(self):
        rng = self.rng
        while True:
            yield rng.uniform(70, 220)
            self.emit(self.network_changed, False)
            yield rng.uniform(35, 150)
            self.emit(self.network_changed, True)

    def uploader(self):
        rng = self.rng
        while True:
            yield 0.5
            if not self.online or not self.queue:
                continue
            ready = [u for u in self.queue if self.retry_at.get(u, 0) <= self.now]
            if not ready:
                continue
            u = ready[0]
            kind = self.get(self.item_path(u, "kind")).df
            size = rng.uniform(2.2, 4.8) if kind == "photo" else (rng.uniform(0.3, 1.2) if kind == "track" else 0.004)
            rate = rng.uniform(0.15, 0.9) if self.bars < 3 else rng.uniform(0.6, 1.8)   # MB/s
            secs = size / rate
            p = 0.0
            failed = False
            if secs > 0.6:
                while True:
                    step = rng.uniform(0.25, 0.5)
                    yield step
                    if not self.online or rng.random() < 0.004:
                        failed = True
                        break
                    p = round(p + step / secs, 2)
                    if p >= 1.0:
                        break
                    self.emit(self.upload_progress, u, p)
            else:
                yield rng.uniform(0.3, 0.9)
                failed = not self.online or rng.random() < 0.05
            yield rng.uniform(0.05, 0.4)
            if failed:
                code = -1005 if not self.online else rng.choice([-1001, -1005, 503])
                self.emit(self.upload_response, u, False, code)
                if u in self.queue:
                    attempts = int(self.get(self.item_path(u, "attempts")).cd)
                    backoff = min(120, 5 * 2 ** (attempts - 1)) * rng.uniform(0.9, 1.1)
                    self.retry_at[u] = self.now + backoff
                    self.after(backoff, self.retry_fired, u)
            else:
                self.emit(self.upload_response, u, True)

    def tile_download(self, region, total):
        rng = self.rng
        self.downloads.add(region)
        self.emit(self.download_tapped, region, total)
        done = 0
        while done < total:
            yield rng.uniform(0.45, 0.55)
            if not self.online:
                self.emit(self.download_finished, region, False)
                self.downloads.discard(region)
                return
            done = min(total, done + rng.randint(8, 30))
            if done < total:
                self.emit(self.tiles_progress, region, done, total)
        yield rng.uniform(0.2, 0.8)
        self.emit(self.download_finished, region, True)
        self.downloads.discard(region)

    def type_text(self, maker, word, fast=(0.09, 0.35)):
        rng = self.rng
        for k in range(1, len(word) + 1):
            self.emit(maker, word[:k])
            yield rng.uniform(*fast)

    def pan_map(self):
        rng = self.rng
        c = self.get(("map", "center"))
        lat0, lon0 = float(c.f["latitude"].cd), float(c.f["longitude"].cd)
        z0 = float(self.get(("map", "zoom")).cd)
        dlat, dlon = rng.uniform(-0.004, 0.004), rng.uniform(-0.006, 0.006)
        dz = rng.choice([0.0, 0.0, rng.uniform(-1.5, 1.5)])
        hz = 60.0
        n = max(4, int(hz * rng.uniform(0.4, 1.6)))

        def at(i):
            f = (i + 1) / n
            e = 1 - (1 - f) ** 2
            return (round(lat0 + dlat * e, 6), round(lon0 + dlon * e, 6), round(z0 + dz * e, 2))

        yield from self.gesture(self.map_camera_changed, hz=hz, duration=n / hz, args=at)

    def observe(self):
        """One observation: the form from open to save."""
        rng = self.rng
        self.walking = False
        if self.tab != "map":
            self.emit(self.tab_selected, "map")
            yield rng.uniform(0.8, 2.0)
        self.emit(self.add_observation)
        yield rng.uniform(1.0, 3.0)
        sp = rng.choice(SPECIES)
        if rng.random() < 0.9:
            self.emit(self.species_field_tapped)
            yield rng.uniform(0.6, 1.5)
            word = rng.choice([sp[0].split()[-1], sp[1].split()[0]])[:rng.randint(3, 7)].lower()
            for k in range(1, len(word) + 1):
                self.emit(self.species_query, word[:k])
                gap = rng.uniform(0.12, 0.5)
                if gap > 0.3 or k == len(word):
                    yield 0.3
                    self.emit(self.species_results, word[:k])
                    gap = max(0.05, gap - 0.3)
                yield gap
            yield rng.uniform(0.8, 2.5)
            self.emit(self.species_selected, sp)
            yield rng.uniform(1.0, 3.0)
        n = 1
        for _ in range(rng.choice([0, 0, 1, 2, 3, 5])):
            n += 1
            self.emit(self.count_stepped, n)
            yield rng.uniform(0.25, 0.7)
        for _ in range(rng.choice([0, 1, 1, 2, 3])):
            self.emit(self.camera_tapped)
            yield rng.uniform(3.0, 12.0)
            if rng.random() < 0.1:
                self.emit(self.camera_cancelled)
            else:
                self.emit(self.photo_captured, self.uid(), rng.randint(2100000, 4800000))
            yield rng.uniform(1.0, 3.0)
        if rng.random() < 0.55:
            yield from self.type_text(self.notes_typed, rng.choice(NOTES), (0.1, 0.45))
            yield rng.uniform(0.5, 2.0)
        if rng.random() < 0.07:
            self.emit(self.form_cancelled)
            return
        self.emit(self.save_tapped)
        if self.get(("form", "validationErrors")).items:
            yield rng.uniform(2.0, 4.0)
            self.emit(self.species_field_tapped)
            yield rng.uniform(0.8, 1.5)
            self.emit(self.species_selected, sp)
            yield rng.uniform(0.8, 2.0)
            self.emit(self.save_tapped)
        yield rng.uniform(0.05, 0.25)
        self.emit(self.save_response)
        self.emit(self.form_delegate_saved)

    def person(self):
        rng = self.rng
        yield rng.uniform(2.0, 5.0)
        # getting ready at the trailhead: an offline map, the transect's name
        if rng.random() < 0.7:
            self.emit(self.tab_selected, "offlineMaps")
            yield rng.uniform(2.0, 5.0)
            region, total = rng.choice(REGIONS)
            self.spawn(self.tile_download(region, total))
            yield rng.uniform(4.0, 10.0)
            self.emit(self.tab_selected, "map")
            yield rng.uniform(1.0, 3.0)
        yield from self.type_text(self.transect_name_typed, rng.choice(["T3 heath edge", "Transect 7", "B2 fen loop"]))
        yield rng.uniform(1.0, 3.0)
        self.emit(self.start_transect)
        self.walking = True
        think = self.think((4.0, 10.0), (15.0, 35.0), (60, 180), (40, 120))
        paused = False
        finish_at = self.session.end - rng.uniform(40, 90)
        while True:
            yield next(think)
            if self.now > finish_at and self.recording:
                self.walking = False
                self.emit(self.stop_transect)
                yield rng.uniform(0.3, 1.2)
                self.emit(self.transect_saved)
                finish_at = 1e9
                continue
            if not self.foreground:
                continue
            r = rng.random()
            if r < 0.45 and self.recording:
                yield from self.observe()
                self.walking = self.recording
            elif r < 0.57:
                if self.tab != "map":
                    self.emit(self.tab_selected, "map")
                    yield rng.uniform(0.5, 1.5)
                for _ in range(rng.randint(1, 3)):
                    yield from self.pan_map()
                    yield rng.uniform(0.6, 3.0)
                if rng.random() < 0.7:
                    self.emit(self.recenter)
            elif r < 0.65 and self.obs_ids:
                self.emit(self.tab_selected, "records")
                yield rng.uniform(1.5, 4.0)
                self.emit(self.record_tapped, rng.choice(self.obs_ids))
                yield rng.uniform(2.0, 6.0)
                if rng.random() < 0.6:
                    self.emit(self.detail_photo, True)
                    yield rng.uniform(2.0, 8.0)
                    self.emit(self.detail_photo, False)
                    yield rng.uniform(0.5, 2.0)
                self.emit(self.detail_back)
                yield rng.uniform(1.0, 3.0)
                self.emit(self.tab_selected, "map")
            elif r < 0.72:
                self.emit(self.tab_selected, "sync")
                yield rng.uniform(1.5, 5.0)
                if self.queue:
                    self.emit(self.sync_now)
                yield rng.uniform(3.0, 10.0)
                self.emit(self.tab_selected, "map")
            elif r < 0.78 and self.get(("transect", "status")).df in ("recording", "paused"):
                paused = not paused
                self.emit(self.pause_transect, paused)
                self.walking = not paused
                if paused:
                    yield rng.uniform(15, 45)
                    paused = False
                    self.emit(self.pause_transect, False)
                    self.walking = True
            elif r < 0.82 and not self.downloads and len(self.get(("offlineMaps", "regions")).d) < len(REGIONS):
                have = self.get(("offlineMaps", "regions")).d
                region, total = rng.choice([x for x in REGIONS if x[0] not in have])
                self.emit(self.tab_selected, "offlineMaps")
                yield rng.uniform(2.0, 4.0)
                self.spawn(self.tile_download(region, total))
                yield rng.uniform(2.0, 5.0)
                self.emit(self.tab_selected, "map")
            elif r < 0.92:
                # the phone goes into the pocket
                self.foreground = False
                self.emit(self.scene_phase, "background")
                yield rng.uniform(30, 110)
                self.foreground = True
                self.emit(self.scene_phase, "active")


# ======================================================================= AirBuddy

STATIONS = [("NL10636", "Utrecht-Kardinaal de Jongweg"), ("NL10643", "Utrecht-Griftpark"),
            ("NL10641", "Breukelen-Snelweg"), ("NL10639", "Utrecht-Constant Erzeijstraat"),
            ("NL10644", "Cabauw-Wielsekade"), ("NL10938", "Amersfoort-Vondellaan"),
            ("NL10738", "Wijk aan Zee"), ("NL10404", "Den Haag-Rebecquestraat"),
            ("NL10538", "Wieringerwerf-Medemblikkerweg"), ("NL49012", "Amsterdam-Van Diemenstraat"),
            ("NL49017", "Amsterdam-Stadhouderskade"), ("NL10131", "Vredepeel-Vredeweg")]
PLACE_PLAN = [("home", 0, 150), ("commute", 150, 330), ("office", 330, 10000)]


class AirQuality(App):
    name = "airquality"
    module = "AirBuddy"
    process = "AirBuddy"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        self.connected = True
        self.foreground = False
        self.tab = "live"
        self.pm25 = rng.uniform(6, 12)
        self.co2 = rng.uniform(650, 900)
        self.voc = rng.uniform(80, 140)
        self.temp = rng.uniform(19.5, 21.5)
        self.hum = rng.uniform(42, 55)
        self.battery = rng.randint(35, 80)
        self.sparkline = [round(self.pm25, 1)] * 30
        self.warnings = {}           # pollutant -> warning id
        self.missed = 0              # readings the sensor stored while away
        self.attempt = 0
        self.place = None
        self.place_ids = {}
        self.stations = {sid: round(rng.uniform(4, 22), 1) for sid, _ in STATIONS}
        self.state = St(self.st("AppFeature"), [
            ("selectedTab", self.case("live", "AppFeature.Tab")),
            ("sensor", St(self.st("Sensor"), [
                ("name", text("AirBuddy Clip %04X" % rng.randrange(0x10000))),
                ("connection", self.case("connected", "Sensor.Connection")), ("rssi", num(-60)),
                ("batteryLevel", num(self.battery)), ("firmware", text("2.3.1")), ("availableFirmware", NIL),
                ("historySync", NIL)])),
            ("live", St(self.st("Live"), [
                ("pm1", num(round(self.pm25 * 0.7, 1))), ("pm25", num(round(self.pm25, 1))),
                ("pm10", num(round(self.pm25 * 1.4, 1))), ("co2", num(int(self.co2))), ("voc", num(int(self.voc))),
                ("temperature", num(round(self.temp, 1))), ("humidity", num(round(self.hum, 1))),
                ("level", self.case("good", "AirLevel")), ("sparkline", Arr(num(x) for x in self.sparkline)),
                ("updatedAt", self.date(0))])),
            ("history", St(self.st("History"), [
                ("range", self.case("day", "History.Range")), ("points", Arr()), ("isLoading", boolean(False)),
                ("scrubX", NIL), ("selection", NIL)])),
            ("alerts", St(self.st("Alerts"), [
                ("isEnabled", boolean(True)), ("pm25Threshold", num(25.0)), ("co2Threshold", num(1200.0)),
                ("vocThreshold", num(250.0)), ("active", Arr())])),
            ("places", St(self.st("Places"), [("items", Arr()), ("current", NIL), ("editor", NIL)])),
            ("stations", St(self.st("Stations"), [
                ("items", Dic()), ("region", ST("MapRegion", latitude=52.09, longitude=5.12, span=0.25)),
                ("searchText", text("")), ("searchResults", Arr()),
                ("selected", NIL), ("isRefreshing", boolean(False)), ("lastRefreshedAt", NIL)])),
            ("export", NIL),
            ("scenePhase", self.case("background", "ScenePhase"))])
        for pid, kind in (("home", "home"), ("office", "office")):
            u = self.uid()
            self.place_ids[pid] = u
            self.state.f["places"].f["items"].items.append(ST("Place", id=self.uuid_value(u), name=kind.title(),
                                                              kind=self.case(kind, "Place.Kind")))

    # -- paths
    def sensor_a(self, name, *a, **k):
        return self.act("sensor", A(self.at("Sensor"), name, *a, **k))

    def alerts_a(self, name, *a, **k):
        return self.act("alerts", A(self.at("Alerts"), name, *a, **k))

    def stations_a(self, name, *a, **k):
        return self.act("stations", A(self.at("Stations"), name, *a, **k))

    def history_a(self, name, *a, **k):
        return self.act("history", A(self.at("History"), name, *a, **k))

    def export_a(self, inner):
        return self.act("export", A("PresentationAction<%s>" % self.at("Export"), "presented", inner))

    def editor_a(self, inner):
        return self.act("places", A(self.at("Places"), "editor",
                                    A("PresentationAction<%s>" % self.at("PlaceEditor"), "presented", inner)))

    def level(self):
        p = self.pm25
        return "good" if p < 12 else "moderate" if p < 35 else "unhealthyForSensitive" if p < 55 else "unhealthy"

    # -- noise: the sensor's notifications
    @noise
    def particulate(self, pm1, pm25, pm10):
        self.set(("live", "pm1"), num(pm1))
        self.set(("live", "pm25"), num(pm25))
        self.set(("live", "pm10"), num(pm10))
        self.set(("live", "level"), self.case(self.level(), "AirLevel"))
        self.set(("live", "updatedAt"), self.date())
        self.sparkline = self.sparkline[1:] + [pm25]
        self.remove_at(("live", "sparkline"), 0)
        self.append(("live", "sparkline"), num(pm25))
        return self.sensor_a("particulateNotified", S("ParticulateReading", pm1=pm1, pm25=pm25, pm10=pm10))

    @noise
    def gas(self, co2, voc):
        self.set(("live", "co2"), num(co2))
        self.set(("live", "voc"), num(voc))
        return self.sensor_a("gasNotified", S("GasReading", co2ppm=co2, vocIndex=voc))

    @noise
    def climate(self, t, h):
        self.set(("live", "temperature"), num(t))
        self.set(("live", "humidity"), num(h))
        return self.sensor_a("climateNotified", S("ClimateReading", celsius=t, relativeHumidity=h))

    @noise
    def rssi(self, value):
        self.set(("sensor", "rssi"), num(value))
        return self.sensor_a("rssiResponse", lit(value))

    @noise
    def battery_notified(self, level):
        self.set(("sensor", "batteryLevel"), num(level))
        return self.sensor_a("batteryNotified", lit(level))

    # reason: the reconnect loop's timer, every 5 s until the sensor answers
    @noise
    def reconnect_fired(self, attempt):
        self.set(("sensor", "connection"), En("Sensor.Connection", "reconnecting", num(attempt), label="attempt"))
        return self.sensor_a("reconnectTimerFired")

    @noise
    def history_sync_progress(self, got, total):
        self.set(("sensor", "historySync"), ST("HistorySync", received=got, total=total))
        return self.sensor_a("historyDownloadProgress", received=lit(got), total=lit(total))

    @noise
    def station_poll(self):
        self.set(("stations", "isRefreshing"), boolean(True))
        self.after(self.rng.uniform(0.3, 1.4), self.stations_loaded)
        return self.stations_a("refreshTimerFired")

    # reason: nearly always the answer to the 60 s poll, nudging each station's PM2.5 a little
    @noise
    def stations_loaded(self):
        self.set(("stations", "isRefreshing"), boolean(False))
        self.set(("stations", "lastRefreshedAt"), self.date())
        for sid, _ in STATIONS:
            self.stations[sid] = round(max(1.0, self.stations[sid] + self.rng.gauss(0, 0.8)), 1)
        for sid, nm in STATIONS:
            self.put(("stations", "items"), sid, ST("Station", name=nm, pm25=self.stations[sid]))
        return self.stations_a("stationsResponse", self.result("[Station]", True, S(
            "StationsPage", count=len(STATIONS), measuredAt=Raw("Date(%s)" % self.date().cd[5:-1]))))

    @noise
    def map_moved(self, lat, lon, span):
        self.set(("stations", "region"), ST("MapRegion", latitude=lat, longitude=lon, span=span))
        return self.stations_a("mapRegionChanged", S("MapRegion", latitude=lat, longitude=lon, span=span))

    @noise
    def chart_scrubbed(self, x):
        pts = self.get(("history", "points")).items
        if not pts:
            return None
        i = max(0, min(len(pts) - 1, int(x / 340.0 * len(pts))))
        self.set(("history", "scrubX"), num(x))
        self.set(("history", "selection"), pts[i])
        return self.history_a("chartScrubbed", x=lit(x))

    @noise
    def export_progress(self, p):
        if self.get(("export",)) is NIL:
            return None
        self.set(("export", "progress"), num(p))
        return self.export_a(A(self.at("Export"), "writeProgress", lit(p)))

    # reason: a slider's binding, one per step while the thumb is dragged (the toggle beside it is signal)
    @noise
    def threshold_slid(self, field, value):
        self.set(("alerts", field), num(value))
        return self.act("alerts", self.binding("Alerts", field, lit(value)))

    # -- either
    @either
    def place_name_typed(self, value):
        self.set(("places", "editor", "name"), text(value))
        return self.editor_a(self.binding("PlaceEditor", "name", q(value)))

    # -- signal
    @signal
    def scene_phase(self, phase):
        self.set(("scenePhase",), self.case(phase, "ScenePhase"))
        return self.act("scenePhaseChanged", A("ScenePhase", phase))

    @signal
    def tab_selected(self, tab):
        self.tab = tab
        self.set(("selectedTab",), self.case(tab, "AppFeature.Tab"))
        return self.act("tabSelected", A("AppFeature.Tab", tab))

    @signal
    def disconnected(self):
        self.connected = False
        self.set(("sensor", "connection"), self.case("disconnected", "Sensor.Connection"))
        return self.sensor_a("didDisconnect", S("CBError", code=6, description="The connection has timed out unexpectedly."))

    # reason: a failed reconnect is an error the reader follows, though it comes every 5 s while the sensor is away
    @signal
    def connect_response(self, ok):
        if ok:
            self.connected = True
            self.set(("sensor", "connection"), self.case("connected", "Sensor.Connection"))
            payload = S("Peripheral", identifier=Raw("UUID(%s)" % self.uid()), mtu=185)
        else:
            payload = S("CBError", code=6, description="The connection has timed out.")
        return self.sensor_a("connectResponse", self.result("Peripheral", ok, payload))

    @signal
    def device_info(self):
        return self.sensor_a("deviceInfoResponse", self.result("DeviceInfo", True, S(
            "DeviceInfo", firmware="2.3.1", hardware="rev C", battery=self.battery)))

    @signal
    def firmware_check(self):
        self.set(("sensor", "availableFirmware"), text("2.4.0"))
        return self.sensor_a("firmwareCheckResponse", self.result("FirmwareRelease?", True, S(
            "FirmwareRelease", version="2.4.0", sizeBytes=412672, notes="Improves VOC baseline")))

    @signal
    def firmware_later(self):
        self.set(("sensor", "availableFirmware"), NIL)
        return self.sensor_a("firmwareBannerDismissed")

    @signal
    def history_sync_done(self, n):
        self.set(("sensor", "historySync"), NIL)
        return self.sensor_a("historyDownloadResponse", self.result("[StoredReading]", True, S(
            "StoredReadings", count=n)))

    @signal
    def threshold_crossed(self, pollutant, value, limit):
        u = self.uid()
        self.warnings[pollutant] = u
        self.append(("alerts", "active"), ST("Warning", id=self.uuid_value(u), pollutant=pollutant, value=value,
                                             since=self.date()))
        return self.alerts_a("thresholdExceeded", S("Exceedance", pollutant=Raw("." + pollutant), value=value,
                                                    threshold=limit))

    def _drop_warning(self, pollutant):
        u = self.warnings.pop(pollutant)
        items = self.get(("alerts", "active")).items
        i = next(k for k, w in enumerate(items) if w.f["id"].df == u)
        self.remove_at(("alerts", "active"), i)
        return u

    # reason: the machine decides it, but a raised warning going away is an event, not a stream
    @signal
    def warning_cleared(self, pollutant):
        if pollutant not in self.warnings:
            return None
        u = self._drop_warning(pollutant)
        return self.alerts_a("warningCleared", id=Raw("UUID(%s)" % u if self.tca1 else u))

    @signal
    def warning_dismissed(self, pollutant):
        if pollutant not in self.warnings:
            return None
        u = self._drop_warning(pollutant)
        return self.alerts_a("dismissWarningTapped", id=Raw("UUID(%s)" % u if self.tca1 else u))

    @signal
    def alerts_toggled(self, on):
        self.set(("alerts", "isEnabled"), boolean(on))
        return self.act("alerts", self.binding("Alerts", "isEnabled", lit(on)))

    @signal
    def range_picked(self, rng_name):
        self.set(("history", "range"), self.case(rng_name, "History.Range"))
        self.set(("history", "isLoading"), boolean(True))
        self.set(("history", "selection"), NIL)
        return self.act("history", self.binding("History", "range", Raw("." + rng_name)))

    @signal
    def history_loaded(self):
        n = {"hour": 12, "day": 24, "week": 14}[self.get(("history", "range")).df]
        base = self.pm25
        pts = [ST("HistoryPoint", index=i, pm25=round(max(1.0, base + self.rng.gauss(0, 4)), 1)) for i in range(n)]
        self.set(("history", "isLoading"), boolean(False))
        self.set(("history", "points"), Arr(pts))
        return self.history_a("historyResponse", self.result("[HistoryPoint]", True, S("HistoryPage", count=n)))

    @signal
    def history_task(self):
        self.set(("history", "isLoading"), boolean(True))
        return self.history_a("task")

    @signal
    def scrub_ended(self):
        self.set(("history", "selection"), NIL)
        self.set(("history", "scrubX"), NIL)
        return self.history_a("chartScrubEnded")

    @signal
    def stations_refresh_pulled(self):
        self.set(("stations", "isRefreshing"), boolean(True))
        return self.stations_a("pullToRefresh")

    @either
    def station_search_typed(self, value):
        self.set(("stations", "searchText"), text(value))
        return self.act("stations", self.binding("Stations", "searchText", q(value)))

    @signal
    def station_search_results(self, value):
        hits = [sid for sid, nm in STATIONS if value.lower() in nm.lower()]
        self.set(("stations", "searchResults"), Arr(text(h) for h in hits))
        return self.stations_a("searchResponse", self.result("[Station.ID]", True, S(
            "StationSearch", query=value, count=len(hits))))

    @signal
    def station_tapped(self, sid):
        self.set(("stations", "selected"), text(sid))
        return self.stations_a("stationTapped", id=q(sid))

    @signal
    def station_closed(self):
        self.set(("stations", "selected"), NIL)
        return self.stations_a("stationSheetDismissed")

    @signal
    def place_entered(self, pid, entered):
        u = self.place_ids[pid]
        self.set(("places", "current"), self.uuid_value(u) if entered else NIL)
        return self.act("places", A(self.at("Places"), "regionEntered" if entered else "regionExited",
                                    id=Raw("UUID(%s)" % u if self.tca1 else u)))

    @signal
    def tag_place_tapped(self):
        self.set(("places", "editor"), St(self.st("PlaceEditor"), [
            ("name", text("")), ("kind", self.case("other", "Place.Kind")), ("radius", num(100))]))
        return self.act("places", A(self.at("Places"), "tagCurrentPlaceTapped"))

    @signal
    def place_kind(self, kind):
        self.set(("places", "editor", "kind"), self.case(kind, "Place.Kind"))
        return self.editor_a(self.binding("PlaceEditor", "kind", Raw("." + kind)))

    @signal
    def place_saved(self):
        ed = self.get(("places", "editor"))
        u = self.uid()
        name = ed.f["name"].df
        self.place_ids[name] = u
        action = self.editor_a(A(self.at("PlaceEditor"), "delegate", A(self.at("PlaceEditor") + ".Delegate", "save",
                                                                      S("Place", name=name, kind=Raw(ed.f["kind"].cd)))))
        self.append(("places", "items"), ST("Place", id=self.uuid_value(u), name=name, kind=ed.f["kind"]))
        self.set(("places", "editor"), NIL)
        return action

    @signal
    def export_tapped(self):
        self.set(("export",), St(self.st("Export"), [
            ("range", self.case("week", "Export.Range")), ("format", self.case("csv", "Export.Format")),
            ("progress", NIL), ("file", NIL)]))
        return self.act("exportButtonTapped")

    @signal
    def export_range(self, r):
        self.set(("export", "range"), self.case(r, "Export.Range"))
        return self.export_a(self.binding("Export", "range", Raw("." + r)))

    @signal
    def export_start(self):
        self.set(("export", "progress"), num(0.0))
        return self.export_a(A(self.at("Export"), "exportButtonTapped"))

    @signal
    def export_done(self, rows):
        self.set(("export", "progress"), NIL)
        self.set(("export", "file"), text("airbuddy-%d-rows.csv" % rows))
        return self.export_a(A(self.at("Export"), "exportResponse", self.result("URL", True, Raw(
            "URL(file:///private/var/mobile/tmp/airbuddy-%d-rows.csv)" % rows))))

    @signal
    def share_done(self, ok):
        return self.export_a(A(self.at("Export"), "shareSheetCompleted", completed=lit(ok)))

    @signal
    def export_dismissed(self):
        self.set(("export",), NIL)
        return self.act("export", A("PresentationAction<%s>" % self.at("Export"), "dismiss"))

    # -- processes
    def processes(self):
        return [every(self, 1.0, 0.02, self.pm_tick), every(self, 5.0, 0.05, self.gas_tick),
                every(self, 30.0, 0.1, self.climate_tick),
                every(self, 2.0, 0.03, self.rssi_tick),
                self.battery_drain(), self.range_drops(), self.stations_poll(), self.places(), self.person()]

    def environment(self):
        """Where the person is, and what the air there is like."""
        t = self.now
        place = next(p for p, a, b in PLACE_PLAN if a <= t < b)
        target_pm = {"home": 9.0, "commute": 28.0, "office": 7.0}[place]
        target_co2 = {"home": 850.0, "commute": 1450.0, "office": 950.0 + 0.6 * (t - 330)}[place]
        if place == "home" and 40 < t < 120:
            target_pm = 45.0            # cooking breakfast
        return place, target_pm, target_co2

    def pm_tick(self):
        rng = self.rng
        _, target, _ = self.environment()
        self.pm25 += 0.12 * (target - self.pm25) + rng.gauss(0, 0.9)
        self.pm25 = max(0.5, self.pm25)
        if not self.connected:
            self.missed += 1
            return
        p = round(self.pm25, 1)
        self.emit(self.particulate, round(p * rng.uniform(0.62, 0.75), 1), p, round(p * rng.uniform(1.25, 1.6), 1))
        self.check("pm25", p, float(self.get(("alerts", "pm25Threshold")).cd))

    def gas_tick(self):
        rng = self.rng
        _, _, target = self.environment()
        self.co2 += 0.08 * (target - self.co2) + rng.gauss(0, 12)
        self.voc = max(20.0, self.voc + rng.gauss(0, 6) + (4 if self.pm25 > 30 else -1))
        if not self.connected:
            return
        self.emit(self.gas, int(self.co2), int(self.voc))
        self.check("co2", int(self.co2), float(self.get(("alerts", "co2Threshold")).cd))

    def climate_tick(self):
        self.temp += self.rng.gauss(0, 0.15)
        self.hum += self.rng.gauss(0, 0.6)
        if self.connected:
            self.emit(self.climate, round(self.temp, 1), round(self.hum, 1))

    def check(self, pollutant, value, limit):
        if self.get(("alerts", "isEnabled")).cd != "true":
            return
        if value > limit and pollutant not in self.warnings and not getattr(self, "snoozed", {}).get(pollutant):
            self.emit(self.threshold_crossed, pollutant, value, limit)
        elif value < limit * 0.85 and pollutant in self.warnings:
            self.emit(self.warning_cleared, pollutant)
        if value < limit * 0.85 and getattr(self, "snoozed", {}).get(pollutant):
            self.snoozed[pollutant] = False

    def rssi_tick(self):
        if self.connected and self.foreground:
            r = int(self.get(("sensor", "rssi")).cd)
            self.emit(self.rssi, max(-95, min(-40, r + self.rng.choice([-2, -1, -1, 0, 0, 0, 1, 1, 2]))))

    def battery_drain(self):
        while True:
            yield self.rng.uniform(150, 260)
            self.battery -= 1
            if self.connected:
                self.emit(self.battery_notified, self.battery)

    def range_drops(self):
        """The bag goes out of range of the phone (left on a chair, on the bike)."""
        rng = self.rng
        while True:
            yield rng.uniform(150, 320)
            self.emit(self.disconnected)
            away = rng.uniform(12, 70)
            gone = self.now
            self.attempt = 0
            while True:
                yield rng.uniform(4.9, 5.1)
                self.attempt += 1
                self.emit(self.reconnect_fired, self.attempt)
                yield rng.uniform(0.8, 2.5)
                if self.now - gone > away:
                    break
                self.emit(self.connect_response, False)
            self.emit(self.connect_response, True)
            yield rng.uniform(0.1, 0.4)
            self.emit(self.device_info)
            total, got = self.missed, 0
            self.missed = 0
            if total:
                while got < total:
                    yield rng.uniform(0.18, 0.26)
                    got = min(total, got + rng.randint(10, 16))
                    if got < total:
                        self.emit(self.history_sync_progress, got, total)
                yield rng.uniform(0.1, 0.3)
                self.emit(self.history_sync_done, total)

    def stations_poll(self):
        rng = self.rng
        yield rng.uniform(0, 60)
        while True:
            if self.foreground and self.tab == "map":
                self.emit(self.station_poll)
                yield rng.uniform(59.8, 60.2)
            else:
                yield 1.0

    def places(self):
        rng = self.rng
        yield 1.0
        self.emit(self.place_entered, "home", True)
        yield max(0.0, 150 + rng.uniform(-10, 10) - self.now)
        self.emit(self.place_entered, "home", False)
        yield max(0.0, 330 + rng.uniform(-10, 10) - self.now)
        self.emit(self.place_entered, "office", True)

    def drag(self, maker, n, fn):
        yield from self.gesture(maker, hz=60.0, duration=n / 60.0, args=fn)

    def person(self):
        rng = self.rng
        self.snoozed = {}
        yield rng.uniform(3, 10)
        visit = 0
        while self.now < self.session.end:
            visit += 1
            self.foreground = True
            self.emit(self.scene_phase, "active")
            if visit == 1:
                yield rng.uniform(0.5, 1.5)
                self.emit(self.firmware_check)
            length = rng.uniform(50, 140)
            stop = self.now + length
            while self.now < stop:
                yield rng.uniform(2.0, 9.0)
                r = rng.random()
                if self.warnings and r < 0.25:
                    p = rng.choice(sorted(self.warnings))
                    self.emit(self.warning_dismissed, p)
                    self.snoozed[p] = True
                elif r < 0.42:
                    self.emit(self.tab_selected, "history")
                    yield rng.uniform(0.05, 0.1)
                    self.emit(self.history_task)
                    yield rng.uniform(0.3, 0.9)
                    self.emit(self.history_loaded)
                    for _ in range(rng.randint(0, 2)):
                        yield rng.uniform(2.0, 6.0)
                        self.emit(self.range_picked, rng.choice(["hour", "day", "week"]))
                        yield rng.uniform(0.3, 0.9)
                        self.emit(self.history_loaded)
                    for _ in range(rng.randint(1, 3)):
                        yield rng.uniform(1.5, 5.0)
                        start, end = rng.uniform(0, 340), rng.uniform(0, 340)
                        k = rng.randint(20, 120)
                        yield from self.drag(self.chart_scrubbed, k, lambda i: (
                            round(start + (end - start) * (i + 1) / k + rng.uniform(-0.8, 0.8), 1),))
                        self.emit(self.scrub_ended)
                elif r < 0.62:
                    self.emit(self.tab_selected, "map")
                    yield rng.uniform(0.3, 0.8)
                    self.emit(self.station_poll)
                    yield rng.uniform(3.0, 8.0)
                    for _ in range(rng.randint(1, 4)):
                        reg = self.get(("stations", "region")).f
                        lat, lon, sp = (float(reg[x].cd) for x in ("latitude", "longitude", "span"))
                        dl, dn = rng.uniform(-0.05, 0.05), rng.uniform(-0.08, 0.08)
                        ds = rng.choice([1.0, 1.0, rng.uniform(0.5, 1.8)])
                        k = rng.randint(20, 90)
                        yield from self.drag(self.map_moved, k, lambda i: (
                            round(lat + dl * (i + 1) / k, 5), round(lon + dn * (i + 1) / k, 5),
                            round(sp * (1 + (ds - 1) * (i + 1) / k), 4)))
                        yield rng.uniform(1.0, 4.0)
                    if rng.random() < 0.35:
                        word = rng.choice(["utrecht", "amster", "griftpark", "breukelen"])[:rng.randint(4, 9)]
                        for k in range(1, len(word) + 1):
                            self.emit(self.station_search_typed, word[:k])
                            gap = rng.uniform(0.1, 0.45)
                            if gap > 0.3 or k == len(word):
                                yield 0.3
                                self.emit(self.station_search_results, word[:k])
                                gap = max(0.05, gap - 0.3)
                            yield gap
                        yield rng.uniform(1.0, 3.0)
                    if rng.random() < 0.6:
                        self.emit(self.station_tapped, rng.choice(STATIONS)[0])
                        yield rng.uniform(3.0, 9.0)
                        self.emit(self.station_closed)
                    if rng.random() < 0.3:
                        self.emit(self.stations_refresh_pulled)
                        yield rng.uniform(0.3, 1.2)
                        self.emit(self.stations_loaded)
                elif r < 0.72:
                    self.emit(self.tab_selected, "settings")
                    yield rng.uniform(1.5, 4.0)
                    for field, lo, hi, step in (("pm25Threshold", 15, 35, 1.0), ("co2Threshold", 1000, 1500, 50.0)):
                        if rng.random() < 0.6:
                            v0 = float(self.get(("alerts", field)).cd)
                            goal = round(rng.uniform(lo, hi) / step) * step
                            steps = []
                            k = rng.randint(25, 80)
                            for i in range(k):
                                v = round((v0 + (goal - v0) * (i + 1) / k) / step) * step
                                if not steps or steps[-1] != v:
                                    steps.append(v)
                            for v in steps:
                                yield rng.uniform(0.014, 0.04)
                                self.emit(self.threshold_slid, field, v)
                            yield rng.uniform(1.0, 3.0)
                    if rng.random() < 0.15:
                        on = self.get(("alerts", "isEnabled")).cd != "true"
                        self.emit(self.alerts_toggled, on)
                elif r < 0.80 and len(self.get(("places", "items")).items) < 5:
                    self.emit(self.tab_selected, "places")
                    yield rng.uniform(1.0, 3.0)
                    self.emit(self.tag_place_tapped)
                    yield rng.uniform(1.0, 2.5)
                    word = rng.choice(["Gym", "Bakery", "Train platform", "Parents", "Cafe Lux"])
                    for k in range(1, len(word) + 1):
                        self.emit(self.place_name_typed, word[:k])
                        yield rng.uniform(0.1, 0.4)
                    yield rng.uniform(0.5, 2.0)
                    self.emit(self.place_kind, rng.choice(["gym", "transit", "other"]))
                    yield rng.uniform(0.8, 2.0)
                    self.emit(self.place_saved)
                elif r < 0.86 and self.get(("export",)) is NIL:
                    self.emit(self.tab_selected, "settings")
                    yield rng.uniform(1.0, 3.0)
                    self.emit(self.export_tapped)
                    yield rng.uniform(1.5, 4.0)
                    if rng.random() < 0.5:
                        self.emit(self.export_range, rng.choice(["day", "month"]))
                        yield rng.uniform(0.8, 2.0)
                    self.emit(self.export_start)
                    rows = rng.randint(8000, 60000)
                    p = 0.0
                    while True:
                        yield rng.uniform(0.08, 0.12)
                        p = round(p + rng.uniform(0.02, 0.06), 2)
                        if p >= 1.0:
                            break
                        self.emit(self.export_progress, p)
                    self.emit(self.export_done, rows)
                    yield rng.uniform(1.0, 2.0)
                    yield rng.uniform(3.0, 10.0)
                    self.emit(self.share_done, rng.random() < 0.7)
                    yield rng.uniform(0.5, 1.5)
                    self.emit(self.export_dismissed)
                elif r < 0.90 and self.get(("sensor", "availableFirmware")) is not NIL:
                    self.emit(self.firmware_later)
                elif r < 0.95:
                    if self.tab != "live":
                        self.emit(self.tab_selected, "live")
                    yield rng.uniform(5.0, 20.0)
            self.foreground = False
            self.emit(self.scene_phase, "background")
            yield rng.uniform(60, 200)


# ====================================================================== RemoteDesk

COMPUTERS = [("Studio iMac", "imac-studio.local", False), ("Office workstation", "ws-0417.corp.example.com", True),
             ("Home NAS", "nas.home.arpa", False), ("Build Mac mini", "mini-build-02.corp.example.com", True)]
KEYS = "git status\rmake test\rcd ~/Projects\ropen .\rssh deploy@staging\rtail -f log/app.log\r"
CLIPS = ["https://jira.example.com/browse/OPS-2291", "kubectl rollout restart deploy/api",
         "Meeting moved to 15:30", "SELECT count(*) FROM orders WHERE status = 'open';", "42.117.9.203"]
FILES = [("quarterly-report.pdf", 2412331), ("Screenshot 2026-11-20 at 09.12.44.png", 884120),
         ("build-logs.zip", 18250422), ("invoice-1187.pdf", 192004), ("design-v3.sketch", 9213877)]


class RemoteDesktop(App):
    name = "remotedesktop"
    module = "RemoteDesk"
    process = "RemoteDesk"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        App.__init__(self, session)
        self.cids = [self.uid() for _ in COMPUTERS]
        self.computer = None
        self.status = "none"         # none, connecting, authenticating, code, connected, paused, reconnecting
        self.foreground = True
        self.activity = 0.3          # how busy the remote screen is
        self.dragging = False
        self.seq = 0
        self.frames = 0
        self.transfers = []
        self.cursor = [1280.0, 720.0]
        self.bytes_in = 0
        self.state = St(self.st("AppFeature"), [
            ("computers", Arr(ST("Computer", id=self.uuid_value(c), name=n, host=h, requiresCode=two,
                                 lastConnectedAt=None) for c, (n, h, two) in zip(self.cids, COMPUTERS))),
            ("session", NIL),
            ("network", self.case("wifi", "NetworkInterface")),
            ("scenePhase", self.case("active", "ScenePhase"))])

    # -- paths
    def sess(self, inner):
        return self.act("session", A("PresentationAction<%s>" % self.at("RemoteSession"), "presented", inner))

    def s_a(self, name, *a, **k):
        return self.sess(A(self.at("RemoteSession"), name, *a, **k))

    def login_a(self, inner):
        return self.sess(A(self.at("RemoteSession"), "login", inner))

    def clip_a(self, name, *a, **k):
        return self.sess(A(self.at("RemoteSession"), "clipboard", A(self.at("Clipboard"), name, *a, **k)))

    def xfer_a(self, t, inner):
        return self.sess(A(self.at("RemoteSession"), "transfers", self.element("Transfer", Raw(
            "UUID(%s)" % t if self.tca1 else t), inner)))

    def xpath(self, t, *rest):
        return ("session", "transfers", ("i", self.transfers.index(t))) + rest

    def live(self):
        return self.status == "connected" and self.foreground

    def set_status(self, status, payload=None, label=None):
        self.status = status
        if payload is None:
            self.set(("session", "status"), self.case(status, "RemoteSession.Status"))
        else:
            self.set(("session", "status"), En("RemoteSession.Status", status, payload, label=label))

    def pt(self, x, y):
        return S("CGPoint", x=x, y=y)

    # -- noise
    @noise
    def framebuffer(self, x, y, w, h, nbytes, encoding):
        self.seq += 1
        self.frames += 1
        self.set(("session", "screen", "frameSequence"), num(self.seq))
        self.set(("session", "screen", "dirtyRect"), ST("CGRect", x=x, y=y, width=w, height=h))
        return self.s_a("framebufferUpdated", S("FramebufferUpdate", sequence=self.seq, rect=S(
            "CGRect", x=x, y=y, width=w, height=h), encoding=Raw("." + encoding), bytes=nbytes))

    @noise
    def stats(self, latency, fps, kbps):
        self.set(("session", "stats"), ST("ConnectionStats", latencyMs=latency, framesPerSecond=fps,
                                          kilobitsPerSecond=kbps))
        return self.s_a("statsUpdated", S("ConnectionStats", latencyMs=latency, framesPerSecond=fps,
                                          kilobitsPerSecond=kbps))

    # reason: the remote machine echoing the pointer (and its own cursor moves) at a drag's pace
    @noise
    def remote_cursor(self, x, y):
        self.set(("session", "remoteCursor"), ST("CGPoint", x=x, y=y))
        return self.s_a("remoteCursorMoved", self.pt(x, y))

    @noise
    def keepalive(self):
        return self.s_a("keepAliveTimerFired")

    @noise
    def drag_changed(self, x, y):
        self.set(("session", "pointer"), ST("Pointer", x=x, y=y, isPressed=True))
        return self.s_a("dragChanged", self.pt(x, y))

    @noise
    def scrolled(self, dy):
        return self.s_a("twoFingerScrolled", deltaY=lit(dy))

    @noise
    def pinch_changed(self, scale):
        self.set(("session", "viewport", "scale"), num(scale))
        return self.s_a("pinchChanged", scale=lit(scale))

    @noise
    def transfer_progress(self, t, sent):
        if t not in self.transfers:
            return None
        self.set(self.xpath(t, "bytesTransferred"), num(sent))
        return self.xfer_a(t, A(self.at("Transfer"), "progress", bytes=lit(sent)))

    # reason: the backoff timer of the reconnect loop; the drop before it and the response after it tell the story
    @noise
    def reconnect_fired(self, attempt):
        self.set_status("reconnecting", num(attempt), "attempt")
        return self.s_a("reconnectTimerFired")

    # -- either
    @either
    def password_typed(self, value):
        self.set(("session", "login", "password"), text(value))
        return self.login_a(self.binding("Login", "password", q(value)))

    @either
    def code_typed(self, value):
        self.set(("session", "login", "code"), text(value))
        return self.login_a(self.binding("Login", "code", q(value)))

    # reason: a key on the overlay is a person's keystroke (sent one-for-one), but it comes a key at a time like a text field's
    @either
    def key_pressed(self, ch):
        name = {"\r": "return", " ": "space"}.get(ch)
        key = S("Key", character=ch) if name is None else S("Key", special=Raw("." + name))
        return self.s_a("keyboard", A(self.at("KeyboardOverlay"), "keyPressed", key))

    # -- signal
    @signal
    def scene_phase(self, phase):
        self.set(("scenePhase",), self.case(phase, "ScenePhase"))
        return self.act("scenePhaseChanged", A("ScenePhase", phase))

    @signal
    def computer_tapped(self, i):
        c = self.cids[i]
        self.computer = i
        self.seq = 0
        self.transfers = []
        self.status = "connecting"
        self.set(("session",), St(self.st("RemoteSession"), [
            ("computerID", self.uuid_value(c)), ("name", text(COMPUTERS[i][0])),
            ("status", self.case("connecting", "RemoteSession.Status")), ("login", NIL),
            ("screen", ST("Framebuffer", width=2560, height=1440, frameSequence=0,
                          dirtyRect=ST("CGRect", x=0, y=0, width=0, height=0))),
            ("stats", ST("ConnectionStats", latencyMs=0, framesPerSecond=0, kilobitsPerSecond=0)),
            ("remoteCursor", ST("CGPoint", x=1280.0, y=720.0)),
            ("pointer", ST("Pointer", x=0.0, y=0.0, isPressed=False)),
            ("viewport", ST("Viewport", scale=1.0, offsetX=0.0, offsetY=0.0)),
            ("keyboard", ST("KeyboardOverlay", isVisible=False, modifiers=Arr())),
            ("clipboard", ST("Clipboard", local=None, remote=None, lastSyncedAt=None)),
            ("transfers", Arr())]))
        return self.act("computers", self.element("ComputerRow", Raw("UUID(%s)" % c if self.tca1 else c),
                                                  A(self.at("ComputerRow"), "tapped")))

    @signal
    def connect_response(self, ok):
        if ok:
            self.status = "authenticating"
            self.set(("session", "status"), self.case("authenticating", "RemoteSession.Status"))
            self.set(("session", "login"), ST("Login", username="mvos", password="", code="",
                                              isSubmitting=False, error=None))
            payload = S("ServerHello", version="RFB 3.8", securityTypes=Raw("[.appleRemoteDesktop, .vncAuth]"))
        else:
            payload = S("NWError", code=61, description="Connection refused")
            self.set(("session", "status"), self.case("failed", "RemoteSession.Status"))
        return self.s_a("connectResponse", self.result("ServerHello", ok, payload))

    @signal
    def saved_credentials(self):
        self.set(("session", "login", "password"), text("••••••••••"))
        self.set(("session", "login", "isSubmitting"), boolean(True))
        return self.login_a(A(self.at("Login"), "keychainResponse", self.result("Credential", True, S(
            "Credential", username="mvos", password=Raw('"<redacted>"')))))

    @signal
    def login_submit(self):
        self.set(("session", "login", "isSubmitting"), boolean(True))
        self.set(("session", "login", "error"), NIL)
        return self.login_a(A(self.at("Login"), "signInButtonTapped"))

    @signal
    def auth_response(self, outcome):
        self.set(("session", "login", "isSubmitting"), boolean(False))
        if outcome == "wrong":
            self.set(("session", "login", "error"), text("Authentication failed"))
            self.set(("session", "login", "password"), text(""))
            return self.login_a(A(self.at("Login"), "authResponse", self.result("AuthOutcome", False, S(
                "AuthError", code=Raw(".invalidCredentials")))))
        if outcome == "code":
            self.set_status("awaitingCode")
            return self.login_a(A(self.at("Login"), "authResponse", self.result("AuthOutcome", True, A(
                "AuthOutcome", "secondFactorRequired", method=Raw(".totp")))))
        self._connected()
        return self.login_a(A(self.at("Login"), "authResponse", self.result("AuthOutcome", True, A(
            "AuthOutcome", "authenticated", token=q(self.uid()[:16].lower())))))

    @signal
    def verify_tapped(self):
        self.set(("session", "login", "isSubmitting"), boolean(True))
        return self.login_a(A(self.at("Login"), "verifyButtonTapped"))

    @signal
    def verify_response(self, ok):
        self.set(("session", "login", "isSubmitting"), boolean(False))
        if ok:
            self._connected()
        else:
            self.set(("session", "login", "code"), text(""))
            self.set(("session", "login", "error"), text("Code expired"))
        payload = S("Session", token=self.uid()[:16].lower()) if ok else S("AuthError", code=Raw(".invalidCode"))
        return self.login_a(A(self.at("Login"), "verifyResponse", self.result("Session", ok, payload)))

    def _connected(self):
        self.set_status("connected")
        self.set(("session", "login"), NIL)
        self.set(("computers", ("i", self.computer), "lastConnectedAt"), self.date())

    @signal
    def tapped(self, x, y):
        self.set(("session", "pointer"), ST("Pointer", x=x, y=y, isPressed=False))
        return self.s_a("tapped", self.pt(x, y))

    @signal
    def drag_ended(self):
        self.set(("session", "pointer", "isPressed"), boolean(False))
        return self.s_a("dragEnded")

    @signal
    def pinch_ended(self):
        return self.s_a("pinchEnded")

    @signal
    def double_tap_fit(self):
        self.set(("session", "viewport"), ST("Viewport", scale=1.0, offsetX=0.0, offsetY=0.0))
        return self.s_a("doubleTappedWithTwoFingers")

    @signal
    def keyboard_toggled(self, visible):
        self.set(("session", "keyboard", "isVisible"), boolean(visible))
        return self.s_a("keyboard", A(self.at("KeyboardOverlay"), "toggleButtonTapped"))

    @signal
    def modifier_tapped(self, mod):
        mods = self.get(("session", "keyboard", "modifiers"))
        if any(m.cd == "." + mod for m in mods.items):
            self.set(("session", "keyboard", "modifiers"), Arr())
        else:
            self.append(("session", "keyboard", "modifiers"), V("." + mod, mod, "RemoteDesk.Modifier." + mod))
        return self.s_a("keyboard", A(self.at("KeyboardOverlay"), "modifierTapped", A("Modifier", mod)))

    # reason: a server push, but it carries new content the person copied on the remote machine
    @signal
    def remote_clipboard(self, value):
        self.set(("session", "clipboard", "remote"), text(value))
        self.set(("session", "clipboard", "lastSyncedAt"), self.date())
        return self.clip_a("remoteClipboardChanged", q(value))

    @signal
    def local_clipboard(self, value):
        self.set(("session", "clipboard", "local"), text(value))
        return self.clip_a("localPasteboardChanged", q(value))

    @signal
    def clipboard_sent(self):
        self.set(("session", "clipboard", "lastSyncedAt"), self.date())
        return self.clip_a("sendResponse", self.result("Void", True, Raw("()")))

    @signal
    def transfer_tapped(self):
        return self.s_a("sendFileButtonTapped")

    @signal
    def file_picked(self, t, name, size, incoming=False):
        self.transfers.append(t)
        self.append(("session", "transfers"), ST("Transfer", id=self.uuid_value(t), name=name,
                                                 direction=self.case("download" if incoming else "upload",
                                                                     "Transfer.Direction"),
                                                 bytesTransferred=0, totalBytes=size,
                                                 status=self.case("inProgress", "Transfer.Status")))
        if incoming:
            return self.xfer_a(t, A(self.at("Transfer"), "acceptButtonTapped"))
        return self.s_a("documentPickerResponse", self.result("URL", True, Raw(
            "URL(file:///private/var/mobile/Containers/Shared/AppGroup/Inbox/%s)" % name.replace(" ", "%20"))))

    @signal
    def incoming_offered(self, name, size):
        return self.s_a("incomingTransferOffered", S("TransferOffer", fileName=name, bytes=size))

    @signal
    def transfer_done(self, t, ok):
        if t not in self.transfers:
            return None
        self.set(self.xpath(t, "status"), self.case("completed" if ok else "failed", "Transfer.Status"))
        payload = S("TransferReceipt", sha256=self.uid().replace("-", "")[:16].lower()) if ok else \
            S("TransferError", reason=Raw(".connectionLost"))
        return self.xfer_a(t, A(self.at("Transfer"), "completed", self.result("TransferReceipt", ok, payload)))

    @signal
    def paused(self):
        self.set_status("paused")
        return self.s_a("streamSuspended")

    @signal
    def resume_response(self):
        self.set_status("connected")
        return self.s_a("resumeResponse", self.result("ServerHello", True, S("ResumeToken", frames=self.seq)))

    @signal
    def network_changed(self, iface):
        self.set(("network",), self.case(iface, "NetworkInterface"))
        return self.act("networkPathChanged", S("NetworkPath", status=Raw(".satisfied"),
                                                interface=Raw("." + iface)))

    @signal
    def connection_lost(self):
        self.set_status("reconnecting", num(0), "attempt")
        for t in list(self.transfers):
            if self.get(self.xpath(t, "status")).df == "inProgress":
                self.set(self.xpath(t, "status"), self.case("interrupted", "Transfer.Status"))
        return self.s_a("connectionClosed", S("NWError", code=57, description="Socket is not connected"))

    @signal
    def reconnect_response(self, ok):
        if ok:
            self.set_status("connected")
            payload = S("ServerHello", version="RFB 3.8", securityTypes=Raw("[.appleRemoteDesktop]"))
        else:
            payload = S("NWError", code=60, description="Operation timed out")
        return self.s_a("reconnectResponse", self.result("ServerHello", ok, payload))

    @signal
    def disconnect_tapped(self):
        self.set_status("disconnecting")
        return self.s_a("disconnectButtonTapped")

    @signal
    def session_delegate_closed(self):
        action = self.s_a("delegate", A(self.at("RemoteSession") + ".Delegate", "didDisconnect",
                                        frames=lit(self.seq)))
        return action

    @signal
    def session_dismissed(self):
        self.status = "none"
        self.computer = None
        self.transfers = []
        self.set(("session",), NIL)
        return self.act("session", A("PresentationAction<%s>" % self.at("RemoteSession"), "dismiss"))

    # -- processes
    def processes(self):
        return [self.screen(), every(self, 1.0, 0.01, self.stats_tick), every(self, 15.0, 0.02, self.keepalive_tick),
                self.remote_life(), self.network(), self.person()]

    def bump(self, level):
        self.activity = max(self.activity, level)

    def screen(self):
        """Framebuffer updates: a rate that follows how busy the remote screen is."""
        rng = self.rng
        while True:
            rate = 0.8 + 29.0 * self.activity
            yield max(1.0 / 30, rng.expovariate(rate)) if self.activity < 0.5 else max(1.0 / 30, rng.gauss(1.0 / rate, 0.15 / rate))
            self.activity = max(0.03, self.activity * math.exp(-0.35 * (1.0 / rate)))
            if not self.live():
                continue
            big = rng.random() < 0.1 + 0.5 * self.activity
            w = rng.randint(600, 2560) if big else rng.choice([16, 24, 64, 120, 240, 380])
            h = rng.randint(300, 1440) if big else rng.choice([16, 22, 40, 96, 180])
            x = rng.randint(0, 2560 - w)
            y = rng.randint(0, 1440 - h)
            enc = "zrle" if big else rng.choice(["raw", "hextile", "zrle"])
            nbytes = int(w * h * rng.uniform(0.05, 0.6))
            self.bytes_in += nbytes
            self.emit(self.framebuffer, x, y, w, h, nbytes, enc)

    def stats_tick(self):
        if not self.live():
            self.frames = 0
            self.bytes_in = 0
            return
        wifi = self.get(("network",)).df == "wifi"
        lat = int(max(6, self.rng.gauss(24 if wifi else 78, 6 if wifi else 20)))
        self.emit(self.stats, lat, self.frames, int(self.bytes_in * 8 / 1000))
        self.frames = 0
        self.bytes_in = 0

    def keepalive_tick(self):
        if self.live():
            self.emit(self.keepalive)

    def remote_life(self):
        """What happens on the remote machine on its own: a video, a build log, a copy."""
        rng = self.rng
        while True:
            yield self.expo(70.0)
            r = rng.random()
            if r < 0.4:
                end = self.now + rng.uniform(8, 30)
                while self.now < end:
                    self.bump(0.7)
                    yield 1.0
            elif r < 0.7 and self.live():
                self.emit(self.remote_clipboard, rng.choice(CLIPS))
            elif self.live() and len(self.transfers) < 6:
                name, size = rng.choice(FILES)
                self.emit(self.incoming_offered, name, size)
                yield rng.uniform(2.0, 6.0)
                if self.live():
                    t = self.uid()
                    self.emit(self.file_picked, t, name, size, True)
                    self.spawn(self.transfer(t, size))

    def network(self):
        rng = self.rng
        while True:
            yield rng.uniform(200, 420)
            if self.status != "connected":
                continue
            iface = "cellular" if self.get(("network",)).df == "wifi" else "wifi"
            self.emit(self.network_changed, iface)
            yield rng.uniform(0.2, 1.5)
            if self.status != "connected":
                continue
            self.emit(self.connection_lost)
            attempt = 0
            while True:
                attempt += 1
                yield min(16.0, 2.0 * 2 ** (attempt - 1)) * rng.uniform(0.9, 1.1)
                if self.status not in ("reconnecting",):
                    break
                self.emit(self.reconnect_fired, attempt)
                yield rng.uniform(0.3, 2.5)
                ok = rng.random() < 0.55 or attempt >= 4
                self.emit(self.reconnect_response, ok)
                if ok:
                    self.bump(0.9)
                    break

    def transfer(self, t, size):
        rng = self.rng
        sent = 0
        rate = rng.uniform(1.5e6, 6e6)
        while True:
            yield rng.uniform(0.22, 0.28)
            if t not in self.transfers:
                return
            if self.status != "connected":
                yield 1.0
                if self.status == "connected":
                    continue
                if self.status in ("reconnecting", "paused"):
                    continue
                return
            sent = min(size, sent + int(rate * 0.25 * rng.uniform(0.7, 1.2)))
            if sent >= size:
                break
            self.emit(self.transfer_progress, t, sent)
        yield rng.uniform(0.1, 0.4)
        self.emit(self.transfer_done, t, rng.random() < 0.95)

    def connect(self, i):
        """The person opens a computer: connection, sign in, maybe a second factor."""
        rng = self.rng
        self.emit(self.computer_tapped, i)
        yield rng.uniform(0.3, 1.5)
        ok = rng.random() < 0.93
        self.emit(self.connect_response, ok)
        if not ok:
            yield rng.uniform(2.0, 4.0)
            self.emit(self.session_dismissed)
            return False
        yield rng.uniform(0.1, 0.4)
        if rng.random() < 0.7:
            self.emit(self.saved_credentials)
            yield rng.uniform(0.3, 0.9)
        else:
            while True:
                yield rng.uniform(1.0, 2.5)
                pw = "correct-horse" if rng.random() < 0.8 else "corect-horse"
                for k in range(1, len(pw) + 1):
                    self.emit(self.password_typed, "•" * k)
                    yield rng.uniform(0.12, 0.35)
                self.emit(self.login_submit)
                yield rng.uniform(0.4, 1.2)
                if pw != "correct-horse":
                    self.emit(self.auth_response, "wrong")
                    continue
                break
        if COMPUTERS[i][2] and rng.random() < 0.8:
            self.emit(self.auth_response, "code")
            while True:
                yield rng.uniform(4.0, 12.0)        # the authenticator app
                code = "%06d" % rng.randrange(10 ** 6)
                for k in range(1, 7):
                    self.emit(self.code_typed, code[:k])
                    yield rng.uniform(0.25, 0.7)
                self.emit(self.verify_tapped)
                yield rng.uniform(0.3, 1.0)
                ok = rng.random() < 0.88
                self.emit(self.verify_response, ok)
                if ok:
                    break
        else:
            self.emit(self.auth_response, "ok")
        self.bump(1.0)
        return True

    def person(self):
        rng = self.rng
        yield rng.uniform(2.0, 6.0)
        think = self.think((1.0, 4.0), (6.0, 20.0), (60, 180), (20, 80))
        while True:
            if self.status == "none":
                yield rng.uniform(2.0, 8.0)
                yield from self.connect(rng.choice([0, 1, 1, 3]))
                continue
            yield next(think)
            if not self.foreground or self.status not in ("connected",):
                continue
            r = rng.random()
            if r < 0.26:
                x, y = round(rng.uniform(0, 1180), 1), round(rng.uniform(0, 820), 1)
                self.emit(self.tapped, x, y)
                self.bump(0.5)
                self.after(rng.uniform(0.02, 0.06), self.remote_cursor, round(x * 2560 / 1180, 1), round(y * 1440 / 820, 1))
            elif r < 0.40:
                x0, y0 = rng.uniform(0, 1180), rng.uniform(0, 820)
                x1, y1 = rng.uniform(0, 1180), rng.uniform(0, 820)
                n = rng.randint(20, 110)

                def at(i, x0=x0, y0=y0, x1=x1, y1=y1, n=n):
                    f = (i + 1) / n
                    return (round(x0 + (x1 - x0) * f, 1), round(y0 + (y1 - y0) * f, 1))

                def echo(i):
                    self.bump(0.85)
                    if i % 2 == 0:
                        x, y = at(i)
                        self.after(rng.uniform(0.025, 0.05), self.remote_cursor,
                                   round(x * 2560 / 1180, 1), round(y * 1440 / 820, 1))
                yield from self.gesture(self.drag_changed, hz=60.0, duration=n / 60.0, args=at, each=echo)
                self.emit(self.drag_ended)
            elif r < 0.55:
                for _ in range(rng.randint(1, 3)):
                    v = rng.uniform(-40, 40)
                    yield from self.gesture(self.scrolled, hz=60.0, args=lambda i, v=v: (
                        round(v * math.exp(-i / 25.0) + rng.uniform(-1, 1), 1),), each=lambda i: self.bump(0.8))
                    yield rng.uniform(0.6, 3.0)
            elif r < 0.62:
                s0 = float(self.get(("session", "viewport", "scale")).cd)
                s1 = round(min(4.0, max(1.0, s0 * rng.uniform(0.5, 2.5))), 2)
                n = rng.randint(15, 60)
                yield from self.gesture(self.pinch_changed, hz=60.0, duration=n / 60.0, args=lambda i: (
                    round(s0 + (s1 - s0) * (i + 1) / n, 3),))
                self.emit(self.pinch_ended)
                if rng.random() < 0.3:
                    yield rng.uniform(3.0, 12.0)
                    self.emit(self.double_tap_fit)
            elif r < 0.74:
                self.emit(self.keyboard_toggled, True)
                yield rng.uniform(0.8, 2.0)
                start = rng.randrange(0, len(KEYS) - 30)
                line = KEYS[start:KEYS.index("\r", start) + 1]
                if rng.random() < 0.3:
                    self.emit(self.modifier_tapped, rng.choice(["command", "control"]))
                    yield rng.uniform(0.3, 0.8)
                for ch in line:
                    self.emit(self.key_pressed, ch)
                    self.bump(0.35)
                    yield rng.uniform(0.15, 0.55)
                yield rng.uniform(1.0, 4.0)
                self.emit(self.keyboard_toggled, False)
            elif r < 0.80:
                self.emit(self.local_clipboard, rng.choice(CLIPS))
                yield rng.uniform(0.05, 0.3)
                self.emit(self.clipboard_sent)
            elif r < 0.85 and len(self.transfers) < 6:
                self.emit(self.transfer_tapped)
                yield rng.uniform(3.0, 9.0)
                name, size = rng.choice(FILES)
                t = self.uid()
                self.emit(self.file_picked, t, name, size)
                self.spawn(self.transfer(t, size))
            elif r < 0.93:
                self.foreground = False
                self.emit(self.scene_phase, "inactive")
                yield rng.uniform(0.3, 0.8)
                self.emit(self.scene_phase, "background")
                yield rng.uniform(0.2, 0.6)
                if self.status == "connected":
                    self.emit(self.paused)
                yield rng.uniform(20, 120)
                self.foreground = True
                self.emit(self.scene_phase, "active")
                if self.status == "paused":
                    yield rng.uniform(0.3, 1.2)
                    self.emit(self.resume_response)
                    self.bump(1.0)
            elif r < 0.96:
                self.emit(self.disconnect_tapped)
                yield rng.uniform(0.2, 0.6)
                self.emit(self.session_delegate_closed)
                self.emit(self.session_dismissed)
                yield rng.uniform(5.0, 30.0)


APPS = {"survey": Survey, "airquality": AirQuality, "remotedesktop": RemoteDesktop}
