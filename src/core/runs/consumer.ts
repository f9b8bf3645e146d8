/**
 * The queue consumer: for each message (run id, unit, attempt) claim the unit from the run's
 * coordinator, build the prompt from R2, answer it (submitted output, cache, baseline, or model call under the model's
 * shared limiter), store the raw output in R2, score it, write the sample row once, and report.
 */
import { getBenchmark } from "../../benchmarks/registry";
import type { BaselineKind, Benchmark, ChatMessage, LoadedUnit } from "../../benchmarks/types";
import { BudgetExceededError } from "../../lib/code/budget";
import type { Env } from "../../lib/env";
import { ProblemError } from "../../lib/errors";
import { sha256Hex } from "../../lib/sha256";
import type { RunConfig, RunMessage } from "./config";
import type { RunCoordinator } from "./coordinator";
import type { ModelLimiter } from "./limiter";
import { recordFailure, unitResult } from "./outcome";
import { generate, outgoingMessages, runSecret, type Generation } from "./generate";
import { attemptRecord, redact, withRetries, type AttemptRecord, type Failure } from "./retry";
import { submittedOutput } from "./submitted";
import { insertSample, outputKey, responseCacheKey, type NewSample, type StoredOutput } from "./store";

const HEARTBEAT_MS = 10_000;
/** Deliveries of one message before its unit is recorded as an internal error. */
const MAX_DELIVERIES = 3;

/** The part that brought a unit's submitted output (a run whose outputs came in parts), else null. */
type SubmittedPart = { part: number; sha256: string } | null;

type Answer =
  | {
      kind: "output";
      generation: Generation;
      cached: boolean;
      calls: number;
      latencyMs: number;
      attempts?: AttemptRecord[];
    }
  | { kind: "failed"; failure: Failure; calls: number; latencyMs: number; attempts?: AttemptRecord[] }
  | { kind: "stopped" };

/** The coordinator of run `runId` (env.ts declares the namespace untyped; it holds RunCoordinators). */
export const coordinatorOf = (env: Env, runId: string): DurableObjectStub<RunCoordinator> => {
  const runs = env.RUNS as unknown as DurableObjectNamespace<RunCoordinator>;
  return runs.get(runs.idFromName(runId));
};

