/** Uploads a RepoQA release file to an instance, one repository per request, then commits it. */
import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import type { ContextConfig } from "../store/contexts";
import { deleteDatasetIfPresent, type Api } from "../../../../cli/lib/api";

export interface ImportOptions {
  id: string;
  name?: string;
  source?: string;
  license?: string;
  /** Replace an existing dataset of the same id. */
  replace?: boolean;
  /** How the dataset was built (recorded in the manifest). */
  build?: Record<string, unknown>;
  /** Code contexts to build (undefined: the instance's default; null: none). */
  contexts?: ContextConfig | null;
  /** `held-out`: no response shows its answers, and its task ids do not name their needles (docs/api.md#held-out-datasets). */
  visibility?: "public" | "held-out";
  log?: (line: string) => void;
}

type Release = Record<string, { repo: string }[]>;

export async function importReleaseFile(client: Api, file: string, opts: ImportOptions) {
  const log = opts.log ?? (() => {});
  const release = JSON.parse(await readFile(file, "utf8")) as Release;
  if (!release || typeof release !== "object" || Array.isArray(release)) {
    throw new Error(`${file}: not a RepoQA release (expected an object of languages).`);
  }
  if (opts.replace) await deleteDatasetIfPresent(client, opts.id);
  let repos = 0;
  let tasks = 0;
  try {
    for (const [language, list] of Object.entries(release)) {
      if (!Array.isArray(list)) throw new Error(`${file}: "${language}" is not a list of repositories.`);
      for (const repo of list) {
        const done = await client.request<{ tasks: number; functions: number }>(
          "POST",
          `/v1/datasets/${opts.id}/repos`,
          {
            language,
            repo,
            ...(opts.name && { name: opts.name }),
            ...(opts.contexts !== undefined && { contexts: opts.contexts }),
            ...(opts.visibility && { visibility: opts.visibility }),
          },
          { auth: true },
        );
        repos++;
        tasks += done.tasks;
        log(
          `  ${language.padEnd(10)} ${repo.repo.padEnd(40)} ${String(done.tasks).padStart(3)} tasks ${String(done.functions).padStart(5)} functions`,
        );
      }
    }
  } catch (err) {
    // Leave nothing half-imported behind (a committed dataset answers 409 and is never touched).
    if ((err as { status?: number }).status !== 409) {
      await client.request("DELETE", `/v1/datasets/${opts.id}`, undefined, { auth: true }).catch(() => {});
    }
    throw err;
  }
  const manifest = await client.request<{ content_sha256: string; counts: { tasks: number } }>(
    "POST",
    `/v1/datasets/${opts.id}/commit`,
    {
      name: opts.name ?? basename(file, ".json"),
      source: {
        kind: "repoqa-release",
        name: opts.source ?? basename(file),
        ...(opts.license && { license: opts.license }),
      },
      ...(opts.build && { build: opts.build }),
    },
    { auth: true },
  );
  return { repos, tasks, manifest };
}
