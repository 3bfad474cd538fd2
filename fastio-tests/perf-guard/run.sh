#!/usr/bin/env bash
# The performance guards (tests tagged perf-guard in fastio-tests), on every test JVM the build
# starts (JDK 17, JAVA_HOME, JAVA_HOME with the legacy platform, and the two Vector API runs).
# See docs/perf-guard.md.
#
#   fastio-tests/perf-guard/run.sh                    the guards once; 0 if all pass
#   fastio-tests/perf-guard/run.sh --jvm 'ARGS'       with ARGS in every test JVM (e.g. a fastio.*
#                                                     property that forces a slow path); the
#                                                     fastio.* ones reach the traced child JVMs too
#   fastio-tests/perf-guard/run.sh --patch FILE       with FILE (a breakage of fastio-core) applied
#                                                     to the working tree for the run, then reverted
#   fastio-tests/perf-guard/run.sh --breakages        every breakage below in turn: each must fail
#   fastio-tests/perf-guard/run.sh --repeat N         N runs in a row, stopping at the first failure
#   fastio-tests/perf-guard/run.sh --timing ...       any of the above with the timing backstop's
#                                                     guards only (tag perf-timing); --breakages
#                                                     then runs the timing breakages below
#   fastio-tests/perf-guard/run.sh --calibrate N      the timing guards N times unbroken and N times
#                                                     under each timing breakage, judging nothing
#                                                     (one batch, always recorded as a pass): each
#                                                     batch's median speed-up over the broken form,
#                                                     summarized per breakage, run and guard, from
#                                                     fastio-tests/target/perf-guard-calibration.csv
#
# Each run prints one line: PASS (with the timing guards found inconclusive, if any) or FAIL, and
# the guards that failed (run, guard), from the
# rows the guards wrote to fastio-tests/target/perf-guard/*.csv; the Maven log of the last run is
# fastio-tests/target/perf-guard-mvn.log; ERROR means the build failed before any guard ran (e.g.
# JAVA_HOME older than 22).
set -u
cd "$(dirname "$0")/../.."
# The build needs JDK 22+ (CONTRIBUTING.md): take the newest under /usr/lib/jvm if JAVA_HOME is older.
feature=$("${JAVA_HOME:-/nonexistent}/bin/java" -XshowSettings:properties -version 2>&1 |
  sed -n 's/^ *java.specification.version = //p')
if [ "${feature:-0}" -lt 22 ] 2>/dev/null; then
  export JAVA_HOME=$(.ci/jdk-home)
fi
here=fastio-tests/perf-guard
out=fastio-tests/target
mkdir -p "$out"
MAX=9223372036854775807
TAGS=perf-guard
if [ "${1:-}" = --timing ]; then
  TAGS=perf-timing
  shift
fi

