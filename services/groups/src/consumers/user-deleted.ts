import { commandDepsIn, handleCommand } from '@waco/platform';
import type { Kysely } from 'kysely';
import { onEvent, setAttendance } from '../commands/community-events';
import type { GroupsDeps } from '../commands/deps';
import type { GroupsDatabase } from '../db/schema';
import { groupDecider, groupStream } from '../domain/groups';

/**
 * An account was deleted (identity's UserDeleted), in the inbox's transaction: a redelivery finds
 * it all done. The events it organised are cancelled and their text goes (the log's copy, sealed
 * with its key, opens to nothing now); it leaves every event it signed up for, each freed place
 * going to the first waitlisted; and it leaves every group, which passes to another admin (else
 * the longest-standing member) when it was theirs, or closes when no one is left (its text gone
 * with their key); each invitation to them, to a group or an event, is declined.
 */
export function eraseGroupsDataOf(deps: GroupsDeps) {
  return async (trx: Kysely<GroupsDatabase>, userId: string) => {
    const within = commandDepsIn(deps, trx);
    const organised = await trx
      .selectFrom('community_events')
      .select('id')
      .where('creator_id', '=', userId)
      .where('cancelled', '=', false)
      .execute();
    for (const { id } of organised) await onEvent(within, id, null, { type: 'cancel', actorId: null });
    await trx
      .updateTable('community_events')
      .set({ title: '', description: null, location: '' })
      .where('creator_id', '=', userId)
      .execute();

    /** The events the account is on the list of, or invited to. */
    const eventsIn = (table: 'event_attendees' | 'event_invitations') =>
      trx.selectFrom(table).select('event_id').where('user_id', '=', userId).execute();
    for (const { event_id } of await eventsIn('event_attendees'))
      await setAttendance(within, event_id, userId, 'leave');
    for (const { event_id } of await eventsIn('event_invitations'))
      await setAttendance(within, event_id, userId, 'decline-invitation');

    const groups = await trx
      .selectFrom('groups')
      .select(['id', 'name', 'description'])
      .where('closed', '=', false)
      .where((w) =>
        w.or([
          w('creator_id', '=', userId),
          // A member, asking to join, or invited.
          ...(['group_memberships', 'group_join_requests', 'group_invitations'] as const).map((table) =>
            w.exists(
              w
                .selectFrom(table)
                .select('user_id')
                .whereRef('group_id', '=', 'groups.id')
                .where('user_id', '=', userId),
            ),
          ),
        ]),
      )
      .execute();
    for (const group of groups)
      await handleCommand(within.events, groupStream(group.id), groupDecider, {
        type: 'account-deleted',
        groupId: group.id,
        userId,
        text: { name: group.name, description: group.description },
        now: deps.now(),
      });
    // A group still theirs closed with nobody to take it: its text goes too, as a rebuild has it.
    await trx
      .updateTable('groups')
      .set({ name: '', description: null })
      .where('creator_id', '=', userId)
      .where('closed', '=', true)
      .execute();
  };
}
