import {
  BUSINESS_NOT_FOUND,
  type Business,
  type BusinessDetails,
  type UpdateBusinessRequest,
} from '@waco/contracts';
import { gatherCreatorFacts, handleCommand, notFound, photoUploadedBy } from '@waco/platform';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import { businessFor } from '../db/businesses';
import { moderation } from '../db/moderation';
import { type BusinessCommand, businessDecider, businessStream } from '../domain/business';
import type { DirectoryDeps } from './deps';

type Without<C> = C extends unknown ? Omit<C, 'businessId' | 'now'> : never;
type OnBusinessCommand = Without<Exclude<BusinessCommand, { type: 'add' }>>;

/** The business as the caller sees it after a command; 404 when it is gone. */
export async function answerBusiness(deps: DirectoryDeps, businessId: string, viewerId: string | null) {
  const business = await businessFor(deps.db, businessId, viewerId);
  if (!business) throw notFound(BUSINESS_NOT_FOUND);
  return business;
}

/** Runs a command on a business's stream, in its own transaction (or the caller's). */
export function onBusiness(
  deps: DirectoryDeps,
  businessId: string,
  actorId: string | null,
  command: OnBusinessCommand | ((trx: DirectoryDeps['db']) => Promise<OnBusinessCommand>),
) {
  return handleCommand(
    deps.events,
    businessStream(businessId),
    businessDecider,
    async (trx) =>
      ({
        ...(typeof command === 'function' ? await command(trx) : command),
        businessId,
        now: deps.now(),
      }) as BusinessCommand,
    actorId ? { actorId } : {},
  );
}

/** Any member who is not suspended adds a business; answers it as stored. */
export async function addBusiness(
  deps: DirectoryDeps,
  memberId: string,
  details: BusinessDetails,
): Promise<Business> {
  const businessId = uuidv7();
  const creator = await gatherCreatorFacts(deps, moderation, memberId, details.imageUrl);
  await handleCommand(
    deps.events,
    businessStream(businessId),
    businessDecider,
    async (trx) => ({
      type: 'add' as const,
      businessId,
      addedBy: memberId,
      details,
      ...(await creator(trx)),
      now: deps.now(),
    }),
    { actorId: memberId },
  );
  return answerBusiness(deps, businessId, memberId);
}

/** The verified owner changes its details. */
export async function editBusiness(
  deps: DirectoryDeps,
  businessId: string,
  actorId: string,
  changes: z.output<typeof UpdateBusinessRequest>,
): Promise<Business> {
  const uploaded = await photoUploadedBy(deps.db, actorId, changes.imageUrl, deps.uploadNoticeWaitMs);
  await onBusiness(deps, businessId, actorId, {
    type: 'edit',
    actorId,
    changes: changes as Partial<BusinessDetails>,
    photoUploaded: uploaded,
  });
  return answerBusiness(deps, businessId, actorId);
}

/** A member claims the business as its owner, for a moderator to verify. */
export async function claimBusiness(
  deps: DirectoryDeps,
  businessId: string,
  claimantId: string,
  note: string,
) {
  await onBusiness(deps, businessId, claimantId, async (trx) => ({
    type: 'claim',
    claimantId,
    note,
    suspension: (await moderation.suspensionOf(trx, claimantId)) ?? null,
  }));
  return answerBusiness(deps, businessId, claimantId);
}
