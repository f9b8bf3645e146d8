/**
 * A registry package as a dataset source: the newest version a spec selects is the code built from,
 * and its code is dated by the registry rule (src/lib/born/series.ts) over the versions published up
 * to it, oldest first, at most `versions` of them. Nothing of the package is ever executed: archives
 * are read as data by src/lib/sources, under its bounds, and every refusal stops the caller.
 *
 * Dates are only as good as the registry's publish times. A mirror may re-stamp them (seen here: an
 * npm mirror dating is-number 0.1.0 after 4.0.0, without npmjs.org's `time.created`/`time.modified`),
 * so the metadata is checked and a warning goes into the provenance: never trusted silently.
 *
 * Worker-safe (web APIs only; registries, bounds and fetch are parameters).
 */
import { bornFromSeries, loadedOneByOne, SERIES_RULE } from "../born";
import {
  CLIENTS,
  compareVersions,
  formatSpec,
  type Bounds,
  type Files,
  type Listing,
  type LockRecord,
  lockRecord,
  matchSpec,
  normaliseBase,
  parseSpec,
  parseVersion,
  PUBLIC_REGISTRIES,
  type RegistryKind,
  readArchive,
  resolveBounds,
  SourceError,
  type SourceSpec,
  type VersionInfo,
} from "../sources";
import { startDeadline } from "../sources/deadline";
import { ruleError } from "../sources/errors";
import { DEFAULT_USER_AGENT, defaultFetch, fetchJson } from "../sources/fetch-bounded";
import { byPublishTime } from "../sources/registry";
import type { Dating, TargetBorn } from "./dating";

/** Versions read back from the built one (it included) when none is given: a few months of a busy package. */
export const DEFAULT_SERIES_VERSIONS = 20;
/** A file read as source text at most (as a directory's files are read). */
export const MAX_TEXT_BYTES = 1024 * 1024;
/** Consecutive patch releases published out of order tolerated before the publish times are called re-stamped. */
export const OUT_OF_ORDER_TOLERATED = 2;

export interface PackageOptions {
  /** Registry addresses; npm's is required for npm specs, PyPI's and crates.io's default to the public ones. */
  registries?: Partial<Record<RegistryKind, string>>;
  bounds?: Partial<Bounds>;
  fetch?: typeof fetch;
  signal?: AbortSignal;
  userAgent?: string;
  /** How many versions, the built one included, births are searched in (default {@link DEFAULT_SERIES_VERSIONS}). */
  versions?: number;
  /** Which files of the built version to read, by path in the package (its top folder stripped). */
  keep: (path: string) => boolean;
  /**
   * Only versions published strictly before this instant (ISO 8601 with a zone) are built from or
   * searched: a window's build sees the registry as it stood at the window's end, so no code born
   * after the window enters it, however late the build runs.
   */
  publishedBefore?: string;
}

/** How the registry's publish times look: whether they can be trusted for dating. */
export interface PublishTimeCheck {
  /** npm: whether the packument's `time` has `created` and `modified`, which npmjs.org always sends. */
  created_and_modified?: boolean;
  /** Consecutive patch releases of one minor line compared, and how many of them were published out of order. */
  pairs: number;
  out_of_order: number;
  /** The first pair out of order, for the message. */
  example?: string;
}

export interface PackageSource {
  /** The spec as given, canonical (`npm:hono@^4`). */
  spec: string;
  kind: RegistryKind;
  registry: string;
  name: string;
  /** The version built from: the newest, by publish time, that the spec selects. */
  version: string;
  publishedAt: string;
  /** The kept files of that version as text, by path. */
  files: Record<string, string>;
  skipped: { path: string; reason: string }[];
  dating: Dating;
}

const SKIPPED_DIRS = new Set(["node_modules", "__pycache__"]);

/** Paths worth reading as source: none under node_modules, __pycache__ or a hidden folder. */
export function sourcePath(path: string): boolean {
  const dirs = path.split("/").slice(0, -1);
  return !dirs.some((d) => SKIPPED_DIRS.has(d) || d.startsWith("."));
}

