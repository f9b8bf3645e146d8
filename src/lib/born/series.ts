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

/**
 * For every target, the first of `versions` (oldest first by `publishedAt`; equal times keep their
 * order) whose files hold its normalised body, or a {@link SeriesUnborn} when none does. Stops
 * pulling versions as soon as every target is found.
 *
 * Cost: a file is normalised at most once per version, and not at all when its text is unchanged at
 * the same path; a file whose normal form some file of the previous version had is not searched,
 * since every target still unfound was already searched in it. So a series of near-identical
 * versions costs about one full pass plus its changes.
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
  const remaining = new Set(byBody.keys());
  const out = new Map<string, SeriesBirth>();
  let previous = new Map<string, { raw: string; normal: string }>();
  let previousForms = new Set<string>();
  let lastEpoch = Number.NEGATIVE_INFINITY;
  let lastVersion = "";
  let index = 0;
  if (remaining.size === 0) return out;

  for await (const version of versions) {
    if (remaining.size === 0) break;
    options.signal?.throwIfAborted();
    const epoch = timestampEpoch(version.publishedAt);
    if (epoch < lastEpoch) {
      throw new RangeError(
        `version ${JSON.stringify(version.version)} (${version.publishedAt}) was published before ` +
          `${JSON.stringify(lastVersion)}: versions must come oldest first`,
      );
    }
    lastEpoch = epoch;
    lastVersion = version.version;
    const born = utcDay(version.publishedAt);

    const current = new Map<string, { raw: string; normal: string }>();
    const forms = new Set<string>();
    let searched = 0;
    let skipped = 0;
    let found = 0;
    for (const path of [...version.files.keys()].sort()) {
      const raw = version.files.get(path) ?? "";
      const before = previous.get(path);
      const normal = before !== undefined && before.raw === raw ? before.normal : normaliseBody(raw);
      current.set(path, { raw, normal });
      if (previousForms.has(normal) || forms.has(normal)) {
        skipped++;
        forms.add(normal);
        continue;
      }
      forms.add(normal);
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
    options.onVersion?.({
      version: version.version,
      index,
      filesSearched: searched,
      filesSkipped: skipped,
      found,
      remaining: remaining.size,
    });
    previous = current;
    previousForms = forms;
    index++;
    if (remaining.size === 0) break;
  }

  const why = index === 0 ? "no version was given" : `none of the ${index} versions searched holds the body`;
  const unborn: SeriesUnborn = { rule: SERIES_RULE, born: null, notes: [why] };
  // In the targets' order, so callers can zip results with their input.
  return new Map(targets.map(({ id }) => [id, out.get(id) ?? { ...unborn, notes: [...unborn.notes] }]));
}
