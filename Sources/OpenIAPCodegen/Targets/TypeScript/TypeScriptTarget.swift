/// Renders the whole spec as one declaration file, `openiap.d.ts`, that
/// describes the JSON payloads: every spec type exported under its spec name,
/// in name order.
///
/// - records and shared field sets become interfaces (`extends` for includes);
///   inputs with exactly-one-of groups become an intersection with one union
///   per group, so setting two members or none fails to compile;
/// - enums and opaque strings become string literal unions; open ones end
///   with `(string & {})` so any string is accepted while editors still offer
///   the listed values;
/// - unions become a union of their members, each intersected with its tag
///   literal so that checking the discriminator narrows the type. Unknown
///   tags kept at run time (`unknown: keep`) get no member of their own: a
///   catch-all object with `disc: string` would stop that narrowing. The doc
///   comment says so instead.
public struct TypeScriptTarget: GenerationTarget {
    public let name = "typescript"
    public let outputFolder = "TypeScript"
    public static let fileName = "openiap.d.ts"

    public init() {}

    public func jobs(_ spec: Spec, templates: TemplateSet, header: GeneratedHeader) throws(DiagnosticError) -> [RenderJob] {
        [RenderJob(cost: spec.types.count) { () throws(DiagnosticError) in
            let model = TypeScriptViewModel(spec: spec)
            // Each declaration is built when the file reaches it and dropped
            // after, so the whole file's values are never held at once.
            let bytes = try templates.renderFile(
                "file", model.frame(header: header), streaming: "declarations", count: spec.types.count
            ) { model.declaration(spec.types[$0]) }
            return [GeneratedFile(path: Self.fileName, bytes: bytes)]
        }]
    }
}

/// Turns the spec into template values. Every name, type, literal and doc
/// line is final text here; templates add only punctuation and layout.
struct TypeScriptViewModel {
    let spec: Spec

    /// The `file` template's context without its `declarations`, which the
    /// target streams: `declaration(_:)` of each type in turn.
    func frame(header: GeneratedHeader) -> TemplateObject {
        var object = TemplateObject(capacity: 3)
        // One comment line: a stray line break must not end the comment.
        object.append(Key.header, .string(header.text.split(whereSeparator: \.isNewline).joined(separator: " ")))
        // A file without exports would not be a module.
        object.append(Key.isEmpty, .bool(spec.types.isEmpty))
        return object
    }

    /// The member names of the objects built here, made once rather than
    /// per object.
    private enum Key {
        static let header = TemplateKey("header")
        static let isEmpty = TemplateKey("isEmpty")
        static let name = TemplateKey("name")
        static let isInterface = TemplateKey("isInterface")
        static let isIntersection = TemplateKey("isIntersection")
        static let isAlias = TemplateKey("isAlias")
        static let extendsClause = TemplateKey("extendsClause")
        static let fields = TemplateKey("fields")
        static let parts = TemplateKey("parts")
        static let hasOwnFields = TemplateKey("hasOwnFields")
        static let groups = TemplateKey("groups")
        static let variants = TemplateKey("variants")
        static let single = TemplateKey("single")
        static let members = TemplateKey("members")
        static let key = TemplateKey("key")
        static let optionalMark = TemplateKey("optionalMark")
        static let type = TemplateKey("type")
    }

    func declaration(_ type: NamedType) -> TemplateValue {
        switch type {
        case let .record(record):
            record.exactlyOne.isEmpty ? recordInterface(record) : exactlyOneIntersection(record)
        case let .fieldSet(set):
            fieldSetInterface(set)
        case let .enumeration(enumeration):
            enumAlias(enumeration)
        case let .opaqueString(opaque):
            opaqueAlias(opaque)
        case let .union(union):
            unionAlias(union)
        }
    }

    // MARK: - Records

    private func recordInterface(_ record: RecordType) -> TemplateValue {
        var fields: [TemplateValue] = []
        fields.reserveCapacity(record.fields.count)
        record.fields.forEachAddress { field in
            if field.pointee.includedFrom == nil { fields.append(self.field(field)) }
        }
        return interface(record.name, extends: record.includes, fields: fields, doc: typeDoc(record.annotations))
    }

