/** The refresh handlers: the core's views as they are, and a window started through the core's own entry. */
import { refreshWindowRecord, refreshWindows } from "../../core/refresh/views";
import { RefreshConfigError } from "../../core/refresh/config";
import { startWindowNow } from "../../core/refresh/worker";
import { invalid, notFound } from "../../lib/errors";
import type { AppRouteHandler } from "../types";
import type * as routes from "./routes";

export const list: AppRouteHandler<typeof routes.list> = async (c) => c.json(await refreshWindows(c.env), 200);

export const show: AppRouteHandler<typeof routes.show> = async (c) => {
  const { id } = c.req.valid("param");
  const record = await refreshWindowRecord(c.env, id);
  if (!record) notFound(`No refresh window "${id}" (GET /v1/refresh/windows lists them).`);
  return c.json(record, 200);
};

export const start: AppRouteHandler<typeof routes.start> = async (c) => {
  const { config, window_start } = c.req.valid("json");
  let started: { window: string; created: boolean };
  try {
    started = await startWindowNow(c.env, config, window_start);
  } catch (err) {
    // A configuration the schema of [vars.REFRESH] refuses, or no window ended yet: the caller's to
    // fix. Anything else (storage, the queue) is the service's and stays a 5xx.
    if (err instanceof RefreshConfigError) invalid(err.message);
    throw err;
  }
  console.log(
    `[${c.get("requestId")}] refresh window ${started.window} ${started.created ? "started" : "already known"}`,
  );
  return c.json({ ...started, record: `/v1/refresh/windows/${started.window}` }, 202);
};
