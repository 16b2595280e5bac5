import Testing

@testable import OpenIAPCodegen

/// Spec pairs for `generator diff`: each is a small OLD and NEW spec and the
/// exact list of rules the comparison must report for it. Every rule of
/// `CompatibilityRules` has at least one pair (a test checks it), and the
/// Swift API digester test compiles every pair to prove the source verdicts.
struct CompatibilityCase: Sendable, CustomTestStringConvertible {
    var name: String
    var old: String
    var new: String
    var expected: [CompatibilityRule.ID]

    init(_ name: String, old: String, new: String, _ expected: [CompatibilityRule.ID]) {
        self.name = name
        self.old = old
        self.new = new
        self.expected = expected
    }

    var testDescription: String { name }

    static let header = "spec:\n  version: 1.0.0\n"

    func sources(_ side: CompatibilityFinding.Side, prefix: String = "") -> [SpecLoader.Source] {
        let text = side == .old ? old : new
        return [SpecLoader.Source(path: "\(prefix)\(side.rawValue)/\(name).yaml", text: Self.header + text)]
    }

    func specs() throws -> (old: Spec, new: Spec) {
        (try SpecLoader.build(from: sources(.old)), try SpecLoader.build(from: sources(.new)))
    }

    func findings() throws -> [CompatibilityFinding] {
        let (o, n) = try specs()
        return SpecComparison.compare(old: o, new: n)
    }
}

extension CompatibilityCase {
    static let all: [CompatibilityCase] = types + fields + groupsAndLimits + enums + unions + evolutions

    // MARK: - Types

    static let types: [CompatibilityCase] = [
        .init(
            "unchanged",
            old: """
                records:
                  Receipt:
                    fields:
                      id: String
                """,
            new: """
                records:
                  Receipt:
                    fields:
                      id: String
                """, []),
        .init(
            "typeRemoved",
            old: """
                records:
                  Receipt:
                    fields:
                      id: String
                  Gone:
                    fields:
                      id: String
                """,
            new: """
                records:
                  Receipt:
                    fields:
                      id: String
                """, [.typeRemoved]),
        .init(
            "typeRenamed",
            old: """
                records:
                  Receipt:
                    doc: Proof of one purchase.
                    fields:
                      id: String
                """,
            new: """
                records:
                  PurchaseReceipt:
                    doc: Proof of one purchase.
                    fields:
                      id: String
                """, [.typeRenamed]),
        .init(
            "typeAdded",
            old: """
                records:
                  Receipt:
                    fields:
                      id: String
                """,
            new: """
                records:
                  Receipt:
                    fields:
                      id: String
                  Refund:
                    fields:
                      id: String
                """, [.typeAdded]),
        .init(
            "openEnumBecomesOpaqueString",
            old: """
                enums:
                  Environment:
                    values: [sandbox, production]
                records:
                  Receipt:
                    fields:
                      environment: Environment
                """,
            new: """
                strings:
                  Environment:
                    values:
                      sandbox: Test purchases.
                      production: Real purchases.
                records:
                  Receipt:
                    fields:
                      environment: Environment
                """, [.typeKindChanged]),
        .init(
            "closedEnumBecomesOpaqueString",
            old: """
                enums:
                  Format:
                    closed: true
                    values: [json, toml]
                records:
                  Payload:
                    fields:
                      format: Format
                """,
            new: """
                strings:
                  Format:
                    values:
                      json: JSON text.
                      toml: TOML text.
                records:
                  Payload:
                    fields:
                      format: Format
                """, [.typeKindChanged, .typeWireFormChanged]),
        .init(
            "recordBecomesEnum",
            old: """
                records:
                  Price:
                    fields:
                      amount: String
                  Receipt:
                    fields:
                      price: Price
                """,
            new: """
                enums:
                  Price:
                    values: [free, paid]
                records:
                  Receipt:
                    fields:
                      price: Price
                """, [.typeKindChanged, .typeWireFormChanged]),
        .init(
            "deprecationAdded",
            old: """
                records:
                  Receipt:
                    fields:
                      id: String
                      code: String?
                """,
            new: """
                records:
                  Receipt:
                    fields:
                      id: String
                      code:
                        type: String?
                        deprecated: Use id.
                """, [.deprecationAdded]),
        .init(
            "recordDirectionChanged",
            old: """
                inputs:
                  Receipt:
                    fields:
                      id: String
                """,
            new: """
                records:
                  Receipt:
                    fields:
                      id: String
                """, [.recordDirectionChanged]),
    ]

