import Foundation
import OpenIAPSpec
import OpenIAPTemplates

/// The whole generation run as one call, so the CLI, the SwiftPM plugin and
/// the tests share it: read the spec, render the chosen targets, then write
/// (or, for `--check`, only compare).
public struct Generator: Sendable {
    public struct Options: Sendable {
        /// A spec file or a folder of them.
        public var schemaPath: String = "Schema"
        /// The built-in template folder (one subfolder per target).
        public var templatesRoot: String = "Templates"
        /// A folder whose files override built-in templates one by one; same
        /// layout as `templatesRoot`.
        public var templateOverrides: String?
        public var outputDirectory: String = "Generated"
        /// Target names; empty means all.
        public var targets: [String] = []
        /// Every target the generator has: those `targets` selects from, and
        /// those whose checks a spec must pass (`load`). The built-in ones by
        /// default; a target of your own is added here (see
        /// Docs/AddingATarget.md).
        public var availableTargets: [any GenerationTarget] = Generator.allTargets
        /// Flush new files to disk before moving them into place; see
        /// `OutputWriter.flushesToDisk`.
        public var flushesToDisk = false
        /// The package of the generated Kotlin; nil for
        /// `KotlinNames.defaultPackageName`.
        public var kotlinPackage: String?

        public init() {}
    }

    /// The built-in targets, in the order they run and report.
    public static let allTargets: [any GenerationTarget] = [
        SwiftTarget(), SwiftBridgeTarget(), SwiftIAPKitTarget(), JSONSchemaTarget(), TypeScriptTarget(), KotlinTarget(), OpenAPITarget(),
        KotlinIAPKitTarget(),
    ]

    public var options: Options

    public init(options: Options) { self.options = options }

    /// The targets `options.targets` selects among `options.availableTargets`,
    /// in their order there, set up with the options that concern them (the
    /// Kotlin package).
    public func selectedTargets() throws(DiagnosticError) -> [any GenerationTarget] {
        let available = configured(options.availableTargets)
        let known = available.map(\.name)
        var diagnostics = Diagnostics()
        for name in options.targets where !known.contains(name) {
            diagnostics.error("unknown target '\(name)'; expected one of: \(known.joined(separator: ", "))", at: nil)
        }
        if let package = options.kotlinPackage, let problem = KotlinNames.packageNameProblem(package) {
            diagnostics.error("--kotlin-package: \(problem)", at: nil)
        }
        try diagnostics.check()
        if options.targets.isEmpty { return available }
        return available.filter { options.targets.contains($0.name) }
    }

    /// `targets` set up with the options that concern them: the Kotlin
    /// target writes into `options.kotlinPackage` when one is given.
    private func configured(_ targets: [any GenerationTarget]) -> [any GenerationTarget] {
        guard let package = options.kotlinPackage else { return targets }
        return targets.map { target in
            if target is KotlinTarget { return KotlinTarget(packageName: package) }
            if target is KotlinIAPKitTarget { return KotlinIAPKitTarget(packageName: package) }
            return target
        }
    }

    // MARK: - Loading

    /// Reads the spec at `options.schemaPath` and checks it: the spec
    /// language's rules, and the rules of every available target
    /// (`GenerationTarget.check`), selected or not. The spec is one
    /// contract for every SDK, so a name Swift cannot write is refused
    /// also by a run that writes TypeScript alone: what this accepts,
    /// every target renders.
    public func load() throws(DiagnosticError) -> Spec {
        try SpecLoader.load(path: options.schemaPath, groups: [targetChecks])
    }

    /// `load()` for spec files held in memory.
    public func load(_ sources: [SpecLoader.Source]) throws(DiagnosticError) -> Spec {
        try SpecLoader.build(from: sources, groups: [targetChecks])
    }

    /// The problems the available targets have with `spec`, as `load`
    /// reports them; none for a spec every target can write.
    public func targetProblems(_ spec: Spec) -> [Diagnostic] {
        let group = targetChecks
        return group.merge(group.checks.concurrentMap { $0(spec) })
    }

    /// Every available target's check, as one group for the loader, which
    /// runs them side by side with the spec's own rules. Where several
    /// refuse the same place (a name two languages reserve, two names both
    /// write alike), the errors of the first target there alone are kept,
    /// in target order: one thing to fix, said once.
    private var targetChecks: SpecCheckGroup {
        let checks: [SpecCheck] = options.availableTargets.map { target in { spec in target.check(spec) } }
        return SpecCheckGroup(checks: checks) { perTarget in
            var kept: [Diagnostic] = []
            var taken: Set<SourceLocation> = []
            for problems in perTarget {
                let places = Set(problems.compactMap(\.location))
                kept += problems.filter { $0.location.map { !taken.contains($0) } ?? true }
                taken.formUnion(places)
            }
            return kept
        }
    }

