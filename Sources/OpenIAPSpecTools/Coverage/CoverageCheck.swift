import OpenIAPSpec

// The coverage check: compares the spec with the upstream OpenIAP SDL and
// lists every place where they disagree, so nothing upstream is forgotten and
// nothing is changed by accident.
//
// Translation rules it accepts as equal:
// - `String` and `ID` are `String`, or an opaque `strings` type;
//   `Boolean` is `Bool`, `Int` is `Int`, `Float` is `Double` or `Timestamp`.
// - `X!` is a required field and `X` an optional one; `[X!]` is `X[]`.
//   An input field written `X! = value` may be left out by callers, so an
//   optional field with the same default matches it.
// - Enum values match when the SDL name converted to kebab case
//   (`PENDING_ACKNOWLEDGMENT`, `InApp`, `IOS` -> `pending-acknowledgment`,
//   `in-app`, `ios`) equals the wire value.
// - Object types are `records`, inputs are `inputs`, interfaces are `shared`
//   field sets (and `implements` is `include`), unions are `unions`.
// - The fields of the root operation types are operations: those of `Query`
//   are `queries`, of `Mutation` `mutations`, of `Subscription` `events`
//   (the root types of a `schema {}` block, if it names others). A root
//   field's type is the operation's `result` (an event's `payload`), with the
//   same rules as a field's type; its arguments are the operation's `args`,
//   compared as input fields. Root fields whose name starts with `_` are not
//   operations: GraphQL needs a field in every object type, and upstream
//   fills its bare root types with `_placeholder`; no operation can be
//   named so.
//
// Two things the SDL cannot say are always differences, declared by an
// `upstream` reason like any other: an input that is `sameAs` another type
// (`kindMismatch`: upstream spells its fields out), and a result of `Void`
// (`resultType`: upstream answers a record such as `VoidResult`).
//
// A difference is *declared* when the spec says why it differs: an `upstream`
// reason on the field, enum value or argument involved, or on the type or
// operation for differences of it as a whole (a type or operation upstream
// lacks, a kind, a membership, a result) and for upstream fields, values or
// arguments the spec leaves out.

public enum CoverageCheck {
    /// Compares the spec with every `*.graphql` file in `sdlDirectory`.
    /// Returns all differences, declared ones included; throws when the SDL
    /// cannot be read.
    public static func compare(sdlDirectory: String, spec: Spec) throws -> [CoverageDifference] {
        compare(sdl: try SDLSchema.load(directory: sdlDirectory), spec: spec)
    }

    /// Compares the spec with an SDL schema that was already read.
    public static func compare(sdl: SDLSchema, spec: Spec) -> [CoverageDifference] {
        var comparison = CoverageComparison(sdl: sdl, spec: spec)
        comparison.run()
        return comparison.differences
    }

    /// The wire value the spec uses for an SDL enum value: upper snake case and
    /// Pascal case both become kebab case (`READY_TO_CONSUME` ->
    /// `ready-to-consume`, `PromotedProductIOS` -> `promoted-product-ios`).
    public static func wireValue(forSDLValue name: String) -> String {
        let characters = Array(name)
        let hasLowercase = characters.contains { $0.isLowercase }
        if name.contains("_") || !hasLowercase {
            return String(name.lowercased().map { $0 == "_" ? "-" : $0 })
        }
        var result = ""
        for (i, c) in characters.enumerated() {
            if i > 0, c.isUppercase {
                let previous = characters[i - 1]
                let nextIsLower = i + 1 < characters.count && characters[i + 1].isLowercase
                // A word starts at a capital after a lowercase letter or digit,
                // or at the last capital of an acronym followed by lowercase.
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLower) {
                    result.append("-")
                }
            }
            result.append(c)
        }
        return result.lowercased()
    }
}

/// One run of the coverage check over a spec and the SDL; the operations
/// are compared in CoverageComparison+Operations.swift.
struct CoverageComparison {
    let sdl: SDLSchema
    let spec: Spec
    var differences: [CoverageDifference] = []

    init(sdl: SDLSchema, spec: Spec) {
        self.sdl = sdl
        self.spec = spec
    }

