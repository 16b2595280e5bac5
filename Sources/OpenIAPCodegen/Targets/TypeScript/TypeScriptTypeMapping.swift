import OpenIAPSpec

/// The one place that decides how a spec type expression is written in
/// TypeScript.
///
/// | spec        | TypeScript                  |
/// |-------------|-----------------------------|
/// | `String`    | `string`                    |
/// | `Bool`      | `boolean`                   |
/// | `Int`, `Double`, `Timestamp` | `number`   |
/// | `Name`      | `Name`                      |
/// | `T[]`       | `T[]`, `(A | B)[]` for unions |
/// | `map<T>`    | `{ [key: string]: T }`      |
/// | `T?`        | `T | null` on an optional (`?:`) property |
///
/// Maps use an index signature rather than the global `Record`, which a spec
/// type of that name would shadow inside the module.
public enum TypeScriptTypeMapping {
    /// A rendered type and whether it is a union or intersection at its top
    /// level, which must be parenthesized before `[]`.
    struct Rendered {
        var text: String
        var isCompound: Bool
    }

    /// The type of a required value.
    public static func type(_ ref: TypeRef) -> String { rendered(ref, naming: TypeScriptNames.typeName).text }

    /// The type of a required value, named types written as `naming` says
    /// (a type's API name or its JSON's, `TypeScriptShapes`).
    static func type(_ ref: TypeRef, naming: (String) -> String) -> String { rendered(ref, naming: naming).text }

    /// The type of an optional property: absent, `null` or a value.
    public static func optionalType(_ ref: TypeRef) -> String { type(ref) + nullSuffix }

    /// What follows an optional property's type: the view model hands it to
    /// the template apart from the type, which then needs no new string.
    static let nullSuffix = " | null"

    static func rendered(_ ref: TypeRef, naming: (String) -> String) -> Rendered {
        switch ref {
        case let .scalar(scalar):
            switch scalar {
            case .string: return Rendered(text: "string", isCompound: false)
            case .bool: return Rendered(text: "boolean", isCompound: false)
            case .int, .double, .timestamp: return Rendered(text: "number", isCompound: false)
            }
        case let .named(name):
            return Rendered(text: naming(name), isCompound: false)
        case let .list(element):
            let inner = rendered(element, naming: naming)
            return Rendered(text: (inner.isCompound ? "(\(inner.text))" : inner.text) + "[]", isCompound: false)
        case let .map(value):
            return Rendered(text: "{ [key: string]: \(rendered(value, naming: naming).text) }", isCompound: false)
        }
    }

    /// The branch of an open string type that admits any other string while
    /// keeping the listed literals offered by editors (a plain `string` would
    /// absorb them).
    public static let anyOtherString = "(string & {})"
}
