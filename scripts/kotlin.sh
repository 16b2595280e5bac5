#!/usr/bin/env bash
# The Kotlin toolchain in one place: Debian's kotlinc 1.3.31 on the
# machine's JDK 17, org.json from libandroid-json-org-java (Android's own
# implementation), JUnit 4 (scripts/bootstrap.sh installs all three).
#
#   scripts/kotlin.sh compile OUT.jar [-cp JARS] SOURCES...
#       kotlinc with warnings as errors; the Kotlin standard library,
#       org.json and JUnit are on the class path.
#   scripts/kotlin.sh run CLASSPATH MAIN [ARGS...]
#       java with the same libraries.
#   scripts/kotlin.sh prove GENERATED_DIR FIXTURES_DIR VERDICTS.json
#       compiles the generated Kotlin (without org.json, which only the
#       bridge may need), then the bridge, the fixture harness and the
#       JUnit tests of Tests/Kotlin; runs the harness over the fixtures
#       (verdicts for Tests/Tools/agreement.py) and the JUnit tests.
#   scripts/kotlin.sh jars
#       prints the class path of the jars `prove` builds in
#       .build/proof/kotlin (types.jar:tests.jar) from Generated/Kotlin and
#       Tests/Kotlin, building them first when they are missing or older
#       than a source (scripts/cross-language.sh runs MemoryStoreBridgeKt
#       from them).
#   scripts/kotlin.sh differential CASES.json
#       the Kotlin half of the Swift/Kotlin differential test: runs the
#       mutated payloads `swift test` wrote (DifferentialPayloadTests)
#       through the generated Kotlin, with the same jars, and fails on any
#       payload the two languages treat differently.
#
# Flags, and why:
#   -Werror            the generated code must compile without a warning;
#   -jvm-target 1.8    bytecode every Android toolchain takes (1.3's default, 1.6, is older than needed);
#   -no-reflect        nothing needs kotlin-reflect;
#   JAVA_OPTS          the compiler's own JVM: C1 only and the serial collector
#                      (a third less time and half the processor time on two
#                      cores), and room for ten thousand lines at once.
# JDK 17 warns that kotlinc's launcher passes the obsolete -noverify; that
# line is the JVM's, not the compiler's, and is filtered out.
set -euo pipefail
export JAVA_OPTS="${KOTLIN_JAVA_OPTS:--Xmx1g -Xss8m -XX:+UseSerialGC -XX:TieredStopAtLevel=1}"
libraries=/usr/share/java/kotlin-stdlib.jar:/usr/share/java/json-android.jar:/usr/share/java/junit4.jar:/usr/share/java/hamcrest-core.jar

compile() { # OUT.jar [-cp JARS] SOURCES...
  local out=$1 classpath=$libraries
  shift
  if [ "${1:-}" = -cp ]; then classpath=$2:$libraries; shift 2; fi
  local log
  log=$(mktemp)
  if ! kotlinc -Werror -jvm-target 1.8 -no-reflect -cp "$classpath" -d "$out" "$@" >"$log" 2>&1; then
    grep -v -e '-Xverify:none and -noverify were deprecated' "$log" >&2 || true
    rm -f "$log"
    return 1
  fi
  grep -v -e '-Xverify:none and -noverify were deprecated' "$log" >&2 || true
  rm -f "$log"
}

run() { # CLASSPATH MAIN [ARGS...]
  local classpath=$1
  shift
  java -Xss8m -cp "$classpath:$libraries" "$@"
}

here=$(cd "$(dirname "$0")/.." && pwd)

jars() { # GENERATED_DIR OUT_DIR: types.jar (the generated Kotlin) and tests.jar (bridge + Tests/Kotlin), compiled once
  local generated=$1 out=$2
  rm -rf "$out"
  mkdir -p "$out"
  local types=() file
  for file in "$generated"/*.kt; do
    [ "$(basename "$file")" = OpenIAPOrgJson.kt ] || types+=("$file")
  done
  echo "kotlin: compiling ${#types[@]} generated files without org.json on the class path"
  ( libraries=/usr/share/java/kotlin-stdlib.jar
    compile "$out/types.jar" "${types[@]}" )
  echo "kotlin: compiling the org.json bridge, the fixture harness and the JUnit tests"
  compile "$out/tests.jar" -cp "$out/types.jar" "$generated/OpenIAPOrgJson.kt" "$here"/Tests/Kotlin/*.kt
}

fresh_jars() { # prints the class path of .build/proof/kotlin's jars, built first when missing or stale
  local out=$here/.build/proof/kotlin newer=""
  if [ -f "$out/tests.jar" ]; then
    newer=$(find "$here/Generated/Kotlin" "$here/Tests/Kotlin" -name '*.kt' -newer "$out/tests.jar" | head -1)
  fi
  if [ ! -f "$out/types.jar" ] || [ ! -f "$out/tests.jar" ] || [ -n "$newer" ]; then
    jars "$here/Generated/Kotlin" "$out" >&2
  fi
  echo "$out/types.jar:$out/tests.jar"
}

case "${1:-}" in
  compile) shift; compile "$@" ;;
  run) shift; run "$@" ;;
  prove)
    generated=${2:?usage: kotlin.sh prove GENERATED_DIR FIXTURES_DIR VERDICTS.json}
    fixtures=${3:?}
    verdicts=${4:?}
    out=$(dirname "$verdicts")/kotlin
    jars "$generated" "$out"
    run "$out/types.jar:$out/tests.jar" FixtureHarnessKt "$fixtures" "$verdicts"
    run "$out/types.jar:$out/tests.jar" -Dopeniap.root="$here" org.junit.runner.JUnitCore \
      HostilePayloadTests OrgJsonBridgeTests DispatcherTests BridgeErrorCasesTests ReadmeExampleTests UpstreamShapeTests
    ;;
  jars) fresh_jars ;;
  differential)
    cases=${2:?usage: kotlin.sh differential CASES.json}
    classpath=$(fresh_jars)
    run "$classpath" DifferentialHarnessKt "$cases"
    ;;
  *) echo "usage: scripts/kotlin.sh compile|run|prove|jars|differential ..." >&2; exit 2 ;;
esac
