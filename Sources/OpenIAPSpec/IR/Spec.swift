/// The validated intermediate representation of a whole spec: every type and
/// every operation of every file, resolved and checked. Targets render from
/// this and nothing else.
///
/// Every node carries the `SourceLocation` it was read from so that later
/// stages (validation, `generator diff`) can point back at the YAML.
public struct Spec: Sendable {
    /// The spec version from `spec: version:`, printed in generated headers.
    public var version: String { didSet { memo = SpecMemo() } }
    public var versionLocation: SourceLocation? { didSet { memo = SpecMemo() } }
    /// The spec's `spec: lint:` settings (`generator lint`).
    public var lint = LintSettings() { didSet { memo = SpecMemo() } }
    /// All named types, sorted by name.
    public var types: [NamedType] {
        didSet {
            hasDistinctNames = false
            memo = SpecMemo()
        }
    }

    /// The values worked out from this spec once (`remembered`), shared by
    /// its copies until one changes: any change to the spec starts it anew.
    var memo = SpecMemo()

    /// Whether no two of `types` share a name, so that `position(of:)` of
    /// the name at a position is that position. The checks ask it of every
    /// type; knowing it spares them a look-up by name (a hash of the name)
    /// per type. Set when the spec is made and cleared by any change to
    /// `types`, after which the answer is looked up as before.
    private(set) var hasDistinctNames: Bool

    /// The API: every query, mutation and event (`APIOperation`), sorted by
    /// name, each name once. Kept apart from `types`, so that the type
    /// checks, targets and `generator diff` rules that know only types are
    /// untouched by them.
    public var operations: [APIOperation] = [] { didSet { memo = SpecMemo() } }

    /// The HTTP routes (`routes:`), in the order written, files in name
    /// order. Kept apart from `types` and `operations` like the API: only
    /// the targets that speak HTTP read them.
    public var routes: [HTTPRoute] = [] { didSet { memo = SpecMemo() } }

    /// The route called `name`.
    public func route(_ name: String) -> HTTPRoute? {
        routes.first { $0.name == name }
    }

    public init(version: String, versionLocation: SourceLocation? = nil, types: [NamedType], operations: [APIOperation] = []) {
        let names = types.map(\.name)
        self.init(version: version, versionLocation: versionLocation, types: types, names: names, order: Self.sortedPositions(of: names))
        self.operations = Self.sortedOperations(operations)
    }

    /// `operations` by name; operations of the same name (which only a spec
    /// built by hand can have) by where they were written.
    static func sortedOperations(_ operations: [APIOperation]) -> [APIOperation] {
        operations.sorted { ($0.name, $0.location) < ($1.name, $1.location) }
    }

    /// The spec of `types` whose names are `names`, where `order` is
    /// `sortedPositions(of: names)`, worked out beforehand (the builder sorts
    /// while it merges records, on another thread).
    init(version: String, versionLocation: SourceLocation?, types: [NamedType], names: [String], order: [Int]) {
        self.version = version
        self.versionLocation = versionLocation
        // Sorting positions rather than the types themselves saves moving
        // large values around; ties keep their original order.
        self.types = order.map { types[$0] }
        var index: [String: Int] = [:]
        index.reserveCapacity(order.count)
        // Backwards, so that the first position of a name is written last
        // and stays: one hash per name, not a look-up and then a store.
        for position in order.indices.reversed() {
            index[names[order[position]]] = position
        }
        self.index = index
        hasDistinctNames = index.count == order.count
    }

    /// The spec of `types`, whose names are all different, where `order` is
    /// `sortedPositions` of their names and `positions` gives each name's
    /// position in `types`. The builder has that dictionary already (it
    /// finds repeated names with it), so the index by name is made from it
    /// with `mapValues`, which keeps its hash table as it is, rather than by
    /// hashing every name again.
    init(version: String, versionLocation: SourceLocation?, types: [NamedType], positions: [String: Int], order: [Int]) {
        precondition(positions.count == types.count && order.count == types.count, "names must be distinct")
        self.version = version
        self.versionLocation = versionLocation
        self.types = order.map { types[$0] }
        var rank = [Int](repeating: 0, count: order.count)
        for (sorted, position) in order.enumerated() { rank[position] = sorted }
        index = positions.mapValues { rank[$0] }
        hasDistinctNames = true
    }

