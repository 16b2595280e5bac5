import OpenIAPSpec
import OpenIAPTemplates

/// The Kotlin files that are the same for every spec: the runtime, the JSON
/// reader and writer, and the `org.json` bridge. Each is an ordinary Kotlin
/// file in the template folder (`Templates/kotlin/OpenIAPRuntime.kt`, ...)
/// that compiles as written, in the default package. Written out, it gets
/// the generated header above its first line, and its package line
/// (`package dev.openiap.types`) names the package of the run
/// (`--kotlin-package`); nothing else changes.
enum KotlinSourceFiles {
    /// The files, by the name they have in the template folder and in the
    /// output.
    static let names = ["OpenIAPRuntime.kt", "OpenIAPJson.kt", "OpenIAPOrgJson.kt"]

    /// `file` as written to the output: `header` above it, and its package
    /// declaration (the first line that starts with `package `) replaced
    /// by one naming `package`. A file without one is a located error: its
    /// declarations would land in Kotlin's default package, out of reach
    /// of the generated types.
    static func text(of file: SourceFile, header: String, package: String) throws(DiagnosticError) -> String {
        var lines = file.text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let index = lines.firstIndex(where: { $0.hasPrefix("package ") }) else {
            throw DiagnosticError(.error(
                "'\(file.path)' has no package line ('package \(KotlinNames.defaultPackageName)') for the generator to set to the package of the run",
                at: file.location(line: 1)))
        }
        lines[index] = Substring("package " + package)
        return header + "\n" + lines.joined(separator: "\n")
    }
}
