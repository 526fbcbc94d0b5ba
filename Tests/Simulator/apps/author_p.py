"""Apps by author-p.

whiteboard: a collaborative whiteboard for iPad: the user draws strokes with a pencil
(samples at 120 Hz during a stroke), picks tools and colors, undoes and redoes, zooms and
pans the canvas with two fingers; collaborators' strokes arrive from the server as whole
strokes or as live points, their cursors are pushed as they move, presence changes, the
board autosaves after a pause, a "saved" badge clears after a delay, the user exports the
board as PDF (progress then completion), comments on a sticky note.

scores: a live sports scores app: the user follows some teams and opens matches; live
score updates are pushed per match at irregular times, a match clock ticks each second for
each live match on screen, play-by-play commentary arrives for the open match, odds update
frequently for some matches, standings are refreshed on pull-to-refresh, push
notifications for goals of followed teams, the user switches between tabs and leagues,
favorites a team, watches a highlight video with a playback progress ticker.

shop: an e-commerce app: search with a text field and debounced suggestions, a product
grid with images loading as it scrolls, product detail (stack navigation) with an image
carousel the user swipes, size/color pickers, add to cart, stock levels and prices
refreshed by polling while a product is open, a cart with quantity steppers, checkout with
address form bindings, payment response, order confirmation, a flash-sale countdown banner
ticking every second, recommendation carousel that auto-scrolls.
"""

import tcasim
from tcasim import (App, A, Struct, Raw, q, noise, signal, either, V, St, Arr, Dic, En, NIL, num, text, boolean)

AUTHOR = "author-p"


def _f(x, nd=1):
    return Raw(repr(round(x, nd)))


class _Base(App):
    """Shared helpers."""

    def dlg(self, feature):
        return feature + (".Action.Delegate" if self.tca1 else "Action.Delegate")

    def pt(self, x, y):
        return St("CGPoint", [("x", num(round(x, 1))), ("y", num(round(y, 1)))])

    def apt(self, x, y):
        return Struct("CGPoint", [("x", _f(x)), ("y", _f(y))])

    def uarg(self, u):
        return Raw("UUID(%s)" % u if self.tca1 else u)

    def stack_el(self, sid, inner):
        t = "StackAction<%s, %s>" % (self.st("Path"), self.at("Path"))
        return A(t, "element", id=Raw("#%d" % sid), action=inner)

    def stack_pop(self, sid):
        t = "StackAction<%s, %s>" % (self.st("Path"), self.at("Path"))
        return A(t, "popFrom", id=Raw("#%d" % sid))

    def presented(self, inner):
        return A("PresentationAction<%s>" % self.at("Destination"), "presented", inner)

    def dismissed(self):
        return A("PresentationAction<%s>" % self.at("Destination"), "dismiss")

    def error(self, code, domain="NSURLErrorDomain"):
        return Struct("URLError", [("code", Raw(str(code)))])


# ============================================================================ whiteboard

COLORS = ["#1C1C1E", "#FF3B30", "#007AFF", "#34C759", "#FF9500", "#AF52DE"]
TOOLS = ["pen", "marker", "highlighter", "eraser", "lasso"]
PEERS = ["Maya", "Jonas", "Priya", "Tomás", "Lea"]
COMMENTS = ["can we move this left", "looks good", "needs a label", "which API is this?",
            "let's discuss tomorrow", "+1", "typo in the title", "merge with the box above"]


