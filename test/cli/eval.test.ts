/**
 * `npm run eval`: the command as a researcher runs it, against a local instance with fresh state
 * (its own --persist-to directory and port) and the loopback model; how it finds the instance and
 * the benchmark when not told (a work directory of its own, never the checkout's .needlework/);
 * and the pure pieces it prints with (run-report) and follows runs with (the SSE client). The
 * client package's tests (./client.ts) use the same instance.
 */
import { execFile, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, api } from "../../cli/lib/api";
import { importReleaseFile } from "../../src/benchmarks/repoqa/node/import-release";
import { freePort, startIsolatedInstance, type IsolatedInstance } from "../../cli/lib/local-service";
import { killTree } from "../../cli/lib/process-tree";
import { buildSuiteFromDisk } from "../../src/benchmarks/semtrace/node/suite";
import { startLoopbackModel, type LoopbackModel } from "../../cli/lib/loopback-model";
import {
  depthTable,
  exportNames,
  inspectLogName,
  progressLine,
  resultTables,
  resultsTable,
  spendLine,
  type RunProgress,
  type RunResults,
  type SweptRunResults,
} from "../../cli/lib/run-report";
import { SseParser, sseEvents, splitParts } from "../../packages/client/src/index";
import { clientTests } from "./client";

const DATASET = "eval-cli";
/** A SemTrace-family suite with two of the family's five tasks: two benchmarks have units in it. */
const SUITE = "eval-cli-suite";
/** The commands' work directory here (a test's own, NEEDLEWORK_DIR), and the instance record in it. */
const WORK_DIR = mkdtempSync(join(tmpdir(), "nw-eval-work-"));
const INSTANCE_FILE = join(WORK_DIR, "instance.json");

let instance: IsolatedInstance | undefined;
let url: string;
let token: string;
let model: LoopbackModel;

/** Starts `npx tsx cli/<command>.ts ...args` with `as` for the token (no NEEDLEWORK_URL: the test's record, if any): the process, and its exit code and output. */
function started(
  name: "eval" | "tokens",
  args: string[],
  as = token,
): { child: ChildProcess; done: Promise<{ code: number; stdout: string; stderr: string }> } {
  const env: NodeJS.ProcessEnv = { ...process.env, NEEDLEWORK_ADMIN_TOKEN: as, NEEDLEWORK_DIR: WORK_DIR };
  delete env.NEEDLEWORK_URL;
  let child!: ChildProcess;
  const done = new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    child = execFile(
      "npx",
      ["tsx", `cli/${name}.ts`, ...args],
      { cwd: ROOT, env, timeout: 50_000 },
      (err, stdout, stderr) => {
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
      },
    );
  });
  return { child, done };
}

/** Runs a command to its end: its exit code and output. */
const command = (name: "eval" | "tokens", args: string[], as = token) => started(name, args, as).done;

const evalCommand = (args: string[], as = token) => command("eval", args, as);

const runIdOf = (out: string) => /Run (run-\d{14}-[0-9a-f]{10}):/.exec(out)?.[1];

/** The cells of the threshold table's row for `threshold`, by column name. */
function tableRow(stdout: string, threshold: string): Record<string, string> {
  const lines = stdout.split("\n");
  const header = lines.find((l) => l.startsWith("threshold "));
  const row = lines.find((l) => l.startsWith(`${threshold} `));
  if (!header || !row) throw new Error(`no table row ${threshold} in:\n${stdout}`);
  const names = header.trim().split(/\s+/).slice(1);
  const cells = row
    .replace(/^\S+( \*)?/, "")
    .trim()
    .split(/\s+/);
  return Object.fromEntries(names.map((n, i) => [n, cells[i]]));
}

beforeAll(async () => {
  instance = await startIsolatedInstance("nw-eval");
  ({ url, token } = instance);
  model = await startLoopbackModel();
  await importReleaseFile(api(url, token), join(ROOT, "test/fixtures/repoqa-mini.json"), {
    id: DATASET,
    name: "fixture",
    license: "Apache-2.0",
  });
  const suite = await buildSuiteFromDisk({
    tasks: ["semtrace", "sensitivity-semtrace"],
    seed: 0,
    digits: 2,
    grid: { distractors: [3], positions: [0, 1] },
    targets: 2,
    variants: { targets: 2, cap: 2 },
    distractorDir: join(ROOT, "test/fixtures/distractor-src"),
    distractorTokens: null,
    log: () => {},
  });
  await api(url, token).request("POST", `/v1/datasets/${SUITE}/suite`, suite, { auth: true });
}, 240_000);

