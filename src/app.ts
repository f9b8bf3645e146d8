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
import { leaderboardRoutes } from "./routes/leaderboard";
import { metricRoutes } from "./routes/metrics";
import { pageNotFound, pageRoutes } from "./routes/page";
import { runRoutes } from "./routes/runs";
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
  app.notFound((c) => {
    const path = new URL(c.req.url).pathname;
    // People browse everything outside the API: they get the HTML 404 page; /v1/* stays JSON.
    if ((c.req.method === "GET" || c.req.method === "HEAD") && !isApiPath(path)) return pageNotFound(c, `There is no page at ${path}.`);
    return problemResponse(c, new ProblemError("not-found", `No route for ${c.req.method} ${path}.`));
  });

  app.route("/", healthRoutes);
  app.route("/", metricRoutes);
  app.route("/", scoreRoutes);
  app.route("/", datasetRoutes);
  app.route("/", leaderboardRoutes);
  app.route("/", runRoutes);

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
      description: "Scoring, datasets, evaluation runs and a leaderboard for long-context code understanding benchmarks (RepoQA Searching Needle Function).",
    },
    servers: [{ url: new URL(c.req.url).origin }],
  }));

  // The JSON index for programs; `/` is the leaderboard page for people.
  app.get("/v1", (c) =>
    c.json({
      name: "needlework",
      version: SERVICE_VERSION,
      openapi: "/openapi.json",
      health: "/v1/health",
      leaderboard: "/",
      endpoints: [
        "POST /v1/score",
        "POST /v1/score/batch",
        "POST /v1/metrics/bleu",
        "GET /v1/datasets",
        "GET /v1/leaderboard",
        "GET /v1/leaderboard/models/{model}",
        "POST /v1/runs",
        "GET /v1/runs/{id}",
        "GET /v1/runs/{id}/events",
      ],
    }),
  );
  app.route("/", pageRoutes);

  return app;
}

const isApiPath = (path: string) => path === "/v1" || path.startsWith("/v1/") || path === "/openapi.json";