class Whiteboard(_Base):
    """A collaborative whiteboard on iPad.

    noise   canvas.pencilMoved (120 Hz samples during a stroke), canvas.magnificationChanged
            and canvas.panChanged (two-finger gesture), collaboration.serverEvent.livePoints
            (a peer's live stroke, ~20 Hz batches), collaboration.serverEvent.cursorMoved
            (peer cursors), collaboration.heartbeatTicked (15 s, a no-op), document.savedBadgeDismissed
            (echo of a save), destination.presented.export.progressUpdated
    either  stickyNotes.element.binding.set (\\.$draftComment keystrokes)
    signal  pencil began/ended, tool and color picks, undo/redo, end of a pinch, the canvas's
            delegate, peer strokes, presence, joins, connection status, autosave and its
            response, export flow, sticky-note comments, scene phase"""

    name = "whiteboard"
    module = "Whiteboard"
    process = "Whiteboard"
    roots = ("WhiteboardAction", "WhiteboardFeature.Action")

    def __init__(self, session):
        _Base.__init__(self, session)
        rng = self.rng
        self.peer_ids = {}
        peers = {}
        for name in rng.sample(PEERS, 3):
            u = self.uid()
            self.peer_ids[u] = name
            peers[u] = self.peer(u, name)
        self.away = [n for n in PEERS if n not in self.peer_ids.values()]
        self.note_ids = [self.uid() for _ in range(rng.randint(3, 5))]
        self.strokes = []          # ids of strokes on the canvas
        self.redo = []             # removed strokes (St values) for redo
        self.dirty = False
        self.edit_gen = 0
        self.revision = rng.randint(40, 200)
        self.active = True
        self.connected = True
        self.exporting = False
        self.stroke_seq = 0
        strokes = []
        for _ in range(rng.randint(6, 14)):
            s = self.uid()
            self.strokes.append(s)
            strokes.append(self.stroke(s, rng.choice(TOOLS[:3]), rng.choice(COLORS), rng.randint(20, 300)))
        self.state = St(self.st("WhiteboardFeature"), [
            ("boardID", self.uuid_value(self.uid())),
            ("title", text("Sprint 48 planning")),
            ("canvas", St(self.st("Canvas"), [
                ("strokes", Arr(strokes)),
                ("activeStroke", NIL),
                ("zoomScale", num(1.0)),
                ("contentOffset", self.pt(0.0, 0.0)),
                ("isPinching", boolean(False)),
                ("canUndo", boolean(False)),
                ("canRedo", boolean(False))])),
            ("toolbar", St(self.st("Toolbar"), [
                ("tool", self.case("pen", "Tool")),
                ("color", text(COLORS[0])),
                ("lineWidth", num(2.0))])),
            ("collaboration", St(self.st("Collaboration"), [
                ("connection", self.case("connected", "ConnectionStatus")),
                ("peers", Dic(peers, key="UUID(%s)")),
                ("lastHeartbeatAt", NIL)])),
            ("document", St(self.st("Document"), [
                ("hasUnsavedChanges", boolean(False)),
                ("isSaving", boolean(False)),
                ("revision", num(self.revision)),
                ("lastSavedAt", NIL),
                ("showsSavedBadge", boolean(False))])),
            ("stickyNotes", Arr(St(self.st("StickyNote"), [
                ("id", self.uuid_value(n)), ("text", text(rng.choice(["API shape", "Open questions", "Owner?",
                                                                      "Risks", "Ship list", "Metrics"]))),
                ("comments", Arr()), ("draftComment", text("")), ("isComposing", boolean(False)),
                ("isPosting", boolean(False))])
                for n in self.note_ids)),
            ("destination", NIL),
            ("scenePhase", self.case("active", "ScenePhase"))])

    def peer(self, u, name):
        return St("Peer", [("id", self.uuid_value(u)), ("name", text(name)),
                           ("presence", self.case("active", "Presence")), ("cursor", NIL), ("liveStroke", NIL)])

    def stroke(self, s, tool, color, n):
        return St("Stroke", [("id", self.uuid_value(s)), ("tool", self.case(tool, "Tool")), ("color", text(color)),
                             ("pointCount", num(n))])

    # -- paths and actions
    def cv(self, inner):
        return self.act("canvas", inner)

    def tb(self, inner):
        return self.act("toolbar", inner)

    def co(self, inner):
        return self.act("collaboration", inner)

    def ev(self, name, payload):
        return self.co(A(self.at("Collaboration"), "serverEvent", A("ServerEvent", name, payload)))

    def doc(self, inner):
        return self.act("document", inner)

    def note(self, n, inner):
        return self.act("stickyNotes", self.element("StickyNote", self.uarg(n), inner))

    def npath(self, n, *rest):
        return ("stickyNotes", ("i", self.note_ids.index(n))) + rest

    def ppath(self, u, *rest):
        return ("collaboration", "peers", ("k", u)) + rest

    def sample(self, x, y, force):
        return Struct("PencilSample", [("location", self.apt(x, y)), ("force", _f(force, 2)),
                                       ("azimuth", _f(self.rng.uniform(0.4, 1.2), 2))])

    def tool(self):
        return self.get(("toolbar", "tool")).cd[1:]

    def mark_history(self):
        self.set(("canvas", "canUndo"), boolean(bool(self.strokes)))
        self.set(("canvas", "canRedo"), boolean(bool(self.redo)))

    # -- noise
    @noise
    def pencil_moved(self, x, y, force):
        a = self.get(("canvas", "activeStroke"))
        if a is NIL:
            return None
        n = int(a.f["pointCount"].cd) + 1
        self.set(("canvas", "activeStroke"), St("ActiveStroke", [
            ("id", a.f["id"]), ("pointCount", num(n)), ("lastSample", self.pt(x, y)), ("force", num(round(force, 2)))]))
        return self.cv(A(self.at("Canvas"), "pencilMoved", self.sample(x, y, force)))

    # reason: a two-finger gesture's stream of one number, closed by magnificationEnded
    @noise
    def magnification_changed(self, scale):
        self.set(("canvas", "isPinching"), boolean(True))
        self.set(("canvas", "zoomScale"), num(round(scale, 3)))
        return self.cv(A(self.at("Canvas"), "magnificationChanged", _f(scale, 3)))

    # reason: the same gesture's translation
    @noise
    def pan_changed(self, x, y):
        self.set(("canvas", "isPinching"), boolean(True))
        self.set(("canvas", "contentOffset"), self.pt(x, y))
        return self.cv(A(self.at("Canvas"), "panChanged", Struct("CGSize", [("width", _f(x)), ("height", _f(y))])))

    # reason: a peer's pen streamed in ~20 Hz batches: one count and one point nudged; the stroke itself arrives as strokeAdded
    @noise
    def live_points(self, u, n, x, y):
        if u not in self.peer_ids:
            return None
        ls = self.get(self.ppath(u, "liveStroke"))
        total = (int(ls.f["pointCount"].cd) if ls is not NIL else 0) + n
        self.set(self.ppath(u, "liveStroke"), St("LiveStroke", [("pointCount", num(total)),
                                                                 ("lastPoint", self.pt(x, y))]))
        return self.ev("livePoints", Struct("LivePointBatch", [
            ("peerID", self.uarg(u)), ("count", Raw(str(n))), ("last", self.apt(x, y))]))

    # reason: peers' cursors pushed at their pointer's pace, one coordinate each
    @noise
    def cursor_moved(self, u, x, y):
        if u not in self.peer_ids:
            return None
        self.set(self.ppath(u, "cursor"), self.pt(x, y))
        return self.ev("cursorMoved", Struct("CursorUpdate", [("peerID", self.uarg(u)), ("location", self.apt(x, y))]))

    # reason: a keep-alive every 15 s on its own timer, a no-op
    @noise
    def heartbeat(self):
        return self.co(A(self.at("Collaboration"), "heartbeatTicked"))

    # reason: echo: clears the badge a fixed 2 s after every save response
    @noise
    def badge_dismissed(self):
        self.set(("document", "showsSavedBadge"), boolean(False))
        return self.doc(A(self.at("Document"), "savedBadgeDismissed"))

    # reason: progress of the export the person started: a number counting up
    @noise
    def export_progress(self, p):
        d = self.get(("destination",))
        if d is NIL:
            return None
        self.set(("destination", ("e", "export"), "progress"), num(round(p, 2)))
        return self.act("destination", self.presented(A(self.at("Destination"), "export",
                                                         A(self.at("Export"), "progressUpdated", _f(p, 2)))))

    # -- either
    # reason: a keystroke each in the comment field
    @either
    def draft_typed(self, n, value):
        self.set(self.npath(n, "draftComment"), text(value))
        return self.note(n, self.binding("StickyNote", "draftComment", q(value)))

    # -- signal
    @signal
    def pencil_began(self, x, y, force):
        s = self.uid()
        self.set(("canvas", "activeStroke"), St("ActiveStroke", [
            ("id", self.uuid_value(s)), ("pointCount", num(1)), ("lastSample", self.pt(x, y)),
            ("force", num(round(force, 2)))]))
        return self.cv(A(self.at("Canvas"), "pencilBegan", self.sample(x, y, force)))

    @signal
    def pencil_ended(self):
        a = self.get(("canvas", "activeStroke"))
        if a is NIL:
            return None
        self.set(("canvas", "activeStroke"), NIL)
        tool = self.tool()
        sid = a.f["id"].df
        if tool == "eraser":
            if self.strokes:
                i = self.rng.randrange(len(self.strokes))
                self.redo.append(self.remove_at(("canvas", "strokes"), i))
                self.strokes.pop(i)
        elif tool != "lasso":
            self.strokes.append(sid)
            self.append(("canvas", "strokes"), self.stroke(sid, tool, self.get(("toolbar", "color")).df,
                                                           int(a.f["pointCount"].cd)))
            self.redo = []
        self.mark_history()
        return self.cv(A(self.at("Canvas"), "pencilEnded"))

    # reason: the canvas's delegate, one per stroke; mostly a no-op once the board is already dirty
    @signal
    def stroke_committed(self):
        self.touch()
        return self.cv(A(self.at("Canvas"), "delegate", A(self.dlg("Canvas"), "strokeCommitted")))

    def touch(self):
        self.dirty = True
        self.edit_gen += 1
        self.set(("document", "hasUnsavedChanges"), boolean(True))
        self.spawn(self.debounce(self.edit_gen))

    def debounce(self, gen):
        yield 2.0
        if gen == self.edit_gen and self.dirty and self.connected:
            self.emit(self.autosave_fired)

    # reason: the person lifting two fingers: the end of the gesture
    @signal
    def pinch_ended(self):
        self.set(("canvas", "isPinching"), boolean(False))
        return self.cv(A(self.at("Canvas"), "magnificationEnded"))

    @signal
    def tool_selected(self, tool):
        self.set(("toolbar", "tool"), self.case(tool, "Tool"))
        return self.tb(A(self.at("Toolbar"), "toolSelected", A("Tool", tool)))

    # reason: a tap on a swatch; a no-op when it is the current colour
    @signal
    def color_picked(self, color):
        self.set(("toolbar", "color"), text(color))
        return self.tb(A(self.at("Toolbar"), "colorPicked", Struct("DrawingColor", [("hex", q(color))])))

    @signal
    def undo_tapped(self):
        if self.strokes:
            self.strokes.pop()
            self.redo.append(self.remove_at(("canvas", "strokes"), len(self.strokes)))
            self.touch()
        self.mark_history()
        return self.tb(A(self.at("Toolbar"), "undoButtonTapped"))

    @signal
    def redo_tapped(self):
        if self.redo:
            s = self.redo.pop()
            self.strokes.append(s.f["id"].df)
            self.append(("canvas", "strokes"), s)
            self.touch()
        self.mark_history()
        return self.tb(A(self.at("Toolbar"), "redoButtonTapped"))

    # reason: a peer's finished stroke: a new object on the canvas
    @signal
    def remote_stroke(self, u, n):
        if u not in self.peer_ids:
            return None
        s = self.uid()
        self.set(self.ppath(u, "liveStroke"), NIL)
        self.strokes.append(s)
        color = self.rng.choice(COLORS)
        tool = self.rng.choice(TOOLS[:3])
        self.append(("canvas", "strokes"), self.stroke(s, tool, color, n))
        self.mark_history()
        return self.ev("strokeAdded", Struct("RemoteStroke", [
            ("id", self.uarg(s)), ("peerID", self.uarg(u)), ("tool", Raw("." + tool)), ("color", q(color)),
            ("pointCount", Raw(str(n)))]))

    @signal
    def remote_stroke_removed(self, u):
        if u not in self.peer_ids or not self.strokes:
            return None
        i = self.rng.randrange(len(self.strokes))
        s = self.strokes.pop(i)
        self.remove_at(("canvas", "strokes"), i)
        self.mark_history()
        return self.ev("strokeRemoved", Struct("StrokeRemoval", [("id", self.uarg(s)), ("peerID", self.uarg(u))]))

    # reason: a collaborator going idle, away or back: a status change
    @signal
    def presence_changed(self, u, presence):
        if u not in self.peer_ids:
            return None
        self.set(self.ppath(u, "presence"), self.case(presence, "Presence"))
        if presence != "active":
            self.set(self.ppath(u, "cursor"), NIL)
        return self.ev("presenceChanged", Struct("PresenceUpdate", [("peerID", self.uarg(u)),
                                                                    ("presence", Raw("." + presence))]))

    @signal
    def peer_joined(self, name):
        u = self.uid()
        self.peer_ids[u] = name
        self.put(("collaboration", "peers"), u, self.peer(u, name))
        return self.ev("peerJoined", Struct("Peer", [("id", self.uarg(u)), ("name", q(name))]))

    @signal
    def peer_left(self, u):
        name = self.peer_ids.pop(u)
        self.away.append(name)
        self.delete(("collaboration", "peers"), u)
        return self.ev("peerLeft", Struct("PeerDeparture", [("peerID", self.uarg(u))]))

    @signal
    def connection_changed(self, status):
        self.connected = status == "connected"
        self.set(("collaboration", "connection"), self.case(status, "ConnectionStatus"))
        return self.co(A(self.at("Collaboration"), "connectionStatusChanged", A("ConnectionStatus", status)))

    # reason: fires once per burst of edits, a fixed 2 s after the person's last change
    @signal
    def autosave_fired(self):
        self.set(("document", "isSaving"), boolean(True))
        self.after(self.rng.uniform(0.25, 1.4), self.save_response, self.rng.random() < 0.96)
        return self.doc(A(self.at("Document"), "autosaveDebounceElapsed"))

    # reason: the autosave's answer: a new revision or an error
    @signal
    def save_response(self, ok):
        self.set(("document", "isSaving"), boolean(False))
        if ok:
            self.dirty = False
            self.revision += 1
            self.set(("document", "hasUnsavedChanges"), boolean(False))
            self.set(("document", "revision"), num(self.revision))
            self.set(("document", "lastSavedAt"), self.date())
            self.set(("document", "showsSavedBadge"), boolean(True))
            self.after(2.0, self.badge_dismissed)
            payload = Struct("SaveReceipt", [("revision", Raw(str(self.revision))), ("bytes",
                                                                                   Raw(str(self.rng.randint(40000, 400000))))])
        else:
            self.spawn(self.debounce_retry())
            payload = self.error(-1005)
        return self.doc(A(self.at("Document"), "saveResponse", self.result("SaveReceipt", ok, payload)))

    def debounce_retry(self):
        yield 5.0
        if self.dirty and self.connected:
            self.emit(self.autosave_fired)

    @signal
    def export_tapped(self):
        self.set(("destination",), En("Destination", "export", St(self.st("Export"), [
            ("format", self.case("pdf", "ExportFormat")), ("includeBackground", boolean(True)),
            ("progress", NIL), ("fileURL", NIL)])))
        return self.tb(A(self.at("Toolbar"), "exportButtonTapped"))

    @signal
    def export_confirmed(self):
        self.set(("destination", ("e", "export"), "progress"), num(0.0))
        return self.act("destination", self.presented(A(self.at("Destination"), "export",
                                                         A(self.at("Export"), "exportPDFButtonTapped"))))

    @signal
    def export_response(self, ok, pages):
        if self.get(("destination",)) is NIL:
            return None
        if ok:
            url = "file:///private/var/mobile/tmp/Sprint-48-planning.pdf"
            self.set(("destination", ("e", "export"), "progress"), num(1.0))
            self.set(("destination", ("e", "export"), "fileURL"), text(url))
            payload = Struct("ExportedFile", [("url", q(url)), ("pageCount", Raw(str(pages)))])
        else:
            self.set(("destination", ("e", "export"), "progress"), NIL)
            payload = Struct("PDFRenderError", [("reason", q("outOfMemory"))])
        return self.act("destination", self.presented(A(self.at("Destination"), "export", A(
            self.at("Export"), "exportResponse", self.result("ExportedFile", ok, payload)))))

    @signal
    def export_dismissed(self):
        self.set(("destination",), NIL)
        return self.act("destination", self.dismissed())

    @signal
    def note_comment_tapped(self, n):
        self.set(self.npath(n, "isComposing"), boolean(True))
        return self.note(n, A(self.at("StickyNote"), "commentButtonTapped"))

    @signal
    def comment_submitted(self, n):
        self.set(self.npath(n, "isPosting"), boolean(True))
        return self.note(n, A(self.at("StickyNote"), "postCommentButtonTapped"))

    @signal
    def comment_posted(self, n, body):
        c = self.uid()
        self.set(self.npath(n, "isPosting"), boolean(False))
        self.set(self.npath(n, "isComposing"), boolean(False))
        self.set(self.npath(n, "draftComment"), text(""))
        self.append(self.npath(n, "comments"), St("Comment", [("id", self.uuid_value(c)), ("author", text("Me")),
                                                              ("body", text(body))]))
        return self.note(n, A(self.at("StickyNote"), "commentResponse", self.result("Comment", True, Struct(
            "Comment", [("id", self.uarg(c)), ("body", q(body))]))))

    @signal
    def scene_phase(self, phase):
        self.active = phase == "active"
        self.set(("scenePhase",), self.case(phase, "ScenePhase"))
        return self.act("scenePhaseChanged", A("ScenePhase", phase))

    # -- processes
    def processes(self):
        return [self.person(), self.periodic(self.heartbeat, 15.0, 0.05, when=lambda: self.active and self.connected),
                self.peers_proc(), self.presence_proc(), self.network(), self.lifecycle()]

    def lifecycle(self):
        while True:
            yield self.rng.uniform(200, 420)
            self.emit(self.scene_phase, "inactive")
            yield self.rng.uniform(0.3, 0.8)
            self.emit(self.scene_phase, "background")
            yield self.rng.uniform(20, 70)
            self.emit(self.scene_phase, "active")

    def network(self):
        while True:
            yield self.rng.uniform(180, 500)
            if not self.active:
                continue
            self.emit(self.connection_changed, "reconnecting")
            yield self.rng.uniform(2, 12)
            self.emit(self.connection_changed, "connected")
            if self.dirty:
                self.emit(self.autosave_fired)

    def presence_proc(self):
        rng = self.rng
        while True:
            yield self.expo(70.0)
            if not self.active:
                continue
            r = rng.random()
            if r < 0.15 and self.away:
                self.emit(self.peer_joined, self.away.pop(rng.randrange(len(self.away))))
            elif r < 0.25 and len(self.peer_ids) > 1:
                self.emit(self.peer_left, rng.choice(list(self.peer_ids)))
            elif self.peer_ids:
                u = rng.choice(list(self.peer_ids))
                cur = self.get(self.ppath(u, "presence")).cd[1:]
                self.emit(self.presence_changed, u, "active" if cur != "active" else rng.choice(["idle", "away"]))

    def peers_proc(self):
        rng = self.rng
        while True:
            yield self.expo(6.0)
            if not self.active or not self.connected or not self.peer_ids:
                continue
            u = rng.choice(list(self.peer_ids))
            if self.get(self.ppath(u, "presence")).cd != ".active":
                continue
            r = rng.random()
            x, y = rng.uniform(50, 1900), rng.uniform(50, 1300)
            if r < 0.45:        # the cursor wanders
                hz = rng.uniform(8, 15)
                n = rng.randint(4, 30)
                for i in range(n):
                    yield rng.uniform(0.85, 1.15) / hz
                    x += rng.uniform(-30, 30)
                    y += rng.uniform(-25, 25)
                    self.emit(self.cursor_moved, u, x, y)
            elif r < 0.75:      # a live stroke, points in batches
                hz = rng.uniform(18, 24)
                for _ in range(rng.randint(1, 4)):
                    n = rng.randint(4, 25)
                    for i in range(n):
                        yield rng.uniform(0.9, 1.1) / hz
                        x += rng.uniform(-8, 8)
                        y += rng.uniform(-8, 8)
                        self.emit(self.live_points, u, rng.randint(3, 5), x, y)
                    yield rng.uniform(0.05, 0.2)
                    self.emit(self.remote_stroke, u, n * 4)
                    yield rng.uniform(0.2, 1.0)
            elif r < 0.93:      # whole strokes from a client on an older build
                for _ in range(rng.randint(1, 3)):
                    self.emit(self.remote_stroke, u, rng.randint(20, 240))
                    yield rng.uniform(0.3, 2.0)
            else:
                self.emit(self.remote_stroke_removed, u)

    def draw_stroke(self, duration):
        rng = self.rng
        x, y = rng.uniform(100, 1900), rng.uniform(100, 1300)
        force = rng.uniform(0.2, 0.6)
        self.emit(self.pencil_began, x, y, force)
        dx, dy = rng.uniform(-6, 6), rng.uniform(-6, 6)
        n = max(3, int(duration * 120))
        for i in range(n):
            yield max(0.006, rng.gauss(1.0, 0.03)) / 120
            dx += rng.uniform(-0.8, 0.8)
            dy += rng.uniform(-0.8, 0.8)
            x, y = x + dx, y + dy
            force = min(1.0, max(0.05, force + rng.uniform(-0.04, 0.04)))
            self.emit(self.pencil_moved, x, y, force)
        yield rng.uniform(0.004, 0.01)
        self.emit(self.pencil_ended)
        if self.tool() != "lasso":
            self.emit(self.stroke_committed)

    def person(self):
        rng = self.rng
        think = self.think((1.5, 4.0), (8.0, 25.0), (60, 180), (30, 100))
        yield rng.uniform(1.0, 3.0)
        while True:
            yield next(think)
            if not self.active:
                continue
            r = rng.random()
            if r < 0.30:                                  # write a word or a few
                for _ in range(rng.randint(2, 6)):
                    yield from self.draw_stroke(rng.uniform(0.06, 0.3))
                    yield rng.uniform(0.08, 0.5)
            elif r < 0.44:                                # a shape or an arrow
                for _ in range(rng.randint(1, 2)):
                    yield from self.draw_stroke(rng.uniform(0.4, 1.6))
                    yield rng.uniform(0.3, 1.5)
            elif r < 0.58:                                # pick a tool
                tool = rng.choice([t for t in TOOLS if t != self.tool()])
                self.emit(self.tool_selected, tool)
                if tool in ("eraser", "lasso"):
                    yield rng.uniform(0.8, 2.5)
                    for _ in range(rng.randint(1, 3)):
                        yield from self.draw_stroke(rng.uniform(0.2, 0.9))
                        yield rng.uniform(0.3, 1.0)
                    yield rng.uniform(0.5, 2.0)
                    self.emit(self.tool_selected, "pen")
            elif r < 0.64:
                self.emit(self.color_picked, rng.choice(COLORS))
            elif r < 0.72:                                # undo, sometimes several, sometimes redo
                for _ in range(rng.randint(1, 4)):
                    self.emit(self.undo_tapped)
                    yield rng.uniform(0.25, 0.8)
                if rng.random() < 0.35:
                    self.emit(self.redo_tapped)
            elif r < 0.86:                                # zoom and pan with two fingers
                scale = float(self.get(("canvas", "zoomScale")).cd)
                off = self.get(("canvas", "contentOffset"))
                ox, oy = float(off.f["x"].cd), float(off.f["y"].cd)
                goal = min(4.0, max(0.5, scale * rng.uniform(0.6, 1.7)))
                hz = 60.0
                n = int(hz * rng.uniform(0.4, 1.6))
                gx, gy = ox + rng.uniform(-300, 300), oy + rng.uniform(-200, 200)
                for i in range(n):
                    yield max(0.008, rng.gauss(1.0, 0.03)) / hz
                    f = (i + 1) / n
                    if i % 2 == 0:
                        self.emit(self.magnification_changed, scale + (goal - scale) * f + rng.uniform(-0.004, 0.004))
                    else:
                        self.emit(self.pan_changed, ox + (gx - ox) * f, oy + (gy - oy) * f)
                yield 0.01
                self.emit(self.pinch_ended)
            elif r < 0.93:                                # comment on a sticky note
                n = rng.choice(self.note_ids)
                self.emit(self.note_comment_tapped, n)
                yield rng.uniform(0.8, 2.0)
                body = rng.choice(COMMENTS)
                for k in range(1, len(body) + 1):
                    self.emit(self.draft_typed, n, body[:k])
                    yield rng.uniform(0.08, 0.35)
                yield rng.uniform(0.4, 1.5)
                self.emit(self.comment_submitted, n)
                self.after(rng.uniform(0.2, 0.9), self.comment_posted, n, body)
            elif r < 0.96 and not self.exporting:         # export as PDF
                self.exporting = True
                self.emit(self.export_tapped)
                yield rng.uniform(1.5, 4.0)
                self.emit(self.export_confirmed)
                p = 0.0
                while True:
                    yield rng.uniform(0.15, 0.35)
                    p += rng.uniform(0.04, 0.12)
                    if p >= 1.0:
                        break
                    self.emit(self.export_progress, p)
                yield rng.uniform(0.1, 0.3)
                self.emit(self.export_response, rng.random() < 0.9, rng.randint(1, 4))
                yield rng.uniform(2.0, 6.0)
                self.emit(self.export_dismissed)
                self.exporting = False


