import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';
import { ERROR_CODES } from '@keel/domain';

/** The public API's own document: answered without a token, as GitHub's and Stripe's are. */
export const OPENAPI_PATH = '/api/v1/openapi.json';
/** Its readable page (api-reference.ts). */
export const REFERENCE_PATH = '/api/v1/reference';

interface RouteSchemas {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  response?: Record<number, z.ZodType>;
}

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  // Transforms (a body's trim, an empty body read as {}) have no JSON Schema: described as what
  // they accept.
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  void _drop;
  return rest;
};

const problemSchema: JsonSchema = {
  type: 'object',
  description: 'RFC 9457 problem+json; `code` is from the error catalogue.',
  properties: {
    type: { type: 'string' },
    title: { type: 'string', description: 'What to tell a person.' },
    status: { type: 'integer' },
    code: { type: 'string', enum: ERROR_CODES },
    detail: { type: 'string' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        properties: { path: { type: 'string' }, message: { type: 'string' } },
        required: ['path', 'message'],
      },
    },
    requestId: { type: 'string' },
  },
  required: ['type', 'title', 'status', 'code'],
};

/**
 * OpenAPI 3.1 for `/api/v1`, drawn from the routes themselves: each route's zod schemas (the
 * domain's) as JSON Schema. Routes are collected as they register, so a route added is in the
 * document with nothing else to write; call before the routes are registered.
 */
export function collectOpenApi(app: FastifyInstance, info: { version: string }) {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    const described = route.url !== OPENAPI_PATH && !route.url.startsWith(REFERENCE_PATH);
    if (route.url.startsWith('/api/v1/') && described) routes.push(route);
  });

  let document: JsonSchema | null = null;
  const build = (): JsonSchema => {
    const paths: Record<string, Record<string, JsonSchema>> = {};
    for (const route of routes) {
      const methods = (Array.isArray(route.method) ? route.method : [route.method])
        .map((m) => m.toLowerCase())
        .filter((m) => m !== 'head');
      const schemas = (route.schema ?? {}) as RouteSchemas;
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      const parameters: JsonSchema[] = [];
      for (const [where, schema] of [
        ['path', schemas.params],
        ['query', schemas.querystring],
      ] as const) {
        if (!schema) continue;
        const json = toSchema(schema, 'input') as {
          properties?: Record<string, JsonSchema>;
          required?: string[];
        };
        for (const [name, property] of Object.entries(json.properties ?? {}))
          parameters.push({
            name,
            in: where,
            required: where === 'path' || (json.required ?? []).includes(name),
            schema: property,
          });
      }
      const responses: Record<string, JsonSchema> = {};
      for (const [status, schema] of Object.entries(schemas.response ?? {}))
        responses[status] =
          status === '204'
            ? { description: 'Done; no body.' }
            : {
                description: 'Success',
                content: { 'application/json': { schema: toSchema(schema, 'output') } },
              };
      if (Object.keys(responses).length === 0) responses['2XX'] = { description: 'Success' };
      responses.default = {
        description: 'An error from the catalogue',
        content: {
          'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } },
        },
      };
      for (const method of methods) {
        const writes = method !== 'get';
        paths[path] ??= {};
        paths[path][method] = {
          operationId: `${method}${path
            .replace(/[{}]/g, '')
            .replace(/\/(\w)/g, (_, c: string) => c.toUpperCase())
            .replace(/[^A-Za-z0-9]/g, '')}`,
          ...(parameters.length ? { parameters } : {}),
          ...(schemas.body && writes
            ? {
                requestBody: {
                  required: true,
                  content: { 'application/json': { schema: toSchema(schemas.body, 'input') } },
                },
              }
            : {}),
          ...(method === 'post'
            ? {
                parameters: [
                  ...parameters,
                  {
                    name: 'Idempotency-Key',
                    in: 'header',
                    required: false,
                    schema: { type: 'string', maxLength: 255 },
                  },
                ],
              }
            : {}),
          responses,
        };
      }
    }
    return {
      openapi: '3.1.0',
      info: {
        title: 'Keel API',
        version: info.version,
        description:
          'Keel’s public REST API. Send a personal API token as `Authorization: Bearer keel_…` (Account → API tokens). docs/api.md has examples.',
      },
      servers: [{ url: '/' }],
      security: [{ bearer: [] }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'keel_…' } },
        schemas: { Problem: problemSchema },
      },
      paths,
    };
  };

  return {
    /** Register `GET /api/v1/openapi.json` (after every route it describes). */
    route: () =>
      app.get(OPENAPI_PATH, async (_request, reply) => {
        document ??= build();
        return reply.header('cache-control', 'public, max-age=300').send(document);
      }),
  };
}
