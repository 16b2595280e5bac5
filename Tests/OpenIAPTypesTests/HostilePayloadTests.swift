import Foundation
import Testing
import OpenIAPTypes

/// Hostile payloads against the generated types. Each ends in a
/// `DecodingError` (with the path of the field at fault where the decoder
/// knows it) or in a defined result, never in a crash: deep nesting, huge
/// strings, numbers out of range, duplicate keys, broken UTF-8 and escapes.
@Suite struct HostilePayloadTests {
    /// The error decoding `json` as `T` throws, or nil when it decodes.
    func decodingError<T: Decodable>(_ type: T.Type, _ json: String) -> DecodingError? {
        decodingError(type, Data(json.utf8))
    }

    func decodingError<T: Decodable>(_ type: T.Type, _ data: Data) -> DecodingError? {
        do {
            _ = try JSONDecoder().decode(T.self, from: data)
            return nil
        } catch let error as DecodingError {
            return error
        } catch {
            Issue.record("not a DecodingError: \(error)")
            return nil
        }
    }

    /// The coding path of a decoding error as `a.b[0]` text.
    func path(_ error: DecodingError?) -> String? {
        let context: DecodingError.Context
        switch error {
        case let .typeMismatch(_, c)?, let .valueNotFound(_, c)?, let .keyNotFound(_, c)?, let .dataCorrupted(c)?: context = c
        case nil: return nil
        @unknown default: return nil
        }
        var text = ""
        for key in context.codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text
    }

    static let minimalResult = #"{"store": "apple", "isValid": true, "state": "entitled""#

    static func nestedArrays(_ depth: Int, around inner: String = "1") -> String {
        String(repeating: "[", count: depth) + inner + String(repeating: "]", count: depth)
    }

    // MARK: - Depth

    @Test func tenThousandDeepArraysInAnUnknownUnionMember() {
        // JSONDecoder stops at 512 levels before any generated code runs.
        let json = #"{"platform": "web", "id": "x", "extra": \#(Self.nestedArrays(10_000))}"#
        let error = decodingError(Product.self, json)
        guard case .dataCorrupted? = error else {
            Issue.record("expected dataCorrupted, got \(String(describing: error))")
            return
        }
        #expect(path(error) == "")
    }

    @Test func tenThousandDeepArraysInAnExtraField() {
        let json = Self.minimalResult + #", "extra": \#(Self.nestedArrays(10_000))}"#
        guard case .dataCorrupted? = decodingError(RequestVerifyPurchaseWithIapkitResult.self, json) else {
            Issue.record("a record with a 10,000-deep extra field decoded")
            return
        }
    }

    @Test func deepButAllowedNestingRoundTripsExactly() throws {
        // Just inside the limit: the member's object, the arrays, an object
        // and its array make maxKeptDepth levels, which the unknown member
        // keeps.
        let arrays = OpenIAPJSONValue.maxKeptDepth - 3
        let json = #"{"platform": "web", "extra": \#(Self.nestedArrays(arrays, around: #"{"k": [1, 2.5, "s", null, true]}"#))}"#
        let product = try JSONDecoder().decode(Product.self, from: Data(json.utf8))
        guard case let .unrecognized(value) = product else {
            Issue.record("expected the unknown member")
            return
        }
        let again = try JSONDecoder().decode(Product.self, from: JSONEncoder().encode(product))
        #expect(again == product)
        #expect(value.hashValue == (try JSONDecoder().decode(OpenIAPJSONValue.self, from: Data(json.utf8))).hashValue)
    }

