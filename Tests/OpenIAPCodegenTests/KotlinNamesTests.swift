import Foundation
import Testing

@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen
@testable import OpenIAPSpecTools
@testable import OpenIAPCommandLine

/// The Kotlin naming and escaping rules (`KotlinNames`): keywords, soft
/// keywords, names Kotlin takes only in backticks, names that must be
/// renamed instead, clashes with generated members, and text in literals and
/// KDoc. That the results compile is proven by the escaping spec
/// (`EscapingTests`); the located errors by `Tests/Hostile/Spec/kotlin-names`.
@Suite struct KotlinNamesTests {
    @Test func hardKeywordsGoInBackticks() {
        for keyword in ["as", "class", "fun", "in", "interface", "is", "null", "object", "package", "this", "typealias", "typeof", "val", "var", "when"] {
            #expect(KotlinNames.escaped(keyword) == "`\(keyword)`", "\(keyword)")
        }
    }

    @Test func softAndModifierKeywordsGoInBackticksToo() {
        for keyword in ["value", "field", "init", "constructor", "by", "where", "data", "enum", "sealed", "open", "inner", "it", "suspend"] {
            #expect(KotlinNames.escaped(keyword) == "`\(keyword)`", "\(keyword)")
        }
    }

    /// `isKeyword` looks among the keywords of the same first byte and
    /// length (`NameTable`); it must answer as the keyword sets do, for every keyword,
    /// names one letter off, other cases and lengths, and non-ASCII text.
    @Test func keywordCheckAgreesWithTheKeywordSets() {
        let keywords = KotlinNames.hardKeywords.union(KotlinNames.softKeywords)
        var names = Array(keywords)
        for keyword in keywords {
            names += [
                keyword.uppercased(), keyword.capitalized, keyword + "s", String(keyword.dropLast()), "_" + keyword,
                String(keyword.dropFirst()), keyword + "\u{301}",
            ]
        }
        names += ["", "a", "z", "zz", "`", "{", "region", "kind", "description", "crossinlines", "caf\u{E9}", "\u{212A}"]
        for name in names {
            #expect(KotlinNames.isKeyword(name) == keywords.contains(name), "\(name)")
        }
    }

    /// `isBuiltInName` looks among the names of the same first byte and
    /// length (`NameTable`); it must answer as the set does, for every name and names close to one.
    @Test func builtInNameCheckAgreesWithTheSet() {
        var names = Array(KotlinNames.builtInNames)
        for name in KotlinNames.builtInNames {
            names += [name.lowercased(), name + "s", String(name.dropLast()), "_" + name, name + "\u{301}"]
        }
        names += ["", "A", "Kotlin", "\u{212A}", "\u{212A}otlin", "Pai\u{72}", "ProductState1", String(repeating: "List", count: 20)]
        for name in names {
            #expect(KotlinNames.isBuiltInName(name) == KotlinNames.builtInNames.contains(name), "\(name)")
        }
    }

    @Test func plainNamesStayBare() {
        for name in ["productId", "default", "self", "_3ds", "café", "日本", "hashValue", "Self_", "protocol", "delete"] {
            #expect(KotlinNames.escaped(name) == name, "\(name)")
        }
    }

    @Test func namesKotlinReadsOnlyInBackticks() {
        // A combining mark is part of a Swift identifier but not of a bare
        // Kotlin one; a letter number (Ⅻ) likewise.
        let decomposed = "cafe\u{301}"
        #expect(!KotlinNames.isPlainIdentifier(decomposed))
        #expect(KotlinNames.escaped(decomposed) == "`\(decomposed)`")
        #expect(KotlinNames.escaped("xⅫ") == "`xⅫ`")
        #expect(KotlinNames.nameProblem(decomposed) == nil)
        // Decimal digits of any script are part of a name, not its start.
        #expect(KotlinNames.isPlainIdentifier("x٣"))
        #expect(!KotlinNames.isPlainIdentifier("٣x"))
    }

    @Test func characterBackticksCannotHoldAreWordBreaksSoTheNameIsRenamed() {
        // The JVM and DEX forbid these in names even in backticks; wire names
        // holding them get another name, never quotes.
        let cases: [(String, String)] = [
            ("a.b", "aB"), ("x;y", "xY"), ("list[0]", "list0"), ("a/b", "aB"), ("<init>", "init"), ("ns:key", "nsKey"),
            ("back\\slash", "backSlash"), ("`tick`", "tick"), ("new\nline", "newLine"), ("*/", "_2A_2F"), ("...", "_2E_2E_2E"),
        ]
        for (wire, expected) in cases {
            let name = KotlinNames.name(wire, in: .property)
            #expect(name == expected, "\(wire)")
            #expect(KotlinNames.nameProblem(name) == nil, "\(wire)")
            #expect(!name.unicodeScalars.contains { KotlinNames.unwritableCharacters.contains($0) })
        }
        #expect(KotlinNames.name("a.b", in: .enumObject) == "AB")
        #expect(KotlinNames.name("<init>", in: .unionMember) == "Init")
    }

