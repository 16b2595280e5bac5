import Glibc
import OpenIAPSpec

/// Why a write stopped; becomes the message of the diagnostic `write` throws.
struct WriteFailure: Error {
    var message: String
}

/// The steps of one `OutputWriter.write`, with a journal of everything done
/// to the output folder so that it can all be undone.
///
/// Layout of the staging directory (one `mkdtemp` directory inside the output
/// folder, named `OutputWriter.stagingPrefix` plus six random characters, so
/// that every `rename` stays on one filesystem and nothing is ever written
/// outside the output folder): `new-N` holds the complete new contents of
/// change N before it is moved into place, and `old-N` keeps the file that
/// change N replaces or removes.
struct OutputTransaction {
    /// Absolute, resolved path of the output folder.
    let root: String
    /// The output folder as the caller spelled it, for messages.
    let shownRoot: String
    let failAfterWrites: Int?
    /// Test hook: the changed paths whose staging fails as if the disk were full.
    let failStaging: Set<String>
    /// Whether `stage` flushes the staged files to disk before returning.
    let flushesToDisk: Bool

    private(set) var staging: String?
    private var journal: [Step] = []
    private var writes = 0

    init(root: String, shownRoot: String, failAfterWrites: Int?, failStaging: Set<String> = [], flushesToDisk: Bool) {
        self.root = root
        self.shownRoot = shownRoot
        self.failAfterWrites = failAfterWrites
        self.failStaging = failStaging
        self.flushesToDisk = flushesToDisk
    }

    /// One thing done to the disk outside the staging directory.
    private enum Step {
        /// A directory that did not exist before (absolute path).
        case createdDirectory(String)
        /// A new file at this relative path.
        case added(String)
        /// The file at this relative path was replaced; the old one is in `backup`.
        case replaced(String, backup: String)
        /// The file at this relative path was moved to `backup`.
        case removed(String, backup: String)
    }

    private func absolute(_ relative: String) -> String { root + "/" + relative }

    // MARK: - Steps

    /// Creates the output folder and any missing parents.
    mutating func createRoot() throws(WriteFailure) {
        var missing: [String] = []
        var path = root
        while true {
            let entry: FileSystem.Entry
            do {
                entry = try FileSystem.followedEntry(at: path)
            } catch {
                throw WriteFailure(message: "cannot create output directory '\(shownRoot)': \(error.reason)")
            }
            if entry == .directory { break }
            guard entry == .missing else {
                throw WriteFailure(message: "cannot create output directory '\(shownRoot)': '\(path)' is not a directory")
            }
            missing.append(path)
            path = Self.parent(of: path)
        }
        for directory in missing.reversed() {
            do {
                try FileSystem.makeDirectory(directory)
            } catch {
                throw WriteFailure(message: "cannot create output directory '\(shownRoot)': \(error.reason)")
            }
            journal.append(.createdDirectory(directory))
        }
    }

    /// Creates the staging directory inside the output folder.
    mutating func createStaging() throws(WriteFailure) {
        do {
            staging = try FileSystem.makeTemporaryDirectory(prefix: root + "/" + OutputWriter.stagingPrefix)
        } catch {
            throw WriteFailure(message: "cannot create a staging directory in output directory '\(shownRoot)': \(error.reason)")
        }
    }

