/**
 * The oracle: each example's reference answer written in the format its instruction demands, so a
 * run of it exercises every parser and metric and must score recall (and precision) 1 everywhere.
 * DRA_T2 has no format in the paper; its oracle writes fenced blocks, what models write there.
 */
import type { LongCodeUExample } from "../dataset/index";

/** A ``` fence longer than any backtick run opening a line of `code` (a docstring's own Markdown fences). */
function fence(code: string): string {
  const longest = Math.max(0, ...[...code.matchAll(/^[ \t]*(`{3,})/gm)].map((m) => m[1].length));
  const ticks = "`".repeat(Math.max(3, longest + 1));
  return `${ticks}python\n${code.replace(/\s+$/, "")}\n${ticks}`;
}

/** Labels like the paper's skeletons: function_k for functions, method_k for methods (numbered apart). */
function draLabels(units: NonNullable<LongCodeUExample["answer"]["units"]>): string[] {
  let functions = 0;
  let methods = 0;
  return units.map((u) => (u.qualified?.includes(".") ? `method_${++methods}` : `function_${++functions}`));
}

const blocks = (labels: string[], codes: string[]) =>
  codes.map((code, i) => `##### ${labels[i]} #####\n${code.replace(/\s+$/, "")}`).join("\n\n");

/** The oracle's answer to an example. */
export function oracleAnswer(example: Pick<LongCodeUExample, "task" | "answer">): string {
  const { answer } = example;
  const units = answer.units ?? [];
  switch (example.task) {
    case "CU_P":
      return `Function_names = [${(answer.names ?? []).join(", ")}]`;
    case "CU_SA":
      return fence(units[0]?.code ?? "");
    case "CU_DFA":
      return (answer.lines ?? [])
        .map((l) => `##### The extracted code line #####\n${l.text}\n##### Line number #####\n${l.line}`)
        .join("\n\n");
    case "DRA_T1":
      return blocks(
        draLabels(units),
        units.map((u) => u.code),
      );
    case "DRA_T2":
      return units.map((u) => fence(u.code)).join("\n\n");
    case "SRE_T1":
    case "SRE_T2":
      return blocks(
        units.map((_, i) => `Top-${i + 1}`),
        units.map((u) => u.code),
      );
    case "LDU":
      return `# The sequence number\n${answer.section}\n\n# The complete documentation\n${answer.text ?? ""}`;
  }
}
