/**
 * A public deployment's edge: named tokens with roles, CORS on public routes
 * only, and rate limits per client through the real Rate Limiting binding (miniflare's).
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createApp } from "../../src/app";
import type { Env } from "../../src/lib/env";
import { roleOf } from "../../src/lib/middleware/admin";
import {
  RATE_LIMIT_BINDINGS,
  RateLimitPoliciesSchema,
  clientNetwork,
  secondsToWindowEnd,
} from "../../src/lib/middleware/rate-limit";
import { sha256Hex } from "../../src/lib/sha256";
import { ADMIN, BASE, del, get, post } from "../helpers";

const app = createApp();

/** Through a fresh app with some bindings replaced (a small rate limit, a recording one). */
async function fetchWith(overrides: Partial<Env>, path: string, init: RequestInit = {}) {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`${BASE}${path}`, init), { ...env, ...overrides }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function createToken(role: string, name: string) {
  const res = await post("/v1/tokens", { role, name }, ADMIN);
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json<{ id: string; name: string; role: string; created_at: string; token: string }>();
}

/** The OpenAPI document's guarded operations: "METHOD /path/{param}" -> the role its security names. */
async function securedOperations(): Promise<Map<string, string>> {
  const doc = await (await get("/openapi.json")).json<any>();
  const out = new Map<string, string>();
  for (const [path, item] of Object.entries<Record<string, any>>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(item)) {
      const roles = (op.security ?? []).flatMap((s: Record<string, string[]>) => s.token ?? []);
      if (roles.length > 0) out.set(`${method.toUpperCase()} ${path}`, roles.join(","));
    }
  }
  return out;
}

/** A concrete path for an OpenAPI template (every parameter filled with something well-formed enough). */
const concrete = (template: string) => template.replace(/\{[^}]+\}/g, "x1");

afterEach(() => vi.restoreAllMocks());

describe("named tokens", () => {
  it("are shown once, stored as their SHA-256, listed without secrets, and never logged", async () => {
    const logged: string[] = [];
    for (const level of ["log", "info", "warn", "error"] as const)
      vi.spyOn(console, level).mockImplementation((...args) => void logged.push(args.map(String).join(" ")));
    const created = await createToken("submitter", "ci-runner");
    expect(created).toMatchObject({ name: "ci-runner", role: "submitter" });
    expect(created.token).toMatch(/^nwt_[A-Za-z0-9_-]{43}$/);
    expect(created.id).toMatch(/^tok_[0-9a-f]{16}$/);

    const rows = (await env.DB.prepare("SELECT * FROM api_tokens WHERE id = ?").bind(created.id).all()).results;
    expect(rows).toHaveLength(1);
    expect(rows[0].secret_sha256).toBe(await sha256Hex(created.token));
    expect(JSON.stringify(rows)).not.toContain(created.token);

    const list = await get("/v1/tokens", ADMIN);
    expect(list.status).toBe(200);
    const text = await list.text();
    expect(text).not.toContain(created.token);
    expect(text).not.toContain(rows[0].secret_sha256 as string);
    expect(JSON.parse(text).tokens).toContainEqual({
      id: created.id,
      name: "ci-runner",
      role: "submitter",
      created_at: created.created_at,
    });
    expect(logged.join("\n")).toContain(created.id);
    expect(logged.join("\n")).not.toContain(created.token);
  });

  it("answer with no-store, and refuse roles, names and fields they do not know", async () => {
    const res = await post("/v1/tokens", { role: "admin", name: "second admin" }, ADMIN);
    expect(res.status).toBe(201);
    expect(res.headers.get("cache-control")).toBe("no-store");
    for (const body of [
      { role: "owner", name: "x" },
      { role: "submitter", name: "" },
      { role: "submitter", name: "a\nb" },
      { role: "submitter", name: "x", secret: "mine" },
      { role: "submitter" },
    ]) {
      const bad = await post("/v1/tokens", body, ADMIN);
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
  });

  it("let a submitter start runs and nothing else; an admin token does what the secret does", async () => {
    const submitter = await createToken("submitter", "runs only");
    const admin = await createToken("admin", "deputy");
    // Past the guard: the run is refused for its dataset, not for the token.
    const run = await post(
      "/v1/runs",
      { dataset: "no-such-dataset", model: "baseline:oracle" },
      bearer(submitter.token),
    );
    expect(run.status).toBe(404);
    expect(
      (await post("/v1/runs", { dataset: "no-such-dataset", model: "baseline:oracle" }, bearer(admin.token))).status,
    ).toBe(404);
    expect((await get("/v1/tokens", bearer(admin.token))).status).toBe(200);
    const refused = await get("/v1/tokens", bearer(submitter.token));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ type: "urn:needlework:problem:forbidden", required_role: "admin" });
    expect(refused.headers.get("www-authenticate")).toBe('Bearer realm="needlework", error="insufficient_scope"');
  });

  it("are refused with 403 on every admin route of the OpenAPI document, which lists exactly the router's guarded routes", async () => {
    const documented = await securedOperations();
    // The router's own table: every route whose handlers include a guard, with the guard's role.
    const guarded = new Map<string, string>();
    for (const route of app.routes) {
      const role = roleOf(route.handler);
      if (role) guarded.set(`${route.method} ${route.path.replace(/:(\w+)(\{[^}]*\})?/g, "{$1}")}`, role);
    }
    expect(documented).toEqual(guarded);
    expect(
      [...documented]
        .filter(([, role]) => role === "submitter")
        .map(([op]) => op)
        .sort(),
    ).toEqual(["POST /v1/runs", "PUT /v1/runs/{id}/outputs/{part}"]);

    const submitter = await createToken("submitter", "prober");
    const admins = [...documented].filter(([, role]) => role === "admin");
    expect(admins.length).toBeGreaterThan(10);
    for (const [op] of admins) {
      const [method, template] = op.split(" ");
      const init = {
        method,
        headers: { ...bearer(submitter.token), "content-type": "application/json" },
        body: method === "GET" || method === "DELETE" ? undefined : "{}",
      };
      const res = await fetchWith({}, concrete(template), init);
      expect(res.status, op).toBe(403);
      expect((await res.json<any>()).type, op).toBe("urn:needlework:problem:forbidden");
      // And no CORS on them: no page may drive a token at an admin route.
      expect(res.headers.get("access-control-allow-origin"), op).toBeNull();
    }
  });

  it("stop working once revoked (401), and an unknown token is a 401 on public routes too", async () => {
    const t = await createToken("submitter", "short-lived");
    const revoked = await del(`/v1/tokens/${t.id}`, ADMIN);
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toEqual({
      revoked: { id: t.id, name: "short-lived", role: "submitter", created_at: t.created_at },
    });
    const after = await post("/v1/runs", { dataset: "x", model: "baseline:oracle" }, bearer(t.token));
    expect(after.status).toBe(401);
    expect(after.headers.get("www-authenticate")).toMatch(/error="invalid_token"/);
    expect((await get("/v1/health", bearer(t.token))).status).toBe(401);
    expect((await get("/v1/tokens", ADMIN)).status).toBe(200);
    expect(JSON.stringify(await (await get("/v1/tokens", ADMIN)).json())).not.toContain(t.id);
    expect((await del(`/v1/tokens/${t.id}`, ADMIN)).status).toBe(404);
    expect((await del("/v1/tokens/not-an-id", ADMIN)).status).toBe(400);
  });
});

