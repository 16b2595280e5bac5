import OpenIAPSpec
import OpenIAPTemplates

/// Builds the template contexts of the Swift target. Every Swift-specific
/// decision (names, escaping, decode and encode calls, validation code) is
/// made here; templates only place the results.
struct SwiftViewModel {
    let spec: Spec
    /// Types that contain themselves by value; unions among them are `indirect`.
    let onContainmentCycle: Set<String>
    /// What a field that names a type needs to know about it, per position
    /// in `spec.types`.
    let traits: [Traits]
    /// Per position in `spec.types`: where the record there has its fields'
    /// entries in `leaves` (unused for other kinds of types).
    let firstLeaf: [Int32]
    /// Per field of every record, records in spec order: the position of
    /// the type its type names at the bottom of lists and maps, or -1.
    ///
    /// Every such name is looked up once, here, while the validating types
    /// are worked out; rendering a field then reads its type's traits by
    /// position instead of hashing the name again (once for how it decodes
    /// and once more for whether it validates).
    let leaves: [Int32]
    /// Per position in `spec.types`: the type of an optional field that
    /// names the type there (its name and a `?`), made once for all such
    /// fields; empty for a type no optional field names directly.
    let optionalNames: [String]
    /// The discriminator values records always have (`Spec.impliedTagValues`):
    /// their initializers default those fields to them.
    let impliedTags: [String: [String: String]]
    /// The records each union resolves to (`Spec.flattenedMemberNames()`).
    let unionRecords: [String: [String]]
    /// The field sets each union conforms to (`unionInterfaces`).
    let unionInterfaces: [String: [Int]]
    /// The position of the type Swift declares under another name
    /// (`SwiftTarget.renamedPosition`), if any.
    let renamed: Int?

    /// Facts about a type that the fields naming it depend on.
    struct Traits: OptionSet {
        let rawValue: UInt8
        /// Its `validate()` has something to check, directly or in a nested
        /// value: records with constraints or exactly-one groups, and every
        /// record and union that contains one.
        static let validates = Traits(rawValue: 1 << 0)
        /// An open enum or opaque string: a type whose generated `Codable`
        /// conformance is exactly "a JSON string, wrapped by
        /// `init(rawValue:)`, written back as `rawValue`" (see
        /// `NamedFieldType`). Closed enums are not among them: they reject
        /// unknown values with their own message.
        static let stringWrapper = Traits(rawValue: 1 << 1)
        /// An opaque string that reads an empty string as absent.
        static let emptyIsAbsent = Traits(rawValue: 1 << 2)
        static let opaque = Traits(rawValue: 1 << 3)
    }

    init(spec: Spec) {
        self.spec = spec
        self.onContainmentCycle = spec.containment.onCycle
        let tables = Self.tables(spec)
        traits = tables.traits
        firstLeaf = tables.firstLeaf
        leaves = tables.leaves
        optionalNames = tables.optionalNames
        impliedTags = spec.impliedTagValues
        unionRecords = spec.flattenedMemberNames()
        unionInterfaces = Self.unionInterfaces(spec, unionRecords: unionRecords)
        renamed = SwiftTarget.renamedPosition(spec)
    }

    /// The traits of every type, and the leaf position of every record
    /// field, in one pass over the spec.
    ///
    /// Which types validate is what the shared layer's `ValidatingTypes`
    /// says, worked out here by position: the pass looks every field's
    /// type up anyway, and who contains whom by position needs no
    /// dictionary of names (one hash and one array per field there).
    static func tables(_ spec: Spec) -> (traits: [Traits], firstLeaf: [Int32], leaves: [Int32], optionalNames: [String]) {
        let count = spec.types.count
        var traits = [Traits](repeating: [], count: count)
        var firstLeaf = [Int32](repeating: 0, count: count)
        var leaves: [Int32] = []
        var optionalNames = [String](repeating: "", count: count)
        // Per position: the positions of the records, unions and aliases
        // that contain the type there; and the records that validate by
        // themselves.
        var containers = [[Int32]](repeating: [], count: count)
        var pending: [Int32] = []
        for position in 0..<count {
            let container = Int32(position)
            switch spec.types[position] {
            case let .enumeration(e):
                if !e.isClosed { traits[position] = .stringWrapper }
            case let .opaqueString(s):
                traits[position] = s.emptyIsAbsent ? [.stringWrapper, .opaque, .emptyIsAbsent] : [.stringWrapper, .opaque]
            case let .record(r):
                firstLeaf[position] = Int32(leaves.count)
                var constrained = !r.exactlyOne.isEmpty || !r.atLeastOne.isEmpty
                // By index, reading only each field's type: a `for field in`
                // loop copies every field.
                for index in r.fields.indices {
                    if !constrained, !r.fields[index].constraints.isEmpty { constrained = true }
                    var leaf: Int32 = -1
                    if let name = r.fields[index].type.namedLeaf, let contained = spec.position(of: name) {
                        leaf = Int32(contained)
                        containers[contained].append(container)
                        if !r.fields[index].isRequired, case .named = r.fields[index].type, optionalNames[contained].isEmpty {
                            optionalNames[contained] = SwiftTypeMapping.swiftType(r.fields[index].type) + "?"
                        }
                    }
                    leaves.append(leaf)
                }
                if constrained { pending.append(container) }
            case let .union(u):
                for index in u.members.indices {
                    if let member = spec.position(of: u.members[index].typeName) { containers[member].append(container) }
                }
            case let .alias(a):
                // The same type: it validates when its target does.
                if let target = spec.position(of: a.target) { containers[target].append(container) }
            case .fieldSet:
                break
            }
        }
        while let position = pending.popLast() {
            guard !traits[Int(position)].contains(.validates) else { continue }
            traits[Int(position)].insert(.validates)
            pending.append(contentsOf: containers[Int(position)])
        }
        return (traits, firstLeaf, leaves, optionalNames)
    }

