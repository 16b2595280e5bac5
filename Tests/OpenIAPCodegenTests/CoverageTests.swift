import Foundation
import Testing
@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen
@testable import OpenIAPSpecTools
@testable import OpenIAPCommandLine

// Unit tests of the SDL reader and the coverage check. Each check test starts
// from a small SDL and a hand-built spec that matches it, changes one thing,
// and asserts the exact list of differences.

private let sampleSDL = #"""
# Platform names, as a comment the reader must skip.
"""
A docstring the reader must skip, with "quotes" and a } brace.
"""
enum IapPlatform {
  IOS
  "inline description"
  Android
}

enum ProductType { InApp, Subs }

enum IapkitPurchaseState {
  PENDING_ACKNOWLEDGMENT
  READY_TO_CONSUME
  LEGACY @deprecated(reason: "gone")
}

interface ProductCommon {
  id: ID!
  platform: IapPlatform!
}

type ProductIOS implements ProductCommon {
  id: ID!
  platform: IapPlatform!
  price: Float
  transactionDate: Float!
  tags: [String!]
  environment: String
  success: Boolean! @deprecated(
    reason: "Use isValid."
  )
}

type ProductAndroid implements ProductCommon {
  id: ID!
  platform: IapPlatform!
  nameAndroid: String!
}

union Product =
  | ProductIOS
  | ProductAndroid

input ProductRequest {
  skus: [String!]!
  type: ProductType = InApp
  program: ProductType! = Subs
  states: [IapkitPurchaseState!] = [PENDING_ACKNOWLEDGMENT]
  limit: Int = 3
}

type Query {
  fetchProducts(params: ProductRequest!, "arg doc" limit: Int = 10): [Product!]!
}

extend type Query {
  more: Boolean
}

