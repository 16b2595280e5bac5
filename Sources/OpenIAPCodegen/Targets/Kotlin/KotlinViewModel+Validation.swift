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
            let literal = KotlinNames.stringLiteral(characters)
            return .string(String(source: "OpenIAPPattern.Step(\(literal), \(step.minimum), \(step.maximum ?? -1))"))
        }))
        return .object(object)
    }

    // MARK: - Validation

    /// The record's exactly-one checks, then its at-least-one checks, as
    /// in Swift.
    func groupLines(_ record: RecordType, names: KotlinMemberNames) -> [TemplateValue] {
        func properties(_ group: FieldGroup) -> [String] {
            group.fields.compactMap { name -> String? in
                guard let index = record.fields.firstIndex(where: { $0.name == name }) else { return nil }
                return "this." + KotlinNames.escaped(names.names[index])
            }
        }
        func wires(_ group: FieldGroup) -> String { group.fields.map(KotlinNames.stringLiteral).joined(separator: ", ") }
        let exactlyOne = record.exactlyOne.map { group -> TemplateValue in
            let counts = properties(group).map { "(if (\($0) != null) 1 else 0)" }
            return .string("OpenIAPValidation.checkExactlyOne(listOf(\(wires(group))), \(counts.joined(separator: " + ")), path)")
        }
        let atLeastOne = record.atLeastOne.map { group -> TemplateValue in
            let set = properties(group).map { "\($0) != null" }
            return .string("OpenIAPValidation.checkAtLeastOne(listOf(\(wires(group))), \(set.joined(separator: " || ")), path)")
        }
        return exactlyOne + atLeastOne
    }

    /// The lines that check one field, in Swift's order: its byte limit,
    /// length in characters, pattern and range, then the values inside it
    /// that validate. An optional field is checked when it is set, as `v0`.
    func validationLines(_ field: Field, access: String, key: String, property: String) -> [TemplateValue] {
        let c = field.constraints
        let nested = validates(field.type)
        guard !c.isEmpty || nested else { return [] }
        let value = field.isRequired ? access : "v0"
        let path = "path + \(key)"
        var body: [String] = []
        // A string limit on a named type can only be on an opaque string.
        let text: StaticString = if case .named = field.type { ".rawValue" } else { "" }
        if let limit = c.maxBytes {
            body.append(String(source: "OpenIAPValidation.checkBytes(\(value)\(text), \(limit)L, \(path))"))
        }
        if c.minLength != nil || c.maxLength != nil {
            let minimum = c.minLength.map { "\($0)L" } ?? "null"
            let maximum = c.maxLength.map { "\($0)L" } ?? "null"
            body.append(String(source: "OpenIAPValidation.checkCharacters(\(value)\(text), \(minimum), \(maximum), \(path))"))
        }
        if c.pattern != nil {
            body.append(String(source: "OpenIAPValidation.checkPattern(\(value)\(text), OpenIAPPatterns.\(property), \(path))"))
        }
        if c.minimum != nil || c.maximum != nil {
            let number = field.type == .scalar(.int) ? value + ".toDouble()" : value
            let bound = { (limit: Double?) in limit.map { KotlinTypeMapping.literal(.double($0), type: .scalar(.double), spec: spec) } ?? "null" }
            body.append("OpenIAPValidation.checkRange(\(number), \(bound(c.minimum)), \(bound(c.maximum)), \(path))")
        }
        if nested { appendNestedValidation(field.type, value: value, path: path, depth: 1, indent: "", to: &body) }
        if field.isRequired { return body.map(TemplateValue.string) }
        return [.string("\(access)?.let { v0 ->")] + body.map { .string("    " + $0) } + ["}"]
    }

    /// The lines that validate `value` of `type`, whose named leaf validates.
    func appendNestedValidation(
        _ type: TypeRef, value: String, path: String, depth: Int, indent: String, to lines: inout [String]
    ) {
        switch type {
        case .scalar:
            return
        case .named:
            lines.append("\(indent)\(value).validate(\(path))")
        case let .list(element):
            lines.append("\(indent)\(value).forEachIndexed { i\(depth), e\(depth) ->")
            appendNestedValidation(
                element, value: "e\(depth)", path: "\(path) + \"[$i\(depth)]\"", depth: depth + 1, indent: indent + "    ",
                to: &lines)
            lines.append("\(indent)}")
        case let .map(element):
            lines.append("\(indent)\(value).forEach { (k\(depth), e\(depth)) ->")
            appendNestedValidation(
                element, value: "e\(depth)", path: "\(path) + k\(depth)", depth: depth + 1, indent: indent + "    ", to: &lines)
            lines.append("\(indent)}")
        }
    }
}
