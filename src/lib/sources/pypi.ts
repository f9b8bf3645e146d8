/**
 * PyPI: the project JSON (`GET <base>pypi/<name>/json`). Its `releases` maps each version to its
 * files; we read the source distribution, because wheels may hold compiled or generated code rather
 * than the code as written.
 */
import { expectObject, isObject, isoInstant, joinUrl, type JsonObject, str } from "./json";
import { ruleError } from "./errors";
import type { ArchiveFormat, Listing, SkippedVersion, VersionInfo } from "./types";

/** The project JSON URL. */
export function pypiMetadataUrl(base: string, name: string): string {
  return joinUrl(base, `pypi/${encodeURIComponent(name)}/json`);
}

function formatOf(file: JsonObject): ArchiveFormat | string {
  const name = (str(file.filename) ?? str(file.url) ?? "").toLowerCase().replace(/[?#].*$/, "");
  if (name.endsWith(".tar.gz") || name.endsWith(".tgz")) return "tar.gz";
  if (name.endsWith(".zip")) return "zip";
  const dot = name.lastIndexOf(".", name.lastIndexOf(".") - 1);
  return name.slice(dot < 0 ? name.lastIndexOf(".") : dot) || "(no extension)";
}

/** The upload time: `upload_time_iso_8601`, else the older `upload_time`, which is UTC without an offset. */
function uploadedAt(file: JsonObject): string | undefined {
  const legacy = str(file.upload_time);
  return isoInstant(file.upload_time_iso_8601) ?? (legacy ? isoInstant(`${legacy}Z`) : undefined);
}

/**
 * Reads a project JSON into the neutral listing: per release, its `.tar.gz` sdist, else a `.zip`
 * sdist (listed with format "zip", which is refused when read), else the release is skipped.
 */
export function parsePypiProject(json: unknown, name: string): Listing {
  const doc = expectObject(json, `the PyPI project JSON of ${name}`);
  if (!isObject(doc.releases)) {
    throw ruleError("unsupported", "pypi-releases", `the PyPI project JSON of ${name} has no "releases" object`);
  }
  const versions: VersionInfo[] = [];
  const skipped: SkippedVersion[] = [];
  for (const [version, files] of Object.entries(doc.releases)) {
    const sdists = (Array.isArray(files) ? files : []).filter(
      (f): f is JsonObject => isObject(f) && f.packagetype === "sdist",
    );
    const sdist = sdists.find((f) => formatOf(f) === "tar.gz") ?? sdists.find((f) => formatOf(f) === "zip");
    if (!sdist) {
      const other = sdists.map((f) => formatOf(f));
      const reason = other.length
        ? `its sdist format (${other.join(", ")}) is not read`
        : Array.isArray(files) && files.length
          ? "it has no sdist (wheels or other built files only)"
          : "it has no files";
      skipped.push({ version, reason });
      continue;
    }
    const archiveUrl = str(sdist.url);
    const digest = isObject(sdist.digests) ? str(sdist.digests.sha256) : undefined;
    const publishedAt = uploadedAt(sdist);
    if (!archiveUrl || !digest || !/^[0-9a-fA-F]{64}$/.test(digest) || !publishedAt) {
      const missing = [!archiveUrl && "url", !digest && "digests.sha256", !publishedAt && "upload time"].filter(
        Boolean,
      );
      skipped.push({ version, reason: `its sdist has no usable ${missing.join(", ") || "sha256 digest"}` });
      continue;
    }
    const yanked = sdist.yanked === true ? (str(sdist.yanked_reason) ?? true) : undefined;
    versions.push({
      version,
      publishedAt,
      archiveUrl,
      integrity: { algorithm: "sha256", digest },
      format: formatOf(sdist) as ArchiveFormat,
      ...(yanked === undefined ? {} : { yanked }),
    });
  }
  const info = isObject(doc.info) ? doc.info : {};
  return { name: str(info.name) ?? name, versions, skipped, tags: {} };
}
