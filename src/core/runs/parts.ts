/**
 * Big submissions in parts (docs/runs.md#big-submissions-in-parts): `POST /v1/runs` with `parts: N`
 * creates a run that waits (`receiving`); each `PUT /v1/runs/{id}/outputs/{part}` stores one part
 * whole or not at all (checked against the dataset, kept in R2 under its content's sha256, taken by
 * the run's coordinator, which refuses a second content for a part and a unit already in another
 * part); when the last part is in, the run is started exactly as one made from the same outputs in
 * one body: its receipt's `outputs_sha256` is that of the parts' outputs in part order.
 */
import { and, eq, inArray } from "drizzle-orm";
import { getBenchmark } from "../../benchmarks/registry";
import * as schema from "../../lib/db/schema";
import { db } from "../../lib/db/client";
import type { Env } from "../../lib/env";
import { conflict, invalid, ProblemError } from "../../lib/errors";
import { sha256Hex, sha256HexOfChunks } from "../../lib/sha256";
import { coordinatorOf } from "./consumer";
import type { PartRow, PartsState, ReceivingRun } from "./parts-ledger";
import { checkUnits, firstFew, PART_LIMITS, partKey, submissionText, type SubmittedOutput } from "./submitted";
import { getRun, type RunRow } from "./store";

type Coordinator = ReturnType<typeof coordinatorOf>;

/** The coordinator's parts state (RPC types lose the config's `unknown` fields). */
const partsOf = async (coordinator: Coordinator): Promise<PartsState> =>
  (await coordinator.parts()) as unknown as PartsState;

/** Which parts of a run are in, and what it is now. */
export async function partsStatus(env: Env, id: string) {
  const run = await getRun(env, id);
  const state = await partsOf(coordinatorOf(env, id));
  if (!state.run)
    throw new ProblemError(
      "not-found",
      `Run ${id} was not created to receive its outputs in parts (POST /v1/runs with \`parts\`).`,
    );
  return partsView(run, state.run, state.received, state.started);
}

function partsView(run: RunRow, receiving: ReceivingRun, received: PartRow[], started: boolean) {
  const have = new Set(received.map((p) => p.part));
  return {
    run: run.id,
    // The row is updated when the last part starts the run; until then the coordinator knows best.
    status: started && run.status === "receiving" ? "running" : run.status,
    parts: receiving.parts,
    received: received.map((p) => ({ part: p.part, sha256: p.sha256, outputs: p.outputs })),
    missing: Array.from({ length: receiving.parts }, (_, i) => i + 1).filter((p) => !have.has(p)),
    outputs: received.reduce((n, p) => n + p.outputs, 0),
    started,
  };
}

/**
 * Stores part `part` of run `id`: 201 when new, 200 when the same content was already stored (a
 * re-send after a lost answer), 409 for other content, 422 for units the dataset lacks or that are
 * in another part (nothing of the part is then stored). The last part in starts the run.
 */
export async function putPart(env: Env, id: string, part: number, outputs: SubmittedOutput[]) {
  const run = await getRun(env, id);
  const coordinator = coordinatorOf(env, id);
  const state = await partsOf(coordinator);
  const receiving = state.run;
  if (!receiving) conflict(`Run ${id} was not created to receive its outputs in parts (POST /v1/runs with \`parts\`).`);
  if (part > receiving.parts)
    invalid(`Run ${id} was announced in ${receiving.parts} parts: part ${part} is not one of 1 to ${receiving.parts}.`);
  if (outputs.length > PART_LIMITS.outputs) {
    throw new ProblemError(
      "payload-too-large",
      `A part holds at most ${PART_LIMITS.outputs} outputs; this one has ${outputs.length}.`,
      { limit_outputs: PART_LIMITS.outputs },
    );
  }
  const text = submissionText(outputs);
  const sha256 = await sha256Hex(text);
  const stored = state.received.find((p) => p.part === part);
  if (stored && stored.sha256 !== sha256) partConflict(id, part, stored.sha256, sha256);
  if (!stored) {
    const listed = await datasetUnits(env, run, receiving);
    checkUnits(run.datasetId, listed.units, outputs);
    const key = partKey(id, part, sha256);
    await env.DATASETS.put(key, text);
    const taken = await coordinator.acceptPart(
      part,
      sha256,
      outputs.map((o) => o.unit),
    );
    if (taken.outcome !== "stored" && taken.outcome !== "unchanged") {
      // Refused as a whole: what was written for it goes (its key is this content's, which no part holds).
      await env.DATASETS.delete(key);
      if (taken.outcome === "conflict") partConflict(id, part, taken.sha256, sha256);
      if (taken.outcome === "duplicate") {
        throw new ProblemError(
          "unprocessable-content",
          `Each unit takes one output; already submitted in part ${taken.parts.join(", ")}: ${firstFew(taken.units)}.`,
          { duplicate_units: taken.units },
        );
      }
      conflict(`Run ${id} no longer receives parts.`);
    }
  }
  const after = await partsOf(coordinator);
  if (!after.started && after.received.length === receiving.parts)
    await startReceived(env, run, coordinator, receiving, after.received);
  const now = await partsOf(coordinator);
  return {
    status: stored ? (200 as const) : (201 as const),
    body: { part, sha256, stored: !stored, ...partsView(await getRun(env, id), receiving, now.received, now.started) },
  };
}

