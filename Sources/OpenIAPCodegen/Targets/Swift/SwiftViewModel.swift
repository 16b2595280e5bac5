/// Builds the template contexts of the Swift target. Every Swift-specific
/// decision (names, escaping, decode and encode calls, validation code) is
/// made here; templates only place the results.
struct SwiftViewModel {
    let spec: Spec
    /// Types whose `validate()` has something to check, directly or in a
    /// nested value.
    let needsValidation: Set<String>
    /// Types that contain themselves by value; unions among them are `indirect`.
    let onContainmentCycle: Set<String>

    init(spec: Spec) {
        self.spec = spec
        self.needsValidation = Self.validatingTypes(in: spec)
        self.onContainmentCycle = Containment(spec).onCycle
    }

    struct FileGroup {
        var path: String
        var source: String
        var types: [NamedType]

        /// The context of each type, in name order.
        func contexts(_ model: SwiftViewModel) -> [TemplateValue] {
            types.map(model.context(for:))
        }
    }

    /// Types grouped by the spec file that declares them; one Swift file each,
    /// named after the YAML file (`verification.yaml` → `Verification.swift`).
    func fileGroups() -> [FileGroup] {
        var byFile: [String: [NamedType]] = [:]
        for type in spec.types { byFile[type.location.file, default: []].append(type) }
        return byFile.keys.sorted().map { file in
            let stem = file.split(separator: "/").last.map(String.init) ?? file
            var types = byFile[file]!
            // `Spec` keeps its types sorted by name, so this rarely sorts.
            if !zip(types, types.dropFirst()).allSatisfy({ $0.name <= $1.name }) {
                types.sort { $0.name < $1.name }
            }
            return FileGroup(path: SwiftNames.fileName(forSpecFile: file), source: stem, types: types)
        }
    }

    /// Records and unions by name, for `OpenIAPTypeRegistry`.
    func registryEntries() -> [TemplateValue] {
        spec.types.compactMap { type in
            switch type {
            case .record, .union:
                ["key": .string(SwiftEscaping.stringLiteral(type.name)), "type": .string(type.name)]
            default: nil
            }
        }
    }

    // MARK: - Per construct

    func context(for type: NamedType) -> TemplateValue {
        var base: TemplateObject = [
            "isEnum": false, "isClosedEnum": false, "isOpaque": false, "isRecord": false, "isUnion": false, "isFieldSet": false,
            "name": .string(type.name),
            "docLines": lines(SwiftEscaping.docLines(type.annotations.doc)),
            "deprecation": .string(deprecationAttribute(type.annotations)),
        ]
        switch type {
        case let .enumeration(e):
            base[e.isClosed ? "isClosedEnum" : "isEnum"] = true
            base.merge(enumContext(e)) { $1 }
        case let .opaqueString(s):
            base["isOpaque"] = true
            base.merge(opaqueContext(s)) { $1 }
        case let .record(r):
            base["isRecord"] = true
            base.merge(recordContext(r)) { $1 }
        case let .fieldSet(s):
            base["isFieldSet"] = true
            base["requirements"] = .list(s.fields.map { field in
                [
                    "docLines": lines(SwiftEscaping.docLines(field.annotations.doc)),
                    "deprecation": .string(deprecationAttribute(field.annotations)),
                    "property": .string(SwiftNames.escaped(SwiftNames.name(field.name, in: .property))),
                    "type": .string(SwiftTypeMapping.swiftType(of: field)),
                ]
            })
        case let .union(u):
            base["isUnion"] = true
            base.merge(unionContext(u)) { $1 }
        }
        return .object(base)
    }

    private func enumContext(_ type: EnumType) -> TemplateObject {
        let cases: [TemplateValue] = type.values.map { value in
            let spellings = [value.wire] + type.decodeAliases(of: value)
            var docs = SwiftEscaping.docLines(value.annotations.doc)
            // Deprecated cases are documented, not attributed: the generated
            // decoder must construct them, and constructing a deprecated case
            // warns in every context that is not itself deprecated.
            if let message = value.annotations.deprecated {
                docs += SwiftEscaping.docLines("- Warning: Deprecated." + (message.isEmpty ? "" : " " + message))
            }
            return [
                "docLines": lines(docs),
                "caseName": .string(SwiftNames.escaped(SwiftNames.name(value.wire, in: type.isClosed ? .closedEnumCase : .openEnumCase))),
                "wire": .string(SwiftEscaping.stringLiteral(value.wire)),
                "spellings": .string(spellings.map(SwiftEscaping.stringLiteral).joined(separator: ", ")),
            ]
        }
        let expected = type.values.map(\.wire).joined(separator: ", ")
        return [
            "cases": .list(cases),
            "hasOneValue": .bool(type.values.count == 1),
            "unknownCase": .string(SwiftNames.unknownEnumCase),
            "expectedValues": .string(SwiftEscaping.stringLiteral(expected)),
        ]
    }

