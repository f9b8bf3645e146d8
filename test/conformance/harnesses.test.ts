/**
 * The harness surface for every registered benchmark, with a fixture dataset of its kind:
 * GET .../export in its three formats gives every unit, in run order, with the very prompt GET
 * .../prompt answers; a promptfoo test case, sent back as promptfoo's webhook sends it, gets from
 * POST /v1/score/promptfoo the verdict POST /v1/score/batch gives the same output, on every unit,
 * for the oracle's answer and an empty one. The real promptfoo runs the export in
 * test/cli/promptfoo.test.ts.
 */
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { allBenchmarks, getBenchmark } from "../../src/benchmarks/registry";
import { sha256Hex } from "../../src/lib/sha256";
import { BASE, get, post } from "../helpers";
import { FIXTURES, allUnits, promptPath } from "./helpers";

const benchmarks = allBenchmarks().map((b) => [b.id, b.datasetKind] as const);
const exportPath = (benchmark: string, dataset: string, query = "") =>
  `/v1/benchmarks/${benchmark}/datasets/${dataset}/export${query ? `?${query}` : ""}`;
const SCORE_URL = `${BASE}/v1/score/promptfoo`;

/** The lines of an export response, parsed. */
async function lines(res: Response): Promise<any[]> {
  expect(res.status, res.status === 200 ? "" : await res.clone().text()).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/x-ndjson; charset=utf-8");
  // Decoded here: workerd warns when .text() reads a body whose type is not text/*.
  const text = new TextDecoder().decode(await res.arrayBuffer());
  if (text === "") return [];
  expect(text.endsWith("\n")).toBe(true);
  return text
    .slice(0, -1)
    .split("\n")
    .map((l) => JSON.parse(l));
}

/** The facts of a prompt (a line of format=jsonl) the other formats repeat, written out field by field. */
const facts = (p: any) => ({
  task: p.task,
  language: p.language,
  position: p.position,
  context_size: p.context_size,
  born: p.born,
  prompt_tokens: p.prompt_tokens,
  prompt_sha256: p.prompt_sha256,
  prompt_template_version: p.prompt_template_version,
  dataset_sha256: p.dataset_sha256,
});

/** What promptfoo 0.123.1's webhook assertion POSTs: `{output, context: {prompt, vars}}`, the prompt as `{{ messages | dump }}` renders it. */
const webhookBody = (test: any, output: string) =>
  JSON.stringify({ output, context: { prompt: JSON.stringify(test.vars.messages), vars: test.vars } });

