/**
 * Named API tokens (`api_tokens`): created by an admin, shown once, kept as the SHA-256 of the
 * secret, looked up by that hash on every authenticated request, revoked by deleting the row.
 * The routes are src/routes/tokens/; the check on each request is src/lib/middleware/admin.ts.
 */
import { asc, count, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { Env } from "../env";
import { sha256Hex } from "../sha256";
import { apiTokens, type TokenRole } from "./schema";

/** Tokens that may exist at once (so listing them stays one small read). */
export const MAX_TOKENS = 1000;

/** What a token is to a caller: everything but the secret, which is never read back. */
export interface TokenInfo {
  id: string;
  name: string;
  role: TokenRole;
  created_at: string;
}

/**
 * The secret's shape: `nwt_` (so secret scanners and people can tell what it is) and 32 random bytes
 * in base64url. The id is public (it names the token in lists, logs and rate-limit keys).
 */
const SECRET_PREFIX = "nwt_";
export const SECRET_PATTERN = /^nwt_[A-Za-z0-9_-]{43}$/;

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

const randomBytes = (n: number) => crypto.getRandomValues(new Uint8Array(n));
const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");

const columns = { id: apiTokens.id, name: apiTokens.name, role: apiTokens.role, created_at: apiTokens.createdAt };

/** Creates a token; the returned `secret` exists only here (the row holds its hash). */
export async function createToken(env: Env, role: TokenRole, name: string): Promise<TokenInfo & { secret: string }> {
  const secret = SECRET_PREFIX + base64url(randomBytes(32));
  const info: TokenInfo = { id: `tok_${hex(randomBytes(8))}`, name, role, created_at: new Date().toISOString() };
  await drizzle(env.DB)
    .insert(apiTokens)
    .values({ id: info.id, name, role, secretSha256: await sha256Hex(secret), createdAt: info.created_at });
  return { ...info, secret };
}

export async function tokenCount(env: Env): Promise<number> {
  const [row] = await drizzle(env.DB).select({ n: count() }).from(apiTokens);
  return row?.n ?? 0;
}

/** Every token, oldest first, without secrets. */
export async function listTokens(env: Env): Promise<TokenInfo[]> {
  return drizzle(env.DB)
    .select(columns)
    .from(apiTokens)
    .orderBy(asc(apiTokens.createdAt), asc(apiTokens.id))
    .limit(MAX_TOKENS);
}

/** Deletes token `id`; the token it was, or undefined when there is none. */
export async function revokeToken(env: Env, id: string): Promise<TokenInfo | undefined> {
  const [row] = await drizzle(env.DB).delete(apiTokens).where(eq(apiTokens.id, id)).returning(columns);
  return row;
}

/** The token whose secret is `secret`, or undefined (unknown or revoked). One indexed read. */
export async function tokenBySecret(env: Env, secret: string): Promise<TokenInfo | undefined> {
  if (!SECRET_PATTERN.test(secret)) return undefined;
  const [row] = await drizzle(env.DB)
    .select(columns)
    .from(apiTokens)
    .where(eq(apiTokens.secretSha256, await sha256Hex(secret)))
    .limit(1);
  return row;
}
