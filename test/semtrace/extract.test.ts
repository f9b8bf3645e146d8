import { describe, expect, it } from "vitest";
import { extractOutputAnswer } from "../../src/benchmarks/semtrace/score/extract";
import { parsePythonLiteral, pyEquals } from "../../src/benchmarks/semtrace/score/python-literal";
import { cruxRecords } from "./helpers";

const FENCE = "```";
const PREFIX = `Sure! Here is the corresponding output:\n${FENCE}python\n`;

function answer(output: string, input = "81"): string {
  const r = extractOutputAnswer(output, input);
  if (!r.ok) throw new Error(`no answer in ${JSON.stringify(output)}: ${r.error}`);
  return r.text;
}

function error(output: string, input = "81"): string {
  const r = extractOutputAnswer(output, input);
  if (r.ok) throw new Error(`${JSON.stringify(output)} gave ${JSON.stringify(r.text)}`);
  return r.error;
}

describe("extractOutputAnswer: the prefill continuation", () => {
  it.each([
    [` [38, 169, 16, 7]\n${FENCE}`, "[38, 169, 16, 7]"],
    [` [38, 169, 16, 7]\n${FENCE}\n\nThe function subtracts 43 from x, so assert f(81) == 38.`, "[38, 169, 16, 7]"],
    [` [38, 169, 16, 7]${FENCE}`, "[38, 169, 16, 7]"],
    [" [38, 169, 16, 7]", "[38, 169, 16, 7]"],
    [`\n[1, 2]\n${FENCE}`, "[1, 2]"],
    [` 'a == b'\n${FENCE}`, "'a == b'"],
    [` '${FENCE}'\n${FENCE}`, `'${FENCE}'`],
    [` 'x # not a comment' # a comment\n${FENCE}`, "'x # not a comment'"],
    [` "assert f(1) == 2"\n${FENCE}\nassert f(3) == 4`, '"assert f(1) == 2"'],
    [` {\n    'a': 1,\n    'b': [1, 2],  # two\n}\n${FENCE}`, "{\n    'a': 1,\n    'b': [1, 2],  # two\n}"],
    [` '''multi\nline ${FENCE} "=="'''\n${FENCE}`, `'''multi\nline ${FENCE} "=="'''`],
    [` (1, 2)\n${FENCE}`, "(1, 2)"],
    [` 81 - 43\n${FENCE}`, "81 - 43"],
    [` 5, 'the message'\n${FENCE}`, "5"],
    [` 5; print(5)\n${FENCE}`, "5"],
    [" [1,\r\n 2]\r\n```", "[1,\n 2]"],
  ])("%j -> %s", (output, expected) => {
    expect(answer(output)).toBe(expected);
  });

  it("reads a bare top-level tuple as Python reads `assert f(x) == 1, 2`: the answer 1 with the message 2", () => {
    expect(answer(` 1, 2\n${FENCE}`)).toBe("1");
    expect(answer("assert f(81) == 1, 2")).toBe("1");
    expect(answer(` (1, 2)\n${FENCE}`)).toBe("(1, 2)");
    expect(error(` 1,\n${FENCE}`)).toMatch(
      /a ',' with nothing after it ends the answer '1': a syntax error in an assert statement/,
    );
    expect(error("assert f(81) == 1,")).toMatch(/syntax error in an assert statement/);
  });
});