# ============================================================================ scores

LEAGUES = {
    "Premier League": ["Arsenal", "Chelsea", "Liverpool", "Man City", "Man United", "Tottenham", "Newcastle",
                       "Aston Villa", "Brighton", "West Ham", "Everton", "Fulham", "Brentford", "Wolves"],
    "LaLiga": ["Real Madrid", "Barcelona", "Atlético", "Sevilla", "Real Sociedad", "Villarreal", "Betis",
               "Valencia", "Athletic Club", "Girona", "Osasuna", "Celta Vigo"],
    "Bundesliga": ["Bayern", "Dortmund", "Leipzig", "Leverkusen", "Frankfurt", "Freiburg", "Union Berlin",
                   "Stuttgart", "Wolfsburg", "Mainz", "Hoffenheim", "Werder Bremen"],
}
SCORERS = ["Saka", "Salah", "Haaland", "Isak", "Watkins", "Bellingham", "Lewandowski", "Kane", "Wirtz",
           "Griezmann", "Palmer", "Son"]
COMMENTARY = ["Corner taken short", "Shot from distance, wide", "Yellow card", "Substitution",
              "Free kick in a dangerous position", "Offside flag goes up", "Great save!", "Header over the bar",
              "Possession recycled at the back", "Counter-attack breaks down", "VAR check in progress"]


