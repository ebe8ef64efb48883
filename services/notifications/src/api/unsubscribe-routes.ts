import {
  BRAND,
  type Language,
  languageFromAcceptLanguage,
  translateServerMessage,
  UNSUBSCRIBE_MESSAGES,
} from '@waco/contracts';
import { escapeHtml, type HttpApp, HttpError, registerEndpoint } from '@waco/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { NotificationsDeps } from '../commands/deps';
import { unsubscribe, unsubscribeTarget } from '../commands/notification-settings';
import { users } from '../db/users';

/**
 * The mailed one-click unsubscribe link (RFC 8058), which works without signing in: its token
 * says who and which mails. A GET (a person clicking, or a mail scanner following links) only
 * shows a page asking to confirm; the POST (that page's button, or the mail client's one-click
 * `List-Unsubscribe=One-Click`) turns the mails off. Pages are in the member's language.
 */
export function registerUnsubscribeRoutes(
  app: HttpApp,
  deps: NotificationsDeps,
  options: { secret: string; now(): Date },
) {
  app.register(async (scope: HttpApp) => {
    // Mail clients post a form (`List-Unsubscribe=One-Click`): read and ignored, the link says all.
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data'])
      scope.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_req, _body, done) =>
        done(null, undefined),
      );

    registerEndpoint(scope, 'unsubscribePage', async (req, reply) => {
      const fallback = languageFromAcceptLanguage(req.headers['accept-language']) ?? 'en';
      // A browser (a person's click) gets a page; anything else the usual JSON refusal.
      const target = wantsHtml(req)
        ? targetOrPage(req.query.token, reply, fallback, options)
        : unsubscribeTarget(options.secret, req.query.token, options.now());
      if (!target) return reply;
      const lang = await users.languageOf(deps.db, target.userId);
      const question =
        target.what === 'digest'
          ? translateServerMessage('Stop getting the email digest?', lang)
          : translateServerMessage('Stop getting notification emails?', lang);
      const action = `/api/unsubscribe?token=${encodeURIComponent(req.query.token)}`;
      return sendPage(reply, 200, lang, question, [
        `<form method="post" action="${escapeHtml(action)}"><button type="submit">${escapeHtml(translateServerMessage('Unsubscribe', lang))}</button></form>`,
        `<p>${escapeHtml(translateServerMessage('You can change this any time in your notification settings.', lang))}</p>`,
      ]);
    });

    registerEndpoint(scope, 'unsubscribe', async (req, reply) => {
      const target = unsubscribeTarget(options.secret, req.query.token, options.now());
      await unsubscribe(deps, target);
      const message = UNSUBSCRIBE_MESSAGES.done;
      // The page's button is a browser navigation: it gets a page; mail clients get JSON.
      if (!wantsHtml(req)) return { message };
      const lang = await users.languageOf(deps.db, target.userId);
      return sendPage(reply, 200, lang, translateServerMessage(UNSUBSCRIBE_MESSAGES.done, lang), [
        `<p><a href="/settings/notifications">${escapeHtml(translateServerMessage('Notification settings', lang))}</a></p>`,
      ]);
    });
  });
}

const wantsHtml = (req: FastifyRequest) => (req.headers.accept ?? '').includes('text/html');

/** The link's target, or (a bad link) its 400 page sent and undefined. */
function targetOrPage(
  token: string,
  reply: FastifyReply,
  lang: Language,
  options: { secret: string; now(): Date },
) {
  try {
    return unsubscribeTarget(options.secret, token, options.now());
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    void sendPage(reply, 400, lang, translateServerMessage(UNSUBSCRIBE_MESSAGES.invalid, lang), []);
    return undefined;
  }
}

function sendPage(reply: FastifyReply, status: number, lang: Language, heading: string, parts: string[]) {
  const html = `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(heading)} | ${BRAND}</title></head>
<body><main><h1>${escapeHtml(heading)}</h1>
${parts.join('\n')}
</main></body></html>`;
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}
