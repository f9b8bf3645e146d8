/**
 * The SemTrace family's Node-side tools (cli/lib/node-family.ts): `npm run semtrace -- build`, the
 * `semtrace-demo` dataset of `npm start`, and its section of `npm run eval`'s report.
 */
import type { NodeFamily } from "../../../../cli/lib/node-family";
import { buildCommand } from "./build-command";
import { semtraceDemo } from "./demo";
import { runReport } from "./report";
import { FAMILY_DATASET_BENCHMARK } from "../dataset/ids";

const semtraceNode: NodeFamily = {
  id: "semtrace",
  commands: { build: buildCommand },
  datasets: {
    kind: FAMILY_DATASET_BENCHMARK,
    commands: [
      "npm run semtrace -- build --id <id>  # the paper's grid (--targets, --distractors, --positions: a smaller one)",
    ],
  },
  demos: [semtraceDemo],
  runReport,
};

export default semtraceNode;
