/**
 * The names that must not appear in src/ outside a family's folder and the registry:
 * every family folder's name, plus the names the families use for what they host beyond their
 * folder names. A new family is covered by its folder; a new benchmark whose id contains none of
 * these fails the conformance suite (test/conformance/benchmarks.test.ts), which says to add it here.
 */
export const FAMILY_ALIASES: readonly string[] = ["positional", "cruxeval", "lexical"];

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** One case-insensitive pattern for the family names (`folders`: the family folders' names). */
export const familyNamePattern = (folders: readonly string[]) =>
  new RegExp([...folders, ...FAMILY_ALIASES].map(escapeRegExp).join("|"), "i");
