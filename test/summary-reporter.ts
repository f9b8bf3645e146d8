/**
 * Ends every run with plain lines any CI log reader understands (vitest's own summary is coloured
 * and laid out for people): the slowest test files, so a CI run that nears its time budget says
 * where the time went, then `tests: N passed, N failed[, N skipped]`.
 */
import type { Reporter, TestModule } from "vitest/node";

/** Files listed by duration (the rest are summed in one line). */
const SLOWEST = 15;

export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const timed = modules
      .map((m) => ({ file: m.relativeModuleId, ms: m.diagnostic().duration }))
      .sort((a, b) => b.ms - a.ms);
    const total = timed.reduce((s, t) => s + t.ms, 0);
    console.log(
      `\nslowest test files (of ${timed.length}; ${(total / 1000).toFixed(0)} s summed over parallel workers):`,
    );
    for (const t of timed.slice(0, SLOWEST)) console.log(`  ${(t.ms / 1000).toFixed(1).padStart(7)} s  ${t.file}`);
    const count = (state: "passed" | "failed" | "skipped") =>
      modules.reduce((n, m) => n + [...m.children.allTests(state)].length, 0);
    const failedModules = modules.filter(
      (m) => m.state() === "failed" && [...m.children.allTests()].length === 0,
    ).length;
    const skipped = count("skipped");
    console.log(
      `\ntests: ${count("passed")} passed, ${count("failed") + failedModules} failed${skipped ? `, ${skipped} skipped` : ""}`,
    );
  }
}
