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
