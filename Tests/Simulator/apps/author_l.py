"""Session-simulator apps by author-l: docs, banking, downloads.

docs: a collaborative document editor (like Google Docs): the user opens a document from a
list, types (text binding per keystroke), formats text, adds comments and resolves them;
other collaborators' cursors and selections are pushed by the server as they move, their
presence (online/away) changes, remote edits arrive as operations, autosave runs after
edits with a debounce, a "saved" indicator goes back to idle after a delay, version history
is opened, the user shares the document with someone (a sheet with a form), offline/online
transitions.

banking: a banking app: login with Face ID, accounts list whose balances are polled every
30 s, a transactions list loaded page by page as the user scrolls, pending transactions
that settle (pushed), a transfer form (amount binding, recipient picker, confirm,
response), a session inactivity timer with a warning, card freeze toggle, exchange rates
refreshed on a timer on the currency screen, push notifications of card payments,
pull-to-refresh.

downloads: a download manager / podcast app: the user browses a catalogue and queues
episodes for download, each download reports progress many times a second per item, some
downloads fail and retry with backoff, disk space checks, the user pauses/resumes/cancels
items, a background URLSession delivers completion events, the player plays a finished
episode with a playback position ticker, the user scrubs, playback speed change, a network
reachability monitor, a badge count update.
"""

import tcasim
from tcasim import (App, A, Struct, Raw, q, noise, signal, either, V, St, Arr, Dic, En, NIL, num, text, boolean)

import math

AUTHOR = "author-l"


# ============================================================================ shared kit

class _Kit(App):
    """Helpers the three apps share: ids as their actions print them, stack and
    presentation actions, typing cadence."""

    def uuid_arg(self, u):
        return Raw("UUID(%s)" % u if self.tca1 else u)

    def stack(self, sid, path_case, inner):
        """`.path(.element(id: #n, action: .<path_case>(inner)))`."""
        if tcasim.GENERICS == "two":
            t = "StackAction<%s, %s>" % (self.st("AppFeature.Path"), self.at("AppFeature.Path"))
        else:
            t = "StackActionOf<AppFeature.Path>"
        return self.act("path", A(t, "element", id=Raw("#%d" % sid),
                                  action=A(self.at("AppFeature.Path"), path_case, inner)))

    def pop_from(self, sid):
        if tcasim.GENERICS == "two":
            t = "StackAction<%s, %s>" % (self.st("AppFeature.Path"), self.at("AppFeature.Path"))
        else:
            t = "StackActionOf<AppFeature.Path>"
        return self.act("path", A(t, "popFrom", id=Raw("#%d" % sid)))

    def presented(self, dest_feature, case, inner):
        """`.presented(.<case>(inner))` of a PresentationAction over a Destination."""
        return A("PresentationAction<%s>" % self.at(dest_feature), "presented",
                 A(self.at(dest_feature), case, inner))

    def dismissed(self, dest_feature):
        return A("PresentationAction<%s>" % self.at(dest_feature), "dismiss")

    def ecase(self, name, enum_type):
        return self.case(name, enum_type)

    def dec(self, x):
        """A Decimal amount as Custom Dump prints it."""
        s = "%.2f" % x
        s = s.rstrip("0").rstrip(".") if "." in s else s
        return s

    def key_gap(self):
        """The pause before the next keystroke: mostly 0.08-0.35 s, sometimes a word's
        hesitation."""
        rng = self.rng
        g = rng.lognormvariate(math.log(0.17), 0.45)
        if rng.random() < 0.06:
            g += rng.uniform(0.6, 2.6)
        return max(0.05, min(g, 4.0))


# ============================================================================== docs

DOC_TITLES = ["Q4 Roadmap", "Onboarding redesign", "Offline sync RFC", "Team offsite agenda",
              "Incident 2211 postmortem", "Hiring plan 2027", "Release notes 6.3", "Customer interviews",
              "API deprecation notice", "Design review notes", "Weekly sync", "Pricing experiment"]
PEOPLE = [("usr_4KQ2", "Maya Chen"), ("usr_9TZB", "Jonas Weber"), ("usr_A1C7", "Priya Nair"),
          ("usr_F33D", "Lucas Moreau"), ("usr_07XH", "Sofia Rossi"), ("usr_M2PL", "Tom Okafor")]
ME = ("usr_ME01", "Alex Kim")
PARAGRAPHS = [
    "We will ship offline mode first and revisit the sync protocol after launch.",
    "Cold start regressed by 180 ms after the analytics change.",
    "Owners should update the status column before Thursday.",
    "The retry policy needs a ceiling so that we stop hammering the gateway.",
    "Interviewees kept asking for a way to share a single section.",
    "Action items are tracked in the board linked below.",
    "Open question: do we keep the legacy export or drop it in 7.0?",
    "Latency on the EU cluster is within budget again.",
    "Please leave comments rather than editing this section directly.",
    "Next review is scheduled for the first week of December.",
]
COMMENTS = ["Can we add a number here?", "Agree, let's keep it.", "Who owns this?", "Link the ticket please",
            "This contradicts the RFC", "Nice catch", "Move to appendix?", "Needs a date"]
EMAILS = ["dana@acme.io", "r.ortiz@acme.io", "kenji.sato@example.com", "legal@acme.io", "amelie@studio.fr"]


