#!/usr/bin/env bash
# Tree benchmark for `fastio md5sum -r` (issue: batch digests at disk speed).
#
# Builds a tree of 2,000 files from 4 KiB to 64 MiB (about 3.5 GiB; fewer small files than large ones
# by bytes, many more by count), then times, page cache warm and cold:
#   fastio md5sum -r TREE                                  (default pipeline, and each one forced)
#   find TREE -type f -print0 | xargs -0 md5sum            (one process)
#   find TREE -type f -print0 | xargs -0 -P2 -n 50 md5sum  (two processes)
# and measures the device's sequential read rate with dd on a 2 GiB file, cold.
# Prints a Markdown table of seconds and decimal MB/s (best of --runs runs), plus each
# tool's ratio to single-process md5sum (warm) or to the dd rate (cold).
#
# Usage: fastio-cli/bench.sh [--tiny] [--dir DIR] [--runs N] [--no-cold] [--clean]
#   --tiny     200 files of 1/64 the sizes (a few tens of MB): checks the script in seconds
#   --dir DIR  where the tree lives (default ${TMPDIR:-/tmp}/fastio-bench-tree[-tiny]); reused if present
#   --runs N   timed runs per tool and cache state (default 3); the best is reported
#   --no-cold  skip the cold-cache runs (they need root for /proc/sys/vm/drop_caches, or fall back to
#              evicting each file with dd iflag=nocache)
#   --clean    delete the tree afterwards
# Environment: JAVA (default: java on PATH; 17+), JAR (default: fastio-cli/target/fastio.jar; build it
# with `mvn -B -q -DskipTests package`).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
tiny=0 runs=3 cold=1 clean=0 dir=""
while [ $# -gt 0 ]; do
  case "$1" in
    --tiny) tiny=1 ;;
    --dir) dir=$2; shift ;;
    --runs) runs=$2; shift ;;
    --no-cold) cold=0 ;;
    --clean) clean=1 ;;
    -h|--help) sed -n '2,24p' "$0"; exit 0 ;;
    *) echo "bench.sh: unknown option: $1" >&2; exit 2 ;;
  esac
  shift
done
JAVA=${JAVA:-java}
JAR=${JAR:-$here/target/fastio.jar}
[ -f "$JAR" ] || { echo "bench.sh: $JAR missing: run 'mvn -B -q -DskipTests package' first" >&2; exit 1; }
for tool in md5sum find xargs dd; do
  command -v $tool >/dev/null || { echo "bench.sh: $tool not found" >&2; exit 1; }
done

# size (KiB) and count per size class: 2,000 files, about 3.5 GiB
classes="4:120 8:160 16:224 32:256 64:256 128:224 256:192 512:160 1024:128 2048:96 4096:64 8192:48 16384:32 32768:24 65536:16"
divisor=1 countdiv=1 ddsize_mib=2048 suffix=""
if [ $tiny = 1 ]; then divisor=64 countdiv=10 ddsize_mib=64 suffix="-tiny"; fi
dir=${dir:-${TMPDIR:-/tmp}/fastio-bench-tree$suffix}
tree=$dir/tree
spec="classes=$classes divisor=$divisor countdiv=$countdiv"

