import Foundation

@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen
@testable import OpenIAPSpecTools
@testable import OpenIAPCommandLine

/// A real evolution of the spec: after 3.2.1, upstream added Meta Horizon to
/// IAPKit verification — the input `RequestVerifyPurchaseWithIapkitHorizonProps`,
/// an optional `horizon` field on `RequestVerifyPurchaseWithIapkitProps`, and
/// `horizon` in that input's exactly-one group. NEW is today's `Schema/`; OLD
/// is the same folder with exactly those three things taken out of
/// `verification.yaml`, so the pair stays right as the rest of the spec moves.
enum HorizonEvolution {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let schema = packageRoot.appendingPathComponent("Schema").path

    /// The NEW sources (today's `Schema/`) and the OLD ones, labelled
    /// `<label>/<file>` so diagnostics and generated file names stay readable.
    static func sources(oldLabel: String = "Schema@3.2.1", newLabel: String = "Schema") throws -> (old: [SpecLoader.Source], new: [SpecLoader.Source]) {
        let current = try SpecLoader.sources(at: schema)
        var old: [SpecLoader.Source] = []
        var new: [SpecLoader.Source] = []
        for source in current {
            let name = URL(fileURLWithPath: source.path).lastPathComponent
            new.append(SpecLoader.Source(path: "\(newLabel)/\(name)", bytes: source.bytes))
            var text = String(decoding: source.bytes, as: UTF8.self)
            if name == "verification.yaml" { text = try withoutHorizon(text) }
            old.append(SpecLoader.Source(path: "\(oldLabel)/\(name)", text: text))
        }
        return (old, new)
    }

    struct EditFailed: Error, CustomStringConvertible {
        var description: String
    }

    static func withoutHorizon(_ text: String) throws -> String {
        var result = try removingEntry(["inputs", "RequestVerifyPurchaseWithIapkitHorizonProps"], from: text)
        result = try removingEntry(["inputs", "RequestVerifyPurchaseWithIapkitProps", "fields", "horizon"], from: result)
        result = try editingLine(["inputs", "RequestVerifyPurchaseWithIapkitProps", "exactlyOne"], in: result) { line in
            line.replacingOccurrences(of: ", horizon]", with: "]")
        }
        return result
    }

    // MARK: - Block-style YAML editing by key path

    /// The line index of the entry at `path` in block-style YAML, and the end
    /// (exclusive) of its nested block.
    static func entry(_ path: [String], in lines: [String]) throws -> Range<Int> {
        // The children of the current entry: the lines after its key line
        // (the whole file at the top), whose key lines sit at one depth.
        var children = 0..<lines.count
        var range = 0..<lines.count
        for key in path {
            guard let first = children.first(where: { isContent(lines[$0]) }) else {
                throw EditFailed(description: "no entry \(path.joined(separator: ".")) ('\(key)' has no parent block)")
            }
            let depth = indentation(lines[first])
            guard
                let start = children.first(where: {
                    indentation(lines[$0]) == depth && lines[$0].dropFirst(depth).hasPrefix(key + ":")
                })
            else {
                throw EditFailed(description: "no entry \(path.joined(separator: ".")) (missing '\(key)')")
            }
            var end = start + 1
            while end < children.upperBound, !isContent(lines[end]) || indentation(lines[end]) > depth { end += 1 }
            // Trailing blank lines and comments belong to what follows.
            while end > start + 1, !isContent(lines[end - 1]) { end -= 1 }
            range = start..<end
            children = (start + 1)..<end
        }
        return range
    }

    static func removingEntry(_ path: [String], from text: String) throws -> String {
        var lines = text.components(separatedBy: "\n")
        lines.removeSubrange(try entry(path, in: lines))
        return lines.joined(separator: "\n")
    }

    static func editingLine(_ path: [String], in text: String, _ edit: (String) -> String) throws -> String {
        var lines = text.components(separatedBy: "\n")
        let index = try entry(path, in: lines).lowerBound
        let edited = edit(lines[index])
        guard edited != lines[index] else { throw EditFailed(description: "edit of \(path.joined(separator: ".")) changed nothing") }
        lines[index] = edited
        return lines.joined(separator: "\n")
    }

    private static func indentation(_ line: String) -> Int { line.prefix { $0 == " " }.count }

    private static func isContent(_ line: String) -> Bool {
        let trimmed = line.drop { $0 == " " }
        return !trimmed.isEmpty && !trimmed.hasPrefix("#")
    }
}
