// What the app shows in place of a deleted account's name and messages. Apart from
// personal-data.ts (its schemas and events) so the web's first view can show them without
// loading zod: a module's top-level schemas come along with any one constant of it.

/** The name shown for a deleted account, wherever its name was. */
export const FORMER_MEMBER = { firstName: 'Former', lastName: 'member' } as const;
/** What the other person sees of a message a deleted account sent. */
export const MESSAGE_DELETED = 'Message deleted';
