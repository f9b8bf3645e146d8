/**
 * The validation gaps an attacker's sweep over every endpoint found. Each block failed
 * before its fix: unknown benchmarks answered an empty board, '' and '0x10' were read as numbers,
 * other methods on known paths were 404s, 401s had no challenge, and a gzip-labelled body that was
 * not gzip was read as plain JSON.
 */
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ADMIN, BASE, get, post } from "../helpers";

const PROBLEM = "urn:needlework:problem:";

async function expectProblem(res: Response, status: number, type: string, label = "") {
  expect(res.status, label).toBe(status);
  expect(res.headers.get("content-type"), label).toContain("application/problem+json");
  const body = await res.json<any>();
  expect(body, label).toMatchObject({ type: `${PROBLEM}${type}`, status, request_id: expect.any(String) });
  return body;
}

function send(method: string, path: string, init: RequestInit = {}) {
  return SELF.fetch(`${BASE}${path}`, { ...init, method });
}

describe("enumerated query parameters", () => {
  it("refuses a benchmark the leaderboard does not have, on both reads and the import", async () => {
    for (const path of ["/v1/leaderboard", "/v1/leaderboard/models/anyone"]) {
      for (const value of ["bogus", "%00", "", "sensitivity-semtrace", "REPOQA-SNF"]) {
        const body = await expectProblem(
          await get(`${path}?benchmark=${value}`),
          400,
          "validation-error",
          `${path} ${value}`,
        );
        expect(body.errors[0].path).toBe("benchmark");
      }
      for (const value of ["%00", "", "Upper", "a b", "x".repeat(65)]) {
        const body = await expectProblem(
          await get(`${path}?dataset=${value}`),
          400,
          "validation-error",
          `${path} dataset=${value}`,
        );
        expect(body.errors[0].path).toBe("dataset");
      }
    }
    // Known benchmarks still answer (an empty board where nothing is published).
    for (const b of ["repoqa-snf", "semtrace", "lexical-recall", "cruxeval-o", "longcodeu"]) {
      expect((await get(`/v1/leaderboard?benchmark=${b}`)).status, b).toBe(200);
    }
    const res = await post(
      "/v1/leaderboard/import",
      { kind: "reported", dataset: "d", benchmark: "bogus", source: "s", license: "MIT", file: {} },
      ADMIN,
    );
    expect((await expectProblem(res, 400, "validation-error")).errors[0].path).toBe("benchmark");
  });

  it("refuses unknown bucket and metric values even where they are ignored", async () => {
    for (const q of ["bucket=huge", "metric=f1", "benchmark=longcodeu&bucket=%00", "benchmark=longcodeu&metric="]) {
      await expectProblem(await get(`/v1/leaderboard?${q}`), 400, "validation-error", q);
    }
  });

  it("gives the pages a 400 page for the same values", async () => {
    for (const path of [
      "/?benchmark=bogus",
      "/?benchmark=%00",
      "/models/anyone?benchmark=bogus",
      "/?dataset=%00",
      "/?threshold=",
      "/?threshold=0x1",
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      expect(res.headers.get("content-type"), path).toContain("text/html");
    }
  });
});

describe("the OpenAPI document", () => {
  it("describes the strict parameters: enumerated benchmarks, dataset ids, typed numbers", async () => {
    const doc = await (await get("/openapi.json")).json<any>();
    const param = (path: string, name: string) =>
      doc.paths[path].get.parameters.find((p: any) => p.name === name && p.in === "query");
    for (const path of ["/v1/leaderboard", "/v1/leaderboard/models/{model}"]) {
      expect(param(path, "benchmark").schema).toMatchObject({
        type: "string",
        enum: ["repoqa-snf", "lexical-recall", "cruxeval-o", "semtrace", "longcodeu"],
        default: "repoqa-snf",
      });
      expect(param(path, "dataset").schema).toMatchObject({ type: "string", pattern: expect.any(String) });
      expect(param(path, "threshold").schema).toMatchObject({ type: "number", default: 0.8 });
    }
    expect(param("/v1/runs", "limit").schema).toMatchObject({ type: "integer", minimum: 1, maximum: 200, default: 50 });
    expect(param("/v1/datasets/{id}/tasks", "limit").schema).toMatchObject({
      type: "integer",
      minimum: 1,
      maximum: 1000,
      default: 100,
    });
    expect(param("/v1/datasets/{id}/prompt", "size").schema).toMatchObject({ type: "integer" });
    expect(param("/v1/datasets/{id}/prompt", "depth").schema).toMatchObject({ type: "number", minimum: 0, maximum: 1 });
    expect(param("/v1/datasets/{id}/prompt", "depth").required).toBe(false);
    expect(doc.paths["/v1/leaderboard/import"].post.requestBody.content["application/json"].schema).toBeDefined();
  });
});

describe("numbers in query strings", () => {
  const malformed = [
    "",
    "%20",
    "%2016",
    "16%20",
    "0x10",
    "0o7",
    "0b1",
    "1e1",
    "+5",
    "Infinity",
    "-Infinity",
    "NaN",
    ".5",
    "5.",
    "1,5",
    "5abc",
  ];

  it("are plain decimals: '', whitespace, hex, exponents, '+' and the like are 400s", async () => {
    const cases: [string, string][] = [
      ["/v1/leaderboard?threshold=", "threshold"],
      ["/v1/leaderboard/models/anyone?threshold=", "threshold"],
      ["/v1/runs?limit=", "limit"],
      ["/v1/runs/r-1/samples?limit=", "limit"],
      ["/v1/datasets/nope/tasks?limit=", "limit"],
      ["/v1/datasets/nope/prompt?task=t&size=", "size"],
      ["/v1/datasets/nope/prompt?task=t&depth=", "depth"],
    ];
    for (const [template, param] of cases) {
      for (const value of malformed) {
        const path = template.replace(`${param}=`, `${param}=${value}`);
        const body = await expectProblem(await get(path), 400, "validation-error", path);
        expect(body.errors[0].path, path).toBe(param);
      }
    }
  });

  it("reads integers only as integers, and still accepts ordinary values", async () => {
    for (const value of ["16.0", "1.5"])
      await expectProblem(await get(`/v1/runs?limit=${value}`), 400, "validation-error", value);
    expect((await get("/v1/runs?limit=16")).status).toBe(200);
    expect((await get("/v1/runs?limit=007")).status).toBe(200);
    const board = await (await get("/v1/leaderboard?threshold=0.80")).json<any>();
    expect(board.query.threshold).toBe(0.8);
    expect((await (await get("/v1/leaderboard?threshold=0")).json<any>()).query.threshold).toBe(0);
    expect((await get("/?threshold=0.7")).status).toBe(200);
  });
});

describe("methods a known path does not answer", () => {
  it("answer 405 with the path's methods in Allow, taken from the registered routes", async () => {
    const doc = await (await get("/openapi.json")).json<any>();
    for (const [template, item] of Object.entries<Record<string, unknown>>(doc.paths)) {
      const path = template.replace(/\{[^}]+\}/g, "x1");
      const methods = Object.keys(item).map((m) => m.toUpperCase());
      const allow = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"].filter(
        (m) => methods.includes(m) || (m === "HEAD" && methods.includes("GET")),
      );
      for (const method of ["PUT", "PATCH", "OPTIONS", "DELETE", "POST"].filter((m) => !allow.includes(m))) {
        const res = await send(method, path);
        const body = await expectProblem(res, 405, "method-not-allowed", `${method} ${path}`);
        expect(res.headers.get("allow"), `${method} ${path}`).toBe(allow.join(", "));
        expect(body.allow).toEqual(allow);
      }
    }
  });

  it("covers the index, the OpenAPI document and the pages; GET on a POST-only path is a 405 too", async () => {
    for (const [path, allow] of [
      ["/v1", "GET, HEAD"],
      ["/openapi.json", "GET, HEAD"],
      ["/", "GET, HEAD"],
      ["/models/anyone", "GET, HEAD"],
      ["/v1/datasets/x1", "GET, HEAD, PATCH, DELETE"],
    ]) {
      const res = await send("PUT", path);
      await expectProblem(res, 405, "method-not-allowed", path);
      expect(res.headers.get("allow")).toBe(allow);
    }
    const getScore = await get("/v1/score");
    await expectProblem(getScore, 405, "method-not-allowed");
    expect(getScore.headers.get("allow")).toBe("POST");
    const head = await send("HEAD", "/v1/score");
    expect(head.status).toBe(405);
    expect(head.headers.get("allow")).toBe("POST");
    expect(await head.text()).toBe("");
  });

  it("leaves unknown paths 404 and known methods alone", async () => {
    await expectProblem(await send("PUT", "/v1/nowhere"), 404, "not-found");
    await expectProblem(await send("OPTIONS", "/v1/leaderboard/"), 404, "not-found");
    const page = await get("/nowhere");
    expect(page.status).toBe(404);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect((await send("HEAD", "/v1/leaderboard")).status).toBe(200);
    expect((await get("/v1/health")).status).toBe(200);
  });
});

