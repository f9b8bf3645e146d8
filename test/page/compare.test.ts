/**
 * The comparison page (`GET /compare`) against the API (`GET /v1/compare`) on real baseline runs
 * and leaderboard entries: every number the JSON answers appears in the page as a `<data>` element
 * with the JSON's exact value at its path (and no other), every list of tasks in the JSON's order;
 * bad input is the site's HTML error page with the API's message. The leaderboard page's "pick two
 * models" form carries the board's scope.
 */
import { describe, expect, it } from "vitest";
import { get } from "../helpers";
import { longcodeuDataset } from "../longcodeu/helpers";
import { FAST_RETRY, fixtureDataset, loopback, startRun, waitForRun } from "../runs/helpers";
import { suiteDataset } from "../semtrace/helpers";

type Json = Record<string, any>;

const runOf = async (body: Record<string, unknown>) => {
  const run = await waitForRun((await startRun({ concurrency: 8, ...body })).id);
  expect(run.status).toBe("completed");
  return run.id as string;
};

const runs = new Map<string, Promise<string>>();
/** One run per key for the whole file. */
const once = (key: string, body: () => Promise<Record<string, unknown>>) => {
  if (!runs.has(key)) runs.set(key, body().then(runOf));
  return runs.get(key)!;
};
const DATASET = "page-compare";
const repoqa = (model: string, extra: Record<string, unknown> = {}) =>
  once(`${model} ${JSON.stringify(extra)}`, async () => ({ dataset: await fixtureDataset(DATASET), model, ...extra }));
/** A published run of `model` under `label`, once its leaderboard entry is written. */
const published = (label: string, model: string) =>
  once(`published ${label}`, async () => ({
    dataset: await fixtureDataset(DATASET),
    model,
    label,
    publish: true,
  })).then(async (id) => {
    for (let i = 0; i < 100 && (await get(`/v1/leaderboard/models/${label}?dataset=${DATASET}`)).status !== 200; i++)
      await new Promise((r) => setTimeout(r, 50));
    return id;
  });

const unescapeHtml = (s: string) =>
  s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");

/** The API's answer and the page's HTML for one query. */
async function both(query: string): Promise<{ api: Json; html: string }> {
  const apiRes = await get(`/v1/compare?${query}`);
  const api = await apiRes.json<Json>();
  expect(apiRes.status, JSON.stringify(api)).toBe(200);
  const pageRes = await get(`/compare?${query}`);
  const html = await pageRes.text();
  expect(pageRes.status, html).toBe(200);
  expect(pageRes.headers.get("content-type")).toMatch(/^text\/html/);
  return { api, html };
}

/** Every number of the answer by its path (a.b.0.c), the sides' descriptions aside. */
function numbersOf(value: unknown, path = "", out = new Map<string, number>()): Map<string, number> {
  if (typeof value === "number") out.set(path, value);
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value))
      if (path || (k !== "a" && k !== "b")) numbersOf(v, path ? `${path}.${k}` : k, out);
  return out;
}

/** Every figure of the page: `<data value=… data-field=…>`, by field. */
function figuresOf(html: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of html.matchAll(/<data value="([^"]*)" data-field="([^"]*)">/g)) {
    expect(out.has(m[2]), `${m[2]} shown twice`).toBe(false);
    out.set(m[2], Number(m[1]));
  }
  return out;
}

/** The task keys listed under `field` (e.g. `unpaired.a`), in page order. */
function listOf(html: string, field: string): string[] {
  const m = html.match(
    new RegExp(`<details[^>]* data-list="${field.replace(/\./g, "\\.")}"[^>]*>([\\s\\S]*?)</details>`),
  );
  expect(m, field).not.toBeNull();
  return [...m![1].matchAll(/<li><code>([^<]*)<\/code><\/li>/g)].map((x) => unescapeHtml(x[1]));
}

/**
 * The page equals the API: the same numbers at the same paths, the same lists, both sides linked.
 * A group's bootstrap seed and resamples are the whole comparison's (checked here), stated once.
 */
