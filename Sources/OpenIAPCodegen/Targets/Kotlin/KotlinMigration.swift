/// Kotlin code that uses one element of a spec, by its generated name: the
/// before and after snippets of `generator diff --format markdown`.

import OpenIAPSpec
import OpenIAPTemplates

public enum KotlinMigration {
    public static func snippet(_ element: SpecElement, in spec: Spec, number: Int) -> String {
        let function = "migration\(number)"
        let type = KotlinNames.typeName(element.owner ?? element.name)
        let header = "import \(KotlinNames.defaultPackageName).\(type)\n\n"
        switch element.kind {
        case .type:
            return header + "fun \(function)(value: \(type)): \(type) = value\n"
        case .field:
            let property = KotlinNames.escaped(KotlinNames.name(element.name, in: .property))
            return header + "fun \(function)(value: \(type)): Any? = value.\(property)\n"
        case .value:
            let member = KotlinNames.escaped(KotlinNames.name(element.name, in: .enumEntry, owner: type))
            return header + "fun \(function)(): \(type) = \(type).\(member)\n"
        case .operation, .argument:
            return "// \(element.id)\n"
        }
    }
}
