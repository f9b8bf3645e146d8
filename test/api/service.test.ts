import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import wasmManifest from "../../wasm/manifest.json";
import vectors from "../vectors/bleu-nltk.json";
import packageJson from "../../package.json";
import { BASE, get, importFixture, post } from "../helpers";
import { Needlework, NeedleworkError } from "../../packages/client/src/index";

describe("GET /v1/health", () => {
  it("reports versions, grammars and the number of ready datasets", async () => {
    const before = await (await get("/v1/health")).json<any>();
    expect(before).toMatchObject({ status: "ok", scorer_version: expect.stringMatching(/^repoqa-snf\//) });
    // One version of the service: package.json's, in health, GET /v1 and the OpenAPI document alike.
    expect(before.service_version).toBe(packageJson.version);
    expect((await (await get("/v1")).json<any>()).version).toBe(packageJson.version);
    expect((await (await get("/openapi.json")).json<any>()).info.version).toBe(packageJson.version);
    expect(before.grammars["tree-sitter-python"]).toEqual({
      package: "tree-sitter-python",
      version: wasmManifest.modules["tree-sitter-python"].version,
      sha256: wasmManifest.modules["tree-sitter-python"].sha256,
    });
    expect(Object.keys(before.grammars).sort()).toEqual(Object.keys(wasmManifest.modules).sort());
    // The runtime that parses, the tree-sitter core inside it (trees on broken code depend
    // on the core) and what the core reads (UTF-8, as the references; the package's wasm
    // read UTF-16, and its sha256 is the patch's input).
    const runtime = wasmManifest.modules["tree-sitter"];
    expect(before.parser_runtime).toEqual({
      package: "web-tree-sitter",
      version: runtime.version,
      core: runtime.version.split(".").slice(0, 2).join("."),
      sha256: runtime.sha256,
      input_encoding: "utf-8",
      package_sha256: runtime.package_sha256,
    });
    expect(runtime.sha256).not.toBe(runtime.package_sha256);
    expect(before.parser_runtime.core).toBe("0.25");
    await importFixture("health-count");
    const after = await (await get("/v1/health")).json<any>();
    expect(after.datasets).toBe(before.datasets + 1);
  });
});

describe("GET /openapi.json", () => {
  it("is an OpenAPI 3.1 document of every route, with the token security scheme and each guarded route's role", async () => {
    const doc = await (await get("/openapi.json")).json<any>();
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths).sort()).toEqual([
      "/v1/benchmarks",
      "/v1/benchmarks/{benchmark}/datasets/{dataset}/export",
      "/v1/benchmarks/{benchmark}/datasets/{dataset}/units",
      "/v1/benchmarks/{benchmark}/datasets/{dataset}/units/{unit}/prompt",
      "/v1/compare",
      "/v1/datasets",
      "/v1/datasets/{id}",
      "/v1/datasets/{id}/commit",
      "/v1/datasets/{id}/import",
      "/v1/datasets/{id}/longcodeu",
      "/v1/datasets/{id}/longcodeu/commit",
      "/v1/datasets/{id}/longcodeu/parts",
      "/v1/datasets/{id}/longcodeu/parts/{part}",
      "/v1/datasets/{id}/prompt",
      "/v1/datasets/{id}/repos",
      "/v1/datasets/{id}/score-index",
      "/v1/datasets/{id}/suite",
      "/v1/datasets/{id}/tasks",
      "/v1/health",
      "/v1/leaderboard",
      "/v1/leaderboard/import",
      "/v1/leaderboard/models/{model}",
      "/v1/leaderboard/models/{model}/cutoff",
      "/v1/metrics/bleu",
      "/v1/metrics/codebleu",
      "/v1/refresh/windows",
      "/v1/refresh/windows/{id}",
      "/v1/runs",
      "/v1/runs/{id}",
      "/v1/runs/{id}/cancel",
      "/v1/runs/{id}/events",
      "/v1/runs/{id}/log",
      "/v1/runs/{id}/outputs",
      "/v1/runs/{id}/outputs.jsonl",
      "/v1/runs/{id}/outputs/{part}",
      "/v1/runs/{id}/publish",
      "/v1/runs/{id}/rescore",
      "/v1/runs/{id}/results",
      "/v1/runs/{id}/samples",
      "/v1/runs/{id}/scores.json",
      "/v1/score",
      "/v1/score/batch",
      "/v1/score/promptfoo",
      "/v1/tokens",
      "/v1/tokens/{id}",
    ]);
    expect(doc.paths["/v1/runs"].post.security).toEqual([{ token: ["submitter"] }]);
    expect(doc.components.securitySchemes.token).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.paths["/v1/datasets/{id}/import"].post.security).toEqual([{ token: ["admin"] }]);
    expect(doc.paths["/v1/score"].post.responses["429"].content["application/problem+json"]).toBeDefined();
    expect(doc.paths["/v1/score"].post.responses["404"].content["application/problem+json"]).toBeDefined();
    expect(doc.components.schemas.ScoreRequest.properties.mode.enum).toEqual(["official", "strict"]);
    expect(doc.paths["/v1/leaderboard/import"].post.security).toEqual([{ token: ["admin"] }]);
    expect(doc.paths["/v1/refresh/windows"].post.security).toEqual([{ token: ["admin"] }]);
    expect(Object.keys(doc.paths["/v1/leaderboard"].get.responses["200"].content)).toEqual([
      "application/json",
      "text/csv",
    ]);
    expect(doc.paths["/v1/leaderboard"].get.responses["304"]).toBeDefined();
    expect(doc.paths["/v1/leaderboard/import"].post.description).toContain("10 repositories x 10 needles");
  });
});

