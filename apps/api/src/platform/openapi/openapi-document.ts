import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import type { ApiRoute } from './api-routes';

/** The document's own address and the UI's, both under the API prefix. */
export const API_DOCS_PATH = '/api/docs';
export const OPENAPI_JSON_PATH = '/api/docs/openapi.json';

export const BEARER_SCHEME = 'bearer';

/** The body of every error answer (DomainError, validation, Nest's HTTP exceptions). */
const ZErrorResponse = z.object({
  success: z.literal(false).optional(),
  message: z.union([z.string(), z.array(z.string())]),
  statusCode: z.number().int(),
  error: z.string().optional(),
});

/** `/api/emails/:id` -> `/api/emails/{id}` and the names of its parameters. */
export function openApiPath(path: string): { path: string; params: string[] } {
  const params: string[] = [];
  const converted = path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path: converted, params };
}

/**
 * The object schema of a query string: a contract's query schema may be an object refined or transformed after
 * parsing (a zod pipe); the query parameters are those of the object it parses first.
 */
export function queryObjectOf(schema: z.ZodType): z.ZodObject | undefined {
  if (schema instanceof z.ZodObject) return schema;
  if (schema instanceof z.ZodPipe)
    return queryObjectOf(schema.in as z.ZodType) ?? queryObjectOf(schema.out as z.ZodType);
  return undefined;
}

const words = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/^./, (c) => c.toUpperCase());

function routeConfig(route: ApiRoute): RouteConfig {
  const { path, params } = openApiPath(route.path);
  const parts = (route.query ?? []).map(queryObjectOf).filter((part): part is z.ZodObject => Boolean(part));
  const query = parts.length > 0 ? z.object(Object.assign({}, ...parts.map((part) => part.shape))) : undefined;
  const responses: RouteConfig['responses'] = {
    [route.status]: { description: route.status >= 300 && route.status < 400 ? 'Redirect' : 'Success' },
  };
  const error = (description: string) => ({
    description,
    content: { 'application/json': { schema: ZErrorResponse } },
  });
  if (route.body || route.query || route.unvalidatedBody) responses[400] = error('Invalid request');
  if (!route.public) responses[401] = error('No valid access token');
  if (route.roles.length > 0) responses[403] = error(`Requires the role ${route.roles.join(' or ')}`);
  if (params.length > 0) responses[404] = error('Not found (or another team’s)');
  return {
    method: route.method,
    path,
    operationId: `${route.controller}_${route.handler}`,
    summary: words(route.handler),
    tags: [words(route.controller)],
    security: route.public ? [] : [{ [BEARER_SCHEME]: [] }],
    request: {
      ...(params.length > 0 ? { params: z.object(Object.fromEntries(params.map((name) => [name, z.string()]))) } : {}),
      ...(query ? { query } : {}),
      ...(route.body
        ? { body: { required: true, content: { 'application/json': { schema: route.body } } } }
        : route.unvalidatedBody
          ? { body: { content: { 'text/plain': { schema: z.string() }, 'application/json': { schema: z.unknown() } } } }
          : {}),
    },
    responses,
  };
}

/** The API's OpenAPI 3.1 document: every route with its contract schemas, generated from the zod contracts. */
export function buildOpenApiDocument(routes: ApiRoute[], version: string) {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', BEARER_SCHEME, {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The access token from POST /api/auth/signin or /api/register.',
  });
  for (const route of routes) registry.registerPath(routeConfig(route));
  registry.registerPath({
    method: 'get',
    path: API_DOCS_PATH,
    operationId: 'ApiDocs_page',
    summary: 'This documentation, as a page',
    tags: ['Api docs'],
    security: [],
    responses: { 200: { description: 'HTML page', content: { 'text/html': { schema: z.string() } } } },
  });
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Team inbox API',
      version,
      description:
        'Every call of the shared team inbox. Errors answer `{success:false, message, statusCode, error}`; ' +
        'every answer carries `X-Request-Id`.',
    },
  });
}
