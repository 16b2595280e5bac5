/// Joins the declarations of every file into one `Spec`: merges included
/// field sets into records and types the defaults. `SpecLoader` then
/// validates what it built.
struct SpecBuilder {
    var files: [SpecFileReader.FileDeclarations]
    var firstFile: String?
    var diagnostics = Diagnostics()

    init(files: [SpecFileReader.FileDeclarations], firstFile: String?) {
        self.files = files
        self.firstFile = firstFile
    }

    /// Below this many types everything runs on the calling thread.
    private static let parallelTypeCount = 512

    /// One piece of `build`'s work that can go to its own thread.
    private enum Job: Sendable {
        /// The order of the types by name, for `Spec`.
        case sortNames
        /// Completing the records among `declared[range]`.
        case complete(Range<Int>)
    }

    /// What a job hands back.
    private enum Outcome: Sendable {
        case order([Int])
        case types([NamedType], [Diagnostic])
    }

    /// The declared types, each name once, and where each name is among
    /// them. The dictionary holds plain positions rather than the types, so
    /// filling and dropping it touches no reference counts, and `Spec` makes
    /// its own index by name from it without hashing the names again.
    struct DeclaredTypes: Sendable {
        var types: [NamedType] = []
        var positions: [String: Int] = [:]

        subscript(name: String) -> NamedType? {
            positions[name].map { types[$0] }
        }
    }

    /// The spec, and the index of its names that its validation looks
    /// them up in.
    mutating func build() -> (Spec, SpecValidator.TypeNames) {
        let version = resolveVersion()
        let byName = uniqueTypes()
        let declared = byName.types
        let defaults = rawDefaults(byName: byName)
        let names = declared.map(\.name)

        // Sorting the names and completing the records (merging included
        // fields, typing defaults) do not depend on each other, and records
        // are completed one by one, so the work runs in pieces on several
        // threads. The pieces' diagnostics are joined in order, as one pass
        // over the types would have made them.
        var jobs: [Job] = [.sortNames]
        let pieces = declared.count < Self.parallelTypeCount ? 1 : 4
        let size = max(1, (declared.count + pieces - 1) / pieces)
        for start in stride(from: 0, to: declared.count, by: size) { jobs.append(.complete(start..<min(start + size, declared.count))) }
        let base = SpecBuilder(files: files, firstFile: firstFile)
        let perform = { @Sendable (job: Job) -> Outcome in
            switch job {
            case .sortNames:
                return .order(Spec.sortedPositions(of: names))
            case let .complete(range):
                var builder = base
                let types = builder.complete(declared[range], from: range.lowerBound, defaults: defaults, byName: byName)
                return .types(types, builder.diagnostics.all)
            }
        }
        let outcomes = declared.count < Self.parallelTypeCount ? jobs.map(perform) : jobs.concurrentMap(perform)
        var order: [Int] = []
        var types: [NamedType] = []
        types.reserveCapacity(declared.count)
        for outcome in outcomes {
            switch outcome {
            case let .order(sorted): order = sorted
            case let .types(completed, problems):
                types.append(contentsOf: completed)
                diagnostics.append(contentsOf: problems)
            }
        }
        var spec = Spec(version: version?.0 ?? "0.0.0", versionLocation: version?.1, types: types, positions: byName.positions, order: order)
        spec.operations = completeOperations(byName: byName)
        spec.routes = files.flatMap(\.routes)
        for settings in files.compactMap(\.lint) {
            spec.lint.off.formUnion(settings.off)
            spec.lint.errors.formUnion(settings.errors)
        }
        return (spec, SpecValidator.TypeNames(spec))
    }

