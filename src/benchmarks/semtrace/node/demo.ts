/**
 * The SemTrace-family demo `semtrace-demo` of `npm start`: a small suite (8 targets per task, D in
 * {20, 40}, 5 positions) with distractors from Python's standard library; the CRUXEval tasks join
 * when ../shared/data/cruxeval is on this machine. Skipped, with a note, without python3.
 */
import { existsSync } from "node:fs";
import type { NodeDemo } from "../../../../cli/lib/node-family";
import { pythonStdlibDir } from "../../../../cli/lib/python-stdlib";
import { DEFAULT_CRUXEVAL, buildSuiteFromDisk } from "./suite";
import { equallySpaced } from "../curate/index";
import { SUITE_TASKS, type SuiteTask } from "../dataset/index";

const DEMO_ID = "semtrace-demo";

/** The suite's tasks (each a benchmark of its own): the CRUXEval ones only when its data is on this machine. */
const demoTasks = (): readonly SuiteTask[] =>
  existsSync(DEFAULT_CRUXEVAL) ? SUITE_TASKS : ["semtrace", "sensitivity-semtrace"];

export const semtraceDemo: NodeDemo = {
  id: DEMO_ID,
  async load(client, log) {
    const stdlib = pythonStdlibDir();
    if (!stdlib) {
      log(`Dataset "${DEMO_ID}": skipped (no python3, so no standard library for distractors; see docs/semtrace.md)`);
      return;
    }
    log(`Dataset "${DEMO_ID}": building a small SemTrace-family suite (seed 0)...`);
    const tasks = demoTasks();
    const suite = await buildSuiteFromDisk({
      tasks,
      seed: 0,
      digits: 2,
      grid: { distractors: [20, 40], positions: equallySpaced(5) },
      targets: 8,
      variants: { targets: 4, cap: 8 },
      distractorDir: stdlib,
      maxFiles: 300,
      log,
    });
    await client.request(
      "POST",
      `/v1/datasets/${DEMO_ID}/suite?name=${encodeURIComponent("SemTrace-family demo (built at start)")}`,
      suite,
      { auth: true },
    );
    log(`Dataset "${DEMO_ID}": imported ${Object.keys(suite.tasks).join(", ")}`);
  },
  usage: (
    _base,
    urlFlag,
  ) => `The lexical-vs-semantic recall demo "${DEMO_ID}", one suite read by ${demoTasks().length} benchmarks (--benchmark ${demoTasks().join(", ")}):
  npm run eval -- --benchmark semtrace --model baseline:interpreter --dataset ${DEMO_ID}${urlFlag}
  npm run eval -- --benchmark ${demoTasks().includes("cruxeval-o") ? "cruxeval-o" : "semtrace"} --model openai-compatible:<model>@http://127.0.0.1:11434/v1 --dataset ${DEMO_ID}${urlFlag}`,
};
