/** What other modules may use of the outbox context. */
export { OutboxModule } from './outbox.module';
export { OUTBOX_MANIFEST } from './outbox.manifest';
