/**
 * Building a LongCodeU release from repositories on this machine: reads each repository's Python
 * and documentation files, loads tree-sitter and the CodeLlama tokenizer, optionally an
 * OpenAI-compatible embeddings endpoint for SRE, and runs the pure builder
 * (src/benchmarks/longcodeu/curate). Used by `npm run longcodeu -- build`, `npm start`'s demo and the
 * bench.
 *
 * Files read: `.py` (code) and `.md` / `.markdown` / `.rst` (documentation) files of at most 1 MiB
 * that are valid UTF-8, walking every directory except hidden ones and those `collectFiles` skips
 * (`node_modules`, `__pycache__`, `venv`, `.venv`, `build`, `dist`, `target`), `site-packages`,
 * `dist-packages`, `__pypackages__`, `*.egg-info` and any virtualenv (a directory holding
 * `pyvenv.cfg`). Symbolic links are not followed.
 */
import "../../../../cli/lib/tree-sitter-node";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { loadLanguage } from "../../../lib/code/parser";
import {
  buildLongCodeUParts,
  buildLongCodeURelease,
  embeddingSimilarity,
  lexicalSimilarity,
  type CountingTokenizer,
  type LongCodeUBuildInput,
  type ReleaseHead,
  type RepoInput,
  type Similarity,
} from "../curate/index";
import type { LengthBucket, LongCodeURelease, LongCodeUTask, RepoPart } from "../dataset/index";
import { loadCodeLlamaTokenizer } from "../../../lib/datasets/tokenizer";
import { UsageError } from "../../../../cli/lib/args";
import { directoryDating, isRegistrySpec, registryAddresses, registryKinds } from "../../../../cli/lib/born-sources";
import { collectFiles } from "../../../../cli/lib/collect";
import type { BornAfter } from "../../../lib/born";
import { repoInputFromRegistry } from "../curate/from-registry";

export const DOC_SUFFIXES = [".md", ".markdown", ".rst"] as const;
/** Characters of one text sent for embedding (longer units are cut there; recorded in the build). */
export const EMBED_MAX_CHARS = 16_000;
/** Texts per embeddings request. */
export const EMBED_BATCH = 32;
/** Env var with the embeddings endpoint's API key (sent as a bearer token when set). */
export const EMBEDDINGS_KEY_ENV = "NEEDLEWORK_EMBEDDINGS_API_KEY";

export interface EmbeddingsOptions {
  /** OpenAI-compatible base URL: requests go to `<url>/embeddings`. */
  url: string;
  model: string;
  /** Default: NEEDLEWORK_EMBEDDINGS_API_KEY. */
  apiKey?: string;
  batchSize?: number;
}

export interface LongCodeUFromDisk {
  /** Repository directories, or registry specs (`pypi:<name>@<version>`, `npm:<name>[@range]`, `crates:...`). */
  repos: readonly string[];
  /** Only examples whose answer is all born strictly after this day. */
  bornAfter?: BornAfter;
  /** Registry specs: versions read back to date the code, the built one included (default 20). */
  versions?: number;
  seed?: number;
  perBucket?: number;
  buckets?: readonly LengthBucket[];
  tasks?: readonly LongCodeUTask[];
  embeddings?: EmbeddingsOptions;
  log?: (line: string) => void;
}

/** Directories never entered, beyond collectFiles' own list (see the module comment). */
export function skipDirectory(rel: string, full: string): boolean {
  const name = rel.slice(rel.lastIndexOf("/") + 1);
  return (
    name === "site-packages" ||
    name === "dist-packages" ||
    name === "__pypackages__" ||
    name.endsWith(".egg-info") ||
    existsSync(join(full, "pyvenv.cfg"))
  );
}

/** Builds, validates and returns the release (see LongCodeUFromDisk). */
export async function buildLongCodeUFromDisk(o: LongCodeUFromDisk): Promise<LongCodeURelease> {
  return buildLongCodeURelease(await buildInput(o));
}

/** Builds the release repository by repository, handing each part to `emit` (see buildLongCodeUParts). */
export async function streamLongCodeUFromDisk(
  o: LongCodeUFromDisk,
  emit: (part: RepoPart) => void | Promise<void>,
): Promise<ReleaseHead> {
  return buildLongCodeUParts(await buildInput(o), emit);
}

