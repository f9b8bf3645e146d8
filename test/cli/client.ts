/**
 * The client package (packages/client) against a real instance: the one test/cli/eval.test.ts
 * starts, with its RepoQA fixture and SemTrace-family suite (no instance of its own: CI's budget).
 * Every call, an error path of each kind, the promptfoo helpers against the export's own prefill
 * placement, the committed API types against the running service's OpenAPI document, and the
 * package as published (built with its own tsconfig, imported from dist/, packed); submissions in
 * parts (the split against Node's own UTF-8 byte counts, a submission stopped and resumed, 429s
 * waited out, each refusal of a part as a NeedleworkError).
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { CLIENT_TYPES_FILE, clientTypes } from "../../cli/lib/client-types";
import { ROOT } from "../../cli/lib/api";
import {
  MAX_PART_BYTES,
  Needlework,
  NeedleworkError,
  PART_LIMITS,
  errorOf,
  chatRequest,
  foldPrefill,
  needsParts,
  promptfooTest,
  splitParts,
  type InspectSample,
  type PromptfooTestCase,
  type Run,
  type RunOutputsParts,
  type RunProgress,
  type SubmittedOutput,
  type UnitPrompt,
} from "../../packages/client/src/index";
import { PART_LIMITS as SERVICE_PART_LIMITS } from "../../src/core/runs/submitted";
// Type-only: the service's own types, which the client's types must accept (checked by tsc): the
// export's lines, hand-declared (JSON lines: no OpenAPI schema), and the events' progress. The
// generated ones are checked on real answers against the document (ajv, below).
import type { RunProgress as ServiceProgress } from "../../src/core/runs/config";
import type { promptfooTest as servicePromptfooTest } from "../../src/core/harnesses/promptfoo";
import type { inspectSample } from "../../src/core/harnesses/inspect";

/** What the service answers fits what the client declares (a compile-time check: `npm test` runs tsc). */
export const typesAgree = (
  p: ServiceProgress,
  t: ReturnType<typeof servicePromptfooTest>,
  s: ReturnType<typeof inspectSample>,
): [RunProgress, PromptfooTestCase, InspectSample] => [p, t, s];

const PACKAGE = join(ROOT, "packages/client");

export interface ClientContext {
  url: string;
  token: string;
  /** A RepoQA dataset of 16 units. */
  repoqa: string;
  /** A SemTrace-family suite whose `semtrace` prompts end with a prefill. */
  suite: string;
}

/**
 * An output per unit of about `size` characters: a function, then comment lines of 1- to 4-byte
 * UTF-8 characters and JSON escapes (comments: cheap to score, where a scorer's parser would
 * labour over the same characters as code).
 */
function paddedOutputs(units: string[], size: number): SubmittedOutput[] {
  const alphabet = ["a", '"', "\\", "é", "→", "語", "😀", "\u0001", "\t"];
  return units.map((unit, i) => {
    let output = `def f${i}():\n    return ${i}\n`;
    for (let k = 0; output.length < size; k++) output += k % 40 ? alphabet[(i * 7 + k * 3) % alphabet.length] : "\n# ";
    return { unit, output: `${output}\n` };
  });
}

/** The sha256 a submission of `outputs` in one body gets (its receipt's outputs_sha256). */
const submissionSha = (outputs: SubmittedOutput[]) =>
  createHash("sha256").update(JSON.stringify(outputs)).digest("hex");

