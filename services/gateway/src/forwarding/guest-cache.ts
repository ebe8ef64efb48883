import { createHash } from 'node:crypto';
import {
  GroupHiddenByModerators,
  GroupRestoredByModerators,
  MemberVerificationSet,
  PostClosed,
  PostCreated,
  PostDeleted,
  PostEdited,
  PostExpired,
  PostHiddenByModerators,
  PostMarkedPending,
  PostPendingCleared,
  PostReopened,
  PostRestoredByModerators,
  ProfileUpdated,
  UserDeleted,
  UserReinstated,
  UserSuspended,
} from '@waco/contracts';

/**
 * Guests' answers, kept for a moment. A public page's data (the feed, a post, a profile, a tag)
 * is the same for every guest, and guests are most of a city's readers: the gateway keeps a
 * guest's successful answer for `ttlMs` and gives it to the next guests without asking the
 * service (nor its database) again. Members are never answered from here: their answers differ
 * (blocks, their groups, their own hidden posts), and nothing a member was answered is kept.
 *
 * How stale an answer can be: at most `ttlMs` (GUEST_CACHE_MS, 1 s by default), for counts (likes,
 * saves, comments, answers to events). A new post, or a change that takes something away or
 * rewrites it (an edit, a close, a deletion, a moderator's hiding, a profile change:
 * `GUEST_CACHE_FLUSHES`) empties the cache as soon as this gateway hears its event; an answer
 * that was on its way while that happened is not kept.
 *
 * Each entry carries an ETag, so a client that asks again with `If-None-Match` gets a 304.
 */
export class GuestCache {
  private readonly entries = new Map<string, GuestAnswer>();
  /** Raised by every flush: an answer asked for before it is not kept after it. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1_000,
  ) {}

  get enabled() {
    return this.ttlMs > 0;
  }

  /** The answer kept for `key` (method-less: path and query), if still fresh. */
  get(key: string, now = Date.now()): GuestAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (now - entry.storedAt < this.ttlMs) return entry;
    this.entries.delete(key);
    return undefined;
  }

  /** What `keep` must be given back, taken when the request is sent on. */
  ticket(): number {
    return this.generation;
  }

  /** Keeps an answer, unless a flush came since its request left (`ticket`). */
  keep(key: string, ticket: number, answer: { contentType: string; body: Buffer }, now = Date.now()) {
    // (How large an answer may be kept, the forward bounds: upstream-forward.ts, KEPT_BYTES.)
    if (!this.enabled || ticket !== this.generation) return;
    // Oldest first: Map keeps insertion order, and a renewed key goes to the end.
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { ...answer, etag: etagOf(answer.body), storedAt: now });
  }

  /** Forgets every answer: something a guest sees changed. */
  flush() {
    this.generation++;
    this.entries.clear();
  }

  get size() {
    return this.entries.size;
  }
}

export interface GuestAnswer {
  contentType: string;
  body: Buffer;
  etag: string;
  storedAt: number;
}

/** GUEST_CACHE_MS's default. */
export const DEFAULT_GUEST_CACHE_MS = 1_000;

/**
 * The headers a guest's public answer leaves with (a flat list, as the forward writes them): any
 * cache (the browser's, a CDN's) may keep it but must check with the gateway before each use (an
 * ETag makes that a 304), and only for requests with the same cookies, so a member is never given
 * a guest's answer, nor the reverse.
 */
export const GUEST_ANSWER_HEADERS: readonly string[] = ['cache-control', 'no-cache', 'vary', 'cookie'];

const etagOf = (body: Buffer) => `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;

/** Whether the request's `If-None-Match` names the entry's ETag. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim() === etag || `W/${tag.trim()}` === etag);
}

/**
 * The events after which what guests were answered may be wrong beyond a stale count: the
 * gateway empties its cache when it hears one (gateway.ts subscribes to them).
 */
export const GUEST_CACHE_FLUSHES = [
  PostCreated,
  PostEdited,
  PostClosed,
  PostReopened,
  PostDeleted,
  PostMarkedPending,
  PostPendingCleared,
  PostExpired,
  PostHiddenByModerators,
  PostRestoredByModerators,
  GroupHiddenByModerators,
  GroupRestoredByModerators,
  UserSuspended,
  UserReinstated,
  MemberVerificationSet,
  ProfileUpdated,
  UserDeleted,
] as const;
