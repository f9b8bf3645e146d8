/**
 * The scheduled refresh on the pages, after two windows are built through the Worker's scheduled
 * handler (the registry stand-in of ./registry.ts at the network edge): a built dataset's page with
 * its window, steps, reasons and the integrity of every version fetched (and nothing a held-out
 * dataset withholds); the board's current window and its picker; the unseen board's windows after
 * each model's cutoff, recounted here from the windows' first days and the models' cutoffs.
 */
import { env } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { publishVerifiedRun } from "../../src/core/leaderboard/verified";
import { LeaderboardPage } from "../../src/core/pages/leaderboard";
import { BORN_CAVEAT } from "../../src/core/pages/unseen";
import { refreshWindowRecord } from "../../src/core/refresh/views";
import { WINDOW_DATES_NOTE } from "../../src/core/refresh/windows";
import { setCutoff } from "../../src/kit/leaderboard/cutoffs";
import { get } from "../helpers";
import { leaderboard, render } from "../page/fixtures";
import { page, unescapeHtml } from "../page/html";
import { RefreshRegistry } from "./registry";
import { refreshConfig, tick, settled } from "./harness";

const CONFIG = refreshConfig(["fresh-ts", "fresh-py", "evil", "huge"]);
/** The first window holds code of both packages; the second only the TypeScript one's next version. */
const FIRST = "w-2026-02-02";
const SECOND = "w-2026-02-16";
const DATASET = "fresh-2026-02-02-repoqa-snf";

/** Models on the first window's dataset, their cutoffs around the windows' first days. */
const MODELS: Record<string, string | undefined> = {
  "acme/before-windows": "2025-12",
  "acme/between-windows": "2026-02-05",
  "acme/after-windows": "2026-03",
  "acme/no-cutoff": undefined,
};

/** The first day after a cutoff's period, computed here without the service's parser. */
function firstUnseen(cutoff: string): string {
  const [y, m, d] = cutoff.split("-").map(Number);
  const next = d
    ? new Date(Date.UTC(y, m - 1, d + 1))
    : m
      ? new Date(Date.UTC(y, m, 1))
      : new Date(Date.UTC(y + 1, 0, 1));
  return next.toISOString().slice(0, 10);
}

/** The hrefs of the window picker's links, unescaped, by window. */
function pickerLinks(html: string): Record<string, string> {
  const nav = /<nav class="windows"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? "";
  return Object.fromEntries(
    [...nav.matchAll(/<a href="([^"]+)" data-window="([^"]+)"/g)].map((m) => [m[2], unescapeHtml(m[1])]),
  );
}

beforeAll(async () => {
  await RefreshRegistry.stubbed();
  await tick(CONFIG, "2026-02-10T04:41:00Z");
  expect(await settled(FIRST, ["held-out", "failed"])).toBe("held-out");
  await tick(CONFIG, "2026-02-24T04:41:00Z");
  expect(await settled(SECOND, ["held-out", "failed"])).toBe("held-out");
  for (const [i, model] of Object.keys(MODELS).entries()) {
    await publishVerifiedRun(env, {
      dataset: DATASET,
      model,
      receipt: { scorer_version: "repoqa-snf/test", finished_at: "2026-12-01T00:00:00.000Z" },
      samples: Array.from({ length: 20 }, (_, k) => ({
        task: `typescript::npm/fresh-ts::t-${k}`,
        position: (k % 10) / 10,
        context_size: 2048,
        passed: (k + i) % 3 !== 0,
        score: (k + i) % 3 !== 0 ? 0.9 : 0.2,
        born: "2026-02-03",
      })),
    });
    const cutoff = MODELS[model];
    if (cutoff) await setCutoff(env, model, cutoff, "test");
  }
}, 120_000);
afterAll(() => vi.unstubAllGlobals());

