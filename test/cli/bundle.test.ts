/**
 * The deployable bundle: `wrangler deploy --dry-run` builds exactly what `wrangler deploy` uploads;
 * its gzipped size must fit the Workers Paid plan (and we say how it compares with Free).
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");
const MB = 1024 * 1024;
/** Cloudflare's published Worker size limits, after compression. */
const LIMITS = { free: 3 * MB, paid: 10 * MB };

const out = mkdtempSync(join(tmpdir(), "nw-bundle-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe("wrangler deploy --dry-run", () => {
  it("bundles the Worker within the Workers Paid size limit", async () => {
    const { stdout, stderr } = await promisify(execFile)(
      join(ROOT, "node_modules/.bin/wrangler"),
      ["deploy", "--dry-run", "--outdir", out],
      {
        cwd: ROOT,
        env: { ...process.env, CI: "1", WRANGLER_SEND_METRICS: "false" },
        timeout: 120_000,
      },
    );
    // What is uploaded: the script and its wasm modules (not the source map or wrangler's README).
    const modules = readdirSync(out).filter((f) => f.endsWith(".js") || f.endsWith(".wasm"));
    expect(modules).toContain("index.js");
    let raw = 0;
    let gzipped = 0;
    for (const f of modules) {
      const bytes = readFileSync(join(out, f));
      raw += bytes.length;
      gzipped += gzipSync(bytes, { level: 9 }).length;
    }
    const mb = (n: number) => `${(n / MB).toFixed(2)} MB`;
    const wranglerLine = /Total Upload: .*/.exec(stdout + stderr)?.[0] ?? "(wrangler printed no total)";
    console.log(
      `bundle: ${modules.length} modules, ${mb(raw)} raw, ${mb(gzipped)} gzipped ` +
        `(Workers Free limit ${mb(LIMITS.free)}: ${gzipped <= LIMITS.free ? "fits" : "TOO LARGE"}; ` +
        `Paid limit ${mb(LIMITS.paid)}: ${gzipped <= LIMITS.paid ? "fits" : "TOO LARGE"}); wrangler: ${wranglerLine}`,
    );
    expect(gzipped).toBeLessThanOrEqual(LIMITS.paid);
  }, 180_000);
});
