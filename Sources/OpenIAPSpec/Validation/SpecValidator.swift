/// Checks a joined spec against the spec language's own rules, the ones no
/// single file can see, in three concerns:
///
/// - the types (`TypeChecks.swift`, `RecordChecks.swift`): references,
///   enums, unions and discriminators, exactly-one and at-least-one groups,
///   named choices, constraints, aliases and renames;
/// - the operations (`OperationChecks.swift`): arguments are inputs, results
///   are not, error codes and stores are values of their enums;
/// - the graphs (`GraphChecks.swift`): records whose required fields no
///   finite value satisfies, unions that contain themselves.
///
/// What a target cannot write (a name Swift reserves, two names Kotlin would
/// write alike) is no rule of the spec language: each target checks that
/// itself (`GenerationTarget.check`), and the loader runs those checks next
/// to these (`SpecLoader`'s `checks`).
struct SpecValidator {
    let spec: Spec
    var diagnostics = Diagnostics()

    /// Finds the spec's types by name.
    let types: TypeNames

    /// The parts of the rules that can be checked on their own, and so side
    /// by side.
    enum Concern: CaseIterable, Sendable {
        case types, operations, graphs
    }

    init(spec: Spec) {
        self.init(spec: spec, types: TypeNames(spec))
    }

    /// A validator whose look-ups by name go through `types`, made from `spec`.
    init(spec: Spec, types: TypeNames) {
        self.spec = spec
        self.types = types
    }

    /// Checks one concern.
    mutating func check(_ concern: Concern) {
        switch concern {
        case .types:
            checkTypes()
            checkTypeRenames()
        case .operations:
            checkOperations()
            DeprecationCheck.check(spec, into: &diagnostics)
        case .graphs:
            checkRequiredCycles()
            checkUnionCycles()
        }
    }

    /// Checks every concern, one after the other.
    mutating func run() {
        for concern in Concern.allCases { check(concern) }
    }

    /// The problems of `concern` in `spec`, whose names `types` finds (a
    /// table is made when it has none).
    static func problems(_ spec: Spec, types: TypeNames, _ concern: Concern) -> [Diagnostic] {
        var validator = SpecValidator(spec: spec, types: types)
        validator.check(concern)
        return validator.diagnostics.all
    }

    /// Up to this many names, finding an earlier equal one by going through
    /// the list is cheaper than hashing every name into a dictionary, and
    /// finds the same one.
    static let linearSearchLimit = 16
}