    @Test func whatDecodesAtTheDepthLimitEncodesAgain() throws {
        // The member's object and maxKeptDepth - 1 arrays: as deep as a
        // value keeps, which encodes again. One level more is refused at the
        // array that is too deep.
        let deepest = #"{"platform": "web", "extra": \#(Self.nestedArrays(OpenIAPJSONValue.maxKeptDepth - 1))}"#
        let product = try JSONDecoder().decode(Product.self, from: Data(deepest.utf8))
        let encoded = try JSONEncoder().encode(product)
        #expect(try JSONDecoder().decode(Product.self, from: encoded) == product)
        let tooDeep = #"{"platform": "web", "extra": \#(Self.nestedArrays(OpenIAPJSONValue.maxKeptDepth))}"#
        let error = decodingError(Product.self, tooDeep)
        guard case .dataCorrupted? = error else {
            Issue.record("expected dataCorrupted, got \(String(describing: error))")
            return
        }
        #expect(path(error) == "extra" + String(repeating: "[0]", count: OpenIAPJSONValue.maxKeptDepth - 1))
    }

    @Test func manyValuesAtTheDeepestLevelAValueKeepsDecode() throws {
        // JSONDecoder builds the whole coding path afresh whenever a kind it
        // is asked for is not there, and a kept value learns each value's
        // kind by asking: time that grows with the square of the depth, for
        // every value. With 511 levels allowed, a 5 KB payload of 2,000
        // numbers 500 levels deep took 30 seconds, and this one would take
        // a minute (found by the fuzz target `types`, whose own input of 511
        // levels took 3 seconds). At the limit of maxKeptDepth levels it
        // takes a fraction of a second; `benchmark --hostile` measures that
        // the time grows linearly with the number of values.
        let numbers = Array(repeating: "1", count: 4_000).joined(separator: ",")
        let json = #"{"platform": "web", "extra": \#(Self.nestedArrays(OpenIAPJSONValue.maxKeptDepth - 2, around: "[" + numbers + "]"))}"#
        let product = try JSONDecoder().decode(Product.self, from: Data(json.utf8))
        guard case let .unrecognized(.object(members)) = product, var innermost = members["extra"] else {
            Issue.record("expected the unknown member")
            return
        }
        while case let .array(values) = innermost, values.count == 1 { innermost = values[0] }
        #expect(innermost == .array(Array(repeating: .integer(1), count: 4_000)))
    }

    /// A decoder that is already `depth` levels deep and has nothing to read.
    struct DeepDecoder: Decoder {
        struct Index: CodingKey {
            var intValue: Int?
            var stringValue: String { "\(intValue ?? 0)" }
            init(intValue: Int) { self.intValue = intValue }
            init?(stringValue: String) { nil }
        }

        var codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        init(depth: Int) { codingPath = (0..<depth).map { _ in Index(intValue: 0) } }

