/** The runs handlers: a run's life through src/core/runs/ (service, store, parts, retention), its exports streamed as they are made. */
import type { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { stream, streamSSE } from "hono/streaming";
import { allBenchmarks, getBenchmark } from "../../benchmarks/registry";
import type { ReferenceFiles, RunRecord } from "../../benchmarks/types";
import { datasetView } from "../../core/dataset-view";
import { inspectLogChunks } from "../../core/harnesses/inspect-log";
import { coordinatorOf } from "../../core/runs/consumer";
import { sampleLines } from "../../core/runs/export";
import { exportNames, inspectLogName } from "../../core/runs/export-names";
import { RUN_LIMITS } from "../../core/runs/limits";
import { knownModels } from "../../core/runs/models";
import { partsStatus, putPart as storePart } from "../../core/runs/parts";
import { deleteRun } from "../../core/runs/retention";
import { cancelRun, createRun, publishRunById, readRun, rescoreRun, runResults } from "../../core/runs/service";
import { allSamples, getRun, listRuns, readOutput, samplePage, samplePages } from "../../core/runs/store";
import type { RunRow } from "../../lib/db/schema";
import type { AppEnv, Env } from "../../lib/env";
import { invalid, ProblemError } from "../../lib/errors";
import { checkAnswerSize } from "../../lib/middleware/answer-size";
import type { AppRouteHandler } from "../types";
import { RescoredSchema, RunResultsSchema } from "./result-schemas";
import type * as routes from "./routes";
import { RunSchema } from "./schemas";

/** A run as its benchmark's reference files read it, and those files; 422 when its benchmark has none or its dataset is held out (they name every target). */
async function referenceFilesOf(env: Env, row: RunRow): Promise<{ run: RunRecord; files: ReferenceFiles }> {
  (await datasetView(env, row.datasetId)).refuse(
    "the reference's files (they name every target)",
    "GET /v1/runs/{id}/outputs.jsonl?format=samples",
  );
  const files = getBenchmark(row.benchmark).referenceFiles;
  if (!files) {
    const having = allBenchmarks()
      .filter((b) => b.referenceFiles)
      .map((b) => b.id);
    invalid(`Reference file exports exist for ${having.join(", ")} runs, not ${row.benchmark}.`);
  }
  return {
    run: {
      row,
      samples: () => allSamples(env, row.id),
      pages: () => samplePages(env, row.id),
      output: (key) => readOutput(env, key),
    },
    files,
  };
}

/**
 * An answer typed as its schema. The service reads a run's stored JSON columns (parameters, settings,
 * receipt) and a benchmark's summary as records; createRun and the benchmark wrote them in the shapes
 * the schemas give, which test/runs/export.test.ts checks on real answers of every benchmark
 * against the OpenAPI document.
 */
const shaped = <S extends z.ZodType>(_schema: S, body: object) => body as z.output<S>;

/** `Content-Disposition` of an export: its file name (export-names.ts: no `:`, nothing a shell splits). */
const fileHeader = (name: string, disposition: "attachment" | "inline" = "attachment") =>
  `${disposition}; filename="${name}"`;

/** Sends JSON lines as they are generated. */
function jsonLines(c: Context<AppEnv>, name: string, lines: AsyncIterable<string>): Response {
  c.header("content-type", "application/x-ndjson; charset=utf-8");
  c.header("content-disposition", fileHeader(name));
  return stream(c, async (out) => {
    for await (const line of lines) await out.write(line);
  });
}

export const create: AppRouteHandler<typeof routes.create> = async (c) => {
  const body = c.req.valid("json");
  for (const [i, o] of (body.outputs ?? []).entries()) checkAnswerSize(o.output, `outputs.${i}.output`);
  return c.json(shaped(RunSchema, await createRun(c.env, body)), 202);
};

export const putPart: AppRouteHandler<typeof routes.putPart> = async (c) => {
  const { id, part } = c.req.valid("param");
  const { outputs } = c.req.valid("json");
  for (const [i, o] of outputs.entries()) checkAnswerSize(o.output, `outputs.${i}.output`);
  const { status, body } = await storePart(c.env, id, part, outputs);
  return status === 201 ? c.json(body, 201) : c.json(body, 200);
};

export const parts: AppRouteHandler<typeof routes.parts> = async (c) =>
  c.json(await partsStatus(c.env, c.req.valid("param").id), 200);

export const list: AppRouteHandler<typeof routes.list> = async (c) => {
  const rows = await listRuns(c.env, c.req.valid("query").limit);
  return c.json(
    {
      runs: rows.map((r) => ({
        id: r.id,
        benchmark: r.benchmark,
        dataset: r.datasetId,
        model: r.model,
        label: r.modelLabel,
        status: r.status,
        units: r.unitCount,
        created_at: r.createdAt,
        finished_at: r.finishedAt,
      })),
      models: knownModels(),
    },
    200,
  );
};

export const read: AppRouteHandler<typeof routes.read> = async (c) =>
  c.json(shaped(RunSchema, await readRun(c.env, c.req.valid("param").id)), 200);

export const events: AppRouteHandler<typeof routes.events> = async (c) => {
  const { id } = c.req.valid("param");
  await getRun(c.env, id);
  const coordinator = coordinatorOf(c.env, id);
  return streamSSE(c, async (stream) => {
    const until = Date.now() + RUN_LIMITS.eventsStreamMs;
    let last = "";
    while (!stream.aborted && Date.now() < until) {
      const progress = await coordinator.progress();
      const { updated_at: _, ...state } = progress;
      const text = JSON.stringify(state);
      if (text !== last) {
        last = text;
        await stream.writeSSE({ event: "progress", data: JSON.stringify(progress) });
      }
      if (progress.status !== "running" && progress.finished_at) {
        await stream.writeSSE({ event: "done", data: JSON.stringify(progress) });
        return;
      }
      await stream.sleep(RUN_LIMITS.eventsPollMs);
    }
  });
};

export const cancel: AppRouteHandler<typeof routes.cancel> = async (c) =>
  c.json(shaped(RunSchema, await cancelRun(c.env, c.req.valid("param").id)), 200);

export const remove: AppRouteHandler<typeof routes.remove> = async (c) =>
  c.json(await deleteRun(c.env, c.req.valid("param").id), 200);

export const samples: AppRouteHandler<typeof routes.samples> = async (c) => {
  const { id } = c.req.valid("param");
  const run = await getRun(c.env, id);
  const [page, view] = await Promise.all([
    samplePage(c.env, id, c.req.valid("query")),
    datasetView(c.env, run.datasetId),
  ]);
  return c.json({ run: id, ...page, samples: page.samples.map((s) => view.sample(run.benchmark, s)) }, 200);
};

export const results: AppRouteHandler<typeof routes.results> = async (c) => {
  const body = await runResults(c.env, c.req.valid("param").id);
  return c.json(shaped(RunResultsSchema, body), 200, {
    "content-disposition": fileHeader(exportNames(body.label).results, "inline"),
  });
};

export const rescore: AppRouteHandler<typeof routes.rescore> = async (c) =>
  c.json(shaped(RescoredSchema, await rescoreRun(c.env, c.req.valid("param").id, c.req.valid("json").options)), 200);

export const publish: AppRouteHandler<typeof routes.publish> = async (c) =>
  c.json({ ...(await publishRunById(c.env, c.req.valid("param").id)) }, 200);

export const outputs: AppRouteHandler<typeof routes.outputs> = async (c) => {
  const { id } = c.req.valid("param");
  const { format, after, limit } = c.req.valid("query");
  const row = await getRun(c.env, id);
  const names = exportNames(row.modelLabel);
  const reference = format ? format === "reference" : Boolean(getBenchmark(row.benchmark).referenceFiles);
  if (!reference) return jsonLines(c, names.samples, sampleLines(c.env, id, { after, limit })) as never;
  if (after !== undefined || limit !== undefined)
    throw new ProblemError(
      "validation-error",
      "after and limit page format=samples only; the reference's file is whole.",
    );
  const { run, files } = await referenceFilesOf(c.env, row);
  // zod-openapi types only JSON and text bodies; a stream is neither.
  return jsonLines(c, names.outputs, files.outputLines(c.env, run)) as never;
};

export const log: AppRouteHandler<typeof routes.log> = async (c) => {
  const { id } = c.req.valid("param");
  const row = await getRun(c.env, id);
  const url = new URL(c.req.url);
  c.header("content-type", "application/json; charset=utf-8");
  c.header("content-disposition", fileHeader(inspectLogName(row)));
  const { after, limit } = c.req.valid("query");
  const chunks = inspectLogChunks(c.env, row, `${url.pathname}${url.search}`, { after, limit });
  // The header (one pass over the sample rows) is made before answering: a run that cannot be read is a problem response.
  const head = await chunks.next();
  // zod-openapi types a JSON body as an object; this one is streamed.
  return stream(c, async (out) => {
    if (!head.done) await out.write(head.value);
    for await (const chunk of chunks) await out.write(chunk);
  }) as never;
};

export const scores: AppRouteHandler<typeof routes.scores> = async (c) => {
  const { run, files } = await referenceFilesOf(c.env, await getRun(c.env, c.req.valid("param").id));
  return c.json(await files.scores(c.env, run), 200, {
    "content-disposition": fileHeader(exportNames(run.row.modelLabel).scores),
  });
};
