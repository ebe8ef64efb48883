import { randomUUID } from 'node:crypto';
import {
  CreatePostRequest,
  GROUP_MEMBERS_ONLY_POSTS,
  GROUP_NOT_FOUND,
  matchesSavedSearch,
  SAVED_SEARCHES_MAX,
  UpdatePostRequest,
} from '@waco/contracts';
import { type PastEvent, RuleBroken } from '@waco/platform';
import { deciderSpecification } from '@waco/platform/testing';
import { describe, expect, it } from 'vitest';
import { attendanceDecider } from '../src/domain/attendance';
import { calendarOf } from '../src/domain/calendar';
import {
  type CreatePost,
  NOT_THE_OWNER,
  POST_NOT_FOUND,
  postDecider,
  postDeciderFor,
} from '../src/domain/post';
import { savedSearchDecider } from '../src/domain/saved-search';

/** A post's lifecycle, given/when/then: who may do what in which state. */

const owner = randomUUID();
const other = randomUUID();
const postId = randomUUID();
const now = '2030-01-01T12:00:00.000Z';
const spec = deciderSpecification(postDeciderFor(postId));

/** The events a post's stream starts with: its creation as the create decider records it. */
function created(overrides: Partial<CreatePost['post']> = {}): PastEvent[] {
  const post = CreatePostRequest.parse({
    category: 'sale',
    title: 'Oak chair',
    description: 'Solid oak',
    price: '45',
    imagePaths: ['/objects/uploads/a.jpg'],
    ...overrides,
  });
  return postDecider.decide(
    { postId, userId: owner, post, uploadedByPoster: null, now },
    postDecider.initialState,
  );
}
const event = (type: string, data: object = {}): PastEvent => ({ type, data });
const edit = (changes: object, actorId = owner, uploaded: ReadonlySet<string> | null = null) => ({
  type: 'edit' as const,
  actorId,
  changes: UpdatePostRequest.parse(changes),
  uploadedByActor: uploaded,
});

describe('creating', () => {
  it('records when the post expires: 30 days on, or the day after an event', () => {
    expect(created()[0]?.data).toMatchObject({ expiresAt: '2030-01-31T12:00:00.000Z' });
    const party = created({ category: 'event', eventDate: '2030-03-01T18:00:00Z', price: null });
    expect(party[0]?.data).toMatchObject({ expiresAt: '2030-03-02T18:00:00.000Z' });
  });
});

describe('editing', () => {
  it('records only what changed, with its previous value', () => {
    spec
      .given(created())
      .when(edit({ price: '40', title: 'Oak chair' }))
      .then(([e]) => {
        expect(e?.type).toBe('PostEdited');
        expect(e?.data).toMatchObject({ changes: { price: '40.00' }, previous: { price: '45.00' } });
        expect((e?.data as { changes: object } | undefined)?.changes).not.toHaveProperty('title');
      });
  });

  it('records nothing when nothing changed', () => {
    spec
      .given(created())
      .when(edit({ price: '45.00' }))
      .thenNothingHappens();
  });

  it('refuses anyone but the owner (403), and a post that does not exist or was deleted (404)', () => {
    spec
      .given(created())
      .when(edit({ price: '1' }, other))
      .thenThrows(RuleBroken, NOT_THE_OWNER);
    spec
      .given([])
      .when(edit({ price: '1' }))
      .thenThrows(RuleBroken, POST_NOT_FOUND);
    spec
      .given([...created(), event('PostDeleted')])
      .when(edit({ price: '1' }))
      .thenThrows(RuleBroken, POST_NOT_FOUND);
  });

  it('takes new photos only from the owner’s uploads, and keeps the ones already there', () => {
    const uploaded = new Set(['/objects/uploads/b.jpg']);
    spec
      .given(created())
      .when(edit({ imagePaths: ['/objects/uploads/a.jpg', '/objects/uploads/b.jpg'] }, owner, uploaded))
      .then((events) => expect(events).toHaveLength(1));
    spec
      .given(created())
      .when(edit({ imagePaths: ['/objects/uploads/c.jpg'] }, owner, uploaded))
      .thenThrows(RuleBroken, 'Photos must be ones you uploaded');
  });

  it('keeps an event’s date, and moves its expiry with it', () => {
    const party = created({ category: 'event', eventDate: '2030-03-01T18:00:00Z', price: null });
    spec
      .given(party)
      .when(edit({ eventDate: '' }))
      .thenThrows(RuleBroken, 'Event date is required');
    spec
      .given(party)
      .when(edit({ eventDate: '2030-04-01T18:00:00Z' }))
      .then(([e]) => expect(e?.data).toMatchObject({ expiresAt: '2030-04-02T18:00:00.000Z' }));
  });

  it('is allowed on closed and expired posts', () => {
    for (const state of ['PostClosed', 'PostExpired'])
      spec
        .given([...created(), event(state)])
        .when(edit({ price: '1' }))
        .then((events) => expect(events).toHaveLength(1));
  });
});

