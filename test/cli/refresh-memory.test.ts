/**
 * A refresh window inside a Worker's memory: the same `npm run refresh` path as ./refresh.test.ts,
 * against an instance whose workerd runs V8 with its whole heap capped (`--max-heap-size`), so the
 * isolate collects as one near its limit would and dies past it (and the command fails). The
 * package is large on purpose: six versions of 4 MiB of TypeScript modules, every file changed in every
 * version, most of it comments in two-byte characters (as real SDKs have some), and as much again of
 * declaration files. A build that kept more than one version's text while dating (texts of the
 * previous version, an async frame's last version) does not fit: this test failed at 64 MiB with
 * those; it now completes down to 48 MiB and dies at 40 (see docs/refresh.md, "Memory"). A Python
 * package of six versions feeds LongCodeU's builder in the same window, under the same heap.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runRefresh, startBundledInstance, type WindowRecord } from "../../scripts/bench-refresh.mts";
import type { IsolatedInstance } from "../../cli/lib/local-service";
import { type RegistryStandIn, startRegistry } from "./registry-stand-in";
import { pyFunction, tsFunction } from "../curate/synthetic-code";

/** The isolate's whole V8 heap, in MiB: half a deployed Worker's 128 MB, the rest left to backing stores and wasm. */
const HEAP_MIB = 64;
const WINDOW_START = "2026-02-02";
const FILES = 80;
const FUNCTIONS_PER_FILE = 40;

/** A module of the package at version `v`: a banner naming the version, a long comment in two-byte characters, its functions. */
function moduleText(file: number, v: number): string {
  const comment = `// réécrit, vérifié — ${"é".repeat(100)}\n`.repeat(200);
  const fns = Array.from({ length: FUNCTIONS_PER_FILE }, (_, i) => tsFunction(`m${file}_${i}`, file * 1000 + i));
  return `// version ${v}\n${comment}${fns.join("")}`;
}

/** A version's files: `src/` modules and `dist/` declarations. */
function versionFiles(v: number): Record<string, string> {
  const files: Record<string, string> = { "package.json": "{}" };
  for (let f = 0; f < FILES; f++) {
    files[`src/m${f}.ts`] = moduleText(f, v);
    const declare = (i: number) =>
      `export declare function m${f}_${i}(values: number[], limit: number): number[]; // ${"é".repeat(60)}\n`;
    files[`dist/m${f}.d.ts`] = `// version ${v}\n${Array.from({ length: 200 }, (_, i) => declare(i)).join("")}`;
  }
  // In the window: a fresh function at the end of four modules far apart, so in four bins of the context.
  if (v === 6) for (const f of [0, 20, 40, 60]) files[`src/m${f}.ts`] += tsFunction(`fresh_${f}`, 90_000 + f);
  return files;
}

/** A version of the Python package LongCodeU builds from: 60 modules (1.2 MiB), two-byte comments, calls between functions. */
function pyVersion(v: number): Record<string, string> {
  const files: Record<string, string> = {
    "package.json": "{}",
    "README.md": "# Big\n\n## `p0_1`\n\nCall p0_1 with items.\n",
  };
  for (let f = 0; f < 60; f++) {
    const fns = Array.from({ length: 60 }, (_, i) =>
      pyFunction(`p${f}_${i}`, f * 1000 + i, i ? `p${f}_${i - 1}` : undefined),
    );
    files[`big/m${f}.py`] = `# version ${v} réécrit ${"é".repeat(4000)}\nimport os\n\n\n${fns.join("")}`;
  }
  if (v === 6) for (const f of [0, 20, 40]) files[`big/m${f}.py`] += pyFunction(`fresh_${f}`, 90_000 + f, `p${f}_3`);
  return files;
}

let registry: RegistryStandIn;
let instance: IsolatedInstance;

beforeAll(async () => {
  registry = await startRegistry();
  await registry.publishNpm(
    "big-ts",
    [1, 2, 3, 4, 5, 6].map((v) => ({
      version: `1.${v}.0`,
      // Five before the window, the sixth inside it.
      time: v < 6 ? `2026-01-0${v}T10:00:00.000Z` : "2026-02-03T10:00:00.000Z",
      archive: versionFiles(v),
    })),
  );
  await registry.publishNpm(
    "big-py",
    [1, 2, 3, 4, 5, 6].map((v) => ({
      version: `2.${v}.0`,
      time: v < 6 ? `2026-01-0${v}T11:00:00.000Z` : "2026-02-04T10:00:00.000Z",
      archive: pyVersion(v),
    })),
  );
  instance = await startBundledInstance("nw-refresh-memory", { v8Flags: [`--max-heap-size=${HEAP_MIB}`] });
}, 240_000);

afterAll(async () => {
  await instance?.stop();
  await registry?.close();
});

describe(`a window in a Worker whose V8 heap is capped at ${HEAP_MIB} MiB`, () => {
  it("builds a large package (7 MiB of TypeScript a version, six versions dated) and a Python one, and imports both", async () => {
    const text = versionFiles(6);
    const bytes = Object.values(text).reduce((n, t) => n + new TextEncoder().encode(t).length, 0);
    expect(bytes).toBeGreaterThan(7 * 2 ** 20);
    const work = mkdtempSync(join(tmpdir(), "nw-refresh-memory-"));
    const sources = join(work, "sources.json");
    writeFileSync(
      sources,
      JSON.stringify({
        window_days: 7,
        versions: 6,
        sources: [
          { spec: "npm:big-ts", entry: "src", benchmarks: ["repoqa-snf"] },
          { spec: "npm:big-py", benchmarks: ["longcodeu"] },
        ],
        benchmarks: {
          "repoqa-snf": { needles: 3, context_sizes: [2048] },
          longcodeu: { per_bucket: 1, buckets: ["0-8K"] },
        },
        limits: { attempts: 1, retry_delay_seconds: 0 },
      }),
    );
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      npm_config_registry: registry.base,
      NEEDLEWORK_ADMIN_TOKEN: instance.token,
      NEEDLEWORK_DIR: work,
    };
    delete env.NEEDLEWORK_URL;
    const run = await runRefresh(
      ["--sources", sources, "--window-start", WINDOW_START, "--url", instance.url, "--wait", "400"],
      env,
      420_000,
    );
    expect(run.code, `${run.stdout}${run.stderr}\nwrangler dev said:\n${instance.log()}`).toBe(0);
    const record = (await (await fetch(`${instance.url}/v1/refresh/windows/w-${WINDOW_START}`)).json()) as WindowRecord;
    const build = record.steps.find((s) => s.step === "build/repoqa-snf/000");
    // Built from the version in the window, after dating all six: only its fresh functions can be needles.
    expect(build).toMatchObject({ status: "done", record: { version: "1.6.0", units: 3 } });
    expect((build!.record!.fetched as string[]).filter((u) => u.endsWith(".tgz"))).toHaveLength(6);
    // LongCodeU's builder under the same heap: its examples from the Python package's version in the window.
    expect(record.steps.find((s) => s.step === "build/longcodeu/001")).toMatchObject({
      status: "done",
      record: { version: "2.6.0" },
    });
    expect(record.steps.find((s) => s.step === "import/longcodeu/release")?.status).toBe("done");
    expect(record.window.status).toBe("held-out");
  }, 480_000);
});
