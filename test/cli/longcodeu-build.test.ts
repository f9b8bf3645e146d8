/**
 * `npm run longcodeu -- build` on the Node side: reading repositories from disk (what is skipped),
 * provenance, the line-cached token count, the embeddings endpoint on a loopback server, and the
 * command itself (counts table, byte-identical output for a seed, usage errors).
 */
import { execFile } from "node:child_process";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../cli/lib/api";
import { releaseFromBuild } from "../../src/benchmarks/longcodeu/node/parts";
import {
  EMBEDDINGS_KEY_ENV,
  EMBED_MAX_CHARS,
  buildLongCodeUFromDisk,
  countsTable,
  fetchEmbeddings,
  gitInfo,
  licenceOf,
  lineCachedCounter,
  readRepository,
} from "../../src/benchmarks/longcodeu/node/build";
import { ReleaseSchema } from "../../src/benchmarks/longcodeu/dataset/index";
import { cosine } from "../../src/benchmarks/longcodeu/curate/similarity";
import { loadCodeLlamaTokenizer } from "../../src/lib/datasets/tokenizer";

const FIXTURES = join(ROOT, "test/fixtures/longcodeu");
const INKWELL = join(FIXTURES, "inkwell");
const TIDEPOOL = join(FIXTURES, "tidepool");

