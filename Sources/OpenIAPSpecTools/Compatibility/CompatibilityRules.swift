import OpenIAPSpec

/// The rule set of `generator diff`, as data: every verdict the comparison
/// can reach, with its axis, severity and the reason for it. The comparison
/// (`SpecComparison`) only decides *which* rule a change triggers; what that
/// rule means lives here, and the table of Docs/SpecChanges.md is printed from this list.
///
/// Directions on the wire, as the rules read them:
/// - outputs (`records`, and every type reachable from one) are written by
///   servers and stores on the NEW spec and read by apps built from the OLD;
/// - inputs (`inputs`, and what they reach) are written by clients built from
///   the OLD spec and read by servers on the NEW.
///
/// Source compatibility asks whether Swift, TypeScript and Kotlin code
/// written against the code generated from OLD still compiles against NEW;
/// each source rule names the languages it breaks (`breaksSourceIn`).

/// Which kind of compatibility a rule judges.
public enum CompatibilityAxis: String, Sendable, CaseIterable {
    /// Payloads of one version decoded by code built from the other.
    case wire
    /// Code written against the old generated types, compiled against the new.
    case source
}

/// A language whose code a source rule judges.
public enum SourceLanguage: String, Sendable, CaseIterable {
    case swift = "Swift"
    case typescript = "TypeScript"
    case kotlin = "Kotlin"
}

/// How bad a finding is. Only `breaking` fails `generator diff`.
public enum CompatibilitySeverity: String, Sendable, CaseIterable, Comparable {
    case breaking
    case warning
    case note

