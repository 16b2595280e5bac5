import Testing

@testable import OpenIAPSpec

/// `SpecFileReader.isTypeName` reads a name's UTF-8 bytes; it must accept
/// exactly the names whose Unicode scalars are an ASCII capital letter and
/// then ASCII letters and digits.
struct TypeNameRuleTests {
    @Test func agreesWithScalarRule() {
        func byScalars(_ name: String) -> Bool {
            guard let first = name.unicodeScalars.first, ("A"..."Z").contains(first) else { return false }
            return name.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) }
        }
        let names = [
            "", "A", "a", "Product", "product", "Product2", "2Product", "Prod_uct", "Prod uct", "Ünicode", "Caf\u{E9}", "Cafe\u{301}",
            "\u{212A}elvin", "Ｐroduct", "Product\u{200B}", "PRODUCT", "Z9", "Product-1", "[", "@", "`", "{",
        ]
        for name in names {
            #expect(SpecFileReader.isTypeName(name) == byScalars(name), "\(name)")
        }
    }
}
