import { describe, expect, it } from 'vitest';
import { matchAppRoute } from '../src/app-routes';

// The gateway answers 404 for what the web app's router has no page for: it must match
// addresses as the router does.

describe('matchAppRoute', () => {
  it('finds each page, its `:name` segments decoded', () => {
    expect(matchAppRoute('/')).toEqual({ name: 'root', params: {} });
    expect(matchAppRoute('/dev/mail')).toEqual({ name: 'devMail', params: {} });
    expect(matchAppRoute('/post/abc')).toEqual({ name: 'post', params: { postId: 'abc' } });
    expect(matchAppRoute('/user/a%20b')).toEqual({ name: 'user', params: { userId: 'a b' } });
  });

  it('takes any letter case and one trailing slash, as the router does', () => {
    expect(matchAppRoute('/Home')?.name).toBe('home');
    expect(matchAppRoute('/messages/')?.name).toBe('messages');
    expect(matchAppRoute('/POST/abc/')).toEqual({ name: 'post', params: { postId: 'abc' } });
  });

  it.each(['/homes', '/post', '/post/abc/edit', '/dev', '/messages//', '//home', '/user/%E0%A4%A', 'home'])(
    'has no page for %s',
    (path) => {
      expect(matchAppRoute(path)).toBeNull();
    },
  );
});
