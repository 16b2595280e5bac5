# Entry points for people and CI. `make generate` and `make test` work on a
# bare machine: both install what is missing first (scripts/bootstrap.sh).

SWIFT_FLAGS ?= -Xswiftc -warnings-as-errors
VERDICTS := $(CURDIR)/.build/proof/swift-verdicts.json
DIFFERENTIAL := $(CURDIR)/.build/proof/differential.json

.PHONY: generate check diff test bootstrap benchmark

bootstrap:
	scripts/bootstrap.sh

## Regenerate Generated/ from Schema/ and Templates/.
generate:
	scripts/bootstrap.sh build
	swift run generator

## Fail when Generated/ does not match Schema/ and Templates/.
check:
	scripts/bootstrap.sh build
	swift run $(SWIFT_FLAGS) generator --check

## Compatibility of Schema/ with another revision (default origin/main):
## exits 1 when something breaks on the wire or in Swift/TypeScript source.
AGAINST ?= origin/main
diff:
	scripts/bootstrap.sh build
	swift run $(SWIFT_FLAGS) generator diff --against $(AGAINST)

## Generation, decoding and compile-time figures (Docs/Performance.md).
benchmark:
	scripts/bootstrap.sh build
	swift run -c release benchmark --json .build/benchmark.json

## Every test: build warning-free, Generated/ up to date (also through the
## SwiftPM plugin), unit and round-trip tests, a smoke run of the benchmark
## (no timing checked), a smoke run of every fuzz target (a fixed number of
## executions from the seeds), lint of the generated Swift, the Python tool
## tests, every relative link and anchor of README.md and Docs/
## (check_links.py), the Swift / JSON Schema / TypeScript agreement over the fixture
## corpus, the compatibility corpora (app code written against upstream's
## API, per language: scripts/compat.sh), app code written against one
## release of a spec compiled against the next, which renames and deprecates
## (scripts/releases.sh), the Swift / Kotlin differential
## test over payloads mutated from the fixture corpus, and the cross-language
## test (the generated TypeScript client over JSON lines, against the fake
## peer, against the Swift bridge, openiap-memory-store, and against the
## Kotlin one, whose replies must be the Swift bridge's), and the IAPKit HTTP
## proof (scripts/iapkit.sh: the OpenAPI document through
## openapi-spec-validator, the test server's tests, schemathesis against it).
## The upstream SDL coverage check reads
## OPENIAP_SDL_DIR (which must exist when set), else
## ../shared/reference/openiap-spec-3.2.1; without either it is skipped, and
## the last line says so.
SDL_DEFAULT := $(abspath $(CURDIR)/../shared/reference/openiap-spec-3.2.1)
test: bootstrap
	swift build $(SWIFT_FLAGS) --build-tests
	swift run $(SWIFT_FLAGS) generator --check
	swift package --allow-writing-to-package-directory generate-openiap-types --check
	swift format lint --strict -r Generated/Swift Generated/SwiftBridge Generated/SwiftIAPKit
	mkdir -p .build/proof
	OPENIAP_SWIFT_VERDICTS=$(VERDICTS) OPENIAP_DIFFERENTIAL_CASES=$(DIFFERENTIAL) swift test $(SWIFT_FLAGS) --skip-build
	SWIFT_FLAGS="$(SWIFT_FLAGS)" scripts/benchmark-smoke.sh
	SWIFT_FLAGS="$(SWIFT_FLAGS)" scripts/fuzz.sh --smoke
	scripts/compat.sh swift
	python3 -m unittest discover -s Tests/Tools -p 'test_*.py'
	python3 Tests/Tools/check_links.py
	scripts/prove-targets.sh $(VERDICTS)
	scripts/compat.sh typescript
	SWIFT_FLAGS="$(SWIFT_FLAGS)" scripts/releases.sh
	scripts/kotlin.sh differential $(DIFFERENTIAL)
	python3 -m unittest discover -s Tests/CrossLanguage -p 'test_*.py'
	scripts/cross-language.sh
	scripts/compat.sh kotlin
	scripts/iapkit.sh
	@if [ -z "$${OPENIAP_SDL_DIR+set}" ] && [ ! -d "$(SDL_DEFAULT)" ]; then \
	  echo "make test: SKIPPED the upstream SDL coverage check (SchemaCoverageTests): OPENIAP_SDL_DIR is not set and $(SDL_DEFAULT) does not exist"; \
	fi
