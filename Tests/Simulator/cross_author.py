#!/usr/bin/env python3
"""cross_author.py: the classifier judged across authors, and a model fitted to its evidence.

Reads the rows of measure.py --json (one or more files: every session with every action's
evidence, tcalog's class and the author's label) and prints, per author and per app:

  rules        the sessions tcalog's classes pass (what `suggest` silences today)
  model, LOAO  a model fitted on the OTHER authors' sessions, judged on the author left out
  model, LOAP  the same, leaving one app out

A session passes with >= 95 % of its noise-labelled lines silenced and no signal-labelled
action silenced (measure.py's rule; a binding's key paths are judged by tcalog's own
per-key-path classes, which the model does not see). The model is a boosted ensemble of
depth-2 trees over the features of `features()` (the same numbers `suggest --format json`
prints per action), fitted with a logistic loss in which a signal-labelled action weighs
SIGNAL_WEIGHT times a noise-labelled one: silencing a signal costs far more than keeping
noise. An action is noise when the model's probability is at least NOISE_AT (under 1 % of
lines: STRONG_AT, the benefit rule). "either" labels go either way and are not fitted.

  cross_author.py ROWS.json [ROWS.json ...] [--write-swift FILE] [--json OUT]

--write-swift writes the ensemble fitted on every session as Swift (the weights in code).
"""

import argparse
import json
import math
import sys

import numpy as np

SIGNAL_WEIGHT = 20.0
NOISE_AT = 0.85
STRONG_AT = 0.93
TREES = 120
DEPTH = 2
RATE = 0.15
MIN_LEAF = 6.0
# The model never silences what the hand rules call signal (the rules' signal is a veto)...
GUARD = True
# ... unless it finds it at least this likely noise without the name's vote, and the name
# does not lean signal.
OVERRULES_SIGNAL = 0.9
# A name that leans signal (`…Tapped`) keeps the model from silencing what the rules doubt.
NAME_VETO = True
# The rules' noise stays noise unless the model finds it signal (probability <= MODEL_SIGNAL).
KEEP_RULES_NOISE = True
MODEL_SIGNAL = 0.25
# ... and the rules' noise on such a name stands only when the model finds it this likely noise.
NAME_AGREE = 0.5
# A path the model leaves in doubt that follows a silenced path one-for-one (a poll's
# response after its timer) is silenced with it (ActionClassifier.respondingAsTheirCause).
FOLLOW_CAUSE = True
FOLLOW_SHARE = 0.8

# (name, function of an action's JSON row); Swift computes the same from ActionEvidence.
FEATURES = []


def feature(name):
    def add(fn):
        FEATURES.append((name, fn))
        return fn
    return add


def timed(a):
    n = a.get("timedIntervals") or 0
    return n >= 5 and n >= 0.8 * (a["records"] - 1)


@feature("log10 records")
def _(a): return math.log10(max(1, a["records"]))


@feature("line share")
def _(a): return a["lineShare"]


@feature("record share")
def _(a): return a["recordShare"]


@feature("no-op share")
def _(a): return a["noOpShare"] if a.get("noOpShare") is not None else -1.0


@feature("timed")
def _(a): return 1.0 if timed(a) else 0.0


@feature("fast share")
def _(a): return a["fastIntervalShare"] if timed(a) else -1.0


@feature("period share")
def _(a): return a["periodShare"] if timed(a) else -1.0


@feature("near-median share")
def _(a): return a["nearMedianShare"] if timed(a) else -1.0


@feature("sub-second share")
def _(a): return a["subSecondShare"] if timed(a) else -1.0


@feature("presence")
def _(a): return a["presence"] if timed(a) and a.get("presence") is not None else -1.0


@feature("log10 median interval")
def _(a):
    m = a.get("medianIntervalSeconds")
    return max(-3.0, min(3.0, math.log10(max(m, 0.001)))) if timed(a) and m is not None else -4.0


