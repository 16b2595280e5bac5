import Testing
@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen
@testable import OpenIAPSpecTools
@testable import OpenIAPCommandLine

/// The byte-wise `UPPER_SNAKE` of ASCII values agrees with the general rule.
@Suite struct EnumAliasRuleTests {
    @Test func asciiValuesAreUpperSnakedOnTheirBytes() {
        let ascii = ["pending-acknowledgment", "in grace.period", "IN_APP", "v2-beta.1", "", "a\r\nb", "~!@#$%^&*()z"]
        for wire in ascii {
            #expect(EnumAliasRule.asciiUpperSnake(wire) == EnumAliasRule.anyUpperSnake(wire))
            #expect(EnumAliasRule.upperSnake.alias(for: wire) == EnumAliasRule.anyUpperSnake(wire))
        }
        #expect(EnumAliasRule.upperSnake.alias(for: "pending-ack.v2 x") == "PENDING_ACK_V2_X")
    }

    @Test func otherValuesFollowTheGeneralRule() {
        #expect(EnumAliasRule.asciiUpperSnake("café-au-lait") == nil)
        #expect(EnumAliasRule.upperSnake.alias(for: "café-au-lait") == "CAFÉ_AU_LAIT")
        // `ß` upper-cases to two letters, which only the general rule knows.
        #expect(EnumAliasRule.upperSnake.alias(for: "straße") == "STRASSE")
    }
}