afterAll(async () => {
  await instance?.stop();
  await model?.close();
});

describe("npm run eval", () => {
  let oracleRun: string | undefined;

  it("runs the oracle over the whole fixture, prints the table and writes the reference's files", async () => {
    const out = mkdtempSync(join(tmpdir(), "nw-eval-out-"));
    const { code, stdout, stderr } = await evalCommand([
      "--model",
      "baseline:oracle",
      "--dataset",
      DATASET,
      "--url",
      url,
      "--out",
      out,
    ]);
    expect(code, stdout + stderr).toBe(0);
    oracleRun = runIdOf(stdout);
    expect(oracleRun).toBeDefined();
    expect(stdout).toContain(`npm run eval -- --watch ${oracleRun} --url ${url}`);
    expect(stdout).toMatch(/\[█{20}\] 16\/16 {2}passed 16 {2}errors 0/); // the last progress line (not a TTY)
    expect(tableRow(stdout, "n")).toEqual({ all: "16", python: "8", typescript: "4", go: "4" });
    expect(tableRow(stdout, "0.8").all).toBe("100.0");
    expect(tableRow(stdout, "1.0").all).toBe("100.0");
    expect(stdout).toContain("pass@1 (%) by needle depth at threshold 0.8");
    expect(stdout).toContain("errors 0, context exceeded 0");
    // A baseline calls no model and spends no token, and the report says so.
    expect(stdout).toContain(
      "baseline:oracle is a built-in baseline: its answers are computed in the service, so no model is called and no tokens are spent",
    );
    expect(stdout).not.toContain("model calls");

    const names = exportNames("baseline:oracle");
    const outputs = join(out, names.outputs);
    const scores = join(out, names.scores);
    expect(stdout).toContain(outputs);
    expect(stdout).toContain(scores);
    const lines = readFileSync(outputs, "utf8")
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(16);
    for (const line of lines) expect(line.output).toEqual([expect.any(String)]);
    const file = JSON.parse(readFileSync(scores, "utf8"));
    const entry = file["baseline:oracle"];
    expect(Object.keys(entry.results).sort()).toEqual(["go", "python", "typescript"]);
    expect(entry.results.python).toHaveLength(8);
    expect(entry.scores.go["0.8"]["pass@1"]).toBe(1);
    // Every run's own exports: the results (RepoQA's threshold sweep) and one line per sample.
    // And the run as inspect_ai's log, under the name inspect_ai's log listing takes.
    const oracle = (await (await fetch(`${url}/v1/runs/${oracleRun}`)).json()) as { id: string; created_at: string };
    expect(readdirSync(out).sort()).toEqual([
      inspectLogName({ id: oracle.id, benchmark: "repoqa-snf", createdAt: oracle.created_at }),
      "baseline_oracle-SCORES.json",
      "baseline_oracle-results.json",
      "baseline_oracle-samples.jsonl",
      "baseline_oracle.jsonl",
    ]);
    expect(readdirSync(out)[0]).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\+00-00_needlework-repoqa-snf_run\d{14}[0-9a-f]{10}\.json$/,
    );
    const results = JSON.parse(readFileSync(join(out, names.results), "utf8"));
    expect(results).toMatchObject({ run: oracleRun, thresholds: expect.any(Array), by_depth: expect.any(Array) });
    const samples = readFileSync(join(out, names.samples), "utf8")
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(samples).toHaveLength(16);
    expect(samples.every((l) => l.verdict.passed === true && l.calls === 0 && l.output.length > 0)).toBe(true);
  });

  it("attaches to a finished run with --watch and prints its results as JSON", async () => {
    expect(oracleRun).toBeDefined();
    const out = mkdtempSync(join(tmpdir(), "nw-eval-out-"));
    const { code, stdout, stderr } = await evalCommand(["--watch", oracleRun!, "--url", url, "--out", out, "--json"]);
    expect(code, stdout + stderr).toBe(0);
    // stdout is the JSON alone; the rest went to stderr. RepoQA sweeps thresholds: group → threshold → rate.
    const results = JSON.parse(stdout) as RunResults & { pass_at_1: Record<string, Record<string, unknown>> };
    expect(results.run).toBe(oracleRun);
    expect(results.pass_at_1.all["0.8"]).toMatchObject({ n: 16, passed: 16 });
    expect(stderr).toContain(`Run ${oracleRun}: baseline:oracle`);
    expect(existsSync(join(out, exportNames("baseline:oracle").scores))).toBe(true);
  });

  it("runs a filtered unpublished run against an OpenAI-compatible endpoint", async () => {
    const out = mkdtempSync(join(tmpdir(), "nw-eval-out-"));
    const spec = `openai-compatible:instant:eval-cli@${model.url}`;
    const { code, stdout, stderr } = await evalCommand([
      "--model",
      spec,
      "--dataset",
      DATASET,
      "--languages",
      "go",
      "--no-publish",
      "--concurrency",
      "2",
      "--url",
      url,
      "--out",
      out,
    ]);
    expect(code, stdout + stderr).toBe(0);
    const id = runIdOf(stdout);
    const run = (await (await fetch(`${url}/v1/runs/${id}`)).json()) as RunProgress & {
      options: Record<string, unknown>;
      receipt: { filters: unknown };
      created_at: string;
    };
    expect(run.status).toBe("completed");
    expect(run.units).toBe(4);
    expect(run.counts).toMatchObject({ done: 4, scored: 4, error: 0, context_exceeded: 0, skipped: 0 });
    expect(run.model_calls).toBe(4);
    expect(run.options).toMatchObject({ publish: false, concurrency: 2 });
    expect(run.receipt.filters).toEqual({ languages: ["go"], limit: null });
    const stats = (await (await fetch(model.url.replace(/\/v1$/, "/__stats"))).json()) as {
      requests: Record<string, number>;
    };
    expect(stats.requests["instant:eval-cli"]).toBe(4);
    expect(Object.keys(tableRow(stdout, "0.8"))).toEqual(["all", "go"]);
    expect(tableRow(stdout, "n")).toEqual({ all: "4", go: "4" });
    expect(stdout).toMatch(/4 model calls, 0 cached; [\d.]+k? tokens/);
    // Every export is named without `:` (the label is the model id, instant:eval-cli).
    const names = exportNames("instant:eval-cli");
    const logName = inspectLogName({ id: id!, benchmark: "repoqa-snf", createdAt: run.created_at });
    expect(readdirSync(out).sort()).toEqual(
      [names.outputs, names.scores, names.results, names.samples, logName].sort(),
    );
    expect(readdirSync(out).join("")).not.toContain(":");
    expect(readFileSync(join(out, "instant_eval-cli.jsonl"), "utf8").trimEnd().split("\n")).toHaveLength(4);
    const samples = readFileSync(join(out, names.samples), "utf8")
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(samples.map((l) => [l.run, l.language, l.status, l.calls])).toEqual(Array(4).fill([id, "go", "scored", 1]));
    expect(samples.every((l) => typeof l.output === "string" && typeof l.verdict.passed === "boolean")).toBe(true);
  });

  it("finds the instance npm start recorded, without --url, and infers the benchmark from the dataset", async () => {
    writeFileSync(
      INSTANCE_FILE,
      JSON.stringify({ url, pid: process.pid, by: "npm start", started_at: new Date().toISOString() }),
    );
    try {
      const out = mkdtempSync(join(tmpdir(), "nw-eval-out-"));
      const { code, stdout, stderr } = await evalCommand([
        "--model",
        "baseline:empty",
        "--dataset",
        DATASET,
        "--limit",
        "2",
        "--no-publish",
        "--out",
        out,
      ]);
      expect(code, stdout + stderr).toBe(0);
      const id = runIdOf(stdout);
      expect(stdout).toContain(`Run ${id}: baseline:empty on ${DATASET} (repoqa-snf), 2 tasks`);
      expect(stdout).toContain(`npm run eval -- --watch ${id}    (or ${url}/v1/runs/${id})`); // no --url: the record finds it
      // Another local address while it runs: refused, naming the running one (no second service over its state).
      const other = `http://127.0.0.1:${await freePort()}`;
      const second = await evalCommand(["--model", "baseline:empty", "--dataset", DATASET, "--url", other]);
      expect(second.code).toBe(2);
      expect(second.stderr).toContain(
        `error: the local needlework is running at ${url} (npm start, process ${process.pid}), over the same .wrangler/state a service at ${other} would use`,
      );
      expect(second.stdout).not.toContain("Starting a local needlework");
    } finally {
      writeFileSync(INSTANCE_FILE, "");
    }
  });

  it("lists the benchmarks that have units in a dataset several read, instead of guessing", async () => {
    const { code, stderr } = await evalCommand(["--model", "baseline:interpreter", "--dataset", SUITE, "--url", url]);
    expect(code).toBe(2);
    expect(stderr).toContain(`error: dataset "${SUITE}" is read by 2 benchmarks; pick one:\n  --benchmark semtrace `);
    expect(stderr).toContain("\n  --benchmark sensitivity-semtrace ");
    expect(stderr).toContain(
      `(lexical-recall, cruxeval-o, sensitivity-cruxeval-o read semtrace-suite datasets too, but "${SUITE}" has no units for them)`,
    );
    expect(stderr).not.toContain("422");
  });

  it("answers a missing dataset with the ready ones and the commands that make one", async () => {
    const { code, stderr } = await evalCommand([
      "--model",
      "baseline:oracle",
      "--dataset",
      "semtrace-paper",
      "--url",
      url,
    ]);
    expect(code).toBe(2);
    expect(stderr).toContain(`error: no dataset "semtrace-paper" on ${url}\nready datasets:\n`);
    expect(stderr).toMatch(new RegExp(`^  --dataset ${DATASET} +read by repoqa-snf$`, "m"));
    expect(stderr).toMatch(
      new RegExp(
        `^  --dataset ${SUITE} +read by lexical-recall, cruxeval-o, semtrace, sensitivity-semtrace, sensitivity-cruxeval-o$`,
        "m",
      ),
    );
    expect(stderr).toMatch(/^ {2}npm run semtrace -- build --id <id> +# /m);
    expect(stderr).toMatch(/^ {2}npm start +# the demo datasets \(demo, semtrace-demo, longcodeu-demo\)/m);
  });

  it("runs with a submitter token made by npm run tokens, which is listed without its secret and refused once revoked", async () => {
    const created = await command("tokens", ["create", "--role", "submitter", "--name", "eval ci", "--url", url]);
    expect(created.code, created.stdout + created.stderr).toBe(0);
    const id = /Created (tok_[0-9a-f]{16}) \(submitter, "eval ci"\)/.exec(created.stdout)?.[1];
    const secret = created.stdout.trim().split("\n").at(-1)!;
    expect(secret).toMatch(/^nwt_/);
    const run = await evalCommand(
      ["--model", "baseline:oracle", "--dataset", DATASET, "--languages", "go", "--no-publish", "--url", url],
      secret,
    );
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Run run-\d{14}-[0-9a-f]{10}:/);
    const listed = await command("tokens", ["list", "--url", url]);
    expect(listed.stdout).toContain(`${id}  submitter`);
    expect(listed.stdout).not.toContain(secret);
    expect((await command("tokens", ["revoke", id!, "--url", url])).stdout).toContain(`Revoked ${id}`);
    const refused = await fetch(`${url}/v1/runs`, {
      method: "POST",
      headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
      body: "{}",
    });
    expect(refused.status).toBe(401);
  });

  it("scores submitted outputs (promptfoo's results file, a JSONL) into runs without calling a model", async () => {
    const { units } = (await (
      await fetch(`${url}/v1/benchmarks/repoqa-snf/datasets/${DATASET}/units?limit=100`)
    ).json()) as { units: { unit: string }[] };
    expect(units).toHaveLength(16);
    const dir = mkdtempSync(join(tmpdir(), "nw-eval-submit-"));
    // promptfoo eval -o results.json over the export: vars carry benchmark, dataset and unit; a failed provider call has no output.
    const results = units.map(({ unit }, i) => ({
      vars: { benchmark: "repoqa-snf", dataset: DATASET, unit },
      response: i === 0 ? { error: "HTTP 500" } : { output: i % 2 ? "def f():\n    pass\n" : "" },
    }));
    writeFileSync(join(dir, "results.json"), JSON.stringify({ evalId: "eval-1", results: { version: 3, results } }));
    const submitted = results
      .slice(1)
      .map((r) => ({ unit: r.vars.unit, output: (r.response as { output: string }).output }));
    const { code, stdout, stderr } = await evalCommand([
      "--outputs",
      join(dir, "results.json"),
      "--model",
      "my-harness",
      "--url",
      url,
      "--out",
      dir,
    ]);
    expect(code, stdout + stderr).toBe(0);
    const run = (await (await fetch(`${url}/v1/runs/${runIdOf(stdout)}`)).json()) as RunProgress & {
      model: string;
      receipt: Record<string, unknown>;
    };
    expect(run).toMatchObject({ status: "completed", model: "submitted:my-harness", units: 15, model_calls: 0 });
    expect(run.counts).toMatchObject({ scored: 15, passed: 0, error: 0 });
    expect(run.receipt).toMatchObject({
      source: "submitted outputs",
      outputs: 15,
      outputs_sha256: createHash("sha256").update(JSON.stringify(submitted)).digest("hex"),
      filters: { units: 15 },
    });

    const jsonl = join(dir, "outputs.jsonl");
    writeFileSync(
      jsonl,
      submitted
        .slice(0, 2)
        .map((o) => JSON.stringify(o))
        .join("\n") + "\n",
    );
    const two = await evalCommand([
      "--outputs",
      jsonl,
      "--model",
      "my-harness",
      "--dataset",
      DATASET,
      "--url",
      url,
      "--out",
      dir,
      "--json",
    ]);
    expect(two.code, two.stdout + two.stderr).toBe(0);
    expect(JSON.parse(two.stdout)).toMatchObject({ model: "submitted:my-harness", samples: 2, scored: 2 });
    // A small file goes in one body.
    expect(JSON.parse(two.stdout).receipt.parts).toBeUndefined();
  });

  it("sends a big file in parts; killed mid-way, the same command continues where it stopped", async () => {
    const { units } = (await (
      await fetch(`${url}/v1/benchmarks/repoqa-snf/datasets/${DATASET}/units?limit=100`)
    ).json()) as { units: { unit: string }[] };
    const outputs = units.map(({ unit }, i) => ({
      unit,
      output: `def f${i}():\n    return ${i}\n` + "# padding\n".repeat(60),
    }));
    const dir = mkdtempSync(join(tmpdir(), "nw-eval-parts-"));
    const file = join(dir, "outputs.jsonl");
    writeFileSync(file, outputs.map((o) => JSON.stringify(o)).join("\n") + "\n");
    const parts = splitParts(outputs, 2048);
    expect(parts.length).toBeGreaterThanOrEqual(5);
    expect(parts.flat()).toEqual(outputs);

    // A proxy in front of the instance that holds the third part's request: the command is killed while it waits.
    const sent: string[] = [];
    let hold = true;
    let holding: (() => void) | undefined;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const proxy = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const path = req.url ?? "/";
      if (req.method === "PUT" && hold && sent.filter((p) => p.startsWith("PUT")).length === 2) return holding!();
      if (req.method === "PUT") sent.push(`PUT ${path.split("/").at(-1)}`);
      const answer = await fetch(`${url}${path}`, {
        method: req.method,
        headers: req.headers as Record<string, string>,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      });
      res.writeHead(
        answer.status,
        Object.fromEntries(
          [...answer.headers].filter(
            ([k]) => k !== "content-encoding" && k !== "transfer-encoding" && k !== "content-length",
          ),
        ),
      );
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
    const proxyPort = await freePort();
    await new Promise<void>((resolve) => proxy.listen(proxyPort, "127.0.0.1", resolve));
    const via = `http://127.0.0.1:${proxyPort}`;
    try {
      const args = [
        "--outputs",
        file,
        "--model",
        "my-parts",
        "--dataset",
        DATASET,
        "--no-publish",
        "--part-bytes",
        "2048",
        "--url",
        via,
        "--out",
        dir,
      ];
      const first = started("eval", args);
      await held;
      await killTree(first.child.pid!);
      const killed = await first.done;
      const run = /Run (run-\d{14}-[0-9a-f]{10}): sending 16 outputs in (\d+) parts/.exec(killed.stdout);
      expect(run, killed.stdout + killed.stderr).not.toBeNull();
      expect(Number(run![2])).toBe(parts.length);
      expect(sent).toEqual(["PUT 1", "PUT 2"]);
      const mid = (await (await fetch(`${url}/v1/runs/${run![1]}/outputs`)).json()) as {
        status: string;
        missing: number[];
      };
      expect(mid).toMatchObject({ status: "receiving", missing: parts.slice(2).map((_, i) => i + 3) });

      hold = false;
      const again = await evalCommand(args);
      expect(again.code, again.stdout + again.stderr).toBe(0);
      expect(again.stdout).toContain(
        `Run ${run![1]}: continuing the submission in parts (2 of ${parts.length} parts already sent)`,
      );
      expect(sent).toEqual(parts.map((_, i) => `PUT ${i + 1}`));
      const done = (await (await fetch(`${url}/v1/runs/${run![1]}`)).json()) as RunProgress & {
        receipt: Record<string, unknown>;
      };
      expect(done).toMatchObject({ status: "completed", units: 16, counts: { scored: 16, error: 0 } });
      expect(done.receipt).toMatchObject({
        parts: parts.length,
        outputs: 16,
        outputs_sha256: createHash("sha256").update(JSON.stringify(outputs)).digest("hex"),
      });
      // The record of the submission is gone: the same command now makes a new run.
      expect(readdirSync(join(WORK_DIR, "submissions"))).toEqual([]);
    } finally {
      proxy.closeAllConnections();
      proxy.close();
    }
  });

  it("stops at a usage error before contacting any instance", async () => {
    const { code, stderr } = await evalCommand(["--model", "baseline:oracle", "--url", "http://127.0.0.1:9"]);
    expect(code).toBe(2);
    expect(stderr).toContain("error: --dataset is required");
    const key = await evalCommand([
      "--model",
      "baseline:oracle",
      "--dataset",
      DATASET,
      "--api-key",
      "sk-live-123456",
      "--url",
      "http://127.0.0.1:9",
    ]);
    expect(key.code).toBe(2);
    expect(key.stderr).toContain("--api-key takes the NAME of a Worker secret");
    expect(key.stderr).not.toContain("sk-live-123456");
  });
});

