/**
 * The RepoQA authors' published results (COMBINED-RESULTS.json and scores/, from
 * NEEDLEWORK_REPOQA_OFFICIAL or ../shared/data/repoqa-official), which the leaderboard and compare
 * browser tests import into their instance as a person would: `npm run leaderboard -- import`.
 */
import { execFile } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { ROOT } from "../../cli/lib/api";
import { startIsolatedInstance, type IsolatedInstance } from "../../cli/lib/local-service";
import { chromiumMissing, launchChromium, type Chromium } from "./chromium";

const DATA = process.env.NEEDLEWORK_REPOQA_OFFICIAL ?? join(ROOT, "../shared/data/repoqa-official");

/** Why the published results cannot be imported here (they are not on disk), if they cannot. */
export const publishedResultsMissing = existsSync(join(DATA, "COMBINED-RESULTS.json"))
  ? undefined
  : `The published RepoQA results are not at ${DATA} (set NEEDLEWORK_REPOQA_OFFICIAL to their directory).`;

/** Imports every published result file into `instance` as dataset repoqa-2024-04-20. */
export async function importPublishedResults(instance: IsolatedInstance): Promise<void> {
  const files = [
    join(DATA, "COMBINED-RESULTS.json"),
    ...readdirSync(join(DATA, "scores")).map((f) => join(DATA, "scores", f)),
  ];
  await promisify(execFile)(
    "npm",
    [
      "run",
      "--silent",
      "leaderboard",
      "--",
      "import",
      ...files,
      "--dataset",
      "repoqa-2024-04-20",
      "--source",
      "RepoQA authors (EvalPlus), https://github.com/evalplus/repoqa",
      "--license",
      "Apache-2.0",
      "--url",
      instance.url,
    ],
    { cwd: ROOT, env: { ...process.env, NEEDLEWORK_ADMIN_TOKEN: instance.token }, timeout: 120_000 },
  );
}

/** A browser test file's site: the instance's URL and a Chromium context to drive it. */
export interface PublishedResultsSite {
  readonly url: string;
  /** The browser, or the reason there is none thrown, so every test FAILS rather than being skipped. */
  context(): BrowserContext;
}

/**
 * For a browser test file (vitest hooks, once per file): a fresh instance named `instanceName` with
 * the published results imported, and a Chromium profile. What this machine lacks (the browser,
 * the published files) is thrown by `context()` in every test: a throwing beforeAll would only mark
 * them skipped, and a missing browser must not pass unnoticed.
 */
export function publishedResultsSite(instanceName: string): PublishedResultsSite {
  const missing = chromiumMissing ?? publishedResultsMissing;
  let instance: IsolatedInstance | undefined;
  let browser: Chromium | undefined;
  beforeAll(async () => {
    if (missing) return;
    instance = await startIsolatedInstance(instanceName);
    await importPublishedResults(instance);
    browser = await launchChromium("nw-browser-profile-");
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await instance?.stop();
  });
  return {
    get url() {
      return instance!.url;
    },
    context() {
      if (missing) throw new Error(missing);
      return browser!.browser;
    },
  };
}
