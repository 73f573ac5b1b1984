#!/usr/bin/env bash
# Starts swarm's own one-node Slurm test cluster: its own munged, slurmctld and slurmd, each with
# its config, key, socket, ports, spool and logs under one state directory, so it never reads or
# touches a real cluster (/etc/slurm, /etc/munge, the default ports 6817/6818). Two fake GPUs
# (character devices) let `--gpus` set CUDA_VISIBLE_DEVICES without hardware.
#
#   bash scripts/start-slurm.sh [state-dir]     default $SWARM_TEST_SLURM_DIR or /var/tmp/swarm-test-slurm
#   bash scripts/start-slurm.sh --stop [state-dir]
#
# Idempotent: a cluster of this state directory that already answers with the same config is left
# alone; one whose config this script now writes differently is restarted (its jobs kept). Prints
# `SLURM_CONF=<dir>/slurm.conf` as its last line; point Slurm's clients there. Needs root and
# Debian's slurmctld slurmd slurm-client munge (installed here when missing and apt-get exists).
set -euo pipefail

say() { printf 'start-slurm: %s\n' "$*" >&2; }
fail() { printf 'start-slurm: %s\n' "$*" >&2; exit 1; }

stop=false
if [ "${1:-}" = "--stop" ]; then stop=true; shift; fi
dir=${1:-${SWARM_TEST_SLURM_DIR:-/var/tmp/swarm-test-slurm}}
ctld_port=${SWARM_TEST_SLURM_PORT:-6917}
slurmd_port=$((ctld_port + 1))
conf="$dir/slurm.conf"
socket="$dir/munge/munge.socket"
export SLURM_CONF="$conf"

stop_pid() { [ -s "$1" ] && kill "$(cat "$1")" 2>/dev/null || true; }
if $stop; then
  stop_pid "$dir/run/slurmd.pid"; stop_pid "$dir/run/slurmctld.pid"; stop_pid "$dir/munge/munged.pid"
  say "stopped the cluster of $dir"
  exit 0
fi

[ "$(id -u)" = 0 ] || fail "must run as root (it starts munged, slurmctld and slurmd)"

if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null || ! command -v sbatch >/dev/null || ! command -v munged >/dev/null; then
  command -v apt-get >/dev/null || fail "Slurm is not installed and there is no apt-get: install slurmctld slurmd slurm-client munge"
  say "installing slurmctld slurmd slurm-client munge"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq slurmctld slurmd slurm-client munge >/dev/null
fi

mkdir -p "$dir"
# One start at a time: parallel test runs may all ask for the cluster.
exec 9>"$dir/.lock"
flock 9

up() { scontrol ping 2>/dev/null | grep -q 'is UP' && sinfo -h -o '%T' 2>/dev/null | grep -qE '^(idle|mixed|allocated)'; }

