/**
 * RepoQA's own endpoints, mounted by the app beside the shared ones (`Family.routes`): the admin
 * import of an official release (`/v1/datasets/{id}/repos` + `/commit`, or `/import` in one request),
 * the score indexes of a dataset imported before they existed (`/score-index`), and the task-id
 * surface from before `GET /v1/benchmarks` (`/tasks`, `/prompt`).
 */
import { createRoute, z } from "@hono/zod-openapi";
import { isLanguage } from "../../../lib/code/languages";
import { deleteDataset, getDataset } from "../../../lib/datasets/store";
import { conflict, invalid, notFound, ProblemError } from "../../../lib/errors";
import { VisibilitySchema, refuseHeldOut } from "../../../lib/datasets/visibility";
import { requireAdmin } from "../../../lib/middleware/admin";
import { LIMITS, limitBody, requireJson } from "../../../lib/middleware/body";
import {
  ADMIN_SECURITY,
  DatasetManifestSchema,
  createRouter,
  datasetIdParam,
  jsonBody,
  jsonResponse,
  problemResponses,
  queryDecimal,
  queryInteger,
} from "../../../lib/middleware/openapi";
import { COMMENT_MODES, CONTEXT_SIZE, NEEDLE_OFFSETS, type CommentMode, type NeedleOffsets } from "../dataset/context";
import { ReleaseLanguageSchema, ReleaseRepoSchema, ReleaseSchema } from "../dataset/release";
import { commitDataset, importRepo } from "../store/index";
import { writeScoreIndexes } from "../store/reindex";
import { listTasks } from "../store/tasks";
import { taskPrompt } from "../score/service";

const DatasetId = datasetIdParam("repoqa-2024-04-20");

const SourceSchema = z
  .object({
    kind: z.literal("repoqa-release").default("repoqa-release"),
    name: z.string().max(200).optional(),
    url: z.string().max(500).optional(),
    license: z.string().max(100).optional(),
  })
  .strict();

const ContextConfigSchema = z
  .object({
    sizes: z.array(z.number().int().min(CONTEXT_SIZE.min).max(CONTEXT_SIZE.max)).min(1).max(8),
    comment_modes: z
      .array(z.enum(COMMENT_MODES as [CommentMode, ...CommentMode[]]))
      .min(1)
      .max(3),
    depths: z.union([z.literal("reference"), z.array(z.number().min(0).max(1)).min(1).max(21)]),
    needle_offsets: z
      .enum(NEEDLE_OFFSETS as [NeedleOffsets, ...NeedleOffsets[]])
      .optional()
      .openapi({
        description:
          "How needles' start_byte/end_byte index their files: `reference` (default) reads the UTF-8 byte offsets as character indices, as repoqa's make_code_context does (a needle after non-ASCII text is shifted); `characters` slices exactly the function.",
      }),
  })
  .strict()
  .openapi("ContextConfig");

const ImportedRepo = z
  .object({
    dataset: z.string(),
    language: z.string(),
    repo: z.string(),
    tasks: z.number().int(),
    functions: z.number().int(),
    sha256: z.string(),
  })
  .openapi("ImportedRepo");

const tasks = createRoute({
  method: "get",
  path: "/v1/datasets/{id}/tasks",
  tags: ["datasets"],
  summary: "Task ids of a dataset, paged",
  request: {
    params: z.object({ id: DatasetId }),
    query: z.object({
      language: z.string().optional(),
      limit: queryInteger(z.number().int().min(1).max(1000)).default(100),
      after: z.string().max(1024).optional().openapi({ description: "The `next` cursor of the previous page" }),
    }),
  },
  responses: {
    200: jsonResponse(
      z.object({
        tasks: z.array(
          z.object({
            task: z.string(),
            language: z.string(),
            repo: z.string(),
            name: z.string(),
            needle_index: z.number().int(),
          }),
        ),
        next: z.string().nullable(),
      }),
      "A page of tasks",
    ),
    ...problemResponses(400, 404),
  },
});

