import { describe, expect, it } from "vitest";
import { ProblemError } from "../../src/lib/errors";
import { queryParams } from "../../src/benchmarks/repoqa/views/params";
import { heatColour, interval, linkify, pct, qs, when } from "../../src/kit/pages/format";
import { BOARD_PAGE_ROWS, PAGE_DEFAULTS, parsePageQuery } from "../../src/core/pages/query";
import { leaderboard } from "./fixtures";

describe("page formatting", () => {
  it("formats rates and intervals in percent", () => {
    expect(pct(0.906)).toBe("90.6");
    expect(pct(1)).toBe("100.0");
    expect(pct(null)).toBe("–");
    expect(interval({ ci_low: 0.8766, ci_high: 0.93 })).toBe("87.7–93.0");
    expect(interval({ ci_low: null, ci_high: null })).toBe("");
    expect(when("2026-11-21T15:02:59.999Z")).toBe("2026-11-21 15:02 UTC");
    expect(when("yesterday")).toBe("yesterday");
  });

  it("builds query strings from the non-default parameters", () => {
    const q = leaderboard().query;
    expect(qs(queryParams(q, PAGE_DEFAULTS))).toBe("?threshold=0.8");
    expect(qs(queryParams({ ...q, dataset: "mine", kind: "verified" }, PAGE_DEFAULTS, { sort: "model" }))).toBe(
      "?dataset=mine&threshold=0.8&kind=verified&sort=model",
    );
    expect(qs({ a: "x y&z", b: undefined, c: "" })).toBe("?a=x%20y%26z");
  });

  it("links only http(s) URLs in free text", () => {
    expect(linkify("see https://example.org/a, or javascript:alert(1)")).toEqual([
      { text: "see " },
      { text: "https://example.org/a,", href: "https://example.org/a," },
      { text: " or javascript:alert(1)" },
    ]);
  });

  it("colours heatmap cells with readable text", () => {
    expect(heatColour(0)).toEqual({ background: "#440154", color: "#ffffff" });
    expect(heatColour(1)).toEqual({ background: "#fde725", color: "#111111" });
    expect(heatColour(0.5).background).toBe("#21918c");
  });
});

describe("page query parameters", () => {
  it("reads the API's parameter names, leaving absent ones to the defaults", () => {
    expect(parsePageQuery({})).toEqual({ q: {}, sort: "-rate", paging: { limit: BOARD_PAGE_ROWS } });
    expect(parsePageQuery({ threshold: "0.5", language: "python", kind: "verified", sort: "model" })).toEqual({
      q: { threshold: 0.5, language: "python", kind: "verified", sort: "model" },
      sort: "model",
      paging: { limit: BOARD_PAGE_ROWS },
    });
    expect(parsePageQuery({ threshold: "1", sort: "-n" })).toEqual({
      q: { threshold: 1 },
      sort: "-n",
      paging: { limit: BOARD_PAGE_ROWS },
    });
    expect(parsePageQuery({ limit: "25", cursor: "abc" })).toEqual({
      q: {},
      sort: "-rate",
      paging: { limit: 25, cursor: "abc" },
    });
  });

  it("refuses malformed values instead of ignoring them", () => {
    for (const bad of [
      { threshold: "0.85" },
      { threshold: "2" },
      { threshold: "x" },
      { kind: "mine" },
      { mode: "lenient" },
      { dataset: "../x" },
      { sort: "<b>" },
      { limit: "0" },
      { limit: "101" },
      { limit: "1e2" },
    ]) {
      expect(() => parsePageQuery(bad)).toThrow(ProblemError);
    }
  });
});
