import { randomUUID } from 'node:crypto';
import {
  CommentEdited,
  extractHashtags,
  isHashtagName,
  locateMentions,
  type MentionSpan,
  normalizeHashtag,
} from '@waco/contracts';
import { describe, expect, it } from 'vitest';
import type { MentionCandidate } from '../src/domain/mentions';
import { parseSearch } from '../src/domain/search-terms';
import { commentScene } from './comment-scene';

/** Reading tags out of texts, and mentions in comments: given/when/then, without a database. */

describe('hashtags read from a text', () => {
  it('are case-insensitive, in any script, accents kept, each once', () => {
    expect(extractHashtags('Desk #Furniture #furniture, #5k and # nothing #part_time.')).toEqual([
      'furniture',
      '5k',
      'part_time',
    ]);
    expect(extractHashtags('Mesa #Muebles y sillas #muebles para #niños, #DíaDeMuertos!')).toEqual([
      'muebles',
      'niños',
      'díademuertos',
    ]);
    // "#diademuertos" (no accent) is a tag of its own: "año" is not "ano".
    expect(extractHashtags('#diademuertos')).not.toEqual(extractHashtags('#díaDeMuertos'));
  });

  it('read a decomposed accent as the composed one', () => {
    const decomposed = '#nin\u0303os';
    expect(extractHashtags(decomposed)).toEqual(['niños']);
    expect(normalizeHashtag('NIN\u0303OS')).toBe('niños');
  });

  it('are no tags inside words, after &, or longer than 50', () => {
    expect(extractHashtags('C# and a#b and &#39; and ##')).toEqual([]);
    expect(extractHashtags(`#${'a'.repeat(51)} #${'b'.repeat(50)}`)).toEqual(['b'.repeat(50)]);
  });

  it('count the first 30 of a text', () => {
    const text = Array.from({ length: 40 }, (_, i) => `#t${i}`).join(' ');
    expect(extractHashtags(text)).toHaveLength(30);
  });

  it('split a search into words and tags', () => {
    expect(parseSearch('#furniture oak  table #Downtown')).toEqual({
      text: 'oak table',
      tags: ['furniture', 'downtown'],
    });
    expect(parseSearch('bicycle')).toEqual({ text: 'bicycle', tags: [] });
  });

  it('leave the search words, and tell a valid name', () => {
    expect(parseSearch('mesa #Muebles  roble')).toEqual({ text: 'mesa roble', tags: ['muebles'] });
    expect(isHashtagName('niños')).toBe(true);
    for (const bad of ['', '#niños', 'two words', 'a-b', 'x'.repeat(51)])
      expect(isHashtagName(bad)).toBe(false);
  });
});

describe('mentions located in a text', () => {
  const ana = randomUUID();
  const ben = randomUUID();

  it('find each chosen name after its @, once per person', () => {
    const text = 'Thanks @Ana Diaz and @Ben Ross, and again @Ana Diaz';
    expect(
      locateMentions(text, [
        { userId: ana, name: 'Ana Diaz' },
        { userId: ben, name: 'Ben Ross' },
        { userId: ana, name: 'Ana Diaz' },
      ]),
    ).toEqual([
      { userId: ana, start: 7, end: 16 },
      { userId: ben, start: 21, end: 30 },
    ]);
  });

  it('drop a mention whose name was deleted from the text', () => {
    expect(locateMentions('Thanks Ana', [{ userId: ana, name: 'Ana Diaz' }])).toEqual([]);
  });
});

describe('mentions in a comment', () => {
  const content = 'Ask @Ana Diaz or @Blocky or @Me';
  const { writer, spec, ...scene } = commentScene(content);
  const ana = randomUUID();
  const blocker = randomUUID();
  const spans: Record<string, MentionSpan> = {
    ana: { userId: ana, start: 4, end: 13 },
    blocker: { userId: blocker, start: 17, end: 24 },
    me: { userId: writer, start: 28, end: 31 },
  };
  const candidate = (span: MentionSpan, facts: Partial<MentionCandidate> = {}): MentionCandidate => ({
    span,
    known: true,
    blocked: false,
    ...facts,
  });
  const add = (mentions: MentionCandidate[]) => scene.add({ mentions });
  const added = (mentions: MentionSpan[]) => scene.added({ mentions });

  it('keeps a known member, drops one who blocked the writer (or was blocked), oneself and strangers', () => {
    spec
      .given([])
      .when(
        add([
          candidate(spans.ana as MentionSpan),
          candidate(spans.blocker as MentionSpan, { blocked: true }),
          candidate(spans.me as MentionSpan),
          candidate({ userId: randomUUID(), start: 0, end: 3 }, { known: false }),
        ]),
      )
      .then((events) => {
        expect(events).toHaveLength(1);
        expect(events[0]?.data).toMatchObject({ mentions: [spans.ana] });
      });
  });

  it('an edit tells only the people it mentions first', () => {
    const ben = { userId: randomUUID(), start: 0, end: 3 };
    spec
      .given([added([spans.ana as MentionSpan])])
      .when({
        type: 'edit',
        actorId: writer,
        content: `@Bo ${content}`,
        mentions: [candidate(ben), candidate({ ...(spans.ana as MentionSpan), start: 8, end: 17 })],
      })
      .then((events) => {
        expect(events[0]?.type).toBe(CommentEdited.type);
        expect(events[0]?.data).toMatchObject({ newlyMentioned: [ben.userId] });
      });
  });

  it('an edit that changes neither the text nor its mentions records nothing', () => {
    spec
      .given([added([spans.ana as MentionSpan])])
      .when({ type: 'edit', actorId: writer, content, mentions: [candidate(spans.ana as MentionSpan)] })
      .thenNothingHappens();
  });
});
