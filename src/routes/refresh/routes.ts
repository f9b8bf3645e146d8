/**
 * The contracts of the scheduled refresh's routes (docs/refresh.md): its windows and each one's
 * record, public; starting a window now, admin only (what `npm run refresh` calls).
 */
import { createRoute, z } from "@hono/zod-openapi";
import { requireAdmin } from "../../lib/middleware/admin";
import { LIMITS, limitBody, requireJson } from "../../lib/middleware/body";
import { ADMIN_SECURITY, jsonBody, jsonResponse, problemResponses } from "../../lib/middleware/openapi";
import { RefreshWindowRecordSchema, RefreshWindowsSchema, StartWindowSchema } from "./schemas";

const WindowId = z
  .string()
  .regex(/^w-\d{4}-\d{2}-\d{2}$/, "a window id, w-YYYY-MM-DD (its first day)")
  .openapi({ param: { name: "id", in: "path" }, example: "w-2026-11-30" });

export const list = createRoute({
  method: "get",
  path: "/v1/refresh/windows",
  tags: ["refresh"],
  summary: "The scheduled refresh's windows, newest first, and the current one (the board's held-out window)",
  responses: { 200: jsonResponse(RefreshWindowsSchema, "Windows"), ...problemResponses(400) },
});

export const show = createRoute({
  method: "get",
  path: "/v1/refresh/windows/{id}",
  tags: ["refresh"],
  summary: "One window's record: every step, what it fetched (with integrity), built, imported or skipped and why",
  request: { params: z.object({ id: WindowId }) },
  responses: { 200: jsonResponse(RefreshWindowRecordSchema, "The window's record"), ...problemResponses(400, 404) },
});

export const start = createRoute({
  method: "post",
  path: "/v1/refresh/windows",
  tags: ["refresh"],
  summary: "Start one window now, through the same queue and steps as the Cron Trigger (npm run refresh)",
  security: ADMIN_SECURITY,
  middleware: [requireAdmin, limitBody(LIMITS.smallBody), requireJson] as const,
  request: jsonBody(StartWindowSchema),
  responses: {
    202: jsonResponse(
      z.object({ window: z.string(), created: z.boolean(), record: z.string() }),
      "Started (or already known: `created` false); follow `record`",
    ),
    ...problemResponses(400, 401, 403, 413, 415, 422),
  },
});
