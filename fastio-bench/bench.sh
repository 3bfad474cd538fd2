#!/usr/bin/env bash
# Builds fastio-bench, runs the JMH suite on JDK 17 and on the newest JDK, and writes
# docs/bench/jmh-jdkN.json, docs/bench/machine.properties, docs/benchmarks.md and docs/bench/*.png.
#
# usage: fastio-bench/bench.sh [quick|full] [REGEX]
#   quick  one fork, 1 warmup + 2 measurement iterations of 0.5 s, sizes 4 KiB, 1 MiB, 256 MiB, only
#          the jdk* and fastio methods of the classes behind the "fastio against the JDK" summary (no
#          Peers*, LoadFully or TransferEvent): a trend without error bars (JMH computes none from 2
#          iterations), 54 forks, a few minutes per JDK
#   full   the settings on each class, every method and size: 229 forks, about 40 minutes per JDK
#   REGEX  which benchmarks to run (JMH's regex, found in package.Class.method), default as above
# environment:
#   JDK17_HOME       JDK 17 (default: the JDK 17 under /usr/lib/jvm)
#   JDK_NEWEST_HOME  the newest JDK (default: the highest version under /usr/lib/jvm)
#   FASTIO_BENCH_DIR where the input files go (default: the system temp dir; needs about 1.7 GB)
#   BENCH_SIZES      override the size list, e.g. 4096,1048576
#   JMH_EXTRA        more JMH options, e.g. "-prof gc"
#   BENCH_JAVA_OPTS  more options of the JMH host JVM (the forks inherit them)
#   BENCH_NOTE       a remark shown at the top of the report (e.g. why a run is not for quoting)
set -euo pipefail
mode=${1:-quick}
pattern=${2:-}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

jdk_home=$root/.ci/jdk-home
major_of() { "$jdk_home" major "$1"; }
newest=${JDK_NEWEST_HOME:-$("$jdk_home" newest || true)}
JDK17_HOME=${JDK17_HOME:-$("$jdk_home" 17 || true)}
[ -n "$newest" ] || { echo "error: no JDK found under /usr/lib/jvm (set JDK_NEWEST_HOME)" >&2; exit 1; }
[ -n "${JDK17_HOME:-}" ] || { echo "error: no JDK 17 found under /usr/lib/jvm (set JDK17_HOME)" >&2; exit 1; }

case "$mode" in
  quick) settings=(-f 1 -wi 1 -i 2 -w 500ms -r 500ms) sizes=${BENCH_SIZES:-4096,1048576,268435456}
         pattern=${pattern:-'^dev\.fastio\.bench\.(?!Peers|LoadFully|TransferEvent)\w+Benchmark\.(jdk\w*|fastio)$'} ;;
  full)  settings=() sizes=${BENCH_SIZES:-}
         pattern=${pattern:-'^dev\.fastio\.bench\.\w+Benchmark\.'} ;;
  *) echo "usage: $0 [quick|full] [REGEX]" >&2; exit 2 ;;
esac

echo "== build (JAVA_HOME=$newest)"
JAVA_HOME=$newest mvn -B -q -DskipTests -Djdk17.home="$JDK17_HOME" package -pl fastio-core,fastio-bench
jar=$root/fastio-bench/target/benchmarks.jar

out=$root/docs/bench
mkdir -p "$out"
props=()
[ -n "${FASTIO_BENCH_DIR:-}" ] && props+=("-Dfastio.bench.dir=$FASTIO_BENCH_DIR")
# shellcheck disable=SC2206 # word splitting of the options wanted
[ -n "${BENCH_JAVA_OPTS:-}" ] && props+=(${BENCH_JAVA_OPTS})
params=()
[ -n "$sizes" ] && params=(-p "size=$sizes")

{
  echo "date=$(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "mode=$mode"
  echo "cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)"
  echo "cpus=$(nproc)"
  echo "memory=$(awk '/MemTotal/ {printf "%.1f GiB", $2 / 1048576}' /proc/meminfo)"
  echo "kernel=$(uname -sr)"
  echo "filesystem=$(df -T "${FASTIO_BENCH_DIR:-${TMPDIR:-/tmp}}" | awk 'NR == 2 {print $2}') (${FASTIO_BENCH_DIR:-${TMPDIR:-/tmp}})"
  # Properties format: a backslash escapes, so the regex's are doubled.
  echo "command=fastio-bench/bench.sh $mode${2:+ '$2'}${BENCH_SIZES:+ (BENCH_SIZES=$BENCH_SIZES)}" | sed 's/\\/\\\\/g'
  [ -z "${BENCH_NOTE:-}" ] || echo "note=$BENCH_NOTE" | sed 's/\\/\\\\/g'
} > "$out/machine.properties"

jsons=()
for home in "$JDK17_HOME" "$newest"; do
  tag=jdk$(major_of "$home")
  json=$out/jmh-$tag.json
  echo "== $tag: $home"
  # ${arr[@]+...}: empty arrays under set -u on bash < 4.4
  "$home/bin/java" ${props[@]+"${props[@]}"} -jar "$jar" "$pattern" \
    ${settings[@]+"${settings[@]}"} ${params[@]+"${params[@]}"} ${JMH_EXTRA:-} \
    -rf json -rff "$json"
  jsons+=("$json")
done

echo "== report"
"$newest/bin/java" -Djava.awt.headless=true -cp "$jar" dev.fastio.bench.report.Report \
  "$root/docs" "${jsons[@]}"
