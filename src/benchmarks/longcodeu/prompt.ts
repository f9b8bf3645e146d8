/**
 * LongCodeU prompts: the paper's eight instructions (appendix C of
 * `seeds/002_bfb0ecd89d545775.txt`, from "### (a) Code Unit Perception" on) word for word, then the
 * long context, then the anchor input, in one user message.
 *
 * What differs from the extracted text, and why (nothing else does):
 * - PDF-extraction artifacts are fixed: `\_` is `_`, `**\*\*...\*\***` is `**...**`, the trailing
 *   double spaces (Markdown line breaks of the extraction) are dropped, and `<BEGIN >indicates` /
 *   `<END >indicates` read `<BEGIN> indicates` / `<END> indicates` (the markers the documentation
 *   context really carries; the space slipped inside them in the extraction).
 * - Each output-format skeleton is shown inside a ``` fence, as the paper shows it in a box; the
 *   typographic quote marks (“ ” and the `""` lines) that only frame the box in the PDF are left out,
 *   so a model is not asked to write them.
 * - DRA_T2 has no skeleton in the paper and has none here.
 * The paper's own wording is kept where it is odd ("Extracted the entire source code of the
 * function:", "that the {Target_function_name} calls", the unindented `# body` lines).
 *
 * Anchors are fenced as code (```python) except the CU_SA requirement, which is a docstring's prose
 * (plain ```).
 *
 * Layout (the paper's Figures 7 and 8):
 *   {instruction}
 *
 *   The long Python source codes are as follows:
 *   ```python
 *   {context}
 *   ```
 *   {anchor block}
 * LDU shows `The long documentations are as follows:` and the documentation unfenced instead.
 */
import type { ChatMessage } from "../types";
import type { LongCodeUExample, LongCodeUTask } from "./dataset/index";

export { PROMPT_TEMPLATE_VERSION } from "./dataset/ids";

const box = (lines: string) => "```\n" + lines + "\n```";

const CU_P = `You're an expert Python programmer. Identify all defined Python functions and extract their function names from the long Python source codes.

Only extract the Python function names that are defined in the long Python source codes.

Do not extract the Python function names that are mentioned but not defined in the long Python source codes.

Do not extract the Python function names that are defined in the classes of the long Python source codes.

All extracted Python function names are stored in a list \`Function_names\` according to the order these function names appear in the long Python source codes.

Make sure the output is strictly in this format:

${box("Function_names = [Function_name_1, Function_name_2, ..., Function_name_k]")}

Do not include any explanations or additional text.`;

const CU_DFA = `You are an expert Python programmer. Identify the \`{Target_function_name}\` function from the long Python source code and extract the lines where the value of the \`{Target_variable_name}\` variable changes within the \`{Target_function_name}\` function.

Only extract lines where the value of the \`{Target_variable_name}\` variable changes.

Do not extract lines where the \`{Target_variable_name}\` variable is referenced but its value does not change.

Return the extracted lines according to the order they appear in the \`{Target_function_name}\` function.

Make sure the output is in the following format:

${box(`##### The extracted code line #####
{extracted_code_line}
##### Line number #####
{line_number}

##### The extracted code line #####
{extracted_code_line}
##### Line number #####
{line_number}
...
##### The extracted code line #####
{extracted_code_line}
##### Line number #####
{line_number}`)}

Do not include any explanations or additional text in the output.`;

const CU_SA = `You're an expert Python programmer. Understand the long Python source codes. Identify and extract the function that satisfies the given programming requirement.

Extract the entire source code of the function that satisfies the given programming requirement.
Do not only extract the name of the function that satisfies the given programming requirement.

Extracted the entire source code of the function:

${box(`def function_name(parameters):
    # function body`)}

Do not include any explanations or additional text.`;

const DRA_T1 = `You're an expert Python programmer. Extract all functions and methods that the {Target_function_name} function calls from the long Python source codes.

Only extract functions and methods from the given long Python context.
Do not extract functions and methods from the Python standard library or third-party libraries.
Only extract functions and methods that the {Target_function_name} function directly calls.
Do not extract functions and methods that the {Target_function_name} function indirectly calls.
Extract the entire source code of functions and methods that the {Target_function_name} calls.
Do not only extract the name of functions and methods that the {Target_function_name} function calls.
Ensure indentation is preserved.

Please follow the format to complete the skeleton below:

${box(`##### function_1 #####
def function_name_1(parameters):
    # function body

##### function_2 #####
def function_name_2(parameters):
    # function body

##### method_1 #####
def method_name_1(self, parameters):
    # method body

##### method_2 #####
def method_name_2(self, parameters):
    # method body`)}