async function buildInput(o: LongCodeUFromDisk): Promise<LongCodeUBuildInput> {
  const log = o.log ?? (() => {});
  if (o.repos.length === 0) throw new UsageError("name at least one repository directory with --repo");
  const inputs: RepoInput[] = [];
  const registries = await registryAddresses(registryKinds(o.repos));
  for (const repo of o.repos) {
    if (isRegistrySpec(repo)) {
      const input = await repoInputFromRegistry(repo, { registries, versions: o.versions });
      const { spec, name, version, publishedAt } = input.package;
      log(`  ${spec}: building ${name}@${version} (published ${publishedAt})`);
      for (const w of input.dating!.warnings()) log(`    WARNING: ${w}`);
      inputs.push(input);
      continue;
    }
    const root = resolve(repo);
    inputs.push({ ...(await readRepository(root)), dating: await directoryDating(root) });
  }
  const [lang, codeLlama] = await Promise.all([loadLanguage("python"), loadCodeLlamaTokenizer()]);
  const tokenizer = lineCachedCounter(codeLlama);
  const similarity = o.embeddings ? embeddingsEndpoint(o.embeddings) : lexicalSimilarity;
  log(`  SRE similarity: ${similarity.info.kind} (${similarity.info.name})`);
  return {
    repos: inputs,
    lang,
    tokenizer,
    seed: o.seed ?? 0,
    perBucket: o.perBucket,
    buckets: o.buckets,
    tasks: o.tasks,
    similarity,
    ...(o.bornAfter ? { bornAfter: o.bornAfter } : {}),
    log,
  };
}

/**
 * The tokenizer's count with a cache per line. Exact for the CodeLlama tokenizer, whose count is
 * additive over line breaks (src/lib/datasets/tokenizer.ts: each line is encoded on its own, only the
 * first with the leading-space token), except around its special tokens (`<s>`, `</s>`, `<unk>`):
 * texts holding one are counted whole. Contexts of one repository share most lines, so a build
 * counts each distinct line about once instead of every context in full.
 */
export function lineCachedCounter(tokenizer: CountingTokenizer): CountingTokenizer {
  const first = new Map<string, number>();
  const rest = new Map<string, number>();
  const newline = tokenizer.count("\n");
  return {
    name: tokenizer.name,
    version: tokenizer.version,
    count(text: string): number {
      if (/<s>|<\/s>|<unk>/.test(text)) return tokenizer.count(text);
      let total = 0;
      for (let at = 0, i = 0; at < text.length; i++) {
        const nl = text.indexOf("\n", at);
        const end = nl < 0 ? text.length : nl + 1;
        const line = text.slice(at, end);
        const cache = i === 0 ? first : rest;
        let n = cache.get(line);
        if (n === undefined)
          cache.set(line, (n = i === 0 ? tokenizer.count(line) : tokenizer.count(`\n${line}`) - newline));
        total += n;
        at = end;
      }
      return total;
    },
  };
}

/** One repository's files and provenance. */
export async function readRepository(root: string): Promise<RepoInput> {
  if (!existsSync(root)) throw new UsageError(`repository directory ${root} does not exist`);
  const code = await collectFiles(root, "", [".py"], { skipDir: skipDirectory });
  const docs = await collectFiles(root, "", DOC_SUFFIXES, { skipDir: skipDirectory });
  if (Object.keys(code.files).length === 0) throw new UsageError(`no Python files under ${root}`);
  const all = { ...code.files, ...docs.files };
  const lines = Object.keys(all)
    .sort()
    .map((p) => `${p}\t${createHash("sha256").update(all[p]).digest("hex")}\n`)
    .join("");
  const git = gitInfo(root);
  const licence = licenceOf(root);
  return {
    repo: git.remote ?? basename(root),
    files: code.files,
    docs: docs.files,
    source: {
      path: root,
      ...(git.commit ? { commit: git.commit } : {}),
      ...(git.remote ? { remote: git.remote } : {}),
      files: Object.keys(code.files).length,
      docs: Object.keys(docs.files).length,
      files_sha256: createHash("sha256").update(lines).digest("hex"),
      ...licence,
      skipped: [...code.skipped, ...docs.skipped].slice(0, 50),
    },
  };
}