describe.each(benchmarks)("%s", (id, kind) => {
  it("export?format=jsonl: every unit's prompt as GET .../prompt answers it, in run order", async () => {
    const dataset = await FIXTURES[kind]();
    const listed = await allUnits(id, dataset, "", 1000);
    const res = await get(exportPath(id, dataset, "format=jsonl"));
    expect(res.headers.get("x-total-count")).toBe(String(listed.total));
    expect(res.headers.get("link")).toBeNull();
    const records = await lines(res);
    expect(records.map((r) => r.unit)).toEqual(listed.units.map((u) => u.unit));
    for (const r of records) expect(r).toEqual(await (await get(promptPath(id, dataset, r.unit))).json());
    // The default format is jsonl.
    expect(await lines(await get(exportPath(id, dataset)))).toEqual(records);
  });

  it("export?format=promptfoo: test cases whose webhook verdicts equal POST /v1/score/batch on every unit", async () => {
    const dataset = await FIXTURES[kind]();
    const benchmark = getBenchmark(id);
    const prompts = await lines(await get(exportPath(id, dataset, "format=jsonl")));
    const tests = await lines(await get(exportPath(id, dataset, "format=promptfoo")));
    expect(tests.length).toBe(prompts.length);
    const answers: { unit: string; answer: string }[] = [];
    for (const [i, t] of tests.entries()) {
      const p = prompts[i];
      expect(t.vars).toEqual({
        benchmark: id,
        dataset,
        unit: p.unit,
        options: p.options,
        messages: p.messages,
        prefill: p.prefill === null ? null : { role: "assistant", content: p.prefill },
        max_tokens: p.max_tokens,
        metadata: facts(p),
      });
      // promptfoo renders top-level string variables as templates: only ids are strings.
      for (const [name, value] of Object.entries(t.vars))
        if (typeof value === "string") expect(["benchmark", "dataset", "unit"]).toContain(name);
      expect(t.options).toEqual({ max_tokens: p.max_tokens });
      expect(t.assert).toEqual([{ type: "webhook", value: SCORE_URL, metric: id }]);
      expect(t.metadata).toEqual({ benchmark: id, dataset, unit: p.unit, task: p.task, language: p.language });
      expect(t.description).toBe(`${id} ${p.unit}`);
      answers.push(
        { unit: p.unit, answer: await benchmark.baseline(env, dataset, p.unit, p.options, "oracle") },
        { unit: p.unit, answer: "" },
      );
    }
    const verdicts: boolean[] = [];
    for (let start = 0; start < answers.length; start += 100) {
      const chunk = answers.slice(start, start + 100);
      const batch = await (await post("/v1/score/batch", { benchmark: id, dataset, answers: chunk })).json<any>();
      for (const [i, expected] of batch.results.entries()) {
        const test = tests.find((t) => t.vars.unit === chunk[i].unit);
        const res = await post("/v1/score/promptfoo", webhookBody(test, chunk[i].answer));
        expect(res.status, await res.clone().text()).toBe(200);
        const graded = await res.json<any>();
        expect(graded).toMatchObject({
          pass: expected.passed,
          score: expected.score,
          namedScores: { [id]: expected.score },
        });
        expect(graded.reason).toBe(
          `needlework ${id}: ${expected.passed ? "passed" : "failed"}, score ${Number(expected.score.toFixed(4))} (${expected.unit})`,
        );
        expect(graded.metadata.needlework).toEqual({
          benchmark: id,
          dataset,
          dataset_sha256: batch.dataset_sha256,
          scorer_version: batch.scorer_version,
          options: batch.options,
          ...expected,
        });
        verdicts.push(graded.pass);
      }
    }
    expect(verdicts.length).toBe(2 * tests.length);
    expect(verdicts.filter(Boolean).length).toBeGreaterThan(0);
    expect(verdicts.filter((v) => !v).length).toBeGreaterThan(0);
  });

  it("export?format=inspect: inspect_ai samples, no answer in them", async () => {
    const dataset = await FIXTURES[kind]();
    const prompts = await lines(await get(exportPath(id, dataset, "format=jsonl")));
    const samples = await lines(await get(exportPath(id, dataset, "format=inspect")));
    expect(samples).toEqual(
      prompts.map((p) => ({
        id: p.unit,
        input: p.messages,
        target: "",
        metadata: {
          benchmark: id,
          dataset,
          unit: p.unit,
          options: p.options,
          prefill: p.prefill,
          max_tokens: p.max_tokens,
          ...facts(p),
        },
      })),
    );
  });

  it("pages of `limit` units behind Link rel=next, which together are the whole export", async () => {
    const dataset = await FIXTURES[kind]();
    const whole = await lines(await get(exportPath(id, dataset, "format=promptfoo")));
    const got: any[] = [];
    let url: string | null = `${BASE}${exportPath(id, dataset, "format=promptfoo&limit=2")}`;
    for (let pages = 0; url && pages < 1000; pages++) {
      const res: Response = await get(url.slice(BASE.length));
      expect(res.headers.get("x-total-count")).toBe(String(whole.length));
      got.push(...(await lines(res)));
      url = /^<([^>]+)>; rel="next"$/.exec(res.headers.get("link") ?? "")?.[1] ?? null;
    }
    expect(got).toEqual(whole);
  });
});

