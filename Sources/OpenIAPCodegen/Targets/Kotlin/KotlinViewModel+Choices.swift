import OpenIAPSpec
import OpenIAPTemplates

/// The template objects of records' named choices (`FieldChoice`) and of
/// `oneOf` records (a sealed class with a class per field).
extension KotlinViewModel {
    /// A record's named choices (`exactlyOne` with `as:`), as upstream
    /// shapes `RequestPurchaseProps.request`: a nested sealed class with a
    /// class per case holding the field's value, a property that answers
    /// the case that is set, and a constructor that takes the choice in
    /// place of its fields (and fills the tag field from the case unless it
    /// is given). The fields stay the stored properties, so that a decoded
    /// value with none or several of them set round-trips and `validate()`
    /// reports it.
    func addChoices(_ record: RecordType, names: KotlinMemberNames, to object: inout TemplateObject) {
        let choices = record.exactlyOne.compactMap(\.choice)
        object.append(Key.hasChoices, .bool(!choices.isEmpty))
        guard !choices.isEmpty else {
            object.append(Key.choices, .list([]))
            object.append(Key.secondaryParameters, .list([]))
            object.append(Key.secondaryArguments, .list([]))
            return
        }
        func property(_ field: String) -> String {
            record.fields.firstIndex { $0.name == field }.map { names.names[$0] } ?? KotlinNames.name(field, in: .property)
        }
        var caseFields: [String: (choice: String, className: String, caseClass: String)] = [:]
        var tagFields: [String: (choice: String, className: String, cases: [(String, String)])] = [:]
        var contexts: [TemplateValue] = []
        var secondary: [(name: String, text: String)] = []
        for choice in choices {
            let className = KotlinNames.kotlinChoiceClassName(choice, owner: record.name)
            let choiceProperty = KotlinNames.name(choice.property, in: .property)
            let caseNames = choice.cases.map { KotlinNames.name($0.name, in: .unionMember, owner: className) }
            var cases: [TemplateValue] = []
            var tagCases: [(String, String)] = []
            for (item, caseClass) in zip(choice.cases, caseNames) {
                guard let field = record.field(item.field) else { continue }
                let valueType = KotlinTypeMapping.kotlinType(field.type)
                let qualified = caseNames.contains(valueType) || valueType == className ? packageName + "." + valueType : valueType
                var object = TemplateObject(keys: Self.choiceCaseKeys)
                object.append(Key.caseClass, .string(KotlinNames.escaped(caseClass)))
                object.append(Key.type, .string(qualified))
                object.append(Key.field, .string(KotlinNames.escaped(property(item.field))))
                object.append(Key.fieldDoc, .string(KotlinNames.docCode(item.field)))
                cases.append(.object(object))
                caseFields[item.field] = (choiceProperty, className, caseClass)
                if let tag = item.tagValue, let tagField = choice.tagField, let field = record.field(tagField) {
                    tagCases.append((caseClass, tagLiteral(tag, type: field.type)))
                }
            }
            if let tagField = choice.tagField, !tagCases.isEmpty, tagFields[tagField] == nil {
                tagFields[tagField] = (choiceProperty, className, tagCases)
            }
            var context = TemplateObject(keys: Self.choiceKeys)
            context.append(Key.className, .string(KotlinNames.escaped(className)))
            context.append(Key.property, .string(KotlinNames.escaped(choiceProperty)))
            context.append(Key.fieldList, .string(choice.cases.map(\.field).joined(separator: ", ")))
            context.append(Key.cases, .list(cases))
            context.append(Key.docLines, .list(KotlinNames.docTexts([
                "Which of \(choice.cases.map { KotlinNames.docCode($0.field) }.joined(separator: ", ")) is set, as one value (the shape of upstream's SDKs). Reading it when none is set throws; `validate()` reports that, and more than one set, first.",
            ]).map { .string($0) }))
            contexts.append(.object(context))
            secondary.append((choiceProperty, KotlinNames.escaped(choiceProperty) + ": " + KotlinNames.escaped(className)))
        }
        // The other fields keep their parameters; the tag field defaults to
        // the case's value.
        var arguments: [TemplateValue] = []
        for (index, field) in record.fields.enumerated() {
            let name = names.names[index]
            let escaped = KotlinNames.escaped(name)
            if let owner = caseFields[field.name] {
                arguments.append(.string(
                    "\(escaped) = (\(KotlinNames.escaped(owner.choice)) as? \(KotlinNames.escaped(owner.className)).\(KotlinNames.escaped(owner.caseClass)))?.value"))
                continue
            }
            let type = KotlinTypeMapping.kotlinType(field.type, isRequired: field.isRequired)
            if let tag = tagFields[field.name] {
                secondary.append((name, "\(escaped): \(KotlinTypeMapping.kotlinType(field.type))? = null"))
                let branches = tag.cases.map { "is \(KotlinNames.escaped(tag.className)).\(KotlinNames.escaped($0.0)) -> \($0.1)" }
                arguments.append(.string(
                    "\(escaped) = \(escaped) ?: when (\(KotlinNames.escaped(tag.choice))) { \(branches.joined(separator: "; ")) }"))
                continue
            }
            let defaultLiteral = field.defaultValue.map { KotlinTypeMapping.literal($0, type: field.type, spec: spec) }
            let initDefault = defaultLiteral.map { " = " + $0 } ?? (field.isRequired ? "" : " = null")
            secondary.append((name, "\(escaped): \(type)\(initDefault)"))
            arguments.append(.string("\(escaped) = \(escaped)"))
        }
        secondary.sort { Self.alphabetical($0.name, $1.name) }
        object.append(Key.choices, .list(contexts))
        object.append(Key.secondaryParameters, .list(secondary.map { .string($0.text) }))
        object.append(Key.secondaryArguments, .list(arguments))
    }

