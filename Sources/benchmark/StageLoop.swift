import Foundation
import OpenIAPCodegen

/// `benchmark --repeat STAGE N DIR`: one stage of the generator run again and
/// again over a spec on disk, each run's wall and processor time printed.
/// Meant for a profiler (`perf record -g -- benchmark --repeat render 20 DIR`),
/// which then sees that stage and little else.
struct StageLoop {
    /// `load`: YAML to the validated `Spec`; `render`: all targets from a
    /// loaded spec, in memory; `render-NAME`: that target alone.
    static let stages = ["load", "render"] + Generator.allTargets.map { "render-" + $0.name }

    var stage: String
    var times: Int
    var specDirectory: String
    var templatesRoot: String

    func run() throws {
        var options = Generator.Options()
        options.schemaPath = specDirectory
        options.templatesRoot = templatesRoot
        if stage.hasPrefix("render-") { options.targets = [String(stage.dropFirst("render-".count))] }
        let spec = stage == "load" ? nil : try SpecLoader.load(path: specDirectory)
        for run in 1...times {
            let figures = try Measure.secondsAndCPU {
                switch stage {
                case "load": _ = try SpecLoader.load(path: specDirectory)
                default: _ = try Generator(options: options).render(spec!)
                }
            }
            print(String(format: "%@ %d: %.3f s wall, %.3f s CPU", stage, run, figures.wall, figures.cpu))
        }
    }
}
