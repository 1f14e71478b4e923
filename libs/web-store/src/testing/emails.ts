import type { Email, Reply } from '@teaminbox/contracts';

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

/** A draft reply to e1 by Jana (u1) for tests, answering billing@example.com; `overrides` sets what a test is about. */
export function aReply(overrides: Partial<Reply> = {}): Reply {
  return {
    id: 'r1',
    emailId: 'e1',
    teamId: 't1',
    from: null,
    to: ['billing@example.com'],
    cc: [],
    bcc: [],
    subject: 'Re: Invoice for March',
    body: 'Draft text',
    htmlBody: null,
    isReplyToAll: false,
    createdAt: '2025-03-04T11:00:00.000Z',
    updatedAt: null,
    sentAt: null,
    status: 'DRAFT',
    error: null,
    authorId: 'u1',
    authorName: 'Jana',
    authorEmail: 'jana@example.com',
    attachments: [],
    ...overrides,
  };
}
