/**
 * `npm run refresh` as an operator runs it: a sources file, a window start and a local instance
 * (fresh state, its own port, the Worker bundled once), the registry given by npm's own setting
 * (`npm_config_registry` for the command, which the file leaves out) and served by a stand-in at the
 * network edge (./refresh-registry.ts). The window goes through the instance's refresh queue, D1
 * and R2 as a scheduled one does; the test reads what the command prints, its exit code, the
 * window's record and the datasets. While the window builds, the Worker's workerd process is sampled
 * from /proc (scripts/bench-refresh.mts measures a real window the same way).
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type MemoryFigures,
  runRefresh,
  sampleProcess,
  startBundledInstance,
  type WindowRecord,
  workerOf,
} from "../../scripts/bench-refresh.mts";
import type { IsolatedInstance } from "../../cli/lib/local-service";
import type { RegistryStandIn } from "./registry-stand-in";
import { BOUNDS, refreshRegistry, SOURCES, WINDOW_DAYS, WINDOW_START } from "./refresh-registry";

const WINDOW = `w-${WINDOW_START}`;
const LIMITS = { subrequests: 12, attempts: 2, retry_delay_seconds: 0, lease_seconds: 600, stale_minutes: 30 };
/** The sources file: [vars.REFRESH]'s shape, without `registries` (npm's setting fills it). */
const CONFIG = {
  window_days: WINDOW_DAYS,
  versions: 5,
  sources: SOURCES.map(({ spec, benchmarks, ...s }) => ({
    spec,
    benchmarks: [...benchmarks],
    ...("entry" in s ? { entry: s.entry } : {}),
  })),
  benchmarks: {
    "repoqa-snf": { needles: 3, context_sizes: [2048] },
    longcodeu: { per_bucket: 1, buckets: ["0-8K"] },
  },
  bounds: BOUNDS,
  limits: LIMITS,
};
/**
 * How much the Worker's workerd may grow (its VmHWM after the window over its VmRSS before): a
 * deployed Worker has 128 MB per isolate, and this window's packages are a few KB each, so a window
 * that grows workerd past that holds something it should not (a whole archive, every version at
 * once, parse trees never freed). Not tighter: the first build loads the tree-sitter grammars and the
 * tokenizer, and the local D1 and R2 live in the same process.
 */
const GROWTH_BOUND = 128 * 2 ** 20;

const WORK_DIR = mkdtempSync(join(tmpdir(), "nw-refresh-work-"));
let registry: RegistryStandIn;
let instance: IsolatedInstance;

/** `npm run refresh -- <args>` against the instance, with npm's registry setting pointing at the stand-in. */
function refresh(args: string[]) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    npm_config_registry: registry.base,
    NEEDLEWORK_ADMIN_TOKEN: instance.token,
    NEEDLEWORK_DIR: WORK_DIR,
  };
  delete env.NEEDLEWORK_URL;
  return runRefresh([...args, "--url", instance.url], env, 280_000);
}

function sourcesFile(name: string, content: string): string {
  const path = join(WORK_DIR, name);
  writeFileSync(path, content);
  return path;
}

const getJson = async <T>(path: string): Promise<{ status: number; body: T }> => {
  const res = await fetch(`${instance.url}${path}`);
  return { status: res.status, body: (await res.json()) as T };
};
const windowCount = async () => (await getJson<{ windows: unknown[] }>("/v1/refresh/windows")).body.windows.length;

beforeAll(async () => {
  registry = await refreshRegistry();
  instance = await startBundledInstance("nw-refresh");
}, 240_000);

afterAll(async () => {
  await instance?.stop();
  await registry?.close();
});

