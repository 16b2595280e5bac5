import Foundation
import OpenIAPSpec

/// All templates of one target folder, by name without extension; partials
/// resolve here. The folder may also hold static source files (`*.swift`,
/// `*.kt`, `*.ts`): code a target writes as it is, kept as ordinary source
/// so that editors and compilers see it as code (`sources`).
public struct TemplateSet: Sendable {
    public private(set) var templates: [String: Template]
    /// The folder's static source files by file name (`OpenIAPRuntime.swift`).
    /// They are not templates: a target copies one into its output and
    /// applies whatever varies per spec in its own code (see `SourceFile`).
    public private(set) var sources: [String: SourceFile]
    /// Every partial tag resolved to the template it names, once per set.
    let links: TemplateLinks
    /// How much one render call may do; tests lower them.
    var limits = TemplateRenderer.Limits.standard

    public init(templates: [String: Template], sources: [String: SourceFile] = [:]) {
        self.templates = templates
        self.sources = sources
        links = TemplateLinks(templates)
    }

    /// The endings of the files `load` reads as static source files.
    public static let sourceExtensions = [".swift", ".kt", ".ts"]

    /// The static source file called `fileName`; an error names the
    /// folder's files when it has none of that name.
    public func source(_ fileName: String) throws(DiagnosticError) -> SourceFile {
        guard let file = sources[fileName] else {
            throw DiagnosticError(.error(
                "unknown static source file '\(fileName)'; the template folder has: \(sources.keys.sorted().joined(separator: ", "))",
                at: nil))
        }
        return file
    }

    /// The template names, sorted.
    public var names: [String] { templates.keys.sorted() }

    /// Loads every `*.tmpl` file of a directory (name = file name without
    /// `.tmpl`) and every static source file (`sourceExtensions`, by its
    /// whole file name). `displayPath` prefixes names in errors.
    ///
    /// Subdirectories are not searched. Every file is parsed even after one
    /// fails, and all their errors are thrown together.
    public static func load(directory: String, displayPath: String) throws(DiagnosticError) -> TemplateSet {
        let files = FileManager.default
        let entries: [String]
        do {
            entries = try files.contentsOfDirectory(atPath: directory)
        } catch {
            throw DiagnosticError(.error("cannot read template directory '\(displayPath)'", at: nil))
        }

        var templates: [String: Template] = [:]
        var sources: [String: SourceFile] = [:]
        var diagnostics = Diagnostics()
        for entry in entries.sorted() {
            let isTemplate = entry.hasSuffix(".tmpl") && entry != ".tmpl"
            let isSource = !entry.hasPrefix(".") && sourceExtensions.contains { entry.hasSuffix($0) }
            guard isTemplate || isSource else { continue }
            let shownPath = displayPath.isEmpty ? entry
                : displayPath.hasSuffix("/") ? displayPath + entry : displayPath + "/" + entry
            let path = directory.hasSuffix("/") ? directory + entry : directory + "/" + entry
            var isDirectory: ObjCBool = false
            guard files.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            guard let data = files.contents(atPath: path) else {
                diagnostics.error("cannot read template '\(shownPath)'", at: nil)
                continue
            }
            // Decoding repairs bad UTF-8, so the bytes come back changed
            // exactly when they were not valid. (`String(validating:as:)`
            // says so directly but needs macOS 15.)
            let text = String(decoding: data, as: UTF8.self)
            // Compared as two arrays (two copies and a `memcmp`): stepping
            // through the string's UTF-8 view and the data's iterator side
            // by side cost 3.8 M instructions per render at 1,000 types,
            // where every target loads its templates.
            guard Array(text.utf8) == [UInt8](data) else {
                diagnostics.error("template '\(shownPath)' is not valid UTF-8", at: nil)
                continue
            }
            if isSource {
                sources[entry] = SourceFile(text: text, path: shownPath)
                continue
            }
            do {
                templates[String(entry.dropLast(".tmpl".count))] = try Template(source: text, name: shownPath)
            } catch {
                diagnostics.append(contentsOf: error.diagnostics)
            }
        }
        try diagnostics.check()
        return TemplateSet(templates: templates, sources: sources)
    }

    /// Later sets override earlier ones per template name and per static
    /// source file name (used for user overrides of single files).
    public func overlaid(with other: TemplateSet) -> TemplateSet {
        TemplateSet(
            templates: templates.merging(other.templates) { _, override in override },
            sources: sources.merging(other.sources) { _, override in override })
    }

