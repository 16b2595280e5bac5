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

// MARK: - Lexer

struct SDLToken: Sendable {
    enum Kind: Equatable, Sendable {
        case name(String)
        case punctuator(String)
        case string(String)
        case int(Int64)
        case float(Double)
        case end
    }

    var kind: Kind
    var location: SourceLocation
    /// True for a string that stands as a description (the parser skips those).
    var isString: Bool {
        if case .string = kind { return true }
        return false
    }
}

enum SDLLexer {
    static func tokenize(_ source: String, file: String) throws(DiagnosticError) -> [SDLToken] {
        let scalars = Array(source.unicodeScalars)
        var tokens: [SDLToken] = []
        var i = 0
        var line = 1
        var lineStart = 0

        func location(_ at: Int) -> SourceLocation {
            SourceLocation(file: file, line: line, column: at - lineStart + 1)
        }
        func isNameStart(_ c: Unicode.Scalar) -> Bool {
            c == "_" || ("a"..."z").contains(c) || ("A"..."Z").contains(c)
        }
        func isDigit(_ c: Unicode.Scalar) -> Bool { ("0"..."9").contains(c) }
        func peek(_ offset: Int) -> Unicode.Scalar? {
            i + offset < scalars.count ? scalars[i + offset] : nil
        }
        // Moves past a line break at `i` and starts a new line.
        func newLine() {
            if scalars[i] == "\r", peek(1) == "\n" { i += 1 }
            i += 1
            line += 1
            lineStart = i
        }

        while i < scalars.count {
            let c = scalars[i]
            switch c {
            case "\u{FEFF}", " ", "\t", ",":
                i += 1
            case "\n", "\r":
                newLine()
            case "#":
                while i < scalars.count, scalars[i] != "\n", scalars[i] != "\r" { i += 1 }
            case "!", "$", "&", "(", ")", ":", "=", "@", "[", "]", "{", "|", "}":
                tokens.append(SDLToken(kind: .punctuator(String(c)), location: location(i)))
                i += 1
            case ".":
                guard peek(1) == ".", peek(2) == "." else {
                    throw DiagnosticError(.error("unexpected '.'", at: location(i)))
                }
                tokens.append(SDLToken(kind: .punctuator("..."), location: location(i)))
                i += 3
            case "\"":
                let start = location(i)
                if peek(1) == "\"", peek(2) == "\"" {
                    // Block string: raw text up to the closing triple quote.
                    i += 3
                    var text = String.UnicodeScalarView()
                    while true {
                        guard i < scalars.count else {
                            throw DiagnosticError(.error("unterminated block string", at: start))
                        }
                        if scalars[i] == "\"", peek(1) == "\"", peek(2) == "\"" {
                            i += 3
                            break
                        }
                        if scalars[i] == "\\", peek(1) == "\"", peek(2) == "\"", peek(3) == "\"" {
                            text.append(contentsOf: "\"\"\"".unicodeScalars)
                            i += 4
                            continue
                        }
                        if scalars[i] == "\n" || scalars[i] == "\r" {
                            text.append("\n")
                            newLine()
                            continue
                        }
                        text.append(scalars[i])
                        i += 1
                    }
                    tokens.append(SDLToken(kind: .string(String(text)), location: start))
                } else {
                    i += 1
                    var text = String.UnicodeScalarView()
                    while true {
                        guard i < scalars.count, scalars[i] != "\n", scalars[i] != "\r" else {
                            throw DiagnosticError(.error("unterminated string", at: start))
                        }
                        let s = scalars[i]
                        if s == "\"" {
                            i += 1
                            break
                        }
                        if s == "\\", let next = peek(1) {
                            i += 2
                            switch next {
                            case "n": text.append("\n")
                            case "t": text.append("\t")
                            case "r": text.append("\r")
                            case "b": text.append("\u{8}")
                            case "f": text.append("\u{C}")
                            case "u":
                                let hex = String(String.UnicodeScalarView(scalars[min(i, scalars.count)..<min(i + 4, scalars.count)]))
                                guard hex.count == 4, let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) else {
                                    throw DiagnosticError(.error("invalid unicode escape", at: location(i - 2)))
                                }
                                text.append(scalar)
                                i += 4
                            default: text.append(next)
                            }
                            continue
                        }
                        text.append(s)
                        i += 1
                    }
                    tokens.append(SDLToken(kind: .string(String(text)), location: start))
                }
            case "-", "0"..."9":
                let start = i
                if c == "-" { i += 1 }
                var isFloat = false
                while let d = peek(0), isDigit(d) { i += 1 }
                if peek(0) == ".", let d = peek(1), isDigit(d) {
                    isFloat = true
                    i += 1
                    while let d = peek(0), isDigit(d) { i += 1 }
                }
                if let e = peek(0), e == "e" || e == "E" {
                    isFloat = true
                    i += 1
                    if let sign = peek(0), sign == "+" || sign == "-" { i += 1 }
                    while let d = peek(0), isDigit(d) { i += 1 }
                }
                let text = String(String.UnicodeScalarView(scalars[start..<i]))
                if isFloat, let value = Double(text) {
                    tokens.append(SDLToken(kind: .float(value), location: location(start)))
                } else if !isFloat, let value = Int64(text) {
                    tokens.append(SDLToken(kind: .int(value), location: location(start)))
                } else {
                    throw DiagnosticError(.error("invalid number '\(text)'", at: location(start)))
                }
            default:
                guard isNameStart(c) else {
                    throw DiagnosticError(.error("unexpected character '\(c)'", at: location(i)))
                }
                let start = i
                while let n = peek(0), isNameStart(n) || isDigit(n) { i += 1 }
                tokens.append(SDLToken(kind: .name(String(String.UnicodeScalarView(scalars[start..<i]))),
                                       location: location(start)))
            }
        }
        tokens.append(SDLToken(kind: .end, location: location(i)))
        return tokens
    }
}