    private func fieldSetInterface(_ set: FieldSet) -> TemplateValue {
        var fields: [TemplateValue] = []
        fields.reserveCapacity(set.fields.count)
        set.fields.forEachAddress { fields.append(field($0)) }
        return interface(set.name, extends: [], fields: fields, doc: typeDoc(set.annotations))
    }

    private func interface(_ name: String, extends: [String], fields: [TemplateValue], doc: DocComment) -> TemplateValue {
        let clause = extends.isEmpty ? "" : " extends " + extends.map(TypeScriptNames.typeName).joined(separator: ", ")
        return declarationValue(name: name, doc: doc, kind: .interface, extendsClause: clause, fields: fields)
    }

    /// `Sets & { other fields } & (| {a: A; b?: null} | {a?: null; b: B})`:
    /// in each variant one group member is required and not null, and the
    /// others may only be absent or null.
    private func exactlyOneIntersection(_ record: RecordType) -> TemplateValue {
        let grouped = Set(record.exactlyOne.flatMap(\.fields))
        var own: [TemplateValue] = []
        record.fields.forEachAddress { field in
            if field.pointee.includedFrom == nil, !grouped.contains(field.pointee.name) { own.append(self.field(field)) }
        }
        var doc = typeDoc(record.annotations)
        for group in record.exactlyOne {
            doc.paragraphs.append(
                "Exactly one of \(group.fields.map(TypeScriptNames.docCode).joined(separator: ", ")) is set (present and not null).")
        }
        let groups: [TemplateValue] = record.exactlyOne.map { group in
            let variants: [TemplateValue] = group.fields.map { chosen in
                let fields: [TemplateValue] = group.fields.compactMap { name in
                    guard let index = record.fields.firstIndex(where: { $0.name == name }) else { return nil }
                    return record.fields.withAddress(at: index) { member in
                        name == chosen ? field(member, forceRequired: true) : nullOnlyField(member)
                    }
                }
                var variant = TemplateObject(capacity: 1)
                variant.append(Key.fields, .list(fields))
                return .object(variant)
            }
            var group = TemplateObject(capacity: 1)
            group.append(Key.variants, .list(variants))
            return .object(group)
        }
        return declarationValue(
            name: record.name, doc: doc, kind: .intersection, fields: own,
            parts: record.includes.map { .string(TypeScriptNames.typeName($0)) }, hasOwnFields: !own.isEmpty, groups: groups)
    }

    private func field(_ field: UnsafePointer<Field>, forceRequired: Bool = false) -> TemplateValue {
        let required = field.pointee.isRequired || forceRequired
        var object = TemplateObject(capacity: DocComment.templateKeyCount + 3)
        fieldDoc(field).addTemplateMembers(to: &object)
        object.append(Key.key, .string(TypeScriptNames.propertyKey(field.pointee.name)))
        object.append(Key.optionalMark, .string(required ? "" : "?"))
        let type = required ? TypeScriptTypeMapping.type(field.pointee.type) : TypeScriptTypeMapping.optionalType(field.pointee.type)
        object.append(Key.type, .string(type))
        return .object(object)
    }

    /// A group member that another variant sets: absent or null only.
    private func nullOnlyField(_ field: UnsafePointer<Field>) -> TemplateValue {
        var object = TemplateObject(capacity: DocComment.templateKeyCount + 3)
        DocComment().addTemplateMembers(to: &object)
        object.append(Key.key, .string(TypeScriptNames.propertyKey(field.pointee.name)))
        object.append(Key.optionalMark, "?")
        object.append(Key.type, "null")
        return .object(object)
    }

    // MARK: - Aliases

    private func enumAlias(_ type: EnumType) -> TemplateValue {
        var doc = DocComment(type.annotations.doc)
        var literals: [String] = []
        var aliasNotes: [String] = []
        for (value, aliases) in zip(type.values, type.decodeAliasesOfValues()) {
            literals.append(TypeScriptNames.stringLiteral(value.wire))
            for alias in aliases {
                aliasNotes.append("\(TypeScriptNames.docCode(alias)) (\(TypeScriptNames.docCode(value.wire)))")
                // A closed type must still admit what readers accept.
                if type.isClosed { literals.append(TypeScriptNames.stringLiteral(alias)) }
            }
        }
        doc.paragraphs.append(
            type.isClosed
                ? "Closed: no other value is valid."
                : "Open: other strings may arrive as the spec grows, so keep a fallback when comparing with these values.")
        doc.paragraphs.append(Self.valueList(type.values))
        if !aliasNotes.isEmpty {
            doc.paragraphs.append(
                "Readers also accept these spellings for the value in parentheses; write the value itself: "
                    + aliasNotes.joined(separator: ", ") + ".")
        }
        doc.addLifecycle(type.annotations)
        if !type.isClosed { literals.append(TypeScriptTypeMapping.anyOtherString) }
        return alias(type.name, doc: doc, members: literals)
    }

