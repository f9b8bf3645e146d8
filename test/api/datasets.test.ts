import { env, createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { ADMIN, BASE, del, get, importFixture, post, release } from "../helpers";

async function objectsUnder(prefix: string): Promise<string[]> {
  return (await env.DATASETS.list({ prefix })).objects.map((o) => o.key);
}

describe("admin endpoints", () => {
  it("refuse requests without the token, or with a wrong one", async () => {
    const none = await post("/v1/datasets/x/import", release);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ type: "urn:needlework:problem:unauthorized" });
    const wrong = await post("/v1/datasets/x/import", release, { authorization: "Bearer test-admin-tokeN" });
    expect(wrong.status).toBe(401);
    const basic = await post("/v1/datasets/x/import", release, { authorization: "Basic dGVzdC1hZG1pbi10b2tlbg==" });
    expect(basic.status).toBe(401);
    expect(await objectsUnder("datasets/x/")).toEqual([]);
  });

  it("are closed when no ADMIN_TOKEN is configured", async () => {
    const app = createApp();
    const ctx = createExecutionContext();
    const req = new Request(`${BASE}/v1/datasets/x/import`, {
      method: "POST",
      headers: { "content-type": "application/json", ...ADMIN },
      body: JSON.stringify(release),
    });
    const res = await app.fetch(req, { ...env, ADMIN_TOKEN: undefined }, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ type: "urn:needlework:problem:admin-disabled" });
  });
});

describe("importing the official release format", () => {
  it("imports a whole release in one request and describes it in a manifest", async () => {
    const manifest = await importFixture("one-shot");
    expect(manifest).toMatchObject({
      format: "needlework/manifest@1",
      id: "one-shot",
      benchmark: "repoqa-snf",
      counts: { repos: 4, tasks: 16 },
      languages: { python: { repos: 2, tasks: 8 }, typescript: { repos: 1, tasks: 4 }, go: { repos: 1, tasks: 4 } },
      source: { kind: "repoqa-release", license: "Apache-2.0" },
      tokenizer: { name: expect.stringContaining("CodeLlama"), version: "1.2.2" },
      contexts: { sizes: [16384], comment_modes: ["original"], depths: "reference", needle_offsets: "reference" },
    });
    expect(manifest.content_sha256).toMatch(/^[0-9a-f]{64}$/);
    const m = manifest as any;
    expect(Object.keys(m.grammars)).toEqual(
      expect.arrayContaining(["tree-sitter", "tree-sitter-python", "tree-sitter-go"]),
    );
    expect(m.parser_runtime).toMatchObject({
      package: "web-tree-sitter",
      version: m.grammars["tree-sitter"].version,
      core: "0.25",
      input_encoding: "utf-8",
    });
    expect(m.shards).toHaveLength(4);
    const stored = await objectsUnder("datasets/one-shot/");
    expect(stored).toContain("datasets/one-shot/manifest.json");
    expect(stored.filter((k) => k.includes("/repoqa/") && k.endsWith(".json"))).toHaveLength(4);
    expect(stored.filter((k) => k.includes("/source/"))).toHaveLength(4);
    expect(stored.filter((k) => k.includes("/contexts/16384/original/") && k.endsWith(".json"))).toHaveLength(4);
    // A score index beside every shard and context shard (src/benchmarks/repoqa/store/score-index.ts).
    expect(stored.filter((k) => k.endsWith(".score-index"))).toHaveLength(8);
  });

  it("gives the same content sha256 for the same release, whatever the id", async () => {
    const a = await importFixture("same-a");
    const b = await importFixture("same-b");
    expect(a.content_sha256).not.toBe(b.content_sha256); // keys include the dataset id
    const shardsA = (a as any).shards.map((s: any) => s.sha256);
    const shardsB = (b as any).shards.map((s: any) => s.sha256);
    expect(shardsA).toEqual(shardsB);
  });

  it("imports repository by repository, then commits (the CLI's path)", async () => {
    const id = "two-phase";
    for (const [language, repos] of Object.entries(release)) {
      for (const repo of repos) {
        const res = await post(`/v1/datasets/${id}/repos`, { language, repo }, ADMIN);
        expect(res.status).toBe(201);
        expect(await res.json()).toMatchObject({ dataset: id, language, repo: repo.repo, tasks: repo.needles.length });
      }
    }
    const importing = await (await get(`/v1/datasets/${id}`)).json<any>();
    expect(importing).toMatchObject({ dataset: { status: "importing" }, manifest: null });
    const notYet = await post("/v1/score", { dataset: id, task: "python::lorenmade/textkit::sentences", answer: "" });
    expect(notYet.status).toBe(404);

    const commit = await post(`/v1/datasets/${id}/commit`, { name: "Two phase" }, ADMIN);
    expect(commit.status).toBe(200);
    expect(await commit.json()).toMatchObject({ name: "Two phase", counts: { tasks: 16 } });
    const again = await post(`/v1/datasets/${id}/commit`, {}, ADMIN);
    expect(again.status).toBe(409);
  });

  it("refuses to import over a ready dataset and leaves it intact", async () => {
    const first = await importFixture("immutable");
    const res = await post("/v1/datasets/immutable/import", release, ADMIN);
    expect(res.status).toBe(409);
    const repo = await post("/v1/datasets/immutable/repos", { language: "python", repo: release.python[0] }, ADMIN);
    expect(repo.status).toBe(409);
    const now = await (await get("/v1/datasets/immutable")).json<any>();
    expect(now.dataset).toMatchObject({ status: "ready", tasks: 16, content_sha256: first.content_sha256 });
  });

  it("rejects an inconsistent release with 422 and leaves nothing behind", async () => {
    const broken = structuredClone(release) as any;
    broken.go[0].needles[0].path = "pkg/tally/missing.go";
    const res = await post("/v1/datasets/broken/import", broken, ADMIN);
    expect(res.status).toBe(422);
    expect((await res.json<any>()).detail).toContain("pkg/tally/missing.go");
    expect((await get("/v1/datasets/broken")).status).toBe(404);
    expect(await objectsUnder("datasets/broken/")).toEqual([]);
  });

  it("rejects a release with duplicate needle names (task ids must be unique)", async () => {
    const dup = structuredClone(release) as any;
    dup.go[0].needles.push(dup.go[0].needles[0]);
    const res = await post("/v1/datasets/dup/import", dup, ADMIN);
    expect(res.status).toBe(422);
  });

  it("validates the release shape with field paths", async () => {
    const res = await post(
      "/v1/datasets/shape/import",
      { python: [{ repo: "a/b", content: {}, functions: {}, needles: "no" }], cobol: [] },
      ADMIN,
    );
    expect(res.status).toBe(400);
    const body = await res.json<any>();
    expect(body.errors.map((e: any) => e.path)).toEqual(expect.arrayContaining(["python.0.needles"]));
  });

  it("rejects ids that are not plain slugs", async () => {
    const res = await post("/v1/datasets/Bad%20Id/import", release, ADMIN);
    expect(res.status).toBe(400);
  });
});

