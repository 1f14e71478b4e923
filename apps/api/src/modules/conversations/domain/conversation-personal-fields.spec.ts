import type { CommentAdded, ReplyDraftSaved } from '@teaminbox/contracts';
import { PersonalDataRegistry } from '../../../platform/personal-data';
import {
  COMMENT_PERSONAL_FIELDS,
  recipientAddress,
  REPLY_DRAFT_SAVED_PERSONAL_FIELDS,
} from './conversation-personal-fields';

const ids = { emailId: 'e1', teamId: 't1' };

describe('personal fields of comments and reply drafts', () => {
  const comment: CommentAdded = {
    ...ids,
    commentId: 'c1',
    userId: 'u1',
    message: 'Alice says the carafe is cracked, @Ann',
    mentions: ['u2'],
    correspondent: 'alice@example.com',
  };

  it("seals a comment's text under the email's sender; author and mentions (member ids) stay in clear", () => {
    expect(COMMENT_PERSONAL_FIELDS(comment)).toEqual([
      { teamId: 't1', address: 'alice@example.com', paths: ['correspondent', 'message'] },
    ]);
    // A comment recorded before comments were sealed names nobody.
    const { correspondent: _none, ...old } = comment;
    expect(COMMENT_PERSONAL_FIELDS(old)).toEqual([]);
  });

  it('seals nothing for a comment on an email whose sender was erased', () => {
    const registry = new PersonalDataRegistry();
    registry.declare('CommentAdded', COMMENT_PERSONAL_FIELDS);
    expect(registry.groupsOf('CommentAdded', { ...comment, correspondent: '[erased]' })).toEqual([]);
    expect(registry.groupsOf('CommentAdded', comment)).toHaveLength(1);
  });

  const draft: ReplyDraftSaved = {
    ...ids,
    draftId: 'd1',
    userId: 'u1',
    to: ['Bob Example <Bob@Example.com>', 'carol@example.com'],
    cc: ['dave@example.com'],
    bcc: ['eve@example.com'],
    subject: 'Re: Order',
    body: 'Dear Bob',
    htmlBody: '<p>Dear Bob</p>',
    isReplyToAll: false,
    correspondent: 'alice@example.com',
  };

  it('seals each recipient under that recipient and the texts under the first To recipient', () => {
    expect(REPLY_DRAFT_SAVED_PERSONAL_FIELDS(draft)).toEqual([
      { teamId: 't1', address: 'Bob@Example.com', paths: ['subject', 'body', 'htmlBody'] },
      { teamId: 't1', address: 'Bob@Example.com', paths: ['to.0'] },
      { teamId: 't1', address: 'carol@example.com', paths: ['to.1'] },
      { teamId: 't1', address: 'dave@example.com', paths: ['cc.0'] },
      { teamId: 't1', address: 'eve@example.com', paths: ['bcc.0'] },
      { teamId: 't1', address: 'alice@example.com', paths: ['correspondent'] },
    ]);
  });

  it("seals a draft without a To recipient under the email's sender", () => {
    expect(REPLY_DRAFT_SAVED_PERSONAL_FIELDS({ ...draft, to: ['  '], cc: [], bcc: [] })).toEqual([
      { teamId: 't1', address: 'alice@example.com', paths: ['subject', 'body', 'htmlBody'] },
      { teamId: 't1', address: '  ', paths: ['to.0'] },
      { teamId: 't1', address: 'alice@example.com', paths: ['correspondent'] },
    ]);
    const { correspondent: _none, ...old } = draft;
    expect(REPLY_DRAFT_SAVED_PERSONAL_FIELDS({ ...old, to: [], cc: [], bcc: [] })).toEqual([]);
  });

  it('reads the address of a typed recipient, or takes the entry as written', () => {
    expect(recipientAddress('Bob Example <bob@example.com>')).toBe('bob@example.com');
    expect(recipientAddress('bob@example.com')).toBe('bob@example.com');
    expect(recipientAddress('"Doe, John" <john@example.com>')).toBe('john@example.com');
    expect(recipientAddress('not an address')).toBe('not an address');
  });
});
