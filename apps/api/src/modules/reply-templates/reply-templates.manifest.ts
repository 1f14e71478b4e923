import { defineModuleManifest, type PushName } from '../../platform/module-manifest/manifest';
import { DeleteReplyTemplateHandler } from './commands/delete-reply-template/delete-reply-template.handler';
import { SaveReplyTemplateHandler } from './commands/save-reply-template/save-reply-template.handler';
import { ReplyTemplateProjection } from './projections/reply-template/reply-template.projection';
import { GetReplyTemplateHandler } from './queries/get-reply-template/get-reply-template.handler';
import { ListReplyTemplatesHandler } from './queries/list-reply-templates/list-reply-templates.handler';
import { PushTemplateChangeHandler } from './reactions/push-template-change.handler';

/**
 * The socket pushes the module sends: its manifest's `pushes`. Its ModulePusher (`@InjectPusher()`) sends these and
 * no other.
 */
export const REPLY_TEMPLATES_PUSHES = ['team.reply-template.changed'] as const satisfies readonly PushName[];

/** The team's reply templates: what the module brings to the application (docs/ARCHITECTURE.md, "Module manifests"). */
export const REPLY_TEMPLATES_MANIFEST = defineModuleManifest({
  name: 'reply-templates',
  events: ['ReplyTemplateCreated', 'ReplyTemplateUpdated', 'ReplyTemplateDeleted'],
  projections: [ReplyTemplateProjection],
  reactions: [PushTemplateChangeHandler],
  commandHandlers: [SaveReplyTemplateHandler, DeleteReplyTemplateHandler],
  queryHandlers: [ListReplyTemplatesHandler, GetReplyTemplateHandler],
  pushes: REPLY_TEMPLATES_PUSHES,
});
