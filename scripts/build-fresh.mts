/**
 * Measures a fresh RepoQA build from live npm packages: each source built with `--born-after`, straight
 * from the registry npm is configured with (docs/repoqa.md, "Building from a package registry"), in
 * its own process so that its CPU time (process.cpuUsage) and peak memory (resourceUsage().maxRSS)
 * are its own. Prints per source the version built, the needles it yielded (at most --needles; fewer
 * when fewer functions are born after the day), the births, the versions read and the warnings.
 * Nothing is loaded unless --load is given.
 *
 *   npx tsx scripts/build-fresh.mts [--born-after 2025-12-31] [--versions 20] [--needles 10]
 *       [--out .needlework/fresh.json] [--load [--id fresh] [--url http://127.0.0.1:8787]] [spec=entry ...]
 *
 * A source is `npm:<name>[@range]=<entry>` (the folder of the package to build from).
 */
import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import "../cli/lib/tree-sitter-node";
import { api, workDir } from "../cli/lib/api";
import { withService } from "../cli/lib/local-service";
import { npmRegistry } from "../cli/lib/npm-registry";
import { buildFromRegistry } from "../src/benchmarks/repoqa/curate/from-registry";
import { importReleaseFile } from "../src/benchmarks/repoqa/node/import-release";
import { parseBornAfter } from "../src/lib/born";

/**
 * Packages with frequent releases that ship their code (not only bundles), and the folder holding it.
 * (drizzle-orm was tried: its packument, 51 MB, is over the 32 MiB metadata bound and is refused.)
 */
export const DEFAULT_SOURCES = [
  "npm:undici=lib",
  "npm:openai=src",
  "npm:@anthropic-ai/sdk=src",
  "npm:zod=src",
  "npm:eslint=lib",
  "npm:fastify=lib",
  "npm:axios=lib",
  "npm:hono=dist/cjs",
];

interface SourceFigures {
  source: string;
  language?: string;
  version?: string;
  needles: number;
  born?: { earliest: string | null; latest: string | null; dated: number; undated: number };
  candidates?: number;
  born_after?: number;
  versions_read?: number;
  warnings?: string[];
  error?: string;
  cpu_s: number;
  max_rss_mib: number;
  wall_s: number;
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    "born-after": { type: "string", default: "2025-12-31" },
    versions: { type: "string", default: "20" },
    needles: { type: "string", default: "10" },
    out: { type: "string" },
    load: { type: "boolean", default: false },
    id: { type: "string", default: "fresh" },
    url: { type: "string", default: process.env.NEEDLEWORK_URL ?? "http://127.0.0.1:8787" },
    one: { type: "string" },
    "repo-out": { type: "string" },
  },
});
const bornAfter = parseBornAfter(values["born-after"]!);

/** Child: builds one source and prints its figures as one JSON line. */
async function one(source: string, repoOut: string): Promise<void> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const [spec, entry = "."] = source.split("=");
  const figures: SourceFigures = { source, needles: 0, cpu_s: 0, max_rss_mib: 0, wall_s: 0 };
  try {
    const built = await buildFromRegistry(spec, {
      registries: { npm: await npmRegistry() },
      versions: Number(values.versions),
      entry,
      bornAfter,
      descriptions: { kind: "docstring" },
      seed: 0,
      count: Number(values.needles),
      bins: 64,
      maxBytes: 2000,
      requireAllNeedles: false,
    });
    const provenance = built.repo.provenance as { born: SourceFigures["born"]; warnings: string[]; source: never };
    Object.assign(figures, {
      language: built.language,
      version: built.package.version,
      needles: built.repo.needles.length,
      born: provenance.born,
      candidates: built.report.dated?.candidates,
      born_after: built.report.dated?.born_after,
      versions_read: (provenance.source as { versions_read: unknown[] }).versions_read.length,
      warnings: provenance.warnings,
    });
    if (built.repo.needles.length)
      writeFileSync(repoOut, JSON.stringify({ language: built.language, repo: built.repo }));
  } catch (err) {
    figures.error = (err as Error).message;
  }
  const used = process.cpuUsage(cpu);
  figures.cpu_s = (used.user + used.system) / 1e6;
  figures.max_rss_mib = process.resourceUsage().maxRSS / 1024;
  figures.wall_s = (performance.now() - started) / 1000;
  console.log(JSON.stringify(figures));
}

