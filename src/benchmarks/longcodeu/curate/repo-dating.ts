/**
 * The dates of one repository's parts (its units and documentation sections, by examples.ts part
 * keys), each asked of the source's dating once.
 */
import { isBornAfter, type BornAfter } from "../../../lib/born";
import type { DatingTarget, TargetBorn } from "../../../lib/dating/dating";
import type { DocSection } from "./doc-sections";
import { sectionKey, unitKey, type Fresh } from "./examples";
import type { FreshCount } from "./fresh-counts";
import type { RepoInput, RepoModel } from "./repo";

export class RepoDating {
  /** Births of the parts dated so far (examples.ts part keys). */
  readonly births = new Map<string, TargetBorn>();
  /** With `bornAfter`: whether a part is born after it. */
  readonly fresh: Fresh | undefined;

  constructor(
    private readonly repo: RepoModel,
    private readonly input: RepoInput,
    private readonly sectionById: Map<string, DocSection>,
    private readonly bornAfter?: BornAfter,
  ) {
    this.fresh = bornAfter
      ? (key) => {
          const born = this.births.get(key)?.born;
          return !!born && isBornAfter(born, bornAfter);
        }
      : undefined;
  }

  /** Every part an answer may use: units not nested in a function, of the files contexts are made of, and sections. */
  private candidateKeys(): { units: string[]; sections: string[] } {
    const units = this.repo.eligible.flatMap((path) =>
      this.repo.files
        .get(path)!
        .units.filter((u) => !u.inFunction)
        .map((u) => unitKey(path, u)),
    );
    return { units, sections: [...this.sectionById.values()].map(sectionKey) };
  }

  /** With `bornAfter`, dates every candidate part before examples are chosen (else only answers' parts, at the end). */
  async prepare(): Promise<void> {
    if (!this.bornAfter) return;
    if (!this.input.dating)
      throw new Error(`--born-after needs a source that can be dated; ${this.input.repo} has none`);
    const { units, sections } = this.candidateKeys();
    await this.date([...units, ...sections]);
  }

  async date(keys: readonly string[]): Promise<void> {
    const wanted = [...new Set(keys)].filter((k) => !this.births.has(k));
    const targets = wanted
      .map((k) => this.repo.datingTarget(k, this.sectionById))
      .filter((t): t is DatingTarget => !!t && t.body.trim() !== "");
    const got = targets.length ? await this.input.dating!.dates(targets) : new Map<string, TargetBorn>();
    for (const k of wanted) this.births.set(k, got.get(k) ?? { born: null, rule: null, reason: "not-found" });
  }

  /** How many candidate parts `bornAfter` dated and kept (zeros without it). */
  freshCounts(): { units: FreshCount; sections: FreshCount } {
    const { units, sections } = this.bornAfter ? this.candidateKeys() : { units: [], sections: [] };
    const count = (keys: string[]): FreshCount => ({
      candidates: keys.length,
      dated: keys.filter((k) => this.births.get(k)?.born).length,
      fresh: keys.filter((k) => this.fresh?.(k)).length,
    });
    return { units: count(units), sections: count(sections) };
  }
}
