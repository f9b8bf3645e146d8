/** The checks of a LongCodeU import that need nothing stored: an example's, a context's, a whole release's. */
import { invalid } from "../../../lib/errors";
import {
  LONGCODEU_LIMITS,
  bucketOf,
  type LongCodeUExample,
  type LongCodeURelease,
  type LongCodeUTask,
  type LongContext,
  TaskFieldsSchema,
} from "../dataset/index";
import { TASK_CONTEXT_KIND } from "../dataset/ids";

/** What each task needs in anchor and answer (TaskFieldsSchema; ExampleSchema makes every field optional). */
function checkFields(e: LongCodeUExample): void {
  const checked = TaskFieldsSchema.safeParse(e);
  if (!checked.success) invalid(`Example "${e.id}" (${e.task}) needs ${checked.error.issues[0].message}.`);
}

/** An example's own checks: its id names its task, and its anchor and answer hold what the task needs. */
export function checkExample(e: LongCodeUExample): void {
  if (!e.id.startsWith(`${e.task}-`)) invalid(`Example id "${e.id}" must start with "${e.task}-".`);
  checkFields(e);
}

/** A context's own check: its bucket holds its tokens. */
export function checkContext(c: LongContext): void {
  if (bucketOf(c.tokens) !== c.bucket)
    invalid(
      `Context "${c.id}" has ${c.tokens} tokens, which is bucket ${bucketOf(c.tokens) ?? "(over 128K)"}, not ${c.bucket}.`,
    );
}

/** A whole release's checks, before anything is stored (the one-request import is all or nothing). */
export function checkRelease(release: LongCodeURelease): void {
  const contexts = new Set<string>();
  const exampleIds = new Set<string>();
  const perTask = new Map<LongCodeUTask, number>();
  for (const part of release.repos) {
    const local = new Map<string, LongContext>();
    for (const c of part.contexts) {
      if (contexts.has(c.id)) invalid(`Context id "${c.id}" appears twice in the release.`);
      checkContext(c);
      contexts.add(c.id);
      local.set(c.id, c);
    }
    for (const e of part.examples) {
      if (exampleIds.has(e.id)) invalid(`Example id "${e.id}" appears twice in the release.`);
      exampleIds.add(e.id);
      checkExample(e);
      checkExampleContext(e, part.repo, local.get(e.context));
      perTask.set(e.task, (perTask.get(e.task) ?? 0) + 1);
    }
  }
  if (contexts.size > LONGCODEU_LIMITS.contextsPerRelease)
    invalid(`The release has ${contexts.size} contexts; the limit is ${LONGCODEU_LIMITS.contextsPerRelease}.`);
  for (const [task, n] of perTask)
    if (n > LONGCODEU_LIMITS.examplesPerTask)
      invalid(`The release has ${n} ${task} examples; the limit is ${LONGCODEU_LIMITS.examplesPerTask}.`);
}

/** The example's context belongs to its repository and is of the kind its task needs. */
export function checkExampleContext(
  e: LongCodeUExample,
  repo: string,
  context: { repo?: string; kind: LongContext["kind"] } | undefined,
): void {
  if (!context || (context.repo !== undefined && context.repo !== repo))
    invalid(`Example "${e.id}" names context "${e.context}", which ${repo} does not have.`);
  if (context!.kind !== TASK_CONTEXT_KIND[e.task])
    invalid(
      `Example "${e.id}" (${e.task}) needs a "${TASK_CONTEXT_KIND[e.task]}" context; "${e.context}" is "${context!.kind}".`,
    );
}
