import { registeredRoutes } from '../../../test/app/registered-routes';
import { startTestApp, type TestApp } from '../../../test/app/test-app';

interface OpenApiOperation {
  operationId: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> };
  responses: Record<string, unknown>;
}
type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { securitySchemes: Record<string, unknown> };
};

describe('the OpenAPI document and the API docs page', () => {
  let t: TestApp;
  let document: OpenApiDocument;

  beforeAll(async () => {
    t = await startTestApp();
    const res = await t.request<OpenApiDocument>('/api/docs/openapi.json');
    expect(res.status).toBe(200);
    document = res.body;
  });
  afterAll(() => t?.close());

  /** "METHOD /path" of every documented operation, with Express's `:param` syntax. */
  const documented = () =>
    Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );

  it('documents every route the application registered, with its method and path', () => {
    const routes = registeredRoutes(t.app);
    // The application's own routes are all there (a sample of the areas, so an empty router cannot pass).
    expect(routes).toEqual(
      expect.arrayContaining([
        'POST /api/register',
        'PUT /api/emails/:id/assign',
        'GET /api/team/audit',
        'GET /api/health/ready',
        'GET /metrics',
        'GET /api/docs/openapi.json',
      ]),
    );
    expect(routes.length).toBeGreaterThan(100);
    const docs = new Set(documented());
    expect(routes.filter((route) => !docs.has(route))).toEqual([]);
    // Nothing is documented that the application does not serve.
    const served = new Set(routes);
    expect(documented().filter((route) => !served.has(route))).toEqual([]);
  });

  it('describes bodies and query strings with the contracts’ schemas, path parameters and security', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });

    const register = document.paths['/api/register'].post;
    expect(register.security).toEqual([]);
    const body = register.requestBody?.content['application/json'].schema;
    expect(Object.keys(body?.properties ?? {})).toEqual(expect.arrayContaining(['email', 'password']));
    expect(register.responses).toHaveProperty('400');

    const assign = document.paths['/api/emails/{id}/assign'].put;
    expect(assign.security).toEqual([{ bearer: [] }]);
    expect(assign.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'path', required: true })]),
    );
    expect(assign.responses).toHaveProperty('401');

    const list = document.paths['/api/emails'].get;
    const query = (list.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    expect(query).toEqual(expect.arrayContaining(['page', 'size', 'view']));

    const audit = document.paths['/api/team/audit'].get;
    expect(audit.responses).toHaveProperty('403');
    // A body read without a contract schema (the role as text/plain) is still documented.
    expect(Object.keys(document.paths['/api/team/member/{id}/role'].put.requestBody?.content ?? {})).toContain(
      'text/plain',
    );
    expect(
      new Set(Object.values(document.paths).flatMap((ops) => Object.values(ops).map((o) => o.operationId))).size,
    ).toBe(documented().length);
  });

  it('serves the page and every asset it loads from this origin, under the strict Content-Security-Policy', async () => {
    const redirect = await fetch(`${t.baseUrl}/api/docs`, { redirect: 'manual' });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe('/api/docs/');

    const page = await fetch(`${t.baseUrl}/api/docs/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    const html = await page.text();
    // No inline script: every <script> has a src, and every asset is a relative URL of this origin.
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    for (const attributes of scripts) expect(attributes).toMatch(/src=["']\.\//);
    const assets = [...html.matchAll(/(?:src|href)=["'](\.\/[^"']+)["']/g)].map((m) => m[1]);
    expect(assets).toEqual(
      expect.arrayContaining(['./swagger-ui-bundle.js', './swagger-ui-init.js', './swagger-ui.css']),
    );
    for (const asset of assets) {
      const res = await fetch(new URL(asset, `${t.baseUrl}/api/docs/`));
      expect([asset, res.status]).toEqual([asset, 200]);
    }
    const init = await (await fetch(`${t.baseUrl}/api/docs/swagger-ui-init.js`)).text();
    expect(init).toContain('/api/docs/openapi.json');
  });
});
