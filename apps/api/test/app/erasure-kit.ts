import type { DataSubjectErasure } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import type { TestApp } from './test-app';
import { COMPARED_ROWS, NOT_READ_MODELS, TIME_OF_PROJECTION_COLUMNS } from '../../src/cli/verify-tables';
import { EVENT_STORE, type EventStore } from '../../src/platform/event-store/event-store.port';
import { ProjectionRunner } from '../../src/platform/projections/projection-runner';
import { verifyReadModels } from '../../src/platform/projections/read-model-verifier';

type ErrorBody = { success: false; message: string };

/** What the erasure suites do over and over: call the API, erase a person, export the trail, prove the read models. */
export function erasureKit(t: TestApp) {
  const db = () => t.app.get(DataSource);
  /** A call that must succeed; its body. */
  const call = async <T = unknown>(token: string, method: string, path: string, body?: unknown): Promise<T> => {
    const res = await t.request<T>(path, { method, token, body });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const erase = (token: string, email: string) =>
    t.request<DataSubjectErasure & ErrorBody>('/api/team/audit/erasures', { method: 'POST', token, body: { email } });
  /** The team audit trail exported whole, as text. */
  const exported = async (token: string, format: 'csv' | 'jsonl') => {
    const res = await fetch(`${t.baseUrl}/api/team/audit/export?format=${format}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    return res.text();
  };
  /** Rebuilt from zero with the keys as they are now, every read model equals the live one. */
  const verifyEqual = async () => {
    const report = await verifyReadModels({
      dataSource: db(),
      eventStore: t.app.get<EventStore>(EVENT_STORE),
      projections: t.app.get(ProjectionRunner).registeredProjections(),
      excludedTables: NOT_READ_MODELS,
      ignoredColumns: TIME_OF_PROJECTION_COLUMNS,
      comparedRows: COMPARED_ROWS,
      waitMs: 30_000,
    });
    expect(report.tables.filter((table) => !table.equal).map((table) => table.table)).toEqual([]);
    expect(report.equal).toBe(true);
  };
  return { db, call, erase, exported, verifyEqual };
}
