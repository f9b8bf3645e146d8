/**
 * The high-level entry points: from a spec to the chosen versions (`resolveVersions`), and to their
 * files, one version at a time, oldest first (`fetchVersions`), so a caller walking a package's
 * history never holds more than one version's files.
 */
import { type Files, type KeepFilter, readArchive } from "./archive";
import type { Bounds } from "./bounds";
import { isSourceError, ruleError, SourceError } from "./errors";
import { type LockRecord, lockRecord } from "./lock";
import { listVersions, matchSpec, normaliseBase, PUBLIC_REGISTRIES } from "./registry";
import { type Selection, selectVersions } from "./select";
import { formatSpec, parseSpec, type RegistryKind, type SourceSpec } from "./spec";
import type { SkippedVersion, VersionInfo } from "./types";

export interface SourceOptions {
  /**
   * Registry base addresses. `npm` is required for npm specs (on the Node side, pass
   * `npmRegistry()` from cli/lib/npm-registry.ts); `pypi` and `crates` default to the public ones.
   */
  registries?: Partial<Record<RegistryKind, string>>;
  /** Overrides of `DEFAULT_BOUNDS`, applied to the metadata fetch and to every archive. */
  bounds?: Partial<Bounds>;
  /** Which of the matching versions to read. Default: all of them. */
  select?: Selection;
  /** Which files to return (by stripped path); dropped files still count toward the bounds. */
  keep?: KeepFilter;
  /** The fetch to use (a test's stand-in, a service binding's); default the global fetch. */
  fetch?: typeof fetch;
  /** Cancels everything; a cancellation surfaces as the signal's reason. */
  signal?: AbortSignal;
  userAgent?: string;
  /**
   * Called for a version whose archive is refused (`bound`, `integrity`, `hostile`, `corrupt`,
   * `unsupported`); the version is then skipped. Without it the first refusal ends the iteration.
   * `registry-down` and `not-found` always end it.
   */
  onSkip?: (version: VersionInfo, error: SourceError) => void;
}

/** The versions a spec resolved to, before any archive is read. */
export interface Resolution {
  spec: SourceSpec;
  /** The spec's canonical text, as lock records store it. */
  source: string;
  /** The registry base used (normalised). */
  registry: string;
  name: string;
  /** The chosen versions, oldest first. */
  versions: VersionInfo[];
  /** Listed versions that cannot be read (no sdist, no hash, a zip sdist...), and why. */
  skipped: SkippedVersion[];
}

/** One version's files, with the record that reproduces them. */
export interface FetchedVersion {
  record: LockRecord;
  info: VersionInfo;
  files: Files;
}

const ZIP_REASON = "zip sdists are not read";

function registryBase(spec: SourceSpec, options: SourceOptions): string {
  const given = options.registries?.[spec.registry];
  if (given !== undefined) return normaliseBase(given);
  if (spec.registry === "npm") {
    throw new TypeError("no npm registry given: pass registries.npm (cli/lib/npm-registry.ts reads npm's own setting)");
  }
  return PUBLIC_REGISTRIES[spec.registry];
}

/**
 * Reads the registry's metadata and picks the versions `spec` names, then `options.select` (which
 * may leave none: an empty window is not an error). A PyPI spec naming a zip-only release is refused
 * (`unsupported`); zip-only releases met while listing many versions are skipped with that reason,
 * and `not-found` when nothing else is left.
 */
export async function resolveVersions(spec: string | SourceSpec, options: SourceOptions = {}): Promise<Resolution> {
  const parsed = typeof spec === "string" ? parseSpec(spec) : spec;
  const registry = registryBase(parsed, options);
  const listing = await listVersions(parsed.registry, parsed.name, registry, options);
  const matched = matchSpec(parsed, listing);
  const zips = matched.filter((v) => v.format === "zip");
  if (parsed.range !== undefined && parsed.registry !== "npm" && zips.length === matched.length) {
    throw ruleError("unsupported", "zip", `${formatSpec(parsed)}: ${ZIP_REASON} (${zips[0].archiveUrl})`);
  }
  const readable = matched.filter((v) => v.format !== "zip");
  if (readable.length === 0) {
    throw new SourceError(
      "not-found",
      `not-found: ${formatSpec(parsed)}: no readable version (${zips.map((v) => v.version).join(", ")}: ${ZIP_REASON})`,
    );
  }
  return {
    spec: parsed,
    source: formatSpec(parsed),
    registry,
    name: listing.name,
    versions: selectVersions(readable, options.select),
    skipped: [...listing.skipped, ...zips.map((v) => ({ version: v.version, reason: ZIP_REASON }))],
  };
}

/**
 * Yields the chosen versions' files one version at a time, oldest first, each with its lock
 * record. Each archive is downloaded, verified and unpacked only when the caller asks for it.
 */
export async function* fetchVersions(
  spec: string | SourceSpec,
  options: SourceOptions = {},
): AsyncGenerator<FetchedVersion, void, void> {
  const resolution = await resolveVersions(spec, options);
  for (const info of resolution.versions) {
    let files: Files;
    try {
      files = await readArchive(info, options);
    } catch (error) {
      const skippable =
        options.onSkip !== undefined && isSourceError(error) && !["registry-down", "not-found"].includes(error.code);
      if (!skippable) throw error;
      // A cancellation is the caller's, not the archive's fault: never skip past it.
      if (options.signal?.aborted) throw error;
      options.onSkip?.(info, error as SourceError);
      continue;
    }
    yield { record: lockRecord(resolution.source, resolution.registry, resolution.name, info), info, files };
  }
}