    // MARK: - Rendering

    /// Reads the spec and renders every selected target in memory. Paths are
    /// relative to the output directory (`Swift/IAPKit.swift`).
    public func render() throws(DiagnosticError) -> (spec: Spec, files: [GeneratedFile]) {
        let (spec, files, _) = try renderLinted()
        return (spec, files)
    }

    /// `render()`, and the spec's lint findings (`SpecLinter`), none of
    /// them an error: the spec is linted once per run, for both.
    private func renderLinted() throws(DiagnosticError) -> (spec: Spec, files: [GeneratedFile], findings: [Diagnostic]) {
        let targets = try selectedTargets()
        // The templates do not depend on the spec, so they are read and
        // compiled on another thread while the spec loads.
        let templates = SharedPreparation { [self] in templateResults(for: targets) }
        templates.startInBackground()
        let spec = try load()
        // The lint only reads the spec, so it runs on another thread while
        // the targets render. Lint rules the spec makes errors stop the run
        // all the same: nothing rendered is kept, and they are the errors
        // reported, as if the lint had run first. Warnings are for
        // `runWithNotes` to print.
        let lint = SharedPreparation { SpecLinter.lint(spec) }
        lint.startInBackground()
        let rendered = Result { () throws(DiagnosticError) in try render(spec, targets: targets, templates: templates.value) }
        let findings = lint.value
        let errors = findings.filter { $0.severity == .error }
        if !errors.isEmpty { throw DiagnosticError(errors) }
        return (spec, try rendered.get(), findings)
    }

    /// Renders every selected target from a spec that `load` has read and
    /// checked. A spec loaded by `SpecLoader` alone has passed the spec
    /// language's rules but not the targets' (`targetProblems`): it may hold
    /// a name a target cannot write, which would render as code that does
    /// not compile.
    public func render(_ spec: Spec) throws(DiagnosticError) -> [GeneratedFile] {
        try render(spec, with: templates())
    }

    /// The selected targets with their template sets, read as a run reads
    /// them: the built-in folder of each target, then the overrides.
    public struct Templates: Sendable {
        /// The selected targets, in the fixed order of `allTargets`.
        public let targets: [any GenerationTarget]
        /// The template set of each of `targets`, or why it could not be
        /// loaded; targets that share a folder share one result.
        public let sets: [Result<TemplateSet, DiagnosticError>]
    }

    /// Reads and compiles the templates of the selected targets once, for a
    /// caller that renders many specs with them (`render(_:with:)`). Fails
    /// only on an unknown target name; a folder that cannot be loaded is in
    /// `sets`, and rendering with it throws its errors.
    public func templates() throws(DiagnosticError) -> Templates {
        let targets = try selectedTargets()
        return Templates(targets: targets, sets: templateResults(for: targets))
    }

    /// Renders the targets of `templates` from a spec that is already loaded,
    /// exactly as a run does.
    public func render(_ spec: Spec, with templates: Templates) throws(DiagnosticError) -> [GeneratedFile] {
        try render(spec, targets: templates.targets, templates: templates.sets)
    }

    /// `templates` holds the template set of each target, or why it could not be loaded.
    private func render(
        _ spec: Spec, targets: [any GenerationTarget], templates: [Result<TemplateSet, DiagnosticError>]
    ) throws(DiagnosticError) -> [GeneratedFile] {
        let header = GeneratedHeader(specVersion: spec.version)
        // Every target cuts its work into jobs; the jobs of all targets then
        // share the cores as one pool, so that a target with many files does
        // not run them one by one while another target's single file keeps
        // the other core busy.
        // Targets that share a template folder share its errors: said once.
        var failedFolders: Set<String> = []
        let chosen = zip(targets, templates).filter { target, templates in
            if case .failure = templates { return failedFolders.insert(target.templateFolder).inserted }
            return true
        }
        // A target's `jobs` may work out what its jobs share (Kotlin's file
        // groups, say); the targets do that side by side.
        let made = chosen.concurrentMap { target, templates -> Result<[RenderJob], DiagnosticError> in
            Result { () throws(DiagnosticError) in try target.jobs(spec, templates: templates.get(), header: header) }
        }
        var jobs: [RenderJob] = []
        var diagnostics = Diagnostics()
        for ((target, _), result) in zip(chosen, made) {
            switch result {
            case let .success(targetJobs):
                let folder = target.outputFolder
                jobs += targetJobs.map { job in
                    RenderJob(cost: job.cost) { () throws(DiagnosticError) in
                        try job.run().map { file in
                            var file = file
                            file.path = folder + "/" + file.path
                            return file
                        }
                    }
                }
            case let .failure(error):
                diagnostics.append(contentsOf: error.diagnostics)
            }
        }
        try diagnostics.check()
        return try RenderJob.run(jobs).sorted { $0.path < $1.path }
    }

