/**
 * The conversations' light entry: what other modules may use of conversations without loading its Nest module
 * graph (no Nest, no TypeORM): plain functions and types, e.g. for mail's parser worker threads, which sanitise an
 * email's HTML as they parse it. Everything else is used through the entry (index.ts).
 */
export { type PreparedEmailHtml, sanitizeEmailHtml } from './domain/email-html';
