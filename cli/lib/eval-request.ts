/** The POST /v1/runs body of `npm run eval`'s flags. */
import { resolve } from "node:path";
import { MAX_PART_BYTES } from "../../packages/client/src/index";
import { API_KEY_NAME } from "../../src/lib/patterns";
import { UsageError, intOption } from "./args";
import { type Values, benchmarkOptions } from "./eval-flags";
import type { EvalFlag } from "./node-family";
import { readSubmittedOutputs } from "./submitted-outputs";

/** The POST /v1/runs body the flags describe (validated here as far as the flags go; the API checks the rest). */
export function runRequest(values: Values, flags: ReadonlyMap<string, EvalFlag>): Record<string, unknown> {
  if (!values.model)
    throw new UsageError(
      values.outputs
        ? "--model names the model whose --outputs these are (e.g. --model my-model)"
        : "--model is required (e.g. --model baseline:oracle)",
    );
  const submitted =
    values.outputs !== undefined
      ? readSubmittedOutputs(resolve(process.env.INIT_CWD ?? process.cwd(), values.outputs), {
          benchmark: values.benchmark,
          dataset: values.dataset,
        })
      : undefined;
  if (submitted && (values.languages !== undefined || values.limit !== undefined))
    throw new UsageError("--outputs covers the units in the file: --languages and --limit do not apply");
  if (!submitted && values["part-bytes"] !== undefined)
    throw new UsageError("--part-bytes sizes the parts of --outputs");
  if ((intOption(values["part-bytes"], "part-bytes", 1024) ?? 0) > MAX_PART_BYTES)
    throw new UsageError(`--part-bytes is at most ${MAX_PART_BYTES} (a part's body is at most 8 MiB)`);
  const dataset = values.dataset ?? submitted?.dataset;
  if (!dataset) throw new UsageError("--dataset is required (e.g. --dataset demo)");
  if (values.publish && values["no-publish"]) throw new UsageError("--publish and --no-publish contradict each other");
  let temperature: number | undefined;
  if (values.temperature !== undefined) {
    temperature = Number(values.temperature);
    if (values.temperature.trim() === "" || !Number.isFinite(temperature) || temperature < 0 || temperature > 2) {
      throw new UsageError(`--temperature must be a number from 0 to 2, got "${values.temperature}"`);
    }
  }
  // The value is not echoed: it may be the key itself.
  if (values["api-key"] !== undefined && !API_KEY_NAME.test(values["api-key"])) {
    throw new UsageError(
      "--api-key takes the NAME of a Worker secret matching *_API_KEY (e.g. OPENROUTER_API_KEY, set in .dev.vars), never the key itself",
    );
  }
  if (values.prefill !== undefined && !["assistant", "continue", "user"].includes(values.prefill))
    throw new UsageError(`--prefill must be assistant, continue or user, got "${values.prefill}"`);
  const languages = values.languages
    ?.split(",")
    .map((l) => l.trim())
    .filter(Boolean);
  if (values.languages !== undefined && !languages?.length)
    throw new UsageError("--languages needs at least one language, e.g. --languages python,go");
  const options = benchmarkOptions(values, flags);
  const body: Record<string, unknown> = {
    benchmark: values.benchmark ?? submitted?.benchmark,
    dataset,
    model: values.model,
    api_key: values["api-key"],
    label: values.label,
    cutoff: values.cutoff,
    temperature,
    max_tokens: intOption(values["max-tokens"], "max-tokens", 1),
    seed: intOption(values.seed, "seed", 0),
    system_message: values["system-message"],
    prefill: values.prefill,
    options: Object.keys(options).length ? options : undefined,
    languages,
    limit: intOption(values.limit, "limit", 1),
    concurrency: intOption(values.concurrency, "concurrency", 1),
    token_budget: intOption(values.budget, "budget", 1),
    cache: values["no-cache"] ? false : undefined,
    publish: values.publish ? true : values["no-publish"] ? false : undefined,
    outputs: submitted?.outputs,
  };
  return JSON.parse(JSON.stringify(body)); // drops the undefined fields
}
