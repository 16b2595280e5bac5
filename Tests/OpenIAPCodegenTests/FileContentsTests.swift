import Foundation
import Testing
@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen
@testable import OpenIAPSpecTools
@testable import OpenIAPCommandLine

/// `FileContents.bytes` reads a file whose size is known in one go and
/// anything else (a size of 0 that is not true, a file that grew) in
/// chunks; both ways must give every byte, and what cannot be read nil.
struct FileContentsTests {
    private func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("FileContentsTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func readsFilesOfAnySizeExactly() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Empty, one byte, and sizes around the 64 KiB chunk of the slow path.
        for size in [0, 1, 100, 65_535, 65_536, 65_537, 300_001] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            let path = folder.appendingPathComponent("file-\(size)").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            #expect(FileContents.bytes(atPath: path) == bytes, "size \(size)")
        }
    }

    @Test func followsSymbolicLinks() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("target.yaml").path
        let link = folder.appendingPathComponent("link.yaml").path
        try Data("spec: {version: 1.0.0}\n".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        #expect(FileContents.bytes(atPath: link) == Array("spec: {version: 1.0.0}\n".utf8))
    }

    @Test func missingFilesAndFoldersGiveNil() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(FileContents.bytes(atPath: folder.appendingPathComponent("absent.yaml").path) == nil)
        #expect(FileContents.bytes(atPath: folder.path) == nil)
    }

    #if os(Linux)
    /// Files under /proc report a size of 0 but have text: they take the
    /// chunked path after the first read fills its one-byte buffer.
    @Test func readsFilesWhoseSizeIsWrong() throws {
        let bytes = try #require(FileContents.bytes(atPath: "/proc/self/status"))
        #expect(bytes.count > 1)
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("Name:"))
    }
    #endif
}
