#!/usr/bin/env python3
"""genlog.py: TCA debug logs of a simulated browser app, with an exact truth file.

The app (windows keyed by id, each with an array of tabs, a sidebar, a sync engine,
settings) keeps a real state tree. Every simulated action builds the next state; the
record shows the action and the difference between the two states, as one of two
printers would (tcaformat.py prints them, the writer of the formats tcasim.py and the
samples share):

  diffing  a `debugDiffing` reducer: "🎬 Received action:", the action in TCA 0.x's pretty
           dump (or labels only), "🖨️ State:" and the Difference library's tree
           ("|<tab>" indentation, Current/Previous, Key K:, Collection[i]:, Enum c:,
           Different count:, Added/Removed key pairs:), or "🖨️ (No state changes)".
  tca1     `_printChanges()` of TCA 1.x: "received action:", the action by Custom Dump,
           the Custom Dump diff of the state ("-"/"+"/space markers, unchanged values
           collapsed to `Type(…)`, unchanged runs to `… (N unchanged)`), or
           "  (No state changes)", then a blank line.

The truth is taken from the same difference the printer rendered, never from the text:
  --truth FILE          JSON: format, records (complete), truncated_records, noop_records,
                        bytes (of the whole output), actions {path: {count, lines, noop}},
                        state_paths {normalized path: changes}, state_changes.
  --records-truth FILE  one JSON object a complete record: index, action, noop, lines,
                        bytes, changes [{path, normalized, kind, previous, current}]
                        ("" for the side a change does not have).

Usage: genlog.py --records 3000 --format tca1 --seed 5 -o app.log --truth truth.json
Messier input: --prefix {none,oslog,everyline}, --noise F (share of records followed by a
foreign line), --truncate (cut the last record), --crlf, --size-mb X (stop after about
that many bytes), --action-format labels (diffing only).
"""

import argparse
import json
import random
import sys

import tcaformat as tf

# ----------------------------------------------------------------------------- values
#
# State and action values are immutable; the simulation replaces a node along the path it
# changes, so unchanged subtrees stay the same objects between two states.


class Struct:
    __slots__ = ("type", "fields")

    def __init__(self, type_name, fields):
        self.type = type_name
        self.fields = tuple(fields)  # ((name, value), ...)

    def get(self, name):
        for key, value in self.fields:
            if key == name:
                return value
        raise KeyError(name)

    def replacing(self, name, value):
        return Struct(self.type, [(k, value if k == name else v) for k, v in self.fields])

    def __eq__(self, other):
        return self is other or (isinstance(other, Struct) and self.type == other.type and self.fields == other.fields)

    def __hash__(self):
        return hash((self.type, self.fields))


class Ident:
    """A tagged identifier, printed whole on one line: `TabID(rawValue: "…")`."""

    __slots__ = ("type", "raw")

    def __init__(self, type_name, raw):
        self.type = type_name
        self.raw = raw

    def text(self):
        return '%s(rawValue: "%s")' % (self.type, self.raw)

    def __eq__(self, other):
        return isinstance(other, Ident) and (self.type, self.raw) == (other.type, other.raw)

    def __hash__(self):
        return hash((self.type, self.raw))


class Enum:
    __slots__ = ("type", "case", "payload")

    def __init__(self, type_name, case, payload=()):
        self.type = type_name
        self.case = case
        self.payload = tuple(payload)  # ((label or None, value), ...)

    def __eq__(self, other):
        return isinstance(other, Enum) and (self.type, self.case, self.payload) == (other.type, other.case, other.payload)

    def __hash__(self):
        return hash((self.type, self.case, self.payload))


class Dict:
    """A dictionary with string keys, printed in key order."""

    __slots__ = ("items",)

    def __init__(self, items):
        self.items = dict(items)

    def replacing(self, key, value):
        items = dict(self.items)
        if value is None:
            del items[key]
        else:
            items[key] = value
        return Dict(items)

    def __eq__(self, other):
        return isinstance(other, Dict) and self.items == other.items

    def __hash__(self):
        return hash(tuple(sorted(self.items.items())))


class Array:
    __slots__ = ("items",)

    def __init__(self, items):
        self.items = tuple(items)

    def replacing(self, index, value):
        items = list(self.items)
        items[index] = value
        return Array(items)

    def __eq__(self, other):
        return isinstance(other, Array) and self.items == other.items

    def __hash__(self):
        return hash(self.items)


