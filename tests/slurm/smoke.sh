#!/usr/bin/env bash
# smoke.sh — bring up the one-node cluster, run array jobs + a dependent "merge"
# job, check the results, bring it down. Exit 0 only if every check passed.
#
#   A. sbatch --array=0-3 --wait (as CI's shard step would), 4 per-task files;
#      then a merge job with --dependency=afterok:<array id>.
#   B. the real pipeline shape: array (no --wait) and merge submitted back to back,
#      merge must start only after every task ended and see all 4 parts.
#   C. a failing task: the afterok merge must be cancelled, not pend forever
#      (kill_invalid_depend), so a CI step waiting on it returns.
#   D. as B, waited on with `cluster.sh wait` (fast polling, strict exit code).
# Timings go to stdout as "time: <what> <seconds>s".
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
CLUSTER=$HERE/cluster.sh
WORK=$(mktemp -d "${TMPDIR:-/tmp}/judge-slurm-smoke.XXXXXX")
export SLURM_TEST_DIR=$WORK/cluster
SHARED=$WORK/shared
mkdir -p "$SHARED"
chmod 755 "$WORK"  # munged wants o+x on every folder above its socket
JOB_TIMEOUT=${SMOKE_JOB_TIMEOUT:-180}

PASS=0 FAIL=0
ok()   { PASS=$((PASS + 1)); echo "ok: $*"; }
bad()  { FAIL=$((FAIL + 1)); echo "FAIL: $*"; }
check() { local what=$1; shift; if "$@"; then ok "$what"; else bad "$what"; fi; }
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN {printf "%.1f", b - a}'; }

