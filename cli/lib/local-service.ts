/** Running the Worker locally (`wrangler dev --local`) for Node-side commands. */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { appendFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createServer } from "node:net";
import { DEV_VARS, ROOT, readDotenv, waitForService } from "./api";
import { UsageError } from "./args";
import { forgetInstance, instanceFile, recordInstance, recordedInstance } from "./instance";

const WRANGLER = `${ROOT}node_modules/.bin/wrangler`;
/** No telemetry, and no attempt to download the Request.cf placeholder (offline machines). */
export const WRANGLER_ENV = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" };

/** The local admin token from .dev.vars, created (random, 256 bits) when absent. */
export function ensureAdminToken(log: (line: string) => void = console.log): string {
  const existing = readDotenv(DEV_VARS).ADMIN_TOKEN;
  if (existing) {
    log(`Admin token: ADMIN_TOKEN in ${DEV_VARS}`);
    return existing;
  }
  const token = randomBytes(32).toString("hex");
  appendFileSync(DEV_VARS, `ADMIN_TOKEN=${token}\n`, { mode: 0o600 });
  log(`Admin token: created a random ADMIN_TOKEN in ${DEV_VARS}`);
  return token;
}

/** `--persist-to <dir>` when a caller wants its own local state (tests), none for `.wrangler/state`. */
const persistArgs = (persistTo?: string) => (persistTo ? ["--persist-to", persistTo] : []);

/** Applies the D1 migrations to the local database (under `persistTo` if given). */
export function applyLocalMigrations(persistTo?: string): void {
  const result = spawnSync(WRANGLER, ["d1", "migrations", "apply", "DB", "--local", ...persistArgs(persistTo)], {
    cwd: ROOT,
    env: { ...WRANGLER_ENV, CI: "1" },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`applying D1 migrations failed:\n${result.stdout}${result.stderr}`);
}

export interface WranglerDevOptions {
  persistTo?: string;
  inspectorPort?: number;
  entry?: string;
  /** wrangler.toml's path, when `entry` is not beside it (a bundle in a temporary folder). */
  config?: string;
  /** `entry` is already the Worker, bundled (a `wrangler deploy --dry-run` output). */
  noBundle?: boolean;
  /** V8 flags for the Worker's workerd: `--max-heap-size=64` makes the isolate collect as one near its limit would, and die past it. */
  v8Flags?: string[];
}

/**
 * Starts `wrangler dev --local` on 127.0.0.1:`port`. With `persistTo`, D1 and R2 live there instead
 * of `.wrangler/state`, so a test never touches the user's data. A second instance beside a
 * running `npm start` also needs its own `inspectorPort` (both would take 9229 and one fails).
 * `entry` replaces wrangler.toml's `main` (a test's seeding Worker around the real app).
 */
export function startWranglerDev(
  port: number,
  output: "inherit" | "ignore" | "pipe",
  opts: WranglerDevOptions = {},
): ChildProcess {
  const args = [
    "dev",
    ...(opts.entry ? [opts.entry] : []),
    ...(opts.config ? ["--config", opts.config] : []),
    ...(opts.noBundle ? ["--no-bundle"] : []),
    "--local",
    "--ip",
    "127.0.0.1",
    "--port",
    String(port),
    "--show-interactive-dev-session=false",
    ...persistArgs(opts.persistTo),
  ];
  if (opts.inspectorPort) args.push("--inspector-port", String(opts.inspectorPort));
  return spawn(WRANGLER, args, {
    cwd: ROOT,
    // miniflare hands this variable's flags to workerd's V8.
    env: opts.v8Flags?.length ? { ...WRANGLER_ENV, MINIFLARE_WORKERD_V8_FLAGS: opts.v8Flags.join(" ") } : WRANGLER_ENV,
    stdio: ["ignore", output, output],
  });
}

function isLocal(url: string): boolean {
  const host = new URL(url).hostname;
  return host === "127.0.0.1" || host === "localhost";
}

/**
 * Runs `use` against the instance at `url`. A local instance that is not running is started for
 * the duration (migrations applied, admin token ensured, recorded in .needlework/instance.json as
 * `by`) and stopped afterwards. Never a second service over `.wrangler/state`: when one is recorded
 * as running (npm start, or another command's) at `url`, this waits for it to answer; at another
 * address, it is a UsageError that names it.
 */
export async function withService<T>(
  url: string,
  use: () => Promise<T>,
  log: (line: string) => void = console.log,
  by = "a command",
): Promise<T> {
  try {
    await waitForService(url, 1_000);
    return await use();
  } catch (err) {
    if (!isLocal(url) || !(err instanceof Error) || !err.message.startsWith("needlework did not answer")) throw err;
  }
  const running = recordedInstance();
  if (running) {
    if (new URL(running.url).origin !== new URL(url).origin) {
      throw new UsageError(
        `the local needlework is running at ${running.url} (${running.by}, process ${running.pid}), over the same .wrangler/state a service at ${url} would use. ` +
          `Leave --url out (or use --url ${running.url}); if that process is not needlework, delete ${instanceFile()}.`,
      );
    }
    log(`Waiting for the local needlework at ${url} (${running.by}, process ${running.pid}) to answer...`);
    await waitForService(url, 90_000);
    return await use();
  }
  log(`Starting a local needlework at ${url} for this command...`);
  ensureAdminToken(log);
  applyLocalMigrations();
  const dev = startWranglerDev(Number(new URL(url).port || 80), "ignore");
  recordInstance(url, by);
  try {
    await waitForService(url, 90_000);
    return await use();
  } finally {
    forgetInstance();
    dev.kill("SIGINT");
  }
}

/** A TCP port on 127.0.0.1 that is free right now (for a second local instance beside `npm start`). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A local instance with fresh state in a temporary directory (tests and benches; never the user's data). */
export interface IsolatedInstance {
  url: string;
  /** The admin token (the local one from .dev.vars). */
  token: string;
  persistTo: string;
  dev: ChildProcess;
  /** The V8 inspector's port (scripts/lib/isolate-heap.mts reads the isolate's heap there). */
  inspectorPort: number;
  /** The last 4000 characters wrangler printed. */
  log(): string;
  /** Stops wrangler (waits up to 5 s) and deletes the state directory. */
  stop(): Promise<void>;
}

export async function startIsolatedInstance(
  prefix: string,
  opts: Omit<WranglerDevOptions, "persistTo" | "inspectorPort"> = {},
): Promise<IsolatedInstance> {
  const persistTo = mkdtempSync(join(tmpdir(), `${prefix}-state-`));
  const token = ensureAdminToken(() => {});
  applyLocalMigrations(persistTo);
  const port = await freePort();
  const inspectorPort = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dev = startWranglerDev(port, "pipe", { ...opts, persistTo, inspectorPort });
  let output = "";
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
  dev.stdout?.on("data", keep);
  dev.stderr?.on("data", keep);
  const stop = async () => {
    if (dev.exitCode === null) {
      const exited = new Promise((resolve) => dev.once("exit", resolve));
      dev.kill("SIGINT");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    }
    rmSync(persistTo, { recursive: true, force: true });
  };
  try {
    await waitForService(url, 90_000);
  } catch (err) {
    await stop();
    throw new Error(`${(err as Error).message}\nwrangler dev said:\n${output}`);
  }
  return { url, token, persistTo, dev, inspectorPort, log: () => output, stop };
}
