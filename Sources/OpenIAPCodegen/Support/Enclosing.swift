import OpenIAPSpec

extension String {
    /// `open`, then `body`, then `close`, as one string made at its final
    /// size. Chaining `+` builds an intermediate string first, and quoting
    /// runs once for every literal of a large spec.
    static func enclosing(_ body: String, open: String, close: String) -> String {
        var result = ""
        result.reserveCapacity(open.utf8.count + body.utf8.count + close.utf8.count)
        result += open
        result += body
        result += close
        return result
    }
}
