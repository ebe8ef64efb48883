/** Answers whose JSON text Postgres built (posts and pages of posts) are sent as they are. */
export const JSON_TYPE = 'application/json; charset=utf-8';
