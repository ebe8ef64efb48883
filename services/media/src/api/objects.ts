import { type HttpApp, registerEndpoint } from '@waco/platform';
import type { ImageServer } from '../serving/image-server';

/** `GET /objects/{key}[?w=480|1080]`: public but a message's photos; the gateway proxies `/objects/*` here. */
export function objectRoutes(app: HttpApp, images: ImageServer) {
  registerEndpoint(app, 'getImage', async (req, reply) => {
    const key = req.params['*'];
    const ifNoneMatch = req.headers['if-none-match'];
    // A message's photo is served to its conversation's two members only (image-server.ts).
    const result = await images.serve(key, req.query.w, ifNoneMatch, req.userId ?? null);
    if (result.status === 404) return reply.status(404).send({ message: 'No such image' });
    reply.status(result.status).headers(result.headers);
    return result.status === 304 ? reply.send() : reply.send(result.body);
  });
}
