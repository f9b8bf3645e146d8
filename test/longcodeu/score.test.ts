/** Per-task verdicts: the sample contract, hand-computed metrics, unparseable outputs and the oracle. */
import { describe, expect, it } from "vitest";
// The Worker's tree-sitter loader, which CodeBLEU parses with.
import "../../src/lib/code";
import { oracleAnswer } from "../../src/benchmarks/longcodeu/score/baseline";
import { LONGCODEU_TASKS } from "../../src/benchmarks/longcodeu/dataset/index";
import { scoreExample, type ScorableExample } from "../../src/benchmarks/longcodeu/score/index";
import { sentenceBleu } from "../../src/lib/metrics/bleu";
import { codeBleu } from "../../src/lib/metrics/codebleu";
import { fixtureRelease } from "./fixture";

const release = fixtureRelease();
const examples: ScorableExample[] = release.repos.flatMap((p) =>
  p.examples.map((e) => ({ ...e, bucket: p.contexts.find((c) => c.id === e.context)!.bucket })),
);
const example = (id: string) => examples.find((e) => e.id === id)!;
const F = "```";

describe("the sample contract", () => {
  it("every verdict has passed = recall 1, score = recall, and task, bucket, metric, recall, precision, unparseable", async () => {
    for (const e of examples) {
      for (const output of [oracleAnswer(e), ""]) {
        const v = await scoreExample(e, output);
        expect(v.detail).toMatchObject({ task: e.task, bucket: e.bucket, recall: v.score, unparseable: output === "" });
        expect(typeof v.detail.precision).toBe("number");
        expect(v.detail.metric).toBe(
          {
            CU_P: "LCS",
            CU_SA: "CodeBLEU",
            CU_DFA: "EM",
            DRA_T1: "CB",
            DRA_T2: "CB",
            SRE_T1: "CB",
            SRE_T2: "CB",
            LDU: "BLEU",
          }[e.task],
        );
        expect(v.passed).toBe(v.score >= 1 - 1e-9);
      }
    }
  });

  it("the oracle scores recall and precision 1 on every example; an empty answer 0 and unparseable", async () => {
    expect(new Set(examples.map((e) => e.task))).toEqual(new Set(LONGCODEU_TASKS));
    for (const e of examples) {
      const oracle = await scoreExample(e, oracleAnswer(e));
      expect(oracle.detail.recall, e.id).toBeCloseTo(1, 9);
      expect(oracle.detail.precision, e.id).toBeCloseTo(1, 9);
      expect(oracle.passed, e.id).toBe(true);
      const empty = await scoreExample(e, "");
      expect(empty).toMatchObject({ passed: false, score: 0, detail: { recall: 0, precision: 0, unparseable: true } });
    }
  });
});

describe("CU_P (LCS)", () => {
  it("keeps correct names, takes the LCS with the reference order, divides precision by every predicted name", async () => {
    // Reference: distance, midpoint, rotate, shoelace, centroid, bounding_box, edge_midpoints.
    const v = await scoreExample(
      example("CU_P-geometry-0001"),
      `${F}\nFunction_names = [distance, rotate, midpoint, Polygon, shoelace, centroid, "bounding_box", edge_midpoints(), area]\n${F}`,
    );
    // kept: distance rotate midpoint shoelace centroid bounding_box edge_midpoints; LCS drops one of rotate/midpoint.
    expect(v.detail).toMatchObject({ predicted_names: 9, kept_names: 7, lcs: 6, unparseable: false });
    expect(v.score).toBe(6 / 7);
    expect(v.detail.precision).toBe(6 / 9);
    expect(v.passed).toBe(false);
  });

  it("without a list it is unparseable", async () => {
    const v = await scoreExample(example("CU_P-geometry-0001"), "The functions are distance and midpoint.");
    expect(v).toMatchObject({ score: 0, detail: { unparseable: true, recall: 0, precision: 0 } });
  });
});

describe("CU_DFA (EM)", () => {
  it("matches trimmed lines, records line numbers without scoring them", async () => {
    const e = example("CU_DFA-inventory-0001");
    const [first] = e.answer.lines!;
    const out = `##### The extracted code line #####\ntotal = 0.0\n##### Line number #####\n${first.line}\n\n##### The extracted code line #####\nreturn round(total, 2)\n##### Line number #####\n${first.line + 3}`;
    const v = await scoreExample(e, out);
    expect(v.score).toBe(0.5);
    expect(v.detail).toMatchObject({
      precision: 0.5,
      matched: 1,
      reference_lines: 2,
      predicted_lines: 2,
      line_numbers: { given: 2, agree: 1, scored: false },
    });
    // A wrong line number changes nothing but the record.
    const wrong = await scoreExample(e, out.replace(`\n${first.line}\n`, "\n1\n"));
    expect(wrong.score).toBe(0.5);
    expect(wrong.detail.line_numbers).toEqual({ given: 2, agree: 0, scored: false });
  });

  it("the fixture's reference lines are where the context has them", () => {
    expect(example("CU_DFA-inventory-0001").answer.lines!.map((l) => l.text)).toEqual([
      "    total = 0.0",
      "        total += item.total_value()",
    ]);
    const text = release.repos[0].contexts[0].text.split("\n");
    for (const l of example("CU_DFA-inventory-0001").answer.lines!) expect(text[l.line - 1]).toBe(l.text);
  });
});

