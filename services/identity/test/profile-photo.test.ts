import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Identity, startIdentity } from './harness';

// A profile photo must be one of the user's own completed uploads, as media's
// MediaUploaded events tell; the rule posts applies to a post's photos.

let identity: Identity;
let ada: string;
let bob: string;
const mine = '/objects/uploads/ada/0190a8f0-0000-7000-8000-00000000000a.jpg';
const bobs = '/objects/uploads/bob/0190a8f0-0000-7000-8000-00000000000b.jpg';
beforeAll(async () => {
  identity = await startIdentity({ uploadNoticeWaitMs: 300 });
  ada = (await identity.signUp({ firstName: 'Ada' })).user.id;
  bob = (await identity.signUp({ firstName: 'Bob' })).user.id;
  await identity.publishUpload(ada, mine);
  await identity.publishUpload(bob, bobs);
});
afterAll(() => identity?.stop());

const setPhoto = (userId: string, profileImageUrl: string | null) =>
  identity.call('PUT', '/api/user/profile', {
    userId,
    json: { firstName: 'Ada', lastName: 'Lovelace', profileImageUrl },
  });

describe('the profile photo', () => {
  it('may be one of your own uploads', async () => {
    const res = await setPhoto(ada, mine);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.profileImageUrl).toBe(mine);
  });

  it.each([
    ["another user's upload", bobs],
    ['a path nobody uploaded', '/objects/uploads/ada/0190a8f0-0000-7000-8000-0000000000ff.jpg'],
  ])('may not be %s: 400 naming the field, nothing written', async (_name, path) => {
    const before = await identity.counts();
    const profileBefore = (await identity.call('GET', '/api/user', { userId: ada })).body;
    const res = await setPhoto(ada, path);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: `Profile photo must be one you uploaded: ${path} is not`,
      field: 'profileImageUrl',
    });
    expect(await identity.counts()).toEqual(before);
    expect((await identity.call('GET', '/api/user', { userId: ada })).body).toEqual(profileBefore);
  });

  it('waits briefly for an upload announced just after the edit arrives', async () => {
    // Under bob's own prefix, as media keeps his uploads: only such a path is waited for.
    const late = `/objects/uploads/${bob}/0190a8f0-0000-7000-8000-0000000000cc.jpg`;
    const edit = setPhoto(bob, late);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await identity.publishUpload(bob, late);
    const res = await edit;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.profileImageUrl).toBe(late);
  });

  it('keeps the photo already set, and may be cleared, without any upload check', async () => {
    // A photo set before this rule existed stays when the form sends it back unchanged.
    await identity.query('UPDATE users SET profile_image_url = $1 WHERE id = $2', [
      '/objects/legacy.jpg',
      ada,
    ]);
    const kept = await identity.call('PUT', '/api/user/profile', {
      userId: ada,
      json: { firstName: 'Ada', lastName: 'King', profileImageUrl: '/objects/legacy.jpg' },
    });
    expect(kept.status).toBe(200);
    expect(kept.body.profileImageUrl).toBe('/objects/legacy.jpg');
    const cleared = await setPhoto(ada, null);
    expect(cleared.status).toBe(200);
    expect(cleared.body.profileImageUrl).toBeNull();
  });

  it('counts an upload announced twice once', async () => {
    await identity.publishUpload(ada, mine);
    const rows = await identity.query(
      'SELECT count(*)::int AS n FROM uploaded_media WHERE object_path = $1',
      [mine],
    );
    expect(rows[0]?.n).toBe(1);
  });
});
