/**
 * The client package (packages/client) against a real instance: the one test/cli/eval.test.ts
 * starts, with its RepoQA fixture and SemTrace-family suite (no instance of its own: CI's budget).
 * Every call, an error path of each kind, the promptfoo helpers against the export's own prefill
 * placement, the committed API types against the running service's OpenAPI document, and the
 * package as published (built with its own tsconfig, imported from dist/, packed).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { CLIENT_TYPES_FILE, clientTypes } from "../../cli/lib/client-types";
import { ROOT } from "../../cli/lib/api";
import { Needlework, NeedleworkError, chatRequest, foldPrefill, promptfooTest, type InspectSample, type PromptfooTestCase, type Run, type RunProgress, type UnitPrompt } from "../../packages/client/src/index";
// Type-only: the service's own types, which the client's hand-declared ones must accept (checked by tsc).
import type { RunProgress as ServiceProgress } from "../../src/runs/config";
import type { runView } from "../../src/runs/service";
import type { promptfooTest as servicePromptfooTest } from "../../src/harnesses/promptfoo";
import type { inspectSample } from "../../src/harnesses/inspect";

/** What the service answers fits what the client declares (a compile-time check: `npm test` runs tsc). */
export const typesAgree = (p: ServiceProgress, r: ReturnType<typeof runView>, t: ReturnType<typeof servicePromptfooTest>, s: ReturnType<typeof inspectSample>): [RunProgress, Run, PromptfooTestCase, InspectSample] => [p, r, t, s];

const PACKAGE = join(ROOT, "packages/client");

export interface ClientContext {
  url: string;
  token: string;
  /** A RepoQA dataset of 16 units. */
  repoqa: string;
  /** A SemTrace-family suite whose `semtrace` prompts end with a prefill. */
  suite: string;
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** The NeedleworkError `promise` rejects with. */
async function problemOf(promise: Promise<unknown>): Promise<NeedleworkError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(NeedleworkError);
  return err as NeedleworkError;
}

