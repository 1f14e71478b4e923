import { DomainError } from '../../shared/domain-error';
import { deciderSpecification } from '../../shared/decider-specification';
import { emailReservationDecider, emailReservationStreamId, EMAIL_TAKEN_MESSAGE, userDecider } from './user.decider';

const isConflict = (error: unknown) =>
  error instanceof DomainError && error.kind === 'conflict' && error.message === EMAIL_TAKEN_MESSAGE;

describe('user decider', () => {
  const spec = deciderSpecification(userDecider);

  it('registers a new user with a lowercased email', () => {
    spec
      .given([])
      .when({ type: 'RegisterUser', data: { userId: 'u1', email: ' Alice@Example.COM ', passwordHash: 'h' } })
      .then([{ type: 'UserRegistered', data: { userId: 'u1', email: 'alice@example.com', passwordHash: 'h' } }]);
  });

  it('refuses to register the same user twice', () => {
    spec
      .given([{ type: 'UserRegistered', data: { userId: 'u1', email: 'alice@example.com', passwordHash: 'h' } }])
      .when({ type: 'RegisterUser', data: { userId: 'u1', email: 'alice@example.com', passwordHash: 'h' } })
      .thenThrows(isConflict);
  });
});

describe('email reservation decider', () => {
  const spec = deciderSpecification(emailReservationDecider);

  it('reserves a free address', () => {
    spec
      .given([])
      .when({ type: 'ReserveEmail', data: { userId: 'u1' } })
      .then([{ type: 'UserEmailReserved', data: { userId: 'u1' } }]);
  });

  it('refuses an address reserved by someone else', () => {
    spec
      .given([{ type: 'UserEmailReserved', data: { userId: 'u1' } }])
      .when({ type: 'ReserveEmail', data: { userId: 'u2' } })
      .thenThrows(isConflict);
  });

  it('is idempotent for the same user', () => {
    spec
      .given([{ type: 'UserEmailReserved', data: { userId: 'u1' } }])
      .when({ type: 'ReserveEmail', data: { userId: 'u1' } })
      .then([]);
  });

  it('names the stream by a hash of the lowercased address, not the address', () => {
    const id = emailReservationStreamId('Alice@Example.com');
    expect(id).toBe(emailReservationStreamId('alice@example.com'));
    expect(id).toMatch(/^user-email-[0-9a-f]{64}$/);
    expect(id).not.toContain('alice');
  });
});