/** A fetch that records `METHOD /path` of each request; `answer` may answer one itself (else it goes to the service). */
function watchedFetch(seen: string[], answer?: (method: string, path: string) => Response | undefined): typeof fetch {
  return (input, init) => {
    const method = init?.method ?? "GET";
    const path = new URL(String(input)).pathname;
    seen.push(`${method} ${path.split("/").slice(3).join("/") || path}`);
    return Promise.resolve(answer?.(method, path) ?? fetch(input, init));
  };
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
  let submitter: Promise<string> | undefined;
  /** A submitter token of the parts tests' own: the `runs` rate limit (30 a minute) counts per token, and the admin token's is the other tests'. */
  const partsToken = () =>
    (submitter ??= new Needlework({ baseUrl: ctx().url, token: ctx().token })
      .createToken({ role: "submitter", name: "client-parts" })
      .then((t) => t.token));

  describe("the client package", () => {
    it("has API types that the running service's OpenAPI document makes (else: npm run client:types)", async () => {
      const document = (await (await fetch(`${ctx().url}/openapi.json`)).json()) as Record<string, unknown>;
      const committed = readFileSync(CLIENT_TYPES_FILE, "utf8");
      // Not toBe: a 200 KB diff is no help; the message says what to do.
      expect(
        committed === (await clientTypes(document)),
        "packages/client/src/generated/openapi.ts is stale: run `npm run client:types` and commit it",
      ).toBe(true);
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
      const batch = await client.scoreBatch({
        benchmark: "repoqa-snf",
        dataset: repoqa,
        answers: units.map((u, i) => ({ unit: u.unit, answer: i ? "```\nnothing\n```" : "" })),
      });
      expect(batch.results.map((r) => r.unit)).toEqual(units.map((u) => u.unit));
      expect(batch.summary.all).toMatchObject({ n: 3 });
      for (const [i, u] of units.entries()) {
        const one = await client.score({
          benchmark: "repoqa-snf",
          dataset: repoqa,
          unit: u.unit,
          answer: i ? "```\nnothing\n```" : "",
        });
        expect({ passed: one.passed, score: one.score, detail: one.detail }).toEqual({
          passed: batch.results[i].passed,
          score: batch.results[i].score,
          detail: batch.results[i].detail,
        });
        expect(one.dataset_sha256).toBe(batch.dataset_sha256);
      }
    });

    it("submits outputs into a run, follows it and reads its status and results", async () => {
      const { url, token, repoqa } = ctx();
      const client = new Needlework({ baseUrl: url, token });
      const units = (await client.units("repoqa-snf", repoqa, { language: "go", limit: 2 })).units;
      const outputs = units.map((u) => ({ unit: u.unit, output: "" }));
      const run = await client.submitOutputs({
        benchmark: "repoqa-snf",
        dataset: repoqa,
        model: "client-test",
        outputs,
        publish: false,
      });
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
      for (const o of outputs)
        expect(
          (await client.score({ benchmark: "repoqa-snf", dataset: repoqa, unit: o.unit, answer: o.output })).passed,
        ).toBe(false);
    });

    it("splits outputs into parts within the bounds, counting bytes as Node's UTF-8 does, and knows the service's bounds", async () => {
      const document = JSON.stringify(await (await fetch(`${ctx().url}/openapi.json`)).json());
      expect({ parts: PART_LIMITS.parts, outputs: PART_LIMITS.outputs }).toEqual(SERVICE_PART_LIMITS);
      expect(document).toContain(`the body at most ${PART_LIMITS.bodyBytes} bytes`);
      expect(MAX_PART_BYTES + Buffer.byteLength('{"outputs":}')).toBe(PART_LIMITS.bodyBytes);
      const units = Array.from({ length: 300 }, (_, i) => `u${i}`);
      for (const [size, partBytes] of [
        [10, 64],
        [100, 1000],
        [700, 4096],
        [3000, 2048],
      ] as const) {
        const outputs = paddedOutputs(units, size);
        const parts = splitParts(outputs, partBytes);
        expect(parts.flat()).toEqual(outputs);
        for (const [i, part] of parts.entries()) {
          const bytes = Buffer.byteLength(JSON.stringify(part));
          // Within partBytes (or one output alone), and full: the next output would not have fit.
          if (part.length > 1) expect(bytes).toBeLessThanOrEqual(partBytes);
          if (i + 1 < parts.length)
            expect(Buffer.byteLength(JSON.stringify([...part, parts[i + 1][0]]))).toBeGreaterThan(partBytes);
        }
        expect(needsParts(outputs, partBytes)).toBe(Buffer.byteLength(JSON.stringify(outputs)) > partBytes);
      }
      const many = units.flatMap((u) => Array.from({ length: 20 }, (_, k) => ({ unit: `${u}-${k}`, output: "" })));
      expect(splitParts(many, MAX_PART_BYTES).map((p) => p.length)).toEqual([5000, 1000]);
      expect(needsParts(many.slice(0, 5000))).toBe(false);
      expect(needsParts(many.slice(0, 5001))).toBe(true);
      expect(() => splitParts(many, MAX_PART_BYTES + 1)).toThrow(RangeError);
      // More parts than a run takes: refused before any request (nothing listens on port 9).
      const nowhere = new Needlework({ baseUrl: "http://127.0.0.1:9", token: "t" });
      const tooMany = many.slice(0, PART_LIMITS.parts + 1);
      await expect(
        nowhere.submitOutputs(
          { benchmark: "repoqa-snf", dataset: "d", model: "m", outputs: tooMany },
          { partBytes: 1 },
        ),
      ).rejects.toThrow(/a run takes at most 64 parts/);
    });

    it("submits outputs in parts, stops when told, and resumes sending only the missing parts through a 429", async () => {
      const { url, repoqa } = ctx();
      const token = await partsToken();
      const seen: string[] = [];
      let limited = false;
      // One 429 in the service's shape on the first part the resume sends (the runs limit's).
      const client = new Needlework({
        baseUrl: url,
        token,
        fetch: watchedFetch(seen, (method) => {
          if (method !== "PUT" || limited || !seen.some((s) => s.endsWith("/outputs"))) return undefined;
          limited = true;
          const problem = {
            type: "urn:needlework:problem:too-many-requests",
            title: "Too many requests",
            status: 429,
            detail: "retry after 1 s",
            request_id: null,
            retry_after: 1,
          };
          return new Response(JSON.stringify(problem), {
            status: 429,
            headers: { "content-type": "application/problem+json", "retry-after": "1" },
          });
        }),
      });
      const units = (await client.units("repoqa-snf", repoqa, { limit: 100 })).units.map((u) => u.unit);
      const outputs = paddedOutputs(units, 600);
      const parts = splitParts(outputs, 4096);
      expect(parts.length).toBeGreaterThanOrEqual(4);
      const request = {
        benchmark: "repoqa-snf" as const,
        dataset: repoqa,
        model: "client-parts",
        publish: false,
        outputs,
      };

      // Stopped after the second part: the flow throws the signal's AbortError, two parts are in.
      const stop = new AbortController();
      let created: Run | undefined;
      const sent: number[] = [];
      const stopped = await client
        .submitOutputs(request, {
          partBytes: 4096,
          signal: stop.signal,
          onRun: (r) => (created = r),
          onPart: (p) => sent.push(p.part) === 2 && stop.abort(),
        })
        .then(
          () => undefined,
          (err: unknown) => err,
        );
      expect((stopped as Error).name).toBe("AbortError");
      expect(created).toMatchObject({ status: "receiving", parts: { expected: parts.length, received: [] } });
      expect(sent).toEqual([1, 2]);
      const id = created!.id;
      expect(await client.parts(id)).toMatchObject({
        run: id,
        status: "receiving",
        parts: parts.length,
        missing: parts.slice(2).map((_, i) => i + 3),
        outputs: parts[0].length + parts[1].length,
        started: false,
      });

      // A different split is refused before anything is sent.
      seen.length = 0;
      await expect(client.resumeSubmission(id, outputs, { partBytes: 8192 })).rejects.toThrow(RangeError);
      expect(seen).toEqual([`GET ${id}/outputs`]);

      // The resume asks what is in and sends only the rest, waiting out the 429 (its Retry-After).
      seen.length = 0;
      let status: RunOutputsParts | undefined;
      const waits: number[] = [];
      const resumed = await client.resumeSubmission(id, outputs, {
        partBytes: 4096,
        onStatus: (s) => (status = s),
        onRateLimit: (s) => waits.push(s),
      });
      expect(status?.missing).toEqual(parts.slice(2).map((_, i) => i + 3));
      expect(waits).toEqual([1]);
      const third = `PUT ${id}/outputs/3`;
      expect(seen).toEqual([
        `GET ${id}/outputs`,
        third,
        third,
        ...parts.slice(3).map((_, i) => `PUT ${id}/outputs/${i + 4}`),
        `GET ${id}`,
      ]);
      expect(resumed.id).toBe(id);
      expect((await client.waitForRun(id)).status).toBe("completed");
      const run = await client.run(id);
      // Scored as the same outputs in one body would be.
      expect(run.receipt).toMatchObject({ parts: parts.length, outputs: 16, outputs_sha256: submissionSha(outputs) });
      expect(run.counts).toMatchObject({ done: 16, scored: 16, error: 0 });
      // Resumed again once complete: nothing to send.
      seen.length = 0;
      await client.resumeSubmission(id, outputs, { partBytes: 4096 });
      expect(seen).toEqual([`GET ${id}/outputs`, `GET ${id}`]);

      // A small submission stays one body.
      const small = outputs.slice(0, 1);
      expect(needsParts(small, 4096)).toBe(false);
      const one = await client.submitOutputs({ ...request, outputs: small }, { partBytes: 4096 });
      expect(one.receipt.parts).toBeUndefined();
      expect(one.receipt.outputs_sha256).toBe(submissionSha(small));
    });

    it("reads a 429's Retry-After as seconds or as a date, else the problem's retry_after", async () => {
      const problem = JSON.stringify({
        type: "urn:needlework:problem:too-many-requests",
        title: "Too many requests",
        status: 429,
        detail: "later",
        request_id: null,
        retry_after: 7,
      });
      const answer = (headers: Record<string, string>) => errorOf(new Response(problem, { status: 429, headers }));
      expect((await answer({ "retry-after": "3" })).retryAfter).toBe(3);
      const inFive = (await answer({ "retry-after": new Date(Date.now() + 5000).toUTCString() })).retryAfter!;
      expect(inFive).toBeGreaterThanOrEqual(4);
      expect(inFive).toBeLessThanOrEqual(6);
      expect((await answer({})).retryAfter).toBe(7);
      expect((await errorOf(new Response("busy", { status: 503 }))).retryAfter).toBeUndefined();
    });

    it("sends parts one by one: a re-send changes nothing, other content is a 409 and a unit sent twice a 422", async () => {
      const { url, repoqa } = ctx();
      const token = await partsToken();
      const client = new Needlework({ baseUrl: url, token });
      const units = (await client.units("repoqa-snf", repoqa, { limit: 4 })).units.map((u) => u.unit);
      const outputs = units.map((unit) => ({ unit, output: "" }));
      const run = await client.createPartsRun({
        benchmark: "repoqa-snf",
        dataset: repoqa,
        model: "client-parts",
        publish: false,
        parts: 2,
      });
      expect(run).toMatchObject({ status: "receiving", parts: { expected: 2, received: [] } });
      const first = await client.putPart(run.id, 1, outputs.slice(0, 2));
      expect(first).toMatchObject({
        part: 1,
        stored: true,
        missing: [2],
        started: false,
        sha256: submissionSha(outputs.slice(0, 2)),
      });
      expect(await client.putPart(run.id, 1, outputs.slice(0, 2))).toMatchObject({
        part: 1,
        stored: false,
        missing: [2],
      });

      const other = await problemOf(client.putPart(run.id, 1, [{ unit: units[0], output: "other" }, outputs[1]]));
      expect(other).toMatchObject({ status: 409, kind: "conflict" });
      expect(other.problem?.stored_sha256).toBe(first.sha256);
      const twice = await problemOf(client.putPart(run.id, 2, [outputs[1], outputs[2]]));
      expect(twice).toMatchObject({ status: 422, kind: "unprocessable-content" });
      expect(twice.problem?.duplicate_units).toEqual([units[1]]);
      const unknown = await problemOf(client.putPart(run.id, 2, [{ unit: "no::such::unit", output: "" }]));
      expect(unknown.problem?.unknown_units).toEqual(["no::such::unit"]);
      expect((await problemOf(client.putPart(run.id, 3, outputs.slice(2)))).status).toBe(422);
      // Nothing of a refused part was stored; the right one starts the run.
      expect(await client.parts(run.id)).toMatchObject({ missing: [2], outputs: 2 });
      expect(await client.putPart(run.id, 2, outputs.slice(2))).toMatchObject({
        part: 2,
        stored: true,
        missing: [],
        started: true,
      });
      expect((await client.waitForRun(run.id)).status).toBe("completed");
      expect((await problemOf(client.parts("run-20000101000000-0000000000"))).status).toBe(404);
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

      const invalid = await problemOf(
        client.score({ benchmark: "no-such-benchmark" as never, dataset: repoqa, unit: "x", answer: "" }),
      );
      expect(invalid).toMatchObject({ status: 400, kind: "validation-error" });
      expect(invalid.problem?.errors?.[0].path).toBe("benchmark");
      // An error of a streamed call comes with its first line.
      const lost = await problemOf(collect(client.export("repoqa-snf", "no-such-dataset")));
      expect(lost).toMatchObject({ status: 404, kind: "not-found" });
      const gone = await problemOf(client.run("run-20000101000000-0000000000"));
      expect(gone.status).toBe(404);
      await problemOf(collect(client.runEvents("run-20000101000000-0000000000")));

      // A call that needs a role: no token is refused before any request; a wrong one is a 401.
      const submit = {
        benchmark: "repoqa-snf",
        dataset: repoqa,
        model: "client-test",
        outputs: [{ unit: "x", output: "" }],
      };
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
        expect(chatRequest(test.vars, { prefill: "fold" })).toEqual({
          messages: byService[i].vars.messages,
          max_tokens: test.vars.max_tokens,
        });
        // promptfoo may hand a custom provider the messages as their JSON.
        expect(chatRequest({ ...test.vars, messages: JSON.stringify(test.vars.messages) })).toEqual({
          messages: test.vars.messages,
          max_tokens: test.vars.max_tokens,
        });
      }
      // Kept, the prefill stays the final assistant turn; messages without one are left alone.
      expect(promptfooTest(kept[0]).vars.messages).toEqual(kept[0].vars.messages);
      const plain = [{ role: "user" as const, content: "q" }];
      expect(foldPrefill(plain)).toEqual(plain);
    });

    it("publishes as a package: built alone, imported from dist/, packed with its README and licence", async () => {
      const manifest = JSON.parse(readFileSync(join(PACKAGE, "package.json"), "utf8"));
      expect(manifest).toMatchObject({
        name: "@needlework/client",
        license: "Apache-2.0",
        type: "module",
        exports: { ".": { types: "./dist/index.d.ts", import: "./dist/index.js" } },
      });
      expect(manifest.dependencies).toBeUndefined();
      // Its sources import only each other (relative paths), and no Node built-in.
      const sources = readdirSync(join(PACKAGE, "src"), { recursive: true, encoding: "utf8" }).filter((f) =>
        f.endsWith(".ts"),
      );
      for (const file of sources) {
        for (const m of readFileSync(join(PACKAGE, "src", file), "utf8").matchAll(
          /(?:import|export)[^;]*?from\s+"([^"]+)"/g,
        ))
          expect(m[1], file).toMatch(/^\.\.?\//);
      }
      // The build of `npm pack` (its tsconfig), into a directory of the test's; without the type
      // check, which `npm test` runs before (`tsc -p packages/client --noEmit`: web platform types only).
      const out = mkdtempSync(join(tmpdir(), "nw-client-dist-"));
      execFileSync(
        join(ROOT, "node_modules/.bin/tsc"),
        ["-p", join(PACKAGE, "tsconfig.json"), "--outDir", out, "--noCheck"],
        { cwd: ROOT },
      );
      const built = (await import(
        pathToFileURL(join(out, "index.js")).href
      )) as typeof import("../../packages/client/src/index");
      expect(await new built.Needlework({ baseUrl: ctx().url }).health()).toMatchObject({ status: "ok" });
      expect(readdirSync(out)).toEqual(expect.arrayContaining(["index.js", "index.d.ts", "client.js", "generated"]));
      const packed = JSON.parse(
        execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: PACKAGE, encoding: "utf8" }),
      )[0] as { files: { path: string }[] };
      expect(packed.files.map((f) => f.path)).toEqual(
        expect.arrayContaining(["LICENSE", "README.md", "package.json", "src/index.ts", "src/generated/openapi.ts"]),
      );
    });
  });
}
