/// The facts of one route that the Swift and the Kotlin client are both
/// written from: the caller's parameters and how the runtime carries
/// each, the checks, the path pieces, where the key goes, and what the
/// route answers. Computed once here as plain values, so that the two
/// clients cannot disagree about a route; each target then only names
/// the facts in its language (`context`), and its template writes them.

import OpenIAPSpec
import OpenIAPTemplates

struct RouteModel {
    /// How the runtime carries a parameter's value (the names of the
    /// Swift runtime's `IapkitParameter` cases).
    enum Carrier: String {
        case text, integer, decimal, flag
    }

    /// One parameter the caller gives: a path parameter other than the
    /// key, or a query parameter.
    struct Input {
        var field: Field
        var check: RouteParameterCheck
        var carrier: Carrier
        /// Whether the value is an enum's, handed on as its raw value.
        var isEnumeration: Bool
    }

    var route: HTTPRoute
    /// The path parameters but the key, then the query, in that order.
    var inputs: [Input]
    /// The spec's name of the body the success answers with; nil when it answers nothing.
    var resultTypeName: String?
    /// Whether a 304 answer hands back the cached body.
    var isCached: Bool

    init(_ route: HTTPRoute, spec: Spec) {
        self.route = route
        inputs = RouteParameterCheck.inputs(of: route).map { field in
            let check = RouteParameterCheck(field, inPath: route.parameters.contains { $0.name == field.name }, spec: spec)
            var isEnumeration = false
            if case let .named(typeName) = field.type, case .enumeration? = spec[typeName] { isEnumeration = true }
            let carrier: Carrier =
                switch check.kind {
                case .boolean: .flag
                case .number: field.type == .scalar(.int) ? .integer : .decimal
                case .string: .text
                }
            return Input(field: field, check: check, carrier: carrier, isEnumeration: isEnumeration)
        }
        // A route whose success has no body answers nothing.
        resultTypeName = route.successResponse?.body?.typeName
        isCached = route.revalidates && resultTypeName != nil
    }

    /// The members of a route's context that read the same in every
    /// client, with names and values in the client's language: `literal`
    /// writes a string literal, `number` a limit, `kind` a check's kind.
    /// The target adds what only it has (the parameters' names and types).
    func sharedMembers(
        literal: (String) -> String, number: (Double) -> String, kind: (RouteParameterCheck.Kind) -> String
    ) -> [String: TemplateValue] {
        let checks: [TemplateValue] = inputs.map { input in
            let check = input.check
            var members: [String: TemplateValue] = [
                "literal": .string(literal(check.name)),
                "inPath": .bool(check.inPath),
                "required": .bool(check.isRequired),
                "kind": .string(kind(check.kind)),
                "hasValues": .bool(check.values != nil),
                "values": .list((check.values ?? []).map { .string(literal($0)) }),
            ]
            members["minLength"] = .string(check.minLength.map(String.init) ?? "")
            members["maxLength"] = .string(check.maxLength.map(String.init) ?? "")
            members["minimum"] = .string(check.minimum.map(number) ?? "")
            members["maximum"] = .string(check.maximum.map(number) ?? "")
            return .object(TemplateObject(members))
        }
        let segments: [TemplateValue] = route.segments.map { segment in
            switch segment {
            case let .literal(text): ["isLiteral": true, "text": .string(literal(text))]
            case let .parameter(name): ["isLiteral": false, "text": .string(literal(name))]
            }
        }
        var bearer = false
        var keyParameter = ""
        switch route.auth {
        case .none: break
        case .bearer: bearer = true
        case let .pathParameter(name): keyParameter = literal(name)
        }
        return [
            "name": .string(route.name),
            "nameLiteral": .string(literal(route.name)),
            "method": .string(literal(route.method.rawValue)),
            "doc": .string(TypeScriptRoutes.docText(route.annotations.doc ?? route.name)),
            "hasInput": .bool(!inputs.isEmpty),
            // `swift format` puts a trailing comma after each element of a
            // collection written one a line, but not after a lone one.
            "several": .bool(inputs.count > 1),
            "hasBody": .bool(route.body != nil),
            "segments": .list(segments),
            "bearer": .bool(bearer),
            "keyParameter": .string(keyParameter),
            "checks": .list(checks),
            "revalidates": .bool(route.revalidates),
            "hasResult": .bool(resultTypeName != nil),
            "cached": .bool(isCached),
        ]
    }
}
