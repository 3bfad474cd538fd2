#!/usr/bin/env bash
# Paired timing of `fastio md5sum -r` on a tree of about 2,000 files (1 KiB to 50 MiB, about 2 GB),
# against the coreutils way to use two cores, in alternating rounds (A B B A A B ...), so that a
# drift of a shared host falls on both alike. Prints each round's times and ratio, then the
# geometric mean of the ratios with the lowest and highest.
#
#   warm (default): page cache warm;  B = find TREE -type f -print0 | xargs -0 -P2 -n 50 md5sum
#                                      A = bin/fastio md5sum -r TREE
#                   ratio = B / A (above 1: fastio is faster)
#   cold:           every file evicted before each run (drop_caches as root, then the JVM's and the
#                   commands' own files read back; else the tree's files by dd iflag=nocache);
#                                      B = find TREE -type f -print0 | xargs -0 cat
#                   ratio = B / A (fastio's time against reading the same files with cat)
#
#   floor:          page cache warm;  B = the native floor, FLOOR (fastio-bench/floor/md5simd-tree:
#                   Go's multi-buffer MD5 over the same tree); ratio = B / A
#   variant, variant-cold: page cache warm, or evicted as in cold;
#                   B = env VARIANT bin/fastio md5sum -r TREE, VARIANT one or more NAME=VALUE
#                   (e.g. FASTIO_AOT=off, or FASTIO_OPTS=-Dfastio.batch.parallelReadAhead=false);
#                   ratio = B / A (above 1: the default is faster than the variant)
#
# Usage: fastio-cli/tree-paired.sh [warm|cold|floor|variant|variant-cold] [ROUNDS] [--dir DIR | --tree TREE]
#   ROUNDS  pairs of runs (default 6)
#   DIR     where the tree lives (default ${TMPDIR:-/tmp}/fastio-tree-paired); made once, reused
#   TREE    an existing tree to time instead (a real one: /usr/share, ~/.m2/repository); not changed
# Environment: FLOOR (floor mode), VARIANT (variant modes), FASTIO (default: fastio-cli/target/fastio-VERSION-bin/fastio-VERSION/bin/fastio,
# built by `mvn -B -q -DskipTests package`), JAVA_HOME (the JDK bin/fastio runs on).
set -euo pipefail

mode=warm rounds=6 dir="" given=""
while [ $# -gt 0 ]; do
  case "$1" in
    warm | cold | floor | variant | variant-cold) mode=$1 ;;
    --dir) dir=$2; shift ;;
    --tree) given=$2; shift ;;
    [0-9]*) rounds=$1 ;;
    -h | --help) sed -n '2,22p' "$0"; exit 0 ;;
    *) echo "tree-paired.sh: unknown argument: $1" >&2; exit 2 ;;
  esac
  shift
done
here=$(cd "$(dirname "$0")" && pwd)
fastio=${FASTIO:-$(ls -d "$here"/target/fastio-*-bin/fastio-*/bin/fastio 2>/dev/null | head -n 1)}
[ -x "$fastio" ] || { echo "tree-paired.sh: bin/fastio not built: mvn -B -q -DskipTests package" >&2; exit 1; }
dir=${dir:-${TMPDIR:-/tmp}/fastio-tree-paired}
tree=${given:-$dir/tree}

