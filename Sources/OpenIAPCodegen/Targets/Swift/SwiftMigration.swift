/// Swift code that uses one element of a spec, by its generated name: the
/// before and after snippets of `generator diff --format markdown`.

import OpenIAPSpec
import OpenIAPTemplates

public enum SwiftMigration {
    public static func snippet(_ element: SpecElement, in spec: Spec, number: Int) -> String {
        let function = "migration\(number)"
        var body: String
        switch element.kind {
        case .type:
            body = "func \(function)(_ value: \(element.name)) -> \(element.name) {\n    value\n}\n"
        case .field:
            let property = SwiftNames.escaped(SwiftNames.name(element.name, in: .property))
            body = "func \(function)(_ value: \(element.owner!)) {\n    _ = value.\(property)\n}\n"
        case .value:
            body = "func \(function)() -> \(element.owner!) {\n    .\(SwiftViewModel.caseName(element, in: spec))\n}\n"
        case .operation, .argument:
            guard let call = MigrationCall(element, in: spec) else { return "// \(element.id)\n" }
            let argument = call.operation.arguments.first { element.kind == .argument && $0.name == element.name }
            body = Self.call(call, platform: argument?.platform ?? .common, function: function)
        }
        return "import OpenIAPTypes\n\n" + body
    }

    /// A function that calls the operation on the protocol that declares
    /// it for `platform`'s SDK, passing each argument it takes.
    static func call(_ call: MigrationCall, platform: OperationPlatform, function: String) -> String {
        let operation = call.operation
        var on = operation.platform
        if on == .common, SwiftOperations.isSplit(operation) { on = platform == .android ? .android : .ios }
        let offered = SwiftOperations.arguments(of: operation, on: on)
        let passed = call.passed.filter { argument in offered.contains { $0.name == argument.name } }
        var parameters = ["_ \(call.receiver): some \(SwiftOperations.protocolName(on))"]
        parameters += passed.map { SwiftTypeMapping.parameter($0, property: SwiftNames.name($0.name, in: .property)) }
        let values = offered.map { argument in
            let property = SwiftNames.name(argument.name, in: .property)
            let isPassed = passed.contains { $0.name == argument.name }
            let value = isPassed ? SwiftNames.parameterInternalName(property) ?? SwiftNames.escaped(property) : "nil"
            return SwiftTypeMapping.callArgument(argument, property: property, value: value)
        }
        let answers = SwiftTypeMapping.resultType(of: operation) != nil
        return """
            func \(function)(\(parameters.joined(separator: ", "))) async throws {
                \(answers ? "_ = " : "")try await \(call.receiver).\(SwiftNames.escaped(operation.name))(\(values.joined(separator: ", ")))
            }

            """
    }
}
