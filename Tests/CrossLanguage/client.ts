// The node half of the cross-language test: the generated TypeScript client
// (Generated/TypeScript/openiap-client.ts) over a JSON-lines transport to a
// child process, which answers as an OpenIAP bridge (the Swift executable
// built on the generated dispatcher, or Tests/CrossLanguage/fake_peer.py).
//
//   node client.js [--sku SKU] [--timeout MS] [--transcript] -- COMMAND [ARG...]
//
// Framing (docs/ops-wire, "JSON-lines"): one JSON object per line each way.
//   call         → {"id": 1, "operation": "fetchProducts", "args": {...}}
//   reply        ← {"id": 1, "result": ...} or {"id": 1, "error": {...}}
//   subscribe    → {"subscribe": "purchaseUpdated", "args": {...}, "subscription": 1}
//   event        ← {"subscription": 1, "event": "purchaseUpdated", "payload": {...}}
//   unsubscribe  → {"unsubscribe": 1}
// `id` is framing: it is taken off before the client sees the reply. Replies
// may come in any order. Closing the child's stdin ends the session; the
// child must then exit with status 0.
//
// Exit status: 0 when every check passed, 1 when one failed, 2 on misuse.
/// <reference path="./node.d.ts" />
import { spawn } from "child_process";
import type {
  OpenIAPEventName,
  OpenIAPOperationName,
  ProductOrSubscription,
  Purchase,
  PurchaseInput,
  RequestVerifyPurchaseWithIapkitProps,
} from "../../Generated/TypeScript/openiap";
import { createOpenIAPClient, OpenIAPError } from "../../Generated/TypeScript/openiap-client";

type JSONObject = { [key: string]: unknown };

function isObject(value: unknown): value is JSONObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The child process as a bridge: calls matched to replies by id, events to listeners by subscription. */
class JSONLinesPeer {
  private readonly child;
  private buffer = "";
  private nextId = 1;
  private nextSubscription = 1;
  private readonly pending = new Map<number, { resolve: (reply: unknown) => void; reject: (error: Error) => void; timer: unknown }>();
  private readonly listeners = new Map<number, { event: string; deliver: (payload: unknown) => void }>();
  private readonly ended = new Set<number>();
  private exited: Promise<{ code: number | null; signal: string | null }>;
  /** Lines that broke the framing. */
  readonly problems: string[] = [];

