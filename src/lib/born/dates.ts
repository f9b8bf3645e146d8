/**
 * Days, timestamps and training cutoffs as the birth-date rules use them. Everything is UTC and
 * strictly validated: `Date.parse` accepts too much (`2024-02-30` rolls over to March, a bare
 * `2024-06` is read as midnight UTC) to be trusted with a date that decides what a model is scored on.
 *
 * A day is a string `YYYY-MM-DD`: days compare correctly as strings, and they are what `born`
 * holds. Cutoffs and `--born-after` values take years 1970-9998, so that the day after their period
 * is still a four-digit-year day.
 */

/** How much of a training cutoff a provider stated: `2024`, `2024-06` or `2024-06-15`. */
export type CutoffPrecision = "year" | "month" | "day";

/** A training cutoff as stated, with the first day a model with that cutoff cannot have seen. */
export interface Cutoff {
  /** As given: `YYYY`, `YYYY-MM` or `YYYY-MM-DD`. */
  value: string;
  precision: CutoffPrecision;
  /**
   * The first day after the whole stated period (`2024` → `2025-01-01`, `2024-06` → `2024-07-01`,
   * `2024-06-15` → `2024-06-16`): a month-precision cutoff may include data from the month's last day.
   */
  firstUnseenDay: string;
}

/** A `--born-after YYYY-MM-DD` filter: units born strictly after `after`, i.e. on or after `firstDay`. */
export interface BornAfter {
  after: string;
  firstDay: string;
}

const MIN_YEAR = 1970;
const MAX_YEAR = 9998;

