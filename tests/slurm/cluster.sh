#!/usr/bin/env bash
# cluster.sh — a throw-away one-node Slurm cluster on this host, for CI.
#
#   cluster.sh install  install the packages if missing (nothing started); .ci/run does it
#                       while cargo builds
#   cluster.sh up       install packages if missing, start munged + slurmctld +
#                       slurmd in a private state folder, wait until the node is idle
#   cluster.sh status   show the daemons, sinfo and squeue
#   cluster.sh env      print the `export ...` lines clients need (SLURM_CONF)
#   cluster.sh wait JOBID...  poll until the jobs/array tasks finished; exit 0
#                       only if all COMPLETED (see do_wait)
#   cluster.sh down     cancel jobs, stop the daemons it started (by recorded pid),
#                       remove the state folder; safe to run any number of times
#
# Environment:
#   SLURM_TEST_DIR       state folder (default: a new mktemp folder, remembered in
#                        $SLURM_TEST_POINTER so that `down`/`status` find it)
#   SLURM_TEST_POINTER   default ${TMPDIR:-/tmp}/judge-slurm-cluster.dir
#   SLURM_UP_TIMEOUT     seconds for each wait in `up` (default 60)
#   SLURM_DOWN_TIMEOUT   seconds for each wait in `down` (default 20)
#   SLURM_INSTALL_TIMEOUT seconds for apt-get (default 900)
#   SLURM_CTLD_PORT / SLURM_SLURMD_PORT  fixed ports (default: first free pair
#                        from 6817/6818 upwards)
#   SLURM_KEEP_FAILED=1  keep the state folder when `up` fails (logs are printed
#                        either way)
#
# Nothing is written outside the state folder except the pointer file and, when
# packages are installed, what apt-get installs. /etc/slurm is not touched: the
# clients find the config through SLURM_CONF (see `cluster.sh env`).
set -euo pipefail

