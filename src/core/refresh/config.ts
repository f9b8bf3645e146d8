/**
 * The refresh configuration (docs/refresh.md): wrangler.toml's `[vars.REFRESH]`, or the file
 * `npm run refresh -- --sources` reads, in one shape. A window copies it into its row when it starts,
 * so every step of that window reads the same sources and options.
 */
import { z } from "@hono/zod-openapi";
import { isDay } from "../../lib/born";

const MiB = 1024 * 1024;

const Day = z.string().refine(isDay, "a UTC day, YYYY-MM-DD");

export const RefreshSourceSchema = z
  .object({
    /** `npm:<name>[@range]`, `pypi:<name>@<version>`, `crates:<name>@<version>`. */
    spec: z.string().regex(/^(npm|pypi|crates):\S+$/, "a registry spec: npm:<name>[@range], pypi:… or crates:…"),
    /** The folder of the package to build from (default the whole package). */
    entry: z.string().max(200).optional(),
    /** The benchmarks built from it (default every configured one). */
    benchmarks: z.array(z.string()).min(1).optional(),
  })
  .strict();
export type RefreshSource = z.infer<typeof RefreshSourceSchema>;

export const RefreshConfigSchema = z
  .object({
    /** The Cron Trigger (one of wrangler.toml's `[triggers] crons`) that runs refresh ticks. */
    schedule: z.string().default("41 4 * * *"),
    /** The first day of the first window; windows follow each other every `window_days`. */
    anchor: Day.default("2026-01-05"),
    window_days: z.number().int().min(1).max(366).default(7),
    /** Days after a window's end before its datasets are made public. */
    public_after_days: z.number().int().min(0).max(3660).default(28),
    /** Registry addresses; npm's is required for npm sources (the command passes npm's own setting). */
    registries: z.object({ npm: z.url(), pypi: z.url(), crates: z.url() }).partial().strict().default({}),
    /** Versions read back from the built one (it included) to date the code. */
    versions: z.number().int().min(1).max(60).default(10),
    sources: z.array(RefreshSourceSchema).min(1).max(200),
    /** Per benchmark id, its build options (Benchmark.windowBuild.options); only these are built. */
    benchmarks: z.record(z.string(), z.record(z.string(), z.unknown())),
    /**
     * Bounds of one source's reads (src/lib/sources/bounds.ts), sized for 128 MB of Worker memory: a
     * packument parsed holds about 2.6 times its size (hono's 4.8 MiB: 12.3 MiB live in V8), beside its
     * bytes and text, so 12 MiB of metadata at most; archives are streamed, only kept files held.
     */
    bounds: z
      .object({
        downloadBytes: z.number().positive(),
        unpackedBytes: z.number().positive(),
        files: z.number().positive(),
        fileBytes: z.number().positive(),
        timeMs: z.number().positive(),
        metadataBytes: z.number().positive(),
      })
      .partial()
      .strict()
      .default({ downloadBytes: 8 * MiB, unpackedBytes: 48 * MiB, metadataBytes: 12 * MiB, timeMs: 60_000 }),
    limits: z
      .object({
        /** Outgoing requests one step may make (the Workers Free plan allows 50 per invocation, Paid 1,000). */
        subrequests: z.number().int().min(2).max(1000).default(45),
        /** Tries of a step before a source is skipped or the window fails. */
        attempts: z.number().int().min(1).max(10).default(3),
        /** Delay before a step's next try. */
        retry_delay_seconds: z.number().int().min(0).max(43_200).default(60),
        /** How long a started step is someone's before another delivery may take it over. */
        lease_seconds: z.number().int().min(1).max(86_400).default(900),
        /** A building window without progress for this long gets its next step sent again (a lost message). */
        stale_minutes: z.number().int().min(1).default(30),
      })
      .strict()
      .default({ subrequests: 45, attempts: 3, retry_delay_seconds: 60, lease_seconds: 900, stale_minutes: 30 }),
  })
  .strict();
export type RefreshConfig = z.infer<typeof RefreshConfigSchema>;

/** What the operator must fix in a refresh configuration or request (a 422 over HTTP, never a 500). */
export class RefreshConfigError extends Error {
  override name = "RefreshConfigError";
}

/** The configuration, checked; a wrong one throws a RefreshConfigError naming the first problem. */
export function parseRefreshConfig(raw: unknown): RefreshConfig {
  const text = typeof raw === "string" ? JSON.parse(raw) : raw;
  const parsed = RefreshConfigSchema.safeParse(text);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new RefreshConfigError(`refresh configuration: ${issue.path.join(".") || "(top)"}: ${issue.message}`);
  }
  return parsed.data;
}