@feature("peak per second")
def _(a): return math.log10(1 + (a.get("peakPerSecond") or 0))


@feature("repeat share")
def _(a): return a["repeatShare"]


@feature("spacing variation")
def _(a): return min(a["spacingVariation"], 10.0)


@feature("exclusive share")
def _(a): return a["exclusiveShare"]


@feature("new-value share")
def _(a): return a["newValueShare"] if a.get("newValueShare") is not None else -1.0


@feature("name lean")
def _(a): return float(a["nameLean"])


@feature("structure lean")
def _(a): return float(a["structureLean"])


@feature("binding")
def _(a): return 1.0 if "binding" in a["path"].split(".") else 0.0


@feature("entities")
def _(a): return math.log10(1 + a["entities"])


@feature("entity spread")
def _(a): return a["entitySpread"] if a.get("entitySpread") is not None else -1.0


@feature("entity order spread")
def _(a): return a["entityOrderSpread"] if a.get("entityOrderSpread") is not None else -1.0


@feature("entity switch share")
def _(a): return a["entitySwitchShare"] if a.get("entitySwitchShare") is not None else -1.0


@feature("entity short share")
def _(a): return a["entityShortShare"] if a.get("entityShortShare") is not None else -1.0


@feature("follow share")
def _(a):
    r = a.get("followRatio") or 0
    return a["followShare"] if 0.67 <= r <= 1.5 else 0.0


@feature("rule score")
def _(a): return max(-6.0, min(8.0, float(a["score"])))


@feature("insert share")
def _(a): return a["insertShare"] if a.get("insertShare") is not None else -1.0


@feature("cause share")
def _(a): return a["causeShare"] if a.get("cause") is not None else 0.0


@feature("log10 cause lift")
def _(a): return max(-1.0, min(3.0, math.log10(max(a["causeLift"], 0.1)))) if a.get("cause") is not None else 0.0


@feature("cause lean")
def _(a): return float(a.get("causeLean") or 0)


@feature("sibling score")
def _(a): return float(max(-6, min(8, a.get("siblingScore") or 0)))


@feature("rules class")
def _(a):
    c = a.get("rulesClass") or a["class"]
    return 1.0 if c == "noise" else -1.0 if c == "signal" else 0.0


@feature("lead share")
def _(a): return float(a.get("leadShare") or 0)


@feature("measurement share")
def _(a): return a["measurementShare"] if a.get("measurementShare") is not None else -1.0


def vector(a):
    return [fn(a) for _, fn in FEATURES]


# ---------------------------------------------------------------- boosted trees

def fit(rows):
    """rows: (x, y, weight). Returns a list of trees, each a nested tuple:
    ("leaf", value) or ("split", feature, threshold, left, right)."""
    X = np.array([r[0] for r in rows], dtype=float)
    y = np.array([r[1] for r in rows], dtype=float)
    w = np.array([r[2] for r in rows], dtype=float)
    f = np.zeros(len(rows))
    order = np.argsort(X, axis=0, kind="stable")
    trees = []
    for _ in range(TREES):
        p = 1 / (1 + np.exp(-f))
        g = w * (y - p)
        h = w * np.maximum(p * (1 - p), 1e-6)
        tree = grow(X, np.ones(len(rows), dtype=bool), g, h, order, DEPTH)
        trees.append(tree)
        f += np.array([predict_tree(tree, x) for x in X])
    return trees