class Text:
    """A literal an action prints as is (key paths)."""

    __slots__ = ("text",)

    def __init__(self, text):
        self.text = text

    def __eq__(self, other):
        return isinstance(other, Text) and self.text == other.text

    def __hash__(self):
        return hash(self.text)


def scalar_text(value):
    """A scalar as Swift's debug description prints it (strings quoted)."""
    if value is None:
        return "nil"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, str):
        return '"%s"' % value
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, Ident):
        return value.text()
    if isinstance(value, Text):
        return value.text
    return str(value)


# ------------------------------------------------------------------ printing: tcaformat
#
# The app's values above are its own (immutable, so two states share what did not change);
# tcaformat.py prints them, as it prints the session simulator's and the samples'.


def action_value(value):
    """An action as tcaformat's Case/Struct/Raw; an Ident is the struct it is
    (`TabID(rawValue: "…")`, over three lines in TCA 0.x's dump)."""
    if isinstance(value, Enum):
        args = [(label, action_value(child)) for label, child in value.payload]
        if len(args) == 1 and args[0][0] is None and isinstance(args[0][1], tf.Case):
            following = 0
        else:
            following = next((i for i, (label, child) in enumerate(args)
                              if label == "action" and isinstance(child, tf.Case)), None)
        return tf.Case(value.type, value.case, args, following)
    if isinstance(value, Struct):
        return tf.Struct(value.type, [(name, action_value(child)) for name, child in value.fields])
    if isinstance(value, Ident):
        return tf.Struct(value.type, [("rawValue", tf.q(value.raw))])
    return tf.Raw(scalar_text(value))


class StateView:
    """States as tcaformat values. A subtree two states share converts once: the converted
    objects are shared too, so comparing them stops at once where nothing changed."""

    def __init__(self):
        self.memo = {}

    def convert(self, value):
        hit = self.memo.get(id(value))
        if hit is not None and hit[0] is value:
            return hit[1]
        if isinstance(value, Struct):
            out = tf.St(value.type, [(name, self.convert(child)) for name, child in value.fields])
        elif isinstance(value, Dict):
            out = tf.Dic({key: self.convert(child) for key, child in value.items.items()})
        elif isinstance(value, Array):
            out = tf.Arr([self.convert(child) for child in value.items])
        elif isinstance(value, Enum):
            if len(value.payload) > 1:
                raise TypeError("a state enum with more than one payload value: %r" % value.case)
            if not value.payload:
                out = tf.En(value.type, value.case)
            else:
                label, child = value.payload[0]
                out = tf.En(value.type, value.case, self.convert(child), label)
        elif isinstance(value, str):
            out = tf.text(value)
        else:
            out = tf.V(scalar_text(value))
        if len(self.memo) > 100_000:
            self.memo.clear()
        self.memo[id(value)] = (value, out)
        return out


def segment_text(segment, first):
    kind, name = segment
    if kind == "key" or kind == "index":
        return "[%s]" % name
    return name if first else "." + name


def path_strings(segments):
    raw = "".join(segment_text(s, i == 0) for i, s in enumerate(segments))
    normalized = ""
    for number, (kind, name) in enumerate(segments):
        if kind in ("key", "index"):
            normalized += "[*]"
        else:
            if kind == "property" and name.startswith("_") and len(name) > 1:
                name = name[1:]
            normalized += name if number == 0 else "." + name
    return raw, normalized


class Changes:
    """The changed leaves of one record, as the truth files list them."""

    def __init__(self):
        self.leaves = []

    def add(self, segments, kind, previous, current):
        raw, normalized = path_strings(segments)
        self.leaves.append({"path": raw, "normalized": normalized, "kind": kind,
                            "previous": previous if previous is not None else "",
                            "current": current if current is not None else ""})


def segments(path):
    """A tcaformat change path as this file's segments."""
    out = []
    for comp in path:
        if isinstance(comp, str):
            out.append(("property", comp))
        elif comp[0] == "i":
            out.append(("index", str(comp[1])))
        elif comp[0] == "k":
            out.append(("key", comp[1]))
        else:
            out.append(("case", comp[1]))
    return out


