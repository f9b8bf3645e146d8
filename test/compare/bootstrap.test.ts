/**
 * The bootstrap's CPU bound (docs/compare.md, "Cost"; docs/limits.md, "CPU budgets"): the bulk index
 * draws are Python's `_randbelow` stream exactly (the per-call path is checked against CPython in
 * test/curate/pyrandom.test.ts and the bootstrap against Python in test/cli/paired-stats.test.ts),
 * and a graded comparison over the plan's `bootstrap_draws` is a 422 naming the limit.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { FREE_PLAN, budgetPlan, PAID_PLAN } from "../../src/lib/code/budget";
import {
  bootstrapDrawLimit,
  checkBootstrapDraws,
  FREE_BOOTSTRAP_DRAWS,
  PAID_BOOTSTRAP_DRAWS,
} from "../../src/core/compare/budget";
import { PyRandom } from "../../src/lib/datasets/pyrandom";
import { BASE } from "../helpers";
import { longcodeuDataset } from "../longcodeu/helpers";
import { startRun, waitForRun } from "../runs/helpers";

describe("PyRandom.fillRandbelow", () => {
  it("draws the same stream as randbelow, and leaves the generator where randbelow would", () => {
    for (const n of [1, 2, 3, 7, 8, 9, 1000, 16_384, 16_385, 20_000, 2 ** 31 - 1, 2 ** 31, 2 ** 31 + 1, 2 ** 32 - 1]) {
      const bulk = new PyRandom(20240420);
      const one = new PyRandom(20240420);
      // 1,500 draws cross the 624-word twist at least twice, from a generator already part-way.
      bulk.randbelow(5);
      one.randbelow(5);
      const out = new Uint32Array(1500);
      bulk.fillRandbelow(n, out);
      const expected = Array.from({ length: out.length }, () => one.randbelow(n));
      expect([...out], String(n)).toEqual(expected);
      expect(bulk.getrandbits(32), String(n)).toBe(one.getrandbits(32));
    }
  });

  it("refuses n outside [1, 2^32)", () => {
    for (const n of [0, -1, 1.5, 2 ** 32])
      expect(() => new PyRandom(1).fillRandbelow(n, new Uint32Array(1))).toThrow(RangeError);
  });
});

describe("bootstrap_draws", () => {
  it("a limit per plan: paid, free, and paid scaled by a numeric plan", () => {
    expect(bootstrapDrawLimit(PAID_PLAN)).toBe(PAID_BOOTSTRAP_DRAWS);
    expect(bootstrapDrawLimit(FREE_PLAN)).toBe(FREE_BOOTSTRAP_DRAWS);
    expect(bootstrapDrawLimit(budgetPlan({ CPU_BUDGET: "0.5" }))).toBe(PAID_BOOTSTRAP_DRAWS / 2);
    // Two 20,000-sample runs with groups fit the paid limit exactly.
    expect(() => checkBootstrapDraws(2 * 2000 * 20_000, PAID_PLAN)).not.toThrow();
    expect(() => checkBootstrapDraws(2 * 2000 * 20_000 + 1, PAID_PLAN)).toThrow(
      /limit of 80000000 bootstrap draws \(`bootstrap_draws`, CPU budget `paid`\)/,
    );
  });

  it("a graded comparison over the plan's limit is a 422 naming it; under it, the same answer as before", async () => {
    const dataset = await longcodeuDataset("compare-budget-lcu");
    const [oracle, empty] = await Promise.all(
      ["baseline:oracle", "baseline:empty"].map(async (model) => {
        const run = await waitForRun((await startRun({ benchmark: "longcodeu", dataset, model, concurrency: 8 })).id);
        expect(run.status).toBe("completed");
        return run.id as string;
      }),
    );
    const get = async (cpuBudget: string) => {
      const ctx = createExecutionContext();
      const res = await createApp().fetch(
        new Request(`${BASE}/v1/compare?a=${oracle}&b=${empty}`),
        { ...env, CPU_BUDGET: cpuBudget },
        ctx,
      );
      await waitOnExecutionContext(ctx);
      return { status: res.status, body: await res.json<Record<string, any>>() };
    };
    // 16 pairs in 8 task groups: 2,000 × 16 draws overall and 2,000 × 16 over the groups.
    const over = await get("0.0001");
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({
      type: "urn:needlework:problem:budget-exceeded",
      budget: "bootstrap_draws",
      limit: 8000,
      draws: 64_000,
      scope: "request",
      cpu_budget: "0.0001",
    });
    expect(over.body.detail).toContain("limit of 8000 bootstrap draws (`bootstrap_draws`, CPU budget `0.0001`)");
    const free = await get("free");
    expect(free.status).toBe(200);
    expect(free.body).toMatchObject({
      n_paired: 16,
      difference: { method: "paired-bootstrap-percentile", resamples: 2000 },
    });
    expect((await get("paid")).body).toEqual(free.body);
  });
});
