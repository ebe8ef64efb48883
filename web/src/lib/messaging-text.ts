// The messaging wording of spec sections 5 and 8 (the same sentences as the contracts'
// messaging module, kept here so that the screens do not load the schema library for them).

/** Toast title and text when someone tries to message themselves. */
export const SELF_MESSAGE_TITLE = 'Cannot message yourself';
export const SELF_MESSAGE_TEXT = 'This is your own post.';
/** "Failed to start conversation: {message}". */
export const conversationFailed = (message: string) => `Failed to start conversation: ${message}`;
