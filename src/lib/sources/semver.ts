/**
 * A small semver 2.0 parser and npm range matcher, with node-semver's semantics (non-loose, without
 * `includePrerelease`): `^`, `~`/`~>`, x-ranges (`1`, `1.2.x`, `*`), comparators, `||`, hyphen
 * ranges and exact versions. Prereleases satisfy a range only when one of the comparators of the
 * same `||` branch names a prerelease of the same major.minor.patch.
 *
 * Written here rather than taken from npm so the library stays dependency-free in the Worker; the
 * Node tests check it against node-semver itself on a grid of versions and ranges.
 */
import { SourceError } from "./errors";

/** A parsed semantic version; numeric prerelease identifiers are numbers. */
export interface SemVer {
  major: number;
  minor: number;
  patch: number;
  prerelease: (string | number)[];
  /** As written, without a leading "v". */
  text: string;
}

type Op = "<" | "<=" | ">" | ">=" | "=";
type Comparator = { op: Op; version: SemVer } | { any: true };

/** A parsed range: a list of `||` branches, each a list of comparators that must all hold. */
export interface Range {
  text: string;
  sets: Comparator[][];
}

const NUM = "0|[1-9]\\d*";
const PRE_ID = "0|[1-9]\\d*|\\d*[a-zA-Z-][a-zA-Z0-9-]*";
const PRE = `(?:${PRE_ID})(?:\\.(?:${PRE_ID}))*`;
const BUILD = "[0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*";
const VERSION = new RegExp(`^v?(${NUM})\\.(${NUM})\\.(${NUM})(?:-(${PRE}))?(?:\\+(${BUILD}))?$`);
const XID = `${NUM}|x|X|\\*`;
/** A possibly partial version in a range: `1`, `1.2`, `1.2.x`, `*`, `1.2.3-beta.1+build`. */
const XRANGE = new RegExp(`^[v=]*(${XID})(?:\\.(${XID})(?:\\.(${XID})(?:-(${PRE}))?(?:\\+${BUILD})?)?)?$`);
const OPERATOR = /^(~>?|\^|[<>]=?|=)?(.*)$/;
const HYPHEN = /^\s*(\S+)\s+-\s+(\S+)\s*$/;
const MAX_LENGTH = 256;

function safeNumber(text: string): number | undefined {
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : undefined;
}

function prereleaseOf(text: string | undefined): (string | number)[] | undefined {
  if (!text) return [];
  const ids: (string | number)[] = [];
  for (const id of text.split(".")) {
    if (/^\d+$/.test(id)) {
      const value = safeNumber(id);
      if (value === undefined) return undefined;
      ids.push(value);
    } else ids.push(id);
  }
  return ids;
}

/** Parses a full semver version (a leading "v" is allowed); undefined when it is not one. */
export function parseVersion(text: string): SemVer | undefined {
  if (text.length > MAX_LENGTH) return undefined;
  const match = VERSION.exec(text.trim());
  if (!match) return undefined;
  const major = safeNumber(match[1]);
  const minor = safeNumber(match[2]);
  const patch = safeNumber(match[3]);
  const prerelease = prereleaseOf(match[4]);
  if (major === undefined || minor === undefined || patch === undefined || prerelease === undefined) return undefined;
  return { major, minor, patch, prerelease, text: text.trim().replace(/^v/, "") };
}

function compareIds(a: string | number, b: string | number): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "number") return -1;
  if (typeof b === "number") return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

function comparePrerelease(a: (string | number)[], b: (string | number)[]): number {
  if (a.length === 0 || b.length === 0) return b.length - a.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (i >= a.length) return -1;
    if (i >= b.length) return 1;
    const order = compareIds(a[i], b[i]);
    if (order !== 0) return order;
  }
  return 0;
}

