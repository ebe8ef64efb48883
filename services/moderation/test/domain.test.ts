import { randomUUID } from 'node:crypto';
import * as contract from '@waco/contracts';
import { newEvent, RuleBroken } from '@waco/platform';
import { deciderSpecification } from '@waco/platform/testing';
import { describe, expect, it } from 'vitest';
import { blocksDecider } from '../src/domain/blocks';
import { memberDecider } from '../src/domain/member';
import { type FileReport, type ResolveReports, targetDecider } from '../src/domain/target';

const now = new Date('2030-01-02T03:04:05.000Z');
const at = now.toISOString();
const owner = randomUUID();
const postId = randomUUID();
const moderatorId = randomUUID();
const [r1, r2, r3] = [randomUUID(), randomUUID(), randomUUID()];

const file = (reporterId: string, over: Partial<FileReport> = {}): FileReport => ({
  type: 'file',
  reportId: `0190a000-0000-7000-8000-${reporterId.slice(-12)}`,
  reporterId,
  targetType: 'post',
  targetId: postId,
  targetOwnerId: owner,
  reason: 'scam',
  details: null,
  reporterSuspension: null,
  now,
  ...over,
});
const filed = (command: FileReport) =>
  newEvent(contract.ReportFiled, {
    reportId: command.reportId,
    targetType: command.targetType,
    targetId: command.targetId,
    targetOwnerId: owner,
    reporterId: command.reporterId,
    reason: command.reason,
    details: command.details,
    filedAt: at,
  });
const hiddenByReports = newEvent(contract.PostHiddenByModerators, {
  postId,
  ownerId: owner,
  by: 'reports',
  moderatorId: null,
  note: null,
  hiddenAt: at,
});
const resolve = (action: ResolveReports['action'], over: Partial<ResolveReports> = {}): ResolveReports => ({
  type: 'resolve',
  moderatorId,
  action,
  note: 'Checked',
  targetType: 'post',
  targetId: postId,
  targetOwnerId: owner,
  now,
  ...over,
});

const target = deciderSpecification(targetDecider);

describe('reporting', () => {
  it('files a report', () => {
    target
      .given([])
      .when(file(r1))
      .then([filed(file(r1))]);
  });

  it('is one report when the same member reports the same thing again', () => {
    target
      .given([filed(file(r1))])
      .when(file(r1, { reason: 'spam' }))
      .thenNothingHappens();
  });

  it('hides a post at once when a third distinct member reports it', () => {
    target
      .given([filed(file(r1)), filed(file(r2))])
      .when(file(r3))
      .then([filed(file(r3)), hiddenByReports]);
  });

  it('does not hide a member or a message, however many report it', () => {
    const user = { targetType: 'user' as const };
    target
      .given([filed(file(r1, user)), filed(file(r2, user))])
      .when(file(r3, user))
      .then((events) => expect(events.map((e) => e.type)).toEqual(['ReportFiled']));
  });

  it('refuses one’s own things, things that do not exist, and suspended reporters', () => {
    target.given([]).when(file(owner)).thenThrows(RuleBroken, contract.REPORT_OWN_TARGET);
    target
      .given([])
      .when(file(r1, { targetOwnerId: null }))
      .thenThrows(RuleBroken, contract.REPORT_TARGET_NOT_FOUND);
    target
      .given([])
      .when(file(r1, { reporterSuspension: { note: 'Spam' } }))
      .thenThrows(RuleBroken, contract.suspendedMessage('Spam'));
  });
});

