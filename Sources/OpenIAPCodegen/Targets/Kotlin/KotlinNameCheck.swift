import OpenIAPSpec

/// The Kotlin names of a type's members (fields, values, constants, union
/// members), worked out in one place: `KotlinNameCheck` checks them when the
/// spec is loaded, and the view model writes them.
struct KotlinMemberNames: Sendable {
    var place: KotlinNames.Place
    /// The Kotlin identifier of each member (without backticks), in spec order.
    var names: [String]

    /// The type of a union's discriminator field, read in its first member
    /// record (the validator makes every member agree); `unionRecords` is
    /// `spec.flattenedMemberNames()`.
    static func discriminatorType(of union: UnionType, spec: Spec, unionRecords: [String: [String]]) -> TypeRef? {
        unionRecords[union.name]?.first.flatMap(spec.record)?.field(union.discriminator)?.type
    }

    /// The members of `type` and their Kotlin names. A value, constant or
    /// member name must not hide the type's own name (nor a built-in one,
    /// see `KotlinNames.memberName`); a union member class may share its name
    /// with a spec type, which the union's body then names with its package
    /// (`KotlinViewModel.typeReference`).
    ///
    /// Each member's name is read by position (`fields[$0].name`), which
    /// copies the name alone: mapping over the members copied each whole
    /// field or value (its docs, constraints, location) first.
    init(_ type: NamedType) {
        self.init(type) { wire, place, owner in KotlinNames.name(wire, in: place, owner: owner) }
    }

    /// `init(type)` with each name given by `name`, which must give what
    /// `KotlinNames.name(_:in:owner:)` gives (`KotlinNameCheck` remembers
    /// the names it has worked out).
    init(_ type: NamedType, name: (String, KotlinNames.Place, String?) -> String) {
        let owner = type.name
        switch type {
        case let .enumeration(e):
            place = e.isClosed ? .enumEntry : .enumObject
            names = e.values.indices.map { [place] in name(e.values[$0].wire, place, owner) }
        case let .opaqueString(s):
            place = .opaqueConstant
            names = s.knownValues.indices.map { name(s.knownValues[$0].wire, .opaqueConstant, owner) }
        case let .record(r):
            place = .property
            names = r.fields.indices.map { name(r.fields[$0].name, .property, nil) }
        case let .fieldSet(s):
            place = .property
            names = s.fields.indices.map { name(s.fields[$0].name, .property, nil) }
        case .union:
            // Members are their types (records that extend the union, or
            // classes named after the types), never named after tags.
            place = .unionMember
            names = []
        case .alias:
            // Another name for a type, with no members of its own.
            place = .property
            names = []
        }
    }

    /// The spec name and the location of the member at `index` of `type`,
    /// for messages: only a problem needs them.
    static func member(_ index: Int, of type: NamedType) -> (wire: String, location: SourceLocation) {
        switch type {
        case let .enumeration(e): (e.values[index].wire, e.values[index].location)
        case let .opaqueString(s): (s.knownValues[index].wire, s.knownValues[index].location)
        case let .record(r): (r.fields[index].name, r.fields[index].location)
        case let .fieldSet(s): (s.fields[index].name, s.fields[index].location)
        case let .union(u): (u.members[index].tag, u.members[index].location)
        case let .alias(a): (a.name, a.location)
        }
    }

    /// The names of every type of `spec`, by position in `spec.types`.
    static func all(_ spec: Spec) -> [KotlinMemberNames] {
        spec.types.map(KotlinMemberNames.init)
    }
}

/// The Kotlin target's rules for a spec (`KotlinTarget.check`): type names
/// that would hide a Kotlin or runtime type, operation names that every
/// Kotlin object has already, member names that cannot be written, names
/// that collide once converted (`ß` and `SS` both start `SS…` in upper camel
/// case), members named like the one that keeps unknown values, and spec
/// files whose Kotlin file would be a runtime file. Each problem is a
/// located error, reported with the spec's own problems. Where another
/// target refuses the same name first, the generator shows that target's
/// error alone (`Generator`), so a name Swift cannot write either is
/// reported once.
enum KotlinNameCheck {
    /// Up to this many members, finding an earlier equal name by going
    /// through the list is cheaper than hashing every name.
    private static let linearSearchLimit = 16

