/** The leaderboard handlers: reads go through the HTTP cache (ETag, Cache API); writes change every board's ETag. */
import { clearCutoff, cutoffOf, modelOfSlug, setCutoff } from "../../kit/leaderboard/cutoffs";
import type { LeaderboardQuery, LeaderboardResponse } from "../../kit/leaderboard/types";
import { cachedRead } from "../../core/leaderboard/http-cache";
import {
  canonicalQuery,
  leaderboardOf,
  modelBreakdown,
  normalizeQuery,
  queryLeaderboard,
} from "../../core/leaderboard/queries";
import { notFound } from "../../lib/errors";
import type { AppRouteHandler } from "../types";
import { importer, refusal } from "./boards";
import type * as routes from "./routes";

const csvCell = (v: unknown) => {
  const s = v === null || v === undefined ? "" : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** The leaderboard as CSV, in its benchmark's columns (`BenchmarkLeaderboard.csv`), then each model's stated cutoff. */
function leaderboardCsv(data: LeaderboardResponse): string {
  const [head, ...body] = leaderboardOf(data.query.benchmark)!.csv(data);
  const table = [[...head, "cutoff"], ...body.map((cells, i) => [...cells, data.rows[i]?.cutoff?.cutoff])];
  return table.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

/** The `Link` header of a page: the same request with the `cursor` of the next and of the previous page. */
function pageLinks(url: string, data: LeaderboardResponse): { Link?: string } {
  const link = (cursor: string | null, rel: string) => {
    if (cursor === null) return [];
    const u = new URL(url);
    u.searchParams.set("cursor", cursor);
    return [`<${u.href}>; rel="${rel}"`];
  };
  const links = [...link(data.next, "next"), ...link(data.prev, "prev")];
  return links.length ? { Link: links.join(", ") } : {};
}

/** The CSV's file name, from the resolved query. */
function csvName(q: LeaderboardResponse["query"]): string {
  const parts = [q.benchmark, q.dataset, ...leaderboardOf(q.benchmark)!.csvName(q)];
  return `leaderboard-${parts.join("-")}.csv`.replace(/[^A-Za-z0-9._-]/g, "_");
}

export const list: AppRouteHandler<typeof routes.list> = async (c) => {
  const { format, limit, cursor, ...query } = c.req.valid("query");
  const q = normalizeQuery(query as Partial<LeaderboardQuery>);
  const paging = `&limit=${limit}${cursor === undefined ? "" : `&cursor=${cursor}`}`;
  return cachedRead(c, `leaderboard?${canonicalQuery(q)}&format=${format}${paging}`, async () => {
    const data = await queryLeaderboard(c.env, q, { limit, cursor });
    const headers = { "X-Total-Count": String(data.total), ...pageLinks(c.req.url, data) };
    if (format === "json") return c.json(data, 200, headers);
    return c.body(leaderboardCsv(data), 200, {
      ...headers,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvName(data.query)}"`,
    });
  });
};

export const model: AppRouteHandler<typeof routes.model> = async (c) => {
  const { model: slug } = c.req.valid("param");
  const q = normalizeQuery(c.req.valid("query") as Partial<LeaderboardQuery>);
  return cachedRead(c, `model/${slug}?${canonicalQuery(q)}`, async () => {
    const data = await modelBreakdown(c.env, slug, q);
    if (!data) {
      const of = q.dataset === "" ? `any dataset of ${q.benchmark}` : q.dataset;
      notFound(
        `No model "${slug}" on the ${q.kind === "all" ? "" : `${q.kind} `}leaderboard of ${of}${q.options ? ` (${q.options})` : ""}.`,
      );
    }
    return c.json(data, 200);
  });
};

export const importReported: AppRouteHandler<typeof routes.importReported> = async (c) =>
  c.json(await importer.reported.run(c.env, c.req.valid("json"), refusal), 200);

export const putCutoff: AppRouteHandler<typeof routes.putCutoff> = async (c) => {
  const { model: slug } = c.req.valid("param");
  const body = c.req.valid("json");
  const model = await modelOfSlug(c.env, slug);
  await setCutoff(c.env, model, body.cutoff, "admin", body.note ?? null);
  return c.json({ model, model_slug: slug, cutoff: (await cutoffOf(c.env, model))! }, 200);
};

export const deleteCutoff: AppRouteHandler<typeof routes.deleteCutoff> = async (c) => {
  const { model: slug } = c.req.valid("param");
  const model = await modelOfSlug(c.env, slug);
  if (!(await clearCutoff(c.env, model))) notFound(`Model "${model}" has no stated cutoff.`);
  return c.json({ model, model_slug: slug, cutoff: null }, 200);
};
