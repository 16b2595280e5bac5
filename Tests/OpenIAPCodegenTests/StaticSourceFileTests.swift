import Foundation
import Testing
@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen
@testable import OpenIAPCommandLine

/// The static source files of the template folders
/// (`Templates/swift/OpenIAPRuntime.swift`, `Templates/kotlin/OpenIAPRuntime.kt`,
/// `OpenIAPJson.kt`, `OpenIAPOrgJson.kt`): real code as written, written out
/// under the generated header with only the Kotlin package line changed,
/// and replaceable by a `--templates` override like any template.
///
/// Both runtimes are compiled here on their own; they are compiled again
/// inside the golden output (`GoldenTests.goldenKotlinCompiles`) and
/// `Generated/`, which hold each file under a header (asserted here).
@Suite struct StaticSourceFileTests {
    static let templates = CommandHarness.templates
    let scratch = ScratchFolders(prefix: "openiap-static")

    /// The Swift runtime type-checks on its own in Swift 6 mode, warnings as
    /// errors: it needs nothing a spec generates.
    @Test func theSwiftRuntimeTypeChecksOnItsOwn() throws {
        let file = Self.templates + "/swift/" + SwiftTarget.runtimeFileName
        let result = try ExternalTool.run(
            ["swiftc", "-typecheck", "-swift-version", "6", "-warnings-as-errors", file],
            in: URL(fileURLWithPath: try scratch.make()))
        #expect(result.status == 0, "swiftc failed:\n\(result.output)")
    }

    /// The Kotlin files compile on their own, as written, with
    /// `kotlinc -Werror` (`scripts/kotlin.sh`, org.json on the class path):
    /// about ten seconds.
    @Test func theKotlinFilesCompileOnTheirOwn() throws {
        let directory = try scratch.make()
        let sources = KotlinSourceFiles.names.map { Self.templates + "/kotlin/" + $0 }
        let result = try ExternalTool.run(
            [CommandHarness.packageRoot.appendingPathComponent("scripts/kotlin.sh").path, "compile", directory + "/static.jar"]
                + sources,
            in: URL(fileURLWithPath: directory))
        #expect(result.status == 0, "kotlinc failed:\n\(result.output)")
    }

    /// Every static file is in its template folder's set, and nothing else
    /// of the folders is read as one.
    @Test func theTemplateFoldersHoldTheStaticFiles() throws {
        let swift = try TemplateSet.load(directory: Self.templates + "/swift", displayPath: "Templates/swift")
        #expect(swift.sources.keys.sorted() == [SwiftTarget.runtimeFileName])
        #expect(swift.sources[SwiftTarget.runtimeFileName]?.path == "Templates/swift/OpenIAPRuntime.swift")
        #expect(!swift.names.contains("runtime"))
        let kotlin = try TemplateSet.load(directory: Self.templates + "/kotlin", displayPath: "Templates/kotlin")
        #expect(kotlin.sources.keys.sorted() == KotlinSourceFiles.names.sorted())
        for name in KotlinSourceFiles.names {
            // Compiles as written: in the default package, no template tags.
            let text = try kotlin.source(name).text
            #expect(text.split(separator: "\n").contains("package \(KotlinNames.defaultPackageName)"), "\(name)")
            #expect(!text.contains("{{"), "\(name)")
        }
    }