directive @openiapDeprecated(reason: String!) on OBJECT | INTERFACE | ENUM
"""#

// Swift Testing has its own SourceLocation; these tests mean the spec one.
private typealias Location = OpenIAPSpec.SourceLocation

private let file = "Schema/test.yaml"

private func at(_ line: Int) -> Location { Location(file: file, line: line, column: 3) }

private func field(
    _ name: String, _ type: TypeRef, required: Bool = true, line: Int = 1, upstream: String? = nil,
    deprecated: String? = nil, defaultValue: DefaultValue? = nil, from set: String? = nil
) -> Field {
    Field(name: name, type: type, isRequired: required,
          annotations: Annotations(doc: "A field.", deprecated: deprecated, upstream: upstream),
          defaultValue: defaultValue, includedFrom: set, location: at(line))
}

private func values(_ wires: [String], line: Int) -> [EnumValue] {
    wires.enumerated().map { EnumValue(wire: $1, location: at(line + $0)) }
}

/// A spec that matches `sampleSDL` exactly, keyed by type name so tests can
/// replace single types.
private func matchingTypes() -> [String: NamedType] {
    let common = [field("id", .scalar(.string), line: 20, from: "ProductCommon"),
                  field("platform", .named("IapPlatform"), line: 21, from: "ProductCommon")]
    let types: [NamedType] = [
        .enumeration(EnumType(name: "IapPlatform", values: values(["ios", "android"], line: 2), location: at(1))),
        .enumeration(EnumType(name: "ProductType", values: values(["in-app", "subs"], line: 6), location: at(5))),
        .enumeration(EnumType(
            name: "IapkitPurchaseState",
            values: values(["pending-acknowledgment", "ready-to-consume"], line: 10)
                + [EnumValue(wire: "legacy", annotations: Annotations(deprecated: "Gone."), location: at(12))],
            location: at(9))),
        .fieldSet(FieldSet(name: "ProductCommon", fields: common, location: at(19))),
        .record(RecordType(name: "ProductIOS", direction: .output, includes: ["ProductCommon"], fields: common + [
            field("price", .scalar(.double), required: false, line: 31),
            field("transactionDate", .scalar(.timestamp), line: 32),
            field("tags", .list(.scalar(.string)), required: false, line: 33),
            field("environment", .named("IapkitEnvironment"), required: false, line: 34),
            field("success", .scalar(.bool), line: 35, deprecated: "Read isValid."),
        ], location: at(30))),
        .record(RecordType(name: "ProductAndroid", direction: .output, includes: ["ProductCommon"], fields: common + [
            field("nameAndroid", .scalar(.string), line: 41),
        ], location: at(40))),
        .opaqueString(OpaqueStringType(
            name: "IapkitEnvironment", annotations: Annotations(upstream: "A named string for a String field."),
            knownValues: values(["Sandbox"], line: 46), location: at(45))),
        .union(UnionType(name: "Product", discriminator: "platform", members: [
            UnionMember(tag: "ios", typeName: "ProductIOS", location: at(51)),
            UnionMember(tag: "android", typeName: "ProductAndroid", location: at(52)),
        ], location: at(50))),
        .record(RecordType(name: "ProductRequest", direction: .input, fields: [
            field("skus", .list(.scalar(.string)), line: 56),
            field("type", .named("ProductType"), required: false, line: 57, defaultValue: .enumValue("in-app")),
            field("program", .named("ProductType"), required: false, line: 58, defaultValue: .enumValue("subs")),
            field("states", .list(.named("IapkitPurchaseState")), required: false, line: 59,
                  defaultValue: .list([.enumValue("pending-acknowledgment")])),
            field("limit", .scalar(.int), required: false, line: 60, defaultValue: .int(3)),
        ], location: at(55))),
    ]
    return Dictionary(uniqueKeysWithValues: types.map { ($0.name, $0) })
}

private func result(_ type: TypeRef, required: Bool = true, line: Int) -> OperationResult {
    OperationResult(type: type, isRequired: required, location: at(line))
}

/// The operations of `sampleSDL`'s `Query`, keyed by name.
private func matchingOperations() -> [String: APIOperation] {
    [
        "fetchProducts": APIOperation(
            name: "fetchProducts", kind: .query,
            arguments: [
                field("params", .named("ProductRequest"), line: 91),
                field("limit", .scalar(.int), required: false, line: 92, defaultValue: .int(10)),
            ],
            result: result(.list(.named("Product")), line: 93), location: at(90)),
        "more": APIOperation(name: "more", kind: .query, result: result(.scalar(.bool), required: false, line: 95), location: at(94)),
    ]
}

private func spec(_ types: [String: NamedType], _ operations: [String: APIOperation] = matchingOperations()) -> Spec {
    Spec(version: "3.2.1", types: Array(types.values), operations: Array(operations.values))
}

private func differences(
    _ types: [String: NamedType], _ operations: [String: APIOperation] = matchingOperations(), sdl source: String = sampleSDL
) throws -> [CoverageDifference] {
    let sdl = try SDLSchema.parse(source, file: "upstream/type.graphql")
    return CoverageCheck.compare(sdl: sdl, spec: spec(types, operations))
}

/// `kind subject`, with ` (declared)` for declared ones: enough to assert exact lists.
private func summary(_ list: [CoverageDifference]) -> [String] {
    list.map { "\($0.kind.rawValue) \($0.subject)" + ($0.declared ? " (declared)" : "") }
}

private func record(_ types: [String: NamedType], _ name: String) -> RecordType {
    guard case let .record(r)? = types[name] else { fatalError("\(name) is not a record") }
    return r
}

/// The record with field `name` replaced by `new`, or `new` appended when there is no such field.
private func replacing(_ r: RecordType, _ name: String, with new: Field) -> RecordType {
    var r = r
    if let index = r.fields.firstIndex(where: { $0.name == name }) {
        r.fields[index] = new
    } else {
        r.fields.append(new)
    }
    return r
}

@Suite struct SDLReaderTests {
    @Test func readsTypesFieldsAndValuesWithoutProse() throws {
        let sdl = try SDLSchema.parse(sampleSDL, file: "type.graphql")
        #expect(sdl.types.map(\.name) == ["IapPlatform", "ProductType", "IapkitPurchaseState", "ProductCommon",
                                          "ProductIOS", "ProductAndroid", "Product", "ProductRequest", "Query"])
        #expect(sdl["IapPlatform"]?.enumValues.map(\.name) == ["IOS", "Android"])
        #expect(sdl["IapkitPurchaseState"]?.enumValues.map(\.isDeprecated) == [false, false, true])
        let ios = try #require(sdl["ProductIOS"])
        #expect(ios.kind == .object)
        #expect(ios.interfaces == ["ProductCommon"])
        #expect(ios.fields.map(\.name) == ["id", "platform", "price", "transactionDate", "tags", "environment", "success"])
        #expect(ios.fields.map(\.type.description) == ["ID!", "IapPlatform!", "Float", "Float!", "[String!]", "String", "Boolean!"])
        #expect(ios.field("success")?.isDeprecated == true)
        #expect(ios.field("price")?.location == Location(file: "type.graphql", line: 27, column: 3))
        #expect(sdl["ProductCommon"]?.kind == .interface)
        #expect(sdl["Product"]?.unionMembers == ["ProductIOS", "ProductAndroid"])
        let request = try #require(sdl["ProductRequest"])
        #expect(request.kind == .input)
        #expect(request.fields.map { $0.defaultValue?.description ?? "-" } == ["-", "InApp", "Subs", "[PENDING_ACKNOWLEDGMENT]", "3"])
    }

    @Test func mergesExtensionsAndKnowsTheRootTypes() throws {
        // The extension comes first, as it does when api.graphql is read before schema.graphql.
        var sdl = SDLSchema()
        try sdl.add("extend type Query { b: Int }", file: "api.graphql")
        try sdl.add("schema { query: Root }\ntype Query { a: Int }", file: "schema.graphql")
        try sdl.add("extend type Orphan { c: Int }", file: "x.graphql")
        sdl.adoptOrphanExtensions()
        #expect(sdl["Query"]?.fields.map(\.name) == ["a", "b"])
        #expect(sdl["Orphan"]?.fields.map(\.name) == ["c"])
        #expect(sdl.rootOperationTypes == ["Query", "Mutation", "Subscription", "Root"])
    }

    @Test func reportsSyntaxErrorsWithTheirPosition() {
        let missingColon = #expect(throws: DiagnosticError.self) {
            _ = try SDLSchema.parse("type A {\n  id: ID!\n  name String\n}", file: "bad.graphql")
        }
        #expect(missingColon?.description == "bad.graphql:3:8: error: expected ':', found 'String'")
        let openString = #expect(throws: DiagnosticError.self) {
            _ = try SDLSchema.parse("type A {\n  \"\"\"never closed\n", file: "bad.graphql")
        }
        #expect(openString?.description == "bad.graphql:2:3: error: unterminated block string")
    }

    @Test func rejectsATypeDefinedTwice() {
        let error = #expect(throws: DiagnosticError.self) {
            _ = try SDLSchema.parse("enum A { X }\nenum A { Y }", file: "t.graphql")
        }
        #expect(error?.description == "t.graphql:2:1: error: type 'A' is defined twice\nt.graphql:1:1: note: first defined here")
    }
}

@Suite struct CoverageTests {
    @Test func convertsSDLEnumValuesToKebabCase() {
        let cases = ["PENDING_ACKNOWLEDGMENT": "pending-acknowledgment", "Apple": "apple", "InApp": "in-app",
                     "IOS": "ios", "OK": "ok", "PromotedProductIOS": "promoted-product-ios",
                     "UserChoiceBillingAndroid": "user-choice-billing-android", "PayAsYouGo": "pay-as-you-go",
                     "HTTPError": "http-error", "Rectangular2By1": "rectangular2-by1"]
        for (sdl, wire) in cases {
            #expect(CoverageCheck.wireValue(forSDLValue: sdl) == wire)
        }
    }

    @Test func aMatchingSpecHasOnlyItsDeclaredExtraType() throws {
        // Float as Double and as Timestamp, ID as String, String as an opaque
        // string type, `X! = v` as an optional field with that default, and
        // the root operation types are all accepted.
        let result = try differences(matchingTypes())
        #expect(summary(result) == ["extraType IapkitEnvironment (declared)"])
        #expect(result.first?.upstreamReason == "A named string for a String field.")
        #expect(result.first?.location == at(45))
    }

    @Test func reportsMissingExtraAndMisfiledTypes() throws {
        var types = matchingTypes()
        types["ProductAndroid"] = nil
        types["ProductType"] = .record(RecordType(name: "ProductType", direction: .output, fields: [], location: at(5)))
        types["Stray"] = .enumeration(EnumType(name: "Stray", values: [], location: at(70)))
        let result = try differences(types)
        #expect(summary(result) == [
            "kindMismatch ProductType",
            "missingType ProductAndroid",
            "extraType IapkitEnvironment (declared)",
            "extraType Stray",
        ])
        #expect(result[1].location == nil)
        #expect(result[1].sdlLocation == Location(file: "upstream/type.graphql", line: 36, column: 1))
        #expect(result[3].location == at(70))
    }

    @Test func reportsFieldDifferences() throws {
        var types = matchingTypes()
        var ios = record(types, "ProductIOS")
        ios.fields.removeAll { $0.name == "tags" }                                        // missing
        ios.fields.append(field("extra", .scalar(.string), line: 36))                     // extra
        ios = replacing(ios, "price", with: field("price", .scalar(.double), line: 31))         // now required
        ios = replacing(ios, "transactionDate", with: field("transactionDate", .scalar(.int), line: 32))
        ios = replacing(ios, "environment", with: field("environment", .list(.scalar(.string)), required: false, line: 34))
        types["ProductIOS"] = .record(ios)
        let result = try differences(types)
        #expect(summary(result) == [
            "nullability ProductIOS.price",
            "fieldType ProductIOS.transactionDate",
            "missingField ProductIOS.tags",
            "fieldType ProductIOS.environment",
            "extraField ProductIOS.extra",
            "extraType IapkitEnvironment (declared)",
        ])
        #expect(result[0].message == "optional upstream (Float) but required in the spec")
        #expect(result[0].location == at(31))
        #expect(result[1].message == "SDL type Float! does not match spec type Int: expected Double or Timestamp")
        #expect(result[3].message == "SDL type String does not match spec type String[]: a list in the spec, not a list upstream")
    }

    @Test func flagsDifferencesThatCarryAnUpstreamReason() throws {
        var types = matchingTypes()
        let android = record(types, "ProductAndroid")
        types["ProductAndroid"] = .record(replacing(
            android, "store", with: field("store", .named("IapPlatform"), line: 42, upstream: "Added discriminator.")))
        var request = record(types, "ProductRequest")
        request.fields[4] = field("limit", .scalar(.double), required: false, line: 60, upstream: "A real number.",
                                  defaultValue: .double(3))
        types["ProductRequest"] = .record(request)
        let result = try differences(types)
        #expect(summary(result) == [
            "extraField ProductAndroid.store (declared)",
            "fieldType ProductRequest.limit (declared)",
            "extraType IapkitEnvironment (declared)",
        ])
        #expect(result[0].upstreamReason == "Added discriminator.")
        // Int upstream and Double in the spec, with a default of 3 on both sides: only the type differs.
        #expect(result[1].message == "SDL type Int does not match spec type Double: expected Int")
    }

    @Test func aTypeReasonCoversTheFieldsItLeavesOut() throws {
        var types = matchingTypes()
        var android = record(types, "ProductAndroid")
        android.fields.removeAll { $0.name == "nameAndroid" }
        android.annotations.upstream = "The name is not sent."
        types["ProductAndroid"] = .record(android)
        #expect(summary(try differences(types)) == [
            "missingField ProductAndroid.nameAndroid (declared)",
            "extraType IapkitEnvironment (declared)",
        ])
    }

    @Test func reportsEnumValueDifferences() throws {
        var types = matchingTypes()
        types["IapkitPurchaseState"] = .enumeration(EnumType(
            name: "IapkitPurchaseState",
            values: values(["PENDING_ACKNOWLEDGMENT", "ready-to-consume"], line: 10) + [
                EnumValue(wire: "legacy", annotations: Annotations(deprecated: "Gone."), location: at(12)),
                EnumValue(wire: "future", annotations: Annotations(upstream: "Newer than 3.2.1."), location: at(13)),
            ],
            location: at(9)))
        let result = try differences(types)
        #expect(summary(result) == [
            "missingEnumValue IapkitPurchaseState.pending-acknowledgment",
            "extraEnumValue IapkitPurchaseState.PENDING_ACKNOWLEDGMENT",
            "extraEnumValue IapkitPurchaseState.future (declared)",
            "extraType IapkitEnvironment (declared)",
        ])
        #expect(result[0].message == "SDL value 'PENDING_ACKNOWLEDGMENT' (wire 'pending-acknowledgment') is not in the spec")
        #expect(result[1].location == at(10))
    }

    @Test func reportsInterfaceAndUnionMembership() throws {
        var types = matchingTypes()
        var android = record(types, "ProductAndroid")
        android.includes = []
        android.fields = android.fields.map { var f = $0; f.includedFrom = nil; return f }
        types["ProductAndroid"] = .record(android)
        var ios = record(types, "ProductIOS")
        ios.includes.append("Extra")
        types["ProductIOS"] = .record(ios)
        types["Extra"] = .fieldSet(FieldSet(name: "Extra", annotations: Annotations(upstream: "Ours."), fields: [], location: at(80)))
        types["Product"] = .union(UnionType(name: "Product", discriminator: "platform", members: [
            UnionMember(tag: "ios", typeName: "ProductIOS", location: at(51)),
            UnionMember(tag: "web", typeName: "ProductWeb", location: at(53)),
            UnionMember(tag: "web2", typeName: "ProductWeb", location: at(54)),
        ], location: at(50)))
        let result = try differences(types)
        #expect(summary(result) == [
            "interfaceMembership ProductIOS.Extra (declared)",
            "interfaceMembership ProductAndroid.ProductCommon",
            "unionMembership Product.ProductAndroid",
            "unionMembership Product.ProductWeb",
            "extraType Extra (declared)",
            "extraType IapkitEnvironment (declared)",
        ])
        #expect(result[3].location == at(53))
    }

    @Test func includedFieldsAreComparedOnTheirSharedSet() throws {
        var types = matchingTypes()
        let wrongID = field("id", .scalar(.int), line: 20, from: "ProductCommon")
        types["ProductCommon"] = .fieldSet(FieldSet(name: "ProductCommon", fields: [
            wrongID, field("platform", .named("IapPlatform"), line: 21, from: "ProductCommon"),
        ], location: at(19)))
        for name in ["ProductIOS", "ProductAndroid"] {
            types[name] = .record(replacing(record(types, name), "id", with: wrongID))
        }
        #expect(summary(try differences(types)) == [
            "fieldType ProductCommon.id",
            "extraType IapkitEnvironment (declared)",
        ])
    }

    @Test func comparesDefaults() throws {
        var types = matchingTypes()
        var request = record(types, "ProductRequest")
        request.fields[1].defaultValue = .enumValue("subs")      // type: SDL says InApp
        request.fields[2].defaultValue = nil                      // program: required upstream, with a default
        request.fields[3].defaultValue = nil                      // states: SDL has a default
        request.fields[4].defaultValue = .int(3)                  // limit: same
        request.fields.append(field("extra", .scalar(.bool), required: false, line: 61, defaultValue: .bool(true)))
        types["ProductRequest"] = .record(request)
        let result = try differences(types)
        #expect(summary(result) == [
            "defaultValue ProductRequest.type",
            "nullability ProductRequest.program",
            "defaultValue ProductRequest.program",
            "defaultValue ProductRequest.states",
            "extraField ProductRequest.extra",
            "extraType IapkitEnvironment (declared)",
        ])
        #expect(result[0].message == "SDL has = InApp, the spec has default subs")
        #expect(result[2].message == "SDL has = Subs, the spec has no default")
    }

    @Test func comparesDeprecation() throws {
        var types = matchingTypes()
        types["ProductIOS"] = .record(replacing(record(types, "ProductIOS"), "success",
                                                with: field("success", .scalar(.bool), line: 35)))
        var android = record(types, "ProductAndroid")
        android.fields[2].annotations.deprecated = "Use title."
        types["ProductAndroid"] = .record(android)
        let result = try differences(types)
        #expect(summary(result) == [
            "deprecation ProductIOS.success",
            "deprecation ProductAndroid.nameAndroid",
            "extraType IapkitEnvironment (declared)",
        ])
        #expect(result[0].message == "deprecated upstream but not in the spec")
        #expect(result[1].message == "deprecated in the spec but not upstream")
    }

    @Test func readsEveryGraphQLFileOfADirectory() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("coverage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "extend type Query { x: Int }\nenum IapPlatform { IOS Android }"
            .write(to: directory.appendingPathComponent("api.graphql"), atomically: true, encoding: .utf8)
        try "type Query { y: Int }\ntype VoidResult { success: Boolean! }"
            .write(to: directory.appendingPathComponent("schema.graphql"), atomically: true, encoding: .utf8)
        try "not graphql at all {".write(to: directory.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)

        let spec = Spec(version: "3.2.1", types: [
            .enumeration(EnumType(name: "IapPlatform", values: values(["ios", "android"], line: 2), location: at(1))),
        ])
        let result = try CoverageCheck.compare(sdlDirectory: directory.path, spec: spec)
        // Query is defined in schema.graphql, which is read after api.graphql extends it.
        #expect(summary(result) == ["missingType VoidResult", "missingOperation Query.y", "missingOperation Query.x"])
        #expect(result[0].sdlLocation?.file.hasSuffix("schema.graphql") == true)
        #expect(result[0].description.hasSuffix("schema.graphql:2:1: missingType: VoidResult: object type 'VoidResult' is not in the spec"))
    }
}

// MARK: - Operations

/// Root types with one operation of each kind, and what they use.
private let operationSDL = #"""
enum Kind { A B }

