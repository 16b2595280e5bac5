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
    /// of a record, of type `type`, can have (`IapPlatform.Ios`, `"a"`).
    func tagLiteral(_ tag: String, type: TypeRef) -> String {
        if case let .named(name) = type, case .opaqueString? = spec[name] {
            return KotlinTypeMapping.literal(.string(tag), type: type, spec: spec)
        }
        return KotlinTypeMapping.literal(.enumValue(tag), type: type, spec: spec)
    }

    /// Kotlin property names in plain ordinal order, as upstream's generator
    /// sorts its constructor parameters.
    static func alphabetical(_ a: String, _ b: String) -> Bool {
        UTF8Order.precedes(a, b)
    }

    func addRecord(_ record: RecordType, names: KotlinMemberNames, to object: inout TemplateObject) {
        let validates = recordValidates(record)
        let tags = impliedTags[record.name] ?? [:]
        var items: [TemplateValue] = []
        items.reserveCapacity(record.fields.count)
        var parameters: [(name: String, value: TemplateValue)] = []
        parameters.reserveCapacity(record.fields.count)
        var validation: [TemplateValue] = []
        var patterns: [TemplateValue] = []
        // Each field named by the list and its position, its members read
        // in place: a copy of the field (`let field = fields[index]`)
        // retained and released each of its members, some 590
        // instructions per field.
        let fields = record.fields
        for index in fields.indices {
            let member = names.names[index]
            let property = KotlinNames.escaped(member)
            let type = fields[index].type
            let isRequired = fields[index].isRequired
            let key = KotlinNames.stringContent(fields[index].name)
            let defaultLiteral = fields[index].defaultValue.map { KotlinTypeMapping.literal($0, type: type, spec: spec) }
            let tagDefault = isRequired ? tags[fields[index].name].map { tagLiteral($0, type: type) } : nil
            let initDefault =
                (defaultLiteral ?? tagDefault).map { " = \($0)" } ?? (isRequired ? "" : " = null")
            // One object per field, in both lists: the constructor's
            // parameter (sorted) and the field read and written (in spec
            // order). Two objects per field cost twice the building and
            // the freeing.
            var item = TemplateObject(keys: Self.fieldKeys)
            addFieldDocs(fields, at: index, defaultLiteral: defaultLiteral, tagDefault: tagDefault, to: &item)
            // Only a deprecated field has an annotation: the others need no
            // copy of their annotations to find that out.
            let deprecation =
                fields[index].annotations.deprecated == nil ? "" : deprecation(fields[index].annotations, owner: record.name)
            item.append(Key.deprecation, .string(deprecation))
            item.append(Key.override, .string(fields[index].includedFrom != nil ? "override " : ""))
            item.append(Key.property, .string(property))
            item.append(Key.type, .string(KotlinTypeMapping.kotlinType(type, isRequired: isRequired)))
            item.append(Key.initDefault, .string(initDefault))
            item.append(Key.key, .string(key))
            addDecoding(fields, at: index, to: &item)
            addEncoding(fields, at: index, to: &item)
            let value = TemplateValue.object(item)
            items.append(value)
            parameters.append((member, value))
            if validates {
                let lines = self.validation(fields, at: index, access: "this." + property, key: key, property: property)
                if !lines.isEmpty { validation += lines }
            }
            if let pattern = fields[index].constraints.pattern {
                patterns.append(patternContext(pattern, property: property))
            }
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
        object.append(Key.fields, .list(items))
        object.append(Key.parameters, .list(parameters.map(\.value)))
        object.append(Key.isDataClass, .bool(!items.isEmpty))
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
