/// The built-in scalar types of the spec language.
public enum Scalar: String, Sendable, CaseIterable {
    case string = "String"
    case bool = "Bool"
    /// A 64-bit signed integer.
    case int = "Int"
    case double = "Double"
    /// Milliseconds since the Unix epoch, carried as a JSON number.
    case timestamp = "Timestamp"

    /// `Scalar(rawValue: name)`, for names that are mostly not scalars: the
    /// reader asks it of every type name and every name in a type
    /// expression, and a `switch` over strings compares the name with each
    /// case in turn (some 700 instructions). A name of another length in
    /// UTF-8 cannot equal any of them: the raw values are ASCII letters
    /// without `K`, and the only text outside ASCII that is canonically
    /// equivalent to ASCII letters is the Kelvin sign (equal to `K`), so
    /// a string equal to a raw value is its very bytes.
    static func named(_ name: String) -> Scalar? {
        switch name.utf8.count {
        case 3, 4, 6, 9: return Scalar(rawValue: name)
        default: return nil
        }
    }
}

/// A type expression after parsing (`String[]?` and friends), without the
/// optional marker: optionality belongs to the field.
public enum TypeRef: Hashable, Sendable, CustomStringConvertible {
    case scalar(Scalar)
    case named(String)
    // Only the recursive cases are boxed; the common ones stay inline.
    indirect case list(TypeRef)
    /// An object with string keys.
    indirect case map(TypeRef)

    public var description: String {
        switch self {
        case let .scalar(s): s.rawValue
        case let .named(n): n
        case let .list(t): "\(t)[]"
        case let .map(t): "map<\(t)>"
        }
    }

    /// The named type at the bottom of lists and maps, if any.
    public var namedLeaf: String? {
        switch self {
        case .scalar: nil
        case let .named(n): n
        case let .list(t), let .map(t): t.namedLeaf
        }
    }
}

/// A literal written as a field's `default`.
public enum DefaultValue: Hashable, Sendable {
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    /// A wire value of the field's enum type.
    case enumValue(String)
    case list([DefaultValue])
}

/// Inclusive bounds and size limits checked by the generated `validate()`.
public struct Constraints: Hashable, Sendable {
    /// Maximum length of a string in UTF-8 bytes.
    public var maxBytes: Int?
    public var minimum: Double?
    public var maximum: Double?
    /// Minimum length of a string in characters, counted as Unicode scalars
    /// (code points), as JSON Schema's `minLength` counts them.
    public var minLength: Int?
    /// Maximum length of a string in characters (Unicode scalars).
    public var maxLength: Int?
    /// A pattern the whole string must match.
    public var pattern: StringPattern?

    public init(
        maxBytes: Int? = nil, minimum: Double? = nil, maximum: Double? = nil, minLength: Int? = nil, maxLength: Int? = nil,
        pattern: StringPattern? = nil
    ) {
        self.maxBytes = maxBytes
        self.minimum = minimum
        self.maximum = maximum
        self.minLength = minLength
        self.maxLength = maxLength
        self.pattern = pattern
    }

    /// Whether no limit is set, as for most fields.
    public var isEmpty: Bool {
        maxBytes == nil && minimum == nil && maximum == nil && minLength == nil && maxLength == nil && pattern == nil
    }

    /// Whether a string limit is set: bytes, characters or a pattern.
    public var limitsStrings: Bool { maxBytes != nil || minLength != nil || maxLength != nil || pattern != nil }
}

public struct Field: Sendable {
    /// The name on the wire, exactly as in the spec.
    public var name: String
    /// Other names a reader also accepts for this field, in order of
    /// precedence after `name`; never written (see `Docs/SpecLanguage.md`).
    public var aliases: [String]
    public var annotations: Annotations
    public var constraints: Constraints
    /// The shared field set this field was included from, if any.
    public var includedFrom: String?
    public var type: TypeRef
    /// Required means present and non-null.
    public var isRequired: Bool
    /// When true, a present value that cannot be read decodes as absent.
    public var degrades: Bool
    /// Arguments of operations only (`positional: true`): callers pass the
    /// argument without its name, in languages whose calls name their
    /// arguments; the wire keeps the name. Always false for the fields of
    /// types.
    public var isPositional: Bool
    /// Arguments of operations only (`platform:`): the platform whose SDK
    /// alone takes the argument, `.common` when every SDK does. The wire and
    /// every call carry it wherever it runs; an SDK of another platform has
    /// no use for it. Always `.common` for the fields of types.
    public var platform: OperationPlatform
    public var defaultValue: DefaultValue?
    public var location: SourceLocation