const prompt = createRoute({
  method: "get",
  path: "/v1/datasets/{id}/prompt",
  tags: ["datasets"],
  summary: "The exact prompt of a task (the reference's template) with its stored code context",
  request: {
    params: z.object({ id: DatasetId }),
    query: z.object({
      task: z.string().min(1).max(1024),
      size: queryInteger(z.number().int().optional()),
      comment_mode: z.enum(COMMENT_MODES as [CommentMode, ...CommentMode[]]).optional(),
      depth: queryDecimal(z.number().min(0).max(1).optional()),
    }),
  },
  responses: {
    200: jsonResponse(
      z.object({
        task: z.string(),
        template_version: z.string(),
        messages: z.array(z.object({ role: z.literal("user"), content: z.string() })),
        size: z.number().int(),
        comment_mode: z.string(),
        position_ratio: z.number(),
        needle_token_start: z.number().int(),
        needle_token_end: z.number().int(),
        code_context_ntokens: z.number().int(),
        dataset_sha256: z.string(),
      }),
      "The prompt",
    ),
    ...problemResponses(400, 404),
  },
});

const addRepo = createRoute({
  method: "post",
  path: "/v1/datasets/{id}/repos",
  tags: ["datasets"],
  summary: "Import one repository of an official RepoQA release into a dataset that is still importing",
  security: ADMIN_SECURITY,
  middleware: [requireAdmin, limitBody(LIMITS.repoBody), requireJson] as const,
  request: {
    params: z.object({ id: DatasetId }),
    ...jsonBody(
      z
        .object({
          language: ReleaseLanguageSchema,
          repo: ReleaseRepoSchema,
          name: z.string().max(200).optional(),
          contexts: ContextConfigSchema.nullable().optional().openapi({
            description:
              "Code contexts to build (default: 16384 tokens, original comments, the reference's depths); null for none. Fixed by the first repository.",
          }),
          visibility: VisibilitySchema.optional().openapi({
            description:
              "`public` (default) or `held-out` (task ids that do not name their targets; docs/api.md#held-out-datasets). Fixed by the first repository.",
          }),
        })
        .strict(),
    ),
  },
  responses: { 201: jsonResponse(ImportedRepo, "Stored"), ...problemResponses(400, 401, 403, 409, 413, 415, 422) },
});

const commit = createRoute({
  method: "post",
  path: "/v1/datasets/{id}/commit",
  tags: ["datasets"],
  summary: "Write the manifest and make the dataset ready to score against",
  security: ADMIN_SECURITY,
  middleware: [requireAdmin, limitBody(LIMITS.smallBody), requireJson] as const,
  request: {
    params: z.object({ id: DatasetId }),
    ...jsonBody(
      z
        .object({
          name: z.string().max(200).optional(),
          source: SourceSchema.optional(),
          build: z
            .record(z.string(), z.union([z.string().max(200), z.number(), z.boolean()]))
            .optional()
            .openapi({
              description:
                "How the dataset was built (seed, needle options, description mode), recorded in the manifest",
            }),
        })
        .strict(),
    ),
  },
  responses: {
    200: jsonResponse(DatasetManifestSchema, "The manifest"),
    ...problemResponses(400, 401, 403, 404, 409, 415),
  },
});

const importRelease = createRoute({
  method: "post",
  path: "/v1/datasets/{id}/import",
  tags: ["datasets"],
  summary: `Import a whole RepoQA release file in one request (bodies up to ${LIMITS.repoBody} bytes; use /repos + /commit for larger files)`,
  security: ADMIN_SECURITY,
  middleware: [requireAdmin, limitBody(LIMITS.repoBody), requireJson] as const,
  request: {
    params: z.object({ id: DatasetId }),
    query: z.object({
      name: z.string().max(200).optional(),
      source: z.string().max(200).optional(),
      license: z.string().max(100).optional(),
      contexts: z.enum(["default", "none"]).default("default").openapi({
        description:
          "`default`: build 16384-token contexts at the reference's depths (strict mode scores against them); `none`: skip them",
      }),
      visibility: VisibilitySchema.default("public"),
    }),
    ...jsonBody(ReleaseSchema.openapi("RepoQARelease")),
  },
  responses: {
    200: jsonResponse(DatasetManifestSchema, "The manifest"),
    ...problemResponses(400, 401, 403, 409, 413, 415, 422),
  },
});

