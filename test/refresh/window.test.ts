/**
 * A window of the scheduled refresh end to end in workerd, through the Worker's scheduled handler and
 * the real refresh queue, D1 and R2; the only stand-in is the registry at the network edge
 * (./registry.ts). Then the same engine driven step by step: a step cut off after its output was
 * written, and an import cut off after its rows, each resumed without doing anything twice.
 */
import { env } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { findBenchmark } from "../../src/benchmarks/registry";
import { parseRefreshConfig } from "../../src/core/refresh/config";
import { type Carrier, runStepMessage, type StepMessage, startWindow } from "../../src/core/refresh/engine";
import { stepsOf } from "../../src/core/refresh/store";
import {
  datasetRefreshRecord,
  refreshWindowRecord,
  refreshWindows,
  windowsAfterCutoffs,
} from "../../src/core/refresh/views";
import { windowFrom } from "../../src/core/refresh/windows";
import { setCutoff } from "../../src/kit/leaderboard/cutoffs";
import { get } from "../helpers";
import { NPM, RefreshRegistry } from "./registry";
import { refreshConfig, tick } from "./harness";

const CONFIG = refreshConfig(["fresh-ts", "fresh-py", "down-pkg", "evil", "huge"]);
const WINDOW = "w-2026-02-02";

let registry: RefreshRegistry;

beforeAll(async () => {
  registry = await RefreshRegistry.stubbed();
});
afterAll(() => vi.unstubAllGlobals());

async function windowStatus(id: string): Promise<string | undefined> {
  return (await env.DB.prepare("SELECT status FROM refresh_windows WHERE id = ?").bind(id).first<{ status: string }>())
    ?.status;
}

