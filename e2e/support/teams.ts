import type { Email, Page as ApiPage } from '@teaminbox/contracts';
import { startDovecot, type TestDovecot } from './dovecot';
import {
  type Account,
  api,
  connectDovecotViaApi,
  createTeamViaApi,
  joinTeamViaApi,
  newAccount,
  signUpViaApi,
  sinkSmtp,
  test,
} from './fixtures';

/**
 * The starting points the browser tests share: a new admin with a team, a team of two, a team whose mailbox is a
 * test Dovecot, and that Dovecot itself. Each builds through the API only, the way people do it.
 */

/** A new account (its address proven) that created a team and is its ADMIN; returns the account and its token. */
export async function adminWithTeam(
  baseURL: string,
  prefix: string,
  teamName = `${prefix} crew`,
): Promise<{ account: Account; token: string }> {
  const account = newAccount(prefix);
  const token = await signUpViaApi(baseURL, account);
  await createTeamViaApi(baseURL, token, teamName);
  return { account, token };
}

/** The team's mailbox sends through the run's mail sink and reads nothing (inactive, no IMAP server). */
export async function sendThroughSink(baseURL: string, token: string): Promise<void> {
  await api(baseURL, token, 'POST', '/email-server-config', {
    imapHost: '127.0.0.1',
    imapPort: 1,
    imapUsername: 'nobody',
    imapPassword: 'unused',
    imapUseSsl: false,
    ...sinkSmtp(),
    fromEmail: 'support@example.test',
    fromName: 'Support',
    isActive: false,
  });
}

/**
 * A new admin's team that sends through the run's mail sink (no mailbox to read), with its sample emails and the
 * admin's undo window; returns the admin's token and the first email.
 */
export async function sendingTeam(
  baseURL: string,
  prefix: string,
  undoSendSeconds: number,
): Promise<{ token: string; email: Email }> {
  const { token } = await adminWithTeam(baseURL, prefix);
  await sendThroughSink(baseURL, token);
  await api(baseURL, token, 'PUT', '/user/preferences', { undoSendSeconds });
  await api(baseURL, token, 'POST', '/emails/sample');
  const [email] = (await api<ApiPage<Email>>(baseURL, token, 'GET', '/emails?size=1')).content;
  return { token, email };
}

/** A team of two: Alice created it (its ADMIN), Bob joined it through the emailed invitation (a MEMBER). */
export async function teamOfTwo(
  baseURL: string,
  teamName: string,
  prefixes: { alice: string; bob: string } = { alice: 'alice', bob: 'bob' },
): Promise<{ alice: Account; bob: Account; aliceToken: string; bobToken: string }> {
  const { account: alice, token: aliceToken } = await adminWithTeam(baseURL, prefixes.alice, teamName);
  const bob = newAccount(prefixes.bob);
  const bobToken = await joinTeamViaApi(baseURL, aliceToken, bob);
  return { alice, bob, aliceToken, bobToken };
}

/**
 * A new admin's team with `batches` batches of the sample emails in its inbox; returns the admin's token. Each batch
 * repeats the same sample emails: they stay separate conversations (joining replies by subject is off), so the lists
 * show one row per sample email in both views and no batch reopens the one before.
 */
export async function teamWithSampleBatches(baseURL: string, prefix: string, batches = 1): Promise<string> {
  const { token } = await adminWithTeam(baseURL, prefix);
  await api(baseURL, token, 'PUT', '/conversation-settings', { joinRepliesBySubject: false });
  for (let i = 0; i < batches; i += 1) await api(baseURL, token, 'POST', '/emails/sample');
  return token;
}

/**
 * A new admin with a team whose mailbox is this Dovecot (active; SMTP a placeholder unless `mailbox` says otherwise);
 * returns the account and its token.
 */
export async function teamWithInbox(
  baseURL: string,
  dovecot: TestDovecot,
  prefix: string,
  teamName = `${prefix} crew`,
  mailbox: Record<string, unknown> = {},
): Promise<{ account: Account; token: string }> {
  const admin = await adminWithTeam(baseURL, prefix, teamName);
  await connectDovecotViaApi(baseURL, admin.token, dovecot, mailbox);
  return admin;
}

/**
 * A Dovecot of its own for the tests of the enclosing describe (of the file, outside one): started before the first,
 * stopped after the last. Returns its getter (the Dovecot exists once the tests run).
 */
export function useDovecot(user?: string): () => TestDovecot {
  let dovecot: TestDovecot | undefined;
  test.beforeAll(async () => {
    dovecot = await startDovecot(user);
  });
  test.afterAll(async () => {
    await dovecot?.stop();
  });
  return () => {
    if (!dovecot) throw new Error('the Dovecot is not started: use it inside a test');
    return dovecot;
  };
}
