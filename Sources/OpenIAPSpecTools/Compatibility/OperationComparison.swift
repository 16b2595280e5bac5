import OpenIAPSpec

/// The operations part of `SpecComparison`: queries, mutations and events
/// matched by name, then their kind, deprecation, arguments, result or
/// payload, errors and stores compared (the rules are in
/// `OperationRules.swift`).
///
/// Arguments, results and payloads are not compared here: the arguments are
/// the input record `argumentsRecord`, and a result or payload is the one
/// field of an output record (`resultRecord`), so the field comparison
/// (`compareRecord`) judges them, renames, widening and defaults included.
/// Each finding it makes is then reported as the operation rule that
/// `CompatibilityRules.argumentRules`, `resultRules` or `payloadRules`
/// maps its field rule to, in words about the operation: "argument 'x' of
/// query 'q'", "result of query 'q'".
extension SpecComparison {
    mutating func compareOperations() {
        let newByName = Dictionary(new.operations.map { ($0.name, $0) }) { first, _ in first }
        let oldNames = Set(old.operations.map(\.name))
        for operation in old.operations {
            guard let counterpart = newByName[operation.name] else {
                let what = "\(Self.subject(operation)) was removed"
                report(.operationRemoved, what, at: operation.location, side: .old)
                report(.calledOperationRemoved, what, at: operation.location, side: .old)
                continue
            }
            compareOperation(operation, counterpart)
        }
        for operation in new.operations where !oldNames.contains(operation.name) {
            let what = "\(Self.subject(operation)) was added"
            report(.operationAdded, what, at: operation.location)
            report(.operationRequirementAdded, what, at: operation.location)
        }
    }

    private mutating func compareOperation(_ o: APIOperation, _ n: APIOperation) {
        let subject = Self.subject(n)
        if o.kind != n.kind {
            let what = "\(Self.subject(o)) is now \(n.kind == .event ? "an" : "a") \(n.kind.rawValue)"
            if (o.kind == .event) != (n.kind == .event) {
                report(.operationFormChanged, what, at: n.location)
                report(.calledOperationFormChanged, what, at: n.location)
            } else {
                report(.operationKindChanged, what, at: n.location)
            }
        }
        if o.annotations.deprecated == nil, let message = n.annotations.deprecated {
            report(.operationDeprecationAdded, "\(subject) is now deprecated\(message.isEmpty ? "" : ": \(message)")", at: n.location)
        }

        let names = o.arguments.map(\.name) + n.arguments.map(\.name)
        compareAsFields(
            Self.argumentsRecord(of: o), Self.argumentsRecord(of: n), usage: .input, owner: subject,
            rules: CompatibilityRules.argumentRules
        ) { message in
            names.reduce(message) { text, name in text.replacing("field '\(name)'", with: "argument '\(name)'") }
        }
        compareArgumentUse(o, n, subject: subject)
        if o.result.isNothing || n.result.isNothing {
            compareNothing(o.result, n.result, subject: subject)
        } else {
            let word = n.kind == .event ? "payload" : "result"
            compareAsFields(
                Self.resultRecord(of: o), Self.resultRecord(of: n), usage: .output, owner: subject,
                rules: n.kind == .event ? CompatibilityRules.payloadRules : CompatibilityRules.resultRules
            ) { message in
                message.replacing("field '\(Self.resultFieldName)' of ", with: "\(word) of ")
            }
        }

        let oldCodes = Set(o.errors.map(\.code))
        let newCodes = Set(n.errors.map(\.code))
        for failure in n.errors where !oldCodes.contains(failure.code) {
            report(.operationErrorAdded, "\(subject) can now fail with '\(failure.code)'", at: failure.location)
        }
        for failure in o.errors where !newCodes.contains(failure.code) {
            report(.operationErrorRemoved, "\(subject) no longer fails with '\(failure.code)'", at: failure.location, side: .old)
        }

        // Stores that neither side writes follow `IapStore` (and the name's
        // platform): the enum rules report that change, once, not here for
        // every operation.
        guard o.declaresStores || n.declaresStores else { return }
        let oldStores = Set(o.stores.map(\.store))
        let newStores = Set(n.stores.map(\.store))
        for store in n.stores where !oldStores.contains(store.store) {
            report(.operationStoreAdded, "\(subject) is now implemented on store '\(store.store)'", at: store.location)
        }
        for store in o.stores where !newStores.contains(store.store) {
            report(
                .operationStoreRemoved, "\(subject) is no longer implemented on store '\(store.store)'", at: store.location, side: .old)
        }
    }

