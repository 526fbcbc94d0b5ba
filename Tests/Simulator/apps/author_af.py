"""Three simulated TCA apps by author-af, each a 12-minute session a real person might have.

ereader (Folio): an e-book reader with cloud sync and read-aloud. The person opens the library
(the books and the store's recommendations load, their covers as the shelf comes into view),
downloads a book (its progress streams in), opens it on a navigation stack and reads at a
person's pace (after sorting the shelf, a look at the store and a sample), turning pages with a
swipe (the page curl follows the finger) or a tap. Now and then they select a passage (the
selection follows the handles), highlight it, write a note on it, look a word up in the
dictionary sheet, or open the display sheet to drag the font-size slider and pick a theme.
Opening the book asks where the other devices left off and may offer to jump there. For a few
minutes they turn on read-aloud: the speech synthesizer reports every word it speaks and turns
the pages itself, also while the phone is locked. A reading-goal timer counts the seconds read
each second and says when the goal is met; a sync timer pushes the reading position every 30 s
when it changed (a push sometimes fails), and the other devices' positions arrive over a
subscription (an iPad re-sending the same page, an iPhone now and then).

dating (Kindred): a dating app with realtime matches and chat. The person swipes through a deck
of profiles (each card follows the finger, photos load as cards come up, more profiles are
prefetched when the deck runs low), taps through a profile's photos, opens a profile (its
prompts load) and scrolls it, and gets matches pushed over the socket or from a mutual like (an
"it's a match" sheet). They open chats with matches, type (a binding per keystroke) and send
messages; the match's replies arrive, their typing pings are re-sent every few seconds and
clear themselves, read receipts come back. The matches' online presence flips on the socket,
the socket sends a heartbeat, the location manager delivers a fix every minute or so and a
moved fix refreshes the nearby profiles. The person edits their profile (bio deleted and
retyped, a distance slider and an age-range slider dragged, a photo moved, a toggle) and saves
it. A boost bought before the session counts down each second and, when it runs out, a
promotion sheet offers more, which the person dismisses; an ad banner refreshes on a 60 s
timer, each load with an impression logged. The phone is locked for a minute in the middle.

trackcoach (LapLine): a track coach's stopwatch for a 4 × 800 m workout. The team's roster and
today's workout load; six athletes' heart-rate straps connect over Bluetooth and stream a
reading each second (a battery level each minute; a strap drops out now and then; an athlete
entering the max zone raises an alarm). The coach picks the runners and starts a heat (a 3-2-1
countdown), the running clock updates the display ten times a second, and the coach taps a
split for each athlete every 200 m as they pass (now and then undoing a mis-tap); the last
split finishes them and the coach stops the heat. Between heats a rest timer counts down and
rings (or the coach skips it), the coach reviews a heat's results (scrubbing the split chart)
and types a note for an athlete, and the finished heats upload in the background (with
progress), failing while the stadium's network is down and retrying on a back-off timer until
it is back.
"""

import math

from tcasim import A, App, Arr, Dic, En, NIL, Raw, St, Struct, boolean, either, noise, num, q, signal, text

AUTHOR = "author-af"
NIL_RAW = Raw("nil")


# ============================================================================ ereader

BOOKS = [("The Left Hand of Darkness", "Ursula K. Le Guin", 304), ("Middlemarch", "George Eliot", 880),
         ("Piranesi", "Susanna Clarke", 272), ("The Remains of the Day", "Kazuo Ishiguro", 258),
         ("A Wizard of Earthsea", "Ursula K. Le Guin", 183), ("Stoner", "John Williams", 288),
         ("The Overstory", "Richard Powers", 502), ("Persuasion", "Jane Austen", 249),
         ("Klara and the Sun", "Kazuo Ishiguro", 303), ("The Dispossessed", "Ursula K. Le Guin", 387),
         ("Station Eleven", "Emily St. John Mandel", 333), ("Pachinko", "Min Jin Lee", 490)]
RECS = [("Never Let Me Go", "Kazuo Ishiguro", "9.99"), ("The Lathe of Heaven", "Ursula K. Le Guin", "8.99"),
        ("Sea of Tranquility", "Emily St. John Mandel", "12.99"), ("Jonathan Strange & Mr Norrell",
                                                                   "Susanna Clarke", "11.99"),
        ("Bewilderment", "Richard Powers", "13.99"), ("Emma", "Jane Austen", "0.99"),
        ("Butcher's Crossing", "John Williams", "10.99"), ("Free Food for Millionaires", "Min Jin Lee", "9.49")]
PROSE = ("the morning came grey over the water and she stood a long while at the window watching "
         "the boats go out one by one into the mist as if nothing in the world had changed since "
         "the night before though everything had and she knew it and could not yet say how "
         "when at last she turned back to the room the letter was still on the table where he "
         "had left it folded twice with her name written on the outside in his careful hand").split()
LOOKUPS = {"careful": "Making sure of avoiding potential danger, mishap, or harm.",
           "mist": "A cloud of tiny water droplets suspended in the atmosphere.",
           "folded": "Bent over on itself so that one part covers another.",
           "grey": "Of a colour intermediate between black and white.",
           "letter": "A written, typed, or printed communication, sent by post or messenger."}
NOTES = ["she already knows", "compare with chapter 2", "the letter again!", "lovely sentence",
         "why grey and not gray", "ask book club about this"]
THEMES = ["light", "sepia", "dark", "night"]


