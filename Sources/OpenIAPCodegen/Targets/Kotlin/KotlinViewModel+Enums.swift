import OpenIAPSpec
import OpenIAPTemplates

/// The template objects of enums (open and closed) and opaque strings.
extension KotlinViewModel {
    func addEnum(_ type: EnumType, names: KotlinMemberNames, to object: inout TemplateObject) {
        let aliases = type.decodeAliasesOfValues()
        var cases: [TemplateValue] = []
        cases.reserveCapacity(type.values.count)
        // What `fromRawValue` reads; `fromJson` reads upstream's spellings on top.
        var spelled: Set<String> = []
        // Each member's name as written, for its case and its lenient
        // spellings alike.
        let members = names.names.map(KotlinNames.escaped)
        for (index, value) in type.values.enumerated() {
            let wire = KotlinNames.stringLiteral(value.wire)
            var spellings = wire
            spelled.insert(value.wire)
            for alias in aliases[index] {
                spellings += ", " + KotlinNames.stringLiteral(alias)
                spelled.insert(alias)
            }
            var item = TemplateObject(keys: Self.caseKeys)
            addDocs(value.annotations.doc, to: &item)
            item.append(Key.deprecation, .string(deprecation(value.annotations, owner: type.name)))
            item.append(Key.member, .string(members[index]))
            item.append(Key.wire, .string(wire))
            item.append(Key.spellings, .string(spellings))
            cases.append(.object(item))
        }
        // Upstream's `fromJson` also takes each value in UPPER_SNAKE case and
        // as its constant's name (with `IOS` for a final `Ios`, as the SDL
        // spells it); a spelling that names two values means the first.
        var lenient: [TemplateValue] = []
        for (index, value) in type.values.enumerated() {
            let member = names.names[index]
            var extra = [KotlinNames.upperSnake(value.wire), member]
            if member.hasSuffix("Ios") { extra.append(String(member.dropLast(3)) + "IOS") }
            for spelling in extra where spelled.insert(spelling).inserted {
                var item = TemplateObject(keys: Self.lenientKeys)
                item.append(Key.spelling, .string(KotlinNames.stringLiteral(spelling)))
                item.append(Key.member, .string(members[index]))
                lenient.append(.object(item))
            }
        }
        object.append(Key.cases, .list(cases))
        object.append(Key.knownList, .string(Self.knownList(names)))
        object.append(Key.unknownMember, .string(KotlinNames.unknownMember))
        // Only a closed enum refuses a value, and says what it expected.
        object.append(
            Key.expectedValues,
            .string(type.isClosed ? KotlinNames.stringLiteral(type.values.map(\.wire).joined(separator: ", ")) : ""))
        object.append(
            Key.unknownValueMessage, .string(type.isClosed ? KotlinNames.stringLiteral("unknown \(type.name) value '") : ""))
        object.append(Key.lenient, .list(lenient))
        object.append(Key.hasLenient, .bool(!lenient.isEmpty))
    }

    func addOpaque(_ type: OpaqueStringType, names: KotlinMemberNames, to object: inout TemplateObject) {
        object.append(Key.constants, .list(zip(type.knownValues, names.names).map { value, member in
            var constant = TemplateObject(keys: Self.constantKeys)
            addDocs(value.annotations.doc, to: &constant)
            constant.append(Key.deprecation, .string(deprecation(value.annotations, owner: type.name)))
            constant.append(Key.constant, .string(KotlinNames.escaped(member)))
            constant.append(Key.wire, .string(KotlinNames.stringLiteral(value.wire)))
            return .object(constant)
        }))
        object.append(Key.knownList, .string(Self.knownList(names)))
    }
}
