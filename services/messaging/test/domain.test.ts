import { randomUUID } from 'node:crypto';
import { conversationIdOf, participantsOf } from '@waco/contracts';
import { RuleBroken } from '@waco/platform';
import { deciderSpecification } from '@waco/platform/testing';
import { describe, expect, it } from 'vitest';
import { conversationDecider, decideConversation, isParticipant } from '../src/domain/conversations';

const ada = '0190a000-0000-7000-8000-00000000000a';
const bob = '0190a000-0000-7000-8000-00000000000b';
const now = new Date('2030-01-02T03:04:05.000Z');

describe('conversation ids', () => {
  it('are the two ids sorted and joined by an underscore, either way round', () => {
    expect(conversationIdOf(bob, ada)).toBe(`${ada}_${bob}`);
    expect(conversationIdOf(ada, bob)).toBe(`${ada}_${bob}`);
    expect(conversationIdOf(ada.toUpperCase(), bob)).toBe(`${ada}_${bob}`);
  });

  it('name their two participants, and nothing else', () => {
    expect(participantsOf(`${ada}_${bob}`)).toEqual([ada, bob]);
    expect(participantsOf(`${bob}_${ada}`)).toBeNull(); // not sorted: never made by this app
    expect(participantsOf(`${ada}_${ada}`)).toBeNull();
    expect(participantsOf(`${ada}_${bob}_x`)).toBeNull();
    expect(participantsOf('nonsense')).toBeNull();
    expect(isParticipant(`${ada}_${bob}`, bob)).toBe(true);
    expect(isParticipant(`${ada}_${bob}`, randomUUID())).toBe(false);
  });
});

describe('decideConversation', () => {
  it('refuses yourself before anything else, then an unknown recipient', () => {
    const refusal = (recipientId: string, exists: boolean) => {
      try {
        decideConversation(ada, recipientId, exists);
      } catch (err) {
        return { status: (err as RuleBroken).statusCode, message: (err as Error).message };
      }
    };
    expect(refusal(ada, false)).toEqual({ status: 400, message: 'Cannot message yourself' });
    expect(refusal(bob, false)).toEqual({ status: 404, message: 'User not found' });
    expect(decideConversation(bob, ada, true)).toBe(`${ada}_${bob}`);
  });
});

const spec = deciderSpecification(conversationDecider);

/** Bob sends Ada a message. */
const sending = {
  type: 'send',
  messageId: randomUUID(),
  senderId: bob,
  recipientId: ada,
  content: '  Hello  there ',
  recipientExists: true,
  now,
} as const;

describe('sending a message', () => {
  const command = sending;

  it('gives MessageSent with the trimmed content and a one-line excerpt', () => {
    spec
      .given([])
      .when({ ...command, content: `  Line one\n\nline two ${'z'.repeat(300)} ` })
      .then(([event, ...rest]) => {
        expect(rest).toEqual([]);
        expect(event?.type).toBe('MessageSent');
        const data = event?.data as { content: string; excerpt: string };
        expect(data.content.startsWith('Line one\n\nline two')).toBe(true);
        expect(data.excerpt.startsWith('Line one line two zz')).toBe(true);
        expect(data.excerpt).toHaveLength(140);
        expect(data.excerpt.endsWith('…')).toBe(true);
      });
  });

  it('carries who, to whom, in which conversation and when', () => {
    spec
      .given([])
      .when(command)
      .then(([event]) =>
        expect(event?.data).toEqual({
          messageId: command.messageId,
          conversationId: `${ada}_${bob}`,
          senderId: bob,
          recipientId: ada,
          content: 'Hello  there',
          excerpt: 'Hello there',
          sentAt: '2030-01-02T03:04:05.000Z',
        }),
      );
  });

  it.each(['', '   ', '\n\t'])('refuses content %j without a photo', (content) => {
    spec
      .given([])
      .when({ ...command, content })
      .thenThrows(RuleBroken, 'A message needs text or a photo');
  });

  it('sends a photo of the sender’s own without words', () => {
    const path = `messages/${bob}/photo.jpg`;
    spec
      .given([])
      .when({ ...command, content: '  ', photos: { paths: [path], uploadedBySender: new Set([path]) } })
      .then(([event]) => expect(event?.data).toMatchObject({ content: '', excerpt: '', imagePaths: [path] }));
  });

  it('refuses a photo without words that is not the sender’s own', () => {
    const path = `messages/${ada}/photo.jpg`;
    spec
      .given([])
      .when({ ...command, content: '', photos: { paths: [path], uploadedBySender: new Set<string>() } })
      .thenThrows(RuleBroken, `Photos must be ones you uploaded: ${path} is not`);
  });

  it('refuses more than 2000 characters, yourself, and an unknown recipient', () => {
    spec
      .given([])
      .when({ ...command, content: 'x'.repeat(2001) })
      .thenThrows(RuleBroken, 'at most 2000');
    spec
      .given([])
      .when({ ...command, recipientId: bob })
      .thenThrows(RuleBroken, 'Cannot message yourself');
    spec
      .given([])
      .when({ ...command, recipientExists: false })
      .thenThrows(RuleBroken, 'User not found');
  });
});

