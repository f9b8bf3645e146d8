/**
 * The service's own version (the OpenAPI document, GET /v1, health, run receipts, cache keys): the
 * `version` of package.json, its one source (esbuild keeps only that field of the file in the bundle).
 * Each benchmark's scorer version is its own (`Benchmark.scorerVersion`).
 */
import { version } from "../../package.json";

export const SERVICE_VERSION: string = version;