    /// A `oneOf` record, as upstream shapes `FetchProductsResult`: a sealed
    /// class with a class per field, `<Record><Field>(val value: T?)`, and an
    /// `Unrecognized` one for an object that sets none of them. Reading takes
    /// the first field present (in spec order), even as null; writing writes
    /// that one key, null included.
    func addOneOf(_ record: RecordType, names: KotlinMemberNames, to object: inout TemplateObject) {
        var cases: [TemplateValue] = []
        var anyValidates = false
        // By position, each field's members read in place (see
        // `addFieldDocs`).
        let fields = record.fields
        for index in fields.indices {
            let member = names.names[index]
            let name = fields[index].name
            let type = fields[index].type
            let key = KotlinNames.stringContent(name)
            let presence = ([name] + fields[index].aliases).map { "o.containsKey(\(KotlinNames.stringLiteral($0)))" }
            let lines = validation(fields, at: index, access: "this.value", key: key, property: KotlinNames.escaped(member))
            anyValidates = anyValidates || !lines.isEmpty
            var docs = DocLineList()
            KotlinNames.forEachDocText(fields[index].annotations.doc) { docs.append(line: $0) }
            var item = TemplateObject(keys: Self.oneOfCaseKeys)
            item.append(Key.className, .string(KotlinNames.escaped(KotlinNames.oneOfCaseName(record.name, field: name))))
            item.append(Key.type, .string(KotlinTypeMapping.kotlinType(type, isRequired: false)))
            item.append(Key.key, .string(key))
            item.append(Key.fieldDoc, .string(KotlinNames.docCode(name)))
            item.append(Key.docLines, docs.value)
            item.append(Key.hasDoc, .bool(!docs.isEmpty))
            item.append(Key.presence, .string(presence.joined(separator: " || ")))
            addDecoding(fields, at: index, to: &item)
            // A value that is its own JSON value is written as it is, null included.
            item.append(Key.isPlain, .bool(encodesAsIs(type)))
            item.append(Key.written, encodedValue(type, depth: 1))
            item.append(Key.validates, .bool(!lines.isEmpty))
            item.append(Key.validationLines, .list(lines))
            let pattern = fields[index].constraints.pattern
            item.append(Key.hasPatterns, .bool(pattern != nil))
            item.append(Key.patterns, .list(pattern.map { [patternContext($0, property: KotlinNames.escaped(member))] } ?? []))
            cases.append(.object(item))
        }
        object.append(Key.cases, .list(cases))
        object.append(Key.unknownMember, .string(KotlinNames.unknownMember))
        object.append(Key.validates, .bool(anyValidates))
    }
}
