/** Command-line argument checks shared by the Node-side commands. */
import { defaultUrl } from "./instance";

/** A mistake in the command line: the commands print it as `error: …` and exit with 2. */
export class UsageError extends Error {}

/** `--name <int>` as a safe integer >= `min`; `fallback` when the flag is absent. */
export function intOption(value: string | undefined, name: string, min: number): number | undefined;
export function intOption(value: string | undefined, name: string, min: number, fallback: number): number;
export function intOption(value: string | undefined, name: string, min: number, fallback?: number): number | undefined {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < min) {
    throw new UsageError(
      `--${name} must be ${min === 1 ? "a positive integer" : `an integer >= ${min}`}, got "${value}"`,
    );
  }
  return n;
}

/**
 * The parseArgs options (read when the command runs) of a command that builds a dataset and loads it: `--url` (NEEDLEWORK_URL,
 * else the local instance: cli/lib/instance.ts), `--no-load` (only build), `--replace` (an existing dataset of the id) and
 * `--visibility` (`visibilityOption`).
 */
export const loadOptions = () =>
  ({
    url: { type: "string", default: defaultUrl() },
    "no-load": { type: "boolean", default: false },
    replace: { type: "boolean", default: false },
    ...VISIBILITY_OPTION,
  }) as const;

/** `--visibility public|held-out`: the dataset's visibility at import (docs/api.md#held-out-datasets); its usage text is VISIBILITY_USAGE. */
export const VISIBILITY_OPTION = { visibility: { type: "string", default: "public" } } as const;
export const VISIBILITY_USAGE = "[--visibility public|held-out]";

/** The `--visibility` value, checked before any work. */
export function visibilityOption(value: string | undefined): "public" | "held-out" {
  if (value === undefined || value === "public" || value === "held-out") return value ?? "public";
  throw new UsageError(`--visibility must be public or held-out, got "${value}"`);
}

/**
 * `--id <dataset id>`, required, as the API accepts dataset ids (1 to 64 lower-case letters, digits,
 * '.', '_' or '-', starting with a letter or digit): checked here so a build fails before its work.
 */
export function datasetIdOption(value: string | undefined): string {
  if (!value || !/^[a-z0-9][a-z0-9._-]{0,63}$/.test(value))
    throw new UsageError("--id is required: lower-case letters, digits, '.', '_' and '-'");
  return value;
}

/**
 * Runs a command's `main` with the process arguments and exits with its code: a UsageError prints
 * `error: …` (and `usageHint`) and exits 2, anything else prints `<what> failed: …` and exits 1.
 */
export function runCommand(main: (argv: string[]) => Promise<number>, what: string, usageHint = ""): void {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      console.error(
        err instanceof UsageError ? `error: ${err.message}${usageHint}` : `${what} failed: ${(err as Error).message}`,
      );
      process.exit(err instanceof UsageError ? 2 : 1);
    },
  );
}
