/// How `SpecFileReader` reads records, inputs, aliases, shared field sets
/// and unions, and the fields they hold (types, defaults, limits, groups).
extension SpecFileReader {
    mutating func readRecord(_ name: (String, SourceLocation), _ node: Node, _ direction: RecordDirection) {
        // Built only for a message.
        func what() -> String { "\(direction == .input ? "input" : "record") '\(name.0)'" }
        guard let pairs = reader.mapping(node, what()) else { return }
        if direction == .input {
            if let target = value(pairs, "sameAs") {
                // The keys of an alias are its own.
                readAlias(name, pairs, target: target)
                return
            }
        }
        // One pass over the pairs checks the keys and notes the value of
        // each allowed one; going through them again for the annotations
        // and for each key read cost more than this.
        let allowed = direction == .input ? Self.inputRecordKeys : Self.outputRecordKeys
        var keyed = KeyedValues(keyCount: allowed.names.count)
        for (key, value) in pairs {
            if let position = document.position(of: key, in: allowed) {
                keyed.note(value, at: position)
            } else if direction == .input, document.scalar(key, is: "oneOf") {
                reader.diagnostics.error(
                    "'oneOf' is only allowed on output records; an input says which of its fields are alternatives with 'exactlyOne'",
                    at: reader.location(key))
            } else if direction == .output, let inputOnly = Self.inputOnlyRecordKeys.first(where: { document.scalar(key, is: $0) }) {
                reader.diagnostics.error("'\(inputOnly)' is only allowed on inputs; \(what()) is an output record", at: reader.location(key))
            } else {
                reader.checkKey(key, allowed: allowed, in: what())
            }
        }
        var record = RecordType(name: name.0, direction: direction, annotations: Annotations(), fields: [], location: name.1)
        readAnnotations(keyed, after: direction == .input ? Self.inputRecordKeyCount : Self.outputRecordKeyCount, into: &record.annotations)
        if let include = keyed[position: RecordKey.include.rawValue], let list = reader.stringList(include, "'include'") {
            record.includes = list.map(\.0)
            result.includeLocations[name.0] = list
        }
        if let fields = keyed[position: RecordKey.fields.rawValue] {
            record.fields = readFields(fields, owner: name.0)
        }
        if direction == .output, let oneOf = keyed[position: RecordKey.oneOfOrExactlyOne.rawValue] {
            record.isOneOf = reader.bool(oneOf, "'oneOf'") ?? false
        }
        // An output's groups have their error above and are not read.
        if direction == .input, let groups = keyed[position: RecordKey.oneOfOrExactlyOne.rawValue] {
            record.exactlyOne = readGroups(groups, key: "exactlyOne")
        }
        if direction == .input, let groups = keyed[position: RecordKey.atLeastOne.rawValue] {
            record.atLeastOne = readGroups(groups, key: "atLeastOne")
        }
        result.types.append(.record(record))
    }

    /// The positions of a record's own keys in `outputRecordKeys` and
    /// `inputRecordKeys` (a test checks them): the first two are shared,
    /// the third is `oneOf` in one and `exactlyOne` in the other, and only
    /// inputs have the last two. The annotation keys follow.
    enum RecordKey: Int {
        case fields, include, oneOfOrExactlyOne, atLeastOne, sameAs
    }

    static let outputRecordKeyCount = 3
    static let inputRecordKeyCount = 5

