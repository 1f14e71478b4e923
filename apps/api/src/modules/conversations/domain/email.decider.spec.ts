import type { EmailReceived } from '@teaminbox/contracts';
import { deciderSpecification } from '../../shared/decider-specification';
import { emailDecider } from './email.decider';

const received: EmailReceived = {
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
};

describe('email decider', () => {
  const spec = deciderSpecification(emailDecider);

  it('records a received email', () => {
    spec
      .given([])
      .when({ type: 'ReceiveEmail', data: received })
      .then([{ type: 'EmailReceived', data: received }]);
  });

  it('ignores the same email received twice', () => {
    spec
      .given([{ type: 'EmailReceived', data: received }])
      .when({ type: 'ReceiveEmail', data: received })
      .then([]);
  });
});
