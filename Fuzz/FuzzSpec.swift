// Fuzz target `spec`: spec text → IR → every renderer, as `swift run
// generator` runs them.
//
// The templates are loaded once with the pipeline's own API
// (`Generator.templates()`), for every target the generator has, from the
// folders the targets name: a new or renamed target is fuzzed as it is
// generated, and templates that do not load stop the harness at set-up.
//
// One input is one or more spec files: lines that read exactly `#==file==`
// split it, so a seed can hold a whole `Schema/` folder and the fuzzer can
// exercise cross-file checks. Beyond "no crash, no hang, bounded memory" the
// target turns quiet bugs into crashes:
//
// - every diagnostic of a rejected spec has a location and is one line;
// - a spec that loads renders with every target without an error;
// - no rendered file holds a raw control or invisible format character
//   (line breaks and tabs aside): spec text always arrives escaped;
// - every rendered `.json` file is JSON.

import Foundation
import OpenIAPCodegen
import OpenIAPSpec
import OpenIAPTemplates

struct SpecFuzzTarget: FuzzTarget {
    /// The line that separates the spec files inside one input.
    static let fileSeparator = "#==file=="

    let generator: Generator
    let templates: Generator.Templates

    init() {
        var options = Generator.Options()
        options.templatesRoot = repositoryRoot + "/Templates"
        generator = Generator(options: options)
        do {
            templates = try generator.templates()
            // The repository's own spec must render, or every input would
            // fail for a reason that is not the input's.
            _ = try generator.render(SpecLoader.load(path: repositoryRoot + "/Schema"), with: templates)
        } catch {
            fuzzFailure("the harness cannot render Schema/ with \(options.templatesRoot): \(error)")
        }
    }

    /// Splits the input at separator lines into numbered spec files.
    static func sources(_ bytes: [UInt8]) -> [SpecLoader.Source] {
        let separator = Array((fileSeparator + "\n").utf8)
        var sources: [SpecLoader.Source] = []
        var start = 0
        var lineStart = 0
        func add(_ end: Int) {
            sources.append(SpecLoader.Source(path: "f\(sources.count).yaml", bytes: Array(bytes[start..<end])))
        }
        while lineStart < bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? bytes.count
            if bytes[lineStart..<lineEnd].elementsEqual(separator) {
                add(lineStart)
                start = lineEnd
            }
            lineStart = lineEnd
        }
        add(bytes.count)
        return sources
    }

    /// Whether a character may not appear raw in generated text: controls
    /// (line breaks and tabs aside), C1 controls, bidi controls and marks,
    /// line and paragraph separators, the byte order mark. Written here
    /// rather than taken from the generator, so that the code under test does
    /// not judge itself.
    static func isForbiddenRaw(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A: false
        case 0x00...0x1F, 0x7F...0x9F, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF: true
        default: false
        }
    }

    func run(_ bytes: [UInt8]) -> Bool {
        let spec: Spec
        do {
            // As the generator loads it: the spec's rules and every target's
            // check (`GenerationTarget.check`).
            spec = try generator.load(Self.sources(bytes))
        } catch {
            for diagnostic in error.diagnostics {
                guard diagnostic.location != nil else { fuzzFailure("unlocated diagnostic: \(diagnostic)") }
                for line in [diagnostic] + diagnostic.notes where line.message.contains(where: \.isNewline) {
                    fuzzFailure("diagnostic spans lines: \(line.message.debugDescription)")
                }
            }
            return true
        }
        let files: [GeneratedFile]
        do {
            files = try generator.render(spec, with: templates)
        } catch {
            fuzzFailure("a spec that loaded does not render: \(error)")
        }
        for file in files {
            if let raw = file.contents.unicodeScalars.first(where: Self.isForbiddenRaw) {
                fuzzFailure("\(file.path) holds a raw U+\(String(raw.value, radix: 16, uppercase: true))")
            }
            if file.path.hasSuffix(".json") {
                do {
                    _ = try JSONSerialization.jsonObject(with: Data(file.contents.utf8))
                } catch {
                    fuzzFailure("\(file.path) is not JSON: \(error)")
                }
            }
        }
        return true
    }
}
