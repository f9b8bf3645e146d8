/**
 * Worker entry: the HTTP app, the queues' consumers (runs, refresh steps), the Cron Triggers (the
 * hourly prune, the refresh's tick) and the Durable Objects of runs.
 */
import { createApp } from "./app";
// Tree-sitter and every grammar are instantiated while the isolate starts (see the file).
import "./lib/code/preload";
import type { Env } from "./lib/env";
import { handleRunQueue } from "./core/runs/consumer";
import { pruneRuns } from "./core/runs/retention";
import { endWarmUp, warmUp } from "./core/warmup/warmup";
import type { RefreshEnv, StepMessage } from "./core/refresh/engine";
import { handleRefreshQueue, scheduledRefresh } from "./core/refresh/worker";

/** The refresh steps' queue (wrangler.toml); every other batch is the run queue's. */
const REFRESH_QUEUE_NAME = "needlework-refresh";

export { RunCoordinator } from "./core/runs/coordinator";
export { ModelLimiter } from "./core/runs/limiter";

const app = createApp();
// hono builds its route matcher on the first request (a few ms in a cold isolate): build it at start-up.
app.router.match("GET", "/");
// And the rest of the scoring and page paths, against in-memory stand-ins (see the file).
void warmUp(app);

export default {
  fetch(request: Request, env: Env, ctx: ExecutionContext) {
    endWarmUp();
    return app.fetch(request, env, ctx);
  },
  queue(batch, env) {
    endWarmUp();
    if (batch.queue === REFRESH_QUEUE_NAME)
      return handleRefreshQueue(batch as MessageBatch<StepMessage>, env as RefreshEnv);
    return handleRunQueue(batch, env);
  },
  // wrangler.toml `[triggers]`, told apart by their cron string: the refresh's schedule
  // (`[vars.REFRESH] schedule`, src/core/refresh) ticks the refresh; any other prunes old unpublished
  // runs and orphaned objects (src/core/runs/retention.ts).
  async scheduled(controller, env) {
    endWarmUp();
    const when = new Date(controller.scheduledTime);
    const refresh = await scheduledRefresh(env as RefreshEnv, controller.cron, when);
    if (refresh) {
      console.log(`refresh: ${JSON.stringify(refresh)}`);
      return;
    }
    const report = await pruneRuns(env, when);
    console.log(
      `prune: ${report.runs.length} runs, ${report.runs.reduce((n, r) => n + r.objects, 0) + report.orphan_objects} objects (retention ${report.retention_days ?? "off"} days)`,
    );
  },
} satisfies ExportedHandler<Env, unknown>;
