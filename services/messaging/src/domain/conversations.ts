import {
  ConversationRead,
  conversationIdOf,
  type EventOf,
  MESSAGE_TEXT_OR_PHOTO,
  MessageContent,
  MessageSent,
  messageExcerpt,
  POST_NOT_FOUND_FOR_MESSAGE,
  POST_NOT_THEIRS,
  participantsOf,
  RECIPIENT_NOT_FOUND,
  SELF_MESSAGE_ERROR,
} from '@waco/contracts';
import { type Decider, type NewEvent, newEvent, RuleBroken } from '@waco/platform';
import { type FirstMessageFacts, refuseOverFirstMessageLimits } from './first-message-limits';
import { type MessagingModerationFacts, refuseModerated } from './moderation-rules';

/** A conversation's stream: its MessageSent and ConversationRead events, in order. */
export const conversationStream = (conversationId: string) => `conversation-${conversationId}`;

/** Who may be messaged: anyone known but oneself. Answers the conversation's id. */
export function decideConversation(senderId: string, recipientId: string, recipientExists: boolean): string {
  if (senderId.toLowerCase() === recipientId.toLowerCase())
    throw new RuleBroken(SELF_MESSAGE_ERROR, { field: 'recipientId' });
  if (!recipientExists) throw new RuleBroken(RECIPIENT_NOT_FOUND, { status: 404 });
  return conversationIdOf(senderId, recipientId);
}

/** The post a message or a new conversation names, as messaging's copy of posts says. */
export interface AboutPost {
  postId: string;
  /** Its owner; null when the copy does not hold it (never heard of, or deleted). */
  ownerId: string | null;
  /** Hidden by moderators from the sender (anyone but its owner). */
  hidden: boolean;
  /** The group it was posted in, as messaging's copy of groups says; absent: in no group. */
  group?: PostGroup;
}

/** A post's group: public or not (one the copy has not heard of yet is not), and who of the two is a member. */
export interface PostGroup {
  isPublic: boolean;
  senderIsMember: boolean;
  recipientIsMember: boolean;
}

/** A private group's post is its members' only: it may be talked about only between two of them. */
const openToBoth = (group: PostGroup | undefined) =>
  !group || group.isPublic || (group.senderIsMember && group.recipientIsMember);

/**
 * A conversation can be about a post by one of its two members (the poster being messaged, or
 * the poster answering): another's post is 400, one hidden from the sender 404. A post the copy
 * does not hold is not recorded, and the message goes: the copy may not have heard of it yet
 * (just created, or older than the copy), and "message the poster" must not fail for that; the
 * thread's next message names it again. A private group's post, unless both are members of the
 * group, is answered as one the copy does not hold (before any other rule), so an outsider learns
 * nothing of it and a member cannot pass it on to one.
 */
export function decideAboutPost(about: AboutPost | undefined, senderId: string, recipientId: string) {
  if (!about || about.ownerId === null || !openToBoth(about.group)) return undefined;
  if (about.hidden) throw new RuleBroken(POST_NOT_FOUND_FOR_MESSAGE, { field: 'postId', status: 404 });
  const owner = about.ownerId.toLowerCase();
  if (owner !== senderId.toLowerCase() && owner !== recipientId.toLowerCase())
    throw new RuleBroken(POST_NOT_THEIRS, { field: 'postId' });
  return about.postId.toLowerCase();
}

export interface SendMessage {
  type: 'send';
  messageId: string;
  senderId: string;
  recipientId: string;
  content: string;
  /** Whether identity has told of the recipient: gathered by the command (the users copy). */
  recipientExists: boolean;
  /** Blocks and the sender's suspension, as messaging's copy of moderation's events says. */
  moderation?: MessagingModerationFacts;
  /** The post the message is about, if it names one, with its owner (gathered by the command). */
  about?: AboutPost;
  /** Whether the two talked, and the sender's new conversations lately, when limits are on. */
  limits?: FirstMessageFacts;
  /** Its photos, and which of them the sender uploaded (gathered by the command). */
  photos?: { paths: string[]; uploadedBySender: ReadonlySet<string> };
  now: Date;
}

export interface MarkRead {
  type: 'read';
  conversationId: string;
  readerId: string;
  /**
   * The reader's unread messages in the thread, as the conversation's read model says: gathered
   * by the command, so that opening a thread never replays its whole history.
   */
  unreadCount: number;
  now: Date;
}

export type ConversationCommand = SendMessage | MarkRead;

/**
 * A conversation's stream. Its decisions need none of its past (everything they need comes in
 * the command), so the handler reads only its version: a long conversation costs nothing more.
 */
type ConversationEvent = EventOf<typeof MessageSent | typeof ConversationRead>;

export const conversationDecider: Decider<ConversationCommand, null, ConversationEvent> = {
  events: [MessageSent, ConversationRead],
  initialState: null,
  evolve: () => null,
  readsHistory: false,
  decide: (command) => (command.type === 'send' ? decideSend(command) : decideRead(command)),
};

/** Sending a message: a MessageSent with the trimmed content, or a refusal. */
function decideSend(command: SendMessage): NewEvent<ConversationEvent>[] {
  const conversationId = decideConversation(command.senderId, command.recipientId, command.recipientExists);
  refuseModerated(command.moderation);
  const postId = decideAboutPost(command.about, command.senderId, command.recipientId);
  const content = MessageContent.safeParse(command.content);
  if (!content.success) {
    throw new RuleBroken(content.error.issues[0]?.message ?? 'Invalid content', { field: 'content' });
  }
  const photos = command.photos?.paths ?? [];
  if (content.data === '' && photos.length === 0)
    throw new RuleBroken(MESSAGE_TEXT_OR_PHOTO, { field: 'content' });
  if (command.limits) refuseOverFirstMessageLimits(command.limits, command.now);
  // Only the sender's own completed uploads: nobody passes on another's photo, or a path never checked.
  const foreign = photos.find((path) => !command.photos?.uploadedBySender.has(path));
  if (foreign)
    throw new RuleBroken(`Photos must be ones you uploaded: ${foreign} is not`, { field: 'imagePaths' });
  return [
    newEvent(MessageSent, {
      messageId: command.messageId,
      conversationId,
      senderId: command.senderId.toLowerCase(),
      recipientId: command.recipientId.toLowerCase(),
      content: content.data,
      excerpt: messageExcerpt(content.data),
      sentAt: command.now.toISOString(),
      ...(postId ? { postId } : {}),
      ...(photos.length > 0 ? { imagePaths: photos } : {}),
    }),
  ];
}

/**
 * Marking a thread read: a ConversationRead when the reader has unread messages in it, nothing
 * when they have none (so that a reader opening a thread twice leaves no trace).
 */
function decideRead(command: MarkRead): NewEvent<ConversationEvent>[] {
  if (command.unreadCount === 0) return [];
  return [
    newEvent(ConversationRead, {
      conversationId: command.conversationId,
      readerId: command.readerId.toLowerCase(),
      readAt: command.now.toISOString(),
    }),
  ];
}

/** True when the user is one of the two the conversation id names. */
export function isParticipant(conversationId: string, userId: string): boolean {
  return participantsOf(conversationId)?.includes(userId.toLowerCase()) ?? false;
}