    private var index: [String: Int]

    /// The positions of `names` in the order of the names as Swift compares
    /// strings, equal names in their original order.
    static func sortedPositions(of names: [String]) -> [Int] {
        // Sorting is stable, so equal names keep their order without
        // comparing positions; comparing `(name, position)` pairs compared
        // every two different names twice (`!=`, then `<`).
        //
        // Type names are ASCII (the reader accepts no other), and ASCII
        // strings compare as their bytes do. So each name's first sixteen
        // bytes are packed into two numbers once, and most comparisons are
        // of those numbers; only names whose first sixteen bytes are the
        // same are compared as strings. A comparison of two strings cost
        // some 150 instructions, and sorting 10,000 names makes over
        // 130,000 of them.
        // The prefixes are sorted with the positions they belong to, so a
        // comparison reads the two values it is given and nothing else.
        var keys: [SortPrefix] = []
        keys.reserveCapacity(names.count)
        for position in names.indices {
            guard let key = SortPrefix(names[position], position: position) else { return names.indices.sorted { names[$0] < names[$1] } }
            keys.append(key)
        }
        keys.sort { $0.high != $1.high ? $0.high < $1.high : $0.low != $1.low ? $0.low < $1.low : names[$0.position] < names[$1.position] }
        return keys.map(\.position)
    }

    /// The first sixteen bytes of an ASCII name as two numbers, first byte
    /// highest, missing bytes zero: two names compare as their prefixes do
    /// unless the prefixes are equal. (A name shorter than another that
    /// starts with it gets the smaller prefix, as it sorts first; a NUL
    /// byte, which no type name has, can only make prefixes equal.)
    private struct SortPrefix {
        var high: UInt64 = 0
        var low: UInt64 = 0
        /// Where the name is in the list being sorted.
        var position: Int

        /// Nil when the name is not all ASCII: such text may compare
        /// otherwise than its bytes.
        init?(_ name: String, position: Int) {
            self.position = position
            var count = 0
            for byte in name.utf8 {
                guard byte < 0x80 else { return nil }
                if count < 8 {
                    high = high &<< 8 | UInt64(byte)
                } else if count < 16 {
                    low = low &<< 8 | UInt64(byte)
                }
                count += 1
            }
            // The bytes came in at the bottom; move them to the top.
            if count < 8 { high = high &<< UInt64(8 * (8 - count)) }
            if count < 16 { low = low &<< UInt64(8 * (16 - max(count, 8))) }
        }
    }

    public subscript(name: String) -> NamedType? {
        index[name].map { types[$0] }
    }

    /// Where the type `name` sits in `types` (its first declaration, if the
    /// name was given twice). Lets the checks keep per-type facts in arrays
    /// instead of dictionaries keyed by name.
    package func position(of name: String) -> Int? {
        index[name]
    }

    /// `position(of: types[position].name)`, the position of the first
    /// declaration of the name there: `position` itself when names are
    /// distinct, without a look-up.
    package func firstPosition(ofNameAt position: Int) -> Int {
        hasDistinctNames ? position : self.position(of: types[position].name) ?? position
    }

    public var enums: [EnumType] { types.compactMap { if case let .enumeration(e) = $0 { e } else { nil } } }
    public var opaqueStrings: [OpaqueStringType] { types.compactMap { if case let .opaqueString(s) = $0 { s } else { nil } } }
    public var records: [RecordType] { types.compactMap { if case let .record(r) = $0 { r } else { nil } } }
    public var fieldSets: [FieldSet] { types.compactMap { if case let .fieldSet(f) = $0 { f } else { nil } } }
    public var unions: [UnionType] { types.compactMap { if case let .union(u) = $0 { u } else { nil } } }
    public var typeAliases: [TypeAlias] { types.compactMap { if case let .alias(a) = $0 { a } else { nil } } }