    /// Writes the complete new contents of every added and changed file into
    /// the staging directory before anything is moved. With `flushesToDisk`
    /// it then flushes them all to disk, together, which is much faster than
    /// one after the other.
    func stage(_ changes: [OutputWriter.PlannedChange]) throws(WriteFailure) {
        guard let staging else { return }
        // The changes that have new contents, with where each is staged.
        let toStage: [(index: Int, path: String)] = changes.indices.compactMap { index in
            changes[index].file == nil ? nil : (index, staging + "/new-\(index)")
        }
        let staged = toStage.map { (path: $0.path, change: changes[$0.index].path) }
        // Most of writing is the kernel copying bytes, which two threads do
        // side by side, the largest files first so that neither is left
        // with a large one at the end; the first failure in change order is
        // the one reported.
        let bySize = toStage.indices.sorted { changes[toStage[$0].index].file!.byteCount > changes[toStage[$1].index].file!.byteCount }
        let failStaging = failStaging
        let failuresBySize = bySize.concurrentMap { position -> SystemError? in
            let (index, path) = toStage[position]
            if failStaging.contains(changes[index].path) { return SystemError("write", path, ENOSPC) }
            return changes[index].file!.withBytes { bytes in
                do throws(SystemError) {
                    try FileSystem.createFile(path, bytes: UnsafeRawBufferPointer(bytes), mode: changes[index].mode, sync: false)
                    return nil
                } catch {
                    return error
                }
            }
        }
        var failures = [SystemError?](repeating: nil, count: toStage.count)
        for (order, position) in bySize.enumerated() { failures[position] = failuresBySize[order] }
        for (position, failure) in failures.enumerated() {
            if let failure { throw WriteFailure(message: "cannot stage '\(staged[position].change)': \(failure.reason)") }
        }
        guard flushesToDisk else { return }
        do {
            try FileSystem.sync(staged.map(\.path))
        } catch {
            let change = staged.first { $0.path == error.path }?.change ?? error.path
            throw WriteFailure(message: "cannot stage '\(change)': \(error.reason)")
        }
    }

    /// Moves every change into place, one `rename` (or `link`) per file.
    mutating func apply(_ changes: [OutputWriter.PlannedChange]) throws(WriteFailure) {
        guard let staging else { return }
        for (index, change) in changes.enumerated() {
            let path = change.path
            let destination = absolute(path)
            let staged = staging + "/new-\(index)"
            let backup = staging + "/old-\(index)"
            let components = path.split(separator: "/").map(String.init)

            // Check the path again right before touching it: the folder may
            // have changed since it was planned.
            let found = OutputWriter.lookUp(components, under: root)
            if case let .problem(message) = found {
                throw WriteFailure(message: "cannot write '\(path)': \(message)")
            }

            switch change.change.kind {
            case .added:
                guard found == .missing else {
                    throw WriteFailure(message: "cannot write '\(path)': a file appeared there while writing")
                }
                try createParents(of: components)
                try checkInjectedFailure()
                do {
                    try Self.placeNew(staged, at: destination)
                } catch {
                    throw WriteFailure(message: "cannot write '\(path)': \(error.reason)")
                }
                journal.append(.added(path))

            case .changed:
                guard case .file = found else {
                    throw WriteFailure(message: "cannot write '\(path)': the file disappeared while writing")
                }
                do {
                    try Self.keepCopy(of: destination, at: backup)
                } catch {
                    throw WriteFailure(message: "cannot back up '\(path)' before replacing it: \(error.reason)")
                }
                try checkInjectedFailure()
                do {
                    try FileSystem.rename(staged, to: destination)
                } catch {
                    throw WriteFailure(message: "cannot write '\(path)': \(error.reason)")
                }
                journal.append(.replaced(path, backup: backup))

            case .removed:
                guard case .file = found else { continue }
                try checkInjectedFailure()
                do {
                    try FileSystem.rename(destination, to: backup)
                } catch {
                    throw WriteFailure(message: "cannot remove '\(path)': \(error.reason)")
                }
                journal.append(.removed(path, backup: backup))
            }
            writes += 1
        }
    }

