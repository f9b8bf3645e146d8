/**
 * CodeBLEU's syntax match (`syntax_match.py`): the share of the reference's subtrees whose
 * S-expression also occurs in the candidate. As in the package (its own TODO says the paper meant
 * the reverse), it counts reference subtrees, and a subtree repeated in the reference matches every
 * time if the candidate has it once: membership, not multiset clipping.
 */

/** Matched and total reference subtrees for one (candidate, reference) pair. */
export function subtreeMatches(
  candidate: readonly string[],
  reference: readonly string[],
): [matched: number, total: number] {
  const present = new Set(candidate);
  let matched = 0;
  for (const s of reference) if (present.has(s)) matched++;
  return [matched, reference.length];
}
