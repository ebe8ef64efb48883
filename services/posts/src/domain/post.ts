import {
  CLOSE_REASON_OF,
  type CloseReason,
  type CreatePostCommand,
  DAY_MS,
  EDITABLE_FIELDS,
  type EditableFields,
  type EventOf,
  EXPIRY_REMINDER_DAYS,
  expiryOf,
  type GroupRole,
  type MentionSpan,
  PostClosed,
  PostCreated,
  PostDeleted,
  PostEdited,
  PostExpired,
  PostExpiringSoon,
  PostMarkedPending,
  PostPendingCleared,
  PostRenewed,
  PostReopened,
  type PostState as PublicState,
  postLifecycleEvents,
  type UpdatePostCommand,
} from '@waco/contracts';
import {
  type Decider,
  type NewEvent,
  newEvent,
  RuleBroken,
  refuseSuspended,
  type Suspension,
} from '@waco/platform';
import { type GroupFacts, moderatesGroup, refuseOutsider } from './groups';
import { keptMentions, type MentionCandidate, newlyMentioned, sameMentions } from './mentions';
import { type PostingFacts, refuseOverPostingLimits } from './posting-limits';

/** A post's stream folded: what its owner may still do, and its current fields. */
export interface PostState {
  created: boolean;
  deleted: boolean;
  ownerId: string | null;
  category: 'sale' | 'job' | 'event';
  status: PublicState;
  fields: EditableFields | null;
  /** Null for posts made before expiry existed: the command then passes the read table's. */
  expiresAt: string | null;
  /** The expiry date its owner was last reminded of. */
  remindedFor: string | null;
  /** Who the description mentions, and where. */
  mentions: MentionSpan[];
  /** An accepted offer holds it (messaging's OfferAccepted), until sold or put back up. */
  pending: boolean;
  /** The group it was posted in, or null. */
  groupId: string | null;
}

export interface CreatePost {
  type?: 'create';
  postId: string;
  userId: string;
  post: CreatePostCommand;
  /**
   * The object paths this user uploaded, when the "only your own uploads" rule is on; null
   * while it is off (then any path under /objects/ is taken, as the contract's schema says).
   * An outside fact: the command reads it (media's events) before deciding.
   */
  uploadedByPoster: ReadonlySet<string> | null;
  /** The time it is made (its expiry is counted from it). */
  now: string;
  /** The member's recent posting, when the limits per member are on (posting-limits.ts). */
  limits?: PostingFacts;
  /** The poster's suspension, from posts' copy of moderation's events (gathered by the command). */
  suspension?: Suspension;
  /** The description's mentions, with the facts about their people (gathered by the command). */
  mentions?: MentionCandidate[];
  /** The group it is sent to, when `post.groupId` names one (gathered by the command). */
  group?: GroupFacts;
}

/** The owner's own changes. `now` and the table's expiry are outside facts the command gathers. */
export type OwnerCommand =
  | {
      type: 'edit';
      actorId: string;
      changes: UpdatePostCommand;
      uploadedByActor: ReadonlySet<string> | null;
      /** The new description's mentions, when it is given (gathered by the command). */
      mentions?: MentionCandidate[];
    }
  | { type: 'close'; actorId: string; reason: CloseReason; buyerId?: string }
  | { type: 'reopen'; actorId: string }
  | { type: 'renew'; actorId: string; now: string }
  /** `groupRole`: the actor's role in the post's group (its moderators and admins remove its posts). */
  | { type: 'delete'; actorId: string; groupRole?: GroupRole | null };

/** The expiry sweep's: record the expiry, or the reminder three days ahead, when due. */
export type SweepCommand = { type: 'expire' | 'remind'; now: string; knownExpiresAt: string };

/** An offer on the post was accepted in a conversation (messaging's OfferAccepted). */
export type PendCommand = { type: 'pend'; buyerId: string; offerId: string };

export type PostCommand = CreatePost | OwnerCommand | SweepCommand | PendCommand;

export const POST_NOT_FOUND = 'Post not found';
export const NOT_THE_OWNER = 'Only the person who posted this can change it';
const REASON_WORD = { sale: 'sold', job: 'filled', event: 'cancelled' } as const;
const CATEGORY_WORD = { sale: 'A sale', job: 'A job', event: 'An event' } as const;

/** The events of a post's stream. */
const POST_EVENTS = [PostCreated, ...postLifecycleEvents] as const;
export type PostEvent = EventOf<(typeof POST_EVENTS)[number]>;

const initialState: PostState = {
  created: false,
  deleted: false,
  ownerId: null,
  category: 'sale',
  status: 'active',
  fields: null,
  expiresAt: null,
  remindedFor: null,
  mentions: [],
  pending: false,
  groupId: null,
};

