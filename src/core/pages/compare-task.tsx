/**
 * One task of a comparison side by side (`GET /compare/task`, docs/compare.md "Side by side"): the
 * expected answer, then A's and B's raw answers in two columns (one on a phone), each with its
 * verdict, a line diff against the expected answer, and a link to its full sample page. A side
 * without a stored answer (a reported entry) says so in place of one.
 */
import type { TaskComparison, TaskSide, Shown } from "../compare/task";
import { DIFF_CSS, LineDiff } from "../../kit/pages/diff";
import type { PageContent } from "../../kit/pages/family";
import { qs } from "../../kit/pages/format";

const CSS = `${DIFF_CSS}
.answers { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 24rem), 1fr)); gap: .5rem 1.25rem; align-items: start; }
.answers > section { min-width: 0; }
.answers h2 { margin-top: 1rem; }
p.verdict { margin: .25rem 0; }
`;

/** A side's verdict in words, with symbols so it does not rely on colour. */
function verdictOf(t: TaskSide): string {
  const s = t.sample;
  if (!s) return "no sample of this task";
  if (s.status === "error") return "! error (not scored)";
  if (s.status === "context_exceeded") return "⊘ context exceeded (not scored)";
  const parts = [
    t.passed === null ? null : t.passed ? "✓ passed" : "✗ failed",
    t.grade !== null ? `grade ${t.grade.toFixed(4)}` : s.score !== null ? `score ${s.score.toFixed(4)}` : null,
  ];
  return parts.filter(Boolean).join(", ");
}

/** A text in a code block, or why there is none. */
function ShownText(props: { shown: Shown; id: string }) {
  if (!("text" in props.shown))
    return (
      <p class="note" id={props.id}>
        {props.shown.missing}
      </p>
    );
  if (props.shown.text === "")
    return (
      <p class="note" id={props.id}>
        The answer is empty.
      </p>
    );
  return (
    <pre class="code" id={props.id}>
      {props.shown.text}
    </pre>
  );
}

function Side(props: { name: "A" | "B"; t: TaskSide; expected: Shown }) {
  const { name, t } = props;
  const id = name.toLowerCase();
  return (
    <section id={`answer-${id}`}>
      <h2>
        {name}: {t.side.model}
      </h2>
      <p class="verdict">
        <strong data-verdict={id}>{verdictOf(t)}</strong>
        {t.from ? (
          <>
            {" "}
            ·{" "}
            <a href={`/runs/${encodeURIComponent(t.from.run)}/samples/${encodeURIComponent(t.from.unit)}`}>
              its sample page
            </a>
          </>
        ) : null}
      </p>
      <ShownText shown={t.answer} id={`answer-${id}-text`} />
      {"text" in t.answer && "text" in props.expected ? (
        <details>
          <summary>Diff against the expected answer</summary>
          <LineDiff
            id={`diff-${id}`}
            from={props.expected.text}
            to={t.answer.text}
            fromLabel="the expected answer"
            toLabel={`${name}'s answer`}
          />
        </details>
      ) : null}
    </section>
  );
}

export function compareTaskPage(t: TaskComparison): PageContent {
  return {
    title: `${t.key}: ${t.a.side.model} vs ${t.b.side.model} – needlework`,
    description: `Task ${t.key} of ${t.benchmark} (${t.dataset}): the answers of ${t.a.side.model} and ${t.b.side.model} side by side against the expected answer.`,
    body: (
      <>
        <style dangerouslySetInnerHTML={{ __html: CSS }} />
        <p class="links">
          <a href={`/compare${qs(t.params)}#discordant`}>← The comparison</a>
        </p>
        <h1>{t.key}</h1>
        <p class="lede">
          {t.a.side.model} (A) <span class="muted">vs</span> {t.b.side.model} (B) on <code>{t.benchmark}</code>, dataset{" "}
          <code>{t.dataset}</code>
          {t.threshold !== null ? `, threshold ${t.threshold}` : ""}.
        </p>
        <section id="expected">
          <h2>Expected answer</h2>
          <p class="note">What the benchmark's oracle baseline answers: the text its scorer compares against.</p>
          <ShownText shown={t.expected} id="expected-text" />
        </section>
        <div class="answers">
          <Side name="A" t={t.a} expected={t.expected} />
          <Side name="B" t={t.b} expected={t.expected} />
        </div>
      </>
    ),
  };
}
