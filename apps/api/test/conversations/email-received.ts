import type { EmailReceived } from '@teaminbox/contracts';

/** A received email as the tests of the conversations need one: a plain message, changed by `overrides`. */
export function emailReceived(overrides: Partial<EmailReceived> = {}): EmailReceived {
  return {
    emailId: 'e1',
    teamId: 't1',
    messageId: '<m1@example.com>',
    subject: 'Hello',
    fromName: 'Alice',
    fromEmail: 'alice@example.com',
    to: ['support@example.com'],
    cc: [],
    text: 'Hi there',
    html: null,
    receivedAt: '2024-01-01T10:00:00.000Z',
    priority: 'MEDIUM',
    status: 'NEW',
    ...overrides,
  };
}
