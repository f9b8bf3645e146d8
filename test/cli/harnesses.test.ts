/**
 * Harnesses as their users run them, against a local instance with fresh state and the
 * three demo datasets of `npm start`:
 * - the client package packed from a copy of packages/client outside the checkout with the system's
 *   Node and npm only, its tarball installed and run on that Node (20 here) and, bundled with
 *   esbuild, in Debian's Chromium: the same answers as the service's;
 * - evalite's recipe of docs/integrations.md, as printed, run by the evalite from npm (installed on
 *   demand with the system's Node: its native SQLite module is built for it) with a loopback model
 *   over every unit of the three demos: every score equal to POST /v1/score/batch's;
 * - runs made from those outputs, their inspect_ai logs downloaded under their Content-Disposition
 *   names and read with inspect_ai's listing and header-only reading rules (test/harnesses/inspect_reader.py);
 * - the lm-eval recipe's task and the plain export read with lm-eval's rules (test/harnesses/lm_eval_reader.py).
 * Each reader is shown live: a log with a null top-level field, a log named the old way and a task
 * with a key lm-eval does not know are refused.
 */
import { build } from "esbuild";
import { createHash } from "node:crypto";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, api, type Api } from "../../cli/lib/api";
import { startIsolatedInstance, type IsolatedInstance } from "../../cli/lib/local-service";
import { startLoopbackModel, type LoopbackModel } from "../../cli/lib/loopback-model";
import { fencedBlocks } from "../docs/examples";
import { chromiumSession } from "../browser/chromium";
import { packClientOutside, type PackedClient } from "../harnesses/client-tarball";
import { loadDemosWithOracle, type DemoOracle } from "../harnesses/demo-oracle";
import { EVALITE_VERSION, ensureEvalite, evaliteProject } from "../harnesses/evalite";
import { run, systemEnv, systemNode, type SystemNode } from "../harnesses/system-node";

const SUITES = [
  ["repoqa-snf", "demo"],
  ["semtrace", "semtrace-demo"],
  ["longcodeu", "longcodeu-demo"],
] as const;
const WRONG = "I could not find it.";
const PAGE = readFileSync(join(ROOT, "docs/integrations.md"), "utf8");

let sys: SystemNode;
let instance: IsolatedInstance | undefined;
let model: LoopbackModel | undefined;
let client: Api;
let oracle: DemoOracle;
let packed: PackedClient;
let consumer: string;
let evalite: string;
const book = new Map<string, string>();
const browser = chromiumSession("nw-harnesses-");
const work = mkdtempSync(join(tmpdir(), "nw-harnesses-"));

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
const jsonLines = (text: string) =>
  text
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l));

beforeAll(async () => {
  sys = await systemNode();
  model = await startLoopbackModel({ book });
  const started = Date.now();
  const seconds = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
  // The installs (downloads, a native build) while the instance starts and the demos load.
  const [, , cache] = await Promise.all([
    (async () => {
      instance = await startIsolatedInstance("nw-harnesses");
      client = api(instance.url, instance.token);
      oracle = await loadDemosWithOracle(instance.url, instance.token);
      console.log(`instance and demos ready in ${seconds()}`);
    })(),
    (async () => {
      packed = await packClientOutside(sys);
      consumer = join(work, "consumer");
      mkdirSync(consumer);
      writeFileSync(join(consumer, "package.json"), JSON.stringify({ private: true, type: "module" }));
      const npm = await run("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error", packed.tarball], {
        cwd: consumer,
        env: systemEnv(sys),
        timeout: 5 * 60_000,
      });
      if (npm.code !== 0) throw new Error(`npm install ${packed.tarball} failed:\n${npm.stdout}${npm.stderr}`);
      console.log(`client packed outside the checkout and installed with ${sys.node} ${sys.version} in ${seconds()}`);
    })(),
    ensureEvalite(sys),
    browser.start(),
  ]);
  evalite = cache.dir;
  console.log(
    cache.installed
      ? `evalite ${EVALITE_VERSION} installed into ${cache.dir} in ${(cache.ms / 1000).toFixed(0)} s`
      : `evalite ${EVALITE_VERSION} from ${cache.dir}`,
  );
}, 40 * 60_000);

afterAll(async () => {
  await browser.close();
  await instance?.stop();
  await model?.close();
  rmSync(work, { recursive: true, force: true });
});