    /// The traits of the type at `position` in `spec.types`; none for -1.
    func traits(at position: Int32) -> Traits {
        position < 0 ? [] : traits[Int(position)]
    }

    /// Records and unions by name, for `OpenIAPTypeRegistry`, and each
    /// alias under its own name, an entry for the very type it stands for;
    /// a renamed record (`OpenIAPVoidResult`) under its spec name.
    /// The entries of the types that are not deprecated (`current`) and of
    /// those that are (`deprecated`): the registry lists the deprecated
    /// ones apart, where naming them does not warn. `anyDeprecated` says
    /// whether any type of the spec is deprecated, of whatever kind.
    ///
    /// One pass over the types gives all three: each type's annotations are
    /// a copy, worth reading once.
    func registryEntries() -> (current: [TemplateValue], deprecated: [TemplateValue], anyDeprecated: Bool) {
        var current: [TemplateValue] = []
        var deprecated: [TemplateValue] = []
        var anyDeprecated = false
        for position in spec.types.indices {
            let isDeprecated = spec.types[position].annotations.deprecated != nil
            anyDeprecated = anyDeprecated || isDeprecated
            switch spec.types[position] {
            case .record, .union, .alias:
                let name = spec.types[position].name
                let entry = Self.registryEntry(name, type: position == renamed ? SwiftTarget.renamedVoidResult : name)
                if isDeprecated { deprecated.append(entry) } else { current.append(entry) }
            default: break
            }
        }
        return (current, deprecated, anyDeprecated)
    }

    /// The registry entry of the generated type `name`, which is also its
    /// key.
    static func registryEntry(_ name: String, type: String? = nil) -> TemplateValue {
        var entry = TemplateObject(keys: Self.registryKeys)
        entry.append(Key.key, .string(SwiftEscaping.stringLiteral(name)))
        entry.append(Key.type, .string(type ?? name))
        return .object(entry)
    }

