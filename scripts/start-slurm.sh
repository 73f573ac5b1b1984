#!/usr/bin/env bash
# Starts a one-node Slurm cluster on this machine for swarm's tests: munged, slurmctld and slurmd
# with two fake GPUs (character devices), so `--gpus` sets CUDA_VISIBLE_DEVICES without hardware.
# Idempotent: a cluster already answering is left alone. Needs root and Debian's
# slurmctld slurmd slurm-client munge (installed here when missing and apt-get is available).
set -euo pipefail

say() { printf 'start-slurm: %s\n' "$*"; }
fail() { printf 'start-slurm: %s\n' "$*" >&2; exit 1; }

[ "$(id -u)" = 0 ] || fail "must run as root (it writes /etc/slurm and starts daemons)"

if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null || ! command -v sbatch >/dev/null || ! command -v munged >/dev/null; then
  say "installing slurmctld slurmd slurm-client munge"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq slurmctld slurmd slurm-client munge >/dev/null
fi

if scontrol ping 2>/dev/null | grep -q 'is UP' && sinfo -h -o '%T' 2>/dev/null | grep -qE '^(idle|mixed|allocated)'; then
  say "a cluster is already up: $(sinfo -h -o '%N %T %G')"
  exit 0
fi

host=$(hostname -s)
cpus=$(nproc)
memory=$(( $(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 - 1024 ))

# munge first: without munged every Slurm client call retries for seconds.
mkdir -p /run/munge /var/log/munge /var/lib/munge
chown munge:munge /run/munge /var/log/munge /var/lib/munge /etc/munge
chmod 0755 /run/munge
[ -s /etc/munge/munge.key ] || { dd if=/dev/urandom of=/etc/munge/munge.key bs=1 count=1024 status=none; }
chown munge:munge /etc/munge/munge.key
chmod 0400 /etc/munge/munge.key
if ! munge -n >/dev/null 2>&1; then
  runuser -u munge -- /usr/sbin/munged --force
  for _ in $(seq 50); do munge -n >/dev/null 2>&1 && break; sleep 0.1; done
fi
munge -n | unmunge >/dev/null 2>&1 || fail "munged does not answer (see /var/log/munge/munged.log)"

# Two fake GPUs: character devices like /dev/null, enough for Slurm's gres bookkeeping.
for i in 0 1; do
  [ -e "/dev/fakegpu$i" ] || mknod "/dev/fakegpu$i" c 1 3
done

mkdir -p /etc/slurm /var/spool/slurmctld /var/spool/slurmd /var/log/slurm
cat > /etc/slurm/slurm.conf <<CONF
ClusterName=swarm-test
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
SlurmctldPidFile=/run/slurmctld.pid
SlurmdPidFile=/run/slurmd.pid
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
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
NodeName=localhost NodeHostname=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$memory Gres=gpu:fake:2 State=UNKNOWN
PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP
CONF
cat > /etc/slurm/gres.conf <<CONF
NodeName=localhost Name=gpu Type=fake File=/dev/fakegpu[0-1]
CONF

pkill -x slurmctld 2>/dev/null || true
pkill -x slurmd 2>/dev/null || true
sleep 0.5
/usr/sbin/slurmctld -i
/usr/sbin/slurmd -N localhost
for _ in $(seq 100); do
  if sinfo -h -o '%T' 2>/dev/null | grep -qE '^(idle|mixed|allocated)'; then
    say "up: $(sinfo -h -o '%P %N %T %G')"
    exit 0
  fi
  sleep 0.2
done
tail -n 20 /var/log/slurm/slurmctld.log /var/log/slurm/slurmd.log >&2 || true
fail "the node did not become idle within 20 s (logs above)"