    /// What the field comparison does not see of the arguments both sides
    /// have: whether callers pass one without its name (`positional`), and
    /// which platform's SDK takes it (`platform`).
    private mutating func compareArgumentUse(_ o: APIOperation, _ n: APIOperation, subject: String) {
        for argument in n.arguments {
            guard let before = o.argument(argument.name) else { continue }
            if before.isPositional != argument.isPositional {
                report(
                    .argumentPositionalChanged,
                    "argument '\(argument.name)' of \(subject) is \(argument.isPositional ? "now" : "no longer") positional (passed without its name)",
                    at: argument.location)
            }
            if before.platform != argument.platform {
                func takers(_ platform: OperationPlatform) -> String {
                    platform == .common ? "every SDK" : "the \(platform.rawValue) SDK alone"
                }
                let what = "argument '\(argument.name)' of \(subject) is now taken by \(takers(argument.platform)), not \(takers(before.platform))"
                report(.argumentPlatformChanged, what, at: argument.location)
                report(.callArgumentPlatformChanged, what, at: argument.location)
            }
        }
    }

    /// A result that is or becomes nothing (`Void`), on either side.
    private mutating func compareNothing(_ o: OperationResult, _ n: OperationResult, subject: String) {
        switch (o.isNothing, n.isNothing) {
        case (false, true):
            let what = "\(subject) now answers nothing (\(OperationResult.nothingKeyword))"
            report(.resultNowVoid, what, at: n.location)
            // An optional result's readers take the null for nothing to answer.
            if o.isRequired { report(.replyResultNowVoid, what, at: n.location) }
        case (true, false):
            let what = "\(subject) now answers a value, not nothing"
            report(.resultNoLongerVoid, what, at: n.location)
            report(.replyResultNoLongerVoid, what, at: n.location)
        default:
            break
        }
    }

    /// Compares `a` and `b` with the field comparison, then reports each of
    /// its findings as the rule `rules` maps its field rule to (or as it is,
    /// when `rules` has none), in the words `retell` makes of its message.
    private mutating func compareAsFields(
        _ a: RecordType, _ b: RecordType, usage: RecordDirection, owner: String,
        rules: [CompatibilityRule.ID: CompatibilityRule.ID], retell: (String) -> String
    ) {
        let start = findings.count
        compareRecord(a, b, usage: [usage], owner: owner)
        let found = Array(findings[start...])
        findings.removeSubrange(start...)
        for finding in found {
            report(rules[finding.id] ?? finding.id, retell(finding.message), at: finding.location, side: finding.side)
        }
    }

    /// "query 'fetchProducts'".
    static func subject(_ operation: APIOperation) -> String {
        "\(operation.kind.rawValue) '\(operation.name)'"
    }

    /// The operation's arguments record, or an empty one when it has no
    /// arguments (to compare with one that has).
    static func argumentsRecord(of operation: APIOperation) -> RecordType {
        operation.argumentsRecord
            ?? RecordType(
                name: OperationNames.argumentsTypeName(of: operation.name), direction: .input, fields: [],
                location: operation.location)
    }

    /// The name of the one field of `resultRecord`.
    static let resultFieldName = "result"

    /// The result or payload as the one field of an output record, named
    /// so that no spec type can have the name; no field for a result of
    /// nothing (`Void`).
    static func resultRecord(of operation: APIOperation) -> RecordType {
        let result = operation.result
        let fields = result.type.map { [Field(name: resultFieldName, type: $0, isRequired: result.isRequired, location: result.location)] }
        return RecordType(
            name: "\(operation.name) \(resultFieldName)", direction: .output, fields: fields ?? [], location: operation.location)
    }

    /// Every operation's arguments and result as the records they are on the
    /// wire, for `usage(in:)`: the arguments are read by new SDKs, the result
    /// or payload by old callers.
    static func operationRecords(in spec: Spec) -> [NamedType] {
        spec.operations.flatMap { operation in
            (operation.argumentsRecord.map { [NamedType.record($0)] } ?? []) + [.record(resultRecord(of: operation))]
        }
    }
}
