import Foundation
import OpenIAPSpec

/// Reads a spec as it was at a git revision, for `generator diff --against
/// REV`: the files of the spec path at that revision, read with `git
/// cat-file` straight into memory, so nothing in the working tree changes.
/// Each file is labelled `REV:path` in diagnostics and in the report.
public enum GitSpecSource {
    /// The spec file, or every `*.yaml` / `*.yml` file of the spec folder (not
    /// recursive, like `SpecLoader.sources(at:)`), at `revision`. A relative
    /// `path` is relative to `directory`, which must lie inside a git work
    /// tree; an absolute one is looked up in the work tree that holds it.
    public static func sources(
        revision: String, path: String, directory: String = FileManager.default.currentDirectoryPath
    ) throws(DiagnosticError) -> [SpecLoader.Source] {
        var clean = path
        while clean.hasSuffix("/"), clean.count > 1 { clean.removeLast() }
        while clean.hasPrefix("./") { clean.removeFirst(2) }
        var workingDirectory = directory
        var object = "\(revision):./\(clean)"
        if clean.hasPrefix("/") {
            // Git names files relative to the top of the work tree.
            let parent = URL(fileURLWithPath: clean).deletingLastPathComponent().path
            let top = String(decoding: try git(["rev-parse", "--show-toplevel"], in: parent, what: "the work tree of '\(clean)'"), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let resolvedTop = URL(fileURLWithPath: top).resolvingSymlinksInPath().path
            let resolved = URL(fileURLWithPath: clean).resolvingSymlinksInPath().path
            guard resolved.hasPrefix(resolvedTop + "/") else {
                throw DiagnosticError(.error("'\(clean)' is not inside the git work tree '\(top)'", at: nil))
            }
            clean = String(resolved.dropFirst(resolvedTop.count + 1))
            workingDirectory = resolvedTop
            object = "\(revision):\(clean)"
        }
        let kind = try git(["cat-file", "-t", object], in: workingDirectory, what: "'\(clean)' at revision '\(revision)'")
        let label = "\(revision):\(clean)"
        switch String(decoding: kind, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) {
        case "blob":
            let bytes = try git(["cat-file", "blob", object], in: workingDirectory, what: label)
            return [SpecLoader.Source(path: label, bytes: [UInt8](bytes))]
        case "tree":
            let listing = try git(["ls-tree", "-z", "--name-only", object], in: workingDirectory, what: label)
            let names = listing.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
                .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }
                .sorted()
            if names.isEmpty {
                throw DiagnosticError(.error("spec folder '\(label)' holds no .yaml files", at: nil))
            }
            var sources: [SpecLoader.Source] = []
            for name in names {
                let bytes = try git(["cat-file", "blob", "\(object)/\(name)"], in: workingDirectory, what: "\(label)/\(name)")
                sources.append(SpecLoader.Source(path: "\(label)/\(name)", bytes: [UInt8](bytes)))
            }
            return sources
        case let other:
            throw DiagnosticError(.error("'\(label)' is a git \(other), not a spec file or folder", at: nil))
        }
    }

    /// Runs git and returns its standard output; a failure becomes a
    /// diagnostic quoting git's own message.
    private static func git(_ arguments: [String], in directory: String, what: String) throws(DiagnosticError) -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw DiagnosticError(.error("cannot run git: \(error.localizedDescription)", at: nil))
        }
        // Standard error is read on another thread so that neither pipe can
        // fill up and stall git while the other is being drained.
        let collected = CollectedData()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            collected.data = errors.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = String(decoding: collected.data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw DiagnosticError(.error("cannot read \(what) from git: \(message.isEmpty ? "git exited with status \(process.terminationStatus)" : message)", at: nil))
        }
        return data
    }

    private final class CollectedData: @unchecked Sendable {
        var data = Data()
    }
}
