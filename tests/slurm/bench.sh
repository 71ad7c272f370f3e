#!/usr/bin/env bash
# bench.sh - wall time of GAMES games of PLAYER on the one-node Slurm cluster, in 1 shard
# and in 4: each configuration is an array job of the sbatch example plus its merge, timed
# from the first sbatch to the merge's end (cluster.sh wait polls every 0.5 s). For BENCHMARKS.md;
# not part of CI.
#
#   cargo build --release && tests/slurm/bench.sh [PLAYER] [GAMES] [ROUNDS]
#   (default: solutions/boj28489/wrong_answer/greedy_one_move.c 64 1)
#
# Configurations, in interleaved rounds: on the host without Slurm (--jobs 2); 1 shard with
# 1 CPU (Slurm's default for a task: --jobs 1); 1 shard with 2 CPUs (-c 2: --jobs 2);
# 4 shards of 1 CPU each (2 run at a time on the 2 CPUs).
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
CLUSTER=$REPO/tests/slurm/cluster.sh
PLAYER=${1:-solutions/boj28489/wrong_answer/greedy_one_move.c}
GAMES=${2:-64}
ROUNDS=${3:-1}
export JUDGE=${JUDGE:-$REPO/target/release/judge}
[[ -x $JUDGE ]] || { echo "bench.sh: $JUDGE is missing: cargo build --release first" >&2; exit 2; }

WORK=$(mktemp -d "${TMPDIR:-/tmp}/judge-slurm-bench.XXXXXX")
chmod 755 "$WORK"
export SLURM_TEST_DIR=$WORK/cluster
cleanup() {
    local rc=$?
    "$CLUSTER" down >/dev/null 2>&1 || rc=1
    rm -rf "$WORK"
    exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN {printf "%.1f", b - a}'; }
cd "$REPO"
cluster_env=$("$CLUSTER" up 2>/dev/null)
eval "$cluster_env"
"$JUDGE" test "$PLAYER" --problem boj28489 --games 1 >/dev/null 2>&1 || true # compile once

# slurm NAME ARRAY CPUS: one array job and its merge; prints the wall time.
slurm() {
    local name=$1 array=$2 cpus=$3 t a m
    t=$(now)
    a=$(sbatch --parsable --array="$array" -c "$cpus" --output="$WORK/$name-%a.out" \
        examples/slurm/shard.sbatch "$WORK/$name" test "$PLAYER" --problem boj28489 --games "$GAMES")
    m=$(sbatch --parsable --dependency=afterok:"$a" --output="$WORK/$name-merge.out" \
        examples/slurm/merge.sbatch "$WORK/$name" "$WORK/$name.json")
    "$CLUSTER" wait "$a" "$m" >/dev/null
    echo "$(since "$t")"
    grep -h "scores: mean" "$WORK/$name-merge.out" >&2
}

echo "bench.sh: $GAMES games of $PLAYER, $ROUNDS round(s); $(nproc) cores; load $(cut -d' ' -f1-3 /proc/loadavg)"
for ((round = 1; round <= ROUNDS; round++)); do
    t=$(now)
    "$JUDGE" test "$PLAYER" --problem boj28489 --games "$GAMES" --jobs 2 >/dev/null || [[ $? -eq 1 ]]
    echo "round $round: host without Slurm (--jobs 2): $(since "$t") s"
    echo "round $round: 1 shard, 1 CPU: $(slurm "one-$round" 0 1) s"
    echo "round $round: 1 shard, 2 CPUs: $(slurm "one2-$round" 0 2) s"
    echo "round $round: 4 shards, 1 CPU each: $(slurm "four-$round" 0-3 1) s"
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
