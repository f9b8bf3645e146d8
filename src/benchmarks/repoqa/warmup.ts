/**
 * RepoQA's start-up warm-up (`Family.warmUp`, run by src/core/warmup/warmup.ts): one tiny Python dataset held by
 * in-memory stand-ins for D1 and R2, and the requests whose first run in an isolate costs the most
 * — a score in each mode (the score indexes' decoding, the sanitizer, the similarity), with and
 * without comments, a refused one, and one in the any-benchmark shape (`Benchmark.hasUnit`).
 */
import { getTableColumns } from "drizzle-orm";
import * as schema from "../../lib/db/schema";
import type { WarmUpKit } from "../types";
import type { ContextShard } from "./store/contexts";
import { CONTEXTS_FORMAT } from "./store/contexts";
import { buildContextsScoreIndex, buildRepoScoreIndex, scoreIndexKey } from "./store/score-index";
import { SHARD_FORMAT, datasetKeys, type RepoShard } from "./dataset/shard";

const DATASET = "__warmup__";
const REPO = "warm/up";
const SHA = "0".repeat(64);
const CODE = [
  "def add(a, b):\n    # sum\n    return a + b",
  "def sub(a, b):\n    return a - b",
  "def mul(a, b):\n    return a * b",
];
const TASK = `python::${REPO}::add`;

function fakeShard(): RepoShard {
  const functions = CODE.map((code, i) => ({
    name: code.slice(4, 7),
    path: "m.py",
    start_line: i * 3,
    end_line: i * 3 + 2,
    code,
    code_without_comments: code.replace("    # sum\n", ""),
    ntokens: code.split(/\s+/).length,
  }));
  return {
    format: SHARD_FORMAT,
    language: "python",
    repo: REPO,
    needles: functions.slice(0, 2).map((f, index) => ({
      ...f,
      index,
      task_id: `python::${REPO}::${f.name}`,
      description: "",
      function_index: index,
    })),
    functions,
  };
}

function fakeContexts(shard: RepoShard): ContextShard {
  return {
    format: CONTEXTS_FORMAT,
    size: 16384,
    comment_mode: "original",
    tokenizer: { name: "warmup", version: "0" },
    tasks: shard.needles.map((n, i) => ({
      task_id: n.task_id,
      needle_index: i,
      position_ratio: 0.5,
      code_context: "",
      needle_token_start: 0,
      needle_token_end: 0,
      code_context_ntokens: 0,
      functions: shard.functions.map((f) => ({
        name: f.name,
        code: f.code,
        code_without_comments: f.code_without_comments,
      })),
      target_index: i,
    })),
  };
}

/** The dataset's rows and objects behind stand-in D1 and R2 bindings. */
function bindings(kit: WarmUpKit) {
  const shard = fakeShard();
  const objects = new Map<string, Uint8Array>([
    [scoreIndexKey(datasetKeys.shard(DATASET, "python", REPO), SHA), buildRepoScoreIndex(shard, SHA, true)],
    [
      scoreIndexKey(datasetKeys.contexts(DATASET, 16384, "original", "python", REPO), SHA),
      buildContextsScoreIndex(fakeContexts(shard), SHA),
    ],
  ]);
  const dataset: Record<string, unknown> = {
    id: DATASET,
    benchmark: "repoqa-snf",
    name: DATASET,
    status: "ready",
    languages: '["python"]',
    repo_count: 1,
    task_count: 2,
    content_sha256: SHA,
    context_config: JSON.stringify({ sizes: [16384], comment_modes: ["original"], depths: "reference" }),
    manifest_key: null,
    visibility: "public",
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-01T00:00:00.000Z",
  };
  const datasetRow = Object.values(getTableColumns(schema.datasets)).map((c) => dataset[c.name] ?? null);
  // Columns of the select in ./store/tasks.ts locateTasks.
  const taskRow = [TASK, "python", REPO, 0, datasetKeys.shard(DATASET, "python", REPO), SHA, "add"];
  const rowsFor = (sql: string): unknown[][] => {
    if (/from "datasets"/.test(sql)) return [datasetRow];
    if (/from "tasks"/.test(sql) && /join "dataset_shards"/.test(sql)) return [taskRow];
    // src/lib/datasets/store.ts storedTask (Benchmark.hasUnit): repo, name.
    if (/^select "repo", "name" from "tasks"/.test(sql)) return [[REPO, "add"]];
    return [];
  };
  return { DB: kit.d1(rowsFor), DATASETS: kit.r2(objects) };
}

const post = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json", "x-request-id": "warmup" },
  body: JSON.stringify(body),
});

/** Runs RepoQA's warm-up requests; resolves to their statuses. */
export async function repoqaWarmUp(kit: WarmUpKit): Promise<number[]> {
  const env = bindings(kit);
  const answer = "Here it is:\n\n```python\ndef add(a, b):\n    # sum\n    return a + b\n```\n";
  const requests: RequestInit[] = [
    post({ dataset: DATASET, task: TASK, answer, mode: "official" }),
    post({ dataset: DATASET, task: TASK, answer, mode: "strict" }),
    post({ dataset: DATASET, task: TASK, answer, mode: "official", ignore_comments: true }),
    post({ dataset: DATASET }),
    post({ benchmark: "repoqa-snf", dataset: DATASET, unit: TASK, answer, options: { scoring_mode: "strict" } }),
  ];
  const statuses: number[] = [];
  for (const init of requests) statuses.push(await kit.request("/v1/score", init, env));
  return statuses;
}
