import Testing
@testable import OpenIAPCodegen

/// `SwiftNames.isPlainIdentifier` decides ASCII names on their bytes and
/// hands every other name to the Unicode rule; both must give the rule's
/// answer.
struct SwiftNamesTests {
    @Test(arguments: [
        ("productID", true), ("_private", true), ("a1", true), ("Type", true),
        ("_", false), ("", false), ("3ds", false), ("pending-ack", false), ("a b", false), ("a.b", false),
        // Non-ASCII after an ASCII start, and from the start.
        ("naïve", true), ("aß", true), ("größe", true), ("ünïcode", true), ("a\u{200B}b", false), ("日本", true),
        ("a🎉", false),
    ])
    func plainIdentifiers(name: String, expected: Bool) {
        #expect(SwiftNames.isPlainIdentifier(name) == expected)
    }

    @Test func propertiesKeepPlainNamesAndCamelCaseTheRest() {
        #expect(SwiftNames.property("productID") == "productID")
        #expect(SwiftNames.property("pending-ack") == "pendingAck")
        #expect(SwiftNames.property("Price") == "price")
        #expect(SwiftNames.property("größe") == "größe")
    }
}
