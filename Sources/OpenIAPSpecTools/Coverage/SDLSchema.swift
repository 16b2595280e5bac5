import Foundation
import OpenIAPSpec

// A reader for the part of GraphQL SDL that the upstream OpenIAP type system
// uses: object, input, interface, enum, union and scalar definitions (and
// `extend` forms of them), `schema {}` blocks and directive definitions. It
// keeps what the coverage check compares (names, kinds, field types with `!`
// and lists, field arguments, defaults, `implements`, union members,
// deprecation) and throws away prose: descriptions, comments and the
// arguments of directives.

/// A GraphQL type reference such as `[String!]!`.
public indirect enum SDLTypeRef: Hashable, Sendable, CustomStringConvertible {
    case named(String)
    case list(SDLTypeRef)
    case nonNull(SDLTypeRef)

    public var description: String {
        switch self {
        case let .named(name): name
        case let .list(inner): "[\(inner)]"
        case let .nonNull(inner): "\(inner)!"
        }
    }

    public var isNonNull: Bool {
        if case .nonNull = self { return true }
        return false
    }

    /// The same reference without an outer `!`.
    public var nullable: SDLTypeRef {
        if case let .nonNull(inner) = self { return inner }
        return self
    }
}

/// A literal in SDL, as used by default values and directive arguments.
public indirect enum SDLValue: Hashable, Sendable, CustomStringConvertible {
    case int(Int64)
    case float(Double)
    case string(String)
    case bool(Bool)
    case null
    /// An enum value name, exactly as written (`BILLING_CHOICE`, `InApp`).
    case enumValue(String)
    case list([SDLValue])
    case object([SDLObjectField])

    public var description: String {
        switch self {
        case let .int(value): String(value)
        case let .float(value): String(value)
        case let .string(value): "\"\(value)\""
        case let .bool(value): String(value)
        case .null: "null"
        case let .enumValue(name): name
        case let .list(items): "[" + items.map(\.description).joined(separator: ", ") + "]"
        case let .object(fields): "{" + fields.map { "\($0.name): \($0.value)" }.joined(separator: ", ") + "}"
        }
    }
}

public struct SDLObjectField: Hashable, Sendable {
    public var name: String
    public var value: SDLValue

    public init(name: String, value: SDLValue) {
        self.name = name
        self.value = value
    }
}

/// A field of an object type or interface, an input field, or an argument.
public struct SDLField: Sendable {
    public var name: String
    public var type: SDLTypeRef
    public var defaultValue: SDLValue?
    public var isDeprecated: Bool
    /// The arguments of a field of an object type or interface, in order:
    /// for a field of a root operation type, the operation's arguments.
    public var arguments: [SDLField]
    public var location: SourceLocation

    public init(name: String, type: SDLTypeRef, defaultValue: SDLValue? = nil, isDeprecated: Bool = false,
                arguments: [SDLField] = [], location: SourceLocation) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.isDeprecated = isDeprecated
        self.arguments = arguments
        self.location = location
    }

    public func argument(_ name: String) -> SDLField? { arguments.first { $0.name == name } }
}

public struct SDLEnumValue: Sendable {
    /// The value as written in the SDL (`PENDING_ACKNOWLEDGMENT`, `InApp`).
    public var name: String
    public var isDeprecated: Bool
    public var location: SourceLocation

    public init(name: String, isDeprecated: Bool = false, location: SourceLocation) {
        self.name = name
        self.isDeprecated = isDeprecated
        self.location = location
    }
}

public enum SDLTypeKind: String, Sendable {
    case object = "type"
    case input
    case interface
    case enumeration = "enum"
    case union
    case scalar
}

/// One named type, with every `extend` block for it merged in.
public struct SDLTypeDefinition: Sendable {
    public var name: String
    public var kind: SDLTypeKind
    /// Fields of objects and interfaces, input fields of inputs.
    public var fields: [SDLField]
    /// The interfaces named after `implements`.
    public var interfaces: [String]
    public var enumValues: [SDLEnumValue]
    public var unionMembers: [String]
    /// Marked with `@deprecated` or upstream's `@openiapDeprecated`.
    public var isDeprecated: Bool
    public var location: SourceLocation