    /// An input that is a record or union under another name (`sameAs:`):
    /// its annotations and the target's name, and nothing else, since it has
    /// no fields of its own. The target is checked by the validator.
    mutating func readAlias(_ name: (String, SourceLocation), _ pairs: Pairs, target: Node) {
        for (key, _) in pairs where document.position(of: key, in: Self.aliasKeys) == nil {
            if let text = document.scalar(key), document.position(of: key, in: Self.inputRecordKeys) != nil {
                reader.diagnostics.error(
                    "'\(text)' cannot go with 'sameAs': input '\(name.0)' is another name for a type and has nothing of its own but docs",
                    at: reader.location(key))
            } else {
                reader.checkKey(key, allowed: Self.aliasKeys, in: "input '\(name.0)'")
            }
        }
        guard let text = reader.string(target, "'sameAs' (the name of a record or union)") else { return }
        guard Self.isTypeName(text) else {
            reader.diagnostics.error(
                "'sameAs' of input '\(name.0)' names one record or union, such as 'Purchase'; found '\(text)'", at: reader.location(target))
            return
        }
        result.types.append(
            .alias(TypeAlias(name: name.0, annotations: annotations(pairs), target: text, targetLocation: reader.location(target), location: name.1)))
    }

    /// `exactlyOne:` or `atLeastOne:` (named by `key`): a list of field
    /// names, or a list of such lists for several groups. An `exactlyOne`
    /// group may also be a mapping (a named choice, see `readChoice`), alone
    /// or as an item of the list of groups.
    mutating func readGroups(_ node: Node, key: String) -> [FieldGroup] {
        let choices = key == "exactlyOne"
        if choices, document.mapping(node) != nil {
            return readChoice(node).map { [$0] } ?? []
        }
        guard let items = document.sequence(node) else {
            let expected = choices ? "a list of field names or a mapping with 'as'" : "a list of field names"
            reader.diagnostics.error("expected \(expected) for '\(key)', found \(document.kindName(node))", at: reader.location(node))
            return []
        }
        if items.allSatisfy({ document.sequence($0) != nil || (choices && document.mapping($0) != nil) }) {
            return items.compactMap { item in
                if document.mapping(item) != nil { return readChoice(item) }
                return reader.stringList(item, "'\(key)'").map { FieldGroup(fields: $0.map(\.0), location: reader.location(item)) }
            }
        }
        return reader.stringList(node, "'\(key)'").map { [FieldGroup(fields: $0.map(\.0), location: reader.location(node))] } ?? []
    }

    /// An `exactlyOne` group written as a mapping: `as:` names the one
    /// property SDK languages declare for it, `cases:` maps each field of the
    /// group to its case name (`field: name`, or `field: {name:, tag:}`), and
    /// the optional `tag:` names another field whose value goes with each case.
    mutating func readChoice(_ node: Node) -> FieldGroup? {
        guard let pairs = reader.mapping(node, "an 'exactlyOne' choice") else { return nil }
        reader.checkKeys(pairs, allowed: Self.choiceKeys, in: "an 'exactlyOne' choice")
        guard let asNode = value(pairs, "as") else {
            reader.diagnostics.error("an 'exactlyOne' choice needs 'as', the name of the property it becomes", at: reader.location(node))
            return nil
        }
        guard let property = reader.wireName(asNode, "'as'") else { return nil }
        let tagField = value(pairs, "tag").flatMap { reader.wireName($0, "'tag' (a field name)") }
        guard let casesNode = value(pairs, "cases") else {
            reader.diagnostics.error("an 'exactlyOne' choice needs 'cases', each field of the group with its case name", at: reader.location(node))
            return nil
        }
        guard let casePairs = reader.mapping(casesNode, "'cases' of an 'exactlyOne' choice") else { return nil }
        var cases: [FieldChoice.Case] = []
        for (key, body) in casePairs {
            guard let field = reader.wireName(key, "a field name") else { continue }
            if document.mapping(body) == nil {
                if let name = reader.wireName(body, "the case name of '\(field)'") {
                    cases.append(FieldChoice.Case(field: field, name: name, location: reader.location(key)))
                }
                continue
            }
            guard let inner = reader.mapping(body, "case '\(field)'") else { continue }
            reader.checkKeys(inner, allowed: Self.choiceCaseKeys, in: "case '\(field)'")
            guard let nameNode = value(inner, "name") else {
                reader.diagnostics.error("case '\(field)' needs 'name'", at: reader.location(key))
                continue
            }
            guard let name = reader.wireName(nameNode, "the case name of '\(field)'") else { continue }
            let tagValue = value(inner, "tag").flatMap { reader.wireName($0, "'tag' of case '\(field)' (a value of the tag field)") }
            cases.append(FieldChoice.Case(field: field, name: name, tagValue: tagValue, location: reader.location(key)))
        }
        let choice = FieldChoice(property: property, tagField: tagField, cases: cases, location: reader.location(asNode))
        return FieldGroup(fields: cases.map(\.field), choice: choice, location: reader.location(node))
    }

