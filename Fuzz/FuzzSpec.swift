// libFuzzer entry point: spec text → IR → every renderer.
//
// Not part of the package build. `scripts/fuzz.sh` compiles this file together
// with every source file of OpenIAPCodegen into one module, with
// `-sanitize=fuzzer,address`, so everything internal is reachable here.
//
// One input is one or more spec files: lines that read exactly `#==file==`
// split it, so a seed can hold a whole `Schema/` folder and the fuzzer can
// exercise cross-file checks. Beyond "no crash, no hang, bounded memory" the
// target checks invariants that turn quiet bugs into crashes:
//
// - every diagnostic of a rejected spec has a location and is one line;
// - a spec that loads renders with every target without an error;
// - no rendered file holds a raw control or invisible format character
//   (line breaks and tabs aside): spec text always arrives escaped;
// - the JSON Schema document is valid JSON.

import Foundation

/// The line that separates the spec files inside one input.
let fileSeparator = "#==file=="

/// The built-in templates, read once: `OPENIAP_TEMPLATES` or `Templates/`
/// beside this file's folder.
let fuzzTemplates: [(target: any GenerationTarget, templates: TemplateSet)] = {
    let root = ProcessInfo.processInfo.environment["OPENIAP_TEMPLATES"]
        ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Templates").path
    return Generator.allTargets.map { target in
        do {
            return (target, try TemplateSet.load(directory: root + "/" + target.name, displayPath: target.name))
        } catch {
            fatalError("cannot load the \(target.name) templates from \(root): \(error)")
        }
    }
}()

/// Splits the input at separator lines into numbered spec files.
func fuzzSources(_ bytes: [UInt8]) -> [SpecLoader.Source] {
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

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSpecText(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    let spec: Spec
    do {
        // As the generator loads it: the spec's rules and every target's
        // check (`GenerationTarget.check`).
        spec = try Generator(options: Generator.Options()).load(fuzzSources(bytes))
    } catch {
        for diagnostic in error.diagnostics {
            precondition(diagnostic.location != nil, "unlocated diagnostic: \(diagnostic)")
            for line in [diagnostic] + diagnostic.notes {
                precondition(
                    !line.message.contains(where: \.isNewline), "diagnostic spans lines: \(line.message.debugDescription)")
            }
        }
        return 0
    }
    let header = GeneratedHeader(specVersion: spec.version)
    for (target, templates) in fuzzTemplates {
        let files: [GeneratedFile]
        do {
            files = try target.render(spec, templates: templates, header: header)
        } catch {
            fatalError("target \(target.name) failed on a spec that loaded: \(error)")
        }
        for file in files {
            let raw = file.contents.unicodeScalars.first { $0 != "\n" && $0 != "\t" && InvisibleCharacters.needsEscape($0) }
            precondition(raw == nil, "\(target.name)/\(file.path) holds a raw U+\(String(raw?.value ?? 0, radix: 16))")
        }
        if target is JSONSchemaTarget {
            for file in files {
                do {
                    _ = try JSONSerialization.jsonObject(with: Data(file.contents.utf8))
                } catch {
                    fatalError("\(file.path) is not JSON: \(error)")
                }
            }
        }
    }
    return 0
}
