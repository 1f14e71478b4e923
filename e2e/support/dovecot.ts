/**
 * A real Dovecot for the browser tests. The API's test helper has no test-runner dependency, so the
 * browser tests share it instead of keeping a second copy of the configuration.
 */
export { startDovecot, type TestDovecot } from '../../apps/api/test/mail/dovecot';
