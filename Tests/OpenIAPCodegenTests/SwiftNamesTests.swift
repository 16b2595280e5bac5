import Testing
@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen
@testable import OpenIAPSpecTools
@testable import OpenIAPCommandLine

/// `SwiftNames` decides ASCII names on their bytes and hands every other
/// name to the Unicode rules; the shortcuts must give the rules' answers.
@Suite struct SwiftNamesTests {
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

    @Test func plainIdentifiersInASCIIAndBeyond() {
        #expect(SwiftNames.isPlainIdentifier("productID"))
        #expect(SwiftNames.isPlainIdentifier("_private2"))
        #expect(!SwiftNames.isPlainIdentifier("_"))
        #expect(!SwiftNames.isPlainIdentifier(""))
        #expect(!SwiftNames.isPlainIdentifier("3ds"))
        #expect(!SwiftNames.isPlainIdentifier("pending-ack"))
        // A name longer than a small string, so it is read from the heap.
        #expect(SwiftNames.isPlainIdentifier("aVeryLongPropertyNameIndeed"))
        #expect(!SwiftNames.isPlainIdentifier("aVeryLongPropertyName indeed"))
        // Past ASCII the scalar rules decide, wherever the first non-ASCII byte is.
        #expect(SwiftNames.isPlainIdentifier("café"))
        #expect(SwiftNames.isPlainIdentifier("élan"))
        #expect(!SwiftNames.isPlainIdentifier("a\u{200B}b"))
    }

    @Test func onlyPropertiesThatKeepTheirFormAreNamedWithoutConverting() {
        #expect(SwiftNames.unconvertedName("productID", in: .property) == "productID")
        #expect(SwiftNames.unconvertedName("hashValue", in: .property) == "hashValue_")
        #expect(SwiftNames.unconvertedName("pending-ack", in: .property) == nil)
        #expect(SwiftNames.unconvertedName("LocalTesting", in: .property) == nil)
        // Enum cases are always converted, even when the result is the same.
        #expect(SwiftNames.unconvertedName("pending", in: .openEnumCase) == nil)
        for wire in ["productID", "hashValue", "pending-ack", "LocalTesting", "IN_APP", "3ds", "café", "_"] {
            if let name = SwiftNames.unconvertedName(wire, in: .property) {
                #expect(name == SwiftNames.name(wire, in: .property))
            }
        }
        #expect(SwiftNames.name("pending-ack", in: .property) == "pendingAck")
        #expect(SwiftNames.name("allCases", in: .closedEnumCase) == "allCases_")
    }

    /// `isKeyword` compares bytes; it must answer as the keyword set does,
    /// for every keyword, names one letter off, other cases and lengths,
    /// and the non-ASCII characters Swift takes as equal to ASCII ones.
    @Test func keywordCheckAgreesWithTheKeywordSet() {
        var names = Array(SwiftNames.keywords)
        for keyword in SwiftNames.keywords {
            names += [keyword.uppercased(), keyword + "s", String(keyword.dropLast()), "_" + keyword]
            // The Kelvin sign equals `K`, the Greek question mark `;`.
            names.append(keyword.replacingOccurrences(of: "K", with: "\u{212A}"))
            names.append(keyword.replacingOccurrences(of: "k", with: "\u{212A}"))
        }
        names += ["", "a", "Z", "zz", "`", ";", "\u{037E}", "\u{1FEF}", "self\u{0301}", String(repeating: "a", count: 70)]
        for name in names {
            #expect(SwiftNames.isKeyword(name) == SwiftNames.keywords.contains(name), "\(name)")
            #expect(SwiftNames.escaped(name) == (SwiftNames.keywords.contains(name) ? "`\(name)`" : name), "\(name)")
        }
    }
}