describe("CORS", () => {
  const preflight = (path: string, method: string) =>
    fetchWith({}, path, {
      method: "OPTIONS",
      headers: {
        origin: "https://example.org",
        "access-control-request-method": method,
        "access-control-request-headers": "content-type",
      },
    });

  it("answers a public route's preflight with 204 and its public methods", async () => {
    const score = await preflight("/v1/score", "POST");
    expect(score.status).toBe(204);
    expect(score.headers.get("access-control-allow-origin")).toBe("*");
    expect(score.headers.get("access-control-allow-methods")).toBe("POST");
    expect(score.headers.get("access-control-allow-headers")).toMatch(/Content-Type/);
    expect(score.headers.get("access-control-allow-headers")).toMatch(/Authorization/);
    expect(Number(score.headers.get("access-control-max-age"))).toBeGreaterThan(0);
    // /v1/runs: GET is public, POST is a submitter's; /v1/datasets/{id}: GET public, DELETE admin.
    expect((await preflight("/v1/runs", "GET")).headers.get("access-control-allow-methods")).toBe("GET, HEAD");
    for (const [path, method] of [
      ["/v1/runs", "POST"],
      ["/v1/datasets/x1", "DELETE"],
      ["/v1/tokens", "POST"],
    ]) {
      const res = await preflight(path, method);
      expect(res.status, `${method} ${path}`).not.toBe(204);
      expect(res.headers.get("access-control-allow-origin"), `${method} ${path}`).toBeNull();
    }
  });

  it("lets pages read public answers, errors included, and the rate-limit and paging headers", async () => {
    for (const res of [
      await get("/v1/leaderboard", { origin: "https://example.org" }),
      await post("/v1/score", {}),
      await get("/v1/nowhere"),
    ]) {
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      const exposed = res.headers.get("access-control-expose-headers") ?? "";
      for (const name of ["RateLimit", "RateLimit-Policy", "Retry-After", "Link", "X-Request-Id", "X-Total-Count"])
        expect(exposed).toContain(name);
    }
  });
});

