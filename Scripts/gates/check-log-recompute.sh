#!/usr/bin/env bash
# Recomputes every p-value of log audits from their reports alone (Scripts/gates/recompute_pvalues.py):
# the sample logs of Examples/logs, a wheel's with the default windows and with windows of 40 lines (where
# each window is a small table), a loaded dice game's, and a prize draw's (the banner whose guarantee a
# four-star clears, each draw against its player's state; the banner whose rate is cut halfway, in four
# windows each against its draws' states and compared with each other given them). Needs the release build check-reports.sh makes.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release --product audit >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 Examples/logs/make_sample_logs.py "$work/logs" >/dev/null
python3 Examples/logs/make_banner_logs.py "$work/banner" --players 200 --draws 300 >/dev/null
audit=.build/release/audit
status=0
run() {
  local out=$1; shift
  "$audit" log "$@" --out "$work/$out" --quiet >/dev/null || [ $? -le 2 ]
  python3 Scripts/gates/recompute_pvalues.py "$work/$out" || status=1
}
run drift --spec Examples/specs/prize-wheel.yaml "$work/logs/drift.csv"
run drift-40 --spec Examples/specs/prize-wheel.yaml "$work/logs/drift.csv" --window 40
run foreign --spec Examples/specs/prize-wheel.yaml "$work/logs/foreign-label.csv"
run dice --spec Examples/specs/poker-dice.json "$work/logs/dice-loaded.csv"
run banner --spec Examples/specs/star-banner.yaml "$work/banner/banner-guarantee-lost.csv"
run banner-cut --spec Examples/specs/star-banner.yaml "$work/banner/banner-rate-cut.csv" --window 15000
exit "$status"
