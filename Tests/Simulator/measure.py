#!/usr/bin/env python3
"""measure.py: how `tcalog suggest` does on the simulator's labelled sessions.

For every app of tcasim.py (its browser and the apps of Tests/Simulator/apps/*.py) x both
formats x with and without `log stream` times x the seeds, it writes a session and its
labels, runs `tcalog suggest --format json` on it and scores the active suggestions:

  noise%   noise-labelled lines silenced over all noise-labelled lines
  signal   signal-labelled actions silenced (path, or path and key path for a binding
           whose key paths are labelled apart): must be none
  pass     noise% >= 95 and no signal silenced

A suggestion silences an action path when its "path" is the path or a prefix of it (at a
`.`); when it also has a "keyPath", only that key path of a binding. Labels "either" go
either way. Prints one row per session and a row per app; --json writes the rows.

  measure.py --tcalog .build/debug/tcalog [--seeds 1,2] [--minutes 12] [--apps a,b]
             [--jobs 2] [--json rows.json] [--extra-args '...']
"""

import argparse
import concurrent.futures
import glob
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TCASIM = os.path.join(HERE, "tcasim.py")
# chains_apps.py's apps plant requests and loops for `tcalog chains`; they are not apps to
# measure suggest on (and its shop would clash with author-p's).
MODULES = sorted(m for m in glob.glob(os.path.join(HERE, "apps", "*.py")) if not m.endswith("chains_apps.py"))
# The simulator and its app modules; --simulator and --modules point them elsewhere (the
# other author's apps beside ../shared's sessions.py, development data kept out of the tests).
SIMULATOR = TCASIM


def module_args():
    out = []
    for m in MODULES:
        out += ["--apps-module", m]
    return out


def list_apps():
    text = subprocess.run([sys.executable, SIMULATOR, "--list-apps"] + module_args(), check=True,
                          capture_output=True, text=True).stdout
    return text.split()


def authors():
    """App name -> its author: a module's `AUTHOR = "..."` (the project's own modules, and the
    simulator's built-in browser, have none: "tcalog"). Judging across authors needs it."""
    out = {}
    for m in MODULES:
        source = open(m).read()
        found = re.search(r'^AUTHOR\s*=\s*"([^"]+)"', source, re.M)
        default = "tcalog" if os.path.dirname(m) == os.path.join(HERE, "apps") else os.path.basename(m)[:-3]
        names = subprocess.run([sys.executable, SIMULATOR, "--list-apps", "--apps-module", m], check=True,
                               capture_output=True, text=True).stdout.split()
        for name in names:
            out.setdefault(name, "tcalog")
            if name in re.findall(r'^\s*name\s*=\s*"([^"]+)"', source, re.M):
                out[name] = found.group(1) if found else default
    return out


def covers(s, path, key_path):
    p = s["path"]
    if not (path == p or path.startswith(p + ".")):
        return False
    k = s.get("keyPath")
    return k is None or k == key_path


def score(labels, suggestions):
    """(silenced noise lines, noise lines, silenced signal actions, either lines silenced)."""
    noise_lines = silenced = 0
    signal = []
    for path, a in labels["actions"].items():
        units = [(k, v) for k, v in a.get("keyPaths", {}).items()] or [(None, a)]
        for key_path, u in units:
            hit = any(covers(s, path, key_path) for s in suggestions)
            if u["label"] == "noise":
                noise_lines += u["lines"]
                silenced += u["lines"] if hit else 0
            elif u["label"] == "signal" and hit:
                signal.append(path + (" " + key_path if key_path else ""))
    return silenced, noise_lines, sorted(signal)


def session(app, fmt, prefix, seed, minutes, cache):
    """The log and labels of a session: written to `cache` once (when given) and reused."""
    d = os.path.join(cache, "%s-%s-%s-%s-%d-%d" % (os.path.basename(SIMULATOR)[:-3], app, fmt, prefix, seed, minutes))
    log = os.path.join(d, "s.log")
    lab = os.path.join(d, "labels.json")
    if not os.path.exists(lab):
        os.makedirs(d, exist_ok=True)
        subprocess.run([sys.executable, SIMULATOR] + module_args() + [
            "--app", app, "--format", fmt, "--prefix", prefix, "--seed", str(seed), "--minutes", str(minutes),
            "-o", log, "--labels", lab + ".tmp"], check=True, capture_output=True)
        os.rename(lab + ".tmp", lab)
    return log, lab


