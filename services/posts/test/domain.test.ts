import { randomUUID } from 'node:crypto';
import { CreatePostRequest } from '@waco/contracts';
import { RuleBroken } from '@waco/platform';
import { deciderSpecification } from '@waco/platform/testing';
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from '../src/db/feed-cursor';
import { attendanceDecider, NOT_AN_EVENT } from '../src/domain/attendance';
import { filterUsageDecider, normalizeFilterValue } from '../src/domain/filter-usage';
import { postDecider } from '../src/domain/post';
import type { PostRef } from '../src/domain/post-ref';
import { reactionDecider } from '../src/domain/reactions';

/** The pure decisions, given/when/then, without a database. */

const owner = randomUUID();
const user = randomUUID();
const now = '2030-01-01T12:00:00.000Z';
const eventPost: PostRef = {
  postId: randomUUID(),
  ownerId: owner,
  category: 'event',
};
const salePost: PostRef = { ...eventPost, postId: randomUUID(), category: 'sale' };

describe('creating a post', () => {
  const postId = randomUUID();
  const request = CreatePostRequest.parse({
    category: 'sale',
    title: '  Oak chair ',
    description: 'Solid oak',
    price: '45.5',
    imagePaths: ['/objects/a.jpg'],
    contactEmail: '',
  });
  const spec = deciderSpecification(postDecider);

  it('records PostCreated with the normalised fields', () => {
    spec
      .given([])
      .when({ postId, userId: owner, post: request, uploadedByPoster: null, now })
      .then(([event]) => {
        expect(event?.type).toBe('PostCreated');
        expect(event?.data).toMatchObject({
          postId,
          ownerId: owner,
          title: 'Oak chair',
          price: '45.50',
          neighborhood: 'other',
          contactEmail: null,
          imagePaths: ['/objects/a.jpg'],
        });
      });
  });

  it('refuses a photo the poster did not upload, when that rule is on', () => {
    const command = { postId, userId: owner, post: request, uploadedByPoster: new Set<string>(), now };
    spec.given([]).when(command).thenThrows(RuleBroken);
    const allowed = { ...command, uploadedByPoster: new Set(['/objects/a.jpg']) };
    spec
      .given([])
      .when(allowed)
      .then((events) => expect(events).toHaveLength(1));
  });

  it('refuses to create the same post twice', () => {
    spec
      .given([{ type: 'PostCreated', data: {} }])
      .when({ postId, userId: owner, post: request, uploadedByPoster: null, now })
      .thenThrows(RuleBroken, 'already exists');
  });
});

describe.each([
  ['like', 'PostLiked', 'PostUnliked'],
  ['save', 'PostSaved', 'PostUnsaved'],
] as const)('toggling a %s', (kind, on, off) => {
  const spec = deciderSpecification(reactionDecider(kind));
  const toggle = { post: salePost, userId: user };

  it(`given nothing, records ${on} with the post's reference and the actor`, () => {
    spec
      .given([])
      .when(toggle)
      .then([{ type: on, schemaVersion: 1, data: { ...salePost, userId: user } }]);
  });

  it(`given ${on}, records ${off}`, () => {
    spec
      .given([{ type: on, data: {} }])
      .when(toggle)
      .then(([event]) => expect(event?.type).toBe(off));
  });

  it(`given ${on} then ${off}, records ${on} again`, () => {
    spec
      .given([
        { type: on, data: {} },
        { type: off, data: {} },
      ])
      .when(toggle)
      .then(([event]) => expect(event?.type).toBe(on));
  });
});

describe('answering an event', () => {
  const spec = deciderSpecification(attendanceDecider);

  it('records AttendanceSet with the previous answer', () => {
    const first = attendanceDecider.decide(
      { post: eventPost, userId: user, status: 'interested' },
      attendanceDecider.initialState,
    );
    expect(first[0]?.data).toMatchObject({ status: 'interested', previousStatus: null, userId: user });
    spec
      .given(first)
      .when({ post: eventPost, userId: user, status: 'going' })
      .then(([second]) =>
        expect(second?.data).toMatchObject({ status: 'going', previousStatus: 'interested' }),
      );
  });

  it('records nothing when the answer does not change', () => {
    spec
      .given([{ type: 'AttendanceSet', data: { status: 'going' } }])
      .when({ post: eventPost, userId: user, status: 'going' })
      .thenNothingHappens();
  });

  it('refuses a post that is not an event', () => {
    spec
      .given([])
      .when({ post: salePost, userId: user, status: 'going' })
      .thenThrows(RuleBroken, NOT_AN_EVENT);
  });
});

describe('filter usage', () => {
  const spec = deciderSpecification(filterUsageDecider);

  it('normalises values so that the same filter counts once', () => {
    expect(normalizeFilterValue('search_term', '  Red   Bike ')).toBe('red bike');
    expect(normalizeFilterValue('tag', '#PartTime')).toBe('parttime');
    expect(normalizeFilterValue('search_term', '#PartTime')).toBe('#parttime');
  });

  it('records FilterUsed, and refuses a value that normalises to nothing', () => {
    spec
      .given([])
      .when({ userId: user, filterType: 'category', filterValue: 'Event' })
      .then(([event]) =>
        expect(event?.data).toEqual({ userId: user, filterType: 'category', filterValue: 'event' }),
      );
    spec.given([]).when({ userId: user, filterType: 'tag', filterValue: '##' }).thenThrows(RuleBroken);
  });
});

describe('feed cursors', () => {
  it('round-trip, and forged ones are refused', () => {
    const keyset = { kind: 'keyset', at: '2030-01-01T00:00:00.000Z', id: randomUUID() } as const;
    expect(decodeCursor(encodeCursor(keyset))).toEqual(keyset);
    expect(decodeCursor(encodeCursor({ kind: 'offset', offset: 30 }))).toEqual({
      kind: 'offset',
      offset: 30,
    });
    for (const forged of ['', 'abc', Buffer.from('{"o":-1}').toString('base64url')]) {
      expect(() => decodeCursor(forged)).toThrow('cursor');
    }
  });
});

describe('the post schema shared with the web form', () => {
  it('takes blank optional fields as not given and stores event dates in UTC', () => {
    const parsed = CreatePostRequest.parse({
      category: 'event',
      title: 'Art walk',
      description: 'Downtown',
      price: '',
      company: '',
      eventDate: '2030-03-01T18:00:00-06:00',
    });
    expect(parsed).toMatchObject({ price: null, company: null, eventDate: '2030-03-02T00:00:00.000Z' });
  });

  it('formats prices with two decimals, up to 99999999.99', () => {
    const price = (p: string) =>
      CreatePostRequest.parse({ category: 'sale', title: 'Sofa', description: 'x', price: p }).price;
    expect(price('0')).toBe('0.00');
    expect(price('12.5')).toBe('12.50');
    expect(price('99999999.99')).toBe('99999999.99');
    expect(
      CreatePostRequest.safeParse({ category: 'sale', title: 'Sofa', description: 'x', price: '1e3' })
        .success,
    ).toBe(false);
  });
});
