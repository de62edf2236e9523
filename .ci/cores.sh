#!/usr/bin/env bash
# How many test processes make test runs: the cores this machine gives us (nproc, and a
# container's CPU quota from cgroup v2 or v1 when it sets one), at most 4, at least 1.
set -euo pipefail
n=$(nproc 2>/dev/null || echo 2)
quota=""
if [ -r /sys/fs/cgroup/cpu.max ]; then
  read -r q p < /sys/fs/cgroup/cpu.max || true
  [ "${q:-max}" != "max" ] && quota=$(( (q + p - 1) / p ))
elif [ -r /sys/fs/cgroup/cpu/cpu.cfs_quota_us ]; then
  q=$(cat /sys/fs/cgroup/cpu/cpu.cfs_quota_us)
  p=$(cat /sys/fs/cgroup/cpu/cpu.cfs_period_us)
  [ "$q" -gt 0 ] && quota=$(( (q + p - 1) / p ))
fi
[ -n "$quota" ] && [ "$quota" -lt "$n" ] && n=$quota
[ "$n" -gt 4 ] && n=4
[ "$n" -lt 1 ] && n=1
echo "$n"
