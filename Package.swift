// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "OpenIAPCodegen",
    products: [
        .executable(name: "generator", targets: ["generator"]),
        // `swift package generate-openiap-types [generator options]` in a package that vendors the spec.
        .plugin(name: "GenerateOpenIAPTypes", targets: ["GenerateOpenIAPTypes"]),
        // The generator as a library, layer by layer (see Docs/Internals.md):
        // `import OpenIAPSpec` to read and check a spec, `OpenIAPCodegen` to
        // render it, `OpenIAPSpecTools` for `diff` and the SDL coverage.
        .library(
            name: "OpenIAPCodegen",
            targets: ["OpenIAPSpec", "OpenIAPTemplates", "OpenIAPCodegen", "OpenIAPSpecTools", "OpenIAPCommandLine"]),
        .library(name: "OpenIAPTypes", targets: ["OpenIAPTypes"]),
        // The JSON bridge (`OpenIAPDispatcher`) for React Native, Expo and
        // Flutter bridges; a Swift app calling its SDK needs only OpenIAPTypes.
        .library(name: "OpenIAPBridge", targets: ["OpenIAPBridge"]),
        // The generated IAPKit HTTP client (URLSession), apart so that
        // OpenIAPTypes stays free of networking.
        .library(name: "OpenIAPKitClient", targets: ["OpenIAPKitClient"]),
        .executable(name: "benchmark", targets: ["benchmark"]),
    ],
    targets: [
        // libyaml, found through pkg-config (`yaml-0.1`).
        .systemLibrary(
            name: "CYAML",
            path: "Sources/CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        // The layers, each a module, so that the compiler keeps them apart.
        // The spec layer: YAML reading, the spec reader, the IR, the spec
        // language's own rules, diagnostics. It names no target: targets
        // depend on it, never the reverse.
        .target(
            name: "OpenIAPSpec",
            dependencies: ["CYAML"],
            path: "Sources/OpenIAPSpec"
        ),
        // The template engine (it reports with the spec layer's diagnostics).
        .target(
            name: "OpenIAPTemplates",
            dependencies: ["OpenIAPSpec"],
            path: "Sources/OpenIAPTemplates"
        ),
        // GenerationTarget, the pipeline (`Generator`), the shared layer, one
        // folder per target, and the output writer.
        .target(
            name: "OpenIAPCodegen",
            dependencies: ["OpenIAPSpec", "OpenIAPTemplates"],
            path: "Sources/OpenIAPCodegen"
        ),
        // Tools over specs: `generator diff` (which judges source
        // compatibility per language, so it reads the targets' naming) and the
        // comparison with the upstream GraphQL SDL.
        .target(
            name: "OpenIAPSpecTools",
            dependencies: ["OpenIAPSpec", "OpenIAPCodegen"],
            path: "Sources/OpenIAPSpecTools"
        ),
        // The `generator` command line: argument parsing, output, exit codes.
        // A library, so that tests run it exactly as users do.
        .target(
            name: "OpenIAPCommandLine",
            dependencies: ["OpenIAPSpec", "OpenIAPCodegen", "OpenIAPSpecTools"],
            path: "Sources/OpenIAPCommandLine"
        ),
        // The thin executable over OpenIAPCommandLine.
        .executableTarget(
            name: "generator",
            dependencies: ["OpenIAPCommandLine"],
            path: "Sources/generator"
        ),
        // Runs `generator` in the package directory with the arguments given
        // to `swift package generate-openiap-types` (same options, `--check` included).
        .plugin(
            name: "GenerateOpenIAPTypes",
            capability: .command(
                intent: .custom(
                    verb: "generate-openiap-types",
                    description: "Regenerate Generated/ from Schema/ and Templates/ (or check it with --check)"),
                permissions: [.writeToPackageDirectory(reason: "The generator rewrites the Generated/ folder from Schema/.")]
            ),
            dependencies: ["generator"],
            path: "Plugins/GenerateOpenIAPTypes"
        ),
        // The generated Codable types. Never edit by hand: run `swift run generator`.
        .target(
            name: "OpenIAPTypes",
            path: "Generated/Swift"
        ),
        // The generated JSON bridge over OpenIAPTypes' operation protocols.
        .target(
            name: "OpenIAPBridge",
            dependencies: ["OpenIAPTypes"],
            path: "Generated/SwiftBridge"
        ),
        // The generated IAPKit HTTP client over OpenIAPTypes' wire bodies.
        .target(
            name: "OpenIAPKitClient",
            dependencies: ["OpenIAPTypes"],
            path: "Generated/SwiftIAPKit"
        ),
        // Runs Tests/IAPKit/scenarios.json with OpenIAPKitClient against the
        // IAPKit test server (scripts/iapkit.sh).
        .executableTarget(
            name: "iapkit-swift-client",
            dependencies: ["OpenIAPKitClient", "OpenIAPTypes"],
            path: "Tests/IAPKit/SwiftClient"
        ),
        // Generation, decoding and compile-time figures: `swift run -c release benchmark`.
        .executableTarget(
            name: "benchmark",
            dependencies: ["OpenIAPSpec", "OpenIAPTemplates", "OpenIAPCodegen", "OpenIAPTypes", "CYAML"],
            path: "Sources/benchmark"
        ),
        .testTarget(
            name: "OpenIAPCodegenTests",
            dependencies: ["OpenIAPSpec", "OpenIAPTemplates", "OpenIAPCodegen", "OpenIAPSpecTools", "OpenIAPCommandLine"],
            path: "Tests/OpenIAPCodegenTests"
        ),
        // A target defined outside the library, run through the generator
        // with plain imports: what a target of one's own can do
        // (Docs/AddingATarget.md).
        .testTarget(
            name: "OpenIAPSeamTests",
            dependencies: ["OpenIAPSpec", "OpenIAPTemplates", "OpenIAPCodegen"],
            path: "Tests/OpenIAPSeamTests"
        ),
        .testTarget(
            name: "OpenIAPTypesTests",
            // The generator too: the pattern test compiles patterns with it
            // and matches them with the generated runtime. The memory store
            // is what the dispatcher's tests run against.
            dependencies: ["OpenIAPTypes", "OpenIAPBridge", "OpenIAPSpec", "OpenIAPCodegen", "OpenIAPMemoryStore"],
            path: "Tests/OpenIAPTypesTests"
        ),
        // An Android SDK whose store lives in memory, conforming to the
        // generated protocols: what the dispatcher's tests and the
        // cross-language test run against.
        .target(
            name: "OpenIAPMemoryStore",
            dependencies: ["OpenIAPTypes"],
            path: "Tests/CrossLanguage/MemoryStore"
        ),
        // The memory store behind OpenIAPDispatcher, over JSON lines on
        // stdin/stdout: the Swift half of the cross-language test.
        .executableTarget(
            name: "openiap-memory-store",
            dependencies: ["OpenIAPMemoryStore", "OpenIAPTypes", "OpenIAPBridge"],
            path: "Tests/CrossLanguage/Bridge"
        ),
    ],
    swiftLanguageModes: [.v6]
)
