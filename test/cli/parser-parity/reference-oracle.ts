/**
 * Drives reference_oracle.py (beside this file): the references' own algorithms (repoqa 0.1.2's
 * sanitizer, comment removal and similarity; codebleu 0.7.1's syntax and data-flow match), re-derived in Python
 * and run on the native tree-sitter core through its C API, with the input encoded as UTF-8 as the
 * references encode it ("utf8") or as UTF-16 as the package's web-tree-sitter and the Node binding
 * hand it to the core ("utf16"); and the native trees themselves (S-expressions, query captures,
 * every node by cursor) for test/cli/parser-parity.test.ts. One python3 process per call answers a
 * whole batch of jobs. `match` is (matched, total) for `syntax` and `dataflow` jobs.
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import type { Language } from "../../../src/lib/code/languages";

const require = createRequire(import.meta.url);
const nodeGypBuild = require("node-gyp-build") as { path(dir: string): string };

/** Debian's interpreter: CI installs python3-nltk for it (.ci/run), which the similarity needs. */
export const ORACLE_PYTHON = "/usr/bin/python3";
const SCRIPT = new URL("./reference_oracle.py", import.meta.url).pathname;

/** Version of the Node binding whose shared object holds the C core (its package.json), for reports. */
export const NATIVE_VERSION: string = (require("tree-sitter/package.json") as { version: string }).version;

/** The shared object node-gyp-build loads for a package: the C core's or a grammar's native build. */
const nativeBuild = (pkg: string) => nodeGypBuild.path(dirname(require.resolve(`${pkg}/package.json`)));

const GRAMMARS: Record<Language, [pkg: string, symbol: string]> = {
  python: ["tree-sitter-python", "tree_sitter_python"],
  cpp: ["tree-sitter-cpp", "tree_sitter_cpp"],
  java: ["tree-sitter-java", "tree_sitter_java"],
  typescript: ["tree-sitter-typescript", "tree_sitter_typescript"],
  rust: ["tree-sitter-rust", "tree_sitter_rust"],
  go: ["tree-sitter-go", "tree_sitter_go"],
};

export type OracleEncoding = "utf8" | "utf16";

/**
 * How data-flow merges order parent names: "first" occurrence, the port's named deviation
 * (src/lib/metrics/codebleu/dfg/common.ts), or Python's literal `list(set(...))` ("set", string-hash order
 * under the PYTHONHASHSEED=0 the oracle runs with).
 */
export type OracleNamesOrder = "first" | "set";

export type OracleJob =
  | { op: "facts"; lang: Language; code: string }
  | { op: "codebleu_tree"; lang: Language; code: string }
  | { op: "sanitize"; lang: Language; output: string }
  | { op: "remove_comments"; lang: Language; code: string }
  | { op: "needle"; lang: Language; answer: string; needle: string; ignore_comments: boolean }
  | { op: "syntax"; lang: Language; reference: string; candidate: string }
  | { op: "dataflow"; lang: Language; reference: string; candidate: string }
  | { op: "sexp"; lang: Language; code: string };

/** A node's [start_byte, end_byte, start_row, start_column, end_row, end_column] (columns in bytes). */
export type NativeSpan = [number, number, number, number, number, number];

/** A node by cursor: [type, field, start_row, start_column, end_row, end_column, children]. */
export type NativePlain = [string, string | null, number, number, number, number, NativePlain[]];

export interface OracleResult {
  /** `facts`: the whole tree, whether it has errors, the function query's captures (span, name) and the comment queries' (span, type). */
  has_error?: boolean;
  functions?: [...NativeSpan, string][];
  comments?: [...NativeSpan, string][];
  /** `codebleu_tree`: `get_all_sub_trees` and every node by cursor. */
  subtrees?: string[];
  plain?: NativePlain;
  text?: string;
  sanitized?: string;
  cleaned?: string;
  similarity?: number;
  match?: [matched: number, total: number];
  sexp?: string;
  error?: string;
}

/** The shared objects the oracle runs on: the C core's and, per language, a grammar's with its symbol. */
export interface OracleNatives {
  runtime: string;
  grammars: Partial<Record<Language, [path: string, symbol: string]>>;
}

/** The project's: the binding `tree-sitter` 0.25.1 and the grammar packages (scripts/core021-measure.mts passes an older core's). */
export const projectNatives = (): OracleNatives => ({
  runtime: nativeBuild("tree-sitter"),
  grammars: Object.fromEntries(
    Object.entries(GRAMMARS).map(([lang, [pkg, symbol]]) => [lang, [nativeBuild(pkg), symbol]]),
  ),
});

/**
 * Runs the jobs through one python3 process; results in job order. `keepCommentBreaks` applies
 * needlework's one named grammar deviation to comment removal (docs/fidelity.md, "Grammars": a Rust
 * line comment's own line break stays, as with the references' older grammar).
 */
export function runOracle(
  jobs: readonly OracleJob[],
  encoding: OracleEncoding,
  keepCommentBreaks = true,
  natives: OracleNatives = projectNatives(),
  namesOrder: OracleNamesOrder = "first",
): Promise<OracleResult[]> {
  const config = { keep_comment_breaks: keepCommentBreaks, ...natives, encoding, names_order: namesOrder };
  // Asynchronous, so that the port's side (and the other encoding) run while Python works.
  const child = spawn(ORACLE_PYTHON, [SCRIPT], { env: { ...process.env, PYTHONHASHSEED: "0" } });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on("data", (b: Buffer) => out.push(b));
  child.stderr.on("data", (b: Buffer) => err.push(b));
  child.stdin.end([config, ...jobs].map((j) => JSON.stringify(j)).join("\n") + "\n");
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (status) => {
      const stderr = Buffer.concat(err).toString("utf8");
      if (status !== 0) return reject(new Error(`reference_oracle.py exited ${status}: ${stderr}`));
      const lines = Buffer.concat(out)
        .toString("utf8")
        .split("\n")
        .filter((l: string) => l !== "");
      if (lines.length !== jobs.length)
        return reject(new Error(`reference_oracle.py answered ${lines.length} of ${jobs.length} jobs: ${stderr}`));
      resolve(lines.map((l: string) => JSON.parse(l) as OracleResult));
    });
  });
}
