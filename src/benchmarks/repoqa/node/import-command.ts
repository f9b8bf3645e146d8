/**
 * Import an official RepoQA release file (e.g. repoqa-2024-04-20.json) into a needlework instance.
 *
 *   npm run import -- <release.json> [--id repoqa-2024-04-20] [--url <instance>] [--replace]
 *
 * Code contexts: --sizes 16384,32768 --comment-modes original,no_padding --depths reference|grid11|0,0.5,1
 * (default: 16384 tokens, comments kept, the reference's depths), or --no-contexts.
 *
 * The instance must be running (`npm start` locally, found without --url, or a deployed Worker with --url). The admin
 * token comes from NEEDLEWORK_ADMIN_TOKEN or, for local instances, ADMIN_TOKEN in .dev.vars.
 */
import { basename } from "node:path";
import { parseArgs } from "node:util";
import { api } from "../../../../cli/lib/api";
import { defaultUrl } from "../../../../cli/lib/instance";
import { UsageError, VISIBILITY_OPTION, VISIBILITY_USAGE, visibilityOption } from "../../../../cli/lib/args";
import type { NodeCommand } from "../../../../cli/lib/node-family";
import { CONTEXT_OPTIONS, CONTEXT_USAGE, contextConfigFromFlags } from "./context-options";
import { importReleaseFile } from "./import-release";

const USAGE = `npm run import -- <release.json> [--id <dataset id>] [--url <instance>] [--name <title>] [--license <spdx>] [--replace] ${VISIBILITY_USAGE} ${CONTEXT_USAGE}`;

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      id: { type: "string" },
      url: { type: "string", default: defaultUrl() },
      name: { type: "string" },
      license: { type: "string" },
      replace: { type: "boolean", default: false },
      ...VISIBILITY_OPTION,
      ...CONTEXT_OPTIONS,
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help || positionals.length !== 1) {
    console.log(`usage: ${USAGE}`);
    return values.help ? 0 : 2;
  }
  const visibility = visibilityOption(values.visibility);
  let contexts: ReturnType<typeof contextConfigFromFlags>;
  try {
    contexts = contextConfigFromFlags(values);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const file = positionals[0];
  const id =
    values.id ??
    basename(file, ".json")
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, "-");
  console.log(`Importing ${file} as dataset "${id}" into ${values.url}`);
  const result = await importReleaseFile(api(values.url!), file, {
    id,
    name: values.name,
    license: values.license,
    replace: values.replace,
    contexts,
    visibility,
    log: console.log,
  });
  console.log(
    `Done: ${result.repos} repositories, ${result.tasks} tasks, content sha256 ${result.manifest.content_sha256}`,
  );
  return 0;
}

export const importCommand: NodeCommand = { usage: USAGE, run: main };
