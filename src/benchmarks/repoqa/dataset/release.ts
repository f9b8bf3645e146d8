/**
 * The official RepoQA release format (`repoqa-2024-04-20.json`): `{ <lang>: [repo, ...] }`.
 * Validated loosely: unknown fields pass through, so later releases still import.
 */
import { z } from "zod";
import { LANGUAGES } from "../../../lib/code/languages";

const lineNumber = z.number().int().min(0);

export const ReleaseFunctionSchema = z.looseObject({
  name: z.string().min(1),
  start_line: lineNumber,
  end_line: lineNumber,
  start_byte: lineNumber.optional(),
  end_byte: lineNumber.optional(),
  global_start_line: lineNumber.optional(),
  global_end_line: lineNumber.optional(),
  global_start_byte: lineNumber.optional(),
  global_end_byte: lineNumber.optional(),
  code_ratio: z.number().optional(),
});

/** A UTC day, as `born` is written. */
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "a day, YYYY-MM-DD");

export const ReleaseNeedleSchema = ReleaseFunctionSchema.extend({
  path: z.string().min(1),
  description: z.string(),
  /** When the needle's code was born (docs/contamination.md); null or absent: undated. */
  born: Day.nullable().optional(),
});

export const ReleaseRepoSchema = z.looseObject({
  repo: z.string().min(1).max(200),
  commit_sha: z.string().optional(),
  entrypoint_path: z.string().optional(),
  topic: z.string().optional(),
  content: z.record(z.string(), z.string()),
  dependency: z.record(z.string(), z.array(z.string())).optional(),
  functions: z.record(z.string(), z.array(ReleaseFunctionSchema)),
  needles: z.array(ReleaseNeedleSchema).min(1),
  /**
   * Where the repository's code came from and how its needles were dated: the source (a git
   * repository and commit, or a registry package's versions with their integrity), the rule, and
   * the range of the needles' births. Absent: undated.
   */
  provenance: z.record(z.string(), z.unknown()).optional(),
});

export const ReleaseLanguageSchema = z.enum(LANGUAGES);

export const ReleaseSchema = z.partialRecord(ReleaseLanguageSchema, z.array(ReleaseRepoSchema));

export type ReleaseFunction = z.infer<typeof ReleaseFunctionSchema>;
export type ReleaseNeedle = z.infer<typeof ReleaseNeedleSchema>;
export type ReleaseRepo = z.infer<typeof ReleaseRepoSchema>;
export type Release = z.infer<typeof ReleaseSchema>;
