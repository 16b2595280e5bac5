import Foundation
import Glibc
import OpenIAPSpec

/// A failed system call: which call, on which path, and the `errno` it set.
struct SystemError: Error, Sendable {
    var call: String
    var path: String
    var code: Int32

    init(_ call: String, _ path: String, _ code: Int32 = errno) {
        self.call = call
        self.path = path
        self.code = code
    }

    /// The C library's text for the error, such as "Permission denied".
    var reason: String { String(cString: strerror(code)) }
}

/// The thin layer of POSIX calls `OutputWriter` is built on.
///
/// Everything here works on absolute paths and never follows a symbolic link
/// unless the name says so: the writer must see links as links to keep every
/// write inside the output folder.
enum FileSystem {
    /// What `lstat` found at a path.
    enum Entry: Equatable {
        case missing
        case file(mode: mode_t)
        case directory
        case symlink
        case other
    }

    /// The entry at `path` without following a final symbolic link. A path
    /// that does not exist is `.missing`; any other failure (such as a parent
    /// that is a file) is thrown.
    static func entry(at path: String) throws(SystemError) -> Entry {
        var info = stat()
        if lstat(path, &info) != 0 {
            let code = errno
            if code == ENOENT { return .missing }
            throw SystemError("lstat", path, code)
        }
        return classify(info.st_mode)
    }

    /// Like `entry(at:)` but follows symbolic links.
    static func followedEntry(at path: String) throws(SystemError) -> Entry {
        var info = stat()
        if stat(path, &info) != 0 {
            let code = errno
            if code == ENOENT { return .missing }
            throw SystemError("stat", path, code)
        }
        return classify(info.st_mode)
    }

    private static func classify(_ mode: mode_t) -> Entry {
        switch mode & S_IFMT {
        case S_IFREG: .file(mode: mode & 0o7777)
        case S_IFDIR: .directory
        case S_IFLNK: .symlink
        default: .other
        }
    }

