import Foundation
import OpenIAPSpec
import OpenIAPTemplates
import OpenIAPCodegen

/// What the generated Swift of one spec costs the apps that build it, next to
/// `BaselineSwift` of the same spec: compile time and object code size.
struct CodeCostFigures: Codable {
    /// The spec folder measured (`Schema` unless a smoke run picked a tiny one).
    var spec: String
    /// The folder of generated Swift compiled, or nil when it was rendered
    /// from `spec`.
    var generatedFolder: String?
    var generatedFiles: Int
    var generatedLines: Int
    var baselineLines: Int
    /// Every round's wall time in seconds, rounds in order.
    /// `swiftc -c -wmo -Onone`.
    var generatedDebug: [Double]
    var baselineDebug: [Double]
    /// `swiftc -c -wmo -O`.
    var generatedRelease: [Double]
    var baselineRelease: [Double]
    /// The processor time of the same compiles (the driver and its
    /// frontend), which other work on the machine disturbs less.
    var generatedDebugCPU: [Double]
    var baselineDebugCPU: [Double]
    var generatedReleaseCPU: [Double]
    var baselineReleaseCPU: [Double]
    /// Bytes of executable code (`.text` sections) in the `-O` objects.
    var generatedTextBytes: Int
    var baselineTextBytes: Int
    /// The tool that read the section sizes.
    var sizeTool: String
    /// The JSON bridge (`OpenIAPBridge`: the dispatcher and the reply
    /// types, which the baseline has no counterpart of), compiled as the
    /// module it is, against the types' `.swiftmodule`, in the same rounds:
    /// what a JavaScript or Flutter bridge builds on top of the types.
    var bridgeLines: Int
    var bridgeDebug: [Double]
    var bridgeRelease: [Double]
    var bridgeTextBytes: Int

    /// Best of the rounds over best of the rounds: each side's luckiest
    /// compile on a shared machine.
    var compileRatio: Double { generatedDebug.min()! / baselineDebug.min()! }
    var compileReleaseRatio: Double { generatedRelease.min()! / baselineRelease.min()! }
    var binaryRatio: Double { Double(generatedTextBytes) / Double(baselineTextBytes) }
    /// What `OpenIAPBridge` adds: the best of its `-Onone` and `-O`
    /// compiles (`bridgeTextBytes` is its `-O` object's code).
    var bridgeDebugSeconds: Double { bridgeDebug.min()! }
    var bridgeReleaseSeconds: Double { bridgeRelease.min()! }
    var compileCPURatio: Double { generatedDebugCPU.min()! / baselineDebugCPU.min()! }
    var compileReleaseCPURatio: Double { generatedReleaseCPU.min()! / baselineReleaseCPU.min()! }
    /// The same ratios round by round, their median: the two compiles of a
    /// round run back to back, so they share the machine's mood.
    var pairedCompileRatio: Double { Self.median(zip(generatedDebug, baselineDebug).map(/)) }
    var pairedCompileReleaseRatio: Double { Self.median(zip(generatedRelease, baselineRelease).map(/)) }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

/// Renders the Swift target and `BaselineSwift` from one spec and compiles
/// both with the toolchain's `swiftc` in Swift 6 mode, whole-module, the two
/// taking turns round after round (which goes first alternates), so that a
/// slow stretch of the shared machine hits both alike.
struct CodeCostBenchmark {
    var specDirectory: String
    /// Compile the Swift files of this folder (`Generated/Swift`) as they
    /// are, and for the bridge those of its sibling `SwiftBridge`; nil
    /// renders the Swift targets from the spec with `templatesRoot`.
    var generatedFolder: String?
    var templatesRoot: String
    var rounds: Int

    typealias Failure = CompileBenchmark.Failure

