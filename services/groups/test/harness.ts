import { groupsEvents } from '@waco/contracts';
import { countRows, startServiceUnderTest } from '@waco/platform/testing';
import { createGroupsService } from '../src/service';

/**
 * groups on a fresh schema and a bus (in-process unless asked for JetStream), with a recorder of
 * what it publishes. A photo must be an upload media told of: a test that names one publishes
 * `MediaUploaded` first, so the wait for one that never comes is short.
 */
export async function startGroups(options: { bus?: 'memory' | 'nats' } = {}) {
  const groups = await startServiceUnderTest(createGroupsService({ uploadNoticeWaitMs: 300 }), {
    bus: options.bus,
    publishes: groupsEvents,
  });
  /** Row counts of every table a request could write. */
  const counts = () =>
    countRows(groups.query, {
      groups: 'groups',
      memberships: 'group_memberships',
      events: 'community_events',
      attendees: 'event_attendees',
      log: 'events',
    });
  return { ...groups, counts };
}