    /// Generated, each file is the header line and then the source file;
    /// in Kotlin the package line names the run's package, and no other
    /// line differs.
    @Test func theGeneratedFilesAreTheSourcesUnderTheHeader() throws {
        let out = try scratch.make()
        let result = CommandHarness.run([
            "--schema", CommandHarness.goldenSpec, "--output", out, "--target", "swift", "--target", "kotlin",
            "--kotlin-package", "com.example.iap",
        ])
        #expect(result.status == 0, "\(result.err)")
        let swiftSource = try String(contentsOfFile: Self.templates + "/swift/OpenIAPRuntime.swift", encoding: .utf8)
        let swiftOutput = try String(contentsOfFile: out + "/Swift/OpenIAPRuntime.swift", encoding: .utf8)
        let header = try #require(swiftOutput.split(separator: "\n", omittingEmptySubsequences: false).first)
        #expect(header.hasPrefix("// ") && header.contains(GeneratedHeader.marker))
        #expect(swiftOutput == header + "\n" + swiftSource)
        for name in KotlinSourceFiles.names {
            let source = try String(contentsOfFile: Self.templates + "/kotlin/" + name, encoding: .utf8)
            let output = try String(contentsOfFile: out + "/Kotlin/" + name, encoding: .utf8)
            let sourceLines = source.split(separator: "\n", omittingEmptySubsequences: false)
            var outputLines = output.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(outputLines.removeFirst() == header, "\(name)")
            #expect(outputLines.count == sourceLines.count, "\(name)")
            let changed = zip(sourceLines, outputLines).filter { $0 != $1 }
            #expect(changed.count == 1, "\(name)")
            #expect(changed.first?.0 == "package dev.openiap.types", "\(name)")
            #expect(changed.first?.1 == "package com.example.iap", "\(name)")
        }
    }

    /// An override folder replaces a static file by its file name.
    @Test func anOverrideReplacesAStaticFile() throws {
        let out = try scratch.make()
        let overrides = try scratch.make()
        try FileManager.default.createDirectory(atPath: overrides + "/swift", withIntermediateDirectories: true)
        let replacement = "// My own runtime.\n\nimport Foundation\n"
        try replacement.write(toFile: overrides + "/swift/OpenIAPRuntime.swift", atomically: true, encoding: .utf8)
        let result = CommandHarness.run([
            "--schema", CommandHarness.goldenSpec, "--output", out, "--templates", overrides, "--target", "swift",
        ])
        #expect(result.status == 0, "\(result.err)")
        let output = try String(contentsOfFile: out + "/Swift/OpenIAPRuntime.swift", encoding: .utf8)
        #expect(output.hasSuffix("\n" + replacement))
        #expect(output.split(separator: "\n").count == replacement.split(separator: "\n").count + 1)
    }

    /// A source file in an override folder that names no built-in one
    /// would never be written: an error naming the built-in files.
    @Test func anOverrideSourceFileThatReplacesNothingIsAnError() throws {
        let out = try scratch.make()
        let overrides = try scratch.make()
        try FileManager.default.createDirectory(atPath: overrides + "/kotlin", withIntermediateDirectories: true)
        try "package x\n".write(toFile: overrides + "/kotlin/OpenIAPRuntme.kt", atomically: true, encoding: .utf8)
        let result = CommandHarness.run([
            "--schema", CommandHarness.goldenSpec, "--output", out, "--templates", overrides, "--target", "kotlin",
        ])
        #expect(result.status == 1)
        #expect(result.err == """
            generator: error: source file override '\(overrides)/kotlin/OpenIAPRuntme.kt' replaces no built-in kotlin source file; \
            the built-in ones are: OpenIAPJson.kt, OpenIAPOrgJson.kt, OpenIAPRuntime.kt

            """)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).isEmpty)
    }

    /// A Kotlin override without a package line is an error located in the
    /// file, and nothing is written.
    @Test func aKotlinOverrideWithoutAPackageLineIsALocatedError() throws {
        let out = try scratch.make()
        let overrides = try scratch.make()
        try FileManager.default.createDirectory(atPath: overrides + "/kotlin", withIntermediateDirectories: true)
        try "// No package here.\n\nobject OpenIAPJson\n".write(
            toFile: overrides + "/kotlin/OpenIAPJson.kt", atomically: true, encoding: .utf8)
        let result = CommandHarness.run([
            "--schema", CommandHarness.goldenSpec, "--output", out, "--templates", overrides, "--target", "kotlin",
        ])
        #expect(result.status == 1)
        #expect(result.err.hasPrefix(
            "\(overrides)/kotlin/OpenIAPJson.kt:1:1: error: '\(overrides)/kotlin/OpenIAPJson.kt' has no package line"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).isEmpty)
    }
}