        func empty() -> DecodingError { .valueNotFound(Any.self, .init(codingPath: codingPath, debugDescription: "empty")) }
        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> { throw empty() }
        func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw empty() }
        func singleValueContainer() throws -> any SingleValueDecodingContainer { throw empty() }
    }

    @Test func theJSONValueGuardsDepthForAnyDecoder() {
        // JSONDecoder has its own limit; the value's guard protects it from
        // any other decoder, with the path where it stopped.
        do {
            _ = try OpenIAPJSONValue(from: DeepDecoder(depth: OpenIAPJSONValue.maxKeptDepth + 1))
            Issue.record("decoded past the depth limit")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.codingPath.count == OpenIAPJSONValue.maxKeptDepth + 1)
            #expect(context.debugDescription == "JSON nested deeper than \(OpenIAPJSONValue.maxKeptDepth) levels")
        } catch {
            Issue.record("unexpected \(error)")
        }
        // At the limit itself the value reads on (and finds nothing here).
        #expect(throws: DecodingError.self) { try OpenIAPJSONValue(from: DeepDecoder(depth: OpenIAPJSONValue.maxKeptDepth)) }
    }

    @Test func deepValuesBuiltInCodeHashCompareAndRefuseToEncode() throws {
        var deep = OpenIAPJSONValue.integer(1)
        for _ in 0..<10_000 { deep = .array([deep]) }
        var other = OpenIAPJSONValue.integer(1)
        for _ in 0..<10_000 { other = .array([other]) }
        // Equality and hashing walk without recursion.
        #expect(deep == other)
        #expect(deep.hashValue == other.hashValue)
        var different = OpenIAPJSONValue.integer(2)
        for _ in 0..<10_000 { different = .array([different]) }
        #expect(deep != different)
        #expect(Set([deep, other, different]).count == 2)
        // Encoding stops at the depth limit with an EncodingError: the
        // array at a coding path of maxDepth components is one level too deep.
        do {
            _ = try JSONEncoder().encode(deep)
            Issue.record("a 10,000-deep value was encoded")
        } catch let error as EncodingError {
            guard case let .invalidValue(_, context) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(context.codingPath.count == OpenIAPJSONValue.maxDepth)
        }
        // Releasing the value frees 10,000 nested arrays one inside the other.
        deep = .null
        other = .null
        different = .null
        #expect(deep == .null)
    }

    @Test func objectsCompareAndHashWhateverTheirKeyOrder() throws {
        let a = try JSONDecoder().decode(OpenIAPJSONValue.self, from: Data(#"{"x": 1, "y": [true, null], "z": {"q": "r"}}"#.utf8))
        let b = try JSONDecoder().decode(OpenIAPJSONValue.self, from: Data(#"{"z": {"q": "r"}, "y": [true, null], "x": 1}"#.utf8))
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a != .object([:]))
        #expect(OpenIAPJSONValue.array([.integer(1)]) != .array([.integer(1), .integer(1)]))
        #expect(OpenIAPJSONValue.integer(1) != .double(1))
    }

    // MARK: - Size

    @Test func fiftyMegabyteStrings() throws {
        let big = String(repeating: "x", count: 50_000_000)
        let result = try JSONDecoder().decode(
            RequestVerifyPurchaseWithIapkitResult.self,
            from: Data((Self.minimalResult + #", "productId": "\#(big)", "environment": "\#(big)"}"#).utf8))
        #expect(result.productId?.utf8.count == 50_000_000)
        #expect(result.environment?.rawValue.utf8.count == 50_000_000)

        // A byte limit is checked by validate(), with the path of the field.
        let payload = #"{"format": "text", "body": "\#(big)", "version": 1, "updatedAt": 0}"#
        let decoded = try JSONDecoder().decode(IapkitProductClientPayload.self, from: Data(payload.utf8))
        do {
            try decoded.validate()
            Issue.record("a 50 MB body passed validation")
        } catch {
            #expect(error.path == ["body"])
            #expect(error.reason == .tooManyBytes(limit: 16384, actual: 50_000_000))
        }
        // An unknown enum value of 50 MB is kept exactly.
        let store = try JSONDecoder().decode(IapStore.self, from: Data("\"\(big)\"".utf8))
        #expect(store.rawValue.utf8.count == 50_000_000 && !store.isKnown)
    }

    // MARK: - Numbers

    @Test func numbersBeyondInt64FailWithThePath() {
        let payload = #"{"format": "text", "body": "", "version": 9223372036854775808, "updatedAt": 0}"#
        let error = decodingError(IapkitProductClientPayload.self, payload)
        #expect(error != nil)
        #expect(path(error) == "version")
        let fraction = decodingError(IapkitProductClientPayload.self, #"{"format": "text", "body": "", "version": 1.5, "updatedAt": 0}"#)
        #expect(path(fraction) == "version")
    }

    @Test func numbersBeyondDoubleFailWithThePath() {
        for number in ["1e400", "-1e400"] {
            let payload = #"{"format": "text", "body": "", "version": 1, "updatedAt": \#(number)}"#
            #expect(path(decodingError(IapkitProductClientPayload.self, payload)) == "updatedAt", "\(number)")
            #expect(decodingError(OpenIAPJSONValue.self, number) != nil, "\(number)")
            // Inside an unknown union member, the path leads to the number.
            let product = #"{"platform": "web", "extra": {"list": [0, \#(number)]}}"#
            #expect(path(decodingError(Product.self, product)) == "extra.list[1]", "\(number)")
        }
    }

    @Test func jsonValueNumbersHaveDefinedResults() throws {
        func value(_ json: String) throws -> OpenIAPJSONValue {
            try JSONDecoder().decode(OpenIAPJSONValue.self, from: Data(json.utf8))
        }
        #expect(try value("9223372036854775807") == .integer(.max))
        #expect(try value("-9223372036854775808") == .integer(.min))
        // Outside Int64: the nearest Double.
        #expect(try value("9223372036854775808") == .double(9_223_372_036_854_775_808))
        #expect(try value("123456789012345678901234567890") == .double(1.2345678901234568e29))
        #expect(try value("1.7976931348623157e308") == .double(.greatestFiniteMagnitude))
        #expect(try value("\"12\"") == .string("12"))
        #expect(try value("true") == .bool(true))
    }

    // MARK: - Keys

    @Test func duplicateKeysKeepTheFirst() throws {
        let json = #"{"store": "apple", "isValid": true, "isValid": false, "state": "entitled", "state": "expired"}"#
        let result = try JSONDecoder().decode(RequestVerifyPurchaseWithIapkitResult.self, from: Data(json.utf8))
        #expect(result.isValid == true)
        #expect(result.state == .entitled)
        let encoded = String(decoding: try JSONEncoder().encode(result), as: UTF8.self)
        #expect(encoded.components(separatedBy: "\"isValid\"").count == 2)
        let value = try JSONDecoder().decode(OpenIAPJSONValue.self, from: Data(#"{"a": 1, "a": 2}"#.utf8))
        #expect(value == .object(["a": .integer(1)]))
    }

    // MARK: - Text

    @Test func invalidUTF8IsADecodingError() {
        let prefix = Array((Self.minimalResult + #", "productId": ""#).utf8)
        for bad: [UInt8] in [[0xFF], [0xC3], [0xC3, 0x28], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF]] {
            let data = Data(prefix + bad + Array(#""}"#.utf8))
            guard case .dataCorrupted? = decodingError(RequestVerifyPurchaseWithIapkitResult.self, data) else {
                Issue.record("bytes \(bad) were accepted")
                continue
            }
        }
    }

    @Test func invalidEscapesAreADecodingError() {
        // `\u12` swallows the closing quote, which breaks the document's
        // structure: that is found while parsing, at the root.
        let structural = decodingError(RequestVerifyPurchaseWithIapkitResult.self, Self.minimalResult + #", "productId": "a\u12"}"#)
        #expect(structural != nil && path(structural) == "")
        for escape in [#"\ud800"#, #"\udc00"#, #"\udc00\ud800"#, #"\u12x4"#, #"\uZZZZ"#, #"\x41"#, #"\q"#] {
            let json = Self.minimalResult + #", "productId": "a\#(escape)b"}"#
            let error = decodingError(RequestVerifyPurchaseWithIapkitResult.self, json)
            // Found while the string is read: located at the field.
            #expect(path(error) == "productId", "\(escape)")
            #expect(decodingError(OpenIAPJSONValue.self, #""\#(escape)""#) != nil, "\(escape)")
        }
        // A raw control character inside a string is not JSON either.
        #expect(decodingError(OpenIAPJSONValue.self, Data([0x22, 0x61, 0x00, 0x62, 0x22])) != nil)
        // Escaped, every character is fine and kept.
        #expect((try? JSONDecoder().decode(String.self, from: Data(#""a\u0000b\ud83d\ude00""#.utf8))) == "a\u{0}b😀")
    }

    @Test func wrongShapesAtTheTopAreDecodingErrors() {
        for json in ["", " ", "[]", "null", "1", "\"s\"", "{", "{\"store\": }", "{}{}"] {
            #expect(decodingError(RequestVerifyPurchaseWithIapkitResult.self, json) != nil, "\(json)")
            #expect(decodingError(Product.self, json) != nil, "\(json)")
        }
    }
}