    func isCompared(_ type: SDLTypeDefinition) -> Bool {
        !sdl.rootOperationTypes.contains(type.name)
    }

    mutating func report(
        _ kind: CoverageDifference.Kind, _ typeName: String, _ memberName: String?, _ message: String,
        location: SourceLocation?, sdlLocation: SourceLocation?, upstream: String?
    ) {
        differences.append(CoverageDifference(
            kind: kind, typeName: typeName, memberName: memberName, message: message,
            location: location, sdlLocation: sdlLocation, declared: upstream != nil, upstreamReason: upstream))
    }

    mutating func run() {
        for upstream in sdl.types where isCompared(upstream) {
            guard let ours = spec[upstream.name] else {
                report(.missingType, upstream.name, nil, "\(kindName(upstream.kind)) '\(upstream.name)' is not in the spec",
                       location: nil, sdlLocation: upstream.location, upstream: nil)
                continue
            }
            compareType(upstream, ours)
        }
        for ours in spec.types {
            if let upstream = sdl[ours.name], isCompared(upstream) { continue }
            report(.extraType, ours.name, nil, "\(ours.sectionName) type '\(ours.name)' is not in the SDL",
                   location: ours.location, sdlLocation: nil, upstream: ours.annotations.upstream)
        }
        compareOperations()
    }

    func kindName(_ kind: SDLTypeKind) -> String {
        switch kind {
        case .object: "object type"
        case .input: "input type"
        case .interface: "interface"
        case .enumeration: "enum"
        case .union: "union"
        case .scalar: "scalar"
        }
    }

    /// The spec section an SDL kind translates to.
    func expectedSection(_ kind: SDLTypeKind) -> String {
        switch kind {
        case .object: "records"
        case .input: "inputs"
        case .interface: "shared"
        case .enumeration: "enums"
        case .union: "unions"
        case .scalar: "strings"
        }
    }

    mutating func compareType(_ upstream: SDLTypeDefinition, _ ours: NamedType) {
        let expected = expectedSection(upstream.kind)
        guard ours.sectionName == expected else {
            report(.kindMismatch, upstream.name, nil,
                   "the SDL declares a \(kindName(upstream.kind)), which belongs in '\(expected)', but the spec has it in '\(ours.sectionName)'",
                   location: ours.location, sdlLocation: upstream.location, upstream: ours.annotations.upstream)
            return
        }
        compareDeprecation(upstream.isDeprecated, ours.annotations, upstream.name, nil,
                           location: ours.location, sdlLocation: upstream.location)
        switch ours {
        case let .enumeration(e):
            compareEnum(upstream, e)
        case let .union(u):
            compareUnion(upstream, u)
        case let .record(r):
            compareMemberships(upstream, r)
            compareFields(upstream, r.fields, owner: ours, isInput: r.direction == .input, includes: r.includes)
        case let .fieldSet(f):
            compareFields(upstream, f.fields, owner: ours, isInput: false, includes: [])
        case let .alias(a):
            // The SDL has no way to say "the same type as"; its input spells
            // out fields instead.
            report(.kindMismatch, upstream.name, nil,
                   "the SDL declares an \(kindName(upstream.kind)) with fields of its own, but the spec makes it another name for '\(a.target)' ('sameAs')",
                   location: a.location, sdlLocation: upstream.location, upstream: a.annotations.upstream)
        case .opaqueString:
            break
        }
    }

    mutating func compareDeprecation(
        _ upstreamDeprecated: Bool, _ annotations: Annotations, _ typeName: String, _ member: String?,
        location: SourceLocation?, sdlLocation: SourceLocation?
    ) {
        let oursDeprecated = annotations.deprecated != nil
        guard upstreamDeprecated != oursDeprecated else { return }
        report(.deprecation, typeName, member,
               upstreamDeprecated ? "deprecated upstream but not in the spec" : "deprecated in the spec but not upstream",
               location: location, sdlLocation: sdlLocation, upstream: annotations.upstream)
    }

    // MARK: Enums

