/**
 * Running Python functions in a real CPython interpreter, at dataset build time.
 *
 * A family's counterfactual task needs the interpreter's own answers for real functions, complete
 * and with lines removed: that is the reference curve models are compared to.
 * Only Node-side commands use this; the Worker never executes Python.
 *
 * One python3 child serves a whole batch: it reads one JSON request per line and answers one JSON
 * line per request, in lockstep. The protocol runs over private duplicates of fds 0 and 1; the
 * real fds 0/1 are pointed at /dev/null and `sys.stdin`/`sys.stdout` are swapped for in-memory
 * buffers while user code runs, so a function that prints (even with `os.write(1, ...)`) or reads
 * stdin can neither corrupt nor stall the protocol.
 */
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { createInterface, type Interface } from "node:readline";

/** What python3 returned for one call: the `repr` of the result, or the exception it raised. */
export type ExecResult = { ok: true; repr: string } | { ok: false; error: string };

export interface ExecOptions {
  /** Interpreter command; defaults to {@link findPython}(). */
  python?: string;
  /** Per-item wall-clock limit in milliseconds (compile + exec + call + repr). Default 2000. */
  timeoutMs?: number;
  /** PYTHONHASHSEED for the child; defaults to {@link PYTHON_HASH_SEED}. For experiments only. */
  hashSeed?: string;
}

export const DEFAULT_TIMEOUT_MS = 2000;

/**
 * The hash seed every child runs with. String hashing decides the iteration order of sets (and of
 * dicts built from sets), so without a fixed seed the repr of e.g. `set("abc")` changes from run
 * to run. "0" disables hash randomisation; it is the value that reproduces the most outputs of the
 * published dataset the tests compare with (see test/cli/python-exec.test.ts for the measured counts).
 */
export const PYTHON_HASH_SEED = "0";

/** Address-space cap for the child (Linux): a memory bomb becomes a MemoryError, not an OOM kill. */
const ADDRESS_SPACE_LIMIT = 1024 * 1024 * 1024;

/**
 * The child's program. Kept to the standard library and Python 3.8+ syntax so any python3 works.
 * `Timeout` derives from BaseException so user code's `except Exception:` cannot swallow it.
 */
const WORKER_SCRIPT = String.raw`
import builtins, io, json, os, signal, sys

proto_in = os.fdopen(os.dup(0), "r", encoding="utf-8", newline="\n")
proto_out = os.fdopen(os.dup(1), "w", encoding="utf-8", newline="\n")
_null = os.open(os.devnull, os.O_RDWR)
os.dup2(_null, 0)
os.dup2(_null, 1)

try:
    import resource
    _limit = int(sys.argv[1])
    _soft, _hard = resource.getrlimit(resource.RLIMIT_AS)
    if _hard == resource.RLIM_INFINITY or _hard > _limit:
        resource.setrlimit(resource.RLIMIT_AS, (_limit, _hard if _hard == resource.RLIM_INFINITY else _limit))
except Exception:
    pass

class Timeout(BaseException):
    pass

_armed = [False]

def _alarm(signum, frame):
    if _armed[0]:
        _armed[0] = False
        raise Timeout()

_has_timer = hasattr(signal, "setitimer")
if _has_timer:
    signal.signal(signal.SIGALRM, _alarm)

_real_stdout, _real_stdin = sys.stdout, sys.stdin

def run(code, call, seconds):
    ns = {"__name__": "__needlework__", "__builtins__": builtins}
    sys.stdout = io.StringIO()
    sys.stdin = io.StringIO("")
    try:
        if _has_timer:
            _armed[0] = True
            signal.setitimer(signal.ITIMER_REAL, seconds)
        try:
            exec(compile(code, "<string>", "exec"), ns)
            value = eval(compile(call, "<string>", "eval"), ns)
            return {"ok": True, "repr": repr(value)}
        finally:
            if _has_timer:
                _armed[0] = False
                signal.setitimer(signal.ITIMER_REAL, 0)
    except Timeout:
        return {"ok": False, "error": "Timeout: exceeded %d ms" % round(seconds * 1000)}
    except BaseException as e:
        try:
            text = str(e)
        except BaseException:
            text = "<unprintable>"
        return {"ok": False, "error": type(e).__name__ + ": " + text}
    finally:
        sys.stdout, sys.stdin = _real_stdout, _real_stdin

for line in proto_in:
    req = json.loads(line)
    res = run(req["code"], "f(" + req["input"] + ")", req["timeout"])
    try:
        out = json.dumps(res)
    except BaseException as e:
        out = json.dumps({"ok": False, "error": "ReprError: " + type(e).__name__})
    proto_out.write(out + "\n")
    proto_out.flush()
`;

let cachedPython: { key: string; value: string | null } | undefined;

/**
 * The python3 command to use: `NEEDLEWORK_PYTHON` if set, else `python3` on PATH, verified by
 * running it (it must report major version 3). `null` when there is none. Cached per process.
 */
export function findPython(): string | null {
  const candidate = process.env.NEEDLEWORK_PYTHON || "python3";
  if (cachedPython?.key === candidate) return cachedPython.value;
  let value: string | null = null;
  try {
    const out = execFileSync(candidate, ["-c", "import sys; print(sys.version_info[0])"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      timeout: 10_000,
    });
    if (out.trim() === "3") value = candidate;
  } catch {
    value = null;
  }
  cachedPython = { key: candidate, value };
  return value;
}

/** One live child with its line reader. */
interface Worker {
  child: ChildProcessWithoutNullStreams;
  lines: AsyncIterator<string>;
  reader: Interface;
  stderr: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; spawnError?: Error }>;
}

