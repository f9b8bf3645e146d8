/**
 * Loads the demo datasets of `npm start` into an instance through a client that keeps what each
 * import sends, and returns each unit's right answer from it (the service never hands out its
 * answers): what a loopback model's book is made of. The same reading as test/cli/promptfoo.test.ts.
 */
import { api } from "../../cli/lib/api";
import { nodeFamilies } from "../../cli/lib/families";
import "../../cli/lib/tree-sitter-node";
import { oracleAnswer } from "../../src/benchmarks/longcodeu/score/baseline";
import type { LongCodeUExample } from "../../src/benchmarks/longcodeu/dataset/index";
import type { SuiteRelease } from "../../src/benchmarks/semtrace/dataset/index";

export type DemoOracle = (benchmark: string, task: string, unit: string) => string | undefined;

export async function loadDemosWithOracle(url: string, token: string): Promise<DemoOracle> {
  const sent: { path: string; body: any }[] = [];
  const recording = api(url, token, (input, init) => {
    if (typeof init?.body === "string")
      sent.push({ path: new URL(String(input)).pathname, body: JSON.parse(init.body) });
    return fetch(input, init);
  });
  for (const demo of (await nodeFamilies()).flatMap((f) => f.demos ?? [])) await demo.load(recording, () => {});
  const needles = new Map<string, string>();
  for (const { body } of sent.filter((s) => s.path === "/v1/datasets/demo/repos")) {
    for (const n of body.repo.needles) {
      const code = body.repo.content[n.path].split("\n").slice(n.start_line, n.end_line).join("\n");
      needles.set(`${body.language}::${body.repo.repo}::${n.name}`, "```\n" + code + "\n```");
    }
  }
  const suite = sent.find((s) => s.path.startsWith("/v1/datasets/semtrace-demo/suite"))?.body as
    | SuiteRelease
    | undefined;
  const examples = new Map<string, LongCodeUExample>();
  for (const r of sent.find((s) => s.path.startsWith("/v1/datasets/longcodeu-demo/longcodeu"))?.body.repos ?? [])
    for (const e of r.examples) examples.set(e.id, e);
  return (benchmark, task, unit) => {
    if (benchmark === "repoqa-snf") return needles.get(task);
    if (benchmark === "longcodeu") return examples.has(unit) ? oracleAnswer(examples.get(unit)!) : undefined;
    const target = suite?.tasks[benchmark as keyof SuiteRelease["tasks"]]?.targets.find(
      (t) => t.id === task.split("::")[2],
    );
    return target && (benchmark === "lexical-recall" ? target.code : target.output);
  };
}