/**
 * TypeScript declaration files (`.d.ts`, `.d.mts`, `.d.cts`): they hold no function bodies (the
 * compiler refuses one there), so dating a body never needs them; npm packages ship one per module.
 */
export const declarationFile = (path: string) => /\.d\.[cm]?ts$/.test(path);

const suffixOf = (path: string) => {
  const name = path.slice(path.lastIndexOf("/") + 1);
  const dot = name.lastIndexOf(".");
  return dot <= 0 ? "" : name.slice(dot);
};

/** The files as text: at most {@link MAX_TEXT_BYTES}, no NUL byte near the start, valid UTF-8 (as from a directory). */
export function decodeFiles(raw: Files): { files: Map<string, string>; skipped: { path: string; reason: string }[] } {
  // ignoreBOM keeps a byte-order mark in the text, as Python reading the file as UTF-8 would.
  const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  const files = new Map<string, string>();
  const skipped: { path: string; reason: string }[] = [];
  for (const path of [...raw.keys()].sort()) {
    const bytes = raw.get(path)!;
    if (bytes.length > MAX_TEXT_BYTES) skipped.push({ path, reason: `larger than ${MAX_TEXT_BYTES} bytes` });
    else if (bytes.subarray(0, 8192).includes(0)) skipped.push({ path, reason: "binary (NUL bytes)" });
    else {
      try {
        files.set(path, decoder.decode(bytes));
      } catch {
        skipped.push({ path, reason: "not valid UTF-8" });
      }
    }
  }
  return { files, skipped };
}

/**
 * Whether the publish times look like the registry's own: npm's packument must have `time.created`
 * and `time.modified`, and consecutive patch releases of one minor line (1.2.3, 1.2.4) must not be
 * published out of order more than {@link OUT_OF_ORDER_TOLERATED} times. Returns the figures and, when
 * either fails, the warning to show and store.
 */
export function checkPublishTimes(
  kind: RegistryKind,
  doc: unknown,
  versions: readonly VersionInfo[],
): { check: PublishTimeCheck; warning?: string } {
  const lines = new Map<string, { semver: NonNullable<ReturnType<typeof parseVersion>>; info: VersionInfo }[]>();
  for (const info of versions) {
    const semver = parseVersion(info.version);
    if (!semver || semver.prerelease.length) continue;
    const key = `${semver.major}.${semver.minor}`;
    lines.set(key, [...(lines.get(key) ?? []), { semver, info }]);
  }
  let pairs = 0;
  let outOfOrder = 0;
  let example: string | undefined;
  for (const line of lines.values()) {
    line.sort((a, b) => compareVersions(a.semver, b.semver));
    for (let i = 1; i < line.length; i++) {
      pairs++;
      const [before, after] = [line[i - 1].info, line[i].info];
      if (after.publishedAt >= before.publishedAt) continue;
      outOfOrder++;
      example ??= `${after.version} at ${after.publishedAt} before ${before.version} at ${before.publishedAt}`;
    }
  }
  const check: PublishTimeCheck = { pairs, out_of_order: outOfOrder, ...(example ? { example } : {}) };
  const problems: string[] = [];
  if (kind === "npm") {
    const time = typeof doc === "object" && doc !== null ? (doc as { time?: unknown }).time : undefined;
    const keys = typeof time === "object" && time !== null ? time : {};
    check.created_and_modified = "created" in keys && "modified" in keys;
    if (!check.created_and_modified)
      problems.push("the packument's time has no created/modified (npmjs.org sends both)");
  }
  if (outOfOrder > OUT_OF_ORDER_TOLERATED)
    problems.push(`${outOfOrder} of ${pairs} patch releases were published before the one they follow (${example})`);
  if (problems.length === 0) return { check };
  return {
    check,
    warning:
      `publish times may be re-stamped (a mirror?): ${problems.join("; ")}. ` +
      "Dates from this registry, and --born-after over them, are not to be trusted",
  };
}

function registryBase(spec: SourceSpec, registries: PackageOptions["registries"]): string {
  const given = registries?.[spec.registry];
  if (given !== undefined) return normaliseBase(given);
  if (spec.registry === "npm") throw new TypeError("no npm registry given: pass registries.npm");
  return PUBLIC_REGISTRIES[spec.registry];
}

