/**
 * A board's scope options (`QueryParam.scope`: a scoring mode, a comment mode...) as one text, the
 * `options` column of `leaderboard_entries`: the options that differ from their defaults, keys
 * sorted, `key=value` joined by `&` ("" when every one is at its default). Leaving defaults out keeps
 * every stored key valid when a benchmark adds a scope option later. A library module (no registry).
 */
import type { QueryParam } from "./family";
import type { ParamValue } from "./types";

const scopeParams = (params: Record<string, QueryParam> | undefined) =>
  Object.entries(params ?? {}).filter(([, p]) => p.scope);

/** The `options` text of the query's scope options. */
export function optionsKey(params: Record<string, QueryParam> | undefined, q: Record<string, unknown>): string {
  return scopeParams(params)
    .flatMap(([name, p]) => {
      const value = q[name] === undefined ? p.default : String(q[name]);
      return value === p.default ? [] : [`${name}=${encodeURIComponent(value)}`];
    })
    .sort()
    .join("&");
}

/**
 * Every scope option of an `options` text, its defaults filled in, in the benchmark's order: what
 * an answer describing an entry shows (a compare side, a picker's scope).
 */
export function scopeValues(params: Record<string, QueryParam> | undefined, key: string): Record<string, ParamValue> {
  const given = new Map(
    key === ""
      ? []
      : key.split("&").map((pair) => {
          const at = pair.indexOf("=");
          return [pair.slice(0, at), decodeURIComponent(pair.slice(at + 1))] as const;
        }),
  );
  return Object.fromEntries(scopeParams(params).map(([name, p]) => [name, given.get(name) ?? p.default]));
}

/** The names of a benchmark's scope options. */
export const scopeNames = (params: Record<string, QueryParam> | undefined): string[] =>
  scopeParams(params).map(([name]) => name);

/**
 * A scope option with one value, for a benchmark that has no such choice but whose answers have
 * carried it since before each benchmark had options of its own (`mode` and `comment_mode`, once
 * the first benchmark's and echoed by every board): links and clients that send or read it keep working, and
 * it changes nothing (its entries' `options` stay "").
 */
export function fixedOption(owner: string, value: string): QueryParam {
  return {
    owner,
    values: [value],
    default: value,
    description: `Always \`${value}\` for ${owner}: kept so that links and clients from before keep working; it selects nothing`,
    scope: true,
  };
}
