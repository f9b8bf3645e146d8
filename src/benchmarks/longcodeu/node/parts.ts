/**
 * A LongCodeU build on disk and its upload in parts (docs/longcodeu.md, "Importing in parts").
 *
 * The build directory holds `contexts.jsonl` (one context a line, with its repository),
 * `examples-<TASK>.jsonl` (one example a line, with its repository, in release order) and, written
 * last, `header.json` (the release without its contexts and examples, and the options it was built
 * with): a directory without `header.json` is an unfinished build. Each repository's part is
 * appended as soon as the builder hands it over, so the release is never whole in memory.
 *
 * The upload reads the files line by line into parts, named by their position (`contexts-0000`,
 * `CU_P-0000`, ...), so the same build always gives the same parts. It first asks which parts the
 * instance has and skips those whose sha256 matches; a part stored with another sha256 means the
 * dataset holds another build (stop: `--replace`). Then it commits.
 */
import { createHash } from "node:crypto";
import { once } from "node:events";
import {
  createReadStream,
  createWriteStream,
  existsSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  type WriteStream,
} from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import {
  BUCKET_KEYS,
  ContextsPartSchema,
  ExamplesPartSchema,
  LONGCODEU_LIMITS,
  LONGCODEU_TASKS,
  partName,
  type ContextsPart,
  type ExamplesPart,
  type LengthBucket,
  type LongCodeURelease,
  type LongCodeUTask,
  type LongContext,
  type PartExample,
  type ReleaseHeader,
  type RepoPart,
} from "../dataset/index";
import type { ReleaseHead } from "../curate/index";
import { ApiError, type Api } from "../../../../cli/lib/api";

export const HEADER_FILE = "header.json";
export const CONTEXTS_FILE = "contexts.jsonl";
export const examplesFile = (task: string) => `examples-${task}.jsonl`;

/**
 * Default bytes of JSON per contexts part. The endpoint takes up to 32 MiB, but a deployed Worker
 * has 128 MB of memory and parsing, validating and hashing a part holds several copies of it;
 * 4 MiB keeps a part well inside that (docs/longcodeu.md, "At the paper's size").
 */
export const DEFAULT_PART_BYTES = 4 * 1024 * 1024;

/** What header.json holds. */
export interface BuildHeader {
  header: ReleaseHeader;
  /** The options the build was made with: a rerun with the same ones reuses the build. */
  options: Record<string, unknown>;
}

/** One line of contexts.jsonl. */
type ContextLine = LongContext & { repo: string };

/** The finished build in `dir` when it was made with `options`, else undefined. */
export function finishedBuild(dir: string, options: Record<string, unknown>): BuildHeader | undefined {
  const file = join(dir, HEADER_FILE);
  if (!existsSync(file)) return undefined;
  const found = JSON.parse(readFileSync(file, "utf8")) as BuildHeader;
  return JSON.stringify(found.options) === JSON.stringify(options) ? found : undefined;
}

async function writeLine(stream: WriteStream, value: unknown): Promise<void> {
  if (!stream.write(`${JSON.stringify(value)}\n`)) await once(stream, "drain");
}

async function close(stream: WriteStream): Promise<void> {
  stream.end();
  await once(stream, "finish");
}

/**
 * Runs `build`, appending each repository part it emits to the files of `dir` (emptied first), and
 * writes header.json once every part is out.
 */
export async function writeBuild(
  dir: string,
  options: Record<string, unknown>,
  build: (emit: (part: RepoPart) => Promise<void>) => Promise<ReleaseHead>,
): Promise<BuildHeader> {
  await mkdir(dir, { recursive: true });
  rmSync(join(dir, HEADER_FILE), { force: true });
  const contexts = createWriteStream(join(dir, CONTEXTS_FILE));
  const examples = new Map(LONGCODEU_TASKS.map((t) => [t, createWriteStream(join(dir, examplesFile(t)))]));
  const repos: ReleaseHeader["repos"] = [];
  try {
    const head = await build(async (part) => {
      for (const c of part.contexts) await writeLine(contexts, { repo: part.repo, ...c });
      for (const e of part.examples) await writeLine(examples.get(e.task)!, { ...e, repo: part.repo });
      repos.push({
        repo: part.repo,
        source: part.source,
        contexts: part.contexts.length,
        examples: part.examples.length,
      });
    });
    const done: BuildHeader = { header: { ...head, repos }, options };
    await Promise.all([contexts, ...examples.values()].map(close));
    await writeFile(join(dir, `${HEADER_FILE}.tmp`), JSON.stringify(done));
    renameSync(join(dir, `${HEADER_FILE}.tmp`), join(dir, HEADER_FILE));
    return done;
  } finally {
    for (const s of [contexts, ...examples.values()]) if (!s.closed) s.destroy();
  }
}

/**
 * The JSON lines of `file`, read as the consumer pulls them: a stream's own async iteration waits
 * for each chunk to be asked for (readline's iterator reads ahead, so a slow upload would let the
 * whole file into memory).
 */