function expectPageEqualsApi(api: Json, html: string) {
  const numbers = numbersOf(api);
  for (const [i, row] of (api.groups?.rows ?? []).entries()) {
    if (row.difference?.seed === undefined) continue;
    expect([row.difference.seed, row.difference.resamples]).toEqual([api.difference.seed, api.difference.resamples]);
    numbers.delete(`groups.rows.${i}.difference.seed`);
    numbers.delete(`groups.rows.${i}.difference.resamples`);
  }
  expect(Object.fromEntries(figuresOf(html))).toEqual(Object.fromEntries(numbers));
  for (const field of [
    "unpaired.a",
    "unpaired.b",
    "not_scored.a.error",
    "not_scored.a.context_exceeded",
    "not_scored.b.error",
    "not_scored.b.context_exceeded",
  ]) {
    const expected = field.split(".").reduce((o: any, k) => o[k], api) as string[];
    expect(listOf(html, field), field).toEqual(expected);
    // Long lists start collapsed, short ones open.
    const open = new RegExp(`<details open="" data-list="${field.replace(/\./g, "\\.")}"`).test(html);
    expect(open, field).toBe(expected.length > 0 && expected.length <= 20);
  }
  for (const side of [api.a, api.b]) {
    const href = side.kind === "run" ? `/runs/${side.id}` : `/models/${side.id}?`;
    expect(html).toContain(`href="${href}`);
  }
  if (api.groups)
    expect([...html.matchAll(/<tr data-group="([^"]*)"/g)].map((m) => unescapeHtml(m[1]))).toEqual(
      api.groups.rows.map((r: Json) => r.key),
    );
  expect(html).toContain(
    `<a href="/v1/compare?a=${encodeURIComponent(api.a.id)}&amp;b=${encodeURIComponent(api.b.id)}`,
  );
}

