import OpenIAPSpec

/// One disagreement between the spec and the upstream SDL.
public struct CoverageDifference: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// An SDL type the spec does not declare.
        case missingType
        /// A spec type the SDL does not declare.
        case extraType
        /// Declared in both, but as different kinds (an enum against a record...).
        case kindMismatch
        case missingField
        case extraField
        /// Required on one side, optional on the other.
        case nullability
        case fieldType
        case defaultValue
        /// Deprecated on one side only.
        case deprecation
        case missingEnumValue
        case extraEnumValue
        /// A record includes a set the SDL type does not implement, or the reverse.
        case interfaceMembership
        /// A union lists a member the SDL union does not, or the reverse.
        case unionMembership
        /// An SDL root field (a query, mutation or subscription) the spec does not declare.
        case missingOperation
        /// A spec operation that is no field of the SDL's root types.
        case extraOperation
        /// Declared in both, but as different kinds (a query against a mutation...).
        case operationKind
        /// An argument of the SDL operation the spec operation does not have.
        /// (Arguments in both are compared as input fields: `nullability`,
        /// `fieldType`, `defaultValue`, `deprecation`.)
        case missingArgument
        case extraArgument
        /// The operation's result (an event's payload) is required on one side, optional on the other.
        case resultNullability
        case resultType
    }

    public var kind: Kind
    public var typeName: String
    /// The field, enum value, interface or union member concerned, if any;
    /// for operations (whose `typeName` is the root type, such as
    /// `Mutation`), the operation, or `operation.argument`.
    public var memberName: String?
    public var message: String
    /// Where our spec element is, when there is one.
    public var location: SourceLocation?
    /// Where the SDL element is, when there is one.
    public var sdlLocation: SourceLocation?
    /// True when an `upstream` reason in the spec accounts for the difference.
    public var declared: Bool
    /// That reason.
    public var upstreamReason: String?

    public init(kind: Kind, typeName: String, memberName: String? = nil, message: String,
                location: SourceLocation? = nil, sdlLocation: SourceLocation? = nil,
                declared: Bool = false, upstreamReason: String? = nil) {
        self.kind = kind
        self.typeName = typeName
        self.memberName = memberName
        self.message = message
        self.location = location
        self.sdlLocation = sdlLocation
        self.declared = declared
        self.upstreamReason = upstreamReason
    }

    /// `Type.member`, or the type name alone.
    public var subject: String { memberName.map { "\(typeName).\($0)" } ?? typeName }

    /// One line: where, what and, for declared ones, why.
    public var description: String {
        let place = location.map { "\($0): " } ?? sdlLocation.map { "\($0): " } ?? ""
        let why = upstreamReason.map { " (declared: \($0))" } ?? (declared ? " (declared)" : "")
        return "\(place)\(kind.rawValue): \(subject): \(message)\(why)"
    }
}
