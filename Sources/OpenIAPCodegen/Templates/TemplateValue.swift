/// The data a template sees. View models build these; templates never compute.
///
/// Only four shapes exist on purpose: anything a target language needs
/// (escaped strings, joined names, flags such as `isOptional`) is decided by
/// the view model in Swift, and the template merely places it.
public indirect enum TemplateValue: Sendable, Hashable,
    ExpressibleByStringLiteral, ExpressibleByStringInterpolation,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    case string(String)
    case bool(Bool)
    case list([TemplateValue])
    case object([String: TemplateValue])

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
        self = .object(Dictionary(uniqueKeysWithValues: elements))
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
