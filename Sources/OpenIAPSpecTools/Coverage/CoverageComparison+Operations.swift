import OpenIAPSpec

/// How the coverage check compares operations: the fields of the SDL's root
/// operation types against queries, mutations and events, their results and
/// arguments (see the rules at the top of CoverageCheck.swift).
extension CoverageComparison {
    /// The SDL operation keyword whose root type holds operations of `kind`.
    static func sdlKeyword(_ kind: OperationKind) -> String {
        switch kind {
        case .query: "query"
        case .mutation: "mutation"
        case .event: "subscription"
        }
    }

    func rootTypeName(_ kind: OperationKind) -> String {
        sdl.rootTypeNames[Self.sdlKeyword(kind)] ?? ""
    }

    mutating func compareOperations() {
        // Every operation of the SDL, root type by root type, in the order written.
        var upstream: [(field: SDLField, kind: OperationKind, root: String)] = []
        var upstreamNames: Set<String> = []
        for kind in OperationKind.allCases {
            let root = rootTypeName(kind)
            for field in sdl[root]?.fields ?? [] where !field.name.hasPrefix("_") && upstreamNames.insert(field.name).inserted {
                upstream.append((field, kind, root))
            }
        }
        for (field, kind, root) in upstream {
            guard let ours = spec.operation(field.name) else {
                report(.missingOperation, root, field.name,
                       "SDL \(Self.sdlKeyword(kind)) '\(field.name): \(field.type)' is not in the spec",
                       location: nil, sdlLocation: field.location, upstream: nil)
                continue
            }
            if ours.kind != kind {
                report(.operationKind, root, field.name,
                       "a \(Self.sdlKeyword(kind)) upstream, which belongs in '\(kind.sectionName)', but the spec has it in '\(ours.kind.sectionName)'",
                       location: ours.location, sdlLocation: field.location, upstream: ours.annotations.upstream)
            }
            compareOperation(field, ours, root: root)
        }
        for ours in spec.operations where !upstreamNames.contains(ours.name) {
            report(.extraOperation, rootTypeName(ours.kind), ours.name,
                   "\(ours.kind.rawValue) '\(ours.name)' is not in the SDL",
                   location: ours.location, sdlLocation: nil, upstream: ours.annotations.upstream)
        }
    }

    mutating func compareOperation(_ upstream: SDLField, _ ours: APIOperation, root: String) {
        let reason = ours.annotations.upstream
        let word = ours.kind == .event ? "payload" : "result"
        if upstream.type.isNonNull != ours.result.isRequired {
            report(.resultNullability, root, ours.name,
                   upstream.type.isNonNull ? "the \(word) is required upstream (\(upstream.type)) but optional in the spec"
                                           : "the \(word) is optional upstream (\(upstream.type)) but required in the spec",
                   location: ours.result.location, sdlLocation: upstream.location, upstream: reason)
        }
        if let type = ours.result.type {
            if let problem = typeProblem(upstream.type.nullable, type) {
                report(.resultType, root, ours.name,
                       "SDL \(word) type \(upstream.type) does not match spec type \(type): \(problem)",
                       location: ours.result.location, sdlLocation: upstream.location, upstream: reason)
            }
        } else {
            // The SDL has no empty answer: upstream returns a record such as
            // `VoidResult!` where the spec answers nothing.
            report(.resultType, root, ours.name,
                   "the SDL \(word) is \(upstream.type), but the spec answers nothing ('\(OperationResult.nothingKeyword)')",
                   location: ours.result.location, sdlLocation: upstream.location, upstream: reason)
        }
        compareDeprecation(upstream.isDeprecated, ours.annotations, root, ours.name,
                           location: ours.location, sdlLocation: upstream.location)
        for argument in upstream.arguments {
            let member = "\(ours.name).\(argument.name)"
            guard let mine = ours.argument(argument.name) else {
                report(.missingArgument, root, member, "SDL argument '\(argument.name): \(argument.type)' is not in the spec",
                       location: ours.location, sdlLocation: argument.location, upstream: reason)
                continue
            }
            compareField(root, argument, mine, isInput: true, member: member)
        }
        for argument in ours.arguments where upstream.argument(argument.name) == nil {
            report(.extraArgument, root, "\(ours.name).\(argument.name)", "argument '\(argument.name)' has no SDL counterpart",
                   location: argument.location, sdlLocation: upstream.location, upstream: argument.annotations.upstream)
        }
    }
}
