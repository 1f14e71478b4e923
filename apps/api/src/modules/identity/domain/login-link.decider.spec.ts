import { DomainError } from '../../../platform/event-sourcing/domain-error';
import { deciderSpecification } from '../../../../test/support/decider-specification';
import { LOGIN_LINK_EXPIRED_MESSAGE, loginLinkDecider, loginLinkStreamId } from './login-link.decider';

const spec = deciderSpecification(loginLinkDecider);
const expiresAt = new Date('2030-01-01T10:15:00.000Z');
const issued = {
  type: 'LoginLinkIssued',
  data: { userId: 'u1', tokenHash: 'abc', expiresAt: expiresAt.toISOString() },
} as const;
const used = { type: 'LoginLinkUsed', data: { userId: 'u1', tokenHash: 'abc' } } as const;
const use = (now: Date) => ({ type: 'UseLoginLink', data: { now } }) as const;
const isExpired = (error: unknown) =>
  error instanceof DomainError && error.kind === 'unauthorized' && error.message === LOGIN_LINK_EXPIRED_MESSAGE;

describe('login link decider', () => {
  it('issues a link once', () => {
    spec
      .given([])
      .when({ type: 'IssueLoginLink', data: { userId: 'u1', tokenHash: 'abc', expiresAt } })
      .then([issued]);
    spec
      .given([issued])
      .when({ type: 'IssueLoginLink', data: { userId: 'u1', tokenHash: 'abc', expiresAt } })
      .thenThrows((error) => error instanceof DomainError && error.kind === 'conflict');
  });

  it('is used once before it expires', () => {
    spec
      .given([issued])
      .when(use(new Date('2030-01-01T10:14:59.999Z')))
      .then([used]);
  });

  it('refuses an unknown, a used and an expired link alike', () => {
    spec
      .given([])
      .when(use(new Date('2030-01-01T10:00:00Z')))
      .thenThrows(isExpired);
    spec
      .given([issued, used])
      .when(use(new Date('2030-01-01T10:01:00Z')))
      .thenThrows(isExpired);
    spec.given([issued]).when(use(expiresAt)).thenThrows(isExpired);
  });

  it('names its stream by the token hash', () => {
    expect(loginLinkStreamId('abc')).toBe('login-link-abc');
  });
});
