import { v7 as uuidv7 } from 'uuid';
import { EVENT_STORE, type EventStore, type NewEvent } from '../../src/platform/event-store/event-store.port';
import type { TestApp } from '../app/test-app';

/** Who wrote a received email and what it says (defaults: a customer's "Hello"). */
export interface ReceivedEmail {
  subject: string;
  fromName?: string;
  fromEmail?: string;
  text?: string;
}

/** A new email of the team as mail ingestion records it: its stream, its id and its `EmailReceived`. */
export function emailReceived(
  teamId: string,
  { subject, fromName = 'Alice Customer', fromEmail = 'customer@example.com', text = 'Hello' }: ReceivedEmail,
): { streamId: string; emailId: string; event: NewEvent } {
  const emailId = uuidv7();
  const occurredAt = new Date().toISOString();
  return {
    streamId: `email-${emailId}`,
    emailId,
    event: {
      eventId: uuidv7(),
      type: 'EmailReceived',
      data: {
        emailId,
        teamId,
        messageId: `<${emailId}@example.com>`,
        subject,
        fromName,
        fromEmail,
        to: ['support@example.com'],
        cc: [],
        text,
        html: null,
        receivedAt: occurredAt,
        priority: 'MEDIUM',
        status: 'NEW',
      },
      metadata: { actorUserId: null, teamId, correlationId: uuidv7(), causationId: null, occurredAt },
    },
  };
}

/** A new email of the team, appended as mail ingestion records it; returns its id. */
export async function receiveEmail(t: TestApp, teamId: string, email: string | ReceivedEmail): Promise<string> {
  const { streamId, emailId, event } = emailReceived(teamId, typeof email === 'string' ? { subject: email } : email);
  await t.app.get<EventStore>(EVENT_STORE).appendToStream(streamId, [event], 'no_stream');
  return emailId;
}
