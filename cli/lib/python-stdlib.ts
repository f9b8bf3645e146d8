/** Python's standard library on this machine: real code that every installation with a python3 has. */
import { execFileSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { findPython } from "./python-exec";

/**
 * Python's standard library directory (`sysconfig.get_paths()["stdlib"]` of the python3 that
 * {@link findPython} finds), or null when there is no python3 or the directory does not exist.
 */
export function pythonStdlibDir(): string | null {
  const python = findPython();
  if (!python) return null;
  try {
    const out = execFileSync(python, ["-c", "import sysconfig; print(sysconfig.get_paths()['stdlib'])"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      timeout: 10_000,
    }).trim();
    return out && existsSync(out) && statSync(out).isDirectory() ? out : null;
  } catch {
    return null;
  }
}
