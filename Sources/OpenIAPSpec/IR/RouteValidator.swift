/// Checks the routes of a spec against each other and against its types:
/// names and requests are unique, every path parameter has its field (and
/// every parameter field its place in the path), the key of a path-key
/// route is one of its parameters, and every type a route names exists and
/// can be a JSON body. Each problem is reported where it was written.
struct RouteValidator {
    let spec: Spec
    var diagnostics = Diagnostics()

    init(spec: Spec) {
        self.spec = spec
    }

    mutating func run() {
        var byName: [String: HTTPRoute] = [:]
        var byRequest: [String: HTTPRoute] = [:]
        for route in spec.routes {
            let what = "route '\(route.name)'"
            if let first = byName[route.name] {
                diagnostics.error(
                    "\(what) is declared twice", at: route.location, notes: [.note("first declared here", at: first.location)])
                continue
            }
            byName[route.name] = route
            let request = "\(route.method.rawValue) \(route.pathShape)"
            if let other = byRequest[request] {
                diagnostics.error(
                    "\(what) answers the same requests as route '\(other.name)' (\(route.method.rawValue) \(route.path))",
                    at: route.pathLocation, notes: [.note("route '\(other.name)' is declared here", at: other.location)])
            } else {
                byRequest[request] = route
            }
            checkParameters(of: route, what)
            checkQuery(of: route, what)
            checkBody(of: route, what)
            checkResponses(of: route, what)
        }
    }

    private mutating func checkParameters(of route: HTTPRoute, _ what: String) {
        let inPath = route.pathParameterNames
        var seen: Set<String> = []
        for name in inPath where !seen.insert(name).inserted {
            diagnostics.error("path parameter '{\(name)}' appears twice in the path of \(what)", at: route.pathLocation)
        }
        for name in inPath where !route.parameters.contains(where: { $0.name == name }) {
            diagnostics.error(
                "path parameter '{\(name)}' of \(what) has no field under 'params'; declare its type and doc there", at: route.pathLocation)
        }
        for field in route.parameters {
            if !inPath.contains(field.name) {
                let names = inPath.isEmpty ? "none" : inPath.map { "{\($0)}" }.joined(separator: ", ")
                diagnostics.error("parameter '\(field.name)' of \(what) is not in its path (its parameters: \(names))", at: field.location)
            }
            if !field.isRequired {
                diagnostics.error("path parameter '\(field.name)' of \(what) cannot be optional: a path always has every segment", at: field.location)
            }
            checkSimpleType(field, role: "path parameter", what)
        }
        if case let .pathParameter(name) = route.auth, !inPath.contains(name) {
            diagnostics.error("the API key of \(what) is path parameter '\(name)', which its path does not have", at: route.location)
        }
    }

    private mutating func checkQuery(of route: HTTPRoute, _ what: String) {
        for field in route.query {
            checkSimpleType(field, role: "query parameter", what)
        }
    }

    /// Path and query parameters are text in a URL: a scalar, an enum or an
    /// opaque string, never a record or a list.
    private mutating func checkSimpleType(_ field: Field, role: String, _ what: String) {
        switch field.type {
        case .scalar: return
        case let .named(name):
            guard let type = spec[name] else {
                reportUnknown(name, at: field.location)
                return
            }
            switch type {
            case .enumeration, .opaqueString: return
            default: break
            }
        default: break
        }
        diagnostics.error(
            "\(role) '\(field.name)' of \(what) is '\(field.type)'; a URL carries only a scalar, an enum or a string type", at: field.location)
    }

    private mutating func checkBody(of route: HTTPRoute, _ what: String) {
        guard let body = route.body else { return }
        if !route.method.takesBody {
            diagnostics.error("\(what) is a \(route.method.rawValue) and cannot take a body", at: body.location)
        }
        checkBodyType(body, what: "the body of \(what)")
        if let source = route.bodySource { checkBodySource(source, body: body, what) }
    }

    /// `bodyFrom` names a record of props with a record field named as a
    /// member's tag for at least one member of the body's union: the
    /// props that member is made from. A member without such a field is
    /// one the props cannot ask for (a store added to the wire first).
    private mutating func checkBodySource(_ source: RouteTypeReference, body: RouteTypeReference, _ what: String) {
        guard let type = spec[source.typeName] else {
            reportUnknown(source.typeName, at: source.location)
            return
        }
        guard case let .record(props) = type, case let .union(union)? = spec[body.typeName] else {
            diagnostics.error(
                "'bodyFrom' of \(what) maps a record of props to a union body; '\(source.typeName)' and '\(body.typeName)' are not that",
                at: source.location)
            return
        }
        let mapped = union.members.filter { member in
            guard let field = props.fields.first(where: { $0.name == member.tag }), case let .named(name) = field.type else { return false }
            if case .record? = spec[name] { return true }
            return false
        }
        if mapped.isEmpty {
            diagnostics.error(
                "'bodyFrom' of \(what): '\(source.typeName)' has no record field named as a member of '\(body.typeName)' (\(union.members.map(\.tag).joined(separator: ", ")))",
                at: source.location)
        }
    }

    private mutating func checkResponses(of route: HTTPRoute, _ what: String) {
        if !route.responses.isEmpty, route.successResponse == nil {
            diagnostics.error("\(what) has no success answer (a 2xx status) among its responses", at: route.location)
        }
        for response in route.responses {
            if let body = response.body { checkBodyType(body, what: "response \(response.statusText) of \(what)") }
        }
        for header in route.headers {
            for status in header.statuses where !route.responses.contains(where: { $0.status == status }) {
                diagnostics.error(
                    "header '\(header.name)' of \(what) comes with status \(status.map(String.init) ?? "default"), which its responses do not list",
                    at: header.location)
            }
        }
    }

    /// A JSON body is a record or a union (or another name for one).
    private mutating func checkBodyType(_ reference: RouteTypeReference, what: String) {
        guard let type = spec[reference.typeName] else {
            reportUnknown(reference.typeName, at: reference.location)
            return
        }
        switch type {
        case .record, .union, .alias: return
        default:
            diagnostics.error(
                "\(what) is '\(reference.typeName)', which is not a record or a union; a JSON body is an object", at: reference.location)
        }
    }

    private mutating func reportUnknown(_ name: String, at location: SourceLocation) {
        let candidates = spec.types.filter { if case .fieldSet = $0 { false } else { true } }.map(\.name)
        diagnostics.error("unknown type '\(name)'\(Suggestions.didYouMean(name, in: candidates))", at: location)
    }
}
