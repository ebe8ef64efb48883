import { ENDPOINT_ROUTES, Post, PublicUser, Uuid } from '@waco/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { Instances, type Upstreams } from '../../upstreams/instances';
import type { AppShell } from '../app-shell';
import { type BootData, withBootData } from '../boot-data';
import { sendPage } from '../html-page';
import { type ServerRenderer, withServerRender } from '../server-render';
import { withShareMeta } from './html-head';
import { postShareMeta, type ShareMeta, userShareMeta } from './share-meta';
import { type PostStructuredData, postStructuredData, withStructuredData } from './structured-data';

export interface UnfurlOptions {
  upstreams: Pick<Upstreams, 'posts' | 'identity'>;
  /** The app's public origin: canonical and image addresses are absolute on it. */
  origin: string;
  /** The app's page (a placeholder when the app is not built). */
  shell: AppShell;
  /** The signed-in member and the opened post or profile, for the app's first screen. */
  boot: BootData;
  /** Renders that first screen on the server (null: the browser renders it). */
  renderer: ServerRenderer | null;
}

/** How long a preview waits for the post or profile before serving the page without it. */
const LOOKUP_TIMEOUT_MS = 3_000;

/**
 * `/post/{id}` and `/user/{id}`: the web app's HTML (its router opens the post or profile) with
 * the page's title, description, image and canonical address in Open Graph and Twitter tags, so
 * that a shared link unfurls, and a post's schema.org data for search engines (structured-data.ts).
 * Looked up as a guest sees it: a post or member that does not exist, or that a guest may not
 * see, gets the plain app page with status 404.
 */
export async function unfurlPages(app: FastifyInstance, options: UnfurlOptions) {
  const { shell } = options;
  const posts = new Instances(options.upstreams.posts);
  const identity = new Instances(options.upstreams.identity);

  const page = <T>(
    path: string,
    source: { instances: Instances; apiPath: string; schema: z.ZodType<T>; opens: 'post' | 'profile' },
    meta: (found: T, origin: string) => ShareMeta,
    structuredData?: (found: T, origin: string) => PostStructuredData,
  ) =>
    app.get<{ Params: { id: string } }>(path, async (req, reply) => {
      const { id } = req.params;
      const valid = Uuid.safeParse(id).success;
      const [found, boot] = await Promise.all([
        valid
          ? lookUp(source.instances, source.apiPath.replace(':id', id), source.schema).catch((err: Error) => {
              // The app page still works (it asks again itself); only the preview is generic.
              req.log.warn({ err }, 'link preview: lookup failed');
              return 'failed' as const;
            })
          : null,
        options.boot.for(req, !valid ? {} : source.opens === 'post' ? { postId: id } : { profileId: id }),
      ]);
      // The post's detail's code comes with the page that opens it.
      const page = await withServerRender(
        options.renderer,
        req,
        withBootData(shell.html, boot, valid && source.opens === 'post' ? shell.preloads.post : []),
        boot,
      );
      if (found === 'failed') return sendPage(req, reply, page, boot);
      if (found === null) return sendPage(req, reply.status(404), page, boot);
      const head = withShareMeta(page, meta(found, options.origin));
      const data = structuredData?.(found, options.origin);
      return sendPage(req, reply, data ? withStructuredData(head, data) : head, boot);
    });

  page(
    '/post/:id',
    { instances: posts, apiPath: ENDPOINT_ROUTES.getPost.path, schema: Post, opens: 'post' },
    postShareMeta,
    postStructuredData,
  );
  page(
    '/user/:id',
    { instances: identity, apiPath: ENDPOINT_ROUTES.getUser.path, schema: PublicUser, opens: 'profile' },
    userShareMeta,
  );
}

/** The post or member as a guest sees it through the API; null when there is none to see. */
async function lookUp<T>(instances: Instances, apiPath: string, schema: z.ZodType<T>): Promise<T | null> {
  const res = await fetch(`${instances.next()}${apiPath}`, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
  });
  if (res.status === 404 || res.status === 400 || res.status === 403) {
    await res.body?.cancel();
    return null;
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new Error(`${apiPath} answered ${res.status}`);
  }
  const parsed = schema.safeParse(await res.json());
  if (!parsed.success) throw new Error(`${apiPath} answered an unexpected body: ${parsed.error.message}`);
  return parsed.data;
}