function command(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      join(ROOT, "node_modules/.bin/tsx"),
      ["cli/family.ts", "longcodeu", ...args],
      { cwd: ROOT, env: { ...process.env, ...env }, timeout: 60_000 },
      (err, stdout, stderr) => {
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

describe("reading a repository", () => {
  it("reads .py and .md/.rst files, skipping hidden, build, virtualenv and site-packages directories", async () => {
    const repo = await readRepository(INKWELL);
    expect(Object.keys(repo.files).sort()).toEqual([
      "inkwell/__init__.py",
      "inkwell/cli.py",
      "inkwell/render.py",
      "inkwell/text.py",
      "inkwell/tokens.py",
    ]);
    expect(Object.keys(repo.docs!).sort()).toEqual(["README.md", "docs/api.rst"]);
    expect(repo.repo).toBe("inkwell");
    expect(repo.source).toMatchObject({
      path: INKWELL,
      files: 5,
      docs: 2,
      files_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it("records the commit and origin of a git checkout, and a licence it recognises", () => {
    const dir = mkdtempSync(join(tmpdir(), "nw-lcu-git-"));
    mkdirSync(join(dir, ".git"));
    const sha = "0123456789abcdef0123456789abcdef01234567";
    writeFileSync(join(dir, ".git/HEAD"), "ref: refs/heads/main\n");
    writeFileSync(join(dir, ".git/packed-refs"), `# pack-refs with: peeled\n${sha} refs/heads/main\n`);
    writeFileSync(
      join(dir, ".git/config"),
      '[core]\n\tbare = false\n[remote "origin"]\n\turl = git@github.com:octo/widgets.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n',
    );
    expect(gitInfo(dir)).toEqual({ commit: sha, remote: "octo/widgets" });
    writeFileSync(
      join(dir, "LICENSE"),
      "MIT License\n\nCopyright (c) 2025\n\nPermission is hereby granted, free of charge, ...",
    );
    expect(licenceOf(dir)).toEqual({ license_file: "LICENSE", license: "MIT" });
    expect(gitInfo(INKWELL)).toEqual({});
  });
});

describe("token counting", () => {
  it("the line-cached count equals CodeLlama's count of the whole text", async () => {
    const tokenizer = await loadCodeLlamaTokenizer();
    const cached = lineCachedCounter(tokenizer);
    const texts = [
      readFileSync(join(INKWELL, "inkwell/render.py"), "utf8"),
      readFileSync(join(TIDEPOOL, "tidepool/flow.py"), "utf8") + readFileSync(join(INKWELL, "README.md"), "utf8"),
      "no line break at the end",
      "  indented\n\n\n  é ✓ 🎉\n",
      "special <s> tokens </s> split <unk>\nlines",
      "",
    ];
    for (const text of texts) expect(cached.count(text), JSON.stringify(text.slice(0, 30))).toBe(tokenizer.count(text));
    // Counted again from the cache, still the same.
    expect(cached.count(texts[0])).toBe(tokenizer.count(texts[0]));
  });
});

/** A loopback OpenAI-compatible embeddings endpoint: a text's vector counts a few of its words. */
const VOCABULARY = ["job", "token", "render", "priority", "store", "text", "tag", "line", "self", "return"];
const embed = (text: string) => VOCABULARY.map((w) => text.split(w).length - 1 + 0.01);

let server: {
  url: string;
  requests: { auth?: string; model: string; input: string[] }[];
  failWith?: number;
  close(): Promise<void>;
};

beforeAll(async () => {
  const requests: { auth?: string; model: string; input: string[] }[] = [];
  const state = { failWith: undefined as number | undefined };
  const http = createServer(async (req: IncomingMessage, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    if (req.method !== "POST" || req.url !== "/v1/embeddings") {
      res.writeHead(404).end("not found");
      return;
    }
    const { model, input } = JSON.parse(body) as { model: string; input: string[] };
    requests.push({ auth: req.headers.authorization, model, input });
    if (state.failWith) {
      res.writeHead(state.failWith, { "content-type": "application/json" }).end('{"error":"overloaded"}');
      return;
    }
    // Reversed, with indices: the client must put them back in order.
    const data = input.map((t, index) => ({ object: "embedding", index, embedding: embed(t) })).reverse();
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ object: "list", data, model }));
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  server = {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    get failWith() {
      return state.failWith;
    },
    set failWith(v) {
      state.failWith = v;
    },
    close: () => new Promise((resolve) => http.close(() => resolve())),
  };
});

afterAll(async () => {
  await server?.close();
});

describe("SRE with an embeddings endpoint", () => {
  it("ranks by the cosine of the endpoint's vectors, in batches, with the key from the environment", async () => {
    server.requests.length = 0;
    process.env[EMBEDDINGS_KEY_ENV] = "emb-key-123";
    try {
      const release = await buildLongCodeUFromDisk({
        repos: [TIDEPOOL],
        seed: 1,
        tasks: ["SRE_T1", "SRE_T2"],
        buckets: ["0-8K"],
        embeddings: { url: `${server.url}/`, model: "test-embedder", batchSize: 4 },
      });
      expect(ReleaseSchema.safeParse(release).success).toBe(true);
      expect(release.build.similarity).toEqual({
        kind: "embedding",
        name: "test-embedder",
        endpoint: `${server.url}/embeddings`,
        input_max_chars: EMBED_MAX_CHARS,
      });
      expect(server.requests.length).toBeGreaterThan(1);
      for (const r of server.requests) {
        expect(r).toMatchObject({ auth: "Bearer emb-key-123", model: "test-embedder" });
        expect(r.input.length).toBeLessThanOrEqual(4);
      }
      const [part] = release.repos;
      const examples = part.examples.filter((e) => e.task.startsWith("SRE"));
      expect(examples).toHaveLength(4);
      for (const e of examples) {
        expect(e.meta).toMatchObject({ similarity: "test-embedder" });
        const query = e.task === "SRE_T1" ? e.anchor.code! : e.anchor.requirement!;
        const scores = e.answer.units!.map((u) => cosine(embed(query), embed(u.code)));
        expect(scores.map((s) => Math.round(s * 1e6) / 1e6)).toEqual(e.meta!.scores);
        for (let i = 1; i < scores.length; i++) expect(scores[i]).toBeLessThanOrEqual(scores[i - 1]);
      }
    } finally {
      delete process.env[EMBEDDINGS_KEY_ENV];
    }
  });

  it("cuts long inputs and reports an endpoint's error", async () => {
    server.requests.length = 0;
    const vectors = await fetchEmbeddings(server.url, "m", undefined, ["x".repeat(EMBED_MAX_CHARS + 10), "job"], 8);
    expect(vectors).toEqual([embed("x".repeat(EMBED_MAX_CHARS)), embed("job")]);
    expect(server.requests[0].input[0]).toHaveLength(EMBED_MAX_CHARS);
    expect(server.requests[0].auth).toBeUndefined();
    server.failWith = 503;
    try {
      await expect(fetchEmbeddings(server.url, "m", undefined, ["a"])).rejects.toThrow(
        /answered 503: \{"error":"overloaded"\}/,
      );
    } finally {
      server.failWith = undefined;
    }
  });
});

describe("npm run longcodeu -- build", () => {
  it("streams the build to its directory, the same release as a whole build, byte-identical for a seed, reused when the options match", async () => {
    const dir = mkdtempSync(join(tmpdir(), "nw-lcu-cli-"));
    const args = (out: string) => [
      "build",
      "--id",
      "lcu-cli",
      "--repo",
      INKWELL,
      "--repo",
      TIDEPOOL,
      "--seed",
      "5",
      "--buckets",
      "0-8K,8-16K",
      "--no-load",
      "--out",
      out,
    ];
    const first = await command(args(join(dir, "a")));
    expect(first.code, first.stderr).toBe(0);
    const release = releaseFromBuild(join(dir, "a"));
    expect(ReleaseSchema.safeParse(release).success).toBe(true);
    expect(release).toEqual(
      await buildLongCodeUFromDisk({ repos: [INKWELL, TIDEPOOL], seed: 5, buckets: ["0-8K", "8-16K"] }),
    );
    expect(first.stdout).toContain(countsTable(release));
    expect(first.stdout).toMatch(/^CU_P\s+4\s+0\s+0\s+0\s+0\s+4$/m);
    expect(first.stdout).toContain("inkwell: 5 Python files (4 usable)");
    const second = await command(args(join(dir, "b")));
    expect(second.code, second.stderr).toBe(0);
    for (const f of readdirSync(join(dir, "a")))
      expect(readFileSync(join(dir, "b", f), "utf8"), f).toBe(readFileSync(join(dir, "a", f), "utf8"));
    const again = await command(args(join(dir, "a")));
    expect(again.stdout).toContain(`Reusing the finished build in ${join(dir, "a")}`);
    expect(again.stdout).not.toContain("inkwell: 5 Python files");
    const other = await command([...args(join(dir, "a")), "--seed", "6"]);
    expect(other.stdout).toContain("inkwell: 5 Python files");
  });

  it("usage errors exit 2 with a message", async () => {
    const noRepo = await command(["build", "--id", "x", "--no-load"]);
    expect(noRepo.code).toBe(2);
    expect(noRepo.stderr).toMatch(/--repo <dir> is required/);
    const task = await command(["build", "--id", "x", "--repo", TIDEPOOL, "--tasks", "CU_P,NOPE", "--no-load"]);
    expect(task.code).toBe(2);
    expect(task.stderr).toMatch(/unknown tasks NOPE/);
    const bucket = await command(["build", "--id", "x", "--repo", TIDEPOOL, "--buckets", "0-4K", "--no-load"]);
    expect(bucket.code).toBe(2);
    expect(bucket.stderr).toMatch(/unknown buckets 0-4K/);
    const model = await command([
      "build",
      "--id",
      "x",
      "--repo",
      TIDEPOOL,
      "--embeddings-url",
      "http://127.0.0.1:1/v1",
      "--no-load",
    ]);
    expect(model.code).toBe(2);
    expect(model.stderr).toMatch(/--embeddings-url and --embedding-model go together/);
    const missing = await command(["build", "--id", "x", "--repo", "/no/such/dir", "--no-load"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/\/no\/such\/dir does not exist/);
  });
});
