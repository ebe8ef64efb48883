import type { PersonalDataQueries } from '@waco/platform';

/** What directory holds about a user, for their account export. */
export const DIRECTORY_PERSONAL_DATA: PersonalDataQueries = {
  // The businesses they added, and those they own (verified).
  businessesAdded: `
    SELECT id, name, category, description, address, phone, email, website, image_url, neighborhood,
           is_verified, removed, created_at
    FROM businesses WHERE added_by = $1 ORDER BY created_at`,
  businessesOwned: `
    SELECT id, name, category, is_verified, average_rating, reviews_count, removed, updated_at
    FROM businesses WHERE owner_id = $1 ORDER BY created_at`,
  businessClaims: `
    SELECT c.business_id, b.name AS business_name, c.note, c.claimed_at
    FROM business_claims c JOIN businesses b ON b.id = c.business_id
    WHERE c.claimant_id = $1 ORDER BY c.claimed_at`,
  businessReviews: `
    SELECT r.id, r.business_id, b.name AS business_name, r.rating, r.comment, r.created_at, r.updated_at
    FROM business_reviews r JOIN businesses b ON b.id = r.business_id
    WHERE r.author_id = $1 ORDER BY r.created_at`,
  // Their public answers, as a business's owner, to reviews.
  businessReviewAnswers: `
    SELECT r.id AS review_id, r.business_id, b.name AS business_name, r.reply, r.replied_at
    FROM business_reviews r JOIN businesses b ON b.id = r.business_id
    WHERE r.reply_by = $1 ORDER BY r.replied_at`,
};