def configure(simulator, modules):
    global SIMULATOR, MODULES
    if simulator:
        SIMULATOR = os.path.abspath(simulator)
    if modules:
        MODULES = [os.path.abspath(m) for m in modules.split(",")]


def run_one(job):
    app, fmt, prefix, seed, minutes, tcalog, extra, cache, tuning = job
    with tempfile.TemporaryDirectory(prefix="tcalog-measure-") as d:
        log, lab = session(app, fmt, prefix, seed, minutes, cache or d)
        policy = ["--classifier-policy", tuning] if tuning else []
        out = subprocess.run([tcalog, "suggest", "--format", "json"] + policy + extra + [log], capture_output=True,
                             text=True)
        if out.returncode != 0:
            return {"app": app, "format": fmt, "prefix": prefix, "seed": seed, "error": out.stderr.strip()[:300]}
        result = json.loads(out.stdout)
        labels = json.load(open(lab))
    silenced, noise, signal = score(labels, result.get("suggestions", []))
    pct = 100.0 * silenced / noise if noise else 100.0
    actions = []
    for a in result.get("actions", []):
        labelled = labels["actions"].get(a["path"], {})
        actions.append(dict(a, label=labelled.get("label"), labelLines=labelled.get("lines"),
                            labelKeyPaths=labelled.get("keyPaths")))
    return {"app": app, "format": fmt, "prefix": prefix, "seed": seed, "noisePct": round(pct, 1),
            "noiseLines": noise, "signalSilenced": signal, "pass": pct >= 95.0 and not signal,
            "actions": actions}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tcalog", default=os.path.join(HERE, "..", "..", ".build", "debug", "tcalog"))
    ap.add_argument("--seeds", default="1,2")
    ap.add_argument("--minutes", type=int, default=12)
    ap.add_argument("--apps", default=None, help="comma-separated (default: every app)")
    ap.add_argument("--formats", default="diffing,tca1")
    ap.add_argument("--prefixes", default="none,oslog")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--json", default=None)
    ap.add_argument("--extra-args", default="", help="more arguments for tcalog suggest")
    ap.add_argument("--cache", default=None, help="keep the sessions in this directory and reuse them")
    ap.add_argument("--tuning", default="", help="tcalog suggest --classifier-policy (name=value,...)")
    ap.add_argument("--simulator", default=None, help="another session simulator (default: tcasim.py)")
    ap.add_argument("--modules", default=None, help="comma-separated app modules (default: apps/*.py)")
    args = ap.parse_args()
    configure(args.simulator, args.modules)
    author_of = authors()
    apps = args.apps.split(",") if args.apps else list_apps()
    jobs = [(a, f, p, int(s), args.minutes, args.tcalog, shlex.split(args.extra_args), args.cache, args.tuning)
            for a in apps for f in args.formats.split(",") for p in args.prefixes.split(",")
            for s in args.seeds.split(",")]
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        rows = list(pool.map(run_one, jobs))
    for r in rows:
        r["author"] = author_of.get(r["app"], "tcalog")
    print("| app | format | times | seed | noise silenced | signal silenced | pass |")
    print("|---|---|---|---|---:|---|---|")
    for r in rows:
        if "error" in r:
            print("| %s | %s | %s | %s | error: %s | | no |" % (r["app"], r["format"], r["prefix"], r["seed"], r["error"]))
            continue
        print("| %s | %s | %s | %d | %.1f %% | %s | %s |" % (
            r["app"], r["format"], r["prefix"], r["seed"], r["noisePct"], ", ".join(r["signalSilenced"]) or "-",
            "yes" if r["pass"] else "**no**"))
    print()
    print("| app | sessions passed | worst noise silenced | signal actions silenced |")
    print("|---|---:|---:|---|")
    for a in apps:
        mine = [r for r in rows if r["app"] == a and "error" not in r]
        sig = sorted({s for r in mine for s in r["signalSilenced"]})
        print("| %s | %d/%d | %.1f %% | %s |" % (a, sum(r["pass"] for r in mine), len(mine),
                                               min([r["noisePct"] for r in mine] or [0]), ", ".join(sig) or "-"))
    total = [r for r in rows if "error" not in r]
    print("\nall: %d of %d sessions pass" % (sum(r["pass"] for r in total), len(rows)))
    if args.json:
        json.dump(rows, open(args.json, "w"), indent=1)   # with every action's evidence and label


if __name__ == "__main__":
    main()