/** HEAD's commit and `owner/name` of the `origin` remote, read from `.git` without running git. */
export function gitInfo(root: string): { commit?: string; remote?: string } {
  const dir = join(root, ".git");
  const out: { commit?: string; remote?: string } = {};
  try {
    const head = readFileSync(join(dir, "HEAD"), "utf8").trim();
    if (/^[0-9a-f]{40}$/.test(head)) out.commit = head;
    const ref = /^ref: (.+)$/.exec(head)?.[1];
    if (ref) {
      const loose = join(dir, ref);
      if (existsSync(loose)) out.commit = readFileSync(loose, "utf8").trim();
      else {
        const packed = readFileSync(join(dir, "packed-refs"), "utf8");
        out.commit = new RegExp(`^([0-9a-f]{40}) ${ref.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`, "m").exec(
          packed,
        )?.[1];
      }
    }
    const config = readFileSync(join(dir, "config"), "utf8");
    const url = /\[remote "origin"\][^[]*?url\s*=\s*(\S+)/.exec(config)?.[1];
    const m = url && /[/:]([^/:]+)\/([^/]+?)(?:\.git)?\/?$/.exec(url);
    if (m) out.remote = `${m[1]}/${m[2]}`;
  } catch {
    // Not a git checkout (or an unusual layout): no commit recorded.
  }
  return out;
}

/** The licence file at the root and, for the common ones, its SPDX id. */
export function licenceOf(root: string): { license_file?: string; license?: string } {
  const file = readdirSync(root)
    .sort()
    .find((f) => /^(licen[cs]e|copying)(\.(md|txt|rst))?$/i.test(f));
  if (!file) return {};
  const head = readFileSync(join(root, file), "utf8").slice(0, 2000);
  const spdx = /Apache License[\s\S]*Version 2\.0/i.test(head)
    ? "Apache-2.0"
    : /^\s*MIT License/i.test(head) || /Permission is hereby granted, free of charge/i.test(head)
      ? "MIT"
      : /BSD 3-Clause|Redistributions of source code[\s\S]*Neither the name/i.test(head)
        ? "BSD-3-Clause"
        : /GNU GENERAL PUBLIC LICENSE[\s\S]*Version 3/i.test(head)
          ? "GPL-3.0"
          : /Mozilla Public License[\s\S]*2\.0/i.test(head)
            ? "MPL-2.0"
            : undefined;
  return { license_file: file, ...(spdx ? { license: spdx } : {}) };
}

/** SRE similarity through an OpenAI-compatible `POST <url>/embeddings`. */
export function embeddingsEndpoint(o: EmbeddingsOptions): Similarity {
  const base = o.url.replace(/\/+$/, "");
  const apiKey = o.apiKey ?? process.env[EMBEDDINGS_KEY_ENV];
  const batchSize = o.batchSize ?? EMBED_BATCH;
  return embeddingSimilarity((texts) => fetchEmbeddings(base, o.model, apiKey, texts, batchSize), {
    name: o.model,
    endpoint: `${base}/embeddings`,
    input_max_chars: EMBED_MAX_CHARS,
  });
}

/** Embeddings of `texts` (cut to EMBED_MAX_CHARS), in order, `batchSize` per request. */
export async function fetchEmbeddings(
  base: string,
  model: string,
  apiKey: string | undefined,
  texts: readonly string[],
  batchSize = EMBED_BATCH,
): Promise<number[][]> {
  const out: number[][] = [];
  for (let at = 0; at < texts.length; at += batchSize) {
    const input = texts.slice(at, at + batchSize).map((t) => t.slice(0, EMBED_MAX_CHARS));
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (apiKey) headers.authorization = `Bearer ${apiKey}`;
    const res = await fetch(`${base}/embeddings`, { method: "POST", headers, body: JSON.stringify({ model, input }) });
    const text = await res.text();
    if (!res.ok)
      throw new Error(`embeddings endpoint ${base}/embeddings answered ${res.status}: ${text.slice(0, 300)}`);
    let body: { data?: { embedding?: unknown; index?: number }[] };
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(`embeddings endpoint ${base}/embeddings did not answer JSON: ${text.slice(0, 200)}`);
    }
    const data = body.data;
    if (!Array.isArray(data) || data.length !== input.length)
      throw new Error(
        `embeddings endpoint returned ${Array.isArray(data) ? data.length : "no"} vectors for ${input.length} inputs`,
      );
    const ordered = data.every((d) => typeof d.index === "number")
      ? [...data].sort((a, b) => a.index! - b.index!)
      : data;
    for (const d of ordered) {
      if (!Array.isArray(d.embedding) || d.embedding.length === 0 || !d.embedding.every((x) => typeof x === "number"))
        throw new Error("embeddings endpoint returned a vector that is not a list of numbers");
      out.push(d.embedding as number[]);
    }
  }
  return out;
}

export { countsTable } from "./parts";