    private func opaqueAlias(_ type: OpaqueStringType) -> TemplateValue {
        var doc = DocComment(type.annotations.doc)
        doc.paragraphs.append(
            type.knownValues.isEmpty ? "Any string is valid." : "Any string is valid; these values are known:")
        if !type.knownValues.isEmpty { doc.paragraphs.append(Self.valueList(type.knownValues)) }
        if type.emptyIsAbsent { doc.paragraphs.append("Readers treat an empty string as an absent value.") }
        doc.addLifecycle(type.annotations)
        let members = type.knownValues.isEmpty
            ? ["string"]
            : type.knownValues.map { TypeScriptNames.stringLiteral($0.wire) } + [TypeScriptTypeMapping.anyOtherString]
        return alias(type.name, doc: doc, members: members)
    }

    private func unionAlias(_ union: UnionType) -> TemplateValue {
        var doc = DocComment(union.annotations.doc)
        let discriminator = TypeScriptNames.docCode(union.discriminator)
        doc.paragraphs.append(
            "Check \(discriminator) to tell the members apart: "
                + union.members.map { "\(TypeScriptNames.docCode($0.tag)) for {@link \(TypeScriptNames.typeName($0.typeName))}" }
                .joined(separator: ", ") + ".")
        switch union.unknownTag {
        case .keep:
            doc.paragraphs.append(
                "Payloads with another \(discriminator) are kept by readers, but this type leaves them out so that checking \(discriminator) narrows it; code that may see them should treat an object matching no member as unknown.")
        case .fail:
            doc.paragraphs.append("Payloads with another \(discriminator) are rejected.")
        }
        doc.addLifecycle(union.annotations)
        let key = TypeScriptNames.propertyKey(union.discriminator)
        let members = union.members.map {
            "(\(TypeScriptNames.typeName($0.typeName)) & { \(key): \(TypeScriptNames.stringLiteral($0.tag)) })"
        }
        return alias(union.name, doc: doc, members: members)
    }

    private func alias(_ name: String, doc: DocComment, members: [String]) -> TemplateValue {
        declarationValue(
            name: name, doc: doc, kind: .alias, single: members.count == 1 ? members[0] : "", members: members.map { .string($0) })
    }

    // MARK: - Declarations and docs

    private enum Kind { case interface, intersection, alias }

    /// Every key any declaration template reads is present, so a missing
    /// one can never be picked up from an enclosing context.
    private func declarationValue(
        name: String, doc: DocComment, kind: Kind, extendsClause: String = "", fields: [TemplateValue] = [],
        parts: [TemplateValue] = [], hasOwnFields: Bool = false, groups: [TemplateValue] = [], single: String = "",
        members: [TemplateValue] = []
    ) -> TemplateValue {
        var object = TemplateObject(capacity: DocComment.templateKeyCount + 11)
        doc.addTemplateMembers(to: &object)
        object.append(Key.name, .string(TypeScriptNames.typeName(name)))
        object.append(Key.isInterface, .bool(kind == .interface))
        object.append(Key.isIntersection, .bool(kind == .intersection))
        object.append(Key.isAlias, .bool(kind == .alias))
        object.append(Key.extendsClause, .string(extendsClause))
        object.append(Key.fields, .list(fields))
        object.append(Key.parts, .list(parts))
        object.append(Key.hasOwnFields, .bool(hasOwnFields))
        object.append(Key.groups, .list(groups))
        object.append(Key.single, .string(single))
        object.append(Key.members, .list(members))
        return .object(object)
    }

    private func typeDoc(_ annotations: Annotations) -> DocComment {
        var doc = DocComment(annotations.doc)
        doc.addLifecycle(annotations)
        return doc
    }

