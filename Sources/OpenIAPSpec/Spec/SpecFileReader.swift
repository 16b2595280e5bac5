/// Reads the YAML document of one spec file into declarations. Nothing is
/// resolved here: type references stay names, included field sets stay names,
/// defaults stay YAML nodes. `SpecBuilder` joins the files and resolves.
struct SpecFileReader {
    typealias Node = YAMLDocument.NodeID
    typealias Pairs = YAMLDocument.Pairs

    /// A `default:` node, with the document it belongs to.
    struct RawDefault {
        var document: YAMLDocument
        var node: Node

        var location: SourceLocation { document.location(of: node) }
    }

    /// What one file declares.
    struct FileDeclarations {
        var version: (String, SourceLocation)?
        /// `spec: lint:`, when this file has one.
        var lint: LintSettings?
        /// A `version` was written, valid or not; an invalid one has its own
        /// error and is not reported missing as well.
        var writesVersion = false
        var types: [NamedType] = []
        /// Raw `default:` nodes by type name and field name, typed later.
        var defaults: [String: [String: RawDefault]] = [:]
        /// Where each include of a record was written, for errors about it.
        var includeLocations: [String: [String: SourceLocation]] = [:]
        /// The queries, mutations and events, in the order written; `stores`
        /// as written (the builder puts them in order or derives them).
        var operations: [APIOperation] = []
        /// Raw `default:` nodes of arguments by argument name, for each
        /// operation by where its name is (two sections of one file may
        /// declare the same name; the builder reports that).
        var operationDefaults: [SourceLocation: [String: RawDefault]] = [:]
        /// The HTTP routes, in the order written (`RouteReading`).
        var routes: [HTTPRoute] = []
    }

    static let sections = KeyList([
        "spec", "enums", "strings", "records", "inputs", "shared", "unions", "queries", "mutations", "events",
        "routes",
    ])
    static let annotationKeys = KeyList(["doc", "deprecated", "since", "upstream", "renamedFrom", "lint"])
    static let enumKeys = KeyList(["values", "closed", "aliases"]) + annotationKeys
    static let opaqueKeys = KeyList(["values", "emptyIsAbsent"]) + annotationKeys
    static let outputRecordKeys = KeyList(["fields", "include", "oneOf"]) + annotationKeys
    static let inputRecordKeys = KeyList(["fields", "include", "exactlyOne", "atLeastOne", "sameAs"]) + annotationKeys
    /// The record keys that only inputs may have.
    static let inputOnlyRecordKeys: [StaticString] = ["exactlyOne", "atLeastOne", "sameAs"]
    /// The keys of an input that is another type under its own name (`sameAs`).
    static let aliasKeys = KeyList(["sameAs"]) + annotationKeys
    /// The keys of an `exactlyOne` group written as a mapping (a named choice).
    static let choiceKeys = KeyList(["as", "tag", "cases"])
    static let choiceCaseKeys = KeyList(["name", "tag"])
    static let fieldSetKeys = KeyList(["fields"]) + annotationKeys
    static let unionKeys = KeyList(["discriminator", "unknown", "members"]) + annotationKeys
    static let valueKeys = annotationKeys
    static let enumValueKeys = KeyList(["aliases"]) + annotationKeys
    static let specKeys = KeyList(["version", "lint"])
    static let specLintKeys = KeyList(["off", "errors"])
    static let elementLintKeys = KeyList(["off"])
    static let deprecationKeys = KeyList(["reason", "since", "removeIn", "replacement"])
    static let operationKeys = KeyList(["args", "result", "errors", "stores"]) + annotationKeys
    static let eventKeys = KeyList(["args", "payload", "stores"]) + annotationKeys
    static let resultKeys = KeyList(["type", "doc"])

    var reader: NodeReader
    var result = FileDeclarations()
    /// Type expressions parsed so far in this file.
    private var parsedTypes: [String: Result<TypeExpression.Parsed, TypeExpression.Failure>] = [:]

