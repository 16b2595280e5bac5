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
    ///
    /// The lines are found on the UTF-8 bytes: the files are tens of
    /// kilobytes, written on every run, and splitting them into `Character`s
    /// cost a few percent of the Kotlin render.
    static func text(of file: SourceFile, header: String, package: String) throws(DiagnosticError) -> String {
        let text = file.text
        let bytes = text.utf8
        var lineStart = bytes.startIndex
        while true {
            let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
            if bytes[lineStart..<lineEnd].starts(with: "package ".utf8) {
                return header + "\n" + text[..<lineStart] + "package " + package + text[lineEnd...]
            }
            guard lineEnd < bytes.endIndex else { break }
            lineStart = bytes.index(after: lineEnd)
        }
        throw DiagnosticError(.error(
            "'\(file.path)' has no package line ('package \(KotlinNames.defaultPackageName)') for the generator to set to the package of the run",
            at: file.location(line: 1)))
    }
}
