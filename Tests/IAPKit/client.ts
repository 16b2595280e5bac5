// Runs the IAPKit scenario list (Tests/IAPKit/scenarios.json) with the
// generated TypeScript client (Generated/TypeScript/iapkit-client.ts)
// against the test server whose origin is the first argument, and prints one
// transcript line per scenario: `<id> <canonical JSON>` with the outcome and
// what the server received (its request log, reduced). scripts/iapkit.sh
// compares the transcript with Tests/IAPKit/transcript.expected, which the
// Swift and Kotlin clients' transcripts must equal too.
//
// Before each scenario the server's log is cleared (POST /__test__/reset);
// after it the log is read (GET /__test__/requests).

import {
  createIapkitClient,
  createIapkitMemoryCache,
  IapkitApiError,
  IapkitClient,
  IapkitETagCache,
  IapkitFetch,
  IapkitRequestError,
  IapkitTransportError,
  verifyPurchaseBody,
} from "../../Generated/TypeScript/iapkit-client";
import type { RequestVerifyPurchaseWithIapkitProps } from "../../Generated/TypeScript/openiap";

declare const process: { argv: string[]; exitCode: number | undefined; stdout: { write(text: string): boolean } };
declare function require(name: string): unknown;

interface Scenario {
  id: string;
  call: string;
  apiKey?: string;
  baseUrl?: string;
  omitBaseUrl?: boolean;
  props?: RequestVerifyPurchaseWithIapkitProps;
  input?: { [name: string]: unknown };
  body?: unknown;
  /** Share the cache of this earlier scenario. */
  cacheOf?: string;
}

const nodeFetch = (globalThis as unknown as { fetch: IapkitFetch }).fetch;

/** Sorted keys, no spaces, no null or undefined members: one spelling of a JSON value, as the Swift and Kotlin clients' transcripts write it. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return "[" + value.map(canonical).join(",") + "]";
  if (typeof value === "object" && value !== null) {
    const record = value as { [key: string]: unknown };
    return (
      "{" +
      Object.keys(record)
        .filter((key) => record[key] !== undefined && record[key] !== null)
        .sort()
        .map((key) => JSON.stringify(key) + ":" + canonical(record[key]))
        .join(",") +
      "}"
    );
  }
  return JSON.stringify(value);
}

function outcomeOf(result: { ok: unknown } | { error: unknown }): unknown {
  if ("ok" in result) return { ok: result.ok };
  const error = result.error;
  if (error instanceof IapkitApiError) {
    return {
      iapkitError: {
        status: error.status,
        errors: error.errors,
        retryAfter: error.retryAfter,
        rateLimit: error.rateLimit,
        correlationId: error.correlationId,
      },
    };
  }
  if (error instanceof IapkitTransportError) return { transport: { reason: error.reason, status: error.status } };
  if (error instanceof IapkitRequestError) return { clientError: { reason: error.reason, path: error.path } };
  return { unexpected: String(error) };
}

async function serverLog(origin: string): Promise<unknown[]> {
  const response = await nodeFetch(origin + "/__test__/requests", { method: "GET", headers: {}, redirect: "manual" });
  const text = await (response as unknown as { text(): Promise<string> }).text();
  const entries = JSON.parse(text) as { [key: string]: unknown }[];
  return entries.map((entry) => {
    const headers = entry.headers as { [name: string]: string };
    const kept: { [name: string]: string } = {};
    for (const name of ["authorization", "if-none-match", "content-type"]) {
      if (headers[name] !== undefined) kept[name] = headers[name];
    }
    // No body: no member, as the typed clients' transcripts write it.
    let body: unknown = undefined;
    if (typeof entry.body === "string" && entry.body !== "") {
      try {
        body = JSON.parse(entry.body);
      } catch {
        body = entry.body;
      }
    }
    return { method: entry.method, path: entry.path, queryParams: entry.queryParams ?? {}, body, headers: kept };
  });
}

async function run(client: IapkitClient, scenario: Scenario): Promise<unknown> {
  const input = scenario.input ?? {};
  switch (scenario.call) {
    case "verify":
      return client.verifyPurchase(verifyPurchaseBody(scenario.props!));
    case "verifyBody":
      return client.verifyPurchase(scenario.body as Parameters<IapkitClient["verifyPurchase"]>[0]);
    case "status":
      return client.subscriptionStatus(input as { userId: string });
    case "entitlements":
      return client.subscriptionEntitlements(input as { userId: string });
    case "bindUser":
      return client.bindUser(scenario.body as Parameters<IapkitClient["bindUser"]>[0]);
    case "products":
      return client.listProducts(input as Parameters<IapkitClient["listProducts"]>[0]);
    case "clientPayload":
      return client.productClientPayload(input as Parameters<IapkitClient["productClientPayload"]>[0]);
    case "baseUrl":
      return { baseUrl: client.baseUrl };
    default:
      throw new Error("unknown call " + scenario.call);
  }
}

async function main(): Promise<void> {
  const origin = process.argv[2];
  const fs = require("fs") as { readFileSync(path: string, encoding: "utf8"): string };
  const scenarios = JSON.parse(fs.readFileSync(process.argv[3], "utf8")) as Scenario[];
  const caches: { [id: string]: IapkitETagCache } = {};
  for (const scenario of scenarios) {
    await nodeFetch(origin + "/__test__/reset", { method: "POST", headers: {}, redirect: "manual" });
    const cache = scenario.cacheOf !== undefined ? caches[scenario.cacheOf] : createIapkitMemoryCache();
    caches[scenario.id] = cache;
    let result: { ok: unknown } | { error: unknown };
    try {
      const baseUrl = scenario.omitBaseUrl ? undefined : (scenario.baseUrl ?? origin).replace("{origin}", origin);
      const client = createIapkitClient({
        apiKey: scenario.apiKey ?? "openiap-kit_pk_test_app",
        baseUrl,
        timeoutMs: 2000,
        maxResponseBytes: 1048576,
        cache,
      });
      result = { ok: await run(client, scenario) };
    } catch (error) {
      result = { error };
    }
    const sent = await serverLog(origin);
    process.stdout.write(scenario.id + " " + canonical({ outcome: outcomeOf(result), sent }) + "\n");
  }
}

main().catch((error) => {
  process.stdout.write("error " + String(error) + "\n");
  process.exitCode = 1;
});
