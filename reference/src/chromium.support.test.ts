/**
 * Headless Chromium for the reference's browser tests: Debian's chromium by
 * default (DESIGN.md), CHROMIUM_PATH for another OS or build. A missing
 * browser is a visible skip, saying how to get one. browserSuite gives a test
 * file its server, its browser and pages that record their errors.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestServer, type TestClient } from './testing.support.test.js';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);
/** Screenshots for a person to look at (gitignored). */
export const ARTIFACTS = join(process.cwd(), 'reports', 'artifacts');

/** The browser, or undefined when there is none (the tests then skip). `extraArgs`: more Chromium flags. */
async function launchChromium(extraArgs: readonly string[] = []): Promise<Browser | undefined> {
  if (!hasChromium) return undefined;
  const { chromium } = await import('playwright-core');
  mkdirSync(ARTIFACTS, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    // Without the background-networking flags Chromium's own connections are refused by a closed network.
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run', ...extraArgs],
  });
}

export interface BrowserSuite {
  /** The file's test server, started before its tests. */
  readonly t: TestClient;
  /** A page in a context of its own, its console errors and uncaught page errors recorded. */
  open(viewport: { width: number; height: number }): Promise<Page>;
  /** What a page of `open` has recorded so far. */
  errorsOf(page: Page): string[];
}

/** One test server and one browser for the calling test file (`extraArgs`: more Chromium flags). */
export function browserSuite(suite: string, extraArgs: readonly string[] = []): BrowserSuite {
  if (!hasChromium) console.warn(`[${suite} browser tests] SKIPPED: no browser at ${CHROMIUM}. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.`);
  let server: TestClient | undefined;
  let browser: Browser | undefined;
  const recorded = new WeakMap<Page, string[]>();
  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchChromium(extraArgs);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return {
    get t() {
      return server!;
    },
    async open(viewport) {
      const page = await (await browser!.newContext({ viewport })).newPage();
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(msg.text());
      });
      page.on('pageerror', (err) => errors.push(err.message));
      recorded.set(page, errors);
      return page;
    },
    errorsOf: (page) => recorded.get(page) ?? [],
  };
}
