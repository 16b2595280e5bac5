import Foundation
import Testing

@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen
@testable import OpenIAPSpecTools
@testable import OpenIAPCommandLine

/// `Spec.impliedTagValues`: the discriminator values a record always has
/// because of the unions that list it.
@Suite struct ImpliedTagsTests {
    static func spec(_ text: String) throws -> Spec {
        try SpecLoader.build(from: [SpecLoader.Source(path: "tags.yaml", text: "spec:\n  version: 1.0.0\n" + text)])
    }

    @Test func aMemberUnderOneTagHasThatValue() throws {
        let spec = try Self.spec(
            """
            enums:
              Kind: {values: [a, b, c]}
            records:
              A: {fields: {kind: Kind, x: Int}}
              B: {fields: {kind: Kind}}
            unions:
              AB:
                discriminator: kind
                members: {a: A, b: B, c: B}
            """)
        // B is listed under two tags: no one value.
        #expect(spec.impliedTagValues == ["A": ["kind": "a"]])
        // Every tag of each, in the order written.
        #expect(spec.unionTagValues == ["A": ["kind": ["a"]], "B": ["kind": ["b", "c"]]])
    }

    @Test func nestedUnionsGiveTheirMembersTheOuterTagToo() throws {
        let spec = try Self.spec(
            """
            records:
              PhoneOne: {fields: {platform: String, type: String}}
              PhoneSub: {fields: {platform: String, type: String}}
              WebOne: {fields: {platform: String, type: String}}
            unions:
              One:
                discriminator: platform
                members: {phone: PhoneOne, web: WebOne}
              Sub:
                discriminator: platform
                members: {phone: PhoneSub}
              Either:
                discriminator: type
                members: {one: One, sub: Sub}
            """)
        #expect(
            spec.impliedTagValues == [
                "PhoneOne": ["platform": "phone", "type": "one"],
                "WebOne": ["platform": "web", "type": "one"],
                "PhoneSub": ["platform": "phone", "type": "sub"],
            ])
    }

    @Test func theOpenIAPSpec() throws {
        let spec = try SpecLoader.load(path: EscapingTests.packageRoot.appendingPathComponent("Schema").path)
        let tags = spec.impliedTagValues
        #expect(tags["ProductIOS"] == ["platform": "ios", "type": "in-app"])
        #expect(tags["ProductSubscriptionAndroid"] == ["platform": "android", "type": "subs"])
        #expect(tags["PurchaseIOS"] == ["store": "apple"])
        // Google, Horizon and Amazon purchases share one record.
        #expect(tags["PurchaseAndroid"] == nil)
        #expect(spec.unionTagValues["PurchaseAndroid"] == ["store": ["google", "horizon", "amazon"]])
        #expect(tags["VerifyPurchaseResultIOS"]?["store"] == "apple")
    }
}
