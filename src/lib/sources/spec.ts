/**
 * Source specs: which package of which registry, and which of its versions.
 *
 *   npm:<name>[@<range or dist-tag>]   npm:left-pad@^1.2, npm:@scope/pkg@~2, npm:react@next
 *   pypi:<name>[@<version>]            pypi:sampleproject@1.2.0
 *   crates:<name>[@<version>]          crates:itoa@1.0.11
 *
 * No version means every version. PyPI and crates.io specs name an exact version: PEP 440 and
 * Cargo give range syntax their own meanings, and reading them with npm's rules would pick the
 * wrong versions silently.
 */
import { SourceError } from "./errors";
import { parseRange, parseVersion } from "./semver";

export type RegistryKind = "npm" | "pypi" | "crates";

export const REGISTRY_KINDS: readonly RegistryKind[] = ["npm", "pypi", "crates"];

/** A parsed spec. */
export interface SourceSpec {
  registry: RegistryKind;
  /** The package name as written (npm scoped names keep their `@scope/`). */
  name: string;
  /** npm: a semver range or a dist-tag; PyPI, crates.io: an exact version. Absent: every version. */
  range?: string;
}

// npm: validate-npm-package-name's rules, allowing the capitals that packages published before
// 2017 may have; new names are lower-case anyway.
const NPM_NAME = /^(?:@[a-z0-9~-][a-z0-9._~-]*\/)?[A-Za-z0-9~-][A-Za-z0-9._~-]*$/;
const NPM_NAME_MAX = 214;
const DIST_TAG = /^[A-Za-z][A-Za-z0-9._-]*$/;
// PEP 508 names; versions: PEP 440 characters (legacy releases are looser than PEP 440 itself).
const PYPI_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/;
const PYPI_VERSION = /^[A-Za-z0-9][A-Za-z0-9.!+_-]*$/;
// crates.io: an ASCII letter, then letters, digits, `-` and `_`, at most 64 characters.
const CRATE_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
const VERSION_MAX = 128;

function bad(text: string, why: string): SourceError {
  return new SourceError("bad-spec", `bad-spec: ${JSON.stringify(text)}: ${why}`, { rule: "spec" });
}

/** Splits `name@range`, where an npm scope's own leading `@` is not the separator. */
function splitAt(body: string): [string, string | undefined] {
  const at = body.indexOf("@", body.startsWith("@") ? 1 : 0);
  return at < 0 ? [body, undefined] : [body.slice(0, at), body.slice(at + 1)];
}

function checkNpm(text: string, name: string, range: string | undefined): void {
  if (name.length > NPM_NAME_MAX || !NPM_NAME.test(name) || /^[._]/.test(name)) {
    throw bad(text, `${JSON.stringify(name)} is not an npm package name`);
  }
  if (range === undefined) return;
  if (DIST_TAG.test(range)) return;
  try {
    parseRange(range);
  } catch (error) {
    throw bad(text, `${JSON.stringify(range)} is neither a semver range nor a dist-tag (${(error as Error).message})`);
  }
}

function checkExact(text: string, registry: "pypi" | "crates", range: string | undefined): void {
  if (range === undefined) return;
  const exact =
    range.length <= VERSION_MAX &&
    (registry === "pypi" ? PYPI_VERSION.test(range) : parseVersion(range) !== undefined && !range.startsWith("v"));
  if (!exact) {
    const label = registry === "pypi" ? "PyPI" : "crates.io";
    throw bad(text, `${label} specs name one exact version, and ${JSON.stringify(range)} is not one`);
  }
}

/** Parses a spec; throws `bad-spec` (naming the part at fault) when it is malformed. */
export function parseSpec(text: string): SourceSpec {
  const trimmed = text.trim();
  const colon = trimmed.indexOf(":");
  const kind = colon < 0 ? "" : trimmed.slice(0, colon);
  if (!REGISTRY_KINDS.includes(kind as RegistryKind)) {
    throw bad(text, `a spec starts with ${REGISTRY_KINDS.map((k) => `${k}:`).join(", ")}`);
  }
  const registry = kind as RegistryKind;
  const [name, rawRange] = splitAt(trimmed.slice(colon + 1));
  const range = rawRange?.trim();
  if (!name) throw bad(text, "the package name is missing");
  if (range === "") throw bad(text, "nothing after @: leave the @ out to mean every version");
  if (registry === "npm") checkNpm(text, name, range);
  else {
    const pattern = registry === "pypi" ? PYPI_NAME : CRATE_NAME;
    if (!pattern.test(name)) throw bad(text, `${JSON.stringify(name)} is not a ${registry} package name`);
    checkExact(text, registry, range);
  }
  return range === undefined ? { registry, name } : { registry, name, range };
}

/** The canonical text of a spec, as lock records store it. */
export function formatSpec(spec: SourceSpec): string {
  return `${spec.registry}:${spec.name}${spec.range === undefined ? "" : `@${spec.range}`}`;
}
