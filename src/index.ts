/** Worker entry: the HTTP app (queue consumers and Durable Objects join here as they arrive). */
import { createApp } from "./app";
import type { Env } from "./env";

const app = createApp();

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Env>;
