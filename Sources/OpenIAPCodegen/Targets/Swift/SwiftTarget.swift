import OpenIAPSpec
import OpenIAPTemplates

/// Renders `Generated/Swift`: one file per spec file (types keep the grouping
/// of `Schema/`), plus `OpenIAPRuntime.swift` with the support types every
/// generated file uses, `OpenIAPTypeRegistry.swift`, and for a spec with
/// operations `OpenIAPOperations.swift` (protocols, arguments, replies). The
/// JSON bridge over them is `SwiftBridgeTarget`'s.
public struct SwiftTarget: GenerationTarget {
    public let name = "swift"
    public let outputFolder = "Swift"
    public init() {}

    public func jobs(_ spec: Spec, templates: TemplateSet, header: GeneratedHeader) throws(DiagnosticError) -> [RenderJob] {
        // Built by the first Swift job to run, so that other targets' jobs use
        // the other cores meanwhile.
        let shared = SharedPreparation { SwiftViewModel(spec: spec) }
        let headerLine = "// " + header.text
        let support = RenderJob(cost: 1) { () throws(DiagnosticError) in
            let model = shared.value
            let operations = SwiftOperations(spec: spec, types: model)
            let registry = model.registryEntries()
            var files = [
                // A static source file (`Templates/swift/OpenIAPRuntime.swift`),
                // written as it is under the generated header.
                GeneratedFile(
                    path: Self.runtimeFileName,
                    contents: try templates.source(Self.runtimeFileName).withHeader(headerLine)),
                GeneratedFile(
                    path: "OpenIAPTypeRegistry.swift",
                    contents: try templates.render("registry", [
                        "header": .string(headerLine),
                        "specVersion": .string(SwiftEscaping.stringLiteral(spec.version)),
                        "entries": .list(registry.current + operations.registryEntries()),
                        "deprecatedEntries": .list(registry.deprecated),
                        "hasDeprecatedEntries": .bool(registry.anyDeprecated),
                    ])),
            ]
            // The API, for a spec that has one.
            if !spec.operations.isEmpty {
                files.append(GeneratedFile(
                    path: SwiftNames.operationsFileName,
                    contents: try templates.render("operations", operations.operationsContext(header: headerLine))))
            }
            return files
        }
        // One file per spec file, each built and rendered on its own. A type's
        // context is built when the file reaches it and dropped after, so
        // only one is held at a time.
        return [support] + SpecFileGroup.groups(spec).map { group in
            RenderJob(cost: group.positions.count) { () throws(DiagnosticError) in
                let model = shared.value
                let context: TemplateObject = ["header": .string(headerLine), "source": .string(group.source)]
                // The members' names as the check worked them out (asked by a job, as a spec may come unchecked).
                let members = SwiftNameCheck.Outcome.of(spec).members
                let bytes = try templates.renderFile("file", context, streaming: "types", count: group.positions.count) {
                    model.context(at: group.positions[$0], names: members[group.positions[$0]])
                }
                return [GeneratedFile(path: SwiftNames.fileName(forSpecFile: group.file), bytes: bytes)]
            }
        }
    }

    /// The runtime's file: the static source file of that name in the
    /// template folder, and the generated file it becomes.
    static let runtimeFileName = "OpenIAPRuntime.swift"

    /// The position of the spec type that Swift declares under another
    /// name: a type named `VoidResult` in a spec with an operation that
    /// answers nothing, where `VoidResult` is `Void`, as upstream declares
    /// it. The record is `OpenIAPVoidResult` (the wire type a bridge may
    /// need); the registry lists it under its spec name.
    static func renamedPosition(_ spec: Spec) -> Int? {
        guard spec.operations.contains(where: { $0.result.isNothing }) else { return nil }
        return spec.position(of: SwiftOperations.voidResultName)
    }

    /// The name Swift gives the spec's `VoidResult` (see
    /// `renamedPosition`); the runtime's prefix keeps it apart from every
    /// spec type.
    static let renamedVoidResult = "OpenIAPVoidResult"