    // MARK: - Fields

    static let fields: [CompatibilityCase] = [
        .init(
            "optionalOutputFieldRemoved",
            old: """
                records:
                  Receipt:
                    fields:
                      id: String
                      note: String?
                """,
            new: """
                records:
                  Receipt:
                    fields:
                      id: String
                """, [.fieldRemoved]),
        .init(
            "requiredOutputFieldRemoved",
            old: """
                records:
                  Receipt:
                    fields:
                      id: String
                      note: String
                """,
            new: """
                records:
                  Receipt:
                    fields:
                      id: String
                """, [.fieldRemoved, .outputRequiredFieldRemoved]),
        .init(
            "inputFieldRemoved",
            old: """
                inputs:
                  Request:
                    fields:
                      id: String
                      note: String?
                """,
            new: """
                inputs:
                  Request:
                    fields:
                      id: String
                """, [.fieldRemoved, .inputFieldRemoved]),
        .init(
            "fieldRenamed",
            old: """
                records:
                  Receipt:
                    fields:
                      token:
                        type: String
                        doc: The store's purchase token.
                """,
            new: """
                records:
                  Receipt:
                    fields:
                      purchaseToken:
                        type: String
                        doc: The store's purchase token.
                """, [.fieldRenamed, .fieldWireNameChanged]),
        .init(
            "fieldWireNameChangedSameSwiftName",
            old: """
                records:
                  Receipt:
                    fields:
                      product-id:
                        type: String?
                        since: 1.0.0
                """,
            new: """
                records:
                  Receipt:
                    fields:
                      productId:
                        type: String?
                        since: 1.0.0
                """, [.fieldRenamed, .fieldWireNameChanged]),
        .init(
            "fieldTypeChanged",
            old: """
                records:
                  Receipt:
                    fields:
                      quantity: String
                """,
            new: """
                records:
                  Receipt:
                    fields:
                      quantity: Int
                """, [.fieldTypeChanged, .fieldWireTypeChanged]),
        .init(
            "fieldTypeEquivalent",
            old: """
                records:
                  Receipt:
                    fields:
                      purchasedAt: Double
                """,
            new: """
                records:
                  Receipt:
                    fields:
                      purchasedAt: Timestamp
                """, [.fieldTypeEquivalent]),
        .init(
            "inputFieldTypeWidened",
            old: """
                inputs:
                  Request:
                    fields:
                      amount: Int
                """,
            new: """
                inputs:
                  Request:
                    fields:
                      amount: Double
                """, [.fieldTypeChanged, .fieldTypeWidened]),
        .init(
            "outputFieldNowRequired",
            old: """
                records:
                  Receipt:
                    fields:
                      id: String?
                """,
            new: """
                records:
                  Receipt:
                    fields:
                      id: String
                """, [.fieldNowRequired]),
        .init(
            "outputFieldNowOptional",
            old: """
                records:
                  Receipt:
                    fields:
                      id: String
                """,
            new: """
                records:
                  Receipt:
                    fields:
                      id: String?
                """, [.fieldNowOptional, .outputFieldNowOptional]),
        .init(
            "inputFieldNowRequired",
            old: """
                inputs:
                  Request:
                    fields:
                      id: String?
                """,
            new: """
                inputs:
                  Request:
                    fields:
                      id: String
                """, [.fieldNowRequired, .inputFieldNowRequired]),
        .init(
            "inputFieldNowOptional",
            old: """
                inputs:
                  Request:
                    fields:
                      id: String
                """,
            new: """
                inputs:
                  Request:
                    fields:
                      id: String?
                """, [.fieldNowOptional]),
        .init(
            "requiredOutputFieldAdded",
            old: """
                records:
                  Receipt:
                    fields:
                      id: String
                """,
            new: """
                records:
                  Receipt:
                    fields:
                      id: String
                      store: String
                """, [.requiredFieldAdded]),
        .init(
            "requiredInputFieldAdded",
            old: """
                inputs:
                  Request:
                    fields:
                      id: String
                """,
            new: """
                inputs:
                  Request:
                    fields:
                      id: String
                      store: String
                """, [.requiredFieldAdded, .inputRequiredFieldAdded]),
        .init(
            "optionalOutputFieldAdded",
            old: """
                records:
                  Receipt:
                    fields:
                      id: String
                """,
            new: """
                records:
                  Receipt:
                    fields:
                      id: String
                      store: String?
                """, [.optionalFieldAdded]),
        .init(
            "optionalInputFieldAdded",
            old: """
                inputs:
                  Request:
                    fields:
                      id: String
                """,
            new: """
                inputs:
                  Request:
                    fields:
                      id: String
                      store: String?
                """, [.optionalFieldAdded]),
        .init(
            "sharedFieldAdded",
            old: """
                shared:
                  Common:
                    fields:
                      id: String
                records:
                  Receipt:
                    include: [Common]
                    fields:
                      amount: Int
                """,
            new: """
                shared:
                  Common:
                    fields:
                      id: String
                      store: String?
                records:
                  Receipt:
                    include: [Common]
                    fields:
                      amount: Int
                """, [.sharedFieldAdded, .optionalFieldAdded]),
        .init(
            "includeRemoved",
            old: """
                shared:
                  Common:
                    fields:
                      id: String
                records:
                  Receipt:
                    include: [Common]
                    fields:
                      amount: Int
                """,
            new: """
                shared:
                  Common:
                    fields:
                      id: String
                records:
                  Receipt:
                    fields:
                      id: String
                      amount: Int
                """, [.includeRemoved]),
    ]

