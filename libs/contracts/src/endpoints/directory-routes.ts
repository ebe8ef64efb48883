import { serviceRoutes } from './endpoint-route';

// directory's endpoints: local businesses, their claims and their reviews. Part of
// ENDPOINT_ROUTES (routes.ts), without zod as it; their schemas: directory-schemas.ts.

// biome-ignore format: one endpoint a line reads as a table
export const DIRECTORY_ROUTES = serviceRoutes('directory', {
  addBusiness: { method: 'POST', path: '/api/businesses', auth: 'user' },
  listBusinesses: { method: 'GET', path: '/api/businesses', auth: 'guest-ok' },
  getBusiness: { method: 'GET', path: '/api/businesses/:id', auth: 'guest-ok' },
  updateBusiness: { method: 'PATCH', path: '/api/businesses/:id', auth: 'user' },
  removeBusiness: { method: 'DELETE', path: '/api/businesses/:id', auth: 'moderator' },
  claimBusiness: { method: 'POST', path: '/api/businesses/:id/claim', auth: 'user' },
  listBusinessClaims: { method: 'GET', path: '/api/business-claims', auth: 'moderator' },
  decideBusinessClaim: { method: 'POST', path: '/api/businesses/:id/claim/decision', auth: 'moderator' },
  listBusinessReviews: { method: 'GET', path: '/api/businesses/:id/reviews', auth: 'guest-ok' },
  reviewBusiness: { method: 'POST', path: '/api/businesses/:id/reviews', auth: 'user' },
  editBusinessReview: { method: 'PATCH', path: '/api/businesses/:id/reviews/:reviewId', auth: 'user' },
  deleteBusinessReview: { method: 'DELETE', path: '/api/businesses/:id/reviews/:reviewId', auth: 'user' },
  answerBusinessReview: { method: 'PUT', path: '/api/businesses/:id/reviews/:reviewId/reply', auth: 'user' },
});
