import {
  ALREADY_INVITED,
  EventAttendeeJoined,
  EventMemberInvited,
  EventScheduled,
  GROUP_MEMBERS_ONLY_INVITE,
  GroupCreated,
  GroupMemberInvited,
  GroupMemberJoined,
  GroupMemberRoleChanged,
  INVITATION_BLOCKED,
  INVITEE_CANNOT_SEE_EVENT,
  INVITEE_IS_MEMBER,
  INVITEE_SIGNED_UP,
  NO_EVENT_INVITATION,
  NO_INVITATION,
} from '@waco/contracts';
import { newEvent, RuleBroken } from '@waco/platform';
import { testAt as at, deciderSpecification, testNow as now, testMembers } from '@waco/platform/testing';
import { describe, expect, it } from 'vitest';
import { type EventCommand, eventDecider } from '../src/domain/events';
import { groupDecider } from '../src/domain/groups';
import { icalendar } from '../src/domain/icalendar';
import { eventOpenTo, groupOpenTo, listedFor } from '../src/domain/visibility';

const { ada, bob, cy, dee } = testMembers;
const groupId = '0190a000-0000-7000-8000-0000000000f1';
const eventId = '0190a000-0000-7000-8000-0000000000e1';

const created = (isPublic: boolean) =>
  newEvent(GroupCreated, {
    groupId,
    creatorId: ada,
    name: 'Cameron Park trail crew',
    description: null,
    imageUrl: null,
    neighborhood: 'cameron_park',
    isPublic,
    createdAt: at,
  });
const joined = (userId: string, role: 'member' | 'moderator' | 'admin' = 'member') =>
  newEvent(GroupMemberJoined, { groupId, userId, role, joinedAt: at, approvedBy: null });

const groups = deciderSpecification(groupDecider);

