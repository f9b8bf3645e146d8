/**
 * LDU's documentation: sections of the repository's Markdown and reStructuredText files and of the
 * docstrings of its public API, and which API each section documents.
 *
 * Sections:
 * - Markdown (`.md`): an ATX heading (`#` to `######`) or a setext heading (a text line after a
 *   blank line, underlined with `===` or `---`), and the lines after it up to the next heading;
 *   headings inside fenced code blocks (``` or ~~~) do not count.
 * - reStructuredText (`.rst`): a section title (an unindented text line after a blank line,
 *   underlined with one repeated punctuation character at least as long as the title, optionally
 *   also overlined with it) with its adornment, and the lines after it up to the next title.
 * - Docstrings: for each non-trivial function, method and class not nested in a function whose
 *   name and enclosing classes' names do not start with `_` and which has a docstring:
 *   `<qualified name><signature>`, a blank line, the cleaned docstring. The signature is the
 *   parameter list as written (whitespace collapsed) without a method's leading `self` / `cls`; a
 *   class shows its `__init__`'s parameters that way (`()` without one).
 * Text before a file's first heading and sections with nothing but their heading are left out;
 * trailing blank lines are trimmed. Files use `\n` line ends (the reader normalises them).
 *
 * What a section documents (APIs are the simple names of the functions, methods and classes
 * defined in the repository's Python files, other than names starting with `_`):
 * - a docstring section documents its unit's name;
 * - a Markdown/reST section documents every API its heading names: the name occurs in the heading
 *   as a whole identifier (`.` separates dotted parts) and the occurrence looks like code: inside
 *   backticks, directly followed by `(`, part of a dotted name, or the name itself contains `_`, a
 *   digit or an upper-case letter. ("How to run" does not name `run`; "``run``" and "run()" do.)
 */

export interface DocSection {
  /** `<path>#<n>`, n counting the file's sections from 1. */
  id: string;
  path: string;
  source: "markdown" | "rst" | "docstring";
  /** The heading (title) text, or the docstring section's first line. */
  heading: string;
  text: string;
  /** Docstring sections: the API they document. */
  api?: string;
  /** Docstring sections: the position of their unit among the file's units (its docstring is what is dated). */
  unit?: number;
}

const FENCE = /^ {0,3}(```|~~~)/;
const ATX = /^ {0,3}#{1,6}(?:[ \t]+|$)(.*?)(?:[ \t]+#+)?[ \t]*$/;
const SETEXT = /^ {0,3}(=+|-+)[ \t]*$/;

/** Sections of a Markdown document. */
export function markdownSections(path: string, text: string): DocSection[] {
  const lines = text.split("\n");
  const headings: { line: number; title: string; lines: number }[] = [];
  let fence: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const f = FENCE.exec(line);
    if (f) {
      if (!fence) fence = f[1];
      else if (f[1] === fence) fence = undefined;
      continue;
    }
    if (fence) continue;
    const atx = ATX.exec(line);
    if (atx) {
      headings.push({ line: i, title: atx[1].trim(), lines: 1 });
      continue;
    }
    const next = lines[i + 1];
    if (
      line.trim() &&
      !/^ {4}/.test(line) &&
      (i === 0 || !lines[i - 1].trim()) &&
      next !== undefined &&
      SETEXT.test(next) &&
      !/^\s*[-*+>]\s/.test(line)
    ) {
      headings.push({ line: i, title: line.trim(), lines: 2 });
      i++;
    }
  }
  return sectionsBetween(path, "markdown", lines, headings);
}

const ADORNMENT = /^([!-/:-@[-`{-~])\1*\s*$/;

/** Sections of a reStructuredText document. */
export function rstSections(path: string, text: string): DocSection[] {
  const lines = text.split("\n");
  const headings: { line: number; title: string; lines: number }[] = [];
  for (let i = 0; i + 1 < lines.length; i++) {
    const title = lines[i];
    const under = lines[i + 1];
    if (!title.trim() || /^\s/.test(title) || ADORNMENT.test(title) || !ADORNMENT.test(under)) continue;
    if (under.trim().length < title.trim().length) continue;
    const over = i > 0 ? lines[i - 1] : undefined;
    const overlined = over !== undefined && over.trim() === under.trim();
    const before = overlined ? i - 2 : i - 1;
    if (before >= 0 && lines[before].trim()) continue;
    headings.push({ line: overlined ? i - 1 : i, title: title.trim(), lines: overlined ? 3 : 2 });
    i++;
  }
  return sectionsBetween(path, "rst", lines, headings);
}

