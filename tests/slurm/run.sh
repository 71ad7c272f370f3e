#!/usr/bin/env bash
# run.sh - judge on a real Slurm: starts a one-node cluster from Debian's packages
# (cluster.sh; installs them when missing), submits the sbatch examples of examples/slurm/
# as array jobs of 4 tasks with their merge steps, and checks that each merged report
# equals the report of the same run unsharded (verdicts, tests, games, statistics; times
# aside). Three runs: a bundled solution's tests (boj12100, --all), 64 games of the fast
# greedy 2048 player, and `judge grade` of the accepted and wrong boj12100 solutions.
#
#   cargo build --release && tests/slurm/run.sh
#
# Needs root (the cluster's daemons, apt-get), bash, python3. Stops every daemon it
# started and removes its folder on any exit, failure and Ctrl-C included. Timings go to
# stdout as "time: <what> <seconds>s". Exit 0 only if every check passed.
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
HERE=$REPO/tests/slurm
CLUSTER=$HERE/cluster.sh
export JUDGE=${JUDGE:-$REPO/target/release/judge}
[[ -x $JUDGE ]] || { echo "run.sh: $JUDGE is missing: cargo build --release first" >&2; exit 2; }
command -v python3 >/dev/null || { echo "run.sh: python3 is missing" >&2; exit 2; }

WORK=$(mktemp -d "${TMPDIR:-/tmp}/judge-slurm-run.XXXXXX")
chmod 755 "$WORK" # munged wants o+x on every folder above its socket
export SLURM_TEST_DIR=$WORK/cluster
mkdir -p "$WORK/logs" "$WORK/whole" "$WORK/merged"

PASS=0 FAIL=0
ok() { PASS=$((PASS + 1)); echo "ok: $*"; }
bad() { FAIL=$((FAIL + 1)); echo "FAIL: $*"; }
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN {printf "%.1f", b - a}'; }
STARTED=$(now)

cleanup() {
    local rc=$?
    if ((rc != 0)) && [[ -d $WORK/logs ]]; then
        for f in "$WORK"/logs/*; do
            [[ -s $f ]] || continue
            printf '\n===== %s =====\n' "${f##*/}"
            tail -n 40 "$f"
        done
    fi
    local t
    t=$(now)
    "$CLUSTER" down || rc=1
    echo "time: down $(since "$t")s"
    rm -rf "$WORK"
    echo "time: run.sh $(since "$STARTED")s"
    exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# The three runs, by name: the arguments of `judge`.
RUNS=(tests games grade)
declare -A ARGS=(
    [tests]="test solutions/boj12100/wrong_answer/far_pair_first.cpp --all"
    [games]="test solutions/boj28489/wrong_answer/greedy_one_move.c --games 64"
    [grade]="grade --problem boj12100 solutions/boj12100/accepted solutions/boj12100/wrong_answer --results $WORK/results"
)

# ------------------------------------------------------------------ unsharded
# On the host, one after another (and before the cluster's jobs, so that the two never share
# the two cores: a test's wall-clock limit is 3 s).
cd "$REPO"
t=$(now)
for run in "${RUNS[@]}"; do
    # shellcheck disable=SC2086 # ARGS are words
    "$JUDGE" ${ARGS[$run]} --json "$WORK/whole/$run.json" >"$WORK/logs/$run-whole.out" 2>&1 ||
        [[ $? -eq 1 ]] || { bad "$run: the unsharded run failed"; exit 1; }
done
echo "time: unsharded runs $(since "$t")s"
# The shards grade again, into their own results folder (not taking the results above).
ARGS[grade]="grade --problem boj12100 solutions/boj12100/accepted solutions/boj12100/wrong_answer --results $WORK/results-shards"

# ------------------------------------------------------------------------- up
t=$(now)
cluster_env=$("$CLUSTER" up)
eval "$cluster_env"
echo "time: up $(since "$t")s"

# -------------------------------------------------------- arrays and merges
t=$(now)
JOBS=()
for run in "${RUNS[@]}"; do
    # shellcheck disable=SC2086
    array=$(sbatch --parsable --array=0-3 --chdir="$REPO" \
        --output="$WORK/logs/$run-shard-%a.out" \
        examples/slurm/shard.sbatch "$WORK/parts/$run" ${ARGS[$run]})
    merge=$(sbatch --parsable --dependency=afterok:"$array" --chdir="$REPO" \
        --output="$WORK/logs/$run-merge.out" \
        examples/slurm/merge.sbatch "$WORK/parts/$run" "$WORK/merged/$run.json")
    JOBS+=("$array" "$merge")
    echo "$run: array job $array, merge job $merge"
done
if SLURM_WAIT_TIMEOUT=${SLURM_WAIT_TIMEOUT:-600} "$CLUSTER" wait "${JOBS[@]}"; then
    ok "every array task and merge COMPLETED"
else
    bad "an array task or a merge did not complete"
fi
echo "time: 3 arrays of 4 tasks and 3 merges $(since "$t")s"

# ------------------------------------------------------------------- compare
for run in "${RUNS[@]}"; do
    parts=$(find "$WORK/parts/$run" -name 'part-*.json' 2>/dev/null | wc -l)
    if [[ $parts == 4 ]]; then ok "$run: 4 parts"; else bad "$run: $parts parts"; fi
    if python3 - "$WORK/whole/$run.json" "$WORK/merged/$run.json" <<'EOF'; then
import json, sys

# What the machine decides: times, memory, and how long a run waited for a CPU held by
# other work (and whether that disturbed it).
MACHINE = {"cpu_ms", "wall_ms", "wait_ms", "disturbed", "peak_kib", "interaction_us",
           "max_cpu_ms", "max_peak_kib"}

def strip(value):
    if isinstance(value, dict):
        return {k: strip(v) for k, v in value.items() if k not in MACHINE}
    if isinstance(value, list):
        return [strip(v) for v in value]
    return value

whole, merged = (strip(json.load(open(path))) for path in sys.argv[1:3])
if whole != merged:
    for key in sorted(set(whole) | set(merged)):
        if whole.get(key) != merged.get(key):
            print(f"  {key}: whole {json.dumps(whole.get(key))[:300]}")
            print(f"  {key}: merged {json.dumps(merged.get(key))[:300]}")
    sys.exit(1)
units = whole.get("tests") or whole.get("games") or whole.get("submissions")
print(f"  {len(units)} units, verdict {whole.get('verdict', '-')}, plan {whole['plan']['digest']}")
EOF
        ok "$run: the merged report equals the unsharded run's"
    else
        bad "$run: the merged report differs from the unsharded run's"
    fi
done
grep -h "scores: mean" "$WORK/logs/games-merge.out" || true

echo "slurm: $PASS passed, $FAIL failed"
((FAIL == 0))