// MARK: - Parser

struct SDLDocument {
    struct Definition {
        var type: SDLTypeDefinition
        var isExtension: Bool
    }

    var definitions: [Definition] = []
    var rootOperationTypes: Set<String> = []
    /// What `schema {}` blocks name, by operation keyword.
    var rootTypeNames: [String: String] = [:]
}

struct SDLParser {
    private let tokens: [SDLToken]
    private var position = 0

    init(tokens: [SDLToken]) {
        self.tokens = tokens
    }

    private var current: SDLToken { tokens[position] }

    private mutating func advance() -> SDLToken {
        let token = tokens[position]
        if position < tokens.count - 1 { position += 1 }
        return token
    }

    private func isPunctuator(_ p: String) -> Bool { current.kind == .punctuator(p) }

    private func isName(_ n: String) -> Bool { current.kind == .name(n) }

    private mutating func skip(_ p: String) -> Bool {
        guard isPunctuator(p) else { return false }
        _ = advance()
        return true
    }

    private func describe(_ token: SDLToken) -> String {
        switch token.kind {
        case let .name(n): "'\(n)'"
        case let .punctuator(p): "'\(p)'"
        case .string: "a string"
        case let .int(v): "'\(v)'"
        case let .float(v): "'\(v)'"
        case .end: "the end of the file"
        }
    }

    private func failure(_ expected: String) -> DiagnosticError {
        DiagnosticError(.error("expected \(expected), found \(describe(current))", at: current.location))
    }

    private mutating func expect(_ p: String) throws(DiagnosticError) {
        guard skip(p) else { throw failure("'\(p)'") }
    }

    private mutating func expectName() throws(DiagnosticError) -> (String, SourceLocation) {
        guard case let .name(name) = current.kind else { throw failure("a name") }
        let location = advance().location
        return (name, location)
    }

    private mutating func skipDescription() {
        if current.isString { _ = advance() }
    }

