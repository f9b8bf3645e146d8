/** The registry-neutral description of a package's versions, shared by the three registry clients. */
import type { Integrity } from "./integrity";

/** What kind of file a version's archive is: npm `.tgz`, PyPI sdist `.tar.gz` (or an old `.zip`), `.crate`. */
export type ArchiveFormat = "tgz" | "tar.gz" | "crate" | "zip";

/** One published version, as its registry's metadata states it. */
export interface VersionInfo {
  version: string;
  /** When the registry published it (ISO 8601, UTC, millisecond precision). */
  publishedAt: string;
  /** Where its archive is (absolute http(s) URL). */
  archiveUrl: string;
  integrity: Integrity;
  format: ArchiveFormat;
  /** npm: the deprecation message. Deprecated versions are kept: they were published all the same. */
  deprecated?: string;
  /** PyPI, crates.io: yanked, with the reason when the registry gives one; kept for the same reason. */
  yanked?: string | true;
}

/** A version the metadata lists but that cannot be read, and why. */
export interface SkippedVersion {
  version: string;
  reason: string;
}

/** A package's versions as one registry client read them from the registry's metadata. */
export interface Listing {
  name: string;
  /** In the registry's own order; selection sorts them. */
  versions: VersionInfo[];
  skipped: SkippedVersion[];
  /** npm dist-tags (`latest`, `next`...); empty for the other registries. */
  tags: Record<string, string>;
}
