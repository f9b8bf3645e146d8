// First, before cloudflare:test loads the Worker: the conformance suite's toy family (a fourth
// family, in the tests only), for its test files.
import "./conformance/toy-setup";
import { applyD1Migrations, env } from "cloudflare:test";

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