    /// `declared` with every record completed: included fields merged in and
    /// defaults typed. `declared` starts at position `start` of the declared
    /// types, by which `defaults` are kept.
    private mutating func complete(
        _ declared: ArraySlice<NamedType>, from start: Int, defaults: [[String: SpecFileReader.RawDefault]?],
        byName: DeclaredTypes
    ) -> [NamedType] {
        var types: [NamedType] = []
        types.reserveCapacity(declared.count)
        for (position, type) in zip(start..., declared) {
            guard case let .record(declaration) = type else {
                types.append(type)
                continue
            }
            // Most records include nothing and set no defaults; those keep
            // their declaration as it is. They are only looked at (a `let`),
            // so they are not copied: a `var` copied every record, all its
            // fields retained and released again.
            let recordDefaults = defaults.isEmpty ? nil : defaults[position]
            if declaration.includes.isEmpty && recordDefaults == nil {
                types.append(type)
                continue
            }
            var record = declaration
            if !record.includes.isEmpty { record.fields = mergedFields(of: record, byName: byName) }
            if let recordDefaults {
                let owner = record
                for index in record.fields.indices {
                    guard record.fields[index].includedFrom == nil, let node = recordDefaults[record.fields[index].name] else { continue }
                    typeDefault(node, of: &record.fields[index], owner: owner, byName: byName)
                }
            }
            types.append(.record(record))
        }
        return types
    }

    private mutating func resolveVersion() -> (String, SourceLocation)? {
        let versions = files.compactMap(\.version)
        if versions.isEmpty, files.contains(where: \.writesVersion) { return nil }
        if versions.isEmpty {
            diagnostics.error(
                "no spec version; add 'spec: {version: X.Y.Z}' to one file",
                at: firstFile.map { SourceLocation(file: $0, line: 1, column: 1) })
            return nil
        }
        for extra in versions.dropFirst() {
            diagnostics.error(
                "spec version declared twice", at: extra.1, notes: [.note("first declared here", at: versions[0].1)])
        }
        return versions[0]
    }

    /// Every type once, and where each name is among them; a name declared again
    /// (in any file) is an error at the later declaration pointing back at
    /// the first.
    private mutating func uniqueTypes() -> DeclaredTypes {
        var seen: [String: Int] = [:]
        var result: [NamedType] = []
        var all = files.flatMap(\.types)
        // Each file lists its types in the order they are written, so the
        // files in name order are usually sorted already; a stable sort of a
        // sorted list changes nothing, so it is only done when needed.
        if zip(all, all.dropFirst()).contains(where: { $1.location < $0.location }) {
            all.sort { $0.location < $1.location }
        }
        seen.reserveCapacity(all.count)
        result.reserveCapacity(all.count)
        for type in all {
            // Stored first, so that a new name (the usual case) is hashed
            // once; a repeated one puts the first declaration back.
            if let first = seen.updateValue(result.count, forKey: type.name) {
                seen[type.name] = first
                diagnostics.error(
                    "type '\(type.name)' is declared more than once",
                    at: type.location, notes: [.note("'\(type.name)' first declared here", at: result[first].location)])
                continue
            }
            result.append(type)
        }
        return DeclaredTypes(types: result, positions: seen)
    }

    // MARK: - Operations

    /// The operations of every file, each name once (a name declared again,
    /// in any section of any file, is an error at the later declaration),
    /// with their argument defaults typed and their stores in order or
    /// derived, sorted by name.
    private mutating func completeOperations(byName: DeclaredTypes) -> [APIOperation] {
        var all = files.flatMap(\.operations)
        guard !all.isEmpty else { return [] }
        if zip(all, all.dropFirst()).contains(where: { $1.location < $0.location }) {
            all.sort { $0.location < $1.location }
        }
        var seen: [String: Int] = [:]
        var operations: [APIOperation] = []
        for operation in all {
            if let first = seen[operation.name] {
                let earlier = operations[first]
                diagnostics.error(
                    "\(operation.kind.rawValue) '\(operation.name)' is declared more than once; queries, mutations and events share one namespace",
                    at: operation.location,
                    notes: [.note("'\(operation.name)' first declared here, as a \(earlier.kind.rawValue)", at: earlier.location)])
                continue
            }
            seen[operation.name] = operations.count
            operations.append(operation)
        }
        var storeValues: [String]?
        if case let .enumeration(stores)? = byName[APIOperation.storeEnum] { storeValues = stores.values.map(\.wire) }
        for index in operations.indices {
            if let defaults = files.lazy.compactMap({ $0.operationDefaults[operations[index].location] }).first {
                typeArgumentDefaults(defaults, of: &operations[index], byName: byName)
            }
            operations[index].stores = resolvedStores(of: operations[index], storeValues: storeValues)
        }
        return Spec.sortedOperations(operations)
    }

