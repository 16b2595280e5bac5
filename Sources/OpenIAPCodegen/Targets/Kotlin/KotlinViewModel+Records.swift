import OpenIAPSpec
import OpenIAPTemplates

/// The template objects of records and their fields: constructor
/// parameters, defaults, docs, and each field's decode, encode and
/// validation.
extension KotlinViewModel {
    /// Whether a record validates: a spec type when `ValidatingTypes` found
    /// it; an arguments record, which is not among the spec's types, when it
    /// checks something itself or holds a value that validates.
    func recordValidates(_ record: RecordType) -> Bool {
        validating.contains(record.name)
            || (spec[record.name] == nil
                && (!record.exactlyOne.isEmpty || !record.atLeastOne.isEmpty
                    || record.fields.contains { !$0.constraints.isEmpty || self.validates($0.type) }))
    }

    /// The Kotlin literal of the one value a union's discriminator field
    /// `field` of a record can have (`IapPlatform.Ios`, `"a"`).
    func tagLiteral(_ tag: String, field: Field) -> String {
        if case let .named(name) = field.type, case .opaqueString? = spec[name] {
            return KotlinTypeMapping.literal(.string(tag), type: field.type, spec: spec)
        }
        return KotlinTypeMapping.literal(.enumValue(tag), type: field.type, spec: spec)
    }

    /// Kotlin property names in plain ordinal order, as upstream's generator
    /// sorts its constructor parameters.
    static func alphabetical(_ a: String, _ b: String) -> Bool {
        UTF8Order.precedes(a, b)
    }

    func addRecord(_ record: RecordType, names: KotlinMemberNames, to object: inout TemplateObject) {
        let validates = recordValidates(record)
        let tags = impliedTags[record.name] ?? [:]
        var fields: [TemplateValue] = []
        fields.reserveCapacity(record.fields.count)
        var parameters: [(name: String, value: TemplateValue)] = []
        parameters.reserveCapacity(record.fields.count)
        var validation: [TemplateValue] = []
        var patterns: [TemplateValue] = []
        for index in record.fields.indices {
            // Read by index: `for field in record.fields` copied each whole
            // field (docs, constraints, location) first. The element read
            // is still copied once (`FieldVWOc`, some 590 instructions with
            // its release): handing it to a local function as an argument
            // did not avoid that, and `span` needs macOS 26.
            let field = record.fields[index]
            let member = names.names[index]
            let property = KotlinNames.escaped(member)
            let key = KotlinNames.stringContent(field.name)
            let defaultLiteral = field.defaultValue.map { KotlinTypeMapping.literal($0, type: field.type, spec: spec) }
            let tagDefault = field.isRequired ? tags[field.name].map { tagLiteral($0, field: field) } : nil
            let initDefault =
                (defaultLiteral ?? tagDefault).map { " = \($0)" } ?? (field.isRequired ? "" : " = null")
            // One object per field, in both lists: the constructor's
            // parameter (sorted) and the field read and written (in spec
            // order). Two objects per field cost twice the building and
            // the freeing.
            var item = TemplateObject(keys: Self.fieldKeys)
            addFieldDocs(field, defaultLiteral: defaultLiteral, tagDefault: tagDefault, to: &item)
            item.append(Key.deprecation, .string(deprecation(field.annotations, owner: record.name)))
            item.append(Key.override, .string(field.includedFrom != nil ? "override " : ""))
            item.append(Key.property, .string(property))
            item.append(Key.type, .string(KotlinTypeMapping.kotlinType(field.type, isRequired: field.isRequired)))
            item.append(Key.initDefault, .string(initDefault))
            item.append(Key.key, .string(key))
            addDecoding(field, to: &item)
            addEncoding(field, to: &item)
            let value = TemplateValue.object(item)
            fields.append(value)
            parameters.append((member, value))
            if validates {
                let lines = self.validation(field, access: "this." + property, key: key, property: property)
                if !lines.isEmpty { validation += lines }
            }
            if let pattern = field.constraints.pattern { patterns.append(patternContext(pattern, property: property)) }
        }
        parameters.sort { Self.alphabetical($0.name, $1.name) }
        let name = KotlinNames.typeName(record.name)
        var supertypes = shapes.superclass[record.name].map { KotlinNames.typeName($0) + "(), " } ?? ""
        supertypes += "OpenIAPModel"
        for (index, set) in record.includes.enumerated() where !record.includes[..<index].contains(set) {
            supertypes += ", " + set
        }
        // Upstream answers null for an input that lacks a field it requires.
        let mayBeNull = record.direction == .input && record.fields.contains { $0.isRequired && $0.defaultValue == nil }
        object.append(Key.fields, .list(fields))
        object.append(Key.parameters, .list(parameters.map(\.value)))
        object.append(Key.isDataClass, .bool(!fields.isEmpty))
        object.append(Key.supertypes, .string(supertypes))
        object.append(Key.mapReadType, .string(mayBeNull ? name + "?" : name))
        object.append(Key.validates, .bool(validates))
        object.append(Key.validationLines, .list(validates ? validation : []))
        addGroups(record, names: names, to: &object)
        object.append(Key.hasPatterns, .bool(!patterns.isEmpty))
        object.append(Key.patterns, .list(patterns))
        addChoices(record, names: names, to: &object)
        object.append(Key.oldMembers, .list(KotlinDeprecation.oldMembers(of: record, in: spec)))
    }
}
