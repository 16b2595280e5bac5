import Foundation
import Testing

@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen
@testable import OpenIAPSpecTools
@testable import OpenIAPCommandLine

/// Proves the Swift side of `generator diff`'s source verdicts with the
/// toolchain's own API checker. Every spec pair of `CompatibilityCase` (and
/// the Horizon evolution) is rendered with `SwiftTarget`, OLD and NEW are
/// each compiled as a module, `swift-api-digester` dumps both APIs and
/// diagnoses the difference, and for every pair its verdict (any "API
/// breakage" line naming the pair's types) must equal ours (any breaking
/// finding on the source axis) — except for the pairs listed in
/// `exceptions`, each with the reason the two legitimately differ.
///
/// To keep this to two compiler runs, the pairs are compiled together: each
/// pair's types get the prefix `K<index>_` and its operations `k<index>`
/// (`k12FetchProducts`, whose arguments are `K12FetchProductsArgs`), which is
/// how digester lines are attributed back to their pair. `ErrorCode` and
/// `IapStore`, which operations name by value, are declared once, unprefixed.
///
/// The pairs of the operation rules go through the Swift target like the
/// others: an operation added, removed, or with another argument, result or
/// payload changes a requirement of the SDK protocols (a method's parameter
/// list, return type, or an event stream's element type), which the
/// digester reports like any other declaration.
@Suite struct SwiftAPIDigesterTests {
    /// Pairs on which the digester and `generator diff` disagree, and why.
    /// The test fails if an exception stops being one, so the list stays true.
    static let exceptions: [String: String] = [
        // The digester matches declarations by their full name, and a new
        // field adds a parameter to the memberwise initialiser: it reports
        // `init(id:)` as removed. Calls still compile because the new
        // parameter defaults to nil; only a reference to the initialiser as a
        // function value (`Receipt.init(id:)`) would break, which we accept.
        // A declared rename keeps the old type name as a deprecated
        // typealias of the new type, so code naming the old type or the
        // alias that follows it still compiles; the digester sees the
        // alias's underlying type change and calls that a break.
        "aliasTargetRenamed": "digester only: the alias follows its renamed target, whose old name stays as a typealias",
        "optionalOutputFieldAdded": "digester only: init gains a parameter with a nil default",
        "optionalInputFieldAdded": "digester only: init gains a parameter with a nil default",
        "horizon": "digester only: RequestVerifyPurchaseWithIapkitProps.init gains `horizon` with a nil default",
        // Breaks TypeScript, which the digester cannot see: the property keeps
        // its Swift name (`product-id` and `productId` are both `productId`)
        // and only the private coding key changes, but the TypeScript key is
        // the wire name.
        "fieldWireNameChangedSameSwiftName": "TypeScript only: the interface key is the wire name",
        // A declared field rename (FIELD_RENAMED_OLD_NAME_KEPT) breaks
        // TypeScript alone: Swift keeps the old property and initializer
        // labels, deprecated (SwiftRenamedInitializers.swift).
        "fieldRenamedDeclared": "TypeScript only: Swift keeps the old name and labels, deprecated",
        "inputFieldRenamedWithAlias": "TypeScript only: Swift keeps the old name and labels, deprecated",
        "outputFieldRenamedWithAlias": "TypeScript only: Swift keeps the old name and labels, deprecated",
        "deprecated field renamed, not removed": "TypeScript only: Swift keeps the old name and labels, deprecated",
        // Exactly-one groups are TypeScript variant types; in Swift they are
        // only checked by validate(), whose signature does not change.
        "exactlyOneGroupAdded": "TypeScript only: the variants of the new group",
        "exactlyOneMemberRemoved": "TypeScript only: the variant of the field that left the group",
        // Without a group there is nothing left to check, so the record no
        // longer declares `validate(at:)` and inherits the no-op default of
        // `OpenIAPValidatable`. The digester reports the declaration as
        // removed; every call still compiles against the default.
        "exactlyOneGroupRemoved": "digester only: validate(at:) now comes from the protocol's default implementation",
        // At-least-one groups are TypeScript variants too, and so are the
        // deprecated keys TypeScript declares for decode-only aliases.
        "atLeastOneGroupAdded": "TypeScript only: the variants of the new group",
        "atLeastOneMemberRemoved": "TypeScript only: the variant of the field that left the group",
        "atLeastOneGroupRemoved": "digester only: validate(at:) now comes from the protocol's default implementation",
        "fieldAliasRemoved": "TypeScript only: the alias's deprecated key disappears",
        // Swift keeps an exactly-one group's fields (properties and the
        // field-by-field initializer) beside the choice it becomes, so
        // gaining a choice only adds the property, its enum and an
        // initializer; Kotlin and TypeScript change shape.
        "exactlyOneBecomesChoice": "Swift only adds API: the fields stay beside the new choice",
        // Swift names a union's cases after the member types, which a new
        // tag leaves alone; the Kotlin member classes and TypeScript's
        // narrowing follow the tag.
        "unionTagChanged": "Kotlin and TypeScript only: Swift cases are named after member types",
        "argumentAliasRemoved": "TypeScript only: the alias's deprecated key leaves the arguments type",
        // A struct that becomes a typealias of another struct is not
        // reported, although `ReceiptInput(id:note:)` no longer compiles:
        // the target has no `note`.
        "inputBecomesAlias": "Swift breaks, the digester is silent: a struct replaced by a typealias of another struct",
    ]

