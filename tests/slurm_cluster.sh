#!/usr/bin/env bash
# scripts/slurm-perft.sbatch on a real single-node Slurm: munged, slurmctld and
# slurmd (Debian's) started here as root with their state, spool, sockets and logs
# in a scratch directory. Startpos perft 7 split at ply 3 runs as a 4-task array;
# one task is cancelled (scancel) while it runs, merge then lists missing units
# (exit 1), the task is submitted again alone and resumes, and merge prints
# 3195901860. Every daemon is stopped by its PID on exit, whatever happens.
# Exit 77 (skipped) when not root or Slurm is not installed (scripts/ensure-deps test).
# Usage: tests/slurm_cluster.sh PATH-TO-RPERFT
set -u
source "$(dirname "$0")/cli_lib.sh"
rperft=$(cd "$(dirname "$rperft")" && pwd)/$(basename "$rperft")
sbatch_script="$here/../scripts/slurm-perft.sbatch"
d7=3195901860

if [[ $(id -u) != 0 ]]; then
    echo "SKIP: the Slurm test runs slurmctld, slurmd and munged itself, which needs root" >&2
    exit 77
fi
# Debian 12's slurmd (22.05) initialises its cgroup plugin whatever the
# ProctrackType and TaskPlugin, and gives up where no cgroup filesystem is mounted
# (a chroot without /sys, as on a bare debootstrap root).
if ! mountpoint -q /sys/fs/cgroup 2>/dev/null; then
    echo "SKIP: no cgroup filesystem at /sys/fs/cgroup, without which slurmd 22.05 does not start" >&2
    exit 77
fi
for tool in munged slurmctld slurmd sbatch squeue scancel sinfo; do
    command -v "$tool" >/dev/null || { echo "SKIP: $tool not installed (scripts/ensure-deps test installs it)" >&2; exit 77; }
done

pids=() forced=()
stop_daemons() {
    local pid
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
    for pid in "${pids[@]}"; do
        for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        if kill -0 "$pid" 2>/dev/null; then
            forced+=("$pid")
            kill -9 "$pid"
        fi
        wait "$pid" 2>/dev/null
    done
    pids=()
    rm -rf "$tmp"
}
trap stop_daemons EXIT

# A TCP port nothing listens on (the ports are the cluster's only shared resource).
free_port() {
    local port
    while :; do
        port=$((20000 + RANDOM % 20000))
        ss -Htln "sport = :$port" 2>/dev/null | grep -q . || { echo "$port"; return; }
    done
}

node=$(hostname -s)
mkdir -p "$tmp/state" "$tmp/spool" "$tmp/work"
head -c 1024 /dev/urandom >"$tmp/munge.key"
chmod 400 "$tmp/munge.key"
munged --foreground --force --socket="$tmp/munge.sock" --key-file="$tmp/munge.key" --pid-file="$tmp/munged.pid" \
    --log-file="$tmp/munged.log" --seed-file="$tmp/munge.seed" >"$tmp/munged.out" 2>&1 &
pids+=($!)
cat >"$tmp/slurm.conf" <<CONF
ClusterName=rperfttest
SlurmctldHost=$node(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$(free_port)
SlurmdPort=$(free_port)
AuthType=auth/munge
AuthInfo=socket=$tmp/munge.sock
CredType=cred/munge
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/slurmctld.log
SlurmdLogFile=$tmp/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
KillWait=5
MinJobAge=5
NodeName=$node NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=test Nodes=$node Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$tmp/slurm.conf"
for _ in $(seq 50); do [[ -S $tmp/munge.sock ]] && break; sleep 0.1; done
slurmctld -D -i >"$tmp/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -N "$node" >"$tmp/slurmd.out" 2>&1 &
pids+=($!)

# until the node takes jobs
idle=""
for _ in $(seq 300); do
    [[ $(sinfo -h -o %t 2>/dev/null) == idle ]] && { idle=yes; break; }
    sleep 0.1
done
if [[ -z $idle ]]; then
    fail "the single-node cluster did not come up: $(sinfo -h 2>&1 | head -2)"
    tail -n 5 "$tmp/slurmctld.log" "$tmp/slurmd.log" "$tmp"/*.out >&2
    finish unreachable
fi

# wait_jobs JOBID SECONDS: until none of the job's tasks is pending or running.
wait_jobs() {
    for _ in $(seq $(($2 * 10))); do
        [[ -z $(squeue -h -j "$1" 2>/dev/null) ]] && return 0
        sleep 0.1
    done
    fail "job $1 still queued after $2 s: $(squeue -h -j "$1")"
    return 1
}

cd "$tmp/work" || exit 1
expect_rc 0 "$rperft" split --startpos --depth 7 --split-ply 3 --out units
export RPERFT="$rperft" RPERFT_UNITS=units RPERFT_HASH_MB=16 RPERFT_KEY_SEED=3 RPERFT_HASH_VERIFY=1
job=$(sbatch --parsable --array=1-4 --chdir="$tmp/work" "$sbatch_script") || fail "sbatch refused the array"
job=${job%%;*}

# Cancel task 1 as soon as it has written a result: it is then mid-way.
for _ in $(seq 1200); do
    [[ -s results.1 ]] && break
    sleep 0.05
done
expect_rc 0 scancel "${job}_1"
wait_jobs "$job" 80
share=$(awk -F'\t' 'NR > 1 && ($1 % 4) == 0' units | wc -l)
done_1=$(grep -vc '^#' results.1)
((done_1 >= 1 && done_1 < share)) || fail "task 1 did $done_1 of its $share units before scancel: not cut mid-way"
expect_rc 1 "$rperft" merge units results.1 results.2 results.3 results.4
expect_grep "$tmp/err" "$((share - done_1)) of 5362 units have no result"

# The cancelled task alone, again: it resumes from its results file.
job2=$(RPERFT_SHARDS=4 sbatch --parsable --array=1 --chdir="$tmp/work" "$sbatch_script") || fail "sbatch refused the resubmission"
job2=${job2%%;*}
wait_jobs "$job2" 60
grep -q "$((share - done_1)) units computed, $done_1 already done" slurm-"${job2}"_1.out ||
    fail "the resubmitted task did not resume: $(tail -2 slurm-"${job2}"_1.out)"
expect_rc 0 "$rperft" merge units results.1 results.2 results.3 results.4
expect_grep "$tmp/out" "^Nodes searched: $d7\$"
[[ $(cut -f7 results.* | sort -u) == 128/3 ]] || fail "the tasks did not use the keys passed: $(cut -f7 results.* | sort -u)"

# The daemons stop on SIGTERM within 5 s each (else they are killed, and that fails).
trap - EXIT
stop_daemons
((${#forced[@]} == 0)) || fail "daemons ${forced[*]} ignored SIGTERM"
finish "perft 7 on a single-node Slurm: cancelled task resumed, merge gives $d7"
