/** The pages' line chart (src/kit/pages/svg-line.tsx): the fixed 0–100 % axis, points, gaps, whiskers and their dodge. */
import { describe, expect, it } from "vitest";
import { LineChart, type LineSeries } from "../../src/kit/pages/svg-line";
import { render } from "./fixtures";

const style = { colour: "#000000", width: 2 };
const chart = (series: LineSeries[], intervals = false, width?: number) =>
  render(
    LineChart({
      id: "c",
      title: "t",
      series,
      intervals,
      width,
      x: { ticks: [0, 0.5, 1].map((at) => ({ at, label: String(at) })), label: "x" },
    }),
  );

describe("LineChart", () => {
  it("has the same 0–100 axis whatever the values", async () => {
    const ticks = async (v: number) =>
      [
        ...(
          await chart([
            {
              key: "a",
              style,
              points: [
                { x: 0, value: v },
                { x: 1, value: v },
              ],
            },
          ])
        ).matchAll(/dominant-baseline="middle">(\d+)<\/text>/g),
      ].map((m) => m[1]);
    expect(await ticks(0.97)).toEqual(["0", "25", "50", "75", "100"]);
    expect(await ticks(0.02)).toEqual(await ticks(0.97));
  });

  it("places a value v at y = 12 + 244 (1 − v) and x on the domain, and breaks the line at a missing value", async () => {
    const html = await chart([
      {
        key: "a",
        style,
        points: [
          { x: 0, value: 1 },
          { x: 0.5, value: 0.5 },
          { x: 1, value: null },
        ],
      },
    ]);
    // 640 wide: x = 48 + 580 x.
    expect(html).toContain('<g class="series" data-series="a"><polyline points="48.0,12.0 338.0,134.0"');
    expect(html.match(/<circle /g)).toHaveLength(2);
    // A lone point between gaps is a dot without a line.
    const lone = await chart([
      {
        key: "b",
        style,
        points: [
          { x: 0, value: null },
          { x: 0.5, value: 0.25 },
          { x: 1, value: null },
        ],
      },
    ]);
    expect(lone).not.toContain("<polyline");
    expect(lone).toContain('<circle cx="338.0" cy="195.0" r="3"');
  });

  it("draws each interval as a whisker from hi to lo, dodging the series sideways by 4 units", async () => {
    const html = await chart(
      [
        { key: "a", style, points: [{ x: 0.5, value: 0.5, lo: 0.25, hi: 0.75 }] },
        { key: "b", style, points: [{ x: 0.5, value: 0.5, lo: 0, hi: 1 }] },
      ],
      true,
    );
    // Two series: offsets −2 and +2 around x = 338.
    expect(html).toContain('<path class="whisker" d="M333.5 73.0H338.5M336.0 73.0V195.0M333.5 195.0H338.5"');
    expect(html).toContain('<path class="whisker" d="M337.5 12.0H342.5M340.0 12.0V256.0M337.5 256.0H342.5"');
    expect(html).toContain('<circle cx="336.0" cy="134.0"');
    // Without intervals, none and no dodge.
    expect(await chart([{ key: "a", style, points: [{ x: 0.5, value: 0.5, lo: 0.25, hi: 0.75 }] }])).not.toContain(
      "whisker",
    );
  });

  it("a small chart keeps a narrower margin and the class that keeps its labels at 12 units on a phone", async () => {
    const html = await chart(
      [
        {
          key: "a",
          style,
          points: [
            { x: 0, value: 1 },
            { x: 1, value: 1 },
          ],
        },
      ],
      false,
      360,
    );
    expect(html).toContain('<svg class="chart small" id="c" viewBox="0 0 360 300"');
    expect(html).toContain('points="40.0,12.0 348.0,12.0"');
  });
});