    struct Pair {
        var name: String
        var old: Spec
        var new: Spec
    }

    static func pairs() throws -> [Pair] {
        var result: [Pair] = []
        for pair in CompatibilityCase.all {
            let (old, new) = try pair.specs()
            result.append(Pair(name: pair.name, old: old, new: new))
        }
        let (oldSources, newSources) = try HorizonEvolution.sources(oldLabel: "horizon-old", newLabel: "horizon-new")
        result.append(
            Pair(
                name: "horizon", old: try SpecLoader.build(from: oldSources), new: try SpecLoader.build(from: newSources)))
        return result
    }

    @Test func sourceVerdictsAgreeWithTheDigester() throws {
        guard let tools = Toolchain.locate() else {
            Issue.record("swift-api-digester and swiftc not found next to `swift` on PATH or in /opt/swift/usr/bin")
            return
        }
        let pairs = try Self.pairs()
        let ours = pairs.map { pair in
            SpecComparison.compare(old: pair.old, new: pair.new).contains { $0.axis == .source && $0.severity == .breaking }
        }

        let root = FileManager.default.temporaryDirectory.appendingPathComponent("openiap-digester-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let templates = try TemplateSet.load(
            directory: HorizonEvolution.packageRoot.appendingPathComponent("Templates/swift").path, displayPath: "Templates/swift")
        var compiles: [Toolchain.Job] = []
        for side in ["old", "new"] {
            let merged = try Self.merged(pairs, side: side)
            let folder = root + "/" + side
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            var files: [String] = []
            for file in try SwiftTarget().render(merged, templates: templates, header: GeneratedHeader(specVersion: "1.0.0")) {
                try file.contents.write(toFile: folder + "/" + file.path, atomically: true, encoding: .utf8)
                files.append(folder + "/" + file.path)
            }
            compiles.append(
                try tools.start(
                    tools.swiftc,
                    [
                        "-emit-module", "-wmo", "-parse-as-library", "-swift-version", "6", "-module-name", "OpenIAPPairs",
                        "-emit-module-path", folder + "/OpenIAPPairs.swiftmodule",
                    ] + files.sorted(), log: folder + ".compile.log"))
        }
        for job in compiles {
            let (status, log) = job.wait()
            try #require(status == 0, "swiftc failed:\n\(log)")
        }
        for side in ["old", "new"] {
            let (status, log) = try tools.start(
                tools.digester,
                [
                    "-dump-sdk", "-module", "OpenIAPPairs", "-I", root + "/" + side, "-o", root + "/" + side + ".json", "-avoid-location",
                ], log: root + "/" + side + ".dump.log"
            ).wait()
            try #require(status == 0, "swift-api-digester -dump-sdk failed:\n\(log)")
        }
        let (_, diagnosis) = try tools.start(
            tools.digester,
            [
                "-diagnose-sdk", "-input-paths", root + "/old.json", "-input-paths", root + "/new.json", "-compiler-style-diags",
            ], log: root + "/diagnose.log"
        ).wait()

        var breakages: [Int: [String]] = [:]
        var unattributed: [String] = []
        for line in diagnosis.split(separator: "\n").map(String.init) where line.contains("API breakage:") {
            if let match = line.firstMatch(of: /[Kk](\d+)[_A-Z]/), let index = Int(match.1), pairs.indices.contains(index) {
                breakages[index, default: []].append(line)
            } else {
                unattributed.append(line)
            }
        }
        #expect(unattributed.isEmpty, "digester breakages outside any pair: \(unattributed)")

        var disagreements: [String: String] = [:]
        for (index, pair) in pairs.enumerated() {
            let digester = breakages[index] != nil
            if digester != ours[index] {
                disagreements[pair.name] =
                    "ours: \(ours[index] ? "breaking" : "compatible"), digester: "
                    + (digester ? "breaking (\(breakages[index]!.joined(separator: "; ")))" : "compatible")
            }
        }
        let unexpected = disagreements.filter { Self.exceptions[$0.key] == nil }
        #expect(unexpected.isEmpty, "source verdicts that the digester contradicts: \(unexpected)")
        let stale = Self.exceptions.keys.filter { disagreements[$0] == nil }.sorted()
        #expect(stale.isEmpty, "listed exceptions on which the digester now agrees: \(stale)")
        // The operation pairs are judged too: the digester sees the breaking
        // ones in the protocols.
        let operationPairs = Set(CompatibilityCase.operations.map(\.name))
        #expect(pairs.indices.contains { operationPairs.contains(pairs[$0].name) && ours[$0] && breakages[$0] != nil })
        // Every listed exception is real: the pair exists.
        #expect(Set(Self.exceptions.keys).isSubset(of: Set(pairs.map(\.name))))
        // Both verdicts occur, so the agreement is not vacuous.
        #expect(ours.contains(true) && ours.contains(false))
    }

