import { SESSION_LIFETIME_MS, SIGNED_IN_HINT_COOKIE } from '@waco/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const SIGNED_IN_HINT = new RegExp(`(?:^|;\\s*)${SIGNED_IN_HINT_COOKIE}=`);

/** The signed-in hint cookie, as identity sets it at sign-in. */
export function signedInHint(production: boolean) {
  return [
    `${SIGNED_IN_HINT_COOKIE}=1`,
    'Path=/',
    `Max-Age=${Math.floor(SESSION_LIFETIME_MS / 1000)}`,
    'SameSite=Lax',
    ...(production ? ['Secure'] : []),
  ].join('; ');
}

/**
 * A member signed in before the signed-in hint cookie existed holds a session without it, and
 * the web app takes them for a guest: the first request their session names gives it back
 * (as identity sets it at sign-in), except on the answer that ends the session.
 */
export function needsHint(req: FastifyRequest) {
  const forwarding = req.forwarding;
  return (
    !!forwarding?.userId &&
    !forwarding.rule.endsSession?.includes(req.method) &&
    !SIGNED_IN_HINT.test(req.headers.cookie ?? '')
  );
}

/** The hint on the answers the gateway gives itself (a forwarded answer gets it in forwarding/answer-policies.ts). */
export function giveBackSignedInHint(app: FastifyInstance, hint: string) {
  app.addHook('onSend', async (req, reply, payload) => {
    if (needsHint(req)) reply.header('set-cookie', hint);
    return payload;
  });
}