    mutating func compareEnum(_ upstream: SDLTypeDefinition, _ ours: EnumType) {
        var upstreamByWire: [String: SDLEnumValue] = [:]
        for value in upstream.enumValues {
            let wire = CoverageCheck.wireValue(forSDLValue: value.name)
            upstreamByWire[wire] = upstreamByWire[wire] ?? value
            guard let mine = ours.values.first(where: { $0.wire == wire }) else {
                report(.missingEnumValue, upstream.name, wire,
                       "SDL value '\(value.name)' (wire '\(wire)') is not in the spec",
                       location: ours.location, sdlLocation: value.location, upstream: ours.annotations.upstream)
                continue
            }
            compareDeprecation(value.isDeprecated, mine.annotations, upstream.name, wire,
                               location: mine.location, sdlLocation: value.location)
        }
        for value in ours.values where upstreamByWire[value.wire] == nil {
            report(.extraEnumValue, upstream.name, value.wire, "value '\(value.wire)' has no SDL counterpart",
                   location: value.location, sdlLocation: upstream.location, upstream: value.annotations.upstream)
        }
    }

    // MARK: Unions and interfaces

    mutating func compareUnion(_ upstream: SDLTypeDefinition, _ ours: UnionType) {
        let mine = ours.members.map(\.typeName)
        for member in upstream.unionMembers where !mine.contains(member) {
            report(.unionMembership, upstream.name, member, "SDL member '\(member)' is not a member in the spec",
                   location: ours.location, sdlLocation: upstream.location, upstream: ours.annotations.upstream)
        }
        var seen: Set<String> = []
        for member in ours.members where !upstream.unionMembers.contains(member.typeName) {
            guard seen.insert(member.typeName).inserted else { continue }
            let reason = ours.annotations.upstream ?? spec[member.typeName]?.annotations.upstream
            report(.unionMembership, upstream.name, member.typeName,
                   "member '\(member.typeName)' is not a member of the SDL union",
                   location: member.location, sdlLocation: upstream.location, upstream: reason)
        }
    }

    mutating func compareMemberships(_ upstream: SDLTypeDefinition, _ ours: RecordType) {
        for name in upstream.interfaces where !ours.includes.contains(name) {
            report(.interfaceMembership, upstream.name, name,
                   "the SDL type implements '\(name)' but the spec does not include it",
                   location: ours.location, sdlLocation: upstream.location, upstream: ours.annotations.upstream)
        }
        for name in ours.includes where !upstream.interfaces.contains(name) {
            let reason = ours.annotations.upstream ?? spec[name]?.annotations.upstream
            report(.interfaceMembership, upstream.name, name,
                   "the spec includes '\(name)' but the SDL type does not implement it",
                   location: ours.location, sdlLocation: upstream.location, upstream: reason)
        }
    }

    // MARK: Fields

    mutating func compareFields(
        _ upstream: SDLTypeDefinition, _ fields: [Field], owner: NamedType, isInput: Bool, includes: [String]
    ) {
        for sdlField in upstream.fields {
            guard let field = fields.first(where: { $0.name == sdlField.name }) else {
                report(.missingField, upstream.name, sdlField.name,
                       "SDL field '\(sdlField.name): \(sdlField.type)' is not in the spec",
                       location: owner.location, sdlLocation: sdlField.location, upstream: owner.annotations.upstream)
                continue
            }
            // An included field is compared where its shared set is compared,
            // unless this type's SDL declares it differently from the interface.
            if let set = field.includedFrom, upstream.interfaces.contains(set),
               let interfaceField = sdl[set]?.field(sdlField.name),
               interfaceField.type == sdlField.type, interfaceField.defaultValue == sdlField.defaultValue,
               interfaceField.isDeprecated == sdlField.isDeprecated {
                continue
            }
            compareField(upstream.name, sdlField, field, isInput: isInput)
        }
        for field in fields where upstream.field(field.name) == nil {
            let reason = field.annotations.upstream ?? field.includedFrom.flatMap { spec[$0]?.annotations.upstream }
            report(.extraField, upstream.name, field.name, "field '\(field.name)' has no SDL counterpart",
                   location: field.location, sdlLocation: upstream.location, upstream: reason)
        }
    }

