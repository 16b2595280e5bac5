import OpenIAPSpec
import OpenIAPTemplates

/// How a field is decoded and encoded: the calls on the keyed container,
/// picked from what the field's type is.
extension SwiftViewModel {
    /// What decoding and encoding need to know about the type a field
    /// names, looked up once per field.
    struct NamedFieldType {
        /// The name of an open enum or opaque string: types whose generated
        /// `Codable` conformance is exactly "a JSON string, wrapped by
        /// `init(rawValue:)`, written back as `rawValue`". Closed enums are
        /// not among them: they reject unknown values with their own message.
        var stringWrapper: String?
        /// An opaque string that reads an empty string as absent.
        var emptyIsAbsent = false
        /// The label of the wrapper's initializer that never fails: an open
        /// enum's `init(wireValue:)` (its `init?(rawValue:)` fails for values
        /// it does not list), an opaque string's `init(rawValue:)`.
        var initLabel = "wireValue"

        /// `leaf` are the traits of `type`'s named leaf, which is the type
        /// itself when `type` is a name.
        init(_ type: TypeRef, leaf: Traits) {
            guard leaf.contains(.stringWrapper), case let .named(name) = type else { return }
            stringWrapper = name
            emptyIsAbsent = leaf.contains(.emptyIsAbsent)
            if leaf.contains(.opaque) { initLabel = "rawValue" }
        }
    }

    /// What `decode.tmpl` and `encode.tmpl` need to read and write a field:
    /// `valueType` is its type as Swift spells it, without the `?` of an
    /// optional property; `key` its wire name as the text of a string
    /// literal without the quotes (`SwiftEscaping.literalText`), which the
    /// templates write, and `aliases` the other names it is read from.
    ///
    /// An open enum or opaque string (`wrapper`) is a JSON string on the
    /// wire; its own `init(from:)` only reads that string and wraps it.
    /// Reading the string straight from the object and wrapping it
    /// (`wrapperLabel`, the initializer that never fails) does the same
    /// without a nested decoder per value, and writing its raw value
    /// likewise; one that reads "" as absent filters it out
    /// (`emptyIsAbsent`). Every key is the wire name as a `StaticString`
    /// literal (`key`, its text); a field with aliases is read from the
    /// first of its names present (`keyNames`, whole literals) and written
    /// under its name alone. The caller makes `key` once
    /// (`SwiftEscaping.literalText`) and writes it in the field's
    /// validation too.
    func appendCoding(
        _ named: NamedFieldType, valueType: String, isRequired: Bool, degrades: Bool, key: String, aliases: [String],
        to object: inout TemplateObject
    ) {
        object.append(Key.wrapper, .string(named.stringWrapper ?? ""))
        object.append(Key.wrapperLabel, .string(named.initLabel))
        object.append(Key.emptyIsAbsent, .bool(named.emptyIsAbsent))
        object.append(Key.isRequired, .bool(isRequired))
        object.append(Key.degrades, .bool(degrades))
        object.append(Key.valueType, .string(valueType))
        object.append(Key.key, .string(key))
        object.append(Key.hasAliases, .bool(!aliases.isEmpty))
        var keyNames: [TemplateValue] = []
        if !aliases.isEmpty {
            keyNames.append(.string(SwiftEscaping.quoted(key)))
            for alias in aliases { keyNames.append(.string(SwiftEscaping.stringLiteral(alias))) }
        }
        object.append(Key.keyNames, .list(keyNames))
    }
}
