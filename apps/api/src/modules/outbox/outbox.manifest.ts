import { defineModuleManifest } from '../../platform/module-manifest/manifest';
import { CancelScheduledSendHandler } from './commands/cancel-scheduled-send/cancel-scheduled-send.handler';
import { ComposeEmailHandler } from './commands/compose-email/compose-email.handler';
import { ForwardEmailHandler } from './commands/forward-email/forward-email.handler';
import { RecordDeliveryHandler } from './commands/record-delivery/record-delivery.handler';
import { SendReplyHandler } from './commands/send-reply/send-reply.handler';
import { ScheduledSendProjection } from './projections/scheduled-send/scheduled-send.projection';
import { ListScheduledSendsHandler } from './queries/list-scheduled-sends/list-scheduled-sends.handler';
import { ReplyAddressesHandler } from './queries/reply-addresses/reply-addresses.handler';
import { EnqueueSendEmailHandler } from './reactions/enqueue-send-email.handler';

/** Sending replies, forwards and new conversations: what the module brings to the application (docs/ARCHITECTURE.md, "Module manifests"). */
export const OUTBOX_MANIFEST = defineModuleManifest({
  name: 'outbox',
  events: ['EmailComposed', 'ReplyQueued', 'ReplySendingStarted', 'ReplySendCancelled', 'ReplySent', 'ReplyFailed'],
  projections: [ScheduledSendProjection],
  reactions: [EnqueueSendEmailHandler],
  commandHandlers: [
    SendReplyHandler,
    ForwardEmailHandler,
    ComposeEmailHandler,
    RecordDeliveryHandler,
    CancelScheduledSendHandler,
  ],
  queryHandlers: [ReplyAddressesHandler, ListScheduledSendsHandler],
  pushes: [],
});
