import Foundation
import Testing

@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen
@testable import OpenIAPSpecTools
@testable import OpenIAPCommandLine

// Swift Testing has its own SourceLocation; these tests mean the spec one.
private typealias Location = OpenIAPSpec.SourceLocation

/// Queries, mutations and events: what the reader and the builder make of
/// them (every node located, stores in order or derived, defaults typed,
/// sorted by name), the facts the IR derives for the targets, the validator's
/// exact messages, that they add no Swift output yet, and what `generator
/// diff` makes of a change to several at once (each rule has its spec pair
/// in `CompatibilityCases`). Specs are written inline; line 1 is the first
/// line of the string.
@Suite struct OperationTests {
    static let header = "spec:\n  version: 1.0.0\n"

    /// The enums operations refer to and a few types, after the header.
    static let types = """
        enums:
          ErrorCode:
            values: [not-prepared, user-cancelled, network-error]
          IapStore:
            values: [unknown, apple, google, horizon, amazon]
          Kind:
            values: [a, b]
        inputs:
          Props:
            fields:
              ids: String[]
        records:
          Answer:
            fields:
              kind: String
        unions:
          AnyAnswer:
            discriminator: kind
            members:
              yes: Answer

        """

    /// The spec as the generator loads it: the targets' checks run too.
    func spec(_ text: String) throws(DiagnosticError) -> Spec {
        try Generator(options: Generator.Options()).load([SpecLoader.Source(path: "a.yaml", text: Self.header + Self.types + text)])
    }

    func errors(_ text: String) -> String {
        do {
            _ = try spec(text)
            return ""
        } catch {
            return error.description
        }
    }

    /// Line `n` of the text after the header and the types.
    fileprivate func at(_ line: Int, _ column: Int) -> Location {
        Location(file: "a.yaml", line: 2 + Self.types.count { $0 == "\n" } + line, column: column)
    }

    // MARK: - Reading

    @Test func everyPartIsReadWithItsLocation() throws {
        let text = """
            queries:
              fetchThings:
                doc: Finds things.
                since: 1.2.0
                args:
                  props: Props
                  kind:
                    type: Kind?
                    doc: Which kind.
                    default: b
                result:
                  type: Answer?
                  doc: Null when nothing is found.
                errors:
                  user-cancelled: The user gave up.
                  not-prepared: The connection is closed.
                stores: [amazon, apple]
                upstream: Ours.
            """
        let operation = try #require(try spec(text).operation("fetchThings"))
        #expect(operation.kind == .query)
        #expect(operation.location == at(2, 3))
        #expect(operation.annotations == Annotations(doc: "Finds things.", since: "1.2.0", upstream: "Ours."))
        #expect(operation.arguments.map(\.name) == ["props", "kind"])
        #expect(operation.arguments.map(\.type) == [.named("Props"), .named("Kind")])
        #expect(operation.arguments.map(\.isRequired) == [true, false])
        #expect(operation.arguments.map(\.location) == [at(6, 7), at(7, 7)])
        #expect(operation.arguments[1].annotations.doc == "Which kind.")
        #expect(operation.arguments[1].defaultValue == .enumValue("b"))
        #expect(operation.result.type == .named("Answer"))
        #expect(!operation.result.isRequired)
        #expect(operation.result.doc == "Null when nothing is found.")
        #expect(operation.result.location == at(12, 13))
        // Errors keep the order written; stores take the order of IapStore.
        #expect(operation.errors.map(\.code) == ["user-cancelled", "not-prepared"])
        #expect(operation.errors.map(\.reason) == ["The user gave up.", "The connection is closed."])
        #expect(operation.errors.map(\.location) == [at(15, 7), at(16, 7)])
        #expect(operation.stores == [OperationStore(store: "apple", location: at(17, 22)), OperationStore(store: "amazon", location: at(17, 14))])
        #expect(operation.declaresStores)
        #expect(operation.runs(on: "amazon") && !operation.runs(on: "google"))
    }