async function* lines(file: string): AsyncGenerator<{ value: unknown; bytes: number }> {
  if (!existsSync(file)) return;
  let carry = "";
  for await (const chunk of createReadStream(file, { encoding: "utf8", highWaterMark: 1 << 20 })) {
    const parts = (carry + (chunk as string)).split("\n");
    carry = parts.pop()!;
    for (const line of parts) if (line) yield { value: JSON.parse(line), bytes: Buffer.byteLength(line) + 1 };
  }
  if (carry) yield { value: JSON.parse(carry), bytes: Buffer.byteLength(carry) };
}

/** A part as it is sent: its name, its body and the bytes of the build files it covers. */
export interface UploadPart {
  name: string;
  body: ContextsPart | ExamplesPart;
  bytes: number;
}

/**
 * The build's parts in order: contexts of one repository up to LONGCODEU_LIMITS.contextsPerPart
 * and `partBytes` each, then each task's examples LONGCODEU_LIMITS.examplesPerShard at a time.
 */
export async function* buildParts(dir: string, partBytes = DEFAULT_PART_BYTES): AsyncGenerator<UploadPart> {
  let n = 0;
  let current: { repo: string; contexts: LongContext[]; bytes: number } | undefined;
  const flush = (): UploadPart => {
    const part = {
      name: partName("contexts", n++),
      body: { repo: current!.repo, contexts: current!.contexts },
      bytes: current!.bytes,
    };
    current = undefined;
    return part;
  };
  for await (const { value, bytes } of lines(join(dir, CONTEXTS_FILE))) {
    const { repo, ...context } = value as ContextLine;
    if (
      current &&
      (current.repo !== repo ||
        current.contexts.length >= LONGCODEU_LIMITS.contextsPerPart ||
        current.bytes + bytes > partBytes)
    )
      yield flush();
    current ??= { repo, contexts: [], bytes: 0 };
    current.contexts.push(context);
    current.bytes += bytes;
  }
  if (current) yield flush();
  for (const task of LONGCODEU_TASKS) {
    let examples: PartExample[] = [];
    let size = 0;
    let k = 0;
    for await (const { value, bytes } of lines(join(dir, examplesFile(task)))) {
      examples.push(value as PartExample);
      size += bytes;
      if (examples.length === LONGCODEU_LIMITS.examplesPerShard) {
        yield { name: partName(task, k++), body: { task, examples }, bytes: size };
        examples = [];
        size = 0;
      }
    }
    if (examples.length) yield { name: partName(task, k), body: { task, examples }, bytes: size };
  }
}

/** The sha256 the instance knows a part by: of its JSON as the part schema reads it. */
export function partSha256(part: UploadPart): string {
  const schema = "task" in part.body ? ExamplesPartSchema : ContextsPartSchema;
  return createHash("sha256")
    .update(JSON.stringify(schema.parse(part.body)))
    .digest("hex");
}

/** Bytes of the build files the parts are read from (the progress bar's 100 %). */
export function buildBytes(dir: string): number {
  return [CONTEXTS_FILE, ...LONGCODEU_TASKS.map(examplesFile)].reduce(
    (n, f) => n + (existsSync(join(dir, f)) ? statSync(join(dir, f)).size : 0),
    0,
  );
}

/** Progress of an upload: a bar redrawn in place on a terminal, one plain line per part otherwise. */
export class UploadProgress {
  private done = 0;
  private sent = 0;
  private skipped = 0;
  private readonly started = Date.now();

  constructor(
    private readonly total: number,
    private readonly stream: NodeJS.WriteStream = process.stdout,
  ) {}

  part(name: string, bytes: number, outcome: "sent" | "skipped"): void {
    this.done += bytes;
    if (outcome === "sent") this.sent++;
    else this.skipped++;
    const mb = (n: number) => (n / 1e6).toFixed(1);
    if (this.stream.isTTY) {
      const width = 30;
      const filled = Math.round((width * this.done) / Math.max(1, this.total));
      this.stream.write(
        `\r  [${"#".repeat(filled)}${".".repeat(width - filled)}] ${mb(this.done)}/${mb(this.total)} MB, ${this.sent} parts sent, ${this.skipped} skipped, ${((Date.now() - this.started) / 1000).toFixed(0)} s `,
      );
    } else {
      this.stream.write(
        `  part ${name}: ${outcome === "sent" ? "sent" : "already stored, skipped"} (${mb(bytes)} MB; ${mb(this.done)}/${mb(this.total)} MB)\n`,
      );
    }
  }

  finish(): { sent: number; skipped: number; seconds: number } {
    if (this.stream.isTTY) this.stream.write("\n");
    return { sent: this.sent, skipped: this.skipped, seconds: (Date.now() - this.started) / 1000 };
  }
}

export interface UploadResult {
  /** Null when the dataset was already committed (nothing sent). */
  manifest: { content_sha256: string } | null;
  sent: number;
  skipped: number;
  seconds: number;
}

