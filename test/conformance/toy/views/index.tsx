/**
 * The toy benchmark on the HTML pages, from the page library alone: a board (rank, model, kind,
 * pass@1 with its interval, n) and a model page (pass@1 per language at the query's threshold).
 */
import { ProblemError } from "../../../../src/lib/errors";
import type { LeaderboardResponse, PassRateBreakdown } from "../../../../src/kit/leaderboard/types";
import type { BenchmarkViews } from "../../../../src/kit/pages/family";
import { pct, qs, queryParams, thresholdKey } from "../../../../src/kit/pages/format";
import { HeadCells, RowHead, SortHeader, TableLinks, sortRows } from "../../../../src/kit/pages/table";
import { TOY_BENCHMARK } from "../dataset";

const sortKeys = (_data: LeaderboardResponse) => ["rate", "model", "n"];

/** The languages' rates at the breakdown's threshold, "all" first. */
const ratesAt = (data: PassRateBreakdown) => Object.entries(data.thresholds[thresholdKey(data.threshold)] ?? {});

export const toyViews: BenchmarkViews = {
  shortName: "Toy",
  boardLink: () => ({ benchmark: TOY_BENCHMARK }),
  sortKeys,
  board(data, sort, defaults) {
    const q = data.query;
    const link = (next: string) => queryParams(q, defaults, { sort: next });
    const modelParams = queryParams(q, defaults, { sort: undefined, language: undefined, kind: undefined });
    return {
      title: `Toy recall leaderboard (${q.dataset}) – needlework`,
      description: "The test suite's toy family: recall one word of a list.",
      body: (
        <>
          <h1>Toy recall leaderboard</h1>
          <TableLinks params={queryParams(q, defaults)} />
          <table id="leaderboard">
            <thead>
              <tr>
                <HeadCells rankTitle="Rank by pass@1" sort={sort} link={link} />
                <SortHeader label="pass@1 %" sortKey="rate" sort={sort} link={link} />
                <SortHeader label="n" sortKey="n" sort={sort} link={link} />
              </tr>
            </thead>
            <tbody>
              {sortRows(data.rows, sort).map((r) => (
                <tr data-model={r.model_slug}>
                  <RowHead row={r} href={`/models/${encodeURIComponent(r.model_slug)}${qs(modelParams)}`} />
                  <td>{r.n}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ),
    };
  },
  async model({ slug, query, read }) {
    const data = await read(query);
    if (!data) throw new ProblemError("not-found", `No model "${slug}" on the toy leaderboard.`);
    return {
      title: `${data.model} on toy recall – needlework`,
      description: `pass@1 of ${data.model} on the toy family.`,
      body: (
        <>
          <h1>{data.model}</h1>
          <table id="languages">
            <tbody>
              {ratesAt(data as PassRateBreakdown).map(([language, rate]) => (
                <tr>
                  <th scope="row">{language}</th>
                  <td>{pct(rate.rate)}</td>
                  <td>{rate.n}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ),
    };
  },
};
