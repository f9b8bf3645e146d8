/**
 * What the refresh's workerd tests share: a configuration over the registry stand-in's packages
 * (./registry.ts), one Cron Trigger tick through the Worker's own scheduled handler, and a wait for
 * a window to settle with no step of it still running.
 */
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../src/index";
import { NPM } from "./registry";

export const SCHEDULE = "41 4 * * *";

/** The stand-in's packages as sources: fresh code of both languages, one down, one hostile, one oversized. */
const SOURCES = {
  "fresh-ts": { spec: "npm:fresh-ts", entry: "src", benchmarks: ["repoqa-snf"] },
  "fresh-py": { spec: "npm:fresh-py", benchmarks: ["longcodeu"] },
  "down-pkg": { spec: "npm:down-pkg", benchmarks: ["repoqa-snf"] },
  evil: { spec: "npm:evil", entry: "src", benchmarks: ["repoqa-snf"] },
  huge: { spec: "npm:huge", benchmarks: ["repoqa-snf"] },
};

/** A weekly schedule from 2026-01-05 over the named sources, with bounds small enough for the stand-in's packages. */
export function refreshConfig(sources: (keyof typeof SOURCES)[]) {
  return {
    schedule: SCHEDULE,
    anchor: "2026-01-05",
    window_days: 7,
    public_after_days: 28,
    versions: 5,
    registries: { npm: NPM },
    sources: sources.map((s) => SOURCES[s]),
    benchmarks: {
      "repoqa-snf": { needles: 3, context_sizes: [2048] },
      longcodeu: { per_bucket: 1, buckets: ["0-8K"] },
    },
    bounds: { downloadBytes: 64 * 1024, unpackedBytes: 4 * 1024 * 1024 },
    limits: { subrequests: 12, attempts: 3, retry_delay_seconds: 0, lease_seconds: 600, stale_minutes: 30 },
  };
}

/** One tick of the refresh's Cron Trigger at `when`, with `config` as `[vars.REFRESH]`. */
export async function tick(config: unknown, when: string) {
  const ctx = createExecutionContext();
  await (worker.scheduled as NonNullable<ExportedHandler<typeof env>["scheduled"]>)(
    createScheduledController({ scheduledTime: new Date(when), cron: SCHEDULE }),
    { ...env, REFRESH: config } as typeof env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
}

/** Waits for the window to reach one of `statuses` with no step of it still running. */
export async function settled(id: string, statuses: string[], ms = 60_000): Promise<string | undefined> {
  const end = Date.now() + ms;
  for (;;) {
    const row = await env.DB.prepare(
      "SELECT status, (SELECT COUNT(*) FROM refresh_steps WHERE window_id = ?1 AND status = 'running') AS running FROM refresh_windows WHERE id = ?1",
    )
      .bind(id)
      .first<{ status: string; running: number }>();
    if (row && statuses.includes(row.status) && row.running === 0) return row.status;
    if (Date.now() > end) return row?.status;
    await new Promise((r) => setTimeout(r, 200));
  }
}
