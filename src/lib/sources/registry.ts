/**
 * One code path over the three registries: fetch a package's metadata document, read it into the
 * neutral `Listing`, and pick the versions a spec names. Only the URL and the reader differ.
 */
import { type Bounds, resolveBounds } from "./bounds";
import { cratesMetadataUrl, parseCrate } from "./crates";
import { startDeadline } from "./deadline";
import { SourceError } from "./errors";
import { checkHttpUrl, DEFAULT_USER_AGENT, defaultFetch, fetchJson } from "./fetch-bounded";
import { npmMetadataUrl, parsePackument } from "./npm";
import { parsePypiProject, pypiMetadataUrl } from "./pypi";
import { compareVersions, parseRange, parseVersion, satisfies } from "./semver";
import type { RegistryKind, SourceSpec } from "./spec";
import type { Listing, VersionInfo } from "./types";

/** How to reach and read one registry's metadata. */
export interface RegistryClient {
  /** The metadata document of `name` under `base` (a normalised base, ending in "/"). */
  metadataUrl(base: string, name: string): string;
  /** The document read into a listing; throws `corrupt` or `unsupported` when it is unreadable. */
  parse(json: unknown, name: string, base: string): Listing;
}

export const CLIENTS: Readonly<Record<RegistryKind, RegistryClient>> = {
  npm: { metadataUrl: npmMetadataUrl, parse: (json, name) => parsePackument(json, name) },
  pypi: { metadataUrl: pypiMetadataUrl, parse: (json, name) => parsePypiProject(json, name) },
  crates: { metadataUrl: cratesMetadataUrl, parse: parseCrate },
};

/**
 * The public registries. npm's is only a fallback: on the Node side the address comes from npm's
 * own configuration (cli/lib/npm-registry.ts), which may name a mirror.
 */
export const PUBLIC_REGISTRIES: Readonly<Record<RegistryKind, string>> = {
  npm: "https://registry.npmjs.org/",
  pypi: "https://pypi.org/",
  crates: "https://crates.io/",
};

/** A registry base address as an http(s) URL ending in "/" (query and fragment dropped). */
export function normaliseBase(base: string): string {
  const url = checkHttpUrl(base.trim(), "registry address");
  url.search = "";
  url.hash = "";
  return url.href.endsWith("/") ? url.href : `${url.href}/`;
}

export interface ListOptions {
  bounds?: Partial<Bounds>;
  fetch?: typeof fetch;
  signal?: AbortSignal;
  userAgent?: string;
}

/** Fetches (bounds `metadataBytes` and `timeMs`) and reads `name`'s metadata from `base`. */
export async function listVersions(
  kind: RegistryKind,
  name: string,
  base: string,
  options: ListOptions = {},
): Promise<Listing> {
  const bounds = resolveBounds(options.bounds);
  const client = CLIENTS[kind];
  const root = normaliseBase(base);
  const url = client.metadataUrl(root, name);
  const deadline = startDeadline(bounds.timeMs, `fetching ${kind} metadata ${url}`, options.signal);
  try {
    const http = { fetch: options.fetch ?? defaultFetch, deadline, userAgent: options.userAgent ?? DEFAULT_USER_AGENT };
    const json = await fetchJson(url, `${kind} metadata of ${name}`, bounds.metadataBytes, http);
    return client.parse(json, name, root);
  } finally {
    deadline.dispose();
  }
}

/**
 * Oldest first by publish time; versions published in the same millisecond by semver precedence
 * when both are semver, else by text, so the order never depends on the registry's key order.
 */
export function byPublishTime(a: VersionInfo, b: VersionInfo): number {
  if (a.publishedAt !== b.publishedAt) return a.publishedAt < b.publishedAt ? -1 : 1;
  const x = parseVersion(a.version);
  const y = parseVersion(b.version);
  const order = x && y ? compareVersions(x, y) : 0;
  return order || (a.version < b.version ? -1 : a.version > b.version ? 1 : 0);
}

function notFound(spec: SourceSpec, listing: Listing, detail: string): SourceError {
  const near = listing.skipped.filter((s) => spec.range === undefined || s.version === spec.range);
  const why = near.length
    ? `; skipped: ${near
        .slice(0, 5)
        .map((s) => `${s.version} (${s.reason})`)
        .join(", ")}`
    : "";
  return new SourceError("not-found", `not-found: ${spec.registry}:${spec.name}: ${detail}${why}`);
}

/**
 * The listed versions the spec names, oldest first: every version when it names none; for npm a
 * dist-tag's version, else those satisfying the range; for PyPI and crates.io the exact version.
 * Nothing matching is `not-found` (with the skipped versions' reasons when they are why).
 */
export function matchSpec(spec: SourceSpec, listing: Listing): VersionInfo[] {
  const range = spec.range;
  let matched: VersionInfo[];
  if (range === undefined) matched = listing.versions;
  else if (spec.registry === "npm" && Object.hasOwn(listing.tags, range)) {
    matched = listing.versions.filter((v) => v.version === listing.tags[range]);
  } else if (spec.registry === "npm") {
    let parsed: ReturnType<typeof parseRange>;
    try {
      parsed = parseRange(range);
    } catch {
      throw notFound(spec, listing, `no dist-tag ${JSON.stringify(range)}`);
    }
    matched = listing.versions.filter((v) => satisfies(v.version, parsed));
  } else {
    matched = listing.versions.filter((v) => v.version === range);
    if (matched.length === 0) matched = listing.versions.filter((v) => v.version.toLowerCase() === range.toLowerCase());
  }
  if (matched.length === 0) {
    const detail = range === undefined ? "no readable version" : `no version matches ${JSON.stringify(range)}`;
    throw notFound(spec, listing, `${detail} (of ${listing.versions.length} listed)`);
  }
  return [...matched].sort(byPublishTime);
}