/** The registry's metadata read once, kept as a listing and a publish-time check. */
async function readListing(
  spec: SourceSpec,
  registry: string,
  bounds: Bounds,
  options: PackageOptions,
): Promise<{ listing: Listing; check: ReturnType<typeof checkPublishTimes> }> {
  const client = CLIENTS[spec.registry];
  const url = client.metadataUrl(registry, spec.name);
  const deadline = startDeadline(bounds.timeMs, `fetching ${spec.registry} metadata ${url}`, options.signal);
  try {
    const http = { fetch: options.fetch ?? defaultFetch, deadline, userAgent: options.userAgent ?? DEFAULT_USER_AGENT };
    const doc = await fetchJson(url, `${spec.registry} metadata of ${spec.name}`, bounds.metadataBytes, http);
    const listing = client.parse(doc, spec.name, registry);
    return { listing, check: checkPublishTimes(spec.registry, doc, listing.versions) };
  } finally {
    deadline.dispose();
  }
}

/**
 * The version a version was made from, as far as the registry shows: the highest semver below it
 * (8.11.0's is 8.10.3 even when a 7.x backport was published in between), else for other version
 * schemes the one published just before it. Undefined for the package's first version.
 */
export function predecessor(version: VersionInfo, all: readonly VersionInfo[]): VersionInfo | undefined {
  const own = parseVersion(version.version);
  if (own) {
    let best: { info: VersionInfo; semver: NonNullable<typeof own> } | undefined;
    for (const info of all) {
      const semver = parseVersion(info.version);
      if (!semver || compareVersions(semver, own) >= 0) continue;
      if (!best || compareVersions(semver, best.semver) > 0) best = { info, semver };
    }
    return best?.info;
  }
  const ordered = [...all].sort(byPublishTime);
  const at = ordered.findIndex((v) => v.version === version.version);
  return at > 0 ? ordered[at - 1] : undefined;
}

/** The listing without the versions published at or after `instant` (none given: as it is). */
function before(listing: Listing, instant: string | undefined, source: string): Listing {
  if (instant === undefined) return listing;
  const at = Date.parse(instant);
  if (Number.isNaN(at)) throw new TypeError(`publishedBefore must be an ISO 8601 instant, got ${instant}`);
  const versions = listing.versions.filter((v) => Date.parse(v.publishedAt) < at);
  if (versions.length === 0)
    throw new SourceError("not-found", `not-found: ${source}: no version was published before ${instant}`);
  return { ...listing, versions };
}

/** The version to build from: the newest the spec selects, by publish time (zip sdists are not read). */
function builtVersion(spec: SourceSpec, listing: Listing): VersionInfo {
  const matched = matchSpec(spec, listing);
  const readable = matched.filter((v) => v.format !== "zip");
  if (readable.length === 0) {
    const why = `${formatSpec(spec)}: zip sdists are not read (${matched.map((v) => v.version).join(", ")})`;
    throw spec.range !== undefined ? ruleError("unsupported", "zip", why) : new SourceError("not-found", why);
  }
  return readable[readable.length - 1];
}

/**
 * Reads the package's metadata and the built version's kept files, and returns them with the dating
 * of its code. Throws a SourceError (registry down, not found, a bound, integrity, a hostile or
 * corrupt archive) or a TypeError for options no registry could satisfy.
 */