const pad = (n: number, width: number) => String(n).padStart(width, "0");

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  return month === 2 ? (isLeap(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Why `year`, `month`, `day` is not a calendar day, or undefined when it is one. */
function calendarProblem(year: number, month: number, day?: number): string | undefined {
  if (year < 1) return "year 0000 does not exist";
  if (month < 1 || month > 12) return `month ${pad(month, 2)} is not 01-12`;
  if (day === undefined) return undefined;
  const last = daysInMonth(year, month);
  if (day < 1 || day > last) return `day ${pad(day, 2)} is not 01-${last} in ${pad(year, 4)}-${pad(month, 2)}`;
  return undefined;
}

/** Epoch milliseconds of a UTC calendar time; `Date.UTC` would map years below 100 to 19xx. */
function utcEpoch(year: number, month: number, day: number, hour = 0, minute = 0, second = 0, ms = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, ms);
  return date.getTime();
}

function dayOfEpoch(epoch: number): string {
  const date = new Date(epoch);
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1, 2)}-${pad(date.getUTCDate(), 2)}`;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a real calendar day written `YYYY-MM-DD` (`2024-02-29` yes, `2023-02-29` no). */
export function isDay(text: string): boolean {
  const m = DAY.exec(text);
  return m !== null && calendarProblem(Number(m[1]), Number(m[2]), Number(m[3])) === undefined;
}

/** `text` if it is a calendar day `YYYY-MM-DD`; throws a RangeError naming `what` and the problem otherwise. */
export function parseDay(text: string, what = "day"): string {
  const m = DAY.exec(text);
  if (!m) throw new RangeError(`invalid ${what} ${JSON.stringify(text)}: expected YYYY-MM-DD`);
  const problem = calendarProblem(Number(m[1]), Number(m[2]), Number(m[3]));
  if (problem) throw new RangeError(`invalid ${what} ${JSON.stringify(text)}: ${problem}`);
  return text;
}

/** The day after `day` (`2024-02-28` → `2024-02-29`, `2024-12-31` → `2025-01-01`). */
export function nextDay(day: string): string {
  const m = DAY.exec(parseDay(day));
  if (!m) throw new RangeError(`invalid day ${JSON.stringify(day)}`);
  return dayOfEpoch(utcEpoch(Number(m[1]), Number(m[2]), Number(m[3]) + 1));
}

/**
 * ISO 8601 timestamps as registries and `git log --format=%aI` write them: a full date, `T`, hours
 * and minutes, optional seconds and fraction, and a zone (`Z` or `±HH:MM`). A timestamp without a
 * zone is refused: its UTC day would depend on the machine reading it.
 */
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:(Z)|([+-])(\d{2}):(\d{2}))$/;

/** Epoch milliseconds of a strict ISO 8601 timestamp (see above); throws a RangeError saying why otherwise. */
export function timestampEpoch(text: string): number {
  const m = TIMESTAMP.exec(text);
  const expected = "expected ISO 8601 with a zone, like 2024-06-15T12:00:00Z or 2024-06-15T14:00:00+02:00";
  if (!m) throw new RangeError(`invalid timestamp ${JSON.stringify(text)}: ${expected}`);
  const [year, month, day, hour, minute] = [1, 2, 3, 4, 5].map((i) => Number(m[i]));
  const second = Number(m[6] ?? 0);
  const problem =
    calendarProblem(year, month, day) ??
    (hour > 23 ? `hour ${m[4]} is not 00-23` : undefined) ??
    (minute > 59 ? `minute ${m[5]} is not 00-59` : undefined) ??
    (second > 59 ? `second ${m[6]} is not 00-59` : undefined) ??
    (m[9] !== undefined && (Number(m[10]) > 23 || Number(m[11]) > 59)
      ? `offset ${m[9]}${m[10]}:${m[11]} is not a zone offset`
      : undefined);
  if (problem) throw new RangeError(`invalid timestamp ${JSON.stringify(text)}: ${problem}`);
  const ms = Number((m[7] ?? "").padEnd(3, "0").slice(0, 3));
  const offsetMinutes = m[8] === "Z" ? 0 : (m[9] === "-" ? -1 : 1) * (Number(m[10]) * 60 + Number(m[11]));
  return utcEpoch(year, month, day, hour, minute, second, ms) - offsetMinutes * 60_000;
}

/** The UTC day of a strict ISO 8601 timestamp (`2024-03-01T01:00:00+02:00` → `2024-02-29`). */
export function utcDay(timestamp: string): string {
  return dayOfEpoch(timestampEpoch(timestamp));
}

/** Why the year is out of the range cutoffs and `--born-after` take, or undefined. */
function yearProblem(year: number): string | undefined {
  return year < MIN_YEAR || year > MAX_YEAR ? `year ${pad(year, 4)} is not ${MIN_YEAR}-${MAX_YEAR}` : undefined;
}

/**
 * A training cutoff as a model card states it: `YYYY`, `YYYY-MM` or `YYYY-MM-DD`, nothing else (no
 * spaces, no `2024/06`, no `2024-6`). Throws a RangeError naming the value and the problem.
 */
export function parseCutoff(text: string): Cutoff {
  const fail = (problem: string): never => {
    throw new RangeError(`invalid cutoff ${JSON.stringify(text)}: ${problem}`);
  };
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(text);
  if (!m) return fail("expected YYYY, YYYY-MM or YYYY-MM-DD");
  const year = Number(m[1]);
  const month = m[2] === undefined ? undefined : Number(m[2]);
  const day = m[3] === undefined ? undefined : Number(m[3]);
  const problem = yearProblem(year) ?? (month === undefined ? undefined : calendarProblem(year, month, day));
  if (problem) fail(problem);
  if (month === undefined) return { value: text, precision: "year", firstUnseenDay: `${pad(year + 1, 4)}-01-01` };
  if (day === undefined) {
    const firstUnseenDay = month === 12 ? `${pad(year + 1, 4)}-01-01` : `${pad(year, 4)}-${pad(month + 1, 2)}-01`;
    return { value: text, precision: "month", firstUnseenDay };
  }
  return { value: text, precision: "day", firstUnseenDay: nextDay(text) };
}

/** Whether code born on `born` (a day) is after `cutoff`'s whole period, so unseen by a model with that cutoff. */
export function isBornAfterCutoff(born: string, cutoff: Cutoff): boolean {
  return parseDay(born, "born day") >= cutoff.firstUnseenDay;
}

/** A `--born-after YYYY-MM-DD` value: strictly after that day. Throws a RangeError naming the value and the problem. */
export function parseBornAfter(text: string): BornAfter {
  const day = parseDay(text, "--born-after day");
  const problem = yearProblem(Number(day.slice(0, 4)));
  if (problem) throw new RangeError(`invalid --born-after day ${JSON.stringify(text)}: ${problem}`);
  return { after: day, firstDay: nextDay(day) };
}

/** Whether code born on `born` (a day) passes a `--born-after` filter: strictly after its day. */
export function isBornAfter(born: string, filter: BornAfter): boolean {
  return parseDay(born, "born day") >= filter.firstDay;
}