input Props { ids: [String!]! }

type Answer { ok: Boolean! }

type Query {
  _placeholder: Boolean
  "Finds answers."
  find(
    props: Props!
    "Which kind."
    kind: Kind = A
    limit: Int
  ): [Answer!]!
  peek: Answer
}

type Mutation {
  save(props: Props!): Boolean!
}

type Subscription {
  saved(options: Props): Answer!
}
"""#

private func operationTypes() -> [String: NamedType] {
    let types: [NamedType] = [
        .enumeration(EnumType(name: "Kind", values: values(["a", "b"], line: 2), location: at(1))),
        .record(RecordType(name: "Props", direction: .input, fields: [field("ids", .list(.scalar(.string)), line: 5)], location: at(4))),
        .record(RecordType(name: "Answer", direction: .output, fields: [field("ok", .scalar(.bool), line: 8)], location: at(7))),
    ]
    return Dictionary(uniqueKeysWithValues: types.map { ($0.name, $0) })
}

/// The spec's counterparts of `operationSDL`'s operations, keyed by name.
private func operations() -> [String: APIOperation] {
    let list = [
        APIOperation(
            name: "find", kind: .query,
            arguments: [
                field("props", .named("Props"), line: 21),
                field("kind", .named("Kind"), required: false, line: 22, defaultValue: .enumValue("a")),
                field("limit", .scalar(.int), required: false, line: 23),
            ],
            result: result(.list(.named("Answer")), line: 24), location: at(20)),
        APIOperation(name: "peek", kind: .query, result: result(.named("Answer"), required: false, line: 26), location: at(25)),
        APIOperation(
            name: "save", kind: .mutation, arguments: [field("props", .named("Props"), line: 31)],
            result: result(.scalar(.bool), line: 32), location: at(30)),
        APIOperation(
            name: "saved", kind: .event, arguments: [field("options", .named("Props"), required: false, line: 41)],
            result: result(.named("Answer"), line: 42), location: at(40)),
    ]
    return Dictionary(uniqueKeysWithValues: list.map { ($0.name, $0) })
}

private func operationDifferences(_ operations: [String: APIOperation]) throws -> [CoverageDifference] {
    try differences(operationTypes(), operations, sdl: operationSDL)
}

@Suite struct OperationCoverageTests {
    @Test func theReaderKeepsTheArgumentsOfRootFields() throws {
        let sdl = try SDLSchema.parse(operationSDL, file: "api.graphql")
        let find = try #require(sdl["Query"]?.field("find"))
        #expect(find.arguments.map(\.name) == ["props", "kind", "limit"])
        #expect(find.arguments.map(\.type.description) == ["Props!", "Kind", "Int"])
        #expect(find.argument("kind")?.defaultValue == .enumValue("A"))
        #expect(find.argument("limit")?.location == OpenIAPSpec.SourceLocation(file: "api.graphql", line: 14, column: 5))
        #expect(find.type.description == "[Answer!]!")
        #expect(sdl["Query"]?.field("peek")?.arguments.isEmpty == true)
        #expect(sdl.rootTypeNames == ["query": "Query", "mutation": "Mutation", "subscription": "Subscription"])
        let renamed = try SDLSchema.parse("schema { query: Root subscription: Events }\ntype Root { a: Int }", file: "s.graphql")
        #expect(renamed.rootTypeNames == ["query": "Root", "mutation": "Mutation", "subscription": "Events"])
    }

    @Test func aMatchingAPIHasNoDifferences() throws {
        // `_placeholder` is no operation; `Kind = A` is an optional argument
        // with the default `a`; `Subscription` fields are events.
        #expect(summary(try operationDifferences(operations())).isEmpty)
    }

    @Test func theRootTypesOfASchemaBlockHoldTheOperations() throws {
        let sdl = try SDLSchema.parse(
            "schema { query: Root }\ntype Root { peek: Answer }\ntype Answer { ok: Boolean! }", file: "s.graphql")
        var types = operationTypes()
        types["Kind"] = nil
        types["Props"] = nil
        let only = operations().filter { $0.key == "peek" }
        #expect(summary(CoverageCheck.compare(sdl: sdl, spec: spec(types, only))).isEmpty)
    }

    @Test func reportsMissingExtraAndMisfiledOperations() throws {
        var ours = operations()
        ours["peek"] = nil
        ours["save"]?.kind = .query
        ours["extra"] = APIOperation(name: "extra", kind: .mutation, result: result(.scalar(.bool), line: 51), location: at(50))
        ours["ours"] = APIOperation(
            name: "ours", kind: .event, annotations: Annotations(upstream: "Not upstream yet."),
            result: result(.scalar(.bool), line: 56), location: at(55))
        let result = try operationDifferences(ours)
        #expect(summary(result) == [
            "missingOperation Query.peek",
            "operationKind Mutation.save",
            "extraOperation Mutation.extra",
            "extraOperation Subscription.ours (declared)",
        ])
        #expect(result[0].message == "SDL query 'peek: Answer' is not in the spec")
        #expect(result[0].location == nil)
        #expect(result[0].sdlLocation == OpenIAPSpec.SourceLocation(file: "upstream/type.graphql", line: 16, column: 3))
        #expect(result[1].message == "a mutation upstream, which belongs in 'mutations', but the spec has it in 'queries'")
        #expect(result[2].message == "mutation 'extra' is not in the SDL")
        #expect(result[2].location == at(50))
        #expect(result[3].upstreamReason == "Not upstream yet.")
    }

    @Test func reportsArgumentDifferences() throws {
        var ours = operations()
        var find = try #require(ours["find"])
        find.arguments = [
            field("props", .named("Props"), required: false, line: 21),                              // now optional
            field("kind", .scalar(.string), required: false, line: 22, defaultValue: .string("b")),   // type and default
            field("page", .scalar(.int), required: false, line: 23),                                 // extra; limit missing
        ]
        ours["find"] = find
        ours["save"]?.arguments[0].annotations.deprecated = "Pass nothing."
        let result = try operationDifferences(ours)
        #expect(summary(result) == [
            "nullability Query.find.props",
            "fieldType Query.find.kind",
            "defaultValue Query.find.kind",
            "missingArgument Query.find.limit",
            "extraArgument Query.find.page",
            "deprecation Mutation.save.props",
        ])
        #expect(result[0].message == "required upstream (Props!) but optional in the spec")
        #expect(result[0].location == at(21))
        #expect(result[3].message == "SDL argument 'limit: Int' is not in the spec")
        #expect(result[3].location == at(20))
        #expect(result[4].location == at(23))
    }

    @Test func reportsResultDifferences() throws {
        var ours = operations()
        ours["find"]?.result = result(.list(.named("Answer")), required: false, line: 24)
        ours["peek"]?.result = result(.named("Answer"), line: 26)
        ours["save"]?.result = result(.scalar(.int), line: 32)
        ours["saved"]?.result = result(.list(.named("Answer")), line: 42)
        let result = try operationDifferences(ours)
        #expect(summary(result) == [
            "resultNullability Query.find",
            "resultNullability Query.peek",
            "resultType Mutation.save",
            "resultType Subscription.saved",
        ])
        #expect(result[0].message == "the result is required upstream ([Answer!]!) but optional in the spec")
        #expect(result[0].location == at(24))
        #expect(result[1].message == "the result is optional upstream (Answer) but required in the spec")
        #expect(result[2].message == "SDL result type Boolean! does not match spec type Int: expected Bool")
        #expect(result[3].message == "SDL payload type Answer! does not match spec type Answer[]: a list in the spec, not a list upstream")
    }

    @Test func upstreamReasonsDeclareTheirDifferences() throws {
        var ours = operations()
        // The operation's reason covers its result and the arguments it leaves out.
        ours["find"]?.annotations.upstream = "Paged differently."
        ours["find"]?.arguments.removeLast()
        ours["find"]?.result = result(.list(.named("Answer")), required: false, line: 24)
        // An argument's reason covers the argument.
        ours["save"]?.arguments[0] = field("props", .named("Props"), required: false, line: 31, upstream: "May be left out.")
        ours["save"]?.arguments.append(field("dryRun", .scalar(.bool), required: false, line: 33, upstream: "Ours."))
        let result = try operationDifferences(ours)
        #expect(summary(result) == [
            "resultNullability Query.find (declared)",
            "missingArgument Query.find.limit (declared)",
            "nullability Mutation.save.props (declared)",
            "extraArgument Mutation.save.dryRun (declared)",
        ])
        #expect(result[0].upstreamReason == "Paged differently.")
        #expect(result[2].upstreamReason == "May be left out.")
        // An argument's own difference is not covered by the operation's reason.
        ours["save"]?.annotations.upstream = "Something else."
        ours["save"]?.arguments[0].annotations.upstream = nil
        #expect(summary(try operationDifferences(ours)).contains("nullability Mutation.save.props"))
    }
}
