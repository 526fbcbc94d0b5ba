#!/usr/bin/env python3
"""Writes every sample log in Samples/ and the records tcalog must print for it.

    python3 Tests/Samples/make_samples.py          # (re)write every sample and expectation
    python3 Tests/Samples/make_samples.py --check  # only verify the files are up to date

Deterministic: a fixed seed, no clock, no uuid4. Each `X.log` gets `X.expected.ndjson`, the
exact output of `tcalog records Samples/X.log` (run from the repository root).

The expectations are not tcalog's output. For the small hand-written samples (todos-tca1,
todos-tca0, messy) every record's span and fields are written below by hand, from the rules
of FORMATS.md (sections 2, 7, 10, 11); only `offset` and `bytes` are counted mechanically from
the span. The large generated samples (browser-session, timestamped) take their expectations
from the generator, which knows what it printed (the action value it built, the state leaves
it changed). The generated actions, the tca0 markers and the console prefixes are printed by
Tests/Simulator/tcaformat.py, the writer of the formats the simulators share.
"""

import os
import random
import sys

TESTS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HERE = os.path.join(os.path.dirname(TESTS), "Samples")  # where the samples live
sys.path.insert(0, os.path.join(TESTS, "Simulator"))
import tcaformat as tf  # noqa: E402


# ------------------------------------------------------------------------ JSON and paths

def js(value):
    """JSON exactly as tcalog writes it: UTF-8, only quote, backslash and controls escaped."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        out = ['"']
        for ch in value:
            if ch == '"':
                out.append('\\"')
            elif ch == "\\":
                out.append("\\\\")
            elif ch == "\n":
                out.append("\\n")
            elif ch == "\r":
                out.append("\\r")
            elif ch == "\t":
                out.append("\\t")
            elif ord(ch) < 0x20:
                out.append("\\u%04x" % ord(ch))
            else:
                out.append(ch)
        out.append('"')
        return "".join(out)
    if isinstance(value, list):
        return "[" + ",".join(js(v) for v in value) + "]"
    if isinstance(value, dict):  # insertion order is the field order
        return "{" + ",".join(js(k) + ":" + js(v) for k, v in value.items()) + "}"
    raise TypeError(value)


def normalized(path):
    """FORMATS.md 10.2: brackets become [*], one leading _ dropped from every property."""
    out = []
    i = 0
    segment_start = True
    while i < len(path):
        c = path[i]
        if c == "[":
            j = path.index("]", i)
            out.append("[*]")
            i = j + 1
            segment_start = False
            continue
        if c == ".":
            out.append(c)
            segment_start = True
            i += 1
            continue
        if segment_start and c == "_":
            segment_start = False
            i += 1
            continue
        segment_start = False
        out.append(c)
        i += 1
    return "".join(out)


def change(path, kind, old, new):
    return {"path": path, "normalized": normalized(path), "kind": kind, "old": old, "new": new}


def value(path, old, new):
    return change(path, "value", old, new)


# ------------------------------------------------------------------------------- builder


def _value_end(t, start):
    """The end of a value: the first `,`, `)`, `]` or line feed outside brackets and strings."""
    depth, j, quoted = 0, start, False
    while j < len(t):
        c = t[j]
        if quoted:
            if c == "\\":
                j += 1
            elif c == '"':
                quoted = False
        elif c == '"':
            quoted = True
        elif c in "([":
            depth += 1
        elif c in ")]":
            if depth == 0:
                break
            depth -= 1
        elif c in ",\n" and depth == 0:
            break
        j += 1
    return min(j, len(t))


def entity(t):
    """docs/FORMATS.md 3.1: the first `id: ` label's value (a stack element's `#0` only when
    no other `id: ` follows it), else a payload dictionary's first quoted key; a value over
    several lines joined on one."""
    stack_element = None
    for i in range(3, len(t) - 1):
        if t[i] == ":" and t[i + 1] == " " and t[i - 2:i] == "id" and t[i - 3] in "( \n,":
            end = _value_end(t, i + 2)
            if end <= i + 2:
                return stack_element
            v = t[i + 2:end]
            if not (len(v) >= 2 and v[0] == "#" and v[1:].isdigit()):
                return _joined(v)
            stack_element = stack_element or v
    if stack_element is not None:
        return stack_element
    i = 0
    while True:
        i = t.find("[", i)
        if i < 0:
            return None
        k = i + 1
        while k < len(t) and t[k] in " \n":
            k += 1
        if k < len(t) and t[k] == '"':
            j = k + 1
            while j < len(t) and t[j] != '"':
                if t[j] == "\\":
                    j += 1
                j += 1
            if j + 1 < len(t) and t[j + 1] == ":":
                return t[k + 1:j]
            i = max(i + 1, j)
        else:
            i += 1


def _joined(v):
    out = ""
    i = 0
    while i < len(v):
        if v[i] not in "\r\n":
            out += v[i]
            i += 1
            continue
        while i < len(v) and v[i] in "\r\n \t":
            i += 1
        out = out.rstrip(" ")
        before = out[-1:] or None
        after = v[i] if i < len(v) else None
        if before not in ("(", "[") and after not in (")", "]") and before and after:
            out += " "
    return out


def binding_key_path(t):
    """docs/FORMATS.md 3.1: `\\State.$x` after `(` or a blank, its root type's components dropped."""
    ok = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.$")
    for i, c in enumerate(t):
        if c == "\\" and i > 0 and t[i - 1] in "( \n" and i + 1 < len(t) and (t[i + 1] in ok or ord(t[i + 1]) >= 0x80):
            end = i + 1
            while end < len(t) and (t[end] in ok or ord(t[end]) >= 0x80):
                end += 1
            parts = [p for p in t[i + 1:end].split(".") if p]
            while parts and "A" <= parts[0][0] <= "Z":
                parts.pop(0)
            if parts:
                return "\\." + ".".join(parts)
    return None


def action_object(path, root, text):
    a = {"path": path, "root": root, "text": text}
    e = entity(text)
    if e is not None:
        a["entity"] = e
    k = binding_key_path(text)
    if k is not None:
        a["bindingKeyPath"] = k
    return a

