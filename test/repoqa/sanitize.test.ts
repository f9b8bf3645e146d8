import { describe, expect, it } from "vitest";
import { loadLanguage } from "../../src/lib/code";
import { fencedBlocks, sanitizeOutput } from "../../src/benchmarks/repoqa/score/sanitize";
import { pyStrip } from "../../src/lib/metrics/python-text";
import vectors from "../vectors/sanitize-regex.json";
import { ISSUE_GO_ANSWER, ISSUE_PY_ANSWER, ISSUE_PY_REFERENCE_TEXT } from "../code/encoding-cases";

describe("fenced block regex against Python re.findall", () => {
  it.each(vectors.cases.map((c) => [c.name, c] as const))("%s", (_, c) => {
    expect(pyStrip(c.output)).toBe(c.stripped);
    expect(fencedBlocks(c.stripped)).toEqual(c.blocks);
  });
});

describe("sanitizeOutput", () => {
  const py = () => loadLanguage("python");

  it("returns the stripped output when there is no block", async () => {
    expect(sanitizeOutput(await py(), "  def f():\n    return 1\n\n")).toBe("def f():\n    return 1");
  });

  it("returns the first function of the first block that has one", async () => {
    const out =
      "Here:\n```python\nx = 1\n```\nand\n```python\nimport os\ndef g(a):\n    return a\n\ndef h():\n    pass\n```";
    expect(sanitizeOutput(await py(), out)).toBe("def g(a):\n    return a");
  });

  it("returns the first block when no block has a function", async () => {
    expect(sanitizeOutput(await py(), "```\nx = 1\n```\n```\ny = 2\n```")).toBe("x = 1\n");
  });

  it("extracts the function from a block with syntax errors", async () => {
    expect(sanitizeOutput(await py(), "```python\ndef g():\n    return 2\n)))\n```")).toBe("def g():\n    return 2");
  });

  it("ignores fences not at column 0 and accepts language tags", async () => {
    // After the stripped first line, an indented fence is no fence: the only block is the py3 one.
    const out = "Answer:\n  ```python\n  def a(): pass\n  ```\n```py3\ndef b():\n    return 2\n```";
    expect(sanitizeOutput(await py(), out)).toBe("def b():\n    return 2");
  });

  it("treats an unclosed fence as no block", async () => {
    expect(sanitizeOutput(await py(), "```python\ndef f():\n    return 1")).toBe("```python\ndef f():\n    return 1");
  });

  it("skips a block with a lone surrogate as Python's utf-8 encode fails", async () => {
    const out = "```\ndef a():\n    return '\ud800'\n```\n```\ndef b():\n    return 1\n```";
    expect(sanitizeOutput(await py(), out)).toBe("def b():\n    return 1");
  });

  it("slices the function out of non-ASCII code by its UTF-8 byte offsets, as the reference does", async () => {
    const out = "```python\n# café 😀\nx = '→'\ndef grüße(名):\n    return f'{名} ☃'\n```";
    expect(sanitizeOutput(await py(), out)).toBe("def grüße(名):\n    return f'{名} ☃'");
  });

  it("broken answers extract as repoqa 0.1.2 extracts them (the core reads UTF-8)", async () => {
    // The truncated Python answer keeps its final `return \n`; the shuffled Go answer's function runs to the block's end.
    expect(sanitizeOutput(await py(), ISSUE_PY_ANSWER)).toBe(ISSUE_PY_REFERENCE_TEXT);
    const go = sanitizeOutput(await loadLanguage("go"), ISSUE_GO_ANSWER);
    expect(go.startsWith("func tmuxFloatingPaneInfo()")).toBe(true);
    expect(go.endsWith('"new-pane").Output()\n}')).toBe(true);
  });

  it("uses the task language's function query", async () => {
    const out = "```rust\nstruct S;\nfn go(x: u8) -> u8 { x }\n```";
    expect(sanitizeOutput(await loadLanguage("rust"), out)).toBe("fn go(x: u8) -> u8 { x }");
  });
});
