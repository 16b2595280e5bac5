import Foundation
import OpenIAPSpec

// Reads the tokens of `SDLLexer` into the definitions of `SDLSchema`.

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
