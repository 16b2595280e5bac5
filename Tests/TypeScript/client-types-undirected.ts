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

  await client.finishTransaction({ purchase: { id: "t1", productId: "coins", transactionDate: 1, quantity: 1, purchaseState: "purchased", isAutoRenewing: false } });

  await client.finishTransaction({ purchase, consumable: true });

  await client.finishTransaction({ isConsumable: true });

  await client.finishTransaction();

  await client.finishTransaction({ purchase, isConsumable: "yes" });

  const wrong: string = await client.finishTransaction({ purchase });
  // VoidResult is upstream's name for nothing...
  const nothing: VoidResult = await client.restorePurchases();

  const record: VoidResultWire = await client.restorePurchases();

  // One argument: passed as itself, and left out when it is optional.
  await client.getAvailablePurchases();
  await client.getAvailablePurchases({ onlyIncludeActiveItemsIOS: true });
  await client.getActiveSubscriptions(["premium"]);
  await client.getActiveSubscriptions(null);

  await client.getAvailablePurchases({ options: { onlyIncludeActiveItemsIOS: true } });
  await client.isEligibleForIntroOfferIOS("group");

  await client.isEligibleForIntroOfferIOS({ groupID: "group" });

  await client.isEligibleForIntroOfferIOS();
  // Operations without arguments take none.
  const country: string = await client.getStorefront();

  await client.getStorefront({ anything: 1 });

  // fetchProducts answers the list the reply holds, or null.
  const fetched: FetchProductsResult = await client.fetchProducts({ skus: ["coins"], type: "in-app" });
  for (const item of fetched ?? []) {
    if (item.platform === "ios") void item.displayNameIOS;
  }

  void fetched?.products;

  // requestPurchase takes the request with its type, and may answer null.
  const maybe = await client.requestPurchase({
    request: { apple: { sku: "coins" }, google: { skus: ["coins"] } },
    type: "in-app",
  });

  const direct: Purchase | Purchase[] = maybe;
  const either: RequestPurchaseResult = maybe;
  if (Array.isArray(maybe)) void maybe.length;
  else if (maybe) void maybe.productId;
  await client.requestPurchase({ request: { apple: { sku: "monthly" } }, type: "subs" });

  await client.requestPurchase({ requestPurchase: { apple: { sku: "coins" } }, type: "in-app" });

  await client.requestPurchase({ request: { apple: { sku: "coins" } }, type: "all" });

  await client.requestPurchase({ request: { apple: { sku: "coins" } } });

  // Inputs with groups take what upstream's do: built step by step; the bridge checks them.
  const props: RequestPurchaseProps = { request: {}, type: "in-app" };
  await client.verifyPurchase({ apple: { sku: "premium" }, google: { sku: "premium", packageName: "p", purchaseToken: "t", accessToken: "a" } });


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

  client.addListener("purchaseUpdate", () => undefined);

  client.addListener("purchaseError", (purchase: Purchase) => void purchase.id);

  client.addListener("purchaseUpdated", () => undefined, { options: { dedupeTransactionIOS: false } });

  client.addListener("purchaseUpdated", () => undefined, { dedupe: true });
}

// Upstream's helper types: the client's methods are the SDKs' exports.
export const fetchProducts: QueryField<"fetchProducts"> = client.fetchProducts;
export const finishTransaction: MutationField<"finishTransaction"> = client.finishTransaction;
export const getStorefront: QueryField<"getStorefront"> = client.getStorefront;

export const mixedUp: QueryField<"getStorefront"> = client.fetchProducts;

// Union members are members of their unions; their tags are literals.
declare const iosPurchase: PurchaseIOS;
declare const androidPurchase: PurchaseAndroid;
declare const iosProduct: ProductIOS;
declare const androidProduct: ProductAndroid;
export const purchases: Purchase[] = [iosPurchase, androidPurchase];
export const products: Product[] = [iosProduct, androidProduct];

export const misfiled: PurchaseIOS = { ...iosPurchase, store: "google" };
// The verification results' store is ours, not upstream's: it may be left out.
export const verified: VerifyPurchaseResultIOS = { isValid: true, receiptData: "r", jwsRepresentation: "j" };
export const anyResult: VerifyPurchaseResult = verified;

// ErrorCode is a value as upstream's enum is, and the type stays open.
export const cancelled: PurchaseError = { code: ErrorCode.UserCancelled, message: "cancelled" };
export const later: PurchaseError = { code: "a-code-of-a-later-spec", message: "?" };
export const isCancel = (error: PurchaseError): boolean => error.code === ErrorCode.UserCancelled;

export const unknownMember = ErrorCode.UserCanceled;

// The maps name each operation's parts, as JSON.
export const codes: OpenIAPOperationMap["finishTransaction"]["errors"][] = ["item-not-owned", "not-prepared"];

export const notListed: OpenIAPOperationMap["finishTransaction"]["errors"] = "user-cancelled";
export const kind: OpenIAPOperationMap["fetchProducts"]["kind"] = "query";
export const stores: OpenIAPOperationMap["verifyPurchase"]["stores"][] = ["apple", "google", "horizon"];

export const amazon: OpenIAPOperationMap["verifyPurchase"]["stores"] = "amazon";
export const args: OpenIAPOperationMap["finishTransaction"]["args"] = { purchase };
export const sameArgs: FinishTransactionArgs = args;

export const noArgs: OpenIAPOperationMap["getStorefront"]["args"] = { sku: "x" };
export const payload: OpenIAPEventMap["purchaseUpdated"]["payload"] | null = null;
export const fetchedJSON: OpenIAPOperationMap["fetchProducts"]["result"] = { products: [] };
// The JSON of a request names its case; of a group, one of the choices.
export const requestJSON: OpenIAPWireTypes["RequestPurchaseProps"] = { requestSubscription: { google: { skus: ["s"] } }, type: "subs" };

export const bothJSON: OpenIAPWireTypes["RequestPurchaseProps"] = { requestPurchase: { apple: { sku: "a" } }, requestSubscription: { apple: { sku: "a" } } };

// Replies: exactly one of result and error.
export const ok: FetchProductsReply = { result: { products: [] } };
export const failed: FetchProductsReply = { error: { code: "not-prepared", message: "call initConnection first" } };

export const both: FetchProductsReply = { result: { products: [] }, error: { code: "unknown", message: "?" } };

export const neither: FetchProductsReply = {};

// Calls: discriminated by the operation.
export const call: OpenIAPCall = { operation: "finishTransaction", args: { purchase } };
export const bare: OpenIAPCall = { operation: "getStorefront" };

export const mixed: OpenIAPCall = { operation: "fetchProducts", args: { purchase } };

export const unknownCall: OpenIAPCall = { operation: "fetchProduct", args: {} };

// The runtime: a transport in, a client out; errors carry their code.
export const made: OpenIAPClient = createOpenIAPClient(async () => ({ result: true }));

export const badTransport: OpenIAPClient = createOpenIAPClient((operation: number) => operation);
export function code(error: unknown): string | undefined {
  if (isOpenIAPError(error)) return error.code;
  if (error instanceof OpenIAPError) return error.record.message;
  return undefined;
}