PROG=${0##*/}
UP_TIMEOUT=${SLURM_UP_TIMEOUT:-60}
DOWN_TIMEOUT=${SLURM_DOWN_TIMEOUT:-20}
INSTALL_TIMEOUT=${SLURM_INSTALL_TIMEOUT:-900}
POINTER=${SLURM_TEST_POINTER:-${TMPDIR:-/tmp}/judge-slurm-cluster.dir}
MARKER=.judge-slurm-cluster
PARTITION=judge
# Smallest set of Debian packages giving slurmctld, slurmd, sbatch/squeue/sinfo/
# scontrol/scancel and munged (8 packages with --no-install-recommends on bookworm,
# versus ~43 for the slurm-wlm metapackage).
PACKAGES=(slurmctld slurmd slurm-client munge)
NEEDED_CMDS=(slurmctld slurmd sbatch squeue sinfo scontrol scancel munged munge unmunge)

export PATH="$PATH:/usr/sbin:/sbin"

log() { printf '%s: %s\n' "$PROG" "$*" >&2; }
die() { log "error: $*"; exit 1; }

# ---------------------------------------------------------------- state folder
resolve_dir() {  # sets DIR (may be empty if nothing known)
    if [[ -n ${SLURM_TEST_DIR:-} ]]; then
        DIR=$SLURM_TEST_DIR
    elif [[ -f $POINTER ]]; then
        DIR=$(<"$POINTER")
    else
        DIR=
    fi
    [[ -z $DIR || $DIR == /* ]] || DIR=$PWD/$DIR
}

# --------------------------------------------------------------------- pids
# A recorded pid is only trusted if the process still runs the expected program
# with our state folder on its command line (guards against pid reuse).
pid_is_ours() {  # pid name
    local pid=$1 name=$2 cmd
    [[ $pid =~ ^[0-9]+$ ]] || return 1
    [[ -r /proc/$pid/cmdline ]] || return 1
    cmd=$(tr '\0' ' ' 2>/dev/null <"/proc/$pid/cmdline") || return 1
    [[ $cmd == *"$name"* && $cmd == *"$DIR"* ]]
}

recorded_pid() {  # name -> prints pid if alive and ours
    local f=$DIR/run/$1.started pid
    [[ -f $f ]] || return 1
    pid=$(<"$f")
    pid_is_ours "$pid" "$1" || return 1
    printf '%s\n' "$pid"
}

stop_pid() {  # pid label: TERM, wait, KILL
    local pid=$1 label=$2 i
    kill -TERM "$pid" 2>/dev/null || return 0
    for ((i = 0; i < DOWN_TIMEOUT * 10; i++)); do
        kill -0 "$pid" 2>/dev/null || { log "stopped $label (pid $pid)"; return 0; }
        sleep 0.1
    done
    log "$label (pid $pid) ignored SIGTERM for ${DOWN_TIMEOUT}s, sending SIGKILL"
    kill -KILL "$pid" 2>/dev/null || true
    for ((i = 0; i < 50; i++)); do
        kill -0 "$pid" 2>/dev/null || return 0
        sleep 0.1
    done
    log "warning: $label (pid $pid) still alive after SIGKILL"
}

# slurmstepd processes (and the job processes under them) are started by our
# slurmd but outlive it. Find them by pid: a slurmstepd holds a unix socket in
# our SlurmdSpoolDir; a job process has SLURM_JOB_ID and our SLURM_CONF in its
# environment.
leftover_job_pids() {
    local inodes pid fd link f
    # slurmstepd: holds a socket under our spool folder
    inodes=" $(awk -v p="$DIR/spool/" 'index($NF, p) == 1 {printf "%s ", $7}' /proc/net/unix 2>/dev/null) "
    if [[ $inodes != "  " ]]; then
        for f in $(grep -lsx 'slurmstepd.*' /proc/[0-9]*/comm 2>/dev/null); do
            pid=${f#/proc/}; pid=${pid%/comm}
            for fd in /proc/$pid/fd/*; do
                link=$(readlink 2>/dev/null "$fd") || continue
                if [[ $link == socket:\[*\] && $inodes == *" ${link//[^0-9]/} "* ]]; then
                    echo "$pid"
                    break
                fi
            done
        done
    fi
    # job processes: our SLURM_CONF and a SLURM_JOB_ID in their environment
    for f in $(grep -lsxzF "SLURM_CONF=$DIR/slurm.conf" /proc/[0-9]*/environ 2>/dev/null); do
        pid=${f#/proc/}; pid=${pid%/environ}
        [[ $pid == "$$" || $pid == "$BASHPID" ]] && continue
        grep -qsz '^SLURM_JOB_ID=' "$f" 2>/dev/null && echo "$pid"
    done
    return 0
}

# ------------------------------------------------------------------ install
ensure_packages() {
    local missing=() c
    for c in "${NEEDED_CMDS[@]}"; do
        command -v "$c" >/dev/null 2>&1 || missing+=("$c")
    done
    ((${#missing[@]} == 0)) && return 0
    [[ $(id -u) == 0 ]] || die "missing ${missing[*]} and not root: apt-get install ${PACKAGES[*]}"
    command -v apt-get >/dev/null || die "missing ${missing[*]} and no apt-get"
    log "installing ${PACKAGES[*]} (missing: ${missing[*]})"
    # Keep the packages' maintainer scripts from starting munge/slurm services:
    # on a machine with no policy-rc.d, add a temporary one.
    local tmp_policy=
    if [[ ! -e /usr/sbin/policy-rc.d ]]; then
        printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d
        chmod 755 /usr/sbin/policy-rc.d
        tmp_policy=/usr/sbin/policy-rc.d
        INSTALL_CLEANUP=$tmp_policy
    fi
    local apt=(timeout "$INSTALL_TIMEOUT" apt-get -q -o DPkg::Lock::Timeout=300)
    local rc=0
    DEBIAN_FRONTEND=noninteractive "${apt[@]}" update >&2 || rc=$?
    ((rc == 0)) || log "warning: apt-get update failed ($rc), trying the install anyway"
    rc=0
    DEBIAN_FRONTEND=noninteractive "${apt[@]}" install -y --no-install-recommends "${PACKAGES[@]}" >&2 || rc=$?
    if [[ -n $tmp_policy ]]; then rm -f "$tmp_policy"; INSTALL_CLEANUP=; fi
    ((rc == 0)) || die "apt-get install ${PACKAGES[*]} failed (exit $rc)"
    for c in "${NEEDED_CMDS[@]}"; do
        command -v "$c" >/dev/null 2>&1 || die "$c still missing after install"
    done
}

# -------------------------------------------------------------------- ports
port_in_use() {  # port
    local hex
    hex=$(printf ':%04X' "$1")
    awk -v h="$hex" '$4 == "0A" && substr($2, length($2) - 4) == h {f = 1} END {exit !f}' \
        /proc/net/tcp /proc/net/tcp6 2>/dev/null
}

pick_ports() {
    if [[ -n ${SLURM_CTLD_PORT:-} || -n ${SLURM_SLURMD_PORT:-} ]]; then
        CTLD_PORT=${SLURM_CTLD_PORT:-6817}
        SLURMD_PORT=${SLURM_SLURMD_PORT:-6818}
        ! port_in_use "$CTLD_PORT" || die "port $CTLD_PORT (SLURM_CTLD_PORT) is in use"
        ! port_in_use "$SLURMD_PORT" || die "port $SLURMD_PORT (SLURM_SLURMD_PORT) is in use"
        return
    fi
    local p
    for ((p = 6817; p < 6917; p += 2)); do
        if ! port_in_use "$p" && ! port_in_use $((p + 1)); then
            CTLD_PORT=$p SLURMD_PORT=$((p + 1))
            return
        fi
    done
    die "no free port pair in 6817..6917"
}

# ------------------------------------------------------------------- config
write_config() {
    local node=$1 nodeline
    # `slurmd -C` prints the node exactly as slurmd will detect it
    # (CPUs Boards SocketsPerBoard CoresPerSocket ThreadsPerCore RealMemory), so the
    # node never registers with "Low socket*core*thread count" or "Low RealMemory".
    nodeline=$(slurmd -C 2>/dev/null | awk '/^NodeName=/ {print; exit}')
    if [[ -n $nodeline ]]; then
        nodeline=$(sed -E "s/^NodeName=[^ ]+/NodeName=$node/; s/ UpTime=.*//" <<<"$nodeline")
    else
        local cpus mem
        cpus=$(nproc)
        mem=$(awk '/^MemTotal:/ {print int($2 / 1024)}' /proc/meminfo)
        nodeline="NodeName=$node CPUs=$cpus RealMemory=$mem"
    fi
    cat >"$DIR/slurm.conf" <<EOF
# Generated by $PROG for a throw-away one-node CI cluster. State folder: $DIR
ClusterName=judgeci
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$CTLD_PORT
SlurmdPort=$SLURMD_PORT
SlurmUser=root
SlurmdUser=root

# munge, through our own munged socket (not /run/munge)
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$DIR/munge/munge.socket.2

# everything lives in the state folder
StateSaveLocation=$DIR/ctld
SlurmdSpoolDir=$DIR/spool
SlurmctldPidFile=$DIR/run/slurmctld.pid
SlurmdPidFile=$DIR/run/slurmd.pid
SlurmctldLogFile=$DIR/log/slurmctld.log
SlurmdLogFile=$DIR/log/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
PlugStackConfig=$DIR/plugstack.conf

# no cgroup plugin at all: judge owns /sys/fs/cgroup/{memory,pids,cpuacct}
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
SwitchType=switch/none
MpiDefault=none
MailProg=/bin/true

# no accounting database (no slurmdbd, no sacct); finished jobs stay visible to
# scontrol/squeue for MinJobAge seconds
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MinJobAge=600

SchedulerType=sched/backfill
# batch_sched_delay=0: start a batch job at submit time instead of up to 3 s later
SchedulerParameters=batch_sched_delay=0
# kill_invalid_depend: a job whose afterok dependency can never be met (a task
# failed) is cancelled instead of pending forever, so that sbatch --wait returns.
# (Since 20.02 this lives in DependencyParameters; under SchedulerParameters it
# is silently ignored.)
DependencyParameters=kill_invalid_depend
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
SlurmctldTimeout=30
SlurmdTimeout=60
InactiveLimit=0
KillWait=5
MaxArraySize=10001

$nodeline State=UNKNOWN
PartitionName=$PARTITION Nodes=$node Default=YES MaxTime=INFINITE State=UP OverSubscribe=NO
EOF
    : >"$DIR/plugstack.conf"
    cat >"$DIR/env.sh" <<EOF
export SLURM_CONF=$DIR/slurm.conf
EOF
}

# ------------------------------------------------------------------ daemons
start_daemon() {  # name cmd...
    local name=$1; shift
    # setsid: own session, no controlling terminal; all fds away from the caller
    # so that a CI step capturing our output is not held open by the daemon.
    setsid "$@" </dev/null >>"$DIR/log/$name.out" 2>&1 &
    local pid=$!
    echo "$pid" >"$DIR/run/$name.started"
    log "started $name (pid $pid)"
}

wait_for() {  # description timeout-seconds command...
    local what=$1 t=$2; shift 2
    local deadline=$((SECONDS + t))
    until "$@" >/dev/null 2>&1; do
        local d
        for d in munged slurmctld slurmd; do
            if [[ -f $DIR/run/$d.started ]] && ! recorded_pid "$d" >/dev/null; then
                die "$d exited while waiting for $what"
            fi
        done
        ((SECONDS < deadline)) || die "timed out after ${t}s waiting for $what${NODE_STATE:+ (node state: $NODE_STATE)}"
        sleep 0.2
    done
}

munge_ok() {
    munge -n -S "$DIR/munge/munge.socket.2" | unmunge -S "$DIR/munge/munge.socket.2"
}

ctld_ok() {
    timeout 5 scontrol ping | grep -q 'is UP'
}

NODE_STATE=
node_idle() {
    NODE_STATE=$(timeout 5 sinfo -h -N -n "$NODE" -o '%T' 2>/dev/null | head -n1) || return 1
    case $NODE_STATE in
        idle) return 0 ;;
        drain* | down* | fail* | *drain)
            log "node $NODE is $NODE_STATE: $(timeout 5 sinfo -h -R -o '%E' 2>/dev/null || true)"
            die "node $NODE is $NODE_STATE" ;;
    esac
    return 1
}

print_logs() {
    [[ -n ${DIR:-} && -d $DIR/log ]] || return 0
    # In the foreground (-D/-F) the daemons write the same lines to stderr
    # (name.out, which also catches errors from before the log file is open) and
    # to their log file: show name.out, or the log file if name.out is empty.
    local name f
    for name in munged slurmctld slurmd; do
        f=$DIR/log/$name.out
        [[ -s $f ]] || f=$DIR/log/$name.log
        [[ -s $f ]] || continue
        printf '\n===== %s (last 80 lines) =====\n' "$f" >&2
        tail -n 80 "$f" >&2 || true
    done
    printf '===== end of logs =====\n\n' >&2
}

# ---------------------------------------------------------------------- down
do_down() {
    resolve_dir
    if [[ -z $DIR || ! -d $DIR ]]; then
        log "nothing to stop (no state folder${DIR:+ at $DIR})"
        # a pointer to a folder that is gone is stale
        if [[ -f $POINTER && ! -d $(<"$POINTER") ]]; then rm -f "$POINTER"; fi
        return 0
    fi
    [[ -f $DIR/$MARKER ]] || die "$DIR has no $MARKER: not a folder made by $PROG, leaving it alone"
    export SLURM_CONF=$DIR/slurm.conf
    local pid jobs deadline
    # 1. cancel jobs while slurmctld/slurmd are still there to kill them cleanly
    if pid=$(recorded_pid slurmctld); then
        jobs=$(timeout 5 squeue -h -o '%A' 2>/dev/null | tr '\n' ' ' || true)
        if [[ -n ${jobs// /} ]]; then
            log "cancelling jobs: $jobs"
            # shellcheck disable=SC2086
            timeout 10 scancel $jobs 2>/dev/null || true
            deadline=$((SECONDS + DOWN_TIMEOUT))
            while [[ -n $(timeout 5 squeue -h -t all -o '%A %T' 2>/dev/null | grep -Ev 'COMPLETED|CANCELLED|FAILED|TIMEOUT|PREEMPTED|NODE_FAIL|OUT_OF_MEMORY|BOOT_FAIL|DEADLINE' || true) ]]; do
                ((SECONDS < deadline)) || { log "jobs still not gone after ${DOWN_TIMEOUT}s"; break; }
                sleep 0.5
            done
        fi
    fi
    # 2. the daemons, by recorded pid: slurmd and slurmctld together, then munged
    # (wait only for these stoppers: in a failed `up` the daemons are children
    # of this shell too, and a bare `wait` would wait for munged)
    local name stoppers=()
    for name in slurmd slurmctld; do
        if pid=$(recorded_pid "$name"); then
            stop_pid "$pid" "$name" &
            stoppers+=($!)
        fi
    done
    ((${#stoppers[@]} == 0)) || wait "${stoppers[@]}" || true
    if pid=$(recorded_pid munged); then
        stop_pid "$pid" munged
    fi
    # 3. anything a job left behind (slurmstepd and job processes), by pid
    local left
    left=$(leftover_job_pids | sort -u | tr '\n' ' ')
    if [[ -n ${left// /} ]]; then
        log "stopping leftover job processes: $left"
        for pid in $left; do stop_pid "$pid" "job process"; done
    fi
    # 4. the folder
    rm -rf -- "$DIR"
    if [[ -f $POINTER && $(<"$POINTER") == "$DIR" ]]; then rm -f "$POINTER"; fi
    log "down: removed $DIR"
}

# ------------------------------------------------------------------------ up
UP_OK=0
INSTALL_CLEANUP=
on_up_exit() {
    local rc=$?
    if [[ -n $INSTALL_CLEANUP ]]; then rm -f "$INSTALL_CLEANUP"; fi
    ((UP_OK)) && return 0
    trap - EXIT INT TERM
    log "up failed (exit $rc)"
    print_logs
    if [[ -n ${DIR:-} && -f ${DIR}/$MARKER ]]; then
        if [[ ${SLURM_KEEP_FAILED:-0} == 1 ]]; then
            local name pid
            for name in slurmd slurmctld munged; do
                if pid=$(recorded_pid "$name"); then stop_pid "$pid" "$name"; fi
            done
            log "state folder kept: $DIR"
        else
            do_down || true
        fi
    fi
    exit "$rc"
}

do_up() {
    trap on_up_exit EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM
    resolve_dir
    if [[ -n $DIR && -f $DIR/$MARKER ]]; then
        if recorded_pid munged >/dev/null && recorded_pid slurmctld >/dev/null && recorded_pid slurmd >/dev/null; then
            log "already up in $DIR"
            UP_OK=1
            cat "$DIR/env.sh"
            return 0
        fi
        log "stale state in $DIR (daemons not all running): cleaning it first"
        do_down
        resolve_dir
    fi

    ensure_packages

    if [[ -n ${SLURM_TEST_DIR:-} ]]; then
        DIR=$SLURM_TEST_DIR
        [[ $DIR == /* ]] || DIR=$PWD/$DIR
        if [[ -e $DIR ]] && [[ -n $(ls -A "$DIR") ]]; then
            die "SLURM_TEST_DIR=$DIR exists and is not empty"
        fi
        mkdir -p "$DIR"
    else
        DIR=$(mktemp -d "${TMPDIR:-/tmp}/judge-slurm.XXXXXX")
        echo "$DIR" >"$POINTER"
    fi
    touch "$DIR/$MARKER"
    # munged: "Socket is inaccessible: execute permissions for all required" on
    # every folder above its socket. Say so before starting anything.
    local a=$DIR
    while a=$(dirname "$a"); [[ $a != / ]]; do
        [[ $(( 8#$(stat -c %a "$a") & 1 )) == 1 ]] ||
            die "munged needs o+x on every folder above its socket; $a is $(stat -c %A "$a") (chmod o+x it or use another SLURM_TEST_DIR)"
    done
    # munged insists that nobody else can write the folders above its key,
    # socket, log and pid file, and that the socket folder is searchable by all.
    chmod 755 "$DIR"
    mkdir -p "$DIR"/{munge,run,log,ctld,spool}
    chmod 700 "$DIR/ctld" "$DIR/spool"
    chmod 755 "$DIR/munge"

    NODE=$(hostname -s)
    [[ -n $NODE ]] || die "hostname -s is empty"
    pick_ports
    write_config "$NODE"
    export SLURM_CONF=$DIR/slurm.conf

    # munge key: 1 KiB random, owned by the user munged runs as (root here)
    dd if=/dev/urandom of="$DIR/munge/munge.key" bs=1024 count=1 status=none
    chmod 400 "$DIR/munge/munge.key"

    start_daemon munged munged --foreground \
        --socket="$DIR/munge/munge.socket.2" \
        --key-file="$DIR/munge/munge.key" \
        --pid-file="$DIR/run/munged.pid" \
        --log-file="$DIR/log/munged.log" \
        --seed-file="$DIR/munge/munged.seed"
    wait_for "munged" "$UP_TIMEOUT" munge_ok

    # -c: start with a clean state (no jobs from an earlier run); -i: ignore
    # unreadable state files
    start_daemon slurmctld slurmctld -D -c -i -f "$DIR/slurm.conf"
    wait_for "slurmctld (scontrol ping)" "$UP_TIMEOUT" ctld_ok

    start_daemon slurmd slurmd -D -f "$DIR/slurm.conf" -N "$NODE"
    wait_for "node $NODE to be idle (sinfo)" "$UP_TIMEOUT" node_idle

    UP_OK=1
    log "up: node $NODE idle; state in $DIR; ports $CTLD_PORT/$SLURMD_PORT"
    cat "$DIR/env.sh"
}

do_status() {
    resolve_dir
    if [[ -z $DIR || ! -f $DIR/$MARKER ]]; then
        echo "down (no state folder)"
        return 3
    fi
    export SLURM_CONF=$DIR/slurm.conf
    echo "state folder: $DIR"
    local name pid rc=0
    for name in munged slurmctld slurmd; do
        if pid=$(recorded_pid "$name"); then
            echo "$name: running (pid $pid)"
        else
            echo "$name: NOT running"
            rc=1
        fi
    done
    if ((rc == 0)); then
        timeout 5 sinfo || rc=1
        timeout 5 squeue || rc=1
    fi
    return "$rc"
}

# wait JOBID...: poll (every 0.5 s) until every job / array task is in a final
# state. Faster than sbatch --wait (which polls after 2 s, then 8 s more, then
# 32 s more) and strict: exits 1 unless every one COMPLETED, so a merge job
# cancelled for DependencyNeverSatisfied counts as a failure (sbatch --wait
# exits 0 for it). Timeout: SLURM_WAIT_TIMEOUT (default 600 s), exit 124.
do_wait() {
    (($# > 0)) || die "usage: $PROG wait JOBID..."
    resolve_dir
    [[ -n $DIR && -f $DIR/env.sh ]] || die "not up"
    export SLURM_CONF=$DIR/slurm.conf
    local ids t=${SLURM_WAIT_TIMEOUT:-600} out active
    ids=$(IFS=,; echo "$*")
    local deadline=$((SECONDS + t))
    while :; do
        out=$(timeout 10 squeue -h -t all -j "$ids" -o '%i %T %r' 2>&1) ||
            die "squeue -j $ids failed: $out"
        [[ -n $out ]] || die "no such job(s): $ids (unknown, or purged after MinJobAge)"
        active=$(awk '$2 !~ /^(COMPLETED|CANCELLED|FAILED|TIMEOUT|PREEMPTED|NODE_FAIL|OUT_OF_MEMORY|BOOT_FAIL|DEADLINE)$/' <<<"$out")
        [[ -z $active ]] && break
        if ((SECONDS >= deadline)); then
            printf '%s\n' "$out" >&2
            log "timed out after ${t}s waiting for $ids"
            return 124
        fi
        sleep 0.5
    done
    printf '%s\n' "$out"
    ! awk '$2 != "COMPLETED" {bad = 1} END {exit !bad}' <<<"$out"
}

do_env() {
    resolve_dir
    [[ -n $DIR && -f $DIR/env.sh ]] || die "not up"
    cat "$DIR/env.sh"
}

case ${1:-} in
    install) ensure_packages ;;
    up) do_up ;;
    down) do_down ;;
    status) do_status ;;
    env) do_env ;;
    wait) shift; do_wait "$@" ;;
    *) echo "usage: $PROG install|up|down|status|env|wait JOBID..." >&2; exit 2 ;;
esac
