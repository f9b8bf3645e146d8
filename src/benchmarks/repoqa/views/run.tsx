/**
 * RepoQA on the run pages: a finished run's threshold curve, depth and length tables and depth ×
 * length heatmap (the model page's components, from the run's own samples), and one sample's part:
 * the code extracted from the answer, the target and the best-matching candidate side by side with
 * a line diff, the similarity to each candidate and the verdict at every threshold.
 */
import type { Child } from "hono/jsx";
import { loadLanguage, removeCommentsSync } from "../../../lib/code";
import { BudgetExceededError, WorkMeter, budgetPlan, metered } from "../../../lib/code/budget";
import { aggregateBreakdown } from "../../../kit/leaderboard/pass-rate";
import { LineDiff } from "../../../kit/pages/diff";
import type { RunSummary, SampleContent, SampleRequest } from "../../../kit/pages/family";
import { THRESHOLDS } from "../../../kit/pages/format";
import { ChartLegend, Heatmap, ThresholdChart, lengthLabel } from "../../../kit/pages/svg";
import type { CommentMode } from "../dataset/context";
import { getShard } from "../store/shard-cache";
import { sanitizeOutput } from "../score/sanitize";
import { locateTask, storedContext } from "../score/service";
import { parseUnit } from "../dataset/unit";
import { BucketTable, ThresholdTable, breakdownLanguages } from "./model";

/** Candidates listed on a sample page at most, best first (a strict-mode pool can hold thousands). */
export const CANDIDATES_SHOWN = 20;

/** A finished run's summary: the same figures as a model page, from the run's samples. */
export function runSummary(summary: RunSummary): Child {
  const { thresholds, depth, length, heatmap } = aggregateBreakdown(summary.aggregates, summary.threshold);
  const data = { thresholds, threshold: Number(summary.threshold) };
  const languages = breakdownLanguages(data);
  if (!thresholds[summary.threshold]?.all) return <p class="note">No scored samples.</p>;
  return (
    <>
      <h3>pass@1 (%) by similarity threshold</h3>
      <figure>
        <ThresholdChart thresholds={thresholds} languages={languages} selected={data.threshold} />
        <figcaption>
          <ChartLegend languages={languages} />
        </figcaption>
      </figure>
      <ThresholdTable data={data} languages={languages} />
      <h3>By needle depth at threshold {summary.threshold}</h3>
      <BucketTable id="depth" label="depth" buckets={depth} />
      {length.length > 1 ? (
        <>
          <h3>By context length</h3>
          <BucketTable id="length" label="length" buckets={length} format={lengthLabel} />
        </>
      ) : null}
      <h3>Depth × length</h3>
      <Heatmap cells={heatmap} depth={depth} length={length} />
    </>
  );
}

/** What RepoQA's scorer stores as a sample's detail (src/benchmarks/repoqa/benchmark.ts). */
interface RepoQADetail {
  target: string;
  best_target: string | null;
  best_target_path: string | null;
  best_similarity: number;
  target_similarity: number;
  pass_at: Record<string, boolean>;
  candidates: number;
  candidates_from: "needles" | "context" | "repository";
  scoring_mode: string;
  ignore_comments: boolean;
  threshold: number;
}

function Code(props: { title: string; code: string | null; id?: string }) {
  return (
    <section id={props.id}>
      <h3>{props.title}</h3>
      {props.code === null ? <p class="note">Not found in the dataset.</p> : <pre class="code">{props.code}</pre>}
    </section>
  );
}

/** A candidate as the sample page lists it. */
interface Candidate {
  name: string;
  path: string;
  code: string;
}

