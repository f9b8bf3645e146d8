/** Helpers for run tests: start a run through the API and wait for it to end. */
import Ajv2020Module, { type ValidateFunction } from "ajv/dist/2020";
import addFormatsModule from "ajv-formats";
import { inject } from "vitest";
import { ADMIN, get, importFixture, importOnce, post } from "../helpers";

// CommonJS modules: their default export, however the bundler hands it over.
const Ajv2020 = ((Ajv2020Module as unknown as { default?: typeof Ajv2020Module }).default ??
  Ajv2020Module) as typeof Ajv2020Module;
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

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
    if (Date.now() > until)
      throw new Error(`run ${id} still ${run.status} after ${timeoutMs} ms: ${JSON.stringify(run.counts)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function samplesOf(id: string) {
  const res = await get(`/v1/runs/${id}/samples?limit=500`);
  if (res.status !== 200) throw new Error(`samples: ${res.status}`);
  return (await res.json<{ samples: Record<string, any>[] }>()).samples;
}

/**
 * Checks answers against the service's own OpenAPI document (GET /openapi.json) with ajv (JSON
 * Schema 2020-12, OpenAPI 3.1's dialect): `response` against the schema a route declares for a
 * status, `component` against a named schema. Each throws the body and ajv's errors on a mismatch.
 */
export async function openApiValidator() {
  const doc = await (await get("/openapi.json")).json<{
    paths: Record<
      string,
      Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>
    >;
    components: object;
  }>();
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  // The document's components under an id of their own; a route's schema refers to them through it.
  ajv.addSchema({ $id: "openapi", components: doc.components });
  const compiled = new Map<string, ValidateFunction>();
  const check = (key: string, schema: () => object, body: unknown) => {
    let validate = compiled.get(key);
    if (!validate)
      compiled.set(
        key,
        (validate = ajv.compile(JSON.parse(JSON.stringify(schema()).replaceAll('"$ref":"#/', '"$ref":"openapi#/')))),
      );
    if (!validate(body))
      throw new Error(
        `${key}: ${ajv.errorsText(validate.errors, { separator: "\n" })}\n${JSON.stringify(body).slice(0, 2000)}`,
      );
  };
  return {
    response(method: "get" | "post", path: string, status: number, body: unknown) {
      check(
        `${method.toUpperCase()} ${path} ${status}`,
        () => doc.paths[path][method].responses[status].content!["application/json"].schema,
        body,
      );
    },
    component(name: string, body: unknown) {
      check(name, () => ({ $ref: `#/components/schemas/${name}` }), body);
    },
  };
}