    @Test func namesThatCannotBeWrittenAtAllHaveAProblem() {
        #expect(KotlinNames.nameProblem("_") != nil)
        #expect(KotlinNames.nameProblem("__") != nil)
        #expect(KotlinNames.nameProblem("") != nil)
        for character in [".", ";", "[", "]", "/", "<", ">", ":", "\\", "`", "\n"] {
            #expect(KotlinNames.nameProblem("a\(character)b") != nil, "\(character)")
        }
        #expect(KotlinNames.nameProblem("a\u{1}b") != nil)
        #expect(KotlinNames.nameProblem("a_b") == nil)
    }

    @Test func propertiesKeepTheSwiftPropertyName() {
        // The same names as the Swift SDK, without Swift's own clash rule
        // (`hashValue_`): Kotlin has no stored hashValue to clash with.
        #expect(KotlinNames.name("hashValue", in: .property) == "hashValue")
        #expect(SwiftNames.name("hashValue", in: .property) == "hashValue_")
        #expect(KotlinNames.name("productID", in: .property) == "productID")
        #expect(KotlinNames.name("Type", in: .property) == "type")
        #expect(KotlinNames.name("pending-ack", in: .property) == "pendingAck")
        #expect(KotlinNames.name("3ds", in: .property) == "_3ds")
        // Its getter would be getClass(), which every JVM object has.
        #expect(KotlinNames.name("class", in: .property) == "class_")
        #expect(KotlinNames.name("Class", in: .property) == "class_")
        #expect(KotlinNames.name("klass", in: .property) == "klass")
    }

    @Test func valuesConstantsAndMembersAreUpperCamelCase() {
        #expect(KotlinNames.name("pending-acknowledgment", in: .enumObject) == "PendingAcknowledgment")
        #expect(KotlinNames.name("IN_APP", in: .enumEntry) == "InApp")
        #expect(KotlinNames.name("Sandbox", in: .opaqueConstant) == "Sandbox")
        #expect(KotlinNames.name("ios", in: .unionMember) == "Ios")
        #expect(KotlinNames.name("3ds", in: .enumObject) == "_3ds")
    }

    @Test func membersThatWouldHideANameTheBodyUsesGetAnUnderscore() {
        // `String` and `Companion` are names every generated class body needs;
        // the type's own name too; runtime types start with `OpenIAP`.
        #expect(KotlinNames.name("string", in: .enumObject) == "String_")
        #expect(KotlinNames.name("companion", in: .enumEntry) == "Companion_")
        #expect(KotlinNames.name("list", in: .unionMember) == "List_")
        #expect(KotlinNames.name("store", in: .enumObject, owner: "Store") == "Store_")
        #expect(KotlinNames.name("openIAPJson", in: .opaqueConstant) == "OpenIAPJson_")
        #expect(KotlinNames.name("openIAPJsonX", in: .opaqueConstant) == "OpenIAPJsonX")
        #expect(KotlinNames.name("strings", in: .enumObject) == "Strings")
    }

