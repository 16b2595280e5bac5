/// The Swift of the API, for a spec with operations: the context of
/// `operations.tmpl` (the protocols an SDK conforms to and the arguments
/// records) and the registry entries of the arguments records;
/// `SwiftDispatcherModel` makes the JSON bridge's (the dispatcher and the
/// reply types). The arguments records are made by `SwiftViewModel` like
/// any input record.
struct SwiftOperations {
    let spec: Spec
    let types: SwiftViewModel
    /// Whether the spec gets a JSON bridge (see `Spec.bridgeProblem`), and
    /// so its error record conforms to `Error` here.
    let hasBridge: Bool

    init(spec: Spec, types: SwiftViewModel) {
        self.spec = spec
        self.types = types
        hasBridge = spec.bridgeProblem == nil
    }

    /// The protocol that holds the operations of `platform`.
    static func protocolName(_ platform: OperationPlatform) -> String {
        OperationNames.sdkInterfaceName(platform)
    }

    /// Queries and mutations first, then events; each group by name, as
    /// `spec.operations` is.
    private var ordered: [APIOperation] {
        spec.operations.filter { $0.kind != .event } + spec.events
    }

    // MARK: - operations.tmpl

    func operationsContext(header: String) -> TemplateValue {
        let protocols: [TemplateValue] = OperationPlatform.allCases.map { platform in
            let members = ordered.filter { $0.platform == platform }.map(requirement)
            return [
                "docLines": .list(SwiftEscaping.docLines(Self.protocolDoc(platform)).map { .string($0) }),
                "name": .string(Self.protocolName(platform)),
                "inherits": .string(platform == .common ? "Sendable" : Self.protocolName(.common)),
                "requirements": .list(members),
            ]
        }
        let arguments: [TemplateValue] = spec.operations.compactMap { $0.argumentsRecord.map(types.argumentsContext) }
        return [
            "header": .string(header),
            "hasBridge": .bool(hasBridge),
            "errorRecord": .string(Spec.replyErrorRecordName),
            "protocols": .list(protocols),
            "arguments": .list(arguments),
        ]
    }

    private static func protocolDoc(_ platform: OperationPlatform) -> String {
        switch platform {
        case .common:
            """
            The queries, mutations and events every OpenIAP SDK offers, whichever store it runs against.

            An SDK conforms to this protocol, or to the protocol of its platform, which includes it. Each method \
            keeps the name and the argument labels of the spec; an optional argument that is `nil` was left out by \
            the caller, and the default its doc gives applies. `OpenIAPDispatcher` serves a conforming SDK over JSON.
            """
        case .ios:
            "The queries, mutations and events of the Apple SDK alone (their names end in `IOS`), with the common ones."
        case .android:
            """
            The queries, mutations and events of the Android SDK alone (their names end in `Android`), with the common \
            ones; the Google Play, Horizon and Amazon builds implement it.
            """
        }
    }

    /// One method of a protocol: its docs, deprecation and declaration.
    private func requirement(_ operation: APIOperation) -> TemplateValue {
        let parameters = operation.arguments.map { argument in
            SwiftTypeMapping.parameter(argument, property: SwiftNames.name(argument.name, in: .property))
        }.joined(separator: ", ")
        let declaration: String
        if operation.kind == .event {
            declaration = "func \(operation.name)(\(parameters)) async -> AsyncStream<\(SwiftTypeMapping.swiftType(operation.payloadType))>"
        } else if let result = SwiftTypeMapping.resultType(of: operation) {
            declaration = "func \(operation.name)(\(parameters)) async throws -> \(result)"
        } else {
            // `Void`: success or a thrown error, and nothing to return.
            declaration = "func \(operation.name)(\(parameters)) async throws"
        }
        return [
            "docLines": docs(of: operation),
            "deprecation": .string(types.deprecationAttribute(operation.annotations.deprecated)),
            "declaration": .string(declaration),
        ]
    }