if [ ! -f "$dir/.spec" ] || [ "$(cat "$dir/.spec")" != "$spec" ]; then
  echo "creating the tree in $tree ..." >&2
  rm -rf "$dir"
  mkdir -p "$tree"
  n=0
  for c in $classes; do
    kib=${c%%:*} count=$(( ${c##*:} / countdiv ))
    bytes=$(( kib * 1024 / divisor ))
    [ $count -ge 1 ] || count=1
    for ((i = 0; i < count; i++)); do
      sub=$tree/d$(( n % 20 ))
      mkdir -p "$sub"
      head -c "$bytes" /dev/urandom > "$sub/f$n-$bytes"
      n=$(( n + 1 ))
    done
  done
  head -c $(( ddsize_mib * 1024 * 1024 )) /dev/urandom > "$dir/dd.bin"
  echo "$spec" > "$dir/.spec"
fi
files=$(find "$tree" -type f | wc -l)
total=$(find "$tree" -type f -printf '%s\n' | awk '{s += $1} END {print s}')
echo "tree: $files files, $total bytes, in $tree" >&2

evict() { # drops the page cache of the tree and dd.bin
  sync
  if [ -w /proc/sys/vm/drop_caches ] && echo 1 > /proc/sys/vm/drop_caches 2>/dev/null; then
    return
  fi
  find "$dir" -type f -exec dd if={} iflag=nocache count=0 status=none \;
}

now() { date +%s.%N; }

# best_of CMD...: best wall time (s) of $runs runs; $cache says whether to evict before each
best_of() {
  local best="" t0 t1 t
  for ((r = 0; r < runs; r++)); do
    if [ "$cache" = cold ]; then evict; fi
    t0=$(now)
    "$@" > "$dir/out.txt"
    t1=$(now)
    t=$(awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.3f", b - a}')
    if [ -z "$best" ] || awk -v t="$t" -v b="$best" 'BEGIN {exit !(t < b)}'; then best=$t; fi
  done
  echo "$best"
}

fastio_default() { "$JAVA" -jar "$JAR" md5sum -r "$tree"; }
fastio_sequential() { "$JAVA" -jar "$JAR" md5sum -r --reading sequential "$tree"; }
fastio_parallel() { "$JAVA" -jar "$JAR" md5sum -r --reading parallel "$tree"; }
md5sum_1() { find "$tree" -type f -print0 | xargs -0 md5sum; }
md5sum_p2() { find "$tree" -type f -print0 | xargs -0 -P2 -n 50 md5sum; }

# Correctness first: the same lines as md5sum (order aside).
fastio_default | sort > "$dir/fastio.sorted"
md5sum_1 | sort > "$dir/md5sum.sorted"
cmp -s "$dir/fastio.sorted" "$dir/md5sum.sorted" || { echo "bench.sh: outputs differ!" >&2; exit 1; }
(cd / && "$JAVA" -jar "$JAR" md5sum -r "$tree" > "$dir/sums.md5" && md5sum -c --quiet "$dir/sums.md5") \
  || { echo "bench.sh: md5sum -c rejected fastio's output" >&2; exit 1; }

mbps() { awk -v b="$total" -v t="$1" 'BEGIN {printf "%.0f", b / t / 1e6}'; }

echo
echo "| cache | tool | best of $runs (s) | MB/s | ratio |"
echo "|---|---|---:|---:|---:|"
states="warm"
[ $cold = 1 ] && states="warm cold"
for cache in $states; do
  if [ "$cache" = warm ]; then cat "$tree"/*/* > /dev/null; fi
  base="" dd_rate=""
  if [ "$cache" = cold ]; then
    evict
    dd_rate=$(dd if="$dir/dd.bin" of=/dev/null bs=4M 2>&1 | awk '/copied/ {
      for (i = 1; i <= NF; i++) if ($i == "s,") s = $(i - 1); print $1 / s / 1e6; exit }')
    printf '| cold | dd (device sequential read, %s MiB file) | | %.0f | 1.00 |\n' "$ddsize_mib" "$dd_rate"
  fi
  t1=$(best_of md5sum_1)
  base=$(mbps "$t1")
  for tool in md5sum_1 md5sum_p2 fastio_default fastio_sequential fastio_parallel; do
    if [ $tool = md5sum_1 ]; then t=$t1; else t=$(best_of $tool); fi
    rate=$(mbps "$t")
    if [ "$cache" = warm ]; then
      ratio=$(awk -v a="$rate" -v b="$base" 'BEGIN {printf "%.2f", a / b}')
    else
      ratio=$(awk -v a="$rate" -v b="$dd_rate" 'BEGIN {printf "%.2f", a / b}')
    fi
    case $tool in
      md5sum_1) label='`find -type f -print0 | xargs -0 md5sum`' ;;
      md5sum_p2) label='`find ... | xargs -0 -P2 -n 50 md5sum`' ;;
      fastio_default) label='`fastio md5sum -r` (default)' ;;
      fastio_sequential) label='`fastio md5sum -r --reading sequential`' ;;
      fastio_parallel) label='`fastio md5sum -r --reading parallel`' ;;
    esac
    echo "| $cache | $label | $t | $rate | $ratio |"
  done
done
echo
echo "warm ratio: to single-process md5sum; cold ratio: to dd's sequential read rate." \
  "$(nproc) cores, $("$JAVA" -version 2>&1 | head -n 1), $(md5sum --version | head -n 1)."
[ $clean = 1 ] && rm -rf "$dir"
exit 0
