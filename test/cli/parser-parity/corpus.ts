/**
 * Real code found on this machine at test time, per language, and snippets made from it — many of
 * them broken on purpose (cut, shuffled, delimiters deleted, keywords renamed, strings unbalanced).
 * Everything is drawn from a seeded PRNG over sorted file lists, so a machine always gets the same
 * snippets. Where a language has no code on the machine, the repository's own fixtures stand in.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { inflateRawSync } from "node:zlib";
import { homedir } from "node:os";
import type { Language } from "../../../src/lib/code/languages";

const repoRoot = new URL("../../../", import.meta.url).pathname;

/** mulberry32: small, fast, good enough to pick snippets reproducibly. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const int = (rng: () => number, n: number) => Math.floor(rng() * n);
const pick = <T>(rng: () => number, xs: readonly T[]): T => xs[int(rng, xs.length)];

export interface SourceFile {
  path: string;
  text: string;
}

export interface Corpus {
  language: Language;
  /** Where the files came from (directories, archives), for the report. */
  origin: string[];
  files: SourceFile[];
  /** True when nothing was found on the machine and the repository's fixtures stand in. */
  fallback: boolean;
}

const MAX_FILE_BYTES = 200_000;

/** Files under `dir` (sorted, depth-first) whose name passes `keep`, at most `limit`. */
function walk(dir: string, keep: (name: string) => boolean, limit: number, out: string[] = [], depth = 0): string[] {
  if (out.length >= limit || depth > 12 || !existsSync(dir)) return out;
  let entries: string[];
  try {
    entries = readdirSync(dir).sort();
  } catch {
    return out;
  }
  for (const name of entries) {
    if (out.length >= limit) break;
    const path = join(dir, name);
    let st: ReturnType<typeof statSync>;
    try {
      st = statSync(path);
    } catch {
      continue;
    }
    if (st.isDirectory()) {
      if (name !== ".git" && name !== ".vitest-cache") walk(path, keep, limit, out, depth + 1);
    } else if (st.isFile() && st.size > 0 && st.size <= MAX_FILE_BYTES && keep(name)) out.push(path);
  }
  return out;
}

function readText(path: string): SourceFile | undefined {
  try {
    const text = readFileSync(path, "utf8");
    return text.includes("\u0000") ? undefined : { path, text };
  } catch {
    return undefined;
  }
}

/** A seeded sample of `n` paths, in a stable order. */
function sample(paths: string[], n: number, seed: number): string[] {
  if (paths.length <= n) return paths;
  const rng = prng(seed);
  const copy = [...paths];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = int(rng, i + 1);
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, n).sort();
}

/** Entries of a zip archive whose names pass `keep` (stored or deflated; no zip64). */
function readZip(path: string, keep: (name: string) => boolean, limit: number, seed: number): SourceFile[] {
  let buf: Buffer;
  try {
    buf = readFileSync(path);
  } catch {
    return [];
  }
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 66_000); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return [];
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const entries: { name: string; method: number; size: number; offset: number }[] = [];
  for (let i = 0; i < count && buf.readUInt32LE(p) === 0x02014b50; i++) {
    const method = buf.readUInt16LE(p + 10);
    const size = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const offset = buf.readUInt32LE(p + 42);
    const name = buf.toString("utf8", p + 46, p + 46 + nameLen);
    if (keep(name) && size <= MAX_FILE_BYTES) entries.push({ name, method, size, offset });
    p += 46 + nameLen + extraLen + commentLen;
  }
  const chosen = new Set(sample(entries.map((e) => e.name).sort(), limit, seed));
  const out: SourceFile[] = [];
  for (const e of entries.filter((x) => chosen.has(x.name)).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const start = e.offset + 30 + buf.readUInt16LE(e.offset + 26) + buf.readUInt16LE(e.offset + 28);
    const data = buf.subarray(start, start + e.size);
    const bytes = e.method === 8 ? inflateRawSync(data) : e.method === 0 ? data : undefined;
    if (bytes) out.push({ path: `${path}!${e.name}`, text: bytes.toString("utf8") });
  }
  return out;
}