class Log:
    """A log being written line by line, with the records tcalog must find in it."""

    def __init__(self, name):
        self.name = name
        self.source = "Samples/" + name + ".log"
        self.buf = bytearray()
        self.nlines = 0
        self.expected = []

    def other(self, *lines, final_newline=True):
        """Foreign lines: part of no record. A line ending in "\\r" gets CRLF."""
        for n, text in enumerate(lines):
            last = n == len(lines) - 1
            self.buf += text.encode()
            if final_newline or not last:
                self.buf += b"\n"
            self.nlines += 1

    def record(self, lines, fmt, path, root, text, state, timestamp=None, prefix=None,
               complete=True, final_newline=True):
        """`lines`: every input line the record owns (prefixes included), header first and
        its one terminating blank line last if it owns one. `state`: None (no state part),
        or a list of changes (empty list with `changed=False` via `NOCHANGE`)."""
        line, offset = self.nlines + 1, len(self.buf)
        self.other(*lines, final_newline=final_newline)
        if state is None:
            state_json = None
        elif state is NOCHANGE:
            state_json = {"changed": False, "changes": []}
        else:
            state_json = {"changed": True, "changes": state}
        self.expected.append({
            "index": len(self.expected),
            "source": {"file": self.source, "line": line, "offset": offset},
            "format": fmt,
            "timestamp": timestamp,
            "prefix": prefix,
            "action": action_object(path, root, text),
            "state": state_json,
            "lines": len(lines),
            "bytes": len(self.buf) - offset,
            "complete": complete,
        })

    def files(self):
        expected = "".join(js(record) + "\n" for record in self.expected).encode()
        return {self.name + ".log": bytes(self.buf), self.name + ".expected.ndjson": expected}

    def write(self, check=False):
        """Writes both files, or with `check` only reports which differ from the script."""
        stale = []
        for name, data in self.files().items():
            path = os.path.join(HERE, name)
            if check:
                if not os.path.exists(path) or open(path, "rb").read() != data:
                    stale.append(name)
            else:
                with open(path, "wb") as f:
                    f.write(data)
        return len(self.expected), self.nlines, len(self.buf), stale


NOCHANGE = object()


def block(text):
    """Lines of a hand-written block; `|>` stands for the Difference indent unit pipe+TAB."""
    lines = text.split("\n")
    if lines and lines[0] == "":
        lines = lines[1:]
    if lines and lines[-1].strip() == "":
        lines = lines[:-1]
    return [l.replace("|>", "|\t") for l in lines]


def action_text(lines):
    """FORMATS.md 3: up to two leading spaces removed from each action line, joined by LF."""
    out = []
    for l in lines:
        l = l.rstrip("\r")
        for _ in range(2):
            if l.startswith(" "):
                l = l[1:]
        out.append(l)
    return "\n".join(out)


def dedent_value(lines):
    """Expected value text of a multi-line tca leaf, written here as the block it is."""
    return "\n".join(block(lines))


# ================================================================ todos-tca1 (hand-written)

ID0 = "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF"