    // MARK: - Preparing the merged module

    /// Every pair's `side` in one spec: types prefixed `K<index>_`,
    /// operations `k<index>`, and the enums operations name by value
    /// (`ErrorCode`, `IapStore`), in the pairs that have operations, once, as
    /// they stand, which requires each of those pairs that declares one to
    /// declare the same values. The Horizon pair keeps the types of one
    /// file (and what they reach) and no operation.
    static func merged(_ pairs: [Pair], side: String) throws -> Spec {
        var types: [NamedType] = []
        var sharedValues: [String: [String]] = [:]
        var operations: [APIOperation] = []
        for (index, pair) in pairs.enumerated() {
            let spec = side == "old" ? pair.old : pair.new
            let horizon = pair.name == "horizon"
            let kept = horizon ? Self.closure(of: "verification.yaml", in: spec) : spec.types
            let hasOperations = !horizon && !(pair.old.operations.isEmpty && pair.new.operations.isEmpty)
            let shared = hasOperations ? [APIOperation.errorCodeEnum, APIOperation.storeEnum] : []
            for type in kept {
                guard shared.contains(type.name) else {
                    types.append(Self.prefixed(type, "K\(index)_"))
                    continue
                }
                guard case let .enumeration(e) = type else {
                    Issue.record("\(pair.name): \(type.name) is not an enum")
                    continue
                }
                if let values = sharedValues[e.name] {
                    try #require(values == e.values.map(\.wire), "\(pair.name): \(e.name) differs from the other pairs'")
                } else {
                    sharedValues[e.name] = e.values.map(\.wire)
                    types.append(type)
                }
            }
            if hasOperations { operations += spec.operations.map { Self.prefixed($0, index) } }
        }
        return Spec(version: "1.0.0", types: types, operations: operations)
    }

    /// The operation named `k<index><Name>`, with the types it refers to
    /// prefixed `K<index>_`.
    static func prefixed(_ operation: APIOperation, _ index: Int) -> APIOperation {
        let prefix = "K\(index)_"
        var copy = operation
        copy.name = "k\(index)" + OperationNames.upperCamel(operation.name)
        copy.arguments = operation.arguments.map { field in
            var argument = field
            argument.type = prefixed(field.type, prefix)
            return argument
        }
        if case let .value(type) = operation.result.answer { copy.result.answer = .value(prefixed(type, prefix)) }
        return copy
    }

