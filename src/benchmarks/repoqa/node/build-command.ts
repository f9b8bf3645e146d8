/**
 * Build a RepoQA-style dataset from repositories on disk or packages of a registry, and load it into
 * a needlework instance.
 *
 *   npm run dataset -- build <repo dir | registry spec> [...] --id <dataset id> [options]
 *
 * Sources: a directory (dated by its git history when it is a tracked part of a git work tree,
 * undated otherwise), or `npm:<name>[@range]`, `pypi:<name>@<version>`, `crates:<name>@<version>`
 * (the newest selected version is built; its functions are dated by the first version holding them).
 *
 * Options:
 *   --entry <path>            entry path inside each repository or package (default: all of it)
 *   --lang <language>         python | cpp | java | typescript | rust | go (default: detected per repository)
 *   --name <owner/repo>       repository name in task ids (one source only; default local/<dir name>,
 *                             <registry>/<package> for a registry spec)
 *   --seed <int>              Python random.seed for the needle draw (default 0)
 *   --needles <n>             needles per repository (default 10)
 *   --bins <n>                bins over the repository (default 64)
 *   --max-needle-bytes <n>    longest needle (default 2000)
 *   --born-after YYYY-MM-DD   only functions born strictly after the day can be needles (undated ones never);
 *                             the rest of the code stays in the context
 *   --versions <n>            registry specs: versions read back to date functions, the built one included
 *                             (default 20)
 *   --describe docstring|annotate  descriptions from the functions' own docs (default, offline) or a model
 *   --curation needlework|reference  import rules and file reading: needlework's (default) or the reference tools'
 *                             (entry path as a string prefix, CRLF read as LF, the reference's dependency tools)
 *   --annotator <spec>        with annotate: openai-compatible:<model>@<base url> (key: NEEDLEWORK_ANNOTATOR_API_KEY)
 *   --out <file>              where to write the release JSON (default .needlework/<id>.json)
 *   --url <instance>          load into this instance (default local; a stopped local one is started)
 *   --no-load                 only write the release JSON
 *   --replace                 replace an existing dataset with this id
 *   --sizes, --comment-modes, --depths, --needle-offsets, --no-contexts
 *                             code contexts built at load (default 16384 tokens, original, reference depths,
 *                             needles cut at the reference's offsets; `--needle-offsets characters` cuts exactly)
 *
 * Registries: npm's address is npm's own setting; PyPI and crates.io the public ones unless
 * NEEDLEWORK_PYPI_REGISTRY / NEEDLEWORK_CRATES_REGISTRY say otherwise (cli/lib/born-sources.ts).
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { basename, dirname, resolve } from "node:path";
import { parseArgs } from "node:util";
import "../../../../cli/lib/tree-sitter-node";
import { api, workDir } from "../../../../cli/lib/api";
import { annotatorFromSpec } from "../../../../cli/lib/annotator";
import {
  UsageError,
  VISIBILITY_USAGE,
  datasetIdOption,
  intOption,
  loadOptions,
  visibilityOption,
} from "../../../../cli/lib/args";
import { directoryDating, isRegistrySpec, registryAddresses, registryKinds } from "../../../../cli/lib/born-sources";
import { collectFiles, detectLanguage } from "../../../../cli/lib/collect";
import { urlFlag } from "../../../../cli/lib/instance";
import { withService } from "../../../../cli/lib/local-service";
import type { NodeCommand } from "../../../../cli/lib/node-family";
import { LANGUAGES, LANGUAGE_SPECS, isLanguage, type Language } from "../../../lib/code/languages";
import { parseBornAfter, type BornAfter } from "../../../lib/born";
import { buildRepo, type BuildReport, type DescriptionSource } from "../curate/build";
import { buildFromRegistry } from "../curate/from-registry";
import { DEFAULT_SERIES_VERSIONS } from "../../../lib/dating/package-source";
import { DEFAULT_NEEDLE_OPTIONS } from "../curate/needles";
import type { ReleaseRepo } from "../dataset/release";
import { CONTEXT_OPTIONS, CONTEXT_USAGE, contextConfigFromFlags } from "./context-options";
import { importReleaseFile } from "./import-release";
import { collectReferenceFiles } from "./reference-files";
import { CURATIONS, type Curation } from "../../../lib/code/imports/common";

/** The module path declared by the repository's go.mod, if it has one. */
async function readGoModule(dir: string): Promise<string | undefined> {
  const text = await readFile(`${dir}/go.mod`, "utf8").catch(() => "");
  return /^module\s+(\S+)/m.exec(text)?.[1];
}