    public init(name: String, kind: SDLTypeKind, fields: [SDLField] = [], interfaces: [String] = [],
                enumValues: [SDLEnumValue] = [], unionMembers: [String] = [], isDeprecated: Bool = false,
                location: SourceLocation) {
        self.name = name
        self.kind = kind
        self.fields = fields
        self.interfaces = interfaces
        self.enumValues = enumValues
        self.unionMembers = unionMembers
        self.isDeprecated = isDeprecated
        self.location = location
    }

    public func field(_ name: String) -> SDLField? { fields.first { $0.name == name } }
}

/// Every type of one or more SDL sources, in the order they were first seen.
public struct SDLSchema: Sendable {
    public private(set) var types: [SDLTypeDefinition] = []
    /// The root operation type names: `Query`, `Mutation` and `Subscription`,
    /// plus any others a `schema {}` block names.
    public private(set) var rootOperationTypes: Set<String> = ["Query", "Mutation", "Subscription"]
    /// The root type of each operation keyword (`query`, `mutation`,
    /// `subscription`): the GraphQL default names unless a `schema {}` block
    /// names others.
    public private(set) var rootTypeNames: [String: String] = [
        "query": "Query", "mutation": "Mutation", "subscription": "Subscription",
    ]
    private var index: [String: Int] = [:]
    /// `extend` blocks seen before the type itself; merged when it appears.
    private var pendingExtensions: [String: [SDLTypeDefinition]] = [:]

    public init() {}

    /// Reads one source. Problems are reported as `file:line:column` errors.
    public static func parse(_ source: String, file: String) throws(DiagnosticError) -> SDLSchema {
        var schema = SDLSchema()
        try schema.add(source, file: file)
        schema.adoptOrphanExtensions()
        return schema
    }

    /// Reads every `*.graphql` file of a directory, in file name order.
    public static func load(directory: String) throws(DiagnosticError) -> SDLSchema {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
                .filter { $0.hasSuffix(".graphql") }
                .sorted()
        } catch {
            throw DiagnosticError(.error("cannot read SDL directory '\(directory)': \(error.localizedDescription)", at: nil))
        }
        var schema = SDLSchema()
        var diagnostics = Diagnostics()
        for name in names {
            let path = (directory as NSString).appendingPathComponent(name)
            guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
                diagnostics.error("cannot read '\(path)' as UTF-8", at: nil)
                continue
            }
            do throws(DiagnosticError) {
                try schema.add(text, file: path)
            } catch {
                diagnostics.append(contentsOf: error.diagnostics)
            }
        }
        try diagnostics.check()
        schema.adoptOrphanExtensions()
        return schema
    }

    public subscript(name: String) -> SDLTypeDefinition? {
        index[name].map { types[$0] }
    }

    /// Adds the definitions of one more source.
    public mutating func add(_ source: String, file: String) throws(DiagnosticError) {
        var parser = SDLParser(tokens: try SDLLexer.tokenize(source, file: file))
        let document = try parser.parseDocument()
        var diagnostics = Diagnostics()
        for definition in document.definitions {
            if definition.isExtension {
                extend(with: definition.type)
            } else if let existing = index[definition.type.name] {
                diagnostics.error("type '\(definition.type.name)' is defined twice", at: definition.type.location,
                                  notes: [.note("first defined here", at: types[existing].location)])
            } else {
                index[definition.type.name] = types.count
                types.append(definition.type)
                for pending in pendingExtensions.removeValue(forKey: definition.type.name) ?? [] {
                    extend(with: pending)
                }
            }
        }
        rootOperationTypes.formUnion(document.rootOperationTypes)
        rootTypeNames.merge(document.rootTypeNames) { _, named in named }
        try diagnostics.check()
    }

    private mutating func extend(with addition: SDLTypeDefinition) {
        guard let position = index[addition.name] else {
            pendingExtensions[addition.name, default: []].append(addition)
            return
        }
        types[position].fields += addition.fields
        types[position].interfaces += addition.interfaces
        types[position].enumValues += addition.enumValues
        types[position].unionMembers += addition.unionMembers
        types[position].isDeprecated = types[position].isDeprecated || addition.isDeprecated
    }

    /// Types that were only ever extended, never defined, count as defined by
    /// their first extension. Call once all sources were added.
    public mutating func adoptOrphanExtensions() {
        for name in pendingExtensions.keys.sorted() {
            guard var extensions = pendingExtensions.removeValue(forKey: name), !extensions.isEmpty else { continue }
            let first = extensions.removeFirst()
            index[name] = types.count
            types.append(first)
            for more in extensions { extend(with: more) }
        }
    }
}