/** Every line of an export (`jsonl` unless `query` says), every page. */
async function exportLines(benchmark: string, dataset: string, query: string): Promise<any[]> {
  const lines: any[] = [];
  let url: string | null = `${instance!.url}/v1/benchmarks/${benchmark}/datasets/${dataset}/export?${query}`;
  while (url) {
    const res: Response = await fetch(url);
    expect(res.status, await res.clone().text()).toBe(200);
    lines.push(...jsonLines(await res.text()));
    url = /^<([^>]+)>; rel="next"$/.exec(res.headers.get("link") ?? "")?.[1] ?? null;
  }
  return lines;
}

/** POST /v1/score/batch's verdicts for `answers` (unit → answer), 100 a request. */
async function batchVerdicts(benchmark: string, dataset: string, answers: [string, string][]) {
  const out = new Map<string, { passed: boolean; score: number }>();
  for (let i = 0; i < answers.length; i += 100) {
    const { results } = await client.request<{ results: { unit: string; passed: boolean; score: number }[] }>(
      "POST",
      "/v1/score/batch",
      { benchmark, dataset, answers: answers.slice(i, i + 100).map(([unit, answer]) => ({ unit, answer })) },
    );
    for (const r of results) out.set(r.unit, { passed: r.passed, score: r.score });
  }
  return out;
}