describe("npm run refresh", () => {
  let run: { code: number; stdout: string; stderr: string };
  let memory: MemoryFigures;
  let record: WindowRecord;

  it("builds the window from npm's registry setting and prints it held out, with each skipped source's reason", async () => {
    const sampler = sampleProcess(workerOf(instance.dev.pid!));
    run = await refresh([
      "--sources",
      sourcesFile("sources.json", JSON.stringify(CONFIG)),
      "--window-start",
      WINDOW_START,
    ]);
    memory = sampler.stop();
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const out = run.stdout;
    expect(out).toContain(`window ${WINDOW}: started at ${instance.url}`);
    expect(out).toContain(`window ${WINDOW} (2026-02-02 to 2026-02-09, end excluded): held-out`);
    expect(out).toContain(`repoqa-snf: dataset fresh-${WINDOW_START}-repoqa-snf`);
    expect(out).toContain(`longcodeu: dataset fresh-${WINDOW_START}-longcodeu`);
    // Each build step's line, then what it made or why it was skipped.
    const lines = out.split("\n");
    for (const [i, s] of SOURCES.entries()) {
      const name = `build/${s.benchmarks[0]}/${String(i).padStart(3, "0")}`;
      const at = lines.findIndex((l) => l.trimStart().startsWith(`${name} `));
      expect(at, `${name} in:\n${out}`).toBeGreaterThan(-1);
      expect(lines[at]).toMatch(new RegExp(`^\\s+${name}\\s+${"built" in s ? "done" : "skipped"}\\s`));
      if ("built" in s) expect(lines[at + 1]).toMatch(/^\s+[1-9]\d* units from version \d/);
      else expect(lines[at + 1]).toMatch(s.skipped);
    }
    expect(out).toMatch(
      /^\s+import\/longcodeu\/release\s+done.*\n\s+[1-9]\d* examples in fresh-2026-02-02-longcodeu$/m,
    );
  }, 300_000);

  it("records every step, each within the subrequest limit, reading the registry npm is set to", async () => {
    const got = await getJson<WindowRecord>(`/v1/refresh/windows/${WINDOW}`);
    expect(got.status).toBe(200);
    record = got.body;
    expect(record.window).toMatchObject({
      start: WINDOW_START,
      end: "2026-02-09",
      status: "held-out",
      datasets: { "repoqa-snf": `fresh-${WINDOW_START}-repoqa-snf`, longcodeu: `fresh-${WINDOW_START}-longcodeu` },
    });
    expect(record.steps.map((s) => s.step)).toEqual([
      ...SOURCES.map((s, i) => `build/${s.benchmarks[0]}/${String(i).padStart(3, "0")}`),
      "import/repoqa-snf/repo-0000",
      "import/repoqa-snf/commit",
      "import/longcodeu/release",
      "finish",
    ]);
    for (const s of record.steps) {
      expect(s.subrequests ?? 0, s.step).toBeLessThanOrEqual(LIMITS.subrequests);
      if (!s.step.startsWith("build/")) continue;
      // No registry in the file: every fetch went to the one npm_config_registry named.
      const fetched = (s.record?.fetched ?? []) as string[];
      expect(fetched.length, s.step).toBeGreaterThan(0);
      expect(s.subrequests, s.step).toBe(fetched.length);
      for (const url of fetched) expect(url.startsWith(registry.base), url).toBe(true);
    }
    // A source without a release in the window is told from its metadata: one request, no archive.
    const old = record.steps[SOURCES.findIndex((s) => s.spec === "npm:old-ts")];
    expect(old).toMatchObject({ status: "skipped", subrequests: 1 });
    const ts = record.steps[0];
    // Built at the newest version before the window's end; the later one is never read.
    expect(ts).toMatchObject({ status: "done", record: { version: "1.1.0", units: 3 } });
    expect((ts.record!.fetched as string[]).some((u) => u.includes("1.2.0"))).toBe(false);
    expect(ts.fetched_bytes).toBeGreaterThan(0);
    expect(ts.stored_bytes).toBeGreaterThan(0);
    // The printed lines are the record's: the same statuses in the same order.
    const printed = run.stdout
      .split("\n")
      .map((l) => /^\s+((?:build|import)\/\S+|finish)\s+(\w[\w-]*)\s/.exec(l))
      .filter((m) => m !== null)
      .map((m) => `${m[1]} ${m[2]}`);
    expect(printed).toEqual(record.steps.map((s) => `${s.step} ${s.status}`));
  });

  it("leaves its datasets ready and held out", async () => {
    for (const id of Object.values(record.window.datasets)) {
      const got = await getJson<{ dataset: { status: string; visibility: string } }>(`/v1/datasets/${id}`);
      expect(got.status, id).toBe(200);
      expect(got.body.dataset, id).toMatchObject({ status: "ready", visibility: "held-out" });
    }
  });

  it(`grows the Worker's workerd by less than ${GROWTH_BOUND / 2 ** 20} MiB while the window builds`, () => {
    // Sampled while it ran the window: its CPU moved, and more than one reading was taken.
    expect(memory.after.cpuMs).toBeGreaterThan(memory.before.cpuMs);
    expect(memory.samples.length).toBeGreaterThan(2);
    console.log(
      `workerd ${memory.pid}: RSS ${(memory.before.rss / 2 ** 20).toFixed(0)} MiB before, VmHWM ${(memory.after.hwm / 2 ** 20).toFixed(0)} MiB after ` +
        `(growth ${(memory.growth / 2 ** 20).toFixed(0)} MiB), CPU ${((memory.after.cpuMs - memory.before.cpuMs) / 1000).toFixed(1)} s`,
    );
    expect(memory.growth).toBeLessThan(GROWTH_BOUND);
  });

  it("refuses a malformed sources file with exit code 2 and a clear message, starting nothing", async () => {
    const before = await windowCount();
    const notJson = sourcesFile("broken.json", '{"sources": [');
    const broken = await refresh(["--sources", notJson, "--window-start", "2026-03-02"]);
    expect(broken.code, broken.stdout + broken.stderr).toBe(2);
    expect(broken.stderr).toContain(`${notJson}: not JSON`);
    expect(broken.stdout).not.toContain("started");

    const noSources = sourcesFile("empty.json", JSON.stringify({ ...CONFIG, sources: [] }));
    const empty = await refresh(["--sources", noSources, "--window-start", "2026-03-02"]);
    expect(empty.code, empty.stdout + empty.stderr).toBe(2);
    expect(empty.stderr).toMatch(/empty\.json: refresh configuration: sources: /);

    // A benchmark the instance lacks: the instance refuses it, and that is the file's fault too.
    const unknown = sourcesFile("unknown.json", JSON.stringify({ ...CONFIG, benchmarks: { "no-such": {} } }));
    const refused = await refresh(["--sources", unknown, "--window-start", "2026-03-02"]);
    expect(refused.code, refused.stdout + refused.stderr).toBe(2);
    expect(refused.stderr).toContain("benchmarks.no-such: no such benchmark");

    const badDay = await refresh(["--sources", noSources, "--window-start", "March"]);
    expect(badDay.code).toBe(2);
    expect(badDay.stderr).toContain("--window-start March: expected a UTC day");

    expect(await windowCount()).toBe(before);
    expect((await getJson(`/v1/refresh/windows/w-2026-03-02`)).status).toBe(404);
  }, 120_000);
});