describe('a group', () => {
  it('is created with its creator as its admin', () => {
    groups
      .given([])
      .when({
        type: 'create',
        groupId,
        creatorId: ada,
        request: {
          name: 'Book club',
          description: null,
          imageUrl: null,
          neighborhood: 'sanger_heights',
          isPublic: false,
        },
        suspension: null,
        photoUploaded: true,
        now,
      })
      .then(([group, membership, ...rest]) => {
        expect(rest).toEqual([]);
        expect(group?.data).toMatchObject({ groupId, creatorId: ada, name: 'Book club', isPublic: false });
        expect(membership?.data).toMatchObject({ userId: ada, role: 'admin' });
      });
  });

  it('is not created by a suspended member, nor with a photo they did not upload', () => {
    const command = {
      type: 'create' as const,
      groupId,
      creatorId: ada,
      request: { name: 'Book club', description: null, imageUrl: '/objects/uploads/x.jpg', isPublic: true },
      suspension: null,
      photoUploaded: false,
      now,
    };
    groups
      .given([])
      .when({ ...command, suspension: { note: 'spam' } })
      .thenThrows(RuleBroken, 'suspended');
    groups.given([]).when(command).thenThrows(RuleBroken, 'The photo must be one you uploaded');
  });

  it('is joined at once when public; a private one is asked, and its admin approves or declines', () => {
    groups
      .given([created(true), joined(ada, 'admin')])
      .when({ type: 'join', groupId, userId: bob, now })
      .then([joined(bob)]);
    groups
      .given([created(false), joined(ada, 'admin')])
      .when({ type: 'join', groupId, userId: bob, now })
      .then(([asked]) => expect(asked?.type).toBe('GroupJoinRequested'));
    const asked = [
      created(false),
      joined(ada, 'admin'),
      newEvent(GroupMemberJoined, { groupId, userId: cy, role: 'member', joinedAt: at, approvedBy: ada }),
    ];
    const requested = [
      ...asked.slice(0, 2),
      { type: 'GroupJoinRequested', data: { groupId, userId: bob, requestedAt: at } },
    ];
    groups
      .given(requested)
      .when({ type: 'answer-request', groupId, actorId: ada, userId: bob, approve: true, now })
      .then([
        newEvent(GroupMemberJoined, { groupId, userId: bob, role: 'member', joinedAt: at, approvedBy: ada }),
      ]);
    groups
      .given(requested)
      .when({ type: 'answer-request', groupId, actorId: ada, userId: bob, approve: false, now })
      .then(([declined]) => expect(declined?.type).toBe('GroupJoinDeclined'));
    // Only an admin answers; a member cannot.
    groups
      .given([...requested, joined(cy)])
      .when({ type: 'answer-request', groupId, actorId: cy, userId: bob, approve: true, now })
      .thenThrows(RuleBroken, "Only the group's admins can do this");
    groups
      .given(requested)
      .when({ type: 'join', groupId, userId: bob, now })
      .thenThrows(RuleBroken, 'You have already asked to join this group');
  });

  it('refuses its last admin leaving while others remain, with a clear 409', () => {
    groups
      .given([created(true), joined(ada, 'admin'), joined(bob)])
      .when({ type: 'leave', groupId, userId: ada, now })
      .thenThrows(RuleBroken, 'You are the last admin of this group', (err) =>
        expect(err.statusCode).toBe(409),
      );
    // Once another member is an admin, they may go.
    groups
      .given([
        created(true),
        joined(ada, 'admin'),
        joined(bob),
        newEvent(GroupMemberRoleChanged, {
          groupId,
          userId: bob,
          role: 'admin',
          changedBy: ada,
          changedAt: at,
        }),
      ])
      .when({ type: 'leave', groupId, userId: ada, now })
      .then(([left]) => expect(left?.data).toMatchObject({ userId: ada, removedBy: null }));
    // The last member leaving closes the group.
    groups
      .given([created(true), joined(ada, 'admin')])
      .when({ type: 'leave', groupId, userId: ada, now })
      .then((events) => expect(events.map((e) => e.type)).toEqual(['GroupMemberLeft', 'GroupClosed']));
  });

  it('has roles: an admin promotes, demotes and removes; the last admin cannot step down', () => {
    const given = [created(true), joined(ada, 'admin'), joined(bob), joined(cy, 'moderator')];
    groups
      .given(given)
      .when({ type: 'set-role', groupId, actorId: ada, userId: bob, role: 'moderator', now })
      .then([
        newEvent(GroupMemberRoleChanged, {
          groupId,
          userId: bob,
          role: 'moderator',
          changedBy: ada,
          changedAt: at,
        }),
      ]);
    groups
      .given(given)
      .when({ type: 'set-role', groupId, actorId: bob, userId: bob, role: 'admin', now })
      .thenThrows(RuleBroken, "Only the group's admins can do this");
    groups
      .given(given)
      .when({ type: 'set-role', groupId, actorId: ada, userId: ada, role: 'member', now })
      .thenThrows(RuleBroken, 'make another member an admin first');
    groups
      .given(given)
      .when({ type: 'remove', groupId, actorId: ada, userId: cy, now })
      .then(([left]) => expect(left?.data).toMatchObject({ userId: cy, removedBy: ada }));
    // A group moderator removes members, not other moderators or admins.
    groups
      .given(given)
      .when({ type: 'remove', groupId, actorId: cy, userId: bob, now })
      .then(([left]) => expect(left?.data).toMatchObject({ userId: bob, removedBy: cy }));
    groups
      .given(given)
      .when({ type: 'remove', groupId, actorId: cy, userId: ada, now })
      .thenThrows(RuleBroken, "Only the group's admins can do this");
  });

  it("passes to another member when its creator's account is deleted, or closes with nobody left", () => {
    const text = { name: 'Cameron Park trail crew', description: 'Saturdays' };
    groups
      .given([created(true), joined(ada, 'admin'), joined(bob), joined(cy)])
      .when({ type: 'account-deleted', groupId, userId: ada, text, now })
      .then(([handed, left]) => {
        // The longest-standing member takes it, with its text stated again under their key.
        expect(handed?.data).toMatchObject({ fromUserId: ada, toUserId: bob, ...text });
        expect(left?.data).toMatchObject({ userId: ada, removedBy: null });
      });
    groups
      .given([created(true), joined(ada, 'admin'), joined(bob), joined(cy, 'admin')])
      .when({ type: 'account-deleted', groupId, userId: ada, text, now })
      .then(([handed]) => expect(handed?.data).toMatchObject({ toUserId: cy }));
    groups
      .given([created(true), joined(ada, 'admin')])
      .when({ type: 'account-deleted', groupId, userId: ada, text, now })
      .then((events) => expect(events.map((e) => e.type)).toEqual(['GroupMemberLeft', 'GroupClosed']));
  });
});