describe("rate limits", () => {
  const small = {
    RATE_LIMIT_SCORE: env.TEST_RATE_LIMIT,
    RATE_LIMITS: {
      read: { limit: 600, period: 60 },
      score: { limit: 3, period: 10 },
      runs: { limit: 30, period: 60 },
      admin: { limit: 600, period: 60 },
    },
  };
  const bleu = (ip: string, headers: Record<string, string> = {}) =>
    fetchWith(small, "/v1/metrics/bleu", {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": ip, ...headers },
      body: JSON.stringify({ pairs: [{ reference: "a b c d", candidate: "a b c d" }] }),
    });

  it("answer 429 with Retry-After and RateLimit fields over the limit, per client, and let the client in again after Retry-After", async () => {
    // Start early in a 10 s window, so the three allowed requests and the refused one share it.
    if (secondsToWindowEnd(10) < 3) await new Promise((r) => setTimeout(r, secondsToWindowEnd(10) * 1000 + 50));
    for (let i = 0; i < 3; i++) {
      const ok = await bleu("203.0.113.7");
      expect(ok.status).toBe(200);
      expect(ok.headers.get("ratelimit-policy")).toBe('"score";q=3;w=10');
    }
    const refused = await bleu("203.0.113.7");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("content-type")).toContain("application/problem+json");
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(10);
    expect(refused.headers.get("ratelimit")).toBe(`"score";r=0;t=${retryAfter}`);
    expect(refused.headers.get("ratelimit-policy")).toBe('"score";q=3;w=10');
    expect(refused.headers.get("access-control-allow-origin")).toBe("*");
    expect(await refused.json()).toMatchObject({
      type: "urn:needlework:problem:too-many-requests",
      status: 429,
      limit_class: "score",
      retry_after: retryAfter,
      limit: 3,
      period: 10,
    });

    // Another client, a token's holder from the same address, and another class are counted apart.
    expect((await bleu("203.0.113.8")).status).toBe(200);
    expect((await bleu("203.0.113.7", ADMIN)).status).toBe(200);
    expect((await fetchWith(small, "/v1/health", { headers: { "cf-connecting-ip": "203.0.113.7" } })).status).toBe(200);

    await new Promise((r) => setTimeout(r, retryAfter * 1000 + 50));
    expect((await bleu("203.0.113.7")).status).toBe(200);
  }, 30_000);

  it("count each class on its own binding, keyed by the token's id or the client's network", async () => {
    const calls: string[] = [];
    const recording = (name: string) => ({
      limit: async ({ key }: { key: string }) => (calls.push(`${name} ${key}`), { success: true }),
    });
    const bindings = {
      RATE_LIMIT_READ: recording("read"),
      RATE_LIMIT_SCORE: recording("score"),
      RATE_LIMIT_RUNS: recording("runs"),
      RATE_LIMIT_ADMIN: recording("admin"),
    } as unknown as Partial<Env>;
    const submitter = await createToken("submitter", "counted");
    const ip = { "cf-connecting-ip": "2001:db8:0:7:a::1", "content-type": "application/json" };
    await fetchWith(bindings, "/v1/leaderboard", { headers: ip });
    await fetchWith(bindings, "/v1/score", { method: "POST", headers: ip, body: "{}" });
    await fetchWith(bindings, "/v1/runs", {
      method: "POST",
      headers: { ...ip, ...bearer(submitter.token) },
      body: "{}",
    });
    await fetchWith(bindings, "/v1/tokens", { headers: { ...ip, ...ADMIN } });
    await fetchWith(bindings, "/v1/tokens", { headers: ip });
    expect(calls).toEqual([
      "read ip:2001:db8:0:7::/64",
      "score ip:2001:db8:0:7::/64",
      `runs token:${submitter.id}`,
      "admin token:admin",
      "admin ip:2001:db8:0:7::/64",
    ]);
  });

  it("let requests through when the limiter fails: never a 5xx", async () => {
    const failing = { limit: async () => Promise.reject(new Error("limiter unavailable")) } as unknown as RateLimit;
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect((await fetchWith({ RATE_LIMIT_READ: failing }, "/v1/health")).status).toBe(200);
  });

  it("are configured in wrangler.toml as the RATE_LIMITS var states them and docs/limits.md says", () => {
    const policies = RateLimitPoliciesSchema.parse(env.RATE_LIMITS);
    const { bindings, doc } = env.RATE_LIMIT_CONFIG;
    const stated = Object.fromEntries(
      Object.entries(RATE_LIMIT_BINDINGS).map(([cls, name]) => [name, policies[cls as keyof typeof policies]]),
    );
    expect(Object.fromEntries(bindings.map((b) => [b.name, b.simple]))).toEqual(stated);
    for (const [cls, { limit, period }] of Object.entries(policies))
      expect(doc).toMatch(new RegExp(`\\| \`${cls}\` \\|[^\\n]*\\| ${limit.toLocaleString("en")} \\| ${period} s \\|`));
  });

  it("key IPv6 clients by their /64 and IPv4 clients by address", () => {
    expect(clientNetwork("2001:DB8:0:7:a:b:c:d")).toBe("2001:db8:0:7::/64");
    expect(clientNetwork("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientNetwork("::1")).toBe("0:0:0:0::/64");
    expect(clientNetwork("fe80:0000:0000:0001::")).toBe("fe80:0:0:1::/64");
    expect(clientNetwork(" 203.0.113.7 ")).toBe("203.0.113.7");
    expect(clientNetwork("::ffff:203.0.113.7")).toBe("::ffff:203.0.113.7");
    expect(clientNetwork(undefined)).toBe("unknown");
  });
});