describe("the client's tarball, packed outside a checkout", () => {
  it("installs and runs on the system's Node and in a browser bundle, with the service's answers", async () => {
    expect(Number(sys.version.slice(1).split(".")[0]), sys.version).toBeGreaterThanOrEqual(20);
    expect(sys.node.startsWith(ROOT), sys.node).toBe(false);
    expect(packed.dir.startsWith(ROOT)).toBe(false);
    const installed = join(consumer, "node_modules/@needlework/client");
    const manifest = JSON.parse(readFileSync(join(installed, "package.json"), "utf8"));
    expect(manifest).toMatchObject({
      name: "@needlework/client",
      license: "Apache-2.0",
      type: "module",
      repository: { type: "git", url: expect.stringMatching(/^git\+https:\/\//), directory: "packages/client" },
      exports: { ".": { types: "./dist/index.d.ts", import: "./dist/index.js" } },
      types: "./dist/index.d.ts",
      files: expect.arrayContaining(["dist", "README.md", "LICENSE"]),
      publishConfig: { access: "public" },
    });
    expect(manifest.dependencies).toBeUndefined();
    expect(readdirSync(join(installed, "dist"))).toEqual(expect.arrayContaining(["index.js", "index.d.ts"]));

    // What the service answers for the same calls.
    const [benchmark, dataset] = SUITES[1];
    const page = await client.request<{ units: { unit: string; task: string }[] }>(
      "GET",
      `/v1/benchmarks/${benchmark}/datasets/${dataset}/units?limit=3`,
    );
    const first = page.units[0];
    const answer = oracle(benchmark, first.task, first.unit)!;
    expect(answer).toBeDefined();
    const verdict = await client.request<{ passed: boolean; score: number }>("POST", "/v1/score", {
      benchmark,
      dataset,
      unit: first.unit,
      answer,
    });
    const exported = (await exportLines(benchmark, dataset, "prefill=user&limit=3")).slice(0, 3);
    const expected = {
      units: page.units.map((u) => u.unit),
      verdict: { passed: verdict.passed, score: verdict.score },
      exported: exported.map((l) => ({ unit: l.unit, roles: l.messages.map((m: { role: string }) => m.role) })),
      placed: exported[0].messages.map((m: { role: string }) => m.role),
    };
    expect(expected.verdict.passed).toBe(true);
    expect(expected.placed.at(-1)).toBe("user");

    copyFileSync(join(ROOT, "test/harnesses/client-check.mjs"), join(consumer, "check.mjs"));
    const args = JSON.stringify([instance!.url, benchmark, dataset, answer]);
    writeFileSync(
      join(consumer, "node.mjs"),
      `import { check } from "./check.mjs";\nconsole.log(JSON.stringify(await check(...${args})));\n`,
    );
    const node = await run(sys.node, ["node.mjs"], { cwd: consumer, env: systemEnv(sys), timeout: 120_000 });
    expect(node.code, node.stderr).toBe(0);
    expect(JSON.parse(node.stdout)).toEqual(expected);

    // The same module bundled for a browser (esbuild, as wrangler brings it) and run in Chromium.
    writeFileSync(join(consumer, "browser.mjs"), `import { check } from "./check.mjs";\nwindow.nwCheck = check;\n`);
    const bundle = await build({
      entryPoints: [join(consumer, "browser.mjs")],
      absWorkingDir: consumer,
      bundle: true,
      format: "iife",
      platform: "browser",
      target: "es2022",
      write: false,
    });
    const page2 = await browser.context().newPage();
    try {
      await page2.goto(`${instance!.url}/v1/health`);
      await page2.addScriptTag({ content: bundle.outputFiles[0].text });
      const inBrowser = await page2.evaluate(
        (a: string[]) => (globalThis as any).nwCheck((globalThis as any).location.origin, a[1], a[2], a[3]),
        JSON.parse(args),
      );
      expect(inBrowser).toEqual(expected);
    } finally {
      await page2.close();
    }
  }, 300_000);
});

/** The evalite recipe of docs/integrations.md: its file and the command its first line names. */
function evaliteRecipe(): { file: string; text: string; command: string[] } {
  const block = fencedBlocks(PAGE, "docs/integrations.md").find(
    (b) => b.lang === "ts" && b.text.startsWith("// needlework.eval.ts"),
  );
  if (!block) throw new Error("docs/integrations.md has no ts block starting // needlework.eval.ts");
  const [, file, command] = /^\/\/ (\S+): (.*)$/.exec(block.text.split("\n")[0])!;
  return { file, text: `${block.text}\n`, command: command.split(" ") };
}

interface EvaliteResults {
  evals: {
    name: string;
    status: string;
    results: { input: { benchmark: string; unit: string }; output: string; status: string; scores: any[] }[];
  }[];
}

let evaliteOutputs: Map<string, [string, string][]> | undefined;

describe("evalite's recipe, as printed", () => {
  it(
    "scores every unit of the three demos as POST /v1/score/batch does",
    async () => {
      const recipe = evaliteRecipe();
      const glue = recipe.text.trimEnd().split("\n").length;
      console.log(`lines of glue as printed: evalite ${glue}`);
      expect(PAGE.replace(/\s+/g, " ")).toContain(`evalite ${glue} lines`);

      // The model's book: right answers for every other unit of each suite, wrong ones for the rest.
      let units = 0;
      for (const [benchmark, dataset] of SUITES) {
        for (const [i, line] of (await exportLines(benchmark, dataset, "prefill=user")).entries()) {
          const right = oracle(benchmark, line.task, line.unit);
          expect(right, `no oracle answer for ${benchmark} ${line.unit}`).toBeDefined();
          book.set(sha256(JSON.stringify(line.messages)), i % 2 === 0 ? right! : WRONG);
          units++;
        }
      }
      const project = evaliteProject(evalite, join(consumer, "node_modules"));
      writeFileSync(join(project, recipe.file), recipe.text);
      const [cmd, ...args] = recipe.command;
      const res = await run(cmd, args, {
        cwd: project,
        timeout: 15 * 60_000,
        env: systemEnv(sys, {
          NEEDLEWORK_URL: instance!.url,
          MODEL_URL: model!.url,
          MODEL: "book",
          NEEDLEWORK_EVALS: SUITES.map((s) => s.join("/")).join(","),
          CI: "1",
        }),
      });
      expect(res.code, `${res.stdout.slice(-3000)}\n${res.stderr.slice(-3000)}`).toBe(0);
      const results = JSON.parse(readFileSync(join(project, "results.json"), "utf8")) as EvaliteResults;
      expect(results.evals.map((e) => e.name).sort()).toEqual(SUITES.map((s) => `needlework ${s.join("/")}`).sort());

      let compared = 0;
      evaliteOutputs = new Map();
      for (const [benchmark, dataset] of SUITES) {
        const ev = results.evals.find((e) => e.name === `needlework ${benchmark}/${dataset}`)!;
        expect(ev.status).toBe("success");
        const answers = ev.results.map((r): [string, string] => [r.input.unit, r.output]);
        evaliteOutputs.set(benchmark, answers);
        const batch = await batchVerdicts(benchmark, dataset, answers);
        for (const r of ev.results) {
          const want = batch.get(r.input.unit)!;
          const byName = Object.fromEntries(r.scores.map((s) => [s.name, s.score]));
          expect({ unit: r.input.unit, status: r.status, ...byName }).toEqual({
            unit: r.input.unit,
            status: "success",
            passed: want.passed ? 1 : 0,
            score: want.score,
          });
          compared++;
        }
        expect(
          [...batch.values()].some((v) => v.passed),
          `${benchmark}: no pass`,
        ).toBe(true);
        expect(
          [...batch.values()].some((v) => !v.passed),
          `${benchmark}: no failure`,
        ).toBe(true);
      }
      console.log(`evalite: ${compared} units of ${units} scored, each as POST /v1/score/batch scores it`);
      expect(compared).toBe(units);
    },
    20 * 60_000,
  );
});

/** A run scored from `outputs`, finished (or left receiving, with `parts`). */
async function submittedRun(benchmark: string, dataset: string, outputs: [string, string][], parts?: number) {
  const body = { benchmark, dataset, model: "evalite-book", publish: false };
  let created = await client.request<{ id: string; status: string }>(
    "POST",
    "/v1/runs",
    parts ? { ...body, parts } : { ...body, outputs: outputs.map(([unit, output]) => ({ unit, output })) },
    { auth: true },
  );
  for (let i = 0; created.status === "running" && i < 600; i++) {
    await new Promise((r) => setTimeout(r, 100));
    created = await client.request("GET", `/v1/runs/${created.id}`);
  }
  return created;
}

/** Saves the run's log as `curl -OJ` does: under the name its Content-Disposition gives. */
async function downloadLog(runId: string, dir: string): Promise<string> {
  const res = await fetch(`${instance!.url}/v1/runs/${runId}/log?format=inspect`);
  expect(res.status).toBe(200);
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1];
  expect(name, "Content-Disposition names the file").toBeDefined();
  writeFileSync(join(dir, name!), await res.text());
  return name!;
}

async function inspectReader(dir: string) {
  const py = await run("python3", [join(ROOT, "test/harnesses/inspect_reader.py"), dir], {
    cwd: dir,
    timeout: 120_000,
  });
  expect(py.code, py.stderr).toBe(0);
  return JSON.parse(py.stdout) as {
    listing: { name: string; task: string; task_id: string; suffix: string | null; parsed: boolean }[];
    headers: Record<string, { status: string; task: string; task_id: string; run_id: string; results: any }>;
    errors: Record<string, string>;
  };
}

describe("runs as inspect_ai logs, read with inspect_ai's rules", () => {
  it(
    "lists every downloaded log by its name and reads its header alone; refuses a null field and the old name",
    async () => {
      const logs = join(work, "logs");
      mkdirSync(join(logs, "runs"), { recursive: true });
      const expected = new Map<string, { benchmark: string; run: string; status: string; accuracy?: number }>();
      for (const [benchmark, dataset] of SUITES) {
        // evalite's outputs; without them (that test failed) right and wrong answers to a few units.
        const outputs =
          evaliteOutputs?.get(benchmark) ??
          (
            await client.request<{ units: { unit: string; task: string }[] }>(
              "GET",
              `/v1/benchmarks/${benchmark}/datasets/${dataset}/units?limit=6`,
            )
          ).units.map((u, i): [string, string] => [u.unit, i % 2 === 0 ? oracle(benchmark, u.task, u.unit)! : WRONG]);
        const done = await submittedRun(benchmark, dataset, outputs);
        expect(done.status).toBe("completed");
        const batch = await batchVerdicts(benchmark, dataset, outputs);
        const accuracy = [...batch.values()].filter((v) => v.passed).length / batch.size;
        const name = await downloadLog(done.id, join(logs, "runs"));
        expected.set(join(logs, "runs", name), { benchmark, run: done.id, status: "success", accuracy });
      }
      // A run still receiving its outputs: a log without results.
      const receiving = await submittedRun("semtrace", "semtrace-demo", [], 2);
      expect(receiving.status).toBe("receiving");
      const open = await downloadLog(receiving.id, logs);
      expected.set(join(logs, open), { benchmark: "semtrace", run: receiving.id, status: "started" });

      const read = await inspectReader(logs);
      expect(read.errors).toEqual({});
      expect(read.listing.map((l) => l.name).sort()).toEqual([...expected.keys()].sort());
      for (const entry of read.listing) {
        const want = expected.get(entry.name)!;
        const header = read.headers[entry.name];
        expect({ parsed: entry.parsed, task: entry.task, suffix: entry.suffix }).toEqual({
          parsed: true,
          task: `needlework-${want.benchmark}`,
          suffix: null,
        });
        expect(entry.task_id).toBe(header.task_id);
        expect({ status: header.status, task: header.task, run: header.run_id }).toEqual({
          status: want.status,
          task: `needlework/${want.benchmark}`,
          run: want.run,
        });
        if (want.accuracy === undefined) expect(header.results).toBeNull();
        else expect(header.results.scores[0].metrics.accuracy.value).toBeCloseTo(want.accuracy, 12);
      }

      // The reader is live: what inspect_ai's writer never writes, and a name its listing skips.
      const bad = join(work, "bad-logs");
      mkdirSync(bad);
      const [one] = [...expected.keys()];
      const log = JSON.parse(readFileSync(one, "utf8"));
      const { samples, ...head } = log;
      const nameOf = (n: number) => `2026-12-07T14-52-5${n}+00-00_needlework-x_run${n}.json`;
      writeFileSync(join(bad, nameOf(1)), JSON.stringify({ ...head, error: null, samples }));
      writeFileSync(join(bad, nameOf(2)), JSON.stringify({ ...head, log_updates: null, samples }));
      writeFileSync(join(bad, "evalite-book-inspect.json"), JSON.stringify(log));
      const refused = await inspectReader(bad);
      expect(refused.listing.map((l) => l.name.split("/").pop()).sort()).toEqual([nameOf(1), nameOf(2)]);
      expect(refused.errors[join(bad, nameOf(1))]).toMatch(/EvalError\(\) argument after \*\* must be a mapping/);
      expect(refused.errors[join(bad, nameOf(2))]).toMatch(/TypeError: 'NoneType' object is not iterable/);
    },
    10 * 60_000,
  );
});

/** A recipe file of docs/integrations.md: the fenced block of `lang` whose first line names it. */
function recipeBlock(lang: string, firstLine: string): string {
  const block = fencedBlocks(PAGE, "docs/integrations.md").find(
    (b) => b.lang === lang && b.text.split("\n")[0].startsWith(firstLine),
  );
  if (!block) throw new Error(`docs/integrations.md has no ${lang} block starting ${firstLine}`);
  return `${block.text}\n`;
}

describe("the lm-eval recipe, read with lm-eval's rules", () => {
  it(
    "loads the task and every exported unit, and scores outputs as POST /v1/score/batch does",
    async () => {
      const dir = join(work, "lm-eval");
      mkdirSync(dir);
      const yaml = recipeBlock("yaml", "# needlework.yaml");
      writeFileSync(join(dir, "needlework.yaml"), yaml);
      writeFileSync(join(dir, "utils.py"), recipeBlock("python", "# utils.py"));
      expect(PAGE).toContain('export?format=jsonl&prefill=user" -o units.jsonl');
      const lines = (await exportLines("repoqa-snf", "demo", "format=jsonl&prefill=user")).slice(0, 6);
      writeFileSync(join(dir, "units.jsonl"), lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
      const outputs = Object.fromEntries(
        lines.map((l, i) => [l.unit, i % 2 === 0 ? oracle("repoqa-snf", l.task, l.unit)! : WRONG]),
      );
      writeFileSync(join(dir, "outputs.json"), JSON.stringify(outputs));
      const reader = (file: string) =>
        run("python3", [join(ROOT, "test/harnesses/lm_eval_reader.py"), join(dir, file), join(dir, "outputs.json")], {
          cwd: dir,
          timeout: 120_000,
          env: { ...process.env, NEEDLEWORK_URL: instance!.url, PYTHONDONTWRITEBYTECODE: "1" },
        });
      const py = await reader("needlework.yaml");
      expect(py.code, py.stderr).toBe(0);
      const got = JSON.parse(py.stdout) as {
        docs: number;
        texts: Record<string, string>;
        results: Record<string, { passed: number; score: number }>;
      };
      expect(got.docs).toBe(lines.length);
      const batch = await batchVerdicts("repoqa-snf", "demo", Object.entries(outputs));
      for (const l of lines) {
        expect(got.texts[l.unit]).toBe(l.messages.at(-1).content);
        const want = batch.get(l.unit)!;
        expect(got.results[l.unit], l.unit).toEqual({ passed: want.passed ? 1 : 0, score: want.score });
      }
      // The reader is live: a key TaskConfig has no field for is lm-eval's TypeError.
      writeFileSync(join(dir, "broken.yaml"), yaml.replace("task: needlework", "task: needlework\nprompt: x"));
      const broken = await reader("broken.yaml");
      expect(broken.code).not.toBe(0);
      expect(broken.stderr).toMatch(/TaskConfig.__init__\(\) got unexpected keyword arguments \['prompt'\]/);
    },
    5 * 60_000,
  );
});
