import OpenIAPSpec
import OpenIAPTemplates

/// The template objects of unions: their members, the discriminator, and
/// the shared fields read through whichever member a value holds.
extension KotlinViewModel {
    /// How the body of a union names the spec type `name`: with its package
    /// when a class nested in the union has that name and would hide it.
    func typeReference(_ name: String, nested: Set<String>) -> String {
        let kotlin = KotlinNames.typeName(name)
        return nested.contains(kotlin) ? packageName + "." + kotlin : kotlin
    }

    func addUnion(_ union: UnionType, to object: inout TemplateObject) {
        let isDirect = shapes.direct.contains(union.name)
        // The distinct member types, in the order first listed, with their tags.
        var memberTypes: [(type: String, tags: [String])] = []
        for member in union.members {
            if let index = memberTypes.firstIndex(where: { $0.type == member.typeName }) {
                memberTypes[index].tags.append(member.tag)
            } else {
                memberTypes.append((member.typeName, [member.tag]))
            }
        }
        var nested: Set<String> = union.unknownTag == .keep ? [KotlinNames.unknownMember] : []
        if !isDirect { nested.formUnion(memberTypes.map { KotlinUnionShapes.wrapperName($0.type) }) }
        let tagDecode: String
        let tagValue: String
        switch KotlinMemberNames.discriminatorType(of: union, spec: spec, unionRecords: unionRecords) {
        case let .named(name)?:
            tagDecode = typeReference(name, nested: nested) + ".fromJsonValue(v0, p0)"
            tagValue = "tag.rawValue"
        default:
            tagDecode = "OpenIAPDecode.string(v0, p0)"
            tagValue = "tag"
        }
        // The shared fields, as the interfaces of the sets declare them.
        let sets = shapes.sharedSets[union.name] ?? []
        var shared: [TemplateValue] = []
        for set in sets {
            guard case let .fieldSet(fieldSet)? = spec[set] else { continue }
            for field in fieldSet.fields {
                let property = KotlinNames.escaped(KotlinNames.name(field.name, in: .property))
                var item = TemplateObject(keys: Self.sharedKeys)
                item.append(Key.property, .string(property))
                item.append(Key.type, .string(qualifiedType(field.type, isRequired: field.isRequired, nested: nested)))
                addUnknownGetter(field, nested: nested, to: &item)
                shared.append(.object(item))
            }
        }
        var supertypes = "OpenIAPModel"
        for set in sets { supertypes += ", " + set }
        object.append(Key.supertypes, .string(supertypes))
        object.append(Key.isDirect, .bool(isDirect))
        object.append(Key.members, .list(isDirect ? [] : memberTypes.map { member in
            var item = TemplateObject(keys: Self.unionMemberKeys)
            item.append(Key.className, .string(KotlinUnionShapes.wrapperName(member.type)))
            item.append(Key.type, .string(typeReference(member.type, nested: nested)))
            item.append(Key.validates, .bool(validating.contains(member.type)))
            return .object(item)
        }))
        object.append(Key.branches, .list(memberTypes.map { member in
            let read = typeReference(member.type, nested: nested) + ".fromJsonValue(value, path)"
            var item = TemplateObject(keys: Self.branchKeys)
            item.append(Key.tags, .string(member.tags.map(KotlinNames.stringLiteral).joined(separator: ", ")))
            item.append(Key.construct, .string(isDirect ? read : KotlinUnionShapes.wrapperName(member.type) + "(" + read + ")"))
            return .object(item)
        }))
        object.append(Key.shared, .list(shared))
        object.append(Key.hasShared, .bool(!shared.isEmpty))
        object.append(Key.keepsUnknown, .bool(union.unknownTag == .keep))
        object.append(Key.unknownMember, .string(KotlinNames.unknownMember))
        object.append(Key.discriminatorKey, .string(KotlinNames.stringLiteral(union.discriminator)))
        object.append(Key.discriminatorDoc, .string(KotlinNames.docText(KotlinNames.docCode(union.discriminator))))
        object.append(Key.tagDecode, .string(tagDecode))
        object.append(Key.tagValue, .string(tagValue))
        object.append(Key.unknownTagMessage, .string(KotlinNames.stringLiteral("unknown \(union.name) tag '")))
        object.append(Key.expectedTags, .string(
            KotlinNames.stringLiteral("'; expected one of: " + union.members.map(\.tag).joined(separator: ", "))))
    }

    /// `KotlinTypeMapping.kotlinType`, with the spec types that a class
    /// nested where the type is written would hide named with their package.
    func qualifiedType(_ type: TypeRef, isRequired: Bool, nested: Set<String>) -> String {
        func written(_ type: TypeRef) -> String {
            switch type {
            case let .named(name): typeReference(name, nested: nested)
            case let .list(element): "List<" + written(element) + ">"
            case let .map(value): "Map<String, " + written(value) + ">"
            case .scalar: KotlinTypeMapping.kotlinType(type)
            }
        }
        return isRequired ? written(type) : written(type) + "?"
    }

    /// How `union.tmpl` writes the getter of a shared field on a union's
    /// unknown member, which only has the object it was read from: the
    /// field read from it (`key`, `decoded`) when it is there and has the
    /// right type, otherwise null for an optional field and `neutral` for
    /// a required one (`""`, `0L`, `0.0`, an empty list or map, an open
    /// enum's unknown value). A Boolean (`isFlag`) is always `false`, so
    /// that an unknown member never claims a flag such as `isValid` (fail
    /// closed); a required field of a type without a neutral value (a
    /// record, a union, a closed enum) throws.
    func addUnknownGetter(_ field: Field, nested: Set<String>, to object: inout TemplateObject) {
        object.append(Key.isFlag, .bool(field.type == .scalar(.bool)))
        object.append(Key.isRequired, .bool(field.isRequired))
        object.append(Key.key, .string(KotlinNames.stringContent(field.name)))
        object.append(Key.decoded, decodedValue(field.type, depth: 0, nested: nested))
        var neutral = ""
        if field.isRequired {
            switch field.type {
            case .scalar(.string): neutral = "\"\""
            case .scalar(.int): neutral = "0L"
            case .scalar(.double), .scalar(.timestamp): neutral = "0.0"
            case .scalar(.bool): neutral = "false"
            case .list: neutral = "emptyList()"
            case .map: neutral = "emptyMap()"
            case let .named(name):
                switch spec[name] {
                case let .enumeration(e)? where !e.isClosed: neutral = typeReference(name, nested: nested) + ".fromRawValue(\"\")"
                case .opaqueString?: neutral = typeReference(name, nested: nested) + "(\"\")"
                default:
                    neutral = "throw IllegalStateException(\(KotlinNames.stringLiteral("an unknown member has no \(field.name) this version can read")))"
                }
            }
        }
        object.append(Key.neutral, .string(neutral))
    }
}
