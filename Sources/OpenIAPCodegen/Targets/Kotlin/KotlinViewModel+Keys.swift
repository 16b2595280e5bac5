import OpenIAPSpec
import OpenIAPTemplates

/// The member names of the Kotlin view model's template objects, and the
/// list of them each kind of object starts from.
extension KotlinViewModel {
    /// The member names of the objects built here, made once rather than
    /// per object.
    enum Key {
        static let isRecord = TemplateKey("isRecord")
        static let isOneOf = TemplateKey("isOneOf")
        static let isEnum = TemplateKey("isEnum")
        static let isClosedEnum = TemplateKey("isClosedEnum")
        static let isOpaque = TemplateKey("isOpaque")
        static let isUnion = TemplateKey("isUnion")
        static let isFieldSet = TemplateKey("isFieldSet")
        static let isAlias = TemplateKey("isAlias")
        static let name = TemplateKey("name")
        static let docLines = TemplateKey("docLines")
        static let hasDoc = TemplateKey("hasDoc")
        static let deprecation = TemplateKey("deprecation")
        static let oldNames = TemplateKey("oldNames")
        static let oldMembers = TemplateKey("oldMembers")
        // Records and field sets.
        static let fields = TemplateKey("fields")
        static let parameters = TemplateKey("parameters")
        static let isDataClass = TemplateKey("isDataClass")
        static let supertypes = TemplateKey("supertypes")
        static let mapReadType = TemplateKey("mapReadType")
        static let choices = TemplateKey("choices")
        static let hasChoices = TemplateKey("hasChoices")
        static let secondaryParameters = TemplateKey("secondaryParameters")
        static let secondaryArguments = TemplateKey("secondaryArguments")
        static let validates = TemplateKey("validates")
        static let validationLines = TemplateKey("validationLines")
        static let exactlyOneGroups = TemplateKey("exactlyOneGroups")
        static let atLeastOneGroups = TemplateKey("atLeastOneGroups")
        static let patterns = TemplateKey("patterns")
        static let hasPatterns = TemplateKey("hasPatterns")
        static let source = TemplateKey("source")
        static let steps = TemplateKey("steps")
        static let requirements = TemplateKey("requirements")
        static let override = TemplateKey("override")
        static let property = TemplateKey("property")
        static let type = TemplateKey("type")
        static let initDefault = TemplateKey("initDefault")
        static let decode = TemplateKey("decode")
        static let encode = TemplateKey("encode")
        static let key = TemplateKey("key")
        // Enums and opaque strings.
        static let cases = TemplateKey("cases")
        static let member = TemplateKey("member")
        static let wire = TemplateKey("wire")
        static let spellings = TemplateKey("spellings")
        static let lenient = TemplateKey("lenient")
        static let hasLenient = TemplateKey("hasLenient")
        static let spelling = TemplateKey("spelling")
        static let constants = TemplateKey("constants")
        static let constant = TemplateKey("constant")
        static let knownList = TemplateKey("knownList")
        static let unknownMember = TemplateKey("unknownMember")
        static let expectedValues = TemplateKey("expectedValues")
        static let unknownValueMessage = TemplateKey("unknownValueMessage")
        // Unions and oneOf records.
        static let isDirect = TemplateKey("isDirect")
        static let members = TemplateKey("members")
        static let branches = TemplateKey("branches")
        static let tags = TemplateKey("tags")
        static let construct = TemplateKey("construct")
        static let className = TemplateKey("className")
        static let shared = TemplateKey("shared")
        static let hasShared = TemplateKey("hasShared")
        static let unknownGetter = TemplateKey("unknownGetter")
        static let keepsUnknown = TemplateKey("keepsUnknown")
        static let discriminatorKey = TemplateKey("discriminatorKey")
        static let discriminatorDoc = TemplateKey("discriminatorDoc")
        static let tagDecode = TemplateKey("tagDecode")
        static let tagValue = TemplateKey("tagValue")
        static let unknownTagMessage = TemplateKey("unknownTagMessage")
        static let expectedTags = TemplateKey("expectedTags")
        static let presence = TemplateKey("presence")
        // Aliases.
        static let target = TemplateKey("target")
    }

    /// The names of each kind of object built here, in the order they are
    /// added: every object of a kind shares its list (see
    /// `TemplateObject.init(keys:)`).
    static let kindFlags = [
        Key.isRecord, Key.isOneOf, Key.isEnum, Key.isClosedEnum, Key.isOpaque, Key.isUnion, Key.isFieldSet, Key.isAlias,
    ]
    static let typeKeys = kindFlags + [Key.name, Key.docLines, Key.hasDoc, Key.deprecation, Key.oldNames]
    static let enumKeys =
        typeKeys + [
            Key.cases, Key.knownList, Key.unknownMember, Key.expectedValues, Key.unknownValueMessage, Key.lenient, Key.hasLenient,
        ]
    static let opaqueKeys = typeKeys + [Key.constants, Key.knownList]
    static let recordKeys =
        typeKeys + [
            Key.fields, Key.parameters, Key.isDataClass, Key.supertypes, Key.mapReadType, Key.validates, Key.validationLines, Key.exactlyOneGroups, Key.atLeastOneGroups,
            Key.hasPatterns, Key.patterns, Key.hasChoices, Key.choices, Key.secondaryParameters, Key.secondaryArguments,
            Key.oldMembers,
        ]
    static let oneOfKeys = typeKeys + [Key.cases, Key.unknownMember, Key.validates]
    static let fieldSetKeys = typeKeys + [Key.requirements]
    static let aliasKeys = typeKeys + [Key.target]
    static let unionKeys =
        typeKeys + [
            Key.supertypes, Key.isDirect, Key.members, Key.branches, Key.shared, Key.hasShared, Key.keepsUnknown, Key.unknownMember,
            Key.discriminatorKey, Key.discriminatorDoc, Key.tagDecode, Key.tagValue, Key.unknownTagMessage, Key.expectedTags,
        ]
    static let docKeys = [Key.docLines, Key.hasDoc]
    static let caseKeys = docKeys + [Key.deprecation, Key.member, Key.wire, Key.spellings]
    static let constantKeys = docKeys + [Key.deprecation, Key.constant, Key.wire]
    static let requirementKeys = docKeys + [Key.deprecation, Key.property, Key.type]
    static let fieldKeys = [Key.property, Key.decode, Key.encode]
    static let parameterKeys = docKeys + [Key.deprecation, Key.override, Key.property, Key.type, Key.initDefault]
    static let registryKeys = [Key.key, Key.type]
    static let patternKeys = [Key.property, Key.source, Key.steps]
}
