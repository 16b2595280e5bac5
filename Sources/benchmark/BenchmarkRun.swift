import Foundation

/// Where the figures came from.
struct Machine: Codable {
    var processors: Int
    var cpu: String
    var swift: String
    /// `/proc/loadavg` (1, 5 and 15 minutes) before and after the run: a load
    /// near or above `processors` means other processes competed for the CPU.
    var loadBefore: String
    var loadAfter: String

    static func read(compiler: String?) -> Machine {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" } ?? "unknown"
        var swift = "unknown"
        if let compiler {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: compiler)
            process.arguments = ["--version"]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = Pipe()
            if (try? process.run()) != nil {
                let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                swift = text.split(separator: "\n").first.map(String.init) ?? swift
            }
        }
        return Machine(
            processors: ProcessInfo.processInfo.activeProcessorCount, cpu: model, swift: swift,
            loadBefore: loadAverage(), loadAfter: "")
    }

    static func loadAverage() -> String {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }
}

/// Everything `--json` writes. The ratios are the tracked figures.
struct Report: Codable {
    /// total / floor at the largest size; target at most 3.
    var floorRatio: Double
    /// total(largest) / total(the size before it); target at most 11 for a
    /// tenfold size step (linear with some slack).
    var scaling: Double
    /// The two sizes `scaling` compares.
    var scalingSizes: [Int]
    /// `scaling` round by round: the median, over the rounds, of the larger
    /// size's total divided by the smaller one's from the same round. The
    /// two minimums `scaling` divides may come from rounds minutes apart,
    /// and a shared machine's speed drifts by more than ten percent over
    /// minutes; the two runs of one round are seconds apart. Nil when the
    /// sizes were not measured in rounds (`--in-process`).
    var pairedScaling: Double?
    /// The ratio of the fastest single `Generator.run()` of each size,
    /// whatever sample it was part of. Before samples of the smaller sizes
    /// averaged several runs (see `BenchmarkRun.runsPerSample`), `scaling`
    /// was this ratio with as many runs of each size; now the smaller size
    /// has `runsPerSample` times as many runs to be lucky in, so this
    /// overstates even more than that did. Kept to show how far one lucky
    /// short run undercuts the means.
    var singleRunScaling: Double
    /// Generated throughput / hand-written throughput; target at least 1.
    var decodeRatio: Double
    var encodeRatio: Double
    /// What `Generated/Swift` costs to build against `BaselineSwift` of the
    /// same spec (`CodeCostFigures`): `-Onone -wmo` and `-O -wmo` compile
    /// time, best over best, targets at most 1.2; `.text` bytes of the `-O`
    /// objects, target at most 1.1. Nil with `--no-compile`.
    var compileRatio: Double?
    var compileReleaseRatio: Double?
    var binaryRatio: Double?
    /// What the JSON bridge (`OpenIAPBridge`, outside the ratios) adds:
    /// `.text` bytes and seconds of `-Onone` and `-O` compiles.
    var bridgeTextBytes: Int?
    var bridgeCompileSeconds: Double?
    var bridgeCompileReleaseSeconds: Double?
    /// The two compile ratios in processor time instead of wall time.
    var compileCPURatio: Double?
    var compileReleaseCPURatio: Double?
    /// Seconds to compile the generated Swift of the compile spec, if measured.
    var compileSeconds: Double?
    var quick: Bool
    var machine: Machine
    var generation: [GenerationFigures]
    var coding: CodingFigures
    var codeCost: CodeCostFigures?
    var compile: CompileFigures?
}

struct BenchmarkRun {
    var options: Options

