import OpenIAPSpec
import OpenIAPTemplates

/// The member names of the Swift view model's template objects, and the
/// list of them each kind of object starts from.
extension SwiftViewModel {
    /// The member names of the objects built here, made once rather than
    /// per object.
    enum Key {
        static let isEnum = TemplateKey("isEnum")
        static let isClosedEnum = TemplateKey("isClosedEnum")
        static let isOpaque = TemplateKey("isOpaque")
        static let isRecord = TemplateKey("isRecord")
        static let isUnion = TemplateKey("isUnion")
        static let isFieldSet = TemplateKey("isFieldSet")
        static let isAlias = TemplateKey("isAlias")
        static let isOneOf = TemplateKey("isOneOf")
        static let name = TemplateKey("name")
        static let docLines = TemplateKey("docLines")
        static let deprecation = TemplateKey("deprecation")
        static let oldNames = TemplateKey("oldNames")
        // Records and field sets.
        static let fields = TemplateKey("fields")
        static let codingFields = TemplateKey("codingFields")
        static let codingCases = TemplateKey("codingCases")
        static let hasSpecOrderInit = TemplateKey("hasSpecOrderInit")
        static let choices = TemplateKey("choices")
        static let hasChoices = TemplateKey("hasChoices")
        static let choiceInitParameters = TemplateKey("choiceInitParameters")
        static let hasFields = TemplateKey("hasFields")
        static let conformances = TemplateKey("conformances")
        static let validates = TemplateKey("validates")
        static let validationLines = TemplateKey("validationLines")
        static let exactlyOneGroups = TemplateKey("exactlyOneGroups")
        static let atLeastOneGroups = TemplateKey("atLeastOneGroups")
        static let set = TemplateKey("set")
        static let patterns = TemplateKey("patterns")
        static let hasPatterns = TemplateKey("hasPatterns")
        static let source = TemplateKey("source")
        static let steps = TemplateKey("steps")
        static let hasOneStep = TemplateKey("hasOneStep")
        static let low = TemplateKey("low")
        static let high = TemplateKey("high")
        static let minimum = TemplateKey("minimum")
        static let maximum = TemplateKey("maximum")
        static let requirements = TemplateKey("requirements")
        static let isAccessor = TemplateKey("isAccessor")
        static let label = TemplateKey("label")
        static let forwarded = TemplateKey("forwarded")
        static let storageType = TemplateKey("storageType")
        static let parameterType = TemplateKey("parameterType")
        static let isChoiceTag = TemplateKey("isChoiceTag")
        static let tagCases = TemplateKey("tagCases")
        static let fallback = TemplateKey("fallback")
        static let property = TemplateKey("property")
        static let parameter = TemplateKey("parameter")
        static let argument = TemplateKey("argument")
        static let storage = TemplateKey("storage")
        static let type = TemplateKey("type")
        static let initDefault = TemplateKey("initDefault")
        static let wrapper = TemplateKey("wrapper")
        static let wrapperLabel = TemplateKey("wrapperLabel")
        static let emptyIsAbsent = TemplateKey("emptyIsAbsent")
        static let isRequired = TemplateKey("isRequired")
        static let degrades = TemplateKey("degrades")
        static let valueType = TemplateKey("valueType")
        static let keyNames = TemplateKey("keyNames")
        static let hasAliases = TemplateKey("hasAliases")
        // Validation lines.
        static let value = TemplateKey("value")
        static let maxBytes = TemplateKey("maxBytes")
        static let hasLength = TemplateKey("hasLength")
        static let minLength = TemplateKey("minLength")
        static let maxLength = TemplateKey("maxLength")
        static let pattern = TemplateKey("pattern")
        static let hasRange = TemplateKey("hasRange")
        static let nested = TemplateKey("nested")
        static let isNamed = TemplateKey("isNamed")
        static let isList = TemplateKey("isList")
        static let isMap = TemplateKey("isMap")
        static let segments = TemplateKey("segments")
        static let element = TemplateKey("element")
        static let isIndex = TemplateKey("isIndex")
        // Enums and opaque strings.
        static let cases = TemplateKey("cases")
        static let hasOneValue = TemplateKey("hasOneValue")
        static let hasOneSpelling = TemplateKey("hasOneSpelling")
        static let unknownCase = TemplateKey("unknownCase")
        static let expectedValues = TemplateKey("expectedValues")
        static let hasDeprecatedCases = TemplateKey("hasDeprecatedCases")
        static let caseName = TemplateKey("caseName")
        static let wire = TemplateKey("wire")
        static let spellings = TemplateKey("spellings")
        static let position = TemplateKey("position")
        static let constants = TemplateKey("constants")
        static let constant = TemplateKey("constant")
        // Unions.
        static let members = TemplateKey("members")
        static let isIndirect = TemplateKey("isIndirect")
        static let keepsUnknown = TemplateKey("keepsUnknown")
        static let discriminatorKey = TemplateKey("discriminatorKey")
        static let discriminatorDoc = TemplateKey("discriminatorDoc")
        static let tagType = TemplateKey("tagType")
        static let tagValue = TemplateKey("tagValue")
        static let expectedTags = TemplateKey("expectedTags")
        static let tag = TemplateKey("tag")
        static let interfaces = TemplateKey("interfaces")
        static let properties = TemplateKey("properties")
        // Aliases.
        static let target = TemplateKey("target")
        // Registry entries.
        static let key = TemplateKey("key")
    }

