import Foundation
import PackagePlugin

/// `swift package generate-openiap-types [options]`: runs the `generator`
/// tool in the package directory and passes every argument through, so the
/// options are exactly the command line's (`--check`, `--target`,
/// `--templates`, `diff …`). The tool's output goes straight to the terminal;
/// a non-zero exit (a stale `Generated/` under `--check`, a spec error, a
/// breaking `diff`) fails the command.
@main
struct GenerateOpenIAPTypes: CommandPlugin {
    struct Failed: Error, CustomStringConvertible {
        var status: Int32
        var description: String { "generator exited with status \(status)" }
    }

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "generator")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw Failed(status: process.terminationStatus)
        }
    }
}
