/// Typed access to the nodes of a `YAMLDocument` for the spec reader. Every
/// accessor reports a located error into the collector and returns nil
/// instead of throwing, so one run reports every problem of a file. The
/// `what` descriptions are only built when there is an error to report.
struct NodeReader {
    typealias Node = YAMLDocument.NodeID
    typealias Pairs = YAMLDocument.Pairs

    let document: YAMLDocument
    var diagnostics = Diagnostics()

    init(_ document: YAMLDocument) {
        self.document = document
    }

    func location(_ node: Node) -> SourceLocation { document.location(of: node) }

    mutating func mapping(_ node: Node, _ what: @autoclosure () -> String) -> Pairs? {
        if let pairs = document.mapping(node) { return pairs }
        diagnostics.error("expected a mapping for \(what()), found \(document.kindName(node))", at: location(node))
        return nil
    }

    package mutating func string(_ node: Node, _ what: @autoclosure () -> String) -> String? {
        if document.isScalar(node), !document.isNull(node), let text = document.scalar(node) { return text }
        diagnostics.error("expected a string for \(what()), found \(document.kindName(node))", at: location(node))
        return nil
    }

    /// Whether the node is a plain scalar (the only kind a bool or number may be).
    private func isPlain(_ node: Node) -> Bool {
        document.isScalar(node) && document.nodes[node].style == .plain
    }

    /// Only `true` and `false` count: YAML 1.1 spellings such as `yes` or `on`
    /// are rejected rather than silently read as booleans.
    mutating func bool(_ node: Node, _ what: @autoclosure () -> String) -> Bool? {
        if isPlain(node) {
            if document.scalar(node, is: "true") { return true }
            if document.scalar(node, is: "false") { return false }
        }
        diagnostics.error("expected true or false for \(what()), found \(describe(node))", at: location(node))
        return nil
    }

    mutating func integer(_ node: Node, _ what: @autoclosure () -> String) -> Int? {
        if isPlain(node), let text = document.scalar(node), let value = Int(text.replacingUnderscores) { return value }
        diagnostics.error("expected an integer for \(what()), found \(describe(node))", at: location(node))
        return nil
    }

    mutating func number(_ node: Node, _ what: @autoclosure () -> String) -> Double? {
        if isPlain(node), let text = document.scalar(node), let value = Double(text.replacingUnderscores), value.isFinite {
            return value
        }
        diagnostics.error("expected a number for \(what()), found \(describe(node))", at: location(node))
        return nil
    }

    /// A version such as `3.2.1` or `1.0.0-beta.2`: three numbers, then an
    /// optional `-` or `+` suffix of ASCII letters, digits, `.`, `-` and `+`.
    /// Versions end up in file headers, URLs and comments, so nothing else
    /// is accepted.
    mutating func version(_ node: Node, _ what: String) -> String? {
        guard let text = string(node, what) else { return nil }
        if Self.isVersion(text) { return text }
        diagnostics.error("expected a version such as 1.2.3 for \(what), found \(describe(node))", at: location(node))
        return nil
    }

    static func isVersion(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        for part in 0..<3 {
            let start = index
            while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
            guard index > start, index - start <= 9 else { return false }
            if part < 2 {
                guard index < scalars.count, scalars[index] == "." else { return false }
                index += 1
            }
        }
        if index == scalars.count { return true }
        guard scalars[index] == "-" || scalars[index] == "+", index + 1 < scalars.count, scalars.count <= 64 else { return false }
        return scalars[(index + 1)...].allSatisfy {
            ("0"..."9").contains($0) || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || $0 == "." || $0 == "-" || $0 == "+"
        }
    }

    /// A wire name (a field name, a discriminator, a union tag): any text
    /// but the empty string, which no target can name.
    mutating func wireName(_ node: Node, _ what: String) -> String? {
        guard let text = string(node, what) else { return nil }
        if text.isEmpty {
            diagnostics.error("\(what) must not be empty", at: location(node))
            return nil
        }
        return withinNameLimit(text, what, at: node) ? text : nil
    }

    /// The longest name, in UTF-8 bytes, of a type, field, value, tag or
    /// discriminator. YAML already limits implicit keys to 1024 characters;
    /// the same bound holds for names written any other way, so that one
    /// absurd name cannot blow up every file generated from it.
    static let maxNameBytes = 1024