  constructor(command: string[], private readonly timeout: number, private readonly transcript: boolean) {
    this.child = spawn(command[0], command.slice(1), { stdio: ["pipe", "pipe", "inherit"] });
    this.exited = new Promise((resolve) => {
      this.child.on("exit", (code, signal) => {
        for (const [id, call] of this.pending) {
          clearTimeout(call.timer);
          call.reject(new Error(`the peer exited (status ${String(code)}) before answering call ${id}`));
        }
        this.pending.clear();
        resolve({ code, signal });
      });
      this.child.on("error", (error) => {
        this.problems.push(`could not run the peer: ${error.message}`);
        resolve({ code: null, signal: null });
      });
    });
    this.child.stdout.setEncoding("utf8");
    this.child.stdout.on("data", (chunk) => {
      this.buffer += chunk;
      let end: number;
      while ((end = this.buffer.indexOf("\n")) >= 0) {
        const line = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 1);
        if (line.trim() !== "") this.receive(line);
      }
    });
  }

  private send(message: JSONObject): void {
    const line = JSON.stringify(message);
    if (this.transcript) console.log(`send ${line}`);
    this.child.stdin.write(line + "\n");
  }

  private receive(line: string): void {
    if (this.transcript) console.log(`recv ${line}`);
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      this.problems.push(`not JSON: ${line.slice(0, 200)}`);
      return;
    }
    if (!isObject(message)) {
      this.problems.push(`not a JSON object: ${line.slice(0, 200)}`);
      return;
    }
    if ("id" in message) {
      const id = message.id;
      const call = typeof id === "number" ? this.pending.get(id) : undefined;
      if (call === undefined) {
        this.problems.push(`a reply to no open call: ${line.slice(0, 200)}`);
        return;
      }
      this.pending.delete(id as number);
      clearTimeout(call.timer);
      const reply: JSONObject = {};
      for (const key of Object.keys(message)) if (key !== "id") reply[key] = message[key];
      call.resolve(reply);
      return;
    }
    if ("subscription" in message && "event" in message) {
      const subscription = message.subscription;
      const listener = typeof subscription === "number" ? this.listeners.get(subscription) : undefined;
      if (listener === undefined) {
        // A payload sent before the peer read the unsubscribe line is no fault.
        if (typeof subscription !== "number" || !this.ended.has(subscription)) {
          this.problems.push(`an event for no subscription: ${line.slice(0, 200)}`);
        }
        return;
      }
      if (message.event !== listener.event) {
        this.problems.push(`subscription ${String(subscription)} is to ${listener.event}, not ${String(message.event)}`);
        return;
      }
      if (!("payload" in message)) {
        this.problems.push(`an event without a payload: ${line.slice(0, 200)}`);
        return;
      }
      listener.deliver(message.payload);
      return;
    }
    this.problems.push(`neither a reply nor an event: ${line.slice(0, 200)}`);
  }

  /** The transport of `createOpenIAPClient`. */
  readonly call = (operation: OpenIAPOperationName, args: object): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const id = this.nextId++;
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`no reply to ${operation} (id ${id}) within ${this.timeout} ms`));
      }, this.timeout);
      this.pending.set(id, { resolve, reject, timer });
      this.send({ id, operation, args });
    });

  /** The event transport of `createOpenIAPClient`. */
  readonly subscribe = (event: OpenIAPEventName, args: object, deliver: (payload: unknown) => void): (() => void) => {
    const subscription = this.nextSubscription++;
    this.listeners.set(subscription, { event, deliver });
    this.send({ subscribe: event, args, subscription });
    return () => {
      this.listeners.delete(subscription);
      this.ended.add(subscription);
      this.send({ unsubscribe: subscription });
    };
  };

  /** Closes the peer's stdin and waits for it to exit. */
  async close(): Promise<{ code: number | null; signal: string | null }> {
    this.child.stdin.end();
    let timer: unknown;
    const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), this.timeout)));
    const exit = await Promise.race([this.exited, late]);
    clearTimeout(timer);
    if (exit !== null) return exit;
    this.child.kill();
    return { code: null, signal: "timeout" };
  }
}

/** Checks, printed as they are made. */
class Checks {
  passed = 0;
  failed = 0;

  check(step: string, condition: boolean, detail: string): void {
    if (condition) {
      this.passed += 1;
      console.log(`ok   ${step}: ${detail}`);
    } else {
      this.failed += 1;
      console.log(`FAIL ${step}: ${detail}`);
    }
  }

  /** Runs a step that must not throw; a throw fails it with the error's message. */
  async step<T>(step: string, body: () => Promise<T>): Promise<T | undefined> {
    try {
      return await body();
    } catch (error) {
      this.check(step, false, `threw ${error instanceof OpenIAPError ? `OpenIAPError ${error.code}` : ""}: ${String(error instanceof Error ? error.message : error)}`);
      return undefined;
    }
  }

  /** Runs a call that must fail with `code`; answers the error. */
  async failure(step: string, code: string, body: () => Promise<unknown>): Promise<OpenIAPError | undefined> {
    try {
      const result = await body();
      this.check(step, false, `answered ${JSON.stringify(result)} instead of failing with ${code}`);
    } catch (error) {
      if (!(error instanceof OpenIAPError)) {
        this.check(step, false, `threw ${String(error)} instead of an OpenIAPError`);
        return undefined;
      }
      this.check(step, error.code === code, `failed with ${error.code} (wanted ${code}): ${error.record.message}`);
      return error;
    }
    return undefined;
  }
}

