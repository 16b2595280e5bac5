import Foundation

/// A made-up spec of a chosen size that looks like the real one: records of
/// about ten documented fields, open and closed enums, opaque strings, shared
/// field sets, inputs with defaults and exactly-one-of groups, and unions,
/// spread over several files and referring to each other across them.
///
/// Types come in blocks of twenty. A block refers to its own enums and to the
/// records and unions of the block before it, so references cross files, and
/// required references only ever point backwards: the spec is valid and no
/// record is unsatisfiable. Everything is derived from the block number, so
/// the same size always gives the same bytes.
struct SyntheticSpec {
    static let typesPerBlock = 20
    static let fileCount = 8

    /// How many types the spec declares (a multiple of the block size).
    let typeCount: Int
    /// File name → YAML text. One extra file carries only the version.
    let files: [(name: String, text: String)]

    var byteCount: Int { files.reduce(0) { $0 + $1.text.utf8.count } }

    init(types: Int) {
        let blocks = max(1, (types + Self.typesPerBlock - 1) / Self.typesPerBlock)
        typeCount = blocks * Self.typesPerBlock
        var sections = Array(repeating: Sections(), count: Self.fileCount)
        for block in 0..<blocks {
            Self.writeBlock(block, into: &sections[block % Self.fileCount])
        }
        var files: [(String, String)] = [("openiap.yaml", "# Version of the synthetic benchmark spec.\nspec:\n  version: 9.9.9\n")]
        for (index, section) in sections.enumerated() where !section.isEmpty {
            files.append((Self.areas[index % Self.areas.count] + ".yaml", section.text))
        }
        self.files = files
    }

    /// A spec file with one query and one event over the types a JSON
    /// bridge answers with (`Spec.bridgeProblem`): what a smoke run adds to
    /// the tiny spec, so that it has an `OpenIAPBridge` to compile.
    static let bridgeAPI = """
        enums:
          ErrorCode:
            doc: Why an operation failed.
            values: [unknown, developer-error, feature-not-supported]
          IapStore:
            doc: The store an SDK runs against.
            values: [unknown, apple, google]
        records:
          PurchaseError:
            doc: A failed operation.
            fields:
              code: ErrorCode
              message: String
        queries:
          findProducts:
            doc: The products of these ids.
            args:
              ids: String[]
            result: Bool
        events:
          productsChanged:
            doc: The catalogue changed.
            payload: Bool

        """

    /// Writes the files into `directory`, which must exist.
    func write(to directory: String) throws {
        for file in files {
            try Data(file.text.utf8).write(to: URL(fileURLWithPath: directory + "/" + file.name))
        }
    }

    // MARK: - Vocabulary

    private static let areas = ["commerce", "billing", "catalog", "entitlements", "offers", "receipts", "storefront", "events"]
    private static let nouns = [
        "Purchase", "Product", "Subscription", "Offer", "Receipt", "Refund", "Entitlement", "Discount", "Price", "Renewal",
        "Bundle", "Storefront", "Transaction", "Promotion", "Invoice", "Trial", "Voucher", "Grant", "Billing", "Catalog",
    ]
    private static let fieldWords = [
        "id", "productId", "transactionId", "originalTransactionId", "purchaseToken", "title", "description", "displayPrice",
        "currency", "priceAmountMicros", "quantity", "isActive", "isAutoRenewing", "isFamilyShareable", "expiresAt", "purchasedAt",
        "revokedAt", "countryCode", "appAccountToken", "webOrderLineItemId", "offerToken", "basePlanId", "orderId", "packageName",
        "signature", "environment", "ownershipType", "reason", "platform", "developerPayload", "obfuscatedAccountId", "region",
    ]
    private static let valueWords = [
        "active", "expired", "in-grace-period", "in-billing-retry", "revoked", "pending", "deferred", "canceled", "paused",
        "on-hold", "refunded", "upgraded", "downgraded", "crossgraded", "family-shared", "promotional",
    ]
    private static let sentences = [
        "as the store reports it; compare it with what the app asked for before granting anything.",
        "kept exactly as received so that a later version of the app can interpret it.",
        "in the storefront's currency and formatting, ready to show to the buyer.",
        "set only when the store knows it; absent on older devices and in sandbox.",
        "used by the server to match the purchase with the buyer's account.",
    ]