# name | JVM options, or @patch-file
BREAKAGES=(
  "readAllBytes never maps|-Dfastio.readAllBytes.mapThreshold=$MAX"
  "digest never maps|-Dfastio.digest.mapThreshold=$MAX"
  "ChunkedReader never maps|-Dfastio.chunked.mapThreshold=$MAX"
  "ChunkedReader never reads ahead|-Dfastio.chunked.readAheadGap=-1"
  "ChunkedReader never faults in ahead|-Dfastio.chunked.prefault=false"
  "no multi-buffer MD5|-Dfastio.md5.vector=false"
  "MD5 lanes in the Vector API's boxing fallback|-XX:+UnlockExperimentalVMOptions -XX:-EnableVectorSupport"
  "every transfer by the kernel (the JDK's transferTo)|-Dfastio.transfer.strategy=KERNEL"
  "every transfer by read/write|-Dfastio.transfer.strategy=READ_WRITE"
  "every transfer from a mapping|-Dfastio.transfer.strategy=MAPPED"
  "other targets never mapped|-Dfastio.transfer.otherMappedThreshold=$MAX"
  "file targets never by the kernel|-Dfastio.transfer.fileKernelThreshold=$MAX"
  "digest as a DigestInputStream loop|@$here/breakages/digest-stream-loop.patch"
  "readAllBytes is Files.readAllBytes|@$here/breakages/readAllBytes-jdk.patch"
  "stream reads without the pooled buffer|@$here/breakages/stream-no-pooled-buffer.patch"
  "MD5 lanes silently scalar|@$here/breakages/md5-lanes-scalar.patch"
  "transfers to other targets by the JDK|@$here/breakages/transfer-other-jdk.patch"
  "lines through a Reader, as Files.lines|@$here/breakages/lines-through-a-reader.patch"
  "small batches never inline|@$here/breakages/batch-never-inline.patch"
  "a stream collected before any hashing|@$here/breakages/stream-collected-first.patch"
  "LineScanner search by SWAR where vectors could run|-Dfastio.scan.vector=false"
  "LineScanner reads every file sequentially|@$here/breakages/scan-sequential.patch"
  "LineScanner: a container per part for unordered collectors|@$here/breakages/scan-unordered-per-part.patch"
  "MD5 lanes judged per batch, never across batches|@$here/breakages/lane-judge-per-batch.patch"
  "MD5 lanes moved to on work of any length|@$here/breakages/lanes-early-on-any-work.patch"
  "MD5 lanes looked up when every batch starts|@$here/breakages/lanes-looked-up-at-start.patch"
  "a long list sized and ordered before any file is hashed|@$here/breakages/batch-ordered-first.patch"
  "the lanes ask each sized file its size again|@$here/breakages/batch-fstat-per-file.patch"
  "every file of 64 MiB or more beside the lanes|@$here/breakages/lanes-beside-from-64-mib.patch"
  "one thread of MD5 lanes on a thread of its own|@$here/breakages/batch-one-thread-hands-over.patch"
  "a stream of files not cached never read ahead|@$here/breakages/stream-never-reads-ahead.patch"
  "loadFully's page touch with its sum thrown away|@$here/breakages/page-touch-sum-dropped.patch"
  "the SWAR line-end search one byte at a time|@$here/breakages/search-swar-bytewise.patch"
  "the vector line-end search one byte at a time|@$here/breakages/search-vector-bytewise.patch"
  "lines found one byte at a time, not by the search engine|@$here/breakages/lines-search-bytewise.patch"
)

# The breakages the timing backstop must catch by speed alone (same calls, same allocations).
TIMING_BREAKAGES=(
  "transfers to other targets by the JDK|@$here/breakages/transfer-other-jdk.patch"
  "MD5 lanes silently scalar|@$here/breakages/md5-lanes-scalar.patch"
  "MD5 lanes in the Vector API's boxing fallback|-XX:+UnlockExperimentalVMOptions -XX:-EnableVectorSupport"
  "the SWAR line-end search one byte at a time|@$here/breakages/search-swar-bytewise.patch"
  "the vector line-end search one byte at a time|@$here/breakages/search-vector-bytewise.patch"
  "lines found one byte at a time, not by the search engine|@$here/breakages/lines-search-bytewise.patch"
)

