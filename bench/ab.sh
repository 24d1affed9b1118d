#!/usr/bin/env bash
# ab.sh BASE_DIR PKG BENCH [ROUNDS]: interleaved A/B benchmark of one package,
# the tree in BASE_DIR (e.g. a `git worktree` of an older commit) against this
# one. Builds both test binaries, then runs them alternately ROUNDS times
# (default 5) with -count 1, so that the load of a shared machine falls on
# both alike. Prints every line, tagged "A" (base) or "B" (this tree).
set -euo pipefail
base=$1 pkg=$2 bench=$3 rounds=${4:-5}
here=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$base" && go test -c -o "$tmp/a.test" "./$pkg")
(cd "$here" && go test -c -o "$tmp/b.test" "./$pkg")
for r in $(seq "$rounds"); do
  for side in a b; do
    (cd "$here/$pkg" && "$tmp/$side.test" -test.run '^$' -test.bench "$bench" -test.benchmem -test.count 1) |
      grep '^Benchmark' | sed "s/^/$(echo $side | tr ab AB) /"
  done
done
