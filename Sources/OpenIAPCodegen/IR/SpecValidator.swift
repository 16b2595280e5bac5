/// Checks a joined spec for problems no single file can see: references,
/// unions, exactly-one-of groups, constraints, names that collide once
/// converted for a target, required fields that no finite value satisfies,
/// and operations against the types (see `checkOperations`).
struct SpecValidator {
    let spec: Spec
    /// The records each union resolves to (`Spec.flattenedMemberNames()`).
    private let unionRecords: [String: [String]]
    var diagnostics = Diagnostics()
    /// Records whose required fields form a cycle, found by
    /// `checkRequiredCycles`, by position in `spec.types`.
    private var unbuildable: [Bool] = []
    /// `Containment.onCycle` of the spec, once `run` has built the graph.
    private(set) var typesOnContainmentCycles: Set<String>?

    /// Swift names worked out so far for ASCII wire names, a table per place.
    private var propertyNames = ASCIINameTable<KeyedName>()
    private var openCaseNames = ASCIINameTable<KeyedName>()
    private var closedCaseNames = ASCIINameTable<KeyedName>()
    private var constantNames = ASCIINameTable<KeyedName>()
    private var unionCaseNames = ASCIINameTable<KeyedName>()

    /// Finds the spec's types by name.
    private let types: TypeNames

    /// A Swift name and its `nameKey`.
    private struct KeyedName {
        var name: String
        var key: UInt64
    }

    /// A Swift name, its `nameKey`, and the position of the spec name it
    /// comes from, as `checkSwiftNames` takes them.
    private typealias SourcedName = (swift: String, key: UInt64, source: Int)

    /// `spec.position(of:)` and `spec[name]`, found by the name's bytes when
    /// it is ASCII: the checks look up the type of every field, some more
    /// than once. Made once per run and shared by all jobs. Only a spec
    /// whose names are distinct gets a table: a name found among its ASCII
    /// names is then the only type of that name.
    struct TypeNames: Sendable {
        let spec: Spec
        private var table: ASCIINameTable<Int>?
        /// Whether every type name is ASCII and so in `table`: a name missing
        /// there is then no type at all.
        private var holdsAll = true

        /// Without a table: every name is looked up in `spec`.
        init(plain spec: Spec) {
            self.spec = spec
        }

        init(_ spec: Spec) {
            self.spec = spec
            guard spec.hasDistinctNames else { return }
            (table, holdsAll) = Self.table(count: spec.types.count) { spec.types[$0].name }
        }

        /// The index of `spec`, whose names are distinct, from a table made
        /// beforehand by `table(count:name:)` over its names in `spec.types`
        /// order: the builder makes it on another thread while it completes
        /// the records.
        init(_ spec: Spec, table: ASCIINameTable<Int>, holdsAll: Bool) {
            precondition(spec.hasDistinctNames, "a table is only for distinct names")
            self.spec = spec
            self.table = table
            self.holdsAll = holdsAll
        }

        /// Whether `position(of:)` has a table to look in; without one, `run` makes it.
        var hasTable: Bool { table != nil }

        /// The ASCII names among `name(0)`, `name(1)`, … `name(count - 1)`,
        /// each with its number, and whether that was all of them.
        static func table(count: Int, name: (Int) -> String) -> (ASCIINameTable<Int>, holdsAll: Bool) {
            var table = ASCIINameTable<Int>(minimumCapacity: count)
            var holdsAll = true
            for position in 0..<count {
                let inserted = name(position).withUTF8Bytes { bytes in
                    ASCIINameTable<Int>.hash(ofASCII: bytes).map { table.insert(bytes, hash: $0, value: position) }
                }
                if inserted == nil { holdsAll = false }
            }
            return (table, holdsAll)
        }

        func position(of name: String) -> Int? {
            guard let table else { return spec.position(of: name) }
            let found: Int?? = name.withUTF8Bytes { bytes in
                ASCIINameTable<Int>.hash(ofASCII: bytes).map { table.value(for: bytes, hash: $0) }
            }
            if let found, found != nil || holdsAll { return found }
            return spec.position(of: name)
        }

        subscript(name: String) -> NamedType? {
            position(of: name).map { spec.types[$0] }
        }
    }

    init(spec: Spec) {
        self.init(spec: spec, types: TypeNames(plain: spec))
    }

    /// A validator whose look-ups by name go through `types`, made from `spec`.
    init(spec: Spec, types: TypeNames) {
        self.spec = spec
        self.types = types
        self.unionRecords = spec.flattenedMemberNames()
    }

    /// A key that two equal ASCII strings share and two different ones
    /// almost never do: the hash of the bytes, made odd; 0 for a string
    /// outside ASCII, whose bytes do not decide equality. Two names with
    /// different keys, neither 0, are different, which spares most string
    /// comparisons when looking for names that clash.
    private static func nameKey(_ name: String) -> UInt64 {
        name.withUTF8Bytes { ASCIINameTable<KeyedName>.hash(ofASCII: $0).map { $0 | 1 } ?? 0 }
    }

    /// Whether two sourced names are the same Swift name.
    private static func sameName(_ a: SourcedName, _ b: SourcedName) -> Bool {
        if a.key != 0 && b.key != 0 && a.key != b.key { return false }
        return a.swift == b.swift
    }

    /// `SwiftNames.name(wire, in: place)`, remembered: a large spec uses the
    /// same few field names and values again and again, and finding a name
    /// by its bytes costs less than even seeing that it keeps its form.
    /// Only ASCII names are remembered, because two strings that Swift
    /// counts as equal (by canonical equivalence) are then the same bytes,
    /// and so get the same name; other spellings of an equal string could be
    /// named differently.
    private mutating func swiftName(_ wire: String, in place: SwiftNames.Place) -> KeyedName {
        switch place {
        case .property: Self.swiftName(wire, in: place, remembered: &propertyNames)
        case .openEnumCase: Self.swiftName(wire, in: place, remembered: &openCaseNames)
        case .closedEnumCase: Self.swiftName(wire, in: place, remembered: &closedCaseNames)
        case .opaqueConstant: Self.swiftName(wire, in: place, remembered: &constantNames)
        case .unionCase: Self.swiftName(wire, in: place, remembered: &unionCaseNames)
        }
    }

