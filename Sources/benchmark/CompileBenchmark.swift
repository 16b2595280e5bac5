import Foundation
import OpenIAPSpec
import OpenIAPTemplates
import OpenIAPCodegen

struct CompileFigures: Codable {
    var types: Int
    var swiftFiles: Int
    var swiftLines: Int
    /// `swiftc -emit-module`: parsing and type checking, no code generation.
    var emitModule: Double
    /// `swiftc -c -wmo -Onone`: a debug object file.
    var debugObject: Double
    /// `swiftc -c -wmo -O`: an optimised object file (with `--compile-release`).
    var releaseObject: Double?
    var compiler: String
}

/// Compiles the Swift rendered for a synthetic spec with the toolchain's
/// `swiftc`, one timing per mode. There is no target yet; the figures are
/// tracked to see how spec growth and template changes affect app builds.
struct CompileBenchmark {
    var types: Int
    var templatesRoot: String
    /// Also time an optimised build, which takes several times longer.
    var release: Bool

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    func run() throws -> CompileFigures {
        guard let compiler = Self.findCompiler() else { throw Failure(description: "no swiftc on PATH") }
        let specDirectory = try Measure.temporaryDirectory("compile-spec")
        let work = try Measure.temporaryDirectory("compile")
        defer {
            Measure.remove(specDirectory)
            Measure.remove(work)
        }
        try SyntheticSpec(types: types).write(to: specDirectory)
        let spec = try SpecLoader.load(path: specDirectory)
        let templates = try TemplateSet.load(directory: templatesRoot + "/swift", displayPath: "swift")
        let files = try SwiftTarget().render(spec, templates: templates, header: GeneratedHeader(specVersion: spec.version))
        let (paths, lines) = try Self.write(files.map { ($0.path, $0.contents) }, into: work)
        let common = ["-swift-version", "6", "-parse-as-library", "-module-name", "SyntheticTypes"]
        let emitModule = try Self.time(compiler, common + ["-emit-module", "-emit-module-path", work + "/SyntheticTypes.swiftmodule"] + paths)
        let debug = try Self.time(compiler, common + ["-c", "-wmo", "-Onone", "-o", work + "/debug.o"] + paths)
        let optimised = release ? try Self.time(compiler, common + ["-c", "-wmo", "-O", "-o", work + "/release.o"] + paths) : nil
        return CompileFigures(
            types: spec.types.count, swiftFiles: files.count, swiftLines: lines,
            emitModule: emitModule, debugObject: debug, releaseObject: optimised, compiler: compiler)
    }

    /// Writes Swift files into `folder` (made if missing): their paths, and
    /// how many lines they have together.
    static func write(_ files: [(path: String, contents: String)], into folder: String) throws -> (paths: [String], lines: Int) {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var paths: [String] = []
        var lines = 0
        for file in files {
            let path = folder + "/" + file.path
            try Data(file.contents.utf8).write(to: URL(fileURLWithPath: path))
            paths.append(path)
            lines += file.contents.utf8.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        }
        return (paths, lines)
    }

    /// `$SWIFTC`, else the first `swiftc` on `PATH`.
    static func findCompiler() -> String? {
        let environment = ProcessInfo.processInfo.environment
        if let explicit = environment["SWIFTC"], !explicit.isEmpty { return explicit }
        for folder in (environment["PATH"] ?? "").split(separator: ":") {
            let candidate = String(folder) + "/swiftc"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs a command to completion and returns its wall time; a non-zero
    /// exit is an error carrying the end of its output.
    static func time(_ executable: String, _ arguments: [String]) throws -> Double {
        try timeWithCPU(executable, arguments).wall
    }

    /// `time(_:_:)`, and the processor time the command and the processes
    /// it waited for used (`swiftc` runs `swift-frontend`): less disturbed
    /// than wall time by other work on a shared machine.
    static func timeWithCPU(_ executable: String, _ arguments: [String]) throws -> (wall: Double, cpu: Double) {
        let before = childrenCPU()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        var text = Data()
        let seconds = try Measure.seconds {
            try process.run()
            text = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
        }
        guard process.terminationStatus == 0 else {
            let tail = String(decoding: text.suffix(2000), as: UTF8.self)
            throw Failure(description: "\(executable) \(arguments.prefix(8).joined(separator: " ")) … failed:\n\(tail)")
        }
        return (seconds, childrenCPU() - before)
    }

    /// User and system time of every child process that ended and was waited for.
    static func childrenCPU() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6
    }
}
