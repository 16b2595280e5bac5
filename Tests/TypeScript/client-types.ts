// Type-level tests of the generated client and operation types: compiled
// with `tsc --strict --noEmit` by TypeScriptClientTests. Every
// `@ts-expect-error` must be followed by a line tsc rejects, or tsc fails
// with "Unused '@ts-expect-error' directive": both directions are checked.
// The client takes what upstream's SDKs take (one argument as itself,
// several as one object) and answers in upstream's shapes; the operation
// map, calls and replies describe the JSON.
import type {
  FetchProductsReply,
  FetchProductsResult,
  FinishTransactionArgs,
  MutationField,
  OpenIAPCall,
  OpenIAPClient,
  OpenIAPEventMap,
  OpenIAPOperationMap,
  OpenIAPWireTypes,
  Product,
  ProductAndroid,
  ProductIOS,
  Purchase,
  PurchaseAndroid,
  PurchaseError,
  PurchaseInput,
  PurchaseIOS,
  QueryField,
  RequestPurchaseProps,
  RequestPurchaseResult,
  VerifyPurchaseResult,
  VerifyPurchaseResultIOS,
  VoidResult,
  VoidResultWire,
} from "../../Generated/TypeScript/openiap";
import { ErrorCode } from "../../Generated/TypeScript/openiap";
import { createOpenIAPClient, isOpenIAPError, OpenIAPError } from "../../Generated/TypeScript/openiap-client";

declare const client: OpenIAPClient;
declare const delivered: Purchase;
// A PurchaseInput is the Purchase a listener delivered, under another name.
const purchase: PurchaseInput = delivered;
const backAgain: Purchase = purchase;

export async function calls(): Promise<void> {
  // Several arguments: one object of them; finishTransaction answers nothing.
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
  // VoidResult is upstream's name for nothing...
  const nothing: VoidResult = await client.restorePurchases();
  // @ts-expect-error ...and the SDL's record is only the JSON's
  const record: VoidResultWire = await client.restorePurchases();

  // One argument: passed as itself, and left out when it is optional.
  await client.getAvailablePurchases();
  await client.getAvailablePurchases({ onlyIncludeActiveItemsIOS: true });
  await client.getActiveSubscriptions(["premium"]);
  await client.getActiveSubscriptions(null);
  // @ts-expect-error not the JSON's record of named arguments
  await client.getAvailablePurchases({ options: { onlyIncludeActiveItemsIOS: true } });
  await client.isEligibleForIntroOfferIOS("group");
  // @ts-expect-error the group id itself, not an object
  await client.isEligibleForIntroOfferIOS({ groupID: "group" });
  // @ts-expect-error a required argument is missing
  await client.isEligibleForIntroOfferIOS();
  // Operations without arguments take none.
  const country: string = await client.getStorefront();
  // @ts-expect-error getStorefront takes no arguments
  await client.getStorefront({ anything: 1 });

  // fetchProducts answers the list the reply holds, or null.
  const fetched: FetchProductsResult = await client.fetchProducts({ skus: ["coins"], type: "in-app" });
  for (const item of fetched ?? []) {
    if (item.platform === "ios") void item.displayNameIOS;
  }
  // @ts-expect-error the list itself, not the JSON's record
  void fetched?.products;

  // requestPurchase takes the request with its type, and may answer null.
  const maybe = await client.requestPurchase({
    request: { apple: { sku: "coins" }, google: { skus: ["coins"] } },
    type: "in-app",
  });
  // @ts-expect-error the result may be null
  const direct: Purchase | Purchase[] = maybe;
  const either: RequestPurchaseResult = maybe;
  if (Array.isArray(maybe)) void maybe.length;
  else if (maybe) void maybe.productId;
  await client.requestPurchase({ request: { apple: { sku: "monthly" } }, type: "subs" });
  // @ts-expect-error the JSON's keys are not the request
  await client.requestPurchase({ requestPurchase: { apple: { sku: "coins" } }, type: "in-app" });
  // @ts-expect-error a request is for in-app or subs, not all
  await client.requestPurchase({ request: { apple: { sku: "coins" } }, type: "all" });
  // @ts-expect-error the type goes with the request
  await client.requestPurchase({ request: { apple: { sku: "coins" } } });

  // Inputs with groups take what upstream's do: built step by step; the bridge checks them.
  const props: RequestPurchaseProps = { request: {}, type: "in-app" };
  await client.verifyPurchase({ apple: { sku: "premium" }, google: { sku: "premium", packageName: "p", purchaseToken: "t", accessToken: "a" } });

  // @ts-expect-error no such operation
  await client.fetchProduct({ skus: [] });
  void [finished, wrong, nothing, record, country, direct, either, props, backAgain];
}

