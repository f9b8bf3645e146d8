/**
 * `GET /favicon.ico`: the site's icon, which browsers ask for on every page (the pages' head links
 * it): a needle and its thread on the pages' accent blue, 32×32, a PNG in an ICO container
 * (502 bytes). Made by scripts/favicon.py, which prints the base64 below. Like the pages, it is not
 * in the OpenAPI document.
 */
import type { PageHandler } from "../types";

const ICON_BASE64 =
  "AAABAAEAICAAAAEAIADgAQAAFgAAAIlQTkcNChoKAAAADUlIRFIAAAAgAAAAIAgGAAAAc3p69AAAAadJREFUeNpjYEAC3DFr5YG4H4jPA/F/KuPzULPlGbABoEQ8EL+ngcXoGGRHPDbL/9MZxyMH+/sBcMB7cHRA4+X/AOF+BholODDWLNgOxvgSJgOtLF988MF/GACxcamjiQNKF1/4jw5whQTVHZA28zTYQpAjkEOBLg6wqNoDtmzf7sX/JROXwUOCLlEAsvz9l5////36/P/rDkewI2AhgU8fVRwglbbp/4NXX+DBDXIECCzcsIGgXgZqWH7xwXuUBAcKiRf7s8EhEVLRTVsHbDrzFMVyUEiAosMsdwbYAc82uYPTA00cgJzKQQAUEqAQgckXttSCHbFrYQz1HYCe10EhgWw5DIMsBznCtXgS9RwAy+vElHQgi/GFAgO5eR0GCGUz5FAApQuKHADL6zAACgli9CXVtYAd0NBVTr4DkPM6yBEgxxCrF5QLcEUDA6l5HZbNSI06WJYkywGwvI6ezUjBsHRAsgNgeR1XNqOpA4ipzWjmgPC+Y0RnM2IwKP5JSgMeLQfBjqBWdQ0qkLCVhjRtlBLTWxoUzfKB7ZgMeNdsUHROB7J7DgD+iKac6NpCjwAAAABJRU5ErkJggg==";

const ICON = Uint8Array.from(atob(ICON_BASE64), (ch) => ch.charCodeAt(0));

export const favicon: PageHandler<"/favicon.ico"> = (c) =>
  c.body(ICON, 200, { "Content-Type": "image/x-icon", "Cache-Control": "public, max-age=86400" });