    /// The same document as `reader.document`, kept here too so that each
    /// use is a plain stored property rather than a copy of the reader's.
    let document: YAMLDocument

    private init(_ document: YAMLDocument) {
        self.document = document
        reader = NodeReader(document)
    }

    static func read(_ document: YAMLDocument) -> (FileDeclarations, [Diagnostic]) {
        var me = SpecFileReader(document)
        me.readRoot(document.root)
        return (me.result, me.reader.diagnostics.all)
    }

    private mutating func readRoot(_ root: Node) {
        if document.isEmptyPlain(root), document.tag(of: root) == nil {
            reader.diagnostics.error(
                "empty spec file; expected a mapping of sections (\(Self.sections.names.joined(separator: ", ")))",
                at: reader.location(root))
            return
        }
        guard let pairs = document.mapping(root) else {
            reader.diagnostics.error(
                "expected a mapping of sections (\(Self.sections.names.joined(separator: ", "))), found \(document.kindName(root))",
                at: reader.location(root))
            return
        }
        for (key, _) in pairs {
            // The one section name a GraphQL reader is likely to try.
            if document.scalar(key, is: "subscriptions") {
                reader.diagnostics.error(
                    "unknown key 'subscriptions' in a spec file; GraphQL subscriptions are 'events' here (a store subscription is a type)",
                    at: reader.location(key))
            } else {
                reader.checkKey(key, allowed: Self.sections, in: "a spec file")
            }
        }
        for (key, value) in pairs {
            if document.scalar(key, is: "spec") {
                readSpecHeader(value)
            } else if document.scalar(key, is: "enums") {
                forEachType(value, section: "enums") { me, name, node in me.readEnum(name, node) }
            } else if document.scalar(key, is: "strings") {
                forEachType(value, section: "strings") { me, name, node in me.readOpaque(name, node) }
            } else if document.scalar(key, is: "records") {
                forEachType(value, section: "records") { me, name, node in me.readRecord(name, node, .output) }
            } else if document.scalar(key, is: "inputs") {
                forEachType(value, section: "inputs") { me, name, node in me.readRecord(name, node, .input) }
            } else if document.scalar(key, is: "shared") {
                forEachType(value, section: "shared") { me, name, node in me.readFieldSet(name, node) }
            } else if document.scalar(key, is: "unions") {
                forEachType(value, section: "unions") { me, name, node in me.readUnion(name, node) }
            } else if document.scalar(key, is: "queries") {
                forEachOperation(value, .query)
            } else if document.scalar(key, is: "mutations") {
                forEachOperation(value, .mutation)
            } else if document.scalar(key, is: "events") {
                forEachOperation(value, .event)
            } else if document.scalar(key, is: "routes") {
                forEachRoute(value)
            }
        }
    }

    private mutating func readSpecHeader(_ node: Node) {
        guard let pairs = reader.mapping(node, "'spec'") else { return }
        reader.checkKeys(pairs, allowed: Self.specKeys, in: "'spec'")
        for (key, value) in pairs where document.scalar(key, is: "version") {
            result.writesVersion = true
            if let version = reader.version(value, "'version'") { result.version = (version, reader.location(value)) }
        }
        if let lint = value(pairs, "lint"), let lintPairs = reader.mapping(lint, "'lint' (a mapping with 'off' and 'errors')") {
            reader.checkKeys(lintPairs, allowed: Self.specLintKeys, in: "'lint'")
            var settings = LintSettings()
            if let off = value(lintPairs, "off") { settings.off = Set(lintRuleIDs(off, "'off' of 'lint'")) }
            if let errors = value(lintPairs, "errors") { settings.errors = Set(lintRuleIDs(errors, "'errors' of 'lint'")) }
            result.lint = settings
        }
    }

