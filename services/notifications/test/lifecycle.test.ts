import type { EventEnvelope } from '@waco/contracts';
import * as contracts from '@waco/contracts';
import { postCreatedData } from '@waco/platform/testing';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Notifications, onlyNotificationOf, type Post, postOf, startNotifications } from './harness';

/** A post's lifecycle: who hears of it, and that the one who acted never does. */
let n: Notifications;
let [owner, ada, bob] = ['', '', ''];

beforeAll(async () => {
  n = await startNotifications();
  [owner, ada, bob] = [
    await n.registerUser('Olive', 'Owner'),
    await n.registerUser(),
    await n.registerUser('Bob'),
  ];
});
afterAll(() => n?.stop());

/** Each (post, user) stream's events come with increasing positions, as posts' do. */
let position = 0;
const at = () => ({ streamPosition: ++position });
const save = (userId: string, post: Post) => n.publish(contracts.PostSaved, { ...post, userId }, at());
const unsave = (userId: string, post: Post) => n.publish(contracts.PostUnsaved, { ...post, userId }, at());
const attend = (userId: string, post: Post) =>
  n.publish(contracts.AttendanceSet, { ...post, userId, status: 'going', previousStatus: null }, at());
const byOwner = (post: Post) => ({ actorId: post.ownerId });
const typesOf = async (userId: string) => (await n.notificationsOf(userId)).map((x) => x.type);

async function handledAll(...events: EventEnvelope[]) {
  await n.handled(...events);
}

describe('those who saved a post', () => {
  it('hear it was sold; the owner (who saved it too) and those who unsaved it do not', async () => {
    const post = postOf(owner, 'Blue bicycle');
    const events = [
      await save(ada, post),
      await save(bob, post),
      await unsave(bob, post),
      await save(owner, post),
    ];
    const closed = await n.publish(contracts.PostClosed, { ...post, reason: 'sold' }, byOwner(post));
    await handledAll(...events, closed);
    expect(await onlyNotificationOf(n, ada)).toMatchObject({
      type: 'post_closed',
      title: '“Blue bicycle” was marked sold',
      related_id: post.postId,
    });
    expect(await n.notificationsOf(bob)).toEqual([]);
    expect(await n.notificationsOf(owner)).toEqual([]);
  });

  it('hear it was sold, every one of them (one event, a notification for each)', async () => {
    const post = postOf(owner, 'Green kayak');
    const events = [await save(ada, post), await save(bob, post)];
    const closed = await n.publish(contracts.PostClosed, { ...post, reason: 'sold' }, byOwner(post));
    await handledAll(...events, closed);
    for (const saver of [ada, bob])
      expect((await n.notificationsOf(saver)).filter((x) => x.related_id === post.postId)).toEqual([
        expect.objectContaining({ type: 'post_closed', title: '“Green kayak” was marked sold' }),
      ]);
  });

  it('hear of a lower price, not of a higher one', async () => {
    const saver = await n.registerUser('Sam', 'Saver');
    const post = postOf(owner, 'Oak chair');
    const saved = await save(saver, post);
    const edit = (price: string, previous: string) =>
      n.publish(
        contracts.PostEdited,
        { ...post, changes: { price }, previous: { price: previous } },
        byOwner(post),
      );
    const higher = await edit('60.00', '45.00');
    const lower = await edit('40.00', '60.00');
    await handledAll(saved, higher, lower);
    expect(await onlyNotificationOf(n, saver)).toMatchObject({
      type: 'price_drop',
      title: 'Price drop: “Oak chair”',
      message: 'Now $40.00 (was $60.00)',
    });
  });

  it('hear it was deleted', async () => {
    const saver = await n.registerUser('Dee', 'Saver');
    const post = postOf(owner, 'Walnut desk');
    const saved = await save(saver, post);
    const deleted = await n.publish(contracts.PostDeleted, { ...post, imagePaths: [] }, byOwner(post));
    await handledAll(saved, deleted);
    expect(await typesOf(saver)).toEqual(['post_deleted']);
  });

  it('end as posts has them when a save and its undoing arrive out of order', async () => {
    const saver = await n.registerUser('Oona', 'Order');
    const post = postOf(owner, 'Old radio');
    // The unsave (position 2) is handled before the save (position 1).
    const unsaved = await n.publish(contracts.PostUnsaved, { ...post, userId: saver }, { streamPosition: 2 });
    const saved = await n.publish(contracts.PostSaved, { ...post, userId: saver }, { streamPosition: 1 });
    const closed = await n.publish(contracts.PostClosed, { ...post, reason: 'sold' }, byOwner(post));
    await handledAll(unsaved, saved, closed);
    expect(await n.notificationsOf(saver)).toEqual([]);
  });
});