function evolve(state: PostState, event: PostEvent): PostState {
  switch (event.type) {
    case PostCreated.type: {
      const created = event.data;
      const fields = Object.fromEntries(EDITABLE_FIELDS.map((k) => [k, created[k]])) as EditableFields;
      return {
        ...state,
        created: true,
        ownerId: created.ownerId,
        category: created.category,
        fields,
        expiresAt: created.expiresAt ?? null,
        mentions: created.mentions,
        groupId: created.groupId,
      };
    }
    case PostEdited.type:
      return {
        ...state,
        fields: { ...(state.fields as EditableFields), ...event.data.changes },
        expiresAt: event.data.expiresAt ?? state.expiresAt,
        mentions: event.data.mentions ?? state.mentions,
      };
    case PostClosed.type:
      return { ...state, status: 'closed', pending: false };
    case PostReopened.type:
      return { ...state, status: 'active', pending: false };
    case PostMarkedPending.type:
      return { ...state, pending: true };
    case PostPendingCleared.type:
      return { ...state, pending: false };
    case PostRenewed.type:
      return { ...state, status: 'active', expiresAt: event.data.expiresAt };
    case PostExpired.type:
      return { ...state, status: 'expired' };
    case PostExpiringSoon.type:
      return { ...state, remindedFor: event.data.expiresAt };
    case PostDeleted.type:
      return { ...state, deleted: true };
    default:
      return state;
  }
}

function refIn(state: PostState, postId: string) {
  return { postId, ownerId: state.ownerId as string, category: state.category };
}

function create(command: CreatePost, state: PostState): NewEvent<PostEvent>[] {
  // A suspended member cannot post (403, telling why).
  refuseSuspended(command.suspension);
  if (state.created) throw new RuleBroken('This post already exists');
  const { post, uploadedByPoster } = command;
  if (command.limits) refuseOverPostingLimits(command.limits, post, new Date(command.now));
  refuseForeignPhotos(post.imagePaths, uploadedByPoster, []);
  if (post.groupId) refuseOutsider(command.group);
  return [
    newEvent(PostCreated, {
      postId: command.postId,
      ownerId: command.userId,
      title: post.title,
      category: post.category,
      description: post.description,
      neighborhood: post.neighborhood,
      price: post.price,
      company: post.company,
      salary: post.salary,
      eventDate: post.eventDate,
      address: post.address,
      imagePaths: post.imagePaths,
      contactPhone: post.contactPhone,
      contactEmail: post.contactEmail,
      expiresAt: expiryOf(post, command.now),
      mentions: keptMentions(command.userId, command.mentions ?? []),
      groupId: post.groupId,
    }),
  ];
}

/** New photos must be the actor's own uploads; those already on the post stay allowed. */
function refuseForeignPhotos(paths: string[], uploaded: ReadonlySet<string> | null, kept: string[]) {
  if (!uploaded) return;
  const foreign = paths.find((path) => !uploaded.has(path) && !kept.includes(path));
  if (foreign)
    throw new RuleBroken(`Photos must be ones you uploaded: ${foreign} is not`, { field: 'imagePaths' });
}

function edit(command: Extract<OwnerCommand, { type: 'edit' }>, state: PostState, postId: string) {
  const fields = state.fields as EditableFields;
  const changes: Partial<EditableFields> = {};
  const previous: Partial<EditableFields> = {};
  for (const key of EDITABLE_FIELDS) {
    const next = command.changes[key];
    if (next === undefined || JSON.stringify(next) === JSON.stringify(fields[key])) continue;
    (changes as Record<string, unknown>)[key] = next;
    (previous as Record<string, unknown>)[key] = fields[key];
  }
  // A description given anew brings its mentions (none, if none were sent): its offsets changed.
  const mentions =
    command.changes.description === undefined
      ? undefined
      : keptMentions(state.ownerId as string, command.mentions ?? []);
  const mentionsChanged = mentions !== undefined && !sameMentions(mentions, state.mentions);
  if (Object.keys(changes).length === 0 && !mentionsChanged) return [];
  if (state.category === 'event' && changes.eventDate === null)
    throw new RuleBroken('Event date is required for events', { field: 'eventDate' });
  if (changes.imagePaths) refuseForeignPhotos(changes.imagePaths, command.uploadedByActor, fields.imagePaths);
  const movedEvent = state.category === 'event' && changes.eventDate;
  return [
    newEvent(PostEdited, {
      ...refIn(state, postId),
      changes,
      previous,
      ...(mentions && (mentionsChanged || changes.description !== undefined)
        ? { mentions, newlyMentioned: newlyMentioned(state.mentions, mentions) }
        : {}),
      ...(movedEvent
        ? { expiresAt: expiryOf({ category: 'event', eventDate: changes.eventDate ?? null }, '') }
        : {}),
    }),
  ];
}

