import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Email, Label, Page } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { teamWith } from '../../test/app/identity-fixtures';
import { suiteWithApp } from '../../test/app/suite';
import { verifyTestApp } from '../../test/app/verify-test-app';
import { formatVerificationReport } from '../platform/projections/read-model-verifier';
import { COMPARED_ROWS, NOT_READ_MODELS } from './verify-tables';

const repoRoot = resolve(__dirname, '../../../..');

/**
 * Runs `npm run verify` (its TypeScript source) against the suite's database, with the app's SECRETS_KEY (the data
 * subjects' keys are sealed with it); its exit code and output.
 */
function runVerifyCli(
  databaseUrl: string,
  secretsKey: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'teaminbox-verify-'));
  const child = spawn(
    process.execPath,
    [
      '-r',
      join(repoRoot, 'apps/api/test/support/swc-register.js'),
      '-r',
      join(repoRoot, 'apps/api/test/support/contracts-from-source.js'),
      join(repoRoot, 'apps/api/src/cli/verify.ts'),
    ],
    {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        SECRETS_KEY: secretsKey,
        LOG_LEVEL: 'error',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((done) =>
    child.once('close', (code) => {
      rmSync(dataDir, { recursive: true, force: true });
      done({ code, stdout, stderr });
    }),
  );
}

describe('npm run verify: the read models rebuilt from the log equal the live ones', () => {
  const { t, sink } = suiteWithApp();
  const db = () => t.app.get(DataSource);
  const call = async <T = unknown>(token: string, method: string, path: string, body?: unknown): Promise<T> => {
    const res = await t.request<T>(path, { method, token, body });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const verify = () => verifyTestApp(t);
  const schemaExists = async (schema: string) =>
    (await db().query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema])).length > 0;

  let emails: Email[] = [];
  let label: Label;

  beforeAll(async () => {
    const { admin, members } = await teamWith(t, sink, ['MEMBER']);
    const [member] = members;
    await call(admin.token, 'POST', '/api/emails/sample');
    emails = (await call<Page<Email>>(admin.token, 'GET', '/api/emails')).content;
    label = await call<Label>(admin.token, 'POST', '/api/email-labels', { name: 'Invoices', color: 'info' });
    await call(admin.token, 'POST', '/api/rules', {
      name: 'Invoices',
      priority: 1,
      conditions: [{ field: 'SUBJECT', operator: 'CONTAINS', value: 'invoice' }],
      actions: [{ type: 'ADD_LABEL', value: label.id }],
    });
    await call(admin.token, 'PUT', `/api/emails/${emails[0].id}/assign`, { assignedTo: member.id });
    await call(member.token, 'POST', `/api/emails/${emails[0].id}/labels`, { id: label.id });
    await call(member.token, 'POST', `/api/emails/${emails[0].id}/comments`, { message: 'On it.' });
    await call(member.token, 'PUT', `/api/emails/${emails[1].id}/archive`);
    await call(admin.token, 'POST', '/api/reply-templates', { name: 'Thanks', body: 'Thank you.' });
  });

  it('finds every read model equal after activity, names what it leaves out and leaves no schema behind', async () => {
    const report = await verify();
    const text = formatVerificationReport(report);

    expect(report.replayFailures).toEqual([]);
    expect(report.parked).toEqual([]);
    expect(report.tables.filter((table) => !table.equal).map((table) => table.table)).toEqual([]);
    expect(report.equal).toBe(true);
    const rows = Object.fromEntries(report.tables.map((table) => [table.table, table.liveRows]));
    expect(rows.inbox_email).toBe(emails.length);
    expect(rows.email_label).toBeGreaterThanOrEqual(1);
    expect(rows.rule).toBe(1);
    expect(rows.email_comment).toBe(1);
    expect(rows.users).toBe(2);
    expect(report.eventsRead).toBeGreaterThan(emails.length);
    // Every table the list excludes exists: the list says why of real tables only.
    expect(report.excludedTables.map((excluded) => excluded.table).sort()).toEqual(Object.keys(NOT_READ_MODELS).sort());
    expect(report.generatedColumns).toContainEqual({ table: 'inbox_email', column: 'search_vector' });
    expect(report.comparedRows).toEqual([{ table: 'inbox_email_count', ...COMPARED_ROWS.inbox_email_count }]);
    expect(text).toContain('Read models verified');
    expect(text).toContain('table events: the event store');
    expect(await schemaExists(report.schema)).toBe(false);
  });

  it('reports a changed and a missing row with the table and the rows, and the command exits 1', async () => {
    const tampered = emails[0];
    await db().query(`UPDATE inbox_email SET subject = 'Tampered subject' WHERE id = $1`, [tampered.id]);
    await db().query('DELETE FROM email_label WHERE id = $1', [label.id]);

    const report = await verify();
    expect(report.equal).toBe(false);
    const differing = report.tables.filter((table) => !table.equal);
    expect(differing.map((table) => table.table).sort()).toEqual(['email_label', 'inbox_email']);
    const inbox = differing.find((table) => table.table === 'inbox_email')!;
    expect(inbox.liveRows).toBe(inbox.replayedRows);
    expect(inbox.liveChecksum).not.toBe(inbox.replayedChecksum);
    expect(inbox.changed).toEqual([
      {
        key: { id: tampered.id },
        differences: [{ column: 'subject', live: 'Tampered subject', replayed: tampered.subject }],
      },
    ]);
    const labels = differing.find((table) => table.table === 'email_label')!;
    expect(labels.liveRows).toBe(labels.replayedRows - 1);
    expect(labels.onlyLive).toEqual([]);
    expect(labels.onlyReplayed).toEqual([expect.objectContaining({ id: label.id, name: 'Invoices' })]);
    expect(await schemaExists(report.schema)).toBe(false);

    const cli = await runVerifyCli(t.database.url, t.config.secretsKey);
    expect(`exit ${cli.code}\n${cli.stderr}`).toMatch(/^exit 1\n/);
    expect(cli.stdout).toContain('Read models DIFFER');
    expect(cli.stdout).toMatch(/DIFF inbox_email\s+rows live \d+, replayed \d+/);
    expect(cli.stdout).toContain(`changed {id: "${tampered.id}"}:`);
    expect(cli.stdout).toContain(`subject: live "Tampered subject", replayed ${JSON.stringify(tampered.subject)}`);
    expect(cli.stdout).toMatch(/DIFF email_label/);
    expect(cli.stdout).toContain(`only replayed: {id: "${label.id}"`);
    expect(cli.stdout).toMatch(/ok {2}\s*users/);
    const schema = /replayed into (verify_\w+)/.exec(cli.stdout)?.[1];
    expect(schema).toBeDefined();
    expect(await schemaExists(schema!)).toBe(false);
  });
});
