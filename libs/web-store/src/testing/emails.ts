import type { Email } from '@teaminbox/contracts';

/** An unread, unassigned email of team t1 for tests; `overrides` sets what a test is about. */
export function anEmail(overrides: Partial<Email> & Pick<Email, 'id'>): Email {
  return {
    teamId: 't1',
    subject: `Subject ${overrides.id}`,
    body: 'Body',
    htmlBody: null,
    fromName: null,
    fromEmail: 'sender@example.com',
    to: [],
    cc: [],
    receivedAt: '2026-03-20T10:00:00Z',
    read: false,
    readAt: null,
    readBy: null,
    isArchived: false,
    isSpam: false,
    priority: 'MEDIUM',
    status: 'NEW',
    assignedTo: null,
    labels: [],
    attachments: [],
    ...overrides,
  };
}
