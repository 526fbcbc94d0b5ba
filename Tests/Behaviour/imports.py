#!/usr/bin/env python3
"""The imports of tcalog's own modules that a Swift file in Sources does not need.

    python3 Tests/Behaviour/imports.py              # every file of Sources; exit 1 if any
    python3 Tests/Behaviour/imports.py FILE...      # only these files
    python3 Tests/Behaviour/imports.py --apply ...  # and delete those import lines
    python3 Tests/Behaviour/imports.py --build ...  # delete, build, put back what it needs
    python3 Tests/Behaviour/imports.py --types ...  # type members count as uses (cautious)

A module's names are what another module can see of it: its `public`, `package` and
`open` top-level declarations (types, functions, variables), and the members of its
`extension`s that are not private (an extension member, `trimmingBlanks()` on String or
`FilterRepository.append` from Output, needs the import once `MemberImportVisibility` is
on, and finding it by name is cheap). A file needs an import when it uses one of those
names: a top-level name as a word, an extension member after a dot (`.trimmingBlanks`)
or called bare inside an extension of the same type. Comments do not count; string
literals do (an interpolation is code), so a name in a message keeps an import rather
than lose one. `TCALogKit` re-exports every stage: a file needs it when it uses any
stage's name. The C modules and system modules are not checked. The compiler is the
judge: `--build` deletes, builds, and puts back each import the compiler says a file
misses (a member of a type declared in that module, used on a value whose type the file
never names: `shape.name` of a Parsing type reached through Report). The targets with
MemberImportVisibility on (Package.swift's `trueImports`) report those; in the others the
deletion is exact as it stands (Swift then sees every loaded module's members).
"""
import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
SOURCES = os.path.join(ROOT, "Sources")

IMPORT = re.compile(r"^(?:@_exported |@_spi\(\w+\) |@testable |@preconcurrency )*import (\w+)\s*$")
VISIBLE = re.compile(r"\b(public|package|open)\b")
HIDDEN = re.compile(r"\b(private|fileprivate)\b")
DECL = re.compile(
    r"^((?:@[\w.]+(?:\([^)]*\))?\s+)*)((?:\w+(?:\([^)]*\))?\s+)*)"
    r"(struct|enum|class|protocol|actor|typealias|func|var|let|case|init|subscript|extension|associatedtype)\b\s*"
    r"([A-Za-z_][\w.]*|`[^`]+`)?"
)
WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
# Members so common that a dot before them says nothing about where they come from.
COMMON = {"init", "description", "debugDescription", "hash", "encode", "count", "first", "last", "isEmpty"}


def strip_comments(text):
    """The text without // and /* */ comments (strings kept; a `//` inside one is rare here)."""
    out = []
    i = 0
    n = len(text)
    in_string = False
    while i < n:
        c = text[i]
        if in_string:
            out.append(c)
            if c == "\\" and i + 1 < n:
                out.append(text[i + 1])
                i += 2
                continue
            if c == '"':
                in_string = False
            i += 1
            continue
        if c == '"':
            in_string = True
            out.append(c)
            i += 1
            continue
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = n if j < 0 else j + 2
            continue
        out.append(c)
        i += 1
    return "".join(out)


def modules():
    """Module name -> its Swift files, for the targets in Sources."""
    found = {}
    for name in sorted(os.listdir(SOURCES)):
        d = os.path.join(SOURCES, name)
        if not os.path.isdir(d):
            continue
        files = []
        for dp, _, fs in os.walk(d):
            files += [os.path.join(dp, f) for f in sorted(fs) if f.endswith(".swift")]
        if files:
            found[name] = files
    return found


def declared_names(files, types=False):
    """(top-level names, members: name -> the types that declare it) another module can use.

    Members are those of the module's extensions, and with `types` those of its visible
    types too (enum cases included). With MemberImportVisibility a file must import the
    module that declares a member it uses, even on a value whose type it never names; by
    name alone such uses cannot be told from the standard library's (`.name`, `.count`),
    so the default leaves them to the compiler (`--build`)."""
    top = set()
    members = {}
    for p in files:
        lines = strip_comments(open(p, encoding="utf-8").read()).split("\n")
        depth = 0
        # (depth of its members, kind, name, visible) of each type or extension being read.
        containers = []
        for line in lines:
            stripped = line.strip()
            m = DECL.match(stripped)
            inside = containers[-1] if containers and containers[-1][0] == depth else None
            if m:
                kind, modifiers = m.group(3), m.group(2) or ""
                name = (m.group(4) or "").strip("`").split(".")[-1]
                visible = bool(VISIBLE.search(modifiers))
                if depth == 0:
                    if visible and name and kind not in ("extension", "case", "init", "subscript"):
                        top.add(name)
                elif inside is not None and name and kind not in ("extension", "init", "subscript"):
                    _, container_kind, container, container_visible = inside
                    if container_kind != "extension" and not types:
                        member = False
                        names = []
                    elif kind == "case":
                        member = container_kind == "enum" and container_visible
                        names = [n.strip().split("(")[0].split("=")[0].strip() for n in stripped[4:].split(",")]
                    else:
                        member = not HIDDEN.search(modifiers) and (
                            visible or (container_visible and container_kind in ("protocol", "extension")))
                        names = [name]
                    if member:
                        for n in names:
                            if re.match(r"^[A-Za-z_]\w*$", n):
                                members.setdefault(n, set()).add(container)
                if kind in ("struct", "enum", "class", "protocol", "actor", "extension") and "{" in line:
                    containers.append((depth + 1, kind, name, visible or (inside is not None and inside[3] and kind != "extension")))
            depth += line.count("{") - line.count("}")
            if depth < 0:
                depth = 0
            while containers and containers[-1][0] > depth:
                containers.pop()
    return top, members


