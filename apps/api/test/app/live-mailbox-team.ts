import { MailboxSupervisor } from '../../src/modules/mail/infrastructure/imap/mailbox-supervisor';
import { dovecotMailbox, startDovecot, type TestDovecot } from '../mail/dovecot';
import { localSmtpSettings, type SmtpSink, startSmtpSink } from '../support/smtp-sink';
import { type Person, teamWith } from './identity-fixtures';
import { startTestApp, type TestApp } from './test-app';

/** An app whose team (an ADMIN and a MEMBER) reads a real Dovecot and sends through the SMTP sink. */
export interface LiveMailboxTeam {
  t: TestApp;
  sink: SmtpSink;
  dovecot: TestDovecot;
  admin: Person;
  member: Person;
  teamId: string;
}

/**
 * Starts a Dovecot, the SMTP sink and the app, and a team whose active mailbox is that Dovecot (polled every 0.5 s)
 * with the sink for sending, from 'Support'. For a suite's beforeAll; `stopLiveMailboxTeam` in its afterAll.
 */
export async function startLiveMailboxTeam(): Promise<LiveMailboxTeam> {
  const dovecot = await startDovecot();
  const sink = await startSmtpSink();
  const t = await startTestApp({ smtpUrl: sink.url });
  const supervisor = t.app.get(MailboxSupervisor);
  supervisor.tuning = { ...supervisor.tuning, pollIntervalMs: 500, minBackoffMs: 100 };
  const team = await teamWith(t, sink, ['MEMBER']);
  const connected = await t.request('/api/email-server-config', {
    method: 'POST',
    token: team.admin.token,
    body: dovecotMailbox(dovecot, { ...localSmtpSettings(Number(new URL(sink.url).port)), fromName: 'Support' }),
  });
  if (connected.status !== 200) throw new Error(`the mailbox could not be connected: ${connected.status}`);
  return { t, sink, dovecot, admin: team.admin, member: team.members[0], teamId: team.teamId };
}

/** Closes what `startLiveMailboxTeam` started (whatever of it did start). */
export async function stopLiveMailboxTeam(live: Partial<Pick<LiveMailboxTeam, 't' | 'sink' | 'dovecot'>>) {
  await live.t?.close();
  await live.sink?.close();
  await live.dovecot?.stop();
}
