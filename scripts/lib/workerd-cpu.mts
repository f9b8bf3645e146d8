/**
 * CPU clocks of the workerd processes a bench started, read from /proc (Linux). workerd runs every
 * isolate on its process's main thread, so that thread's schedstat is a request's CPU, insensitive
 * to other load on the machine; the other threads are V8's background GC and tier-up.
 */
import { readFileSync, readdirSync } from "node:fs";

function procTable(): { pid: number; ppid: number; comm: string }[] {
  const rows: { pid: number; ppid: number; comm: string }[] = [];
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const m = readFileSync(`/proc/${d}/stat`, "utf8").match(/^(\d+) \((.*)\) \S+ (\d+)/);
      if (m) rows.push({ pid: Number(m[1]), ppid: Number(m[3]), comm: m[2] });
    } catch {
      /* exited */
    }
  }
  return rows;
}

/** The workerd processes started under this process (wrangler dev and miniflare run one each). */
export function workerdDescendants(): number[] {
  const rows = procTable();
  const mine = new Set([process.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const r of rows) if (mine.has(r.ppid) && !mine.has(r.pid)) mine.add(r.pid), (grew = true);
  }
  return rows.filter((r) => mine.has(r.pid) && r.comm === "workerd").map((r) => r.pid);
}

/** CPU time (ns) a thread has consumed so far (/proc/<pid>/task/<tid>/schedstat, first field); 0 once it exited. */
export function threadNs(pid: number, tid: number): number {
  try {
    return Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
  } catch {
    return 0;
  }
}

/** CPU time (ns) consumed so far by the live threads of `pid`. */
export function processNs(pid: number): number {
  let tids: string[] = [];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return 0;
  }
  return tids.reduce((sum, tid) => sum + threadNs(pid, Number(tid)), 0);
}

/** CPU time (ns) of the isolates' thread (the main thread) of `pid`. */
export const isolateNs = (pid: number) => threadNs(pid, pid);

/** CPU time (ns) of the isolates' threads of several processes. */
export const mainThreadNs = (pids: readonly number[]) => pids.reduce((sum, pid) => sum + isolateNs(pid), 0);
