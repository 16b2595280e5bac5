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
        static let key = TemplateKey("key")
        // Reading and writing fields (`decode.tmpl`, `encode.tmpl`).
        static let hasAliases = TemplateKey("hasAliases")
        static let keyNames = TemplateKey("keyNames")
        static let decoded = TemplateKey("decoded")
        static let emptyIsAbsent = TemplateKey("emptyIsAbsent")
        static let written = TemplateKey("written")
        static let isPlain = TemplateKey("isPlain")
        static let scalar = TemplateKey("scalar")
        static let reader = TemplateKey("reader")
        static let collection = TemplateKey("collection")
        static let next = TemplateKey("next")
        static let isObject = TemplateKey("isObject")
        static let isString = TemplateKey("isString")
        static let mapping = TemplateKey("mapping")
        // Validation.
        static let isRequired = TemplateKey("isRequired")
        static let access = TemplateKey("access")
        static let value = TemplateKey("value")
        static let fieldKey = TemplateKey("fieldKey")
        static let readsRawValue = TemplateKey("readsRawValue")
        static let maxBytes = TemplateKey("maxBytes")
        static let hasLength = TemplateKey("hasLength")
        static let minLength = TemplateKey("minLength")
        static let maxLength = TemplateKey("maxLength")
        static let pattern = TemplateKey("pattern")
        static let hasRange = TemplateKey("hasRange")
        static let isInt = TemplateKey("isInt")
        static let minimum = TemplateKey("minimum")
        static let maximum = TemplateKey("maximum")
        static let nested = TemplateKey("nested")
        static let isNamed = TemplateKey("isNamed")
        static let isList = TemplateKey("isList")
        static let isMap = TemplateKey("isMap")
        static let depth = TemplateKey("depth")
        static let segments = TemplateKey("segments")
        static let element = TemplateKey("element")
        static let isIndex = TemplateKey("isIndex")
        static let characters = TemplateKey("characters")
        static let properties = TemplateKey("properties")
        static let names = TemplateKey("names")
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
        static let isFlag = TemplateKey("isFlag")
        static let neutral = TemplateKey("neutral")
        static let keepsUnknown = TemplateKey("keepsUnknown")
        static let discriminatorKey = TemplateKey("discriminatorKey")
        static let discriminatorDoc = TemplateKey("discriminatorDoc")
        static let tagDecode = TemplateKey("tagDecode")
        static let tagValue = TemplateKey("tagValue")
        static let unknownTagMessage = TemplateKey("unknownTagMessage")
        static let expectedTags = TemplateKey("expectedTags")
        static let presence = TemplateKey("presence")
        static let fieldDoc = TemplateKey("fieldDoc")
        static let caseClass = TemplateKey("caseClass")
        static let field = TemplateKey("field")
        static let fieldList = TemplateKey("fieldList")
        // Aliases.
        static let target = TemplateKey("target")
        // Operations (`KotlinOperations`).
        static let inherits = TemplateKey("inherits")
        static let declaration = TemplateKey("declaration")
        static let handler = TemplateKey("handler")
        static let functionType = TemplateKey("functionType")
        static let resolver = TemplateKey("resolver")
        static let handlers = TemplateKey("handlers")
        static let section = TemplateKey("section")
        static let methods = TemplateKey("methods")
        static let result = TemplateKey("result")
        static let read = TemplateKey("read")
        static let answersNothing = TemplateKey("answersNothing")
        static let stores = TemplateKey("stores")
        static let platform = TemplateKey("platform")
        static let argumentsType = TemplateKey("argumentsType")
        static let hasArguments = TemplateKey("hasArguments")
        static let sdkInterface = TemplateKey("sdkInterface")
        static let method = TemplateKey("method")
        static let argumentNames = TemplateKey("argumentNames")
        static let hasArgumentNames = TemplateKey("hasArgumentNames")
        static let isEvent = TemplateKey("isEvent")
        static let replyType = TemplateKey("replyType")
        static let payload = TemplateKey("payload")
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
    /// What `decode.tmpl` and `encode.tmpl` read of a field, after its
    /// `key` (`addDecoding`, `addEncoding`).
    static let decodeKeys = [Key.read, Key.hasAliases, Key.keyNames, Key.decoded, Key.emptyIsAbsent]
    static let encodeKeys = [Key.isRequired, Key.written]
    /// A record's field: its constructor parameter (`parameters`), then how
    /// it is read and written (`fields`).
    static let fieldKeys = parameterKeys + [Key.key] + decodeKeys + encodeKeys
    static let decodedValueKeys = [Key.scalar, Key.reader, Key.collection, Key.depth, Key.next, Key.element]
    static let encodedValueKeys = [Key.isObject, Key.isString, Key.mapping, Key.isMap, Key.depth, Key.element]
    static let parameterKeys = docKeys + [Key.deprecation, Key.override, Key.property, Key.type, Key.initDefault]
    static let registryKeys = [Key.key, Key.type]
    static let patternKeys = [Key.property, Key.source, Key.steps]
    static let stepKeys = [Key.characters, Key.minimum, Key.maximum]
    static let groupKeys = [Key.properties, Key.names]
    /// A field's checks (`validateField.tmpl`); a reply's result has only
    /// the first ones and the values inside it, so that the checks it lacks
    /// are not members at all.
    static let validationKeys = [
        Key.isRequired, Key.access, Key.value, Key.fieldKey, Key.readsRawValue, Key.maxBytes, Key.hasLength, Key.minLength,
        Key.maxLength, Key.pattern, Key.hasRange, Key.isInt, Key.minimum, Key.maximum, Key.nested,
    ]
    static let resultValidationKeys = [
        Key.isRequired, Key.access, Key.value, Key.fieldKey, Key.maxBytes, Key.hasLength, Key.pattern, Key.hasRange, Key.nested,
    ]
    static let nestedValidationKeys = [Key.isNamed, Key.isList, Key.isMap, Key.value, Key.depth, Key.segments, Key.element]
    static let segmentKeys = [Key.isIndex, Key.depth]
    static let lenientKeys = [Key.spelling, Key.member]
    static let choiceKeys = [Key.className, Key.property, Key.fieldList, Key.cases, Key.docLines]
    static let choiceCaseKeys = [Key.caseClass, Key.type, Key.field, Key.fieldDoc]
    static let oneOfCaseKeys =
        [Key.className, Key.type, Key.key, Key.fieldDoc, Key.docLines, Key.hasDoc, Key.presence] + decodeKeys + [
            Key.isPlain, Key.written, Key.validates, Key.validationLines, Key.hasPatterns, Key.patterns,
        ]
    static let unionMemberKeys = [Key.className, Key.type, Key.validates]
    static let branchKeys = [Key.tags, Key.construct]
    static let sharedKeys = [Key.property, Key.type, Key.isFlag, Key.isRequired, Key.key, Key.decoded, Key.neutral]
    // Operations (`KotlinOperations`).
    static let interfaceKeys = [Key.docLines, Key.name, Key.inherits, Key.requirements]
    static let operationRequirementKeys = [Key.docLines, Key.deprecation, Key.declaration]
    static let resolverKeys = [Key.resolver, Key.handlers, Key.section, Key.methods]
    static let resolverMethodKeys = [
        Key.docLines, Key.hasDoc, Key.deprecation, Key.declaration, Key.handler, Key.functionType, Key.property,
    ]
    static let replyKeys = [
        Key.docLines, Key.name, Key.result, Key.answersNothing, Key.isRequired, Key.decoded, Key.isPlain, Key.written, Key.validates,
        Key.validationLines,
    ]
    static let tableEntryKeys = [
        Key.key, Key.stores, Key.platform, Key.argumentsType, Key.parameters, Key.hasArguments, Key.sdkInterface, Key.method,
        Key.argumentNames, Key.hasArgumentNames, Key.isEvent, Key.replyType, Key.payload,
    ]
}
