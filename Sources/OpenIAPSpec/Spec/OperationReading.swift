/// How `SpecFileReader` reads operations (queries, mutations, events):
/// their arguments, results, failures and stores.
extension SpecFileReader {
    /// Reads the operations of a `queries`, `mutations` or `events` section.
    mutating func forEachOperation(_ node: Node, _ kind: OperationKind) {
        if document.isNull(node) { return }
        guard let pairs = reader.mapping(node, "section '\(kind.sectionName)'") else { return }
        for (key, value) in pairs {
            guard let name = reader.wireName(key, "a \(kind.rawValue) name") else { continue }
            if let problem = OperationNames.problem(name, what: kind.rawValue) {
                reader.diagnostics.error(problem, at: reader.location(key))
                continue
            }
            readOperation((name, reader.location(key)), kind, value)
        }
    }

    mutating func readOperation(_ name: (String, SourceLocation), _ kind: OperationKind, _ node: Node) {
        func what() -> String { "\(kind.rawValue) '\(name.0)'" }
        guard let pairs = reader.mapping(node, what()) else { return }
        reader.checkKeys(pairs, allowed: kind == .event ? Self.eventKeys : Self.operationKeys, in: what())
        var arguments: [Field] = []
        if let args = value(pairs, "args") {
            arguments = readFields(args, owner: name.0, of: .operation(at: name.1))
        }
        var answer: OperationResult?
        let resultKey = kind == .event ? "payload" : "result"
        if let node = kind == .event ? value(pairs, "payload") : value(pairs, "result") {
            answer = readResult(node, key: resultKey, kind: kind)
        } else if kind == .event {
            reader.diagnostics.error("\(what()) needs a 'payload', the type it delivers", at: name.1)
        } else {
            reader.diagnostics.error(
                "\(what()) needs a 'result'; one with nothing to return answers '\(OperationResult.nothingKeyword)'", at: name.1)
        }
        var failures: [OperationFailure] = []
        if let errors = value(pairs, "errors") { failures = readFailures(errors, owner: what()) }
        var stores: [OperationStore]?
        if let list = value(pairs, "stores") { stores = readStores(list, owner: what()) }
        // Without a result there is no operation; its other problems are reported all the same.
        guard let answer else { return }
        result.operations.append(
            APIOperation(
                name: name.0, kind: kind, annotations: annotations(pairs), arguments: arguments, result: answer,
                errors: failures, stores: stores ?? [], declaresStores: stores != nil, location: name.1))
    }

    /// A `result:` or `payload:`: a type expression, or a mapping with `type` and `doc`.
    mutating func readResult(_ node: Node, key: String, kind: OperationKind) -> OperationResult? {
        var doc: String?
        var typeNode = node
        if !document.isScalar(node) || document.isNull(node) {
            guard let inner = reader.mapping(node, "'\(key)' (a type expression or a mapping)") else { return nil }
            let keyed = reader.checkedValues(inner, allowed: Self.resultKeys, in: "'\(key)'")
            if let docNode = keyed[position: 1] { doc = reader.string(docNode, "'doc'") }
            guard let type = keyed[position: 0] else {
                reader.diagnostics.error("'\(key)' needs a 'type'", at: reader.location(node))
                return nil
            }
            typeNode = type
        }
        guard let parsed = typeExpression(at: typeNode, "'\(key)'") else { return nil }
        let location = reader.location(typeNode)
        let void = OperationResult.nothingKeyword
        if parsed.type.namedLeaf == void {
            if kind == .event {
                reader.diagnostics.error(
                    "an event's payload cannot be '\(void)': an event is only delivered with a value; name the type it delivers", at: location)
            } else if parsed.type != .named(void) {
                reader.diagnostics.error(
                    "'\(void)' answers nothing and cannot be in a list or a map; write '\(void)' alone, or a type of value", at: location)
            } else if parsed.isOptional {
                reader.diagnostics.error("'\(void)?' is not a result: '\(void)' answers nothing, which cannot be null; write '\(void)'", at: location)
            } else {
                return OperationResult(answer: .nothing, doc: doc, location: location)
            }
            return nil
        }
        if kind == .event && parsed.isOptional {
            reader.diagnostics.error(
                "an event's payload cannot be optional: an event is only delivered with a value; write '\(parsed.type)'",
                at: reader.location(typeNode))
        }
        return OperationResult(type: parsed.type, isRequired: !parsed.isOptional, doc: doc, location: location)
    }

    /// `errors:`, a mapping of `ErrorCode` values to one-line reasons.
    mutating func readFailures(_ node: Node, owner: @autoclosure () -> String) -> [OperationFailure] {
        guard let pairs = reader.mapping(node, "'errors' of \(owner()) (error code: reason)") else { return [] }
        var failures: [OperationFailure] = []
        for (key, value) in pairs {
            guard let code = reader.wireName(key, "an error code") else { continue }
            if document.isNull(value) || document.scalar(value)?.allSatisfy(\.isWhitespace) == true {
                reader.diagnostics.error(
                    "error '\(code)' of \(owner()) needs a reason: one line saying when the operation fails so",
                    at: reader.location(key))
                continue
            }
            guard let reason = reader.string(value, "the reason of error '\(code)'") else { continue }
            if reason.contains(where: \.isNewline) {
                reader.diagnostics.error("the reason of error '\(code)' of \(owner()) must be one line", at: reader.location(value))
                continue
            }
            failures.append(OperationFailure(code: code, reason: reason, location: reader.location(key)))
        }
        return failures
    }

    /// `stores:`, a list of `IapStore` values (or a single one), as written.
    mutating func readStores(_ node: Node, owner: @autoclosure () -> String) -> [OperationStore] {
        guard let list = reader.stringList(node, "'stores' of \(owner())") else { return [] }
        if list.isEmpty {
            reader.diagnostics.error(
                "'stores' of \(owner()) is empty; list the stores that implement it, or leave 'stores' out for every store its name allows",
                at: reader.location(node))
        }
        return list.map { OperationStore(store: $0.0, location: $0.1) }
    }
}

extension KeyedValues {
    /// The value of one of a field's keys.
    subscript(key: SpecFileReader.FieldKey) -> YAMLDocument.NodeID? { self[position: key.rawValue] }
}
