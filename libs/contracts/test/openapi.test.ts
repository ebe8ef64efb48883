import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS, openApiDocument, openApiPath } from '../src';

describe('the OpenAPI document of the endpoint table', () => {
  it('is valid OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(openApiDocument());
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    // The validator does refuse a broken document: a path parameter that says not where it is.
    const broken = structuredClone(openApiDocument()) as {
      paths: Record<string, Record<string, { parameters: { in?: string }[] }>>;
    };
    const parameter = broken.paths['/api/posts/{id}']?.get?.parameters[0];
    if (parameter) delete parameter.in;
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it("passes Redocly's recommended rules, with no error and no warning", async () => {
    const lint = async (document: unknown) =>
      (
        await lintFromString({
          source: JSON.stringify(document),
          absoluteRef: 'openapi.json',
          config: await createConfig({ extends: ['recommended'] }),
        })
      ).map((problem) => `${problem.severity} ${problem.ruleId}: ${problem.message}`);
    expect(await lint(openApiDocument())).toEqual([]);
    // The linter does speak: an operation that says nothing of its security is refused.
    const vague = structuredClone(openApiDocument()) as {
      paths: Record<string, Record<string, { security?: unknown }>>;
    };
    delete vague.paths['/api/posts']?.get?.security;
    expect(await lint(vague)).toContainEqual(expect.stringMatching(/^error security-defined/));
  });

  it('lists every endpoint but the internal ones, under its name', () => {
    const paths = openApiDocument().paths as Record<string, Record<string, { operationId: string }>>;
    const listed = Object.entries(paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => `${method.toUpperCase()} ${path} ${op.operationId}`),
    );
    // Development-only endpoints are absent in production, and the embedded store's upload
    // target is a presigned URL's: neither is an integrator's.
    const expected = ENDPOINTS.filter(
      (e) => e.auth !== 'internal' && !('developmentOnly' in e) && !('embeddedOnly' in e),
    ).map((e) => `${e.method} ${openApiPath(e.path)} ${e.name}`);
    expect(listed.sort()).toEqual(expected.sort());
    expect(listed.length).toBeGreaterThan(40);
  });

  it('marks the signed-in endpoints and describes their bodies', () => {
    const paths = openApiDocument().paths as Record<string, Record<string, Record<string, unknown>>>;
    const send = paths['/api/messages']?.post as Record<string, unknown>;
    expect(send.security).toEqual([{ session: [] }]);
    expect(send.requestBody).toMatchObject({ required: true });
    expect(paths['/api/posts']?.get?.security).toEqual([]);
    expect(paths['/api/dev/mail']).toBeUndefined();
    expect(paths['/api/posts/{id}']?.get?.parameters).toMatchObject([
      { name: 'id', in: 'path', required: true },
    ]);
  });
});
