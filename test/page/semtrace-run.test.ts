/**
 * A positional run's page (src/benchmarks/semtrace/views/run.tsx, curves.tsx) and its sample
 * browser by D and position (views/samples.ts through src/core/pages/runs/facets.ts). The run is the
 * hand-made grid of test/leaderboard/positional-fixtures.ts written straight to D1 as a completed
 * SemTrace run, so every figure is known: the accuracy curve's points are the grid's per-position
 * accuracies (and the run's results JSON's), each whisker the Wilson interval of its cell.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { wilson } from "../../src/kit/leaderboard/wilson";
import { get } from "../helpers";
import { GRID, gridSamples } from "../leaderboard/positional-fixtures";
import { sampleColumns, syntheticRun, type SyntheticSample } from "./runs-fixtures";

const RUN = "run-20261124000000-5e5e5e5e5e";

/** The grid's samples as a SemTrace run's rows: unit `<target>@<D>@<position>`, D as the context size. */
function samples(): SyntheticSample[] {
  return gridSamples("semtrace").map((g, i) => {
    const target = g.task.split("::")[2];
    const unit = `${target}#${i}@${g.context_size}@${g.position}`;
    const status = g.status ?? "scored";
    return {
      unit,
      taskId: g.task,
      language: "python",
      position: g.position,
      contextSize: g.context_size,
      status,
      passed: status === "scored" ? g.passed : null,
      score: status === "scored" ? g.score : null,
      error: status === "error" ? "timed out: after 3000 ms" : status === "context_exceeded" ? "too long" : null,
    };
  });
}

beforeAll(async () => {
  const insert = (table: string, row: Record<string, unknown>) =>
    env.DB.prepare(
      `INSERT INTO ${table} (${Object.keys(row).join(", ")}) VALUES (${Object.keys(row)
        .map(() => "?")
        .join(", ")})`,
    ).bind(...Object.values(row));
  const rows = samples();
  const run = {
    ...syntheticRun(RUN, rows.length),
    benchmark: "semtrace",
    dataset_id: "synthetic-sst",
    options: JSON.stringify({ benchmark_options: {} }),
  };
  await env.DB.batch([insert("runs", run), ...rows.map((s) => insert("run_samples", sampleColumns(RUN, s)))]);
});

async function page(path: string, status = 200): Promise<string> {
  const res = await get(path);
  expect(res.status, path).toBe(status);
  return res.text();
}

/** The grid's cells: accuracy (exact matches, score 1) and its Wilson interval, by D then position. */
function cells() {
  return Object.entries(GRID)
    .flatMap(([d, byPosition]) =>
      Object.entries(byPosition).map(([position, scores]) => {
        const passed = scores.filter((s) => s === 1).length;
        const ci = wilson(passed, scores.length);
        return {
          d: Number(d),
          position: Number(position),
          n: scores.length,
          passed,
          accuracy: passed / scores.length,
          low: ci.low!,
          high: ci.high!,
        };
      }),
    )
    .sort((a, b) => a.d - b.d || a.position - b.position); // ("1" is an integer key: it comes first among an object's keys)
}

/** The 640 × 300 chart's y of a rate (top 12, bottom margin 44). */
const y = (v: number) => (12 + (1 - v) * 244).toFixed(1);

