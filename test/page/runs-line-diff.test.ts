/** The sample page's LCS line diff against diffs worked out by hand. */
import { describe, expect, it } from "vitest";
import { LINE_DIFF_LIMIT, lineDiff, linesOf } from "../../src/kit/pages/line-diff";

const show = (a: string, b: string) =>
  lineDiff(a, b)?.map((l) => ({ same: "  ", removed: "- ", added: "+ " })[l.op] + l.text);

describe("lineDiff", () => {
  it("the classic example (Myers 1986: ABCABBA to CBABAC), one of its shortest edit scripts", () => {
    const diff = show([..."ABCABBA"].join("\n"), [..."CBABAC"].join("\n"))!;
    // LCS length 4 (e.g. BABA or CABA): 3 removals, 2 additions.
    expect(diff.filter((l) => l.startsWith("  "))).toHaveLength(4);
    expect(diff.filter((l) => l.startsWith("- "))).toHaveLength(3);
    expect(diff.filter((l) => l.startsWith("+ "))).toHaveLength(2);
    // Reading the diff back gives each side.
    expect(
      diff
        .filter((l) => !l.startsWith("+ "))
        .map((l) => l.slice(2))
        .join(""),
    ).toBe("ABCABBA");
    expect(
      diff
        .filter((l) => !l.startsWith("- "))
        .map((l) => l.slice(2))
        .join(""),
    ).toBe("CBABAC");
  });

  it("a function with one line changed and one added: exactly those, in place", () => {
    const a = "def f(x):\n    y = x + 1\n    return y\n";
    const b = "def f(x):\n    y = x + 2\n    z = y * y\n    return y\n";
    expect(show(a, b)).toEqual([
      "  def f(x):",
      "-     y = x + 1",
      "+     y = x + 2",
      "+     z = y * y",
      "      return y",
    ]);
  });

  it("equal texts are all `same`; an empty side is all added or removed", () => {
    expect(show("a\nb", "a\nb")).toEqual(["  a", "  b"]);
    expect(show("", "a\nb")).toEqual(["- ", "+ a", "+ b"]);
    expect(show("a\r\nb\r\n", "a\nb")).toEqual(["  a", "  b"]);
    expect(linesOf("a\n")).toEqual(["a"]);
  });

  it("common ends are trimmed before the table, so long equal ends never hit the limit", () => {
    const common = Array.from({ length: 5000 }, (_, i) => `line ${i}`).join("\n");
    const diff = lineDiff(`${common}\nold\n${common}`, `${common}\nnew\n${common}`)!;
    expect(diff.filter((l) => l.op !== "same").map((l) => `${l.op} ${l.text}`)).toEqual(["removed old", "added new"]);
  });

  it("refuses a middle part over the limit (null), rather than spending the request's CPU", () => {
    const side = Math.ceil(Math.sqrt(LINE_DIFF_LIMIT)) + 1;
    const a = Array.from({ length: side }, (_, i) => `a${i}`).join("\n");
    const b = Array.from({ length: side }, (_, i) => `b${i}`).join("\n");
    expect(lineDiff(a, b)).toBeNull();
  });
});
