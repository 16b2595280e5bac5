import OpenIAPSpec
import OpenIAPTemplates

/// The template objects of enums (open and closed) and opaque strings.
extension KotlinViewModel {
    func addEnum(_ type: EnumType, names: KotlinMemberNames, to object: inout TemplateObject) {
        let aliases = type.decodeAliasesOfValues()
        var cases: [TemplateValue] = []
        cases.reserveCapacity(type.values.count)
        // What `fromRawValue` reads; `fromJson` reads upstream's spellings on top.
        var spelled = Spellings()
        // Each member's name as written, for its case and its lenient
        // spellings alike.
        let members = names.names.map(KotlinNames.escaped)
        // By position, each value's members read in place: `enumerated()`
        // copied every value (its docs, annotations, location) first.
        for index in type.values.indices {
            let wire = KotlinNames.stringLiteral(type.values[index].wire)
            var spellings = wire
            spelled.insert(type.values[index].wire)
            for alias in aliases[index] {
                spellings += ", " + KotlinNames.stringLiteral(alias)
                spelled.insert(alias)
            }
            var item = TemplateObject(keys: Self.caseKeys)
            addDocs(type.values[index].annotations.doc, to: &item)
            item.append(Key.deprecation, .string(deprecation(type.values[index].annotations, owner: type.name)))
            item.append(Key.member, .string(members[index]))
            item.append(Key.wire, .string(wire))
            item.append(Key.spellings, .string(spellings))
            cases.append(.object(item))
        }
        // Upstream's `fromJson` also takes each value in UPPER_SNAKE case and
        // as its constant's name (with `IOS` for a final `Ios`, as the SDL
        // spells it); a spelling that names two values means the first.
        var lenient: [TemplateValue] = []
        for index in type.values.indices {
            // Each spelling in turn, without a list of them made per value.
            func addLenient(_ spelling: String) {
                guard spelled.insert(spelling) else { return }
                var item = TemplateObject(keys: Self.lenientKeys)
                item.append(Key.spelling, .string(KotlinNames.stringLiteral(spelling)))
                item.append(Key.member, .string(members[index]))
                lenient.append(.object(item))
            }
            let member = names.names[index]
            addLenient(EnumAliasRule.upperSnake.alias(for: type.values[index].wire))
            addLenient(member)
            if member.hasSuffix("Ios") { addLenient(String(member.dropLast(3)) + "IOS") }
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

/// The spellings an enum's decoders read so far. An enum has a handful of
/// values, and going through a list of a few dozen short strings is
/// cheaper than hashing every one (3,450 insertions into a `Set` cost 3.5
/// million instructions at 1,000 types); past `listLimit` they go into a
/// set, so that a spec with a huge enum stays linear.
private struct Spellings {
    private static let listLimit = 32
    private var list: [String] = []
    private var set: Set<String> = []

    /// Adds `spelling`; whether it was not there yet.
    @discardableResult
    mutating func insert(_ spelling: String) -> Bool {
        if set.isEmpty {
            if list.contains(spelling) { return false }
            list.append(spelling)
            if list.count > Self.listLimit {
                set = Set(list)
                list = []
            }
            return true
        }
        return set.insert(spelling).inserted
    }
}
