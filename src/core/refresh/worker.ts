/**
 * The refresh's Worker entries (src/index.ts): the Cron Trigger's tick, the refresh queue's consumer
 * and a window started on request, with the registry's benchmarks. The engine takes the lookup as a
 * parameter: the tests drive it step by step.
 */
import { findBenchmark } from "../../benchmarks/registry";
import { parseDay } from "../../lib/born";
import { parseRefreshConfig, RefreshConfigError } from "./config";
import {
  startWindow,
  queueCarrier,
  type RefreshEnv,
  refreshTick,
  runStepMessage,
  type StepMessage,
  type TickReport,
} from "./engine";
import { lastClosedWindow, windowFrom } from "./windows";

/** The Cron Trigger's entry: the tick when `cron` is the refresh's schedule; false when it is not. */
export async function scheduledRefresh(env: RefreshEnv, cron: string, when: Date): Promise<TickReport | false> {
  if (env.REFRESH === undefined) return false;
  const config = parseRefreshConfig(env.REFRESH);
  if (cron !== config.schedule) return false;
  return refreshTick(env, config, when, queueCarrier(env), findBenchmark);
}

/** The refresh queue's consumer: one step per message; an error outside a step's own handling is retried. */
export async function handleRefreshQueue(batch: MessageBatch<StepMessage>, env: RefreshEnv): Promise<void> {
  for (const message of batch.messages) {
    try {
      await runStepMessage(env, message.body, queueCarrier(env), { lookup: findBenchmark });
      message.ack();
    } catch (err) {
      console.error(`refresh step ${JSON.stringify(message.body)}: ${(err as Error).message}`);
      message.retry();
    }
  }
}

/**
 * Starts one window now, through the same steps and queue as the Cron Trigger: the hook of an admin
 * route (docs/refresh.md, "The same build locally"). `config` has the shape of `[vars.REFRESH]`;
 * `start` (a UTC day) picks the window, default the newest closed one of the schedule. Answers the
 * window's id and whether this call created it (an existing window is left as it is).
 */
export async function startWindowNow(
  env: RefreshEnv,
  rawConfig: unknown,
  start?: string,
): Promise<{ window: string; created: boolean }> {
  const config = parseRefreshConfig(rawConfig);
  let first: string | undefined;
  try {
    first = start === undefined ? undefined : parseDay(start, "window start");
  } catch (err) {
    throw new RefreshConfigError((err as Error).message);
  }
  const window = first ? windowFrom(config, first) : lastClosedWindow(config, new Date());
  if (!window) throw new RefreshConfigError(`no window of the schedule has ended yet (anchor ${config.anchor})`);
  const created = await startWindow(env, config, window, "command", queueCarrier(env), findBenchmark);
  return { window: window.id, created };
}