    /// Where a symbolic link points, as stored in the link.
    static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The canonical absolute path with every link resolved.
    static func realPath(_ path: String) throws(SystemError) -> String {
        guard let resolved = realpath(path, nil) else { throw SystemError("realpath", path) }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func currentDirectory() throws(SystemError) -> String {
        guard let cwd = getcwd(nil, 0) else { throw SystemError("getcwd", ".") }
        defer { free(cwd) }
        return String(cString: cwd)
    }

    /// The names in a directory, without `.` and `..`, sorted by their bytes.
    static func contents(ofDirectory path: String) throws(SystemError) -> [String] {
        guard let dir = opendir(path) else { throw SystemError("opendir", path) }
        defer { closedir(dir) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(dir) else {
                if errno != 0 { throw SystemError("readdir", path) }
                break
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// The whole file, read without following a final symbolic link.
    static func read(_ path: String) throws(SystemError) -> [UInt8] {
        try read(path, stopAfterNewlines: nil)
    }

    /// The first `count` lines of a file (fewer if it is shorter), decoded
    /// leniently as UTF-8. Reads no further than needed, and never more than
    /// about a megabyte, so a large file without newlines stays cheap.
    static func leadingLines(of path: String, count: Int) throws(SystemError) -> String {
        let bytes = try read(path, stopAfterNewlines: count)
        var newlines = 0
        let end = bytes.firstIndex { byte in
            if byte == UInt8(ascii: "\n") { newlines += 1 }
            return newlines == count
        } ?? bytes.endIndex
        return String(decoding: bytes[..<end], as: UTF8.self)
    }

    private static func read(_ path: String, stopAfterNewlines: Int?) throws(SystemError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { throw SystemError("open", path) }
        defer { close(fd) }
        var result: [UInt8] = []
        var newlines = 0
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let got = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if got < 0 {
                if errno == EINTR { continue }
                throw SystemError("read", path)
            }
            if got == 0 { break }
            result += chunk[..<got]
            if let limit = stopAfterNewlines {
                newlines += chunk[..<got].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
                if newlines >= limit || result.count >= 1 << 20 { break }
            }
        }
        return result
    }

    /// Creates a new file (failing if anything exists at `path`), writes all
    /// of `bytes`, applies `mode` when given, and flushes it to disk unless
    /// `sync` is false (the caller then flushes it with `sync(_:)`).
    static func createFile(_ path: String, bytes: [UInt8], mode: mode_t?, sync: Bool = true) throws(SystemError) {
        let result = bytes.withUnsafeBytes { bytes in
            Result { () throws(SystemError) in try createFile(path, bytes: bytes, mode: mode, sync: sync) }
        }
        try result.get()
    }

    static func createFile(_ path: String, bytes: UnsafeRawBufferPointer, mode: mode_t?, sync: Bool = true) throws(SystemError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o666)
        guard fd >= 0 else { throw SystemError("open", path) }
        var failure: SystemError?
        var offset = 0
        while offset < bytes.count {
            let wrote = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if wrote < 0 {
                if errno == EINTR { continue }
                failure = SystemError("write", path)
                break
            }
            offset += wrote
        }
        if failure == nil, let mode, fchmod(fd, mode) != 0 { failure = SystemError("fchmod", path) }
        if failure == nil, sync, fsync(fd) != 0 { failure = SystemError("fsync", path) }
        if close(fd) != 0, failure == nil { failure = SystemError("close", path) }
        if let failure {
            Glibc.unlink(path)
            throw failure
        }
    }

    /// Flushes the files at `paths` to disk, several at a time. One `fsync`
    /// waits for a journal commit of its own, and commits are far apart in
    /// time compared with writing; calls that wait together share a commit.
    /// Throws the failure of the first path (in `paths` order) that failed.
    static func sync(_ paths: [String]) throws(SystemError) {
        if paths.count == 1 {
            try syncFile(paths[0])
            return
        }
        let failures = SyncFailures(count: paths.count)
        let threads = min(paths.count, 16)
        let group = DispatchGroup()
        for first in 0..<threads {
            group.enter()
            Thread {
                for index in stride(from: first, to: paths.count, by: threads) {
                    do throws(SystemError) {
                        try syncFile(paths[index])
                    } catch {
                        failures.record(error, at: index)
                    }
                }
                group.leave()
            }.start()
        }
        group.wait()
        if let failure = failures.first { throw failure }
    }

    private static func syncFile(_ path: String) throws(SystemError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { throw SystemError("open", path) }
        var failure: SystemError?
        if fsync(fd) != 0 { failure = SystemError("fsync", path) }
        if close(fd) != 0, failure == nil { failure = SystemError("close", path) }
        if let failure { throw failure }
    }

    /// The failures of `sync`, by position, filled in from several threads.
    private final class SyncFailures: @unchecked Sendable {
        private let lock = NSLock()
        private var failures: [SystemError?]

        init(count: Int) { failures = Array(repeating: nil, count: count) }

        func record(_ failure: SystemError, at index: Int) {
            lock.withLock { failures[index] = failure }
        }

        var first: SystemError? {
            lock.withLock { failures.lazy.compactMap { $0 }.first }
        }
    }

    static func makeDirectory(_ path: String) throws(SystemError) {
        if mkdir(path, 0o777) != 0 { throw SystemError("mkdir", path) }
    }

    /// A new, empty, private directory named from `prefix` plus six random characters.
    static func makeTemporaryDirectory(prefix: String) throws(SystemError) -> String {
        var template = Array((prefix + "XXXXXX").utf8CString)
        guard mkdtemp(&template) != nil else { throw SystemError("mkdtemp", prefix + "XXXXXX") }
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func rename(_ from: String, to: String) throws(SystemError) {
        if Glibc.rename(from, to) != 0 { throw SystemError("rename", to) }
    }

    /// A second name for an existing file; fails if `to` exists.
    static func link(_ from: String, to: String) throws(SystemError) {
        if Glibc.link(from, to) != 0 { throw SystemError("link", to) }
    }

    static func unlink(_ path: String) throws(SystemError) {
        if Glibc.unlink(path) != 0 { throw SystemError("unlink", path) }
    }

    static func removeDirectory(_ path: String) throws(SystemError) {
        if rmdir(path) != 0 { throw SystemError("rmdir", path) }
    }

    /// Deletes `path` and, for a directory, everything below it. Links are
    /// removed, never followed. Best effort: returns whether all of it went.
    @discardableResult
    static func removeTree(_ path: String) -> Bool {
        guard let entry = try? entry(at: path) else { return false }
        switch entry {
        case .missing:
            return true
        case .directory:
            var ok = true
            for name in (try? contents(ofDirectory: path)) ?? [] {
                ok = removeTree(path + "/" + name) && ok
            }
            return rmdir(path) == 0 && ok
        default:
            return Glibc.unlink(path) == 0
        }
    }
}
