import type { DeadLetter } from '@waco/platform';
import type { Lag, OpsBackend, SiteFigures } from './backend';

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
  admin: {
    noun: 'admin',
    already: ['already has the operator console', 'does not have the operator console'],
    now: ['now has the operator console (/admin)', 'no longer has the operator console'],
    set: (backend, email, grant) => backend.setAdmin(email, grant),
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

/** A command that reads one report from the back end and says it: as JSON, or in `lines` for a reader. */
function reportCommand<T>(
  usage: string,
  summary: string,
  read: (backend: OpsBackend) => Promise<T>,
  lines: (report: T) => string[],
): Command {
  return {
    usage,
    summary,
    async run({ backend, json, say }) {
      const report = await read(await backend());
      if (json) say(JSON.stringify(report));
      else for (const line of lines(report)) say(line);
      return 0;
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
  // The operator's console (/admin): the admin role, recorded as moderation's events.
  ...markCommands(MARKS.admin, [
    'Give the member with this email the operator console (AdminGranted)',
    "Take away the member's operator console (AdminRevoked)",
  ]),
  // What the console's first page shows.
  figures: reportCommand(
    'figures',
    'New members, posts and messages per day (the last two weeks), and the totals',
    (backend) => backend.figures(),
    figureLines,
  ),
  status: {
    usage: 'status',
    summary: "Each service's readiness and the checks that fail",
    async run({ backend, json, say }) {
      const services = await (await backend()).status();
      if (json) say(JSON.stringify(services));
      const width = Math.max(0, ...services.map((s) => s.service.length));
      if (!json)
        for (const s of services) {
          const failing = Object.entries(s.checks).filter(([, result]) => result !== 'ok');
          const detail = failing.map(([check, result]) => `${check}: ${result}`).join('; ');
          say(
            `  ${s.service.padEnd(width)} ${s.ready ? 'ready' : `NOT READY${detail ? ` (${detail})` : ''}`}`,
          );
        }
      return services.every((s) => s.ready) ? 0 : 1;
    },
  },
  // The verified mark beside a member's name, recorded as moderation's MemberVerificationSet.
  ...markCommands(MARKS.verified, [
    'Give the member with this email the verified mark (MemberVerificationSet)',
    "Take away the member's verified mark (MemberVerificationSet)",
  ]),
  lag: reportCommand(
    'lag',
    "Each relay's unpublished events and each consumer's pending ones",
    (backend) => backend.lag(),
    (lag) => [...lagLines(lag), ...(lag.warnings ?? []).map((warning) => `Warning: ${warning}`)],
  ),
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

/** `ops lag` for a reader: each table as wide as its longest name, so that the figures line up. */
export function lagLines(lag: Lag): string[] {
  const lines = ['Outbox relays (committed, not yet published):'];
  const relayWidth = Math.max(0, ...lag.relays.map((r) => r.service.length));
  for (const r of lag.relays)
    lines.push(
      `  ${r.service.padEnd(relayWidth)} ${String(r.events).padStart(6)} events, oldest ${r.oldestSeconds.toFixed(1)} s`,
    );
  lines.push('Consumers (not yet handled / redelivered):');
  const labels = lag.consumers.map((c) => `${c.consumer} ← ${c.producer}`);
  const consumerWidth = Math.max(0, ...labels.map((label) => label.length));
  for (const [i, c] of lag.consumers.entries())
    lines.push(
      `  ${(labels[i] ?? '').padEnd(consumerWidth)} ${String(c.pending).padStart(6)} pending, ${c.redelivered} redelivered${c.notConsuming ? `, NOT CONSUMING: ${c.notConsuming}` : ''}`,
    );
  return lines;
}

/** `ops figures` for a reader: a row per day, a column per figure, the totals last. */
export function figureLines(figures: SiteFigures): string[] {
  const lines = ['day         members  posts  messages'];
  figures.members.days.forEach((day, i) => {
    const [posts, messages] = [figures.posts.days[i]?.count ?? 0, figures.messages.days[i]?.count ?? 0];
    lines.push(
      `${day.day}  ${String(day.count).padStart(7)}  ${String(posts).padStart(5)}  ${String(messages).padStart(8)}`,
    );
  });
  lines.push(
    `${'in all'.padEnd(10)}  ${String(figures.members.total).padStart(7)}  ${String(figures.posts.total).padStart(5)}  ${String(figures.messages.total).padStart(8)}`,
  );
  return lines;
}
