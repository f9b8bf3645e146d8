/**
 * Held-out datasets (docs/api.md#held-out-datasets): one small held-out dataset per
 * family with canary strings planted where only the answer key holds them (a RepoQA needle's name,
 * a SemTrace expected output, LongCodeU expected names and text), an oracle run (whose outputs are
 * the answers) and a run of submitted wrong outputs over each; then every GET endpoint of the
 * OpenAPI document (path parameters filled with these datasets, runs, units and models, each enum
 * query parameter at every value), every page reachable by links from `/`, and the scoring POSTs
 * with empty and wrong answers are searched for the canaries, bodies and headers. A RepoQA prompt
 * holds the needle's code among its context by design: each unit's prompt text is taken out of a
 * body before it is searched. Then the datasets are made public and the same sweep must find every
 * canary (so the search can fail).
 */
import { describe, expect, it } from "vitest";
import fixture from "../fixtures/repoqa-mini.json";
import { fixtureRelease } from "../longcodeu/fixture";
import { ADMIN, BASE, get, post } from "../helpers";
import { startRun, waitForRun } from "../runs/helpers";
import { SELF, createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { createApp } from "../../src/app";
import { findBenchmark } from "../../src/benchmarks/registry";
import type { Env } from "../../src/lib/env";

/** Canaries: 13 characters for RepoQA's, the length of the needle name it replaces (byte offsets stay right). */
const CANARY = {
  repoqa: "cnry_7f3a_q9z",
  semtrace: "CANARYst9f3a",
  lcuName: "canary_lcu_name_5e1b",
  lcuText: "CANARY_lcu_text_5e1b",
};
const CANARIES = Object.values(CANARY);

/** A sweep is about 300 requests, a few seconds alone; a loaded machine takes several times that. */
const SWEEP_TIMEOUT = 120_000;

// ---------------------------------------------------------------------------------------------
// The datasets

/** RepoQA: the fixture's first Python repository, its needle `strip_accents` renamed to the canary everywhere and its only needle. */
function repoqaRelease() {
  const repo = JSON.parse(JSON.stringify(fixture.python[0]).replaceAll("strip_accents", CANARY.repoqa));
  repo.needles = repo.needles.filter((n: { name: string }) => n.name === CANARY.repoqa);
  return { python: [repo] };
}

/** SemTrace: one target per task (SemTrace on a 1-distractor grid, its sensitivity variant) whose expected output is the canary. */
function suiteRelease() {
  const input = `'${[...CANARY.semtrace].reverse().join("")}'`;
  const code = "def f(s):\n    t = s[::-1]\n    return t";
  const pool = [0, 1].map((id) => ({
    id,
    name: `helper_${id}`,
    path: "lib/mod.py",
    line: 10 * id,
    code: `def helper_${id}(items):\n    return sorted(items)[:${id + 2}]`,
  }));
  return {
    format: "needlework/semtrace-suite@1",
    seed: 1,
    grid: { distractors: [1], positions: [0] },
    build: {},
    pool: { source: { kind: "test" }, filter: { rule: "none" }, functions: pool },
    tasks: {
      semtrace: {
        source: {},
        targets: [{ id: "t0", code, input, output: `'${CANARY.semtrace}'`, distractors: { "1": [1] } }],
      },
      "sensitivity-semtrace": {
        source: {},
        targets: [
          { id: "t0", code, input, output: `'${CANARY.semtrace}'`, base: "t0", removed: [], fraction: 0 },
          {
            id: "t0-r1",
            code: "def f(s):\n    return t",
            input,
            output: `'${CANARY.semtrace}'`,
            base: "t0",
            removed: [1],
            fraction: 0.5,
          },
        ],
      },
    },
  };
}

/** LongCodeU: the fixture's first repository, its CU_P and LDU examples only, with canary answers. */
function lcuRelease() {
  const release = fixtureRelease();
  const repo = release.repos[0];
  repo.examples = repo.examples.filter((e) => e.task === "CU_P" || e.task === "LDU");
  for (const e of repo.examples) {
    if (e.task === "CU_P") e.answer.names = [...(e.answer.names ?? []), CANARY.lcuName];
    if (e.task === "LDU") e.answer.text = `${CANARY.lcuText} ${e.answer.text}`;
  }
  return { ...release, repos: [repo] };
}

const DATASETS = [
  { id: "ho-repoqa", path: "import", release: repoqaRelease, benchmarks: ["repoqa-snf"] },
  { id: "ho-suite", path: "suite", release: suiteRelease, benchmarks: ["semtrace", "sensitivity-semtrace"] },
  { id: "ho-lcu", path: "longcodeu", release: lcuRelease, benchmarks: ["longcodeu"] },
];

interface Unit {
  benchmark: string;
  dataset: string;
  unit: string;
}

interface World {
  units: Unit[];
  runs: { id: string; benchmark: string; dataset: string; pair: string }[];
  /** Each unit's prompt texts, taken out of bodies before they are searched. */
  prompts: string[];
}

async function importDatasets() {
  for (const d of DATASETS) {
    const res = await post(`/v1/datasets/${d.id}/${d.path}?visibility=held-out`, d.release(), ADMIN);
    expect(res.status, `${d.id}: ${await res.clone().text()}`).toBeLessThan(300);
  }
}

async function unitsOf(benchmark: string, dataset: string): Promise<Unit[]> {
  const res = await get(`/v1/benchmarks/${benchmark}/datasets/${dataset}/units?limit=100`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json<{ units: { unit: string }[] }>()).units.map((u) => ({ benchmark, dataset, unit: u.unit }));
}

const promptPath = (u: Unit) =>
  `/v1/benchmarks/${u.benchmark}/datasets/${u.dataset}/units/${encodeURIComponent(u.unit)}/prompt`;

/** The datasets, an oracle run and a wrong-answer run over each benchmark (both published when whole). */
async function build(): Promise<World> {
  await importDatasets();
  const units: Unit[] = [];
  for (const d of DATASETS) for (const b of d.benchmarks) units.push(...(await unitsOf(b, d.id)));
  const started = [];
  for (const d of DATASETS) {
    for (const b of d.benchmarks) {
      const mine = units.filter((u) => u.benchmark === b);
      const oracle = await startRun({ benchmark: b, dataset: d.id, model: "baseline:oracle", publish: true });
      const wrong = await startRun({
        benchmark: b,
        dataset: d.id,
        model: "wrong-guesser",
        publish: true,
        outputs: mine.map((u) => ({ unit: u.unit, output: "```python\ndef guess():\n    return 0\n```" })),
      });
      started.push(
        { id: oracle.id, benchmark: b, dataset: d.id, pair: wrong.id },
        { id: wrong.id, benchmark: b, dataset: d.id, pair: oracle.id },
      );
    }
  }
  for (const r of started) expect((await waitForRun(r.id)).status).toBe("completed");
  const prompts: string[] = [];
  for (const u of units) {
    const res = await get(promptPath(u));
    expect(res.status).toBe(200);
    prompts.push(...(await res.json<{ messages: { content: string }[] }>()).messages.map((m) => m.content));
  }
  return { units, runs: started, prompts };
}

// ---------------------------------------------------------------------------------------------
// The sweep: every GET of the OpenAPI document, every page by links, the scoring POSTs

interface Seen {
  where: string;
  status: number;
  text: string;
}

const htmlEscape = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** A body without the prompt texts (as they are, JSON-escaped or HTML-escaped), and its headers. */
function searchable(res: Response, body: string, prompts: readonly string[]): string {
  let text = body;
  // Longest first: a short prompt text may be part of a longer one.
  for (const p of [...prompts].sort((a, b) => b.length - a.length)) {
    for (const form of [p, JSON.stringify(p).slice(1, -1), htmlEscape(p)]) text = text.split(form).join("");
  }
  return `${[...res.headers].map(([k, v]) => `${k}: ${v}`).join("\n")}\n\n${text}`;
}

/** `f` over `items`, `width` at a time (the Worker answers requests concurrently; most of a request is waiting on D1 and R2). */
async function pool<T, R>(items: readonly T[], f: (item: T) => Promise<R>, width = 8): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await f(items[i]);
      }
    }),
  );
  return out;
}

