/**
 * Headless Chromium for the reference's browser tests: Debian's chromium by
 * default (DESIGN.md), CHROMIUM_PATH for another OS or build. A missing
 * browser is a visible skip, saying how to get one.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);
/** Screenshots for a person to look at (gitignored). */
export const ARTIFACTS = join(process.cwd(), 'reports', 'artifacts');

export function warnIfNoChromium(suite: string): void {
  if (!hasChromium) console.warn(`[${suite} browser tests] SKIPPED: no browser at ${CHROMIUM}. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.`);
}

/** The browser, or undefined when there is none (the tests then skip). `extraArgs`: more Chromium flags. */
export async function launchChromium(extraArgs: readonly string[] = []): Promise<Browser | undefined> {
  if (!hasChromium) return undefined;
  const { chromium } = await import('playwright-core');
  mkdirSync(ARTIFACTS, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    // Without the background-networking flags Chromium's own connections are refused by a closed network.
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run', ...extraArgs],
  });
}
