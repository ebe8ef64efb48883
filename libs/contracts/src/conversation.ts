// Conversation ids and the messaging refusals, free of zod: the web imports them without loading
// the schema library (spec sections 3, 5 and 8).

export const SELF_MESSAGE_ERROR = 'Cannot message yourself';
export const OWN_POST_NOTICE = 'This is your own post.';

/** A conversation's id: the two user ids, sorted, joined by an underscore (spec section 3). */
export function conversationIdOf(userA: string, userB: string): string {
  return [userA.toLowerCase(), userB.toLowerCase()].sort().join('_');
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The two participants a conversation id names, or null when it is not one this app makes. */
export function participantsOf(conversationId: string): [string, string] | null {
  const parts = conversationId.split('_');
  if (parts.length !== 2) return null;
  const [a, b] = parts as [string, string];
  if (!uuidPattern.test(a) || !uuidPattern.test(b) || a >= b) return null;
  return [a, b];
}

/** The participant of a conversation who is not `me`, or null when `me` is not one of them. */
export function otherParticipantOf(conversationId: string, me: string): string | null {
  const pair = participantsOf(conversationId.toLowerCase());
  const self = me.toLowerCase();
  if (!pair?.includes(self)) return null;
  return pair[0] === self ? pair[1] : pair[0];
}
