// The API part of the IR: the queries, mutations and events of the spec
// (`queries:`, `mutations:`, `events:`), next to the types in `Spec`.
//
// An operation is read, joined and checked like a type: the reader keeps
// what each file says, `SpecBuilder` joins the files (repeated names, typed
// defaults, the stores an operation without `stores:` runs on) and
// `SpecValidator` checks it against the types. Targets read the facts they
// need from here (`platform`, `argumentsTypeName`, `argumentsRecord`,
// `generatedTypeNames`) rather than working them out again each.

/// Which section declares an operation, which decides how callers use it.
public enum OperationKind: String, Sendable, CaseIterable {
    /// Asks the store or the SDK something without changing it (`queries:`).
    case query
    /// Changes something or starts a flow, such as a purchase (`mutations:`).
    case mutation
    /// Something the SDK delivers to listeners when it happens (`events:`).
    case event

    /// The YAML section that declares operations of this kind.
    public var sectionName: String {
        switch self {
        case .query: "queries"
        case .mutation: "mutations"
        case .event: "events"
        }
    }
}

/// Which SDKs offer an operation, as its name says: a name ending in `IOS`
/// belongs to the Apple SDK, one ending in `Android` to the Android SDK
/// (Google Play, Horizon and Amazon builds), any other name to every SDK.
/// Whether a store actually implements it is `APIOperation.stores`.
public enum OperationPlatform: String, Sendable, CaseIterable {
    /// No suffix: part of the API every SDK offers.
    case common
    /// `…IOS`: Apple platforms only; implemented by the `apple` store alone.
    case ios
    /// `…Android`: Android only; never implemented by the `apple` store.
    case android

    /// The platform an operation of this name belongs to.
    public static func of(operationName name: String) -> OperationPlatform {
        if name.hasSuffix(OperationPlatform.ios.nameSuffix!) { return .ios }
        if name.hasSuffix(OperationPlatform.android.nameSuffix!) { return .android }
        return .common
    }

    /// The suffix that marks a name as this platform's; nil for `common`.
    public var nameSuffix: String? {
        switch self {
        case .common: nil
        case .ios: "IOS"
        case .android: "Android"
        }
    }

    /// Whether an operation of this platform may run on the store `store`
    /// (an `IapStore` value).
    public func allows(store: String) -> Bool {
        switch self {
        case .common: true
        case .ios: store == APIOperation.appleStore
        case .android: store != APIOperation.appleStore
        }
    }
}

/// What a query or mutation answers beyond success: a value, or nothing
/// (`result: Void`).
public enum OperationAnswer: Hashable, Sendable {
    /// `Void`: the operation succeeds or fails, and has nothing to return.
    /// Never an event's payload, never optional, never in a list or a map.
    case nothing
    /// A value of this type (which `OperationResult.isRequired` may allow to
    /// be null).
    case value(TypeRef)
}

/// What a query or mutation answers (`result:`), or what an event delivers
/// (`payload:`).
public struct OperationResult: Sendable {
    /// A value of a type, or nothing (`Void`, queries and mutations only).
    public var answer: OperationAnswer
    /// False when the operation may answer null (`ProductIOS?`): nothing to
    /// report, such as no promoted product. An event's payload is always
    /// required, and so is `Void`.
    public var isRequired: Bool
    /// What the value means, from the long form `{type:, doc:}`.
    public var doc: String?
    /// Where the type expression was written.
    public var location: SourceLocation

    /// A result of a type.
    public init(type: TypeRef, isRequired: Bool, doc: String? = nil, location: SourceLocation) {
        self.init(answer: .value(type), isRequired: isRequired, doc: doc, location: location)
    }

    public init(answer: OperationAnswer, isRequired: Bool = true, doc: String? = nil, location: SourceLocation) {
        self.answer = answer
        self.isRequired = isRequired
        self.doc = doc
        self.location = location
    }

    /// The type of the value; nil when the operation answers nothing
    /// (`Void`). An event's payload always has one.
    public var type: TypeRef? {
        if case let .value(type) = answer { return type }
        return nil
    }

    /// Whether the operation answers nothing (`result: Void`).
    public var isNothing: Bool { answer == .nothing }

    /// How a result of nothing is written in the spec.
    public static let nothingKeyword = "Void"
}

/// One way an operation can fail, from its `errors:` mapping. (An entry of
/// the spec, not a Swift `Error`.)
public struct OperationFailure: Sendable {
    /// A wire value of the spec's `ErrorCode` enum.
    public var code: String
    /// One line saying when the operation fails with this code.
    public var reason: String
    /// Where the code was written.
    public var location: SourceLocation

    public init(code: String, reason: String, location: SourceLocation) {
        self.code = code
        self.reason = reason
        self.location = location
    }
}

