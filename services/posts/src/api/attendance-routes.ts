import { type HttpApp, notFound, registerEndpoint } from '@waco/platform';
import { commandContext, type PostsDeps } from '../commands/deps';
import { setAttendance } from '../commands/set-attendance';
import { POST_NOT_FOUND } from '../commands/toggle-reaction';
import { attendanceStatus } from '../db/attendance';
import { findPostRef } from '../db/posts';

/** The signed-in user's answer to an event post: read it, or set it (interested or going). */
export function registerAttendanceRoutes(app: HttpApp, deps: PostsDeps) {
  // Both reads on one connection: a request waits in the pool's queue once.
  registerEndpoint(app, 'getAttendance', (req) =>
    deps.db.connection().execute(async (db) => {
      if (!(await findPostRef(db, req.query.postId))) throw notFound(POST_NOT_FOUND);
      return { status: await attendanceStatus(db, req.userId, req.query.postId) };
    }),
  );

  registerEndpoint(app, 'setAttendance', async (req) => {
    const { postId, status } = req.body;
    return { status: await setAttendance(commandContext(deps, req, req.userId), postId, status) };
  });

  // Withdrawing removes the answer: there is no third state.
  registerEndpoint(app, 'withdrawAttendance', async (req) => ({
    status: await setAttendance(commandContext(deps, req, req.userId), req.query.postId, null),
  }));
}
