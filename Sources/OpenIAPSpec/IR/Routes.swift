/// The HTTP routes of a service (`routes:` in YAML): how a request reaches
/// it (method, path template, query), how it is authenticated, which type
/// its body is and what each status answers. Routes only name spec types;
/// the bodies themselves are ordinary records and unions. Nothing here
/// knows a target language: targets turn a route into an OpenAPI operation
/// or a client method.
public struct HTTPRoute: Sendable {
    public var name: String
    public var annotations: Annotations
    public var method: HTTPMethod
    /// The path template as written, such as `/v1/products/{apiKey}`.
    public var path: String
    public var pathLocation: SourceLocation
    /// The path cut at `/`, each piece a literal or a `{parameter}`.
    public var segments: [PathSegment]
    /// One field per `{parameter}` of the path, in the order written under
    /// `params:`. Always required strings (or opaque strings, or enums).
    public var parameters: [Field]
    /// The query parameters, each a field; optional ones may be left out.
    public var query: [Field]
    public var auth: RouteAuth
    /// The request body's type, when the route takes one (JSON).
    public var body: RouteTypeReference?
    /// The SDK props the body is made from (`bodyFrom:`), when apps do not
    /// write the body themselves: a record with one field per member of the
    /// body's union, named as the member's tag. Clients map the props to
    /// the body (`PropsToWire`).
    public var bodySource: RouteTypeReference?
    /// The answers by status, in the order written; `default` (status nil)
    /// stands for every status not listed.
    public var responses: [RouteResponse]
    /// The response headers a client acts on, each with the statuses it
    /// comes with.
    public var headers: [ResponseHeader]
    public var location: SourceLocation

    public init(
        name: String, annotations: Annotations = Annotations(), method: HTTPMethod, path: String, pathLocation: SourceLocation,
        segments: [PathSegment], parameters: [Field] = [], query: [Field] = [], auth: RouteAuth = .none, body: RouteTypeReference? = nil,
        responses: [RouteResponse] = [], headers: [ResponseHeader] = [], location: SourceLocation
    ) {
        self.name = name
        self.annotations = annotations
        self.method = method
        self.path = path
        self.pathLocation = pathLocation
        self.segments = segments
        self.parameters = parameters
        self.query = query
        self.auth = auth
        self.body = body
        self.responses = responses
        self.headers = headers
        self.location = location
    }

    /// The names of the path's `{parameters}`, in path order.
    public var pathParameterNames: [String] {
        segments.compactMap { if case let .parameter(name) = $0 { name } else { nil } }
    }

    /// The path with every parameter written `{}`: two routes with the same
    /// method and shape would answer the same requests.
    public var pathShape: String {
        "/" + segments.map { if case let .literal(text) = $0 { text } else { "{}" } }.joined(separator: "/")
    }

    /// The answer of a success status (2xx), the first one listed.
    public var successResponse: RouteResponse? {
        responses.first { ($0.status ?? 0) / 100 == 2 }
    }

    /// The headers that come with `status` (nil: the default answer).
    public func headers(for status: Int?) -> [ResponseHeader] {
        headers.filter { $0.statuses.isEmpty || ($0.statuses.contains { $0 == status }) }
    }
}

public enum HTTPMethod: String, Sendable, CaseIterable {
    case get = "GET"
    case post = "POST"
    case put = "PUT"
    case patch = "PATCH"
    case delete = "DELETE"

    /// Whether requests of this method may carry a body.
    public var takesBody: Bool { self != .get && self != .delete }
}

public enum PathSegment: Hashable, Sendable {
    case literal(String)
    case parameter(String)
}

/// How a route learns the caller's API key.
public enum RouteAuth: Hashable, Sendable {
    /// No key.
    case none
    /// `Authorization: Bearer <key>`.
    case bearer
    /// The key is the value of this path parameter.
    case pathParameter(String)
}

/// A type a route names (a body or an answer), with where it was written.
public struct RouteTypeReference: Hashable, Sendable {
    public var typeName: String
    public var location: SourceLocation

    public init(typeName: String, location: SourceLocation) {
        self.typeName = typeName
        self.location = location
    }
}

public struct RouteResponse: Sendable {
    /// The HTTP status; nil for `default`, every status not listed.
    public var status: Int?
    /// The body's type; nil when the answer has no body (`Void`).
    public var body: RouteTypeReference?
    public var doc: String?
    public var location: SourceLocation

    public init(status: Int?, body: RouteTypeReference?, doc: String? = nil, location: SourceLocation) {
        self.status = status
        self.body = body
        self.doc = doc
        self.location = location
    }

    /// `200`, or `default`.
    public var statusText: String { status.map(String.init) ?? "default" }
}

public struct ResponseHeader: Sendable {
    /// As written, such as `Retry-After`; compared without case.
    public var name: String
    /// `String` or `Int`.
    public var type: Scalar
    public var doc: String?
    /// The statuses that carry it (nil stands for `default`); empty: every answer.
    public var statuses: [Int?]
    public var location: SourceLocation

    public init(name: String, type: Scalar, doc: String? = nil, statuses: [Int?] = [], location: SourceLocation) {
        self.name = name
        self.type = type
        self.doc = doc
        self.statuses = statuses
        self.location = location
    }
}