Do not include any explanations or additional text.`;

const DRA_T2 = `You're an expert Python programmer. Understand the Python programming requirement of the {Target_function_name} function. Extract all functions and methods that the {Target_function_name} function calls from the long Python source codes.

Only extract functions and methods from the given long Python context.
Do not extract functions and methods from the Python standard library or third-party libraries.
Only extract functions and methods that the {Target_function_name} function directly calls.
Do not extract functions and methods that the {Target_function_name} function indirectly calls.
Ensure indentation is preserved.

Do not include any explanations or additional text.`;

const TOP5_SKELETON = box(`##### Top-1 #####
def name_1(parameters):
# function body

##### Top-2 #####
def name_2(parameters):
# body

##### Top-3 #####
def name_3(parameters):
# body

##### Top-4 #####
def name_4(parameters):
# body

##### Top-5 #####
def name_5(parameters):
# body`);

const SRE_BODY = `Extract the entire source code of functions and classes that are the top-5 semantically similar to the {Target_function_name} function.

Do not only extract the name of functions and classes that are the top-5 semantically similar to the {Target_function_name} function.

The order of extracted five functions or classes is in order of decreasing similarity to the {Target_function_name} function. Ensure indentation is preserved.

**Do not extract the target function {Target_function_name} itself.**

Please follow the format to complete the skeleton below:

${TOP5_SKELETON}

Do not include any explanations or additional text.`;

const SRE_T1 = `You're an expert Python programmer. Identify and extract the functions or classes that are most semantically similar to the {Target_function_name} function from the long Python source codes.

${SRE_BODY}`;

const SRE_T2 = `You're an expert Python programmer. Understand the Python programming requirement of the {Target_function_name} function. Identify and extract the functions or classes that are most semantically similar to the {Target_function_name} function from the long Python source codes.

${SRE_BODY}`;

const LDU = `You are an expert Python programmer. Understand the multiple natural language documentations and identify the one that describes the {Target_API_name} API.

Each documentation is labeled with a sequence number and enclosed between special markers: <BEGIN> indicates the start of a documentation, and <END> indicates its conclusion.

Extract and return only the complete documentation corresponding to the {Target_API_name} API, exactly as it appears.

Please follow the format to complete the skeleton below:

${box(`# The sequence number
{sequence number}

# The complete documentation
{complete documentation}`)}

Do not include any explanations or additional text.`;

/** The instruction templates, placeholders unfilled. */
export const INSTRUCTIONS: Record<LongCodeUTask, string> = { CU_P, CU_SA, CU_DFA, DRA_T1, DRA_T2, SRE_T1, SRE_T2, LDU };

/** Fills `{Target_function_name}`, `{Target_variable_name}` and `{Target_API_name}`; other braces stay. */
export function instruction(task: LongCodeUTask, anchor: LongCodeUExample["anchor"]): string {
  const fill = (value: string | undefined) => value ?? "";
  return INSTRUCTIONS[task]
    .replaceAll("{Target_function_name}", fill(anchor.name))
    .replaceAll("{Target_variable_name}", fill(anchor.variable))
    .replaceAll("{Target_API_name}", fill(anchor.name));
}

const trimEnd = (text: string) => text.replace(/\s+$/, "");
const python = (code: string) => "```python\n" + trimEnd(code) + "\n```";

/** The anchor input shown after the context (none for CU_P, CU_DFA and LDU). */
function anchorBlock(task: LongCodeUTask, anchor: LongCodeUExample["anchor"]): string | null {
  switch (task) {
    case "CU_SA":
      // The requirement is the docstring's prose (the T2 requirements are code: signature + docstring).
      return `The programming requirement is:\n\`\`\`\n${trimEnd(anchor.requirement ?? "")}\n\`\`\``;
    case "DRA_T1":
    case "SRE_T1":
      return `The ${anchor.name} function is:\n${python(anchor.code ?? "")}`;
    case "DRA_T2":
    case "SRE_T2":
      return `The programming requirement of the ${anchor.name} function is:\n${python(anchor.requirement ?? "")}`;
    default:
      return null;
  }
}

/** The whole prompt of an example over its context text: one user message. */
export function longcodeuPrompt(
  example: Pick<LongCodeUExample, "task" | "anchor">,
  contextText: string,
): ChatMessage[] {
  const head = instruction(example.task, example.anchor);
  const body =
    example.task === "LDU"
      ? `The long documentations are as follows:\n${trimEnd(contextText)}`
      : `The long Python source codes are as follows:\n${python(contextText)}`;
  const anchor = anchorBlock(example.task, example.anchor);
  return [{ role: "user", content: `${head}\n\n${body}${anchor ? `\n${anchor}` : ""}` }];
}