class Docs(_Kit):
    """A collaborative document editor: a list of documents, an editor pushed on a stack
    with blocks of text, a toolbar, comments, other people's cursors, remote operations,
    autosave, version history and a share sheet.

    noise   path.element.editor.collaborationEvent.cursorMoved (collaborators' cursors, at
            their pointer's pace, plus a re-send of each cursor every 15 s), .heartbeatAcknowledged
            (socket heartbeat every 20 s), .saveIndicatorTimerElapsed (resets "Saved" 2 s after
            each save), .scrollOffsetChanged (scroll gestures), documentList.relativeDateTimerTicked
    either  the block text binding (a keystroke each), .selectionChanged (the caret's echo of
            each keystroke and drag-selects), collaborationEvent.operationReceived (another
            person's keystrokes relayed), the search, comment and e-mail fields
    signal  opening and closing documents, responses, focus, return key, formatting,
            comments, resolving, autosave and its response, presence, joins and leaves,
            remote comments, connection, network path, version history, share sheet"""

    name = "docs"
    module = "Docs"
    process = "Docs"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        _Kit.__init__(self, session)
        rng = self.rng
        n = rng.randint(8, 11)
        titles = rng.sample(DOC_TITLES, n)
        self.doc_ids = [self.uid() for _ in range(n)]
        self.doc_title = dict(zip(self.doc_ids, titles))
        self.doc_people = {d: rng.sample(PEOPLE, rng.choice([0, 1, 2, 2, 3, 3, 4, 4])) for d in self.doc_ids}
        self.doc_blocks = {}        # document id -> list of (block id, kind, text)
        self.doc_comments = {}
        for d in self.doc_ids:
            self.doc_blocks[d] = [(self.uid(), "heading" if i == 0 else "paragraph",
                                   self.doc_title[d] if i == 0 else rng.choice(PARAGRAPHS))
                                  for i in range(rng.randint(4, 9))]
            self.doc_comments[d] = [(self.uid(), rng.choice(PEOPLE)[1], rng.choice(COMMENTS))
                                    for _ in range(rng.randint(0, 3))]
        self.sid = None             # the open editor's stack id
        self.next_sid = 1
        self.doc = None             # the open document
        self.block_ids = []
        self.comment_ids = []
        self.people = []            # collaborator ids in the open document's session
        self.epoch = 0              # bumps when the editor's session ends
        self.online = True
        self.active = True
        self.save_gen = 0
        self.saving = False
        self.revision = 0
        self.scroll_y = 0.0
        self.running = set()        # (epoch, collaborator) with a process
        self.state = St(self.st("AppFeature"), [
            ("documentList", St(self.st("DocumentList"), [
                ("documents", Arr()), ("isLoading", boolean(False)), ("searchText", text("")),
                ("now", self.date(0))])),
            ("path", Dic({}, quoted=False, ordered=True)),
            ("network", self.ecase("online", "NetworkStatus")),
            ("scenePhase", self.ecase("active", "ScenePhase"))])

    # -- values and paths
    def summary(self, d):
        return St("DocumentSummary", [("id", self.uuid_value(d)), ("title", text(self.doc_title[d])),
                                      ("owner", text(self.rng.choice(PEOPLE + [ME])[1])),
                                      ("modifiedAt", self.date(self.now - self.rng.uniform(600, 900000))),
                                      ("isShared", boolean(bool(self.doc_people[d])))])

    def block_state(self, b, kind, body):
        return St(self.st("Block"), [("id", self.uuid_value(b)), ("kind", self.ecase(kind, "Block.Kind")),
                                     ("text", text(body)), ("marks", Arr()), ("selection", NIL)])

    def comment_state(self, c, author, body, resolved=False):
        return St("Comment", [("id", self.uuid_value(c)), ("author", text(author)), ("body", text(body)),
                              ("isResolved", boolean(resolved)), ("isResolving", boolean(False))])

    def ep(self, *rest):
        return ("path", ("k", "#%d" % self.sid), ("e", "editor")) + rest

    def bp(self, b, *rest):
        return self.ep("blocks", ("i", self.block_ids.index(b))) + rest

    def cp(self, c, *rest):
        return self.ep("comments", ("i", self.comment_ids.index(c))) + rest

    def ed(self, inner):
        return self.stack(self.sid, "editor", inner)

    def blk(self, b, inner):
        return self.ed(A(self.at("Editor"), "blocks", self.element("Block", self.uuid_arg(b), inner)))

    def collab(self, inner):
        return self.ed(A(self.at("Editor"), "collaborationEvent", inner))

    def dest(self, case, inner):
        return self.ed(A(self.at("Editor"), "destination", self.presented("Editor.Destination", case, inner)))

    def lst(self, inner):
        return self.act("documentList", inner)

    def block_text(self, b):
        return self.get(self.bp(b, "text")).df

    def editor_open(self, epoch=None):
        return self.sid is not None and (epoch is None or epoch == self.epoch)

    def rng_range(self, loc, length):
        return Struct("_NSRange", [("location", Raw(str(loc))), ("length", Raw(str(length)))])

    def range_state(self, loc, length):
        return St("_NSRange", [("location", num(loc)), ("length", num(length))])

    def edited(self):
        """What every local edit does beside its own change: the save status, the offline queue."""
        self.set(self.ep("saveStatus"), self.ecase("edited", "SaveStatus"))
        if not self.online:
            p = int(self.get(self.ep("pendingChanges")).cd)
            self.set(self.ep("pendingChanges"), num(p + 1))
        self.save_gen += 1
        gen, epoch = self.save_gen, self.epoch

        def debounce():
            yield 2.0
            if gen == self.save_gen and self.editor_open(epoch):
                self.emit(self.autosave)
        self.spawn(debounce())

    # ------------------------------------------------------------------ noise
    # reason: pushed by the server at the collaborator's pointer pace and re-sent every 15 s; nudges an offset
    @noise
    def cursor_moved(self, epoch, u, b, offset, length):
        if not self.editor_open(epoch) or u not in self.people or b not in self.block_ids:
            return None
        self.set(self.ep("collaborators", ("k", u), "cursor"), St("RemoteCursor", [
            ("block", self.uuid_value(b)), ("offset", num(offset)), ("length", num(length))]))
        return self.collab(A("CollaborationClient.Event", "cursorMoved", Struct("CursorUpdate", [
            ("userID", q(u)), ("block", self.uuid_arg(b)), ("offset", Raw(str(offset))),
            ("length", Raw(str(length)))])))

    @noise
    def heartbeat(self, epoch, ms):
        if not self.editor_open(epoch) or not self.online:
            return None
        self.set(self.ep("latency"), num(ms))
        return self.collab(A("CollaborationClient.Event", "heartbeatAcknowledged",
                             latencyMs=Raw(str(ms))))

    # reason: an echo that resets the indicator a fixed 2 s after each save response
    @noise
    def save_indicator_elapsed(self, epoch):
        if not self.editor_open(epoch):
            return None
        if self.get(self.ep("saveStatus")).cd == ".saved":
            self.set(self.ep("saveStatus"), self.ecase("idle", "SaveStatus"))
        return self.ed(A(self.at("Editor"), "saveIndicatorTimerElapsed"))

    @noise
    def scrolled(self, y):
        self.scroll_y = y
        self.set(self.ep("scrollOffset"), num(y))
        return self.ed(A(self.at("Editor"), "scrollOffsetChanged", Raw(repr(y))))

    @noise
    def relative_timer(self):
        self.set(("documentList", "now"), self.date())
        return self.lst(A(self.at("DocumentList"), "relativeDateTimerTicked"))

    # ------------------------------------------------------------------ either
    # reason: the text view's binding, a keystroke each
    @either
    def typed(self, b, value):
        if b not in self.block_ids:
            return None
        self.set(self.bp(b, "text"), text(value))
        self.edited()
        return self.blk(b, self.binding("Block", "text", q(value)))

    # reason: the caret's echo of every keystroke plus drag-selects streaming a length; a person's hand at gesture pace
    @either
    def selection_changed(self, b, loc, length):
        if b not in self.block_ids:
            return None
        self.set(self.bp(b, "selection"), self.range_state(loc, length))
        return self.blk(b, A(self.at("Block"), "selectionChanged", self.rng_range(loc, length)))

    # reason: another person's keystrokes relayed by the server: machine-delivered, grows a string, yet each is an edit
    @either
    def operation_received(self, epoch, u, b, offset, insert, delete):
        if not self.editor_open(epoch) or u not in self.people or b not in self.block_ids:
            return None
        body = self.block_text(b)
        offset = min(offset, len(body))
        if delete:
            offset = max(0, offset - delete)
            body = body[:offset] + body[offset + delete:]
        else:
            body = body[:offset] + insert + body[offset:]
        self.set(self.bp(b, "text"), text(body))
        self.revision += 1
        self.set(self.ep("revision"), num(self.revision))
        return self.collab(A("CollaborationClient.Event", "operationReceived", Struct("TextOperation", [
            ("author", q(u)), ("block", self.uuid_arg(b)), ("revision", Raw(str(self.revision))),
            ("offset", Raw(str(offset))), ("insert", q(insert)), ("delete", Raw(str(delete)))])))

    # reason: a search field, a keystroke each
    @either
    def search_typed(self, value):
        self.set(("documentList", "searchText"), text(value))
        return self.lst(self.binding("DocumentList", "searchText", q(value)))

    # reason: the comment composer's field, a keystroke each
    @either
    def comment_typed(self, value):
        self.set(self.ep("commentDraft"), text(value))
        return self.ed(self.binding("Editor", "commentDraft", q(value)))

    # reason: the invite sheet's e-mail field, a keystroke each
    @either
    def email_typed(self, value):
        self.set(self.ep("destination", ("e", "share"), "email"), text(value))
        return self.dest("share", self.binding("ShareSheet", "email", q(value)))

    # ------------------------------------------------------------------ signal
    @signal
    def scene_phase(self, phase):
        self.set(("scenePhase",), self.ecase(phase, "ScenePhase"))
        return self.act("scenePhaseChanged", A("ScenePhase", phase))

    @signal
    def list_task(self):
        self.set(("documentList", "isLoading"), boolean(True))
        return self.lst(A(self.at("DocumentList"), "task"))

    # reason: the response to the list's load or pull-to-refresh
    @signal
    def documents_response(self):
        self.set(("documentList", "isLoading"), boolean(False))
        rows = self.get(("documentList", "documents"))
        if not rows.items:
            self.set(("documentList", "documents"), Arr(self.summary(d) for d in self.doc_ids))
        else:
            i = self.rng.randrange(len(self.doc_ids))
            self.set(("documentList", "documents", ("i", i), "modifiedAt"), self.date(self.now - self.rng.uniform(5, 300)))
        return self.lst(A(self.at("DocumentList"), "documentsResponse", self.result("DocumentPage", True, Struct(
            "DocumentPage", [("count", Raw(str(len(self.doc_ids)))), ("nextCursor", Raw("nil"))]))))

    @signal
    def pulled_to_refresh(self):
        self.set(("documentList", "isLoading"), boolean(True))
        return self.lst(A(self.at("DocumentList"), "pulledToRefresh"))

    @signal
    def document_tapped(self, d):
        self.sid = self.next_sid
        self.next_sid += 1
        self.doc = d
        self.epoch += 1
        self.block_ids, self.comment_ids, self.people = [], [], []
        self.scroll_y = 0.0
        self.set(("documentList", "searchText"), text(""))
        self.put(("path",), "#%d" % self.sid, En(self.st("AppFeature.Path"), "editor", St(self.st("Editor"), [
            ("documentID", self.uuid_value(d)), ("title", text(self.doc_title[d])), ("isLoading", boolean(True)),
            ("blocks", Arr()), ("focusedBlockID", NIL), ("collaborators", Dic()), ("comments", Arr()),
            ("commentDraft", text("")), ("isCommentComposerPresented", boolean(False)),
            ("isPostingComment", boolean(False)), ("sharedWith", Arr()), ("saveStatus", self.ecase("idle", "SaveStatus")), ("revision", num(0)),
            ("pendingChanges", num(0)), ("connection", self.ecase("connecting", "ConnectionState")),
            ("latency", NIL), ("scrollOffset", num(0.0)), ("destination", NIL)])))
        return self.lst(A(self.at("DocumentList"), "documentTapped", id=self.uuid_arg(d)))

    @signal
    def document_response(self, epoch):
        if not self.editor_open(epoch):
            return None
        d = self.doc
        self.revision = self.rng.randint(40, 2400)
        self.block_ids = [b for b, _, _ in self.doc_blocks[d]]
        self.comment_ids = [c for c, _, _ in self.doc_comments[d]]
        self.set(self.ep("isLoading"), boolean(False))
        self.set(self.ep("revision"), num(self.revision))
        self.set(self.ep("blocks"), Arr(self.block_state(*x) for x in self.doc_blocks[d]))
        self.set(self.ep("comments"), Arr(self.comment_state(*x) for x in self.doc_comments[d]))
        return self.ed(A(self.at("Editor"), "documentResponse", self.result("DocumentSnapshot", True, Struct(
            "DocumentSnapshot", [("id", self.uuid_arg(d)), ("revision", Raw(str(self.revision))),
                                 ("blockCount", Raw(str(len(self.block_ids)))),
                                 ("commentCount", Raw(str(len(self.comment_ids))))]))))

    def collaborator_state(self, name):
        return St("Collaborator", [("name", text(name)), ("presence", self.ecase("online", "Presence")),
                                   ("cursor", NIL)])

    # reason: the session's (re)connection: a status change, once per open or reconnect
    @signal
    def connected(self, epoch):
        if not self.editor_open(epoch) or not self.online:
            return None
        people = self.doc_people[self.doc]
        self.people = [u for u, _ in people if self.rng.random() < 0.85]
        self.set(self.ep("connection"), self.ecase("connected", "ConnectionState"))
        self.set(self.ep("collaborators"), Dic({u: self.collaborator_state(nm) for u, nm in people
                                                if u in self.people}))
        for u in self.people:
            self.start_collaborator(epoch, u)
        return self.collab(A("CollaborationClient.Event", "connected", Struct("SessionInfo", [
            ("participants", Raw(str(len(self.people) + 1))), ("revision", Raw(str(self.revision)))])))

    # reason: a connection drops: a meaningful event, not a stream
    @signal
    def disconnected(self, epoch):
        if not self.editor_open(epoch):
            return None
        self.set(self.ep("connection"), self.ecase("disconnected", "ConnectionState"))
        self.set(self.ep("latency"), NIL)
        return self.collab(A("CollaborationClient.Event", "disconnected",
                             Struct("CloseReason", [("code", Raw("1006")), ("reason", q("network unavailable"))])))

    # reason: pushed; inserts a new participant
    @signal
    def collaborator_joined(self, epoch, u, nm):
        if not self.editor_open(epoch) or u in self.people or not self.online:
            return None
        self.people.append(u)
        self.put(self.ep("collaborators"), u, self.collaborator_state(nm))
        self.start_collaborator(epoch, u)
        return self.collab(A("CollaborationClient.Event", "collaboratorJoined", Struct("Participant", [
            ("userID", q(u)), ("name", q(nm))])))

    @signal
    def collaborator_left(self, epoch, u):
        if not self.editor_open(epoch) or u not in self.people:
            return None
        self.people.remove(u)
        self.delete(self.ep("collaborators"), u)
        return self.collab(A("CollaborationClient.Event", "collaboratorLeft", userID=q(u)))

    # reason: pushed, but it changes a collaborator's status (online/away) and comes only on a change
    @signal
    def presence_changed(self, epoch, u, presence):
        if not self.editor_open(epoch) or u not in self.people:
            return None
        self.set(self.ep("collaborators", ("k", u), "presence"), self.ecase(presence, "Presence"))
        if presence == "away":
            self.set(self.ep("collaborators", ("k", u), "cursor"), NIL)
        return self.collab(A("CollaborationClient.Event", "presenceChanged", userID=q(u),
                             presence=Raw("." + presence)))

    # reason: pushed by the server, a new object with its own identity
    @signal
    def remote_comment(self, epoch, u):
        if not self.editor_open(epoch) or u not in self.people or not self.block_ids:
            return None
        c = self.uid()
        nm = dict(PEOPLE)[u]
        body = self.rng.choice(COMMENTS)
        self.comment_ids.append(c)
        self.append(self.ep("comments"), self.comment_state(c, nm, body))
        return self.collab(A("CollaborationClient.Event", "commentAdded", Struct("Comment", [
            ("id", self.uuid_arg(c)), ("author", q(nm)), ("body", q(body))])))

    @signal
    def focus_changed(self, b):
        self.set(self.ep("focusedBlockID"), self.uuid_value(b))
        return self.ed(self.binding("Editor", "focusedBlockID", self.uuid_arg(b)))

    @signal
    def return_pressed(self, b):
        i = self.block_ids.index(b)
        nb = self.uid()
        self.block_ids.insert(i + 1, nb)
        arr = self.get(self.ep("blocks"))
        new = Arr(arr.items[:i + 1] + [self.block_state(nb, "paragraph", "")] + arr.items[i + 1:])
        self.set(self.ep("blocks"), new)
        self.set(self.ep("focusedBlockID"), self.uuid_value(nb))
        self.edited()
        return self.blk(b, A(self.at("Block"), "returnKeyPressed"))

    @signal
    def format_tapped(self, b, style, loc, length):
        if b not in self.block_ids:
            return None
        self.append(self.bp(b, "marks"), St("TextMark", [("style", self.ecase(style, "TextFormat")),
                                                         ("location", num(loc)), ("length", num(length))]))
        self.edited()
        return self.ed(A(self.at("Editor"), "formatButtonTapped", A("TextFormat", style)))

    @signal
    def add_comment_tapped(self):
        self.set(self.ep("isCommentComposerPresented"), boolean(True))
        return self.ed(A(self.at("Editor"), "addCommentButtonTapped"))

    @signal
    def post_comment_tapped(self):
        self.set(self.ep("isPostingComment"), boolean(True))
        return self.ed(A(self.at("Editor"), "postCommentButtonTapped"))

    @signal
    def comment_response(self, epoch, body, ok):
        if not self.editor_open(epoch):
            return None
        self.set(self.ep("isPostingComment"), boolean(False))
        if ok:
            c = self.uid()
            self.comment_ids.append(c)
            self.append(self.ep("comments"), self.comment_state(c, ME[1], body))
            self.set(self.ep("commentDraft"), text(""))
            self.set(self.ep("isCommentComposerPresented"), boolean(False))
            payload = Struct("Comment", [("id", self.uuid_arg(c)), ("author", q(ME[1])), ("body", q(body))])
        else:
            payload = Struct("URLError", [("code", Raw("-1001"))])
        return self.ed(A(self.at("Editor"), "commentResponse", self.result("Comment", ok, payload)))

    @signal
    def cancel_comment(self):
        self.set(self.ep("isCommentComposerPresented"), boolean(False))
        self.set(self.ep("commentDraft"), text(""))
        return self.ed(A(self.at("Editor"), "cancelCommentButtonTapped"))

    @signal
    def resolve_tapped(self, c):
        self.set(self.cp(c, "isResolving"), boolean(True))
        return self.ed(A(self.at("Editor"), "comments", self.element("CommentRow", self.uuid_arg(c),
                                                                        A(self.at("CommentRow"), "resolveButtonTapped"))))

    @signal
    def resolve_response(self, epoch, c):
        if not self.editor_open(epoch) or c not in self.comment_ids:
            return None
        self.set(self.cp(c, "isResolving"), boolean(False))
        self.set(self.cp(c, "isResolved"), boolean(True))
        return self.ed(A(self.at("Editor"), "comments", self.element("CommentRow", self.uuid_arg(c), A(
            self.at("CommentRow"), "resolveResponse", self.result("Comment", True, Struct("Comment", [
                ("id", self.uuid_arg(c)), ("isResolved", Raw("true"))]))))))

    # reason: a debounced effect, one per typing burst, 2 s after the last keystroke; changes the save status
    @signal
    def autosave(self):
        if self.saving:                                     # `guard !state.isSaving`: the action arrives, nothing changes
            pass
        elif not self.online:
            self.set(self.ep("saveStatus"), self.ecase("waitingForNetwork", "SaveStatus"))
        else:
            self.saving = True
            self.set(self.ep("saveStatus"), self.ecase("saving", "SaveStatus"))
            self.after(self.rng.uniform(0.15, 0.9), self.save_response, self.epoch)
        return self.ed(A(self.at("Editor"), "autosave"))

    @signal
    def save_response(self, epoch):
        self.saving = False
        if not self.editor_open(epoch):
            return None
        ok = self.rng.random() < 0.97
        if ok:
            self.revision += 1
            self.set(self.ep("revision"), num(self.revision))
            self.set(self.ep("saveStatus"), self.ecase("saved", "SaveStatus"))
            self.after(2.0, self.save_indicator_elapsed, epoch)
            payload = Struct("SaveReceipt", [("revision", Raw(str(self.revision))),
                                             ("savedAt", Raw(self.date().cd))])
        else:
            self.set(self.ep("saveStatus"), self.ecase("failed", "SaveStatus"))
            payload = Struct("URLError", [("code", Raw("-1001"))])
        return self.ed(A(self.at("Editor"), "saveResponse", self.result("SaveReceipt", ok, payload)))

    @signal
    def sync_response(self, epoch, n):
        if not self.editor_open(epoch):
            return None
        self.revision += n
        self.set(self.ep("pendingChanges"), num(0))
        self.set(self.ep("revision"), num(self.revision))
        self.set(self.ep("saveStatus"), self.ecase("saved", "SaveStatus"))
        self.after(2.0, self.save_indicator_elapsed, epoch)
        return self.ed(A(self.at("Editor"), "syncPendingResponse", self.result("SyncResult", True, Struct(
            "SyncResult", [("pushed", Raw(str(n))), ("revision", Raw(str(self.revision)))]))))

    @signal
    def network_changed(self, online):
        self.online = online
        self.set(("network",), self.ecase("online" if online else "offline", "NetworkStatus"))
        return self.act("networkPathChanged", Struct("NetworkPath", [
            ("status", Raw(".satisfied" if online else ".unsatisfied")), ("isExpensive", Raw("false"))]))

    @signal
    def back_tapped(self):
        sid = self.sid
        self.delete(("path",), "#%d" % sid)
        self.sid, self.doc = None, None
        self.epoch += 1
        self.block_ids, self.comment_ids, self.people = [], [], []
        self.saving = False
        return self.pop_from(sid)

    @signal
    def history_tapped(self):
        self.set(self.ep("destination"), En(self.st("Editor.Destination"), "versionHistory", St(
            self.st("VersionHistory"), [("versions", Arr()), ("selectedVersionID", NIL), ("preview", NIL),
                                        ("isLoading", boolean(True))])))
        return self.ed(A(self.at("Editor"), "versionHistoryButtonTapped"))

    @signal
    def versions_response(self, epoch):
        if not self.editor_open(epoch) or self.get(self.ep("destination")) is NIL:
            return None
        rng = self.rng
        self.version_ids = [self.uid() for _ in range(rng.randint(5, 9))]
        t = self.now
        rows = []
        for i, v in enumerate(self.version_ids):
            t -= rng.uniform(300, 90000)
            rows.append(St("Version", [("id", self.uuid_value(v)), ("revision", num(max(1, self.revision - 7 * i - 1))),
                                       ("author", text(rng.choice(PEOPLE + [ME])[1])), ("savedAt", self.date(t))]))
        hp = self.ep("destination", ("e", "versionHistory"))
        self.set(hp + ("isLoading",), boolean(False))
        self.set(hp + ("versions",), Arr(rows))
        return self.dest("versionHistory", A(self.at("VersionHistory"), "versionsResponse", self.result(
            "[Version]", True, Struct("VersionList", [("count", Raw(str(len(rows)))),
                                                      ("newest", Raw(str(self.revision - 1)))]))))

    @signal
    def version_tapped(self, v):
        hp = self.ep("destination", ("e", "versionHistory"))
        self.set(hp + ("selectedVersionID",), self.uuid_value(v))
        self.set(hp + ("preview",), NIL)
        return self.dest("versionHistory", A(self.at("VersionHistory"), "versionTapped", id=self.uuid_arg(v)))

    @signal
    def preview_response(self, epoch, v):
        if not self.editor_open(epoch) or self.get(self.ep("destination")) is NIL:
            return None
        hp = self.ep("destination", ("e", "versionHistory"))
        if self.get(hp + ("selectedVersionID",)).cd != self.uuid_value(v).cd:
            return None
        words = self.rng.randint(180, 2400)
        self.set(hp + ("preview",), St("VersionPreview", [("wordCount", num(words)),
                                                          ("excerpt", text(self.rng.choice(PARAGRAPHS)[:40]))]))
        return self.dest("versionHistory", A(self.at("VersionHistory"), "previewResponse", self.result(
            "VersionPreview", True, Struct("VersionPreview", [("id", self.uuid_arg(v)), ("wordCount", Raw(str(words)))]))))

    @signal
    def destination_dismissed(self):
        self.set(self.ep("destination"), NIL)
        return self.ed(A(self.at("Editor"), "destination", self.dismissed("Editor.Destination")))

    @signal
    def share_tapped(self):
        self.set(self.ep("destination"), En(self.st("Editor.Destination"), "share", St(self.st("ShareSheet"), [
            ("email", text("")), ("role", self.ecase("commenter", "Role")), ("notifiesPeople", boolean(True)),
            ("isSending", boolean(False)), ("errorMessage", NIL)])))
        return self.ed(A(self.at("Editor"), "shareButtonTapped"))

    @signal
    def role_picked(self, role):
        self.set(self.ep("destination", ("e", "share"), "role"), self.ecase(role, "Role"))
        return self.dest("share", self.binding("ShareSheet", "role", Raw("." + role)))

    @signal
    def notify_toggled(self, on):
        self.set(self.ep("destination", ("e", "share"), "notifiesPeople"), boolean(on))
        return self.dest("share", self.binding("ShareSheet", "notifiesPeople", Raw("true" if on else "false")))

    @signal
    def send_invite(self):
        sp = self.ep("destination", ("e", "share"))
        self.set(sp + ("isSending",), boolean(True))
        self.set(sp + ("errorMessage",), NIL)
        return self.dest("share", A(self.at("ShareSheet"), "sendInviteButtonTapped"))

    @signal
    def invite_response(self, epoch, email, ok):
        if not self.editor_open(epoch) or self.get(self.ep("destination")) is NIL:
            return None
        sp = self.ep("destination", ("e", "share"))
        self.set(sp + ("isSending",), boolean(False))
        role = self.get(sp + ("role",)).cd
        if ok:
            payload = Struct("Invitation", [("email", q(email)), ("role", Raw(role)), ("expiresAt", Raw(
                self.date(self.now + 7 * 86400).cd))])
        else:
            self.set(sp + ("errorMessage",), text("This address can't be invited from your organization."))
            payload = Struct("APIError", [("status", Raw("403")), ("code", q("domain_not_allowed"))])
        return self.dest("share", A(self.at("ShareSheet"), "inviteResponse", self.result("Invitation", ok, payload)))

    @signal
    def share_delegate(self, email):
        role = self.get(self.ep("destination", ("e", "share"), "role")).cd
        self.append(self.ep("sharedWith"), text(email))
        return self.dest("share", A(self.at("ShareSheet"), "delegate", A(self.at("ShareSheet") + ".Delegate"
                                                                          if self.tca1 else "ShareSheetAction.Delegate",
                                                                          "didInvite", Struct("Invitation", [
                                                                              ("email", q(email)), ("role", Raw(role))]))))

    # ------------------------------------------------------------------ processes
    def processes(self):
        return [self.person(), self.network(), self.lifecycle(),
                self.periodic(self.relative_timer, 60.0, 0.01, when=lambda: self.active)]

    def start_collaborator(self, epoch, u):
        if (epoch, u) in self.running:
            return
        self.running.add((epoch, u))
        self.spawn(self.collaborator(epoch, u), self.rng.uniform(0.5, 6.0))
        self.spawn(self.awareness(epoch, u), self.rng.uniform(0.5, 15.0))

    def heartbeats(self, epoch):
        while self.editor_open(epoch):
            yield 20.0 + self.rng.uniform(-0.05, 0.05)
            if self.editor_open(epoch) and self.online and self.active:
                self.emit(self.heartbeat, epoch, self.rng.randint(28, 95))

    def awareness(self, epoch, u):
        """The presence channel re-sends each cursor every 15 s, changed or not."""
        rng = self.rng
        while self.editor_open(epoch) and u in self.people:
            yield 15.0 + rng.uniform(-0.3, 0.3)
            cur = self.collab_cursor(u)
            if cur and self.online and self.active and self.editor_open(epoch):
                self.emit(self.cursor_moved, epoch, u, *cur)

    def collab_cursor(self, u):
        if u not in self.people:
            return None
        c = self.get(self.ep("collaborators", ("k", u)))
        cur = c.f["cursor"]
        if cur is NIL:
            return None
        b = cur.f["block"].df
        if b not in self.block_ids:
            return None
        return (b, int(cur.f["offset"].cd), int(cur.f["length"].cd))

    def collaborator(self, epoch, u):
        """Another person in the document: types, moves around, selects, goes away."""
        rng = self.rng
        ok = lambda: self.editor_open(epoch) and u in self.people and self.online and self.active
        away = False
        try:
            yield from self._collaborator(epoch, u, ok)
        finally:
            self.running.discard((epoch, u))

    def _collaborator(self, epoch, u, ok):
        rng = self.rng
        away = False
        while self.editor_open(epoch) and u in self.people:
            if not ok():
                yield 2.0
                continue
            r = rng.random()
            if away:
                yield self.expo(40.0)
                if ok():
                    away = False
                    self.emit(self.presence_changed, epoch, u, "online")
                continue
            if r < 0.40:                                    # types a sentence or two
                b = rng.choice(self.block_ids)
                offset = len(self.block_text(b))
                words = rng.choice(PARAGRAPHS).split(" ")[:rng.randint(3, 14)]
                sentence = " " + " ".join(words)
                k = 0
                while k < len(sentence) and ok() and b in self.block_ids:
                    yield rng.uniform(0.18, 0.45)           # the server batches keystrokes every 200 ms
                    if not ok() or b not in self.block_ids:
                        break
                    if rng.random() < 0.05 and k > 2:
                        d = rng.randint(1, 2)
                        self.emit(self.operation_received, epoch, u, b, offset, "", d)
                        offset = max(0, offset - d)
                        continue
                    chunk = sentence[k:k + rng.randint(1, 3)]
                    self.emit(self.operation_received, epoch, u, b, offset, chunk, 0)
                    offset += len(chunk)
                    k += len(chunk)
                    if rng.random() < 0.6:                  # the awareness channel follows the caret
                        yield rng.uniform(0.01, 0.06)
                        if ok() and b in self.block_ids:
                            offset = min(offset, len(self.block_text(b)))
                            self.emit(self.cursor_moved, epoch, u, b, offset, 0)
            elif r < 0.70:                                  # moves around and selects
                b = rng.choice(self.block_ids)
                size = len(self.block_text(b))
                grow = rng.random() < 0.6                   # a selection drag, or the caret walking
                start = rng.randint(0, max(0, size - (12 if grow else 1)))
                hz = rng.uniform(6, 12)
                n = max(2, int(rng.uniform(0.6, 3.5) * hz))
                length = 0
                for i in range(n):
                    yield max(0.02, rng.gauss(1.0, 0.08)) / hz
                    if not ok() or b not in self.block_ids:
                        break
                    size = len(self.block_text(b))
                    if grow:
                        length = min(max(0, size - start), length + rng.randint(1, 4))
                        off = min(start, size)
                    else:
                        off = min(size, start + i * rng.randint(1, 2))
                    self.emit(self.cursor_moved, epoch, u, b, off, length)
                    if grow and length >= size - start:
                        break
                if rng.random() < 0.08:
                    yield rng.uniform(4, 20)
                    self.emit(self.remote_comment, epoch, u)
            elif r < 0.76:                                  # steps away
                yield rng.uniform(30, 120)
                if ok():
                    away = True
                    self.emit(self.presence_changed, epoch, u, "away")
            elif r < 0.79 and len(self.people) > 0:         # leaves; someone may join later
                yield rng.uniform(5, 60)
                if ok():
                    self.emit(self.collaborator_left, epoch, u)
                    others = [p for p in PEOPLE if p[0] not in self.people and p[0] != u]
                    if others:
                        nu, nm = rng.choice(others)
                        self.after(rng.uniform(20, 120), self.collaborator_joined, epoch, nu, nm)
                return
            else:
                yield self.expo(12.0)

    def open_document(self, d):
        self.emit(self.document_tapped, d)
        epoch = self.epoch
        yield self.rng.uniform(0.25, 0.9)
        self.emit(self.document_response, epoch)
        yield self.rng.uniform(0.15, 0.6)
        if self.online:
            self.emit(self.connected, epoch)
        self.spawn(self.heartbeats(epoch))

    def type_into(self, b, words):
        """Keystrokes into a block: each a binding and the caret's echo; a few corrections."""
        rng = self.rng
        body = self.block_text(b)
        typed = (" " if body and not body.endswith(" ") else "") + words
        k = 0
        while k < len(typed):
            if b not in self.block_ids or not self.active:
                return
            if rng.random() < 0.04 and k > 3:               # a typo, fixed with backspace
                wrong = rng.choice("eatsonri")
                body = self.block_text(b) + wrong
                self.emit(self.typed, b, body)
                yield rng.uniform(0.002, 0.015)
                self.emit(self.selection_changed, b, len(body), 0)
                yield rng.uniform(0.25, 0.7)
                body = self.block_text(b)
                if body.endswith(wrong):
                    body = body[:-1]
                    self.emit(self.typed, b, body)
                    yield rng.uniform(0.002, 0.015)
                    self.emit(self.selection_changed, b, len(body), 0)
                    yield rng.uniform(0.12, 0.3)
            body = self.block_text(b) + typed[k]
            k += 1
            self.emit(self.typed, b, body)
            yield rng.uniform(0.002, 0.015)
            self.emit(self.selection_changed, b, len(body), 0)
            yield self.key_gap()

    def type_field(self, maker, value):
        rng = self.rng
        for k in range(1, len(value) + 1):
            self.emit(maker, value[:k])
            yield self.key_gap()

    def drag_select(self, b):
        """A drag over the text: the selection grows a character or a few at a time."""
        rng = self.rng
        size = len(self.block_text(b))
        start = rng.randint(0, max(0, size - 12))
        goal = rng.randint(min(size - start, 5), max(5, min(size - start, 48)))
        hz = rng.uniform(15, 30)
        n = max(3, min(goal, int(rng.uniform(0.4, 1.6) * hz)))
        lengths = sorted(set(max(1, int(round(goal * (i + 1) / n))) for i in range(n)))
        for length in lengths:
            yield max(0.01, rng.gauss(1.0, 0.05)) / hz
            if b not in self.block_ids:
                break
            self.emit(self.selection_changed, b, start, length)
        return start, goal

    def scroll(self):
        """A flick: the offset eases to where the flick stops, one value a frame."""
        rng = self.rng
        y0 = self.scroll_y
        goal = max(0.0, min(2400.0, y0 + rng.uniform(-260, 480)))
        if abs(goal - y0) < 40:
            goal = y0 + 120
        hz = rng.uniform(30, 60)
        n = max(3, int(hz * min(2.5, 0.3 + rng.lognormvariate(math.log(0.45), 0.6))))
        for i in range(n):
            yield max(0.002, rng.gauss(1.0, 0.05)) / hz
            if self.sid is None:
                return
            f = (i + 1) / n
            self.emit(self.scrolled, round(y0 + (goal - y0) * (1 - (1 - f) ** 3) + rng.uniform(-0.4, 0.4), 1))

    def editor_step(self):
        rng = self.rng
        r = rng.random()
        focused = self.get(self.ep("focusedBlockID"))
        if r < 0.30:                                        # write
            if focused is NIL or rng.random() < 0.4:
                b = rng.choice(self.block_ids[1:] or self.block_ids)
                self.emit(self.focus_changed, b)
                yield rng.uniform(0.3, 1.2)
            else:
                b = focused.df
            for _ in range(rng.randint(1, 2) if self.busy else 1):
                words = rng.choice(PARAGRAPHS).split(" ")
                n = rng.randint(3, len(words))
                words = " ".join(words[:n]).rstrip(",.?:") + ("." if n < len(words) else words[-1][-1])
                yield from self.type_into(b, words)
                if rng.random() < 0.45 and b in self.block_ids:
                    yield rng.uniform(0.3, 1.5)
                    self.emit(self.return_pressed, b)
                    b = self.block_ids[self.block_ids.index(b) + 1]
                yield rng.uniform(0.5, 4.0)
        elif r < 0.44:                                      # select and format
            b = rng.choice(self.block_ids)
            if focused is NIL or focused.df != b:
                self.emit(self.focus_changed, b)
                yield rng.uniform(0.2, 0.8)
            start, length = yield from self.drag_select(b)
            for style in rng.sample(["bold", "italic", "underline", "highlight", "strikethrough"],
                                    rng.choice([1, 1, 1, 2])):
                yield rng.uniform(0.4, 1.8)
                self.emit(self.format_tapped, b, style, start, length)
        elif r < 0.53:                                      # comment
            b = rng.choice(self.block_ids)
            yield from self.drag_select(b)
            yield rng.uniform(0.4, 1.5)
            self.emit(self.add_comment_tapped)
            yield rng.uniform(0.6, 2.0)
            body = rng.choice(COMMENTS)
            yield from self.type_field(self.comment_typed, body)
            if rng.random() < 0.12:
                self.emit(self.cancel_comment)
                return
            self.emit(self.post_comment_tapped)
            yield rng.uniform(0.2, 0.8)
            self.emit(self.comment_response, self.epoch, body, rng.random() < 0.95)
        elif r < 0.60:                                      # resolve a comment
            open_ = [c for c in self.comment_ids if self.get(self.cp(c, "isResolved")).cd == "false"]
            if open_:
                c = rng.choice(open_)
                self.emit(self.resolve_tapped, c)
                self.after(rng.uniform(0.2, 0.7), self.resolve_response, self.epoch, c)
        elif r < 0.75:                                      # read: scroll
            for _ in range(rng.randint(1, 3)):
                yield from self.scroll()
                yield rng.uniform(1.0, 6.0)
        elif r < 0.80:                                      # version history
            self.emit(self.history_tapped)
            epoch = self.epoch
            yield rng.uniform(0.3, 1.0)
            self.emit(self.versions_response, epoch)
            for _ in range(rng.randint(0, 3)):
                yield rng.uniform(1.5, 6.0)
                if not self.editor_open(epoch) or self.get(self.ep("destination")) is NIL:
                    return
                v = rng.choice(self.version_ids)
                self.emit(self.version_tapped, v)
                yield rng.uniform(0.2, 0.7)
                self.emit(self.preview_response, epoch, v)
            yield rng.uniform(2.0, 8.0)
            if self.editor_open(epoch) and self.get(self.ep("destination")) is not NIL:
                self.emit(self.destination_dismissed)
        elif r < 0.85:                                      # share
            self.emit(self.share_tapped)
            epoch = self.epoch
            yield rng.uniform(0.8, 2.5)
            email = rng.choice(EMAILS)
            yield from self.type_field(self.email_typed, email)
            if rng.random() < 0.5:
                yield rng.uniform(0.6, 2.0)
                self.emit(self.role_picked, rng.choice(["viewer", "editor"]))
            if rng.random() < 0.25:
                yield rng.uniform(0.5, 1.5)
                self.emit(self.notify_toggled, False)
            yield rng.uniform(0.5, 2.0)
            if rng.random() < 0.1:
                self.emit(self.destination_dismissed)
                return
            self.emit(self.send_invite)
            yield rng.uniform(0.3, 1.2)
            ok = rng.random() < 0.88
            self.emit(self.invite_response, epoch, email, ok)
            if not self.editor_open(epoch):
                return
            if ok:
                yield 0.001
                self.emit(self.share_delegate, email)
                yield 0.001
                self.emit(self.destination_dismissed)
            else:
                yield rng.uniform(2.0, 5.0)
                self.emit(self.destination_dismissed)
        else:                                               # back to the list
            self.emit(self.back_tapped)

    def person(self):
        rng = self.rng
        think = self.think((0.8, 2.5), (5.0, 14.0), (60, 180), (25, 90))
        yield rng.uniform(0.3, 1.0)
        self.emit(self.list_task)
        yield rng.uniform(0.3, 0.9)
        self.emit(self.documents_response)
        while True:
            self.idle = True
            yield next(think)
            self.idle = False
            if not self.active or getattr(self, "leaving", False):
                continue
            if self.sid is None:
                r = rng.random()
                if r < 0.2:
                    title = rng.choice(self.doc_ids)
                    word = self.doc_title[title].split(" ")[0].lower()
                    yield from self.type_field(self.search_typed, word)
                    yield rng.uniform(0.5, 2.0)
                    yield from self.open_document(title)
                elif r < 0.85:
                    yield from self.open_document(rng.choice(self.doc_ids))
                else:
                    self.emit(self.pulled_to_refresh)
                    yield rng.uniform(0.4, 1.2)
                    self.emit(self.documents_response)
            elif self.block_ids:
                if self.get(self.ep("destination")) is not NIL:
                    continue
                yield from self.editor_step()

    def network(self):
        rng = self.rng
        while True:
            yield rng.uniform(150, 330)
            if not self.active:
                continue
            self.emit(self.network_changed, False)
            epoch = self.epoch
            if self.sid is not None:
                yield rng.uniform(0.05, 0.4)
                self.emit(self.disconnected, epoch)
            yield rng.uniform(8, 60)
            self.emit(self.network_changed, True)
            if self.sid is not None and epoch == self.epoch:
                yield rng.uniform(0.3, 1.5)
                pending = int(self.get(self.ep("pendingChanges")).cd)
                self.emit(self.connected, epoch)
                if pending:
                    yield rng.uniform(0.2, 0.8)
                    self.emit(self.sync_response, epoch, pending)

    def lifecycle(self):
        rng = self.rng
        while True:
            yield rng.uniform(200, 420)
            while not getattr(self, "idle", False):         # the person leaves the app between two tasks
                yield 0.5
            self.leaving = True
            self.active = False
            self.emit(self.scene_phase, "inactive")
            yield rng.uniform(0.3, 1.0)
            self.emit(self.scene_phase, "background")
            yield rng.uniform(10, 70)
            self.emit(self.scene_phase, "inactive")
            yield rng.uniform(0.1, 0.4)
            self.active = True
            self.leaving = False
            self.emit(self.scene_phase, "active")