    private func opaqueContext(_ type: OpaqueStringType) -> TemplateObject {
        [
            "hasOneValue": .bool(type.knownValues.count == 1),
            "constants": .list(type.knownValues.map { value in
                [
                    "docLines": lines(SwiftEscaping.docLines(value.annotations.doc)),
                    "constant": .string(SwiftNames.escaped(SwiftNames.name(value.wire, in: .opaqueConstant))),
                    "wire": .string(SwiftEscaping.stringLiteral(value.wire)),
                ]
            }),
        ]
    }

    private func recordContext(_ record: RecordType) -> TemplateObject {
        let fields: [TemplateValue] = record.fields.map { field in
            let property = SwiftNames.name(field.name, in: .property)
            let deprecated = field.annotations.deprecated != nil
            // A deprecated field is stored under a private name and exposed by a
            // deprecated accessor, so the generated code never warns about its
            // own use of it.
            // The property, its coding key and its initializer label share one spelling.
            let escaped = SwiftNames.escaped(property)
            let storage = deprecated ? "_" + property : escaped
            let internalName = SwiftNames.parameterInternalName(property)
            var docs = SwiftEscaping.docLines(field.annotations.doc)
            if let defaultValue = field.defaultValue {
                docs += SwiftEscaping.docLines(
                    "Defaults to `\(SwiftTypeMapping.literal(defaultValue, type: field.type, spec: spec))` when absent.")
            }
            if let limit = field.constraints.maxBytes {
                docs += SwiftEscaping.docLines("At most \(limit) bytes of UTF-8; checked by `validate()`.")
            }
            if field.degrades {
                docs += SwiftEscaping.docLines("A present value that cannot be read decodes as `nil`.")
            }
            let initDefault: String =
                if let value = field.defaultValue { " = " + SwiftTypeMapping.literal(value, type: field.type, spec: spec) }
                else if !field.isRequired { " = nil" }
                else { "" }
            return [
                "docLines": lines(docs),
                "deprecation": .string(deprecationAttribute(field.annotations)),
                "isDeprecated": .bool(deprecated),
                "property": .string(escaped),
                "parameter": .string(internalName.map { escaped + " " + $0 } ?? escaped),
                "argument": .string(internalName ?? escaped),
                "storage": .string(storage),
                "type": .string(SwiftTypeMapping.swiftType(of: field)),
                "initDefault": .string(initDefault),
                // `case name` when the wire name is the property name, else an explicit raw value.
                "codingKey": .string(
                    property == field.name
                        ? escaped
                        : escaped + " = " + SwiftEscaping.stringLiteral(field.name)),
                "decode": .string(decodeExpression(field, key: escaped)),
                "encode": .string(encodeStatement(field, storage: "self." + storage, key: escaped)),
            ]
        }
        let validates = needsValidation.contains(record.name)
        var conformances = ["Codable", "Hashable", "Sendable", "OpenIAPValidatable"] + record.includes
        conformances = conformances.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
        return [
            "fields": .list(fields),
            "hasFields": .bool(!record.fields.isEmpty),
            "conformances": .string(conformances.joined(separator: ", ")),
            "validates": .bool(validates),
            // A record has validation lines exactly when it validates.
            "validationLines": validates ? lines(validationLines(record)) : .list([]),
        ]
    }

