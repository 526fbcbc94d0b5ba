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


BROWSER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "browser_app.py")   # --app browser


def load_apps(path):
    """Import a file of apps (its module-level APPS dict). It imports this file as
    `tcasim`: this very module, whatever name the script runs under."""
    sys.modules.setdefault("tcasim", sys.modules[__name__])
    name = "tcasim_apps_" + os.path.splitext(os.path.basename(path))[0]
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    apps = getattr(module, "APPS", {})
    # Two modules naming one app would make the later one stand in for the earlier without
    # a word (chains_apps.py's shop for author-p's, in measure.py's rows once).
    for taken in sorted(set(apps) & set(APPS)):
        if APPS[taken] is not apps[taken]:
            sys.exit("tcasim.py: error: app %r is defined by %s and by an earlier module" % (taken, path))
    APPS.update(apps)
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
    for path in [BROWSER] + args.apps_module:
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


if __name__ == "__main__":
    sys.modules.setdefault("tcasim", sys.modules[__name__])
    sys.exit(main())
