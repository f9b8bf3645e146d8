import { env, createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { ADMIN, BASE } from "../helpers";
import { board, counts, generation, importFile, imported, official, rows, scoresFile } from "./helpers";

const small = () =>
  scoresFile("acme/coder-7b", {
    python: rows("a/py", [0.9, 0.85, -0.99, 0.5, 0.81]),
    rust: rows("b/rs", [1, 0.2, 0.79]),
  });

describe("POST /v1/leaderboard/import", () => {
  it("is idempotent: the same file twice writes nothing the second time", async () => {
    const first = await imported(small());
    expect(first.entries).toEqual([
      { model: "acme/coder-7b", model_slug: "acme--coder-7b", status: "created", has_samples: true, n: 8 },
    ]);
    const g = await generation();
    expect(first.generation).toBe(g);
    const before = await counts();
    const ids = await env.DB.prepare("SELECT id, updated_at FROM leaderboard_entries").all();
    const second = await imported(small());
    expect(second.entries[0].status).toBe("unchanged");
    expect(second.generation).toBe(g);
    expect(await generation()).toBe(g);
    expect(await counts()).toEqual(before);
    expect((await env.DB.prepare("SELECT id, updated_at FROM leaderboard_entries").all()).results).toEqual(ids.results);
  });

  it("replaces an entry whose file changed, rows and aggregates included", async () => {
    const g = await generation();
    const changed = scoresFile("acme/coder-7b", { python: rows("a/py", [0.9, 0.1]) });
    const res = await imported(changed);
    expect(res.entries[0]).toMatchObject({ status: "replaced", n: 2 });
    expect(res.generation).toBe(g + 1);
    const c = await counts();
    expect(c).toMatchObject({ entries: 1, samples: 2 });
    const row = (await board()).rows.find((r: any) => r.model === "acme/coder-7b");
    expect(row).toMatchObject({ n: 2, passed: 1, rate: 0.5, languages: { python: expect.objectContaining({ n: 2 }) } });
    expect(row.languages.rust).toBeUndefined();
    await imported(small()); // back to the first version for the next tests
  });

  it("refuses a SCORES file whose scores do not recompute from its rows, naming where, and stores nothing", async () => {
    const { scores } = official();
    const file = structuredClone(scores["gpt-4o-2024-05-13-SCORES.json"]);
    const model = Object.keys(file)[0];
    const row = file[model].results!.java.find((r) => r.is_best_similar && r.best_similar_score >= 0.8)!;
    row.best_similar_score = 0.79; // tampered: this task now fails at 0.8 while the scores still count it
    const before = await counts();
    const g = await generation();
    const res = await importFile(file);
    expect(res.status).toBe(422);
    const problem = await res.json<any>();
    expect(problem).toMatchObject({
      type: "urn:needlework:problem:unprocessable-content",
      model,
      language: "java",
      threshold: "0.8",
    });
    expect(problem.detail).toContain(`${model}: pass@1 in java at threshold 0.8 recomputes to`);
    expect(await counts()).toEqual(before);
    expect(await generation()).toBe(g);
    expect((await board()).rows.map((r: any) => r.model)).not.toContain(model);
  });

  it("refuses inconsistent files with 422", async () => {
    const noAll = small();
    delete (noAll["acme/coder-7b"].scores as any).all;
    expect((await importFile(noAll)).status).toBe(422);
    const unknownLanguage = scoresFile("x", { cobol: rows("c/c", [1]) });
    expect(await (await importFile(unknownLanguage)).json()).toMatchObject({ status: 422, language: "cobol" });
    const mixed = {
      ...small(),
      other: { eval_date: "x", train_size: "1k", scores: official().combined["gpt-4o-2024-05-13"].scores },
    };
    expect((await importFile(mixed)).status).toBe(422);
    const combined = { "gpt-4o-2024-05-13": official().combined["gpt-4o-2024-05-13"] };
    const needsN = await importFile(combined, { dataset: "my-bench" });
    expect(needsN.status).toBe(422);
    expect((await needsN.json<any>()).detail).toContain("n_per_language");
    const wrongN = await importFile(combined, { dataset: "my-bench", n_per_language: 7 });
    expect((await wrongN.json<any>()).detail).toContain("not a whole number of tasks out of 7");
    const duplicate = scoresFile("d", { python: [...rows("a/py", [1]), ...rows("a/py", [1])] });
    expect((await importFile(duplicate)).status).toBe(422);
  });

  it("validates the body and never takes another kind", async () => {
    const verified = await importFile(small(), { kind: "verified" });
    expect(verified.status).toBe(400);
    expect(await verified.json()).toMatchObject({
      type: "urn:needlework:problem:validation-error",
      errors: [expect.objectContaining({ path: "kind" })],
    });
    expect((await importFile(small(), { source: undefined })).status).toBe(400);
    expect((await importFile(small(), { surprise: 1 })).status).toBe(400);
    expect((await importFile({ m: { scores: {}, results: { python: [{ repo: "r" }] } } })).status).toBe(400);
  });

  it("is admin-only: 401 without or with a wrong token, 403 with none configured", async () => {
    const before = await counts();
    const file = scoresFile("intruder", { python: rows("a/py", [1]) });
    expect((await importFile(file, {}, {})).status).toBe(401);
    expect((await importFile(file, {}, { authorization: "Bearer nope" })).status).toBe(401);
    const ctx = createExecutionContext();
    const req = new Request(`${BASE}/v1/leaderboard/import`, {
      method: "POST",
      headers: { "content-type": "application/json", ...ADMIN },
      body: JSON.stringify({ kind: "reported", dataset: "repoqa-2024-04-20", source: "s", license: "l", file }),
    });
    const res = await createApp().fetch(req, { ...env, ADMIN_TOKEN: undefined }, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it("gives each model a URL-safe slug, unique per model name", async () => {
    const a = await imported(scoresFile("org/name v2", { python: rows("a/py", [1]) }));
    const b = await imported(scoresFile("org--name v2", { python: rows("a/py", [1]) }));
    expect(a.entries[0].model_slug).toBe("org--name~20v2");
    expect(b.entries[0].model_slug).toMatch(/^org--name~20v2~[0-9a-f]{8}$/);
    // The same model keeps its slug in other datasets.
    const c = await imported(scoresFile("org--name v2", { python: rows("a/py", [1]) }), { dataset: "other" });
    expect(c.entries[0].model_slug).toBe(b.entries[0].model_slug);
  });
});
