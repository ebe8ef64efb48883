import { describe, expect, it } from 'vitest';
import { safeHref, textParts } from '../src/lib/text-links';

const links = (text: string) =>
  textParts(text).flatMap((part) => ('url' in part ? [[part.text, part.url]] : []));

describe('web addresses in a text', () => {
  it('become links, the text joined back unchanged', () => {
    const text = 'Photos at https://example.com/table?id=4#top and www.waco-tx.gov/parks, ask me!';
    expect(links(text)).toEqual([
      ['https://example.com/table?id=4#top', 'https://example.com/table?id=4#top'],
      ['www.waco-tx.gov/parks', 'https://www.waco-tx.gov/parks'],
    ]);
    expect(
      textParts(text)
        .map((part) => ('tag' in part ? part.tag : part.text))
        .join(''),
    ).toBe(text);
  });

  it('leave the punctuation that follows them out, keeping brackets they opened', () => {
    expect(links('See https://example.com/a.')).toEqual([['https://example.com/a', 'https://example.com/a']]);
    expect(links('(details: http://example.org/x),')).toEqual([
      ['http://example.org/x', 'http://example.org/x'],
    ]);
    expect(links('Read https://en.wikipedia.org/wiki/Waco_(TX)!')[0]?.[0]).toBe(
      'https://en.wikipedia.org/wiki/Waco_(TX)',
    );
    expect(links('“https://example.com/q?x=1”...')[0]?.[0]).toBe('https://example.com/q?x=1');
  });

  it('are only http and https: javascript:, data: and the like stay text', () => {
    for (const text of [
      'javascript:alert(1)',
      'click javascript://example.com/%0Aalert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'ftp://example.com/file',
      'mailto:someone@example.com',
      'xhttps://example.com',
      'https://',
      'http://nohost',
    ])
      expect(links(text), text).toEqual([]);
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('HTTPS://Example.com')).toBe('https://example.com/');
  });

  it('keep hashtags as tags outside addresses only', () => {
    expect(textParts('Oak #furniture at https://example.com/#gallery')).toEqual([
      { text: 'Oak ' },
      { tag: '#furniture' },
      { text: ' at ' },
      { url: 'https://example.com/#gallery', text: 'https://example.com/#gallery' },
    ]);
    expect(textParts('no #tags here', { withHashtags: false })).toEqual([{ text: 'no #tags here' }]);
  });
});
