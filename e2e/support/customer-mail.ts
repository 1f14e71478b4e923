import type { TestDovecot } from './dovecot';

/**
 * A plain text message from `from` to the team's mailbox (support@example.test), dated now, with these headers
 * (Subject, Message-ID, In-Reply-To...); lines joined with CRLF.
 */
export function customerMessage(from: string, headers: string[], body: string): string {
  return [
    `From: ${from}`,
    'To: support@example.test',
    ...headers,
    `Date: ${new Date().toUTCString()}`,
    '',
    body,
    '',
  ].join('\r\n');
}

/** Delivers a customer's message into the Dovecot's INBOX, over a connection of its own (closed after). */
export async function deliverToInbox(
  dovecot: TestDovecot,
  from: string,
  headers: string[],
  body: string,
): Promise<void> {
  const imap = await dovecot.client();
  try {
    await imap.append('INBOX', customerMessage(from, headers, body));
  } finally {
    await imap.logout();
  }
}

/** A Message-ID no other message has (the time and a random part). */
export const uniqueMessageId = (): string => `<${Date.now()}.${Math.random().toString(36).slice(2)}@example.com>`;

/** A plain text (UTF-8) message from `from` with this subject and a Message-ID of its own. */
export function plainTextMessage(from: string, subject: string, body: string): string {
  return customerMessage(
    from,
    [
      `Subject: ${subject}`,
      `Message-ID: ${uniqueMessageId()}`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
    ],
    body,
  );
}

/**
 * Fills the Dovecot's INBOX with `count` messages (`message(i)`, i from 0) over four connections at once: thousands of
 * APPENDs one after another would take longer than the tests that need them.
 */
export async function fillInbox(dovecot: TestDovecot, count: number, message: (i: number) => string): Promise<void> {
  const parts = 4;
  const append = async (from: number, to: number) => {
    const imap = await dovecot.client();
    try {
      for (let i = from; i < to; i++) await imap.append('INBOX', message(i));
    } finally {
      await imap.logout();
    }
  };
  await Promise.all(Array.from({ length: parts }, (_, k) => append((k * count) / parts, ((k + 1) * count) / parts)));
}
