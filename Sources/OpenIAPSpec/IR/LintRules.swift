/// The conventions `generator lint` checks, as data: each rule has a stable
/// id, a default severity, what it asks for, and a bad and a good example
/// (Docs/Lint.md lists them; a test checks it lists every one). The checks
/// themselves are in `SpecLinter`.
///
/// A spec switches rules off, or makes them errors, in a `lint:` section
/// (`off: [ID]`, `errors: [ID]`); an element switches rules off for itself
/// with `lint: {off: [ID]}`.
public struct LintRule: Hashable, Sendable {
    /// Part of the tool's interface (specs name them): never rename one.
    public enum ID: String, Sendable, CaseIterable {
        case iosCasing = "IOS_CASING"
        case platformSuffix = "PLATFORM_SUFFIX"
        case deprecationWithoutRemoveIn = "DEPRECATION_WITHOUT_REMOVE_IN"
        case deprecationWithoutReplacement = "DEPRECATION_WITHOUT_REPLACEMENT"
        case missingDoc = "MISSING_DOC"
        case sinceAfterSpecVersion = "SINCE_AFTER_SPEC_VERSION"
    }

    public var id: ID
    public var severity: Diagnostic.Severity
    /// What the rule asks for, one line.
    public var summary: String
    /// The name of the file the examples are read as (it matters to
    /// `PLATFORM_SUFFIX`).
    public var file: String
    /// A spec file the rule reports, and the same file fixed.
    public var bad: String
    public var good: String
}

public enum LintRules {
    public static let all: [LintRule] = [
        LintRule(
            id: .iosCasing, severity: .warning,
            summary: "Names write the platform `IOS`, never `Ios` (types, fields, values, operations, arguments).",
            file: "common.yaml",
            bad: "spec:\n  version: 3.2.1\nrecords:\n  ProductIos:\n    doc: A product on the App Store.\n    fields:\n      id:\n        type: String\n        doc: Its id.\n",
            good: "spec:\n  version: 3.2.1\nrecords:\n  ProductIOS:\n    doc: A product on the App Store.\n    fields:\n      id:\n        type: String\n        doc: Its id.\n"),
        LintRule(
            id: .platformSuffix, severity: .warning,
            summary: "A type or operation declared in a platform file (a file whose name has the word `ios` or `android`: `ios.yaml`, `api-android.yaml`) names its platform, `IOS` or `Android`, as a suffix by convention (`ProductIOS`); a name upstream fixed otherwise switches the rule off for itself.",
            file: "ios.yaml",
            bad: "spec:\n  version: 3.2.1\nrecords:\n  Storefront:\n    doc: The App Store country.\n    fields:\n      countryCode:\n        type: String\n        doc: Its code.\n",
            good: "spec:\n  version: 3.2.1\nrecords:\n  StorefrontIOS:\n    doc: The App Store country.\n    fields:\n      countryCode:\n        type: String\n        doc: Its code.\n"),
        LintRule(
            id: .deprecationWithoutRemoveIn, severity: .warning,
            summary: "A deprecation names the release that may remove the element (`removeIn`), so that users know how long they have.",
            file: "common.yaml",
            bad: "spec:\n  version: 3.2.1\nrecords:\n  Verification:\n    doc: A verification.\n    fields:\n      isValid:\n        type: Bool\n        doc: Whether it holds.\n      success:\n        type: Bool\n        doc: The old flag.\n        deprecated: {reason: Answered by isValid now., replacement: Verification.isValid}\n",
            good: "spec:\n  version: 3.2.1\nrecords:\n  Verification:\n    doc: A verification.\n    fields:\n      isValid:\n        type: Bool\n        doc: Whether it holds.\n      success:\n        type: Bool\n        doc: The old flag.\n        deprecated: {reason: Answered by isValid now., removeIn: 4.0.0, replacement: Verification.isValid}\n"),
        LintRule(
            id: .deprecationWithoutReplacement, severity: .warning,
            summary: "A deprecation names what to use instead (`replacement`), which every target turns into a fix-it; an element with no successor says so with `lint: {off: [DEPRECATION_WITHOUT_REPLACEMENT]}`.",
            file: "common.yaml",
            bad: "spec:\n  version: 3.2.1\nrecords:\n  Verification:\n    doc: A verification.\n    fields:\n      isValid:\n        type: Bool\n        doc: Whether it holds.\n      success:\n        type: Bool\n        doc: The old flag.\n        deprecated: {reason: Read isValid instead., removeIn: 4.0.0}\n",
            good: "spec:\n  version: 3.2.1\nrecords:\n  Verification:\n    doc: A verification.\n    fields:\n      isValid:\n        type: Bool\n        doc: Whether it holds.\n      success:\n        type: Bool\n        doc: The old flag.\n        deprecated: {reason: Answered by isValid now., removeIn: 4.0.0, replacement: Verification.isValid}\n"),
        LintRule(
            id: .missingDoc, severity: .warning,
            summary: "Types, operations, fields and arguments have a `doc`: it becomes the doc comment in every language (enum values may go without).",
            file: "common.yaml",
            bad: "spec:\n  version: 3.2.1\nrecords:\n  Storefront:\n    fields:\n      countryCode: String\n",
            good: "spec:\n  version: 3.2.1\nrecords:\n  Storefront:\n    doc: The store's country.\n    fields:\n      countryCode:\n        type: String\n        doc: ISO 3166-1 alpha-3 code.\n"),
        LintRule(
            id: .sinceAfterSpecVersion, severity: .warning,
            summary: "No `since` (of an element or of its deprecation) is later than the spec's own `version`: a release cannot hold what a later one adds.",
            file: "common.yaml",
            bad: "spec:\n  version: 3.2.1\nrecords:\n  Offer:\n    doc: An offer.\n    since: 3.3.0\n    fields:\n      id:\n        type: String\n        doc: Its id.\n",
            good: "spec:\n  version: 3.2.1\nrecords:\n  Offer:\n    doc: An offer.\n    since: 3.2.0\n    fields:\n      id:\n        type: String\n        doc: Its id.\n"),
    ]

    public static func rule(_ id: LintRule.ID) -> LintRule {
        guard let rule = all.first(where: { $0.id == id }) else { preconditionFailure("no lint rule \(id.rawValue)") }
        return rule
    }

    /// The ids, for messages about an unknown one.
    public static var ids: [String] { LintRule.ID.allCases.map(\.rawValue) }
}

/// How a spec tunes the lint rules: its `lint:` section, merged over every file.
public struct LintSettings: Hashable, Sendable {
    public var off: Set<LintRule.ID> = []
    public var errors: Set<LintRule.ID> = []

    public init(off: Set<LintRule.ID> = [], errors: Set<LintRule.ID> = []) {
        self.off = off
        self.errors = errors
    }
}
