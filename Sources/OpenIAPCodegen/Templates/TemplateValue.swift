/// The data a template sees. View models build these; templates never compute.
///
/// Only four shapes exist on purpose: anything a target language needs
/// (escaped strings, joined names, flags such as `isOptional`) is decided by
/// the view model in Swift, and the template merely places it.
///
/// Not `indirect`: lists and objects already hold their elements in arrays,
/// so every value can live inline instead of in a box of its own.
public enum TemplateValue: Sendable, Hashable,
    ExpressibleByStringLiteral, ExpressibleByStringInterpolation,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    case string(String)
    case bool(Bool)
    case list([TemplateValue])
    case object(TemplateObject)

    public init(stringLiteral value: String) {
        self = .string(value)
    }

    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }

    public init(arrayLiteral elements: TemplateValue...) {
        self = .list(elements)
    }

    /// Like a Swift dictionary literal, a repeated key is a programming error.
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .object(TemplateObject(uniqueKeysWithValues: elements))
    }

    /// Whether a section over this value renders: `false`, `""` and `[]`
    /// are the only falsy values; every object counts as true.
    var isTruthy: Bool {
        switch self {
        case .string(let text): return !text.isEmpty
        case .bool(let flag): return flag
        case .list(let items): return !items.isEmpty
        case .object: return true
        }
    }

    /// The value's kind with an article, for error messages.
    var kindName: String {
        switch self {
        case .string: return "a string"
        case .bool: return "a boolean"
        case .list: return "a list"
        case .object: return "an object"
        }
    }
}

/// The members of an object value: names mapped to values, with the
/// behaviour of a `[String: TemplateValue]` (no order, one value per name).
///
/// View-model objects are small (a handful to a few dozen names) and are
/// built and read once per rendered element, so the members are kept in a
/// flat list and found by comparing a short fingerprint of the name before
/// the name itself. That is cheaper than hashing, both to build and to read.
public struct TemplateObject: Sendable, Hashable, ExpressibleByDictionaryLiteral {
    struct Entry: Sendable {
        var key: TemplateKey
        var value: TemplateValue
    }

    private(set) var entries: [Entry]

    public init() {
        entries = []
    }

    /// Like a Swift dictionary literal, a repeated key is a programming error
    /// (checked in debug builds).
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self.init(uniqueKeysWithValues: elements)
    }

    public init(_ members: [String: TemplateValue]) {
        entries = members.map { Entry(key: TemplateKey($0.key), value: $0.value) }
    }

    init(uniqueKeysWithValues elements: [(String, TemplateValue)]) {
        entries = elements.map { Entry(key: TemplateKey($0.0), value: $0.1) }
        assert(Set(elements.map(\.0)).count == elements.count, "repeated key in a template object literal")
    }

    /// An empty object with room for `capacity` members, for view models
    /// that know how many they will add.
    init(capacity: Int) {
        entries = []
        entries.reserveCapacity(capacity)
    }

    public var count: Int { entries.count }

    /// Adds a member under a name the object does not have yet (checked in
    /// debug builds). Cheaper than the subscript, which searches first.
    mutating func append(_ key: TemplateKey, _ value: TemplateValue) {
        assert(!entries.contains { $0.key == key }, "repeated key '\(key.name)' in a template object")
        entries.append(Entry(key: key, value: value))
    }

    /// The names, in no particular order.
    public var keys: [String] { entries.map(\.key.name) }

    public subscript(name: String) -> TemplateValue? {
        get { self[TemplateKey(name)] }
        set { self[TemplateKey(name)] = newValue }
    }

    subscript(key: TemplateKey) -> TemplateValue? {
        get {
            // By position, so only the member found is copied.
            for index in entries.indices where entries[index].key == key { return entries[index].value }
            return nil
        }
        set {
            if let index = entries.firstIndex(where: { $0.key == key }) {
                if let newValue { entries[index].value = newValue } else { entries.remove(at: index) }
            } else if let newValue {
                entries.append(Entry(key: key, value: newValue))
            }
        }
    }

    /// Adds the members of `other`; `combine` picks the value for a name both have.
    public mutating func merge(
        _ other: TemplateObject, uniquingKeysWith combine: (TemplateValue, TemplateValue) -> TemplateValue
    ) {
        for entry in other.entries {
            if let index = entries.firstIndex(where: { $0.key == entry.key }) {
                entries[index].value = combine(entries[index].value, entry.value)
            } else {
                entries.append(entry)
            }
        }
    }

    public static func == (lhs: TemplateObject, rhs: TemplateObject) -> Bool {
        lhs.count == rhs.count && lhs.entries.allSatisfy { rhs[$0.key] == $0.value }
    }

    /// Independent of member order, like a dictionary's hash.
    public func hash(into hasher: inout Hasher) {
        var members = 0
        for entry in entries {
            var one = Hasher()
            one.combine(entry.key.name)
            one.combine(entry.value)
            members ^= one.finalize()
        }
        hasher.combine(count)
        hasher.combine(members)
    }
}

/// A member name with a fingerprint of it (its length and first bytes) that
/// settles most comparisons without looking at the text. Template tags
/// compute theirs once, when the template is parsed.
struct TemplateKey: Sendable, Hashable, CustomStringConvertible {
    let name: String
    let fingerprint: UInt64

    init(_ name: String) {
        fingerprint = name.withUTF8Bytes { bytes in
            var print = UInt64(truncatingIfNeeded: bytes.count) << 56
            for index in 0..<min(7, bytes.count) {
                print |= UInt64(bytes[index]) << UInt64(index * 8)
            }
            return print
        }
        self.name = name
    }

    static func == (lhs: TemplateKey, rhs: TemplateKey) -> Bool {
        lhs.fingerprint == rhs.fingerprint && lhs.name == rhs.name
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(name)
    }

    var description: String { name }
}
