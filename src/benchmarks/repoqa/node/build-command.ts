/**
 * Build a RepoQA-style dataset from repositories on disk, and load it into a needlework instance.
 *
 *   npm run dataset -- build <repo dir> [<repo dir> ...] --id <dataset id> [options]
 *
 * Options:
 *   --entry <path>            entry path inside each repository (default: the whole repository)
 *   --lang <language>         python | cpp | java | typescript | rust | go (default: detected per repository)
 *   --name <owner/repo>       repository name in task ids (one directory only; default local/<dir name>)
 *   --seed <int>              Python random.seed for the needle draw (default 0)
 *   --needles <n>             needles per repository (default 10)
 *   --bins <n>                bins over the repository (default 64)
 *   --max-needle-bytes <n>    longest needle (default 2000)
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
import { collectFiles, detectLanguage } from "../../../../cli/lib/collect";
import { urlFlag } from "../../../../cli/lib/instance";
import { withService } from "../../../../cli/lib/local-service";
import type { NodeCommand } from "../../../../cli/lib/node-family";
import { LANGUAGES, LANGUAGE_SPECS, isLanguage, type Language } from "../../../code/languages";
import { buildRepo, type DescriptionSource } from "../curate/build";
import { DEFAULT_NEEDLE_OPTIONS } from "../curate/needles";
import type { ReleaseRepo } from "../dataset/release";
import { CONTEXT_OPTIONS, CONTEXT_USAGE, contextConfigFromFlags } from "./context-options";
import { importReleaseFile } from "./import-release";
import { collectReferenceFiles } from "./reference-files";
import { CURATIONS, type Curation } from "../../../code/imports/common";

/** The module path declared by the repository's go.mod, if it has one. */
async function readGoModule(dir: string): Promise<string | undefined> {
  const text = await readFile(`${dir}/go.mod`, "utf8").catch(() => "");
  return /^module\s+(\S+)/m.exec(text)?.[1];
}

const USAGE = `npm run dataset -- build <repo dir> [...] --id <dataset id> [--entry p] [--lang l] [--seed n] [--needles n] [--bins n] [--max-needle-bytes n] [--describe docstring|annotate --annotator spec] [--curation needlework|reference] [--out file] [--url u | --no-load] [--replace] ${VISIBILITY_USAGE} ${CONTEXT_USAGE}`;

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
      describe: { type: "string", default: "docstring" },
      annotator: { type: "string" },
      curation: { type: "string", default: "needlework" },
      out: { type: "string" },
      ...loadOptions(),
      ...CONTEXT_OPTIONS,
      help: { type: "boolean", short: "h" },
    },
  });
  const dirs = positionals;
  if (values.help || dirs.length === 0) {
    console.log(`usage: ${USAGE}`);
    return values.help ? 0 : 2;
  }
  const id = datasetIdOption(values.id);
  const visibility = visibilityOption(values.visibility);
  if (values.name && dirs.length > 1) throw new UsageError("--name names one repository; give one directory with it");
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

  const release: Partial<Record<Language, ReleaseRepo[]>> = {};
  const reports: Record<string, unknown>[] = [];
  for (const dir of dirs.map((d) => resolve(d))) {
    const language =
      (values.lang as Language | undefined) ?? (await detectLanguage(dir, values.entry!).catch(() => undefined));
    if (!language)
      throw new UsageError(
        `${dir}: no source files of a supported language under "${values.entry}" (or the directory does not exist)`,
      );
    const read =
      curation === "reference"
        ? collectReferenceFiles(dir, values.entry!, language)
        : collectFiles(dir, values.entry!, LANGUAGE_SPECS[language].suffixes).then((c) => ({ ...c, manifests: {} }));
    const { files, skipped, manifests } = await read.catch((err) => {
      throw new UsageError(`${dir}: cannot read "${values.entry}": ${(err as Error).message}`);
    });
    for (const s of skipped) console.log(`  skipped ${s.path}: ${s.reason}`);
    if (Object.keys(files).length === 0) throw new UsageError(`${dir}: no ${language} files under "${values.entry}"`);
    const name = values.name ?? `local/${basename(dir)}`;
    const goModule = language === "go" ? await readGoModule(dir) : undefined;
    const { repo, report } = await buildRepo(
      { repo: name, entrypoint_path: values.entry!, files, goModule, manifests },
      { language, descriptions, curation, ...options },
    );
    const unresolved = Object.values(report.unresolved_imports).flat().length;
    console.log(
      `  ${language.padEnd(10)} ${name.padEnd(36)} ${report.files} files, ${report.functions} functions, ${report.needles} needles${unresolved ? `, ${unresolved} unresolved imports` : ""}`,
    );
    for (const f of report.flagged) console.log(`    flagged ${f.name}: ${f.flags.join(", ")}`);
    (release[language] ??= []).push(repo);
    reports.push({ language, repo: name, directory: dir, skipped, ...report });
  }
  const ordered = Object.fromEntries(LANGUAGES.filter((l) => release[l]).map((l) => [l, release[l]]));
  const out = resolve(values.out ?? `${workDir()}${id}.json`);
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, JSON.stringify(ordered));
  const reportFile = out.replace(/\.json$/, "") + ".report.json";
  await writeFile(
    reportFile,
    JSON.stringify({ id, options, curation, descriptions: descriptions.kind, repositories: reports }, null, 2),
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

export const buildCommand: NodeCommand = { usage: USAGE, run: main };