    func run() throws -> CodeCostFigures {
        guard let compiler = CompileBenchmark.findCompiler() else { throw Failure(description: "no swiftc on PATH") }
        let work = try Measure.temporaryDirectory("code-cost")
        defer { Measure.remove(work) }
        let spec = try SpecLoader.load(path: specDirectory)
        let templates = try TemplateSet.load(directory: templatesRoot + "/swift", displayPath: "swift")
        func render(_ target: any GenerationTarget) throws -> [(path: String, contents: String)] {
            try target.render(spec, templates: templates, header: GeneratedHeader(specVersion: spec.version)).map { ($0.path, $0.contents) }
        }
        func read(_ folder: String) throws -> [(path: String, contents: String)] {
            try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") }.sorted()
                .map { ($0, try String(contentsOfFile: folder + "/" + $0, encoding: .utf8)) }
        }
        let files = try generatedFolder.map(read) ?? render(SwiftTarget())
        guard !files.isEmpty else { throw Failure(description: "no Swift files in \(generatedFolder ?? "the rendered output")") }
        let bridgeFolder = generatedFolder.map { URL(fileURLWithPath: $0).deletingLastPathComponent().appendingPathComponent("SwiftBridge").path }
        let bridgeFiles = try bridgeFolder.map(read) ?? render(SwiftBridgeTarget())
        guard !bridgeFiles.isEmpty else { throw Failure(description: "no Swift files in \(bridgeFolder ?? "the rendered bridge")") }
        let generated = try CompileBenchmark.write(files, into: work + "/generated")
        let bridge = try CompileBenchmark.write(bridgeFiles, into: work + "/bridge")
        let baseline = try CompileBenchmark.write([("Baseline.swift", BaselineSwift.render(spec))], into: work + "/baseline")
        // The types' interface, for the bridge's `import OpenIAPTypes`; made
        // once, before the timed rounds (no compile of the types is timed
        // with it, as the baseline makes none).
        let modules = work + "/modules"
        try FileManager.default.createDirectory(atPath: modules, withIntermediateDirectories: true)
        _ = try CompileBenchmark.timeWithCPU(
            compiler,
            ["-swift-version", "6", "-parse-as-library", "-module-name", "OpenIAPTypes", "-emit-module", "-wmo",
             "-emit-module-path", modules + "/OpenIAPTypes.swiftmodule"] + generated.paths)

        // `side` names the object and the module; only the bridge imports
        // another module, so only its compile is given the types' interface.
        func compile(_ sources: [String], side: String, _ mode: String) throws -> (wall: Double, cpu: Double) {
            let search = side == "OpenIAPBridge" ? ["-I", modules] : []
            return try CompileBenchmark.timeWithCPU(
                compiler,
                [
                    "-swift-version", "6", "-parse-as-library", "-module-name", side, "-c", "-wmo", mode,
                    "-o", work + "/\(side)\(mode).o",
                ] + search + sources)
        }
        var times: [String: [Double]] = [:]
        var cpu: [String: [Double]] = [:]
        for round in 0..<max(1, rounds) {
            for mode in ["-Onone", "-O"] {
                let sides = [("OpenIAPTypes", generated.paths), ("Baseline", baseline.paths), ("OpenIAPBridge", bridge.paths)]
                for (side, sources) in round % 2 == 0 ? sides : sides.reversed() {
                    let (wall, processor) = try compile(sources, side: side, mode)
                    times[side + mode, default: []].append(wall)
                    cpu[side + mode, default: []].append(processor)
                }
            }
        }
        let sizeTool = try Self.sizeTool(near: compiler)
        return CodeCostFigures(
            spec: specDirectory, generatedFolder: generatedFolder, generatedFiles: files.count, generatedLines: generated.lines, baselineLines: baseline.lines,
            generatedDebug: times["OpenIAPTypes-Onone"]!, baselineDebug: times["Baseline-Onone"]!,
            generatedRelease: times["OpenIAPTypes-O"]!, baselineRelease: times["Baseline-O"]!,
            generatedDebugCPU: cpu["OpenIAPTypes-Onone"]!, baselineDebugCPU: cpu["Baseline-Onone"]!,
            generatedReleaseCPU: cpu["OpenIAPTypes-O"]!, baselineReleaseCPU: cpu["Baseline-O"]!,
            generatedTextBytes: try Self.textBytes(of: work + "/OpenIAPTypes-O.o", tool: sizeTool),
            baselineTextBytes: try Self.textBytes(of: work + "/Baseline-O.o", tool: sizeTool),
            sizeTool: sizeTool,
            bridgeLines: bridge.lines, bridgeDebug: times["OpenIAPBridge-Onone"]!, bridgeRelease: times["OpenIAPBridge-O"]!,
            bridgeTextBytes: try Self.textBytes(of: work + "/OpenIAPBridge-O.o", tool: sizeTool))
    }

    /// The toolchain's `llvm-objdump` beside `swiftc`, else binutils'
    /// `objdump` on `PATH`.
    static func sizeTool(near compiler: String) throws -> String {
        let beside = URL(fileURLWithPath: compiler).resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("llvm-objdump").path
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = String(folder) + "/objdump"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw Failure(description: "neither llvm-objdump beside \(compiler) nor objdump on PATH (binutils)")
    }

    /// The bytes of every `.text` section of an object file (one per
    /// function where the compiler splits them), from `objdump -h`, whose
    /// lines read `index name size(hex) …`.
    static func textBytes(of object: String, tool: String) throws -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["-h", object]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(description: "\(tool) -h \(object) failed") }
        var total = 0
        var sections = 0
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ")
            guard words.count >= 3, Int(words[0]) != nil, words[1] == ".text" || words[1].hasPrefix(".text.") else { continue }
            guard let size = Int(words[2], radix: 16) else { throw Failure(description: "\(tool): cannot read the size in '\(line)'") }
            total += size
            sections += 1
        }
        guard sections > 0 else { throw Failure(description: "\(tool) -h \(object) listed no .text section") }
        return total
    }
}
