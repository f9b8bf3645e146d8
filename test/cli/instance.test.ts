/**
 * cli/lib/instance.ts and withService (cli/lib/local-service.ts): the commands find the local
 * instance `npm start` recorded, never start a second service over the same `.wrangler/state`, and
 * `npm start` refuses to start twice. Every test uses a work directory of its own
 * (NEEDLEWORK_DIR), never the checkout's .needlework/.
 */
import { execFile, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_URL, ROOT } from "../../cli/lib/api";
import { UsageError } from "../../cli/lib/args";
import {
  defaultUrl,
  forgetInstance,
  recordInstance,
  recordedInstance,
  urlFlag,
  type RecordedInstance,
} from "../../cli/lib/instance";
import { freePort, withService } from "../../cli/lib/local-service";

let file: string;
const saved = { url: process.env.NEEDLEWORK_URL, dir: process.env.NEEDLEWORK_DIR };

beforeEach(() => {
  process.env.NEEDLEWORK_DIR = mkdtempSync(join(tmpdir(), "nw-instance-"));
  file = join(process.env.NEEDLEWORK_DIR, "instance.json");
  delete process.env.NEEDLEWORK_URL;
});

afterEach(() => {
  for (const [key, value] of [
    ["NEEDLEWORK_URL", saved.url],
    ["NEEDLEWORK_DIR", saved.dir],
  ] as const) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

const write = (record: Partial<RecordedInstance>) =>
  writeFileSync(file, JSON.stringify({ by: "npm start", started_at: "2026-11-27T00:00:00Z", ...record }));
/** The id of a process that has ended. */
const deadPid = () => spawnSync(process.execPath, ["-e", ""]).pid!;

describe("the instance record", () => {
  it("is this process's once recorded, and gone once forgotten", () => {
    recordInstance("http://127.0.0.1:9123", "npm start");
    expect(recordedInstance()).toMatchObject({ url: "http://127.0.0.1:9123", pid: process.pid, by: "npm start" });
    forgetInstance();
    expect(existsSync(file)).toBe(false);
    expect(recordedInstance()).toBeUndefined();
  });

  it("is left alone by a process that did not write it", () => {
    write({ url: "http://127.0.0.1:9123", pid: 1 });
    forgetInstance();
    expect(existsSync(file)).toBe(true);
  });

  it("is ignored, and removed, when its process is gone (npm start killed)", () => {
    write({ url: "http://127.0.0.1:9123", pid: deadPid() });
    expect(recordedInstance()).toBeUndefined();
    expect(existsSync(file)).toBe(false);
    expect(defaultUrl()).toBe(DEFAULT_URL);
  });

  it("is ignored when it is not a record", () => {
    writeFileSync(file, "{not json");
    expect(recordedInstance()).toBeUndefined();
    writeFileSync(file, JSON.stringify({ url: 9123, pid: process.pid }));
    expect(recordedInstance()).toBeUndefined();
  });

  it("gives the URL after --url and NEEDLEWORK_URL, before the default port", () => {
    expect(defaultUrl()).toBe(DEFAULT_URL);
    write({ url: "http://127.0.0.1:9123", pid: process.pid });
    expect(defaultUrl()).toBe("http://127.0.0.1:9123");
    expect(urlFlag("http://127.0.0.1:9123")).toBe("");
    expect(urlFlag("http://127.0.0.1:9124")).toBe(" --url http://127.0.0.1:9124");
    process.env.NEEDLEWORK_URL = "https://needlework.example.workers.dev";
    expect(defaultUrl()).toBe("https://needlework.example.workers.dev");
    expect(urlFlag("http://127.0.0.1:9123")).toBe(" --url http://127.0.0.1:9123");
  });
});

describe("withService beside a recorded instance", () => {
  let server: Server | undefined;
  afterEach(() => server?.close());

  it("refuses to start a second service at another address, naming the running one", async () => {
    write({ url: "http://127.0.0.1:9123", pid: process.pid });
    const url = `http://127.0.0.1:${await freePort()}`;
    let used = false;
    const err = await withService(
      url,
      async () => (used = true),
      () => {},
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).message).toContain(
      `the local needlework is running at http://127.0.0.1:9123 (npm start, process ${process.pid}), over the same .wrangler/state a service at ${url} would use`,
    );
    expect((err as Error).message).toContain(`delete ${file}`);
    expect(used).toBe(false);
  });

  it("waits for the recorded instance at the same address (npm start still starting) instead of starting one", async () => {
    const port = await freePort();
    write({ url: `http://127.0.0.1:${port}`, pid: process.pid });
    const lines: string[] = [];
    // The "instance" begins to answer 2 s later, as a starting npm start does.
    setTimeout(() => {
      server = createServer((req, res) => res.writeHead(req.url === "/v1/health" ? 200 : 404).end("{}")).listen(
        port,
        "127.0.0.1",
      );
    }, 2_000);
    expect(
      await withService(
        `http://127.0.0.1:${port}`,
        async () => "used",
        (l) => lines.push(l),
      ),
    ).toBe("used");
    expect(lines).toEqual([
      `Waiting for the local needlework at http://127.0.0.1:${port} (npm start, process ${process.pid}) to answer...`,
    ]);
  });
});

describe("npm start", () => {
  it("refuses to start over the state of a running instance, before touching anything", async () => {
    write({ url: "http://127.0.0.1:9123", pid: process.pid });
    const devVars = existsSync(join(ROOT, ".dev.vars")) ? readFileSync(join(ROOT, ".dev.vars"), "utf8") : undefined;
    const started = Date.now();
    const result = await new Promise<{ code: number; stderr: string }>((resolve) => {
      execFile(
        "npx",
        ["tsx", "scripts/start.ts"],
        { cwd: ROOT, env: { ...process.env, PORT: "9124" }, timeout: 30_000 },
        (err, _stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stderr }),
      );
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `npm start: needlework is already running at http://127.0.0.1:9123 (npm start, process ${process.pid}) over .wrangler/state`,
    );
    expect(Date.now() - started).toBeLessThan(20_000); // no wrangler was started and waited for
    expect(existsSync(join(ROOT, ".dev.vars")) ? readFileSync(join(ROOT, ".dev.vars"), "utf8") : undefined).toBe(
      devVars,
    );
  });
});