def todos_tca1():
    log = Log("todos-tca1")

    def tca1(action, state_lines, path, root, changes):
        a = block(action)
        s = block(state_lines) if state_lines is not None else []
        log.record(["received action:"] + a + s + [""], "tca1", path, root, action_text(a), changes)

    # 0: a new todo is inserted at index 0 of an array (unmatched "+" element: added).
    tca1("""
  AppFeature.Action.todos(.addTodoButtonTapped)""", """
  AppFeature.State(
    path: [:],
    todos: Todos.State(
      editMode: .inactive,
      filter: .all,
      todos: [
+       [0]: Todo.State(
+         description: "",
+         id: UUID(DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF),
+         isComplete: false
+       ),
        … (2 unchanged)
      ]
    )
  )""", "todos.addTodoButtonTapped", "AppFeature.Action", [
        change("todos.todos[0]", "added", None, dedent_value("""
Todo.State(
  description: "",
  id: UUID(DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF),
  isComplete: false
)""")),
    ])

    # 1: typing into the new row: a binding action three levels down.
    tca1("""
  AppFeature.Action.todos(
    .todos(
      .element(
        id: UUID(DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF),
        action: .binding(.set(\\.description, "Buy milk"))
      )
    )
  )""", """
  AppFeature.State(
    path: [:],
    todos: Todos.State(
      editMode: .inactive,
      filter: .all,
      todos: [
        [0]: Todo.State(
-         description: "",
+         description: "Buy milk",
          id: UUID(DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF),
          isComplete: false
        ),
        … (2 unchanged)
      ]
    )
  )""", "todos.todos.element.binding.set", "AppFeature.Action", [
        value("todos.todos[0].description", '""', '"Buy milk"'),
    ])

    # 2, 3: the child reducer's own `_printChanges(.actionLabels)`: one line each.
    for text, path in [
        ("Todos.Action.todos(.element(id:, action: .checkBoxToggled))", "todos.element.checkBoxToggled"),
        ("Todos.Action.sortCompletedTodos", "sortCompletedTodos"),
    ]:
        log.record(["received action: " + text], "labels", path, "Todos.Action", text, None)

    # 4: the parent's record of the same toggle.
    tca1("""
  AppFeature.Action.todos(
    .todos(
      .element(
        id: UUID(DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF),
        action: .checkBoxToggled
      )
    )
  )""", """
  AppFeature.State(
    path: [:],
    todos: Todos.State(
      editMode: .inactive,
      filter: .all,
      todos: [
        [0]: Todo.State(
          description: "Buy milk",
          id: UUID(DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF),
-         isComplete: false
+         isComplete: true
        ),
        … (2 unchanged)
      ]
    )
  )""", "todos.todos.element.checkBoxToggled", "AppFeature.Action", [
        value("todos.todos[0].isComplete", "false", "true"),
    ])

    # 5: a delayed effect that changes nothing.
    tca1("""
  AppFeature.Action.todos(.sortCompletedTodos)""", """
  (No state changes)""", "todos.sortCompletedTodos", "AppFeature.Action", NOCHANGE)

    # 6, 7: parent and child both print the same filter change under different roots.
    tca1("""
  Todos.Action.filterPicked(.completed)""", """
  Todos.State(
    editMode: .inactive,
-   filter: .all,
+   filter: .completed,
    todos: […]
  )""", "filterPicked.completed", "Todos.Action", [value("filter", ".all", ".completed")])
    tca1("""
  AppFeature.Action.todos(.filterPicked(.completed))""", """
  AppFeature.State(
    path: [:],
    todos: Todos.State(
      editMode: .inactive,
-     filter: .all,
+     filter: .completed,
      todos: […]
    )
  )""", "todos.filterPicked.completed", "AppFeature.Action", [value("todos.filter", ".all", ".completed")])

    # 8: pushing a detail screen onto the StackState: the whole `path` value changes.
    tca1("""
  AppFeature.Action.path(
    .push(
      id: #0,
      state: .detail(
        TodoDetail.State(
          destination: nil,
          todo: Todo.State(
            description: "Buy milk",
            id: UUID(DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF),
            isComplete: true
          )
        )
      )
    )
  )""", """
  AppFeature.State(
-   path: [:],
+   path: [
+     #0: .detail(
+       TodoDetail.State(
+         destination: nil,
+         todo: Todo.State(
+           description: "Buy milk",
+           id: UUID(DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF),
+           isComplete: true
+         )
+       )
+     )
+   ],
    todos: Todos.State(…)
  )""", "path.push", "AppFeature.Action", [
        value("path", "[:]", dedent_value("""
[
  #0: .detail(
    TodoDetail.State(
      destination: nil,
      todo: Todo.State(
        description: "Buy milk",
        id: UUID(DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF),
        isComplete: true
      )
    )
  )
]""")),
    ])

    # 9: inside the stack element: a destination is presented.
    tca1("""
  AppFeature.Action.path(
    .element(
      id: #0,
      action: .detail(.editButtonTapped)
    )
  )""", """
  AppFeature.State(
    path: [
      #0: .detail(
        TodoDetail.State(
-         destination: nil,
+         destination: .edit(
+           TodoForm.State(
+             focus: .description,
+             todo: Todo.State(…)
+           )
+         ),
          todo: Todo.State(…)
        )
      )
    ],
    todos: Todos.State(…)
  )""", "path.element.detail.editButtonTapped", "AppFeature.Action", [
        value("path[#0].detail.destination", "nil", dedent_value("""
.edit(
  TodoForm.State(
    focus: .description,
    todo: Todo.State(…)
  )
)""")),
    ])

    # 10: a binding deep inside the presented destination of a stack element.
    tca1("""
  AppFeature.Action.path(
    .element(
      id: #0,
      action: .detail(
        .destination(
          .presented(
            .edit(
              .binding(.set(\\.todo.description, "Buy oat milk"))
            )
          )
        )
      )
    )
  )""", """
  AppFeature.State(
    path: [
      #0: .detail(
        TodoDetail.State(
          destination: .edit(
            TodoForm.State(
              focus: .description,
              todo: Todo.State(
-               description: "Buy milk",
+               description: "Buy oat milk",
                id: UUID(DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF),
                isComplete: true
              )
            )
          ),
          todo: Todo.State(…)
        )
      )
    ],
    todos: Todos.State(…)
  )""", "path.element.detail.destination.presented.edit.binding.set", "AppFeature.Action", [
        value("path[#0].detail.destination.edit.todo.description", '"Buy milk"', '"Buy oat milk"'),
    ])

    # 11-13: label one-liners of the detail feature's own printer.
    for text, path, root in [
        ("AppFeature.Action.path(.element(id:, action: .detail(.destination(.presented(.edit(.binding))))))",
         "path.element.detail.destination.presented.edit.binding", "AppFeature.Action"),
        ("AppFeature.Action.path(.element(id:, action: .detail(.saveButtonTapped)))",
         "path.element.detail.saveButtonTapped", "AppFeature.Action"),
        ("AppFeature.Action.path(.popFrom(id:))", "path.popFrom", "AppFeature.Action"),
    ]:
        log.record(["received action: " + text], "labels", path, root, text, None)

    # 14: popping: the stack becomes empty again.
    tca1("""
  AppFeature.Action.path(.popFrom(id: #0))""", """
  AppFeature.State(
-   path: [
-     #0: .detail(
-       TodoDetail.State(…)
-     )
-   ],
+   path: [:],
    todos: Todos.State(…)
  )""", "path.popFrom", "AppFeature.Action", [
        value("path", dedent_value("""
[
  #0: .detail(
    TodoDetail.State(…)
  )
]"""), "[:]"),
    ])

    # 15: an element removed (unmatched "-" element: removed), a sibling context after it.
    tca1("""
  AppFeature.Action.todos(.clearCompletedButtonTapped)""", """
  AppFeature.State(
    path: [:],
    todos: Todos.State(
      editMode: .inactive,
      filter: .completed,
      todos: [
-       [0]: Todo.State(
-         description: "Buy oat milk",
-         id: UUID(DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF),
-         isComplete: true
-       ),
        … (2 unchanged)
      ]
    )
  )""", "todos.clearCompletedButtonTapped", "AppFeature.Action", [
        change("todos.todos[0]", "removed", dedent_value("""
Todo.State(
  description: "Buy oat milk",
  id: UUID(DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF),
  isComplete: true
)"""), None),
    ])

    # 16: two leaves in one record: edit mode and the filter, at different depths.
    tca1("""
  AppFeature.Action.todos(.editModeChanged(.active))""", """
  AppFeature.State(
    path: [:],
    todos: Todos.State(
-     editMode: .inactive,
+     editMode: .active,
-     filter: .completed,
+     filter: .all,
      todos: […]
    )
  )""", "todos.editModeChanged.active", "AppFeature.Action", [
        value("todos.editMode", ".inactive", ".active"),
        value("todos.filter", ".completed", ".all"),
    ])
    return log


