/**
 * The published per-model SCORES files, imported through the API: every recomputed pass@1 (each
 * threshold, each language and "all") equals the file's own, and the per-task rows are kept.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { get } from "../helpers";
import { THRESHOLDS, board, counts, imported, official, type ResultsFile } from "./helpers";

let files: [string, ResultsFile][];
const results: Record<string, any> = {};

beforeAll(async () => {
  files = Object.entries(official().scores);
  for (const [name, file] of files) results[name] = await imported(file);
}, 120_000);

const slugOf = (name: string) => results[name].entries[0].model_slug as string;

describe("published SCORES files", () => {
  it("are all there: 20 models with 500 rows each", async () => {
    expect(files).toHaveLength(20);
    for (const [name, file] of files) {
      expect(results[name]).toMatchObject({ kind: "reported", file_type: "scores", warnings: [] });
      expect(results[name].entries).toEqual([
        expect.objectContaining({ model: Object.keys(file)[0], status: "created", has_samples: true, n: 500 }),
      ]);
    }
    expect(await counts()).toMatchObject({ entries: 20, samples: 20 * 500 });
  });

  it("recompute to the published pass@1 at every threshold, in every language and overall", async () => {
    let compared = 0;
    for (const [name, file] of files) {
      const [model, data] = Object.entries(file)[0];
      const res = await get(`/v1/leaderboard/models/${slugOf(name)}`);
      expect(res.status).toBe(200);
      const body = await res.json<any>();
      expect(body).toMatchObject({ model, kind: "reported", has_samples: true, interval: "wilson-95" });
      expect(Object.keys(body.thresholds)).toEqual(THRESHOLDS);
      for (const t of THRESHOLDS) {
        expect(Object.keys(body.thresholds[t]).sort()).toEqual(Object.keys(data.scores).sort());
        for (const [group, byThreshold] of Object.entries(data.scores)) {
          const got = body.thresholds[t][group];
          expect(Math.abs(got.rate - byThreshold[t]["pass@1"]), `${model} ${group} ${t}`).toBeLessThanOrEqual(1e-12);
          expect(got.n).toBe(group === "all" ? 500 : 100);
          expect(got.ci_low).toBeLessThanOrEqual(got.rate);
          expect(got.ci_high).toBeGreaterThanOrEqual(got.rate);
          compared++;
        }
      }
    }
    expect(compared).toBe(20 * 11 * 6);
  });

  it("rank on the leaderboard by the same numbers, at every threshold and language", async () => {
    for (const t of ["0.0", "0.5", "0.8", "1.0"]) {
      for (const language of ["all", "python", "cpp", "java", "typescript", "rust"]) {
        const data = await board(`threshold=${t}&language=${language}`);
        expect(data.rows).toHaveLength(20);
        for (const row of data.rows) {
          const [, file] = files.find(([, f]) => Object.keys(f)[0] === row.model)!;
          expect(row.rate).toBe(file[row.model].scores[language][t]["pass@1"]);
        }
      }
    }
  });

  it("break down by needle depth: the official depths 0.05 ... 0.95 fall one per tenth", async () => {
    const gpt4o = files.find(([n]) => n.startsWith("gpt-4o"))!;
    const body = await (await get(`/v1/leaderboard/models/${slugOf(gpt4o[0])}`)).json<any>();
    expect(body.depth.map((b: any) => b.bucket)).toEqual(
      Array.from({ length: 10 }, (_, i) => `${(i / 10).toFixed(1)}-${((i + 1) / 10).toFixed(1)}`),
    );
    expect(body.depth.every((b: any) => b.n === 50)).toBe(true);
    const rows = Object.values(gpt4o[1])[0].results!;
    const all = Object.values(rows).flat();
    const firstTenth = all.filter((r) => r.needle_position < 0.1);
    expect(body.depth[0].passed).toBe(
      firstTenth.filter((r) => r.is_best_similar && r.best_similar_score >= 0.8).length,
    );
    expect(body.length).toEqual([
      expect.objectContaining({ bucket: "16384", lo: 16384, hi: 16384, n: 500, rate: 0.906 }),
    ]);
    expect(body.heatmap).toHaveLength(10);
    expect(body.heatmap[0]).toEqual({ depth: "0.0-0.1", length: "16384", rate: body.depth[0].rate, n: 50 });
  });
});
