/**
 * CU_DFA's rule set (cu-dfa@1): every rule that counts a line as a change of a variable, every
 * construct that does not, multi-line targets, and the answer's context line numbers.
 */
import { describe, expect, it } from "vitest";
import { PyRandom } from "../../src/lib/datasets/pyrandom";
import { codeView, cuDataFlow } from "../../src/benchmarks/longcodeu/curate/examples";
import { codeBlock, joinCodeBlocks } from "../../src/benchmarks/longcodeu/curate/contexts";
import type { PyFile } from "../../src/benchmarks/longcodeu/curate/python-units";
import { analyze, fixtureFile, unit } from "./build-helpers";

/** Variable -> [trimmed text of the change line, rule] in line order. */
function changes(file: PyFile, fn: string): Record<string, [string, string][]> {
  const lines = file.code.split("\n");
  return Object.fromEntries(
    [...unit(file, fn).changes].map(([v, cs]) => [v, cs.map((c) => [lines[c.row].trim(), c.rule] as [string, string])]),
  );
}

const EVERY_RULE = `
async def f(p, *args, q=1, **kw):
    global G
    G = p
    a = b = 0
    c: int = 1
    d: int
    e, (g, *h) = t
    [i, j] = t
    a += 1
    for k, (m, n) in pairs:
        pass
    async for r in stream:
        pass
    with open(x) as fh, lock as (s1, s2):
        pass
    try:
        pass
    except ValueError as err:
        pass
    try:
        pass
    except* OSError as group:
        pass
    if (w := compute()) > 0:
        pass
    del a
    import os.path
    import json as js
    from . import mod as alias, other
    box[0] = 1
    box.attr.deep = 2
    box[1] += 3
    box.count -= 1
    del box[0], box.attr
    del box.name
    box.append(4)
    print(box, p, q)
    vals = [z for z in data if (y := z)]
    fn = lambda lam: (lam2 := lam)
    def inner():
        hidden = 1
    class Local:
        attr = 1
    box.get()[0] = 5
    total = (
        1
    )
    (
        late
    ) = 2
    match cmd:
        case [cmd_name, *cmd_args]:
            pass
`;

