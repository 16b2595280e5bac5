/// Checks a valid spec against the conventions of `LintRules`. Every finding
/// is a located diagnostic whose message starts with the rule id; its
/// severity is the rule's, or error when the spec's `lint: errors:` names it.
/// Rules the spec's `lint: off:` names, or the element's own
/// `lint: {off: [...]}`, are skipped.
public enum SpecLinter {
    public static func lint(_ spec: Spec) -> [Diagnostic] {
        // The elements are visited in the order of `Spec.elements` (each
        // type, then its members; then each operation and its arguments),
        // read in place from the IR: listing them first as `SpecElement`s
        // made an id string and a copy of the annotations for every field
        // and value of the spec, most of which report nothing.
        var pass = Pass(spec: spec)
        // Room for every element's location at once: a set that grows as it
        // fills hashes what it holds again at every step.
        pass.seen.reserveCapacity(elementCount(spec))
        for type in spec.types {
            switch type {
            case let .record(r):
                pass.visit(.type, owner: nil, name: r.name, r.annotations, at: r.location)
                for index in r.fields.indices { pass.visit(.field, owner: r.name, r.fields[index]) }
            case let .fieldSet(s):
                pass.visit(.type, owner: nil, name: s.name, s.annotations, at: s.location)
                for index in s.fields.indices { pass.visit(.field, owner: s.name, s.fields[index]) }
            case let .enumeration(e):
                pass.visit(.type, owner: nil, name: e.name, e.annotations, at: e.location)
                for index in e.values.indices { pass.visit(owner: e.name, e.values[index]) }
            case let .opaqueString(s):
                pass.visit(.type, owner: nil, name: s.name, s.annotations, at: s.location)
                for index in s.knownValues.indices { pass.visit(owner: s.name, s.knownValues[index]) }
            case let .union(u):
                pass.visit(.type, owner: nil, name: u.name, u.annotations, at: u.location)
            case let .alias(a):
                pass.visit(.type, owner: nil, name: a.name, a.annotations, at: a.location)
            }
        }
        for operation in spec.operations {
            pass.visit(.operation, owner: nil, name: operation.name, operation.annotations, at: operation.location)
            for index in operation.arguments.indices { pass.visit(.argument, owner: operation.name, operation.arguments[index]) }
        }
        return Diagnostics.sorted(pass.findings)
    }

    /// How many elements `lint` visits.
    private static func elementCount(_ spec: Spec) -> Int {
        var count = 0
        for type in spec.types {
            count += 1
            switch type {
            case let .record(r): count += r.fields.count
            case let .fieldSet(s): count += s.fields.count
            case let .enumeration(e): count += e.values.count
            case let .opaqueString(s): count += s.knownValues.count
            case .union, .alias: break
            }
        }
        for operation in spec.operations { count += 1 + operation.arguments.count }
        return count
    }

    /// One run of the rules over a spec: the findings so far, and what it
    /// keeps to avoid working a fact out again.
    private struct Pass {
        let spec: Spec
        var findings: [Diagnostic] = []
        /// Where the elements visited so far are written. A field a record
        /// includes from a shared set is the set's field: reported once,
        /// where it is written (by whichever comes first).
        var seen: Set<SourceLocation> = []
        /// `platformSuffix(of:)` of each file met, by the file's number, so
        /// that a path is read back and split once per file, not per type.
        var suffixes: [SourceFiles.FileID: String?] = [:]
        /// Whether each `since` met is later than the spec's version, so
        /// that each version string is parsed once.
        var laterThanSpec: [String: Bool] = [:]

        init(spec: Spec) {
            self.spec = spec
        }

        mutating func visit(_ kind: SpecElement.Kind, owner: String, _ field: Field) {
            visit(kind, owner: owner, name: field.name, field.annotations, at: field.location)
        }

        mutating func visit(owner: String, _ value: EnumValue) {
            visit(.value, owner: owner, name: value.wire, value.annotations, at: value.location)
        }

