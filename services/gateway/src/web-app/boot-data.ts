import {
  BOOT_DATA_ELEMENT_ID,
  ENDPOINT_ROUTES,
  FEED_IMAGE_WIDTH,
  FEED_PAGE_SIZE,
  GROUP_PAGE_EVENTS,
  GUEST_HINT_COOKIE,
  IMAGE_VARIANT_WIDTHS,
  imageUrl,
} from '@waco/contracts';
import { USER_ID_HEADER } from '@waco/platform';
import type { FastifyRequest } from 'fastify';
import { Agent, request } from 'undici';
import type { RequestSession, SessionResolver } from '../sessions/session-resolver';
import { Instances, type Upstreams } from '../upstreams/instances';
import { modulePreloads } from './route-preloads';
import { escapeHtml } from './unfurl/html-head';

/**
 * The unfiltered first feed page, asked as the web app's first feed view asks it (its
 * BOOT_FEED_PATH; web/test/client.test.ts keeps the two equal).
 */
export const BOOT_FEED_PATH = `${ENDPOINT_ROUTES.listPosts.path}?limit=${FEED_PAGE_SIZE}&offset=0`;

const GUEST_HINT = new RegExp(`(?:^|;\\s*)${GUEST_HINT_COOKIE}=`);

/** What a page's first screen needs besides the app's code. */
export interface BootParts {
  /** The feed's first page (on `/` and `/home` without filters). */
  feed?: boolean;
  /** The post a `/post/{id}` page opens. */
  postId?: string;
  /** A plain search's words (`/?search=`): its first page of results. */
  search?: string;
  /** The member a `/user/{id}` page shows: their public profile and first page of posts. */
  profileId?: string;
  /** The group a `/groups/{id}` page shows: it, its upcoming events and its feed's first page. */
  groupId?: string;
  /** The event an `/events/{id}` page shows, and its group. */
  eventId?: string;
}

/**
 * A member's first page of posts, asked as the web app's profile page asks for it (its
 * PostList: `limit` only, no cursor yet).
 */
export const profilePostsPath = (id: string) =>
  `${ENDPOINT_ROUTES.listUserPosts.path.replace(':id', encodeURIComponent(id))}?limit=${FEED_PAGE_SIZE}`;

/** A group's upcoming events and first page of posts, asked as its page asks them. */
export const groupEventsPath = (id: string) =>
  `${ENDPOINT_ROUTES.listEvents.path}?groupId=${encodeURIComponent(id)}&limit=${GROUP_PAGE_EVENTS}`;
export const groupPostsPath = (id: string) =>
  `${ENDPOINT_ROUTES.listPosts.path}?limit=${FEED_PAGE_SIZE}&groupId=${encodeURIComponent(id)}`;
const groupPath = (id: string) => ENDPOINT_ROUTES.getGroup.path.replace(':id', encodeURIComponent(id));

export interface Boot {
  /** The `<script type="application/json">` to put in the page; empty when nothing was found. */
  script: string;
  /**
   * The first screen's largest image (the first card's photo, or the opened post's), asked for
   * with the page rather than once the app has rendered: it is the page's largest paint.
   */
  image?: string;
  /** Whether it holds a member's own data: the page is then never stored by any cache. */
  personal: boolean;
  /** The same parts, parsed: what the server renders the page from (server-render.ts). */
  data: Record<string, unknown>;
}

/**
 * Gathers, for one page load, the answers the web app would ask for first: `GET /api/user` as the
 * session's user (`null` for a guest), the feed's first page, the opened post, the shown
 * member's profile and first posts, and a group's or an event's page, each as that
 * user sees them (likes, saves, blocks). Each is the service's own JSON, untouched, so the app
 * reads exactly what its own request would have given it.
 */
export class BootData {
  private readonly identity: Instances;
  private readonly posts: Instances;
  private readonly groups: Instances;
  private readonly messaging: Instances;
  /** Its own connections, closed with the gateway (a part given up on drops its connection). */
  private readonly agent: Agent;

  /**
   * `partTimeoutMs`: how long the page waits for each part. The HTML is on the first card's
   * critical path: a part later than this is left out, and the app asks for it itself.
   */
  constructor(
    upstreams: Pick<Upstreams, 'identity' | 'posts' | 'groups' | 'messaging'>,
    private readonly sessions: SessionResolver,
    private readonly partTimeoutMs: number,
  ) {
    this.agent = new Agent({ connect: { timeout: partTimeoutMs } });
    this.identity = new Instances(upstreams.identity);
    this.posts = new Instances(upstreams.posts);
    this.groups = new Instances(upstreams.groups);
    this.messaging = new Instances(upstreams.messaging);
  }

