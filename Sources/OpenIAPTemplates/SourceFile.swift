import OpenIAPSpec

/// A static source file of a template folder (`Templates/swift/OpenIAPRuntime.swift`):
/// code that is the same for every spec, kept as an ordinary `.swift`,
/// `.kt` or `.ts` file that compiles as written. A target writes it out with
/// at most the few things that vary applied in plain code: the generated
/// header above it, and for Kotlin the package line (`KotlinSourceFiles`).
public struct SourceFile: Sendable, Equatable {
    /// The file's text, exactly as read.
    public let text: String
    /// The path errors name (the folder as given, then the file name).
    public let path: String

    public init(text: String, path: String) {
        self.text = text
        self.path = path
    }

    /// The file with `line` (the generated header) above its first line.
    public func withHeader(_ line: String) -> String {
        line + "\n" + text
    }

    /// The location of line `line` (1-based), column 1, for errors about
    /// the file's content.
    public func location(line: Int) -> SourceLocation {
        SourceLocation(file: path, line: line, column: 1)
    }
}
