// Run-time tests of the generated client (openiap-client.ts): compiled with
// `tsc --strict` and run by node in TypeScriptClientTests. The client must
// not trust its transport: anything but `{result}` or `{error}` with a
// string code and message becomes an OpenIAPError with the code `unknown`.
// It maps what callers pass, as upstream's SDKs take it, to the JSON call,
// and the JSON reply to upstream's shapes: each mapping is checked here.
/// <reference path="../CrossLanguage/node.d.ts" />
import type { OpenIAPOperationName, PurchaseError, PurchaseInput } from "../../Generated/TypeScript/openiap";
import { createOpenIAPClient, OpenIAPError } from "../../Generated/TypeScript/openiap-client";

let passed = 0;
let failed = 0;

function check(name: string, condition: boolean, detail?: unknown): void {
  if (condition) {
    passed += 1;
  } else {
    failed += 1;
    console.log(`FAIL ${name}${detail === undefined ? "" : `: ${String(detail)}`}`);
  }
}

/** A client whose transport answers `reply` and records what it was given. */
function answering(reply: unknown): { client: ReturnType<typeof createOpenIAPClient>; sent: [OpenIAPOperationName, object][] } {
  const sent: [OpenIAPOperationName, object][] = [];
  const client = createOpenIAPClient(async (operation, args) => {
    sent.push([operation, args]);
    return reply;
  });
  return { client, sent };
}

async function rejection(promise: Promise<unknown>): Promise<OpenIAPError | undefined> {
  try {
    await promise;
  } catch (error) {
    return error instanceof OpenIAPError ? error : undefined;
  }
  return undefined;
}

// A PurchaseInput is a whole Purchase, as a listener delivered it.
const purchase: PurchaseInput = {
  id: "t1", productId: "coins", transactionDate: 1784160000000, store: "google", quantity: 1, purchaseState: "purchased",
  isAutoRenewing: false, isAcknowledgedAndroid: false,
};

