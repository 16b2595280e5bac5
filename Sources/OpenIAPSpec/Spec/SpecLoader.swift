import Foundation

/// A rule a spec must follow beyond the spec language's own, which a caller
/// adds to loading: the generator adds each target's (a name Swift cannot
/// write, say; see `GenerationTarget.check`). It is given the spec as
/// built, also when the spec's own rules find problems in it, so that one
/// run reports every problem: it may not assume that references resolve.
/// Its problems are reported with the spec's, sorted by place.
public typealias SpecCheck = @Sendable (Spec) -> [Diagnostic]

/// Checks a caller adds to loading as one: each runs side by side with the
/// spec's own rules and every other check, then `merge` joins their
/// problems (one list per check, in the order of `checks`) into those
/// reported. The generator's target checks are one group: where several
/// targets refuse one place, the first target alone speaks (`Generator`).
///
/// A group rather than one check that runs its parts side by side itself:
/// such a check runs on one of the loader's threads, and a pool started
/// there gets no other thread (the processor is already taken by the
/// loader's own pool), so its parts ran one after another while the other
/// thread, done with the spec's rules, waited.
public struct SpecCheckGroup: Sendable {
    public var checks: [SpecCheck]
    public var merge: @Sendable ([[Diagnostic]]) -> [Diagnostic]

    public init(checks: [SpecCheck], merge: @escaping @Sendable ([[Diagnostic]]) -> [Diagnostic]) {
        self.checks = checks
        self.merge = merge
    }
}

/// Entry point of the reading stage: spec files on disk → a validated `Spec`.
///
/// The loader knows the spec language and nothing else: it reads, joins
/// and checks a spec against the language's rules (`SpecValidator`), and
/// runs the further checks its caller passes (`checks`). A spec that
/// `load` accepts without checks may still be one a target cannot write;
/// `Generator` loads with every target's check.
public enum SpecLoader {
    /// One spec file's bytes and the path printed in diagnostics.
    public struct Source: Sendable {
        public var path: String
        public var bytes: [UInt8]

        public init(path: String, bytes: [UInt8]) {
            self.path = path
            self.bytes = bytes
        }

        public init(path: String, text: String) {
            self.init(path: path, bytes: Array(text.utf8))
        }
    }

    /// Reads a spec file, or every `*.yaml` / `*.yml` file of a folder (not
    /// recursive), in name order.
    public static func load(path: String, limits: YAMLLimits = .default, checks: [SpecCheck] = []) throws(DiagnosticError) -> Spec {
        try load(path: path, limits: limits, checks: checks, groups: [])
    }

    /// `load(path:limits:checks:)` with groups of checks too, whose problems
    /// follow those of `checks`.
    public static func load(
        path: String, limits: YAMLLimits = .default, checks: [SpecCheck] = [], groups: [SpecCheckGroup]
    ) throws(DiagnosticError) -> Spec {
        let paths = try sourcePaths(at: path)
        // The same as `build(from: sources(at: path))`, but each file is read
        // by the job that parses it, so reading is spread over the cores too.
        let read = paths.concurrentMap { file -> FileResult? in
            guard let bytes = fileBytes(atPath: file) else { return nil }
            return readFile(Source(path: file, bytes: bytes), limits: limits)
        }
        // As in `sources(at:)`, the first file that cannot be read is the only problem reported.
        for (file, result) in zip(paths, read) where result.isNone {
            throw DiagnosticError(.error("cannot read spec file '\(file)'", at: nil))
        }
        return try join(read.compactMap { $0 }, firstFile: paths.first, checks: checks, groups: groups)
    }

    /// The bytes of the file at `path`, or nil when it cannot be read
    /// (missing, a folder, not permitted).
    private static func fileBytes(atPath path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }

    /// The files `load(path:)` would read.
    public static func sources(at path: String) throws(DiagnosticError) -> [Source] {
        var result: [Source] = []
        for file in try sourcePaths(at: path) {
            guard let bytes = fileBytes(atPath: file) else {
                throw DiagnosticError(.error("cannot read spec file '\(file)'", at: nil))
            }
            result.append(Source(path: file, bytes: bytes))
        }
        return result
    }

