/**
 * The one error this library throws for anything a registry or an archive did wrong.
 *
 * Callers (dataset builders, a scheduled build) decide per `code` whether to skip a version, give up
 * on a package or retry later, so the code is part of the contract; the message is for people.
 */

/** Why a source could not be read. */
export type SourceErrorCode =
  /** The spec string (or an exact version in it) is malformed. */
  | "bad-spec"
  /** Connection refused, DNS failure, 5xx, 429, or the registry answered too slowly for metadata. */
  | "registry-down"
  /** A 404 package or version, or a range that matches nothing. */
  | "not-found"
  /** A named bound (see `Bounds`) was exceeded; `bound` and `limit` say which and how far. */
  | "bound"
  /** The archive's bytes do not hash to what the registry (or a lock record) says. */
  | "integrity"
  /** The archive tries something no package needs: climbing paths, links, devices, duplicates. */
  | "hostile"
  /** The gzip or tar stream (or the registry's JSON) is malformed or truncated. */
  | "corrupt"
  /** Well-formed but not something this library reads (a zip sdist, a sparse tar entry). */
  | "unsupported";

/** The bounds a refusal can name; each is an option of `Bounds` with a documented default. */
export type BoundName = "downloadBytes" | "unpackedBytes" | "files" | "fileBytes" | "timeMs" | "metadataBytes";

export interface SourceErrorDetails {
  /** For `bound`: which bound. */
  bound?: BoundName;
  /** For `bound`: its value when the refusal happened. */
  limit?: number;
  /** For `bound`: how much had been seen when reading stopped (bytes, files or ms), at least `limit + 1`. */
  seen?: number;
  /** For `hostile`, `corrupt` and `unsupported`: the short name of the rule that refused. */
  rule?: string;
  cause?: unknown;
}

/** Thrown for every failure of a source; `code` is machine-readable, the message names the rule or bound. */
export class SourceError extends Error {
  override readonly name = "SourceError";
  readonly code: SourceErrorCode;
  readonly bound?: BoundName;
  readonly limit?: number;
  readonly seen?: number;
  readonly rule?: string;

  constructor(code: SourceErrorCode, message: string, details: SourceErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = code;
    if (details.bound !== undefined) this.bound = details.bound;
    if (details.limit !== undefined) this.limit = details.limit;
    if (details.seen !== undefined) this.seen = details.seen;
    if (details.rule !== undefined) this.rule = details.rule;
  }
}

/** A `bound` refusal worded the same way everywhere: "bound <name>=<limit> exceeded: <what>". */
export function boundError(bound: BoundName, limit: number, seen: number, what: string): SourceError {
  return new SourceError("bound", `bound ${bound}=${limit} exceeded: ${what}`, { bound, limit, seen });
}

/** A refusal that names its rule first, so logs can be grepped by rule: "<code> (<rule>): <what>". */
export function ruleError(code: "hostile" | "corrupt" | "unsupported", rule: string, what: string): SourceError {
  return new SourceError(code, `${code} (${rule}): ${what}`, { rule });
}

/** Whether `error` is a {@link SourceError}, optionally with a given code; works across bundles. */
export function isSourceError(error: unknown, code?: SourceErrorCode): error is SourceError {
  if (!(error instanceof Error) || error.name !== "SourceError") return false;
  return code === undefined || (error as SourceError).code === code;
}