    private func unionContext(_ union: UnionType) -> TemplateObject {
        let discriminator = spec.flattenedMembers(of: union).first?.field(union.discriminator)
        // Decoding the discriminator with its own type applies its aliases;
        // switching on the canonical raw value then picks the member.
        let tagType: String
        let tagValue: String
        switch discriminator?.type {
        case let .named(name)?:
            tagType = name
            tagValue = "tag.rawValue"
        default:
            tagType = "String"
            tagValue = "tag"
        }
        let members: [TemplateValue] = union.members.map { member in
            [
                "caseName": .string(SwiftNames.escaped(SwiftNames.name(member.tag, in: .unionCase))),
                "tag": .string(SwiftEscaping.stringLiteral(member.tag)),
                "type": .string(member.typeName),
            ]
        }
        let keep = union.unknownTag == .keep
        let expected = union.members.map(\.tag).joined(separator: ", ")
        return [
            "members": .list(members),
            "isIndirect": .bool(onContainmentCycle.contains(union.name)),
            "keepsUnknown": .bool(keep),
            "unknownCase": .string(SwiftNames.unknownUnionCase),
            "discriminatorKey": .string(SwiftEscaping.stringLiteral(union.discriminator)),
            "discriminatorDoc": .string(SwiftEscaping.docLines("Tagged by the `\(union.discriminator)` field on the wire.").joined(separator: "\n")),
            "tagType": .string(tagType),
            "tagValue": .string(tagValue),
            "expectedTags": .string(SwiftEscaping.stringLiteral(expected)),
            "validates": .bool(needsValidation.contains(union.name)),
        ]
    }

    // MARK: - Decoding and encoding

    private func decodeExpression(_ field: Field, key: String) -> String {
        let type = SwiftTypeMapping.swiftType(field.type)
        // An open enum or opaque string is a JSON string on the wire; its own
        // `init(from:)` only reads that string and wraps it. Reading the
        // string straight from the object and wrapping it here does the same
        // without a nested decoder per value.
        if let wrapper = stringWrapper(field.type) {
            let wrap = ".map(\(wrapper).init(rawValue:))"
            if field.isRequired { return "\(wrapper)(rawValue: try container.decodeField(String.self, forKey: .\(key)))" }
            var expression = field.degrades
                ? "container.decodeDegrading(String.self, forKey: .\(key))\(wrap)"
                : "try container.decodeFieldIfPresent(String.self, forKey: .\(key))\(wrap)"
            if case let .opaqueString(s)? = spec[wrapper], s.emptyIsAbsent {
                expression += ".flatMap { $0.rawValue.isEmpty ? nil : $0 }"
            }
            return expression
        }
        if field.isRequired { return "try container.decodeField(\(type).self, forKey: .\(key))" }
        var expression = field.degrades
            ? "container.decodeDegrading(\(type).self, forKey: .\(key))"
            : "try container.decodeFieldIfPresent(\(type).self, forKey: .\(key))"
        if case let .named(name) = field.type, case let .opaqueString(s)? = spec[name], s.emptyIsAbsent {
            expression += ".flatMap { $0.rawValue.isEmpty ? nil : $0 }"
        }
        return expression
    }

    private func encodeStatement(_ field: Field, storage: String, key: String) -> String {
        // The wire string of an open enum or opaque string, written directly
        // (see `decodeExpression`).
        if stringWrapper(field.type) != nil {
            return field.isRequired
                ? "try container.encode(\(storage).rawValue, forKey: .\(key))"
                : "try container.encodeIfPresent(\(storage)?.rawValue, forKey: .\(key))"
        }
        return field.isRequired
            ? "try container.encode(\(storage), forKey: .\(key))"
            : "try container.encodeIfPresent(\(storage), forKey: .\(key))"
    }

    /// The name of an open enum or opaque string field type: types whose
    /// generated `Codable` conformance is exactly "a JSON string, wrapped by
    /// `init(rawValue:)`, written back as `rawValue`". Closed enums are not
    /// among them: they reject unknown values with their own message.
    private func stringWrapper(_ type: TypeRef) -> String? {
        guard case let .named(name) = type else { return nil }
        switch spec[name] {
        case let .enumeration(e)? where !e.isClosed: return name
        case .opaqueString?: return name
        default: return nil
        }
    }

    // MARK: - Validation

