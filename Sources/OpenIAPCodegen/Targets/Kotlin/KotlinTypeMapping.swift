import OpenIAPSpec

/// Spec types → Kotlin type names and literals, in one place.
enum KotlinTypeMapping {
    static func kotlinType(_ type: TypeRef) -> String {
        switch type {
        case .scalar(.string): "String"
        case .scalar(.bool): "Boolean"
        // The spec's Int is 64 bits wide: Kotlin's Int would truncate.
        case .scalar(.int): "Long"
        // Epoch milliseconds, as in Swift: every JSON number up to 2^53 exactly.
        case .scalar(.double), .scalar(.timestamp): "Double"
        case let .named(name): KotlinNames.typeName(name)
        case let .list(element): "List<" + kotlinType(element) + ">"
        case let .map(value): "Map<String, " + kotlinType(value) + ">"
        }
    }

    /// The type of a field's property: nullable unless required.
    static func kotlinType(_ type: TypeRef, isRequired: Bool) -> String {
        if isRequired { return kotlinType(type) }
        // Most optional fields are scalars: their names as they are, where
        // appending `?` cost a concatenation per field.
        switch type {
        case .scalar(.string): return "String?"
        case .scalar(.bool): return "Boolean?"
        case .scalar(.int): return "Long?"
        case .scalar(.double), .scalar(.timestamp): return "Double?"
        default: return kotlinType(type) + "?"
        }
    }

    /// A Kotlin expression for a spec default, typed by the field.
    static func literal(_ value: DefaultValue, type: TypeRef, spec: Spec) -> String {
        switch value {
        case let .bool(b):
            return b ? "true" : "false"
        case let .int(i):
            if case .scalar(let scalar) = type, scalar == .double || scalar == .timestamp { return String(i) + ".0" }
            // `-9223372036854775808L` is not a Kotlin literal: the digits
            // alone overflow before the minus applies.
            return i == .min ? "Long.MIN_VALUE" : String(i) + "L"
        case let .double(d):
            if d.isNaN { return "Double.NaN" }
            if d.isInfinite { return d < 0 ? "Double.NEGATIVE_INFINITY" : "Double.POSITIVE_INFINITY" }
            return d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) + ".0" : "\(d)"
        case let .string(s):
            if case let .named(name) = type, case .opaqueString? = spec[name] {
                return KotlinNames.typeName(name) + "(" + KotlinNames.stringLiteral(s) + ")"
            }
            return KotlinNames.stringLiteral(s)
        case let .enumValue(wire):
            guard case let .named(name) = type, case let .enumeration(e)? = spec[name] else {
                return KotlinNames.stringLiteral(wire)
            }
            let place: KotlinNames.Place = e.isClosed ? .enumEntry : .enumObject
            return KotlinNames.typeName(name) + "." + KotlinNames.escaped(KotlinNames.name(wire, in: place, owner: name))
        case let .list(items):
            let element: TypeRef = if case let .list(e) = type { e } else { type }
            return "listOf(" + items.map { literal($0, type: element, spec: spec) }.joined(separator: ", ") + ")"
        }
    }
}