    func run() throws {
        let compiler = CompileBenchmark.findCompiler()
        var machine = Machine.read(compiler: compiler)
        print("OpenIAP generator benchmark\(options.quick ? " (quick smoke run: figures are not meaningful)" : "")")
        print("\(machine.processors) processors, \(machine.cpu), \(machine.swift); load average \(machine.loadBefore)")
        print("")

        let generation = try measureGeneration()
        printGeneration(generation)

        progress("decoding and encoding…")
        let coding = try DecodeBenchmark(fixturesRoot: options.fixturesRoot, targetBytes: options.batchBytes, runs: options.codingRuns).run()
        printCoding(coding)

        var codeCost: CodeCostFigures?
        if var spec = options.codeCostSpec {
            var tiny: String?
            if spec == Options.tinySpec {
                tiny = try Measure.temporaryDirectory("tiny-spec")
                try SyntheticSpec(types: Options.tinySpecTypes).write(to: tiny!)
                // And a small API with the types a bridge answers with, so
                // that the smoke run compiles an OpenIAPBridge too.
                try SyntheticSpec.bridgeAPI.write(toFile: tiny! + "/api.yaml", atomically: true, encoding: .utf8)
                spec = tiny!
            }
            defer { tiny.map(Measure.remove) }
            progress("compiling \(options.codeCostGenerated ?? "the Swift rendered from \(spec)") and the baseline of \(spec), \(options.codeCostRounds) rounds…")
            codeCost = try CodeCostBenchmark(
                specDirectory: spec, generatedFolder: options.codeCostGenerated, templatesRoot: options.templatesRoot,
                rounds: options.codeCostRounds
            ).run()
            printCodeCost(codeCost!)
        }

        var compile: CompileFigures?
        if let types = options.compileTypes {
            progress("compiling the Swift generated for \(types) types…")
            compile = try CompileBenchmark(types: types, templatesRoot: options.templatesRoot, release: options.compileRelease).run()
            printCompile(compile!)
        }

        machine.loadAfter = Machine.loadAverage()
        let last = generation[generation.count - 1]
        let previous = generation.count > 1 ? generation[generation.count - 2] : last
        let report = Report(
            floorRatio: last.total / last.floor,
            scaling: last.total / previous.total,
            scalingSizes: [previous.types, last.types],
            pairedScaling: options.inProcess ? nil : Self.medianRatio(last.runTotals, previous.runTotals),
            singleRunScaling: last.fastestRun / previous.fastestRun,
            decodeRatio: coding.decodeRatio,
            encodeRatio: coding.encodeRatio,
            compileRatio: codeCost?.compileRatio,
            compileReleaseRatio: codeCost?.compileReleaseRatio,
            binaryRatio: codeCost?.binaryRatio,
            bridgeTextBytes: codeCost?.bridgeTextBytes,
            bridgeCompileSeconds: codeCost?.bridgeDebugSeconds,
            bridgeCompileReleaseSeconds: codeCost?.bridgeReleaseSeconds,
            compileCPURatio: codeCost?.compileCPURatio,
            compileReleaseCPURatio: codeCost?.compileReleaseCPURatio,
            compileSeconds: compile?.debugObject,
            quick: options.quick,
            machine: machine, generation: generation, coding: coding, codeCost: codeCost, compile: compile)
        print("")
        print(String(format: "floor_ratio   %6.2f   (total / floor at %d types, every target; budget ≤ 6)", report.floorRatio, last.types))
        print(String(format: "scaling       %6.2f   (total at %d / total at %d types; target ≤ 11)", report.scaling, last.types, previous.types))
        if let paired = report.pairedScaling {
            print(String(format: "  paired      %6.2f   (the median of the rounds' own ratios; each round ran both sizes back to back)", paired))
            for figures in [previous, last] {
                print("  \(figures.types) types, total of each round: " + figures.runTotals.map(seconds).joined(separator: " "))
            }
        }
        print(String(format: "  single runs %6.2f   (the fastest single run of each size, however many runs each had)", report.singleRunScaling))
        print(String(format: "decode_ratio  %6.2f   (generated / hand-written throughput; target ≥ 1)", report.decodeRatio))
        print(String(format: "encode_ratio  %6.2f   (generated / hand-written throughput; target ≥ 1)", report.encodeRatio))
        if let codeCost {
            print(String(format: "compile_ratio %6.2f   (-Onone -wmo, generated / baseline, best of %d each; target ≤ 1.2; paired %.2f)",
                         codeCost.compileRatio, codeCost.generatedDebug.count, codeCost.pairedCompileRatio))
            print(String(format: "compile_release_ratio %6.2f   (-O -wmo; target ≤ 1.2; paired %.2f)",
                         codeCost.compileReleaseRatio, codeCost.pairedCompileReleaseRatio))
            print(String(format: "binary_ratio  %6.2f   (.text bytes of the -O objects, generated / baseline; target ≤ 1.1)", codeCost.binaryRatio))
            print(String(format: "the JSON bridge (OpenIAPBridge, not in the ratios): bridge_text_bytes %d, bridge_compile_seconds %.2f, bridge_compile_release_seconds %.2f",
                         codeCost.bridgeTextBytes, codeCost.bridgeDebugSeconds, codeCost.bridgeReleaseSeconds))
        }
        print("load average before \(machine.loadBefore), after \(machine.loadAfter)")

        if let path = options.jsonPath {
            let encoder = JSONEncoder()
            encoder.keyEncodingStrategy = .convertToSnakeCase
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(report).write(to: URL(fileURLWithPath: path))
            print("figures written to \(path)")
        }
    }

