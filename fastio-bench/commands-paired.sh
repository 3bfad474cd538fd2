#!/usr/bin/env bash
# Paired timing of two whole commands in alternating rounds (A B B A A B ...), so that a drift of a
# shared host falls on both alike: each round's wall times and ratio B/A (above 1: A is faster),
# then the geometric mean of the ratios with the lowest and highest. Both commands' outputs must
# match in every round (compare the first field only with --first-field).
#
# usage: fastio-bench/commands-paired.sh [--first-field] ROUNDS 'COMMAND A' 'COMMAND B'
#   e.g. fastio-bench/commands-paired.sh --first-field 6 \
#          "$JAVA --add-modules jdk.incubator.vector -cp fastio-bench/target/benchmarks.jar \
#           dev.fastio.bench.LineCount $LOG" "wc -l $LOG"
set -euo pipefail
first=false
if [ "${1:-}" = --first-field ]; then
  first=true
  shift
fi
[ $# -eq 3 ] || { sed -n '2,11p' "$0" >&2; exit 2; }
rounds=$1 a=$2 b=$3
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

time_of() { # runs $1 once; prints its wall time in seconds, keeps its output in $out/$2
  local t0 t1
  t0=$(date +%s.%N)
  bash -c "$1" > "$out/$2" 2> "$out/$2.err"
  t1=$(date +%s.%N)
  echo "$t1 - $t0" | bc -l
}

same() {
  if $first; then
    [ "$(awk '{print $1}' "$out/a")" = "$(awk '{print $1}' "$out/b")" ]
  else
    cmp -s "$out/a" "$out/b"
  fi
}

time_of "$a" a > /dev/null # warm both (page cache, start-up caches)
time_of "$b" b > /dev/null
ratios=()
for ((i = 1; i <= rounds; i++)); do
  if ((i % 2 == 1)); then
    ta=$(time_of "$a" a)
    tb=$(time_of "$b" b)
  else
    tb=$(time_of "$b" b)
    ta=$(time_of "$a" a)
  fi
  same || { echo "round $i: outputs differ" >&2; exit 1; }
  r=$(echo "$tb / $ta" | bc -l)
  ratios+=("$r")
  printf 'round %d: A %.3f s, B %.3f s, B/A %.3f\n' "$i" "$ta" "$tb" "$r"
done
printf '%s\n' "${ratios[@]}" | awk '
  { s += log($1); if (NR == 1 || $1 < lo) lo = $1; if (NR == 1 || $1 > hi) hi = $1 }
  END { printf "geometric mean B/A %.3f (lowest %.3f, highest %.3f), %d rounds\n", exp(s / NR), lo, hi, NR }'