def grow(X, mask, g, h, order, depth):
    G = g[mask].sum()
    H = h[mask].sum()
    value = RATE * G / (H + 1.0)
    leaf = ("leaf", value)
    count = int(mask.sum())
    if depth == 0 or count < 2 * MIN_LEAF:
        return leaf
    best = None
    for j in range(X.shape[1]):
        seq = order[:, j][mask[order[:, j]]]
        xs = X[seq, j]
        gl = np.cumsum(g[seq])[:-1]
        hl = np.cumsum(h[seq])[:-1]
        k = np.arange(1, len(seq))
        ok = (xs[:-1] != xs[1:]) & (k >= MIN_LEAF) & (len(seq) - k >= MIN_LEAF)
        if not ok.any():
            continue
        gain = gl ** 2 / (hl + 1) + (G - gl) ** 2 / (H - hl + 1) - G * G / (H + 1)
        gain = np.where(ok, gain, -np.inf)
        i = int(np.argmax(gain))
        if best is None or gain[i] > best[0]:
            best = (gain[i], j, (xs[i] + xs[i + 1]) / 2)
    if best is None or best[0] <= 1e-9:
        return leaf
    _, j, t = best
    left = mask & (X[:, j] <= t)
    right = mask & (X[:, j] > t)
    # The node's own value too: a split's contribution to a prediction is its child's value
    # less its own (the reasons name the features with the largest contributions).
    return ("split", j, float(t), grow(X, left, g, h, order, depth - 1), grow(X, right, g, h, order, depth - 1),
            value)


def predict_tree(tree, x):
    while tree[0] == "split":
        tree = tree[3] if x[tree[1]] <= tree[2] else tree[4]
    return tree[1]


def probability(trees, x):
    return 1 / (1 + math.exp(-sum(predict_tree(t, x) for t in trees)))


# ---------------------------------------------------------------- sessions and scoring

def training_rows(sessions):
    out = []
    for s in sessions:
        noise_lines = sum(a["lines"] for a in s["actions"] if a["label"] == "noise") or 1
        for a in s["actions"]:
            if a["label"] not in ("noise", "signal"):
                continue
            y = 1.0 if a["label"] == "noise" else 0.0
            # Noise weighs by what silencing it buys (its share of the session's noise), a
            # signal by the cost of losing it, whatever its size.
            w = 0.5 + 20.0 * a["lines"] / noise_lines if y else SIGNAL_WEIGHT
            out.append((vector(a), y, w))
    return out


def noise_by_model(trees, a):
    p = probability(trees, vector(a))
    return p >= (NOISE_AT if a["lineShare"] >= 0.01 else STRONG_AT)


def score(session, silenced):
    """(noise %, signal actions silenced) of a session when silenced(action, keyPath) says
    what is silenced; the labels' key paths judged per key path as measure.py does."""
    noise = hit = 0
    signal = []
    for a in session["actions"]:
        kps = a.get("labelKeyPaths") or {}
        units = [(k, v["label"], v["lines"]) for k, v in kps.items()] or [(None, a["label"], a.get("labelLines") or a["lines"])]
        for k, label, lines in units:
            out = silenced(a, k)
            if label == "noise":
                noise += lines
                hit += lines if out else 0
            elif label == "signal" and out:
                signal.append(a["path"] + (" " + k if k else ""))
    pct = 100.0 * hit / noise if noise else 100.0
    return pct, signal


def rules_silence(a, key_path):
    if key_path is not None:
        for k in a.get("keyPaths") or []:
            if k["keyPath"] == key_path:
                return k["class"] == "noise"
    return (a.get("rulesClass") or a["class"]) == "noise"


def tcalog_silence(a, key_path):
    """What the binary's own classes silence (the model, when it decides)."""
    if key_path is not None:
        for k in a.get("keyPaths") or []:
            if k["keyPath"] == key_path:
                return k["class"] == "noise"
    return a["class"] == "noise"


def model_silence(trees, session=None):
    """What the shipped classifier silences with these trees; given the session, also what
    follows a silenced path one-for-one while the model leaves it in doubt."""
    alone = model_silence_alone(trees)
    if session is None or not FOLLOW_CAUSE:
        return alone
    noise = {a["path"] for a in session["actions"] if alone(a, None)}

    def silenced(a, key_path):
        if alone(a, key_path):
            return True
        if key_path is not None or a.get("keyPaths") or "binding" in a["path"].split("."):
            return False
        if (a.get("rulesClass") or a["class"]) == "signal" or probability(trees, vector(a)) <= MODEL_SIGNAL:
            return False   # signal stays signal: only what is left in doubt follows its cause
        return (a.get("follows") in noise and a.get("followShare", 0) >= FOLLOW_SHARE
                and 0.67 <= a.get("followRatio", 0) <= 1.5)
    return silenced