    /// The operation's doc, then its arguments, what it answers, the codes
    /// it fails with and the stores that have it, as Swift doc callouts.
    private func docs(of operation: APIOperation) -> TemplateValue {
        var docs = DocLineList()
        docs.append(operation.annotations.doc)
        var callouts: [(first: String, rest: String, text: String)] = []
        let arguments = operation.arguments.map { argument in
            (SwiftNames.name(argument.name, in: .property), argumentDoc(argument))
        }
        if arguments.count == 1 {
            callouts.append(("- Parameter \(arguments[0].0): ", "  ", arguments[0].1))
        } else if !arguments.isEmpty {
            callouts.append(("- Parameters:", "", ""))
            for (name, doc) in arguments { callouts.append(("  - \(name): ", "    ", doc)) }
        }
        if operation.kind == .event {
            callouts.append((
                "- Returns: ", "  ",
                "The payloads, as they happen. Ending the iteration (leaving the loop, or cancelling its task) removes the listener."
            ))
        } else if let doc = operation.result.doc, !operation.result.isNothing {
            callouts.append(("- Returns: ", "  ", doc))
        }
        if !operation.errors.isEmpty {
            callouts.append(("- Throws: `\(Spec.replyErrorRecordName)`, whose `code` is one of these:", "", ""))
            for failure in operation.errors {
                callouts.append(("  - `.\(Self.caseName(failure.code, of: APIOperation.errorCodeEnum, in: spec))`: ", "    ", failure.reason))
            }
        }
        if spec[APIOperation.storeEnum] != nil {
            let stores = operation.stores.map { "`\($0.store)`" }
            let verb = operation.kind == .event ? "Delivered" : "Implemented"
            callouts.append((
                "- Note: ", "  ",
                stores.isEmpty
                    ? "No store implements it."
                    : "\(verb) by the store\(stores.count == 1 ? "" : "s") \(Self.listed(stores))."
            ))
        }
        if !callouts.isEmpty, operation.annotations.doc?.isEmpty == false { docs.append(line: "///") }
        for callout in callouts { Self.append(callout.text, first: callout.first, rest: callout.rest, to: &docs) }
        return docs.value
    }

    /// An argument's doc in a parameter callout: its doc, its default, its
    /// deprecation.
    private func argumentDoc(_ argument: Field) -> String {
        var parts: [String] = []
        if let doc = argument.annotations.doc, !doc.isEmpty { parts.append(doc) }
        if let value = argument.defaultValue {
            parts.append("Defaults to `\(SwiftTypeMapping.literal(value, type: argument.type, spec: spec))` when absent.")
        }
        if let message = argument.annotations.deprecated {
            parts.append(message.isEmpty ? "Deprecated." : "Deprecated: \(message)")
        }
        return parts.isEmpty ? "The `\(argument.name)` argument." : parts.joined(separator: " ")
    }

    /// Adds `text` as doc lines: the first after `first`, the others after
    /// `rest`. With empty text, `first` is the whole line.
    private static func append(_ text: String, first: String, rest: String, to docs: inout DocLineList) {
        let lines = SwiftEscaping.docLines(text)
        if lines.isEmpty {
            docs.append(line: "/// \(SwiftEscaping.visible(first))")
            return
        }
        for (index, line) in lines.enumerated() {
            // Each line is `///` or `/// ` and its text.
            let content = line.dropFirst(4)
            let prefix = index == 0 ? first : rest
            docs.append(line: content.isEmpty && index > 0 ? "///" : "/// \(SwiftEscaping.visible(prefix))\(content)")
        }
    }

    /// `a`, `a and b`, `a, b and c`.
    private static func listed(_ items: [String]) -> String {
        guard let last = items.last, items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }

    /// The Swift case of the value `wire` of the enum `name` (without
    /// backticks).
    static func caseName(_ wire: String, of name: String, in spec: Spec) -> String {
        let isClosed = if case let .enumeration(e)? = spec[name] { e.isClosed } else { false }
        return SwiftNames.name(wire, in: isClosed ? .closedEnumCase : .openEnumCase)
    }

    /// `Name.case`, written as Swift source.
    static func qualifiedCase(_ wire: String, of name: String, in spec: Spec) -> String {
        "\(name).\(SwiftNames.escaped(caseName(wire, of: name, in: spec)))"
    }

    // MARK: - Registry

    /// The arguments records by name (the reply types are the bridge's).
    func registryEntries() -> [TemplateValue] {
        spec.operations.compactMap(\.argumentsTypeName).map(SwiftViewModel.registryEntry)
    }
}
