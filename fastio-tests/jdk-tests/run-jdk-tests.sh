#!/usr/bin/env bash
# Runs the JDK's own regression tests of the java.nio.file.Files methods that FastFiles replaces
# (test/jdk/java/nio/file/Files: BytesAndLines, ReadWriteString, InputStreamTest) with their calls
# redirected to dev.fastio.FastFiles, against the packaged fastio-core jar, on each JDK given.
#
# The tests are GPL-licensed and are not part of this repository: this script copies them from a
# checkout of the JDK into a scratch directory, rewrites Files.newInputStream, newOutputStream,
# write, writeString, readString, readAllBytes and copy into FastFiles calls (PassThroughFileSystem,
# the tests' custom file system, is left as it is), writes small stand-ins of its own for the
# jtreg library classes they use (TestUtil, jdk.test.lib.Platform), compiles them with TestNG from
# Maven Central and runs them.
#
# usage: fastio-tests/jdk-tests/run-jdk-tests.sh JDK_REPO [JAVA_HOME...]
#   JDK_REPO   a clone of https://github.com/openjdk/jdk: a work tree, or a bare git directory
#              (read with git show HEAD:path)
#   JAVA_HOME  the JDKs to run on (default: $JDK17_HOME and $JAVA_HOME, or those under /usr/lib/jvm)
# environment:
#   FASTIO_JAR      the jar to test (default: fastio-core/target/fastio-core-*.jar, built by mvn package)
#   TESTNG_VERSION  default 7.5.1 (the last that runs on JDK 8 to 17 alike)
# Exit status 0 if every test passed on every JDK.
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 JDK_REPO [JAVA_HOME...]" >&2; exit 2; }
repo=$1
shift
root=$(cd "$(dirname "$0")/../.." && pwd)
jar=${FASTIO_JAR:-$(ls "$root"/fastio-core/target/fastio-core-*.jar 2>/dev/null | grep -v -e sources -e javadoc | head -n 1 || true)}
[ -n "$jar" ] && [ -f "$jar" ] || { echo "error: no fastio-core jar; run mvn -DskipTests package -pl fastio-core" >&2; exit 1; }
homes=("$@")
if [ ${#homes[@]} -eq 0 ]; then
  homes=("${JDK17_HOME:-$("$root/.ci/jdk-home" 17)}" "${JAVA_HOME:-$("$root/.ci/jdk-home" newest)}")
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
src=$work/src
mkdir -p "$src/jdk/test/lib"

# -- the tests, from the checkout
tests=(BytesAndLines ReadWriteString InputStreamTest PassThroughFileSystem)
for t in "${tests[@]}"; do
  path=test/jdk/java/nio/file/Files/$t.java
  if [ -f "$repo/$path" ]; then
    cp "$repo/$path" "$src/$t.java"
  elif git --git-dir="$repo" cat-file -e "HEAD:$path" 2>/dev/null; then
    git --git-dir="$repo" show "HEAD:$path" > "$src/$t.java"
  else
    echo "error: $path not found in $repo" >&2
    exit 1
  fi
done

# -- the calls redirected
methods='newInputStream|newOutputStream|write|writeString|readString|readAllBytes|copy'
for t in BytesAndLines ReadWriteString InputStreamTest; do
  before=$(grep -cE "\bFiles\.($methods)\(" "$src/$t.java" || true)
  sed -i -E "s/\bFiles\.($methods)\(/dev.fastio.FastFiles.\1(/g" "$src/$t.java"
  after=$(grep -cE "dev\.fastio\.FastFiles\.($methods)\(" "$src/$t.java" || true)
  echo "$t: $after of $before lines with Files calls redirected to FastFiles"
done

# -- StandardCharsets.UTF_32* (JDK 22+) from a class of the script's, so that one checkout's tests
#    compile for JDK 17 too
mkdir -p "$src/compat"
sed -i -E 's/import static java\.nio\.charset\.StandardCharsets\.(UTF_32[A-Z]*);/import static compat.Utf32.\1;/' "$src"/*.java
cat > "$src/compat/Utf32.java" <<'JAVA'
package compat;

import java.nio.charset.Charset;

/** The UTF-32 charsets, which StandardCharsets names from JDK 22 on. */
public final class Utf32 {
  public static final Charset UTF_32 = Charset.forName("UTF-32");
  public static final Charset UTF_32BE = Charset.forName("UTF-32BE");
  public static final Charset UTF_32LE = Charset.forName("UTF-32LE");
}
JAVA

# -- stand-ins for the jtreg library classes the tests use
cat > "$src/TestUtil.java" <<'JAVA'
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** What the tests use of the JDK's test/jdk/java/nio/file/TestUtil. */
final class TestUtil {
  static Path createTemporaryDirectory() throws IOException {
    return Files.createTempDirectory("fastio-jdk-test");
  }

  static void removeAll(Path dir) throws IOException {
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path p : (Iterable<Path>) s.sorted(Comparator.reverseOrder())::iterator) {
        Files.delete(p);
      }
    }
  }
}
JAVA
cat > "$src/jdk/test/lib/Platform.java" <<'JAVA'
package jdk.test.lib;

/** What the tests use of jtreg's jdk.test.lib.Platform. */
public final class Platform {
  public static boolean isWindows() {
    return System.getProperty("os.name").startsWith("Windows");
  }
}
JAVA

# -- TestNG from Maven Central
cat > "$work/pom.xml" <<XML
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>local</groupId><artifactId>jdk-tests</artifactId><version>1</version>
  <dependencies>
    <dependency><groupId>org.testng</groupId><artifactId>testng</artifactId><version>${TESTNG_VERSION:-7.5.1}</version></dependency>
  </dependencies>
</project>
XML
mvn -B -q -f "$work/pom.xml" dependency:build-classpath -Dmdep.outputFile="$work/testng.cp" >/dev/null
testng=$(cat "$work/testng.cp")

status=0
for home in "${homes[@]}"; do
  version=$("$home/bin/java" -version 2>&1 | head -n 1)
  echo "== $version ($home)"
  out=$work/classes-$(basename "$home")
  "$home/bin/javac" -nowarn -encoding UTF-8 --release 17 -d "$out" -cp "$jar:$testng" \
    "$src"/*.java "$src/jdk/test/lib/Platform.java" "$src/compat/Utf32.java"
  run=$work/run-$(basename "$home")
  mkdir -p "$run"
  cp=$out:$jar:$testng
  if (cd "$run" && "$home/bin/java" -cp "$cp" org.testng.TestNG -d "$run/testng" \
      -testclass BytesAndLines,ReadWriteString) > "$run/testng.log" 2>&1; then
    grep -E "Total tests run" "$run/testng.log" | sed 's/^/TestNG BytesAndLines, ReadWriteString: /'
  else
    cat "$run/testng.log"
    echo "FAILED: BytesAndLines, ReadWriteString on $version"
    status=1
  fi
  if (cd "$run" && "$home/bin/java" -cp "$cp" InputStreamTest < /dev/null); then
    echo "InputStreamTest: passed"
  else
    echo "FAILED: InputStreamTest on $version"
    status=1
  fi
done
exit $status
