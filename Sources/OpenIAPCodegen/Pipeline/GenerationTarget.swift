import OpenIAPSpec
import OpenIAPTemplates

/// One output language. A target checks that it can write a spec
/// (`check`), then turns the validated `Spec` into view models and renders
/// them through the templates of its folder (`Templates/<name>`).
///
/// Targets never decide output paths outside their own subfolder of the
/// output directory (`Generated/<folder>`). Docs/AddingATarget.md shows a
/// target written from scratch.
public protocol GenerationTarget: Sendable {
    /// The `--target` name: `swift`, `swift-bridge`, `jsonschema`, `typescript`.
    var name: String { get }
    /// The template folder (under the built-in and the override roots):
    /// the target's name unless two targets share templates, as the Swift
    /// types and the Swift JSON bridge do (`swift`).
    var templateFolder: String { get }
    /// Where the target's templates are when they are not under the
    /// generator's template root: a target of your own keeps them beside
    /// its code. Nil (the default) for `<templatesRoot>/<templateFolder>`,
    /// as for the built-in targets. Overrides (`--templates`) still go
    /// under `<overrides>/<templateFolder>`.
    var templatesDirectory: String? { get }
    /// The subfolder of the output directory this target owns: `Swift`, `JSONSchema`, `TypeScript`.
    var outputFolder: String { get }
    /// The target's own rules for a spec, beyond the spec language's: names
    /// its language cannot write (reserved words, two spec names it would
    /// write alike, a type that would hide one of the language's own), files
    /// it would write twice. Each problem is a located error.
    ///
    /// The generator calls it for every target it has, selected or not,
    /// when it loads a spec (`Generator.load`), and reports its problems
    /// with the spec's own, sorted by place: a spec that loads renders in
    /// every target. So `spec` may be one the spec's own rules refuse, and
    /// a check must not assume that its references resolve. Where several
    /// targets refuse the same place, the first target's errors alone are
    /// shown. No rules by default.
    ///
    /// `jobs` is later given the same spec: what both work out from it (the
    /// names of every member, say) is worked out once if both ask for it
    /// through `spec.remembered(_:_:)`.
    func check(_ spec: Spec) -> [Diagnostic]
    /// The work of rendering this target, cut into jobs that do not depend on
    /// one another. The pipeline runs the jobs of every selected target
    /// together, spread over the processor cores, so a target with one large
    /// file should cut it into pieces. Paths are relative to `outputFolder`.
    func jobs(_ spec: Spec, templates: TemplateSet, header: GeneratedHeader) throws(DiagnosticError) -> [RenderJob]
    /// What the user should know about this spec's output that is not an
    /// error: a file a spec like this one does not get, and why. The CLI
    /// prints each as `generator: note: …`. None by default.
    func notes(_ spec: Spec) -> [String]
}

extension GenerationTarget {
    public var templateFolder: String { name }

    public var templatesDirectory: String? { nil }

    public func check(_ spec: Spec) -> [Diagnostic] { [] }

    public func notes(_ spec: Spec) -> [String] { [] }

    /// Every file of the target, its jobs run side by side and their pieces
    /// joined; what the pipeline does, for one target alone.
    public func render(_ spec: Spec, templates: TemplateSet, header: GeneratedHeader) throws(DiagnosticError) -> [GeneratedFile] {
        try RenderJob.run(jobs(spec, templates: templates, header: header))
    }
}

/// A part of a target's output that can be rendered on its own: whole files,
/// or one piece of a file that other jobs write the rest of.
///
/// Pieces of one path are joined in the order of the jobs that made them,
/// whichever finished first, so output never depends on scheduling.
public struct RenderJob: Sendable {
    /// A rough measure of the work (types to render, say); larger jobs are
    /// started first so that no core is left with one big job at the end.
    public var cost: Int
    public var run: @Sendable () throws(DiagnosticError) -> [GeneratedFile]

    public init(cost: Int, _ run: @escaping @Sendable () throws(DiagnosticError) -> [GeneratedFile]) {
        self.cost = cost
        self.run = run
    }

    /// Runs `jobs` concurrently, largest first, and joins their output:
    /// files in order of first appearance, pieces of one path concatenated in
    /// job order. Every job runs even after one fails; the diagnostics of the
    /// failed jobs are thrown together, each once (a broken template fails
    /// every job that uses it alike), sorted as `DiagnosticError` sorts them.
    public static func run(_ jobs: [RenderJob]) throws(DiagnosticError) -> [GeneratedFile] {
        let order = jobs.indices.sorted { jobs[$0].cost > jobs[$1].cost || (jobs[$0].cost == jobs[$1].cost && $0 < $1) }
        let finished = order.concurrentMap { index -> Result<[GeneratedFile], DiagnosticError> in
            do throws(DiagnosticError) {
                return .success(try jobs[index].run())
            } catch {
                return .failure(error)
            }
        }
        var results = [Result<[GeneratedFile], DiagnosticError>?](repeating: nil, count: jobs.count)
        for (position, index) in order.enumerated() { results[index] = finished[position] }

        var diagnostics = Diagnostics()
        var reported = Set<Diagnostic>()
        var pieces: [String: [GeneratedFile]] = [:]
        var paths: [String] = []
        for result in results {
            switch result! {
            case let .success(files):
                for file in files {
                    if pieces[file.path] == nil { paths.append(file.path) }
                    pieces[file.path, default: []].append(file)
                }
            case let .failure(error):
                for diagnostic in error.diagnostics where reported.insert(diagnostic).inserted {
                    diagnostics.append(diagnostic)
                }
            }
        }
        try diagnostics.check()
        return paths.map { GeneratedFile.joining(pieces[$0]!, path: $0) }
    }
}

/// The "generated, do not edit" notice every output file starts with. Its
/// `marker` is what the output writer looks for before it deletes a file.
public struct GeneratedHeader: Sendable {
    public static let marker = "Generated by openiap-generator"

    public var specVersion: String

    public init(specVersion: String) { self.specVersion = specVersion }

    /// The notice as one line of prose, without comment syntax.
    public var text: String {
        "\(Self.marker) from OpenIAP spec \(specVersion). Do not edit: change Schema/ and run `swift run generator`."
    }
}
