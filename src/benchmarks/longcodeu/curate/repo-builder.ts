/** One repository's part of a release: its examples task by task and bucket by bucket, their contexts and their dates. */
import {
  LONGCODEU_LIMITS,
  LONGCODEU_TASKS,
  type LengthBucket,
  type LongCodeUTask,
  type LongContext,
  type RepoPart,
} from "../dataset/index";
import type { LoadedLanguage } from "../../../lib/code/parser";
import { drawDistinct, type CountingTokenizer, type DrawnContext } from "./contexts";
import type { DocSection } from "./doc-sections";
import type { BornAfter } from "../../../lib/born";
import { combineBirths, provenanceOf } from "../../../lib/dating/dating";
import {
  cuDataFlow,
  cuPerception,
  cuSemanticAnalysis,
  dependencyRelation,
  documentationUnderstanding,
  draAnchors,
  semanticRelation,
  type ExampleBody,
  type Fresh,
} from "./examples";
import { ContextDraws } from "./draws";
import type { FreshCount } from "./fresh-counts";
import { RepoModel, type RepoInput } from "./repo";
import { RepoDating } from "./repo-dating";
import type { Similarity } from "./similarity";

/** Draws tried around one DRA anchor before moving on to the next. */
const DRA_DRAWS_PER_ANCHOR = 4;
/** DRA anchors tried per bucket. */
const DRA_ANCHOR_TRIES = 48;

/** Builds one repository's examples task by task. */
export class RepoBuilder {
  readonly repo: RepoModel;
  private readonly contexts = new Map<string, LongContext>();
  private readonly contextCounter = { code: 0, stripped: 0, docs: 0 };
  private readonly examples: RepoPart["examples"] = [];
  private readonly exampleCounter: Partial<Record<LongCodeUTask, number>> = {};
  private readonly sectionById: Map<string, DocSection>;
  private readonly draws: ContextDraws;
  private readonly dating: RepoDating;
  private readonly draAnchorCache = new Map<boolean, ReturnType<typeof draAnchors>>();
  /** Each example's parts, by example id. */
  private readonly partsOf = new Map<string, string[]>();
  /** With `bornAfter`: whether a part is born after it. */
  private readonly fresh: Fresh | undefined;

  constructor(
    lang: LoadedLanguage,
    private readonly input: RepoInput,
    repoIndex: number,
    private readonly slug: string,
    seed: number,
    private readonly tokenizer: CountingTokenizer,
    private readonly similarity: Similarity,
    private readonly perBucket: number,
    bornAfter?: BornAfter,
  ) {
    this.repo = new RepoModel(lang, input);
    this.sectionById = new Map(
      this.repo.sections.filter((s) => s.text.length <= LONGCODEU_LIMITS.unitChars).map((s) => [s.id, s]),
    );
    this.draws = new ContextDraws(this.repo, this.sectionById, repoIndex, seed, tokenizer, perBucket);
    this.dating = new RepoDating(this.repo, input, this.sectionById, bornAfter);
    this.fresh = this.dating.fresh;
  }

  /** With `bornAfter`, dates every candidate part before examples are chosen (else only answers' parts, at the end). */
  prepare(): Promise<void> {
    return this.dating.prepare();
  }

  /** How many candidate parts `bornAfter` dated and kept (zeros without it). */
  freshCounts(): { units: FreshCount; sections: FreshCount } {
    return this.dating.freshCounts();
  }

