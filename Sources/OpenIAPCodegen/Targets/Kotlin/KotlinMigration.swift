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
            guard let call = MigrationCall(element, in: spec) else { return "// \(element.id)\n" }
            return Self.call(call, function: function)
        }
    }

    /// A suspending function that calls the operation on the interface
    /// that declares it, naming each argument it passes (the optional
    /// ones it leaves out take their default, null).
    static func call(_ call: MigrationCall, function: String) -> String {
        let interface = OperationNames.sdkInterfaceName(call.operation.platform)
        var parameters = ["\(call.receiver): \(interface)"]
        var values: [String] = []
        for argument in call.passed {
            let name = KotlinNames.escaped(KotlinNames.name(argument.name, in: .property))
            parameters.append("\(name): \(KotlinTypeMapping.kotlinType(argument.type, isRequired: argument.isRequired))")
            values.append("\(name) = \(name)")
        }
        // The interface and every named type of a parameter, once each, sorted.
        var imports: Set<String> = [interface]
        for argument in call.passed { Self.collectNames(argument.type, into: &imports) }
        let importLines = imports.sorted().map { "import \(KotlinNames.defaultPackageName).\($0)\n" }.joined()
        return """
            \(importLines)
            suspend fun \(function)(\(parameters.joined(separator: ", "))) {
                \(call.receiver).\(KotlinNames.escaped(call.operation.name))(\(values.joined(separator: ", ")))
            }

            """
    }

    /// The Kotlin names of the named types `type` mentions.
    private static func collectNames(_ type: TypeRef, into names: inout Set<String>) {
        switch type {
        case .scalar: break
        case let .named(name): names.insert(KotlinNames.typeName(name))
        case let .list(element), let .map(element): collectNames(element, into: &names)
        }
    }
}
