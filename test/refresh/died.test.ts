/**
 * A step whose invocations die (over their memory or CPU: no outcome, no record of the failure, only
 * a lease that runs out) is not claimed forever: once `attempts` tries were taken over without an
 * outcome, a build is skipped with that reason and the window goes on from the other sources.
 */
import { env } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { findBenchmark } from "../../src/benchmarks/registry";
import { parseRefreshConfig } from "../../src/core/refresh/config";
import { type Carrier, runStepMessage, type StepMessage, startWindow } from "../../src/core/refresh/engine";
import { claimStep, getWindow, stepsOf } from "../../src/core/refresh/store";
import { windowFrom } from "../../src/core/refresh/windows";
import { NPM, RefreshRegistry } from "./registry";

const config = parseRefreshConfig({
  versions: 5,
  registries: { npm: NPM },
  sources: [
    { spec: "npm:fresh-ts", entry: "src", benchmarks: ["repoqa-snf"] },
    { spec: "npm:fresh-py", benchmarks: ["longcodeu"] },
  ],
  benchmarks: {
    "repoqa-snf": { needles: 3, context_sizes: [2048] },
    longcodeu: { per_bucket: 1, buckets: ["0-8K"] },
  },
  limits: { subrequests: 12, attempts: 2, retry_delay_seconds: 0, lease_seconds: 600, stale_minutes: 30 },
});

let registry: RefreshRegistry;
beforeAll(async () => {
  registry = await RefreshRegistry.stubbed();
});
afterAll(() => vi.unstubAllGlobals());

function inbox(): Carrier & { next(): StepMessage | undefined } {
  const queue: StepMessage[] = [];
  return { send: async (m) => void queue.push(m), next: () => queue.shift() };
}

describe("a step whose invocations die", () => {
  it("is skipped after `attempts` tries without an outcome, and the window completes from the rest", async () => {
    const window = windowFrom(config, "2026-02-03");
    const carrier = inbox();
    expect(await startWindow(env, config, window, "command", carrier, findBenchmark)).toBe(true);
    const build = carrier.next()!;
    expect(build.step).toBe("build/repoqa-snf/000");

    // Two deliveries took the step and died: each claimed it, and its lease ran out.
    const hourAgo = Date.now() - 3_600_000;
    for (const [i, at] of [hourAgo, hourAgo + 60_000].entries()) {
      const claim = await claimStep(env, window.id, build.step, 0, new Date(at), 1);
      expect(claim).toEqual({ kind: "claimed", attempt: i + 1 });
    }

    const asked = registry.asked("fresh-ts");
    expect(await runStepMessage(env, build, carrier, { lookup: findBenchmark })).toBe("skipped");
    // Not run a third time: nothing was fetched for it.
    expect(registry.asked("fresh-ts")).toBe(asked);
    const row = (await stepsOf(env, window.id)).find((s) => s.step === build.step)!;
    expect(row.status).toBe("skipped");
    expect(row.reason).toMatch(/2 tries ended without an outcome \(the invocation died.*\(after 2 tries\)$/);

    for (let m = carrier.next(); m; m = carrier.next())
      await runStepMessage(env, m, carrier, { lookup: findBenchmark });
    const done = await getWindow(env, window.id);
    expect(done).toMatchObject({ status: "held-out", datasets: { longcodeu: "fresh-2026-02-03-longcodeu" } });
    expect(done!.datasets["repoqa-snf"]).toBeUndefined();
  });
});
