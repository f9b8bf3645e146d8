/**
 * A LongCodeU answer against its example's expected answer, task by task, with the metric's parts:
 * which expected names were in the LCS (CU_P), which lines matched exactly (CU_DFA), the expected
 * function beside the extracted one with CodeBLEU's four parts (CU_SA), each expected unit with the
 * predicted unit matched to it and its CodeBLEU (DRA, SRE), the expected section beside the text
 * read from the answer with its BLEU (LDU). The answer is re-read with the scorer's own parsers;
 * the scores are the stored verdict's.
 */
import type { Child } from "hono/jsx";
import type { CodeBleuScore } from "../../../lib/metrics/codebleu";
import { Beside } from "../../../kit/pages/beside";
import { exactMatchLines } from "../../../lib/metrics/exact-match";
import { lcsPairs } from "../../../lib/metrics/lcs";
import type { LongCodeUExample } from "../dataset/index";
import { extractFunction, parseDataFlow, parseDocumentation, parseFunctionNames, parseUnits } from "../score/parse";
import { score } from "./board";

/** What a part reads: the example, the raw output and the stored verdict detail. */
export interface PartInput {
  example: Pick<LongCodeUExample, "task" | "answer" | "anchor">;
  output: string;
  detail: Record<string, unknown>;
}

const YES = "✓";
const NO = "✗";

/** A check mark cell: a symbol and a word, so it does not rely on colour. */
const Mark = (props: { ok: boolean; yes?: string; no?: string }) => (
  <td class={props.ok ? "l ok" : "l miss"}>
    {props.ok ? YES : NO} {props.ok ? (props.yes ?? "") : (props.no ?? "")}
  </td>
);

/** One row of a MarkTable: its leading cells, whether it counted, and what that is called either way. */
interface MarkRow {
  cells: Child[];
  ok: boolean;
  yes: string;
  no: string;
}

/**
 * A table of items (expected or predicted names, lines...) each with its check mark; `heads` names
 * the leading columns (a class "l" one is left-aligned), `mark` the last; expected rows carry
 * `data-recalled`.
 */