    // MARK: - Exactly-one groups, defaults, limits

    static let groupsAndLimits: [CompatibilityCase] = [
        .init(
            "exactlyOneGroupAdded",
            old: """
                inputs:
                  Request:
                    fields:
                      apple: String?
                      google: String?
                """,
            new: """
                inputs:
                  Request:
                    exactlyOne: [apple, google]
                    fields:
                      apple: String?
                      google: String?
                """, [.exactlyOneGroupAdded, .exactlyOneVariantsNarrowed]),
        .init(
            "exactlyOneGroupRemoved",
            old: """
                inputs:
                  Request:
                    exactlyOne: [apple, google]
                    fields:
                      apple: String?
                      google: String?
                """,
            new: """
                inputs:
                  Request:
                    fields:
                      apple: String?
                      google: String?
                """, [.exactlyOneGroupRemoved]),
        .init(
            "exactlyOneMemberAdded",
            old: """
                inputs:
                  Request:
                    exactlyOne: [apple, google]
                    fields:
                      apple: String?
                      google: String?
                      amazon: String?
                """,
            new: """
                inputs:
                  Request:
                    exactlyOne: [apple, google, amazon]
                    fields:
                      apple: String?
                      google: String?
                      amazon: String?
                """, [.exactlyOneMemberAdded]),
        .init(
            "exactlyOneMemberRemoved",
            old: """
                inputs:
                  Request:
                    exactlyOne: [apple, google, amazon]
                    fields:
                      apple: String?
                      google: String?
                      amazon: String?
                """,
            new: """
                inputs:
                  Request:
                    exactlyOne: [apple, google]
                    fields:
                      apple: String?
                      google: String?
                      amazon: String?
                """, [.exactlyOneMemberRemoved, .exactlyOneVariantsNarrowed]),
        .init(
            "defaultChanged",
            old: """
                inputs:
                  Request:
                    fields:
                      includePayload:
                        type: Bool?
                        default: false
                """,
            new: """
                inputs:
                  Request:
                    fields:
                      includePayload:
                        type: Bool?
                        default: true
                """, [.defaultChanged]),
        .init(
            "inputConstraintTightened",
            old: """
                inputs:
                  Request:
                    fields:
                      token:
                        type: String
                        maxBytes: 4096
                """,
            new: """
                inputs:
                  Request:
                    fields:
                      token:
                        type: String
                        maxBytes: 1024
                """, [.constraintTightened]),
        .init(
            "outputConstraintLoosened",
            old: """
                records:
                  Receipt:
                    fields:
                      version:
                        type: Int
                        min: 0
                        max: 10
                """,
            new: """
                records:
                  Receipt:
                    fields:
                      version:
                        type: Int
                        min: 0
                        max: 100
                """, [.constraintLoosened]),
    ]

