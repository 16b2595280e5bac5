// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "OpenIAPCodegen",
    products: [
        .executable(name: "generator", targets: ["generator"]),
        // `swift package generate-openiap-types [generator options]` in a package that vendors the spec.
        .plugin(name: "GenerateOpenIAPTypes", targets: ["GenerateOpenIAPTypes"]),
        .library(name: "OpenIAPCodegen", targets: ["OpenIAPCodegen"]),
        .library(name: "OpenIAPTypes", targets: ["OpenIAPTypes"]),
        // The JSON bridge (`OpenIAPDispatcher`) for React Native, Expo and
        // Flutter bridges; a Swift app calling its SDK needs only OpenIAPTypes.
        .library(name: "OpenIAPBridge", targets: ["OpenIAPBridge"]),
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
        // Everything the generator does: reading, IR, validation, rendering, writing.
        .target(
            name: "OpenIAPCodegen",
            dependencies: ["CYAML"],
            path: "Sources/OpenIAPCodegen"
        ),
        // The thin command-line front end over OpenIAPCodegen.
        .executableTarget(
            name: "generator",
            dependencies: ["OpenIAPCodegen"],
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
        // Generation, decoding and compile-time figures: `swift run -c release benchmark`.
        .executableTarget(
            name: "benchmark",
            dependencies: ["OpenIAPCodegen", "OpenIAPTypes", "CYAML"],
            path: "Sources/benchmark"
        ),
        .testTarget(
            name: "OpenIAPCodegenTests",
            dependencies: ["OpenIAPCodegen"],
            path: "Tests/OpenIAPCodegenTests"
        ),
        .testTarget(
            name: "OpenIAPTypesTests",
            // The generator too: the pattern test compiles patterns with it
            // and matches them with the generated runtime. The memory store
            // is what the dispatcher's tests run against.
            dependencies: ["OpenIAPTypes", "OpenIAPBridge", "OpenIAPCodegen", "OpenIAPMemoryStore"],
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
