import Testing
@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen
@testable import OpenIAPSpecTools
@testable import OpenIAPCommandLine

@Suite struct DiagnosticsTests {
    @Test func printsCompilerStyleLines() {
        let d = Diagnostic.error("boom", at: SourceLocation(file: "Schema/a.yaml", line: 3, column: 7),
                                 notes: [.note("first here", at: SourceLocation(file: "Schema/b.yaml", line: 1, column: 1))])
        #expect(d.description == "Schema/a.yaml:3:7: error: boom\nSchema/b.yaml:1:1: note: first here")
    }

    @Test func sortsByFileLineColumn() {
        let a = Diagnostic.error("a", at: SourceLocation(file: "b.yaml", line: 1, column: 1))
        let b = Diagnostic.error("b", at: SourceLocation(file: "a.yaml", line: 9, column: 1))
        let c = Diagnostic.error("c", at: SourceLocation(file: "a.yaml", line: 2, column: 5))
        #expect(DiagnosticError([a, b, c]).diagnostics.map(\.message) == ["c", "b", "a"])
    }
}
