/** Synthetic leaderboard data for the page tests (the shapes of src/kit/leaderboard/types.ts). */
import type { RepoqaBreakdown } from "../../src/benchmarks/repoqa/views/model";
import type { LeaderboardResponse, LeaderboardRow, Rate } from "../../src/kit/leaderboard/types";

const rate = (r: number, n: number | null = 500): Rate =>
  n === null
    ? { rate: r, ci_low: null, ci_high: null, n: null, passed: null }
    : { rate: r, ci_low: r - 0.03, ci_high: r + 0.02, n, passed: Math.round(r * n) };

export const LANGUAGES = ["python", "cpp", "java", "typescript", "rust"];

export function row(over: Partial<LeaderboardRow> & Pick<LeaderboardRow, "model" | "rank" | "rate">): LeaderboardRow {
  const base = rate(over.rate);
  return {
    ...base,
    model_slug: over.model.toLowerCase().replace(/[^a-z0-9.]+/g, "-"),
    kind: "reported",
    languages: Object.fromEntries(LANGUAGES.map((l, i) => [l, rate(Math.max(0, over.rate - i * 0.05), 100)])),
    errors: 0,
    context_exceeded: 0,
    train_size: "128k",
    eval_date: "2024-05-13",
    source: "RepoQA authors (EvalPlus), https://github.com/evalplus/repoqa",
    license: "Apache-2.0",
    has_samples: true,
    receipt: null,
    cutoff: null,
    ...over,
  };
}

export function leaderboard(over: Partial<LeaderboardResponse> = {}): LeaderboardResponse {
  return {
    query: {
      benchmark: "repoqa-snf",
      dataset: "repoqa-2024-04-20",
      threshold: 0.8,
      language: "all",
      mode: "official",
      comment_mode: "original",
      kind: "all",
      sort: "-rate",
      options: "",
    },
    interval: "wilson-95",
    languages: LANGUAGES,
    rows: [
      row({ model: "gpt-4o-2024-05-13", rank: 1, rate: 0.906 }),
      row({
        model: "our/verified-model",
        rank: 2,
        rate: 0.85,
        kind: "verified",
        source: null,
        license: null,
        receipt: { scorer_version: "repoqa-snf/1.0.0" },
        errors: 2,
        languages: { python: rate(0.99, 100) },
      }),
      row({
        model: "<script>alert(1)</script>",
        rank: 3,
        rate: 0.5,
        n: null,
        ci_low: null,
        ci_high: null,
        passed: null,
      }),
    ],
    updated_at: "2026-11-21T12:00:00Z",
    total: 3,
    limit: 100,
    next: null,
    prev: null,
    ...over,
  };
}

export function breakdown(over: Partial<RepoqaBreakdown> = {}): RepoqaBreakdown {
  const thresholds: RepoqaBreakdown["thresholds"] = {};
  for (let i = 0; i <= 10; i++) {
    const t = (i / 10).toFixed(1);
    thresholds[t] = Object.fromEntries(
      ["all", ...LANGUAGES].map((l, j) => [l, rate(Math.max(0, 0.95 - i * 0.02 - j * 0.04), l === "all" ? 500 : 100)]),
    );
  }
  const buckets = (labels: string[]) =>
    labels.map((bucket, i) => ({
      bucket,
      lo: i / labels.length,
      hi: (i + 1) / labels.length,
      ...rate(0.9 - (0.1 * Math.abs(i - labels.length / 2)) / labels.length, 50),
    }));
  const depth = buckets([
    "0.0-0.1",
    "0.1-0.2",
    "0.2-0.3",
    "0.3-0.4",
    "0.4-0.5",
    "0.5-0.6",
    "0.6-0.7",
    "0.7-0.8",
    "0.8-0.9",
    "0.9-1.0",
  ]);
  const length = buckets(["<8k", "8k-12k", "12k-16k"]);
  return {
    model: "gpt-4o-2024-05-13",
    model_slug: "gpt-4o-2024-05-13",
    kind: "reported",
    submitted_outputs: false,
    benchmark: "repoqa-snf",
    dataset: "repoqa-2024-04-20",
    mode: "official",
    comment_mode: "original",
    threshold: 0.8,
    interval: "wilson-95",
    thresholds,
    depth,
    length,
    heatmap: depth.flatMap((d, i) =>
      length.map((l, j) => ({
        depth: d.bucket,
        length: l.bucket,
        rate: (i + j) / 12,
        n: i === 9 && j === 2 ? 0 : 5 + i,
      })),
    ),
    has_samples: true,
    ...over,
  };
}

/** Renders a page component (a hono/jsx node) to its HTML string. */
export async function render(node: unknown): Promise<string> {
  return String(await (node as { toString(): string | Promise<string> }).toString());
}
