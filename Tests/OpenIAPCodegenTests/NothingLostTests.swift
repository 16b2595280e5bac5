import Foundation
import Testing
@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen
@testable import OpenIAPSpecTools
@testable import OpenIAPCommandLine

/// Nothing is lost, whatever goes wrong: a run that fails at any stage leaves
/// the output folder byte-identical, the generator never writes or deletes
/// outside `--output` (not even for a moment: the directories around it keep
/// their modification times), and `--check` never writes at all.
@Suite struct NothingLostTests {
    static let packageRoot = CommandHarness.packageRoot
    static let goldenSpec = CommandHarness.goldenSpec
    static let templates = CommandHarness.templates

    static func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
        CommandHarness.run(arguments)
    }

    static func scratch() throws -> String {
        try CommandHarness.scratch("nothing-lost")
    }

    /// Everything below `root` without following links: kind, permissions and
    /// bytes of every entry, and with `times` the modification time of every
    /// directory and file too.
    static func snapshot(_ root: String, times: Bool = false) throws -> [String: String] {
        let fm = FileManager.default
        var result: [String: String] = [:]
        func visit(_ relative: String) throws {
            let path = relative.isEmpty ? root : root + "/" + relative
            let attributes = try fm.attributesOfItem(atPath: path)
            let mode = String((attributes[.posixPermissions] as? Int) ?? -1, radix: 8)
            let time = times ? " @\((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1)" : ""
            switch attributes[.type] as? FileAttributeType {
            case .typeDirectory?:
                result[relative] = "dir \(mode)\(time)"
                for name in try fm.contentsOfDirectory(atPath: path) { try visit(relative.isEmpty ? name : relative + "/" + name) }
            case .typeSymbolicLink?:
                result[relative] = "link -> " + (try fm.destinationOfSymbolicLink(atPath: path))
            default:
                let bytes = fm.contents(atPath: path).map { $0.base64EncodedString() } ?? "?"
                result[relative] = "file \(mode)\(time) \(bytes)"
            }
        }
        try visit("")
        return result
    }

    /// A copy of the golden spec with one more field, so that generating it
    /// changes files in every target's folder.
    static func changedSpec(in base: String) throws -> String {
        let spec = base + "/spec"
        try FileManager.default.copyItem(atPath: goldenSpec, toPath: spec)
        let records = spec + "/records.yaml"
        let text = try String(contentsOfFile: records, encoding: .utf8)
        try (text + "\n  Extra:\n    doc: Added by the test.\n    fields:\n      note: String\n")
            .write(toFile: records, atomically: true, encoding: .utf8)
        return spec
    }

    // MARK: - Unwritable folders

    /// Makes a directory refuse new entries, renames and removals, even for
    /// root: `chattr +i` when running as root, otherwise mode 555.
    enum Unwritable {
        static func set(_ path: String, _ on: Bool) {
            if getuid() == 0 {
                _ = try? ExternalTool.run(["chattr", on ? "+i" : "-i", path], in: URL(fileURLWithPath: "/"))
            } else {
                chmod(path, on ? 0o555 : 0o755)
            }
        }

        /// Whether this machine lets a test make a folder unwritable.
        static let works: Bool = {
            guard let base = try? NothingLostTests.scratch() else { return false }
            defer { try? FileManager.default.removeItem(atPath: base) }
            set(base, true)
            defer { set(base, false) }
            return !FileManager.default.createFile(atPath: base + "/probe", contents: Data())
        }()
    }

    // MARK: - Failing runs

    enum Failure: String, CaseIterable, CustomStringConvertible {
        case yamlSyntax, unknownType, aliasBomb, badTemplate, templateRenderError, unknownTarget
        case outputIsAFile, generatedFolderIsAFile, unwritableOutput, unwritableSubfolder
        var description: String { rawValue }
    }

    @Test(arguments: Failure.allCases)
    func aFailedRunLeavesTheOutputByteIdentical(_ failure: Failure) throws {
        if failure == .unwritableOutput || failure == .unwritableSubfolder, !Unwritable.works { return }
        let base = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: base) }
        var out = base + "/out"
        #expect(Self.run(["--schema", Self.goldenSpec, "--output", out]).status == 0)
        let spec = try Self.changedSpec(in: base)
        var arguments = ["--schema", spec, "--output", out]
        var expected = ""
        switch failure {
        case .yamlSyntax:
            try "records: [\n".write(toFile: spec + "/zz.yaml", atomically: true, encoding: .utf8)
            expected = "\(spec)/zz.yaml:2:1: error: did not find expected node content (while parsing a flow node)"
        case .unknownType:
            try "records:\n  Z:\n    fields:\n      z: Nope\n".write(toFile: spec + "/zz.yaml", atomically: true, encoding: .utf8)
            expected = "\(spec)/zz.yaml:4:7: error: unknown type 'Nope'"
        case .aliasBomb:
            let bomb = Self.packageRoot.appendingPathComponent("Tests/Hostile/Spec/billion-laughs.yaml").path
            try FileManager.default.copyItem(atPath: bomb, toPath: spec + "/zz.yaml")
            expected = "\(spec)/zz.yaml:11:14: error: alias expansion exceeds 100000 nodes"
        case .badTemplate, .templateRenderError:
            let overrides = base + "/templates"
            try FileManager.default.createDirectory(atPath: overrides + "/typescript", withIntermediateDirectories: true)
            let text = failure == .badTemplate ? "{{#declarations}}\n" : "{{>nowhere}}\n"
            try text.write(toFile: overrides + "/typescript/file.tmpl", atomically: true, encoding: .utf8)
            arguments += ["--templates", overrides]
            expected = failure == .badTemplate
                ? "\(overrides)/typescript/file.tmpl:1:1: error: unclosed section 'declarations'"
                : "\(overrides)/typescript/file.tmpl:1:1: error: unknown partial 'nowhere'"
        case .unknownTarget:
            arguments += ["--target", "swift", "--target", "cobol"]
            expected = "generator: error: unknown target 'cobol'"
        case .outputIsAFile:
            out = base + "/file"
            try "not a folder\n".write(toFile: out, atomically: true, encoding: .utf8)
            arguments = ["--schema", spec, "--output", out]
            expected = "generator: error: output path '\(out)' is a file, not a directory"
        case .generatedFolderIsAFile:
            try FileManager.default.removeItem(atPath: out + "/TypeScript")
            try "in the way\n".write(toFile: out + "/TypeScript", atomically: true, encoding: .utf8)
            expected = "generator: error: cannot write 'TypeScript/openiap.ts': 'TypeScript' is a file, not a directory"
        case .unwritableOutput:
            Unwritable.set(out, true)
            expected = "generator: error: cannot create a staging directory in output directory '\(out)'"
        case .unwritableSubfolder:
            // JSONSchema/ sorts first and is written; Swift/ refuses the
            // next file, and the JSON Schema change is rolled back.
            Unwritable.set(out + "/Swift", true)
            expected = "generator: error: cannot write 'Swift/OpenIAPTypeRegistry.swift': "
        }
        defer {
            Unwritable.set(out, false)
            Unwritable.set(out + "/Swift", false)
        }
        let before = try Self.snapshot(out)
        let around = try Self.snapshot(base, times: true).filter { !$0.key.hasPrefix("out/") && $0.key != "out" }
        let result = Self.run(arguments)
        #expect(result.status == 1)
        #expect(result.err.contains(expected), "\(result.err)")
        #expect(try Self.snapshot(out) == before)
        // Outside the output folder not even a temporary entry came and went.
        #expect(try Self.snapshot(base, times: true).filter { !$0.key.hasPrefix("out/") && $0.key != "out" } == around)
        if failure == .unwritableSubfolder {
            #expect(result.err.contains("note: no changes were made to output directory '\(out)'"), "\(result.err)")
        }
    }

    // MARK: - Never outside the output folder

    /// The real executable, run from a working directory of its own with a
    /// relative `--output`: the working directory and the parent of the
    /// output folder keep every entry and every modification time.
    @Test(arguments: [false, true])
    func neverWritesOutsideTheOutputFolder(outputExists: Bool) throws {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("generator").path
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            Issue.record("no generator executable beside the test bundle at \(executable)")
            return
        }
        let base = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let work = base + "/work"
        try FileManager.default.createDirectory(atPath: work + "/parent", withIntermediateDirectories: true)
        try "keep\n".write(toFile: work + "/parent/sibling.txt", atomically: true, encoding: .utf8)
        try "keep\n".write(toFile: work + "/loose.txt", atomically: true, encoding: .utf8)
        let spec = try Self.changedSpec(in: base)
        if outputExists {
            #expect(Self.run(["--schema", Self.goldenSpec, "--output", work + "/parent/out"]).status == 0)
        }
        // Directory times have a resolution; let any change show.
        Thread.sleep(forTimeInterval: 0.05)
        let before = try Self.snapshot(base, times: true)

        // Stale check, write, clean check, one target again.
        for (arguments, status) in [(["--check"], 1), ([], 0), (["--check"], 0), (["--target", "swift"], 0)] as [([String], Int32)] {
            let result = try ExternalTool.run(
                [executable, "--schema", spec, "--output", "parent/out"] + arguments, in: URL(fileURLWithPath: work))
            #expect(result.status == status, "\(arguments): \(result.output)")
        }

        let after = try Self.snapshot(base, times: true)
        for (path, entry) in before where !path.hasPrefix("work/parent/out") {
            // The parent gains the output folder when it did not exist; that
            // is the one change allowed outside it.
            if path == "work/parent", !outputExists { continue }
            #expect(after[path] == entry, "\(path) changed")
        }
        let added = Set(after.keys).subtracting(before.keys).filter { !$0.hasPrefix("work/parent/out/") }
        #expect(added == (outputExists ? [] : ["work/parent/out"]))
        #expect(after["work/parent/out/Swift/Records.swift"] != nil)
        // No staging directory is left in the output folder either.
        #expect(!after.keys.contains { $0.contains(OutputWriter.stagingPrefix) })
    }

    // MARK: - Check

    @Test func checkNeverWrites() throws {
        let base = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let spec = try Self.changedSpec(in: base)
        // A missing output folder stays missing.
        let missing = Self.run(["--schema", spec, "--output", base + "/missing/out", "--check"])
        #expect(missing.status == 1)
        #expect(!FileManager.default.fileExists(atPath: base + "/missing"))
        // A stale one keeps every byte and every time, with a stale generated
        // file that a write would delete and a hand-written one.
        let out = base + "/out"
        #expect(Self.run(["--schema", Self.goldenSpec, "--output", out]).status == 0)
        try "// \(GeneratedHeader.marker) from an older spec\n".write(toFile: out + "/Swift/Old.swift", atomically: true, encoding: .utf8)
        try "// mine\n".write(toFile: out + "/Swift/Mine.swift", atomically: true, encoding: .utf8)
        Thread.sleep(forTimeInterval: 0.05)
        let before = try Self.snapshot(base, times: true)
        let stale = Self.run(["--schema", spec, "--output", out, "--check"])
        #expect(stale.status == 1)
        #expect(stale.err.contains("removed: \(out)/Swift/Old.swift"))
        #expect(try Self.snapshot(base, times: true) == before)
    }

    @Test func aStagingFolderLeftByAKilledRunIsNeitherReportedNorRemoved() throws {
        let base = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let out = base + "/out"
        #expect(Self.run(["--schema", Self.goldenSpec, "--output", out]).status == 0)
        let leftover = out + "/" + OutputWriter.stagingPrefix + "abc123"
        try FileManager.default.createDirectory(atPath: leftover, withIntermediateDirectories: true)
        try "// \(GeneratedHeader.marker)\n".write(toFile: leftover + "/new-0", atomically: true, encoding: .utf8)
        let writer = OutputWriter(outputDirectory: out, marker: GeneratedHeader.marker)
        #expect(try writer.plan([]).allSatisfy { !$0.path.hasPrefix(OutputWriter.stagingPrefix) })
        #expect(Self.run(["--schema", Self.goldenSpec, "--output", out, "--check"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: leftover + "/new-0"))
    }
}