const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'", nbsp: "\u00a0" };

/** The Rust source inside a rustdoc `src/**.rs.html` page (line-number anchors and markup removed). */
export function rustdocSource(html: string): string | undefined {
  const m = /<pre class="rust"><code>([\s\S]*?)<\/code><\/pre>/.exec(html);
  if (!m) return undefined;
  return m[1]
    .replace(/<a [^>]*data-nosnippet>\d+<\/a>/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, e: string) =>
      e[0] === "#"
        ? String.fromCodePoint(e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10))
        : (ENTITIES[e] ?? all),
    );
}

const globDirs = (parent: string, re: RegExp) =>
  existsSync(parent)
    ? readdirSync(parent)
        .filter((d) => re.test(d))
        .sort()
        .map((d) => join(parent, d))
    : [];

function filesFrom(
  dirs: string[],
  keep: (name: string) => boolean,
  perDir: number,
  total: number,
  seed: number,
): { files: SourceFile[]; origin: string[] } {
  const paths: string[] = [];
  const origin: string[] = [];
  for (const d of dirs) {
    const found = walk(d, keep, perDir);
    if (found.length > 0) origin.push(d);
    paths.push(...found);
  }
  return {
    files: sample(paths, total, seed)
      .map(readText)
      .filter((f): f is SourceFile => f !== undefined),
    origin,
  };
}

const ext =
  (...exts: string[]) =>
  (name: string) =>
    exts.some((e) => name.endsWith(e));

/** Fixture files of the repository for `lang` (the fallback). */
function fixtures(lang: Language): SourceFile[] {
  const suffix: Record<Language, string[]> = {
    python: [".py"],
    cpp: [".cpp", ".cc", ".h", ".hpp"],
    java: [".java"],
    typescript: [".ts", ".js"],
    rust: [".rs"],
    go: [".go"],
  };
  return walk(join(repoRoot, "test/fixtures"), ext(...suffix[lang]), 200)
    .map(readText)
    .filter((f): f is SourceFile => f !== undefined);
}

