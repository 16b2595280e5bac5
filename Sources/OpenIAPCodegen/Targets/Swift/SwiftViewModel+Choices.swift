import OpenIAPSpec
import OpenIAPTemplates

/// The template objects of `oneOf` records (an enum with a case per field)
/// and of records' named choices (`FieldChoice`): the choice's property,
/// its nested enum and the initializer that takes it.
extension SwiftViewModel {
    /// A `oneOf` record as an enum: a case per field, named after it, whose
    /// payload is the field's optional type, in alphabetical order as
    /// upstream declares them; decoding tries the fields in spec order, and
    /// an object with none of them is kept whole. `properties` are the
    /// fields' Swift names (`SwiftNameCheck.Outcome.members`), its cases'.
    func addOneOf(_ record: RecordType, at position: Int, names properties: [String], to object: inout TemplateObject) {
        let first = Int(firstLeaf[position])
        let validates = traits[position].contains(.validates)
        var cases: [TemplateValue] = []
        var names: [String] = []
        for index in record.fields.indices {
            let field = record.fields[index]
            let leaf = traits(at: leaves[first + index])
            let name = field.name
            let caseName = properties[index]
            names.append(caseName)
            let swiftType = SwiftTypeMapping.swiftType(field.type)
            var docs = DocLineList()
            docs.append(field.annotations.doc)
            if let message = field.annotations.deprecated {
                docs.append("- Warning: Deprecated." + (message.isEmpty ? "" : " " + message))
            }
            // The text of the key's literal, whose quotes the templates write.
            let key = SwiftEscaping.literalText(name)
            let escaped = SwiftNames.escaped(caseName)
            var validation: [TemplateValue] = []
            if validates {
                appendValidation(record.fields, at: index, leaf: leaf, key: key, property: escaped, value: { "payload" }, to: &validation)
            }
            // A case is read when the object has any of its field's names
            // (`presenceKeys`), and then decoded as an optional field.
            var item: TemplateObject = [
                "docLines": docs.value,
                "caseName": .string(escaped),
                "type": .string("\(swiftType)?"),
                "presenceKeys": .list([.string(SwiftEscaping.quoted(key))] + field.aliases.map { .string(SwiftEscaping.stringLiteral($0)) }),
                "hasValidation": .bool(!validation.isEmpty),
                "validations": .list(validation),
            ]
            appendCoding(
                NamedFieldType(field.type, leaf: leaf), valueType: swiftType, isRequired: false,
                degrades: field.degrades, key: key, aliases: field.aliases, to: &item)
            cases.append(.object(item))
        }
        object.append(Key.cases, .list(Self.alphabeticalOrder(names).map { cases[$0] }))
        object.append(Key.codingCases, .list(cases))
        object.append(Key.unknownCase, .string(SwiftNames.unknownUnionCase))
        object.append(Key.validates, .bool(validates))
    }

    /// What a field is to a record's named choices (`FieldChoice`).
    enum FieldRole {
        /// Not part of a choice.
        case plain
        /// One of a choice's cases: set through the choice's property.
        case choiceCase
        /// The tag field of `choice`: optional on the wire, but always has
        /// a value in Swift, the one its case implies when absent.
        case choiceTag(FieldChoice)
    }

    /// The type Swift declares for the nested enum of a choice: its
    /// property's name with a capital (`request` → `Request`).
    static func choiceTypeName(_ choice: FieldChoice) -> String {
        SwiftNames.upperCamel(choice.property)
    }

