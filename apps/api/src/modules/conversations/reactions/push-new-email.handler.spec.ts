import type { Email, EmailComposed, EmailReceived } from '@teaminbox/contracts';
import { emailReceived } from '../../../../test/conversations/email-received';
import type { StoredEvent } from '../../../platform/event-store/event-store.port';
import { busEvent, type BusEvent } from '../../../platform/projections/domain-events';
import type { ProjectionRunner } from '../../../platform/projections/projection-runner';
import type { ModulePusher } from '../../../platform/realtime/module-pusher';
import type { CONVERSATIONS_PUSHES } from '../conversations.manifest';
import type { InboxEmailQueries } from '../queries/inbox-email.queries';
import { EMAILS_PER_MESSAGE, PushNewEmailHandler } from './push-new-email.handler';

const EmailReceivedEvent = busEvent('EmailReceived');
let position = 0n;
const received = (teamId: string, n: number): BusEvent<'EmailReceived'> => {
  const data = emailReceived({ emailId: `${teamId}-e${n}`, teamId, subject: `Subject ${n}` });
  position++;
  return new EmailReceivedEvent({
    data,
    position: { commit: position, prepare: position },
  } as StoredEvent<EmailReceived>);
};

/** The handler with a pusher that records what each team's room is sent, and counts that answer at once. */
function handler() {
  const sent: { room: string; event: string; subjects: string[] }[] = [];
  const pushes = {
    toTeam: (teamId: string) => ({
      // New emails come as a list; the unread count as a number.
      emit: (event: string, payload: Email[] | number) =>
        sent.push({ room: teamId, event, subjects: Array.isArray(payload) ? payload.map((e) => e.subject) : [] }),
    }),
  } as unknown as ModulePusher<typeof CONVERSATIONS_PUSHES>;
  const runner = { waitFor: async () => true } as unknown as ProjectionRunner;
  const emails = { countUnread: async () => 0 } as unknown as InboxEmailQueries;
  return { push: new PushNewEmailHandler(pushes, runner, emails), sent };
}

describe('the push of new emails', () => {
  it('sends the emails handed over in one turn as one message per team, in order, and each call waits for its message', async () => {
    const { push, sent } = handler();
    const handled = [received('t1', 1), received('t2', 1), received('t1', 2), received('t1', 3)].map((event) =>
      push.handle(event),
    );
    expect(sent).toEqual([]);
    await Promise.all(handled);
    const created = sent.filter((message) => message.event === 'team.emails.created');
    expect(created).toEqual([
      { room: 't1', event: 'team.emails.created', subjects: ['Subject 1', 'Subject 2', 'Subject 3'] },
      { room: 't2', event: 'team.emails.created', subjects: ['Subject 1'] },
    ]);

    // A later turn: a message of its own.
    await push.handle(received('t1', 4));
    expect(sent.filter((message) => message.event === 'team.emails.created').at(-1)?.subjects).toEqual(['Subject 4']);
  });

  it(`cuts a large batch into messages of ${EMAILS_PER_MESSAGE} emails`, async () => {
    const { push, sent } = handler();
    const total = EMAILS_PER_MESSAGE * 2 + 5;
    await Promise.all(Array.from({ length: total }, (_, i) => push.handle(received('t1', i))));
    const created = sent.filter((message) => message.event === 'team.emails.created');
    expect(created.map((message) => message.subjects.length)).toEqual([EMAILS_PER_MESSAGE, EMAILS_PER_MESSAGE, 5]);
    expect(created.flatMap((message) => message.subjects)).toEqual(
      Array.from({ length: total }, (_, i) => `Subject ${i}`),
    );
  });

  it('pushes a conversation a member composed like a received email: read by and assigned to its author', async () => {
    const emitted: { room: string; event: string; payload: unknown }[] = [];
    const pushes = {
      toTeam: (room: string) => ({ emit: (event: string, payload: unknown) => emitted.push({ room, event, payload }) }),
    } as unknown as ModulePusher<typeof CONVERSATIONS_PUSHES>;
    const push = new PushNewEmailHandler(
      pushes,
      { waitFor: async () => true } as unknown as ProjectionRunner,
      { countUnread: async () => 0 } as unknown as InboxEmailQueries,
    );
    const composed: EmailComposed = {
      emailId: 'c1',
      teamId: 't1',
      messageId: '<c1@team.test>',
      subject: 'Your order',
      fromName: 'Support',
      fromEmail: 'support@team.test',
      to: ['dana@customer.example'],
      cc: [],
      bcc: ['boss@customer.example'],
      text: 'It shipped.',
      html: null,
      receivedAt: '2026-11-29T10:00:00.000Z',
      priority: 'MEDIUM',
      status: 'IN_PROGRESS',
      composedBy: 'u1',
      assignedTo: 'u1',
    };
    position++;
    const EmailComposedEvent = busEvent('EmailComposed');
    await push.handle(
      new EmailComposedEvent({
        type: 'EmailComposed',
        data: composed,
        position: { commit: position, prepare: position },
      } as StoredEvent<EmailComposed>),
    );
    const created = emitted.filter((message) => message.event === 'team.emails.created');
    expect(created).toEqual([
      {
        room: 't1',
        event: 'team.emails.created',
        payload: [
          expect.objectContaining({
            id: 'c1',
            subject: 'Your order',
            fromEmail: 'support@team.test',
            to: ['dana@customer.example'],
            read: true,
            readBy: 'u1',
            assignedTo: 'u1',
            status: 'IN_PROGRESS',
          }),
        ],
      },
    ]);
    // The Bcc recipients are not part of what the lists show.
    expect(JSON.stringify(created)).not.toContain('boss@customer.example');
  });
});