/** Waits until `ready()` is true, or `timeout` ms have passed. */
async function until(ready: () => boolean, timeout: number): Promise<boolean> {
  const start = Date.now();
  while (!ready()) {
    if (Date.now() - start > timeout) return false;
    await new Promise<void>((resolve) => setTimeout(resolve, 10));
  }
  return true;
}

/** The IAPKit request for a purchase of its store. */
function iapkitRequest(purchase: Purchase): RequestVerifyPurchaseWithIapkitProps {
  const token = purchase.purchaseToken ?? "";
  switch (purchase.store) {
    case "apple":
      return { apiKey: "cross-language-test", apple: { jws: token } };
    case "google":
      return { apiKey: "cross-language-test", google: { purchaseToken: token } };
    case "horizon":
      // IAPKit requires the buyer's Meta user id, which the platform SDK gives, not the purchase.
      return { apiKey: "cross-language-test", horizon: { sku: purchase.productId, userId: "7364018462839150" } };
    case "amazon":
      // IAPKit requires the Amazon user id of the purchase response.
      return { apiKey: "cross-language-test", amazon: { receiptId: token, userId: "amzn1.account.CROSSLANGUAGE" } };
  }
}

interface Options {
  sku: string;
  timeout: number;
  transcript: boolean;
  command: string[];
}

function parseArguments(argv: string[]): Options | string {
  const options: Options = { sku: "com.example.coins_100", timeout: 20000, transcript: false, command: [] };
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index];
    if (argument === "--") {
      options.command = argv.slice(index + 1);
      break;
    } else if (argument === "--sku" && index + 1 < argv.length) {
      options.sku = argv[++index];
    } else if (argument === "--timeout" && index + 1 < argv.length) {
      options.timeout = Number(argv[++index]);
    } else if (argument === "--transcript") {
      options.transcript = true;
    } else {
      return `unknown argument ${argument}`;
    }
  }
  if (options.command.length === 0) return "no peer command after --";
  if (!(options.timeout > 0)) return "--timeout needs a positive number of milliseconds";
  return options;
}