# ------------------------------------------------------------------------------ app

TITLES = ["Inbox", "Docs", "Figma", "Linear", "GitHub", "Calendar", "Notion", "Maps", "Weather",
          "Music", "News", "Slack", "Mail", "Photos", "Drive", "Jira", "New Tab"]
HOSTS = ["mail.example.com", "docs.example.com", "github.com", "news.example.org", "maps.example.net"]
ZONES = ["bookmarks", "history", "readingList", "tabs"]


class Browser:
    """The simulated app: its state and the actions that change it."""

    def __init__(self, rng, tca1):
        self.rng = rng
        self.tca1 = tca1
        self.root = "AppFeature.Action" if tca1 else "AppAction"
        windows = {}
        persisted = {}
        for _ in range(rng.randint(2, 4)):
            key = self.uuid()
            tabs = [self.new_tab() for _ in range(rng.randint(3, 9))]
            windows[key] = Struct("WindowState", [
                ("selectedTabID", tabs[0].get("id")),
                ("hoveredTabID", None),
                ("tabs", Array(tabs)),
                ("mouseLocation", self.point(400.0, 300.0)),
                ("isVisible", True),
            ])
            persisted[key] = Struct("PersistedWindow", [("collapsedListIDs", Array([]))])
        self.lists = [self.uuid() for _ in range(6)]
        items = ["Item %d" % i for i in range(rng.randint(12, 30))]
        pinned_tabs = [t for w in windows.values() for t in w.get("tabs").items][:3]
        # Observable state stores its properties with a leading underscore (TCA 1.x).
        prefix = "_" if tca1 else ""
        self.state = Struct("AppFeature.State" if tca1 else "AppState", [
            ("windows", Dict(windows)),
            ("persistedWindows", Struct("PersistedWindows", [("windows", Dict(persisted))])),
            (prefix + "sidebar", Struct("SidebarState", [
                ("items", Array(items)),
                ("selectedIndex", None),
                ("dragLocation", None),
                ("pinned", Dict({t.get("id").raw: Struct("PinnedTab", [("title", t.get("title")), ("order", n)])
                                 for n, t in enumerate(pinned_tabs)})),
            ])),
            (prefix + "sync", Struct("SyncState", [
                ("status", Enum("SyncStatus", "idle")),
                ("lastPulledAt", 1716200000.0),
                ("pending", Dict({})),
            ])),
            (prefix + "settings", Struct("SettingsState", [("isDarkMode", False), ("fontSize", 13)])),
            ("isActive", True),
        ])
        self.sidebar_field, self.sync_field, self.settings_field = prefix + "sidebar", prefix + "sync", prefix + "settings"

    # -- helpers

    def uuid(self):
        digits = "%032X" % self.rng.getrandbits(128)
        return "-".join([digits[:8], digits[8:12], digits[12:16], digits[16:20], digits[20:]])

    def new_tab(self, title=None):
        return Struct("Tab", [
            ("id", Ident("TabID", self.uuid())),
            ("title", title or self.rng.choice(TITLES[:-1])),
            ("url", "https://%s/%d" % (self.rng.choice(HOSTS), self.rng.randrange(1000))),
            ("loadState", Enum("LoadState", "loaded")),
        ])

    @staticmethod
    def point(x, y):
        return Struct("CGPoint", [("x", x), ("y", y)])

    def update(self, path, change):
        """Replaces the value at path (field names, dict keys, array indexes) by change(it)."""

        def step(node, rest):
            if not rest:
                return change(node)
            head = rest[0]
            if isinstance(node, Struct):
                return node.replacing(head, step(node.get(head), rest[1:]))
            if isinstance(node, Dict):
                return node.replacing(head, step(node.items[head], rest[1:]))
            return node.replacing(head, step(node.items[head], rest[1:]))

        self.state = step(self.state, path)

    def at(self, path):
        node = self.state
        for head in path:
            node = node.get(head) if isinstance(node, Struct) else node.items[head]
        return node

    def some_window(self):
        return self.rng.choice(sorted(self.state.get("windows").items))

    def window_action(self, key, inner):
        return Enum(self.root, "windows", [(None, Enum("WindowsAction", "window", [
            ("windowID", Ident("WindowID", key)), ("action", inner)]))])

    def tab_action(self, key, tab, inner):
        element = Enum("IdentifiedAction<TabID, TabAction>", "element", [("id", tab.get("id")), ("action", inner)])
        return self.window_action(key, Enum("WindowAction", "tabs", [(None, element)]))

    # -- actions: each changes self.state and returns the action

    def mouse_moved(self):
        key = self.some_window()
        where = self.at(["windows", key, "mouseLocation"])
        x = round(min(1400.0, max(0.0, where.get("x") + self.rng.choice([-6, -3, -1, 1, 3, 6]) * 0.5)), 1)
        y = round(min(900.0, max(0.0, where.get("y") + self.rng.choice([-4, -2, 0, 2, 4]) * 0.5)), 1)
        self.update(["windows", key, "mouseLocation"], lambda _: self.point(x, y))
        return self.window_action(key, Enum("WindowAction", "mouseMoved", [(None, self.point(x, y))]))

    def hover(self):
        key = self.some_window()
        tab = self.rng.choice(self.at(["windows", key, "tabs"]).items)
        entered = self.rng.random() < 0.6
        self.update(["windows", key, "hoveredTabID"], lambda _: tab.get("id") if entered else None)
        inner = Enum("HoverAction", "entered" if entered else "exited", [("tabID", tab.get("id"))])
        return self.window_action(key, Enum("WindowAction", "hover", [(None, inner)]))

    def sync_tick(self):
        return Enum(self.root, "sidebarSync", [(None, Enum("SyncAction", "tick"))])

    def timer(self):
        return Enum(self.root, "timerTicked")

    def visibility(self):
        key = self.some_window()
        visible = self.rng.random() < 0.7
        self.update(["windows", key, "isVisible"], lambda _: visible)
        return self.window_action(key, Enum("WindowAction", "visibilityChanged", [("isVisible", visible)]))

    def load_progress(self):
        key = self.some_window()
        tabs = self.at(["windows", key, "tabs"]).items
        index = self.rng.randrange(len(tabs))
        state = tabs[index].get("loadState")
        if state.case == "loading":
            progress = round(state.payload[0][1] + self.rng.choice([0.05, 0.1, 0.15, 0.25]), 2)
            following = Enum("LoadState", "loaded") if progress >= 1.0 else \
                Enum("LoadState", "loading", [("progress", progress)])
        else:
            progress = 0.05
            following = Enum("LoadState", "loading", [("progress", progress)])
        self.update(["windows", key, "tabs", index, "loadState"], lambda _: following)
        inner = Enum("TabAction", "loadingProgress", [(None, min(progress, 1.0))])
        return self.tab_action(key, tabs[index], inner)

    def retitle(self):
        key = self.some_window()
        tabs = self.at(["windows", key, "tabs"]).items
        index = self.rng.randrange(len(tabs))
        title = self.rng.choice(TITLES)
        self.update(["windows", key, "tabs", index, "title"], lambda _: title)
        return self.tab_action(key, tabs[index], Enum("TabAction", "titleChanged", [(None, title)]))

    def select_tab(self):
        key = self.some_window()
        tab = self.rng.choice(self.at(["windows", key, "tabs"]).items)
        self.update(["windows", key, "selectedTabID"], lambda _: tab.get("id"))
        return self.window_action(key, Enum("WindowAction", "selectTab", [(None, tab.get("id"))]))

    def new_tab_opened(self):
        key = self.some_window()
        tabs = self.at(["windows", key, "tabs"]).items
        if len(tabs) >= 12:
            self.update(["windows", key, "tabs"], lambda a: Array(a.items[:-1]))
            return self.tab_action(key, tabs[-1], Enum("TabAction", "closeButtonTapped"))
        tab = self.new_tab("New Tab")
        self.update(["windows", key, "tabs"], lambda a: Array(a.items + (tab,)))
        self.update(["windows", key, "selectedTabID"], lambda _: tab.get("id"))
        return self.window_action(key, Enum("WindowAction", "newTabButtonTapped"))

    def toggle_list(self):
        key = self.some_window()
        list_id = self.rng.choice(self.lists)
        path = ["persistedWindows", "windows", key, "collapsedListIDs"]
        ids = self.at(path).items
        if list_id in ids:
            self.update(path, lambda a: Array([i for i in a.items if i != list_id]))
        else:
            self.update(path, lambda a: Array(a.items + (list_id,)))
        target = Enum("RootOrListIdentifier", "list", [(None, Ident("Identifier<SidebarItem>", list_id))])
        return self.window_action(key, Enum("WindowAction", "toggleListCollapsedState", [("listID", target)]))

    def sidebar_drag(self):
        if self.at([self.sidebar_field, "dragLocation"]) is not None and self.rng.random() < 0.15:
            self.update([self.sidebar_field, "dragLocation"], lambda _: None)
            return Enum(self.root, "appSidebar", [(None, Enum("SidebarAction", "dragEnded"))])
        x = round(self.rng.uniform(0, 280), 1)
        self.update([self.sidebar_field, "dragLocation"], lambda _: self.point(x, 12.0))
        return Enum(self.root, "appSidebar", [(None, Enum("SidebarAction", "dragMoved", [
            ("location", self.point(x, 12.0))]))])

    def sidebar_tap(self):
        index = self.rng.randrange(len(self.at([self.sidebar_field, "items"]).items))
        self.update([self.sidebar_field, "selectedIndex"], lambda _: index)
        return Enum(self.root, "appSidebar", [(None, Enum("SidebarAction", "itemTapped", [("index", index)]))])

    def pin_swapped(self):
        pinned = self.at([self.sidebar_field, "pinned"]).items
        key = self.some_window()
        candidates = [t for t in self.at(["windows", key, "tabs"]).items if t.get("id").raw not in pinned]
        if not pinned or not candidates:
            return self.timer()
        dropped = self.rng.choice(sorted(pinned))
        tab = self.rng.choice(candidates)
        order = pinned[dropped].get("order")
        self.update([self.sidebar_field, "pinned"], lambda d: d.replacing(dropped, None).replacing(
            tab.get("id").raw, Struct("PinnedTab", [("title", tab.get("title")), ("order", order)])))
        return Enum(self.root, "appSidebar", [(None, Enum("SidebarAction", "pinReplaced", [
            ("old", Ident("TabID", dropped)), ("new", tab.get("id"))]))])

    def sync_status(self):
        status = self.at([self.sync_field, "status"])
        if status.case == "syncing" and status.payload[0][1] >= 0.9:
            following = Enum("SyncStatus", "idle")
        elif status.case == "syncing":
            following = Enum("SyncStatus", "syncing", [("progress", round(status.payload[0][1] + 0.3, 1))])
        else:
            following = Enum("SyncStatus", "syncing", [("progress", 0.0)])
        self.update([self.sync_field, "status"], lambda _: following)
        return Enum(self.root, "sidebarSync", [(None, Enum("SyncAction", "statusChanged", [(None, following)]))])

    def records_pulled(self):
        count = self.rng.randint(1, 3)
        stamp = self.at([self.sync_field, "lastPulledAt"]) + self.rng.randint(1, 90)
        self.update([self.sidebar_field, "items"], lambda a: Array(a.items + tuple(
            "Item %d" % (len(a.items) + i) for i in range(count))))
        self.update([self.sync_field, "lastPulledAt"], lambda _: stamp)
        zone = self.rng.choice(ZONES)

        def pend(d):
            left = d.items.get(zone, 0) + count - self.rng.randint(0, 4)
            return d.replacing(zone, left if left > 0 else None) if (left > 0 or zone in d.items) else d

        self.update([self.sync_field, "pending"], pend)
        return Enum(self.root, "sidebarSyncCloudKit", [(None, Enum("CloudKitAction", "recordsPulled", [
            ("zone", zone), ("count", count)]))])

    def settings(self):
        dark = self.rng.random() < 0.5
        self.update([self.settings_field, "isDarkMode"], lambda _: dark)
        binding = Enum("BindingAction<SettingsState>", "set", [(None, Text("\\SettingsState.$isDarkMode")),
                                                              (None, dark)])
        return Enum(self.root, "settings", [(None, Enum("SettingsAction", "binding", [(None, binding)]))])

    def lifecycle(self):
        active = self.rng.random() < 0.5
        self.update(["isActive"], lambda _: active)
        name = "didBecomeActive" if active else "willResignActive"
        return Enum(self.root, "lifecycle", [(None, Enum("LifecycleAction", name))])

    def schedule(self):
        """(weight, action): pointer and timer actions dominate, as they do in a real app."""
        return [(26, self.mouse_moved), (24, self.hover), (11, self.sync_tick), (8, self.timer),
                (7, self.load_progress), (5, self.visibility), (3, self.sidebar_drag),
                (2.5, self.select_tab), (2, self.sync_status), (1.5, self.toggle_list),
                (1.2, self.sidebar_tap), (1, self.retitle), (1, self.records_pulled),
                (0.8, self.new_tab_opened), (0.6, self.pin_swapped), (0.5, self.settings),
                (0.3, self.lifecycle)]


