/// Checks a valid spec against the conventions of `LintRules`. Every finding
/// is a located diagnostic whose message starts with the rule id; its
/// severity is the rule's, or error when the spec's `lint: errors:` names it.
/// Rules the spec's `lint: off:` names, or the element's own
/// `lint: {off: [...]}`, are skipped.
public enum SpecLinter {
    public static func lint(_ spec: Spec) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        func report(_ id: LintRule.ID, _ element: SpecElement, _ message: String, at location: SourceLocation? = nil) {
            guard !spec.lint.off.contains(id), !element.annotations.lintOff.contains(id) else { return }
            let severity: Diagnostic.Severity = spec.lint.errors.contains(id) ? .error : LintRules.rule(id).severity
            findings.append(Diagnostic(severity, at: location ?? element.location, "[\(id.rawValue)] \(message)"))
        }
        // A field a record includes from a shared set is the set's field:
        // reported once, where it is written.
        var seen: Set<SourceLocation> = []
        for element in spec.elements where seen.insert(element.location).inserted {
            if hasIosSpelling(element.name) {
                report(.iosCasing, element, "\(element.described): write 'IOS', not 'Ios' (\(fixedIOS(element.name)))")
            }
            if element.owner == nil, let suffix = platformSuffix(of: element.location.file), !names(element.name, platform: suffix) {
                report(.platformSuffix, element, "\(element.described) is declared in a platform file (\(suffix)); its name says so ('\(suffix)', as in '\(element.name)\(suffix)')")
            }
            if let message = element.annotations.deprecated {
                let deprecation = element.annotations.deprecation
                if deprecation?.removeIn == nil {
                    report(.deprecationWithoutRemoveIn, element, "\(element.described) is deprecated without 'removeIn', the release that may remove it")
                }
                if deprecation?.replacement == nil {
                    let said = message.isEmpty ? "" : " (the message says: \(message))"
                    report(.deprecationWithoutReplacement, element, "\(element.described) is deprecated without 'replacement'\(said)")
                }
            }
            if (element.annotations.doc ?? "").isEmpty, needsDoc(element) {
                report(.missingDoc, element, "\(element.described) has no 'doc'")
            }
            for (since, what) in [(element.annotations.since, "'since'"), (element.annotations.deprecation?.since, "'since' of 'deprecated'")] {
                if let since, SpecVersion.precedes(spec.version, since) == true {
                    report(.sinceAfterSpecVersion, element, "\(what) \(since) of \(element.described) is later than the spec's version, \(spec.version)")
                }
            }
        }
        return Diagnostics.sorted(findings)
    }

    /// Values document themselves by their wire name more often than not,
    /// and a record's discriminator by its type: only types, operations,
    /// fields and arguments must have a doc.
    private static func needsDoc(_ element: SpecElement) -> Bool {
        element.kind != .value
    }

    /// `Ios` starting a word: followed by an upper-case letter, a digit, or
    /// the end of the name (`ProductIos`, `isIosOnly`), not `Iosevka`.
    static func hasIosSpelling(_ name: String) -> Bool {
        let scalars = Array(name.unicodeScalars)
        guard scalars.count >= 3 else { return false }
        for start in 0...(scalars.count - 3) where scalars[start] == "I" && scalars[start + 1] == "o" && scalars[start + 2] == "s" {
            let next = start + 3 < scalars.count ? scalars[start + 3] : nil
            if next == nil || ("A"..."Z").contains(next!) || ("0"..."9").contains(next!) { return true }
        }
        return false
    }

    private static func fixedIOS(_ name: String) -> String {
        var result = ""
        var rest = Substring(name)
        while let range = rest.range(of: "Ios") {
            let after = rest[range.upperBound...]
            let fits = after.first.map { $0.isUppercase || $0.isNumber } ?? true
            result += rest[..<range.lowerBound] + (fits ? "IOS" : "Ios")
            rest = after
        }
        return result + rest
    }

    /// Whether `name` has the platform's word: `IOS` (or `Ios`, which
    /// `IOS_CASING` reports) or `Android`, wherever it stands.
    static func names(_ name: String, platform: String) -> Bool {
        platform == "IOS" ? name.contains("IOS") || hasIosSpelling(name) : name.contains(platform)
    }

    /// The suffix the names of a platform file end with, from its file name:
    /// a word `ios` or `android` in it (`ios.yaml`, `api-android.yaml`).
    static func platformSuffix(of path: String) -> String? {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        let stem = file.split(separator: ".").first.map { $0.lowercased() } ?? ""
        let words = stem.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        if words.contains("ios") { return "IOS" }
        if words.contains("android") { return "Android" }
        return nil
    }
}
