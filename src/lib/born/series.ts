/**
 * The registry rule ({@link SERIES_RULE}): a target is born with the first version, in publish order,
 * whose files hold its normalised body on token boundaries. A registry sets publish times itself and
 * a published version never changes, so unlike a commit date this one cannot be back-dated; it can
 * only be later than when the code was written (see {@link BORN_RULES}).
 *
 * Pure: versions come from any (async) iterable, so the caller decides how archives are fetched and
 * unpacked, and stops fetching once every target is found (the loop breaks, which ends its iterator).
 */
import { timestampEpoch, utcDay } from "./dates";
import { holdsNormalised, normaliseBody } from "./normalise";
import { SERIES_RULE } from "./rules";

/** One published version: its files by path, as text. */
export interface SeriesVersion {
  version: string;
  /** The registry's publish time, strict ISO 8601 with a zone (npm's `time[v]`, PyPI's `upload_time_iso_8601`). */
  publishedAt: string;
  files: ReadonlyMap<string, string>;
}

/** Code to date: `body` is the code as the answer must reproduce it, raw (it is normalised here). */
export interface BodyTarget {
  id: string;
  body: string;
}

/** A target some version holds. */
export interface SeriesBorn {
  rule: typeof SERIES_RULE;
  /** UTC day of `at`, `YYYY-MM-DD`. */
  born: string;
  /** The version's publish time, as given. */
  at: string;
  version: string;
  /** The first path (in code-unit order) of that version holding the body. */
  path: string;
  notes: string[];
}

/** A target no version holds. */
export interface SeriesUnborn {
  rule: typeof SERIES_RULE;
  born: null;
  notes: string[];
}

export type SeriesBirth = SeriesBorn | SeriesUnborn;

/** What one version cost, reported after it is searched. */
export interface SeriesProgress {
  version: string;
  /** 0 for the first version given. */
  index: number;
  /** Files normalised and searched in this version. */
  filesSearched: number;
  /** Files skipped because a file of the previous version (or an earlier path of this one) had the same normal form. */
  filesSkipped: number;
  /** Targets first found in this version. */
  found: number;
  /** Targets still unfound after it. */
  remaining: number;
}

export interface SeriesOptions {
  signal?: AbortSignal;
  onVersion?: (progress: SeriesProgress) => void;
}

const encoder = new TextEncoder();

/** The code units of `text`, as bytes: what the digest reads when UTF-8 cannot hold the text. */
function codeUnits(text: string): Uint8Array {
  const units = new Uint16Array(text.length);
  for (let i = 0; i < text.length; i++) units[i] = text.charCodeAt(i);
  return new Uint8Array(units.buffer);
}

/** A lone surrogate: UTF-8 would turn it into U+FFFD, so two texts differing only there would hash alike. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * SHA-256 of `text`, hex: equal digests stand for equal texts (no collision is known). Of its UTF-8
 * when that holds the text, else (a lone surrogate) of its code units, tagged apart.
 */
async function digest(text: string): Promise<string> {
  const lone = LONE_SURROGATE.test(text);
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", lone ? codeUnits(text) : encoder.encode(text)));
  let hex = lone ? "u" : "";
  for (const byte of hash) hex += byte.toString(16).padStart(2, "0");
  return hex;
}

/** The targets grouped by normal form (equal bodies are searched once); throws on empty bodies and repeated ids. */
function groupTargets(targets: readonly BodyTarget[]): Map<string, string[]> {
  const ids = new Set<string>();
  const byBody = new Map<string, string[]>();
  for (const { id, body } of targets) {
    if (ids.has(id)) throw new TypeError(`target id ${JSON.stringify(id)} appears twice`);
    ids.add(id);
    const normal = normaliseBody(body);
    if (normal.length === 0)
      throw new TypeError(`target ${JSON.stringify(id)} has an empty body (after normalisation)`);
    byBody.set(normal, [...(byBody.get(normal) ?? []), id]);
  }
  return byBody;
}

/** What the search keeps between versions: of the previous one, only digests. */
interface Search {
  byBody: Map<string, string[]>;
  remaining: Set<string>;
  out: Map<string, SeriesBirth>;
  /** By path: SHA-256 of the previous version's text there and of its normal form. */
  previous: Map<string, { raw: string; normal: string }>;
  /** SHA-256 of every normal form the previous version had. */
  previousForms: Set<string>;
  lastEpoch: number;
  lastVersion: string;
  index: number;
}

/**
 * Where the version being searched is held, and only there: the loop never has it in a variable of
 * its own, since a suspended async frame keeps its variables, so the last version would stay
 * reachable while the next is fetched and decoded (two versions' text at once).
 */
interface Slot {
  version?: SeriesVersion;
}

/**
 * The versions `load` makes of `items`, one per pull, in order: an iterator object rather than an
 * async generator, whose suspended frame would keep the last version it made while it loads the next.
 */
export function loadedOneByOne<T>(
  items: readonly T[],
  load: (item: T) => Promise<SeriesVersion>,
): AsyncIterableIterator<SeriesVersion> {
  let at = 0;
  const iterator: AsyncIterableIterator<SeriesVersion> = {
    [Symbol.asyncIterator]: () => iterator,
    async next() {
      if (at >= items.length) return { done: true, value: undefined };
      return { done: false, value: await load(items[at++]) };
    },
    async return() {
      at = items.length;
      return { done: true, value: undefined };
    },
  };
  return iterator;
}