    /// The template object of a named choice: the property, its nested enum
    /// and how the property reads and writes the fields.
    func choiceContext(_ choice: FieldChoice, record: RecordType) -> TemplateValue {
        let members = choice.cases.compactMap { item in record.field(item.field).map { (item, $0) } }
        let storages = members.map { storageName($0.1.name, deprecated: $0.1.annotations.deprecated != nil) }
        var cases: [TemplateValue] = []
        for (index, (item, field)) in members.enumerated() {
            // Setting a case sets its field and clears the others.
            let setters: [TemplateValue] = storages.enumerated().map { other, storage in
                ["storage": .string(storage), "isSet": .bool(other == index)]
            }
            cases.append([
                "caseName": .string(SwiftNames.escaped(item.name)),
                "storage": .string(storages[index]),
                "payload": .string(SwiftTypeMapping.swiftType(field.type)),
                "field": .string(field.name),
                "setters": .list(setters),
            ])
        }
        let others = choice.cases.map { "`\($0.field)`" }
        let doc = """
            Which of \(OperationDocs.listed(others)) is set, as one value; setting it sets that field and clears the \
            others. Reading it from a value that sets none of them, which only decoding without `validate()` or the \
            field-by-field initializer can make, stops the program.
            """
        let typeName = Self.choiceTypeName(choice)
        return [
            "docLines": .list(SwiftEscaping.docTexts(doc).map { .string($0) }),
            "property": .string(SwiftNames.escaped(choice.property)),
            "typeName": .string(typeName),
            "typeDocLines": .list(SwiftEscaping.docTexts("The choices of `\(choice.property)`, one per field.").map { .string($0) }),
            "cases": .list(cases),
            "failure": .string(SwiftEscaping.stringLiteral("\(record.name) sets none of \(choice.cases.map(\.field).joined(separator: ", ")); validate() rejects it")),
        ]
    }


    /// The parameters of the initializer that takes a record's choices as
    /// their enums (`init(request:type:)`), in alphabetical order: each
    /// choice, then every field outside the choices, the tag fields taking
    /// nil (the case's tag) by default. A choice's parameter has its `cases`,
    /// which the body switches over to set the field (and tag field) of
    /// each; the others are passed on to the field-by-field initializer,
    /// which the body calls first.
    func choiceInitParameters(_ record: RecordType, _ choices: [FieldChoice], _ properties: [String]) -> [TemplateValue] {
        var names: [String] = []
        var parameters: [TemplateValue] = []
        for choice in choices {
            names.append(choice.property)
            // The body sets the field of the case that is given and, for a
            // tag field the caller left nil, the tag of that case.
            let tagField = choice.tagField.flatMap { record.field($0) }.flatMap { $0.isRequired ? nil : $0 }
            var cases: [TemplateValue] = []
            for item in choice.cases {
                guard let field = record.field(item.field) else { continue }
                var tagStorage = ""
                var tagParameter = ""
                var tagLiteral = ""
                if let tagField, let tag = item.tagValue {
                    tagStorage = "self._\(SwiftNames.name(tagField.name, in: .property))"
                    tagParameter = SwiftNames.escaped(SwiftNames.name(tagField.name, in: .property))
                    tagLiteral = SwiftTypeMapping.literal(Self.tagDefault(tag, type: tagField.type), type: tagField.type, spec: spec)
                }
                cases.append([
                    "caseName": .string(SwiftNames.escaped(item.name)),
                    "storage": .string(storageName(field.name, deprecated: field.annotations.deprecated != nil)),
                    "tagStorage": .string(tagStorage),
                    "tagParameter": .string(tagParameter),
                    "tagLiteral": .string(tagLiteral),
                ])
            }
            parameters.append([
                "name": .string(choice.property),
                "parameter": .string(SwiftNames.escaped(choice.property) + ": " + Self.choiceTypeName(choice)),
                "isChoice": true,
                "choice": .string(SwiftNames.escaped(choice.property)),
                "cases": .list(cases),
            ])
        }
        let grouped = Set(choices.flatMap { $0.cases.map(\.field) })
        for (index, field) in record.fields.enumerated() where !grouped.contains(field.name) {
            let property = properties[index]
            let isTag = !field.isRequired && choices.contains { $0.tagField == field.name }
            let type = SwiftTypeMapping.swiftType(field.type, isRequired: field.isRequired && !isTag)
            let initDefault =
                isTag ? " = nil"
                : field.defaultValue.map { " = " + SwiftTypeMapping.literal($0, type: field.type, spec: spec) }
                    ?? (field.isRequired ? "" : " = nil")
            names.append(property)
            let declared = SwiftNames.parameterInternalName(property).map { "\(SwiftNames.escaped(property)) \($0)" }
                ?? SwiftNames.escaped(property)
            parameters.append([
                "name": .string(property),
                "parameter": .string(declared + ": " + type + initDefault),
                "isChoice": false,
            ])
        }
        return Self.alphabeticalOrder(names).map { parameters[$0] }
    }

    /// A tag value as a default of a field of `type`: an enum's value, or a
    /// string.
    static func tagDefault(_ wire: String, type: TypeRef) -> DefaultValue {
        if case .named = type { return .enumValue(wire) }
        return .string(wire)
    }
}
