import { describe, expect, it } from 'vitest';
import { subjectMatches } from '../src/bus/jetstream/lag';

// `ops lag` tells which events no durable consumer reads by matching each subject of a stream
// against the durables' filters as NATS does: a wrong answer either hides a consumer that is away
// (likes piling up unread) or cries wolf on every stream.
describe('subjectMatches (NATS filter rules)', () => {
  it('takes a busy subject only with a filter that reaches its depth', () => {
    const like = 'w.posts.events.busy.post_liked';
    expect(subjectMatches('w.posts.events.>', like)).toBe(true);
    expect(subjectMatches('w.posts.events.*', like)).toBe(false);
    expect(subjectMatches('w.posts.events.busy.post_liked', like)).toBe(true);
    expect(subjectMatches('w.posts.events.busy.*', like)).toBe(true);
    expect(subjectMatches('>', like)).toBe(true);
  });

  it('matches token by token: `*` is one token, `>` one or more at the end', () => {
    expect(subjectMatches('w.posts.events.*', 'w.posts.events.post_created')).toBe(true);
    expect(subjectMatches('w.posts.events.post_created', 'w.posts.events.post_closed')).toBe(false);
    expect(subjectMatches('w.posts.events.>', 'w.posts.events')).toBe(false);
    expect(subjectMatches('w.posts.*', 'w.posts.events.post_created')).toBe(false);
    expect(subjectMatches('w.identity.events.*', 'w.posts.events.post_created')).toBe(false);
  });
});
