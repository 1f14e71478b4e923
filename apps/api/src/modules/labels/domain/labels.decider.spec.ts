import { DomainError } from '../../../platform/event-sourcing/domain-error';
import { deciderSpecification } from '../../../../test/support/decider-specification';
import {
  DEFAULT_LABEL_UNDELETABLE_MESSAGE,
  LABEL_EXISTS_MESSAGE,
  LABEL_NOT_FOUND_MESSAGE,
  labelsDecider,
  type LabelsEvent,
} from './labels.decider';

const spec = deciderSpecification(labelsDecider);
const teamId = 'team-1';
const errorOf = (kind: DomainError['kind'], message: string) => (error: unknown) =>
  error instanceof DomainError && error.kind === kind && error.message === message;

const vip = { teamId, labelId: 'l-1', name: 'VIP', color: 'danger', backgroundColor: 'solid' } as const;
const vipCreated: LabelsEvent = { type: 'LabelCreated', data: { ...vip, isDefault: false } };
const important = { teamId, labelId: 'l-2', name: 'Important', color: 'danger', backgroundColor: 'solid' } as const;
const importantCreated: LabelsEvent = { type: 'LabelCreated', data: { ...important, isDefault: true } };

describe('labels decider', () => {
  it('creates a label with its name trimmed', () => {
    spec
      .given([])
      .when({ type: 'CreateLabel', ...vip, name: '  VIP ', isDefault: false })
      .then([vipCreated]);
  });

  it('creates once: the same label id again appends nothing', () => {
    spec
      .given([vipCreated])
      .when({ type: 'CreateLabel', ...vip, isDefault: false })
      .then([]);
  });

  it('refuses a second label of the same name, whatever its case', () => {
    spec
      .given([vipCreated])
      .when({ type: 'CreateLabel', ...vip, labelId: 'l-9', name: ' vip', isDefault: false })
      .thenThrows(errorOf('conflict', LABEL_EXISTS_MESSAGE));
  });

  it('updates a label, and an update that changes nothing appends nothing', () => {
    spec
      .given([vipCreated])
      .when({ type: 'UpdateLabel', ...vip, name: 'V.I.P. ', backgroundColor: 'light' })
      .then([{ type: 'LabelUpdated', data: { ...vip, name: 'V.I.P.', backgroundColor: 'light' } }]);
    spec
      .given([vipCreated])
      .when({ type: 'UpdateLabel', ...vip, name: ' VIP' })
      .then([]);
    const renamed: LabelsEvent = { type: 'LabelUpdated', data: { ...vip, name: 'V.I.P.' } };
    spec
      .given([vipCreated, renamed])
      .when({ type: 'UpdateLabel', ...vip, name: 'V.I.P.' })
      .then([]);
  });

  it('may rename a label to its own name in another case, not to another label’s name', () => {
    spec
      .given([vipCreated])
      .when({ type: 'UpdateLabel', ...vip, name: 'vip' })
      .then([{ type: 'LabelUpdated', data: { ...vip, name: 'vip' } }]);
    spec
      .given([vipCreated, importantCreated])
      .when({ type: 'UpdateLabel', ...vip, name: 'IMPORTANT' })
      .thenThrows(errorOf('conflict', LABEL_EXISTS_MESSAGE));
  });

  it('answers "not found" for a label the team does not have (another team’s labels are in another stream)', () => {
    spec
      .given([])
      .when({ type: 'UpdateLabel', ...vip })
      .thenThrows(errorOf('not-found', LABEL_NOT_FOUND_MESSAGE));
    spec
      .given([vipCreated, { type: 'LabelDeleted', data: { teamId, labelId: vip.labelId } }])
      .when({ type: 'DeleteLabel', teamId, labelId: vip.labelId })
      .thenThrows(errorOf('not-found', LABEL_NOT_FOUND_MESSAGE));
  });

  it('deletes a label of the team, never a default one', () => {
    spec
      .given([vipCreated])
      .when({ type: 'DeleteLabel', teamId, labelId: vip.labelId })
      .then([{ type: 'LabelDeleted', data: { teamId, labelId: vip.labelId } }]);
    spec
      .given([importantCreated])
      .when({ type: 'DeleteLabel', teamId, labelId: important.labelId })
      .thenThrows(errorOf('invalid', DEFAULT_LABEL_UNDELETABLE_MESSAGE));
  });

  it('a default label keeps being a default label after an update', () => {
    const updated: LabelsEvent = { type: 'LabelUpdated', data: { ...important, color: 'warning' } };
    spec
      .given([importantCreated, updated])
      .when({ type: 'DeleteLabel', teamId, labelId: important.labelId })
      .thenThrows(errorOf('invalid', DEFAULT_LABEL_UNDELETABLE_MESSAGE));
  });

  it('initializes the default labels the team lacks (by name, whatever its case), in one decision', () => {
    const defaults = [
      { labelId: 'd-1', name: 'Important', color: 'danger', backgroundColor: 'solid' },
      { labelId: 'd-2', name: 'Urgent', color: 'warning', backgroundColor: 'solid' },
      { labelId: 'd-3', name: 'urgent', color: 'warning', backgroundColor: 'solid' },
      { labelId: 'd-4', name: 'VIP', color: 'info', backgroundColor: 'light' },
    ] as const;
    spec
      .given([{ type: 'LabelCreated', data: { ...vip, name: 'vip', isDefault: false } }])
      .when({ type: 'InitializeDefaultLabels', teamId, labels: defaults })
      .then([
        { type: 'LabelCreated', data: { teamId, ...defaults[0], isDefault: true } },
        { type: 'LabelCreated', data: { teamId, ...defaults[1], isDefault: true } },
      ]);
    const created = defaults
      .slice(0, 2)
      .map((label): LabelsEvent => ({ type: 'LabelCreated', data: { teamId, ...label, isDefault: true } }));
    spec
      .given([vipCreated, ...created])
      .when({ type: 'InitializeDefaultLabels', teamId, labels: defaults })
      .then([]);
  });
});
