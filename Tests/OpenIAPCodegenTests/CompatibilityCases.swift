import Testing

@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen
@testable import OpenIAPSpecTools
@testable import OpenIAPCommandLine

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
    static let all: [CompatibilityCase] = types + fields + groupsAndLimits + enums + unions + evolutions + operations + dropIns + schedules

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
            "recordBecomesOneOf",
            old: """
                records:
                  Fetched:
                    fields:
                      products: String[]?
                      subscriptions: String[]?
                """,
            new: """
                records:
                  Fetched:
                    oneOf: true
                    fields:
                      products: String[]?
                      subscriptions: String[]?
                """, [.recordOneOfChanged]),
        .init(
            "exactlyOneBecomesChoice",
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
                    exactlyOne:
                      as: platform
                      cases: {apple: ios, google: android}
                    fields:
                      apple: String?
                      google: String?
                """, [.choiceChanged]),
        .init(
            "choiceCaseRenamed",
            old: """
                enums:
                  Kind:
                    values: [one-time, subs]
                inputs:
                  Request:
                    exactlyOne:
                      as: request
                      tag: kind
                      cases:
                        single: {name: purchase, tag: one-time}
                        recurring: {name: subscription, tag: subs}
                    fields:
                      single: String?
                      recurring: String?
                      kind: Kind?
                """,
            new: """
                enums:
                  Kind:
                    values: [one-time, subs]
                inputs:
                  Request:
                    exactlyOne:
                      as: request
                      tag: kind
                      cases:
                        single: {name: oneTime, tag: one-time}
                        recurring: {name: subscription, tag: subs}
                    fields:
                      single: String?
                      recurring: String?
                      kind: Kind?
                """, [.choiceChanged]),
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
            [.unionMemberRemoved, .openUnionMemberRemoved, .tagDefaultRemoved]),
        .init(
            "closedUnionMemberRemovedFromInput",
            old: inputMembers + "\n" + union("PurchaseRequest", unknown: "fail", ["apple": "AppleRequest", "google": "GoogleRequest"]),
            new: inputMembers + "\n" + union("PurchaseRequest", unknown: "fail", ["apple": "AppleRequest"]),
            [.unionMemberRemoved, .closedUnionMemberRemoved, .tagDefaultRemoved]),
        .init(
            "unionTagChanged",
            old: outputMembers + "\n" + union("Purchase", ["ios": "Apple", "google": "Google"]),
            new: outputMembers + "\n" + union("Purchase", ["apple": "Apple", "google": "Google"]),
            [.unionTagChanged, .unionMemberRenamed, .tagDefaultChanged]),
        .init(
            "unionMemberTypeChanged",
            old: outputMembers + "\n" + union("Purchase", ["apple": "Apple", "google": "Google"]),
            new: outputMembers + "\n" + union("Purchase", ["apple": "Apple", "google": "Amazon"]),
            [.unionMemberTypeChanged, .unionMemberWireTypeChanged, .tagDefaultRemoved]),
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
                """, [.unionDiscriminatorChanged, .tagDefaultRemoved]),
    ]

    // MARK: - Operations

    /// The enums operations refer to and two types, the same in every
    /// operation pair (the digester test declares `ErrorCode` and `IapStore`
    /// once for all of them).
    static let apiTypes = """
        enums:
          ErrorCode:
            values: [not-prepared, network-error, item-unavailable]
          IapStore:
            values: [unknown, apple, google, amazon]
        inputs:
          ProductRequest:
            fields:
              skus: String[]
        records:
          Product:
            fields:
              id: String

        """

    /// A pair of specs that differ in their operations only.
    static func api(_ name: String, old: String, new: String, _ expected: [CompatibilityRule.ID]) -> CompatibilityCase {
        CompatibilityCase(name, old: apiTypes + old, new: apiTypes + new, expected)
    }

    /// `fetchProducts`, the query most pairs change one thing of.
    static let fetchProducts = """
        queries:
          fetchProducts:
            args:
              params: ProductRequest
            result: Product[]
        """

    /// `fetchProducts` with a second argument, `currency`, of type `type`.
    static func fetchProducts(currency type: String) -> String {
        fetchProducts.replacing("      params: ProductRequest\n", with: "      params: ProductRequest\n      currency: \(type)\n")
    }

    /// `fetchProducts` with an `errors:` entry per line of `errors`.
    static func fetchProducts(failingWith errors: [String]) -> String {
        fetchProducts + "\n    errors:\n" + errors.map { "      \($0)\n" }.joined()
    }

    static let notPrepared = "not-prepared: The connection is not open."
    static let networkError = "network-error: The store could not be reached."

    /// `finishTransaction`, with `isConsumable` written as given after its
    /// name (a type, or the long form as a flow mapping).
    static func finishTransaction(isConsumable: String) -> String {
        """
        mutations:
          finishTransaction:
            args:
              transactionId: String
              isConsumable: \(isConsumable)
            result: Bool
        """
    }

    /// `verifyPurchase`, with `stores:` as given, or without it.
    static func verifyPurchase(stores: String?) -> String {
        """
        mutations:
          verifyPurchase:
            args:
              token: String
            result: Bool
        """ + (stores.map { "\n    stores: \($0)" } ?? "")
    }

    /// A query without arguments.
    static func query(_ name: String, result: String) -> String {
        "queries:\n  \(name):\n    result: \(result)"
    }

    /// An event without listener options.
    static func event(_ name: String, payload: String) -> String {
        "events:\n  \(name):\n    payload: \(payload)"
    }

    static let operations: [CompatibilityCase] = [
        api("operationsUnchanged", old: fetchProducts, new: fetchProducts, []),
        api(
            "argumentsReordered", old: fetchProducts(currency: "String?"),
            new: """
                queries:
                  fetchProducts:
                    args:
                      currency: String?
                      params: ProductRequest
                    result: Product[]
                """, [.argumentOrderChanged]),
        // Renamed with the old name kept readable: old callers still send it.
        api(
            "argumentRenamedWithAlias",
            old: """
                queries:
                  fetchProducts:
                    args:
                      params:
                        type: ProductRequest
                        doc: What to look up.
                    result: Product[]
                """,
            new: """
                queries:
                  fetchProducts:
                    args:
                      request:
                        type: ProductRequest
                        doc: What to look up.
                        aliases: [params]
                    result: Product[]
                """, [.argumentRenamed, .callArgumentRenamedReadable]),
        api(
            "argumentAliasAdded", old: fetchProducts(currency: "String?"),
            new: fetchProducts.replacing("      params: ProductRequest\n", with: "      params: ProductRequest\n      currency:\n        type: String?\n        aliases: [currencyCode]\n"),
            [.callArgumentAliasAdded]),
        api(
            "argumentAliasRemoved",
            old: fetchProducts.replacing("      params: ProductRequest\n", with: "      params: ProductRequest\n      currency:\n        type: String?\n        aliases: [currencyCode]\n"),
            new: fetchProducts(currency: "String?"), [.callArgumentAliasRemoved, .argumentAliasKeyRemoved]),
        api(
            "operationAdded", old: fetchProducts,
            new: fetchProducts + """

                  getStorefront:
                    result: String
                """, [.operationAdded, .operationRequirementAdded]),
        api(
            "operationRemoved",
            old: fetchProducts + """

                  getStorefront:
                    result: String
                """, new: fetchProducts, [.operationRemoved, .calledOperationRemoved]),
        api(
            "operationKindChanged",
            old: query("syncPurchases", result: "Bool"),
            new: """
                mutations:
                  syncPurchases:
                    result: Bool
                """, [.operationKindChanged]),
        api(
            "operationBecomesEvent",
            old: """
                mutations:
                  productChanged:
                    result: Product
                """,
            new: event("productChanged", payload: "Product"), [.operationFormChanged, .calledOperationFormChanged]),
        api(
            "operationDeprecated", old: fetchProducts,
            new: """
                queries:
                  fetchProducts:
                    deprecated: Use fetchCatalog.
                    args:
                      params: ProductRequest
                    result: Product[]
                """, [.operationDeprecationAdded]),

        // Arguments
        api(
            "requiredArgumentAdded", old: fetchProducts,
            new: fetchProducts(currency: "String"), [.requiredArgumentAdded, .callRequiredArgumentAdded]),
        api(
            "optionalArgumentAdded", old: fetchProducts,
            new: fetchProducts(currency: "String?"), [.optionalArgumentAdded]),
        api(
            "firstArgumentAdded",
            old: query("getStorefront", result: "String"),
            new: """
                queries:
                  getStorefront:
                    args:
                      refresh: Bool?
                    result: String
                """, [.optionalArgumentAdded]),
        api(
            "argumentRemoved",
            old: fetchProducts(currency: "String?"), new: fetchProducts, [.argumentRemoved, .callArgumentRemoved]),
        api(
            "argumentRenamed",
            old: """
                queries:
                  fetchProducts:
                    args:
                      params:
                        type: ProductRequest
                        doc: What to look up.
                    result: Product[]
                """,
            new: """
                queries:
                  fetchProducts:
                    args:
                      request:
                        type: ProductRequest
                        doc: What to look up.
                    result: Product[]
                """, [.argumentRenamed, .callArgumentRenamed]),
        api(
            "argumentTypeChanged",
            old: """
                mutations:
                  finishTransaction:
                    args:
                      transactionId: String
                    result: Bool
                """,
            new: """
                mutations:
                  finishTransaction:
                    args:
                      transactionId: Int
                    result: Bool
                """, [.argumentTypeChanged, .callArgumentTypeChanged]),
        api(
            "argumentTypeWidened",
            old: """
                mutations:
                  consumeProduct:
                    args:
                      quantity: Int
                    result: Bool
                """,
            new: """
                mutations:
                  consumeProduct:
                    args:
                      quantity: Double
                    result: Bool
                """, [.argumentTypeChanged, .callArgumentTypeWidened]),
        api(
            "argumentTypeEquivalent",
            old: """
                queries:
                  purchasesSince:
                    args:
                      since: Double
                    result: Product[]
                """,
            new: """
                queries:
                  purchasesSince:
                    args:
                      since: Timestamp
                    result: Product[]
                """, [.argumentTypeEquivalent]),
        api(
            "argumentNowRequired", old: finishTransaction(isConsumable: "Bool?"), new: finishTransaction(isConsumable: "Bool"),
            [.argumentNowRequired, .callArgumentNowRequired]),
        api(
            "argumentNowOptional", old: finishTransaction(isConsumable: "Bool"), new: finishTransaction(isConsumable: "Bool?"),
            [.argumentNowOptional]),
        api(
            "argumentDefaultChanged", old: finishTransaction(isConsumable: "{type: Bool?, default: false}"),
            new: finishTransaction(isConsumable: "{type: Bool?, default: true}"), [.callArgumentDefaultChanged]),
        api(
            "argumentConstraintTightened",
            old: """
                mutations:
                  finishTransaction:
                    args:
                      transactionId:
                        type: String
                        maxBytes: 4096
                    result: Bool
                """,
            new: """
                mutations:
                  finishTransaction:
                    args:
                      transactionId:
                        type: String
                        maxBytes: 256
                    result: Bool
                """, [.callArgumentConstraintTightened]),
        api(
            "argumentDeprecated", old: finishTransaction(isConsumable: "Bool?"),
            new: finishTransaction(isConsumable: "{type: Bool?, deprecated: The store knows.}"), [.operationDeprecationAdded]),

        // Results
        api(
            "resultTypeChanged",
            old: query("getStorefront", result: "String"),
            new: query("getStorefront", result: "Product"), [.resultTypeChanged, .replyResultTypeChanged]),
        api(
            "resultTypeWidened",
            old: query("balance", result: "Double"),
            new: query("balance", result: "Int"), [.resultTypeChanged, .replyResultTypeWidened]),
        api(
            "resultTypeEquivalent",
            old: query("lastSync", result: "Double"),
            new: query("lastSync", result: "Timestamp"), [.resultTypeEquivalent]),
        api(
            "resultNowOptional",
            old: query("getStorefront", result: "String"),
            new: query("getStorefront", result: "String?"), [.resultNowOptional, .replyResultNowOptional]),
        api(
            "resultNowRequired",
            old: query("getStorefront", result: "String?"),
            new: query("getStorefront", result: "String"), [.resultNowRequired]),

        // Events
        api(
            "eventPayloadTypeChanged",
            old: event("storefrontChanged", payload: "String"),
            new: event("storefrontChanged", payload: "Product"), [.eventPayloadTypeChanged, .deliveredPayloadTypeChanged]),
        api(
            "eventPayloadTypeWidened",
            old: event("balanceChanged", payload: "Double"),
            new: event("balanceChanged", payload: "Int"), [.eventPayloadTypeChanged, .deliveredPayloadTypeWidened]),
        api(
            "eventPayloadTypeEquivalent",
            old: event("synced", payload: "Double"),
            new: event("synced", payload: "Timestamp"), [.eventPayloadTypeEquivalent]),
        api(
            "eventListenerOptionNowRequired",
            old: """
                events:
                  productChanged:
                    args:
                      dedupe: Bool?
                    payload: Product
                """,
            new: """
                events:
                  productChanged:
                    args:
                      dedupe: Bool
                    payload: Product
                """, [.argumentNowRequired, .callArgumentNowRequired]),

        // Errors and stores
        api(
            "operationErrorAdded", old: fetchProducts(failingWith: [notPrepared]), new: fetchProducts(failingWith: [notPrepared, networkError]),
            [.operationErrorAdded]),
        api(
            "operationErrorRemoved", old: fetchProducts(failingWith: [notPrepared, networkError]), new: fetchProducts(failingWith: [notPrepared]),
            [.operationErrorRemoved]),
        api(
            "operationStoreAdded", old: verifyPurchase(stores: "[apple, google]"), new: verifyPurchase(stores: "[apple, google, amazon]"),
            [.operationStoreAdded]),
        // Without `stores:`, every store but `unknown`: amazon leaves.
        api("operationStoreRemoved", old: verifyPurchase(stores: nil), new: verifyPurchase(stores: "[apple, google]"), [.operationStoreRemoved]),
    ]
}

