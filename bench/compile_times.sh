#!/bin/bash
# Cold compile times of two judge binaries side by side (BENCHMARKS.md, "Compiling in the
# sandbox"): for each round, solution and binary, in turn, `judge test SOLUTION --problem
# boj12100 --tests samples` with an empty compile cache. Prints judge's own "compiled in N ms"
# (wall) and the CPU time (user + system) of the whole judge test, which counts the compiler,
# its sandbox and the sample runs once they are reaped.
#
#   bench/compile_times.sh BEFORE/judge AFTER/judge [RUNNER.toml]
#   ROUNDS=9 SOLS=accepted/rows.py bench/compile_times.sh ...
#
# RUNNER.toml (default: the repository's) must be one both binaries read; its cache_dir is
# replaced by a fresh folder for every compile. Each binary must be named `judge` (it finds its
# launcher by that name).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
before=$(realpath "$1")
after=$(realpath "$2")
runner=${3:-$repo/runner.toml}
TIMEFORMAT='%U %S'
for round in $(seq 1 "${ROUNDS:-7}"); do
  for sol in ${SOLS:-accepted/dfs.cpp accepted/dfs.rs accepted/Main.java}; do
    for side in before after; do
      if [ "$side" = before ]; then judge=$before; else judge=$after; fi
      dir=$(mktemp -d)
      sed "s|^cache_dir = .*|cache_dir = \"$dir/cache\"|" "$runner" > "$dir/runner.toml"
      cpu=$( { time (cd "$dir" && "$judge" --config "$dir/runner.toml" test \
        "$repo/solutions/boj12100/$sol" --problem boj12100 --tests samples \
        > "$dir/out" 2>&1 || true); } 2>&1 )
      ms=$(grep -o "compiled in [0-9]* ms" "$dir/out" | grep -o "[0-9]*" || echo FAILED)
      echo "$round $sol $side wall_ms $ms cpu_s $(echo "$cpu" | awk '{printf "%.2f", $1 + $2}') load $(cut -d' ' -f1 /proc/loadavg)"
      rm -rf "$dir"
    done
  done
done