describe("the export", () => {
  it("places the prefill as asked: a final assistant turn, the same with vLLM's continue, or in the user turn", async () => {
    const suite = await FIXTURES["semtrace-suite"]();
    const plain = await lines(await get(exportPath("semtrace", suite, "format=jsonl&limit=3")));
    const user = await lines(await get(exportPath("semtrace", suite, "format=jsonl&limit=3&prefill=user")));
    const tests = await lines(await get(exportPath("semtrace", suite, "format=promptfoo&limit=3&prefill=continue")));
    for (const [i, p] of plain.entries()) {
      const [first, last] = [p.messages.at(-2), p.messages.at(-1)];
      expect(last).toEqual({ role: "assistant", content: p.prefill });
      expect(user[i].messages).toEqual([
        ...p.messages.slice(0, -2),
        { role: "user", content: `${first.content}\n\n${p.prefill}` },
      ]);
      expect(user[i].prefill).toBe(p.prefill);
      expect(user[i].prompt_sha256).toBe(await sha256Hex(JSON.stringify(user[i].messages)));
      expect(p.prompt_sha256).toBe(await sha256Hex(JSON.stringify(p.messages)));
      expect(tests[i].vars.messages).toEqual(p.messages);
      expect(tests[i].options).toEqual({
        max_tokens: p.max_tokens,
        passthrough: { continue_final_message: true, add_generation_prompt: false },
      });
    }
    // A prompt without a prefill is the same in every mode, and gets no passthrough.
    const repoqa = await FIXTURES["repoqa-snf"]();
    const [r] = await lines(await get(exportPath("repoqa-snf", repoqa, "format=promptfoo&limit=1&prefill=continue")));
    const [u] = await lines(await get(exportPath("repoqa-snf", repoqa, "format=jsonl&limit=1&prefill=user")));
    expect(r.options).toEqual({ max_tokens: r.vars.max_tokens });
    expect(r.vars.prefill).toBeNull();
    expect(u.messages).toEqual(r.vars.messages);
  });

  it("assert=javascript: a one-line transform that POSTs to this instance and throws unless it answers 2xx", async () => {
    const repoqa = await FIXTURES["repoqa-snf"]();
    const [t] = await lines(await get(exportPath("repoqa-snf", repoqa, "format=promptfoo&limit=1&assert=javascript")));
    expect(t.assert).toHaveLength(1);
    const [a] = t.assert;
    expect(a).toMatchObject({ type: "javascript", value: "output", metric: "repoqa-snf" });
    expect(a.transform).not.toContain("\n");
    expect(a.transform.startsWith(`fetch(${JSON.stringify(SCORE_URL)}, `)).toBe(true);
    // Run the transform as promptfoo does (`new Function(output, context, process)` around `return <line>`) against the Worker.
    const transform = new Function("output", "context", "process", "fetch", `return ${a.transform}`);
    const fetchSelf = (url: string, init: RequestInit) => post(url.slice(BASE.length), init.body as string);
    const graded = await transform("", { vars: t.vars }, {}, fetchSelf);
    expect(graded).toMatchObject({
      pass: false,
      namedScores: { "repoqa-snf": graded.score },
      metadata: { needlework: { unit: t.vars.unit, passed: false } },
    });
    await expect(transform("", { vars: { ...t.vars, unit: "no-such-unit" } }, {}, fetchSelf)).rejects.toThrow(
      /needlework did not score this output: HTTP 404/,
    );
  });

  it("filters as the units listing does: language, task, prefix, options", async () => {
    const repoqa = await FIXTURES["repoqa-snf"]();
    const units = async (b: string, d: string, q: string) =>
      (await lines(await get(exportPath(b, d, `format=jsonl&${q}`)))).map((r) => r.unit);
    const listed = async (b: string, d: string, q: string) =>
      (await allUnits(b, d, `&${q}`, 1000)).units.map((u) => u.unit);
    for (const q of ["language=python", "language=python&language=go", "prefix=go%3A%3A"])
      expect(await units("repoqa-snf", repoqa, q)).toEqual(await listed("repoqa-snf", repoqa, q));
    const all = await listed("repoqa-snf", repoqa, "");
    const task = `task=${encodeURIComponent(all[1].split("@")[0])}`;
    expect(await units("repoqa-snf", repoqa, task)).toEqual(await listed("repoqa-snf", repoqa, task));
    const lcu = await FIXTURES.longcodeu();
    const q = `options=${encodeURIComponent(JSON.stringify({ tasks: ["CU_P"] }))}`;
    const picked = await units("longcodeu", lcu, q);
    expect(picked.length).toBeGreaterThan(0);
    expect(picked).toEqual(await listed("longcodeu", lcu, q));
    const [t] = await lines(await get(exportPath("longcodeu", lcu, `format=promptfoo&limit=1&${q}`)));
    expect(t.vars.options).toMatchObject({ tasks: ["CU_P"] });
    // Nothing matches: an empty body.
    expect(await units("repoqa-snf", repoqa, "prefix=zzz")).toEqual([]);
  });

  it("makes each line when the reader asks for it: one unit loaded ahead at most", async () => {
    const suite = await FIXTURES["semtrace-suite"]();
    const benchmark = getBenchmark("semtrace");
    const load = vi.spyOn(benchmark, "load");
    try {
      const res = await get(exportPath("semtrace", suite, "format=jsonl"));
      const total = Number(res.headers.get("x-total-count"));
      expect(total).toBeGreaterThan(4);
      const reader = res.body!.getReader();
      await reader.read();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(load.mock.calls.length).toBeGreaterThanOrEqual(1);
      expect(load.mock.calls.length).toBeLessThanOrEqual(2);
      while (!(await reader.read()).done);
      expect(load.mock.calls.length).toBe(total);
    } finally {
      load.mockRestore();
    }
  });

  it("bad input: a problem, before any line", async () => {
    const repoqa = await FIXTURES["repoqa-snf"]();
    const problem = async (path: string, status: number) => {
      const res = await get(path);
      expect(res.status, path).toBe(status);
      expect(res.headers.get("content-type")).toContain("application/problem+json");
    };
    await problem(exportPath("no-such-benchmark", repoqa), 404);
    await problem(exportPath("repoqa-snf", "no-such-dataset"), 404);
    await problem(exportPath("repoqa-snf", repoqa, "format=csv"), 400);
    await problem(exportPath("repoqa-snf", repoqa, "prefill=system"), 400);
    await problem(exportPath("repoqa-snf", repoqa, "assert=python"), 400);
    await problem(exportPath("repoqa-snf", repoqa, "limit=101"), 400);
    await problem(exportPath("repoqa-snf", repoqa, "limit=0"), 400);
    await problem(exportPath("repoqa-snf", repoqa, "options=nope"), 400);
    await problem(exportPath("repoqa-snf", repoqa, `options=${encodeURIComponent('{"no_such_option":1}')}`), 422);
    await problem(exportPath("repoqa-snf", repoqa, "after=%25%25"), 400);
    await problem(exportPath("repoqa-snf", repoqa, "language=klingon"), 422);
    await problem(exportPath("repoqa-snf", await FIXTURES.longcodeu()), 422);
  });
});

