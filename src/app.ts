/**
 * The HTTP app: request ids, the error envelope, routes, and the OpenAPI document built from the
 * route definitions (each route is declared once: the shared ones in src/routes/, a family's own in
 * its folder, reached through the registry as `Family.routes`).
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { requestId } from "hono/request-id";
import type { AppEnv } from "./lib/env";
import { allBenchmarks, allFamilies } from "./benchmarks/registry";
import { ProblemError, problemResponse, toProblem } from "./lib/errors";
import { ROUTE_METHODS, type RouteAccess, routeAccess } from "./lib/middleware/access";
import { cors } from "./lib/middleware/cors";
import { rateLimit } from "./lib/middleware/rate-limit";
import { benchmarkRoutes } from "./routes/benchmarks";
import { compareRoutes } from "./routes/compare";
import { datasetRoutes } from "./routes/datasets";
import { healthRoutes } from "./routes/health";
import { leaderboardRoutes } from "./routes/leaderboard";
import { metricRoutes } from "./routes/metrics";
import { refreshRoutes } from "./routes/refresh";
import { pageNotFound, pageRoutes } from "./routes/pages";
import { runRoutes } from "./routes/runs";
import { scoreRoutes } from "./routes/score";
import { tokenRoutes } from "./routes/tokens";
import { SERVICE_VERSION } from "./lib/version";

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

  // CORS for public routes, then the rate limit of the route's class; both read a route's guard
  // (requireAdmin, requireSubmitter) from the router, at request time (routes are added below).
  const access = routeAccess(app);
  app.use(cors(access));
  app.use(rateLimit(access));

  app.onError((err, c) => problemResponse(c, toProblem(err, c.get("requestId"))));
  app.notFound((c) => {
    const path = new URL(c.req.url).pathname;
    // A known path asked with a method it does not have: 405 with the methods it has (RFC 9110 §15.5.6).
    const allow = allowedMethods(access, path);
    if (allow.length > 0 && !allow.includes(c.req.method)) {
      return problemResponse(
        c,
        new ProblemError(
          "method-not-allowed",
          `${path} does not answer ${c.req.method}; it answers ${allow.join(", ")}.`,
          { allow },
          { Allow: allow.join(", ") },
        ),
      );
    }
    // People browse everything outside the API: they get the HTML 404 page; /v1/* stays JSON.
    if ((c.req.method === "GET" || c.req.method === "HEAD") && !isApiPath(path))
      return pageNotFound(c, `There is no page at ${path}.`);
    return problemResponse(c, new ProblemError("not-found", `No route for ${c.req.method} ${path}.`));
  });

  app.route("/", healthRoutes);
  app.route("/", metricRoutes);
  app.route("/", scoreRoutes);
  app.route("/", benchmarkRoutes);
  app.route("/", datasetRoutes);
  // Each family's own endpoints (its dataset imports and older request shapes), in registry order.
  for (const family of allFamilies()) if (family.routes) app.route("/", family.routes);
  app.route("/", leaderboardRoutes);
  app.route("/", runRoutes);
  app.route("/", compareRoutes);
  app.route("/", tokenRoutes);
  app.route("/", refreshRoutes);

  app.openAPIRegistry.registerComponent("securitySchemes", "token", {
    type: "http",
    scheme: "bearer",
    description:
      "The ADMIN_TOKEN Worker secret (.dev.vars locally; role admin), or a named token from POST /v1/tokens (role admin or submitter). A route's security lists the role it needs; an admin token may call every route.",
  });
  app.doc31("/openapi.json", (c) => ({
    openapi: "3.1.0",
    info: {
      title: "needlework",
      version: SERVICE_VERSION,
      description: `Scoring, datasets, evaluation runs and a leaderboard for long-context code understanding benchmarks: ${hostedBenchmarks()}. Every benchmark answers the same surface: GET /v1/benchmarks, its units and their exact prompts under /v1/benchmarks/{benchmark}/datasets/{dataset}/units, and POST /v1/score (\`benchmark\`, \`dataset\`, \`unit\`, \`answer\`).`,
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
      benchmarks: allBenchmarks().map((b) => ({ id: b.id, title: b.title })),
      endpoints: [
        "GET /v1/benchmarks",
        "GET /v1/benchmarks/{benchmark}/datasets/{dataset}/units",
        "GET /v1/benchmarks/{benchmark}/datasets/{dataset}/units/{unit}/prompt",
        "GET /v1/benchmarks/{benchmark}/datasets/{dataset}/export",
        "POST /v1/score",
        "POST /v1/score/batch",
        "POST /v1/score/promptfoo",
        "POST /v1/metrics/bleu",
        "GET /v1/datasets",
        "GET /v1/leaderboard",
        "GET /v1/leaderboard/models/{model}",
        "POST /v1/runs",
        "GET /v1/runs/{id}",
        "GET /v1/runs/{id}/events",
        "GET /v1/compare",
      ],
    }),
  );
  // The HTML pages last, after every API route: the icon, the run and comparison pages, the board and its model pages.
  app.route("/", pageRoutes);

  return app;
}

/** The hosted benchmarks by title and id, from the registry (the OpenAPI description names them all). */
export const hostedBenchmarks = () =>
  allBenchmarks()
    .map((b) => `${b.title} (\`${b.id}\`)`)
    .join("; ");

/**
 * The methods `path` has a route for, asked of the app's own router through the route access
 * lookup (so Allow never drifts from what is registered): a route counts when it was declared for
 * that method, not middleware mounted for all methods (request ids). HEAD is answered wherever GET
 * is (Hono runs the GET handler without the body). Empty for an unknown path.
 */
function allowedMethods(access: RouteAccess, path: string): string[] {
  return ROUTE_METHODS.filter((m) => access(m, path) !== undefined);
}

const isApiPath = (path: string) => path === "/v1" || path.startsWith("/v1/") || path === "/openapi.json";
