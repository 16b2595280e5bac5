// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "OpenIAPCodegen",
    products: [
        .executable(name: "generator", targets: ["generator"]),
        .library(name: "OpenIAPCodegen", targets: ["OpenIAPCodegen"]),
        .library(name: "OpenIAPTypes", targets: ["OpenIAPTypes"]),
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
        // The generated Codable types. Never edit by hand: run `swift run generator`.
        .target(
            name: "OpenIAPTypes",
            path: "Generated/Swift"
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
            dependencies: ["OpenIAPTypes"],
            path: "Tests/OpenIAPTypesTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
