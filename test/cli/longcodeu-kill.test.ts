/**
 * The promise of the multi-part LongCodeU import: kill `wrangler dev` in the middle of
 * `npm run longcodeu -- build`'s upload, start it again, rerun the same command, and the dataset is
 * complete and identical to one imported without a kill.
 *
 * The build (two standard-library packages, or the fixture repositories without python3) is made
 * once with --no-load; small contexts parts (--part-bytes) give it dozens of parts. Once the
 * command has printed five parts sent, the whole wrangler process tree gets SIGKILL (no graceful
 * shutdown; a part may be cut off half-written). Until the rerun the dataset stays `importing`:
 * no units, no runs. The rerun skips the parts the instance has (by sha256) and commits; the same
 * build imported under another id in one go gives the same content sha256, contexts and shards,
 * and the oracle scores 1 on a unit of every task.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createConnection } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, waitForService } from "../../cli/lib/api";
import { pythonStdlibDir } from "../../cli/lib/python-stdlib";
import { applyLocalMigrations, ensureAdminToken, freePort, startWranglerDev } from "../../cli/lib/local-service";
import { HEADER_FILE, releaseFromBuild, type BuildHeader } from "../../src/benchmarks/longcodeu/node/parts";
import { alive, killTree } from "../../cli/lib/process-tree";
import { oracleAnswer } from "../../src/benchmarks/longcodeu/score/baseline";
import { LONGCODEU_TASKS } from "../../src/benchmarks/longcodeu/dataset/index";

const stdlib = pythonStdlibDir();
const REPOS = stdlib
  ? [join(stdlib, "email"), join(stdlib, "json")]
  : ["inkwell", "tidepool"].map((r) => join(ROOT, "test/fixtures/longcodeu", r));
const PART_BYTES = "20000";
const SENT_BEFORE_KILL = 5;

let persist: string;
let buildDir: string;
let port: number;
let inspectorPort: number;
let url: string;
let token: string;
let dev: ChildProcess | undefined;

const args = (id: string) => [
  "build",
  "--id",
  id,
  ...REPOS.flatMap((r) => ["--repo", r]),
  "--buckets",
  "0-8K,8-16K",
  "--per-bucket",
  "2",
  "--out",
  buildDir,
  "--part-bytes",
  PART_BYTES,
  "--url",
  url,
];

/** Runs the command; `onLine` sees each line of its output as it comes. */
function command(
  argv: string[],
  onLine: (line: string) => void = () => {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn("npx", ["tsx", "cli/family.ts", "longcodeu", ...argv], {
      cwd: ROOT,
      env: { ...process.env, NEEDLEWORK_ADMIN_TOKEN: token },
    });
    let stdout = "";
    let stderr = "";
    let pending = "";
    child.stdout.on("data", (d) => {
      stdout += d;
      pending += d;
      const lines = pending.split("\n");
      pending = lines.pop()!;
      lines.forEach(onLine);
    });
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

const admin = () => ({ authorization: `Bearer ${token}` });
const getJson = async (path: string) => {
  const res = await fetch(`${url}${path}`, { headers: admin() });
  return { status: res.status, body: (await res.json()) as any };
};

/** Whether anything accepts connections on 127.0.0.1:`p`. */
function listening(p: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: "127.0.0.1", port: p });
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}

async function start() {
  dev = startWranglerDev(port, "ignore", { persistTo: persist, inspectorPort });
  await waitForService(url, 90_000);
}

beforeAll(async () => {
  persist = mkdtempSync(join(tmpdir(), "nw-lcu-kill-"));
  buildDir = mkdtempSync(join(tmpdir(), "nw-lcu-kill-build-"));
  [port, inspectorPort] = [await freePort(), await freePort()];
  url = `http://127.0.0.1:${port}`;
  token = ensureAdminToken(() => {});
  const built = await command([...args("unused"), "--no-load"]);
  if (built.code !== 0) throw new Error(`build failed: ${built.stderr}${built.stdout}`);
  applyLocalMigrations(persist);
  await start();
}, 240_000);