def model_silence_alone(trees):
    def silenced(a, key_path):
        if key_path is not None and a.get("keyPaths"):
            return rules_silence(a, key_path)
        if a.get("keyPaths"):
            return False   # a binding whose key paths differ is never silenced whole
        rules = a.get("rulesClass") or a["class"]
        if GUARD and rules == "signal":
            if a["nameLean"] < 0 or "binding" in a["path"].split("."):
                return False
            if probability(trees, vector(dict(a, nameLean=0))) < OVERRULES_SIGNAL:
                return False   # nearly sure without the name's vote: a name never outweighs the numbers
            return noise_by_model(trees, a)
        if "binding" in a["path"].split("."):
            return rules == "noise"   # a binding stays the rules' (keystrokes are the user's call)
        if NAME_VETO and a["nameLean"] < 0 and rules != "noise":
            return False
        if NAME_VETO and a["nameLean"] < 0:
            # The rules' noise on a name that leans signal needs the model's agreement too.
            # Under 1 % of lines as sure as the model must be to silence alone there.
            agree = NAME_AGREE if a["lineShare"] >= 0.01 else STRONG_AT
            return probability(trees, vector(a)) >= agree
        if KEEP_RULES_NOISE and rules == "noise":
            # The rules' noise stands unless the model is sure it is signal.
            return probability(trees, vector(a)) > MODEL_SIGNAL
        return noise_by_model(trees, a)
    return silenced


def passes(result):
    pct, signal = result
    return pct >= 95.0 and not signal


def table(title, groups, results):
    print("\n### " + title + "\n")
    print("| left out | sessions | rules passed | model passed | rules: signal silenced | model: signal silenced |")
    print("|---|---:|---:|---:|---|---|")
    tr = tm = tn = 0
    for name, sessions in groups:
        r = [results[id(s)]["rules"] for s in sessions]
        m = [results[id(s)][title] for s in sessions]
        rs = sorted({x for _, sig in r for x in sig})
        ms = sorted({x for _, sig in m for x in sig})
        pr, pm = sum(map(passes, r)), sum(map(passes, m))
        tr, tm, tn = tr + pr, tm + pm, tn + len(sessions)
        print("| %s | %d | %d | %d | %s | %s |" % (name, len(sessions), pr, pm, ", ".join(rs) or "-", ", ".join(ms) or "-"))
    print("\nall: rules %d of %d, model %d of %d" % (tr, tn, tm, tn))


def swift(trees, sessions):
    """The ensemble as Swift: each tree a flat array of nodes (a split: feature, threshold,
    the index of its left and right child; a leaf: feature -1), every node with its value."""
    out = ["// Generated by `python3 Tests/Simulator/cross_author.py ROWS... --write-swift` from the",
           "// measured sessions of %d apps by %d authors (%d sessions): do not edit by hand;"
           % (len({x["app"] for x in sessions}), len({x["author"] for x in sessions}), len(sessions)),
           "// refit and regenerate (Tests/Simulator/MEASUREMENTS.md says when and how).",
           "",
           "extension NoiseModel {",
           "  /// The features the trees were fitted on, in order (`NoiseModel.features` computes them).",
           "  static let fittedFeatures = ["]
    out += ["    %s," % json.dumps(n) for n, _ in FEATURES]
    out += ["  ]", "", "  static let trees: [[Node]] = ["]
    for t in trees:
        nodes = []

        def flat(node):
            i = len(nodes)
            nodes.append(None)
            if node[0] == "leaf":
                nodes[i] = "Node(-1, 0, 0, 0, %r)" % round(float(node[1]), 6)
            else:
                left = flat(node[3])
                right = flat(node[4])
                nodes[i] = "Node(%d, %r, %d, %d, %r)" % (node[1], round(float(node[2]), 6), left, right, round(float(node[5]), 6))
            return i
        flat(t)
        out.append("    [" + ", ".join(nodes) + "],")
    out += ["  ]", "}"]
    return "\n".join(out)