    private static func doc(_ subject: String, _ seed: Int) -> String {
        "The \(subject) " + sentences[seed % sentences.count]
    }

    // MARK: - Blocks

    /// The text of one file, section by section, so each file has each
    /// section heading once.
    private struct Sections {
        var enums = ""
        var strings = ""
        var shared = ""
        var records = ""
        var inputs = ""
        var unions = ""

        var isEmpty: Bool { enums.isEmpty && records.isEmpty }

        var text: String {
            var text = "# Synthetic types for the generator benchmark.\n"
            for (name, body) in [("enums", enums), ("strings", strings), ("shared", shared), ("records", records), ("inputs", inputs), ("unions", unions)]
            where !body.isEmpty {
                text += "\n\(name):\n" + body
            }
            return text
        }
    }

    private static func noun(_ block: Int, _ index: Int) -> String { nouns[(block + index) % nouns.count] }
    private static func openEnum(_ block: Int, _ index: Int) -> String { "\(noun(block, index))State\(block)" }
    private static func closedEnum(_ block: Int) -> String { "\(noun(block, 3))Kind\(block)" }
    private static func opaque(_ block: Int) -> String { "\(noun(block, 4))Environment\(block)" }
    private static func fieldSet(_ block: Int, _ index: Int) -> String { "\(noun(block, index + 5))Common\(block)" }
    private static func record(_ block: Int, _ index: Int) -> String { "\(noun(block, index + 7))Details\(block)" }
    private static func input(_ block: Int, _ index: Int) -> String { "\(noun(block, index + 17))Props\(block)" }
    private static func union(_ block: Int) -> String { "\(noun(block, 19))Result\(block)" }
    private static let unionMemberCount = 3
    private static let recordCount = 10

    /// Twenty types: 3 open enums, 1 closed enum, 1 opaque string, 2 shared
    /// field sets, 10 records (the first three are the union's members),
    /// 2 inputs and 1 union.
    private static func writeBlock(_ block: Int, into out: inout Sections) {
        for index in 0..<3 {
            let name = openEnum(block, index)
            out.enums += "  \(name):\n    doc: \(doc("state of a \(noun(block, index).lowercased())", block + index))\n"
            if index == 2 { out.enums += "    aliases: UPPER_SNAKE\n" }
            if index == 1 { out.enums += "    since: 3.\(block % 4).0\n" }
            out.enums += "    values:\n"
            for value in 0..<(4 + (block + index) % 5) {
                let wire = valueWords[(block + index + value) % valueWords.count]
                out.enums += "      \(wire): \(doc("\(wire) state", value))\n"
            }
        }
        out.enums += "  \(closedEnum(block)):\n    doc: \(doc("encoding of a body", block))\n    closed: true\n    values:\n"
        for wire in ["json", "text", "toml"] { out.enums += "      \(wire): \(doc("\(wire) encoding", block))\n" }

        out.strings += "  \(opaque(block)):\n    doc: \(doc("environment a result came from", block))\n"
        if block % 2 == 0 { out.strings += "    emptyIsAbsent: true\n" }
        out.strings += "    values:\n"
        for wire in ["Sandbox", "Production", "Xcode"] { out.strings += "      \(wire): \(doc("\(wire) environment", block))\n" }

        for index in 0..<2 {
            out.shared += "  \(fieldSet(block, index)):\n    doc: \(doc("fields every \(noun(block, index).lowercased()) shares", block))\n    fields:\n"
            for field in 0..<3 {
                let name = fieldWords[(index * 3 + field) % fieldWords.count]
                let type = ["String", "Timestamp?", "Bool"][field]
                out.shared += "      \(name):\n        type: \(type)\n        doc: \(doc(name, field))\n"
            }
        }

        for index in 0..<recordCount {
            writeRecord(block, index, into: &out.records)
        }
        for index in 0..<2 {
            writeInput(block, index, into: &out.inputs)
        }

        out.unions += "  \(union(block)):\n    doc: \(doc("outcome of a store call", block))\n    discriminator: kind\n"
        if block % 3 == 2 { out.unions += "    unknown: fail\n" }
        out.unions += "    members:\n"
        for index in 0..<unionMemberCount {
            out.unions += "      \(noun(block, index + 7).lowercased()): \(record(block, index))\n"
        }
    }

