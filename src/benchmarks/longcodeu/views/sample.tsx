/**
 * A LongCodeU sample's part of its page: what was asked (the task, its anchor), the expected answer
 * beside the model's as the scorer read it, and the metric's parts (answer-parts.tsx). The example
 * is read from the run's dataset; a dataset deleted or re-imported since leaves the stored verdict.
 */
import type { Child } from "hono/jsx";
import { ProblemError } from "../../../lib/errors";
import type { SampleContent, SampleRequest } from "../../../kit/pages/family";
import type { LongCodeUTask } from "../dataset/index";
import { TASK_PAPER_METRIC } from "../dataset/ids";
import { TASK_METRICS } from "../leaderboard";
import { longcodeuExample } from "../store/index";
import { DocumentationPart, FunctionPart, LinesPart, NamesPart, UnitsPart, type PartInput } from "./answer-parts";
import { TASK_TITLES, score } from "./board";

const PARTS: Record<LongCodeUTask, (input: PartInput) => Child> = {
  CU_P: NamesPart,
  CU_SA: FunctionPart,
  CU_DFA: LinesPart,
  DRA_T1: UnitsPart,
  DRA_T2: UnitsPart,
  SRE_T1: UnitsPart,
  SRE_T2: UnitsPart,
  LDU: DocumentationPart,
};

/** What the example gave the model beyond the instruction and the context. */
function Anchor(props: { anchor: PartInput["example"]["anchor"] }) {
  const a = props.anchor;
  const items: [string, Child][] = [];
  if (a.name) items.push(["name", <code>{a.name}</code>]);
  if (a.variable) items.push(["variable", <code>{a.variable}</code>]);
  if (a.requirement) items.push(["requirement", <pre class="code wrap">{a.requirement}</pre>]);
  if (a.code) {
    const lines = a.code.split("\n").length;
    items.push([
      "function",
      <details>
        <summary>
          its code ({lines} {lines === 1 ? "line" : "lines"}; marked in the prompt)
        </summary>
        <pre class="code">{a.code}</pre>
      </details>,
    ]);
  }
  if (items.length === 0) return null;
  return (
    <dl class="anchor">
      {items.map(([k, v]) => (
        <>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </>
      ))}
    </dl>
  );
}

export async function sampleView({ env, run, sample, output }: SampleRequest): Promise<SampleContent> {
  let example: Awaited<ReturnType<typeof longcodeuExample>>["example"];
  try {
    ({ example } = await longcodeuExample(env, run.datasetId, sample.unit));
  } catch (e) {
    if (!(e instanceof ProblemError)) throw e;
    return {
      body: <p class="note">The example can no longer be read ({e.detail}); the stored verdict is in the JSON.</p>,
    };
  }
  const task = example.task;
  const detail = (sample.detail ?? {}) as Record<string, unknown>;
  const m = TASK_METRICS[task];
  const scored = sample.status === "scored";
  return {
    // The anchor function stands in the context: the prompt marks it.
    mark: example.anchor.code ? [example.anchor.code] : undefined,
    body: (
      <section id="longcodeu">
        <h2>
          {task}: {TASK_TITLES[task]}
        </h2>
        <p class="lede">
          Length bucket {example.bucket} ({example.context_tokens.toLocaleString("en-US")} tokens of context). Scored
          with {TASK_PAPER_METRIC[task]}:{" "}
          {scored ? (
            <>
              {m.recall} <strong id="sample-recall">{score(detail.recall as number)} %</strong>
              {m.precision !== m.recall ? (
                <>
                  , {m.precision} <strong id="sample-precision">{score(detail.precision as number)} %</strong>
                </>
              ) : null}
              {detail.unparseable === true
                ? `; unparseable (${String(detail.reason ?? "not in the shape asked for")}), scored 0`
                : ""}
              .
            </>
          ) : (
            "not scored (no answer)."
          )}
        </p>
        <Anchor anchor={example.anchor} />
        {PARTS[task]({ example, output: output ?? "", detail })}
      </section>
    ),
  };
}