    mutating func readFieldSet(_ name: (String, SourceLocation), _ node: Node) {
        guard let pairs = reader.mapping(node, "shared field set '\(name.0)'") else { return }
        reader.checkKeys(pairs, allowed: Self.fieldSetKeys, in: "shared field set '\(name.0)'")
        var set = FieldSet(name: name.0, annotations: annotations(pairs), fields: [], location: name.1)
        if let fields = value(pairs, "fields") {
            set.fields = readFields(fields, owner: name.0)
        }
        result.types.append(.fieldSet(set))
    }

    /// The keys of a field's mapping besides its annotations. Each case is
    /// named as its key, and `fieldKeys` lists them in this order (a test
    /// checks it), so a case's raw value is its key's position there.
    /// The last two are for the arguments of operations only.
    enum FieldKey: Int, CaseIterable {
        case type, `default`, degrade, maxBytes, min, max, minLength, maxLength, pattern, aliases, positional, platform
    }

    static let fieldKeys =
        KeyList([
            "type", "default", "degrade", "maxBytes", "min", "max", "minLength", "maxLength", "pattern", "aliases", "positional",
            "platform",
        ])
        + annotationKeys

    /// Whose fields `readFields` reads: a type's `fields`, or the `args` of
    /// an operation (which are read as the fields of an input record).
    enum FieldOwner {
        case type
        /// The operation whose name is at that place.
        case operation(at: SourceLocation)

        /// The key the fields are under.
        var section: String {
            switch self {
            case .type: "fields"
            case .operation: "args"
            }
        }

        /// What one of them is called in messages.
        var noun: String {
            switch self {
            case .type: "field"
            case .operation: "argument"
            }
        }

        /// What a name is, as `NodeReader.wireName` takes it (a literal, so
        /// that reading a field builds no string for it).
        var nameWhat: String {
            switch self {
            case .type: "a field name"
            case .operation: "an argument name"
            }
        }
    }