    @Test func theShortFormsAreEnough() throws {
        let text = "mutations:\n  ping:\n    result: Bool\nevents:\n  answered:\n    payload: AnyAnswer\n"
        let spec = try spec(text)
        let ping = try #require(spec.operation("ping"))
        #expect(ping.kind == .mutation && ping.arguments.isEmpty && ping.errors.isEmpty)
        #expect(ping.result.type == .scalar(.bool) && ping.result.isRequired && ping.result.doc == nil)
        let answered = try #require(spec.operation("answered"))
        #expect(answered.kind == .event)
        #expect(answered.result.type == .named("AnyAnswer"))
        #expect(answered.result.location == at(6, 14))
    }

    @Test func storesLeftOutFollowThePlatform() throws {
        let text = "queries:\n  thing:\n    result: Bool\n  thingIOS:\n    result: Bool\n  thingAndroid:\n    result: Bool\n"
        let spec = try spec(text)
        for (name, stores) in [
            ("thing", ["apple", "google", "horizon", "amazon"]), ("thingIOS", ["apple"]),
            ("thingAndroid", ["google", "horizon", "amazon"]),
        ] {
            let operation = try #require(spec.operation(name))
            #expect(operation.stores.map(\.store) == stores, "\(name)")
            #expect(!operation.declaresStores)
            #expect(operation.stores.allSatisfy { $0.location == operation.location })
        }
    }

    @Test func withoutIapStoreAnOperationThatListsNoStoresHasNone() throws {
        let spec = try SpecLoader.build(from: [
            SpecLoader.Source(path: "a.yaml", text: Self.header + "queries:\n  thing:\n    result: Bool\n")
        ])
        #expect(spec.operation("thing")?.stores.isEmpty == true)
    }

    @Test func anOperationNoStoreCanImplementIsAnError() {
        let text = Self.header + "enums:\n  IapStore:\n    values: [unknown, apple]\nqueries:\n  thingAndroid:\n    result: Bool\n"
        let error = #expect(throws: DiagnosticError.self) { try SpecLoader.build(from: [SpecLoader.Source(path: "a.yaml", text: text)]) }
        #expect(error?.description == "a.yaml:7:3: error: no store implements query 'thingAndroid': 'IapStore' has no value its name allows, 'unknown' aside")
    }

    @Test func operationsAreSortedByNameAcrossFilesAndSections() throws {
        let spec = try SpecLoader.build(from: [
            SpecLoader.Source(path: "a.yaml", text: Self.header + "queries:\n  zeta: {result: Bool}\n  alpha: {result: Bool}\n"),
            SpecLoader.Source(path: "b.yaml", text: "events:\n  beta: {payload: Bool}\nmutations:\n  gamma: {result: Bool}\n"),
        ])
        #expect(spec.operations.map(\.name) == ["alpha", "beta", "gamma", "zeta"])
        #expect(spec.queries.map(\.name) == ["alpha", "zeta"])
        #expect(spec.mutations.map(\.name) == ["gamma"])
        #expect(spec.events.map(\.name) == ["beta"])
        #expect(spec.operation("beta")?.location == Location(file: "b.yaml", line: 2, column: 3))
        #expect(spec.operation("delta") == nil)
        #expect(spec.types.isEmpty)
    }

    @Test func emptySectionsDeclareNothing() throws {
        let spec = try spec("queries:\nmutations: {}\nevents:\n")
        #expect(spec.operations.isEmpty)
    }

