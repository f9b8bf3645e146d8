/** The HTML shell of every page: head, inline stylesheet, header and footer. No client-side JavaScript. */
import type { Child } from "hono/jsx";
import { raw } from "hono/html";
import { allBenchmarks } from "../../benchmarks/registry";
import { SERVICE_VERSION } from "../../lib/version";
import type { PageContent } from "../../kit/pages/family";
import { SAMPLE_TABLE_CSS } from "../../kit/pages/sample-table";

/** Every hosted benchmark, from the registry, for the footer. */
const HOSTED = allBenchmarks().map((b) => ({ id: b.id, title: b.title }));

/** The stylesheet rules of the benchmarks' own views, each once (benchmarks of one family share theirs), in registry order. */
const FAMILY_CSS = [...new Set(allBenchmarks().flatMap((b) => (b.views?.css ? [b.views.css] : [])))].join("");

/**
 * One small stylesheet, inlined so a page is a single request. Phones first: the wide tables
 * scroll inside their own container (`.scroll`), never the page.
 */
const CSS = `
:root { --fg:#1b1f24; --muted:#57606a; --line:#d0d7de; --bg:#ffffff; --soft:#f6f8fa; --accent:#0b5cad; }
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); background: var(--bg); }
a { color: var(--accent); }
header.site, main, footer.site { max-width: 72rem; margin: 0 auto; padding: 0 1rem; }
header.site { padding-top: .75rem; padding-bottom: .5rem; border-bottom: 1px solid var(--line); display: flex; gap: 1rem; align-items: baseline; flex-wrap: wrap; }
header.site .brand { font-weight: 700; text-decoration: none; color: var(--fg); }
header.site nav a { margin-right: .75rem; font-size: .9rem; }
header.site nav a[aria-current="page"] { font-weight: 600; color: var(--fg); text-decoration: none; }
h1 { font-size: 1.45rem; line-height: 1.25; margin: 1rem 0 .25rem; overflow-wrap: anywhere; }
h2 { font-size: 1.15rem; margin: 1.75rem 0 .5rem; }
p.lede, .muted { color: var(--muted); }
p.lede { margin-top: 0; }
form.filters { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: end; padding: .75rem; background: var(--soft); border: 1px solid var(--line); border-radius: 6px; margin: 1rem 0; }
form.filters label { display: flex; flex-direction: column; font-size: .85rem; color: var(--muted); }
form.filters select, form.filters button { font: inherit; font-size: 1rem; padding: .3rem .5rem; min-height: 2.25rem; }
form.filters button { background: var(--accent); color: #fff; border: 0; border-radius: 4px; padding: .3rem 1rem; cursor: pointer; }
.links { font-size: .9rem; margin: .5rem 0; }
.links a { margin-right: 1rem; }
nav.pager { display: flex; flex-wrap: wrap; gap: .5rem 1rem; margin: .75rem 0; font-size: .95rem; align-items: baseline; }
nav.pager .muted { font-size: .9rem; }
nav.model-nav a, nav.model-nav span { display: inline-block; margin-right: 1rem; }
.scroll { overflow-x: auto; -webkit-overflow-scrolling: touch; border: 1px solid var(--line); border-radius: 6px; max-width: 100%; }
.scroll.fit { width: fit-content; }
table { border-collapse: collapse; width: 100%; font-size: .9rem; font-variant-numeric: tabular-nums; }
th, td { padding: .4rem .6rem; border-bottom: 1px solid var(--line); text-align: right; white-space: nowrap; }
th { background: var(--soft); font-weight: 600; }
th.l, td.l { text-align: left; }
tbody tr:last-child td { border-bottom: 0; }
th a { color: inherit; text-decoration: none; }
th a:hover, th a:focus { text-decoration: underline; }
th[aria-sort] a::after { content: " \\2193"; }
th[aria-sort="ascending"] a::after { content: " \\2191"; }
td.model { white-space: normal; min-width: 10rem; max-width: 18rem; overflow-wrap: break-word; }
td.model .badge { display: none; margin-top: .15rem; }
.sticky { position: sticky; left: 0; background: var(--bg); z-index: 1; }
th.sticky { background: var(--soft); z-index: 2; }
.ci { display: block; color: var(--muted); font-size: .75rem; }
.badge { display: inline-block; font-size: .75rem; line-height: 1.2; padding: .15rem .45rem; border-radius: 999px; border: 1px solid; font-weight: 600; }
.badge.verified { color: #0f5323; background: #dafbe1; border-color: #4ac26b; }
a.run-link { text-decoration: none; }
a.run-link .badge.verified { text-decoration: underline; text-decoration-color: #4ac26b; }
.badge.reported { color: #4d3800; background: #fff8c5; border-color: #d4a72c; border-style: dashed; }
tr.selected td { background: #eef5ff; }
.note { font-size: .9rem; color: var(--muted); }
.legend { display: flex; flex-wrap: wrap; gap: .25rem 1rem; list-style: none; padding: 0; margin: .5rem 0; font-size: .85rem; }
.legend svg { vertical-align: middle; margin-right: .25rem; }
figure { margin: 0; }
svg.chart { width: 100%; max-width: 52rem; height: auto; display: block; }
svg.chart text { font: 12px system-ui, sans-serif; fill: var(--muted); }
.bar { position: relative; height: .9rem; min-width: 8rem; background: var(--soft); border: 1px solid var(--line); border-radius: 3px; }
.bar .fill { position: absolute; left: 0; top: 0; bottom: 0; background: #3b528b; border-radius: 2px 0 0 2px; }
.bar .band { position: absolute; top: -3px; bottom: -3px; border-left: 2px solid var(--fg); border-right: 2px solid var(--fg); }
table.heatmap, table.compact { width: auto; }
table.compact td { min-width: 4.5rem; }
td.cell { text-align: center; min-width: 4.5rem; }
td.cell small { display: block; font-size: .7rem; opacity: .85; }
.heat-legend { display: flex; align-items: center; gap: .5rem; font-size: .8rem; margin: .5rem 0; flex-wrap: wrap; }
.heat-legend .ramp { width: 12rem; height: .8rem; border: 1px solid var(--line); }
nav.benchmarks { display: flex; flex-wrap: wrap; gap: .25rem; margin: 1rem 0 0; font-size: .9rem; }
nav.benchmarks a { padding: .2rem .65rem; border: 1px solid var(--line); border-radius: 999px; text-decoration: none; }
nav.benchmarks a[aria-current="page"] { background: var(--accent); border-color: var(--accent); color: #fff; font-weight: 600; }
h3 { font-size: 1rem; margin: .75rem 0 .4rem; }
.triptych { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 20rem), 1fr)); gap: .5rem 1.25rem; align-items: start; }
.triptych > section { min-width: 0; }
.triptych td.cell { min-width: 3.4rem; padding: .3rem .35rem; }
.triptych th { padding: .3rem .4rem; }
.triptych .heat-legend .ramp { width: 6rem; }
.drop-figure { margin: 0 0 .25rem; font-size: .95rem; }
caption { caption-side: bottom; font-size: .8rem; padding: .3rem .5rem; text-align: left; }
details { margin: .5rem 0; font-size: .9rem; }
details summary { cursor: pointer; color: var(--accent); }
td.wrap { white-space: normal; overflow-wrap: anywhere; min-width: 12rem; max-width: 36rem; }
td.step { min-width: 15rem; max-width: 40rem; }
td.step .why { display: block; font-size: .8rem; color: #8a4600; }
nav.links > strong { margin-right: 1rem; }
table.facts th { width: 1%; }
nav.windows { display: flex; flex-wrap: wrap; gap: .3rem; align-items: baseline; margin: .5rem 0; font-size: .85rem; }
nav.windows a, nav.windows span.window { padding: .1rem .55rem; border: 1px solid var(--line); border-radius: 999px; text-decoration: none; }
nav.windows a[aria-current="page"] { border-color: var(--accent); background: #eef5ff; font-weight: 600; }
${SAMPLE_TABLE_CSS}${FAMILY_CSS}footer.site { margin-top: 2.5rem; padding-top: 1rem; padding-bottom: 2rem; border-top: 1px solid var(--line); font-size: .85rem; color: var(--muted); }
@media (max-width: 40rem) {
  body { font-size: 15px; }
  h1 { font-size: 1.25rem; }
  th, td { padding: .35rem .45rem; }
  form.filters label { flex: 1 1 5.5rem; }
  form.filters label.wide { flex-basis: 100%; }
  form.filters select { width: 100%; }
  table.compact td { min-width: 0; }
  form.filters button { flex: 1 1 100%; }
  /* The kind moves under the model name, so rank, model and pass@1 fit a phone's width. */
  th.kind, td.kind { display: none; }
  td.model .badge { display: inline-block; }
  td.model { min-width: 8rem; max-width: 11rem; }
  td.step { min-width: 12rem; max-width: 15rem; }
  /* SVG text is in viewBox units: larger units keep the chart's labels legible once scaled down. */
  svg.chart text { font-size: 20px; }
  svg.chart.small text { font-size: 12px; }
  .bar { min-width: 5rem; }
  /* Task x length grids: more of their columns on a phone's first screen. */
  table.grid td.cell { min-width: 3.3rem; padding: .3rem .3rem; }
  table.grid th { padding: .3rem .35rem; }
}
`;

