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
export const unescapeHtml = (s: string) => s.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, "&");