/**
 * Uploads the build in `dir` as dataset `id` part by part, skipping the parts the instance already
 * has, then commits. A dataset already committed is left as it is (manifest null).
 */
export async function uploadBuild(
  client: Api,
  dir: string,
  id: string,
  opts: { name?: string; partBytes?: number; stream?: NodeJS.WriteStream; visibility?: "public" | "held-out" } = {},
): Promise<UploadResult> {
  const { header } = JSON.parse(readFileSync(join(dir, HEADER_FILE), "utf8")) as BuildHeader;
  let stored = new Map<string, string>();
  try {
    const listed = await client.request<{ status: string; parts: { part: string; sha256: string }[] }>(
      "GET",
      `/v1/datasets/${id}/longcodeu/parts`,
      undefined,
      { auth: true },
    );
    if (listed.status === "ready") return { manifest: null, sent: 0, skipped: 0, seconds: 0 };
    stored = new Map(listed.parts.map((p) => [p.part, p.sha256]));
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 404)) throw err;
  }
  const progress = new UploadProgress(buildBytes(dir), opts.stream);
  for await (const part of buildParts(dir, opts.partBytes)) {
    const sha256 = partSha256(part);
    const have = stored.get(part.name);
    if (have === sha256) {
      progress.part(part.name, part.bytes, "skipped");
      continue;
    }
    if (have)
      throw new Error(
        `dataset "${id}" holds part ${part.name} of another build (sha256 ${have}, this build's is ${sha256}): rerun with --replace to import this build instead`,
      );
    await client.request("PUT", `/v1/datasets/${id}/longcodeu/parts/${part.name}`, part.body, { auth: true });
    progress.part(part.name, part.bytes, "sent");
  }
  const counts = progress.finish();
  const params = new URLSearchParams({
    ...(opts.name && { name: opts.name }),
    ...(opts.visibility && { visibility: opts.visibility }),
  });
  const query = params.size ? `?${params}` : "";
  const { manifest } = await client.request<{ manifest: { content_sha256: string } }>(
    "POST",
    `/v1/datasets/${id}/longcodeu/commit${query}`,
    header,
    { auth: true },
  );
  return { manifest, ...counts };
}

const jsonl = (file: string): Record<string, unknown>[] =>
  existsSync(file)
    ? readFileSync(file, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l))
    : [];

/**
 * The whole release a finished build directory holds (repositories in header order, each one's
 * examples in task order): for checks that read a release at once (scripts/longcodeu-oracle.mts,
 * tests), so only for builds that fit in memory.
 */
export function releaseFromBuild(dir: string): LongCodeURelease {
  const { header } = JSON.parse(readFileSync(join(dir, HEADER_FILE), "utf8")) as BuildHeader;
  const contexts = jsonl(join(dir, CONTEXTS_FILE));
  const examples = LONGCODEU_TASKS.flatMap((t) => jsonl(join(dir, examplesFile(t))));
  const { repos, ...rest } = header;
  const without = ({ repo: _, ...item }: Record<string, unknown>) => item;
  return {
    ...rest,
    repos: repos.map((r) => ({
      repo: r.repo,
      source: r.source,
      contexts: contexts.filter((c) => c.repo === r.repo).map(without) as LongContext[],
      examples: examples.filter((e) => e.repo === r.repo).map(without) as LongCodeURelease["repos"][number]["examples"],
    })),
  };
}

/** Examples per task and bucket, summed over repositories (what a release's `build.counts` records). */
export type TaskBucketCounts = Partial<Record<LongCodeUTask, Partial<Record<LengthBucket, number>>>>;

/** Examples per task (rows) and bucket (columns), from a release or its `build.counts`. */
export function countsTable(from: LongCodeURelease | TaskBucketCounts): string {
  const counts = "repos" in from ? countsOf(from as LongCodeURelease) : (from as TaskBucketCounts);
  const header = ["task".padEnd(8), ...BUCKET_KEYS.map((b) => b.padStart(8)), "total".padStart(8)].join("");
  const rows = LONGCODEU_TASKS.map((t) => {
    const cells = BUCKET_KEYS.map((b) => counts[t]?.[b] ?? 0);
    return [
      t.padEnd(8),
      ...cells.map((n) => String(n).padStart(8)),
      String(cells.reduce((a, b) => a + b, 0)).padStart(8),
    ].join("");
  });
  return [header, ...rows].join("\n");
}

function countsOf(release: LongCodeURelease): TaskBucketCounts {
  const counts: TaskBucketCounts = {};
  for (const part of release.repos) {
    const bucketOf = new Map(part.contexts.map((c) => [c.id, c.bucket]));
    for (const e of part.examples) {
      const row = (counts[e.task] ??= {});
      const b = bucketOf.get(e.context)!;
      row[b] = (row[b] ?? 0) + 1;
    }
  }
  return counts;
}
