import { randomUUID } from 'node:crypto';
import { ERASED, MessageSent } from '@waco/contracts';
import { describe, expect, it } from 'vitest';
import { type KeyRing, newUserKey, PersonalData } from '../src/personal-data/personal-data';

/** A key ring in memory: `destroy` plays identity's deletion. */
function memoryRing(): KeyRing & { destroy(id: string): void } {
  const keys = new Map<string, Buffer>();
  return {
    async keyToSeal(id) {
      if (!keys.has(id)) keys.set(id, newUserKey());
      return keys.get(id);
    },
    async keyToOpen(id) {
      return keys.get(id);
    },
    forget() {},
    destroy: (id) => void keys.delete(id),
  };
}

const message = (senderId: string, content: string) => ({
  type: MessageSent.type,
  data: {
    messageId: randomUUID(),
    conversationId: 'a_b',
    senderId,
    recipientId: randomUUID(),
    content,
    excerpt: content,
    sentAt: new Date().toISOString(),
  },
});

describe('personal data in events', () => {
  it('seals the personal fields (the schema still validates), opens them, and reads them erased once the key is gone', async () => {
    const ring = memoryRing();
    const personal = new PersonalData(ring);
    const sender = randomUUID();
    const [sealed] = await personal.seal([message(sender, 'See you at the market')]);
    if (!sealed) throw new Error('nothing sealed');
    expect(sealed.data.content).toMatch(/^enc:v1:/);
    expect(JSON.stringify(sealed)).not.toContain('market');
    expect(MessageSent.schema.safeParse(sealed?.data).success).toBe(true);
    expect((await personal.open([sealed]))[0]?.data.content).toBe('See you at the market');
    ring.destroy(sender);
    expect((await personal.open([sealed]))[0]?.data.content).toBe(ERASED);
  });

  it('reads a value written before sealing as it is, and leaves events without personal fields alone', async () => {
    const personal = new PersonalData(memoryRing());
    const legacy = message(randomUUID(), 'Written in 2025');
    expect((await personal.open([legacy]))[0]?.data.content).toBe('Written in 2025');
    const other = { type: 'PostLiked', data: { postId: randomUUID(), title: 'Lamp' } };
    expect(await personal.seal([other])).toEqual([other]);
  });

  it('refuses a sealed value that was tampered with', async () => {
    const personal = new PersonalData(memoryRing());
    const [sealed] = await personal.seal([message(randomUUID(), 'Hello')]);
    if (!sealed) throw new Error('nothing sealed');
    const tampered = {
      ...sealed,
      data: { ...sealed.data, content: `${sealed.data.content.slice(0, -2)}AA` },
    };
    await expect(personal.open([tampered])).rejects.toThrow();
  });
});