    // MARK: - Enums and opaque strings

    static let enums: [CompatibilityCase] = [
        .init(
            "openEnumValueAddedToOutput",
            old: """
                enums:
                  Store:
                    values: [apple, google]
                records:
                  Receipt:
                    fields:
                      store: Store
                """,
            new: """
                enums:
                  Store:
                    values: [apple, google, amazon]
                records:
                  Receipt:
                    fields:
                      store: Store
                """, [.enumValueAdded, .openEnumValueAdded]),
        .init(
            "closedEnumValueAddedToOutput",
            old: """
                enums:
                  Format:
                    closed: true
                    values: [json, toml]
                records:
                  Payload:
                    fields:
                      format: Format
                """,
            new: """
                enums:
                  Format:
                    closed: true
                    values: [json, toml, text]
                records:
                  Payload:
                    fields:
                      format: Format
                """, [.enumValueAdded, .closedEnumValueAdded]),
        .init(
            "closedEnumValueAddedToInput",
            old: """
                enums:
                  Format:
                    closed: true
                    values: [json, toml]
                inputs:
                  Request:
                    fields:
                      format: Format
                """,
            new: """
                enums:
                  Format:
                    closed: true
                    values: [json, toml, text]
                inputs:
                  Request:
                    fields:
                      format: Format
                """, [.enumValueAdded]),
        .init(
            "openEnumValueRemovedFromInput",
            old: """
                enums:
                  Store:
                    values: [apple, google, amazon]
                inputs:
                  Request:
                    fields:
                      store: Store
                """,
            new: """
                enums:
                  Store:
                    values: [apple, google]
                inputs:
                  Request:
                    fields:
                      store: Store
                """, [.enumValueRemoved, .openEnumValueRemoved]),
        .init(
            "closedEnumValueRemovedFromInput",
            old: """
                enums:
                  Format:
                    closed: true
                    values: [json, toml, text]
                inputs:
                  Request:
                    fields:
                      format: Format
                """,
            new: """
                enums:
                  Format:
                    closed: true
                    values: [json, toml]
                inputs:
                  Request:
                    fields:
                      format: Format
                """, [.enumValueRemoved, .closedEnumValueRemoved]),
        .init(
            "enumValueRenamed",
            old: """
                enums:
                  State:
                    values:
                      entitled: The buyer may use the product.
                      pending: Payment is outstanding.
                records:
                  Receipt:
                    fields:
                      state: State
                """,
            new: """
                enums:
                  State:
                    values:
                      entitled: The buyer may use the product.
                      payment-pending: Payment is outstanding.
                records:
                  Receipt:
                    fields:
                      state: State
                """, [.enumValueRenamed, .openEnumValueAdded]),
        .init(
            "enumOpened",
            old: """
                enums:
                  Format:
                    closed: true
                    values: [json, toml]
                records:
                  Payload:
                    fields:
                      format: Format
                """,
            new: """
                enums:
                  Format:
                    values: [json, toml]
                records:
                  Payload:
                    fields:
                      format: Format
                """, [.enumOpened]),
        .init(
            "enumClosed",
            old: """
                enums:
                  Format:
                    values: [json, toml]
                inputs:
                  Request:
                    fields:
                      format: Format
                """,
            new: """
                enums:
                  Format:
                    closed: true
                    values: [json, toml]
                inputs:
                  Request:
                    fields:
                      format: Format
                """, [.enumClosed, .enumNowClosed]),
        .init(
            "opaqueValueRemoved",
            old: """
                strings:
                  Environment:
                    values:
                      Sandbox: Test purchases.
                      Xcode: StoreKit testing in Xcode.
                records:
                  Receipt:
                    fields:
                      environment: Environment
                """,
            new: """
                strings:
                  Environment:
                    values:
                      Sandbox: Test purchases.
                records:
                  Receipt:
                    fields:
                      environment: Environment
                """, [.opaqueValueRemoved]),
    ]

