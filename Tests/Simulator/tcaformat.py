"""tcaformat: the one writer of The Composable Architecture's debug-log formats (docs/FORMATS.md).

The simulator (tcasim.py), the browser log generator (genlog.py) and the sample writer
(Tests/Samples/make_samples.py) build values here and print them through these functions:

  values      actions: Raw, q, Struct, Case (A builds one and finds its path); state: V (a
              leaf with its three texts), St, Arr, Dic, En
  tca0        pretty_0x: TCA 0.x's debug dump of an action (also the diffing format's action);
              labels_dump: `.labelsOnly`; TCA0_MARKERS: `debug()`'s whole-state diff markers
  tca1        custom_dump, dump, collapsed, cd_diff: Custom Dump's dump and diff
  diffing     df_leaves, difference_tree: the Difference library's tree
  prefixes    oslog_prefix, nslog_prefix: the console prefixes of FORMATS.md 2.2

The diffs can report the changes they print (`changes`/`on_change`): each as (path, kind,
old text, new text), a path a tuple of a field name, ("i", index), ("k", key[, dict]) or
("e", case), kind "value", "count", "added" or "removed". Standard library only.
"""

import difflib
import re

__all__ = ["Raw", "q", "Struct", "Case", "A", "action_path", "binding_key_path", "pretty_0x", "labels_dump",
           "custom_dump", "V", "NIL", "num", "text", "boolean", "St", "Arr", "Dic", "En", "same", "dump",
           "collapsed", "describe", "cd_diff", "df_leaves", "difference_tree", "oslog_prefix",
           "nslog_prefix", "TCA0_MARKERS"]


# ============================================================ action values and dumps

class Raw:
    """A literal printed as written (numbers, booleans, quoted strings, key paths)."""
    __slots__ = ("text",)

    def __init__(self, text):
        self.text = text


def q(s):
    """A quoted string literal."""
    return Raw('"%s"' % s)


class Struct:
    """A struct in an action: type name and (label, value) fields."""
    __slots__ = ("type_name", "fields")

    def __init__(self, type_name, fields):
        self.type_name = type_name
        self.fields = list(fields)


class Case:
    """An enum case in an action: type name, case name, (label or None, value) arguments,
    and which argument holds the child action the path descends into (or None)."""
    __slots__ = ("type_name", "name", "args", "child")

    def __init__(self, type_name, name, args=(), child=None):
        self.type_name = type_name
        self.name = name
        self.args = list(args)
        self.child = child


def A(type_name, case_name, /, *unlabeled, **labeled):
    """An action case. Its path goes on into one lone unlabeled case payload, or else into
    the argument labelled `action:` (docs/FORMATS.md, action path, rule 3)."""
    args = [(None, v) for v in unlabeled] + list(labeled.items())
    child = None
    if len(args) == 1 and args[0][0] is None and isinstance(args[0][1], Case):
        child = 0
    else:
        child = next((i for i, (l, v) in enumerate(args) if l == "action" and isinstance(v, Case)), None)
    if len(args) == 1 and args[0][0] is None and isinstance(args[0][1], Raw) and _CASE_LIKE.match(args[0][1].text):
        # `.active` or `ScenePhase.active` alone reads as a child case: the path goes on
        raise ValueError("lone payload %r of .%s reads as a case: write it with A()" % (args[0][1].text, case_name))
    for label, v in args:
        # A child action under another label is found by its type name only where nested
        # type names are printed (diffing): the path would differ between the formats.
        if label not in (None, "action") and isinstance(v, Case) and _bare(v.type_name).endswith("Action"):
            raise ValueError("child action under label %r: its path would depend on the format" % label)
    return Case(type_name, case_name, args, child)


_CASE_LIKE = re.compile(r"^(?:\.|(?:[A-Z]\w*(?:<[^<>]*>)?\.)+)[a-z_]\w*$")   # `.x`, `Type.x`


def action_path(case):
    names = []
    while case is not None:
        names.append(case.name)
        case = case.args[case.child][1] if case.child is not None else None
    return ".".join(names)


def binding_key_path(case):
    """The key path of a `binding(.set(\\Feature.State.$x, value))` action, spelled `\\.$x`
    (the root type dropped, as `if case .binding(\\.$x)` writes it); None for other actions."""
    while case.child is not None:
        case = case.args[case.child][1]
    if case.name != "set" or not case.args or not isinstance(case.args[0][1], Raw):
        return None
    written = case.args[0][1].text
    if not written.startswith("\\"):
        return None
    return "\\." + written.split(".")[-1]