    private func validationLines(_ record: RecordType) -> [String] {
        var result: [String] = []
        for group in record.exactlyOne {
            let checks = group.fields.compactMap { name in record.field(name) }
                .map { "(\(storageName($0)) != nil ? 1 : 0)" }
            let names = group.fields.map(SwiftEscaping.stringLiteral).joined(separator: ", ")
            result.append("let set\(result.count) = \(checks.joined(separator: " + "))")
            result.append(
                "if set\(result.count - 1) != 1 { throw OpenIAPValidationError(path: path, reason: .exactlyOne(fields: [\(names)], found: set\(result.count - 1))) }")
        }
        for field in record.fields {
            // Only constraints and nested values that validate produce lines.
            guard !field.constraints.isEmpty || (field.type.namedLeaf.map(needsValidation.contains) ?? false) else { continue }
            let value = storageName(field)
            let path = "path + [\(SwiftEscaping.stringLiteral(field.name))]"
            var body: [String] = []
            let c = field.constraints
            if let limit = c.maxBytes {
                let text = isOpaque(field.type) ? "value.rawValue" : "value"
                body.append("try OpenIAPValidationError.checkBytes(\(text), limit: \(limit), path: \(path))")
            }
            if c.minimum != nil || c.maximum != nil {
                let minimum = c.minimum.map { "\($0)" } ?? "nil"
                let maximum = c.maximum.map { "\($0)" } ?? "nil"
                body.append("try OpenIAPValidationError.checkRange(Double(value), minimum: \(minimum), maximum: \(maximum), path: \(path))")
            }
            body += nestedValidation(field.type, value: "value", path: path)
            guard !body.isEmpty else { continue }
            if field.isRequired {
                result.append("do {")
                result.append("    let value = \(value)")
            } else {
                result.append("if let value = \(value) {")
            }
            result += body.map { "    " + $0 }
            result.append("}")
        }
        return result
    }

    private func nestedValidation(_ type: TypeRef, value: String, path: String) -> [String] {
        switch type {
        case .scalar: return []
        case let .named(name):
            return needsValidation.contains(name) ? ["try \(value).validate(at: \(path))"] : []
        case let .list(element):
            let inner = nestedValidation(element, value: "element", path: "\(path) + [\"[\\(index)]\"]")
            guard !inner.isEmpty else { return [] }
            return ["for (index, element) in \(value).enumerated() {"] + inner.map { "    " + $0 } + ["}"]
        case let .map(element):
            let inner = nestedValidation(element, value: "element", path: "\(path) + [key]")
            guard !inner.isEmpty else { return [] }
            return ["for (key, element) in \(value).sorted(by: { $0.key < $1.key }) {"] + inner.map { "    " + $0 } + ["}"]
        }
    }

    private func storageName(_ field: Field) -> String {
        let property = SwiftNames.name(field.name, in: .property)
        return "self." + (field.annotations.deprecated != nil ? "_" + property : SwiftNames.escaped(property))
    }

    private func isOpaque(_ type: TypeRef) -> Bool {
        if case let .named(name) = type, case .opaqueString? = spec[name] { return true }
        return false
    }

    /// Records with constraints or exactly-one groups, and everything that
    /// contains one of them: records with such a field (in lists and maps
    /// too) and unions with such a member. Worked outwards from the records
    /// that check something, through who contains each, so long chains of
    /// types cost linear time.
    static func validatingTypes(in spec: Spec) -> Set<String> {
        var containers: [String: [String]] = [:]
        var pending: [String] = []
        for type in spec.types {
            switch type {
            case let .record(r):
                if !r.exactlyOne.isEmpty || r.fields.contains(where: { !$0.constraints.isEmpty }) { pending.append(r.name) }
                for field in r.fields {
                    if let leaf = field.type.namedLeaf { containers[leaf, default: []].append(r.name) }
                }
            case let .union(u):
                for member in u.members { containers[member.typeName, default: []].append(u.name) }
            default:
                break
            }
        }
        var result: Set<String> = []
        while let name = pending.popLast() {
            guard result.insert(name).inserted else { continue }
            pending.append(contentsOf: containers[name] ?? [])
        }
        return result
    }

    // MARK: - Small helpers

    private func deprecationAttribute(_ annotations: Annotations) -> String {
        guard let message = annotations.deprecated else { return "" }
        if message.isEmpty { return "@available(*, deprecated)" }
        return "@available(*, deprecated, message: \(SwiftEscaping.stringLiteral(message)))"
    }

    private func lines(_ lines: [String]) -> TemplateValue {
        .list(lines.map(TemplateValue.string))
    }
}
