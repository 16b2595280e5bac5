import OpenIAPSpec
import OpenIAPTemplates

/// What `validate()` checks: a record's exactly-one and at-least-one
/// groups, each field's constraints, nested values, and the compiled
/// `pattern:`s.
extension KotlinViewModel {
    /// A field's compiled `pattern:`, a property of the record's private
    /// `OpenIAPPatterns` object named as the field's: the source for
    /// messages, then one `OpenIAPPattern.Step` per step of the IR's parse,
    /// with the ASCII characters it accepts listed in order.
    func patternContext(_ pattern: StringPattern, property: String) -> TemplateValue {
        var object = TemplateObject(keys: Self.patternKeys)
        object.append(Key.property, .string(property))
        object.append(Key.source, .string(KotlinNames.stringLiteral(pattern.source)))
        object.append(Key.steps, .list(pattern.steps.map { step in
            var characters = ""
            for code in UInt8(0)..<128 where step.accepts(code) { characters.unicodeScalars.append(Unicode.Scalar(code)) }
            var object = TemplateObject(keys: Self.stepKeys)
            object.append(Key.characters, .string(KotlinNames.stringLiteral(characters)))
            object.append(Key.minimum, .string(String(step.minimum)))
            object.append(Key.maximum, .string(String(step.maximum ?? -1)))
            return .object(object)
        }))
        return .object(object)
    }

    // MARK: - Validation

    /// The record's exactly-one groups (`exactlyOneGroups`) and at-least-one
    /// groups (`atLeastOneGroups`), each with its fields' properties
    /// (`this.` and the name) and their wire names as string literals;
    /// `validate()` checks them before its fields, as in Swift.
    func addGroups(_ record: RecordType, names: KotlinMemberNames, to object: inout TemplateObject) {
        func group(_ group: FieldGroup) -> TemplateValue {
            let properties = group.fields.compactMap { name -> TemplateValue? in
                guard let index = record.fields.firstIndex(where: { $0.name == name }) else { return nil }
                return .string("this." + KotlinNames.escaped(names.names[index]))
            }
            var object = TemplateObject(keys: Self.groupKeys)
            object.append(Key.properties, .list(properties))
            object.append(Key.names, .list(group.fields.map { .string(KotlinNames.stringLiteral($0)) }))
            return .object(object)
        }
        object.append(Key.exactlyOneGroups, .list(record.exactlyOne.map(group)))
        object.append(Key.atLeastOneGroups, .list(record.atLeastOne.map(group)))
    }

    /// The checks of one field, in Swift's order, as `validateField.tmpl`
    /// writes them: its byte limit, length in characters, pattern and
    /// range, then the values inside it that validate. An optional field is
    /// checked when it is set, as `v0`. Nothing when there is nothing to
    /// check.
    ///
    /// The field is `fields[index]`, its members read in place (see
    /// `addFieldDocs`).
    func validation(
        _ fields: [Field], at index: Int, access: @autoclosure () -> String, key: String, property: String
    ) -> [TemplateValue] {
        let c = fields[index].constraints
        let type = fields[index].type
        let nested = validates(type)
        // `access` is made only for a field that has something to check.
        guard !c.isEmpty || nested else { return [] }
        let access = access()
        let isRequired = fields[index].isRequired
        let value = isRequired ? access : "v0"
        func number(_ value: Int?) -> TemplateValue { value.map { .string(String($0)) } ?? "" }
        let bound = { (limit: Double?) -> TemplateValue in
            limit.map { .string(KotlinTypeMapping.literal(.double($0), type: .scalar(.double), spec: spec)) } ?? ""
        }
        var object = TemplateObject(keys: Self.validationKeys)
        object.append(Key.isRequired, .bool(isRequired))
        object.append(Key.access, .string(access))
        object.append(Key.value, .string(value))
        object.append(Key.fieldKey, .string(key))
        // A string limit on a named type can only be on an opaque string.
        object.append(Key.readsRawValue, .bool({ if case .named = type { true } else { false } }()))
        object.append(Key.maxBytes, number(c.maxBytes))
        object.append(Key.hasLength, .bool(c.minLength != nil || c.maxLength != nil))
        object.append(Key.minLength, number(c.minLength))
        object.append(Key.maxLength, number(c.maxLength))
        object.append(Key.pattern, .string(c.pattern == nil ? "" : property))
        object.append(Key.hasRange, .bool(c.minimum != nil || c.maximum != nil))
        object.append(Key.isInt, .bool(type == .scalar(.int)))
        object.append(Key.minimum, bound(c.minimum))
        object.append(Key.maximum, bound(c.maximum))
        object.append(Key.nested, .list(nested ? [nestedValidation(type, value: value, depth: 1, segments: [])] : []))
        return [.object(object)]
    }

    /// The validation of a reply's result (`validateResult`), as
    /// `validateField.tmpl` writes it: only the values inside it that
    /// validate, at the path the reply is given.
    func resultValidation(_ type: TypeRef, isRequired: Bool) -> [TemplateValue] {
        guard validates(type) else { return [] }
        let value = isRequired ? "result" : "v0"
        var object = TemplateObject(keys: Self.resultValidationKeys)
        object.append(Key.isRequired, .bool(isRequired))
        object.append(Key.access, "result")
        object.append(Key.value, .string(value))
        object.append(Key.fieldKey, "")
        object.append(Key.maxBytes, "")
        object.append(Key.hasLength, false)
        object.append(Key.pattern, "")
        object.append(Key.hasRange, false)
        object.append(Key.nested, .list([nestedValidation(type, value: value, depth: 1, segments: [])]))
        return [.object(object)]
    }

    /// How `validateNested.tmpl` validates `value` of `type`, whose named
    /// leaf validates: the named type's `validate`, or a loop over a list's
    /// or map's elements (`e1`, with index `i1` or key `k1`; numbered by
    /// `depth` so that no lambda parameter hides another), each validated
    /// one level down. `segments` are what the path adds below the field's
    /// key, one per level (`isIndex`, the level's `depth`).
    func nestedValidation(_ type: TypeRef, value: String, depth: Int, segments: [TemplateValue]) -> TemplateValue {
        var element: [TemplateValue] = []
        var isNamed = false
        var isList = false
        var isMap = false
        let level = Self.depthText(depth)
        func segment(isIndex: Bool) -> TemplateValue {
            var segment = TemplateObject(keys: Self.segmentKeys)
            segment.append(Key.isIndex, .bool(isIndex))
            segment.append(Key.depth, .string(level))
            return .object(segment)
        }
        switch type {
        case .scalar:
            break
        case .named:
            isNamed = true
        case let .list(inner):
            isList = true
            element = [nestedValidation(inner, value: "e" + level, depth: depth + 1, segments: segments + [segment(isIndex: true)])]
        case let .map(inner):
            isMap = true
            element = [nestedValidation(inner, value: "e" + level, depth: depth + 1, segments: segments + [segment(isIndex: false)])]
        }
        var object = TemplateObject(keys: Self.nestedValidationKeys)
        object.append(Key.isNamed, .bool(isNamed))
        object.append(Key.isList, .bool(isList))
        object.append(Key.isMap, .bool(isMap))
        object.append(Key.value, .string(value))
        object.append(Key.depth, .string(level))
        object.append(Key.segments, .list(segments))
        object.append(Key.element, .list(element))
        return .object(object)
    }
}
