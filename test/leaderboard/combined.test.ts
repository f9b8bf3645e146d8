/**
 * COMBINED-RESULTS.json (33 models, rates only): one reported entry per model without samples,
 * with n = 100 per language assumed so that intervals exist; per-sample entries win over it.
 */
import { describe, expect, it } from "vitest";
import { get } from "../helpers";
import { THRESHOLDS, board, counts, generation, imported, official } from "./helpers";
import { wilson } from "../../src/kit/leaderboard/wilson";

const PUBLISHED_ALL_08: Record<string, number> = {
  "gpt-4o-2024-05-13": 0.906,
  "claude-3-opus-20240229": 0.906,
  "gemini-1.5-pro-latest": 0.906,
  "meta-llama/Meta-Llama-3-70B-Instruct": 0.822,
  "gpt-4-turbo-2024-04-09": 0.764,
  "Qwen/CodeQwen1.5-7B-Chat": 0.628,
  "gpt-3.5-turbo-0125": 0.604,
  "google/codegemma-7b-it": 0.022,
};

describe("COMBINED-RESULTS.json", () => {
  it("gives 33 aggregates-only entries whose rates are the published ones, with intervals", async () => {
    const { combined } = official();
    const result = await imported(combined);
    expect(result.file_type).toBe("combined");
    expect(result.entries).toHaveLength(33);
    expect(result.entries.every((e: any) => e.status === "created" && e.has_samples === false && e.n === 500)).toBe(
      true,
    );
    expect(await counts()).toMatchObject({ entries: 33, samples: 0, aggregates: 33 * 6 * 11 });

    const data = await board();
    expect(data.rows).toHaveLength(33);
    expect(data.languages).toEqual(["python", "cpp", "java", "typescript", "rust"]);
    for (const [model, rate] of Object.entries(PUBLISHED_ALL_08)) {
      const row = data.rows.find((r: any) => r.model === model);
      expect(row, model).toMatchObject({
        rate,
        n: 500,
        passed: Math.round(rate * 500),
        kind: "reported",
        has_samples: false,
        train_size: combined[model].train_size,
        eval_date: combined[model].eval_date,
      });
      const ci = wilson(Math.round(rate * 500), 500);
      expect(row.ci_low).toBe(ci.low);
      expect(row.ci_high).toBe(ci.high);
      expect(row.languages.python).toMatchObject({ n: 100, rate: combined[model].scores.python["0.8"]["pass@1"] });
    }
    // Best first, ties broken by name: the three at 0.906 share rank 1.
    expect(data.rows.slice(0, 3).map((r: any) => [r.rank, r.model])).toEqual([
      [1, "claude-3-opus-20240229"],
      [1, "gemini-1.5-pro-latest"],
      [1, "gpt-4o-2024-05-13"],
    ]);
    expect(data.rows[3].rank).toBe(4);
    expect(data.rows.at(-1).model).toBe("google/codegemma-7b-it");

    // Every published number, every threshold and language.
    for (const t of THRESHOLDS) {
      const rows = (await board(`threshold=${t}`)).rows;
      for (const row of rows) {
        expect(row.rate).toBe(combined[row.model].scores.all[t]["pass@1"]);
        for (const [language, rate] of Object.entries<any>(row.languages))
          expect(rate.rate).toBe(combined[row.model].scores[language][t]["pass@1"]);
      }
    }
  });

  it("aggregates-only entries have no depth, length or heatmap breakdown", async () => {
    const body = await (await get("/v1/leaderboard/models/Qwen--Qwen1.5-72B-Chat")).json<any>();
    expect(body).toMatchObject({
      model: "Qwen/Qwen1.5-72B-Chat",
      has_samples: false,
      depth: [],
      length: [],
      heatmap: [],
    });
    expect(body.thresholds["0.8"].all).toMatchObject({ rate: 0.67, n: 500, passed: 335 });
  });

  it("per-sample SCORES entries replace aggregates-only ones of the same evaluation; the newest evaluation wins", async () => {
    const { combined, scores } = official();
    const statuses = new Map<string, string>();
    for (const file of Object.values(scores)) {
      const result = await imported(file);
      statuses.set(result.entries[0].model, result.entries[0].status);
      // The Qwen1.5-72B-Chat SCORES file is an earlier evaluation (2024-05-13) than the combined
      // file's (2024-05-31): the published leaderboard's newer number stays, and the import says so.
      if (result.entries[0].model === "Qwen/Qwen1.5-72B-Chat") {
        expect(result.warnings).toEqual([
          expect.stringContaining("kept the stored aggregates-only entry (eval_date 2024-05-31"),
        ]);
      }
    }
    expect([...statuses].filter(([, s]) => s === "replaced")).toHaveLength(19);
    expect(statuses.get("Qwen/Qwen1.5-72B-Chat")).toBe("kept");
    const g = await generation();
    const again = await imported(combined);
    expect(again.entries.filter((e: any) => e.status === "kept")).toHaveLength(19);
    expect(again.entries.filter((e: any) => e.status === "unchanged")).toHaveLength(14);
    expect(again.generation).toBe(g);
    expect(again.warnings).toEqual([]);
    const data = await board();
    expect(data.rows).toHaveLength(33);
    expect(data.rows.filter((r: any) => r.has_samples)).toHaveLength(19);
    for (const [model, rate] of Object.entries(PUBLISHED_ALL_08))
      expect(data.rows.find((r: any) => r.model === model).rate).toBe(rate);
    expect(data.rows.find((r: any) => r.model === "Qwen/Qwen1.5-72B-Chat")).toMatchObject({
      rate: 0.67,
      has_samples: false,
    });
  });
});
