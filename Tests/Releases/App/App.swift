// App code written against release 1.0.0 (Tests/Releases/Old). Against
// 2.0.0 it must still compile, each marked line with a deprecation warning
// whose text or fix-it note names the replacement (scripts/releases.sh).
import OpenIAPTypes

func describe(_ receipt: Receipt) -> String {  // warns: 'PurchaseReceipt'
    let token = receipt.token  // warns: 'purchaseToken'
    let accepted = receipt.success  // warns: 'isValid'
    let price = receipt.priceText ?? "free"  // warns: `Price.display`
    return "\(token) \(accepted) \(price) \(receipt.store)"
}

func update(_ receipt: inout Receipt) {  // warns: 'PurchaseReceipt'
    receipt.token = "t2"  // warns: 'purchaseToken'
}

func percentage(of offer: Offer) -> Int {  // warns: 'Discount'
    offer.percent
}

func isApple(_ store: Store) -> Bool {
    store == .ios  // warns: 'apple'
}

func amazon() -> Store {
    .amazon  // warns: 'amazonAppstore'
}

func isAmazon(_ store: Store) -> Bool {
    switch store {
    case .amazon: true  // warns: 'amazonAppstore'
    default: false
    }
}

func topTier() -> Tier {
    Tier.gold  // warns: 'premium'
}

func offerCount(_ api: some OpenIAPCommonOperations) async throws -> Int {
    try await api.offers(sku: "s").count  // warns: `discounts`
}

func makeProduct() -> Product {
    Product(id: "p", title: "A product")  // warns: 'init(id:displayName:)'
}

func retitle(_ product: Product) -> String {
    product.title  // warns: 'displayName'
}
