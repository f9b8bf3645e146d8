/** Importing LongCodeU releases: the manifest, what is stored, every 4xx, and nothing left behind. */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { longcodeuBenchmark } from "../../src/benchmarks/longcodeu/benchmark";
import { longcodeuPrompt } from "../../src/benchmarks/longcodeu/prompt";
import { importLongCodeU } from "../../src/benchmarks/longcodeu/store/import";
import { codeLlamaTokenizer } from "../../src/lib/datasets/tokenizer";
import { ADMIN, del, get, post } from "../helpers";
import { fixtureRelease } from "./fixture";
import { importRelease, longcodeuDataset } from "./helpers";

const manifestOf = async (id: string) => (await (await get(`/v1/datasets/${id}`)).json<any>()).manifest;

async function objectsUnder(prefix: string): Promise<number> {
  return (await env.DATASETS.list({ prefix })).objects.length;
}

async function expectNothingLeft(id: string) {
  expect((await get(`/v1/datasets/${id}`)).status).toBe(404);
  expect(await objectsUnder(`datasets/${id}/`)).toBe(0);
  const rows = await env.DB.prepare("SELECT count(*) AS n FROM tasks WHERE dataset_id = ?")
    .bind(id)
    .first<{ n: number }>();
  expect(rows!.n).toBe(0);
}

