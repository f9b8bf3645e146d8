/** Importing a SemTrace-family suite, the prompts its units make, and bad input. */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { positionalBenchmark, sensitivityBenchmark } from "../../src/benchmarks/semtrace/benchmark";
import { OUTPUT_INSTRUCTION } from "../../src/benchmarks/semtrace/prompt/index";
import { ADMIN, del, get, post } from "../helpers";
import { POOL_FUNCTIONS, miniSuite, suiteDataset } from "./helpers";

describe("suite import", () => {
  it("stores every task, writes a manifest with the grid, pool provenance and notes, and lists targets as tasks", async () => {
    const id = await suiteDataset("suite-import");
    const res = await get(`/v1/datasets/${id}`);
    expect(res.status).toBe(200);
    const { dataset, manifest } = await res.json<any>();
    expect(dataset).toMatchObject({ benchmark: "semtrace-suite", status: "ready", languages: ["python"] });
    expect(manifest.grid).toEqual({ distractors: [3, 6], positions: [0, 0.5, 1] });
    expect(Object.keys(manifest.tasks).sort()).toEqual([
      "cruxeval-o",
      "lexical-recall",
      "semtrace",
      "sensitivity-cruxeval-o",
      "sensitivity-semtrace",
    ]);
    expect(manifest.tasks.semtrace.targets).toBe(2);
    expect(manifest.pool).toMatchObject({ functions: POOL_FUNCTIONS.length, source: { kind: "test" } });
    expect(manifest.notes.join(" ")).toMatch(/input prediction is not offered/);
    // No execute function was given: the manifest says the CRUXEval variants have no interpreter answers.
    expect(manifest.notes.join(" ")).toMatch(/no interpreter answers/);
    expect(manifest.content_sha256).toMatch(/^[0-9a-f]{64}$/);
    const tasks = await (await get(`/v1/datasets/${id}/tasks?limit=100`)).json<any>();
    expect(tasks.tasks.map((t: any) => t.task)).toContain("python::semtrace::st-0001");
  });

  it("the same seed builds the same suite, another seed another one", async () => {
    const [a, b, c] = await Promise.all([miniSuite({ seed: 3 }), miniSuite({ seed: 3 }), miniSuite({ seed: 4 })]);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(a.tasks.semtrace!.targets[0].code).not.toBe(c.tasks.semtrace!.targets[0].code);
  });

  it("rejects bad suites with 4xx problems and keeps nothing of them", async () => {
    const suite = await miniSuite({ tasks: ["semtrace"] });
    const tooMany = { ...suite, grid: { distractors: [50], positions: [0] } };
    let res = await post("/v1/datasets/suite-bad/suite", tooMany, ADMIN);
    expect(res.status).toBe(422);
    expect((await res.json<any>()).detail).toMatch(/pool has 12/);
    const outside = structuredClone(suite);
    outside.tasks.semtrace!.targets[0].distractors!["3"] = [0, 1, 99];
    res = await post("/v1/datasets/suite-bad/suite", outside, ADMIN);
    expect(res.status).toBe(422);
    expect((await get("/v1/datasets/suite-bad")).status).toBe(404);
    // Sensitivity variants without their complete version: a 422 naming the snippets and their units.
    const variants = await miniSuite({ tasks: ["sensitivity-semtrace"] });
    const orphans = structuredClone(variants);
    const targets = orphans.tasks["sensitivity-semtrace"]!.targets;
    orphans.tasks["sensitivity-semtrace"]!.targets = targets.filter((t) => t.fraction !== 0);
    res = await post("/v1/datasets/suite-bad/suite", orphans, ADMIN);
    expect(res.status).toBe(422);
    const problem = await res.json<any>();
    expect(problem.detail).toMatch(
      /^tasks\.sensitivity-semtrace\.targets\.0: snippet "st-0001" has incomplete versions \(units "st-0001~r1", .*\) but no complete version/,
    );
    expect(problem.errors.map((e: any) => e.message.match(/^snippet "([^"]+)"/)[1])).toEqual(["st-0001", "st-0002"]);
    const messages = problem.errors.map((e: any) => e.message).join("\n");
    for (const t of targets.filter((t) => t.fraction !== 0)) expect(messages).toContain(`"${t.id}"`);
    expect((await get("/v1/datasets/suite-bad")).status).toBe(404);
    // One snippet whole, the other without its complete version: only the latter is named.
    orphans.tasks["sensitivity-semtrace"]!.targets = targets.filter((t) => t.id !== "st-0002~0");
    res = await post("/v1/datasets/suite-bad/suite", orphans, ADMIN);
    expect(res.status).toBe(422);
    expect((await res.json<any>()).errors.map((e: any) => e.message.match(/^snippet "([^"]+)"/)[1])).toEqual([
      "st-0002",
    ]);
    const baseless = structuredClone(variants);
    delete baseless.tasks["sensitivity-semtrace"]!.targets[1].base;
    res = await post("/v1/datasets/suite-bad/suite", baseless, ADMIN);
    expect(res.status).toBe(422);
    expect((await res.json<any>()).detail).toMatch(
      /^tasks\.sensitivity-semtrace\.targets\.1\.base: a sensitivity target needs base/,
    );
    expect((await get("/v1/datasets/suite-bad")).status).toBe(404);
    res = await post("/v1/datasets/suite-bad/suite", { ...suite, format: "other" }, ADMIN);
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toMatch(/problem\+json/);
    res = await post("/v1/datasets/suite-bad/suite", suite);
    expect(res.status).toBe(401);
    // A good import, then the same id again: 409, and the first stays intact.
    expect((await post("/v1/datasets/suite-bad/suite", suite, ADMIN)).status).toBe(200);
    res = await post("/v1/datasets/suite-bad/suite", suite, ADMIN);
    expect(res.status).toBe(409);
    expect((await (await get("/v1/datasets/suite-bad")).json<any>()).dataset.status).toBe("ready");
    expect((await del("/v1/datasets/suite-bad", ADMIN)).status).toBe(200);
  });
});