function child(source: string, repoOut: string): Promise<SourceFigures> {
  const args = [...process.execArgv, import.meta.filename, "--one", source, "--repo-out", repoOut];
  for (const key of ["born-after", "versions", "needles"] as const) args.push(`--${key}`, values[key]!);
  return new Promise((done, fail) => {
    execFile(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      const line = stdout.trim().split("\n").pop();
      if (!line?.startsWith("{"))
        return fail(new Error(`${source}: ${(err as Error | null)?.message ?? ""}\n${stderr}`));
      done(JSON.parse(line) as SourceFigures);
    });
  });
}

const fmt = (n: number | undefined, digits = 1) => (n === undefined ? "-" : n.toFixed(digits));

async function main(): Promise<void> {
  const sources = positionals.length ? positionals : DEFAULT_SOURCES;
  const scratch = join(tmpdir(), `nw-fresh-${process.pid}`);
  mkdirSync(scratch, { recursive: true });
  console.log(
    `Fresh RepoQA build: --born-after ${bornAfter.after}, ${values.versions} versions, ${values.needles} needles`,
  );
  const release: Record<string, unknown[]> = {};
  const all: SourceFigures[] = [];
  for (const [i, source] of sources.entries()) {
    const repoOut = join(scratch, `${i}.json`);
    const f = await child(source, repoOut);
    all.push(f);
    const born = f.born ? `${f.born.earliest ?? "-"}..${f.born.latest ?? "-"}` : "-";
    console.log(
      `  ${source.padEnd(28)} ${(f.version ?? "").padEnd(10)} needles ${String(f.needles).padStart(2)}` +
        ` (${f.born_after ?? "-"} of ${f.candidates ?? "-"} candidates fresh) born ${born}` +
        ` | ${f.versions_read ?? "-"} versions | CPU ${fmt(f.cpu_s)} s,` +
        ` peak RSS ${fmt(f.max_rss_mib, 0)} MiB, wall ${fmt(f.wall_s)} s`,
    );
    if (f.error) console.log(`    error: ${f.error}`);
    for (const w of f.warnings ?? []) console.log(`    WARNING: ${w.slice(0, 160)}...`);
    if (f.needles) {
      const { language, repo } = JSON.parse(readFileSync(repoOut, "utf8"));
      (release[language] ??= []).push(repo);
    }
  }
  rmSync(scratch, { recursive: true, force: true });
  const needles = all.reduce((n, f) => n + f.needles, 0);
  const cpu = all.reduce((n, f) => n + f.cpu_s, 0);
  const peak = Math.max(...all.map((f) => f.max_rss_mib));
  const yielding = all.filter((f) => f.needles).length;
  console.log(
    `Total: ${needles} needles from ${yielding} of ${all.length} sources; CPU ${fmt(cpu)} s;` +
      ` largest peak RSS ${fmt(peak, 0)} MiB`,
  );
  const out = resolve(values.out ?? `${workDir()}${values.id}.json`);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify(release));
  writeFileSync(
    out.replace(/\.json$/, ".figures.json"),
    JSON.stringify({ born_after: bornAfter.after, sources: all }, null, 2),
  );
  console.log(`Wrote ${out} and its .figures.json`);
  if (!values.load || needles === 0) return;
  await withService(
    values.url!,
    async () => {
      const { tasks } = await importReleaseFile(api(values.url!), out, {
        id: values.id!,
        replace: true,
        name: `fresh npm code born after ${bornAfter.after}`,
        build: { tool: "scripts/build-fresh.mts", born_after: bornAfter.after, versions: Number(values.versions) },
        visibility: "held-out",
      });
      console.log(`Loaded "${values.id}" (held out) into ${values.url}: ${tasks} tasks`);
    },
    console.log,
    "scripts/build-fresh.mts",
  );
}

if (values.one) await one(values.one, values["repo-out"]!);
else await main();
