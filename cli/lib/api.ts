/** Talking to a needlework instance (local `wrangler dev` or deployed) from Node-side commands: the client package (packages/client) with the local token and paths. */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Needlework, NeedleworkError } from "../../packages/client/src/index";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const DEV_VARS = `${ROOT}.dev.vars`;
export const DEFAULT_URL = "http://127.0.0.1:8787";

/**
 * The local work directory (with a trailing slash): `.needlework/` in the checkout (git-ignored:
 * the instance record, the demo's release, builds' default outputs), or NEEDLEWORK_DIR (tests, so
 * they never write the checkout's).
 */
export const workDir = (): string =>
  process.env.NEEDLEWORK_DIR ? `${process.env.NEEDLEWORK_DIR.replace(/\/+$/, "")}/` : `${ROOT}.needlework/`;

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

/** What a failed call throws (the problem document's status, title and detail): the client package's error. */
export { NeedleworkError as ApiError } from "../../packages/client/src/index";

/** The client the commands use: the client package's (packages/client), with the admin token. */
export type Api = Needlework;

/**
 * A client of the instance at `url`, sending `token` (default: the admin token) on the calls that
 * need one; `fetch` for tests that watch the requests.
 */
export function api(url: string, token = adminToken(), fetch?: typeof globalThis.fetch): Api {
  return new Needlework({
    baseUrl: url,
    token,
    fetch,
    missingToken: "No admin token: set NEEDLEWORK_ADMIN_TOKEN or ADMIN_TOKEN in .dev.vars.",
  });
}

/** Deletes dataset `id` (admin) if it exists, so an import with --replace starts from nothing. */
export async function deleteDatasetIfPresent(client: Api, id: string): Promise<void> {
  await client.deleteDataset(id).catch((err) => {
    if (!(err instanceof NeedleworkError && err.status === 404)) throw err;
  });
}

/** Polls /v1/health until the service answers or the deadline passes. */
export async function waitForService(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await new Needlework({ baseUrl: url }).health();
      return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`needlework did not answer at ${url} within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
