import Foundation
import OpenIAPSpec

// `swift run -c release benchmark [--quick] [--json FILE]`: generation
// scaling, decode and encode speed against hand-written types, and the compile
// time of generated code. See Docs/Performance.md.

/// A folder of the package: `name` in the working directory (the package
/// root, where `swift run` is used), else found beside these sources.
func packageFolder(_ name: String) -> String {
    if FileManager.default.fileExists(atPath: name) { return name }
    return URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(name).path
}

struct Options {
    var quick = false
    var jsonPath: String?
    var sizes = [100, 1_000, 10_000]
    var generationRuns = 3
    var generationRunsGiven = false
    /// Rounds of decoding and encoding, each side's best counts: a round is
    /// about a second, and the shared machine's stalls need many to miss.
    var codingRuns = 15
    var batchBytes = 10_000_000
    var compileTypes: Int? = 1_000
    var compileRelease = false
    /// What the generated Swift of `Schema/` costs to build, against
    /// `BaselineSwift` (nil with `--no-compile`); a tiny synthetic spec in
    /// `--quick` runs.
    var codeCostSpec: String? = packageFolder("Schema")
    /// The Swift compiled against the baseline: the committed
    /// `Generated/Swift` for `Schema/`; nil renders it from `codeCostSpec`
    /// with `templatesRoot` (another spec, or `--code-generated render`).
    var codeCostGenerated: String? = packageFolder("Generated/Swift")
    var codeCostRounds = 3
    var inProcess = false
    var templatesRoot = packageFolder("Templates")
    var fixturesRoot = packageFolder("Tests/Fixtures")
    /// Set in the child processes that measure one size each.
    var childTypes: Int?
    var childRunsPerSample = 1
    /// `--write-spec N DIR`: only write the synthetic spec of N types.
    var writeSpec: (types: Int, directory: String)?
    /// `--write-baseline SPEC FILE`: only write `BaselineSwift` of a spec.
    var writeBaseline: (spec: String, file: String)?
    /// `--repeat STAGE N DIR`: only run one stage N times over the spec in DIR.
    var repeatStage: (stage: String, times: Int, directory: String)?
    /// `--hostile`: only time the hostile inputs (`HostileInputBenchmark`),
    /// all of them or the one named by `--case`.
    var hostile = false
    var hostileCase: String?

    /// Stands for the synthetic spec of `tinySpecTypes` types, which a smoke
    /// run compiles in seconds instead of `Schema/`.
    static let tinySpec = "(tiny synthetic spec)"
    static let tinySpecTypes = 20

