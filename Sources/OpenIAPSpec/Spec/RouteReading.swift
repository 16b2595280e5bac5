/// Reads the `routes:` section of a spec file into `HTTPRoute`s. Only the
/// shape of each route is checked here (keys, method, path syntax, statuses);
/// whether the types it names exist and its parameters match its path is
/// `RouteValidator`'s work, once every file is read.
extension SpecFileReader {
    static let routeKeys = KeyList(["method", "path", "auth", "params", "query", "body", "bodyFrom", "responses", "headers"]) + annotationKeys
    static let routeResponseKeys = KeyList(["type", "doc"])
    static let routeHeaderKeys = KeyList(["type", "doc", "statuses"])
    static let routeAuthKeys = KeyList(["pathParameter"])

    mutating func forEachRoute(_ node: Node) {
        if document.isNull(node) { return }
        guard let pairs = reader.mapping(node, "section 'routes'") else { return }
        for (key, value) in pairs {
            guard let name = reader.wireName(key, "a route name") else { continue }
            guard Self.isRouteName(name) else {
                reader.diagnostics.error(
                    "route name '\(name)' must be lowerCamelCase: an ASCII lower-case letter, then letters and digits (it names a client method)",
                    at: reader.location(key))
                continue
            }
            readRoute((name, reader.location(key)), value)
        }
    }

