import type { DataSubjectErasure } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { sendOnlyMailServer, type SmtpSink } from '../support/smtp-sink';
import type { TestApp } from './test-app';
import { verifyTestApp } from './verify-test-app';

type ErrorBody = { success: false; message: string };

/** What the erasure suites do over and over: call the API, erase a person, export the trail, prove the read models. */
export function erasureKit(t: TestApp, sink: SmtpSink) {
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
    const report = await verifyTestApp(t);
    expect(report.tables.filter((table) => !table.equal).map((table) => table.table)).toEqual([]);
    expect(report.equal).toBe(true);
  };
  /** Makes the team's replies go to the test SMTP server (no mailbox sync: the configuration is inactive). */
  const configureSmtp = (token: string) => call(token, 'POST', '/api/email-server-config', sendOnlyMailServer(sink));
  return { db, call, erase, exported, verifyEqual, configureSmtp };
}
