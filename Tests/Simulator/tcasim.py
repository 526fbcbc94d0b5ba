#!/usr/bin/env python3
"""tcasim: simulated sessions of TCA apps, printed as their debug logs, with labels.

An app (a subclass of App) holds its state as a value tree (St, Arr, Dic, En, V) and runs
processes on a simulated clock: generators that yield how many seconds to wait. A process
calls self.emit(maker, *args); the maker changes the state (self.set, append, remove_at,
put, delete) and returns the action it stands for (A(...) values), or None when nothing
happens. Every action is printed as the store would print it at that simulated moment:

  diffing  "🎬 Received action:", the action in TCA 0.x's pretty dump, "🖨️ State:" and the
           Difference library's tree of the change, or "🖨️ (No state changes)"
  tca1     "received action:", the action in Custom Dump indented 2, the Custom Dump diff
           of the state (unchanged parts collapsed) or "  (No state changes)", a blank line

Each maker carries a label, @noise (machine-paced: timers, pointer and scroll streams,
progress, polls), @signal (a person's intents, system events, effect responses) or
@either (ambiguous: a text field's binding per keystroke). The labels file says, per
action path, that label and how many records and lines the path took:

  {"app", "format", "seed", "minutes", "generics", "records", "lines", "bytes",
   "actions": {path: {"label", "count", "lines", "noop"[, "keyPaths"]}}}

A binding's path (`….binding.set`) also has "keyPaths": {"\\.$x": {"label", "count",
"lines", "noop"}}, one per key path it set; when its key paths' labels differ, the path's
label is "mixed" (a slider's binding is noise, a toggle's beside it signal).

"lines" counts a record's lines with its blank line, so the paths' lines add up to the
file's. The same --app/--seed/--minutes give the same session in both formats and with
both prefixes.

  tcasim.py --app browser --format tca1 --minutes 10 --seed 1 -o s.log --labels s.json
  tcasim.py --apps-module apps/session_apps.py --app player --prefix oslog -o p.log
  tcasim.py --list-apps --apps-module apps/session_apps.py

--prefix oslog writes a `log stream` prefix with the simulated time (2026-11-20 10:00:00
+0100 is time 0) on every header line. --generics two spells collection and effect
actions IdentifiedAction<ID, Action> and Result<Value, any Error>.

Standard library only; written for this repository's tests.
"""

import argparse
import datetime
import heapq
import importlib.util
import json
import math
import os
import random
import sys
import uuid

__all__ = ["APPS", "register", "App", "A", "Case", "Struct", "Raw", "q", "noise", "signal", "either",
           "V", "St", "Arr", "Dic", "En", "NIL", "num", "text", "boolean", "action_path", "main"]

APPS = {}
START = datetime.datetime(2026, 11, 20, 9, 0, 0, tzinfo=datetime.timezone.utc)   # simulated time 0
OSLOG_ZONE = datetime.timezone(datetime.timedelta(hours=1))                         # prefixes in +0100
GENERICS = "one"   # --generics


def register(cls):
    """Class decorator: make an App subclass available as --app cls.name."""
    APPS[cls.name] = cls
    return cls


# ============================================================================ labels

def _labelled(label):
    def mark(fn):
        fn.label = label
        return fn
    return mark


noise = _labelled("noise")
signal = _labelled("signal")
either = _labelled("either")


# ======================================================== values and their printers
# The formats are written by tcaformat.py (the one writer of them, shared with genlog.py and
# the samples); the apps import the value types from here.

from tcaformat import (A, Arr, Case, Dic, En, NIL, Raw, St, Struct, V, _shallow, action_path,
                       binding_key_path, boolean, cd_diff, custom_dump, df_leaves, difference_tree, num,
                       oslog_prefix, pretty_0x, q, same, text)


# ================================================================================ app