    /// Reports a name over the limit without repeating it.
    mutating func withinNameLimit(_ text: String, _ what: String, at node: Node) -> Bool {
        let bytes = text.utf8.count
        guard bytes > Self.maxNameBytes else { return true }
        diagnostics.error("\(what) is \(bytes) bytes long; names are limited to \(Self.maxNameBytes) bytes of UTF-8", at: location(node))
        return false
    }

    /// A single string or a list of strings.
    mutating func stringList(_ node: Node, _ what: @autoclosure () -> String) -> [(String, SourceLocation)]? {
        if let items = document.sequence(node) {
            return items.compactMap { item in string(item, what()).map { ($0, location(item)) } }
        }
        return string(node, what()).map { [($0, location(node))] }
    }

    /// Checks that every key is one of `allowed`, suggesting the closest one.
    mutating func checkKeys(_ pairs: Pairs, allowed: KeyList, in what: @autoclosure () -> String) {
        for (key, _) in pairs { checkKey(key, allowed: allowed, in: what()) }
    }

    /// Checks that `key` is one of `allowed`, suggesting the closest one.
    mutating func checkKey(_ key: Node, allowed: KeyList, in what: @autoclosure () -> String) {
        if !document.scalar(key, isOneOf: allowed) { reportUnknownKey(key, allowed: allowed, in: what()) }
    }

    private mutating func reportUnknownKey(_ key: Node, allowed: KeyList, in what: String) {
        let name = document.scalar(key) ?? ""
        let hint = Suggestions.didYouMean(name, in: allowed.names)
        diagnostics.error(
            "unknown key '\(name)' in \(what)\(hint.isEmpty ? "; expected one of: \(allowed.names.joined(separator: ", "))" : hint)",
            at: location(key))
    }

    /// The value of the first pair whose key is `key`.
    func value(_ pairs: Pairs, _ key: StaticString) -> Node? {
        pairs.first { document.scalar($0.key, is: key) }?.value
    }

    /// Does what `checkKeys` does and also notes the value of each allowed
    /// key, in the same one pass over the pairs, so that a caller that wants
    /// several keys of a small mapping (a field's `type`, `min`, `max`...)
    /// does not go through the pairs again for each of them.
    mutating func checkedValues(_ pairs: Pairs, allowed: KeyList, in what: @autoclosure () -> String) -> KeyedValues {
        var result = KeyedValues(keyCount: allowed.names.count)
        for (key, value) in pairs {
            if let position = document.position(of: key, in: allowed) {
                result.note(value, at: position)
            } else {
                reportUnknownKey(key, allowed: allowed, in: what())
            }
        }
        return result
    }

    func describe(_ node: Node) -> String {
        if document.isScalar(node), !document.isNull(node), let text = document.scalar(node) {
            return "'\(text.count > 40 ? String(text.prefix(40)) + "…" : text)'"
        }
        return document.kindName(node)
    }
}

/// The values a mapping gives to the keys of a `KeyList`, by the key's
/// position in the list, as `NodeReader.checkedValues` found them. Kept
/// inline, so finding them allocates nothing.
struct KeyedValues {
    /// The most keys a list may have here; the spec's lists have seventeen at most.
    static let capacity = 32

    /// -1 where the mapping has no such key. A SIMD vector is used as a
    /// plain fixed-size array kept inline (no allocation); `InlineArray`
    /// would do the same but needs macOS 26 where the generator also runs.
    private var values = SIMD32<Int32>(repeating: -1)

    /// For a list of `keyCount` keys.
    init(keyCount: Int) {
        precondition(keyCount <= Self.capacity, "a key list longer than KeyedValues holds")
    }

    /// Notes the value of the key at `position` in the list. Only the first
    /// value counts, as with `NodeReader.value`: a mapping with a repeated
    /// key never gets this far, but the rule is the same either way.
    mutating func note(_ value: YAMLDocument.NodeID, at position: Int) {
        if values[position] < 0 { values[position] = Int32(value) }
    }

    /// The value of the key at `position` in the list, or nil when the
    /// mapping does not have it.
    subscript(position position: Int) -> YAMLDocument.NodeID? {
        let value = values[position]
        return value < 0 ? nil : Int(value)
    }
}

extension String {
    // The byte test rather than `contains("_")`, which searched for a
    // string (some 3,000 instructions for a short number).
    fileprivate var replacingUnderscores: String {
        utf8.contains(UInt8(ascii: "_")) ? replacingOccurrences(of: "_", with: "") : self
    }
}
