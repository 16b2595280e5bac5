import OpenIAPSpec
import OpenIAPTemplates

/// The template objects of records and their fields: properties,
/// initializer parameters, docs, and the decode and encode of each field.
extension SwiftViewModel {
    /// The conformances of a record that includes no field set.
    static let plainConformances = "Codable, Hashable, Sendable, OpenIAPValidatable"
    /// The names in `plainConformances`, which an included field set does
    /// not repeat.
    static let plainConformanceNames: Set<String> = ["Codable", "Hashable", "Sendable", "OpenIAPValidatable"]

    /// `names` are the fields' Swift names (`SwiftNameCheck.Outcome.members`).
    func addRecord(_ record: RecordType, at position: Int, names: [String], to object: inout TemplateObject) {
        let first = Int(firstLeaf[position])
        addRecord(record, properties: names, validates: traits[position].contains(.validates), to: &object) { leaves[first + $0] }
    }

    /// The template object of an operation's arguments record
    /// (`APIOperation.argumentsRecord`), made exactly like a record of the
    /// spec's own; such a record is not in `spec.types`, so the positions
    /// of its fields' types are looked up here.
    func argumentsContext(_ record: RecordType) -> TemplateValue {
        let leaves = record.fields.map { field in
            field.type.namedLeaf.flatMap { spec.position(of: $0) }.map { Int32($0) } ?? -1
        }
        let validates = !record.exactlyOne.isEmpty
            || zip(record.fields, leaves).contains { !$0.constraints.isEmpty || traits(at: $1).contains(.validates) }
        var object = typeObject(Key.isRecord, Self.recordKeys, record.name, record.annotations)
        let properties = record.fields.indices.map { SwiftNames.name(record.fields[$0].name, in: .property) }
        addRecord(record, properties: properties, validates: validates, to: &object) { leaves[$0] }
        return .object(object)
    }

    /// The positions of `names` in the order upstream's generator declares
    /// properties: plain ordinal order of the Swift names, compared by
    /// Unicode scalar values, which is the order of their UTF-8 bytes
    /// (compared without decoding a scalar).
    static func alphabeticalOrder(_ names: [String]) -> [Int] {
        names.indices.sorted { UTF8Order.precedes(names[$0], names[$1]) }
    }

    /// `leaf(i)` is the position in `spec.types` of the type field `i`
    /// names (at the bottom of lists and maps), or -1; `properties[i]` its
    /// Swift name (`SwiftNames.name(_:in: .property)`).
    ///
    /// Properties and the initializer's parameters come in alphabetical
    /// order of the Swift names, as upstream's generated types have them;
    /// decoding and encoding keep the spec's order, so the JSON a record
    /// writes is what it was. When the spec's order gives another list of
    /// labels, a second initializer takes the parameters in that order.
    func addRecord(
        _ record: RecordType, properties: [String], validates: Bool, to object: inout TemplateObject, leaf: (Int) -> Int32
    ) {
        let choices = record.exactlyOne.compactMap(\.choice)
        let implied = impliedTags[record.name]
        // A record with an implied tag nearly always has one (its union's
        // discriminator): comparing that field's name with each field's is
        // cheaper than hashing every field's name.
        let onlyImplied = implied?.count == 1 ? implied?.first : nil
        var fields: [TemplateValue] = []
        fields.reserveCapacity(record.fields.count)
        // The fields' own validation lines, made in the same pass as their
        // contexts, which work out the names and traits they need.
        var fieldLines: [TemplateValue] = []
        // Fields are read in place, by index: a `for field in` loop copies
        // every field, a dozen reference counts each.
        for index in record.fields.indices {
            let name = record.fields[index].name
            let role: FieldRole =
                if let choice = choices.first(where: { $0.tagField == name }) { .choiceTag(choice) }
                else if choices.contains(where: { $0.case(setting: name) != nil }) { .choiceCase }
                else { .plain }
            let impliedTag: String?
            if let onlyImplied {
                impliedTag = onlyImplied.key == name ? onlyImplied.value : nil
            } else {
                impliedTag = implied?[name]
            }
            fields.append(
                fieldContext(
                    index, property: properties[index], leaf: leaf(index), validates: validates,
                    lines: &fieldLines, impliedTag: impliedTag, role: role, record: record))
        }
        var conformances = Self.plainConformances
        // Each included field set once, after the plain ones, appended in
        // place: an array of all the names, joined, cost some 4,000
        // instructions a record.
        for (index, name) in record.includes.enumerated()
        where !Self.plainConformanceNames.contains(name) && !record.includes[..<index].contains(name) {
            conformances += ", "
            conformances += name
        }
        let order = Self.alphabeticalOrder(properties)
        let sorted = order.map { fields[$0] }
        let inSpecOrder = order.elementsEqual(fields.indices)
        object.append(Key.fields, .list(sorted))
        object.append(Key.codingFields, .list(fields))
        object.append(Key.hasSpecOrderInit, .bool(!inSpecOrder))
        object.append(Key.hasFields, .bool(!record.fields.isEmpty))
        object.append(Key.conformances, .string(conformances))
        object.append(Key.validates, .bool(validates))
        // A record has validation lines exactly when it validates.
        object.append(Key.validationLines, .list(validates ? fieldLines : []))
        addGroups(record, to: &object)
        let patterns = patternContexts(record.fields)
        object.append(Key.hasPatterns, .bool(!patterns.isEmpty))
        object.append(Key.patterns, .list(patterns))
        let choiceContexts = choices.map { choiceContext($0, record: record) }
        object.append(Key.choices, .list(choiceContexts))
        object.append(Key.hasChoices, .bool(!choices.isEmpty))
        object.append(Key.choiceInitParameters, .list(choices.isEmpty ? [] : choiceInitParameters(record, choices, properties)))
    }

