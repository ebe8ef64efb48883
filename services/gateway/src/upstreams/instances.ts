import type { UpstreamName } from './routing-table';

/** Each service's base URL, or several instances' separated by commas (see `Instances`). */
export type Upstreams = Record<UpstreamName, string>;

/**
 * The instances of one service the gateway may send to: its base URL, or several separated by
 * commas (`POSTS_URL=http://10.0.0.5:4002,http://10.0.0.6:4002`). Requests take turns; a request
 * retried after a failure goes to the next instance, so it does not meet the same fault again.
 * Behind one load-balanced address (a Kubernetes Service) there is one URL, and the retry's new
 * connection is what reaches another instance.
 */
export class Instances {
  readonly urls: string[];
  private turn = 0;

  constructor(list: string) {
    this.urls = list
      .split(',')
      .map((url) => url.trim().replace(/\/+$/, ''))
      .filter(Boolean);
    if (this.urls.length === 0) throw new Error('no instance URL given');
  }

  /** The instance for the next request (round robin). */
  next(): string {
    const url = this.urls[this.turn % this.urls.length] as string;
    this.turn = (this.turn + 1) % this.urls.length;
    return url;
  }

  /** The instance to retry on after `origin` failed: the one after it (itself when alone). */
  after(origin: string): string {
    const index = this.urls.findIndex((url) => new URL(url).origin === origin);
    return this.urls[(index + 1) % this.urls.length] as string;
  }
}

/** True when `value` is one base URL, or several separated by commas. */
export function isInstanceList(value: string): boolean {
  const urls = value.split(',').map((url) => url.trim());
  return urls.length > 0 && urls.every((url) => URL.canParse(url) && /^https?:$/.test(new URL(url).protocol));
}

/** An instance's base URL as undici takes it: the origin, and any path it is mounted under. */
const targets = new Map<string, { origin: string; prefix: string }>();
export function targetOf(base: string) {
  let target = targets.get(base);
  if (!target) {
    const url = new URL(base);
    target = { origin: url.origin, prefix: url.pathname.replace(/\/+$/, '') };
    targets.set(base, target);
  }
  return target;
}
