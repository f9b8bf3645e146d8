/**
 * The D1 schema: the single source of truth for the database. `npm run db:generate` turns changes
 * here into SQL under migrations/ (never edit those by hand).
 */
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** One row per dataset; `status` is `importing` until the import commits, then `ready`. */
export const datasets = sqliteTable("datasets", {
  id: text("id").primaryKey(),
  benchmark: text("benchmark").notNull(),
  name: text("name").notNull(),
  status: text("status", { enum: ["importing", "ready"] }).notNull(),
  languages: text("languages", { mode: "json" }).$type<string[]>().notNull(),
  repoCount: integer("repo_count").notNull().default(0),
  taskCount: integer("task_count").notNull().default(0),
  contentSha256: text("content_sha256"),
  /** Code contexts built at import: sizes, comment modes, depths (see src/datasets/contexts.ts). */
  contextConfig: text("context_config", { mode: "json" }).$type<import("../datasets/contexts").ContextConfig | null>(),
  manifestKey: text("manifest_key"),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
});

/** One row per stored shard (a repository of a dataset). */
export const datasetShards = sqliteTable(
  "dataset_shards",
  {
    datasetId: text("dataset_id")
      .notNull()
      .references(() => datasets.id, { onDelete: "cascade" }),
    language: text("language").notNull(),
    repo: text("repo").notNull(),
    key: text("key").notNull(),
    sha256: text("sha256").notNull(),
    taskCount: integer("task_count").notNull(),
    functionCount: integer("function_count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.datasetId, t.language, t.repo] })],
);

/** One row per task: where its shard is and which needle of it the task is. */
export const tasks = sqliteTable(
  "tasks",
  {
    datasetId: text("dataset_id")
      .notNull()
      .references(() => datasets.id, { onDelete: "cascade" }),
    taskId: text("task_id").notNull(),
    language: text("language").notNull(),
    repo: text("repo").notNull(),
    name: text("name").notNull(),
    needleIndex: integer("needle_index").notNull(),
    shardKey: text("shard_key").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.datasetId, t.taskId] }),
    index("tasks_by_language").on(t.datasetId, t.language, t.repo, t.needleIndex),
  ],
);