    @Test func theDefaultsOfARepeatedNameStayWithTheirDeclaration() throws {
        // The second `run` is an error, and its default does not reach the first.
        let text = """
            queries:
              run:
                args:
                  flag: Bool?
                result: Bool
            mutations:
              run:
                args:
                  flag:
                    type: Bool?
                    default: true
                result: Bool
            """
        let files = [SpecLoader.Source(path: "a.yaml", text: Self.header + Self.types + text)]
        let builder = try files.map { source in
            SpecFileReader.read(try YAMLReader.document(source.bytes, file: source.path, limits: .default)).0
        }
        var join = SpecBuilder(files: builder, firstFile: "a.yaml")
        let (spec, _) = join.build()
        #expect(join.diagnostics.all.map(\.message) == [
            "mutation 'run' is declared more than once; queries, mutations and events share one namespace"
        ])
        #expect(spec.operations.count == 1)
        #expect(spec.operation("run")?.kind == .query)
        #expect(spec.operation("run")?.arguments.first?.defaultValue == nil)
    }

    @Test func aListOfDefaultsIsTyped() throws {
        let text = "queries:\n  find:\n    args:\n      kinds:\n        type: Kind[]?\n        default: [a, b]\n    result: Bool\n"
        #expect(try spec(text).operation("find")?.argument("kinds")?.defaultValue == .list([.enumValue("a"), .enumValue("b")]))
    }

    // MARK: - Derived facts

    @Test func theIRDerivesWhatTargetsNeed() throws {
        let text = """
            queries:
              fetchThings:
                args:
                  props: Props
                result: Answer
              pingIOS:
                result: Bool
            events:
              somethingAndroid:
                args:
                  options: Props?
                payload: Answer
            """
        let spec = try spec(text)
        let fetch = try #require(spec.operation("fetchThings"))
        #expect(fetch.platform == .common)
        #expect(fetch.argumentsTypeName == "FetchThingsArgs")
        #expect(fetch.generatedTypeNames == ["FetchThingsArgs", "FetchThingsReply"])
        let record = try #require(fetch.argumentsRecord)
        #expect(record.name == "FetchThingsArgs")
        #expect(record.direction == .input)
        #expect(record.fields.map(\.name) == ["props"])
        #expect(record.annotations.doc == "The arguments of the query fetchThings.")
        #expect(record.location == fetch.location)
        let ping = try #require(spec.operation("pingIOS"))
        #expect(ping.platform == .ios)
        #expect(ping.argumentsTypeName == nil && ping.argumentsRecord == nil && ping.generatedTypeNames == ["PingIOSReply"])
        let event = try #require(spec.operation("somethingAndroid"))
        #expect(event.platform == .android)
        #expect(event.argumentsRecord?.annotations.doc == "The listener options of the event somethingAndroid.")
        #expect(event.replyTypeName == nil && event.generatedTypeNames == ["SomethingAndroidArgs"])
    }

    @Test func platformsComeFromTheSuffix() {
        let cases: [(String, OperationPlatform)] = [
            ("fetchProducts", .common), ("syncIOS", .ios), ("consumePurchaseAndroid", .android), ("syncIos", .common),
            ("android", .common), ("isAndroidReady", .common), ("IOS", .ios),
        ]
        for (name, platform) in cases { #expect(OperationPlatform.of(operationName: name) == platform, "\(name)") }
        #expect(OperationPlatform.ios.allows(store: "apple") && !OperationPlatform.ios.allows(store: "google"))
        #expect(!OperationPlatform.android.allows(store: "apple") && OperationPlatform.android.allows(store: "amazon"))
        #expect(OperationPlatform.common.allows(store: "horizon"))
    }

    @Test func operationNames() {
        #expect(OperationNames.problem("fetchProducts", what: "query") == nil)
        #expect(OperationNames.problem("a1B2", what: "query") == nil)
        #expect(OperationNames.problem("openIapConnect", what: "query") == nil)
        for bad in ["", "Fetch", "fetch-it", "fetch_it", "fetch it", "1st", "fétch", "fetch\u{0}"] {
            #expect(OperationNames.problem(bad, what: "query")?.hasSuffix("must be lowerCamelCase: an ASCII lower-case letter, then letters and digits") == true, "\(bad)")
        }
        // Words a language reserves are its target's to refuse.
        #expect(OperationNames.problem("subscript", what: "event") == nil)
        #expect(SwiftNameCheck.operationNameProblem("subscript", what: "event") == "event name 'subscript' is a keyword in Swift")
        #expect(TypeScriptTarget.operationNameProblem("typeof", what: "query") == "query name 'typeof' is a reserved word in TypeScript")
        #expect(TypeScriptTarget.operationNameProblem("valueOf", what: "query")?.contains("member of every JavaScript object") == true)
        #expect(SwiftNameCheck.operationNameProblem("openIAP", what: "query")?.contains("start with 'OpenIAP'") == true)
        #expect(KotlinNameCheck.operationNameProblem("openIAP", what: "query")?.contains("start with 'OpenIAP'") == true)
        #expect(KotlinNameCheck.operationNameProblem("hashCode", what: "query")?.contains("member of every Kotlin object") == true)
        for name in ["fetchProducts", "openIapConnect"] {
            #expect(SwiftNameCheck.operationNameProblem(name, what: "query") == nil)
            #expect(TypeScriptTarget.operationNameProblem(name, what: "query") == nil)
            #expect(KotlinNameCheck.operationNameProblem(name, what: "query") == nil)
        }
        #expect(OperationNames.argumentsTypeName(of: "fetchProducts") == "FetchProductsArgs")
        #expect(OperationNames.argumentsTypeName(of: "x") == "XArgs")
        #expect(OperationNames.replyTypeName(of: "fetchProducts") == "FetchProductsReply")
    }

    @Test func aSpecMadeByHandSortsItsOperations() {
        let result = OperationResult(type: .scalar(.bool), isRequired: true, location: Location(file: "x", line: 1, column: 1))
        let operations = ["b", "c", "a"].enumerated().map { index, name in
            APIOperation(name: name, kind: .query, result: result, location: Location(file: "x", line: index + 1, column: 1))
        }
        let spec = Spec(version: "1.0.0", types: [], operations: operations)
        #expect(spec.operations.map(\.name) == ["a", "b", "c"])
        #expect(spec.operation("c")?.location.line == 2)
    }

    // MARK: - Validation

    @Test func errorsOfEveryKindInOneRunSortedByPlace() {
        let text = """
            queries:
              fetchThings:
                args:
                  answer: Answer
                result: Props
                errors:
                  not-prepard: Typo.
                stores: [apple, google, apple]
              getIOS:
                result: Answr
                stores: [google]
            """
        #expect(errors(text) == """
            a.yaml:26:7: error: argument 'answer' of query 'fetchThings' is the output record 'Answer'; arguments are written by callers, so they may hold only inputs, enums, opaque strings and scalars
            a.yaml:27:13: error: the result of query 'fetchThings' is the input 'Props'; results are written by the SDK, so they may be records, unions, enums, strings and scalars, not inputs
            a.yaml:29:7: error: unknown error code 'not-prepard' of query 'fetchThings'; error codes are values of 'ErrorCode'; did you mean 'not-prepared'?
            a.yaml:30:29: error: store 'apple' of query 'fetchThings' is listed twice
            a.yaml:30:14: note: 'apple' listed here
            a.yaml:32:13: error: unknown type 'Answr'; did you mean 'Answer'?
            a.yaml:33:14: error: query 'getIOS' is Apple-only, as its name ends in 'IOS', but lists the store 'google'
            """)
    }

    @Test func anArgumentMayHoldInputsEnumsStringsAndScalars() {
        let text = """
            queries:
              fine:
                args:
                  props: Props[]?
                  kinds: map<Kind>?
                  text: String
                  count:
                    type: Int?
                    min: 0
                    max: 10
                result: AnyAnswer[]
            """
        #expect(errors(text) == "")
    }

    @Test func aRequiredArgumentHasNoDefault() {
        let text = "queries:\n  find:\n    args:\n      kind:\n        type: Kind\n        default: a\n    result: Bool\n"
        #expect(errors(text) == "a.yaml:28:18: error: 'default' needs an optional argument; make the type 'Kind?' (a required argument is always sent)")
    }

    @Test func argumentNamesMustStayApartInSwift() {
        let text = "queries:\n  find:\n    args:\n      product-id: String\n      productId: String\n    result: Bool\n"
        #expect(errors(text) == """
            a.yaml:27:7: error: argument 'productId' of 'find' collides with 'product-id': both are named 'productId' in Swift
            a.yaml:26:7: note: 'product-id' declared here
            """)
    }

    /// The errors of `a.yaml` (after the header) beside `b.yaml`, which
    /// declares the record `declared`; "" when it loads.
    private func errors(_ text: String, besideARecordNamed declared: String) -> String {
        do {
            _ = try Generator(options: Generator.Options()).load([
                SpecLoader.Source(path: "a.yaml", text: Self.header + text),
                SpecLoader.Source(path: "b.yaml", text: "records:\n  \(declared):\n    fields:\n      id: String\n"),
            ])
            return ""
        } catch {
            return error.description
        }
    }

    @Test func anArgumentsRecordMustNotBeADeclaredType() {
        func errors(_ other: String) -> String { self.errors("queries:\n  find:\n" + other, besideARecordNamed: "FindArgs") }
        #expect(errors("    args:\n      id: String\n    result: Bool\n") == """
            a.yaml:4:3: error: targets generate the type 'FindArgs' for query 'find', and 'records' declares a type of that name; rename one
            b.yaml:2:3: note: 'FindArgs' declared here
            """)
        // Without arguments there is no such record, so the name is free.
        #expect(errors("    result: Bool\n") == "")
    }

    @Test func aReplyTypeMustNotBeADeclaredType() {
        func errors(_ section: String) -> String { self.errors(section, besideARecordNamed: "FindReply") }
        #expect(errors("queries:\n  find:\n    result: Bool\n") == """
            a.yaml:4:3: error: targets generate the type 'FindReply' for query 'find', and 'records' declares a type of that name; rename one
            b.yaml:2:3: note: 'FindReply' declared here
            """)
        // An event has no reply.
        #expect(errors("events:\n  find:\n    payload: Bool\n") == "")
    }

    // MARK: - Nothing else changes

    /// Operations add to the output and change nothing that was there: the
    /// TypeScript declarations and JSON Schema `$defs` of the types are the
    /// same with and without them, and in Swift and Kotlin they add
    /// `OpenIAPOperations.swift` / `.kt` and their arguments records to the
    /// registry and change no other file (without `PurchaseError` there is
    /// no dispatcher; `SwiftOperationsTests` covers the rest).
    @Test func operationsOnlyAddTargetOutput() throws {
        let templates = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Templates")
        let without = try SpecLoader.build(from: [SpecLoader.Source(path: "a.yaml", text: Self.header + Self.types)])
        let with = try SpecLoader.build(from: [
            SpecLoader.Source(path: "a.yaml", text: Self.header + Self.types + "queries:\n  find:\n    args:\n      props: Props\n    result: Answer\n"),
            SpecLoader.Source(path: "b.yaml", text: "events:\n  found:\n    payload: Answer\n"),
        ])
        #expect(with.operations.count == 2)
        for target in Generator.allTargets {
            let set = try TemplateSet.load(directory: templates.appendingPathComponent(target.templateFolder).path, displayPath: target.templateFolder)
            let header = GeneratedHeader(specVersion: "1.0.0")
            let withFiles = try target.render(with, templates: set, header: header)
            let withoutFiles = try target.render(without, templates: set, header: header)
            switch target.name {
            case "typescript":
                // The types come first, exactly as before; the API follows,
                // then the list of every type's JSON, which gains the
                // arguments records and replies.
                #expect(withFiles.map(\.path) == [TypeScriptTarget.fileName, TypeScriptTarget.clientFileName])
                let types = try #require(withoutFiles[0].contents.components(separatedBy: "\n/**\n * The JSON of every type").first)
                #expect(withFiles[0].contents.hasPrefix(types))
                #expect(withFiles[0].contents.contains("export interface FindArgs {"))
            case "jsonschema":
                let definitions = { (file: GeneratedFile) throws -> [String: NSDictionary] in
                    let object = try JSONSerialization.jsonObject(with: Data(file.contents.utf8)) as? [String: Any]
                    return try #require(object?["$defs"] as? [String: NSDictionary])
                }
                let old = try definitions(withoutFiles[0])
                let new = try definitions(withFiles[0])
                for (name, schema) in old { #expect(new[name] == schema, "\(name)") }
                #expect(Set(new.keys).subtracting(old.keys) == [
                    "FindArgs", "FindReply", "OpenIAPCall", "OpenIAPSubscribe", "OpenIAPEvent", "OpenIAPUnsubscribe",
                ])
            case "swift":
                let added = Set(withFiles.map(\.path)).subtracting(withoutFiles.map(\.path))
                #expect(added == ["OpenIAPOperations.swift"])
                for file in withoutFiles where file.path != "OpenIAPTypeRegistry.swift" {
                    #expect(withFiles.first { $0.path == file.path } == file, "\(file.path)")
                }
                let registry = try #require(withFiles.first { $0.path == "OpenIAPTypeRegistry.swift" })
                #expect(registry.contents.contains("\"FindArgs\": FindArgs.self"))
            case "swift-bridge":
                // This spec has no PurchaseError, so no dispatcher.
                #expect(withFiles.isEmpty && withoutFiles.isEmpty)
            case "kotlin":
                // This spec has no PurchaseError, so no replies and no dispatcher.
                let added = Set(withFiles.map(\.path)).subtracting(withoutFiles.map(\.path))
                #expect(added == [KotlinNames.operationsFileName])
                for file in withoutFiles where file.path != "OpenIAPTypeRegistry.kt" {
                    #expect(withFiles.first { $0.path == file.path } == file, "\(file.path)")
                }
                let registry = try #require(withFiles.first { $0.path == "OpenIAPTypeRegistry.kt" })
                #expect(registry.contents.contains("\"FindArgs\" to FindArgs"))
                let operations = try #require(withFiles.first { $0.path == KotlinNames.operationsFileName })
                #expect(operations.contents.contains("class FindArgs("))
                #expect(operations.contents.contains("fun found(listener: (Answer) -> Unit): OpenIAPListener"))
                #expect(!operations.contents.contains("Reply"))
            default:
                #expect(withFiles == withoutFiles, "\(target.name)")
            }
        }
    }

    /// `generator diff` judges operations: removing one, adding an event,
    /// and changing an argument, adding one and making the result optional
    /// each report their rules, saying whose code they concern; the
    /// package's own spec against itself reports nothing.
    @Test func generatorDiffJudgesOperations() throws {
        let old = try spec("queries:\n  find:\n    args:\n      props: Props\n    result: Answer\n  gone: {result: Bool}\n")
        let new = try spec("queries:\n  find:\n    args:\n      props: Props?\n      more: Kind\n    result: Answer?\nevents:\n  found:\n    payload: Answer\n")
        let report = CompatibilityReport(old: old, oldLabel: "old", new: new, newLabel: "new")
        #expect(
            report.findings.map(CompatibilityReport.line) == [
                "\(at(5, 7)): breaking: [CALL_REQUIRED_ARGUMENT_ADDED] callers: required argument 'more' was added to query 'find'",
                "\(at(6, 3)): breaking: [CALLED_OPERATION_REMOVED] callers: query 'gone' was removed (old spec)",
                "\(at(6, 13)): breaking: [REPLY_RESULT_NOW_OPTIONAL] callers: result of query 'find' is now optional",
                "\(at(4, 7)): breaking: [ARGUMENT_NOW_OPTIONAL] implementers: argument 'props' of query 'find' is now optional",
                "\(at(5, 7)): breaking: [REQUIRED_ARGUMENT_ADDED] callers, implementers: required argument 'more' was added to query 'find'",
                "\(at(6, 3)): breaking: [OPERATION_REMOVED] callers, implementers: query 'gone' was removed (old spec)",
                "\(at(6, 13)): breaking: [RESULT_NOW_OPTIONAL] callers, implementers: result of query 'find' is now optional",
                "\(at(8, 3)): note: [OPERATION_ADDED] callers: event 'found' was added",
                "\(at(8, 3)): breaking: [OPERATION_REQUIREMENT_ADDED] implementers: event 'found' was added",
            ])
        #expect(report.breakingFor == [.callers, .implementers])
        let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Schema").path
        let result = CommandHarness.run(["diff", schema, schema])
        #expect(result.status == 0)
        #expect(result.out.hasSuffix("result: no breaking changes\n"))
    }
}
