#!/usr/bin/env python3
"""public_api.py: the public declarations of TCALogKit's stages, per target, and the ones
without a doc comment.

A declaration counts when its modifiers hold `public` or `open` (not `public import`);
one under `@_spi(...)` is counted apart, as SPI: only code that imports the SPI sees it.
A declaration is documented when the line above it (attributes skipped) ends a `///` or
`/** */` comment.

    python3 Tests/Behaviour/public_api.py [--undocumented] [--list TARGET] [--max N]

With --max N it exits 1 when there are more than N public declarations or any without
a doc comment.

    python3 Tests/Behaviour/public_api.py --api            # the listing
    python3 Tests/Behaviour/public_api.py --api --write    # into Tests/Behaviour/public-api.txt
    python3 Tests/Behaviour/public_api.py --api --check    # exit 1 when they differ, or a
                                                           # declaration has no doc comment

The listing is the API a user of TCALogKit compiles against: each public declaration
(signature only: whole over its lines, up to its body or its value), by file, in file
order, without line numbers, so that it changes only when the API does. The suite's
PublicAPITests runs --check: a change to the API is a change to the committed listing,
seen in review, in place of a count.
"""
import os, re, sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Sources")
STAGES = ["TCALogSupport", "TCALogInput", "TCALogParsing", "TCALogPipeline", "TCALogQuery", "TCALogReport",
          "TCALogSuggest", "TCALogOutput", "TCALogKit"]
DECL = re.compile(r"^\s*((?:@[\w.]+(?:\([^)]*\))?\s+)*)((?:(?:public|open|private\(set\)|internal\(set\)|package\(set\)|"
                  r"final|static|class|override|mutating|nonmutating|nonisolated|convenience|required|"
                  r"indirect|lazy|dynamic|weak|unowned|consuming|borrowing)\s+)+)"
                  r"(func|var|let|init|subscript|struct|enum|class|protocol|typealias|actor|extension|case|associatedtype|deinit)\b")
ATTR = re.compile(r"^\s*@[\w.]+(\(.*\))?\s*$")


def scan(target):
    out = []
    d = os.path.join(ROOT, target)
    if not os.path.isdir(d):
        return out
    for dp, _, fs in os.walk(d):
        for f in sorted(fs):
            if not f.endswith(".swift"):
                continue
            p = os.path.join(dp, f)
            lines = open(p, encoding="utf-8").read().split("\n")
            in_string = False
            spi_indent = None  # the indentation of the SPI type being read, if any
            for i, line in enumerate(lines):
                indent = len(line) - len(line.lstrip())
                if spi_indent is not None and line.strip() and indent <= spi_indent:
                    spi_indent = None
                # Lines inside a multi-line string literal (generated Swift) are text.
                quotes = line.count('"""')
                if in_string:
                    in_string = quotes % 2 == 0
                    continue
                if quotes % 2 == 1:
                    in_string = True
                m = DECL.match(line)
                if not m or not re.search(r"\b(public|open)\b", m.group(2)):
                    continue
                attrs = m.group(1)
                j = i - 1
                while j >= 0 and ATTR.match(lines[j]):
                    attrs += lines[j]
                    j -= 1
                # A member of an SPI type is SPI too.
                spi = "@_spi" in attrs or spi_indent is not None
                if "@_spi" in attrs and m.group(3) in ("struct", "enum", "class", "protocol", "extension"):
                    spi_indent = indent
                documented = j >= 0 and (lines[j].strip().startswith("///") or lines[j].strip().endswith("*/"))
                out.append((os.path.relpath(p, ROOT), i + 1, line.strip(), spi, documented))
    return out


LISTING = os.path.join(ROOT, "..", "Tests", "Behaviour", "public-api.txt")


def signature(path, line):
    """The declaration starting at `line` (1-based) of `path`, on one line: continued while
    its parentheses are open, cut before its body (`{`) or its value (`=`)."""
    lines = open(os.path.join(ROOT, path), encoding="utf-8").read().split("\n")
    text, depth, i = "", 0, line - 1
    while i < len(lines):
        part = lines[i].strip()
        out = ""
        in_string = False
        for c in part:
            if c == '"':
                in_string = not in_string
            elif not in_string:
                if c in "([<":
                    depth += 1
                elif c in ")]>" and depth > 0 and not (c == ">" and out.endswith("-")):
                    depth -= 1
                elif depth == 0 and (c == "{" or (c == "=" and out.endswith(" "))):
                    return tidy(text + " " + out)
            out += c
        text = (text + " " + out).strip()
        if depth == 0:
            break
        i += 1
    return tidy(text)


def tidy(text):
    """One space between words; none inside the parentheses of a wrapped declaration."""
    text = " ".join(text.split())
    return text.replace("( ", "(").replace(" )", ")")


def api_listing():
    rows = []
    for t in STAGES:
        for d in scan(t):
            rows.append("%s: %s%s" % (d[0], "[spi] " if d[3] else "", signature(d[0], d[1])))
    return "\n".join(rows) + "\n"


def main():
    if "--api" in sys.argv:
        text = api_listing()
        if "--write" in sys.argv:
            open(LISTING, "w", encoding="utf-8").write(text)
        elif "--check" in sys.argv:
            import difflib
            committed = open(LISTING, encoding="utf-8").read() if os.path.exists(LISTING) else ""
            nodoc = [d for t in STAGES for d in scan(t) if not d[4]]
            for d in nodoc:
                print("undocumented: %s:%d: %s" % d[:3])
            if committed != text:
                sys.stdout.writelines(difflib.unified_diff(
                    committed.splitlines(True), text.splitlines(True), "public-api.txt (committed)", "the sources"))
                print("the public API changed: if that is meant, run python3 Tests/Behaviour/public_api.py --api --write")
            sys.exit(1 if committed != text or nodoc else 0)
        else:
            sys.stdout.write(text)
        return
    undocumented = "--undocumented" in sys.argv
    listing = sys.argv[sys.argv.index("--list") + 1] if "--list" in sys.argv else None
    total = spi_total = bad = 0
    for t in STAGES:
        decls = scan(t)
        pub = [d for d in decls if not d[3]]
        spi = [d for d in decls if d[3]]
        nodoc = [d for d in decls if not d[4]]
        total += len(pub)
        spi_total += len(spi)
        bad += len(nodoc)
        if decls:
            print("%-16s public %4d   spi %3d   undocumented %3d" % (t, len(pub), len(spi), len(nodoc)))
        if undocumented:
            for d in nodoc:
                print("  undocumented: %s:%d: %s" % d[:3])
        if listing == t:
            for d in decls:
                print("  %s:%d: %s%s" % (d[0], d[1], "[spi] " if d[3] else "", d[2]))
    print("%-16s public %4d   spi %3d   undocumented %3d" % ("total", total, spi_total, bad))
    if "--max" in sys.argv and (total > int(sys.argv[sys.argv.index("--max") + 1]) or bad):
        sys.exit(1)


main()