/** Semver precedence: negative when `a` < `b`, 0 when equal (build metadata ignored), positive otherwise. */
export function compareVersions(a: SemVer, b: SemVer): number {
  return a.major - b.major || a.minor - b.minor || a.patch - b.patch || comparePrerelease(a.prerelease, b.prerelease);
}

function badRange(text: string, detail: string): SourceError {
  return new SourceError("bad-spec", `bad-spec: ${JSON.stringify(text)} is not a semver range (${detail})`);
}

interface Partial {
  major?: number;
  minor?: number;
  patch?: number;
  prerelease: (string | number)[];
}

function parsePartial(text: string, range: string): Partial {
  const match = XRANGE.exec(text);
  if (!match) throw badRange(range, `cannot read ${JSON.stringify(text)}`);
  const tooLarge = () => badRange(range, `number too large in ${JSON.stringify(text)}`);
  const part = (id: string | undefined): number | undefined => {
    if (id === undefined || /^[xX*]$/.test(id)) return undefined;
    const value = safeNumber(id);
    if (value === undefined) throw tooLarge();
    return value;
  };
  const prerelease = prereleaseOf(match[4]);
  if (prerelease === undefined) throw tooLarge();
  const out: Partial = { major: part(match[1]), minor: part(match[2]), patch: part(match[3]), prerelease };
  // A wildcard ends the version: "1.x.3" means "1.x".
  if (out.major === undefined) out.minor = undefined;
  if (out.minor === undefined) out.patch = undefined;
  if (out.patch === undefined) out.prerelease = [];
  return out;
}

function v(major: number, minor: number, patch: number, prerelease: (string | number)[] = []): SemVer {
  const pre = prerelease.length ? `-${prerelease.join(".")}` : "";
  return { major, minor, patch, prerelease, text: `${major}.${minor}.${patch}${pre}` };
}

const ANY: Comparator = { any: true };
/** `<0.0.0-0`: nothing is below the lowest version, so this matches nothing. */
const NOTHING: Comparator = { op: "<", version: v(0, 0, 0, [0]) };
/** The exclusive upper bound "below every prerelease of M.m.p": `<M.m.p-0`. */
const below = (major: number, minor: number, patch: number): Comparator => ({
  op: "<",
  version: v(major, minor, patch, [0]),
});
const atLeast = (version: SemVer): Comparator => ({ op: ">=", version });

function tilde(p: Partial): Comparator[] {
  if (p.major === undefined) return [ANY];
  if (p.minor === undefined) return [atLeast(v(p.major, 0, 0)), below(p.major + 1, 0, 0)];
  if (p.patch === undefined) return [atLeast(v(p.major, p.minor, 0)), below(p.major, p.minor + 1, 0)];
  return [atLeast(v(p.major, p.minor, p.patch, p.prerelease)), below(p.major, p.minor + 1, 0)];
}

function caret(p: Partial): Comparator[] {
  if (p.major === undefined) return [ANY];
  if (p.minor === undefined) return [atLeast(v(p.major, 0, 0)), below(p.major + 1, 0, 0)];
  if (p.patch === undefined) {
    const upper = p.major === 0 ? below(0, p.minor + 1, 0) : below(p.major + 1, 0, 0);
    return [atLeast(v(p.major, p.minor, 0)), upper];
  }
  const from = atLeast(v(p.major, p.minor, p.patch, p.prerelease));
  if (p.major > 0) return [from, below(p.major + 1, 0, 0)];
  if (p.minor > 0) return [from, below(0, p.minor + 1, 0)];
  return [from, below(0, 0, p.patch + 1)];
}

