import { defineModuleManifest } from '../../platform/module-manifest/manifest';
import { ComposeEmailHandler } from './commands/compose-email/compose-email.handler';
import { ForwardEmailHandler } from './commands/forward-email/forward-email.handler';
import { RecordDeliveryHandler } from './commands/record-delivery/record-delivery.handler';
import { SendReplyHandler } from './commands/send-reply/send-reply.handler';
import { ReplyAddressesHandler } from './queries/reply-addresses/reply-addresses.handler';
import { EnqueueSendEmailHandler } from './reactions/enqueue-send-email.handler';

/** Sending replies, forwards and new conversations: what the module brings to the application (docs/ARCHITECTURE.md, "Module manifests"). */
export const OUTBOX_MANIFEST = defineModuleManifest({
  name: 'outbox',
  events: ['EmailComposed', 'ReplyQueued', 'ReplySent', 'ReplyFailed'],
  projections: [],
  reactions: [EnqueueSendEmailHandler],
  commandHandlers: [SendReplyHandler, ForwardEmailHandler, ComposeEmailHandler, RecordDeliveryHandler],
  queryHandlers: [ReplyAddressesHandler],
  pushes: [],
});
