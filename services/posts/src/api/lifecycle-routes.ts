import { type HttpApp, notFound, registerEndpoint } from '@waco/platform';
import type { FastifyReply } from 'fastify';
import { commandContext, type PostsDeps } from '../commands/deps';
import { closePost, deletePost, editPost, renewPost, reopenPost } from '../commands/post-lifecycle';
import { findPost, findPostForCalendar } from '../db/posts';
import { calendarOf } from '../domain/calendar';
import { POST_NOT_FOUND } from '../domain/post';
import { registerBodyless } from './bodyless-scope';
import { JSON_TYPE } from './raw-json';

/**
 * A post's lifecycle, by its owner only (the decider answers 403 to anyone else): edit, close
 * (sold, filled, cancelled), reopen, renew, delete; and an event's calendar file, for anyone.
 */
export function registerLifecycleRoutes(app: HttpApp, deps: PostsDeps) {
  // As its owner sees it (a private group's post is not there for anyone else).
  const answerPost = async (reply: FastifyReply, id: string, viewerId: string) => {
    const post = await findPost(deps.db, id, viewerId);
    if (!post) throw notFound(POST_NOT_FOUND);
    return reply.type(JSON_TYPE).send(post);
  };

  registerEndpoint(app, 'updatePost', async (req, reply) => {
    await editPost(commandContext(deps, req, req.userId), req.params.id, req.body, {
      requireUploadedMedia: deps.requireUploadedMedia,
      uploadNoticeWaitMs: deps.uploadNoticeWaitMs,
    });
    return answerPost(reply, req.params.id, req.userId);
  });

  registerEndpoint(app, 'deletePost', async (req, reply) => {
    await deletePost(commandContext(deps, req, req.userId), req.params.id);
    return reply.status(204).send();
  });

  registerEndpoint(app, 'closePost', async (req, reply) => {
    await closePost(commandContext(deps, req, req.userId), req.params.id, req.body.reason, req.body.buyerId);
    return answerPost(reply, req.params.id, req.userId);
  });

  registerBodyless(app, (scope) => {
    registerEndpoint(scope, 'reopenPost', async (req, reply) => {
      await reopenPost(commandContext(deps, req, req.userId), req.params.id);
      return answerPost(reply, req.params.id, req.userId);
    });
    registerEndpoint(scope, 'renewPost', async (req, reply) => {
      await renewPost(commandContext(deps, req, req.userId), req.params.id);
      return answerPost(reply, req.params.id, req.userId);
    });
  });

  registerEndpoint(app, 'getPostCalendar', async (req, reply) => {
    const event = await findPostForCalendar(deps.db, req.params.id, req.userId);
    if (!event) throw notFound(POST_NOT_FOUND);
    if (!event.eventDate) throw notFound('Only events have a calendar file');
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="event-${event.id}.ics"`)
      .send(calendarOf({ ...event, eventDate: event.eventDate }));
  });
}