describe("a dataset's page", () => {
  it("shows a built dataset's window, every step with its figures, the skipped sources' reasons and each version's integrity", async () => {
    const html = await page(`/datasets/${DATASET}`);
    const text = unescapeHtml(html);
    const record = (await refreshWindowRecord(env, FIRST))!;
    expect(html).toContain(`<code>${DATASET}</code>`);
    expect(html).toContain(`<section id="refresh" data-window="${FIRST}">`);
    expect(text).toContain("held out until 2026-03-09");
    for (const step of record.steps) {
      const row = new RegExp(`<tr data-step="${step.step}" data-status="${step.status}">([\\s\\S]*?)</tr>`).exec(html);
      expect(row, step.step).not.toBeNull();
      // Tries and subrequests, as recorded.
      expect(row![1]).toContain(`<td>${step.attempts}</td><td>${step.subrequests ?? "–"}</td>`);
      if (step.reason) expect(unescapeHtml(row![1])).toContain(step.reason);
    }
    const skipped = record.steps.filter((s) => s.status === "skipped").map((s) => s.reason!);
    expect(skipped.some((r) => r.includes("hostile (symlink)"))).toBe(true);
    expect(skipped.some((r) => r.includes("bound downloadBytes=65536 exceeded"))).toBe(true);
    // Every version a build read, with the registry's integrity it was checked against.
    const locks = record.steps.flatMap(
      (s) =>
        ((s.record?.provenance as { source?: { versions_read?: unknown[] } } | undefined)?.source?.versions_read ??
          []) as { name: string; version: string; integrity: { algorithm: string; digest: string } }[],
    );
    expect(locks.length).toBeGreaterThanOrEqual(4);
    for (const lock of locks) {
      expect(text).toContain(`${lock.name}@${lock.version}`);
      expect(text).toContain(`${lock.integrity.algorithm}-${lock.integrity.digest}`);
    }
    // The dates are evidence, not proof: both caveats.
    expect(text).toContain(BORN_CAVEAT);
    expect(text).toContain(WINDOW_DATES_NOTE);
  });

  it("shows what GET /v1/datasets/{id} shows of a held-out dataset and no target", async () => {
    const html = await page(`/datasets/${DATASET}`);
    const api = await (await get(`/v1/datasets/${DATASET}`)).json<any>();
    expect(api.dataset.visibility).toBe("held-out");
    expect(html).toMatch(/<td class="l wrap" id="visibility">held-out/);
    expect(html).toContain(api.dataset.content_sha256);
    expect(html).toContain(`${api.dataset.born.earliest} to ${api.dataset.born.latest}`);
    const { results } = await env.DB.prepare("SELECT name FROM tasks WHERE dataset_id = ?")
      .bind(DATASET)
      .all<{ name: string }>();
    expect(results.length).toBe(3);
    for (const { name } of results) expect(html).not.toContain(name);
  });

  it("links to its units and its board, which answer", async () => {
    const html = await page(`/datasets/${DATASET}`);
    const links = [...html.matchAll(/<a href="([^"]+)" data-link="(units|board)">/g)].map((m) => unescapeHtml(m[1]));
    expect(links).toContain(`/v1/benchmarks/repoqa-snf/datasets/${DATASET}/units`);
    expect(links).toContain(`/?benchmark=repoqa-snf&dataset=${DATASET}`);
    for (const href of links) expect((await get(href)).status, href).toBe(200);
  });

  it("is the site's HTML 404 for an unknown or malformed dataset", async () => {
    expect(await page("/datasets/no-such-dataset", 404)).toContain("No dataset");
    expect(await page("/datasets/Not%20An%20Id", 404)).toContain("404 Not found");
  });
});

