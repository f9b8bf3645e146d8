// vitest: fresh isolate (it watches what the isolate does at start; vitest.config.ts)
/**
 * The start-up warm-up under the rules of workerd's global scope, where it really runs: no Request
 * or Response with a body (a stream) and no Cache API I/O. A request that broke one of them would
 * fail silently at start-up (status 0) and leave its path cold for the first real request; here
 * the rules are imitated, so it fails the test instead.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { allFamilies } from "../../src/benchmarks/registry";
import { endWarmUp, warmUp } from "../../src/core/warmup/warmup";

const RealRequest = globalThis.Request;
const realCaches = Object.getOwnPropertyDescriptor(globalThis, "caches");

/** A Request that refuses a body, as workerd does in global scope. */
class GlobalScopeRequest extends RealRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    if (init?.body != null) throw new Error("Disallowed operation called within global scope (a Request body)");
    super(input, init);
  }
}

afterEach(() => {
  endWarmUp();
  globalThis.Request = RealRequest;
  if (realCaches) Object.defineProperty(globalThis, "caches", realCaches);
});

describe("start-up warm-up in global scope", () => {
  it("runs every request (each family's, then the shared ones) without a failure", async () => {
    const app = createApp();
    globalThis.Request = GlobalScopeRequest as typeof Request;
    const refuse = async () => {
      throw new Error("Disallowed operation called within global scope (Cache API)");
    };
    Object.defineProperty(globalThis, "caches", {
      configurable: true,
      value: { default: { match: refuse, put: refuse, delete: refuse } },
    });
    const statuses = await warmUp(app);
    expect(statuses).not.toContain(0);
    expect(statuses.every((s) => s < 500)).toBe(true);
    // RepoQA's five score requests (one refused by validation), then BLEU and the pages and reads.
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 400, 200]);
    expect(allFamilies().some((f) => f.warmUp)).toBe(true);
  });
});