    private mutating func typeArgumentDefaults(
        _ defaults: [String: SpecFileReader.RawDefault], of operation: inout APIOperation, byName: DeclaredTypes
    ) {
        guard let owner = operation.argumentsRecord else { return }
        for index in operation.arguments.indices {
            guard let raw = defaults[operation.arguments[index].name] else { continue }
            typeDefault(raw, of: &operation.arguments[index], owner: owner, byName: byName, noun: "argument")
        }
    }

    /// The stores of `operation`: those it lists, in the order of the
    /// `IapStore` values (any the enum lacks after them, as written: the
    /// validator reports those), or, when it lists none, every `IapStore`
    /// value but `unknown` that its platform allows. `storeValues` are the
    /// enum's values, nil when the spec has no such enum.
    private func resolvedStores(of operation: APIOperation, storeValues: [String]?) -> [OperationStore] {
        guard operation.declaresStores else {
            return (storeValues ?? [])
                .filter { $0 != APIOperation.unidentifiedStore && operation.platform.allows(store: $0) }
                .map { OperationStore(store: $0, location: operation.location) }
        }
        guard let storeValues else { return operation.stores }
        let rank = Dictionary(storeValues.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        return operation.stores.enumerated()
            .sorted { (rank[$0.element.store] ?? .max, $0.offset) < (rank[$1.element.store] ?? .max, $1.offset) }
            .map(\.element)
    }

    /// Up to this many included fields, an included field is found by going
    /// through the list, which for the few fields a shared set adds is
    /// cheaper than hashing every name into a dictionary, and finds the same.
    static let linearIncludeLimit = 16

    private mutating func mergedFields(of record: RecordType, byName: DeclaredTypes) -> [Field] {
        var merged: [Field] = []
        /// Where each included field is in `merged`, by name, once there
        /// are more than `linearIncludeLimit` of them.
        var origin: [String: Int]?
        /// How many fields of `merged` are included ones; they come first.
        var includedCount = 0
        /// Where the included field named `name` is in `merged`, if there is one.
        func includedPosition(of name: String) -> Int? {
            if let origin { return origin[name] }
            // By position, so only the name is read from each field.
            return (0..<includedCount).first { merged[$0].name == name }
        }
        // Where an include was written only matters for an error about it.
        func includeLocation(_ setName: String) -> SourceLocation {
            let includeLocations = files.lazy.compactMap { $0.includeLocations[record.name] }.first ?? []
            return includeLocations.first { $0.0 == setName }?.1 ?? record.location
        }
        // The sets are found first, so that `merged` gets all its room at once.
        var sets: [FieldSet] = []
        sets.reserveCapacity(record.includes.count)
        for setName in record.includes {
            guard let type = byName[setName] else {
                let location = includeLocation(setName)
                let setNames = byName.types.compactMap { if case let .fieldSet(s) = $0 { s.name } else { nil } }
                diagnostics.error(
                    "unknown shared field set '\(setName)'\(Suggestions.didYouMean(setName, in: setNames))", at: location)
                continue
            }
            guard case let .fieldSet(set) = type else {
                let location = includeLocation(setName)
                diagnostics.error(
                    "'\(setName)' is not a shared field set (it is declared in '\(type.sectionName)')", at: location)
                continue
            }
            sets.append(set)
        }
        merged.reserveCapacity(sets.reduce(record.fields.count) { $0 + $1.fields.count })
        for set in sets {
            // By position, so that each field is copied once, into `merged`.
            for index in set.fields.indices where includedPosition(of: set.fields[index].name) == nil {
                merged.append(set.fields[index])
                merged[merged.count - 1].includedFrom = set.name
                includedCount += 1
                if origin != nil {
                    origin?[set.fields[index].name] = includedCount - 1
                } else if includedCount > Self.linearIncludeLimit {
                    origin = Dictionary(merged.indices.map { (merged[$0].name, $0) }, uniquingKeysWith: { first, _ in first })
                }
            }
        }
        // The record's own fields follow, all at once unless one of them is
        // also included (an error); they are looked at by position, so that
        // only the name is read from each.
        var clashes: [Int] = []
        for index in record.fields.indices {
            guard let position = includedPosition(of: record.fields[index].name) else { continue }
            let (field, included) = (record.fields[index], merged[position])
            diagnostics.error(
                "field '\(field.name)' of '\(record.name)' is already included from '\(included.includedFrom ?? "")'",
                at: field.location, notes: [.note("included field declared here", at: included.location)])
            clashes.append(index)
        }
        if clashes.isEmpty {
            merged.append(contentsOf: record.fields)
        } else {
            for index in record.fields.indices where !clashes.contains(index) { merged.append(record.fields[index]) }
        }
        return merged
    }

    /// The raw `default:` nodes of every file by field name, for each
    /// declared type by its position in `byName.types` (empty when no file
    /// gives any); when two files give one, the first file's is kept. Kept
    /// by position, so that completing a record needs no look-up of its
    /// name: only the few records named here are looked up, once, rather
    /// than every record.
    private func rawDefaults(byName: DeclaredTypes) -> [[String: SpecFileReader.RawDefault]?] {
        guard files.contains(where: { !$0.defaults.isEmpty }) else { return [] }
        var result = [[String: SpecFileReader.RawDefault]?](repeating: nil, count: byName.types.count)
        for file in files {
            for (record, fields) in file.defaults {
                // Defaults of a type that is not declared are never read.
                guard let position = byName.positions[record] else { continue }
                // Usually no earlier file gave the record defaults; then all
                // of this file's are taken at once rather than one by one.
                guard result[position] != nil else {
                    result[position] = fields
                    continue
                }
                for (field, node) in fields where result[position]?[field] == nil {
                    result[position]?[field] = node
                }
            }
        }
        return result
    }

    /// Converts a raw `default:` node to a value of the field's type.
    /// `noun` names the field in messages (an operation's are arguments).
    private mutating func typeDefault(
        _ raw: SpecFileReader.RawDefault, of field: inout Field, owner: RecordType, byName: DeclaredTypes,
        noun: String = "field"
    ) {
        if owner.direction != .input {
            diagnostics.error("'default' is only allowed on input fields; '\(owner.name)' is an output record", at: raw.location)
            return
        }
        if field.isRequired {
            diagnostics.error(
                "'default' needs an optional \(noun); make the type '\(field.type)?' (a required \(noun) is always sent)",
                at: raw.location)
            return
        }
        field.defaultValue = defaultValue(raw.node, in: raw.document, type: field.type, byName: byName)
    }

    private mutating func defaultValue(
        _ node: YAMLDocument.NodeID, in document: YAMLDocument, type: TypeRef, byName: DeclaredTypes
    ) -> DefaultValue? {
        var reader = NodeReader(document)
        defer { diagnostics.append(contentsOf: reader.diagnostics.all) }
        switch type {
        case .scalar(.bool): return reader.bool(node, "a Bool default").map(DefaultValue.bool)
        case .scalar(.int): return reader.integer(node, "an Int default").map { .int(Int64($0)) }
        case .scalar(.double), .scalar(.timestamp): return reader.number(node, "a number default").map(DefaultValue.double)
        case .scalar(.string): return reader.string(node, "a String default").map(DefaultValue.string)
        case let .list(element):
            guard let items = document.sequence(node) else {
                reader.diagnostics.error("expected a list for a '\(type)' default, found \(document.kindName(node))", at: reader.location(node))
                return nil
            }
            let values = items.compactMap { defaultValue($0, in: document, type: element, byName: byName) }
            return values.count == items.count ? .list(values) : nil
        case .map:
            reader.diagnostics.error("map fields cannot have a default", at: reader.location(node))
            return nil
        case let .named(name):
            switch byName[name] {
            case let .enumeration(e)?:
                guard let text = reader.string(node, "an enum default") else { return nil }
                guard e.values.contains(where: { $0.wire == text }) else {
                    reader.diagnostics.error(
                        "default '\(text)' is not a value of '\(name)'\(Suggestions.didYouMean(text, in: e.values.map(\.wire)))",
                        at: reader.location(node))
                    return nil
                }
                return .enumValue(text)
            case .opaqueString?:
                return reader.string(node, "a string default").map(DefaultValue.string)
            default:
                reader.diagnostics.error("fields of type '\(name)' cannot have a default", at: reader.location(node))
                return nil
            }
        }
    }
}