    /// `member` names the field in the differences; by default its name.
    mutating func compareField(
        _ typeName: String, _ sdlField: SDLField, _ field: Field, isInput: Bool, member: String? = nil
    ) {
        let member = member ?? field.name
        let reason = field.annotations.upstream
        let upstreamRequired = sdlField.type.isNonNull
        if upstreamRequired != field.isRequired {
            // `X! = value` on an input lets callers omit the field; an optional
            // field with the same default says the same.
            let omittableWithDefault = isInput && upstreamRequired && sdlField.defaultValue != nil
                && field.defaultValue != nil
            if !omittableWithDefault {
                report(.nullability, typeName, member,
                       upstreamRequired ? "required upstream (\(sdlField.type)) but optional in the spec"
                                        : "optional upstream (\(sdlField.type)) but required in the spec",
                       location: field.location, sdlLocation: sdlField.location, upstream: reason)
            }
        }
        if let problem = typeProblem(sdlField.type.nullable, field.type) {
            report(.fieldType, typeName, member,
                   "SDL type \(sdlField.type) does not match spec type \(field.type): \(problem)",
                   location: field.location, sdlLocation: sdlField.location, upstream: reason)
        }
        if !defaultsMatch(sdlField.defaultValue, field.defaultValue) {
            let upstreamText = sdlField.defaultValue.map { "= \($0)" } ?? "no default"
            let oursText = field.defaultValue.map { "default \(render($0))" } ?? "no default"
            report(.defaultValue, typeName, member, "SDL has \(upstreamText), the spec has \(oursText)",
                   location: field.location, sdlLocation: sdlField.location, upstream: reason)
        }
        compareDeprecation(sdlField.isDeprecated, field.annotations, typeName, member,
                           location: field.location, sdlLocation: sdlField.location)
    }


    // MARK: Types and values

    /// Why an SDL type (without its outer `!`) and a spec type differ, or nil.
    func typeProblem(_ upstream: SDLTypeRef, _ ours: TypeRef) -> String? {
        switch upstream {
        case let .list(element):
            guard case let .list(ourElement) = ours else { return "a list upstream, not a list in the spec" }
            guard element.isNonNull else { return "list elements may be null upstream" }
            return typeProblem(element.nullable, ourElement)
        case .nonNull:
            return "unexpected nested '!'"
        case let .named(name):
            if case .list = ours { return "a list in the spec, not a list upstream" }
            switch name {
            case "String", "ID":
                if ours == .scalar(.string) { return nil }
                if case let .named(n) = ours, case .opaqueString? = spec[n] { return nil }
                return "expected String or an opaque string type"
            case "Boolean":
                return ours == .scalar(.bool) ? nil : "expected Bool"
            case "Int":
                return ours == .scalar(.int) ? nil : "expected Int"
            case "Float":
                return ours == .scalar(.double) || ours == .scalar(.timestamp) ? nil : "expected Double or Timestamp"
            default:
                return ours == .named(name) ? nil : "expected \(name)"
            }
        }
    }

    func defaultsMatch(_ upstream: SDLValue?, _ ours: DefaultValue?) -> Bool {
        switch (upstream, ours) {
        case (nil, nil): true
        case let (u?, o?): valuesMatch(u, o)
        default: false
        }
    }

    func valuesMatch(_ upstream: SDLValue, _ ours: DefaultValue) -> Bool {
        switch (upstream, ours) {
        case let (.bool(a), .bool(b)): a == b
        case let (.int(a), .int(b)): a == b
        case let (.int(a), .double(b)): Double(a) == b
        case let (.float(a), .double(b)): a == b
        case let (.float(a), .int(b)): a == Double(b)
        case let (.string(a), .string(b)): a == b
        case let (.enumValue(a), .enumValue(b)), let (.enumValue(a), .string(b)):
            CoverageCheck.wireValue(forSDLValue: a) == b
        case let (.list(a), .list(b)):
            a.count == b.count && zip(a, b).allSatisfy { valuesMatch($0, $1) }
        default: false
        }
    }

    func render(_ value: DefaultValue) -> String {
        switch value {
        case let .bool(b): String(b)
        case let .int(i): String(i)
        case let .double(d): String(d)
        case let .string(s): "\"\(s)\""
        case let .enumValue(v): v
        case let .list(items): "[" + items.map(render).joined(separator: ", ") + "]"
        }
    }
}
