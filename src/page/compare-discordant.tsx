/**
 * The comparison page's discordant tasks (docs/compare.md, "Discordant tasks"): one page of the
 * tasks where the sides disagree, as `GET /v1/compare` answers it, each linking to both answers
 * side by side. Every number is a `<data>` figure at its path in the answer, like the rest of the page.
 */
import type { DiscordantKind } from "../compare/discordant";
import { compareParams, type CompareResponse } from "../compare/service";
import { Figure, grade, signedGrade } from "./compare-figures";
import { qs } from "./format";
import { Pager } from "./runs/pager";

/** A discordant kind in words, with symbols so it does not rely on colour. */
export const KIND_TEXT: Record<DiscordantKind, string> = { only_a: "✓ A, ✗ B", only_b: "✗ A, ✓ B", a_higher: "A higher", b_higher: "B higher" };

export function DiscordantSection(props: { r: CompareResponse }) {
  const { r } = props;
  const d = r.discordant;
  const graded = r.outcome === "graded";
  const byPass = d.by === "pass";
  const first = (d.page - 1) * d.per_page;
  const count = (kind: DiscordantKind) => <Figure field={`discordant.counts.${kind}`} value={d.counts[kind] ?? null} />;
  return (
    <section id="discordant">
      <h2>Discordant tasks</h2>
      <p>
        {byPass ? (
          <>Only A passed {count("only_a")}, only B passed {count("only_b")}</>
        ) : (
          <>A graded higher {count("a_higher")}, B graded higher {count("b_higher")}</>
        )}
        : <Figure field="discordant.total" value={d.total} /> {d.total === 1 ? "task" : "tasks"} where the two disagree
        {graded ? ", largest difference first" : ", only A first"}. Each links to both answers side by side against the expected answer.
      </p>
      <p class="note">
        {d.items.length ? `Tasks ${first + 1}–${first + d.items.length}, page` : "Page"} <Figure field="discordant.page" value={d.page} /> of{" "}
        <Figure field="discordant.pages" value={d.pages} /> (<Figure field="discordant.per_page" value={d.per_page} /> a page).
      </p>
      {d.items.length ? (
        <>
          <div class="scroll">
            <table id="discordant-tasks">
              <thead>
                <tr>
                  <th class="l" scope="col">Task</th>
                  <th class="l" scope="col">Outcome</th>
                  <th scope="col" title={graded ? "A's grade" : "A's score (its benchmark's headline number)"}>A</th>
                  <th scope="col" title={graded ? "B's grade" : "B's score"}>B</th>
                  {graded ? <th scope="col">A − B</th> : null}
                </tr>
              </thead>
              <tbody>
                {d.items.map((item, i) => {
                  const field = `discordant.items.${i}.`;
                  return (
                    <tr data-key={item.key} data-kind={item.kind}>
                      <td class="l key">
                        <a href={item.answers}>{item.key}</a>
                      </td>
                      <td class="l">{KIND_TEXT[item.kind]}</td>
                      <td>
                        <Figure field={`${field}a.score`} value={item.a.score} text={grade} />
                      </td>
                      <td>
                        <Figure field={`${field}b.score`} value={item.b.score} text={grade} />
                      </td>
                      {graded ? (
                        <td>
                          <Figure field={`${field}difference`} value={item.difference} text={signedGrade} />
                        </td>
                      ) : null}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Pager page={d.page} pages={d.pages} href={(n) => `/compare${qs({ ...compareParams(r), page: n === 1 ? undefined : n })}#discordant`} />
        </>
      ) : (
        <p class="muted">None: the two agree on every paired task.</p>
      )}
    </section>
  );
}
