/** What the browser tests that start runs share: the instance's JSON API (admin for POSTs) and waiting for a run to end. */
import type { IsolatedInstance } from "../../cli/lib/local-service";

/** GET `path`, or POST `body` with the admin token, on the instance `instance()` gives; a non-2xx answer throws with its text. */
export function instanceApi(instance: () => IsolatedInstance) {
  return async function api<T>(path: string, body?: unknown): Promise<T> {
    const { url, token } = instance();
    const res = await fetch(
      new URL(path, url),
      body === undefined
        ? {}
        : {
            method: "POST",
            body: JSON.stringify(body),
            headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          },
    );
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
}

export type Run = { id: string; status: string; finished_at: string | null };

/** Starts a run (`POST /v1/runs` with `body`) and resolves to its id once it has ended. */
export async function endedRun(
  api: ReturnType<typeof instanceApi>,
  body: Record<string, unknown>,
  timeoutMs = 60_000,
): Promise<Run> {
  const { id } = await api<Run>("/v1/runs", body);
  for (const until = Date.now() + timeoutMs; Date.now() < until; await new Promise((r) => setTimeout(r, 300))) {
    const run = await api<Run>(`/v1/runs/${id}`);
    if (run.status !== "running" && run.finished_at) return run;
  }
  throw new Error(`run ${id} did not end in ${timeoutMs} ms`);
}