# ================================================================ todos-tca0 (hand-written)

TODO_MILK = "5834811A-83B4-4E5E-BCD3-8A38F6BDCA90"
TODO_EGGS = "3B7C4F0E-1D2A-4C55-9E61-0F7B8A9C2D13"


def dump0(lines):
    """tca0 whole-state lines: marker letters U (unchanged), M (removed), P (added)."""
    out = []
    for l in block(lines):
        marker, rest = l[0], l[1:]
        out.append(tf.TCA0_MARKERS[{"U": "unchanged", "M": "removed", "P": "added"}[marker]] + rest)
    return out


def todos_tca0():
    log = Log("todos-tca0")

    def tca0(action, state, path, root, changes, prefix="AppReducer"):
        a = block(action)
        s = dump0(state) if state is not None else []
        header = (prefix + ": " if prefix else "") + "received action:"
        log.record([header] + a + s + [""], "tca0", path, root, action_text(a), changes, prefix=prefix)

    # 0: a row appended at the end of the array: unlabeled element, counted index 1.
    tca0("""
  AppAction.addButtonTapped""", """
U AppState(
U   todos: [
U     Todo(
U       description: "Milk",
U       id: 5834811A-83B4-4E5E-BCD3-8A38F6BDCA90,
U       isComplete: false
U     ),
P     Todo(
P       description: "",
P       id: 3B7C4F0E-1D2A-4C55-9E61-0F7B8A9C2D13,
P       isComplete: false
P     ),
U   ]
U )""", "addButtonTapped", "AppAction", [
        change("todos[1]", "added", None, dedent_value("""
Todo(
  description: "",
  id: 3B7C4F0E-1D2A-4C55-9E61-0F7B8A9C2D13,
  isComplete: false
)""")),
    ])

    # 1: typing into the second row: U+2212 / + pair inside the second element.
    tca0("""
  AppAction.todo(
    id: 3B7C4F0E-1D2A-4C55-9E61-0F7B8A9C2D13,
    action: TodoAction.textFieldChanged(
      "Eggs"
    )
  )""", """
U AppState(
U   todos: [
U     Todo(
U       description: "Milk",
U       id: 5834811A-83B4-4E5E-BCD3-8A38F6BDCA90,
U       isComplete: false
U     ),
U     Todo(
M       description: "",
P       description: "Eggs",
U       id: 3B7C4F0E-1D2A-4C55-9E61-0F7B8A9C2D13,
U       isComplete: false
U     ),
U   ]
U )""", "todo.textFieldChanged", "AppAction", [value("todos[1].description", '""', '"Eggs"')])

    # 2: the checkbox of the first row.
    tca0("""
  AppAction.todo(
    id: 5834811A-83B4-4E5E-BCD3-8A38F6BDCA90,
    action: TodoAction.checkBoxToggled
  )""", """
U AppState(
U   todos: [
U     Todo(
U       description: "Milk",
U       id: 5834811A-83B4-4E5E-BCD3-8A38F6BDCA90,
M       isComplete: false
P       isComplete: true
U     ),
U     Todo(
U       description: "Eggs",
U       id: 3B7C4F0E-1D2A-4C55-9E61-0F7B8A9C2D13,
U       isComplete: false
U     ),
U   ]
U )""", "todo.checkBoxToggled", "AppAction", [value("todos[0].isComplete", "false", "true")])

    # 3: `.debugActions()` of another store: header, action, blank line, no state part.
    a = block("""
  AnalyticsAction.track(
    "todo_completed"
  )""")
    log.record(["Analytics: received action:"] + a + [""], "tca0", "track", "AnalyticsAction",
               action_text(a), None, prefix="Analytics")

    # 4: the delayed sort that finds nothing to move.
    a = block("""
  AppAction.sortCompletedTodos""")
    log.record(["AppReducer: received action:"] + a + ["  (No state changes)", ""], "tca0",
               "sortCompletedTodos", "AppAction", action_text(a), NOCHANGE, prefix="AppReducer")

    # 5: a labels-only action (`.debug(actionFormat: .labelsOnly)`) over a whole-state diff.
    tca0("""
  AppAction.todo(id:, action: .checkBoxToggled)""", """
U AppState(
U   todos: [
U     Todo(
U       description: "Milk",
U       id: 5834811A-83B4-4E5E-BCD3-8A38F6BDCA90,
U       isComplete: true
U     ),
U     Todo(
U       description: "Eggs",
U       id: 3B7C4F0E-1D2A-4C55-9E61-0F7B8A9C2D13,
M       isComplete: false
P       isComplete: true
U     ),
U   ]
U )""", "todo.checkBoxToggled", "AppAction", [value("todos[1].isComplete", "false", "true")])

    # 6: clearing completed rows removes both elements (old-side counter 0 and 1).
    tca0("""
  AppAction.clearCompletedButtonTapped""", """
U AppState(
U   todos: [
M     Todo(
M       description: "Milk",
M       id: 5834811A-83B4-4E5E-BCD3-8A38F6BDCA90,
M       isComplete: true
M     ),
M     Todo(
M       description: "Eggs",
M       id: 3B7C4F0E-1D2A-4C55-9E61-0F7B8A9C2D13,
M       isComplete: true
M     ),
U   ]
U )""", "clearCompletedButtonTapped", "AppAction", [
        change("todos[0]", "removed", dedent_value("""
Todo(
  description: "Milk",
  id: 5834811A-83B4-4E5E-BCD3-8A38F6BDCA90,
  isComplete: true
)"""), None),
        change("todos[1]", "removed", dedent_value("""
Todo(
  description: "Eggs",
  id: 3B7C4F0E-1D2A-4C55-9E61-0F7B8A9C2D13,
  isComplete: true
)"""), None),
    ])

    # 7: a filter enum with a payload-less case as the action payload (type-qualified).
    tca0("""
  AppAction.filterPicked(
    Filter.completed
  )""", """
U AppState(
M   filter: Filter.all,
P   filter: Filter.completed,
U   todos: []
U )""", "filterPicked.completed", "AppAction", [value("filter", "Filter.all", "Filter.completed")])
    return log