describe("CU_SA (CodeBLEU)", () => {
  it("scores the extracted function with CodeBLEU against the reference; recall = precision", async () => {
    const e = example("CU_SA-geometry-0001");
    const reference = e.answer.units![0].code;
    const changed = reference.replace("max(ys)", "max(xs)");
    const v = await scoreExample(e, `The function is:\n${F}python\n${changed}\n${F}`);
    const expected = (await codeBleu(reference, changed, "python")).codebleu;
    expect(expected).toBeGreaterThan(0.5);
    expect(expected).toBeLessThan(1);
    expect(v.score).toBe(expected);
    expect(v.detail).toMatchObject({ precision: expected, shape: "fenced", unparseable: false });
  });
});

describe("DRA/SRE (CB-R/P)", () => {
  it("scores units whose name is a reference unit's once, everything else 0", async () => {
    const e = example("DRA_T1-inventory-0001");
    const [normalize] = e.answer.units!;
    const other = release.repos[0].examples.find((x) => x.id === "DRA_T2-inventory-0001")!.answer.units![0]; // load_rows
    const out = [
      `##### function_1 #####`,
      normalize.code,
      "",
      `##### function_2 #####`,
      other.code,
      "",
      `##### function_3 #####`,
      normalize.code,
    ].join("\n");
    const v = await scoreExample(e, out);
    expect(v.detail).toMatchObject({ reference_units: 2, predicted_units: 3, matched_units: 1, shape: "labelled" });
    expect((v.detail.units as any[]).map((u) => [u.name, u.reference])).toEqual([
      ["normalize_sku", 0],
      ["load_rows", null],
      ["normalize_sku", null],
    ]);
    expect(v.score).toBeCloseTo(1 / 2, 9);
    expect(v.detail.precision as number).toBeCloseTo(1 / 3, 9);
  });

  it("among references sharing a name, a unit takes the best unused one", async () => {
    const area = (body: string) => `def area(self):\n    return ${body}`;
    const e: ScorableExample = {
      id: "SRE_T1-hand-0001",
      task: "SRE_T1",
      bucket: "0-8K",
      anchor: { name: "size", code: "def size(self):\n    return 1" },
      answer: {
        units: [
          { name: "area", code: area("self.width * self.height") },
          { name: "area", code: area("abs(shoelace(self.points)) / 2") },
        ],
      },
    };
    const v = await scoreExample(e, `##### Top-1 #####\n${area("abs(shoelace(self.points)) / 2")}`);
    expect((v.detail.units as any[])[0]).toMatchObject({ name: "area", reference: 1 });
    expect((v.detail.units as any[])[0].codebleu).toBeCloseTo(1, 9);
    expect(v.score).toBeCloseTo(1 / 2, 9);
    expect(v.detail.precision as number).toBeCloseTo(1, 9);
  });

  it("a partly right unit counts its CodeBLEU", async () => {
    const e = example("DRA_T2-geometry-0001"); // one unit: distance
    const reference = e.answer.units![0].code;
    const changed = reference.replace("math.hypot(dx, dy)", "(dx * dx + dy * dy) ** 0.5");
    const expected = (await codeBleu(reference, changed, "python")).codebleu;
    const v = await scoreExample(e, `${F}python\n${changed}\n${F}\n\n${F}python\ndef helper():\n    pass\n${F}`);
    expect(v.detail.shape).toBe("fenced");
    expect(v.score).toBeCloseTo(expected, 12);
    expect(v.detail.precision as number).toBeCloseTo(expected / 2, 12);
  });
});

describe("LDU (BLEU)", () => {
  it("scores the documentation with the service's sentence BLEU and records the sequence number", async () => {
    const e = example("LDU-geometry-0001");
    const text = e.answer.text!;
    const right = await scoreExample(e, `# The sequence number\n7\n\n# The complete documentation\n${text}`);
    expect(right.score).toBe(1);
    expect(right.detail).toMatchObject({ sequence: 7, sequence_expected: 3, sequence_right: false, shape: "labelled" });
    const half = text.split("\n")[1];
    const partial = await scoreExample(e, `# The sequence number\n3\n\n# The complete documentation\n${half}`);
    expect(partial.score).toBe(sentenceBleu(text, half));
    expect(partial.score).toBeGreaterThan(0);
    expect(partial.score).toBeLessThan(1);
    expect(partial.detail.sequence_right).toBe(true);
  });
});