describe('closing and reopening', () => {
  const close = (reason: 'sold' | 'filled' | 'cancelled', actorId = owner) => ({
    type: 'close' as const,
    actorId,
    reason,
  });

  it('marks a sale sold, a job filled, an event cancelled, and nothing else', () => {
    spec
      .given(created())
      .when(close('sold'))
      .then(([e]) => expect(e).toMatchObject({ type: 'PostClosed', data: { reason: 'sold' } }));
    spec.given(created()).when(close('filled')).thenThrows(RuleBroken, 'A sale can only be marked sold');
    spec
      .given(created({ category: 'job' }))
      .when(close('filled'))
      .then((events) => expect(events).toHaveLength(1));
    spec
      .given(created({ category: 'event', eventDate: '2030-03-01T18:00:00Z' }))
      .when(close('sold'))
      .thenThrows(RuleBroken, 'An event can only be marked cancelled');
  });

  it('refuses another user, does nothing twice, and refuses an expired post', () => {
    spec.given(created()).when(close('sold', other)).thenThrows(RuleBroken, NOT_THE_OWNER);
    spec
      .given([...created(), event('PostClosed')])
      .when(close('sold'))
      .thenNothingHappens();
    spec
      .given([...created(), event('PostExpired')])
      .when(close('sold'))
      .thenThrows(RuleBroken, 'expired');
  });

  it('reopens a closed post only, by its owner only', () => {
    const reopen = (actorId = owner) => ({ type: 'reopen' as const, actorId });
    spec
      .given([...created(), event('PostClosed')])
      .when(reopen())
      .then(([e]) => expect(e?.type).toBe('PostReopened'));
    spec
      .given([...created(), event('PostClosed')])
      .when(reopen(other))
      .thenThrows(RuleBroken, NOT_THE_OWNER);
    spec.given(created()).when(reopen()).thenNothingHappens();
    spec
      .given([...created(), event('PostExpired')])
      .when(reopen())
      .thenThrows(RuleBroken, 'Only a closed post can be reopened');
  });
});

describe('renewing', () => {
  const renew = (actorId = owner, at = '2030-02-10T00:00:00.000Z') => ({
    type: 'renew' as const,
    actorId,
    now: at,
  });

  it('gives an expired or active post 30 more days from now', () => {
    for (const given of [created(), [...created(), event('PostExpired')]])
      spec
        .given(given)
        .when(renew())
        .then(([e]) =>
          expect(e).toMatchObject({ type: 'PostRenewed', data: { expiresAt: '2030-03-12T00:00:00.000Z' } }),
        );
  });

  it('refuses another user, a closed post, and an event whose date has passed', () => {
    spec.given(created()).when(renew(other)).thenThrows(RuleBroken, NOT_THE_OWNER);
    spec
      .given([...created(), event('PostClosed')])
      .when(renew())
      .thenThrows(RuleBroken, 'reopen it first');
    spec
      .given(created({ category: 'event', eventDate: '2030-01-05T18:00:00Z' }))
      .when(renew())
      .thenThrows(RuleBroken, "This event's date has passed");
  });
});

