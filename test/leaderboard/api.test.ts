import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { passRateStatements } from "../../src/kit/leaderboard/pass-rate";
import { LEADERBOARD_SORTS, normalizeQuery } from "../../src/core/leaderboard/queries";
import { passRateAxis, rankPageRead, rankPageStatements } from "../../src/kit/leaderboard/ranks";
import { publishVerifiedRun } from "../../src/core/leaderboard/verified";
import { get } from "../helpers";
import { board, imported, pageReadPlans, parseCsv, rows, scoresFile } from "./helpers";

// Four reported models (two tie at 0.8) and one verified run.
beforeAll(async () => {
  await imported(
    scoresFile("zeta/tie", { python: rows("a/py", [0.9, 0.9, 0.1, 0.1]), rust: rows("b/rs", [0.9, 0.1]) }),
  );
  await imported(
    scoresFile("alpha/tie", { python: rows("a/py", [0.9, 0.9, 0.1, 0.1]), rust: rows("b/rs", [0.9, 0.1]) }),
  );
  await imported(
    scoresFile('best, "quoted" model', { python: rows("a/py", [1, 1, 1, 0.5]), rust: rows("b/rs", [1, 1]) }),
  );
  await imported(scoresFile("python-only", { python: rows("a/py", [0.85, 0.85, 0.85, 0.85]) }));
  await publishVerifiedRun(env, {
    dataset: "repoqa-2024-04-20",
    model: "alpha/tie",
    receipt: { scorer_version: "repoqa-snf/1.0.0" },
    samples: [
      {
        task: "python::a/py::fn_0",
        position: 0.05,
        context_size: 16384,
        passed: true,
        score: 0.95,
        parts: { target: "fn_0" },
      },
      {
        task: "python::a/py::fn_1",
        position: 0.15,
        context_size: 16384,
        passed: false,
        score: 0.4,
        parts: { target: "x" },
      },
    ],
  });
});

const models = (data: any) => data.rows.map((r: any) => r.model);