/** One sample's RepoQA part; the target function, as it stands in the context, is what the prompt marks. */
export async function sampleView({ env, run, sample, output }: SampleRequest): Promise<SampleContent> {
  const detail = sample.detail as RepoQADetail | null;
  const options = ((run.options as { benchmark_options?: Record<string, unknown> }).benchmark_options ?? {}) as {
    context_size?: number;
    comment_mode?: CommentMode;
  };
  const location = await locateTask(env, run.datasetId, sample.taskId).catch(() => null);
  if (!location)
    return {
      body: (
        <p class="note">
          Task {sample.taskId} is no longer in dataset {run.datasetId}; the stored verdict is in the JSON.
        </p>
      ),
    };
  const { depth } = parseUnit(sample.unit);
  const [shard, lang, context] = await Promise.all([
    getShard(env, location.shardKey, location.contentSha256),
    loadLanguage(location.language),
    location.contextConfig
      ? storedContext(env, location, { size: options.context_size, comment_mode: options.comment_mode, depth }).catch(
          () => null,
        )
      : null,
  ]);
  const needle = shard.shard.needles[location.needleIndex];
  const mark = context ? [context.task.functions[context.task.target_index].code, needle.code] : [needle.code];
  if (!detail || sample.status !== "scored")
    return { mark, body: <Code id="target" title={`Target: ${needle.name}`} code={needle.code} /> };
  // The candidates the scorer compared against: the repository's needles, its functions, or the stored context's functions.
  const fromContext = detail.candidates_from === "context";
  if (fromContext && !context)
    return { mark, body: <p class="note">The task's stored context is gone; the stored verdict is in the JSON.</p> };
  const pool: readonly Candidate[] = fromContext
    ? context!.task.functions.map((f) => ({ name: f.name, path: "", code: f.code }))
    : detail.candidates_from === "needles"
      ? shard.shard.needles
      : shard.shard.functions;
  const set = fromContext
    ? context!.stored.candidates(context!.index, detail.ignore_comments)
    : shard.candidates(detail.candidates_from === "needles" ? "needles" : "functions", detail.ignore_comments);
  // The scorer's work again, under the budget one scored answer gets (docs/limits.md): the answer as
  // it read it (the code block it extracted, without comments when the run ignored them) and its
  // similarity to every candidate. Over the budget, the page says so rather than spend more.
  let extracted: string;
  let scores: number[];
  try {
    ({ extracted, scores } = metered(WorkMeter.of("score", undefined, budgetPlan(env)), () => {
      const sanitized = output === null ? "" : sanitizeOutput(lang, output);
      const code = detail.ignore_comments ? removeCommentsSync(lang, sanitized) : sanitized;
      return { extracted: code, scores: [...set.references.score(code)] };
    }));
  } catch (e) {
    if (!(e instanceof BudgetExceededError)) throw e;
    return {
      mark,
      body: (
        <p class="note">
          Re-reading this answer is over the scoring budget ({e.detail}); the stored verdict is in the JSON.
        </p>
      ),
    };
  }
  const targetIndex = fromContext
    ? context!.task.target_index
    : detail.candidates_from === "needles"
      ? location.needleIndex
      : needle.function_index;
  const ranked = pool
    .map((f, i) => ({ f, i, score: scores[i] }))
    .sort((a, b) => b.score - a.score)
    .slice(0, CANDIDATES_SHOWN);
  const best = ranked[0]?.score > 0 ? ranked[0].f : undefined;
  const target = pool[targetIndex]?.code ?? needle.code;
  return {
    mark,
    body: (
      <>
        <section id="extracted">
          <h2>What was extracted</h2>
          <p class="note">
            The code the scorer compared{detail.ignore_comments ? ", comments removed" : ""} ({detail.scoring_mode}{" "}
            scoring).
          </p>
          {extracted ? <pre class="code">{extracted}</pre> : <p class="note">Nothing: the answer holds no code.</p>}
        </section>
        <section id="candidates">
          <h2>Target and best-matching candidate</h2>
          <p>
            Target <code>{needle.name}</code> (similarity {detail.target_similarity.toFixed(4)}); best match{" "}
            <code>{detail.best_target ?? "none"}</code> (similarity {detail.best_similarity.toFixed(4)})
            {detail.best_target === needle.name ? ": the target itself" : ""}.
          </p>
          <div class="triptych">
            <Code id="target" title={`Target: ${needle.name}`} code={target} />
            <Code id="best" title={`Best match: ${best?.name ?? "none"}`} code={best?.code ?? null} />
          </div>
          <h3>Extracted answer against the target</h3>
          <LineDiff id="diff" from={extracted} to={target} fromLabel="the answer" toLabel="the target" />
          {best && ranked[0].i !== targetIndex ? (
            <>
              <h3>Target against the best match</h3>
              <LineDiff id="diff-best" from={target} to={best.code} fromLabel="the target" toLabel="the best match" />
            </>
          ) : null}
          <h3>Similarity to each candidate</h3>
          <div class="scroll fit">
            <table id="similarities" class="compact">
              <caption>
                The {ranked.length} most similar of {pool.length} candidates (
                {fromContext
                  ? "the functions of the task's context"
                  : detail.candidates_from === "needles"
                    ? "the repository's needles"
                    : "the repository's functions"}
                )
              </caption>
              <thead>
                <tr>
                  <th class="l" scope="col">
                    candidate
                  </th>
                  <th scope="col">similarity</th>
                </tr>
              </thead>
              <tbody>
                {ranked.map(({ f, i, score }) => (
                  <tr class={i === targetIndex ? "selected" : undefined}>
                    <td class="l">
                      <code>{f.name}</code> <span class="muted">{f.path}</span>
                      {i === targetIndex ? " (target)" : ""}
                    </td>
                    <td>{score.toFixed(4)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
        <section id="verdicts">
          <h2>Verdict at every threshold</h2>
          <div class="scroll fit">
            <table class="compact">
              <thead>
                <tr>
                  <th class="l" scope="row">
                    threshold
                  </th>
                  {THRESHOLDS.map((t) => (
                    <th scope="col">{t}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th class="l" scope="row">
                    pass
                  </th>
                  {THRESHOLDS.map((t) => (
                    <td class={Number(t) === detail.threshold ? "selected" : undefined}>
                      {detail.pass_at[t] ? "✓" : "✗"}
                    </td>
                  ))}
                </tr>
              </tbody>
            </table>
          </div>
          <p class="note">
            A pass needs the best match to be the target and its similarity to reach the threshold; the run's is{" "}
            {detail.threshold.toFixed(1)}.
          </p>
        </section>
      </>
    ),
  };
}
