/**
 * This family's side of a scheduled refresh (Benchmark.windowBuild; docs/refresh.md): one registry
 * package's Python built into one repository part of examples born in the window, then one import
 * step that stores the parts as a held-out release, all or nothing (store/import.ts
 * `importLongCodeU`). Run again after being cut off, the step deletes the unfinished import and
 * starts over; a committed dataset is left as it is.
 */
import { z } from "@hono/zod-openapi";
import type { WindowBuilder, WindowPart } from "../../types";
import { loadLanguage } from "../../../lib/code/parser";
import { codeLlamaTokenizer } from "../../../lib/datasets/tokenizer";
import { deleteDataset, getDataset } from "../../../lib/datasets/store";
import { BUCKET_KEYS, LONGCODEU_TASKS, RELEASE_FORMAT, type LongCodeURelease, type RepoPart } from "../dataset/index";
import { importLongCodeU } from "../store/import";
import { buildLongCodeUParts, type ReleaseHead } from "./index";
import { repoInputFromRegistry } from "./from-registry";

const Options = z
  .object({
    seed: z.number().int().default(0),
    /** Examples per task and length bucket, per source. */
    per_bucket: z.number().int().min(1).max(20).default(1),
    /** The smallest bucket keeps a window's contexts (and its CPU and memory) small. */
    buckets: z.array(z.enum(BUCKET_KEYS)).min(1).default(["0-8K"]),
    tasks: z.array(z.enum(LONGCODEU_TASKS)).min(1).optional(),
  })
  .strict();

interface StoredPart {
  head: ReleaseHead;
  part: RepoPart;
}

/** Errors of a source that reads but yields nothing: no Python, no example for the buckets. */
const yieldsNothing = (err: unknown) =>
  err instanceof Error && /holds no Python file|no examples could be built/.test(err.message);

export const longcodeuWindowBuild: WindowBuilder = {
  options: Options,

  async buildSource(input): Promise<WindowPart> {
    const o = Options.parse(input.options);
    try {
      const repo = await repoInputFromRegistry(input.spec, {
        registries: input.registries,
        bounds: input.bounds,
        fetch: input.fetch,
        signal: input.signal,
        versions: input.versions,
        publishedBefore: input.publishedBefore,
      });
      const [lang] = await Promise.all([loadLanguage("python"), codeLlamaTokenizer.ready?.()]);
      const parts: RepoPart[] = [];
      const head = await buildLongCodeUParts(
        {
          repos: [repo],
          lang,
          tokenizer: codeLlamaTokenizer,
          seed: o.seed,
          perBucket: o.per_bucket,
          buckets: o.buckets,
          tasks: o.tasks,
          bornAfter: input.bornAfter,
          requireEveryTask: false,
        },
        (part) => {
          parts.push(part);
        },
      );
      const record = {
        repo: repo.repo,
        version: repo.package.version,
        published_at: repo.package.publishedAt,
        files: Object.keys(repo.files).length,
        counts: head.build.counts ?? null,
        provenance: parts[0]?.source.provenance ?? null,
      };
      const part = parts[0];
      if (!part) return { part: null, units: 0, reason: "no example is born in the window", record };
      const stored: StoredPart = { head, part };
      return { part: stored, units: part.examples.length, record };
    } catch (err) {
      if (!yieldsNothing(err)) throw err;
      return { part: null, units: 0, reason: (err as Error).message, record: {} };
    }
  },

  importSteps: () => ["release"],

  async importStep(env, _step, ctx) {
    const existing = await getDataset(env, ctx.datasetId);
    if (existing?.status === "ready") return { dataset: ctx.datasetId, already: "ready" };
    // An import cut off midway left an unfinished dataset nothing reads: start it over.
    if (existing) await deleteDataset(env, ctx.datasetId);
    const stored: StoredPart[] = [];
    for (let i = 0; i < ctx.parts; i++) stored.push((await ctx.part(i)) as StoredPart);
    const release: LongCodeURelease = {
      format: RELEASE_FORMAT,
      seed: stored[0].head.seed,
      language: "python",
      build: {
        ...stored[0].head.build,
        tool: "scheduled refresh",
        counts: undefined,
        repo_counts: Object.assign({}, ...stored.map((s) => s.head.build.repo_counts ?? {})),
        notes: [...new Set(stored.flatMap((s) => (s.head.build.notes as string[] | undefined) ?? []))],
      },
      repos: stored.map((s) => s.part),
    };
    const manifest = await importLongCodeU(env, ctx.datasetId, release, { name: ctx.name, visibility: "held-out" });
    return {
      dataset: ctx.datasetId,
      repos: manifest.repos.length,
      examples: manifest.repos.reduce((n, r) => n + r.examples, 0),
      contexts: manifest.contexts.length,
    };
  },
};
