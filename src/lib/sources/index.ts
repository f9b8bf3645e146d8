/**
 * Reading packages straight from their registries (npm, PyPI, crates.io), dated by publish time,
 * with archives treated as hostile input. Self-contained and web-platform only (fetch, streams,
 * DecompressionStream, crypto.subtle), so it runs the same in Node 22 and in workerd.
 *
 *   for await (const { record, files } of fetchVersions("npm:left-pad@^1.3", { registries })) ...
 */
export { type ArchiveRef, checkPath, type Files, type KeepFilter, readArchive, unpackTarGz } from "./archive";
export { type Bounds, DEFAULT_BOUNDS, resolveBounds } from "./bounds";
export { parseCrate, cratesMetadataUrl } from "./crates";
export { type BoundName, isSourceError, SourceError, type SourceErrorCode } from "./errors";
export { DEFAULT_USER_AGENT } from "./fetch-bounded";
export {
  type FetchedVersion,
  fetchVersions,
  type Resolution,
  resolveVersions,
  type SourceOptions,
} from "./fetch-versions";
export { gunzip } from "./gzip";
export { type Integrity, type IntegrityAlgorithm, parseSri, verifyIntegrity } from "./integrity";
export { type LockRecord, lockRecord, type ReplayOptions, replayLock } from "./lock";
export { npmMetadataUrl, parsePackument } from "./npm";
export { parsePypiProject, pypiMetadataUrl } from "./pypi";
export { CLIENTS, listVersions, matchSpec, normaliseBase, PUBLIC_REGISTRIES } from "./registry";
export { type Selection, selectVersions } from "./select";
export { compareVersions, matchingVersions, parseRange, parseVersion, satisfies, type SemVer } from "./semver";
export { formatSpec, parseSpec, type RegistryKind, type SourceSpec } from "./spec";
export { type TarEntry, TarReader } from "./tar";
export type { ArchiveFormat, Listing, SkippedVersion, VersionInfo } from "./types";