    private func fieldDoc(_ field: UnsafePointer<Field>) -> DocComment {
        var doc = DocComment(field.pointee.annotations.doc)
        if case .scalar(.timestamp) = field.pointee.type { doc.paragraphs.append("Epoch milliseconds.") }
        if let bytes = field.pointee.constraints.maxBytes {
            doc.paragraphs.append("At most \(bytes) bytes once encoded as UTF-8 (bytes, not characters).")
        }
        switch (field.pointee.constraints.minimum, field.pointee.constraints.maximum) {
        case let (minimum?, maximum?):
            doc.paragraphs.append("From \(JSONEscaping.number(minimum)) to \(JSONEscaping.number(maximum)), inclusive.")
        case let (minimum?, nil):
            doc.paragraphs.append("At least \(JSONEscaping.number(minimum)).")
        case let (nil, maximum?):
            doc.paragraphs.append("At most \(JSONEscaping.number(maximum)).")
        case (nil, nil):
            break
        }
        if field.pointee.degrades {
            doc.paragraphs.append("Readers drop a value here that they cannot read and treat the field as absent.")
        }
        if let value = field.pointee.defaultValue {
            doc.tags.append("@defaultValue " + TypeScriptNames.docCode(Self.literal(value)))
        }
        doc.addLifecycle(deprecated: field.pointee.annotations.deprecated, since: field.pointee.annotations.since)
        return doc
    }

    /// `- value: doc` per value, deprecation noted.
    static func valueList(_ values: [EnumValue]) -> String {
        // One string appended to in place: a string per line, joined after,
        // allocated and copied every line twice.
        var list = ""
        for (position, value) in values.enumerated() {
            if position > 0 { list += "\n" }
            list += "- "
            list += TypeScriptNames.docCode(value.wire)
            if let doc = value.annotations.doc, !doc.isEmpty {
                list += ": "
                list += Self.oneLine(doc)
            }
            if let message = value.annotations.deprecated {
                if message.isEmpty {
                    list += " (deprecated)"
                } else {
                    list += " (deprecated: "
                    list += message
                    list += ")"
                }
            }
        }
        return list
    }