function renew(command: Extract<OwnerCommand, { type: 'renew' }>, state: PostState, postId: string) {
  if (state.status === 'closed')
    throw new RuleBroken('A closed post cannot be renewed; reopen it first', { status: 409 });
  const fields = state.fields as EditableFields;
  const expiresAt = expiryOf({ category: state.category, eventDate: fields.eventDate }, command.now);
  if (expiresAt <= command.now)
    throw new RuleBroken("This event's date has passed; change the date to renew it", {
      field: 'eventDate',
      status: 409,
    });
  return [newEvent(PostRenewed, { ...refIn(state, postId), expiresAt })];
}

function sweep(command: SweepCommand, state: PostState, postId: string): NewEvent<PostEvent>[] {
  if (state.deleted || state.status !== 'active') return [];
  const expiresAt = state.expiresAt ?? command.knownExpiresAt;
  if (command.type === 'expire') {
    return expiresAt <= command.now ? [newEvent(PostExpired, { ...refIn(state, postId), expiresAt })] : [];
  }
  const remindFrom = new Date(new Date(expiresAt).getTime() - EXPIRY_REMINDER_DAYS * DAY_MS).toISOString();
  const due = remindFrom <= command.now && command.now < expiresAt && state.remindedFor !== expiresAt;
  return due ? [newEvent(PostExpiringSoon, { ...refIn(state, postId), expiresAt })] : [];
}

/**
 * An accepted offer makes an active sale pending; anything else (already pending, closed,
 * expired, deleted, not a sale) is left as it is, so a redelivered acceptance does nothing.
 */
function pend(command: PendCommand, state: PostState, postId: string): NewEvent<PostEvent>[] {
  if (!state.created || state.deleted || state.status !== 'active' || state.pending) return [];
  if (state.category !== 'sale') return [];
  return [
    newEvent(PostMarkedPending, {
      ...refIn(state, postId),
      buyerId: command.buyerId,
      offerId: command.offerId,
    }),
  ];
}

/**
 * A post's life: made once (in a group by its members only); edited, closed (sold, filled,
 * cancelled: the one reason its category takes), reopened and renewed by its owner only; deleted
 * by its owner, or in a group by the group's moderators and admins; expired, and its owner reminded, by
 * the sweep. Nothing happens to a deleted post; the sweep's commands are idempotent.
 */
export function postDeciderFor(postId: string): Decider<PostCommand, PostState, PostEvent> {
  return {
    events: POST_EVENTS,
    initialState,
    evolve,
    decide(command, state) {
      if (command.type === undefined || command.type === 'create')
        return create(command as CreatePost, state);
      if (command.type === 'expire' || command.type === 'remind') return sweep(command, state, postId);
      if (command.type === 'pend') return pend(command, state, postId);
      const owner = command as OwnerCommand;
      if (!state.created || state.deleted) throw new RuleBroken(POST_NOT_FOUND, { status: 404 });
      const groupRemoval =
        owner.type === 'delete' && state.groupId !== null && moderatesGroup(owner.groupRole);
      if (owner.actorId !== state.ownerId && !groupRemoval)
        throw new RuleBroken(NOT_THE_OWNER, { status: 403 });
      const ref = refIn(state, postId);
      switch (owner.type) {
        case 'edit':
          return edit(owner, state, postId);
        case 'close': {
          if (owner.reason !== CLOSE_REASON_OF[state.category])
            throw new RuleBroken(
              `${CATEGORY_WORD[state.category]} can only be marked ${REASON_WORD[state.category]}`,
              { field: 'reason' },
            );
          if (state.status === 'closed') return [];
          if (state.status === 'expired')
            throw new RuleBroken('This post has expired; renew it first', { status: 409 });
          const buyerId = owner.buyerId?.toLowerCase();
          if (buyerId !== undefined && buyerId === state.ownerId?.toLowerCase())
            throw new RuleBroken('You cannot sell to yourself', { field: 'buyerId' });
          return [newEvent(PostClosed, { ...ref, reason: owner.reason, ...(buyerId ? { buyerId } : {}) })];
        }
        case 'reopen':
          // A pending sale is put back up for sale ("available" again).
          if (state.status === 'active') return state.pending ? [newEvent(PostPendingCleared, ref)] : [];
          if (state.status !== 'closed')
            throw new RuleBroken('Only a closed post can be reopened; renew an expired one', { status: 409 });
          return [newEvent(PostReopened, ref)];
        case 'renew':
          return renew(owner, state, postId);
        case 'delete':
          return [newEvent(PostDeleted, { ...ref, imagePaths: (state.fields as EditableFields).imagePaths })];
      }
    },
  };
}

/** The decider of new posts (whose id is in the command). */
export const postDecider: Decider<CreatePost, PostState, PostEvent> = {
  events: POST_EVENTS,
  initialState,
  evolve,
  decide: (command, state) => create(command, state),
};