describe('an invitation to a group', () => {
  const invite = (actorId: string, userId: string, blocked = false) =>
    ({ type: 'invite', groupId, actorId, userId, blocked, now }) as const;
  const invited = (userId: string, invitedBy: string) =>
    newEvent(GroupMemberInvited, { groupId, userId, invitedBy, invitedAt: at });

  it('is made by a member, to someone not in the group, once, and never across a block', () => {
    groups
      .given([created(false), joined(ada, 'admin'), joined(bob)])
      .when(invite(bob, cy))
      .then(([event]) => expect(event?.data).toMatchObject({ userId: cy, invitedBy: bob }));
    groups
      .given([created(true), joined(ada, 'admin')])
      .when(invite(dee, cy))
      .thenThrows(RuleBroken, GROUP_MEMBERS_ONLY_INVITE);
    groups
      .given([created(true), joined(ada, 'admin'), joined(bob)])
      .when(invite(ada, bob))
      .thenThrows(RuleBroken, INVITEE_IS_MEMBER);
    groups
      .given([created(true), joined(ada, 'admin'), invited(cy, ada)])
      .when(invite(ada, cy))
      .thenThrows(RuleBroken, ALREADY_INVITED);
    groups
      .given([created(true), joined(ada, 'admin')])
      .when(invite(ada, cy, true))
      .thenThrows(RuleBroken, INVITATION_BLOCKED);
  });

  it('accepted, joins a private group at once (let in by who invited); declined, is gone', () => {
    const given = [created(false), joined(ada, 'admin'), joined(bob), invited(cy, bob)];
    groups
      .given(given)
      .when({ type: 'accept-invitation', groupId, userId: cy, now })
      .then(([event]) => expect(event?.data).toMatchObject({ userId: cy, role: 'member', approvedBy: bob }));
    groups
      .given(given)
      .when({ type: 'decline-invitation', groupId, userId: cy, now })
      .then(([event]) => expect(event?.type).toBe('GroupInvitationDeclined'));
    groups
      .given([
        ...given,
        newEvent(GroupMemberJoined, { groupId, userId: cy, role: 'member', joinedAt: at, approvedBy: bob }),
      ])
      .when({ type: 'decline-invitation', groupId, userId: cy, now })
      .thenThrows(RuleBroken, NO_INVITATION);
    groups
      .given(given)
      .when({ type: 'accept-invitation', groupId, userId: dee, now })
      .thenThrows(RuleBroken, NO_INVITATION);
  });

  it("is declined when the invitee's account is deleted", () => {
    groups
      .given([created(true), joined(ada, 'admin'), joined(bob), invited(cy, bob)])
      .when({ type: 'account-deleted', groupId, userId: cy, text: { name: 'x', description: null }, now })
      .then((events) => expect(events.map((e) => e.type)).toEqual(['GroupInvitationDeclined']));
  });
});

const scheduled = (maxAttendees: number | null, extra: { groupId?: string; isPublic?: boolean } = {}) =>
  newEvent(EventScheduled, {
    eventId,
    creatorId: ada,
    groupId: extra.groupId ?? null,
    title: 'Trail clean-up',
    description: null,
    location: 'Cameron Park, Redgate',
    startDate: '2030-02-01T15:00:00.000Z',
    endDate: null,
    imageUrl: null,
    isPublic: extra.isPublic ?? true,
    maxAttendees,
    createdAt: at,
  });
const signedUp = (userId: string, status: 'attending' | 'waitlisted') =>
  newEvent(EventAttendeeJoined, { eventId, userId, status, joinedAt: at });
const events = deciderSpecification(eventDecider);
const attend = (userId: string, group: EventCommand['group'] = null): EventCommand => ({
  type: 'attend',
  eventId,
  userId,
  group,
  now,
});

