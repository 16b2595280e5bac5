// The Swift half of the escaping proof (see EscapingTests). Compiled with
// swiftc -swift-version 6 -warnings-as-errors together with the Swift that the
// generator renders from this folder's spec; run with payload.json.
//
// For every type in the payload, every instance is decoded with the generated
// type and encoded again, and the result must be the same JSON: the same keys,
// spelled exactly as on the wire, with the same values. Then the generated
// names are checked against the wire names they stand for.

import Foundation

var failures: [String] = []

@MainActor
func check(_ condition: Bool, _ what: @autoclosure () -> String, line: Int = #line) {
    if !condition { failures.append("line \(line): \(what())") }
}

/// The same JSON text for the same JSON value, whatever order and spacing it was written with.
func canonical(_ json: Any) throws -> String {
    String(decoding: try JSONSerialization.data(withJSONObject: json, options: [.fragmentsAllowed, .sortedKeys]), as: UTF8.self)
}

/// Decodes `json` as `T`, encodes it again and compares the two as JSON values.
@MainActor
func roundTrip<T: Codable>(_ type: T.Type, _ json: Any, _ what: String) -> T? {
    do {
        let input = try JSONSerialization.data(withJSONObject: json, options: [.fragmentsAllowed])
        let value = try JSONDecoder().decode(T.self, from: input)
        let output = try JSONEncoder().encode(value)
        let again = try JSONSerialization.jsonObject(with: output, options: [.fragmentsAllowed])
        check(try canonical(json) == canonical(again), "\(what) came back as \(String(decoding: output, as: UTF8.self))")
        return value
    } catch {
        failures.append("\(what): \(error)")
        return nil
    }
}

let payloadPath = CommandLine.arguments.dropFirst().first ?? "payload.json"
let payloadData = try Data(contentsOf: URL(fileURLWithPath: payloadPath))
guard let payload = try JSONSerialization.jsonObject(with: payloadData) as? [String: [Any]] else {
    fatalError("payload.json must map type names to lists of instances")
}

func instances(_ type: String) -> [Any] { payload[type] ?? [] }

// MARK: - Records: every wire name decodes into its property and back

var records: [NastyRecord] = []
for (index, json) in instances("NastyRecord").enumerated() {
    if let record = roundTrip(NastyRecord.self, json, "NastyRecord[\(index)]") { records.append(record) }
}
if let record = records.first, let json = instances("NastyRecord").first as? [String: Any] {
    let expected: [(String, String)] = [
        ("default", record.default), ("protocol", record.protocol), ("Type", record.type), ("self", record.`self`),
        ("init", record.`init`), ("delete", record.delete), ("enum", record.enum), ("constructor", record.constructor),
        ("__proto__", record.__proto__), ("3ds", record._3ds), ("café", record.café), ("a\"b", record.aB), ("it's", record.itS),
        ("back\\slash", record.backSlash), ("new\nline", record.newLine), ("nul\0byte", record.nulByte),
        ("${x}", record.x), ("`tick`", record.tick), ("#tag", record.tag), ("</script>", record.script),
        ("*/", record._2A_2F),
        ("hash", record.hash ?? ""), ("encode", record.encode ?? ""), ("validate", record.validate ?? ""),
        ("container", record.container ?? ""), ("encoder", record.encoder ?? ""), ("decoder", record.decoder ?? ""),
        ("CodingKeys", record.codingKeys ?? ""), ("stringValue", record.stringValue ?? ""),
        ("description", record.description ?? ""), ("path", record.path ?? ""), ("value", record.value ?? ""),
        ("key", record.key ?? ""), ("index", record.index ?? ""), ("element", record.element ?? ""),
        ("newValue", record.newValue ?? ""),
    ]
    for (wire, property) in expected {
        check(json[wire] as? String == property, "property for '\(wire)' holds '\(property)'")
    }
    check(record.日本 == 42, "日本")
    check(record.hashValue_ == 7, "hashValue_")
    check(record.kind == .newLine && record.kind.rawValue == "new\nline", "kind")
    check(record.closed == NastyClosed.none, "closed")
    check(record.opaque == .script, "opaque")
    // The record is still Hashable with a field named hashValue.
    check(Set(records).count == records.count, "hashing")
    do {
        try record.validate()
    } catch {
        failures.append("validate: \(error)")
    }
    var long = record
    long.bounded = "more than eight bytes"
    do {
        try long.validate()
        failures.append("validate accepted a long 'bounded'")
    } catch {
        check(error.path == ["bounded"], "validation path \(error.path)")
    }
    // The memberwise initializer, with the parameter that stands for `self`.
    let built = NastyRecord(
        default: "d", protocol: "p", type: "t", self: "s", init: "i", delete: "d", enum: "e", constructor: "c",
        __proto__: "_", _3ds: "3", café: "c", 日本: 1, aB: "a", itS: "'", backSlash: "b", newLine: "n", nulByte: "0", x: "x",
        tick: "t", tag: "#", script: "s", _2A_2F: "*", kind: .self)
    check(built.`self` == "s" && built.`init` == "i" && built.kind == .`self`, "memberwise init")
}
if records.count > 1 {
    check(!records[1].kind.isKnown, "an unknown value stays unknown")
    check(records[1].kind.rawValue == "some value nobody knows \u{202E} yet", "unknown value kept exactly")
}

