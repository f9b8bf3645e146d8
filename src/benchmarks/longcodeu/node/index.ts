/**
 * LongCodeU's Node-side tools (cli/lib/node-family.ts): `npm run longcodeu -- build`, the
 * `longcodeu-demo` dataset of `npm start`, and its section of `npm run eval`'s report.
 */
import type { NodeFamily } from "../../../../cli/lib/node-family";
import { buildCommand } from "./build-command";
import { longcodeuDemo } from "./demo";
import { runReport } from "./report";
import { LONGCODEU_DATASET_BENCHMARK, LONGCODEU_TASKS } from "../dataset/index";

const longcodeuNode: NodeFamily = {
  id: "longcodeu",
  commands: { build: buildCommand },
  datasets: {
    kind: LONGCODEU_DATASET_BENCHMARK,
    commands: ["npm run longcodeu -- build --id <id> --repo <dir> [--repo <dir> ...]  # from Python repositories"],
  },
  evalFlags: {
    tasks: {
      option: "tasks",
      type: "list",
      values: LONGCODEU_TASKS,
      item: "task",
      usage: "<a,b>  only these tasks (e.g. --tasks CU_P,LDU)",
    },
  },
  demos: [longcodeuDemo],
  runReport,
};

export default longcodeuNode;
