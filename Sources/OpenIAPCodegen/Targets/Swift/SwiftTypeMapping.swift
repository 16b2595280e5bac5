import OpenIAPSpec

/// Spec types → Swift type names, in one place.
package enum SwiftTypeMapping {
    package static func swiftType(_ type: TypeRef) -> String {
        switch type {
        case .scalar(.string): "String"
        case .scalar(.bool): "Bool"
        case .scalar(.int): "Int"
        case .scalar(.double): "Double"
        // Epoch milliseconds: a Double keeps every value a JSON number can carry
        // without rounding below 2^53, and encodes integral values without `.0`.
        case .scalar(.timestamp): "Double"
        case let .named(name): name
        case let .list(element): "[\(swiftType(element))]"
        case let .map(value): "[String: \(swiftType(value))]"
        }
    }

    static func swiftType(of field: Field) -> String {
        swiftType(field.type, isRequired: field.isRequired)
    }

    /// The type of a field's property: optional unless required.
    static func swiftType(_ type: TypeRef, isRequired: Bool) -> String {
        isRequired ? swiftType(type) : "\(swiftType(type))?"
    }

    /// What a query or mutation returns: its result type, optional unless
    /// required; nil when it answers nothing (`Void`).
    static func resultType(of operation: APIOperation) -> String? {
        operation.result.type.map { swiftType($0, isRequired: operation.result.isRequired) }
    }

    /// How a method declares its parameter for `argument`, whose Swift
    /// property name is `property`: `label: Type`, or `_ name: Type` for a
    /// positional argument, which callers pass without a label.
    static func parameter(_ argument: Field, property: String) -> String {
        let internalName = SwiftNames.parameterInternalName(property)
        let declared: String
        if argument.isPositional {
            declared = "_ " + (internalName ?? SwiftNames.escaped(property))
        } else {
            let label = SwiftNames.escaped(property)
            declared = internalName.map { "\(label) \($0)" } ?? label
        }
        return "\(declared): \(swiftType(of: argument))"
    }

    /// How a call passes `value` for `argument`: `label: value`, or the
    /// value alone for a positional argument.
    static func callArgument(_ argument: Field, property: String, value: String) -> String {
        argument.isPositional ? value : "\(SwiftNames.callLabel(property)): \(value)"
    }

    /// A Swift literal for a spec default, typed by the field.
    static func literal(_ value: DefaultValue, type: TypeRef, spec: Spec) -> String {
        switch value {
        case let .bool(b): return b ? "true" : "false"
        case let .int(i): return String(i)
        case let .double(d):
            return d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) + ".0" : "\(d)"
        case let .string(s):
            if case let .named(name) = type, case .opaqueString? = spec[name] {
                return "\(name)(rawValue: \(SwiftEscaping.stringLiteral(s)))"
            }
            return SwiftEscaping.stringLiteral(s)
        case let .enumValue(wire):
            // Qualified: `.none` or `.some` would otherwise name Optional's cases.
            guard case let .named(name) = type, case let .enumeration(e)? = spec[name] else {
                return "." + SwiftNames.escaped(SwiftNames.name(wire, in: .openEnumCase))
            }
            return name + "." + SwiftNames.escaped(SwiftNames.name(wire, in: e.isClosed ? .closedEnumCase : .openEnumCase))
        case let .list(items):
            let element: TypeRef = if case let .list(e) = type { e } else { type }
            return "[" + items.map { literal($0, type: element, spec: spec) }.joined(separator: ", ") + "]"
        }
    }
}
