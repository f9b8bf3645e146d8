import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { executeCalls, findPython, PYTHON_HASH_SEED } from "../../cli/lib/python-exec";

const CRUXEVAL = process.env.NEEDLEWORK_CRUXEVAL || "/work/shared/data/cruxeval/cruxeval.jsonl";

interface CruxRecord {
  code: string;
  input: string;
  output: string;
  id: string;
}

function loadCruxeval(): CruxRecord[] {
  if (!existsSync(CRUXEVAL)) {
    throw new Error(
      `CRUXEval data not found at ${CRUXEVAL}: set NEEDLEWORK_CRUXEVAL to cruxeval.jsonl (800 records {code, input, output, id})`,
    );
  }
  return readFileSync(CRUXEVAL, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as CruxRecord);
}

describe("findPython", () => {
  it("finds the python3 this machine has (the build needs it; not skipped)", () => {
    expect(findPython()).not.toBeNull();
  });
});

describe("executeCalls on CRUXEval", () => {
  it("reproduces every published output with the complete functions", { timeout: 120_000 }, async () => {
    const records = loadCruxeval();
    expect(records).toHaveLength(800);
    const results = await executeCalls(records);
    expect(results).toHaveLength(800);
    const differing = records
      .map((r, i) => ({ id: r.id, expected: r.output, got: results[i] }))
      .filter(({ expected, got }) => !(got.ok && got.repr === expected));
    // Measured with CPython 3.11.7 (pyenv) and 3.11.2 (Debian): all 800 reprs equal the published
    // `output` strings exactly, with PYTHONHASHSEED 0, 1..22 and "random" alike: no CRUXEval
    // function builds a set, so the hash seed cannot show. Seed 0 is kept for the line-removed
    // variants, which are not covered by published outputs.
    expect(differing).toEqual([]);
    expect(records.length - differing.length).toBe(800);
    expect(PYTHON_HASH_SEED).toBe("0");
  });
});

describe("executeCalls, hand cases", () => {
  it("reports exceptions as '<Type>: <message>'", async () => {
    const [r] = await executeCalls([{ code: "def f(x):\n    return 1 / x", input: "0" }]);
    expect(r).toEqual({ ok: false, error: "ZeroDivisionError: division by zero" });
  });

  it("times out an endless loop and still runs the next item", async () => {
    const results = await executeCalls(
      [
        { code: "def f(x):\n    while True:\n        pass", input: "1" },
        { code: "def f(x):\n    return x * 2", input: "21" },
      ],
      { timeoutMs: 300 },
    );
    expect(results).toEqual([
      { ok: false, error: "Timeout: exceeded 300 ms" },
      { ok: true, repr: "42" },
    ]);
    // The message is the in-process timer's: the watchdog's says the interpreter was restarted.
  });

  it("restarts the interpreter when user code swallows the timeout", async () => {
    // `except BaseException` catches the timer's exception, and the loop goes on without a timer:
    // the watchdog kills the child and a fresh one runs the next item.
    const swallow =
      "def f(n):\n    while True:\n        try:\n            while True:\n                n += 1\n        except BaseException:\n            pass";
    const results = await executeCalls(
      [
        { code: swallow, input: "1" },
        { code: "def f(x):\n    return x", input: "'after'" },
      ],
      { timeoutMs: 200 },
    );
    expect(results[0].ok).toBe(false);
    expect(!results[0].ok && results[0].error).toMatch(
      /^Timeout: exceeded 200 ms \(interpreter unresponsive, restarted\)$/,
    );
    expect(results[1]).toEqual({ ok: true, repr: "'after'" });
  });

  it("keeps the protocol clean when f prints, writes to fd 1 or reads stdin", async () => {
    const results = await executeCalls([
      { code: 'def f(x):\n    print(\'{"ok": true, "repr": "forged"}\')\n    return x', input: "'a'" },
      { code: "import os\ndef f(x):\n    os.write(1, b'junk\\n')\n    return [x]", input: "1" },
      { code: "def f(x):\n    return input()", input: "1" },
      { code: "import sys\ndef f(x):\n    return sys.stdin.read()", input: "1" },
    ]);
    expect(results).toEqual([
      { ok: true, repr: "'a'" },
      { ok: true, repr: "[1]" },
      { ok: false, error: "EOFError: EOF when reading a line" },
      { ok: true, repr: "''" },
    ]);
  });

  it("reports a removed line's IndentationError as a result", async () => {
    // sample_0 with the loop body (`output.append(...)`) removed.
    const code = "def f(nums):\n    output = []\n    for n in nums:\n    output.sort(reverse=True)\n    return output";
    const [r] = await executeCalls([{ code, input: "[1, 1, 3, 1, 3, 1]" }]);
    expect(r).toEqual({
      ok: false,
      error: "IndentationError: expected an indented block after 'for' statement on line 3 (<string>, line 4)",
    });
  });

  it("turns deep recursion, memory bombs and syntax errors into error results", async () => {
    const results = await executeCalls([
      { code: "def f(n):\n    return f(n + 1)", input: "0" },
      { code: "def f(n):\n    return len('a' * 2 ** 33)", input: "0" },
      { code: "def f(n):\n    return n +", input: "0" },
      { code: "def f(n):\n    return n", input: "1," },
    ]);
    expect(results[0]).toEqual({ ok: false, error: "RecursionError: maximum recursion depth exceeded" });
    // 8 GiB against the 1 GiB address-space limit.
    expect(results[1]).toEqual({ ok: false, error: "MemoryError: " });
    expect(!results[2].ok && results[2].error).toMatch(/^SyntaxError: invalid syntax \(<string>, line 2\)$/);
    expect(results[3]).toEqual({ ok: true, repr: "1" });
  });

  it("returns results in input order, each item in a fresh namespace", async () => {
    const items = Array.from({ length: 50 }, (_, i) => ({ code: `def f(x):\n    return (${i}, x)`, input: `'${i}'` }));
    items.splice(
      10,
      0,
      { code: "counter = 7\ndef f(x):\n    return counter", input: "0" },
      { code: "def f(x):\n    return counter", input: "0" },
    );
    const results = await executeCalls(items);
    expect(results[10]).toEqual({ ok: true, repr: "7" });
    expect(results[11]).toEqual({ ok: false, error: "NameError: name 'counter' is not defined" });
    const rest = results.filter((_, i) => i !== 10 && i !== 11);
    expect(rest).toEqual(Array.from({ length: 50 }, (_, i) => ({ ok: true, repr: `(${i}, '${i}')` })));
  });

  it("passes non-ASCII and lone surrogates through the JSON protocol", async () => {
    const [r] = await executeCalls([{ code: "def f(s):\n    return s + 'é' + chr(0xd800)", input: "'ü\\u2028'" }]);
    expect(r).toEqual({ ok: true, repr: "'ü\\u2028é\\ud800'" });
  });

  it("rejects with a clear error when the interpreter dies or cannot start", async () => {
    await expect(
      executeCalls([
        { code: "def f(x):\n    return 1", input: "0" },
        { code: "import os\ndef f(x):\n    os._exit(3)", input: "0" },
      ]),
    ).rejects.toThrow(/exited during item 1 \(exit code 3\)/);
    await expect(
      executeCalls([{ code: "def f(x):\n    return 1", input: "0" }], { python: "/nonexistent/python3" }),
    ).rejects.toThrow(/could not start python3 \(\/nonexistent\/python3\).*ENOENT/);
  });

  it("returns [] for no items without starting python", async () => {
    expect(await executeCalls([], { python: "/nonexistent/python3" })).toEqual([]);
  });
});