    public init(
        name: String, type: TypeRef, isRequired: Bool, annotations: Annotations = .init(),
        defaultValue: DefaultValue? = nil, degrades: Bool = false, constraints: Constraints = .init(),
        includedFrom: String? = nil, aliases: [String] = [], isPositional: Bool = false, platform: OperationPlatform = .common,
        location: SourceLocation
    ) {
        self.name = name
        self.isPositional = isPositional
        self.platform = platform
        self.aliases = aliases
        self.type = type
        self.isRequired = isRequired
        self.annotations = annotations
        self.defaultValue = defaultValue
        self.degrades = degrades
        self.constraints = constraints
        self.includedFrom = includedFrom
        self.location = location
    }
}

public enum RecordDirection: String, Sendable {
    /// Produced by a store, a server or the SDK; readers must tolerate growth.
    case output
    /// Built by callers and sent to an API.
    case input
}

/// A group of optional fields of which exactly one (`exactlyOne`) or at
/// least one (`atLeastOne`) must be set.
public typealias ExactlyOneGroup = FieldGroup

/// The optional fields of an `exactlyOne` or `atLeastOne` group, as written.
public struct FieldGroup: Hashable, Sendable {
    public var fields: [String]
    /// For an `exactlyOne` group written as a mapping with `as:`: how SDK
    /// languages that have sum types expose the group, as one property whose
    /// cases are the fields. Nil for a plain list of fields. The wire keeps
    /// one key per field either way.
    public var choice: FieldChoice?
    public var location: SourceLocation

    public init(fields: [String], choice: FieldChoice? = nil, location: SourceLocation) {
        self.fields = fields
        self.choice = choice
        self.location = location
    }
}

/// An `exactlyOne` group seen as a single choice: the caller picks one case,
/// and the case says which field of the record is set. In the spec:
///
///     exactlyOne:
///       as: request
///       tag: type
///       cases:
///         requestPurchase: {name: purchase, tag: in-app}
///         requestSubscription: {name: subscription, tag: subs}
///
/// A language with sum types declares one property (`request`) whose type
/// has a case per field (`purchase`, `subscription`); JSON keeps the fields.
public struct FieldChoice: Hashable, Sendable {
    /// One alternative: a field of the group and the name of its case.
    public struct Case: Hashable, Sendable {
        /// The field of the record this case sets (a wire name).
        public var field: String
        /// The case's name in SDK languages, lowerCamelCase.
        public var name: String
        /// The value the `tagField` has when this case is chosen (a wire
        /// value of that field's enum); nil when the choice has no tag field.
        public var tagValue: String?
        public var location: SourceLocation

        public init(field: String, name: String, tagValue: String? = nil, location: SourceLocation) {
            self.field = field
            self.name = name
            self.tagValue = tagValue
            self.location = location
        }
    }

    /// The name of the one property SDK languages declare for the group.
    public var property: String
    /// Another field of the record whose value goes with the case: each case
    /// has its own value of it (`type` is `in-app` for a purchase, `subs` for
    /// a subscription). Nil when no field does.
    public var tagField: String?
    /// The cases, in the order written; their fields are the group's fields.
    public var cases: [Case]
    /// Where `as:` was written.
    public var location: SourceLocation

    public init(property: String, tagField: String? = nil, cases: [Case], location: SourceLocation) {
        self.property = property
        self.tagField = tagField
        self.cases = cases
        self.location = location
    }

    /// The case that sets `field`, if any.
    public func `case`(setting field: String) -> Case? { cases.first { $0.field == field } }
}

public struct RecordType: Sendable {
    public var name: String
    public var annotations: Annotations
    /// Included shared field sets, in the order written.
    public var includes: [String]
    /// All fields: included ones first (in include order), then the record's own.
    public var fields: [Field]
    public var exactlyOne: [ExactlyOneGroup]
    /// Groups of which at least one field must be set (non-null).
    public var atLeastOne: [FieldGroup]
    public var location: SourceLocation
    public var direction: RecordDirection
    /// An output record whose fields are alternatives (`oneOf: true`):
    /// exactly one of them is set on the wire, and languages with sum types
    /// declare the record as one, a case per field. Every field is optional.
    /// A reader takes the first of the fields (in spec order) that is present,
    /// even as null; an object with none of them is a value this version does
    /// not know, which readers keep rather than reject.
    public var isOneOf: Bool