    /// The field at `index` of the record's fields (read there in place:
    /// a `Field` argument was a copy, a dozen reference counts), `property` its Swift name
    /// (`SwiftNames.name(_:in: .property)`). `leaf` is the position in
    /// `spec.types` of the type the field names (at the bottom of lists
    /// and maps), or -1. When the record validates, the field's validation
    /// lines are appended to `lines`. `impliedTag` is the one value the
    /// field has whenever the record is read through a union
    /// (`Spec.impliedTagValues`), its initializer default.
    func fieldContext(
        _ index: Int, property: String, leaf leafPosition: Int32, validates: Bool, lines: inout [TemplateValue],
        impliedTag: String?, role: FieldRole, record: RecordType
    ) -> TemplateValue {
        let fields = record.fields
        let name = fields[index].name
        let type = fields[index].type
        let isRequired = fields[index].isRequired
        let leaf = traits(at: leafPosition)
        let deprecation = fields[index].annotations.deprecated
        var isChoiceTag = false
        if case .choiceTag = role, !isRequired { isChoiceTag = true }
        // A deprecated field is stored under a private name and exposed by a
        // deprecated accessor, so the generated code never warns about its
        // own use of it. So is the tag field of a choice, whose accessor is
        // never nil: absent, it is the tag of the case that is set.
        // The property, its coding key and its initializer label share one spelling.
        let escaped = SwiftNames.escaped(property)
        let isAccessor = deprecation != nil || isChoiceTag
        let storage = isAccessor ? "_" + property : escaped
        let internalName = SwiftNames.parameterInternalName(property)
        let named = NamedFieldType(type, leaf: leaf)
        // The default as a Swift literal, written in the docs and in the
        // initializer; made once, as it looks up named types in the spec.
        let defaultLiteral = fields[index].defaultValue.map { SwiftTypeMapping.literal($0, type: type, spec: spec) }
        var docs = DocLineList()
        docs.append(fields[index].annotations.doc)
        if let defaultLiteral, !isChoiceTag {
            docs.append("Defaults to `\(defaultLiteral)` when absent.")
        }
        let constraints = fields[index].constraints
        if let limit = constraints.maxBytes {
            docs.append("At most \(limit) bytes of UTF-8; checked by `validate()`.")
        }
        if let length = ConstraintText.length(minimum: constraints.minLength, maximum: constraints.maxLength) {
            docs.append(length + " (Unicode scalars); checked by `validate()`.")
        }
        if let pattern = constraints.pattern {
            docs.append("Matches `\(pattern.source)` as a whole; checked by `validate()`.")
        }
        let aliases = fields[index].aliases
        let degrades = fields[index].degrades
        if !aliases.isEmpty {
            let names = aliases.map { "`\($0)`" }.joined(separator: ", ")
            docs.append("Also read from \(names) when `\(name)` is absent (the first key present wins); always written as `\(name)`.")
        }
        if degrades {
            docs.append("A present value that cannot be read decodes as `nil`.")
        }
        // The Swift spelling of the type, made once for the property and
        // the decoder.
        let swiftType = SwiftTypeMapping.swiftType(type)
        let storedType = isRequired ? swiftType : optionalType(type, swiftType: swiftType, leaf: leafPosition)
        // Initializers default what upstream's do: optional fields to their
        // spec default or nil, and a discriminator to the one tag the
        // record always has; a choice's tag field to nil, which stands for
        // the tag of the case that is set.
        let initDefault: String
        if isChoiceTag {
            initDefault = " = nil"
        } else if let defaultLiteral {
            initDefault = " = \(defaultLiteral)"
        } else if !isRequired {
            initDefault = " = nil"
        } else if let impliedTag {
            initDefault = " = " + SwiftTypeMapping.literal(Self.tagDefault(impliedTag, type: type), type: type, spec: spec)
        } else {
            initDefault = ""
        }
        // The getter of a choice's tag field answers the stored value, else
        // the tag of the first case whose field is set, else `fallback`.
        var tagCases: [TemplateValue] = []
        var fallback = ""
        if case let .choiceTag(choice) = role, isChoiceTag {
            docs.append("Absent on the wire, it is the tag of the case that is set.")
            for item in choice.cases {
                guard let member = record.field(item.field), let tag = item.tagValue else { continue }
                tagCases.append([
                    "storage": .string(storageName(member.name, deprecated: member.annotations.deprecated != nil)),
                    "tag": .string(SwiftTypeMapping.literal(Self.tagDefault(tag, type: type), type: type, spec: spec)),
                ])
            }
            fallback = defaultLiteral
                ?? choice.cases.first?.tagValue.map { SwiftTypeMapping.literal(Self.tagDefault($0, type: type), type: type, spec: spec) }
                ?? "nil"
        }
        var object = TemplateObject(keys: Self.fieldKeys)
        object.append(Key.docLines, docs.value)
        // Most fields are not deprecated: their annotations are not copied.
        object.append(Key.deprecation, deprecation == nil ? .bool(false) : deprecationContext(fields[index].annotations, owner: record.name))
        object.append(Key.isAccessor, .bool(isAccessor))
        object.append(Key.property, .string(escaped))
        object.append(Key.parameter, .string(internalName.map { escaped + " " + $0 } ?? escaped))
        object.append(Key.label, .string(SwiftNames.callLabel(property)))
        object.append(Key.argument, .string(internalName ?? escaped))
        if case .choiceCase = role { object.append(Key.forwarded, .string("nil")) } else { object.append(Key.forwarded, .string(internalName ?? escaped)) }
        object.append(Key.storage, .string(storage))
        object.append(Key.storageType, .string(storedType))
        object.append(Key.type, .string(isChoiceTag ? swiftType : storedType))
        object.append(Key.parameterType, .string(storedType))
        object.append(Key.isChoiceTag, .bool(isChoiceTag))
        object.append(Key.tagCases, .list(tagCases))
        object.append(Key.fallback, .string(fallback))
        object.append(Key.initDefault, .string(initDefault))
        // Records have no key type of their own: every key is the wire name,
        // written as a `StaticString` literal that the runtime's helpers make
        // the `OpenIAPAnyKey` of (a CodingKeys enum per record cost more code
        // and compile time than the rest of the record's coding, and a
        // `String` literal at every call site a third of the optimiser's
        // time). A field with aliases is read from the first of its names
        // that the object has (a key made at run time, passed `at:`).
        // The templates write the literal's quotes (`forKey: "{{key}}"`): a
        // name that needs no escape is the key as it is, with no string made.
        let key = SwiftEscaping.literalText(name)
        appendCoding(
            named, valueType: swiftType, isRequired: isRequired, degrades: degrades, key: key,
            aliases: aliases, to: &object)
        if validates {
            appendValidation(fields, at: index, leaf: leaf, key: key, property: escaped, value: { "self." + storage }, to: &lines)
        }
        return .object(object)
    }