describe('resolving', () => {
  const three = [filed(file(r1)), filed(file(r2)), filed(file(r3)), hiddenByReports];

  it('dismissing restores a post hidden by reports, and closes every open report', () => {
    target
      .given(three)
      .when(resolve('dismiss'))
      .then((events) => {
        expect(events.map((e) => e.type)).toEqual([
          contract.ReportsResolved.type,
          contract.PostRestoredByModerators.type,
        ]);
        expect(events[0]?.data).toMatchObject({
          reporterIds: [r1, r2, r3],
          action: 'dismiss',
          note: 'Checked',
        });
      });
  });

  it('hiding keeps the post hidden, now by a moderator with the note', () => {
    target
      .given(three)
      .when(resolve('hide'))
      .then((events) =>
        expect(events[1]).toMatchObject({
          type: contract.PostHiddenByModerators.type,
          data: { by: 'moderator', note: 'Checked' },
        }),
      );
  });

  it('refuses resolving twice, hiding what is not a post, and suspending oneself', () => {
    target
      .given([...three, newEvent(contract.ReportsResolved, { ...resolvedData(), action: 'dismiss' })])
      .when(resolve('dismiss'))
      .thenThrows(RuleBroken, contract.REPORT_ALREADY_RESOLVED);
    target
      .given([filed(file(r1, { targetType: 'user' }))])
      .when(resolve('hide', { targetType: 'user' }))
      .thenThrows(RuleBroken, contract.HIDE_ONLY_POSTS);
    target
      .given([filed(file(r1))])
      .when(resolve('suspend', { targetOwnerId: moderatorId }))
      .thenThrows(RuleBroken, "You can't suspend yourself");
  });

  it('hides and restores a group or an event as it does a post: their own events', () => {
    for (const [targetType, hidden, restored, key] of [
      ['group', contract.GroupHiddenByModerators, contract.GroupRestoredByModerators, 'groupId'],
      ['event', contract.EventHiddenByModerators, contract.EventRestoredByModerators, 'eventId'],
    ] as const) {
      const kind = { targetType };
      const reports = [filed(file(r1, kind)), filed(file(r2, kind))];
      target
        .given(reports)
        .when(file(r3, kind))
        .then((events) => {
          expect(events.map((e) => e.type)).toEqual([contract.ReportFiled.type, hidden.type]);
          expect(events[1]?.data).toMatchObject({ [key]: postId, by: 'reports' });
        });
      const byReports = [
        ...reports,
        filed(file(r3, kind)),
        // A past event as the log holds it: its type and data.
        {
          type: hidden.type,
          data: { [key]: postId, ownerId: owner, by: 'reports', moderatorId: null, note: null, hiddenAt: at },
        },
      ];
      target
        .given(byReports)
        .when(resolve('dismiss', kind))
        .then((events) =>
          expect(events.map((e) => e.type)).toEqual([contract.ReportsResolved.type, restored.type]),
        );
      target
        .given(reports)
        .when(resolve('hide', kind))
        .then((events) =>
          expect(events[1]).toMatchObject({ type: hidden.type, data: { [key]: postId, by: 'moderator' } }),
        );
    }
  });

  it('needs three new reports to hide a post again after a dismissal', () => {
    target
      .given([
        ...three,
        newEvent(contract.ReportsResolved, resolvedData()),
        newEvent(contract.PostRestoredByModerators, { postId, ownerId: owner, moderatorId, restoredAt: at }),
      ])
      .when(file(r1))
      .then((events) => expect(events.map((e) => e.type)).toEqual(['ReportFiled']));
  });
});

function resolvedData() {
  return {
    targetType: 'post' as const,
    targetId: postId,
    targetOwnerId: owner,
    reportIds: [],
    reporterIds: [],
    action: 'dismiss' as const,
    note: null,
    moderatorId,
    resolvedAt: at,
  };
}

describe('a member’s standing', () => {
  const member = deciderSpecification(memberDecider);
  const userId = randomUUID();
  const suspended = newEvent(contract.UserSuspended, { userId, moderatorId, note: 'Scams', suspendedAt: at });

  it('grants and revokes the moderator role once each', () => {
    member
      .given([])
      .when({ type: 'grant', role: 'moderator', userId, by: null, now })
      .then((e) => expect(e[0]?.type).toBe('ModeratorGranted'));
    member.given([]).when({ type: 'revoke', role: 'moderator', userId, by: null, now }).thenNothingHappens();
  });

  it("grants and revokes the admin role once each, apart from the moderator role, and records who granted a moderator's", () => {
    const granted = newEvent(contract.AdminGranted, { userId, grantedAt: at });
    member.given([]).when({ type: 'grant', role: 'admin', userId, by: null, now }).then([granted]);
    member
      .given([granted])
      .when({ type: 'grant', role: 'admin', userId, by: null, now })
      .thenNothingHappens();
    // An administrator is no moderator until granted that too, by whoever grants it.
    member
      .given([granted])
      .when({ type: 'grant', role: 'moderator', userId, by: moderatorId, now })
      .then([newEvent(contract.ModeratorGranted, { userId, grantedAt: at, by: moderatorId })]);
    member
      .given([granted])
      .when({ type: 'revoke', role: 'admin', userId, by: null, now })
      .then([newEvent(contract.AdminRevoked, { userId, revokedAt: at })]);
  });

  it('suspends once, and reinstates only the suspended', () => {
    member.given([]).when({ type: 'suspend', userId, moderatorId, note: 'Scams', now }).then([suspended]);
    member
      .given([suspended])
      .when({ type: 'suspend', userId, moderatorId, note: 'Again', now })
      .thenNothingHappens();
    member
      .given([suspended])
      .when({ type: 'reinstate', userId, moderatorId, now })
      .then([newEvent(contract.UserReinstated, { userId, moderatorId, reinstatedAt: at })]);
    member
      .given([])
      .when({ type: 'reinstate', userId, moderatorId, now })
      .thenThrows(RuleBroken, contract.NOT_SUSPENDED);
  });
});