describe("a SemTrace run's page", () => {
  it("draws accuracy by position, one line per D, each point the cell's accuracy and its whisker the Wilson interval", async () => {
    const html = await page(`/runs/${RUN}`);
    const chart = html.slice(
      html.indexOf('id="accuracy-semtrace"'),
      html.indexOf("</svg>", html.indexOf('id="accuracy-semtrace"')),
    );
    const series = [...chart.matchAll(/<g class="series" data-series="(\d+)">(.*?)<\/g>/gs)];
    const ds = [...new Set(cells().map((c) => c.d))];
    expect(series.map((m) => Number(m[1]))).toEqual(ds);
    for (const [i, m] of series.entries()) {
      const d = Number(m[1]);
      const want = cells().filter((c) => c.d === d);
      const points = [...m[2].matchAll(/<circle cx="([\d.]+)" cy="([\d.]+)"[^>]*><title>([^<]+)<\/title>/g)];
      // x: 48 + position × 580, dodged (i − 1.5) × 4 between the four series.
      expect(points.map((p) => [p[1], p[2]])).toEqual(
        want.map((c) => [(48 + c.position * 580 + (i - 1.5) * 4).toFixed(1), y(c.accuracy)]),
      );
      expect(points.map((p) => p[3])).toEqual(
        want.map(
          (c) =>
            `D=${d}, position ${c.position}: accuracy ${(c.accuracy * 100).toFixed(1)} % (95 % interval ${(c.low * 100).toFixed(1)}–${(c.high * 100).toFixed(1)}), n=${c.n}`,
        ),
      );
      const whiskers = [
        ...m[2].matchAll(/<path class="whisker" d="M[\d.]+ ([\d.]+)H[\d.]+M[\d.]+ [\d.]+V([\d.]+)/g),
      ].map((w) => [w[1], w[2]]);
      expect(whiskers).toEqual(want.map((c) => [y(c.high), y(c.low)]));
    }
  });

  it("the points are the run's results JSON's per-position accuracies", async () => {
    const results = await (await get(`/v1/runs/${RUN}/results`)).json<{
      summary: { grid: { distractors: number; position: number; accuracy: number }[] };
    }>();
    expect(results.summary.grid.map((c) => [c.distractors, c.position, c.accuracy])).toEqual(
      cells().map((c) => [c.d, c.position, c.accuracy]),
    );
  });

  it("shows the median drop beside the paper's, each D's drop, the partial-match curve and the heatmap", async () => {
    const html = await page(`/runs/${RUN}`);
    // The leaderboard test works these out by hand: drops 0.5, 1, –, 0.25; median 0.5.
    expect(html).toContain(
      '<p class="drop-figure" id="median-drop-semtrace">median drop <strong>50.00 %</strong> <span class="muted">(paper: 92.73 %)</span></p>',
    );
    expect(html).toContain('<th class="l" scope="row">40</th><td>50.0</td><td>0.5</td><td>100.00</td>');
    expect(html).toContain('id="partial-semtrace"');
    expect(html).toContain('id="heatmap-semtrace"');
    expect(html).toContain("<dt>accuracy (%)</dt>");
  });
});

describe("the SemTrace sample browser", () => {
  const units = (html: string) => [...html.matchAll(/<tr data-unit="([^"]+)"/g)].map((m) => m[1]);

  it("filters by D and by position, shown as columns; no depth tenths or raw lengths", async () => {
    const html = await page(`/runs/${RUN}/samples?d=40&position=0.5`);
    const want = samples()
      .filter((s) => s.contextSize === 40 && s.position === 0.5)
      .map((s) => s.unit)
      .sort();
    expect(units(html)).toEqual(want);
    expect(html).toContain('<option value="40" selected="">D=40</option>');
    expect(html).toContain('<option value="0.9">0.9</option>');
    expect(html).not.toContain('name="depth"');
    expect(html).not.toContain('name="length"');
    expect(html).toMatch(/<td class="l">40<\/td><td class="l">0.5<\/td>/);
    // The position filter keeps 0.9 apart from 1: exact grid keys.
    expect(units(await page(`/runs/${RUN}/samples?position=0.9`)).every((u) => u.endsWith("@0.9"))).toBe(true);
  });

  it("a D or position the run does not have is a 400 page naming it", async () => {
    expect(await page(`/runs/${RUN}/samples?d=33`, 400)).toContain("d: must be one of 20, 40, 60, 80");
    expect(await page(`/runs/${RUN}/samples?position=0.3`, 400)).toContain(
      "position: must be one of 0, 0.25, 0.5, 0.9, 1",
    );
  });

  it("the text box finds a target by its task id or by its unit", async () => {
    const byTask = units(await page(`/runs/${RUN}/samples?task=${encodeURIComponent("python::semtrace::t-0001")}`));
    const byUnit = units(await page(`/runs/${RUN}/samples?task=t-0001`));
    expect(byTask.length).toBeGreaterThan(0);
    expect(byUnit).toEqual(byTask);
  });
});
