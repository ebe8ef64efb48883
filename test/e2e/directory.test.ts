import {
  ALREADY_REVIEWED,
  BUSINESS_NOT_FOUND,
  BUSINESS_OWNER_ONLY,
  OWNER_CANNOT_REVIEW,
  REVIEW_AUTHOR_ONLY,
  REVIEW_BLOCKED,
} from '@waco/contracts';
import { directoryService } from '@waco/directory';
import { changeModerator, databasesOf } from '@waco/launcher/ops/moderators';
import { waitFor } from '@waco/platform/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { useEmbeddedTestStack } from './support/embedded-test-stack';
import type { Member } from './support/members';
import { expectRebuildToMatchLive } from './support/rebuild';

// The business directory end to end, through the gateway of the embedded stack: adding and
// browsing, claims verified by a site moderator, one review per member with averages exact
// under concurrent reviews, edits and deletions and after a rebuild, blocks and suspensions,
// a deleted account's reviews, the export, and who may call each route.

const stack = useEmbeddedTestStack('dir', { rateLimits: { general: 1_000_000, auth: 1_000_000 } });
const { call, signUp, signUpAll } = stack;

let moderator: Member;

beforeAll(async () => {
  moderator = await signUp('Meg');
  await changeModerator(databasesOf(stack.stack.services), moderator.email, true);
  // directory learns the role from moderation's event.
  await waitFor(
    async () => ((await call(moderator, 'GET', '/api/business-claims')).status === 200 ? true : undefined),
    20_000,
    "directory's copy of the moderator role",
  );
}, 60_000);

const addBusiness = async (who: Member, body: Record<string, unknown> = {}) => {
  const answer = await call(who, 'POST', '/api/businesses', {
    name: 'Brazos Fence & Gate',
    category: 'home_repair',
    description: 'Cedar fences, gates and repairs near Sanger Heights',
    address: '1200 Example Ave, Waco, TX',
    phone: '(254) 555-0100',
    neighborhood: 'sanger_heights',
    ...body,
  });
  expect(answer.status, answer.text).toBe(201);
  return answer.body as { id: string; averageRating: number; reviewsCount: number };
};

/** The member claims the business and the moderator approves: they are its verified owner. */
const ownedBy = async (owner: Member, businessId: string) => {
  const claim = await call(owner, 'POST', `/api/businesses/${businessId}/claim`, {
    note: 'Call the shop number and ask for me',
  });
  expect(claim.body.ownership, claim.text).toBe('claim-pending');
  const decided = await call(moderator, 'POST', `/api/businesses/${businessId}/claim/decision`, {
    approve: true,
  });
  expect(decided.body, decided.text).toMatchObject({ ownerId: owner.id, isVerified: true });
};

/** The exact decimal(3,2) a sum of ratings over a count makes (half up, as Postgres's round). */
const averageOf = (ratings: number[]) =>
  ratings.length === 0
    ? 0
    : Math.round((ratings.reduce((a, b) => a + b, 0) * 100) / ratings.length + Number.EPSILON) / 100;

