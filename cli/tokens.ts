/**
 * Named API tokens of a needlework instance (docs/deploying.md, "Tokens"):
 *
 *   npm run tokens -- create --role submitter|admin --name <text> [--url <instance>]
 *   npm run tokens -- list [--url <instance>]
 *   npm run tokens -- revoke <tok_id> [--url <instance>]
 *
 * `create` prints the new token's secret once (the instance keeps only its SHA-256); nothing else
 * ever shows it again. The admin token comes from NEEDLEWORK_ADMIN_TOKEN or, locally, ADMIN_TOKEN
 * in .dev.vars; a stopped local instance is started for the command.
 */
import { parseArgs } from "node:util";
import type { TokenRequest } from "../packages/client/src/index";
import { DEFAULT_URL, api } from "./lib/api";
import { UsageError, runCommand } from "./lib/args";
import { withService } from "./lib/local-service";
import { titledTable } from "./lib/text-table";

const USAGE = `usage: npm run tokens -- create --role submitter|admin --name <text> [--url <instance>]
       npm run tokens -- list [--url <instance>]
       npm run tokens -- revoke <tok_id> [--url <instance>]`;

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      role: { type: "string" },
      name: { type: "string" },
      url: { type: "string", default: process.env.NEEDLEWORK_URL ?? DEFAULT_URL },
      help: { type: "boolean", short: "h" },
    },
  });
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const client = api(values.url!);
  switch (command) {
    case "create": {
      if (!values.role || !values.name) throw new UsageError("create needs --role (submitter or admin) and --name");
      // The service checks the role (a 400 naming the roles it knows).
      const created = await withService(client.url, () =>
        client.createToken({ role: values.role as TokenRequest["role"], name: values.name! }),
      );
      console.log(`Created ${created.id} (${created.role}, "${created.name}") on ${client.url}.`);
      console.log(
        `Its secret, shown this once (the instance keeps only a hash); send it as "Authorization: Bearer <secret>":`,
      );
      console.log(created.token);
      return 0;
    }
    case "list": {
      const tokens = await withService(client.url, () => client.tokens());
      if (tokens.length === 0) console.log(`No named tokens on ${client.url} (the ADMIN_TOKEN secret is not one).`);
      else
        console.log(
          titledTable(`Named tokens on ${client.url}`, [
            ["id", "role", "created", "name"],
            ...tokens.map((t) => [t.id, t.role, t.created_at, t.name]),
          ]),
        );
      return 0;
    }
    case "revoke": {
      if (rest.length !== 1)
        throw new UsageError("revoke takes one token id (tok_…; `npm run tokens -- list` shows them)");
      const revoked = await withService(client.url, () => client.revokeToken(rest[0]));
      console.log(
        `Revoked ${revoked.id} (${revoked.role}, "${revoked.name}"): requests with it are refused from now on.`,
      );
      return 0;
    }
    default:
      throw new UsageError(`unknown command "${command}": create, list or revoke`);
  }
}

runCommand(main, "tokens", `\n${USAGE}`);