async function fetchSeen(path: string, world: World, init?: RequestInit): Promise<Seen & { body: string }> {
  const res = await SELF.fetch(`${BASE}${path}`, init);
  const body = await res.text();
  return {
    where: `${init?.method ?? "GET"} ${path}`,
    status: res.status,
    text: searchable(res, body, world.prompts),
    body,
  };
}

interface OpenApiParam {
  name: string;
  in: "path" | "query";
  required?: boolean;
  schema?: { enum?: string[] };
}

/** Concrete URLs for every GET of the OpenAPI document, filled from the world's datasets, runs, units and models. */
async function openApiGets(world: World, models: string[]): Promise<string[]> {
  const doc = await (await get("/openapi.json")).json<{
    paths: Record<string, Record<string, { parameters?: OpenApiParam[] }>>;
  }>();
  const urls = new Set<string>();
  for (const [template, item] of Object.entries(doc.paths)) {
    const op = item.get;
    if (!op) continue;
    const params = op.parameters ?? [];
    const contexts = world.units.flatMap((u) => {
      const runs = world.runs.filter((r) => r.benchmark === u.benchmark);
      return runs.flatMap((run) =>
        (models.length ? models : [""]).map((model) => ({
          benchmark: u.benchmark,
          dataset: u.dataset,
          unit: u.unit,
          task: u.unit,
          id: template.startsWith("/v1/runs") ? run.id : u.dataset,
          a: run.id,
          b: run.pair,
          model,
        })),
      );
    });
    for (const ctx of contexts) {
      const path = template.replace(/\{([^}]+)\}/g, (_, name: string) =>
        encodeURIComponent(String((ctx as Record<string, string>)[name] ?? "x")),
      );
      const fixed = new URLSearchParams();
      const variants: [string, string[]][] = [];
      for (const p of params.filter((q) => q.in === "query")) {
        const known = (ctx as Record<string, string>)[p.name];
        if (known !== undefined && known !== "") fixed.set(p.name, known);
        // Every format an endpoint writes (other enums choose an order or a scope: the same data).
        if (p.name === "format" && p.schema?.enum) variants.push([p.name, p.schema.enum]);
      }
      urls.add(`${path}?${fixed}`);
      for (const [name, values] of variants) {
        for (const v of values) {
          const q = new URLSearchParams(fixed);
          q.set(name, v);
          urls.add(`${path}?${q}`);
        }
      }
    }
  }
  return [...urls];
}