    /// A union's cases are named after their member types
    /// (`SwiftNames.unionCaseName`): two member types must not give the same
    /// name, and none may give the name of the case that keeps unknown
    /// members. `members` are the Swift names of each type's members
    /// (`SwiftNameCheck.Outcome.members`), which a `oneOf` record's cases
    /// are named like.
    ///
    /// The types are read in place, by position: `spec.unions` and
    /// `spec.records` each made an array of copies, most of the cost here.
    static func unionCaseProblems(_ spec: Spec, members: [[String]]) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        for position in spec.types.indices {
            guard case let .union(union) = spec.types[position] else { continue }
            var seen: [String: String] = [:]
            for member in union.members {
                let name = SwiftNames.unionCaseName(memberType: member.typeName)
                if let other = seen[name], other != member.typeName {
                    problems.append(.error(
                        "member types '\(other)' and '\(member.typeName)' of '\(union.name)' would both be the Swift case '\(name)'; rename one",
                        at: member.location))
                } else if union.unknownTag == .keep, name == SwiftNames.unknownUnionCase {
                    problems.append(.error(
                        "member type '\(member.typeName)' of '\(union.name)' would be the Swift case '\(name)', the case that keeps unknown members; rename it",
                        at: member.location))
                }
                seen[name] = member.typeName
            }
        }
        for position in spec.types.indices {
            guard case let .record(record) = spec.types[position], record.isOneOf else { continue }
            for index in record.fields.indices where members[position][index] == SwiftNames.unknownUnionCase {
                let field = record.fields[index]
                problems.append(.error(
                    "field '\(field.name)' of the oneOf record '\(record.name)' would be the Swift case '\(SwiftNames.unknownUnionCase)', the case that keeps unknown objects; rename it",
                    at: field.location))
            }
        }
        return problems
    }

    /// Refuses a spec that declares a type under a name the Swift API takes
    /// for itself (`Subscription`, `OpenIapModuleProtocol`, a listener
    /// typealias), or that refers to a `VoidResult` the API makes `Void`.
    static func generatedNameProblems(_ spec: Spec, members: [[String]]) -> [Diagnostic] {
        var problems = unionCaseProblems(spec, members: members)
        guard !spec.operations.isEmpty else { return problems }
        var taken = [SwiftOperations.appleProtocolName: "the Apple SDK's protocol"]
        let events = spec.events.filter { SwiftOperations.offers($0, on: .ios) }
        if !events.isEmpty {
            taken[SwiftOperations.subscriptionClassName] = "the class the listener functions return"
            for event in events {
                taken[SwiftOperations.listenerAliasName(event, among: events)] = "the listener type of the event '\(event.name)'"
            }
        }
        for type in spec.types {
            if let what = taken[type.name] {
                problems.append(.error("type name '\(type.name)' is taken in Swift by \(what); rename the type", at: type.location))
            }
        }
        if let position = renamedPosition(spec) {
            let name = SwiftOperations.voidResultName
            for type in spec.types where type.name != name {
                let refers: Bool =
                    switch type {
                    case let .record(r): r.fields.contains { $0.type.namedLeaf == name }
                    case let .fieldSet(f): f.fields.contains { $0.type.namedLeaf == name }
                    case let .union(u): u.members.contains { $0.typeName == name }
                    case let .alias(a): a.target == name
                    case .enumeration, .opaqueString: false
                    }
                if refers {
                    problems.append(.error(
                        "'\(type.name)' refers to '\(name)', which Swift declares as Void because operations answer nothing; rename the type '\(name)'",
                        at: spec.types[position].location))
                }
            }
            for operation in spec.operations
            where operation.arguments.contains(where: { $0.type.namedLeaf == name }) || operation.result.type?.namedLeaf == name {
                problems.append(.error(
                    "operation '\(operation.name)' refers to '\(name)', which Swift declares as Void because operations answer nothing; rename the type '\(name)'",
                    at: operation.location))
            }
        }
        return problems
    }
}
