import OpenIAPSpec

/// How spec names become Swift identifiers. The Swift target and the
/// validator (which rejects names that collide once converted) both ask here,
/// so the rule lives in one place.
///
/// A wire name becomes an identifier in three steps:
///
/// 1. its form: lower camel case from the words of the name (`pending-ack` →
///    `pendingAck`); a field name that already is an identifier starting with
///    a lower-case letter or `_` is kept as is (`productID`);
/// 2. its place: a name that the generated code already uses for a member in
///    that place (`rawValue` in an enum, `hashValue` in a record) gets a `_`
///    appended, as often as needed;
/// 3. its spelling in source: keywords are written in backticks (`escaped`).
///
/// Only characters that every Swift compiler accepts in identifiers are kept:
/// ASCII letters, digits and `_`, and non-ASCII letters (and, after the first
/// character, combining marks and digits) from the ranges Swift allows. Format
/// characters such as bidi controls and zero-width joiners are word breaks. A
/// name with no usable character at all is spelled by its code points
/// (`*/` → `_2A_2F`).
public enum SwiftNames {
    /// The case of an open enum that carries an unrecognised wire value. No
    /// spec value may convert to it.
    public static let unknownEnumCase = "unrecognized"
    /// The case of a union that keeps a payload with an unrecognised tag.
    public static let unknownUnionCase = "unrecognized"