describe('deleting', () => {
  it('is the owner’s, in any state, once', () => {
    const del = (actorId = owner) => ({ type: 'delete' as const, actorId });
    spec
      .given([...created(), event('PostClosed')])
      .when(del())
      .then(([e]) =>
        expect(e).toMatchObject({ type: 'PostDeleted', data: { imagePaths: ['/objects/uploads/a.jpg'] } }),
      );
    spec.given(created()).when(del(other)).thenThrows(RuleBroken, NOT_THE_OWNER);
    spec
      .given([...created(), event('PostDeleted')])
      .when(del())
      .thenThrows(RuleBroken, POST_NOT_FOUND);
  });
});

describe('the expiry sweep', () => {
  const sweep = (type: 'expire' | 'remind', at: string) => ({
    type,
    now: at,
    knownExpiresAt: '2000-01-01T00:00:00.000Z',
  });

  it('expires an active post once it is due, and only once', () => {
    spec.given(created()).when(sweep('expire', '2030-01-30T00:00:00.000Z')).thenNothingHappens();
    spec
      .given(created())
      .when(sweep('expire', '2030-01-31T12:00:00.000Z'))
      .then(([e]) =>
        expect(e).toMatchObject({ type: 'PostExpired', data: { expiresAt: '2030-01-31T12:00:00.000Z' } }),
      );
    spec
      .given([...created(), event('PostExpired')])
      .when(sweep('expire', '2030-03-01T00:00:00.000Z'))
      .thenNothingHappens();
    spec
      .given([...created(), event('PostClosed')])
      .when(sweep('expire', '2030-03-01T00:00:00.000Z'))
      .thenNothingHappens();
  });

  it('reminds the owner three days ahead, once per expiry date', () => {
    spec.given(created()).when(sweep('remind', '2030-01-28T00:00:00.000Z')).thenNothingHappens();
    spec
      .given(created())
      .when(sweep('remind', '2030-01-28T12:00:00.000Z'))
      .then(([e]) => expect(e?.type).toBe('PostExpiringSoon'));
    const reminded = event('PostExpiringSoon', { expiresAt: '2030-01-31T12:00:00.000Z' });
    spec
      .given([...created(), reminded])
      .when(sweep('remind', '2030-01-29T00:00:00.000Z'))
      .thenNothingHappens();
    // Renewed: the new expiry date gets its own reminder.
    spec
      .given([...created(), reminded, event('PostRenewed', { expiresAt: '2030-02-28T12:00:00.000Z' })])
      .when(sweep('remind', '2030-02-26T00:00:00.000Z'))
      .then(([e]) => expect(e?.type).toBe('PostExpiringSoon'));
  });

  it('uses the read table’s expiry for posts made before expiry was recorded', () => {
    const old = [event('PostCreated', { ...(created()[0]?.data as object), expiresAt: undefined })];
    spec
      .given(old)
      .when({ type: 'expire', now, knownExpiresAt: '2029-12-31T00:00:00.000Z' })
      .then(([e]) => expect(e?.type).toBe('PostExpired'));
  });
});

describe('withdrawing an event answer', () => {
  const post = { postId, ownerId: owner, title: 'Porch concert', category: 'event' as const };
  const aspec = deciderSpecification(attendanceDecider);
  const set = event('AttendanceSet', { status: 'going' });

  it('removes the answer, and does nothing without one', () => {
    aspec
      .given([set])
      .when({ post, userId: other, status: null })
      .then(([e]) =>
        expect(e).toMatchObject({ type: 'AttendanceWithdrawn', data: { previousStatus: 'going' } }),
      );
    aspec
      .given([set, event('AttendanceWithdrawn')])
      .when({ post, userId: other, status: null })
      .thenNothingHappens();
  });

  it('refuses a new answer to a cancelled event, but lets one withdraw', () => {
    aspec
      .given([])
      .when({ post, userId: other, status: 'going', cancelled: true })
      .thenThrows(RuleBroken, 'This event was cancelled');
    aspec
      .given([set])
      .when({ post, userId: other, status: null, cancelled: true })
      .then((events) => expect(events).toHaveLength(1));
  });
});

