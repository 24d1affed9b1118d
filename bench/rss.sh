#!/usr/bin/env bash
# Peak resident memory of a long run: builds crucible and runs TRIALS trials
# of SCENARIO, or any crucible command given after --, printing the peak RSS
# (VmHWM) the kernel recorded.
# Usage: bench/rss.sh [SCENARIO] [TRIALS]
#        bench/rss.sh -- COMMAND [ARGS...]     e.g. -- sweep eclipse/shields --trials 20000
set -euo pipefail
cd "$(dirname "$0")/.."
go build -o /tmp/crucible-rss ./cmd/crucible
if [ "${1:-}" = "--" ]; then
  shift
  what="crucible $*"
  [ ${#what} -gt 120 ] && what="${what:0:117}..."
  /tmp/crucible-rss "$@" >/dev/null &
else
  scenario=${1:-stratfight/thug-vs-guard}
  trials=${2:-10000000}
  what="scenario $scenario, $trials trials"
  /tmp/crucible-rss run "$scenario" --trials "$trials" --seed 1 --format csv >/dev/null &
fi
pid=$!
peak=0
while kill -0 "$pid" 2>/dev/null; do
  hwm=$(awk '/VmHWM/ {print $2}' "/proc/$pid/status" 2>/dev/null || echo 0)
  [ -n "$hwm" ] && [ "$hwm" -gt "$peak" ] && peak=$hwm
  sleep 0.2
done
wait "$pid"
echo "$what: peak RSS $((peak / 1024)) MiB (${peak} kB)"
