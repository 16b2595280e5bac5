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
    /// compiling: a deprecated typealias.
    static func oldNameDeclarations(of type: NamedType) -> [String] {
        var result: [String] = []
        if let old = type.annotations.renamedFrom {
            let new = KotlinNames.typeName(type.name)
            result.append("""
                /** The name [\(new)] had before; kept so that code written against it still compiles. */
                @Deprecated(\(KotlinNames.stringLiteral("Renamed to \(new).")), ReplaceWith(\(KotlinNames.stringLiteral(new))))
                typealias \(old) = \(new)
                """)
        }
        return result
    }

    /// Members of a record's class that keep the old names of its renamed
    /// fields compiling: a deprecated property that reads the new one (a
    /// member, not an extension, so that code importing the class finds it).
    static func oldMembers(of record: RecordType) -> [String] {
        record.fields.compactMap { field in
            guard let old = field.annotations.renamedFrom else { return nil }
            let new = KotlinNames.name(field.name, in: .property)
            let type = KotlinTypeMapping.kotlinType(field.type, isRequired: field.isRequired)
            return """
                    /** The name of [\(new)] before it was renamed; kept so that code written against it still compiles. */
                    @Deprecated(\(KotlinNames.stringLiteral("Renamed to \(new).")), ReplaceWith(\(KotlinNames.stringLiteral(KotlinNames.escaped(new)))))
                    val \(KotlinNames.escaped(KotlinNames.name(old, in: .property))): \(type)
                        get() = this.\(KotlinNames.escaped(new))
                """
        }
    }
}
