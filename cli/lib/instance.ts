/**
 * Which local needlework a command talks to when it is not told (the CLI never makes the
 * user guess). `npm start`, and a command that starts a local service for itself, record the URL
 * they serve over `.wrangler/state` in `.needlework/instance.json`, with their process id; the
 * commands read it when neither `--url` nor NEEDLEWORK_URL names an instance, so `PORT=9000 npm
 * start` needs no `--url` anywhere. A record whose process is gone is ignored (and removed).
 *
 * Order: `--url`, then NEEDLEWORK_URL, then the recorded instance, then http://127.0.0.1:8787.
 * Instances with their own state (`--persist-to`, tests) are never recorded. Tests point
 * NEEDLEWORK_DIR at a directory of their own (`workDir`), so they never read or write the checkout's.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { DEFAULT_URL, workDir } from "./api";

/** The record's path: `.needlework/instance.json` (under NEEDLEWORK_DIR when set). */
export const instanceFile = (): string => `${workDir()}instance.json`;

/** What `.needlework/instance.json` holds. */
export interface RecordedInstance {
  url: string;
  /** The process that serves it (npm start's, or the command's that started it). */
  pid: number;
  /** Who started it, for messages: "npm start", "npm run eval"... */
  by: string;
  started_at: string;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM"; // alive, another user's
  }
}

/** The running local instance over `.wrangler/state`, if one was recorded and its process lives. */
export function recordedInstance(file = instanceFile()): RecordedInstance | undefined {
  if (!existsSync(file)) return undefined;
  let record: RecordedInstance;
  try {
    record = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
  if (typeof record?.url !== "string" || !Number.isSafeInteger(record.pid)) return undefined;
  if (isAlive(record.pid)) return record;
  rmSync(file, { force: true }); // its process ended without removing it (killed)
  return undefined;
}

/** Records this process as serving `url` over `.wrangler/state`; forgotten when the process exits. */
export function recordInstance(url: string, by: string, file = instanceFile()): void {
  mkdirSync(dirname(file), { recursive: true });
  const record: RecordedInstance = { url, pid: process.pid, by, started_at: new Date().toISOString() };
  writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
  process.once("exit", () => forgetInstance(file));
}

/** Removes the record if it is this process's. */
export function forgetInstance(file = instanceFile()): void {
  try {
    if ((JSON.parse(readFileSync(file, "utf8")) as RecordedInstance).pid === process.pid) rmSync(file, { force: true });
  } catch {
    // no record, or not ours to remove
  }
}

/** Where a command goes without `--url`: NEEDLEWORK_URL, else the recorded local instance, else the default port. */
export function defaultUrl(file = instanceFile()): string {
  return process.env.NEEDLEWORK_URL || recordedInstance(file)?.url || DEFAULT_URL;
}

/** ` --url <url>` when a command line must name `url` to reach it (it is not where `defaultUrl` goes), else "". */
export function urlFlag(url: string): string {
  return url.replace(/\/+$/, "") === defaultUrl().replace(/\/+$/, "") ? "" : ` --url ${url}`;
}