    /// The Kotlin names worked out so far, by wire name, each with its
    /// problem: most members share their wire names with members of other
    /// types (`id`, `price`, `state`), and converting a name and checking
    /// it cost several times a look-up here.
    struct Memo {
        /// A name, `KotlinNames.nameProblem` of it, and its number.
        struct Entry {
            var name: String
            var problem: String?
            /// The same number for equal names and only for them, so that
            /// the check finds two members of one name by comparing numbers
            /// (comparing the strings cost more than the rest of the check).
            var id: Int
        }

        /// `KotlinNames.name(wire, in: .property)`.
        private var properties: [String: Entry] = [:]
        /// `KotlinNames.name(wire, in: place, owner: nil)` for the other
        /// places, which all name a member alike.
        private var members: [String: Entry] = [:]
        /// The number of each name worked out so far (`Entry.id`).
        private var ids: [String: Int] = [:]

        /// The entry of a name not looked at under this wire name before.
        private mutating func newEntry(_ name: String) -> Entry {
            let id: Int
            if let known = ids[name] {
                id = known
            } else {
                id = ids.count
                ids[name] = id
            }
            return Entry(name: name, problem: KotlinNames.nameProblem(name), id: id)
        }

        /// `KotlinNames.name(wire, in: place, owner: owner)` and its problem.
        mutating func entry(_ wire: String, in place: KotlinNames.Place, owner: String?) -> Entry {
            if place == .property {
                if let known = properties[wire] { return known }
                let entry = newEntry(KotlinNames.name(wire, in: .property))
                properties[wire] = entry
                return entry
            }
            let entry: Entry
            if let known = members[wire] {
                entry = known
            } else {
                entry = newEntry(KotlinNames.name(wire, in: place))
                members[wire] = entry
            }
            // The owner only changes a name equal to it (`memberName` adds
            // `_` while the name is taken, and the owner is one more taken
            // name); such a name is worked out again with it.
            return entry.name == owner ? newEntry(KotlinNames.name(wire, in: place, owner: owner)) : entry
        }
    }

    /// The check of a spec and the members' names it worked out on the
    /// way, kept with the spec (`Spec.remembered`): the check runs when the
    /// spec loads, and the render jobs then take each type's names from
    /// `members` rather than work them out again.
    struct Outcome: Sendable {
        /// Every problem Kotlin has with the spec.
        var problems: [Diagnostic]
        /// The Kotlin names of each type's members, by position in `spec.types`.
        var members: [KotlinMemberNames]

        static func of(_ spec: Spec) -> Outcome {
            spec.remembered(Outcome.self) { KotlinNameCheck.outcome($0) }
        }
    }

    /// Every problem Kotlin has with `spec`, and the names of its types' members.
    private static func outcome(_ spec: Spec) -> Outcome {
        var diagnostics = Diagnostics()
        var files: [String] = []
        var memo = Memo()
        var members: [KotlinMemberNames] = []
        members.reserveCapacity(spec.types.count)
        for type in spec.types {
            if let problem = typeNameProblem(type.name) { diagnostics.error(problem, at: type.location) }
            members.append(check(type, into: &diagnostics, memo: &memo))
            let file = type.location.file
            if files.last != file && !files.contains(file) { files.append(file) }
        }
        for operation in spec.operations {
            if let problem = operationNameProblem(operation.name, what: operation.kind.rawValue) {
                diagnostics.error(problem, at: operation.location)
            }
            // The arguments are a record's properties in Kotlin.
            if let record = operation.argumentsRecord { check(.record(record), into: &diagnostics, memo: &memo) }
        }
        checkFileNames(files, into: &diagnostics)
        checkGeneratedNames(spec, into: &diagnostics)
        return Outcome(problems: diagnostics.all, members: members)
    }

    /// Why Kotlin cannot have a spec type of this name, or nil when it can.
    static func typeNameProblem(_ name: String) -> String? {
        if name.hasPrefix(KotlinNames.runtimeTypePrefix) {
            return "type name '\(name)' is reserved: the '\(KotlinNames.runtimeTypePrefix)' prefix belongs to the generated runtime types"
        }
        return KotlinNames.typeNameProblem(name)
    }

