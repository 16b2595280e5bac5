import Foundation
import OpenIAPCodegen
import OpenIAPSpec

/// The `generator` command line: argument parsing, output and exit codes.
/// It lives in the library so tests run it exactly as users do; the
/// executable only forwards `CommandLine.arguments`.
public struct GeneratorCommand {
    public static let version = "0.1.0"

    public static let usage = """
        usage: generator [options]
               generator diff OLD [NEW] [--against REV] [--format text|json|markdown] [--allow-breaking]
               generator lint [--schema PATH] [--rules]

        Reads the OpenIAP spec, renders every target and writes the output folder.
        `generator diff` compares two versions of the spec instead and reports
        what breaks on the wire and in source; `generator diff --help` explains.

        options:
          --schema PATH      spec file or folder (default: Schema)
          --templates DIR    template overrides: DIR/<target>/NAME.tmpl replaces the
                             built-in template NAME of that target, and a source file
                             (OpenIAPRuntime.swift, *.kt) the built-in one of its name;
                             others stay built-in
          --output DIR       output folder (default: Generated)
          --target NAME      swift, swift-bridge, swift-iapkit, jsonschema, typescript, kotlin,
                             openapi or kotlin-iapkit; repeatable (default: all)
          --kotlin-package NAME
                             the package of the generated Kotlin (default: dev.openiap.types;
                             the OpenIAP Android SDKs use dev.hyo.openiap)
          --check            write nothing; exit 1 listing every file that would be
                             added, changed or removed, with a short diff
          --fsync            flush new files to disk before moving them into place,
                             so that even a power failure cannot lose them
          --version          print the generator version
          --help             print this help

        Errors print as path:line:column: error: message, the exit status is 1,
        and the output folder is left exactly as it was.
        """

    /// Where the command writes; tests capture both streams.
    public var standardOutput: (String) -> Void
    public var standardError: (String) -> Void
    /// The built-in template folder used when no other is found.
    public var builtInTemplates: String

    public init(
        builtInTemplates: String,
        standardOutput: @escaping (String) -> Void = { FileHandle.standardOutput.write(Data($0.utf8)) },
        standardError: @escaping (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }
    ) {
        self.builtInTemplates = builtInTemplates
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    /// Runs with the arguments after the program name; returns the exit status:
    /// 0 success, 1 errors in the input or a stale output (`--check`), 2 misuse.
    public func run(_ arguments: [String]) -> Int32 {
        if arguments.first == "diff" { return runDiff(Array(arguments.dropFirst())) }
        if arguments.first == "lint" { return runLint(Array(arguments.dropFirst())) }
        var options = Generator.Options()
        options.templatesRoot = builtInTemplates
        var check = false
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            func value() -> String? {
                index += 1
                return index < arguments.count ? arguments[index] : nil
            }
            switch argument {
            case "--help", "-h":
                standardOutput(Self.usage + "\n")
                return 0
            case "--version":
                standardOutput("generator \(Self.version)\n")
                return 0
            case "--schema", "--templates", "--output", "--target", "--kotlin-package":
                guard let text = value() else { return misuse("\(argument) needs a value") }
                switch argument {
                case "--schema": options.schemaPath = text
                case "--templates": options.templateOverrides = text
                case "--output": options.outputDirectory = text
                case "--kotlin-package": options.kotlinPackage = text
                default: options.targets.append(text)
                }
            case "--check": check = true
            case "--fsync": options.flushesToDisk = true
            default: return misuse("unknown argument '\(argument)'")
            }
            index += 1
        }

        let generator = Generator(options: options)
        do {
            if check { return try reportCheck(generator.check(), output: options.outputDirectory) }
            let (changes, notes, warnings) = try generator.runWithReport()
            for warning in warnings { standardError(warning.description + "\n") }
            for note in notes { standardError("generator: note: \(note)\n") }
            let count = changes.count
            standardOutput("generator: \(options.outputDirectory): \(count) file\(count == 1 ? "" : "s") changed\n")
            return 0
        } catch {
            standardError(error.description + "\n")
            return 1
        }
    }

    private func reportCheck(_ changes: [FileChange], output: String) -> Int32 {
        guard !changes.isEmpty else {
            standardOutput("generator: \(output) is up to date\n")
            return 0
        }
        var text = "generator: \(output) is stale; run `swift run generator`:\n"
        for change in changes {
            text += "  \(change.kind.rawValue): \(output)/\(change.path)\n"
            if let diff = change.diff {
                for line in diff.split(separator: "\n", omittingEmptySubsequences: false) where !line.isEmpty {
                    text += "    \(line)\n"
                }
            }
        }
        standardError(text)
        return 1
    }

    private func misuse(_ message: String) -> Int32 {
        standardError("generator: error: \(message)\n\n\(Self.usage)\n")
        return 2
    }
}
