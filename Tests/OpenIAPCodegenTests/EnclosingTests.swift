import Testing

@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen
@testable import OpenIAPSpecTools
@testable import OpenIAPCommandLine

@Suite struct EnclosingTests {
    @Test func putsTheBodyBetweenItsDelimiters() {
        #expect(String.enclosing("abc", open: "\"", close: "\"") == "\"abc\"")
        #expect(String.enclosing("", open: "`", close: "`") == "``")
        #expect(String.enclosing("é\u{301}", open: "«", close: "»") == "«é\u{301}»")
    }

    @Test func longBodiesStayWhole() {
        let body = String(repeating: "x", count: 1000)
        let result = String.enclosing(body, open: "<", close: ">")
        #expect(result.utf8.count == 1002)
        #expect(result.hasPrefix("<x") && result.hasSuffix("x>"))
    }
}
