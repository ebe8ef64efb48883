import type { FastifySchemaValidationError } from 'fastify';

// zod's own messages ("Invalid input: expected string, received number") do not say which
// field they are about; ours ("First name is required") do. Prefix the field to zod's.
// Only zod's generic wordings: a message like the spec's "Invalid email address" must reach
// the client verbatim.
const ZOD_DEFAULT =
  /^(Invalid (input|option|string|number|key|value|discriminator|element)\b|Too (small|big)|Unrecognized key)/;

/** Turns the first validation issue of a request into one readable sentence and its field. */
export function describeValidation(
  issues: FastifySchemaValidationError[],
  context: string | undefined,
): { message: string; field?: string } {
  const first = issues[0];
  if (!first) return { message: 'Invalid request' };
  const path = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const params = first.params as { keys?: string[] } | undefined;
  // An unknown key sits at the object's path; name the key itself.
  const field = params?.keys?.length ? [path, ...params.keys].filter(Boolean).join('.') : path;
  const text = first.message ?? 'Invalid value';
  const where = field || context || 'request';
  const message = ZOD_DEFAULT.test(text) ? `${where}: ${text}` : text;
  return field ? { message, field } : { message };
}