describe("the comparison page equals the API", () => {
  it("RepoQA runs, pass/fail: 2×2 table, McNemar's p, Newcombe's interval, per language", async () => {
    const [oracle, bm25] = await Promise.all([repoqa("baseline:oracle"), repoqa("baseline:bm25")]);
    const { api, html } = await both(`a=${oracle}&b=${bm25}&threshold=0.5`);
    expect(api.table.both + api.table.only_a).toBe(16);
    expectPageEqualsApi(api, html);
    expect(html).toContain("B passes");
    expect(html).toContain("newcombe-1998-method-10");
    // The threshold form asks again at another threshold, keeping the sides.
    expect(html).toContain('<form class="filters" method="get" action="/compare">');
    expect(html).toContain('name="threshold" min="0" max="1" step="any" value="0.5"');
  });

  it("what does not pair is listed: one side only, errors, context overflows", async () => {
    const [oracle, pythonOnly, overflow, down] = await Promise.all([
      repoqa("baseline:oracle"),
      repoqa("baseline:empty", { languages: ["python"] }),
      repoqa(loopback("overflow:page"), { languages: ["go"], retry: FAST_RETRY }),
      repoqa(loopback("down:page"), { languages: ["typescript"], retry: FAST_RETRY }),
    ]);
    const unpaired = await both(`a=${oracle}&b=${pythonOnly}`);
    expect(unpaired.api.unpaired.a).toHaveLength(8);
    expectPageEqualsApi(unpaired.api, unpaired.html);
    const over = await both(`a=${overflow}&b=${down}`);
    expect(over.api.n_paired).toBe(0);
    expect(over.api.unpaired.a).toHaveLength(4);
    expectPageEqualsApi(over.api, over.html);
    expect(over.html).toContain("– (nothing pairs)");
    const err = await both(`a=${down}&b=${oracle}`);
    expect(err.api.not_scored.a.error).toHaveLength(4);
    expectPageEqualsApi(err.api, err.html);
  });

  it("graded: LongCodeU's bootstrap with its seed; SemTrace's table beside it", async () => {
    const lcu = await longcodeuDataset("page-compare-lcu");
    const [oracle, empty] = await Promise.all([
      runOf({ benchmark: "longcodeu", dataset: lcu, model: "baseline:oracle" }),
      runOf({ benchmark: "longcodeu", dataset: lcu, model: "baseline:empty" }),
    ]);
    const graded = await both(`a=${oracle}&b=${empty}`);
    expect(graded.api.difference.seed).toBe(20240420);
    expectPageEqualsApi(graded.api, graded.html);
    expect(graded.html).toContain("paired-bootstrap-percentile");
    expect(graded.html).not.toContain("B passes");
    const suite = await suiteDataset("page-compare-suite");
    const interp = await runOf({ benchmark: "semtrace", dataset: suite, model: "baseline:interpreter" });
    const none = await runOf({ benchmark: "semtrace", dataset: suite, model: "baseline:empty" });
    const semtrace = await both(`a=${interp}&b=${none}`);
    expect(semtrace.api.table).not.toBeNull();
    expectPageEqualsApi(semtrace.api, semtrace.html);
  });

  it("leaderboard entries, picked on the leaderboard page's form", async () => {
    await Promise.all([published("page-oracle", "baseline:oracle"), published("page-bm25", "baseline:bm25")]);
    const board = await (await get(`/?dataset=${DATASET}&threshold=0.5`)).text();
    const form = board.match(/<section id="compare">[\s\S]*?<\/section>/)?.[0] ?? "";
    expect(form).toContain('<form class="filters" method="get" action="/compare">');
    for (const name of ["a", "b"]) {
      const select = form.match(new RegExp(`<select name="${name}">([\\s\\S]*?)</select>`))?.[1] ?? "";
      expect([...select.matchAll(/<option value="([^"]*)"/g)].map((m) => m[1]).sort()).toEqual([
        "page-bm25",
        "page-oracle",
      ]);
    }
    const hidden = Object.fromEntries(
      [...form.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)"\/>/g)].map((m) => [m[1], m[2]]),
    );
    expect(hidden).toEqual({
      benchmark: "repoqa-snf",
      dataset: DATASET,
      mode: "official",
      comment_mode: "original",
      threshold: "0.5",
    });
    // What the form submits.
    const { api, html } = await both(`a=page-oracle&b=page-bm25&${new URLSearchParams(hidden)}`);
    expect(api.a).toMatchObject({ kind: "entry", id: "page-oracle", entry_kind: "verified" });
    expectPageEqualsApi(api, html);
  });
});

describe("bad input: the site's HTML error page with the API's message", () => {
  const problem = async (query: string, apiStatus: number, pageStatus: number) => {
    const api = await (await get(`/v1/compare?${query}`)).json<Json>();
    expect(api.status).toBe(apiStatus);
    const res = await get(`/compare?${query}`);
    const html = await res.text();
    expect(res.status).toBe(pageStatus);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(html).toContain(`<h1>${pageStatus === 404 ? 404 : apiStatus} ${api.title}</h1>`);
    expect(unescapeHtml(html)).toContain(`<p>${api.detail}</p>`);
    return api;
  };

  it("400 for a missing side or a bad threshold, 404 for an unknown one, 422's message for different benchmarks", async () => {
    const oracle = await repoqa("baseline:oracle");
    // `a` alone is the "compare with…" picker (test/page/compare-nav.test.ts); `b` alone is a missing side.
    await problem(`b=${oracle}`, 400, 400);
    await problem(`a=${oracle}&b=${oracle}&threshold=1.5`, 400, 400);
    await problem(`a=${oracle}&b=${oracle}&threshold=abc`, 400, 400);
    const unknown = await problem(`a=${oracle}&b=no-such-model`, 404, 404);
    expect(unknown.detail).toContain("no-such-model");
    const lcu = await longcodeuDataset("page-compare-lcu");
    const other = await runOf({ benchmark: "longcodeu", dataset: lcu, model: "baseline:empty" });
    const mixed = await problem(`a=${oracle}&b=${other}`, 422, 400);
    expect(mixed.detail).toMatch(/same benchmark and dataset/);
  });
});