// MARK: - Positional arguments, results of nothing, platform arguments, type aliases

extension CompatibilityCase {
    /// A mutation that answers `result`.
    static func restorePurchases(result: String) -> String {
        "mutations:\n  restorePurchases:\n    result: \(result)"
    }

    /// `fetchProducts` with its argument `params` written in the long form
    /// with `extra` (a line of keys) after its type.
    static func fetchProducts(params extra: String) -> String {
        fetchProducts.replacing(
            "      params: ProductRequest\n", with: "      params:\n        type: ProductRequest\n        \(extra)\n")
    }

    /// `Receipt` and `Refund`, two records, and the input `ReceiptInput`
    /// that is `target` under another name.
    static func receiptInput(sameAs target: String) -> String {
        """
        records:
          Receipt:
            doc: A receipt.
            fields:
              id: String
          Refund:
            doc: A refund.
            fields:
              amount: Double
        inputs:
          ReceiptInput:
            doc: A receipt handed back.
            sameAs: \(target)
        """
    }

    static let dropIns: [CompatibilityCase] = [
        api(
            "argumentNowPositional", old: fetchProducts, new: fetchProducts(params: "positional: true"),
            [.argumentPositionalChanged]),
        api(
            "argumentNoLongerPositional", old: fetchProducts(params: "positional: true"), new: fetchProducts(params: "positional: false"),
            [.argumentPositionalChanged]),
        api(
            "resultNowVoid", old: restorePurchases(result: "Bool"), new: restorePurchases(result: "Void"),
            [.resultNowVoid, .replyResultNowVoid]),
        // Old callers already read a null as nothing to answer.
        api(
            "optionalResultNowVoid", old: restorePurchases(result: "Product?"), new: restorePurchases(result: "Void"),
            [.resultNowVoid]),
        api(
            "resultNoLongerVoid", old: restorePurchases(result: "Void"), new: restorePurchases(result: "Product?"),
            [.resultNoLongerVoid, .replyResultNoLongerVoid]),
        api("resultStillVoid", old: restorePurchases(result: "Void"), new: restorePurchases(result: "{type: Void, doc: Nothing.}"), []),
        api(
            "argumentNowOfOnePlatform", old: fetchProducts(currency: "String?"),
            new: fetchProducts(currency: "{type: String?, platform: android}"), [.argumentPlatformChanged, .callArgumentPlatformChanged]),
        api(
            "argumentOfAnotherPlatform", old: fetchProducts(currency: "{type: String?, platform: android}"),
            new: fetchProducts(currency: "{type: String?, platform: ios}"), [.argumentPlatformChanged, .callArgumentPlatformChanged]),
        .init(
            "aliasTargetChanged", old: receiptInput(sameAs: "Receipt"), new: receiptInput(sameAs: "Refund"),
            [.aliasTargetChanged, .aliasWireTargetChanged]),
        // The target renamed, the alias following it: the alias's code and JSON stay.
        .init(
            "aliasTargetRenamed", old: receiptInput(sameAs: "Receipt"),
            new: receiptInput(sameAs: "Receipt2").replacing("  Receipt:\n", with: "  Receipt2:\n    renamedFrom: Receipt\n"),
            [.typeRenamedOldNameKept]),
        // Upstream's PurchaseInput, a subset of a purchase, becoming
        // `Purchase` under another name: code that builds the subset breaks.
        .init(
            "inputBecomesAlias",
            old: """
                records:
                  Receipt:
                    fields:
                      id: String
                inputs:
                  ReceiptInput:
                    fields:
                      id: String
                      note: String?
                """,
            new: receiptInput(sameAs: "Receipt"), [.typeAdded, .typeKindChanged, .typeWireFormChanged]),
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
        // From alphabetical order to another: Swift's initializers still
        // take the old calls (the new spec-order one is added beside).
        .init(
            "fieldsLeaveAlphabeticalOrder",
            old: """
                records:
                  Outcome:
                    fields:
                      isValid: Bool
                      store: String
                """,
            new: """
                records:
                  Outcome:
                    fields:
                      store: String
                      isValid: Bool
                """, []),
        // A member listed under a second tag of the same union: the record
        // no longer has one value for the discriminator, and Swift's
        // initializer loses its default.
        .init(
            "memberUnderASecondTag",
            old: outputMembers + "\n" + union("Purchase", ["apple": "Apple", "google": "Google"]),
            new: outputMembers + "\n" + union("Purchase", ["apple": "Apple", "google": "Google", "horizon": "Google"]),
            [.unionMemberAdded, .openUnionMemberAdded, .tagDefaultRemoved]),
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
                """, [.fieldRenamedOldNameKept, .fieldWireNameChanged]),
        // A declared rename in a record with a choice: its initializer takes
        // the choice, not the fields, so no old-label one is kept.
        .init(
            "fieldRenamedDeclaredInChoiceRecord",
            old: """
                inputs:
                  Request:
                    exactlyOne:
                      as: platform
                      cases: {apple: ios, google: android}
                    fields:
                      apple: String?
                      google: String?
                      token: String
                """,
            new: """
                inputs:
                  Request:
                    exactlyOne:
                      as: platform
                      cases: {apple: ios, google: android}
                    fields:
                      apple: String?
                      google: String?
                      purchaseToken:
                        type: String
                        renamedFrom: token
                        aliases: [token]
                """, [.fieldRenamed, .fieldRenamedReadable]),
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
                """, [.fieldRenamedOldNameKept, .fieldRenamedReadable]),
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
                """, [.fieldRenamedOldNameKept, .fieldWireNameChanged]),
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
                """, [.typeRenamedOldNameKept]),
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
