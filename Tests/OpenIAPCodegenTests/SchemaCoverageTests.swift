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

    @Test func everyUpstreamTypeIsInTheSpec() throws {
        let spec = try SpecLoader.load(path: packageRoot.appendingPathComponent("Schema").path)
        let sdl = try SDLSchema.load(directory: sdlDirectory)
        let missing = sdl.types.map(\.name).filter { !sdl.rootOperationTypes.contains($0) && spec[$0] == nil }
        #expect(missing.isEmpty, "missing from Schema/: \(missing.joined(separator: ", "))")
    }
}