    /// Renders the template called `name` with `context` as the bottom of
    /// the context stack.
    public func render(_ name: String, _ context: TemplateValue) throws(DiagnosticError) -> String {
        guard let unit = links.units[name] else {
            throw DiagnosticError(.error("unknown template '\(name)'", at: nil))
        }
        let template = links.programs[unit]
        // Output is usually larger than the template once lists expand;
        // start generously and let the string grow from there.
        var renderer = TemplateRenderer(links: links, context: context,
                                        capacity: max(4096, template.source.bytes.count * 4), limits: limits)
        defer { renderer.finish() }
        try renderer.render(unit)
        return renderer.result
    }

    /// Renders like `render(_:_:)` with `context` plus a list under `key`
    /// whose elements are made while rendering: `element(i)` builds element
    /// `i` when a section over the list reaches it, and it is released when
    /// that pass of the section ends. The output is what the whole list in
    /// the context would give; making one element at a time keeps a long
    /// list of large elements from being held in memory all at once.
    func render(
        _ name: String, _ context: TemplateObject, streaming key: String, count: Int,
        element: (Int) -> TemplateValue
    ) throws(DiagnosticError) -> String {
        let bytes = try renderFile(name, context, streaming: key, count: count, element: element)
        return bytes.withBuffer { String(decoding: $0, as: UTF8.self) }
    }

    /// `render(_:_:streaming:count:element:)`, with the bytes left in the
    /// buffer they were rendered into: what a target hands to a
    /// `GeneratedFile` without copying them.
    package func renderFile(
        _ name: String, _ context: TemplateObject, streaming key: String, count: Int,
        element: (Int) -> TemplateValue
    ) throws(DiagnosticError) -> FileBytes {
        guard let unit = links.units[name] else {
            throw DiagnosticError(.error("unknown template '\(name)'", at: nil))
        }
        let capacity = max(4096, links.programs[unit].source.bytes.count * 4)
        return try withoutActuallyEscaping(element) { element throws(DiagnosticError) in
            let stream = TemplateRenderer.Stream(key: TemplateKey(key), count: count, element: element)
            var renderer = TemplateRenderer(
                links: links, context: .object(context), stream: stream, capacity: capacity, limits: limits)
            defer { renderer.finish() }
            try renderer.render(unit)
            return renderer.takeBytes()
        }
    }
}

/// The programs of a template set with their partial tags resolved: the
/// renderer follows a partial by index instead of hashing its name.
///
/// A partial that names no template in the set resolves to -1, and the
/// renderer reports it as unknown when it reaches the tag, exactly as when
/// names were looked up while rendering.
final class TemplateLinks: Sendable {
    /// The unit (index into `programs`) of each template name.
    let units: [String: Int]
    let programs: [TemplateProgram]
    /// Per unit, where its partials start in `targets`.
    let firstPartial: [Int]
    /// The unit each partial tag renders, or -1 when it names no template;
    /// partial `i` of unit `u` is at `firstPartial[u] + i`.
    let targets: [Int]
    /// Per unit, where its names start in a renderer's lookup hints: name
    /// `i` of unit `u` has hint `firstName[u] + i` (see `TemplateRenderer`).
    let firstName: [Int]
    /// The names of all programs together: how many hints a renderer keeps.
    let nameCount: Int
    /// Which sections need a frame of their own (see `TemplateFrames`).
    let frames: TemplateFrames

    init(_ templates: [String: Template]) {
        var units: [String: Int] = [:]
        var programs: [TemplateProgram] = []
        for (name, template) in templates {
            units[name] = programs.count
            programs.append(template.program)
        }
        var firstPartial: [Int] = []
        var targets: [Int] = []
        var firstName: [Int] = []
        var nameCount = 0
        for program in programs {
            firstPartial.append(targets.count)
            for partial in program.partials { targets.append(units[partial.name] ?? -1) }
            firstName.append(nameCount)
            nameCount += program.names.count
        }
        self.units = units
        self.programs = programs
        self.firstPartial = firstPartial
        self.targets = targets
        self.firstName = firstName
        self.nameCount = nameCount
        frames = TemplateFrames(programs: programs, firstPartial: firstPartial, targets: targets, nameCount: nameCount)
    }
}
