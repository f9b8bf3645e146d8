/**
 * What parses code here, as reported beside the grammars (`GET /v1/health`, dataset manifests, run
 * receipts), read from wasm/manifest.json (which scripts/install-wasm.mjs checks against the
 * installed packages).
 *
 * `core` is the tree-sitter C core compiled into the runtime's wasm. web-tree-sitter is released
 * from the tree-sitter repository together with the core, one version for both, so the core is the
 * runtime's major.minor. It is what decides how syntax errors are recovered from:
 * test/cli/parser-parity.test.ts compares this runtime's trees with the native 0.25 core's. The
 * reference implementations ran older cores (py-tree-sitter 0.21.3's and 0.22's), which recover as
 * every core from 0.21 to 0.24 does and unlike 0.25: a named deviation, measured by
 * scripts/core021-measure.mts (docs/fidelity.md, "The references' core").
 *
 * `input_encoding` is what the core reads. The package's wasm hands it UTF-16; the one in wasm/ is
 * patched to hand it UTF-8, as the references do (scripts/wasm-utf8.mjs): `sha256` is the patched
 * file, `package_sha256` the package's. Manifests and receipts written before the patch have
 * neither field: their runtime read UTF-16.
 */
import wasmManifest from "../../../wasm/manifest.json";

export interface ParserRuntime {
  /** npm package of the runtime (`web-tree-sitter`). */
  package: string;
  version: string;
  /** tree-sitter core version (major.minor) inside the runtime. */
  core: string;
  /** sha256 of the runtime's wasm as it runs (wasm/manifest.json). */
  sha256: string;
  /** Encoding the core reads code in (`utf-8`); absent before it did: UTF-16. */
  input_encoding?: "utf-8";
  /** sha256 of the package's own wasm, before the UTF-8 patch. */
  package_sha256?: string;
}

export type GrammarVersions = Record<string, { package: string; version: string; sha256: string }>;

const runtimeModule = wasmManifest.modules["tree-sitter"];

export const PARSER_RUNTIME: Readonly<ParserRuntime> = Object.freeze({
  package: runtimeModule.package,
  version: runtimeModule.version,
  core: runtimeModule.version.split(".").slice(0, 2).join("."),
  sha256: runtimeModule.sha256,
  input_encoding: runtimeModule.input_encoding as "utf-8",
  package_sha256: runtimeModule.package_sha256,
});

/** Every wasm module (runtime and grammars) by module name, as wasm/manifest.json pins them. */
export const GRAMMARS: Readonly<GrammarVersions> = Object.freeze(
  Object.fromEntries(
    Object.entries(wasmManifest.modules).map(([name, m]) => [
      name,
      { package: m.package, version: m.version, sha256: m.sha256 },
    ]),
  ),
);