describe("POST /v1/metrics/bleu", () => {
  it("returns NLTK's scores, in order", async () => {
    const pairs = vectors.pairs.slice(0, 200);
    const res = await post("/v1/metrics/bleu", {
      pairs: pairs.map(({ reference, candidate }) => ({ reference, candidate })),
    });
    expect(res.status).toBe(200);
    const { scores } = await res.json<{ scores: number[] }>();
    expect(scores).toHaveLength(200);
    for (const [i, s] of scores.entries()) expect(Math.abs(s - pairs[i].score)).toBeLessThanOrEqual(1e-9);
  });

  it("accepts 1000 pairs and refuses 1001", async () => {
    const pair = { reference: "a b c d", candidate: "a b c d" };
    expect((await post("/v1/metrics/bleu", { pairs: Array(1000).fill(pair) })).status).toBe(200);
    const res = await post("/v1/metrics/bleu", { pairs: Array(1001).fill(pair) });
    expect(res.status).toBe(400);
    expect((await res.json<any>()).errors[0].path).toBe("pairs");
  });

  it("refuses an empty list and non-string members", async () => {
    expect((await post("/v1/metrics/bleu", { pairs: [] })).status).toBe(400);
    expect((await post("/v1/metrics/bleu", { pairs: [{ reference: 1, candidate: null }] })).status).toBe(400);
    expect((await post("/v1/metrics/bleu", [])).status).toBe(400);
  });
});

describe("GET /v1", () => {
  it("is the JSON index that points at the API description", async () => {
    const res = await get("/v1");
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toMatchObject({ name: "needlework", openapi: "/openapi.json", leaderboard: "/" });
  });
});

describe("GET /favicon.ico", () => {
  it("is the site's icon, a 32x32 PNG in an ICO container, cached for a day; the pages link it", async () => {
    const res = await get("/favicon.ico");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/x-icon");
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    const bytes = new Uint8Array(await res.arrayBuffer());
    const view = new DataView(bytes.buffer);
    // ICONDIR: reserved 0, type 1 (icon), one image; its entry: 32x32, 32 bits, the PNG's size and offset.
    expect([view.getUint16(0, true), view.getUint16(2, true), view.getUint16(4, true)]).toEqual([0, 1, 1]);
    expect([bytes[6], bytes[7], view.getUint16(12, true)]).toEqual([32, 32, 32]);
    const size = view.getUint32(14, true);
    const offset = view.getUint32(18, true);
    expect(offset + size).toBe(bytes.length);
    expect([...bytes.slice(offset, offset + 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(view.getUint32(offset + 16)).toBe(32); // IHDR width
    expect(view.getUint32(offset + 20)).toBe(32); // IHDR height
    const head = await SELF.fetch(`${BASE}/favicon.ico`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await (await get("/")).text()).toContain('<link rel="icon" href="/favicon.ico"/>');
  });
});

describe("GET /", () => {
  it("is the leaderboard page, in HTML", async () => {
    const res = await get("/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(await res.text()).toContain("<h1>RepoQA “Searching Needle Function” leaderboard</h1>");
  });
});

describe("the client package inside workerd", () => {
  it("lists, exports and scores through a Worker's fetch, and throws the problem document", async () => {
    await importFixture("client-workerd");
    // As a Worker calls needlework through a service binding: the client with that binding's fetch.
    const nw = new Needlework({ baseUrl: BASE, fetch: (input, init) => SELF.fetch(input, init) });
    expect(await nw.health()).toMatchObject({ status: "ok" });
    const units = [];
    for await (const u of nw.allUnits("repoqa-snf", "client-workerd", { limit: 2 })) units.push(u.unit);
    expect(units.length).toBeGreaterThan(2);
    const lines = [];
    for await (const line of nw.export("repoqa-snf", "client-workerd", { format: "inspect", limit: 2 }))
      lines.push(line.id);
    expect(lines).toEqual(units);
    const verdict = await nw.score({ benchmark: "repoqa-snf", dataset: "client-workerd", unit: units[0], answer: "" });
    expect(verdict).toMatchObject({ unit: units[0], passed: false });
    const err = await nw.prompt("repoqa-snf", "client-workerd", "no-such-unit").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NeedleworkError);
    expect(err).toMatchObject({ status: 404, title: "Not found", kind: "not-found" });
  });
});