    /// The median of `numerators[i] / denominators[i]`; nil without pairs.
    static func medianRatio(_ numerators: [Double], _ denominators: [Double]) -> Double? {
        guard numerators.count == denominators.count, !numerators.isEmpty else { return nil }
        let ratios = zip(numerators, denominators).map { $0 / $1 }.sorted()
        let middle = ratios.count / 2
        return ratios.count % 2 == 1 ? ratios[middle] : (ratios[middle - 1] + ratios[middle]) / 2
    }

    private func progress(_ text: String) {
        FileHandle.standardError.write(Data("  \(text)\n".utf8))
    }

    /// The generation figures of every size, the best of `generationRuns`
    /// runs each.
    ///
    /// Each run of each size is a child process of its own, so that the peak
    /// memory is that size's alone, and the sizes take turns run after run:
    /// a stretch of time in which other work slows the machine down then
    /// spoils one run of every size instead of all the runs of one size,
    /// which would skew `scaling` either way. With `--in-process`, every size
    /// is measured in this process instead, all its runs in a row.
    private func measureGeneration() throws -> [GenerationFigures] {
        if options.inProcess {
            return try options.sizes.map { size in
                progress("generating \(size) types…")
                return try GenerationBenchmark(
                    types: size, runs: options.generationRuns, templatesRoot: options.templatesRoot, warmUpRuns: 1,
                    runsPerSample: Self.runsPerSample(size, largest: options.sizes.max()!)
                ).run()
            }
        }
        var best: [GenerationFigures?] = Array(repeating: nil, count: options.sizes.count)
        for round in 1...options.generationRuns {
            progress("generating, run \(round) of \(options.generationRuns): \(options.sizes.map(String.init).joined(separator: ", ")) types…")
            for (index, size) in options.sizes.enumerated() {
                let figures = try measureInChild(types: size)
                best[index] = best[index].map { $0.merged(with: figures) } ?? figures
            }
        }
        return best.map { $0! }
    }

