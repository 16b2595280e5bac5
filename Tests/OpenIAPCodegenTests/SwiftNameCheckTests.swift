import Foundation
import Testing
@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen
@testable import OpenIAPSpecTools
@testable import OpenIAPCommandLine

/// `SwiftNameCheck` keeps the members' Swift names it works out with the
/// spec (`SwiftNameCheck.Outcome`), and the Swift view model writes those
/// names instead of working them out again: they must be the names
/// `SwiftNames` gives.
@Suite struct SwiftNameCheckTests {
    static let text = """
        spec:
          version: 1.0.0
        enums:
          Mode:
            values: [in-app, pending, allCases, knownCases]
          Closed:
            closed: true
            values: [allCases, pending-ack]
        strings:
          Store:
            values: [app-store, knownValues, play]
        records:
          Item:
            fields:
              productID: String
              product-name: String
              hashValue: Int
              self: String?
              Price: Double?
              old:
                type: String?
                deprecated: Use productID.

        """

    static func spec() throws -> Spec {
        try Generator(options: Generator.Options()).load([SpecLoader.Source(path: "a.yaml", text: text)])
    }

    @Test func theOutcomeHoldsEachMembersSwiftNameByPosition() throws {
        let spec = try Self.spec()
        let outcome = SwiftNameCheck.Outcome.of(spec)
        #expect(outcome.problems.isEmpty)
        #expect(outcome.members.count == spec.types.count)
        for (position, type) in spec.types.enumerated() {
            let expected: [String] =
                switch type {
                case let .record(r): r.fields.map { SwiftNames.name($0.name, in: .property) }
                case let .enumeration(e): e.values.map { SwiftNames.name($0.wire, in: e.isClosed ? .closedEnumCase : .openEnumCase) }
                case let .opaqueString(s): s.knownValues.map { SwiftNames.name($0.wire, in: .opaqueConstant) }
                default: []
                }
            #expect(outcome.members[position] == expected, "\(type.name)")
        }
        let item = try #require(spec.position(of: "Item"))
        #expect(outcome.members[item] == ["productID", "productName", "hashValue_", "self", "price", "old"])
        let mode = try #require(spec.position(of: "Mode"))
        #expect(outcome.members[mode] == ["inApp", "pending", "allCases_", "knownCases_"])
        // The check runs once per spec: asking again gives what it kept.
        #expect(SwiftNameCheck.Outcome.of(spec).members == outcome.members)
    }