class App:
    """A simulated app. Subclasses set name, module (the Swift module Difference qualifies
    names with), process (the OSLog process name) and roots (the root action type in
    diffing and in tca1 logs), build self.state (an St) in __init__ and return generators
    from processes()."""

    name = None
    module = "App"
    process = "App"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        self.session = session
        self.rng = session.rng
        self.fmt = session.fmt
        self.tca1 = session.fmt == "tca1"
        self.now = 0.0
        self.busy = True
        self.state = None
        self._undo = []

    # -- type and action names: `Player.Action` in tca1 logs, `PlayerAction` in diffing ones
    def at(self, feature):
        return feature + (".Action" if self.tca1 else "Action")

    def st(self, feature):
        return feature + (".State" if self.tca1 else "State")

    def act(self, name, *unlabeled, **labeled):
        """A case of the root action."""
        return A(self.roots[1] if self.tca1 else self.roots[0], name, *unlabeled, **labeled)

    def binding(self, feature, field, value):
        """`.binding(.set(\\Feature.State.$field, value))`."""
        st = self.st(feature)
        return A(self.at(feature), "binding",
                 A("BindingAction<%s>" % st.replace(".", ""), "set", Raw("\\%s.$%s" % (st, field)), value))

    def case(self, name, enum_type, qualified=False):
        """A payload-less enum case in the state: `.name` in Custom Dump; `name` in a
        Difference leaf (`Module.Type.name` with qualified=True)."""
        full = "%s.%s.%s" % (self.module, enum_type, name)
        return V("." + name, full if qualified else name, full)

    def element(self, row_feature, id_value, inner):
        """`.element(id:, action:)` of a forEach over an identified collection."""
        if GENERICS == "two":
            t = "IdentifiedAction<%s.ID, %s>" % (self.st(row_feature), self.at(row_feature))
        else:
            t = "IdentifiedActionOf<%s>" % row_feature
        return A(t, "element", id=id_value, action=inner)

    def result(self, value_type, ok, payload):
        """An effect's response: `.success(payload)` or `.failure(error)`."""
        t = ("Result<%s, any Error>" if GENERICS == "two" else "TaskResult<%s>") % value_type
        return A(t, "success" if ok else "failure", payload)

    def date(self, t=None):
        """A Date in the state, at simulated time t (default: now), whole seconds."""
        d = START + datetime.timedelta(seconds=int(self.now if t is None else t))
        iso = d.strftime("%Y-%m-%dT%H:%M:%S")
        plain = d.strftime("%Y-%m-%d %H:%M:%S +0000")
        return V("Date(%s.000Z)" % iso, plain, plain)

    def uid(self):
        return str(uuid.UUID(int=self.rng.getrandbits(128))).upper()

    def uuid_value(self, u):
        return V("UUID(%s)" % u, u, u)

    # -- time
    def processes(self):
        return []

    def emit(self, maker, *args):
        """Run a maker now and print its record."""
        self.session.record(maker, args)

    def after(self, delay, maker, *args):
        """An effect whose action arrives `delay` seconds from now."""
        def effect():
            yield delay
            self.emit(maker, *args)
        self.session.spawn(effect())

    def spawn(self, gen, delay=0.0):
        self.session.spawn(gen, delay)

    def expo(self, mean):
        return self.rng.expovariate(1.0 / mean)

    def periodic(self, maker, period, jitter=0.0, first=None, when=None, args=()):
        """A timer firing every `period` seconds on its own schedule, each firing up to
        `jitter` early or late (the error does not build up); it emits only while when()
        holds. The first firing is at `first`, or at a random phase of the period."""
        due = self.now + (self.rng.uniform(0, period) if first is None else first)
        k = 0
        while True:
            fire = max(self.now + 0.0005, due + period * k + self.rng.uniform(-jitter, jitter))
            yield fire - self.now
            if when is None or when():
                self.emit(maker, *args)
            k += 1

    def think(self, busy_think, calm_think, busy_len=(60, 200), calm_len=(15, 60)):
        """Pauses before a person's next intent: exponential, with a mean drawn from
        busy_think (seconds, a range) in busy phases and calm_think in calm ones; the phases
        alternate, their lengths drawn from busy_len and calm_len. self.busy says which."""
        busy = False
        until = self.now
        while True:
            while self.now >= until:
                busy = not busy
                until += self.rng.uniform(*(busy_len if busy else calm_len))
            self.busy = busy
            yield self.expo(self.rng.uniform(*(busy_think if busy else calm_think)))

    def poisson(self, maker, mean, when=None, args=()):
        """Events at exponential intervals of `mean` seconds (a server's pushes)."""
        while True:
            yield self.expo(mean)
            if when is None or when():
                self.emit(maker, *args)

    def gesture(self, maker, hz=None, duration=None, args=(), each=None):
        """A pointer or touch stream, for `yield from`: maker at `hz` events a second (30-60
        when not given) for `duration` seconds (0.3-3 s when not given, mostly short); the
        intervals wobble by a few per cent around 1/hz. args: a tuple, or a function of the
        event's index giving one; each(i), when given, runs after event i."""
        rng = self.rng
        if hz is None:
            hz = rng.uniform(30, 60)
        if duration is None:
            duration = min(3.0, 0.3 + rng.lognormvariate(math.log(0.45), 0.8))
        n = max(2, int(round(duration * hz)))
        for i in range(n):
            yield max(0.002, rng.gauss(1.0, 0.05)) / hz
            self.emit(maker, *(args(i) if callable(args) else args))
            if each is not None:
                each(i)

    # -- the state: paths are tuples of a field name, ("i", index), ("k", key), ("e", case)
    def get(self, path):
        node = self.state
        for c in path:
            node = _step(node, c)
        return node

    def set(self, path, value):
        """Assign; a change unless the value is equal (then a no-op, False)."""
        parent = self.get(path[:-1])
        c = path[-1]
        old = _step(parent, c)
        if same(old, value):
            return False
        _assign(parent, c, value)
        self._undo.append(("set", tuple(path), old))
        return True

    def append(self, path, value):
        arr = self.get(path)
        arr.items.append(value)
        self._undo.append(("insert", tuple(path), len(arr.items) - 1))

    def remove_at(self, path, index):
        arr = self.get(path)
        old = arr.items.pop(index)
        self._undo.append(("remove", tuple(path), index, old))
        return old

    def put(self, path, key, value):
        dic = self.get(path)
        if key in dic.d:
            return self.set(tuple(path) + (("k", key),), value)
        dic.d[key] = value
        self._undo.append(("add", tuple(path), key))
        return True

    def delete(self, path, key):
        dic = self.get(path)
        position = list(dic.d).index(key)
        old = dic.d.pop(key)
        self._undo.append(("drop", tuple(path), key, old, position))
        return old

    def _previous_state(self, undo):
        """The state before the changes in `undo`: the containers on their paths copied, the
        changes reverted on the copies, everything else shared with the current state."""
        root = _shallow(self.state)
        copies = {id(root)}

        def parent_of(path):
            node = root
            for c in path:
                child = _step(node, c)
                if id(child) not in copies:
                    child = _shallow(child)
                    copies.add(id(child))
                    _assign(node, c, child)
                node = child
            return node

        for entry in reversed(undo):
            kind, path = entry[0], entry[1]
            if kind == "set":
                _assign(parent_of(path[:-1]), path[-1], entry[2])
            elif kind == "insert":
                parent_of(path).items.pop(entry[2])
            elif kind == "remove":
                parent_of(path).items.insert(entry[2], entry[3])
            elif kind == "add":
                del parent_of(path).d[entry[2]]
            else:
                dic = parent_of(path)
                items = list(dic.d.items())
                items.insert(entry[4], (entry[2], entry[3]))
                dic.d = dict(items)
        return root


