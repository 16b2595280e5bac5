import OpenIAPSpec
import OpenIAPTemplates

/// The template objects of enums (open and closed) and opaque strings.
extension SwiftViewModel {
    /// `names` are the values' case names (`SwiftNameCheck.Outcome.members`).
    func addEnum(_ type: EnumType, names: [String], to object: inout TemplateObject) {
        var cases: [TemplateValue] = []
        cases.reserveCapacity(type.values.count)
        // Each value's aliases are checked against all the enum's wire
        // values; asking for them all at once makes that set once per enum.
        let aliases = type.decodeAliasesOfValues()
        var index = 0
        for value in type.values {
            cases.append(caseContext(value, of: type.name, position: index, aliases: aliases[index], caseName: names[index]))
            index += 1
        }
        let expected = type.values.map(\.wire).joined(separator: ", ")
        object.append(Key.cases, .list(cases))
        object.append(Key.hasOneValue, .bool(type.values.count == 1))
        object.append(Key.hasOneSpelling, .bool(type.values.count == 1 && aliases[0].isEmpty))
        object.append(Key.unknownCase, .string(SwiftNames.unknownEnumCase))
        object.append(Key.expectedValues, .string(SwiftEscaping.stringLiteral(expected)))
        object.append(Key.hasDeprecatedCases, .bool(type.values.contains { $0.annotations.deprecated != nil }))
    }

    /// `value` is one of the enum's values, at `position` among them; `aliases` are its
    /// decode-only spellings, from `EnumType.decodeAliasesOfValues()`;
    /// `caseName` its case's name, without backticks.
    func caseContext(
        _ value: EnumValue, of owner: String, position: Int, aliases: [String], caseName: String
    ) -> TemplateValue {
        let wire = value.wire
        let literal = SwiftEscaping.stringLiteral(wire)
        // The spellings of the enum's spelling table (see `OpenIAPSpellings`):
        // the wire value, then each alias; each is listed with `position`.
        var spellings: [TemplateValue] = [.string(literal)]
        for alias in aliases {
            spellings.append(.string(SwiftEscaping.stringLiteral(alias)))
        }
        var docs = DocLineList()
        docs.append(value.annotations.doc)
        // A deprecated case is attributed; the generated code names it only
        // where that does not warn (`enumDeclarations`, SwiftDeprecation.swift).
        var item = TemplateObject(keys: Self.caseKeys)
        item.append(Key.docLines, docs.value)
        item.append(Key.deprecation, deprecationContext(value.annotations, owner: owner))
        item.append(Key.caseName, .string(SwiftNames.escaped(caseName)))
        item.append(Key.wire, .string(literal))
        item.append(Key.spellings, .list(spellings))
        item.append(Key.position, .string(String(position)))
        return .object(item)
    }

    /// `names` are the known values' constant names (`SwiftNameCheck.Outcome.members`).
    func addOpaque(_ type: OpaqueStringType, names: [String], to object: inout TemplateObject) {
        var constants: [TemplateValue] = []
        constants.reserveCapacity(type.knownValues.count)
        for index in type.knownValues.indices {
            let value = type.knownValues[index]
            var item = TemplateObject(keys: Self.constantKeys)
            item.append(Key.docLines, docLines(value.annotations.doc))
            item.append(Key.constant, .string(SwiftNames.escaped(names[index])))
            item.append(Key.wire, .string(SwiftEscaping.stringLiteral(value.wire)))
            constants.append(.object(item))
        }
        object.append(Key.hasOneValue, .bool(type.knownValues.count == 1))
        object.append(Key.constants, .list(constants))
    }
}