    /// Words Swift reserves in some position; an identifier equal to one of
    /// them is written in backticks. Contextual keywords are included: the
    /// backticks are harmless where they are not needed.
    public static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer",
        "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where",
        "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
        "async", "some", "any", "consume", "copy", "discard", "borrowing", "consuming", "package", "each", "Type",
        "Protocol", "macro", "nonisolated", "isolated", "sending", "then",
    ]

    /// Type names a spec may not declare. A generated type of one of these
    /// names would hide the standard one inside the module (the generated code
    /// says `String`, `Codable`, `Decoder`…), or is a keyword, or is a type the
    /// generated code nests in every record (`CodingKeys`). Foundation is
    /// imported by every generated file, so its common value types are here
    /// too. The `OpenIAP` prefix belongs to the runtime types.
    public static let reservedTypeNames: Set<String> = [
        // Keywords and special names in type position.
        "Any", "AnyObject", "AnyClass", "Self", "Type", "Protocol", "Swift", "Foundation", "Glibc", "Darwin",
        // Standard library types and protocols.
        "AnyHashable", "Array", "ArraySlice", "Bool", "CaseIterable", "Character", "ClosedRange", "Codable",
        "CodingKey", "CodingKeys", "Collection", "Comparable", "ContiguousArray", "CustomDebugStringConvertible",
        "CustomStringConvertible", "Decodable", "Decoder", "DecodingError", "Dictionary", "Double", "Encodable",
        "Encoder", "EncodingError", "Equatable", "Error", "ExpressibleByStringLiteral", "Float", "Hashable", "Hasher",
        "Identifiable", "Int", "Int8", "Int16", "Int32", "Int64", "KeyedDecodingContainer", "KeyedEncodingContainer",
        "Never", "Optional", "Range", "RawRepresentable", "Result", "Sendable", "Sequence", "Set",
        "SingleValueDecodingContainer", "SingleValueEncodingContainer", "StaticString", "String", "Substring",
        "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "UnkeyedDecodingContainer", "UnkeyedEncodingContainer",
        "Unicode", "Void", "Actor", "MainActor", "Task",
        // Foundation value types.
        "Data", "Date", "Decimal", "JSONDecoder", "JSONEncoder", "Locale", "TimeZone", "URL", "UUID", "NSObject",
    ]

    /// The prefix of the runtime types (`OpenIAPJSONValue`, …); spec types may not use it.
    public static let runtimeTypePrefix = "OpenIAP"

    /// Why a spec type name cannot be used in Swift, or nil when it can.
    public static func typeNameProblem(_ name: String) -> String? {
        if isKeyword(name) || name == "Protocol" {
            return "type name '\(name)' is a keyword in Swift"
        }
        if name == "CodingKeys" {
            return "type name 'CodingKeys' is reserved: every generated record declares a 'CodingKeys' of its own"
        }
        if reservedTypeNameTable.contains(name) {
            return "type name '\(name)' is reserved in Swift: a generated type of that name would hide the standard one"
        }
        if hasRuntimeTypePrefix(name) {
            return "type name '\(name)' is reserved: the '\(runtimeTypePrefix)' prefix belongs to the generated runtime types"
        }
        return nil
    }

    /// The Swift files a run writes besides one per spec file: always the
    /// first two, the others for a spec with operations (the last two in
    /// `Generated/SwiftBridge`).
    public static let runtimeFileNames = [
        SwiftTarget.runtimeFileName, "OpenIAPTypeRegistry.swift", operationsFileName, dispatcherFileName, repliesFileName,
    ]
    /// The protocols an SDK conforms to, and the operations' argument types.
    public static let operationsFileName = "OpenIAPOperations.swift"
    /// `OpenIAPDispatcher`, the JSON bridge over those protocols.
    public static let dispatcherFileName = "OpenIAPDispatcher.swift"
    /// `OpenIAPReply` and the `<Operation>Reply` types, beside the dispatcher.
    public static let repliesFileName = "OpenIAPReplies.swift"

    /// The Swift file that holds the types of a spec file:
    /// `Schema/verification.yaml` → `Verification.swift`.
    public static func fileName(forSpecFile path: String) -> String {
        upperCamel(fileBase(path)) + ".swift"
    }

    /// The last component of `path` up to its first `.`: `Schema/a.b.yaml`
    /// → `a`. An ASCII path (every path in practice) is split on its bytes,
    /// where a byte is a character: splitting the string into characters
    /// cost some 10,000 instructions a path, and every run names each spec
    /// file's Swift and Kotlin files more than once.
    static func fileBase(_ path: String) -> String {
        let bytes = Array(path.utf8)
        guard bytes.allSatisfy({ $0 < 0x80 }) else {
            let stem = path.split(separator: "/").last.map(String.init) ?? path
            return stem.split(separator: ".").first.map(String.init) ?? stem
        }
        guard let stem = bytes.split(separator: UInt8(ascii: "/")).last else { return path }
        let base = stem.split(separator: UInt8(ascii: ".")).first ?? stem
        return String(decoding: base, as: UTF8.self)
    }

    /// The places a spec name can take in generated Swift. Each comes with the
    /// member names the generated type already declares there.
    public enum Place: Sendable {
        /// A stored property of a record (and its `CodingKeys` case), or a
        /// requirement of a shared field set.
        case property
        /// A case of an open enum.
        case openEnumCase
        /// A case of a closed enum.
        case closedEnumCase
        /// A static constant of an opaque string.
        case opaqueConstant
        /// A case of a union.
        case unionCase

        /// Names that clash with a member the generated type declares, or
        /// gets from a protocol, of the same kind (static or instance):
        /// `knownCases` and `allCases` are static lists like the cases
        /// themselves, while an instance member such as `rawValue` can share
        /// a case's name. A stored `hashValue` would be taken as the
        /// deprecated `Hashable` requirement. `unrecognized` is not here: a
        /// spec value or tag that converts to it is rejected instead (see
        /// `SpecValidator`).
        public var taken: Set<String> {
            Set([takenName, secondTakenName].compactMap { $0 })
        }

        /// The first name in `taken`, if any; comparing with it (and
        /// `secondTakenName`) is cheaper than building the set.
        var takenName: String? {
            switch self {
            case .property: "hashValue"
            case .openEnumCase: "knownCases"
            case .closedEnumCase: "allCases"
            case .opaqueConstant: "knownValues"
            case .unionCase: nil
            }
        }

        /// The other name in `taken`: an open enum is `CaseIterable` too.
        var secondTakenName: String? {
            self == .openEnumCase ? "allCases" : nil
        }
    }

    /// The identifier a wire name gets in `place`, without backticks.
    public static func name(_ wire: String, in place: Place) -> String {
        unconvertedName(wire, in: place) ?? avoidingTaken(lowerCamel(wire), in: place)
    }

    /// `name(wire, in: place)` when the wire name keeps its form: a property
    /// whose wire name already is an identifier (see `property`). Finding
    /// that out is one pass over the name's bytes, so a caller that remembers
    /// converted names (`SpecValidator`) need not remember these. Nil when
    /// the name has to be converted.
    static func unconvertedName(_ wire: String, in place: Place) -> String? {
        guard place == .property else { return nil }
        // An ASCII name is settled in one pass over the bytes where the
        // string keeps them; any other by the Unicode rules.
        let ascii: Bool? =
            wire.utf8.withContiguousStorageIfAvailable(asciiKeepsFormAsProperty) ?? asciiKeepsFormAsProperty(wire.utf8)
        return (ascii ?? keepsFormAsProperty(wire)) ? avoidingTaken(wire, in: place) : nil
    }

    /// `keepsFormAsProperty` for a name of ASCII bytes alone: an identifier
    /// (letters, digits and `_`, not starting with a digit, not `_` alone)
    /// whose first byte is not a capital. Nil for a name with any other
    /// byte, or none.
    private static func asciiKeepsFormAsProperty(_ bytes: some Collection<UInt8>) -> Bool? {
        guard let first = bytes.first else { return nil }
        var keeps = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) || first == UInt8(ascii: "_")
        for byte in bytes where !isASCIIIdentifierHead(byte) && !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
            if byte >= 0x80 { return nil }
            keeps = false
        }
        return keeps && !(bytes.count == 1 && first == UInt8(ascii: "_"))
    }

    /// `name` with a `_` appended when it is the member `place` already declares.
    private static func avoidingTaken(_ name: String, in place: Place) -> String {
        if let taken = place.takenName, name == taken { return name + "_" }
        if let taken = place.secondTakenName, name == taken { return name + "_" }
        return name
    }

    /// The case of a union that carries the member type `typeName`, as
    /// upstream's generator names it: the type name with its first letter
    /// lowered and a trailing `IOS` written `Ios` (`ProductIOS` →
    /// `productIos`, `PurchaseAndroid` → `purchaseAndroid`, `Product` →
    /// `product`). One case per member type, however many tags list it.
    /// Without backticks; a name that is not an identifier falls back to
    /// `lowerCamel`.
    public static func unionCaseName(memberType typeName: String) -> String {
        var name = typeName
        if name.hasSuffix("IOS") { name = String(name.dropLast(3)) + "Ios" }
        guard let first = name.first else { return lowerCamel(typeName) }
        let lowered = String(first).lowercased() + name.dropFirst()
        return isPlainIdentifier(lowered) ? lowered : lowerCamel(typeName)
    }

    /// The identifier as written in source: keywords in backticks.
    public static func escaped(_ identifier: String) -> String {
        isKeyword(identifier) ? "`\(identifier)`" : identifier
    }

    static func isKeyword(_ identifier: String) -> Bool {
        keywordTable.contains(identifier)
    }

    /// An identifier as the argument label of a call: a keyword needs no
    /// backticks there (Swift warns when it has them), `inout` aside.
    public static func callLabel(_ identifier: String) -> String {
        identifier == "inout" ? "`inout`" : identifier
    }

    /// The internal name of a memberwise initializer's parameter. A parameter
    /// called `self` would hide `self` in the initializer's body, so that one
    /// alone gets another name.
    public static func parameterInternalName(_ property: String) -> String? {
        property == "self" ? "self_" : nil
    }

    /// `pending-acknowledgment` → `pendingAcknowledgment`, `LocalTesting` →
    /// `localTesting`, `IN_APP` → `inApp`, `3ds` → `_3ds`. Word breaks are any
    /// character that cannot appear in an identifier.
    public static func lowerCamel(_ wire: String) -> String {
        if let name = asciiLowerCamel(wire) { return name }
        let words = splitWords(wire)
        guard !words.isEmpty else { return codePointName(wire) }
        var result = ""
        for (index, word) in words.enumerated() {
            if index == 0 {
                result += lowercaseLeadingWord(word)
            } else {
                result += word.prefix(1).uppercased() + normalizedRest(word)
            }
        }
        if let first = result.unicodeScalars.first, !isIdentifierHead(first) { result = "_" + result }
        // Case mapping outside ASCII can produce characters of other classes;
        // such a name falls back to its code points.
        return isPlainIdentifier(result) ? result : codePointName(wire)
    }

    /// `lowerCamel` for an ASCII name with at least one letter or digit,
    /// worked out on bytes: the same words, cases and `_` prefix, without a
    /// string per word. Nil for any other name.
    ///
    private static func asciiLowerCamel(_ wire: String) -> String? {
        // A native string's bytes are read where it keeps them, without a copy.
        if let name = wire.utf8.withContiguousStorageIfAvailable({ asciiLowerCamel(bytes: $0) }) { return name }
        return asciiLowerCamel(bytes: Array(wire.utf8))
    }

    private static func asciiLowerCamel<Bytes: RandomAccessCollection<UInt8>>(bytes: Bytes) -> String?
    where Bytes.Index == Int {
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        func isLower(_ byte: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) }
        func isUpper(_ byte: UInt8) -> Bool { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) }
        func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        func lowered(_ byte: UInt8) -> UInt8 { isUpper(byte) ? byte + 32 : byte }
        func uppered(_ byte: UInt8) -> UInt8 { isLower(byte) ? byte - 32 : byte }
        // The result starts with the first letter or digit, as written
        // or lowered; a digit there needs the `_` before it.
        guard let firstWordByte = bytes.firstIndex(where: { isLower($0) || isUpper($0) || isDigit($0) }) else {
            return nil
        }
        let underscore = isDigit(bytes[firstWordByte])
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 1)
        func put(_ byte: UInt8) {
            result.append(byte)
        }
        if underscore { put(UInt8(ascii: "_")) }
        var wordCount = 0
        // Writes the word that ends at `end` and starts at `start`.
        func appendWord(_ start: Int, _ end: Int, hasLower: Bool) {
            // The first word starts lower case, the others upper case; the
            // rest of a word of capitals is lowered, any other is kept.
            put(wordCount == 0 ? lowered(bytes[start]) : uppered(bytes[start]))
            for index in start + 1..<end { put(hasLower ? bytes[index] : lowered(bytes[index])) }
            wordCount += 1
        }
        var start = -1
        var hasLower = false
        for index in 0..<bytes.count {
            let byte = bytes[index]
            guard isLower(byte) || isUpper(byte) || isDigit(byte) else {
                // `_` and every other character end a word.
                if start >= 0 { appendWord(start, index, hasLower: hasLower) }
                start = -1
                continue
            }
            if start >= 0, isUpper(byte), isLower(bytes[index - 1]) || isDigit(bytes[index - 1]) {
                appendWord(start, index, hasLower: hasLower)
                start = -1
            }
            if start < 0 {
                start = index
                hasLower = false
            }
            if isLower(byte) { hasLower = true }
        }
        if start >= 0 { appendWord(start, bytes.count, hasLower: hasLower) }
        return String(decoding: result, as: UTF8.self)
    }

    /// `ios` → `Ios`: used where a type-like name is derived from a tag.
    public static func upperCamel(_ wire: String) -> String {
        let lower = lowerCamel(wire)
        // The usual name starts with an ASCII lower-case letter, made a
        // capital on its byte: the Unicode case mapping below cost some
        // 20,000 instructions a name (each spec file's Swift file is named
        // here). The rest is kept, so the result is still an identifier.
        if let first = lower.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) {
            return String(decoding: [first - 32] + lower.utf8.dropFirst(), as: UTF8.self)
        }
        if lower.hasPrefix("_") { return lower }
        let upper = lower.prefix(1).uppercased() + lower.dropFirst()
        return isPlainIdentifier(upper) ? upper : "_" + lower
    }

    /// A property name for a wire field name: the name itself when it is
    /// already an identifier that does not start with a capital (which could
    /// name a type), otherwise its lower-camel form.
    public static func property(_ wire: String) -> String {
        keepsFormAsProperty(wire) ? wire : lowerCamel(wire)
    }

    /// Whether `property` keeps a wire name as it is.
    private static func keepsFormAsProperty(_ wire: String) -> Bool {
        guard isPlainIdentifier(wire), let byte = wire.utf8.first else { return false }
        // An ASCII first letter is its first byte, which is cheaper to read than a scalar.
        if byte < 0x80 { return !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) }
        guard let first = wire.unicodeScalars.first else { return false }
        return !isUppercase(first)
    }

    public static func isPlainIdentifier(_ text: String) -> Bool {
        // Most names are ASCII, where a byte is a scalar and the rule is short.
        if let identifier = isASCIIIdentifier(text.utf8) { return identifier }
        guard let first = text.unicodeScalars.first, isIdentifierHead(first), text != "_" else { return false }
        return text.unicodeScalars.allSatisfy { isIdentifierBody($0) }
    }

    /// `isPlainIdentifier` for text that starts with an ASCII byte and has
    /// no other bytes; nil for any other text, which the Unicode rule
    /// decides.
    private static func isASCIIIdentifier(_ bytes: String.UTF8View) -> Bool? {
        // A native string's bytes are read from its buffer: stepping
        // through the `utf8` view checks every index.
        bytes.withContiguousStorageIfAvailable(isASCIIIdentifier) ?? isASCIIIdentifier(bytes)
    }

    private static func isASCIIIdentifier(_ bytes: some Collection<UInt8>) -> Bool? {
        guard let first = bytes.first, first < 0x80 else { return nil }
        var identifier = isASCIIIdentifierHead(first)
        for byte in bytes where !(isASCIIIdentifierHead(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)) {
            if byte >= 0x80 { return nil }
            identifier = false
        }
        // A lone `_` is not an identifier.
        return identifier && !(bytes.count == 1 && first == UInt8(ascii: "_"))
    }

    private static func isASCIIIdentifierHead(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"): true
        default: false
        }
    }

    static func isIdentifierHead(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
        return isSwiftIdentifierRange(scalar) && scalar.properties.isAlphabetic && !isMark(scalar)
    }

    static func isIdentifierBody(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return isIdentifierHead(scalar) || ("0"..."9").contains(scalar) }
        guard isSwiftIdentifierRange(scalar) else { return false }
        return scalar.properties.isAlphabetic || isMark(scalar) || scalar.properties.numericType == .decimal
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark: true
        default: false
        }
    }

    /// The non-ASCII code points Swift accepts in identifiers, narrowed to the
    /// blocks that hold letters; combining-mark blocks that may not start an
    /// identifier are left to `isMark`.
    private static func isSwiftIdentifierRange(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xAA, 0xB5, 0xBA, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x167F, 0x1681...0x180D, 0x180F...0x1FFF,
             0x2070...0x218F, 0x2C00...0x2DFF, 0x2E80...0x2FFF, 0x3040...0xD7FF, 0xF900...0xFD3D,
             0xFD40...0xFDCF, 0xFDF0...0xFE1F, 0xFE30...0xFE44, 0xFE47...0xFFFD, 0x10000...0xEFFFD:
            true
        default:
            false
        }
    }

    /// `_` and the hexadecimal code points, for names without a single
    /// identifier character: `*/` → `_2A_2F`, the empty name → `_empty`.
    static func codePointName(_ wire: String) -> String {
        if wire.isEmpty { return "_empty" }
        return "_" + wire.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }.joined(separator: "_")
    }

    /// Splits on separators and on lower→upper humps (`LocalTesting` →
    /// `Local`, `Testing`); runs of capitals stay one word (`IOS`).
    static func splitWords(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            guard isIdentifierBody(scalar), scalar != "_" else {
                if !current.isEmpty { words.append(current) }
                current = ""
                previous = nil
                continue
            }
            if let previous, isUppercase(scalar), isLowercase(previous) || ("0"..."9").contains(previous) {
                words.append(current)
                current = ""
            }
            current.unicodeScalars.append(scalar)
            previous = scalar
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// A word that is all capitals (`IOS`, `ENTITLED`) is lowered whole;
    /// otherwise only its first letter is.
    private static func lowercaseLeadingWord(_ word: String) -> String {
        if word.unicodeScalars.allSatisfy({ !isLowercase($0) }) { return word.lowercased() }
        return word.prefix(1).lowercased() + word.dropFirst()
    }

    private static func normalizedRest(_ word: String) -> String {
        let rest = word.dropFirst()
        if word.unicodeScalars.allSatisfy({ !isLowercase($0) }) { return rest.lowercased() }
        return String(rest)
    }

    /// `properties.isUppercase` and `isLowercase`, answered without the
    /// Unicode tables for ASCII.
    private static func isUppercase(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? ("A"..."Z").contains(scalar) : scalar.properties.isUppercase
    }

    private static func isLowercase(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? ("a"..."z").contains(scalar) : scalar.properties.isLowercase
    }
}
