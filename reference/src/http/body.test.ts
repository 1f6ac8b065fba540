import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { bodyCutOff, DEFAULT_JSON_LIMIT, isJsonContentType, parseJsonBody, readHtmlForm, readRaw } from './body.js';

const json = 'application/json';

/** A request whose body is written by the test, chunk by chunk, as node:http would hand it over. */
function request(headers: Record<string, string> = {}): { req: IncomingMessage; body: PassThrough } {
  const body = new PassThrough();
  return { req: Object.assign(body, { headers }) as unknown as IncomingMessage, body };
}

function listeners(req: IncomingMessage): number {
  return ['data', 'end', 'error', 'close'].reduce((sum, event) => sum + req.listenerCount(event), 0);
}

describe('readRaw', () => {
  it('joins the chunks of a body in order, and leaves no listener behind', async () => {
    const { req, body } = request();
    const read = readRaw(req, 100);
    body.write('ab');
    body.write('cd');
    body.end('ef');
    expect((await read).toString()).toBe('abcdef');
    expect(listeners(req)).toBe(0);
  });

  it('takes a body of exactly the limit, refusing one byte more with 413 while reading', async () => {
    const exact = request();
    const read = readRaw(exact.req, 4);
    exact.body.end('abcd');
    expect((await read).toString()).toBe('abcd');

    const over = request();
    const refused = readRaw(over.req, 4);
    over.body.write('abc');
    over.body.write('de');
    await expect(refused).rejects.toMatchObject({ status: 413, message: 'request body is larger than 4 bytes' });
    expect(listeners(over.req)).toBe(0);
    // The rest of the body is read and dropped, so that the answer can be sent.
    expect(over.req.readableFlowing).toBe(true);
  });

  it('refuses a declared Content-Length over the limit before reading, and reads one at the limit', async () => {
    const over = request({ 'content-length': '5' });
    await expect(readRaw(over.req, 4)).rejects.toMatchObject({ status: 413, message: 'request body is larger than 4 bytes' });
    expect(over.req.readableFlowing).toBe(true);

    const exact = request({ 'content-length': '4' });
    const read = readRaw(exact.req, 4);
    exact.body.end('abcd');
    expect((await read).toString()).toBe('abcd');
  });

  it('ignores a Content-Length that is not a number, and counts what arrives', async () => {
    const { req, body } = request({ 'content-length': 'lots' });
    const read = readRaw(req, 4);
    body.end('abc');
    expect((await read).toString()).toBe('abc');
  });

  it('answers an empty body for a request already read to its end', async () => {
    const { req, body } = request();
    body.end();
    body.resume();
    await new Promise((resolve) => body.once('end', resolve));
    expect(await readRaw(req, 4)).toEqual(Buffer.alloc(0));
  });

  it('refuses with 400 a body cut off by an error or a close before its end', async () => {
    const failed = request();
    const read = readRaw(failed.req, 100);
    failed.body.write('ab');
    failed.body.destroy(new Error('reset'));
    await expect(read).rejects.toMatchObject({ status: 400, message: bodyCutOff().message });
    expect(listeners(failed.req)).toBe(0);

    const closed = request();
    const cut = readRaw(closed.req, 100);
    closed.body.destroy();
    await expect(cut).rejects.toMatchObject({ status: 400, message: bodyCutOff().message });
  });

  it('has a default JSON limit of five mebibytes', () => {
    expect(DEFAULT_JSON_LIMIT).toBe(5 * 1024 * 1024);
  });
});

describe('readHtmlForm', () => {
  it('reads the fields of a url-encoded form, whatever the case and parameters of its type', async () => {
    for (const type of ['application/x-www-form-urlencoded', ' Application/X-WWW-Form-Urlencoded ; charset=utf-8']) {
      const { req, body } = request({ 'content-type': type });
      const read = readHtmlForm(req, 100);
      body.end('name=caf%C3%A9&x=1+2');
      const form = await read;
      expect(form?.get('name')).toBe('café');
      expect(form?.get('x')).toBe('1 2');
    }
  });

  it('answers null, reading nothing, for another type or none', async () => {
    const types: Array<Record<string, string>> = [{ 'content-type': 'multipart/form-data; boundary=x' }, { 'content-type': 'text/plain' }, {}];
    for (const headers of types) {
      const { req } = request(headers);
      expect(await readHtmlForm(req, 100)).toBeNull();
      expect(listeners(req)).toBe(0);
    }
  });

  it('keeps to the limit it is given', async () => {
    const { req, body } = request({ 'content-type': 'application/x-www-form-urlencoded' });
    const read = readHtmlForm(req, 3);
    body.end('a=bcd');
    await expect(read).rejects.toMatchObject({ status: 413 });
  });
});