  /** Builds up to perBucket examples of `task` in `bucket`; returns how many. */
  async build(task: LongCodeUTask, bucket: LengthBucket): Promise<number> {
    const rng = this.draws.rng(3 + LONGCODEU_TASKS.indexOf(task), bucket);
    let made = 0;
    if (task === "DRA_T1" || task === "DRA_T2") {
      const t2 = task === "DRA_T2";
      let anchors = this.draAnchorCache.get(t2);
      if (!anchors) this.draAnchorCache.set(t2, (anchors = draAnchors(this.repo, t2, this.fresh)));
      const order = anchors.slice();
      rng.shuffle(order);
      const seen = new Set<string>();
      for (const anchor of order.slice(0, DRA_ANCHOR_TRIES)) {
        if (made >= this.perBucket) break;
        const required = new Set([anchor.path, ...anchor.callees.map((c) => c.path)]);
        // The anchor's name must be unique in the context (checked again on the view).
        const unique = (keys: readonly string[]) =>
          keys.reduce(
            (n, p) =>
              n +
              this.repo.files.get(p)!.units.filter((u) => u.kind === "function" && u.name === anchor.unit.name).length,
            0,
          ) === 1;
        const drawn = drawDistinct(
          rng,
          this.repo.eligible,
          required,
          bucket,
          this.draws.cost("code"),
          this.draws.compose("code"),
          this.tokenizer,
          seen,
          DRA_DRAWS_PER_ANCHOR,
          unique,
        );
        if (!drawn) continue;
        const body = dependencyRelation(this.draws.view("code", drawn), anchor, this.repo, t2);
        if (body) {
          this.add(task, "code", drawn, body);
          made++;
        }
      }
      return made;
    }
    const kind = task === "CU_SA" ? "stripped" : task === "LDU" ? "docs" : "code";
    const pool =
      task === "CU_P" && this.fresh ? this.draws.freshCodePool(bucket, this.fresh) : this.draws.pool(kind, bucket);
    for (let i = 0; made < this.perBucket; i++) {
      const drawn = pool.at(i);
      if (!drawn) break;
      let body: ExampleBody | undefined;
      if (task === "LDU")
        body = documentationUnderstanding(
          drawn.keys.map((k) => this.sectionById.get(k)!),
          this.repo,
          rng,
          this.fresh,
        );
      else {
        const view = this.draws.view(kind as "code" | "stripped", drawn);
        if (task === "CU_P") body = cuPerception(view, this.fresh);
        else if (task === "CU_SA") body = cuSemanticAnalysis(view, rng, this.fresh);
        else if (task === "CU_DFA") body = cuDataFlow(view, rng, this.fresh);
        else body = await semanticRelation(view, rng, this.similarity, task === "SRE_T2", this.fresh);
      }
      if (body) {
        this.add(task, kind, drawn, body);
        made++;
      }
    }
    return made;
  }

  private add(task: LongCodeUTask, kind: LongContext["kind"], drawn: DrawnContext, body: ExampleBody): void {
    const key = `${kind}\u0000${drawn.keys.join("\u0000")}`;
    let context = this.contexts.get(key);
    if (!context) {
      const n = ++this.contextCounter[kind];
      const files = kind === "docs" ? [...new Set(drawn.keys.map((k) => this.sectionById.get(k)!.path))] : drawn.keys;
      context = {
        id: `${this.slug}-${kind}-${String(n).padStart(4, "0")}`,
        kind,
        files,
        text: drawn.text,
        tokens: drawn.tokens,
        bucket: drawn.bucket,
      };
      this.contexts.set(key, context);
    }
    const n = (this.exampleCounter[task] = (this.exampleCounter[task] ?? 0) + 1);
    const id = `${task}-${this.slug}-${String(n).padStart(4, "0")}`;
    this.partsOf.set(id, body.parts);
    this.examples.push({
      id,
      task,
      context: context.id,
      anchor: body.anchor,
      answer: body.answer,
      meta: body.meta,
    });
  }

  /**
   * The repository's part. With a dating, each example gets `born`, the earliest birth among its
   * parts (undated when any part is), and the source its provenance.
   */
  async part(): Promise<RepoPart | undefined> {
    if (this.examples.length === 0) return undefined;
    const dating = this.input.dating;
    if (!dating)
      return {
        repo: this.input.repo,
        source: this.input.source ?? {},
        contexts: [...this.contexts.values()],
        examples: this.examples,
      };
    await this.dating.date([...this.partsOf.values()].flat());
    const births = this.examples.map((e) =>
      combineBirths(
        this.partsOf.get(e.id)!.map((k) => this.dating.births.get(k)!),
        "earliest",
      ),
    );
    return {
      repo: this.input.repo,
      source: { ...this.input.source, provenance: provenanceOf(dating, births) },
      contexts: [...this.contexts.values()],
      examples: this.examples.map((e, i) => ({ ...e, born: births[i].born })),
    };
  }
}
