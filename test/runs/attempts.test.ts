/**
 * a sample keeps every failed model call (`detail.attempts`) and its page lists them,
 * with no secret in either.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ADMIN, get, post } from "../helpers";
import { FAST_RETRY, fixtureDataset, loopback, samplesOf, startRun, waitForRun } from "./helpers";

const DATASET = "runs-pages";

async function samplePage(runId: string, unit: string): Promise<string> {
  const res = await get(`/runs/${runId}/samples/${encodeURIComponent(unit)}`);
  const html = await res.text();
  expect(res.status, html.slice(0, 500)).toBe(200);
  return html;
}

/** The rows of the page's attempt table, as [attempt, failure, reason, wait] cell texts. */
const attemptRows = (html: string) =>
  [
    ...(html.match(/<table id="attempt-list">.*?<\/table>/s)?.[0] ?? "").matchAll(
      /<tr><td>(.*?)<\/td><td>(.*?)<\/td><td><code>(.*?)<\/code><\/td><td>(.*?)<\/td><\/tr>/gs,
    ),
  ].map((m) => m.slice(1));

describe("a sample's attempts", () => {
  it("an answer after two 500s keeps both failures, with their waits, and its page says which attempt answered", async () => {
    const dataset = await fixtureDataset(DATASET);
    const run = await waitForRun(
      (await startRun({ dataset, model: loopback("flaky500:attempts"), limit: 2, retry: FAST_RETRY, cache: false })).id,
    );
    expect(run.counts).toMatchObject({ scored: 2, error: 0 });
    for (const s of await samplesOf(run.id)) {
      expect(s.calls).toBe(3);
      expect(s.detail.attempts).toHaveLength(2);
      s.detail.attempts.forEach((a: Record<string, unknown>, i: number) => {
        expect(a).toMatchObject({ attempt: i + 1, kind: "server_error", status: 500, retryable: true });
        expect(a.reason).toMatch(/^HTTP 500 from provider: .*internal/);
        // FAST_RETRY's backoff: between half and all of 5 ms, then of 10 ms.
        expect(a.delay_ms).toBeGreaterThanOrEqual((FAST_RETRY.baseDelayMs * 2 ** i) / 2 - 1);
        expect(a.delay_ms).toBeLessThanOrEqual(FAST_RETRY.baseDelayMs * 2 ** i + 1);
      });
    }
    const [sample] = await samplesOf(run.id);
    const html = await samplePage(run.id, sample.unit);
    expect(html).toContain("Answered on attempt 3, after 2 failed calls");
    const rows = attemptRows(html);
    expect(rows.map((r) => r[0])).toEqual(["1", "2"]);
    expect(rows[0][1]).toBe("server_error (HTTP 500)");
    expect(rows[0][2]).toContain("internal");

    // A re-score replaces the verdict and keeps the failed calls before the answer.
    const before = await samplesOf(run.id);
    const rescored = await post(`/v1/runs/${run.id}/rescore`, { options: { scoring_mode: "strict" } }, ADMIN);
    expect(rescored.status).toBe(200);
    for (const s of await samplesOf(run.id)) {
      expect(s.detail.attempts).toEqual(before.find((b) => b.unit === s.unit)!.detail.attempts);
      expect(s.detail).toHaveProperty("best_similarity");
    }
  });

  it("a model that is always down: one entry per call, the last without a wait, all listed on the page", async () => {
    const dataset = await fixtureDataset(DATASET);
    const run = await waitForRun(
      (await startRun({ dataset, model: loopback("down:attempts"), limit: 2, retry: FAST_RETRY, cache: false })).id,
    );
    expect(run.counts).toMatchObject({ scored: 0, error: 2 });
    const samples = await samplesOf(run.id);
    for (const s of samples) {
      const attempts = s.detail.attempts as Record<string, unknown>[];
      expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3, 4]);
      for (const a of attempts) expect(a).toMatchObject({ kind: "server_error", status: 503, retryable: true });
      expect(attempts.slice(0, -1).every((a) => typeof a.delay_ms === "number")).toBe(true);
      expect(attempts.at(-1)!.delay_ms).toBeNull();
      expect(attempts.at(-1)!.reason).toBe(s.error);
    }
    const html = await samplePage(run.id, samples[0].unit);
    expect(html).toContain(`${FAST_RETRY.maxAttempts} model calls were made`);
    expect(html).toContain("Every attempt and its reason:");
    const rows = attemptRows(html);
    expect(rows).toHaveLength(FAST_RETRY.maxAttempts);
    expect(rows.every((r) => r[2].includes("service unavailable"))).toBe(true);
    expect(rows.at(-1)![3]).toBe("–");
  });

  it("a provider that echoes the API key: the attempt's reason is redacted in the row and on the page", async () => {
    const dataset = await fixtureDataset(DATASET);
    const secret = env.TEST_PROVIDER_API_KEY;
    expect(secret.length).toBeGreaterThanOrEqual(4);
    const run = await waitForRun(
      (
        await startRun({
          dataset,
          model: loopback("reject:attempts"),
          api_key: "TEST_PROVIDER_API_KEY",
          limit: 1,
          retry: FAST_RETRY,
        })
      ).id,
    );
    const [sample] = await samplesOf(run.id);
    expect(sample.detail.attempts).toEqual([
      {
        attempt: 1,
        kind: "client_error",
        status: 401,
        retryable: false,
        delay_ms: null,
        reason: expect.stringMatching(/401.*\[redacted\]/),
      },
    ]);
    expect(JSON.stringify(sample)).not.toContain(secret);
    const html = await samplePage(run.id, sample.unit);
    expect(html).toContain("[redacted]");
    expect(html).not.toContain(secret);
  });
});
