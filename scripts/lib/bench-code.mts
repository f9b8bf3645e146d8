/**
 * Source files for the service bench (scripts/bench-service.mts): one repository per language of
 * about RepoQA's size (enough code for a 16K-token context). Python is real code (modules of the
 * standard library); the other languages are generated, deterministically, from statement
 * templates with varied identifiers and literals, because this machine has no corpus of them.
 */
import { existsSync, readFileSync } from "node:fs";
import type { Language } from "../../src/lib/code/languages.ts";
import { prng as rng } from "../../test/cli/parser-parity/corpus.ts";

const PY_MODULES = [
  "textwrap.py",
  "shlex.py",
  "fnmatch.py",
  "calendar.py",
  "difflib.py",
  "csv.py",
  "heapq.py",
  "bisect.py",
  "glob.py",
  "string.py",
  "tabnanny.py",
  "getopt.py",
];

const WORDS = (
  "count total index offset buffer length width height cursor limit chunk token value result state node child parent entry " +
  "record header footer prefix suffix window frame block page slot bucket queue stack cache score weight delta ratio scale " +
  "origin target source sink reader writer parser lexer span range start stop begin end left right upper lower inner outer"
).split(" ");

interface Syntax {
  ext: string;
  file(name: string, functions: string[]): string;
  fn(name: string, params: string[], body: string[], ret: string): string;
  assign(v: string, expr: string, first: boolean): string;
  ifStart(cond: string): string;
  loopStart(v: string, bound: string): string;
  close: string;
  call(f: string, args: string[]): string;
  comment(text: string): string;
}

const C_LIKE = {
  close: "}",
  call: (f: string, a: string[]) => `${f}(${a.join(", ")})`,
  comment: (t: string) => `// ${t}`,
};

const SYNTAX: Record<Exclude<Language, "python">, Syntax> = {
  cpp: {
    ...C_LIKE,
    ext: ".cpp",
    file: (_n, fns) =>
      `#include <vector>\n#include <string>\n\nnamespace bench {\n\n${fns.join("\n\n")}\n\n}  // namespace bench\n`,
    fn: (name, params, body, ret) =>
      `static long ${name}(${params.map((p) => `long ${p}`).join(", ")}) {\n${body.join("\n")}\n    return ${ret};\n}`,
    assign: (v, e, first) => `${first ? "long " : ""}${v} = ${e};`,
    ifStart: (c) => `if (${c}) {`,
    loopStart: (v, b) => `for (long ${v} = 0; ${v} < ${b}; ++${v}) {`,
  },
  java: {
    ...C_LIKE,
    ext: ".java",
    file: (n, fns) =>
      `package bench;\n\nimport java.util.List;\n\npublic class ${n[0].toUpperCase()}${n.slice(1)} {\n\n${fns.map((f) => f.replace(/^/gm, "    ")).join("\n\n")}\n}\n`,
    fn: (name, params, body, ret) =>
      `public static long ${name}(${params.map((p) => `long ${p}`).join(", ")}) {\n${body.join("\n")}\n    return ${ret};\n}`,
    assign: (v, e, first) => `${first ? "long " : ""}${v} = ${e};`,
    ifStart: (c) => `if (${c}) {`,
    loopStart: (v, b) => `for (long ${v} = 0; ${v} < ${b}; ${v}++) {`,
  },
  typescript: {
    ...C_LIKE,
    ext: ".ts",
    file: (_n, fns) => `import { strict as assert } from "node:assert";\n\n${fns.join("\n\n")}\n`,
    fn: (name, params, body, ret) =>
      `export function ${name}(${params.map((p) => `${p}: number`).join(", ")}): number {\n${body.join("\n")}\n    return ${ret};\n}`,
    assign: (v, e, first) => `${first ? "let " : ""}${v} = ${e};`,
    ifStart: (c) => `if (${c}) {`,
    loopStart: (v, b) => `for (let ${v} = 0; ${v} < ${b}; ${v}++) {`,
  },
  rust: {
    ...C_LIKE,
    ext: ".rs",
    file: (_n, fns) => `use std::collections::HashMap;\n\n${fns.join("\n\n")}\n`,
    fn: (name, params, body, ret) =>
      `pub fn ${name}(${params.map((p) => `${p}: i64`).join(", ")}) -> i64 {\n${body.join("\n")}\n    ${ret}\n}`,
    assign: (v, e, first) => `${first ? "let mut " : ""}${v} = ${e};`,
    ifStart: (c) => `if ${c} {`,
    loopStart: (v, b) => `for ${v} in 0..${b} {`,
  },
  go: {
    ...C_LIKE,
    ext: ".go",
    file: (_n, fns) => `package bench\n\nimport "fmt"\n\n${fns.join("\n\n")}\n`,
    fn: (name, params, body, ret) =>
      `func ${name}(${params.map((p) => `${p} int64`).join(", ")}) int64 {\n${body.join("\n")}\n    return ${ret}\n}`,
    assign: (v, e, first) => `${v} ${first ? ":=" : "="} ${e}`,
    ifStart: (c) => `if ${c} {`,
    loopStart: (v, b) => `for ${v} := int64(0); ${v} < ${b}; ${v}++ {`,
  },
};

