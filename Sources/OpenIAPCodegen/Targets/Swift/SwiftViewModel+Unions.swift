import OpenIAPSpec
import OpenIAPTemplates

/// The template objects of unions: a case per member type, the
/// discriminator, and the properties of the field sets all members share.
extension SwiftViewModel {
    func addUnion(_ union: UnionType, at position: Int, to object: inout TemplateObject) {
        // The discriminator field of the first member.
        var discriminatorType: TypeRef?
        let firstRecord = unionRecords[union.name]?.first.flatMap(spec.record)
        for field in firstRecord?.fields ?? [] {
            if discriminatorType == nil, field.name == union.discriminator { discriminatorType = field.type }
        }
        // Decoding the discriminator with its own type applies its aliases;
        // switching on the canonical raw value then picks the member.
        let tagType: String
        let tagValue: String
        switch discriminatorType {
        case let .named(name)?:
            tagType = name
            tagValue = "tag.rawValue"
        default:
            tagType = "String"
            tagValue = "tag"
        }
        // One case per member type, named after it as upstream names it;
        // a type listed under several tags has them all (Google, Horizon
        // and Amazon purchases are all `.purchaseAndroid`). The tag still
        // picks the case when decoding; the member writes its own tag back.
        var memberTypes: [String] = []
        var tagsByType: [String: [String]] = [:]
        for index in union.members.indices {
            let member = union.members[index]
            if tagsByType[member.typeName] == nil { memberTypes.append(member.typeName) }
            tagsByType[member.typeName, default: []].append(SwiftEscaping.stringLiteral(member.tag))
        }
        let caseNames = memberTypes.map { SwiftNames.escaped(SwiftNames.unionCaseName(memberType: $0)) }
        var members: [TemplateValue] = []
        members.reserveCapacity(memberTypes.count)
        for (index, typeName) in memberTypes.enumerated() {
            var item = TemplateObject(keys: Self.memberKeys)
            item.append(Key.caseName, .string(caseNames[index]))
            item.append(Key.tag, .string(tagsByType[typeName, default: []].joined(separator: ", ")))
            item.append(Key.type, .string(typeName))
            members.append(.object(item))
        }
        let keep = union.unknownTag == .keep
        let expected = union.members.map(\.tag).joined(separator: ", ")
        // The shared fields of the members' common field sets, read through
        // whichever member the value holds.
        var properties: [TemplateValue] = []
        var conformances = ""
        for setPosition in unionInterfaces[union.name] ?? [] {
            guard case let .fieldSet(set) = spec.types[setPosition] else { continue }
            conformances += ", " + set.name
            for field in set.fields {
                properties.append(sharedProperty(field))
            }
        }
        object.append(Key.members, .list(members))
        object.append(Key.isIndirect, .bool(onContainmentCycle.contains(union.name)))
        object.append(Key.keepsUnknown, .bool(keep))
        object.append(Key.unknownCase, .string(SwiftNames.unknownUnionCase))
        object.append(Key.discriminatorKey, .string(SwiftEscaping.stringLiteral(union.discriminator)))
        object.append(Key.discriminatorDoc, .string(
            SwiftEscaping.docLines("Tagged by the `\(union.discriminator)` field on the wire.").joined(separator: "\n")))
        object.append(Key.tagType, .string(tagType))
        object.append(Key.tagValue, .string(tagValue))
        object.append(Key.expectedTags, .string(SwiftEscaping.stringLiteral(expected)))
        object.append(Key.validates, .bool(traits[position].contains(.validates)))
        object.append(Key.interfaces, .string(conformances))
        object.append(Key.properties, .list(properties))
    }

    /// The field sets whose protocols each union conforms to, as positions
    /// in `spec.types` in spec order, keyed by the union's name. A union
    /// conforms to a set when every record it stands for includes the set,
    /// every member union conforms too, and, when it keeps unknown members,
    /// every required field of the set has a neutral value to give for them.
    ///
    /// Worked out once per render, when the view model is made: asking every
    /// union about every field set costs unions × field sets checks (500 ×
    /// 1,000 at 10,000 types), each looking the union's records up again.
    /// Only the sets that all its records include can qualify, so those are
    /// the only ones checked.
    static func unionInterfaces(_ spec: Spec, unionRecords: [String: [String]]) -> [String: [Int]] {
        var answers: [String: [Int]] = [:]
        for case let .union(union) in spec.types where answers[union.name] == nil {
            answers[union.name] = interfaces(of: union, spec, unionRecords, &answers)
        }
        return answers
    }

