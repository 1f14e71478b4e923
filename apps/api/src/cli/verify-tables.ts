/**
 * What `npm run verify` does not compare, and why. Every other table of the live schema is taken for a read model:
 * it is rebuilt from the log and compared, so a new table is verified by default, and one that no projection writes
 * fails the verification until it is listed here with its reason.
 */
export const NOT_READ_MODELS: Readonly<Record<string, string>> = {
  events: 'the event store: the log the read models are rebuilt from',
  streams: 'the event store: the version of each stream',
  typeorm_migrations: 'the schema history',
  projection_checkpoints: "the runner's bookkeeping: each subscriber's position and when it moved (process time)",
  projection_parked_event:
    "the runner's dead letters (reported separately: a parked event is missing from its read model)",
  rule_engine_email:
    "the rules engine reaction's record of the emails it handled (handled_at is the reaction's time); reactions act " +
    'on the world and are never replayed',
  notification_rule:
    "the notifications process manager's view of the rules that suppress notifications, kept in its own transaction " +
    'with its checkpoint (and filled from the rules when its migration ran); reactions are never replayed',
  notification_held_email:
    "new-mail notifications the notifications process manager holds until the rules' evaluation: process state",
  mailbox_status: "the IMAP workers' connection state, written by ingestion, not derived from events",
  mailbox_folder_state: "the IMAP workers' position in each folder (UIDVALIDITY, last UID), written by ingestion",
  mail_message_key: "ingestion's de-duplication keys of fetched messages, written beside the append",
  raw_message: 'raw message sources kept by ingestion beside the events (content, not a read model)',
  attachment: "attachments' content kept by ingestion beside the events (the events carry their metadata)",
  outbox_attachment: "queued replies' attachment content, kept by the outbox beside the events",
  mail_oauth_state: 'pending OAuth2 authorisations of a mailbox: short-lived, process state',
  user_credential: "the accounts' password hashes, kept apart from the log (the events only say a password changed)",
  personal_data_key:
    "the data subjects' keys (crypto-shredding): secrets kept beside the log, deleted by an erasure, not derived from it",
  personal_data_key_event:
    'which events hold fields sealed with which key, written by each append so that an erasure finds them without a ' +
    'scan; its rows of a key are deleted once the erasure is done',
  personal_data_index_backfill: 'how far the log written before that index existed has been indexed (one row)',
  personal_data_erasure:
    'the erasures under way and done: the keys deleted and how far the rewrite went (process state)',
  profile_photo_content: "profile photos' bytes kept by the upload beside the events (the events name the photo)",
  socket_io_attachments: "socket.io's Postgres adapter: large pushes in transit between the replicas, kept 30 s",
  rate_limit: 'rate-limit counters shared by the replicas: fixed windows of request counts, not derived from events',
  email_presence: 'who is viewing which email now: ephemeral, expires after 60 s, never an event',
  notification_email_window:
    "the email worker's counts of notification emails per recipient and team and hour (the caps), not derived from events",
  notification_email_digest:
    'notifications past an hourly cap waiting for their digest email: delivery state, deleted once the digest is sent',
};

/**
 * Columns a projection sets from the moment it runs rather than from the event (`table.column`): none today; a
 * replay could never reproduce them, so they would have to be listed here with the reason.
 */
export const TIME_OF_PROJECTION_COLUMNS: Readonly<Record<string, string>> = {};

/**
 * Tables compared only on the rows where a condition holds, and why the other rows mean nothing.
 */
export const COMPARED_ROWS: Readonly<Record<string, { where: string; reason: string }>> = {
  inbox_email_count: {
    where: 'n <> 0',
    reason:
      'a counter row at 0 counts nothing, and whether one is left depends on how the events were batched (a batch ' +
      'that adds and removes an email nets out, two batches leave a row at 0); the inbox reads sums, where 0 adds nothing',
  },
};