    /// A list of lint rule ids; an unknown one is an error at its place.
    private mutating func lintRuleIDs(_ node: Node, _ what: String) -> [LintRule.ID] {
        guard let items = reader.stringList(node, "\(what) (lint rule ids)") else { return [] }
        return items.compactMap { text, location in
            if let id = LintRule.ID(rawValue: text) { return id }
            let hint = Suggestions.didYouMean(text, in: LintRules.ids)
            reader.diagnostics.error(
                "unknown lint rule '\(text)' in \(what)\(hint.isEmpty ? "; expected one of: \(LintRules.ids.joined(separator: ", "))" : hint)",
                at: location)
            return nil
        }
    }

    private mutating func forEachType(
        _ node: Node, section: String, _ body: (inout SpecFileReader, (String, SourceLocation), Node) -> Void
    ) {
        if document.isNull(node) { return }
        guard let pairs = reader.mapping(node, "section '\(section)'") else { return }
        for (key, value) in pairs {
            guard let name = reader.string(key, "a type name") else { continue }
            guard reader.withinNameLimit(name, "a type name", at: key) else { continue }
            guard Self.isTypeName(name) else {
                reader.diagnostics.error(
                    "type name '\(name)' must be UpperCamelCase: an ASCII capital letter, then letters and digits",
                    at: reader.location(key))
                continue
            }
            if name == OperationResult.nothingKeyword {
                reader.diagnostics.error(
                    "type name '\(name)' is reserved: 'result: \(name)' says that an operation answers nothing", at: reader.location(key))
                continue
            }
            if Scalar.named(name) != nil || name == "map" {
                reader.diagnostics.error("type name '\(name)' is reserved for a built-in type", at: reader.location(key))
                continue
            }
            body(&self, (name, reader.location(key)), value)
        }
    }

