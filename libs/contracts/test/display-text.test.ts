import { describe, expect, it } from 'vitest';
import {
  BLOCK_TEXT,
  CreatePostRequest,
  displayTextProblem,
  LINE_TEXT,
  NAME_TEXT,
  ProfileUpdateRequest,
  SignupRequest,
  UpdatePostRequest,
} from '../src';

// What a name, a title or a bio may not hide: text-direction controls, invisible characters,
// line breaks where one line is meant, and (in names) a word that mixes look-alike alphabets.

const RLO = '\u202e';
const ZWSP = '\u200b';

describe('displayTextProblem', () => {
  it.each([
    ['a right-to-left override', `Ali${RLO}ecm`, 'bidi-control', 0x202e],
    ['a left-to-right isolate', 'Ann\u2066a', 'bidi-control', 0x2066],
    ['a right-to-left mark', 'Ann\u200f', 'bidi-control', 0x200f],
    ['a zero-width space', `Al${ZWSP}ice`, 'invisible', 0x200b],
    ['a zero-width joiner between letters', 'Al\u200dice', 'invisible', 0x200d],
    ['a word joiner', 'Al\u2060ice', 'invisible', 0x2060],
    ['a soft hyphen', 'Al\u00adice', 'invisible', 0xad],
    ['a byte order mark', '\ufeffAlice', 'invisible', 0xfeff],
    ['a Hangul filler', '\u3164', 'invisible', 0x3164],
    ['a braille blank', 'Alice\u2800', 'invisible', 0x2800],
    ['a variation selector after a Latin letter', 'Alice\ufe0f', 'invisible', 0xfe0f],
    ['a stray tag character', 'Alice\u{e0041}', 'invisible', 0xe0041],
    ['a control character', 'Ali\u0007ce', 'control', 0x7],
  ])('refuses %s, in every kind of field', (_what, text, kind, codePoint) => {
    for (const rules of [NAME_TEXT, LINE_TEXT, BLOCK_TEXT])
      expect(displayTextProblem(text, rules)).toEqual({ kind, codePoint });
  });

  it.each(['First\nline', 'First\r\nline', 'a\u2028b', 'a\u2029b', 'a\u0085b', 'a\vb'])(
    'refuses the line break in %j on one line, and keeps it in a bio',
    (text) => {
      expect(displayTextProblem(text, NAME_TEXT)).toEqual({ kind: 'line-break' });
      expect(displayTextProblem(text, LINE_TEXT)).toEqual({ kind: 'line-break' });
      expect(displayTextProblem(text, BLOCK_TEXT)).toBeNull();
    },
  );

  it.each([
    ['Cyrillic look-alikes in a Latin name', '\u0410l\u0456\u0441\u0435', ['Latin', 'Cyrillic']],
    ['one Cyrillic o', 'B\u043eb', ['Latin', 'Cyrillic']],
    ['a Greek omicron', 'J\u03bfhn', ['Latin', 'Greek']],
    ['a Cherokee A', '\u13aalice', ['Latin', 'Cherokee']],
    ['Greek inside a Cyrillic word', '\u0421\u03b5\u0440\u0433\u0435\u0439', ['Cyrillic', 'Greek']],
  ])('refuses a name word with %s', (_what, text, scripts) => {
    expect(displayTextProblem(text, NAME_TEXT)).toEqual({ kind: 'mixed-scripts', scripts });
    // A title or a bio may quote any alphabet.
    expect(displayTextProblem(text, LINE_TEXT)).toBeNull();
  });

  it.each([
    'Alice',
    "José María O'Brien-Núñez",
    'Сергей',
    'Вера', // wholly Cyrillic, though every letter has a Latin look-alike: a real name
    'Ἀλέξανδρος',
    'Jean Пьер', // two alphabets, each word in one
    'محمد',
    'می\u200cخواهم', // Persian needs its ZWNJ
    'क्\u200dष', // a Devanagari ZWJ
    '山田 太郎',
    '葛\u{e0100}城', // an ideographic variation selector
    'Ann 👩\u200d👩\u200d👧', // a ZWJ family
    'I ❤\ufe0f Waco', // VS16
    'Fire ❤\ufe0f\u200d🔥',
    'Thumbs 👍🏽',
    'Keycap 1\ufe0f\u20e3',
    'Flag 🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}',
    'R2-D2 3000',
  ])('accepts %j as a name', (text) => {
    expect(displayTextProblem(text, NAME_TEXT)).toBeNull();
  });

  it('keeps tabs in a bio, not on one line', () => {
    expect(displayTextProblem('a\tb', BLOCK_TEXT)).toBeNull();
    expect(displayTextProblem('a\tb', LINE_TEXT)).toEqual({ kind: 'control', codePoint: 9 });
  });
});

describe('the schemas refuse such text with a sentence naming the field', () => {
  const signup = { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', password: 'correct horse' };
  const firstIssue = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
    const issue = result.error?.issues[0];
    return issue && { path: issue.path.join('.'), message: issue.message };
  };

  it.each([
    ['firstName', `Ann${RLO}`, 'First name must not contain text-direction controls (U+202E)'],
    ['lastName', `L${ZWSP}ee`, 'Last name must not contain invisible characters (U+200B)'],
    ['firstName', 'Ann\nLee', 'First name must be on one line'],
    [
      'firstName',
      '\u0410l\u0456\u0441\u0435',
      'First name mixes Latin and Cyrillic letters in one word: write each word in one alphabet',
    ],
  ])('signup: %s %j', (field, value, message) => {
    expect(firstIssue(SignupRequest.safeParse({ ...signup, [field]: value }))).toEqual({
      path: field,
      message,
    });
  });

  it('profile: names, a bio and a location', () => {
    const profile = { firstName: 'Ann', lastName: 'Lee' };
    expect(firstIssue(ProfileUpdateRequest.safeParse({ ...profile, lastName: `Lee${RLO}` }))?.path).toBe(
      'lastName',
    );
    expect(firstIssue(ProfileUpdateRequest.safeParse({ ...profile, bio: `Hi${RLO}` }))).toEqual({
      path: 'bio',
      message: 'Bio must not contain text-direction controls (U+202E)',
    });
    expect(firstIssue(ProfileUpdateRequest.safeParse({ ...profile, bio: `Hi${ZWSP}` }))?.path).toBe('bio');
    expect(firstIssue(ProfileUpdateRequest.safeParse({ ...profile, location: 'Down\ntown' }))).toEqual({
      path: 'location',
      message: 'Location must be on one line',
    });
    // A bio keeps its lines; a location may name a place in another alphabet.
    expect(
      ProfileUpdateRequest.safeParse({ ...profile, bio: 'Line one\nLine two', location: 'Мoscow' }).success,
    ).toBe(true);
  });

  it('posts: a title is one visible line, a description keeps its lines', () => {
    const post = { category: 'sale', title: 'Oak chair', description: 'Solid oak\nBarely used' };
    expect(CreatePostRequest.safeParse(post).success).toBe(true);
    expect(firstIssue(CreatePostRequest.safeParse({ ...post, title: `Oak${RLO} chair` }))).toEqual({
      path: 'title',
      message: 'Title must not contain text-direction controls (U+202E)',
    });
    expect(firstIssue(CreatePostRequest.safeParse({ ...post, title: 'Oak\nchair' }))?.message).toBe(
      'Title must be on one line',
    );
    expect(firstIssue(UpdatePostRequest.safeParse({ title: `Oak${ZWSP}chair` }))).toEqual({
      path: 'title',
      message: 'Title must not contain invisible characters (U+200B)',
    });
  });
});
