import OpenIAPSpec
import OpenIAPTemplates

/// Builds the template contexts of the Kotlin target. Every Kotlin decision
/// (names, escaping, types, the decode, encode, equality and validation
/// code) is made here; templates only place the results.
///
/// The code composed here follows a few rules that keep it compiling with
/// warnings as errors whatever the spec says: properties are always read
/// as `this.name` (a field may be called `other`, `path` or `json`); the
/// lambdas of nested lists and maps number their parameters by depth
/// (`v1`, `p1`), so none shadows another; every spec text reaches the
/// source through `KotlinNames`.
struct KotlinViewModel {
    let spec: Spec
    /// Names of the records and unions whose `validate` has something to
    /// check, directly or in a value they contain.
    let validating: Set<String>
    /// What the code that reads and writes a field needs to know about the
    /// type it names, by type name, found once per spec.
    let kinds: [String: NamedKind]
    /// The target of every alias by the alias's name (usually none): code
    /// that calls a type's companion (`fromJsonValue`) names the target, as
    /// does the registry.
    let aliasTargets: [String: String]
    /// The package the files declare (`--kotlin-package`).
    let packageName: String
    /// How each union is shaped (supertype of its records, or wrappers).
    let shapes: KotlinUnionShapes
    /// The discriminator values records default to (`Spec.impliedTagValues`).
    let impliedTags: [String: [String: String]]
    /// The records each union resolves to (`Spec.flattenedMemberNames()`).
    let unionRecords: [String: [String]]

    enum NamedKind {
        /// A closed enum, an open enum or an opaque string: a JSON string,
        /// written as its `rawValue`.
        case string
        /// An opaque string that reads an empty string as absent.
        case emptyIsAbsentString
        /// A record or a union: a JSON object, written by `toJsonValue()`.
        case object
    }

    init(spec: Spec, packageName: String = KotlinNames.defaultPackageName, shapes: KotlinUnionShapes? = nil) {
        self.spec = spec
        self.packageName = packageName
        self.shapes = shapes ?? KotlinUnionShapes(spec)
        self.impliedTags = spec.impliedTagValues
        self.unionRecords = spec.flattenedMemberNames()
        self.validating = ValidatingTypes.names(in: spec)
        var kinds: [String: NamedKind] = [:]
        var aliasTargets: [String: String] = [:]
        kinds.reserveCapacity(spec.types.count)
        for type in spec.types {
            switch type {
            case .enumeration: kinds[type.name] = .string
            case let .opaqueString(s): kinds[type.name] = s.emptyIsAbsent ? .emptyIsAbsentString : .string
            case .record, .union, .fieldSet: kinds[type.name] = .object
            // The validator lets an alias stand for records and unions alone.
            case let .alias(a):
                kinds[type.name] = .object
                aliasTargets[a.name] = a.target
            }
        }
        self.kinds = kinds
        self.aliasTargets = aliasTargets
    }

    /// Records and unions by spec name, for `OpenIAPTypeRegistry` (an alias
    /// under its own name, for the type it stands for), then the types named
    /// `operationTypes` (those generated for operations).
    func registryEntries(operationTypes: [String] = []) -> [TemplateValue] {
        func entry(_ name: String, type: String? = nil) -> TemplateValue {
            var entry = TemplateObject(keys: Self.registryKeys)
            entry.append(Key.key, .string(KotlinNames.stringLiteral(name)))
            entry.append(Key.type, .string(KotlinNames.typeName(type ?? name)))
            return .object(entry)
        }
        return spec.types.compactMap { type in
            switch type {
            case .record, .union: entry(type.name)
            case let .alias(a): entry(a.name, type: a.target)
            default: nil
            }
        } + operationTypes.map { entry($0) }
    }

    /// The type whose companion reads values of the type `name`: an alias's
    /// target, any other type itself.
    func companion(_ name: String) -> String {
        KotlinNames.typeName(aliasTargets.isEmpty ? name : aliasTargets[name] ?? name)
    }

    /// Every type's object has the kind flags, its name, docs and
    /// deprecation, and then what its kind adds. `names` are its members'
    /// names as `KotlinNameCheck` worked them out, and found writable, when
    /// the spec was loaded (`KotlinNameCheck.Outcome`).
    func context(at position: Int, names: KotlinMemberNames) -> TemplateValue {
        context(of: spec.types[position], names: names)
    }

    /// The context of an operation's arguments record
    /// (`APIOperation.argumentsRecord`), made as any input record's; no
    /// other record holds it, so it validates when it checks something
    /// itself or holds a value that validates.
    func argumentsContext(_ record: RecordType) -> TemplateValue {
        context(of: .record(record), names: KotlinMemberNames(.record(record)))
    }

    /// Whether `validate` of a value of `type` (a field's, a result's, a
    /// payload's) has something to check.
    func validates(_ type: TypeRef) -> Bool {
        type.namedLeaf.map(validating.contains) ?? false
    }

    func context(of type: NamedType, names: KotlinMemberNames) -> TemplateValue {
        var object = TemplateObject()
        func start(_ kind: TemplateKey, _ keys: [TemplateKey]) {
            object = TemplateObject(keys: keys)
            for flag in Self.kindFlags { object.append(flag, .bool(flag == kind)) }
            object.append(Key.name, .string(KotlinNames.typeName(type.name)))
            addDocs(type.annotations.doc, to: &object)
            object.append(Key.deprecation, .string(deprecation(type.annotations)))
            object.append(Key.oldNames, .list(KotlinDeprecation.oldNameDeclarations(of: type)))
        }
        switch type {
        case let .enumeration(e):
            start(e.isClosed ? Key.isClosedEnum : Key.isEnum, Self.enumKeys)
            addEnum(e, names: names, to: &object)
        case let .opaqueString(s):
            start(Key.isOpaque, Self.opaqueKeys)
            addOpaque(s, names: names, to: &object)
        case let .record(r) where r.isOneOf:
            start(Key.isOneOf, Self.oneOfKeys)
            addOneOf(r, names: names, to: &object)
        case let .record(r):
            start(Key.isRecord, Self.recordKeys)
            addRecord(r, names: names, to: &object)
        case let .fieldSet(s):
            start(Key.isFieldSet, Self.fieldSetKeys)
            let fields = s.fields
            let requirements: [TemplateValue] = fields.indices.map { index in
                var requirement = TemplateObject(keys: Self.requirementKeys)
                addFieldDocs(fields, at: index, to: &requirement)
                requirement.append(Key.deprecation, .string(deprecation(fields[index].annotations, owner: s.name)))
                requirement.append(Key.property, .string(KotlinNames.escaped(names.names[index])))
                requirement.append(
                    Key.type, .string(KotlinTypeMapping.kotlinType(fields[index].type, isRequired: fields[index].isRequired)))
                return .object(requirement)
            }
            object.append(Key.requirements, .list(requirements))
        case let .union(u):
            start(Key.isUnion, Self.unionKeys)
            addUnion(u, to: &object)
        case let .alias(a):
            // `typealias PurchaseInput = Purchase`: the very type.
            start(Key.isAlias, Self.aliasKeys)
            object.append(Key.target, .string(KotlinNames.typeName(a.target)))
        }
        return .object(object)
    }

    /// The members written as a comma-separated list (`knownValues`).
    static func knownList(_ names: KotlinMemberNames) -> String {
        var list = ""
        for member in names.names {
            if !list.isEmpty { list += ", " }
            list += KotlinNames.escaped(member)
        }
        return list
    }
}