    public init(
        name: String, direction: RecordDirection, annotations: Annotations = .init(), includes: [String] = [],
        fields: [Field], exactlyOne: [ExactlyOneGroup] = [], atLeastOne: [FieldGroup] = [], isOneOf: Bool = false,
        location: SourceLocation
    ) {
        self.name = name
        self.direction = direction
        self.annotations = annotations
        self.includes = includes
        self.fields = fields
        self.exactlyOne = exactlyOne
        self.atLeastOne = atLeastOne
        self.isOneOf = isOneOf
        self.location = location
    }

    public func field(_ name: String) -> Field? { fields.first { $0.name == name } }
}

/// A named set of fields that records include (an OpenIAP interface).
public struct FieldSet: Sendable {
    public var name: String
    public var annotations: Annotations
    public var fields: [Field]
    public var location: SourceLocation

    public init(name: String, annotations: Annotations = .init(), fields: [Field], location: SourceLocation) {
        self.name = name
        self.annotations = annotations
        self.fields = fields
        self.location = location
    }
}

public struct EnumValue: Sendable {
    /// The canonical wire value, written when encoding.
    public var wire: String
    /// Extra spellings accepted when decoding, never written.
    public var aliases: [String]
    public var annotations: Annotations
    public var location: SourceLocation

    public init(wire: String, aliases: [String] = [], annotations: Annotations = .init(), location: SourceLocation) {
        self.wire = wire
        self.aliases = aliases
        self.annotations = annotations
        self.location = location
    }
}

/// Rules that derive decode-only aliases for every value of an enum.
public enum EnumAliasRule: String, Sendable, CaseIterable {
    /// `pending-acknowledgment` is also accepted as `PENDING_ACKNOWLEDGMENT`.
    case upperSnake = "UPPER_SNAKE"

    public func alias(for wire: String) -> String {
        switch self {
        case .upperSnake: Self.upperSnake(wire)
        }
    }

    /// The `UPPER_SNAKE` alias of a wire value: `-`, space and `.` become
    /// `_`, then the whole is upper-cased.
    static func upperSnake(_ wire: String) -> String {
        // An ASCII value (the usual one) byte by byte, which gives the same
        // text without splitting it into characters and upper-casing it by
        // Unicode's rules (some 2,500 instructions for a short value).
        let bytes = Array(wire.utf8)
        if bytes.allSatisfy({ $0 < 0x80 }) {
            let upper = bytes.map { byte -> UInt8 in
                switch byte {
                case UInt8(ascii: "-"), UInt8(ascii: " "), UInt8(ascii: "."): UInt8(ascii: "_")
                case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - 32
                default: byte
                }
            }
            return String(decoding: upper, as: UTF8.self)
        }
        return String(wire.map { $0 == "-" || $0 == " " || $0 == "." ? "_" : $0 }).uppercased()
    }
}

public struct EnumType: Sendable {
    public var name: String
    public var annotations: Annotations
    public var values: [EnumValue]
    public var location: SourceLocation
    // The one-byte properties last, where they fit in the location's
    // padding (64 bytes, not 72).

    /// Closed enums reject unknown values; open ones (the default) keep them.
    public var isClosed: Bool
    public var aliasRule: EnumAliasRule?

    public init(
        name: String, annotations: Annotations = .init(), isClosed: Bool = false, aliasRule: EnumAliasRule? = nil,
        values: [EnumValue], location: SourceLocation
    ) {
        self.name = name
        self.annotations = annotations
        self.isClosed = isClosed
        self.aliasRule = aliasRule
        self.values = values
        self.location = location
    }

    /// Every decode-only spelling of a value: its own aliases plus the ones the
    /// enum-wide rule derives, minus spellings equal to a canonical value.
    public func decodeAliases(of value: EnumValue) -> [String] {
        // Most values have no alias of their own and most enums no rule:
        // then there is no other spelling, and no set of wire names to build.
        if value.aliases.isEmpty && aliasRule == nil { return [] }
        return decodeAliases(of: value, wires: Set(values.map(\.wire)))
    }