    /// The paths of the files `load(path:)` would read.
    private static func sourcePaths(at path: String) throws(DiagnosticError) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw DiagnosticError(.error("spec path '\(path)' does not exist", at: nil))
        }
        var paths: [String] = [path]
        if isDirectory.boolValue {
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: path)
            } catch {
                throw DiagnosticError(.error("cannot list spec folder '\(path)': \(error.localizedDescription)", at: nil))
            }
            paths = names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted()
                .map { path.hasSuffix("/") ? path + $0 : path + "/" + $0 }
            if paths.isEmpty {
                throw DiagnosticError(.error("spec folder '\(path)' holds no .yaml files", at: nil))
            }
        }
        return paths
    }

    /// Parses, joins and validates in-memory sources. All problems of all
    /// files are reported together.
    public static func build(from sources: [Source], limits: YAMLLimits = .default, checks: [SpecCheck] = []) throws(DiagnosticError) -> Spec {
        try build(from: sources, limits: limits, checks: checks, groups: [])
    }

    /// `build(from:limits:checks:)` with groups of checks too, whose
    /// problems follow those of `checks`.
    public static func build(
        from sources: [Source], limits: YAMLLimits = .default, checks: [SpecCheck] = [], groups: [SpecCheckGroup]
    ) throws(DiagnosticError) -> Spec {
        // Each file is parsed and read on its own, several at a time; only
        // joining them needs all of them.
        let read = sources.concurrentMap { readFile($0, limits: limits) }
        return try join(read, firstFile: sources.first?.path, checks: checks, groups: groups)
    }

    /// What one file declares and the problems found in it, or why it is not YAML.
    private typealias FileResult = Result<(SpecFileReader.FileDeclarations, [Diagnostic]), DiagnosticError>

    /// Parses one file and reads its declarations.
    private static func readFile(_ source: Source, limits: YAMLLimits) -> FileResult {
        do throws(DiagnosticError) {
            return .success(SpecFileReader.read(try YAMLReader.document(source.bytes, file: source.path, limits: limits)))
        } catch {
            return .failure(error)
        }
    }

    /// Joins the files read and checks the whole.
    private static func join(
        _ read: [FileResult], firstFile: String?, checks: [SpecCheck], groups: [SpecCheckGroup]
    ) throws(DiagnosticError) -> Spec {
        var diagnostics = Diagnostics()
        var files: [SpecFileReader.FileDeclarations] = []
        var unreadable = false
        for result in read {
            switch result {
            case let .success((declarations, problems)):
                diagnostics.append(contentsOf: problems)
                files.append(declarations)
            case let .failure(error):
                diagnostics.append(contentsOf: error.diagnostics)
                unreadable = true
            }
        }
        // A file that is not even YAML declares nothing; checking the others
        // against it would only add noise (missing types, missing version).
        if unreadable { throw DiagnosticError(diagnostics.all) }
        var builder = SpecBuilder(files: files, firstFile: firstFile)
        let (built, names) = builder.build()
        diagnostics.append(contentsOf: builder.diagnostics.all)
        // What several checks and every target ask of the unions, worked
        // out once before the checks start (`Spec.remembered` keeps it).
        let spec = built
        _ = spec.flattenedMemberNames()
        // The concerns of the spec's own rules and the caller's checks
        // (those of its groups too) only read the spec, so they run side by
        // side, all in one pool; their problems are joined in this order,
        // each group's merged (then sorted by place).
        let routes: SpecCheck = { spec in
            var validator = RouteValidator(spec: spec)
            validator.run()
            return validator.diagnostics.all
        }
        let rules: [SpecCheck] = SpecValidator.Concern.allCases.map { concern in
            { spec in SpecValidator.problems(spec, types: names, concern) }
        } + [routes] + checks
        // The groups' checks start first: the generator's are its targets'
        // checks, the longest jobs of the pool (at 1,000 types Swift's and
        // Kotlin's take some 15 M and 13 M instructions, the spec's rules
        // 2.5 M to 6.4 M each). Started last, the longest could leave one
        // core with nothing to do while it ran on the other.
        let grouped = groups.flatMap(\.checks)
        let results = (grouped + rules).concurrentMap { $0(spec) }
        for problems in results[grouped.count...] { diagnostics.append(contentsOf: problems) }
        var start = 0
        for group in groups {
            let end = start + group.checks.count
            diagnostics.append(contentsOf: group.merge(Array(results[start..<end])))
            start = end
        }
        try diagnostics.check()
        return spec
    }
}

extension Optional {
    fileprivate var isNone: Bool {
        if case .none = self { return true }
        return false
    }
}
