// Type-level tests of the generated client and operation types: compiled
// with `tsc --strict --noEmit` by TypeScriptClientTests. Every
// `@ts-expect-error` must be followed by a line tsc rejects, or tsc fails
// with "Unused '@ts-expect-error' directive": both directions are checked.
import type {
  FetchProductsReply,
  FinishTransactionArgs,
  OpenIAPCall,
  OpenIAPClient,
  OpenIAPEventMap,
  OpenIAPOperationMap,
  Purchase,
  PurchaseInput,
  RequestPurchaseResult,
  VoidResult,
} from "../../Generated/TypeScript/openiap";
import { createOpenIAPClient, isOpenIAPError, OpenIAPError } from "../../Generated/TypeScript/openiap-client";

declare const client: OpenIAPClient;
declare const delivered: Purchase;
// A PurchaseInput is the Purchase a listener delivered, under another name.
const purchase: PurchaseInput = delivered;
const backAgain: Purchase = purchase;

export async function calls(): Promise<void> {
  // The arguments record, under the spec's argument names; finishTransaction answers nothing.
  const finished: void = await client.finishTransaction({ purchase, isConsumable: true });
  await client.finishTransaction({ purchase: delivered });
  // @ts-expect-error a purchase is passed back whole: this subset is no Purchase
  await client.finishTransaction({ purchase: { id: "t1", productId: "coins", transactionDate: 1, quantity: 1, purchaseState: "purchased", isAutoRenewing: false } });
  // @ts-expect-error a wrong argument name
  await client.finishTransaction({ purchase, consumable: true });
  // @ts-expect-error a required argument is missing
  await client.finishTransaction({ isConsumable: true });
  // @ts-expect-error no arguments at all, although one is required
  await client.finishTransaction();
  // @ts-expect-error an argument of the wrong type
  await client.finishTransaction({ purchase, isConsumable: "yes" });
  // @ts-expect-error the result is nothing, not a string
  const wrong: string = await client.finishTransaction({ purchase });
  // @ts-expect-error nor the VoidResult record of upstream's SDL
  const record: VoidResult = await client.restorePurchases();

  // Operations whose arguments are all optional may be called without any.
  await client.getAvailablePurchases();
  await client.getAvailablePurchases({ options: { onlyIncludeActiveItemsIOS: true } });
  // Operations without arguments take none.
  const country: string = await client.getStorefront();
  // @ts-expect-error getStorefront takes no arguments
  await client.getStorefront({ anything: 1 });

  // The argument names of the spec, not those a hand-written bridge chose.
  await client.isEligibleForIntroOfferIOS({ groupID: "group" });
  // @ts-expect-error the argument is groupID
  await client.isEligibleForIntroOfferIOS({ productId: "group" });

  // An optional result may be null and must be checked.
  const maybe = await client.requestPurchase({
    params: { requestPurchase: { apple: { sku: "coins" }, google: { skus: ["coins"] } }, type: "in-app" },
  });
  // @ts-expect-error the result may be null
  const direct: RequestPurchaseResult = maybe;
  // @ts-expect-error exactly one of requestPurchase and requestSubscription
  await client.requestPurchase({ params: { type: "in-app" } });

  // @ts-expect-error no such operation
  await client.fetchProduct({ params: { skus: [] } });
  void [finished, wrong, record, country, direct, backAgain];
}

export function listeners(): void {
  const handle = client.addListener(
    "purchaseUpdated",
    (purchase: Purchase) => {
      // The payload narrows by its store.
      if (purchase.store === "apple") void purchase.quantityIOS;
    },
    { options: { dedupeTransactionIOS: false } },
  );
  handle.remove();
  client.addListener("purchaseError", (error) => void error.code);
  // @ts-expect-error no such event
  client.addListener("purchaseUpdate", () => undefined);
  // @ts-expect-error the payload of purchaseError is a PurchaseError, not a Purchase
  client.addListener("purchaseError", (purchase: Purchase) => void purchase.id);
  // @ts-expect-error purchaseError takes no listener options
  client.addListener("purchaseError", () => undefined, { options: {} });
  // @ts-expect-error a wrong option name
  client.addListener("purchaseUpdated", () => undefined, { options: { dedupe: true } });
}

// The maps name each operation's parts.
export const codes: OpenIAPOperationMap["finishTransaction"]["errors"][] = ["item-not-owned", "not-prepared"];
// @ts-expect-error finishTransaction does not list user-cancelled
export const notListed: OpenIAPOperationMap["finishTransaction"]["errors"] = "user-cancelled";
export const kind: OpenIAPOperationMap["fetchProducts"]["kind"] = "query";
export const stores: OpenIAPOperationMap["verifyPurchase"]["stores"][] = ["apple", "google", "horizon"];
// @ts-expect-error verifyPurchase has no Amazon implementation
export const amazon: OpenIAPOperationMap["verifyPurchase"]["stores"] = "amazon";
export const args: OpenIAPOperationMap["finishTransaction"]["args"] = { purchase };
export const sameArgs: FinishTransactionArgs = args;
// @ts-expect-error getStorefront has no arguments
export const noArgs: OpenIAPOperationMap["getStorefront"]["args"] = { sku: "x" };
export const payload: OpenIAPEventMap["purchaseUpdated"]["payload"] | null = null;

// Replies: exactly one of result and error.
export const ok: FetchProductsReply = { result: { products: [] } };
export const failed: FetchProductsReply = { error: { code: "not-prepared", message: "call initConnection first" } };
// @ts-expect-error both result and error
export const both: FetchProductsReply = { result: { products: [] }, error: { code: "unknown", message: "?" } };
// @ts-expect-error neither
export const neither: FetchProductsReply = {};

// Calls: discriminated by the operation.
export const call: OpenIAPCall = { operation: "finishTransaction", args: { purchase } };
export const bare: OpenIAPCall = { operation: "getStorefront" };
// @ts-expect-error the arguments of another operation
export const mixed: OpenIAPCall = { operation: "fetchProducts", args: { purchase } };
// @ts-expect-error no such operation
export const unknownCall: OpenIAPCall = { operation: "fetchProduct", args: {} };

// The runtime: a transport in, a client out; errors carry their code.
export const made: OpenIAPClient = createOpenIAPClient(async () => ({ result: true }));
// @ts-expect-error a transport takes the operation and its arguments and answers a promise
export const badTransport: OpenIAPClient = createOpenIAPClient((operation: number) => operation);
export function code(error: unknown): string | undefined {
  if (isOpenIAPError(error)) return error.code;
  if (error instanceof OpenIAPError) return error.record.message;
  return undefined;
}
