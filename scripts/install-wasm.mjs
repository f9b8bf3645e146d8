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
 */
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

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

for (const [name, source] of Object.entries(SOURCES)) {
  let dir;
  try {
    dir = packageDir(source.package);
  } catch {
    problems.push(`${source.package} is not installed (run npm install)`);
    continue;
  }
  const version = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).version;
  const bytes = readFileSync(join(dir, source.file));
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const entry = { file: `${name}.wasm`, package: source.package, version, sha256 };
  next.modules[name] = entry;
  const pinned = manifest.modules?.[name];
  if (!update && (!pinned || pinned.version !== version || pinned.sha256 !== sha256)) {
    problems.push(
      `${name}: installed ${source.package}@${version} (sha256 ${sha256.slice(0, 12)}) ` +
        `but wasm/manifest.json pins ${pinned ? `${pinned.version} (sha256 ${pinned.sha256.slice(0, 12)})` : "nothing"}`,
    );
    continue;
  }
  copyFileSync(join(dir, source.file), join(root, "wasm", entry.file));
}

if (problems.length) {
  console.error("install-wasm: wasm modules do not match wasm/manifest.json:\n  " + problems.join("\n  "));
  console.error("If the upgrade is deliberate, run `node scripts/install-wasm.mjs --update` and bump SCORER_VERSION.");
  process.exit(1);
}
if (update) writeFileSync(manifestPath, JSON.stringify(next, null, 2) + "\n");
console.log(`install-wasm: ${Object.keys(next.modules).length} wasm modules in wasm/ verified against the manifest`);
