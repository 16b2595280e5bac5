/// The call a migration guide's snippet makes for an operation or an
/// argument that moved (`generator diff --format markdown`): the query or
/// mutation itself (an argument's own), with the arguments it passes a
/// value for. Each language writes the call with its generated names
/// (`SwiftMigration`, `KotlinMigration`, `TypeScriptMigration`).

import OpenIAPSpec

public struct MigrationCall {
    public var operation: APIOperation
    /// The arguments the snippet takes as parameters and passes on, in the
    /// operation's order: all but the optional deprecated ones, which a
    /// call written today leaves out (Swift, which has no default values in
    /// protocol requirements, passes `nil`).
    public var passed: [Field]
    /// The optional deprecated arguments, left out.
    public var leftOut: [Field]
    /// The name of the snippet's parameter that holds the SDK: `api`, with
    /// a `_` after it for as long as an argument has that name.
    public var receiver = "api"

    /// The call of the operation `element` is or belongs to; nil for an
    /// event (a listener, not a call: its guide entry has no snippet) or
    /// an element that is neither an operation nor an argument.
    public init?(_ element: SpecElement, in spec: Spec) {
        let name: String
        switch element.kind {
        case .operation: name = element.name
        case .argument: name = element.owner ?? ""
        case .type, .field, .value: return nil
        }
        guard let operation = spec.operations.first(where: { $0.name == name }), operation.kind != .event else { return nil }
        self.operation = operation
        let isLeftOut = { (argument: Field) in !argument.isRequired && argument.annotations.deprecated != nil }
        passed = operation.arguments.filter { !isLeftOut($0) }
        leftOut = operation.arguments.filter(isLeftOut)
        while operation.arguments.contains(where: { $0.name == receiver }) { receiver += "_" }
    }
}