export function clientTests(ctx: () => ClientContext) {
  describe("the client package", () => {
    it("has API types that the running service's OpenAPI document makes (else: npm run client:types)", async () => {
      const document = (await (await fetch(`${ctx().url}/openapi.json`)).json()) as Record<string, unknown>;
      const committed = readFileSync(CLIENT_TYPES_FILE, "utf8");
      // Not toBe: a 200 KB diff is no help; the message says what to do.
      expect(committed === (await clientTypes(document)), "packages/client/src/generated/openapi.ts is stale: run `npm run client:types` and commit it").toBe(true);
    });

    it("pages units, reads prompts and streams the export in its three formats", async () => {
      const { url, repoqa } = ctx();
      const client = new Needlework({ baseUrl: url });
      const whole = await client.units("repoqa-snf", repoqa, { limit: 100 });
      expect(whole.units).toHaveLength(16);
      expect(whole.next).toBeNull();
      const first = await client.units("repoqa-snf", repoqa, { limit: 5 });
      expect(first.units).toEqual(whole.units.slice(0, 5));
      expect(first.next).toEqual(expect.any(String));
      // Every page, five units a page, in run order; filters pass through (a repeated language).
      expect(await collect(client.allUnits("repoqa-snf", repoqa, { limit: 5 }))).toEqual(whole.units);
      const goPy = await collect(client.allUnits("repoqa-snf", repoqa, { language: ["go", "python"], limit: 3 }));
      expect(goPy).toEqual(whole.units.filter((u) => u.language === "go" || u.language === "python"));

      // The export follows Link: rel="next" (limit 5: four requests) and yields each line parsed.
      const lines = await collect(client.export("repoqa-snf", repoqa, { limit: 5 }));
      expect(lines.map((l) => l.unit)).toEqual(whole.units.map((u) => u.unit));
      const unit = whole.units[3].unit; // ids hold ':' and '/': percent-encoded by the client
      const prompt: UnitPrompt = await client.prompt("repoqa-snf", repoqa, unit);
      expect(lines[3]).toEqual(prompt);
      expect(prompt.messages.length).toBeGreaterThan(0);
      const strict = await client.prompt("repoqa-snf", repoqa, unit, { options: { scoring_mode: "strict" } });
      expect(strict.options).toMatchObject({ scoring_mode: "strict" });

      const tests = await collect(client.export("repoqa-snf", repoqa, { format: "promptfoo", language: "go" }));
      expect(tests.map((t) => t.vars.unit)).toEqual(whole.units.filter((u) => u.language === "go").map((u) => u.unit));
      expect(tests[0].assert[0]).toMatchObject({ type: "webhook", value: `${url}/v1/score/promptfoo` });
      const samples = await collect(client.export("repoqa-snf", repoqa, { format: "inspect", prefix: unit }));
      expect(samples.map((s) => [s.id, s.input])).toEqual([[unit, prompt.messages]]);
    });

    it("scores one output and a batch with the same verdicts", async () => {
      const { url, repoqa } = ctx();
      const client = new Needlework({ baseUrl: url });
      const units = (await client.units("repoqa-snf", repoqa, { limit: 3 })).units;
      const batch = await client.scoreBatch({ benchmark: "repoqa-snf", dataset: repoqa, answers: units.map((u, i) => ({ unit: u.unit, answer: i ? "```\nnothing\n```" : "" })) });
      expect(batch.results.map((r) => r.unit)).toEqual(units.map((u) => u.unit));
      expect(batch.summary.all).toMatchObject({ n: 3 });
      for (const [i, u] of units.entries()) {
        const one = await client.score({ benchmark: "repoqa-snf", dataset: repoqa, unit: u.unit, answer: i ? "```\nnothing\n```" : "" });
        expect({ passed: one.passed, score: one.score, detail: one.detail }).toEqual({ passed: batch.results[i].passed, score: batch.results[i].score, detail: batch.results[i].detail });
        expect(one.dataset_sha256).toBe(batch.dataset_sha256);
      }
    });

    it("submits outputs into a run, follows it and reads its status and results", async () => {
      const { url, token, repoqa } = ctx();
      const client = new Needlework({ baseUrl: url, token });
      const units = (await client.units("repoqa-snf", repoqa, { language: "go", limit: 2 })).units;
      const outputs = units.map((u) => ({ unit: u.unit, output: "" }));
      const run = await client.submitOutputs({ benchmark: "repoqa-snf", dataset: repoqa, model: "client-test", outputs, publish: false });
      expect(run).toMatchObject({ benchmark: "repoqa-snf", dataset: repoqa, model: "submitted:client-test", units: 2 });
      const seen: string[] = [];
      const final = await client.waitForRun(run.id, { onProgress: (p) => seen.push(p.status) });
      expect(final.status).toBe("completed");
      expect(seen.at(-1)).toBe("completed");
      const status = await client.run(run.id);
      expect(status).toMatchObject({ id: run.id, status: "completed", counts: { done: 2, scored: 2, passed: 0 } });
      const results = await client.runResults(run.id);
      expect(results).toMatchObject({ run: run.id, status: "completed", samples: 2, scored: 2, errors: 0 });
      // Each sample got the verdict POST /v1/score gives the same output.
      for (const o of outputs) expect((await client.score({ benchmark: "repoqa-snf", dataset: repoqa, unit: o.unit, answer: o.output })).passed).toBe(false);
    });

    it("throws the problem document (status, title, detail) on every kind of failure", async () => {
      const { url, token, repoqa } = ctx();
      const client = new Needlework({ baseUrl: url });
      const missing = await problemOf(client.prompt("repoqa-snf", repoqa, "no::such::unit"));
      expect(missing).toMatchObject({ status: 404, title: "Not found", kind: "not-found" });
      expect(missing.detail).toContain("no::such::unit");
      expect(missing.requestId).toEqual(expect.any(String));
      expect(missing.problem).toMatchObject({ type: "urn:needlework:problem:not-found", status: 404 });
      expect(missing.message).toBe(`404 Not found: ${missing.detail}`);

      const invalid = await problemOf(client.score({ benchmark: "no-such-benchmark" as never, dataset: repoqa, unit: "x", answer: "" }));
      expect(invalid).toMatchObject({ status: 400, kind: "validation-error" });
      expect(invalid.problem?.errors?.[0].path).toBe("benchmark");
      // An error of a streamed call comes with its first line.
      const lost = await problemOf(collect(client.export("repoqa-snf", "no-such-dataset")));
      expect(lost).toMatchObject({ status: 404, kind: "not-found" });
      const gone = await problemOf(client.run("run-20000101000000-0000000000"));
      expect(gone.status).toBe(404);
      await problemOf(collect(client.runEvents("run-20000101000000-0000000000")));

      // A call that needs a role: no token is refused before any request; a wrong one is a 401.
      const submit = { benchmark: "repoqa-snf", dataset: repoqa, model: "client-test", outputs: [{ unit: "x", output: "" }] };
      await expect(client.submitOutputs(submit)).rejects.toThrow(/needs a token/);
      const refused = await problemOf(new Needlework({ baseUrl: url, token: "not-a-token" }).submitOutputs(submit));
      expect(refused).toMatchObject({ status: 401, kind: "unauthorized" });
      // A unit the dataset lacks: nothing stored, the problem names it.
      const unknown = await problemOf(new Needlework({ baseUrl: url, token }).submitOutputs(submit));
      expect(unknown).toMatchObject({ status: 422, kind: "unprocessable-content" });
      expect(unknown.problem?.unknown_units).toEqual(["x"]);
    });

    it("folds the prefill as the export's prefill=user places it, and gives each unit its max_tokens", async () => {
      const { url, suite } = ctx();
      const client = new Needlework({ baseUrl: url });
      const kept = await collect(client.export("semtrace", suite, { format: "promptfoo" }));
      const byService = await collect(client.export("semtrace", suite, { format: "promptfoo", prefill: "user" }));
      expect(kept.length).toBeGreaterThan(0);
      expect(kept.every((t) => t.vars.prefill !== null && t.vars.messages.at(-1)?.role === "assistant")).toBe(true);
      for (const [i, test] of kept.entries()) {
        const folded = promptfooTest(test, { prefill: "fold" });
        expect(folded.vars.messages).toEqual(byService[i].vars.messages);
        expect(folded.vars.prefill).toBeNull();
        expect(folded.options.max_tokens).toBe(test.vars.max_tokens);
        expect(folded.assert).toEqual(test.assert);
        expect(chatRequest(test.vars, { prefill: "fold" })).toEqual({ messages: byService[i].vars.messages, max_tokens: test.vars.max_tokens });
        // promptfoo may hand a custom provider the messages as their JSON.
        expect(chatRequest({ ...test.vars, messages: JSON.stringify(test.vars.messages) })).toEqual({ messages: test.vars.messages, max_tokens: test.vars.max_tokens });
      }
      // Kept, the prefill stays the final assistant turn; messages without one are left alone.
      expect(promptfooTest(kept[0]).vars.messages).toEqual(kept[0].vars.messages);
      const plain = [{ role: "user" as const, content: "q" }];
      expect(foldPrefill(plain)).toEqual(plain);
    });

    it("publishes as a package: built alone, imported from dist/, packed with its README and licence", async () => {
      const manifest = JSON.parse(readFileSync(join(PACKAGE, "package.json"), "utf8"));
      expect(manifest).toMatchObject({ name: "@needlework/client", license: "Apache-2.0", type: "module", exports: { ".": { types: "./dist/index.d.ts", import: "./dist/index.js" } } });
      expect(manifest.dependencies).toBeUndefined();
      // Its sources import only each other (relative paths), and no Node built-in.
      const sources = readdirSync(join(PACKAGE, "src"), { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));
      for (const file of sources) {
        for (const m of readFileSync(join(PACKAGE, "src", file), "utf8").matchAll(/(?:import|export)[^;]*?from\s+"([^"]+)"/g)) expect(m[1], file).toMatch(/^\.\.?\//);
      }
      // The build of `npm pack` (its tsconfig), into a directory of the test's; without the type
      // check, which `npm test` runs before (`tsc -p packages/client --noEmit`: web platform types only).
      const out = mkdtempSync(join(tmpdir(), "nw-client-dist-"));
      execFileSync(join(ROOT, "node_modules/.bin/tsc"), ["-p", join(PACKAGE, "tsconfig.json"), "--outDir", out, "--noCheck"], { cwd: ROOT });
      const built = (await import(pathToFileURL(join(out, "index.js")).href)) as typeof import("../../packages/client/src/index");
      expect(await new built.Needlework({ baseUrl: ctx().url }).health()).toMatchObject({ status: "ok" });
      expect(readdirSync(out)).toEqual(expect.arrayContaining(["index.js", "index.d.ts", "client.js", "generated"]));
      const packed = JSON.parse(execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: PACKAGE, encoding: "utf8" }))[0] as { files: { path: string }[] };
      expect(packed.files.map((f) => f.path)).toEqual(expect.arrayContaining(["LICENSE", "README.md", "package.json", "src/index.ts", "src/generated/openapi.ts"]));
    });
  });
}
