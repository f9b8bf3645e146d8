/**
 * A family's Node-side commands, dispatched (the CLI reaches a family only through the
 * registry, cli/lib/families.ts):
 *
 *   tsx cli/family.ts <family> <command> [args]
 *   tsx cli/family.ts <family> [--help]          the family's commands
 *
 * package.json's scripts point here with the family (and command) filled in, so the documented
 * command lines (`npm run dataset -- build …`, `npm run import -- <file>`, `npm run <family> -- build …`)
 * are unchanged. The commands live in src/benchmarks/<family>/node/.
 */
import { UsageError, runCommand } from "./lib/args";
import { nodeFamily } from "./lib/families";

/** The family's help: each command's usage line (`npm run <script> -- <command> --help` has its options). */
function familyHelp(commands: Record<string, { usage: string }>): string {
  const lines = Object.values(commands).map((c) => c.usage);
  return lines.length ? `usage: ${lines.join("\n       ")}` : "(this family has no commands)";
}

const [familyId, commandName, ...args] = process.argv.slice(2);

async function main(): Promise<number> {
  if (!familyId) throw new UsageError("usage: tsx cli/family.ts <family> <command> [args]");
  const family = await nodeFamily(familyId);
  if (!commandName || commandName === "--help" || commandName === "-h") {
    console.log(familyHelp(family.commands));
    return commandName ? 0 : 2;
  }
  const command = family.commands[commandName];
  if (!command)
    throw new UsageError(
      `unknown command "${commandName}": use one of ${Object.keys(family.commands).join(", ")}\n${familyHelp(family.commands)}`,
    );
  return command.run(args);
}

runCommand(main, [familyId, commandName].filter(Boolean).join(" "));
