/**
 * report.html in a real browser (Chromium through playwright-core), on a
 * phone-sized screen: the filters narrow what is shown, links reach what
 * the filters hid, failures start collapsed, nothing scrolls sideways, and
 * without script the whole report is still there.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULES } from '../../catalogue/index.js';
import { aggregate } from '../results/aggregate.js';
import { madeOutcome } from '../results/outcome-fixture.js';
import type { TestOutcome, TestStatus } from '../results/types.js';
import { renderHtmlReport } from './html.js';
import type { RunInfo } from './run-info.js';

const CHROMIUM = '/usr/bin/chromium';
const PHONE = { width: 390, height: 844 };

function outcome(ruleIds: string[], status: TestStatus, extra: Partial<TestOutcome> = {}): TestOutcome {
  const reason = status === 'pass' ? undefined : 'broken';
  const transcript = [{ method: 'POST', url: 'http://target/v1/posts', requestHeaders: {}, requestBody: '{"title":"x"}', status: 500, responseBody: '{}', durationMs: 1 }];
  return madeOutcome(ruleIds, status, { reason, transcript, ...extra });
}

const blockedReason = 'POST /v1/posts answered 500, expected 200';
const tests: TestOutcome[] = [
  outcome(['posts.create.title-required'], 'pass'),
  outcome(['posts.create.title-max-200'], 'fail', { reason: 'POST /v1/posts answered 200, expected the error 400', property: { seed: 3, path: '0:1', counterexample: '"x".repeat(201)' } }),
  ...['buckets.list.page', 'buckets.get.by-id', 'content.create.bucket-id'].map((id) => outcome([id], 'blocked', { reason: blockedReason, blockedBy: 'posts.create.draft' })),
  outcome(['subscribers.list.page'], 'error', { reason: 'TypeError: boom' }),
  outcome(['auth.bearer.accepted'], 'skip', { reason: 'capability missing: control' }),
];
const results = aggregate(RULES, tests, { profiles: ['core', 'extended', 'control', 'reference-choices'], filter: [] });
const info: RunInfo = {
  suite: { name: 'conformance', version: 'test' },
  node: process.version,
  startedAt: new Date(0).toISOString(),
  durationMs: 1234,
  target: { url: 'http://target', inProcess: false, isReference: false, control: { available: true, capabilities: ['clock'] }, publications: {} },
  config: { profiles: ['core', 'extended'], seed: 9, runs: 5, filter: [], timeoutMs: 60_000, runId: 'cf-9-x', reportDir: 'r' },
  notes: [],
  unhandledErrors: [],
};

let browser: Browser;
let reportUrl: string;

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'conformance-report-'));
  const file = join(dir, 'report.html');
  await writeFile(file, renderHtmlReport(results, info));
  reportUrl = pathToFileURL(file).href;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

async function open(javaScriptEnabled = true): Promise<Page> {
  const page = await browser.newPage({ viewport: PHONE, javaScriptEnabled });
  await page.goto(reportUrl);
  return page;
}

const visibleRuleStatuses = (page: Page) =>
  page.locator('.matrix .rule:visible').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-status')));

describe.skipIf(!existsSync(CHROMIUM))('report.html in Chromium, on a phone-sized screen', () => {
  it('opens with the summary and root causes first, failures collapsed, nothing wider than the screen', async () => {
    const page = await open();
    expect(await page.locator('#filters').isVisible()).toBe(true);
    expect(await page.locator('.causes-top li').first().innerText()).toContain('blocked by posts.create.draft: 3 tests');
    expect(await page.locator('details.failure[open]').count()).toBe(0);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);
    // The summary's link opens the cause, which shows the spec sentence, the replay command and the blocked tests.
    await page.locator('.causes-top li a').first().click();
    const cause = page.locator('details.failure[open]');
    await expect.poll(() => cause.count()).toBe(1);
    const text = await cause.innerText();
    expect(text).toContain('A post created with status draft is a draft.');
    expect(text).toContain('npm run conformance --');
    expect(text).toContain('3 blocked tests');
    await page.close();
  });

  it('filters by status, area and search text', async () => {
    const page = await open();
    for (const status of ['pass', 'skip', 'error', 'blocked', 'not-covered', 'excluded']) await page.locator(`#filters input[value="${status}"]`).uncheck();
    const failing = await visibleRuleStatuses(page);
    expect(failing.length).toBe(results.ruleCounts.fail);
    expect(new Set(failing)).toEqual(new Set(['fail']));
    // Blocked tests have a status of their own: the rules they could not judge, and the failed step that blocked them.
    await page.locator('#filters input[value="fail"]').uncheck();
    await page.locator('#filters input[value="blocked"]').check();
    const blocked = await visibleRuleStatuses(page);
    expect(blocked.length).toBe(results.ruleCounts.blocked);
    expect(new Set(blocked)).toEqual(new Set(['blocked']));
    expect(await page.locator('details.failure:visible').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-status')))).toEqual(['blocked']);
    await page.locator('#filters input[value="fail"]').check();

    await page.locator('#filters select[name="area"]').selectOption('buckets');
    expect(await page.locator('.matrix .rule:visible').evaluateAll((rows) => rows.map((r) => r.id))).toEqual(['rule-buckets.list.page', 'rule-buckets.get.by-id']);

    await page.locator('#filters button[type="reset"]').click();
    await page.locator('#filters input[name="q"]').fill('posts.create.title-max-200');
    expect(await page.locator('.matrix .rule:visible').evaluateAll((rows) => rows.map((r) => r.id))).toEqual(['rule-posts.create.title-max-200']);
    expect(await page.locator('details.failure:visible').count()).toBe(1);
    expect(await page.locator('#shown-count').innerText()).toMatch(/^\d+ of \d+ shown$/);
    await page.close();
  });

  it('a rule link reaches its catalogue entry even when the filters hid it', async () => {
    const page = await open();
    await page.locator('#filters select[name="area"]').selectOption('posts');
    expect(await page.locator('#rule-buckets\\.list\\.page').isVisible()).toBe(false);
    await page.locator('.causes-top li a').first().click();
    await page.locator('details.blocked summary').first().click();
    await page.locator('details.blocked a[href="#rule-buckets.list.page"]').click();
    await expect.poll(() => page.locator('#rule-buckets\\.list\\.page').isVisible()).toBe(true);
    expect(await page.locator('#filters select[name="area"]').inputValue()).toBe('');
    await page.close();
  });

  it('without script, shows everything and no filter bar', async () => {
    const page = await open(false);
    expect(await page.locator('#filters').isVisible()).toBe(false);
    expect(await page.locator('.matrix .rule:visible').count()).toBe(RULES.length);
    expect(await page.locator('details.failure').count()).toBe(3);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);
    await page.close();
  });
});