describe("GET /v1/leaderboard", () => {
  it("defaults: threshold 0.8, all languages, both kinds, best first, ties by model name", async () => {
    const data = await board();
    expect(data.query).toEqual({
      benchmark: "repoqa-snf",
      dataset: "repoqa-2024-04-20",
      threshold: 0.8,
      language: "all",
      mode: "official",
      comment_mode: "original",
      kind: "all",
      sort: "-rate",
      options: "",
    });
    expect(data.interval).toBe("wilson-95");
    expect(data.languages).toEqual(["python", "rust"]);
    expect(models(data)).toEqual(["python-only", 'best, "quoted" model', "alpha/tie", "alpha/tie", "zeta/tie"]);
    expect(data.rows.map((r: any) => [r.rank, r.kind, r.rate])).toEqual([
      [1, "reported", 1],
      [2, "reported", 5 / 6],
      [3, "verified", 0.5],
      [3, "reported", 0.5],
      [3, "reported", 0.5],
    ]);
    expect(data.rows[0]).toMatchObject({
      model_slug: "python-only",
      n: 4,
      passed: 4,
      errors: 0,
      context_exceeded: 0,
      has_samples: true,
      receipt: null,
      source: "RepoQA authors",
      license: "Apache-2.0",
      train_size: "32k",
    });
    expect(data.rows[0].languages.rust).toBeUndefined();
    expect(data.rows[1].languages.rust).toMatchObject({ n: 2, passed: 2, rate: 1, ci_high: 1 });
    expect(data.updated_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it("filters by threshold, language and kind, and sorts", async () => {
    expect((await board("threshold=0.0")).rows.find((r: any) => r.model === "zeta/tie").rate).toBe(1);
    const rust = await board("language=rust");
    expect(models(rust)).toEqual(['best, "quoted" model', "alpha/tie", "zeta/tie"]);
    expect(rust.rows[1]).toMatchObject({ rate: 0.5, n: 2, passed: 1 });
    expect(models(await board("kind=verified"))).toEqual(["alpha/tie"]);
    expect((await board("kind=reported")).rows.every((r: any) => r.kind === "reported")).toBe(true);
    expect(models(await board("sort=model"))).toEqual([
      "alpha/tie",
      "alpha/tie",
      'best, "quoted" model',
      "python-only",
      "zeta/tie",
    ]);
    expect(models(await board("sort=-model"))[0]).toBe("zeta/tie");
    const ascending = await board("sort=rate&kind=reported");
    // `rate` is the exact reverse of `-rate`: ties by model name descending.
    expect(models(ascending)).toEqual(["zeta/tie", "alpha/tie", 'best, "quoted" model', "python-only"]);
    expect(ascending.rows.map((r: any) => r.rank)).toEqual([3, 3, 2, 1]);
    expect((await board("dataset=nothing-here")).rows).toEqual([]);
  });

  it("refuses unknown thresholds, languages, sorts and kinds with the problem envelope", async () => {
    for (const [query, path] of [
      ["threshold=0.85", "threshold"],
      ["threshold=abc", "threshold"],
      ["threshold=2", "threshold"],
      ["language=cobol", "language"],
      ["sort=best", "sort"],
      ["kind=mine", "kind"],
      ["mode=lenient", "mode"],
      ["format=xml", "format"],
    ]) {
      const res = await get(`/v1/leaderboard?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.headers.get("content-type")).toContain("application/problem+json");
      expect(await res.json(), query).toMatchObject({
        type: "urn:needlework:problem:validation-error",
        errors: [expect.objectContaining({ path })],
      });
    }
  });

  it("gives CSV with a header row and one column per language", async () => {
    const res = await get("/v1/leaderboard?format=csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="leaderboard-repoqa-snf-repoqa-2024-04-20-0.8-all.csv"',
    );
    const table = parseCsv(await res.text());
    expect(table[0]).toEqual([
      "rank",
      "model",
      "kind",
      "rate",
      "ci_low",
      "ci_high",
      "n",
      "passed",
      "errors",
      "context_exceeded",
      "python",
      "rust",
      "cutoff",
    ]);
    const json = await board();
    expect(table).toHaveLength(1 + json.rows.length);
    table.slice(1).forEach((line, i) => {
      const row = json.rows[i];
      expect(line).toEqual([
        String(row.rank),
        row.model,
        row.kind,
        String(row.rate),
        String(row.ci_low),
        String(row.ci_high),
        String(row.n),
        String(row.passed),
        "0",
        "0",
        String(row.languages.python.rate),
        row.languages.rust ? String(row.languages.rust.rate) : "",
        row.cutoff?.cutoff ?? "",
      ]);
    });
    expect(Number(table[2][3])).toBe(5 / 6); // full precision survives the round trip
  });

  it("reads a page's entries by id and their aggregates by primary key, never walking the board", async () => {
    const q = normalizeQuery({});
    const plans = await pageReadPlans(
      (ids) => passRateStatements(env, q, ids),
      rankPageRead(env, q, passRateAxis(q), 100).entries,
    );
    // Each statement: its own search, then the page's subquery (one range of the rank index).
    expect(plans.entries[0]).toMatch(
      /^SEARCH leaderboard_entries USING (COVERING )?INDEX sqlite_autoindex_leaderboard_entries_1 \(id=\?\)$/,
    );
    expect(plans.aggregates[0]).toMatch(
      /^SEARCH leaderboard_aggregates USING INDEX sqlite_autoindex_leaderboard_aggregates_1 \(entry_id=\? AND threshold=\? AND group_type=\?\)$/,
    );
    for (const plan of [plans.entries, plans.aggregates]) {
      expect(plan.some((d) => /leaderboard_ranks_by_value/.test(d))).toBe(true);
      expect(plan.some((d) => /TEMP B-TREE|^SCAN/.test(d))).toBe(false);
    }
  });
});

describe("a page of the board", () => {
  it("walks an index of the rank values in every sort and direction, never sorting the board", async () => {
    const q = normalizeQuery({ dataset: "repoqa-2024-04-20" });
    for (const sort of LEADERBOARD_SORTS) {
      for (const kind of ["all", "verified"] as const) {
        for (const dir of [undefined, "after", "before"] as const) {
          const query = { ...q, sort, kind };
          const cursor = dir && { sort, dir, value: sort.endsWith("rate") ? 0.5 : null, key: "m" };
          const { page, total } = rankPageStatements(query, passRateAxis(query), 100, cursor);
          const plan = async (st: { sql: string; params: unknown[] }) =>
            (
              await env.DB.prepare(`EXPLAIN QUERY PLAN ${st.sql}`)
                .bind(...st.params)
                .all<{ detail: string }>()
            ).results.map((r) => r.detail);
          const details = await plan(page);
          const index = sort.endsWith("rate") ? "leaderboard_ranks_by_value" : "leaderboard_ranks_by_name";
          const label = `${sort} ${kind} ${dir}: ${details.join(" / ")}`;
          expect(details[0], label).toMatch(
            new RegExp(`^SEARCH r USING INDEX ${index} \\(board=\\? AND threshold=\\? AND axis=\\?`),
          );
          // Scans only of the page's own rows (its CTEs: page, top, above), never of a table.
          expect(
            details.some((d) => /TEMP B-TREE|^SCAN (r|x|e|leaderboard_\w+)$/.test(d)),
            label,
          ).toBe(false);
          // The ranks: one range of the value index above the page (never a count per row).
          const ranges = details.filter((d) => /^SEARCH x /.test(d));
          expect(ranges, label).toEqual([
            expect.stringMatching(
              /^SEARCH x USING (COVERING )?INDEX leaderboard_ranks_by_value \(board=\? AND threshold=\? AND axis=\? AND value>\?\)$/,
            ),
          ]);
          // ... walked once per page: not in a correlated subquery (run per row) unless in a CTE it materializes (once).
          const nodes = (
            await env.DB.prepare(`EXPLAIN QUERY PLAN ${page.sql}`)
              .bind(...page.params)
              .all<{ id: number; parent: number; detail: string }>()
          ).results;
          const byId = new Map(nodes.map((n) => [n.id, n]));
          const up = (n: (typeof nodes)[number]): string[] => {
            const parent = byId.get(n.parent);
            return !parent || /^MATERIALIZE /.test(parent.detail) ? [] : [parent.detail, ...up(parent)];
          };
          expect(
            up(nodes.find((n) => /^SEARCH x /.test(n.detail))!).filter((d) => /^CORRELATED/.test(d)),
            label,
          ).toEqual([]);
          expect((await plan(total))[0], label).toMatch(
            /^SEARCH r USING (COVERING )?INDEX leaderboard_ranks_by_(value|name) \(board=\? AND threshold=\? AND axis=\?\)$/,
          );
        }
      }
    }
  });
});

describe("GET /v1/leaderboard/models/{model}", () => {
  it("breaks one model down; kind=all prefers the verified entry", async () => {
    const res = await get("/v1/leaderboard/models/alpha--tie");
    expect(res.status).toBe(200);
    const body = await res.json<any>();
    expect(body).toMatchObject({
      model: "alpha/tie",
      kind: "verified",
      has_samples: true,
      threshold: 0.8,
      mode: "official",
      comment_mode: "original",
    });
    const reported = await (await get("/v1/leaderboard/models/alpha--tie?kind=reported&threshold=0.5")).json<any>();
    expect(reported).toMatchObject({ kind: "reported", threshold: 0.5 });
    expect(reported.thresholds["0.8"].rust).toMatchObject({ n: 2, passed: 1, rate: 0.5 });
    expect(reported.thresholds["0.0"].all).toMatchObject({ n: 6, passed: 6, rate: 1 });
  });

  it("answers 404 with the envelope for an unknown model, and 400 for a bad threshold", async () => {
    const res = await get("/v1/leaderboard/models/nobody");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ type: "urn:needlework:problem:not-found" });
    expect(res.headers.get("cache-control")).toBeNull();
    expect((await get("/v1/leaderboard/models/alpha--tie?threshold=0.33")).status).toBe(400);
  });
});

describe("caching", () => {
  const cacheState = async (path: string) => {
    // The first response is stored by waitUntil, just after it is sent.
    for (let i = 0; i < 20; i++) {
      const res = await get(path);
      if (res.headers.get("x-leaderboard-cache") === "hit") return res;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error("never served from the cache");
  };

  it("sends Cache-Control and an ETag; If-None-Match answers 304 until the next write", async () => {
    const first = await get("/v1/leaderboard?threshold=0.5");
    expect(first.headers.get("cache-control")).toBe("public, max-age=60, s-maxage=300");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"lb-\d+\.[0-9a-f]+\.[0-9.]+-[0-9a-f]{16}"$/);
    // The same query spelled differently is the same resource.
    expect((await get("/v1/leaderboard?threshold=0.50&sort=-rate")).headers.get("etag")).toBe(etag);
    expect((await get("/v1/leaderboard?threshold=0.6")).headers.get("etag")).not.toBe(etag);
    expect((await get("/v1/leaderboard?threshold=0.5&format=csv")).headers.get("etag")).not.toBe(etag);

    const cached = await get("/v1/leaderboard?threshold=0.5", { "if-none-match": etag });
    expect(cached.status).toBe(304);
    expect(await cached.text()).toBe("");
    expect(cached.headers.get("etag")).toBe(etag);
    expect((await get("/v1/leaderboard?threshold=0.5", { "if-none-match": `W/${etag}, "other"` })).status).toBe(304);

    const hit = await cacheState("/v1/leaderboard?threshold=0.5");
    expect(await hit.json()).toEqual(await first.json());

    await imported(scoresFile("newcomer", { python: rows("a/py", [1]) }));
    const after = await get("/v1/leaderboard?threshold=0.5", { "if-none-match": etag });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(etag);
    expect(after.headers.get("x-leaderboard-cache")).toBe("miss");
    expect(models(await after.json())).toContain("newcomer");
  });

  it("caches model breakdowns and CSV too, and a publish invalidates them", async () => {
    await get("/v1/leaderboard/models/alpha--tie");
    await cacheState("/v1/leaderboard/models/alpha--tie");
    await get("/v1/leaderboard?format=csv");
    const csv = await cacheState("/v1/leaderboard?format=csv");
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    await publishVerifiedRun(env, {
      dataset: "repoqa-2024-04-20",
      model: "alpha/tie",
      receipt: { scorer_version: "repoqa-snf/1.0.0", run: 2 },
      samples: [
        {
          task: "python::a/py::fn_0",
          position: 0.05,
          context_size: 16384,
          passed: true,
          score: 0.95,
          parts: { target: "fn_0" },
        },
      ],
    });
    const fresh = await get("/v1/leaderboard/models/alpha--tie");
    expect(fresh.headers.get("x-leaderboard-cache")).toBe("miss");
    expect((await fresh.json<any>()).thresholds["0.8"].all).toMatchObject({ n: 1, passed: 1 });
  });
});