def _step(node, c):
    if isinstance(c, str):
        return node.f[c]
    if c[0] == "i":
        return node.items[c[1]]
    if c[0] == "k":
        return node.d[c[1]]
    if node.case != c[1]:
        raise KeyError("the enum is .%s, not .%s" % (node.case, c[1]))
    return node.payload


def _assign(node, c, value):
    if isinstance(c, str):
        node.f[c] = value
    elif c[0] == "i":
        node.items[c[1]] = value
    elif c[0] == "k":
        node.d[c[1]] = value
    else:
        node.payload = value


# ============================================================================ session

def session_prefix(t, thread, pid, process):
    """`log stream`'s default prefix at simulated time t."""
    d = (START + datetime.timedelta(microseconds=round(t * 1e6))).astimezone(OSLOG_ZONE)
    return oslog_prefix(d.strftime("%Y-%m-%d %H:%M:%S.%f"), thread, pid, process)


class Session:
    """The clock, the processes and the log of one simulated session."""

    def __init__(self, app_cls, fmt, minutes, seed, prefix, out):
        self.fmt = fmt
        self.minutes = minutes
        self.seed = seed
        self.prefix = prefix
        self.out = out
        self.rng = random.Random("tcasim:%s:%d" % (app_cls.name, seed))
        self.end = minutes * 60.0
        self.queue = []
        self.order = 0
        self.pending = []
        self.pending_size = 0
        self.records = 0
        self.lines = 0
        self.bytes = 0
        self.actions = {}
        self.thread = 0x10000 + self.rng.randrange(0xF0000)
        self.pid = 300 + self.rng.randrange(90000)
        self.app = app_cls(self)
        self.order_of_fields = list(self.app.state.f) if self.app.state is not None else []

    def spawn(self, gen, delay=0.0):
        self.order += 1
        heapq.heappush(self.queue, (self.app.now + delay, self.order, gen))

    def run(self):
        for gen in self.app.processes():
            self.spawn(gen)
        while self.queue:
            t, n, gen = heapq.heappop(self.queue)
            if t > self.end:
                break
            self.app.now = t
            try:
                delay = next(gen)
            except StopIteration:
                continue
            # the same order number: a process keeps its place among events at one time
            heapq.heappush(self.queue, (t + max(0.0, delay), n, gen))
        self.flush()

    def record(self, maker, args):
        app = self.app
        app._undo = []
        action = maker(*args)
        undo, app._undo = app._undo, []
        if action is None:
            if undo:
                raise ValueError("%s changed the state but returned no action" % maker.__name__)
            return
        label = getattr(maker, "label", None)
        if label not in ("noise", "signal", "either"):
            raise ValueError("%s has no @noise, @signal or @either label" % getattr(maker, "__name__", maker))
        path = action_path(action)
        before = app._previous_state(undo) if undo else None
        changed = before is not None and not same(before, app.state)
        if self.fmt == "diffing":
            head = "🎬 Received action:\n"
            body = "".join("  " + l + "\n" for l in pretty_0x(action)) + "🖨️ State:\n"
            if changed:
                leaves = []
                df_leaves(before, app.state, (), leaves)
                body += ", ".join(difference_tree(leaves, list(app.state.f), app.module)) + "\n"
            else:
                body += "🖨️ (No state changes)\n"
        else:
            head = "received action:\n"
            body = "".join("  " + l + "\n" for l in custom_dump(action))
            if changed:
                lines = []
                cd_diff(lines, before, app.state)
                body += "\n".join(lines) + "\n\n"
            else:
                body += "  (No state changes)\n\n"
        if self.prefix == "oslog":
            head = session_prefix(app.now, self.thread, self.pid, app.process) + head
        chunk = head + body
        data = chunk.encode("utf-8")
        self.pending.append(data)
        self.pending_size += len(data)
        if self.pending_size > 1 << 20:
            self.flush()
        n = chunk.count("\n")
        self.records += 1
        self.lines += n
        self.bytes += len(data)
        key_path = binding_key_path(action)
        a = self.actions.get(path)
        if a is None:
            a = self.actions[path] = {"label": label, "count": 0, "lines": 0, "noop": 0}
        elif a["label"] != label:
            if key_path is None:
                raise ValueError("%s is labelled %s and %s" % (path, a["label"], label))
            a["label"] = "mixed"   # bindings of one feature: labelled per key path
        a["count"] += 1
        a["lines"] += n
        a["noop"] += 0 if changed else 1
        if key_path is not None:
            k = a.setdefault("keyPaths", {}).get(key_path)
            if k is None:
                k = a["keyPaths"][key_path] = {"label": label, "count": 0, "lines": 0, "noop": 0}
            elif k["label"] != label:
                raise ValueError("%s %s is labelled %s and %s" % (path, key_path, k["label"], label))
            k["count"] += 1
            k["lines"] += n
            k["noop"] += 0 if changed else 1

    def flush(self):
        if self.pending:
            self.out.write(b"".join(self.pending))
            self.pending = []
            self.pending_size = 0

    def labels(self, app_name):
        ordered = sorted(self.actions.items(), key=lambda kv: (-kv[1]["count"], kv[0]))
        return {"app": app_name, "format": self.fmt, "seed": self.seed, "minutes": float(self.minutes),
                "generics": GENERICS, "records": self.records, "lines": self.lines, "bytes": self.bytes,
                "actions": dict(ordered)}