/**
 * Every page reachable by links from `/` and from the forms' results a person would submit (each
 * dataset's board, each pair of runs compared), breadth first, at most `cap`. API links are the
 * OpenAPI sweep's; a board's other sort orders show the same rows.
 */
async function crawl(world: World, cap: number): Promise<Seen[]> {
  const seen: Seen[] = [];
  const seeds = [
    "/",
    ...DATASETS.flatMap((d) => d.benchmarks.map((b) => `/?benchmark=${b}&dataset=${d.id}`)),
    ...world.runs.map((r) => `/compare?a=${r.id}&b=${r.pair}`),
  ];
  const queued = new Set(seeds);
  let level = [...seeds];
  while (level.length && seen.length < cap) {
    const pages = await pool(level.slice(0, cap - seen.length), (path) => fetchSeen(path, world));
    seen.push(...pages);
    level = [];
    for (const page of pages) {
      if (!/<html/i.test(page.body)) continue;
      for (const m of page.body.matchAll(/href="([^"]+)"/g)) {
        const href = m[1].replace(/&amp;/g, "&");
        if (
          !href.startsWith("/") ||
          href.startsWith("//") ||
          /^\/(v1\b|openapi\.json)/.test(href) ||
          /[?&]sort=/.test(href)
        )
          continue;
        const link = href.split("#")[0];
        if (link && !queued.has(link)) {
          queued.add(link);
          level.push(link);
        }
      }
    }
  }
  return seen;
}

