import OpenIAPSpec

/// The two shapes a spec type can have in TypeScript, decided once per spec.
///
/// The module is what an SDK uses as its `types.ts`, so every spec type is
/// exported under its name in the shape upstream's TypeScript gives it (the
/// **API** shape). For most types that is the JSON itself. For a few it is
/// not, and the JSON gets a second declaration, the **wire twin**, named
/// `<Name>Wire`, which the bridge's types (arguments records, replies, the
/// operation map) use and `OpenIAPWireTypes` lists:
///
/// - a `oneOf` record is the union of its fields' types and `null`
///   (`FetchProductsResult = Product[] | ... | null`); its JSON is the object
///   with one key;
/// - an input with a named choice takes the choice as one property, tagged
///   by the tag field when the choice has one (`RequestPurchaseProps =
///   { request: …; type: "in-app" } | { request: …; type: "subs" }`); its
///   JSON has a key per case;
/// - an input with other exactly-one or at-least-one groups is a plain
///   interface, as upstream's is, so that it can be built step by step and
///   cross-platform code may set several stores; its twin keeps one variant
///   per choice, so that tsc rejects what the bridge would;
/// - `VoidResult` is `void`, upstream's name for the answer of nothing, when
///   some operation answers nothing; the spec's record is its twin;
/// - any type that holds one of these (a field, a member, an alias target,
///   an included set) gets a twin too, which holds the other twins.
///
/// Values need converting only where the JSON differs in content, not just
/// in strictness: a choice on the way out (`toWire`), a `oneOf` record on the
/// way in (`fromWire`), and whatever holds them. The client does that.
///
/// A class: the view models hold it and pass it on for every field (a
/// method used as a naming closure captures it), and as a struct of sets
/// and tables every such copy retained and released each of them.
final class TypeScriptShapes: Sendable {
    let spec: Spec
    /// Spec names of the types that have a wire twin.
    let twins: Set<String>
    /// Spec names of the inputs whose values the client converts before
    /// sending them: records with a choice and what holds them.
    let convertedInputs: Set<String>
    /// Spec names of the outputs whose values the client converts after
    /// receiving them: `oneOf` records and what holds them.
    let convertedOutputs: Set<String>
    /// Record -> discriminator field -> the tags it can be read under
    /// (`Spec.unionTagValues`): the field's literal type.
    let tagValues: [String: [String: [String]]]
    /// The records each union resolves to (`Spec.flattenedMemberNames()`).
    let unionRecords: [String: [String]]
    /// Whether the spec's `VoidResult` is `void` in the API (see above).
    let voidResultIsNothing: Bool

    /// The name upstream's TypeScript gives the answer of nothing.
    static let voidResultName = "VoidResult"
    /// What a wire twin's name adds to the type's.
    static let wireSuffix = "Wire"

    init(spec: Spec) {
        self.spec = spec
        tagValues = spec.unionTagValues
        unionRecords = spec.flattenedMemberNames()
        voidResultIsNothing = Self.voidResultIsNothing(spec)
        let bases = Self.bases(spec, voidResultIsNothing: voidResultIsNothing)
        let holders = TypeHolders.of(spec)
        twins = Self.closure(bases.twins, holders, in: spec)
        convertedInputs = Self.closure(bases.inputs, holders, in: spec)
        convertedOutputs = Self.closure(bases.outputs, holders, in: spec)
    }

    /// `twins` alone, for `TypeScriptNameCheck`, which needs no more: the
    /// check runs when the spec loads and the render makes its own shapes,
    /// so the check skips the tag tables and the other two closures. The
    /// two share the table of holders, the costly part (`TypeHolders.of`).
    /// By position of a name's first declaration (`Spec.firstPosition`),
    /// so that the check, which goes through the types in order, asks
    /// without hashing each name.
    static func twinPositions(_ spec: Spec) -> [Bool] {
        reached(bases(spec, voidResultIsNothing: voidResultIsNothing(spec)).twins, TypeHolders.of(spec), in: spec)
    }

    private static func voidResultIsNothing(_ spec: Spec) -> Bool {
        let answersNothing = spec.operations.contains { $0.result.isNothing }
        return answersNothing && spec[voidResultName].map { if case .record = $0 { true } else { false } } == true
    }

    /// The records that have a twin, take a choice, or are `oneOf`, each
    /// by itself (before the closure adds what holds them).
    private static func bases(_ spec: Spec, voidResultIsNothing: Bool) -> (twins: [String], inputs: [String], outputs: [String]) {
        var twinBase: [String] = []
        var inputBase: [String] = []
        var outputBase: [String] = []
        for type in spec.types {
            guard case let .record(record) = type else { continue }
            if record.isOneOf { outputBase.append(record.name) }
            if record.exactlyOne.contains(where: { $0.choice != nil }) { inputBase.append(record.name) }
            if record.isOneOf || !record.exactlyOne.isEmpty || !record.atLeastOne.isEmpty
                || (voidResultIsNothing && record.name == voidResultName)
            {
                twinBase.append(record.name)
            }
        }
        return (twinBase, inputBase, outputBase)
    }

    // MARK: - Names

    /// The API name of a spec type.
    func apiName(_ specName: String) -> String { TypeScriptNames.typeName(specName) }

    /// The name of the type that describes the JSON of a spec type: its
    /// twin's, or its own.
    func wireName(_ specName: String) -> String {
        // Most specs have few twins or none: no name is hashed then.
        !twins.isEmpty && twins.contains(specName) ? apiName(specName) + Self.wireSuffix : apiName(specName)
    }

    /// A spec type expression in the API shape.
    func apiType(_ ref: TypeRef) -> String { TypeScriptTypeMapping.type(ref, naming: apiName) }

    /// A spec type expression as its JSON.
    func wireType(_ ref: TypeRef) -> String { TypeScriptTypeMapping.type(ref, naming: wireName) }

    /// Whether a value of `ref` is converted before it is sent or after it
    /// is read.
    func converts(_ ref: TypeRef) -> Bool {
        guard let name = ref.namedLeaf else { return false }
        return convertedInputs.contains(name) || convertedOutputs.contains(name)
    }

    // MARK: - Closure

    /// `base` and every type that holds one of them, directly or not (the
    /// types of `base` are all the spec's: `bases` finds them there).
    private static func closure(_ base: [String], _ holders: TypeHolders, in spec: Spec) -> Set<String> {
        var result: Set<String> = []
        for (position, isReached) in reached(base, holders, in: spec).enumerated() where isReached {
            result.insert(spec.types[position].name)
        }
        return result
    }

    /// `closure` by position: whether the type at each position (of a
    /// name's first declaration) is in it.
    private static func reached(_ base: [String], _ holders: TypeHolders, in spec: Spec) -> [Bool] {
        var reached = [Bool](repeating: false, count: holders.count)
        var queue: [Int] = []
        for name in base {
            guard let position = spec.position(of: name), !reached[position] else { continue }
            reached[position] = true
            queue.append(position)
        }
        while let position = queue.popLast() {
            for holder in holders[position] where !reached[Int(holder)] {
                reached[Int(holder)] = true
                queue.append(Int(holder))
            }
        }
        return reached
    }
}