    /// Why Kotlin cannot have an operation of this name, or nil when it
    /// can. `what` names the thing in the message (`query`, `event`).
    static func operationNameProblem(_ name: String, what: String) -> String? {
        if KotlinNames.objectMembers.contains(name) {
            return "\(what) name '\(name)' is a member of every Kotlin object; an interface method of that name would clash with it"
        }
        if OperationNames.upperCamel(name).hasPrefix(KotlinNames.runtimeTypePrefix) {
            return "\(what) name '\(name)' is reserved: the types generated for it would start with '\(KotlinNames.runtimeTypePrefix)', the prefix of the runtime types"
        }
        return nil
    }

    /// The checks of one type's members, with the names and problems
    /// `memo` has worked out already; the members' names.
    @discardableResult
    static func check(_ type: NamedType, into diagnostics: inout Diagnostics, memo: inout Memo) -> KotlinMemberNames {
        // The problems, by member position (few names have one), and each
        // name's number (`Memo.Entry.id`), in the order the names are
        // worked out (that of the members).
        var problems: [(index: Int, problem: String)] = []
        var ids: [Int] = []
        ids.reserveCapacity(linearSearchLimit)
        let members = KotlinMemberNames(type) { wire, place, owner in
            let entry = memo.entry(wire, in: place, owner: owner)
            if let problem = entry.problem { problems.append((ids.count, problem)) }
            ids.append(entry.id)
            return entry.name
        }
        let kind = members.place.kind
        let names = members.names
        var nextProblem = 0
        var seen: [Int: Int] = [:]
        for index in names.indices {
            let name = names[index]
            if nextProblem < problems.count, problems[nextProblem].index == index {
                let (wire, location) = KotlinMemberNames.member(index, of: type)
                diagnostics.error(
                    "\(kind) '\(wire)' of '\(type.name)' cannot be named in Kotlin ('\(name)'): \(problems[nextProblem].problem)",
                    at: location)
                nextProblem += 1
                continue
            }
            if name == KotlinNames.unknownMember, keepsUnknown(type) {
                let (wire, location) = KotlinMemberNames.member(index, of: type)
                diagnostics.error(
                    "\(kind) '\(wire)' of '\(type.name)' would be named '\(KotlinNames.unknownMember)' in Kotlin, the member that keeps unknown \(kind)s",
                    at: location)
                continue
            }
            let id = ids[index]
            let earlier: Int?
            if names.count <= linearSearchLimit {
                earlier = ids[..<index].firstIndex(of: id)
            } else {
                earlier = seen[id]
                if earlier == nil { seen[id] = index }
            }
            guard let first = earlier else { continue }
            let (firstWire, firstLocation) = KotlinMemberNames.member(first, of: type)
            let (wire, location) = KotlinMemberNames.member(index, of: type)
            // The same wire name listed twice is the spec's own error.
            if firstWire != wire {
                diagnostics.error(
                    "\(kind) '\(wire)' of '\(type.name)' collides with '\(firstWire)': both are named '\(name)' in Kotlin",
                    at: location, notes: [.note("'\(firstWire)' declared here", at: firstLocation)])
            }
        }
        return members
    }

    private static func keepsUnknown(_ type: NamedType) -> Bool {
        switch type {
        case let .enumeration(e): !e.isClosed
        case let .union(u): u.unknownTag == .keep
        default: false
        }
    }

