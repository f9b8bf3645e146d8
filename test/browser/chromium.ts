/**
 * What the browser tests share: Debian's Chromium driven through playwright-core (never a
 * downloaded browser) with a fresh profile, and screenshots at desktop and phone widths into
 * test/artifacts/ (git-ignored) for a person to look at.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { expect } from "vitest";
import { ROOT } from "../../cli/lib/api";

const CHROMIUM = "/usr/bin/chromium";
/** The flags that keep Chromium quiet on a machine without outside network (see platform notes). */
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
export const ARTIFACTS = join(ROOT, "test/artifacts");

/**
 * Why this machine cannot run the browser tests, if it cannot. Every test then FAILS with this
 * message (a throwing beforeAll would only mark them skipped): a missing browser must not pass unnoticed.
 */
export const chromiumMissing = existsSync(CHROMIUM)
  ? undefined
  : `The browser test needs Debian's Chromium at ${CHROMIUM}: install it with \`apt-get install -y chromium\` (as root; it never downloads a browser).`;

/** A headless Chromium at 1280 × 900; `close` also removes its profile directory. */
export interface Chromium {
  browser: BrowserContext;
  close(): Promise<void>;
}

/** Starts Chromium with a fresh profile (a temporary directory named from `profilePrefix`). */
export async function launchChromium(profilePrefix: string): Promise<Chromium> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const profile = mkdtempSync(join(tmpdir(), profilePrefix));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 900 },
  });
  return {
    browser,
    async close() {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Screenshots of the page at 1280 and 390 px, full length, and (with `firstScreen`) what a phone
 * shows first at its real size, since a full page is too long to judge legibility by. Fails if a
 * phone would scroll the page sideways: wide tables and code scroll inside their containers.
 */
export async function screenshot(page: Page, name: string, opts: { firstScreen: boolean } = { firstScreen: true }) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect(
      await page.evaluate<number>("document.documentElement.scrollWidth"),
      `${name} at ${width}`,
    ).toBeLessThanOrEqual(width);
    await page.screenshot({ path: join(ARTIFACTS, `${name}-${width}.png`), fullPage: true });
  }
  if (opts.firstScreen) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(ARTIFACTS, `${name}-390-first-screen.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * One Chromium per test file: `start()` in beforeAll, `context()` in a test (it throws
 * `chromiumMissing`, so a machine without the browser fails rather than skips), `close()` in afterAll.
 */
export function chromiumSession(profilePrefix: string) {
  let browser: Chromium | undefined;
  return {
    missing: chromiumMissing,
    async start() {
      browser = await launchChromium(profilePrefix);
    },
    context(): BrowserContext {
      if (chromiumMissing) throw new Error(chromiumMissing);
      return browser!.browser;
    },
    close: async () => browser?.close(),
  };
}