def summary(labels, out):
    """Per action path: label, records, share of lines, share of no-ops."""
    total = labels["lines"] or 1
    rows = sorted(labels["actions"].items(), key=lambda kv: -kv[1]["lines"])
    width = max([len(p) for p, _ in rows] + [4])
    out.write("%s %s: %d records, %d lines\n" % (labels["app"], labels["format"], labels["records"], labels["lines"]))
    shares = {"noise": 0, "signal": 0, "either": 0, "mixed": 0}
    for p, a in rows:
        shares[a["label"]] += a["lines"]
        out.write("  %-*s  %-6s %7d %6.2f%% lines %5.1f%% no-op\n" % (
            width, p, a["label"], a["count"], 100.0 * a["lines"] / total, 100.0 * a["noop"] / a["count"]))
    out.write("  lines: %s\n" % ", ".join("%s %.1f%%" % (k, 100.0 * v / total) for k, v in shares.items()))


def load_apps(path):
    """Import a file of apps (its module-level APPS dict). It imports this file as
    `tcasim`: this very module, whatever name the script runs under."""
    sys.modules.setdefault("tcasim", sys.modules[__name__])
    name = "tcasim_apps_" + os.path.splitext(os.path.basename(path))[0]
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    APPS.update(getattr(module, "APPS", {}))
    return module


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    parser.add_argument("--app", default="browser", help="the app to simulate (--list-apps)")
    parser.add_argument("--format", choices=["diffing", "tca1"], default="diffing")
    parser.add_argument("--minutes", type=float, default=10.0, help="length of the session")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--prefix", choices=["none", "oslog"], default="none",
                        help="oslog: a `log stream` prefix with the time on every header line")
    parser.add_argument("--apps-module", action="append", default=[], metavar="PATH",
                        help="a Python file of more apps (its APPS dict); may be repeated")
    parser.add_argument("--generics", choices=["one", "two"], default="one",
                        help="two: IdentifiedAction<ID, Action> and Result<Value, any Error>")
    parser.add_argument("-o", "--output", default="-", help="the log ('-': standard output)")
    parser.add_argument("--labels", metavar="PATH", help="write the labels JSON here")
    parser.add_argument("--truth", metavar="PATH",
                        help="write what the app planted (its truth_json(): chains_apps.py) as JSON here")
    parser.add_argument("--table", action="store_true", help="a per-path summary on standard error")
    parser.add_argument("--list-apps", action="store_true")
    args = parser.parse_args(argv)
    global GENERICS
    GENERICS = args.generics
    for path in args.apps_module:
        load_apps(path)
    if args.list_apps:
        print("\n".join(sorted(APPS)))
        return 0
    if args.app not in APPS:
        parser.error("unknown app %r (known: %s)" % (args.app, ", ".join(sorted(APPS))))
    out = sys.stdout.buffer if args.output == "-" else open(args.output, "wb")
    try:
        session = Session(APPS[args.app], args.format, args.minutes, args.seed, args.prefix, out)
        session.run()
    finally:
        if out is not sys.stdout.buffer:
            out.close()
    labels = session.labels(args.app)
    if args.truth:
        if not hasattr(session.app, "truth_json"):
            parser.error("--truth: app %r plants nothing to check" % args.app)
        with open(args.truth, "w") as f:
            json.dump(session.app.truth_json(), f, indent=1)
            f.write("\n")
    if args.labels:
        with open(args.labels, "w") as f:
            json.dump(labels, f, indent=1, ensure_ascii=False)
            f.write("\n")
    if args.table:
        summary(labels, sys.stderr)
    print("%s %s: %d records, %d lines, %d bytes" % (args.app, args.format, session.records, session.lines,
                                                     session.bytes), file=sys.stderr)
    return 0


# ============================================================================ browser

