/** Small checks for reading registry JSON, which is untrusted input like the archives. */
import { ruleError } from "./errors";

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `value` as an object, or `corrupt` naming what was expected. */
export function expectObject(value: unknown, what: string): JsonObject {
  if (!isObject(value)) throw ruleError("corrupt", "metadata", `${what} is not a JSON object`);
  return value;
}

/** A non-empty string, or undefined. */
export function str(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

/**
 * An instant as ISO 8601 UTC with millisecond precision, or undefined when `value` is not a date
 * with an explicit offset. Registries differ in precision and offset style (`Z`, `+00:00`,
 * microseconds); one form makes dates comparable as strings and stable in lock records.
 */
export function isoInstant(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:?\d\d)$/i.test(value.trim())) return undefined;
  const time = Date.parse(value.trim());
  return Number.isFinite(time) ? new Date(time).toISOString() : undefined;
}

/** Joins a registry base (ending in "/") and a path relative to it (a leading "/" is dropped). */
export function joinUrl(base: string, path: string): string {
  return base + path.replace(/^\/+/, "");
}
