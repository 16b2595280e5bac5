/// The Kotlin side of deprecations: `@Deprecated(message, ReplaceWith(...))`
/// and the old names a `renamedFrom:` keeps compiling.
///
/// `ReplaceWith` is given where the replacement is an expression that
/// stands in place of the old one (a property of the same class, a type, an
/// enum value); otherwise the message names the replacement.

import OpenIAPSpec
import OpenIAPTemplates

enum KotlinDeprecation {
    /// The annotation for an element declared in `owner` (nil for a type or
    /// an operation); nil when not deprecated.
    static func annotation(_ annotations: Annotations, owner: String?, in spec: Spec) -> String? {
        guard let message = annotations.deprecated else { return nil }
        guard let replacement = spec.replacement(of: annotations) else { return KotlinNames.deprecation(message) }
        let expression: String?
        let use: String
        switch replacement.kind {
        case .type:
            expression = KotlinNames.typeName(replacement.name)
            use = expression!
        case .field where replacement.owner == owner:
            expression = KotlinNames.escaped(KotlinNames.name(replacement.name, in: .property))
            use = KotlinNames.name(replacement.name, in: .property)
        case .field:
            expression = nil
            use = "\(replacement.owner!).\(KotlinNames.name(replacement.name, in: .property))"
        case .value:
            let owner = KotlinNames.typeName(replacement.owner!)
            let member = KotlinNames.name(replacement.name, in: .enumEntry, owner: replacement.owner)
            expression = "\(owner).\(KotlinNames.escaped(member))"
            use = "\(owner).\(member)"
        case .operation, .argument:
            expression = nil
            use = replacement.id
        }
        let text = message.isEmpty ? "Use \(use)." : "\(message) Use \(use)."
        guard let expression else { return KotlinNames.deprecation(text) }
        return "@Deprecated(\(KotlinNames.stringLiteral(text)), ReplaceWith(\(KotlinNames.stringLiteral(expression))))"
    }

    /// The top-level declaration that keeps the old name of a renamed type
    /// compiling, a deprecated typealias, as the object `oldName.tmpl`
    /// writes.
    static func oldNameDeclarations(of type: NamedType) -> [TemplateValue] {
        guard let old = type.annotations.renamedFrom else { return [] }
        let new = KotlinNames.typeName(type.name)
        return [
            .object([
                "name": .string(new), "oldName": .string(old),
                "message": .string(KotlinNames.stringLiteral("Renamed to \(new).")),
                "replaceWith": .string(KotlinNames.stringLiteral(new)),
            ])
        ]
    }

    /// Members of a record's class that keep the old names of its renamed
    /// fields compiling: a deprecated property that reads the new one (a
    /// member, not an extension, so that code importing the class finds it),
    /// and a constructor with the old parameter names; objects that
    /// `oldMember.tmpl` writes, each with one of `property` and
    /// `constructor` set and the other false.
    static func oldMembers(of record: RecordType, in spec: Spec) -> [TemplateValue] {
        // By position: few fields are renamed, and looking at a field's
        // `renamedFrom` this way copies that name alone, not the whole field.
        let properties: [TemplateValue] = record.fields.indices.compactMap { index in
            guard let old = record.fields[index].annotations.renamedFrom else { return nil }
            let field = record.fields[index]
            let new = KotlinNames.name(field.name, in: .property)
            return .object([
                "property": .object([
                    "newName": .string(new), "newEscaped": .string(KotlinNames.escaped(new)),
                    "oldName": .string(KotlinNames.escaped(KotlinNames.name(old, in: .property))),
                    "type": .string(KotlinTypeMapping.kotlinType(field.type, isRequired: field.isRequired)),
                    "message": .string(KotlinNames.stringLiteral("Renamed to \(new).")),
                    "replaceWith": .string(KotlinNames.stringLiteral(KotlinNames.escaped(new))),
                ]),
                "constructor": .bool(false),
            ])
        }
        guard let constructor = renamedParameterConstructor(of: record, in: spec) else { return properties }
        return properties + [.object(["property": .bool(false), "constructor": .object(constructor)])]
    }
}

extension KotlinDeprecation {
    /// A deprecated secondary constructor that takes the fields under the
    /// names they had before their renames, so that a call naming an old
    /// parameter (`Product(title = "…")`) still compiles until the old
    /// names go. A trailing `Unit` parameter with a default keeps its JVM
    /// signature apart from the primary constructor's (the types are the
    /// same), and Kotlin prefers the primary constructor for any call both
    /// accept, since the secondary needs that default. None for a record
    /// with a choice or an implied discriminator, whose constructors take
    /// other parameters than its fields (Docs/Releases.md).
    static func renamedParameterConstructor(of record: RecordType, in spec: Spec) -> TemplateObject? {
        guard record.fields.indices.contains(where: { record.fields[$0].annotations.renamedFrom != nil }),
            !record.exactlyOne.contains(where: { $0.choice != nil }),
            (spec.impliedTagValues[record.name] ?? [:]).isEmpty
        else { return nil }
        var parameters: [(old: String, declaration: String, argument: String)] = []
        var renames: [String] = []
        for field in record.fields {
            let new = KotlinNames.escaped(KotlinNames.name(field.name, in: .property))
            let old = field.annotations.renamedFrom.map { KotlinNames.escaped(KotlinNames.name($0, in: .property)) } ?? new
            if old != new { renames.append("\(old) is now \(new)") }
            let initDefault = field.defaultValue.map { " = " + KotlinTypeMapping.literal($0, type: field.type, spec: spec) }
                ?? (field.isRequired ? "" : " = null")
            let type = KotlinTypeMapping.kotlinType(field.type, isRequired: field.isRequired)
            parameters.append((old, "\(old): \(type)\(initDefault)", "\(new) = \(old)"))
        }
        guard !renames.isEmpty else { return nil }
        parameters.sort { $0.old.unicodeScalars.lexicographicallyPrecedes($1.old.unicodeScalars) }
        var marker = "renamedFields"
        while parameters.contains(where: { $0.old == marker }) { marker += "_" }
        let call = "\(KotlinNames.typeName(record.name))(\(parameters.map(\.argument).joined(separator: ", ")))"
        let message = "Renamed: \(renames.joined(separator: ", "))."
        return [
            "message": .string(KotlinNames.stringLiteral(message)), "replaceWith": .string(KotlinNames.stringLiteral(call)),
            "parameters": .list(parameters.map { .string($0.declaration) }), "marker": .string(marker),
            "arguments": .list(parameters.map { .string($0.argument) }),
        ]
    }
}
