import { participantsOf } from '@waco/contracts';
import type { Kysely } from 'kysely';
import type { MediaDatabase } from './schema';

/** A use by a conversation's message: `conversation:{conversationId}:{messageId}`. */
export const CONVERSATION_USE = 'conversation:';

/**
 * Who may see a photo: everyone (null) unless every use of it is a conversation's message, when
 * only those conversations' members may (a message's photos are the two's alone). A photo used
 * by a post or a profile as well is public, as those are.
 */
export async function photoViewers(
  db: Kysely<MediaDatabase>,
  objectPath: string,
): Promise<Set<string> | null> {
  const uses = await db
    .selectFrom('photo_uses')
    .select('used_by')
    .where('object_path', '=', objectPath)
    .execute();
  if (uses.length === 0 || uses.some((use) => !use.used_by.startsWith(CONVERSATION_USE))) return null;
  const viewers = new Set<string>();
  for (const { used_by } of uses) {
    const conversationId = used_by.slice(CONVERSATION_USE.length).split(':')[0] ?? '';
    for (const member of participantsOf(conversationId) ?? []) viewers.add(member);
  }
  return viewers;
}