function MarkTable(props: {
  id: string;
  heads: [string, string?][];
  mark: string;
  rows: MarkRow[];
  expected?: boolean;
  code?: boolean;
}) {
  return (
    <div class={props.code ? "scroll" : "scroll fit"}>
      <table id={props.id} class={props.code ? undefined : "compact"}>
        <thead>
          <tr>
            {props.heads.map(([label, cls]) => (
              <th class={cls}>{label}</th>
            ))}
            <th class="l">{props.mark}</th>
          </tr>
        </thead>
        <tbody>
          {props.rows.map((r) => (
            <tr data-recalled={props.expected ? String(r.ok) : undefined}>
              {r.cells.map((c, i) => (
                <td class={props.heads[i][1]}>{c}</td>
              ))}
              <Mark ok={r.ok} yes={r.yes} no={r.no} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const nothing = (what: string) => (
  <p class="note">Nothing: the answer holds no {what} the scorer could read (unparseable, scored 0).</p>
);

// ------------------------------------------------------------------------------------------ CU_P

/** LCS pairs of names are shown up to this many table cells (the scorer needs none of this). */
const LCS_CELLS = 1_000_000;

export function NamesPart({ example, output }: PartInput): Child {
  const reference = example.answer.names ?? [];
  const parsed = parseFunctionNames(output);
  const predicted = parsed?.names ?? [];
  const known = new Set(reference);
  // The scorer's rule: keep the predicted names that are reference names, then the LCS with the reference order.
  const kept = predicted.map((name, i) => ({ name, i })).filter((p) => known.has(p.name));
  const pairs = lcsPairs(
    reference,
    kept.map((k) => k.name),
    LCS_CELLS,
  );
  const inRef = new Set(pairs?.map(([r]) => r));
  const inPred = new Set(pairs?.map(([, k]) => kept[k].i));
  const predictedRows = predicted.map((name, i) => ({
    name,
    status: inPred.has(i) ? "in order" : known.has(name) ? "out of order" : "not expected",
  }));
  return (
    <>
      <p id="metric-parts">
        LCS of the answer's known names with the expected order: <strong>{pairs ? pairs.length : "–"}</strong> of{" "}
        {reference.length} expected names (LCS-R {score(reference.length ? (pairs?.length ?? 0) / reference.length : 0)}{" "}
        %) and of {predicted.length} named (LCS-P{" "}
        {score(predicted.length ? (pairs?.length ?? 0) / predicted.length : 0)} %).
      </p>
      {pairs ? null : <p class="note">Too many names to align here; the scores are the stored verdict's.</p>}
      <Beside
        expected={
          <MarkTable
            id="expected-names"
            heads={[["#"], ["name", "l"]]}
            mark="recalled"
            expected
            rows={reference.map((name, i) => ({
              cells: [i + 1, <code>{name}</code>],
              ok: inRef.has(i),
              yes: "in the LCS",
              no: "missed",
            }))}
          />
        }
        answer={
          parsed ? (
            <MarkTable
              id="predicted-names"
              heads={[["#"], ["name", "l"]]}
              mark="counted"
              rows={predictedRows.map((r, i) => ({
                cells: [i + 1, <code>{r.name}</code>],
                ok: r.status === "in order",
                yes: "in order",
                no: r.status,
              }))}
            />
          ) : (
            nothing("list of names")
          )
        }
      />
    </>
  );
}

// ---------------------------------------------------------------------------------------- CU_DFA

export function LinesPart({ example, output }: PartInput): Child {
  const reference = example.answer.lines ?? [];
  const parsed = parseDataFlow(output);
  const predicted = parsed?.pairs.flatMap((p) => p.lines) ?? [];
  const { matchedAt, matched } = exactMatchLines(
    reference.map((l) => l.text),
    predicted,
  );
  const hit = new Set(matchedAt);
  // Which reference lines those matches took: the scorer matches each reference line once, by its trimmed text.
  const taken = new Map<string, number>();
  for (const i of matchedAt) taken.set(predicted[i].trim(), (taken.get(predicted[i].trim()) ?? 0) + 1);
  const recalled = reference.map((l) => {
    const left = taken.get(l.text.trim()) ?? 0;
    if (left > 0) taken.set(l.text.trim(), left - 1);
    return left > 0;
  });
  return (
    <>
      <p id="metric-parts">
        Lines matched exactly (after trimming): <strong>{matched}</strong> of {reference.length} expected (EM-R{" "}
        {score(reference.length ? matched / reference.length : 0)} %) and of {predicted.length} given (EM-P{" "}
        {score(predicted.length ? matched / predicted.length : 0)} %). Line numbers are not scored.
      </p>
      <Beside
        expected={
          <MarkTable
            id="expected-lines"
            heads={[["line"], ["code", "l code"]]}
            mark="recalled"
            expected
            code
            rows={reference.map((l, i) => ({ cells: [l.line, l.text], ok: recalled[i], yes: "matched", no: "missed" }))}
          />
        }
        answer={
          parsed ? (
            <MarkTable
              id="predicted-lines"
              heads={[["code", "l code"]]}
              mark="matched"
              code
              rows={predicted.map((line, i) => ({
                cells: [line],
                ok: hit.has(i),
                yes: "expected",
                no: "not expected",
              }))}
            />
          ) : (
            nothing("code lines")
          )
        }
      />
    </>
  );
}

// ----------------------------------------------------------------------------------------- CU_SA

/** CodeBLEU and its four parts (the default weights, ¼ each). */
export function CodeBleuParts(props: { cb: CodeBleuScore | null | undefined; id?: string }) {
  const cb = props.cb;
  if (!cb) return <p class="note">No CodeBLEU: the pair was not scored (0).</p>;
  const parts: [string, number][] = [
    ["n-gram match (BLEU)", cb.ngram_match_score],
    ["weighted n-gram match", cb.weighted_ngram_match_score],
    ["syntax match (AST)", cb.syntax_match_score],
    ["data-flow match", cb.dataflow_match_score],
  ];
  return (
    <table id={props.id ?? "codebleu-parts"} class="compact">
      <tbody>
        {parts.map(([name, v]) => (
          <tr>
            <th class="l" scope="row">
              {name}
            </th>
            <td>{score(v)}</td>
          </tr>
        ))}
        <tr>
          <th class="l" scope="row">
            <strong>CodeBLEU</strong> (¼ of each)
          </th>
          <td>
            <strong>{score(cb.codebleu)}</strong>
          </td>
        </tr>
      </tbody>
    </table>
  );
}

export function FunctionPart({ example, output, detail }: PartInput): Child {
  const reference = example.answer.units?.[0];
  const parsed = extractFunction(output);
  return (
    <>
      <div id="metric-parts">
        <CodeBleuParts cb={detail.codebleu as CodeBleuScore | null | undefined} />
        {typeof detail.codebleu_error === "string" ? <p class="note">Not scored: {detail.codebleu_error}</p> : null}
      </div>
      <Beside
        expectedTitle={`Expected: ${reference?.qualified ?? reference?.name ?? "the function"}`}
        expected={
          reference ? <pre class="code">{reference.code}</pre> : <p class="note">The example has no expected unit.</p>
        }
        answer={parsed ? <pre class="code">{parsed.code}</pre> : nothing("function")}
      />
    </>
  );
}

// ------------------------------------------------------------------------------------ DRA and SRE

interface ScoredUnit {
  label: string | null;
  name: string | null;
  reference: number | null;
  codebleu: number;
  codebleu_error?: string;
}

export function UnitsPart({ example, output, detail }: PartInput): Child {
  const reference = example.answer.units ?? [];
  const scored = (Array.isArray(detail.units) ? detail.units : []) as ScoredUnit[];
  const parsed = parseUnits(output)?.units ?? [];
  const byReference = new Map(
    scored.flatMap((u, i) => (u.reference === null ? [] : [[u.reference, { ...u, code: parsed[i]?.code ?? null }]])),
  );
  const sum = scored.reduce((s, u) => s + u.codebleu, 0);
  return (
    <>
      <p id="metric-parts">
        Each predicted unit named like an expected one is scored with CodeBLEU against it, others 0: the sum{" "}
        {sum.toFixed(4)} over {reference.length} expected units is CB-R{" "}
        <strong>{score(reference.length ? sum / reference.length : 0)} %</strong>, over {scored.length} predicted units
        CB-P {score(scored.length ? sum / scored.length : 0)} %.
      </p>
      <div class="scroll fit">
        <table id="expected-units" class="compact">
          <thead>
            <tr>
              <th>#</th>
              <th class="l">expected unit</th>
              <th class="l">recalled</th>
              <th>CodeBLEU</th>
            </tr>
          </thead>
          <tbody>
            {reference.map((u, i) => {
              const m = byReference.get(i);
              return (
                <tr data-recalled={String(!!m)}>
                  <td>{i + 1}</td>
                  <td class="l">
                    <code>{u.qualified ?? u.name}</code> <span class="muted">{u.path ?? ""}</span>
                  </td>
                  <Mark ok={!!m} yes={`as ${m?.label ?? m?.name ?? "a unit"}`} no="missed" />
                  <td>{m ? score(m.codebleu) : "0.00"}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {scored.some((u) => u.reference === null) ? (
        <p class="note" id="unmatched-units">
          Predicted units named like no expected unit (scored 0):{" "}
          {scored
            .filter((u) => u.reference === null)
            .map((u) => u.name ?? u.label ?? "unnamed")
            .join(", ")}
          .
        </p>
      ) : null}
      {reference.map((u, i) => {
        const m = byReference.get(i);
        return (
          <details open={i === 0}>
            <summary>
              {u.qualified ?? u.name}: {m ? `CodeBLEU ${score(m.codebleu)} %` : "not in the answer"}
            </summary>
            <Beside
              expectedTitle="Expected"
              answerTitle="Predicted unit of the same name"
              expected={<pre class="code">{u.code}</pre>}
              answer={m?.code ? <pre class="code">{m.code}</pre> : <p class="note">None.</p>}
            />
          </details>
        );
      })}
    </>
  );
}

// ------------------------------------------------------------------------------------------- LDU

export function DocumentationPart({ example, output, detail }: PartInput): Child {
  const parsed = parseDocumentation(output);
  const expectedSection = example.answer.section ?? null;
  return (
    <>
      <p id="metric-parts">
        BLEU of the documentation text against the expected section:{" "}
        <strong>{score(typeof detail.recall === "number" ? detail.recall : 0)} %</strong>. Section number: expected{" "}
        {expectedSection ?? "–"}, given {parsed?.sequence ?? "none"} (
        {detail.sequence_right === true ? `${YES} right` : `${NO} not right`}; not scored).
      </p>
      <Beside
        expectedTitle={`Expected: section ${expectedSection ?? "?"}`}
        expected={<pre class="code wrap">{example.answer.text ?? ""}</pre>}
        answer={parsed ? <pre class="code wrap">{parsed.text}</pre> : nothing("documentation text")}
      />
    </>
  );
}
