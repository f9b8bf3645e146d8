#!/usr/bin/env node
/**
 * Copies the tree-sitter runtime and grammar wasm from their pinned npm packages into wasm/,
 * checking each against wasm/manifest.json (names, versions, sha256). Runs as `postinstall`.
 *
 *   node scripts/install-wasm.mjs            copy and verify (fails on any mismatch)
 *   node scripts/install-wasm.mjs --update   rewrite the manifest from what is installed
 *
 * Why a manifest: a grammar upgrade changes which functions the reference queries find, and so
 * every score. It must be a deliberate, reviewed change, never a side effect of `npm install`.
 *
 * The runtime is not copied as shipped: scripts/wasm-utf8.mjs patches web-tree-sitter's wasm so that
 * its core reads UTF-8, as the references' py-tree-sitter does (docs/fidelity.md#input-encoding). The
 * manifest pins both ends: `package_sha256` is the package's file, `sha256` the patched one in wasm/.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { patchUtf8Runtime } from "./wasm-utf8.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const manifestPath = join(root, "wasm", "manifest.json");
const require = createRequire(join(root, "package.json"));

/** Where each module comes from: package and file inside it. */
const SOURCES = {
  "tree-sitter": { package: "web-tree-sitter", file: "tree-sitter.wasm" },
  "tree-sitter-python": { package: "tree-sitter-python", file: "tree-sitter-python.wasm" },
  "tree-sitter-cpp": { package: "tree-sitter-cpp", file: "tree-sitter-cpp.wasm" },
  "tree-sitter-java": { package: "tree-sitter-java", file: "tree-sitter-java.wasm" },
  "tree-sitter-typescript": { package: "tree-sitter-typescript", file: "tree-sitter-typescript.wasm" },
  "tree-sitter-rust": { package: "tree-sitter-rust", file: "tree-sitter-rust.wasm" },
  "tree-sitter-go": { package: "tree-sitter-go", file: "tree-sitter-go.wasm" },
};

function packageDir(name) {
  const direct = join(root, "node_modules", name);
  if (existsSync(join(direct, "package.json"))) return direct;
  return dirname(require.resolve(`${name}/package.json`));
}

const update = process.argv.includes("--update");
const manifest = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, "utf8")) : { modules: {} };
const next = { modules: {} };
const problems = [];

const sha256Of = (bytes) => createHash("sha256").update(bytes).digest("hex");

for (const [name, source] of Object.entries(SOURCES)) {
  let dir;
  try {
    dir = packageDir(source.package);
  } catch {
    problems.push(`${source.package} is not installed (run npm install)`);
    continue;
  }
  const version = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).version;
  const shipped = readFileSync(join(dir, source.file));
  const shippedSha = sha256Of(shipped);
  const pinned = manifest.modules?.[name];
  let bytes = shipped;
  let entry = { file: `${name}.wasm`, package: source.package, version, sha256: shippedSha };
  if (name === "tree-sitter") {
    // The runtime: check the package's file, patch it to read UTF-8, check the result.
    if (!update && (!pinned || pinned.version !== version || pinned.package_sha256 !== shippedSha)) {
      problems.push(
        `${name}: installed ${source.package}@${version} (sha256 ${shippedSha.slice(0, 12)}) ` +
          `but wasm/manifest.json pins ${pinned ? `${pinned.version} (package_sha256 ${String(pinned.package_sha256).slice(0, 12)})` : "nothing"}`,
      );
      continue;
    }
    try {
      const map = readFileSync(join(dir, `${source.file}.map`), "utf8");
      const binding = readFileSync(join(dir, "lib", "tree-sitter.c"), "utf8");
      bytes = Buffer.from(
        patchUtf8Runtime(shipped, map, binding, { package: source.package, version, package_sha256: shippedSha }).bytes,
      );
    } catch (err) {
      problems.push(
        `${name}: the UTF-8 patch (scripts/wasm-utf8.mjs) does not apply to ${source.package}@${version}: ${err.message}`,
      );
      continue;
    }
    entry = { ...entry, sha256: sha256Of(bytes), package_sha256: shippedSha, input_encoding: "utf-8" };
    if (!update && pinned.sha256 !== entry.sha256) {
      problems.push(
        `${name}: the patched runtime's sha256 is ${entry.sha256.slice(0, 12)} but wasm/manifest.json pins ${pinned.sha256.slice(0, 12)}`,
      );
      continue;
    }
  } else if (!update && (!pinned || pinned.version !== version || pinned.sha256 !== shippedSha)) {
    problems.push(
      `${name}: installed ${source.package}@${version} (sha256 ${shippedSha.slice(0, 12)}) ` +
        `but wasm/manifest.json pins ${pinned ? `${pinned.version} (sha256 ${pinned.sha256.slice(0, 12)})` : "nothing"}`,
    );
    continue;
  }
  next.modules[name] = entry;
  writeFileSync(join(root, "wasm", entry.file), bytes);
}

if (problems.length) {
  console.error("install-wasm: wasm modules do not match wasm/manifest.json:\n  " + problems.join("\n  "));
  console.error("If the upgrade is deliberate, run `node scripts/install-wasm.mjs --update` and bump SCORER_VERSION.");
  process.exit(1);
}
if (update) writeFileSync(manifestPath, JSON.stringify(next, null, 2) + "\n");
console.log(`install-wasm: ${Object.keys(next.modules).length} wasm modules in wasm/ verified against the manifest`);