describe("data-flow rules", () => {
  it("counts each rule at the line of the variable's name, once per line", async () => {
    const file = await analyze(EVERY_RULE);
    expect(changes(file, "f")).toEqual({
      G: [["G = p", "assign"]],
      a: [
        ["a = b = 0", "assign"],
        ["a += 1", "aug-assign"],
        ["del a", "del"],
      ],
      b: [["a = b = 0", "assign"]],
      c: [["c: int = 1", "annotated-assign"]],
      e: [["e, (g, *h) = t", "unpack"]],
      g: [["e, (g, *h) = t", "unpack"]],
      h: [["e, (g, *h) = t", "unpack"]],
      i: [["[i, j] = t", "unpack"]],
      j: [["[i, j] = t", "unpack"]],
      k: [["for k, (m, n) in pairs:", "for"]],
      m: [["for k, (m, n) in pairs:", "for"]],
      n: [["for k, (m, n) in pairs:", "for"]],
      r: [["async for r in stream:", "for"]],
      fh: [["with open(x) as fh, lock as (s1, s2):", "with"]],
      s1: [["with open(x) as fh, lock as (s1, s2):", "with"]],
      s2: [["with open(x) as fh, lock as (s1, s2):", "with"]],
      err: [["except ValueError as err:", "except"]],
      group: [["except* OSError as group:", "except"]],
      w: [["if (w := compute()) > 0:", "walrus"]],
      os: [["import os.path", "import"]],
      js: [["import json as js", "import"]],
      alias: [["from . import mod as alias, other", "import"]],
      other: [["from . import mod as alias, other", "import"]],
      box: [
        ["box[0] = 1", "item-assign"],
        ["box.attr.deep = 2", "attr-assign"],
        ["box[1] += 3", "item-aug-assign"],
        ["box.count -= 1", "attr-aug-assign"],
        ["del box[0], box.attr", "item-del"],
        ["del box.name", "attr-del"],
      ],
      vals: [["vals = [z for z in data if (y := z)]", "assign"]],
      y: [["vals = [z for z in data if (y := z)]", "walrus"]],
      fn: [["fn = lambda lam: (lam2 := lam)", "assign"]],
      total: [["total = (", "assign"]],
      late: [["late", "assign"]],
    });
  });

  it("does not count parameters, declarations, reads, method calls, comprehension variables, nested scopes or assignments through a call", async () => {
    const file = await analyze(EVERY_RULE);
    const f = unit(file, "f");
    for (const name of [
      "p",
      "args",
      "q",
      "kw",
      "d",
      "z",
      "lam",
      "lam2",
      "hidden",
      "attr",
      "inner",
      "Local",
      "data",
      "print",
      "compute",
    ])
      expect(f.changes.has(name), name).toBe(false);
    // `box.append(4)`, `print(box, ...)` and `box.get()[0] = 5` are not among box's lines (above).
    expect(f.params).toEqual(["p", "args", "q", "kw"]);
    expect([...f.unsupportedVars].sort()).toEqual(["cmd_args", "cmd_name"]);
  });

  it("a nonlocal declaration is not a change, the assignment after it is", async () => {
    const file = await analyze(
      "def outer():\n    x = 0\n    def inner():\n        nonlocal x\n        x += 1\n        return x\n    return inner\n",
    );
    expect(changes(file, "outer.<locals>.inner")).toEqual({ x: [["x += 1", "aug-assign"]] });
    expect(changes(file, "outer")).toEqual({ x: [["x = 0", "assign"]] });
  });

  it("the fixture's summarize: assignments, augmented, item assignments and del, not the update() call", async () => {
    const file = await analyze(fixtureFile("tidepool", "tidepool/flow.py"));
    expect(changes(file, "summarize")).toEqual({
      total: [
        ["total = count = 0", "assign"],
        ["total += duration", "aug-assign"],
      ],
      count: [
        ["total = count = 0", "assign"],
        ["count += 1", "aug-assign"],
      ],
      report: [
        ['report = {"label": label}', "assign"],
        ["report[name] = duration", "item-assign"],
        ['report["mean"] = mean', "item-assign"],
        ['del report["label"]', "item-del"],
      ],
      name: [["for name, duration in runs:", "for"]],
      duration: [["for name, duration in runs:", "for"]],
      mean: [
        ["mean: float = total / count", "annotated-assign"],
        ["mean = math.nan", "assign"],
      ],
    });
    expect(Object.keys(changes(file, "read_durations")).sort()).toEqual([
      "decoder",
      "durations",
      "error",
      "handle",
      "last_error",
      "line",
      "record",
      "value",
    ]);
  });
});

describe("CU_DFA examples", () => {
  it("answers with context line numbers and the lines' text, preferring a variable with two or more changes", async () => {
    const code = fixtureFile("tidepool", "tidepool/flow.py");
    const file = await analyze(code, "tidepool/flow.py");
    const text = joinCodeBlocks([codeBlock("tidepool/flow.py", code)]);
    // CU_DFA is not scored with CodeBLEU: self-scorability plays no part.
    const view = codeView(
      "code",
      ["tidepool/flow.py"],
      text,
      () => file,
      () => file,
      () => true,
    );
    // Only summarize has variables changing on two or more lines, so any seed picks it.
    for (const seed of [0, 1, 2]) {
      const ex = cuDataFlow(view, new PyRandom(seed))!;
      expect(ex.anchor.name).toBe("summarize");
      expect(["total", "count", "report", "mean"]).toContain(ex.anchor.variable);
      for (const { line, text: lineText } of ex.answer.lines!) expect(text.split("\n")[line - 1]).toBe(lineText);
    }
    // Line 1 is the `# file:` header, so file row r is context line r + 2: `report = ...` is row 7.
    const report = unit(file, "summarize").changes.get("report")!;
    expect(report.map((c) => c.row + 2)).toEqual([9, 13, 18, 20]);
    expect(text.split("\n")[9 - 1]).toBe('    report = {"label": label}');
  });
});
