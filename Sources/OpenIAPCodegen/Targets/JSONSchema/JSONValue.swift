import OpenIAPSpec

/// A JSON value whose objects keep their members in the order they were
/// built, so a printed document is stable and reads well. Code that writes
/// a large document member by member can use `JSONWriter` directly; both
/// lay out the text the same way.
package enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([Member])

    package struct Member: Hashable, Sendable {
        var key: String
        var value: JSONValue

        package init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// The value printed with two-space indentation, as `JSONWriter` lays it
    /// out. Lines after the first are indented relative to the value itself;
    /// the caller's template adds the indentation of the place it is written at.
    package func printed() -> String {
        var writer = JSONWriter()
        writer.value(self)
        return writer.text
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral {
    package init(stringLiteral value: String) { self = .string(value) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}