// MARK: - Unions: tags and the discriminator with a quote in its name

for (index, json) in instances("NastyUnion").enumerated() {
    guard let value = roundTrip(NastyUnion.self, json, "NastyUnion[\(index)]") else { continue }
    switch (index, value) {
    // One case per member type, named after it: two tags share `.nastyMember`.
    case (0, .nastyMember(let member)): check(member.__proto__ == "proto", "union member field")
    case (1, .default(let member)): check(member.kiNd == "self", "union member of a type named Default")
    case (2, .nastyMember): break
    case (3, .unrecognized): break
    default: failures.append("NastyUnion[\(index)] decoded as \(value)")
    }
}
for (index, json) in instances("NastyMember").enumerated() { _ = roundTrip(NastyMember.self, json, "NastyMember[\(index)]") }
for (index, json) in instances("Default").enumerated() { _ = roundTrip(Default.self, json, "Default[\(index)]") }

// MARK: - A type that contains itself through an indirect union

for (index, json) in instances("NastyTree").enumerated() {
    guard let tree = roundTrip(NastyTree.self, json, "NastyTree[\(index)]") else { continue }
    if index == 1, case let .treeNode(node) = tree, case let .treeNode(inner)? = node.child {
        check(inner.children?.count == 2, "nested children")
    } else if index == 1 {
        failures.append("NastyTree[1] decoded as \(tree)")
    }
}

// MARK: - Inputs: defaults survive every quoting rule

for (index, json) in instances("NastyInput").enumerated() { _ = roundTrip(NastyInput.self, json, "NastyInput[\(index)]") }
let defaults = NastyInput()
check(defaults.text == "*/ \"\"\" \\ ' \n \0 ${x} ` # </script>", "text default")
check(defaults.kind == .`self` && defaults.kind?.rawValue == "self", "kind default")
check(defaults.kindNone == Nasty.none && defaults.kindNone?.rawValue == "none", "a default named none is not nil")
check(defaults.closed == .aB, "closed default")
check(defaults.closedNone == NastyClosed.none, "closed default named none")
check(defaults.opaque == .nulByte && defaults.opaque?.rawValue == "nul\0byte", "opaque default")
check(defaults.list == ["*/", "\"\"\"", "\\"], "list default")
check(defaults.number == 1.5e300, "number default")
check(defaults.count == Int.min, "count default")

// MARK: - Aliases, patterns and at-least-one groups

