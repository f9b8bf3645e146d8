/**
 * Lock records: what was read, from where, and what it hashed to, so a dataset build can be redone
 * byte for byte, or shown to be impossible to redo (a registry that changed its metadata).
 */
import { type Files, type KeepFilter, readArchive } from "./archive";
import type { Bounds } from "./bounds";
import { SourceError } from "./errors";
import { type Integrity, sameIntegrity } from "./integrity";
import { listVersions, normaliseBase } from "./registry";
import { parseSpec } from "./spec";
import type { VersionInfo } from "./types";

/** One fetched archive, as a build records it. */
export interface LockRecord {
  /** The spec the version was chosen by (`npm:left-pad@^1.3`). */
  source: string;
  /** The registry's base URL, normalised (ends in "/"). */
  registry: string;
  name: string;
  version: string;
  publishedAt: string;
  archiveUrl: string;
  integrity: Integrity;
}

/** The record of `info`, chosen by `source` from the registry at `registry`. */
export function lockRecord(source: string, registry: string, name: string, info: VersionInfo): LockRecord {
  return {
    source,
    registry: normaliseBase(registry),
    name,
    version: info.version,
    publishedAt: info.publishedAt,
    archiveUrl: info.archiveUrl,
    integrity: { ...info.integrity },
  };
}

export interface ReplayOptions {
  bounds?: Partial<Bounds>;
  keep?: KeepFilter;
  fetch?: typeof fetch;
  signal?: AbortSignal;
  userAgent?: string;
  /**
   * Also re-read the registry's metadata and require the same publish time and hash for the
   * version (default true). Off, only the archive is fetched, from the recorded URL.
   */
  checkRegistry?: boolean;
}

/**
 * Re-fetches the archive a record names and returns its files, refusing (`integrity`) unless the
 * archive still hashes to the recorded digest and, with `checkRegistry`, the registry still states
 * the recorded hash and publish time for that version (`not-found` if it no longer lists it).
 */
export async function replayLock(record: LockRecord, options: ReplayOptions = {}): Promise<Files> {
  if (options.checkRegistry ?? true) {
    const spec = parseSpec(record.source);
    const listing = await listVersions(spec.registry, record.name, record.registry, options);
    const now = listing.versions.find((v) => v.version === record.version);
    if (!now) {
      throw new SourceError(
        "not-found",
        `not-found: ${record.registry} no longer lists ${record.name}@${record.version}`,
      );
    }
    if (!sameIntegrity(now.integrity, record.integrity)) {
      // The registry may now state a stronger algorithm; only a disagreement on the same one is a change.
      if (now.integrity.algorithm === record.integrity.algorithm) {
        throw new SourceError(
          "integrity",
          `integrity: ${record.name}@${record.version}: the registry now states ${now.integrity.algorithm} ` +
            `${now.integrity.digest}, the record ${record.integrity.digest}`,
        );
      }
    }
    if (now.publishedAt !== record.publishedAt) {
      throw new SourceError(
        "integrity",
        `integrity: ${record.name}@${record.version}: the registry now says it was published at ${now.publishedAt}, ` +
          `the record ${record.publishedAt}`,
      );
    }
  }
  return readArchive({ archiveUrl: record.archiveUrl, integrity: record.integrity }, options);
}
