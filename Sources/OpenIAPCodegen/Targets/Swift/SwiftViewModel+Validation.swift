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
        fields.forEachAddress { field in
            guard let pattern = field.pointee.constraints.pattern else { return }
            var object = TemplateObject(keys: Self.patternKeys)
            object.append(Key.name, .string(SwiftNames.escaped(SwiftNames.name(field.pointee.name, in: .property))))
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
            object.append(Key.set, .string(String(source: "set\(2 * index)")))
            return .object(object)
        }))
        object.append(Key.atLeastOneGroups, .list(record.atLeastOne.map { .object(group($0)) }))
    }

    /// `field` points into the record's fields, read member by member as in
    /// `fieldContext`; `leaf` are the traits of the type it names and
    /// `value` the expression that reads it (`self.` and its stored
    /// property), both worked out there.
    func appendValidationLines(
        _ field: UnsafePointer<Field>, leaf: Traits, value: String, to result: inout [TemplateValue]
    ) {
        let c = field.pointee.constraints
        let type = field.pointee.type
        let validates = leaf.contains(.validates)
        // Only constraints and nested values that validate produce lines, so
        // past this point there is at least one.
        guard !c.isEmpty || validates else { return }
        let name = field.pointee.name
        let path = String(source: "path + [\(SwiftEscaping.stringLiteral(name))]")
        if field.pointee.isRequired {
            result.append("do {")
            result.append(.string(String(source: "    let value = \(value)")))
        } else {
            result.append(.string(String(source: "if let value = \(value) {")))
        }
        let isOpaque = if case .named = type { leaf.contains(.opaque) } else { false }
        let text: StaticString = isOpaque ? "value.rawValue" : "value"
        if let limit = c.maxBytes {
            result.append(.string(String(source: "    try OpenIAPValidationError.checkBytes(\(text), limit: \(limit), path: \(path))")))
        }
        if c.minLength != nil || c.maxLength != nil {
            let minimum = c.minLength.map { "\($0)" } ?? "nil"
            let maximum = c.maxLength.map { "\($0)" } ?? "nil"
            result.append(.string(String(source:
                "    try OpenIAPValidationError.checkCharacters(\(text), minimum: \(minimum), maximum: \(maximum), path: \(path))")))
        }
        if c.pattern != nil {
            let property = SwiftNames.escaped(SwiftNames.name(name, in: .property))
            result.append(.string(String(source:
                "    try OpenIAPValidationError.checkPattern(\(text), OpenIAPPatterns.\(property), path: \(path))")))
        }
        if c.minimum != nil || c.maximum != nil {
            let minimum = c.minimum.map { "\($0)" } ?? "nil"
            let maximum = c.maximum.map { "\($0)" } ?? "nil"
            result.append(.string(String(source:
                "    try OpenIAPValidationError.checkRange(Double(value), minimum: \(minimum), maximum: \(maximum), path: \(path))")))
        }
        if validates { appendNestedValidation(type, value: "value", path: path, indent: "    ", to: &result) }
        result.append("}")
    }

    /// The lines that validate `value` of `type`, each after `indent`, for a
    /// type whose named leaf validates: every level of lists and maps has
    /// that same leaf, so each level has lines.
    func appendNestedValidation(
        _ type: TypeRef, value: String, path: String, indent: String, to lines: inout [TemplateValue]
    ) {
        switch type {
        case .scalar:
            return
        case .named:
            lines.append(.string(String(source: "\(indent)try \(value).validate(at: \(path))")))
        case let .list(element):
            lines.append(.string(String(source: "\(indent)for (index, element) in \(value).enumerated() {")))
            appendNestedValidation(
                element, value: "element", path: String(source: "\(path) + [\"[\\(index)]\"]"), indent: indent + "    ", to: &lines)
            lines.append(.string(String(source: "\(indent)}")))
        case let .map(element):
            lines.append(.string(String(source: "\(indent)for (key, element) in \(value).sorted(by: { $0.key < $1.key }) {")))
            appendNestedValidation(
                element, value: "element", path: String(source: "\(path) + [key]"), indent: indent + "    ", to: &lines)
            lines.append(.string(String(source: "\(indent)}")))
        }
    }

    /// `self.` and the stored property of the field called `name`.
    func storageName(_ name: String, deprecated: Bool) -> String {
        let property = SwiftNames.name(name, in: .property)
        return deprecated ? String(source: "self._\(property)") : String(source: "self.\(SwiftNames.escaped(property))")
    }
}