async function main(): Promise<void> {
  {
    const { client, sent } = answering({ result: { products: [] } });
    const result = await client.fetchProducts({ skus: ["coins"] });
    check("a oneOf reply answers the list it holds", Array.isArray(result) && result.length === 0, JSON.stringify(result));
    check("one argument goes under its name",
      JSON.stringify(sent) === JSON.stringify([["fetchProducts", { params: { skus: ["coins"] } }]]), JSON.stringify(sent));
  }
  {
    const product = { id: "monthly", platform: "android", type: "subs" };
    const cases: [string, unknown, unknown][] = [
      ["subscriptions", { subscriptions: [product] }, [product]],
      ["all", { all: [product] }, [product]],
      ["the first key present", { products: [], all: [product] }, []],
      ["a present null", { products: null, all: [product] }, null],
      ["no known key (a later spec)", { bundles: [product] }, null],
    ];
    for (const [what, reply, expected] of cases) {
      const result = await answering({ result: reply }).client.fetchProducts({ skus: ["monthly"], type: "all" });
      check(`fetchProducts answers ${what}`, JSON.stringify(result) === JSON.stringify(expected), JSON.stringify(result));
    }
  }
  {
    const { client, sent } = answering({ result: { purchases: [purchase] } });
    const request = { apple: { sku: "coins" }, google: { skus: ["coins"] } };
    const answered = await client.requestPurchase({ request, type: "in-app" });
    check("requestPurchase answers the purchases as they came", JSON.stringify(answered) === JSON.stringify([purchase]), JSON.stringify(answered));
    await client.requestPurchase({ request: { google: { skus: ["monthly"] } }, type: "subs" });
    check("the request goes under the field of its type",
      JSON.stringify(sent) === JSON.stringify([
        ["requestPurchase", { params: { type: "in-app", requestPurchase: request } }],
        ["requestPurchase", { params: { type: "subs", requestSubscription: { google: { skus: ["monthly"] } } } }],
      ]), JSON.stringify(sent));
    const single = await answering({ result: { purchase } }).client.requestPurchase({ request, type: "in-app" });
    check("requestPurchase answers one purchase", JSON.stringify(single) === JSON.stringify(purchase), JSON.stringify(single));
    const none = await answering({ result: null }).client.requestPurchase({ request, type: "in-app" });
    check("requestPurchase may answer null", none === null, JSON.stringify(none));
  }
  {
    const { client, sent } = answering({ result: null });
    const result: void = await client.finishTransaction({ purchase, isConsumable: true });
    check("an operation that answers nothing resolves undefined", result === undefined);
    check("several arguments go as the object given",
      JSON.stringify(sent) === JSON.stringify([["finishTransaction", { purchase, isConsumable: true }]]), JSON.stringify(sent));
    const ignored: void = await answering({ result: { success: true } }).client.restorePurchases();
    check("whatever its reply's result holds", ignored === undefined);
  }
  {
    const { client, sent } = answering({ result: true });
    await client.isEligibleForIntroOfferIOS("21482713");
    await client.getActiveSubscriptions();
    await client.getActiveSubscriptions(["premium"]);
    await client.getActiveSubscriptions(null);
    await client.getStorefront().catch(() => undefined);
    check("one argument is passed as itself; an optional one left out sends no key",
      JSON.stringify(sent) === JSON.stringify([
        ["isEligibleForIntroOfferIOS", { groupID: "21482713" }],
        ["getActiveSubscriptions", {}],
        ["getActiveSubscriptions", { subscriptionIds: ["premium"] }],
        ["getActiveSubscriptions", { subscriptionIds: null }],
        ["getStorefront", {}],
      ]), JSON.stringify(sent));
  }
  {
    const { client, sent } = answering({ result: "USA" });
    check("an operation without arguments", (await client.getStorefront()) === "USA");
    await client.getAvailablePurchases().catch(() => undefined);
    check("calls without arguments send an empty object", JSON.stringify(sent) === '[["getStorefront",{}],["getAvailablePurchases",{}]]', JSON.stringify(sent));
  }
  {
    const record: PurchaseError = { code: "item-not-owned", message: "no such purchase", productId: "coins", responseCode: 8 };
    const error = await rejection(answering({ error: record }).client.finishTransaction({ purchase }));
    check("an error reply rejects with an OpenIAPError", error !== undefined);
    check("carrying its code", error?.code === "item-not-owned", error?.code);
    check("and its whole record", JSON.stringify(error?.record) === JSON.stringify(record));
    check("naming the operation", error?.operation === "finishTransaction" && error.cause === undefined);
    check("an OpenIAPError is an Error", error instanceof Error && error.name === "OpenIAPError");
  }
  {
    const error = await rejection(answering({ error: { code: "a-code-from-a-later-spec", message: "m" } }).client.getStorefront());
    check("an error code the spec does not list yet is kept", error?.code === "a-code-from-a-later-spec");
  }
  const unusable: [string, unknown][] = [
    ["both result and error", { result: "USA", error: { code: "not-prepared", message: "m" } }],
    ["neither result nor error", {}],
    ["null", null],
    ["a string", "USA"],
    ["a list", [{ result: "USA" }]],
    ["a number", 42],
    ["undefined", undefined],
    ["an error without a code", { error: { message: "m" } }],
    ["an error with a numeric code", { error: { code: 42, message: "m" } }],
    ["an error without a message", { error: { code: "unknown" } }],
    ["an error that is a string", { error: "failed" }],
    ["a null error", { error: null }],
    ["a result only inherited", Object.create({ result: "USA" })],
    ["a null required result", { result: null }],
  ];
  for (const [what, reply] of unusable) {
    const error = await rejection(answering(reply).client.getStorefront());
    check(`${what}: rejected as unknown`, error?.code === "unknown", error?.message);
    check(`${what}: the reply is kept as the cause`, error !== undefined && error.cause === reply);
  }
  {
    const answer = await answering({ result: null }).client.getPromotedProductIOS();
    check("an optional result may be null", answer === null);
  }
  {
    const failure = new Error("the pipe is closed");
    const client = createOpenIAPClient(async () => {
      throw failure;
    });
    const error = await rejection(client.getStorefront());
    check("a failing transport rejects as unknown", error?.code === "unknown" && error.cause === failure);
    check("with what it threw in the message", error?.message.includes("the pipe is closed") === true, error?.message);
  }
  {
    let thrown: unknown;
    try {
      answering({ result: true }).client.addListener("purchaseUpdated", () => undefined);
    } catch (error) {
      thrown = error;
    }
    check("a listener without an event transport is a developer error",
      thrown instanceof OpenIAPError && thrown.code === "developer-error", thrown);
  }
  {
    const subscriptions: [string, object][] = [];
    let deliver: ((payload: unknown) => void) | undefined;
    let stops = 0;
    const client = createOpenIAPClient(async () => ({ result: true }), (event, args, callback) => {
      subscriptions.push([event, args]);
      deliver = callback;
      return () => {
        stops += 1;
      };
    });
    const received: string[] = [];
    const handle = client.addListener("purchaseUpdated", (payload) => received.push(payload.id), {
      dedupeTransactionIOS: false,
    });
    deliver?.({ id: "t1", store: "apple" });
    deliver?.({ id: "t2", store: "google" });
    handle.remove();
    handle.remove();
    client.addListener("purchaseError", () => undefined);
    client.addListener("purchaseUpdated", () => undefined);
    check("payloads reach the listener", JSON.stringify(received) === '["t1","t2"]', JSON.stringify(received));
    check("the event transport gets the event and the listener options under their name",
      JSON.stringify(subscriptions) === '[["purchaseUpdated",{"options":{"dedupeTransactionIOS":false}}],["purchaseError",{}],["purchaseUpdated",{}]]',
      JSON.stringify(subscriptions));
    check("removing twice stops once", stops === 1, stops);
  }
  console.log(`client runtime: ${passed} passed, ${failed} failed`);
  process.exitCode = failed === 0 ? 0 : 1;
}

main().catch((error: unknown) => {
  console.log(`client runtime: crashed: ${String(error)}`);
  process.exitCode = 2;
});
