/**
 * The synthetic source the registry tests publish as package versions: documented functions whose
 * bodies differ by a number, so each one is a distinct needle or example and a version's new
 * functions can be told from its old ones. Plain strings, no runtime API: read by workerd and Node tests.
 */

/** A documented TypeScript function, its body set apart by `n`. */
export const tsFunction = (name: string, n: number) =>
  [
    "/**",
    " * Collect every entry below the limit and return them sorted in ascending order.",
    " */",
    `export function ${name}(values: number[], limit: number): number[] {`,
    `  const kept = values.filter((v) => v < limit + ${n});`,
    `  return kept.slice(0, ${n + 3});`,
    "}",
    "",
    "",
  ].join("\n");

/** A file of `count` such functions, `<prefix>_0` … numbered from `from`. */
export const tsFile = (prefix: string, from: number, count = 6) =>
  Array.from({ length: count }, (_, i) => tsFunction(`${prefix}_${i}`, from + i)).join("");

/** A documented Python function with a variable changing on two lines, calling `callee` when given. */
export const pyFunction = (name: string, n: number, callee?: string) =>
  [
    `def ${name}(items, factor=${n}):`,
    `    """Scale the items number ${n} by the factor and keep the positive ones."""`,
    "    total = 0",
    "    for item in items:",
    `        total = total + ${callee ? `${callee}(item, factor)` : `item * ${n + 2}`}`,
    `    return total + ${n}`,
    "",
    "",
  ].join("\n");

/** A module of six such functions, each calling the one before it. */
export const pyModule = (prefix: string, from: number) =>
  `import os\n\n\n${Array.from({ length: 6 }, (_, i) => pyFunction(`${prefix}_${i}`, from + i, i ? `${prefix}_${i - 1}` : undefined)).join("")}`;