    /// The text with its line breaks (and blank lines) replaced by single
    /// spaces.
    static func oneLine(_ text: String) -> String {
        // Line breaks are ASCII 0x0A to 0x0D or non-ASCII; text with neither
        // has none.
        // The bytes are read in place (the UTF-8 view steps slowly), and a
        // word with no control or non-ASCII byte is passed over whole.
        let hasBreak = text.withUTF8Bytes { bytes in
            var index = 0
            while index + 8 <= bytes.count, !ByteWords.hasControlOrNonASCII(ByteWords.word(bytes, at: index)) { index += 8 }
            return bytes[index...].contains { (0x0A...0x0D).contains($0) || $0 >= 0x80 }
        }
        if !hasBreak { return text }
        return text.split(whereSeparator: \.isNewline).joined(separator: " ")
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

/// The content of one `/** … */` comment: prose paragraphs, then tags.
struct DocComment {
    var paragraphs: [String] = []
    var tags: [String] = []

    init(_ doc: String? = nil) {
        if let doc { paragraphs.append(doc) }
    }

    mutating func addLifecycle(_ annotations: Annotations) {
        addLifecycle(deprecated: annotations.deprecated, since: annotations.since)
    }

    mutating func addLifecycle(deprecated: String?, since: String?) {
        if let since { tags.append("@since " + since) }
        if let message = deprecated {
            tags.append(message.isEmpty ? "@deprecated" : "@deprecated " + message)
        }
    }

    /// The comment's lines, escaped, with one blank line between paragraphs
    /// and before the tags. Tags are added unescaped: they are meant as tags.
    var lines: [String] {
        var lines: [String] = []
        // Room for every paragraph and the blank lines between them; only
        // paragraphs of several lines grow it.
        lines.reserveCapacity(2 * (paragraphs.count + tags.count))
        // Every block added is non-empty.
        func addBlock(_ block: some Collection<String>) {
            if !lines.isEmpty { lines.append("") }
            lines.append(contentsOf: block)
        }
        for paragraph in paragraphs {
            if let line = Self.plainLine(paragraph) {
                // Appended as one element: the generic `append(contentsOf:)`
                // costs more than the line itself.
                if !lines.isEmpty { lines.append("") }
                lines.append(line)
                continue
            }
            let paragraphLines = Self.plainLines(paragraph)
                ?? paragraph.split(separator: "\n", omittingEmptySubsequences: false)
                .map { TypeScriptNames.docText(Self.trimmedTrailing(String($0))) }
            // Drop blank lines at either end of a paragraph.
            guard let first = paragraphLines.firstIndex(where: { !$0.isEmpty }),
                let last = paragraphLines.lastIndex(where: { !$0.isEmpty })
            else { continue }
            addBlock(paragraphLines[first...last])
        }
        if !tags.isEmpty { addBlock(tags.map(Self.tagLine)) }
        return lines
    }

    /// A tag as written: the tag word stays a tag; only its text is escaped.
    private static func tagLine(_ tag: String) -> String {
        let parts = tag.split(separator: " ", maxSplits: 1)
        guard parts.count == 2 else { return tag }
        var text = TypeScriptNames.docText(String(parts[1]))
        // The bytes are read in place (the UTF-8 view steps slowly).
        if text.withUTF8Bytes({ $0.contains(UInt8(ascii: "\n")) }) { text = text.replacing("\n", with: " ") }
        return "\(parts[0]) " + text
    }

    /// How many members `addTemplateMembers` adds.
    static let templateKeyCount = 3

    /// `docSingle` for a one-line comment, otherwise `hasDocBlock` and
    /// `docLines`; all three keys are always added.
    func addTemplateMembers(to object: inout TemplateObject) {
        // Most comments are one paragraph that is one plain line: the
        // paragraph itself is the comment, with no array of lines to build
        // and free for every field.
        if tags.isEmpty, paragraphs.count == 1, let line = Self.plainLine(paragraphs[0]) {
            object.append(Key.docSingle, .string(line))
            object.append(Key.hasDocBlock, false)
            object.append(Key.docLines, .list([Self.lineValue(line)]))
            return
        }
        let lines = self.lines
        object.append(Key.docSingle, .string(lines.count == 1 ? lines[0] : ""))
        object.append(Key.hasDocBlock, .bool(lines.count > 1))
        var values: [TemplateValue] = []
        values.reserveCapacity(lines.count)
        for line in lines { values.append(Self.lineValue(line)) }
        object.append(Key.docLines, .list(values))
    }

    private enum Key {
        static let docSingle = TemplateKey("docSingle")
        static let hasDocBlock = TemplateKey("hasDocBlock")
        static let docLines = TemplateKey("docLines")
        static let text = TemplateKey("text")
    }

    /// One entry of `docLines`.
    private static func lineValue(_ line: String) -> TemplateValue {
        var object = TemplateObject(capacity: 1)
        object.append(Key.text, .string(line))
        return .object(object)
    }

    /// The paragraph itself when it is one line that `docText` leaves as it
    /// is and that ends in no space or tab: the usual doc, found without
    /// splitting or copying it. Nil for any other paragraph.
    private static func plainLine(_ paragraph: String) -> String? {
        // `needsDocEscape` is true for every line break and control byte
        // other than a tab.
        guard let last = paragraph.utf8.last, last != UInt8(ascii: " "), last != UInt8(ascii: "\t"),
            !TypeScriptNames.needsDocEscape(paragraph)
        else { return nil }
        return paragraph
    }

    /// The escaped lines of a paragraph of printable ASCII and line feeds,
    /// split and trimmed on bytes (there every character is one byte);
    /// nil for any other text, which takes the character-based path.
    private static func plainLines(_ paragraph: String) -> [String]? {
        // Read in place and split in one pass, without copying the bytes
        // into an array and the array into slices first.
        return paragraph.withUTF8Bytes { bytes -> [String]? in
            guard !bytes.contains(where: { ($0 < 0x20 && $0 != UInt8(ascii: "\n")) || $0 >= 0x7F }) else { return nil }
            var lines: [String] = []
            var start = 0
            while true {
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
                var trimmed = end
                while trimmed > start, bytes[trimmed - 1] == UInt8(ascii: " ") { trimmed -= 1 }
                lines.append(TypeScriptNames.docText(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<trimmed]), as: UTF8.self)))
                guard end < bytes.count else { return lines }
                start = end + 1
            }
        }
    }

    private static func trimmedTrailing(_ text: String) -> String {
        var text = text
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text.removeLast() }
        return text
    }
}
