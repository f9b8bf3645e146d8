/** The contracts of the runs routes. */
import { createRoute, z } from "@hono/zod-openapi";
import { RUN_LIMITS } from "../../core/runs/limits";
import { RunRequestSchema } from "../../core/runs/request";
import { PART_LIMITS } from "../../core/runs/submitted";
import { RUN_SAMPLE_STATUSES } from "../../lib/db/schema";
import { requireAdmin, requireSubmitter } from "../../lib/middleware/admin";
import { LIMITS, limitBody, requireJson } from "../../lib/middleware/body";
import {
  ADMIN_SECURITY,
  SUBMITTER_SECURITY,
  jsonBody,
  jsonResponse,
  problemResponses,
  queryInteger,
} from "../../lib/middleware/openapi";
import { RUN_ID } from "../../lib/patterns";
import { FILE_NAME_HEADER, LOG, OUTPUTS, PUT_PART, REMOVE, RESULTS } from "./descriptions";
import { PublishedSchema, RescoredSchema, RunResultsSchema, RunSamplePageSchema } from "./result-schemas";
import { PartRequestSchema, PartStoredSchema, PartsSchema, RunListSchema, RunSchema } from "./schemas";

const RunId = z
  .string()
  .regex(RUN_ID, "a run id such as run-20261121120000-0123456789")
  .openapi({ param: { name: "id", in: "path" }, example: "run-20261121120000-0123456789" });

const json = (description: string) => jsonResponse(RunSchema, description);

export const create = createRoute({
  method: "post",
  path: "/v1/runs",
  tags: ["runs"],
  summary: "Start an evaluation run of a model on a dataset (a submitter or admin token)",
  security: SUBMITTER_SECURITY,
  middleware: [requireSubmitter, limitBody(RUN_LIMITS.body), requireJson] as const,
  request: jsonBody(RunRequestSchema),
  responses: { 202: json("Started"), ...problemResponses(400, 401, 403, 404, 413, 415, 422) },
});

export const list = createRoute({
  method: "get",
  path: "/v1/runs",
  tags: ["runs"],
  summary: "Recent runs (newest first)",
  request: { query: z.object({ limit: queryInteger(z.number().int().min(1).max(200)).default(50) }) },
  responses: { 200: jsonResponse(RunListSchema, "Runs"), ...problemResponses(400) },
});

const idParams = { params: z.object({ id: RunId }) };

const partParams = {
  params: z.object({
    id: RunId,
    part: queryInteger(z.number().int().min(1).max(PART_LIMITS.parts)).openapi({
      param: { name: "part", in: "path" },
      type: "integer",
      example: 1,
    }),
  }),
};

export const putPart = createRoute({
  method: "put",
  path: "/v1/runs/{id}/outputs/{part}",
  tags: ["runs"],
  summary: "Send one part of a run's submitted outputs (a run created with `parts`); the last one in starts the run",
  description: PUT_PART,
  security: SUBMITTER_SECURITY,
  middleware: [requireSubmitter, limitBody(RUN_LIMITS.body), requireJson] as const,
  request: { ...partParams, ...jsonBody(PartRequestSchema) },
  responses: {
    200: jsonResponse(PartStoredSchema, "Already stored, unchanged"),
    201: jsonResponse(PartStoredSchema, "Stored"),
    ...problemResponses(400, 401, 403, 404, 409, 413, 415, 422),
  },
});

export const parts = createRoute({
  method: "get",
  path: "/v1/runs/{id}/outputs",
  tags: ["runs"],
  summary: "Which parts of a run's submitted outputs are in (a run created with `parts`): what a client resumes from",
  request: idParams,
  responses: { 200: jsonResponse(PartsSchema, "The parts"), ...problemResponses(400, 404) },
});

export const read = createRoute({
  method: "get",
  path: "/v1/runs/{id}",
  tags: ["runs"],
  summary: "A run's status, counts, tokens and receipt",
  request: idParams,
  responses: { 200: json("The run"), ...problemResponses(400, 404) },
});

export const events = createRoute({
  method: "get",
  path: "/v1/runs/{id}/events",
  tags: ["runs"],
  summary: "Progress as server-sent events (`progress` on every change, then `done`)",
  description:
    "Each event's data is a `RunProgress` (JSON; components.schemas.RunProgress). The stream closes after 15 minutes: reconnect to keep watching.",
  request: idParams,
  responses: {
    200: { description: "text/event-stream", content: { "text/event-stream": { schema: z.string() } } },
    ...problemResponses(400, 404),
  },
});

export const cancel = createRoute({
  method: "post",
  path: "/v1/runs/{id}/cancel",
  tags: ["runs"],
  summary: "Cancel a run: nothing more is sent; calls in flight are abandoned",
  security: ADMIN_SECURITY,
  middleware: [requireAdmin] as const,
  request: idParams,
  responses: { 200: json("The run"), ...problemResponses(400, 401, 403, 404) },
});

export const remove = createRoute({
  method: "delete",
  path: "/v1/runs/{id}",
  tags: ["runs"],
  summary: "Delete a finished run: its samples, its stored outputs and its coordinator's state",
  description: REMOVE,
  security: ADMIN_SECURITY,
  middleware: [requireAdmin] as const,
  request: idParams,
  responses: {
    200: jsonResponse(
      z
        .object({ deleted: z.string(), samples: z.number().int(), objects: z.number().int(), complete: z.boolean() })
        .openapi("DeletedRun"),
      "Deleted",
    ),
    ...problemResponses(400, 401, 403, 404, 409),
  },
});

