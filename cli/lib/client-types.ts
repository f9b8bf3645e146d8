/**
 * The client package's API types (packages/client/src/generated/openapi.ts), made from the
 * service's OpenAPI document by openapi-typescript: `npm run client:types` writes them, and the
 * client test (test/cli/client.ts) fails when the committed file differs from what the running
 * service's document makes.
 */
import openapiTS, { astToString } from "openapi-typescript";
import { ROOT } from "./api";

export const CLIENT_TYPES_FILE = `${ROOT}packages/client/src/generated/openapi.ts`;

/** The types file for `document` (the JSON of GET /openapi.json), as committed. */
export async function clientTypes(document: Record<string, unknown>): Promise<string> {
  // The document's servers name the instance it came from: not part of the API.
  const { servers: _servers, ...api } = document;
  // defaultNonNullable off: a request field with a default stays optional in the types.
  const nodes = await openapiTS(api as unknown as Parameters<typeof openapiTS>[0], {
    defaultNonNullable: false,
    alphabetize: false,
  });
  return `/**
 * needlework's API, generated from its OpenAPI document (GET /openapi.json) by openapi-typescript.
 * Do not edit: \`npm run client:types\` in the needlework repository writes it again.
 */

${astToString(nodes)}`;
}