function generated(language: Exclude<Language, "python">, files: number, perFile: number): Record<string, string> {
  const s = SYNTAX[language];
  const rand = rng(language.length * 7919 + files);
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  const ident = (parts: number) => {
    const w = Array.from({ length: parts }, () => pick(WORDS));
    return language === "rust" || language === "cpp"
      ? w.join("_")
      : w[0] +
          w
            .slice(1)
            .map((x) => x[0].toUpperCase() + x.slice(1))
            .join("");
  };
  const out: Record<string, string> = {};
  const names = new Set<string>();
  for (let f = 0; f < files; f++) {
    const fns: string[] = [];
    for (let k = 0; k < perFile; k++) {
      let name = ident(2 + Math.floor(rand() * 2));
      while (names.has(name)) name = `${name}${Math.floor(rand() * 10)}`;
      names.add(name);
      const params = Array.from({ length: 1 + Math.floor(rand() * 3) }, (_, i) => `${pick(WORDS)}${i}`);
      const locals: string[] = [];
      const body: string[] = [];
      let depth = 1;
      const statements = 6 + Math.floor(rand() * 30);
      for (let i = 0; i < statements; i++) {
        const indent = "    ".repeat(depth);
        const operand = () =>
          rand() < 0.5 && locals.length ? pick(locals) : rand() < 0.6 ? pick(params) : String(Math.floor(rand() * 100));
        const r = rand();
        if (r < 0.08)
          body.push(`${indent}${s.comment(`${pick(WORDS)} the ${pick(WORDS)} before the ${pick(WORDS)} changes`)}`);
        else if (r < 0.2 && depth < 3) {
          body.push(`${indent}${s.ifStart(`${operand()} > ${operand()}`)}`);
          depth++;
        } else if (r < 0.28 && depth < 3) {
          body.push(`${indent}${s.loopStart(`i${depth}`, operand())}`);
          depth++;
        } else if (r < 0.36 && depth > 1) {
          depth--;
          body.push(`${"    ".repeat(depth)}${s.close}`);
        } else {
          const fresh = depth === 1 && (locals.length < 3 || rand() < 0.4);
          const v = fresh ? `${pick(WORDS)}${locals.length}` : pick(locals.length ? locals : params);
          const e =
            rand() < 0.3
              ? `${operand()} * ${operand()} + ${operand()}`
              : rand() < 0.5
                ? `${operand()} - ${operand()}`
                : `${operand()} + ${Math.floor(rand() * 9) + 1}`;
          body.push(`${indent}${s.assign(v, e, fresh && !locals.includes(v))}`);
          if (fresh && !locals.includes(v)) locals.push(v);
        }
      }
      while (depth > 1) {
        depth--;
        body.push(`${"    ".repeat(depth)}${s.close}`);
      }
      fns.push(s.fn(name, params, body, locals.length ? pick(locals) : params[0]));
    }
    const base = ident(1) + f;
    out[`src/${base}${s.ext}`] = s.file(base, fns);
  }
  return out;
}

export function syntheticRepoFiles(language: Language): Record<string, string> {
  if (language === "python") {
    const out: Record<string, string> = {};
    for (const m of PY_MODULES) {
      const path = `/usr/lib/python3.11/${m}`;
      if (existsSync(path)) out[`lib/${m}`] = readFileSync(path, "utf8");
    }
    if (Object.keys(out).length < 4)
      throw new Error("bench: too few Python standard-library modules found under /usr/lib/python3.11");
    return out;
  }
  return generated(language, 10, 22);
}
