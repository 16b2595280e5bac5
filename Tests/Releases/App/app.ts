// App code written against release 1.0.0 (Tests/Releases/Old). Against
// 2.0.0 it must still compile under tsc --strict, each marked line with a
// deprecation that names the replacement, as TypeScript's language service
// reports it to editors (scripts/releases.sh).
import { Offer, Receipt } from './openiap'; // warns: PurchaseReceipt

export function describe(receipt: Receipt): string { // warns: PurchaseReceipt
  const token = receipt.token; // warns: purchaseToken
  const price = receipt.priceText ?? 'free'; // warns: `display` of `Price`
  return `${token} ${receipt.success} ${price}`; // warns: `isValid` of `PurchaseReceipt`
}

export function percentage(offer: Offer): number { // warns: Discount
  return offer.percent;
}