afterAll(async () => {
  if (dev?.pid && alive(dev.pid)) await killTree(dev.pid).catch(() => {});
  for (const dir of [persist, buildDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("a LongCodeU import survives wrangler dev being killed mid-upload", () => {
  it("rerunning the command completes the dataset, identical to an import without a kill", async () => {
    const id = "lcu-killed";
    let sent = 0;
    let killed: Promise<string[]> | undefined;
    const first = await command(args(id), (line) => {
      if (/^ {2}part \S+: sent/.test(line) && ++sent === SENT_BEFORE_KILL) killed = killTree(dev!.pid!);
    });
    expect(killed, `the upload ended before ${SENT_BEFORE_KILL} parts were sent:\n${first.stdout}`).toBeDefined();
    const commands = await killed!;
    expect(commands.some((c) => /workerd/.test(c))).toBe(true);
    expect(await listening(port)).toBe(false);
    expect(first.code).not.toBe(0);

    await start();
    // Cut off: importing, its parts so far listed, nothing to run.
    const { body: row } = await getJson(`/v1/datasets/${id}`);
    expect(row.dataset.status).toBe("importing");
    const { body: listed } = await getJson(`/v1/datasets/${id}/longcodeu/parts`);
    expect(listed.parts.length).toBeGreaterThanOrEqual(SENT_BEFORE_KILL);
    expect((await getJson(`/v1/benchmarks/longcodeu/datasets/${id}/units`)).status).toBe(404);

    const second = await command(args(id));
    expect(second.code, second.stderr + second.stdout).toBe(0);
    expect(second.stdout).toContain("Reusing the finished build");
    const skipped = second.stdout.match(/already stored, skipped/g)?.length ?? 0;
    expect(skipped).toBe(listed.parts.length);
    const sentAgain = second.stdout.match(/: sent \(/g)?.length ?? 0;
    expect(sentAgain).toBeGreaterThan(0);
    expect(second.stdout).toMatch(
      new RegExp(`Loaded dataset "${id}".*\\(${sentAgain} parts sent, ${skipped} already stored\\)`),
    );

    const clean = await command(args("lcu-unkilled"));
    expect(clean.code, clean.stderr + clean.stdout).toBe(0);
    const manifest = async (d: string) => (await getJson(`/v1/datasets/${d}`)).body;
    const [a, b] = [await manifest(id), await manifest("lcu-unkilled")];
    const { header } = JSON.parse(readFileSync(join(buildDir, HEADER_FILE), "utf8")) as BuildHeader;
    const examples = header.repos.reduce((n, r) => n + r.examples, 0);
    expect(a.dataset).toMatchObject({ status: "ready", tasks: examples, repos: header.repos.length });
    expect(a.manifest.content_sha256).toBe(b.manifest.content_sha256);
    expect(a.manifest.contexts.map((c: any) => [c.id, c.sha256])).toEqual(
      b.manifest.contexts.map((c: any) => [c.id, c.sha256]),
    );
    expect(a.manifest.shards.map((s: any) => [s.task, s.sha256, s.examples])).toEqual(
      b.manifest.shards.map((s: any) => [s.task, s.sha256, s.examples]),
    );
    expect(a.manifest.contexts).toHaveLength(header.repos.reduce((n, r) => n + r.contexts, 0));

    // The oracle on the first unit of every task.
    const release = releaseFromBuild(buildDir);
    for (const task of LONGCODEU_TASKS) {
      const e = release.repos.flatMap((r) => r.examples).find((x) => x.task === task);
      if (!e) continue;
      const res = await fetch(`${url}/v1/score`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ benchmark: "longcodeu", dataset: id, unit: e.id, answer: oracleAnswer(e) }),
      });
      expect(res.status, e.id).toBe(200);
      expect(((await res.json()) as any).score, e.id).toBeCloseTo(1, 9);
    }
  }, 400_000);
});