    /// One run of one size in a child process (after a warm-up run there).
    private func measureInChild(types: Int) throws -> GenerationFigures {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        process.arguments = [
            "--child-generation", String(types), "--runs-per-sample", String(Self.runsPerSample(types, largest: options.sizes.max()!)),
            "--templates", options.templatesRoot,
        ]
        process.environment = Self.childEnvironment(ProcessInfo.processInfo.environment)
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw UsageError(message: "measuring \(types) types failed (exit status \(process.terminationStatus))")
        }
        return try JSONDecoder().decode(GenerationFigures.self, from: data)
    }

    /// How many runs of a size make one sample: as many as it takes to do
    /// the work of one run of the largest size (ten at 1,000 types when the
    /// largest is 10,000), each timed on its own, the sample being their
    /// mean.
    ///
    /// Every figure is the best sample, and the best of several samples is
    /// the luckiest of them. On a shared virtual machine, luck comes in
    /// stretches of milliseconds (another guest's burst, a processor taken
    /// away for a while), so a 40 ms run can fall entirely into a quiet
    /// stretch while a 450 ms run cannot. In one benchmark run of single-run
    /// samples, the best of seven 1,000-type runs was 29 % below their
    /// median, the best 10,000-type run 5 % below theirs. Their ratio,
    /// `scaling`, then measured the difference in luck as much as the
    /// generator. A sample that covers the same amount of
    /// work at every size is exposed to the machine for about as long,
    /// which is why benchmark harnesses repeat a short case until it fills a
    /// minimum time. Repeating the runs also keeps every one of them warm:
    /// the memory and files of the run before it are still there.
    static func runsPerSample(_ size: Int, largest: Int) -> Int {
        max(1, Int((Double(largest) / Double(size)).rounded()))
    }

    /// The environment of a measuring child: this one, with glibc told to
    /// keep memory that is freed (`GLIBC_TUNABLES`, read when a process
    /// starts).
    ///
    /// glibc gives freed memory back to the kernel once more than its trim
    /// threshold is free at the top of a heap, and maps each block above its
    /// mmap threshold afresh. A 1,000-type run stays under both, so the
    /// memory its warm-up run freed is still there for the timed run; a
    /// 10,000-type run does not, and its timed run faulted thousands of
    /// pages back in (a few microseconds each on this virtual machine) that
    /// the smaller size never paid for: the warm-up did its job at one size
    /// only. With the thresholds raised it does at both. glibc accepts no
    /// mmap threshold above 32 MB, though, and the JSON Schema's output
    /// buffer grows past that at 10,000 types (21.5 MB of text in a buffer
    /// that doubles), so every timed run still mapped it afresh and faulted
    /// in its 5,250 pages: exactly the page faults the 10,000-type total
    /// showed. `mmap_max=0` makes glibc take every block from its heaps,
    /// which keep what is freed. A generator run in a fresh process faults
    /// in every page it uses either way; the peak memory and page-fault
    /// columns show that cost.
    static func childEnvironment(_ environment: [String: String]) -> [String: String] {
        var environment = environment
        let keep = "glibc.malloc.trim_threshold=1073741824:glibc.malloc.mmap_threshold=33554432:glibc.malloc.mmap_max=0"
        environment["GLIBC_TUNABLES"] = environment["GLIBC_TUNABLES"].map { $0 + ":" + keep } ?? keep
        return environment
    }

    // MARK: - Tables

    private func printGeneration(_ figures: [GenerationFigures]) {
        print(
            options.inProcess
                ? "Generation, seconds (best of \(options.generationRuns) samples); every size in this process, so peak memory is cumulative"
                : "Generation, seconds (best of \(options.generationRuns) samples; each sample of each size in a process of its own, the sizes taking turns)")
        let averaged = figures.filter { $0.runsPerSample > 1 }.map { "\($0.runsPerSample) at \($0.types) types" }
        if !averaged.isEmpty {
            print("A sample is the mean of as many runs as make one run of the largest size: " + averaged.joined(separator: ", ") + ".")
        }
        let header = ["types", "YAML MB", "floor", "load", "render", "write", "total", "total/floor", "CPU", "out MB", "peak MB"]
        var rows: [[String]] = []
        for f in figures {
            rows.append([
                "\(f.types)", megabytes(f.yamlBytes), seconds(f.floor), seconds(f.load), seconds(f.render), seconds(f.write),
                seconds(f.total), String(format: "%.2f", f.total / f.floor), seconds(f.totalCPU), megabytes(f.outputBytes),
                f.peakBytes.map(megabytes) ?? "?",
            ])
        }
        printTable(header, rows)
        print("floor: libyaml events only; load: YAML → validated IR; render: every target (Swift, SwiftBridge, JSON Schema, TypeScript, Kotlin, OpenAPI);")
        print("write: OutputWriter into an empty folder; total: Generator.run() end to end, timed separately;")
        print("CPU: processor time of that run over all threads (the generator reads files and renders targets in parallel).")
        if let baseline = figures.first?.baselinePeakBytes { print("A process that does nothing peaks at about \(megabytes(baseline)) MB.") }
        print("")
        guard let last = figures.last else { return }
        print("Stages at \(last.types) types, wall and processor seconds (CPU above wall: both cores were busy)")
        func kernel(_ figures: KernelFigures) -> [String] { [String(format: "%.3f", figures.seconds), "\(figures.pageFaults)"] }
        var stages = [
            ["floor (one thread)", seconds(last.floor), seconds(last.floor), "", "", ""],
            ["load", seconds(last.load), seconds(last.loadCPU), ""] + kernel(last.loadKernel),
            ["render, all targets", seconds(last.render), seconds(last.renderCPU), megabytes(last.outputBytes)] + kernel(last.renderKernel),
        ]
        for target in last.targets {
            stages.append(["render \(target.name) alone", seconds(target.render), seconds(target.renderCPU), megabytes(target.outputBytes), "", ""])
        }
        stages.append(["total (Generator.run)", seconds(last.total), seconds(last.totalCPU), ""] + kernel(last.totalKernel))
        printTable(["", "wall", "CPU", "out MB", "kernel s", "page faults"], stages)
        print("")
    }

    private func printCoding(_ f: CodingFigures) {
        print("Decoding and encoding \(megabytes(f.batchBytes)) MB of JSON (\(f.payloads) payloads from \(f.fixturesUsed.count) fixtures), best of \(options.codingRuns)")
        let rate = { (time: Double) in String(format: "%.1f", Double(f.batchBytes) / time / 1_000_000) }
        printTable(
            ["", "generated MB/s", "hand-written MB/s", "ratio"],
            [
                ["decode", rate(f.generatedDecode), rate(f.handWrittenDecode), String(format: "%.2f", f.decodeRatio)],
                ["encode", rate(f.generatedEncode), rate(f.handWrittenEncode), String(format: "%.2f", f.encodeRatio)],
            ])
        print("Left out: \(f.fixturesSkipped.count) valid fixtures (values the hand-written closed enums cannot hold, or 16 KiB bodies).")
        print("")
    }

    private func printCodeCost(_ f: CodeCostFigures) {
        print("Compiling \(f.generatedFolder ?? "the Swift rendered from \(f.spec)") (\(f.generatedFiles) files, \(f.generatedLines) lines) and the baseline of \(f.spec) (\(f.baselineLines) lines), seconds of every round")
        let rounds = { (times: [Double]) in times.map(seconds).joined(separator: " ") }
        printTable(
            ["", "generated", "baseline", "best / best", "median of rounds"],
            [
                ["-c -wmo -Onone", rounds(f.generatedDebug), rounds(f.baselineDebug),
                 String(format: "%.2f", f.compileRatio), String(format: "%.2f", f.pairedCompileRatio)],
                ["-c -wmo -O", rounds(f.generatedRelease), rounds(f.baselineRelease),
                 String(format: "%.2f", f.compileReleaseRatio), String(format: "%.2f", f.pairedCompileReleaseRatio)],
                ["CPU -Onone", rounds(f.generatedDebugCPU), rounds(f.baselineDebugCPU), String(format: "%.2f", f.compileCPURatio), ""],
                ["CPU -O", rounds(f.generatedReleaseCPU), rounds(f.baselineReleaseCPU), String(format: "%.2f", f.compileReleaseCPURatio), ""],
                [".text bytes (-O)", "\(f.generatedTextBytes)", "\(f.baselineTextBytes)", String(format: "%.2f", f.binaryRatio), ""],
            ])
        print("The JSON bridge, OpenIAPBridge (\(f.bridgeLines) lines), compiled against the types' module: -Onone " + rounds(f.bridgeDebug)
            + ", -O " + rounds(f.bridgeRelease) + ", .text \(f.bridgeTextBytes) bytes")
        print("")
    }

    private func printCompile(_ f: CompileFigures) {
        print("Compiling the generated Swift of \(f.types) types (\(f.swiftFiles) files, \(f.swiftLines) lines), seconds")
        printTable(
            ["swiftc -emit-module", "-c -wmo -Onone", "-c -wmo -O"],
            [[seconds(f.emitModule), seconds(f.debugObject), f.releaseObject.map(seconds) ?? "(--compile-release)"]])
        print("")
    }

    private func printTable(_ header: [String], _ rows: [[String]]) {
        var widths = header.map(\.count)
        for row in rows { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) } }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                index == 0 && header[0].isEmpty
                    ? cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[index] - cell.count) + cell
            }.joined(separator: "  ")
        }
        print(line(header))
        for row in rows { print(line(row)) }
    }

    private func seconds(_ value: Double) -> String { String(format: "%.3f", value) }
    private func megabytes(_ bytes: Int) -> String { String(format: "%.1f", Double(bytes) / 1_000_000) }
}
