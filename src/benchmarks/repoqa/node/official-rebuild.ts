/**
 * Rebuilding the official RepoQA release (2024-04-20) from its repositories at their pinned commits,
 * to check needlework's curation against it: each repository is read and ordered as `dataset build`
 * would (`curation` picks the rules), the official needles are found by name in that order, and
 * each one's 16K original-mode context is built at its official depth. A needle is *exact* when it
 * sits at the official token span: then the files before it, their order and the needle itself all
 * match the reference's.
 *
 * Inputs: `<repos>/MANIFEST.json` (language, repo, entry path, directory per repository; `missing`
 * when the snapshot could not be fetched) and the official spans (`needle-positions-*-16k.json`:
 * language, repo, name, needle_position, token_start, token_end).
 */
import { readFile } from "node:fs/promises";
import { collectFiles } from "../../../../cli/lib/collect";
import type { Curation } from "../../../lib/code/imports/common";
import { LANGUAGE_SPECS, type Language } from "../../../lib/code/languages";
import type { Tokenizer } from "../../../lib/datasets/tokenizer";
import { analyzeDependencies } from "../curate/dependencies";
import { analyzeFunctions } from "../curate/functions";
import { topologicalSort } from "../curate/topo";
import { makeCodeContext } from "../dataset/context";
import { collectReferenceFiles } from "./reference-files";

export interface OfficialRepo {
  language: Language;
  repo: string;
  entrypoint_path: string;
  /** Directory under the repositories' root. */
  dir: string;
  missing?: string;
}

export interface OfficialNeedle {
  language: Language;
  repo: string;
  name: string;
  needle_position: number;
  token_start: number;
  token_end: number;
}

export interface RebuiltNeedle {
  name: string;
  needle_position: number;
  official: [number, number];
  /** null: no function of that name in the rebuilt repository. */
  ours: [number, number] | null;
  exact: boolean;
}

export async function readOfficialInputs(
  reposDir: string,
  positionsFile: string,
): Promise<{ repos: OfficialRepo[]; needles: OfficialNeedle[] }> {
  const repos = JSON.parse(await readFile(`${reposDir}/MANIFEST.json`, "utf8")) as OfficialRepo[];
  const needles = JSON.parse(await readFile(positionsFile, "utf8")) as OfficialNeedle[];
  return { repos, needles };
}

/**
 * One repository's official needles (all, or those `pick` keeps), rebuilt with `curation`:
 * `reference` reads and orders files as the reference did; `needlework` as `dataset build` does by
 * default (the entry path walked as one directory, files as they are, needlework's import rules).
 */
export async function rebuildOfficialRepo(
  reposDir: string,
  repo: OfficialRepo,
  needles: readonly OfficialNeedle[],
  tokenizer: Tokenizer,
  opts: { curation: Curation; pick?: (needle: OfficialNeedle) => boolean },
): Promise<RebuiltNeedle[]> {
  const root = `${reposDir}/${repo.dir}`;
  const language = repo.language;
  const reference = opts.curation === "reference";
  const { files, manifests } = reference
    ? await collectReferenceFiles(root, repo.entrypoint_path, language)
    : { ...(await collectFiles(root, repo.entrypoint_path, LANGUAGE_SPECS[language].suffixes)), manifests: {} };
  const deps = await analyzeDependencies(language, files, {
    entrypoint: repo.entrypoint_path,
    curation: opts.curation,
    manifests,
  });
  const ordered = topologicalSort(deps.dependency)
    .filter((path) => files[path] !== undefined)
    .map((path) => [path, files[path]] as const);
  const { functions } = await analyzeFunctions(language, ordered);
  const mine = needles
    .filter((n) => n.repo === repo.repo && (opts.pick?.(n) ?? true))
    .sort((a, b) => a.needle_position - b.needle_position);
  const out: RebuiltNeedle[] = [];
  for (const n of mine) {
    const official: [number, number] = [n.token_start, n.token_end];
    const path = ordered.find(([p]) => functions[p]?.some((fn) => fn.name === n.name))?.[0];
    const fn = path === undefined ? undefined : functions[path].find((f) => f.name === n.name)!;
    if (path === undefined || !fn) {
      out.push({ name: n.name, needle_position: n.needle_position, official, ours: null, exact: false });
      continue;
    }
    const ctx = await makeCodeContext(
      {
        language,
        files: ordered,
        needle: { name: fn.name, path, start_byte: fn.start_byte ?? 0, end_byte: fn.end_byte ?? 0 },
        size: 16384,
        positionRatio: n.needle_position,
      },
      tokenizer,
    );
    const ours: [number, number] = [ctx.needle_token_start, ctx.needle_token_end];
    out.push({
      name: n.name,
      needle_position: n.needle_position,
      official,
      ours,
      exact: ours[0] === official[0] && ours[1] === official[1],
    });
  }
  return out;
}
