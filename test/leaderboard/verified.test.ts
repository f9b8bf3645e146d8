/** Verified entries come only from publishVerifiedRun, apart from reported ones. */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { publishVerifiedRun, type VerifiedSample } from "../../src/core/leaderboard/verified";
import { get } from "../helpers";
import { board, counts, generation, imported, rows, scoresFile } from "./helpers";

const RECEIPT = {
  dataset_sha256: "ab".repeat(32),
  prompt_template: "repoqa-snf/1",
  scorer_version: "repoqa-snf/1.0.0",
  model_spec: "openai-compatible:coder@http://127.0.0.1:9/v1",
  parameters: { temperature: 0, max_tokens: 1024 },
  finished_at: "2026-11-20T10:00:00.000Z",
};

/** 20 Python tasks at 10 depths x 2 context sizes; a third pass, one errors, one overflows. */
function samples(): VerifiedSample[] {
  const out: VerifiedSample[] = [];
  for (let i = 0; i < 20; i++) {
    const size = i < 10 ? 16384 : 32768;
    const depth = (i % 10) / 10 + 0.05;
    out.push({
      task: `python::acme/lib::fn_${i}`,
      position: depth,
      context_size: size,
      token_start: i,
      token_end: i + 9,
      passed: i % 3 === 0,
      score: 0.9,
      parts: { target: `fn_${i}` },
    });
  }
  out.push({
    task: "python::acme/lib::broken",
    position: 0.5,
    context_size: 16384,
    passed: false,
    score: 0,
    status: "error",
  });
  out.push({
    task: "rust::acme/rs::too_long",
    position: 0.5,
    context_size: 32768,
    passed: false,
    score: 0,
    status: "context_exceeded",
  });
  return out;
}

const run = (extra: Record<string, unknown> = {}) => ({
  dataset: "repoqa-2024-04-20",
  model: "acme/coder-7b",
  receipt: RECEIPT,
  samples: samples(),
  ...extra,
});

describe("publishVerifiedRun", () => {
  it("stores a verified entry with its receipt; errors and overflows are counted apart, not in n", async () => {
    const result = await publishVerifiedRun(env, run());
    expect(result).toMatchObject({
      model: "acme/coder-7b",
      model_slug: "acme--coder-7b",
      status: "created",
      n: 20,
      errors: 1,
      context_exceeded: 1,
    });
    const [row] = (await board("kind=verified")).rows;
    expect(row).toMatchObject({
      model: "acme/coder-7b",
      kind: "verified",
      n: 20,
      passed: 7,
      rate: 7 / 20,
      errors: 1,
      context_exceeded: 1,
      receipt: RECEIPT,
      eval_date: RECEIPT.finished_at,
      has_samples: true,
    });
    // The overflowed Rust task is not a Rust result: no Rust column for this run.
    expect(Object.keys(row.languages)).toEqual(["python"]);
    expect(await counts()).toMatchObject({ entries: 1, samples: 22 });
  });

  it("is kept apart from the reported entry of the same model", async () => {
    await imported(scoresFile("acme/coder-7b", { python: rows("acme/lib", [0.95, 0.95, 0.1]) }));
    const all = await board();
    expect(all.rows.map((r: any) => [r.model, r.kind])).toEqual([
      ["acme/coder-7b", "reported"],
      ["acme/coder-7b", "verified"],
    ]);
    expect((await board("kind=reported")).rows).toEqual([
      expect.objectContaining({ kind: "reported", rate: 2 / 3, receipt: null, errors: 0 }),
    ]);
    expect((await board("kind=verified")).rows).toEqual([expect.objectContaining({ kind: "verified", rate: 7 / 20 })]);
    // Importing never touches the verified entry, and publishing never touches the reported one.
    await publishVerifiedRun(env, run({ samples: samples().slice(0, 5) }));
    expect((await board("kind=reported")).rows[0]).toMatchObject({ n: 3, rate: 2 / 3 });
    expect((await board("kind=verified")).rows[0]).toMatchObject({ n: 5 });
    await publishVerifiedRun(env, run());
  });

  it("publishing the same run again changes nothing", async () => {
    const g = await generation();
    const before = await counts();
    expect(await publishVerifiedRun(env, run())).toMatchObject({ status: "unchanged", generation: g });
    expect(await counts()).toEqual(before);
  });

  it("breaks down by depth, context length and both", async () => {
    const body = await (await get("/v1/leaderboard/models/acme--coder-7b?kind=verified&threshold=0.8")).json<any>();
    expect(body).toMatchObject({ kind: "verified", has_samples: true });
    expect(body.depth).toHaveLength(10);
    expect(body.depth[0]).toMatchObject({ bucket: "0.0-0.1", lo: 0, hi: 0.1, n: 2, passed: 1, rate: 0.5 }); // fn_0 passes, fn_10 does not
    expect(body.length.map((b: any) => [b.bucket, b.n, b.passed])).toEqual([
      ["16384", 10, 4],
      ["32768", 10, 3],
    ]);
    expect(body.heatmap).toHaveLength(20);
    expect(body.heatmap[0]).toEqual({ depth: "0.0-0.1", length: "16384", rate: 1, n: 1 });
    expect(body.thresholds["1.0"].all).toMatchObject({ n: 20, passed: 0, rate: 0, ci_low: 0 });
  });

  it("refuses malformed samples", async () => {
    await expect(publishVerifiedRun(env, run({ samples: [] }))).rejects.toThrow(/at least one sample/);
    await expect(publishVerifiedRun(env, run({ samples: [{ ...samples()[0], task: "nope" }] }))).rejects.toThrow(
      /<language>::<repo>::<name>/,
    );
    await expect(publishVerifiedRun(env, run({ samples: [samples()[0], samples()[0]] }))).rejects.toThrow(
      /appears twice/,
    );
  });
});
