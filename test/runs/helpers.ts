/** Helpers for run tests: start a run through the API and wait for it to end. */
import { inject } from "vitest";
import { ADMIN, get, importFixture, importOnce, post } from "../helpers";

export const modelServer = () => inject("modelServer");

/** An OpenAI-compatible spec for a loopback test model (see cli/lib/loopback-model.ts). */
export const loopback = (model: string) => `openai-compatible:${model}@${modelServer()}`;

/** Fast retries so failure tests take milliseconds. */
export const FAST_RETRY = { baseDelayMs: 5, maxDelayMs: 20, timeoutMs: 3000, maxAttempts: 4 };

/** Imports the fixture once per dataset id. */
export const fixtureDataset = (id: string) => importOnce(id, () => importFixture(id));

export type RunView = {
  id: string;
  status: string;
  units: number;
  counts: Record<string, number>;
  tokens: { prompt: number; completion: number; reserved: number };
  model_calls: number;
  cached: number;
  receipt: Record<string, unknown>;
  [key: string]: unknown;
};

export async function startRun(body: Record<string, unknown>): Promise<RunView> {
  const res = await post("/v1/runs", { publish: false, ...body }, ADMIN);
  if (res.status !== 202) throw new Error(`POST /v1/runs: ${res.status} ${await res.text()}`);
  return res.json<RunView>();
}

export async function readRun(id: string): Promise<RunView> {
  const res = await get(`/v1/runs/${id}`);
  if (res.status !== 200) throw new Error(`GET /v1/runs/${id}: ${res.status} ${await res.text()}`);
  return res.json<RunView>();
}

/** Polls until the run has ended (or `timeoutMs` passes). */
export async function waitForRun(id: string, timeoutMs = 30_000): Promise<RunView> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const run = await readRun(id);
    if (run.status !== "running" && run.finished_at) return run;
    if (Date.now() > until) throw new Error(`run ${id} still ${run.status} after ${timeoutMs} ms: ${JSON.stringify(run.counts)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function samplesOf(id: string) {
  const res = await get(`/v1/runs/${id}/samples?limit=500`);
  if (res.status !== 200) throw new Error(`samples: ${res.status}`);
  return (await res.json<{ samples: Record<string, any>[] }>()).samples;
}