# run JVM_ARGS PATCH: one mvn verify of the guards; prints the verdict line, returns mvn's status.
run() {
  local jvm="$1" patch="$2" status
  rm -rf "$out/perf-guard"
  if [ -n "$patch" ]; then
    git apply "$patch" || return 2
    trap 'git apply -R "$patch"' EXIT
  fi
  # Failures do not stop the build, so that every test JVM runs its guards; the verdict is read
  # from the guards' rows and surefire's summaries below.
  mvn -B verify -pl fastio-core,fastio-tests -Dgroups=$TAGS \
    -Dsurefire.failIfNoSpecifiedTests=false -Dmaven.test.failure.ignore=true \
    "-Dfastio.testJvmArgs=$jvm" > "$out/perf-guard-mvn.log" 2>&1
  status=$?
  if [ -n "$patch" ]; then
    git apply -R "$patch"
    trap - EXIT
  fi
  local failed others
  # run,guard of each failed row (columns: time,run,verdict,guard,...; guard holds no comma)
  failed=$(cat "$out"/perf-guard/*.csv 2>/dev/null | awk -F, '$3 == "FAIL" {print $2 "," $4}' | sort -u)
  others=$(grep -cE 'Tests run:.*(Failures: [1-9]|Errors: [1-9]).* in ' "$out/perf-guard-mvn.log")
  if [ $status -eq 0 ] && [ -z "$failed" ] && [ "$others" -eq 0 ]; then
    local inconclusive
    inconclusive=$(cat "$out"/perf-guard/*.csv | grep -c ',inconclusive,')
    echo "PASS ($(cat "$out"/perf-guard/*.csv | grep -c ',pass,') checks in $(ls "$out"/perf-guard/*.csv | wc -l) test JVMs$(
      [ "$inconclusive" -eq 0 ] || echo ", $inconclusive inconclusive"))"
    return 0
  elif [ -n "$failed" ]; then
    echo "FAIL ($(echo "$failed" | grep -c .) guards failed)"
    echo "$failed" | sed 's/^/    /'
    return 1
  else # the build, or a test outside PerfGuard, failed: no verdict
    echo "ERROR (mvn status $status, no guard failed)"
    grep -E '^\[ERROR\]|<<< (FAILURE|ERROR)' "$out/perf-guard-mvn.log" | head -5 | sed 's/^/    /'
    return 3
  fi
}

# calibrate N: the timing guards with threshold 0, N times per configuration; prints a summary.
calibrate() {
  TAGS=perf-timing
  local csv=$out/perf-guard-calibration.csv b name what i
  rm -f "$csv"
  for b in "unbroken|" "${TIMING_BREAKAGES[@]}"; do
    name=${b%%|*}; what=${b#*|}
    for i in $(seq 1 "$1"); do
      printf '%s %s %d/%s: ' "$(date -u +%H:%M:%S)" "$name" "$i" "$1"
      if [ "${what#@}" != "$what" ]; then
        run "-Dfastio.perfGuard.calibrate=true" "${what#@}"
      else
        run "-Dfastio.perfGuard.calibrate=true $what" ""
      fi
      # breakage,run,guard,median speed-up,A/A noise
      cat "$out"/perf-guard/*.csv | grep ',pass,' | sed -nE \
        's/^[^,]*,([^,]*),[^,]*,([^,]*),.*median ([0-9.]+) of rounds[^;]*; A\/A noise ([0-9.]+).*/\1,\2,\3,\4/p' |
        sed "s|^|$name,|" >> "$csv"
    done
  done
  echo "breakage | run | guard | batch medians: min median max (A/A noise min-max)"
  sort -t, -k1,1 -k2,2 -k3,3 -k4,4g "$csv" | awk -F, '
    function flush() { if (n) printf "%s | %s | %s | %.2f %.2f %.2f (%.2f-%.2f)\n", k1, k2, k3, v[1], v[int((n+1)/2)], v[n], amin, amax }
    $1 != k1 || $2 != k2 || $3 != k3 { flush(); n = 0; k1 = $1; k2 = $2; k3 = $3; amin = 1e9; amax = 0 }
    { v[++n] = $4; if ($5 < amin) amin = $5; if ($5 > amax) amax = $5 }
    END { flush() }'
}

case "${1:-}" in
  --calibrate) calibrate "$2" ;;
  --jvm) run "$2" "" ;;
  --patch) run "" "$2" ;;
  --repeat)
    # Every run's rows are kept in perf-guard-repeat.csv; each line says in how many of the samples
    # taken every 5 s during the run another Maven build was running beside it.
    rm -f "$out/perf-guard-repeat.csv"
    for i in $(seq 1 "$2"); do
      printf '%s run %d/%s: ' "$(date -u +%H:%M:%S)" "$i" "$2"
      ( while :; do
          pgrep -f plexus-classworlds | while read -r pid; do
            grep -qz -- '-Dgroups=perf-' "/proc/$pid/cmdline" 2>/dev/null || echo "$pid"
          done | grep -q . && echo beside || echo alone
          sleep 5
        done > "$out/perf-guard-beside.txt" ) &
      sampler=$!
      run "" ""
      status=$?
      kill $sampler
      wait $sampler 2>/dev/null
      cat "$out"/perf-guard/*.csv 2>/dev/null | grep -v '^time,' | sed "s/^/$i,/" >> "$out/perf-guard-repeat.csv"
      echo "    another build beside in $(grep -c beside "$out/perf-guard-beside.txt") of $(wc -l < "$out/perf-guard-beside.txt") samples"
      [ $status -eq 0 ] || exit 1
    done ;;
  --breakages)
    bad=0
    list=("${BREAKAGES[@]}")
    [ "$TAGS" = perf-timing ] && list=("${TIMING_BREAKAGES[@]}")
    for b in "${list[@]}"; do
      name=${b%%|*}; what=${b#*|}
      printf '%s %s (%s): ' "$(date -u +%H:%M:%S)" "$name" "$what"
      if [ "${what#@}" != "$what" ]; then run "" "${what#@}"; else run "$what" ""; fi
      case $? in
        0) echo "    NOT CAUGHT"; bad=1 ;;
        1) ;;
        *) bad=1 ;;
      esac
    done
    exit $bad ;;
  "") run "" "" ;;
  *) sed -n '2,28p' "$0"; exit 2 ;;
esac
