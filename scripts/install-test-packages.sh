#!/usr/bin/env bash
# Installs the Debian packages swarm's tests need, when any is missing: bubblewrap, Chromium,
# Slurm (slurmctld, slurmd, client) and munge. Quiet and idempotent; sudo when not root.
set -euo pipefail
as_root=$([ "$(id -u)" = 0 ] || echo sudo)
missing=()
command -v bwrap >/dev/null 2>&1 || missing+=(bubblewrap)
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
for pair in slurmctld:slurmctld slurmd:slurmd sbatch:slurm-client munged:munge; do
  command -v "${pair%%:*}" >/dev/null 2>&1 || [ -x "/usr/sbin/${pair%%:*}" ] || missing+=("${pair#*:}")
done
[ ${#missing[@]} -eq 0 ] && { echo "test packages: all present"; exit 0; }
echo "test packages: installing ${missing[*]}"
$as_root apt-get update -qq
DEBIAN_FRONTEND=noninteractive $as_root apt-get install -y -qq "${missing[@]}" >/dev/null
