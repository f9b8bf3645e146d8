/**
 * LongCodeU's sample browser: filtered by task (a unit starts with `<TASK>-`) and by the context's
 * length bucket (the paper's 0-8K … 64-128K, from a sample's context size), each a column of the
 * table; the text box finds a unit by its start, so `CU_P` lists the CU_P examples.
 */
import type { SampleFilterViews } from "../../../kit/pages/family";
import { LENGTH_BUCKETS, LONGCODEU_TASKS, bucketOf } from "../dataset/index";
import { taskOfUnit } from "../dataset/ids";

const LAST = LENGTH_BUCKETS[LENGTH_BUCKETS.length - 1];

export const longcodeuSampleFilters: SampleFilterViews = {
  facets: [
    {
      param: "tasks",
      label: "Task",
      title: "The LongCodeU task of the example",
      choices: () => LONGCODEU_TASKS.map((t) => ({ value: t, label: t, match: { column: "unit", prefix: `${t}-` } })),
      cell: (r) => taskOfUnit(r.unit) ?? "–",
    },
    {
      param: "bucket",
      label: "Length",
      title: "The context's length bucket, in CodeLlama tokens (1K = 1024)",
      // The buckets the run's contexts fall in, in the paper's order; the last includes 128K itself (bucketOf).
      choices: (seen) =>
        LENGTH_BUCKETS.filter((b) => seen.lengths.some((n) => bucketOf(n) === b.key)).map((b) => ({
          value: b.key,
          label: `${b.key} tokens`,
          match: { column: "contextSize", lo: b.lo, hi: b.hi, closed: b.key === LAST.key },
        })),
      cell: (r) => (r.contextSize === null ? "–" : (bucketOf(r.contextSize) ?? "over 128K")),
    },
  ],
  placeholder: "CU_P, or an example id",
};