class Scores(_Base):
    """A live sports scores app.

    noise   live.matches.element.clockTicked (1 Hz per live match on screen; no-ops at half
            time), path.element.matchDetail.clockTicked, live.oddsUpdated (frequent
            nudges, some re-sends), path.element.matchDetail.statsUpdated, destination.presented.highlightPlayer.periodicTimeObserved
            (0.5 s ticker), notifications.goalBannerExpired (echo)
    either  path.element.matchDetail.commentaryReceived (a feed of new entries, machine-paced)
    signal  score updates (goals, cards, status), tab and league switches, match and team
            taps, favorites and its delegate, pull-to-refresh and responses, goal notifications,
            highlight play/close, connection status, scene phase"""

    name = "scores"
    module = "Scores"
    process = "Scores"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        _Base.__init__(self, session)
        rng = self.rng
        self.league = "Premier League"
        self.followed = set(rng.sample(LEAGUES["Premier League"], 2) + rng.sample(LEAGUES["LaLiga"], 1))
        self.tab = "live"
        self.active = True
        self.stack = []            # (sid, kind, key)
        self.sid = 0
        self.player = False
        self.opened_at, self.dwell = 0.0, 0.0
        self.banner_gen = 0
        self.matches = {}          # league -> list of match dicts (simulated server truth)
        for lg, teams in LEAGUES.items():
            ts = teams[:]
            rng.shuffle(ts)
            ms = []
            for i in range(0, len(ts) - 1, 2):
                status = rng.choice(["live"] * 5 + ["halfTime", "scheduled", "fullTime"])
                el = rng.randint(60, 5000) if status == "live" else (2700 if status == "halfTime" else
                                                                       (0 if status == "scheduled" else 5700))
                ms.append({"id": self.uid(), "home": ts[i], "away": ts[i + 1], "hs": 0 if status == "scheduled" else
                           rng.randint(0, 2), "as": 0 if status == "scheduled" else rng.randint(0, 2),
                           "status": status, "elapsed": el, "cards": rng.randint(0, 3), "ht_left": 900,
                           "odds": [round(rng.uniform(1.5, 5.0), 2), round(rng.uniform(2.8, 4.2), 2),
                                    round(rng.uniform(1.5, 6.0), 2)] if rng.random() < 0.5 else None})
            self.matches[lg] = ms
        self.state = St(self.st("AppFeature"), [
            ("selectedTab", self.case("live", "Tab")),
            ("live", St(self.st("LiveScores"), [
                ("league", text(self.league)),
                ("matches", Arr(self.match_row(m) for m in self.matches[self.league])),
                ("odds", self.odds_dic(self.league)),
                ("isLoading", boolean(False))])),
            ("standings", St(self.st("Standings"), [
                ("league", text(self.league)), ("rows", Arr(self.standings_rows(self.league))),
                ("isRefreshing", boolean(False)), ("updatedAt", NIL)])),
            ("favorites", St(self.st("Favorites"), [("teams", Arr(text(t) for t in sorted(self.followed)))])),
            ("notifications", St(self.st("Notifications"), [("banner", NIL), ("unread", num(0))])),
            ("path", Dic({}, quoted=False, ordered=True)),
            ("destination", NIL),
            ("connection", self.case("connected", "FeedConnection")),
            ("scenePhase", self.case("active", "ScenePhase"))])

    def clock_text(self, m):
        e = m["elapsed"]
        return "%d:%02d" % (e // 60, e % 60)

    def match_row(self, m):
        return St(self.st("MatchRow"), [
            ("id", self.uuid_value(m["id"])), ("home", text(m["home"])), ("away", text(m["away"])),
            ("score", St("Score", [("home", num(m["hs"])), ("away", num(m["as"]))])),
            ("status", self.case(m["status"], "MatchStatus")), ("clock", text(self.clock_text(m))),
            ("yellowCards", num(m["cards"]))])

    def odds_dic(self, lg):
        d = {}
        for m in self.matches[lg]:
            if m["odds"]:
                d[m["id"]] = St("Odds", [("home", num(m["odds"][0])), ("draw", num(m["odds"][1])),
                                         ("away", num(m["odds"][2]))])
        return Dic(d, key="UUID(%s)")

    def standings_rows(self, lg):
        teams = LEAGUES[lg]
        pts = sorted((self.rng.randint(8, 40) for _ in teams), reverse=True)
        return [St("StandingRow", [("team", text(t)), ("points", num(p))]) for t, p in zip(teams, pts)]

    # -- helpers
    def live_ids(self):
        return [m["id"] for m in self.matches[self.league]]

    def midx(self, mid):
        return self.live_ids().index(mid)

    def find(self, mid):
        for lg, ms in self.matches.items():
            for m in ms:
                if m["id"] == mid:
                    return lg, m
        return None, None

    def row(self, mid, inner):
        return self.act("live", A(self.at("LiveScores"), "matches", self.element("MatchRow", self.uarg(mid), inner)))

    def lv(self, inner):
        return self.act("live", inner)

    def detail(self, sid, inner):
        return self.act("path", self.stack_el(sid, A(self.at("Path"), "matchDetail", inner)))

    def team(self, sid, inner):
        return self.act("path", self.stack_el(sid, A(self.at("Path"), "teamDetail", inner)))

    def top(self):
        return self.stack[-1] if self.stack else None

    def dpath(self, sid, *rest):
        return ("path", ("k", "#%d" % sid), ("e", "matchDetail")) + rest

    def tpath(self, sid, *rest):
        return ("path", ("k", "#%d" % sid), ("e", "teamDetail")) + rest

    def root_visible(self):
        return self.active and self.tab == "live" and not self.stack and not self.player

    # -- noise
    # reason: a 1 s timer per live row on screen; no-ops while the match is at half time
    @noise
    def clock_ticked(self, mid):
        lg, m = self.find(mid)
        if lg != self.league:
            return None
        if m["status"] == "live":
            m["elapsed"] += 1
        self.set(("live", "matches", ("i", self.midx(mid)), "clock"), text(self.clock_text(m)))
        return self.row(mid, A(self.at("MatchRow"), "clockTicked"))

    # reason: the open match's 1 s clock
    @noise
    def detail_clock_ticked(self, sid, mid):
        lg, m = self.find(mid)
        if self.top() is None or self.top()[0] != sid:
            return None
        if m["status"] == "live":
            m["elapsed"] += 1
        self.set(self.dpath(sid, "clock"), text(self.clock_text(m)))
        return self.detail(sid, A(self.at("MatchDetail"), "clockTicked"))

    # reason: bookmakers' feed nudging three prices every few seconds, some re-sends unchanged
    @noise
    def odds_updated(self, mid):
        lg, m = self.find(mid)
        if lg != self.league or not m["odds"]:
            return None
        if self.rng.random() < 0.7:
            m["odds"] = [max(1.01, round(o + self.rng.uniform(-0.06, 0.06), 2)) for o in m["odds"]]
        o = m["odds"]
        self.set(("live", "odds", ("k", mid)), St("Odds", [("home", num(o[0])), ("draw", num(o[1])),
                                                          ("away", num(o[2]))]))
        return self.lv(A(self.at("LiveScores"), "oddsUpdated", Struct("OddsUpdate", [
            ("matchID", self.uarg(mid)), ("home", Raw(repr(o[0]))), ("draw", Raw(repr(o[1]))),
            ("away", Raw(repr(o[2])))])))

    # reason: the open match's stats pushed every few seconds, nudging a percentage and shot counts
    @noise
    def stats_updated(self, sid):
        if self.top() is None or self.top()[0] != sid:
            return None
        st = self.get(self.dpath(sid, "stats"))
        pos = max(25, min(75, int(st.f["possessionHome"].cd) + self.rng.choice([-2, -1, 0, 0, 1, 2])))
        sh = int(st.f["shotsHome"].cd) + (1 if self.rng.random() < 0.12 else 0)
        sa = int(st.f["shotsAway"].cd) + (1 if self.rng.random() < 0.1 else 0)
        self.set(self.dpath(sid, "stats"), St("MatchStats", [("possessionHome", num(pos)), ("shotsHome", num(sh)),
                                                             ("shotsAway", num(sa))]))
        return self.detail(sid, A(self.at("MatchDetail"), "statsUpdated", Struct("MatchStats", [
            ("possessionHome", Raw(str(pos))), ("shotsHome", Raw(str(sh))), ("shotsAway", Raw(str(sa)))])))

    # reason: AVPlayer's periodic time observer, every 0.5 s while playing
    @noise
    def playback_time(self, t):
        if not self.player:
            return None
        self.set(("destination", ("e", "highlightPlayer"), "currentTime"), num(round(t, 1)))
        return self.act("destination", self.presented(A(self.at("Destination"), "highlightPlayer", A(
            self.at("HighlightPlayer"), "periodicTimeObserved", _f(t, 1)))))

    # reason: echo: the goal banner hides itself a fixed 4 s after it appeared
    @noise
    def banner_expired(self, gen):
        if gen != self.banner_gen:
            return None            # cancelled in flight by a newer banner
        self.set(("notifications", "banner"), NIL)
        return self.act("notifications", A(self.at("Notifications"), "goalBannerExpired"))

    # -- either
    # reason: play-by-play entries are new objects the person reads, but they arrive on the feed's
    # own schedule while the match page is open
    @either
    def commentary(self, sid, mid):
        if self.top() is None or self.top()[0] != sid:
            return None
        lg, m = self.find(mid)
        line = self.rng.choice(COMMENTARY)
        eid = self.uid()
        minute = m["elapsed"] // 60 + 1
        self.append(self.dpath(sid, "commentary"), St("CommentaryEntry", [
            ("id", self.uuid_value(eid)), ("minute", num(minute)), ("text", text(line))]))
        return self.detail(sid, A(self.at("MatchDetail"), "commentaryReceived", Struct("CommentaryEntry", [
            ("id", self.uarg(eid)), ("minute", Raw(str(minute))), ("text", q(line))])))

    # -- signal
    # reason: a match event pushed by the feed (goal, card, VAR, half/full time): the score or status changes
    @signal
    def score_pushed(self, mid, kind):
        lg, m = self.find(mid)
        if lg != self.league:
            return None           # the row is not in the list: the update is dropped by the socket filter
        if kind == "goal":
            side = self.rng.choice(["hs", "as"])
            m[side] += 1
        elif kind == "disallowed":
            side = "hs" if m["hs"] >= m["as"] and m["hs"] > 0 else "as"
            m[side] = max(0, m[side] - 1)
        elif kind == "card":
            m["cards"] += 1
        elif kind == "halfTime":
            m["status"] = "halfTime"
            m["elapsed"] = 2700
        elif kind == "secondHalf":
            m["status"] = "live"
        elif kind == "fullTime":
            m["status"] = "fullTime"
        elif kind == "kickOff":
            m["status"] = "live"
        i = self.midx(mid)
        base = ("live", "matches", ("i", i))
        self.set(base + ("score",), St("Score", [("home", num(m["hs"])), ("away", num(m["as"]))]))
        self.set(base + ("status",), self.case(m["status"], "MatchStatus"))
        self.set(base + ("yellowCards",), num(m["cards"]))
        for sid, k, key in self.stack:
            if k == "match" and key == mid:
                self.set(self.dpath(sid, "score"), St("Score", [("home", num(m["hs"])), ("away", num(m["as"]))]))
        return self.row(mid, A(self.at("MatchRow"), "scoreUpdated", Struct("ScoreUpdate", [
            ("home", Raw(str(m["hs"]))), ("away", Raw(str(m["as"]))), ("status", Raw("." + m["status"])),
            ("yellowCards", Raw(str(m["cards"])))])))

    # reason: a push notification for a followed team's goal: an event
    @signal
    def goal_notification(self, mid, team, scorer, minute):
        self.set(("notifications", "banner"), St("GoalBanner", [("team", text(team)), ("scorer", text(scorer)),
                                                                 ("minute", num(minute)), ("matchID", self.uuid_value(mid))]))
        self.set(("notifications", "unread"), num(int(self.get(("notifications", "unread")).cd) + 1))
        self.banner_gen += 1
        self.after(4.0, self.banner_expired, self.banner_gen)
        return self.act("notifications", A(self.at("Notifications"), "goalNotificationReceived", Struct("GoalAlert", [
            ("matchID", self.uarg(mid)), ("team", q(team)), ("scorer", q(scorer)), ("minute", Raw(str(minute)))])))

    @signal
    def tab_selected(self, tab):
        self.tab = tab
        self.set(("selectedTab",), self.case(tab, "Tab"))
        return self.act("tabSelected", A("Tab", tab))

    @signal
    def league_picked(self, lg):
        self.set(("live", "isLoading"), boolean(True))
        self.after(self.rng.uniform(0.2, 0.8), self.matches_response, lg)
        return self.lv(A(self.at("LiveScores"), "leaguePicked", Struct("League", [("name", q(lg))])))

    @signal
    def matches_response(self, lg):
        self.league = lg
        self.set(("live", "isLoading"), boolean(False))
        self.set(("live", "league"), text(lg))
        self.set(("live", "matches"), Arr(self.match_row(m) for m in self.matches[lg]))
        self.set(("live", "odds"), self.odds_dic(lg))
        return self.lv(A(self.at("LiveScores"), "matchesResponse", self.result("[Match]", True, Struct(
            "MatchPage", [("league", q(lg)), ("count", Raw(str(len(self.matches[lg]))))]))))

    @signal
    def match_tapped(self, mid):
        lg, m = self.find(mid)
        self.sid += 1
        sid = self.sid
        self.stack.append((sid, "match", mid))
        action = self.row(mid, A(self.at("MatchRow"), "tapped"))
        self.put(("path",), "#%d" % sid, En("Path.State", "matchDetail", St(self.st("MatchDetail"), [
            ("matchID", self.uuid_value(mid)), ("home", text(m["home"])), ("away", text(m["away"])),
            ("score", St("Score", [("home", num(m["hs"])), ("away", num(m["as"]))])),
            ("clock", text(self.clock_text(m))), ("commentary", Arr()), ("lineups", NIL),
            ("stats", St("MatchStats", [("possessionHome", num(50)), ("shotsHome", num(0)), ("shotsAway", num(0))]))])))
        return action

    # reason: the answer to opening a match
    @signal
    def lineups_response(self, sid):
        if not any(s == sid for s, _, _ in self.stack):
            return None
        self.set(self.dpath(sid, "lineups"), St("Lineups", [("home", num(11)), ("away", num(11)),
                                                            ("formation", text(self.rng.choice(["4-3-3", "4-2-3-1", "3-5-2"])))]))
        return self.detail(sid, A(self.at("MatchDetail"), "lineupsResponse", self.result("Lineups", True, Struct(
            "Lineups", [("starters", Raw("22"))]))))

    @signal
    def team_tapped(self, sid, team):
        self.sid += 1
        nsid = self.sid
        self.stack.append((nsid, "team", team))
        action = self.detail(sid, A(self.at("MatchDetail"), "teamTapped", q(team)))
        self.put(("path",), "#%d" % nsid, En("Path.State", "teamDetail", St(self.st("TeamDetail"), [
            ("team", text(team)), ("isFavorite", boolean(team in self.followed))])))
        return action

    @signal
    def favorite_toggled(self, sid, team):
        on = team not in self.followed
        self.set(self.tpath(sid, "isFavorite"), boolean(on))
        return self.team(sid, A(self.at("TeamDetail"), "favoriteButtonTapped"))

    @signal
    def favorites_delegate(self, sid, team):
        if team in self.followed:
            self.followed.discard(team)
        else:
            self.followed.add(team)
        self.set(("favorites", "teams"), Arr(text(t) for t in sorted(self.followed)))
        return self.team(sid, A(self.at("TeamDetail"), "delegate", A(self.dlg("TeamDetail"), "favoritesChanged",
                                                                     Struct("Team", [("name", q(team))]))))

    @signal
    def back(self):
        sid = self.stack.pop()[0]
        self.delete(("path",), "#%d" % sid)
        return self.act("path", self.stack_pop(sid))

    @signal
    def pulled(self):
        self.set(("standings", "isRefreshing"), boolean(True))
        self.after(self.rng.uniform(0.4, 1.6), self.standings_response, self.rng.random() < 0.93)
        return self.act("standings", A(self.at("Standings"), "pulledToRefresh"))

    @signal
    def standings_response(self, ok):
        self.set(("standings", "isRefreshing"), boolean(False))
        if ok:
            lg = self.get(("standings", "league")).df
            rows = self.standings_rows(lg)
            self.set(("standings", "rows"), Arr(rows))
            self.set(("standings", "updatedAt"), self.date())
            payload = Struct("StandingsTable", [("league", q(lg)), ("rows", Raw(str(len(rows))))])
        else:
            payload = self.error(-1001)
        return self.act("standings", A(self.at("Standings"), "standingsResponse",
                                       self.result("StandingsTable", ok, payload)))

    @signal
    def standings_league(self, lg):
        self.set(("standings", "league"), text(lg))
        self.set(("standings", "isRefreshing"), boolean(True))
        self.after(self.rng.uniform(0.3, 1.0), self.standings_response, True)
        return self.act("standings", A(self.at("Standings"), "leagueSegmentChanged", q(lg)))

    @signal
    def highlight_tapped(self, sid):
        self.player = True
        dur = round(self.rng.uniform(60, 180), 1)
        self.set(("destination",), En("Destination", "highlightPlayer", St(self.st("HighlightPlayer"), [
            ("title", text("Extended highlights")), ("duration", num(dur)), ("currentTime", num(0.0)),
            ("isPlaying", boolean(True))])))
        return self.detail(sid, A(self.at("MatchDetail"), "watchHighlightsTapped"))

    @signal
    def playback_ended(self):
        self.set(("destination", ("e", "highlightPlayer"), "isPlaying"), boolean(False))
        return self.act("destination", self.presented(A(self.at("Destination"), "highlightPlayer", A(
            self.at("HighlightPlayer"), "playbackEnded"))))

    @signal
    def player_closed(self):
        self.player = False
        self.set(("destination",), NIL)
        return self.act("destination", self.dismissed())

    # reason: the live feed dropping and coming back
    @signal
    def connection_changed(self, status):
        self.set(("connection",), self.case(status, "FeedConnection"))
        return self.act("feedConnectionChanged", A("FeedConnection", status))

    @signal
    def scene_phase(self, phase):
        self.active = phase == "active"
        self.set(("scenePhase",), self.case(phase, "ScenePhase"))
        return self.act("scenePhaseChanged", A("ScenePhase", phase))

    # -- processes
    def processes(self):
        procs = [self.person(), self.lifecycle(), self.network()]
        for lg, ms in self.matches.items():
            for m in ms:
                procs.append(self.match_clock(m))
                procs.append(self.match_events(m))
                if m["odds"]:
                    procs.append(self.odds_feed(m))
        return procs

    def match_clock(self, m):
        """The row's .task timer: 1 s, ticking while the row is on screen."""
        yield self.rng.uniform(0, 1.0)
        while True:
            yield self.rng.uniform(0.997, 1.003)
            lg, _ = self.find(m["id"])
            if m["status"] == "scheduled" or m["status"] == "fullTime":
                continue
            if lg == self.league and self.root_visible():
                self.emit(self.clock_ticked, m["id"])
            elif not any(k == "match" and key == m["id"] for _, k, key in self.stack):
                if m["status"] == "live":
                    m["elapsed"] += 1   # the server's clock moves on while nobody watches

    def match_events(self, m):
        rng = self.rng
        while True:
            yield self.expo(110.0)
            if m["status"] == "fullTime":
                continue
            if m["status"] == "scheduled":
                kind = "kickOff"
            elif m["status"] == "halfTime":
                kind = "secondHalf"
            else:
                r = rng.random()
                kind = "goal" if r < 0.4 else "card" if r < 0.75 else "disallowed" if r < 0.8 else \
                    "halfTime" if r < 0.9 and m["elapsed"] < 2700 else "fullTime" if m["elapsed"] > 5400 else "card"
            if not self.active:
                continue
            before = (m["hs"], m["as"])
            self.emit(self.score_pushed, m["id"], kind)
            if kind == "goal" and self.find(m["id"])[0] != self.league:
                # not on screen: update the server truth directly
                side = rng.choice(["hs", "as"])
                m[side] += 1
            if kind == "goal":
                scoring = m["home"] if m["hs"] > before[0] else m["away"]
                if scoring in self.followed:
                    self.after(rng.uniform(1.0, 6.0), self.goal_notification, m["id"], scoring,
                               rng.choice(SCORERS), m["elapsed"] // 60 + 1)

    def odds_feed(self, m):
        rng = self.rng
        while True:
            yield rng.uniform(1.0, 4.0)
            if self.active and self.root_visible() and self.find(m["id"])[0] == self.league \
                    and m["status"] in ("live", "halfTime"):
                self.emit(self.odds_updated, m["id"])

    def lifecycle(self):
        while True:
            yield self.rng.uniform(150, 400)
            self.emit(self.scene_phase, "background")
            yield self.rng.uniform(10, 45)
            self.emit(self.scene_phase, "active")

    def network(self):
        while True:
            yield self.rng.uniform(200, 600)
            if not self.active:
                continue
            self.emit(self.connection_changed, "disconnected")
            yield self.rng.uniform(3, 15)
            self.emit(self.connection_changed, "connected")

    def watch_match(self, sid, mid):
        """The match page: its clock, the commentary feed, and the person's reading."""
        rng = self.rng
        lg, m = self.find(mid)

        def clock():
            while self.top() is not None and self.top()[0] == sid:
                yield rng.uniform(0.997, 1.003)
                if self.top() is not None and self.top()[0] == sid and self.active and not self.player \
                        and m["status"] in ("live", "halfTime"):
                    self.emit(self.detail_clock_ticked, sid, mid)

        def feed():
            while self.top() is not None and self.top()[0] == sid:
                yield self.expo(9.0)
                if self.top() is not None and self.top()[0] == sid and self.active and m["status"] == "live":
                    self.emit(self.commentary, sid, mid)
        def stats():
            while self.top() is not None and self.top()[0] == sid:
                yield self.expo(7.0)
                if self.top() is not None and self.top()[0] == sid and self.active and m["status"] == "live":
                    self.emit(self.stats_updated, sid)
        self.spawn(clock())
        self.spawn(feed())
        self.spawn(stats())

    def person(self):
        rng = self.rng
        think = self.think((2.0, 5.0), (10.0, 30.0), (60, 160), (40, 120))
        yield rng.uniform(1.0, 3.0)
        while True:
            yield next(think)
            if not self.active:
                continue
            r = rng.random()
            if self.player:
                yield rng.uniform(5, 30)
                if self.player:
                    self.emit(self.player_closed)
                continue
            top = self.top()
            if top is not None:
                sid, kind, key = top
                if kind == "match":
                    if self.now - self.opened_at < self.dwell:
                        continue                              # reading the match page
                    if r < 0.2:
                        self.emit(self.team_tapped, sid, rng.choice([self.find(key)[1]["home"], self.find(key)[1]["away"]]))
                    elif r < 0.35:
                        self.emit(self.highlight_tapped, sid)
                        self.spawn(self.play_highlight())
                    elif r < 0.9:
                        self.emit(self.back)
                    # else keeps reading
                else:
                    if r < 0.5:
                        self.emit(self.favorite_toggled, sid, key)
                        self.emit(self.favorites_delegate, sid, key)
                        yield rng.uniform(1.0, 4.0)
                    self.emit(self.back)
                continue
            if r < 0.12:
                tab = rng.choice([t for t in ("live", "standings", "favorites") if t != self.tab])
                self.emit(self.tab_selected, tab)
            elif self.tab == "live":
                if r < 0.25:
                    self.emit(self.league_picked, rng.choice([l for l in LEAGUES if l != self.league]))
                elif r < 0.58:
                    mid = rng.choice(self.live_ids())
                    self.opened_at, self.dwell = self.now, rng.uniform(8, 45)
                    self.emit(self.match_tapped, mid)
                    self.after(rng.uniform(0.2, 0.7), self.lineups_response, self.stack[-1][0])
                    self.watch_match(self.stack[-1][0], mid)
            elif self.tab == "standings":
                if r < 0.4:
                    self.emit(self.pulled)
                elif r < 0.6:
                    self.emit(self.standings_league, rng.choice(list(LEAGUES)))
                else:
                    self.emit(self.tab_selected, "live")
            else:
                self.emit(self.tab_selected, "live")

    def play_highlight(self):
        rng = self.rng
        dur = float(self.get(("destination", ("e", "highlightPlayer"), "duration")).cd)
        t = 0.0
        watch = rng.uniform(15, dur * 0.8)
        start = self.now
        while self.player:
            yield rng.uniform(0.49, 0.51)
            if not self.player:
                return
            if not self.active:
                continue
            t += 0.5
            if t >= dur:
                self.emit(self.playback_ended)
                yield rng.uniform(1, 4)
                if self.player:
                    self.emit(self.player_closed)
                return
            self.emit(self.playback_time, t)
            if self.now - start > watch:
                self.emit(self.player_closed)
                return


# ============================================================================ shop

PRODUCTS = [("Trail Runner 2", 129.0), ("Merino Crew Sweater", 89.0), ("Canvas Tote", 35.0),
            ("Rain Shell Jacket", 179.0), ("Wool Beanie", 29.0), ("Chino Shorts", 59.0),
            ("Linen Shirt", 69.0), ("Leather Sneaker", 149.0), ("Down Vest", 139.0),
            ("Running Tights", 75.0), ("Graphic Tee", 32.0), ("Weekender Bag", 199.0)]
QUERIES = ["running shoes", "rain jacket", "linen", "tote bag", "sneakers", "merino", "shorts"]
SIZES = ["XS", "S", "M", "L", "XL"]
SHOP_COLORS = ["Black", "Navy", "Olive", "Sand", "Red"]
NAMES = ["Alex Morgan"]
STREETS = ["221 Baker Street", "12 Rue des Fleurs", "Hauptstrasse 5"]
CITIES = ["London", "Paris", "Berlin"]
ZIPS = ["NW1 6XE", "75011", "10115"]


class Shop(_Base):
    """An e-commerce app.

    noise   home.flashSale.countdownTicked (1 s), home.recommendations.autoScrollTimerFired and
            path.element.productDetail.similarItems.autoScrollTimerFired (4 s while on screen),
            path.element.productDetail.inventoryPollTicked and .inventoryResponse (polling every
            5 s while a product is open, mostly no-ops)
    either  search.binding.set (query keystrokes), search.results.element.thumbnailResponse (images
            as the grid scrolls), path.element.productDetail.imageResponse (photos as the carousel
            pages), productDetail.binding.set \\.$imageIndex (the carousel swipes; the
            size and colour pickers beside it are signal: mixed), checkout address keystrokes
            (the save-address toggle beside them signal: mixed)
    signal  suggestions and results responses, search submit, product taps, add to cart and its
            response and delegate, steppers, checkout, payment, confirmation, tab switches, the
            flash sale ending, scene phase"""

    name = "shop"
    module = "Shop"
    process = "Shop"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        _Base.__init__(self, session)
        rng = self.rng
        self.tab = "home"
        self.active = True
        self.stack = []          # (sid, product id)
        self.sid = 0
        self.results = []        # product ids in the grid
        self.catalog = {}
        for name, price in PRODUCTS:
            for colorway in rng.sample(SHOP_COLORS, rng.randint(3, 5)):
                self.catalog[self.uid()] = {"name": "%s, %s" % (name, colorway), "price": price,
                                            "stock": rng.randint(2, 40)}
        self.cart = []           # cart item ids
        self.cart_product = {}
        self.checkout = False
        self.sale_left = rng.randint(900, 2400)
        self.reco = [pid for pid in rng.sample(list(self.catalog), 6)]
        self.state = St(self.st("AppFeature"), [
            ("selectedTab", self.case("home", "Tab")),
            ("home", St(self.st("Home"), [
                ("flashSale", St(self.st("FlashSale"), [("title", text("Winter Flash Sale -30%")),
                                                         ("remaining", text(self.hms(self.sale_left))),
                                                         ("isActive", boolean(True))])),
                ("recommendations", St(self.st("Recommendations"), [
                    ("items", Arr(self.uuid_value(p) for p in self.reco)), ("page", num(0))]))])),
            ("search", St(self.st("Search"), [
                ("query", text("")), ("suggestions", Arr()), ("results", Arr()), ("isSearching", boolean(False)),
                ("nextPage", NIL)])),
            ("path", Dic({}, quoted=False, ordered=True)),
            ("cart", St(self.st("Cart"), [("items", Arr()), ("subtotal", num(0.0)), ("isUpdating", boolean(False))])),
            ("destination", NIL),
            ("scenePhase", self.case("active", "ScenePhase"))])

    def hms(self, s):
        return "%02d:%02d:%02d" % (s // 3600, (s // 60) % 60, s % 60)

    # -- helpers
    def top(self):
        return self.stack[-1] if self.stack else None

    def dp(self, sid, *rest):
        return ("path", ("k", "#%d" % sid), ("e", "productDetail")) + rest

    def detail(self, sid, inner):
        return self.act("path", self.stack_el(sid, A(self.at("Path"), "productDetail", inner)))

    def search(self, inner):
        return self.act("search", inner)

    def card(self, pid, inner):
        return self.search(A(self.at("Search"), "results", self.element("ProductCard", self.uarg(pid), inner)))

    def cart_item(self, cid, inner):
        return self.act("cart", A(self.at("Cart"), "items", self.element("CartItem", self.uarg(cid), inner)))

    def co(self, inner):
        return self.act("destination", self.presented(A(self.at("Destination"), "checkout", inner)))

    def money(self, x):
        return Raw("Decimal(%s)" % ("%.2f" % x))

    def subtotal(self):
        total = 0.0
        for i, cid in enumerate(self.cart):
            it = self.get(("cart", "items", ("i", i)))
            total += float(it.f["unitPrice"].cd) * int(it.f["quantity"].cd)
        self.set(("cart", "subtotal"), num(round(total, 2)))

    def home_visible(self):
        return self.active and self.tab == "home" and not self.stack and not self.checkout

    # -- noise
    # reason: the flash-sale banner's 1 s countdown
    @noise
    def countdown_ticked(self):
        self.sale_left -= 1
        self.set(("home", "flashSale", "remaining"), text(self.hms(self.sale_left)))
        return self.act("home", A(self.at("Home"), "flashSale", A(self.at("FlashSale"), "countdownTicked")))

    # reason: the recommendation carousel's 4 s timer while home is on screen
    @noise
    def autoscroll(self):
        page = (int(self.get(("home", "recommendations", "page")).cd) + 1) % len(self.reco)
        self.set(("home", "recommendations", "page"), num(page))
        return self.act("home", A(self.at("Home"), "recommendations",
                                  A(self.at("Recommendations"), "autoScrollTimerFired")))

    # reason: the similar-items carousel's 4 s timer while a product is on screen
    @noise
    def detail_autoscroll(self, sid):
        if self.top() is None or self.top()[0] != sid:
            return None
        p = self.dp(sid, "similar", "page")
        self.set(p, num((int(self.get(p).cd) + 1) % 8))
        return self.detail(sid, A(self.at("ProductDetail"), "similarItems",
                                  A(self.at("Recommendations"), "autoScrollTimerFired")))

    # reason: the inventory poll's 5 s timer while a product is open, a no-op
    @noise
    def poll_ticked(self, sid):
        if self.top() is None or self.top()[0] != sid:
            return None
        return self.detail(sid, A(self.at("ProductDetail"), "inventoryPollTicked"))

    # reason: the poll's answer, every 5 s on the timer's schedule; mostly unchanged, sometimes a
    # stock count ticks down
    @noise
    def inventory_response(self, sid, pid):
        if not any(s == sid for s, _ in self.stack):
            return None
        p = self.catalog[pid]
        if self.rng.random() < 0.2 and p["stock"] > 1:
            p["stock"] -= self.rng.randint(1, 2)
        if self.rng.random() < 0.02:
            p["price"] = round(p["price"] * 0.95, 2)
        self.set(self.dp(sid, "stock"), num(p["stock"]))
        self.set(self.dp(sid, "price"), num(p["price"]))
        return self.detail(sid, A(self.at("ProductDetail"), "inventoryResponse", self.result("Inventory", True, Struct(
            "Inventory", [("stock", Raw(str(p["stock"]))), ("price", self.money(p["price"]))]))))

    # -- either
    # reason: a keystroke each in the search field
    @either
    def query_typed(self, value):
        self.set(("search", "query"), text(value))
        return self.search(self.binding("Search", "query", q(value)))

    # reason: thumbnails arriving as the grid scrolls: at the scroll's pace, each a new image
    @either
    def thumbnail_loaded(self, pid):
        if pid not in self.results:
            return None
        i = self.results.index(pid)
        size = self.rng.randint(9000, 60000)
        self.set(("search", "results", ("i", i), "thumbnail"), St("ImageData", [("bytes", num(size))]))
        return self.card(pid, A(self.at("ProductCard"), "thumbnailResponse", self.result("Data", True, Struct(
            "Data", [("count", Raw(str(size)))]))))

    # reason: the image carousel the person swipes: each page a value of one number
    @either
    def carousel_swiped(self, sid, index):
        self.set(self.dp(sid, "imageIndex"), num(index))
        return self.detail(sid, self.binding("ProductDetail", "imageIndex", Raw(str(index))))

    # reason: a product photo arriving once the carousel shows its page: at the swipes' pace
    @either
    def image_loaded(self, sid, index):
        if not any(s == sid for s, _ in self.stack):
            return None
        size = self.rng.randint(80000, 400000)
        self.put(self.dp(sid, "loadedImages"), str(index), St("ImageData", [("bytes", num(size))]))
        return self.detail(sid, A(self.at("ProductDetail"), "imageResponse", index=Raw(str(index)),
                                  result=self.result("Data", True, Struct("Data", [("count", Raw(str(size)))]))))

    # reason: a keystroke each in the address form
    @either
    def address_typed(self, field, value):
        self.set(("destination", ("e", "checkout"), field), text(value))
        return self.co(self.binding("Checkout", field, q(value)))

    # -- signal
    # reason: the answer to the person's typing (debounced); a no-op when the list is unchanged
    @signal
    def suggestions_response(self, query):
        hits = [n for n, _ in PRODUCTS if any(w.startswith(query[:3].lower()) for w in n.lower().split())][:4]
        hits = hits or [query + " sale", query + " women", query + " men"]
        self.set(("search", "suggestions"), Arr(text(h) for h in hits))
        return self.search(A(self.at("Search"), "suggestionsResponse", self.result("[String]", True, Struct(
            "Suggestions", [("query", q(query)), ("count", Raw(str(len(hits))))]))))

    @signal
    def clear_tapped(self):
        self.set(("search", "query"), text(""))
        self.set(("search", "suggestions"), Arr())
        return self.search(A(self.at("Search"), "clearButtonTapped"))

    @signal
    def search_submitted(self):
        self.set(("search", "isSearching"), boolean(True))
        self.set(("search", "suggestions"), Arr())
        return self.search(A(self.at("Search"), "searchSubmitted"))

    def card_value(self, pid):
        p = self.catalog[pid]
        return St(self.st("ProductCard"), [("id", self.uuid_value(pid)), ("name", text(p["name"])),
                                          ("price", num(p["price"])), ("thumbnail", NIL)])

    # reason: the answer to a submitted search or a next-page request
    @signal
    def results_response(self, page):
        pids = list(self.catalog)
        self.rng.shuffle(pids)
        new = [p for p in pids if p not in self.results][:20]
        self.set(("search", "isSearching"), boolean(False))
        if page == 1:
            self.results = []
            self.set(("search", "results"), Arr())
        for p in new:
            self.results.append(p)
            self.append(("search", "results"), self.card_value(p))
        more = page < 3 and len(self.results) < len(self.catalog)
        self.set(("search", "nextPage"), num(page + 1) if more else NIL)
        return self.search(A(self.at("Search"), "searchResponse", self.result("ProductPage", True, Struct(
            "ProductPage", [("page", Raw(str(page))), ("count", Raw(str(len(new)))), ("hasMore",
                                                                                     Raw("true" if more else "false"))]))))

    # reason: the grid scrolled to its end: the person's scroll asks for more
    @signal
    def next_page(self):
        self.set(("search", "isSearching"), boolean(True))
        return self.search(A(self.at("Search"), "loadNextPage"))

    @signal
    def product_tapped(self, pid, from_reco=False):
        p = self.catalog[pid]
        self.sid += 1
        sid = self.sid
        self.stack.append((sid, pid))
        if from_reco:
            action = self.act("home", A(self.at("Home"), "recommendations",
                                        A(self.at("Recommendations"), "productTapped", self.uarg(pid))))
        else:
            action = self.card(pid, A(self.at("ProductCard"), "tapped"))
        self.put(("path",), "#%d" % sid, En("Path.State", "productDetail", St(self.st("ProductDetail"), [
            ("productID", self.uuid_value(pid)), ("name", text(p["name"])), ("price", num(p["price"])),
            ("stock", num(p["stock"])), ("images", num(self.rng.randint(3, 7))), ("imageIndex", num(0)),
            ("selectedSize", NIL), ("selectedColor", NIL), ("isAddingToCart", boolean(False)),
            ("loadedImages", Dic({}, quoted=False)),
            ("similar", St(self.st("Recommendations"), [("items", num(8)), ("page", num(0))]))])))
        return action

    # reason: the size picker's binding, a person's choice (the carousel's imageIndex beside it is either)
    @signal
    def size_picked(self, sid, size):
        self.set(self.dp(sid, "selectedSize"), text(size))
        return self.detail(sid, self.binding("ProductDetail", "selectedSize", q(size)))

    @signal
    def color_picked(self, sid, color):
        self.set(self.dp(sid, "selectedColor"), text(color))
        return self.detail(sid, self.binding("ProductDetail", "selectedColor", q(color)))

    @signal
    def add_tapped(self, sid):
        self.set(self.dp(sid, "isAddingToCart"), boolean(True))
        return self.detail(sid, A(self.at("ProductDetail"), "addToCartButtonTapped"))

    @signal
    def add_response(self, sid, pid, ok):
        if not any(s == sid for s, _ in self.stack):
            return None
        self.set(self.dp(sid, "isAddingToCart"), boolean(False))
        if ok:
            cid = self.uid()
            payload = Struct("CartItem", [("id", self.uarg(cid)), ("productID", self.uarg(pid)),
                                          ("quantity", Raw("1"))])
            self.spawn(self._delegate(sid, pid, cid))
        else:
            payload = Struct("CartError", [("reason", q("outOfStock"))])
        return self.detail(sid, A(self.at("ProductDetail"), "addToCartResponse", self.result("CartItem", ok, payload)))

    def _delegate(self, sid, pid, cid):
        yield 0.0
        self.emit(self.added_delegate, sid, pid, cid)

    # reason: the detail telling the root a line was added to the cart
    @signal
    def added_delegate(self, sid, pid, cid):
        p = self.catalog[pid]
        d = self.get(self.dp(sid))
        self.cart.append(cid)
        self.cart_product[cid] = pid
        self.append(("cart", "items"), St(self.st("CartItem"), [
            ("id", self.uuid_value(cid)), ("name", text(p["name"])), ("size", d.f["selectedSize"]),
            ("unitPrice", num(p["price"])), ("quantity", num(1))]))
        self.subtotal()
        return self.detail(sid, A(self.at("ProductDetail"), "delegate", A(self.dlg("ProductDetail"), "addedToCart",
                                                                          self.uarg(cid))))

    @signal
    def back(self):
        sid = self.stack.pop()[0]
        self.delete(("path",), "#%d" % sid)
        return self.act("path", self.stack_pop(sid))

    @signal
    def tab_selected(self, tab):
        self.tab = tab
        self.set(("selectedTab",), self.case(tab, "Tab"))
        return self.act("tabSelected", A("Tab", tab))

    @signal
    def stepper(self, cid, up):
        i = self.cart.index(cid)
        qpath = ("cart", "items", ("i", i), "quantity")
        n = int(self.get(qpath).cd)
        if up:
            self.set(qpath, num(min(9, n + 1)))
        elif n > 1:
            self.set(qpath, num(n - 1))
        else:
            self.remove_at(("cart", "items"), i)
            self.cart.pop(i)
        self.subtotal()
        return self.cart_item(cid, A(self.at("CartItem"), "incrementButtonTapped" if up else "decrementButtonTapped"))

    @signal
    def checkout_tapped(self):
        self.checkout = True
        self.set(("destination",), En("Destination", "checkout", St(self.st("Checkout"), [
            ("fullName", text("")), ("street", text("")), ("city", text("")), ("postalCode", text("")),
            ("saveAsDefault", boolean(False)), ("isSubmitting", boolean(False)), ("order", NIL),
            ("paymentError", NIL)])))
        return self.act("cart", A(self.at("Cart"), "checkoutButtonTapped"))

    # reason: a toggle in the form, a person's choice (the text fields beside it are either)
    @signal
    def save_default(self, on):
        self.set(("destination", ("e", "checkout"), "saveAsDefault"), boolean(on))
        return self.co(self.binding("Checkout", "saveAsDefault", Raw("true" if on else "false")))

    @signal
    def pay_tapped(self):
        self.set(("destination", ("e", "checkout"), "isSubmitting"), boolean(True))
        self.set(("destination", ("e", "checkout"), "paymentError"), NIL)
        return self.co(A(self.at("Checkout"), "payButtonTapped"))

    @signal
    def payment_response(self, ok):
        base = ("destination", ("e", "checkout"))
        self.set(base + ("isSubmitting",), boolean(False))
        if ok:
            oid = "SO-%d" % self.rng.randint(100000, 999999)
            self.set(base + ("order",), St("Order", [("number", text(oid)), ("status", self.case("confirmed", "OrderStatus"))]))
            payload = Struct("PaymentReceipt", [("orderNumber", q(oid)), ("amount", self.money(
                float(self.get(("cart", "subtotal")).cd)))])
        else:
            self.set(base + ("paymentError",), text("Your card was declined."))
            payload = Struct("PaymentError", [("code", q("card_declined"))])
        return self.co(A(self.at("Checkout"), "paymentResponse", self.result("PaymentReceipt", ok, payload)))

    @signal
    def order_done(self):
        self.checkout = False
        self.set(("destination",), NIL)
        self.cart = []
        self.set(("cart", "items"), Arr())
        self.subtotal()
        return self.co(A(self.at("Checkout"), "delegate", A(self.dlg("Checkout"), "orderCompleted")))

    @signal
    def checkout_cancelled(self):
        self.checkout = False
        self.set(("destination",), NIL)
        return self.act("destination", self.dismissed())

    # reason: the flash sale ending: the banner turns off, once
    @signal
    def sale_ended(self):
        self.set(("home", "flashSale", "isActive"), boolean(False))
        self.set(("home", "flashSale", "remaining"), text("00:00:00"))
        return self.act("home", A(self.at("Home"), "flashSale", A(self.at("FlashSale"), "saleEnded")))

    @signal
    def scene_phase(self, phase):
        self.active = phase == "active"
        self.set(("scenePhase",), self.case(phase, "ScenePhase"))
        return self.act("scenePhaseChanged", A("ScenePhase", phase))

    # -- processes
    def processes(self):
        return [self.person(), self.lifecycle(), self.sale_timer(),
                self.periodic(self.autoscroll, 4.0, 0.01, when=self.home_visible)]

    def sale_timer(self):
        yield self.rng.uniform(0, 1)
        while self.sale_left > 1:
            yield self.rng.uniform(0.998, 1.002)
            if self.active:
                self.emit(self.countdown_ticked)
            else:
                self.sale_left -= 1
        self.emit(self.sale_ended)

    def lifecycle(self):
        while True:
            yield self.rng.uniform(150, 400)
            self.emit(self.scene_phase, "background")
            yield self.rng.uniform(15, 80)
            self.emit(self.scene_phase, "active")

    def detail_carousel(self, sid):
        yield from self.periodic_while(self.detail_autoscroll, 4.0, sid)

    def periodic_while(self, maker, period, sid):
        due = self.now + period
        while any(s == sid for s, _ in self.stack):
            yield max(0.0005, due + self.rng.uniform(-0.01, 0.01) - self.now)
            due += period
            if self.active and self.top() is not None and self.top()[0] == sid:
                self.emit(maker, sid)

    def poll(self, sid, pid):
        rng = self.rng
        yield 5.0
        while any(s == sid for s, _ in self.stack):
            if self.active and self.top()[0] == sid:
                self.emit(self.poll_ticked, sid)
                self.after(rng.uniform(0.1, 0.6), self.inventory_response, sid, pid)
            yield rng.uniform(4.995, 5.005)

    def open_product(self, pid, from_reco=False):
        rng = self.rng
        self.emit(self.product_tapped, pid, from_reco)
        sid = self.stack[-1][0]
        self.spawn(self.poll(sid, pid))
        self.spawn(self.detail_carousel(sid))
        self.after(rng.uniform(0.15, 0.6), self.image_loaded, sid, 0)
        yield rng.uniform(0.8, 2.5)
        images = int(self.get(self.dp(sid, "images")).cd)
        idx = 0
        for _ in range(rng.randint(0, images + 1)):      # swipe through the images
            idx = max(0, min(images - 1, idx + (1 if rng.random() < 0.8 else -1)))
            self.emit(self.carousel_swiped, sid, idx)
            if str(idx) not in self.get(self.dp(sid, "loadedImages")).d:
                self.after(rng.uniform(0.1, 0.5), self.image_loaded, sid, idx)
            yield rng.uniform(0.6, 3.0)
        yield rng.expovariate(1 / 5.0)
        if rng.random() < 0.45:
            self.emit(self.size_picked, sid, rng.choice(SIZES))
            yield rng.uniform(0.8, 3.0)
            if rng.random() < 0.5:
                self.emit(self.color_picked, sid, rng.choice(SHOP_COLORS))
                yield rng.uniform(0.8, 3.0)
            if rng.random() < 0.3:
                self.emit(self.size_picked, sid, rng.choice(SIZES))
                yield rng.uniform(0.8, 3.0)
            self.emit(self.add_tapped, sid)
            yield rng.uniform(0.3, 1.0)
            self.emit(self.add_response, sid, pid, rng.random() < 0.93)
            yield rng.uniform(2.0, 6.0)
        else:
            yield rng.uniform(6.0, 30.0)               # reading the description
        self.emit(self.back)

    def type_search(self):
        rng = self.rng
        word = rng.choice(QUERIES)
        if self.get(("search", "query")).df:
            self.emit(self.clear_tapped)
            yield rng.uniform(0.3, 1.0)
        for k in range(1, len(word) + 1):
            self.emit(self.query_typed, word[:k])
            gap = rng.uniform(0.08, 0.5) if k < len(word) else rng.uniform(0.6, 1.8)
            if gap > 0.3 and k >= 2:
                lag = 0.3 + rng.uniform(0.05, 0.2)
                if lag < gap:
                    yield lag
                    self.emit(self.suggestions_response, word[:k])
                    gap -= lag
            yield gap
        self.emit(self.search_submitted)
        yield rng.uniform(0.3, 1.2)
        self.emit(self.results_response, 1)
        yield from self.scroll_grid(0)

    def scroll_grid(self, first):
        rng = self.rng
        for i, pid in enumerate(self.results[first:first + 8]):  # the first screenful
            yield rng.uniform(0.02, 0.15)
            self.emit(self.thumbnail_loaded, pid)
        shown = first + 8
        for _ in range(rng.randint(2, 8)):
            yield rng.uniform(0.6, 3.5)
            more = self.results[shown:shown + rng.choice([2, 4, 4, 6, 8])]
            if not more:
                if self.get(("search", "nextPage")) is not NIL:
                    page = int(self.get(("search", "nextPage")).cd)
                    self.emit(self.next_page)
                    yield rng.uniform(0.3, 1.0)
                    self.emit(self.results_response, page)
                continue
            for pid in more:
                yield rng.uniform(0.03, 0.3)
                self.emit(self.thumbnail_loaded, pid)
            shown += len(more)

    def fill_address(self):
        rng = self.rng
        k = rng.randrange(3)
        for field, value in (("fullName", NAMES[0]), ("street", STREETS[k]), ("city", CITIES[k]),
                             ("postalCode", ZIPS[k])):
            yield rng.uniform(0.8, 2.5)
            for j in range(1, len(value) + 1):
                self.emit(self.address_typed, field, value[:j])
                yield rng.uniform(0.09, 0.4)

    def person(self):
        rng = self.rng
        think = self.think((0.8, 2.5), (4.0, 12.0), (100, 240), (20, 60))
        yield rng.uniform(1.0, 3.0)
        while True:
            yield next(think)
            if not self.active:
                continue
            r = rng.random()
            if r < 0.12 or (self.cart and self.tab != "cart" and r < 0.3):
                tab = "cart" if self.cart and r >= 0.12 else \
                    rng.choice([t for t in ("home", "search", "cart") if t != self.tab])
                self.emit(self.tab_selected, tab)
            elif self.tab == "home":
                if r < 0.4:
                    yield from self.open_product(self.reco[int(self.get(("home", "recommendations", "page")).cd)], True)
                elif r < 0.7:
                    self.emit(self.tab_selected, "search")
            elif self.tab == "search":
                if r < 0.35 or not self.results:
                    yield from self.type_search()
                elif r < 0.8:
                    yield from self.open_product(rng.choice(self.results))
                else:
                    yield from self.scroll_grid(rng.randrange(len(self.results)))
            else:   # cart
                if not self.cart:
                    self.emit(self.tab_selected, rng.choice(["home", "search"]))
                    continue
                for _ in range(rng.randint(0, 3)):
                    self.emit(self.stepper, rng.choice(self.cart), rng.random() < 0.6)
                    yield rng.uniform(0.3, 1.5)
                    if not self.cart:
                        break
                if self.cart and r < 0.7:
                    self.emit(self.checkout_tapped)
                    yield from self.fill_address()
                    if rng.random() < 0.5:
                        yield rng.uniform(0.5, 2.0)
                        self.emit(self.save_default, True)
                    yield rng.uniform(1.0, 5.0)
                    if rng.random() < 0.15:
                        self.emit(self.checkout_cancelled)
                        continue
                    for attempt in range(2):
                        self.emit(self.pay_tapped)
                        ok = rng.random() < 0.8
                        yield rng.uniform(1.0, 3.5)
                        self.emit(self.payment_response, ok)
                        if ok:
                            break
                        yield rng.uniform(3.0, 10.0)
                    yield rng.uniform(2.0, 8.0)
                    if self.get(("destination", ("e", "checkout"), "order")) is not NIL:
                        self.emit(self.order_done)
                    else:
                        self.emit(self.checkout_cancelled)


APPS = {"whiteboard": Whiteboard, "scores": Scores, "shop": Shop}