SITES = [("Inbox", "mail.example.com/inbox"), ("Roadmap", "docs.example.com/d/roadmap"),
         ("Pull requests", "github.com/pointfreeco/swift-composable-architecture/pulls"),
         ("Week 47", "calendar.example.com/week/47"), ("Board", "linear.app/team/APP/board"),
         ("Berlin", "maps.example.com/place/berlin"), ("Forecast", "weather.example.com/berlin"),
         ("Team wiki", "wiki.example.com/team"), ("Design review", "figma.com/file/review"),
         ("Tech news", "news.example.com/tech"), ("#ios", "chat.example.com/c/ios"),
         ("Releases", "apps.example.com/releases"), ("Forums", "forums.swift.org/latest")]
ADDRESSES = ["forums.swift.org", "github.com/apple", "swiftpackageindex.com", "weather berlin",
             "tca shared state", "news.ycombinator.com", "developer.apple.com", "calendar"]
BOOKMARKS = ["Reading List", "Work", "Swift", "Design", "Travel", "Recipes", "Archive", "Music", "Papers"]


@register
class Browser(App):
    """A desktop browser: two or three windows of tabs, a tab strip the pointer hovers,
    pages that load with progress and scroll, an address bar with suggestions, a bookmarks
    sidebar that can be resized, a clock, and a sync that polls a server.

    noise   timerTicked (1 s clock), windows.element.mouseMoved (pointer, 30-60 Hz while the
            mouse moves), windows.element.tabs.element.hoverChanged (the pointer crossing
            the tab strip), .scrolled (a scroll gesture's offsets), .loadingProgress (a
            page's progress), sync.pollTimerFired (every 5 s, a no-op unless the server
            has news), sidebar.resizeDragged (a drag)
    either  windows.element.addressBar.binding.set (the address field, a keystroke each)
    signal  tab taps, closes, new tabs, a window becoming key, address focus and submit,
            the responses of effects (suggestions, navigation, favicon, sync fetch),
            bookmark taps, the end of a resize, the dark-mode toggle, the scene phase"""

    name = "browser"
    module = "Browser"
    process = "Browser"
    roots = ("AppAction", "AppFeature.Action")

    def __init__(self, session):
        App.__init__(self, session)
        rng = self.rng
        self.wids = [self.uid() for _ in range(rng.randint(2, 3))]
        self.tab_ids = {}
        windows = {}
        for w in self.wids:
            self.tab_ids[w] = [self.uid() for _ in range(rng.randint(3, 9))]
            windows[w] = St(self.st("Window"), [
                ("id", self.uuid_value(w)),
                ("tabs", Arr(self.tab(t, *rng.choice(SITES)) for t in self.tab_ids[w])),
                ("selectedTabID", self.uuid_value(self.tab_ids[w][0])), ("hoveredTabID", NIL),
                ("mouseLocation", St("CGPoint", [("x", num(640.0)), ("y", num(400.0))])),
                ("addressBar", St(self.st("AddressBar"), [("query", text("")), ("isEditing", boolean(False)),
                                                          ("suggestions", Arr())])),
                ("isKeyWindow", boolean(w == self.wids[0]))])
        self.key = self.wids[0]
        self.pointer = {w: [640.0, 400.0] for w in self.wids}
        self.loading = set()
        self.active = True
        self.news = 0            # changes waiting on the server
        self.fetching = False
        self.clock = 0           # whole seconds the clock has shown
        self.state = St(self.st("AppFeature"), [
            ("windows", Dic(windows, key="UUID(%s)")),
            ("sidebar", St(self.st("Sidebar"), [("bookmarks", Arr(text(b) for b in BOOKMARKS[:rng.randint(4, 7)])),
                                                ("selection", NIL), ("width", num(220.0)),
                                                ("isResizing", boolean(False))])),
            ("sync", St(self.st("Sync"), [("status", self.case("idle", "Sync.Status")),
                                          ("lastSyncedAt", NIL), ("fetchedRecords", num(0))])),
            ("settings", St(self.st("Settings"), [("isDarkMode", boolean(False)), ("zoom", num(1.0))])),
            ("now", self.date(0)),
            ("scenePhase", self.case("active", "ScenePhase"))])

    # -- values and paths
    def tab(self, t, title, url):
        return St(self.st("TabRow"), [("id", self.uuid_value(t)), ("title", text(title)),
                                      ("url", text("https://" + url)), ("isLoading", boolean(False)),
                                      ("progress", num(1.0)), ("scrollY", num(0.0)), ("favicon", NIL)])

    def uuid_arg(self, u):
        return Raw("UUID(%s)" % u if self.tca1 else u)

    def wpath(self, w, *rest):
        return ("windows", ("k", w)) + rest

    def tpath(self, w, t, *rest):
        return self.wpath(w, "tabs", ("i", self.tab_ids[w].index(t))) + rest

    def win(self, w, inner):
        return self.act("windows", self.element("Window", self.uuid_arg(w), inner))

    def row(self, w, t, inner):
        return self.win(w, A(self.at("Window"), "tabs", self.element("TabRow", self.uuid_arg(t), inner)))

    def bar(self, w, inner):
        return self.win(w, A(self.at("Window"), "addressBar", inner))

    def point(self, x, y):
        return Struct("CGPoint", [("x", Raw(repr(x))), ("y", Raw(repr(y)))])

    # -- noise
    @noise
    def timer_ticked(self):
        self.clock += 1
        self.set(("now",), self.date(self.clock))
        return self.act("timerTicked")

    @noise
    def mouse_moved(self, w, x, y):
        self.set(self.wpath(w, "mouseLocation"), St("CGPoint", [("x", num(x)), ("y", num(y))]))
        return self.win(w, A(self.at("Window"), "mouseMoved", self.point(x, y)))

    @noise
    def hover_changed(self, w, t, inside):
        current = self.get(self.wpath(w, "hoveredTabID"))
        if inside:
            self.set(self.wpath(w, "hoveredTabID"), self.uuid_value(t))
        elif current is not NIL and current.cd == self.uuid_value(t).cd:
            self.set(self.wpath(w, "hoveredTabID"), NIL)
        return self.row(w, t, A(self.at("TabRow"), "hoverChanged", Raw("true" if inside else "false")))

    @noise
    def scrolled(self, w, t, y):
        self.set(self.tpath(w, t, "scrollY"), num(y))
        return self.row(w, t, A(self.at("TabRow"), "scrolled", offset=Raw(repr(y))))

    @noise
    def loading_progress(self, w, t, p):
        self.set(self.tpath(w, t, "progress"), num(p))
        return self.row(w, t, A(self.at("TabRow"), "loadingProgress", Raw(repr(p))))

    @noise
    def poll_fired(self):
        if self.news and not self.fetching:
            self.fetching = True
            self.set(("sync", "status"), self.case("fetching", "Sync.Status"))
            self.after(self.rng.uniform(0.2, 1.0), self.fetch_response)
        return self.act("sync", A(self.at("Sync"), "pollTimerFired"))

    @noise
    def resize_dragged(self, width):
        self.set(("sidebar", "isResizing"), boolean(True))
        self.set(("sidebar", "width"), num(width))
        return self.act("sidebar", A(self.at("Sidebar"), "resizeDragged", width=Raw(repr(width))))

    # -- either
    @either
    def query_typed(self, w, value):
        self.set(self.wpath(w, "addressBar", "query"), text(value))
        return self.bar(w, self.binding("AddressBar", "query", q(value)))

    # -- signal
    @signal
    def scene_phase(self, phase):
        self.set(("scenePhase",), self.case(phase, "ScenePhase"))
        # a lone enum payload reads as a child case: the path is scenePhaseChanged.active
        return self.act("scenePhaseChanged", A("ScenePhase", phase))

    @signal
    def became_key(self, w):
        for other in self.wids:
            self.set(self.wpath(other, "isKeyWindow"), boolean(other == w))
        return self.win(w, A(self.at("Window"), "becameKey"))

    @signal
    def tab_tapped(self, w, t):
        self.set(self.wpath(w, "selectedTabID"), self.uuid_value(t))
        return self.row(w, t, A(self.at("TabRow"), "tapped"))

    @signal
    def close_tapped(self, w, t):
        i = self.tab_ids[w].index(t)
        selected = self.get(self.wpath(w, "selectedTabID")).cd == self.uuid_value(t).cd
        action = self.row(w, t, A(self.at("TabRow"), "closeButtonTapped"))
        self.remove_at(self.wpath(w, "tabs"), i)
        self.tab_ids[w].pop(i)
        self.loading.discard(t)
        if selected:
            self.set(self.wpath(w, "selectedTabID"), self.uuid_value(self.tab_ids[w][max(0, i - 1)]))
        hovered = self.get(self.wpath(w, "hoveredTabID"))
        if hovered is not NIL and hovered.cd == self.uuid_value(t).cd:
            self.set(self.wpath(w, "hoveredTabID"), NIL)
        return action

    @signal
    def new_tab(self, w):
        t = self.uid()
        self.tab_ids[w].append(t)
        self.append(self.wpath(w, "tabs"), self.tab(t, "New Tab", "start.example.com"))
        self.set(self.wpath(w, "selectedTabID"), self.uuid_value(t))
        return self.win(w, A(self.at("Window"), "newTabButtonTapped"))

    @signal
    def navigated(self, w, t, ok):
        if t not in self.tab_ids[w]:
            return None            # closed while loading: the effect was cancelled
        self.loading.discard(t)
        title, url = self.rng.choice(SITES)
        self.set(self.tpath(w, t, "isLoading"), boolean(False))
        self.set(self.tpath(w, t, "progress"), num(1.0))
        if ok:
            self.set(self.tpath(w, t, "title"), text(title))
        payload = Struct("Page", [("title", q(title)), ("url", q("https://" + url)), ("statusCode", Raw("200"))]) \
            if ok else Struct("URLError", [("code", Raw("-1001"))])
        return self.row(w, t, A(self.at("TabRow"), "navigationResponse", self.result("Page", ok, payload)))

    @signal
    def favicon_loaded(self, w, t):
        if t not in self.tab_ids[w]:
            return None
        size = self.rng.randint(600, 8000)
        self.set(self.tpath(w, t, "favicon"), St("Favicon", [("bytes", num(size)), ("scale", num(2.0))]))
        return self.row(w, t, A(self.at("TabRow"), "faviconResponse", self.result(
            "Favicon", True, Struct("Favicon", [("bytes", Raw(str(size))), ("scale", Raw("2.0"))]))))

    @signal
    def address_focused(self, w, editing):
        self.set(self.wpath(w, "addressBar", "isEditing"), boolean(editing))
        if not editing:
            self.set(self.wpath(w, "addressBar", "suggestions"), Arr())
        return self.bar(w, A(self.at("AddressBar"), "focusChanged", Raw("true" if editing else "false")))

    @signal
    def suggestions_loaded(self, w, query):
        hits = [s for s in SITES if query[:2].lower() in (s[0] + s[1]).lower()][:4]
        rows = [St("Suggestion", [("title", text(tt)), ("url", text("https://" + u))]) for tt, u in hits]
        rows.append(St("Suggestion", [("title", text("Search “%s”" % query)),
                                      ("url", text("https://search.example.com/?q=" + query.replace(" ", "+")))]))
        self.set(self.wpath(w, "addressBar", "suggestions"), Arr(rows))
        return self.bar(w, A(self.at("AddressBar"), "suggestionsResponse", self.result(
            "[Suggestion]", True, Struct("SuggestionPage", [("query", q(query)), ("count", Raw(str(len(rows))))]))))

    @signal
    def submitted(self, w, t, address):
        self.set(self.wpath(w, "addressBar", "isEditing"), boolean(False))
        self.set(self.wpath(w, "addressBar", "suggestions"), Arr())
        self.set(self.tpath(w, t, "url"), text("https://" + address.replace(" ", "+")))
        self.set(self.tpath(w, t, "isLoading"), boolean(True))
        self.set(self.tpath(w, t, "progress"), num(0.0))
        self.loading.add(t)
        return self.bar(w, A(self.at("AddressBar"), "submitButtonTapped"))

    @signal
    def bookmark_tapped(self, i):
        self.set(("sidebar", "selection"), num(i))
        return self.act("sidebar", A(self.at("Sidebar"), "bookmarkTapped", index=Raw(str(i))))

    @signal
    def resize_ended(self):
        self.set(("sidebar", "isResizing"), boolean(False))
        return self.act("sidebar", A(self.at("Sidebar"), "resizeEnded"))

    @signal
    def dark_mode(self, on):
        self.set(("settings", "isDarkMode"), boolean(on))
        return self.act("settings", self.binding("Settings", "isDarkMode", Raw("true" if on else "false")))

    @signal
    def fetch_response(self):
        n, self.news, self.fetching = self.news, 0, False
        total = int(self.get(("sync", "fetchedRecords")).cd) + n
        self.set(("sync", "status"), self.case("idle", "Sync.Status"))
        self.set(("sync", "lastSyncedAt"), self.date())
        self.set(("sync", "fetchedRecords"), num(total))
        return self.act("sync", A(self.at("Sync"), "fetchResponse", self.result("SyncBatch", True, Struct(
            "SyncBatch", [("changed", Raw(str(n))), ("token", q(self.uid()[:8]))]))))

    # -- processes
    def processes(self):
        return [self.periodic(self.timer_ticked, 1.0, 0.002), self.periodic(self.poll_fired, 5.0, 0.05,
                                                                             when=lambda: self.active),
                self.lifecycle(), self.server(), self.background_loads(), self.person()]

    def lifecycle(self):
        rng = self.rng
        while True:
            yield rng.uniform(120, 360)
            self.active = False
            self.emit(self.scene_phase, "background")
            yield rng.uniform(15, 60)
            self.active = True
            self.emit(self.scene_phase, "active")

    def server(self):
        while True:
            yield self.expo(25.0)
            self.news += self.rng.randint(1, 4)

    def background_loads(self):
        """Tabs that reload on their own (a page refreshing, a redirect)."""
        while True:
            yield self.expo(20.0)
            w = self.rng.choice(self.wids)
            t = self.rng.choice(self.tab_ids[w])
            if self.active and t not in self.loading:
                self.loading.add(t)
                self.spawn(self.page_load(w, t))

    def page_load(self, w, t):
        """Progress every 0.1-0.4 s until the page is in, then its response and favicon."""
        p = 0.0
        while True:
            yield self.rng.uniform(0.1, 0.4)
            if t not in self.tab_ids[w]:
                self.loading.discard(t)
                return
            p = round(p + self.rng.uniform(0.04, 0.2), 2)
            if p >= 1.0:
                break
            self.emit(self.loading_progress, w, t, p)
        yield self.rng.uniform(0.02, 0.15)
        ok = self.rng.random() < 0.95
        self.emit(self.navigated, w, t, ok)
        if ok:
            self.after(self.rng.uniform(0.05, 0.5), self.favicon_loaded, w, t)

    def move_mouse(self, w, duration=None, to_strip=False):
        """A pointer stream; over the tab strip (y < 40) it hovers the tabs it crosses."""
        rng = self.rng
        x0, y0 = self.pointer[w]
        x1 = rng.uniform(20, 1260)
        y1 = rng.uniform(5, 35) if to_strip else rng.uniform(5, 780)
        hz = rng.uniform(30, 60)
        if duration is None:
            duration = min(3.0, 0.3 + rng.lognormvariate(math.log(0.45), 0.8))
        n = max(2, int(round(duration * hz)))
        state = {"tab": None}

        def at(i):
            f = (i + 1) / n
            ease = f * f * (3 - 2 * f)
            x = round(x0 + (x1 - x0) * ease + rng.uniform(-1.5, 1.5), 1)
            y = round(y0 + (y1 - y0) * ease + rng.uniform(-1.5, 1.5), 1)
            self.pointer[w] = [x, y]
            return (w, x, y)

        def hover(i):
            x, y = self.pointer[w]
            tabs = self.tab_ids[w]
            over = tabs[min(len(tabs) - 1, int(x // (1280 / len(tabs))))] if y < 40 else None
            if over != state["tab"]:
                if state["tab"] in tabs:
                    self.emit(self.hover_changed, w, state["tab"], False)
                if over is not None:
                    self.emit(self.hover_changed, w, over, True)
                state["tab"] = over

        yield from self.gesture(self.mouse_moved, hz=hz, duration=n / hz, args=at, each=hover)
        return state["tab"]

    def person(self):
        rng = self.rng
        think = self.think((0.6, 2.0), (3.0, 9.0), (45, 150), (20, 90))
        yield rng.uniform(0.5, 2.0)
        while True:
            yield next(think)
            if not self.active:
                continue
            w = self.key
            r = rng.random()
            if r < 0.05 and len(self.wids) > 1:          # another window
                w = rng.choice([x for x in self.wids if x != w])
                yield from self.move_mouse(w)
                self.key = w
                self.emit(self.became_key, w)
            elif r < 0.30:                                # pick a tab with the mouse
                t = yield from self.move_mouse(w, duration=rng.uniform(0.3, 1.2), to_strip=True)
                if t is not None and t in self.tab_ids[w]:
                    self.emit(self.tab_tapped, w, t)
            elif r < 0.40:                                # switch tabs with the keyboard
                for _ in range(rng.randint(2, 5) if self.busy else 1):
                    self.emit(self.tab_tapped, w, rng.choice(self.tab_ids[w]))
                    yield rng.uniform(0.4, 2.0)
            elif r < 0.58:                                # read: scroll the page
                t = self.tab_ids[w][0]
                sel = self.get(self.wpath(w, "selectedTabID")).cd
                t = next((x for x in self.tab_ids[w] if self.uuid_value(x).cd == sel), t)
                for _ in range(rng.randint(1, 3)):
                    v = rng.uniform(-25, 60)
                    yield from self.gesture(self.scrolled, args=lambda i, t=t, v=v: (
                        w, t, self._scroll(w, t, v)))
                    yield rng.uniform(0.8, 5.0)
            elif r < 0.72:                                # type an address
                t = rng.choice(self.tab_ids[w])
                self.emit(self.address_focused, w, True)
                word = rng.choice(ADDRESSES)
                for k in range(1, len(word) + 1):
                    self.emit(self.query_typed, w, word[:k])
                    gap = rng.uniform(0.07, 0.45) if k < len(word) else rng.uniform(0.5, 1.6)
                    if gap > 0.25:                        # the suggestions, debounced by 0.25 s
                        lag = min(gap - 0.01, 0.25 + rng.uniform(0.02, 0.15))
                        yield lag
                        self.emit(self.suggestions_loaded, w, word[:k])
                        gap -= lag
                    yield gap
                if t in self.tab_ids[w] and t not in self.loading:
                    self.emit(self.submitted, w, t, word)
                    self.spawn(self.page_load(w, t))
                else:
                    self.emit(self.address_focused, w, False)
            elif r < 0.78:                                # a new tab
                self.emit(self.new_tab, w)
                t = self.tab_ids[w][-1]
                self.loading.add(t)
                self.spawn(self.page_load(w, t))
            elif r < 0.83:                                # close a tab
                if len(self.tab_ids[w]) > 2:
                    self.emit(self.close_tapped, w, rng.choice(self.tab_ids[w]))
            elif r < 0.89:                                # a bookmark
                yield from self.move_mouse(w, duration=rng.uniform(0.3, 0.8))
                self.emit(self.bookmark_tapped, rng.randrange(len(self.get(("sidebar", "bookmarks")).items)))
            elif r < 0.92:                                # resize the sidebar
                width = float(self.get(("sidebar", "width")).cd)
                goal = rng.uniform(160, 400)
                hz = rng.uniform(30, 60)
                n = max(3, int(hz * rng.uniform(0.4, 1.8)))
                yield from self.gesture(self.resize_dragged, hz=hz, duration=n / hz, args=lambda i: (
                    round(width + (goal - width) * (i + 1) / n + rng.uniform(-1, 1), 1),))
                self.emit(self.resize_ended)
            elif r < 0.93:
                self.emit(self.dark_mode, self.get(("settings", "isDarkMode")).cd != "true")
            else:                                         # the mouse wanders
                yield from self.move_mouse(w)

    def _scroll(self, w, t, v):
        if t not in self.tab_ids[w]:
            return 0.0
        y = float(self.get(self.tpath(w, t, "scrollY")).cd)
        return max(0.0, round(y + v * self.rng.uniform(0.7, 1.2), 1))


if __name__ == "__main__":
    sys.modules.setdefault("tcasim", sys.modules[__name__])
    sys.exit(main())