describe("POST /v1/score/promptfoo", () => {
  const expectProblem = async (res: Response, status: number, detail?: RegExp) => {
    expect(res.status).toBe(status);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    const body = await res.json<any>();
    if (detail) expect(body.detail).toMatch(detail);
    return body;
  };

  it("refuses what it cannot score with a problem (promptfoo reports it as a webhook error, not a verdict)", async () => {
    const repoqa = await FIXTURES["repoqa-snf"]();
    const [t] = await lines(await get(exportPath("repoqa-snf", repoqa, "format=promptfoo&limit=1")));
    const vars = t.vars;
    await expectProblem(
      await post("/v1/score/promptfoo", {
        output: "x",
        context: { prompt: "p", vars: { ...vars, unit: "no-such-unit" } },
      }),
      404,
    );
    await expectProblem(
      await post("/v1/score/promptfoo", {
        output: "x",
        context: { prompt: "p", vars: { ...vars, options: { no_such_option: 1 } } },
      }),
      422,
    );
    const missing = await expectProblem(
      await post("/v1/score/promptfoo", {
        output: "x",
        context: { prompt: "p", vars: { dataset: vars.dataset, unit: vars.unit } },
      }),
      400,
    );
    expect(missing.errors[0].path).toBe("context.vars.benchmark");
    await expectProblem(await post("/v1/score/promptfoo", { output: { text: "x" }, context: { vars } }), 400);
    await expectProblem(await post("/v1/score/promptfoo", { output: "x" }), 400);
    await expectProblem(
      await post("/v1/score/promptfoo", { output: "x".repeat(70_000), context: { vars } }),
      413,
      /answers are limited/,
    );
    await expectProblem(await post("/v1/score/promptfoo", "{not json"), 400);
    // Over the CPU budget (docs/limits.md): refused as POST /v1/score refuses it, naming the output.
    const costly = await expectProblem(
      await post("/v1/score/promptfoo", { output: "```python\n" + "(".repeat(65_000) + "\n```", context: { vars } }),
      422,
    );
    expect(costly).toMatchObject({ type: "urn:needlework:problem:budget-exceeded", where: "output" });
    // The prompt is read as nothing: any value will do.
    expect((await post("/v1/score/promptfoo", { output: "", context: { vars } })).status).toBe(200);
  });

  it("takes the prompt twice of a 128K-token unit; refuses bodies over 16 MB with a 413", async () => {
    const repoqa = await FIXTURES["repoqa-snf"]();
    const [t] = await lines(await get(exportPath("repoqa-snf", repoqa, "format=promptfoo&limit=1")));
    // 1.5 M characters of code, as LongCodeU's largest contexts: the body is about 3.5 MB.
    const code = "def f(x):\n    return {'key': \"value\", 'n': x}\n".repeat(32_000).slice(0, 1_500_000);
    const vars = { ...t.vars, messages: [{ role: "user", content: code }] };
    const body = webhookBody({ vars }, "```python\ndef f(): pass\n```");
    expect(body.length).toBeGreaterThan(3_000_000);
    const res = await post("/v1/score/promptfoo", body);
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json<any>()).pass).toBe(false);
    const huge = webhookBody({ vars: { ...t.vars, messages: [{ role: "user", content: "x".repeat(8_500_000) }] } }, "");
    await expectProblem(await post("/v1/score/promptfoo", huge), 413);
  });

  it("POST /v1/score points a promptfoo webhook body at this endpoint", async () => {
    const repoqa = await FIXTURES["repoqa-snf"]();
    const [t] = await lines(await get(exportPath("repoqa-snf", repoqa, "format=promptfoo&limit=1")));
    await expectProblem(await post("/v1/score", webhookBody(t, "x")), 400, /POST \/v1\/score\/promptfoo/);
  });

  it("is in the OpenAPI document with the export", async () => {
    const doc = await (await get("/openapi.json")).json<any>();
    expect(doc.paths["/v1/score/promptfoo"].post.requestBody.content["application/json"].schema.$ref).toBe(
      "#/components/schemas/PromptfooWebhookRequest",
    );
    expect(
      doc.paths["/v1/benchmarks/{benchmark}/datasets/{dataset}/export"].get.parameters.map((p: any) => p.name),
    ).toEqual(
      expect.arrayContaining([
        "benchmark",
        "dataset",
        "format",
        "language",
        "task",
        "prefix",
        "options",
        "prefill",
        "assert",
        "limit",
        "after",
      ]),
    );
  });
});