def _bare(type_name):
    """A type name without its generic arguments (Custom Dump drops them)."""
    return type_name.split("<", 1)[0]


def _leafy(v):
    return isinstance(v, Raw) or (isinstance(v, Struct) and not v.fields) or (isinstance(v, Case) and not v.args)


def _children(head, kids, dumper):
    """`head(` + one argument a line, indented 2, comma-separated + `)`."""
    lines = [head + "("]
    for i, (label, v) in enumerate(kids):
        sub = dumper(v)
        sub[0] = (label + ": " if label else "") + sub[0]
        if i < len(kids) - 1:
            sub[-1] += ","
        lines.extend("  " + l for l in sub)
    lines.append(")")
    return lines


def pretty_0x(v):
    """TCA 0.x's debug dump (the diffing format's action): every value typed, generic
    arguments kept, every non-empty value over several lines. A list of lines."""
    if isinstance(v, Raw):
        return [v.text]
    if isinstance(v, Struct):
        return _children(v.type_name, v.fields, pretty_0x) if v.fields else [v.type_name + "()"]
    head = "%s.%s" % (v.type_name, v.name)
    return _children(head, v.args, pretty_0x) if v.args else [head]


def custom_dump(v, root=True):
    """Custom Dump (TCA 1.x): the root case with its type, nested cases as `.case`, generic
    arguments dropped; a value whose one child has no children of its own on one line."""
    if isinstance(v, Raw):
        return [v.text]
    if isinstance(v, Struct):
        head, kids = _bare(v.type_name), v.fields
        if not kids:
            return [head + "()"]
    else:
        head = ("%s.%s" % (_bare(v.type_name), v.name)) if root else "." + v.name
        kids = v.args
        if not kids:
            return [head]
    sub = lambda x: custom_dump(x, False)
    if isinstance(v, Case) and v.type_name.startswith("BindingAction"):
        # BindingAction's own dump: `.set(\State.$field, value)` on one line
        return ["%s(%s)" % (head, ", ".join(" ".join(sub(x)) for _, x in kids))]
    if len(kids) == 1 and _leafy(kids[0][1]):
        label, x = kids[0]
        return ["%s(%s%s)" % (head, label + ": " if label else "", sub(x)[0])]
    return _children(head, kids, sub)


def labels_dump(v, root=True):
    """`.labelsOnly` (diffing): the root type once, nested cases as `.case`, argument labels
    without values, a case argument kept (`.tabs(.element(id:, action: .tapped))`)."""
    name = ("%s.%s" % (v.type_name, v.name)) if root else "." + v.name
    if not v.args:
        return name
    if len(v.args) == 1 and v.args[0][0] is None:
        child = v.args[0][1]
        return "%s(%s)" % (name, labels_dump(child, False)) if isinstance(child, Case) else name
    parts = []
    for label, child in v.args:
        inner = labels_dump(child, False) if isinstance(child, Case) else ""
        parts.append("%s:%s" % (label or "_", " " + inner if inner else ""))
    return "%s(%s)" % (name, ", ".join(parts))


# ========================================================================= state values

class V:
    """A leaf of the state. cd: its Custom Dump; df: its String(describing:), as the
    Difference library prints a leaf; dq: its debug text inside Optional(...) or a
    container."""
    __slots__ = ("cd", "df", "dq")

    def __init__(self, cd, df=None, dq=None):
        self.cd = cd
        self.df = cd if df is None else df
        self.dq = self.df if dq is None else dq


NIL = V("nil")


def num(x, nd=None):
    if isinstance(x, float):
        return V(repr(round(x, nd) if nd is not None else x))
    return V(str(x))


def text(s):
    return V('"%s"' % s, s, '"%s"' % s)


def boolean(b):
    return V("true" if b else "false")


class St:
    """A struct: its type name as Custom Dump prints it and its fields, in order."""
    __slots__ = ("t", "f")

    def __init__(self, t, fields):
        self.t = t
        self.f = dict(fields)


class Arr:
    """An Array or IdentifiedArray."""
    __slots__ = ("items",)

    def __init__(self, items=None):
        self.items = list(items or [])