function sectionsBetween(
  path: string,
  source: "markdown" | "rst",
  lines: string[],
  headings: { line: number; title: string; lines: number }[],
): DocSection[] {
  const out: DocSection[] = [];
  headings.forEach((h, k) => {
    const end = k + 1 < headings.length ? headings[k + 1].line : lines.length;
    const block = lines.slice(h.line, end);
    while (block.length && !block[block.length - 1].trim()) block.pop();
    if (block.slice(h.lines).every((l) => !l.trim())) return;
    out.push({ id: `${path}#${out.length + 1}`, path, source, heading: h.title, text: block.join("\n") });
  });
  return out;
}

/** What docstring sections need of a unit (see python-units.ts). */
export interface DocUnit {
  kind: "function" | "class";
  name: string;
  qualified: string;
  scope: "module" | "class" | "function";
  trivial: boolean;
  signature: string;
  docstring?: { text: string };
  parent?: number;
}

/** Docstring sections of one Python file's public API. */
export function docstringSections(path: string, units: readonly DocUnit[]): DocSection[] {
  const out: DocSection[] = [];
  for (const [index, u] of units.entries()) {
    if (u.scope === "function" || u.trivial || !u.docstring?.text) continue;
    if (u.qualified.split(".").some((part) => part.startsWith("_"))) continue;
    let signature = u.signature;
    if (u.kind === "class") {
      const init = units.find(
        (m) => m.parent !== undefined && units[m.parent] === u && m.kind === "function" && m.name === "__init__",
      );
      signature = init ? dropReceiver(init.signature) : "()";
    } else if (u.scope === "class") signature = dropReceiver(signature);
    const heading = `${u.qualified}${signature}`;
    out.push({
      id: `${path}#${out.length + 1}`,
      path,
      source: "docstring",
      heading,
      text: `${heading}\n\n${u.docstring.text}`,
      api: u.name,
      unit: index,
    });
  }
  return out;
}

function dropReceiver(signature: string): string {
  return signature.replace(/^\((?:self|cls)(?:\s*:[^,)]*)?(?:,\s*|(?=\)))/, "(");
}

/** The APIs a section documents (see the module comment), sorted. */
export function documentedApis(section: DocSection, apis: ReadonlySet<string>): string[] {
  if (section.source === "docstring") return section.api && apis.has(section.api) ? [section.api] : [];
  const found = new Set<string>();
  const heading = section.heading;
  const codeSpans: [number, number][] = [...heading.matchAll(/(`+)([^`]+?)\1/g)].map((m) => [
    m.index,
    m.index + m[0].length,
  ]);
  for (const m of heading.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)) {
    const name = m[0];
    if (!apis.has(name)) continue;
    const start = m.index;
    const end = start + name.length;
    const inCode = codeSpans.some(([a, b]) => start >= a && end <= b);
    const called = heading[end] === "(";
    const dotted = heading[start - 1] === "." || (heading[end] === "." && /[A-Za-z_]/.test(heading[end + 1] ?? ""));
    const codeShaped = /[_0-9]/.test(name) || /[A-Z]/.test(name);
    if (inCode || called || dotted || codeShaped) found.add(name);
  }
  return [...found].sort();
}

/**
 * The `docs` context layout (LDU; the prompt quotes it): the chosen sections in order, numbered
 * from 1, each written as
 *
 *     <n>
 *     <BEGIN>
 *     <section text>
 *     <END>
 *
 * with one blank line between sections and a final line break.
 */
export function docsContextText(sections: readonly { text: string }[]): string {
  return sections.map((s, i) => docsBlock(i + 1, s.text)).join("\n\n") + "\n";
}

export function docsBlock(n: number, text: string): string {
  return `${n}\n<BEGIN>\n${text}\n<END>`;
}
