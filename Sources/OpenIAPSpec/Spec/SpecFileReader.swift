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
        /// Where each include of a record was written, for errors about it:
        /// the names as listed, each with its place (a list, not a
        /// dictionary: it is only searched when there is an error).
        var includeLocations: [String: [(String, SourceLocation)]] = [:]
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

    mutating func readRoot(_ root: Node) {
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

    mutating func readSpecHeader(_ node: Node) {
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
    mutating func lintRuleIDs(_ node: Node, _ what: String) -> [LintRule.ID] {
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

    mutating func forEachType(
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
        // By UTF-8 bytes, cheaper to go through than scalars: text outside
        // ASCII has no byte in these ranges, so the answer is the same.
        guard let first = name.utf8.first, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first) else { return false }
        return name.utf8.allSatisfy {
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
        }
    }

    // MARK: - Shared pieces

    /// The keys of `annotationKeys`, each named as its key and in its order
    /// (a test checks it), so a case's raw value is its key's position there.
    enum AnnotationKey: Int, CaseIterable {
        case doc, deprecated, since, upstream, renamedFrom, lint
    }

    static let annotationKeyCount = AnnotationKey.allCases.count
    static let fieldKeyCount = FieldKey.allCases.count

    /// Reads doc / deprecated / since / upstream / renamedFrom from a definition mapping.
    mutating func annotations(_ pairs: Pairs) -> Annotations {
        var result = Annotations()
        for (key, value) in pairs {
            if let position = document.position(of: key, in: Self.annotationKeys) {
                // By raw value: `allCases` is an array made at each use.
                if let annotation = AnnotationKey(rawValue: position) { readAnnotation(annotation, value, into: &result) }
            }
        }
        return result
    }

    /// Reads a field's annotations into `result` (the field's own, in
    /// place), from the values `checkedValues` found for `fieldKeys`, where
    /// the annotation keys follow the `FieldKey` ones.
    /// Fields are most of a spec, and going through a field's pairs once
    /// more to find its annotations cost more than taking them from there.
    /// Each annotation is read on its own, so the order they are read in
    /// only changes the order of their errors, which are at different places
    /// and get sorted by place.
    mutating func readFieldAnnotations(_ keyed: KeyedValues, into result: inout Annotations) {
        readAnnotations(keyed, after: Self.fieldKeyCount, into: &result)
    }

    /// Reads the annotations among `keyed`, the values found for a key
    /// list whose annotation keys follow its first `count` keys.
    mutating func readAnnotations(_ keyed: KeyedValues, after count: Int, into result: inout Annotations) {
        // By raw value, with the count of the other keys worked out once:
        // `allCases` is an array made at each use, which was twice per
        // annotation key and field.
        for rawValue in 0..<Self.annotationKeyCount {
            guard let value = keyed[position: count + rawValue], let key = AnnotationKey(rawValue: rawValue) else { continue }
            readAnnotation(key, value, into: &result)
        }
    }

    mutating func readAnnotation(_ key: AnnotationKey, _ value: Node, into result: inout Annotations) {
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
    mutating func readDeprecation(_ pairs: Pairs, at node: Node, into result: inout Annotations) {
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

    /// The type expression written at `node`: `typeExpression(text, at:
    /// node)` of `reader.string(node, what())`. The usual expression
    /// (`TypeExpression.simple`) is read from the node's bytes, without
    /// making its text to look it up (which cost more than reading it).
    mutating func typeExpression(at node: Node, _ what: @autoclosure () -> String) -> TypeExpression.Parsed? {
        if !document.isNull(node), let parsed = TypeExpression.simple(document.bytes(of: node)) { return parsed }
        guard let text = reader.string(node, what()) else { return nil }
        return typeExpression(text, at: node)
    }

    mutating func typeExpression(_ text: String, at node: Node) -> TypeExpression.Parsed? {
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
}
