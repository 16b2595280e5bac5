// Fuzz target `templates`: the template engine on hostile templates. The
// `--templates` override folder takes user files, which the generator parses
// and renders with the same engine as its own.
//
// An input names a built-in template on the first line, as
// `<template folder>/<name>` (`swift/record`), and holds the text that
// replaces it after that line, as an override file would. The template is
// parsed; if it parses, it takes the built-in's place (`TemplateSet.overlaid`,
// as the pipeline overlays overrides) and every target whose folder it is
// renders the golden spec (`Tests/Golden/Spec`) with it. An input whose
// first line names no built-in template is left out of the corpus.
//
// What must hold, beyond "no crash, no hang, bounded memory": a template
// that does not parse or does not render is refused with diagnostics that
// are located (`path:line:column`) and one line each.

import Foundation
import OpenIAPCodegen
import OpenIAPSpec
import OpenIAPTemplates

struct TemplatesFuzzTarget: FuzzTarget {
    /// The targets of each template folder, with the folder's built-in set.
    let folders: [String: (targets: [any GenerationTarget], templates: TemplateSet)]
    let spec: Spec

    init() {
        var options = Generator.Options()
        options.templatesRoot = repositoryRoot + "/Templates"
        var folders: [String: (targets: [any GenerationTarget], templates: TemplateSet)] = [:]
        do {
            let loaded = try Generator(options: options).templates()
            for (target, set) in zip(loaded.targets, loaded.sets) {
                let templates = try set.get()
                folders[target.templateFolder, default: ([], templates)].targets.append(target)
            }
            spec = try SpecLoader.load(path: repositoryRoot + "/Tests/Golden/Spec")
        } catch {
            fuzzFailure("the harness cannot load the templates or the golden spec: \(error)")
        }
        self.folders = folders
    }

    static func check(_ error: DiagnosticError, from name: String) {
        for diagnostic in error.diagnostics {
            guard diagnostic.location != nil else { fuzzFailure("\(name): unlocated diagnostic: \(diagnostic)") }
            for line in [diagnostic] + diagnostic.notes where line.message.contains(where: \.isNewline) {
                fuzzFailure("\(name): diagnostic spans lines: \(line.message.debugDescription)")
            }
        }
    }

    func run(_ bytes: [UInt8]) -> Bool {
        guard let (name, text) = splitFirstLine(bytes),
            let slash = name.firstIndex(of: "/"),
            let folder = folders[String(name[..<slash])]
        else { return false }
        let templateName = String(name[name.index(after: slash)...])
        guard folder.templates.templates[templateName] != nil else { return false }
        let template: Template
        do {
            template = try Template(source: String(decoding: text, as: UTF8.self), name: "overrides/\(name).tmpl")
        } catch {
            Self.check(error, from: name)
            return true
        }
        let templates = folder.templates.overlaid(with: TemplateSet(templates: [templateName: template]))
        let header = GeneratedHeader(specVersion: spec.version)
        for target in folder.targets {
            do {
                _ = try target.render(spec, templates: templates, header: header)
            } catch {
                Self.check(error, from: name)
            }
        }
        return true
    }
}
