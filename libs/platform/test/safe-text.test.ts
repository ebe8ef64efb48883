import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createHttpApp, type HttpApp } from '../src/http/app';

// A NUL or a lone surrogate in any text a request carries is a 400 that names
// the field, for every route, with or without a schema, before any handler runs.

let app: HttpApp;
const reached: string[] = [];
beforeAll(async () => {
  app = createHttpApp({ name: 'test', logger: pino({ level: 'silent' }) });
  app.post(
    '/profile',
    { schema: { body: z.strictObject({ bio: z.string(), tags: z.array(z.string()).optional() }) } },
    async (req) => {
      reached.push('profile');
      return req.body;
    },
  );
  app.get('/search', { schema: { querystring: z.object({ search: z.string() }) } }, async (req) => {
    reached.push('search');
    return req.query;
  });
  app.get('/things/:id', { schema: { params: z.object({ id: z.string().max(100) }) } }, async (req) => {
    reached.push('thing');
    return req.params;
  });
  // No schema at all: the check still applies.
  app.post('/raw', async (req) => {
    reached.push('raw');
    return { got: req.body };
  });
  await app.ready();
});
afterAll(() => app?.close());

const json = (url: string, body: string) =>
  app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: body });

describe('NUL and lone surrogates', () => {
  it.each([
    ['a NUL in a body field', '/profile', '{"bio":"a\\u0000b"}', 'bio', 'must not contain the NUL character'],
    ['a lone high surrogate', '/profile', '{"bio":"a\\ud800b"}', 'bio', 'broken character'],
    ['a lone low surrogate', '/profile', '{"bio":"\\udc00"}', 'bio', 'broken character'],
    ['a NUL in an array item', '/profile', '{"bio":"ok","tags":["x","\\u0000"]}', 'tags.1', 'NUL'],
    ['a NUL in an unknown key', '/profile', '{"bio":"ok","a\\u0000":1}', 'body', 'NUL'],
    ['a NUL in a route without a schema', '/raw', '{"deep":{"er":["\\u0000"]}}', 'deep.er.0', 'NUL'],
    ['a lone surrogate as the whole body', '/raw', '"\\ud800"', 'body', 'broken character'],
  ])('refuses %s with a 400 naming the field', async (_name, url, body, field, words) => {
    const before = reached.length;
    const res = await json(url, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.stringContaining(words), field });
    expect(res.json().message.startsWith(field)).toBe(true);
    expect(reached.length).toBe(before);
  });

  it.each([
    ['/search?search=a%00b', 'search'],
    ['/search?search=%ED%A0%80', null], // invalid UTF-8 is decoded to U+FFFD, which is fine
    ['/things/a%00b', 'id'],
  ])('checks the query and the path parameters: %s', async (url, field) => {
    const res = await app.inject({ method: 'GET', url });
    if (field === null) {
      expect(res.statusCode).toBe(200);
      return;
    }
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: `${field} must not contain the NUL character (U+0000)`, field });
  });

  it('accepts emoji, ZWJ sequences, flags and combining marks', async () => {
    const bio = 'Hi 😀 👩‍👩‍👧 🇺🇸 e\u0301 \u0001';
    const res = await json('/profile', JSON.stringify({ bio }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ bio });
  });
});

describe('a body passed through unparsed (the gateway streams bodies to the services)', () => {
  it('is left to the service that parses it: the stream is not walked', async () => {
    const gateway = createHttpApp({ name: 'test', logger: pino({ level: 'silent' }) });
    gateway.removeAllContentTypeParsers();
    gateway.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
    gateway.post('/through', async (req) => {
      let bytes = 0;
      for await (const chunk of req.body as AsyncIterable<Buffer>) bytes += chunk.length;
      return { bytes };
    });
    try {
      const res = await gateway.inject({
        method: 'POST',
        url: '/through',
        headers: { 'content-type': 'application/json' },
        payload: '{"bio":"a\\u0000b"}',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ bytes: 18 });
      // Its query is still checked.
      const query = await gateway.inject({ method: 'POST', url: '/through?search=%00', payload: '' });
      expect(query.statusCode).toBe(400);
      expect(query.json().field).toBe('search');
    } finally {
      await gateway.close();
    }
  });
});