describe('the directory', () => {
  it('browses by category and neighbourhood, searches by words, sorts by rating and by reviews', async () => {
    const ada = await signUp('Ada');
    const mark = Math.random().toString(36).slice(2, 8);
    const fence = await addBusiness(ada, { name: `Fence ${mark}`, description: `cedar ${mark}` });
    const tacos = await addBusiness(ada, {
      name: `Taqueria ${mark}`,
      category: 'restaurant',
      description: `Breakfast tacos ${mark}`,
      neighborhood: 'downtown',
    });
    const bakery = await addBusiness(ada, {
      name: `Kolache ${mark}`,
      category: 'coffee_bakery',
      description: null,
      neighborhood: 'downtown',
    });
    const reviewers = await Promise.all([signUp('Rae'), signUp('Ray'), signUp('Rex')]);
    const rate = (who: Member, id: string, rating: number) =>
      call(who, 'POST', `/api/businesses/${id}/reviews`, { rating, comment: 'Good' });
    for (const who of reviewers) expect((await rate(who, tacos.id, 4)).status).toBe(201);
    expect((await rate(reviewers[0] as Member, bakery.id, 5)).status).toBe(201);

    const ids = async (query: string) =>
      ((await call(null, 'GET', `/api/businesses?search=${mark}&${query}`)).body as { id: string }[]).map(
        (b) => b.id,
      );
    expect(await ids('sort=rating')).toEqual([bakery.id, tacos.id, fence.id]);
    expect(await ids('sort=reviews')).toEqual([tacos.id, bakery.id, fence.id]);
    expect(await ids('neighborhood=downtown&sort=reviews')).toEqual([tacos.id, bakery.id]);
    expect(await ids('category=restaurant')).toEqual([tacos.id]);
    // Words of the description find it too; `%` is a letter, not a pattern.
    expect(
      (
        (await call(null, 'GET', `/api/businesses?search=${encodeURIComponent(`cedar ${mark}`)}`)).body as {
          id: string;
        }[]
      ).map((b) => b.id),
    ).toEqual([fence.id]);
    expect((await call(null, 'GET', '/api/businesses?search=%25%25%25zz')).body).toEqual([]);
    expect((await call(null, 'GET', `/api/businesses/${tacos.id}`)).body).toMatchObject({
      averageRating: 4,
      reviewsCount: 3,
      isVerified: false,
      ownerId: null,
    });
    const bad = await call(null, 'GET', '/api/businesses?sort=best');
    expect([bad.status, bad.body.message]).toEqual([400, 'sort must be rating, reviews, newest or name']);
  });

  it('keeps the average and the count exact under 30 concurrent reviews, then edits and deletions', async () => {
    const owner = await signUp('Owen');
    const shop = await addBusiness(owner, { name: 'Cameron Park Bikes', category: 'shopping' });
    const people = await Promise.all(Array.from({ length: 30 }, (_, i) => signUp(`Rev${i}`)));
    const ratings = people.map((_, i) => ((i * 7) % 5) + 1);

    const answers = await Promise.all(
      people.map((who, i) =>
        call(who, 'POST', `/api/businesses/${shop.id}/reviews`, {
          rating: ratings[i],
          comment: `Review ${i}`,
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(people.map(() => 201));
    const stored = (await call(null, 'GET', `/api/businesses/${shop.id}`)).body;
    expect([stored.reviewsCount, stored.averageRating]).toEqual([30, averageOf(ratings)]);
    // A second review by the same member is refused, even sent at once.
    const twice = await Promise.all(
      [1, 2].map(() =>
        call(people[0] as Member, 'POST', `/api/businesses/${shop.id}/reviews`, { rating: 1 }),
      ),
    );
    expect(twice.map((a) => [a.status, a.body.message])).toEqual([
      [409, ALREADY_REVIEWED],
      [409, ALREADY_REVIEWED],
    ]);

    // Ten edit theirs and five delete theirs, all at once.
    const reviewIds = answers.map((a) => a.body.review.id as string);
    const edits = people.slice(0, 10).map((who, i) =>
      call(who, 'PATCH', `/api/businesses/${shop.id}/reviews/${reviewIds[i]}`, {
        rating: 5,
        comment: 'Edited',
      }),
    );
    const deletions = people
      .slice(10, 15)
      .map((who, i) => call(who, 'DELETE', `/api/businesses/${shop.id}/reviews/${reviewIds[10 + i]}`));
    const changed = await Promise.all([...edits, ...deletions]);
    expect(changed.map((a) => a.status)).toEqual(changed.map(() => 200));
    const after = [...people.slice(0, 10).map(() => 5), ...ratings.slice(15)];
    const now = (await call(null, 'GET', `/api/businesses/${shop.id}`)).body;
    expect([now.reviewsCount, now.averageRating]).toEqual([after.length, averageOf(after)]);
    const listed = (await call(null, 'GET', `/api/businesses/${shop.id}/reviews`)).body as {
      rating: number;
    }[];
    expect(listed.map((r) => r.rating).sort()).toEqual([...after].sort());
  }, 120_000);
});

describe('owners, moderators and safety', () => {
  it('lets a verified owner edit and answer, never review their own, and keeps blocked members apart', async () => {
    const [owner, adder, bob, eve] = await signUpAll('Olga', 'Abe', 'Bob', 'Eve');
    const biz = await addBusiness(adder, { name: 'Sanger Heights Lawn Care', category: 'lawn_garden' });

    // Before a claim, nobody edits it, not who added it either.
    const early = await call(adder, 'PATCH', `/api/businesses/${biz.id}`, { phone: '(254) 555-0111' });
    expect([early.status, early.body.message]).toEqual([403, BUSINESS_OWNER_ONLY]);
    await ownedBy(owner, biz.id);
    expect((await call(owner, 'GET', `/api/businesses/${biz.id}`)).body.ownership).toBe('owner');
    const edited = await call(owner, 'PATCH', `/api/businesses/${biz.id}`, { phone: '(254) 555-0111' });
    expect(edited.body, edited.text).toMatchObject({
      phone: '(254) 555-0111',
      name: 'Sanger Heights Lawn Care',
    });

    const own = await call(owner, 'POST', `/api/businesses/${biz.id}/reviews`, { rating: 5 });
    expect([own.status, own.body.message]).toEqual([403, OWNER_CANNOT_REVIEW]);

    const review = await call(bob, 'POST', `/api/businesses/${biz.id}/reviews`, {
      rating: 3,
      comment: 'Late',
    });
    expect(review.status, review.text).toBe(201);
    const reviewId = review.body.review.id as string;
    const answerPath = `/api/businesses/${biz.id}/reviews/${reviewId}/reply`;
    const notOwner = await call(bob, 'PUT', answerPath, { reply: 'Me too' });
    expect([notOwner.status, notOwner.body.message]).toEqual([403, BUSINESS_OWNER_ONLY]);
    expect((await call(owner, 'PUT', answerPath, { reply: 'Sorry, rain delay' })).body).toMatchObject({
      reply: 'Sorry, rain delay',
    });
    const othersEdit = await call(eve, 'PATCH', `/api/businesses/${biz.id}/reviews/${reviewId}`, {
      rating: 1,
    });
    expect([othersEdit.status, othersEdit.body.message]).toEqual([403, REVIEW_AUTHOR_ONLY]);

    // The owner blocks Eve: she cannot review the business, nor can anyone she blocked.
    expect((await call(owner, 'POST', `/api/users/${eve.id}/block`)).status).toBe(200);
    const blocked = await waitFor(async () => {
      const answer = await call(eve, 'POST', `/api/businesses/${biz.id}/reviews`, { rating: 1 });
      return answer.status === 403 ? answer : undefined;
    }, 20_000);
    expect(blocked.body.message).toBe(REVIEW_BLOCKED);
  }, 60_000);

  it('refuses a suspended member and takes a business down', async () => {
    const sam = await signUp('Sam');
    const other = await signUp('Ora');
    const biz = await addBusiness(other, { name: 'Downtown Shoe Repair', category: 'shopping' });
    const report = await call(other, 'POST', '/api/reports', {
      targetType: 'user',
      targetId: sam.id,
      reason: 'spam',
    });
    expect(report.status, report.text).toBe(201);
    const queue = (await call(moderator, 'GET', '/api/moderation/reports')).body.cases as {
      id: string;
      target: { id: string };
    }[];
    const found = queue.find((c) => c.target.id === sam.id);
    expect(
      (await call(moderator, 'POST', `/api/moderation/reports/${found?.id}/resolve`, { action: 'suspend' }))
        .status,
    ).toBe(200);
    await waitFor(async () => {
      const answer = await call(sam, 'POST', `/api/businesses/${biz.id}/reviews`, { rating: 1 });
      return answer.status === 403 && /suspended/.test(answer.body.message) ? true : undefined;
    }, 20_000);
    expect((await call(sam, 'POST', '/api/businesses', { name: 'Spam Co', category: 'other' })).status).toBe(
      403,
    );

    expect((await call(other, 'DELETE', `/api/businesses/${biz.id}`)).status).toBe(403);
    expect((await call(moderator, 'DELETE', `/api/businesses/${biz.id}`)).body).toEqual({
      id: biz.id,
      removed: true,
    });
    const gone = await call(null, 'GET', `/api/businesses/${biz.id}`);
    expect([gone.status, gone.body.message]).toEqual([404, BUSINESS_NOT_FOUND]);
    expect((await call(null, 'GET', `/api/businesses/${biz.id}/reviews`)).status).toBe(404);
  }, 60_000);

  it('counts recommendations by the members one follows', async () => {
    const viewer = await signUp('Vic');
    const friends = await Promise.all([signUp('Fay'), signUp('Fox'), signUp('Flo')]);
    const biz = await addBusiness(viewer, { name: 'Creek Meadows Vet', category: 'pets' });
    for (const friend of friends)
      expect((await call(viewer, 'POST', `/api/users/${friend.id}/follow`, {})).status).toBe(200);
    const [fay, fox, flo] = friends as [Member, Member, Member];
    await call(fay, 'POST', `/api/businesses/${biz.id}/reviews`, { rating: 5 });
    await call(fox, 'POST', `/api/businesses/${biz.id}/reviews`, { rating: 4 });
    // Three stars is no recommendation.
    await call(flo, 'POST', `/api/businesses/${biz.id}/reviews`, { rating: 3 });
    await waitFor(async () =>
      (await call(viewer, 'GET', `/api/businesses/${biz.id}`)).body.recommendedByFollowed === 2
        ? true
        : undefined,
    );
    expect((await call(fay, 'GET', `/api/businesses/${biz.id}`)).body.recommendedByFollowed).toBe(0);
    expect((await call(null, 'GET', `/api/businesses/${biz.id}`)).body.recommendedByFollowed).toBe(0);
  }, 60_000);

  it("erases a deleted account's reviews and recomputes the average; the export holds them first", async () => {
    const [leaver, stayer, owner] = await signUpAll('Lee', 'Sue', 'Oz');
    const biz = await addBusiness(leaver, { name: 'Brazos Park Daycare', category: 'childcare' });
    await ownedBy(owner, biz.id);
    const mine = await call(leaver, 'POST', `/api/businesses/${biz.id}/reviews`, {
      rating: 1,
      comment: 'Secret words',
    });
    await call(stayer, 'POST', `/api/businesses/${biz.id}/reviews`, { rating: 4 });
    expect((await call(null, 'GET', `/api/businesses/${biz.id}`)).body.averageRating).toBe(2.5);

    const exported = (await call(leaver, 'GET', '/api/user/export')).body;
    expect(exported.businessesAdded).toEqual([expect.objectContaining({ id: biz.id })]);
    expect(exported.businessReviews).toEqual([
      expect.objectContaining({ id: mine.body.review.id, rating: 1, comment: 'Secret words' }),
    ]);

    const deleted = await call(leaver, 'DELETE', '/api/user', { password: 'correct horse battery' });
    expect(deleted.status, deleted.text).toBeLessThan(300);
    await waitFor(async () => {
      const business = (await call(null, 'GET', `/api/businesses/${biz.id}`)).body;
      return business.reviewsCount === 1 ? business : undefined;
    }, 20_000);
    expect((await call(null, 'GET', `/api/businesses/${biz.id}`)).body).toMatchObject({
      averageRating: 4,
      reviewsCount: 1,
      // A business they added stays, with its owner.
      ownerId: owner.id,
    });
    const reviews = JSON.stringify((await call(null, 'GET', `/api/businesses/${biz.id}/reviews`)).body);
    expect(reviews).not.toContain('Secret words');
  }, 60_000);
});

describe('reports through moderation', () => {
  it('hides a review reported by three members, out of the average, until a moderator dismisses them', async () => {
    const writer = await signUp('Wes');
    const fan = await signUp('Fan');
    const reporters = await Promise.all([signUp('Rh'), signUp('Ri'), signUp('Rj')]);
    const biz = await addBusiness(fan, { name: 'Downtown Tamales', category: 'restaurant' });
    const bad = await call(writer, 'POST', `/api/businesses/${biz.id}/reviews`, {
      rating: 1,
      comment: 'Spam link',
    });
    await call(fan, 'POST', `/api/businesses/${biz.id}/reviews`, { rating: 5 });
    const reviewId = bad.body.review.id as string;
    for (const who of reporters) {
      const filed = await waitFor(async () => {
        const answer = await call(who, 'POST', '/api/reports', {
          targetType: 'review',
          targetId: reviewId,
          reason: 'spam',
        });
        return answer.status === 201 ? answer : undefined;
      }, 20_000);
      expect(filed.body.targetType).toBe('review');
    }
    const hidden = await waitFor(async () => {
      const business = (await call(null, 'GET', `/api/businesses/${biz.id}`)).body;
      return business.reviewsCount === 1 ? business : undefined;
    }, 20_000);
    expect(hidden.averageRating).toBe(5);
    const seen = (await call(null, 'GET', `/api/businesses/${biz.id}/reviews`)).body as { id: string }[];
    expect(seen.map((r) => r.id)).not.toContain(reviewId);
    // Its writer still sees it, marked hidden.
    const own = (await call(writer, 'GET', `/api/businesses/${biz.id}/reviews`)).body as {
      id: string;
      hidden: boolean;
    }[];
    expect(own.find((r) => r.id === reviewId)?.hidden).toBe(true);
    // Still hidden, edits and a deletion keep the average right.
    expect(
      (
        await call(writer, 'PATCH', `/api/businesses/${biz.id}/reviews/${reviewId}`, {
          rating: 2,
          comment: 'Spam link',
        })
      ).status,
    ).toBe(200);
    expect((await call(null, 'GET', `/api/businesses/${biz.id}`)).body).toMatchObject({
      averageRating: 5,
      reviewsCount: 1,
    });

    const cases = (await call(moderator, 'GET', '/api/moderation/reports')).body.cases as {
      id: string;
      target: { id: string; type: string; text: string | null; hidden: boolean };
    }[];
    const found = cases.find((c) => c.target.id === reviewId);
    expect(found?.target).toMatchObject({ type: 'review', text: 'Spam link', hidden: true });
    expect(
      (await call(moderator, 'POST', `/api/moderation/reports/${found?.id}/resolve`, { action: 'dismiss' }))
        .status,
    ).toBe(200);
    const back = await waitFor(async () => {
      const business = (await call(null, 'GET', `/api/businesses/${biz.id}`)).body;
      return business.reviewsCount === 2 ? business : undefined;
    }, 20_000);
    expect(back.averageRating).toBe(3.5);
  }, 60_000);

  it('takes down a business a moderator hides on report', async () => {
    const target = await signUp('Tia');
    const harasser = await signUp('Hal');
    const biz = await addBusiness(harasser, { name: 'Tia Is A Fraud LLC', category: 'other' });
    const filed = await waitFor(async () => {
      const answer = await call(target, 'POST', '/api/reports', {
        targetType: 'business',
        targetId: biz.id,
        reason: 'harassment',
      });
      return answer.status === 201 ? answer : undefined;
    }, 20_000);
    expect(filed.body.targetType).toBe('business');
    const cases = (await call(moderator, 'GET', '/api/moderation/reports')).body.cases as {
      id: string;
      target: { id: string; title: string | null; owner: { id: string } };
    }[];
    const found = cases.find((c) => c.target.id === biz.id);
    expect(found?.target).toMatchObject({ title: 'Tia Is A Fraud LLC', owner: { id: harasser.id } });
    expect(
      (await call(moderator, 'POST', `/api/moderation/reports/${found?.id}/resolve`, { action: 'hide' }))
        .status,
    ).toBe(200);
    await waitFor(
      async () => ((await call(null, 'GET', `/api/businesses/${biz.id}`)).status === 404 ? true : undefined),
      20_000,
    );
    const listed = (await call(null, 'GET', '/api/businesses?search=Fraud')).body as { id: string }[];
    expect(listed.map((b) => b.id)).not.toContain(biz.id);
  }, 60_000);
});

/** Every directory route, and who may call it: a guest, a member, the business's owner, a moderator. */
describe('the authorization matrix', () => {
  it('answers each route as its rules say, to each kind of caller', async () => {
    const [owner, member, author] = await signUpAll('Mo', 'Mem', 'Aut');
    const biz = await addBusiness(member, { name: 'Matrix Hardware', category: 'shopping' });
    await ownedBy(owner, biz.id);
    const reviewed = await call(author, 'POST', `/api/businesses/${biz.id}/reviews`, { rating: 4 });
    const reviewId = reviewed.body.review.id as string;
    const b = `/api/businesses/${biz.id}`;
    const r = `${b}/reviews/${reviewId}`;
    // [method, path, body, guest, member (neither owner nor author), owner, author, moderator]
    const rows: [string, string, unknown, number, number, number, number, number][] = [
      ['GET', '/api/businesses', undefined, 200, 200, 200, 200, 200],
      ['GET', b, undefined, 200, 200, 200, 200, 200],
      ['GET', `${b}/reviews`, undefined, 200, 200, 200, 200, 200],
      ['POST', '/api/businesses', { name: 'X Co', category: 'other' }, 401, 201, 201, 201, 201],
      ['PATCH', b, { phone: '(254) 555-0123' }, 401, 403, 200, 403, 403],
      ['POST', `${b}/claim`, { note: 'Mine' }, 401, 409, 409, 409, 409],
      ['GET', '/api/business-claims', undefined, 401, 403, 403, 403, 200],
      ['POST', `${b}/claim/decision`, { approve: true }, 401, 403, 403, 403, 404],
      ['POST', `${b}/reviews`, { rating: 5 }, 401, 201, 403, 409, 201],
      ['PATCH', r, { rating: 3 }, 401, 403, 403, 200, 403],
      ['PUT', `${r}/reply`, { reply: 'Thanks' }, 401, 403, 200, 403, 403],
      // The author's deletion goes first: to the moderator after it, there is no such review.
      ['DELETE', r, undefined, 401, 403, 403, 200, 404],
      ['DELETE', b, undefined, 401, 403, 403, 403, 200],
    ];
    const callers = [null, member, owner, author, moderator];
    for (const [method, path, body, ...expected] of rows) {
      const got: number[] = [];
      for (const who of callers) got.push((await call(who, method, path, body)).status);
      expect(got, `${method} ${path}`).toEqual(expected);
    }
  }, 60_000);
});

// Last: the log then holds claims, answers, a removal, blocks and a deleted account's erasure.
describe('the rebuild', () => {
  it("rebuilds directory's read tables from its log to what live writes made", async () => {
    await expectRebuildToMatchLive(stack.stack.services.directory, directoryService.projections ?? [], 30);
  });
});
