/**
 * One error envelope for every 4xx/5xx: RFC 9457 `application/problem+json` with a request id.
 *
 * Public text only: `title` and `detail` are written for the caller. Internal detail (stack traces,
 * driver messages) goes to the log under the same request id, never into a response.
 */
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";

export const PROBLEMS = {
  "validation-error": { status: 400, title: "Request failed validation" },
  "malformed-json": { status: 400, title: "Malformed JSON body" },
  "malformed-encoding": { status: 400, title: "Body does not decode" },
  unauthorized: { status: 401, title: "Missing or invalid token" },
  forbidden: { status: 403, title: "Token lacks the role" },
  "admin-disabled": { status: 403, title: "Admin endpoints are disabled" },
  "not-found": { status: 404, title: "Not found" },
  "method-not-allowed": { status: 405, title: "Method not allowed" },
  conflict: { status: 409, title: "Conflict" },
  "payload-too-large": { status: 413, title: "Payload too large" },
  "unsupported-media-type": { status: 415, title: "Unsupported media type" },
  "unprocessable-content": { status: 422, title: "Unprocessable content" },
  "budget-exceeded": { status: 422, title: "Input too costly to process" },
  "too-many-requests": { status: 429, title: "Too many requests" },
  "internal-error": { status: 500, title: "Internal error" },
} as const satisfies Record<string, { status: ContentfulStatusCode; title: string }>;

export type ProblemType = keyof typeof PROBLEMS;

/** Problem type URIs are URNs: stable identifiers, documented in docs/api.md, "Errors". */
export const problemUri = (type: ProblemType) => `urn:needlework:problem:${type}`;

/**
 * Throw this anywhere in a handler to answer with the envelope. `headers` are response headers the
 * status requires (`WWW-Authenticate` with 401, `Allow` with 405, `Accept-Encoding` with 415).
 */
export class ProblemError extends Error {
  constructor(
    readonly type: ProblemType,
    readonly detail: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = "ProblemError";
  }
}

/** Throws the 422 problem: input that is well-formed but cannot be used (`ok || invalid("why")`). */
export function invalid(detail: string): never {
  throw new ProblemError("unprocessable-content", detail);
}

/**
 * Throws the 422 problem for rules a well-formed input breaks, as issues of a rule's schema (zod's):
 * the first in `detail`, up to 50 in `errors`, each at its path under `prefix` (e.g. `options.mode`).
 */
export function invalidIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  prefix: readonly string[] = [],
): never {
  const at = (i: (typeof issues)[number]) => [...prefix, ...i.path.map(String)].join(".");
  const first = issues[0];
  throw new ProblemError(
    "unprocessable-content",
    `${at(first) ? `${at(first)}: ` : ""}${first?.message ?? "invalid"}`,
    {
      errors: issues.slice(0, 50).map((i) => ({ path: at(i), message: i.message })),
    },
  );
}

/** Throws the 404 problem: the thing the request names does not exist (`row ?? notFound("why")`). */
export function notFound(detail: string): never {
  throw new ProblemError("not-found", detail);
}

/** Throws the 409 problem: the request contradicts what is stored (`ok || conflict("why")`). */
export function conflict(detail: string): never {
  throw new ProblemError("conflict", detail);
}

export function problemResponse(c: Context, problem: ProblemError): Response {
  const { status, title } = PROBLEMS[problem.type];
  const body = {
    type: problemUri(problem.type),
    title,
    status,
    detail: problem.detail,
    request_id: (c.get("requestId") as string | undefined) ?? null,
    ...problem.extra,
  };
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      ...problem.headers,
      "content-type": "application/problem+json; charset=utf-8",
      "x-request-id": body.request_id ?? "",
    },
  });
}

/** Maps anything thrown to a problem; unknown errors become a 500 whose detail says nothing inside. */
export function toProblem(err: unknown, requestId: string | undefined): ProblemError {
  if (err instanceof ProblemError) return err;
  if (err instanceof HTTPException) {
    if (err.status === 400 && /malformed json/i.test(err.message)) {
      return new ProblemError("malformed-json", "The request body is not valid JSON.");
    }
    const known = Object.entries(PROBLEMS).find(([, p]) => p.status === err.status);
    if (known) return new ProblemError(known[0] as ProblemType, err.message || known[1].title);
  }
  console.error(`[${requestId ?? "-"}] unhandled error`, err);
  return new ProblemError(
    "internal-error",
    `Something went wrong on our side. Quote request id ${requestId ?? "(none)"} when reporting it.`,
  );
}
