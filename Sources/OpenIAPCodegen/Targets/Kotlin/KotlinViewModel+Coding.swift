import OpenIAPSpec
import OpenIAPTemplates

/// How a field and a value of any type are read from and written to the
/// neutral JSON tree (`OpenIAPDecode`, `toJsonValue`).
extension KotlinViewModel {
    /// How `decode.tmpl` reads a field (a record's constructor argument, a
    /// `oneOf` case's value) from the object `o` at `path`: OpenIAPDecode's
    /// reader for it (`read`), its key (`key`, or `keyNames`, every name
    /// of a field with decode-only aliases, of which
    /// `OpenIAPDecode.firstPresentKey` takes the first the object holds),
    /// the value read by a lambda as `v0` with its path `p0` (`decoded`,
    /// see `decodedValue`) and `emptyIsAbsent`. Added to the field's object
    /// `object`, whose next keys they are (`decodeKeys`); `key` is its own.
    ///
    /// The field is `fields[index]`, its members read in place (see
    /// `addFieldDocs`).
    func addDecoding(_ fields: [Field], at index: Int, to object: inout TemplateObject) {
        let isRequired = fields[index].isRequired
        let read = isRequired ? "required" : fields[index].degrades ? "degrading" : "optional"
        object.append(Key.read, .string(read))
        let hasAliases = !fields[index].aliases.isEmpty
        object.append(Key.hasAliases, .bool(hasAliases))
        object.append(
            Key.keyNames,
            .list(
                hasAliases
                    ? ([fields[index].name] + fields[index].aliases).map { .string(KotlinNames.stringLiteral($0)) } : []))
        let type = fields[index].type
        object.append(Key.decoded, decodedValue(type, depth: 0))
        var emptyIsAbsent = false
        if !isRequired, case let .named(name) = type { emptyIsAbsent = kinds[name] == .emptyIsAbsentString }
        object.append(Key.emptyIsAbsent, .bool(emptyIsAbsent))
    }

    /// How `decodeValue.tmpl` reads the value `v<depth>` at path
    /// `p<depth>` as `type`: a scalar with OpenIAPDecode's reader
    /// (`scalar`), a spec type with its companion's (`reader`), a list or
    /// map (`collection`) element by element one level down (`element`,
    /// numbered `next`). A spec type that a class in `nested` would hide
    /// is named with its package.
    func decodedValue(_ type: TypeRef, depth: Int, nested: Set<String> = []) -> TemplateValue {
        var reader = ""
        var collection = ""
        var element: [TemplateValue] = []
        switch type {
        case let .scalar(scalar):
            guard depth < Self.sharedScalarDecodings.count else { return Self.decodedScalar(scalar, depth: depth) }
            return Self.sharedScalarDecodings[depth][KotlinTypeMapping.position(of: scalar)]
        case let .named(name):
            reader = nested.isEmpty ? companion(name) : typeReference(aliasTargets[name] ?? name, nested: nested)
        case let .list(inner):
            if depth == 0, case let .scalar(scalar) = inner { return Self.sharedScalarListDecodings[KotlinTypeMapping.position(of: scalar)] }
            collection = "list"
            element = [decodedValue(inner, depth: depth + 1, nested: nested)]
        case let .map(inner):
            if depth == 0, case let .scalar(scalar) = inner { return Self.sharedScalarMapDecodings[KotlinTypeMapping.position(of: scalar)] }
            collection = "map"
            element = [decodedValue(inner, depth: depth + 1, nested: nested)]
        }
        return Self.decodedObject(scalar: "", reader: reader, collection: collection, depth: depth, element: element)
    }

    /// `decodedValue` of a field's list or map of scalars (`String[]`,
    /// `map<String>`), by scalar: also the same for every such field, made
    /// once, where each built an object and the list holding its element.
    static let sharedScalarListDecodings: [TemplateValue] = KotlinTypeMapping.scalars.map { scalar in
        decodedObject(scalar: "", reader: "", collection: "list", depth: 0, element: [decodedScalar(scalar, depth: 1)])
    }
    static let sharedScalarMapDecodings: [TemplateValue] = KotlinTypeMapping.scalars.map { scalar in
        decodedObject(scalar: "", reader: "", collection: "map", depth: 0, element: [decodedScalar(scalar, depth: 1)])
    }

    /// `decodedValue` of a scalar at depth 0 (a field's, a result's) and 1
    /// (a list's or map's element), by depth and scalar: the same object
    /// for every such value, made once. Most fields are scalars, and each
    /// built (and the template engine later freed) an equal object.
    static let sharedScalarDecodings: [[TemplateValue]] = (0..<2).map { depth in
        KotlinTypeMapping.scalars.map { decodedScalar($0, depth: depth) }
    }

