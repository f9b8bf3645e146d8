/**
 * The promptfoo recipe of docs/integrations.md, run with the real promptfoo from npm:
 * its three-key config, copied from the page (only the model and its URL swapped for the loopback
 * model's), over every unit of the three demo datasets of `npm start` exported with
 * `format=promptfoo`, against a local instance with fresh state. promptfoo calls a real HTTP model
 * (cli/lib/loopback-model.ts, model `book`: right answers for half the prompts, wrong ones for the
 * others) through its `openai:chat` provider and scores through the webhook of each test case.
 * Checked: 0 errors; every unit's promptfoo verdict and score equal POST /v1/score/batch's for the
 * output the model gave; the model got each unit's exact messages and max_tokens. Then a scorer
 * failure: an output the scorer refuses (over its CPU budget) is a failed test with a "Webhook
 * error" reason through the webhook, and an error through `assert=javascript`, which passes a
 * verdict to promptfoo whole (named score, detail).
 *
 * The same instance and demos serve the other recipes of that page: the inspect_ai
 * scorer and the lm-eval task, extracted from the page as printed and run with python3 over units of
 * the three demos (inspect_ai and lm_eval are not installable here: PyPI is not reachable; the
 * inspect_ai names the recipe imports are minimal stand-ins with inspect_ai's signatures,
 * test/fixtures/harness-shims; lm-eval's YAML is loaded with PyYAML as lm-eval loads it), each
 * verdict equal to POST /v1/score/batch's; and runs made from the same outputs exported as
 * inspect_ai's log (GET /v1/runs/{id}/log?format=inspect), valid against inspect_ai's own JSON schema
 * of the log (test/fixtures/inspect/log-schema.json) under ajv, its scores the recipe's.
 *
 * promptfoo is not a dependency of this project (it needs Node >= 22.22): it is installed on demand
 * into ~/.cache/needlework/promptfoo-<version> (NEEDLEWORK_PROMPTFOO_CACHE elsewhere), while the
 * instance starts and the demos load, and reused when present. Only what this test uses is
 * installed, every version pinned (see ensurePromptfoo): 280 MB, where a plain install is 2 GB.
 * It runs on the project's Node (the one running this test).
 */
import Ajv2020Module from "ajv/dist/2020";
import addFormatsModule from "ajv-formats";
import { execFile } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { homedir, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, api, type Api } from "../../cli/lib/api";
import { nodeFamilies } from "../../cli/lib/families";
import { startIsolatedInstance, type IsolatedInstance } from "../../cli/lib/local-service";
import { startLoopbackModel, type LoopbackModel } from "../../cli/lib/loopback-model";
import { readSubmittedOutputs } from "../../cli/lib/submitted-outputs";
import "../../cli/lib/tree-sitter-node";
import { oracleAnswer } from "../../src/benchmarks/longcodeu/score/baseline";
import type { LongCodeUExample } from "../../src/benchmarks/longcodeu/dataset/index";
import type { SuiteRelease } from "../../src/benchmarks/semtrace/dataset/index";
import { fencedBlocks } from "../docs/examples";

