import type { EventMetadata } from '@teaminbox/contracts';
import { v7 as uuidv7 } from 'uuid';
import { EVENT_STORE, type EventStore, type NewEvent } from '../../src/platform/event-store/event-store.port';
import type { TestApp } from '../app/test-app';

/** Who wrote a received email and what it says (defaults: a customer's "Hello", received now). */
export interface ReceivedEmail {
  subject: string;
  fromName?: string | null;
  fromEmail?: string;
  to?: string[];
  text?: string;
  /** The message id it answers (also its only reference). */
  inReplyTo?: string;
  /** When it arrived, as the event says it (e.g. a date ingestion would not write); now by default. */
  receivedAt?: string;
  /** The event's metadata where it differs from mail ingestion's (no actor, the team's, a fresh correlation id). */
  metadata?: Partial<EventMetadata>;
}

/** A new email of the team as mail ingestion records it: its stream, its id and its `EmailReceived`. */
export function emailReceived(
  teamId: string,
  {
    subject,
    fromName = 'Alice Customer',
    fromEmail = 'customer@example.com',
    to = ['support@example.com'],
    text = 'Hello',
    inReplyTo,
    receivedAt,
    metadata,
  }: ReceivedEmail,
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
        ...(inReplyTo ? { inReplyTo, references: [inReplyTo] } : {}),
        subject,
        fromName,
        fromEmail,
        to,
        cc: [],
        text,
        html: null,
        receivedAt: receivedAt ?? occurredAt,
        priority: 'MEDIUM',
        status: 'NEW',
      },
      metadata: { actorUserId: null, teamId, correlationId: uuidv7(), causationId: null, occurredAt, ...metadata },
    },
  };
}

/** A new email of the team, appended as mail ingestion records it; its id and its `EmailReceived`'s id. */
export async function receiveEmailEvent(
  t: TestApp,
  teamId: string,
  email: string | ReceivedEmail,
): Promise<{ emailId: string; eventId: string }> {
  const { streamId, emailId, event } = emailReceived(teamId, typeof email === 'string' ? { subject: email } : email);
  await t.app.get<EventStore>(EVENT_STORE).appendToStream(streamId, [event], 'no_stream');
  return { emailId, eventId: event.eventId };
}

/** A new email of the team, appended as mail ingestion records it; returns its id. */
export async function receiveEmail(t: TestApp, teamId: string, email: string | ReceivedEmail): Promise<string> {
  return (await receiveEmailEvent(t, teamId, email)).emailId;
}

/** An `EmailReceived` the inbox cannot project: PostgreSQL cannot cast its date (as written before ingestion normalised dates). */
export function unprojectableEmailReceived(teamId: string, email: Partial<ReceivedEmail> = {}) {
  return emailReceived(teamId, {
    subject: 'Far future',
    fromName: null,
    to: [],
    text: '',
    receivedAt: '+020000-01-01T00:00:00.000Z',
    ...email,
  });
}