describe("reading and deleting datasets", () => {
  it("lists datasets and pages through tasks", async () => {
    await importFixture("paged");
    const list = await (await get("/v1/datasets")).json<any>();
    expect(list.datasets.map((d: any) => d.id)).toContain("paged");
    const first = await (await get("/v1/datasets/paged/tasks?limit=5")).json<any>();
    expect(first.tasks).toHaveLength(5);
    const seen = [...first.tasks];
    let next = first.next;
    while (next) {
      const page = await (await get(`/v1/datasets/paged/tasks?limit=5&after=${encodeURIComponent(next)}`)).json<any>();
      seen.push(...page.tasks);
      next = page.next;
    }
    expect(seen.map((t) => t.task)).toEqual([...seen.map((t) => t.task)].sort());
    expect(new Set(seen.map((t) => t.task)).size).toBe(16);
    const go = await (await get("/v1/datasets/paged/tasks?language=go")).json<any>();
    expect(go.tasks.map((t: any) => t.task)).toEqual([
      "go::copperkettle/tally::FormatSnapshot",
      "go::copperkettle/tally::NewHistogram",
      "go::copperkettle/tally::humanizeCount",
      "go::copperkettle/tally::ratePerSecond",
    ]);
    expect((await get("/v1/datasets/paged/tasks?limit=0")).status).toBe(400);
    expect((await get("/v1/datasets/paged/tasks?language=cobol")).status).toBe(400);
    expect((await get("/v1/datasets/nope/tasks")).status).toBe(404);
  });

  it("deletes a dataset: rows first, then every stored object", async () => {
    await importFixture("doomed");
    // manifest + 4 x (shard, source, contexts, 2 score indexes)
    expect((await objectsUnder("datasets/doomed/")).length).toBe(21);
    expect((await del("/v1/datasets/doomed")).status).toBe(401);
    const res = await del("/v1/datasets/doomed", ADMIN);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deleted: "doomed", objects: 21 });
    expect(await objectsUnder("datasets/doomed/")).toEqual([]);
    expect((await get("/v1/datasets/doomed")).status).toBe(404);
    const score = await post("/v1/score", {
      dataset: "doomed",
      task: "go::copperkettle/tally::humanizeCount",
      answer: "",
    });
    expect(score.status).toBe(404);
    expect((await del("/v1/datasets/doomed", ADMIN)).status).toBe(404);
  });

  it("a deleted and re-imported dataset scores against the new content", async () => {
    await importFixture("reborn");
    const task = "go::copperkettle/tally::humanizeCount";
    const before = await (await post("/v1/score", { dataset: "reborn", task, answer: "x" })).json<any>();
    await del("/v1/datasets/reborn", ADMIN);
    const changed = structuredClone(release) as any;
    changed.go[0].needles = changed.go[0].needles.slice(2);
    const res = await post("/v1/datasets/reborn/import", changed, ADMIN);
    expect(res.status).toBe(200);
    const after = await (await post("/v1/score", { dataset: "reborn", task, answer: "x" })).json<any>();
    expect(after.dataset_sha256).not.toBe(before.dataset_sha256);
    expect(after.candidates).toBe(2);
  });
});