class Dic:
    """A dictionary, keys sorted, printed `"key": ` (quoted) or `key: ` (quoted=False); with
    ordered=True the keys keep their insertion order (a StackState: `#1`, `#2`). key, when
    given, is a format for the key's dump (`UUID(%s)`): Difference prints the bare key."""
    __slots__ = ("d", "quoted", "ordered", "key")

    def __init__(self, items=None, quoted=True, ordered=False, key=None):
        self.d = dict(items or {})
        self.quoted = quoted
        self.ordered = ordered
        self.key = key

    def keys(self):
        return list(self.d) if self.ordered else sorted(self.d)

    def key_dump(self, k):
        if self.key:
            return self.key % k
        return '"%s"' % k if self.quoted else str(k)

    def label(self, k):
        return self.key_dump(k) + ": "


class En:
    """An enum value: a case with a payload (an St or a V) or none; label: the payload's
    argument label (`.loading(progress: 0.5)`), when it has one."""
    __slots__ = ("t", "case", "payload", "label")

    def __init__(self, t, case, payload=None, label=None):
        self.t = t
        self.case = case
        self.payload = payload
        self.label = label


def _shallow(node):
    if isinstance(node, St):
        return St(node.t, node.f)
    if isinstance(node, Arr):
        return Arr(node.items)
    if isinstance(node, Dic):
        return Dic(node.d, node.quoted, node.ordered, node.key)
    if isinstance(node, En):
        return En(node.t, node.case, node.payload, node.label)
    raise TypeError("not a container: %r" % (node,))


def same(a, b):
    """Equal values (the same objects, shared by an old and a new state, are equal at once)."""
    if a is b:
        return True
    ta = type(a)
    if ta is not type(b):
        return False
    if ta is V:
        return a.cd == b.cd
    if ta is St:
        return a.t == b.t and list(a.f) == list(b.f) and all(same(x, b.f[k]) for k, x in a.f.items())
    if ta is Arr:
        return len(a.items) == len(b.items) and all(same(x, y) for x, y in zip(a.items, b.items))
    if ta is Dic:
        return a.d.keys() == b.d.keys() and all(same(x, b.d[k]) for k, x in a.d.items())
    return a.t == b.t and a.case == b.case and a.label == b.label and (a.payload is b.payload or (
        a.payload is not None and b.payload is not None and same(a.payload, b.payload)))


def _childless(v):
    if isinstance(v, V):
        return True
    if isinstance(v, St):
        return not v.f
    if isinstance(v, Arr):
        return not v.items
    if isinstance(v, Dic):
        return not v.d
    return v.payload is None


def dump(v):
    """Custom Dump of a state value: its lines, relative indentation."""
    if isinstance(v, V):
        return [v.cd]
    if isinstance(v, St):
        if not v.f:
            return [v.t + "()"]
        if len(v.f) == 1:
            (k, x), = v.f.items()
            if _childless(x):
                return ["%s(%s: %s)" % (v.t, k, dump(x)[0])]
        return _dump_kids(v.t + "(", [(k + ": ", x) for k, x in v.f.items()], ")")
    if isinstance(v, Arr):
        if not v.items:
            return ["[]"]
        return _dump_kids("[", [("[%d]: " % i, x) for i, x in enumerate(v.items)], "]")
    if isinstance(v, Dic):
        if not v.d:
            return ["[:]"]
        return _dump_kids("[", [(v.label(k), v.d[k]) for k in v.keys()], "]")
    if v.payload is None:
        return ["." + v.case]
    inner = dump(v.payload)
    if v.label is not None:
        inner[0] = v.label + ": " + inner[0]
    if len(inner) == 1:
        return [".%s(%s)" % (v.case, inner[0])]
    return [".%s(" % v.case] + ["  " + l for l in inner] + [")"]


def _dump_kids(opener, kids, closer):
    lines = [opener]
    for i, (label, x) in enumerate(kids):
        sub = dump(x)
        sub[0] = label + sub[0]
        if i < len(kids) - 1:
            sub[-1] += ","
        lines.extend("  " + l for l in sub)
    return lines + [closer]


