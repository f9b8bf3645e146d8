/**
 * The refresh's driver, the same for the Cron Trigger and the command: a tick starts the newest
 * closed window, sends a stalled window's next step again and publishes windows that are due; a step
 * message is claimed, run and recorded, then the window's next step is sent. Steps travel through a
 * `Carrier`: the refresh queue in the Worker, an in-process list in the command.
 */
import type { Env } from "../../lib/env";
import { type RefreshConfig, parseRefreshConfig } from "./config";
import { type HostMeter, StepMeter } from "./meter";
import {
  type BenchmarkLookup,
  importSteps,
  nextStep,
  type ParsedStep,
  parseStep,
  seqOf,
  windowBenchmarks,
} from "./plan";
import { failWindow, runStep, TransientStepError, WindowFailure } from "./steps";
import {
  claimStep,
  createWindow,
  finishStep,
  getWindow,
  listWindowRows,
  releaseStep,
  stepsOf,
  updateWindow,
} from "./store";
import { lastClosedWindow, publicAfterOf, type Window, windowFrom } from "./windows";

export interface StepMessage {
  window: string;
  step: string;
}

/** How a step reaches whoever runs it. */
export interface Carrier {
  send(message: StepMessage, delaySeconds?: number): Promise<void>;
}

/** The bindings a refresh uses beyond the shared ones (wrangler.toml; docs/refresh.md). */
export type RefreshEnv = Env & {
  /** The configuration (`[vars.REFRESH]`); absent: no scheduled refresh. */
  REFRESH?: unknown;
  REFRESH_QUEUE?: Queue<StepMessage>;
};

export interface RefreshDeps {
  /** Benchmarks by id (the registry in the Worker). */
  lookup: BenchmarkLookup;
  /** The fetch sources are read with (default the global one). */
  fetch?: typeof fetch;
  /** CPU and memory per step, where the host can measure them. */
  host?: HostMeter;
  now?: () => Date;
}

/** The refresh queue as a carrier. */
export function queueCarrier(env: RefreshEnv): Carrier {
  return {
    async send(message, delaySeconds) {
      if (!env.REFRESH_QUEUE) throw new Error("the REFRESH_QUEUE binding is missing (wrangler.toml)");
      await env.REFRESH_QUEUE.send(message, delaySeconds ? { delaySeconds } : undefined);
    },
  };
}

const configOf = (row: { config: Record<string, unknown> }) => parseRefreshConfig(row.config);

/** Sends the window's next step, if any; returns its name. */
export async function advance(
  env: Env,
  windowId: string,
  carrier: Carrier,
  lookup: BenchmarkLookup,
): Promise<string | undefined> {
  const window = await getWindow(env, windowId);
  if (window?.status !== "building") return undefined;
  const next = nextStep(configOf(window), await stepsOf(env, windowId), lookup);
  await updateWindow(env, windowId, {});
  if (next) await carrier.send({ window: windowId, step: next });
  return next;
}

/** Creates the window's row (once) and sends its first step; whether this call created it. */
export async function startWindow(
  env: Env,
  config: RefreshConfig,
  window: Window,
  trigger: string,
  carrier: Carrier,
  lookup: BenchmarkLookup,
): Promise<boolean> {
  windowBenchmarks(config, lookup);
  const now = new Date().toISOString();
  const created = await createWindow(env, {
    ...window,
    status: "building",
    config: config as unknown as Record<string, unknown>,
    datasets: {},
    trigger,
    error: null,
    createdAt: now,
    updatedAt: now,
    completedAt: null,
    publicAfter: publicAfterOf(window, config.public_after_days),
    publishedAt: null,
  });
  if (created) await advance(env, window.id, carrier, lookup);
  return created;
}

export interface TickReport {
  started?: string;
  resent: { window: string; step: string }[];
  publishing: string[];
}

/** One Cron Trigger's work: see the module comment. */
export async function refreshTick(
  env: Env,
  config: RefreshConfig,
  now: Date,
  carrier: Carrier,
  lookup: BenchmarkLookup,
  trigger = `cron ${config.schedule}`,
): Promise<TickReport> {
  const report: TickReport = { resent: [], publishing: [] };
  const due = lastClosedWindow(config, now);
  if (due && (await startWindow(env, config, due, trigger, carrier, lookup))) report.started = due.id;
  for (const w of await listWindowRows(env, ["building", "held-out"])) {
    const limits = configOf(w).limits;
    if (w.status === "building" && w.id !== report.started) {
      const stale = Date.parse(w.updatedAt) + limits.stale_minutes * 60_000 <= now.getTime();
      if (stale) {
        const step = await advance(env, w.id, carrier, lookup);
        if (step) report.resent.push({ window: w.id, step });
      }
    } else if (w.status === "held-out" && w.publicAfter <= now.toISOString()) {
      await carrier.send({ window: w.id, step: "publish" });
      report.publishing.push(w.id);
    }
  }
  return report;
}