    static func prefixed(_ type: TypeRef, _ prefix: String) -> TypeRef {
        switch type {
        case .scalar: type
        case let .named(n): .named(prefix + n)
        case let .list(e): .list(prefixed(e, prefix))
        case let .map(v): .map(prefixed(v, prefix))
        }
    }

    /// The types declared in `file` and every type they reach.
    static func closure(of file: String, in spec: Spec) -> [NamedType] {
        var wanted = spec.types.filter { $0.location.file.hasSuffix("/" + file) }.map(\.name)
        var kept: Set<String> = []
        while let name = wanted.popLast() {
            guard kept.insert(name).inserted, let type = spec[name] else { continue }
            switch type {
            case let .record(r): wanted += r.fields.compactMap(\.type.namedLeaf) + r.includes
            case let .fieldSet(s): wanted += s.fields.compactMap(\.type.namedLeaf)
            case let .union(u): wanted += u.members.map(\.typeName)
            case let .alias(a): wanted.append(a.target)
            case .enumeration, .opaqueString: break
            }
        }
        return spec.types.filter { kept.contains($0.name) }
    }

    /// The type with `prefix` before its name and every type name it refers
    /// to, declared in a file named after the prefix (one Swift file per
    /// pair and spec file).
    static func prefixed(_ type: NamedType, _ prefix: String) -> NamedType {
        func field(_ f: Field) -> Field {
            var copy = f
            copy.type = prefixed(f.type, prefix)
            copy.includedFrom = f.includedFrom.map { prefix + $0 }
            return copy
        }
        func place(_ location: OpenIAPSpec.SourceLocation) -> OpenIAPSpec.SourceLocation {
            var copy = location
            copy.file = prefix + URL(fileURLWithPath: location.file).lastPathComponent
            return copy
        }
        // A renamed type keeps its old name as a typealias: prefixed too.
        var type = type
        switch type {
        case var .record(r) where r.annotations.renamedFrom != nil:
            r.annotations.renamedFrom = r.annotations.renamedFrom.map { prefix + $0 }
            type = .record(r)
        default: break
        }
        switch type {
        case var .enumeration(e):
            e.name = prefix + e.name
            e.location = place(e.location)
            return .enumeration(e)
        case var .opaqueString(s):
            s.name = prefix + s.name
            s.location = place(s.location)
            return .opaqueString(s)
        case var .record(r):
            r.name = prefix + r.name
            r.includes = r.includes.map { prefix + $0 }
            r.fields = r.fields.map(field)
            r.location = place(r.location)
            return .record(r)
        case var .fieldSet(s):
            s.name = prefix + s.name
            s.fields = s.fields.map(field)
            s.location = place(s.location)
            return .fieldSet(s)
        case var .union(u):
            u.name = prefix + u.name
            u.members = u.members.map { member in
                var copy = member
                copy.typeName = prefix + member.typeName
                return copy
            }
            u.location = place(u.location)
            return .union(u)
        case var .alias(a):
            a.name = prefix + a.name
            a.target = prefix + a.target
            a.location = place(a.location)
            return .alias(a)
        }
    }
}

/// `swiftc` and `swift-api-digester` from the toolchain running the tests.
struct Toolchain {
    var swiftc: String
    var digester: String

    static func locate() -> Toolchain? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = path.split(separator: ":").map(String.init) + ["/opt/swift/usr/bin", "/usr/bin"]
        for folder in folders {
            let swiftc = folder + "/swiftc"
            let digester = folder + "/swift-api-digester"
            if FileManager.default.isExecutableFile(atPath: swiftc), FileManager.default.isExecutableFile(atPath: digester) {
                return Toolchain(swiftc: swiftc, digester: digester)
            }
        }
        return nil
    }

    /// A started tool whose output (both streams) goes to a log file.
    struct Job {
        var process: Process
        var log: String

        func wait() -> (status: Int32, output: String) {
            process.waitUntilExit()
            return (process.terminationStatus, (try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
        }
    }

    func start(_ executable: String, _ arguments: [String], log: String) throws -> Job {
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return Job(process: process, log: log)
    }
}
