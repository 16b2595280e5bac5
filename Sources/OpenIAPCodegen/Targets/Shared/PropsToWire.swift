/// How a route's body is made from the SDK props it names (`bodyFrom:`):
/// for each member of the body's union, the props field holding that
/// store's props (named as the member's tag), and where each field of the
/// member comes from. The same plan for every language, so the generated
/// mappings agree.
///
/// A member field comes from the store's props when they have a field of
/// that name, else from the props themselves (`includeClientPayload`, set
/// once for every store); the discriminator is the member's tag. A field
/// the body requires that the props may leave out is checked when the
/// body is made: `missing` lists them, and a mapping without one fails
/// with the field's path (`amazon.userId`).

import OpenIAPSpec
import OpenIAPTemplates

struct PropsToWire {
    struct Member {
        /// The union tag, which is also the props field holding this store's props.
        var tag: String
        /// The body's member type and the store props type.
        var wireType: String
        var propsType: String
        /// The union's discriminator, written as `tag`.
        var discriminator: String
        var fields: [Copy]
    }

    struct Copy {
        var name: String
        /// Read from the store's props (true) or from the props themselves.
        var fromStoreProps: Bool
        /// Required by the body but optional where it is read from.
        var mayBeMissing: Bool
        var isRequired: Bool
    }

    var propsType: String
    var wireType: String
    var members: [Member]

    /// The plan for `route`, nil when it has no `bodyFrom` (or the spec does
    /// not allow one, which the validator has reported already).
    init?(route: HTTPRoute, spec: Spec) {
        guard let source = route.bodySource, let body = route.body, case let .record(props)? = spec[source.typeName],
            case let .union(union)? = spec[body.typeName]
        else { return nil }
        propsType = props.name
        wireType = union.name
        members = []
        for member in union.members {
            // A member the props have no field for is one they cannot ask for.
            guard let storeField = props.fields.first(where: { $0.name == member.tag }), case let .named(storeName) = storeField.type,
                case let .record(store)? = spec[storeName], case let .record(wire)? = spec[member.typeName]
            else { continue }
            var copies: [Copy] = []
            for field in wire.fields where field.name != union.discriminator {
                if let from = store.fields.first(where: { $0.name == field.name }) {
                    copies.append(Copy(name: field.name, fromStoreProps: true, mayBeMissing: field.isRequired && !from.isRequired, isRequired: field.isRequired))
                } else if let from = props.fields.first(where: { $0.name == field.name }) {
                    copies.append(Copy(name: field.name, fromStoreProps: false, mayBeMissing: field.isRequired && !from.isRequired, isRequired: field.isRequired))
                } else if field.isRequired {
                    return nil
                }
            }
            members.append(
                Member(tag: member.tag, wireType: member.typeName, propsType: storeName, discriminator: union.discriminator, fields: copies))
        }
        if members.isEmpty { return nil }
    }
}