/** What a just-started interpreter may take to start before its first item's watchdog counts. */
const STARTUP_SLACK_MS = 10_000;

function startWorker(python: string, hashSeed: string): Worker {
  // Not -I/-E: those also ignore PYTHONHASHSEED. -s drops the user site directory instead, and
  // variables that would run or import foreign code are removed from the environment.
  const env: NodeJS.ProcessEnv = { ...process.env, PYTHONHASHSEED: hashSeed, PYTHONIOENCODING: "utf-8" };
  for (const name of ["PYTHONPATH", "PYTHONSTARTUP", "PYTHONINSPECT", "PYTHONWARNINGS"]) delete env[name];
  const child = spawn(python, ["-s", "-c", WORKER_SCRIPT, String(ADDRESS_SPACE_LIMIT)], {
    env,
    stdio: ["pipe", "pipe", "pipe"],
  });
  const stderr: string[] = [];
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk: string) => {
    // Keep the tail only: enough to explain a crash.
    stderr.push(chunk);
    if (stderr.length > 50) stderr.shift();
  });
  // Writing to a child that already died raises EPIPE on the stream; the exit is reported instead.
  child.stdin.on("error", () => {});
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; spawnError?: Error }>((resolve) => {
    child.on("exit", (code, signal) => resolve({ code, signal }));
    child.on("error", (spawnError) => resolve({ code: null, signal: null, spawnError }));
  });
  const reader = createInterface({ input: child.stdout, crlfDelay: Infinity });
  return { child, lines: reader[Symbol.asyncIterator](), reader, stderr, exited };
}

function stopWorker(w: Worker): void {
  w.reader.close();
  w.child.stdin.end();
  if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill("SIGKILL");
}

/**
 * Runs `f(<input>)` for each item in a python3 child, in order, each in a fresh namespace: the
 * item's `code` is compiled and executed, then `f(<input>)` is evaluated and its `repr` returned.
 * Exceptions (including the SyntaxError/IndentationError of a function with lines removed and
 * RecursionError) become `{ ok: false, error: "<Type>: <message>" }`; an item running longer than
 * `timeoutMs` becomes `"Timeout: ..."` and the next item still runs. Results are in input order.
 *
 * The child gets `PYTHONHASHSEED` = {@link PYTHON_HASH_SEED} so set orders are reproducible, and an
 * address-space limit of 1 GiB where `resource` exists. An item the in-process timer cannot stop
 * (user code that catches the timer's exception and loops on, or C code that never checks for
 * signals) is caught by a watchdog here after 2 * timeoutMs + 2 s: the child is killed, the item
 * reported as a timeout, and a new child continues with the rest.
 *
 * Rejects when no python3 is available or a child dies on its own (a crash is not a result: it
 * means the interpreter, not the function, failed).
 */
export async function executeCalls(
  items: readonly { code: string; input: string }[],
  opts: ExecOptions = {},
): Promise<ExecResult[]> {
  if (items.length === 0) return [];
  const python = opts.python ?? findPython();
  if (!python) throw new Error("executeCalls: no python3 found (install python3 or set NEEDLEWORK_PYTHON)");
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // The watchdog leaves the in-process timer room to fire first, plus slack for a slow machine; an
  // item sent to an interpreter that is still starting also waits for its start (seconds under load).
  const watchdogMs = (fresh: boolean) => timeoutMs * 2 + 2000 + (fresh ? STARTUP_SLACK_MS : 0);
  const results: ExecResult[] = [];
  let worker: Worker | undefined;
  try {
    for (let i = 0; i < items.length; i++) {
      const fresh = worker === undefined;
      worker ??= startWorker(python, opts.hashSeed ?? PYTHON_HASH_SEED);
      const w = worker;
      const request = JSON.stringify({ code: items[i].code, input: items[i].input, timeout: timeoutMs / 1000 });
      w.child.stdin.write(request + "\n");
      let timer: NodeJS.Timeout | undefined;
      const outcome = await Promise.race([
        w.lines.next().then((r) => (r.done ? { kind: "eof" as const } : { kind: "line" as const, line: r.value })),
        new Promise<{ kind: "watchdog" }>((resolve) => {
          timer = setTimeout(() => resolve({ kind: "watchdog" }), watchdogMs(fresh));
        }),
      ]);
      clearTimeout(timer);
      if (outcome.kind === "line") {
        results.push(parseResult(outcome.line, i));
        continue;
      }
      if (outcome.kind === "watchdog") {
        stopWorker(w);
        worker = undefined;
        results.push({ ok: false, error: `Timeout: exceeded ${timeoutMs} ms (interpreter unresponsive, restarted)` });
        continue;
      }
      const { code, signal, spawnError } = await w.exited;
      if (spawnError) throw new Error(`could not start python3 (${python}): ${spawnError.message}`);
      const tail = w.stderr.join("").trim().split("\n").slice(-5).join("\n");
      throw new Error(
        `python3 (${python}) exited during item ${i} (${signal ? `signal ${signal}` : `exit code ${code}`})` +
          (tail ? `: ${tail}` : ""),
      );
    }
  } finally {
    if (worker) stopWorker(worker);
  }
  return results;
}

function parseResult(line: string, index: number): ExecResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    throw new Error(`python3 sent a malformed reply for item ${index}: ${line.slice(0, 200)}`);
  }
  const r = parsed as { ok?: unknown; repr?: unknown; error?: unknown };
  if (r.ok === true && typeof r.repr === "string") return { ok: true, repr: r.repr };
  if (r.ok === false && typeof r.error === "string") return { ok: false, error: r.error };
  throw new Error(`python3 sent an unexpected reply for item ${index}: ${line.slice(0, 200)}`);
}
