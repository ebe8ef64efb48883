import { describe, expect, it } from 'vitest';
import { conversationIdOf, otherParticipantOf, participantsOf } from '../src/conversation';

const ada = '0a0a0a0a-0000-4000-8000-000000000001';
const bob = '0b0b0b0b-0000-4000-8000-000000000002';

describe('conversation ids', () => {
  it('names the two users, sorted, whoever starts', () => {
    expect(conversationIdOf(bob, ada)).toBe(`${ada}_${bob}`);
    expect(participantsOf(conversationIdOf(bob, ada))).toEqual([ada, bob]);
  });

  it('refuses ids this app does not make', () => {
    expect(participantsOf(`${bob}_${ada}`)).toBeNull();
    expect(participantsOf(`${ada}_not-a-user`)).toBeNull();
    expect(participantsOf(ada)).toBeNull();
  });

  it('answers the other participant, or null for an outsider', () => {
    const id = conversationIdOf(ada, bob);
    expect(otherParticipantOf(id, ada)).toBe(bob);
    expect(otherParticipantOf(id, bob.toUpperCase())).toBe(ada);
    expect(otherParticipantOf(id.toUpperCase(), bob)).toBe(ada);
    expect(otherParticipantOf(id, '0c0c0c0c-0000-4000-8000-000000000003')).toBeNull();
    expect(otherParticipantOf(id, '')).toBeNull();
  });
});
