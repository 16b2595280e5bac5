/// The Kotlin names of a type's members (fields, values, constants, union
/// members), worked out in one place: the view model writes them, and
/// `KotlinNameCheck` checks them before anything is rendered.
struct KotlinMemberNames {
    /// One member: its spec name, its Kotlin identifier (without backticks)
    /// and where the spec declares it.
    struct Member {
        var wire: String
        var name: String
        var location: SourceLocation
    }

    var place: KotlinNames.Place
    var members: [Member]

    /// The type of a union's discriminator field, read in its first member
    /// record (the validator makes every member agree).
    static func discriminatorType(of union: UnionType, spec: Spec) -> TypeRef? {
        spec.firstFlattenedMember(of: union)?.field(union.discriminator)?.type
    }

    /// The members of `type` and their Kotlin names. A value, constant or
    /// member name must not hide the type's own name (nor a built-in one,
    /// see `KotlinNames.memberName`); a union member class may share its name
    /// with a spec type, which the union's body then names with its package
    /// (`KotlinViewModel.typeReference`).
    init(_ type: NamedType) {
        let taken: Set<String> = [type.name]
        func named(_ wire: String, _ location: SourceLocation, _ place: KotlinNames.Place) -> Member {
            Member(wire: wire, name: KotlinNames.name(wire, in: place, taken: taken), location: location)
        }
        switch type {
        case let .enumeration(e):
            place = e.isClosed ? .enumEntry : .enumObject
            members = e.values.map { [place] in named($0.wire, $0.location, place) }
        case let .opaqueString(s):
            place = .opaqueConstant
            members = s.knownValues.map { named($0.wire, $0.location, .opaqueConstant) }
        case let .record(r):
            place = .property
            members = r.fields.map { named($0.name, $0.location, .property) }
        case let .fieldSet(s):
            place = .property
            members = s.fields.map { named($0.name, $0.location, .property) }
        case let .union(u):
            place = .unionMember
            members = u.members.map { named($0.tag, $0.location, .unionMember) }
        }
    }
}

/// Kotlin's own checks of a spec that has passed `SpecValidator`: names that
/// cannot be written, names that collide once converted (`ß` and `SS` both
/// start `SS…` in upper camel case, which Swift's lower camel case keeps
/// apart), members named like the one that keeps unknown values, and spec
/// files whose Kotlin file would be a runtime file. Each problem is a
/// located error; the Kotlin target renders nothing while there are any.
enum KotlinNameCheck {
    static func diagnostics(_ spec: Spec) -> Diagnostics {
        var diagnostics = Diagnostics()
        for type in spec.types {
            check(KotlinMemberNames(type), of: type, into: &diagnostics)
        }
        checkFileNames(spec, into: &diagnostics)
        return diagnostics
    }

    private static func check(_ names: KotlinMemberNames, of type: NamedType, into diagnostics: inout Diagnostics) {
        let kind = names.place.kind
        var seen: [String: KotlinMemberNames.Member] = [:]
        for member in names.members {
            if let problem = KotlinNames.nameProblem(member.name) {
                diagnostics.error(
                    "\(kind) '\(member.wire)' of '\(type.name)' cannot be named in Kotlin ('\(member.name)'): \(problem)",
                    at: member.location)
                continue
            }
            if member.name == KotlinNames.unknownMember, keepsUnknown(type) {
                diagnostics.error(
                    "\(kind) '\(member.wire)' of '\(type.name)' would be named '\(KotlinNames.unknownMember)' in Kotlin, the member that keeps unknown \(kind)s",
                    at: member.location)
                continue
            }
            if let first = seen[member.name] {
                // The same wire name listed twice has an error of its own.
                if first.wire != member.wire {
                    diagnostics.error(
                        "\(kind) '\(member.wire)' of '\(type.name)' collides with '\(first.wire)': both are named '\(member.name)' in Kotlin",
                        at: member.location, notes: [.note("'\(first.wire)' declared here", at: first.location)])
                }
                continue
            }
            seen[member.name] = member
        }
    }

    private static func keepsUnknown(_ type: NamedType) -> Bool {
        switch type {
        case let .enumeration(e): !e.isClosed
        case let .union(u): u.unknownTag == .keep
        default: false
        }
    }

    /// Each spec file becomes one Kotlin file, named as its Swift file; the
    /// Swift check has made those distinct, so only the Kotlin runtime files
    /// are left to avoid (compared without case, as some file systems do).
    private static func checkFileNames(_ spec: Spec, into diagnostics: inout Diagnostics) {
        let runtime = Set(KotlinNames.runtimeFileNames.map { $0.lowercased() })
        for group in SpecFileGroup.groups(spec) {
            let kotlin = KotlinNames.fileName(forSpecFile: group.file)
            if runtime.contains(kotlin.lowercased()) {
                diagnostics.error(
                    "spec file '\(group.file)' would become the Kotlin file '\(kotlin)', which the generator writes for its runtime; rename the file",
                    at: SourceLocation(file: group.file, line: 1, column: 1))
            }
        }
    }
}