export async function openPackage(specText: string, options: PackageOptions): Promise<PackageSource> {
  const spec = parseSpec(specText);
  const source = formatSpec(spec);
  const registry = registryBase(spec, options.registries);
  const bounds = resolveBounds(options.bounds);
  const back = options.versions ?? DEFAULT_SERIES_VERSIONS;
  if (!Number.isSafeInteger(back) || back < 1) throw new TypeError(`versions must be a positive integer, got ${back}`);
  const read0 = await readListing(spec, registry, bounds, options);
  const { check } = read0;
  const listing = before(read0.listing, options.publishedBefore, source);
  const built = builtVersion(spec, listing);
  const history = listing.versions
    .filter((v) => v.format !== "zip" && v !== built && v.publishedAt <= built.publishedAt)
    .sort(byPublishTime);
  const series = [...(back > 1 ? history.slice(-(back - 1)) : []), built];
  const complete = history.length <= back - 1;
  const archive = { bounds, fetch: options.fetch, signal: options.signal, userAgent: options.userAgent };
  const raw = await readArchive(built, { ...archive, keep: (p) => sourcePath(p) && options.keep(p) });
  const { files, skipped } = decodeFiles(raw);
  const read = new Map<string, LockRecord>([[built.version, lockRecord(source, registry, listing.name, built)]]);
  const oldest = series[0];
  const order = new Map(series.map((v, i) => [v.version, i]));
  const readable = listing.versions.filter((v) => v.format !== "zip");

  async function dates(targets: Parameters<Dating["dates"]>[0]): Promise<Map<string, TargetBorn>> {
    const suffixes = new Set(targets.map((t) => suffixOf(t.path)));
    const declarations = targets.some((t) => declarationFile(t.path));
    const keep = (p: string) => sourcePath(p) && suffixes.has(suffixOf(p)) && (declarations || !declarationFile(p));
    const versions = loadedOneByOne(series, async (info) => {
      const text =
        info === built
          ? new Map([...files].filter(([p]) => keep(p)))
          : decodeFiles(await readArchive(info, { ...archive, keep })).files;
      read.set(info.version, lockRecord(source, registry, listing.name, info));
      return { version: info.version, publishedAt: info.publishedAt, files: text };
    });
    const births = await bornFromSeries(
      versions,
      targets.map(({ id, body }) => ({ id, body })),
      { signal: options.signal },
    );
    const out = new Map<string, TargetBorn>();
    const before = new Map<string, VersionInfo | undefined>();
    for (const [id, b] of births) {
      if (b.born === null) {
        out.set(id, { born: null, rule: SERIES_RULE, reason: "not-found", notes: b.notes });
        continue;
      }
      const holder = series[order.get(b.version)!];
      if (!before.has(holder.version)) before.set(holder.version, predecessor(holder, readable));
      const previous = before.get(holder.version);
      if (previous === undefined) {
        // The package's first version holds it: the registry has nothing older to offer.
        out.set(id, {
          born: b.born,
          rule: SERIES_RULE,
          notes: [`held by ${holder.version}, the package's first version`],
        });
        continue;
      }
      const searched = order.has(previous.version) && order.get(previous.version)! < order.get(holder.version)!;
      if (searched)
        out.set(id, { born: b.born, rule: SERIES_RULE, notes: [`not in ${previous.version}, the version before`] });
      else {
        const note =
          `held by ${holder.version} (published ${b.born}), but ${previous.version}, the version before it, ` +
          `was not searched first: born on or before ${b.born}; read more versions to date it`;
        out.set(id, { born: null, rule: SERIES_RULE, reason: "older-than-series", notes: [note] });
      }
    }
    return out;
  }

  return {
    spec: source,
    kind: spec.registry,
    registry,
    name: listing.name,
    version: built.version,
    publishedAt: built.publishedAt,
    files: Object.fromEntries(files),
    skipped,
    dating: {
      rule: SERIES_RULE,
      dates,
      source: () => ({
        kind: "registry",
        spec: source,
        registry,
        name: listing.name,
        version: built.version,
        published_at: built.publishedAt,
        series: { versions: series.length, oldest: oldest.version, oldest_published_at: oldest.publishedAt, complete },
        // Lock records of every version read, oldest first: what a rebuild fetches and checks (replayLock).
        versions_read: [...read.values()].sort((a, b) => order.get(a.version)! - order.get(b.version)!),
        publish_times: check.check,
      }),
      notes: () => [
        `dated by the first of ${series.length} versions (publish order, up to ${built.version}) holding the code, ` +
          "when the version before that one (by semver; by publish time for other version schemes) was searched " +
          "first and lacks it; otherwise undated (born on or before that version)",
      ],
      warnings: () => (check.warning ? [check.warning] : []),
    },
  };
}
