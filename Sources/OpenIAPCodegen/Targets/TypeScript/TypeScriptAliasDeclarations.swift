import OpenIAPSpec
import OpenIAPTemplates

/// The type aliases of enums, opaque strings and unions, and the code
/// objects of enums.
extension TypeScriptViewModel {
    func enumAlias(_ type: EnumType) -> TemplateValue {
        var doc = DocComment(type.annotations.doc)
        let aliasLists = type.decodeAliasesOfValues()
        // The literals go straight into the list the template reads.
        var literals: [TemplateValue] = []
        literals.reserveCapacity(type.values.count + 1)
        // "`ALIAS` (`value`), …", written into one string.
        var aliasNotes = ""
        for (index, aliases) in aliasLists.enumerated() {
            let wire = type.values[index].wire
            literals.append(.string(TypeScriptNames.stringLiteral(wire)))
            for alias in aliases {
                if !aliasNotes.isEmpty { aliasNotes += ", " }
                aliasNotes += TypeScriptNames.docCode(alias)
                aliasNotes += " ("
                aliasNotes += TypeScriptNames.docCode(wire)
                aliasNotes += ")"
                // A closed type must still admit what readers accept.
                if type.isClosed { literals.append(.string(TypeScriptNames.stringLiteral(alias))) }
            }
        }
        doc.addParagraph(
            type.isClosed
                ? "Closed: no other value is valid."
                : "Open: other strings may arrive as the spec grows, so keep a fallback when comparing with these values.")
        Self.addValueList(type.values, to: &doc)
        if !aliasNotes.isEmpty {
            doc.addParagraph(
                "Readers also accept these spellings for the value in parentheses; write the value itself: " + aliasNotes + ".")
        }
        doc.addLifecycle(type.annotations)
        if !type.isClosed { literals.append(.string(TypeScriptTypeMapping.anyOtherString)) }
        let constant = type.name == APIOperation.errorCodeEnum ? codeObject(type) : TemplateValue.bool(false)
        return alias(name(type.name), doc: doc, members: literals, constant: constant)
    }

    /// `export const ErrorCode = { UserCancelled: "user-cancelled", … } as const;`:
    /// the error codes by name, the value upstream's `ErrorCode` enum is, so
    /// that `error.code === ErrorCode.UserCancelled` reads as it does there.
    /// The type of the same name stays as open as the enum. A value whose
    /// name is no identifier, or the name of a value before it, is listed
    /// under its code, quoted.
    func codeObject(_ type: EnumType) -> TemplateValue {
        var taken: Set<String> = []
        var members: [TemplateValue] = []
        for value in type.values {
            let wire = value.wire
            let member = TypeScriptNames.memberName(wire)
            let key = TypeScriptNames.isIdentifier(member) && taken.insert(member).inserted ? member : TypeScriptNames.stringLiteral(wire)
            var object = TemplateObject(capacity: 5)
            DocComment.addTemplateMembers(doc: value.annotations.doc.map(Self.oneLine), to: &object)
            object.append(Key.key, .string(key))
            object.append(Key.value, .string(TypeScriptNames.stringLiteral(wire)))
            members.append(.object(object))
        }
        var doc = DocComment(
            "The codes by name, as upstream's enum of this name offers them: `\(name(type.name)).\(TypeScriptNames.memberName(type.values.first?.wire ?? "unknown"))` is \(TypeScriptNames.docCode(type.values.first?.wire ?? "unknown")).")
        doc.addParagraph(
            "The type `\(name(type.name))` stays open: a code from a later spec is a string none of these equals, so keep a fallback when comparing.")
        var object = TemplateObject(capacity: 5)
        doc.addTemplateMembers(to: &object)
        object.append(Key.name, .string(name(type.name)))
        object.append(Key.members, .list(members))
        return .object(object)
    }

    func opaqueAlias(_ type: OpaqueStringType) -> TemplateValue {
        var doc = DocComment(type.annotations.doc)
        doc.addParagraph(
            type.knownValues.isEmpty ? "Any string is valid." : "Any string is valid; these values are known:")
        if !type.knownValues.isEmpty { Self.addValueList(type.knownValues, to: &doc) }
        if type.emptyIsAbsent { doc.addParagraph("Readers treat an empty string as an absent value.") }
        doc.addLifecycle(type.annotations)
        var members: [TemplateValue] = []
        if type.knownValues.isEmpty {
            members.append("string")
        } else {
            members.reserveCapacity(type.knownValues.count + 1)
            for value in type.knownValues { members.append(.string(TypeScriptNames.stringLiteral(value.wire))) }
            members.append(.string(TypeScriptTypeMapping.anyOtherString))
        }
        return alias(name(type.name), doc: doc, members: members)
    }

    /// `export type Purchase = PurchaseIOS | PurchaseAndroid;`: each member
    /// type once, in the order written. A member whose discriminator
    /// (typed by its tags, see `field`) can hold a tag this union does not
    /// give it is narrowed to this union's tags:
    /// `(Member & { kind: "a" })`.
    func unionAlias(_ union: UnionType) -> TemplateValue {
        var doc = typeDoc(union.annotations, of: union.name)
        let discriminator = TypeScriptNames.docCode(union.discriminator)
        var check = "Check " + discriminator + " to tell the members apart: "
        let key = TypeScriptNames.propertyKey(union.discriminator)
        var order: [String] = []
        var tagsOf: [String: [String]] = [:]
        var first = true
        for member in union.members {
            let typeName = member.typeName
            if !first { check += ", " }
            first = false
            check += TypeScriptNames.docCode(member.tag) + " for {@link " + name(typeName) + "}"
            if tagsOf[typeName] == nil { order.append(typeName) }
            tagsOf[typeName, default: []].append(member.tag)
        }
        check += "."
        // The paragraphs go before the lifecycle tags, wherever they are added.
        doc.addParagraph(check)
        switch union.unknownTag {
        case .keep:
            doc.addParagraph(
                "Payloads with another \(discriminator) are kept by readers, but this type leaves them out so that checking \(discriminator) narrows it; code that may see them should treat an object matching no member as unknown.")
        case .fail:
            doc.addParagraph("Payloads with another \(discriminator) are rejected.")
        }
        let members: [TemplateValue] = order.map { typeName in
            let tags = tagsOf[typeName] ?? []
            if typesItsTags(typeName, discriminator: union.discriminator, as: tags) { return .string(name(typeName)) }
            let literals = tags.map(TypeScriptNames.stringLiteral).joined(separator: " | ")
            return .string("(" + name(typeName) + " & { " + key + ": " + literals + " })")
        }
        return alias(name(union.name), doc: doc, members: members)
    }

    /// Whether every record `typeName` stands for types `discriminator` as
    /// exactly `tags` (as a set), so that the member needs no narrowing.
    func typesItsTags(_ typeName: String, discriminator: String, as tags: [String]) -> Bool {
        let records: [RecordType] =
            switch spec[typeName] {
            case let .record(record)?: [record]
            case .union?: (shapes.unionRecords[typeName] ?? []).compactMap(spec.record)
            default: []
            }
        return !records.isEmpty
            && records.allSatisfy { record in
                record.field(discriminator) != nil
                    && Set(shapes.tagValues[record.name]?[discriminator] ?? []) == Set(tags)
            }
    }

    func alias(_ declared: String, doc: DocComment, members: [TemplateValue], constant: TemplateValue = false) -> TemplateValue {
        declarationValue(
            name: declared, doc: doc, kind: .alias, single: members.count == 1 ? members[0] : "", members: members,
            constant: constant)
    }
}
