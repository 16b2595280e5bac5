/// The TypeScript side of deprecations: `@deprecated` names the
/// replacement (editors show the tag's text and strike the old name
/// through), and a renamed type keeps its old name as a deprecated alias.
///
/// TypeScript spells types, keys, operations and string values as the spec
/// does, so the replacement's name is the spec's.

import OpenIAPSpec
import OpenIAPTemplates

enum TypeScriptDeprecation {
    /// The text of `@deprecated`: the reason, then "Use X." when the
    /// deprecation names a replacement; nil when not deprecated.
    static func message(_ annotations: Annotations) -> String? {
        guard let message = annotations.deprecated else { return nil }
        guard let replacement = annotations.deprecation?.replacement else { return message }
        let use = "Use \(useText(replacement))."
        return message.isEmpty ? use : "\(message) \(use)"
    }

    /// `Product`, or `price` of `Product` for a member.
    static func useText(_ id: String) -> String {
        let parts = id.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return TypeScriptNames.docCode(id) }
        return TypeScriptNames.docCode(parts[1]) + " of " + TypeScriptNames.docCode(parts[0])
    }
}

extension TypeScriptViewModel {
    /// `export type Old = New;`: the old name of a type that is
    /// `renamedFrom` it, deprecated in favour of the new one, so that code
    /// written against it still compiles.
    func oldNameAlias(_ type: NamedType) -> TemplateValue {
        let apiName = shapes.apiName(type.name)
        var doc = DocComment("The name {@link \(apiName)} had before; kept so that code written against it still compiles.")
        doc.addTag("@deprecated", "Use \(TypeScriptNames.docCode(apiName)).")
        return alias(type.annotations.renamedFrom ?? type.name, doc: doc, members: [.string(apiName)])
    }
}