    /// `nameKey(swiftName(wire, in: .property).name)`, without copying the
    /// name out: most records are checked by these keys alone.
    private mutating func propertyNameKey(_ wire: String) -> UInt64 {
        let key: UInt64? = wire.withUTF8Bytes { bytes in
            guard let hash = ASCIINameTable<KeyedName>.hash(ofASCII: bytes) else { return nil }
            return propertyNames.withValue(for: bytes, hash: hash) { $0.key }
        }
        return key ?? swiftName(wire, in: .property).key
    }

    private static func swiftName(
        _ wire: String, in place: SwiftNames.Place, remembered: inout ASCIINameTable<KeyedName>
    ) -> KeyedName {
        let known: KeyedName? = wire.withUTF8Bytes { bytes in
            guard let hash = ASCIINameTable<KeyedName>.hash(ofASCII: bytes) else { return nil }
            if let known = remembered.value(for: bytes, hash: hash) { return known }
            let name = SwiftNames.name(wire, in: place)
            let keyed = KeyedName(name: name, key: nameKey(name))
            remembered.insert(bytes, hash: hash, value: keyed)
            return keyed
        }
        if let known { return known }
        let name = SwiftNames.name(wire, in: place)
        return KeyedName(name: name, key: nameKey(name))
    }

    /// Below this many types the checks run on the calling thread: handing
    /// work to other threads costs more than it saves for a small spec.
    private static let parallelTypeCount = 512
    /// How many pieces the per-type checks are cut into when they run in
    /// parallel; more pieces than cores, so a piece of heavy types does not
    /// leave the other core idle at the end.
    private static let typeChunks = 16

    /// One piece of `run`'s work that can go to its own thread.
    private enum Job: Sendable {
        /// The per-type checks of `spec.types[range]`.
        case types(Range<Int>)
        /// The checks that look at the whole spec at once.
        case wholeSpec
    }

    mutating func run() {
        // The per-type checks only read the spec, so they run in pieces on
        // several threads, next to the whole-spec checks. The diagnostics of
        // each piece are then joined in the order a single pass would have
        // produced them: every type in order, then the cycle checks.
        let count = spec.types.count
        var jobs: [Job] = [.wholeSpec]
        if count < Self.parallelTypeCount {
            jobs.append(.types(0..<count))
        } else {
            let size = (count + Self.typeChunks - 1) / Self.typeChunks
            for start in stride(from: 0, to: count, by: size) { jobs.append(.types(start..<min(start + size, count))) }
        }
        let spec = self.spec
        let types = self.types.hasTable ? self.types : TypeNames(spec)
        let perform = { @Sendable (job: Job) -> (diagnostics: [Diagnostic], onCycle: Set<String>?, files: [String]) in
            var validator = SpecValidator(spec: spec, types: types)
            var files: [String] = []
            switch job {
            case let .types(range):
                validator.checkTypes(range)
                files = validator.specFiles(range)
            case .wholeSpec:
                validator.checkRequiredCycles()
                validator.checkContainment()
                validator.checkTypeRenames()
                validator.checkOperations()
                DeprecationCheck.check(spec, into: &validator.diagnostics)
                // Kotlin's names for what it declares beside the spec's types.
                KotlinNameCheck.checkGeneratedNames(validator.spec, into: &validator.diagnostics)
                // Names that work in Swift but collide in TypeScript.
                TypeScriptNameCheck.check(spec, into: &validator.diagnostics)
            }
            return (validator.diagnostics.all, validator.typesOnContainmentCycles, files)
        }
        let results = count < Self.parallelTypeCount ? jobs.map(perform) : jobs.concurrentMap(perform)
        var files: [String] = []
        for result in results.dropFirst() {
            diagnostics.append(contentsOf: result.diagnostics)
            for file in result.files where !files.contains(file) { files.append(file) }
        }
        diagnostics.append(contentsOf: results[0].diagnostics)
        typesOnContainmentCycles = results[0].onCycle
        checkSwiftFileNames(files)
        KotlinNameCheck.checkFileNames(files, into: &diagnostics)
    }

    /// The files that declare `spec.types[range]`, each once, in the order
    /// they first come. Each piece of the per-type checks finds those of its
    /// types, so this pass over every type runs on all cores too.
    private func specFiles(_ range: Range<Int>) -> [String] {
        var files: [String] = []
        for position in range {
            let file = spec.types[position].location.file
            if !files.contains(file) { files.append(file) }
        }
        return files
    }

    /// The checks of each type on its own (and against the types it names).
    private mutating func checkTypes(_ range: Range<Int>) {
        for position in range {
            switch spec.types[position] {
            case let .enumeration(e): checkEnum(e)
            case let .opaqueString(s): checkOpaque(s)
            case let .record(r): checkRecord(r)
            case let .fieldSet(s):
                for index in s.fields.indices { checkField(index, of: s.fields, owner: s.name) }
                if s.fields.contains(where: { !$0.aliases.isEmpty || $0.annotations.renamedFrom != nil }) {
                    checkAliasesAndRenames(s.fields, owner: s.name)
                }
            case let .union(u): checkUnion(u)
            case let .alias(a): checkAlias(a)
            }
            // Names that work in Swift but not in Kotlin (KotlinNameCheck).
            KotlinNameCheck.check(spec.types[position], into: &diagnostics)
        }
    }

    /// Each spec file that declares types becomes one Swift file; two spec
    /// files must not map to the same one (compared without case, for file
    /// systems that ignore it), nor to a runtime file. `files` are those
    /// that declare types, each once (see `specFiles`).
    private mutating func checkSwiftFileNames(_ files: [String]) {
        var seen: [String: String] = [:]
        for name in SwiftNames.runtimeFileNames { seen[name.lowercased()] = "" }
        for file in files.sorted() {
            let swift = SwiftNames.fileName(forSpecFile: file)
            let top = SourceLocation(file: file, line: 1, column: 1)
            switch seen[swift.lowercased()] {
            case nil:
                seen[swift.lowercased()] = file
            case ""?:
                diagnostics.error(
                    "spec file '\(file)' would become the Swift file '\(swift)', which the generator writes for its runtime; rename the file",
                    at: top)
            case let other?:
                diagnostics.error(
                    "spec files '\(other)' and '\(file)' would both become the Swift file '\(swift)'; rename one",
                    at: top, notes: [.note("'\(other)' is here", at: SourceLocation(file: other, line: 1, column: 1))])
            }
        }
    }