    /// The classes, interfaces and typealiases the Kotlin target declares
    /// in the package beside the spec's types, which no spec type may be
    /// named like: the classes of `oneOf` records' fields
    /// (`FetchProductsResultProducts`) and upstream's operation API
    /// (`QueryResolver`, `QueryFetchProductsHandler`, `QueryHandlers`, …);
    /// and the names a named choice takes inside its record (its class must
    /// not hide a spec type there, its property must not be a field's).
    static func checkGeneratedNames(_ spec: Spec, into diagnostics: inout Diagnostics) {
        var declared: [String: (what: String, location: SourceLocation)] = [:]
        func declare(_ name: String, _ what: String, at location: SourceLocation) {
            if let type = spec[name] {
                diagnostics.error(
                    "type '\(name)' has the name Kotlin gives \(what); rename the type", at: type.location,
                    notes: [.note("\(what) comes from here", at: location)])
            } else if let earlier = declared[name] {
                diagnostics.error(
                    "Kotlin would name \(what) '\(name)', as it names \(earlier.what); rename one", at: location,
                    notes: [.note("\(earlier.what) declared here", at: earlier.location)])
            } else {
                declared[name] = (what, location)
            }
        }
        for record in spec.records {
            if record.isOneOf {
                for field in record.fields {
                    declare(KotlinNames.oneOfCaseName(record.name, field: field.name), "the class of field '\(field.name)' of the oneOf record '\(record.name)'", at: field.location)
                }
            }
            let choices = record.exactlyOne.compactMap(\.choice)
            // The fields' Kotlin names are only needed beside a choice (few
            // records have one): working them out for every record cost a
            // third of this check.
            guard !choices.isEmpty else { continue }
            let properties = Set(record.fields.indices.map { KotlinNames.name(record.fields[$0].name, in: .property) })
            for choice in choices {
                let className = KotlinNames.kotlinChoiceClassName(choice, owner: record.name)
                if spec[className] != nil {
                    diagnostics.error(
                        "choice '\(choice.property)' of '\(record.name)' is the Kotlin class '\(record.name).\(className)', which would hide the spec type '\(className)' in the record; rename one",
                        at: choice.location)
                }
                // The spec itself refuses a choice named like a field; Kotlin
                // also names some fields alike that differ on the wire.
                let property = KotlinNames.name(choice.property, in: .property)
                if properties.contains(property), record.field(choice.property) == nil {
                    diagnostics.error(
                        "choice '\(choice.property)' of '\(record.name)' is the Kotlin property '\(property)', which a field of the record already is",
                        at: choice.location)
                }
            }
        }
        for kind in [OperationKind.query, .mutation, .event] {
            // An operation Kotlin cannot name is reported already; what it
            // would declare is not looked at.
            let operations = spec.operations.filter {
                $0.kind == kind && operationNameProblem($0.name, what: $0.kind.rawValue) == nil
            }
            guard let first = operations.first else { continue }
            let names = KotlinOperations.upstreamNames(kind)
            declare(names.resolver, "the resolver interface of the \(kind.sectionName) (upstream's shape)", at: first.location)
            declare(names.handlers, "the handler class of the \(kind.sectionName) (upstream's shape)", at: first.location)
            for operation in operations {
                declare(KotlinOperations.handlerName(operation), "the handler type of \(operation.kind.rawValue) '\(operation.name)'", at: operation.location)
            }
        }
    }

    /// Each spec file that declares types (`files`) becomes one Kotlin file,
    /// named as its Swift file (`KotlinNames.fileName`): two spec files must
    /// not map to the same one (compared without case, as some file systems
    /// do), nor to a runtime file.
    static func checkFileNames(_ files: [String], into diagnostics: inout Diagnostics) {
        var seen: [String: String] = [:]
        for name in KotlinNames.runtimeFileNames { seen[name.lowercased()] = "" }
        for file in files.sorted() {
            let kotlin = KotlinNames.fileName(forSpecFile: file)
            let top = SourceLocation(file: file, line: 1, column: 1)
            switch seen[kotlin.lowercased()] {
            case nil:
                seen[kotlin.lowercased()] = file
            case ""?:
                diagnostics.error(
                    "spec file '\(file)' would become the Kotlin file '\(kotlin)', which the generator writes for its runtime; rename the file",
                    at: top)
            case let other?:
                diagnostics.error(
                    "spec files '\(other)' and '\(file)' would both become the Kotlin file '\(kotlin)'; rename one",
                    at: top, notes: [.note("'\(other)' is here", at: SourceLocation(file: other, line: 1, column: 1))])
            }
        }
    }
}

extension KotlinTarget {
    /// Kotlin's rules for a spec (`KotlinNameCheck`).
    public func check(_ spec: Spec) -> [Diagnostic] {
        KotlinNameCheck.Outcome.of(spec).problems
    }
}
