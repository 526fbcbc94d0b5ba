#!/usr/bin/env python3
"""The target graph and the import table of docs/ARCHITECTURE.md, from the code.

    python3 Tests/Behaviour/architecture.py           # print both
    python3 Tests/Behaviour/architecture.py --check   # exit 1 when the doc says otherwise
    python3 Tests/Behaviour/architecture.py --write   # put them into the doc

The graph is Package.swift's: each library target (tests and the benchmark left out) with
the targets and products it depends on, in the order the manifest declares them. The
table is the sources': for each target, the modules its files import (`import X`,
`@_spi(...) import X`, `@_exported import X`), each with how many of its files do, the
package's own modules first. System modules (Glibc, Darwin, Foundation…) are left out.
In the doc both stand between `<!-- architecture.py: begin -->` and
`<!-- architecture.py: end -->`.
"""
import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
DOC = os.path.join(ROOT, "docs", "ARCHITECTURE.md")
BEGIN = "<!-- architecture.py: begin -->"
END = "<!-- architecture.py: end -->"
SYSTEM = {"Glibc", "Darwin", "Foundation", "FoundationEssentials", "Dispatch", "Testing", "XCTest", "Android", "Musl", "WinSDK"}
IMPORT = re.compile(r"^(?:@_exported |@_spi\(\w+\) |@testable |@preconcurrency )*import (\w+)\s*$")


def targets():
    """[(name, kind, [dependencies])] of Package.swift, in its order."""
    text = open(os.path.join(ROOT, "Package.swift"), encoding="utf-8").read()
    text = re.sub(r"//[^\n]*", "", text)
    out = []
    for m in re.finditer(r"\.(target|executableTarget|systemLibrary|testTarget)\(\s*name:\s*\"([^\"]+)\"", text):
        kind, name = m.group(1), m.group(2)
        # The call's arguments: up to the parenthesis that closes it.
        depth, i = 0, m.start()
        while True:
            c = text[i]
            if c == "(":
                depth += 1
            elif c == ")":
                depth -= 1
                if depth == 0:
                    break
            i += 1
        call = text[m.start() : i + 1]
        deps = []
        d = re.search(r"dependencies:\s*\[", call)
        if d:
            j, depth = d.end(), 1
            while depth:
                depth += {"[": 1, "]": -1}.get(call[j], 0)
                j += 1
            listed = call[d.end() : j - 1]
            for p in re.finditer(r"\.product\(\s*name:\s*\"([^\"]+)\"[^)]*\)|\"([^\"]+)\"", listed):
                deps.append(p.group(1) or p.group(2))
        out.append((name, kind, deps))
    return out


def imports(target):
    """{module: number of the target's files that import it}."""
    counts = {}
    d = os.path.join(ROOT, "Sources", target)
    for dp, _, fs in os.walk(d):
        for f in fs:
            if not f.endswith(".swift"):
                continue
            seen = set()
            in_literal = False  # a multi-line string: generated code's imports are not the file's
            for line in open(os.path.join(dp, f), encoding="utf-8"):
                if line.count('"""') % 2:
                    in_literal = not in_literal
                    continue
                m = IMPORT.match(line.strip())
                if m and not in_literal and m.group(1) not in SYSTEM:
                    seen.add(m.group(1))
            for module in seen:
                counts[module] = counts.get(module, 0) + 1
    return counts


def files(target):
    d = os.path.join(ROOT, "Sources", target)
    return sum(1 for dp, _, fs in os.walk(d) for f in fs if f.endswith(".swift"))


def render():
    all_targets = targets()
    own = [t for t in all_targets if t[1] in ("target", "executableTarget") and t[0] != "tcalog-bench"]
    names = [t[0] for t in all_targets]
    order = {n: i for i, n in enumerate(names)}
    width = max(len(t[0]) for t in own)
    graph = ["```"]
    for name, _, deps in own:
        graph.append("%s ← %s" % (name.ljust(width), ", ".join(deps) if deps else "(nothing)"))
    graph.append("```")
    table = ["| target | files | imports (files that import it) |", "|---|---:|---|"]
    for name, _, _ in own:
        if not files(name):
            continue  # a C target
        counts = imports(name)
        ordered = sorted(counts, key=lambda m: (m not in order or not m.startswith("TCALog"), order.get(m, 999), m))
        cell = ", ".join("%s %d" % (m, counts[m]) for m in ordered) or "none"
        table.append("| `%s` | %d | %s |" % (name, files(name), cell))
    return "\n".join(graph + [""] + table)


def main(argv):
    text = render()
    if "--check" in argv or "--write" in argv:
        doc = open(DOC, encoding="utf-8").read()
        if BEGIN not in doc or END not in doc:
            print("architecture.py: %s has no %s … %s block" % (DOC, BEGIN, END), file=sys.stderr)
            return 1
        head, rest = doc.split(BEGIN, 1)
        _, tail = rest.split(END, 1)
        updated = head + BEGIN + "\n" + text + "\n" + END + tail
        if "--write" in argv:
            open(DOC, "w", encoding="utf-8").write(updated)
            return 0
        if updated != doc:
            print("architecture.py: docs/ARCHITECTURE.md's graph or import table differs from the code;"
                  " run python3 Tests/Behaviour/architecture.py --write", file=sys.stderr)
            return 1
        return 0
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