describe("POST /v1/datasets/{id}/longcodeu", () => {
  it("stores every context and example and answers 201 with the manifest", async () => {
    const res = await importRelease("lcu-import");
    expect(res.status).toBe(201);
    const { manifest } = await res.json<any>();
    expect(manifest).toMatchObject({
      format: "needlework/manifest@1",
      id: "lcu-import",
      benchmark: "longcodeu",
      seed: 20250101,
      language: "python",
      prompt_template_version: "longcodeu-prompt@1",
      scorer_version: "longcodeu/1.3.0",
      tokenizer: { name: codeLlamaTokenizer.name },
    });
    expect(typeof manifest.codebleu_metric).toBe("string");
    expect(manifest.parser_runtime).toMatchObject({
      package: "web-tree-sitter",
      core: "0.25",
      input_encoding: "utf-8",
    });
    expect(manifest.grammars["tree-sitter-python"]).toMatchObject({ package: "tree-sitter-python" });
    expect(manifest.build.similarity).toEqual({ kind: "lexical", name: "token-jaccard" });
    expect(manifest.repos).toEqual([
      { repo: "acme/inventory", source: expect.objectContaining({ license: "MIT" }), contexts: 3, examples: 8 },
      { repo: "acme/geometry", source: expect.objectContaining({ license: "Apache-2.0" }), contexts: 3, examples: 8 },
    ]);
    for (const task of ["CU_P", "CU_SA", "CU_DFA", "DRA_T1", "DRA_T2", "SRE_T1", "SRE_T2", "LDU"]) {
      expect(manifest.counts[task], task).toEqual({ "0-8K": 1, "8-16K": 1 });
      expect(manifest.tasks[task]).toMatchObject({ examples: 2, shards: 1 });
    }
    expect(manifest.tasks.CU_SA.context_kind).toBe("stripped");
    expect(manifest.tasks.LDU).toMatchObject({ metric: "BLEU", context_kind: "docs" });
    expect(manifest.contexts.map((c: any) => [c.id, c.bucket])).toEqual([
      ["inventory-code", "0-8K"],
      ["inventory-stripped", "0-8K"],
      ["inventory-docs", "0-8K"],
      ["geometry-code", "8-16K"],
      ["geometry-stripped", "8-16K"],
      ["geometry-docs", "8-16K"],
    ]);
    const notes = manifest.notes.join("\n");
    expect(notes).toMatch(/lexical similarity \(token-jaccard\), not by the paper's stella_en_400M_v5/);
    expect(notes).toMatch(/No examples in the 16-32K, 32-64K, 64-128K length bucket/);
    expect(notes).toContain("Test fixture, written by hand.");
    expect(manifest.content_sha256).toMatch(/^[0-9a-f]{64}$/);
    // 6 contexts + 8 shards + the manifest.
    expect(await objectsUnder("datasets/lcu-import/")).toBe(15);
    const stored = await (await env.DATASETS.get(
      "datasets/lcu-import/longcodeu/contexts/inventory-code.json",
    ))!.json<any>();
    expect(stored).toMatchObject({
      format: "needlework/longcodeu-context@1",
      repo: "acme/inventory",
      kind: "code",
      tokens: 2100,
    });
    const shard = await (await env.DATASETS.get("datasets/lcu-import/longcodeu/CU_P/0000.json"))!.json<any>();
    expect(shard.format).toBe("needlework/longcodeu-shard@1");
    expect(shard.examples.map((e: any) => [e.id, e.repo, e.bucket])).toEqual([
      ["CU_P-inventory-0001", "acme/inventory", "0-8K"],
      ["CU_P-geometry-0001", "acme/geometry", "8-16K"],
    ]);

    const { dataset } = await (await get("/v1/datasets/lcu-import")).json<any>();
    expect(dataset).toMatchObject({
      benchmark: "longcodeu",
      status: "ready",
      languages: ["python"],
      repos: 2,
      tasks: 16,
      content_sha256: manifest.content_sha256,
    });
    const tasks = await (await get("/v1/datasets/lcu-import/tasks?limit=100")).json<any>();
    expect(tasks.tasks).toHaveLength(16);
    expect(tasks.tasks).toContainEqual({
      task: "python::DRA_T2::DRA_T2-geometry-0001",
      language: "python",
      repo: "DRA_T2",
      name: "DRA_T2-geometry-0001",
      needle_index: 1,
    });
  });

  it("the content hash depends on what is stored, not on the dataset id", async () => {
    const a = (await (await importRelease("lcu-sha-a")).json<any>()).manifest.content_sha256;
    const b = (await (await importRelease("lcu-sha-b")).json<any>()).manifest.content_sha256;
    expect(a).toBe(b);
    const changed = fixtureRelease();
    changed.repos[1].examples[0].answer.names!.push("extra");
    const c = (await (await importRelease("lcu-sha-c", changed)).json<any>()).manifest.content_sha256;
    expect(c).not.toBe(a);
  });

  const broken: [string, (r: ReturnType<typeof fixtureRelease>) => void, RegExp][] = [
    [
      "a repeated example id",
      (r) => (r.repos[1].examples[0].id = "CU_P-inventory-0001"),
      /"CU_P-inventory-0001" appears twice/,
    ],
    [
      "an example id without its task prefix",
      (r) => (r.repos[0].examples[1].id = "CU_P-x-0009"),
      /must start with "CU_SA-"/,
    ],
    [
      "a context of another repository",
      (r) => (r.repos[0].examples[0].context = "geometry-code"),
      /names context "geometry-code", which acme\/inventory does not have/,
    ],
    [
      "a context of the wrong kind",
      (r) => (r.repos[0].examples[1].context = "inventory-code"),
      /needs a "stripped" context; "inventory-code" is "code"/,
    ],
    [
      "a context of the wrong kind for LDU",
      (r) => (r.repos[0].examples[7].context = "inventory-code"),
      /needs a "docs" context/,
    ],
    [
      "CU_P without names",
      (r) => (r.repos[0].examples[0].answer.names = []),
      /CU_P-inventory-0001" \(CU_P\) needs answer.names/,
    ],
    [
      "CU_SA with two units",
      (r) => r.repos[0].examples[1].answer.units!.push(r.repos[0].examples[1].answer.units![0]),
      /needs exactly one answer unit/,
    ],
    [
      "CU_SA without a requirement",
      (r) => delete r.repos[0].examples[1].anchor.requirement,
      /needs anchor.requirement/,
    ],
    ["CU_DFA without a variable", (r) => delete r.repos[0].examples[2].anchor.variable, /needs anchor.variable/],
    ["CU_DFA without lines", (r) => (r.repos[0].examples[2].answer.lines = []), /needs answer.lines/],
    [
      "DRA_T1 without the function's code",
      (r) => delete r.repos[0].examples[3].anchor.code,
      /DRA_T1\) needs anchor.code/,
    ],
    ["SRE_T1 without units", (r) => delete r.repos[0].examples[5].answer.units, /SRE_T1\) needs answer.units/],
    ["DRA_T2 without a name", (r) => delete r.repos[0].examples[4].anchor.name, /DRA_T2\) needs anchor.name/],
    [
      "SRE_T2 without a requirement",
      (r) => delete r.repos[0].examples[6].anchor.requirement,
      /SRE_T2\) needs anchor.requirement/,
    ],
    ["LDU without a section", (r) => delete r.repos[0].examples[7].answer.section, /LDU\) needs answer.section/],
    ["LDU without text", (r) => delete r.repos[0].examples[7].answer.text, /LDU\) needs answer.text/],
    [
      "a repeated context id",
      (r) => (r.repos[1].contexts[2].id = "inventory-docs"),
      /Context id "inventory-docs" appears twice/,
    ],
    [
      "a bucket that does not hold the tokens",
      (r) => (r.repos[1].contexts[0].bucket = "0-8K"),
      /9500 tokens, which is bucket 8-16K, not 0-8K/,
    ],
    ["a context over 128K tokens", (r) => (r.repos[1].contexts[0].tokens = 200_000), /over 128K/],
  ];
  for (const [what, breakIt, detail] of broken) {
    it(`422 for ${what}, and nothing is stored`, async () => {
      const release = fixtureRelease();
      breakIt(release);
      const res = await importRelease("lcu-bad", release);
      expect(res.status).toBe(422);
      expect(res.headers.get("content-type")).toMatch(/problem\+json/);
      expect((await res.json<any>()).detail).toMatch(detail);
      await expectNothingLeft("lcu-bad");
    });
  }

  it("400 for a body the schema refuses, 401 without the token, 409 for an existing id (the first stays)", async () => {
    let res = await importRelease("lcu-bad", { ...fixtureRelease(), format: "needlework/longcodeu-release@2" });
    expect(res.status).toBe(400);
    res = await importRelease("lcu-bad", { ...fixtureRelease(), extra: true });
    expect(res.status).toBe(400);
    res = await importRelease("lcu-bad", fixtureRelease(), {});
    expect(res.status).toBe(401);
    await expectNothingLeft("lcu-bad");
    expect((await importRelease("lcu-twice")).status).toBe(201);
    const before = await manifestOf("lcu-twice");
    res = await importRelease("lcu-twice");
    expect(res.status).toBe(409);
    expect(await manifestOf("lcu-twice")).toEqual(before);
    expect((await get("/v1/datasets/lcu-twice")).status).toBe(200);
    expect((await del("/v1/datasets/lcu-twice", ADMIN)).status).toBe(200);
    await expectNothingLeft("lcu-twice");
  });

  // The 3rd write is a context (written several at a time), the 9th a shard, the 15th the manifest (after the D1 rows).
  for (const failAt of [3, 9, 15])
    it(`a failure at write ${failAt} leaves nothing behind`, async () => {
      let puts = 0;
      const failing = {
        ...env,
        DATASETS: new Proxy(env.DATASETS, {
          get(target, prop) {
            if (prop === "put") {
              return (...args: Parameters<R2Bucket["put"]>) => {
                if (++puts === failAt) return Promise.reject(new Error("R2 is down"));
                return target.put(...args);
              };
            }
            const value = Reflect.get(target, prop);
            return typeof value === "function" ? value.bind(target) : value;
          },
        }),
      };
      await expect(importLongCodeU(failing as typeof env, "lcu-half", fixtureRelease())).rejects.toThrow("R2 is down");
      expect(puts).toBeGreaterThanOrEqual(failAt);
      await expectNothingLeft("lcu-half");
    });
});

