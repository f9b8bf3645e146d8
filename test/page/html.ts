/** Reading the HTML pages in workerd tests: a page by its path with its status checked, and text taken out of its markup. */
import { expect } from "vitest";
import { get } from "../helpers";

/** The HTML of `path`, expecting `status` (the start of the body in the failure message). */
export async function page(path: string, status = 200): Promise<string> {
  const res = await get(path);
  const html = await res.text();
  expect(res.status, `${path}: ${html.slice(0, 500)}`).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/^text\/html/);
  return html;
}

/** Text as it was before the page escaped it. */
export const unescapeHtml = (s: string) =>
  s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");

/** The model slugs of a board table's rows, in order. */
export const rowSlugs = (html: string) => [...html.matchAll(/<tr data-model="([^"]*)"/g)].map((m) => m[1]);

/** The hrefs of a table's sortable column headers, unescaped. */
export const sortLinks = (html: string) =>
  [...html.matchAll(/<th[^>]*><a href="([^"]+)">/g)].map((m) => unescapeHtml(m[1]));

/**
 * A board page with `limit` in its URL keeps it in every sort link and its filter form; the page
 * without one adds none. `read`: the HTML of a path, `query`: the board's own parameters.
 */
export async function expectKeepsLimit(read: (path: string) => Promise<string>, query: string) {
  const limited = await read(`/?${query}&limit=7`);
  expect(sortLinks(limited).length).toBeGreaterThan(1);
  for (const href of sortLinks(limited)) expect(href).toMatch(/[?&]limit=7(&|$)/);
  expect(limited).toContain('<input type="hidden" name="limit" value="7"/>');
  const plain = await read(`/?${query}`);
  for (const href of sortLinks(plain)) expect(href).not.toContain("limit=");
  expect(plain).not.toContain('name="limit"');
}