    // MARK: - Enums

    private mutating func checkEnum(_ type: EnumType) {
        if type.values.isEmpty { diagnostics.error("enum '\(type.name)' has no values", at: type.location) }
        checkDuplicateValues(type.values, owner: type.name)
        if type.values.contains(where: { $0.annotations.renamedFrom != nil }) { checkValueRenames(type.values, owner: type.name) }
        let place: SwiftNames.Place = type.isClosed ? .closedEnumCase : .openEnumCase
        let swiftNames = type.values.indices.map { index -> SourcedName in
            let name = swiftName(type.values[index].wire, in: place)
            return (name.name, name.key, index)
        }
        checkSwiftNames(
            swiftNames, kind: "value", owner: type.name,
            wire: { type.values[$0].wire }, location: { type.values[$0].location })
        // An open enum's Swift names are the ones `checkReserved` looks at, so they are reused.
        if !type.isClosed { checkReserved(type.values, swiftNames: swiftNames, owner: type.name) }
        // Only aliases are looked up among the spellings; without any there is nothing to check.
        let hasAliases = type.values.contains(where: { !$0.aliases.isEmpty })
        var spellings: [String: EnumValue] = [:]
        if hasAliases {
            for value in type.values { spellings[value.wire] = value }
        }
        for value in type.values where hasAliases && !value.aliases.isEmpty {
            for alias in value.aliases {
                if let other = spellings[alias], other.wire != value.wire || alias == value.wire {
                    let what = other.wire == alias ? "the value" : "an alias of"
                    diagnostics.error(
                        "alias '\(alias)' of '\(value.wire)' is \(what) '\(other.wire)'", at: value.location,
                        notes: [.note("'\(other.wire)' declared here", at: other.location)])
                } else {
                    spellings[alias] = value
                }
            }
        }
        if let rule = type.aliasRule {
            // By position in `type.values`: storing the values themselves
            // copied each one (retaining its strings), and the room is made
            // once rather than grown.
            var derived: [String: Int] = [:]
            derived.reserveCapacity(type.values.count)
            for position in type.values.indices {
                let alias = rule.alias(for: type.values[position].wire)
                if let earlier = derived[alias] {
                    let (other, value) = (type.values[earlier], type.values[position])
                    diagnostics.error(
                        "values '\(other.wire)' and '\(value.wire)' have the same \(rule.rawValue) alias '\(alias)'",
                        at: value.location, notes: [.note("'\(other.wire)' declared here", at: other.location)])
                }
                derived[alias] = position
            }
        }
    }

    /// `renamedFrom` on enum values: the old wire value is no value of the
    /// enum any more (it may stay readable as an alias), and two values do
    /// not claim the same one.
    private mutating func checkValueRenames(_ values: [EnumValue], owner: String) {
        var claimed: [String: EnumValue] = [:]
        for value in values {
            guard let old = value.annotations.renamedFrom else { continue }
            if old.isEmpty || old == value.wire {
                diagnostics.error(
                    old.isEmpty ? "'renamedFrom' of value '\(value.wire)' must not be empty" : "value '\(value.wire)' is 'renamedFrom' itself",
                    at: value.location)
            } else if let other = values.first(where: { $0.wire == old }) {
                diagnostics.error(
                    "value '\(value.wire)' of '\(owner)' is 'renamedFrom' '\(old)', which is still a value; to keep reading the old spelling, make it an alias",
                    at: value.location, notes: [.note("'\(old)' declared here", at: other.location)])
            } else if let other = claimed[old] {
                diagnostics.error(
                    "values '\(other.wire)' and '\(value.wire)' of '\(owner)' are both 'renamedFrom' '\(old)'", at: value.location,
                    notes: [.note("'\(other.wire)' declared here", at: other.location)])
            } else {
                claimed[old] = value
            }
        }
    }

    private mutating func checkOpaque(_ type: OpaqueStringType) {
        for value in type.knownValues where value.annotations.renamedFrom != nil {
            diagnostics.error(
                "'renamedFrom' applies to types, fields and enum values; a known value of opaque string '\(type.name)' has no identity of its own to rename",
                at: value.location)
        }
        checkDuplicateValues(type.knownValues, owner: type.name)
        checkSwiftNames(
            type.knownValues.indices.map { index -> SourcedName in
                let name = swiftName(type.knownValues[index].wire, in: .opaqueConstant)
                return (name.name, name.key, index)
            }, kind: "value",
            owner: type.name, wire: { type.knownValues[$0].wire }, location: { type.knownValues[$0].location })
    }

    /// A value listed twice. Swift compares strings by canonical
    /// equivalence, so two spellings that differ only in Unicode
    /// normalization (`é` as one code point or as `e` and a combining
    /// accent) are the same value to the generated code and are rejected too.
    private mutating func checkDuplicateValues(_ values: [EnumValue], owner: String) {
        var seen: [String: EnumValue] = [:]
        for (index, value) in values.enumerated() {
            // The first earlier value with the same wire value, if any.
            let earlier: EnumValue?
            if values.count <= Self.linearSearchLimit {
                earlier = values[..<index].first { $0.wire == value.wire }
            } else {
                earlier = seen[value.wire]
                if earlier == nil { seen[value.wire] = value }
            }
            guard let first = earlier else { continue }
            let how = first.wire.unicodeScalars.elementsEqual(value.wire.unicodeScalars)
                ? "is listed twice" : "differs from '\(first.wire)' only in Unicode normalization, which Swift strings ignore"
            diagnostics.error(
                "value '\(value.wire)' of '\(owner)' \(how)", at: value.location,
                notes: [.note("'\(first.wire)' declared here", at: first.location)])
        }
    }

