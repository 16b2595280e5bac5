import OpenIAPSpec
import OpenIAPTemplates

/// What every declaration shares (its template value) and the doc comments
/// of types, fields and enum values.
extension TypeScriptViewModel {
    enum Kind { case interface, intersection, alias }

    /// Every key any declaration template reads is present, so a missing
    /// one can never be picked up from an enclosing context.
    func declarationValue(
        name: String, doc: DocComment, kind: Kind, extendsClause: String = "", fields: [TemplateValue] = [],
        parts: [TemplateValue] = [], hasOwnFields: Bool = false, groups: [TemplateValue] = [], single: TemplateValue = "",
        members: [TemplateValue] = [], constant: TemplateValue = false
    ) -> TemplateValue {
        var object = TemplateObject(keys: Self.declarationKeys)
        doc.addTemplateMembers(to: &object)
        object.append(Key.name, .string(name))
        object.append(Key.isInterface, .bool(kind == .interface))
        object.append(Key.isIntersection, .bool(kind == .intersection))
        object.append(Key.isAlias, .bool(kind == .alias))
        object.append(Key.extendsClause, .string(extendsClause))
        object.append(Key.fields, .list(fields))
        object.append(Key.parts, .list(parts))
        object.append(Key.hasOwnFields, .bool(hasOwnFields))
        object.append(Key.groups, .list(groups))
        object.append(Key.single, single)
        object.append(Key.members, .list(members))
        object.append(Key.constant, constant)
        return .object(object)
    }

    /// The doc comment of a type: its doc, a note on a wire twin, then its
    /// lifecycle tags.
    func typeDoc(_ annotations: Annotations, of specName: String) -> DocComment {
        var doc = DocComment(annotations.doc)
        if view == .wire, shapes.twins.contains(specName) {
            doc.addParagraph(
                "The JSON of {@link \(shapes.apiName(specName))}, as bridges read and write it; apps and SDKs use {@link \(shapes.apiName(specName))}.")
        }
        doc.addLifecycle(annotations)
        return doc
    }

    /// The doc comment members of `fields[index]`: its doc, then notes on
    /// its constraints, then tags.
    func addFieldDoc(_ fields: [Field], at index: Int, to object: inout TemplateObject) {
        let isTimestamp = if case .scalar(.timestamp) = fields[index].type { true } else { false }
        let constraints = fields[index].constraints
        // Most fields have a doc and nothing to add to it. The members are
        // read in place, not copied with the whole field.
        guard isTimestamp || constraints.maxBytes != nil || constraints.minimum != nil || constraints.maximum != nil
            || fields[index].degrades || fields[index].defaultValue != nil || fields[index].annotations.deprecated != nil
            || fields[index].annotations.since != nil || constraints.limitsStrings || !fields[index].aliases.isEmpty
        else {
            DocComment.addTemplateMembers(doc: fields[index].annotations.doc, to: &object)
            return
        }
        let field = fields[index]
        var doc = DocComment(field.annotations.doc)
        if isTimestamp { doc.addParagraph("Epoch milliseconds.") }
        if let bytes = constraints.maxBytes {
            doc.addParagraph("At most \(bytes) bytes once encoded as UTF-8 (bytes, not characters).")
        }
        if let length = ConstraintText.length(minimum: constraints.minLength, maximum: constraints.maxLength) {
            doc.addParagraph(length + ", counted as Unicode code points (JavaScript's `length` counts UTF-16 units, two for a character beyond U+FFFF).")
        }
        if let pattern = constraints.pattern {
            doc.addParagraph("The whole string matches " + TypeScriptNames.docCode(pattern.source) + " (readers check it).")
        }
        if !field.aliases.isEmpty {
            doc.addParagraph(
                "Readers also accept " + field.aliases.map(TypeScriptNames.docCode).joined(separator: ", ")
                    + " in its place when this key is absent.")
        }
        switch (constraints.minimum, constraints.maximum) {
        case let (minimum?, maximum?):
            doc.addParagraph("From \(JSONEscaping.number(minimum)) to \(JSONEscaping.number(maximum)), inclusive.")
        case let (minimum?, nil):
            doc.addParagraph("At least \(JSONEscaping.number(minimum)).")
        case let (nil, maximum?):
            doc.addParagraph("At most \(JSONEscaping.number(maximum)).")
        case (nil, nil):
            break
        }
        if field.degrades {
            doc.addParagraph("Readers drop a value here that they cannot read and treat the field as absent.")
        }
        if let value = field.defaultValue {
            doc.addTag("@defaultValue", TypeScriptNames.docCode(Self.literal(value)))
        }
        doc.addLifecycle(deprecated: TypeScriptDeprecation.message(field.annotations), since: field.annotations.since)
        doc.addTemplateMembers(to: &object)
    }