describe('an event with a capacity', () => {
  it('gives places while there are some, then the waitlist', () => {
    events
      .given([scheduled(2)])
      .when(attend(bob))
      .then([signedUp(bob, 'attending')]);
    events
      .given([scheduled(2), signedUp(bob, 'attending'), signedUp(cy, 'attending')])
      .when(attend(dee))
      .then([signedUp(dee, 'waitlisted')]);
    // Without a capacity everyone has a place; signing up twice changes nothing.
    events
      .given([scheduled(null), signedUp(bob, 'attending')])
      .when(attend(cy))
      .then([signedUp(cy, 'attending')]);
    events
      .given([scheduled(1), signedUp(bob, 'attending')])
      .when(attend(bob))
      .thenNothingHappens();
  });

  it('gives a freed place to the first waitlisted', () => {
    const full = [
      scheduled(1),
      signedUp(bob, 'attending'),
      signedUp(cy, 'waitlisted'),
      signedUp(dee, 'waitlisted'),
    ];
    events
      .given(full)
      .when({ type: 'leave', eventId, userId: bob, group: null, now })
      .then((decided) =>
        expect(decided.map((e) => [e.type, (e.data as { userId: string }).userId])).toEqual([
          ['EventAttendeeLeft', bob],
          ['EventAttendeePromoted', cy],
        ]),
      );
    // A waitlisted member leaving frees no place.
    events
      .given(full)
      .when({ type: 'leave', eventId, userId: dee, group: null, now })
      .then((decided) => expect(decided.map((e) => e.type)).toEqual(['EventAttendeeLeft']));
    events
      .given(full)
      .when({ type: 'leave', eventId, userId: ada, group: null, now })
      .thenThrows(RuleBroken, 'You are not signed up for this event');
  });

  it('takes no sign-up once started or cancelled', () => {
    events
      .given([scheduled(5)])
      .when({ ...attend(bob), now: new Date('2030-02-01T15:00:00.000Z') } as EventCommand)
      .thenThrows(RuleBroken, 'This event has already started');
    events
      .given([scheduled(5), { type: 'EventCancelled', data: { eventId, cancelledBy: ada, cancelledAt: at } }])
      .when(attend(bob))
      .thenThrows(RuleBroken, 'This event was cancelled');
  });

  it("of a private group is not there for an outsider, and only its members create the group's events", () => {
    const ofGroup = scheduled(5, { groupId });
    events
      .given([ofGroup])
      .when(attend(bob, { isPublic: false, viewerRole: null }))
      .thenThrows(RuleBroken, 'Event not found', (err) => expect(err.statusCode).toBe(404));
    events
      .given([ofGroup])
      .when(attend(bob, { isPublic: false, viewerRole: 'member' }))
      .then([signedUp(bob, 'attending')]);
    const schedule = {
      type: 'schedule' as const,
      eventId,
      creatorId: bob,
      request: {
        title: 'Picnic',
        description: null,
        location: 'Lake Waco',
        startDate: '2030-03-01T17:00:00.000Z',
        endDate: null,
        imageUrl: null,
        groupId,
        isPublic: true,
        maxAttendees: null,
      },
      suspension: null,
      photoUploaded: true,
      now,
    };
    // Refused to an outsider of a public group, to anyone outside a private one (it is not there
    // for them), and to a suspended member.
    const refusals = [
      [{ group: { isPublic: true, viewerRole: null } }, "Only the group's members can create its events"],
      [{ group: { isPublic: false, viewerRole: null } }, 'Group not found'],
      [{ group: { isPublic: true, viewerRole: 'member' }, suspension: { note: null } }, 'suspended'],
    ] as const;
    for (const [facts, refusal] of refusals)
      events
        .given([])
        .when({ ...schedule, ...facts })
        .thenThrows(RuleBroken, refusal);
    events
      .given([])
      .when({ ...schedule, group: { isPublic: true, viewerRole: 'member' } })
      .then(([event]) => expect(event?.data).toMatchObject({ groupId, creatorId: bob, maxAttendees: null }));
  });

  it('is changed or cancelled by its organiser or the group’s admins only', () => {
    const ofGroup = scheduled(5, { groupId });
    const change = {
      type: 'change' as const,
      eventId,
      editorId: bob,
      changes: { location: 'Indian Spring Park' },
      now,
    };
    events
      .given([ofGroup])
      .when({ ...change, group: { isPublic: true, viewerRole: 'member' } })
      .thenThrows(RuleBroken, "Only the event's organiser");
    events
      .given([ofGroup])
      .when({ ...change, group: { isPublic: true, viewerRole: 'admin' } })
      .then(([changed]) =>
        expect(changed?.data).toMatchObject({ location: 'Indian Spring Park', editorId: bob }),
      );
  });
});

