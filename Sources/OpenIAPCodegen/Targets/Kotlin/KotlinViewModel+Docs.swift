import OpenIAPSpec
import OpenIAPTemplates

/// The KDoc bodies of types, fields and values, and deprecation annotations.
extension KotlinViewModel {
    /// `docLines`, the texts of the body lines of the KDoc comment of
    /// `doc` (`KotlinNames.docTexts`: each written after a ` *` of the
    /// template's own), without its first and last line, which the
    /// templates write when `hasDoc`.
    func addDocs(_ doc: String?, to object: inout TemplateObject) {
        var lines = DocLineList()
        lines.appendKDoc(doc)
        add(lines, to: &object)
    }

    /// `addDocs` of the field `fields[index]`: its doc, then what the
    /// generated code does with it (its default, its byte limit,
    /// degrading). The field is named by its list and position, and its
    /// members read in place: passing `fields[index]` copied the whole
    /// field (a retain and a release of each of its members) per field.
    func addFieldDocs(
        _ fields: [Field], at index: Int, defaultLiteral: String? = nil, tagDefault: String? = nil,
        to object: inout TemplateObject
    ) {
        var lines = DocLineList()
        lines.appendKDoc(fields[index].annotations.doc)
        if let defaultLiteral { lines.appendKDoc("Defaults to `\(defaultLiteral)` when absent.") }
        if let tagDefault {
            lines.appendKDoc("The constructor defaults it to `\(tagDefault)`, the one value it has in the unions that list this record; the wire always carries it.")
        }
        let constraints = fields[index].constraints
        if let limit = constraints.maxBytes {
            lines.append(line: "At most \(limit) bytes of UTF-8; checked by `validate()`.")
        }
        if let length = ConstraintText.length(minimum: constraints.minLength, maximum: constraints.maxLength) {
            lines.append(line: "\(length) (code points); checked by `validate()`.")
        }
        if let pattern = constraints.pattern {
            lines.appendKDoc("Matches \(KotlinNames.docCode(pattern.source)) as a whole; checked by `validate()`.")
        }
        if !fields[index].aliases.isEmpty {
            let names = fields[index].aliases.map(KotlinNames.docCode).joined(separator: ", ")
            let name = KotlinNames.docCode(fields[index].name)
            lines.appendKDoc("Also read from \(names) when \(name) is absent (the first key present wins); always written as \(name).")
        }
        if fields[index].degrades { lines.append(line: "A present value that cannot be read decodes as `null`.") }
        add(lines, to: &object)
    }

    func add(_ lines: DocLineList, to object: inout TemplateObject) {
        object.append(Key.docLines, lines.value)
        object.append(Key.hasDoc, .bool(!lines.isEmpty))
    }

    func deprecation(_ annotations: Annotations, owner: String? = nil) -> String {
        KotlinDeprecation.annotation(annotations, owner: owner, in: spec) ?? ""
    }
}

extension DocLineList {
    /// Adds the texts of the body lines of the KDoc comment of `doc` (see
    /// `KotlinNames.forEachDocText`).
    fileprivate mutating func appendKDoc(_ doc: String?) {
        KotlinNames.forEachDocText(doc) { append(line: $0) }
    }
}
