import type { CurrentUser, Email, Page, SuccessMessageResponse, Team } from '@teaminbox/contracts';
import { io, type Socket } from 'socket.io-client';
import { Clock } from '../../src/platform/auth/clock';
import { linkIn, type SmtpSink } from '../support/smtp-sink';
import type { TestApp } from './test-app';

export interface Person {
  id: string;
  email: string;
  password: string;
  token: string;
}

let counter = 0;
export const uniqueEmail = (prefix: string) => `${prefix}.${Date.now().toString(36)}.${counter++}@example.com`;

/** Registers and signs in a fresh user (its address proven unless `proven: false`); with its id. */
export async function person(t: TestApp, prefix: string, options: { proven?: boolean } = {}): Promise<Person> {
  const { token, email, password } = await t.signUp(prefix, options);
  const me = await t.request<CurrentUser>('/api/loggedInUser', { token });
  return { id: me.body.id, email, password, token };
}

/** Sends an invitation as `inviter` and returns the token of the emailed link. */
export async function invite(t: TestApp, sink: SmtpSink, inviterToken: string, email: string): Promise<string> {
  const before = sink.messages.length;
  const res = await t.request<Team>('/api/invitation', { method: 'PUT', token: inviterToken, body: { email } });
  if (res.status !== 200) throw new Error(`invite failed: ${res.status} ${JSON.stringify(res.body)}`);
  const mail = await sink.waitFor(email, (m) => sink.messages.indexOf(m) >= before);
  return linkIn(mail, t.config.publicUrl, '/invitation/').split('/invitation/')[1];
}

/** A team with an ADMIN and further members (joined by invitation) with the given roles. */
export async function teamWith(
  t: TestApp,
  sink: SmtpSink,
  roles: ('MAINTAINER' | 'MEMBER' | 'AUDITOR')[],
): Promise<{ admin: Person; members: Person[]; teamId: string }> {
  const admin = await person(t, 'admin');
  const created = await t.request<Team>('/api/team', { method: 'PUT', token: admin.token, body: 'Team' });
  if (created.status !== 200) throw new Error(`team creation failed: ${created.status}`);
  const members: Person[] = [];
  for (const role of roles) {
    const email = uniqueEmail(role.toLowerCase());
    const password = 'member password';
    const token = await invite(t, sink, admin.token, email);
    const registered = await t.request<SuccessMessageResponse>('/api/register', {
      method: 'POST',
      body: { email, password, invitationId: token },
    });
    if (registered.status !== 200) throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
    const signedIn = await t.request<SuccessMessageResponse>('/api/auth/signin', {
      method: 'POST',
      body: { email, password },
    });
    const me = await t.request<CurrentUser>('/api/loggedInUser', { token: signedIn.body.message });
    const member = { id: me.body.id, email, password, token: signedIn.body.message };
    if (role !== 'MEMBER') {
      const changed = await t.request(`/api/team/member/${member.id}/role`, {
        method: 'PUT',
        token: admin.token,
        body: role,
      });
      if (changed.status !== 200) throw new Error(`role change failed: ${changed.status}`);
    }
    members.push(member);
  }
  return { admin, members, teamId: created.body.id };
}

/** Moves the application's clock forward by ms (restored by jest.restoreAllMocks). */
export function advanceClock(t: TestApp, ms: number): void {
  const clock = t.app.get(Clock);
  const now = clock.now().getTime() + ms;
  jest.spyOn(clock, 'now').mockImplementation(() => new Date(now));
}

export type ClientSocket = Socket;

/** A connected socket.io client, or the handshake's error. */
export function connectSocket(t: TestApp, token: string): Promise<{ socket: ClientSocket } | { error: Error }> {
  const socket = io(t.baseUrl, { path: '/ws', transports: ['websocket'], reconnection: false, auth: { token } });
  return new Promise((resolve) => {
    socket.once('connect', () => resolve({ socket }));
    socket.once('connect_error', (error) => {
      socket.close();
      resolve({ error });
    });
  });
}

/** Resolves when the server ends the socket (within timeoutMs), rejects otherwise. */
export function serverDisconnect(socket: ClientSocket, timeoutMs = 3000): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not end the socket')), timeoutMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

/** A team with an ADMIN and a MEMBER, and the sample emails in its inbox (newest first). */
export async function teamWithSampleEmails(t: TestApp, sink: SmtpSink) {
  const team = await teamWith(t, sink, ['MEMBER']);
  await t.request('/api/emails/sample', { method: 'POST', token: team.admin.token });
  const page = await t.request<Page<Email>>('/api/emails', { token: team.admin.token });
  return { ...team, emails: page.body.content };
}
