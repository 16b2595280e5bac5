/// What the map form of `deprecated:` says about a deprecated element
/// besides its message: when it was deprecated, the release that may
/// remove it, and the element to use instead. The string form leaves all
/// of it out (`Annotations.deprecation` is then nil).
///
/// Only spec facts live here; each target renders its own fix-it from them
/// (`Targets/Swift`, `Targets/Kotlin`, `Targets/TypeScript`).
public struct Deprecation: Hashable, Sendable {
    /// The spec version that deprecated the element.
    public var since: String?
    /// The spec version that may remove the element: `generator diff`
    /// reports a removal before it as an error of its own.
    public var removeIn: String?
    /// The element to use instead, as the spec names it: a type (`Product`),
    /// a field or enum value of a type (`Product.displayPrice`,
    /// `IapStore.apple`), an operation (`fetchProducts`) or an argument of
    /// one (`fetchProducts.request`).
    public var replacement: String?
    /// Where `deprecated:` is written.
    public var location: SourceLocation
    /// Where `replacement:` is written, for errors about it.
    public var replacementLocation: SourceLocation?
    /// Where `removeIn:` is written.
    public var removeInLocation: SourceLocation?

    public init(
        since: String? = nil, removeIn: String? = nil, replacement: String? = nil, location: SourceLocation,
        replacementLocation: SourceLocation? = nil, removeInLocation: SourceLocation? = nil
    ) {
        self.since = since
        self.removeIn = removeIn
        self.replacement = replacement
        self.location = location
        self.replacementLocation = replacementLocation
        self.removeInLocation = removeInLocation
    }
}

/// Spec versions (`3.2.1`, `1.0.0-beta.2`) in the order semantic
/// versioning gives them: the three numbers, then a release before any of
/// its pre-releases' absence (`4.0.0-rc.1` < `4.0.0`), pre-release parts
/// compared one by one (numbers as numbers, below words). Build metadata
/// after `+` does not count.
public enum SpecVersion {
    /// Whether `a` comes before `b`; nil when either is not a version.
    public static func precedes(_ a: String, _ b: String) -> Bool? {
        guard let left = parts(a), let right = parts(b) else { return nil }
        if left.numbers != right.numbers { return left.numbers.lexicographicallyPrecedes(right.numbers) }
        switch (left.pre, right.pre) {
        case (nil, nil), (nil, _?): return false
        case (_?, nil): return true
        case let (l?, r?):
            for (x, y) in zip(l, r) where x != y {
                switch (Int(x), Int(y)) {
                case let (m?, n?): return m < n
                case (_?, nil): return true
                case (nil, _?): return false
                case (nil, nil): return x < y
                }
            }
            return l.count < r.count
        }
    }

    private static func parts(_ text: String) -> (numbers: [Int], pre: [Substring]?)? {
        let withoutBuild = text.split(separator: "+", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let halves = withoutBuild.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        let numbers = halves[0].split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard numbers.count == 3, numbers.allSatisfy({ $0 != nil }) else { return nil }
        let pre = halves.count > 1 ? halves[1].split(separator: ".", omittingEmptySubsequences: false) : nil
        return (numbers.map { $0! }, pre)
    }
}
