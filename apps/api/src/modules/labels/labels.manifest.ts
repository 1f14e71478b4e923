import { defineModuleManifest, type PushName } from '../../platform/module-manifest/manifest';
import { DeleteLabelHandler } from './commands/delete-label/delete-label.handler';
import { InitializeLabelsHandler } from './commands/initialize-labels/initialize-labels.handler';
import { SaveLabelHandler } from './commands/save-label/save-label.handler';
import { EmailLabelProjection } from './projections/email-label/email-label.projection';
import { GetLabelHandler } from './queries/get-label/get-label.handler';
import { ListLabelsHandler } from './queries/list-labels/list-labels.handler';
import { PushLabelChangeHandler } from './reactions/push-label-change.handler';

/**
 * The socket pushes the module sends: its manifest's `pushes`. Its ModulePusher (`@InjectPusher()`) sends these and
 * no other.
 */
export const LABELS_PUSHES = ['team.label.changed'] as const satisfies readonly PushName[];

/** The team's email labels: what the module brings to the application (docs/ARCHITECTURE.md, "Module manifests"). */
export const LABELS_MANIFEST = defineModuleManifest({
  name: 'labels',
  events: ['LabelCreated', 'LabelUpdated', 'LabelDeleted'],
  projections: [EmailLabelProjection],
  reactions: [PushLabelChangeHandler],
  commandHandlers: [SaveLabelHandler, DeleteLabelHandler, InitializeLabelsHandler],
  queryHandlers: [ListLabelsHandler, GetLabelHandler],
  pushes: LABELS_PUSHES,
});
