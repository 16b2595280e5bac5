/// What a generated client checks of one route parameter (a path
/// parameter or a query parameter) before it sends anything: whether it
/// is required, its kind, the values a closed enum allows, and its
/// length and range limits. Every client's route table is written from
/// these, so the three clients refuse the same parameters.

import OpenIAPSpec

struct RouteParameterCheck {
    enum Kind: String {
        case string, number, boolean
    }

    var name: String
    var inPath: Bool
    var isRequired: Bool
    var kind: Kind
    /// The wire values of a closed enum; nil for any string.
    var values: [String]?
    var minLength: Int?
    var maxLength: Int?
    var minimum: Double?
    var maximum: Double?

    init(_ field: Field, inPath: Bool, spec: Spec) {
        name = field.name
        self.inPath = inPath
        isRequired = field.isRequired
        switch field.type {
        case .scalar(.int), .scalar(.double), .scalar(.timestamp): kind = .number
        case .scalar(.bool): kind = .boolean
        case let .named(name):
            kind = .string
            if case let .enumeration(enumeration)? = spec[name], enumeration.isClosed {
                values = enumeration.values.map(\.wire)
            }
        default: kind = .string
        }
        minLength = field.constraints.minLength
        maxLength = field.constraints.maxLength
        minimum = field.constraints.minimum
        maximum = field.constraints.maximum
    }

    /// The checks of `route`'s caller-given parameters: the path
    /// parameters but the key, then the query, in that order.
    static func inputs(of route: HTTPRoute) -> [Field] {
        route.parameters.filter { $0.name != route.keyParameter } + route.query
    }

    /// An integral limit as integer text (`50`), anything else as a decimal.
    static func numberText(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}

extension HTTPRoute {
    /// The path parameter that carries the API key, for a route that takes it there.
    var keyParameter: String? {
        if case let .pathParameter(name) = auth { name } else { nil }
    }

    /// Whether a 304 answer is revalidation of a cached body: the route
    /// answers 304 and sends an ETag.
    var revalidates: Bool {
        responses.contains { $0.status == 304 } && headers.contains { $0.name.lowercased() == "etag" }
    }
}
