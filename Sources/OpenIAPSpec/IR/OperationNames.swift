/// The names of operations and of the types the spec language gives them,
/// in one place: the reader checks operation names here, the IR derives the
/// arguments record's name here, and the validator compares those names
/// with the declared types.
///
/// An operation's name is an identifier in every target as it stands: it
/// names a method, a key, a definition's prefix and the `operation` of a
/// JSON call. So it is held to a shape every language accepts, ASCII
/// lowerCamelCase, rather than escaped per target. Words a language
/// reserves are that target's to refuse (`GenerationTarget.check`).
public enum OperationNames {
    /// Why `name` cannot name an operation in any language, or nil when it
    /// has the shape every one accepts. `what` names the thing in the
    /// message (`query`, `event`).
    public static func problem(_ name: String, what: String) -> String? {
        guard isLowerCamel(name) else {
            return "\(what) name '\(name)' must be lowerCamelCase: an ASCII lower-case letter, then letters and digits"
        }
        return nil
    }

    /// An ASCII lower-case letter, then ASCII letters and digits.
    static func isLowerCamel(_ name: String) -> Bool {
        guard let first = name.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) else { return false }
        return name.utf8.allSatisfy {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
        }
    }

    /// `fetchProducts` → `FetchProducts`: the first letter upper-cased. For
    /// a name `problem` accepts, that is the only change, so two operations
    /// never share it.
    public static func upperCamel(_ name: String) -> String {
        name.prefix(1).uppercased() + name.dropFirst()
    }

    /// The suffix of the input record that holds an operation's arguments.
    public static let argumentsSuffix = "Args"

    /// The arguments record of the operation `name`: `fetchProducts` →
    /// `FetchProductsArgs`.
    public static func argumentsTypeName(of name: String) -> String {
        upperCamel(name) + argumentsSuffix
    }

    /// The suffix of the reply type of a query or mutation.
    public static let replySuffix = "Reply"

    /// The reply type of the operation `name`: `fetchProducts` →
    /// `FetchProductsReply`.
    public static func replyTypeName(of name: String) -> String {
        upperCamel(name) + replySuffix
    }

    /// The interface (Swift protocol, Kotlin interface) that holds the
    /// operations of `platform`, the same name in every target that has one.
    public static func sdkInterfaceName(_ platform: OperationPlatform) -> String {
        switch platform {
        case .common: "OpenIAPCommonOperations"
        case .ios: "OpenIAPAppleOperations"
        case .android: "OpenIAPAndroidOperations"
        }
    }

    /// The doc of an operation's arguments record.
    static func argumentsDoc(of operation: APIOperation) -> String {
        switch operation.kind {
        case .query: "The arguments of the query \(operation.name)."
        case .mutation: "The arguments of the mutation \(operation.name)."
        case .event: "The listener options of the event \(operation.name)."
        }
    }
}
