import CYAML
import Foundation
import OpenIAPCodegen

/// The generation figures of one spec size, all in seconds except where the
/// name says otherwise. Each is the best of several runs.
struct GenerationFigures: Codable {
    var types: Int
    var specFiles: Int
    var yamlBytes: Int
    var outputFiles: Int
    var outputBytes: Int
    /// libyaml reading every event of every file and throwing it away.
    var floor: Double
    /// `SpecLoader.load`: YAML to the validated IR.
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
    /// The total of every timed run, in the order they were made (with the
    /// sizes taking turns, entry `i` of each size comes from the same round).
    var runTotals: [Double] = []
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

    /// What the kernel counted from `start` until now.
    init(since start: Measure.KernelUsage) {
        let usage = Measure.KernelUsage.now() - start
        (seconds, pageFaults) = (usage.systemSeconds, usage.pageFaults)
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
    var runs: Int
    var templatesRoot: String
    /// Runs made before the timed ones and not counted: the first run of a
    /// process also pays for growing the heap and loading code, which a
    /// child process that measures a single run would otherwise always
    /// include.
    var warmUpRuns = 0

    func run() throws -> GenerationFigures {
        let baseline = Measure.statusBytes("VmHWM")
        let spec = SyntheticSpec(types: types)
        let specDirectory = try Measure.temporaryDirectory("spec")
        defer { Measure.remove(specDirectory) }
        try spec.write(to: specDirectory)

        var options = Generator.Options()
        options.schemaPath = specDirectory
        options.templatesRoot = templatesRoot

        var floor = Double.infinity, load = Double.infinity, render = Double.infinity
        var write = Double.infinity, total = Double.infinity, totalCPU = Double.infinity
        var loadKernel = KernelFigures(), renderKernel = KernelFigures(), totalKernel = KernelFigures()
        var loadCPU = Double.infinity, renderCPU = Double.infinity
        var targets = Generator.allTargets.map { TargetFigures(name: $0.name, render: .infinity, renderCPU: .infinity, outputBytes: 0) }
        var outputFiles = 0, outputBytes = 0
        var runTotals: [Double] = []
        // The stages take turns run after run, so a burst of load from other
        // processes spoils one run of each rather than every run of one.
        for run in 0..<(warmUpRuns + max(1, runs)) {
            // A warm-up run does all the work and keeps no figure: its
            // times are infinite as far as the minimums below are concerned.
            let counts = run >= warmUpRuns
            func kept(_ seconds: Double) -> Double { counts ? seconds : .infinity }
            func kept(_ timing: (wall: Double, cpu: Double)) -> (wall: Double, cpu: Double) { counts ? timing : (.infinity, .infinity) }

            var events = 0
            floor = min(floor, kept(try Measure.seconds { events = try Self.parseEvents(in: specDirectory) }))
            precondition(events > 0)

            var loaded: Spec?
            var kernelBefore = Measure.KernelUsage.now()
            let loading = kept(try Measure.secondsAndCPU { loaded = try SpecLoader.load(path: specDirectory) })
            if loading.wall < load { (load, loadCPU, loadKernel) = (loading.wall, loading.cpu, KernelFigures(since: kernelBefore)) }

            for index in targets.indices {
                var alone = options
                alone.targets = [targets[index].name]
                var files: [GeneratedFile] = []
                let rendering = kept(try Measure.secondsAndCPU { files = try Generator(options: alone).render(loaded!) })
                if rendering.wall < targets[index].render { (targets[index].render, targets[index].renderCPU) = (rendering.wall, rendering.cpu) }
                targets[index].outputBytes = files.reduce(0) { $0 + $1.byteCount }
            }

            var files: [GeneratedFile] = []
            kernelBefore = Measure.KernelUsage.now()
            let rendering = kept(try Measure.secondsAndCPU { files = try Generator(options: options).render(loaded!) })
            if rendering.wall < render {
                (render, renderCPU, renderKernel) = (rendering.wall, rendering.cpu, KernelFigures(since: kernelBefore))
            }
            outputFiles = files.count
            outputBytes = files.reduce(0) { $0 + $1.byteCount }

            let writeDirectory = try Measure.temporaryDirectory("write")
            write = min(write, kept(try Measure.seconds {
                _ = try OutputWriter(outputDirectory: writeDirectory, marker: GeneratedHeader.marker).write(files)
            }))
            Measure.remove(writeDirectory)
            files = []
            loaded = nil

            let runDirectory = try Measure.temporaryDirectory("run")
            options.outputDirectory = runDirectory
            let generator = Generator(options: options)
            kernelBefore = Measure.KernelUsage.now()
            let whole = kept(try Measure.secondsAndCPU { try generator.run() })
            if whole.wall < total { (total, totalCPU, totalKernel) = (whole.wall, whole.cpu, KernelFigures(since: kernelBefore)) }
            if counts { runTotals.append(whole.wall) }
            // `run` frees its memory on another thread after it returns; the
            // next stage is timed only once that is over.
            Generator.waitForReleases()
            Measure.remove(runDirectory)
        }
        return GenerationFigures(
            types: spec.typeCount, specFiles: spec.files.count, yamlBytes: spec.byteCount,
            outputFiles: outputFiles, outputBytes: outputBytes,
            floor: floor, load: load, render: render, write: write, total: total, totalCPU: totalCPU,
            loadKernel: loadKernel, renderKernel: renderKernel, totalKernel: totalKernel,
            loadCPU: loadCPU, renderCPU: renderCPU, targets: targets,
            runTotals: runTotals, baselinePeakBytes: baseline, peakBytes: Measure.statusBytes("VmHWM"))
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