/** Puts the source's next version in the slot (emptied first); false once the source is done. */
async function pull(iterator: AsyncIterator<SeriesVersion> | Iterator<SeriesVersion>, slot: Slot): Promise<boolean> {
  slot.version = undefined;
  const next = await iterator.next();
  if (next.done) return false;
  slot.version = next.value;
  return true;
}

/** Searches the slot's version for the targets still unfound, then empties the slot. */
async function searchVersion(slot: Slot, search: Search, options: SeriesOptions): Promise<void> {
  const version = slot.version!;
  const { byBody, remaining, out, previous, previousForms, index } = search;
  const epoch = timestampEpoch(version.publishedAt);
  if (epoch < search.lastEpoch) {
    throw new RangeError(
      `version ${JSON.stringify(version.version)} (${version.publishedAt}) was published before ` +
        `${JSON.stringify(search.lastVersion)}: versions must come oldest first`,
    );
  }
  search.lastEpoch = epoch;
  search.lastVersion = version.version;
  const born = utcDay(version.publishedAt);

  const current = new Map<string, { raw: string; normal: string }>();
  const forms = new Set<string>();
  let searched = 0;
  let skipped = 0;
  let found = 0;
  for (const path of [...version.files.keys()].sort()) {
    const text = version.files.get(path) ?? "";
    const raw = await digest(text);
    const before = previous.get(path);
    // Unchanged at the same path: its normal form was the previous version's, so it is skipped below.
    const normal = before !== undefined && before.raw === raw ? undefined : normaliseBody(text);
    const form = normal === undefined ? before!.normal : await digest(normal);
    current.set(path, { raw, normal: form });
    if (normal === undefined || previousForms.has(form) || forms.has(form)) {
      skipped++;
      forms.add(form);
      continue;
    }
    forms.add(form);
    searched++;
    for (const body of remaining) {
      if (!holdsNormalised(normal, body)) continue;
      remaining.delete(body);
      const notes =
        index === 0
          ? [`held by the first version given (${version.version}): the code may be older than the series`]
          : [];
      for (const id of byBody.get(body) ?? []) {
        out.set(id, {
          rule: SERIES_RULE,
          born,
          at: version.publishedAt,
          version: version.version,
          path,
          notes: [...notes],
        });
        found++;
      }
    }
  }
  slot.version = undefined;
  options.onVersion?.({
    version: version.version,
    index,
    filesSearched: searched,
    filesSkipped: skipped,
    found,
    remaining: remaining.size,
  });
  search.previous = current;
  search.previousForms = forms;
  search.index++;
}

/**
 * For every target, the first of `versions` (oldest first by `publishedAt`; equal times keep their
 * order) whose files hold its normalised body, or a {@link SeriesUnborn} when none does. Stops
 * pulling versions as soon as every target is found.
 *
 * Cost: a file is normalised at most once per version, and not at all when its text is unchanged at
 * the same path; a file whose normal form some file of the previous version had is not searched,
 * since every target still unfound was already searched in it. So a series of near-identical
 * versions costs about one full pass plus its changes. Memory: of the previous version only SHA-256
 * digests are kept (of each path's text and of each normal form), so a build in a 128 MB Worker
 * holds one version's text at a time, whatever the series' length.
 *
 * Throws a RangeError on a publish time that is not strict ISO 8601 or that goes back in time (the
 * rule's "first" would be meaningless), a TypeError on bad targets, and the signal's reason on abort.
 */
export async function bornFromSeries(
  versions: AsyncIterable<SeriesVersion> | Iterable<SeriesVersion>,
  targets: readonly BodyTarget[],
  options: SeriesOptions = {},
): Promise<Map<string, SeriesBirth>> {
  const byBody = groupTargets(targets);
  const search: Search = {
    byBody,
    remaining: new Set(byBody.keys()),
    out: new Map(),
    previous: new Map(),
    previousForms: new Set(),
    lastEpoch: Number.NEGATIVE_INFINITY,
    lastVersion: "",
    index: 0,
  };
  if (search.remaining.size === 0) return search.out;
  const iterator = Symbol.asyncIterator in versions ? versions[Symbol.asyncIterator]() : versions[Symbol.iterator]();
  const slot: Slot = {};
  let exhausted = false;
  try {
    while (search.remaining.size > 0) {
      if (!(await pull(iterator, slot))) {
        exhausted = true;
        break;
      }
      options.signal?.throwIfAborted();
      await searchVersion(slot, search, options);
    }
  } finally {
    slot.version = undefined;
    // Stopping early (every target found, an error, an abort) ends the source, as a `for await` would.
    if (!exhausted) await iterator.return?.();
  }
  const { index, out } = search;
  const why = index === 0 ? "no version was given" : `none of the ${index} versions searched holds the body`;
  const unborn: SeriesUnborn = { rule: SERIES_RULE, born: null, notes: [why] };
  // In the targets' order, so callers can zip results with their input.
  return new Map(targets.map(({ id }) => [id, out.get(id) ?? { ...unborn, notes: [...unborn.notes] }]));
}