    /// `swiftNames` are the values' names as open enum cases.
    private mutating func checkReserved(_ values: [EnumValue], swiftNames: [SourcedName], owner: String) {
        for index in values.indices where swiftNames[index].swift == SwiftNames.unknownEnumCase {
            let value = values[index]
            diagnostics.error(
                "value '\(value.wire)' of open enum '\(owner)' would be named '\(SwiftNames.unknownEnumCase)' in Swift, the case that carries unknown values",
                at: value.location)
        }
    }

    /// Two spec names that become the same Swift identifier. Each Swift name
    /// comes with the position of its spec name (a value, a tag, a field),
    /// whose wire name and location `wire` and `location` give: they are
    /// only needed once two Swift names are equal, so they are not copied
    /// out (retaining their strings) for every name.
    private mutating func checkSwiftNames(
        _ names: [SourcedName], kind: String, owner: String,
        wire: (Int) -> String, location: (Int) -> SourceLocation
    ) {
        var seen: [String: Int] = [:]
        // One error per spec name is enough, whichever of its Swift names clashes first.
        var reported: Set<SourceLocation> = []
        for (index, name) in names.enumerated() {
            // The source of the first earlier name with the same Swift name, if any.
            let earlier: Int?
            if names.count <= Self.linearSearchLimit {
                earlier = names[..<index].first { Self.sameName($0, name) }?.source
            } else {
                earlier = seen[name.swift]
                if earlier == nil { seen[name.swift] = name.source }
            }
            guard let first = earlier else { continue }
            let (firstWire, wireName) = (wire(first), wire(name.source))
            // The same value listed twice has an error of its own.
            if firstWire == wireName { continue }
            guard reported.insert(location(name.source)).inserted else { continue }
            diagnostics.error(
                "\(kind) '\(wireName)' of '\(owner)' collides with '\(firstWire)': both are named '\(name.swift)' in Swift",
                at: location(name.source), notes: [.note("'\(firstWire)' declared here", at: location(first))])
        }
    }

    /// Up to this many names, finding an earlier equal one by going through
    /// the list is cheaper than hashing every name into a dictionary, and
    /// finds the same one.
    private static let linearSearchLimit = 16

    /// The Swift names of a record's fields: its members (properties, the
    /// private storage of deprecated fields, the initializer parameter that
    /// stands in for `self`) share one namespace.
    private mutating func checkFieldNames(_ fields: [Field], owner: String, kind: String = "field") {
        // Usually every member name is a property name, in ASCII, and their
        // keys all differ; then no two names clash, which the keys alone
        // show, without the list of names (and their reference counts) that
        // finding and reporting a clash takes. Otherwise, or when the keys
        // leave it open, the names are compared in full.
        memberKeys.removeAll(keepingCapacity: true)
        var keysDecide = true
        let selfKey = Self.selfKey
        for index in fields.indices {
            let key = propertyNameKey(fields[index].name)
            if key == 0 || key == selfKey || fields[index].annotations.deprecated != nil {
                keysDecide = false
                break
            }
            memberKeys.append(key)
        }
        if keysDecide && Self.allDifferent(memberKeys) { return }
        var memberNames: [SourcedName] = []
        memberNames.reserveCapacity(fields.count + 1)
        // By position, so only the name is copied out of each field.
        for index in fields.indices {
            let property = swiftName(fields[index].name, in: .property)
            memberNames.append((property.name, property.key, index))
            if fields[index].annotations.deprecated != nil {
                let storage = "_" + property.name
                memberNames.append((storage, Self.nameKey(storage), index))
            }
            if let internalName = SwiftNames.parameterInternalName(property.name) {
                memberNames.append((internalName, Self.nameKey(internalName), index))
            }
        }
        checkSwiftNames(
            memberNames, kind: kind, owner: owner, wire: { fields[$0].name }, location: { fields[$0].location })
    }

    /// The keys of a record's member names, for `checkFieldNames`; kept from
    /// one record to the next so that their room is allocated once.
    private var memberKeys: [UInt64] = []

    /// The key of `self`, a property name that brings a second member name
    /// (see `SwiftNames.parameterInternalName`).
    private static let selfKey = nameKey("self")

    /// Whether no two of `keys` are equal.
    private static func allDifferent(_ keys: [UInt64]) -> Bool {
        if keys.count > linearSearchLimit { return Set(keys).count == keys.count }
        for later in keys.indices {
            for earlier in 0..<later where keys[earlier] == keys[later] { return false }
        }
        return true
    }

    // MARK: - Records and fields

    private mutating func checkRecord(_ record: RecordType) {
        for index in record.fields.indices where record.fields[index].includedFrom == nil {
            checkField(index, of: record.fields, owner: record.name)
        }
        checkFieldNames(record.fields, owner: record.name)
        for group in record.exactlyOne { checkGroup(group, key: "exactlyOne", of: record) }
        for group in record.atLeastOne { checkGroup(group, key: "atLeastOne", of: record) }
        if record.isOneOf { checkOneOf(record) }
        // Most records have neither; then there is nothing to look at.
        if record.fields.contains(where: { !$0.aliases.isEmpty || $0.annotations.renamedFrom != nil }) {
            checkAliasesAndRenames(record.fields, owner: record.name)
        }
    }

    /// An `exactlyOne` or `atLeastOne` group (`key`): two or more distinct
    /// optional fields of the record.
    private mutating func checkGroup(_ group: FieldGroup, key: String, of record: RecordType) {
        if let choice = group.choice { checkChoice(choice, of: record) }
        if group.fields.count < 2 {
            let hint = key == "atLeastOne" ? "; a group of one is a required field" : ""
            diagnostics.error("an '\(key)' group needs at least two fields\(hint)", at: group.location)
        }
        for (index, name) in group.fields.enumerated() where group.fields[..<index].contains(name) {
            diagnostics.error("'\(key)' lists '\(name)' twice", at: group.location)
        }
        for name in group.fields {
            guard let field = record.field(name) else {
                diagnostics.error(
                    "'\(key)' names '\(name)', which is not a field of '\(record.name)'\(Suggestions.didYouMean(name, in: record.fields.map(\.name)))",
                    at: group.location)
                continue
            }
            if field.isRequired {
                diagnostics.error(
                    "field '\(name)' in an '\(key)' group must be optional ('\(field.type)?')", at: field.location)
            }
        }
    }