export function listeners(): void {
  const handle = client.addListener(
    "purchaseUpdated",
    (purchase: Purchase) => {
      // The payload narrows by its store.
      if (purchase.store === "apple") void purchase.quantityIOS;
    },
    { dedupeTransactionIOS: false },
  );
  handle.remove();
  client.addListener("purchaseUpdated", (purchase) => void purchase.id);
  client.addListener("purchaseError", (error) => void error.code);
  // @ts-expect-error no such event
  client.addListener("purchaseUpdate", () => undefined);
  // @ts-expect-error the payload of purchaseError is a PurchaseError, not a Purchase
  client.addListener("purchaseError", (purchase: Purchase) => void purchase.id);
  // @ts-expect-error the options are passed as themselves
  client.addListener("purchaseUpdated", () => undefined, { options: { dedupeTransactionIOS: false } });
  // @ts-expect-error a wrong option name
  client.addListener("purchaseUpdated", () => undefined, { dedupe: true });
}

// Upstream's helper types: the client's methods are the SDKs' exports.
export const fetchProducts: QueryField<"fetchProducts"> = client.fetchProducts;
export const finishTransaction: MutationField<"finishTransaction"> = client.finishTransaction;
export const getStorefront: QueryField<"getStorefront"> = client.getStorefront;
// @ts-expect-error another operation's function
export const mixedUp: QueryField<"getStorefront"> = client.fetchProducts;

// Union members are members of their unions; their tags are literals.
declare const iosPurchase: PurchaseIOS;
declare const androidPurchase: PurchaseAndroid;
declare const iosProduct: ProductIOS;
declare const androidProduct: ProductAndroid;
export const purchases: Purchase[] = [iosPurchase, androidPurchase];
export const products: Product[] = [iosProduct, androidProduct];
// @ts-expect-error an iOS purchase is from the App Store
export const misfiled: PurchaseIOS = { ...iosPurchase, store: "google" };
// The verification results' store is ours, not upstream's: it may be left out.
export const verified: VerifyPurchaseResultIOS = { isValid: true, receiptData: "r", jwsRepresentation: "j" };
export const anyResult: VerifyPurchaseResult = verified;

// ErrorCode is a value as upstream's enum is, and the type stays open.
export const cancelled: PurchaseError = { code: ErrorCode.UserCancelled, message: "cancelled" };
export const later: PurchaseError = { code: "a-code-of-a-later-spec", message: "?" };
export const isCancel = (error: PurchaseError): boolean => error.code === ErrorCode.UserCancelled;
// @ts-expect-error no such code
export const unknownMember = ErrorCode.UserCanceled;

// The maps name each operation's parts, as JSON.
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
export const fetchedJSON: OpenIAPOperationMap["fetchProducts"]["result"] = { products: [] };
// The JSON of a request names its case; of a group, one of the choices.
export const requestJSON: OpenIAPWireTypes["RequestPurchaseProps"] = { requestSubscription: { google: { skus: ["s"] } }, type: "subs" };
// @ts-expect-error the JSON of a request sets one case
export const bothJSON: OpenIAPWireTypes["RequestPurchaseProps"] = { requestPurchase: { apple: { sku: "a" } }, requestSubscription: { apple: { sku: "a" } } };

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