        /// The rules for one element, in the order its findings are made.
        /// `owner` is nil for types and operations.
        mutating func visit(_ kind: SpecElement.Kind, owner: String?, name: String, _ annotations: Annotations, at location: SourceLocation) {
            guard seen.insert(location).inserted else { return }
            /// How messages name the element, as `SpecElement.described`.
            func described() -> String { "\(kind.rawValue) '\(owner.map { "\($0).\(name)" } ?? name)'" }
            if hasIosSpelling(name) {
                report(.iosCasing, annotations, location, "\(described()): write 'IOS', not 'Ios' (\(fixedIOS(name)))")
            }
            if owner == nil, let suffix = platformSuffix(of: location), !names(name, platform: suffix) {
                report(.platformSuffix, annotations, location, "\(described()) is declared in a platform file (\(suffix)); its name says so ('\(suffix)', as in '\(name)\(suffix)')")
            }
            if let message = annotations.deprecated {
                let deprecation = annotations.deprecation
                if deprecation?.removeIn == nil {
                    report(.deprecationWithoutRemoveIn, annotations, location, "\(described()) is deprecated without 'removeIn', the release that may remove it")
                }
                if deprecation?.replacement == nil {
                    let said = message.isEmpty ? "" : " (the message says: \(message))"
                    report(.deprecationWithoutReplacement, annotations, location, "\(described()) is deprecated without 'replacement'\(said)")
                }
            }
            if (annotations.doc ?? "").isEmpty, needsDoc(kind) {
                report(.missingDoc, annotations, location, "\(described()) has no 'doc'")
            }
            if let since = annotations.since, isLaterThanSpec(since) {
                report(.sinceAfterSpecVersion, annotations, location, "'since' \(since) of \(described()) is later than the spec's version, \(spec.version)")
            }
            if let since = annotations.deprecation?.since, isLaterThanSpec(since) {
                report(.sinceAfterSpecVersion, annotations, location, "'since' of 'deprecated' \(since) of \(described()) is later than the spec's version, \(spec.version)")
            }
        }

        /// A finding of rule `id`, unless the spec or the element switches
        /// the rule off; its severity is the rule's, or error when the spec
        /// says so.
        mutating func report(_ id: LintRule.ID, _ annotations: Annotations, _ location: SourceLocation, _ message: String) {
            guard !spec.lint.off.contains(id), !annotations.lintOff.contains(id) else { return }
            let severity: Diagnostic.Severity = spec.lint.errors.contains(id) ? .error : LintRules.rule(id).severity
            findings.append(Diagnostic(severity, at: location, "[\(id.rawValue)] \(message)"))
        }

        mutating func platformSuffix(of location: SourceLocation) -> String? {
            if let known = suffixes[location.fileID] { return known }
            let suffix = SpecLinter.platformSuffix(of: location.file)
            suffixes[location.fileID] = .some(suffix)
            return suffix
        }

        /// Whether `since` names a version later than the spec's.
        mutating func isLaterThanSpec(_ since: String) -> Bool {
            if let known = laterThanSpec[since] { return known }
            let later = SpecVersion.precedes(spec.version, since) == true
            laterThanSpec[since] = later
            return later
        }
    }

    /// Values document themselves by their wire name more often than not,
    /// and a record's discriminator by its type: only types, operations,
    /// fields and arguments must have a doc.
    private static func needsDoc(_ kind: SpecElement.Kind) -> Bool {
        kind != .value
    }

    /// `Ios` starting a word: followed by an upper-case letter, a digit, or
    /// the end of the name (`ProductIos`, `isIosOnly`), not `Iosevka`.
    /// Read as UTF-8 bytes: every character it looks for is ASCII, and an
    /// ASCII byte in UTF-8 is always that very character.
    static func hasIosSpelling(_ name: String) -> Bool {
        let ios = (UInt8(ascii: "I"), UInt8(ascii: "o"), UInt8(ascii: "s"))
        var lastThree: (UInt8, UInt8, UInt8) = (0, 0, 0)
        for byte in name.utf8 {
            if lastThree == ios, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                return true
            }
            lastThree = (lastThree.1, lastThree.2, byte)
        }
        return lastThree == ios
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
