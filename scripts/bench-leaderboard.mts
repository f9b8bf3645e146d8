/**
 * `npm run bench` (third part): leaderboard reads against `wrangler dev` on this machine.
 * A fresh local instance (its own --persist-to directory) gets the published RepoQA results
 * (../shared/data/repoqa-official, or NEEDLEWORK_REPOQA_OFFICIAL), then:
 * - uncached: the first read of distinct queries (threshold x language x kind x sort), each a
 *   Cache API miss that runs the indexed D1 query;
 * - cached: the default query again and again (Cache API hit: one tiny generation read);
 * - revalidated: the default query with If-None-Match (304, no body).
 * Latency percentiles come from sequential requests; requests per second from 8 concurrent
 * clients for 5 s. All traffic stays on 127.0.0.1.
 */
import { execFile } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { ROOT } from "../cli/lib/api.ts";
import { startIsolatedInstance } from "../cli/lib/local-service.ts";

const DATA = process.env.NEEDLEWORK_REPOQA_OFFICIAL ?? join(ROOT, "..", "shared", "data", "repoqa-official");
if (!existsSync(join(DATA, "COMBINED-RESULTS.json"))) {
  console.log(`\nLeaderboard reads: skipped, no published results at ${DATA} (set NEEDLEWORK_REPOQA_OFFICIAL).`);
  process.exit(0);
}

const instance = await startIsolatedInstance("nw-bench-lb");
const { url } = instance;

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function time(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ ms: number; status: number; cache: string | null; etag: string | null }> {
  const t = performance.now();
  const res = await fetch(url + path, { headers });
  await res.arrayBuffer();
  return {
    ms: performance.now() - t,
    status: res.status,
    cache: res.headers.get("x-leaderboard-cache"),
    etag: res.headers.get("etag"),
  };
}

async function throughput(path: string, headers: Record<string, string>, clients = 8, seconds = 5): Promise<number> {
  const deadline = performance.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        const res = await fetch(url + path, { headers });
        await res.arrayBuffer();
        done++;
      }
    }),
  );
  return done / seconds;
}

function report(name: string, samples: number[], rps?: number) {
  const s = [...samples].sort((a, b) => a - b);
  console.log(
    `  ${name.padEnd(34)} p50 ${percentile(s, 50).toFixed(2).padStart(6)} ms  p95 ${percentile(s, 95).toFixed(2).padStart(6)} ms  (${s.length} requests)${rps ? `  ${rps.toFixed(0)} req/s with 8 clients` : ""}`,
  );
}

try {
  const files = [
    join(DATA, "COMBINED-RESULTS.json"),
    ...readdirSync(join(DATA, "scores")).map((f) => join(DATA, "scores", f)),
  ];
  await promisify(execFile)(
    join(ROOT, "node_modules/.bin/tsx"),
    [
      join(ROOT, "cli/leaderboard.ts"),
      "import",
      ...files,
      "--dataset",
      "repoqa-2024-04-20",
      "--source",
      "RepoQA authors (EvalPlus)",
      "--license",
      "Apache-2.0",
      "--url",
      url,
    ],
    { cwd: ROOT },
  );
  console.log(
    `\nLeaderboard reads against wrangler dev (${files.length} published files imported; local workerd, loopback HTTP):`,
  );

  const misses: number[] = [];
  for (const threshold of ["0.0", "0.2", "0.4", "0.6", "0.9", "1.0"]) {
    for (const language of ["all", "python", "cpp", "java", "typescript", "rust"]) {
      for (const sort of ["-rate", "model"]) {
        const r = await time(`/v1/leaderboard?threshold=${threshold}&language=${language}&sort=${sort}`);
        if (r.cache !== "miss") throw new Error(`expected a cache miss, got ${r.cache}`);
        misses.push(r.ms);
      }
    }
  }
  report("uncached (Cache API miss, D1 query)", misses);

  const path = "/v1/leaderboard";
  await time(path);
  const hits: number[] = [];
  let etag = "";
  for (let i = 0; i < 200; i++) {
    const r = await time(path);
    if (r.cache !== "hit") throw new Error(`expected a cache hit, got ${r.cache}`);
    hits.push(r.ms);
    etag = r.etag!;
  }
  report("cached (Cache API hit)", hits, await throughput(path, {}));

  const revalidated: number[] = [];
  for (let i = 0; i < 200; i++) {
    const r = await time(path, { "if-none-match": etag });
    if (r.status !== 304) throw new Error(`expected 304, got ${r.status}`);
    revalidated.push(r.ms);
  }
  report("revalidated (If-None-Match, 304)", revalidated, await throughput(path, { "if-none-match": etag }));
  const page: number[] = [];
  for (let i = 0; i < 50; i++) page.push((await time("/")).ms);
  report("page GET / (HTML)", page);
} finally {
  await instance.stop();
}
