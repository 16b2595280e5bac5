/// One element of a spec that can carry annotations and be named by a
/// `replacement:`: a type, a field of a record or shared field set, a value
/// of an enum or string type, an operation, or an argument of one.
public struct SpecElement: Sendable {
    public enum Kind: String, Sendable {
        case type, field, value, operation, argument
    }

    /// How a `replacement:` names the element: `Type`, `Type.field`,
    /// `Enum.value`, `operation` or `operation.argument`.
    public var id: String
    public var kind: Kind
    /// The type or operation a member belongs to; nil for types and operations.
    public var owner: String?
    /// The element's own name (a value's wire spelling).
    public var name: String
    public var annotations: Annotations
    public var location: SourceLocation
    /// For a type, which kind it is (`NamedType.sectionName`); nil otherwise.
    public var section: String?

    public init(
        id: String, kind: Kind, owner: String? = nil, name: String, annotations: Annotations, location: SourceLocation,
        section: String? = nil
    ) {
        self.id = id
        self.kind = kind
        self.owner = owner
        self.name = name
        self.annotations = annotations
        self.location = location
        self.section = section
    }

    /// The wording used in messages: "type 'Product'", "field 'Product.id'".
    public var described: String { "\(kind.rawValue) '\(id)'" }
}

extension Spec {
    /// Every element of the spec in the order of `types` (each type, then its
    /// members), then the operations and their arguments. A field a record
    /// includes from a shared set is listed under the record too, with the
    /// set's annotations and location.
    public var elements: [SpecElement] {
        var result: [SpecElement] = []
        func member(_ kind: SpecElement.Kind, _ owner: String, _ name: String, _ annotations: Annotations, _ at: SourceLocation) {
            result.append(SpecElement(id: "\(owner).\(name)", kind: kind, owner: owner, name: name, annotations: annotations, location: at))
        }
        for type in types {
            result.append(SpecElement(
                id: type.name, kind: .type, owner: nil, name: type.name, annotations: type.annotations, location: type.location,
                section: type.sectionName))
            switch type {
            case let .record(r): for f in r.fields { member(.field, r.name, f.name, f.annotations, f.location) }
            case let .fieldSet(s): for f in s.fields { member(.field, s.name, f.name, f.annotations, f.location) }
            case let .enumeration(e): for v in e.values { member(.value, e.name, v.wire, v.annotations, v.location) }
            case let .opaqueString(s): for v in s.knownValues { member(.value, s.name, v.wire, v.annotations, v.location) }
            case .union, .alias: break
            }
        }
        for operation in operations {
            result.append(SpecElement(
                id: operation.name, kind: .operation, owner: nil, name: operation.name, annotations: operation.annotations,
                location: operation.location))
            for a in operation.arguments { member(.argument, operation.name, a.name, a.annotations, a.location) }
        }
        return result
    }
}

extension Spec {
    /// The element a `replacement:` (or any element id) names, found
    /// directly rather than through `elements`: `Type`, `Type.member`,
    /// `operation`, `operation.argument`.
    public func element(_ id: String) -> SpecElement? {
        let parts = id.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let owner = parts[0]
        if let type = self[owner] {
            guard parts.count == 2 else {
                return SpecElement(
                    id: id, kind: .type, name: owner, annotations: type.annotations, location: type.location, section: type.sectionName)
            }
            let name = parts[1]
            func found(_ kind: SpecElement.Kind, _ annotations: Annotations, _ location: SourceLocation) -> SpecElement {
                SpecElement(id: id, kind: kind, owner: owner, name: name, annotations: annotations, location: location)
            }
            switch type {
            case let .record(r): return r.fields.first { $0.name == name }.map { found(.field, $0.annotations, $0.location) }
            case let .fieldSet(s): return s.fields.first { $0.name == name }.map { found(.field, $0.annotations, $0.location) }
            case let .enumeration(e): return e.values.first { $0.wire == name }.map { found(.value, $0.annotations, $0.location) }
            case let .opaqueString(s): return s.knownValues.first { $0.wire == name }.map { found(.value, $0.annotations, $0.location) }
            case .union, .alias: return nil
            }
        }
        guard let operation = operation(owner) else { return nil }
        guard parts.count == 2 else {
            return SpecElement(id: id, kind: .operation, name: owner, annotations: operation.annotations, location: operation.location)
        }
        return operation.arguments.first { $0.name == parts[1] }.map {
            SpecElement(id: id, kind: .argument, owner: owner, name: parts[1], annotations: $0.annotations, location: $0.location)
        }
    }

    /// The element that replaces a deprecated one, when its deprecation names one that exists.
    public func replacement(of annotations: Annotations) -> SpecElement? {
        annotations.deprecation?.replacement.flatMap { element($0) }
    }
}
