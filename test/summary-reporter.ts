/**
 * Ends every run with one plain line, `tests: N passed, N failed[, N skipped]`, that any CI log
 * reader understands (vitest's own summary is coloured and laid out for people).
 */
import type { Reporter, TestModule } from "vitest/node";

export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const count = (state: "passed" | "failed" | "skipped") =>
      modules.reduce((n, m) => n + [...m.children.allTests(state)].length, 0);
    const failedModules = modules.filter((m) => m.state() === "failed" && [...m.children.allTests()].length === 0).length;
    const skipped = count("skipped");
    console.log(`\ntests: ${count("passed")} passed, ${count("failed") + failedModules} failed${skipped ? `, ${skipped} skipped` : ""}`);
  }
}