    // MARK: - Unions

    /// Output records tagged by `kind`, shared by the union pairs below.
    static let outputMembers = """
        records:
          Apple:
            fields:
              kind: String
          Google:
            fields:
              kind: String
          Amazon:
            fields:
              kind: String
        """

    /// The same as inputs, with an input that carries the union.
    static let inputMembers = """
        inputs:
          AppleRequest:
            fields:
              kind: String
          GoogleRequest:
            fields:
              kind: String
          Request:
            fields:
              purchase: PurchaseRequest
        """

    static func union(_ name: String, unknown: String = "keep", discriminator: String = "kind", _ members: [String: String]) -> String {
        var text = "unions:\n  \(name):\n    discriminator: \(discriminator)\n    unknown: \(unknown)\n    members:\n"
        for (tag, type) in members.sorted(by: { $0.key < $1.key }) { text += "      \(tag): \(type)\n" }
        return text
    }

    static let unions: [CompatibilityCase] = [
        .init(
            "openUnionMemberAdded",
            old: outputMembers + "\n" + union("Purchase", ["apple": "Apple", "google": "Google"]),
            new: outputMembers + "\n" + union("Purchase", ["apple": "Apple", "google": "Google", "amazon": "Amazon"]),
            [.unionMemberAdded, .openUnionMemberAdded]),
        .init(
            "closedUnionMemberAdded",
            old: outputMembers + "\n" + union("Purchase", unknown: "fail", ["apple": "Apple", "google": "Google"]),
            new: outputMembers + "\n" + union("Purchase", unknown: "fail", ["apple": "Apple", "google": "Google", "amazon": "Amazon"]),
            [.unionMemberAdded, .closedUnionMemberAdded]),
        .init(
            "openUnionMemberRemovedFromInput",
            old: inputMembers + "\n" + union("PurchaseRequest", ["apple": "AppleRequest", "google": "GoogleRequest"]),
            new: inputMembers + "\n" + union("PurchaseRequest", ["apple": "AppleRequest"]),
            [.unionMemberRemoved, .openUnionMemberRemoved]),
        .init(
            "closedUnionMemberRemovedFromInput",
            old: inputMembers + "\n" + union("PurchaseRequest", unknown: "fail", ["apple": "AppleRequest", "google": "GoogleRequest"]),
            new: inputMembers + "\n" + union("PurchaseRequest", unknown: "fail", ["apple": "AppleRequest"]),
            [.unionMemberRemoved, .closedUnionMemberRemoved]),
        .init(
            "unionTagChanged",
            old: outputMembers + "\n" + union("Purchase", ["ios": "Apple", "google": "Google"]),
            new: outputMembers + "\n" + union("Purchase", ["apple": "Apple", "google": "Google"]),
            [.unionTagChanged, .unionMemberRenamed]),
        .init(
            "unionMemberTypeChanged",
            old: outputMembers + "\n" + union("Purchase", ["apple": "Apple", "google": "Google"]),
            new: outputMembers + "\n" + union("Purchase", ["apple": "Apple", "google": "Amazon"]),
            [.unionMemberTypeChanged, .unionMemberWireTypeChanged]),
        .init(
            "unionUnknownPolicyChanged",
            old: outputMembers + "\n" + union("Purchase", ["apple": "Apple", "google": "Google"]),
            new: outputMembers + "\n" + union("Purchase", unknown: "fail", ["apple": "Apple", "google": "Google"]),
            [.unionUnknownPolicyChanged]),
        .init(
            "unionDiscriminatorChanged",
            old: """
                records:
                  Apple:
                    fields:
                      kind: String
                      platform: String
                unions:
                  Purchase:
                    discriminator: kind
                    members:
                      apple: Apple
                """,
            new: """
                records:
                  Apple:
                    fields:
                      kind: String
                      platform: String
                unions:
                  Purchase:
                    discriminator: platform
                    members:
                      apple: Apple
                """, [.unionDiscriminatorChanged]),
    ]
}