export const samples = createRoute({
  method: "get",
  path: "/v1/runs/{id}/samples",
  tags: ["runs"],
  summary: "Per-task rows of a run, in unit order, paged",
  request: {
    ...idParams,
    query: z.object({
      limit: queryInteger(z.number().int().min(1).max(RUN_LIMITS.samplesPage)).default(100),
      after: z.string().max(1024).optional().openapi({ description: "The `next` cursor of the previous page" }),
      status: z.enum(RUN_SAMPLE_STATUSES).optional(),
    }),
  },
  responses: { 200: jsonResponse(RunSamplePageSchema, "A page of samples"), ...problemResponses(400, 404) },
});

export const results = createRoute({
  method: "get",
  path: "/v1/runs/{id}/results",
  tags: ["runs"],
  summary:
    "A run's results: counts, pass@1 per group with 95 % Wilson intervals (per threshold and needle depth where the benchmark sweeps a threshold), the benchmark's own summary, the receipt",
  description: RESULTS,
  request: idParams,
  responses: {
    200: { ...jsonResponse(RunResultsSchema, "Results"), headers: FILE_NAME_HEADER },
    ...problemResponses(400, 404),
  },
});

export const rescore = createRoute({
  method: "post",
  path: "/v1/runs/{id}/rescore",
  tags: ["runs"],
  summary: "Re-score stored outputs (another mode, threshold or scorer version) without calling the model",
  security: ADMIN_SECURITY,
  middleware: [requireAdmin, limitBody(LIMITS.smallBody), requireJson] as const,
  request: { ...idParams, ...jsonBody(z.object({ options: z.record(z.string(), z.unknown()).default({}) }).strict()) },
  responses: {
    200: jsonResponse(RescoredSchema, "Re-scored: the counts and the new results"),
    ...problemResponses(400, 401, 403, 404, 409, 413, 415, 422),
  },
});

export const publish = createRoute({
  method: "post",
  path: "/v1/runs/{id}/publish",
  tags: ["runs"],
  summary: "Publish a completed whole-dataset run to the leaderboard as a verified entry",
  security: ADMIN_SECURITY,
  middleware: [requireAdmin] as const,
  request: idParams,
  responses: { 200: jsonResponse(PublishedSchema, "Published"), ...problemResponses(400, 401, 403, 404, 409, 422) },
});

const OUTPUT_FORMATS = ["reference", "samples"] as const;

export const outputs = createRoute({
  method: "get",
  path: "/v1/runs/{id}/outputs.jsonl",
  tags: ["runs"],
  summary:
    "Per-sample outputs as JSON lines: the reference implementation's file (`format=reference`, benchmarks that have one) or one line per sample of any benchmark (`format=samples`)",
  description: OUTPUTS,
  request: {
    ...idParams,
    query: z.object({
      format: z.enum(OUTPUT_FORMATS).optional().openapi({
        description:
          "`reference` or `samples` (default: `reference` where the benchmark has reference files, else `samples`)",
      }),
      after: z
        .string()
        .max(1024)
        .optional()
        .openapi({ description: "`format=samples` only: start after this unit (the last unit of the previous part)" }),
      limit: queryInteger(z.number().int().min(1).max(100_000))
        .optional()
        .openapi({ description: "`format=samples` only: at most this many samples (default: every one)" }),
    }),
  },
  responses: {
    200: {
      description: "JSON lines",
      headers: FILE_NAME_HEADER,
      content: { "application/x-ndjson": { schema: z.string() } },
    },
    ...problemResponses(400, 404, 422),
  },
});

export const scores = createRoute({
  method: "get",
  path: "/v1/runs/{id}/scores.json",
  tags: ["runs"],
  summary: "Scores as the reference's `<model>-SCORES.json`",
  request: idParams,
  responses: {
    200: {
      ...jsonResponse(
        z
          .record(z.string(), z.unknown())
          .openapi({ description: "The reference's own file format (its `<model>-SCORES.json`), not this API's" }),
        "The -SCORES.json content",
      ),
      headers: FILE_NAME_HEADER,
    },
    ...problemResponses(400, 404, 422),
  },
});

const LOG_FORMATS = ["inspect"] as const;

export const log = createRoute({
  method: "get",
  path: "/v1/runs/{id}/log",
  tags: ["runs"],
  summary:
    "The run as an evaluation harness's log: `format=inspect`, inspect_ai's EvalLog JSON (log format 2), which `inspect view` opens",
  description: LOG,
  request: {
    ...idParams,
    query: z.object({
      format: z
        .enum(LOG_FORMATS)
        .default("inspect")
        .openapi({ description: "`inspect`: inspect_ai's EvalLog JSON (the only format)" }),
      after: z.string().max(1024).optional().openapi({
        description:
          "Samples after this unit only (the last sample's `id` of the previous part); the header is the whole run's",
      }),
      limit: queryInteger(z.number().int().min(1).max(100_000)).optional().openapi({
        description: "At most this many samples (default: every one): a part of a large run, each part a whole log",
      }),
    }),
  },
  responses: {
    200: {
      description: "The log (application/json)",
      headers: FILE_NAME_HEADER,
      content: { "application/json": { schema: z.record(z.string(), z.unknown()) } },
    },
    ...problemResponses(400, 404),
  },
});