/** Waits for the window to reach one of `statuses` with no step of it still running. */
async function until(id: string, statuses: string[], ms = 60_000): Promise<string | undefined> {
  const end = Date.now() + ms;
  for (;;) {
    const status = await windowStatus(id);
    const running = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM refresh_steps WHERE window_id = ? AND status = 'running'",
    )
      .bind(id)
      .first<{ n: number }>();
    if (status && statuses.includes(status) && running!.n === 0) return status;
    if (Date.now() > end) return status;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("a scheduled window, end to end", () => {
  it("builds the closed window from fresh code, imports it held out, skips bad sources with reasons", async () => {
    // The first try of the fresh package's archive dies midway (a dropped connection): the step is tried again.
    registry.dropOnce.add(`${NPM}fresh-ts/-/fresh-ts-1.1.0.tgz`);
    await tick(CONFIG, "2026-02-10T04:41:00Z");
    expect(await until(WINDOW, ["held-out", "failed"])).toBe("held-out");

    const record = (await refreshWindowRecord(env, WINDOW))!;
    expect(record.window).toMatchObject({ start: "2026-02-02", end: "2026-02-09", status: "held-out" });
    const step = (name: string) => record.steps.find((s) => s.step === name)!;

    // The fresh package: built from 1.1.0 (1.2.0 came after the window), needles born in the window only.
    const ts = step("build/repoqa-snf/000");
    expect(ts).toMatchObject({ status: "done", attempts: 2 });
    expect(ts.reason).toContain("Network connection lost");
    expect(ts.record).toMatchObject({ version: "1.1.0", units: 3, language: "typescript" });
    const provenance = ts.record!.provenance as {
      born: { earliest: string; latest: string };
      source: { versions_read: { integrity: unknown }[] };
    };
    expect(provenance.born).toMatchObject({ earliest: "2026-02-03", latest: "2026-02-03" });
    // What was fetched, with its integrity.
    for (const lock of provenance.source.versions_read) expect(lock.integrity).toMatchObject({ algorithm: "sha512" });
    expect(registry.asked("fresh-ts-1.2.0.tgz")).toBe(0);
    // The killed try's archive and the retry's: the other archive once.
    expect(registry.asked("fresh-ts-1.1.0.tgz")).toBe(2);
    expect(registry.asked("fresh-ts-1.0.0.tgz")).toBe(1);

    const py = step("build/longcodeu/001");
    expect(py.status).toBe("done");
    expect(py.record).toMatchObject({ version: "2.1.0" });
    expect(Number(py.record!.units)).toBeGreaterThan(0);

    // A source that is down, a hostile one and an oversized one: skipped, each with its reason.
    expect(step("build/repoqa-snf/002")).toMatchObject({ status: "skipped", attempts: 3 });
    expect(step("build/repoqa-snf/002").reason).toMatch(/registry-down: HTTP 503.*after 3 tries/);
    expect(step("build/repoqa-snf/003")).toMatchObject({ status: "skipped" });
    expect(step("build/repoqa-snf/003").reason).toContain("hostile (symlink)");
    expect(step("build/repoqa-snf/004")).toMatchObject({ status: "skipped" });
    expect(step("build/repoqa-snf/004").reason).toContain("bound downloadBytes=65536 exceeded");
    // None of them left anything behind: no output, no bytes stored, no part in R2.
    for (const n of ["002", "003", "004"]) {
      const s = step(`build/repoqa-snf/${n}`);
      expect(s.output_key, s.step).toBeNull();
      expect(s.stored_bytes ?? 0, s.step).toBe(0);
      expect((await env.DATASETS.list({ prefix: `refresh/${WINDOW}/repoqa-snf/${n}` })).objects, s.step).toEqual([]);
    }

    // The per-invocation limits: every step within its subrequests, and each counted.
    for (const s of record.steps) expect(s.subrequests ?? 0, s.step).toBeLessThanOrEqual(CONFIG.limits.subrequests);
    expect(ts.subrequests).toBe(3);
    expect(ts.fetched_bytes).toBeGreaterThan(0);
    expect(ts.stored_bytes).toBeGreaterThan(0);
    // Every step ran to its end once: one row each, the imports and finish done.
    expect(record.steps.map((s) => s.step)).toEqual([
      "build/repoqa-snf/000",
      "build/longcodeu/001",
      "build/repoqa-snf/002",
      "build/repoqa-snf/003",
      "build/repoqa-snf/004",
      "import/repoqa-snf/repo-0000",
      "import/repoqa-snf/commit",
      "import/longcodeu/release",
      "finish",
    ]);
    expect(step("finish").record).toMatchObject({
      datasets: { "repoqa-snf": "fresh-2026-02-02-repoqa-snf", longcodeu: "fresh-2026-02-02-longcodeu" },
    });

    // Held out, ready, and its record on the dataset.
    for (const id of ["fresh-2026-02-02-repoqa-snf", "fresh-2026-02-02-longcodeu"]) {
      const res = await get(`/v1/datasets/${id}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ dataset: { status: "ready", visibility: "held-out" } });
      expect((await datasetRefreshRecord(env, id))?.window.id).toBe(WINDOW);
    }
    const tasks = await env.DB.prepare("SELECT COUNT(*) AS n FROM tasks WHERE dataset_id = ?")
      .bind("fresh-2026-02-02-repoqa-snf")
      .first<{ n: number }>();
    expect(tasks!.n).toBe(3);

    // The board's current window.
    const board = await refreshWindows(env);
    expect(board.current?.id).toBe(WINDOW);
    expect(board.dates).toContain("evidence, not proof");
  });

  it("a later tick does not start it twice; a redelivered finished step does nothing", async () => {
    const before = registry.memory.asked.length;
    await tick(CONFIG, "2026-02-11T04:41:00Z");
    const carrier: Carrier = { send: async () => {} };
    expect(
      await runStepMessage(env, { window: WINDOW, step: "build/repoqa-snf/000" }, carrier, { lookup: findBenchmark }),
    ).toBe("finished-before");
    expect(registry.memory.asked.length).toBe(before);
    expect((await stepsOf(env, WINDOW)).length).toBe(9);
  });

  it("per model, the windows after its cutoff", async () => {
    await setCutoff(env, "model-old", "2025-12", "test");
    await setCutoff(env, "model-new", "2026-02", "test");
    expect(await windowsAfterCutoffs(env, ["model-old", "model-new", "model-unknown"])).toEqual({
      "model-old": { cutoff: "2025-12", first_unseen: "2026-01-01", windows: [WINDOW] },
      "model-new": { cutoff: "2026-02", first_unseen: "2026-03-01", windows: [] },
      "model-unknown": { cutoff: null, first_unseen: null, windows: null },
    });
  });

  it("after the delay, the tick makes the window public", async () => {
    // The window's next ticks would start newer windows: none of their sources has code in them.
    await tick(CONFIG, "2026-03-10T04:42:00Z");
    expect(await until(WINDOW, ["public"])).toBe("public");
    for (const id of ["fresh-2026-02-02-repoqa-snf", "fresh-2026-02-02-longcodeu"]) {
      expect(await (await get(`/v1/datasets/${id}`)).json()).toMatchObject({ dataset: { visibility: "public" } });
    }
    const publish = (await refreshWindowRecord(env, WINDOW))!.steps.find((s) => s.step === "publish");
    expect(publish).toMatchObject({ status: "done" });
    // The newer window started by that tick has no fresh code: it fails clearly, with nothing imported.
    const newer = "w-2026-03-02";
    expect(await until(newer, ["failed", "held-out"])).toBe("failed");
    const failed = (await refreshWindowRecord(env, newer))!;
    expect(failed.window.error).toContain("no source yielded a unit");
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM datasets WHERE id LIKE 'fresh-2026-03-02-%'").first<{
      n: number;
    }>();
    expect(rows!.n).toBe(0);
  });
});

describe("a step cut off midway, resumed", () => {
  /** A carrier that keeps messages, so the test delivers them one by one. */
  function inbox(): Carrier & { next(): StepMessage | undefined } {
    const queue: StepMessage[] = [];
    return { send: async (m) => void queue.push(m), next: () => queue.shift() };
  }
  const reset = (window: string, step: string) =>
    env.DB.prepare(
      "UPDATE refresh_steps SET status = 'running', lease_until = '1970-01-01T00:00:00.000Z', finished_at = NULL WHERE window_id = ? AND step = ?",
    )
      .bind(window, step)
      .run();

  it("adopts a build's stored part and re-imports a repository without duplicates", async () => {
    const config = parseRefreshConfig({
      ...CONFIG,
      sources: [CONFIG.sources[0]],
      benchmarks: { "repoqa-snf": CONFIG.benchmarks["repoqa-snf"] },
    });
    const window = windowFrom(config, "2026-02-01");
    const carrier = inbox();
    expect(await startWindow(env, config, window, "command", carrier, findBenchmark)).toBe(true);

    const build = carrier.next()!;
    expect(build.step).toBe("build/repoqa-snf/000");
    expect(await runStepMessage(env, build, carrier, { lookup: findBenchmark })).toBe("done");
    carrier.next();
    // Cut off after its part reached R2 but before its row said so: the next delivery adopts the part.
    await reset(window.id, build.step);
    const asked = registry.memory.asked.length;
    expect(await runStepMessage(env, build, carrier, { lookup: findBenchmark })).toBe("done");
    expect(registry.memory.asked.length).toBe(asked);
    const rebuilt = (await stepsOf(env, window.id)).find((s) => s.step === build.step)!;
    expect(rebuilt.record).toMatchObject({ resumed_from: expect.stringContaining(`refresh/${window.id}/`), units: 3 });

    const importRepo = carrier.next()!;
    expect(importRepo.step).toBe("import/repoqa-snf/repo-0000");
    expect(await runStepMessage(env, importRepo, carrier, { lookup: findBenchmark })).toBe("done");
    carrier.next();
    // Cut off after the repository's rows were written: imported again, it replaces itself.
    await reset(window.id, importRepo.step);
    expect(await runStepMessage(env, importRepo, carrier, { lookup: findBenchmark })).toBe("done");
    for (let m = carrier.next(); m; m = carrier.next())
      await runStepMessage(env, m, carrier, { lookup: findBenchmark });
    expect(await windowStatus(window.id)).toBe("held-out");
    const tasks = await env.DB.prepare("SELECT COUNT(*) AS n FROM tasks WHERE dataset_id = ?")
      .bind("fresh-2026-02-01-repoqa-snf")
      .first<{ n: number }>();
    expect(tasks!.n).toBe(3);
    const steps = await stepsOf(env, window.id);
    expect(steps.map((s) => [s.step, s.status, s.attempts])).toEqual([
      ["build/repoqa-snf/000", "done", 2],
      ["import/repoqa-snf/repo-0000", "done", 2],
      ["import/repoqa-snf/commit", "done", 1],
      ["finish", "done", 1],
    ]);
  });
});
