import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Operation = {
  operationId: string;
  parameters?: { name: string; in: string; required: boolean }[];
  requestBody?: { content: Record<string, { schema: { required?: string[] } }> };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
};

describe('GET /api/v1/openapi.json', () => {
  it('describes every /api/v1 route from its schemas, without a token', async () => {
    const res = await fetch(`${server.url}/api/v1/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<string, Record<string, Operation>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.bearer).toMatchObject({ scheme: 'bearer' });
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/api/v1/me',
      '/api/v1/workspaces',
      '/api/v1/workspaces/{ws}/comments/{commentId}',
      '/api/v1/workspaces/{ws}/cycles',
      '/api/v1/workspaces/{ws}/issues',
      '/api/v1/workspaces/{ws}/issues/{key}',
      '/api/v1/workspaces/{ws}/issues/{key}/comments',
      '/api/v1/workspaces/{ws}/labels',
      '/api/v1/workspaces/{ws}/members',
      '/api/v1/workspaces/{ws}/milestones',
      '/api/v1/workspaces/{ws}/projects',
      '/api/v1/workspaces/{ws}/projects/{key}',
    ]);
    const issues = doc.paths['/api/v1/workspaces/{ws}/issues']!;
    expect(Object.keys(issues).sort()).toEqual(['get', 'post']);
    expect(issues.get!.parameters!.map((p) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(['path:ws', 'query:limit', 'query:cursor', 'query:sort']),
    );
    expect(issues.post!.requestBody!.content['application/json']!.schema.required).toEqual([
      'project',
      'title',
    ]);
    expect(issues.post!.parameters!.map((p) => p.name)).toContain('Idempotency-Key');
    const page = issues.get!.responses['200']!.content!['application/json']!.schema as {
      properties: { data: { items: { properties: Record<string, unknown> } } };
    };
    expect(Object.keys(page.properties.data.items.properties)).toEqual(
      expect.arrayContaining(['key', 'title', 'state', 'priority']),
    );
    expect(Object.keys(doc.paths['/api/v1/workspaces/{ws}/issues/{key}']!).sort()).toEqual([
      'delete',
      'get',
      'patch',
    ]);
    // Operation ids are unique, and every error points at the one problem schema.
    const operations = Object.values(doc.paths).flatMap((p) => Object.values(p));
    const ids = operations.map((o) => o.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const o of operations)
      expect(o.responses.default!.content!['application/problem+json']!.schema).toEqual({
        $ref: '#/components/schemas/Problem',
      });
  });

  it('reads as a page, public too, its assets served from this server', async () => {
    const page = await fetch(`${server.url}/api/v1/reference`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<title>Keel API reference</title>');
    for (const asset of ['swagger-ui.css', 'swagger-ui-bundle.js', 'init.js']) {
      expect(html).toContain(`/api/v1/reference/${asset}`);
      const res = await fetch(`${server.url}/api/v1/reference/${asset}`);
      expect(res.status, asset).toBe(200);
      expect((await res.text()).length, asset).toBeGreaterThan(100);
    }
    expect((await fetch(`${server.url}/api/v1/reference/../package.json`)).status).not.toBe(200);
  });
});