const USAGE = `npm run dataset -- build <repo dir | npm:name[@range] | pypi:name@version | crates:name@version> [...] --id <dataset id> [--entry p] [--lang l] [--seed n] [--needles n] [--bins n] [--max-needle-bytes n] [--born-after YYYY-MM-DD] [--versions n] [--describe docstring|annotate --annotator spec] [--curation needlework|reference] [--out file] [--url u | --no-load] [--replace] ${VISIBILITY_USAGE} ${CONTEXT_USAGE}`;

/** One line on a repository's births: its rule, range and counts, and why units are undated. */
export function bornLine(provenance: ReleaseRepo["provenance"]): string {
  const p = provenance as
    | { rule: string | null; born: { earliest: string | null; latest: string | null; dated: number; undated: number } }
    | undefined;
  if (!p) return "";
  const { earliest, latest, dated, undated } = p.born;
  const range = dated ? `born ${earliest} to ${latest}` : "undated";
  return `${range} (${dated} dated, ${undated} undated; ${p.rule ?? "no history"})`;
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      id: { type: "string" },
      entry: { type: "string", default: "." },
      lang: { type: "string" },
      name: { type: "string" },
      seed: { type: "string" },
      needles: { type: "string" },
      bins: { type: "string" },
      "max-needle-bytes": { type: "string" },
      "born-after": { type: "string" },
      versions: { type: "string" },
      describe: { type: "string", default: "docstring" },
      annotator: { type: "string" },
      curation: { type: "string", default: "needlework" },
      out: { type: "string" },
      ...loadOptions(),
      ...CONTEXT_OPTIONS,
      help: { type: "boolean", short: "h" },
    },
  });
  const sources = positionals;
  if (values.help || sources.length === 0) {
    console.log(`usage: ${USAGE}`);
    return values.help ? 0 : 2;
  }
  const id = datasetIdOption(values.id);
  const visibility = visibilityOption(values.visibility);
  if (values.name && sources.length > 1) throw new UsageError("--name names one repository; give one source with it");
  if (values.lang && !isLanguage(values.lang)) throw new UsageError(`--lang must be one of ${LANGUAGES.join(", ")}`);
  const options = {
    seed: intOption(values.seed, "seed", 0, DEFAULT_NEEDLE_OPTIONS.seed),
    count: intOption(values.needles, "needles", 1, DEFAULT_NEEDLE_OPTIONS.count),
    bins: intOption(values.bins, "bins", 1, DEFAULT_NEEDLE_OPTIONS.bins),
    maxBytes: intOption(values["max-needle-bytes"], "max-needle-bytes", 1, DEFAULT_NEEDLE_OPTIONS.maxBytes),
  };
  let contexts: ReturnType<typeof contextConfigFromFlags>;
  try {
    contexts = contextConfigFromFlags(values);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const curation = values.curation as Curation;
  if (!CURATIONS.includes(curation))
    throw new UsageError(`--curation must be ${CURATIONS.join(" or ")}, got "${values.curation}"`);
  let descriptions: DescriptionSource;
  if (values.describe === "docstring") descriptions = { kind: "docstring" };
  else if (values.describe === "annotate") {
    if (!values.annotator)
      throw new UsageError("--describe annotate needs --annotator openai-compatible:<model>@<base url>");
    descriptions = { kind: "annotate", ...annotatorFromSpec(values.annotator) };
  } else throw new UsageError(`--describe must be docstring or annotate, got "${values.describe}"`);

  const bornAfter = bornAfterOption(values["born-after"]);
  const versions = intOption(values.versions, "versions", 1, DEFAULT_SERIES_VERSIONS);
  const registries = await registryAddresses(registryKinds(sources));
  const release: Partial<Record<Language, ReleaseRepo[]>> = {};
  const reports: Record<string, unknown>[] = [];
  for (const source of sources) {
    const common = { descriptions, ...options, ...(bornAfter ? { bornAfter } : {}) };
    let built: { language: Language; repo: ReleaseRepo; report: BuildReport; record: Record<string, unknown> };
    if (isRegistrySpec(source)) {
      if (curation !== "needlework")
        throw new UsageError(`${source}: registry sources are built with --curation needlework`);
      const {
        language,
        repo,
        report,
        package: pkg,
      } = await buildFromRegistry(source, {
        ...common,
        registries,
        versions,
        entry: values.entry!,
        language: values.lang as Language | undefined,
        name: values.name,
        onOpen: (pkg) => {
          for (const s of pkg.skipped) console.log(`  skipped ${s.path}: ${s.reason}`);
          console.log(`  ${pkg.spec}: building ${pkg.name}@${pkg.version} (published ${pkg.publishedAt})`);
          for (const w of pkg.dating.warnings()) console.log(`    WARNING: ${w}`);
        },
      });
      built = { language, repo, report, record: { source: pkg.spec, version: pkg.version, skipped: pkg.skipped } };
    } else built = await buildDirectory(resolve(source), values, curation, common);
    const { language, repo, report } = built;
    const unresolved = Object.values(report.unresolved_imports).flat().length;
    const counts = `${report.files} files, ${report.functions} functions, ${report.needles} needles`;
    const imports = unresolved ? `, ${unresolved} unresolved imports` : "";
    console.log(`  ${language.padEnd(10)} ${repo.repo.padEnd(36)} ${counts}${imports}`);
    console.log(`    ${bornLine(repo.provenance)}`);
    for (const f of report.flagged) console.log(`    flagged ${f.name}: ${f.flags.join(", ")}`);
    (release[language] ??= []).push(repo);
    reports.push({ language, repo: repo.repo, ...built.record, ...report, provenance: repo.provenance });
  }
  const ordered = Object.fromEntries(LANGUAGES.filter((l) => release[l]).map((l) => [l, release[l]]));
  const out = resolve(values.out ?? `${workDir()}${id}.json`);
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, JSON.stringify(ordered));
  const reportFile = out.replace(/\.json$/, "") + ".report.json";
  await writeFile(
    reportFile,
    JSON.stringify(
      { id, options, curation, descriptions: descriptions.kind, born_after: bornAfter?.after, repositories: reports },
      null,
      2,
    ),
  );
  console.log(
    `Wrote ${out} (official RepoQA release format) and ${reportFile} (unresolved imports, skipped files, flags)`,
  );
  if (values["no-load"]) return 0;

  const build = {
    tool: "needlework dataset build",
    ...options,
    curation,
    descriptions: descriptions.kind === "docstring" ? "docstring" : `annotate:${descriptions.model}`,
    ...(bornAfter ? { born_after: bornAfter.after } : {}),
  };
  await withService(
    values.url!,
    async () => {
      const { tasks, manifest } = await importReleaseFile(api(values.url!), out, {
        id,
        replace: values.replace,
        name: id,
        build,
        contexts,
        visibility,
      });
      console.log(
        `Loaded dataset "${id}" into ${values.url}: ${tasks} tasks, content sha256 ${manifest.content_sha256}`,
      );
      console.log(`Run it: npm run eval -- --dataset ${id} --model <spec>${urlFlag(values.url!)}`);
    },
    console.log,
    "npm run dataset -- build",
  );
  return 0;
}