    mutating func readFields(_ node: Node, owner: String, of kind: FieldOwner = .type) -> [Field] {
        if document.isNull(node) { return [] }
        guard let pairs = reader.mapping(node, "'\(kind.section)' of '\(owner)'") else { return [] }
        var fields: [Field] = []
        fields.reserveCapacity(pairs.count)
        for (key, body) in pairs {
            guard let name = reader.wireName(key, kind.nameWhat) else { continue }
            if document.isScalar(body), !document.isNull(body) {
                if let parsed = typeExpression(at: body, "a type"), !isVoid(parsed, at: body, "\(kind.noun) '\(name)'") {
                    fields.append(Self.blankField)
                    fields[fields.count - 1].name = name
                    fields[fields.count - 1].type = parsed.type
                    fields[fields.count - 1].isRequired = !parsed.isOptional
                    fields[fields.count - 1].location = reader.location(key)
                }
                continue
            }
            guard let inner = reader.mapping(body, "\(kind.noun) '\(name)' (a type expression or a mapping)") else { continue }
            let keyed = reader.checkedValues(inner, allowed: Self.fieldKeys, in: "\(kind.noun) '\(name)'")
            guard let typeNode = keyed[.type] else {
                reader.diagnostics.error("\(kind.noun) '\(name)' needs a 'type'", at: reader.location(key))
                continue
            }
            guard let parsed = typeExpression(at: typeNode, "'type'"),
                !isVoid(parsed, at: typeNode, "\(kind.noun) '\(name)'")
            else { continue }
            // The field goes into the list first and is completed there, its
            // annotations too, so that none of it is copied.
            fields.append(Self.blankField)
            let last = fields.count - 1
            fields[last].name = name
            fields[last].type = parsed.type
            fields[last].isRequired = !parsed.isOptional
            fields[last].location = reader.location(key)
            readFieldAnnotations(keyed, into: &fields[last].annotations)
            if let degrade = keyed[.degrade] { fields[last].degrades = reader.bool(degrade, "'degrade'") ?? false }
            if let limit = keyed[.maxBytes] {
                if let bytes = reader.integer(limit, "'maxBytes'") {
                    if bytes < 0 { reader.diagnostics.error("'maxBytes' must not be negative", at: reader.location(limit)) }
                    fields[last].constraints.maxBytes = bytes
                }
            }
            if let minimum = keyed[.min] { fields[last].constraints.minimum = reader.number(minimum, "'min'") }
            if let maximum = keyed[.max] { fields[last].constraints.maximum = reader.number(maximum, "'max'") }
            if keyed[.minLength] != nil || keyed[.maxLength] != nil || keyed[.pattern] != nil {
                readStringLimits(keyed, into: &fields[last].constraints)
            }
            if let aliases = keyed[.aliases], let list = reader.stringList(aliases, "'aliases' (other names readers accept)") {
                for (alias, location) in list where alias.isEmpty || alias.utf8.count > NodeReader.maxNameBytes {
                    reader.diagnostics.error(
                        alias.isEmpty ? "an alias must not be empty" : "an alias is at most \(NodeReader.maxNameBytes) bytes of UTF-8",
                        at: location)
                }
                fields[last].aliases = list.map(\.0).filter { !$0.isEmpty && $0.utf8.count <= NodeReader.maxNameBytes }
            }
            if keyed[.positional] != nil || keyed[.platform] != nil {
                readArgumentKeys(keyed, inner, of: kind, into: &fields[last])
            }
            if let defaultNode = keyed[.default] {
                // Only the default's own nodes are kept, so the file's document can go once it is read.
                let extracted = document.extract(defaultNode)
                let raw = RawDefault(document: extracted, node: extracted.root)
                switch kind {
                case .type: result.defaults[owner, default: [:]][name] = raw
                case let .operation(at): result.operationDefaults[at, default: [:]][name] = raw
                }
            }
        }
        return fields
    }

    /// A field with nothing set, which `readFields` copies into its list
    /// and then fills in place (so does `readValues` with `blankValue`). Making each field with `Field.init` made
    /// its empty annotations, its constraints and then the whole field
    /// (some 380 bytes) in one place and copied each to another, twice the
    /// work of one copy of this.
    static let blankField = Field(name: "", type: .scalar(.string), isRequired: false, location: SourceLocation(file: "", line: 0, column: 0))

    /// Whether `parsed` is or holds `Void`, which only the result of a query
    /// or mutation may be (and then only alone); reports it for `what`,
    /// which is only built then (it was built for every field before).
    mutating func isVoid(_ parsed: TypeExpression.Parsed, at node: Node, _ what: @autoclosure () -> String) -> Bool {
        guard parsed.type.namedLeaf == OperationResult.nothingKeyword else { return false }
        reader.diagnostics.error(
            "'\(OperationResult.nothingKeyword)' is only the result of a query or mutation that answers nothing; \(what()) needs a type of value",
            at: reader.location(node))
        return true
    }