/** The scoring POSTs: each unit with an empty and a wrong answer, in every shape, and the batch. */
async function scoringPosts(world: World): Promise<Seen[]> {
  const out: Seen[] = [];
  const json = (body: unknown): RequestInit => ({
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  for (const u of world.units) {
    for (const answer of ["", "def f(x):\n    return x"]) {
      out.push(await fetchSeen("/v1/score", world, json({ ...u, answer })));
      out.push(
        await fetchSeen("/v1/score/promptfoo", world, json({ output: answer, context: { prompt: "", vars: u } })),
      );
    }
    // RepoQA's original shape names the task.
    if (u.benchmark === "repoqa-snf")
      out.push(await fetchSeen("/v1/score", world, json({ dataset: u.dataset, task: u.unit, answer: "" })));
  }
  for (const d of DATASETS) {
    for (const b of d.benchmarks) {
      const answers = world.units.filter((u) => u.benchmark === b).map((u) => ({ unit: u.unit, answer: "" }));
      out.push(await fetchSeen("/v1/score/batch", world, json({ benchmark: b, dataset: d.id, answers })));
    }
  }
  return out;
}

/** Everything a client can read about the world. */
async function sweep(world: World): Promise<Seen[]> {
  const board = await (await get("/v1/leaderboard?dataset=ho-repoqa")).json<{ rows?: { model_slug: string }[] }>();
  const models = (board.rows ?? []).map((r) => r.model_slug);
  const gets = await pool(await openApiGets(world, models), (url) => fetchSeen(url, world));
  return [...gets, ...(await crawl(world, 400)), ...(await scoringPosts(world))];
}

/** The target names (`parts.target`) a dataset's stored leaderboard rows hold. */
async function storedTargets(dataset: string): Promise<(string | null)[]> {
  const rows = await env.DB.prepare(
    "SELECT json_extract(s.parts, '$.target') AS target FROM leaderboard_samples s JOIN leaderboard_entries e ON e.id = s.entry_id WHERE e.dataset = ?",
  )
    .bind(dataset)
    .all<{ target: string | null }>();
  return rows.results.map((r) => r.target);
}

/** What a run's sample browser offers: its form's fields by name. */
async function browserFields(runId: string): Promise<string[]> {
  const html = await (await get(`/runs/${runId}/samples`)).text();
  const form = html.split('<form class="filters"')[1]?.split("</form>")[0] ?? "";
  return [...form.matchAll(/name="([^"]+)"/g)].map((m) => m[1]);
}

const hits = (seen: readonly Seen[], canary: string) => seen.filter((s) => s.text.includes(canary)).map((s) => s.where);

// ---------------------------------------------------------------------------------------------

describe("held-out datasets", () => {
  let world: World;

  it("are imported held out, listed so, and scored with a verdict and the headline score only", {
    timeout: SWEEP_TIMEOUT,
  }, async () => {
    world = await build();
    const listed = await (await get("/v1/datasets")).json<{ datasets: { id: string; visibility: string }[] }>();
    for (const d of DATASETS) expect(listed.datasets.find((x) => x.id === d.id)?.visibility).toBe("held-out");
    // RepoQA's held-out task ids do not name their needles.
    const repoqaUnits = world.units.filter((u) => u.benchmark === "repoqa-snf").map((u) => u.unit);
    expect(repoqaUnits.length).toBe(1);
    for (const u of repoqaUnits) expect(u).toMatch(/^python::lorenmade\/textkit::t-[0-9a-f]{12}$/);
    // The oracle's answer still passes, with its score; the detail keeps only the benchmark's public fields.
    const oracle = world.runs.find((r) => r.benchmark === "semtrace" && r.pair)!;
    const samples = await (await get(`/v1/runs/${oracle.id}/samples`)).json<{
      samples: { passed: boolean; score: number; detail: Record<string, unknown>; position: number | null }[];
    }>();
    const passing = samples.samples.filter((s) => s.passed);
    expect(passing.length).toBeGreaterThan(0);
    for (const s of samples.samples) {
      expect(
        Object.keys(s.detail ?? {}).every((k) =>
          ["exact", "partial", "unresolved", "unparseable", "keyed", "fraction", "removed"].includes(k),
        ),
      ).toBe(true);
      expect(s.position).toBeNull();
    }
    // The tables of samples (src/kit/pages/sample-table.tsx) withhold where each target sits: a run's samples and an entry's per-task rows (every grid position here is 0).
    const positions = async (path: string, table: string) => {
      const html = await (await get(path)).text();
      const head = [
        ...(html.match(new RegExp(`<table id="${table}"[^>]*>\\s*<thead>([\\s\\S]*?)</thead>`))?.[1] ?? "").matchAll(
          /<th[^>]*>([^<]*)<\/th>/g,
        ),
      ].map((m) => m[1]);
      const at = head.indexOf("Position");
      expect(at, `${path}: ${head.join(", ")}`).toBeGreaterThan(0);
      return [...html.matchAll(/<tr data-[^>]*>([\s\S]*?)<\/tr>/g)].map(
        (row) => [...row[1].matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)][at][1],
      );
    };
    expect(await positions(`/runs/${oracle.id}/samples`, "samples")).toEqual(samples.samples.map(() => "–"));
    const board = await (await get("/v1/leaderboard?benchmark=semtrace&dataset=ho-suite")).json<{
      rows: { model_slug: string }[];
    }>();
    const slug = board.rows.find((r) => r.model_slug.includes("oracle"))!.model_slug;
    expect(
      await positions(`/models/${slug}/samples?benchmark=semtrace&dataset=ho-suite&kind=verified`, "entry-samples"),
    ).toEqual(samples.samples.map(() => "–"));
    const right = await (
      await post("/v1/score", {
        benchmark: "semtrace",
        dataset: "ho-suite",
        unit: "t0@1@0",
        answer: `'${CANARY.semtrace}'`,
      })
    ).json<Record<string, any>>();
    expect(right).toMatchObject({ passed: true, score: 1, detail: { exact: true, unparseable: false } });
    expect(right.detail.expected).toBeUndefined();
    expect(right.detail.answer).toBeUndefined();
    // The docs' example (docs/api.md, "Held-out datasets"): a wrong literal's whole verdict.
    const wrong = await (
      await post("/v1/score", { benchmark: "semtrace", dataset: "ho-suite", unit: "t0@1@0", answer: "None" })
    ).json<Record<string, any>>();
    expect({ passed: wrong.passed, score: wrong.score, detail: wrong.detail }).toEqual({
      passed: false,
      score: 0,
      detail: { exact: false, partial: 0, unresolved: false, unparseable: false },
    });
    // A batch guesses at each unit of a held-out dataset once (docs/limits.md#probing-held-out-datasets).
    const guesses = ["'a'", "'b'"].map((answer) => ({ unit: "t0@1@0", answer }));
    const twice = await post("/v1/score/batch", { benchmark: "semtrace", dataset: "ho-suite", answers: guesses });
    expect(twice.status).toBe(422);
    expect(await twice.json()).toMatchObject({ detail: expect.stringContaining("more than once") });
    // Its published leaderboard rows store no target name (the oracle's best match is the needle, the canary).
    const targets = await storedTargets("ho-repoqa");
    expect(targets.length).toBe(2);
    expect(targets).toEqual([null, null]);
    // A held-out run's sample browser does not offer what it refuses: a depth filter, a search in the answers.
    const repoqaRun = world.runs.find((r) => r.benchmark === "repoqa-snf")!;
    const fields = await browserFields(repoqaRun.id);
    expect(fields).toEqual(expect.arrayContaining(["outcome", "language", "task", "sort"]));
    expect(fields).not.toContain("depth");
    expect(fields).not.toContain("q");
    for (const refused of ["depth=0.0-0.1", "q=def"]) {
      const res = await get(`/runs/${repoqaRun.id}/samples?${refused}`);
      // Pages answer a refusal as a 400 page (the problem's own title and detail).
      expect(res.status).toBe(400);
      expect(await res.text()).toMatch(/Unprocessable content[\s\S]*is held out/);
    }
  });

  it("show no canary in any endpoint's, page's or scoring answer's body or headers", {
    timeout: SWEEP_TIMEOUT,
  }, async () => {
    const heldOut = await sweep(world);
    expect(heldOut.filter((s) => s.status >= 500).map((s) => `${s.where}: ${s.status}`)).toEqual([]);
    for (const canary of CANARIES) expect(hits(heldOut, canary), canary).toEqual([]);
    // The sweep reached the held-out datasets' runs, samples and comparisons.
    const where = heldOut.map((s) => s.where);
    for (const part of [
      "/runs/",
      "/samples/",
      "/compare/task",
      "/v1/runs/",
      "outputs.jsonl",
      "/log?",
      "format=promptfoo",
      "format=inspect",
      "/models/",
    ]) {
      expect(
        where.some((w) => w.includes(part)),
        part,
      ).toBe(true);
    }
  });

  it("made public, show every canary in the same sweep (the search can fail)", { timeout: SWEEP_TIMEOUT }, async () => {
    for (const d of DATASETS) {
      const res = await SELF.fetch(`${BASE}/v1/datasets/${d.id}`, {
        method: "PATCH",
        headers: { "content-type": "application/json", ...ADMIN },
        body: JSON.stringify({ visibility: "public" }),
      });
      expect(res.status).toBe(200);
      expect((await res.json<{ dataset: { visibility: string } }>()).dataset.visibility).toBe("public");
    }
    const open = await sweep(world);
    for (const canary of CANARIES) expect(hits(open, canary).length, canary).toBeGreaterThan(0);
    // Public, the browser offers both; published again, the rows store the target's name; held out again, they lose it.
    const repoqaRun = world.runs.find((r) => r.benchmark === "repoqa-snf")!;
    expect(await browserFields(repoqaRun.id)).toEqual(expect.arrayContaining(["depth", "q"]));
    for (const r of world.runs.filter((r) => r.benchmark === "repoqa-snf")) {
      const res = await post(`/v1/runs/${r.id}/publish`, {}, ADMIN);
      expect(res.status, await res.clone().text()).toBe(200);
      expect((await res.json<{ status: string }>()).status).toBe("replaced");
    }
    expect(await storedTargets("ho-repoqa")).toContain(CANARY.repoqa);
    const patch = (visibility: string) =>
      SELF.fetch(`${BASE}/v1/datasets/ho-repoqa`, {
        method: "PATCH",
        headers: { "content-type": "application/json", ...ADMIN },
        body: JSON.stringify({ visibility }),
      });
    expect((await patch("held-out")).status).toBe(200);
    expect(await storedTargets("ho-repoqa")).toEqual([null, null]);
    expect((await patch("public")).status).toBe(200);
  });
});

describe("visibility at import", () => {
  it("is fixed by a RepoQA dataset's first repository (POST /v1/datasets/{id}/repos): another one later is a 409", async () => {
    const [first, second] = fixture.python;
    expect(
      (await post("/v1/datasets/ho-repos/repos", { language: "python", repo: first, visibility: "held-out" }, ADMIN))
        .status,
    ).toBe(201);
    const other = await post(
      "/v1/datasets/ho-repos/repos",
      { language: "python", repo: second, visibility: "public" },
      ADMIN,
    );
    expect(other.status).toBe(409);
    expect(await other.json()).toMatchObject({ detail: expect.stringContaining("held-out, not public") });
    expect((await post("/v1/datasets/ho-repos/repos", { language: "python", repo: second }, ADMIN)).status).toBe(201);
    expect(
      (await (await get("/v1/datasets/ho-repos")).json<{ dataset: { visibility: string } }>()).dataset.visibility,
    ).toBe("held-out");
  });
});

describe("PATCH /v1/datasets/{id}", () => {
  const patch = (id: string, body: unknown, headers: Record<string, string> = ADMIN) =>
    SELF.fetch(`${BASE}/v1/datasets/${id}`, {
      method: "PATCH",
      headers: { "content-type": "application/json", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });

  it("is an admin's: 401 without a token, 403 for a submitter, 404 for an unknown dataset, 422 for a bad value, 400 for a bad body", async () => {
    const id = "ho-patch";
    const res = await post(`/v1/datasets/${id}/suite`, suiteRelease(), ADMIN);
    expect(res.status).toBe(200);
    expect(
      (await (await get(`/v1/datasets/${id}`)).json<{ dataset: { visibility: string } }>()).dataset.visibility,
    ).toBe("public");
    // Public, a batch may guess at one unit several times.
    expect(
      (
        await post("/v1/score/batch", {
          benchmark: "semtrace",
          dataset: id,
          answers: [
            { unit: "t0@1@0", answer: "1" },
            { unit: "t0@1@0", answer: "2" },
          ],
        })
      ).status,
    ).toBe(200);
    expect((await patch(id, { visibility: "held-out" }, {})).status).toBe(401);
    const token = await (await post("/v1/tokens", { role: "submitter", name: "held-out-test" }, ADMIN)).json<{
      token: string;
    }>();
    const refused = await patch(id, { visibility: "public" }, { authorization: `Bearer ${token.token}` });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("content-type")).toContain("application/problem+json");
    const missing = await patch("no-such-dataset", { visibility: "held-out" });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ type: "urn:needlework:problem:not-found" });
    const bad = await patch(id, { visibility: "secret" });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({
      type: "urn:needlework:problem:unprocessable-content",
      detail: expect.stringContaining("public, held-out"),
    });
    for (const body of ["{", { visibility: "held-out", extra: 1 }, {}])
      expect((await patch(id, body)).status).toBe(400);
    const ok = await patch(id, { visibility: "held-out" });
    expect(ok.status).toBe(200);
    expect(
      (await (await get(`/v1/datasets/${id}`)).json<{ dataset: { visibility: string } }>()).dataset.visibility,
    ).toBe("held-out");
    // Now held out: an expected output no longer comes back.
    const verdict = await (
      await post("/v1/score", { benchmark: "semtrace", dataset: id, unit: "t0@1@0", answer: "" })
    ).json<Record<string, any>>();
    expect(verdict).toMatchObject({ passed: false, score: 0 });
    expect(JSON.stringify(verdict)).not.toContain(CANARY.semtrace);
  });
});