function bornAfterOption(value: string | undefined): BornAfter | undefined {
  if (value === undefined) return undefined;
  try {
    return parseBornAfter(value);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

/** One repository directory: its files, read as the curation reads them, dated by its git history if any. */
async function buildDirectory(
  dir: string,
  values: { entry?: string; lang?: string; name?: string },
  curation: Curation,
  common: Omit<Parameters<typeof buildRepo>[1], "language">,
) {
  const entry = values.entry!;
  const language = (values.lang as Language | undefined) ?? (await detectLanguage(dir, entry).catch(() => undefined));
  if (!language)
    throw new UsageError(
      `${dir}: no source files of a supported language under "${entry}" (or the directory does not exist)`,
    );
  const read =
    curation === "reference"
      ? collectReferenceFiles(dir, entry, language)
      : collectFiles(dir, entry, LANGUAGE_SPECS[language].suffixes).then((c) => ({ ...c, manifests: {} }));
  const { files, skipped, manifests } = await read.catch((err) => {
    throw new UsageError(`${dir}: cannot read "${entry}": ${(err as Error).message}`);
  });
  for (const s of skipped) console.log(`  skipped ${s.path}: ${s.reason}`);
  if (Object.keys(files).length === 0) throw new UsageError(`${dir}: no ${language} files under "${entry}"`);
  const name = values.name ?? `local/${basename(dir)}`;
  const goModule = language === "go" ? await readGoModule(dir) : undefined;
  const dating = await directoryDating(dir);
  const { repo, report } = await buildRepo(
    { repo: name, entrypoint_path: entry, files, goModule, manifests },
    { language, curation, ...common, dating },
  );
  return { language, repo, report, record: { directory: dir, skipped } };
}

export const buildCommand: NodeCommand = { usage: USAGE, run: main };
