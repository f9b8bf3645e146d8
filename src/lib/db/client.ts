/** The D1 database through drizzle, for every layer that reads or writes the shared tables. */
import { drizzle } from "drizzle-orm/d1";
import type { Env } from "../env";
import * as schema from "./schema";

const drizzles = new WeakMap<D1Database, ReturnType<typeof drizzle<typeof schema>>>();

/**
 * Drizzle over the D1 binding, made once per binding object: `drizzle(..., { schema })` derives the
 * relational config of the whole schema, several ms of CPU in a cold isolate.
 */
export function db(env: Env) {
  let d = drizzles.get(env.DB);
  if (!d) drizzles.set(env.DB, (d = drizzle(env.DB, { schema })));
  return d;
}
