import type { EmailComposed, ReplyFailed, ReplyQueued } from '@teaminbox/contracts';
import {
  EMAIL_COMPOSED_PERSONAL_FIELDS,
  REPLY_FAILED_PERSONAL_FIELDS,
  REPLY_QUEUED_PERSONAL_FIELDS,
} from './reply-personal-fields';

const queued: ReplyQueued = {
  replyId: 'r1',
  emailId: 'e1',
  teamId: 't1',
  messageId: '<r1@example.com>',
  inReplyTo: '<m1@example.com>',
  references: ['<m1@example.com>'],
  from: { name: 'Support', email: 'support@example.com' },
  to: ['alice@example.com', 'bob@example.com'],
  cc: ['carol@example.com'],
  bcc: ['dave@example.com'],
  subject: 'Re: Hello',
  text: 'Dear Alice',
  html: '<p>Dear Alice</p>',
  attachments: [{ id: 'a1', fileName: 'alice-invoice.pdf', contentType: 'application/pdf', size: 10 }],
  queuedBy: 'u1',
};

describe('personal fields of replies', () => {
  it('seals each recipient under that recipient, the texts and file names under the first To recipient', () => {
    expect(REPLY_QUEUED_PERSONAL_FIELDS(queued)).toEqual([
      { teamId: 't1', address: 'alice@example.com', paths: ['subject', 'text', 'html', 'attachments.*.fileName'] },
      { teamId: 't1', address: 'alice@example.com', paths: ['to.0'] },
      { teamId: 't1', address: 'bob@example.com', paths: ['to.1'] },
      { teamId: 't1', address: 'carol@example.com', paths: ['cc.0'] },
      { teamId: 't1', address: 'dave@example.com', paths: ['bcc.0'] },
    ]);
  });

  it('seals the answer without its quote beside the bodies', () => {
    const quoted: ReplyQueued = { ...queued, answer: { text: 'Dear Alice', html: null } };
    expect(REPLY_QUEUED_PERSONAL_FIELDS(quoted)[0]).toEqual({
      teamId: 't1',
      address: 'alice@example.com',
      paths: ['subject', 'text', 'html', 'answer.text', 'answer.html', 'attachments.*.fileName'],
    });
  });

  it('seals each recipient of a composed conversation, Bcc included, under that recipient', () => {
    const composed: EmailComposed = {
      emailId: 'e1',
      teamId: 't1',
      messageId: '<e1@example.com>',
      subject: 'Your order',
      fromName: 'Support',
      fromEmail: 'support@example.com',
      to: ['alice@example.com'],
      cc: ['carol@example.com'],
      bcc: ['dave@example.com', 'erin@example.com'],
      text: 'Dear Alice',
      html: null,
      receivedAt: '2026-11-24T08:00:00.000Z',
      priority: 'MEDIUM',
      status: 'IN_PROGRESS',
      composedBy: 'u1',
      assignedTo: 'u1',
    };
    expect(EMAIL_COMPOSED_PERSONAL_FIELDS(composed)).toEqual([
      { teamId: 't1', address: 'alice@example.com', paths: ['subject', 'text', 'html'] },
      { teamId: 't1', address: 'alice@example.com', paths: ['to.0'] },
      { teamId: 't1', address: 'carol@example.com', paths: ['cc.0'] },
      { teamId: 't1', address: 'dave@example.com', paths: ['bcc.0'] },
      { teamId: 't1', address: 'erin@example.com', paths: ['bcc.1'] },
    ]);
    const { bcc: _none, ...recordedBeforeBcc } = composed;
    expect(EMAIL_COMPOSED_PERSONAL_FIELDS(recordedBeforeBcc)).toHaveLength(3);
  });

  it("seals a failure's error under the reply's first To recipient, when the event names them", () => {
    const failed: ReplyFailed = {
      replyId: 'r1',
      emailId: 'e1',
      teamId: 't1',
      messageId: '<r1@example.com>',
      error: '550 <alice@example.com>: mailbox unavailable',
      failedAt: '2026-11-24T08:00:00.000Z',
      correspondent: 'alice@example.com',
    };
    expect(REPLY_FAILED_PERSONAL_FIELDS(failed)).toEqual([
      { teamId: 't1', address: 'alice@example.com', paths: ['correspondent', 'error'] },
    ]);
    const { correspondent: _none, ...old } = failed;
    expect(REPLY_FAILED_PERSONAL_FIELDS(old)).toEqual([]);
  });
});