    /// The `valueList` paragraph, added line by line: a value's line only
    /// holds a line feed when its deprecation message does, and only then is
    /// the list joined and split again as one paragraph.
    static func addValueList(_ values: [EnumValue], to doc: inout DocComment) {
        let messagesBreak = values.contains { value in
            value.annotations.deprecated.map(mayBreakLines) ?? false
        }
        if messagesBreak {
            doc.addParagraph(valueList(values))
            return
        }
        var first = true
        for value in values {
            doc.addParagraphLine(valueLine(value), startsParagraph: first)
            first = false
        }
    }

    /// `- value: doc` per value, deprecation noted.
    static func valueList(_ values: [EnumValue]) -> String {
        // One string appended to in place: a string per line, joined after,
        // allocated and copied every line twice.
        var list = ""
        for value in values {
            if !list.isEmpty { list += "\n" }
            list += valueLine(value)
        }
        return list
    }

    /// One line of `valueList`.
    static func valueLine(_ value: EnumValue) -> String {
        let code = TypeScriptNames.docCode(value.wire)
        let doc = value.annotations.doc.flatMap { $0.isEmpty ? nil : Self.oneLine($0) }
        let message = value.annotations.deprecated
        var line = ""
        line.reserveCapacity(
            2 + code.utf8.count + (doc.map { 2 + $0.utf8.count } ?? 0) + (message.map { 15 + $0.utf8.count } ?? 0))
        line += "- "
        line += code
        if let doc {
            line += ": "
            line += doc
        }
        if let message {
            if message.isEmpty {
                line += " (deprecated)"
            } else {
                line += " (deprecated: "
                line += message
                line += ")"
            }
        }
        return line
    }

    /// The text with its line breaks (and blank lines) replaced by single
    /// spaces.
    static func oneLine(_ text: String) -> String {
        if !mayBreakLines(text) { return text }
        return text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// False when `text` certainly has no line break: line breaks are ASCII
    /// 0x0A to 0x0D or non-ASCII, and it has neither.
    static func mayBreakLines(_ text: String) -> Bool {
        // Read in place (`reduceUTF8`) with no early exit, flags as
        // numbers: the compiler then reads many bytes per step, where
        // `contains` on the UTF-8 view took some ten instructions a byte.
        let found = text.reduceUTF8(into: UInt8(0)) { found, byte in
            found |= (byte &- 0x0A <= 0x03 ? 1 : 0) | (byte >= 0x80 ? 1 : 0)
        }
        return found != 0
    }

    /// A default value as a TypeScript (and JSON) literal.
    static func literal(_ value: DefaultValue) -> String {
        switch value {
        case let .bool(flag): flag ? "true" : "false"
        case let .int(number): String(number)
        case let .double(number): JSONEscaping.number(number)
        case let .string(text), let .enumValue(text): TypeScriptNames.stringLiteral(text)
        case let .list(items): "[" + items.map(literal).joined(separator: ", ") + "]"
        }
    }
}
