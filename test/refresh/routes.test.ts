/**
 * The refresh over HTTP after a window is built through the Worker's scheduled handler (the registry
 * stand-in of ./registry.ts at the network edge): its windows and each one's record, the problems of
 * an unknown or malformed window, starting one as an administrator, and a dataset's `refresh` in
 * GET /v1/datasets/{id}.
 */
import { env } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { refreshWindowRecord } from "../../src/core/refresh/views";
import { ADMIN, get, importFixture, post } from "../helpers";
import { RefreshRegistry } from "./registry";
import { refreshConfig, tick, settled } from "./harness";

const CONFIG = refreshConfig(["fresh-ts", "fresh-py", "evil"]);
const WINDOW = "w-2026-02-02";
const DATASETS = ["fresh-2026-02-02-repoqa-snf", "fresh-2026-02-02-longcodeu"];
const PROBLEM = "urn:needlework:problem:";

async function expectProblem(res: Response, status: number, type: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toContain("application/problem+json");
  const body = await res.json<Record<string, unknown>>();
  expect(body).toMatchObject({ type: `${PROBLEM}${type}`, status, request_id: expect.any(String) });
  return body;
}

beforeAll(async () => {
  await RefreshRegistry.stubbed();
  await tick(CONFIG, "2026-02-10T04:41:00Z");
  expect(await settled(WINDOW, ["held-out", "failed"])).toBe("held-out");
}, 90_000);
afterAll(() => vi.unstubAllGlobals());

describe("GET /v1/refresh/windows", () => {
  it("lists the built window as the current one, with the dates' caveat", async () => {
    const res = await get("/v1/refresh/windows");
    expect(res.status).toBe(200);
    const body = await res.json<any>();
    expect(body.current).toMatchObject({
      id: WINDOW,
      start: "2026-02-02",
      end: "2026-02-09",
      status: "held-out",
      datasets: { "repoqa-snf": DATASETS[0], longcodeu: DATASETS[1] },
      public_after: "2026-03-09T00:00:00.000Z",
      published_at: null,
      error: null,
    });
    expect(body.windows.map((w: { id: string }) => w.id)).toEqual([WINDOW]);
    expect(body.dates).toContain("evidence, not proof");
  });

  it("answers one window's record as the core reads it: every step, a skipped one with its reason", async () => {
    const res = await get(`/v1/refresh/windows/${WINDOW}`);
    expect(res.status).toBe(200);
    const body = await res.json<any>();
    expect(body).toEqual(JSON.parse(JSON.stringify(await refreshWindowRecord(env, WINDOW))));
    expect(body.steps.map((s: { step: string }) => s.step)).toEqual([
      "build/repoqa-snf/000",
      "build/longcodeu/001",
      "build/repoqa-snf/002",
      "import/repoqa-snf/repo-0000",
      "import/repoqa-snf/commit",
      "import/longcodeu/release",
      "finish",
    ]);
    const evil = body.steps.find((s: { step: string }) => s.step === "build/repoqa-snf/002");
    expect(evil).toMatchObject({ status: "skipped" });
    expect(evil.reason).toContain("hostile (symlink)");
    const built = body.steps.find((s: { step: string }) => s.step === "build/repoqa-snf/000");
    for (const lock of built.record.provenance.source.versions_read)
      expect(lock.integrity).toMatchObject({ algorithm: "sha512", digest: expect.any(String) });
  });

  it("answers 404 in the problem envelope for an unknown window, 400 for a malformed id", async () => {
    const missing = await expectProblem(await get("/v1/refresh/windows/w-2020-01-06"), 404, "not-found");
    expect(missing.detail).toContain("w-2020-01-06");
    await expectProblem(await get("/v1/refresh/windows/not-a-window"), 400, "validation-error");
    await expectProblem(await get("/v1/refresh/windows/w-2026-2-2"), 400, "validation-error");
  });
});

describe("POST /v1/refresh/windows", () => {
  const body = { config: { ...CONFIG, sources: [CONFIG.sources[0]] }, window_start: "2026-02-16" };

  it("refuses a request without an administrator's token", async () => {
    await expectProblem(await post("/v1/refresh/windows", body), 401, "unauthorized");
    await expectProblem(
      await post("/v1/refresh/windows", body, { authorization: "Bearer not-the-token" }),
      401,
      "unauthorized",
    );
  });

  it("refuses a configuration the schema refuses (400) and one no window can start from (422)", async () => {
    const { sources: _sources, ...noSources } = CONFIG;
    await expectProblem(await post("/v1/refresh/windows", { config: noSources }, ADMIN), 400, "validation-error");
    await expectProblem(
      await post("/v1/refresh/windows", { config: CONFIG, window_start: "2026-02-30" }, ADMIN),
      400,
      "validation-error",
    );
    await expectProblem(
      await post("/v1/refresh/windows", { config: CONFIG, surprise: true }, ADMIN),
      400,
      "validation-error",
    );
    // Well-formed, but its schedule's first window has not ended yet: nothing to build.
    const future = await expectProblem(
      await post("/v1/refresh/windows", { config: { ...CONFIG, anchor: "2999-01-07" } }, ADMIN),
      422,
      "unprocessable-content",
    );
    expect(future.detail).toContain("no window of the schedule has ended yet");
  });

  it("starts a window (202, created) and, asked again, leaves it as it is (created false)", async () => {
    const first = await post("/v1/refresh/windows", body, ADMIN);
    expect(first.status).toBe(202);
    expect(await first.json()).toEqual({
      window: "w-2026-02-16",
      created: true,
      record: "/v1/refresh/windows/w-2026-02-16",
    });
    const again = await post("/v1/refresh/windows", body, ADMIN);
    expect(again.status).toBe(202);
    expect(await again.json()).toMatchObject({ window: "w-2026-02-16", created: false });
    // Its record answers at once; the window runs through the same queue to its end (the package's
    // version published inside it holds code born there).
    expect((await get("/v1/refresh/windows/w-2026-02-16")).status).toBe(200);
    expect(await settled("w-2026-02-16", ["held-out", "failed"])).toBe("held-out");
    const list = await (await get("/v1/refresh/windows")).json<any>();
    expect(list.windows.map((w: { id: string }) => w.id)).toContain("w-2026-02-16");
  });
});

describe("GET /v1/datasets/{id}: refresh", () => {
  it("is the window's record for each dataset the window built", async () => {
    const record = await (await get(`/v1/refresh/windows/${WINDOW}`)).json<any>();
    for (const id of DATASETS) {
      const res = await get(`/v1/datasets/${id}`);
      expect(res.status).toBe(200);
      const body = await res.json<any>();
      expect(body.dataset).toMatchObject({ id, visibility: "held-out", status: "ready" });
      expect(body.refresh).toEqual(record);
    }
  });

  it("is null for a dataset no refresh built", async () => {
    await importFixture("plain-fixture");
    const body = await (await get("/v1/datasets/plain-fixture")).json<any>();
    expect(body.dataset.id).toBe("plain-fixture");
    expect(body.refresh).toBeNull();
  });
});
