/** Shared test helpers: requests through the real Worker (SELF) with real D1 and R2. */
import { SELF } from "cloudflare:test";
import fixture from "./fixtures/repoqa-mini.json";

export const ADMIN = { authorization: "Bearer test-admin-token" };
export const BASE = "http://needlework.test";

export type Release = typeof fixture;
export const release = fixture;

export function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return SELF.fetch(`${BASE}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

export function get(path: string, headers: Record<string, string> = {}) {
  return SELF.fetch(`${BASE}${path}`, { headers });
}

export function put(path: string, body: unknown, headers: Record<string, string> = {}) {
  return SELF.fetch(`${BASE}${path}`, {
    method: "PUT",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

export function del(path: string, headers: Record<string, string> = {}) {
  return SELF.fetch(`${BASE}${path}`, { method: "DELETE", headers });
}

const imports = new Map<string, Promise<unknown>>();

/** Runs `load` once per dataset id (test files share storage within a file); resolves to the id. */
export function importOnce(id: string, load: () => Promise<unknown>): Promise<string> {
  if (!imports.has(id)) imports.set(id, load());
  return imports.get(id)!.then(() => id);
}

/** Imports the fixture release as dataset `id` through the admin endpoint. */
export async function importFixture(id: string) {
  const res = await post(`/v1/datasets/${id}/import?name=fixture&license=Apache-2.0`, fixture, ADMIN);
  if (res.status !== 200) throw new Error(`import failed: ${res.status} ${await res.text()}`);
  return res.json<{ content_sha256: string; counts: { tasks: number; repos: number } }>();
}

type Repo = Release[keyof Release][number];

/** The reference text of a needle: lines [start_line, end_line) of its file. */
export function needleCode(repo: Repo, name: string): string {
  const needle = repo.needles.find((n) => n.name === name);
  if (!needle) throw new Error(`no needle ${name}`);
  return (repo.content as Record<string, string>)[needle.path]
    .split("\n")
    .slice(needle.start_line, needle.end_line)
    .join("\n");
}

export function repoOf(lang: keyof Release, name: string): Repo {
  const repo = release[lang].find((r) => r.repo === name);
  if (!repo) throw new Error(`no repo ${name}`);
  return repo;
}
