/**
 * The positional benchmarks' sample browser: filtered by their own axes, the number of distractors
 * D (a sample's context size) and the target's grid position, each a column of the table.
 */
import type { SampleFilterViews } from "../../../kit/pages/family";
import { positionKey } from "../leaderboard";

export const positionalSampleFilters: SampleFilterViews = {
  facets: [
    {
      param: "d",
      label: "D",
      title: "Distractor functions around the target",
      choices: (seen) =>
        seen.lengths.map((d) => ({ value: String(d), label: `D=${d}`, match: { column: "contextSize", equals: d } })),
      cell: (r) => (r.contextSize === null ? "–" : String(r.contextSize)),
    },
    {
      param: "position",
      label: "Position",
      title: "Where the target sits among the distractors (0 start, 1 end)",
      readsPositions: true,
      choices: (seen) =>
        seen.positions.map((p) => ({
          value: positionKey(p),
          label: positionKey(p),
          match: { column: "position", equals: p },
        })),
      cell: (r) => (r.position === null ? "–" : positionKey(r.position)),
    },
  ],
  placeholder: "target id (python::semtrace::…) or unit",
};
