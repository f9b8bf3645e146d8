/**
 * LongCodeU's Node-side tools (cli/lib/node-family.ts): `npm run longcodeu -- build`, the
 * `longcodeu-demo` dataset of `npm start`, and its section of `npm run eval`'s report.
 */
import type { NodeFamily } from "../../../../cli/lib/node-family";
import { buildCommand } from "./build-command";
import { longcodeuDemo } from "./demo";
import { runReport } from "./report";

const longcodeuNode: NodeFamily = {
  id: "longcodeu",
  commands: { build: buildCommand },
  demos: [longcodeuDemo],
  runReport,
};

export default longcodeuNode;
