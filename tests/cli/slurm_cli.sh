#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# docs/cluster.md's Slurm job array under a real Slurm: this machine as a
# one-node cluster (munged, slurmctld, slurmd on private ports and files),
# the doc's script as it stands there, resized to n = 20 in 2 shards of one
# CPU with a one-minute time limit (shorter than a shard), resubmitted for
# its unfinished shards until both are done, each round with an `afterok`
# merge job; the merge prints the exact total. The services it started are
# stopped at the end. Needs root and slurm-wlm and munge (.ci/setup).
# usage: slurm_cli.sh path/to/nqueens path/to/docs/cluster.md
set -u
bin=$1
doc=$2
. "$(dirname "$0")/lib.sh"

if [ "$(id -u)" -ne 0 ] || ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
    # CI runs as root with both installed: there this cannot be skipped.
    [ "${CI:-}" = true ] && fail "slurm_cli needs root, slurm-wlm and munge (.ci/setup installs them)"
    echo "skipped: needs root, slurm-wlm and munge"
    finish slurm_cli
    exit 0
fi

# The doc's script: the first bash block after "A Slurm job array".
awk '/^A Slurm job array/ { s = 1 } s && /^```bash$/ { b = 1; next } b && /^```$/ { exit } b' "$doc" >"$dir/doc.sh"
# resize FROM TO: one substitution that must change the script (the doc
# changed otherwise, and this test with it).
resize() {
    grep -qF -- "$1" "$dir/job.sh" || fail "cluster.md's Slurm script lacks '$1'"
    sed -i "s|$1|$2|g" "$dir/job.sh"
}
cp "$dir/doc.sh" "$dir/job.sh"
resize "--array=0-63" "--array=0-1"
resize "--cpus-per-task=16" "--cpus-per-task=1"
resize "--time=04:00:00" "--time=00:01:00"
resize "--signal=TERM@120" "--signal=TERM@20"
resize "K=64" "K=2"
resize "count 25" "count 20"
resize "n25-" "n20-"
grep -q '^srun nqueens count 20 ' "$dir/job.sh" || fail "cluster.md's Slurm script does not srun nqueens: $(cat "$dir/job.sh")"

# munged: the system's, started if it is not running (and then stopped).
started_munged=0
stop_all() {
    [ -n "${SLURM_CONF:-}" ] && scancel --quiet --user=root 2>/dev/null
    for pidfile in "$dir/run/slurmd.pid" "$dir/run/slurmctld.pid"; do
        [ -s "$pidfile" ] && kill "$(cat "$pidfile")" 2>/dev/null
    done
    sleep 1
    for pidfile in "$dir/run/slurmd.pid" "$dir/run/slurmctld.pid"; do
        [ -s "$pidfile" ] && kill -KILL "$(cat "$pidfile")" 2>/dev/null
    done
    [ "$started_munged" = 1 ] && [ -s /run/munge/munged.pid ] && kill "$(cat /run/munge/munged.pid)" 2>/dev/null
    rm -rf "$dir"
}
trap stop_all EXIT
if ! munge -n >/dev/null 2>&1; then
    mkdir -p /run/munge /var/log/munge /var/lib/munge /etc/munge
    [ -s /etc/munge/munge.key ] || { dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 2>/dev/null; chmod 400 /etc/munge/munge.key; }
    chown -R munge:munge /run/munge /var/log/munge /var/lib/munge /etc/munge
    su -s /bin/sh munge -c /usr/sbin/munged || fail "munged did not start"
    started_munged=1
    for _ in $(seq 50); do munge -n >/dev/null 2>&1 && break; sleep 0.1; done
fi

# A private one-node cluster: its own state, spool, logs and ports.
mkdir -p "$dir/state" "$dir/spool" "$dir/run" "$dir/log" "$dir/work"
host=$(hostname)
port=$((20000 + RANDOM % 20000))
cat >"$dir/slurm.conf" <<EOF
ClusterName=nqtest
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/run/slurmctld.pid
SlurmdPidFile=$dir/run/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
SlurmctldPort=$port
SlurmdPort=$((port + 1))
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
JobAcctGatherType=jobacct_gather/none
MpiDefault=none
ReturnToService=2
KillWait=10
MinJobAge=600
NodeName=$host CPUs=$(nproc) State=UNKNOWN
PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$dir/slurm.conf
slurmctld -f "$SLURM_CONF" || fail "slurmctld did not start"
slurmd -f "$SLURM_CONF" || fail "slurmd did not start"
for _ in $(seq 100); do sinfo -h -o %t 2>/dev/null | grep -qx idle && break; sleep 0.2; done
sinfo -h -o %t | grep -qx idle || fail "the node is not idle: $(sinfo 2>&1) $(tail -n 5 "$dir/log/slurmctld.log")"

# jobs_left: jobs still pending or running.
jobs_left() { squeue -h -o %i 2>/dev/null | wc -l; }
export PATH="$(cd "$(dirname "$bin")" && pwd):$PATH"
rounds=0
interrupted=0
total=""
while [ "$rounds" -lt 20 ]; do
    rounds=$((rounds + 1))
    ids=()
    for i in 0 1; do [ -s "$dir/work/n20-$i.json" ] || ids+=("$i"); done
    [ ${#ids[@]} -eq 0 ] && break
    list=$(IFS=,; echo "${ids[*]}")
    job=$(sbatch --parsable --array="$list" --chdir="$dir/work" --output="$dir/work/%A_%a.log" \
        --export=ALL "$dir/job.sh") || { fail "sbatch failed"; break; }
    # The doc's afterok merge: runs once every shard of this round ended well.
    sbatch --parsable --dependency="afterok:$job" --kill-on-invalid-dep=yes --chdir="$dir/work" \
        --output="$dir/work/merge-%j.log" --export=ALL \
        --wrap 'nqueens merge n20-0.json n20-1.json >total.txt' >/dev/null || fail "sbatch of the merge failed"
    for _ in $(seq 900); do [ "$(jobs_left)" -eq 0 ] && break; sleep 0.2; done
    [ "$(jobs_left)" -eq 0 ] || { fail "round $rounds still runs after 3 minutes: $(squeue)"; break; }
    grep -qh "interrupted by SIGTERM; checkpoint 'n20-[01].checkpoint.json' holds" "$dir"/work/*.log 2>/dev/null &&
        interrupted=1
done
[ -s "$dir/work/total.txt" ] && total=$(cat "$dir/work/total.txt")
echo "slurm: $rounds rounds; merge job printed: $total"
case $total in "n = 20: 39029188884 solutions (2 shards, "*) ;; *)
    fail "the afterok merge printed '$total' after $rounds rounds: $(cat "$dir"/work/*.log 2>&1 | tail -n 20)" ;;
esac
[ "$interrupted" = 1 ] ||
    fail "no shard was stopped by its time limit's signal: the test did not try a resume"
out=$("$bin" merge "$dir/work/n20-0.json" "$dir/work/n20-1.json") || fail "merge of the shards failed"
case $out in "n = 20: 39029188884 solutions"*) ;; *) fail "merge printed: $out" ;; esac

finish slurm_cli