def _single_line(v):
    """Whether dump(v) is one line (without dumping a large value to find out)."""
    if isinstance(v, V):
        return True
    if isinstance(v, St):
        return not v.f or (len(v.f) == 1 and _childless(next(iter(v.f.values()))))
    if isinstance(v, Arr):
        return not v.items
    if isinstance(v, Dic):
        return not v.d
    return v.payload is None or _single_line(v.payload)


def collapsed(v):
    """An unchanged value beside a change, as Custom Dump shows it: `Type(…)`, `[…]`."""
    if isinstance(v, V):
        return v.cd
    if isinstance(v, St):
        return dump(v)[0] if _single_line(v) else v.t + "(…)"
    if isinstance(v, Arr):
        return "[…]" if v.items else "[]"
    if isinstance(v, Dic):
        return "[…]" if v.d else "[:]"
    if v.payload is None:
        return "." + v.case
    return dump(v)[0] if _single_line(v) else ".%s(…)" % v.case


def describe(v, module):
    """Swift's debug description, as Difference shows a value it does not descend into."""
    if isinstance(v, V):
        return v.dq
    if isinstance(v, St):
        return "%s.%s(%s)" % (module, v.t, ", ".join("%s: %s" % (k, describe(x, module)) for k, x in v.f.items()))
    if isinstance(v, Arr):
        return "[%s]" % ", ".join(describe(x, module) for x in v.items)
    if isinstance(v, Dic):
        if not v.d:
            return "[:]"
        return "[%s]" % ", ".join("%s: %s" % (v.key_dump(k), describe(v.d[k], module)) for k in v.keys())
    head = "%s.%s.%s" % (module, v.t, v.case)
    if v.payload is None:
        return head
    return "%s(%s%s)" % (head, "" if v.label is None else v.label + ": ", describe(v.payload, module))


# ================================================================== Custom Dump diff


def _line(marker, depth, content):
    return marker + " " + "  " * depth + content


def _leaf_lines(out, marker, depth, label, value, comma):
    """A value written out whole under one marker; returns its dump (no label, no comma)."""
    lines = dump(value)
    body = "\n".join(lines)
    lines[0] = label + lines[0]
    lines[-1] += comma
    out.extend(_line(marker, depth, l) for l in lines)
    return body


def _one_liner(v):
    return isinstance(v, St) and _single_line(v)


def cd_diff(out, old, new, depth=0, label="", comma="", changes=None, path=()):
    """Custom Dump's diff of two different values, appended to out as marked lines; each
    change it prints is appended to `changes` (when given) as (path, kind, old, new), the
    values as their dumps (several lines joined by LF, relative indentation)."""
    if isinstance(old, St) and isinstance(new, St) and old.t == new.t and list(old.f) == list(new.f) \
            and not (_one_liner(old) and _one_liner(new)):
        out.append(_line(" ", depth, label + old.t + "("))
        keys = list(new.f)
        for i, k in enumerate(keys):
            c = "," if i < len(keys) - 1 else ""
            a, b = old.f[k], new.f[k]
            if same(a, b):
                out.append(_line(" ", depth + 1, k + ": " + collapsed(b) + c))
            else:
                cd_diff(out, a, b, depth + 1, k + ": ", c, changes, path + (k,))
        out.append(_line(" ", depth, ")" + comma))
    elif isinstance(old, Arr) and isinstance(new, Arr):
        # An empty side too: Custom Dump diffs two collections element by element.
        out.append(_line(" ", depth, label + "["))
        _cd_entries(out, depth + 1, _align(old.items, new.items), lambda i: "[%d]: " % i,
                    changes, lambda i: path + (("i", i),))
        out.append(_line(" ", depth, "]" + comma))
    elif isinstance(old, Dic) and isinstance(new, Dic):
        out.append(_line(" ", depth, label + "["))
        keys = [k for k in old.keys()] + [k for k in new.keys() if k not in old.d]
        if not new.ordered:
            keys.sort()
        entries = []
        for k in keys:
            if k not in new.d:
                entries.append(("del", k, old.d[k]))
            elif k not in old.d:
                entries.append(("ins", k, new.d[k]))
            elif same(old.d[k], new.d[k]):
                entries.append(("same", k, new.d[k]))
            else:
                entries.append(("mod", k, old.d[k], new.d[k]))
        _cd_entries(out, depth + 1, entries, new.label, changes, lambda k: path + (("k", k),))
        out.append(_line(" ", depth, "]" + comma))
    elif isinstance(old, En) and isinstance(new, En) and old.case == new.case and old.label == new.label \
            and old.payload is not None and new.payload is not None \
            and (old.label is not None or (isinstance(old.payload, St) and isinstance(new.payload, St))):
        out.append(_line(" ", depth, label + "." + new.case + "("))
        here = path + (("e", new.case),)
        if old.label is not None:
            cd_diff(out, old.payload, new.payload, depth + 1, old.label + ": ", "", changes, here + (old.label,))
        else:
            cd_diff(out, old.payload, new.payload, depth + 1, "", "", changes, here)
        out.append(_line(" ", depth, ")" + comma))
    else:
        before = _leaf_lines(out, "-", depth, label, old, comma)
        after = _leaf_lines(out, "+", depth, label, new, comma)
        if changes is not None:
            changes.append((path, "value", before, after))