const progress = (
  over: Partial<Omit<RunProgress, "counts">> & { counts?: Partial<RunProgress["counts"]> } = {},
): RunProgress => ({
  status: "running",
  units: 16,
  cost_usd: null,
  model_calls: 0,
  cached: 0,
  started_at: "2026-11-21T12:00:00.000Z",
  finished_at: null,
  ...over,
  counts: {
    pending: 0,
    queued: 0,
    running: 0,
    done: 0,
    skipped: 0,
    scored: 0,
    passed: 0,
    error: 0,
    context_exceeded: 0,
    ...over.counts,
  },
  tokens: { prompt: 0, completion: 0, reserved: 0, ...over.tokens },
});

const rate = (n: number, passed: number) => ({ n, passed, rate: n ? passed / n : 0, ci_low: 0.1, ci_high: 0.9 });

describe("run-report", () => {
  it("draws the progress line", () => {
    const p = progress({
      counts: { done: 10, passed: 8, scored: 9, error: 1 },
      tokens: { prompt: 12_000, completion: 300, reserved: 0 },
    });
    expect(progressLine(p, { width: 10, elapsedMs: 4_000 })).toBe(
      "[██████░░░░] 10/16  passed 8  errors 1  ctx-exceeded 0  skipped 0  2.5 tasks/s  12.3k tokens",
    );
    // Skipped tasks fill the bar too; a known cost is shown; no rate before any time has passed.
    const ended = progress({ status: "cancelled", counts: { done: 4, skipped: 12 }, cost_usd: 0.01234 });
    expect(progressLine(ended, { width: 4, elapsedMs: 0 })).toBe(
      "[████] 4/16  passed 0  errors 0  ctx-exceeded 0  skipped 12  - tasks/s  0 tokens  $0.0123",
    );
  });

  const results: SweptRunResults = {
    benchmark: "repoqa-snf",
    run: "run-20261121120000-0123456789",
    model: "m",
    label: "m",
    // Not read by the tables.
    receipt: {} as SweptRunResults["receipt"],
    status: "completed",
    threshold: "0.8",
    thresholds: ["0.0", "0.5", "0.8", "1.0"],
    samples: 12,
    scored: 10,
    errors: 1,
    context_exceeded: 1,
    pass_at_1: {
      python: { "0.0": rate(6, 6), "0.5": rate(6, 5), "0.8": rate(6, 3), "1.0": rate(6, 0) },
      all: { "0.0": rate(10, 10), "0.5": rate(10, 8), "0.8": rate(10, 5), "1.0": rate(10, 1) },
      go: { "0.0": rate(4, 4), "0.5": rate(4, 3), "0.8": rate(4, 2), "1.0": rate(4, 1) },
    },
    by_depth: [
      { bucket: "0.5-0.6", ...rate(3, 1) },
      { bucket: "0.0-0.1", ...rate(7, 4) },
    ],
  };

  it("prints the threshold table with all first, n per column and the run's threshold marked", () => {
    expect(resultsTable(results).split("\n")).toEqual([
      "pass@1 (%) by similarity threshold; * = the run's threshold",
      "threshold    all  python     go",
      "n             10       6      4",
      "-------------------------------",
      "0.0        100.0   100.0  100.0",
      "0.5         80.0    83.3   75.0",
      "0.8 *       50.0    50.0   50.0",
      "1.0         10.0     0.0   25.0",
    ]);
    expect(resultsTable({ ...results, pass_at_1: {} })).toBe("pass@1: no scored samples");
  });

  it("prints the depth table in depth order with the interval", () => {
    expect(depthTable(results).split("\n")).toEqual([
      "pass@1 (%) by needle depth at threshold 0.8",
      "depth    n  passed  pass@1     95% CI",
      "-------------------------------------",
      "0.0-0.1  7       4    57.1  10.0-90.0",
      "0.5-0.6  3       1    33.3  10.0-90.0",
    ]);
  });

  it("names the exports as the reference does, with nothing a file system or shell trips on", () => {
    expect(exportNames("Qwen/Qwen1.5-72B-Chat")).toEqual({
      base: "Qwen_slash_Qwen1.5-72B-Chat",
      outputs: "Qwen_slash_Qwen1.5-72B-Chat.jsonl",
      scores: "Qwen_slash_Qwen1.5-72B-Chat-SCORES.json",
      samples: "Qwen_slash_Qwen1.5-72B-Chat-samples.jsonl",
      results: "Qwen_slash_Qwen1.5-72B-Chat-results.json",
    });
    expect(exportNames("a/b/c").outputs).toBe("a_slash_b_slash_c.jsonl");
    expect(exportNames("openai-compatible:qwen2.5-coder:7b").outputs).toBe("openai-compatible_qwen2.5-coder_7b.jsonl");
  });

  it("prints pass@1 per group for a benchmark without a threshold, and nothing of it for a graded one", () => {
    const { threshold: _t, thresholds: _ts, by_depth: _d, pass_at_1: _p, ...shared } = results;
    // Empty summaries: each family's report reads its own, not these tables.
    const exact: RunResults = {
      ...shared,
      benchmark: "cruxeval-o",
      pass_at_1: { all: rate(10, 5), python: rate(10, 5) },
      summary: { grid: [], drops: [], median_drop: null, unresolved: 0, unparseable: 0 },
    };
    expect(resultTables(exact, []).join("\n").split("\n")).toEqual([
      "pass@1 (%) of the scored samples",
      "         n  passed  pass@1     95% CI",
      "-------------------------------------",
      "all     10       5    50.0  10.0-90.0",
      "python  10       5    50.0  10.0-90.0",
    ]);
    const graded: RunResults = {
      ...shared,
      benchmark: "longcodeu",
      summary: {
        metrics: {},
        table: { tasks: {}, average: { all: { tasks: 0, recall: null, precision: null }, buckets: {} } },
      },
    };
    expect(resultTables(graded, [])).toEqual([]);
    // With a threshold sweep: the reference's two tables.
    expect(resultTables(results, [])).toEqual([resultsTable(results), depthTable(results)]);
  });

  it("says what a run spent, and that a baseline spent nothing", () => {
    const spent = progress({
      model_calls: 40,
      cached: 2,
      tokens: { prompt: 633_300, completion: 1_200, reserved: 0 },
      cost_usd: 0.5,
    });
    expect(spendLine("openai-compatible:m@http://127.0.0.1:1/v1", spent)).toBe(
      "40 model calls, 2 cached; 634.5k tokens (633.3k prompt + 1.2k completion), cost $0.5000",
    );
    expect(spendLine("baseline:bm25", spent)).toBe(
      "baseline:bm25 is a built-in baseline: its answers are computed in the service, so no model is called and no tokens are spent",
    );
  });
});

