/** Worker entry: the HTTP app, the run queue's consumer, the scheduled prune and the Durable Objects of runs. */
import { createApp } from "./app";
// Tree-sitter and every grammar are instantiated while the isolate starts (see the file).
import "./lib/code/preload";
import type { Env } from "./lib/env";
import { handleRunQueue } from "./core/runs/consumer";
import { pruneRuns } from "./core/runs/retention";
import { endWarmUp, warmUp } from "./core/warmup/warmup";

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
    return handleRunQueue(batch, env);
  },
  // wrangler.toml `[triggers]`: old unpublished runs and orphaned objects go (src/core/runs/retention.ts).
  async scheduled(controller, env) {
    endWarmUp();
    const report = await pruneRuns(env, new Date(controller.scheduledTime));
    console.log(
      `prune: ${report.runs.length} runs, ${report.runs.reduce((n, r) => n + r.objects, 0) + report.orphan_objects} objects (retention ${report.retention_days ?? "off"} days)`,
    );
  },
} satisfies ExportedHandler<Env, unknown>;