    @Test func theRuntimeTypeListIsTheRuntimeFiles() throws {
        let folder = GoldenTests.packageRoot.appendingPathComponent("Templates/kotlin")
        var declared: Set<String> = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".tmpl") || name.hasSuffix(".kt") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            // Top-level declarations only: nested ones do not share the package's namespace.
            for line in text.split(separator: "\n") where !line.hasPrefix(" ") {
                let words = line.split(separator: " ")
                guard let index = words.firstIndex(where: { ["object", "class", "interface"].contains($0) }), index + 1 < words.count,
                      words[..<index].allSatisfy({ ["internal", "private", "abstract", "sealed", "data", "enum"].contains($0) })
                else { continue }
                let name = String(words[index + 1].prefix { $0.isLetter || $0.isNumber })
                if name.hasPrefix("OpenIAP") { declared.insert(name) }
            }
        }
        // operations.tmpl names the SDK interfaces from the context.
        declared.formUnion(OperationPlatform.allCases.map(OperationNames.sdkInterfaceName))
        #expect(declared == KotlinNames.runtimeTypeNames)
    }

    @Test func typeNamesThatWouldHideKotlinTypesAreRefused() {
        for name in ["List", "Map", "Long", "Boolean", "Unit", "Any", "Nothing", "Pair", "Exception", "Companion"] {
            #expect(KotlinNames.typeNameProblem(name) != nil, "\(name)")
        }
        for name in ["Purchase", "IapStore", "Listing", "Product"] {
            #expect(KotlinNames.typeNameProblem(name) == nil, "\(name)")
        }
    }

    @Test func fileNamesFollowTheSwiftOnes() {
        #expect(KotlinNames.fileName(forSpecFile: "Schema/verification.yaml") == "Verification.kt")
        #expect(KotlinNames.fileName(forSpecFile: "a-b.yaml") == "AB.kt")
        #expect(KotlinNames.runtimeFileNames.contains("OpenIAPOrgJson.kt"))
    }

    @Test func stringLiteralsReadBackExactly() {
        #expect(KotlinNames.stringLiteral("plain") == "\"plain\"")
        #expect(KotlinNames.stringLiteral("a\"b\\c") == "\"a\\\"b\\\\c\"")
        // `$` would start a string template.
        #expect(KotlinNames.stringLiteral("${x} $y") == "\"\\${x} \\$y\"")
        #expect(KotlinNames.stringLiteral("a\nb\r\t\u{0}") == "\"a\\nb\\r\\t\\u0000\"")
        // Invisible format characters and C1 controls are escaped.
        #expect(KotlinNames.stringLiteral("\u{202E}\u{FEFF}\u{85}") == "\"\\u202E\\uFEFF\\u0085\"")
        #expect(KotlinNames.stringLiteral("café 日本 😀") == "\"café 日本 😀\"")
    }

    @Test func docTextCannotOpenOrCloseAComment() {
        // Kotlin block comments nest: `/*` would open one the file never closes.
        #expect(KotlinNames.docText("a */ b") == "a *\\/ b")
        #expect(KotlinNames.docText("a /* b") == "a /\\* b")
        #expect(KotlinNames.docText("/**/") == "/\\**\\/")
        #expect(KotlinNames.docText("x/*/y") == "x/\\*\\/y")
        for text in ["/**/", "x/*/y", "*/*", "a /* b */ c"] {
            let safe = KotlinNames.docText(text)
            #expect(!safe.contains("/*") && !safe.contains("*/"), "\(text)")
        }
        // A leading `@` would be a KDoc tag.
        #expect(KotlinNames.docText("  @param x") == "  \\@param x")
        #expect(KotlinNames.docText("mail a@b") == "mail a@b")
    }

    /// The templates' `docLines` hold the text after ` * ` (the template
    /// writes the ` *`), empty for a blank line, escaped as the line is.
    @Test func docTextsAreTheLinesWithoutTheirStar() {
        #expect(KotlinNames.docTexts(["One line."]) == ["One line."])
        #expect(KotlinNames.docTexts(["a\n\nb", nil, "c"]) == ["a", "", "b", "c"])
        #expect(KotlinNames.docTexts(["@tag and /* x */"]) == ["\\@tag and /\\* x *\\/"])
        let long = String(repeating: "word ", count: 30)
        let first = Array(repeating: "word", count: 20).joined(separator: " ")
        #expect(KotlinNames.docTexts([long]) == [first, String(repeating: "word ", count: 10)])
    }

    @Test func docCommentsHaveTheirFrameAndVisibleCharacters() {
        #expect(KotlinNames.docComment([nil, ""]) == [])
        #expect(KotlinNames.docComment(["One line."]) == ["/**", " * One line.", " */"])
        #expect(KotlinNames.docComment(["a\n\nb", "c"]) == ["/**", " * a", " *", " * b", " * c", " */"])
        #expect(KotlinNames.docComment(["bell \u{7} and bidi \u{202E}"]) == ["/**", " * bell \\u{7} and bidi \\u{202E}", " */"])
    }

    @Test func deprecationsAlwaysHaveAMessage() {
        #expect(KotlinNames.deprecation(nil) == nil)
        #expect(KotlinNames.deprecation("Use y.") == "@Deprecated(\"Use y.\")")
        #expect(KotlinNames.deprecation("") == "@Deprecated(\"Deprecated in the OpenIAP spec.\")")
        #expect(KotlinNames.deprecation("costs $5") == "@Deprecated(\"costs \\$5\")")
    }
}
