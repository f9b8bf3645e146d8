/**
 * This family's side of a scheduled refresh (Benchmark.windowBuild; docs/refresh.md): one registry
 * package built into one repository of needles born in the window, then an import of one repository
 * per step and a commit. Every step is idempotent: importing a repository again replaces its tasks and
 * objects (store/index.ts `importRepo`), and a committed dataset is left as it is.
 */
import { z } from "@hono/zod-openapi";
import type { WindowBuilder, WindowPart } from "../../types";
import { getDataset } from "../../../lib/datasets/store";
import { LANGUAGES, type Language } from "../../../lib/code/languages";
import type { ReleaseRepo } from "../dataset/release";
import { commitDataset, importRepo } from "../store";
import { buildFromRegistry } from "./from-registry";
import { NeedleSelectionError } from "./needles";

const Options = z
  .object({
    /** Needles per source at most (fewer when fewer functions are born in the window). */
    needles: z.number().int().min(1).max(50).default(10),
    seed: z.number().int().default(0),
    bins: z.number().int().min(1).default(64),
    max_needle_bytes: z.number().int().min(100).default(2000),
    /** The code contexts built at import, in tokens (one size keeps a window's import CPU small). */
    context_sizes: z.array(z.number().int().min(1024)).min(1).default([16384]),
  })
  .strict();

/** What a built source stores for its import step. */
interface StoredPart {
  language: Language;
  repo: ReleaseRepo;
}

function isStoredPart(value: unknown): value is StoredPart {
  const v = value as StoredPart;
  return typeof v === "object" && v !== null && LANGUAGES.includes(v.language) && typeof v.repo?.repo === "string";
}

/** Errors of a source that reads but yields no needle: no supported language, too few functions. */
const yieldsNothing = (err: unknown) =>
  err instanceof NeedleSelectionError || (err instanceof Error && err.message.includes("no source files"));

export const repoqaWindowBuild: WindowBuilder = {
  options: Options,

  async buildSource(input): Promise<WindowPart> {
    const o = Options.parse(input.options);
    let built: Awaited<ReturnType<typeof buildFromRegistry>>;
    try {
      built = await buildFromRegistry(input.spec, {
        registries: input.registries,
        bounds: input.bounds,
        fetch: input.fetch,
        signal: input.signal,
        versions: input.versions,
        publishedBefore: input.publishedBefore,
        entry: input.entry,
        bornAfter: input.bornAfter,
        descriptions: { kind: "docstring" },
        seed: o.seed,
        count: o.needles,
        bins: o.bins,
        maxBytes: o.max_needle_bytes,
        requireAllNeedles: false,
      });
    } catch (err) {
      if (!yieldsNothing(err)) throw err;
      return { part: null, units: 0, reason: (err as Error).message, record: {} };
    }
    const { repo, report, language } = built;
    const record = {
      language,
      repo: repo.repo,
      version: built.package.version,
      published_at: built.package.publishedAt,
      files: report.files,
      functions: report.functions,
      dated: report.dated ?? null,
      provenance: repo.provenance ?? null,
    };
    if (repo.needles.length === 0)
      return {
        part: null,
        units: 0,
        reason: `no function of ${built.package.name}@${built.package.version} is born after ${input.bornAfter.after} (${report.dated?.candidates ?? 0} candidates)`,
        record,
      };
    const part: StoredPart = { language, repo };
    return { part, units: repo.needles.length, record };
  },

  importSteps(parts) {
    return [...Array.from({ length: parts }, (_, i) => `repo-${String(i).padStart(4, "0")}`), "commit"];
  },

  async importStep(env, step, ctx) {
    const existing = await getDataset(env, ctx.datasetId);
    if (existing?.status === "ready") return { dataset: ctx.datasetId, already: "ready" };
    if (step === "commit") {
      const o = Options.parse(ctx.options);
      const manifest = await commitDataset(env, ctx.datasetId, {
        name: ctx.name,
        source: { kind: "repoqa-release", name: "a scheduled refresh's window (docs/refresh.md)" },
        build: {
          tool: "scheduled refresh",
          seed: o.seed,
          needles: o.needles,
          bins: o.bins,
          max_needle_bytes: o.max_needle_bytes,
          descriptions: "docstring",
        },
      });
      return { dataset: ctx.datasetId, tasks: manifest.counts.tasks, repos: manifest.counts.repos };
    }
    const index = Number(step.slice("repo-".length));
    const part = await ctx.part(index);
    if (!isStoredPart(part)) throw new Error(`part ${index} of ${ctx.datasetId} is not a built repository`);
    const o = Options.parse(ctx.options);
    // Needles cut exactly where their offsets say: the code is needlework's own build, not the reference's release.
    const contexts = {
      sizes: o.context_sizes,
      comment_modes: ["original" as const],
      depths: "reference" as const,
      needle_offsets: "characters" as const,
    };
    const imported = await importRepo(env, ctx.datasetId, part.language, part.repo, {
      name: ctx.name,
      visibility: "held-out",
      contexts,
    });
    return { repo: imported.repo, language: imported.language, tasks: imported.tasks, functions: imported.functions };
  },
};
