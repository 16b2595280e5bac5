import CYAML
import Foundation
import OpenIAPSpec
import OpenIAPCodegen

/// The generation figures of one spec size, all in seconds except where the
/// name says otherwise. Each is the best of several samples, a sample being
/// one run or the mean of several (`GenerationBenchmark.runsPerSample`).
struct GenerationFigures: Codable {
    var types: Int
    var specFiles: Int
    var yamlBytes: Int
    var outputFiles: Int
    var outputBytes: Int
    /// libyaml reading every event of every file and throwing it away.
    var floor: Double
    /// `Generator.load`: YAML to the IR, checked by the spec's rules and every target's.
    var load: Double
    /// The Swift, JSON Schema and TypeScript targets, templates included.
    var render: Double
    /// `OutputWriter.write` into an empty folder.
    var write: Double
    /// `Generator.run()` end to end, timed on its own.
    var total: Double
    /// Processor time of that run (the fastest one), summed over threads:
    /// above `total` when the generator kept several cores busy.
    var totalCPU: Double
    /// What the kernel counted during the fastest load, render and total.
    var loadKernel = KernelFigures()
    var renderKernel = KernelFigures()
    var totalKernel = KernelFigures()
    /// Processor time of the fastest load and render, summed over threads.
    var loadCPU: Double
    var renderCPU: Double
    /// Each target rendered alone from the loaded spec: wall and processor
    /// seconds of its fastest run, by target name.
    var targets: [TargetFigures]
    /// The total of every sample, in the order they were taken (with the
    /// sizes taking turns, entry `i` of each size comes from the same round).
    var runTotals: [Double] = []
    /// How many runs each sample averages (`BenchmarkRun.runsPerSample`).
    var runsPerSample = 1
    /// The fastest single timed `Generator.run()` of any sample.
    var fastestRun = Double.infinity
    /// `VmHWM` of the measuring process when it started and when it finished.
    var baselinePeakBytes: Int?
    var peakBytes: Int?
}

extension GenerationFigures {
    /// The figures of two measurements of the same size taken together: the
    /// faster of each time (with the processor time of that same run), and
    /// the higher peak.
    func merged(with other: GenerationFigures) -> GenerationFigures {
        precondition(types == other.types)
        var result = self
        result.floor = min(floor, other.floor)
        if other.load < load { (result.load, result.loadCPU, result.loadKernel) = (other.load, other.loadCPU, other.loadKernel) }
        if other.render < render {
            (result.render, result.renderCPU, result.renderKernel) = (other.render, other.renderCPU, other.renderKernel)
        }
        result.write = min(write, other.write)
        if other.total < total {
            (result.total, result.totalCPU) = (other.total, other.totalCPU)
            result.totalKernel = other.totalKernel
        }
        result.runTotals = runTotals + other.runTotals
        result.fastestRun = min(fastestRun, other.fastestRun)
        for index in targets.indices where other.targets[index].render < targets[index].render {
            result.targets[index] = other.targets[index]
        }
        result.baselinePeakBytes = [baselinePeakBytes, other.baselinePeakBytes].compactMap { $0 }.max()
        result.peakBytes = [peakBytes, other.peakBytes].compactMap { $0 }.max()
        return result
    }
}

/// Processor seconds spent in the kernel and page faults (first touches of
/// memory the process did not have mapped) during one timed stage. On a
/// virtual machine that hands freed memory back to its host, a page fault
/// can cost microseconds, so these say how much of a stage was the memory
/// it touched rather than its own work.
struct KernelFigures: Codable {
    var seconds = 0.0
    var pageFaults = 0

    init() {}

    /// What the kernel counted during a stage (per run, for a sample of
    /// several).
    init(_ stage: Measure.Stage) {
        (seconds, pageFaults) = (stage.kernelSeconds, Int(stage.pageFaults.rounded()))
    }
}

/// One target rendered on its own.
struct TargetFigures: Codable {
    var name: String
    var render: Double
    var renderCPU: Double
    var outputBytes: Int
}

/// Times the stages of the generator over a synthetic spec. Meant to run in
/// a process of its own per size, so that the peak memory it reports is
/// that size's and not the largest one measured so far.
struct GenerationBenchmark {
    var types: Int
    /// Samples per stage; each stage's figure is the best sample.
    var runs: Int
    var templatesRoot: String
    /// Runs made before the timed ones and not counted: the first run of a
    /// process also pays for growing the heap and loading code, which a
    /// child process that measures a single run would otherwise always
    /// include.
    var warmUpRuns = 0
    /// Runs that make up one sample: each figure of a sample is the mean of
    /// that many runs, each timed on its own. See `BenchmarkRun.runsPerSample`.
    var runsPerSample = 1