/** The key of a response in the cache: the same model, parameters and prompt answer the same. */
export async function cacheKeyOf(config: RunConfig, promptSha256: string): Promise<string> {
  return sha256Hex(
    JSON.stringify({ model: config.model.spec, parameters: config.parameters, prompt_sha256: promptSha256 }),
  );
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/** A slot of a model's shared budget, held for a task's whole call sequence and kept alive by the heartbeat. */
interface Slot {
  extend(): Promise<void>;
  release(): Promise<void>;
}

/** The model's shared limiter (null for baselines, which have none). */
const limiterOf = (env: Env, config: RunConfig) => {
  const limiters = env.MODEL_LIMITERS as unknown as DurableObjectNamespace<ModelLimiter>;
  return config.model.limiterKey ? limiters.get(limiters.idFromName(config.model.limiterKey)) : null;
};

/** Waits for a slot; null when the unit was stopped meanwhile. */
async function acquireSlot(env: Env, config: RunConfig, signal: AbortSignal): Promise<Slot | null> {
  const limiter = limiterOf(env, config);
  if (!limiter) return { extend: async () => {}, release: async () => {} };
  for (;;) {
    if (signal.aborted) return null;
    const got = await limiter.acquire({
      concurrency: config.limits.concurrency,
      requestsPerMinute: config.limits.requestsPerMinute,
    });
    if (got.granted) return { extend: () => limiter.extend(got.lease), release: () => limiter.release(got.lease) };
    await sleep(Math.min(got.waitMs, 2_000), signal);
  }
}

/**
 * Calls the model with retries under one slot of its limiter. The slot is taken before the first
 * call so waiting for it never eats into a call's timeout; `held` exposes it to the heartbeat.
 */
async function callModel(
  env: Env,
  config: RunConfig,
  messages: ChatMessage[],
  signal: AbortSignal,
  held: { slot?: Slot },
): Promise<Answer> {
  const slot = await acquireSlot(env, config, signal);
  if (!slot) return { kind: "stopped" };
  held.slot = slot;
  const started = Date.now();
  const limiter = limiterOf(env, config);
  // Every failed call, kept for the sample's page; secrets are redacted as they are recorded.
  const secrets = [runSecret(env, config)];
  const attempts: AttemptRecord[] = [];
  const result = await withRetries((attemptSignal) => generate(env, config, messages, attemptSignal), config.retry, {
    signal,
    onRetry: async (failure, attempt, delayMs) => {
      attempts.push(attemptRecord(failure, attempt, delayMs, secrets));
      if (failure.kind === "rate_limited" && failure.retryAfterMs && limiter)
        await limiter.pause(Date.now() + failure.retryAfterMs);
    },
  }).finally(async () => {
    held.slot = undefined;
    await slot.release();
  });
  if (!result.ok && result.failure.kind === "cancelled") return { kind: "stopped" };
  const latencyMs = Date.now() - started;
  if (!result.ok) {
    attempts.push(attemptRecord(result.failure, result.attempts, null, secrets));
    return { kind: "failed", failure: result.failure, calls: result.attempts, latencyMs, attempts };
  }
  return {
    kind: "output",
    generation: result.value,
    cached: false,
    calls: result.attempts,
    latencyMs,
    ...(attempts.length ? { attempts } : {}),
  };
}

async function answer(
  env: Env,
  config: RunConfig,
  benchmark: Benchmark,
  task: LoadedUnit,
  messages: ChatMessage[],
  promptSha256: string,
  coordinator: DurableObjectStub<RunCoordinator>,
  signal: AbortSignal,
  held: { slot?: Slot },
  part: SubmittedPart,
): Promise<Answer> {
  const { model } = config;
  if (model.provider === "submitted") {
    // No model: the output the caller submitted for this unit, scored like any other answer.
    const text = await submittedOutput(env, config, task.unit, part);
    if (text === null)
      return {
        kind: "failed",
        failure: { kind: "client_error", retryable: false, message: "no output was submitted for this unit" },
        calls: 0,
        latencyMs: 0,
      };
    return {
      kind: "output",
      generation: { text, finishReason: "submitted", usage: { prompt: null, completion: null } },
      cached: false,
      calls: 0,
      latencyMs: 0,
    };
  }
  if (model.provider === "baseline") {
    const started = Date.now();
    let text: string;
    try {
      text =
        model.modelId === "empty"
          ? ""
          : await benchmark.baseline(env, config.datasetId, task.unit, config.options, model.modelId as BaselineKind);
    } catch (e) {
      // A baseline that cannot answer this unit never will: an error sample now, not redeliveries.
      if (!(e instanceof ProblemError)) throw e;
      return {
        kind: "failed",
        failure: { kind: "client_error", retryable: false, message: e.detail },
        calls: 0,
        latencyMs: Date.now() - started,
      };
    }
    // No model is called and no token spent: the sample keeps its prompt's size, the run counts no call.
    const generation = { text, finishReason: "stop", usage: { prompt: task.promptTokens, completion: 0 } };
    return { kind: "output", generation, cached: false, calls: 0, latencyMs: Date.now() - started };
  }
  const cacheKey = config.cache ? responseCacheKey(await cacheKeyOf(config, promptSha256)) : null;
  if (cacheKey) {
    const hit = await env.DATASETS.get(cacheKey);
    if (hit)
      return { kind: "output", generation: (await hit.json()) as Generation, cached: true, calls: 0, latencyMs: 0 };
  }
  if (!(await coordinator.admit(task.unit, task.promptTokens + config.parameters.max_tokens)))
    return { kind: "stopped" };
  const result = await callModel(env, config, messages, signal, held);
  if (result.kind === "output" && cacheKey) await env.DATASETS.put(cacheKey, JSON.stringify(result.generation));
  return result;
}

function heartbeat(
  coordinator: DurableObjectStub<RunCoordinator>,
  message: RunMessage,
  abort: AbortController,
  held: { slot?: Slot },
) {
  const timer = setInterval(() => {
    coordinator.heartbeat(message.unit, message.attempt).then(
      (alive) => alive || abort.abort(),
      (e) => console.error(`run ${message.run}: heartbeat failed`, e),
    );
    held.slot?.extend().catch((e) => console.error(`run ${message.run}: model slot heartbeat failed`, e));
  }, HEARTBEAT_MS);
  return () => clearInterval(timer);
}

/** Processes one message; returns without effect when the unit is not this message's to do. */
export async function processMessage(env: Env, message: RunMessage): Promise<void> {
  const coordinator = coordinatorOf(env, message.run);
  const claim = await coordinator.claim(message.unit, message.attempt);
  if (!claim.ok) return;
  // RPC result types lose the union's narrowing.
  const { config, part } = claim as unknown as { config: RunConfig; part: SubmittedPart };
  const abort = new AbortController();
  const held: { slot?: Slot } = {};
  const stopHeartbeat = heartbeat(coordinator, message, abort, held);
  try {
    const benchmark = getBenchmark(config.benchmark);
    const task = await benchmark.load(env, config.datasetId, message.unit, config.options);
    const messages = outgoingMessages(config, task.messages);
    const promptSha256 = await sha256Hex(JSON.stringify(messages));
    const base: NewSample = {
      runId: config.id,
      unit: task.unit,
      taskId: task.taskId,
      language: task.language,
      position: task.position,
      contextSize: task.contextSize,
      born: task.born,
      status: "context_exceeded",
      promptSha256,
      promptTokens: task.promptTokens,
      cached: false,
      calls: 0,
      finishedAt: "",
    };
    let row: NewSample;
    if (task.promptTokens + config.parameters.max_tokens > config.limits.contextWindow) {
      // Never sent: it cannot fit, so it is neither an answer nor an error.
      row = {
        ...base,
        error: `${task.promptTokens} prompt tokens + ${config.parameters.max_tokens} max_tokens exceed the ${config.limits.contextWindow}-token window`,
      };
    } else {
      const got = await answer(
        env,
        config,
        benchmark,
        task,
        messages,
        promptSha256,
        coordinator,
        abort.signal,
        held,
        part,
      );
      if (got.kind === "stopped") {
        await coordinator.release(message.unit, message.attempt);
        return;
      }
      if (got.kind === "failed") {
        const text = redact(got.failure.message, [runSecret(env, config)]);
        row = {
          ...base,
          status: got.failure.kind === "context_exceeded" ? "context_exceeded" : "error",
          error: text,
          calls: got.calls,
          latencyMs: got.latencyMs,
          ...(got.attempts ? { detail: { attempts: got.attempts } } : {}),
        };
      } else {
        const { generation } = got;
        const key = outputKey(config.id, task.unit);
        const stored: StoredOutput = {
          run: config.id,
          unit: task.unit,
          model: config.model.spec,
          output: generation.text,
          finish_reason: generation.finishReason,
          usage: generation.usage,
          cached: got.cached,
          created_at: new Date().toISOString(),
        };
        await env.DATASETS.put(key, JSON.stringify(stored));
        const verdict = await benchmark
          .score(env, config.datasetId, task.unit, generation.text, config.options)
          .catch((e: unknown) => {
            // An output too costly to score (docs/limits.md, "CPU budgets") never will be: an error
            // sample with the reason now, and the consumer moves on (no redelivery).
            if (e instanceof BudgetExceededError) return e;
            throw e;
          });
        const answered = {
          ...base,
          outputKey: key,
          promptTokens: generation.usage.prompt ?? task.promptTokens,
          completionTokens: generation.usage.completion,
          cached: got.cached,
          calls: got.calls,
          latencyMs: got.latencyMs,
          ...(got.attempts ? { detail: { attempts: got.attempts } } : {}),
        };
        // An answer that needed retries keeps its failed calls beside the verdict ("answered on attempt 3").
        row =
          verdict instanceof BudgetExceededError
            ? { ...answered, status: "error", error: `scoring: ${verdict.detail}` }
            : {
                ...answered,
                status: "scored",
                passed: verdict.passed,
                score: verdict.score,
                detail: got.attempts ? { ...verdict.detail, attempts: got.attempts } : verdict.detail,
                scorerVersion: benchmark.scorerVersion,
              };
      }
    }
    const saved = await insertSample(env, { ...row, finishedAt: new Date().toISOString() });
    await coordinator.complete(message.unit, unitResult(saved));
  } catch (e) {
    await coordinator.unclaim(message.unit, message.attempt).catch(() => {});
    throw e;
  } finally {
    stopHeartbeat();
  }
}

/** The Worker's queue handler: messages are independent; one that throws is retried alone. */
export async function handleRunQueue(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  await Promise.all(
    batch.messages.map(async (m) => {
      const body = m.body as Partial<RunMessage> | null;
      if (!body || typeof body.run !== "string" || typeof body.unit !== "string" || typeof body.attempt !== "number") {
        console.error("run queue: dropping a malformed message", JSON.stringify(m.body)?.slice(0, 200));
        m.ack();
        return;
      }
      try {
        await processMessage(env, body as RunMessage);
        m.ack();
      } catch (e) {
        // Storage or scoring failed (never the model: that is a sample error). Try again shortly;
        // a unit that keeps failing is recorded as an error rather than retried forever.
        const reason = e instanceof Error ? e.message : String(e);
        console.error(`run ${body.run}: unit ${body.unit} failed (delivery ${m.attempts})`, reason);
        if (m.attempts < MAX_DELIVERIES) return m.retry({ delaySeconds: m.attempts });
        try {
          await coordinatorOf(env, body.run).complete(body.unit, await recordFailure(env, body as RunMessage, reason));
          m.ack();
        } catch {
          m.retry({ delaySeconds: 10 });
        }
      }
    }),
  );
}
