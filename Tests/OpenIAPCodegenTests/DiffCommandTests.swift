import Foundation
import Testing

@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen
@testable import OpenIAPSpecTools
@testable import OpenIAPCommandLine

/// `generator diff` as users run it: arguments, exit codes, formats, and
/// `--against REV` over a real git repository.
@Suite struct DiffCommandTests {
    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
        CommandHarness.run(arguments)
    }

    /// Removes this test's folders when the test is over.
    let scratch = ScratchFolders(prefix: "openiap-diff")

    func temporaryDirectory() throws -> String {
        try scratch.make()
    }

    /// Writes a pair's OLD and NEW specs as `dir/old/spec.yaml` and `dir/new/spec.yaml`.
    func writePair(_ name: String) throws -> (old: String, new: String) {
        let pair = CompatibilityCase.all.first { $0.name == name }!
        let dir = try temporaryDirectory()
        for side in ["old", "new"] {
            try FileManager.default.createDirectory(atPath: "\(dir)/\(side)", withIntermediateDirectories: true)
            let text = CompatibilityCase.header + (side == "old" ? pair.old : pair.new)
            try text.write(toFile: "\(dir)/\(side)/spec.yaml", atomically: true, encoding: .utf8)
        }
        return ("\(dir)/old", "\(dir)/new")
    }

    @Test func breakingChangesExitWithOne() throws {
        let (old, new) = try writePair("requiredOutputFieldRemoved")
        let result = run(["diff", old, new])
        #expect(result.status == 1)
        #expect(result.out.contains("\(old)/spec.yaml:7:7: breaking: [FIELD_REMOVED] required field 'note' of record 'Receipt' was removed (old spec)"))
        #expect(result.err.contains("pass --allow-breaking"))
        let allowed = run(["diff", old, new, "--allow-breaking"])
        #expect(allowed.status == 0)
        #expect(allowed.out == result.out)
    }

    @Test func compatibleChangesExitWithZero() throws {
        let (old, new) = try writePair("optionalOutputFieldAdded")
        let result = run(["diff", old, new])
        #expect(result.status == 0)
        #expect(result.err.isEmpty)
        #expect(result.out.contains("\(new)/spec.yaml:7:7: note: [OPTIONAL_FIELD_ADDED] optional field 'store' was added to record 'Receipt'"))
        #expect(result.out.hasSuffix("result: no breaking changes\n"))
    }

    @Test func jsonFormat() throws {
        let (old, new) = try writePair("closedEnumValueAddedToOutput")
        let result = run(["diff", "--format", "json", old, new])
        #expect(result.status == 1)
        #expect(result.err.isEmpty, "JSON mode keeps stderr for errors")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.compactMap { $0["rule"] as? String } == ["CLOSED_ENUM_VALUE_ADDED", "ENUM_VALUE_ADDED"])
        #expect((object["old"] as? [String: Any])?["path"] as? String == old)
    }

    @Test func aBrokenSpecIsAnErrorNotAReport() throws {
        let (old, new) = try writePair("typeAdded")
        try (CompatibilityCase.header + "records:\n  Receipt:\n    fields:\n      id: Missing\n").write(toFile: new + "/spec.yaml", atomically: true, encoding: .utf8)
        let result = run(["diff", old, new])
        #expect(result.status == 1)
        #expect(result.out.isEmpty)
        #expect(result.err.contains("\(new)/spec.yaml:6:7: error: unknown type 'Missing'"))
        // The formats that carry the migration guide fail the same way, printing nothing.
        for format in ["json", "markdown"] {
            let guide = run(["diff", old, new, "--format", format])
            #expect(guide.status == 1)
            #expect(guide.out.isEmpty)
            #expect(guide.err.contains("\(new)/spec.yaml:6:7: error: unknown type 'Missing'"))
        }
    }

    @Test func theJSONFormatCarriesTheGuide() throws {
        let (old, new) = try writePair("requiredOutputFieldRemoved")
        let result = run(["diff", "--format", "json", old, new])
        #expect(result.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let migration = try #require(object["migration"] as? [String: Any])
        let entries = try #require(migration["entries"] as? [[String: Any]])
        #expect(entries.first?["rule"] as? String == "FIELD_REMOVED")
        #expect((migration["removed"] as? [[String: Any]])?.first?["removed"] as? String == "Receipt.note")
    }

    @Test func misuse() {
        #expect(run(["diff"]).status == 2)
        #expect(run(["diff", "a", "b", "c"]).status == 2)
        #expect(run(["diff", "--against", "HEAD", "a", "b"]).status == 2)
        #expect(run(["diff", "--format", "xml", "a"]).status == 2)
        #expect(run(["diff", "--bogus", "a"]).err.contains("unknown argument '--bogus'"))
        #expect(run(["diff", "--help"]).out.hasPrefix("usage: generator diff"))
        #expect(run(["--help"]).out.contains("generator diff OLD [NEW]"))
    }

    @Test func rulesPrintTheTable() {
        let result = run(["diff", "--rules"])
        #expect(result.status == 0)
        #expect(result.out == CompatibilityReport.markdownRuleTables())
        #expect(result.out.contains("| rule | axis | whose | severity | breaks source in | rationale |"))
    }

    /// `--against REV` reads OLD from git at NEW's path; labels say where
    /// each file came from.
    @Test func againstAGitRevision() throws {
        let repo = try temporaryDirectory()
        func git(_ arguments: String...) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"] + arguments
            process.currentDirectoryURL = URL(fileURLWithPath: repo)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "git \(arguments)")
        }
        let pair = CompatibilityCase.all.first { $0.name == "inputFieldNowRequired" }!
        try FileManager.default.createDirectory(atPath: repo + "/Schema", withIntermediateDirectories: true)
        try git("init", "-q")
        try (CompatibilityCase.header + pair.old).write(toFile: repo + "/Schema/api.yaml", atomically: true, encoding: .utf8)
        try "not a spec file\n".write(toFile: repo + "/Schema/README.md", atomically: true, encoding: .utf8)
        try git("add", ".")
        try git("commit", "-q", "-m", "old")
        try git("tag", "v1")
        try (CompatibilityCase.header + pair.new).write(toFile: repo + "/Schema/api.yaml", atomically: true, encoding: .utf8)

        let sources = try GitSpecSource.sources(revision: "v1", path: "Schema/", directory: repo)
        #expect(sources.map(\.path) == ["v1:Schema/api.yaml"])
        #expect(String(decoding: sources[0].bytes, as: UTF8.self) == CompatibilityCase.header + pair.old)

        let single = try GitSpecSource.sources(revision: "v1", path: "./Schema/api.yaml", directory: repo)
        #expect(single.map(\.path) == ["v1:Schema/api.yaml"])
        let absolute = try GitSpecSource.sources(revision: "v1", path: repo + "/Schema")
        #expect(absolute.map(\.path) == ["v1:Schema/api.yaml"])

        #expect(throws: DiagnosticError.self) { try GitSpecSource.sources(revision: "nope", path: "Schema", directory: repo) }
        #expect(throws: DiagnosticError.self) { try GitSpecSource.sources(revision: "v1", path: "Missing", directory: repo) }
    }

    @Test func againstRunsThroughTheCommand() throws {
        // The package's own history: HEAD against the working tree's Schema/.
        let result = run(["diff", "--against", "HEAD", "--allow-breaking", HorizonEvolution.schema])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.hasPrefix("generator diff: HEAD:\(HorizonEvolution.schema) ("))
    }
}
