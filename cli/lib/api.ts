/** Talking to a needlework instance (local `wrangler dev` or deployed) from Node-side commands. */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const DEV_VARS = `${ROOT}.dev.vars`;
export const DEFAULT_URL = "http://127.0.0.1:8787";

/**
 * The local work directory (with a trailing slash): `.needlework/` in the checkout (git-ignored:
 * the instance record, the demo's release, builds' default outputs), or NEEDLEWORK_DIR (tests, so
 * they never write the checkout's).
 */
export const workDir = (): string => (process.env.NEEDLEWORK_DIR ? `${process.env.NEEDLEWORK_DIR.replace(/\/+$/, "")}/` : `${ROOT}.needlework/`);

/** Reads KEY=value lines of a dotenv-style file (quotes optional). */
export function readDotenv(path: string): Record<string, string> {
  if (!existsSync(path)) return {};
  const out: Record<string, string> = {};
  for (const line of readFileSync(path, "utf8").split(/\r?\n/)) {
    const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (m) out[m[1]] = m[2].replace(/^(["'])(.*)\1$/, "$2");
  }
  return out;
}

/** The admin token: NEEDLEWORK_ADMIN_TOKEN, else ADMIN_TOKEN from .dev.vars (local instances). */
export function adminToken(): string | undefined {
  return process.env.NEEDLEWORK_ADMIN_TOKEN || readDotenv(DEV_VARS).ADMIN_TOKEN || undefined;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: { title?: string; detail?: string; request_id?: string } | undefined,
    text: string,
  ) {
    super(problem?.detail ? `${status} ${problem.title ?? ""}: ${problem.detail}` : `${status}: ${text.slice(0, 300)}`);
  }
}

export interface Api {
  url: string;
  request<T>(method: string, path: string, body?: unknown, opts?: { admin?: boolean }): Promise<T>;
}

/**
 * Whether a request failed on a kept-alive connection the server had already closed, before any
 * answer: the peer's close unseen while the event loop was busy (a demo build blocks it for
 * seconds), so the request was written to a dead socket and never read. Such a request is sent
 * again once, whatever its method.
 */
function isStaleConnection(err: unknown): boolean {
  const code = (err as { cause?: { code?: string } })?.cause?.code;
  return err instanceof TypeError && (code === "EPIPE" || code === "ECONNRESET" || code === "UND_ERR_SOCKET");
}

export function api(url: string, token = adminToken()): Api {
  const base = url.replace(/\/+$/, "");
  return {
    url: base,
    async request<T>(method: string, path: string, body?: unknown, opts: { admin?: boolean } = {}) {
      const headers: Record<string, string> = {};
      if (body !== undefined) headers["content-type"] = "application/json";
      if (opts.admin) {
        if (!token) throw new Error("No admin token: set NEEDLEWORK_ADMIN_TOKEN or ADMIN_TOKEN in .dev.vars.");
        headers.authorization = `Bearer ${token}`;
      }
      const init = { method, headers, body: body === undefined ? undefined : JSON.stringify(body) };
      const res = await fetch(`${base}${path}`, init).catch((err: unknown) => {
        if (!isStaleConnection(err)) throw err;
        return fetch(`${base}${path}`, init); // once, on a fresh connection
      });
      const text = await res.text();
      if (!res.ok) {
        let problem;
        try {
          problem = JSON.parse(text);
        } catch {
          problem = undefined;
        }
        throw new ApiError(res.status, problem, text);
      }
      return JSON.parse(text) as T;
    },
  };
}

/** Polls /v1/health until the service answers or the deadline passes. */
/** Deletes dataset `id` (admin) if it exists, so an import with --replace starts from nothing. */
export async function deleteDatasetIfPresent(client: Api, id: string): Promise<void> {
  await client.request("DELETE", `/v1/datasets/${id}`, undefined, { admin: true }).catch((err) => {
    if (!(err instanceof ApiError && err.status === 404)) throw err;
  });
}

export async function waitForService(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(`${url}/v1/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`needlework did not answer at ${url} within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