describe("prompts", () => {
  it("output prediction: the paper's layout, the question before and after, the target at round(position x D)", async () => {
    const id = await suiteDataset("suite-prompts");
    const bench = positionalBenchmark("semtrace");
    const { units } = await bench.units(env, id, {}, {});
    expect(units).toHaveLength(2 * 2 * 3);
    expect(units.slice(0, 6)).toEqual([
      "st-0001@3@0",
      "st-0001@3@0.5",
      "st-0001@3@1",
      "st-0001@6@0",
      "st-0001@6@0.5",
      "st-0001@6@1",
    ]);
    const suite = await miniSuite();
    const target = suite.tasks.semtrace!.targets[0];
    for (const [unit, at] of [
      ["st-0001@6@0", 0],
      ["st-0001@6@0.5", 3],
      ["st-0001@6@1", 6],
    ] as const) {
      const loaded = await bench.load(env, id, unit, {});
      expect(loaded).toMatchObject({
        taskId: "python::semtrace::st-0001",
        position: Number(unit.split("@")[2]),
        contextSize: 6,
      });
      const [user, prefill] = loaded.messages;
      expect(prefill).toEqual({
        role: "assistant",
        content: `Sure! Here is the corresponding output:\n\n\`\`\`python\nassert f(${target.input}) ==`,
      });
      const parts = user.content.split("\n\n");
      expect(parts[0]).toBe(OUTPUT_INSTRUCTION);
      expect(parts.at(-1)).toBe(OUTPUT_INSTRUCTION);
      const assertion = `[ASSERTION]\nassert f(${target.input}) == ??\n[/ASSERTION]`;
      expect(parts[1]).toBe(assertion);
      expect(parts.at(-2)).toBe(assertion);
      const block = user.content.slice(
        user.content.indexOf("[FUNCTIONS]\n") + 12,
        user.content.indexOf("\n[/FUNCTIONS]"),
      );
      const functions = block.split("\n\n");
      expect(functions).toHaveLength(7);
      expect(functions[at]).toBe(target.code);
      const expected = target.distractors!["6"].map((i) => POOL_FUNCTIONS[i].code);
      expect(functions.filter((_, i) => i !== at)).toEqual(expected);
      expect(loaded.promptTokens).toBeGreaterThan(200);
    }
  });

  it("lexical recall: every line keyed with a unique 6-hex key; the start and end keys frame the target", async () => {
    const id = await suiteDataset("suite-prompts");
    const bench = positionalBenchmark("lexical-recall");
    const loaded = await bench.load(env, id, (await bench.units(env, id, {}, {})).units[4], {});
    const [user, prefill] = loaded.messages;
    const [, start, end] = /starting at key '([0-9a-f]{6})' and ending at key '([0-9a-f]{6})'/.exec(user.content)!;
    expect(user.content.startsWith("Each line in the code block below starts with a random key.")).toBe(true);
    expect(user.content.endsWith("in the code snippet above. Can you help me find it?")).toBe(true);
    expect(prefill.content).toBe(
      `Sure! Here is the full function starting at key '${start}' and ending at key '${end}':\n\n\`\`\`python\n`,
    );
    const block = user.content.slice(user.content.indexOf("```python\n") + 10, user.content.lastIndexOf("\n```"));
    const lines = block.split("\n");
    const keys = lines.map((l) => l.slice(0, 6));
    expect(lines.every((l) => /^[0-9a-f]{6} /.test(l))).toBe(true);
    expect(new Set(keys).size).toBe(lines.length);
    const from = keys.indexOf(start);
    const to = keys.indexOf(end);
    const code = lines
      .slice(from, to + 1)
      .map((l) => l.slice(7))
      .join("\n");
    const suite = await miniSuite();
    expect(code).toBe(suite.tasks["lexical-recall"]!.targets[0].code);
    // The same unit gives the same keys (the scorer and a re-run see what the model saw).
    expect((await bench.load(env, id, loaded.unit, {})).messages).toEqual(loaded.messages);
  });

  it("sensitivity units are the complete function and its incomplete versions, shown alone", async () => {
    const id = await suiteDataset("suite-prompts");
    const bench = sensitivityBenchmark("sensitivity-semtrace");
    const { units } = await bench.units(env, id, {}, {});
    expect(units.filter((u) => u.endsWith("~0"))).toEqual(["st-0001~0", "st-0002~0"]);
    expect(units.length).toBeGreaterThan(2);
    const loaded = await bench.load(env, id, units[1], {});
    const block = loaded.messages[0].content.split("[FUNCTIONS]\n")[1].split("\n[/FUNCTIONS]")[0];
    expect(block.startsWith("def f(x):")).toBe(true);
    expect(block).not.toContain("\n\n");
  });
});

describe("RepoQA endpoints on a suite", () => {
  it("scoring and prompts by task id answer 422, not 500", async () => {
    const id = await suiteDataset("suite-prompts");
    const scored = await post("/v1/score", { dataset: id, task: "python::semtrace::st-0001", answer: "[1, 2]" });
    expect(scored.status).toBe(422);
    expect((await scored.json<any>()).detail).toMatch(/through POST \/v1\/runs/);
    expect(
      (await get(`/v1/datasets/${id}/prompt?task=${encodeURIComponent("python::semtrace::st-0001")}`)).status,
    ).toBe(422);
  });
});
