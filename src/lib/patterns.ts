/**
 * The shapes of names that cross the HTTP boundary, shared by the service and the CLI so a command
 * refuses what the service would refuse before sending anything.
 */

/** A run's id as the service mints it: `run-` + UTC time to the second + 10 hex digits. */
export const RUN_ID = /^run-\d{14}-[0-9a-f]{10}$/;

/**
 * Names of Worker secrets that may hold an API key. Only `*_API_KEY` names are readable, so a run
 * can never send ADMIN_TOKEN (or any other binding) to a model endpoint.
 */
export const API_KEY_NAME = /^[A-Z][A-Z0-9_]{0,62}_API_KEY$/;