clientTests(() => ({ url, token, repoqa: DATASET, suite: SUITE }));

describe("SSE client", () => {
  it("parses events split anywhere across chunks", () => {
    const text =
      'event: progress\r\ndata: {"n":1}\r\nid: 1\r\n\r\n: keep-alive\n\ndata: a\ndata: b é\n\nevent: done\rdata:{"n":2}\rid:2\r\r';
    const bytes = new TextEncoder().encode(text);
    const one = new SseParser();
    const whole = [...one.push(bytes), ...one.end()]; // the last CR could be half a CRLF until the end
    expect(whole).toEqual([
      { event: "progress", data: '{"n":1}', id: "1" },
      { event: "message", data: "a\nb é", id: "1" },
      { event: "done", data: '{"n":2}', id: "2" },
    ]);
    // Every split point, and byte by byte (CRLF and the two bytes of "é" cut in half).
    for (let cut = 1; cut < bytes.length; cut++) {
      const parser = new SseParser();
      expect([...parser.push(bytes.slice(0, cut)), ...parser.push(bytes.slice(cut)), ...parser.end()]).toEqual(whole);
    }
    const parser = new SseParser();
    expect([...[...bytes].flatMap((b) => parser.push(new Uint8Array([b]))), ...parser.end()]).toEqual(whole);
    // A block cut off by the end of the stream is not an event.
    const cut = new SseParser();
    expect([...cut.push("event: progress\ndata: x\n"), ...cut.end()]).toEqual([]);
  });

  it("reconnects when the stream ends before done", async () => {
    let connections = 0;
    const server: Server = createServer((_req, res) => {
      connections++;
      res.writeHead(200, { "content-type": "text/event-stream" });
      if (connections === 1) return res.end("event: progress\ndata: 1\n\nevent: progr"); // closed mid-event
      res.write("event: progress\ndata: 2\n\n");
      setTimeout(() => res.end("event: done\ndata: 3\n\nevent: progress\ndata: never\n\n"), 20);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const seen = [];
      for await (const e of sseEvents(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, {
        retryDelayMs: 10,
      }))
        seen.push(`${e.event}:${e.data}`);
      expect(seen).toEqual(["progress:1", "progress:2", "done:3"]);
      expect(connections).toBe(2);
    } finally {
      server.close();
    }
  });

  it("gives up on an error answer or a stream that keeps failing", async () => {
    let status = 404;
    const server: Server = createServer((_req, res) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify({ detail: "No run run-x." }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const at = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const drain = async () => {
      for await (const _ of sseEvents(at, { retryDelayMs: 1, maxFailures: 3 })) void _;
    };
    try {
      await expect(drain()).rejects.toThrow("404: No run run-x.");
      status = 200; // answers, but never with an event
      await expect(drain()).rejects.toThrow(/lost the events stream .*ended before the done event/);
    } finally {
      server.close();
    }
  });
});