    mutating func parseDocument() throws(DiagnosticError) -> SDLDocument {
        var document = SDLDocument()
        while current.kind != .end {
            skipDescription()
            let isExtension = isName("extend")
            if isExtension { _ = advance() }
            guard case let .name(keyword) = current.kind else { throw failure("a definition") }
            switch keyword {
            case "schema":
                _ = advance()
                try skipDirectives()
                if skip("{") {
                    while !skip("}") {
                        let operation = try expectName().0
                        try expect(":")
                        let type = try expectName().0
                        document.rootOperationTypes.insert(type)
                        document.rootTypeNames[operation] = type
                    }
                }
            case "directive":
                _ = advance()
                try expect("@")
                _ = try expectName()
                if isPunctuator("(") { _ = try parseInputValues(open: "(", close: ")") }
                if isName("repeatable") { _ = advance() }
                guard isName("on") else { throw failure("'on'") }
                _ = advance()
                _ = skip("|")
                _ = try expectName()
                while skip("|") { _ = try expectName() }
            case "type", "interface", "input", "enum", "union", "scalar":
                let keywordLocation = advance().location
                let (name, _) = try expectName()
                var definition = SDLTypeDefinition(name: name, kind: SDLTypeKind(rawValue: keyword)!, location: keywordLocation)
                switch definition.kind {
                case .object, .interface:
                    definition.interfaces = try parseImplements()
                    definition.isDeprecated = try parseDirectives()
                    if isPunctuator("{") { definition.fields = try parseFields() }
                case .input:
                    definition.isDeprecated = try parseDirectives()
                    if isPunctuator("{") { definition.fields = try parseInputValues(open: "{", close: "}") }
                case .enumeration:
                    definition.isDeprecated = try parseDirectives()
                    if skip("{") {
                        while !skip("}") {
                            skipDescription()
                            let (value, location) = try expectName()
                            let deprecated = try parseDirectives()
                            definition.enumValues.append(SDLEnumValue(name: value, isDeprecated: deprecated, location: location))
                        }
                    }
                case .union:
                    definition.isDeprecated = try parseDirectives()
                    if skip("=") {
                        _ = skip("|")
                        definition.unionMembers.append(try expectName().0)
                        while skip("|") { definition.unionMembers.append(try expectName().0) }
                    }
                case .scalar:
                    definition.isDeprecated = try parseDirectives()
                }
                document.definitions.append(.init(type: definition, isExtension: isExtension))
            default:
                throw failure("a definition")
            }
        }
        return document
    }

    private mutating func parseImplements() throws(DiagnosticError) -> [String] {
        guard isName("implements") else { return [] }
        _ = advance()
        _ = skip("&")
        var names = [try expectName().0]
        while skip("&") { names.append(try expectName().0) }
        return names
    }

    /// Skips directives and tells whether one of them deprecates the element.
    private mutating func parseDirectives() throws(DiagnosticError) -> Bool {
        var deprecated = false
        while skip("@") {
            let (name, _) = try expectName()
            if name == "deprecated" || name == "openiapDeprecated" { deprecated = true }
            if skip("(") {
                while !skip(")") {
                    _ = try expectName()
                    try expect(":")
                    _ = try parseValue()
                }
            }
        }
        return deprecated
    }

    private mutating func skipDirectives() throws(DiagnosticError) {
        _ = try parseDirectives()
    }

    private mutating func parseFields() throws(DiagnosticError) -> [SDLField] {
        try expect("{")
        var fields: [SDLField] = []
        while !skip("}") {
            skipDescription()
            let (name, location) = try expectName()
            let arguments = isPunctuator("(") ? try parseInputValues(open: "(", close: ")") : []
            try expect(":")
            let type = try parseType()
            let deprecated = try parseDirectives()
            fields.append(SDLField(name: name, type: type, isDeprecated: deprecated, arguments: arguments, location: location))
        }
        return fields
    }

    /// Input fields (`{ ... }`) or arguments (`( ... )`).
    private mutating func parseInputValues(open: String, close: String) throws(DiagnosticError) -> [SDLField] {
        try expect(open)
        var values: [SDLField] = []
        while !skip(close) {
            skipDescription()
            let (name, location) = try expectName()
            try expect(":")
            let type = try parseType()
            let defaultValue = skip("=") ? try parseValue() : nil
            let deprecated = try parseDirectives()
            values.append(SDLField(name: name, type: type, defaultValue: defaultValue, isDeprecated: deprecated,
                                   location: location))
        }
        return values
    }

    private mutating func parseType() throws(DiagnosticError) -> SDLTypeRef {
        var type: SDLTypeRef
        if skip("[") {
            type = .list(try parseType())
            try expect("]")
        } else {
            type = .named(try expectName().0)
        }
        if skip("!") { type = .nonNull(type) }
        return type
    }

    private mutating func parseValue() throws(DiagnosticError) -> SDLValue {
        let token = current
        switch token.kind {
        case let .int(value):
            _ = advance()
            return .int(value)
        case let .float(value):
            _ = advance()
            return .float(value)
        case let .string(value):
            _ = advance()
            return .string(value)
        case let .name(name):
            _ = advance()
            switch name {
            case "true": return .bool(true)
            case "false": return .bool(false)
            case "null": return .null
            default: return .enumValue(name)
            }
        case .punctuator("["):
            _ = advance()
            var items: [SDLValue] = []
            while !skip("]") { items.append(try parseValue()) }
            return .list(items)
        case .punctuator("{"):
            _ = advance()
            var fields: [SDLObjectField] = []
            while !skip("}") {
                let (name, _) = try expectName()
                try expect(":")
                fields.append(SDLObjectField(name: name, value: try parseValue()))
            }
            return .object(fields)
        default:
            throw failure("a value")
        }
    }
}