describe('saved searches', () => {
  const sspec = deciderSpecification(savedSearchDecider);
  const searchId = randomUUID();
  const criteria = { query: 'chair', category: null, neighborhood: null, minPrice: null, maxPrice: 50 };
  const save = (savedSoFar = 0) => ({ type: 'save' as const, searchId, userId: owner, criteria, savedSoFar });
  const saved = event('SavedSearchCreated', { userId: owner });

  it('saves one, up to the limit', () => {
    sspec
      .given([])
      .when(save())
      .then(([e]) => expect(e).toMatchObject({ type: 'SavedSearchCreated', data: { maxPrice: 50 } }));
    sspec.given([]).when(save(SAVED_SEARCHES_MAX)).thenThrows(RuleBroken, 'at most');
  });

  it('is removed by its owner only, once', () => {
    const remove = (actorId = owner) => ({ type: 'remove' as const, searchId, actorId });
    sspec
      .given([saved])
      .when(remove())
      .then(([e]) => expect(e?.type).toBe('SavedSearchDeleted'));
    sspec.given([saved]).when(remove(other)).thenThrows(RuleBroken, 'Only the person who saved');
    sspec
      .given([saved, event('SavedSearchDeleted')])
      .when(remove())
      .thenThrows(RuleBroken, 'not found');
    sspec.given([]).when(remove()).thenThrows(RuleBroken, 'not found');
  });

  it('matches new posts by filters, price range and word prefixes', () => {
    const post = {
      title: 'Oak rocking chair',
      description: 'Solid #oak',
      company: null,
      category: 'sale' as const,
      neighborhood: 'downtown',
      price: '45.00',
    };
    expect(matchesSavedSearch(criteria, post)).toBe(true);
    expect(matchesSavedSearch({ ...criteria, query: 'rock #oak' }, post)).toBe(true);
    expect(matchesSavedSearch({ ...criteria, query: 'table' }, post)).toBe(false);
    expect(matchesSavedSearch({ ...criteria, maxPrice: 40 }, post)).toBe(false);
    expect(matchesSavedSearch({ ...criteria, query: null, category: 'job' }, post)).toBe(false);
    expect(matchesSavedSearch({ ...criteria, query: null }, { ...post, price: null })).toBe(false);
  });
});

describe('the calendar file (RFC 5545)', () => {
  const ics = calendarOf({
    id: postId,
    title: 'Porch concert; bring chairs, snacks \\ drinks',
    description: `Line one\nLine two, with a long tail ${'é'.repeat(60)}`,
    address: '1 Elm St, Waco',
    eventDate: '2030-06-01T23:30:00.000Z',
    updatedAt: '2030-01-01T00:00:00.000Z',
    cancelled: false,
  });

  it('ends every line with CRLF and folds lines over 75 octets without splitting a character', () => {
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(ics).toContain('\r\n ');
    expect(ics.replace(/\r\n /g, '')).toContain(`with a long tail ${'é'.repeat(60)}`);
  });

  it('escapes text and writes UTC times', () => {
    expect(ics).toContain('SUMMARY:Porch concert\\; bring chairs\\, snacks \\\\ drinks');
    expect(ics).toContain('DTSTART:20300601T233000Z');
    expect(ics).toContain('LOCATION:1 Elm St\\, Waco');
    expect(ics).toMatch(/BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:/);
  });
});