// MARK: - Field order, declared renames, aliases, at-least-one groups

extension CompatibilityCase {
    static let evolutions: [CompatibilityCase] = [
        .init(
            "requiredFieldsSwapped",
            old: """
                records:
                  Outcome:
                    fields:
                      store: String
                      isValid: Bool
                """,
            new: """
                records:
                  Outcome:
                    fields:
                      isValid: Bool
                      store: String
                """, [.fieldOrderChanged]),
        // Upstream's move of `isValid` into a shared set: the initialiser went
        // from init(store:isValid:state:) to init(isValid:store:state:).
        .init(
            "fieldMovedIntoSharedSet",
            old: """
                records:
                  Outcome:
                    fields:
                      store: String
                      isValid: Bool
                      state: String
                """,
            new: """
                shared:
                  ResultCommon:
                    fields:
                      isValid: Bool
                records:
                  Outcome:
                    include: [ResultCommon]
                    fields:
                      store: String
                      state: String
                """, [.typeAdded, .fieldOrderChanged]),
        .init(
            "fieldRenamedDeclared",
            old: """
                records:
                  Receipt:
                    fields:
                      token: String
                """,
            new: """
                records:
                  Receipt:
                    fields:
                      purchaseToken:
                        type: String
                        renamedFrom: token
                """, [.fieldRenamed, .fieldWireNameChanged]),
        // An input renamed with the old name kept as an alias: new servers
        // still read old clients, which send the old name.
        .init(
            "inputFieldRenamedWithAlias",
            old: """
                inputs:
                  Request:
                    fields:
                      ios: String?
                      android: String?
                """,
            new: """
                inputs:
                  Request:
                    fields:
                      apple:
                        type: String?
                        renamedFrom: ios
                        aliases: [ios]
                      android: String?
                """, [.fieldRenamed, .fieldRenamedReadable]),
        // The same on an output is not enough: old apps read new servers,
        // which write the new name, and the old spec had no alias for it.
        .init(
            "outputFieldRenamedWithAlias",
            old: """
                records:
                  Receipt:
                    fields:
                      ios: String?
                """,
            new: """
                records:
                  Receipt:
                    fields:
                      apple:
                        type: String?
                        renamedFrom: ios
                        aliases: [ios]
                """, [.fieldRenamed, .fieldWireNameChanged]),
        .init(
            "typeRenamedDeclared",
            old: """
                records:
                  Receipt:
                    doc: Proof of one purchase.
                    fields:
                      id: String
                """,
            new: """
                records:
                  PurchaseReceipt:
                    doc: What the store returned for one purchase.
                    renamedFrom: Receipt
                    fields:
                      id: String
                """, [.typeRenamed]),
        .init(
            "enumValueRenamedDeclared",
            old: """
                enums:
                  State:
                    values: [entitled, pending]
                records:
                  Receipt:
                    fields:
                      state: State
                """,
            new: """
                enums:
                  State:
                    values:
                      entitled: The buyer may use the product.
                      payment-pending:
                        renamedFrom: pending
                        aliases: [pending]
                records:
                  Receipt:
                    fields:
                      state: State
                """, [.enumValueRenamed, .openEnumValueAdded]),
        .init(
            "fieldAliasAdded",
            old: """
                inputs:
                  Request:
                    fields:
                      apple: String?
                """,
            new: """
                inputs:
                  Request:
                    fields:
                      apple:
                        type: String?
                        aliases: [ios]
                """, [.fieldAliasAdded]),
        .init(
            "fieldAliasRemoved",
            old: """
                inputs:
                  Request:
                    fields:
                      apple:
                        type: String?
                        aliases: [ios]
                """,
            new: """
                inputs:
                  Request:
                    fields:
                      apple: String?
                """, [.fieldAliasRemoved, .fieldAliasKeyRemoved]),
        .init(
            "atLeastOneGroupAdded",
            old: """
                inputs:
                  Request:
                    fields:
                      apple: String?
                      google: String?
                """,
            new: """
                inputs:
                  Request:
                    atLeastOne: [apple, google]
                    fields:
                      apple: String?
                      google: String?
                """, [.atLeastOneGroupAdded, .atLeastOneVariantsNarrowed]),
        .init(
            "atLeastOneGroupRemoved",
            old: """
                inputs:
                  Request:
                    atLeastOne: [apple, google]
                    fields:
                      apple: String?
                      google: String?
                """,
            new: """
                inputs:
                  Request:
                    fields:
                      apple: String?
                      google: String?
                """, [.atLeastOneGroupRemoved]),
        .init(
            "atLeastOneMemberAdded",
            old: """
                inputs:
                  Request:
                    atLeastOne: [apple, google]
                    fields:
                      apple: String?
                      google: String?
                      horizon: String?
                """,
            new: """
                inputs:
                  Request:
                    atLeastOne: [apple, google, horizon]
                    fields:
                      apple: String?
                      google: String?
                      horizon: String?
                """, [.atLeastOneMemberAdded]),
        .init(
            "atLeastOneMemberRemoved",
            old: """
                inputs:
                  Request:
                    atLeastOne: [apple, google, horizon]
                    fields:
                      apple: String?
                      google: String?
                      horizon: String?
                """,
            new: """
                inputs:
                  Request:
                    atLeastOne: [apple, google]
                    fields:
                      apple: String?
                      google: String?
                      horizon: String?
                """, [.atLeastOneMemberRemoved, .atLeastOneVariantsNarrowed]),
        // Cross-platform callers may now set both: every old request, which
        // set exactly one, still sets at least one.
        .init(
            "exactlyOneBecomesAtLeastOne",
            old: """
                inputs:
                  Request:
                    exactlyOne: [apple, google]
                    fields:
                      apple: String?
                      google: String?
                """,
            new: """
                inputs:
                  Request:
                    atLeastOne: [apple, google]
                    fields:
                      apple: String?
                      google: String?
                """, [.exactlyOneGroupRemoved]),
        .init(
            "inputPatternAndLengthAdded",
            old: """
                inputs:
                  Request:
                    fields:
                      jws: String
                """,
            new: """
                inputs:
                  Request:
                    fields:
                      jws:
                        type: String
                        minLength: 100
                        pattern: ^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$
                """, [.constraintTightened]),
        .init(
            "outputLengthLoosened",
            old: """
                records:
                  Receipt:
                    fields:
                      id:
                        type: String
                        maxLength: 64
                """,
            new: """
                records:
                  Receipt:
                    fields:
                      id:
                        type: String
                        maxLength: 128
                """, [.constraintLoosened]),
    ]
}
