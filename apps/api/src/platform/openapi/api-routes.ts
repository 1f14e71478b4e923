import { RequestMethod } from '@nestjs/common';
import {
  HTTP_CODE_METADATA,
  METHOD_METADATA,
  PATH_METADATA,
  REDIRECT_METADATA,
  ROUTE_ARGS_METADATA,
} from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import type { ApplicationConfig, DiscoveryService, MetadataScanner } from '@nestjs/core';
import type { z } from 'zod';
import { IS_PUBLIC } from '../auth/public.decorator';
import { REQUIRED_ROLES } from '../auth/roles.guard';
import { ZodValidationPipe } from '../http/zod-validation.pipe';

export type HttpMethod = 'get' | 'post' | 'put' | 'delete' | 'patch' | 'options' | 'head';

const METHODS: Partial<Record<RequestMethod, HttpMethod>> = {
  [RequestMethod.GET]: 'get',
  [RequestMethod.POST]: 'post',
  [RequestMethod.PUT]: 'put',
  [RequestMethod.DELETE]: 'delete',
  [RequestMethod.PATCH]: 'patch',
  [RequestMethod.OPTIONS]: 'options',
  [RequestMethod.HEAD]: 'head',
};

/** One HTTP route of the application, as its controller declares it. */
export interface ApiRoute {
  method: HttpMethod;
  /** The full path in Express syntax, prefix included: `/api/emails/:id`. */
  path: string;
  /** The controller's class name without "Controller" (`Emails`). */
  controller: string;
  handler: string;
  public: boolean;
  roles: string[];
  /** The answer's status when it succeeds. */
  status: number;
  /**
   * The contract's schema of the body and of the query string, from the route's ZodValidationPipe; a route that
   * validates its query string in parts (several `@Query` pipes) has one schema per part.
   */
  body?: z.ZodType;
  query?: z.ZodType[];
  /** A body the route reads without a contract schema (e.g. a text/plain body). */
  unvalidatedBody: boolean;
}

interface RouteArgument {
  index: number;
  data?: unknown;
  pipes?: unknown[];
}

const asArray = (value: unknown): string[] =>
  value === undefined ? [''] : Array.isArray(value) ? value.map(String) : [String(value)];

export function joinPath(...parts: string[]): string {
  const joined = parts
    .flatMap((part) => part.split('/'))
    .filter(Boolean)
    .join('/');
  return `/${joined}`;
}

function schemaOf(argument: RouteArgument): z.ZodType | undefined {
  const pipe = argument.pipes?.find((p): p is ZodValidationPipe<z.ZodType> => p instanceof ZodValidationPipe);
  return pipe?.schema;
}

/**
 * Every route the application's controllers declare, read from Nest's route metadata (the same metadata Nest
 * registers its routes from), with the global prefix applied as Nest applies it (excluded routes keep their path).
 */
export function discoverRoutes(
  discovery: DiscoveryService,
  scanner: MetadataScanner,
  config: ApplicationConfig,
): ApiRoute[] {
  const prefix = config.getGlobalPrefix();
  const excluded = config.getGlobalPrefixOptions().exclude ?? [];
  const routes: ApiRoute[] = [];
  for (const wrapper of discovery.getControllers()) {
    const type = wrapper.metatype as (new (...args: never[]) => object) | undefined;
    const instance = wrapper.instance as object | undefined;
    if (!type || !instance) continue;
    const prototype = Object.getPrototypeOf(instance) as object;
    const controllerPaths = asArray(Reflect.getMetadata(PATH_METADATA, type));
    const controllerPublic = Reflect.getMetadata(IS_PUBLIC, type) === true;
    const controllerRoles = (Reflect.getMetadata(REQUIRED_ROLES, type) as string[] | undefined) ?? [];
    for (const name of scanner.getAllMethodNames(prototype)) {
      const handler = (prototype as Record<string, unknown>)[name] as object;
      const requestMethod = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      const routePaths = Reflect.getMetadata(PATH_METADATA, handler) as unknown;
      if (requestMethod === undefined || routePaths === undefined) continue;
      const methods =
        requestMethod === RequestMethod.ALL
          ? (['get', 'post', 'put', 'delete', 'patch'] as HttpMethod[])
          : [METHODS[requestMethod]].filter((m): m is HttpMethod => Boolean(m));
      const args = Object.entries(
        (Reflect.getMetadata(ROUTE_ARGS_METADATA, type, name) as Record<string, RouteArgument> | undefined) ?? {},
      ).map(([key, argument]) => ({ type: Number(key.split(':')[0]), argument }));
      const bodyArg = args.find((a) => a.type === (RouteParamtypes.BODY as number));
      const query = args
        .filter((a) => a.type === (RouteParamtypes.QUERY as number))
        .map((a) => schemaOf(a.argument))
        .filter((schema): schema is z.ZodType => Boolean(schema));
      const body = bodyArg && schemaOf(bodyArg.argument);
      const redirect = Reflect.getMetadata(REDIRECT_METADATA, handler) as { statusCode?: number } | undefined;
      const httpCode = Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined;
      for (const controllerPath of controllerPaths) {
        for (const routePath of asArray(routePaths)) {
          const local = joinPath(controllerPath, routePath);
          for (const method of methods) {
            const isExcluded = excluded.some(
              (route) =>
                route.pathRegex.test(local) &&
                (route.requestMethod === RequestMethod.ALL || METHODS[route.requestMethod] === method),
            );
            routes.push({
              method,
              path: isExcluded || !prefix ? local : joinPath(prefix, local),
              controller: type.name.replace(/Controller$/, ''),
              handler: name,
              public: controllerPublic || Reflect.getMetadata(IS_PUBLIC, handler) === true,
              roles: (Reflect.getMetadata(REQUIRED_ROLES, handler) as string[] | undefined) ?? controllerRoles,
              status: redirect ? (redirect.statusCode ?? 302) : (httpCode ?? (method === 'post' ? 201 : 200)),
              body,
              query: query.length > 0 ? query : undefined,
              unvalidatedBody: Boolean(bodyArg) && !body,
            });
          }
        }
      }
    }
  }
  return routes;
}
