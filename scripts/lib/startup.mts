/**
 * Start-up CPU per isolate: what Cloudflare holds to its 1 s startup limit (module evaluation, wasm
 * compilation, the grammars' preload, the warm-up), measured as the difference between a workerd
 * with 1 + N copies of a Worker and one with 1 copy, divided by N (workerd's main-thread CPU when it
 * is ready). A no-op Worker measured the same way in the same run is the floor: workerd's own cost
 * of an isolate, and a gauge of the machine. Both move with the machine's load (a busy 2-core
 * machine gives the service 2–4 × its quiet figure), so each figure carries the load average.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { bundle, median, startMiniflare } from "../bench-service.mts";

/** The budget the bench holds start-up to: well inside Cloudflare's 1 s, leaving room for its slower or busier machines. */
export const STARTUP_BUDGET_MS = 400;

const NOOP = `export default { fetch() { return new Response("ok"); } };`;

/** A bundle directory holding a no-op Worker only. */
export function noopBundle(): string {
  const dir = mkdtempSync(join(tmpdir(), "nw-noop-bundle-"));
  writeFileSync(join(dir, "index.js"), NOOP);
  return dir;
}

/** One measurement: (CPU with 1 + copies isolates − CPU with 1) / copies, in ms. */
export async function perIsolateMs(bundleDir: string, persist: string, copies: number): Promise<number> {
  const one = await startMiniflare(bundleDir, persist, ["s0"]);
  await one.mf.dispose();
  const many = await startMiniflare(
    bundleDir,
    persist,
    Array.from({ length: copies + 1 }, (_, r) => `s${r}`),
  );
  await many.mf.dispose();
  return (many.startupCpuMs - one.startupCpuMs) / copies;
}

export interface StartupRound {
  service_ms: number;
  noop_ms: number;
  /** The 1-minute load average before and after the round. */
  load: [number, number];
}

export interface StartupResult {
  copies: number;
  rounds: StartupRound[];
  /** Medians over the rounds. */
  service_ms: number;
  noop_ms: number;
  budget_ms: number;
  within: boolean;
  max_load: number;
}

/** `rounds` rounds, each the service's bundle (BENCH_BUNDLE: another's) and the no-op, one after the other. */
export async function measureStartup(opts: { copies: number; rounds: number }): Promise<StartupResult> {
  const service = bundle();
  const noop = noopBundle();
  const persist = mkdtempSync(join(tmpdir(), "nw-startup-"));
  const rounds: StartupRound[] = [];
  try {
    for (let r = 0; r < opts.rounds; r++) {
      const before = loadavg()[0];
      const noopMs = await perIsolateMs(noop, persist, opts.copies);
      const serviceMs = await perIsolateMs(service, persist, opts.copies);
      rounds.push({ service_ms: serviceMs, noop_ms: noopMs, load: [before, loadavg()[0]] });
    }
  } finally {
    for (const d of [service, noop, persist]) rmSync(d, { recursive: true, force: true });
  }
  const serviceMs = median(rounds.map((r) => r.service_ms));
  return {
    copies: opts.copies,
    rounds,
    service_ms: serviceMs,
    noop_ms: median(rounds.map((r) => r.noop_ms)),
    budget_ms: STARTUP_BUDGET_MS,
    within: serviceMs <= STARTUP_BUDGET_MS,
    max_load: Math.max(...rounds.flatMap((r) => r.load)),
  };
}

const ms = (x: number) => `${x.toFixed(0)} ms`;

/** The report's lines: each round with its load, the medians, the verdict against the budget. */
export function startupReport(res: StartupResult): string[] {
  const lines = [
    `Start-up CPU per isolate (workerd main thread, 1 + ${res.copies} copies against 1; module evaluation, wasm, grammars, warm-up):`,
  ];
  for (const [i, r] of res.rounds.entries())
    lines.push(
      `  round ${i + 1}: service ${ms(r.service_ms)}, no-op Worker ${ms(r.noop_ms)} (load ${r.load[0].toFixed(2)} → ${r.load[1].toFixed(2)})`,
    );
  lines.push(
    `  median: service ${ms(res.service_ms)}, no-op ${ms(res.noop_ms)}: ${res.within ? "WITHIN" : "OVER"} the budget of ${res.budget_ms} ms ` +
      `(${(res.budget_ms / res.service_ms).toFixed(1)} × margin; Cloudflare refuses a Worker over 1 s)`,
  );
  if (res.max_load >= 1)
    lines.push(
      `  the load average reached ${res.max_load.toFixed(2)}: these figures are high (a busy 2-core machine gives 2–4 × the quiet one); take them again when \`uptime\` shows a load below 1`,
    );
  return lines;
}
