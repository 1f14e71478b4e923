import type { EmailComposed } from '@teaminbox/contracts';
import { DomainError } from '../../../platform/event-sourcing/domain-error';
import { composeDecider } from './compose.decider';
import { outgoingFrom } from './reply.decider';

const teamId = '7c1f1d3e-5b1a-4c53-9d7e-0f6b2a9c1e01';
const emailId = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
const userId = '5a0e6c2d-8b3f-4d1e-9c7a-2f4b6d8e0a1c';
const settings = { fromName: 'Support', fromEmail: 'support@team.test' };

const message = outgoingFrom(settings, {
  replyId: emailId,
  emailId,
  teamId,
  to: ['customer@example.com'],
  cc: [],
  bcc: [],
  subject: 'Your order',
  text: 'Hello',
  html: '<p>Hello</p>',
  attachments: [],
  queuedBy: userId,
});
const composed: EmailComposed = {
  emailId,
  teamId,
  messageId: message.messageId,
  subject: 'Your order',
  fromName: 'Support',
  fromEmail: 'support@team.test',
  to: ['customer@example.com'],
  cc: [],
  text: 'Hello',
  html: '<p>Hello</p>',
  receivedAt: '2026-11-29T10:00:00.000Z',
  priority: 'MEDIUM',
  status: 'IN_PROGRESS',
  composedBy: userId,
  assignedTo: userId,
};

describe('composeDecider', () => {
  it('given a new stream, when composing, then the conversation begins and its message is queued with our Message-ID', () => {
    const events = composeDecider.decide({ type: 'ComposeEmail', composed, message }, composeDecider.initialState());

    expect(events.map((event) => event.type)).toEqual(['EmailComposed', 'ReplyQueued']);
    expect(events[1].data).toMatchObject({
      replyId: emailId,
      emailId,
      messageId: `<${emailId}@team.test>`,
      inReplyTo: null,
      references: [],
      from: { name: 'Support', email: 'support@team.test' },
      text: 'Hello',
      html: '<p>Hello</p>',
    });
    expect(composed.messageId).toBe(`<${emailId}@team.test>`);
  });

  it('given Bcc recipients, when composing, then both events keep them and the message is queued as composed', () => {
    const bcc = ['boss@customer.example'];
    const events = composeDecider.decide(
      { type: 'ComposeEmail', composed: { ...composed, bcc }, message: { ...message, bcc } },
      composeDecider.initialState(),
    );

    expect(events[0]).toEqual({ type: 'EmailComposed', data: expect.objectContaining({ bcc }) });
    expect(events[1]).toEqual({
      type: 'ReplyQueued',
      data: expect.objectContaining({ to: ['customer@example.com'], cc: [], bcc, kind: 'compose' }),
    });
  });

  it('given a begun stream, when composing again (a retried request), then nothing more is decided', () => {
    const state = composeDecider.evolve(composeDecider.initialState(), { type: 'EmailComposed', data: composed });

    expect(composeDecider.decide({ type: 'ComposeEmail', composed, message }, state)).toEqual([]);
  });

  it("given another team's stream, when composing on it, then it is not found", () => {
    const state = composeDecider.evolve(composeDecider.initialState(), {
      type: 'EmailComposed',
      data: { ...composed, teamId: '99999999-5b1a-4c53-9d7e-0f6b2a9c1e01' },
    });

    expect(() => composeDecider.decide({ type: 'ComposeEmail', composed, message }, state)).toThrow(DomainError);
  });
});