describe('pending: an offer accepted on a sale, before sold', () => {
  const buyerId = randomUUID();
  const offerId = randomUUID();
  const pend = { type: 'pend' as const, buyerId, offerId };
  const pending = event('PostMarkedPending', { postId, ownerId: owner, category: 'sale', buyerId, offerId });

  it('makes an active sale pending once; nothing for a pending, closed, deleted post or an event', () => {
    spec
      .given(created())
      .when(pend)
      .then(([e]) =>
        expect(e).toMatchObject({ type: 'PostMarkedPending', data: { postId, buyerId, offerId } }),
      );
    spec
      .given([...created(), pending])
      .when(pend)
      .thenNothingHappens();
    spec
      .given([...created(), event('PostClosed', { reason: 'sold' })])
      .when(pend)
      .thenNothingHappens();
    spec
      .given([...created(), event('PostDeleted', { imagePaths: [] })])
      .when(pend)
      .thenNothingHappens();
    spec.given([]).when(pend).thenNothingHappens();
    spec
      .given(created({ category: 'event', eventDate: '2030-03-01T18:00:00Z', price: null }))
      .when(pend)
      .thenNothingHappens();
  });

  it('the owner puts it back up (reopen) or sells it, to a buyer who is not themself; a sale clears pending', () => {
    spec
      .given([...created(), pending])
      .when({ type: 'reopen', actorId: owner })
      .then(([e]) => expect(e?.type).toBe('PostPendingCleared'));
    spec
      .given([...created(), pending])
      .when({ type: 'reopen', actorId: other })
      .thenThrows(RuleBroken, NOT_THE_OWNER);
    spec
      .given([...created(), pending])
      .when({ type: 'close', actorId: owner, reason: 'sold', buyerId })
      .then(([e]) => expect(e).toMatchObject({ type: 'PostClosed', data: { reason: 'sold', buyerId } }));
    spec
      .given([...created(), pending])
      .when({ type: 'close', actorId: owner, reason: 'sold', buyerId: owner })
      .thenThrows(RuleBroken, 'sell to yourself');
    // Sold, then reopened: available, not pending.
    spec
      .given([...created(), pending, event('PostClosed', { reason: 'sold' }), event('PostReopened')])
      .when({ type: 'reopen', actorId: owner })
      .thenNothingHappens();
  });
});

describe('a post in a group', () => {
  const groupId = randomUUID();
  const inGroup = (group: CreatePost['group']) => {
    const post = CreatePostRequest.parse({ category: 'sale', title: 'Book swap', description: 'x', groupId });
    return () =>
      postDecider.decide(
        { postId, userId: owner, post, uploadedByPoster: null, now, group },
        postDecider.initialState,
      );
  };

  it("is made by the group's members only: 403 outside a public group, 404 outside a private or unknown one", () => {
    expect(inGroup({ known: true, isPublic: false, role: 'member' })()[0]?.data).toMatchObject({ groupId });
    expect(inGroup({ known: true, isPublic: true, role: null })).toThrow(GROUP_MEMBERS_ONLY_POSTS);
    expect(inGroup({ known: true, isPublic: false, role: null })).toThrow(GROUP_NOT_FOUND);
    expect(inGroup({ known: false, isPublic: false, role: null })).toThrow(GROUP_NOT_FOUND);
    expect(inGroup(undefined)).toThrow(GROUP_NOT_FOUND);
  });

  it("is deleted by its owner or the group's moderators and admins; a plain member and others get 403", () => {
    const given = inGroup({ known: true, isPublic: true, role: 'member' })();
    for (const groupRole of ['moderator', 'admin'] as const)
      spec
        .given(given)
        .when({ type: 'delete', actorId: other, groupRole })
        .then(([e]) => expect(e?.type).toBe('PostDeleted'));
    for (const groupRole of ['member', null] as const)
      spec
        .given(given)
        .when({ type: 'delete', actorId: other, groupRole })
        .thenThrows(RuleBroken, NOT_THE_OWNER);
    // A group role gives no power over a post outside any group, nor over anything but deleting.
    spec
      .given(created())
      .when({ type: 'delete', actorId: other, groupRole: 'admin' })
      .thenThrows(RuleBroken, NOT_THE_OWNER);
    spec
      .given(given)
      .when({ type: 'close', actorId: other, reason: 'sold' })
      .thenThrows(RuleBroken, NOT_THE_OWNER);
  });
});
