import OpenIAPSpec

extension TypeScriptTarget {
    /// TypeScript's rules for a spec: an operation name is a method of the
    /// client and a key of its tables, so it may be neither a reserved word
    /// nor a member every JavaScript object has; and no spec type may take a
    /// name the module declares otherwise (`TypeScriptNameCheck`). Each
    /// problem is a located error, reported with the spec's own problems.
    public func check(_ spec: Spec) -> [Diagnostic] {
        var diagnostics = Diagnostics()
        for operation in spec.operations {
            if let problem = Self.operationNameProblem(operation.name, what: operation.kind.rawValue) {
                diagnostics.error(problem, at: operation.location)
            }
        }
        TypeScriptNameCheck.check(spec, into: &diagnostics)
        return diagnostics.all
    }

    /// Why TypeScript cannot have an operation of this name, or nil when it
    /// can. `what` names the thing in the message (`query`, `event`).
    static func operationNameProblem(_ name: String, what: String) -> String? {
        if TypeScriptNames.reservedWords.contains(name) {
            return "\(what) name '\(name)' is a reserved word in TypeScript"
        }
        if TypeScriptNames.objectMembers.contains(name) {
            return "\(what) name '\(name)' is a member of every JavaScript object; a client method of that name would hide it"
        }
        return nil
    }
}
