import Foundation
import OpenIAPTemplates
import OpenIAPSpec

/// One generated file: a path relative to the output folder and its full contents.
///
/// The path uses `/` separators and must be a plain relative path: not empty,
/// not absolute, and without empty, `.` or `..` components. `OutputWriter`
/// rejects anything else before touching the disk.
///
/// A file that a target rendered keeps the bytes the renderer handed over,
/// and the writer puts those bytes on disk as they are: a large spec
/// renders tens of megabytes, and turning them into a `String` first would
/// check every byte once more for nothing. `contents` makes the `String`
/// when someone asks for it.
public struct GeneratedFile: Hashable, Sendable {
    public var path: String
    private var body: Body

    private enum Body: Sendable {
        case text(String)
        case bytes(FileBytes)
    }

    public init(path: String, contents: String) {
        self.path = path
        body = .text(contents)
    }

    /// A file whose contents are `bytes`, which must be UTF-8 text.
    init(path: String, bytes: FileBytes) {
        self.path = path
        body = .bytes(bytes)
    }

    /// The file's text.
    public var contents: String {
        get {
            switch body {
            case let .text(text): text
            case let .bytes(bytes): bytes.withBuffer { String(decoding: $0, as: UTF8.self) }
            }
        }
        set { body = .text(newValue) }
    }

    /// The number of bytes of the file's UTF-8 text.
    public var byteCount: Int {
        switch body {
        case let .text(text): text.utf8.count
        case let .bytes(bytes): bytes.count
        }
    }

    /// Calls `body` with the file's UTF-8 bytes, without copying them. The
    /// buffer is valid only during the call.
    public func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        switch self.body {
        case var .text(text): try text.withUTF8(body)
        case let .bytes(bytes): try bytes.withBuffer(body)
        }
    }

    public static func == (lhs: GeneratedFile, rhs: GeneratedFile) -> Bool {
        lhs.path == rhs.path
            && lhs.withBytes { left in
                rhs.withBytes { right in
                    left.count == right.count && (left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0)
                }
            }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        withBytes { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// The files' bytes one after the other, as one file at `path`.
    static func joining(_ pieces: [GeneratedFile], path: String) -> GeneratedFile {
        if pieces.count == 1 {
            var file = pieces[0]
            file.path = path
            return file
        }
        var joined: [UInt8] = []
        joined.reserveCapacity(pieces.reduce(0) { $0 + $1.byteCount })
        for piece in pieces { piece.withBytes { joined.append(contentsOf: $0) } }
        return GeneratedFile(path: path, bytes: FileBytes(joined))
    }
}
