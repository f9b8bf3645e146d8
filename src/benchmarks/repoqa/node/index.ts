/**
 * RepoQA's Node-side tools (cli/lib/node-family.ts): `npm run dataset -- build` and
 * `npm run import`, the `demo` dataset of `npm start` and the published results it seeds the
 * leaderboard with. Its runs need no report section: `npm run eval` prints the pass@1 tables every
 * run has, and writes the reference's export files, which the API serves for its runs.
 */
import type { NodeFamily } from "../../../../cli/lib/node-family";
import { buildCommand } from "./build-command";
import { repoqaDemo, seedLeaderboard } from "./demo";
import { importCommand } from "./import-command";

const repoqaNode: NodeFamily = {
  id: "repoqa",
  commands: { build: buildCommand, import: importCommand },
  datasets: {
    kind: "repoqa-snf",
    commands: [
      "npm run dataset -- build <repo dir> [...] --id <id>  # from your repositories",
      "npm run import -- <repoqa-2024-04-20.json> --id <id>  # the official release",
    ],
  },
  evalFlags: {
    "scoring-mode": {
      option: "scoring_mode",
      type: "string",
      values: ["official", "strict"],
      usage: "<m>  official (default) or strict",
    },
    "ignore-comments": { option: "ignore_comments", type: "boolean", usage: "score with comments removed" },
    "context-size": {
      option: "context_size",
      type: "integer",
      usage: "<n>  one of the dataset's context sizes (default its first)",
    },
    "comment-mode": {
      option: "comment_mode",
      type: "string",
      usage: "<m>  one of the dataset's comment modes (default its first)",
    },
  },
  demos: [repoqaDemo],
  afterDemos: seedLeaderboard,
};

export default repoqaNode;
