import OpenIAPSpec

/// The JSON Schema of type expressions, enums, opaque strings and unions.
extension JSONSchemaBuilder {
    static let timestampNote = "Epoch milliseconds: a JSON number counting milliseconds since 1970-01-01T00:00:00Z."

    /// The keywords that accept exactly the values of a type expression.
    ///
    /// `nullable` also accepts `null`: as a second entry of `type` where there
    /// is one, otherwise through an `anyOf` with a null branch. A timestamp
    /// inside a list or map (`nested`) carries its note itself, since no
    /// field description speaks for it there.
    static func writeType(_ type: TypeRef, nullable: Bool, nested: Bool = false, to json: inout JSONWriter) {
        switch type {
        case let .scalar(scalar):
            if scalar == .timestamp, nested { json.member("description", timestampNote) }
            writeTypeKeyword(jsonType(of: scalar), nullable: nullable, to: &json)
        case let .named(name):
            guard nullable else {
                writeReference(to: name, in: &json)
                return
            }
            json.key("anyOf")
            json.array { json in
                json.object { writeReference(to: name, in: &$0) }
                json.object { $0.member("type", constant: "null") }
            }
        case let .list(element):
            writeTypeKeyword("array", nullable: nullable, to: &json)
            json.key("items")
            json.object { writeType(element, nullable: false, nested: true, to: &$0) }
        case let .map(value):
            writeTypeKeyword("object", nullable: nullable, to: &json)
            json.key("additionalProperties")
            json.object { writeType(value, nullable: false, nested: true, to: &$0) }
        }
    }

    /// `"type": "name"`, or `"type": ["name", "null"]`.
    static func writeTypeKeyword(_ name: StaticString, nullable: Bool, to json: inout JSONWriter) {
        json.key("type")
        if nullable {
            json.array { json in
                json.string(name)
                json.string("null")
            }
        } else {
            json.string(name)
        }
    }

    static func jsonType(of scalar: Scalar) -> StaticString {
        switch scalar {
        case .string: "string"
        case .bool: "boolean"
        case .int: "integer"
        case .double, .timestamp: "number"
        }
    }

    // MARK: - Enums and opaque strings

    func writeEnum(_ type: EnumType, to json: inout JSONWriter) {
        let aliasLists = type.decodeAliasesOfValues()
        var notes: [String] = []
        if type.isClosed {
            notes.append("Closed enum: no other value is accepted.")
            notes.append(Self.valueList(type.values))
        } else {
            notes.append("Open enum: any other string is accepted too, so that values added later do not break readers.")
        }
        var aliases: [String] = []
        for (index, list) in aliasLists.enumerated() {
            for alias in list { aliases.append("\(alias) (\(type.values[index].wire))") }
        }
        if !aliases.isEmpty {
            let covered = type.isClosed ? "" : " They fall under the any-string branch."
            notes.append(
                "Readers also accept these spellings and read them as the value in parentheses: \(aliases.joined(separator: ", ")).\(covered)")
        }
        Self.addLifecycleNotes(type.annotations, to: &notes)

        json.object { json in
            Self.writeHeader(type.name, doc: type.annotations.doc, notes: notes, to: &json)
            if type.annotations.deprecated != nil { json.member("deprecated", true) }
            json.member("type", constant: "string")
            if type.isClosed {
                json.key("enum")
                json.array { json in
                    for (index, list) in aliasLists.enumerated() {
                        json.string(quoting: type.values[index].wire)
                        for alias in list { json.string(quoting: alias) }
                    }
                }
            } else {
                json.key("anyOf")
                json.array { json in
                    for value in type.values {
                        json.object { json in
                            json.member("const", value.wire)
                            var notes: [String] = []
                            Self.addLifecycleNotes(value.annotations, to: &notes)
                            Self.writeDescription(value.annotations.doc, notes, to: &json)
                            if value.annotations.deprecated != nil { json.member("deprecated", true) }
                        }
                    }
                    json.object { json in
                        json.member("description", constant: "Any other string: a value this version of the spec does not list, kept as is.")
                        json.member("type", constant: "string")
                    }
                }
            }
        }
    }

    func writeOpaque(_ type: OpaqueStringType, to json: inout JSONWriter) {
        var notes = ["Any string is valid."]
        if !type.knownValues.isEmpty { notes.append("Known values:\n" + Self.valueList(type.knownValues)) }
        if type.emptyIsAbsent { notes.append("Readers treat an empty string as an absent value.") }
        Self.addLifecycleNotes(type.annotations, to: &notes)
        json.object { json in
            Self.writeHeader(type.name, doc: type.annotations.doc, notes: notes, to: &json)
            if type.annotations.deprecated != nil { json.member("deprecated", true) }
            json.member("type", constant: "string")
            if !type.knownValues.isEmpty {
                json.key("examples")
                json.array { json in
                    for value in type.knownValues { json.string(quoting: value.wire) }
                }
            }
        }
    }

    // MARK: - Unions

    func writeUnion(_ union: UnionType, to json: inout JSONWriter) {
        let discriminator = union.discriminator
        var notes = [
            "The \(Self.code(discriminator)) property picks the member: "
                + union.members.map { "\(Self.code($0.tag)) for \($0.typeName)" }.joined(separator: ", ") + ".",
        ]
        switch union.unknownTag {
        case .keep:
            notes.append(
                "Any other string in \(Self.code(discriminator)) is accepted too: readers keep such an object unchanged as an unknown member.")
        case .fail:
            notes.append("Any other value of \(Self.code(discriminator)) is rejected.")
        }
        Self.addLifecycleNotes(union.annotations, to: &notes)

        json.object { json in
            Self.writeHeader(union.name, doc: union.annotations.doc, notes: notes, to: &json)
            if union.annotations.deprecated != nil { json.member("deprecated", true) }
            json.member("type", constant: "object")
            json.key("required")
            json.array { $0.string(quoting: discriminator) }
            json.key("oneOf")
            json.array { json in
                for member in union.members {
                    json.object { json in
                        Self.writeReference(to: member.typeName, in: &json)
                        json.key("properties")
                        json.object { json in
                            json.key(quoting: discriminator)
                            json.object { $0.member("const", member.tag) }
                        }
                    }
                }
                guard union.unknownTag == .keep else { return }
                json.object { json in
                    json.member("type", constant: "object")
                    json.key("required")
                    json.array { $0.string(quoting: discriminator) }
                    json.key("properties")
                    json.object { json in
                        json.key(quoting: discriminator)
                        json.object { json in
                            json.member("type", constant: "string")
                            json.key("not")
                            json.object { json in
                                json.key("enum")
                                json.array { json in
                                    for member in union.members { json.string(quoting: member.tag) }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