# ===================================================================== messy (hand-written)

def ul(ts, thread=0x2f1a, proc="Browser", extra=""):
    """A unified-log (`log stream`) prefix, style 1 of FORMATS.md 2.2, ending in one space."""
    return tf.oslog_prefix("2026-11-20 " + ts, thread, 4242, proc) + extra


def ns(ts):
    return tf.nslog_prefix("2026-11-20 " + ts, "Browser", 4242, 0x2f1a)


def iso_ts(ts):
    return "2026-11-20T%s+01:00" % ts


def messy():
    log = Log("messy")
    log.other(
        "Browser launched (build 2026.11.20-4411)",
        ul("10:22:31.004211") + "[Launch] didFinishLaunching, 3 windows restored",
        ns("10:22:31.010333") + "WebContent[4250] Connection to daemon was invalidated",
    )

    # 0: tca1, unified-log prefix on every line; the blank line is a prefix-only line.
    p = ul("10:22:31.118734")
    a = ["  AppFeature.Action.onAppear"]
    s = block("""
  AppFeature.State(
-   isLoading: false,
+   isLoading: true,
    tabs: […]
  )""")
    log.record([p + l for l in ["received action:"] + a + s] + [p.rstrip(" ")], "tca1", "onAppear",
               "AppFeature.Action", action_text(a), [value("isLoading", "false", "true")],
               timestamp=iso_ts("10:22:31.118734"))
    log.other(ul("10:22:31.120007", thread=0x2f1c) + "nw_connection_copy_connected_local_endpoint [C1] Connection has no local endpoint")

    # 1: diffing, header-only NSLog (Xcode console) prefix, CRLF line ends.
    a = block("""
  AppAction.windows(
    WindowsAction.window(
      windowID: WindowID(
        rawValue: "7E1D3C42-9B0F-4F6A-8C11-2B5E4D7A9F30"
      ),
      action: WindowAction.selectTab(
        TabID(
          rawValue: "B2"
        )
      )
    )
  )""")
    t = block("""
🖨️ State:
windows:
|>Key 7E1D3C42-9B0F-4F6A-8C11-2B5E4D7A9F30:
|>|>selectedTabID:
|>|>|>Current: TabID(rawValue: "B2")
|>|>|>Previous: TabID(rawValue: "A1")""")
    lines = [ns("10:22:32.101000") + "🎬 Received action:"] + a + t + [""]
    log.record([l + "\r" for l in lines], "diffing", "windows.window.selectTab", "AppAction", action_text(a), [
        value("windows[7E1D3C42-9B0F-4F6A-8C11-2B5E4D7A9F30].selectedTabID", 'TabID(rawValue: "A1")',
              'TabID(rawValue: "B2")'),
    ], timestamp=iso_ts("10:22:32.101000"))

    # 2: a no-change diffing record: no blank line, a foreign line follows at once.
    a = ["  AppAction.timerTicked"]
    log.record(["🎬 Received action:"] + a + ["🖨️ State:", "🖨️ (No state changes)"], "diffing",
               "timerTicked", "AppAction", action_text(a), NOCHANGE)
    log.other(ns("10:22:32.250000") + "[Network] GET https://example.com/feed.json 200 (312 ms)")

    # 3: a one-line labels record with a bare ISO-8601 prefix (Z kept as written).
    text = "AppFeature.Action.tabs(.element(id:, action: .hoverChanged))"
    log.record(["2026-11-20T09:22:33.512Z received action: " + text], "labels", "tabs.element.hoverChanged",
               "AppFeature.Action", text, None, timestamp="2026-11-20T09:22:33.512Z")

    # 4: legacy WithViewStore output and a Custom Dump diff with no header: no record.
    log.other(
        "WithViewStore<AppFeature.State, AppFeature.Action, _>@ContentView.swift:44 (Changed state)",
        "  AppFeature.State(",
        "-   isLoading: true,",
        "+   isLoading: false,",
        "    tabs: […]",
        "  )",
        "",
    )

    # 5: tca1, prefix on the header only (one multi-line os_log message); the dictionary key
    #    is quoted in the diff and bare in the path. Ends at the root's closing bracket:
    #    a foreign line follows without a blank line.
    a = block("""
  AppFeature.Action.inbox(
    .messages(
      .element(
        id: UUID(00000000-0000-0000-0000-00000000000A),
        action: .markReadTapped
      )
    )
  )""")
    s = block("""
  AppFeature.State(
    inbox: Inbox.State(
      filter: .all,
      messages: [
        … (3 unchanged),
        [3]: Message(
          id: UUID(00000000-0000-0000-0000-00000000000A),
-         isRead: false,
+         isRead: true,
          subject: "Lunch?"
        ),
        [4]: Message(…)
      ],
      unreadCounts: [
-       "inbox": 4,
+       "inbox": 3,
        … (2 unchanged)
      ]
    ),
    isLoading: false,
    tabs: […]
  )""")
    log.record([ul("10:22:34.000150", extra="(Browser) [com.example.browser:tca] ") + "received action:"] + a + s,
               "tca1", "inbox.messages.element.markReadTapped", "AppFeature.Action", action_text(a), [
                   value("inbox.messages[3].isRead", "false", "true"),
                   value("inbox.unreadCounts[inbox]", "4", "3"),
               ], timestamp=iso_ts("10:22:34.000150"))
    log.other(ul("10:22:34.000377", thread=0x2f1c) + "[Sync] pulled 2 changes")

    # 6: `.debugActions()` of a named store inside a unified-log line: tca0, no state part.
    p = ul("10:22:34.500001")
    a = ["  SyncAction.pull"]
    log.record([p + "SyncReducer: received action:", p + a[0], p], "tca0", "pull", "SyncAction",
               action_text(a), None, timestamp=iso_ts("10:22:34.500001"), prefix="SyncReducer")

    # 7: tca1 no-change record, every line prefixed, with CRLF on its blank line only.
    p = ul("10:22:35.010000")
    a = ["  AppFeature.Action.inbox(.refreshTicked)"]
    log.record([p + "received action:", p + a[0], p + "  (No state changes)", p + "\r"], "tca1",
               "inbox.refreshTicked", "AppFeature.Action", action_text(a), NOCHANGE,
               timestamp=iso_ts("10:22:35.010000"))
    log.other(
        "objc[4242]: Class _TtC7Browser14WebViewBridge is implemented in both Browser and BrowserKit. One of the two will be used.",
        "",
    )

    # 8: cut off by the end of the input in the middle of a line (no final newline).
    a = block("""
  AppFeature.Action.inbox(
    .messages(
      .element(
        id: UUID(00000000-0000-0000-0000-00000000000B),
        action: .markReadTapped
      )
    )
  )""")
    s = block("""
  AppFeature.State(
    inbox: Inbox.State(
      filter: .all,
      messages: [
        … (4 unchanged),
        [4]: Message(
          id: UUID(00000000-0000-0000-0000-00000000000B),
-         isRead: false,
+         isRead: true,
          subject: "Quarterly rep""")
    log.record(["received action:"] + a + s, "tca1", "inbox.messages.element.markReadTapped",
               "AppFeature.Action", action_text(a), [value("inbox.messages[4].isRead", "false", "true")],
               complete=False, final_newline=False)
    return log


