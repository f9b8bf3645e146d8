/**
 * What a failed call throws: the service's problem document (RFC 9457 `application/problem+json`,
 * docs/api.md#errors) with its status, title and detail, or the status and the start of the body
 * when the answer was not one (a proxy's error page).
 */

/** The problem document every 4xx/5xx of needlework carries. */
export interface Problem {
  /** `urn:needlework:problem:<kind>`, e.g. `urn:needlework:problem:not-found`. */
  type: string;
  title: string;
  status: number;
  detail: string;
  /** The request's id (its `X-Request-Id`): quote it when reporting a problem. */
  request_id: string | null;
  /** A validation failure's fields, and whatever else the problem carries. */
  errors?: { path: string; message: string }[];
  [extra: string]: unknown;
}

/** Thrown by every call that gets an answer other than 2xx. */
export class NeedleworkError extends Error {
  override readonly name = "NeedleworkError";
  /** The problem document, when the answer was one. */
  readonly problem: Problem | undefined;

  constructor(
    readonly status: number,
    problem: Partial<Problem> | undefined,
    /** The answer's body as text (its first 2,000 characters). */
    readonly body: string,
    /** Seconds to wait before sending again, from the answer's `Retry-After` (a 429's, a 503's) or the problem's `retry_after`. */
    readonly retryAfter?: number,
  ) {
    super(
      problem?.detail
        ? `${status}${problem.title ? ` ${problem.title}` : ""}: ${problem.detail}`
        : `${status}: ${body.slice(0, 300)}`,
    );
    this.problem =
      problem && typeof problem === "object" && typeof problem.detail === "string" ? (problem as Problem) : undefined;
  }

  get title(): string | undefined {
    return this.problem?.title;
  }

  get detail(): string | undefined {
    return this.problem?.detail;
  }

  /** The problem's kind, the last part of its `type` (`not-found`, `validation-error`…). */
  get kind(): string | undefined {
    return this.problem?.type.replace(/^urn:needlework:problem:/, "");
  }

  get requestId(): string | undefined {
    return this.problem?.request_id ?? undefined;
  }
}

/** The error for a non-2xx answer (reads its body). */
export async function errorOf(res: Response): Promise<NeedleworkError> {
  const text = await res.text().catch(() => "");
  let problem: Partial<Problem> | undefined;
  try {
    problem = JSON.parse(text) as Partial<Problem>;
  } catch {
    problem = undefined;
  }
  return new NeedleworkError(
    res.status,
    problem,
    text.slice(0, 2000),
    retryAfterOf(res.headers.get("retry-after"), problem?.retry_after),
  );
}

/** `Retry-After` as seconds (it is a number of seconds or an HTTP date), else the problem's `retry_after`; undefined when neither says. */
function retryAfterOf(header: string | null, field: unknown): number | undefined {
  if (header !== null) {
    const trimmed = header.trim();
    if (/^\d+$/.test(trimmed)) return Number(trimmed);
    const date = Date.parse(trimmed);
    if (Number.isFinite(date)) return Math.max(0, Math.ceil((date - Date.now()) / 1000));
  }
  return typeof field === "number" && Number.isFinite(field) && field >= 0 ? field : undefined;
}
