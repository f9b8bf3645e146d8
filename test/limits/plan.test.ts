/**
 * The CPU budget plan (`CPU_BUDGET`, docs/limits.md, "CPU budgets"): the pure derivation of every
 * limit from the variable, and requests through the app with the variable overridden per request.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { BUDGETS, budgetPlan, FREE_PLAN, PAID_PLAN, PER_PARSE } from "../../src/lib/code/budget";
import { ProblemError } from "../../src/lib/errors";
import { BASE, importFixture, needleCode, release, repoOf } from "../helpers";

const DATASET = "fixture-plan";
const fence = (code: string, tag = "") =>
  `Here is the function:\n\n\`\`\`${tag}\n${code}\n\`\`\`\n\nIt does what was described.`;

async function post(path: string, body: unknown, cpuBudget: string | undefined) {
  const app = createApp();
  const ctx = createExecutionContext();
  const req = new Request(`${BASE}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const res = await app.fetch(req, { ...env, CPU_BUDGET: cpuBudget }, ctx);
  await waitOnExecutionContext(ctx);
  return { status: res.status, body: await res.json<any>() };
}

describe("budgetPlan (CPU_BUDGET)", () => {
  it("paid, unset or empty: today's limits, the very objects", () => {
    for (const v of [undefined, "", "paid", " paid ", "1"])
      expect(budgetPlan({ CPU_BUDGET: v }), String(v)).toBe(PAID_PLAN);
    expect(PAID_PLAN.budgets).toBe(BUDGETS);
    expect(PAID_PLAN.perParse).toBe(PER_PARSE);
  });

  it("free: the documented limits (docs/limits.md)", () => {
    expect(budgetPlan({ CPU_BUDGET: "free" })).toBe(FREE_PLAN);
    expect(FREE_PLAN.perParse).toEqual({ parse_operations: 8_000, parse_recovery: 80_000, query_scan: 320_000 });
    expect(FREE_PLAN.budgets).toEqual({
      score: {
        parse_operations: 16_000,
        parse_recovery: 120_000,
        query_scan: 640_000,
        tree_nodes: 0,
        tree_text: 0,
        dataflow_steps: 0,
        bleu_tokens: 0,
      },
      batch: {
        parse_operations: 12_000,
        parse_recovery: 30_000,
        query_scan: 720_000,
        tree_nodes: 0,
        tree_text: 0,
        dataflow_steps: 0,
        bleu_tokens: 0,
      },
      bleu: {
        parse_operations: 0,
        parse_recovery: 0,
        query_scan: 0,
        tree_nodes: 0,
        tree_text: 0,
        dataflow_steps: 0,
        bleu_tokens: 30_000,
      },
      codebleu: {
        parse_operations: 15_000,
        parse_recovery: 37_500,
        query_scan: 0,
        tree_nodes: 1_500,
        tree_text: 400_000,
        dataflow_steps: 15_000,
        bleu_tokens: 10_000,
      },
      benchmark: {
        parse_operations: 15_000,
        parse_recovery: 18_750,
        query_scan: 300_000,
        tree_nodes: 1_500,
        tree_text: 400_000,
        dataflow_steps: 15_000,
        bleu_tokens: 5_000,
      },
    });
  });

  it("a number scales every paid limit", () => {
    const half = budgetPlan({ CPU_BUDGET: "0.5" });
    expect(half.name).toBe("0.5");
    expect(half.perParse).toEqual({ parse_operations: 50_000, parse_recovery: 500_000, query_scan: 2_000_000 });
    expect(half.budgets.bleu.bleu_tokens).toBe(200_000);
    expect(budgetPlan({ CPU_BUDGET: "2" }).budgets.score.parse_operations).toBe(400_000);
  });

  it("anything else is a misconfiguration naming the variable", () => {
    for (const v of ["Free", "turbo", "0", "-1", "11", "1e3", "0x2", "NaN"]) {
      let thrown: unknown;
      try {
        budgetPlan({ CPU_BUDGET: v });
      } catch (err) {
        thrown = err;
      }
      expect(thrown, v).toBeInstanceOf(ProblemError);
      expect((thrown as ProblemError).type).toBe("internal-error");
      expect((thrown as ProblemError).detail).toContain(`CPU_BUDGET is ${JSON.stringify(v)}`);
      expect((thrown as ProblemError).extra).toEqual({ setting: "CPU_BUDGET", value: v });
    }
  });
});

describe("requests under CPU_BUDGET", () => {
  beforeAll(async () => {
    await importFixture(DATASET);
  });

  const textkit = () => repoOf("python", "lorenmade/textkit");
  // About 24 KB of real Python (the textkit sources, repeated): accepted under paid, over `free`'s per-parse operations.
  const midSized = () => {
    const sources = Object.values(textkit().content as Record<string, string>).join("\n\n");
    return sources.repeat(Math.ceil(24_000 / sources.length)).slice(0, 24_000);
  };

  it("free refuses a mid-sized answer that paid scores, naming the limit and the plan", async () => {
    const body = {
      dataset: DATASET,
      task: "python::lorenmade/textkit::sentences",
      answer: fence(midSized(), "python"),
    };
    const paid = await post("/v1/score", body, "paid");
    expect(paid.status).toBe(200);
    const free = await post("/v1/score", body, "free");
    expect(free.status).toBe(422);
    expect(free.body).toMatchObject({
      type: "urn:needlework:problem:budget-exceeded",
      budget: "parse_operations",
      scope: "parse",
      limit: 8_000,
      cpu_budget: "free",
      where: "answer",
    });
    expect(free.body.detail).toContain(
      "limit of 8000 tree-sitter parse operations (`parse_operations`, CPU budget `free`)",
    );
    expect(paid.body.cpu_budget).toBeUndefined();
  });

  it("free still scores the fixture answers: /v1/score and the 16-answer batch in both modes", async () => {
    const one = await post(
      "/v1/score",
      {
        dataset: DATASET,
        task: "python::lorenmade/textkit::strip_accents",
        answer: fence(needleCode(textkit(), "strip_accents"), "python"),
        ignore_comments: true,
      },
      "free",
    );
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ pass: true, best_similarity: 1 });
    const answers = Object.entries(release).flatMap(([lang, repos]) =>
      repos.flatMap((repo) =>
        repo.needles.map((n) => ({
          task: `${lang}::${repo.repo}::${n.name}`,
          answer: fence(needleCode(repo, n.name)),
        })),
      ),
    );
    for (const mode of ["official", "strict"]) {
      const res = await post("/v1/score/batch", { dataset: DATASET, answers, mode }, "free");
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.results.filter((r: any) => !r.pass).map((r: any) => r.task)).toEqual([]);
      expect(res.body.summary.all).toMatchObject({ n: 16, pass_at_1: expect.objectContaining({ "0.8": 1 }) });
    }
  });

  it("free: BLEU's token budget is 30,000", async () => {
    const pair = { reference: "a ".repeat(100), candidate: "a ".repeat(100) };
    expect((await post("/v1/metrics/bleu", { pairs: Array(150).fill(pair) }, "free")).status).toBe(200);
    const over = await post("/v1/metrics/bleu", { pairs: Array(151).fill(pair) }, "free");
    expect(over.body).toMatchObject({
      status: 422,
      budget: "bleu_tokens",
      limit: 30_000,
      cpu_budget: "free",
      where: "pairs.150",
    });
    expect((await post("/v1/metrics/bleu", { pairs: Array(151).fill(pair) }, "paid")).status).toBe(200);
  });

  it("an invalid value refuses metered requests with a problem naming it; other routes keep working", async () => {
    const res = await post(
      "/v1/score",
      { dataset: DATASET, task: "python::lorenmade/textkit::sentences", answer: "x" },
      "turbo",
    );
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({
      type: "urn:needlework:problem:internal-error",
      setting: "CPU_BUDGET",
      value: "turbo",
    });
    expect(res.body.detail).toContain("CPU_BUDGET");
    const app = createApp();
    const ctx = createExecutionContext();
    const ok = await app.fetch(new Request(`${BASE}/v1/datasets/${DATASET}`), { ...env, CPU_BUDGET: "turbo" }, ctx);
    await waitOnExecutionContext(ctx);
    expect(ok.status).toBe(200);
  });
});
