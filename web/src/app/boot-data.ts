import type { QueryClient } from '@tanstack/react-query';
import {
  BOOT_DATA_ELEMENT_ID,
  type CommunityEvent,
  type CurrentUser,
  type Group,
  type MemberStanding,
  type Post,
  type PostPage,
  type PublicUser,
} from '@waco/contracts';
import { type FeedFilters, queryKeys } from '../api/keys';
import { clearSignedInHint, hasSignedInHint } from '../features/auth/hooks/current-user';
import { bootFeedQuery, feedQuery } from '../features/feed/hooks/posts';
import { groupEventsQuery } from '../features/groups/hooks/events';
import { groupKeys } from '../features/groups/hooks/keys';

/** What the gateway put in the page for its first screen (services/gateway/src/web-app/boot-data.ts). */
export interface BootData {
  /** The signed-in member, or null for a guest; absent when the gateway could not say. */
  user?: CurrentUser | null;
  /** The unfiltered feed's first page, as this visitor sees it. */
  feed?: PostPage;
  /** The post a `/post/{id}` page opens. */
  post?: Post;
  /** A plain search's first page of results (`/?search=`), under its filters. */
  search?: { filters: FeedFilters; page: PostPage };
  /** The member a `/user/{id}` page shows (pages/UserPage.tsx), and their first page of posts. */
  profile?: PublicUser;
  profilePosts?: PostPage;
  /** Their ratings and typical reply time. */
  profileStanding?: MemberStanding;
  /** The group a `/groups/{id}` page shows (or an event's), its upcoming events and first posts. */
  group?: Group;
  groupEvents?: CommunityEvent[];
  groupPosts?: PostPage;
  /** The event an `/events/{id}` page shows. */
  event?: CommunityEvent;
}

/** The page's boot data, read once (the element is removed: a later screen never sees it as new). */
function readBootData(): BootData {
  const element = document.getElementById(BOOT_DATA_ELEMENT_ID);
  if (!element) return {};
  element.remove();
  try {
    const data: unknown = JSON.parse(element.textContent ?? '');
    return data && typeof data === 'object' ? (data as BootData) : {};
  } catch {
    // A cut-off page: the app asks for everything itself, as without boot data.
    return {};
  }
}

/**
 * Puts the page's boot data into the query cache, as if the app had just asked for each: the
 * first screen renders from it at once, and each query's own freshness rules apply from now.
 * Answers which parts were there, so the caller does not ask for them again.
 */
export function seedFromBootData(client: QueryClient): ReturnType<typeof seedQueryCache> {
  const boot = readBootData();
  // The session behind a hint has ended: the hint goes, as at a 401.
  if (boot.user === null && hasSignedInHint()) clearSignedInHint();
  // Without the hint the visitor is a guest, known without asking (fetchCurrentUser): the first
  // render is a guest's, as the server rendered it (services/gateway/src/web-app/server-render.ts).
  if (boot.user === undefined && !hasSignedInHint()) boot.user = null;
  return seedQueryCache(client, boot);
}

/** The boot data into the query cache: in the browser from the page, on the server (entry-server.tsx) as given. */
export function seedQueryCache(
  client: QueryClient,
  boot: BootData,
): { user: boolean; feed: boolean; search: boolean } {
  if (boot.user !== undefined) client.setQueryData(queryKeys.user, boot.user);
  if (boot.feed) {
    const query = bootFeedQuery();
    client.setQueryData(query.queryKey, { pages: [boot.feed], pageParams: [query.initialPageParam] });
  }
  if (boot.post) client.setQueryData(queryKeys.post(boot.post.id), boot.post);
  if (boot.search) {
    const query = feedQuery(boot.search.filters);
    client.setQueryData(query.queryKey, { pages: [boot.search.page], pageParams: [query.initialPageParam] });
  }
  if (boot.profile) {
    client.setQueryData(queryKeys.publicUser(boot.profile.id), boot.profile);
    // As the profile's PostList pages it: from no cursor.
    if (boot.profilePosts)
      client.setQueryData(queryKeys.userPosts(boot.profile.id), {
        pages: [boot.profilePosts],
        pageParams: [null],
      });
    if (boot.profileStanding)
      client.setQueryData(queryKeys.memberStanding(boot.profile.id), boot.profileStanding);
  }
  if (boot.group) {
    const id = boot.group.id;
    client.setQueryData(groupKeys.group(id), boot.group);
    if (boot.groupEvents) client.setQueryData(groupKeys.eventList(groupEventsQuery(id)), boot.groupEvents);
    // As the group page's PostList pages it: from no cursor.
    if (boot.groupPosts)
      client.setQueryData(queryKeys.groupPosts(id), { pages: [boot.groupPosts], pageParams: [null] });
  }
  if (boot.event) client.setQueryData(groupKeys.event(boot.event.id), boot.event);
  return { user: boot.user !== undefined, feed: boot.feed !== undefined, search: boot.search !== undefined };
}
