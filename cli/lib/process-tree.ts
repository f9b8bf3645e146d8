/**
 * A local process and its descendants, read from Linux's /proc: how tests kill `wrangler dev` the
 * way a crash would (the launcher, its Node CLI and workerd at once) and how benches read workerd's
 * peak memory. Only processes under a pid the caller started are touched.
 */
import { readFileSync, readdirSync } from "node:fs";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Parent pid of every process. */
function parents(): Map<number, number> {
  const out = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (comm) state ppid ...": comm may hold spaces or parentheses, so read after the last ")".
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      out.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // exited meanwhile
    }
  }
  return out;
}

/** The process and all its descendants. */
export function processTree(root: number): number[] {
  const byParent = parents();
  const tree = [root];
  for (let i = 0; i < tree.length; i++) for (const [pid, ppid] of byParent) if (ppid === tree[i]) tree.push(pid);
  return tree;
}

export function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ").trim();
  } catch {
    return "";
  }
}

/** Alive and not a zombie (a zombie holds no port and no file). */
export function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

/** Peak resident memory of a process so far (VmHWM), in bytes; undefined once it is gone. */
export function peakRss(pid: number): number | undefined {
  try {
    const kb = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb === undefined ? undefined : Number(kb) * 1024;
  } catch {
    return undefined;
  }
}

/**
 * SIGKILL to `root` and every descendant at once, as when a machine dies; returns what was killed.
 * The tree is frozen first (SIGSTOP, level by level until no new process shows up), so nothing
 * spawned between listing and killing survives as an orphan. `root` usually shares the caller's
 * process group, so the group itself is never signalled.
 */
export async function killTree(root: number): Promise<string[]> {
  const tree: number[] = [];
  for (
    let fresh = processTree(root);
    fresh.length > 0;
    fresh = processTree(root).filter((pid) => !tree.includes(pid))
  ) {
    for (const pid of fresh) {
      try {
        process.kill(pid, "SIGSTOP");
      } catch {
        // already gone
      }
      tree.push(pid);
    }
  }
  const commands = tree.map((pid) => `${pid} ${commandOf(pid).slice(0, 100)}`);
  for (const pid of tree) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  const until = Date.now() + 10_000;
  while (tree.some(alive)) {
    if (Date.now() > until) throw new Error(`still alive after SIGKILL: ${tree.filter(alive).join(", ")}`);
    await sleep(50);
  }
  return commands;
}
