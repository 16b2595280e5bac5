import Foundation
import OpenIAPCommandLine

/// The built-in templates: `Templates/` in the working directory (the package
/// root, where `swift run generator` is used), else the folder beside this
/// package's sources.
func builtInTemplates() -> String {
    if FileManager.default.fileExists(atPath: "Templates") { return "Templates" }
    return URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Templates").path
}

let command = GeneratorCommand(builtInTemplates: builtInTemplates())
exit(command.run(Array(CommandLine.arguments.dropFirst())))