    func run() throws -> GenerationFigures {
        let baseline = Measure.statusBytes("VmHWM")
        let spec = SyntheticSpec(types: types)
        let specDirectory = try Measure.temporaryDirectory("spec")
        defer { Measure.remove(specDirectory) }
        try spec.write(to: specDirectory)

        var options = Generator.Options()
        options.schemaPath = specDirectory
        options.templatesRoot = templatesRoot

        // The best sample of each stage, and the sample being taken.
        var best = Samples(targets: Generator.allTargets.count, each: .unmeasured)
        var current = Samples(targets: Generator.allTargets.count)
        var outputFiles = 0, outputBytes = 0
        var targetBytes = Array(repeating: 0, count: Generator.allTargets.count)
        var runTotals: [Double] = []
        var fastestRun = Double.infinity
        let perSample = max(1, runsPerSample)
        // The stages take turns run after run, so a burst of load from other
        // processes spoils one run of each rather than every run of one.
        for run in 0..<(warmUpRuns + max(1, runs) * perSample) {
            // A warm-up run does all the work and keeps no figure.
            let counts = run >= warmUpRuns

            var events = 0
            let floor = try Measure.stage { events = try Self.parseEvents(in: specDirectory) }
            precondition(events > 0)

            var loaded: Spec?
            let load = try Measure.stage { loaded = try Generator(options: options).load() }

            var targets: [Measure.Stage] = []
            for (index, target) in Generator.allTargets.enumerated() {
                var alone = options
                alone.targets = [target.name]
                var files: [GeneratedFile] = []
                targets.append(try Measure.stage { files = try Generator(options: alone).render(loaded!) })
                targetBytes[index] = files.reduce(0) { $0 + $1.byteCount }
            }

            var files: [GeneratedFile] = []
            let render = try Measure.stage { files = try Generator(options: options).render(loaded!) }
            outputFiles = files.count
            outputBytes = files.reduce(0) { $0 + $1.byteCount }

            let writeDirectory = try Measure.temporaryDirectory("write")
            let write = try Measure.stage {
                _ = try OutputWriter(outputDirectory: writeDirectory, marker: GeneratedHeader.marker).write(files)
            }
            Measure.remove(writeDirectory)
            files = []
            loaded = nil

            let runDirectory = try Measure.temporaryDirectory("run")
            options.outputDirectory = runDirectory
            let generator = Generator(options: options)
            let total = try Measure.stage { try generator.run() }
            Measure.remove(runDirectory)

            guard counts else { continue }
            current.add(floor: floor, load: load, targets: targets, render: render, write: write, total: total)
            fastestRun = min(fastestRun, total.wall)
            if current.count == perSample {
                let sample = current.mean()
                runTotals.append(sample.total.wall)
                best.keepFaster(sample)
                current = Samples(targets: Generator.allTargets.count)
            }
        }
        return GenerationFigures(
            types: spec.typeCount, specFiles: spec.files.count, yamlBytes: spec.byteCount,
            outputFiles: outputFiles, outputBytes: outputBytes,
            floor: best.floor.wall, load: best.load.wall, render: best.render.wall, write: best.write.wall,
            total: best.total.wall, totalCPU: best.total.cpu,
            loadKernel: KernelFigures(best.load), renderKernel: KernelFigures(best.render), totalKernel: KernelFigures(best.total),
            loadCPU: best.load.cpu, renderCPU: best.render.cpu,
            targets: Generator.allTargets.indices.map { index in
                TargetFigures(
                    name: Generator.allTargets[index].name, render: best.targets[index].wall,
                    renderCPU: best.targets[index].cpu, outputBytes: targetBytes[index])
            },
            runTotals: runTotals, runsPerSample: perSample, fastestRun: fastestRun,
            baselinePeakBytes: baseline, peakBytes: Measure.statusBytes("VmHWM"))
    }

    /// One figure per stage: summed over the runs of a sample and then
    /// divided into its mean, or the best sample so far.
    private struct Samples {
        var floor, load, render, write, total: Measure.Stage
        var targets: [Measure.Stage]
        /// Runs added so far.
        var count = 0

        /// Every stage `each`: zero to add runs to, or `.unmeasured` to keep
        /// the best sample in.
        init(targets: Int, each: Measure.Stage = Measure.Stage()) {
            (floor, load, render, write, total) = (each, each, each, each, each)
            self.targets = Array(repeating: each, count: targets)
        }

        mutating func add(
            floor: Measure.Stage, load: Measure.Stage, targets: [Measure.Stage], render: Measure.Stage,
            write: Measure.Stage, total: Measure.Stage
        ) {
            self.floor += floor
            self.load += load
            for index in targets.indices { self.targets[index] += targets[index] }
            self.render += render
            self.write += write
            self.total += total
            count += 1
        }

        func mean() -> Samples {
            var mean = self
            let runs = Double(count)
            for path in [\Samples.floor, \.load, \.render, \.write, \.total] { mean[keyPath: path] = self[keyPath: path] / runs }
            mean.targets = targets.map { $0 / runs }
            return mean
        }

        /// Keeps, stage by stage, whichever of the two samples was faster.
        mutating func keepFaster(_ other: Samples) {
            for path in [\Samples.floor, \.load, \.render, \.write, \.total] where other[keyPath: path].wall < self[keyPath: path].wall {
                self[keyPath: path] = other[keyPath: path]
            }
            for index in targets.indices where other.targets[index].wall < targets[index].wall { targets[index] = other.targets[index] }
        }
    }

    // MARK: - The floor

    struct ParseFailure: Error, CustomStringConvertible {
        var file: String
        var description: String { "libyaml could not parse \(file)" }
    }

    /// Reads every YAML file of `directory` the way `SpecLoader` does and
    /// runs libyaml's event parser over it, discarding the events. Returns
    /// how many events there were, so the work cannot be optimised away.
    static func parseEvents(in directory: String) throws -> Int {
        var total = 0
        for source in try SpecLoader.sources(at: directory) {
            let count = source.bytes.withUnsafeBufferPointer { countEvents($0) }
            guard let count else { throw ParseFailure(file: source.path) }
            total += count
        }
        return total
    }

    private static func countEvents(_ input: UnsafeBufferPointer<UInt8>) -> Int? {
        // libyaml's parser must not move while it is in use, so it lives on
        // the heap rather than in a Swift variable.
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) != 0 else { return nil }
        defer { yaml_parser_delete(parser) }
        yaml_parser_set_input_string(parser, input.baseAddress, input.count)
        var event = yaml_event_t()
        var count = 0
        while true {
            guard yaml_parser_parse(parser, &event) != 0 else { return nil }
            let type = event.type
            yaml_event_delete(&event)
            count += 1
            if type == YAML_STREAM_END_EVENT { return count }
        }
    }
}
