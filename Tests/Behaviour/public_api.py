#!/usr/bin/env python3
"""public_api.py: the public declarations of TCALogKit's stages, per target, and the ones
without a doc comment.

A declaration counts when its modifiers hold `public` or `open` (not `public import`);
one under `@_spi(...)` is counted apart, as SPI: only code that imports the SPI sees it.
A declaration is documented when the line above it (attributes skipped) ends a `///` or
`/** */` comment.

    python3 Tests/Behaviour/public_api.py [--undocumented] [--list TARGET] [--max N]

With --max N it exits 1 when there are more than N public declarations or any without
a doc comment (the suite's PublicAPITests runs it so).
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


def main():
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
