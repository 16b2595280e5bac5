import Foundation
import Testing
@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen
@testable import OpenIAPSpecTools
@testable import OpenIAPCommandLine

/// Renders `Tests/Golden/Spec` with every target and compares each file with
/// `Tests/Golden/Expected/<target folder>/`. On a mismatch the failure shows a
/// unified diff. To accept a deliberate change, run
/// `OPENIAP_UPDATE_GOLDEN=1 swift test --filter GoldenTests` and review the diff.
@Suite struct GoldenTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let golden = packageRoot.appendingPathComponent("Tests/Golden")

    func render() throws -> [GeneratedFile] {
        var options = Generator.Options()
        options.schemaPath = Self.golden.appendingPathComponent("Spec").path
        options.templatesRoot = Self.packageRoot.appendingPathComponent("Templates").path
        return try Generator(options: options).render().files
    }

    @Test func everyTargetMatchesItsGoldenFiles() throws {
        let files = try render()
        let expectedRoot = Self.golden.appendingPathComponent("Expected")
        if ProcessInfo.processInfo.environment["OPENIAP_UPDATE_GOLDEN"] != nil {
            let writer = OutputWriter(outputDirectory: expectedRoot.path, marker: GeneratedHeader.marker)
            _ = try writer.write(files)
        }
        let plan = try OutputWriter(outputDirectory: expectedRoot.path, marker: GeneratedHeader.marker).plan(files)
        for change in plan {
            Issue.record("""
                golden file \(change.path) is \(change.kind.rawValue) (set OPENIAP_UPDATE_GOLDEN=1 to accept):
                \(change.diff ?? "")
                """)
        }
        #expect(files.count >= 3)
    }

    /// The golden Kotlin compiles with `kotlinc -Werror` (`scripts/kotlin.sh`),
    /// the bridge with org.json on the class path.
    @Test func goldenKotlinCompiles() throws {
        let folder = Self.golden.appendingPathComponent("Expected/Kotlin")
        let sources = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            .filter { $0.hasSuffix(".kt") }.map { folder.appendingPathComponent($0).path }
        #expect(sources.count == 9)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("golden-kotlin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try ExternalTool.run(
            [Self.packageRoot.appendingPathComponent("scripts/kotlin.sh").path, "compile",
             directory.appendingPathComponent("golden.jar").path] + sources,
            in: directory)
        #expect(result.status == 0, "kotlinc failed:\n\(result.output)")
    }

    @Test func twoRunsProduceIdenticalBytes() throws {
        let first = try render()
        let second = try render()
        #expect(first == second)
        for file in first {
            #expect(!file.contents.contains("2026"), "\(file.path) looks like it holds a date")
        }
    }

    @Test func everyFileStartsWithTheHeader() throws {
        for file in try render() {
            let head = file.contents.split(separator: "\n").prefix(5).joined(separator: "\n")
            #expect(head.contains(GeneratedHeader.marker), "\(file.path) has no generator header")
            #expect(head.contains("9.9.9"), "\(file.path) does not name the spec version")
        }
    }
}