describe("the board's windows", () => {
  it("shows the current window with its board, and a picker whose every link answers with that window's dataset", async () => {
    const html = await page("/?benchmark=repoqa-snf");
    expect(html).toContain(`<p class="links" id="current-window" data-window="${SECOND}">`);
    expect(unescapeHtml(html)).toContain(
      `<a href="/?benchmark=repoqa-snf&dataset=fresh-2026-02-16-repoqa-snf" data-link="window-board">`,
    );
    const links = pickerLinks(html);
    expect(links).toEqual({
      [SECOND]: "/?benchmark=repoqa-snf&dataset=fresh-2026-02-16-repoqa-snf",
      [FIRST]: `/?benchmark=repoqa-snf&dataset=${DATASET}`,
    });
    for (const [id, href] of Object.entries(links)) {
      const shown = await page(href);
      // The picked window is marked on its board.
      expect(shown).toMatch(new RegExp(`<a href="[^"]+" data-window="${id}" aria-current="page"`));
    }
  });

  it("lists a window without a dataset for the board's benchmark, unlinked", async () => {
    const html = await page("/?benchmark=longcodeu");
    expect(pickerLinks(html)).toEqual({ [FIRST]: "/?benchmark=longcodeu&dataset=fresh-2026-02-02-longcodeu" });
    expect(html).toContain(`<span class="window muted" data-window="${SECOND}"`);
  });

  it("leaves the board as it was while no window is imported", async () => {
    const data = leaderboard();
    const before = await render(LeaderboardPage({ data, sort: "-rate" }));
    const building = {
      ...(await refreshWindowRecord(env, FIRST))!.window,
      id: "w-2026-03-02",
      status: "building" as const,
    };
    for (const windows of [
      { current: null, windows: [], dates: WINDOW_DATES_NOTE },
      { current: null, windows: [building], dates: WINDOW_DATES_NOTE },
    ])
      expect(await render(LeaderboardPage({ data, sort: "-rate", refresh: { windows } }))).toBe(before);
  });
});

describe("the unseen board's windows after each model's cutoff", () => {
  it("lists, per ranked and set-apart model, the windows that start on or after its first unseen day", async () => {
    const query = `benchmark=repoqa-snf&dataset=${DATASET}&unseen=1`;
    const api = await (await get(`/v1/leaderboard?${query}`)).json<any>();
    const slugs: Record<string, string> = Object.fromEntries(
      [...api.rows, ...api.unseen.set_apart].map((r: { model: string; model_slug: string }) => [r.model, r.model_slug]),
    );
    expect(Object.keys(slugs).sort()).toEqual(Object.keys(MODELS).sort());
    const starts = (await (await get("/v1/refresh/windows")).json<any>()).windows
      .filter((w: { status: string }) => w.status === "held-out" || w.status === "public")
      .map((w: { id: string; start: string }) => [w.id, w.start] as const);
    expect(starts.length).toBe(2);

    const html = await page(`/?${query}`);
    expect(html).toContain('<section id="windows-after-cutoffs">');
    const shown = Object.fromEntries(
      [...html.matchAll(/<tr data-windows-of="([^"]+)">[\s\S]*?data-windows="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    const expected: Record<string, string> = {};
    for (const [model, cutoff] of Object.entries(MODELS))
      expected[slugs[model]] = cutoff
        ? starts
            .filter(([, start]: readonly [string, string]) => start >= firstUnseen(cutoff))
            .map(([id]: readonly [string, string]) => id)
            .join(" ")
        : "";
    expect(shown).toEqual(expected);
    // Each case is there: every window, one of them, none, and unknown without a cutoff.
    expect(expected[slugs["acme/before-windows"]]).toBe(`${SECOND} ${FIRST}`);
    expect(expected[slugs["acme/between-windows"]]).toBe(SECOND);
    expect(expected[slugs["acme/after-windows"]]).toBe("");
    expect(html).toContain("unknown without a stated cutoff");
  });

  it("is not on the board of every unit", async () => {
    const html = await page(`/?benchmark=repoqa-snf&dataset=${DATASET}`);
    expect(html).not.toContain("windows-after-cutoffs");
  });
});
