/**
 * npm: the full packument (`GET <registry>/<name>`), not the abbreviated install document, because
 * only the full one has `time`, the publish time of every version.
 */
import { parseSri, type Integrity } from "./integrity";
import { expectObject, isObject, isoInstant, joinUrl, str } from "./json";
import type { Listing, SkippedVersion, VersionInfo } from "./types";

/** The packument URL; a scoped name's slash is encoded (`@scope%2fname`), as the npm CLI does. */
export function npmMetadataUrl(base: string, name: string): string {
  const [scope, bare] = name.startsWith("@") ? name.slice(1).split("/", 2) : [undefined, name];
  const path =
    scope === undefined ? encodeURIComponent(bare) : `@${encodeURIComponent(scope)}%2f${encodeURIComponent(bare)}`;
  return joinUrl(base, path);
}

function integrityOf(dist: Record<string, unknown>): Integrity | undefined {
  const sri = str(dist.integrity);
  const strongest = sri ? parseSri(sri) : undefined;
  if (strongest) return strongest;
  const shasum = str(dist.shasum);
  return shasum && /^[0-9a-fA-F]{40}$/.test(shasum) ? { algorithm: "sha1", digest: shasum } : undefined;
}

/** Reads a packument into the neutral listing; versions missing a tarball, hash or time are skipped. */
export function parsePackument(json: unknown, name: string): Listing {
  const doc = expectObject(json, `the npm packument of ${name}`);
  const versions: VersionInfo[] = [];
  const skipped: SkippedVersion[] = [];
  const manifests = isObject(doc.versions) ? doc.versions : {};
  const times = isObject(doc.time) ? doc.time : {};
  for (const [version, manifest] of Object.entries(manifests)) {
    const dist = isObject(manifest) && isObject(manifest.dist) ? manifest.dist : {};
    const archiveUrl = str(dist.tarball);
    const integrity = integrityOf(dist);
    const publishedAt = isoInstant(times[version]);
    const missing = [
      !archiveUrl && "dist.tarball",
      !integrity && "dist.integrity or dist.shasum",
      !publishedAt && "time",
    ]
      .filter(Boolean)
      .join(", ");
    if (!archiveUrl || !integrity || !publishedAt) {
      skipped.push({ version, reason: `the packument has no usable ${missing} for it` });
      continue;
    }
    const deprecated = isObject(manifest) ? str(manifest.deprecated) : undefined;
    versions.push({
      version,
      publishedAt,
      archiveUrl,
      integrity,
      format: "tgz",
      ...(deprecated ? { deprecated } : {}),
    });
  }
  const tags: Record<string, string> = {};
  if (isObject(doc["dist-tags"])) {
    for (const [tag, version] of Object.entries(doc["dist-tags"])) if (typeof version === "string") tags[tag] = version;
  }
  return { name: str(doc.name) ?? name, versions, skipped, tags };
}
