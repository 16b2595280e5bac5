/// TypeScript code that uses one element of a spec, by its generated name:
/// the before and after snippets of `generator diff --format markdown`.

import OpenIAPSpec
import OpenIAPTemplates

public enum TypeScriptMigration {
    public static func snippet(_ element: SpecElement, in spec: Spec, number: Int) -> String {
        let function = "migration\(number)"
        let type = TypeScriptNames.typeName(element.owner ?? element.name)
        let header = "import { \(type) } from './openiap';\n\n"
        switch element.kind {
        case .type:
            return header + "export function \(function)(value: \(type)): \(type) {\n  return value;\n}\n"
        case .field:
            let access = TypeScriptNames.isIdentifier(element.name)
                ? ".\(element.name)" : "[\(TypeScriptNames.stringLiteral(element.name))]"
            return header + "export function \(function)(value: \(type)): unknown {\n  return value\(access);\n}\n"
        case .value:
            return header + "export function \(function)(): \(type) {\n  return \(TypeScriptNames.stringLiteral(element.name));\n}\n"
        case .operation, .argument:
            return "// \(element.id)\n"
        }
    }
}
