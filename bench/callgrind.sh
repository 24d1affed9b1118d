#!/usr/bin/env bash
# callgrind.sh TESTBIN DIR BENCH N [PER]: instructions per op of a benchmark,
# load-independent: valgrind --tool=callgrind counts every instruction of the
# test binary run with N+1 ops and with 1, and the difference over N (over
# N·PER when an op is PER trials) is what one op costs, the binary's start
# and the benchmark's setup taken out. TESTBIN is built by go test -c; DIR
# is the package's directory (the benchmark reads its testdata from there).
#
# GOGC=off and asyncpreemptoff because callgrind fails on Go's preemption
# signal; cpu.rdtscp=off because valgrind 3.19 does not know the RDTSCP
# instruction Go 1.26's runtime uses on CPUs that have it (SIGILL).
set -euo pipefail
bin=$(realpath "$1") dir=$2 bench=$3 n=$4 per=${5:-1}
ir() {
  local log
  log=$(mktemp)
  (cd "$dir" && GOGC=off GODEBUG=asyncpreemptoff=1,cpu.rdtscp=off valgrind --tool=callgrind --callgrind-out-file=/dev/null \
    "$bin" -test.run '^$' -test.bench "$bench" -test.benchtime "$1x" -test.cpu 1 >/dev/null 2>"$log")
  grep 'Collected' "$log" | awk '{print $4}'
  rm -f "$log"
}
a=$(ir 1)
b=$(ir $((n + 1)))
echo "$bench N=$n: $(( (b - a) / n / per )) instructions per op$([ "$per" = 1 ] || echo " trial") (Ir $b of $((n + 1)) ops, $a of 1)"
