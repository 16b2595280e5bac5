// App code written against release 1.0.0 (Tests/Releases/Old). Against
// 2.0.0 it must still compile, each marked line with a deprecation warning
// that names the replacement (scripts/releases.sh).
package app

import dev.openiap.types.OpenIAPCommonOperations
import dev.openiap.types.Offer // warns: Discount
import dev.openiap.types.Product
import dev.openiap.types.Receipt // warns: PurchaseReceipt
import dev.openiap.types.Store
import dev.openiap.types.Tier

fun describe(receipt: Receipt): String { // warns: PurchaseReceipt
    val token = receipt.token // warns: purchaseToken
    val accepted = receipt.success // warns: isValid
    val price = receipt.priceText ?: "free" // warns: Price.display
    return "$token $accepted $price ${receipt.store}"
}

fun isApple(store: Store): Boolean = store == Store.Ios // warns: Store.Apple

fun percentage(offer: Offer): Long = offer.percent // warns: Discount

fun topTier(): Tier = Tier.Gold // warns: Tier.Premium

suspend fun offerCount(api: OpenIAPCommonOperations): Int = api.offers(sku = "s").size // warns: discounts

fun makeProduct(): Product = Product(id = "p", title = "A product") // warns: displayName

fun productTitle(product: Product): String = product.title // warns: displayName
