import OpenIAPSpec
import OpenIAPTemplates

/// How a field and a value of any type are read from and written to the
/// neutral JSON tree (`OpenIAPDecode`, `toJsonValue`).
extension KotlinViewModel {
    /// The value a constructor argument gets: the field read from the
    /// object `o` at `path`, its value handed to a lambda as `v0` with its
    /// path `p0`.
    /// A field with decode-only aliases is read under the first of its
    /// names the object holds (`OpenIAPDecode.firstPresentKey`).
    func decodeField(_ field: Field, key: String) -> String {
        let read: StaticString = field.isRequired ? "required" : field.degrades ? "degrading" : "optional"
        let value = decodeValue(field.type, depth: 0)
        var key = key
        if !field.aliases.isEmpty {
            let names = ([field.name] + field.aliases).map(KotlinNames.stringLiteral).joined(separator: ", ")
            key = "OpenIAPDecode.firstPresentKey(o, \(names))"
        }
        if !field.isRequired, case let .named(name) = field.type, kinds[name] == .emptyIsAbsentString {
            return "OpenIAPDecode.\(read)(o, \(key), path) { v0, p0 -> \(value) }?.takeIf { e0 -> e0.rawValue.isNotEmpty() }"
        }
        return "OpenIAPDecode.\(read)(o, \(key), path) { v0, p0 -> \(value) }"
    }

    /// Reads the value `v<depth>` at path `p<depth>` as `type`; a spec type
    /// that a class in `nested` would hide is named with its package.
    func decodeValue(_ type: TypeRef, depth: Int, nested: Set<String> = []) -> String {
        if depth == 0, case let .scalar(scalar) = type { return Self.scalarDecoders[scalar]! }
        switch type {
        case .scalar(.string): return "OpenIAPDecode.string(v\(depth), p\(depth))"
        case .scalar(.bool): return "OpenIAPDecode.bool(v\(depth), p\(depth))"
        case .scalar(.int): return "OpenIAPDecode.long(v\(depth), p\(depth))"
        case .scalar(.double), .scalar(.timestamp): return "OpenIAPDecode.double(v\(depth), p\(depth))"
        case let .named(name):
            let reader = nested.isEmpty ? companion(name) : typeReference(aliasTargets[name] ?? name, nested: nested)
            return "\(reader).fromJsonValue(v\(depth), p\(depth))"
        case let .list(element), let .map(element):
            let helper: StaticString = if case .list = type { "list" } else { "map" }
            let next = depth + 1
            let inner = decodeValue(element, depth: next, nested: nested)
            return "OpenIAPDecode.\(helper)(v\(depth), p\(depth)) { v\(next), p\(next) -> \(inner) }"
        }
    }

    /// `decodeValue` of each scalar at depth 0, made once.
    static let scalarDecoders: [Scalar: String] = [
        .string: "OpenIAPDecode.string(v0, p0)", .bool: "OpenIAPDecode.bool(v0, p0)", .int: "OpenIAPDecode.long(v0, p0)",
        .double: "OpenIAPDecode.double(v0, p0)", .timestamp: "OpenIAPDecode.double(v0, p0)",
    ]

    /// Puts the field into the object `json`; an optional field only when
    /// it is not null.
    func encodeField(_ field: Field, access: String, key: String) -> String {
        if field.isRequired { return "json[\(key)] = \(encodeValue(field.type, access, depth: 1))" }
        return "\(access)?.let { v0 -> json[\(key)] = \(encodeValue(field.type, "v0", depth: 1)) }"
    }

    /// `value` of `type` as a neutral JSON value; elements of lists and maps
    /// are `e<depth>`.
    func encodeValue(_ type: TypeRef, _ value: String, depth: Int) -> String {
        switch type {
        case .scalar: return value
        case let .named(name):
            return kinds[name] == .object ? "\(value).toJson()" : "\(value).rawValue"
        case let .list(element):
            let element = encodeValue(element, "e\(depth)", depth: depth + 1)
            return element == "e\(depth)" ? value : "\(value).map { e\(depth) -> \(element) }"
        case let .map(element):
            let element = encodeValue(element, "e\(depth).value", depth: depth + 1)
            return element == "e\(depth).value" ? value : "\(value).mapValues { e\(depth) -> \(element) }"
        }
    }
}