host=$(hostname -s)
# More CPUs than the machine has (config_overrides): agents and evaluations that sleep can run side by side.
slots=$(( $(nproc) > ${SWARM_TEST_SLURM_CPUS:-16} ? $(nproc) : ${SWARM_TEST_SLURM_CPUS:-16} ))
memory=$(( $(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 - 1024 ))
config=$(cat <<CONF
ClusterName=swarm-test
SlurmctldHost=$host
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$socket
StateSaveLocation=$dir/spool/slurmctld
SlurmdSpoolDir=$dir/spool/slurmd
SlurmctldPidFile=$dir/run/slurmctld.pid
SlurmdPidFile=$dir/run/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
GresTypes=gpu
ReturnToService=2
MpiDefault=none
MailProg=/bin/true
SlurmctldTimeout=30
SlurmdTimeout=30
InactiveLimit=0
KillWait=2
MinJobAge=300
SchedulerParameters=sched_interval=1
# The node offers $slots CPUs whatever it has, so 8+ one-CPU jobs (agents) run at once.
SlurmdParameters=config_overrides
NodeName=localhost NodeHostname=$host NodeAddr=127.0.0.1 CPUs=$slots RealMemory=$memory Gres=gpu:fake:2 State=UNKNOWN
PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP
CONF
)

# A cluster already up with this very config is left alone; one started by an older version of
# this script is restarted with the new config, its queue kept (no -c), so tests using it go on.
keep_jobs=false
if [ -s "$conf" ] && up; then
  if [ "$(cat "$conf")" = "$config" ]; then
    say "the cluster of $dir is already up: $(sinfo -h -o '%N %T %G %c')"
    echo "SLURM_CONF=$conf"
    exit 0
  fi
  # A running job does not survive the restart (Slurm fails or requeues it): let those of other
  # test runs end first, up to a minute.
  for _ in $(seq 120); do [ -z "$(squeue -h -t RUNNING,COMPLETING -o %i 2>/dev/null)" ] && break; sleep 0.5; done
  say "the config of $dir changed: restarting its daemons, keeping their pending jobs"
  keep_jobs=true
fi

# munge first, with a key and socket of its own: without munged every Slurm call retries for seconds.
mkdir -p "$dir/munge" "$dir/run" "$dir/spool/slurmctld" "$dir/spool/slurmd" "$dir/log"
chown munge:munge "$dir/munge"
chmod 0755 "$dir/munge"
if [ ! -s "$dir/munge/munge.key" ]; then
  dd if=/dev/urandom of="$dir/munge/munge.key" bs=1 count=1024 status=none
fi
chown munge:munge "$dir/munge/munge.key"
chmod 0400 "$dir/munge/munge.key"
if ! munge --socket="$socket" -n >/dev/null 2>&1; then
  stop_pid "$dir/munge/munged.pid"
  # 9>&-: a daemon must not inherit the start lock, or the next start waits for it forever.
  runuser -u munge -- /usr/sbin/munged --force --socket="$socket" --key-file="$dir/munge/munge.key" \
    --pid-file="$dir/munge/munged.pid" --log-file="$dir/munge/munged.log" --seed-file="$dir/munge/munged.seed" 9>&-
  for _ in $(seq 50); do munge --socket="$socket" -n >/dev/null 2>&1 && break; sleep 0.1; done
fi
# munged keeps its socket private to its user; Slurm's daemons and clients run as root.
munge --socket="$socket" -n | unmunge --socket="$socket" >/dev/null 2>&1 || fail "munged does not answer (see $dir/munge/munged.log)"

for i in 0 1; do
  [ -e "/dev/fakegpu$i" ] || mknod "/dev/fakegpu$i" c 1 3
done

printf '%s\n' "$config" > "$conf"
cat > "$dir/gres.conf" <<CONF
NodeName=localhost Name=gpu Type=fake File=/dev/fakegpu[0-1]
CONF

# Only this directory's daemons are stopped (by their pid files), never another cluster's.
stop_pid "$dir/run/slurmctld.pid"; stop_pid "$dir/run/slurmd.pid"
gone() { ! { [ -s "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }; }
for _ in $(seq 100); do gone "$dir/run/slurmctld.pid" && gone "$dir/run/slurmd.pid" && break; sleep 0.1; done
# -c: a fresh start forgets the jobs of an earlier one (a test cluster keeps no history); a
# restart for a new config keeps them.
if $keep_jobs; then
  /usr/sbin/slurmctld -i -f "$conf" 9>&-
else
  /usr/sbin/slurmctld -c -i -f "$conf" 9>&-
fi
/usr/sbin/slurmd -N localhost -f "$conf" 9>&-
for _ in $(seq 100); do
  if up; then
    say "up: $(sinfo -h -o '%P %N %T %G')"
    echo "SLURM_CONF=$conf"
    exit 0
  fi
  sleep 0.2
done
tail -n 20 "$dir/log/slurmctld.log" "$dir/log/slurmd.log" >&2 || true
fail "the node did not become idle within 20 s (logs above)"