describe('a message about a post', () => {
  const command = { ...sending, content: 'Is it still for sale?' };
  const postId = randomUUID();

  it('carries the post when it is by either of the two', () => {
    for (const ownerId of [ada, bob]) {
      spec
        .given([])
        .when({ ...command, about: { postId, ownerId, hidden: false } })
        .then(([event]) => expect(event?.data).toMatchObject({ postId }));
    }
  });

  it('refuses a post hidden from the sender, and one by someone else', () => {
    spec
      .given([])
      .when({ ...command, about: { postId, ownerId: ada, hidden: true } })
      .thenThrows(RuleBroken, 'Post not found');
    spec
      .given([])
      .when({ ...command, about: { postId, ownerId: randomUUID(), hidden: false } })
      .thenThrows(RuleBroken, 'This post is not by either of you');
  });

  it('sends the message about no post when the copy does not hold the post (yet)', () => {
    spec
      .given([])
      .when({ ...command, about: { postId, ownerId: null, hidden: false } })
      .then(([event]) => expect(event?.data).not.toHaveProperty('postId'));
  });
});

describe('a message about a post in a group', () => {
  const command = { ...sending, content: 'Is it still for sale?' };
  const postId = randomUUID();
  const privateGroup = (senderIsMember: boolean, recipientIsMember: boolean) => ({
    isPublic: false,
    senderIsMember,
    recipientIsMember,
  });

  it("carries a private group's post when both are members of the group", () => {
    spec
      .given([])
      .when({ ...command, about: { postId, ownerId: ada, hidden: false, group: privateGroup(true, true) } })
      .then(([event]) => expect(event?.data).toMatchObject({ postId }));
  });

  it("treats a private group's post as one the copy does not hold unless both are members", () => {
    const unknown = { postId, ownerId: null, hidden: false };
    for (const group of [privateGroup(false, true), privateGroup(true, false), privateGroup(false, false)]) {
      // By either of the two, by someone else, hidden: the same answer as for a post never heard of.
      for (const about of [
        { postId, ownerId: ada, hidden: false, group },
        { postId, ownerId: randomUUID(), hidden: false, group },
        { postId, ownerId: ada, hidden: true, group },
        unknown,
      ]) {
        spec
          .given([])
          .when({ ...command, about })
          .then(([event, ...rest]) => {
            expect(rest).toEqual([]);
            expect(event?.data).not.toHaveProperty('postId');
          });
      }
    }
  });

  it("goes by today's rules for a public group's post", () => {
    const group = { isPublic: true, senderIsMember: false, recipientIsMember: false };
    spec
      .given([])
      .when({ ...command, about: { postId, ownerId: ada, hidden: false, group } })
      .then(([event]) => expect(event?.data).toMatchObject({ postId }));
    spec
      .given([])
      .when({ ...command, about: { postId, ownerId: randomUUID(), hidden: false, group } })
      .thenThrows(RuleBroken, 'This post is not by either of you');
  });
});

describe('marking a thread read', () => {
  it('records a read only when something was unread', () => {
    const command = { type: 'read', conversationId: `${ada}_${bob}`, readerId: ada, now } as const;
    spec
      .given([])
      .when({ ...command, unreadCount: 0 })
      .thenNothingHappens();
    spec
      .given([])
      .when({ ...command, unreadCount: 3 })
      .then([
        {
          type: 'ConversationRead',
          schemaVersion: 1,
          data: { conversationId: `${ada}_${bob}`, readerId: ada, readAt: '2030-01-02T03:04:05.000Z' },
        },
      ]);
  });
});
