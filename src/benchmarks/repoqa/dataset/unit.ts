/** RepoQA's run units. */

/** A run unit: `<task>`, or `<task>@<depth>` when the dataset stores several depths per task. */
export function parseUnit(unit: string): { taskId: string; depth?: number } {
  const at = unit.lastIndexOf("@");
  return at < 0 ? { taskId: unit } : { taskId: unit.slice(0, at), depth: Number(unit.slice(at + 1)) };
}