class Folio(App):
    name = "ereader"
    module = "Folio"
    process = "Folio"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        self.catalog = []
        for title, author, pages in rng.sample(BOOKS, 8):
            self.catalog.append({"id": "bk_" + self.uid()[:8].lower(), "title": title, "author": author,
                                 "pages": pages, "downloaded": rng.random() < 0.55,
                                 "page": rng.randint(3, pages // 2)})
        self.catalog[0]["downloaded"] = True
        self.catalog[1]["downloaded"] = False
        self.recs = [{"id": "rc_" + self.uid()[:6].lower(), "title": t, "author": a, "price": p}
                     for t, a, p in rng.sample(RECS, 6)]
        self.stack_next = 1
        self.reader_key = None       # "#n" while a reader is on the stack
        self.book = None             # the open book's catalog entry
        self.speaking = False
        self.active = True
        self.word = 0                # index of the word being spoken on the page
        self.pushed_page = None
        self.phone_page = self.catalog[0]["page"]   # where the person left off on their phone
        self.goal_met = False
        self.store_seen = False
        self.state = St(self.st("AppFeature"), [
            ("selectedTab", self.case("library", "Tab")),
            ("library", St(self.st("Library"), [("books", Arr()), ("isLoading", boolean(False)),
                                                ("sort", self.case("recent", "Library.Sort"))])),
            ("store", St(self.st("Store"), [("recommendations", Arr()), ("isLoading", boolean(False)),
                                            ("detail", NIL)])),
            ("path", Dic(ordered=True, quoted=False)),
            ("readingGoal", St(self.st("ReadingGoal"), [("secondsToday", num(rng.randint(280, 520))),
                                                        ("goalSeconds", num(900)), ("isMet", boolean(False))])),
            ("sync", St(self.st("Sync"), [("status", self.case("idle", "Sync.Status")), ("lastPushedPage", NIL),
                                          ("lastSyncedAt", NIL), ("devices", Dic())])),
            ("scenePhase", self.case("active", "ScenePhase"))])

    # -- paths and actions
    def rpath(self, *rest):
        return ("path", ("k", self.reader_key), ("e", "reader")) + rest

    def bpath(self, bid, *rest):
        ids = [b["id"] for b in self.catalog]
        return ("library", "books", ("i", ids.index(bid))) + rest

    def lib(self, inner):
        return self.act("library", inner)

    def row(self, bid, inner):
        return self.lib(A(self.at("Library"), "books", self.element("BookRow", q(bid), inner)))

    def rd(self, inner):
        st = "StackAction<%s, %s>" % (self.st("Path"), self.at("Path"))
        return self.act("path", A(st, "element", id=Raw(self.reader_key), action=A(self.at("Path"), "reader", inner)))

    def rda(self, name, *a, **k):
        return self.rd(A(self.at("Reader"), name, *a, **k))

    def dest(self, inner):
        return self.rda("destination", A("PresentationAction<%s>" % self.at("Reader.Destination"), "presented",
                                         A(self.at("Reader.Destination"), *inner)))

    def aloud(self, name, *a, **k):
        return self.rda("readAloud", A(self.at("ReadAloud"), name, *a, **k))

    def goal(self, name, *a):
        return self.act("readingGoal", A(self.at("ReadingGoal"), name, *a))

    def sync(self, name, *a, **k):
        return self.act("sync", A(self.at("Sync"), name, *a, **k))

    def store(self, name, *a, **k):
        return self.act("store", A(self.at("Store"), name, *a, **k))

    def book_state(self, b):
        return St(self.st("BookRow"), [("id", text(b["id"])), ("title", text(b["title"])), ("author", text(b["author"])),
                                      ("isDownloaded", boolean(b["downloaded"])), ("downloadProgress", NIL),
                                      ("percentRead", num(round(b["page"] / b["pages"], 2)))])

    def page_of(self):
        return int(self.get(self.rpath("page")).cd)

    # ---------------------------------------------------------------- noise
    @noise
    def download_progress(self, bid, p):
        self.set(self.bpath(bid, "downloadProgress"), num(p))
        return self.row(bid, A(self.at("BookRow"), "downloadProgress", Raw(repr(p))))

    # reason: the curl follows the finger between touch-down and the swipe's end: one number streaming
    @noise
    def page_curl(self, p):
        if self.reader_key is None:
            return None
        self.set(self.rpath("pageCurl"), num(p))
        return self.rda("pageCurlChanged", progress=Raw(repr(p)))

    # reason: the selection follows the handle being dragged, a range nudged at the touch rate
    @noise
    def selection_changed(self, start, length):
        old = self.get(self.rpath("selection"))
        if old is not NIL and old.f["location"].cd == str(start) and old.f["length"].cd == str(length):
            return None                               # the handle moved within a character
        self.set(self.rpath("selection"), St("TextRange", [("location", num(start)), ("length", num(length))]))
        return self.rda("selectionChanged", Struct("NSRange", [("location", Raw(str(start))),
                                                               ("length", Raw(str(length)))]))

    @noise
    def word_spoken(self):
        if self.reader_key is None:
            return None
        w = PROSE[self.word % len(PROSE)]
        loc = sum(len(x) + 1 for x in PROSE[:self.word % len(PROSE)]) + 1800 * (self.page_of() % 3)
        self.set(self.rpath("readAloud", "currentWord"), text(w))
        self.set(self.rpath("location"), num(self.page_of() * 1800 + loc % 1800))
        self.set(self.rpath("readAloud", "spokenRange"), St("TextRange", [("location", num(loc)), ("length", num(len(w)))]))
        self.set(self.rpath("readAloud", "wordIndex"), num(self.word))
        self.word += 1
        sentence = self.get(self.rpath("readAloud", "sentence")).cd
        return self.aloud("willSpeakWord", utterance=Raw(sentence), word=q(w), range=Struct("NSRange", [("location", Raw(str(loc))),
                                                                               ("length", Raw(str(len(w))))]))

    # reason: the synthesizer's per-sentence callbacks, at the speech's pace while the person listens
    @noise
    def utterance(self, started):
        n = int(self.get(self.rpath("readAloud", "sentence")).cd)
        if started:
            self.set(self.rpath("readAloud", "sentence"), num(n + 1))
        return self.aloud("didStartUtterance" if started else "didFinishUtterance", id=Raw(str(n + (1 if started else 0))))

    # reason: the synthesizer reaching the end of the page turns it by itself, at the speech's pace
    @noise
    def aloud_page_finished(self):
        page = self.page_of() + 1
        self.set(self.rpath("page"), num(page))
        self.set(self.rpath("location"), num(page * 1800))
        self.set(self.rpath("readAloud", "wordIndex"), num(0))
        self.word = 0
        self.book["page"] = page
        return self.aloud("pageFinished")

    @noise
    def goal_tick(self):
        s = int(self.get(("readingGoal", "secondsToday")).cd) + 1
        self.set(("readingGoal", "secondsToday"), num(s))
        return self.goal("timerTicked")

    @noise
    def sync_timer(self):
        if self.reader_key is not None and self.page_of() != self.pushed_page \
                and self.get(("sync", "status")).cd == ".idle":
            self.set(("sync", "status"), self.case("pushing", "Sync.Status"))
            page = self.page_of()
            ok = self.rng.random() < 0.9
            self.after(self.rng.uniform(0.25, 1.4) if ok else self.rng.uniform(4, 10),
                       self.push_ok if ok else self.push_failed, page)
        return self.sync("timerFired")

    # reason: the response to the sync timer's push, not to anything the person asked for
    @noise
    def push_ok(self, page):
        self.pushed_page = page
        self.set(("sync", "status"), self.case("idle", "Sync.Status"))
        self.set(("sync", "lastPushedPage"), num(page))
        self.set(("sync", "lastSyncedAt"), self.date())
        return self.sync("pushResponse", self.result("SyncReceipt", True, Struct("SyncReceipt", [
            ("page", Raw(str(page))), ("revision", Raw(str(self.rng.randint(4000, 9000))))])))

    # reason: a failed push means the connection dropped; a reader of the log wants to see it
    @signal
    def push_failed(self, page):
        self.set(("sync", "status"), self.case("idle", "Sync.Status"))
        code = self.rng.choice(["-1001", "-1009", "-1005"])
        return self.sync("pushResponse", self.result("SyncReceipt", False, Struct("URLError", [("code", Raw(code))])))

    # reason: a subscription re-sending the other devices' positions, mostly the same page again
    @noise
    def remote_position(self, device, bid, page):
        self.put(("sync", "devices"), device, St("DevicePosition", [("bookID", text(bid)), ("page", num(page))]))
        return self.sync("remotePositionReceived", Struct("RemotePosition", [
            ("device", q(device)), ("bookID", q(bid)), ("page", Raw(str(page)))]))

    # ---------------------------------------------------------------- either
    # reason: covers load as the shelf scrolls into view, each a new image, at the list's pace
    @either
    def cover_loaded(self, rid):
        i = [r["id"] for r in self.recs].index(rid)
        self.set(("store", "recommendations", ("i", i), "cover"), St("Image", [("bytes", num(self.rng.randint(18000, 90000)))]))
        return self.store("recommendations", self.element("RecommendationRow", q(rid), A(
            self.at("RecommendationRow"), "coverResponse", self.result("Data", True, Raw("%d bytes" % self.rng.randint(18000, 90000))))))

    @either
    def note_typed(self, value):
        self.set(self.rpath("destination", ("e", "annotation"), "note"), text(value))
        return self.dest(("annotation", self.binding("Annotation", "note", q(value))))

    # ---------------------------------------------------------------- signal
    @signal
    def scene_phase(self, phase):
        self.set(("scenePhase",), self.case(phase, "ScenePhase"))
        return self.act("scenePhaseChanged", A("ScenePhase", phase))

    @signal
    def tab_selected(self, tab):
        self.set(("selectedTab",), self.case(tab, "Tab"))
        return self.act("tabSelected", A("Tab", tab))

    @signal
    def library_appeared(self):
        self.set(("library", "isLoading"), boolean(True))
        return self.lib(A(self.at("Library"), "onAppear"))

    @signal
    def books_loaded(self):
        self.set(("library", "isLoading"), boolean(False))
        self.set(("library", "books"), Arr(self.book_state(b) for b in self.catalog))
        return self.lib(A(self.at("Library"), "booksResponse", self.result("[Book]", True, Struct(
            "BookPage", [("count", Raw(str(len(self.catalog)))), ("cursor", NIL_RAW)]))))

    # reason: the library's appearance asks for them; they replace the shelf with new objects
    @signal
    def recs_loaded(self):
        self.set(("store", "isLoading"), boolean(False))
        self.set(("store", "recommendations"), Arr(St(self.st("RecommendationRow"), [
            ("id", text(r["id"])), ("title", text(r["title"])), ("author", text(r["author"])),
            ("price", text("$" + r["price"])), ("cover", NIL)]) for r in self.recs))
        return self.store("recommendationsResponse", self.result("[Recommendation]", True, Struct(
            "RecommendationPage", [("count", Raw(str(len(self.recs)))), ("reason", q("Because you read %s"
                                                                                      % self.catalog[0]["title"]))])))

    @signal
    def sort_changed(self, sort):
        self.set(("library", "sort"), self.case(sort, "Library.Sort"))
        return self.lib(self.binding("Library", "sort", Raw("." + sort)))

    @signal
    def download_tapped(self, bid):
        self.set(self.bpath(bid, "downloadProgress"), num(0.0))
        return self.row(bid, A(self.at("BookRow"), "downloadButtonTapped"))

    @signal
    def download_finished(self, bid):
        b = next(x for x in self.catalog if x["id"] == bid)
        b["downloaded"] = True
        self.set(self.bpath(bid, "downloadProgress"), NIL)
        self.set(self.bpath(bid, "isDownloaded"), boolean(True))
        return self.row(bid, A(self.at("BookRow"), "downloadResponse", self.result("URL", True, Raw(
            "file:///var/mobile/Containers/Data/Application/Books/%s.epub" % bid))))

    @signal
    def book_tapped(self, bid):
        return self.row(bid, A(self.at("BookRow"), "tapped"))

    @signal
    def open_book(self, bid):
        """The library's delegate pushes the reader."""
        b = next(x for x in self.catalog if x["id"] == bid)
        self.book = b
        self.reader_key = "#%d" % self.stack_next
        self.stack_next += 1
        self.word = 0
        reader = St(self.st("Reader"), [
            ("bookID", text(bid)), ("title", text(b["title"])), ("page", num(b["page"])), ("pageCount", num(b["pages"])),
            ("location", num(b["page"] * 1800)),
            ("pageCurl", num(0.0)), ("selection", NIL), ("highlights", Arr()),
            ("settings", St(self.st("DisplaySettings"), [("fontSize", num(17.0)), ("theme", self.case("light", "Theme")),
                                                         ("lineSpacing", self.case("normal", "LineSpacing"))])),
            ("readAloud", St(self.st("ReadAloud"), [("isSpeaking", boolean(False)), ("rate", num(0.5)),
                                                    ("currentWord", NIL), ("spokenRange", NIL), ("wordIndex", num(0)),
                                                    ("sentence", num(0))])),
            ("remotePrompt", NIL), ("destination", NIL)])
        self.put(("path",), self.reader_key, En(self.st("Path"), "reader", reader))
        return self.lib(A(self.at("Library"), "delegate", A(self.at("Library.Delegate"), "openBook", id=q(bid))))

    @signal
    def reader_appeared(self):
        return self.rda("onAppear")

    @signal
    def remote_response(self, page):
        if page is not None:
            self.set(self.rpath("remotePrompt"), St("RemotePrompt", [("device", text("Ana's iPhone")), ("page", num(page))]))
        return self.rda("furthestPositionResponse", self.result("RemotePosition?", True, Raw("nil") if page is None else Struct(
            "RemotePosition", [("device", q("Ana's iPhone")), ("page", Raw(str(page)))])))

    @signal
    def prompt_answered(self, jump):
        prompt = self.get(self.rpath("remotePrompt"))
        if jump:
            page = int(prompt.f["page"].cd)
            self.set(self.rpath("page"), num(page))
            self.set(self.rpath("location"), num(page * 1800))
            self.book["page"] = page
        self.set(self.rpath("remotePrompt"), NIL)
        return self.rda("jumpToRemoteTapped" if jump else "stayHereTapped")

    @signal
    def page_turned(self, forward, swiped):
        page = self.page_of() + (1 if forward else -1)
        self.set(self.rpath("page"), num(page))
        self.set(self.rpath("location"), num(page * 1800))
        self.set(self.rpath("pageCurl"), num(0.0))
        self.set(self.rpath("selection"), NIL)
        self.book["page"] = page
        self.word = 0
        name = ("swipeEnded" if swiped else "tapZoneTapped")
        return self.rda(name, A("PageDirection", "forward" if forward else "backward"))

    @signal
    def highlight_tapped(self, color):
        sel = self.get(self.rpath("selection"))
        hid = self.uid()
        self.append(self.rpath("highlights"), St("Highlight", [
            ("id", self.uuid_value(hid)), ("page", num(self.page_of())), ("range", sel), ("color", self.case(color, "Highlight.Color")),
            ("note", NIL)]))
        self.set(self.rpath("selection"), NIL)
        return self.rda("highlightButtonTapped", color=Raw("." + color))

    @signal
    def annotate_tapped(self):
        self.set(self.rpath("destination"), En(self.st("Reader.Destination"), "annotation", St(self.st("Annotation"), [
            ("highlightIndex", num(len(self.get(self.rpath("highlights")).items) - 1)), ("note", text("")),
            ("isSaving", boolean(False))])))
        return self.rda("addNoteButtonTapped")

    @signal
    def note_saved(self):
        self.set(self.rpath("destination", ("e", "annotation"), "isSaving"), boolean(True))
        return self.dest(("annotation", A(self.at("Annotation"), "saveButtonTapped")))

    @signal
    def note_delegate(self):
        note = self.get(self.rpath("destination", ("e", "annotation"), "note"))
        hl = self.get(self.rpath("highlights"))
        self.set(self.rpath("highlights", ("i", len(hl.items) - 1), "note"), note)
        self.set(self.rpath("destination"), NIL)
        return self.dest(("annotation", A(self.at("Annotation"), "delegate", A(self.at("Annotation.Delegate"), "saved",
                                                                                  note=q(note.df)))))

    @signal
    def lookup_tapped(self, word):
        self.set(self.rpath("destination"), En(self.st("Reader.Destination"), "dictionary", St(self.st("Dictionary"), [
            ("word", text(word)), ("definition", NIL), ("isLoading", boolean(True))])))
        return self.rda("lookUpTapped", word=q(word))

    @signal
    def definition_loaded(self, word):
        d = LOOKUPS[word]
        self.set(self.rpath("destination", ("e", "dictionary"), "definition"), text(d))
        self.set(self.rpath("destination", ("e", "dictionary"), "isLoading"), boolean(False))
        return self.dest(("dictionary", A(self.at("Dictionary"), "definitionResponse", self.result("Definition", True, Struct(
            "Definition", [("headword", q(word)), ("sense", q(d)), ("source", q("New Oxford American Dictionary"))])))))

    @signal
    def dismissed(self):
        self.set(self.rpath("destination"), NIL)
        return self.rda("destination", A("PresentationAction<%s>" % self.at("Reader.Destination"), "dismiss"))

    @signal
    def display_tapped(self):
        self.set(self.rpath("destination"), En(self.st("Reader.Destination"), "display", St(self.st("Display"), [
            ("fontSize", self.get(self.rpath("settings", "fontSize"))), ("theme", self.get(self.rpath("settings", "theme")))])))
        return self.rda("displayButtonTapped")

    # reason: a slider's value streams while the finger drags it
    @noise
    def font_dragged(self, size):
        if self.get(self.rpath("settings", "fontSize")).cd == repr(size):
            return None
        self.set(self.rpath("destination", ("e", "display"), "fontSize"), num(size))
        self.set(self.rpath("settings", "fontSize"), num(size))
        return self.dest(("display", self.binding("Display", "fontSize", Raw(repr(size)))))

    @signal
    def theme_picked(self, theme):
        self.set(self.rpath("destination", ("e", "display"), "theme"), self.case(theme, "Theme"))
        self.set(self.rpath("settings", "theme"), self.case(theme, "Theme"))
        return self.dest(("display", self.binding("Display", "theme", Raw("." + theme))))

    @signal
    def aloud_toggled(self, on):
        self.speaking = on
        self.set(self.rpath("readAloud", "isSpeaking"), boolean(on))
        if not on:
            self.set(self.rpath("readAloud", "currentWord"), NIL)
            self.set(self.rpath("readAloud", "spokenRange"), NIL)
        return self.aloud("playPauseTapped")

    @signal
    def aloud_rate(self, rate):
        self.set(self.rpath("readAloud", "rate"), num(rate))
        return self.aloud("rateButtonTapped", Raw(repr(rate)))

    # reason: a system event (a call, another app's audio) that stops the speech
    @signal
    def audio_interrupted(self, began):
        if began:
            self.speaking = False
            self.set(self.rpath("readAloud", "isSpeaking"), boolean(False))
        return self.aloud("audioSessionInterruption", A("Interruption", "began" if began else "ended"))

    # reason: raised off the 1 s timer, but it is the one tick that means something: the goal is met
    @signal
    def goal_reached(self):
        self.goal_met = True
        self.set(("readingGoal", "isMet"), boolean(True))
        return self.goal("delegate", A(self.at("ReadingGoal.Delegate"), "goalReached", minutes=Raw("15")))

    @signal
    def close_book(self):
        return self.rda("delegate", A(self.at("Reader.Delegate"), "didClose", bookID=q(self.book["id"]),
                                      page=Raw(str(self.page_of()))))

    @signal
    def popped(self):
        key = self.reader_key
        b = self.book
        self.delete(("path",), key)
        self.reader_key = None
        self.speaking = False
        self.set(self.bpath(b["id"], "percentRead"), num(round(b["page"] / b["pages"], 2)))
        st = "StackAction<%s, %s>" % (self.st("Path"), self.at("Path"))
        return self.act("path", A(st, "popFrom", id=Raw(key)))

    @signal
    def rec_tapped(self, rid):
        r = next(x for x in self.recs if x["id"] == rid)
        self.set(("store", "detail"), St(self.st("BookDetail"), [("id", text(rid)), ("title", text(r["title"])),
                                                                 ("sample", NIL)]))
        return self.store("recommendations", self.element("RecommendationRow", q(rid), A(self.at("RecommendationRow"), "tapped")))

    @signal
    def sample_loaded(self, rid):
        self.set(("store", "detail", "sample"), text("%s-sample.epub" % rid))
        return self.store("detail", A("PresentationAction<%s>" % self.at("BookDetail"), "presented", A(
            self.at("BookDetail"), "sampleResponse", self.result("URL", True, Raw("https://cdn.folio.app/samples/%s.epub" % rid)))))

    @signal
    def detail_dismissed(self):
        self.set(("store", "detail"), NIL)
        return self.store("detail", A("PresentationAction<%s>" % self.at("BookDetail"), "dismiss"))

    # ---------------------------------------------------------------- processes
    def processes(self):
        return [self.goal_timer(),
                self.periodic(self.sync_timer, 30.0, 0.2, when=lambda: self.active),
                self.devices(), self.speech(), self.person()]

    def goal_timer(self):
        """A 1 s timer counting the time read (the reader open, or read-aloud speaking)."""
        due = self.rng.uniform(0, 1.0)
        while True:
            due += 1.0
            yield max(0.0005, due + self.rng.uniform(-0.003, 0.003) - self.now)
            if self.reader_key is not None and (self.active or self.speaking):
                self.emit(self.goal_tick)
                g = self.get(("readingGoal",))
                if not self.goal_met and int(g.f["secondsToday"].cd) >= int(g.f["goalSeconds"].cd):
                    self.emit(self.goal_reached)

    def devices(self):
        """The subscription: the iPad re-sends its position about every minute, the phone
        now and then."""
        rng = self.rng
        ipad_book = self.catalog[2]
        ipad_page = rng.randint(10, 120)
        due_ipad = rng.uniform(5, 60)
        due_phone = rng.uniform(60, 200)
        while True:
            nxt = min(due_ipad, due_phone)
            yield nxt - self.now
            if nxt == due_ipad:
                self.emit(self.remote_position, "Ana's iPad", ipad_book["id"], ipad_page)
                due_ipad += 60 + rng.uniform(-3, 3)
            else:
                self.emit(self.remote_position, "Ana's iPhone", self.catalog[0]["id"], self.phone_page)
                due_phone += rng.uniform(120, 300)

    def speech(self):
        """AVSpeechSynthesizer: a word every ~0.35 s, pauses at sentence ends, the page
        turned at its end."""
        rng = self.rng
        while True:
            if not self.speaking or self.reader_key is None:
                yield 0.25
                continue
            rate = float(self.get(self.rpath("readAloud", "rate")).cd)
            gap = rng.uniform(0.22, 0.32) * (0.5 / rate)
            w = PROSE[self.word % len(PROSE)]
            end = self.word % 17 == 16
            yield gap + 0.02 * len(w)
            if not self.speaking or self.reader_key is None:
                continue
            if self.word >= 230:
                self.emit(self.aloud_page_finished)
                yield rng.uniform(0.4, 0.8)
            else:
                if self.word % 17 == 0:
                    self.emit(self.utterance, True)    # a sentence is an utterance
                self.emit(self.word_spoken)
                if end:
                    yield rng.uniform(0.25, 0.5)
                    self.emit(self.utterance, False)
                    yield rng.uniform(0.1, 0.25)

    def download(self, bid):
        rng = self.rng
        p = 0.0
        size = rng.uniform(0.003, 0.007)              # URLSession's progress, a report per chunk
        while p < 1.0:
            yield rng.uniform(0.08, 0.22)
            p = round(min(1.0, p + size * rng.uniform(0.6, 1.4)), 3)
            if p < 1.0:
                self.emit(self.download_progress, bid, p)
        yield rng.uniform(0.1, 0.4)
        self.emit(self.download_finished, bid)

    def load_covers(self, n):
        for r in self.recs[:n]:
            if self.get(("store", "recommendations", ("i", self.recs.index(r)), "cover")) is NIL:
                yield self.rng.uniform(0.05, 0.4)
                self.emit(self.cover_loaded, r["id"])

    def open(self, b):
        rng = self.rng
        self.emit(self.book_tapped, b["id"])
        self.emit(self.open_book, b["id"])
        yield rng.uniform(0.3, 0.6)
        self.emit(self.reader_appeared)
        yield rng.uniform(0.3, 0.9)
        jump = None
        if b is self.catalog[0] and rng.random() < 0.7:
            jump = self.phone_page = b["page"] + rng.randint(4, 18)
        self.emit(self.remote_response, jump)
        if jump is not None:
            yield rng.uniform(1.5, 4.0)
            self.emit(self.prompt_answered, rng.random() < 0.75)

    def turn(self, forward=True):
        rng = self.rng
        if rng.random() < 0.6:
            hz = 120.0                              # a ProMotion display's touch rate
            n = max(12, int(hz * rng.uniform(0.2, 0.5)))
            yield from self.gesture(self.page_curl, hz=hz, duration=n / hz,
                                    args=lambda i: (round(min(1.0, (i + 1) / n * rng.uniform(0.9, 1.05)), 3),))
            self.emit(self.page_turned, forward, True)
        else:
            self.emit(self.page_turned, forward, False)

    def highlight(self):
        rng = self.rng
        start = rng.randint(40, 1500)
        length = rng.randint(5, 40)
        self.emit(self.selection_changed, start, length)            # the long press
        yield rng.uniform(0.4, 1.0)
        for _ in range(rng.randint(1, 2)):                          # a drag of a handle
            hz = rng.uniform(60, 120)
            goal = length + rng.randint(20, 160)
            n = max(4, int(hz * rng.uniform(0.4, 1.6)))
            base = length
            yield from self.gesture(self.selection_changed, hz=hz, duration=n / hz,
                                    args=lambda i: (start, base + int((goal - base) * (i + 1) / n)))
            length = goal
            yield rng.uniform(0.3, 1.2)
        self.emit(self.highlight_tapped, rng.choice(["yellow", "yellow", "green", "pink", "blue"]))
        if rng.random() < 0.5:
            yield rng.uniform(0.8, 2.5)
            self.emit(self.annotate_tapped)
            yield rng.uniform(0.8, 2.0)
            note = rng.choice(NOTES)
            for k in range(1, len(note) + 1):
                self.emit(self.note_typed, note[:k])
                yield rng.uniform(0.08, 0.4) if note[k - 1] != " " else rng.uniform(0.2, 0.9)
            yield rng.uniform(0.5, 2.0)
            self.emit(self.note_saved)
            yield rng.uniform(0.05, 0.2)
            self.emit(self.note_delegate)

    def lookup(self):
        rng = self.rng
        word = rng.choice(sorted(LOOKUPS))
        while len(LOOKUPS) > 1 and word == getattr(self, "looked_up", None):
            word = rng.choice(sorted(LOOKUPS))
        self.looked_up = word
        self.emit(self.lookup_tapped, word)
        yield rng.uniform(0.15, 0.6)
        self.emit(self.definition_loaded, word)
        yield rng.uniform(3, 12)
        self.emit(self.dismissed)

    def display(self):
        rng = self.rng
        self.emit(self.display_tapped)
        yield rng.uniform(1.0, 3.0)
        size = float(self.get(self.rpath("settings", "fontSize")).cd)
        for _ in range(rng.randint(1, 2)):
            goal = rng.choice([14.0, 15.0, 16.0, 19.0, 21.0, 23.0])
            hz = rng.uniform(30, 60)
            n = max(5, int(hz * rng.uniform(0.5, 1.8)))
            start = size
            yield from self.gesture(self.font_dragged, hz=hz, duration=n / hz, args=lambda i: (
                round(start + (goal - start) * (i + 1) / n + rng.uniform(-0.04, 0.04), 2),))
            size = goal
            yield rng.uniform(0.8, 3.0)
        if rng.random() < 0.8:
            cur = self.get(self.rpath("settings", "theme")).cd[1:]
            self.emit(self.theme_picked, rng.choice([t for t in THEMES if t != cur]))
            yield rng.uniform(1.0, 4.0)
        self.emit(self.dismissed)

    def read(self, seconds, aloud=False):
        """Read for a while: page turns at a person's pace, and now and then something else."""
        rng = self.rng
        end = self.now + seconds
        while self.now < end:
            if aloud:
                yield rng.uniform(20, 80)
                if rng.random() < 0.15 and self.speaking:
                    self.emit(self.aloud_rate, rng.choice([0.45, 0.55, 0.6]))
                continue
            yield min(end - self.now + 1.0, rng.lognormvariate(math.log(22), 0.35))
            r = rng.random()
            if r < 0.12:
                yield from self.highlight()
            elif r < 0.2:
                yield from self.lookup()
            elif r < 0.24:
                yield from self.display()
            if r < 0.24:
                yield rng.uniform(4, 15)               # the rest of the page
            yield from self.turn(forward=rng.random() < 0.94)

    def close(self):
        rng = self.rng
        yield rng.uniform(3, 12)
        self.emit(self.close_book)
        yield rng.uniform(0.2, 0.5)
        self.emit(self.popped)

    def person(self):
        rng = self.rng
        yield rng.uniform(0.3, 0.8)
        self.emit(self.library_appeared)
        yield rng.uniform(0.4, 1.2)
        self.emit(self.books_loaded)
        yield rng.uniform(0.1, 0.6)
        self.emit(self.recs_loaded)
        self.spawn(self.load_covers(3), 0.1)
        yield rng.uniform(4, 12)
        if rng.random() < 0.5:
            self.emit(self.sort_changed, rng.choice(["title", "author"]))
            yield rng.uniform(3, 8)
        # a download, and the store while it runs
        todo = self.catalog[1]
        self.emit(self.download_tapped, todo["id"])
        self.spawn(self.download(todo["id"]))
        yield rng.uniform(3, 8)
        self.emit(self.tab_selected, "store")
        self.spawn(self.load_covers(6), 0.2)
        yield rng.uniform(6, 15)
        rec = rng.choice(self.recs)
        self.emit(self.rec_tapped, rec["id"])
        yield rng.uniform(0.3, 1.0)
        self.emit(self.sample_loaded, rec["id"])
        yield rng.uniform(8, 25)
        self.emit(self.detail_dismissed)
        yield rng.uniform(2, 6)
        self.emit(self.tab_selected, "library")
        yield rng.uniform(3, 8)
        # the book they are reading
        yield from self.open(self.catalog[0])
        yield rng.uniform(4, 15)
        if rng.random() < 0.85:
            yield from self.display()
        yield from self.read(rng.uniform(120, 180))
        # read aloud, the phone locked for a while
        yield rng.uniform(2, 8)
        self.emit(self.aloud_toggled, True)
        yield rng.uniform(20, 50)
        self.active = False
        self.emit(self.scene_phase, "inactive")
        yield rng.uniform(0.3, 0.8)
        self.emit(self.scene_phase, "background")
        yield rng.uniform(150, 240)
        if rng.random() < 0.5:
            self.emit(self.audio_interrupted, True)          # a notification sound, a call
            yield rng.uniform(5, 25)
            self.emit(self.audio_interrupted, False)
            yield rng.uniform(2, 6)
            self.emit(self.aloud_toggled, True)
            yield rng.uniform(20, 60)
        self.emit(self.scene_phase, "inactive")
        yield rng.uniform(0.2, 0.5)
        self.active = True
        self.emit(self.scene_phase, "active")
        yield from self.read(rng.uniform(30, 90), aloud=True)
        if self.speaking:
            self.emit(self.aloud_toggled, False)
        yield from self.read(rng.uniform(60, 120))
        yield from self.close()
        yield rng.uniform(3, 10)
        # the freshly downloaded book, if it is in
        if todo["downloaded"]:
            yield from self.open(todo)
            yield from self.read(1e6)
        else:
            yield from self.open(self.catalog[0])
            yield from self.read(1e6)




# ============================================================================ dating

FIRST = ["Maya", "Jonas", "Lea", "Noah", "Sofia", "Elias", "Clara", "Mateo", "Ines", "Felix", "Nora", "Luca",
         "Amira", "Theo", "Hannah", "Karim", "Zoe", "Milan", "Ida", "Oskar", "Lina", "David", "Emma", "Yusuf",
         "Frida", "Leon", "Alba", "Jakob", "Mina", "Paul"]
BIOS = ["coffee snob, bad at climbing", "looking for someone to share fries with", "dog person, will show photos",
        "trying every ramen place in town", "ask me about my sourdough", "amateur astronomer", "runs on tea and jazz",
        "part-time DJ, full-time nerd", "will beat you at Mario Kart"]
OPENERS = ["hey! how's your week going", "ok I need to know about the sourdough", "that hiking photo is amazing",
           "haha same, where was that", "are you free thursday?", "what are you up to this weekend"]
REPLIES = ["haha yes", "omg finally someone who gets it", "it was in the dolomites last summer!",
           "pretty good, busy with work. yours?", "thursday could work :)", "I'm free saturday afternoon",
           "send me a pic of your dog", "ok that's adorable"]
MY_BIOS = ["bookshop regular, terrible at small talk", "weekend cyclist, weekday coffee drinker"]


class Kindred(App):
    name = "dating"
    module = "Kindred"
    process = "Kindred"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        self.names = list(FIRST)
        rng.shuffle(self.names)
        self.deck = []                 # card dicts in deck order
        self.matches = []              # match dicts
        for _ in range(rng.randint(5, 7)):
            self.matches.append(self.new_match(online=rng.random() < 0.4))
        self.chat_key = None
        self.chat_match = None
        self.stack_next = 1
        self.lat, self.lon = 52.5200 + rng.uniform(-0.02, 0.02), 13.4050 + rng.uniform(-0.03, 0.03)
        self.typing = {}               # match id -> True while their typing pings run
        self.socket_up = True
        self.active = True
        self.boost_left = rng.randint(240, 420)
        self.state = St(self.st("AppFeature"), [
            ("selectedTab", self.case("discover", "Tab")),
            ("discover", St(self.st("Discover"), [("deck", Arr()), ("dragOffset", self.size(0.0, 0.0)),
                                                  ("rotationDegrees", num(0.0)), ("stamp", NIL),
                                                  ("isFetching", boolean(False)), ("likesRemaining", num(rng.randint(30, 60)))])),
            ("matches", St(self.st("Matches"), [("rows", Arr(self.match_state(m) for m in self.matches))])),
            ("path", Dic(ordered=True, quoted=False)),
            ("destination", NIL),
            ("boost", St(self.st("Boost"), [("isActive", boolean(True)), ("secondsRemaining", num(self.boost_left))])),
            ("banner", St(self.st("Banner"), [("ad", NIL), ("impressions", num(0))])),
            ("location", NIL),
            ("socket", St(self.st("Socket"), [("status", self.case("connecting", "Socket.Status")), ("lastHeartbeat", NIL)])),
            ("scenePhase", self.case("active", "ScenePhase"))])

    # -- values, paths, actions
    def size(self, w, h):
        return St("CGSize", [("width", num(w)), ("height", num(h))])

    def new_card(self):
        rng = self.rng
        name = self.names.pop(0) if self.names else rng.choice(FIRST)
        return {"id": self.uid(), "name": name, "age": rng.randint(24, 38), "km": rng.randint(1, 25),
                "photos": rng.randint(3, 6), "bio": rng.choice(BIOS), "likes_me": rng.random() < 0.1}

    def new_match(self, online=False, card=None):
        if card is None:
            card = self.new_card()
        return {"id": card["id"], "name": card["name"], "online": online, "unread": 0, "last": None}

    def card_state(self, c):
        return St(self.st("ProfileCard"), [("id", self.uuid_value(c["id"])), ("name", text(c["name"])), ("age", num(c["age"])),
                                          ("distanceKm", num(c["km"])), ("bio", text(c["bio"])), ("photoIndex", num(0)),
                                          ("photos", Arr(NIL for _ in range(c["photos"])))])

    def match_state(self, m):
        return St(self.st("MatchRow"), [("id", self.uuid_value(m["id"])), ("name", text(m["name"])),
                                       ("isOnline", boolean(m["online"])), ("unreadCount", num(m["unread"])),
                                       ("lastMessage", NIL if m["last"] is None else text(m["last"]))])

    def uarg(self, u):
        return Raw("UUID(%s)" % u if self.tca1 else u)

    def disc(self, name, *a, **k):
        return self.act("discover", A(self.at("Discover"), name, *a, **k))

    def card(self, cid, name, *a, **k):
        return self.act("discover", A(self.at("Discover"), "deck", self.element("ProfileCard", self.uarg(cid), A(
            self.at("ProfileCard"), name, *a, **k))))

    def mrow(self, mid, name, *a, **k):
        return self.act("matches", A(self.at("Matches"), "rows", self.element("MatchRow", self.uarg(mid), A(
            self.at("MatchRow"), name, *a, **k))))

    def chat(self, name, *a, **k):
        st = "StackAction<%s, %s>" % (self.st("Path"), self.at("Path"))
        return self.act("path", A(st, "element", id=Raw(self.chat_key), action=A(self.at("Path"), "chat", A(
            self.at("Chat"), name, *a, **k))))

    def dest(self, case, inner):
        return self.act("destination", A("PresentationAction<%s>" % self.at("Destination"), "presented",
                                         A(self.at("Destination"), case, inner)))

    def sock(self, name, *a, **k):
        return self.act("socket", A(self.at("Socket"), name, *a, **k))

    def cpath(self, cid, *rest):
        return ("discover", "deck", ("i", [c["id"] for c in self.deck].index(cid))) + rest

    def mpath(self, mid, *rest):
        return ("matches", "rows", ("i", [m["id"] for m in self.matches].index(mid))) + rest

    def chpath(self, *rest):
        return ("path", ("k", self.chat_key), ("e", "chat")) + rest

    def message(self, mine, body, status):
        return St("Message", [("id", self.uuid_value(self.uid())), ("body", text(body)), ("isMine", boolean(mine)),
                              ("sentAt", self.date()), ("status", self.case(status, "Message.Status"))])

    # ---------------------------------------------------------------- noise
    # reason: the card follows the finger between touch-down and the swipe's end
    @noise
    def card_dragged(self, w, h):
        self.set(("discover", "dragOffset"), self.size(w, h))
        self.set(("discover", "rotationDegrees"), num(round(w / 20.0, 1)))
        self.set(("discover", "stamp"), NIL if abs(w) < 80 else self.case("like" if w > 0 else "nope", "Stamp"))
        return self.disc("cardDragChanged", translation=Struct("CGSize", [("width", Raw(repr(w))), ("height", Raw(repr(h)))]))

    @noise
    def boost_tick(self):
        self.boost_left -= 1
        self.set(("boost", "secondsRemaining"), num(self.boost_left))
        return self.act("boost", A(self.at("Boost"), "timerTicked"))

    @noise
    def heartbeat(self):
        self.set(("socket", "lastHeartbeat"), self.date())
        return self.sock("heartbeatReceived")

    # reason: the socket's presence feed: pushed for matches on their own schedule, often re-sent unchanged
    @noise
    def presence(self, mid, online):
        m = next(x for x in self.matches if x["id"] == mid)
        m["online"] = online
        self.set(self.mpath(mid, "isOnline"), boolean(online))
        if self.chat_match is m:
            self.set(self.chpath("isMatchOnline"), boolean(online))
        return self.mrow(mid, "presenceUpdated", isOnline=Raw("true" if online else "false"))

    # reason: typing pings are re-sent every few seconds while the match types and expire by themselves
    @noise
    def match_typing(self, on):
        if self.chat_key is None:
            return None
        self.set(self.chpath("isMatchTyping"), boolean(on))
        return self.chat("matchTypingChanged", Raw("true" if on else "false"))

    # reason: a sensor reading; the person did nothing to cause it
    @noise
    def location_fix(self, lat, lon, acc):
        self.set(("location",), St("Coordinate", [("latitude", num(lat)), ("longitude", num(lon)),
                                                  ("horizontalAccuracy", num(acc))]))
        return self.act("location", A(self.at("Location"), "didUpdateLocations", Raw("[CLLocation(%.6f, %.6f ± %.0fm)]"
                                                                                      % (lat, lon, acc))))

    # reason: the banner refreshes on a 60 s timer; a new ad object, but the machine's schedule
    @noise
    def ad_loaded(self):
        campaign = self.rng.choice(["spring_gold", "boost_bundle", "partner_cafe", "super_like_pack", "gold_trial"])
        self.set(("banner", "ad"), St("Ad", [("id", text("ad_" + self.uid()[:6].lower())), ("campaign", text(campaign))]))
        return self.act("banner", A(self.at("Banner"), "adResponse", self.result("Ad", True, Struct("Ad", [
            ("campaign", q(campaign)), ("creative", q("https://ads.kindred.app/c/%s.jpg" % self.uid()[:8].lower()))]))))

    # reason: ad telemetry following each banner load
    @noise
    def impression(self):
        n = int(self.get(("banner", "impressions")).cd) + 1
        self.set(("banner", "impressions"), num(n))
        return self.act("banner", A(self.at("Banner"), "impressionLogged"))

    # reason: a scroll gesture's offsets
    @noise
    def detail_scrolled(self, y):
        self.set(("destination", ("e", "profileDetail"), "scrollOffset"), num(y))
        return self.dest("profileDetail", A(self.at("ProfileDetail"), "scrollOffsetChanged", Raw(repr(y))))

    # ---------------------------------------------------------------- either
    # reason: photos load as cards come up in the deck, like thumbnails while a list scrolls
    @either
    def photo_loaded(self, cid, i):
        if cid not in [c["id"] for c in self.deck]:
            return None
        kb = self.rng.randint(60, 420)
        self.set(self.cpath(cid, "photos", ("i", i)), St("Photo", [("index", num(i)), ("bytes", num(kb * 1024))]))
        return self.card(cid, "photoResponse", index=Raw(str(i)), result=self.result("Data", True, Raw("%d bytes" % (kb * 1024))))

    @either
    def draft_typed(self, value):
        self.set(self.chpath("draft"), text(value))
        return self.chat_binding(value)

    def chat_binding(self, value):
        st = "StackAction<%s, %s>" % (self.st("Path"), self.at("Path"))
        return self.act("path", A(st, "element", id=Raw(self.chat_key), action=A(self.at("Path"), "chat",
                                                                                   self.binding("Chat", "draft", q(value)))))

    @either
    def bio_typed(self, value):
        self.set(("destination", ("e", "editProfile"), "bio"), text(value))
        return self.dest("editProfile", self.binding("EditProfile", "bio", q(value)))

    # ---------------------------------------------------------------- signal
    @signal
    def scene_phase(self, phase):
        self.set(("scenePhase",), self.case(phase, "ScenePhase"))
        return self.act("scenePhaseChanged", A("ScenePhase", phase))

    @signal
    def app_appeared(self):
        return self.act("onAppear")

    @signal
    def socket_status(self, up):
        self.socket_up = up
        self.set(("socket", "status"), self.case("connected" if up else "disconnected", "Socket.Status"))
        if up:
            return self.sock("didConnect")
        return self.sock("didDisconnect", Struct("SocketError", [("code", Raw("1006")), ("reason", q("abnormal closure"))]))

    @signal
    def tab_selected(self, tab):
        self.set(("selectedTab",), self.case(tab, "Tab"))
        return self.act("tabSelected", A("Tab", tab))

    # reason: the deck's pages: asked for when the deck runs low after the person's swipes (prefetch),
    # or when a location fix moved far (nearby); either way they insert new profiles the person sees
    @signal
    def deck_loaded(self, n, why):
        self.set(("discover", "isFetching"), boolean(False))
        for _ in range(n):
            c = self.new_card()
            self.deck.append(c)
            self.append(("discover", "deck"), self.card_state(c))
        return self.disc("%sResponse" % why, self.result("[Profile]", True, Struct("ProfilePage", [
            ("count", Raw(str(n))), ("cursor", q(self.uid().replace("-", "")[:12].lower()))])))

    @signal
    def photo_tapped(self, cid):
        c = next(x for x in self.deck if x["id"] == cid)
        i = (int(self.get(self.cpath(cid, "photoIndex")).cd) + 1) % c["photos"]
        self.set(self.cpath(cid, "photoIndex"), num(i))
        return self.card(cid, "photoTapped", side=Raw(".right"))

    @signal
    def info_tapped(self, cid):
        c = next(x for x in self.deck if x["id"] == cid)
        self.set(("destination",), En(self.st("Destination"), "profileDetail", St(self.st("ProfileDetail"), [
            ("profileID", self.uuid_value(cid)), ("name", text(c["name"])), ("bio", text(c["bio"])),
            ("prompts", NIL), ("scrollOffset", num(0.0))])))
        return self.card(cid, "infoButtonTapped")

    @signal
    def prompts_loaded(self):
        answers = self.rng.sample(["Sunday mornings: long runs and pastries", "My most irrational fear: geese",
                                   "Green flag: remembers your coffee order", "I'm weirdly good at: parallel parking",
                                   "Last great book: Piranesi"], 3)
        self.set(("destination", ("e", "profileDetail"), "prompts"), Arr(text(a) for a in answers))
        return self.dest("profileDetail", A(self.at("ProfileDetail"), "promptsResponse", self.result("[Prompt]", True, Struct(
            "PromptPage", [("count", Raw("3"))]))))

    @signal
    def detail_closed(self):
        self.set(("destination",), NIL)
        return self.act("destination", A("PresentationAction<%s>" % self.at("Destination"), "dismiss"))

    @signal
    def swiped(self, right):
        c = self.deck.pop(0)
        self.remove_at(("discover", "deck"), 0)
        self.set(("discover", "dragOffset"), self.size(0.0, 0.0))
        self.set(("discover", "rotationDegrees"), num(0.0))
        self.set(("discover", "stamp"), NIL)
        if right:
            n = int(self.get(("discover", "likesRemaining")).cd) - 1
            self.set(("discover", "likesRemaining"), num(max(0, n)))
        self.last_swiped = c
        return self.disc("swipeEnded", direction=Raw(".right" if right else ".left"))

    # reason: the response to the person's right swipe, one for one
    @signal
    def like_response(self, c):
        if c["likes_me"]:
            self.set(("destination",), En(self.st("Destination"), "itsAMatch", St(self.st("ItsAMatch"), [
                ("matchID", self.uuid_value(c["id"])), ("name", text(c["name"]))])))
        return self.disc("likeResponse", self.result("LikeResult", True, Struct("LikeResult", [
            ("profileID", Raw(self.uarg(c["id"]).text)), ("isMatch", Raw("true" if c["likes_me"] else "false"))])))

    @signal
    def add_match(self, c, pushed):
        m = self.new_match(online=True, card=c)
        self.matches.insert(0, m)
        rows = self.get(("matches", "rows"))
        rows.items.insert(0, self.match_state(m))
        self._undo.append(("insert", ("matches", "rows"), 0))
        if pushed:
            return self.sock("matchReceived", Struct("Match", [("id", Raw(self.uarg(c["id"]).text)), ("name", q(c["name"])),
                                                               ("matchedAt", Raw(self.date().cd))]))
        return self.act("destination", A("PresentationAction<%s>" % self.at("Destination"), "presented",
                                         A(self.at("Destination"), "itsAMatch", A(self.at("ItsAMatch"), "delegate",
                                                                                  A(self.at("ItsAMatch.Delegate"), "matchSaved")))))

    @signal
    def match_dismissed(self, chat):
        self.set(("destination",), NIL)
        if chat:
            return self.dest("itsAMatch", A(self.at("ItsAMatch"), "sendMessageTapped"))
        return self.act("destination", A("PresentationAction<%s>" % self.at("Destination"), "dismiss"))

    @signal
    def row_tapped(self, mid):
        return self.mrow(mid, "tapped")

    @signal
    def chat_pushed(self, m):
        self.chat_match = m
        self.chat_key = "#%d" % self.stack_next
        self.stack_next += 1
        m["unread"] = 0
        self.set(self.mpath(m["id"], "unreadCount"), num(0))
        self.put(("path",), self.chat_key, En(self.st("Path"), "chat", St(self.st("Chat"), [
            ("matchID", self.uuid_value(m["id"])), ("name", text(m["name"])), ("messages", Arr()), ("draft", text("")),
            ("isMatchTyping", boolean(False)), ("isMatchOnline", boolean(m["online"])), ("isLoading", boolean(True))])))
        st = "StackAction<%s, %s>" % (self.st("Path"), self.at("Path"))
        return self.act("path", A(st, "push", id=Raw(self.chat_key), state=Raw(".chat(%s(matchID: %s))"
                                                                                  % (self.st("Chat"), self.uarg(m["id"]).text))))

    @signal
    def chat_appeared(self):
        return self.chat("onAppear")

    @signal
    def history_loaded(self, n):
        rng = self.rng
        msgs = [self.message(i % 2 == 0, rng.choice(OPENERS + REPLIES), "read") for i in range(n)]
        self.set(self.chpath("messages"), Arr(msgs))
        self.set(self.chpath("isLoading"), boolean(False))
        return self.chat("historyResponse", self.result("[Message]", True, Struct("MessagePage", [
            ("count", Raw(str(n))), ("hasMore", Raw("false"))])))

    @signal
    def send_tapped(self):
        body = self.get(self.chpath("draft")).df
        self.append(self.chpath("messages"), self.message(True, body, "sending"))
        self.set(self.chpath("draft"), text(""))
        self.chat_match["last"] = body
        self.set(self.mpath(self.chat_match["id"], "lastMessage"), text(body))
        return self.chat("sendButtonTapped")

    def set_status(self, index, status):
        self.set(self.chpath("messages", ("i", index), "status"), self.case(status, "Message.Status"))

    @signal
    def send_response(self, index):
        if self.chat_key is None:
            return None
        self.set_status(index, "sent")
        return self.chat("sendResponse", self.result("Message.ID", True, Raw(self.uarg(self.uid()).text)))

    # reason: each receipt answers one message the person sent, a status changing to read
    @signal
    def read_receipt(self, index):
        if self.chat_key is None:
            return None
        self.set_status(index, "read")
        return self.chat("readReceiptReceived", upTo=Raw(str(index)))

    @signal
    def message_received(self, body):
        if self.chat_key is None:
            return None
        self.set(self.chpath("isMatchTyping"), boolean(False))
        self.append(self.chpath("messages"), self.message(False, body, "delivered"))
        self.chat_match["last"] = body
        self.set(self.mpath(self.chat_match["id"], "lastMessage"), text(body))
        return self.chat("messageReceived", Struct("Message", [("id", Raw(self.uarg(self.uid()).text)), ("body", q(body))]))

    @signal
    def other_message(self, m, body):
        m["unread"] += 1
        m["last"] = body
        self.set(self.mpath(m["id"], "unreadCount"), num(m["unread"]))
        self.set(self.mpath(m["id"], "lastMessage"), text(body))
        return self.mrow(m["id"], "messageReceived", Struct("Message", [("id", Raw(self.uarg(self.uid()).text)), ("body", q(body))]))

    @signal
    def chat_popped(self):
        key = self.chat_key
        self.delete(("path",), key)
        self.chat_key = None
        self.chat_match = None
        st = "StackAction<%s, %s>" % (self.st("Path"), self.at("Path"))
        return self.act("path", A(st, "popFrom", id=Raw(key)))

    @signal
    def edit_tapped(self):
        self.set(("destination",), En(self.st("Destination"), "editProfile", St(self.st("EditProfile"), [
            ("bio", text(self.my_bio)), ("maxDistanceKm", num(25.0)),
            ("ageRange", St("AgeRange", [("lower", num(26)), ("upper", num(38))])), ("showMe", boolean(True)),
            ("photoOrder", Arr(num(i) for i in range(5))), ("isSaving", boolean(False))])))
        return self.act("profile", A(self.at("Profile"), "editButtonTapped"))

    # reason: a slider's value streams while the finger drags it
    @noise
    def distance_dragged(self, km):
        self.set(("destination", ("e", "editProfile"), "maxDistanceKm"), num(km))
        return self.dest("editProfile", self.binding("EditProfile", "maxDistanceKm", Raw(repr(km))))

    # reason: the range slider's thumbs stream while dragged
    @noise
    def age_dragged(self, lower, upper):
        self.set(("destination", ("e", "editProfile"), "ageRange"), St("AgeRange", [("lower", num(lower)), ("upper", num(upper))]))
        return self.dest("editProfile", self.binding("EditProfile", "ageRange", Raw("%d...%d" % (lower, upper))))

    @signal
    def show_me(self, on):
        self.set(("destination", ("e", "editProfile"), "showMe"), boolean(on))
        return self.dest("editProfile", self.binding("EditProfile", "showMe", Raw("true" if on else "false")))

    @signal
    def photo_moved(self, a, b):
        order = [int(v.cd) for v in self.get(("destination", ("e", "editProfile"), "photoOrder")).items]
        order.insert(b, order.pop(a))
        self.set(("destination", ("e", "editProfile"), "photoOrder"), Arr(num(i) for i in order))
        return self.dest("editProfile", A(self.at("EditProfile"), "photoMoved", fromOffsets=Raw("[%d]" % a), toOffset=Raw(str(b))))

    @signal
    def save_tapped(self):
        self.set(("destination", ("e", "editProfile"), "isSaving"), boolean(True))
        return self.dest("editProfile", A(self.at("EditProfile"), "saveButtonTapped"))

    @signal
    def save_response(self):
        self.set(("destination",), NIL)
        self.my_bio = getattr(self, "typed_bio", self.my_bio)
        return self.dest("editProfile", A(self.at("EditProfile"), "saveResponse", self.result("Profile", True, Struct(
            "Profile", [("version", Raw(str(self.rng.randint(20, 90))))]))))

    # reason: the countdown's end: a timer, but an event that changes what the app offers (the promotion)
    @signal
    def boost_expired(self):
        self.set(("boost", "isActive"), boolean(False))
        if self.get(("destination",)) is NIL:
            self.promo_open = True
            self.set(("destination",), En(self.st("Destination"), "promotion", St(self.st("Promotion"), [
                ("offer", text("5 Boosts for €14.99")), ("isPurchasing", boolean(False))])))
        return self.act("boost", A(self.at("Boost"), "delegate", A(self.at("Boost.Delegate"), "expired")))

    @signal
    def promo_closed(self):
        self.set(("destination",), NIL)
        return self.dest("promotion", A(self.at("Promotion"), "notNowTapped"))

    # ---------------------------------------------------------------- processes
    def processes(self):
        self.my_bio = self.rng.choice(MY_BIOS)
        return [self.periodic(self.heartbeat, 30.0, 0.3, first=31.0, when=lambda: self.socket_up and self.active),
                self.periodic(self.boost_tick, 1.0, 0.003, first=1.0, when=lambda: self.boost_left > 0),
                self.boost_watch(), self.banner(), self.locations(), self.presence_feed(), self.pushes(),
                self.socket_drops(), self.person()]

    def boost_watch(self):
        while self.boost_left > 0:
            yield 0.5
        yield 0.01
        self.emit(self.boost_expired)

    def banner(self):
        yield self.rng.uniform(2, 5)
        while True:
            if self.active:
                self.emit(self.ad_loaded)
                yield self.rng.uniform(0.3, 1.5)
                self.emit(self.impression)
            yield 60.0 + self.rng.uniform(-0.5, 0.5)

    def locations(self):
        rng = self.rng
        while True:
            yield 60.0 + rng.uniform(-8, 8)
            if not self.active:
                continue
            step = rng.random() < 0.2                 # on a tram now and then
            dlat, dlon = (rng.uniform(-0.012, 0.012), rng.uniform(-0.02, 0.02)) if step else \
                (rng.uniform(-0.0002, 0.0002), rng.uniform(-0.0003, 0.0003))
            self.lat, self.lon = self.lat + dlat, self.lon + dlon
            self.emit(self.location_fix, round(self.lat, 6), round(self.lon, 6), float(rng.choice([5, 8, 10, 12, 16, 35])))
            if step:
                yield rng.uniform(0.3, 1.2)
                self.emit(self.deck_loaded, rng.randint(6, 12), "nearby")
                self.spawn(self.load_photos())

    def presence_feed(self):
        """Per match: online and offline flips, and the online ones re-sent every 60 s."""
        rng = self.rng
        due = {}
        while True:
            yield rng.uniform(0.5, 2.0)
            for m in list(self.matches):
                if m["id"] not in due:
                    due[m["id"]] = (self.now + rng.uniform(5, 60), self.now + rng.uniform(30, 240))
                resend, flip = due[m["id"]]
                if self.now >= flip and self.socket_up:
                    self.emit(self.presence, m["id"], not m["online"])
                    due[m["id"]] = (self.now + 60 + rng.uniform(-1, 1), self.now + rng.expovariate(1 / 150.0) + 20)
                elif self.now >= resend:
                    if m["online"] and self.socket_up:
                        self.emit(self.presence, m["id"], True)
                    due[m["id"]] = (resend + 60 + rng.uniform(-1, 1), flip)

    def pushes(self):
        """Matches arriving over the socket; messages from matches whose chat is not open."""
        rng = self.rng
        while True:
            yield self.expo(95.0)
            if not self.socket_up:
                continue
            if rng.random() < 0.35:
                self.emit(self.add_match, self.new_card(), True)
            else:
                others = [m for m in self.matches if m is not self.chat_match]
                if others:
                    self.emit(self.other_message, rng.choice(others[:4]), rng.choice(REPLIES))

    def socket_drops(self):
        rng = self.rng
        yield rng.uniform(0.8, 1.6)
        self.emit(self.socket_status, True)
        while True:
            yield rng.uniform(200, 500)
            self.emit(self.socket_status, False)
            yield rng.uniform(2, 12)
            self.emit(self.socket_status, True)

    def load_photos(self):
        """The top two cards' photos, as the deck shows them."""
        for c in list(self.deck[:3]):
            for i in range(c["photos"]):
                if c in self.deck and self.get(self.cpath(c["id"], "photos", ("i", i))) is NIL:
                    yield self.rng.uniform(0.05, 0.35)
                    self.emit(self.photo_loaded, c["id"], i)

    def swipe(self, right):
        rng = self.rng
        hz = 120.0
        n = max(10, int(hz * rng.uniform(0.18, 0.5)))
        sign = 1 if right else -1
        dist = rng.uniform(160, 320)
        yield from self.gesture(self.card_dragged, hz=hz, duration=n / hz, args=lambda i: (
            round(sign * dist * ((i + 1) / n) ** 1.3 + rng.uniform(-2, 2), 1), round(rng.uniform(-25, 25) * (i + 1) / n, 1)))
        self.emit(self.swiped, right)
        c = self.last_swiped
        self.spawn(self.load_photos(), rng.uniform(0.02, 0.1))
        if right:
            yield rng.uniform(0.15, 0.6)
            self.emit(self.like_response, c)
            if c["likes_me"]:
                self.emit(self.add_match, c, False)
                yield rng.uniform(1.5, 5.0)
                return rng.random() < 0.5
        if len(self.deck) < 4 and not self.fetching:
            self.fetching = True
            self.spawn(self.prefetch())
        return False

    def prefetch(self):
        yield self.rng.uniform(0.4, 1.5)
        self.emit(self.deck_loaded, 10, "prefetch")
        self.fetching = False

    def swiping(self, seconds):
        rng = self.rng
        end = self.now + seconds
        while self.now < end:
            if not self.deck:
                yield 1.0
                continue
            c = self.deck[0]
            yield rng.uniform(1.0, 4.0)
            for _ in range(rng.choice([0, 0, 1, 1, 2, 3])):
                if getattr(self, "promo_open", False):
                    break
                self.emit(self.photo_tapped, c["id"])
                yield rng.uniform(0.8, 3.0)
            if rng.random() < 0.2 and not getattr(self, "promo_open", False):
                yield from self.detail(c)
            if getattr(self, "promo_open", False):
                yield rng.uniform(2, 6)
                self.emit(self.promo_closed)
                self.promo_open = False
                yield rng.uniform(1, 3)
            chat = yield from self.swipe(rng.random() < 0.45)
            if chat:
                self.emit(self.match_dismissed, True)
                yield from self.chatting(self.matches[0], rng.uniform(40, 90))
                yield rng.uniform(1, 4)
                self.emit(self.tab_selected, "discover")
            elif self.get(("destination",)) is not NIL and self.get(("destination",)).case == "itsAMatch":
                self.emit(self.match_dismissed, False)

    def detail(self, c):
        """The profile opened: its prompts load, the person scrolls it and closes it."""
        rng = self.rng
        self.emit(self.info_tapped, c["id"])
        yield rng.uniform(0.2, 0.6)
        self.emit(self.prompts_loaded)
        y = 0.0
        for _ in range(rng.randint(1, 4)):
            yield rng.uniform(1.0, 4.0)
            hz = 120.0
            n = max(8, int(hz * rng.uniform(0.2, 0.9)))
            v = rng.uniform(-200, 600) if y > 0 else rng.uniform(100, 600)
            start = y
            yield from self.gesture(self.detail_scrolled, hz=hz, duration=n / hz, args=lambda i: (
                max(0.0, round(start + v * math.sin((i + 1) / n * math.pi / 2), 1)),))
            y = max(0.0, start + v)
        yield rng.uniform(1.0, 3.0)
        self.emit(self.detail_closed)

    def type_text(self, maker, words):
        rng = self.rng
        for k in range(1, len(words) + 1):
            self.emit(maker, words[:k])
            yield rng.uniform(0.09, 0.35) if words[k - 1] != " " else rng.uniform(0.15, 0.8)

    def chatting(self, m, seconds):
        rng = self.rng
        if self.get(("selectedTab",)).cd != ".matches":
            yield rng.uniform(1, 4)
            self.emit(self.tab_selected, "matches")
            yield rng.uniform(1, 3)
        self.emit(self.row_tapped, m["id"])
        self.emit(self.chat_pushed, m)
        yield rng.uniform(0.2, 0.5)
        self.emit(self.chat_appeared)
        yield rng.uniform(0.2, 0.8)
        self.emit(self.history_loaded, rng.randint(0, 14))
        end = self.now + seconds
        while self.now < end:
            yield rng.uniform(2, 8)
            if getattr(self, "promo_open", False):
                self.emit(self.promo_closed)
                self.promo_open = False
                yield rng.uniform(1, 3)
            yield from self.type_text(self.draft_typed, rng.choice(OPENERS))
            yield rng.uniform(0.3, 1.5)
            self.emit(self.send_tapped)
            idx = len(self.get(self.chpath("messages")).items) - 1
            self.after(rng.uniform(0.15, 0.5), self.send_response, idx)
            if m["online"] or rng.random() < 0.3:
                # the match reads it, types (pings every 3 s), and answers
                yield rng.uniform(2, 10)
                self.emit(self.read_receipt, idx)
                yield rng.uniform(1, 6)
                for _ in range(rng.randint(1, 5)):
                    self.emit(self.match_typing, True)
                    yield 3.0 + rng.uniform(-0.05, 0.05)
                if rng.random() < 0.8:
                    yield rng.uniform(0.2, 1.5)
                    self.emit(self.message_received, rng.choice(REPLIES))
                else:
                    yield 2.0 + rng.uniform(-0.05, 0.05)        # the ping expires: 5 s after the last
                    self.emit(self.match_typing, False)
            else:
                yield rng.uniform(8, 20)
                if rng.random() < 0.5:
                    break                                   # no answer: back to the list
        yield rng.uniform(1, 4)
        self.emit(self.chat_popped)

    def edit_profile(self):
        rng = self.rng
        yield rng.uniform(1, 4)
        self.emit(self.tab_selected, "profile")
        yield rng.uniform(2, 6)
        self.emit(self.edit_tapped)
        yield rng.uniform(2, 5)
        bio = rng.choice([b for b in MY_BIOS if b != self.my_bio])
        cur = self.my_bio
        for k in range(len(cur) - 1, -1, -1):              # delete with the key held: a keystroke each
            self.emit(self.bio_typed, cur[:k])
            yield rng.uniform(0.06, 0.1)
        yield rng.uniform(1, 3)
        yield from self.type_text(self.bio_typed, bio)
        self.typed_bio = bio
        yield rng.uniform(2, 5)
        hz = rng.uniform(60, 120)
        n = int(hz * rng.uniform(0.5, 1.5))
        goal = rng.choice([10.0, 15.0, 40.0, 50.0])
        yield from self.gesture(self.distance_dragged, hz=hz, duration=n / hz, args=lambda i: (
            round(25.0 + (goal - 25.0) * (i + 1) / n, 1),))
        yield rng.uniform(1, 4)
        n = int(hz * rng.uniform(0.4, 1.2))
        top = rng.randint(33, 42)
        yield from self.gesture(self.age_dragged, hz=hz, duration=n / hz, args=lambda i: (
            26, int(round(38 + (top - 38) * (i + 1) / n))))
        yield rng.uniform(1, 4)
        if rng.random() < 0.6:
            self.emit(self.photo_moved, rng.randint(1, 4), 0)
            yield rng.uniform(1, 3)
        if rng.random() < 0.3:
            self.emit(self.show_me, False)
            yield rng.uniform(1, 3)
            self.emit(self.show_me, True)
            yield rng.uniform(1, 3)
        self.emit(self.save_tapped)
        yield rng.uniform(0.3, 1.0)
        self.emit(self.save_response)
        yield rng.uniform(1, 3)
        self.emit(self.tab_selected, "discover")

    def person(self):
        rng = self.rng
        self.fetching = False
        yield rng.uniform(0.3, 0.7)
        self.emit(self.app_appeared)
        yield rng.uniform(0.5, 1.5)
        self.emit(self.deck_loaded, 12, "deck")
        self.spawn(self.load_photos())
        yield from self.swiping(rng.uniform(100, 160))
        m = next((x for x in self.matches if x["unread"]), self.matches[0])
        yield from self.chatting(m, rng.uniform(60, 120))
        yield rng.uniform(1, 4)
        self.emit(self.tab_selected, "discover")
        yield from self.swiping(rng.uniform(60, 120))
        yield from self.edit_profile()
        yield rng.uniform(5, 15)
        # the phone locked for a while
        self.active = False
        self.emit(self.scene_phase, "background")
        yield rng.uniform(40, 90)
        self.active = True
        self.emit(self.scene_phase, "active")
        yield rng.uniform(2, 5)
        m = next((x for x in self.matches if x["unread"]), self.matches[1])
        yield from self.chatting(m, rng.uniform(60, 100))
        yield rng.uniform(1, 4)
        self.emit(self.tab_selected, "discover")
        yield from self.swiping(1e6)



# ============================================================================ trackcoach

ATHLETES = [("Amara Okafor", "800m"), ("Ben Lindqvist", "800m"), ("Chloe Martin", "1500m"), ("Diego Ramos", "800m"),
            ("Esme Clarke", "400m"), ("Finn O'Brien", "1500m"), ("Grace Kim", "800m"), ("Hugo Weber", "400m"),
            ("Isla Novak", "1500m"), ("Jonah Price", "800m"), ("Kofi Mensah", "400m"), ("Lena Fischer", "1500m")]
COACH_NOTES = ["went out too fast, faded last 200", "great even splits", "arms tight on the back straight",
               "kick started too late", "ask about the left calf", "relaxed, keep this rhythm"]


class LapLine(App):
    name = "trackcoach"
    module = "LapLine"
    process = "LapLine"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        self.roster = [{"id": self.uid(), "name": n, "event": e, "max": rng.randint(188, 204),
                        "pace": rng.uniform(29.0, 36.0)} for n, e in rng.sample(ATHLETES, 10)]
        self.runners = [a for a in self.roster[:6]]
        self.straps = []
        for a in self.runners:
            self.straps.append({"id": self.uid(), "athlete": a, "bpm": rng.randint(72, 96), "battery": rng.randint(35, 100),
                                "up": False, "target": rng.randint(72, 90), "alarm": False})
        self.splits = 4                      # 200 m splits of an 800 m rep
        self.reps = 4
        self.running = False
        self.heat_no = 0
        self.t0 = None
        self.elapsed = 0.0
        self.net_up = True
        self.pending = []                    # heat numbers waiting to upload
        self.uploading = False
        self.attempt = 0
        self.rest_left = 0
        self.state = St(self.st("AppFeature"), [
            ("roster", St(self.st("Roster"), [("athletes", Arr()), ("isLoading", boolean(True))])),
            ("workout", St(self.st("Workout"), [("plan", NIL), ("currentRep", num(0))])),
            ("straps", Arr(self.strap_state(x) for x in self.straps)),
            ("heat", St(self.st("Heat"), [("number", num(0)), ("status", self.case("idle", "Heat.Status")),
                                          ("countdown", NIL), ("elapsed", num(0.0)), ("lanes", Arr())])),
            ("rest", NIL),
            ("results", Arr()),
            ("destination", NIL),
            ("upload", St(self.st("Upload"), [("pending", num(0)), ("status", self.case("idle", "Upload.Status")),
                                              ("attempt", num(0)), ("progress", NIL), ("lastUploadedAt", NIL)])),
            ("network", St(self.st("Network"), [("status", self.case("satisfied", "NWPath.Status")),
                                                ("interface", self.case("wifi", "Interface"))]))])

    # -- values, paths, actions
    def uarg(self, u):
        return Raw("UUID(%s)" % u if self.tca1 else u)

    def strap_state(self, x):
        return St(self.st("Strap"), [("id", self.uuid_value(x["id"])), ("athlete", text(x["athlete"]["name"])),
                                    ("isConnected", boolean(x["up"])), ("heartRate", NIL), ("battery", NIL),
                                    ("isInMaxZone", boolean(False))])

    def spath(self, x, *rest):
        return ("straps", ("i", self.straps.index(x))) + rest

    def strap(self, x, name, *a, **k):
        return self.act("straps", self.element("Strap", self.uarg(x["id"]), A(self.at("Strap"), name, *a, **k)))

    def heat(self, name, *a, **k):
        return self.act("heat", A(self.at("Heat"), name, *a, **k))

    def lane(self, aid, name, *a, **k):
        return self.heat("lanes", self.element("Lane", self.uarg(aid), A(self.at("Lane"), name, *a, **k)))

    def lpath(self, a, *rest):
        return ("heat", "lanes", ("i", self.runners.index(a))) + rest

    def upload(self, name, *a, **k):
        return self.act("upload", A(self.at("Upload"), name, *a, **k))

    def dest(self, case, inner):
        return self.act("destination", A("PresentationAction<%s>" % self.at("Destination"), "presented",
                                         A(self.at("Destination"), case, inner)))

    def clock_text(self, t):
        return "%d:%04.1f" % (int(t // 60), t % 60)

    # ---------------------------------------------------------------- noise
    @noise
    def heart_rate(self, x):
        if not x["up"]:
            return None
        self.set(self.spath(x, "heartRate"), num(x["bpm"]))
        if x["bpm"] < x["athlete"]["max"] - 20:
            x["alarm"] = False
            self.set(self.spath(x, "isInMaxZone"), boolean(False))
        return self.strap(x, "heartRateMeasured", Struct("HeartRateMeasurement", [
            ("bpm", Raw(str(x["bpm"]))), ("rrIntervals", Raw("[%d]" % int(60000 / x["bpm"] + self.rng.uniform(-12, 12)))),
            ("sensorContact", Raw("true"))]))

    # reason: a strap's battery reading each minute, mostly the same value
    @noise
    def battery(self, x):
        if not x["up"]:
            return None
        self.set(self.spath(x, "battery"), num(x["battery"]))
        return self.strap(x, "batteryLevelUpdated", Raw(str(x["battery"])))

    @noise
    def clock_tick(self):
        self.elapsed = round(self.now - self.t0, 1)
        self.set(("heat", "elapsed"), num(self.elapsed))
        return self.heat("clockTicked")

    # reason: the 3-2-1 ticks of a 1 s timer after the start tap
    @noise
    def countdown_tick(self, n):
        self.set(("heat", "countdown"), num(n))
        return self.heat("countdownTicked")

    @noise
    def rest_tick(self):
        self.rest_left -= 1
        self.set(("rest", "secondsRemaining"), num(self.rest_left))
        return self.act("rest", A(self.at("Rest"), "timerTicked"))

    @noise
    def upload_progress(self, p):
        self.set(("upload", "progress"), num(p))
        return self.upload("progress", Raw(repr(p)))

    # reason: the back-off timer firing a retry: the machine's schedule, not the coach's
    @noise
    def retry_fired(self):
        self.set(("upload", "status"), self.case("uploading", "Upload.Status"))
        return self.upload("retryTimerFired")

    # reason: the chart follows the finger while it scrubs
    @noise
    def scrubbed(self, x):
        self.set(("destination", ("e", "heatReview"), "scrubPosition"), num(x))
        return self.dest("heatReview", A(self.at("HeatReview"), "chartScrubbed", x=Raw(repr(x))))

    # ---------------------------------------------------------------- either
    @either
    def note_typed(self, value):
        self.set(("destination", ("e", "notes"), "text"), text(value))
        return self.dest("notes", self.binding("Notes", "text", q(value)))

    # ---------------------------------------------------------------- signal
    @signal
    def appeared(self):
        return self.act("onAppear")

    @signal
    def roster_loaded(self):
        self.set(("roster", "isLoading"), boolean(False))
        self.set(("roster", "athletes"), Arr(St("Athlete", [("id", self.uuid_value(a["id"])), ("name", text(a["name"])),
                                                            ("event", text(a["event"])), ("maxHeartRate", num(a["max"]))])
                                             for a in self.roster))
        return self.act("roster", A(self.at("Roster"), "response", self.result("[Athlete]", True, Struct("Team", [
            ("name", q("Eastside Harriers")), ("athletes", Raw(str(len(self.roster))))]))))

    @signal
    def plan_loaded(self):
        self.set(("workout", "plan"), St("Plan", [("name", text("%d × 800m @ 2:20, 2:00 rest" % self.reps)),
                                                  ("reps", num(self.reps)), ("distance", num(800)),
                                                  ("splitEvery", num(200)), ("restSeconds", num(120))]))
        return self.act("workout", A(self.at("Workout"), "planResponse", self.result("Plan", True, Struct("Plan", [
            ("id", q("wk_" + self.uid()[:6].lower())), ("name", q("%d × 800m @ 2:20" % self.reps))]))))

    @signal
    def strap_connection(self, x, up):
        x["up"] = up
        self.set(self.spath(x, "isConnected"), boolean(up))
        if up:
            return self.strap(x, "didConnect")
        self.set(self.spath(x, "heartRate"), NIL)
        return self.strap(x, "didDisconnect", Struct("CBError", [("code", Raw("6")), ("description", q("The connection has timed out unexpectedly."))]))

    # reason: raised off the heart-rate stream, but it is an alarm the coach is shown
    @signal
    def max_zone(self, x):
        x["alarm"] = True
        self.set(self.spath(x, "isInMaxZone"), boolean(True))
        return self.strap(x, "maxZoneEntered", bpm=Raw(str(x["bpm"])))

    @signal
    def athlete_toggled(self, a, on):
        if on:
            self.append(("heat", "lanes"), St(self.st("Lane"), [("id", self.uuid_value(a["id"])), ("name", text(a["name"])),
                                                                ("splits", Arr()), ("lastSplit", NIL), ("isFinished", boolean(False))]))
        return self.heat("athleteToggled", id=self.uarg(a["id"]), isSelected=Raw("true" if on else "false"))

    @signal
    def start_tapped(self):
        self.heat_no += 1
        self.set(("heat", "number"), num(self.heat_no))
        self.set(("heat", "status"), self.case("countdown", "Heat.Status"))
        self.set(("heat", "countdown"), num(3))
        self.set(("heat", "elapsed"), num(0.0))
        for i, a in enumerate(self.runners):
            self.set(self.lpath(a, "splits"), Arr())
            self.set(self.lpath(a, "lastSplit"), NIL)
            self.set(self.lpath(a, "isFinished"), boolean(False))
        if self.get(("rest",)) is not NIL:
            self.set(("rest",), NIL)
        return self.heat("startButtonTapped")

    # reason: a fixed 3 s after the coach's start tap, but it starts the heat: the status becomes running
    @signal
    def gun(self):
        self.running = True
        self.t0 = self.now
        self.elapsed = 0.0
        self.set(("heat", "countdown"), NIL)
        self.set(("heat", "status"), self.case("running", "Heat.Status"))
        self.set(("heat", "elapsed"), num(0.0))
        rep = int(self.get(("workout", "currentRep")).cd) + 1
        self.set(("workout", "currentRep"), num(rep))
        return self.heat("countdownFinished")

    # reason: the coach's tap as the athlete passes: a person's act, though each athlete's taps come at a steady pace
    @signal
    def split_tapped(self, a):
        t = round(self.now - self.t0, 2)
        splits = self.get(self.lpath(a, "splits")).items
        prev = sum(float(v.f["time"].cd) for v in splits)
        self.append(self.lpath(a, "splits"), St("Split", [("meters", num(200 * (len(splits) + 1))),
                                                          ("time", num(round(t - prev, 2)))]))
        self.set(self.lpath(a, "lastSplit"), text(self.clock_text(t)))
        if len(splits) >= self.splits:
            self.set(self.lpath(a, "isFinished"), boolean(True))
        return self.lane(a["id"], "splitTapped")

    @signal
    def undo_split(self, a):
        splits = self.get(self.lpath(a, "splits")).items
        self.remove_at(self.lpath(a, "splits"), len(splits) - 1)
        self.set(self.lpath(a, "isFinished"), boolean(False))
        return self.lane(a["id"], "undoLastSplitTapped")

    @signal
    def stop_tapped(self):
        self.running = False
        self.set(("heat", "status"), self.case("finished", "Heat.Status"))
        return self.heat("stopButtonTapped")

    # reason: the heat's delegate action after the coach's stop
    @signal
    def heat_finished(self):
        times = [(a, sum(float(v.f["time"].cd) for v in self.get(self.lpath(a, "splits")).items)) for a in self.runners]
        best = min(t for _, t in times)
        self.append(("results",), St(self.st("HeatResult"), [
            ("id", num(self.heat_no)), ("distance", num(800)), ("best", text(self.clock_text(best))),
            ("finishers", num(len(times))), ("isUploaded", boolean(False))]))
        self.pending.append(self.heat_no)
        self.set(("upload", "pending"), num(len(self.pending)))
        self.rest_left = 120
        self.set(("rest",), St(self.st("Rest"), [("secondsRemaining", num(120))]))
        self.set(("heat", "status"), self.case("idle", "Heat.Status"))
        return self.heat("delegate", A(self.at("Heat.Delegate"), "finished", Struct("HeatResult", [
            ("number", Raw(str(self.heat_no))), ("finishers", Raw(str(len(times)))), ("best", q(self.clock_text(best)))])))

    # reason: the rest timer's end rings an alarm for the coach
    @signal
    def rest_finished(self):
        self.set(("rest",), NIL)
        return self.act("rest", A(self.at("Rest"), "finished"))

    @signal
    def rest_skipped(self):
        self.rest_left = 0
        self.set(("rest",), NIL)
        return self.act("rest", A(self.at("Rest"), "skipButtonTapped"))

    # reason: started by the heat's end (the coach's stop), not by a tap on upload
    @signal
    def upload_started(self):
        self.uploading = True
        self.set(("upload", "status"), self.case("uploading", "Upload.Status"))
        return self.upload("start", heats=Raw("[%s]" % ", ".join(str(h) for h in self.pending)))

    # reason: answers the upload the coach's stop started; its failures are the network dropping
    @signal
    def upload_response(self, ok):
        self.attempt = 0 if ok else self.attempt + 1
        self.set(("upload", "attempt"), num(self.attempt))
        self.set(("upload", "progress"), NIL)
        if ok:
            done, self.pending = self.pending, []
            for h in done:
                self.set(("results", ("i", h - 1), "isUploaded"), boolean(True))
            self.set(("upload", "pending"), num(0))
            self.set(("upload", "status"), self.case("idle", "Upload.Status"))
            self.set(("upload", "lastUploadedAt"), self.date())
            self.uploading = False
            return self.upload("response", self.result("UploadReceipt", True, Struct("UploadReceipt", [
                ("heats", Raw(str(len(done)))), ("serverID", q("up_" + self.uid()[:8].lower()))])))
        self.set(("upload", "status"), self.case("waitingToRetry", "Upload.Status"))
        return self.upload("response", self.result("UploadReceipt", False, Struct("URLError", [
            ("code", Raw(self.rng.choice(["-1009", "-1001", "-1005"] if not self.net_up else ["-1001", "-1005"])))])))

    @signal
    def path_updated(self, up):
        self.net_up = up
        self.set(("network", "status"), self.case("satisfied" if up else "unsatisfied", "NWPath.Status"))
        self.set(("network", "interface"), self.case("wifi" if up else "none", "Interface"))
        return self.act("network", A(self.at("Network"), "pathUpdated", Struct("NWPath", [
            ("status", Raw(".satisfied" if up else ".unsatisfied")), ("isExpensive", Raw("false"))])))

    @signal
    def result_tapped(self, h):
        self.set(("destination",), En(self.st("Destination"), "heatReview", St(self.st("HeatReview"), [
            ("heat", num(h)), ("scrubPosition", NIL), ("selectedSplit", NIL)])))
        return self.act("results", self.element("HeatResult", Raw(str(h)), A(self.at("HeatResult"), "tapped")))

    @signal
    def scrub_ended(self, split):
        self.set(("destination", ("e", "heatReview"), "scrubPosition"), NIL)
        self.set(("destination", ("e", "heatReview"), "selectedSplit"), num(split))
        return self.dest("heatReview", A(self.at("HeatReview"), "scrubEnded", split=Raw(str(split))))

    @signal
    def dismissed(self):
        self.set(("destination",), NIL)
        return self.act("destination", A("PresentationAction<%s>" % self.at("Destination"), "dismiss"))

    @signal
    def notes_tapped(self, a):
        self.set(("destination",), En(self.st("Destination"), "notes", St(self.st("Notes"), [
            ("athleteID", self.uuid_value(a["id"])), ("athlete", text(a["name"])), ("text", text("")),
            ("isSaving", boolean(False))])))
        return self.lane(a["id"], "addNoteButtonTapped")

    @signal
    def notes_saved(self):
        self.set(("destination", ("e", "notes"), "isSaving"), boolean(True))
        return self.dest("notes", A(self.at("Notes"), "saveButtonTapped"))

    @signal
    def notes_delegate(self):
        body = self.get(("destination", ("e", "notes"), "text")).df
        self.set(("destination",), NIL)
        return self.dest("notes", A(self.at("Notes"), "delegate", A(self.at("Notes.Delegate"), "saved", q(body))))

    # ---------------------------------------------------------------- processes
    def processes(self):
        procs = [self.clock(), self.network(), self.uploader(), self.coach()]
        for x in self.straps:
            procs.append(self.strap_stream(x))
        return procs

    def clock(self):
        """The display's 0.1 s timer while a heat runs."""
        while True:
            if not self.running:
                yield 0.05
                continue
            k = 0
            while self.running:
                k += 1
                yield max(0.0005, self.t0 + 0.1 * k + self.rng.uniform(-0.002, 0.002) - self.now)
                if self.running:
                    self.emit(self.clock_tick)

    def strap_stream(self, x):
        """A strap: connects, a reading each second, the battery each minute, the heart rate
        rising while its athlete runs and falling at rest; a dropout now and then."""
        rng = self.rng
        yield rng.uniform(1.5, 6.0)
        self.emit(self.strap_connection, x, True)
        next_batt = self.now + rng.uniform(2, 60)
        drop_at = self.now + rng.uniform(200, 2200)
        k = 0
        base = self.now
        while True:
            k += 1
            yield max(0.0005, base + k * 1.0 + rng.uniform(-0.01, 0.01) - self.now)
            lane_running = self.running and not self.finished.get(x["athlete"]["id"], True)
            target = (x["athlete"]["max"] - rng.randint(4, 14)) if lane_running else (x["target"] if not self.running else 128)
            step = (target - x["bpm"]) * (0.07 if target > x["bpm"] else 0.03) + rng.uniform(-1.2, 1.2)
            x["bpm"] = int(round(max(55, min(x["athlete"]["max"] + 2, x["bpm"] + step))))
            self.emit(self.heart_rate, x)
            if x["bpm"] >= x["athlete"]["max"] - 5 and not x["alarm"] and x["up"]:
                self.emit(self.max_zone, x)
            if self.now >= next_batt:
                self.emit(self.battery, x)
                if rng.random() < 0.08:
                    x["battery"] -= 1
                next_batt += 60.0 + rng.uniform(-0.5, 0.5)
            if self.now >= drop_at and x["up"]:
                self.emit(self.strap_connection, x, False)
                yield rng.uniform(6, 35)
                self.emit(self.strap_connection, x, True)
                base = self.now
                k = 0
                drop_at = self.now + rng.uniform(400, 2200)

    def network(self):
        """The stadium's Wi-Fi: drops for half a minute to two minutes, a few times."""
        rng = self.rng
        while True:
            yield rng.uniform(120, 260)
            self.emit(self.path_updated, False)
            yield rng.uniform(30, 120)
            self.emit(self.path_updated, True)

    def uploader(self):
        rng = self.rng
        while True:
            if not self.pending or self.uploading:
                yield 0.2
                continue
            self.emit(self.upload_started)
            while True:
                if self.net_up and rng.random() < 0.9:
                    p = 0.0
                    while p < 1.0:
                        yield rng.uniform(0.15, 0.5)
                        p = round(min(1.0, p + rng.uniform(0.12, 0.35)), 2)
                        if p < 1.0:
                            self.emit(self.upload_progress, p)
                    yield rng.uniform(0.1, 0.4)
                    self.emit(self.upload_response, True)
                    break
                yield rng.uniform(0.05, 0.3) if not self.net_up else rng.uniform(8, 15)
                self.emit(self.upload_response, False)
                yield min(60.0, 2.0 ** self.attempt) + rng.uniform(-0.01, 0.01)
                self.emit(self.retry_fired)

    def run_heat(self):
        """Countdown, the athletes' splits as the coach taps them, the stop and the results."""
        rng = self.rng
        self.emit(self.start_tapped)
        for n in (2, 1):
            yield 1.0 + rng.uniform(-0.003, 0.003)
            self.emit(self.countdown_tick, n)
        yield 1.0 + rng.uniform(-0.003, 0.003)
        self.emit(self.gun)
        self.finished = {a["id"]: False for a in self.runners}
        # each athlete's passes, fatigue over the reps
        passes = []
        for a in self.runners:
            t = 0.0
            pace = a["pace"] * (1 + 0.015 * self.heat_no)
            for k in range(self.splits):
                t += pace * rng.uniform(0.95, 1.07) + (1.5 if k == 0 else 0.0)
                passes.append((t, a, k == self.splits - 1))
        passes.sort(key=lambda p: p[0])
        busy_until = 0.0
        for t, a, last in passes:
            tap = max(t + rng.uniform(0.05, 0.35), busy_until + rng.uniform(0.35, 0.7))
            busy_until = tap
            yield max(0.0, self.t0 + tap - self.now)
            self.emit(self.split_tapped, a)
            if last:
                self.finished[a["id"]] = True
            if rng.random() < 0.03:                        # a mis-tap, undone
                yield rng.uniform(1.0, 2.5)
                self.emit(self.undo_split, a)
                yield rng.uniform(0.3, 0.8)
                self.emit(self.split_tapped, a)
        yield rng.uniform(1.5, 5.0)
        self.emit(self.stop_tapped)
        yield rng.uniform(0.02, 0.08)
        self.emit(self.heat_finished)

    def review(self):
        rng = self.rng
        yield rng.uniform(5, 20)
        h = rng.randint(1, self.heat_no)
        self.emit(self.result_tapped, h)
        for _ in range(rng.randint(1, 3)):
            yield rng.uniform(2, 8)
            hz = rng.uniform(60, 120)
            n = max(8, int(hz * rng.uniform(0.5, 2.5)))
            x0, x1 = rng.uniform(0, 320), rng.uniform(0, 320)
            yield from self.gesture(self.scrubbed, hz=hz, duration=n / hz, args=lambda i: (
                round(x0 + (x1 - x0) * (i + 1) / n + rng.uniform(-1, 1), 1),))
            self.emit(self.scrub_ended, 1 + min(self.splits - 1, int(x1 // 80)))
        yield rng.uniform(3, 10)
        self.emit(self.dismissed)
        if rng.random() < 0.7:
            yield rng.uniform(3, 10)
            a = rng.choice(self.runners)
            self.emit(self.notes_tapped, a)
            yield rng.uniform(1, 3)
            body = rng.choice(COACH_NOTES)
            for k in range(1, len(body) + 1):
                self.emit(self.note_typed, body[:k])
                yield rng.uniform(0.1, 0.4) if body[k - 1] != " " else rng.uniform(0.2, 0.9)
            yield rng.uniform(0.5, 2)
            self.emit(self.notes_saved)
            yield rng.uniform(0.1, 0.4)
            self.emit(self.notes_delegate)

    def coach(self):
        rng = self.rng
        self.finished = {}
        yield rng.uniform(0.3, 0.8)
        self.emit(self.appeared)
        yield rng.uniform(0.4, 1.5)
        self.emit(self.roster_loaded)
        yield rng.uniform(0.1, 0.5)
        self.emit(self.plan_loaded)
        yield rng.uniform(5, 15)
        for a in self.runners:
            self.emit(self.athlete_toggled, a, True)
            yield rng.uniform(0.8, 3.0)
        yield rng.uniform(20, 50)                          # the athletes line up
        while True:
            yield from self.run_heat()
            if self.heat_no >= self.reps:
                yield from self.review()
                yield 1e6
            rest_end = self.now + 120
            self.spawn(self.rest_timer())
            yield from self.review()
            if rng.random() < 0.15 and rest_end - self.now > 15:
                yield rng.uniform(5, max(6, rest_end - self.now - 10))
                self.emit(self.rest_skipped)
                yield rng.uniform(8, 20)
            else:
                while self.rest_left > 0:
                    yield 0.5
                yield rng.uniform(6, 25)                   # to the line

    def rest_timer(self):
        k = 0
        base = self.now
        while self.rest_left > 0:
            k += 1
            yield max(0.0005, base + k + self.rng.uniform(-0.003, 0.003) - self.now)
            if self.rest_left <= 0:
                return
            self.emit(self.rest_tick)
        self.emit(self.rest_finished)


APPS = {"ereader": Folio, "dating": Kindred, "trackcoach": LapLine}
