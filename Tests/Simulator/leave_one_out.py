#!/usr/bin/env python3
"""leave_one_out.py: the classifier's new thresholds judged on apps not used to set them.

Runs measure.py's scoring for each configuration of a small grid around the defaults
(through `tcalog suggest --classifier-policy`, hidden, which only these scripts pass) on every cached
session, then, for each app in turn: picks the configuration that does best on the OTHER
apps (most sessions passing, then fewest signal actions silenced, then most noise
silenced; ties go to the earlier configuration, the defaults first) and reports how that
configuration does on the app left out.

  leave_one_out.py --tcalog .build/debug/tcalog --cache DIR [--seeds 1] [--jobs 2]
"""

import argparse
import concurrent.futures
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import measure  # noqa: E402

GRID = [
    ("defaults", ""),
    ("fanOutOrderSpread=0.8", "fanOutOrderSpread=0.8"),
    ("fanOutOrderSpread=1.2", "fanOutOrderSpread=1.2"),
    ("entityTimerSpread=0.6", "entityTimerSpread=0.6"),
    ("jitteredTimerShare=0.6", "jitteredTimerShare=0.6"),
    ("smallShare=0.02", "smallShare=0.02"),
    ("bindingStreamRuns=0.9", "bindingStreamRuns=0.9"),
    ("followShare=0.7", "followShare=0.7"),
]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tcalog", required=True)
    ap.add_argument("--cache", required=True)
    ap.add_argument("--seeds", default="1")
    ap.add_argument("--minutes", type=int, default=12)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--json", default=None)
    args = ap.parse_args()
    apps = measure.list_apps()
    sessions = [(a, f, p, int(s)) for a in apps for f in ("diffing", "tca1") for p in ("none", "oslog")
                for s in args.seeds.split(",")]
    results = {}
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for name, tuning in GRID:
            jobs = [(a, f, p, s, args.minutes, args.tcalog, [], args.cache, tuning) for a, f, p, s in sessions]
            results[name] = list(pool.map(measure.run_one, jobs))
            print("%-26s %d of %d pass" % (name, sum(r.get("pass", False) for r in results[name]), len(jobs)),
                  file=sys.stderr)

    def merit(rows):
        rows = [r for r in rows if "error" not in r]
        return (sum(r["pass"] for r in rows), -sum(len(r["signalSilenced"]) for r in rows),
                sum(r["noisePct"] for r in rows))

    print("| app left out | chosen on the other apps | passed | worst noise silenced | signal silenced |")
    print("|---|---|---:|---:|---|")
    table = []
    for app in apps:
        best = None
        for name, _ in GRID:
            m = merit([r for r in results[name] if r["app"] != app])
            if best is None or m > best[0]:
                best = (m, name)
        mine = [r for r in results[best[1]] if r["app"] == app and "error" not in r]
        sig = sorted({s for r in mine for s in r["signalSilenced"]})
        row = {"app": app, "chosen": best[1], "passed": sum(r["pass"] for r in mine), "sessions": len(mine),
               "worst": min([r["noisePct"] for r in mine] or [0]), "signal": sig}
        table.append(row)
        print("| %s | %s | %d/%d | %.1f %% | %s |" % (app, row["chosen"], row["passed"], row["sessions"], row["worst"],
                                                    ", ".join(sig) or "-"))
    print("\nleft out and passed: %d of %d sessions" % (sum(r["passed"] for r in table),
                                                        sum(r["sessions"] for r in table)))
    if args.json:
        json.dump({"table": table, "grid": {n: results[n] for n, _ in GRID}}, open(args.json, "w"), indent=1)


if __name__ == "__main__":
    main()
