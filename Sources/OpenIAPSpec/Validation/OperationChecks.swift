/// The checks of the API: the queries, mutations and events against the
/// types they name.
extension SpecValidator {
    /// The checks of every query, mutation and event: arguments are inputs
    /// (checked as the fields of an input record), results and payloads are
    /// not, errors are `ErrorCode` values and stores `IapStore` values that
    /// agree with the name's platform suffix, and no type the targets
    /// generate for an operation is a declared type. Names, keys and the
    /// shape of each operation were checked by the reader, repeated names
    /// and defaults by the builder.
    mutating func checkOperations() {
        guard !spec.operations.isEmpty else { return }
        let codes = enumValues(APIOperation.errorCodeEnum)
        let stores = enumValues(APIOperation.storeEnum)
        for operation in spec.operations {
            let what = "\(operation.kind.rawValue) '\(operation.name)'"
            for index in operation.arguments.indices {
                checkField(index, of: operation.arguments, owner: operation.name, role: "arguments")
                checkArgumentIsInput(operation.arguments[index], of: what)
                if operation.arguments[index].platform != .common { checkArgumentPlatform(operation.arguments[index], of: operation, what) }
            }
            if operation.arguments.contains(where: { !$0.aliases.isEmpty }) {
                checkAliasesAndRenames(operation.arguments, owner: operation.name)
            }
            // `generator diff` does not judge operations yet, so a rename
            // there would be a key that does nothing.
            for element in [(operation.annotations, operation.location)] + operation.arguments.map({ ($0.annotations, $0.location) })
            where element.0.renamedFrom != nil {
                diagnostics.error(
                    "'renamedFrom' applies to types, fields and enum values; \(what) and its arguments cannot have one yet",
                    at: element.1)
            }
            checkResult(of: operation, what)
            checkFailures(of: operation, what, codes: codes)
            if operation.declaresStores {
                checkStores(of: operation, what, values: stores)
            } else if operation.stores.isEmpty, case .values = stores {
                let why = operation.platform == .ios
                    ? "its name ends in 'IOS', and '\(APIOperation.storeEnum)' has no value '\(APIOperation.appleStore)'"
                    : "'\(APIOperation.storeEnum)' has no value its name allows, '\(APIOperation.unidentifiedStore)' aside"
                diagnostics.error("no store implements \(what): \(why)", at: operation.location)
            }
            for name in operation.generatedTypeNames {
                guard let clash = types[name] else { continue }
                diagnostics.error(
                    "targets generate the type '\(name)' for \(what), and '\(clash.sectionName)' declares a type of that name; rename one",
                    at: operation.location, notes: [.note("'\(name)' declared here", at: clash.location)])
            }
        }
    }

    /// What the spec declares under an enum's name that operations refer to.
    private enum EnumLookup {
        case values([String])
        case missing
        case notAnEnum(NamedType)
    }

    private func enumValues(_ name: String) -> EnumLookup {
        switch types[name] {
        case let .enumeration(e)?: .values(e.values.map(\.wire))
        case nil: .missing
        case let other?: .notAnEnum(other)
        }
    }

    /// Reports a missing or misdeclared enum at `location`, the first entry
    /// that needs it; true when the enum is there.
    private mutating func hasEnum(_ lookup: EnumLookup, _ name: String, for entries: String, at location: SourceLocation) -> Bool {
        switch lookup {
        case .values: return true
        case .missing:
            diagnostics.error("\(entries) are values of the enum '\(name)', which the spec does not declare", at: location)
        case let .notAnEnum(type):
            diagnostics.error(
                "\(entries) are values of the enum '\(name)', but '\(name)' is declared in '\(type.sectionName)'", at: location,
                notes: [.note("'\(name)' declared here", at: type.location)])
        }
        return false
    }

    /// An argument that only one platform's SDK takes (`platform:`) belongs
    /// to an operation every SDK offers (one of a platform's own is that
    /// platform's already), and is optional, so that callers on the other
    /// platform can leave it out.
    private mutating func checkArgumentPlatform(_ argument: Field, of operation: APIOperation, _ what: String) {
        let platform = argument.platform.rawValue
        if let suffix = operation.platform.nameSuffix {
            diagnostics.error(
                "argument '\(argument.name)' of \(what) says 'platform: \(platform)', but the whole operation belongs to one platform (its name ends in '\(suffix)'); only an operation every SDK offers has arguments of one platform",
                at: argument.location)
        }
        if argument.isRequired {
            diagnostics.error(
                "argument '\(argument.name)' of \(what) is taken by the \(platform) SDK alone ('platform: \(platform)'), so it must be optional ('\(argument.type)?'): callers on other platforms leave it out",
                at: argument.location)
        }
    }

    /// An argument is written by the caller, so nothing it holds (through
    /// input records, unions, lists and maps) may be an output record.
    private mutating func checkArgumentIsInput(_ argument: Field, of what: String) {
        guard let path = pathToOutputRecord(from: argument.type) else { return }
        let reason = "arguments are written by callers, so they may hold only inputs, enums, opaque strings and scalars"
        if path.count == 1 {
            diagnostics.error(
                "argument '\(argument.name)' of \(what) is the output record '\(path[0])'; \(reason)", at: argument.location)
        } else {
            diagnostics.error(
                "argument '\(argument.name)' of \(what) holds the output record '\(path.last!)' (\(path.joined(separator: " → "))); \(reason)",
                at: argument.location)
        }
    }