    /// The name of the type that `name` stands for: an alias's target, any
    /// other name itself. (An alias never stands for another alias.)
    public func resolvingAlias(_ name: String) -> String {
        if case let .alias(a)? = self[name] { return a.target }
        return name
    }

    public var queries: [APIOperation] { operations.filter { $0.kind == .query } }
    public var mutations: [APIOperation] { operations.filter { $0.kind == .mutation } }
    public var events: [APIOperation] { operations.filter { $0.kind == .event } }

    /// The query, mutation or event called `name`.
    public func operation(_ name: String) -> APIOperation? {
        operations.first { $0.name == name }
    }

    public func record(_ name: String) -> RecordType? {
        if case let .record(r)? = self[name] { return r }
        return nil
    }

    /// The records a union resolves to, following nested unions, each with the
    /// tag it carries in the discriminator of the union that was asked for.
    public func flattenedMembers(of union: UnionType) -> [RecordType] {
        var result: [RecordType] = []
        walkFlattenedMembers(of: union) { record in
            result.append(record)
            return true
        }
        return result
    }

    /// The names of the records every union resolves to, as
    /// `flattenedMembers(of:)` lists them, worked out for all unions at
    /// once: a union's list is made from its members' lists, so a chain of
    /// n unions each holding the next costs n steps instead of the n²
    /// that asking `flattenedMembers(of:)` of each union costs. A union on
    /// or above a cycle of unions (which the validator refuses, after
    /// asking) is walked from itself instead, as the walk from a union on
    /// a cycle meets the records in its own order.
    ///
    /// Worked out once per spec (`remembered`) for the validator and every
    /// target's check and render.
    public func flattenedMemberNames() -> [String: [String]] {
        remembered(FlattenedMemberNames.self) { FlattenedMemberNames(byUnion: $0.workOutFlattenedMemberNames()) }.byUnion
    }

    /// The key and value of `flattenedMemberNames()` in `remembered`.
    private struct FlattenedMemberNames: Sendable {
        var byUnion: [String: [String]]
    }

    /// The positions in `types` of the types each spec file declares:
    /// files in path order, a file's positions in the order of `types`
    /// (name order). Paths equal as strings are one file, named as its
    /// first type's location spells it. Grouped by the locations' interned
    /// file numbers, so no path is read back or hashed per type.
    public func typePositionsByFile() -> [(file: String, positions: [Int])] {
        var groupOfFile: [UInt32: Int] = [:]
        var groups: [(file: String, positions: [Int])] = []
        for position in types.indices {
            let location = types[position].location
            let key = location.fileID.equivalence
            if let group = groupOfFile[key] {
                groups[group].positions.append(position)
            } else {
                groupOfFile[key] = groups.count
                groups.append((location.file, [position]))
            }
        }
        return groups.sorted { $0.file < $1.file }
    }

    private func workOutFlattenedMemberNames() -> [String: [String]] {
        var lists: [String: [String]] = [:]
        var onStack: Set<String> = []
        // Unions on or above a cycle, whose lists come from a walk.
        var walked: Set<String> = []
        for case let .union(root) in types where lists[root.name] == nil {
            // Depth first without recursion, since a chain may be long: a
            // union's list is made once its member unions have theirs.
            var stack: [(union: UnionType, next: Int, walk: Bool)] = [(root, 0, false)]
            onStack.insert(root.name)
            while let top = stack.last {
                if top.next < top.union.members.count {
                    let name = top.union.members[top.next].typeName
                    stack[stack.count - 1].next += 1
                    guard case let .union(nested)? = self[name], lists[name] == nil else { continue }
                    if onStack.contains(name) {
                        // A cycle, which every union on the stack reaches.
                        for index in stack.indices { stack[index].walk = true }
                    } else {
                        stack.append((nested, 0, false))
                        onStack.insert(name)
                    }
                    continue
                }
                stack.removeLast()
                onStack.remove(top.union.name)
                if top.walk || top.union.members.contains(where: { walked.contains($0.typeName) }) {
                    walked.insert(top.union.name)
                    lists[top.union.name] = flattenedMembers(of: top.union).map(\.name)
                } else {
                    lists[top.union.name] = joinedMemberNames(of: top.union, lists)
                }
            }
        }
        return lists
    }