/// A store that implements an operation.
public struct OperationStore: Sendable, Hashable {
    /// A wire value of the spec's `IapStore` enum.
    public var store: String
    /// Where it was written in `stores:`, or, for an operation that leaves
    /// `stores:` out, where the operation's name is.
    public var location: SourceLocation

    public init(store: String, location: SourceLocation) {
        self.store = store
        self.location = location
    }
}

/// A query, mutation or event of the OpenIAP API.
public struct APIOperation: Sendable {
    /// The name callers use, lowerCamelCase (`fetchProducts`), unique across
    /// queries, mutations and events.
    public var name: String
    public var kind: OperationKind
    public var annotations: Annotations
    /// The arguments, in the order written: for a query or mutation what the
    /// caller passes, for an event the options of its listener. Each is an
    /// input field on the wire (the key in the call's arguments object), with
    /// everything a field of an input record may have: optionality,
    /// `default`, constraints, `degrade`, annotations.
    public var arguments: [Field]
    /// The answer of a query or mutation, the payload of an event.
    public var result: OperationResult
    /// The `ErrorCode` values the operation can fail with, in the order
    /// written. Always empty for events. The two codes a bridge produces by
    /// itself need not be listed: `developer-error` for arguments that do not
    /// decode or validate, and `feature-not-supported` for a store that does
    /// not implement the operation (see `stores`).
    public var errors: [OperationFailure]
    /// The stores that implement it, each once, in the order of the
    /// `IapStore` enum's values (whatever order `stores:` lists them in).
    /// Without `stores:`, every `IapStore` value but `unknown` that the
    /// platform allows (see `declaresStores`).
    public var stores: [OperationStore]
    /// Whether `stores:` was written; false when `stores` was derived from
    /// the `IapStore` enum and the platform. A store added to `IapStore`
    /// later then joins the operation.
    public var declaresStores: Bool
    /// Where the operation's name was written.
    public var location: SourceLocation

    public init(
        name: String, kind: OperationKind, annotations: Annotations = .init(), arguments: [Field] = [],
        result: OperationResult, errors: [OperationFailure] = [], stores: [OperationStore] = [],
        declaresStores: Bool = false, location: SourceLocation
    ) {
        self.name = name
        self.kind = kind
        self.annotations = annotations
        self.arguments = arguments
        self.result = result
        self.errors = errors
        self.stores = stores
        self.declaresStores = declaresStores
        self.location = location
    }

    /// The enum whose values `errors` lists.
    public static let errorCodeEnum = "ErrorCode"
    /// The enum whose values `stores` lists.
    public static let storeEnum = "IapStore"
    /// The `IapStore` value of Apple's App Store, the one store of `IOS`
    /// operations and never a store of `Android` ones.
    public static let appleStore = "apple"
    /// The `IapStore` value that means no store could be identified: no
    /// operation runs on it.
    public static let unidentifiedStore = "unknown"

    /// Which SDKs offer the operation, from the suffix of its name.
    public var platform: OperationPlatform { .of(operationName: name) }

    /// The name of the input record that holds the arguments, as every
    /// target declares it (`fetchProducts` → `FetchProductsArgs`); nil for an
    /// operation without arguments, which gets no such record.
    public var argumentsTypeName: String? {
        arguments.isEmpty ? nil : OperationNames.argumentsTypeName(of: name)
    }

    /// The arguments as the input record `argumentsTypeName`, to be rendered
    /// and validated like any input record; nil without arguments.
    public var argumentsRecord: RecordType? {
        guard let typeName = argumentsTypeName else { return nil }
        return RecordType(
            name: typeName, direction: .input, annotations: Annotations(doc: OperationNames.argumentsDoc(of: self)),
            fields: arguments, location: location)
    }

    /// The name of the reply type every target declares for a query or
    /// mutation (`fetchProducts` → `FetchProductsReply`): the JSON a bridge
    /// answers a call with, its result or the error it failed with. Nil for
    /// an event, which delivers payloads instead.
    public var replyTypeName: String? {
        kind == .event ? nil : OperationNames.replyTypeName(of: name)
    }

    /// Every type name a target declares for this operation. The validator
    /// rejects a spec type of any of these names.
    public var generatedTypeNames: [String] {
        [argumentsTypeName, replyTypeName].compactMap { $0 }
    }

    /// The type an event delivers to its listeners: its payload, which is
    /// never `Void` (neither the reader nor the validator lets one through).
    /// For events only.
    public var payloadType: TypeRef {
        guard let type = result.type else { preconditionFailure("\(kind.rawValue) '\(name)' delivers nothing") }
        return type
    }

    /// Whether `store` (an `IapStore` value) implements the operation.
    public func runs(on store: String) -> Bool {
        stores.contains { $0.store == store }
    }

    public func argument(_ name: String) -> Field? {
        arguments.first { $0.name == name }
    }
}
