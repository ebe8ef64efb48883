import type { EndpointTypes } from '@waco/contracts';
import { ENDPOINT_ROUTES, type EndpointName } from '@waco/contracts/routes';
import { apiRequest } from './http';

// The one way the app calls the API: by the endpoint's name in the table (libs/contracts/src/
// endpoints), typed from its schemas. Only the zod-free half of the table (methods and paths) is
// loaded; the schemas are types here, so no zod reaches the first view.

type Types = EndpointTypes;
type Part<N extends EndpointName, K extends 'params' | 'query' | 'body'> = Types[N][K] extends undefined
  ? { [P in K]?: undefined }
  : // biome-ignore lint/complexity/noBannedTypes: "every field optional" is tested against {}
    {} extends Types[N][K]
    ? { [P in K]?: Types[N][K] }
    : { [P in K]: Types[N][K] };

/** What a call of endpoint N takes: its path parameters, query and body, as its schemas say. */
export type CallOptions<N extends EndpointName> = Part<N, 'params'> &
  Part<N, 'query'> &
  Part<N, 'body'> & { signal?: AbortSignal };

/** The answer of endpoint N, as its schema says. */
export type Answer<N extends EndpointName> = Types[N]['response'];

/** The arguments of a call of endpoint N: its options, which may be left out when none is required. */
export type Args<N extends EndpointName> =
  // biome-ignore lint/complexity/noBannedTypes: no required part: the options may be left out
  {} extends CallOptions<N> ? [options?: CallOptions<N>] : [options: CallOptions<N>];

type Addressing = { params?: unknown; query?: unknown };

/**
 * The address of endpoint N: its path with the parameters filled in, and the query in the
 * order given (the preloaded first feed page is matched by its exact address).
 */
export function endpointUrl<N extends EndpointName>(name: N, ...[options]: Args<N>): string {
  const { params, query } = (options ?? {}) as Addressing;
  const values = (params ?? {}) as Record<string, unknown>;
  const path = ENDPOINT_ROUTES[name].path.replace(/:(\w+)/g, (_, key: string) =>
    encodeURIComponent(String(values[key])),
  );
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * Calls endpoint N and answers its JSON body. A non-ok answer throws the fetch wrapper's
 * `HttpError` ("{status}: {body or status text}").
 */
export function callEndpoint<N extends EndpointName>(name: N, ...args: Args<N>): Promise<Answer<N>> {
  const options = (args[0] ?? {}) as CallOptions<N> & { body?: unknown };
  return apiRequest<Answer<N>>(endpointUrl(name, ...args), {
    method: ENDPOINT_ROUTES[name].method,
    body: options.body,
    signal: options.signal,
  });
}

/**
 * The base the uploader (@uppy/aws-s3) appends its own paths to (`/s3/params`, `/s3/multipart`
 * and so on): the media endpoints' common prefix.
 */
export const UPLOADER_BASE = ENDPOINT_ROUTES.uploadParams.path.replace(/\/s3\/params$/, '');

export const api = { call: callEndpoint, url: endpointUrl };

/** The signed-in user's own lists of posts, by the name the profile's tabs use. */
export const MY_LISTS = { posts: 'listMyPosts', saved: 'listMySaved', liked: 'listMyLiked' } as const;
