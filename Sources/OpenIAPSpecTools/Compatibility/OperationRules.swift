import OpenIAPSpec

/// The rules of `generator diff` on the API: queries, mutations and events,
/// their arguments, results, payloads, errors and stores.
///
/// A change to an operation concerns two kinds of code, and can break one
/// and leave the other alone, so every rule here also says whose code it is
/// about (`whose`):
/// - callers: apps, and the JavaScript of React Native, Expo and Flutter
///   apps, that call the operation or listen for the event, through the
///   Swift SDK's methods, the TypeScript client or the JSON bridge;
/// - implementers: the SDKs whose types conform to the generated protocols
///   and implement the operation.
///
/// A new operation is a note for callers and breaks implementers; an
/// argument that becomes optional still compiles in every call but breaks
/// every implementation, as Swift matches a requirement's parameter and
/// result types exactly (optionality included).
///
/// On the wire the bridge carries calls and their answers: a call (the
/// operation's name and its arguments, the listener's options for an event)
/// is written by callers built from OLD and read by the dispatcher of an SDK
/// on NEW, like an input; a reply (a result or an error) and an event's
/// delivery are written by the SDK on NEW and read by callers built from
/// OLD, like an output. What fails on the wire is a caller's call or its
/// decoding, so the wire rules here are the callers'.
///
/// Arguments are compared as the input record they are (`argumentsRecord`),
/// and a result or payload as the one field of an output record, by the
/// field comparison of `SpecComparison`: `argumentRules`, `resultRules` and
/// `payloadRules` say which operation rule each field rule becomes there.

/// Whose code an operation rule is about.
public enum CompatibilityParty: String, Sendable, CaseIterable {
    /// Code that calls the operation or listens for the event.
    case callers
    /// Code that implements the operation: SDK types conforming to the
    /// generated protocols.
    case implementers
}

extension CompatibilityRule {
    /// A rule on operations: `whose` says whose code it is about.
    /// `breaksSourceIn` defaults as for the rules on types; TypeScript has no
    /// implementers (its client calls a transport), so a rule about
    /// implementers alone names Swift and Kotlin.
    init(
        _ id: ID, _ axis: CompatibilityAxis, _ whose: [CompatibilityParty], _ severity: CompatibilitySeverity,
        _ rationale: String, breaksSourceIn languages: [SourceLanguage]? = nil
    ) {
        self.init(id, axis, severity, rationale, breaksSourceIn: languages)
        self.whose = whose
    }
}

