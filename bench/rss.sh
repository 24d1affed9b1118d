#!/usr/bin/env bash
# Peak resident memory of a long run: builds crucible and runs TRIALS trials
# of SCENARIO, printing the peak RSS (VmHWM) the kernel recorded.
# Usage: bench/rss.sh [SCENARIO] [TRIALS]
set -euo pipefail
cd "$(dirname "$0")/.."
scenario=${1:-stratfight/thug-vs-guard}
trials=${2:-10000000}
go build -o /tmp/crucible-rss ./cmd/crucible
/tmp/crucible-rss run "$scenario" --trials "$trials" --seed 1 --format csv >/dev/null &
pid=$!
peak=0
while kill -0 "$pid" 2>/dev/null; do
  hwm=$(awk '/VmHWM/ {print $2}' "/proc/$pid/status" 2>/dev/null || echo 0)
  [ -n "$hwm" ] && [ "$hwm" -gt "$peak" ] && peak=$hwm
  sleep 0.2
done
wait "$pid"
echo "scenario $scenario, $trials trials: peak RSS $((peak / 1024)) MiB (${peak} kB)"