def _align(old, new):
    """Old and new elements of an array: ("same", i, v), ("mod", i, a, b), ("del", old
    index, a), ("ins", new index, b), in printing order."""
    if len(old) == len(new):
        return [("same", i, b) if same(a, b) else ("mod", i, a, b) for i, (a, b) in enumerate(zip(old, new))]
    sm = difflib.SequenceMatcher(None, ["\n".join(dump(x)) for x in old], ["\n".join(dump(x)) for x in new],
                                 autojunk=False)
    out = []
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag == "equal":
            out.extend(("same", j1 + k, new[j1 + k]) for k in range(i2 - i1))
            continue
        out.extend(("del", i, old[i]) for i in range(i1, i2))
        out.extend(("ins", j, new[j]) for j in range(j1, j2))
    return out


def _cd_entries(out, depth, entries, label_of, changes, path_of):
    """A container's entries: unchanged runs collapsed (`… (N unchanged)`, or a lone
    `[i]: Type(…)`), changes written out."""
    groups = []
    for e in entries:
        if e[0] == "same" and groups and groups[-1][0] == "run":
            groups[-1][1].append(e)
        elif e[0] == "same":
            groups.append(("run", [e]))
        else:
            groups.append(("op", e))
    for n, g in enumerate(groups):
        c = "," if n < len(groups) - 1 else ""
        if g[0] == "run":
            run = g[1]
            if len(run) == 1:
                out.append(_line(" ", depth, label_of(run[0][1]) + collapsed(run[0][2]) + c))
            else:
                out.append(_line(" ", depth, "… (%d unchanged)" % len(run) + c))
            continue
        e = g[1]
        if e[0] == "mod":
            cd_diff(out, e[2], e[3], depth, label_of(e[1]), c, changes, path_of(e[1]))
        elif e[0] == "del":
            body = _leaf_lines(out, "-", depth, label_of(e[1]), e[2], c)
            if changes is not None:
                changes.append((path_of(e[1]), "removed", body, None))
        else:
            body = _leaf_lines(out, "+", depth, label_of(e[1]), e[2], c)
            if changes is not None:
                changes.append((path_of(e[1]), "added", None, body))


# ================================================================== Difference tree

def df_leaves(old, new, path, out):
    """The Difference library's view of a change: (path, kind, old, new) leaves where kind
    is "value", "count" (a collection of another size), "added" or "removed" (a key)."""
    if isinstance(old, St) and isinstance(new, St) and old.t == new.t and list(old.f) == list(new.f):
        for k, a in old.f.items():
            if not same(a, new.f[k]):
                df_leaves(a, new.f[k], path + (k,), out)
    elif isinstance(old, Arr) and isinstance(new, Arr):
        if len(old.items) != len(new.items):
            out.append((path, "count", len(old.items), len(new.items)))
        else:
            for i, (a, b) in enumerate(zip(old.items, new.items)):
                if not same(a, b):
                    df_leaves(a, b, path + (("i", i),), out)
    elif isinstance(old, Dic) and isinstance(new, Dic):
        for k in sorted(set(old.d) | set(new.d)):
            if k not in new.d:
                out.append((path + (("k", k, old),), "removed", old.d[k], None))
            elif k not in old.d:
                out.append((path + (("k", k, new),), "added", None, new.d[k]))
            elif not same(old.d[k], new.d[k]):
                df_leaves(old.d[k], new.d[k], path + (("k", k, new),), out)
    elif isinstance(old, En) and isinstance(new, En) and old.case == new.case and old.label == new.label \
            and old.payload is not None and new.payload is not None \
            and (old.label is not None or not isinstance(old.payload, V)):
        here = path + (("e", new.case),)
        if old.label is not None:
            here += (old.label,)
        df_leaves(old.payload, new.payload, here, out)
    else:
        out.append((path, "value", old, new))