    @Test func theRenderWritesTheCheckedNames() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var options = Generator.Options()
        options.templatesRoot = root.appendingPathComponent("Templates").path
        options.targets = ["swift"]
        let generator = Generator(options: options)
        let spec = try generator.load([SpecLoader.Source(path: "a.yaml", text: Self.text)])
        let swift = try generator.render(spec).filter { $0.path == "Swift/A.swift" }.map(\.contents).joined()
        for line in [
            "public var productName: String", "public var hashValue_: Int", "case inApp", "case allCases_",
            "public static let appStore", "public static let knownValues_", "self_: String? = nil",
            "private var _old: String?",
            // The templates write the quotes of every key.
            #"forKey: "product-name")"#, #"forKey: "self")"#,
        ] {
            #expect(swift.contains(line), "\(line)")
        }
    }

    @Test func aDeprecatedFieldsStorageCollidesWithTheFieldOfItsName() {
        // `old`'s private storage is `_old`, which the next field is named.
        let text = "records:\n  A:\n    fields:\n      old:\n        type: String?\n        deprecated: Gone.\n      _old: String\n"
        #expect(TargetCheckTests.errors(text) == """
            a.yaml:9:7: error: field '_old' of 'A' collides with 'old': both are named '_old' in Swift
            a.yaml:6:7: note: 'old' declared here
            """)
    }

    @Test func theNameTablesAnswerAsTheSetsDo() {
        let samples = [
            "Self", "self", "Protocol", "String", "CodingKey", "Coding\u{212A}ey", "\u{212A}eyedDecodingContainer",
            "precedencegroup", "precedencegroupX", "SingleValueDecodingContainer", "Stringy", "Str", "", "_", "é", "e\u{301}",
            "Product", "OpenIAP", "OpenIAPThing", "OpenIA", "OpenIAP\u{308}x", "OpenIAPé", "Open",
            "ThisIsAVeryLongTypeNameOfMoreThan32Bytes", "CustomDebugStringConvertible\u{301}", "O", "Zz",
        ]
        for name in samples + Array(SwiftNames.keywords) + Array(SwiftNames.reservedTypeNames) {
            #expect(SwiftNames.isKeyword(name) == SwiftNames.keywords.contains(name), "\(name)")
            #expect(NameTable(SwiftNames.reservedTypeNames).contains(name) == SwiftNames.reservedTypeNames.contains(name), "\(name)")
            #expect(SwiftNames.hasRuntimeTypePrefix(name) == name.hasPrefix(SwiftNames.runtimeTypePrefix), "\(name)")
        }
        // Equal to `CodingKey` as Swift compares strings, so reserved as it is.
        #expect(SwiftNames.typeNameProblem("Coding\u{212A}ey") != nil)
    }

    @Test func aPropertyKeepsItsFormExactlyWhenTheRulesSaySo() {
        let samples = [
            "", "_", "__", "_a", "a", "A", "aB1", "1a", "a-b", "a b", "é", "éa", "aé", "Éa", "a\u{301}", "hashValue",
            "x_y", "ab$", "aVeryLongPropertyNameIndeed", "a\u{200B}b", "Z9", "z9",
        ]
        for wire in samples {
            let keeps = SwiftNames.isPlainIdentifier(wire) && !(wire.unicodeScalars.first?.properties.isUppercase ?? true)
            #expect((SwiftNames.unconvertedName(wire, in: .property) != nil) == keeps, "\(wire)")
            if keeps { #expect(SwiftNames.unconvertedName(wire, in: .property) == SwiftNames.name(wire, in: .property)) }
        }
    }

    @Test func upperCamelOnBytesGivesWhatTheCaseMappingGives() {
        for wire in ["billing", "in-app", "a\u{301}b", "éclair", "ß", "ßx", "3ds", "", "*/", "IOS", "x", "pending_ack", "Ǆx"] {
            let lower = SwiftNames.lowerCamel(wire)
            let upper = lower.prefix(1).uppercased() + lower.dropFirst()
            let expected = lower.hasPrefix("_") ? lower : SwiftNames.isPlainIdentifier(upper) ? upper : "_" + lower
            #expect(SwiftNames.upperCamel(wire) == expected, "\(wire)")
            #expect(Array(SwiftNames.upperCamel(wire).utf8) == Array(expected.utf8), "\(wire)")
        }
        #expect(SwiftNames.fileName(forSpecFile: "Schema/in-app.yaml") == "InApp.swift")
        for path in ["Schema/a.b.yaml", "a", "", "///", "/.../", "x/.hidden.yaml", "a//b/", "Schema/é.yaml", "x/\u{301}/b.c", "a/b\u{301}.c/d"] {
            let stem = path.split(separator: "/").last.map(String.init) ?? path
            let expected = stem.split(separator: ".").first.map(String.init) ?? stem
            #expect(SwiftNames.fileBase(path) == expected, "\(path)")
        }
    }

    @Test func aWireKeyThatNeedsEscapesKeepsThem() {
        #expect(SwiftEscaping.literalText("plain-name") == "plain-name")
        #expect(SwiftEscaping.literalText(#"a"b\c"#) == #"a\"b\\c"#)
        #expect(SwiftEscaping.quoted(SwiftEscaping.literalText(#"a"b"#)) == SwiftEscaping.stringLiteral(#"a"b"#))
    }
}
