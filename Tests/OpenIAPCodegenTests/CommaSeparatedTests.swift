import Testing
@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen
@testable import OpenIAPSpecTools
@testable import OpenIAPCommandLine

/// `SwiftViewModel.commaSeparated` must join exactly as
/// `map` and `joined(separator: ", ")` do, empty texts included.
struct CommaSeparatedTests {
    @Test func joinsLikeJoined() {
        let lists: [[String]] = [[], [""], ["a"], ["", ""], ["a", "", "b"], ["pending", "in-grace-period", "é ✓"]]
        for list in lists {
            #expect(SwiftViewModel.commaSeparated(list) { $0.pointee } == list.joined(separator: ", "))
        }
    }
}
