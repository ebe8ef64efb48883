import type { DeadLetter } from '@waco/platform';
import type { OpsBackend } from './backend';

export interface CommandContext {
  /** Opened on first use: `rebuild` needs no bus. */
  backend(): Promise<OpsBackend>;
  args: string[];
  json: boolean;
  say(line: string): void;
}

export interface Command {
  usage: string;
  summary: string;
  /** Resolves to the exit code. */
  run(ctx: CommandContext): Promise<number>;
}

/** A mark the operator gives or takes away: its words, and how the back end sets it. */
interface Mark {
  noun: string;
  already: [grant: string, revoke: string];
  now: [grant: string, revoke: string];
  set(
    backend: OpsBackend,
    email: string,
    grant: boolean,
  ): Promise<{ email: string; userId: string; changed: boolean }>;
}

const MARKS = {
  moderator: {
    noun: 'moderator',
    already: ['already is a moderator', 'is not a moderator'],
    now: ['is now a moderator', 'is no longer a moderator'],
    set: (backend, email, grant) => backend.setModerator(email, grant),
  },
  verified: {
    noun: 'verified',
    already: ['already carries the verified mark', 'does not carry the verified mark'],
    now: ['now carries the verified mark', 'no longer carries the verified mark'],
    set: (backend, email, grant) => backend.setVerified(email, grant),
  },
} satisfies Record<string, Mark>;

/** The two commands of a mark, `<noun> grant <email>` and `<noun> revoke <email>`, with their summaries. */
function markCommands(
  mark: Mark,
  [onGrant, onRevoke]: [grant: string, revoke: string],
): Record<string, Command> {
  return {
    [`${mark.noun} grant`]: {
      usage: `${mark.noun} grant <email>`,
      summary: onGrant,
      run: (ctx) => markCommand(ctx, true, mark),
    },
    [`${mark.noun} revoke`]: {
      usage: `${mark.noun} revoke <email>`,
      summary: onRevoke,
      run: (ctx) => markCommand(ctx, false, mark),
    },
  };
}

/**
 * Every operator command, by its words. A new one (`moderator grant <email>`) is one more entry:
 * a usage line, a summary, and what it does.
 */
export const COMMANDS: Record<string, Command> = {
  'deadletters list': {
    usage: 'deadletters list',
    summary: 'Dead letters with their consumer, event and error',
    async run({ backend, json, say }) {
      const letters = await (await backend()).listDeadLetters();
      if (json) say(JSON.stringify(letters));
      else if (letters.length === 0) say('No dead letters.');
      else for (const letter of letters) say(describe(letter));
      return 0;
    },
  },
  'deadletters redrive': {
    usage: 'deadletters redrive <id|--all>',
    summary: 'Hand dead letters to their consumer again (inboxes drop what was handled)',
    run: (ctx) => eachLetter(ctx, 'redrive', (b, id) => b.redrive(id)),
  },
  'deadletters drop': {
    usage: 'deadletters drop <id|--all>',
    summary: 'Remove dead letters for good',
    run: (ctx) => eachLetter(ctx, 'drop', (b, id) => b.drop(id)),
  },
  // Trust and safety: the moderator role, recorded as moderation's events.
  ...markCommands(MARKS.moderator, [
    'Make the member with this email a moderator (ModeratorGranted)',
    "Remove the member's moderator role (ModeratorRevoked)",
  ]),
  // The verified mark beside a member's name, recorded as moderation's MemberVerificationSet.
  ...markCommands(MARKS.verified, [
    'Give the member with this email the verified mark (MemberVerificationSet)',
    "Take away the member's verified mark (MemberVerificationSet)",
  ]),
  lag: {
    usage: 'lag',
    summary: "Each relay's unpublished events and each consumer's pending ones",
    async run({ backend, json, say }) {
      const lag = await (await backend()).lag();
      if (json) {
        say(JSON.stringify(lag));
        return 0;
      }
      say('Outbox relays (committed, not yet published):');
      for (const r of lag.relays)
        say(
          `  ${r.service.padEnd(14)} ${String(r.events).padStart(6)} events, oldest ${r.oldestSeconds.toFixed(1)} s`,
        );
      say('Consumers (not yet handled / redelivered):');
      for (const c of lag.consumers)
        say(
          `  ${`${c.consumer} ← ${c.producer}`.padEnd(30)} ${String(c.pending).padStart(6)} pending, ${c.redelivered} redelivered${c.notConsuming ? `, NOT CONSUMING: ${c.notConsuming}` : ''}`,
        );
      for (const warning of lag.warnings ?? []) say(`Warning: ${warning}`);
      return 0;
    },
  },
};

async function markCommand(
  { backend, args, json, say }: CommandContext,
  grant: boolean,
  mark: Mark,
): Promise<number> {
  const email = args[0];
  if (!email) {
    say(`Usage: npm run ops -- ${mark.noun} ${grant ? 'grant' : 'revoke'} <email>`);
    return 2;
  }
  const pick = ([onGrant, onRevoke]: [string, string]) => (grant ? onGrant : onRevoke);
  try {
    const done = await mark.set(await backend(), email, grant);
    if (json) say(JSON.stringify(done));
    else if (!done.changed) say(`${done.email} ${pick(mark.already)}.`);
    else say(`${done.email} (${done.userId}) ${pick(mark.now)}.`);
    return 0;
  } catch (err) {
    say((err as Error).message);
    return 1;
  }
}

async function eachLetter(
  { backend, args, json, say }: CommandContext,
  verb: 'redrive' | 'drop',
  act: (backend: OpsBackend, id: string) => Promise<boolean>,
): Promise<number> {
  const target = args[0];
  if (!target) {
    say(`Usage: npm run ops -- deadletters ${verb} <id|--all>`);
    return 2;
  }
  const b = await backend();
  const ids = target === '--all' ? (await b.listDeadLetters()).map((l) => l.id) : [target];
  const done: string[] = [];
  const missing: string[] = [];
  for (const id of ids) ((await act(b, id)) ? done : missing).push(id);
  if (json) say(JSON.stringify({ [verb === 'redrive' ? 'redriven' : 'dropped']: done, missing }));
  else {
    const past = verb === 'redrive' ? 'Redrove' : 'Dropped';
    say(
      `${past} ${done.length} dead ${done.length === 1 ? 'letter' : 'letters'}${done.length ? `: ${done.join(', ')}` : ''}.`,
    );
    if (missing.length) say(`No dead letter ${missing.join(', ')}.`);
  }
  return missing.length > 0 ? 1 : 0;
}

function describe(l: DeadLetter): string {
  const event = l.event as { id?: string; type?: string } | null | undefined;
  // A message that was no event: where it was (its bytes are in --json, as `body`, base64).
  const what = event?.id ?? (l.source ? `${l.source.stream} #${l.source.seq}` : '');
  return `${l.id.padEnd(6)} ${l.consumer.padEnd(16)} ${(event?.type ?? '?').padEnd(20)} ${what}  after ${l.deliveries} ${l.deliveries === 1 ? 'try' : 'tries'}: ${l.error}`;
}
