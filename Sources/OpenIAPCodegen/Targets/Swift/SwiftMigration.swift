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
            body = "// \(element.id)\n"
        }
        return "import OpenIAPTypes\n\n" + body
    }
}
