// Support types shared by every generated file.

import Foundation

/// A coding key made from any string: the key of every generated record and
/// union (written as the wire name's string literal, so that no type needs a
/// key type of its own), and of objects whose keys are not known in advance.
public struct OpenIAPAnyKey: CodingKey, Hashable, Sendable, ExpressibleByStringLiteral {
    public var stringValue: String
    public var intValue: Int? { nil }

    public init(_ stringValue: String) {
        self.stringValue = stringValue
    }

    public init(stringValue: String) {
        self.stringValue = stringValue
    }

    public init(stringLiteral stringValue: String) {
        self.stringValue = stringValue
    }

    public init?(intValue: Int) {
        return nil
    }

    /// The key of a wire name written as a `StaticString` literal, as the
    /// generated coding code passes them.
    init(wireName: StaticString) {
        self.stringValue = wireName.description
    }
}

/// Any JSON value, kept exactly enough to be written back: integers stay
/// integers, object keys keep their text. Union payloads with an unknown tag
/// are stored as one of these.
///
/// Hostile input has defined results:
/// - a value decodes from at most `maxKeptDepth` levels of arrays and
///   objects, counted from the top of the document, and encodes into at
///   most `maxDepth`, as deep as JSONEncoder writes, so recursion stays
///   shallow and whatever decodes encodes again;
/// - `==` and `hash(into:)` walk the value without recursion;
/// - an integer outside `Int64` is kept as the nearest `Double`, and a number
///   outside `Double`'s range fails decoding;
/// - of duplicate object keys, the decoder decides which one is kept
///   (Foundation's JSONDecoder keeps the first).
public enum OpenIAPJSONValue: Codable, Hashable, Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case string(String)
    case array([OpenIAPJSONValue])
    case object([String: OpenIAPJSONValue])

    /// The most arrays and objects nested in one another that a value is
    /// encoded into, counted from the top of the document: an array or
    /// object at a coding path of `maxDepth` components is one level too
    /// deep. As deep as JSONEncoder writes.
    public static let maxDepth = 511

    /// The most arrays and objects nested in one another that a value is
    /// decoded from, counted from the top of the document as `maxDepth` is.
    ///
    /// A decoder tells a value's kind only by being asked for each kind in
    /// turn, and JSONDecoder builds the whole coding path afresh for every
    /// refusal and for every read of `codingPath`: work that grows with the
    /// square of the depth, for every value. At 511 levels a 5 KB payload
    /// took 30 seconds to decode (found by the fuzz target `types`); at 32
    /// each value costs at most some 80 microseconds, and payloads the
    /// stores send nest a dozen levels at most.
    public static let maxKeptDepth = 32

    /// Whether an array or object (`container`) or another value `depth`
    /// coding path components deep nests deeper than `limit` levels; any
    /// value deeper than `limit` components does.
    private static func tooDeep(_ depth: Int, container: Bool, limit: Int) -> Bool {
        depth > limit || (container && depth == limit)
    }

    private static func depthMessage(_ limit: Int) -> String { "JSON nested deeper than \(limit) levels" }

    private static func depthError(decoding codingPath: [any CodingKey]) -> DecodingError {
        DecodingError.dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: depthMessage(maxKeptDepth)))
    }

    public init(from decoder: any Decoder) throws {
        // Read once: a decoder builds its coding path afresh on every call.
        let depth = decoder.codingPath.count
        if Self.tooDeep(depth, container: false, limit: Self.maxKeptDepth) { throw Self.depthError(decoding: decoder.codingPath) }
        if let container = try? decoder.container(keyedBy: OpenIAPAnyKey.self) {
            if Self.tooDeep(depth, container: true, limit: Self.maxKeptDepth) { throw Self.depthError(decoding: decoder.codingPath) }
            var object: [String: OpenIAPJSONValue] = [:]
            for key in container.allKeys {
                object[key.stringValue] = try container.decodeField(OpenIAPJSONValue.self, at: key)
            }
            self = .object(object)
            return
        }
        if var container = try? decoder.unkeyedContainer() {
            if Self.tooDeep(depth, container: true, limit: Self.maxKeptDepth) { throw Self.depthError(decoding: decoder.codingPath) }
            var array: [OpenIAPJSONValue] = []
            while !container.isAtEnd {
                do {
                    array.append(try container.decode(OpenIAPJSONValue.self))
                } catch {
                    throw OpenIAPDecoding.located(error, at: container.codingPath)
                }
            }
            self = .array(array)
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else {
            // The last try reports its own error: a number out of range.
            do {
                self = .double(try container.decode(Double.self))
            } catch {
                throw OpenIAPDecoding.located(error, at: decoder.codingPath)
            }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        let container: Bool
        switch self {
        case .array, .object: container = true
        default: container = false
        }
        if Self.tooDeep(encoder.codingPath.count, container: container, limit: Self.maxDepth) {
            throw EncodingError.invalidValue(
                self, EncodingError.Context(codingPath: encoder.codingPath, debugDescription: Self.depthMessage(Self.maxDepth)))
        }
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case let .bool(value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case let .integer(value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case let .double(value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case let .string(value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case let .array(values):
            var container = encoder.unkeyedContainer()
            for value in values { try container.encode(value) }
        case let .object(members):
            var container = encoder.container(keyedBy: OpenIAPAnyKey.self)
            for key in members.keys.sorted() {
                try container.encode(members[key]!, forKey: OpenIAPAnyKey(key))
            }
        }
    }

    public static func == (lhs: OpenIAPJSONValue, rhs: OpenIAPJSONValue) -> Bool {
        var pending = [(lhs, rhs)]
        while let (left, right) = pending.popLast() {
            switch (left, right) {
            case (.null, .null): continue
            case let (.bool(a), .bool(b)): if a != b { return false }
            case let (.integer(a), .integer(b)): if a != b { return false }
            case let (.double(a), .double(b)): if a != b { return false }
            case let (.string(a), .string(b)): if a != b { return false }
            case let (.array(a), .array(b)):
                guard a.count == b.count else { return false }
                pending.append(contentsOf: zip(a, b))
            case let (.object(a), .object(b)):
                guard a.count == b.count else { return false }
                for (key, value) in a {
                    guard let other = b[key] else { return false }
                    pending.append((value, other))
                }
            default:
                return false
            }
        }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        var pending = [self]
        while let value = pending.popLast() {
            switch value {
            case .null:
                hasher.combine(0)
            case let .bool(flag):
                hasher.combine(1)
                hasher.combine(flag)
            case let .integer(number):
                hasher.combine(2)
                hasher.combine(number)
            case let .double(number):
                hasher.combine(3)
                hasher.combine(number)
            case let .string(text):
                hasher.combine(4)
                hasher.combine(text)
            case let .array(values):
                hasher.combine(5)
                hasher.combine(values.count)
                pending.append(contentsOf: values.reversed())
            case let .object(members):
                // Equal objects have the same keys, so sorting them gives
                // equal values the same hash whatever their storage order.
                hasher.combine(6)
                hasher.combine(members.count)
                for key in members.keys.sorted().reversed() {
                    hasher.combine(key)
                    pending.append(members[key]!)
                }
            }
        }
    }
}

/// Why `validate()` rejected a value, with the path of the field at fault
/// (`["clientPayload", "body"]`).
public struct OpenIAPValidationError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Reason: Hashable, Sendable {
        /// A string longer than its limit, both counted in UTF-8 bytes.
        case tooManyBytes(limit: Int, actual: Int)
        case belowMinimum(minimum: Double, actual: Double)
        case aboveMaximum(maximum: Double, actual: Double)
        /// Exactly one of `fields` must be set; `found` were.
        case exactlyOne(fields: [String], found: Int)
        /// A string shorter than its minimum, both counted in characters
        /// (Unicode scalars, as JSON Schema's `minLength` counts them).
        case tooFewCharacters(minimum: Int, actual: Int)
        /// A string longer than its maximum, in characters (Unicode scalars).
        case tooManyCharacters(maximum: Int, actual: Int)
        /// A string that does not match `pattern` as a whole.
        case patternMismatch(pattern: String)
        /// At least one of `fields` must be set; none was.
        case atLeastOne(fields: [String])
    }

    public var path: [String]
    public var reason: Reason

    public init(path: [String], reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// The field path as written in code: `clientPayload.body`, `items[2].id`.
    public var pathDescription: String {
        var text = ""
        for component in path {
            if component.hasPrefix("[") {
                text += component
            } else {
                text += text.isEmpty ? component : "." + component
            }
        }
        return text.isEmpty ? "(root)" : text
    }

    public var description: String {
        switch reason {
        case let .tooManyBytes(limit, actual):
            return "\(pathDescription): \(actual) UTF-8 bytes exceed the limit of \(limit)"
        case let .belowMinimum(minimum, actual):
            return "\(pathDescription): \(actual) is below the minimum \(minimum)"
        case let .aboveMaximum(maximum, actual):
            return "\(pathDescription): \(actual) is above the maximum \(maximum)"
        case let .exactlyOne(fields, found):
            return "\(pathDescription): exactly one of \(fields.joined(separator: ", ")) must be set; found \(found)"
        case let .tooFewCharacters(minimum, actual):
            return "\(pathDescription): \(actual) characters are fewer than the minimum of \(minimum)"
        case let .tooManyCharacters(maximum, actual):
            return "\(pathDescription): \(actual) characters exceed the maximum of \(maximum)"
        case let .patternMismatch(pattern):
            return "\(pathDescription): does not match the pattern \(pattern)"
        case let .atLeastOne(fields):
            return "\(pathDescription): at least one of \(fields.joined(separator: ", ")) must be set"
        }
    }

    static func checkBytes(_ value: String, limit: Int, path: [String]) throws(OpenIAPValidationError) {
        let count = value.utf8.count
        if count > limit { throw OpenIAPValidationError(path: path, reason: .tooManyBytes(limit: limit, actual: count)) }
    }

    /// Checks a length in characters, counted as Unicode scalars.
    static func checkCharacters(_ value: String, minimum: Int?, maximum: Int?, path: [String]) throws(OpenIAPValidationError) {
        let count = value.unicodeScalars.count
        if let minimum, count < minimum {
            throw OpenIAPValidationError(path: path, reason: .tooFewCharacters(minimum: minimum, actual: count))
        }
        if let maximum, count > maximum {
            throw OpenIAPValidationError(path: path, reason: .tooManyCharacters(maximum: maximum, actual: count))
        }
    }

    static func checkPattern(_ value: String, _ pattern: OpenIAPPattern, path: [String]) throws(OpenIAPValidationError) {
        if !pattern.matches(value) { throw OpenIAPValidationError(path: path, reason: .patternMismatch(pattern: pattern.source)) }
    }

    static func checkRange(_ value: Double, minimum: Double?, maximum: Double?, path: [String]) throws(OpenIAPValidationError) {
        if let minimum, value < minimum {
            throw OpenIAPValidationError(path: path, reason: .belowMinimum(minimum: minimum, actual: value))
        }
        if let maximum, value > maximum {
            throw OpenIAPValidationError(path: path, reason: .aboveMaximum(maximum: maximum, actual: value))
        }
    }
}

/// A `pattern:` of the spec, compiled by the generator: the whole string
/// must match. The spec language allows only anchored sequences of ASCII
/// characters and classes with counts (`Docs/SpecLanguage.md`), so matching
/// is a walk over the positions those steps unroll to, linear in the
/// string's length, and a string holding any character outside ASCII never
/// matches.
struct OpenIAPPattern: Sendable {
    /// The pattern as the spec writes it, for messages.
    let source: String
    /// Per position: the ASCII characters it accepts (bit n of the first
    /// word for code n below 64, of the second for the others) and whether
    /// it may be skipped (`optional`) or repeated (`repeats`).
    private let low: [UInt64]
    private let high: [UInt64]
    private let optional: [Bool]
    private let repeats: [Bool]

    /// `steps` are (low, high, minimum, maximum), maximum -1 for none.
    init(_ source: String, _ steps: [(UInt64, UInt64, Int, Int)]) {
        self.source = source
        var low: [UInt64] = []
        var high: [UInt64] = []
        var optional: [Bool] = []
        var repeats: [Bool] = []
        for (lowBits, highBits, minimum, maximum) in steps {
            let positions = maximum < 0 ? minimum + 1 : maximum
            for position in 0..<positions {
                low.append(lowBits)
                high.append(highBits)
                optional.append(position >= minimum)
                repeats.append(maximum < 0 && position == minimum)
            }
        }
        (self.low, self.high, self.optional, self.repeats) = (low, high, optional, repeats)
    }

    func matches(_ text: String) -> Bool {
        let count = low.count
        // `active[p]`: some prefix of the text read so far ends before position p.
        var active = [Bool](repeating: false, count: count + 1)
        var next = active
        active[0] = true
        skipOptional(&active)
        for byte in text.utf8 {
            guard byte < 0x80 else { return false }
            for position in next.indices { next[position] = false }
            var any = false
            for position in 0..<count where active[position] {
                let accepts = byte < 64 ? low[position] & (1 << UInt64(byte)) != 0 : high[position] & (1 << UInt64(byte - 64)) != 0
                guard accepts else { continue }
                next[repeats[position] ? position : position + 1] = true
                any = true
            }
            guard any else { return false }
            skipOptional(&next)
            swap(&active, &next)
        }
        return active[count]
    }

    /// Adds the positions reached by skipping optional ones.
    private func skipOptional(_ set: inout [Bool]) {
        for position in 0..<low.count where set[position] && optional[position] { set[position + 1] = true }
    }
}

/// Checks the rules decoding does not enforce: UTF-8 byte limits, lengths
/// in characters, patterns, numeric ranges and exactly-one-of and
/// at-least-one-of groups. Decoding stays tolerant; producers and
/// strict consumers call `validate()`.
public protocol OpenIAPValidatable {
    /// Validates this value, which sits at `path` inside the value being checked.
    func validate(at path: [String]) throws(OpenIAPValidationError)
}

extension OpenIAPValidatable {
    public func validate(at path: [String]) throws(OpenIAPValidationError) {}

    /// Validates this value and everything it contains.
    public func validate() throws(OpenIAPValidationError) {
        try validate(at: [])
    }
}

/// Decoding helpers shared by the generated types, and decoding errors with
/// a place. Foundation's JSONDecoder finds some problems only when a value is
/// read (a number out of range, a broken `\u` escape) and reports them
/// without a coding path; the generated decoders rethrow those as
/// `DecodingError.dataCorrupted` at the field being read.
enum OpenIAPDecoding {
    /// The JSON string `decoder` holds: what every enum and opaque string is
    /// read from.
    static func string(from decoder: any Decoder) throws -> String {
        try decoder.singleValueContainer().decode(String.self)
    }

    static func located(_ error: any Error, at codingPath: [any CodingKey]) -> any Error {
        if error is DecodingError { return error }
        return DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: codingPath, debugDescription: "the value cannot be read: \(error)", underlyingError: error))
    }
}

extension KeyedDecodingContainer where Key == OpenIAPAnyKey {
    // What the generated `init(from:)` calls, one line per field. The key is
    // the wire name as a `StaticString` literal: a constant at the call
    // site, where a `String` or an `OpenIAPAnyKey` literal is a string built
    // in line, which costs the optimised build of every record (about a
    // third of its optimiser time, measured) and the object code. The key is
    // made here, once per field type.

    /// `decode(_:forKey:)`, with the field's path on every error.
    @inline(never)
    func decodeField<T: Decodable>(_ type: T.Type, forKey name: StaticString) throws -> T {
        try decodeField(type, at: OpenIAPAnyKey(wireName: name))
    }

    /// `decodeIfPresent(_:forKey:)`, with the field's path on every error.
    @inline(never)
    func decodeFieldIfPresent<T: Decodable>(_ type: T.Type, forKey name: StaticString) throws -> T? {
        try decodeFieldIfPresent(type, at: OpenIAPAnyKey(wireName: name))
    }

    /// Reads an optional field that degrades: a present value that cannot be
    /// read (wrong JSON type, a nested failure) counts as absent.
    @inline(never)
    func decodeDegrading<T: Decodable>(_ type: T.Type, forKey name: StaticString) -> T? {
        (try? decodeIfPresent(type, forKey: OpenIAPAnyKey(wireName: name))) ?? nil
    }

    // The same for the scalar types, through the container's own overloads
    // for them, which JSONDecoder reads in place; its generic
    // `decode(_:forKey:)` makes a nested decoder for every value (about 15 %
    // more instructions to decode an IAPKit result).
    @inline(never) func decodeField(_ type: String.Type, forKey name: StaticString) throws -> String { try decodeField(type, at: OpenIAPAnyKey(wireName: name)) }
    @inline(never) func decodeField(_ type: Bool.Type, forKey name: StaticString) throws -> Bool { try decodeField(type, at: OpenIAPAnyKey(wireName: name)) }
    @inline(never) func decodeField(_ type: Int.Type, forKey name: StaticString) throws -> Int { try decodeField(type, at: OpenIAPAnyKey(wireName: name)) }
    @inline(never) func decodeField(_ type: Double.Type, forKey name: StaticString) throws -> Double { try decodeField(type, at: OpenIAPAnyKey(wireName: name)) }
    @inline(never) func decodeFieldIfPresent(_ type: String.Type, forKey name: StaticString) throws -> String? { try decodeFieldIfPresent(type, at: OpenIAPAnyKey(wireName: name)) }
    @inline(never) func decodeFieldIfPresent(_ type: Bool.Type, forKey name: StaticString) throws -> Bool? { try decodeFieldIfPresent(type, at: OpenIAPAnyKey(wireName: name)) }
    @inline(never) func decodeFieldIfPresent(_ type: Int.Type, forKey name: StaticString) throws -> Int? { try decodeFieldIfPresent(type, at: OpenIAPAnyKey(wireName: name)) }
    @inline(never) func decodeFieldIfPresent(_ type: Double.Type, forKey name: StaticString) throws -> Double? { try decodeFieldIfPresent(type, at: OpenIAPAnyKey(wireName: name)) }
    @inline(never) func decodeDegrading(_ type: String.Type, forKey name: StaticString) -> String? { (try? decodeIfPresent(type, forKey: OpenIAPAnyKey(wireName: name))) ?? nil }

    /// Of a field's name and its decode-only aliases, in that order, the
    /// first that the object has; the name when it has none of them. The
    /// field is read from that key alone, so a reader takes the same key
    /// whatever its value (null included), and an alias is never read when
    /// the name is there.
    func firstPresentKey(_ names: [String]) -> Key {
        for name in names where contains(OpenIAPAnyKey(name)) { return OpenIAPAnyKey(name) }
        return OpenIAPAnyKey(names[0])
    }
}

extension KeyedDecodingContainer {
    // The same reads at a key made at run time (a field with aliases, see
    // `firstPresentKey`); in line, in the helpers above and at those few
    // fields.
    @inline(__always)
    func decodeField<T: Decodable>(_ type: T.Type, at key: Key) throws -> T {
        try locating(key) { try decode(type, forKey: key) }
    }

    @inline(__always)
    func decodeFieldIfPresent<T: Decodable>(_ type: T.Type, at key: Key) throws -> T? {
        try locating(key) { try decodeIfPresent(type, forKey: key) }
    }

    @inline(__always)
    func decodeDegrading<T: Decodable>(_ type: T.Type, at key: Key) -> T? {
        (try? decodeIfPresent(type, forKey: key)) ?? nil
    }

    @inline(__always) func decodeField(_ type: String.Type, at key: Key) throws -> String { try locating(key) { try decode(type, forKey: key) } }
    @inline(__always) func decodeField(_ type: Bool.Type, at key: Key) throws -> Bool { try locating(key) { try decode(type, forKey: key) } }
    @inline(__always) func decodeField(_ type: Int.Type, at key: Key) throws -> Int { try locating(key) { try decode(type, forKey: key) } }
    @inline(__always) func decodeField(_ type: Double.Type, at key: Key) throws -> Double { try locating(key) { try decode(type, forKey: key) } }
    @inline(__always) func decodeFieldIfPresent(_ type: String.Type, at key: Key) throws -> String? { try locating(key) { try decodeIfPresent(type, forKey: key) } }
    @inline(__always) func decodeFieldIfPresent(_ type: Bool.Type, at key: Key) throws -> Bool? { try locating(key) { try decodeIfPresent(type, forKey: key) } }
    @inline(__always) func decodeFieldIfPresent(_ type: Int.Type, at key: Key) throws -> Int? { try locating(key) { try decodeIfPresent(type, forKey: key) } }
    @inline(__always) func decodeFieldIfPresent(_ type: Double.Type, at key: Key) throws -> Double? { try locating(key) { try decodeIfPresent(type, forKey: key) } }

    /// The value `read` returns, or its error at the field `key` of this
    /// container (see `OpenIAPDecoding.located`).
    @inline(__always)
    private func locating<T>(_ key: Key, _ read: () throws -> T) throws -> T {
        do {
            return try read()
        } catch {
            throw located(error, forKey: key)
        }
    }

    /// `error` at the field `key` of this container. Out of line: the
    /// helpers above are made once per field type, and this, their error
    /// path, once for them all.
    @inline(never)
    func located(_ error: any Error, forKey key: Key) -> any Error {
        OpenIAPDecoding.located(error, at: codingPath + [key])
    }
}

/// How enums read their wire values: each enum keeps a table of every
/// spelling it accepts (each value's wire string, then its decode-only
/// aliases) with the position of the value it stands for, searched in order,
/// so that of equal spellings the first wins, as in a `switch`.
enum OpenIAPSpellings {
    /// The position `spelling` stands for, or nil when `table` does not list it.
    static func position(of spelling: String, in table: KeyValuePairs<String, Int>) -> Int? {
        for (candidate, position) in table where candidate == spelling { return position }
        return nil
    }

    /// The position of the JSON string `decoder` holds, for the closed enum
    /// `type`; an unlisted string throws `dataCorrupted` naming the
    /// `expected` values.
    static func position(
        reading decoder: any Decoder, of type: Any.Type, in table: KeyValuePairs<String, Int>, expected: String
    ) throws -> Int {
        let value = try OpenIAPDecoding.string(from: decoder)
        guard let position = position(of: value, in: table) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription: "unknown \(type) value '\(value)'; expected one of: " + expected))
        }
        return position
    }
}