/** The site's sections, in the header: where each leads. */
const SECTIONS = [
  { id: "leaderboards", label: "Leaderboards", href: "/" },
  { id: "runs", label: "Runs", href: "/runs" },
  { id: "compare", label: "Compare", href: "/compare" },
  { id: "api", label: "API", href: "/v1" },
] as const;

/** A section of the site, marked current in the header. */
export type Section = (typeof SECTIONS)[number]["id"];

/** The page shell; `title` goes to <title> (escaped like everything else); `section` is marked in the header. */
export function Layout(props: { title: string; description?: string; section?: Section; children?: Child }) {
  return (
    <>
      {raw("<!DOCTYPE html>")}
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <title>{props.title}</title>
          <link rel="icon" href="/favicon.ico" />
          {props.description ? <meta name="description" content={props.description} /> : null}
          <style dangerouslySetInnerHTML={{ __html: CSS }} />
        </head>
        <body>
          <header class="site">
            <a class="brand" href="/">
              needlework
            </a>
            <nav aria-label="Site">
              {SECTIONS.map((s) => (
                <a href={s.href} aria-current={s.id === props.section ? "page" : undefined}>
                  {s.label}
                </a>
              ))}
            </nav>
          </header>
          <main>{props.children}</main>
          <footer class="site">
            needlework {SERVICE_VERSION} hosts {HOSTED.length} benchmarks: {HOSTED.map((b) => b.title).join("; ")}.
            Score an answer to any of them over HTTP: <a href="/v1/benchmarks">/v1/benchmarks</a>. Data:{" "}
            <a href="/v1/leaderboard">JSON API</a>; the whole API: <a href="/openapi.json">OpenAPI</a>.
          </footer>
        </body>
      </html>
    </>
  );
}

/**
 * A page's content in the shell; `before` goes first in `<main>` (the leaderboard's benchmark
 * picker), `after` last (a model page's runs and "compare with…").
 */
export function Page(props: { content: PageContent; before?: Child; after?: Child; section?: Section }) {
  const { title, description, body } = props.content;
  return (
    <Layout title={title} description={description} section={props.section}>
      {props.before}
      {body}
      {props.after}
    </Layout>
  );
}

/** A plain error page (404 and friends) for the HTML side of the site. */
export function ErrorPage(props: { status: number; title: string; detail: string; requestId?: string }) {
  return (
    <Layout title={`${props.title} – needlework`}>
      <h1>
        {props.status} {props.title}
      </h1>
      <p>{props.detail}</p>
      {props.requestId ? <p class="muted">Request id: {props.requestId}</p> : null}
      <p>
        <a href="/">Back to the leaderboard</a>
      </p>
    </Layout>
  );
}