    /// The writer for the output folder, limited to the selected targets'
    /// subfolders so that generating one target never removes another's files.
    public func writer() throws(DiagnosticError) -> OutputWriter {
        var writer = OutputWriter(outputDirectory: options.outputDirectory, marker: GeneratedHeader.marker)
        writer.managedFolders = try selectedTargets().map(\.outputFolder)
        writer.flushesToDisk = options.flushesToDisk
        return writer
    }

    /// What a write would change; writes nothing.
    public func check() throws(DiagnosticError) -> [FileChange] {
        let (_, files) = try render()
        return try writer().plan(files)
    }

    /// Renders and writes atomically. On any error the output folder is left
    /// exactly as it was.
    @discardableResult
    public func run() throws(DiagnosticError) -> [FileChange] {
        try runWithNotes().changes
    }

    /// `run()`, and the selected targets' notes on this spec
    /// (`GenerationTarget.notes`), in target order.
    public func runWithNotes() throws(DiagnosticError) -> (changes: [FileChange], notes: [String]) {
        let report = try runWithReport()
        return (report.changes, report.notes)
    }

    /// `runWithNotes`, and the lint warnings of the spec (`SpecLinter`),
    /// which the command prints as `path:line:column: warning: [ID] …`.
    public func runWithReport() throws(DiagnosticError) -> (changes: [FileChange], notes: [String], warnings: [Diagnostic]) {
        let (spec, files, warnings) = try renderLinted()
        let changes = try writer().write(files)
        return (changes, try selectedTargets().flatMap { $0.notes(spec) }, warnings)
    }

    /// The template set of each target, each folder read and compiled once
    /// however many targets share it.
    private func templateResults(for targets: [any GenerationTarget]) -> [Result<TemplateSet, DiagnosticError>] {
        var byFolder: [String: Result<TemplateSet, DiagnosticError>] = [:]
        return targets.map { target in
            let folder = target.templatesDirectory ?? target.templateFolder
            if let known = byFolder[folder] { return known }
            let result = templateResult(for: target)
            byFolder[folder] = result
            return result
        }
    }

    private func templateResult(for target: any GenerationTarget) -> Result<TemplateSet, DiagnosticError> {
        do throws(DiagnosticError) {
            return .success(try templateSet(for: target))
        } catch {
            return .failure(error)
        }
    }

    private func templateSet(for target: any GenerationTarget) throws(DiagnosticError) -> TemplateSet {
        let builtIn = target.templatesDirectory ?? options.templatesRoot + "/" + target.templateFolder
        var set = try TemplateSet.load(directory: builtIn, displayPath: builtIn)
        if let overrides = options.templateOverrides {
            let folder = overrides + "/" + target.templateFolder
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue {
                let overrides = try TemplateSet.load(directory: folder, displayPath: folder)
                let merged = set.overlaid(with: overrides)
                // A file that replaces nothing and that nothing includes is
                // never rendered: most likely a typo, or a template a newer
                // version no longer has. Say so rather than ignore it.
                let included = merged.includedPartials
                var diagnostics = Diagnostics()
                for name in overrides.names where set.templates[name] == nil && !included.contains(name) {
                    diagnostics.error(
                        "template override '\(folder)/\(name).tmpl' replaces no built-in \(target.templateFolder) template and no template includes it; "
                            + "the built-in ones are: \(set.names.joined(separator: ", "))",
                        at: nil)
                }
                // A static source file replaces one of the same name; any
                // other would never be written.
                for name in overrides.sources.keys.sorted() where set.sources[name] == nil {
                    diagnostics.error(
                        "source file override '\(folder)/\(name)' replaces no built-in \(target.templateFolder) source file; "
                            + "the built-in ones are: \(set.sources.keys.sorted().joined(separator: ", "))",
                        at: nil)
                }
                try diagnostics.check()
                set = merged
            }
        }
        return set
    }
}
