/** Worker entry: the HTTP app, the run queue's consumer, and the Durable Objects of runs. */
import { createApp } from "./app";
import type { Env } from "./env";
import { handleRunQueue } from "./runs/consumer";

export { RunCoordinator } from "./runs/coordinator";
export { ModelLimiter } from "./runs/limiter";

const app = createApp();

export default {
  fetch: app.fetch,
  queue: handleRunQueue,
} satisfies ExportedHandler<Env, unknown>;
