import { readFileSync } from 'node:fs';
import { FEED_PAGE_SIZE, SIGNED_IN_HINT_COOKIE, STORAGE_KEYS } from '@waco/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, UPLOADER_BASE } from '../src/api/client';
import { BOOT_FEED_PATH } from '../src/features/feed/hooks/posts';

describe('the typed client of the endpoint table', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('calls an endpoint by name: its method, its path with the parameters filled in, its body', async () => {
    const fetch = vi.fn(async () => Response.json({ status: 'going' }));
    vi.stubGlobal('fetch', fetch);
    await expect(api.call('setAttendance', { body: { postId: 'p/1', status: 'going' } })).resolves.toEqual({
      status: 'going',
    });
    await api.call('readNotification', { params: { id: 'a b/c' } });
    const calls = fetch.mock.calls as unknown as [string, RequestInit][];
    expect(calls[0]?.[0]).toBe('/api/event-attendance');
    expect(calls[0]?.[1].method).toBe('POST');
    expect(calls[0]?.[1].body).toBe('{"postId":"p/1","status":"going"}');
    expect(calls[1]?.[0]).toBe('/api/notifications/a%20b%2Fc/read');
    expect(calls[1]?.[1].method).toBe('PUT');
  });

  it('writes the query in the order given, leaving out what is not set', () => {
    expect(api.url('listPosts', { query: { cursor: 'c', limit: 15, category: undefined, search: '' } })).toBe(
      '/api/posts?cursor=c&limit=15',
    );
    expect(api.url('openStream')).toBe('/api/stream');
  });

  it('asks for the very address the boot script preloads for the first feed page, on its hints', () => {
    const script = readFileSync(new URL('../public/theme-init.js', import.meta.url), 'utf8');
    expect(BOOT_FEED_PATH).toBe(`/api/posts?limit=${FEED_PAGE_SIZE}&offset=0`);
    expect(script).toContain(`'${BOOT_FEED_PATH}'`);
    expect(script).toContain(`${SIGNED_IN_HINT_COOKIE}=`);
    expect(script).toContain(`'${STORAGE_KEYS.guest}'`);
  });

  it('gives the uploader the media endpoints’ base', () => {
    expect(UPLOADER_BASE).toBe('/api/media');
  });

  it('keeps the fetch wrapper’s error text, "{status}: {body}"', async () => {
    vi.stubGlobal('fetch', async () => new Response('{"message":"You are not signed in"}', { status: 401 }));
    await expect(api.call('getCurrentUser')).rejects.toThrow('401: {"message":"You are not signed in"}');
  });
});
