#!/usr/bin/env bash
# Start-up of the fastio command for one small file: CPU time (user + system) and wall time of each
# variant, median (and minimum) over alternating rounds, so that a busy machine slows all alike.
#
# Usage: fastio-cli/startup.sh JAVA_HOME [ROUNDS] [OLD_JAR]
#   JAVA_HOME  the Java to measure (the launcher is given it too)
#   ROUNDS     rounds of all variants (default 15)
#   OLD_JAR    another fastio.jar to compare with (e.g. one built from an older commit)
# Needs the distribution: mvn -B -DskipTests package.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
J=$1 rounds=${2:-15} old=${3:-}
dist=$(ls -d "$here"/target/fastio-*-bin/fastio-* | head -n 1)
file=$(mktemp)
echo hello > "$file"
export JAVA_HOME=$J
variants=()
[ -n "$old" ] && variants+=("$J/bin/java -jar $old md5sum $file")
variants+=("$J/bin/java -jar $dist/lib/fastio.jar md5sum $file"
  "$dist/bin/fastio md5sum $file"
  "env FASTIO_AOT=off $dist/bin/fastio md5sum $file"
  "env FASTIO_OPTS=-XX:TieredStopAtLevel=1 $dist/bin/fastio md5sum $file")
"$dist/bin/fastio" md5sum "$file" > /dev/null # untimed: on Java 25+ it makes the start-up cache
TIMEFORMAT='%3U %3S %3R'
declare -A cpu wall
for ((r = 0; r < rounds; r++)); do
  for i in "${!variants[@]}"; do
    # shellcheck disable=SC2086 # a variant is a command line
    t=$( { time ${variants[$i]} > /dev/null 2>&1; } 2>&1 )
    read -r u s w <<< "$t"
    cpu[$i]+=" $(awk -v u="$u" -v s="$s" 'BEGIN {printf "%d", (u + s) * 1000}')"
    wall[$i]+=" $(awk -v w="$w" 'BEGIN {printf "%d", w * 1000}')"
  done
done
median() { tr ' ' '\n' <<< "$1" | sed '/^$/d' | sort -n |
  awk '{a[NR] = $1} END {printf "%4d ms (min %4d)", a[int((NR + 1) / 2)], a[1]}'; }
for i in "${!variants[@]}"; do
  echo "cpu $(median "${cpu[$i]}")  wall $(median "${wall[$i]}")  ${variants[$i]}"
done
echo "$(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), $("$J/bin/java" -version 2>&1 | head -n 1)"
rm -f "$file"