# ---------------------------------------------------------------------------- output

FOREIGN = [
    "[Network] GET https://api.example.com/v1/spaces 200 (142 ms)",
    "objc[4242]: Class _TtC7Browser14WebViewHost is implemented in both images. One of the two will be used.",
    "[Sync] CloudKit zone changes fetched: 0",
    "Warning: attempt to present a view controller while a presentation is in progress",
    "nw_connection_copy_connected_local_endpoint [C3] Connection has no local endpoint",
    "[Analytics] event=tab_switched count=3",
    "Metal API Validation Enabled",
]


def unified_log_prefix(rng, milliseconds):
    seconds, fraction = divmod(milliseconds, 1000)
    minutes, second = divmod(seconds, 60)
    hour, minute = divmod(minutes, 60)
    micro = fraction * 1000 + rng.randrange(1000)
    stamp = "2026-11-20 %02d:%02d:%02d.%06d" % ((9 + hour) % 24, minute, second, micro)
    return tf.oslog_prefix(stamp, 0x2f1a00 + rng.randrange(256), 4242, "Browser")


PREFIX_LENGTH = len(unified_log_prefix(random.Random(0), 0))


def record_lines(action, old, new, options, view):
    """The record's lines (no terminators), its changes and its action's path."""
    changes = Changes()
    value = action_value(action)
    before, after = view.convert(old), view.convert(new)
    if options.format == "diffing":
        text = [tf.labels_dump(value)] if options.action_format == "labels" else tf.pretty_0x(value)
        lines = ["🎬 Received action:"] + ["  " + line for line in text] + ["🖨️ State:"]
        if tf.same(before, after):
            lines += ["🖨️ (No state changes)"]
        else:
            leaves = []
            tf.df_leaves(before, after, (), leaves)
            blocks = tf.difference_tree(leaves, list(after.f), "Browser",
                                        lambda path, kind, old, new: changes.add(segments(path), kind, old, new))
            # The tree ends with a newline, so a blank line follows it; the no-change line has none.
            lines += ", ".join(blocks).split("\n")[:-1] + [""]
    else:
        lines = ["received action:"] + ["  " + line for line in tf.custom_dump(value)]
        if tf.same(before, after):
            lines += ["  (No state changes)"]
        else:
            found = []
            tf.cd_diff(lines, before, after, changes=found)
            for path, kind, old_text, new_text in found:
                changes.add(segments(path), kind, old_text, new_text)
        lines += [""]
    return lines, changes.leaves, tf.action_path(value)