  async for(req: FastifyRequest, parts: BootParts): Promise<Boot> {
    // Only for the browser opening a page, itself (`document`) or through the service worker,
    // which passes a navigation on as `empty` but still `navigate`. The worker's own copy of the
    // app's page for offline use (`empty`, `cors`, without cookies) must hold no one's data.
    const dest = req.headers['sec-fetch-dest'];
    const opening = dest === undefined || dest === 'document' || req.headers['sec-fetch-mode'] === 'navigate';
    if (!opening) return { script: '', personal: false, data: {} };
    let session: RequestSession;
    try {
      session = await this.sessions.ofRequest(req.headers.cookie);
    } catch (err) {
      // The page is still served, without anyone's data: the app's own `GET /api/user` then gets
      // identity's 503 (answerIdentityUnavailable) and says what it hears.
      req.log.warn({ err }, 'session lookup failed: the page goes without boot data');
      return { script: '', personal: false, data: {} };
    }
    const { token } = session;
    const userId = session.lookup?.userId ?? null;

    // Without a session cookie the app knows a guest by itself (no signed-in hint): no user part.
    const found: Array<Promise<string | null>> = [];
    if (token) {
      found.push(
        userId
          ? this.json(this.identity, ENDPOINT_ROUTES.getCurrentUser.path, userId, req).then((u) =>
              u === null ? null : `"user":${u}`,
            )
          : Promise.resolve('"user":null'),
      );
    }
    if (parts.feed) {
      found.push(
        this.json(this.posts, BOOT_FEED_PATH, userId, req).then((f) => (f === null ? null : `"feed":${f}`)),
      );
    }
    if (parts.search) {
      const path = `${ENDPOINT_ROUTES.listPosts.path}?offset=0&limit=${FEED_PAGE_SIZE}&search=${encodeURIComponent(parts.search)}`;
      const filters = JSON.stringify({ search: parts.search });
      found.push(
        this.json(this.posts, path, userId, req).then((page) =>
          page === null ? null : `"search":{"filters":${filters},"page":${page}}`,
        ),
      );
    }
    if (parts.postId) {
      const path = ENDPOINT_ROUTES.getPost.path.replace(':id', encodeURIComponent(parts.postId));
      found.push(this.json(this.posts, path, userId, req).then((p) => (p === null ? null : `"post":${p}`)));
    }
    if (parts.profileId) {
      const path = ENDPOINT_ROUTES.getUser.path.replace(':id', encodeURIComponent(parts.profileId));
      const profile = this.json(this.identity, path, userId, req);
      const posts = this.json(this.posts, profilePostsPath(parts.profileId), userId, req);
      const standingPath = ENDPOINT_ROUTES.getMemberStanding.path.replace(
        ':id',
        encodeURIComponent(parts.profileId),
      );
      const standing = this.json(this.messaging, standingPath, userId, req);
      // Only with the profile: the app reads the posts and the standing under the profile's own id.
      const withProfile = (name: string, part: Promise<string | null>) =>
        Promise.all([profile, part]).then(([u, p]) => (u === null || p === null ? null : `"${name}":${p}`));
      found.push(
        profile.then((u) => (u === null ? null : `"profile":${u}`)),
        withProfile('profilePosts', posts),
        withProfile('profileStanding', standing),
      );
    }
    if (parts.groupId) found.push(...this.groupParts(parts.groupId, userId, req));
    if (parts.eventId) found.push(...this.eventParts(parts.eventId, userId, req));
    const fields = (await Promise.all(found)).filter((field) => field !== null);
    // A first-time guest's `/` is the welcome page, where the first card's photo would only
    // compete with what that page shows; a member's or a returning guest's is the feed.
    const feedShown = token !== undefined || GUEST_HINT.test(req.headers.cookie ?? '');
    return {
      script: fields.length > 0 ? bootScript(fields) : '',
      image: firstImage(parts.feed && !feedShown ? fields.filter((f) => !f.startsWith('"feed":')) : fields),
      personal: userId !== null,
      data: JSON.parse(`{${fields.join(',')}}`) as Record<string, unknown>,
    };
  }

