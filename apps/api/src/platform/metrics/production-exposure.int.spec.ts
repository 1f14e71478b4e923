import type { LoggerService } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { rmSync } from 'node:fs';
import { createApp } from '../../create-app';
import { apiRequester, startTestApp, testConfig, type TestApp } from '../../../test/app/test-app';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database';

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
const DOCS = ['/api/docs/', '/api/docs/openapi.json', '/api/docs/swagger-ui.css'];

/** Keeps every warning the application logs. */
class WarningLog implements LoggerService {
  readonly warnings: unknown[] = [];
  log(): void {}
  error(): void {}
  debug(): void {}
  verbose(): void {}
  fatal(): void {}
  warn(message: unknown): void {
    this.warnings.push(message);
  }
}

describe('/metrics and the API documentation in production without METRICS_TOKEN', () => {
  let database: TestDatabase;
  let app: NestExpressApplication;
  let request: ReturnType<typeof apiRequester>;
  const logger = new WarningLog();
  const config = testConfig({ production: true });

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createApp({ config, databaseUrl: database.url, logger, serveWeb: false });
    await app.listen(0, '127.0.0.1');
    const address = app.getHttpServer().address();
    request = apiRequester(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
    rmSync(config.dataDir, { recursive: true, force: true });
  });

  it('are off (404), with or without a token', async () => {
    expect((await request('/metrics')).status).toBe(404);
    expect((await request('/metrics', { token: METRICS_TOKEN })).status).toBe(404);
    for (const path of DOCS) expect({ path, status: (await request(path)).status }).toEqual({ path, status: 404 });
    expect((await request('/api/docs')).status).toBe(404);
    expect((await request('/api/health/live')).status).toBe(200);
  });

  it('says so once in the log, as one structured warning', () => {
    const about = logger.warnings.filter((warning) => JSON.stringify(warning).includes('METRICS_TOKEN'));
    expect(about).toEqual([
      {
        message: 'METRICS_TOKEN is not set: GET /metrics and the API documentation (/api/docs) are off in production',
        setting: 'METRICS_TOKEN',
      },
    ]);
  });
});

describe('/metrics and the API documentation in production with METRICS_TOKEN', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ production: true, metricsToken: METRICS_TOKEN });
  });
  afterAll(() => t?.close());

  it('answer only the token', async () => {
    const refused = await t.request('/metrics');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe('Bearer');
    expect((await t.request('/metrics', { token: 'another-token-0123456789abcdef' })).status).toBe(401);
    const scraped = await t.request<string>('/metrics', { token: METRICS_TOKEN });
    expect(scraped.status).toBe(200);
    expect(scraped.body).toMatch(/^process_cpu_user_seconds_total \d/m);

    for (const path of DOCS) {
      const res = await t.request(path);
      expect({ path, status: res.status }).toEqual({ path, status: 401 });
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      expect({ path, status: (await t.request(path, { token: METRICS_TOKEN })).status }).toEqual({ path, status: 200 });
    }
    const document = await t.request<{ openapi: string }>('/api/docs/openapi.json', { token: METRICS_TOKEN });
    expect(document.body.openapi).toMatch(/^3\.1/);
  });
});

describe('the API documentation outside production', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ metricsToken: METRICS_TOKEN });
  });
  afterAll(() => t?.close());

  it('needs the token once METRICS_TOKEN is set', async () => {
    expect((await t.request('/api/docs/openapi.json')).status).toBe(401);
    expect((await t.request('/api/docs/openapi.json', { token: METRICS_TOKEN })).status).toBe(200);
    expect((await t.request('/metrics')).status).toBe(401);
  });
});
