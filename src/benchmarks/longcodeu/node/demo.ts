/**
 * The LongCodeU demo `longcodeu-demo` of `npm start`: one example per task and length bucket up to
 * 32K, built from the `email` and `json` packages of Python's standard library (real code and
 * reStructuredText documentation); without python3, from needlework's own fixture repositories (0-8K only).
 */
import { ROOT } from "../../../../cli/lib/api";
import { countsTable } from "./parts";
import type { NodeDemo } from "../../../../cli/lib/node-family";
import { pythonStdlibDir } from "../../../../cli/lib/python-stdlib";

const DEMO_ID = "longcodeu-demo";

export const longcodeuDemo: NodeDemo = {
  id: DEMO_ID,
  async load(client, log) {
    const stdlib = pythonStdlibDir();
    const repos = stdlib
      ? [`${stdlib}/email`, `${stdlib}/json`]
      : [`${ROOT}test/fixtures/longcodeu/inkwell`, `${ROOT}test/fixtures/longcodeu/tidepool`];
    log(
      `Dataset "${DEMO_ID}": building LongCodeU examples from ${stdlib ? "Python's email and json packages" : "the fixture repositories"} (seed 0)...`,
    );
    // The builder (tree-sitter, the tokenizer's vocabulary) is loaded only to build, as by the build command.
    const { buildLongCodeUFromDisk } = await import("./build");
    const release = await buildLongCodeUFromDisk({
      repos,
      seed: 0,
      perBucket: 1,
      buckets: ["0-8K", "8-16K", "16-32K"],
    });
    await client.request(
      "POST",
      `/v1/datasets/${DEMO_ID}/longcodeu?name=${encodeURIComponent("LongCodeU demo (built at start)")}`,
      release,
      { auth: true },
    );
    log(`Dataset "${DEMO_ID}": imported\n${countsTable(release)}`);
  },
  usage: (_base, urlFlag) => `The LongCodeU demo "${DEMO_ID}" (eight long-code-understanding tasks, by length bucket):
  npm run eval -- --model baseline:oracle --dataset ${DEMO_ID}${urlFlag}
  npm run eval -- --tasks CU_P,LDU --model openai-compatible:<model>@http://127.0.0.1:11434/v1 --dataset ${DEMO_ID}${urlFlag}`,
};
