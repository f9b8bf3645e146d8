/**
 * A SemTrace-family sample's part of its page: where the target sat (D, position, its place among
 * the functions; the prompt marks it), the expected answer beside the model's as the scorer read it
 * with exact and partial match, and for lexical recall a line diff of the retrieved function
 * against the target. The target is read from the run's dataset; a dataset deleted or re-imported
 * since leaves the stored verdict.
 */
import type { Child } from "hono/jsx";
import { ProblemError } from "../../../lib/errors";
import { Beside } from "../../../kit/pages/beside";
import { LineDiff } from "../../../kit/pages/diff";
import type { SampleContent, SampleRequest } from "../../../kit/pages/family";
import { pct } from "../../../kit/pages/format";
import type { SuiteTask } from "../dataset/index";
import { targetIndex } from "../prompt/index";
import { stripLineKeys } from "../prompt/keys";
import { normalizeTrailing, retrievedCode } from "../score/index";
import { suiteTarget } from "../store";

/** A unit's target and, for a positional unit (`<target>@<D>@<position>`), its grid cell. */
function parseUnit(unit: string): { targetId: string; distractors?: number; position?: number } {
  const parts = unit.split("@");
  if (parts.length < 3) return { targetId: unit };
  const [p, d, ...target] = parts.reverse();
  return { targetId: target.reverse().join("@"), distractors: Number(d), position: Number(p) };
}

const yesNo = (ok: unknown) => (ok === true ? "✓ yes" : "✗ no");

/** Output prediction: the expected literal beside the answer's, exact and partial match. */
function OutputPart(props: { detail: Record<string, unknown>; code: string; input: string; partial: boolean }) {
  const d = props.detail;
  return (
    <>
      <p id="metric-parts">
        Exact match: <strong>{yesNo(d.exact)}</strong>
        {props.partial ? (
          <>
            ; partial match (list positions right):{" "}
            <strong>{pct(typeof d.partial === "number" ? d.partial : 0)} %</strong>
          </>
        ) : null}
        {d.unresolved === true ? "; an unresolved expression, taken at its value" : ""}
        {d.unparseable === true ? `; not a literal (${String(d.error ?? "unparseable")}), scored 0` : ""}.
      </p>
      <Beside
        expectedTitle={`Expected: f(${props.input})`}
        expected={<pre class="code">{String(d.expected ?? "")}</pre>}
        answer={
          d.answer === null || d.answer === undefined ? (
            <p class="note">Nothing the scorer could read.</p>
          ) : (
            <pre class="code">{String(d.answer)}</pre>
          )
        }
      />
      <details>
        <summary>The target function</summary>
        <pre class="code">{props.code}</pre>
      </details>
    </>
  );
}

/** Lexical recall: the function between the keys against the target, line by line. */
function RetrievalPart(props: { detail: Record<string, unknown>; code: string; output: string }) {
  const answer = normalizeTrailing(stripLineKeys(retrievedCode(props.output)).text);
  return (
    <>
      <p id="metric-parts">
        Exact match (trailing spaces and blank end lines aside): <strong>{yesNo(props.detail.exact)}</strong>;{" "}
        {String(props.detail.answer_lines ?? "?")} lines retrieved for {String(props.detail.target_lines ?? "?")}{" "}
        expected.
      </p>
      <LineDiff
        id="diff"
        from={answer}
        to={normalizeTrailing(props.code)}
        fromLabel="the answer"
        toLabel="the target"
      />
    </>
  );
}

/** The sample view of one of the family's benchmarks. */
export const familySample = (task: SuiteTask) =>
  async function sampleView({ env, run, sample, output }: SampleRequest): Promise<SampleContent> {
    const unit = parseUnit(sample.unit);
    let target: Awaited<ReturnType<typeof suiteTarget>>["target"];
    try {
      ({ target } = await suiteTarget(env, run.datasetId, task, unit.targetId));
    } catch (e) {
      if (!(e instanceof ProblemError)) throw e;
      return {
        body: <p class="note">The target can no longer be read ({e.detail}); the stored verdict is in the JSON.</p>,
      };
    }
    const detail = (sample.detail ?? {}) as Record<string, unknown>;
    const where: Child =
      unit.distractors !== undefined && unit.position !== undefined ? (
        <p class="lede" id="where">
          Among D = {unit.distractors} distractor functions at position {unit.position}: function{" "}
          {targetIndex(unit.position, unit.distractors) + 1} of {unit.distractors + 1}
          {task === "lexical-recall" ? "" : " (marked in the prompt)"}.
        </p>
      ) : target.fraction !== undefined ? (
        <p class="lede" id="where">
          {target.fraction === 0
            ? "The complete function"
            : `${pct(target.fraction)} % of its body lines removed (${target.removed?.length ?? 0} lines)`}
          , shown alone.
        </p>
      ) : null;
    const scored = sample.status === "scored";
    return {
      // Lexical recall's prompt keys every line, so its target is not found there verbatim.
      mark: task === "lexical-recall" ? undefined : [target.code],
      body: (
        <section id="family-sample">
          <h2>The target</h2>
          {where}
          {!scored ? (
            <p class="note">Not scored (no answer).</p>
          ) : task === "lexical-recall" ? (
            <RetrievalPart detail={detail} code={target.code} output={output ?? ""} />
          ) : (
            <OutputPart
              detail={detail}
              code={target.code}
              input={target.input}
              partial={task === "semtrace" || task === "sensitivity-semtrace"}
            />
          )}
        </section>
      ),
    };
  };