    /// A union's records from its members' lists: its member records and
    /// its member unions' records, in order, each name once.
    private func joinedMemberNames(of union: UnionType, _ lists: [String: [String]]) -> [String] {
        var seen: Set<String> = []
        var result: [String] = []
        for member in union.members {
            let names: [String] =
                switch self[member.typeName] {
                case .record?: [member.typeName]
                case .union?: lists[member.typeName] ?? []
                default: []
                }
            for name in names where seen.insert(name).inserted { result.append(name) }
        }
        return result
    }

    /// Hands `visit` the records a union resolves to, in order (members in
    /// the order written, a nested union's members in place of it, each
    /// name once), until `visit` returns false.
    private func walkFlattenedMembers(of union: UnionType, _ visit: (RecordType) -> Bool) {
        var seen: Set<String> = []
        var stack = union.members.map(\.typeName).reversed() as [String]
        while let name = stack.popLast() {
            guard seen.insert(name).inserted else { continue }
            switch self[name] {
            case let .record(r)?: if !visit(r) { return }
            case let .union(u)?: stack.append(contentsOf: u.members.map(\.typeName).reversed())
            default: break
            }
        }
    }
}

/// Documentation and lifecycle facts shared by types, fields and enum values.
public struct Annotations: Hashable, Sendable {
    public var doc: String?
    /// Non-nil when deprecated; the message says what to use instead (may be empty).
    public var deprecated: String?
    /// The spec version that introduced the element.
    public var since: String?
    /// Why this element deliberately differs from the upstream SDL.
    public var upstream: String?
    /// The name this element had before (a type, field or enum value),
    /// which tells `generator diff` that it was renamed.
    public var renamedFrom: String?
    /// The lint rules this element switches off for itself (`lint: {off: [...]}`).
    public var lintOff: [LintRule.ID] = []
    /// The facts of a `deprecated:` written as a map (since, removeIn,
    /// replacement), nil for the string form and for elements not deprecated.
    public var deprecation: Deprecation?

    public init(
        doc: String? = nil, deprecated: String? = nil, since: String? = nil, upstream: String? = nil, renamedFrom: String? = nil
    ) {
        self.doc = doc
        self.deprecated = deprecated
        self.since = since
        self.upstream = upstream
        self.renamedFrom = renamedFrom
    }
}

public indirect enum NamedType: Sendable {
    case enumeration(EnumType)
    case opaqueString(OpaqueStringType)
    case record(RecordType)
    case fieldSet(FieldSet)
    case union(UnionType)
    /// Another name for a record or union (`sameAs:`).
    case alias(TypeAlias)

    public var name: String {
        switch self {
        case let .enumeration(t): t.name
        case let .opaqueString(t): t.name
        case let .record(t): t.name
        case let .fieldSet(t): t.name
        case let .union(t): t.name
        case let .alias(t): t.name
        }
    }

    public var location: SourceLocation {
        switch self {
        case let .enumeration(t): t.location
        case let .opaqueString(t): t.location
        case let .record(t): t.location
        case let .fieldSet(t): t.location
        case let .union(t): t.location
        case let .alias(t): t.location
        }
    }

    public var annotations: Annotations {
        switch self {
        case let .enumeration(t): t.annotations
        case let .opaqueString(t): t.annotations
        case let .record(t): t.annotations
        case let .fieldSet(t): t.annotations
        case let .union(t): t.annotations
        case let .alias(t): t.annotations
        }
    }

    /// The section keyword that declares this kind of type in YAML.
    public var sectionName: String {
        switch self {
        case .enumeration: "enums"
        case .opaqueString: "strings"
        case let .record(r): r.direction == .input ? "inputs" : "records"
        case .fieldSet: "shared"
        case .union: "unions"
        case .alias: "inputs"
        }
    }
}
