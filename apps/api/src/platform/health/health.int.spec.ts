import { EVENT_STORE, type EventStore } from '../event-store/event-store.port';
import { startTestApp, type TestApp } from '../../../test/app/test-app';

describe('GET /api/health', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('answers 200 with the database and event store status, without a token', async () => {
    const res = await t.request('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', database: { ok: true }, eventStore: { ok: true } });
  });

  it('answers 503 naming the component that is down', async () => {
    const eventStore = t.app.get<EventStore>(EVENT_STORE);
    const spy = jest.spyOn(eventStore, 'health').mockRejectedValueOnce(new Error('connection refused'));
    try {
      const res = await t.request('/api/health');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({
        status: 'error',
        database: { ok: true },
        eventStore: { ok: false, detail: 'connection refused' },
      });
    } finally {
      spy.mockRestore();
    }
  });
});