    /// The type names from the named leaf of `type` to the first output
    /// record found through input records' fields and union members, or nil
    /// when there is none. Breadth first, with an explicit queue: a chain of
    /// thousands of inputs must not grow the stack.
    private func pathToOutputRecord(from type: TypeRef) -> [String]? {
        guard let start = type.namedLeaf else { return nil }
        var queue = [start]
        var parent: [String: String] = [:]
        var seen: Set<String> = [start]
        var head = 0
        while head < queue.count {
            let name = queue[head]
            head += 1
            let next: [TypeRef]
            switch types[name] {
            // Another name for a type that callers pass back as the SDK gave
            // it, outputs and all: what it stands for is accepted as it is.
            case .alias?:
                continue
            case let .record(r)?:
                if r.direction == .output {
                    var path = [name]
                    while let previous = parent[path[0]] { path.insert(previous, at: 0) }
                    return path
                }
                next = r.fields.map(\.type)
            case let .union(u)?:
                next = u.members.map { .named($0.typeName) }
            default:
                continue
            }
            for case let leaf? in next.lazy.map(\.namedLeaf) where seen.insert(leaf).inserted {
                parent[leaf] = name
                queue.append(leaf)
            }
        }
        return nil
    }

    /// A result or payload is written by the SDK: any type but an input
    /// record (or a shared field set, which `checkReference` reports).
    private mutating func checkResult(of operation: APIOperation, _ what: String) {
        let result = operation.result
        let word = operation.kind == .event ? "payload" : "result"
        guard let type = result.type else {
            // The reader lets `Void` through only as a query's or mutation's
            // result; a spec built otherwise is checked here.
            if operation.kind == .event {
                diagnostics.error("\(what) delivers nothing; an event's payload is a type of value", at: result.location)
            } else if !result.isRequired {
                diagnostics.error("the result of \(what) is an optional nothing; write '\(OperationResult.nothingKeyword)'", at: result.location)
            }
            return
        }
        if case .scalar = type { return }
        checkReference(type, at: result.location, role: "\(word)s")
        guard let leaf = type.namedLeaf else { return }
        switch types[leaf] {
        case let .record(record)? where record.direction == .input: break
        case .alias?: break
        default: return
        }
        diagnostics.error(
            "the \(word) of \(what) is the input '\(leaf)'; \(word)s are written by the SDK, so they may be records, unions, enums, strings and scalars, not inputs",
            at: result.location)
    }

    private mutating func checkFailures(of operation: APIOperation, _ what: String, codes: EnumLookup) {
        checkEnumEntries(
            operation.errors, of: what, noun: "error code", enumName: APIOperation.errorCodeEnum, lookup: codes,
            value: \.code, location: \.location)
    }

    private mutating func checkStores(of operation: APIOperation, _ what: String, values: EnumLookup) {
        let platform = operation.platform
        checkEnumEntries(
            operation.stores, of: what, noun: "store", enumName: APIOperation.storeEnum, lookup: values,
            suggesting: { $0 != APIOperation.unidentifiedStore }, value: \.store, location: \.location
        ) { validator, entry in
            if entry.store == APIOperation.unidentifiedStore {
                validator.diagnostics.error(
                    "store '\(entry.store)' of \(what) means that no store could be identified; list the stores that implement the operation",
                    at: entry.location)
            } else if !platform.allows(store: entry.store), let suffix = platform.nameSuffix {
                let only = platform == .ios ? "Apple-only" : "Android-only"
                validator.diagnostics.error(
                    "\(what) is \(only), as its name ends in '\(suffix)', but lists the store '\(entry.store)'", at: entry.location)
            }
        }
    }

    /// Checks entries that are values of the enum `enumName` (an operation's
    /// error codes or stores): that the enum is declared, that each entry is
    /// one of its values (suggesting those `suggesting` accepts) and is
    /// listed once. Each entry that passes goes to `more`.
    private mutating func checkEnumEntries<Entry>(
        _ entries: [Entry], of what: String, noun: String, enumName: String, lookup: EnumLookup,
        suggesting: (String) -> Bool = { _ in true }, value: (Entry) -> String, location: (Entry) -> SourceLocation,
        more: (inout SpecValidator, Entry) -> Void = { _, _ in }
    ) {
        guard let first = entries.first, hasEnum(lookup, enumName, for: "\(noun)s", at: location(first)),
              case let .values(values) = lookup
        else { return }
        for (index, entry) in entries.enumerated() {
            let text = value(entry)
            if let earlier = entries[..<index].first(where: { value($0) == text }) {
                diagnostics.error(
                    "\(noun) '\(text)' of \(what) is listed twice", at: location(entry),
                    notes: [.note("'\(value(earlier))' listed here", at: location(earlier))])
            } else if !values.contains(text) {
                diagnostics.error(
                    "unknown \(noun) '\(text)' of \(what); \(noun)s are values of '\(enumName)'\(Suggestions.didYouMean(text, in: values.filter(suggesting)))",
                    at: location(entry))
            } else {
                more(&self, entry)
            }
        }
    }
}
