/**
 * Annotation mode: a model describes each needle, with the paper's annotation prompt (the
 * reference's `scripts/curate/needle_annotation.py`: up to 100 lines before the function as
 * context, the description is the text between `<desc_start>` and `<desc_end>`).
 *
 * Each description is checked: it must follow the purpose / input / output / procedure skeleton
 * and must not name the function. A failing one is regenerated up to `attempts` times, then kept
 * and flagged, so a reviewer sees it.
 */
import { mentionsName } from "../../../lib/code/docstrings";

export const CAPTURE_HEAD = "<desc_start>";
export const CAPTURE_TAIL = "<desc_end>";
/** Lines of the repository before the function shown to the annotator. */
export const CODE_PREFIX_LINES = 100;

export function annotationPrompt(name: string, code: string): string {
  const instruction = `Can you **briefly** describe the purpose, input, output, and procedure of "${name}"?`;
  return `${instruction}

\`\`\`
${code}
\`\`\`

${instruction}

Please follow format to complete the skeleton below:

${CAPTURE_HEAD}
1. **Purpose**: ...
2. **Input**: ...
3. **Output**: ...
4. **Procedure**: ...
${CAPTURE_TAIL}

${instruction}

Notes:
1. DO NOT reveal function names (${name}) and variable names
2. Start with ${CAPTURE_HEAD} and end with ${CAPTURE_TAIL}
3. Customize the description to differentiate it from other functions
`;
}

/** `annotation.split(HEAD)[-1].split(TAIL)[0]`, as the reference extracts it. */
export function extractDescription(raw: string): string {
  const afterHead = raw.split(CAPTURE_HEAD).pop()!;
  return afterHead.split(CAPTURE_TAIL)[0];
}

export type DescriptionFlag = "mentions_name" | "missing_sections";

export function checkDescription(description: string, name: string): DescriptionFlag[] {
  const flags: DescriptionFlag[] = [];
  if (mentionsName(description, name)) flags.push("mentions_name");
  if (!["Purpose", "Input", "Output", "Procedure"].every((s) => description.includes(s)))
    flags.push("missing_sections");
  return flags;
}

/** Asks `generate` for a description until it passes the checks or attempts run out. */
export async function annotate(
  generate: (prompt: string) => Promise<string>,
  name: string,
  code: string,
  attempts = 3,
): Promise<{ description: string; flags: DescriptionFlag[]; attempts: number }> {
  const prompt = annotationPrompt(name, code);
  let last = { description: "", flags: [] as DescriptionFlag[], attempts: 0 };
  for (let i = 1; i <= attempts; i++) {
    const description = extractDescription(await generate(prompt));
    last = { description, flags: checkDescription(description, name), attempts: i };
    if (last.flags.length === 0) break;
  }
  return last;
}

/** The code the annotator sees: up to CODE_PREFIX_LINES lines before the function, and the function. */
export function annotationContext(
  repoLines: readonly string[],
  globalStartLine: number,
  globalEndLine: number,
): string {
  return repoLines.slice(Math.max(0, globalStartLine - CODE_PREFIX_LINES), globalEndLine).join("\n");
}
