/** A command that the rules refuse; the API answers 400 with this message. */
export class RuleBroken extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}