    private var rank: Int {
        switch self {
        case .breaking: 0
        case .warning: 1
        case .note: 2
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
}

/// One rule: a stable identifier, the axis it judges, its severity and a
/// one-line rationale.
public struct CompatibilityRule: Hashable, Sendable {
    /// Identifiers, `UPPER_SNAKE` like buf's and smithy-diff's. They are part
    /// of the tool's interface (`--format json`, CI logs): never rename one.
    public enum ID: String, Sendable, CaseIterable {
        // Source: types.
        case typeRemoved = "TYPE_REMOVED"
        case typeRenamed = "TYPE_RENAMED"
        case typeRenamedOldNameKept = "TYPE_RENAMED_OLD_NAME_KEPT"
        case typeKindChanged = "TYPE_KIND_CHANGED"
        case typeAdded = "TYPE_ADDED"
        case deprecationAdded = "DEPRECATION_ADDED"
        // Source: removals against the schedule of the old spec's
        // deprecations (RemovalSchedule.swift), for every kind of element.
        case removedBeforeSchedule = "REMOVED_BEFORE_SCHEDULE"
        case removedOnSchedule = "REMOVED_ON_SCHEDULE"
        // Source: fields.
        case fieldRemoved = "FIELD_REMOVED"
        case fieldRenamed = "FIELD_RENAMED"
        case fieldRenamedOldNameKept = "FIELD_RENAMED_OLD_NAME_KEPT"
        case fieldTypeChanged = "FIELD_TYPE_CHANGED"
        case fieldTypeEquivalent = "FIELD_TYPE_EQUIVALENT"
        case fieldNowRequired = "FIELD_NOW_REQUIRED"
        case fieldNowOptional = "FIELD_NOW_OPTIONAL"
        case requiredFieldAdded = "REQUIRED_FIELD_ADDED"
        case optionalFieldAdded = "OPTIONAL_FIELD_ADDED"
        case sharedFieldAdded = "SHARED_FIELD_ADDED"
        case includeRemoved = "INCLUDE_REMOVED"
        case exactlyOneVariantsNarrowed = "EXACTLY_ONE_VARIANTS_NARROWED"
        case fieldOrderChanged = "FIELD_ORDER_CHANGED"
        case fieldAliasKeyRemoved = "FIELD_ALIAS_KEY_REMOVED"
        case atLeastOneVariantsNarrowed = "AT_LEAST_ONE_VARIANTS_NARROWED"
        case recordOneOfChanged = "RECORD_ONE_OF_CHANGED"
        case choiceChanged = "CHOICE_CHANGED"
        case tagDefaultRemoved = "TAG_DEFAULT_REMOVED"
        case tagDefaultChanged = "TAG_DEFAULT_CHANGED"
        // Source: enums, opaque strings, unions.
        case enumValueAdded = "ENUM_VALUE_ADDED"
        case enumValueRemoved = "ENUM_VALUE_REMOVED"
        case enumValueRenamed = "ENUM_VALUE_RENAMED"
        case enumOpened = "ENUM_OPENED"
        case enumClosed = "ENUM_CLOSED"
        case opaqueValueRemoved = "OPAQUE_VALUE_REMOVED"
        case unionMemberAdded = "UNION_MEMBER_ADDED"
        case unionMemberRemoved = "UNION_MEMBER_REMOVED"
        case unionMemberRenamed = "UNION_MEMBER_RENAMED"
        case unionMemberTypeChanged = "UNION_MEMBER_TYPE_CHANGED"
        case unionUnknownPolicyChanged = "UNION_UNKNOWN_POLICY_CHANGED"
        // Source: aliases.
        case aliasTargetChanged = "ALIAS_TARGET_CHANGED"
        // Wire: types.
        case typeWireFormChanged = "TYPE_WIRE_FORM_CHANGED"
        case recordDirectionChanged = "RECORD_DIRECTION_CHANGED"
        // Wire: fields.
        case outputRequiredFieldRemoved = "OUTPUT_REQUIRED_FIELD_REMOVED"
        case inputFieldRemoved = "INPUT_FIELD_REMOVED"
        case fieldWireNameChanged = "FIELD_WIRE_NAME_CHANGED"
        case fieldWireTypeChanged = "FIELD_WIRE_TYPE_CHANGED"
        case fieldTypeWidened = "FIELD_TYPE_WIDENED"
        case outputFieldNowOptional = "OUTPUT_FIELD_NOW_OPTIONAL"
        case inputFieldNowRequired = "INPUT_FIELD_NOW_REQUIRED"
        case inputRequiredFieldAdded = "INPUT_REQUIRED_FIELD_ADDED"
        case defaultChanged = "DEFAULT_CHANGED"
        case constraintTightened = "CONSTRAINT_TIGHTENED"
        case constraintLoosened = "CONSTRAINT_LOOSENED"
        case exactlyOneGroupAdded = "EXACTLY_ONE_GROUP_ADDED"
        case exactlyOneGroupRemoved = "EXACTLY_ONE_GROUP_REMOVED"
        case exactlyOneMemberAdded = "EXACTLY_ONE_MEMBER_ADDED"
        case exactlyOneMemberRemoved = "EXACTLY_ONE_MEMBER_REMOVED"
        case fieldRenamedReadable = "FIELD_RENAMED_READABLE"
        case fieldAliasAdded = "FIELD_ALIAS_ADDED"
        case fieldAliasRemoved = "FIELD_ALIAS_REMOVED"
        case atLeastOneGroupAdded = "AT_LEAST_ONE_GROUP_ADDED"
        case atLeastOneGroupRemoved = "AT_LEAST_ONE_GROUP_REMOVED"
        case atLeastOneMemberAdded = "AT_LEAST_ONE_MEMBER_ADDED"
        case atLeastOneMemberRemoved = "AT_LEAST_ONE_MEMBER_REMOVED"
        // Wire: enums and unions.
        case closedEnumValueAdded = "CLOSED_ENUM_VALUE_ADDED"
        case openEnumValueAdded = "OPEN_ENUM_VALUE_ADDED"
        case closedEnumValueRemoved = "CLOSED_ENUM_VALUE_REMOVED"
        case openEnumValueRemoved = "OPEN_ENUM_VALUE_REMOVED"
        case enumNowClosed = "ENUM_NOW_CLOSED"
        case closedUnionMemberAdded = "CLOSED_UNION_MEMBER_ADDED"
        case openUnionMemberAdded = "OPEN_UNION_MEMBER_ADDED"
        case closedUnionMemberRemoved = "CLOSED_UNION_MEMBER_REMOVED"
        case openUnionMemberRemoved = "OPEN_UNION_MEMBER_REMOVED"
        case unionTagChanged = "UNION_TAG_CHANGED"
        case unionMemberWireTypeChanged = "UNION_MEMBER_WIRE_TYPE_CHANGED"
        case unionDiscriminatorChanged = "UNION_DISCRIMINATOR_CHANGED"
        // Wire: aliases.
        case aliasWireTargetChanged = "ALIAS_WIRE_TARGET_CHANGED"
        // Operations, arguments, results, payloads, errors and stores (their
        // rules are in OperationRules.swift).
        case operationAdded = "OPERATION_ADDED"
        case operationRequirementAdded = "OPERATION_REQUIREMENT_ADDED"
        case operationRemoved = "OPERATION_REMOVED"
        case operationFormChanged = "OPERATION_FORM_CHANGED"
        case operationDeprecationAdded = "OPERATION_DEPRECATION_ADDED"
        case requiredArgumentAdded = "REQUIRED_ARGUMENT_ADDED"
        case optionalArgumentAdded = "OPTIONAL_ARGUMENT_ADDED"
        case argumentRemoved = "ARGUMENT_REMOVED"
        case argumentRenamed = "ARGUMENT_RENAMED"
        case argumentTypeChanged = "ARGUMENT_TYPE_CHANGED"
        case argumentTypeEquivalent = "ARGUMENT_TYPE_EQUIVALENT"
        case argumentNowRequired = "ARGUMENT_NOW_REQUIRED"
        case argumentNowOptional = "ARGUMENT_NOW_OPTIONAL"
        case argumentOrderChanged = "ARGUMENT_ORDER_CHANGED"
        case argumentAliasKeyRemoved = "ARGUMENT_ALIAS_KEY_REMOVED"
        case resultTypeChanged = "RESULT_TYPE_CHANGED"
        case resultTypeEquivalent = "RESULT_TYPE_EQUIVALENT"
        case resultNowOptional = "RESULT_NOW_OPTIONAL"
        case resultNowRequired = "RESULT_NOW_REQUIRED"
        case eventPayloadTypeChanged = "EVENT_PAYLOAD_TYPE_CHANGED"
        case eventPayloadTypeEquivalent = "EVENT_PAYLOAD_TYPE_EQUIVALENT"
        case operationErrorAdded = "OPERATION_ERROR_ADDED"
        case operationErrorRemoved = "OPERATION_ERROR_REMOVED"
        case calledOperationRemoved = "CALLED_OPERATION_REMOVED"
        case calledOperationFormChanged = "CALLED_OPERATION_FORM_CHANGED"
        case operationKindChanged = "OPERATION_KIND_CHANGED"
        case callRequiredArgumentAdded = "CALL_REQUIRED_ARGUMENT_ADDED"
        case callArgumentRemoved = "CALL_ARGUMENT_REMOVED"
        case callArgumentRenamed = "CALL_ARGUMENT_RENAMED"
        case callArgumentTypeChanged = "CALL_ARGUMENT_TYPE_CHANGED"
        case callArgumentTypeWidened = "CALL_ARGUMENT_TYPE_WIDENED"
        case callArgumentNowRequired = "CALL_ARGUMENT_NOW_REQUIRED"
        case callArgumentDefaultChanged = "CALL_ARGUMENT_DEFAULT_CHANGED"
        case callArgumentConstraintTightened = "CALL_ARGUMENT_CONSTRAINT_TIGHTENED"
        case callArgumentRenamedReadable = "CALL_ARGUMENT_RENAMED_READABLE"
        case callArgumentAliasAdded = "CALL_ARGUMENT_ALIAS_ADDED"
        case callArgumentAliasRemoved = "CALL_ARGUMENT_ALIAS_REMOVED"
        case replyResultTypeChanged = "REPLY_RESULT_TYPE_CHANGED"
        case replyResultTypeWidened = "REPLY_RESULT_TYPE_WIDENED"
        case replyResultNowOptional = "REPLY_RESULT_NOW_OPTIONAL"
        case deliveredPayloadTypeChanged = "DELIVERED_PAYLOAD_TYPE_CHANGED"
        case deliveredPayloadTypeWidened = "DELIVERED_PAYLOAD_TYPE_WIDENED"
        case operationStoreAdded = "OPERATION_STORE_ADDED"
        case operationStoreRemoved = "OPERATION_STORE_REMOVED"
        case argumentPositionalChanged = "ARGUMENT_POSITIONAL_CHANGED"
        case resultNowVoid = "RESULT_NOW_VOID"
        case resultNoLongerVoid = "RESULT_NO_LONGER_VOID"
        case replyResultNowVoid = "REPLY_RESULT_NOW_VOID"
        case replyResultNoLongerVoid = "REPLY_RESULT_NO_LONGER_VOID"
        case callArgumentPlatformChanged = "CALL_ARGUMENT_PLATFORM_CHANGED"
        case argumentPlatformChanged = "ARGUMENT_PLATFORM_CHANGED"
    }

    public var id: ID
    public var axis: CompatibilityAxis
    public var severity: CompatibilitySeverity
    public var rationale: String
    /// The languages whose code written against OLD may stop compiling
    /// against NEW when the rule fires, in `SourceLanguage` order. Empty for
    /// wire rules and for notes.
    public var breaksSourceIn: [SourceLanguage]
    /// Whose code the rule is about, for the rules on operations (see
    /// `CompatibilityParty`); empty for the rules on types.
    public var whose: [CompatibilityParty] = []

    /// `breaksSourceIn` defaults to every language for a source rule that is
    /// not a note, so only a rule that spares a language names the others.
    public init(
        _ id: ID, _ axis: CompatibilityAxis, _ severity: CompatibilitySeverity, _ rationale: String,
        breaksSourceIn languages: [SourceLanguage]? = nil
    ) {
        self.id = id
        self.axis = axis
        self.severity = severity
        self.rationale = rationale
        self.breaksSourceIn = languages ?? (axis == .source && severity != .note ? SourceLanguage.allCases : [])
    }
}

public enum CompatibilityRules {
    /// Every rule: those on types, then those on operations.
    public static let all: [CompatibilityRule] = typeRules + operationRules

    /// The rules on types, in the order the table of Docs/SpecChanges.md lists them: source
    /// rules, then wire rules, each roughly from types down to values.
    public static let typeRules: [CompatibilityRule] = [
        // MARK: Source
        .init(
            .typeRemoved, .source, .breaking,
            "Code that names the type no longer compiles."),
        .init(
            .typeRenamed, .source, .breaking,
            "Type names never reach the wire, but code that names the old type no longer compiles (a rename guessed from a removed and an added type of the same kind and doc; one declared with `renamedFrom` keeps the old name, see `TYPE_RENAMED_OLD_NAME_KEPT`)."),
        .init(
            .typeRenamedOldNameKept, .source, .note,
            "Declared with `renamedFrom`: the old name stays as a deprecated alias of the new one (a Swift and Kotlin `typealias`, a TypeScript type), so code that names it compiles with a warning whose fix-it names the new type, until a release removes the alias."),
        .init(
            .typeKindChanged, .source, .breaking,
            "The generated declaration changes shape (struct, enum, protocol, string wrapper), so code using it no longer compiles."),
        .init(
            .typeAdded, .source, .note,
            "A new declaration leaves existing code alone."),
        .init(
            .removedBeforeSchedule, .source, .breaking,
            "The old spec deprecated the element with `removeIn` naming a later release: users were promised that it stays until then. Removing it sooner breaks that promise, on top of the removal's other findings (code that names it no longer compiles)."),
        .init(
            .removedOnSchedule, .source, .note,
            "The old spec deprecated the element and named this release (or an earlier one) in `removeIn`. The removal's other findings stand (code and clients built before it still break, shipped clients may still send an input field), but the break was announced, so a major release may carry it."),
        .init(
            .deprecationAdded, .source, .note,
            "Code still compiles, with a deprecation warning (an error only where warnings are errors)."),
        .init(
            .fieldRemoved, .source, .breaking,
            "Reads of the property and initialiser calls or object literals that pass it no longer compile."),
        .init(
            .fieldRenamed, .source, .breaking,
            "The TypeScript key (and usually the Swift property) takes the new name, so code using the old one no longer compiles."),
        .init(
            .fieldRenamedOldNameKept, .source, .breaking,
            "Declared with `renamedFrom`: Swift and Kotlin keep the old name as a deprecated property, and initialiser and constructor calls with the old labels compile with a warning that names the new ones, until a release removes them; the TypeScript key takes the new name (with `aliases`, the old key stays, optional and deprecated), so TypeScript code using the old one no longer compiles.",
            breaksSourceIn: [.typescript]),
        .init(
            .fieldTypeChanged, .source, .breaking,
            "The property's Swift or TypeScript type changes, so reads, assignments and initialiser calls no longer type-check."),
        .init(
            .fieldTypeEquivalent, .source, .note,
            "The spec type changed but the generated Swift, TypeScript and Kotlin types did not (Timestamp and Double are both Double and number)."),
        .init(
            .fieldNowRequired, .source, .breaking,
            "T? becomes T: `if let`, `?.` and `?? x` on it stop compiling and initialiser calls that left it out lose their nil default."),
        .init(
            .fieldNowOptional, .source, .breaking,
            "T becomes T?: every read needs unwrapping in Swift and a null check under TypeScript's strictNullChecks."),
        .init(
            .requiredFieldAdded, .source, .breaking,
            "The memberwise initialiser and TypeScript object literals need the new field; for outputs this breaks the code that builds them (SDKs, tests, mocks)."),
        .init(
            .optionalFieldAdded, .source, .note,
            "The new initialiser parameter defaults to nil and the TypeScript key is optional, so existing calls and literals still compile (Kotlin calls that name their arguments, as they should: the parameters are in alphabetical order, so a positional one past the new parameter shifts, as does a destructuring declaration)."),
        .init(
            .sharedFieldAdded, .source, .breaking,
            "The shared set's Swift protocol and Kotlin interface gain a requirement that conforming types outside the module do not meet.",
            breaksSourceIn: [.swift, .kotlin]),
        .init(
            .includeRemoved, .source, .breaking,
            "The record stops conforming to the shared set's Swift protocol and Kotlin interface and extending its TypeScript interface."),
        .init(
            .exactlyOneVariantsNarrowed, .source, .breaking,
            "A new exactly-one group, or a field leaving one, changes the variants of the TypeScript type of the input's JSON (`<Name>Wire`, which bridges and tests write): its literals that set no field, or that field alone, stop type-checking. The type apps use, like Swift's and Kotlin's, leaves the check to the bridge and validate().",
            breaksSourceIn: [.typescript]),
        .init(
            .fieldOrderChanged, .source, .breaking,
            "Swift's initialiser takes the fields in alphabetical order, which a reorder leaves alone, but where the spec's order (included sets first) is not alphabetical a second initialiser takes them in that order, and calls that pass them in the old one stop compiling (\"argument 'b' must precede argument 'a'\"); moving a field into a shared set moves it too. Reported only for a record whose old order was not alphabetical. TypeScript object literals do not care, nor does Kotlin, whose constructors take the fields in alphabetical order.",
            breaksSourceIn: [.swift]),
        .init(
            .fieldAliasKeyRemoved, .source, .breaking,
            "TypeScript declares each decode-only alias as an optional, deprecated key, so code that still names it no longer compiles (Swift and Kotlin expose no alias).",
            breaksSourceIn: [.typescript]),
        .init(
            .atLeastOneVariantsNarrowed, .source, .breaking,
            "A new at-least-one group, or a field leaving one, changes the variants of the TypeScript type of the input's JSON (`<Name>Wire`, which bridges and tests write): its literals that set none of the fields, or only that one, stop type-checking. The type apps use, like Swift's and Kotlin's, leaves the check to the bridge and validate().",
            breaksSourceIn: [.typescript]),
        .init(
            .recordOneOfChanged, .source, .breaking,
            "A record that becomes `oneOf` (or stops being one) changes its shape in the SDK languages: a sum type with a case per field (TypeScript: the union of the fields' types) instead of a type with optional properties (or back), so code that builds it, reads its properties or switches over it stops compiling. The wire form is the same."),
        .init(
            .choiceChanged, .source, .breaking,
            "An exactly-one group that gains, loses or changes its `as:` choice (the property name, a case name, the tag field or a case's tag value) changes the one property SDK languages declare for it and the names of its cases (Kotlin keeps the fields as constructor parameters and properties beside it, so only code that uses the choice breaks there). The wire form is the same."),
        .init(
            .tagDefaultRemoved, .source, .breaking,
            "A record that the unions reaching it no longer list under one tag loses the default for the discriminator field of the Swift initialiser (`ProductIOS(…)` without `platform:`) and of the Kotlin constructor, so calls that left it out stop compiling.",
            breaksSourceIn: [.swift, .kotlin]),
        .init(
            .tagDefaultChanged, .source, .warning,
            "The one tag a record is listed under changed, and so did the default for the discriminator field of the Swift initialiser and the Kotlin constructor: calls that leave it out still compile, and now build a record with the new tag.",
            breaksSourceIn: [.swift, .kotlin]),
        .init(
            .enumValueAdded, .source, .breaking,
            "Exhaustive Swift `switch`es, Kotlin `when`s and TypeScript `never` checks miss the new case; open enums too, since `.unrecognized` (Kotlin's `Unrecognized`) never matches a value the enum now names."),
        .init(
            .enumValueRemoved, .source, .breaking,
            "The Swift case and the TypeScript literal disappear."),
        .init(
            .enumValueRenamed, .source, .breaking,
            "The Swift case and the TypeScript literal change name (declared with `renamedFrom`, or guessed from a removed and an added value with the same doc)."),
        .init(
            .enumOpened, .source, .breaking,
            "A closed enum becoming open gains `.unrecognized(String)`, which exhaustive Swift `switch`es miss (both kinds are `CaseIterable` with a failable `init?(rawValue:)`); in Kotlin an `enum class` becomes a sealed class."),
        .init(
            .enumClosed, .source, .breaking,
            "An open enum becoming closed loses `.unrecognized`, `knownCases`, `isKnown` and `init(wireValue:)`; in Kotlin a sealed class becomes an `enum class`."),
        .init(
            .opaqueValueRemoved, .source, .breaking,
            "The named constant of the opaque string disappears (TypeScript names none: its type takes any string).",
            breaksSourceIn: [.swift, .kotlin]),
        .init(
            .unionMemberAdded, .source, .breaking,
            "Exhaustive `switch`es over the union's Swift enum, `when`s over its Kotlin sealed class and TypeScript `never` checks miss the new member."),
        .init(
            .unionMemberRemoved, .source, .breaking,
            "The union's Swift case disappears and the TypeScript union narrows."),
        .init(
            .unionMemberRenamed, .source, .breaking,
            "TypeScript code that narrows on the old tag stops compiling. A Swift case is named after its member type, and Kotlin's members are the member types themselves, so a new tag leaves both alone.",
            breaksSourceIn: [.typescript]),
        .init(
            .unionMemberTypeChanged, .source, .breaking,
            "The Swift case is named after the member type and carries it (`.purchaseIos(PurchaseIOS)`), so code that builds or matches the old case stops compiling; in Kotlin the old type no longer extends the union."),
        .init(
            .unionUnknownPolicyChanged, .source, .breaking,
            "`unknown: keep` and `fail` add or remove the `.unrecognized` case of the union's Swift enum and the `Unrecognized` class of its Kotlin sealed class (TypeScript lists known members only either way).",
            breaksSourceIn: [.swift, .kotlin]),
        .init(
            .aliasTargetChanged, .source, .breaking,
            "An alias (`sameAs`) is its target under another name in every language, so code that builds, passes or reads it as the old target no longer type-checks (a target that was only renamed changes nothing)."),

        // MARK: Wire
        .init(
            .typeWireFormChanged, .wire, .breaking,
            "The type's JSON form changed (object, tagged object, string), or a closed enum now meets strings it does not list, so payloads of one do not decode as the other."),
        .init(
            .recordDirectionChanged, .wire, .warning,
            "The record moved between inputs and outputs: its readers change, and so do the rules its later changes are judged by."),
        .init(
            .outputRequiredFieldRemoved, .wire, .breaking,
            "Old apps still require the field and fail to decode new payloads without it."),
        .init(
            .inputFieldRemoved, .wire, .warning,
            "Old clients still send the field; new servers ignore unknown fields, so its value is silently dropped."),
        .init(
            .fieldWireNameChanged, .wire, .breaking,
            "Readers look for the name they know: a required field fails to decode and an optional one silently reads as absent."),
        .init(
            .fieldWireTypeChanged, .wire, .breaking,
            "Values written with one type do not decode as the other."),
        .init(
            .fieldTypeWidened, .wire, .note,
            "Every value the writer can produce still decodes (an Int read as a Double, an enum read as an open string)."),
        .init(
            .outputFieldNowOptional, .wire, .breaking,
            "New servers may omit or null a field that old apps still require."),
        .init(
            .inputFieldNowRequired, .wire, .breaking,
            "Old clients may leave out a field that new servers now require."),
        .init(
            .inputRequiredFieldAdded, .wire, .breaking,
            "Old clients never send the new field, so new servers fail to decode their requests."),
        .init(
            .defaultChanged, .wire, .warning,
            "Old clients that leave the field out meant the old default; new servers assume the new one."),
        .init(
            .constraintTightened, .wire, .warning,
            "Old clients may send values that the new servers' validate() rejects (decoding still succeeds)."),
        .init(
            .constraintLoosened, .wire, .warning,
            "New servers may send values that old apps' validate() rejects (decoding still succeeds)."),
        .init(
            .exactlyOneGroupAdded, .wire, .breaking,
            "Old clients may set none or several of the fields; the new servers' validate() rejects that."),
        .init(
            .exactlyOneGroupRemoved, .wire, .note,
            "New servers accept every combination old clients send."),
        .init(
            .exactlyOneMemberAdded, .wire, .note,
            "Old clients still set exactly one of the fields they know, which satisfies the larger group."),
        .init(
            .exactlyOneMemberRemoved, .wire, .breaking,
            "An old client that sets only that field no longer satisfies the group on a new server."),
        .init(
            .fieldRenamedReadable, .wire, .note,
            "The field was renamed, but the readers of each direction accept the other name as a decode-only alias, so payloads of both versions still decode."),
        .init(
            .fieldAliasAdded, .wire, .note,
            "Readers also accept the new spelling; writers keep writing the field's name."),
        .init(
            .fieldAliasRemoved, .wire, .warning,
            "Writers of the old spec write the field's name, but writers older still that send the removed spelling are no longer understood."),
        .init(
            .atLeastOneGroupAdded, .wire, .breaking,
            "Old clients may set none of the fields; the new servers' validate() rejects that (unless an old exactly-one or at-least-one group of some of these fields already required one)."),
        .init(
            .atLeastOneGroupRemoved, .wire, .note,
            "New servers accept every combination old clients send."),
        .init(
            .atLeastOneMemberAdded, .wire, .note,
            "Old clients still set one of the fields they know, which satisfies the larger group."),
        .init(
            .atLeastOneMemberRemoved, .wire, .breaking,
            "An old client that sets only that field no longer satisfies the group on a new server."),
        .init(
            .closedEnumValueAdded, .wire, .breaking,
            "Old apps' closed enum rejects a value it does not list, failing the whole payload."),
        .init(
            .openEnumValueAdded, .wire, .note,
            "Old apps decode the new value as `.unrecognized` and write it back unchanged."),
        .init(
            .closedEnumValueRemoved, .wire, .breaking,
            "Old clients may still send the value; the new servers' closed enum rejects it."),
        .init(
            .openEnumValueRemoved, .wire, .warning,
            "Old clients may still send the value; new servers read it as `.unrecognized`."),
        .init(
            .enumNowClosed, .wire, .warning,
            "Old clients may send values they kept as `.unrecognized`; new servers reject them."),
        .init(
            .closedUnionMemberAdded, .wire, .breaking,
            "Old apps' union with `unknown: fail` rejects the new tag, failing the whole payload."),
        .init(
            .openUnionMemberAdded, .wire, .note,
            "Old apps keep a payload with the new tag as `.unrecognized` and write it back unchanged."),
        .init(
            .closedUnionMemberRemoved, .wire, .breaking,
            "Old clients may still send the tag; the new servers' union with `unknown: fail` rejects it."),
        .init(
            .openUnionMemberRemoved, .wire, .warning,
            "Old clients may still send the tag; new servers keep it as `.unrecognized`."),
        .init(
            .unionTagChanged, .wire, .breaking,
            "Readers see a tag they do not know for the same member."),
        .init(
            .unionMemberWireTypeChanged, .wire, .breaking,
            "The tag now selects a different record, so its payloads are decoded as another shape."),
        .init(
            .unionDiscriminatorChanged, .wire, .breaking,
            "Readers look for the tag in a field the writers no longer (or do not yet) fill."),
        .init(
            .aliasWireTargetChanged, .wire, .breaking,
            "On the wire an alias is its target's JSON: what writers of the old target send (callers, for an input alias) is read as the new target, another shape."),
    ]

    private static let byID: [CompatibilityRule.ID: CompatibilityRule] =
        Dictionary(all.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

    /// The rule with this identifier. Every identifier has exactly one rule
    /// (a test checks it).
    public static func rule(_ id: CompatibilityRule.ID) -> CompatibilityRule {
        guard let rule = byID[id] else { preconditionFailure("no compatibility rule for \(id.rawValue)") }
        return rule
    }
}