describe("401 responses", () => {
  it("carry a Bearer challenge, with invalid_token when a wrong token was sent", async () => {
    const none = await post("/v1/runs", {});
    await expectProblem(none, 401, "unauthorized");
    expect(none.headers.get("www-authenticate")).toBe('Bearer realm="needlework"');
    const basic = await post("/v1/runs", {}, { authorization: "Basic dGVzdC1hZG1pbi10b2tlbg==" });
    await expectProblem(basic, 401, "unauthorized");
    expect(basic.headers.get("www-authenticate")).toBe('Bearer realm="needlework"');
    const wrong = await post("/v1/leaderboard/import", {}, { authorization: "Bearer not-the-token" });
    await expectProblem(wrong, 401, "unauthorized");
    expect(wrong.headers.get("www-authenticate")).toMatch(
      /^Bearer realm="needlework", error="invalid_token"(, error_description="[^"]*")?$/,
    );
  });
});

describe("encoded request bodies", () => {
  const pairs = {
    pairs: [{ reference: "def f(a, b):\n    return a + b", candidate: "def f(a, b):\n    return a - b" }],
  };
  const encode = async (text: string, format: "gzip" | "deflate") =>
    new Uint8Array(
      await new Response(new Blob([text]).stream().pipeThrough(new CompressionStream(format))).arrayBuffer(),
    );
  const postRaw = (path: string, body: BodyInit, encoding?: string, headers: Record<string, string> = {}) =>
    send("POST", path, {
      body,
      headers: {
        "content-type": "application/json",
        ...(encoding === undefined ? {} : { "content-encoding": encoding }),
        ...headers,
      },
    });

  it("decodes gzip and deflate bodies to the same answer as a plain one", async () => {
    const plain = await (await post("/v1/metrics/bleu", pairs)).json<any>();
    for (const [format, header] of [
      ["gzip", "gzip"],
      ["gzip", "x-gzip"],
      ["deflate", "deflate"],
      ["gzip", "GZIP"],
    ] as const) {
      const res = await postRaw("/v1/metrics/bleu", await encode(JSON.stringify(pairs), format), header);
      expect(res.status, header).toBe(200);
      expect(await res.json(), header).toEqual(plain);
    }
    expect((await postRaw("/v1/metrics/bleu", JSON.stringify(pairs), "identity")).status).toBe(200);
  });

  it("refuses a body that is not what its Content-Encoding says with 400", async () => {
    const gz = await encode(JSON.stringify(pairs), "gzip");
    for (const [label, body, encoding] of [
      ["plain JSON labelled gzip", JSON.stringify(pairs), "gzip"],
      ["plain JSON labelled deflate", JSON.stringify(pairs), "deflate"],
      ["truncated gzip", gz.slice(0, gz.length - 6), "gzip"],
      ["gzip labelled deflate", gz, "deflate"],
    ] as const) {
      const problem = await expectProblem(
        await postRaw("/v1/metrics/bleu", body, encoding),
        400,
        "malformed-encoding",
        label,
      );
      expect(problem.detail, label).toContain(encoding);
    }
  });

  it("refuses codings it does not decode with 415 and says which it does", async () => {
    for (const encoding of ["br", "compress", "zstd", "gzip, gzip", "deflate, gzip"]) {
      const res = await postRaw("/v1/metrics/bleu", JSON.stringify(pairs), encoding);
      await expectProblem(res, 415, "unsupported-media-type", encoding);
      expect(res.headers.get("accept-encoding")).toBe("gzip, deflate");
    }
  });

  it("holds the body limit on the decoded size: a small gzip bomb is a 413", async () => {
    // /v1/score takes 512 KB; 4 MB of spaces compress to a few KB.
    const bomb = await encode(`{"dataset": "x", "task": "t", "answer": "${" ".repeat(4 * 1024 * 1024)}"}`, "gzip");
    expect(bomb.length).toBeLessThan(64 * 1024);
    const problem = await expectProblem(await postRaw("/v1/score", bomb, "gzip"), 413, "payload-too-large");
    expect(problem).toMatchObject({ limit_bytes: 512 * 1024 });
    expect(problem.detail).toContain("decoded");
    // Just under the limit decodes and reaches validation (an unknown dataset here).
    const fits = await encode(
      JSON.stringify({ dataset: "none-such", task: "t", answer: "x" }) + " ".repeat(400 * 1024),
      "gzip",
    );
    expect((await postRaw("/v1/score", fits, "gzip")).status).not.toBe(413);
  });

  it("still refuses a non-JSON content type after decoding", async () => {
    const res = await send("POST", "/v1/metrics/bleu", {
      body: await encode(JSON.stringify(pairs), "gzip"),
      headers: { "content-type": "text/plain", "content-encoding": "gzip" },
    });
    await expectProblem(res, 415, "unsupported-media-type");
  });
});
