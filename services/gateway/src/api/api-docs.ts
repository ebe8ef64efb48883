import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { ENDPOINT_ROUTES, openApiDocument } from '@waco/contracts';
import type { HttpApp } from '@waco/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * `GET /api/openapi.json`, the OpenAPI 3.1 document of the endpoint table, and `GET /api/docs`,
 * its reference with "try it", rendered in the browser by Swagger UI (swagger-ui-dist), served
 * from our own origin under the app's Content-Security-Policy: its files and our start script
 * (`/api/docs/:file`), no inline script, nothing fetched from elsewhere. "Try it" sends the
 * browser's own session cookie, as the app does.
 */
export function apiDocs(app: HttpApp) {
  const json = JSON.stringify(openApiDocument());
  const { openApi, apiDocs, apiDocsFile } = ENDPOINT_ROUTES;
  app.route({
    method: openApi.method,
    url: openApi.path,
    handler: (_req, reply) => reply.type('application/json; charset=utf-8').send(json),
  });
  app.route({
    method: apiDocs.method,
    url: apiDocs.path,
    handler: (_req, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(PAGE),
  });
  app.route<{ Params: { file: string } }>({
    method: apiDocsFile.method,
    url: apiDocsFile.path,
    handler: (req, reply) => {
      const file = DOCS_FILES[req.params.file];
      if (!file)
        return reply.status(404).send({ message: `No such file of the API reference: ${req.params.file}` });
      return sendFile(req, reply, file());
    },
  });
}

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Waco Commons API</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head><body>
<noscript><p>The reference needs JavaScript; the machine-readable document is <a href="${ENDPOINT_ROUTES.openApi.path}">${ENDPOINT_ROUTES.openApi.path}</a>.</p></noscript>
<div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/start.js"></script>
</body></html>`;

/** Our start script: the document of this origin, no validator (it would call swagger.io). */
const START = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(ENDPOINT_ROUTES.openApi.path)},
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  withCredentials: true,
});
`;

interface DocsFile {
  type: string;
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** Each file read and compressed once, on its first request (none is needed to start). */
function kept(type: string, read: () => Buffer | string): () => DocsFile {
  let file: DocsFile | undefined;
  return () => {
    if (!file) {
      const body = Buffer.from(read());
      file = { type, body, br: brotliCompressSync(body), gzip: gzipSync(body) };
    }
    return file;
  };
}

const SWAGGER_UI = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const DOCS_FILES: Record<string, () => DocsFile> = {
  'swagger-ui-bundle.js': kept('text/javascript; charset=utf-8', () =>
    readFileSync(join(SWAGGER_UI, 'swagger-ui-bundle.js')),
  ),
  'swagger-ui.css': kept('text/css; charset=utf-8', () => readFileSync(join(SWAGGER_UI, 'swagger-ui.css'))),
  'start.js': kept('text/javascript; charset=utf-8', () => START),
};

function sendFile(req: FastifyRequest, reply: FastifyReply, file: DocsFile) {
  // The same for everyone; a new release of the gateway may change them within the hour.
  reply.type(file.type).header('cache-control', 'public, max-age=3600').header('vary', 'accept-encoding');
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(file.br);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(file.gzip);
  return reply.send(file.body);
}