/// Encoding helpers shared by the generated types.
enum OpenIAPEncoding {
    /// Writes `value` as a JSON string: what every enum and opaque string is.
    static func string(_ value: String, to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

extension KeyedEncodingContainer where Key == OpenIAPAnyKey {
    // What the generated `encode(to:)` calls, one line per field, with the
    // wire name as a `StaticString` (see the decoding helpers). An optional
    // field that is nil writes nothing, as `encodeIfPresent` does.

    @inline(never)
    mutating func encodeField<T: Encodable>(_ value: T, forKey name: StaticString) throws {
        try encode(value, forKey: OpenIAPAnyKey(wireName: name))
    }

    @inline(never)
    mutating func encodeFieldIfPresent<T: Encodable>(_ value: T?, forKey name: StaticString) throws {
        if let value { try encode(value, forKey: OpenIAPAnyKey(wireName: name)) }
    }

    // The scalar types through the container's own overloads for them.
    @inline(never) mutating func encodeField(_ value: String, forKey name: StaticString) throws { try encode(value, forKey: OpenIAPAnyKey(wireName: name)) }
    @inline(never) mutating func encodeField(_ value: Bool, forKey name: StaticString) throws { try encode(value, forKey: OpenIAPAnyKey(wireName: name)) }
    @inline(never) mutating func encodeField(_ value: Int, forKey name: StaticString) throws { try encode(value, forKey: OpenIAPAnyKey(wireName: name)) }
    @inline(never) mutating func encodeField(_ value: Double, forKey name: StaticString) throws { try encode(value, forKey: OpenIAPAnyKey(wireName: name)) }
    @inline(never) mutating func encodeFieldIfPresent(_ value: String?, forKey name: StaticString) throws { if let value { try encode(value, forKey: OpenIAPAnyKey(wireName: name)) } }
    @inline(never) mutating func encodeFieldIfPresent(_ value: Bool?, forKey name: StaticString) throws { if let value { try encode(value, forKey: OpenIAPAnyKey(wireName: name)) } }
    @inline(never) mutating func encodeFieldIfPresent(_ value: Int?, forKey name: StaticString) throws { if let value { try encode(value, forKey: OpenIAPAnyKey(wireName: name)) } }
    @inline(never) mutating func encodeFieldIfPresent(_ value: Double?, forKey name: StaticString) throws { if let value { try encode(value, forKey: OpenIAPAnyKey(wireName: name)) } }

    /// Writes an open enum or opaque string as its wire string, without a
    /// nested encoder per value. One copy per type, shared by every record
    /// that has a field of it.
    @inline(never)
    mutating func encodeRawValue<T: RawRepresentable>(_ value: T, forKey name: StaticString) throws where T.RawValue == String {
        try encode(value.rawValue, forKey: OpenIAPAnyKey(wireName: name))
    }

    /// `encodeRawValue(_:forKey:)` for an optional field: nothing when nil.
    @inline(never)
    mutating func encodeRawValueIfPresent<T: RawRepresentable>(_ value: T?, forKey name: StaticString) throws where T.RawValue == String {
        if let value { try encode(value.rawValue, forKey: OpenIAPAnyKey(wireName: name)) }
    }

    /// Writes the one key of a `oneOf` record's case: the value, or null
    /// when it is nil, so that the key is there to be read back.
    mutating func encodeFieldOrNull<T: Encodable>(_ value: T?, forKey name: StaticString) throws {
        if let value {
            try encode(value, forKey: OpenIAPAnyKey(wireName: name))
        } else {
            try encodeNil(forKey: OpenIAPAnyKey(wireName: name))
        }
    }
}

extension OpenIAPJSONValue {
    /// The member `key` of an object read as a `T`, or nil when this is not
    /// an object, the key is absent or null, or its value is no `T`. What a
    /// union answers for a shared field of a member this version does not
    /// know; slow (a round trip through JSON), and only used there.
    func decodedMember<T: Decodable>(_ key: String, as type: T.Type) -> T? {
        guard case let .object(members) = self, let member = members[key], member != .null,
            let data = try? JSONEncoder().encode(member)
        else { return nil }
        return try? JSONDecoder().decode(type, from: data)
    }
}