describe("RepoQA-only endpoints on a LongCodeU dataset", () => {
  it("POST /v1/score and GET /v1/datasets/{id}/prompt answer 422", async () => {
    const id = await longcodeuDataset("lcu-endpoints");
    const score = await post("/v1/score", {
      dataset: id,
      task: "python::CU_P::CU_P-inventory-0001",
      answer: "Function_names = []",
    });
    expect(score.status).toBe(422);
    expect((await score.json<any>()).detail).toMatch(
      /longcodeu dataset; its tasks are run and scored through POST \/v1\/runs/,
    );
    const batch = await post("/v1/score/batch", {
      dataset: id,
      answers: [{ task: "python::CU_P::CU_P-inventory-0001", answer: "" }],
    });
    expect(batch.status).toBe(422);
    const prompt = await get(
      `/v1/datasets/${id}/prompt?task=${encodeURIComponent("python::CU_P::CU_P-inventory-0001")}`,
    );
    expect(prompt.status).toBe(422);
  });
});

describe("loading a unit", () => {
  it("one user message, the task id, the context's tokens as its size, prompt tokens = the context's + the rest's", async () => {
    const id = await longcodeuDataset("lcu-load");
    const release = fixtureRelease();
    const example = release.repos[1].examples.find((e) => e.task === "SRE_T2")!;
    const context = release.repos[1].contexts.find((c) => c.id === example.context)!;
    const loaded = await longcodeuBenchmark.load(env, id, example.id, {});
    const messages = longcodeuPrompt(example, context.text);
    await codeLlamaTokenizer.ready!();
    expect(loaded).toEqual({
      unit: "SRE_T2-geometry-0001",
      taskId: "python::SRE_T2::SRE_T2-geometry-0001",
      language: "python",
      messages,
      // The fixture's token counts are set by hand (9500): the stored count is used, never recounted.
      promptTokens: 9500 + codeLlamaTokenizer.count(longcodeuPrompt(example, "")[0].content),
      position: null,
      contextSize: 9500,
      // The fixture release carries no dates: an undated example is never "unseen".
      born: null,
    });
    expect(loaded.promptTokens).toBeGreaterThan(9500 + 200);
    // With a true context count the sum is within a few tokens of counting the whole message.
    const whole = codeLlamaTokenizer.count(messages[0].content);
    const summed =
      codeLlamaTokenizer.count(context.text) + codeLlamaTokenizer.count(longcodeuPrompt(example, "")[0].content);
    expect(Math.abs(whole - summed)).toBeLessThanOrEqual(3);
    await expect(longcodeuBenchmark.load(env, id, "SRE_T2-geometry-0099", {})).rejects.toThrow(/no LongCodeU example/);
    await expect(longcodeuBenchmark.load(env, id, "nothing", {})).rejects.toThrow(/no LongCodeU example/);
  });
});
