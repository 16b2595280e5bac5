import Foundation
import OpenIAPCodegen

/// `benchmark --repeat STAGE N DIR`: one stage of the generator run again and
/// again over a spec on disk, each run's wall and processor time printed.
/// Meant for a profiler (`perf record -g -- benchmark --repeat render 20 DIR`),
/// which then sees that stage and little else.
struct StageLoop {
    /// `floor`: libyaml's events and nothing else; `load`: YAML to the
    /// validated `Spec`; `render`: all targets from a loaded spec, in
    /// memory; `render-NAME`: that target alone; `run`: `Generator.run()`
    /// into an empty folder, as the benchmark's total.
    static let stages = ["floor", "load", "render", "run"] + Generator.allTargets.map { "render-" + $0.name }

    var stage: String
    var times: Int
    var specDirectory: String
    var templatesRoot: String

    func run() throws {
        var options = Generator.Options()
        options.schemaPath = specDirectory
        options.templatesRoot = templatesRoot
        if stage.hasPrefix("render-") { options.targets = [String(stage.dropFirst("render-".count))] }
        let spec = stage == "render" || stage.hasPrefix("render-") ? try Generator(options: options).load() : nil
        for run in 1...times {
            // Made and removed outside the timing, as in the benchmark.
            let outputDirectory = stage == "run" ? try Measure.temporaryDirectory("run") : nil
            defer { outputDirectory.map(Measure.remove) }
            let figures = try Measure.stage {
                switch stage {
                case "floor":
                    let events = try GenerationBenchmark.parseEvents(in: specDirectory)
                    precondition(events > 0)
                case "load": _ = try Generator(options: options).load()
                case "run":
                    var whole = options
                    whole.outputDirectory = outputDirectory!
                    try Generator(options: whole).run()
                default: _ = try Generator(options: options).render(spec!)
                }
            }
            print(String(
                format: "%@ %d: %.3f s wall, %.3f s CPU (%.3f s of it in the kernel), %d page faults",
                stage, run, figures.wall, figures.cpu, figures.kernelSeconds, Int(figures.pageFaults)))
        }
    }
}
