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
        case let .list(.scalar(scalar)): return scalarListTypes[position(of: scalar)]
        case let .map(.scalar(scalar)): return scalarMapTypes[position(of: scalar)]
        default: return kotlinType(type) + "?"
        }
    }

    /// The optional types of lists and maps of scalars (`List<String>?`,
    /// `Map<String, String>?`), by scalar, made once: the usual such
    /// field took three concatenations, and a map's type an allocation.
    private static let scalarListTypes = scalars.map { kotlinType(.list(.scalar($0))) + "?" }
    private static let scalarMapTypes = scalars.map { kotlinType(.map(.scalar($0))) + "?" }
    /// Every scalar, in the order of `position(of:)`: tables made once per
    /// scalar (here and in the view model's shared decode objects) are
    /// indexed by it.
    static let scalars: [Scalar] = [.string, .bool, .int, .double, .timestamp]

    static func position(of scalar: Scalar) -> Int {
        switch scalar {
        case .string: 0
        case .bool: 1
        case .int: 2
        case .double: 3
        case .timestamp: 4
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