extension CompatibilityRules {
    /// The rules on operations, in the order of the second table of Docs/SpecChanges.md:
    /// source rules, then wire rules, each from whole operations down to
    /// stores.
    public static let operationRules: [CompatibilityRule] = [
        // MARK: Source
        .init(
            .operationAdded, .source, [.callers], .note,
            "A new method, TypeScript client function and operation map entry leave existing calls alone."),
        .init(
            .operationRequirementAdded, .source, [.implementers], .breaking,
            "The SDK protocol (Kotlin interface) gains a requirement (a method, or an event's stream or listener), so SDK types that conform to it no longer compile until they implement it.",
            breaksSourceIn: [.swift, .kotlin]),
        .init(
            .operationRemoved, .source, [.callers, .implementers], .breaking,
            "Calls of the method and of the TypeScript client function no longer compile. A Swift implementation of it is left a plain method, which still compiles, but a Kotlin one is marked `override` and now overrides nothing."),
        .init(
            .operationFormChanged, .source, [.callers, .implementers], .breaking,
            "A query or mutation is an async (Kotlin: suspend) method and an event a stream of deliveries (Kotlin: a listener): calls, listeners and implementations of the old form no longer compile."),
        .init(
            .operationDeprecationAdded, .source, [.callers], .note,
            "Calls still compile, with a deprecation warning where the operation is deprecated (an error only where warnings are errors); a deprecated argument is documented as such."),
        .init(
            .requiredArgumentAdded, .source, [.callers, .implementers], .breaking,
            "Every call must pass the new argument (its Swift label; in TypeScript a key of the object of several arguments, and an operation that took one, passed as itself, now takes an object of both), and implementations no longer match the requirement."),
        .init(
            .optionalArgumentAdded, .source, [.callers, .implementers], .breaking,
            "Implementations no longer match the requirement, and Swift calls must pass the new label, since a protocol requirement cannot give a parameter a default; Kotlin's interface declares it `= null` (or its default), so its calls still compile, as JSON calls do. TypeScript calls may leave it out where the operation took no argument or several, but one that took a single argument, passed as itself, now takes an object of both, so its calls no longer compile."),
        .init(
            .argumentRemoved, .source, [.callers, .implementers], .breaking,
            "Swift calls pass every label, so they no longer compile, and implementations that take it no longer match the requirement. TypeScript calls that pass it in the object of several arguments break, and so does every call of an operation left with one argument, which is then passed as itself."),
        .init(
            .argumentRenamed, .source, [.callers, .implementers], .breaking,
            "The Swift label, the Kotlin parameter and the TypeScript key (in the object of several arguments, and in the JSON arguments record) take the new name: calls with the old one stop compiling and Swift implementations no longer match (a Kotlin override that keeps the old name only warns; a TypeScript call that passes a single argument as itself names none; guessed as for fields)."),
        .init(
            .argumentTypeChanged, .source, [.callers, .implementers], .breaking,
            "Calls pass, and implementations take, the old type; neither type-checks against the new one (a requirement's types must match exactly, so even a widened type breaks implementations)."),
        .init(
            .argumentTypeEquivalent, .source, [.callers, .implementers], .note,
            "The spec type changed but the generated Swift and TypeScript types did not (Timestamp and Double are both Double and number)."),
        .init(
            .argumentNowRequired, .source, [.callers, .implementers], .breaking,
            "T? becomes T: calls that pass nil or an optional, and TypeScript calls that leave it out, stop compiling; implementations that take T? no longer match."),
        .init(
            .argumentNowOptional, .source, [.implementers], .breaking,
            "T becomes T?: calls still compile (Swift and Kotlin pass a T where a T? is taken, TypeScript a value where one may be left out), but implementations that take T no longer match and must handle nil.",
            breaksSourceIn: [.swift, .kotlin]),
        .init(
            .argumentOrderChanged, .source, [.callers, .implementers], .breaking,
            "Swift methods take the arguments as labelled parameters in spec order, so calls in the old order stop compiling and implementations no longer match, as Kotlin overrides of parameters of other types no longer do (Kotlin calls that name their arguments still compile); TypeScript passes one argument as itself and several as an object, whose keys have no order.",
            breaksSourceIn: [.swift, .kotlin]),
        .init(
            .argumentPlatformChanged, .source, [.callers, .implementers], .breaking,
            "Swift declares an argument only in the protocol of the SDK that takes it (`initConnection()` for the Apple module, `initConnection(config:)` for Android), and an operation whose arguments differ by platform in each platform's protocol rather than the common one: the methods gain or lose the parameter, so calls and implementations of the old form stop compiling. Kotlin and TypeScript declare the argument everywhere.",
            breaksSourceIn: [.swift]),
        .init(
            .argumentPositionalChanged, .source, [.callers, .implementers], .breaking,
            "A positional argument is a Swift parameter without a label (`_ params:`): calls that pass the label, or now leave it out, stop compiling, and implementations declared with the old label no longer match the requirement. Kotlin keeps the parameter's name, TypeScript the argument's place (the value itself when it is the only one, a key of the object otherwise) and the wire its key, so none of them changes.",
            breaksSourceIn: [.swift]),
        .init(
            .argumentAliasKeyRemoved, .source, [.callers], .breaking,
            "The TypeScript object of several arguments and the JSON arguments record declare a decode-only alias as an optional, deprecated key, so calls and records that still pass it no longer compile (Swift and Kotlin expose no alias).",
            breaksSourceIn: [.typescript]),
        .init(
            .resultTypeChanged, .source, [.callers, .implementers], .breaking,
            "Callers use, and implementations return, the old type; neither type-checks against the new one."),
        .init(
            .resultTypeEquivalent, .source, [.callers, .implementers], .note,
            "The spec type changed but the generated Swift and TypeScript types did not (Timestamp and Double are both Double and number)."),
        .init(
            .resultNowOptional, .source, [.callers, .implementers], .breaking,
            "T becomes T?: callers must unwrap it in Swift and Kotlin and check for null under TypeScript's strictNullChecks, and Swift implementations that return T no longer match (Kotlin's still override: a return type may narrow)."),
        .init(
            .resultNowRequired, .source, [.callers, .implementers], .breaking,
            "T? becomes T: Swift callers' `if let`, `guard let` and `?.` on the answer stop compiling (TypeScript's still compile, Kotlin's with a warning), and implementations that return T? no longer match.",
            breaksSourceIn: [.swift, .kotlin]),
        .init(
            .resultNowVoid, .source, [.callers, .implementers], .breaking,
            "The method answers nothing (`async throws` in Swift, `Unit` in Kotlin, `Promise<void>` in TypeScript): callers that use the answer no longer compile, and implementations that return one no longer match the requirement."),
        .init(
            .resultNoLongerVoid, .source, [.implementers], .breaking,
            "The method answers a value again: implementations that return nothing no longer match the requirement (Swift) or override it (Kotlin). Callers still compile, Swift's with an unused-result warning, unless they took the answer as `Void` or `void`.",
            breaksSourceIn: [.swift, .kotlin]),
        .init(
            .eventPayloadTypeChanged, .source, [.callers, .implementers], .breaking,
            "Listeners receive, and implementations deliver, the old type; neither type-checks against the new one."),
        .init(
            .eventPayloadTypeEquivalent, .source, [.callers, .implementers], .note,
            "The spec type changed but the generated Swift and TypeScript types did not (Timestamp and Double are both Double and number)."),
        .init(
            .operationErrorAdded, .source, [.callers], .note,
            "Calls still compile and no switch becomes incomplete: a failure carries an `ErrorCode`, an open enum, and no operation's list is exhaustive (the bridge's own `developer-error` and `feature-not-supported` are never listed), so callers already need a default branch, which now also meets this code."),
        .init(
            .operationErrorRemoved, .source, [.callers], .note,
            "Calls still compile; callers' handling of the code stays, but is no longer expected to run (a failure carries any `ErrorCode`, so nothing stops an implementation that still fails with it)."),

        // MARK: Wire
        .init(
            .calledOperationRemoved, .wire, [.callers], .breaking,
            "Old callers still call it, or listen for it: the new dispatcher answers an error for a name it does not know, and the event is never delivered."),
        .init(
            .calledOperationFormChanged, .wire, [.callers], .breaking,
            "Old callers call what is now delivered to listeners, or listen for what is now answered to calls, and get neither."),
        .init(
            .operationKindChanged, .wire, [.callers], .warning,
            "Queries and mutations are called alike and send the same JSON, but only a query promises to change nothing: callers and bridges that retry, cache or deduplicate queries now treat the operation differently."),
        .init(
            .callRequiredArgumentAdded, .wire, [.callers], .breaking,
            "Old callers never send the new argument, so the new dispatcher rejects their calls as a developer error."),
        .init(
            .callArgumentRemoved, .wire, [.callers], .warning,
            "Old callers still send the argument; the new dispatcher ignores keys it does not know, so its value is silently dropped."),
        .init(
            .callArgumentRenamed, .wire, [.callers], .breaking,
            "The new dispatcher looks for the new key: a required argument that old callers send under the old one is missing, an optional one silently reads as absent."),
        .init(
            .callArgumentTypeChanged, .wire, [.callers], .breaking,
            "Values that old callers send do not decode as the new type, so the new dispatcher rejects their calls."),
        .init(
            .callArgumentTypeWidened, .wire, [.callers], .note,
            "Every value that old callers send still decodes (an Int read as a Double, an enum read as an open string)."),
        .init(
            .callArgumentNowRequired, .wire, [.callers], .breaking,
            "Old callers may leave out an argument that the new dispatcher now requires."),
        .init(
            .callArgumentDefaultChanged, .wire, [.callers], .warning,
            "Old callers that leave the argument out meant the old default; new SDKs assume the new one."),
        .init(
            .callArgumentConstraintTightened, .wire, [.callers], .warning,
            "Old callers may send values that the new dispatcher's validation rejects as a developer error (decoding still succeeds)."),
        .init(
            .callArgumentRenamedReadable, .wire, [.callers], .note,
            "The argument was renamed, but the new dispatcher also reads the old name as a decode-only alias, so old callers' calls still decode."),
        .init(
            .callArgumentAliasAdded, .wire, [.callers], .note,
            "The dispatcher also reads the argument under another name; callers keep sending its name."),
        .init(
            .callArgumentAliasRemoved, .wire, [.callers], .warning,
            "Callers of the old spec send the argument's name, but callers older still that send the removed name are no longer understood."),
        .init(
            .replyResultTypeChanged, .wire, [.callers], .breaking,
            "Old callers read replies of the new type as the old one: a caller that decodes them fails, and JavaScript that uses the value meets another shape."),
        .init(
            .replyResultTypeWidened, .wire, [.callers], .note,
            "Every result the new SDK answers still decodes as the type old callers expect (an Int read as a Double, an enum read as an open string)."),
        .init(
            .replyResultNowOptional, .wire, [.callers], .breaking,
            "New SDKs may answer null where old callers' decoders require a value."),
        .init(
            .replyResultNowVoid, .wire, [.callers], .breaking,
            "New SDKs answer `{\"result\": null}` where old callers' decoders require a value (for a result that was optional, old callers read the null as nothing to answer, and no finding is made)."),
        .init(
            .replyResultNoLongerVoid, .wire, [.callers], .breaking,
            "New SDKs answer a value where old callers read the result of nothing, which is `null` and nothing else, so their decoders fail (the TypeScript client ignores what such a reply holds)."),
        .init(
            .callArgumentPlatformChanged, .wire, [.callers], .warning,
            "The SDKs that take the argument change (`platform:`): where it is no longer taken, the values callers send are ignored, and where it now is, values that were ignored start to count. The wire carries it whichever SDK takes it."),
        .init(
            .deliveredPayloadTypeChanged, .wire, [.callers], .breaking,
            "Old listeners read deliveries of the new type as the old one: a listener that decodes them fails, and JavaScript that uses the value meets another shape."),
        .init(
            .deliveredPayloadTypeWidened, .wire, [.callers], .note,
            "Every payload the new SDK delivers still decodes as the type old listeners expect."),
        .init(
            .operationStoreAdded, .wire, [.implementers], .warning,
            "The SDK of that store is now expected to implement the operation rather than answer `feature-not-supported`; its callers there get results where they got that error."),
        .init(
            .operationStoreRemoved, .wire, [.callers], .breaking,
            "Apps on that store that call the operation now get `feature-not-supported` instead of a result."),
    ]