function primitive(op: Op | "", p: Partial): Comparator[] {
  if (p.major === undefined) return op === "<" || op === ">" ? [NOTHING] : [ANY];
  if (p.minor !== undefined && p.patch !== undefined) {
    return [{ op: op === "" ? "=" : op, version: v(p.major, p.minor, p.patch, p.prerelease) }];
  }
  // A partial version: "1.2" is the x-range 1.2.x, and an operator applies to the whole x-range.
  const major = p.major;
  const minor = p.minor;
  if (op === "" || op === "=") {
    return minor === undefined
      ? [atLeast(v(major, 0, 0)), below(major + 1, 0, 0)]
      : [atLeast(v(major, minor, 0)), below(major, minor + 1, 0)];
  }
  if (op === ">") return [atLeast(minor === undefined ? v(major + 1, 0, 0) : v(major, minor + 1, 0))];
  if (op === ">=") return [atLeast(v(major, minor ?? 0, 0))];
  if (op === "<=") return [minor === undefined ? below(major + 1, 0, 0) : below(major, minor + 1, 0)];
  return [below(major, minor ?? 0, 0)];
}

function hyphen(from: Partial, to: Partial): Comparator[] {
  const out: Comparator[] = [];
  if (from.major !== undefined) out.push(atLeast(v(from.major, from.minor ?? 0, from.patch ?? 0, from.prerelease)));
  if (to.major !== undefined) {
    if (to.minor === undefined) out.push(below(to.major + 1, 0, 0));
    else if (to.patch === undefined) out.push(below(to.major, to.minor + 1, 0));
    else out.push({ op: "<=", version: v(to.major, to.minor, to.patch, to.prerelease) });
  }
  return out.length ? out : [ANY];
}

function parseSet(text: string, range: string): Comparator[] {
  const hyphenated = HYPHEN.exec(text);
  if (hyphenated) return hyphen(parsePartial(hyphenated[1], range), parsePartial(hyphenated[2], range));
  // node-semver allows space between an operator and its version (">= 1.2.3").
  const tokens = text
    .replace(/(~>?|\^|[<>]=?|=)\s+/g, "$1")
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  if (tokens.length === 0) return [ANY];
  return tokens.flatMap((token) => {
    const [, operator = "", rest] = OPERATOR.exec(token) ?? [];
    if (!rest) throw badRange(range, `operator ${JSON.stringify(token)} has no version`);
    const partial = parsePartial(rest, range);
    if (operator === "^") return caret(partial);
    if (operator === "~" || operator === "~>") return tilde(partial);
    return primitive(operator as Op | "", partial);
  });
}

/** Parses an npm range; throws `bad-spec` when it is not one. An empty range means any version. */
export function parseRange(text: string): Range {
  if (text.length > MAX_LENGTH) throw badRange(text.slice(0, 40), `longer than ${MAX_LENGTH} characters`);
  return { text, sets: text.split("||").map((set) => parseSet(set, text)) };
}

function test(c: Comparator, version: SemVer): boolean {
  if ("any" in c) return true;
  const order = compareVersions(version, c.version);
  switch (c.op) {
    case "<":
      return order < 0;
    case "<=":
      return order <= 0;
    case ">":
      return order > 0;
    case ">=":
      return order >= 0;
    case "=":
      return order === 0;
  }
}

function testSet(set: Comparator[], version: SemVer): boolean {
  if (!set.every((c) => test(c, version))) return false;
  if (version.prerelease.length === 0) return true;
  // A prerelease is admitted only by a comparator that names a prerelease of the same release.
  return set.some(
    (c) =>
      !("any" in c) &&
      c.version.prerelease.length > 0 &&
      c.version.major === version.major &&
      c.version.minor === version.minor &&
      c.version.patch === version.patch,
  );
}

/** Whether `version` satisfies `range` (a version that is not semver satisfies nothing). */
export function satisfies(version: SemVer | string, range: Range | string): boolean {
  const parsed = typeof version === "string" ? parseVersion(version) : version;
  if (!parsed) return false;
  const r = typeof range === "string" ? parseRange(range) : range;
  return r.sets.some((set) => testSet(set, parsed));
}

/** The versions (strings as given) that satisfy `range`, in their given order. */
export function matchingVersions(versions: readonly string[], range: string): string[] {
  const r = parseRange(range);
  return versions.filter((text) => satisfies(text, r));
}