export type StepResult = "done" | "skipped" | "retry" | "failed" | "finished-before" | "busy" | "gone";

/** Runs one step message: claim, run, record, send the next. Never runs a finished step again. */
export async function runStepMessage(
  env: Env,
  message: StepMessage,
  carrier: Carrier,
  deps: RefreshDeps,
): Promise<StepResult> {
  const window = await getWindow(env, message.window);
  const step = parseStep(message.step);
  if (!window || !step || window.status === "failed") return "gone";
  if (step.kind !== "publish" && window.status !== "building") return "finished-before";
  const config = configOf(window);
  const now = deps.now?.() ?? new Date();
  const claim = await claimStep(
    env,
    window.id,
    message.step,
    await seqIn(env, config, step, window.id, message.step, deps.lookup),
    now,
    config.limits.lease_seconds,
  );
  if (claim.kind === "finished") return "finished-before";
  if (claim.kind === "busy") return "busy";
  if (claim.attempt > config.limits.attempts) {
    // Every try was taken over after its lease ran out, none reached an outcome: invocations that
    // died (over their memory or CPU). Without this the step would be claimed again on every resend.
    const tries = claim.attempt - 1;
    const died = new TransientStepError(
      `${tries} ${tries === 1 ? "try" : "tries"} ended without an outcome (the invocation died: over its memory or CPU limit?)`,
    );
    return failedTry(env, window.id, config, message, step.kind, tries, died, carrier, {}, deps.lookup);
  }
  const meter = new StepMeter(config.limits.subrequests, deps.fetch ?? ((input, init) => fetch(input, init)));
  const stop = deps.host?.start();
  const figures = () => ({ ...meter.cost(), ...(stop ? stop() : {}) });
  try {
    const outcome = await runStep({ env, window, config, meter, lookup: deps.lookup }, step, message.step);
    await finishStep(env, window.id, message.step, {
      status: outcome.status,
      // A done step keeps what its earlier tries ran into.
      ...(outcome.status === "skipped" ? { reason: outcome.reason } : {}),
      record: outcome.record,
      outputKey: outcome.status === "done" ? (outcome.outputKey ?? null) : null,
      ...figures(),
    });
    if (step.kind !== "publish") await advance(env, window.id, carrier, deps.lookup);
    return outcome.status;
  } catch (err) {
    return failedTry(env, window.id, config, message, step.kind, claim.attempt, err, carrier, figures(), deps.lookup);
  }
}

/** A step's place in its window's listing; an import step's by its place among its benchmark's imports. */
async function seqIn(
  env: Env,
  config: RefreshConfig,
  step: ParsedStep,
  windowId: string,
  name: string,
  lookup: BenchmarkLookup,
) {
  if (step.kind !== "import") return seqOf(step, config);
  const wb = windowBenchmarks(config, lookup).find((b) => b.benchmark.id === step.benchmark);
  const rows = await stepsOf(env, windowId);
  return seqOf(step, config, wb ? Math.max(0, importSteps(wb, rows).indexOf(name)) : 0);
}

async function failedTry(
  env: Env,
  windowId: string,
  config: RefreshConfig,
  message: StepMessage,
  kind: string,
  attempt: number,
  err: unknown,
  carrier: Carrier,
  cost: Record<string, number>,
  lookup: BenchmarkLookup,
): Promise<StepResult> {
  const reason = `${(err as Error).name ?? "Error"}: ${(err as Error).message ?? String(err)}`;
  const final = err instanceof WindowFailure || attempt >= config.limits.attempts;
  if (!final) {
    await releaseStep(env, windowId, message.step, `try ${attempt} failed: ${reason}`);
    await carrier.send(message, config.limits.retry_delay_seconds);
    return "retry";
  }
  const tries = `after ${attempt} ${attempt === 1 ? "try" : "tries"}`;
  if (kind === "build" && err instanceof TransientStepError) {
    // A source that stays down is left out; the window goes on with the rest.
    await finishStep(env, windowId, message.step, {
      status: "skipped",
      reason: `${reason} (${tries})`,
      record: null,
      ...cost,
    });
    await advance(env, windowId, carrier, lookup);
    return "skipped";
  }
  await finishStep(env, windowId, message.step, {
    status: "failed",
    reason: `${reason} (${tries})`,
    record: null,
    ...cost,
  });
  const window = await getWindow(env, windowId);
  if (window && kind !== "publish") await failWindow(env, window, config, lookup, `${message.step}: ${reason}`);
  return "failed";
}

/** A window started now from a configuration given (the command): the window starting on `start`. */
export function windowStarting(config: RefreshConfig, start: string): Window {
  return windowFrom(config, start);
}