function partConflict(id: string, part: number, stored: string, sent: string): never {
  throw new ProblemError(
    "conflict",
    `Part ${part} of run ${id} is already stored with other content (sha256 ${stored}; this one is ${sent}). A part is sent once; re-sending it is only for the same outputs in the same order.`,
    {
      stored_sha256: stored,
    },
  );
}

/** The dataset's units under the run's options; a 409 once the dataset was replaced since the run was created. */
async function datasetUnits(env: Env, run: RunRow, receiving: ReceivingRun) {
  const listed = await getBenchmark(run.benchmark).units(env, run.datasetId, receiving.requestedOptions, {});
  if (listed.datasetSha256 !== receiving.config.datasetSha256)
    conflict(`Dataset "${run.datasetId}" changed since run ${run.id} was created; create a new run.`);
  return listed;
}

/** The parts' outputs as one JSON array, part after part, one stored part in memory at a time. */
async function* submissionChunks(env: Env, id: string, received: PartRow[]): AsyncGenerator<string> {
  yield "[";
  for (const [i, p] of received.entries()) {
    const object = await env.DATASETS.get(partKey(id, p.part, p.sha256));
    if (!object) throw new Error(`run ${id}: part ${p.part} is missing from R2`);
    const text = await object.text();
    yield (i ? "," : "") + text.slice(1, -1);
  }
  yield "]";
}

/**
 * Every part is in: the receipt gets the submission's sha256 (of the parts in part order, as one
 * body would have it) and its size, the row its units, and the coordinator starts the run.
 * Idempotent: two last parts arriving at once compute the same, and the coordinator starts once.
 */
async function startReceived(
  env: Env,
  run: RunRow,
  coordinator: Coordinator,
  receiving: ReceivingRun,
  received: PartRow[],
) {
  const listed = await datasetUnits(env, run, receiving);
  const outputs = received.reduce((n, p) => n + p.outputs, 0);
  const whole = outputs === listed.units.length;
  const publish = receiving.publish ?? whole;
  if (publish && !whole) {
    invalid(
      `The parts cover ${outputs} of the dataset's ${listed.units.length} units: a run created with \`publish: true\` must cover them all. The run keeps its parts; delete it (DELETE /v1/runs/${run.id}) and create it again without \`publish: true\`.`,
    );
  }
  const sha256 = await sha256HexOfChunks(submissionChunks(env, run.id, received));
  const filters = run.receipt.filters as Record<string, unknown>;
  const receipt = {
    ...run.receipt,
    filters: whole ? filters : { ...filters, units: outputs },
    outputs_sha256: sha256,
    outputs,
  };
  await db(env)
    .update(schema.runs)
    .set({ receipt, unitCount: outputs, options: { ...run.options, publish }, status: "running" })
    .where(and(eq(schema.runs.id, run.id), inArray(schema.runs.status, ["receiving", "running"])));
  await coordinator.startReceived({ ...receiving.config, publish });
}