    /// A `oneOf` record: its own fields, two or more, all optional, are the
    /// alternatives.
    private mutating func checkOneOf(_ record: RecordType) {
        if !record.includes.isEmpty {
            diagnostics.error(
                "'oneOf' record '\(record.name)' cannot include shared field sets: its alternatives are its own fields",
                at: record.location)
        }
        if record.fields.count < 2 {
            diagnostics.error(
                "'oneOf' record '\(record.name)' needs at least two fields, one per alternative", at: record.location)
        }
        for field in record.fields where field.isRequired {
            diagnostics.error(
                "field '\(field.name)' of 'oneOf' record '\(record.name)' must be optional ('\(field.type)?'): only one alternative is set",
                at: field.location)
        }
    }

    /// Whether `name` can name a property or a case in every SDK language:
    /// ASCII letters and digits, starting with a lowercase letter.
    private static func isAPIName(_ name: String) -> Bool {
        guard let first = name.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) else { return false }
        return name.utf8.allSatisfy {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
        }
    }

    /// A named choice (`exactlyOne` with `as:`): a property name no field
    /// has, distinct case names, and a tag field (if any) outside the group
    /// whose enum gives each case its own value.
    private mutating func checkChoice(_ choice: FieldChoice, of record: RecordType) {
        if !Self.isAPIName(choice.property) {
            diagnostics.error(
                "'as: \(choice.property)' must be a property name: ASCII letters and digits, starting with a lowercase letter",
                at: choice.location)
        } else if let field = record.field(choice.property) {
            diagnostics.error(
                "'as: \(choice.property)' is already the name of a field of '\(record.name)'", at: choice.location,
                notes: [.note("field '\(field.name)' declared here", at: field.location)])
        }
        var names: [String: FieldChoice.Case] = [:]
        for item in choice.cases {
            if !Self.isAPIName(item.name) {
                diagnostics.error(
                    "case name '\(item.name)' of '\(item.field)' must be ASCII letters and digits, starting with a lowercase letter",
                    at: item.location)
            } else if let first = names[item.name] {
                diagnostics.error(
                    "case name '\(item.name)' is given to both '\(first.field)' and '\(item.field)'", at: item.location,
                    notes: [.note("first given here", at: first.location)])
            } else {
                names[item.name] = item
            }
        }
        guard let tagName = choice.tagField else {
            for item in choice.cases where item.tagValue != nil {
                diagnostics.error(
                    "case '\(item.field)' has a 'tag' value, but the choice names no 'tag' field", at: item.location)
            }
            return
        }
        guard let tag = record.field(tagName) else {
            diagnostics.error(
                "'tag: \(tagName)' is not a field of '\(record.name)'\(Suggestions.didYouMean(tagName, in: record.fields.map(\.name)))",
                at: choice.location)
            return
        }
        if choice.cases.contains(where: { $0.field == tagName }) {
            diagnostics.error("'tag: \(tagName)' is one of the choice's own fields", at: choice.location)
            return
        }
        guard case let .named(enumName) = tag.type, case let .enumeration(tagEnum)? = types[enumName] else {
            diagnostics.error(
                "'tag: \(tagName)' must be a field of an enum type; '\(record.name).\(tagName)' is '\(tag.type)'",
                at: choice.location, notes: [.note("field '\(tagName)' declared here", at: tag.location)])
            return
        }
        var seen: [String: FieldChoice.Case] = [:]
        for item in choice.cases {
            guard let value = item.tagValue else {
                diagnostics.error(
                    "case '\(item.field)' needs a 'tag' value: the value of '\(tagName)' that goes with it", at: item.location)
                continue
            }
            if !tagEnum.values.contains(where: { $0.wire == value }) {
                let known = tagEnum.values.map(\.wire)
                diagnostics.error(
                    "'tag: \(value)' of case '\(item.field)' is not a value of '\(enumName)'\(Suggestions.didYouMean(value, in: known))",
                    at: item.location)
            } else if let first = seen[value] {
                diagnostics.error(
                    "cases '\(first.field)' and '\(item.field)' have the same 'tag' value '\(value)'", at: item.location,
                    notes: [.note("first given here", at: first.location)])
            } else {
                seen[value] = item
            }
        }
    }

    /// Decode-only aliases and `renamedFrom` of a record's fields (its own
    /// and the included ones): an alias names no other field and no other
    /// alias, and is not the field's own name; an old name is no field's
    /// name any more (a rename keeps only the new one), and two fields do not
    /// claim the same one.
    /// In a record, what only concerns the fields of one included set was
    /// reported with the set, and is not reported again for every record
    /// that includes it.
    private mutating func checkAliasesAndRenames(_ fields: [Field], owner: String) {
        /// Whether a problem of `field` (with `other`, if any) belongs to a shared set's own check.
        func reportedWithSet(_ field: Field, _ other: Field? = nil) -> Bool {
            guard let set = field.includedFrom, set != owner else { return false }
            return other.map { $0.includedFrom == set } ?? true
        }
        var names: [String: Field] = [:]
        for field in fields where names[field.name] == nil { names[field.name] = field }
        var spellings: [String: Field] = [:]
        var oldNames: [String: Field] = [:]
        for field in fields {
            for alias in field.aliases {
                if alias == field.name {
                    if !reportedWithSet(field) {
                        diagnostics.error("alias '\(alias)' of field '\(field.name)' of '\(owner)' is the field's own name", at: field.location)
                    }
                } else if let other = names[alias] {
                    if reportedWithSet(field, other) { continue }
                    diagnostics.error(
                        "alias '\(alias)' of field '\(field.name)' of '\(owner)' is the name of another field",
                        at: field.location, notes: [.note("field '\(alias)' declared here", at: other.location)])
                } else if let other = spellings[alias] {
                    if reportedWithSet(field, other) { continue }
                    let whose = other.name == field.name ? "listed twice" : "also an alias of '\(other.name)'"
                    diagnostics.error(
                        "alias '\(alias)' of field '\(field.name)' of '\(owner)' is \(whose)", at: field.location,
                        notes: other.name == field.name ? [] : [.note("'\(other.name)' declared here", at: other.location)])
                } else {
                    spellings[alias] = field
                }
            }
            guard let old = field.annotations.renamedFrom else { continue }
            if let other = names[old] ?? oldNames[old], reportedWithSet(field, other) { continue }
            if (old.isEmpty || old == field.name) && reportedWithSet(field) { continue }
            if old.isEmpty {
                diagnostics.error("'renamedFrom' of field '\(field.name)' must not be empty", at: field.location)
            } else if old == field.name {
                diagnostics.error("field '\(field.name)' is 'renamedFrom' its own name", at: field.location)
            } else if let other = names[old] {
                diagnostics.error(
                    "field '\(field.name)' of '\(owner)' is 'renamedFrom' '\(old)', which is still a field; a renamed field keeps only its new name (an alias keeps the old one readable)",
                    at: field.location, notes: [.note("field '\(old)' declared here", at: other.location)])
            } else if let other = oldNames[old] {
                diagnostics.error(
                    "fields '\(other.name)' and '\(field.name)' of '\(owner)' are both 'renamedFrom' '\(old)'", at: field.location,
                    notes: [.note("'\(other.name)' declared here", at: other.location)])
            } else {
                oldNames[old] = field
            }
        }
    }

    /// Checks `fields[index]`. The field is named by its position rather
    /// than passed as a value: passing a `Field` out of an array copies it,
    /// retaining every string it holds, while most checks only read a few
    /// plain facts; its name and location are read when an error needs them.
    /// `role` names such fields in messages (an operation's are arguments).
    private mutating func checkField(_ index: Int, of fields: [Field], owner: String, role: String = "fields") {
        // A scalar names no type; most fields are one, and are not copied out to see that.
        if case .scalar = fields[index].type {} else { checkReference(fields[index].type, at: fields[index].location, role: role) }
        if fields[index].degrades && fields[index].isRequired {
            diagnostics.error(
                "'degrade' needs an optional field: a required field '\(fields[index].name)' cannot be dropped",
                at: fields[index].location)
        }
        let constraints = fields[index].constraints
        guard !constraints.isEmpty else { return }
        let (name, base, location) = (fields[index].name, fields[index].type, fields[index].location)
        if constraints.maxBytes != nil, !isStringLike(base) {
            diagnostics.error("'maxBytes' applies to strings; '\(name)' is '\(base)'", at: location)
        }
        if constraints.minimum != nil || constraints.maximum != nil {
            if case .scalar(let s) = base, s == .int || s == .double || s == .timestamp {
            } else {
                diagnostics.error("'min' and 'max' apply to numbers; '\(name)' is '\(base)'", at: location)
            }
        }
        if let min = constraints.minimum, let max = constraints.maximum, min > max {
            diagnostics.error("'min' (\(min)) is greater than 'max' (\(max))", at: location)
        }
        if constraints.minLength != nil || constraints.maxLength != nil || constraints.pattern != nil {
            checkStringLimits(constraints, name: name, base: base, at: location)
        }
    }

    /// `minLength`, `maxLength` and `pattern` go on strings, and the lengths
    /// leave some string possible.
    private mutating func checkStringLimits(_ constraints: Constraints, name: String, base: TypeRef, at location: SourceLocation) {
        if !isStringLike(base) {
            let keys = [("minLength", constraints.minLength != nil), ("maxLength", constraints.maxLength != nil), ("pattern", constraints.pattern != nil)]
                .filter(\.1).map { "'\($0.0)'" }.joined(separator: ", ")
            diagnostics.error("\(keys) apply to strings; '\(name)' is '\(base)'", at: location)
        }
        if let minimum = constraints.minLength, let maximum = constraints.maxLength, minimum > maximum {
            diagnostics.error("'minLength' (\(minimum)) is greater than 'maxLength' (\(maximum))", at: location)
        }
        // Every character takes at least one byte of UTF-8.
        if let minimum = constraints.minLength, let bytes = constraints.maxBytes, minimum > bytes {
            diagnostics.error(
                "'minLength' (\(minimum) characters) can never be met within 'maxBytes' (\(bytes) bytes): every character takes at least one byte",
                at: location)
        }
    }

    private func isStringLike(_ type: TypeRef) -> Bool {
        switch type {
        case .scalar(.string): return true
        case let .named(name): if case .opaqueString? = types[name] { return true }
        default: break
        }
        return false
    }

    /// `role` names what has the type, in messages.
    private mutating func checkReference(_ type: TypeRef, at location: SourceLocation, role: String = "fields") {
        guard let name = type.namedLeaf else { return }
        guard let target = types[name] else {
            let candidates = spec.types.filter { if case .fieldSet = $0 { false } else { true } }.map(\.name)
                + Scalar.allCases.map(\.rawValue)
            diagnostics.error("unknown type '\(name)'\(Suggestions.didYouMean(name, in: candidates))", at: location)
            return
        }
        if case .fieldSet = target {
            diagnostics.error("'\(name)' is a shared field set; records 'include' it, \(role) cannot have it as a type", at: location)
        }
    }

    // MARK: - Aliases

    /// An alias (`sameAs:`) stands for a record or a union: the types a
    /// caller passes whole, which every target can name as a type of its
    /// own. Enums and opaque strings need no second name (an argument may
    /// have them as they are), shared field sets are not types, and an alias
    /// of an alias would make readers follow a chain to find the shape.
    private mutating func checkAlias(_ alias: TypeAlias) {
        if Scalar.named(alias.target) != nil {
            diagnostics.error(
                "'sameAs' of '\(alias.name)' names a record or a union; '\(alias.target)' is a built-in type", at: alias.targetLocation)
            return
        }
        guard let target = types[alias.target] else {
            let candidates = spec.types.filter { if case .record = $0 { true } else if case .union = $0 { true } else { false } }.map(\.name)
            diagnostics.error(
                "unknown type '\(alias.target)' for 'sameAs' of '\(alias.name)'\(Suggestions.didYouMean(alias.target, in: candidates))",
                at: alias.targetLocation)
            return
        }
        switch target {
        case .record, .union:
            break
        case let .alias(other) where other.name == alias.name:
            diagnostics.error("'\(alias.name)' is 'sameAs' itself; name the record or union it is", at: alias.targetLocation)
        case let .alias(other):
            diagnostics.error(
                "'\(alias.name)' is 'sameAs' '\(other.name)', which is itself another name for '\(other.target)'; write 'sameAs: \(other.target)'",
                at: alias.targetLocation, notes: [.note("'\(other.name)' declared here", at: other.location)])
        default:
            diagnostics.error(
                "'sameAs' of '\(alias.name)' names a record or a union; '\(alias.target)' is a type from '\(target.sectionName)'",
                at: alias.targetLocation, notes: [.note("'\(alias.target)' declared here", at: target.location)])
        }
    }

    // MARK: - Unions

    private mutating func checkUnion(_ union: UnionType) {
        if union.members.isEmpty { diagnostics.error("union '\(union.name)' has no members", at: union.location) }
        checkSwiftNames(
            union.members.indices.map { index -> SourcedName in
                let name = swiftName(union.members[index].tag, in: .unionCase)
                return (name.name, name.key, index)
            }, kind: "tag", owner: union.name,
            wire: { union.members[$0].tag }, location: { union.members[$0].location })
        if union.unknownTag == .keep {
            for member in union.members where swiftName(member.tag, in: .unionCase).name == SwiftNames.unknownUnionCase {
                diagnostics.error(
                    "tag '\(member.tag)' of '\(union.name)' would be named '\(SwiftNames.unknownUnionCase)' in Swift, the case that keeps unknown payloads",
                    at: member.location)
            }
        }
        guard !union.discriminator.isEmpty else { return }
        for member in union.members {
            guard let target = types[member.typeName] else {
                let candidates = spec.types.filter { if case .record = $0 { true } else if case .union = $0 { true } else { false } }.map(\.name)
                diagnostics.error(
                    "unknown type '\(member.typeName)'\(Suggestions.didYouMean(member.typeName, in: candidates))", at: member.location)
                continue
            }
            let records: [RecordType]
            switch target {
            case let .record(r): records = [r]
            case let .union(u):
                if u.name == union.name {
                    diagnostics.error("union '\(union.name)' lists itself as a member", at: member.location)
                    continue
                }
                records = (unionRecords[u.name] ?? []).compactMap(spec.record)
            case let .alias(a):
                diagnostics.error(
                    "union member '\(a.name)' is another name for '\(a.target)'; a union lists the type itself", at: member.location)
                continue
            default:
                diagnostics.error(
                    "union member '\(member.typeName)' must be a record or a union, not a type from '\(target.sectionName)'",
                    at: member.location)
                continue
            }
            for record in records { checkDiscriminator(of: union, member: member, record: record) }
        }
    }

    private mutating func checkDiscriminator(of union: UnionType, member: UnionMember, record: RecordType) {
        guard let field = record.field(union.discriminator) else {
            diagnostics.error(
                "union member '\(record.name)' of '\(union.name)' has no discriminator field '\(union.discriminator)'",
                at: member.location, notes: [.note("'\(record.name)' declared here", at: record.location)])
            return
        }
        if !field.isRequired {
            diagnostics.error(
                "discriminator '\(union.discriminator)' of union '\(union.name)' must be required in '\(record.name)'",
                at: field.location)
        }
        if !field.aliases.isEmpty {
            diagnostics.error(
                "discriminator '\(union.discriminator)' of union '\(union.name)' cannot have aliases in '\(record.name)': readers look for the tag under its one name",
                at: field.location)
        }
        switch field.type {
        case .scalar(.string): break
        case let .named(name):
            switch types[name] {
            case let .enumeration(e)?:
                if record.name == member.typeName, !e.values.contains(where: { $0.wire == member.tag }) {
                    diagnostics.error(
                        "tag '\(member.tag)' of '\(union.name)' is not a value of '\(name)', the type of '\(record.name).\(union.discriminator)'",
                        at: member.location)
                }
            case .opaqueString?: break
            default:
                diagnostics.error(
                    "discriminator '\(union.discriminator)' of '\(record.name)' must be a String or an enum", at: field.location)
            }
        default:
            diagnostics.error(
                "discriminator '\(union.discriminator)' of '\(record.name)' must be a String or an enum", at: field.location)
        }
    }

    // MARK: - Renamed types

    /// `renamedFrom` on types: the old name is a type name that no type has
    /// any more, claimed by one type only.
    private mutating func checkTypeRenames() {
        var claimed: [String: NamedType] = [:]
        // In the order written, so that a second claim is the one reported.
        let renamed = spec.types.filter { $0.annotations.renamedFrom != nil }.sorted { $0.location < $1.location }
        for type in renamed {
            guard let old = type.annotations.renamedFrom else { continue }
            if !SpecFileReader.isTypeName(old) {
                diagnostics.error(
                    "'renamedFrom' of '\(type.name)' must be the old type name, UpperCamelCase; found '\(old)'", at: type.location)
            } else if old == type.name {
                diagnostics.error("type '\(type.name)' is 'renamedFrom' its own name", at: type.location)
            } else if let other = types[old] {
                diagnostics.error(
                    "'\(type.name)' is 'renamedFrom' '\(old)', which is still a type; a renamed type keeps only its new name",
                    at: type.location, notes: [.note("'\(old)' declared here", at: other.location)])
            } else if let other = claimed[old] {
                diagnostics.error(
                    "types '\(other.name)' and '\(type.name)' are both 'renamedFrom' '\(old)'", at: type.location,
                    notes: [.note("'\(other.name)' declared here", at: other.location)])
            } else {
                claimed[old] = type
            }
        }
    }

    // MARK: - Operations

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
            checkFieldNames(operation.arguments, owner: operation.name, kind: "argument")
            // The arguments are a record's properties in Kotlin too.
            if let record = operation.argumentsRecord { KotlinNameCheck.check(.record(record), into: &diagnostics) }
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

    // MARK: - Satisfiability

    /// A record whose required fields lead back to itself (without passing a
    /// list, a map or an optional field) has no finite value.
    ///
    /// Worked forward from what is satisfiable without any record, through
    /// the types that depend on each newly satisfiable one, so the cost stays
    /// linear in the size of the spec, however long its chains are.
    private mutating func checkRequiredCycles() {
        // Kept by position in `spec.types` (a name's first declaration, as
        // `spec[name]` finds it) rather than in dictionaries keyed by name.
        let typeCount = spec.types.count
        let types = self.types
        var satisfiable = [Bool](repeating: false, count: typeCount)
        var ready: [Int] = []
        /// Per record, how many of its required fields still wait for their type.
        var waiting = [Int?](repeating: nil, count: typeCount)
        /// Who waits for a type: records (once per required field) and
        /// unions, as (type, dependent) pairs, grouped by type below. One flat
        /// list instead of a list per type: most types have no dependents,
        /// and the lists' allocations and reference counts cost more than
        /// the search.
        var waits: [(type: Int, dependent: Int)] = []
        for (position, type) in spec.types.enumerated() {
            let me = spec.firstPosition(ofNameAt: position)
            switch type {
            case .enumeration, .opaqueString, .fieldSet:
                ready.append(me)
            case let .alias(a):
                // As a union of one member: buildable when its target is.
                if let target = types.position(of: a.target) { waits.append((target, me)) } else { ready.append(me) }
            case let .union(u):
                let members = u.members.map { types.position(of: $0.typeName) }
                if u.unknownTag == .keep || members.contains(nil) {
                    ready.append(me)
                } else {
                    for case let member? in members { waits.append((member, me)) }
                }
            case let .record(r):
                var required = 0
                for index in r.fields.indices where r.fields[index].isRequired {
                    guard case let .named(name) = r.fields[index].type, let target = types.position(of: name) else { continue }
                    required += 1
                    waits.append((target, me))
                }
                if required == 0 { ready.append(me) } else { waiting[me] = required }
            }
        }
        // The dependents of type `t` are `dependents[start[t]..<start[t + 1]]`,
        // in the order they were found.
        var start = [Int](repeating: 0, count: typeCount + 1)
        for wait in waits { start[wait.type + 1] += 1 }
        for index in 0..<typeCount { start[index + 1] += start[index] }
        var dependents = [Int](repeating: 0, count: waits.count)
        var next = start
        for wait in waits {
            dependents[next[wait.type]] = wait.dependent
            next[wait.type] += 1
        }
        while let type = ready.popLast() {
            guard !satisfiable[type] else { continue }
            satisfiable[type] = true
            for dependent in dependents[start[type]..<start[type + 1]] where !satisfiable[dependent] {
                if let count = waiting[dependent] {
                    waiting[dependent] = count - 1
                    if count == 1 { ready.append(dependent) }
                } else {
                    // A union needs one satisfiable member.
                    ready.append(dependent)
                }
            }
        }
        unbuildable = [Bool](repeating: false, count: typeCount)
        for (position, type) in spec.types.enumerated() {
            guard case let .record(record) = type else { continue }
            let me = spec.firstPosition(ofNameAt: position)
            guard !satisfiable[me] else { continue }
            unbuildable[me] = true
            let path = cyclePath(from: record.name, satisfiable: satisfiable)
            diagnostics.error(
                "record '\(record.name)' can never be built: its required fields form a cycle (\(path)); make one of them optional or a list",
                at: record.location)
        }
    }

    /// Types that contain themselves by value (see `Containment`). Through a
    /// union the Swift target makes the enum `indirect`; through records
    /// alone, or through member unions alone, it cannot help.
    private mutating func checkContainment() {
        let types = self.types
        let containment = Containment(spec) { types.position(of: $0) }
        typesOnContainmentCycles = containment.onCycle
        // Most specs have no such cycle; then the lists of unions and records
        // (copies of every one) are not made to be gone through for nothing.
        if !containment.unionCycles.isEmpty { reportUnionCycles(containment) }
        if !containment.recordCycles.isEmpty { reportRecordCycles(containment) }
    }

    private mutating func reportUnionCycles(_ containment: Containment) {
        for union in spec.unions where containment.unionCycles.contains(union.name) {
            // A union that names itself has an error of its own.
            if union.members.contains(where: { $0.typeName == union.name }) { continue }
            let path = containment.cycle(from: union.name) { containment.unionCycles.contains($0) }
            diagnostics.error(
                "union '\(union.name)' contains itself through member unions (\(path)); a decoder could go round without end",
                at: union.location)
        }
    }

    private mutating func reportRecordCycles(_ containment: Containment) {
        for record in spec.records where containment.recordCycles.contains(record.name) && !isUnbuildable(record.name) {
            let path = containment.cycle(from: record.name) { containment.recordCycles.contains($0) }
            diagnostics.error(
                "record '\(record.name)' contains itself through fields that are not lists or maps (\(path)); Swift stores such fields inline, so make one of them a list",
                at: record.location)
        }
    }

    private func isUnbuildable(_ name: String) -> Bool {
        spec.position(of: name).map { unbuildable[$0] } ?? false
    }

    /// `satisfiable` by position in `spec.types`.
    private func cyclePath(from start: String, satisfiable: [Bool]) -> String {
        var path = [start]
        var current = start
        var visited: Set<String> = [start]
        while let record = spec.record(current),
              let next = record.fields.first(where: {
                  if $0.isRequired, case let .named(n) = $0.type, !(spec.position(of: n).map { satisfiable[$0] } ?? false) { return true }
                  return false
              }),
              case let .named(name) = next.type
        {
            // A long cycle is shown by its first steps.
            if path.count > 8 {
                path.append("…")
                break
            }
            path.append("\(current).\(next.name) → \(name)")
            if !visited.insert(name).inserted { break }
            current = name
        }
        return path.dropFirst().joined(separator: ", ")
    }
}