    /// The type of field `field` of record `index`: scalars, lists and maps,
    /// the block's enums and opaque string, and records and unions of the
    /// previous block (required ones only backwards, so never a cycle).
    private static func fieldType(_ block: Int, _ index: Int, _ field: Int) -> String {
        let previous = block - 1
        switch (index + field * 3) % 14 {
        case 0: return "String"
        case 1: return "String?"
        case 2: return "Int"
        case 3: return "Double?"
        case 4: return "Bool"
        case 5: return "Timestamp?"
        case 6: return "String[]?"
        case 7: return "map<String>?"
        case 8: return openEnum(block, field % 3)
        case 9: return closedEnum(block) + "?"
        case 10: return opaque(block) + "?"
        case 11: return previous >= 0 ? record(previous, field % recordCount) : "Int?"
        case 12: return previous >= 0 ? record(previous, (field + 1) % recordCount) + "[]?" : "Bool?"
        default: return previous >= 0 ? union(previous) + "?" : "String?"
        }
    }

    private static func writeRecord(_ block: Int, _ index: Int, into out: inout String) {
        let name = record(block, index)
        out += "  \(name):\n    doc: \(doc("details of a \(noun(block, index).lowercased())", block + index))\n"
        if index % 3 == 1 { out += "    since: 2.\(index).0\n" }
        let includes = index % 4 == 3 ? [fieldSet(block, 0), fieldSet(block, 1)] : index % 2 == 1 ? [fieldSet(block, 0)] : []
        if !includes.isEmpty { out += "    include: [\(includes.joined(separator: ", "))]\n" }
        out += "    fields:\n"
        var fieldCount = 10 - 3 * includes.count
        if index < unionMemberCount {
            out += "      kind:\n        type: String\n        doc: Tells the members of \(union(block)) apart.\n"
            fieldCount -= 1
        }
        // Included sets take the first six words; own fields use the rest.
        for field in 0..<fieldCount {
            let word = fieldWords[6 + (index + field * 5) % (fieldWords.count - 6)]
            let type = fieldType(block, index, field)
            out += "      \(word):\n        type: \(type)\n        doc: \(doc(word, block + field))\n"
            if field == 2, type == "String" || type == "String?" { out += "        maxBytes: 256\n" }
            if field == 4, type == "Int" { out += "        min: 0\n        max: 1000\n" }
            if field == 6, type.hasSuffix("?") { out += "        degrade: true\n" }
            if field == 7, index % 5 == 4 { out += "        deprecated: Use the newer field instead.\n" }
        }
    }

    private static func writeInput(_ block: Int, _ index: Int, into out: inout String) {
        let name = input(block, index)
        out += "  \(name):\n    doc: \(doc("parameters of a \(noun(block, index).lowercased()) request", block))\n"
        if index == 1 { out += "    exactlyOne: [apple, google]\n" }
        out += "    fields:\n"
        out += "      apiKey:\n        type: String?\n        doc: \(doc("API key", block))\n        maxBytes: 128\n"
        out += "      apple:\n        type: \(opaque(block))?\n        doc: \(doc("Apple option", block))\n"
        out += "      google:\n        type: \(closedEnum(block))?\n        doc: \(doc("Google option", block))\n"
        out += "      includeDetails:\n        type: Bool?\n        doc: \(doc("details flag", block))\n        default: false\n"
        out += "      retries:\n        type: Int?\n        doc: \(doc("retry count", block))\n        default: 3\n"
        let firstValue = valueWords[block % valueWords.count]
        out += "      state:\n        type: \(openEnum(block, 0))?\n        doc: \(doc("state to look for", block))\n        default: \(firstValue)\n"
        out += "      tags:\n        type: String[]?\n        doc: \(doc("tags", block))\n        default: [a, b]\n"
        out += "      region:\n        type: String?\n        doc: \(doc("region", block))\n"
    }
}
