#!/usr/bin/env bash
# corpus.sh: every command of a tcalog binary over a corpus of logs, each output kept, so
# that a refactoring can prove it changed no behaviour: run it with the binary before and
# after, then `diff -r` the two directories (0 differences expected).
#
#   Tests/Behaviour/corpus.sh BIN OUTDIR [LOGDIR]
#
# LOGDIR (default OUTDIR/../corpus-logs) holds the generated logs; they are made once by
# the repo's own generators (Tests/Simulator) and reused, so both runs read the same bytes.
# Each command's standard output, standard error and exit status go to one file.
set -uo pipefail
bin=$(realpath "$1")
out=$2
here=$(cd "$(dirname "$0")/../.." && pwd)
logs=${3:-$(dirname "$out")/corpus-logs}
mkdir -p "$out" "$logs"

if [ ! -f "$logs/.done" ]; then
  cp "$here"/Samples/*.log "$logs/"
  sim="$here/Tests/Simulator"
  python3 "$sim/genlog.py" --records 3000 --format diffing --seed 7 -o "$logs/gen-diffing.log" --truth /dev/null
  python3 "$sim/genlog.py" --records 3000 --format tca1 --action-format labels --prefix everyline --seed 8 \
    -o "$logs/gen-tca1-everyline.log" --truth /dev/null
  python3 "$sim/genlog.py" --records 2000 --format diffing --prefix oslog --noise 0.2 --truncate --crlf --seed 9 \
    -o "$logs/gen-messy.log" --truth /dev/null
  for spec in mixer:tca1:oslog fleet:diffing:none social:tca1:none player:diffing:oslog trading:tca1:oslog; do
    IFS=: read -r app fmt prefix <<<"$spec"
    python3 "$sim/tcasim.py" --apps-module "$sim/apps/session_apps.py" --apps-module "$sim/apps/session_apps_more.py" \
      --apps-module "$sim/apps/session_apps_heldout.py" --app "$app" --format "$fmt" --prefix "$prefix" \
      --minutes 6 --seed 3 -o "$logs/sim-$app.log"
  done
  gzip -c "$logs/gen-diffing.log" >"$logs/gen-diffing.log.gz"
  touch "$logs/.done"
fi

# run NAME ARGS...: one command, its output, errors and status in OUTDIR/NAME.
run() {
  local name=$1
  shift
  (
    cd "$out" || exit
    COLUMNS=100 NO_COLOR=1 TERM=dumb "$bin" "$@" >"$name" 2>"$name.err" </dev/null
    echo "exit $?" >>"$name.err"
  )
}

for log in "$logs"/*.log "$logs"/*.gz; do
  n=$(basename "$log")
  run "$n.report" report "$log"
  run "$n.report-j1" report -j 1 "$log"
  for f in json markdown csv html; do run "$n.report.$f" report --format "$f" "$log"; done
  run "$n.report-flat" report --by count --depth 2 --top 5 "$log"
  run "$n.report-min" report --min-share 2% --top 40 "$log"
  run "$n.records" records "$log"
  run "$n.records-json" records --format json -j 1 "$log"
  run "$n.records-stats" records --stats "$log"
  run "$n.filter-c" filter -c -a . "$log"
  run "$n.filter-binding" filter --format ndjson -a 'binding|Response' "$log"
  run "$n.filter-raw" filter -n -i -t 'true|error' -m 50 "$log"
  run "$n.filter-state" filter -c -s 'count|selected|\[' --changed "$log"
  run "$n.filter-inv" filter -v -c --unchanged -w -a tick "$log"
  run "$n.filter-ctx" filter -C 1 -m 5 -a 'task|onAppear' "$log"
  run "$n.filter-l" filter -l -a zzznomatch "$log"
  run "$n.suggest" suggest "$log"
  run "$n.suggest-json" suggest --format json "$log"
  run "$n.suggest-casepath" suggest --style casepath --include-type --depth 3 "$log"
  run "$n.trace-summary" trace --summary . "$log"
  run "$n.trace-json" trace --format json --full 'count|isPlaying|selected|text' "$log"
  run "$n.trace-csv" trace --format csv -a . '\[' "$log"
  run "$n.check-default" check --default-rules "$log"
  run "$n.check-init" check --init -o "$n.budget" "$log"
  run "$n.check-budget" check --budget "$n.budget" --strict --format json "$log"
  run "$n.check-junit" check --budget "$n.budget" --default-rules --format junit "$log"
  run "$n.saved" report --format json -o "$n.saved.json" "$log"
  run "$n.suggest-repo" suggest --format swift "$log"
done
for pair in "gen-diffing.log sim-player.log" "sim-mixer.log sim-trading.log" "todos-tca1.log todos-tca0.log" \
  "browser-session.log timestamped.log"; do
  read -r a b <<<"$pair"
  run "compare-$a-$b" compare "$logs/$a" "$logs/$b"
  run "compare-$a-$b.md" compare --format markdown --fail-new "$logs/$a" "$logs/$b"
  run "compare-$a-$b.json" compare --format json --depth 2 --fail-above 1.5 "$logs/$a" "$logs/$b"
  run "compare-saved-$a-$b" compare "$a.saved.json" "$logs/$b"
  run "compare-saved2-$a-$b" compare --format json "$a.saved.json" "$b.saved.json"
done
cat "$logs"/sim-*.log | (cd "$out" && NO_COLOR=1 "$bin" report - >stdin.report 2>stdin.report.err; echo "exit $?" >>stdin.report.err)
run check-multi check --default-rules --format json "$logs/sim-mixer.log" "$logs/sim-fleet.log" "$logs/messy.log"
run missing report "$logs/does-not-exist.log"
run badpattern filter -a '(' "$logs/messy.log"
echo "corpus: $(ls "$out" | wc -l) files in $out"
