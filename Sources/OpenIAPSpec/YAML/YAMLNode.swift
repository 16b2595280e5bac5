/// A YAML document as a tree of located nodes.
///
/// The reader never resolves tags to types the way YAML 1.1 does: every scalar
/// stays the text that was written, so `no`, `on` and `1.0` are strings until
/// the spec reader decides what it expects. `style` tells whether a scalar was
/// quoted, which is how `"true"` differs from `true`.
public struct YAMLNode: Sendable {
    public enum Kind: Sendable {
        case scalar(String, style: ScalarStyle)
        case sequence([YAMLNode])
        /// Keys in document order; duplicates were rejected while reading.
        case mapping([(key: YAMLNode, value: YAMLNode)])
    }

    public enum ScalarStyle: Sendable {
        case plain
        case quoted
        case block
    }

    public var kind: Kind
    public var location: SourceLocation
    /// An explicit tag such as `!!str`, if one was written.
    public var tag: String?

    public init(_ kind: Kind, at location: SourceLocation, tag: String? = nil) {
        self.kind = kind
        self.location = location
        self.tag = tag
    }

    public var scalar: String? {
        if case let .scalar(text, _) = kind { return text }
        return nil
    }

    public var isNull: Bool {
        if case let .scalar(text, style) = kind, style == .plain {
            return text.isEmpty || Self.nullSpellings.contains { text == $0.description }
        }
        return false
    }

    /// The plain scalars YAML reads as null, besides the empty one. The tree
    /// and `YAMLDocument` both ask here.
    static let nullSpellings: [StaticString] = ["~", "null", "Null", "NULL"]

    public var mapping: [(key: YAMLNode, value: YAMLNode)]? {
        if case let .mapping(pairs) = kind { return pairs }
        return nil
    }

    public var sequence: [YAMLNode]? {
        if case let .sequence(items) = kind { return items }
        return nil
    }

    /// A short name of the node's kind for error messages.
    public var kindName: String {
        switch kind {
        case .scalar: return Shape.scalar.name(isNull: isNull)
        case .sequence: return Shape.sequence.name(isNull: false)
        case .mapping: return Shape.mapping.name(isNull: false)
        }
    }

    /// A node's kind without its contents; `YAMLDocument` stores it as is.
    enum Shape: UInt8, Sendable {
        case scalar
        case sequence
        case mapping

        /// How error messages name a node of this kind ("found a list").
        func name(isNull: Bool) -> String {
            switch self {
            case .scalar: return isNull ? "null" : "a scalar"
            case .sequence: return "a list"
            case .mapping: return "a mapping"
            }
        }
    }
}
