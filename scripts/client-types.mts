/**
 * Writes the client package's API types (packages/client/src/generated/openapi.ts) from the OpenAPI
 * document of a needlework instance: `--url <instance>`, else a local instance with fresh state
 * started for the command (wrangler dev, about 10 s) and stopped after.
 *
 *   npm run client:types [-- --url http://127.0.0.1:8787]
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { CLIENT_TYPES_FILE, clientTypes } from "../cli/lib/client-types";
import { startIsolatedInstance } from "../cli/lib/local-service";

const { values } = parseArgs({ options: { url: { type: "string" } } });
const instance = values.url ? undefined : await startIsolatedInstance("nw-client-types");
try {
  const url = values.url ?? instance!.url;
  const res = await fetch(`${url.replace(/\/+$/, "")}/openapi.json`);
  if (!res.ok) throw new Error(`${url}/openapi.json answered ${res.status}`);
  writeFileSync(CLIENT_TYPES_FILE, await clientTypes((await res.json()) as Record<string, unknown>));
  console.log(`wrote ${CLIENT_TYPES_FILE} from ${url}/openapi.json`);
} finally {
  await instance?.stop();
}
