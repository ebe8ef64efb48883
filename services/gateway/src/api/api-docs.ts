import { ENDPOINT_ROUTES, openApiDocument } from '@waco/contracts';
import type { HttpApp } from '@waco/platform';

type Json = Record<string, unknown>;

/**
 * `GET /api/openapi.json`, the OpenAPI 3.1 document of the endpoint table, and `GET /api/docs`,
 * a readable page of it. The page is rendered here, once, as plain HTML: no script (the CSP
 * allows only the app's own), nothing fetched from elsewhere.
 */
export function apiDocs(app: HttpApp) {
  const document = openApiDocument();
  const json = JSON.stringify(document);
  const html = renderReference(document);
  const { openApi, apiDocs } = ENDPOINT_ROUTES;
  app.route({
    method: openApi.method,
    url: openApi.path,
    handler: (_req, reply) => reply.type('application/json; charset=utf-8').send(json),
  });
  app.route({
    method: apiDocs.method,
    url: apiDocs.path,
    handler: (_req, reply) => reply.type('text/html; charset=utf-8').send(html),
  });
}

function renderReference(document: Json): string {
  const info = document.info as { title: string; description: string };
  const paths = document.paths as Record<string, Record<string, Json>>;
  const operations = Object.entries(paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );
  const tags = [...new Set(operations.map(({ op }) => (op.tags as string[])[0] as string))];
  const sections = tags.map((tag) => {
    const items = operations.filter(({ op }) => (op.tags as string[])[0] === tag).map(renderOperation);
    return `<section><h2>${escapeHtml(tag)}</h2>${items.join('\n')}</section>`;
  });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(info.title)}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1c1c1c}
h2{border-bottom:1px solid #ddd;text-transform:capitalize;margin-top:2.5rem}
details{border:1px solid #e2e2e2;border-radius:6px;margin:.5rem 0;padding:.4rem .8rem}
summary{cursor:pointer}code{font-size:.95em}.m{display:inline-block;min-width:4.2rem;font-weight:600}
.auth{font-size:.8em;background:#fff3cd;border-radius:4px;padding:0 .4rem;margin-left:.5rem}
pre{background:#f6f6f6;padding:.6rem;overflow:auto;font-size:.85em}
table{border-collapse:collapse}td,th{border:1px solid #e2e2e2;padding:.2rem .5rem;text-align:left}
</style></head><body>
<h1>${escapeHtml(info.title)}</h1><p>${escapeHtml(info.description)}</p>
<p>The machine-readable document: <a href="${ENDPOINT_ROUTES.openApi.path}">${ENDPOINT_ROUTES.openApi.path}</a> (OpenAPI 3.1).</p>
${sections.join('\n')}
</body></html>`;
}

function renderOperation({ path, method, op }: { path: string; method: string; op: Json }): string {
  const signedIn = op.security ? '<span class="auth">signed in</span>' : '';
  const parameters = (op.parameters as Json[] | undefined) ?? [];
  const parts: string[] = [];
  if (parameters.length > 0) {
    const rows = parameters.map(
      (p) =>
        `<tr><td><code>${escapeHtml(String(p.name))}</code></td><td>${escapeHtml(String(p.in))}</td>` +
        `<td>${p.required ? 'required' : 'optional'}</td><td><code>${escapeHtml(JSON.stringify(p.schema))}</code></td></tr>`,
    );
    parts.push(
      `<table><tr><th>parameter</th><th>in</th><th></th><th>schema</th></tr>${rows.join('')}</table>`,
    );
  }
  const body = op.requestBody as { content: Record<string, { schema: Json }> } | undefined;
  if (body) parts.push(`<h4>Body</h4>${schemaBlock(body.content['application/json']?.schema)}`);
  for (const [status, answer] of Object.entries(op.responses as Record<string, Json>)) {
    const content = answer.content as Record<string, { schema: Json }> | undefined;
    parts.push(
      `<h4>${escapeHtml(status)}: ${escapeHtml(String(answer.description))}</h4>${content ? schemaBlock(content['application/json']?.schema) : ''}`,
    );
  }
  return `<details id="${escapeHtml(String(op.operationId))}"><summary><span class="m">${method}</span><code>${escapeHtml(path)}</code> — ${escapeHtml(String(op.summary))}${signedIn}</summary>${parts.join('\n')}</details>`;
}

const schemaBlock = (schema: Json | undefined) =>
  schema ? `<pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre>` : '';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
