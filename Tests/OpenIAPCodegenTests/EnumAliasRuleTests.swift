import Testing
@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen
@testable import OpenIAPSpecTools
@testable import OpenIAPCommandLine

/// `UPPER_SNAKE` replaces `-`, space and `.` and upper-cases the rest.
@Suite struct EnumAliasRuleTests {
    @Test func asciiValues() {
        #expect(EnumAliasRule.upperSnake.alias(for: "pending-ack.v2 x") == "PENDING_ACK_V2_X")
        #expect(EnumAliasRule.upperSnake.alias(for: "IN_APP") == "IN_APP")
        #expect(EnumAliasRule.upperSnake.alias(for: "") == "")
        #expect(EnumAliasRule.upperSnake.alias(for: "~!@#$%^&*()z") == "~!@#$%^&*()Z")
    }

    @Test func otherValues() {
        #expect(EnumAliasRule.upperSnake.alias(for: "café-au-lait") == "CAFÉ_AU_LAIT")
        // `ß` upper-cases to two letters.
        #expect(EnumAliasRule.upperSnake.alias(for: "straße") == "STRASSE")
    }
}
