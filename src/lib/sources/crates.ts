/**
 * crates.io: the crate document (`GET <base>api/v1/crates/<name>`), whose `versions` lists every
 * published version with its checksum and download path. A `.crate` is a gzip-compressed tar.
 */
import { ruleError } from "./errors";
import { expectObject, isObject, isoInstant, joinUrl, str } from "./json";
import type { Listing, SkippedVersion, VersionInfo } from "./types";

/** The crate document URL. */
export function cratesMetadataUrl(base: string, name: string): string {
  return joinUrl(base, `api/v1/crates/${encodeURIComponent(name)}`);
}

/** Reads a crate document into the neutral listing; `dl_path` is resolved against `base`. */
export function parseCrate(json: unknown, name: string, base: string): Listing {
  const doc = expectObject(json, `the crates.io document of ${name}`);
  if (!Array.isArray(doc.versions)) {
    throw ruleError("unsupported", "crates-versions", `the crates.io document of ${name} has no "versions" list`);
  }
  const versions: VersionInfo[] = [];
  const skipped: SkippedVersion[] = [];
  for (const item of doc.versions) {
    if (!isObject(item)) continue;
    const version = str(item.num);
    if (!version) continue;
    const checksum = str(item.checksum);
    const path = str(item.dl_path);
    const publishedAt = isoInstant(item.created_at);
    if (!checksum || !/^[0-9a-fA-F]{64}$/.test(checksum) || !path || !publishedAt) {
      const missing = [!checksum && "checksum", !path && "dl_path", !publishedAt && "created_at"].filter(Boolean);
      skipped.push({ version, reason: `crates.io gives no usable ${missing.join(", ") || "sha256 checksum"} for it` });
      continue;
    }
    const yanked = item.yanked === true ? (str(item.yank_message) ?? true) : undefined;
    versions.push({
      version,
      publishedAt,
      archiveUrl: joinUrl(base, path),
      integrity: { algorithm: "sha256", digest: checksum },
      format: "crate",
      ...(yanked === undefined ? {} : { yanked }),
    });
  }
  const crate = isObject(doc.crate) ? doc.crate : {};
  return { name: str(crate.name) ?? str(crate.id) ?? name, versions, skipped, tags: {} };
}
