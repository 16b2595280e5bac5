import Testing

@testable import OpenIAPSpec

/// `Spec.sortedPositions` compares most ASCII names by their first sixteen
/// bytes packed into numbers; it must order every list as comparing the
/// names as strings does, equal names in their original order.
struct SortedPositionsTests {
    private func expectSameOrder(_ names: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let expected = names.indices.sorted { names[$0] < names[$1] }
        #expect(Spec.sortedPositions(of: names) == expected, "\(names)", sourceLocation: sourceLocation)
    }

    @Test func asciiNames() {
        expectSameOrder([
            "PurchaseState0", "Purchase", "PurchaseStateExtended0", "PurchaseStateExtended1", "PurchaseStateExtendedA", "A", "a", "Z",
            "ProductDetails12", "ProductDetails1", "ProductDetails123456", "ProductDetails12345", "Purchase", "B0", "B", "",
            "ProductDetailsAndMore", "ProductDetailsAndLess", "ProductDetailsAnd",
        ])
    }

    @Test func equalPrefixesAndDuplicates() {
        let base = "SubscriptionOffer"  // longer than sixteen bytes
        let names: [String] = ["9", "10", "", "1", "10", "Z", "a", ""].map { base + $0 } + ["Subscription", "SubscriptionOffe"]
        expectSameOrder(names)
    }

    @Test func textOutsideASCII() {
        expectSameOrder(["Caf\u{E9}", "Cafe\u{301}", "Cafe", "Caf\u{E9}s", "\u{212A}elvin", "Kelvin", "Zebra", "\u{C5}ngstr\u{F6}m"])
    }
}