    static func isRouteName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) }
    }

    private mutating func readRoute(_ name: (String, SourceLocation), _ node: Node) {
        let what = "route '\(name.0)'"
        guard let pairs = reader.mapping(node, what) else { return }
        reader.checkKeys(pairs, allowed: Self.routeKeys, in: what)
        var method: HTTPMethod?
        if let methodNode = value(pairs, "method"), let text = reader.string(methodNode, "'method'") {
            method = HTTPMethod(rawValue: text)
            if method == nil {
                let names = HTTPMethod.allCases.map(\.rawValue).joined(separator: ", ")
                reader.diagnostics.error("unknown method '\(text)' of \(what); expected one of: \(names)", at: reader.location(methodNode))
            }
        } else if value(pairs, "method") == nil {
            reader.diagnostics.error("\(what) needs a 'method' (GET, POST, ...)", at: name.1)
        }
        var path: (String, SourceLocation, [PathSegment])?
        if let pathNode = value(pairs, "path") {
            path = readPath(pathNode, of: what)
        } else {
            reader.diagnostics.error("\(what) needs a 'path', such as /v1/things/{id}", at: name.1)
        }
        var auth = RouteAuth.none
        if let authNode = value(pairs, "auth") { auth = readAuth(authNode, of: what) }
        var parameters: [Field] = []
        if let params = value(pairs, "params") { parameters = readRouteFields(params, owner: name.0, key: "params") }
        var query: [Field] = []
        if let queryNode = value(pairs, "query") { query = readRouteFields(queryNode, owner: name.0, key: "query") }
        var body: RouteTypeReference?
        if let bodyNode = value(pairs, "body"), let typeName = routeTypeName(bodyNode, "'body' (the name of the request body's type)") {
            body = RouteTypeReference(typeName: typeName, location: reader.location(bodyNode))
        }
        var bodySource: RouteTypeReference?
        if let sourceNode = value(pairs, "bodyFrom"), let typeName = routeTypeName(sourceNode, "'bodyFrom' (the props the body is made from)") {
            bodySource = RouteTypeReference(typeName: typeName, location: reader.location(sourceNode))
        }
        var responses: [RouteResponse] = []
        if let responsesNode = value(pairs, "responses") {
            responses = readResponses(responsesNode, of: what)
        } else {
            reader.diagnostics.error("\(what) needs 'responses', the answer of each status", at: name.1)
        }
        var headers: [ResponseHeader] = []
        if let headersNode = value(pairs, "headers") { headers = readResponseHeaders(headersNode, of: what) }
        guard let method, let path else { return }
        var route = HTTPRoute(
            name: name.0, annotations: annotations(pairs), method: method, path: path.0, pathLocation: path.1, segments: path.2,
            parameters: parameters, query: query, auth: auth, body: body, responses: responses, headers: headers, location: name.1)
        route.bodySource = bodySource
        result.routes.append(route)
    }

    /// A path template: `/`, then segments of literal text or `{name}`.
    private mutating func readPath(_ node: Node, of what: String) -> (String, SourceLocation, [PathSegment])? {
        guard let text = reader.string(node, "'path'") else { return nil }
        let location = reader.location(node)
        guard text.hasPrefix("/"), text.count > 1 else {
            reader.diagnostics.error("the path of \(what) must start with '/' and name at least one segment, found '\(text)'", at: location)
            return nil
        }
        var segments: [PathSegment] = []
        for piece in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            let piece = String(piece)
            if piece.hasPrefix("{") && piece.hasSuffix("}") && piece.count > 2 {
                let name = String(piece.dropFirst().dropLast())
                guard Self.isRouteName(name) else {
                    reader.diagnostics.error(
                        "path parameter '\(name)' of \(what) must be lowerCamelCase: an ASCII lower-case letter, then letters and digits",
                        at: location)
                    return nil
                }
                segments.append(.parameter(name))
            } else if piece.isEmpty || piece == "." || piece == ".." {
                reader.diagnostics.error("the path of \(what) has an empty, '.' or '..' segment: '\(text)'", at: location)
                return nil
            } else if !piece.unicodeScalars.allSatisfy(Self.isLiteralPathCharacter) {
                reader.diagnostics.error(
                    "segment '\(piece)' of the path of \(what) is not a literal (letters, digits, '-', '.', '_', '~') or a whole '{parameter}'",
                    at: location)
                return nil
            } else {
                segments.append(.literal(piece))
            }
        }
        return (text, location, segments)
    }

    /// The characters a literal path segment may have: RFC 3986's unreserved ones.
    static func isLiteralPathCharacter(_ scalar: Unicode.Scalar) -> Bool {
        ("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || "-._~".unicodeScalars.contains(scalar)
    }

    /// `bearer`, `none`, or `{pathParameter: name}`.
    private mutating func readAuth(_ node: Node, of what: String) -> RouteAuth {
        if let pairs = document.mapping(node) {
            reader.checkKeys(pairs, allowed: Self.routeAuthKeys, in: "'auth' of \(what)")
            guard let parameter = value(pairs, "pathParameter"), let name = reader.wireName(parameter, "'pathParameter'") else {
                reader.diagnostics.error("'auth' of \(what) as a mapping needs 'pathParameter', the path parameter holding the key", at: reader.location(node))
                return .none
            }
            return .pathParameter(name)
        }
        guard let text = reader.string(node, "'auth' (bearer, none, or a mapping with pathParameter)") else { return .none }
        switch text {
        case "bearer": return .bearer
        case "none": return .none
        default:
            reader.diagnostics.error(
                "unknown auth '\(text)' of \(what); expected bearer, none, or a mapping with pathParameter", at: reader.location(node))
            return .none
        }
    }

    /// `params:` or `query:`, read as fields; they have no defaults (a
    /// client either sends a value or leaves it out).
    private mutating func readRouteFields(_ node: Node, owner: String, key: String) -> [Field] {
        let fields = readFields(node, owner: "route \(owner) \(key)")
        if let defaults = result.defaults.removeValue(forKey: "route \(owner) \(key)") {
            for raw in defaults.values.sorted(by: { $0.location < $1.location }) {
                reader.diagnostics.error("'default' is not allowed on route \(key); a client either sends a value or leaves it out", at: raw.location)
            }
        }
        return fields
    }

    /// A type name, or `Void` for no body.
    private mutating func routeTypeName(_ node: Node, _ what: String) -> String? {
        guard let text = reader.string(node, what) else { return nil }
        guard Self.isTypeName(text) else {
            reader.diagnostics.error("\(what) must be one type name, such as 'Purchase', or 'Void' for no body; found '\(text)'", at: reader.location(node))
            return nil
        }
        return text
    }

    /// `responses:`: status (or `default`) to a type name, or to a mapping
    /// with `type` and `doc`.
    private mutating func readResponses(_ node: Node, of what: String) -> [RouteResponse] {
        guard let pairs = reader.mapping(node, "'responses' of \(what) (status: type)") else { return [] }
        var responses: [RouteResponse] = []
        for (key, body) in pairs {
            guard let status = readStatus(key, of: what) else { continue }
            var doc: String?
            var typeNode = body
            if let inner = document.mapping(body) {
                let keyed = reader.checkedValues(inner, allowed: Self.routeResponseKeys, in: "response \(status.map(String.init) ?? "default") of \(what)")
                if let docNode = keyed[position: 1] { doc = reader.string(docNode, "'doc'") }
                guard let type = keyed[position: 0] else {
                    reader.diagnostics.error("a response of \(what) needs a 'type' ('Void' for none)", at: reader.location(key))
                    continue
                }
                typeNode = type
            }
            guard let typeName = routeTypeName(typeNode, "the response type") else { continue }
            let reference = typeName == OperationResult.nothingKeyword ? nil : RouteTypeReference(typeName: typeName, location: reader.location(typeNode))
            responses.append(RouteResponse(status: status, body: reference, doc: doc, location: reader.location(key)))
        }
        return responses
    }

    /// An HTTP status from 100 to 599, or `default` (nil).
    private mutating func readStatus(_ node: Node, of what: String) -> Int?? {
        guard let text = reader.string(node, "a status") else { return nil }
        if text == "default" { return .some(nil) }
        guard let status = Int(text), (100...599).contains(status), text.count == 3 else {
            reader.diagnostics.error("'\(text)' of \(what) is not an HTTP status (100 to 599) or 'default'", at: reader.location(node))
            return nil
        }
        return .some(status)
    }

    /// `headers:`: header name to `{type: String|Int, doc, statuses}`.
    private mutating func readResponseHeaders(_ node: Node, of what: String) -> [ResponseHeader] {
        guard let pairs = reader.mapping(node, "'headers' of \(what) (header name: type)") else { return [] }
        var headers: [ResponseHeader] = []
        for (key, body) in pairs {
            guard let name = reader.wireName(key, "a header name") else { continue }
            guard name.unicodeScalars.allSatisfy({ Self.isLiteralPathCharacter($0) && $0 != "~" && $0 != "." }) else {
                reader.diagnostics.error("'\(name)' of \(what) is not a header name (letters, digits, '-' and '_')", at: reader.location(key))
                continue
            }
            var header = ResponseHeader(name: name, type: .string, location: reader.location(key))
            var typeNode = body
            if let inner = document.mapping(body) {
                let keyed = reader.checkedValues(inner, allowed: Self.routeHeaderKeys, in: "header '\(name)' of \(what)")
                if let docNode = keyed[position: 1] { header.doc = reader.string(docNode, "'doc'") }
                if let statusesNode = keyed[position: 2] {
                    let items = document.sequence(statusesNode).map(Array.init) ?? [statusesNode]
                    header.statuses = items.compactMap { readStatus($0, of: what) }
                }
                guard let type = keyed[position: 0] else {
                    reader.diagnostics.error("header '\(name)' of \(what) needs a 'type' (String or Int)", at: reader.location(key))
                    continue
                }
                typeNode = type
            }
            guard let text = reader.string(typeNode, "the type of header '\(name)'") else { continue }
            guard let scalar = Scalar.named(text), scalar == .string || scalar == .int else {
                reader.diagnostics.error("header '\(name)' of \(what) is a String or an Int, found '\(text)'", at: reader.location(typeNode))
                continue
            }
            header.type = scalar
            if headers.contains(where: { $0.name.lowercased() == name.lowercased() }) {
                reader.diagnostics.error("\(what) declares header '\(name)' twice (header names ignore case)", at: reader.location(key))
                continue
            }
            headers.append(header)
        }
        return headers
    }
}