describe("extractOutputAnswer: a full assertion", () => {
  it.each([
    [`${PREFIX}assert f(81) == [38, 169, 16, 7]\n${FENCE}`, "81", "[38, 169, 16, 7]"],
    ["assert f(81) == [38, 169, 16, 7]", "81", "[38, 169, 16, 7]"],
    [`Let's trace it: x is 81.\n\n${FENCE}python\nassert f(81) == 38\n${FENCE}\n\nThat's it, isn't it?`, "81", "38"],
    ["The answer is `assert f(81) == 38`.", "81", "38"],
    ["assert f(81)==38", "81", "38"],
    ["assert f(81) == \\\n  38", "81", "38"],
    ["assert f('a==b') == 'ab'", "'a==b'", "'ab'"],
    ["assert f( 81 ) == 5", "81", "5"],
    ['assert f("x == y", [1, (2, 3)]) == True', "'x == y', [1, (2, 3)]", "True"],
    ['assert f(81) == 5, "msg, with == and ```"', "81", "5"],
    ["assert f(81) == (1, 2), 'msg'", "81", "(1, 2)"],
    ["assert f(81) == 'a # b'  # a real comment", "81", "'a # b'"],
    ["assert f(81) == 5; print('ok')", "81", "5"],
    [`${FENCE}python\nassert f(3) == {\n    'a': 1,\n    'b': 2,\n}\n${FENCE}`, "3", "{\n    'a': 1,\n    'b': 2,\n}"],
    ["assert f(81) == [1, 2]\nassert f(81) == [3, 4]", "81", "[1, 2]"],
    [`I'll complete the assert for f(81):\n${FENCE}python\nassert f(81) == 7\n${FENCE}`, "81", "7"],
    ["Here's my answer: assert f(81) == 'it''s'", "81", "'it''s'"],
    ["assert f(81) == ??", "81", "??"],
    [`assert f(81) == 'abc\n${FENCE}`, "81", "'abc"],
  ])("%j (input %s) -> %s", (output, input, expected) => {
    expect(answer(output, input)).toBe(expected);
  });

  it("finds the call by its exact input text first, so the input need not be tokenizable", () => {
    expect(answer("assert f(x$ `y`) == 5", "x$ `y`")).toBe("5");
    // Written differently, the same input leaves no assertion to read: the whole text is the answer.
    expect(answer("assert f(x$  `y`) == 5", "x$ `y`")).toBe("assert f(x$  `y`) == 5");
  });

  it("leaves a broken answer to the literal parser, which names the problem", () => {
    const r = parsePythonLiteral(answer(`assert f(81) == 'abc\n${FENCE}`));
    expect(r).toEqual({ ok: false, error: "unterminated string literal (starts at 1:1)" });
    expect(parsePythonLiteral(answer("assert f(81) == ??"))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/invalid character '\?'/),
    });
  });
});

describe("extractOutputAnswer: without an assertion", () => {
  it.each([
    ["[38, 169, 16, 7]", "[38, 169, 16, 7]"],
    [`${FENCE}python\n[1, 2]\n${FENCE}`, "[1, 2]"],
    [`${FENCE}\n'done'\n${FENCE}`, "'done'"],
    ["  True  ", "True"],
  ])("%j -> %s", (output, expected) => {
    expect(answer(output)).toBe(expected);
  });

  it("returns prose as it is, which then does not parse", () => {
    expect(answer("I don't know.")).toBe("I don't know.");
    expect(parsePythonLiteral("I don't know.").ok).toBe(false);
    expect(answer("The output is 5")).toBe("The output is 5");
  });

  it("reports an empty answer", () => {
    expect(error("")).toBe("empty response");
    expect(error("  \n\t")).toBe("empty response");
    expect(error(`${FENCE}python\n${FENCE}`)).toBe("no answer in the response");
    expect(error(`${PREFIX}assert f(81) ==\n${FENCE}`)).toBe("no answer after '==' in the assertion");
    expect(error(`assert f(81) == # nothing\n${FENCE}`)).toBe("no answer after '==' in the assertion");
    expect(error(", 5")).toBe("no answer in the response (it starts with ',')");
  });
});

describe("extractOutputAnswer on every CRUXEval record (the CRUXEVAL binding)", () => {
  it("finds the expected output in continuations, full assertions, respaced calls and assertions with a message", () => {
    const recs = cruxRecords();
    expect(recs.length).toBe(800);
    const wrong: string[] = [];
    for (const r of recs) {
      const forms = [
        ` ${r.output}\n${FENCE}\n\nExplanation: the function returns ${r.output}.`,
        `${PREFIX}assert f(${r.input}) == ${r.output}\n${FENCE}`,
        `Tracing it gives:\nassert f( ${r.input} ) == ${r.output}  # done`,
        `assert f(${r.input}) == ${r.output}, "expected ${r.id}"`,
      ];
      for (const [i, output] of forms.entries()) {
        const got = extractOutputAnswer(output, r.input);
        if (!got.ok || got.text !== r.output) wrong.push(`${r.id} form ${i}: ${JSON.stringify(got)}`);
      }
      const expected = parsePythonLiteral(r.output);
      const got = extractOutputAnswer(forms[1], r.input);
      if (!expected.ok || !got.ok) continue;
      const parsed = parsePythonLiteral(got.text);
      if (!parsed.ok || !pyEquals(parsed.value, expected.value)) wrong.push(`${r.id}: extracted answer is not equal`);
    }
    expect(wrong).toEqual([]);
  });
});