def cut(lines, options, rng):
    """The lines kept of a record cut off by the end of the log: never a finished record.

    One of the ways a record can be cut, chosen at random among those its lines allow:
    diffing keeps the header and all or half of the action, never the "State:" line; tca1
    keeps the action alone (its state part lost), half of a multi-line action (brackets
    left open), or the action and half of the state diff (the root value left open)."""
    end = 1
    while end < len(lines) and lines[end].startswith("  ") and \
            not lines[end].startswith(("  (No state changes)", "  AppFeature.State(")):
        end += 1
    action = end - 1  # the action is lines[1:end]
    ways = [lines[:end]]
    if action > 1:
        ways.append(lines[:1 + action // 2])
    if options.format == "tca1" and lines[end].startswith("  AppFeature.State("):
        ways.append(lines[:end + max(1, (len(lines) - end - 2) // 2)])
    return rng.choice(ways)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, help="number of records (default 1000)")
    parser.add_argument("--size-mb", type=float, help="stop after about this many megabytes")
    parser.add_argument("--format", choices=["diffing", "tca1"], default="diffing")
    parser.add_argument("--action-format", choices=["pretty", "labels"], default="pretty",
                        help="diffing: the action's whole value, or its case labels")
    parser.add_argument("--prefix", choices=["none", "oslog", "everyline"], default="none",
                        help="a unified-log prefix on no line, on each header line, or on every line")
    parser.add_argument("--noise", type=float, default=0.0, help="share of records followed by a foreign line")
    parser.add_argument("--truncate", action="store_true", help="cut the last record off")
    parser.add_argument("--crlf", action="store_true", help="end lines with CR LF")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("-o", "--output", default="-")
    parser.add_argument("--truth", help="write the truth JSON here")
    parser.add_argument("--records-truth", help="write one JSON line per complete record here")
    options = parser.parse_args()
    if options.records is None and options.size_mb is None:
        options.records = 1000

    rng = random.Random(options.seed)
    app = Browser(rng, options.format == "tca1")
    view = StateView()
    schedule = app.schedule()
    makers = [maker for _, maker in schedule]
    weights = [weight for weight, _ in schedule]
    out = sys.stdout.buffer if options.output == "-" else open(options.output, "wb")
    per_record = open(options.records_truth, "w", encoding="utf-8") if options.records_truth else None
    newline = "\r\n" if options.crlf else "\n"
    limit = int(options.size_mb * 1_000_000) if options.size_mb else None

    actions, state_paths = {}, {}
    written = complete = noops = state_changes = truncated = 0
    clock = 0
    while True:
        if options.records is not None and complete + truncated >= options.records:
            break
        if limit is not None and written >= limit:
            break
        old = app.state
        action = rng.choices(makers, weights)[0]()
        lines, leaves, path = record_lines(action, old, app.state, options, view)
        clock += rng.randint(2, 45)
        last = options.records is not None and complete + truncated + 1 >= options.records
        if limit is not None and not last:
            size = sum(len(line.encode()) + len(newline) for line in lines)
            size += PREFIX_LENGTH * (len(lines) if options.prefix == "everyline" else options.prefix == "oslog")
            last = written + size >= limit
        is_cut = options.truncate and last
        if is_cut:
            lines = cut(lines, options, rng)
        if options.prefix == "oslog":
            lines[0] = unified_log_prefix(rng, clock) + lines[0]
        elif options.prefix == "everyline":
            stamp = unified_log_prefix(rng, clock)
            lines = [stamp + line for line in lines]
        text = newline.join(lines) + newline
        if options.noise and rng.random() < options.noise:
            foreign = rng.choice(FOREIGN)
            if options.prefix != "none":
                foreign = unified_log_prefix(rng, clock) + foreign
            text += foreign + newline
        data = text.encode("utf-8")
        out.write(data)
        written += len(data)
        if is_cut:
            truncated += 1
            break
        stats = actions.setdefault(path, {"count": 0, "lines": 0, "noop": 0})
        stats["count"] += 1
        stats["lines"] += len(lines)
        if not leaves:
            stats["noop"] += 1
            noops += 1
        for leaf in leaves:
            state_paths[leaf["normalized"]] = state_paths.get(leaf["normalized"], 0) + 1
            state_changes += 1
        if per_record:
            record_bytes = sum(len(line.encode()) for line in lines) + len(newline) * len(lines)
            per_record.write(json.dumps({"index": complete, "action": path, "noop": not leaves, "lines": len(lines),
                                         "bytes": record_bytes, "changes": leaves}, ensure_ascii=False) + "\n")
        complete += 1

    if out is not sys.stdout.buffer:
        out.close()
    if per_record:
        per_record.close()
    truth = {
        "format": options.format,
        "records": complete,
        "truncated_records": truncated,
        "noop_records": noops,
        "bytes": written,
        "actions": dict(sorted(actions.items(), key=lambda item: (-item[1]["count"], item[0]))),
        "state_paths": dict(sorted(state_paths.items(), key=lambda item: (-item[1], item[0]))),
        "state_changes": state_changes,
    }
    if options.truth:
        with open(options.truth, "w", encoding="utf-8") as handle:
            json.dump(truth, handle, indent=1, ensure_ascii=False)
    else:
        print(json.dumps({k: truth[k] for k in ("records", "noop_records", "bytes")}), file=sys.stderr)


if __name__ == "__main__":
    main()
