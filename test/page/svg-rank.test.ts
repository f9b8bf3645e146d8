/** A board's top-models chart (src/kit/pages/svg-rank.tsx): which rows, where their dots and bars are, what each row says. */
import { describe, expect, it } from "vitest";
import { TopModels, topRows } from "../../src/kit/pages/svg-rank";
import { render, row } from "./fixtures";

describe("the top-models chart", () => {
  it("takes the 10 best rows by rate whatever the table's order, ties in the API's order", () => {
    const rows = Array.from({ length: 13 }, (_, i) => row({ model: `m${i}`, rank: 1, rate: (i % 5) / 5 }));
    const top = topRows(rows).map((r) => r.model);
    expect(top).toHaveLength(10);
    expect(top.slice(0, 3)).toEqual(["m4", "m9", "m3"]);
    expect(
      topRows([...rows].reverse())
        .slice(0, 2)
        .map((r) => r.model),
    ).toEqual(["m9", "m4"]);
  });

  it("draws each model's rate as a dot and its 95 % interval as a bar on a fixed 0–100 axis, linking to its page", async () => {
    const html = await render(
      TopModels({
        rows: [
          row({ model: "a/verified", rank: 2, rate: 0.5, kind: "verified" }),
          row({ model: "b/reported", rank: 1, rate: 0.9, ci_low: 0.8, ci_high: 0.95 }),
        ],
        href: (r) => `/models/${r.model_slug}`,
        metric: "pass@1",
        note: "bars: 95 % Wilson intervals",
      }),
    );
    expect(html).toContain("<h2>Top 2 models by pass@1</h2>");
    // x = 14 + 608 v; rows 38 units apart, the bar 27 below a row's top (8).
    const rowsShown = [...html.matchAll(/<a href="([^"]+)" class="rank-row" data-model="([^"]+)">/g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(rowsShown).toEqual([
      ["/models/b-reported", "b/reported"],
      ["/models/a-verified", "a/verified"],
    ]);
    expect(html).toContain('<path class="interval" d="M500.4 30V40M500.4 35H591.6M591.6 30V40"');
    expect(html).toContain('<path class="dot" d="M561.2 29L567.2 35L561.2 41L555.2 35Z"');
    expect(html).toContain('<circle class="dot" cx="318.0" cy="73" r="5.5"');
    expect(html).toContain('class="figures">90.0 (80.0–95.0)</text>');
    expect(html).toContain('class="name">2. a/verified</text>');
    expect([...html.matchAll(/text-anchor="(?:start|middle|end)">(\d+)<\/text>/g)].map((m) => m[1])).toEqual([
      "0",
      "25",
      "50",
      "75",
      "100",
    ]);
  });

  it("shortens a long name (the whole name in its tooltip) and draws no bar without an interval; nothing without rows", async () => {
    const long = "organisation-with-a-long-name/model-with-an-even-longer-name-v2";
    const html = await render(
      TopModels({
        rows: [row({ model: long, rank: 1, rate: 0.4, ci_low: null, ci_high: null })],
        href: () => "/m",
        metric: "average recall",
        note: "no interval",
      }),
    );
    expect(html).toContain(`class="name">1. ${long.slice(0, 33)}…</text>`);
    expect(html).toContain(`<title>${long}: 40.0 % (reported)</title>`);
    expect(html).not.toContain('class="interval"');
    expect(TopModels({ rows: [], href: () => "/m", metric: "x", note: "y" })).toBeNull();
  });
});
