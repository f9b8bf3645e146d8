/** The service's own version (the OpenAPI document, GET /v1, health, run receipts, cache keys). Each benchmark's scorer version is its own (`Benchmark.scorerVersion`). */
export const SERVICE_VERSION = "0.3.0";
