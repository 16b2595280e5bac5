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

    /// `type` is the field's type as Swift spells it, without the `?` of
    /// an optional property.
    ///
    /// `key` is the key argument: `forKey:` and the wire name as a string
    /// literal, or `at:` and the pick among a field's names.
    func decodeExpression(
        _ type: String, isRequired: Bool, degrades: Bool, _ named: NamedFieldType, key: String
    ) -> String {
        // An open enum or opaque string is a JSON string on the wire; its own
        // `init(from:)` only reads that string and wraps it. Reading the
        // string straight from the object and wrapping it here does the same
        // without a nested decoder per value.
        if let wrapper = named.stringWrapper {
            let label = named.initLabel
            if isRequired { return String(source: "\(wrapper)(\(label): try container.decodeField(String.self, \(key)))") }
            // An opaque string that reads "" as absent filters it out.
            let absent: StaticString = named.emptyIsAbsent ? ".flatMap { $0.rawValue.isEmpty ? nil : $0 }" : ""
            return degrades
                ? String(source: "container.decodeDegrading(String.self, \(key)).map(\(wrapper).init(\(label):))\(absent)")
                : String(source: "try container.decodeFieldIfPresent(String.self, \(key)).map(\(wrapper).init(\(label):))\(absent)")
        }
        if isRequired { return String(source: "try container.decodeField(\(type).self, \(key))") }
        return degrades
            ? String(source: "container.decodeDegrading(\(type).self, \(key))")
            : String(source: "try container.decodeFieldIfPresent(\(type).self, \(key))")
    }

    /// `storage` is the stored property, written after `self.`.
    func encodeStatement(isRequired: Bool, _ named: NamedFieldType, storage: String, key: String) -> String {
        // The wire string of an open enum or opaque string, written directly
        // (see `decodeExpression`).
        if named.stringWrapper != nil {
            return isRequired
                ? String(source: "try container.encodeRawValue(self.\(storage), forKey: \(key))")
                : String(source: "try container.encodeRawValueIfPresent(self.\(storage), forKey: \(key))")
        }
        return isRequired
            ? String(source: "try container.encodeField(self.\(storage), forKey: \(key))")
            : String(source: "try container.encodeFieldIfPresent(self.\(storage), forKey: \(key))")
    }
}