# ============================================================ browser-session (generated)

class Rng:
    def __init__(self, seed):
        self.r = random.Random(seed)

    def uuid(self):
        h = "%032X" % self.r.getrandbits(128)
        return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def action_value(value):
    """A generated action, ("case", type, name, [(label, value)]) / ("struct", type,
    [(label, value)]) / str (printed as is), as tcaformat's Case/Struct/Raw; the path goes on
    through `action:` or a single unlabeled case payload (FORMATS.md 10.1 rules 3a and 3b)."""
    if isinstance(value, str):
        return tf.Raw(value)
    if value[0] == "struct":
        return tf.Struct(value[1], [(label, action_value(v)) for label, v in value[2]])
    args = [(label, action_value(v)) for label, v in value[3]]
    if len(args) == 1 and args[0][0] is None and isinstance(args[0][1], tf.Case):
        following = 0
    else:
        following = next((i for i, (label, v) in enumerate(args) if label == "action" and isinstance(v, tf.Case)),
                          None)
    return tf.Case(value[1], value[2], args, following)


def pretty(value):
    """TCA 0.x's pretty dump of a generated action: its lines."""
    return tf.pretty_0x(action_value(value))


def case_path(value):
    return tf.action_path(action_value(value))


class Browser:
    """A small model of the browser's state: windows with tabs."""

    def __init__(self, rng):
        self.rng = rng
        self.windows = {}
        self.clock = 0.0
        for _ in range(2):
            self.new_window()
        self.sidebar_visible = True
        self.last_sync = "2026-11-20T09:00:00Z"

    def new_window(self):
        wid = self.rng.uuid()
        tabs = {}
        order = []
        for _ in range(self.rng.r.randint(2, 5)):
            tid = self.rng.uuid()
            tabs[tid] = {"title": self.rng.r.choice(TITLES), "progress": 1.0}
            order.append(tid)
        self.windows[wid] = {"tabs": tabs, "order": order, "selected": order[0], "collapsed": 0}
        return wid


TITLES = ["Point-Free", "Swift Forums", "GitHub", "Hacker News", "Apple Developer", "Mail",
          "Calendar", "The Composable Architecture", "Weather", "Docs"]


def window_action(wid, inner):
    return ("case", "AppAction", "windows", [(None, ("case", "WindowsAction", "window", [
        ("windowID", ("struct", "WindowID", [("rawValue", '"%s"' % wid)])),
        ("action", inner),
    ]))])


def tab_action(tid, inner):
    return ("case", "WindowAction", "tabs", [(None, ("case", "TabsAction", "tab", [
        ("id", ("struct", "TabID", [("rawValue", '"%s"' % tid)])),
        ("action", inner),
    ]))])


