import OpenIAPSpec
import OpenIAPTemplates

/// What `validate()` checks: a record's exactly-one and at-least-one
/// groups, each field's constraints, nested values, and the compiled
/// `pattern:`s.
extension SwiftViewModel {
    /// The record's compiled `pattern:`s, one per field that has one, named
    /// after the field's property in the private `OpenIAPPatterns` enum
    /// (the prefix no spec type may take, so the enum hides none).
    func patternContexts(_ fields: [Field]) -> [TemplateValue] {
        var result: [TemplateValue] = []
        // By index, reading only what is used: a `for field in` loop copies
        // every field of every record, and few have a pattern.
        for index in fields.indices {
            guard let pattern = fields[index].constraints.pattern else { continue }
            var object = TemplateObject(keys: Self.patternKeys)
            object.append(Key.name, .string(SwiftNames.escaped(SwiftNames.name(fields[index].name, in: .property))))
            object.append(Key.source, .string(SwiftEscaping.stringLiteral(pattern.source)))
            // One step goes on one line, more one per line, as
            // swift-format lays out collection literals.
            object.append(Key.hasOneStep, .bool(pattern.steps.count == 1))
            object.append(Key.steps, .list(pattern.steps.map(Self.stepContext)))
            result.append(.object(object))
        }
        return result
    }

    /// The `low`, `high`, `minimum` and `maximum` of a pattern step, as
    /// `OpenIAPPattern.init` takes them: the character sets in
    /// hexadecimal, -1 for no maximum.
    static func stepContext(_ step: StringPattern.Step) -> TemplateValue {
        // Sixteen digits in groups of four, as swift-format asks.
        func hex(_ word: UInt64) -> String {
            let digits = Array(String(word, radix: 16, uppercase: true))
            let padded = Array(repeating: Character("0"), count: 16 - digits.count) + digits
            return "0x" + stride(from: 0, to: 16, by: 4).map { String(padded[$0..<$0 + 4]) }.joined(separator: "_")
        }
        var object = TemplateObject(keys: Self.stepKeys)
        object.append(Key.low, .string(hex(step.low)))
        object.append(Key.high, .string(hex(step.high)))
        object.append(Key.minimum, .string(String(step.minimum)))
        object.append(Key.maximum, .string(String(step.maximum ?? -1)))
        return .object(object)
    }

    // MARK: - Validation

    /// The record's exactly-one groups (`exactlyOneGroups`) and at-least-one
    /// groups (`atLeastOneGroups`), each with the stored properties of its
    /// fields and their wire names as string literals; `validate()` checks
    /// them before its fields' own lines (see `appendValidationLines`).
    func addGroups(_ record: RecordType, to object: inout TemplateObject) {
        func group(_ group: FieldGroup) -> TemplateObject {
            let storages = group.fields.compactMap { name in record.field(name) }
                .map { TemplateValue.string(storageName($0.name, deprecated: $0.annotations.deprecated != nil)) }
            return ["storages": .list(storages), "names": .list(group.fields.map { .string(SwiftEscaping.stringLiteral($0)) })]
        }
        // Each count is a local of its own: `set0`, then every other number
        // (`set2`, `set4`, …), as the generated code has always named them.
        object.append(Key.exactlyOneGroups, .list(record.exactlyOne.enumerated().map { index, item in
            var object = group(item)
            object.append(Key.set, .string("set\(2 * index)"))
            return .object(object)
        }))
        object.append(Key.atLeastOneGroups, .list(record.atLeastOne.map { .object(group($0)) }))
    }