    /// `positional` and `platform`, which only the arguments of operations
    /// have (the validator checks them against the operation).
    mutating func readArgumentKeys(_ keyed: KeyedValues, _ pairs: Pairs, of kind: FieldOwner, into field: inout Field) {
        guard case .operation = kind else {
            for key in [FieldKey.positional, .platform] where keyed[key] != nil {
                let name = Self.fieldKeys.names[key.rawValue]
                let at = pairs.first { document.scalar($0.key) == name }.map { reader.location($0.key) } ?? field.location
                reader.diagnostics.error(
                    "'\(name)' is only for the arguments of queries, mutations and events; '\(field.name)' is a field of a type", at: at)
            }
            return
        }
        if let node = keyed[.positional] { field.isPositional = reader.bool(node, "'positional'") ?? false }
        guard let node = keyed[.platform], let text = reader.string(node, "'platform' (the platform whose SDK alone takes it)") else {
            return
        }
        if let platform = OperationPlatform(rawValue: text), platform != .common {
            field.platform = platform
        } else {
            let names = OperationPlatform.allCases.filter { $0 != .common }.map { "'\($0.rawValue)'" }.joined(separator: " or ")
            reader.diagnostics.error(
                "unknown platform '\(text)' of argument '\(field.name)'; expected \(names) (leave 'platform' out for an argument every SDK takes)",
                at: reader.location(node))
        }
    }

    /// `minLength`, `maxLength` and `pattern`; the pattern is parsed here,
    /// so that an error in it points into the YAML.
    mutating func readStringLimits(_ keyed: KeyedValues, into constraints: inout Constraints) {
        for (key, name) in [(FieldKey.minLength, "'minLength'"), (.maxLength, "'maxLength'")] {
            guard let node = keyed[key], let count = reader.integer(node, name) else { continue }
            if count < 0 { reader.diagnostics.error("\(name) must not be negative", at: reader.location(node)) }
            if key == .minLength { constraints.minLength = count } else { constraints.maxLength = count }
        }
        guard let node = keyed[.pattern], let text = reader.string(node, "'pattern' (a regular expression)") else { return }
        switch StringPattern.parse(text) {
        case let .success(pattern):
            constraints.pattern = pattern
        case let .failure(failure):
            // Point inside the pattern in a plain scalar, where columns map
            // one to one; at the scalar otherwise.
            var location = reader.location(node)
            if document.nodes[node].style == .plain { location.column += failure.offset }
            reader.diagnostics.error("invalid pattern '\(text)': \(failure.message)", at: location)
        }
    }

    mutating func readUnion(_ name: (String, SourceLocation), _ node: Node) {
        guard let pairs = reader.mapping(node, "union '\(name.0)'") else { return }
        reader.checkKeys(pairs, allowed: Self.unionKeys, in: "union '\(name.0)'")
        var union = UnionType(name: name.0, annotations: annotations(pairs), discriminator: "", members: [], location: name.1)
        if let discriminator = value(pairs, "discriminator") {
            union.discriminator = reader.wireName(discriminator, "'discriminator'") ?? ""
        } else {
            reader.diagnostics.error("union '\(name.0)' needs a 'discriminator' field name", at: name.1)
        }
        if let unknown = value(pairs, "unknown"), let text = reader.string(unknown, "'unknown'") {
            if let policy = UnknownTagPolicy(rawValue: text) {
                union.unknownTag = policy
            } else {
                reader.diagnostics.error("expected keep or fail for 'unknown', found '\(text)'", at: reader.location(unknown))
            }
        }
        if let members = value(pairs, "members"), let memberPairs = reader.mapping(members, "'members' (tag: TypeName)") {
            for (tag, type) in memberPairs {
                guard let tagText = reader.wireName(tag, "a member tag"), let typeName = reader.string(type, "a member type") else {
                    continue
                }
                union.members.append(UnionMember(tag: tagText, typeName: typeName, location: reader.location(type)))
            }
        } else if value(pairs, "members") == nil {
            reader.diagnostics.error("union '\(name.0)' needs 'members'", at: name.1)
        }
        result.types.append(.union(union))
    }
}