def browser_session():
    log = Log("browser-session")
    rng = Rng(20261120)
    r = rng.r
    app = Browser(rng)
    ms = [0]

    def stamp():
        ms[0] += r.randint(3, 900)
        total = 10 * 3600 * 1000 + 22 * 60 * 1000 + ms[0]
        h, rem = divmod(total, 3600000)
        m, rem = divmod(rem, 60000)
        s, milli = divmod(rem, 1000)
        return "%02d:%02d:%02d.%03d%03d" % (h, m, s, milli, r.randint(0, 999))

    def emit(action, tree, xcode=False):
        """tree: None = no change, else (lines, changes)."""
        a = ["  " + l for l in pretty(action)]
        header = "🎬 Received action:"
        ts = None
        if xcode:
            t = stamp()
            header = ns(t) + header
            ts = iso_ts(t)
        if tree is None:
            lines = [header] + a + ["🖨️ State:", "🖨️ (No state changes)"]
            state = NOCHANGE
        else:
            tree_lines, changes = tree
            lines = [header] + a + ["🖨️ State:"] + tree_lines + [""]
            state = changes
        log.record(lines, "diffing", case_path(action), "AppAction", action_text(a), state, timestamp=ts)

    def win_key(wid, inner_lines):
        return ["windows:", "|\tKey %s:" % wid] + ["|\t|\t" + l for l in inner_lines]

    def leaf(label, cur, prev):
        return ["%s:" % label, "|\tCurrent: %s" % cur, "|\tPrevious: %s" % prev]

    def indent(lines, n=1):
        return ["|\t" * n + l for l in lines]

    noise = [
        lambda: ns(stamp()) + "[WebContent] Loading https://www.pointfree.co/episodes (main frame)",
        lambda: "nw_connection_receive_internal_block_invoke [C%d] Receive reply failed with error \"Operation canceled\"" % r.randint(1, 40),
        lambda: ns(stamp()) + "CoreData: annotation: fetch request took 0.%04ds" % r.randint(1, 9999),
        lambda: "[Sync] batch %d uploaded" % r.randint(100, 999),
        lambda: "Metal API Validation Enabled",
        lambda: ns(stamp()) + "Unable to simultaneously satisfy constraints. Will attempt to recover by breaking <NSLayoutConstraint:0x600002a1%04x>" % r.randint(0, 65535),
    ]

    log.other("Browser launched (pid 4242) on macOS 15.1", ns(stamp()) + "Restored 2 windows")
    n_records = 900
    for n in range(n_records):
        wid = r.choice(list(app.windows))
        w = app.windows[wid]
        xcode = r.random() < 0.08
        roll = r.random()
        if roll < 0.30:  # hover over a tab: no state change
            tid = r.choice(w["order"])
            act = window_action(wid, tab_action(tid, ("case", "TabAction", "hoverChanged", [(None, r.choice(["true", "false"]))])))
            emit(act, None, xcode)
        elif roll < 0.48:  # mouse moved: no state change
            act = window_action(wid, ("case", "WindowAction", "mouseMoved", [(None, ("struct", "CGPoint", [
                ("x", "%.1f" % (r.randint(0, 28000) / 20)), ("y", "%.1f" % (r.randint(0, 18000) / 20))]))]))
            emit(act, None, xcode)
        elif roll < 0.63:  # timer tick: no-op
            emit(("case", "AppAction", "timerTicked", []), None, xcode)
        elif roll < 0.74:  # select a tab
            choices = [t for t in w["order"] if t != w["selected"]]
            tid = r.choice(choices)
            act = window_action(wid, ("case", "WindowAction", "selectTab", [(None, ("struct", "TabID", [("rawValue", '"%s"' % tid)]))]))
            old = w["selected"]
            w["selected"] = tid
            tree = win_key(wid, leaf("selectedTabID", 'TabID(rawValue: "%s")' % tid, 'TabID(rawValue: "%s")' % old))
            emit(act, (tree, [value("windows[%s].selectedTabID" % wid, 'TabID(rawValue: "%s")' % old, 'TabID(rawValue: "%s")' % tid)]), xcode)
        elif roll < 0.84:  # page load progress of a tab
            tid = r.choice(w["order"])
            t = w["tabs"][tid]
            old = t["progress"] if t["progress"] < 1.0 else 0.0
            new = min(1.0, round(old + r.choice([0.1, 0.25, 0.5]), 2))
            t["progress"] = new
            act = window_action(wid, tab_action(tid, ("case", "TabAction", "loadProgressChanged", [(None, repr(new))])))
            tree = win_key(wid, ["tabs:", "|\tKey %s:" % tid] + indent(leaf("loadingProgress", repr(new), repr(old)), 2))
            emit(act, (tree, [value("windows[%s].tabs[%s].loadingProgress" % (wid, tid), repr(old), repr(new))]), xcode)
        elif roll < 0.88:  # title changed: strings print without quotes
            tid = r.choice(w["order"])
            t = w["tabs"][tid]
            old, new = t["title"], r.choice([x for x in TITLES if x != t["title"]])
            t["title"] = new
            act = window_action(wid, tab_action(tid, ("case", "TabAction", "titleChanged", [(None, '"%s"' % new)])))
            tree = win_key(wid, ["tabs:", "|\tKey %s:" % tid] + indent(leaf("title", new, old), 2))
            emit(act, (tree, [value("windows[%s].tabs[%s].title" % (wid, tid), old, new)]), xcode)
        elif roll < 0.92 and len(w["order"]) < 9:  # new tab: added key pair, count, selection
            tid = rng.uuid()
            w["tabs"][tid] = {"title": "New Tab", "progress": 1.0}
            w["order"].append(tid)
            old_sel, w["selected"] = w["selected"], tid
            act = window_action(wid, ("case", "WindowAction", "newTabButtonTapped", []))
            pair = 'Optional(Browser.Tab(id: %s, title: "New Tab", url: nil))' % tid
            inner = (leaf("selectedTabID", 'TabID(rawValue: "%s")' % tid, 'TabID(rawValue: "%s")' % old_sel)
                     + ["tabOrder:", "|\tDifferent count:", "|\t|\tCurrent: (%d)" % len(w["order"]),
                        "|\t|\tPrevious: (%d)" % (len(w["order"]) - 1)]
                     + ["tabs:", "|\tAdded key pairs:", "|\t|\t%s: %s" % (tid, pair)])
            base = "windows[%s]" % wid
            emit(act, (win_key(wid, inner), [
                value(base + ".selectedTabID", 'TabID(rawValue: "%s")' % old_sel, 'TabID(rawValue: "%s")' % tid),
                change(base + ".tabOrder", "count", str(len(w["order"]) - 1), str(len(w["order"]))),
                change(base + ".tabs[%s]" % tid, "added", None, pair),
            ]), xcode)
        elif roll < 0.95 and len(w["order"]) > 2:  # close a tab that is not selected
            tid = r.choice([t for t in w["order"] if t != w["selected"]])
            t = w["tabs"].pop(tid)
            w["order"].remove(tid)
            act = window_action(wid, tab_action(tid, ("case", "TabAction", "closeButtonTapped", [])))
            pair = 'Optional(Browser.Tab(id: %s, title: "%s", url: nil))' % (tid, t["title"])
            inner = (["tabOrder:", "|\tDifferent count:", "|\t|\tCurrent: (%d)" % len(w["order"]),
                      "|\t|\tPrevious: (%d)" % (len(w["order"]) + 1)]
                     + ["tabs:", "|\tRemoved key pairs:", "|\t|\t%s: %s" % (tid, pair)])
            base = "windows[%s]" % wid
            emit(act, (win_key(wid, inner), [
                change(base + ".tabOrder", "count", str(len(w["order"]) + 1), str(len(w["order"]))),
                change(base + ".tabs[%s]" % tid, "removed", pair, None),
            ]), xcode)
        elif roll < 0.97:  # sidebar list toggled (as in the debugDiffing article)
            lid = rng.uuid()
            act = window_action(wid, ("case", "WindowAction", "toggleListCollapsedState", [("listID", ("case", "RootOrListIdentifier", "list", [
                (None, ("struct", "Identifier<SidebarItem>", [("rawValue", '"%s"' % lid)]))]))]))
            old = w["collapsed"]
            w["collapsed"] = old + 1 if old == 0 or r.random() < 0.5 else old - 1
            tree = win_key(wid, ["collapsedListIDs:", "|\tDifferent count:", "|\t|\tCurrent: (%d)" % w["collapsed"], "|\t|\tPrevious: (%d)" % old])
            emit(act, (tree, [change("windows[%s].collapsedListIDs" % wid, "count", str(old), str(w["collapsed"]))]), xcode)
        else:  # sync finished: two top-level blocks joined with ", "
            new_sync = "2026-11-20T10:%02d:%02dZ" % (22 + n * 10 // n_records, r.randint(0, 59))
            act = ("case", "AppAction", "sync", [(None, ("case", "SyncAction", "finished", [(None, new_sync)]))])
            old_sync, app.last_sync = app.last_sync, new_sync
            old_vis = app.sidebar_visible
            app.sidebar_visible = not old_vis
            tree = (leaf("isSidebarVisible", str(app.sidebar_visible).lower(), str(old_vis).lower())
                    + [", " + l if i == 0 else l for i, l in enumerate(leaf("lastSync", new_sync, old_sync))])
            emit(act, (tree, [
                value("isSidebarVisible", str(old_vis).lower(), str(app.sidebar_visible).lower()),
                value("lastSync", old_sync, new_sync),
            ]), xcode)
        if r.random() < 0.07:
            log.other(r.choice(noise)())
    log.other(ns(stamp()) + "Browser will terminate")
    return log


# =============================================================== timestamped (generated)

def timestamped():
    """tca1 records, a unified-log prefix on every line, ~500 records over a few minutes;
    bursts of hover actions a few milliseconds apart."""
    log = Log("timestamped")
    r = random.Random(7)
    tabs = ["UUID(%08X-0000-4000-8000-%012X)" % (0xA0 + i, 0xC0FFEE + i) for i in range(6)]
    hovered = [None]
    selected = [tabs[0]]
    t_us = [10 * 3600 * 10 ** 6 + 5 * 60 * 10 ** 6]  # 10:05:00

    def ts_text():
        h, rem = divmod(t_us[0], 3600 * 10 ** 6)
        m, rem = divmod(rem, 60 * 10 ** 6)
        s, us = divmod(rem, 10 ** 6)
        return "%02d:%02d:%02d.%06d" % (h, m, s, us)

    def emit(action_lines, state_lines, path, changes):
        t = ts_text()
        p = ul(t, thread=r.choice([0x1a2b, 0x1a2c]))
        lines = ["received action:"] + action_lines + state_lines
        log.record([p + l for l in lines] + [p], "tca1", path, "BrowserFeature.Action", action_text(action_lines),
                   changes, timestamp=iso_ts(t))

    def state(inner):
        return (["  BrowserFeature.State(", "    _clock: Clock.State(…),", "    _tabStrip: TabStrip.State("]
                + inner + ["    )", "  )"])

    def hover(tab, on):
        act = ["  BrowserFeature.Action.tabStrip(", "    .tabs(", "      .element(",
               "        id: %s," % tab, "        action: .hoverChanged(%s)" % ("true" if on else "false"),
               "      )", "    )", "  )"]
        new = tab if on else None
        if new == hovered[0]:
            emit(act, ["  (No state changes)"], "tabStrip.tabs.element.hoverChanged", NOCHANGE)
            return
        old = hovered[0]
        hovered[0] = new
        inner = ["-     _hoveredTabID: %s," % (old or "nil"), "+     _hoveredTabID: %s," % (new or "nil"),
                 "      _selectedTabID: %s," % selected[0], "      _tabs: […]"]
        emit(act, state(inner), "tabStrip.tabs.element.hoverChanged",
             [value("_tabStrip._hoveredTabID", old or "nil", new or "nil")])

    n = 0
    while n < 500:
        roll = r.random()
        if roll < 0.35:  # a burst of hover actions as the pointer crosses the tab strip
            start = r.randrange(len(tabs))
            for k in range(r.randint(4, 12)):
                if n >= 500:
                    break
                tab = tabs[(start + k // 2) % len(tabs)]
                hover(tab, k % 2 == 0)
                t_us[0] += r.randint(800, 25000)
                n += 1
        elif roll < 0.65:
            emit(["  BrowserFeature.Action.clock(.tick)"], ["  (No state changes)"], "clock.tick", NOCHANGE)
            n += 1
        elif roll < 0.85:
            new = r.choice([t for t in tabs if t != selected[0]])
            old, selected[0] = selected[0], new
            act = ["  BrowserFeature.Action.tabStrip(", "    .tabs(", "      .element(",
                   "        id: %s," % new, "        action: .tapped", "      )", "    )", "  )"]
            inner = ["      _hoveredTabID: %s," % (hovered[0] or "nil"), "-     _selectedTabID: %s," % old,
                     "+     _selectedTabID: %s," % new, "      _tabs: […]"]
            emit(act, state(inner), "tabStrip.tabs.element.tapped", [value("_tabStrip._selectedTabID", old, new)])
            n += 1
        else:
            log.other(ul(ts_text(), thread=0x1a2d) + "[Network] GET https://example.com/api/v1/feed 200 (%d ms)" % r.randint(20, 400))
        t_us[0] += r.randint(50_000, 1_500_000)
    return log


def main():
    """`--check`: write nothing, exit 1 if a file in Samples/ differs from what this script makes."""
    check = "--check" in sys.argv[1:]
    stale = []
    for make in (todos_tca1, todos_tca0, messy, browser_session, timestamped):
        log = make()
        records, lines, size, different = log.write(check=check)
        stale += different
        print("%-24s %5d records %6d lines %8d bytes" % (log.name + ".log", records, lines, size))
    if stale:
        print("out of date (run python3 Tests/Samples/make_samples.py): " + ", ".join(stale), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