    /// The validation of one field, if it has anything to check: its
    /// constraints, then its value's own `validate()` (through lists and
    /// maps) when its type validates; `validateField.tmpl` writes it.
    /// The field is the one at `index` of `fields`, read in place; `leaf` are the traits of the type it names and
    /// `value` the expression that reads it (`self.` and its stored
    /// property, or a oneOf case's `payload`), both worked out there; it
    /// is made only for a field that has something to check. `key` is the
    /// text of the wire name's string literal, without the quotes that
    /// `validateField.tmpl` writes, and `property` the escaped Swift name
    /// (the pattern's name in `OpenIAPPatterns`), which the caller has made
    /// already for the field's coding and declaration.
    func appendValidation(
        _ fields: [Field], at index: Int, leaf: Traits, key: String, property: String, value: () -> String,
        to result: inout [TemplateValue]
    ) {
        let c = fields[index].constraints
        let validates = leaf.contains(.validates)
        // Only constraints and nested values that validate are checked.
        guard !c.isEmpty || validates else { return }
        let type = fields[index].type
        let isOpaque = if case .named = type { leaf.contains(.opaque) } else { false }
        func number(_ value: Int?) -> TemplateValue { value.map { .string(String($0)) } ?? "" }
        func number(_ value: Double?) -> TemplateValue { value.map { .string("\($0)") } ?? "" }
        var object = TemplateObject(keys: Self.validationKeys)
        object.append(Key.isRequired, .bool(fields[index].isRequired))
        object.append(Key.value, .string(value()))
        object.append(Key.key, .string(key))
        object.append(Key.isOpaque, .bool(isOpaque))
        object.append(Key.maxBytes, number(c.maxBytes))
        object.append(Key.hasLength, .bool(c.minLength != nil || c.maxLength != nil))
        object.append(Key.minLength, number(c.minLength))
        object.append(Key.maxLength, number(c.maxLength))
        object.append(Key.pattern, .string(c.pattern == nil ? "" : property))
        object.append(Key.hasRange, .bool(c.minimum != nil || c.maximum != nil))
        object.append(Key.minimum, number(c.minimum))
        object.append(Key.maximum, number(c.maximum))
        object.append(Key.nested, validates ? Self.nestedValidations(of: type) : .list([]))
        result.append(.object(object))
    }

    /// The `nested` member of a field whose type validates: one
    /// `nestedValidation` of the field's `value`. It depends only on how
    /// lists and maps wrap the named type, never on the name, so the
    /// common shapes (the type itself, a list or a map of it) are made
    /// once and shared by every such field.
    static func nestedValidations(of type: TypeRef) -> TemplateValue {
        switch type {
        case .named: return namedNestedValidations
        case .list(.named): return listNestedValidations
        case .map(.named): return mapNestedValidations
        default: return .list([nestedValidation(type, value: "value", segments: [])])
        }
    }

    private static let namedNestedValidations: TemplateValue =
        .list([nestedValidation(.named(""), value: "value", segments: [])])
    private static let listNestedValidations: TemplateValue =
        .list([nestedValidation(.list(.named("")), value: "value", segments: [])])
    private static let mapNestedValidations: TemplateValue =
        .list([nestedValidation(.map(.named("")), value: "value", segments: [])])

    /// How `validateNested.tmpl` validates a value of `type` whose named
    /// leaf validates: a named type's `validate(at:)`, or a loop over a
    /// list's or map's elements, each validated the same way one level
    /// down. `segments` are what the path adds below the field's key, one
    /// per level of lists (`isIndex`, the element's index) and maps (its key).
    static func nestedValidation(_ type: TypeRef, value: String, segments: [TemplateValue]) -> TemplateValue {
        var element: [TemplateValue] = []
        var isNamed = false
        var isList = false
        var isMap = false
        switch type {
        case .scalar:
            break
        case .named:
            isNamed = true
        case let .list(inner):
            isList = true
            element = [nestedValidation(inner, value: "element", segments: segments + [Self.segment(isIndex: true)])]
        case let .map(inner):
            isMap = true
            element = [nestedValidation(inner, value: "element", segments: segments + [Self.segment(isIndex: false)])]
        }
        var object = TemplateObject(keys: Self.nestedValidationKeys)
        object.append(Key.isNamed, .bool(isNamed))
        object.append(Key.isList, .bool(isList))
        object.append(Key.isMap, .bool(isMap))
        object.append(Key.value, .string(value))
        object.append(Key.segments, .list(segments))
        object.append(Key.element, .list(element))
        return .object(object)
    }

    /// One level of a validation path below a field (`validatePathSegment.tmpl`),
    /// made once: every path shares the two.
    static func segment(isIndex: Bool) -> TemplateValue {
        isIndex ? indexSegment : keySegment
    }

    private static let indexSegment: TemplateValue = ["isIndex": true]
    private static let keySegment: TemplateValue = ["isIndex": false]

    /// `self.` and the stored property of the field called `name`.
    func storageName(_ name: String, deprecated: Bool) -> String {
        let property = SwiftNames.name(name, in: .property)
        return deprecated ? "self._\(property)" : "self.\(SwiftNames.escaped(property))"
    }
}