def _df_text(v, other, module):
    if v is NIL or (isinstance(v, V) and v.cd == "nil"):
        return "nil"
    if isinstance(other, V) and other.cd == "nil":
        return "Optional(%s)" % describe(v, module)
    if isinstance(v, V):
        return v.df
    if isinstance(v, En):
        return v.case if v.payload is not None else describe(v, module)
    return describe(v, module)


def difference_tree(leaves, order, module, on_change=None):
    """The tree as lines of blocks: one block per top-level property (in `order`), the
    blocks' siblings sorted by their text, pipe-and-tab indentation. on_change(path, kind,
    old text, new text), when given, hears each change in the order the tree prints it."""
    root = {}
    for path, kind, old, new in leaves:
        node = root
        for comp in path[:-1] if kind in ("added", "removed") else path:
            node = node.setdefault(_df_label(comp), {})
        if kind in ("added", "removed"):
            comp = path[-1]
            group = node.setdefault("\0" + kind, [])
            value = "Optional(%s)" % describe(old if kind == "removed" else new, module)
            group.append(("%s: %s" % (comp[1], value), path, value))
        else:
            node["\0leaf"] = (kind, old, new, path)

    def render(node, level, out):
        pad = "|\t" * level
        leaf = node.get("\0leaf")
        if leaf:
            kind, old, new, path = leaf
            if kind == "count":
                out.append(pad + "Different count:")
                out.append(pad + "|\tCurrent: (%d)" % new)
                out.append(pad + "|\tPrevious: (%d)" % old)
                if on_change:
                    on_change(path, "count", str(old), str(new))
            else:
                current, previous = _df_text(new, old, module), _df_text(old, new, module)
                out.extend((pad + "Current: " + l) if i == 0 else l for i, l in enumerate(current.split("\n")))
                out.extend((pad + "Previous: " + l) if i == 0 else l for i, l in enumerate(previous.split("\n")))
                if on_change:
                    on_change(path, "value", previous, current)
        for label in sorted(k for k in node if not k.startswith("\0")):
            out.append(pad + label)
            render(node[label], level + 1, out)
        for kind, title in (("\0removed", "Removed key pairs:"), ("\0added", "Added key pairs:")):
            if kind in node:
                out.append(pad + title)
                for line, path, value in sorted(node[kind], key=lambda entry: entry[0]):
                    out.append(pad + "|\t" + line)
                    if on_change:
                        on_change(path, kind[1:], value if kind == "\0removed" else None,
                                  value if kind == "\0added" else None)

    blocks = []
    for name in order:
        label = name + ":"
        if label in root:
            lines = [label]
            render(root[label], 1, lines)
            blocks.append("\n".join(lines) + "\n")
    return blocks


def _df_label(comp):
    if isinstance(comp, str):
        return comp + ":"
    if comp[0] == "i":
        return "Collection[%d]:" % comp[1]
    if comp[0] == "k":
        return "Key %s:" % comp[1]
    return "Enum %s:" % comp[1]


# ========================================================================== tca0

# `debug()`'s whole-state diff (TCA 0.x): each line starts with one marker, FIGURE SPACE
# for an unchanged line, MINUS SIGN for a removed one, "+" for an added one.
TCA0_MARKERS = {"unchanged": "\u2007", "removed": "\u2212", "added": "+"}


# ====================================================================== prefixes

def oslog_prefix(stamp, thread, pid, process):
    """`log stream`'s default prefix (FORMATS.md 2.2, style 1), ending in one space; stamp:
    "YYYY-MM-DD HH:MM:SS.ffffff" in +0100."""
    return "%s+0100 0x%x     Default     0x0                  %d   0    %s: " % (stamp, thread, pid, process)


def nslog_prefix(stamp, process, pid, thread):
    """The Xcode console's NSLog prefix: `2026-11-20 10:22:31.123456+0100 Browser[4242:2f1a] `."""
    return "%s+0100 %s[%d:%x] " % (stamp, process, pid, thread)
