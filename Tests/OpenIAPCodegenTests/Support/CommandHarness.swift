import Foundation

@testable import OpenIAPCommandLine

/// Paths and helpers shared by the tests that run the `generator` command the
/// way users do: the package's own templates and golden spec, a captured run,
/// and fresh scratch folders.
enum CommandHarness {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let goldenSpec = packageRoot.appendingPathComponent("Tests/Golden/Spec").path
    static let templates = packageRoot.appendingPathComponent("Templates").path

    private final class Captured: @unchecked Sendable {
        var out = ""
        var err = ""
    }

    /// Runs `generator` with `arguments`, capturing both streams.
    static func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
        let captured = Captured()
        let command = GeneratorCommand(
            builtInTemplates: templates,
            standardOutput: { captured.out += $0 },
            standardError: { captured.err += $0 })
        let status = command.run(arguments)
        return (status, captured.out, captured.err)
    }

    /// A new empty folder under the system temporary directory.
    static func scratch(_ prefix: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }
}

/// Scratch folders a suite makes for one test, removed with everything in
/// them when the suite instance goes away. Swift Testing makes a new instance
/// of a suite for every test and drops it when the test ends, so a suite that
/// keeps one of these as a stored property cleans up after each test, even
/// one that failed halfway.
final class ScratchFolders: @unchecked Sendable {
    // `@unchecked`: `made` is only touched under `lock`.
    private let prefix: String
    private let lock = NSLock()
    private var made: [String] = []

    init(prefix: String) { self.prefix = prefix }

    /// A new empty folder under the system temporary directory.
    func make() throws -> String {
        let path = try CommandHarness.scratch(prefix)
        lock.withLock { made.append(path) }
        return path
    }

    deinit {
        for path in made { try? FileManager.default.removeItem(atPath: path) }
    }
}
