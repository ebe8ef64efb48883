import { foldForSearch, MentionSuggestions } from '@waco/contracts';
import { startedForFile } from '@waco/platform/testing/for-file';
import { describe, expect, it } from 'vitest';
import { authors } from '../src/db/authors';
import { startPosts } from './harness';

// The `@` suggestions (`GET /api/mentions/suggestions?q=`) through posts' API on a real Postgres:
// whatever the case and the accents, on either side ("jose" finds "José", "Pena" finds "Peña"),
// by the start of any word of the name or of the full name.

let viewer: string;
let jose: string;
let zoe: string;
let maryAnn: string;
const posts = startedForFile(startPosts, async (p) => {
  viewer = await p.registerUser('Vera', 'Viewer');
  jose = await p.registerUser('José', 'Peña');
  zoe = await p.registerUser('Zoë', 'Ångström');
  maryAnn = await p.registerUser('Mary Ann', 'Ó Súilleabháin');
});

async function suggested(q: string) {
  const res = await posts.call('GET', `/api/mentions/suggestions?q=${encodeURIComponent(q)}`, { as: viewer });
  expect(res.status).toBe(200);
  return MentionSuggestions.parse(res.body).users.map((u) => u.id);
}

describe('the @ suggestions', () => {
  it('find a name without its accents, and with them', async () => {
    for (const q of ['jose', 'José', 'JOSE', 'pena', 'Peña', 'jose pe', 'José Peñ'])
      expect(await suggested(q), q).toContain(jose);
    for (const q of ['zoe', 'angstrom', 'Ång', 'zoë å']) expect(await suggested(q), q).toContain(zoe);
  });

  it('take a decomposed accent as the composed one', async () => {
    expect(await suggested('Jose\u0301')).toContain(jose);
    expect(await suggested('Pen\u0303a')).toContain(jose);
  });

  it('match the start of any word of the name, not the middle of one', async () => {
    expect(await suggested('ann')).toContain(maryAnn);
    expect(await suggested('suilleab')).toContain(maryAnn);
    expect(await suggested('ose')).not.toContain(jose);
    expect(await suggested('ena')).not.toContain(jose);
  });

  it('follow a new name, and keep the viewer and the unrelated out', async () => {
    await posts.publishProfileUpdate({
      userId: jose,
      firstName: 'Joaquín',
      lastName: 'Peña',
      bio: null,
      location: null,
      profileImageUrl: null,
    });
    await expect.poll(() => suggested('joaquin'), { timeout: 10_000 }).toContain(jose);
    expect(await suggested('jose')).not.toContain(jose);
    expect(await suggested('vera')).not.toContain(viewer);
    expect(await suggested('%')).toEqual([]);
  });

  it('fill in the folded names of authors known before (the migration)', async () => {
    const id = '0190a000-0000-7000-8000-0000000000e1';
    await posts.query(
      `INSERT INTO authors (id, first_name, last_name, updated_at, search_name) VALUES ($1, 'Inés', 'Muñoz', now(), '')`,
      [id],
    );
    await authors.migration.up(posts.db as never);
    const [row] = await posts.query<{ search_name: string }>(
      'SELECT search_name FROM authors WHERE id = $1',
      [id],
    );
    expect(row?.search_name).toBe('ines munoz');
    expect(await suggested('munoz')).toContain(id);
  });
});

describe('foldForSearch', () => {
  it('drops case and marks, composed or not, and keeps letters without a decomposition', () => {
    expect(foldForSearch('José Peña')).toBe('jose pena');
    expect(foldForSearch('Jose\u0301')).toBe('jose');
    expect(foldForSearch('Ñandú Ærø Łódź')).toBe('nandu ærø łodz');
    expect(foldForSearch('ZOË')).toBe('zoe');
  });
});
