import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { OPENAPI_PATH, REFERENCE_PATH } from './openapi.ts';

// Swagger UI (swagger-ui-dist, maintained by SmartBear): 1.7 MB of script that only this page
// loads, never the app. Served from node_modules as shipped.
const dist = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const ASSETS: Record<string, { file: string; type: string }> = {
  'swagger-ui.css': { file: path.join(dist, 'swagger-ui.css'), type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': {
    file: path.join(dist, 'swagger-ui-bundle.js'),
    type: 'text/javascript; charset=utf-8',
  },
};

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Keel API reference</title>
    <link rel="stylesheet" href="${REFERENCE_PATH}/swagger-ui.css" />
  </head>
  <body>
    <main id="reference" aria-label="Keel API reference"></main>
    <script src="${REFERENCE_PATH}/swagger-ui-bundle.js"></script>
    <script src="${REFERENCE_PATH}/init.js"></script>
  </body>
</html>
`;

// In a file of its own: the content security policy runs no inline script.
// Swagger UI draws itself dark under html.dark-mode: follow the system's scheme, as the app does.
const INIT = `const dark = window.matchMedia('(prefers-color-scheme: dark)');
const follow = () => document.documentElement.classList.toggle('dark-mode', dark.matches);
follow();
dark.addEventListener('change', follow);
window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(OPENAPI_PATH)},
  dom_id: '#reference',
  deepLinking: true,
  defaultModelsExpandDepth: 0,
});
`;

/**
 * `GET /api/v1/reference`: the OpenAPI document (openapi.ts) as a readable page, public like the
 * document itself. "Try it out" sends real requests with the token pasted under Authorize.
 */
export async function apiReferenceRoutes(app: FastifyInstance) {
  const cache = 'public, max-age=3600';
  app.get(REFERENCE_PATH, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(PAGE),
  );
  app.get(`${REFERENCE_PATH}/init.js`, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', cache).send(INIT),
  );
  for (const [name, asset] of Object.entries(ASSETS))
    app.get(`${REFERENCE_PATH}/${name}`, async (_request, reply) =>
      reply.type(asset.type).header('cache-control', cache).send(fs.createReadStream(asset.file)),
    );
}
