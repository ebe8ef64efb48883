import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, HttpError } from '../src/api/http';

function answer(status: number, body: string, statusText: string) {
  return vi.fn(async () => new Response(body || null, { status, statusText }));
}

describe('the fetch wrapper (spec section 8)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends credentials and a JSON body', async () => {
    const fetch = vi.fn(async () => Response.json({ liked: true }));
    vi.stubGlobal('fetch', fetch);
    await expect(apiRequest('/api/posts/x/like', { method: 'POST', body: { a: 1 } })).resolves.toEqual({
      liked: true,
    });
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/posts/x/like');
    expect(init.credentials).toBe('include');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('turns a non-ok answer into "{status}: {body text}"', async () => {
    vi.stubGlobal('fetch', answer(401, '{"message":"Invalid email or password"}', 'Unauthorized'));
    const error = await apiRequest('/api/login').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe('401: {"message":"Invalid email or password"}');
    expect((error as HttpError).status).toBe(401);
    expect((error as HttpError).serverMessage).toBe('Invalid email or password');
  });

  it('uses the status text when the body is empty', async () => {
    vi.stubGlobal('fetch', answer(503, '', 'Service Unavailable'));
    await expect(apiRequest('/api/posts')).rejects.toThrow(/^503: Service Unavailable$/);
  });

  it('keeps a plain-text body as it is', async () => {
    vi.stubGlobal('fetch', answer(500, 'upstream went away', 'Internal Server Error'));
    await expect(apiRequest('/api/posts')).rejects.toThrow('500: upstream went away');
  });
});