    /// The names of each kind of object built here, in the order they are
    /// added: every object of a kind shares its list (see
    /// `TemplateObject.init(keys:)`).
    static let registryKeys = [Key.key, Key.type]
    /// What every type's object starts with (see `context(at:)`).
    static let typeKeys = [
        Key.isEnum, Key.isClosedEnum, Key.isOpaque, Key.isRecord, Key.isUnion, Key.isFieldSet, Key.isAlias, Key.isOneOf,
        Key.name, Key.docLines, Key.deprecation, Key.oldNames,
    ]
    static let aliasKeys = typeKeys + [Key.target]
    static let enumKeys =
        typeKeys + [Key.cases, Key.hasOneValue, Key.hasOneSpelling, Key.unknownCase, Key.expectedValues, Key.hasDeprecatedCases]
    static let opaqueKeys = typeKeys + [Key.hasOneValue, Key.constants]
    static let recordKeys =
        typeKeys + [
            Key.fields, Key.codingFields, Key.hasSpecOrderInit, Key.hasFields, Key.conformances, Key.validates,
            Key.validationLines, Key.exactlyOneGroups, Key.atLeastOneGroups, Key.hasPatterns, Key.patterns, Key.choices, Key.hasChoices, Key.choiceInitParameters,
        ]
    static let patternKeys = [Key.name, Key.source, Key.hasOneStep, Key.steps]
    static let stepKeys = [Key.low, Key.high, Key.minimum, Key.maximum]
    static let oneOfKeys = typeKeys + [Key.cases, Key.codingCases, Key.unknownCase, Key.validates]
    static let fieldSetKeys = typeKeys + [Key.requirements]
    static let unionKeys =
        typeKeys + [
            Key.members, Key.isIndirect, Key.keepsUnknown, Key.unknownCase, Key.discriminatorKey, Key.discriminatorDoc,
            Key.tagType, Key.tagValue, Key.expectedTags, Key.validates, Key.interfaces, Key.properties,
        ]
    static let requirementKeys = [Key.docLines, Key.deprecation, Key.property, Key.type]
    static let caseKeys = [Key.docLines, Key.deprecation, Key.caseName, Key.wire, Key.spellings, Key.position]
    static let constantKeys = [Key.docLines, Key.constant, Key.wire]
    static let fieldKeys = [
        Key.docLines, Key.deprecation, Key.isAccessor, Key.property, Key.parameter, Key.label, Key.argument, Key.forwarded,
        Key.storage, Key.storageType, Key.type, Key.parameterType, Key.isChoiceTag, Key.tagCases, Key.fallback, Key.initDefault,
        Key.wrapper, Key.wrapperLabel, Key.emptyIsAbsent, Key.isRequired, Key.degrades, Key.valueType, Key.key, Key.hasAliases,
        Key.keyNames,
    ]
    static let validationKeys = [
        Key.isRequired, Key.value, Key.key, Key.isOpaque, Key.maxBytes, Key.hasLength, Key.minLength, Key.maxLength, Key.pattern,
        Key.hasRange, Key.minimum, Key.maximum, Key.nested,
    ]
    static let nestedValidationKeys = [Key.isNamed, Key.isList, Key.isMap, Key.value, Key.segments, Key.element]
    static let memberKeys = [Key.caseName, Key.tag, Key.type]
}
