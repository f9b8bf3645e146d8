/**
 * The benchmark handlers. Nothing here names a family: everything goes through src/core/units.ts
 * and the registry.
 */
import { z } from "@hono/zod-openapi";
import { allBenchmarks, benchmarkIds } from "../../benchmarks/registry";
import { exportLines, lineStream } from "../../core/harnesses/export";
import { PROMPTFOO_SCORE_PATH } from "../../core/harnesses/promptfoo";
import { benchmarkOr404, listUnits, selectUnits, unitPrompt } from "../../core/units";
import { listDatasets } from "../../lib/datasets/store";
import { ProblemError } from "../../lib/errors";
import type { AppRouteHandler } from "../types";
import type * as routes from "./routes";

/** `language` of a query (one or repeated) as a list, or undefined. */
const languagesOf = (language: string | string[] | undefined) =>
  language === undefined ? undefined : Array.isArray(language) ? language : [language];

/** `options` of a query string: JSON (400 when it is not), checked by the benchmark later (422). */
function optionsOf(raw: string | undefined): unknown {
  if (raw === undefined) return {};
  try {
    return JSON.parse(raw);
  } catch {
    throw new ProblemError("validation-error", "options: must be a JSON object (URL-encoded).", {
      errors: [{ path: "options", message: "must be JSON" }],
    });
  }
}

/** The units listing's filters as the listing and the export read them (one query shape for both). */
const unitFilters = (q: {
  language?: string | string[];
  task?: string;
  prefix?: string;
  options?: string;
  limit: number;
  after?: string;
}) => ({
  languages: languagesOf(q.language),
  task: q.task,
  prefix: q.prefix,
  options: optionsOf(q.options),
  limit: q.limit,
  after: q.after,
});

export const list: AppRouteHandler<typeof routes.list> = async (c) => {
  const ready = (await listDatasets(c.env)).filter((d) => d.status === "ready");
  const benchmarks = allBenchmarks().map((b) => ({
    id: b.id,
    title: b.title,
    dataset_kind: b.datasetKind,
    datasets: ready.filter((d) => d.benchmark === b.datasetKind).map((d) => d.id),
    prompt_template_version: b.promptTemplateVersion,
    scorer_version: b.scorerVersion,
    default_max_tokens: b.defaultMaxTokens,
    baselines: [...b.baselines, "empty"],
    options: z.toJSONSchema(b.options, { io: "input", unrepresentable: "any" }) as Record<string, unknown>,
    leaderboard: Boolean(b.leaderboard),
  }));
  return c.json({ benchmarks }, 200);
};

export const units: AppRouteHandler<typeof routes.units> = async (c) => {
  const { benchmark: id, dataset } = c.req.valid("param");
  const q = c.req.valid("query");
  const benchmark = benchmarkOr404(id, benchmarkIds());
  const page = await listUnits(c.env, benchmark, dataset, unitFilters(q));
  return c.json(page, 200);
};

export const prompt: AppRouteHandler<typeof routes.prompt> = async (c) => {
  const { benchmark: id, dataset, unit } = c.req.valid("param");
  const benchmark = benchmarkOr404(id, benchmarkIds());
  return c.json(await unitPrompt(c.env, benchmark, dataset, unit, optionsOf(c.req.valid("query").options)), 200);
};

/**
 * A dataset's units as JSONL for outside harnesses (src/core/harnesses/export.ts): `format=jsonl`
 * (each unit's prompt as GET .../prompt answers it), `promptfoo` (test cases that score through this
 * instance), `inspect` (inspect_ai samples). The units listing's filters; `prefill` places a
 * prompt's final assistant turn; at most EXPORT_LIMITS.units units per request, the rest behind
 * `Link: <…>; rel="next"`.
 */
export const exportUnits: AppRouteHandler<typeof routes.exportUnits> = async (c) => {
  const { benchmark: id, dataset } = c.req.valid("param");
  const q = c.req.valid("query");
  const benchmark = benchmarkOr404(id, benchmarkIds());
  const selection = await selectUnits(c.env, benchmark, dataset, unitFilters(q));
  const url = new URL(c.req.url);
  const lines = exportLines(
    c.env,
    benchmark,
    dataset,
    selection.page.map((r) => r.unit),
    selection,
    {
      format: q.format,
      prefill: q.prefill,
      assert: q.assert,
      scoreUrl: `${url.origin}${PROMPTFOO_SCORE_PATH}`,
    },
  );
  // The first unit is made before answering: a dataset that cannot be read is a problem response.
  const first = await lines.next();
  const requestId = c.get("requestId");
  const headers = new Headers({
    "content-type": "application/x-ndjson; charset=utf-8",
    "x-total-count": String(selection.total),
  });
  if (selection.next) {
    const next = new URL(url);
    next.searchParams.set("after", selection.next);
    headers.set("link", `<${next.href}>; rel="next"`);
  }
  const body = lineStream(first.done ? undefined : first.value, lines, (err) =>
    console.error(`[${requestId}] export of ${benchmark.id}/${dataset} failed mid-stream`, err),
  );
  // zod-openapi types only JSON and text bodies; a stream is neither.
  return new Response(body, { status: 200, headers }) as never;
};