# size in KiB : count; 2,000 files, 2.0 GB
classes="1:300 2:148 4:300 16:300 64:300 256:300 1024:200 4096:100 16384:40 51200:12"
if [ -z "$given" ] && { [ ! -f "$dir/.spec" ] || [ "$(cat "$dir/.spec")" != "$classes" ]; }; then
  echo "making the tree in $tree ..." >&2
  rm -rf "$dir"
  mkdir -p "$tree"
  n=0
  for c in $classes; do
    kib=${c%%:*} count=${c##*:}
    for ((i = 0; i < count; i++)); do
      sub=$tree/d$((n % 20))
      mkdir -p "$sub"
      head -c $((kib * 1024)) /dev/urandom > "$sub/f$n-$kib"
      n=$((n + 1))
    done
  done
  echo "$classes" > "$dir/.spec"
  sync
fi

# Evicts the tree's files: as root every clean page (drop_caches), after which the files the
# commands start from are read back (the Java fastio runs on, fastio's installation and start-up
# cache, the commands' binaries and libraries), as they are for anyone who runs them often; else
# the tree's files one by one.
evict() {
  if [ "$(id -u)" = 0 ] && echo 1 > /proc/sys/vm/drop_caches 2>/dev/null; then
    java=${JAVA_HOME:+$JAVA_HOME/bin/java}
    java=$(readlink -f "${java:-$(command -v java)}")
    cache=${FASTIO_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/fastio}
    bins="$java $(command -v cat md5sum find xargs sh | tr '\n' ' ')"
    # shellcheck disable=SC2086 # $bins holds several paths
    libs=$(ldd $bins 2> /dev/null | awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }')
    # shellcheck disable=SC2086 # several paths
    find "${java%/bin/java}" "$(dirname "$(dirname "$fastio")")" "$cache" $bins $libs \
      -type f -exec cat {} + > /dev/null 2>&1 || true
    return
  fi
  find "$tree" -type f -exec dd if={} iflag=nocache count=0 status=none \;
}

warm() {
  find "$tree" -type f -print0 | xargs -0 cat > /dev/null
}

# seconds, with nanoseconds, of "$@" (its output discarded)
timed() {
  local start end
  start=$(date +%s%N)
  "$@" > /dev/null 2>&1 || true # a real tree may hold files no one can read: both say so
  end=$(date +%s%N)
  echo "$(( (end - start) / 1000000 ))"
}

run_fastio() { "$fastio" md5sum -r "$tree"; }
run_xargs() { find "$tree" -type f -print0 | xargs -0 -P2 -n 50 md5sum; }
run_cat() { find "$tree" -type f -print0 | xargs -0 cat; }
run_floor() { "$FLOOR" "$tree"; }
# shellcheck disable=SC2086 # VARIANT holds NAME=VALUE words
run_variant() { env $VARIANT "$fastio" md5sum -r "$tree"; }

case $mode in
  warm) other=run_xargs other_name="xargs -P2 md5sum" ;;
  cold) other=run_cat other_name="cat" ;;
  floor)
    [ -x "${FLOOR:-}" ] || { echo "tree-paired.sh: set FLOOR to the built md5simd-tree" >&2; exit 1; }
    other=run_floor other_name="md5simd-tree (Go, minio/md5-simd)"
    ;;
  variant | variant-cold)
    [ -n "${VARIANT:-}" ] || { echo "tree-paired.sh: set VARIANT, e.g. VARIANT=FASTIO_AOT=off" >&2; exit 1; }
    other=run_variant other_name="fastio md5sum -r with $VARIANT"
    ;;
esac
cold=false
case $mode in cold | variant-cold) cold=true ;; esac
$cold || warm
run_fastio > /dev/null # untimed: on Java 25+ the first run makes bin/fastio's start-up cache
one() { # one timed run of $1, in the mode's cache state
  if $cold; then evict; else warm; fi
  timed "$1"
}

echo "$("${JAVA_HOME:-/usr}/bin/java" -version 2>&1 | head -n 1); $mode cache; A = fastio md5sum -r, B = $other_name"
echo "$(find "$tree" -type f | wc -l) files, $(du -sb "$tree" | cut -f1) bytes"
ratios=()
for ((r = 1; r <= rounds; r++)); do
  if ((r % 2 == 1)); then
    a=$(one run_fastio); b=$(one $other)
  else
    b=$(one $other); a=$(one run_fastio)
  fi
  ratio=$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.3f", b / a }')
  ratios+=("$ratio")
  echo "round $r: A ${a} ms, B ${b} ms, B/A $ratio"
done
printf '%s\n' "${ratios[@]}" | awk '
  { l = log($1); s += l; n++; if (n == 1 || $1 < lo) lo = $1; if (n == 1 || $1 > hi) hi = $1 }
  END { printf "geometric mean B/A %.3f (range %.3f-%.3f, %d rounds)\n", exp(s / n), lo, hi, n }'