    static func isTypeName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("A"..."Z").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) }
    }

    // MARK: - Shared pieces

    /// The keys of `annotationKeys`, each named as its key and in its order
    /// (a test checks it), so a case's raw value is its key's position there.
    enum AnnotationKey: Int, CaseIterable {
        case doc, deprecated, since, upstream, renamedFrom, lint
    }

    /// Reads doc / deprecated / since / upstream / renamedFrom from a definition mapping.
    mutating func annotations(_ pairs: Pairs) -> Annotations {
        var result = Annotations()
        for (key, value) in pairs {
            if let position = document.position(of: key, in: Self.annotationKeys) {
                readAnnotation(AnnotationKey.allCases[position], value, into: &result)
            }
        }
        return result
    }

    /// A field's annotations, from the values `checkedValues` found for
    /// `fieldKeys`, where the annotation keys follow the `FieldKey` ones.
    /// Fields are most of a spec, and going through a field's pairs once
    /// more to find its annotations cost more than taking them from there.
    /// Each annotation is read on its own, so the order they are read in
    /// only changes the order of their errors, which are at different places
    /// and get sorted by place.
    private mutating func fieldAnnotations(_ keyed: KeyedValues) -> Annotations {
        var result = Annotations()
        for key in AnnotationKey.allCases {
            if let value = keyed[position: FieldKey.allCases.count + key.rawValue] { readAnnotation(key, value, into: &result) }
        }
        return result
    }

    private mutating func readAnnotation(_ key: AnnotationKey, _ value: Node, into result: inout Annotations) {
        switch key {
        case .doc:
            result.doc = reader.string(value, "'doc'")
        case .since:
            result.since = reader.version(value, "'since'")
        case .upstream:
            result.upstream = reader.string(value, "'upstream'")
        case .renamedFrom:
            result.renamedFrom = reader.string(value, "'renamedFrom' (the old name)")
        case .lint:
            guard let pairs = reader.mapping(value, "'lint' (a mapping with 'off')") else { return }
            reader.checkKeys(pairs, allowed: Self.elementLintKeys, in: "'lint'")
            if let off = self.value(pairs, "off") { result.lintOff = lintRuleIDs(off, "'off' of 'lint'") }
        case .deprecated:
            if document.nodes[value].kind == .scalar, document.nodes[value].style == .plain, document.scalar(value, is: "true") {
                result.deprecated = ""
            } else if let pairs = document.mapping(value) {
                readDeprecation(pairs, at: value, into: &result)
            } else {
                result.deprecated = reader.string(value, "'deprecated' (a message saying what to use instead)")
            }
        }
    }

    /// The map form of `deprecated:`: the message is `reason` (empty when
    /// left out), the rest goes to `Annotations.deprecation`. Whether the
    /// replacement exists and `removeIn` comes after `since` needs the whole
    /// spec: `DeprecationCheck` sees to it.
    private mutating func readDeprecation(_ pairs: Pairs, at node: Node, into result: inout Annotations) {
        reader.checkKeys(pairs, allowed: Self.deprecationKeys, in: "'deprecated'")
        var deprecation = Deprecation(location: reader.location(node))
        result.deprecated = value(pairs, "reason").flatMap { reader.string($0, "'reason' of 'deprecated'") } ?? ""
        if let since = value(pairs, "since") { deprecation.since = reader.version(since, "'since' of 'deprecated'") }
        if let removeIn = value(pairs, "removeIn") {
            deprecation.removeIn = reader.version(removeIn, "'removeIn' of 'deprecated' (the spec version that may remove it)")
            deprecation.removeInLocation = reader.location(removeIn)
        }
        if let replacement = value(pairs, "replacement") {
            deprecation.replacement = reader.string(replacement, "'replacement' of 'deprecated' (the element to use instead)")
            deprecation.replacementLocation = reader.location(replacement)
        }
        result.deprecation = deprecation
    }

    func value(_ pairs: Pairs, _ key: StaticString) -> Node? {
        reader.value(pairs, key)
    }

    // MARK: - Enums and opaque strings

    private mutating func readEnum(_ name: (String, SourceLocation), _ node: Node) {
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

    private mutating func readOpaque(_ name: (String, SourceLocation), _ node: Node) {
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
    private mutating func readValues(_ node: Node, owner: String, allowAliases: Bool) -> [EnumValue] {
        var values: [EnumValue] = []
        if let items = document.sequence(node) {
            values.reserveCapacity(items.count)
            for item in items {
                guard let wire = valueText(item, owner: owner) else { continue }
                values.append(EnumValue(wire: wire, location: reader.location(item)))
            }
        } else if let pairs = reader.mapping(node, "'values' of \(owner)") {
            values.reserveCapacity(pairs.count)
            let allowed = allowAliases ? Self.enumValueKeys : Self.valueKeys
            for (key, body) in pairs {
                guard let wire = valueText(key, owner: owner) else { continue }
                var value = EnumValue(wire: wire, location: reader.location(key))
                if document.isNull(body) {
                } else if let text = document.scalar(body) {
                    value.annotations.doc = text
                } else if let inner = reader.mapping(body, "value '\(wire)'") {
                    reader.checkKeys(inner, allowed: allowed, in: "value '\(wire)'")
                    value.annotations = annotations(inner)
                    if let aliases = self.value(inner, "aliases"), let list = reader.stringList(aliases, "'aliases'") {
                        value.aliases = list.map(\.0)
                    }
                }
                values.append(value)
            }
        }
        for value in values where value.wire.isEmpty {
            reader.diagnostics.error("\(owner) has an empty value; wire values must not be empty", at: value.location)
        }
        return values
    }

    /// A wire value is whatever text was written: `null`, `~`, `no` are
    /// values named that way. Only an empty plain scalar is missing.
    private mutating func valueText(_ node: Node, owner: String) -> String? {
        if document.isScalar(node), !document.isEmptyPlain(node), let text = document.scalar(node) {
            return reader.withinNameLimit(text, "a value of \(owner)", at: node) ? text : nil
        }
        reader.diagnostics.error("expected a value of \(owner), found \(document.kindName(node))", at: reader.location(node))
        return nil
    }

    // MARK: - Records, field sets, unions

    private mutating func readRecord(_ name: (String, SourceLocation), _ node: Node, _ direction: RecordDirection) {
        // Built only for a message.
        func what() -> String { "\(direction == .input ? "input" : "record") '\(name.0)'" }
        guard let pairs = reader.mapping(node, what()) else { return }
        if direction == .input {
            if let target = value(pairs, "sameAs") {
                // The keys of an alias are its own.
                readAlias(name, pairs, target: target)
                return
            }
            for pair in pairs {
                if document.scalar(pair.key, is: "oneOf") {
                    reader.diagnostics.error(
                        "'oneOf' is only allowed on output records; an input says which of its fields are alternatives with 'exactlyOne'",
                        at: reader.location(pair.key))
                } else {
                    reader.checkKey(pair.key, allowed: Self.inputRecordKeys, in: what())
                }
            }
        } else {
            for pair in pairs {
                if let key = Self.inputOnlyRecordKeys.first(where: { document.scalar(pair.key, is: $0) }) {
                    reader.diagnostics.error("'\(key)' is only allowed on inputs; \(what()) is an output record", at: reader.location(pair.key))
                } else {
                    reader.checkKey(pair.key, allowed: Self.outputRecordKeys, in: what())
                }
            }
        }
        var record = RecordType(name: name.0, direction: direction, annotations: annotations(pairs), fields: [], location: name.1)
        if let include = value(pairs, "include"), let list = reader.stringList(include, "'include'") {
            record.includes = list.map(\.0)
            result.includeLocations[name.0] = Dictionary(list.map { ($0.0, $0.1) }, uniquingKeysWith: { a, _ in a })
        }
        if let fields = value(pairs, "fields") {
            record.fields = readFields(fields, owner: name.0)
        }
        if direction == .output, let oneOf = value(pairs, "oneOf") {
            record.isOneOf = reader.bool(oneOf, "'oneOf'") ?? false
        }
        // An output's groups have their error above and are not read.
        if direction == .input, let groups = value(pairs, "exactlyOne") {
            record.exactlyOne = readGroups(groups, key: "exactlyOne")
        }
        if direction == .input, let groups = value(pairs, "atLeastOne") {
            record.atLeastOne = readGroups(groups, key: "atLeastOne")
        }
        result.types.append(.record(record))
    }

    /// An input that is a record or union under another name (`sameAs:`):
    /// its annotations and the target's name, and nothing else, since it has
    /// no fields of its own. The target is checked by the validator.
    private mutating func readAlias(_ name: (String, SourceLocation), _ pairs: Pairs, target: Node) {
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
    private mutating func readGroups(_ node: Node, key: String) -> [FieldGroup] {
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
    private mutating func readChoice(_ node: Node) -> FieldGroup? {
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

    private mutating func readFieldSet(_ name: (String, SourceLocation), _ node: Node) {
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
            if document.isScalar(body), !document.isNull(body), let text = document.scalar(body) {
                if let parsed = typeExpression(text, at: body), !isVoid(parsed, at: body, "\(kind.noun) '\(name)'") {
                    fields.append(Field(name: name, type: parsed.type, isRequired: !parsed.isOptional, location: reader.location(key)))
                }
                continue
            }
            guard let inner = reader.mapping(body, "\(kind.noun) '\(name)' (a type expression or a mapping)") else { continue }
            let keyed = reader.checkedValues(inner, allowed: Self.fieldKeys, in: "\(kind.noun) '\(name)'")
            guard let typeNode = keyed[.type] else {
                reader.diagnostics.error("\(kind.noun) '\(name)' needs a 'type'", at: reader.location(key))
                continue
            }
            guard let text = reader.string(typeNode, "'type'"), let parsed = typeExpression(text, at: typeNode),
                !isVoid(parsed, at: typeNode, "\(kind.noun) '\(name)'")
            else { continue }
            // The field goes into the list first and is completed there, so it is never copied.
            fields.append(
                Field(
                    name: name, type: parsed.type, isRequired: !parsed.isOptional, annotations: fieldAnnotations(keyed),
                    location: reader.location(key)))
            let last = fields.count - 1
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

    /// Whether `parsed` is or holds `Void`, which only the result of a query
    /// or mutation may be (and then only alone); reports it for `what`.
    private mutating func isVoid(_ parsed: TypeExpression.Parsed, at node: Node, _ what: String) -> Bool {
        guard parsed.type.namedLeaf == OperationResult.nothingKeyword else { return false }
        reader.diagnostics.error(
            "'\(OperationResult.nothingKeyword)' is only the result of a query or mutation that answers nothing; \(what) needs a type of value",
            at: reader.location(node))
        return true
    }

    /// `positional` and `platform`, which only the arguments of operations
    /// have (the validator checks them against the operation).
    private mutating func readArgumentKeys(_ keyed: KeyedValues, _ pairs: Pairs, of kind: FieldOwner, into field: inout Field) {
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
    private mutating func readStringLimits(_ keyed: KeyedValues, into constraints: inout Constraints) {
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

    private mutating func typeExpression(_ text: String, at node: Node) -> TypeExpression.Parsed? {
        // The same few expressions (`String?`, a type used by many fields)
        // come back again and again; parsing is pure, so each is parsed once.
        let result: Result<TypeExpression.Parsed, TypeExpression.Failure>
        if let known = parsedTypes[text] {
            result = known
        } else {
            result = TypeExpression.parse(text)
            parsedTypes[text] = result
        }
        switch result {
        case let .success(parsed): return parsed
        case let .failure(.invalid(message, offset)):
            // Point inside plain scalars, where columns map one to one.
            var location = reader.location(node)
            if document.nodes[node].style == .plain { location.column += offset }
            reader.diagnostics.error("invalid type '\(text)': \(message)", at: location)
            return nil
        }
    }

    private mutating func readUnion(_ name: (String, SourceLocation), _ node: Node) {
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

extension SpecFileReader {
    // MARK: - Operations

    /// Reads the operations of a `queries`, `mutations` or `events` section.
    private mutating func forEachOperation(_ node: Node, _ kind: OperationKind) {
        if document.isNull(node) { return }
        guard let pairs = reader.mapping(node, "section '\(kind.sectionName)'") else { return }
        for (key, value) in pairs {
            guard let name = reader.wireName(key, "a \(kind.rawValue) name") else { continue }
            if let problem = OperationNames.problem(name, what: kind.rawValue) {
                reader.diagnostics.error(problem, at: reader.location(key))
                continue
            }
            readOperation((name, reader.location(key)), kind, value)
        }
    }

    private mutating func readOperation(_ name: (String, SourceLocation), _ kind: OperationKind, _ node: Node) {
        func what() -> String { "\(kind.rawValue) '\(name.0)'" }
        guard let pairs = reader.mapping(node, what()) else { return }
        reader.checkKeys(pairs, allowed: kind == .event ? Self.eventKeys : Self.operationKeys, in: what())
        var arguments: [Field] = []
        if let args = value(pairs, "args") {
            arguments = readFields(args, owner: name.0, of: .operation(at: name.1))
        }
        var answer: OperationResult?
        let resultKey = kind == .event ? "payload" : "result"
        if let node = kind == .event ? value(pairs, "payload") : value(pairs, "result") {
            answer = readResult(node, key: resultKey, kind: kind)
        } else if kind == .event {
            reader.diagnostics.error("\(what()) needs a 'payload', the type it delivers", at: name.1)
        } else {
            reader.diagnostics.error(
                "\(what()) needs a 'result'; one with nothing to return answers '\(OperationResult.nothingKeyword)'", at: name.1)
        }
        var failures: [OperationFailure] = []
        if let errors = value(pairs, "errors") { failures = readFailures(errors, owner: what()) }
        var stores: [OperationStore]?
        if let list = value(pairs, "stores") { stores = readStores(list, owner: what()) }
        // Without a result there is no operation; its other problems are reported all the same.
        guard let answer else { return }
        result.operations.append(
            APIOperation(
                name: name.0, kind: kind, annotations: annotations(pairs), arguments: arguments, result: answer,
                errors: failures, stores: stores ?? [], declaresStores: stores != nil, location: name.1))
    }

    /// A `result:` or `payload:`: a type expression, or a mapping with `type` and `doc`.
    private mutating func readResult(_ node: Node, key: String, kind: OperationKind) -> OperationResult? {
        var doc: String?
        var typeNode = node
        if !document.isScalar(node) || document.isNull(node) {
            guard let inner = reader.mapping(node, "'\(key)' (a type expression or a mapping)") else { return nil }
            let keyed = reader.checkedValues(inner, allowed: Self.resultKeys, in: "'\(key)'")
            if let docNode = keyed[position: 1] { doc = reader.string(docNode, "'doc'") }
            guard let type = keyed[position: 0] else {
                reader.diagnostics.error("'\(key)' needs a 'type'", at: reader.location(node))
                return nil
            }
            typeNode = type
        }
        guard let text = reader.string(typeNode, "'\(key)'"), let parsed = typeExpression(text, at: typeNode) else { return nil }
        let location = reader.location(typeNode)
        let void = OperationResult.nothingKeyword
        if parsed.type.namedLeaf == void {
            if kind == .event {
                reader.diagnostics.error(
                    "an event's payload cannot be '\(void)': an event is only delivered with a value; name the type it delivers", at: location)
            } else if parsed.type != .named(void) {
                reader.diagnostics.error(
                    "'\(void)' answers nothing and cannot be in a list or a map; write '\(void)' alone, or a type of value", at: location)
            } else if parsed.isOptional {
                reader.diagnostics.error("'\(void)?' is not a result: '\(void)' answers nothing, which cannot be null; write '\(void)'", at: location)
            } else {
                return OperationResult(answer: .nothing, doc: doc, location: location)
            }
            return nil
        }
        if kind == .event && parsed.isOptional {
            reader.diagnostics.error(
                "an event's payload cannot be optional: an event is only delivered with a value; write '\(parsed.type)'",
                at: reader.location(typeNode))
        }
        return OperationResult(type: parsed.type, isRequired: !parsed.isOptional, doc: doc, location: location)
    }

    /// `errors:`, a mapping of `ErrorCode` values to one-line reasons.
    private mutating func readFailures(_ node: Node, owner: @autoclosure () -> String) -> [OperationFailure] {
        guard let pairs = reader.mapping(node, "'errors' of \(owner()) (error code: reason)") else { return [] }
        var failures: [OperationFailure] = []
        for (key, value) in pairs {
            guard let code = reader.wireName(key, "an error code") else { continue }
            if document.isNull(value) || document.scalar(value)?.allSatisfy(\.isWhitespace) == true {
                reader.diagnostics.error(
                    "error '\(code)' of \(owner()) needs a reason: one line saying when the operation fails so",
                    at: reader.location(key))
                continue
            }
            guard let reason = reader.string(value, "the reason of error '\(code)'") else { continue }
            if reason.contains(where: \.isNewline) {
                reader.diagnostics.error("the reason of error '\(code)' of \(owner()) must be one line", at: reader.location(value))
                continue
            }
            failures.append(OperationFailure(code: code, reason: reason, location: reader.location(key)))
        }
        return failures
    }

    /// `stores:`, a list of `IapStore` values (or a single one), as written.
    private mutating func readStores(_ node: Node, owner: @autoclosure () -> String) -> [OperationStore] {
        guard let list = reader.stringList(node, "'stores' of \(owner())") else { return [] }
        if list.isEmpty {
            reader.diagnostics.error(
                "'stores' of \(owner()) is empty; list the stores that implement it, or leave 'stores' out for every store its name allows",
                at: reader.location(node))
        }
        return list.map { OperationStore(store: $0.0, location: $0.1) }
    }
}

extension KeyedValues {
    /// The value of one of a field's keys.
    subscript(key: SpecFileReader.FieldKey) -> YAMLDocument.NodeID? { self[position: key.rawValue] }
}