/** Real code of `lang` on this machine (up to about `limit` files). */
export function findCorpus(lang: Language, limit = 150, seed = 13): Corpus {
  let files: SourceFile[] = [];
  let origin: string[] = [];
  switch (lang) {
    case "python": {
      ({ files, origin } = filesFrom(
        globDirs("/usr/lib", /^python3(\.\d+)?$/).slice(-1),
        ext(".py"),
        3000,
        limit,
        seed,
      ));
      break;
    }
    case "typescript": {
      const dirs = [
        "src",
        "cli",
        "scripts",
        "node_modules/hono/dist",
        "node_modules/zod",
        "node_modules/drizzle-orm",
        "node_modules/web-tree-sitter",
      ].map((d) => join(repoRoot, d));
      ({ files, origin } = filesFrom(
        dirs,
        (n) => (n.endsWith(".ts") && !n.endsWith(".d.ts")) || n.endsWith(".js") || n.endsWith(".mjs"),
        600,
        limit,
        seed,
      ));
      break;
    }
    case "cpp": {
      const nm = join(repoRoot, "node_modules");
      const dirs = [
        join(nm, "tree-sitter/src"),
        join(nm, "tree-sitter/node-addon-api"),
        ...globDirs(nm, /^tree-sitter-/).map((d) => join(d, "src")),
        ...globDirs("/usr/include/c++", /^\d+$/)
          .slice(-1)
          .map((d) => join(d, "bits")),
        "/usr/include",
      ];
      // parser.c files are generated tables, not code anyone writes; headers under /usr/include are C.
      const keep = (n: string) => n !== "parser.c" && /\.(cc|cpp|cxx|c|h|hh|hpp|tcc)$/.test(n);
      ({ files, origin } = filesFrom(dirs, keep, 400, limit, seed));
      break;
    }
    case "java": {
      for (const zip of [
        ...globDirs("/usr/lib/jvm", /./).flatMap((d) => [join(d, "lib/src.zip"), join(d, "src.zip")]),
      ]) {
        files = readZip(zip, (n) => /^java\.base\/java\/.*\.java$/.test(n), limit, seed);
        if (files.length > 0) {
          origin = [zip];
          break;
        }
      }
      if (files.length === 0)
        ({ files, origin } = filesFrom(["/usr/share", "/usr/lib"], ext(".java"), 400, limit, seed));
      break;
    }
    case "rust": {
      const docs = globDirs(join(homedir(), ".rustup/toolchains"), /./).map((t) => join(t, "share/doc/rust/html/src"));
      const registry = join(homedir(), ".cargo/registry/src");
      ({ files, origin } = filesFrom(
        [registry, ...docs.slice(0, 1)],
        (n) => n.endsWith(".rs") || n.endsWith(".rs.html"),
        2000,
        limit,
        seed,
      ));
      files = files
        .map((f) => (f.path.endsWith(".html") ? { path: f.path, text: rustdocSource(f.text) ?? "" } : f))
        .filter((f) => f.text.length > 0);
      break;
    }
    case "go": {
      const dirs = [
        ...globDirs("/usr/lib", /^go(-[\d.]+)?$/).map((d) => join(d, "src")),
        join(homedir(), "go/pkg/mod"),
        "/usr/share/doc",
        "/usr/share/go",
      ];
      ({ files, origin } = filesFrom(dirs, ext(".go"), 2000, limit, seed));
      break;
    }
  }
  if (files.length === 0)
    return {
      language: lang,
      origin: ["test/fixtures (nothing found on the machine)"],
      files: fixtures(lang),
      fallback: true,
    };
  // Little real code (Go here: a handful of files): the fixtures add to it.
  if (files.length < 20) {
    const extra = fixtures(lang);
    if (extra.length > 0) origin.push("test/fixtures");
    files = [...files, ...extra];
  }
  return { language: lang, origin, files, fallback: false };
}

const KEYWORDS: Record<Language, string[]> = {
  python: [
    "def",
    "class",
    "if",
    "elif",
    "else",
    "return",
    "for",
    "while",
    "in",
    "import",
    "from",
    "try",
    "except",
    "with",
    "lambda",
    "yield",
    "pass",
    "async",
    "await",
    "not",
  ],
  cpp: [
    "if",
    "else",
    "return",
    "for",
    "while",
    "class",
    "struct",
    "template",
    "typename",
    "static",
    "inline",
    "const",
    "void",
    "int",
    "bool",
    "namespace",
    "public",
    "private",
    "switch",
    "case",
  ],
  java: [
    "public",
    "private",
    "protected",
    "class",
    "static",
    "final",
    "void",
    "return",
    "if",
    "else",
    "new",
    "for",
    "while",
    "try",
    "catch",
    "import",
    "package",
    "interface",
    "extends",
    "throws",
  ],
  typescript: [
    "function",
    "const",
    "let",
    "var",
    "return",
    "if",
    "else",
    "class",
    "interface",
    "type",
    "export",
    "import",
    "async",
    "await",
    "new",
    "for",
    "while",
    "extends",
    "=>",
    "of",
  ],
  rust: [
    "fn",
    "let",
    "mut",
    "impl",
    "pub",
    "struct",
    "enum",
    "match",
    "if",
    "else",
    "return",
    "use",
    "mod",
    "trait",
    "where",
    "for",
    "loop",
    "unsafe",
    "const",
    "=>",
  ],
  go: [
    "func",
    "package",
    "import",
    "return",
    "if",
    "else",
    "for",
    "range",
    "var",
    "const",
    "type",
    "struct",
    "interface",
    "go",
    "defer",
    "switch",
    "case",
    "map",
    "chan",
    "select",
  ],
};

