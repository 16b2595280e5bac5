import Testing
@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen
@testable import OpenIAPSpecTools
@testable import OpenIAPCommandLine

/// `Scalar.named` skips names whose length rules them out; it must agree
/// with `Scalar(rawValue:)` on every name, including those of a scalar's
/// length and text outside ASCII.
struct ScalarNameTests {
    @Test func agreesWithRawValue() {
        let names = Scalar.allCases.map(\.rawValue) + [
            "", "map", "Str", "Strings", "string", "INT", "Int?", "Bool ", "Doubles", "Timestamps", "TimeStamp",
            "Booléen", "Dou\u{301}ble", "Int\u{301}", "In\u{212A}", "\u{212A}ind", "SubscriptionState2", "Ｉnt",
        ]
        for name in names {
            #expect(Scalar.named(name) == Scalar(rawValue: name), "\(name)")
        }
        for scalar in Scalar.allCases {
            #expect(Scalar.named(scalar.rawValue) == scalar)
        }
    }
}