describe('blocks', () => {
  const blocks = deciderSpecification(blocksDecider);
  const blockerId = randomUUID();
  const blockedId = randomUUID();
  const block = { type: 'block' as const, blockerId, blockedId, blockedExists: true, now };
  const blocked = newEvent(contract.UserBlocked, { blockerId, blockedId, blockedAt: at });

  it('blocks once and unblocks once', () => {
    blocks.given([]).when(block).then([blocked]);
    blocks.given([blocked]).when(block).thenNothingHappens();
    blocks
      .given([blocked])
      .when({ type: 'unblock', blockerId, blockedId, now })
      .then([newEvent(contract.UserUnblocked, { blockerId, blockedId, unblockedAt: at })]);
    blocks.given([]).when({ type: 'unblock', blockerId, blockedId, now }).thenNothingHappens();
  });

  it('refuses oneself and unknown members', () => {
    blocks
      .given([])
      .when({ ...block, blockedId: blockerId })
      .thenThrows(RuleBroken, contract.BLOCK_SELF);
    blocks
      .given([])
      .when({ ...block, blockedExists: false })
      .thenThrows(RuleBroken, 'User not found');
  });
});

describe('reported comments', () => {
  const commentId = randomUUID();
  const onComment = { targetType: 'comment' as const, targetId: commentId };
  const hidden = (by: 'reports' | 'moderator', note: string | null) =>
    newEvent(contract.CommentHiddenByModerators, {
      commentId,
      ownerId: owner,
      by,
      moderatorId: by === 'moderator' ? moderatorId : null,
      note,
      hiddenAt: at,
    });

  it('hides a comment when a third distinct member reports it, and not before', () => {
    target
      .given([filed(file(r1, onComment))])
      .when(file(r2, onComment))
      .then([filed(file(r2, onComment))]);
    target
      .given([filed(file(r1, onComment)), filed(file(r2, onComment))])
      .when(file(r3, onComment))
      .then([filed(file(r3, onComment)), hidden('reports', null)]);
  });

  it('the same member reporting again is still one report: no hiding', () => {
    target
      .given([filed(file(r1, onComment)), filed(file(r2, onComment))])
      .when(file(r2, onComment))
      .thenNothingHappens();
  });

  it('a dismissal restores it; a moderator may hide it', () => {
    const three = [...[r1, r2, r3].map((r) => filed(file(r, onComment))), hidden('reports', null)];
    target
      .given(three)
      .when(resolve('dismiss', onComment))
      .then((events) =>
        expect(events[1]).toEqual(
          newEvent(contract.CommentRestoredByModerators, {
            commentId,
            ownerId: owner,
            moderatorId,
            restoredAt: at,
          }),
        ),
      );
    target
      .given([filed(file(r1, onComment))])
      .when(resolve('hide', onComment))
      .then((events) => expect(events[1]).toEqual(hidden('moderator', 'Checked')));
  });
});

describe('the verified mark', () => {
  const member = deciderSpecification(memberDecider);
  const userId = randomUUID();
  const verify = (verified: boolean, by: string | null = moderatorId) =>
    ({ type: 'verify', userId, verified, moderatorId: by, now }) as const;
  const set = (verified: boolean, by: string | null = moderatorId) =>
    newEvent(contract.MemberVerificationSet, { userId, verified, moderatorId: by, at });

  it('is set by a moderator or the operator, and taken away', () => {
    member
      .given([])
      .when(verify(true))
      .then([set(true)]);
    member
      .given([])
      .when(verify(true, null))
      .then([set(true, null)]);
    member
      .given([set(true)])
      .when(verify(false))
      .then([set(false)]);
  });

  it('setting it as it is records nothing (a second click, a command run twice)', () => {
    member
      .given([set(true)])
      .when(verify(true))
      .thenNothingHappens();
    member.given([]).when(verify(false)).thenNothingHappens();
  });
});