  /**
   * A group's page: the group, and with it its upcoming events and first posts, each as the
   * viewer sees them (a private group's outsider gets its name only, and no events or posts: the
   * services answer so, and the page is rendered from their answers).
   */
  private groupParts(id: string, userId: string | null, req: FastifyRequest): Array<Promise<string | null>> {
    const group = this.json(this.groups, groupPath(id), userId, req);
    const withGroup = (name: string, part: Promise<string | null>) =>
      Promise.all([group, part]).then(([g, p]) => (g === null || p === null ? null : `"${name}":${p}`));
    return [
      group.then((g) => (g === null ? null : `"group":${g}`)),
      withGroup('groupEvents', this.json(this.groups, groupEventsPath(id), userId, req)),
      withGroup('groupPosts', this.json(this.posts, groupPostsPath(id), userId, req)),
    ];
  }

  /** An event's page: the event, and its group (its name links to it). */
  private eventParts(id: string, userId: string | null, req: FastifyRequest): Array<Promise<string | null>> {
    const path = ENDPOINT_ROUTES.getEvent.path.replace(':id', encodeURIComponent(id));
    const event = this.json(this.groups, path, userId, req);
    const group = event.then((e) => {
      const groupId = e === null ? null : (JSON.parse(e) as { groupId?: string | null }).groupId;
      return groupId ? this.json(this.groups, groupPath(groupId), userId, req) : null;
    });
    return [
      event.then((e) => (e === null ? null : `"event":${e}`)),
      group.then((g) => (g === null ? null : `"group":${g}`)),
    ];
  }

  close(): Promise<void> {
    return this.agent.destroy();
  }

  /** A service's 200 JSON answer as text, or null (any other answer, slow, or unreachable). */
  private async json(
    instances: Instances,
    path: string,
    userId: string | null,
    req: FastifyRequest,
  ): Promise<string | null> {
    try {
      const res = await request(`${instances.next()}${path}`, {
        headers: {
          accept: 'application/json',
          'x-request-id': req.id,
          ...(userId ? { [USER_ID_HEADER]: userId } : {}),
        },
        signal: AbortSignal.timeout(this.partTimeoutMs),
        dispatcher: this.agent,
      });
      const body = await res.body.text();
      const type = String(res.headers['content-type'] ?? '');
      return res.statusCode === 200 && type.includes('application/json') ? body : null;
    } catch (err) {
      req.log.warn({ err, path }, 'boot data: part left out');
      return null;
    }
  }
}

/**
 * The photo the first screen shows largest, at the width the app asks for it: the opened post's
 * first photo (the detail's 1080 px), else the first card's of the feed or of a profile's posts
 * (480 px, as every card asks). Only the field that holds it is parsed.
 */
function firstImage(fields: string[]): string | undefined {
  const post = fields.find((field) => field.startsWith('"post":'));
  const cards = fields.find((field) => field.startsWith('"feed":') || field.startsWith('"profilePosts":'));
  try {
    if (post) {
      const path = (JSON.parse(post.slice('"post":'.length)) as { imagePaths?: string[] }).imagePaths?.[0];
      return path ? imageUrl(path, IMAGE_VARIANT_WIDTHS[1]) : undefined;
    }
    if (cards) {
      const page = JSON.parse(cards.slice(cards.indexOf(':') + 1)) as {
        posts?: Array<{ imagePaths?: string[] }>;
      };
      const path = page.posts?.[0]?.imagePaths?.[0];
      return path ? imageUrl(path, FEED_IMAGE_WIDTH) : undefined;
    }
  } catch {
    // Not the answer expected: the page goes without the hint.
  }
  return undefined;
}

/**
 * The fields (`"user":{...}`) as a JSON data block (not a script the browser runs, so the CSP's
 * `script-src 'self'` allows it), naming its parts in `data-parts` for the page's head script,
 * which runs before the app could parse it. JSON has `<` only inside strings, where `\u003c`
 * means the same: no `</script>` or `<!--` in a post's text can end the block early.
 */
export function bootScript(fields: string[]): string {
  const parts = fields.map((field) => field.slice(1, field.indexOf('"', 1))).join(',');
  const json = `{${fields.join(',')}}`.replaceAll('<', '\\u003c');
  return `<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}" data-parts="${parts}">${json}</script>`;
}

/**
 * The page with the boot data just before its first script, so the app's head script sees it,
 * and before that script too the first screen's largest image and its route's code (`modules`,
 * route-preloads.ts) preloaded.
 */
export function withBootData(html: string, boot: Boot, modules: string[] = []): string {
  const image = boot.image?.startsWith('/objects/')
    ? `<link rel="preload" as="image" href="${escapeHtml(boot.image)}" fetchpriority="high" />`
    : '';
  const added = image + modulePreloads(modules) + boot.script;
  if (!added) return html;
  const at = html.indexOf('<script');
  return at === -1 ? html.replace('</head>', `${added}</head>`) : html.slice(0, at) + added + html.slice(at);
}
