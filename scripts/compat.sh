#!/usr/bin/env bash
# The compatibility corpora of issue #28: app and SDK code written against
# upstream's OpenIAP 3.2.1 API (Tests/Compat/<Language>), compiled against our
# generated code with the real compiler. One function per language.
#
#   scripts/compat.sh kotlin
#       Renders the Kotlin target with the SDKs' package (--kotlin-package
#       dev.hyo.openiap) and checks it is Generated/Kotlin but for the package;
#       compiles it with the corpus (kotlinc -Werror: no error, no warning),
#       then Differences.kt against that, where every error must be one the
#       file marks (`// expect: …`) and every mark must fail
#       (Tests/Compat/Kotlin/expected_errors.py).
#       Then, when upstream's Types.kt is at $UPSTREAM_KOTLIN (default
#       /tmp/upstream/Types.kt; never committed), the same corpus must compile
#       against it without an error or a warning (the corpus is right);
#       without it that comparison is skipped, and the last line says so.
#
# Exit status: 0 when every check passed.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

kotlin() {
  local corpus=$root/Tests/Compat/Kotlin
  local package=dev.hyo.openiap
  local work
  work=$(mktemp -d)
  trap 'rm -rf "$work"' RETURN
  local generator
  generator="$(cd "$root" && swift build --show-bin-path)/generator"
  (cd "$root" && "$generator" --target kotlin --kotlin-package "$package" --output "$work/out" >/dev/null)
  # The option changes the package and nothing else.
  local file status=0
  for file in "$root"/Generated/Kotlin/*.kt; do
    if ! sed "s/\bdev\.openiap\.types\b/$package/g" "$file" | cmp -s - "$work/out/Kotlin/$(basename "$file")"; then
      echo "compat kotlin: $(basename "$file") rendered with --kotlin-package $package differs from Generated/Kotlin beyond the package" >&2
      status=1
    fi
  done
  [ "$(ls "$work/out/Kotlin" | wc -l)" = "$(ls "$root"/Generated/Kotlin/*.kt | wc -l)" ] || { echo "compat kotlin: another set of files" >&2; status=1; }
  # kotlinc prints no warning once it has an error, so the corpus that must
  # compile goes first, warnings as errors, and the marked differences
  # (Differences.kt) second, against what the first run built.
  echo "compat kotlin: compiling Generated/Kotlin (package $package) and the corpus"
  local sources=() differences=$corpus/Differences.kt
  for file in "$corpus"/*.kt; do [ "$file" = "$differences" ] || sources+=("$file"); done
  if "$root/scripts/kotlin.sh" compile "$work/ours.jar" "$work"/out/Kotlin/*.kt "${sources[@]}" 2>"$work/ours.log"; then
    echo "compat kotlin: compiling Differences.kt, whose marked lines must fail"
    "$root/scripts/kotlin.sh" compile "$work/differences.jar" -cp "$work/ours.jar" "$differences" 2>"$work/differences.log" || true
    python3 "$corpus/expected_errors.py" "$work/differences.log" "$corpus" || status=1
  else
    python3 "$corpus/expected_errors.py" "$work/ours.log" "$corpus" >/dev/null || true
    cat "$work/ours.log" >&2
    echo "compat kotlin: the corpus does not compile against Generated/Kotlin" >&2
    status=1
  fi

  local upstream=${UPSTREAM_KOTLIN:-/tmp/upstream/Types.kt}
  if [ ! -f "$upstream" ]; then
    echo "compat kotlin: SKIPPED the comparison with upstream: $upstream is absent (upstream's Types.kt is never committed)"
    return $status
  fi
  # Upstream's file needs Kotlin 1.4 and 1.5; adapt_upstream.py makes it
  # compile with kotlinc 1.3.31 without changing a signature.
  sed "s/^package .*/package $package/" "$upstream" | python3 "$corpus/adapt_upstream.py" >"$work/UpstreamTypes.kt"
  echo "compat kotlin: compiling the corpus against upstream's Types.kt"
  if ! "$root/scripts/kotlin.sh" compile "$work/upstream.jar" "$work/UpstreamTypes.kt" "$corpus"/*.kt 2>"$work/upstream.log"; then
    cat "$work/upstream.log" >&2
    echo "compat kotlin: the corpus does not compile against upstream" >&2
    status=1
  else
    echo "compat kotlin: the corpus compiles against upstream's Types.kt"
  fi
  return $status
}

case "${1:-}" in
  kotlin) kotlin ;;
  *) echo "usage: scripts/compat.sh kotlin" >&2; exit 2 ;;
esac
