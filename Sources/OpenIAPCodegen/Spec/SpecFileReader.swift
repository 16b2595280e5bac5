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
        /// A `version` was written, valid or not; an invalid one has its own
        /// error and is not reported missing as well.
        var writesVersion = false
        var types: [NamedType] = []
        /// Raw `default:` nodes by type name and field name, typed later.
        var defaults: [String: [String: RawDefault]] = [:]
        /// Where each include of a record was written, for errors about it.
        var includeLocations: [String: [String: SourceLocation]] = [:]
    }

    static let sections = KeyList(["spec", "enums", "strings", "records", "inputs", "shared", "unions"])
    static let annotationKeys = KeyList(["doc", "deprecated", "since", "upstream"])
    static let enumKeys = KeyList(["values", "closed", "aliases"]) + annotationKeys
    static let opaqueKeys = KeyList(["values", "emptyIsAbsent"]) + annotationKeys
    static let outputRecordKeys = KeyList(["fields", "include"]) + annotationKeys
    static let inputRecordKeys = KeyList(["fields", "include", "exactlyOne"]) + annotationKeys
    static let fieldSetKeys = KeyList(["fields"]) + annotationKeys
    static let unionKeys = KeyList(["discriminator", "unknown", "members"]) + annotationKeys
    static let valueKeys = annotationKeys
    static let enumValueKeys = KeyList(["aliases"]) + annotationKeys
    static let specKeys = KeyList(["version"])

    var reader: NodeReader
    var result = FileDeclarations()
    /// Type expressions parsed so far in this file.
    private var parsedTypes: [String: Result<TypeExpression.Parsed, TypeExpression.Failure>] = [:]

    /// The same document as `reader.document`, kept here too so that each
    /// use is a plain stored property rather than a copy of the reader's.
    private let document: YAMLDocument

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
        reader.checkKeys(pairs, allowed: Self.sections, in: "a spec file")
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
            if Scalar.named(name) != nil || name == "map" {
                reader.diagnostics.error("type name '\(name)' is reserved for a built-in type", at: reader.location(key))
                continue
            }
            if let problem = SwiftNames.typeNameProblem(name) ?? KotlinNames.typeNameProblem(name) {
                reader.diagnostics.error(problem, at: reader.location(key))
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
        case doc, deprecated, since, upstream
    }

    /// Reads doc / deprecated / since / upstream from a definition mapping.
    private mutating func annotations(_ pairs: Pairs) -> Annotations {
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
        case .deprecated:
            if document.nodes[value].kind == .scalar, document.nodes[value].style == .plain, document.scalar(value, is: "true") {
                result.deprecated = ""
            } else {
                result.deprecated = reader.string(value, "'deprecated' (a message saying what to use instead)")
            }
        }
    }

    private func value(_ pairs: Pairs, _ key: StaticString) -> Node? {
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
            reader.checkKeys(pairs, allowed: Self.inputRecordKeys, in: what())
        } else {
            if let key = pairs.first(where: { document.scalar($0.key, is: "exactlyOne") })?.key {
                reader.diagnostics.error("'exactlyOne' is only allowed on inputs; \(what()) is an output record", at: reader.location(key))
                // The other keys are checked as usual.
                for pair in pairs where !document.scalar(pair.key, is: "exactlyOne") {
                    reader.checkKey(pair.key, allowed: Self.outputRecordKeys, in: what())
                }
            } else {
                reader.checkKeys(pairs, allowed: Self.outputRecordKeys, in: what())
            }
        }
        var record = RecordType(name: name.0, direction: direction, annotations: annotations(pairs), fields: [], location: name.1)
        if let include = value(pairs, "include"), let list = reader.stringList(include, "'include'") {
            record.includes = list.map(\.0)
            result.includeLocations[name.0] = Dictionary(list.map { ($0.0, $0.1) }, uniquingKeysWith: { a, _ in a })
        }
        if let fields = value(pairs, "fields") {
            record.fields = readFields(fields, owner: name.0, direction: direction)
        }
        if let groups = value(pairs, "exactlyOne") {
            record.exactlyOne = readGroups(groups)
        }
        result.types.append(.record(record))
    }

    private mutating func readGroups(_ node: Node) -> [ExactlyOneGroup] {
        guard let items = document.sequence(node) else {
            reader.diagnostics.error("expected a list of field names for 'exactlyOne', found \(document.kindName(node))", at: reader.location(node))
            return []
        }
        if items.allSatisfy({ document.sequence($0) != nil }) {
            return items.compactMap { item in
                reader.stringList(item, "'exactlyOne'").map { ExactlyOneGroup(fields: $0.map(\.0), location: reader.location(item)) }
            }
        }
        return reader.stringList(node, "'exactlyOne'").map { [ExactlyOneGroup(fields: $0.map(\.0), location: reader.location(node))] } ?? []
    }

    private mutating func readFieldSet(_ name: (String, SourceLocation), _ node: Node) {
        guard let pairs = reader.mapping(node, "shared field set '\(name.0)'") else { return }
        reader.checkKeys(pairs, allowed: Self.fieldSetKeys, in: "shared field set '\(name.0)'")
        var set = FieldSet(name: name.0, annotations: annotations(pairs), fields: [], location: name.1)
        if let fields = value(pairs, "fields") {
            set.fields = readFields(fields, owner: name.0, direction: .output)
        }
        result.types.append(.fieldSet(set))
    }

    /// The keys of a field's mapping besides its annotations. Each case is
    /// named as its key, and `fieldKeys` lists them in this order (a test
    /// checks it), so a case's raw value is its key's position there.
    enum FieldKey: Int, CaseIterable {
        case type, `default`, degrade, maxBytes, min, max
    }

    static let fieldKeys = KeyList(["type", "default", "degrade", "maxBytes", "min", "max"]) + annotationKeys

    private mutating func readFields(_ node: Node, owner: String, direction: RecordDirection) -> [Field] {
        if document.isNull(node) { return [] }
        guard let pairs = reader.mapping(node, "'fields' of '\(owner)'") else { return [] }
        var fields: [Field] = []
        fields.reserveCapacity(pairs.count)
        for (key, body) in pairs {
            guard let name = reader.wireName(key, "a field name") else { continue }
            if document.isScalar(body), !document.isNull(body), let text = document.scalar(body) {
                if let parsed = typeExpression(text, at: body) {
                    fields.append(Field(name: name, type: parsed.type, isRequired: !parsed.isOptional, location: reader.location(key)))
                }
                continue
            }
            guard let inner = reader.mapping(body, "field '\(name)' (a type expression or a mapping)") else { continue }
            let keyed = reader.checkedValues(inner, allowed: Self.fieldKeys, in: "field '\(name)'")
            guard let typeNode = keyed[.type] else {
                reader.diagnostics.error("field '\(name)' needs a 'type'", at: reader.location(key))
                continue
            }
            guard let text = reader.string(typeNode, "'type'"), let parsed = typeExpression(text, at: typeNode) else { continue }
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
            if let defaultNode = keyed[.default] {
                // Only the default's own nodes are kept, so the file's document can go once it is read.
                let extracted = document.extract(defaultNode)
                result.defaults[owner, default: [:]][name] = RawDefault(document: extracted, node: extracted.root)
            }
        }
        return fields
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

extension KeyedValues {
    /// The value of one of a field's keys.
    subscript(key: SpecFileReader.FieldKey) -> YAMLDocument.NodeID? { self[position: key.rawValue] }
}