    static let usage = """
        usage: benchmark [--quick] [--json FILE] [--sizes N,N,...] [--runs N] [--batch-kb N] [--no-compile]
                         [--compile-release] [--no-synthetic-compile] [--code-spec DIR] [--code-generated DIR]
                         [--code-rounds N] [--coding-runs N] [--in-process]
                         [--templates DIR] [--fixtures DIR]

          --quick        small sizes, one run, a small batch, one compile round of a tiny spec: a smoke run
          --json FILE    also write the figures as JSON
          --sizes        spec sizes in types (default 100,1000,10000); scaling compares the last two
          --runs N       samples per generation figure (default 3), each in a process of its own, the sizes
                         taking turns; a sample of a smaller size is the mean of as many runs as make one
                         run of the largest
          --coding-runs N  rounds of decoding and encoding, the best of each side counting (default 15)
          --batch-kb N   size of the decoding document in kB (default 10000)
          --no-compile   skip compiling the generated Swift
          --compile-release  also time an optimised (-O) compile of the 1,000-type spec, which takes many minutes
          --no-synthetic-compile  skip compiling the 1,000-type spec (the baseline comparison still runs)
          --code-spec DIR    the spec whose baseline the generated Swift is compiled against (default Schema);
                             its Swift is rendered with --templates unless --code-generated names a folder
          --code-generated DIR|render  the generated Swift to compile (default Generated/Swift, for Schema)
          --code-rounds N    compile rounds of generated and baseline Swift, taking turns (default 3)
          --in-process   measure every size in this process, its runs in a row (peak memory is then cumulative)

        benchmark --write-spec N DIR   writes the synthetic spec of N types into DIR and stops
                                       (for profiling the generator on it)
        benchmark --write-baseline SPEC FILE  writes the baseline Swift of the spec in SPEC into FILE and stops
        benchmark --hostile [--case NAME] [--runs N] [--json FILE]
                                       times each hostile input at a size and at twice it and fails when
                                       the time grows faster than linearly (ratio above 3)
        benchmark --repeat STAGE N DIR runs one stage (floor, load, render, render-TARGET or run) N times over
                                       the spec in DIR and prints each time: a steady loop to hold a profiler on
        """

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        func value(_ flag: String) throws -> String {
            guard let next = rest.popFirst() else { throw UsageError(message: "\(flag) needs a value") }
            return next
        }
        func number(_ flag: String) throws -> Int {
            let text = try value(flag)
            guard let parsed = Int(text.replacingOccurrences(of: "_", with: "")), parsed > 0 else {
                throw UsageError(message: "\(flag) needs a positive number, not '\(text)'")
            }
            return parsed
        }
        var explicitSizes = false
        var explicitRuns = false
        var explicitBatch = false
        var explicitCodeRounds = false
        var explicitCodeSpec = false
        var explicitCodeGenerated = false
        var explicitCodingRuns = false
        while let argument = rest.popFirst() {
            switch argument {
            case "--quick": quick = true
            case "--json": jsonPath = try value(argument)
            case "--sizes":
                sizes = try value(argument).split(separator: ",").map {
                    guard let size = Int($0.replacingOccurrences(of: "_", with: "")), size > 0 else {
                        throw UsageError(message: "--sizes needs positive numbers, not '\($0)'")
                    }
                    return size
                }
                explicitSizes = true
            case "--runs":
                generationRuns = try number(argument)
                explicitRuns = true
                generationRunsGiven = true
            case "--no-compile":
                compileTypes = nil
                codeCostSpec = nil
            case "--no-synthetic-compile": compileTypes = nil
            case "--code-spec":
                codeCostSpec = try value(argument)
                explicitCodeSpec = true
                if !explicitCodeGenerated { codeCostGenerated = nil }
            case "--code-generated":
                let folder = try value(argument)
                codeCostGenerated = folder == "render" ? nil : folder
                explicitCodeGenerated = true
            case "--code-rounds":
                codeCostRounds = try number(argument)
                explicitCodeRounds = true
            case "--write-baseline": writeBaseline = (try value(argument), try value(argument))
            case "--compile-release": compileRelease = true
            case "--batch-kb":
                batchBytes = try number(argument) * 1_000
                explicitBatch = true
            case "--in-process": inProcess = true
            case "--templates": templatesRoot = try value(argument)
            case "--fixtures": fixturesRoot = try value(argument)
            case "--child-generation": childTypes = try number(argument)
            case "--runs-per-sample": childRunsPerSample = try number(argument)
            case "--coding-runs":
                codingRuns = try number(argument)
                explicitCodingRuns = true
            case "--hostile": hostile = true
            case "--case": hostileCase = try value(argument)
            case "--write-spec": writeSpec = (try number(argument), try value(argument))
            case "--repeat":
                let stage = try value(argument)
                guard StageLoop.stages.contains(stage) else {
                    throw UsageError(message: "--repeat needs one of \(StageLoop.stages.joined(separator: ", ")), not '\(stage)'")
                }
                repeatStage = (stage, try number(argument), try value(argument))
            case "-h", "--help":
                print(Self.usage)
                exit(0)
            default: throw UsageError(message: "unknown argument '\(argument)'")
            }
        }
        if quick {
            if !explicitSizes { sizes = [20, 200] }
            if !explicitRuns { generationRuns = 1 }
            if !explicitBatch { batchBytes = 200_000 }
            compileTypes = nil
            if !explicitCodeRounds { codeCostRounds = 1 }
            if !explicitCodeSpec && codeCostSpec != nil {
                codeCostSpec = Self.tinySpec
                codeCostGenerated = nil
            }
        }
        if quick && !explicitCodingRuns { codingRuns = 1 }
        if sizes.isEmpty { throw UsageError(message: "--sizes needs at least one size") }
    }
}

struct UsageError: Error, CustomStringConvertible {
    var message: String
    var description: String { message + "\n" + Options.usage }
}

do {
    let options = try Options(Array(CommandLine.arguments.dropFirst()))
    if let (types, directory) = options.writeSpec {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try SyntheticSpec(types: types).write(to: directory)
        exit(0)
    }
    if let (spec, file) = options.writeBaseline {
        try Data(BaselineSwift.render(try SpecLoader.load(path: spec)).utf8).write(to: URL(fileURLWithPath: file))
        exit(0)
    }
    if let (stage, times, directory) = options.repeatStage {
        try StageLoop(stage: stage, times: times, specDirectory: directory, templatesRoot: options.templatesRoot).run()
        exit(0)
    }
    if options.hostile {
        var benchmark = HostileInputBenchmark(templatesRoot: options.templatesRoot)
        if options.generationRunsGiven { benchmark.runs = options.generationRuns }
        if let name = options.hostileCase, !benchmark.cases().contains(where: { $0.name == name }) {
            throw UsageError(message: "--case needs one of: \(benchmark.cases().map(\.name).joined(separator: ", "))")
        }
        let figures = try benchmark.run(only: options.hostileCase)
        if let path = options.jsonPath {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(figures).write(to: URL(fileURLWithPath: path))
        }
        exit(figures.contains { $0.judged && $0.ratio > HostileInputBenchmark.quadraticRatio } ? 1 : 0)
    }
    if let types = options.childTypes {
        // A child: measure one sample of one size, after a warm-up run, and
        // hand the figures back on stdout.
        let figures = try GenerationBenchmark(
            types: types, runs: 1, templatesRoot: options.templatesRoot, warmUpRuns: 1, runsPerSample: options.childRunsPerSample
        ).run()
        FileHandle.standardOutput.write(try JSONEncoder().encode(figures))
        exit(0)
    }
    try BenchmarkRun(options: options).run()
} catch {
    FileHandle.standardError.write(Data("benchmark: \(error)\n".utf8))
    exit(1)
}