describe('those who answered an event', () => {
  it('hear it was cancelled, or that its date or address changed; not after withdrawing', async () => {
    const going = await n.registerUser('Gia', 'Going');
    const gone = await n.registerUser('Wes', 'Withdrawn');
    const party = postOf(owner, 'Porch concert', 'event');
    const answers = [
      await attend(going, party),
      await attend(gone, party),
      await n.publish(
        contracts.AttendanceWithdrawn,
        { ...party, userId: gone, previousStatus: 'going' },
        at(),
      ),
    ];
    const moved = await n.publish(
      contracts.PostEdited,
      {
        ...party,
        changes: { eventDate: '2030-06-02T23:30:00.000Z', address: '2 Oak St' },
        previous: { eventDate: '2030-06-01T23:30:00.000Z', address: '1 Elm St' },
      },
      byOwner(party),
    );
    const cancelled = await n.publish(
      contracts.PostClosed,
      { ...party, reason: 'cancelled' },
      byOwner(party),
    );
    await handledAll(...answers, moved, cancelled);
    const told = await n.notificationsOf(going);
    expect(told.map((x) => x.type)).toEqual(['event_changed', 'post_closed']);
    expect(told[0]?.message).toBe('The event is now Jun 2, 2030, 6:30 PM, now at 2 Oak St');
    expect(told[1]?.title).toBe('“Porch concert” was marked cancelled');
    expect(await n.notificationsOf(gone)).toEqual([]);
  });
});

describe('saved searches', () => {
  const newPost = (ownerId: string, title: string, price = '30.00') =>
    n.publish(
      contracts.PostCreated,
      postCreatedData({ postId: uuidv7(), ownerId, title, description: 'Good as new', price }),
    );
  const saveSearch = (userId: string, query: string, maxPrice: number | null = null) =>
    n.publish(contracts.SavedSearchCreated, {
      searchId: uuidv7(),
      userId,
      query,
      category: null,
      neighborhood: null,
      minPrice: null,
      maxPrice,
    });

  it('tell of a new matching post live, once even when two searches match or it is delivered twice', async () => {
    const seeker = await n.registerUser('Sia', 'Seeker');
    const searches = [await saveSearch(seeker, 'lamp'), await saveSearch(seeker, 'brass', 50)];
    await handledAll(...searches);
    const stream = await n.openStream(seeker);
    await stream.waitFor((e) => e.event === 'unread');
    const created = await newPost(owner, 'Brass lamp');
    await n.bus.publish('posts', { ...created });
    await handledAll(created);
    const live = await stream.waitFor((e) => e.event === 'notification', 10_000, 'the match');
    expect(live.data).toMatchObject({ type: 'saved_search_match', message: '“Brass lamp”' });
    expect(await typesOf(seeker)).toEqual(['saved_search_match']);
    // Too dear for the price range, and no word matches: nothing more.
    const other = [await newPost(owner, 'Brass bed', '900.00'), await newPost(owner, 'Oak table')];
    await handledAll(...other);
    expect(await typesOf(seeker)).toEqual(['saved_search_match']);
  });

  it('never tell about one’s own post, nor after the search was removed', async () => {
    const seeker = await n.registerUser('Rio', 'Removed');
    const search = await saveSearch(seeker, 'kayak');
    const own = await newPost(seeker, 'Kayak for sale');
    await handledAll(search, own);
    const removed = await n.publish(contracts.SavedSearchDeleted, {
      searchId: (search.data as { searchId: string }).searchId,
      userId: seeker,
    });
    await handledAll(removed);
    const later = await newPost(owner, 'Red kayak');
    await handledAll(later);
    expect(await n.notificationsOf(seeker)).toEqual([]);
  });
});

describe('expiry reminders', () => {
  it('tell the owner three days ahead', async () => {
    const seller = await n.registerUser('Ella', 'Expiring');
    const post = postOf(seller, 'Garden hose');
    const soon = await n.publish(
      contracts.PostExpiringSoon,
      { ...post, expiresAt: '2030-01-31T12:00:00.000Z' },
      { actorId: null },
    );
    await handledAll(soon);
    expect(await onlyNotificationOf(n, seller)).toMatchObject({
      type: 'expiry_reminder',
      title: 'Your post expires in 3 days',
      message: '“Garden hose”: renew it to keep it in the feed',
    });
  });
});