cleanup() {
    local rc=$?
    "$CLUSTER" down || rc=1
    rm -rf "$WORK"
    exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# ------------------------------------------------------------------------ up
t=$(now)
"$CLUSTER" up >"$WORK/up.env"
echo "time: up $(since "$t")s"
# shellcheck disable=SC1090
source "$WORK/up.env"
check "SLURM_CONF points into the state folder" test "$SLURM_CONF" = "$SLURM_TEST_DIR/slurm.conf"
check "up again is a no-op" "$CLUSTER" up
"$CLUSTER" status

# No cgroup of Slurm's anywhere (judge owns /sys/fs/cgroup/{memory,pids,cpuacct})
no_slurm_cgroups() { [[ -z $(find /sys/fs/cgroup -maxdepth 4 -iname '*slurm*' 2>/dev/null | head -n1) ]]; }

# --------------------------------------------------------------- job scripts
cat >"$WORK/task.sh" <<'EOF'
#!/bin/bash
# one shard: record what a task sees
set -eu
out=$1/task-${SLURM_ARRAY_TASK_ID}
{
    echo "start=$(date +%s.%N)"
    echo "SLURM_ARRAY_JOB_ID=${SLURM_ARRAY_JOB_ID-unset}"
    echo "SLURM_ARRAY_TASK_ID=${SLURM_ARRAY_TASK_ID-unset}"
    echo "SLURM_ARRAY_TASK_MIN=${SLURM_ARRAY_TASK_MIN-unset}"
    echo "SLURM_ARRAY_TASK_MAX=${SLURM_ARRAY_TASK_MAX-unset}"
    echo "SLURM_ARRAY_TASK_COUNT=${SLURM_ARRAY_TASK_COUNT-unset}"
    echo "SLURM_ARRAY_TASK_STEP=${SLURM_ARRAY_TASK_STEP-unset}"
    echo "SLURM_JOB_ID=${SLURM_JOB_ID-unset}"
    echo "hostname=$(hostname)"
    echo "hostname_s=$(hostname -s)"
    echo "pwd=$(pwd)"
    echo "HOME=${HOME-unset}"
    echo "PATH=${PATH-unset}"
    echo "TMPDIR=${TMPDIR-unset}"
    echo "uid=$(id -u)"
} >"$out.tmp"
env | grep -E '^(SLURM|SLURMD)_' | sort >"$out.env"
sleep "${2:-0}"
if [[ ${3:-} == "${SLURM_ARRAY_TASK_ID}" ]]; then
    echo "task ${SLURM_ARRAY_TASK_ID} fails on purpose" >&2
    exit 3
fi
echo "end=$(date +%s.%N)" >>"$out.tmp"
mv "$out.tmp" "$out.txt"
EOF
cat >"$WORK/merge.sh" <<'EOF'
#!/bin/bash
# the merge step: all parts must be there
set -eu
dir=$1
echo "merge_start=$(date +%s.%N)" >"$dir/merge.txt"
n=$(ls "$dir"/task-*.txt | wc -l)
echo "parts=$n" >>"$dir/merge.txt"
cat "$dir"/task-*.txt >>"$dir/merge.txt"
[[ $n == 4 ]]
EOF
chmod +x "$WORK/task.sh" "$WORK/merge.sh"

field() { sed -n "s/^$2=//p" "$1" | head -n1; }

check_tasks() {  # dir
    local d=$1 i f
    check "4 task files in $d" test "$(ls "$d"/task-*.txt 2>/dev/null | wc -l)" = 4
    for i in 0 1 2 3; do
        f=$d/task-$i.txt
        [[ -f $f ]] || { bad "task $i wrote nothing"; continue; }
        check "task $i: SLURM_ARRAY_TASK_ID=$i" test "$(field "$f" SLURM_ARRAY_TASK_ID)" = "$i"
        check "task $i: MIN=0 MAX=3" test "$(field "$f" SLURM_ARRAY_TASK_MIN)/$(field "$f" SLURM_ARRAY_TASK_MAX)" = "0/3"
        check "task $i: COUNT=4" test "$(field "$f" SLURM_ARRAY_TASK_COUNT)" = 4
        check "task $i: ran on $(hostname -s)" test "$(field "$f" hostname_s)" = "$(hostname -s)"
    done
}

# ------------------------------------------------------- A: array --wait + merge
A=$SHARED/a; mkdir -p "$A"
t=$(now)
rc=0
ARRAY_A=$(timeout "$JOB_TIMEOUT" sbatch --parsable --array=0-3 --wait --job-name=shard \
    --chdir="$A" --output="$A/slurm-%A_%a.out" "$WORK/task.sh" "$A") || rc=$?
echo "time: A array --wait $(since "$t")s"
check "A: sbatch --array=0-3 --wait exit 0" test "$rc" = 0
check_tasks "$A"
t=$(now)
rc=0
MERGE_A=$(timeout "$JOB_TIMEOUT" sbatch --parsable --wait --job-name=merge \
    --dependency=afterok:"$ARRAY_A" --chdir="$A" --output="$A/merge-%j.out" \
    "$WORK/merge.sh" "$A") || rc=$?
echo "time: A merge --wait $(since "$t")s"
check "A: merge job exit 0" test "$rc" = 0
check "A: merge saw 4 parts" grep -qx 'parts=4' "$A/merge.txt"
scontrol show job "$MERGE_A" | grep -Eo 'JobState=[A-Z]+|Dependency=[^ ]+|ExitCode=[0-9:]+' | tr '\n' ' '; echo

# ---------------------------------------- B: array + merge submitted back to back
B=$SHARED/b; mkdir -p "$B"
t=$(now)
ARRAY_B=$(sbatch --parsable --array=0-3 --job-name=shard --chdir="$B" \
    --output="$B/slurm-%A_%a.out" "$WORK/task.sh" "$B" 1)
rc=0
MERGE_B=$(timeout "$JOB_TIMEOUT" sbatch --parsable --wait --job-name=merge \
    --dependency=afterok:"$ARRAY_B" --chdir="$B" --output="$B/merge-%j.out" \
    "$WORK/merge.sh" "$B") || rc=$?
echo "time: B array(sleep 1)+merge --wait $(since "$t")s"
check "B: merge job exit 0" test "$rc" = 0
check_tasks "$B"
check "B: merge saw 4 parts" grep -qx 'parts=4' "$B/merge.txt"
last_end=$(cat "$B"/task-*.txt | sed -n 's/^end=//p' | sort -n | tail -n1)
merge_start=$(field "$B/merge.txt" merge_start)
check "B: merge started after the last task ended" \
    awk -v a="$last_end" -v b="$merge_start" 'BEGIN {exit !(b >= a)}'
echo "B: last task end $last_end, merge start $merge_start"
scontrol show job "$MERGE_B" | grep -Eo 'JobState=[A-Z]+|Dependency=[^ ]+|ExitCode=[0-9:]+' | tr '\n' ' '; echo

# ------------------------------------------- C: a failing task cancels the merge
C=$SHARED/c; mkdir -p "$C"
t=$(now)
ARRAY_C=$(sbatch --parsable --array=0-3 --job-name=shard --chdir="$C" \
    --output="$C/slurm-%A_%a.out" "$WORK/task.sh" "$C" 0 2)
rc=0
MERGE_C=$(timeout "$JOB_TIMEOUT" sbatch --parsable --wait --job-name=merge \
    --dependency=afterok:"$ARRAY_C" --chdir="$C" --output="$C/merge-%j.out" \
    "$WORK/merge.sh" "$C") || rc=$?
echo "time: C failing array+merge --wait $(since "$t")s"
# Observed on 22.05: sbatch --wait exits 0 for a job cancelled before it ran, so
# a CI step must look at the merge's JobState (or its output), not only at rc.
echo "C: sbatch --wait on the cancelled merge exited $rc"
check "C: sbatch --wait returned (did not hang)" test "$rc" != 124
check "C: merge never ran" test ! -e "$C/merge.txt"
state_c=$(scontrol show job "$MERGE_C" | grep -Eo 'JobState=[A-Z_]+ Reason=[A-Za-z_]+' || true)
echo "C: merge job: $state_c"
check "C: merge cancelled for DependencyNeverSatisfied" \
    grep -q 'JobState=CANCELLED Reason=DependencyNeverSatisfied' <<<"$state_c"
task2=$(scontrol show job "${ARRAY_C}_2" | grep -Eo 'JobState=[A-Z]+|ExitCode=[0-9:]+' | tr '\n' ' ')
echo "C: task 2: $task2"
check "C: task 2 FAILED with exit 3" grep -q 'JobState=FAILED ExitCode=3:0' <<<"$task2"

rc=0; "$CLUSTER" wait "$MERGE_C" || rc=$?
check "C: cluster.sh wait on the cancelled merge exits 1" test "$rc" = 1

# ----------------------- D: as B, but waited on with cluster.sh wait (0.5 s polls)
D=$SHARED/d; mkdir -p "$D"
t=$(now)
ARRAY_D=$(sbatch --parsable --array=0-3 --job-name=shard --chdir="$D" \
    --output="$D/slurm-%A_%a.out" "$WORK/task.sh" "$D" 1)
MERGE_D=$(sbatch --parsable --job-name=merge --dependency=afterok:"$ARRAY_D" \
    --chdir="$D" --output="$D/merge-%j.out" "$WORK/merge.sh" "$D")
rc=0; SLURM_WAIT_TIMEOUT=$JOB_TIMEOUT "$CLUSTER" wait "$ARRAY_D" "$MERGE_D" || rc=$?
echo "time: D array(sleep 1)+merge, cluster.sh wait $(since "$t")s"
check "D: cluster.sh wait exit 0" test "$rc" = 0
check_tasks "$D"
check "D: merge saw 4 parts" grep -qx 'parts=4' "$D/merge.txt"

check "no Slurm cgroups were created" no_slurm_cgroups

# ------------------------------------------------- what a task sees, for NOTES.md
echo "--- SLURM_* variables in array task A/1:"
cat "$A/task-1.env"
echo "--- task A/1 record:"
cat "$A/task-1.txt"

# ---------------------------------------------------------------------- down
PIDS=$(cat "$SLURM_TEST_DIR"/run/*.started | tr '\n' ' ')
t=$(now)
"$CLUSTER" down
echo "time: down $(since "$t")s"
alive=
for p in $PIDS; do kill -0 "$p" 2>/dev/null && alive+="$p "; done
check "daemons gone after down (pids $PIDS)" test -z "$alive"
check "state folder removed" test ! -e "$SLURM_TEST_DIR"
no_process_mentions_work() {
    local f
    for f in /proc/[0-9]*/cmdline; do
        [[ $f == "/proc/$$/cmdline" || $f == "/proc/$BASHPID/cmdline" ]] && continue
        if tr '\0' ' ' 2>/dev/null <"$f" | grep -qF "$WORK"; then
            echo "left behind: ${f%/cmdline} $(tr '\0' ' ' <"$f" 2>/dev/null)"
            return 1
        fi
    done
}
check "no process left mentioning $WORK" no_process_mentions_work
check "down again is a no-op" "$CLUSTER" down

echo "smoke: $PASS passed, $FAIL failed"
((FAIL == 0))
