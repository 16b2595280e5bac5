import Testing
@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen
@testable import OpenIAPSpecTools
@testable import OpenIAPCommandLine

/// `copyBytes` takes a different path for up to 3, 4 to 7, 8 to 16 and
/// longer runs; every length must copy exactly its bytes and nothing past
/// them.
struct ByteCopyTests {
    @Test func copiesExactlyTheRequestedBytes() {
        let source = (0..<40).map { UInt8($0 + 1) }
        for count in 0...source.count {
            var target = [UInt8](repeating: 0xEE, count: source.count + 8)
            source.withUnsafeBytes { from in
                target.withUnsafeMutableBytes { to in
                    (to.baseAddress! + 3).copyBytes(from: from.baseAddress!, count: count)
                }
            }
            #expect(Array(target[..<3]) == [0xEE, 0xEE, 0xEE], "count \(count)")
            #expect(Array(target[3..<(3 + count)]) == Array(source[..<count]), "count \(count)")
            #expect(target[(3 + count)...].allSatisfy { $0 == 0xEE }, "count \(count)")
        }
    }
}
