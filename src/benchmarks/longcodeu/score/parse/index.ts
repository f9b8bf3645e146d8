/**
 * Reading LongCodeU answers. Each parser looks for the format its instruction demands first and
 * falls back to what models commonly write instead; ``` fences, the paper's quote-mark frames and
 * stray prose around the answer are tolerated. A parser returns null when the output holds nothing
 * in the demanded shape (or a fallback of it): the scorer counts that as unparseable (0).
 *
 * Fences follow CommonMark's rules, with indentation taken relative to the opening fence: a block
 * opened by n >= 3 backticks (an info string may follow) is closed only by a line of at least n
 * backticks and nothing else, indented at most 3 columns more than the opening, so a docstring's
 * Markdown example (```python ... ```) inside a function (indented 4 or more), or inside a unit
 * fenced with more backticks, stays part of the unit. Where an answer's text is taken verbatim (LDU, and the
 * units of labelled blocks), only a fence that wraps the whole answer (or the whole block, or the
 * whole documentation text after its label) is removed, never fence lines inside it: a
 * documentation section or a docstring may hold fences of its own.
 *
 * Choices the paper leaves open, fixed here:
 * - CU_P: the last `Function_names = [...]`, else the last bracketed list; an unclosed list (an
 *   answer cut off by max_tokens) runs to the end. Names may be quoted, backticked, `def`-prefixed or
 *   written as calls (`name()`, `name(a, b)`); `...` and empty items are not names.
 * - CU_DFA: every non-blank line of an `extracted code line` block is a predicted line; without
 *   such blocks, the non-blank lines of the fenced blocks are.
 * - Units (DRA/SRE): `##### <label> #####` blocks, else fenced blocks, else top-level chunks; a
 *   fenced block holding several top-level definitions is split into them. A top-level chunk
 *   starts at a column-0 `def`/`async def`/`class` (with its decorators) and ends before the next
 *   one or before a column-0 line starting with a letter (module code or prose) outside a
 *   triple-quoted string. A labelled block that starts with a definition loses such trailing
 *   lines too (prose after the last block); an unfenced CU_SA answer is its first chunk.
 * - LDU: the text after `# The complete documentation`, else between `<BEGIN>`/`<END>`, else the
 *   whole output minus a `# The sequence number` block; `<BEGIN>`/`<END>` copied along are removed.
 *   Fences and quote frames are removed only where they wrap the whole answer or the whole text
 *   after `# The complete documentation` (a section starts with its heading or its API's
 *   signature, never with a fence, so such a wrap is never part of the reference).
 */
export { parseDataFlow, type DataFlowPair } from "./data-flow";
export { parseDocumentation } from "./documentation";
export { cleanName, parseFunctionNames } from "./names";
export { dedent, fencedBlocks, unfence, unitName, unwrapLines } from "./text";
export { extractFunction, parseUnits, topLevelChunks, type PredictedUnit } from "./units";