def imports_of(path):
    out = []
    for i, line in enumerate(open(path, encoding="utf-8").read().split("\n")):
        m = IMPORT.match(line)
        if m:
            out.append((i, m.group(1), line))
    return out


def unneeded(path, names, all_modules):
    """The (line index, module, line) of each own-module import `path` does not need."""
    text = strip_comments(open(path, encoding="utf-8").read())
    body = "\n".join(l for l in text.split("\n") if not IMPORT.match(l))
    words = set(WORD.findall(body))
    dotted = set(re.findall(r"\.\s*([A-Za-z_]\w*)", body))
    extended = set(re.findall(r"^\s*(?:[\w@()]+\s+)*extension\s+([\w.]+)", body, re.M))
    extended = {e.split(".")[-1] for e in extended}
    out = []
    for index, module, line in imports_of(path):
        if module not in all_modules:
            continue
        provided = [module]
        if module == "TCALogKit":
            provided += [m for m in all_modules if m.startswith("TCALog") and m not in ("TCALogKit", "TCALogFilter", "TCALogTestSupport")]
        needed = False
        for mod in provided:
            top, members = names[mod]
            if words & top:
                needed = True
                break
            for member, types in members.items():
                if member in COMMON:
                    continue
                if member in dotted or (member in words and types & extended):
                    needed = True
                    break
            if needed:
                break
        if not needed:
            out.append((index, module, line))
    return out


MISSING = re.compile(r"^(/[^:]+\.swift):\d+:\d+: error: .*missing import of defining module '(\w+)'")


def add_import(path, module):
    """Adds `import module` to the file's first block of imports, in order."""
    lines = open(path, encoding="utf-8").read().split("\n")
    if "import " + module in lines:
        return False
    at = [i for i, l in enumerate(lines) if IMPORT.match(l)]
    position = next((i for i in at if IMPORT.match(lines[i]).group(1) > module), at[-1] + 1 if at else 0)
    lines.insert(position, "import " + module)
    if not at and lines[1].strip():
        lines.insert(1, "")
    open(path, "w", encoding="utf-8").write("\n".join(lines))
    return True


def build_and_restore():
    """Builds (tests too); adds back each import the compiler says a file misses (a member
    of a type of that module, under MemberImportVisibility), until none is missing."""
    import subprocess

    for _ in range(6):
        run = subprocess.run(["swift", "build", "--build-tests"], cwd=ROOT, capture_output=True, text=True)
        missing = set()
        for line in (run.stdout + run.stderr).split("\n"):
            m = MISSING.match(line)
            if m:
                missing.add((m.group(1), m.group(2)))
        for path, module in sorted(missing):
            if add_import(path, module):
                print("%s: import %s put back (the compiler needs it)" % (os.path.relpath(path, ROOT), module))
        if not missing:
            if run.returncode != 0:
                sys.stderr.write(run.stdout[-4000:] + run.stderr[-4000:])
            return run.returncode
    return 1


def main(argv):
    apply = "--apply" in argv or "--build" in argv
    build = "--build" in argv
    types = "--types" in argv
    files = [os.path.abspath(a) for a in argv if not a.startswith("--")]
    all_modules = modules()
    names = {m: declared_names(fs, types) for m, fs in all_modules.items()}
    if not files:
        files = [f for fs in all_modules.values() for f in fs]
    found = 0
    for path in sorted(files):
        own = os.path.basename(os.path.dirname(path))
        if own == "TCALogKit":
            continue  # re-exports are its job
        result = unneeded(path, names, all_modules)
        for index, module, _ in result:
            print("%s:%d: unneeded import %s" % (os.path.relpath(path, ROOT), index + 1, module))
        found += len(result)
        if apply and result:
            lines = open(path, encoding="utf-8").read().split("\n")
            drop = {index for index, _, _ in result}
            # The import block ends at the last line dropped; only there are blank lines
            # tidied (a string literal further down may hold blank lines of its own).
            end = max(drop) + 2
            head = [l for i, l in enumerate(lines[:end]) if i not in drop]
            # No blank line left at the top, nor two in a row where an import block was.
            head_text = re.sub(r"\n\n\n+", "\n\n", "\n".join(head).lstrip("\n"))
            text = "\n".join([head_text] + lines[end:])
            open(path, "w", encoding="utf-8").write(text)
    print("%d unneeded import%s" % (found, "" if found == 1 else "s"), file=sys.stderr)
    if build:
        return build_and_restore()
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
