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
