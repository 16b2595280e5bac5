#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading a whole file straight into a byte array.
///
/// `FileManager.contents(atPath:)` gives a `Data`, and the YAML reader wants
/// `[UInt8]`, so every spec file used to be read into one buffer and then
/// copied into another of the same size: for a large spec that is megabytes
/// of extra copying and a fresh buffer whose every page faults in. Here the
/// kernel reads into the array itself.
enum FileContents {
    /// The bytes of the file at `path` (following symbolic links, as
    /// `FileManager.contents(atPath:)` does), or nil when it cannot be read:
    /// missing, a folder, not permitted.
    static func bytes(atPath path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        // One byte more than the size, so that a file that has not changed
        // is read to its end (a read that returns 0) without growing. Files
        // whose size says nothing (those under /proc say 0) or that grew
        // since are read on in chunks.
        let first = max(Int(info.st_size), 0) + 1
        var failed = false
        var result = [UInt8](unsafeUninitializedCapacity: first) { buffer, count in
            count = 0
            while count < first {
                let got = read(fd, buffer.baseAddress! + count, first - count)
                if got < 0 {
                    if errno == EINTR { continue }
                    failed = true
                    return
                }
                if got == 0 { return }
                count += got
            }
        }
        guard !failed else { return nil }
        // The buffer is only full when there may be more.
        guard result.count == first else { return result }
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let got = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if got < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if got == 0 { return result }
            result += chunk[..<got]
        }
    }
}