# =========================================================================== banking

MERCHANTS = [("Rewe", -23.48), ("Lidl", -17.9), ("Deutsche Bahn", -39.9), ("Spotify", -10.99),
             ("Amazon", -54.2), ("Shell", -61.35), ("Apotheke am Markt", -12.6), ("Uber", -18.4),
             ("Netflix", -13.99), ("Bäckerei Kamps", -4.3), ("IKEA", -129.0), ("Zalando", -79.95),
             ("Vodafone", -29.99), ("Edeka", -31.12), ("Starbucks", -6.2), ("Lieferando", -27.5),
             ("Salary ACME GmbH", 3240.0), ("Refund Zalando", 79.95), ("BVG Ticket", -3.5), ("dm", -14.85)]
RECIPIENTS = [("rcp_01", "Anna Schmidt"), ("rcp_02", "Landlord – Haus GmbH"), ("rcp_03", "Jonas Weber"),
              ("rcp_04", "Savings"), ("rcp_05", "Stadtwerke Berlin")]
QUOTES = {"USD": 1.0842, "GBP": 0.8571, "CHF": 0.9418, "JPY": 163.27, "SEK": 11.482, "PLN": 4.3291}


class Banking(_Kit):
    """A banking app: Face ID unlock, an accounts list polled every 30 s, account details
    with transactions loaded a page at a time, a transfer sheet, cards that can be frozen,
    an exchange-rate screen, pushed settlements and card-payment notifications, and a
    session inactivity timer.

    noise   session.timerTicked (1 s countdown), accounts.pollTimerTicked (30 s, a no-op),
            accounts.balancesResponse (the poll's answer: stamps lastUpdated), currency.refreshTimerTicked
            and currency.ratesResponse (rates every 15 s on the currency tab),
            path.element.accountDetail.scrollOffsetChanged (scroll gestures)
    either  accountDetail.loadNextPage and the rows' logoResponse (as the list scrolls), the
            amount and memo fields, the converter's amount
    signal  unlock, Face ID responses, tabs, taps, pull-to-refresh, transaction pages,
            transfer steps and responses, delegates, card freezes, settlements, card-payment
            notifications, the session's warning answer and expiry, the scene phase"""

    name = "banking"
    module = "Northbank"
    process = "Northbank"
    roots = ("AppAction", "AppFeature.Action")

    TIMEOUT = 150
    WARNING = 30

    def __init__(self, session):
        _Kit.__init__(self, session)
        rng = self.rng
        self.accounts = []          # (id, name, kind)
        self.balance = {}
        self.available = {}
        for name, kind, lo, hi in [("Girokonto", "checking", 800, 4200), ("Tagesgeld", "savings", 3000, 25000),
                                   ("Visa Credit", "credit", -900, -40)][:rng.choice([2, 3, 3])]:
            a = self.uid()
            self.accounts.append((a, name, kind))
            self.balance[a] = round(rng.uniform(lo, hi), 2)
            self.available[a] = self.balance[a]
        self.initial_pending = []
        self.history = {a: self.make_history(a) for a, _, _ in self.accounts}
        self.cards = [(self.uid(), "%04d" % rng.randint(0, 9999), net) for net in ["visa", "mastercard"]]
        self.locked = True
        self.active = True
        self.tab = "accounts"
        self.sid = None
        self.next_sid = 1
        self.acct = None            # the account the open detail shows
        self.row_ids = []
        self.cursor = None
        self.loading_page = False
        self.scroll_y = 0.0
        self.seen_rows = set()
        self.polling = False
        self.rates = dict(QUOTES)
        self.transfer_open = False
        self.away_since = None
        self.state = St(self.st("AppFeature"), [
            ("isLocked", boolean(True)),
            ("login", St(self.st("Login"), [("isAuthenticating", boolean(False)), ("failedAttempts", num(0)),
                                            ("biometryType", self.ecase("faceID", "BiometryType"))])),
            ("selectedTab", self.ecase("accounts", "Tab")),
            ("accounts", St(self.st("AccountsList"), [("accounts", Arr()), ("lastUpdated", NIL),
                                                      ("isRefreshing", boolean(False))])),
            ("path", Dic({}, quoted=False, ordered=True)),
            ("cardList", St(self.st("CardList"), [("cards", Arr(
                St(self.st("CardRow"), [("id", self.uuid_value(c)), ("last4", text(l4)),
                                        ("network", self.ecase(net, "CardNetwork")), ("isFrozen", boolean(False)),
                                        ("isUpdating", boolean(False))]) for c, l4, net in self.cards))])),
            ("currency", St(self.st("Currency"), [("base", text("EUR")), ("quote", text("USD")), ("amount", text("")),
                                                  ("rates", Dic()), ("lastUpdated", NIL), ("isLoading", boolean(False))])),
            ("session", St(self.st("SessionTimer"), [("secondsRemaining", num(self.TIMEOUT)),
                                                     ("isWarningPresented", boolean(False))])),
            ("destination", NIL),
            ("scenePhase", self.ecase("active", "ScenePhase"))])

    # -- data
    def txn_id(self):
        return "txn_" + self.uid().replace("-", "")[:12].lower()

    def make_history(self, a):
        rng = self.rng
        out = []
        t = -rng.uniform(600, 7200)
        for i in range(rng.randint(90, 160)):
            merchant, amount = rng.choice(MERCHANTS)
            amount = round(amount * rng.uniform(0.7, 1.3), 2) if abs(amount) < 500 else amount
            pending = i < rng.randint(1, 3)
            out.append({"id": self.txn_id(), "merchant": merchant, "amount": amount,
                        "status": "pending" if pending else "posted", "t": t})
            if pending:
                out[-1]["held"] = True
                self.available[a] = round(self.available[a] + out[-1]["amount"], 2)
                self.initial_pending.append((rng.uniform(40, 500), a, out[-1]["id"]))
            t -= rng.uniform(1800, 90000)
        return out

    def account_state(self, a, name, kind):
        return St("Account", [("id", self.uuid_value(a)), ("name", text(name)), ("kind", self.ecase(kind, "Account.Kind")),
                              ("balance", V(self.dec(self.balance[a]))), ("available", V(self.dec(self.available[a]))),
                              ("currency", text("EUR"))])

    def row_state(self, x):
        return St(self.st("TransactionRow"), [("id", text(x["id"])), ("merchant", text(x["merchant"])),
                                              ("amount", V(self.dec(x["amount"]))),
                                              ("status", self.ecase(x["status"], "Transaction.Status")),
                                              ("bookedAt", self.date(x["t"])), ("logo", NIL)])

    # -- paths
    def dp(self, *rest):
        return ("path", ("k", "#%d" % self.sid), ("e", "accountDetail")) + rest

    def rp(self, tid, *rest):
        return self.dp("transactions", ("i", self.row_ids.index(tid))) + rest

    def det(self, inner):
        return self.stack(self.sid, "accountDetail", inner)

    def row(self, tid, inner):
        return self.det(A(self.at("AccountDetail"), "transactions", self.element("TransactionRow", q(tid), inner)))

    def tp(self, *rest):
        return ("destination", ("e", "transfer")) + rest

    def tr(self, inner):
        return self.act("destination", self.presented("AppFeature.Destination", "transfer", inner))

    def acc_index(self, a):
        return [x[0] for x in self.accounts].index(a)

    def touch(self):
        """Every action from the person restarts the inactivity countdown (the root reducer)."""
        if not self.locked:
            self.set(("session", "secondsRemaining"), num(self.TIMEOUT))
            self.set(("session", "isWarningPresented"), boolean(False))

    def sync_balances(self, a):
        if self.get(("accounts", "accounts")).items:
            i = self.acc_index(a)
            self.set(("accounts", "accounts", ("i", i), "balance"), V(self.dec(self.balance[a])))
            self.set(("accounts", "accounts", ("i", i), "available"), V(self.dec(self.available[a])))

    # ------------------------------------------------------------------ noise
    @noise
    def session_tick(self):
        if self.locked or not self.active:
            return None
        left = int(self.get(("session", "secondsRemaining")).cd) - 1
        self.set(("session", "secondsRemaining"), num(max(0, left)))
        if left <= self.WARNING:
            self.set(("session", "isWarningPresented"), boolean(True))
        if left <= 0:
            self.after(0.001, self.session_expired)
        return self.act("session", A(self.at("SessionTimer"), "timerTicked"))

    # reason: a steady 30 s timer that only starts the fetch
    @noise
    def poll_tick(self):
        if self.locked or not self.active:
            return None
        if not self.polling:
            self.polling = True
            self.after(self.rng.uniform(0.2, 0.9), self.balances_response)
        return self.act("accounts", A(self.at("AccountsList"), "pollTimerTicked"))

    # reason: mostly the 30 s poll's answer, stamping lastUpdated; the few after a pull-to-refresh share the path
    @noise
    def balances_response(self):
        self.polling = False
        if self.locked:
            return None
        if not self.get(("accounts", "accounts")).items:
            self.set(("accounts", "accounts"), Arr(self.account_state(*x) for x in self.accounts))
        else:
            for a, _, _ in self.accounts:
                self.sync_balances(a)
        self.set(("accounts", "lastUpdated"), self.date())
        self.set(("accounts", "isRefreshing"), boolean(False))
        return self.act("accounts", A(self.at("AccountsList"), "balancesResponse", self.result(
            "[AccountBalance]", True, Struct("BalanceSnapshot", [("accounts", Raw(str(len(self.accounts)))),
                                                                 ("asOf", Raw(self.date().cd))]))))

    @noise
    def rates_tick(self):
        if self.tab != "currency" or self.locked or not self.active:
            return None
        self.after(self.rng.uniform(0.15, 0.6), self.rates_response, False)
        return self.act("currency", A(self.at("Currency"), "refreshTimerTicked"))

    # reason: mostly the 15 s refresh's answer: measurements nudging the rates
    @noise
    def rates_response(self, first):
        if self.tab != "currency" or self.locked:
            return None
        rng = self.rng
        for k in self.rates:
            if rng.random() < 0.6:
                self.rates[k] = round(self.rates[k] * (1 + rng.gauss(0, 0.0004)), 4 if self.rates[k] < 50 else 2)
        self.set(("currency", "rates"), Dic({k: V(repr(v)) for k, v in self.rates.items()}))
        self.set(("currency", "lastUpdated"), self.date())
        self.set(("currency", "isLoading"), boolean(False))
        return self.act("currency", A(self.at("Currency"), "ratesResponse", self.result("RateTable", True, Struct(
            "RateTable", [("base", q("EUR")), ("count", Raw(str(len(self.rates)))), ("asOf", Raw(self.date().cd))]))))

    @noise
    def scrolled(self, y):
        if self.sid is None:
            return None
        self.scroll_y = y
        self.touch()
        self.set(self.dp("scrollOffset"), num(y))
        return self.det(A(self.at("AccountDetail"), "scrollOffsetChanged", Raw(repr(y))))

    # ------------------------------------------------------------------ either
    # reason: sent by the list's bottom row appearing as the person scrolls: the person's doing, at scroll pace
    @either
    def load_next_page(self):
        self.loading_page = True
        self.set(self.dp("isLoadingPage"), boolean(True))
        return self.det(A(self.at("AccountDetail"), "loadNextPage"))

    # reason: merchant logos loading as rows scroll into view
    @either
    def logo_response(self, sid, tid):
        if sid != self.sid or tid not in self.row_ids:
            return None
        m = self.get(self.rp(tid, "merchant")).df
        slug = m.lower().replace(" ", "-").replace("ä", "a").replace("ü", "u")
        self.set(self.rp(tid, "logo"), St("MerchantLogo", [("url", text("https://cdn.northbank.example/logos/%s.png" % slug))]))
        return self.row(tid, A(self.at("TransactionRow"), "logoResponse", self.result("MerchantLogo", True, Struct(
            "MerchantLogo", [("url", q("https://cdn.northbank.example/logos/%s.png" % slug))]))))

    # reason: the transfer form's amount field, a keystroke each
    @either
    def amount_typed(self, value):
        self.touch()
        self.set(self.tp("amount"), text(value))
        return self.tr(self.binding("Transfer", "amount", q(value)))

    # reason: the transfer form's memo field, a keystroke each
    @either
    def memo_typed(self, value):
        self.touch()
        self.set(self.tp("memo"), text(value))
        return self.tr(self.binding("Transfer", "memo", q(value)))

    # reason: the converter's amount field, a keystroke each
    @either
    def convert_typed(self, value):
        self.touch()
        self.set(("currency", "amount"), text(value))
        return self.act("currency", self.binding("Currency", "amount", q(value)))

    # ------------------------------------------------------------------ signal
    @signal
    def did_finish_launching(self):
        return self.act("appDelegate", A(self.at("AppDelegate"), "didFinishLaunching"))

    @signal
    def scene_phase(self, phase):
        self.set(("scenePhase",), self.ecase(phase, "ScenePhase"))
        return self.act("scenePhaseChanged", A("ScenePhase", phase))

    @signal
    def unlock_tapped(self):
        self.set(("login", "isAuthenticating"), boolean(True))
        return self.act("login", A(self.at("Login"), "unlockButtonTapped"))

    @signal
    def biometrics_response(self, ok):
        self.set(("login", "isAuthenticating"), boolean(False))
        if not ok:
            n = int(self.get(("login", "failedAttempts")).cd)
            self.set(("login", "failedAttempts"), num(n + 1))
            payload = Struct("LAError", [("code", Raw("-2")), ("reason", q("userCancel"))])
        else:
            self.set(("login", "failedAttempts"), num(0))
            payload = Raw("true")
        return self.act("login", A(self.at("Login"), "biometricsResponse", self.result("Bool", ok, payload)))

    @signal
    def did_authenticate(self):
        self.locked = False
        self.set(("isLocked",), boolean(False))
        self.set(("session", "secondsRemaining"), num(self.TIMEOUT))
        self.set(("session", "isWarningPresented"), boolean(False))
        self.polling = True
        self.after(self.rng.uniform(0.3, 1.0), self.balances_response)
        return self.act("login", A(self.at("Login"), "delegate", A(
            self.at("Login") + ".Delegate" if self.tca1 else "LoginAction.Delegate", "didAuthenticate")))

    # reason: the timer's end, but an event: the app locks itself
    @signal
    def session_expired(self):
        if self.locked:
            return None
        self.locked = True
        self.set(("isLocked",), boolean(True))
        self.set(("session", "isWarningPresented"), boolean(False))
        if self.sid is not None:
            self.delete(("path",), "#%d" % self.sid)
            self.sid = None
        if self.transfer_open:
            self.transfer_open = False
            self.set(("destination",), NIL)
        return self.act("session", A(self.at("SessionTimer"), "delegate", A(
            self.at("SessionTimer") + ".Delegate" if self.tca1 else "SessionTimerAction.Delegate", "sessionExpired")))

    @signal
    def stay_signed_in(self):
        self.touch()
        return self.act("session", A(self.at("SessionTimer"), "staySignedInButtonTapped"))

    @signal
    def tab_selected(self, tab):
        self.touch()
        self.tab = tab
        self.set(("selectedTab",), self.ecase(tab, "Tab"))
        return self.act("binding", A("BindingAction<%s>" % self.st("AppFeature").replace(".", ""), "set",
                                     Raw("\\%s.$selectedTab" % self.st("AppFeature")), Raw("." + tab)))

    @signal
    def pulled_to_refresh(self):
        self.touch()
        self.set(("accounts", "isRefreshing"), boolean(True))
        if not self.polling:
            self.polling = True
            self.after(self.rng.uniform(0.4, 1.4), self.balances_response)
        return self.act("accounts", A(self.at("AccountsList"), "pulledToRefresh"))

    @signal
    def account_tapped(self, a):
        self.touch()
        self.sid = self.next_sid
        self.next_sid += 1
        self.acct = a
        self.row_ids = []
        self.seen_rows = set()
        self.cursor = None
        self.scroll_y = 0.0
        self.loading_page = True
        name = [x[1] for x in self.accounts if x[0] == a][0]
        self.put(("path",), "#%d" % self.sid, En(self.st("AppFeature.Path"), "accountDetail", St(
            self.st("AccountDetail"), [("accountID", self.uuid_value(a)), ("name", text(name)),
                                       ("transactions", Arr()), ("nextCursor", NIL), ("isLoadingPage", boolean(True)),
                                       ("isRefreshing", boolean(False)), ("scrollOffset", num(0.0))])))
        self.after(self.rng.uniform(0.3, 1.1), self.transactions_response, self.sid, False)
        return self.act("accounts", A(self.at("AccountsList"), "accountTapped", id=self.uuid_arg(a)))

    # reason: the answer to opening an account, to a page request or to a pull-to-refresh; inserts new rows
    @signal
    def transactions_response(self, sid, refresh):
        if sid != self.sid:
            return None
        self.loading_page = False
        hist = self.history[self.acct]
        self.set(self.dp("isLoadingPage"), boolean(False))
        if refresh:
            self.set(self.dp("isRefreshing"), boolean(False))
            fresh = [x for x in hist if x["id"] not in self.row_ids]
            fresh = [x for x in fresh if hist.index(x) < hist.index(next(y for y in hist if y["id"] in self.row_ids))] \
                if self.row_ids else fresh[:25]
            arr = self.get(self.dp("transactions"))
            for i, x in enumerate(fresh):
                self.row_ids.insert(i, x["id"])
            for x in hist:
                if x["id"] in self.row_ids:
                    i = self.row_ids.index(x["id"])
                    self.set(self.dp("transactions", ("i", i), "status"), self.ecase(x["status"], "Transaction.Status"))
            self.set(self.dp("transactions"), Arr([self.row_state(x) for x in fresh] + list(self.get(
                self.dp("transactions")).items)))
            count, cursor = len(fresh), self.cursor
        else:
            start = len(self.row_ids)
            page = hist[start:start + 25]
            for x in page:
                self.row_ids.append(x["id"])
                self.append(self.dp("transactions"), self.row_state(x))
            self.cursor = "c_%d" % (start + 25) if start + 25 < len(hist) else None
            self.set(self.dp("nextCursor"), text(self.cursor) if self.cursor else NIL)
            count, cursor = len(page), self.cursor
            if start == 0:
                self.rows_appeared(0, 9)
        return self.det(A(self.at("AccountDetail"), "transactionsResponse", self.result("TransactionPage", True, Struct(
            "TransactionPage", [("count", Raw(str(count))), ("nextCursor", q(cursor) if cursor else Raw("nil"))]))))

    @signal
    def detail_refresh(self):
        self.touch()
        self.set(self.dp("isRefreshing"), boolean(True))
        self.after(self.rng.uniform(0.5, 1.5), self.transactions_response, self.sid, True)
        return self.det(A(self.at("AccountDetail"), "pulledToRefresh"))

    @signal
    def back_tapped(self):
        self.touch()
        sid = self.sid
        self.delete(("path",), "#%d" % sid)
        self.sid = None
        self.acct = None
        return self.pop_from(sid)

    # reason: pushed by the server, but a status change (pending to posted) of one transaction, once each
    @signal
    def transaction_settled(self, a, tid):
        x = next((y for y in self.history[a] if y["id"] == tid), None)
        if x is None or x["status"] != "pending" or self.locked or not self.active:
            if x is not None and x["status"] == "pending":
                self.after(self.rng.uniform(20, 90), self.transaction_settled, a, tid)
            return None
        x["status"] = "posted"
        if x.get("held"):
            self.balance[a] = round(self.balance[a] + x["amount"], 2)
        self.sync_balances(a)
        if self.sid is not None and self.acct == a and tid in self.row_ids:
            self.set(self.rp(tid, "status"), self.ecase("posted", "Transaction.Status"))
        return self.act("ledger", A("LedgerClient.Event", "transactionSettled", Struct("Settlement", [
            ("transactionID", q(tid)), ("accountID", self.uuid_arg(a)), ("amount", Raw(self.dec(x["amount"])))])))

    # reason: a pushed notification that inserts a new transaction
    @signal
    def card_payment(self):
        rng = self.rng
        a = self.accounts[0][0]
        merchant, amount = rng.choice([m for m in MERCHANTS if m[1] < 0 and m[1] > -140])
        amount = round(amount * rng.uniform(0.7, 1.3), 2)
        x = {"id": self.txn_id(), "merchant": merchant, "amount": amount, "status": "pending", "t": self.now,
             "held": True}
        self.history[a].insert(0, x)
        self.available[a] = round(self.available[a] + amount, 2)
        self.sync_balances(a)
        if self.sid is not None and self.acct == a:
            self.row_ids.insert(0, x["id"])
            arr = self.get(self.dp("transactions"))
            self.set(self.dp("transactions"), Arr([self.row_state(x)] + list(arr.items)))
        self.after(rng.uniform(60, 400), self.transaction_settled, a, x["id"])
        card = self.cards[0][1]
        return self.act("userNotifications", A("UserNotificationClient.DelegateEvent", "willPresentNotification",
                                                Struct("CardPaymentNotification", [
                                                    ("merchant", q(merchant)), ("amount", Raw(self.dec(amount))),
                                                    ("currency", q("EUR")), ("cardLast4", q(card))])))

    @signal
    def freeze_tapped(self, c):
        self.touch()
        i = [x[0] for x in self.cards].index(c)
        cp = ("cardList", "cards", ("i", i))
        frozen = self.get(cp + ("isFrozen",)).cd == "true"
        self.set(cp + ("isFrozen",), boolean(not frozen))
        self.set(cp + ("isUpdating",), boolean(True))
        self.after(self.rng.uniform(0.4, 1.3), self.freeze_response, c, not frozen, self.rng.random() < 0.93)
        return self.act("cardList", A(self.at("CardList"), "cards", self.element(
            "CardRow", self.uuid_arg(c), A(self.at("CardRow"), "freezeToggleTapped"))))

    @signal
    def freeze_response(self, c, frozen, ok):
        i = [x[0] for x in self.cards].index(c)
        cp = ("cardList", "cards", ("i", i))
        self.set(cp + ("isUpdating",), boolean(False))
        if not ok:
            self.set(cp + ("isFrozen",), boolean(not frozen))
        payload = Struct("CardStatus", [("id", self.uuid_arg(c)), ("isFrozen", Raw("true" if frozen else "false"))]) \
            if ok else Struct("APIError", [("status", Raw("503")), ("code", q("card_service_unavailable"))])
        return self.act("cardList", A(self.at("CardList"), "cards", self.element(
            "CardRow", self.uuid_arg(c), A(self.at("CardRow"), "freezeResponse", self.result("CardStatus", ok, payload)))))

    @signal
    def currency_appeared(self):
        self.set(("currency", "isLoading"), boolean(True))
        self.after(self.rng.uniform(0.2, 0.7), self.rates_response, True)
        return self.act("currency", A(self.at("Currency"), "onAppear"))

    @signal
    def quote_picked(self, code):
        self.touch()
        self.set(("currency", "quote"), text(code))
        return self.act("currency", self.binding("Currency", "quote", q(code)))

    @signal
    def swap_tapped(self):
        self.touch()
        b, qq = self.get(("currency", "base")), self.get(("currency", "quote"))
        self.set(("currency", "base"), qq)
        self.set(("currency", "quote"), b)
        return self.act("currency", A(self.at("Currency"), "swapButtonTapped"))

    @signal
    def transfer_tapped(self):
        self.touch()
        self.transfer_open = True
        self.set(("destination",), En(self.st("AppFeature.Destination"), "transfer", St(self.st("Transfer"), [
            ("fromAccountID", self.uuid_value(self.accounts[0][0])), ("recipients", Arr()), ("recipientID", NIL),
            ("amount", text("")), ("memo", text("")), ("isConfirming", boolean(False)),
            ("isSubmitting", boolean(False)), ("errorMessage", NIL)])))
        self.after(self.rng.uniform(0.3, 0.9), self.recipients_response)
        return self.act("accounts", A(self.at("AccountsList"), "transferButtonTapped"))

    @signal
    def recipients_response(self):
        if not self.transfer_open:
            return None
        self.set(self.tp("recipients"), Arr(St("Recipient", [("id", text(r)), ("name", text(n))]) for r, n in RECIPIENTS))
        return self.tr(A(self.at("Transfer"), "recipientsResponse", self.result("[Recipient]", True, Struct(
            "RecipientList", [("count", Raw(str(len(RECIPIENTS))))]))))

    @signal
    def recipient_picked(self, r):
        self.touch()
        self.set(self.tp("recipientID"), text(r))
        return self.tr(self.binding("Transfer", "recipientID", q(r)))

    @signal
    def review_tapped(self):
        self.touch()
        self.set(self.tp("isConfirming"), boolean(True))
        return self.tr(A(self.at("Transfer"), "reviewButtonTapped"))

    @signal
    def confirm_tapped(self):
        self.touch()
        self.set(self.tp("isConfirming"), boolean(False))
        self.set(self.tp("isSubmitting"), boolean(True))
        return self.tr(A(self.at("Transfer"), "confirmTransferButtonTapped"))

    @signal
    def confirm_cancelled(self):
        self.touch()
        self.set(self.tp("isConfirming"), boolean(False))
        return self.tr(A(self.at("Transfer"), "confirmationDismissed"))

    @signal
    def transfer_response(self, ok, amount, r):
        if not self.transfer_open:
            return None
        self.set(self.tp("isSubmitting"), boolean(False))
        if ok:
            self.receipt = "trf_" + self.uid()[:8].lower()
            payload = Struct("TransferReceipt", [("id", q(self.receipt)), ("amount", Raw(self.dec(amount))),
                                                 ("recipientID", q(r)), ("status", Raw(".pending"))])
        else:
            self.set(self.tp("errorMessage"), text("This transfer exceeds your daily limit."))
            payload = Struct("APIError", [("status", Raw("422")), ("code", q("daily_limit_exceeded"))])
        return self.tr(A(self.at("Transfer"), "transferResponse", self.result("TransferReceipt", ok, payload)))

    @signal
    def transfer_completed(self, amount):
        a = self.accounts[0][0]
        self.available[a] = round(self.available[a] - amount, 2)
        x = {"id": self.txn_id(), "merchant": "Transfer", "amount": -amount, "status": "pending", "t": self.now,
             "held": True}
        self.history[a].insert(0, x)
        self.sync_balances(a)
        self.after(self.rng.uniform(90, 500), self.transaction_settled, a, x["id"])
        return self.tr(A(self.at("Transfer"), "delegate", A(
            self.at("Transfer") + ".Delegate" if self.tca1 else "TransferAction.Delegate", "transferCompleted",
            Struct("TransferReceipt", [("id", q(self.receipt)), ("amount", Raw(self.dec(amount)))]))))

    @signal
    def transfer_dismissed(self):
        if not self.transfer_open:
            return None
        self.touch()
        self.transfer_open = False
        self.set(("destination",), NIL)
        return self.act("destination", self.dismissed("AppFeature.Destination"))

    # ------------------------------------------------------------------ processes
    def processes(self):
        for delay, a, tid in self.initial_pending:
            self.after(delay, self.transaction_settled, a, tid)
        return [self.person(), self.lifecycle(), self.payments(),
                self.periodic(self.session_tick, 1.0, 0.003),
                self.periodic(self.poll_tick, 30.0, 0.05),
                self.periodic(self.rates_tick, 15.0, 0.05)]

    def payments(self):
        while True:
            yield self.expo(85.0)
            if self.active:
                self.emit(self.card_payment)

    def lifecycle(self):
        rng = self.rng
        while True:
            yield rng.uniform(180, 400)
            while not getattr(self, "idle", False):         # the person leaves the app between two tasks
                yield 0.5
            self.leaving = True
            self.emit(self.scene_phase, "inactive")
            yield rng.uniform(0.3, 0.8)
            self.active = False
            self.emit(self.scene_phase, "background")
            away = rng.uniform(8, 140)
            yield away
            self.emit(self.scene_phase, "inactive")
            yield rng.uniform(0.1, 0.3)
            self.active = True
            self.leaving = False
            if away > 60 and not self.locked:
                self.emit(self.session_expired)
            self.emit(self.scene_phase, "active")

    def rows_appeared(self, lo, hi):
        for i in range(max(0, lo), min(hi, len(self.row_ids))):
            tid = self.row_ids[i]
            if tid not in self.seen_rows:
                self.seen_rows.add(tid)
                self.after(self.rng.uniform(0.05, 0.6), self.logo_response, self.sid, tid)

    def flick(self):
        """A scroll gesture on the transactions list: one offset a frame, rows appearing,
        the next page asked for near the end."""
        rng = self.rng
        y0 = self.scroll_y
        content = max(0.0, 220 + 64 * len(self.row_ids) - 700)
        goal = max(0.0, min(content, y0 + rng.uniform(-500, 1500)))
        if abs(goal - y0) < 30:
            goal = max(0.0, min(content, y0 + 300)) if y0 < content - 300 else max(0.0, y0 - 300)
        hz = rng.uniform(40, 60)
        n = max(3, int(hz * min(2.5, 0.35 + rng.lognormvariate(math.log(0.5), 0.5))))
        for i in range(n):
            yield max(0.002, rng.gauss(1.0, 0.05)) / hz
            if self.sid is None or self.locked:
                return
            f = (i + 1) / n
            y = round(y0 + (goal - y0) * (1 - (1 - f) ** 3) + rng.uniform(-0.3, 0.3), 1) + 0.0
            self.emit(self.scrolled, y)
            first = int(max(0.0, y - 220) // 64)
            self.rows_appeared(first, first + 11)
            if first + 11 >= len(self.row_ids) - 3 and self.cursor and not self.loading_page:
                self.emit(self.load_next_page)
                self.after(rng.uniform(0.4, 1.3), self.transactions_response, self.sid, False)

    def unlock(self):
        rng = self.rng
        while self.locked:
            self.emit(self.unlock_tapped)
            yield rng.uniform(0.8, 1.6)
            ok = rng.random() < 0.85
            self.emit(self.biometrics_response, ok)
            if ok:
                yield 0.001
                self.emit(self.did_authenticate)
                return
            yield rng.uniform(1.0, 3.0)

    def transfer(self):
        rng = self.rng
        self.emit(self.transfer_tapped)
        yield rng.uniform(1.5, 4.0)
        if not self.transfer_open:
            return
        r = rng.choice(RECIPIENTS)[0]
        self.emit(self.recipient_picked, r)
        yield rng.uniform(1.0, 3.0)
        amount = rng.choice([25, 40, 120, 250, 15.5, 980, 62.3, 1200])
        text_ = ("%.2f" % amount).rstrip("0").rstrip(".") if amount != int(amount) else str(int(amount))
        for k in range(1, len(text_) + 1):
            if not self.transfer_open:
                return
            self.emit(self.amount_typed, text_[:k])
            yield self.key_gap() + 0.1
        if rng.random() < 0.5:
            yield rng.uniform(0.8, 2.0)
            memo = rng.choice(["Rent December", "Dinner", "Concert tickets", "Nebenkosten", "Thanks!"])
            for k in range(1, len(memo) + 1):
                if not self.transfer_open:
                    return
                self.emit(self.memo_typed, memo[:k])
                yield self.key_gap()
        yield rng.uniform(1.0, 3.0)
        if not self.transfer_open:
            return
        if rng.random() < 0.1:
            self.emit(self.transfer_dismissed)
            return
        self.emit(self.review_tapped)
        yield rng.uniform(1.5, 5.0)
        if not self.transfer_open:
            return
        if rng.random() < 0.1:
            self.emit(self.confirm_cancelled)
            yield rng.uniform(1.0, 3.0)
            self.emit(self.transfer_dismissed)
            return
        self.emit(self.confirm_tapped)
        yield rng.uniform(0.6, 1.8)
        ok = rng.random() < 0.85 or amount < 500
        self.emit(self.transfer_response, ok, amount, r)
        if ok:
            yield 0.001
            self.emit(self.transfer_completed, amount)
            yield 0.001
            self.emit(self.transfer_dismissed)
        else:
            yield rng.uniform(2.0, 5.0)
            self.emit(self.transfer_dismissed)

    def person(self):
        rng = self.rng
        think = self.think((1.2, 3.5), (4.0, 11.0), (60, 170), (25, 80))
        yield rng.uniform(0.05, 0.2)
        self.emit(self.did_finish_launching)
        yield rng.uniform(0.5, 1.5)
        while True:
            self.idle = True
            yield 0.4 + next(think)
            self.idle = False
            if not self.active or getattr(self, "leaving", False):
                continue
            if self.locked:
                yield from self.unlock()
                continue
            if self.get(("session", "isWarningPresented")).cd == "true":
                self.emit(self.stay_signed_in)
                continue
            r = rng.random()
            if r < 0.025 and self.now > 150:                # puts the phone down, the app still open
                yield rng.uniform(100, 200)
                if self.get(("session", "isWarningPresented")).cd == "true" and rng.random() < 0.5:
                    self.emit(self.stay_signed_in)
                continue
            if self.transfer_open:
                continue
            if self.tab == "accounts" and self.sid is None:
                if r < 0.42:
                    self.emit(self.account_tapped, rng.choice(self.accounts)[0])
                elif r < 0.52:
                    self.emit(self.pulled_to_refresh)
                elif r < 0.76:
                    yield from self.transfer()
                else:
                    yield from self.switch_tab()
            elif self.tab == "accounts":
                if r < 0.58:
                    for _ in range(rng.randint(1, 4)):
                        yield from self.flick()
                        yield rng.uniform(0.6, 4.0)
                elif r < 0.66:
                    self.emit(self.detail_refresh)
                elif r < 0.92:
                    self.emit(self.back_tapped)
                else:
                    yield from self.switch_tab()
            elif self.tab == "cards":
                if r < 0.45:
                    self.emit(self.freeze_tapped, rng.choice(self.cards)[0])
                else:
                    yield from self.switch_tab()
            else:
                if r < 0.30:
                    value = rng.choice(["100", "250", "1500", "42.5", "80"])
                    if self.get(("currency", "amount")).df:
                        self.emit(self.convert_typed, "")
                        yield rng.uniform(0.3, 0.8)
                    for k in range(1, len(value) + 1):
                        self.emit(self.convert_typed, value[:k])
                        yield self.key_gap() + 0.1
                elif r < 0.50:
                    self.emit(self.quote_picked, rng.choice(list(QUOTES)))
                elif r < 0.60:
                    self.emit(self.swap_tapped)
                elif r < 0.75:
                    yield rng.uniform(15, 60)               # watches the rates
                else:
                    yield from self.switch_tab()

    def switch_tab(self):
        tab = self.rng.choice([t for t in ["accounts", "cards", "currency"] if t != self.tab])
        self.emit(self.tab_selected, tab)
        if tab == "currency":
            yield 0.02
            self.emit(self.currency_appeared)



# ========================================================================= downloads

SHOWS = ["Swift by Night", "The Long Run", "Design Matters Daily", "Hardware Hour", "Kitchen Table Econ",
         "Deep Field", "City Stories", "Two Devs One Bug"]
EPISODE_TITLES = ["Actors in practice", "Why trains are late", "The 90s web", "Inside the M5", "Interest rates explained",
                  "Black holes, revisited", "Night buses", "Testing reducers", "A brief history of fonts",
                  "Batteries at scale", "The housing puzzle", "Comets and cameras", "Street food economics",
                  "Migrating to Swift 6", "Typography on small screens", "Chip shortages", "Cold start budgets",
                  "Rivers of Berlin", "Pricing power", "The first exoplanet", "Navigation stacks", "Solder and sorrow",
                  "Tiny habits", "Dark skies"]
CATEGORIES = ["featured", "technology", "science", "society", "business"]


class Downloads(_Kit):
    """A podcast app with a download manager: a catalogue of episodes with artwork, a queue
    of downloads run by a background URLSession (progress per item several times a second,
    failures retried with backoff, completions delivered while suspended), disk-space
    checks, a player with a position ticker, scrubbing and speed, network reachability and
    the app badge.

    noise   downloads.sessionEvent.didWriteData (progress, 3-6 Hz per running item, two at a time),
            player.timeObserverFired (every 0.5 s while playing), player.binding \.$scrubPosition
            (a slider drag), downloads.freeSpaceUpdated (every 20 s), appBadgeUpdated (an echo)
    either  catalogue artwork responses (as rows appear), the search field, retryBackoffElapsed
            (a backoff timer's echo of a failure that restarts the download)
    signal  taps (download, pause, resume, cancel, play, skip), storage checks, finishes and
            errors, background-session wake-ups, reachability changes, player responses, seek
            completions, the rate and cellular settings, categories, remote commands"""

    name = "downloads"
    module = "Casts"
    process = "Casts"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        _Kit.__init__(self, session)
        rng = self.rng
        self.episodes = {}          # id -> dict(title, show, duration, size)
        self.category = "featured"
        self.listing = []
        self.items = []             # download ids in order
        self.dl = {}                # download id -> dict(ep, task, bytes, total, status, attempt, rate)
        self.next_task = rng.randint(1, 9)
        self.tab = "browse"
        self.active = True
        self.playing = False
        self.scrubbing = False
        self.player_ep = None
        self.position = 0.0
        self.duration = 0.0
        self.rate = 1.0
        self.online = True
        self.interface = "wifi"
        self.allows_cellular = False
        self.free = rng.randint(1100, 3200) * 1024 * 1024
        self.badge = 0
        self.unplayed = set()
        self.pending_wake = []      # finished while the app was suspended
        self.artwork_seen = set()
        self.state = St(self.st("AppFeature"), [
            ("selectedTab", self.ecase("browse", "Tab")),
            ("catalogue", St(self.st("Catalogue"), [("category", self.ecase("featured", "Category")),
                                                    ("searchText", text("")), ("episodes", Arr()),
                                                    ("isLoading", boolean(False))])),
            ("downloads", St(self.st("Downloads"), [("items", Arr()), ("freeDiskSpace", num(self.free)),
                                                    ("allowsCellular", boolean(False)), ("alert", NIL)])),
            ("player", St(self.st("Player"), [("episode", NIL), ("isPlaying", boolean(False)), ("position", num(0.0)),
                                              ("duration", num(0.0)), ("rate", num(1.0)), ("isScrubbing", boolean(False)),
                                              ("scrubPosition", num(0.0)), ("isSeeking", boolean(False))])),
            ("network", St("NetworkPath", [("status", self.ecase("satisfied", "NWPath.Status")),
                                           ("interface", self.ecase("wifi", "Interface")), ("isExpensive", boolean(False))])),
            ("badgeCount", num(0)),
            ("scenePhase", self.ecase("active", "ScenePhase"))])

    # -- data
    def make_episodes(self, category):
        rng = self.rng
        out = []
        for _ in range(rng.randint(14, 22)):
            e = rng.randint(10000, 99999)
            dur = rng.randint(15, 80) * 60 + rng.randint(0, 59)
            self.episodes[e] = {"title": rng.choice(EPISODE_TITLES), "show": rng.choice(SHOWS), "duration": dur,
                                "size": int(dur * rng.uniform(12000, 20000))}
            out.append(e)
        return out

    def episode_row(self, e):
        x = self.episodes[e]
        return St(self.st("EpisodeRow"), [("id", num(e)), ("title", text(x["title"])), ("show", text(x["show"])),
                                          ("duration", num(x["duration"])), ("sizeBytes", num(x["size"])),
                                          ("downloadState", self.ecase("notDownloaded", "DownloadState")),
                                          ("artwork", NIL)])

    # -- paths
    def erow(self, e, *rest):
        return ("catalogue", "episodes", ("i", self.listing.index(e))) + rest

    def ip(self, d, *rest):
        return ("downloads", "items", ("i", self.items.index(d))) + rest

    def cat(self, inner):
        return self.act("catalogue", inner)

    def ep_action(self, e, inner):
        return self.cat(A(self.at("Catalogue"), "episodes", self.element("EpisodeRow", Raw(str(e)), inner)))

    def dls(self, inner):
        return self.act("downloads", inner)

    def item_action(self, d, inner):
        return self.dls(A(self.at("Downloads"), "items", self.element("DownloadItem", self.uuid_arg(d), inner)))

    def sess(self, inner):
        return self.dls(A(self.at("Downloads"), "sessionEvent", inner))

    def ply(self, inner):
        return self.act("player", inner)

    def status_value(self, status, attempt=0):
        if status == "retrying":
            return V(".retrying(attempt: %d)" % attempt, "retrying(attempt: %d)" % attempt,
                     "Casts.DownloadStatus.retrying(attempt: %d)" % attempt)
        return self.ecase(status, "DownloadStatus")

    def set_status(self, d, status):
        x = self.dl[d]
        x["status"] = status
        self.set(self.ip(d, "status"), self.status_value(status, x["attempt"]))
        e = x["ep"]
        if e in self.listing:
            mark = {"queued": "queued", "downloading": "downloading", "finished": "downloaded"}.get(status, "queued")
            if status in ("cancelled", "failed"):
                mark = "notDownloaded"
            self.set(self.erow(e, "downloadState"), self.ecase(mark, "DownloadState"))

    def suspended(self):
        return not self.active and not self.playing

    def can_run(self):
        return self.online and (self.interface == "wifi" or self.allows_cellular)

    def running(self):
        return [d for d in self.items if self.dl[d]["status"] == "downloading"]

    # ------------------------------------------------------------------ noise
    @noise
    def did_write_data(self, d):
        x = self.dl.get(d)
        if x is None or x["status"] != "downloading" or self.suspended():
            return None
        self.set(self.ip(d, "bytesWritten"), num(x["bytes"]))
        return self.sess(A("URLSessionClient.Event", "didWriteData", taskID=Raw(str(x["task"])),
                           totalBytesWritten=Raw(str(x["bytes"])), totalBytesExpectedToWrite=Raw(str(x["total"]))))

    @noise
    def time_observer(self):
        if not self.playing or self.player_ep is None:
            return None
        if not self.scrubbing:
            self.set(("player", "position"), num(round(self.position, 1)))
        return self.ply(A(self.at("Player"), "timeObserverFired", Raw(repr(round(self.position, 1)))))

    # reason: a slider drag, one value a frame between the scrubbing brackets
    @noise
    def scrub_moved(self, value):
        self.set(("player", "scrubPosition"), num(value))
        return self.ply(self.binding("Player", "scrubPosition", Raw(repr(value))))

    @noise
    def free_space_updated(self):
        if self.suspended():
            return None
        self.set(("downloads", "freeDiskSpace"), num(self.free))
        return self.dls(A(self.at("Downloads"), "freeSpaceUpdated", Raw(str(self.free))))

    # reason: an echo recomputed after each finish or play and on every backgrounding, often re-sending the same count
    @noise
    def badge_updated(self):
        self.badge = len(self.unplayed)
        self.set(("badgeCount",), num(self.badge))
        return self.act("appBadgeUpdated", count=Raw(str(self.badge)))

    # ------------------------------------------------------------------ either
    # reason: artwork arriving as rows scroll into view
    @either
    def artwork_response(self, e):
        if e not in self.listing:
            return None
        x = self.episodes[e]
        url = "https://img.casts.example/%s/%d@3x.jpg" % (x["show"].lower().replace(" ", "-"), e)
        self.set(self.erow(e, "artwork"), St("Artwork", [("url", text(url)), ("width", num(600))]))
        return self.ep_action(e, A(self.at("EpisodeRow"), "artworkResponse", self.result("Artwork", True, Struct(
            "Artwork", [("url", q(url)), ("width", Raw("600"))]))))

    # reason: the search field, a keystroke each
    @either
    def search_typed(self, value):
        self.set(("catalogue", "searchText"), text(value))
        return self.cat(self.binding("Catalogue", "searchText", q(value)))

    # reason: a backoff timer (2, 4, 8, 16 s) echoing a failure; it restarts the download and changes its status
    @either
    def retry_elapsed(self, d, gen):
        x = self.dl.get(d)
        if x is None or x["status"] != "retrying" or x["gen"] != gen:
            return None
        self.start_task(d)
        return self.dls(A(self.at("Downloads"), "retryBackoffElapsed", id=self.uuid_arg(d)))

    # ------------------------------------------------------------------ signal
    @signal
    def scene_phase(self, phase):
        self.set(("scenePhase",), self.ecase(phase, "ScenePhase"))
        return self.act("scenePhaseChanged", A("ScenePhase", phase))

    @signal
    def catalogue_task(self):
        self.set(("catalogue", "isLoading"), boolean(True))
        return self.cat(A(self.at("Catalogue"), "task"))

    @signal
    def episodes_response(self):
        self.listing = self.make_episodes(self.category)
        self.set(("catalogue", "isLoading"), boolean(False))
        rows = []
        for e in self.listing:
            r = self.episode_row(e)
            rows.append(r)
        self.set(("catalogue", "episodes"), Arr(rows))
        for d in self.items:
            e = self.dl[d]["ep"]
            if e in self.listing:
                self.set_status(d, self.dl[d]["status"])
        self.artwork_seen = set()
        self.rows_appeared(0, 7)
        return self.cat(A(self.at("Catalogue"), "episodesResponse", self.result("EpisodePage", True, Struct(
            "EpisodePage", [("category", Raw("." + self.category)), ("count", Raw(str(len(self.listing))))]))))

    @signal
    def category_picked(self, c):
        self.category = c
        self.set(("catalogue", "category"), self.ecase(c, "Category"))
        self.set(("catalogue", "isLoading"), boolean(True))
        self.after(self.rng.uniform(0.3, 1.0), self.episodes_response)
        return self.cat(self.binding("Catalogue", "category", Raw("." + c)))

    @signal
    def tab_selected(self, tab):
        self.tab = tab
        self.set(("selectedTab",), self.ecase(tab, "Tab"))
        return self.act("binding", A("BindingAction<%s>" % self.st("AppFeature").replace(".", ""), "set",
                                     Raw("\\%s.$selectedTab" % self.st("AppFeature")), Raw("." + tab)))

    @signal
    def download_tapped(self, e):
        self.set(self.erow(e, "downloadState"), self.ecase("queued", "DownloadState"))
        self.after(self.rng.uniform(0.01, 0.06), self.storage_response, e)
        return self.ep_action(e, A(self.at("EpisodeRow"), "downloadButtonTapped"))

    @signal
    def storage_response(self, e):
        size = self.episodes[e]["size"]
        ok = self.free - size > 1024 * 1024 * 1024
        if ok:
            d = self.uid()
            self.items.append(d)
            self.dl[d] = {"ep": e, "task": None, "bytes": 0, "total": size, "status": "queued", "attempt": 0,
                          "gen": 0, "title": self.episodes[e]["title"]}
            self.append(("downloads", "items"), St(self.st("DownloadItem"), [
                ("id", self.uuid_value(d)), ("episodeID", num(e)), ("title", text(self.episodes[e]["title"])),
                ("status", self.status_value("queued")), ("bytesWritten", num(0)), ("totalBytes", num(size)),
                ("taskIdentifier", NIL)]))
            self.pump()
        else:
            if e in self.listing:
                self.set(self.erow(e, "downloadState"), self.ecase("notDownloaded", "DownloadState"))
            self.set(("downloads", "alert"), St("AlertState", [
                ("title", text("Not Enough Storage")),
                ("message", text("Free up space on your iPhone to download this episode."))]))
        return self.dls(A(self.at("Downloads"), "storageCheckResponse", self.result("StorageCheck", True, Struct(
            "StorageCheck", [("availableCapacity", Raw(str(self.free))), ("required", Raw(str(size)))]))))

    @signal
    def alert_dismissed(self):
        self.set(("downloads", "alert"), NIL)
        return self.dls(A(self.at("Downloads"), "alert", A("PresentationAction<%s>" % (
            "Downloads.Action.Alert" if self.tca1 else "DownloadsAction.Alert"), "dismiss")))

    @signal
    def did_finish_downloading(self, d):
        x = self.dl.get(d)
        if x is None or x["status"] != "downloading":
            return None
        x["bytes"] = x["total"]
        self.set(self.ip(d, "bytesWritten"), num(x["total"]))
        self.set_status(d, "finished")
        self.unplayed.add(d)
        return self.sess(A("URLSessionClient.Event", "didFinishDownloading", taskID=Raw(str(x["task"])), location=Raw(
            'URL(file:///private/var/mobile/Containers/Data/Application/tmp/CFNetworkDownload_%s.tmp)' % self.uid()[:6])))

    # reason: an error changes the item's status; the nil and -999 ones echo a finish or a tap one-for-one
    @signal
    def did_complete(self, d, code):
        x = self.dl.get(d)
        if x is None or x["task"] is None:
            return None
        task = x["task"]
        x["task"] = None
        self.set(self.ip(d, "taskIdentifier"), NIL)
        if code is not None and x["status"] == "downloading":
            x["attempt"] += 1
            x["gen"] += 1
            if x["attempt"] > 4:
                self.set_status(d, "failed")
            elif not self.online:
                self.set_status(d, "waitingForNetwork")
            else:
                self.set_status(d, "retrying")
                self.after(2.0 ** x["attempt"] + self.rng.uniform(0, 0.5), self.retry_elapsed, d, x["gen"])
        error = Raw("nil") if code is None else Struct("URLError", [("code", Raw(str(code)))])
        self.pump()
        return self.sess(A("URLSessionClient.Event", "didCompleteWithError", taskID=Raw(str(task)), error=error))

    # reason: the system wakes the app to hand over finished downloads: an event
    @signal
    def background_wake(self):
        return self.act("appDelegate", A(self.at("AppDelegate"), "handleEventsForBackgroundURLSession",
                                         identifier=q("com.casts.background-downloads")))

    @signal
    def finish_events(self):
        return self.sess(A("URLSessionClient.Event", "didFinishEventsForBackgroundSession"))

    @signal
    def pause_tapped(self, d):
        x = self.dl[d]
        if x["status"] not in ("downloading", "queued", "retrying"):
            return None
        had_task = x["task"] is not None
        x["gen"] += 1
        self.set_status(d, "paused")
        if had_task:
            self.after(self.rng.uniform(0.02, 0.12), self.did_complete, d, -999)
        self.pump()
        return self.item_action(d, A(self.at("DownloadItem"), "pauseButtonTapped"))

    @signal
    def resume_tapped(self, d):
        x = self.dl[d]
        if x["status"] not in ("paused", "failed", "waitingForWiFi"):
            return None
        x["attempt"] = 0
        self.set_status(d, "queued")
        self.pump()
        return self.item_action(d, A(self.at("DownloadItem"), "resumeButtonTapped"))

    @signal
    def cancel_tapped(self, d):
        x = self.dl[d]
        i = self.items.index(d)
        action = self.item_action(d, A(self.at("DownloadItem"), "cancelButtonTapped"))
        if x["task"] is not None:
            self.after(self.rng.uniform(0.02, 0.12), self.cancelled_complete, x["task"])
        self.free += x["bytes"]
        if x["ep"] in self.listing:
            self.set(self.erow(x["ep"], "downloadState"), self.ecase("notDownloaded", "DownloadState"))
        self.remove_at(("downloads", "items"), i)
        self.items.pop(i)
        del self.dl[d]
        self.unplayed.discard(d)
        self.pump()
        return action

    # reason: the -999 echo of a cancel tap (same path as did_complete)
    @signal
    def cancelled_complete(self, task):
        return self.sess(A("URLSessionClient.Event", "didCompleteWithError", taskID=Raw(str(task)),
                           error=Struct("URLError", [("code", Raw("-999"))])))

    @signal
    def cellular_toggled(self, on):
        self.allows_cellular = on
        self.set(("downloads", "allowsCellular"), boolean(on))
        if on:
            for d in self.items:
                if self.dl[d]["status"] == "waitingForWiFi":
                    self.set_status(d, "queued")
        self.pump()
        return self.dls(self.binding("Downloads", "allowsCellular", Raw("true" if on else "false")))

    # reason: the network drops or changes interface; the monitor's rare repeats are no-ops
    @signal
    def path_updated(self, online, interface):
        self.online = online
        self.interface = interface
        self.set(("network",), St("NetworkPath", [
            ("status", self.ecase("satisfied" if online else "unsatisfied", "NWPath.Status")),
            ("interface", self.ecase(interface, "Interface")), ("isExpensive", boolean(interface == "cellular"))]))
        for d in list(self.items):
            x = self.dl[d]
            if not online and x["status"] == "retrying":
                x["gen"] += 1
                self.set_status(d, "waitingForNetwork")
            elif online and x["status"] in ("waitingForNetwork", "waitingForWiFi") and self.can_run():
                x["attempt"] = 0
                self.set_status(d, "queued")
            elif online and not self.can_run() and x["status"] in ("downloading", "queued", "waitingForNetwork"):
                if x["task"] is not None:
                    self.after(self.rng.uniform(0.02, 0.1), self.did_complete, d, -999)
                x["gen"] += 1
                self.set_status(d, "waitingForWiFi")
        self.pump()
        return self.act("reachability", A("NWPathMonitorClient.Event", "pathUpdated", Struct("NetworkPath", [
            ("status", Raw(".satisfied" if online else ".unsatisfied")), ("interface", Raw("." + interface)),
            ("isExpensive", Raw("true" if interface == "cellular" else "false"))])))

    @signal
    def play_tapped(self, d):
        x = self.dl[d]
        e = x["ep"]
        self.player_ep = e
        self.playing = False
        self.position = 0.0
        self.set(("player", "episode"), St("NowPlaying", [("id", num(e)), ("title", text(x["title"]))]))
        self.set(("player", "isPlaying"), boolean(False))
        self.set(("player", "position"), num(0.0))
        self.unplayed.discard(d)
        self.after(self.rng.uniform(0.15, 0.5), self.load_response, e)
        self.after(self.rng.uniform(0.6, 1.2), self.badge_updated)
        return self.item_action(d, A(self.at("DownloadItem"), "playButtonTapped"))

    @signal
    def load_response(self, e):
        if e != self.player_ep:
            return None
        self.duration = float(self.episodes[e]["duration"])
        self.playing = True
        self.set(("player", "duration"), num(self.duration))
        self.set(("player", "isPlaying"), boolean(True))
        return self.ply(A(self.at("Player"), "loadResponse", self.result("PlayerItem", True, Struct("PlayerItem", [
            ("duration", Raw(repr(self.duration))), ("isPlayable", Raw("true"))]))))

    @signal
    def play_pause(self, remote=False):
        if self.player_ep is None:
            return None
        self.playing = not self.playing
        self.set(("player", "isPlaying"), boolean(self.playing))
        if remote:
            return self.ply(A(self.at("Player"), "remoteCommand", A("RemoteCommand", "togglePlayPause")))
        return self.ply(A(self.at("Player"), "playPauseButtonTapped"))

    @signal
    def skip(self, forward):
        if self.player_ep is None:
            return None
        self.position = max(0.0, min(self.duration - 1, self.position + (30 if forward else -15)))
        self.set(("player", "position"), num(round(self.position, 1)))
        self.set(("player", "isSeeking"), boolean(True))
        self.after(self.rng.uniform(0.05, 0.25), self.seek_completed)
        return self.ply(A(self.at("Player"), "skipForwardButtonTapped" if forward else "skipBackwardButtonTapped"))

    @signal
    def scrubbing_changed(self, editing):
        self.scrubbing = editing
        self.set(("player", "isScrubbing"), boolean(editing))
        if editing:
            self.set(("player", "scrubPosition"), num(round(self.position, 1)))
        else:
            self.position = float(self.get(("player", "scrubPosition")).cd)
            self.set(("player", "position"), num(round(self.position, 1)))
            self.set(("player", "isSeeking"), boolean(True))
            self.after(self.rng.uniform(0.05, 0.3), self.seek_completed)
        return self.ply(A(self.at("Player"), "scrubbingChanged", Raw("true" if editing else "false")))

    # reason: AVPlayer's answer to a skip or a scrub, one each
    @signal
    def seek_completed(self):
        if self.player_ep is None:
            return None
        self.set(("player", "isSeeking"), boolean(False))
        return self.ply(A(self.at("Player"), "seekCompleted", finished=Raw("true")))

    @signal
    def rate_picked(self, rate):
        self.rate = rate
        self.set(("player", "rate"), num(rate))
        return self.ply(self.binding("Player", "rate", Raw(repr(rate))))

    @signal
    def did_play_to_end(self):
        self.playing = False
        self.set(("player", "isPlaying"), boolean(False))
        self.set(("player", "position"), num(self.duration))
        return self.ply(A(self.at("Player"), "didPlayToEnd"))

    # ------------------------------------------------------------------ the download engine
    def pump(self):
        """Start queued items while fewer than two run and the network allows."""
        if not self.can_run():
            for d in self.items:
                if self.dl[d]["status"] == "queued" and self.online:
                    self.set_status(d, "waitingForWiFi")
            return
        for d in self.items:
            if len(self.running()) >= 2:
                break
            if self.dl[d]["status"] == "queued":
                self.start_task(d)

    def start_task(self, d):
        x = self.dl[d]
        x["task"] = self.next_task
        self.next_task += 1
        x["gen"] += 1
        self.set_status(d, "downloading")
        self.set(self.ip(d, "taskIdentifier"), num(x["task"]))
        self.spawn(self.transfer(d, x["gen"], x["task"]), self.rng.uniform(0.05, 0.3))

    def transfer(self, d, gen, task):
        """One URLSession task: bytes arrive at the link's speed; the app hears of them a few
        times a second unless it is suspended; it may fail on the way."""
        rng = self.rng
        hz = rng.uniform(3.0, 6.0)
        fail_at = rng.uniform(0.05, 0.95) if rng.random() < 0.18 else None
        while True:
            x = self.dl.get(d)
            if x is None or x["gen"] != gen or x["task"] != task or x["status"] != "downloading":
                return
            if not self.online:
                yield rng.uniform(0.05, 0.6)
                if self.dl.get(d) is x and x["task"] == task and x["status"] == "downloading":
                    self.emit(self.did_complete, d, -1009)
                return
            yield max(0.03, rng.gauss(1.0, 0.12)) / hz
            x = self.dl.get(d)
            if x is None or x["gen"] != gen or x["task"] != task or x["status"] != "downloading" or not self.online:
                continue
            speed = (rng.uniform(1.5, 4.5) if self.interface == "wifi" else rng.uniform(0.4, 1.6)) * 1024 * 1024
            before = x["bytes"]
            x["bytes"] = min(x["total"], x["bytes"] + int(speed / hz / max(1, len(self.running()))))
            self.free -= x["bytes"] - before
            if fail_at is not None and x["bytes"] >= fail_at * x["total"]:
                fail_at = None
                if self.suspended():
                    continue
                self.emit(self.did_complete, d, rng.choice([-1001, -1005, -1001]))
                return
            if x["bytes"] >= x["total"]:
                if self.suspended():
                    self.pending_wake.append(d)
                    return
                self.emit(self.did_finish_downloading, d)
                yield rng.uniform(0.005, 0.03)
                self.emit(self.did_complete, d, None)
                yield rng.uniform(0.1, 0.4)
                self.emit(self.badge_updated)
                return
            self.emit(self.did_write_data, d)

    def waker(self):
        """The system wakes the suspended app to hand over finished background downloads."""
        rng = self.rng
        while True:
            yield 1.0
            if self.pending_wake and self.suspended():
                yield rng.uniform(2.0, 20.0)
                if not self.pending_wake:
                    continue
                self.emit(self.background_wake)
                done, self.pending_wake = self.pending_wake, []
                for d in done:
                    yield rng.uniform(0.02, 0.1)
                    self.emit(self.did_finish_downloading, d)
                    yield rng.uniform(0.005, 0.03)
                    self.emit(self.did_complete, d, None)
                yield rng.uniform(0.05, 0.2)
                self.emit(self.badge_updated)
                yield rng.uniform(0.02, 0.1)
                self.emit(self.finish_events)
            elif self.pending_wake and not self.suspended():
                done, self.pending_wake = self.pending_wake, []
                for d in done:
                    self.emit(self.did_finish_downloading, d)
                    yield rng.uniform(0.005, 0.03)
                    self.emit(self.did_complete, d, None)
                self.emit(self.badge_updated)

    def playback(self):
        """AVPlayer's periodic time observer, every 0.5 s of wall time while playing."""
        while True:
            yield 0.5 + self.rng.uniform(-0.004, 0.004)
            if self.playing and self.player_ep is not None:
                self.position += 0.5 * self.rate
                if self.position >= self.duration:
                    self.position = self.duration
                    self.emit(self.did_play_to_end)
                    continue
                self.emit(self.time_observer)

    def reachability(self):
        rng = self.rng
        while True:
            yield rng.uniform(140, 300)
            while self.suspended():                         # a suspended app hears of the path on resume
                yield 1.0
            r = rng.random()
            if r < 0.45:                                    # a dead spot
                self.emit(self.path_updated, False, self.interface)
                yield rng.uniform(6, 50)
                while self.suspended():
                    yield 1.0
                self.emit(self.path_updated, True, self.interface)
            elif r < 0.8:                                   # leaves or reaches Wi-Fi
                self.emit(self.path_updated, True, "cellular" if self.interface == "wifi" else "wifi")
            else:                                           # the monitor repeats itself
                self.emit(self.path_updated, self.online, self.interface)

    def lifecycle(self):
        rng = self.rng
        while True:
            yield rng.uniform(150, 330)
            while not getattr(self, "idle", False):         # the person leaves the app between two tasks
                yield 0.5
            self.leaving = True
            if self.playing and rng.random() < 0.5:         # pauses before pocketing the phone
                self.emit(self.play_pause)
                yield rng.uniform(0.8, 3.0)
            self.emit(self.scene_phase, "inactive")
            yield rng.uniform(0.3, 0.8)
            self.active = False
            self.emit(self.scene_phase, "background")
            yield rng.uniform(0.05, 0.2)
            self.emit(self.badge_updated)
            away = rng.uniform(40, 180)
            t = 0.0
            while t < away:                                 # AirPods while the phone is in a pocket
                step = rng.uniform(10, 60)
                yield min(step, away - t)
                t += step
                if t < away and self.player_ep is not None and rng.random() < 0.3:
                    self.emit(self.play_pause, True)
            self.emit(self.scene_phase, "inactive")
            yield rng.uniform(0.1, 0.3)
            self.active = True
            self.leaving = False
            self.emit(self.scene_phase, "active")

    def rows_appeared(self, lo, hi):
        for i in range(max(0, lo), min(hi, len(self.listing))):
            e = self.listing[i]
            if e not in self.artwork_seen:
                self.artwork_seen.add(e)
                self.after(self.rng.uniform(0.08, 0.9), self.artwork_response, e)

    def browse_step(self):
        rng = self.rng
        r = rng.random()
        if r < 0.35:                                        # scroll and queue a few
            top = rng.randint(0, max(0, len(self.listing) - 7))
            self.rows_appeared(top, top + 7)
            yield rng.uniform(1.0, 4.0)
            for _ in range(rng.choice([1, 1, 2, 3, 4]) if self.busy else 1):
                pick = [e for e in self.listing[top:top + 7] if self.get(self.erow(e, "downloadState")).cd == ".notDownloaded"]
                if not pick:
                    break
                self.emit(self.download_tapped, rng.choice(pick))
                yield rng.uniform(0.6, 2.5)
                if self.get(("downloads", "alert")) is not NIL:
                    yield rng.uniform(1.0, 3.0)
                    self.emit(self.alert_dismissed)
                    break
        elif r < 0.55:                                      # scroll and read
            for _ in range(rng.randint(1, 3)):
                top = rng.randint(0, max(0, len(self.listing) - 7))
                self.rows_appeared(top, top + 7)
                yield rng.uniform(1.5, 6.0)
        elif r < 0.68:
            self.emit(self.category_picked, rng.choice([c for c in CATEGORIES if c != self.category]))
        elif r < 0.76:
            word = rng.choice(EPISODE_TITLES).split(" ")[0].lower()
            for k in range(1, len(word) + 1):
                self.emit(self.search_typed, word[:k])
                yield self.key_gap()
            yield rng.uniform(2.0, 6.0)
            self.emit(self.search_typed, "")
        else:
            self.emit(self.tab_selected, "downloads")

    def downloads_step(self):
        rng = self.rng
        r = rng.random()
        finished = [d for d in self.items if self.dl[d]["status"] == "finished" and self.dl[d]["ep"] != self.player_ep]
        active = [d for d in self.items if self.dl[d]["status"] in ("downloading", "queued", "retrying")]
        paused = [d for d in self.items if self.dl[d]["status"] in ("paused", "failed", "waitingForWiFi")]
        if r < 0.22 and finished:
            self.emit(self.play_tapped, rng.choice(finished))
        elif r < 0.40 and active:
            self.emit(self.pause_tapped, rng.choice(active))
        elif r < 0.58 and paused:
            self.emit(self.resume_tapped, rng.choice(paused))
        elif r < 0.66 and (active or finished):
            self.emit(self.cancel_tapped, rng.choice(active + finished))
        elif r < 0.72 and (self.interface == "cellular" or rng.random() < 0.2):
            self.emit(self.cellular_toggled, not self.allows_cellular)
        elif r < 0.85:
            self.emit(self.tab_selected, "browse")
        else:
            yield rng.uniform(5.0, 30.0)                    # watches the progress bars

    def player_step(self):
        rng = self.rng
        r = rng.random()
        if r < 0.30:
            self.emit(self.play_pause)
        elif r < 0.55:
            self.emit(self.skip, rng.random() < 0.7)
        elif r < 0.85:                                      # scrubs
            self.emit(self.scrubbing_changed, True)
            start = self.position
            goal = max(0.0, min(self.duration - 5, start + rng.uniform(-600, 900)))
            hz = rng.uniform(40, 60)
            n = max(4, int(hz * rng.uniform(0.4, 2.2)))
            yield from self.gesture(self.scrub_moved, hz=hz, duration=n / hz, args=lambda i: (
                round(start + (goal - start) * (1 - (1 - (i + 1) / n) ** 2) + rng.uniform(-2, 2), 1),))
            yield rng.uniform(0.03, 0.2)
            self.emit(self.scrubbing_changed, False)
        else:
            self.emit(self.rate_picked, rng.choice([r_ for r_ in [0.8, 1.0, 1.2, 1.5, 2.0] if r_ != self.rate]))

    def person(self):
        rng = self.rng
        think = self.think((1.2, 4.0), (6.0, 18.0), (60, 170), (30, 100))
        yield rng.uniform(0.3, 0.8)
        self.emit(self.catalogue_task)
        yield rng.uniform(0.4, 1.2)
        self.emit(self.episodes_response)
        while True:
            self.idle = True
            yield 0.4 + next(think)
            self.idle = False
            if not self.active or getattr(self, "leaving", False):
                continue
            if self.player_ep is not None and rng.random() < 0.22:
                yield from self.player_step()
            elif self.tab == "browse":
                yield from self.browse_step()
            else:
                yield from self.downloads_step()

    def processes(self):
        return [self.person(), self.lifecycle(), self.reachability(), self.waker(), self.playback(),
                self.periodic(self.free_space_updated, 20.0, 0.05)]


APPS = {"docs": Docs, "banking": Banking, "downloads": Downloads}
