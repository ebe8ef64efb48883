// Who and when, for the deciders' given/when/then tests (no database): fixed ids and a fixed
// clock, so that the events a test expects are written out whole.

/** The members of a decider test, by name. */
export const testMembers = {
  ada: '0190a000-0000-7000-8000-00000000000a',
  bob: '0190a000-0000-7000-8000-00000000000b',
  cy: '0190a000-0000-7000-8000-00000000000c',
  dee: '0190a000-0000-7000-8000-00000000000d',
} as const;

/** A decider test's clock: the `now` its commands carry. */
export const testNow = new Date('2030-01-02T03:04:05.000Z');

/** `testNow` as the events it decides state it. */
export const testAt = testNow.toISOString();
