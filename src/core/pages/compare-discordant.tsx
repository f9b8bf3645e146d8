/**
 * The comparison page's discordant tasks (docs/compare.md, "Discordant tasks"): one page of the
 * tasks where the sides disagree, as `GET /v1/compare` answers it, each linking to both answers
 * side by side. Every number is a `<data>` figure at its path in the answer, like the rest of the page.
 */
import type { DiscordantKind } from "../compare/discordant";
import { compareParams, type CompareResponse } from "../compare/service";
import { Figure, grade, signedGrade } from "./compare-figures";
import { qs } from "../../kit/pages/format";
import { SampleList, type SampleColumn } from "../../kit/pages/sample-table";

/** A discordant kind in words, with symbols so it does not rely on colour. */
export const KIND_TEXT: Record<DiscordantKind, string> = {
  only_a: "✓ A, ✗ B",
  only_b: "✗ A, ✓ B",
  a_higher: "A higher",
  b_higher: "B higher",
};

type Item = CompareResponse["discordant"]["items"][number];

/** Where one side's answer to a task is: a run's sample page, a verified entry's run's samples of the task; none for a reported entry. */
function sideHref(r: CompareResponse, side: "a" | "b", item: Item): string | undefined {
  const run = r[side].kind === "run" ? r[side].id : r[side].run;
  if (!run) return undefined;
  const unit = item[side].unit;
  return unit === null
    ? `/runs/${encodeURIComponent(run)}/samples${qs({ task: item.key })}`
    : `/runs/${encodeURIComponent(run)}/samples/${encodeURIComponent(unit)}`;
}

/** One side's grade or score (a `<data>` figure at its path in the answer), linking to that side's sample. */
const sideColumn = (r: CompareResponse, side: "a" | "b", graded: boolean): SampleColumn<Item> => ({
  label: side.toUpperCase(),
  title: `${side.toUpperCase()}'s ${graded ? "grade" : "score (its benchmark's headline number)"}; it links to ${side.toUpperCase()}'s sample`,
  cell: (item) => {
    const figure = <Figure field={`${fieldOf(r, item)}.${side}.score`} value={item[side].score} text={grade} />;
    const href = sideHref(r, side, item);
    return href ? <a href={href}>{figure}</a> : figure;
  },
});

/** A graded comparison's difference of grades, A − B. */
const differenceColumn = (r: CompareResponse): SampleColumn<Item> => ({
  label: "A − B",
  cell: (item) => <Figure field={`${fieldOf(r, item)}.difference`} value={item.difference} text={signedGrade} />,
});

/** An item's path in the answer. */
const fieldOf = (r: CompareResponse, item: Item) => `discordant.items.${r.discordant.items.indexOf(item)}`;

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
          <>
            Only A passed {count("only_a")}, only B passed {count("only_b")}
          </>
        ) : (
          <>
            A graded higher {count("a_higher")}, B graded higher {count("b_higher")}
          </>
        )}
        : <Figure field="discordant.total" value={d.total} /> {d.total === 1 ? "task" : "tasks"} where the two disagree
        {graded ? ", largest difference first" : ", only A first"}. Each links to both answers side by side against the
        expected answer.
      </p>
      <p class="note">
        {d.items.length ? `Tasks ${first + 1}–${first + d.items.length}, page` : "Page"}{" "}
        <Figure field="discordant.page" value={d.page} /> of <Figure field="discordant.pages" value={d.pages} /> (
        <Figure field="discordant.per_page" value={d.per_page} /> a page).
      </p>
      <SampleList
        id="discordant-tasks"
        rows={d.items}
        keyLabel="Task"
        head={(item) => ({ text: item.key, href: item.answers })}
        verdict={(item) => ({
          tone: item.kind === "only_a" || item.kind === "a_higher" ? "a" : "b",
          text: KIND_TEXT[item.kind],
        })}
        columns={[sideColumn(r, "a", graded), sideColumn(r, "b", graded), ...(graded ? [differenceColumn(r)] : [])]}
        data={(item) => ({ key: item.key, kind: item.kind })}
        empty={{ text: "None: the two agree on every paired task." }}
        paging={{
          page: d.page,
          pages: d.pages,
          href: (n) => `/compare${qs({ ...compareParams(r), page: n === 1 ? undefined : n })}#discordant`,
        }}
      />
    </section>
  );
}