// Each instance sets `default` and `self` under one of their names; the
// first name present is read, and encoding writes the field's own name.
let aliasedExpected: [(String, String?)] = [("\\\"*/", "init"), ("'`*/$", nil), ("\\\\ */", "Type"), (" */", "</script>")]
for (index, json) in instances("NastyAliased").enumerated() {
    do {
        let value = try JSONDecoder().decode(NastyAliased.self, from: JSONSerialization.data(withJSONObject: json))
        check(value.default == aliasedExpected[index].0, "NastyAliased[\(index)].default is \(value.default ?? "nil")")
        check(value.`self`?.rawValue == aliasedExpected[index].1, "NastyAliased[\(index)].self is \(value.`self`?.rawValue ?? "nil")")
        try value.validate()
        let again = try JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) as? [String: String] ?? [:]
        check(Set(again.keys).isSubset(of: ["default", "self"]) && again["default"] == aliasedExpected[index].0, "NastyAliased[\(index)] encoded as \(again)")
    } catch {
        failures.append("NastyAliased[\(index)]: \(error)")
    }
}
// The name wins over its aliases, whatever order the keys come in.
if let both = try? JSONDecoder().decode(NastyAliased.self, from: Data(#"{"*/": "x */", "default": "y */"}"#.utf8)) {
    check(both.default == "y */", "the name did not win over an alias")
}
for (text, why) in [(#"{}"#, "at least one"), (#"{"default": "abc */"}"#, "pattern"), (#"{"init": "0123456789"}"#, "length")] {
    if let value = try? JSONDecoder().decode(NastyAliased.self, from: Data(text.utf8)), (try? value.validate()) != nil {
        failures.append("NastyAliased \(text) passed validate(), which checks the \(why)")
    }
}

// MARK: - Enums and opaque strings: every wire value round-trips

let nasty = instances("Nasty").compactMap { $0 as? String }
for wire in nasty {
    let value = Nasty(wireValue: wire)
    check(value.rawValue == wire, "Nasty '\(wire)' came back as '\(value.rawValue)'")
    _ = roundTrip(Nasty.self, wire, "Nasty '\(wire)'")
}
check(Nasty.knownCases.map(\.rawValue) == nasty.dropLast(), "Nasty.knownCases")
check(Nasty.knownCases.allSatisfy(\.isKnown) && !Nasty(wireValue: nasty.last ?? "").isKnown, "isKnown")
// `init?(rawValue:)` fails for a value the enum does not list, as a closed
// enum's does; `allCases` lists the known ones.
check(Nasty(rawValue: nasty.last ?? "") == nil && Nasty.allCases == Nasty.knownCases, "failable init and allCases")
// Cases may share a name with an instance member; a static one is renamed.
check(Nasty.rawValue.rawValue == "rawValue" && Nasty.knownCases_.rawValue == "knownCases", "renamed cases")
check(Nasty(rawValue: "hashValue") == .hashValue && Nasty._2A_2F.rawValue == "*/", "code-point names")

let closed = instances("NastyClosed").compactMap { $0 as? String }
check(NastyClosed.allCases.map(\.rawValue) == closed, "NastyClosed.allCases")
for wire in closed { _ = roundTrip(NastyClosed.self, wire, "NastyClosed '\(wire)'") }
check(NastyClosed.allCases_.rawValue == "allCases", "closed allCases_")
do {
    _ = try JSONDecoder().decode(NastyClosed.self, from: Data("\"nope\"".utf8))
    failures.append("a closed enum accepted an unknown value")
} catch {}

let strings = instances("NastyString").compactMap { $0 as? String }
check(NastyString.knownValues.map(\.rawValue) == strings.dropLast(), "NastyString.knownValues")
for wire in strings { _ = roundTrip(NastyString.self, wire, "NastyString '\(wire)'") }
check(NastyString.knownValues_.rawValue == "knownValues" && NastyString.rawValue.rawValue == "rawValue", "constants")

// MARK: - Registry

check(OpenIAPTypeRegistry.specVersion == "1.0.0-hostile.1", "spec version")
check(OpenIAPTypeRegistry.types["NastyUnion"] != nil && OpenIAPTypeRegistry.types["Default"] != nil, "registry")

// MARK: - Operations: hostile argument names, codes and stores through the dispatcher

/// Implements every operation of the spec, keeping what it was called with.
actor HostileSDK: OpenIapModuleProtocol, OpenIAPAndroidOperations {
    private(set) var received: [String] = []
    private var trees: AsyncStream<NastyTree>.Continuation?

    func fetch(
        `default`: String, `self` self_: String?, type: Int?, `in`: Bool?, args: String?, sdk: String?, store: Nasty?, path: [String]?,
        newLine: String?, café: [String: Int]?, _3ds: NastyClosed?, _2A_2F: NastyInput?, `inout`: Int?
    ) async throws -> [NastyRecord] {
        if `default` == "fail" { throw PurchaseError(code: .`default`, message: "*/ \"\"\"", self: "s") }
        received.append(
            "\(`default`) \(self_ ?? "-") \(type ?? 0) \(`in` ?? false) \(args ?? "-") \(sdk ?? "-") \(store?.rawValue ?? "-") "
                + "\(path ?? []) \(newLine ?? "-") \(café ?? [:]) \(_3ds?.rawValue ?? "-") \(_2A_2F?.text ?? "-") \(`inout` ?? 0)")
        return []
    }

    func description() async throws -> NastyUnion? { nil }
    func oldThing(before: Bool?, kept: Int?) async throws -> [String: Int] { ["kept": kept ?? 0] }
    func maybeIOS(bounded: String) async throws -> String? { bounded }
    func encodeAndroid() async throws -> Bool { true }
    func happenedIOS() async -> AsyncStream<String> { AsyncStream { $0.finish() } }

    func happened(`self` self_: Bool?, `default`: String?) async -> AsyncStream<NastyTree> {
        received.append("happened \(self_ ?? false) \(`default` ?? "-")")
        let (stream, continuation) = AsyncStream<NastyTree>.makeStream()
        trees = continuation
        return stream
    }

    func send(_ tree: NastyTree) { trees?.yield(tree) }

    // The Apple module's listener functions, with the hostile option names;
    // the dispatcher takes the Android streams above, as this SDK has both.
    nonisolated func happenedListener(_ listener: @escaping HappenedListener, `self` self_: Bool?, `default`: String?) -> Subscription {
        Subscription(eventType: "happened \(self_ ?? false) \(`default` ?? "-")")
    }

    nonisolated func happenedListenerIOS(_ listener: @escaping HappenedIOSListener) -> Subscription {
        Subscription(eventType: "happenedIOS")
    }

    nonisolated func removeListener(_ subscription: Subscription) { subscription.remove() }
    nonisolated func removeAllListeners() {}
}


/// The event messages a dispatcher hands over.
final class Delivered: @unchecked Sendable {
    // `@unchecked`: `messages` is only touched under `lock`.
    private let lock = NSLock()
    private var messages: [String] = []

    func append(_ message: Data) { lock.withLock { messages.append(String(decoding: message, as: UTF8.self)) } }

    /// The messages once there are `count` (waiting at most ten seconds).
    func wait(for count: Int) async -> [String] {
        for _ in 0..<2000 where lock.withLock({ messages.count }) < count { try? await Task.sleep(for: .milliseconds(5)) }
        return lock.withLock { messages }
    }
}

/// The reply to `message`, as text.
func reply(_ dispatcher: OpenIAPDispatcher, _ message: String) async -> String {
    String(decoding: await dispatcher.handle(Data(message.utf8)), as: UTF8.self)
}

let sdk = HostileSDK()
// The listener functions' forms: every option left out, and each event's
// listener type.
let withoutOptions: Subscription = sdk.happenedListener { (_: NastyTree) in }
check(withoutOptions.eventType == "happened false -", "a listener without its options")
let listenerTypes: (HappenedListener, HappenedIOSListener) = ({ _ in }, { (_: String) in })
_ = listenerTypes
let delivered = Delivered()
let google = OpenIAPDispatcher(store: .google, sdk: sdk, events: delivered.append)
let fetch = #"{"operation": "fetch", "args": {"default": "d", "self": "s", "Type": 3, "in": true, "args": "a", "sdk": "k", "store": "self", "path": ["p"], "new\nline": "n", "café": {"x": 1}, "3ds": "Type", "*/": {"text": "t"}, "inout": 5}}"#
check(await reply(google, fetch) == #"{"result":[]}"#, "fetch through the dispatcher")
let fetched = await sdk.received
check(fetched == [#"d s 3 true a k self ["p"] n ["x": 1] Type t 5"#], "fetch's arguments: \(fetched)")
check(await reply(google, #"{"operation": "fetch", "args": {"default": "fail"}}"#) == #"{"error":{"code":"default","message":"*/ \"\"\"","self":"s"}}"#, "a thrown error with a hostile code")
check(await reply(google, #"{"operation": "fetch", "args": {"self": "s"}}"#) == #"{"error":{"code":"developer-error","message":"args.default: required, but absent"}}"#, "a hostile argument's path")
check(await reply(google, #"{"operation": "description"}"#) == #"{"result":null}"#, "an optional result")
check(await reply(google, #"{"operation": "oldThing", "args": {"before": true, "kept": 2}}"#) == #"{"result":{"kept":2}}"#, "a deprecated operation")
check(await reply(google, #"{"operation": "encodeAndroid"}"#) == #"{"result":true}"#, "an Android operation")
check(await reply(google, #"{"operation": "maybeIOS", "args": {"bounded": "b"}}"#) == #"{"error":{"code":"feature-not-supported","message":"'maybeIOS' is not available on the store 'google'"}}"#, "an Apple operation on Google Play")
let apple = OpenIAPDispatcher(store: .apple, sdk: sdk)
check(await reply(apple, #"{"operation": "maybeIOS", "args": {"bounded": "bounded"}}"#) == #"{"error":{"code":"developer-error","message":"args.bounded: 7 UTF-8 bytes exceed the limit of 4"}}"#, "validation of an argument")
check(await reply(apple, #"{"operation": "fetch", "args": {"default": "d"}}"#) == #"{"error":{"code":"feature-not-supported","message":"'fetch' is not available on the store 'apple'"}}"#, "a store the operation does not list")
let newLine = OpenIAPDispatcher(store: .newLine, sdk: sdk)
check(await reply(newLine, #"{"operation": "description"}"#) == #"{"result":null}"#, "a store named with a line break")
check(await reply(google, #"{"subscribe": "happened", "subscription": 1, "args": {"self": true, "default": "x"}}"#) == #"{"result":null}"#, "subscribe")
let listened = await sdk.received
check(listened.last == "happened true x", "listener options: \(listened)")
await sdk.send(.treeLeaf(TreeLeaf(type: "leaf", value: 1)))
check(await delivered.wait(for: 1) == [#"{"event":"happened","payload":{"type":"leaf","value":1},"subscription":1}"#], "an event")
check(await reply(google, #"{"unsubscribe": 1}"#) == #"{"result":null}"#, "unsubscribe")
check(OpenIAPTypeRegistry.types["FetchArgs"] != nil && OpenIAPTypeRegistry.types["FetchReply"] == nil && OpenIAPTypeRegistry.replyTypes["FetchReply"] != nil, "registry of the operations")

if failures.isEmpty {
    print("escaping check passed")
} else {
    print(failures.joined(separator: "\n"))
    exit(1)
}
