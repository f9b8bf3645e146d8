/**
 * The paper's prompts: the full prompt of one example per task against reviewed files under
 * __prompts__/ (a changed character fails the test and means a new PROMPT_TEMPLATE_VERSION), one
 * prompt retyped by hand from the paper, and what every prompt must and must not hold.
 */
import { describe, expect, it } from "vitest";
import { LONGCODEU_TASKS } from "../../src/benchmarks/longcodeu/dataset/index";
import { INSTRUCTIONS, longcodeuPrompt } from "../../src/benchmarks/longcodeu/prompt";
import { INVENTORY_CODE, fixtureRelease } from "./fixture";

const release = fixtureRelease();
const [inventory] = release.repos;
const contextOf = (id: string) => inventory.contexts.find((c) => c.id === id)!.text;
const promptOf = (task: string) => {
  const example = inventory.examples.find((e) => e.task === task)!;
  const messages = longcodeuPrompt(example, contextOf(example.context));
  expect(messages).toHaveLength(1);
  expect(messages[0].role).toBe("user");
  return messages[0].content;
};

describe("LongCodeU prompts", () => {
  for (const task of LONGCODEU_TASKS) {
    it(`${task}: the full prompt is the reviewed one`, async () => {
      await expect(promptOf(task)).toMatchFileSnapshot(`./__prompts__/${task}.txt`);
    });
  }

  it("CU_P is the paper's instruction, the code header and the fenced context", () => {
    const paper = [
      "You're an expert Python programmer. Identify all defined Python functions and extract their function names from the long Python source codes.",
      "",
      "Only extract the Python function names that are defined in the long Python source codes.",
      "",
      "Do not extract the Python function names that are mentioned but not defined in the long Python source codes.",
      "",
      "Do not extract the Python function names that are defined in the classes of the long Python source codes.",
      "",
      "All extracted Python function names are stored in a list `Function_names` according to the order these function names appear in the long Python source codes.",
      "",
      "Make sure the output is strictly in this format:",
      "",
      "```",
      "Function_names = [Function_name_1, Function_name_2, ..., Function_name_k]",
      "```",
      "",
      "Do not include any explanations or additional text.",
    ].join("\n");
    expect(promptOf("CU_P")).toBe(
      `${paper}\n\nThe long Python source codes are as follows:\n\`\`\`python\n${INVENTORY_CODE.trimEnd()}\n\`\`\``,
    );
  });

  it("fills the placeholders and shows each task's anchor after the context", () => {
    expect(promptOf("CU_DFA")).toContain(
      "Identify the `total_stock_value` function from the long Python source code and extract the lines where the value of the `total` variable changes within the `total_stock_value` function.",
    );
    // CU_DFA has no anchor block: the prompt ends with the context.
    expect(promptOf("CU_DFA").endsWith("    return result\n```")).toBe(true);
    expect(
      promptOf("CU_SA").endsWith(
        "```\nThe programming requirement is:\n```\nParse a price such as '$1,234.50' into a float rounded to cents.\n```",
      ),
    ).toBe(true);
    expect(promptOf("DRA_T1")).toMatch(
      /\nThe load_rows function is:\n```python\ndef load_rows\(rows\):\n[\s\S]* {4}return items\n```$/,
    );
    expect(promptOf("DRA_T2")).toMatch(
      /\nThe programming requirement of the build_inventory function is:\n```python\ndef build_inventory\(rows\):\n {4}"""[^\n]*"""\n```$/,
    );
    expect(promptOf("SRE_T1")).toContain("**Do not extract the target function total_stock_value itself.**");
    expect(promptOf("SRE_T2")).toContain("The programming requirement of the parse_price function is:");
    expect(promptOf("LDU")).toContain("identify the one that describes the parse_price API.");
    expect(promptOf("LDU")).toContain("\n\nThe long documentations are as follows:\n1\n<BEGIN>\nnormalize_sku(raw)\n");
    expect(promptOf("LDU")).not.toContain("```python");
    expect(promptOf("LDU").endsWith("<END>")).toBe(true);
  });

  it("the stripped context goes to CU_SA, the code to the others", () => {
    expect(promptOf("CU_SA")).not.toContain('"""Value of the stock of this item."""');
    expect(promptOf("CU_P")).toContain('"""Value of the stock of this item."""');
  });

  it("no extraction artifacts, quote frames or unfilled placeholders remain", () => {
    for (const task of LONGCODEU_TASKS) {
      const text = promptOf(task);
      expect(text, task).not.toMatch(/\\_|\\\*|[“”]|^""$|<BEGIN >|<END >|\{Target_| +$/m);
    }
    // DRA_T2 has no output skeleton in the paper.
    expect(INSTRUCTIONS.DRA_T2).not.toContain("#####");
    expect(INSTRUCTIONS.DRA_T2).not.toContain("skeleton");
    expect(INSTRUCTIONS.DRA_T1).toContain(
      "##### method_2 #####\ndef method_name_2(self, parameters):\n    # method body\n```",
    );
  });
});
