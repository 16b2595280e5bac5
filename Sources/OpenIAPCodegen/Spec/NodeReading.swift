/// Typed access to YAML nodes for the spec reader. Every accessor reports a
/// located error into the collector and returns nil instead of throwing, so one
/// run reports every problem of a file. The `what` descriptions are only
/// built when there is an error to report.
struct NodeReader {
    var diagnostics = Diagnostics()

    mutating func mapping(_ node: YAMLNode, _ what: @autoclosure () -> String) -> [(key: YAMLNode, value: YAMLNode)]? {
        if let pairs = node.mapping { return pairs }
        diagnostics.error("expected a mapping for \(what()), found \(node.kindName)", at: node.location)
        return nil
    }

    mutating func string(_ node: YAMLNode, _ what: @autoclosure () -> String) -> String? {
        if case let .scalar(text, _) = node.kind, !node.isNull { return text }
        diagnostics.error("expected a string for \(what()), found \(node.kindName)", at: node.location)
        return nil
    }

    /// Only `true` and `false` count: YAML 1.1 spellings such as `yes` or `on`
    /// are rejected rather than silently read as booleans.
    mutating func bool(_ node: YAMLNode, _ what: @autoclosure () -> String) -> Bool? {
        if case let .scalar(text, .plain) = node.kind {
            if text == "true" { return true }
            if text == "false" { return false }
        }
        diagnostics.error("expected true or false for \(what()), found \(describe(node))", at: node.location)
        return nil
    }

    mutating func integer(_ node: YAMLNode, _ what: @autoclosure () -> String) -> Int? {
        if case let .scalar(text, .plain) = node.kind, let value = Int(text.replacingUnderscores) { return value }
        diagnostics.error("expected an integer for \(what()), found \(describe(node))", at: node.location)
        return nil
    }

    mutating func number(_ node: YAMLNode, _ what: @autoclosure () -> String) -> Double? {
        if case let .scalar(text, .plain) = node.kind, let value = Double(text.replacingUnderscores), value.isFinite {
            return value
        }
        diagnostics.error("expected a number for \(what()), found \(describe(node))", at: node.location)
        return nil
    }

    /// A version such as `3.2.1` or `1.0.0-beta.2`: three numbers, then an
    /// optional `-` or `+` suffix of ASCII letters, digits, `.`, `-` and `+`.
    /// Versions end up in file headers, URLs and comments, so nothing else
    /// is accepted.
    mutating func version(_ node: YAMLNode, _ what: String) -> String? {
        guard let text = string(node, what) else { return nil }
        if Self.isVersion(text) { return text }
        diagnostics.error("expected a version such as 1.2.3 for \(what), found \(describe(node))", at: node.location)
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
    mutating func wireName(_ node: YAMLNode, _ what: String) -> String? {
        guard let text = string(node, what) else { return nil }
        if text.isEmpty {
            diagnostics.error("\(what) must not be empty", at: node.location)
            return nil
        }
        return withinNameLimit(text, what, at: node.location) ? text : nil
    }

    /// The longest name, in UTF-8 bytes, of a type, field, value, tag or
    /// discriminator. YAML already limits implicit keys to 1024 characters;
    /// the same bound holds for names written any other way, so that one
    /// absurd name cannot blow up every file generated from it.
    static let maxNameBytes = 1024

    /// Reports a name over the limit without repeating it.
    mutating func withinNameLimit(_ text: String, _ what: String, at location: SourceLocation) -> Bool {
        let bytes = text.utf8.count
        guard bytes > Self.maxNameBytes else { return true }
        diagnostics.error("\(what) is \(bytes) bytes long; names are limited to \(Self.maxNameBytes) bytes of UTF-8", at: location)
        return false
    }

    /// A single string or a list of strings.
    mutating func stringList(_ node: YAMLNode, _ what: @autoclosure () -> String) -> [(String, SourceLocation)]? {
        if let items = node.sequence {
            return items.compactMap { item in string(item, what()).map { ($0, item.location) } }
        }
        return string(node, what()).map { [($0, node.location)] }
    }

    /// Checks that every key is one of `allowed`, suggesting the closest one.
    mutating func checkKeys(_ pairs: [(key: YAMLNode, value: YAMLNode)], allowed: [String], in what: @autoclosure () -> String) {
        for (key, _) in pairs {
            let name = key.scalar ?? ""
            if !allowed.contains(name) {
                let hint = Suggestions.didYouMean(name, in: allowed)
                diagnostics.error(
                    "unknown key '\(name)' in \(what())\(hint.isEmpty ? "; expected one of: \(allowed.joined(separator: ", "))" : hint)",
                    at: key.location)
            }
        }
    }

    func describe(_ node: YAMLNode) -> String {
        switch node.kind {
        case let .scalar(text, _) where !node.isNull: "'\(text.count > 40 ? String(text.prefix(40)) + "…" : text)'"
        default: node.kindName
        }
    }
}

extension String {
    fileprivate var replacingUnderscores: String { contains("_") ? replacingOccurrences(of: "_", with: "") : self }
}
