import Foundation
import Testing

@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen
@testable import OpenIAPSpecTools
@testable import OpenIAPCommandLine

/// The initializers of the generated records, compiled with `swiftc`: one
/// that takes the fields in alphabetical order, as upstream's generated
/// types do, and a second, `@_disfavoredOverload`, in the spec's order,
/// for code written that way (the docs' `VerifyPurchaseWithProviderProps(
/// provider:iapkit:)`, our own callers). Every record of `Schema/` is called
/// with every field, with its required fields alone and with all but its
/// first optional field, in both orders: each call must compile, and none
/// may be ambiguous. Without the attribute the calls that fit both orders
/// are ambiguous, which the second test shows, so the first is not vacuous.
@Suite struct SwiftInitializerTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The Swift of `Schema/` and a file of calls, in a fresh folder.
    static func prepare(removingDisfavored: Bool = false) throws -> (folder: URL, files: [String], calls: Int, specOrder: Int) {
        let spec = try SpecLoader.load(path: packageRoot.appendingPathComponent("Schema").path)
        let templates = try TemplateSet.load(
            directory: packageRoot.appendingPathComponent("Templates/swift").path, displayPath: "Templates/swift")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("openiap-inits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var files: [String] = []
        for file in try SwiftTarget().render(spec, templates: templates, header: GeneratedHeader(specVersion: spec.version)) {
            var text = file.contents
            if removingDisfavored { text = text.replacingOccurrences(of: "    @_disfavoredOverload\n", with: "") }
            try text.write(to: folder.appendingPathComponent(file.path), atomically: true, encoding: .utf8)
            files.append(folder.appendingPathComponent(file.path).path)
        }
        var lines = [
            "/// A value of whatever type the parameter wants; never called.", "func value<T>() -> T { fatalError() }", "",
            "func everyInitializer() {",
        ]
        var calls = 0
        var specOrder = 0
        let renamed = SwiftTarget.renamedPosition(spec)
        for record in spec.records where !record.isOneOf && !record.fields.isEmpty {
            // `VoidResult` is `Void`; its record has the runtime's prefix.
            let name = spec.position(of: record.name) == renamed ? SwiftTarget.renamedVoidResult : record.name
            let labels = record.fields.map { SwiftNames.callLabel(SwiftNames.name($0.name, in: .property)) }
            let alphabetical = SwiftViewModel.alphabeticalOrder(record.fields.map { SwiftNames.name($0.name, in: .property) })
            if alphabetical != Array(record.fields.indices) { specOrder += 1 }
            let required = Set(record.fields.indices.filter { record.fields[$0].isRequired })
            var subsets: [Set<Int>] = [Set(record.fields.indices), required]
            if let firstOptional = record.fields.indices.first(where: { !required.contains($0) }) {
                subsets.append(Set(record.fields.indices).subtracting([firstOptional]))
            }
            for subset in subsets {
                for order in [alphabetical, Array(record.fields.indices)] {
                    let arguments = order.filter(subset.contains).map { "\(labels[$0]): value()" }
                    lines.append("    _ = \(name)(\(arguments.joined(separator: ", ")))")
                    calls += 1
                }
            }
        }
        lines.append("}")
        let callsFile = folder.appendingPathComponent("Calls.swift")
        try lines.joined(separator: "\n").write(to: callsFile, atomically: true, encoding: .utf8)
        return (folder, files + [callsFile.path], calls, specOrder)
    }

    @Test func bothOrdersCompileAndNoCallIsAmbiguous() throws {
        let (folder, files, calls, specOrder) = try Self.prepare()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Most records list their fields in another order than alphabetical.
        #expect(specOrder > 50 && calls > 300)
        let result = try ExternalTool.run(
            ["swiftc", "-typecheck", "-parse-as-library", "-swift-version", "6", "-module-name", "Inits"] + files, in: folder)
        #expect(result.status == 0, "swiftc failed:\n\(result.output.prefix(4000))")
        #expect(!result.output.contains("ambiguous"))
    }

    @Test func withoutTheAttributeCallsThatFitBothOrdersAreAmbiguous() throws {
        let (folder, files, _, _) = try Self.prepare(removingDisfavored: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try ExternalTool.run(
            ["swiftc", "-typecheck", "-parse-as-library", "-swift-version", "6", "-module-name", "Inits"] + files, in: folder)
        #expect(result.status != 0)
        #expect(result.output.contains("ambiguous use of 'init"))
    }
}
