/** What other modules may use of the outbox context. */
export { OutboxModule } from './outbox.module';