    /// Undoes every journaled step, newest first, and returns notes for the
    /// error: either that the folder is as before, or what could not be
    /// restored. Files go back first; then the staging directory is deleted
    /// (unless it still holds something the folder needs), and only then the
    /// created directories, since the staging directory may sit in one of them.
    mutating func rollBack() -> [Diagnostic] {
        var problems: [Diagnostic] = []
        for step in journal.reversed() {
            switch step {
            case .createdDirectory:
                continue
            case let .added(path):
                do {
                    try FileSystem.unlink(absolute(path))
                } catch {
                    problems.append(.note("could not delete added file '\(path)': \(error.reason)", at: nil))
                }
            case let .replaced(path, backup), let .removed(path, backup):
                do {
                    try FileSystem.rename(backup, to: absolute(path))
                } catch {
                    problems.append(.note("could not restore '\(path)' from '\(backup)': \(error.reason)", at: nil))
                }
            }
        }
        if problems.isEmpty {
            cleanUp()
        } else if let staging {
            problems.append(.note("the previous contents are kept in '\(staging)'", at: nil))
        }
        for case let .createdDirectory(directory) in journal.reversed() {
            do {
                try FileSystem.removeDirectory(directory)
            } catch {
                problems.append(.note("could not remove directory '\(directory)' created by this run: \(error.reason)", at: nil))
            }
        }
        journal = []
        if problems.isEmpty {
            return [.note("no changes were made to output directory '\(shownRoot)'", at: nil)]
        }
        return problems
    }

    /// After a successful apply: deletes each directory a removal left empty,
    /// walking up towards (but never including) the output folder.
    func removeEmptyDirectories(after removals: [OutputWriter.PlannedChange]) {
        for removal in removals {
            var components = removal.path.split(separator: "/").map(String.init)
            components.removeLast()
            while !components.isEmpty {
                // `rmdir` fails on a directory that still has entries, which ends the walk.
                guard (try? FileSystem.removeDirectory(absolute(components.joined(separator: "/")))) != nil else { break }
                components.removeLast()
            }
        }
    }

    /// Deletes the staging directory and everything in it.
    mutating func cleanUp() {
        if let staging { FileSystem.removeTree(staging) }
        staging = nil
    }

    // MARK: - Helpers

    /// Creates the missing directories above a generated file, journaling each.
    private mutating func createParents(of components: [String]) throws(WriteFailure) {
        var current = root
        for (index, component) in components.dropLast().enumerated() {
            current += "/" + component
            let shown = components[...index].joined(separator: "/")
            let entry: FileSystem.Entry
            do {
                entry = try FileSystem.entry(at: current)
            } catch {
                throw WriteFailure(message: "cannot create directory '\(shown)': \(error.reason)")
            }
            switch entry {
            case .directory:
                continue
            case .missing:
                do {
                    try FileSystem.makeDirectory(current)
                } catch {
                    throw WriteFailure(message: "cannot create directory '\(shown)': \(error.reason)")
                }
                journal.append(.createdDirectory(current))
            default:
                throw WriteFailure(message: "cannot create directory '\(shown)': something else is in the way")
            }
        }
    }

    /// The test hook: fails once `failAfterWrites` files have been put in place.
    private func checkInjectedFailure() throws(WriteFailure) {
        if let limit = failAfterWrites, writes >= limit {
            throw WriteFailure(message: "injected failure after \(writes) write(s)")
        }
    }

    /// Gives a staged file its final name without replacing anything that
    /// may have appeared there: `link` fails when the name exists. File
    /// systems without hard links fall back to `rename`.
    private static func placeNew(_ staged: String, at destination: String) throws(SystemError) {
        do {
            try FileSystem.link(staged, to: destination)
            try? FileSystem.unlink(staged)
        } catch where [EPERM, EMLINK, ENOTSUP, EXDEV].contains(error.code) {
            try FileSystem.rename(staged, to: destination)
        }
    }

    /// Keeps the file about to be replaced: a hard link when possible (same
    /// bytes, same inode, instant), otherwise a full copy with its permissions.
    private static func keepCopy(of path: String, at backup: String) throws(SystemError) {
        do {
            try FileSystem.link(path, to: backup)
        } catch where [EPERM, EMLINK, ENOTSUP, EXDEV].contains(error.code) {
            var mode: mode_t?
            if case let .file(existing) = try FileSystem.entry(at: path) { mode = existing }
            try FileSystem.createFile(backup, bytes: try FileSystem.read(path), mode: mode)
        }
    }

    /// The directory part of an absolute path; `/` for top-level entries.
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }
}