async function scenario(options: Options): Promise<number> {
  const peer = new JSONLinesPeer(options.command, options.timeout, options.transcript);
  const client = createOpenIAPClient(peer.call, peer.subscribe);
  const checks = new Checks();
  const sku = options.sku;

  const connected = await checks.step("initConnection", () => client.initConnection());
  if (connected !== undefined) checks.check("initConnection", typeof connected === "boolean", `answered ${String(connected)}`);

  // fetchProducts: the requested product, which tells the peer's platform.
  // One argument, passed as itself; the answer is the list the reply holds.
  const fetched = await checks.step("fetchProducts", () => client.fetchProducts({ skus: [sku], type: "in-app" }));
  const products: ProductOrSubscription[] = fetched ?? [];
  if (fetched !== undefined) {
    checks.check("fetchProducts", products.length > 0 && products.every((product) => product.id === sku),
      `${products.length} product(s): ${products.map((product) => `${product.id} (${product.platform})`).join(", ")}`);
  }
  const platform = products[0]?.platform;

  // requestPurchase: its purchase arrives through a purchaseUpdated listener.
  const delivered: Purchase[] = [];
  const listener = client.addListener("purchaseUpdated", (purchase) => delivered.push(purchase), {
    dedupeTransactionIOS: true,
  });
  // The request with its type; the JSON call names the case (requestPurchase).
  const requested = await checks.step("requestPurchase", () =>
    client.requestPurchase({ request: { apple: { sku }, google: { skus: [sku] } }, type: "in-app" }));
  if (requested !== undefined) {
    const direct = requested === null ? [] : Array.isArray(requested) ? requested : [requested];
    checks.check("requestPurchase", direct.every((purchase) => purchase.productId === sku),
      requested === null ? "answered null (the outcome comes through the event)" : `answered ${direct.length} purchase(s) of ${sku}`);
  }
  const arrived = await until(() => delivered.length > 0, options.timeout);
  const purchase = delivered[0];
  checks.check("purchaseUpdated", arrived && purchase.productId === sku,
    arrived ? `delivered ${delivered.length} purchase(s): ${purchase.id} of ${purchase.productId} from ${purchase.store}` : "no purchase was delivered");
  listener.remove();
  if (purchase !== undefined && platform !== undefined) {
    checks.check("purchaseUpdated", (platform === "ios") === (purchase.store === "apple"),
      `a ${platform} product bought from ${purchase.store}`);
  }

  if (purchase !== undefined) {
    // verifyPurchaseWithProvider: IAPKit, with the purchase of its store.
    const verified = await checks.step("verifyPurchaseWithProvider", () =>
      client.verifyPurchaseWithProvider({ provider: "iapkit", iapkit: iapkitRequest(purchase) }));
    if (verified !== undefined) {
      const iapkit = verified.iapkit;
      checks.check("verifyPurchaseWithProvider",
        verified.provider === "iapkit" && iapkit != null && typeof iapkit.isValid === "boolean" && iapkit.store === purchase.store,
        `provider ${verified.provider}, ${iapkit == null ? "no IAPKit result" : `isValid ${String(iapkit.isValid)} from ${iapkit.store}, state ${iapkit.state}`}`);
    }

    // finishTransaction: the purchase as the listener delivered it (a
    // PurchaseInput is a Purchase), consumed; it answers nothing.
    const passedBack: PurchaseInput = purchase;
    const finished = await checks.step("finishTransaction", async () => {
      const answer: void = await client.finishTransaction({ purchase: passedBack, isConsumable: true });
      return answer === undefined;
    });
    if (finished !== undefined) checks.check("finishTransaction", finished, "the client resolves undefined for an operation that answers nothing");

    // A bad argument: the purchase without its product. tsc rejects this
    // call, so it is made through a cast, as plain JavaScript would.
    const { productId: _, ...withoutProduct } = purchase;
    const bad = await checks.failure("bad argument", "developer-error", () =>
      client.finishTransaction({ purchase: withoutProduct } as unknown as Parameters<typeof client.finishTransaction>[0]));
    if (bad !== undefined) {
      checks.check("bad argument", bad.record.message.includes("args.purchase.productId"),
        `the message names the field path: ${JSON.stringify(bad.record.message)}`);
    }
  }

  // An operation of the other platform.
  if (platform === "ios") {
    await checks.failure("other platform", "feature-not-supported", () => client.openRedeemOfferCodeAndroid());
  } else if (platform === "android") {
    await checks.failure("other platform", "feature-not-supported", () => client.syncIOS());
  } else {
    checks.check("other platform", false, "the platform is unknown: fetchProducts answered no product");
  }

  const exit = await peer.close();
  checks.check("peer exit", exit.code === 0, `the peer exited with status ${String(exit.code)}${exit.signal ? ` (${exit.signal})` : ""}`);
  checks.check("framing", peer.problems.length === 0,
    peer.problems.length === 0 ? "every line was a reply to an open call or an event of a subscription" : peer.problems.join("; "));
  console.log(`cross-language: ${checks.passed} passed, ${checks.failed} failed`);
  return checks.failed === 0 ? 0 : 1;
}

const parsed = parseArguments(process.argv.slice(2));
if (typeof parsed === "string") {
  console.error(`client: ${parsed}\nusage: node client.js [--sku SKU] [--timeout MS] [--transcript] -- COMMAND [ARG...]`);
  process.exitCode = 2;
} else {
  scenario(parsed).then(
    (status) => {
      process.exitCode = status;
    },
    (error: unknown) => {
      console.log(`cross-language: crashed: ${String(error)}`);
      process.exitCode = 1;
    },
  );
}
