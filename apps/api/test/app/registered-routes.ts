import { METHODS } from 'node:http';
import type { NestExpressApplication } from '@nestjs/platform-express';

interface RouterLayer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
}

/** Every route the running application's Express router holds, as "METHOD /path" in Express's parameter syntax. */
export function registeredRoutes(app: NestExpressApplication): string[] {
  const express = app.getHttpAdapter().getInstance() as { router: { stack: RouterLayer[] } };
  const routes: string[] = [];
  for (const layer of express.router.stack) {
    if (!layer.route) continue;
    // A route for every method is a middleware or the not-found handler the adapter mounts: not an endpoint.
    const methods = layer.route.methods;
    if (methods._all || METHODS.every((method) => methods[method.toLowerCase()])) continue;
    const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
    for (const method of Object.keys(methods)) {
      for (const path of paths) routes.push(`${method.toUpperCase()} ${path}`);
    }
  }
  return [...new Set(routes)];
}
