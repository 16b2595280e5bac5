// App code written against release 1.0.0 (Tests/Releases/Old). Against
// 2.0.0 it must still compile under tsc --strict, each marked line with a
// deprecation that names the replacement, as TypeScript's language service
// reports it to editors (scripts/releases.sh).
import { Offer, OpenIAPClient, Product, Receipt } from './openiap'; // warns: PurchaseReceipt

export function describe(receipt: Receipt): string { // warns: PurchaseReceipt
  const token = receipt.token; // warns: purchaseToken
  const price = receipt.priceText ?? 'free'; // warns: `display` of `Price`
  return `${token} ${receipt.success} ${price}`; // warns: `isValid` of `PurchaseReceipt`
}

export function percentage(offer: Offer): number { // warns: Discount
  return offer.percent;
}

export async function offerCount(api: OpenIAPClient): Promise<number> {
  return (await api.offers('s')).length; // warns: `discounts`
}

// Still compiles; TypeScript's language service does not report a
// deprecated key written in an object literal, so no warning is expected.
export async function redeemOffer(api: OpenIAPClient): Promise<boolean> {
  return api.redeem({ code: 'c', offer: 'o' });
}

export function productTitle(product: Product): string | undefined {
  return product.title; // warns: `displayName`
}