    /// The type of an optional field's property: `swiftType`, the field's
    /// type as `SwiftTypeMapping` spells it, with a `?`. A named type's is
    /// made once per type (`optionalNames`) and a scalar's once, so that
    /// only lists and maps are spelled here, field by field.
    func optionalType(_ type: TypeRef, swiftType: String, leaf: Int32) -> String {
        switch type {
        // Empty for a type only an operation's argument names.
        case .named where leaf >= 0 && !optionalNames[Int(leaf)].isEmpty: optionalNames[Int(leaf)]
        case .scalar(.string): Self.optionalString
        case .scalar(.bool): Self.optionalBool
        case .scalar(.int): Self.optionalInt
        case .scalar(.double), .scalar(.timestamp): Self.optionalDouble
        default: swiftType + "?"
        }
    }

    private static let optionalString = SwiftTypeMapping.swiftType(.scalar(.string)) + "?"
    private static let optionalBool = SwiftTypeMapping.swiftType(.scalar(.bool)) + "?"
    private static let optionalInt = SwiftTypeMapping.swiftType(.scalar(.int)) + "?"
    /// A timestamp is a `Double` too (`SwiftTypeMapping`).
    private static let optionalDouble = SwiftTypeMapping.swiftType(.scalar(.double)) + "?"
}
