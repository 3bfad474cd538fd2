#!/usr/bin/env bash
# The paired rounds behind the stream figures of docs/maintainer-guide.md: for each JDK, each request size
# and 1 and 2 threads, fastio's stream against each JDK stream in alternating single forks
# (fastio-bench/paired.sh), then the writes and the copy to a socket stream.
#
# usage: fastio-bench/streams-paired.sh [ROUNDS]        (default 6 rounds per pair)
# environment: JDK17_HOME, JDK_NEWEST_HOME (default: found under /usr/lib/jvm); JMH_OPTS (more JMH
# options for every fork, default "-wi 3 -i 5"). Needs fastio-bench/target/benchmarks.jar
# (mvn -DskipTests package -pl fastio-core,fastio-bench). About 2.5 hours on 2 cores; run it on a
# machine nothing else uses, and keep the output: it is the report.
set -euo pipefail
rounds=${1:-6}
root=$(cd "$(dirname "$0")/.." && pwd)
jdk_home=$root/.ci/jdk-home
homes=("${JDK17_HOME:-$("$jdk_home" 17)}" "${JDK_NEWEST_HOME:-$("$jdk_home" newest)}")
read -r -a opts <<< "${JMH_OPTS:--wi 3 -i 5}"
pair() { # A B options...
  "$root/fastio-bench/paired.sh" "$1" "$2" "$rounds" "${opts[@]}" "${@:3}" | tail -n 1 | sed "s|^|$1 / $2 ${*:3}: |"
}
for home in "${homes[@]}"; do
  export JAVA=$home/bin/java
  echo "== $("$JAVA" -version 2>&1 | head -n 1)"
  for threads in 1 2; do
    for request in 8192 65536 1048576 4194304; do
      for baseline in jdk jdkFileInputStream; do
        pair StreamReadBenchmark.fastio "StreamReadBenchmark.$baseline" -t "$threads" -p "request=$request"
      done
    done
  done
  for size in 1048576 16777216 268435456 1073741824; do
    for baseline in jdk jdkFileOutputStream; do
      pair StreamWriteBenchmark.fastio "StreamWriteBenchmark.$baseline" -p "size=$size"
    done
  done
  for size in 1048576 67108864; do
    pair StreamCopyBenchmark.fastio StreamCopyBenchmark.jdk -p "size=$size" -p target=SOCKET
  done
done