    /// What a field rule that the comparison of an operation's arguments
    /// (as its input record) fires means for the operation. A field rule
    /// missing here is reported as it is.
    static let argumentRules: [CompatibilityRule.ID: CompatibilityRule.ID] = [
        .requiredFieldAdded: .requiredArgumentAdded,
        .optionalFieldAdded: .optionalArgumentAdded,
        .fieldRemoved: .argumentRemoved,
        .fieldRenamed: .argumentRenamed,
        .fieldRenamedOldNameKept: .argumentRenamed,
        .fieldTypeChanged: .argumentTypeChanged,
        .fieldTypeEquivalent: .argumentTypeEquivalent,
        .fieldNowRequired: .argumentNowRequired,
        .fieldNowOptional: .argumentNowOptional,
        .deprecationAdded: .operationDeprecationAdded,
        .inputRequiredFieldAdded: .callRequiredArgumentAdded,
        .inputFieldRemoved: .callArgumentRemoved,
        .fieldWireNameChanged: .callArgumentRenamed,
        .fieldWireTypeChanged: .callArgumentTypeChanged,
        .fieldTypeWidened: .callArgumentTypeWidened,
        .inputFieldNowRequired: .callArgumentNowRequired,
        .defaultChanged: .callArgumentDefaultChanged,
        .constraintTightened: .callArgumentConstraintTightened,
        .fieldOrderChanged: .argumentOrderChanged,
        .fieldAliasKeyRemoved: .argumentAliasKeyRemoved,
        .fieldRenamedReadable: .callArgumentRenamedReadable,
        .fieldAliasAdded: .callArgumentAliasAdded,
        .fieldAliasRemoved: .callArgumentAliasRemoved,
    ]

    /// The same for a query's or mutation's result, compared as the one
    /// field of an output record.
    static let resultRules: [CompatibilityRule.ID: CompatibilityRule.ID] = [
        .fieldTypeChanged: .resultTypeChanged,
        .fieldTypeEquivalent: .resultTypeEquivalent,
        .fieldNowOptional: .resultNowOptional,
        .fieldNowRequired: .resultNowRequired,
        .fieldWireTypeChanged: .replyResultTypeChanged,
        .fieldTypeWidened: .replyResultTypeWidened,
        .outputFieldNowOptional: .replyResultNowOptional,
    ]

    /// The same for an event's payload. (A payload is never optional, so its
    /// optionality cannot change.)
    static let payloadRules: [CompatibilityRule.ID: CompatibilityRule.ID] = [
        .fieldTypeChanged: .eventPayloadTypeChanged,
        .fieldTypeEquivalent: .eventPayloadTypeEquivalent,
        .fieldWireTypeChanged: .deliveredPayloadTypeChanged,
        .fieldTypeWidened: .deliveredPayloadTypeWidened,
    ]
}
