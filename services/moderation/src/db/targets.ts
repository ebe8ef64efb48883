import type { PostAuthor, ReportedTarget, ReportTargetType } from '@waco/contracts';
import type { Kysely } from 'kysely';
import type { ModerationDatabase } from './schema';

type Db = Kysely<ModerationDatabase>;

/**
 * Reported things as members see them, by `type:id`: a post's title, text and photos, a
 * group's or event's name, description and photo, a member's name and avatar, a message's or a comment's text, with the owner's name, whether a
 * post or comment is hidden and whether the owner is suspended or verified.
 */
export async function targetsAsMembersSeeThem(
  db: Db,
  reports: { target_type: string; target_id: string; target_owner_id: string }[],
): Promise<Map<string, ReportedTarget>> {
  const ids = (type: ReportTargetType) =>
    reports.filter((r) => r.target_type === type).map((r) => r.target_id);
  const ownerIds = [...new Set(reports.map((r) => r.target_owner_id))];
  const [businesses, reviews, hiddenBusinesses, hiddenReviews] = await Promise.all([
    ids('business').length
      ? db.selectFrom('known_businesses').selectAll().where('id', 'in', ids('business')).execute()
      : [],
    ids('review').length
      ? db.selectFrom('known_reviews').selectAll().where('id', 'in', ids('review')).execute()
      : [],
    ids('business').length
      ? db
          .selectFrom('hidden_businesses')
          .select('business_id')
          .where('business_id', 'in', ids('business'))
          .execute()
      : [],
    ids('review').length
      ? db.selectFrom('hidden_reviews').select('review_id').where('review_id', 'in', ids('review')).execute()
      : [],
  ]);
  const [owners, posts, messages, comments, hidden, hiddenComments, suspended, verified, gatherings] =
    await Promise.all([
      ownerIds.length
        ? db
            .selectFrom('users')
            .select(['id', 'first_name', 'last_name', 'profile_image_url'])
            .where('id', 'in', ownerIds)
            .execute()
        : [],
      ids('post').length
        ? db.selectFrom('known_posts').selectAll().where('id', 'in', ids('post')).execute()
        : [],
      ids('message').length
        ? db.selectFrom('known_messages').selectAll().where('id', 'in', ids('message')).execute()
        : [],
      ids('comment').length
        ? db.selectFrom('known_comments').selectAll().where('id', 'in', ids('comment')).execute()
        : [],
      ids('post').length
        ? db.selectFrom('hidden_posts').select('post_id').where('post_id', 'in', ids('post')).execute()
        : [],
      ids('comment').length
        ? db
            .selectFrom('hidden_comments')
            .select('comment_id')
            .where('comment_id', 'in', ids('comment'))
            .execute()
        : [],
      ownerIds.length
        ? db.selectFrom('suspensions').select('user_id').where('user_id', 'in', ownerIds).execute()
        : [],
      ownerIds.length
        ? db.selectFrom('verified_members').select('user_id').where('user_id', 'in', ownerIds).execute()
        : [],
      groupsAndEvents(db, ids('group'), ids('event')),
    ]);
  const ownerOf = (id: string): PostAuthor => {
    const u = owners.find((o) => o.id === id);
    return {
      id,
      firstName: u?.first_name ?? null,
      lastName: u?.last_name ?? null,
      profileImageUrl: u?.profile_image_url ?? null,
    };
  };
  const hiddenIds = new Set(hidden.map((h) => h.post_id));
  const hiddenCommentIds = new Set(hiddenComments.map((h) => h.comment_id));
  const suspendedIds = new Set(suspended.map((s) => s.user_id));
  const verifiedIds = new Set(verified.map((v) => v.user_id));
  const targets = new Map<string, ReportedTarget>();
  for (const r of reports) {
    const owner = ownerOf(r.target_owner_id);
    const base = {
      type: r.target_type as ReportTargetType,
      id: r.target_id,
      owner,
      postId: null,
      title: null,
      text: null,
      category: null,
      imagePaths: [],
      createdAt: null,
      hidden: false,
      ownerSuspended: suspendedIds.has(r.target_owner_id),
      ownerVerified: verifiedIds.has(r.target_owner_id),
    };
    let target: ReportedTarget = base;
    if (r.target_type === 'post') {
      const p = posts.find((x) => x.id === r.target_id);
      target = {
        ...base,
        postId: r.target_id,
        title: p?.title ?? null,
        text: p?.description ?? null,
        category: p?.category ?? null,
        imagePaths: p?.image_paths ?? [],
        createdAt: p?.created_at.toISOString() ?? null,
        hidden: hiddenIds.has(r.target_id),
      };
    } else if (r.target_type === 'comment') {
      const c = comments.find((x) => x.id === r.target_id);
      target = {
        ...base,
        postId: c?.post_id ?? null,
        text: c?.content ?? null,
        createdAt: c?.created_at.toISOString() ?? null,
        hidden: hiddenCommentIds.has(r.target_id),
      };
    } else if (r.target_type === 'business') {
      const b = businesses.find((x) => x.id === r.target_id);
      target = {
        ...base,
        title: b?.name ?? null,
        text: b?.description ?? null,
        category: b?.category ?? null,
        imagePaths: b?.image_url ? [b.image_url] : [],
        createdAt: b?.created_at.toISOString() ?? null,
        hidden: hiddenBusinesses.some((h) => h.business_id === r.target_id),
      };
    } else if (r.target_type === 'review') {
      const v = reviews.find((x) => x.id === r.target_id);
      target = {
        ...base,
        title: v ? `${v.rating}/5` : null,
        text: v?.comment ?? null,
        createdAt: v?.created_at.toISOString() ?? null,
        hidden: hiddenReviews.some((h) => h.review_id === r.target_id),
      };
    } else if (r.target_type === 'group' || r.target_type === 'event') {
      const g = gatherings.get(`${r.target_type}:${r.target_id}`);
      target = {
        ...base,
        title: g?.title ?? null,
        text: g?.description ?? null,
        imagePaths: g?.image_url ? [g.image_url] : [],
        createdAt: g?.created_at.toISOString() ?? null,
        hidden: g?.hidden ?? false,
      };
    } else if (r.target_type === 'message') {
      const m = messages.find((x) => x.id === r.target_id);
      target = { ...base, text: m?.content ?? null, createdAt: m?.sent_at.toISOString() ?? null };
    } else {
      target = { ...base, title: [owner.firstName, owner.lastName].filter(Boolean).join(' ') || null };
    }
    targets.set(`${r.target_type}:${r.target_id}`, target);
  }
  return targets;
}

