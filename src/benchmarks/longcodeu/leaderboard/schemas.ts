/** The OpenAPI schemas of LongCodeU's fields in the leaderboard's answers. */
import { z } from "@hono/zod-openapi";
import { BUCKET_KEYS, LONGCODEU_TASKS, type LongCodeUTask } from "../dataset/index";

export const TaskValues = z.object(
  Object.fromEntries(LONGCODEU_TASKS.map((t) => [t, z.number().nullable()])) as Record<
    LongCodeUTask,
    z.ZodNullable<z.ZodNumber>
  >,
);

export const PaperReferenceSchema = z
  .object({
    model: z.string(),
    tasks: z.object(
      Object.fromEntries(LONGCODEU_TASKS.map((t) => [t, z.number()])) as Record<LongCodeUTask, z.ZodNumber>,
    ),
    average: z.number(),
  })
  .openapi("LongCodeUPaperReference");

export const LongCodeUCellSchema = z
  .object({
    n: z.number().int().openapi({ description: "Scored examples" }),
    recall: z
      .number()
      .nullable()
      .openapi({ description: "Mean recall (EM-R, LCS-R, CodeBLEU, CB-R or BLEU); null without scored examples" }),
    precision: z.number().nullable().openapi({ description: "Mean precision (EM-P, LCS-P, CodeBLEU, CB-P or BLEU)" }),
    unparseable: z.number().int().openapi({ description: "Outputs that could not be parsed (scored 0, in n)" }),
    errors: z.number().int().openapi({ description: "Model calls that failed (not in n)" }),
    context_exceeded: z.number().int().openapi({ description: "Prompts over the model's context window (not in n)" }),
  })
  .openapi("LongCodeUCell");

const LongCodeUAverageSchema = LongCodeUCellSchema.extend({
  tasks: z
    .number()
    .int()
    .openapi({ description: "Tasks with scored examples: recall and precision are the means of their task means" }),
}).openapi("LongCodeUAverage");

export const LongCodeUBreakdownSchema = z
  .object({
    task_order: z.array(z.enum(LONGCODEU_TASKS)),
    buckets: z
      .array(z.enum(BUCKET_KEYS))
      .openapi({ description: "Context-length buckets in CodeLlama tokens (1K = 1024)" }),
    tasks: z
      .record(z.string(), z.object({ all: LongCodeUCellSchema, buckets: z.record(z.string(), LongCodeUCellSchema) }))
      .openapi({
        description:
          "Per task with examples: over all lengths, and per bucket with examples (an example of unknown length is in `all` only)",
      }),
    average: z
      .object({ all: LongCodeUAverageSchema, buckets: z.record(z.string(), LongCodeUAverageSchema) })
      .openapi({ description: "The average over tasks (the paper's #Avg), with the counts of all tasks" }),
    paper_reference: z
      .array(PaperReferenceSchema)
      .openapi({ description: "The paper's Table 3 (recall, all lengths), reference figures" }),
  })
  .openapi("LongCodeUBreakdown");
