/**
 * The ways into a comparison and out to the answers (docs/compare.md, "The picker", "Discordant
 * tasks", "Side by side"), on real RepoQA baseline runs of the fixture and leaderboard entries: the
 * header, `/compare` without parameters (a picker per benchmark and dataset), "compare with…" one
 * side, the discordant list on the page (each task linking to its side-by-side page) and the
 * side-by-side page itself — the expected answer is the oracle's, each side's answer its run's stored
 * output, a reported entry's side says it stores none, a verified entry's shows its run's answer.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { REPORTED_NO_ANSWER } from "../../src/core/compare/task";
import { page, unescapeHtml } from "./html";
import { get, release } from "../helpers";
import { imported, scoresFile, type ScoreRow } from "../leaderboard/helpers";
import { fixtureDataset, startRun, waitForRun } from "../runs/helpers";

type Json = Record<string, any>;
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const DATASET = "compare-nav";
const OTHER = "compare-nav-2";

const api = async (path: string) => {
  const res = await get(path);
  const body = await res.json<Json>();
  expect(res.status, JSON.stringify(body).slice(0, 300)).toBe(200);
  return body;
};

const runs = new Map<string, Promise<string>>();
/** One completed run per key for the whole file. */
const once = (key: string, body: () => Promise<Record<string, unknown>>) => {
  if (!runs.has(key))
    runs.set(
      key,
      body().then(async (b) => (await waitForRun((await startRun({ concurrency: 8, ...b })).id)).id),
    );
  return runs.get(key)!;
};
const run = (model: string, dataset = DATASET, extra: Record<string, unknown> = {}) =>
  once(`${model} ${dataset} ${JSON.stringify(extra)}`, async () => ({
    dataset: await fixtureDataset(dataset),
    model,
    ...extra,
  }));
/** A published run of `model` under `label`, once its entry is written. */
const published = (label: string, model: string, dataset = DATASET) =>
  run(model, dataset, { label, publish: true }).then(async (id) => {
    for (let i = 0; i < 100 && (await get(`/v1/leaderboard/models/${label}?dataset=${dataset}`)).status !== 200; i++)
      await new Promise((r) => setTimeout(r, 50));
    return id;
  });

/** A run's stored output of `unit`, read from R2 as the run wrote it. */
const outputOf = async (runId: string, unit: string) =>
  (
    (await (await env.DATASETS.get(`runs/${runId}/outputs/${encodeURIComponent(unit)}.json`))!.json()) as {
      output: string;
    }
  ).output;

/** The options of a select in a page, as [value, text]. */
const optionsOf = (html: string, name: string) =>
  [
    ...(html.match(new RegExp(`<select name="${name}">([\\s\\S]*?)</select>`))?.[1] ?? "").matchAll(
      /<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g,
    ),
  ].map((m) => [unescapeHtml(m[1]), unescapeHtml(m[2])]);
const hiddenOf = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)"\/>/g)].map((m) => [
      m[1],
      unescapeHtml(m[2]),
    ]),
  );

/** A reported results file for the fixture's python tasks: each passes when its index is even. */
function reportedFile(model: string): { file: unknown; passes: Map<string, boolean> } {
  const passes = new Map<string, boolean>();
  const results: ScoreRow[] = [];
  for (const repo of release.python) {
    repo.needles.forEach((n, i) => {
      const pass = i % 2 === 0;
      passes.set(`python::${repo.repo}::${n.name}`, pass);
      results.push({
        repo: repo.repo,
        name: n.name,
        needle_position: 0.5,
        is_best_similar: pass,
        best_similar_score: pass ? 0.95 : 0.4,
        best_target: pass ? n.name : null,
        position: { token_start: 10, token_end: 20 },
      });
    });
  }
  return { file: scoresFile(model, { python: results }), passes };
}

