/** Small formatting and URL helpers shared by the pages (no JSX here). */
import type { LeaderboardQuery, Rate } from "../leaderboard/types";

/** The reference's threshold sweep, as the keys the API uses ("0.0" … "1.0"). */
export const THRESHOLDS = Array.from({ length: 11 }, (_, i) => (i / 10).toFixed(1));

/** A rate in percent with one decimal ("90.6"); "–" when there is none. */
export function pct(rate: number | null | undefined): string {
  return rate === null || rate === undefined || !Number.isFinite(rate) ? "–" : (rate * 100).toFixed(1);
}

/** The 95 % interval as "87.7–92.9", or "" when the count behind the rate is unknown. */
export function interval(r: Pick<Rate, "ci_low" | "ci_high">): string {
  return r.ci_low === null || r.ci_high === null ? "" : `${pct(r.ci_low)}–${pct(r.ci_high)}`;
}

/** An ISO timestamp as "2026-11-21 15:02 UTC"; anything else as it is. */
export function when(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** A threshold as its key ("0.8"). */
export const thresholdKey = (t: number) => t.toFixed(1);

/**
 * A query string with the given parameters in the given order, dropping empty ones. Values are
 * encoded here; the JSX attribute escaping then covers the `&`s.
 */
export function qs(params: Record<string, string | number | undefined | null>): string {
  const parts = Object.entries(params)
    .filter(([, v]) => v !== undefined && v !== null && v !== "")
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`);
  return parts.length ? `?${parts.join("&")}` : "";
}

/**
 * The parameters of a leaderboard query that differ from the API's `defaults` (and those in `always`,
 * so a shared link keeps meaning the same thing if a default ever changes), in the defaults' order;
 * `overrides` replace a value (undefined: leave it out). For the page's own links and for the
 * JSON/CSV links, whose parameter names are the same. `options` is left out: it is made from the
 * parameters.
 */
export function queryParams(
  q: LeaderboardQuery,
  defaults: LeaderboardQuery,
  overrides: Record<string, string | undefined> = {},
  always: readonly string[] = [],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(defaults)) {
    if (key === "options") continue;
    const value = key in overrides ? overrides[key] : q[key] === undefined ? undefined : String(q[key]);
    if (value !== undefined && (always.includes(key) || value !== String(defaults[key]))) out[key] = value;
  }
  return out;
}

/** Splits free text into plain parts and http(s) URLs, so attribution links are clickable and nothing else is. */
export function linkify(text: string): { text: string; href?: string }[] {
  return text
    .split(/(https?:\/\/[^\s<>"')]+)/)
    .filter((part) => part !== "")
    .map((part) => (/^https?:\/\//.test(part) ? { text: part, href: part } : { text: part }));
}

/** Viridis (perceptually uniform, readable without colour vision) at 5 stops, interpolated. */
const VIRIDIS = ["#440154", "#3b528b", "#21918c", "#5ec962", "#fde725"];

/** Background and text colours for a heatmap cell of the given rate (0 … 1). */
export function heatColour(rate: number): { background: string; color: string } {
  const x = Math.min(1, Math.max(0, rate)) * (VIRIDIS.length - 1);
  const i = Math.min(VIRIDIS.length - 2, Math.floor(x));
  const mix = (a: string, b: string, t: number) =>
    "#" +
    [1, 3, 5]
      .map((o) =>
        Math.round(parseInt(a.slice(o, o + 2), 16) * (1 - t) + parseInt(b.slice(o, o + 2), 16) * t)
          .toString(16)
          .padStart(2, "0"),
      )
      .join("");
  // The dark half of viridis needs white text, the light half black (contrast >= 4.5 either way).
  return { background: mix(VIRIDIS[i], VIRIDIS[i + 1], x - i), color: rate < 0.45 ? "#ffffff" : "#111111" };
}

/** The CSS gradient of the heatmap legend (same stops as heatColour). */
export const HEAT_GRADIENT = `linear-gradient(to right, ${VIRIDIS.join(", ")})`;
