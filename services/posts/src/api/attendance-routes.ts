import { AttendanceQuery, AttendanceRequest, AttendanceResponse } from '@waco/contracts';
import { type HttpApp, notFound } from '@waco/platform';
import { setAttendance } from '../commands/set-attendance';
import { POST_NOT_FOUND } from '../commands/toggle-reaction';
import { attendanceStatus } from '../db/attendance';
import { findPostRef } from '../db/posts';
import { commandContext, type PostsApiDeps } from './deps';
import { signedInUser } from './signed-in-user';

/** The signed-in user's answer to an event post: read it, or set it (interested or going). */
export function registerAttendanceRoutes(app: HttpApp, deps: PostsApiDeps) {
  app.get(
    '/api/event-attendance',
    { schema: { querystring: AttendanceQuery, response: { 200: AttendanceResponse } } },
    async (req) => {
      const userId = signedInUser(req);
      if (!(await findPostRef(deps.db, req.query.postId))) throw notFound(POST_NOT_FOUND);
      return { status: await attendanceStatus(deps.db, userId, req.query.postId) };
    },
  );

  app.post(
    '/api/event-attendance',
    { schema: { body: AttendanceRequest, response: { 200: AttendanceResponse } } },
    async (req) => {
      const userId = signedInUser(req);
      const { postId, status } = req.body;
      return { status: await setAttendance(commandContext(deps, req, userId), postId, status) };
    },
  );
}
