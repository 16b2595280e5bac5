import OpenIAPSpec
import OpenIAPCodegen

/// The yardstick of what the generated Swift costs its users: the same spec
/// rendered the way a simple generator would, with none of the forward
/// compatibility. The benchmark compiles it beside `Generated/Swift` and
/// divides; it is never committed.
///
/// - records and inputs: `public struct` with `public var` fields and a
///   public memberwise `init` (optional parameters default to `nil`),
///   `Codable, Hashable, Sendable`, all synthesized; a `CodingKeys` enum only
///   when a wire name is not the property name;
/// - enums, open or closed: `String` enums with synthesized `Codable` (an
///   unknown value throws), no aliases;
/// - opaque strings: plain `String`;
/// - unions: an enum with one case per tag and the smallest hand-written
///   `Codable` that reads the tag and decodes the member from the same
///   object (synthesized `Codable` for an enum with payloads would use a
///   different wire form, nested under the case name); an unknown tag throws;
/// - shared field sets: left out (no protocols), and no docs, no
///   deprecations, no `validate()`;
/// - operations: what upstream's `Types.swift` declares for them, an
///   arguments struct per operation (as a record) and the protocols an SDK
///   conforms to (see `operations`); no JSON bridge.
///
/// Type, property and case names are the generated ones (`SwiftNames`), so
/// both sides spell the same identifiers.
enum BaselineSwift {
    static func render(_ spec: Spec) -> String {
        let indirect = Containment(spec).onCycle
        var out = "import Foundation\n"
        for type in spec.types {
            switch type {
            case let .record(record): out += self.record(record, spec: spec)
            case let .enumeration(e): out += enumeration(e)
            case let .union(union): out += self.union(union, indirect: indirect.contains(union.name))
            case let .alias(alias): out += "\npublic typealias \(alias.name) = \(alias.target)\n"
            case .opaqueString, .fieldSet: break
            }
        }
        return out + operations(spec)
    }

    static func record(_ record: RecordType, spec: Spec) -> String {
        let fields = record.fields.map { field in
            (
                property: SwiftNames.escaped(SwiftNames.name(field.name, in: .property)), wire: field.name,
                type: swiftType(field.type, spec: spec) + (field.isRequired ? "" : "?"), isRequired: field.isRequired
            )
        }
        var out = "\npublic struct \(record.name): Codable, Hashable, Sendable {\n"
        for field in fields { out += "    public var \(field.property): \(field.type)\n" }
        let parameters = fields.map { "\($0.property): \($0.type)\($0.isRequired ? "" : " = nil")" }
        out += "    public init(\(parameters.joined(separator: ", "))) {\n"
        for field in fields { out += "        self.\(field.property) = \(field.property)\n" }
        out += "    }\n"
        if fields.contains(where: { $0.property != $0.wire }) {
            out += "    private enum CodingKeys: String, CodingKey {\n"
            for field in fields { out += "        case \(field.property) = \(SwiftEscaping.stringLiteral(field.wire))\n" }
            out += "    }\n"
        }
        return out + "}\n"
    }

    /// The API as upstream's generated `Types.swift` declares it: a plain
    /// arguments struct per operation with arguments (`record`), and one
    /// protocol per platform with an `async throws` method per query and
    /// mutation and an `AsyncStream` per event, with the generated names and
    /// argument labels. No JSON bridge: upstream has none (SDKs write theirs
    /// by hand), so `OpenIAPDispatcher` has no counterpart here; it is its
    /// own library, `OpenIAPBridge`, measured beside the ratios.
    static func operations(_ spec: Spec) -> String {
        var out = ""
        for operation in spec.operations {
            if let arguments = operation.argumentsRecord { out += record(arguments, spec: spec) }
        }
        let ordered = spec.operations.filter { $0.kind != .event } + spec.events
        // The generated protocols' names (`SwiftOperations.protocolName`).
        let protocols: [(OperationPlatform, String, String)] = [
            (.common, "OpenIAPCommonOperations", "Sendable"),
            (.ios, "OpenIAPAppleOperations", "OpenIAPCommonOperations"),
            (.android, "OpenIAPAndroidOperations", "OpenIAPCommonOperations"),
        ]
        for (platform, name, inherits) in protocols {
            out += "\npublic protocol \(name): \(inherits) {\n"
            for operation in ordered where operation.platform == platform {
                let parameters = operation.arguments.map { argument in
                    let property = SwiftNames.name(argument.name, in: .property)
                    let label = SwiftNames.escaped(property)
                    let parameter = SwiftNames.parameterInternalName(property).map { "\(label) \($0)" } ?? label
                    return "\(parameter): \(swiftType(argument.type, spec: spec))\(argument.isRequired ? "" : "?")"
                }.joined(separator: ", ")
                guard let type = operation.result.type else {
                    out += "    func \(operation.name)(\(parameters)) async throws\n"
                    continue
                }
                let result = swiftType(type, spec: spec)
                out +=
                    operation.kind == .event
                    ? "    func \(operation.name)(\(parameters)) async -> AsyncStream<\(result)>\n"
                    : "    func \(operation.name)(\(parameters)) async throws -> \(result)\(operation.result.isRequired ? "" : "?")\n"
            }
            out += "}\n"
        }
        return out
    }

    static func enumeration(_ type: EnumType) -> String {
        var out = "\npublic enum \(type.name): String, Codable, Hashable, Sendable {\n"
        for value in type.values {
            let name = SwiftNames.escaped(SwiftNames.name(value.wire, in: .closedEnumCase))
            out += "    case \(name) = \(SwiftEscaping.stringLiteral(value.wire))\n"
        }
        return out + "}\n"
    }

    static func union(_ union: UnionType, indirect: Bool) -> String {
        let cases = union.members.map { (name: SwiftNames.escaped(SwiftNames.name($0.tag, in: .unionCase)), member: $0) }
        var out = "\npublic \(indirect ? "indirect " : "")enum \(union.name): Codable, Hashable, Sendable {\n"
        for (name, member) in cases { out += "    case \(name)(\(member.typeName))\n" }
        out += """
                private enum CodingKeys: String, CodingKey {
                    case tag = \(SwiftEscaping.stringLiteral(union.discriminator))
                }
                public init(from decoder: any Decoder) throws {
                    let tag = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .tag)
                    switch tag {

            """
        for (name, member) in cases {
            out += "        case \(SwiftEscaping.stringLiteral(member.tag)): self = .\(name)(try \(member.typeName)(from: decoder))\n"
        }
        out += """
                    default:
                        throw DecodingError.dataCorrupted(
                            DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "unknown tag \\(tag)"))
                    }
                }
                public func encode(to encoder: any Encoder) throws {
                    switch self {

            """
        for (name, _) in cases { out += "        case let .\(name)(value): try value.encode(to: encoder)\n" }
        return out + "        }\n    }\n}\n"
    }

    /// Timestamps are `Double`, as in the generated code; opaque strings are
    /// plain `String`.
    static func swiftType(_ type: TypeRef, spec: Spec) -> String {
        switch type {
        case .scalar(.string): "String"
        case .scalar(.bool): "Bool"
        case .scalar(.int): "Int"
        case .scalar(.double), .scalar(.timestamp): "Double"
        case let .named(name): if case .opaqueString? = spec[name] { "String" } else { name }
        case let .list(element): "[\(swiftType(element, spec: spec))]"
        case let .map(value): "[String: \(swiftType(value, spec: spec))]"
        }
    }
}
