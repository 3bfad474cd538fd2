#!/usr/bin/env bash
# Runs two JMH benchmarks in alternating single forks (A B B A A B ...), so that a drift of a shared
# host over minutes (another tenant's memory traffic, page-cache state) falls on both alike, and
# prints each round's ratio A/B with their geometric mean, lowest and highest.
#
# usage: fastio-bench/paired.sh A B [ROUNDS] [JMH OPTION...]
#   A, B     benchmarks as Class.method, e.g. ChunkedScanBenchmark.fastio ChunkedScanBenchmark.jdkMapped
#   ROUNDS   forks of each (default 6)
#   options  passed to every fork, e.g. -p size=268435456 (one parameter set: one score per fork)
# environment:
#   JAVA     the java to run (default: java on the PATH)
#   JAR_B    the benchmarks.jar B's forks run from (default: this tree's), e.g. one built from the
#            commit before a change, to pair the change against it with A and B the same benchmark
# Needs fastio-bench/target/benchmarks.jar (built by fastio-bench/bench.sh, or
# mvn -DskipTests package -pl fastio-core,fastio-bench).
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 A B [ROUNDS] [JMH OPTION...]" >&2; exit 2; }
a=$1 b=$2
shift 2
rounds=6
if [ $# -gt 0 ] && [[ $1 =~ ^[0-9]+$ ]]; then
  rounds=$1
  shift
fi
root=$(cd "$(dirname "$0")/.." && pwd)
jar=$root/fastio-bench/target/benchmarks.jar
[ -f "$jar" ] || { echo "error: $jar not built" >&2; exit 1; }
java=${JAVA:-java}
csv=$(mktemp)
trap 'rm -f "$csv"' EXIT

jar_b=${JAR_B:-$jar}
[ -f "$jar_b" ] || { echo "error: JAR_B $jar_b not found" >&2; exit 1; }

score() { # one fork of benchmark $2 from jar $1; prints its score
  local regex="^dev\\.fastio\\.bench\\.${2//./\\.}\$"
  "$java" -jar "$1" "$regex" -f 1 "${@:3}" -rf csv -rff "$csv" > /dev/null 2>&1 ||
    { echo "error: fork of $2 failed" >&2; exit 1; }
  awk -F, 'NR == 2 { gsub(/"/, "", $5); print $5 }' "$csv"
}

echo "$("$java" -version 2>&1 | head -n 1); A=$a B=$b${JAR_B:+ (from $JAR_B)}; options: $*"
ratios=()
for ((r = 1; r <= rounds; r++)); do
  if ((r % 2 == 1)); then
    sa=$(score "$jar" "$a" "$@"); sb=$(score "$jar_b" "$b" "$@")
  else
    sb=$(score "$jar_b" "$b" "$@"); sa=$(score "$jar" "$a" "$@")
  fi
  ratio=$(awk -v x="$sa" -v y="$sb" 'BEGIN { printf "%.3f", x / y }')
  ratios+=("$ratio")
  echo "round $r: A $sa  B $sb  A/B $ratio"
done
printf '%s\n' "${ratios[@]}" | awk -v n="$rounds" '
  { s += log($1); if (NR == 1 || $1 < lo) lo = $1; if (NR == 1 || $1 > hi) hi = $1 }
  END { printf "A/B over %d rounds: geometric mean %.3f, lowest %.3f, highest %.3f\n", n, exp(s / n), lo, hi }'
