/**
 * What parses code here, as reported beside the grammars (`GET /v1/health`, dataset manifests, run
 * receipts), read from wasm/manifest.json (which scripts/install-wasm.mjs checks against the
 * installed packages).
 *
 * `core` is the tree-sitter C core compiled into the runtime's wasm. web-tree-sitter is released
 * from the tree-sitter repository together with the core, one version for both, so the core is the
 * runtime's major.minor. It is what decides how syntax errors are recovered from: the references
 * (a reference's `compute_score`, the `codebleu` package) run on native cores of the 0.22-0.26 line, and
 * test/cli/parser-parity.test.ts compares this runtime's trees with the native 0.25 core's.
 */
import wasmManifest from "../../wasm/manifest.json";

export interface ParserRuntime {
  /** npm package of the runtime (`web-tree-sitter`). */
  package: string;
  version: string;
  /** tree-sitter core version (major.minor) inside the runtime. */
  core: string;
  /** sha256 of the runtime's wasm (wasm/manifest.json). */
  sha256: string;
}

export type GrammarVersions = Record<string, { package: string; version: string; sha256: string }>;

const runtimeModule = wasmManifest.modules["tree-sitter"];

export const PARSER_RUNTIME: Readonly<ParserRuntime> = Object.freeze({
  package: runtimeModule.package,
  version: runtimeModule.version,
  core: runtimeModule.version.split(".").slice(0, 2).join("."),
  sha256: runtimeModule.sha256,
});

/** Every wasm module (runtime and grammars) by module name, as wasm/manifest.json pins them. */
export const GRAMMARS: Readonly<GrammarVersions> = Object.freeze(
  Object.fromEntries(
    Object.entries(wasmManifest.modules).map(([name, m]) => [name, { package: m.package, version: m.version, sha256: m.sha256 }]),
  ),
);
