/**
 * The docs test's parts (test/docs/examples.test.ts runs them): the fenced blocks of README.md and
 * docs/*.md, and one shell block run as printed against an instance. The rule they enforce is in
 * docs/contributing.md, "Examples in the docs are tests":
 *
 * - every fence names its language; a `sh` (or `bash`, `shell`) block is executed, a `text` block is
 *   a template or a command too long for the test, introduced as such by the prose around it;
 * - a page's blocks run in order, each in a fresh `bash` with `set -euo pipefail`, in a directory
 *   that mirrors the checkout (links to its files; what a block writes stays in the test's
 *   directory), with NEEDLEWORK_URL, NEEDLEWORK_ADMIN_TOKEN and NEEDLEWORK_DIR set to the test's
 *   instance, so `npm run eval` & co. go there;
 * - `http://127.0.0.1:8787` is replaced by the instance's URL (a developer's own `npm start` may
 *   hold 8787 while `npm test` runs);
 * - `npm install`, `npm start` and `npm test` stand for what the test itself did: they print a note
 *   and succeed (the test's instance is `npm start`'s, with the same demo datasets);
 * - `curl` fails on an HTTP error (`--fail-with-body`), and a line of output that is `null` (jq on
 *   a missing value) fails the block, as does any command's non-zero exit.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "../../cli/lib/api";

/** The pages whose examples are tests, in the order the test runs them. */
export function docPages(root = ROOT): string[] {
  return [
    "README.md",
    ...readdirSync(join(root, "docs"))
      .filter((f) => f.endsWith(".md"))
      .sort()
      .map((f) => `docs/${f}`),
  ];
}

export interface Block {
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** The info string's first word ("" for a bare fence). */
  lang: string;
  /** The block's lines, the fence's indentation removed. */
  text: string;
}

export const EXECUTED = new Set(["sh", "bash", "shell"]);

/** The fenced code blocks of a Markdown text (backtick fences, indented ones in lists included). */
export function fencedBlocks(markdown: string, file: string): Block[] {
  const lines = markdown.split("\n");
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^( *)(`{3,})([^`]*)$/.exec(lines[i]);
    if (!open) continue;
    const [, indent, fence, info] = open;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const close = /^( *)(`{3,})\s*$/.exec(lines[j]);
      if (close && close[2].length >= fence.length) break;
      body.push(lines[j].startsWith(indent) ? lines[j].slice(indent.length) : lines[j].trimStart());
    }
    blocks.push({ file, line: i + 1, lang: info.trim().split(/\s+/)[0] ?? "", text: body.join("\n") });
    i = j;
  }
  return blocks;
}

/** Every fenced block of the pages, in page order. */
export function allBlocks(root = ROOT): Block[] {
  return docPages(root).flatMap((file) => fencedBlocks(readFileSync(join(root, file), "utf8"), file));
}

/** A directory that mirrors the checkout: a link to each top-level entry but the ones a block may write or must not see. */
export function mirrorCheckout(root = ROOT): string {
  const dir = mkdtempSync(join(tmpdir(), "nw-docs-cwd-"));
  const leaveOut = new Set([".git", ".wrangler", ".needlework", "results", "leaderboard.csv"]);
  for (const entry of readdirSync(root)) if (!leaveOut.has(entry)) symlinkSync(join(root, entry), join(dir, entry));
  return dir;
}

/** What every block runs after: strict mode, and the stand-ins for curl and the setup commands. */
const PREAMBLE = `set -euo pipefail
curl() { command curl --fail-with-body --show-error -w '%{stderr}[docs test] HTTP %{http_code} %{method} %{url_effective}\\n' "$@"; }
npm() {
  case "\${1-}" in
    install|start|test) echo "[docs test] npm $1: the test's own instance stands for it"; return 0 ;;
  esac
  command npm "$@"
}
`;

export interface Instance {
  url: string;
  token: string;
}

export interface BlockRun {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
  /** The script as run (after the URL substitution). */
  script: string;
  /** Why it failed, or undefined. */
  failure?: string;
}

/** Runs one shell block as printed against `instance`, in `cwd` (a mirror of the checkout). */
export function runBlock(
  block: Block,
  instance: Instance,
  opts: { cwd: string; workDir: string; timeoutMs: number },
): Promise<BlockRun> {
  const script = block.text.replaceAll("http://127.0.0.1:8787", instance.url);
  // A user's shell: none of npm's own variables from the `npm test` that runs this.
  const env: NodeJS.ProcessEnv = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^npm_|^INIT_CWD$/i.test(k)),
  );
  Object.assign(env, {
    NEEDLEWORK_URL: instance.url,
    NEEDLEWORK_ADMIN_TOKEN: instance.token,
    NEEDLEWORK_DIR: opts.workDir,
    WRANGLER_SEND_METRICS: "false",
  });
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn("bash", ["-c", PREAMBLE + script], {
      cwd: opts.cwd,
      env,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, "SIGKILL"); // the block's whole process group
      } catch {
        // already gone
      }
    }, opts.timeoutMs);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      const nullLine = stdout.split("\n").findIndex((l) => l.trim() === "null");
      const failure =
        signal !== null
          ? `killed after ${opts.timeoutMs / 1000} s (${signal})`
          : code !== 0
            ? `exit status ${code}`
            : nullLine >= 0
              ? `output line ${nullLine + 1} is null: a value the example expects is missing`
              : undefined;
      resolve({ code, stdout, stderr, ms: Date.now() - started, script, failure });
    });
  });
}

/** The end of a long text, for failure messages. */
export const tail = (text: string, chars = 3000) => (text.length > chars ? `…${text.slice(-chars)}` : text);