const reindex = createRoute({
  method: "post",
  path: "/v1/datasets/{id}/score-index",
  tags: ["datasets"],
  summary:
    "Write the score indexes of a RepoQA dataset imported before they existed (scores do not change; cold requests get cheaper)",
  security: ADMIN_SECURITY,
  middleware: [requireAdmin] as const,
  request: { params: z.object({ id: z.string().min(1).max(128) }) },
  responses: {
    200: jsonResponse(
      z
        .object({ dataset: z.string(), repos: z.number().int(), objects: z.number().int(), bytes: z.number().int() })
        .openapi("ScoreIndexResult"),
      "Written",
    ),
    ...problemResponses(401, 403, 404, 422),
  },
});

/** RepoQA's routes, as `Family.routes`. */
export const repoqaRoutes = createRouter()
  .openapi(tasks, async (c) => {
    const { id } = c.req.valid("param");
    const query = c.req.valid("query");
    if (!(await getDataset(c.env, id))) notFound(`No dataset "${id}".`);
    if (query.language && !isLanguage(query.language))
      throw new ProblemError("validation-error", `Unknown language "${query.language}".`);
    await refuseHeldOut(
      c.env,
      id,
      "its task list (names and needle indexes)",
      "GET /v1/benchmarks/repoqa-snf/datasets/{dataset}/units",
    );
    return c.json(await listTasks(c.env, id, query), 200);
  })
  .openapi(prompt, async (c) => {
    const { id } = c.req.valid("param");
    const { task, ...choice } = c.req.valid("query");
    await refuseHeldOut(
      c.env,
      id,
      "this prompt (with the needle's position and token offsets)",
      "GET /v1/benchmarks/repoqa-snf/datasets/{dataset}/units/{unit}/prompt",
    );
    return c.json(await taskPrompt(c.env, id, task, choice), 200);
  })
  .openapi(addRepo, async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    return c.json(
      await importRepo(c.env, id, body.language, body.repo, {
        name: body.name,
        contexts: body.contexts,
        visibility: body.visibility,
      }),
      201,
    );
  })
  .openapi(commit, async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    return c.json((await commitDataset(c.env, id, body)) as unknown as Record<string, unknown>, 200);
  })
  .openapi(importRelease, async (c) => {
    const { id } = c.req.valid("param");
    const query = c.req.valid("query");
    const release = c.req.valid("json");
    const entries = Object.entries(release).flatMap(([language, repos]) =>
      (repos ?? []).map((repo) => ({ language, repo })),
    );
    if (entries.length === 0) invalid("The release holds no repositories.");
    const before = await getDataset(c.env, id);
    if (before?.status === "ready") {
      conflict(`Dataset "${id}" is already committed; delete it before importing again.`);
    }
    try {
      for (const { language, repo } of entries) {
        await importRepo(c.env, id, language as z.infer<typeof ReleaseLanguageSchema>, repo, {
          name: query.name,
          contexts: query.contexts === "none" ? null : undefined,
          visibility: query.visibility,
        });
      }
      const manifest = await commitDataset(c.env, id, {
        name: query.name,
        source: { kind: "repoqa-release", name: query.source, license: query.license },
      });
      return c.json(manifest as unknown as Record<string, unknown>, 200);
    } catch (err) {
      // All or nothing: a release that fails half-way leaves no dataset behind (unless the caller
      // had started this import earlier through /repos, whose repositories stay as they were).
      if (!before) await deleteDataset(c.env, id).catch(() => {});
      throw err;
    }
  })
  .openapi(reindex, async (c) => c.json(await writeScoreIndexes(c.env, c.req.valid("param").id), 200));