describe("the header", { timeout: 90_000 }, () => {
  it("every page leads to the leaderboards, runs, compare and the API, its own section marked", async () => {
    for (const [path, current] of [
      ["/", null],
      ["/runs", "Runs"],
      ["/compare", "Compare"],
    ] as const) {
      const html = await page(path);
      const nav = html.match(/<nav aria-label="Site">([\s\S]*?)<\/nav>/)?.[1] ?? "";
      expect([...nav.matchAll(/<a href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((m) => [m[1], m[2]])).toEqual([
        ["/", "Leaderboards"],
        ["/runs", "Runs"],
        ["/compare", "Compare"],
        ["/v1", "API"],
      ]);
      const marked = [...nav.matchAll(/<a href="[^"]*" aria-current="page">([^<]*)<\/a>/g)].map((m) => m[1]);
      expect(marked).toEqual(current ? [current] : []);
    }
  });
});

describe("the picker", { timeout: 90_000 }, () => {
  it("/compare without parameters offers two runs per benchmark and dataset, and two entries per leaderboard scope", async () => {
    const [oracle, bm25, other] = await Promise.all([
      run("baseline:oracle"),
      run("baseline:bm25"),
      run("baseline:empty", OTHER),
    ]);
    await Promise.all([published("nav-oracle", "baseline:oracle"), published("nav-bm25", "baseline:bm25")]);
    const html = await page("/compare");
    const group = html.match(new RegExp(`<div data-scope="repoqa-snf · ${DATASET}">([\\s\\S]*?)</form>`))?.[1] ?? "";
    const values = optionsOf(group, "a").map(([v]) => v);
    expect(values).toEqual(expect.arrayContaining([oracle, bm25]));
    expect(values).not.toContain(other);
    expect(optionsOf(group, "b").map(([v]) => v)).toEqual(values);
    expect(hiddenOf(group)).toEqual({ benchmark: "repoqa-snf", dataset: DATASET });
    // The other dataset has one run only: no form for it.
    expect(html).not.toContain(`data-scope="repoqa-snf · ${OTHER}"`);
    const entries =
      html.match(
        new RegExp(`<div data-scope="repoqa-snf · ${DATASET} · official · original">([\\s\\S]*?)</form>`),
      )?.[1] ?? "";
    expect(
      optionsOf(entries, "a")
        .map(([v]) => v)
        .sort(),
    ).toEqual(["nav-bm25", "nav-oracle"]);
    expect(hiddenOf(entries)).toEqual({
      benchmark: "repoqa-snf",
      dataset: DATASET,
      mode: "official",
      comment_mode: "original",
    });
  });

  it("compare with… a run: every other completed run of its benchmark and dataset and the entries of its scope, whose submission compares", async () => {
    const [oracle, bm25, empty, other] = await Promise.all([
      run("baseline:oracle"),
      run("baseline:bm25"),
      run("baseline:empty"),
      run("baseline:empty", OTHER),
    ]);
    const [pubOracle] = await Promise.all([
      published("nav-oracle", "baseline:oracle"),
      published("nav-bm25", "baseline:bm25"),
    ]);
    const html = await page(`/compare?a=${oracle}`);
    expect(html).toContain('<strong id="side-a">baseline:oracle — run of');
    const options = optionsOf(html, "b");
    const values = options.map(([v]) => v);
    expect(values).toEqual(expect.arrayContaining([bm25, empty, pubOracle]));
    expect(values).not.toContain(oracle);
    expect(values).not.toContain(other);
    // A verified entry whose run is listed is not offered twice; a run reads as the model and when.
    expect(values).not.toContain("nav-oracle");
    expect(options.find(([v]) => v === bm25)![1]).toMatch(/^baseline:bm25 — run of \d{4}-\d\d-\d\d \d\d:\d\d \(run-/);
    const hidden = hiddenOf(html);
    expect(hidden).toEqual({
      a: oracle,
      benchmark: "repoqa-snf",
      dataset: DATASET,
      mode: "official",
      comment_mode: "original",
    });
    const compared = await page(`/compare?${new URLSearchParams({ ...hidden, b: bm25 })}`);
    expect(compared).toContain('<section id="discordant">');
  });

  it("compare with… a model with entries in two scopes: the scopes first; an unknown side: a 404 page; b alone: a 400 page", async () => {
    await Promise.all([
      published("nav-twice", "baseline:oracle", DATASET),
      published("nav-twice", "baseline:oracle", OTHER),
    ]);
    const html = await page("/compare?a=nav-twice");
    const links = [...(html.match(/<ul id="scopes">([\s\S]*?)<\/ul>/)?.[1] ?? "").matchAll(/href="([^"]*)"/g)].map(
      (m) => unescapeHtml(m[1]),
    );
    expect(links.sort()).toEqual(
      [DATASET, OTHER]
        .map((d) => `/compare?a=nav-twice&benchmark=repoqa-snf&dataset=${d}&mode=official&comment_mode=original`)
        .sort(),
    );
    expect(await page(links[0])).toContain("<h1>Compare with…</h1>");
    expect(await page("/compare?a=no-such-model", 404)).toContain("neither a run id nor the model slug");
    expect(await page("/compare?b=nav-twice", 400)).toContain("<h1>400");
  });
});

describe("discordant tasks and the side by side", { timeout: 90_000 }, () => {
  it("the page lists the discordant tasks as the API does, each linking to its side-by-side page", async () => {
    const [oracle, bm25] = await Promise.all([run("baseline:oracle"), run("baseline:bm25")]);
    const body = await api(`/v1/compare?a=${oracle}&b=${bm25}`);
    const html = await page(`/compare?a=${oracle}&b=${bm25}`);
    const rows = [
      ...html.matchAll(/<tr data-key="([^"]*)" data-kind="([^"]*)">\s*<td class="unit key"><a href="([^"]*)">/g),
    ].map((m) => ({ key: unescapeHtml(m[1]), kind: m[2], href: unescapeHtml(m[3]) }));
    expect(rows).toEqual(body.discordant.items.map((d: Json) => ({ key: d.key, kind: d.kind, href: d.answers })));
    expect(rows.length).toBeGreaterThan(0);
    // The shared sample table (src/kit/pages/sample-table.tsx): a verdict badge, and each side's score linking to its sample's page.
    const first = body.discordant.items[0];
    const row = html.match(new RegExp(`<tr data-key="${escapeRegExp(first.key)}"[\\s\\S]*?</tr>`))![0];
    expect(row).toContain(
      `<span class="verdict ${first.kind === "only_a" ? "a" : "b"}">${first.kind === "only_a" ? "✓ A, ✗ B" : "✗ A, ✓ B"}</span>`,
    );
    expect(unescapeHtml(row)).toContain(`<a href="/runs/${oracle}/samples/${encodeURIComponent(first.a.unit)}"><data`);
    expect(unescapeHtml(row)).toContain(`<a href="/runs/${bm25}/samples/${encodeURIComponent(first.b.unit)}"><data`);
    expect(html).toContain('<th class="l" scope="col">Task</th><th class="l" scope="col">Verdict</th>');
  });

  it("side by side: the oracle's expected answer, each run's stored answer and verdict, a diff against the expected answer", async () => {
    const [oracle, bm25] = await Promise.all([run("baseline:oracle"), run("baseline:bm25")]);
    const { discordant } = await api(`/v1/compare?a=${oracle}&b=${bm25}`);
    const item = discordant.items[0];
    const html = await page(item.answers);
    expect(html).toContain(`<h1>${item.key}</h1>`);
    const pre = (id: string) =>
      unescapeHtml(html.match(new RegExp(`<pre class="code" id="${id}">([\\s\\S]*?)</pre>`))?.[1] ?? "<none>");
    const oracleAnswer = await outputOf(oracle, item.a.unit);
    expect(pre("expected-text")).toBe(oracleAnswer);
    expect(pre("answer-a-text")).toBe(oracleAnswer);
    expect(pre("answer-b-text")).toBe(await outputOf(bm25, item.b.unit));
    expect(html).toContain('<strong data-verdict="a">✓ passed, score ');
    expect(html).toContain('<strong data-verdict="b">✗ failed, score ');
    expect(html).toContain('<table id="diff-b" class="diff">');
    expect(html).toContain(`href="/runs/${bm25}/samples/${encodeURIComponent(item.b.unit)}"`);
    expect(html).toContain(
      `href="/compare?a=${oracle}&amp;b=${bm25}&amp;benchmark=repoqa-snf&amp;dataset=${DATASET}&amp;threshold=0.8#discordant"`,
    );
  });

  it("a reported entry's side says it stores no answer; a verified entry's shows its run's", async () => {
    const [oracle, bm25Run] = await Promise.all([run("baseline:oracle"), published("nav-bm25", "baseline:bm25")]);
    const { file, passes } = reportedFile("acme/reported");
    await imported(file, { dataset: DATASET, n_per_language: passes.size });
    const withReported = await api(`/v1/compare?a=${oracle}&b=acme--reported`);
    expect(withReported.b).toMatchObject({ kind: "entry", entry_kind: "reported", run: null });
    const failing = [...passes]
      .filter(([, p]) => !p)
      .map(([k]) => k)
      .sort();
    expect(withReported.discordant.items.map((d: Json) => d.key)).toEqual(failing);
    const item = withReported.discordant.items[0];
    expect(item.b.unit).toBeNull();
    const html = await page(item.answers);
    expect(unescapeHtml(html)).toContain(`<p class="note" id="answer-b-text">${REPORTED_NO_ANSWER}</p>`);
    expect(html).toContain('<pre class="code" id="answer-a-text">');
    expect(html).toContain('<pre class="code" id="expected-text">');

    const withVerified = await api(`/v1/compare?a=${oracle}&b=nav-bm25`);
    expect(withVerified.b).toMatchObject({ kind: "entry", entry_kind: "verified", run: bm25Run });
    const v = withVerified.discordant.items[0];
    const verified = await page(v.answers);
    expect(unescapeHtml(verified.match(/<pre class="code" id="answer-b-text">([\s\S]*?)<\/pre>/)?.[1] ?? "")).toBe(
      await outputOf(bm25Run, v.key),
    );
    expect(verified).toContain(`href="/runs/${bm25Run}/samples/${encodeURIComponent(v.key)}"`);
  });

  it("a key neither side has: a 404 page; no key: a 400 page", async () => {
    const [oracle, bm25] = await Promise.all([run("baseline:oracle"), run("baseline:bm25")]);
    expect(await page(`/compare/task?a=${oracle}&b=${bm25}&key=python::nowhere::none`, 404)).toContain(
      "Neither side has a task",
    );
    expect(await page(`/compare/task?a=${oracle}&b=${bm25}`, 400)).toContain("key");
  });
});
