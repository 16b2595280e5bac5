import OpenIAPSpec

/// What every target's docs say about an operation, worded once, so that a
/// spec fact reads the same in Swift, Kotlin and TypeScript: which stores
/// implement it, an argument's default and its deprecation. A target passes
/// how its doc comments quote code (`code`) and how it writes a literal; the
/// words are these. `OperationDocsTests` renders one operation in the three
/// languages and holds the sentences equal.
enum OperationDocs {
    /// "Implemented by the stores `apple` and `google`." ("Delivered by …"
    /// for an event, "No store implements it." when none does), or nil for a
    /// spec without the store enum, whose operations name no stores.
    static func storesSentence(_ operation: APIOperation, in spec: Spec, code: (String) -> String) -> String? {
        guard spec[APIOperation.storeEnum] != nil else { return nil }
        let stores = operation.stores.map { code($0.store) }
        guard !stores.isEmpty else { return "No store implements it." }
        let verb = operation.kind == .event ? "Delivered" : "Implemented"
        return "\(verb) by the store\(stores.count == 1 ? "" : "s") \(listed(stores))."
    }

    /// An argument's doc: its own doc, its default (`defaultLiteral`, the
    /// value as the target writes it, already quoted), its deprecation; "The
    /// `name` argument." when it has none of them.
    static func argumentDoc(_ argument: Field, defaultLiteral: String?, code: (String) -> String) -> String {
        var parts: [String] = []
        if let doc = argument.annotations.doc, !doc.isEmpty { parts.append(doc) }
        if let defaultLiteral { parts.append(defaultSentence(defaultLiteral)) }
        if let message = argument.annotations.deprecated { parts.append(deprecation(message)) }
        return parts.isEmpty ? "The \(code(argument.name)) argument." : parts.joined(separator: " ")
    }

    /// "Defaults to `x` when absent.", `literal` already quoted.
    static func defaultSentence(_ literal: String) -> String {
        "Defaults to \(literal) when absent."
    }

    /// "Deprecated." or "Deprecated: <message>".
    static func deprecation(_ message: String) -> String {
        message.isEmpty ? "Deprecated." : "Deprecated: \(message)"
    }

    /// `a`, `a and b`, `a, b and c`.
    static func listed(_ items: [String]) -> String {
        guard let last = items.last, items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }
}
