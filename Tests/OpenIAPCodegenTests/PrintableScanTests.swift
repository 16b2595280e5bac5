import Testing
@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen
@testable import OpenIAPSpecTools
@testable import OpenIAPCommandLine

/// `SwiftEscaping.firstNonPrintable` tests eight bytes at a time; it must
/// agree with a byte-by-byte search for every byte value at every position
/// of a word and of the tail after the last whole word.
struct PrintableScanTests {
    private static func reference(_ bytes: [UInt8], from start: Int) -> Int? {
        bytes.indices.dropFirst(start).first { !(0x20...0x7E).contains(bytes[$0]) }
    }

    @Test func agreesWithAByteByByteSearch() {
        for length in [0, 1, 7, 8, 9, 16, 21] {
            for position in 0..<max(length, 1) {
                for value in UInt8.min...UInt8.max {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    if position < length { bytes[position] = value }
                    for start in [0, 1, position] where start <= length {
                        let found = bytes.withUnsafeBufferPointer { SwiftEscaping.firstNonPrintable(in: $0, from: start) }
                        #expect(found == Self.reference(bytes, from: start), "byte \(value) at \(position) of \(length), from \(start)")
                    }
                }
            }
        }
    }

    /// A byte below the space borrows when the word is tested; the bytes
    /// after it must not hide or invent a failure.
    @Test func failuresNextToEachOther() {
        let bytes: [UInt8] = [0x41, 0x00, 0x20, 0x7F, 0x7E, 0x1F, 0x80, 0x41, 0x41, 0x0A]
        for start in bytes.indices {
            let found = bytes.withUnsafeBufferPointer { SwiftEscaping.firstNonPrintable(in: $0, from: start) }
            #expect(found == Self.reference(bytes, from: start))
        }
    }

    /// `ByteWords.hasControlOrNonASCII`, which the JSON and TypeScript
    /// escapers use, tests a word with borrows and carries; every byte value
    /// at every position, alone and next to another failing byte, must give
    /// what a test of each byte gives.
    @Test func wordTestAgreesWithEachByte() {
        func fails(_ byte: UInt8) -> Bool { byte < 0x20 || byte >= 0x7F }
        for position in 0..<8 {
            for value in UInt8.min...UInt8.max {
                for neighbour: UInt8 in [UInt8(ascii: "a"), 0x00, 0x1F, 0x20, 0x7E, 0x7F, 0x80, 0xFF] {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 8)
                    bytes[position] = value
                    bytes[(position + 1) % 8] = neighbour
                    let word = bytes.withUnsafeBufferPointer { ByteWords.word($0, at: 0) }
                    #expect(ByteWords.hasControlOrNonASCII(word) == bytes.contains(where: fails), "\(bytes)")
                }
            }
        }
    }
}
