import type { LabelBackground, LabelColor } from '@teaminbox/contracts';
import type { Decider } from '../../../platform/event-sourcing/decider';
import { DomainError } from '../../../platform/event-sourcing/domain-error';
import type { DomainEvent } from '../../../platform/event-sourcing/domain-event';

export const labelsStreamId = (teamId: string) => `labels-${teamId}`;

export const LABEL_NOT_FOUND_MESSAGE = 'Label not found';
export const LABEL_EXISTS_MESSAGE = 'Label already exists';
export const DEFAULT_LABEL_UNDELETABLE_MESSAGE = 'Cannot delete default labels';

interface LabelFields {
  name: string;
  color: LabelColor;
  backgroundColor: LabelBackground;
}

export type LabelsCommand =
  | ({ type: 'CreateLabel'; teamId: string; labelId: string; isDefault: boolean } & LabelFields)
  | ({ type: 'UpdateLabel'; teamId: string; labelId: string } & LabelFields)
  | { type: 'DeleteLabel'; teamId: string; labelId: string }
  /** The default labels the team lacks (by name, whatever its case) are created, all in one append. */
  | { type: 'InitializeDefaultLabels'; teamId: string; labels: readonly ({ labelId: string } & LabelFields)[] };

export type LabelsEvent = DomainEvent<'LabelCreated' | 'LabelUpdated' | 'LabelDeleted'>;

export interface LabelsState {
  labels: ReadonlyMap<string, LabelFields & { isDefault: boolean }>;
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

const unchanged = (label: LabelFields, fields: LabelFields) =>
  label.name === fields.name.trim() && label.color === fields.color && label.backgroundColor === fields.backgroundColor;

/**
 * A team's labels (one stream per team, so another team's label is "not found"): names unique per team
 * (case-insensitive), default labels undeletable, an update that changes nothing appends nothing.
 */
export const labelsDecider: Decider<LabelsCommand, LabelsEvent, LabelsState> = {
  eventTypes: ['LabelCreated', 'LabelUpdated', 'LabelDeleted'],
  initialState: () => ({ labels: new Map() }),

  decide(command, state) {
    const clash = (name: string, except?: string) =>
      [...state.labels].some(([id, label]) => id !== except && sameName(label.name, name));
    switch (command.type) {
      case 'CreateLabel': {
        if (state.labels.has(command.labelId)) return [];
        if (clash(command.name)) throw new DomainError('conflict', LABEL_EXISTS_MESSAGE);
        const { type: _type, ...data } = command;
        return [{ type: 'LabelCreated', data: { ...data, name: command.name.trim() } }];
      }
      case 'UpdateLabel': {
        const label = state.labels.get(command.labelId);
        if (!label) throw new DomainError('not-found', LABEL_NOT_FOUND_MESSAGE);
        if (unchanged(label, command)) return [];
        if (clash(command.name, command.labelId)) throw new DomainError('conflict', LABEL_EXISTS_MESSAGE);
        const { type: _type, ...data } = command;
        return [{ type: 'LabelUpdated', data: { ...data, name: command.name.trim() } }];
      }
      case 'DeleteLabel': {
        const label = state.labels.get(command.labelId);
        if (!label) throw new DomainError('not-found', LABEL_NOT_FOUND_MESSAGE);
        if (label.isDefault) throw new DomainError('invalid', DEFAULT_LABEL_UNDELETABLE_MESSAGE);
        return [{ type: 'LabelDeleted', data: { teamId: command.teamId, labelId: command.labelId } }];
      }
      case 'InitializeDefaultLabels': {
        const names = [...state.labels.values()].map((label) => label.name);
        const missing = command.labels.filter(
          (label, index) =>
            !names.some((name) => sameName(name, label.name)) &&
            !command.labels.slice(0, index).some((earlier) => sameName(earlier.name, label.name)),
        );
        return missing.map((label) => ({
          type: 'LabelCreated' as const,
          data: { teamId: command.teamId, ...label, name: label.name.trim(), isDefault: true },
        }));
      }
    }
  },

  evolve(state, event) {
    const labels = new Map(state.labels);
    switch (event.type) {
      case 'LabelCreated': {
        const { name, color, backgroundColor, isDefault } = event.data;
        labels.set(event.data.labelId, { name, color, backgroundColor, isDefault });
        break;
      }
      case 'LabelUpdated': {
        const { name, color, backgroundColor } = event.data;
        const before = labels.get(event.data.labelId);
        labels.set(event.data.labelId, { name, color, backgroundColor, isDefault: before?.isDefault ?? false });
        break;
      }
      case 'LabelDeleted':
        labels.delete(event.data.labelId);
        break;
    }
    return { labels };
  },
};