def main():
    global GUARD, SIGNAL_WEIGHT, NOISE_AT, NAME_VETO, KEEP_RULES_NOISE
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("rows", nargs="+")
    ap.add_argument("--write-swift", default=None)
    ap.add_argument("--json", default=None)
    ap.add_argument("--by", default="author,app", help="the tables: author, app or both ('': none, to refit alone)")
    ap.add_argument("--no-guard", dest="guard", action="store_false", help="no veto of the rules' signal")
    ap.add_argument("--no-name-veto", dest="name_veto", action="store_false")
    ap.add_argument("--no-keep-rules-noise", dest="keep_rules_noise", action="store_false")
    ap.add_argument("--test", action="append", default=[], help="rows never fitted on: judged by the model fitted on all")
    ap.add_argument("--signal-weight", type=float, default=SIGNAL_WEIGHT)
    ap.add_argument("--noise-at", type=float, default=NOISE_AT)
    args = ap.parse_args()
    GUARD, SIGNAL_WEIGHT, NOISE_AT, NAME_VETO = args.guard, args.signal_weight, args.noise_at, args.name_veto
    KEEP_RULES_NOISE = args.keep_rules_noise
    sessions = []
    for path in args.rows:
        sessions += [r for r in json.load(open(path)) if "error" not in r]
    results = {id(s): {"rules": score(s, rules_silence)} for s in sessions}
    summary = {}
    for by in [b for b in args.by.split(",") if b]:
        names = sorted({s[by] for s in sessions})
        title = "leave one %s out" % by
        for name in names:
            train = training_rows([s for s in sessions if s[by] != name])
            trees = fit(train)
            for s in sessions:
                if s[by] == name:
                    results[id(s)][title] = score(s, model_silence(trees, s))
            print("fitted without %s" % name, file=sys.stderr)
        groups = [(n, [s for s in sessions if s[by] == n]) for n in names]
        table(title, groups, results)
        summary[title] = {n: {"sessions": len(g), "rules": sum(passes(results[id(s)]["rules"]) for s in g),
                              "model": sum(passes(results[id(s)][title]) for s in g)} for n, g in groups}
    if args.test:
        tests = []
        for path in args.test:
            tests += [r for r in json.load(open(path)) if "error" not in r]
        trees = fit(training_rows(sessions))
        print("\n### authors never fitted on (the model fitted on every session above)\n")
        print("| author | app | sessions | rules passed | model passed | model: signal silenced |")
        print("|---|---|---:|---:|---:|---|")
        tr = tm = 0
        for app in sorted({(t["author"], t["app"]) for t in tests}):
            mine = [t for t in tests if (t["author"], t["app"]) == app]
            r = [score(t, rules_silence) for t in mine]
            m = [score(t, model_silence(trees, t)) for t in mine]
            tr, tm = tr + sum(map(passes, r)), tm + sum(map(passes, m))
            sig = sorted({x for _, sg in m for x in sg})
            print("| %s | %s | %d | %d | %d | %s |" % (app[0], app[1], len(mine), sum(map(passes, r)), sum(map(passes, m)),
                                                  ", ".join(sig) or "-"))
        print("\nall: rules %d of %d, model %d of %d" % (tr, len(tests), tm, len(tests)))
        summary["never fitted on"] = {"sessions": len(tests), "rules": tr, "model": tm}
    if args.json:
        json.dump(summary, open(args.json, "w"), indent=1)
    if args.write_swift:
        trees = fit(training_rows(sessions))
        open(args.write_swift, "w").write(swift(trees, sessions) + "\n")


if __name__ == "__main__":
    main()
