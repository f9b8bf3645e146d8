/**
 * The benchmark-generic score path is metered the same way for every family (docs/limits.md, "CPU
 * budgets"): one WorkMeter per request (BUDGETS.benchmark), the parent of each answer's per-unit
 * meters, so an answer a run would record as over budget is refused over HTTP naming it, and a
 * request's total applies on top without changing any verdict below it.
 */
import { describe, expect, it } from "vitest";
import "../../src/lib/code";
import { oracleAnswer } from "../../src/benchmarks/longcodeu/score/baseline";
import { scoreExample, type ScorableExample } from "../../src/benchmarks/longcodeu/score/index";
import { BUDGETS, BudgetExceededError, WorkMeter, type Budget } from "../../src/lib/code/budget";
import { post } from "../helpers";
import { fixtureRelease } from "../longcodeu/fixture";
import { FIXTURES, allUnits } from "./helpers";

const ZERO: Budget = {
  parse_operations: 0,
  parse_recovery: 0,
  query_scan: 0,
  tree_nodes: 0,
  tree_text: 0,
  dataflow_steps: 0,
  bleu_tokens: 0,
};
const COSTLY = "```python\n" + "(".repeat(65_000) + "\n```";

describe("a meter with a parent", () => {
  it("charges both, the tighter limit applies, and the parent says when it is exhausted", () => {
    const parent = new WorkMeter({ ...ZERO, tree_nodes: 100 });
    const a = new WorkMeter({ ...ZERO, tree_nodes: 80 }, parent);
    a.charge("tree_nodes", 60);
    expect(parent.used.tree_nodes).toBe(60);
    expect(a.remaining("tree_nodes")).toBe(20);
    const b = new WorkMeter({ ...ZERO, tree_nodes: 80 }, parent);
    expect(b.remaining("tree_nodes")).toBe(40);
    expect(b.fits("tree_nodes", 50)).toBe(false);
    expect(parent.exhausted()).toBe(false);
    expect(() => b.charge("tree_nodes", 50)).toThrow(BudgetExceededError);
    expect(parent.exhausted()).toBe(true);
    expect(b.exhausted()).toBe(false);
  });
});

describe("LongCodeU under a request meter", () => {
  const release = fixtureRelease();
  const examples: ScorableExample[] = release.repos.flatMap((p) =>
    p.examples.map((e) => ({ ...e, bucket: p.contexts.find((c) => c.id === e.context)!.bucket })),
  );

  it("gives the verdict a run gives when the request's total suffices", async () => {
    for (const e of examples) {
      const answer = oracleAnswer(e);
      expect(await scoreExample(e, answer, new WorkMeter(BUDGETS.benchmark)), e.id).toEqual(
        await scoreExample(e, answer),
      );
    }
  });

  it("a pair over the request's total refuses the request instead of scoring the pair 0", async () => {
    const e = examples.find((x) => x.task === "SRE_T1")!;
    const tiny = new WorkMeter({ ...BUDGETS.benchmark, tree_nodes: 50 });
    await expect(scoreExample(e, oracleAnswer(e), tiny)).rejects.toBeInstanceOf(BudgetExceededError);
  });
});

describe("over HTTP", () => {
  it("an answer over its per-unit budget is a 422 naming the budget and the answer, single and batch", async () => {
    const dataset = await FIXTURES["repoqa-snf"]();
    const { units } = await allUnits("repoqa-snf", dataset, "", 1000);
    const unit = units.find((u) => u.language === "python")!.unit;
    const one = await post("/v1/score", { benchmark: "repoqa-snf", dataset, unit, answer: COSTLY });
    expect(one.status).toBe(422);
    expect(await one.json<any>()).toMatchObject({ type: "urn:needlework:problem:budget-exceeded", where: "answer" });
    const batch = await post("/v1/score/batch", {
      benchmark: "repoqa-snf",
      dataset,
      answers: [
        { unit, answer: "def f(): pass" },
        { unit, answer: COSTLY },
      ],
    });
    expect(batch.status).toBe(422);
    expect(await batch.json<any>()).toMatchObject({
      type: "urn:needlework:problem:budget-exceeded",
      where: "answers.1",
    });
  });
});
