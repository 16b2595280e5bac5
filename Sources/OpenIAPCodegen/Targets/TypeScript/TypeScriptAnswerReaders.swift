import OpenIAPSpec
import OpenIAPTemplates

/// How `iapkit-client.ts` reads IAPKit's answers at run time, as the
/// generated Swift and Kotlin types decode them, so that the three clients
/// return the same values. Each type an answer can hold is described by
/// data (one line of the client's `readers` table); one function of the
/// client's runtime walks an answer along those descriptions:
///
/// - A scalar is checked for its JSON type (`Int` must be a whole number).
/// - An enum maps every spelling (its wire values and their decode-only
///   aliases) to the canonical wire value. An open enum keeps any other
///   string exactly; a closed one refuses it, and the client then fails
///   with `undecodableBody`, as the typed clients do.
/// - An opaque string is a string: its known values have no other spelling.
///   In a field, an empty value of a string that says `emptyIsAbsent`
///   reads as absent.
/// - A record gets its declared fields only, each read from the first of
///   its name and aliases the object has; the Swift and Kotlin types drop
///   every other member, and so does the reader. A missing or null required
///   field refuses the answer; a null optional one is left out, as a typed
///   encoder leaves it out. A field that degrades reads as absent when its
///   value cannot be read.
/// - A `oneOf` record keeps the first of its fields that is present (even as
///   null) and nothing else; an object with none of them is kept whole, as
///   the types keep a value this version does not know.
/// - A union is read as the member its discriminator names (the tag read
///   through its own type, so an alias of an enum tag picks the member);
///   another tag keeps the whole object (`unknown: keep`) or refuses it
///   (`unknown: fail`).
///
/// Only the types some route's answer (or the error body) reaches are
/// described, so the table stays as small as the routes.
struct TypeScriptAnswerReaders {
    /// The type of IAPKit's error body, which every client reads the same way.
    static let errorType = "IapkitErrorResponse"

    let spec: Spec

    /// The type a route's success answer is read as; nil when it has no body.
    func answerType(of route: HTTPRoute) -> String? {
        route.successResponse?.body.map { resolved($0.typeName) }
    }

    /// The readers table, as the `iapkit` template writes it: a name and
    /// its description, in spec order.
    func readers() -> [TemplateValue] {
        var roots = spec.routes.compactMap(answerType(of:))
        if spec[Self.errorType] != nil { roots.append(Self.errorType) }
        var needed: Set<String> = []
        var queue = roots
        while let name = queue.popLast() {
            guard needed.insert(name).inserted else { continue }
            switch spec[name] {
            case let .record(record)?: queue += record.fields.compactMap { $0.type.namedLeaf.map(resolved) }
            case let .union(union)?:
                queue += union.members.map { resolved($0.typeName) }
                if case let .named(tag) = tagType(of: union) { queue.append(resolved(tag)) }
            default: break
            }
        }
        return spec.types.compactMap { type -> TemplateValue? in
            guard needed.contains(type.name), let text = description(type) else { return nil }
            return ["name": .string(type.name), "reader": .string(text)]
        }
    }

    // MARK: - Descriptions

    /// The description of one type; nil for the types that read as a
    /// scalar (opaque strings) and need no entry.
    private func description(_ type: NamedType) -> String? {
        switch type {
        case let .enumeration(enumeration):
            let aliases = enumeration.decodeAliasesOfValues()
            var spellings: [String] = []
            for (value, extra) in zip(enumeration.values, aliases) {
                for spelling in [value.wire] + extra {
                    spellings.append("\(literal(spelling)): \(literal(value.wire))")
                }
            }
            return "{ spellings: { \(spellings.joined(separator: ", ")) }, closed: \(enumeration.isClosed) }"
        case let .record(record) where record.isOneOf:
            let fields = record.fields.map { "{ name: \(literal($0.name)), type: \(ref($0.type)) }" }
            return lines("oneOf", fields)
        case let .record(record):
            return lines("fields", record.fields.map(fieldDescription))
        case let .union(union):
            let members = union.members.map { "\(literal($0.tag)): \(literal(resolved($0.typeName)))" }
            return "{ discriminator: \(literal(union.discriminator)), tag: \(ref(tagType(of: union))), "
                + "members: { \(members.joined(separator: ", ")) }, keepUnknown: \(union.unknownTag == .keep) }"
        case .opaqueString, .fieldSet, .alias:
            return nil
        }
    }

    private func fieldDescription(_ field: Field) -> String {
        var parts = ["name: \(literal(field.name))", "type: \(ref(field.type))"]
        if !field.aliases.isEmpty { parts.append("aliases: [\(field.aliases.map(literal).joined(separator: ", "))]") }
        if field.isRequired { parts.append("required: true") }
        if field.degrades { parts.append("degrades: true") }
        // Only an optional field can read as absent; the Swift type reads a
        // required one as the empty string it is.
        if !field.isRequired, case let .named(name) = field.type, case let .opaqueString(string)? = spec[name],
            string.emptyIsAbsent
        {
            parts.append("emptyIsAbsent: true")
        }
        return "{ \(parts.joined(separator: ", ")) }"
    }

    /// `{ fields: [` one entry a line `] }`.
    private func lines(_ key: String, _ entries: [String]) -> String {
        guard !entries.isEmpty else { return "{ \(key): [] }" }
        return "{\n    \(key): [\n" + entries.map { "      \($0),\n" }.joined() + "    ],\n  }"
    }

    /// A type reference as the runtime reads it: a scalar's spec name, a
    /// described type's name, `{ list: … }` or `{ map: … }`. Opaque strings
    /// read as `String`.
    private func ref(_ type: TypeRef) -> String {
        switch type {
        case let .scalar(scalar): return literal(scalar.rawValue)
        case let .named(name):
            let target = resolved(name)
            if case .opaqueString? = spec[target] { return literal(Scalar.string.rawValue) }
            return literal(target)
        case let .list(element): return "{ list: \(ref(element)) }"
        case let .map(element): return "{ map: \(ref(element)) }"
        }
    }

    /// The type of a union's discriminator, as its members declare it (the
    /// first member record that has the field); `String` when none does.
    private func tagType(of union: UnionType) -> TypeRef {
        var queue = union.members.map(\.typeName)
        var seen: Set<String> = []
        while !queue.isEmpty {
            let name = resolved(queue.removeFirst())
            guard seen.insert(name).inserted else { continue }
            switch spec[name] {
            case let .record(record)?:
                if let field = record.field(union.discriminator) { return field.type }
            case let .union(inner)?: queue += inner.members.map(\.typeName)
            default: break
            }
        }
        return .scalar(.string)
    }

    /// The record or union a name stands for: aliases resolved.
    private func resolved(_ name: String) -> String {
        var current = name
        var steps = 0
        while case let .alias(alias)? = spec[current], steps < spec.types.count {
            current = alias.target
            steps += 1
        }
        return current
    }

    private func literal(_ text: String) -> String { TypeScriptNames.stringLiteral(text) }
}
