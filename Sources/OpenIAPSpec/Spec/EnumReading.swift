/// How `SpecFileReader` reads enums and opaque strings: their values,
/// aliases and annotations.
extension SpecFileReader {
    mutating func readEnum(_ name: (String, SourceLocation), _ node: Node) {
        guard let pairs = reader.mapping(node, "enum '\(name.0)'") else { return }
        reader.checkKeys(pairs, allowed: Self.enumKeys, in: "enum '\(name.0)'")
        var type = EnumType(name: name.0, annotations: annotations(pairs), values: [], location: name.1)
        if let closed = value(pairs, "closed") { type.isClosed = reader.bool(closed, "'closed'") ?? false }
        if let rule = value(pairs, "aliases"), let text = reader.string(rule, "'aliases' (an alias rule)") {
            if let parsed = EnumAliasRule(rawValue: text) {
                type.aliasRule = parsed
            } else {
                let rules = EnumAliasRule.allCases.map(\.rawValue)
                reader.diagnostics.error(
                    "unknown alias rule '\(text)'; expected one of: \(rules.joined(separator: ", ")) (per-value aliases go on the value)",
                    at: reader.location(rule))
            }
        }
        if let values = value(pairs, "values") {
            type.values = readValues(values, owner: "enum '\(name.0)'", allowAliases: true)
        } else {
            reader.diagnostics.error("enum '\(name.0)' needs 'values'", at: name.1)
        }
        result.types.append(.enumeration(type))
    }

    mutating func readOpaque(_ name: (String, SourceLocation), _ node: Node) {
        guard let pairs = reader.mapping(node, "string type '\(name.0)'") else { return }
        reader.checkKeys(pairs, allowed: Self.opaqueKeys, in: "string type '\(name.0)'")
        var type = OpaqueStringType(name: name.0, annotations: annotations(pairs), knownValues: [], location: name.1)
        if let empty = value(pairs, "emptyIsAbsent") { type.emptyIsAbsent = reader.bool(empty, "'emptyIsAbsent'") ?? false }
        if let values = value(pairs, "values") {
            type.knownValues = readValues(values, owner: "string type '\(name.0)'", allowAliases: false)
        }
        result.types.append(.opaqueString(type))
    }

    /// `values:` as a list of wire values, or a mapping of wire value to a doc
    /// string or a mapping of value keys. Keys are always text, whatever YAML
    /// 1.1 would make of them.
    mutating func readValues(_ node: Node, owner: String, allowAliases: Bool) -> [EnumValue] {
        var values: [EnumValue] = []
        if let items = document.sequence(node) {
            values.reserveCapacity(items.count)
            for item in items {
                guard let wire = valueText(item, owner: owner) else { continue }
                values.append(Self.blankValue)
                values[values.count - 1].wire = wire
                values[values.count - 1].location = reader.location(item)
            }
        } else if let pairs = reader.mapping(node, "'values' of \(owner)") {
            values.reserveCapacity(pairs.count)
            let allowed = allowAliases ? Self.enumValueKeys : Self.valueKeys
            for (key, body) in pairs {
                guard let wire = valueText(key, owner: owner) else { continue }
                // Into the list first and completed there, so it is not copied.
                values.append(Self.blankValue)
                let last = values.count - 1
                values[last].wire = wire
                values[last].location = reader.location(key)
                if document.isNull(body) {
                } else if let text = document.scalar(body) {
                    values[last].annotations.doc = text
                } else if let inner = reader.mapping(body, "value '\(wire)'") {
                    reader.checkKeys(inner, allowed: allowed, in: "value '\(wire)'")
                    values[last].annotations = annotations(inner)
                    if let aliases = self.value(inner, "aliases"), let list = reader.stringList(aliases, "'aliases'") {
                        values[last].aliases = list.map(\.0)
                    }
                }
            }
        }
        // By position: going through the values themselves copied each one.
        for index in values.indices where values[index].wire.isEmpty {
            reader.diagnostics.error("\(owner) has an empty value; wire values must not be empty", at: values[index].location)
        }
        return values
    }

    /// A value with nothing set, copied into the list and filled in place
    /// (see `blankField`).
    static let blankValue = EnumValue(wire: "", location: SourceLocation(file: "", line: 0, column: 0))

    /// A wire value is whatever text was written: `null`, `~`, `no` are
    /// values named that way. Only an empty plain scalar is missing.
    mutating func valueText(_ node: Node, owner: String) -> String? {
        if document.isScalar(node), !document.isEmptyPlain(node), let text = document.scalar(node) {
            return reader.withinNameLimit(text, "a value of \(owner)", at: node) ? text : nil
        }
        reader.diagnostics.error("expected a value of \(owner), found \(document.kindName(node))", at: reader.location(node))
        return nil
    }
}
