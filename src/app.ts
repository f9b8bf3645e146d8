/**
 * The HTTP app: request ids, the error envelope, routes, and the OpenAPI document built from the
 * route definitions (each route is declared once, in src/routes/).
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { requestId } from "hono/request-id";
import type { AppEnv } from "./env";
import { ProblemError, problemResponse, toProblem } from "./errors";
import { datasetRoutes } from "./routes/datasets";
import { healthRoutes } from "./routes/health";
import { metricRoutes } from "./routes/metrics";
import { scoreRoutes } from "./routes/score";
import { SERVICE_VERSION } from "./version";

export function createApp() {
  const app = new OpenAPIHono<AppEnv>();

  app.use(
    requestId({
      headerName: "X-Request-Id",
      // Accept a caller's id only when it is short and plain; otherwise mint one.
      generator: () => crypto.randomUUID(),
      limitLength: 128,
    }),
  );

  app.onError((err, c) => problemResponse(c, toProblem(err, c.get("requestId"))));
  app.notFound((c) => problemResponse(c, new ProblemError("not-found", `No route for ${c.req.method} ${new URL(c.req.url).pathname}.`)));

  app.route("/", healthRoutes);
  app.route("/", metricRoutes);
  app.route("/", scoreRoutes);
  app.route("/", datasetRoutes);

  app.openAPIRegistry.registerComponent("securitySchemes", "adminToken", {
    type: "http",
    scheme: "bearer",
    description: "The ADMIN_TOKEN Worker secret (.dev.vars locally)",
  });
  app.doc31("/openapi.json", (c) => ({
    openapi: "3.1.0",
    info: {
      title: "needlework",
      version: SERVICE_VERSION,
      description: "Scoring and datasets for long-context code understanding benchmarks (RepoQA Searching Needle Function).",
    },
    servers: [{ url: new URL(c.req.url).origin }],
  }));

  app.get("/", (c) =>
    c.json({
      name: "needlework",
      version: SERVICE_VERSION,
      openapi: "/openapi.json",
      health: "/v1/health",
      endpoints: ["POST /v1/score", "POST /v1/score/batch", "POST /v1/metrics/bleu", "GET /v1/datasets"],
    }),
  );

  return app;
}