/** What the cache installs: promptfoo and libsql's native binding, every package's version pinned by the lockfile beside it. */
const INSTALL = join(ROOT, "test/fixtures/promptfoo");
const PINNED = JSON.parse(readFileSync(join(INSTALL, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
};
const PROMPTFOO_VERSION = PINNED.dependencies.promptfoo;
const CACHE =
  process.env.NEEDLEWORK_PROMPTFOO_CACHE ?? join(homedir(), ".cache", "needlework", `promptfoo-${PROMPTFOO_VERSION}`);
const PROMPTFOO = join(CACHE, "node_modules", "promptfoo", "dist", "src", "entrypoint.js");
/** The demo datasets of `npm start`, one per dataset kind. */
const DEMOS = ["demo", "semtrace-demo", "longcodeu-demo"];
/** What the model answers to the prompts that get a wrong answer. */
const WRONG = "I could not find it.";

/** Runs a command; resolves to its exit code and output (never rejects on a non-zero exit). */
function run(
  command: string,
  args: string[],
  opts: { cwd: string; env?: NodeJS.ProcessEnv; timeout: number },
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { cwd: opts.cwd, env: opts.env ?? process.env, timeout: opts.timeout, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => {
        resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

/** The npm package of libsql's native binding for this machine (an optional dependency of libsql, named for npm to install). */
function libsqlBinding(): string {
  const { platform, arch } = process;
  const glibc =
    platform === "linux" &&
    Boolean((process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header?.glibcVersionRuntime);
  const abi = platform === "linux" ? (glibc ? "-gnu" : "-musl") : platform === "win32" ? "-msvc" : "";
  return `@libsql/${platform}-${arch}${abi}`;
}

/**
 * promptfoo in the cache directory, installed with npm when missing (into a temporary directory
 * beside it, then renamed, so a failed or concurrent install never leaves half a cache behind), from
 * test/fixtures/promptfoo: its package.json and lockfile (npm reads every version from the lockfile
 * instead of asking the registry about each of about 960 packages: a third of the time).
 * Without optional dependencies (`--omit=optional`): they are promptfoo's 45 optional provider SDKs
 * and tools (Codex's and Claude's agent SDKs, Playwright, transformers.js, sharp, AWS, Azure...),
 * none of which the `openai:chat` provider and the `webhook` and `javascript` assertions load,
 * about 1.7 GB; but libsql's native binding is an optional dependency too, so the package.json
 * names it, with libsql pinned to its version (elsewhere than on Linux x64 with glibc, the binding
 * for the machine replaces it, and npm resolves that one package). No install scripts
 * (`--ignore-scripts`): what is left of them is esbuild's binary check, which nothing here uses.
 */
async function ensurePromptfoo(): Promise<{ installed: boolean; ms: number }> {
  const started = Date.now();
  if (existsSync(PROMPTFOO)) return { installed: false, ms: 0 };
  mkdirSync(dirname(CACHE), { recursive: true });
  const staging = mkdtempSync(`${CACHE}.installing-`);
  const { "@libsql/linux-x64-gnu": libsql, ...dependencies } = PINNED.dependencies;
  writeFileSync(
    join(staging, "package.json"),
    JSON.stringify({ ...PINNED, dependencies: { ...dependencies, [libsqlBinding()]: libsql } }),
  );
  copyFileSync(join(INSTALL, "package-lock.json"), join(staging, "package-lock.json"));
  // npm runs on the Node first on the PATH: under `npm test`, the project's Node 22.
  const npm = await run(
    "npm",
    ["install", "--no-audit", "--no-fund", "--loglevel=error", "--omit=optional", "--ignore-scripts"],
    { cwd: staging, timeout: 15 * 60_000 },
  );
  if (npm.code !== 0) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`npm install promptfoo@${PROMPTFOO_VERSION} failed (${npm.code}):\n${npm.stdout}${npm.stderr}`);
  }
  if (existsSync(PROMPTFOO)) rmSync(staging, { recursive: true, force: true });
  else renameSync(staging, CACHE);
  return { installed: true, ms: Date.now() - started };
}

/** The promptfoo configuration of docs/integrations.md (its first yaml block), with the model and its URL swapped. */
function documentedConfig(model: string, baseUrl: string, tests: string): string {
  const page = readFileSync(join(ROOT, "docs/integrations.md"), "utf8");
  const yaml = /```yaml\n([\s\S]*?)```/.exec(page)?.[1];
  if (!yaml) throw new Error("docs/integrations.md has no yaml block");
  expect(
    yaml
      .split("\n")
      .filter((l) => /^\S/.test(l) && !l.startsWith("#"))
      .map((l) => l.split(":")[0]),
  ).toEqual(["prompts", "providers", "tests"]);
  const swapped = yaml
    .replace("openai:chat:qwen2.5-coder:7b", `openai:chat:${model}`)
    .replace("http://127.0.0.1:11434/v1", baseUrl)
    .replace("file://tests.jsonl", `file://${tests}`);
  expect(swapped).toContain(`openai:chat:${model}`);
  expect(swapped).toContain(baseUrl);
  return swapped;
}

/** Runs `promptfoo eval` on a config in `dir`; resolves to its JSON results. */
async function promptfooEval(dir: string, config: string, env: NodeJS.ProcessEnv = {}) {
  writeFileSync(join(dir, "promptfooconfig.yaml"), config);
  const out = join(dir, `results-${Date.now()}.json`);
  const res = await run(
    process.execPath,
    [PROMPTFOO, "eval", "-c", "promptfooconfig.yaml", "-o", out, "--no-cache", "--no-progress-bar", "--no-table"],
    {
      cwd: dir,
      timeout: 10 * 60_000,
      env: {
        ...process.env,
        PROMPTFOO_DISABLE_TELEMETRY: "1",
        PROMPTFOO_DISABLE_UPDATE: "1",
        PROMPTFOO_CONFIG_DIR: join(dir, ".promptfoo"),
        // The openai provider wants a key; a local server ignores it.
        OPENAI_API_KEY: "unused-by-the-loopback-model",
        ...env,
      },
    },
  );
  // promptfoo exits 100 when a test fails: a wrong answer does.
  if (!existsSync(out) || (res.code !== 0 && res.code !== 100))
    throw new Error(`promptfoo eval exited ${res.code}:\n${res.stdout.slice(-4000)}\n${res.stderr.slice(-4000)}`);
  return JSON.parse(readFileSync(out, "utf8")) as PromptfooResults;
}

interface PromptfooResults {
  results: {
    stats: { successes: number; failures: number; errors: number };
    results: {
      success: boolean;
      score: number;
      namedScores: Record<string, number>;
      failureReason: number;
      error?: string;
      response?: { output?: string };
      testCase: { vars: Record<string, any>; assert: { type: string }[] };
      gradingResult?: { reason: string; componentResults?: { metadata: Record<string, any> }[] };
    }[];
  };
}

/**
 * Loads the demos into the instance through a client that keeps what each import sends, and
 * returns each unit's oracle answer from it, by benchmark and task id (what the loopback model's
 * book is made of; the service never hands out its answers).
 */
async function loadDemos(client: Api): Promise<(benchmark: string, task: string, unit: string) => string | undefined> {
  const sent: { path: string; body: any }[] = [];
  // The same instance and token through a fetch that keeps each request's path and JSON body.
  const recording = api(client.url, instance!.token, (input, init) => {
    if (typeof init?.body === "string")
      sent.push({ path: new URL(String(input)).pathname, body: JSON.parse(init.body) });
    return fetch(input, init);
  });
  for (const demo of (await nodeFamilies()).flatMap((f) => f.demos ?? [])) await demo.load(recording, () => {});
  const needles = new Map<string, string>();
  for (const { body } of sent.filter((s) => s.path === "/v1/datasets/demo/repos")) {
    for (const n of body.repo.needles) {
      const code = body.repo.content[n.path].split("\n").slice(n.start_line, n.end_line).join("\n");
      needles.set(`${body.language}::${body.repo.repo}::${n.name}`, "```\n" + code + "\n```");
    }
  }
  const suite = sent.find((s) => s.path.startsWith("/v1/datasets/semtrace-demo/suite"))?.body as
    | SuiteRelease
    | undefined;
  const examples = new Map<string, LongCodeUExample>();
  for (const r of sent.find((s) => s.path.startsWith("/v1/datasets/longcodeu-demo/longcodeu"))?.body.repos ?? [])
    for (const e of r.examples) examples.set(e.id, e);
  return (benchmark, task, unit) => {
    if (benchmark === "repoqa-snf") return needles.get(task);
    if (benchmark === "longcodeu") return examples.has(unit) ? oracleAnswer(examples.get(unit)!) : undefined;
    const target = suite?.tasks[benchmark as keyof SuiteRelease["tasks"]]?.targets.find(
      (t) => t.id === task.split("::")[2],
    );
    return target && (benchmark === "lexical-recall" ? target.code : target.output);
  };
}

let instance: IsolatedInstance | undefined;
let model: LoopbackModel | undefined;
let dir: string;
const book = new Map<string, string>();
let oracle: Awaited<ReturnType<typeof loadDemos>>;
let client: Api;

beforeAll(async () => {
  const node = process.versions.node.split(".").map(Number);
  if (node[0] < 22 || (node[0] === 22 && node[1] < 22))
    throw new Error(
      `promptfoo ${PROMPTFOO_VERSION} needs Node >= 22.22; this test runs on ${process.version} (run it through npm/npx, which use the project's Node)`,
    );
  dir = mkdtempSync(join(tmpdir(), "nw-promptfoo-"));
  model = await startLoopbackModel({ book });
  // The install (mostly downloads) while the instance starts and the demos are built and imported.
  const started = Date.now();
  const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
  const [install] = await Promise.all([
    ensurePromptfoo(),
    (async () => {
      instance = await startIsolatedInstance("nw-promptfoo");
      client = api(instance.url, instance.token);
      const ready = Date.now();
      oracle = await loadDemos(client);
      console.log(
        `instance ready in ${((ready - started) / 1000).toFixed(1)} s, the three demos built and imported in ${seconds(ready)}`,
      );
    })(),
  ]);
  console.log(
    install.installed
      ? `promptfoo ${PROMPTFOO_VERSION} installed into ${CACHE} in ${(install.ms / 1000).toFixed(1)} s`
      : `promptfoo ${PROMPTFOO_VERSION} from ${CACHE}`,
  );
}, 30 * 60_000);

afterAll(async () => {
  await instance?.stop();
  await model?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The test cases of a benchmark's export of `dataset` (every page, following Link rel=next, unless `onePage`), or none when the dataset has no units for it. */
async function exportTests(benchmark: string, dataset: string, query = "", onePage = false): Promise<any[]> {
  const tests: any[] = [];
  let url: string | null =
    `${instance!.url}/v1/benchmarks/${benchmark}/datasets/${dataset}/export?format=promptfoo${query}`;
  while (url) {
    const res: Response = await fetch(url);
    if (res.status === 422) return []; // e.g. a suite without this benchmark's targets
    expect(res.status, await res.clone().text()).toBe(200);
    const text = await res.text();
    tests.push(
      ...text
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l)),
    );
    url = onePage ? null : (/^<([^>]+)>; rel="next"$/.exec(res.headers.get("link") ?? "")?.[1] ?? null);
  }
  return tests;
}

describe("promptfoo with the documented three-key config", () => {
  it(
    "runs every unit of the three demos: 0 errors, every verdict equal to POST /v1/score/batch's (and, through assert=javascript, whole)",
    async () => {
      const { benchmarks } = await client.request<{ benchmarks: { id: string; datasets: string[] }[] }>(
        "GET",
        "/v1/benchmarks",
      );
      const tests: any[] = [];
      for (const b of benchmarks)
        for (const d of b.datasets.filter((d) => DEMOS.includes(d))) tests.push(...(await exportTests(b.id, d)));
      const perBenchmark = new Map<string, number>();
      for (const t of tests) perBenchmark.set(t.vars.benchmark, (perBenchmark.get(t.vars.benchmark) ?? 0) + 1);
      console.log(`promptfoo tests: ${tests.length} (${[...perBenchmark].map(([b, n]) => `${b} ${n}`).join(", ")})`);
      expect([...perBenchmark.keys()]).toEqual(
        expect.arrayContaining(["repoqa-snf", "semtrace", "sensitivity-semtrace", "longcodeu"]),
      );

      // Right answers for every other unit of each benchmark, wrong ones for the rest.
      const seen = new Map<string, number>();
      for (const t of tests) {
        const nth = (seen.get(t.vars.benchmark) ?? 0) + 1;
        seen.set(t.vars.benchmark, nth);
        const right = oracle(t.vars.benchmark, t.vars.metadata.task, t.vars.unit);
        expect(right, `no oracle answer for ${t.vars.benchmark} ${t.vars.unit}`).toBeDefined();
        book.set(t.vars.metadata.prompt_sha256, nth % 2 === 1 ? right! : WRONG);
      }
      // Two RepoQA units once more, scored through assert=javascript (the same prompts, so the same answers): in the same eval, one promptfoo start fewer.
      const javascriptTests = await exportTests("repoqa-snf", "demo", "&limit=2&assert=javascript", true);
      expect(javascriptTests.map((t) => t.assert[0].type)).toEqual(["javascript", "javascript"]);
      const all = [...tests, ...javascriptTests];
      writeFileSync(join(dir, "tests.jsonl"), all.map((t) => JSON.stringify(t)).join("\n") + "\n");
      const started = Date.now();
      const results = await promptfooEval(dir, documentedConfig("book", model!.url, "tests.jsonl"));
      console.log(
        `promptfoo eval of ${all.length} tests: ${((Date.now() - started) / 1000).toFixed(1)} s; ${JSON.stringify(results.results.stats)}`,
      );

      const errors = results.results.results.filter((r) => r.failureReason === 2);
      expect(errors.map((r) => `${r.testCase.vars.unit}: ${r.error}`)).toEqual([]);
      expect(results.results.stats.errors).toBe(0);
      expect(results.results.results.length).toBe(all.length);
      const rows = results.results.results.filter((r) => r.testCase.assert[0].type === "webhook");
      const javascriptRows = results.results.results.filter((r) => r.testCase.assert[0].type === "javascript");
      expect(rows.length).toBe(tests.length);
      expect(new Set(rows.map((r) => `${r.testCase.vars.benchmark} ${r.testCase.vars.unit}`)).size).toBe(tests.length);

      // The model got every unit's exact messages (its book knew every prompt) and max_tokens.
      const stats = (await (await fetch(`${model!.url.replace(/\/v1$/, "")}/__stats`)).json()) as {
        bookMisses: number;
        bodies: Record<string, { prompt_sha256: string; max_tokens: number }[]>;
      };
      expect(stats.bookMisses).toBe(0);
      const maxTokens = new Map(tests.map((t) => [t.vars.metadata.prompt_sha256, t.vars.max_tokens]));
      expect(stats.bodies.book.length).toBe(all.length);
      for (const body of stats.bodies.book) expect(body.max_tokens).toBe(maxTokens.get(body.prompt_sha256));

      // promptfoo's verdicts equal POST /v1/score/batch's for the same outputs, on every unit.
      let compared = 0;
      for (const [benchmark] of perBenchmark) {
        const ofBenchmark = rows.filter((r) => r.testCase.vars.benchmark === benchmark);
        const dataset = ofBenchmark[0].testCase.vars.dataset;
        for (let start = 0; start < ofBenchmark.length; start += 100) {
          const chunk = ofBenchmark.slice(start, start + 100);
          const batch = await client.request<{ results: { unit: string; passed: boolean; score: number }[] }>(
            "POST",
            "/v1/score/batch",
            {
              benchmark,
              dataset,
              answers: chunk.map((r) => ({ unit: r.testCase.vars.unit, answer: r.response!.output! })),
            },
          );
          for (const [i, r] of chunk.entries()) {
            expect({ unit: r.testCase.vars.unit, passed: r.success, score: r.score }).toEqual({
              unit: batch.results[i].unit,
              passed: batch.results[i].passed,
              score: batch.results[i].score,
            });
            compared++;
          }
        }
        // Both verdicts occur for every benchmark.
        expect(
          ofBenchmark.some((r) => r.success),
          `${benchmark}: no pass`,
        ).toBe(true);
        expect(
          ofBenchmark.some((r) => !r.success),
          `${benchmark}: no failure`,
        ).toBe(true);
      }
      expect(compared).toBe(tests.length);

      // promptfoo's results file, scored into a run (npm run eval -- --outputs reads it so): every sample's verdict is promptfoo's.
      const file = join(dir, "results.json");
      writeFileSync(file, JSON.stringify(results));
      const submitted = readSubmittedOutputs(file, { benchmark: "semtrace" });
      const ofSemtrace = rows.filter((r) => r.testCase.vars.benchmark === "semtrace");
      expect(submitted).toMatchObject({
        benchmark: "semtrace",
        dataset: ofSemtrace[0].testCase.vars.dataset,
        skipped: 0,
      });
      expect(submitted.outputs.length).toBe(ofSemtrace.length);
      let run = await client.request<{
        id: string;
        status: string;
        model_calls: number;
        receipt: Record<string, unknown>;
      }>(
        "POST",
        "/v1/runs",
        {
          benchmark: "semtrace",
          dataset: submitted.dataset,
          model: "promptfoo-book",
          outputs: submitted.outputs,
          concurrency: 16,
          publish: false,
        },
        { auth: true },
      );
      for (let i = 0; run.status === "running" && i < 600; i++) {
        await new Promise((r) => setTimeout(r, 100));
        run = await client.request("GET", `/v1/runs/${run.id}`);
      }
      expect(run).toMatchObject({
        status: "completed",
        model_calls: 0,
        receipt: { source: "submitted outputs", outputs: ofSemtrace.length },
      });
      const { samples } = await client.request<{ samples: { unit: string; passed: boolean; score: number }[] }>(
        "GET",
        `/v1/runs/${run.id}/samples?limit=500`,
      );
      const byUnit = new Map(ofSemtrace.map((r) => [r.testCase.vars.unit, r]));
      expect(samples.map((s) => [s.unit, s.passed, s.score])).toEqual(
        samples.map((s) => [s.unit, byUnit.get(s.unit)!.success, byUnit.get(s.unit)!.score]),
      );
      expect(samples.length).toBe(ofSemtrace.length);

      // Scored through the javascript assertion, a verdict reaches promptfoo whole: named score and detail.
      expect(javascriptRows.length).toBe(2);
      const batch = await client.request<{
        results: { unit: string; passed: boolean; score: number; detail: unknown }[];
      }>("POST", "/v1/score/batch", {
        benchmark: "repoqa-snf",
        dataset: "demo",
        answers: javascriptRows.map((r) => ({ unit: r.testCase.vars.unit, answer: r.response!.output! })),
      });
      expect(new Set(batch.results.map((r) => r.passed))).toEqual(new Set([true, false]));
      for (const [i, r] of javascriptRows.entries()) {
        const expected = batch.results[i];
        expect({ passed: r.success, score: r.score, named: r.namedScores }).toEqual({
          passed: expected.passed,
          score: expected.score,
          named: { "repoqa-snf": expected.score },
        });
        expect(r.gradingResult!.componentResults![0].metadata.needlework).toMatchObject({
          unit: expected.unit,
          passed: expected.passed,
          score: expected.score,
          detail: expected.detail,
        });
      }
    },
    20 * 60_000,
  );

  it(
    "a scorer failure: a failed test through the webhook, an error through assert=javascript",
    async () => {
      // Model `costly` answers 64 KB of `(` in a fence, which RepoQA's scorer refuses (over its CPU budget, a 422).
      const tests = [
        ...(await exportTests("repoqa-snf", "demo", "&limit=2", true)),
        ...(await exportTests("repoqa-snf", "demo", "&limit=2&assert=javascript", true)),
      ];
      expect(tests.map((t) => t.assert[0].type)).toEqual(["webhook", "webhook", "javascript", "javascript"]);
      writeFileSync(join(dir, "tests-costly.jsonl"), tests.map((t) => JSON.stringify(t)).join("\n") + "\n");
      const results = (await promptfooEval(dir, documentedConfig("costly", model!.url, "tests-costly.jsonl"))).results;
      expect(results.stats).toMatchObject({ successes: 0, failures: 2, errors: 2 });
      const of = (type: string) => results.results.filter((r) => r.testCase.assert[0].type === type);
      expect(of("webhook").length).toBe(2);
      for (const r of of("webhook"))
        expect({ success: r.success, failureReason: r.failureReason, reason: r.gradingResult?.reason }).toEqual({
          success: false,
          failureReason: 1,
          reason: "Webhook error: Webhook response status: 422",
        });
      expect(of("javascript").length).toBe(2);
      for (const r of of("javascript")) {
        expect(r.failureReason).toBe(2);
        expect(r.error).toMatch(/needlework did not score this output: HTTP 422 .*budget-exceeded/);
      }
    },
    10 * 60_000,
  );
});

/** A recipe file of docs/integrations.md: the fenced block of `lang` whose first line names it. */
function recipeBlock(page: string, lang: string, firstLine: string): string {
  const block = fencedBlocks(page, "docs/integrations.md").find(
    (b) => b.lang === lang && b.text.split("\n")[0].startsWith(firstLine),
  );
  if (!block) throw new Error(`docs/integrations.md has no ${lang} block starting ${firstLine}`);
  return `${block.text}\n`;
}

const linesOf = (text: string) => text.trimEnd().split("\n").length;

describe("the inspect_ai and lm-eval recipes of docs/integrations.md, and runs as inspect_ai logs", () => {
  it(
    "the recipes as printed score units of the three demos as POST /v1/score/batch does; the runs' logs are valid EvalLogs with the same scores",
    async () => {
      const page = readFileSync(join(ROOT, "docs/integrations.md"), "utf8");
      const files = {
        "needlework_inspect.py": recipeBlock(page, "python", "# needlework_inspect.py"),
        "needlework.yaml": recipeBlock(page, "yaml", "# needlework.yaml"),
        "utils.py": recipeBlock(page, "python", "# utils.py"),
      };
      // The page's count of each harness's glue is the blocks' own.
      const glue = {
        promptfoo: linesOf(/```yaml\n([\s\S]*?)```/.exec(page)![1]),
        inspect: linesOf(files["needlework_inspect.py"]),
        yaml: linesOf(files["needlework.yaml"]),
        utils: linesOf(files["utils.py"]),
      };
      console.log(
        `lines of glue as printed: promptfoo ${glue.promptfoo}, inspect_ai ${glue.inspect}, lm-eval ${glue.yaml + glue.utils} (${glue.yaml} YAML + ${glue.utils} utils.py)`,
      );
      const prose = page.replace(/\s+/g, " ");
      expect(prose).toContain(`promptfoo ${glue.promptfoo} lines`);
      expect(prose).toContain(`inspect_ai ${glue.inspect} lines`);
      expect(prose).toContain(
        `lm-eval ${glue.yaml + glue.utils} lines (a ${glue.yaml}-line task YAML and a ${glue.utils}-line \`utils.py\`)`,
      );
      // The exports the recipes read, as the page fetches them.
      expect(page).toContain('export?format=inspect" -o samples.jsonl');
      expect(page).toContain('export?format=jsonl&prefill=user" -o units.jsonl');

      const recipes = mkdtempSync(join(tmpdir(), "nw-recipes-"));
      for (const [name, text] of Object.entries(files)) writeFileSync(join(recipes, name), text);
      // A few units of each demo, right answers for every other one, wrong ones for the rest.
      const picks = [
        ["repoqa-snf", "demo"],
        ["semtrace", "semtrace-demo"],
        ["longcodeu", "longcodeu-demo"],
      ] as const;
      const perDemo = 4;
      const outputs: Record<string, string> = {};
      const prompts = new Map<string, string>();
      let samples = "";
      let units = "";
      for (const [benchmark, dataset] of picks) {
        const query = (q: string) =>
          fetch(`${instance!.url}/v1/benchmarks/${benchmark}/datasets/${dataset}/export?${q}&limit=${perDemo}`).then(
            (r) => r.text(),
          );
        const inspectText = await query("format=inspect");
        const jsonlText = await query("format=jsonl&prefill=user");
        samples += inspectText;
        units += jsonlText;
        const lines = inspectText
          .split("\n")
          .filter(Boolean)
          .map((l) => JSON.parse(l));
        expect(lines.length).toBe(perDemo);
        for (const [i, s] of lines.entries()) {
          const right = oracle(benchmark, s.metadata.task, s.id);
          expect(right, `no oracle answer for ${benchmark} ${s.id}`).toBeDefined();
          outputs[`${benchmark} ${s.id}`] = i % 2 === 0 ? right! : WRONG;
        }
        for (const l of jsonlText
          .split("\n")
          .filter(Boolean)
          .map((l) => JSON.parse(l)))
          prompts.set(`${benchmark} ${l.unit}`, l.messages.at(-1).content);
      }
      writeFileSync(join(recipes, "samples.jsonl"), samples);
      writeFileSync(join(recipes, "units.jsonl"), units);
      writeFileSync(join(recipes, "outputs.json"), JSON.stringify(outputs));

      const py = await run(
        "python3",
        [join(ROOT, "test/fixtures/harness-shims/drive_recipes.py"), recipes, join(recipes, "outputs.json")],
        {
          cwd: recipes,
          timeout: 120_000,
          env: { ...process.env, NEEDLEWORK_URL: instance!.url, PYTHONDONTWRITEBYTECODE: "1" },
        },
      );
      expect(py.code, py.stderr).toBe(0);
      const got = JSON.parse(py.stdout) as {
        inspect: Record<
          string,
          {
            value: { passed: boolean; score: number };
            answer: string;
            explanation: string;
            metadata: Record<string, unknown>;
          }
        >;
        lm_eval: Record<string, { text: string; results: { passed: number; score: number } }>;
        inspect_config: unknown;
        lm_eval_config: Record<string, unknown>;
      };
      expect(got.inspect_config).toEqual({
        max_tokens: 1024,
        solver: "generate",
        metrics: { passed: ["accuracy"], score: ["mean"] },
        scorer: "needlework",
      });
      expect(got.lm_eval_config).toMatchObject({
        task: "needlework",
        test_split: "test",
        generation_kwargs: { until: [], max_gen_toks: 1024 },
      });
      expect((got.lm_eval_config.metric_list as { metric: string }[]).map((m) => m.metric)).toEqual([
        "passed",
        "score",
      ]);
      expect(Object.keys(got.inspect).sort()).toEqual(Object.keys(outputs).sort());
      expect(Object.keys(got.lm_eval).sort()).toEqual(Object.keys(outputs).sort());

      const logSchema = JSON.parse(readFileSync(join(ROOT, "test/fixtures/inspect/log-schema.json"), "utf8"));
      const Ajv2020 = ((Ajv2020Module as unknown as { default?: typeof Ajv2020Module }).default ??
        Ajv2020Module) as typeof Ajv2020Module;
      const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
        addFormatsModule) as typeof addFormatsModule;
      // strict: false leaves the schema's OpenAPI `discriminator` to its `oneOf`; formats (date-time) are checked.
      const ajv = new Ajv2020({ strict: false, allErrors: true });
      addFormats(ajv);
      const validate = ajv.compile(logSchema);

      for (const [benchmark, dataset] of picks) {
        const keys = Object.keys(outputs).filter((k) => k.startsWith(`${benchmark} `));
        const unitOf = (k: string) => k.slice(benchmark.length + 1);
        const batch = await client.request<{ results: { unit: string; passed: boolean; score: number }[] }>(
          "POST",
          "/v1/score/batch",
          {
            benchmark,
            dataset,
            answers: keys.map((k) => ({ unit: unitOf(k), answer: outputs[k] })),
          },
        );
        for (const [i, k] of keys.entries()) {
          const { passed, score, unit } = batch.results[i];
          expect(unit).toBe(unitOf(k));
          expect(got.inspect[k].value, k).toEqual({ passed, score });
          expect(got.inspect[k]).toMatchObject({
            answer: outputs[k],
            metadata: { benchmark, dataset, unit, passed, score },
          });
          expect(got.inspect[k].explanation).toMatch(
            new RegExp(`^needlework ${benchmark}: ${passed ? "passed" : "failed"}, score `),
          );
          expect(got.lm_eval[k].results, k).toEqual({ passed: passed ? 1 : 0, score });
          expect(got.lm_eval[k].text).toBe(prompts.get(k));
        }
        expect(
          batch.results.some((r) => r.passed),
          `${benchmark}: no pass`,
        ).toBe(true);
        expect(
          batch.results.some((r) => !r.passed),
          `${benchmark}: no failure`,
        ).toBe(true);

        // The same outputs scored into a run, exported as inspect_ai's log.
        let created = await client.request<{ id: string; status: string }>(
          "POST",
          "/v1/runs",
          {
            benchmark,
            dataset,
            model: "recipes-stand-in",
            outputs: keys.map((k) => ({ unit: unitOf(k), output: outputs[k] })),
            publish: false,
          },
          { auth: true },
        );
        for (let i = 0; created.status === "running" && i < 600; i++) {
          await new Promise((r) => setTimeout(r, 100));
          created = await client.request("GET", `/v1/runs/${created.id}`);
        }
        expect(created.status).toBe("completed");
        const res = await fetch(`${instance!.url}/v1/runs/${created.id}/log?format=inspect`);
        expect(res.status).toBe(200);
        const log = (await res.json()) as any;
        const valid = validate(log);
        expect(valid ? [] : validate.errors!.slice(0, 10), `${benchmark}: the log against inspect_ai's schema`).toEqual(
          [],
        );
        expect(log).toMatchObject({
          version: 2,
          status: "success",
          eval: {
            task: `needlework/${benchmark}`,
            run_id: created.id,
            model: "submitted:recipes-stand-in",
            dataset: { name: dataset },
          },
        });
        expect(log.samples.map((s: any) => s.id).sort()).toEqual(keys.map(unitOf).sort());
        for (const s of log.samples) {
          expect(s.scores.needlework.value, s.id).toEqual(got.inspect[`${benchmark} ${s.id}`].value);
          expect(s.output.completion).toBe(outputs[`${benchmark} ${s.id}`]);
        }
        const [passedScore, meanScore] = log.results.scores;
        expect(passedScore.metrics.accuracy.value).toBeCloseTo(
          batch.results.filter((r) => r.passed).length / keys.length,
          12,
        );
        expect(meanScore.metrics.mean.value).toBeCloseTo(
          batch.results.reduce((a, r) => a + r.score, 0) / keys.length,
          12,
        );
        // The validator is live: a sample without its model output is not an EvalLog.
        const broken = structuredClone(log);
        delete broken.samples[0].output;
        expect(validate(broken)).toBe(false);
      }
      rmSync(recipes, { recursive: true, force: true });
    },
    10 * 60_000,
  );
});