describe('an invitation to an event', () => {
  const member = { isPublic: false, viewerRole: 'member' as const };
  const outsider = { isPublic: false, viewerRole: null };
  const invite = (inviteeGroup: EventCommand['group'], blocked = false): EventCommand => ({
    type: 'invite',
    eventId,
    actorId: ada,
    userId: cy,
    blocked,
    group: member,
    inviteeGroup,
    now,
  });
  const invited = newEvent(EventMemberInvited, { eventId, userId: cy, invitedBy: ada, invitedAt: at });

  it('reaches only a member who may see the event, not signed up yet, and not across a block', () => {
    events
      .given([scheduled(2, { groupId })])
      .when(invite(member))
      .then(([event]) => expect(event?.data).toMatchObject({ userId: cy, invitedBy: ada }));
    events
      .given([scheduled(2, { groupId })])
      .when(invite(outsider))
      .thenThrows(RuleBroken, INVITEE_CANNOT_SEE_EVENT);
    events
      .given([scheduled(2, { groupId })])
      .when(invite(member, true))
      .thenThrows(RuleBroken, INVITATION_BLOCKED);
    events
      .given([scheduled(2, { groupId }), signedUp(cy, 'attending')])
      .when(invite(member))
      .thenThrows(RuleBroken, INVITEE_SIGNED_UP);
  });

  it('accepted, signs the invitee up (the waitlist when full); declined, is gone', () => {
    events
      .given([scheduled(1), signedUp(bob, 'attending'), invited])
      .when({ type: 'accept-invitation', eventId, userId: cy, group: null, now })
      .then(([event]) => expect(event?.data).toMatchObject({ userId: cy, status: 'waitlisted' }));
    events
      .given([scheduled(1), invited])
      .when({ type: 'decline-invitation', eventId, userId: cy, group: null, now })
      .then(([event]) => expect(event?.type).toBe('EventInvitationDeclined'));
    events
      .given([scheduled(1)])
      .when({ type: 'accept-invitation', eventId, userId: cy, group: null, now })
      .thenThrows(RuleBroken, NO_EVENT_INVITATION);
  });
});

describe('private visibility', () => {
  it('shows a private group, its members and events to its members only', () => {
    expect(groupOpenTo({ isPublic: true }, null)).toBe(true);
    expect(groupOpenTo({ isPublic: false }, null)).toBe(false);
    expect(groupOpenTo({ isPublic: false }, 'member')).toBe(true);
    expect(eventOpenTo({ isPublic: true, group: { isPublic: false, viewerRole: null } })).toBe(false);
    expect(eventOpenTo({ isPublic: true, group: { isPublic: false, viewerRole: 'member' } })).toBe(true);
    expect(eventOpenTo({ isPublic: false, group: { isPublic: true, viewerRole: null } })).toBe(false);
    expect(eventOpenTo({ isPublic: true, group: { isPublic: true, viewerRole: null } })).toBe(true);
    // An unlisted event (no group, not public) opens at its address, and is listed for its own people only.
    const unlisted = { isPublic: false, group: null };
    expect(eventOpenTo(unlisted)).toBe(true);
    expect(listedFor(unlisted, { isOrganiser: false, attends: false })).toBe(false);
    expect(listedFor(unlisted, { isOrganiser: false, attends: true })).toBe(true);
  });
});

describe('iCalendar', () => {
  // The RFC 5545 rules themselves (UTC times, escaping, folding) are the platform's, tested in
  // libs/platform/test/icalendar.test.ts; here what a group's event says in a calendar.
  it('writes an event without an end an hour long, its text escaped', () => {
    const file = icalendar([
      {
        id: eventId,
        title: 'Trail clean-up, Redgate',
        description: null,
        location: 'Cameron Park',
        startDate: '2030-02-01T15:00:00.000Z',
        endDate: null,
        cancelled: false,
        updatedAt: at,
      },
    ]);
    expect(file.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(file).toContain('DTSTART:20300201T150000Z\r\nDTEND:20300201T160000Z\r\n');
    expect(file).toContain('SUMMARY:Trail clean-up\\, Redgate\r\n');
    expect(file.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });
});
