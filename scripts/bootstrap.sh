#!/usr/bin/env bash
# Installs what building and testing need on a bare Debian machine with the
# Swift toolchain: libyaml (spec reader), tsc and node (TypeScript proof, the
# cross-language test), Python's jsonschema (JSON Schema proof),
# openapi-spec-validator and schemathesis (OpenAPI proof and the IAPKit test
# server, scripts/iapkit.sh), and kotlinc, Android's org.json and JUnit 4
# (Kotlin proof, scripts/kotlin.sh). Does nothing for tools already present.
#   scripts/bootstrap.sh          everything
#   scripts/bootstrap.sh build    only what `swift run generator` needs
set -euo pipefail
need_apt=()
pkg-config --exists yaml-0.1 2>/dev/null || need_apt+=(libyaml-dev pkg-config)
if [ "${1:-all}" != build ]; then
  command -v tsc >/dev/null 2>&1 || need_apt+=(node-typescript)
  command -v node >/dev/null 2>&1 || need_apt+=(nodejs)
  command -v kotlinc >/dev/null 2>&1 || need_apt+=(kotlin)
  [ -f /usr/share/java/json-android.jar ] || need_apt+=(libandroid-json-org-java)
  [ -f /usr/share/java/junit4.jar ] || need_apt+=(junit4)
fi
if [ ${#need_apt[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  echo "bootstrap: apt-get install ${need_apt[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi
if [ "${1:-all}" != build ]; then
  python3 -c 'import jsonschema, referencing' 2>/dev/null || {
    echo "bootstrap: pip install jsonschema"
    python3 -m pip install -q jsonschema
  }
  python3 -c 'import openapi_spec_validator' 2>/dev/null || {
    echo "bootstrap: pip install openapi-spec-validator"
    python3 -m pip install -q openapi-spec-validator
  }
  command -v schemathesis >/dev/null 2>&1 || python3 -c 'import schemathesis' 2>/dev/null || {
    echo "bootstrap: pip install schemathesis"
    python3 -m pip install -q schemathesis
  }
fi