const DELIMITERS = ["{", "}", ":", ";", "(", ")", "[", "]", ",", "<", ">"];
const QUOTES = ['"', "'", '"""', "`", "'''", "/*", 'r"', "b'"];

export const MUTATIONS = ["window", "prefix", "cut", "shuffle", "delimiters", "keywords", "strings", "mixed"] as const;
export type Mutation = (typeof MUTATIONS)[number];

export interface Snippet {
  kind: Mutation | FileKind;
  /** The intact lines the snippet was made from (the reference side of a CodeBLEU pair). */
  base: string;
  code: string;
  source: string;
}

function escapeRe(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** `at`, or one less when it falls between the halves of a surrogate pair (no lone surrogates made). */
function unsplit(text: string, at: number): number {
  return at > 0 &&
    at < text.length &&
    (text.charCodeAt(at) & 0xfc00) === 0xdc00 &&
    (text.charCodeAt(at - 1) & 0xfc00) === 0xd800
    ? at - 1
    : at;
}

function mutate(
  kind: Exclude<Mutation, "window" | "prefix" | "mixed">,
  lang: Language,
  code: string,
  rng: () => number,
): string {
  switch (kind) {
    case "cut": {
      // Cut inside the text (mid-token, mid-line), not only at line ends; never inside a surrogate pair.
      return code.slice(0, unsplit(code, 1 + int(rng, Math.max(1, code.length - 1))));
    }
    case "shuffle": {
      const lines = code.split("\n");
      const swaps = 1 + int(rng, Math.max(1, lines.length / 3));
      for (let s = 0; s < swaps; s++) {
        const i = int(rng, lines.length);
        const j = int(rng, lines.length);
        [lines[i], lines[j]] = [lines[j], lines[i]];
      }
      return lines.join("\n");
    }
    case "delimiters": {
      const chosen = DELIMITERS.filter(() => rng() < 0.3);
      const set = chosen.length > 0 ? chosen : [pick(rng, DELIMITERS)];
      const p = rng() < 0.5 ? 1 : 0.1 + rng() * 0.6;
      let out = "";
      for (const ch of code) out += set.includes(ch) && rng() < p ? "" : ch;
      return out;
    }
    case "keywords": {
      const words = KEYWORDS[lang].filter(() => rng() < 0.35);
      let out = code;
      for (const w of words.length > 0 ? words : [pick(rng, KEYWORDS[lang])]) {
        const re = /^\w+$/.test(w) ? new RegExp(`\\b${w}\\b`, "g") : new RegExp(escapeRe(w), "g");
        out = out.replace(re, (m) => {
          if (rng() < 0.4) return m;
          const how = int(rng, 4);
          return how === 0 ? m + "x" : how === 1 ? m.slice(1) : how === 2 ? m.toUpperCase() : pick(rng, KEYWORDS[lang]);
        });
      }
      return out;
    }
    case "strings": {
      let out = code;
      const n = 1 + int(rng, 3);
      for (let k = 0; k < n; k++) {
        const at = unsplit(out, int(rng, out.length + 1));
        out = out.slice(0, at) + pick(rng, QUOTES) + out.slice(at);
      }
      return out;
    }
  }
}

/** `count` snippets of `corpus`, cycling through every mutation kind. */
export function makeSnippets(corpus: Corpus, count: number, seed = 2026): Snippet[] {
  const rng = prng(seed ^ (corpus.language.length * 7919));
  const files = corpus.files.filter((f) => f.text.trim().length > 0);
  const out: Snippet[] = [];
  for (let i = 0; out.length < count && files.length > 0; i++) {
    const file = pick(rng, files);
    const lines = file.text.split("\n");
    const kind = MUTATIONS[i % MUTATIONS.length];
    let base: string;
    let start = 0;
    if (kind === "prefix") {
      // The file cut after every few lines: line 3, 6, 9, ... (up to 90).
      const end = Math.min(lines.length, 3 * (1 + int(rng, 30)));
      base = lines.slice(0, end).join("\n");
    } else {
      const len = 2 + int(rng, 39);
      start = int(rng, Math.max(1, lines.length - len + 1));
      base = lines.slice(start, start + len).join("\n");
    }
    if (base.trim().length === 0) continue;
    let code = base;
    if (kind === "mixed") {
      const kinds = ["cut", "shuffle", "delimiters", "keywords", "strings"] as const;
      code = mutate(pick(rng, kinds), corpus.language, mutate(pick(rng, kinds), corpus.language, code, rng), rng);
    } else if (kind !== "window" && kind !== "prefix") {
      code = mutate(kind, corpus.language, code, rng);
    }
    out.push({ kind, base, code, source: `${file.path}:${start + 1}` });
  }
  return out;
}

/** Whole files: as they are, with non-ASCII text inserted, and with that and a mutation. */
export const FILE_KINDS = ["file", "unicode", "unicode+mutation"] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** 2-, 3- and 4-byte UTF-8, as identifiers' letters, symbols, spaces and emoji. */
const NON_ASCII = ["é", "Ωμέγα", "世界", "ℝ", "→", "😀", "\u00a0", "ß"];

/**
 * Largest whole file used: the runtime prints a tree's S-expression recursively, and a large broken
 * file's error trees can nest deep enough to overflow the wasm stack (the package's runtime as much
 * as the patched one), which is not what this compares.
 */
const MAX_WHOLE_FILE = 40_000;

/**
 * `count` whole files of `corpus`, the largest up to {@link MAX_WHOLE_FILE} characters first: inputs
 * that span several of the runtime's 10 KiB reads, and (two in three) carry non-ASCII text inserted
 * anywhere, in identifiers, strings, comments or between tokens, so that byte offsets and string
 * indices part ways; one in three is broken besides.
 */
export function makeFileInputs(corpus: Corpus, count: number, seed = 2027): Snippet[] {
  const rng = prng(seed ^ (corpus.language.length * 104729));
  const files = corpus.files
    .filter((f) => f.text.trim().length > 0 && f.text.length <= MAX_WHOLE_FILE)
    .sort((a, b) => b.text.length - a.text.length || (a.path < b.path ? -1 : 1));
  const out: Snippet[] = [];
  for (let i = 0; out.length < count && files.length > 0; i++) {
    const file = files[i % files.length];
    const kind = FILE_KINDS[i % FILE_KINDS.length];
    let code = file.text;
    if (kind !== "file") {
      const n = 5 + int(rng, 40);
      for (let k = 0; k < n; k++) {
        const at = unsplit(code, int(rng, code.length + 1));
        code = code.slice(0, at) + pick(rng, NON_ASCII) + code.slice(at);
      }
    }
    if (kind === "unicode+mutation")
      code = mutate(pick(rng, ["shuffle", "delimiters", "keywords", "strings"] as const), corpus.language, code, rng);
    out.push({ kind, base: file.text, code, source: file.path });
  }
  return out;
}

const FENCE: Record<Language, string> = {
  python: "python",
  cpp: "cpp",
  java: "java",
  typescript: "typescript",
  rust: "rust",
  go: "go",
};

/** An answer around the snippet, varied the way model answers are. */
export function answerFor(lang: Language, s: Snippet, i: number): string {
  switch (i % 4) {
    case 0:
      return "```" + FENCE[lang] + "\n" + s.code + "\n```";
    case 1:
      return "Here is the function:\n\n```\n" + s.code + "\n```\nIt does what was described.";
    case 2: {
      // Two blocks: the sanitizer takes the first that has a function.
      const half = s.code.length >> 1;
      return (
        "```" +
        FENCE[lang] +
        "\n" +
        s.code.slice(0, half) +
        "\n```\nand\n```" +
        FENCE[lang] +
        "\n" +
        s.code.slice(half) +
        "\n```"
      );
    }
    default:
      return "  " + s.base.slice(0, 40) + "\n```" + FENCE[lang] + "  \n" + s.code + "\n```  ";
  }
}
