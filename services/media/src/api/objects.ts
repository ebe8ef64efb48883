import type { HttpApp } from '@waco/platform';
import { z } from 'zod';
import type { ImageServer } from '../serving/image-server';

const ServeQuery = z.object({
  w: z.coerce
    .number({ error: 'w must be a width in pixels' })
    .int('w must be a whole number of pixels')
    .min(1, 'w must be at least 1')
    .max(10_000, 'w is at most 10000')
    .optional(),
});

/** `GET /objects/{key}[?w=480|1080]`: public; the gateway proxies `/objects/*` here. */
export function objectRoutes(app: HttpApp, images: ImageServer) {
  app.get('/objects/*', { schema: { querystring: ServeQuery } }, async (req, reply) => {
    const key = (req.params as { '*': string })['*'];
    const ifNoneMatch = req.headers['if-none-match'];
    const result = await images.serve(key, req.query.w, ifNoneMatch);
    if (result.status === 404) return reply.status(404).send({ message: 'No such image' });
    reply.status(result.status).headers(result.headers);
    return result.status === 304 ? reply.send() : reply.send(result.body);
  });
}
