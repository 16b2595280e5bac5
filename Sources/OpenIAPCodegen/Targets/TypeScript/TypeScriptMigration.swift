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
            guard let call = MigrationCall(element, in: spec) else { return "// \(element.id)\n" }
            return Self.call(call, function: function)
        }
    }

    /// A function that calls the operation on the client: one argument
    /// passed as itself, several as one object (what the client's method
    /// takes); each parameter typed by the method's own parameter type.
    static func call(_ call: MigrationCall, function: String) -> String {
        let method = call.operation.name
        let argumentsType = "Parameters<OpenIAPClient[\(TypeScriptNames.stringLiteral(method))]>[0]"
        var parameters = ["\(call.receiver): OpenIAPClient"]
        let names = call.passed.map(parameterName)
        let value: String
        if call.operation.arguments.count == 1, let only = call.passed.first {
            parameters.append("\(parameterName(only)): \(argumentsType)")
            value = parameterName(only)
        } else {
            var members: [String] = []
            for (argument, name) in zip(call.passed, names) {
                parameters.append("\(name): NonNullable<\(argumentsType)>[\(TypeScriptNames.stringLiteral(argument.name))]")
                members.append(TypeScriptNames.propertyKey(argument.name) == name ? name : "\(TypeScriptNames.propertyKey(argument.name)): \(name)")
            }
            value = call.operation.arguments.count < 2 && call.passed.isEmpty ? "" : "{ \(members.joined(separator: ", ")) }"
        }
        return """
            import { OpenIAPClient } from './openiap';

            export async function \(function)(\(parameters.joined(separator: ", "))): Promise<void> {
              await \(call.receiver).\(method)(\(value));
            }

            """
    }

    /// The parameter that carries an argument: its name when that is an
    /// identifier no keyword takes, else the name with a `_` before it.
    private static func parameterName(_ argument: Field) -> String {
        let name = argument.name
        guard TypeScriptNames.isIdentifier(name), !TypeScriptNames.reservedWords.contains(name) else {
            return "_" + String(name.unicodeScalars.map { Character(TypeScriptNames.isIdentifier(String($0)) ? $0 : "_") })
        }
        return name
    }
}
