import Foundation
import Testing
@testable import OpenIAPCodegen

// Compares the real Schema/ with the real upstream SDL. Every difference must
// be declared with an `upstream` reason; the test prints all of them (declared
// ones too) so a failure shows the whole picture.

/// The package root, found from this file's path (Tests/OpenIAPCodegenTests/...).
private let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The upstream OpenIAP 3.2.1 SDL: `OPENIAP_SDL_DIR`, else `shared/` beside
/// the checkout (where CI and developers have it). Missing is a failure, not
/// a skip: the check is part of the definition of done.
private let sdlDirectory: String = {
    if let explicit = ProcessInfo.processInfo.environment["OPENIAP_SDL_DIR"] { return explicit }
    return packageRoot.deletingLastPathComponent()
        .appendingPathComponent("shared/reference/openiap-spec-3.2.1").path
}()

@Suite struct SchemaCoverageTests {
    @Test func theUpstreamSDLIsAvailable() {
        #expect(FileManager.default.fileExists(atPath: sdlDirectory), "no SDL at \(sdlDirectory); set OPENIAP_SDL_DIR")
    }

    @Test func schemaCoversTheUpstreamSDL() throws {
        let spec = try SpecLoader.load(path: packageRoot.appendingPathComponent("Schema").path)
        let differences = try CoverageCheck.compare(sdlDirectory: sdlDirectory, spec: spec)
        let undeclared = differences.filter { !$0.declared }
        if !undeclared.isEmpty {
            print("Coverage differences (\(undeclared.count) undeclared of \(differences.count)):")
            for difference in differences {
                print((difference.declared ? "  declared   " : "  UNDECLARED ") + difference.description)
            }
        }
        #expect(undeclared.isEmpty, "\(undeclared.count) undeclared differences; see the output above")
    }

    /// All 50 root fields of 3.2.1 are operations of the same kind, and
    /// `Schema/` has no others.
    @Test func everyUpstreamOperationIsInTheSpec() throws {
        let spec = try SpecLoader.load(path: packageRoot.appendingPathComponent("Schema").path)
        let sdl = try SDLSchema.load(directory: sdlDirectory)
        var upstream: [String: OperationKind] = [:]
        for (root, kind) in [("Query", OperationKind.query), ("Mutation", .mutation), ("Subscription", .event)] {
            for field in sdl[root]?.fields ?? [] where !field.name.hasPrefix("_") { upstream[field.name] = kind }
        }
        #expect(upstream.values.filter { $0 == .query }.count == 20)
        #expect(upstream.values.filter { $0 == .mutation }.count == 24)
        #expect(upstream.values.filter { $0 == .event }.count == 6)
        #expect(spec.queries.count == 20)
        #expect(spec.mutations.count == 24)
        #expect(spec.events.count == 6)
        for operation in spec.operations {
            #expect(upstream[operation.name] == Optional(operation.kind), "\(operation.name) is a \(operation.kind) in Schema/")
        }
    }

    /// The operations differ from upstream only where `Schema/` says so.
    @Test func theOperationsDifferOnlyWhereDeclared() throws {
        let spec = try SpecLoader.load(path: packageRoot.appendingPathComponent("Schema").path)
        let differences = try CoverageCheck.compare(sdlDirectory: sdlDirectory, spec: spec)
            .filter { ["Query", "Mutation", "Subscription"].contains($0.typeName) }
        #expect(differences.map { "\($0.kind.rawValue) \($0.subject) \($0.declared)" } == [
            "defaultValue Mutation.finishTransaction.isConsumable true",
        ])
    }

    @Test func everyUpstreamTypeIsInTheSpec() throws {
        let spec = try SpecLoader.load(path: packageRoot.appendingPathComponent("Schema").path)
        let sdl = try SDLSchema.load(directory: sdlDirectory)
        let missing = sdl.types.map(\.name).filter { !sdl.rootOperationTypes.contains($0) && spec[$0] == nil }
        #expect(missing.isEmpty, "missing from Schema/: \(missing.joined(separator: ", "))")
    }
}
