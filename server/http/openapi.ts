import { z } from 'zod';
import { rolesHolding } from '../../contract/access';
import { failEnvelopeSchema, okEnvelopeSchema } from '../../contract/envelope';
import type { ServerConfig } from '../config';
import { API_PREFIX } from './register';
import { type Access, type ApiRoute, accessOf, defineRoute } from './route';

function jsonSchema(schema: z.core.$ZodType, io: 'input' | 'output') {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' });
}

/** Query and path schemas become OpenAPI parameters, one per property. */
function parameters(schema: z.core.$ZodType | undefined, where: 'query' | 'path') {
  if (!schema) return [];
  const js = jsonSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(js.properties ?? {}).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || (js.required ?? []).includes(name),
    schema: s,
  }));
}

function describeAccess(a: Access): string {
  if (a === 'public') return 'public';
  if (a === 'signedIn') return 'any signed-in role';
  return `${a} (${rolesHolding(a).join(', ')})`;
}

/**
 * The OpenAPI 3 document, generated from the same declarations that validate requests, with
 * each route's rule as this server applies it.
 */
export function buildOpenApi(routes: ApiRoute[], config: ServerConfig) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const rule = accessOf(route, config);
    const path = API_PREFIX + route.url.replace(/:(\w+)/g, '{$1}');
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
      summary: route.summary,
      description: `Access: ${describeAccess(rule)}`,
      tags: route.tags,
      security: rule === 'public' ? [] : [{ bearer: [] }],
      parameters: [...parameters(route.params, 'path'), ...parameters(route.query, 'query')],
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: jsonSchema(route.body, 'input') } },
            },
          }
        : {}),
      responses: {
        200: {
          description: 'ok',
          content: route.raw
            ? { 'application/octet-stream': {} }
            : {
                'application/json': {
                  schema: jsonSchema(okEnvelopeSchema(route.response ?? z.unknown()), 'output'),
                },
              },
        },
        default: {
          description: 'failure envelope',
          content: { 'application/json': { schema: jsonSchema(failEnvelopeSchema, 'output') } },
        },
      },
    };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'CaseDesk API', version: '1' },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}

export function openApiRoute(routes: () => ApiRoute[]) {
  // One document per server: the routes are fixed, the rules follow its config.
  const built = new WeakMap<ServerConfig, ReturnType<typeof buildOpenApi>>();
  return defineRoute({
    method: 'GET',
    url: '/docs',
    summary: 'This OpenAPI document',
    tags: ['ops'],
    // The API's description is for the administrators; API_DOCS_PUBLIC=1 shows it to anyone.
    access: 'docs.read',
    publicWhen: 'apiDocsPublic',
    raw: true,
    handler: async ({ app, reply }) => {
      let doc = built.get(app.config);
      if (!doc) {
        doc = buildOpenApi(routes(), app.config);
        built.set(app.config, doc);
      }
      return reply.type('application/json').send(doc);
    },
  });
}
