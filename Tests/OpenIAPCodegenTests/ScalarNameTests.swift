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

    /// `Scalar.named(ascii:)` packs the bytes of a name into a number; it
    /// must agree with `Scalar(rawValue:)` on ASCII names, those of a
    /// scalar's length and first bytes too.
    @Test func asciiAgreesWithRawValue() {
        let others = [
            "", "map", "Str", "Strings", "string", "INT", "Int_", "Bool1", "Doubles", "Timestamps", "Timestamq", "TimeStamp",
            "Timestam", "Inu", "Boom", "Strinh", "Doublf", "A", "SubscriptionState2", "Xnt",
        ]
        for name in Scalar.allCases.map(\.rawValue) + others {
            #expect(Scalar.named(ascii: ArraySlice(name.utf8)) == Scalar(rawValue: name), "\(name)")
        }
    }
}
