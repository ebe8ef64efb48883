import type { CreatePostRequest, Post } from '@waco/contracts';
import { testClient, waitFor } from '@waco/platform/testing';

/** A post to seed: its category, title and description, and any other fields. */
export const draft = (
  category: CreatePostRequest['category'],
  title: string,
  description: string,
  more: Partial<CreatePostRequest> = {},
): CreatePostRequest => ({ category, title, description, ...more });

/** Seeds data through the gateway's HTTP API, as a browser would. */
export class ApiClient {
  constructor(readonly baseUrl: string) {}

  private async call<T>(
    method: string,
    path: string,
    body?: unknown,
    cookie?: string,
  ): Promise<{ status: number; body: T; cookie?: string }> {
    const res = await testClient(this.baseUrl)(method, path, {
      json: body,
      headers: cookie ? { cookie } : {},
    });
    const setCookie = res.headers.get('set-cookie')?.split(';')[0];
    return { status: res.status, body: (res.body ?? null) as T, cookie: setCookie };
  }

  /** Signs a user up and answers their id and session cookie. */
  async signup(firstName: string, lastName: string, email: string, password = 'correct horse battery') {
    const res = await this.call<{ id: string }>('POST', '/api/signup', {
      firstName,
      lastName,
      email,
      password,
    });
    if (res.status !== 200 && res.status !== 201)
      throw new Error(`signup ${email}: ${res.status} ${JSON.stringify(res.body)}`);
    if (!res.cookie) throw new Error('signup set no cookie');
    const me = await this.call<{ id: string }>('GET', '/api/user', undefined, res.cookie);
    return { id: me.body.id, cookie: res.cookie, email, password };
  }

  /** Creates a post; photos just uploaded may take a moment to reach the posts service (an event). */
  async createPost(cookie: string, post: CreatePostRequest): Promise<Post> {
    for (let attempt = 0; ; attempt++) {
      const res = await this.call<Post & { field?: string }>('POST', '/api/posts', post, cookie);
      if (res.status === 201) return res.body;
      if (res.status === 400 && res.body.field === 'imagePaths' && attempt < 20) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        continue;
      }
      throw new Error(`create post: ${res.status} ${JSON.stringify(res.body)}`);
    }
  }

  /** Signs up `firstName lastName` (with a fresh email) and creates their posts, oldest first. */
  async seedMember(firstName: string, lastName: string, posts: CreatePostRequest[] = []) {
    const email = `${firstName.toLowerCase()}-${Date.now()}@example.com`;
    const member = await this.signup(firstName, lastName, email);
    const created: Post[] = [];
    for (const post of posts) created.push(await this.createPost(member.cookie, post));
    return { ...member, posts: created };
  }

  /** Likes (or, liked already, unlikes) a post as the member; answers whether it is liked now. */
  async likePost(cookie: string, postId: string): Promise<boolean> {
    const res = await this.call<{ liked: boolean }>('POST', `/api/posts/${postId}/like`, undefined, cookie);
    if (res.status !== 200) throw new Error(`like ${postId}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.liked;
  }

  /**
   * `method path` as the member with the cookie, asked again until it succeeds (a member just
   * signed up reaches the other services through events). Answers the JSON body ({} for none).
   */
  async request(cookie: string, method: string, path: string, body?: unknown) {
    return waitFor(
      async () => {
        const res = await this.call<Record<string, string> | null>(method, path, body, cookie);
        if (res.status >= 300)
          throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
        return res.body ?? {};
      },
      20_000,
      `${method} ${path}`,
    );
  }

  /** Writes `content` to a member (about a post, if given) as the member with the cookie; answers the conversation id. */
  async writeTo(cookie: string, recipientId: string, content: string, postId?: string) {
    const { conversationId } = await this.request(cookie, 'POST', '/api/conversations', {
      recipientId,
      postId,
    });
    await this.request(cookie, 'POST', '/api/messages', { recipientId, content, postId });
    return conversationId ?? '';
  }

  async feed(query = ''): Promise<{ posts: Post[]; nextCursor: string | null }> {
    return (await this.call<{ posts: Post[]; nextCursor: string | null }>('GET', `/api/posts?${query}`)).body;
  }
}

/** A small photo-like JPEG: a diagonal gradient in the given hue. */
export async function testPhoto(hue: number, width = 800, height = 600): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const t = (x + y) / (width + height);
      pixels[i] = Math.round(((hue * 53) % 255) * (1 - t) + 40 * t);
      pixels[i + 1] = Math.round(((hue * 97) % 255) * t + 90 * (1 - t));
      pixels[i + 2] = Math.round(160 + 60 * t);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** Uploads a photo as the app does: presigned PUT, then the server's check. Answers its object path. */
export async function uploadPhoto(api: ApiClient, cookie: string, bytes: Buffer): Promise<string> {
  const start = await fetch(`${api.baseUrl}/api/objects/upload`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ contentType: 'image/jpeg', size: bytes.length }),
  });
  if (!start.ok) throw new Error(`objects/upload: ${start.status} ${await start.text()}`);
  const { uploadURL, objectPath } = (await start.json()) as { uploadURL: string; objectPath: string };
  const put = await fetch(new URL(uploadURL, api.baseUrl), {
    method: 'PUT',
    headers: { 'content-type': 'image/jpeg' },
    body: new Uint8Array(bytes),
  });
  if (!put.ok) throw new Error(`PUT photo: ${put.status}`);
  const done = await fetch(`${api.baseUrl}/api/media/complete`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ objectPath }),
  });
  if (!done.ok) throw new Error(`media/complete: ${done.status} ${await done.text()}`);
  return objectPath;
}
