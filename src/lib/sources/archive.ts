/**
 * Reading one registry archive (`.tgz`, sdist `.tar.gz`, `.crate`) into memory, treating it as hostile.
 *
 * Order matters: download (bounded), verify the registry's hash over the compressed bytes, and only
 * then gunzip (bounded) and parse tar. Any broken rule refuses the whole archive: a caller gets every
 * file or an error, never a partial tree. Entries are data in a Map, never written to disk, but the
 * rules are those of a safe extractor so that whoever writes them out later cannot be led astray.
 */
import { type Bounds, resolveBounds } from "./bounds";
import { type Deadline, startDeadline } from "./deadline";
import { boundError, ruleError } from "./errors";
import { DEFAULT_USER_AGENT, defaultFetch, fetchBounded } from "./fetch-bounded";
import { gunzip } from "./gzip";
import { type Integrity, verifyIntegrity } from "./integrity";
import { type TarEntry, TarReader } from "./tar";
import type { ArchiveFormat } from "./types";

/** Files by path (top folder stripped, `/`-separated, no `.` or empty segments). */
export type Files = Map<string, Uint8Array>;

/** Decides which files to return, by stripped path; files it drops still count toward every bound. */
export type KeepFilter = (path: string) => boolean;

export interface UnpackOptions {
  bounds?: Partial<Bounds>;
  keep?: KeepFilter;
  deadline?: Deadline;
  /** Names the archive in messages (its URL, usually). */
  what?: string;
}

export interface ReadArchiveOptions {
  bounds?: Partial<Bounds>;
  keep?: KeepFilter;
  fetch?: typeof fetch;
  signal?: AbortSignal;
  userAgent?: string;
}

/** Where an archive is and what it must hash to: a `VersionInfo` or a lock record. */
export interface ArchiveRef {
  archiveUrl: string;
  integrity: Integrity;
  format?: ArchiveFormat;
}

const show = (path: string) => JSON.stringify(path);

/**
 * Checks an entry's path and returns its normalised segments: refuses NUL bytes, absolute paths
 * (`/x`, `\x`, `C:x`) and any `..` segment, with `\` read as a separator too, because a Windows
 * extractor would.
 */
export function checkPath(path: string): string[] {
  if (path.includes("\0")) throw ruleError("hostile", "nul-in-path", `entry ${show(path)} has a NUL byte in its path`);
  if (/^[/\\]/.test(path) || /^[A-Za-z]:/.test(path)) {
    throw ruleError("hostile", "absolute-path", `entry ${show(path)} has an absolute path`);
  }
  const segments = path.split(/[/\\]/);
  if (segments.includes("..")) throw ruleError("hostile", "path-traversal", `entry ${show(path)} climbs out with ..`);
  return segments.filter((s) => s !== "" && s !== ".");
}

function refuseType(entry: TarEntry): void {
  const name = show(entry.path);
  switch (entry.type) {
    case "symlink":
      throw ruleError("hostile", "symlink", `entry ${name} is a symbolic link (to ${show(entry.linkpath ?? "")})`);
    case "hardlink":
      throw ruleError("hostile", "hardlink", `entry ${name} is a hard link (to ${show(entry.linkpath ?? "")})`);
    case "char-device":
    case "block-device":
    case "fifo":
      throw ruleError("hostile", "device", `entry ${name} is a ${entry.type}`);
    case "other":
      throw ruleError("unsupported", "entry-type", `entry ${name} has tar type ${show(entry.flag)}, which is not read`);
    default:
  }
}

/**
 * Unpacks gzip-compressed tar bytes (already verified) into files, top folder stripped (npm's
 * `package/`, `<name>-<version>/` of sdists and crates): the first segment of every path is dropped,
 * as npm and `tar --strip-components=1` do, so a file at the top level has no path and is ignored.
 */
export async function unpackTarGz(bytes: Uint8Array, options: UnpackOptions = {}): Promise<Files> {
  const bounds = resolveBounds(options.bounds);
  const what = options.what ?? "the archive";
  const files: Files = new Map();
  const seen = new Map<string, string>();
  let entries = 0;

  const reader = new TarReader({
    entry(entry) {
      entries += 1;
      if (entries > bounds.files) {
        throw boundError("files", bounds.files, entries, `${what} has more than ${bounds.files} entries`);
      }
      const segments = checkPath(entry.path);
      refuseType(entry);
      if (entry.type !== "file") return false;
      if (entry.size > bounds.fileBytes) {
        throw boundError("fileBytes", bounds.fileBytes, entry.size, `entry ${show(entry.path)} is ${entry.size} bytes`);
      }
      const path = segments.slice(1).join("/");
      if (path === "") return false;
      const earlier = seen.get(path);
      if (earlier !== undefined) {
        throw ruleError(
          "hostile",
          "duplicate",
          `entries ${show(earlier)} and ${show(entry.path)} are both ${show(path)}`,
        );
      }
      seen.set(path, entry.path);
      return options.keep ? options.keep(path) : true;
    },
    content(entry, content) {
      files.set(checkPath(entry.path).slice(1).join("/"), content);
    },
  });

  for await (const chunk of gunzip(bytes, { maxBytes: bounds.unpackedBytes, deadline: options.deadline, what })) {
    options.deadline?.check();
    reader.push(chunk);
  }
  reader.end();
  return files;
}

/**
 * Downloads `ref.archiveUrl` (bound `downloadBytes`), checks it against `ref.integrity`, and unpacks
 * it with {@link unpackTarGz}, all within bound `timeMs`. A `zip` archive is refused (`unsupported`)
 * before anything is fetched.
 */
export async function readArchive(ref: ArchiveRef, options: ReadArchiveOptions = {}): Promise<Files> {
  if (ref.format === "zip") {
    throw ruleError("unsupported", "zip", `zip sdists are not read (${ref.archiveUrl}); only .tar.gz sdists are`);
  }
  const bounds = resolveBounds(options.bounds);
  const what = `archive ${ref.archiveUrl}`;
  const deadline = startDeadline(bounds.timeMs, `reading ${what}`, options.signal);
  try {
    const http = { fetch: options.fetch ?? defaultFetch, deadline, userAgent: options.userAgent ?? DEFAULT_USER_AGENT };
    const bytes = await fetchBounded(ref.archiveUrl, "archive", bounds.downloadBytes, "downloadBytes", http);
    await deadline.race(verifyIntegrity(bytes, ref.integrity, what));
    return await unpackTarGz(bytes, { bounds, keep: options.keep, deadline, what });
  } finally {
    deadline.dispose();
  }
}
