import OpenIAPSpec

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
///
/// Names and values are kept in two lists, member `i` being `keys[i]` and
/// `values[i]`, so that the many objects a view model builds with the same
/// names can share one list of them (see `init(keys:)`). A shared list is
/// copied only if such an object is changed other than by `append`.
public struct TemplateObject: Sendable, Hashable, ExpressibleByDictionaryLiteral {
    /// The names of the members; may hold more names than there are
    /// values while the object is built from a list given to
    /// `init(keys:)`, and only the first `values.count` are members.
    // Readable by the inlinable builders below, which the view models'
    // modules compile into their own code.
    @usableFromInline private(set) var memberKeys: [TemplateKey]
    @usableFromInline private(set) var values: [TemplateValue]

    public init() {
        memberKeys = []
        values = []
    }

    /// Like a Swift dictionary literal, a repeated key is a programming error
    /// (checked in debug builds).
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self.init(uniqueKeysWithValues: elements)
    }

    public init(_ members: [String: TemplateValue]) {
        memberKeys = members.keys.map(TemplateKey.init)
        values = Array(members.values)
    }

    init(uniqueKeysWithValues elements: [(String, TemplateValue)]) {
        memberKeys = elements.map { TemplateKey($0.0) }
        values = elements.map(\.1)
        assert(Set(elements.map(\.0)).count == elements.count, "repeated key in a template object literal")
    }

    /// An empty object with room for `capacity` members, for view models
    /// that know how many they will add.
    @inlinable
    package init(capacity: Int) {
        memberKeys = []
        memberKeys.reserveCapacity(capacity)
        values = []
        values.reserveCapacity(capacity)
    }

    /// An empty object whose members will be `keys`, added in that order
    /// with `append`, for the objects a view model builds many of with the
    /// same names: they all share the one list of names, so building one
    /// copies, retains and later releases no name, and allocates only the
    /// list of values. Appending past the end of `keys`, or a name other
    /// than the one declared next, adds members as usual (the latter at the
    /// cost of a copy of the names).
    @inlinable
    package init(keys: [TemplateKey]) {
        assert(Set(keys).count == keys.count, "repeated key in the keys of a template object")
        memberKeys = keys
        values = []
        values.reserveCapacity(keys.count)
    }

    public var count: Int { values.count }

    /// Adds a member under a name the object does not have yet (checked in
    /// debug builds). Cheaper than the subscript, which searches first.
    ///
    /// Inlined, and `value` is consumed: the view models call this for
    /// every member they build, and as a call that copied its argument it
    /// cost a retain and a release per member on top of the call.
    /// `@inlinable`, because `@inline(__always)` alone does not reach
    /// across modules: the view models still made a call per member.
    @inlinable @inline(__always)
    package mutating func append(_ key: TemplateKey, _ value: consuming TemplateValue) {
        assert(!memberKeys[..<values.count].contains(key), "repeated key '\(key.name)' in a template object")
        // The name declared at this position (by `init(keys:)`) is already
        // in the list. Any other name ends the sharing: the names declared
        // but not added are dropped, which copies a shared list, and the
        // name is added as to any object.
        if values.count >= memberKeys.count || memberKeys[values.count] != key {
            dropUnusedKeys()
            memberKeys.append(key)
        }
        values.append(value)
    }

    /// Drops the names declared by `init(keys:)` that were never added, so
    /// that every name has a value.
    @usableFromInline
    mutating func dropUnusedKeys() {
        if memberKeys.count > values.count { memberKeys.removeLast(memberKeys.count - values.count) }
    }

    /// The names, in no particular order.
    public var keys: [String] { memberKeys[..<values.count].map(\.name) }

    public subscript(name: String) -> TemplateValue? {
        get { self[TemplateKey(name)] }
        set { self[TemplateKey(name)] = newValue }
    }

    /// The position of the member called `key`.
    private func index(of key: TemplateKey) -> Int? {
        for index in values.indices where memberKeys[index] == key { return index }
        return nil
    }

    package subscript(key: TemplateKey) -> TemplateValue? {
        get {
            // By position, so only the member found is copied.
            guard let index = index(of: key) else { return nil }
            return values[index]
        }
        set {
            dropUnusedKeys()
            if let index = index(of: key) {
                if let newValue {
                    values[index] = newValue
                } else {
                    memberKeys.remove(at: index)
                    values.remove(at: index)
                }
            } else if let newValue {
                memberKeys.append(key)
                values.append(newValue)
            }
        }
    }

    /// Adds the members of `other`; `combine` picks the value for a name both have.
    public mutating func merge(
        _ other: TemplateObject, uniquingKeysWith combine: (TemplateValue, TemplateValue) -> TemplateValue
    ) {
        dropUnusedKeys()
        for position in other.values.indices {
            let key = other.memberKeys[position]
            if let index = index(of: key) {
                values[index] = combine(values[index], other.values[position])
            } else {
                memberKeys.append(key)
                values.append(other.values[position])
            }
        }
    }

    /// Calls `body` with the names and the values in place; the names
    /// buffer is as long as the values one.
    func withMembers<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<TemplateKey>, UnsafeBufferPointer<TemplateValue>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try memberKeys.withUnsafeBufferPointer { (keys) throws(Failure) in
            try values.withUnsafeBufferPointer { (values) throws(Failure) in
                try body(UnsafeBufferPointer(rebasing: keys[..<values.count]), values)
            }
        }
    }

    public static func == (lhs: TemplateObject, rhs: TemplateObject) -> Bool {
        lhs.count == rhs.count && lhs.values.indices.allSatisfy { rhs[lhs.memberKeys[$0]] == lhs.values[$0] }
    }

    /// Independent of member order, like a dictionary's hash.
    public func hash(into hasher: inout Hasher) {
        var members = 0
        for index in values.indices {
            var one = Hasher()
            one.combine(memberKeys[index].name)
            one.combine(values[index])
            members ^= one.finalize()
        }
        hasher.combine(count)
        hasher.combine(members)
    }
}

/// A member name with a fingerprint of it (its length and first bytes) that
/// settles most comparisons without looking at the text. Template tags
/// compute theirs once, when the template is parsed.
@usableFromInline
package struct TemplateKey: Sendable, Hashable, CustomStringConvertible {
    @usableFromInline let name: String
    @usableFromInline let fingerprint: UInt64

    package init(_ name: String) {
        // The bytes read in place: stepping through the UTF-8 view cost
        // more than the rest of building an object from a dictionary
        // literal, which makes a key per member.
        fingerprint =
            name.utf8.withContiguousStorageIfAvailable(Self.fingerprint)
            ?? Self.fingerprint(of: Array(name.utf8))
        self.name = name
    }

    /// The length in the top byte, then the first seven bytes.
    private static func fingerprint(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var print = UInt64(truncatingIfNeeded: bytes.count) << 56
        for index in 0..<min(bytes.count, 7) { print |= UInt64(bytes[index]) << UInt64(8 * index) }
        return print
    }

    private static func fingerprint(of bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBufferPointer(fingerprint)
    }

    @inlinable
    package static func == (lhs: TemplateKey, rhs: TemplateKey) -> Bool {
        lhs.fingerprint == rhs.fingerprint && lhs.name == rhs.name
    }

    @usableFromInline
    package func hash(into hasher: inout Hasher) {
        hasher.combine(name)
    }

    @usableFromInline
    package var description: String { name }
}
