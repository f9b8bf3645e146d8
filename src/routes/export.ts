/**
 * `GET /v1/benchmarks/{benchmark}/datasets/{dataset}/export`: a dataset's units as JSONL for outside
 * harnesses (src/core/harnesses/export.ts): `format=jsonl` (each unit's prompt as GET .../prompt answers
 * it), `promptfoo` (test cases that score through this instance), `inspect` (inspect_ai samples).
 * The units listing's filters; `prefill` places a prompt's final assistant turn; at most
 * EXPORT_LIMITS.units units per request, the rest behind `Link: <…>; rel="next"`.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { benchmarkIds } from "../benchmarks/registry";
import { benchmarkOr404, selectUnits } from "../core/units";
import { EXPORT_FORMATS, EXPORT_LIMITS, exportLines, lineStream } from "../core/harnesses/export";
import { PROMPTFOO_ASSERTS, PROMPTFOO_SCORE_PATH } from "../core/harnesses/promptfoo";
import { createRouter, problemResponses, queryInteger } from "../lib/middleware/openapi";
import { PREFILL_MODES } from "../core/runs/prefill";
import { BenchmarkId, DatasetParam, UnitFilters, languagesOf, optionsOf } from "./benchmarks";

const exportRoute = createRoute({
  method: "get",
  path: "/v1/benchmarks/{benchmark}/datasets/{dataset}/export",
  tags: ["benchmarks"],
  summary: "A dataset's units as JSONL for outside harnesses: prompts, promptfoo test cases or inspect_ai samples",
  request: {
    params: z.object({ benchmark: BenchmarkId, dataset: DatasetParam }),
    query: z.object({
      format: z.enum(EXPORT_FORMATS).default("jsonl").openapi({
        description:
          '`jsonl`: each unit\'s prompt as GET .../units/{unit}/prompt answers it; `promptfoo`: one promptfoo test case per unit (vars benchmark, dataset, unit, options, messages, prefill, max_tokens, metadata; options.max_tokens; an assertion that scores through this instance); `inspect`: inspect_ai samples (id, input, target "", metadata)',
      }),
      ...UnitFilters,
      prefill: z.enum(PREFILL_MODES).default("assistant").openapi({
        description:
          "Where a prompt's final assistant turn goes: `assistant` (kept as the last message), `continue` (the same; promptfoo test cases also ask vLLM to continue it), `user` (appended to the user turn, for APIs that answer a final assistant turn with a new one)",
      }),
      assert: z.enum(PROMPTFOO_ASSERTS).default("webhook").openapi({
        description:
          "promptfoo only: `webhook` (a scorer failure is a failed test) or `javascript` (a scorer failure is an error; puts a line of JavaScript in each test case)",
      }),
      limit: queryInteger(z.number().int().min(1).max(EXPORT_LIMITS.units))
        .default(EXPORT_LIMITS.units)
        .openapi({ description: `Units in this response (at most ${EXPORT_LIMITS.units})` }),
      after: z
        .string()
        .max(2048)
        .optional()
        .openapi({ description: 'Where to continue: the `after` of the previous response\'s `Link: rel="next"`' }),
    }),
  },
  responses: {
    200: {
      description:
        'One JSON object per line (application/x-ndjson). Headers: `X-Total-Count` (units matching the filters), `Link: <…>; rel="next"` when more remain',
      content: { "application/x-ndjson": { schema: z.string() } },
    },
    ...problemResponses(400, 404, 422),
  },
});

export const exportRoutes = createRouter().openapi(exportRoute, async (c) => {
  const { benchmark: id, dataset } = c.req.valid("param");
  const q = c.req.valid("query");
  const benchmark = benchmarkOr404(id, benchmarkIds());
  const selection = await selectUnits(c.env, benchmark, dataset, {
    languages: languagesOf(q.language),
    task: q.task,
    prefix: q.prefix,
    options: optionsOf(q.options),
    limit: q.limit,
    after: q.after,
  });
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
});