describe("the score path", () => {
  /** `env` whose D1 binding records the SQL of every statement prepared through it. */
  function recording(): { env: Env; datasetReads: () => number } {
    const sqls: string[] = [];
    const DB = new Proxy(env.DB, {
      get(target, prop) {
        if (prop === "prepare") return (sql: string) => (sqls.push(sql), target.prepare(sql));
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    return { env: { ...env, DB }, datasetReads: () => sqls.filter((q) => /\bfrom "datasets"/i.test(q)).length };
  }
  const app = createApp();
  async function fetchRecorded(path: string, init?: RequestInit) {
    const r = recording();
    const ctx = createExecutionContext();
    const res = await app.fetch(new Request(`${BASE}${path}`, init), r.env, ctx);
    await waitOnExecutionContext(ctx);
    return { res, datasetReads: r.datasetReads() };
  }

  it("reads the dataset's row once for the unit and its visibility, besides the scorer's and the prompt's own reads", async () => {
    expect((await post("/v1/datasets/ho-reads/suite?visibility=held-out", suiteRelease(), ADMIN)).status).toBe(200);
    const semtrace = findBenchmark("semtrace")!;
    const scorer = recording();
    const verdict = await semtrace.score(scorer.env, "ho-reads", "t0@1@0", "None", {});
    expect(scorer.datasetReads()).toBeGreaterThan(0);
    const scored = await fetchRecorded("/v1/score", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ benchmark: "semtrace", dataset: "ho-reads", unit: "t0@1@0", answer: "None" }),
    });
    expect(scored.res.status).toBe(200);
    // Held out: the verdict's public part, as the view was built from the family's read.
    expect(await scored.res.json()).toMatchObject({
      passed: verdict.passed,
      score: verdict.score,
      detail: { exact: false },
    });
    expect(scored.datasetReads).toBe(1 + scorer.datasetReads());
    const loader = recording();
    await semtrace.load(loader.env, "ho-reads", "t0@1@0", {});
    const prompt = await fetchRecorded("/v1/benchmarks/semtrace/datasets/ho-reads/units/t0%401%400/prompt");
    expect(prompt.res.status).toBe(200);
    expect((await prompt.res.json<{ position: number | null }>()).position).toBeNull();
    expect(prompt.datasetReads).toBe(1 + loader.datasetReads());
  });
});