    /// `decodeAliases(of:)` with the set of this enum's wire values made by
    /// the caller, so that asking for every value builds (and hashes every
    /// wire value into) that set once per enum rather than once per value.
    func decodeAliases(of value: EnumValue, wires: Set<String>) -> [String] {
        guard let rule = aliasRule else {
            if value.aliases.isEmpty { return [] }
            return Self.newSpellings(value.aliases, besides: wires)
        }
        let derived = rule.alias(for: value.wire)
        // The usual value under a rule: the derived spelling is its only one,
        // and needs no set of its own to drop repeats.
        if value.aliases.isEmpty { return wires.contains(derived) ? [] : [derived] }
        return Self.newSpellings(value.aliases + [derived], besides: wires)
    }

    /// `candidates` in order, less wire values and repeats.
    private static func newSpellings(_ candidates: [String], besides wires: Set<String>) -> [String] {
        var result: [String] = []
        var added: Set<String> = []
        for alias in candidates where !wires.contains(alias) && added.insert(alias).inserted {
            result.append(alias)
        }
        return result
    }

    /// `decodeAliases(of:)` of every value, in order.
    public func decodeAliasesOfValues() -> [[String]] {
        guard aliasRule != nil || values.contains(where: { !$0.aliases.isEmpty }) else {
            return Array(repeating: [], count: values.count)
        }
        let wires = Set(values.map(\.wire))
        var result: [[String]] = []
        result.reserveCapacity(values.count)
        for value in values { result.append(decodeAliases(of: value, wires: wires)) }
        return result
    }
}

/// A string whose values belong to someone else: every string is valid, and
/// the documented ones are named constants.
public struct OpaqueStringType: Sendable {
    public var name: String
    public var annotations: Annotations
    public var knownValues: [EnumValue]
    /// When true, an empty string reads as an absent value.
    public var emptyIsAbsent: Bool
    public var location: SourceLocation

    public init(
        name: String, annotations: Annotations = .init(), knownValues: [EnumValue], emptyIsAbsent: Bool = false,
        location: SourceLocation
    ) {
        self.name = name
        self.annotations = annotations
        self.knownValues = knownValues
        self.emptyIsAbsent = emptyIsAbsent
        self.location = location
    }
}

public enum UnknownTagPolicy: String, Sendable {
    /// Keep the whole JSON object in an `unknown` member and write it back unchanged.
    case keep
    /// Reject the payload.
    case fail
}

public struct UnionMember: Sendable {
    /// The value of the discriminator field that selects this member.
    public var tag: String
    /// A record or another union.
    public var typeName: String
    public var location: SourceLocation

    public init(tag: String, typeName: String, location: SourceLocation) {
        self.tag = tag
        self.typeName = typeName
        self.location = location
    }
}

/// An input that is the same type as a record or a union (`sameAs:` in
/// `inputs`): another name for it, such as `PurchaseInput` for `Purchase`,
/// so that a caller passes back what the SDK gave it. It has no fields of
/// its own; every target declares it as that type under a second name, and
/// on the wire it is that type's JSON.
public struct TypeAlias: Sendable {
    public var name: String
    public var annotations: Annotations
    /// The record or union it is: never another alias.
    public var target: String
    /// Where the target's name was written.
    public var targetLocation: SourceLocation
    /// Where the alias's name was written.
    public var location: SourceLocation

    public init(name: String, annotations: Annotations = .init(), target: String, targetLocation: SourceLocation, location: SourceLocation) {
        self.name = name
        self.annotations = annotations
        self.target = target
        self.targetLocation = targetLocation
        self.location = location
    }
}

public struct UnionType: Sendable {
    public var name: String
    public var annotations: Annotations
    /// The wire name of the field whose value picks the member.
    public var discriminator: String
    public var unknownTag: UnknownTagPolicy
    public var members: [UnionMember]
    public var location: SourceLocation

    public init(
        name: String, annotations: Annotations = .init(), discriminator: String, unknownTag: UnknownTagPolicy = .keep,
        members: [UnionMember], location: SourceLocation
    ) {
        self.name = name
        self.annotations = annotations
        self.discriminator = discriminator
        self.unknownTag = unknownTag
        self.members = members
        self.location = location
    }
}