    /// `decodedValue` of a scalar: read by OpenIAPDecode's reader of its kind.
    static func decodedScalar(_ scalar: Scalar, depth: Int) -> TemplateValue {
        let reader =
            switch scalar {
            case .string: "string"
            case .bool: "bool"
            case .int: "long"
            case .double, .timestamp: "double"
            }
        return decodedObject(scalar: reader, reader: "", collection: "", depth: depth, element: [])
    }

    /// The object `decodeValue.tmpl` reads (see `decodedValue`).
    static func decodedObject(
        scalar: String, reader: String, collection: String, depth: Int, element: [TemplateValue]
    ) -> TemplateValue {
        var object = TemplateObject(keys: Self.decodedValueKeys)
        object.append(Key.scalar, .string(scalar))
        object.append(Key.reader, .string(reader))
        object.append(Key.collection, .string(collection))
        object.append(Key.depth, .string(depthText(depth)))
        object.append(Key.next, .string(depthText(depth + 1)))
        object.append(Key.element, .list(element))
        return .object(object)
    }

    /// `String(depth)`, without converting the usual depths: a value is
    /// rarely more than a few levels deep, and each field's object asked
    /// for two conversions.
    static func depthText(_ depth: Int) -> String {
        depth < depthTexts.count ? depthTexts[depth] : String(depth)
    }

    private static let depthTexts = (0..<8).map { String($0) }

    /// How `encode.tmpl` puts a field into the object `json`: `isRequired`
    /// (an optional field only when it is not null, as `v0`) and what
    /// follows the value written (`written`, see `encodedValue`). Added to
    /// the field's object, whose next keys they are (`encodeKeys`).
    func addEncoding(_ fields: [Field], at index: Int, to object: inout TemplateObject) {
        object.append(Key.isRequired, .bool(fields[index].isRequired))
        object.append(Key.written, encodedValue(fields[index].type, depth: 1))
    }

    /// How `encodeValue.tmpl` goes on after a value of `type` (which the
    /// template that includes it writes: a property, `v0`, `result`,
    /// `payload`) to make it a neutral JSON value: a record or union by
    /// `toJson()` (`isObject`), a string type by its `rawValue`
    /// (`isString`), a list or map whose elements change by `map` or
    /// `mapValues` (`mapping`) over `e<depth>` (a map's `isMap`, whose
    /// elements are `e<depth>.value`), one level down (`element`); a
    /// scalar, and a list or map of values that stay as they are, as it is:
    /// nothing follows, and the value is an empty list, over which the
    /// including template's section does not even call the partial.
    ///
    /// Only a list or map that changes its elements depends on where it
    /// is (its `depth`); every other value is one of three objects made
    /// once, where each field built (and the renderer freed) its own.
    func encodedValue(_ type: TypeRef, depth: Int) -> TemplateValue {
        switch type {
        case .scalar: return Self.writtenAsIs
        case let .named(name): return kinds[name] == .object ? Self.writtenObject : Self.writtenString
        case let .list(inner) where !encodesAsIs(inner):
            return Self.encodedObject(
                isObject: false, isString: false, mapping: "map", isMap: false, depth: depth,
                element: [encodedValue(inner, depth: depth + 1)])
        case let .map(inner) where !encodesAsIs(inner):
            return Self.encodedObject(
                isObject: false, isString: false, mapping: "mapValues", isMap: true, depth: depth,
                element: [encodedValue(inner, depth: depth + 1)])
        case .list, .map: return Self.writtenAsIs
        }
    }

    /// `encodedValue` of a value written as it is (nothing follows it), of
    /// a record or union, and of a string type: the same at every depth,
    /// which the template reads only inside `mapping`.
    static let writtenAsIs = TemplateValue.list([])
    static let writtenObject = encodedObject(
        isObject: true, isString: false, mapping: "", isMap: false, depth: 1, element: [])
    static let writtenString = encodedObject(
        isObject: false, isString: true, mapping: "", isMap: false, depth: 1, element: [])

    /// The object `encodeValue.tmpl` reads (see `encodedValue`).
    static func encodedObject(
        isObject: Bool, isString: Bool, mapping: String, isMap: Bool, depth: Int, element: [TemplateValue]
    ) -> TemplateValue {
        var object = TemplateObject(keys: Self.encodedValueKeys)
        object.append(Key.isObject, .bool(isObject))
        object.append(Key.isString, .bool(isString))
        object.append(Key.mapping, .string(mapping))
        object.append(Key.isMap, .bool(isMap))
        object.append(Key.depth, .string(depthText(depth)))
        object.append(Key.element, .list(element))
        return .object(object)
    }

    /// Whether a value of `type` is its own neutral JSON value: a scalar,
    /// or a list or map of such values.
    func encodesAsIs(_ type: TypeRef) -> Bool {
        switch type {
        case .scalar: true
        case .named: false
        case let .list(element), let .map(element): encodesAsIs(element)
        }
    }
}