describe('bodyCutOff', () => {
  it('is the client\'s doing: a 400 that says the body ended early', () => {
    expect(bodyCutOff()).toMatchObject({ status: 400, message: 'the request body ended before it was complete: the connection was closed or timed out' });
  });
});

describe('isJsonContentType', () => {
  it('takes application/json and application/*+json, with parameters and in any case', () => {
    for (const type of ['application/json', 'APPLICATION/JSON', ' application/json ; charset=utf-8', 'application/merge-patch+json', 'application/problem+JSON']) {
      expect(isJsonContentType(type), type).toBe(true);
    }
  });

  it('refuses every other type, and none', () => {
    for (const type of [undefined, '', 'text/json', 'text/plain', 'application/jsonx', 'application/x-json', 'text/x+json', 'json', 'application/json+xml']) {
      expect(isJsonContentType(type), String(type)).toBe(false);
    }
  });
});

describe('parseJsonBody', () => {
  it('reads an empty body as an empty object, whatever its type', () => {
    expect(parseJsonBody(Buffer.alloc(0), undefined)).toEqual({});
    expect(parseJsonBody(Buffer.alloc(0), 'text/plain')).toEqual({});
  });

  it('needs a JSON content type for a non-empty body (415)', () => {
    expect(() => parseJsonBody(Buffer.from('{}'), 'text/plain')).toThrow(
      expect.objectContaining({ status: 415, message: 'request body must be JSON: send Content-Type: application/json' }),
    );
    expect(parseJsonBody(Buffer.from('{"a":1}'), 'application/json; charset=utf-8')).toEqual({ a: 1 });
    expect(parseJsonBody(Buffer.from('{"a":1}'), 'application/merge-patch+json')).toEqual({ a: 1 });
  });

  it('refuses invalid JSON and invalid UTF-8 with 400, saying which', () => {
    expect(() => parseJsonBody(Buffer.from('{"a":'), json)).toThrow(
      expect.objectContaining({ status: 400, message: expect.stringMatching(/^request body is not valid JSON: .+/) }),
    );
    expect(() => parseJsonBody(Buffer.from([0x22, 0xff, 0x22]), json)).toThrow(
      expect.objectContaining({ status: 400, message: 'request body is not valid UTF-8' }),
    );
    // A decoder that kept state between bodies would misread the next one.
    expect(() => parseJsonBody(Buffer.from([0x22, 0xe2, 0x82]), json)).toThrow(/UTF-8/);
    expect(parseJsonBody(Buffer.from('"€"'), json)).toBe('€');
  });

  it('refuses keys that reach an object prototype, at any depth, naming the key', () => {
    const cases: Array<[string, string]> = [
      ['{"__proto__":{"x":1}}', '__proto__'],
      ['{"a":[{"constructor":{}}]}', 'constructor'],
      ['{"a":{"prototype":1}}', 'prototype'],
      ['[[{"b":{"__proto__":null}}]]', '__proto__'],
    ];
    for (const [text, key] of cases) {
      expect(() => parseJsonBody(Buffer.from(text), json)).toThrow(
        expect.objectContaining({ status: 400, message: `property name "${key}" is not allowed` }),
      );
    }
    expect(parseJsonBody(Buffer.from('{"proto":1,"Constructor":[null,"prototype"]}'), json)).toEqual({ proto: 1, Constructor: [null, 'prototype'] });
  });

  it('takes 65 levels of nesting and refuses 66, in arrays as in objects', () => {
    const arrays = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
    const objects = (levels: number) => '{"a":'.repeat(levels - 1) + '{}' + '}'.repeat(levels - 1);
    expect(parseJsonBody(Buffer.from(arrays(65)), json)).toBeInstanceOf(Array);
    expect(parseJsonBody(Buffer.from(objects(65)), json)).toBeInstanceOf(Object);
    for (const deep of [arrays(66), objects(66)]) {
      expect(() => parseJsonBody(Buffer.from(deep), json)).toThrow(
        expect.objectContaining({ status: 400, message: 'request body is nested more than 64 levels deep' }),
      );
    }
  });
});
