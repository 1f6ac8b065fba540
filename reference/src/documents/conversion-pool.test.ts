/**
 * The worker pool that converts request bodies: the same documents and
 * refusals as a conversion on this thread, a time limit that stops marked
 * where it is superlinear without holding this thread, and no body lost when
 * a worker is stopped.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ApiError } from '../errors.js';
import { ConversionPool } from './conversion-pool.js';
import { markdownToSafeHtml } from '../emails/render.js';
import { markdownToDoc } from './markdown.js';
import { previewOf } from './text.js';
import { LIMITS } from './types.js';

/** What a conversion on this thread gives: the document (as the JSON text a worker sends, byte for byte) and the preview made from it. */
function onThisThread(markdown: string) {
  return { doc: markdownToDoc(markdown), preview: previewOf(markdownToDoc(markdown)) };
}

// Workers take about a second to load TipTap; generous limits keep a loaded machine from failing the tests.
const STARTUP_MS = 30_000;

const pool = new ConversionPool({ maxWorkers: 2 });
afterAll(() => pool.close());

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => new Error('expected a refusal'),
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw error;
  return error;
}

describe('ConversionPool', () => {
  it('gives the document a conversion on this thread gives', async () => {
    const bodies = ['# Title\n\nSome *words* and a [link](https://example.com).', '- a\n- b\n\n> quoted', '', 'Plain.'];
    for (const body of bodies) expect(await pool.convert(body)).toEqual(onThisThread(body));
  }, STARTUP_MS);

  it('refuses what the conversion refuses, with the same status and message', async () => {
    const deep = '> '.repeat(LIMITS.maxDepth + 1) + 'x';
    const error = await refusal(pool.convert(deep));
    expect(error.status).toBe(400);
    expect(error.message).toBe(`markdown is nested more than ${LIMITS.maxDepth} levels deep`);
    expect((await refusal(pool.convert(42 as unknown as string))).message).toBe('markdown must be a string');
    expect((await refusal(pool.convert('x'.repeat(LIMITS.maxInputChars + 1)))).message).toMatch(/^markdown is too large/);
  }, STARTUP_MS);

  it('answers many bodies at once, each with its own document, with no more workers than its maximum', async () => {
    const bodies = Array.from({ length: 40 }, (_, i) => `Body **${i}**`);
    const docs = await Promise.all(bodies.map((b) => pool.convert(b)));
    docs.forEach((doc, i) => expect(doc).toEqual(onThisThread(bodies[i])));
    expect(pool.workerCount).toBeLessThanOrEqual(2);
  }, STARTUP_MS);
});

describe('custom email bodies', () => {
  it('render to the HTML a rendering on this thread gives, and too deep nesting is refused with 400', async () => {
    const body = '# Hello\n\nSome **bold** and [a link](https://example.com/x?a=1&b=2).\n\n<script>x</script>';
    expect(await pool.emailHtml(body)).toBe(markdownToSafeHtml(body));
    const error = await refusal(pool.emailHtml('> - '.repeat(25_000)));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/^the email body is nested too deeply to render/);
  }, STARTUP_MS);

  it('that run past the time limit are refused with 400', async () => {
    const limited = new ConversionPool({ maxWorkers: 1, timeLimitMs: 300 });
    try {
      const error = await refusal(limited.emailHtml('_a_'.repeat(33_000)));
      expect(error.status).toBe(400);
      expect(error.message).toMatch(/^the email body took more than 0.3 s to convert/);
    } finally {
      await limited.close();
    }
  }, STARTUP_MS);
});

describe('time limit', () => {
  it('stops a conversion where marked is superlinear (100 KB of "_a_" took 50 s) without holding this thread, and converts again', async () => {
    const limited = new ConversionPool({ maxWorkers: 1, timeLimitMs: 300 });
    try {
      await limited.convert('warm'); // start the worker outside the measured part
      let ticks = 0;
      const ticker = setInterval(() => ticks++, 10);
      const started = performance.now();
      const error = await refusal(limited.convert('_a_'.repeat(33_000)));
      const elapsed = performance.now() - started;
      clearInterval(ticker);
      expect(error.status).toBe(400);
      expect(error.message).toMatch(/^markdown took more than 0.3 s to convert/);
      expect(elapsed).toBeLessThan(3_000);
      // This thread kept running timers while the worker was busy.
      expect(ticks).toBeGreaterThan(5);
      // The stopped worker is replaced, and a body that waited behind the slow one is converted.
      expect(await limited.convert('Still *fine* after that.')).toEqual(onThisThread('Still *fine* after that.'));
    } finally {
      await limited.close();
    }
  }, STARTUP_MS);

  it('converts the bodies that waited behind a stopped one', async () => {
    const limited = new ConversionPool({ maxWorkers: 1, timeLimitMs: 300 });
    try {
      const slow = refusal(limited.convert('_a_'.repeat(33_000)));
      const waiting = ['one', 'two', 'three'].map((b) => limited.convert(b));
      expect((await slow).status).toBe(400);
      expect(await Promise.all(waiting)).toEqual(['one', 'two', 'three'].map((b) => onThisThread(b)));
    } finally {
      await limited.close();
    }
  }, STARTUP_MS);
});

describe('a slow body', () => {
  it('does not hold up the ordinary bodies behind it: an extra worker takes them, and stops afterwards', async () => {
    const single = new ConversionPool({ maxWorkers: 1, timeLimitMs: 4_000 });
    try {
      await single.convert('warm');
      const settled: string[] = [];
      const slow = refusal(single.convert('_a_'.repeat(33_000))).then((e) => {
        settled.push('slow');
        return e;
      });
      const quick = single.convert('Quick *one*').then((doc) => {
        settled.push('quick');
        return doc;
      });
      expect(await quick).toEqual(onThisThread('Quick *one*'));
      expect((await slow).status).toBe(400);
      expect(settled).toEqual(['quick', 'slow']);
      expect(single.workerCount).toBe(1);
    } finally {
      await single.close();
    }
  }, STARTUP_MS);
});

describe('close', () => {
  it('refuses what waits with 503 and leaves no worker', async () => {
    const closing = new ConversionPool({ maxWorkers: 1 });
    const waiting = refusal(closing.convert('never converted'));
    await closing.close();
    expect((await waiting).status).toBe(503);
    expect(closing.workerCount).toBe(0);
  });
});