    /// The field sets `union` conforms to (`unionInterfaces`), recording the
    /// answers for its member unions in `answers` on the way.
    private static func interfaces(
        of union: UnionType, _ spec: Spec, _ unionRecords: [String: [String]], _ answers: inout [String: [Int]]
    ) -> [Int] {
        // Every record the union stands for must include the set.
        var included: [Set<String>] = []
        for name in unionRecords[union.name] ?? [] {
            if case let .record(record)? = spec[name] { included.append(Set(record.includes)) }
        }
        guard let first = included.first else { return [] }
        var candidates = first.filter { name in included.allSatisfy { $0.contains(name) } }.compactMap { name -> Int? in
            guard let position = spec.position(of: name), case .fieldSet = spec.types[position] else { return nil }
            return position
        }
        candidates.sort()
        // Member unions must conform too.
        var nested: [[Int]] = []
        for member in union.members {
            guard case let .union(inner)? = spec[member.typeName] else { continue }
            if answers[inner.name] == nil {
                answers[inner.name] = []  // a cycle (refused by the validator) ends here
                answers[inner.name] = interfaces(of: inner, spec, unionRecords, &answers)
            }
            nested.append(answers[inner.name] ?? [])
        }
        return candidates.filter { position in
            guard case let .fieldSet(set) = spec.types[position] else { return false }
            // When it keeps unknown members, every required field of the set
            // needs a neutral value to give for them.
            if union.unknownTag == .keep,
                !set.fields.allSatisfy({ !$0.isRequired || neutralValue(of: $0.type, in: spec) != nil })
            {
                return false
            }
            return nested.allSatisfy { $0.contains(position) }
        }
    }

    /// What an unknown member answers for a required field that its JSON
    /// does not hold: empty, zero, or an enum's unknown value. The partial
    /// `neutralValue.tmpl` writes it.
    enum NeutralValue: Equatable {
        case emptyString, falseValue, zero, emptyList, emptyMap
        /// The unknown value of the open enum of that name.
        case unknownEnumValue(String)
        /// The empty value of the opaque string of that name.
        case emptyOpaque(String)

        /// Its template object: one flag per kind, and the type's name for
        /// the kinds that name a type.
        var context: TemplateValue {
            var enumType = ""
            var opaqueType = ""
            switch self {
            case let .unknownEnumValue(name): enumType = name
            case let .emptyOpaque(name): opaqueType = name
            default: break
            }
            return [
                "isEmptyString": .bool(self == .emptyString),
                "isFalse": .bool(self == .falseValue),
                "isZero": .bool(self == .zero),
                "isEmptyList": .bool(self == .emptyList),
                "isEmptyMap": .bool(self == .emptyMap),
                "enumType": .string(enumType),
                "opaqueType": .string(opaqueType),
            ]
        }
    }

    /// The neutral value (`NeutralValue`) of `type`; nil for types that
    /// have no such value (records, unions, closed enums).
    static func neutralValue(of type: TypeRef, in spec: Spec) -> NeutralValue? {
        switch type {
        case .scalar(.string): .emptyString
        case .scalar(.bool): .falseValue
        case .scalar(.int), .scalar(.double), .scalar(.timestamp): .zero
        case .list: .emptyList
        case .map: .emptyMap
        case let .named(name):
            switch spec[name] {
            case let .enumeration(e)? where !e.isClosed: .unknownEnumValue(name)
            case .opaqueString?: .emptyOpaque(name)
            default: nil
            }
        }
    }

    /// A shared field as a property of a union: each member's value, and
    /// for an unknown member the field read from its JSON when it is there
    /// with the right type (`readType`, the wire name `key`), else
    /// `neutral` for a required field. A `Bool` of an unknown member
    /// (`isFlag`) is always false (nil when optional): a flag such as
    /// `isValid` that this version cannot check is never taken as set.
    func sharedProperty(_ field: Field) -> TemplateValue {
        var docs = DocLineList()
        docs.append(field.annotations.doc)
        return [
            "docLines": docs.value,
            "deprecation": deprecationContext(field.annotations),
            "property": .string(SwiftNames.escaped(SwiftNames.name(field.name, in: .property))),
            "type": .string(SwiftTypeMapping.swiftType(of: field)),
            "isFlag": .bool(field.type == .scalar(.bool)),
            "isRequired": .bool(field.isRequired),
            "key": .string(SwiftEscaping.stringLiteral(field.name)),
            "readType": .string(SwiftTypeMapping.swiftType(field.type)),
            "neutral": field.isRequired ? Self.neutralValue(of: field.type, in: spec)?.context ?? .bool(false) : .bool(false),
        ]
    }
}