    /// Every type's object has the kind flags, its name, docs and
    /// deprecation, and then what its kind adds. `position` is the type's
    /// place in `spec.types`, where its traits are kept; `names` are its
    /// members' Swift names as `SwiftNameCheck` worked them out when the
    /// spec was loaded (`SwiftNameCheck.Outcome.members`).
    func context(at position: Int, names: [String]) -> TemplateValue {
        var object = TemplateObject()
        func start(_ kind: TemplateKey, _ keys: [TemplateKey], _ name: String, _ annotations: Annotations) {
            object = typeObject(kind, keys, name, annotations)
            object.append(Key.oldNames, .list(oldNameDeclarations(of: spec.types[position])))
        }
        switch spec.types[position] {
        case let .enumeration(e):
            start(e.isClosed ? Key.isClosedEnum : Key.isEnum, Self.enumKeys, e.name, e.annotations)
            addEnum(e, names: names, to: &object)
        case let .opaqueString(s):
            start(Key.isOpaque, Self.opaqueKeys, s.name, s.annotations)
            addOpaque(s, names: names, to: &object)
        case let .record(r) where r.isOneOf:
            start(Key.isOneOf, Self.oneOfKeys, r.name, r.annotations)
            addOneOf(r, at: position, names: names, to: &object)
        case var .record(r) where position == renamed:
            // `VoidResult` is `Void` in Swift; the record keeps its wire form
            // under the runtime's prefix.
            let doc = "The spec's `\(r.name)` record, as a bridge reads and writes it: `\(r.name)` itself is `Void` in Swift, as upstream declares it."
            r.annotations.doc = [doc, r.annotations.doc].compactMap { $0 }.joined(separator: "\n\n")
            start(Key.isRecord, Self.recordKeys, SwiftTarget.renamedVoidResult, r.annotations)
            addRecord(r, at: position, names: names, to: &object)
        case let .record(r):
            start(Key.isRecord, Self.recordKeys, r.name, r.annotations)
            addRecord(r, at: position, names: names, to: &object)
        case let .fieldSet(s):
            start(Key.isFieldSet, Self.fieldSetKeys, s.name, s.annotations)
            var requirements: [TemplateValue] = []
            requirements.reserveCapacity(s.fields.count)
            for index in s.fields.indices { requirements.append(requirementContext(s.fields[index], owner: s.name)) }
            object.append(Key.requirements, .list(requirements))
        case let .union(u):
            start(Key.isUnion, Self.unionKeys, u.name, u.annotations)
            addUnion(u, at: position, to: &object)
        case let .alias(a):
            // `public typealias PurchaseInput = Purchase`: the very type.
            start(Key.isAlias, Self.aliasKeys, a.name, a.annotations)
            object.append(Key.target, .string(a.target))
        }
        return .object(object)
    }

    /// A type's object with what every kind has: the kind flags, its name,
    /// docs and deprecation.
    func typeObject(_ kind: TemplateKey, _ keys: [TemplateKey], _ name: String, _ annotations: Annotations) -> TemplateObject {
        var object = TemplateObject(keys: keys)
        object.append(Key.isEnum, .bool(kind == Key.isEnum))
        object.append(Key.isClosedEnum, .bool(kind == Key.isClosedEnum))
        object.append(Key.isOpaque, .bool(kind == Key.isOpaque))
        object.append(Key.isRecord, .bool(kind == Key.isRecord))
        object.append(Key.isUnion, .bool(kind == Key.isUnion))
        object.append(Key.isFieldSet, .bool(kind == Key.isFieldSet))
        object.append(Key.isAlias, .bool(kind == Key.isAlias))
        object.append(Key.isOneOf, .bool(kind == Key.isOneOf))
        object.append(Key.name, .string(name))
        object.append(Key.docLines, docLines(annotations.doc))
        object.append(Key.deprecation, deprecationContext(annotations))
        return object
    }

    func requirementContext(_ field: Field, owner: String) -> TemplateValue {
        var object = TemplateObject(keys: Self.requirementKeys)
        object.append(Key.docLines, docLines(field.annotations.doc))
        object.append(Key.deprecation, deprecationContext(field.annotations, owner: owner))
        object.append(Key.property, .string(SwiftNames.escaped(SwiftNames.name(field.name, in: .property))))
        object.append(Key.type, .string(SwiftTypeMapping.swiftType(of: field)))
        return .object(object)
    }

    // MARK: - Small helpers

    /// The `deprecation` member of an element deprecated with `message`
    /// (nil when it is not): false, or what the partial `markDeprecated.tmpl`
    /// writes the `@available` attribute from: `renamed` (the name the
    /// compiler offers instead) and `message`, each a Swift string literal
    /// or empty when there is none.
    func deprecationContext(_ message: String?, renamed: String? = nil) -> TemplateValue {
        guard let message else { return .bool(false) }
        return [
            "renamed": .string(renamed.map(SwiftEscaping.stringLiteral) ?? ""),
            "message": .string(message.isEmpty ? "" : SwiftEscaping.stringLiteral(message)),
        ]
    }

    /// `SwiftEscaping.docTexts`, as the value of `docLines`.
    func docLines(_ doc: String?) -> TemplateValue {
        var lines = DocLineList()
        lines.append(doc)
        return lines.value
    }
}

extension DocLineList {
    /// Adds the lines of `doc` as the texts of Swift doc comment lines
    /// (see `SwiftEscaping.forEachDocText`): the templates write the `///`
    /// before each, so a doc of one short line is that very string, not
    /// a copy with a prefix. The Swift view model and `SwiftOperations`
    /// use it; a line added with `append(line:)` is a text too, empty for
    /// a blank line.
    mutating func append(_ doc: String?) {
        SwiftEscaping.forEachDocText(doc) { append(line: String($0)) }
    }
}