/** Reported groups and events, by `type:id`: their name or title, description, photo and whether hidden now. */
async function groupsAndEvents(db: Db, groupIds: string[], eventIds: string[]) {
  const found = new Map<
    string,
    { title: string; description: string | null; image_url: string | null; created_at: Date; hidden: boolean }
  >();
  if (groupIds.length > 0) {
    const rows = await db
      .selectFrom('known_groups as g')
      .leftJoin('hidden_groups as h', 'h.group_id', 'g.id')
      .select([
        'g.id',
        'g.name as title',
        'g.description',
        'g.image_url',
        'g.created_at',
        'h.group_id as hidden',
      ])
      .where('g.id', 'in', groupIds)
      .execute();
    for (const { id, hidden, ...row } of rows) found.set(`group:${id}`, { ...row, hidden: hidden !== null });
  }
  if (eventIds.length > 0) {
    const rows = await db
      .selectFrom('known_events as e')
      .leftJoin('hidden_events as h', 'h.event_id', 'e.id')
      .select(['e.id', 'e.title', 'e.description', 'e.image_url', 'e.created_at', 'h.event_id as hidden'])
      .where('e.id', 'in', eventIds)
      .execute();
    for (const { id, hidden, ...row } of rows) found.set(`event:${id}`, { ...row, hidden: hidden !== null });
  }
  return found;
}
